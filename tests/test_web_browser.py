"""The web example (examples/web/) played in headless Chromium.

Marked ``browser`` and so left out of the default run; ``pytest -m browser``
runs it. It needs Chromium (``/usr/bin/chromium``, or the path in
``PATIENCE_CHROMIUM``), the Python package playwright (``pip install -e
".[browser]"``; it drives that Chromium and downloads no browser of its own)
and the page built (``npm ci`` and ``./build.sh`` in examples/web). When any
of them is missing the test skips, saying which, unless
``PATIENCE_REQUIRE_BROWSER=1``: then it fails, as it does in CI.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import os
import shutil
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "examples" / "web"
# Chromium as this machine's closed network needs it: no calls home.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY = 120_000  # ms: starting Pyodide compiles the interpreter first


def missing() -> str | None:
    """What the test needs and does not find, or ``None``."""
    if importlib.util.find_spec("playwright") is None:
        return 'the playwright package is not installed (pip install -e ".[browser]")'
    if not Path(chromium()).is_file():
        return f"no Chromium at {chromium()} (apt-get install chromium, or set PATIENCE_CHROMIUM)"
    if not (WEB / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return "Pyodide is not installed: run `npm ci` in examples/web"
    listed = WEB / "wheels" / "wheels.json"
    if not listed.is_file():
        return "the wheels are not built: run examples/web/build.sh"
    ours = [WEB / "wheels" / n for n in json.loads(listed.read_text()) if n.startswith("patience")]
    if len(ours) != 1 or not ours[0].is_file():
        return "the wheels are not built: run examples/web/build.sh"
    with zipfile.ZipFile(ours[0]) as wheel:
        for source in (ROOT / "src" / "patience").rglob("*.py"):
            name = source.relative_to(ROOT / "src").as_posix()
            if name not in wheel.namelist() or wheel.read(name) != source.read_bytes():
                return f"{ours[0].name} is older than src/ ({name}): run examples/web/build.sh"
    return None


def chromium() -> str:
    return os.environ.get("PATIENCE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """examples/web/ served on localhost, as ``python -m http.server`` serves it."""
    problem = missing()
    if problem:
        if os.environ.get("PATIENCE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"PATIENCE_REQUIRE_BROWSER=1, but {problem}")
        pytest.skip(problem)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(WEB))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
def page(site: str) -> Iterator[Any]:
    """A page in headless Chromium with a new profile: nothing saved yet."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            yield browser.new_page(viewport={"width": 900, "height": 1000})
        finally:
            browser.close()


def load(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready", timeout=READY)
    ready = page.get_attribute("body", "data-ready")
    assert ready == "yes", page.text_content("#status")


def count(page: Any, pile: str) -> int:
    """How many cards ``pile`` holds, as the picture says."""
    return int(page.get_attribute(f"#pile-{pile}", "data-count"))


def test_klondike_is_played_by_clicking_piles(site: str, page: Any) -> None:
    from playwright.sync_api import expect

    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    status, message, moves = (
        page.locator("#status"),
        page.locator("#message"),
        page.locator("#moves"),
    )
    load(page, site)
    page.fill("#seed", "1")
    page.click("#new")
    expect(status).to_contain_text("Seed 1 · 0 moves · in progress")

    # One click on the stock draws three cards; undo takes them back, redo again.
    page.click("#pile-stock")
    expect(status).to_contain_text("Seed 1 · 1 move ·")
    expect(moves).to_have_text("1. draw stock")
    assert (count(page, "stock"), count(page, "waste")) == (21, 3)
    page.click("#undo")
    expect(status).to_contain_text("Seed 1 · 0 moves ·")
    assert (count(page, "stock"), count(page, "waste")) == (24, 0)
    assert page.is_disabled("#undo") and page.is_enabled("#redo")
    page.click("#redo")
    expect(status).to_contain_text("1 move")
    page.click("#undo")
    expect(status).to_contain_text("0 moves")

    # A card move: the 7♦ of pile 1 onto the 8♠ of pile 7. Picked up, it is
    # highlighted; a click on a pile it cannot go to is refused with the reason.
    seven = '#pile-t1 .card[data-index="0"]'
    page.click(seven)
    expect(message).to_have_text("Picked up 7♦: click where it goes (Pile 7).")
    expect(page.locator(f"{seven}.picked")).to_have_count(1)
    page.click("#pile-t3 > rect.area")  # beside its cards
    expect(message).to_have_text(
        "Refused: t1-t3: 7♦ does not go on 2♦: build down in alternating colours."
    )
    expect(page.locator(".picked")).to_have_count(0)
    page.click("#pile-t1 > rect.area")  # beside the card: the top card
    expect(page.locator(f"{seven}.picked")).to_have_count(1)
    page.click('#pile-t7 .card[data-index="6"]')
    expect(message).to_have_text("t1-t7: 7♦ to Pile 7.")
    expect(moves).to_have_text("1. t1-t7")
    assert (count(page, "t1"), count(page, "t7")) == (0, 8)
    assert page.get_attribute('#pile-t7 .card[data-index="7"]', "data-card") == "7D"

    # A hint is a move, highlighted on the table.
    page.click("#hint")
    expect(message).to_contain_text("Hint: ")
    expect(page.locator("#table .pile.source, #table .picked")).not_to_have_count(0)

    # The game is saved in the page's storage: it is still there after a reload.
    load(page, site)
    expect(status).to_contain_text("Seed 1 · 1 move ·")
    expect(moves).to_have_text("1. t1-t7")

    # Everything came from the local server, and nothing went wrong.
    assert errors == []
    assert all(url.startswith((site, "data:")) for url in requests), requests
    assert any(url.endswith(".whl") for url in requests)


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, start: str, end: str, *, during: Any = None) -> None:
    """Press on ``start``, move in steps to ``end`` and let go there; ``during``
    is called before letting go, with the cards still held."""
    (x0, y0), (x1, y1) = centre(page, start), centre(page, end)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10, steps=3)
    page.mouse.move(x1, y1, steps=8)
    if during is not None:
        during()
    page.mouse.up()


def test_cards_are_dragged_onto_their_targets_which_are_shown(site: str, page: Any) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    message, moves = page.locator("#message"), page.locator("#moves")
    load(page, site)
    page.evaluate("localStorage.clear()")
    page.fill("#seed", "1")
    page.click("#new")
    expect(page.locator("#status")).to_contain_text("Seed 1 · 0 moves")
    seven = '#pile-t1 .card[data-index="0"]'

    def held() -> None:
        # While the 7♦ is held: it is marked and follows the pointer, and the
        # one pile it may go to (the library's targets) is marked on the table.
        targets = page.locator("#table .pile.target")
        expect(targets).to_have_count(1)
        assert targets.get_attribute("data-pile") == "t7"
        assert page.get_attribute("#table", "data-targets") == "t7"
        card = page.locator(f"{seven}.picked")
        expect(card).to_have_count(1)
        assert (card.get_attribute("transform") or "").startswith("translate(")
        pile = page.locator("#pile-t7 .mark")
        expect(pile).not_to_have_count(0)

    # Dropped on a pile that does not take it: the game's reason, no move.
    drag(page, seven, "#pile-t3 > rect.area", during=held)
    expect(message).to_have_text(
        "Refused: t1-t3: 7♦ does not go on 2♦: build down in alternating colours."
    )
    expect(page.locator("#table .picked, #table .pile.target")).to_have_count(0)
    expect(moves).to_have_text("")
    # Dropped off the table: put back.
    drag(page, seven, "#status")
    expect(message).to_have_text("Put back.")
    # Dropped on its target: the move, as the library makes it.
    drag(page, seven, '#pile-t7 .card[data-index="6"]', during=held)
    expect(message).to_have_text("t1-t7: 7♦ to Pile 7.")
    expect(moves).to_have_text("1. t1-t7")
    assert (count(page, "t1"), count(page, "t7")) == (0, 8)
    # A drag from the stock draws nothing; a click on it still draws.
    drag(page, "#pile-stock > rect.area", "#pile-t4 > rect.area")
    expect(moves).to_have_text("1. t1-t7")
    page.click("#pile-stock")
    expect(moves).to_have_text("1. t1-t7  2. draw stock")
    assert errors == []
