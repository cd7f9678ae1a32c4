"""The web example (examples/web/) played in headless Chromium.

Marked ``browser`` and so left out of the default run; ``pytest -m browser``
runs it. It needs Chromium (``/usr/bin/chromium``, or the path in
``PATIENCE_CHROMIUM``), the Python package playwright (``pip install -e
".[browser]"``; it drives that Chromium and downloads no browser of its own)
and the page built (``npm ci`` and ``./build.sh`` in examples/web). When any
of them is missing the test skips, saying which, unless
``PATIENCE_REQUIRE_BROWSER=1``: then it fails, as it does in CI.

The page is loaded once and every registered game is picked in turn. Each
game is played by clicks and by drags on the page and, side by side, by the
same clicks on ``app.py`` in CPython, which says what the page must show.
A layout test then draws every game in a column of 704 px and checks the
cards' sizes, their text and a screenshot. With ``PATIENCE_SCREENSHOTS`` set
to a folder, the screenshots and the sizes measured are kept there.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import os
import shutil
import struct
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import patience

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "examples" / "web"
NAMES = patience.games()
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
WIDE = {"width": 1280, "height": 1400}
"""The window the games are played in: every picture fits it whole."""
NARROW = {"width": 736, "height": 900}
"""A window whose page column is 704 px wide (44rem, 1rem of padding each side)."""
CARD_PX = 48
"""The narrowest card the layout test allows, in pixels."""
CORNER_PX = 11
"""The smallest corner text (rank and suit) it allows, in pixels."""


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


class Browser:
    """The page in headless Chromium, loaded once, with what it asked the
    server for and any errors it raised."""

    def __init__(self, page: Any, site: str) -> None:
        self.page, self.site = page, site
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.load()

    def load(self) -> None:
        self.page.goto(self.site)
        self.page.wait_for_function("document.body.dataset.ready", timeout=READY)
        ready = self.page.get_attribute("body", "data-ready")
        assert ready == "yes", self.page.text_content("#status")


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Browser]:
    """One page for the whole module, in a new profile: nothing saved yet."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chrome = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            yield Browser(chrome.new_page(viewport=WIDE), site)
        finally:
            chrome.close()


@pytest.fixture(scope="module")
def app() -> ModuleType:
    """app.py in CPython: the page's Python half, to say what the page must show."""
    spec = importlib.util.spec_from_file_location("web_app_in_cpython", WEB / "app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------ gestures

Gesture = tuple[Any, ...]
"""``("click", pile, index)``, ``("drag", pile, index, target, target_index)``
or ``("button", notation)``; an index ``None`` is a pile's outline."""


def top(table: Any, pile: str) -> int | None:
    size = len(table.session.state.piles[pile])
    return size - 1 if size else None


def an_action(table: Any) -> Gesture | None:
    """A click that makes a move by itself (a draw, a deal, a turn, a pull)."""
    game, state = table.game, table.session.state
    for pile, index in game.pickable(state):
        at = top(table, pile) if index is None else index
        if game.click(state, pile, at).move is not None:
            return ("click", pile, at)
    return None


def a_card_move(table: Any, *, drag: bool) -> tuple[Gesture, ...]:
    """The gestures of a card move: a drag, or a click on the card and one on
    its target; none when no card can move."""
    game, state = table.game, table.session.state
    for pile, index in game.pickable(state):
        if index is None:
            continue
        picked = game.grab(state, pile, index) if drag else game.click(state, pile, index)
        if picked.held is None:
            continue
        target = picked.targets[0]
        if drag:
            return (("drag", pile, index, target, top(table, target)),)
        return (("click", pile, index), ("click", target, top(table, target)))
    return ()


def run(table: Any, gesture: Gesture) -> None:
    """``gesture`` made on ``table`` (app.py in CPython), as the page makes it."""
    if gesture[0] == "click":
        table.click(gesture[1], gesture[2])
    elif gesture[0] == "drag":
        assert table.grab(gesture[1], gesture[2])
        table.drop(gesture[3])
    else:
        table.play(gesture[1])


def deal(app: ModuleType, name: str, seed: int) -> Any:
    table = app.Table.restore(None)
    assert table.new_deal(str(seed), name, "")
    return table


def plan(app: ModuleType, name: str) -> tuple[int, list[Gesture], bool]:
    """A seed of the game, what to do on the page, and whether that drags: a
    move by a click where one acts, a card move by two clicks, one by a drag
    (after a few more clicks where none can be dragged yet) and, in a game of
    several players, more clicks until a move that starts at no place has its
    button, then that button. The first seed of a few that does it all; in a
    game where nothing is ever dragged, a few clicks."""
    chosen: tuple[int, list[Gesture], bool] | None = None
    for seed in range(1, 9):
        table, gestures = deal(app, name, seed), []
        action = an_action(table)
        if action:
            make(table, gestures, action)
        make(table, gestures, *a_card_move(table, drag=False))
        dragged = False
        for _ in range(12):
            if table.session.is_over():
                break
            drag = a_card_move(table, drag=True)
            if drag:
                make(table, gestures, *drag)
                dragged = True
                break
            action = an_action(table)
            if action is None:
                break
            make(table, gestures, action)
        if not dragged:
            del gestures[4:]
        pressed, before = table.game.players == 1, len(gestures)
        for _ in range(0 if pressed else 30):
            if table.session.is_over():
                break
            if table.unplaced():
                make(table, gestures, ("button", table.unplaced()[0]))
                pressed = True
                break
            action = an_action(table)
            clicks = (action,) if action else a_card_move(table, drag=False)
            if not clicks:
                break
            make(table, gestures, *clicks)
        if not pressed:
            del gestures[before:]
        assert gestures, f"{name} seed {seed}: nothing to click"
        if chosen is None:
            chosen = (seed, gestures, dragged)
        if (dragged or only_actions(name)) and pressed:
            return (seed, gestures, dragged)
    return chosen


def make(table: Any, gestures: list[Gesture], *made: Gesture) -> None:
    for gesture in made:
        run(table, gesture)
        gestures.append(gesture)


FIND = """
([pile, index, scroll]) => {
  // A point of the viewport where the page sees the card at index of pile
  // (or, with index null, the pile's outline): the centre, or else a part
  // the cards lying on it leave uncovered.
  const group = document.getElementById(`pile-${pile}`);
  const element = index === null
    ? group.querySelector("rect.area")
    : group.querySelector(`.card[data-index="${index}"]`);
  if (scroll) element.scrollIntoView({block: "center", inline: "center"});
  const box = element.getBoundingClientRect();
  for (const fy of [0.5, 0.12, 0.3, 0.7, 0.88, 0.05, 0.95]) {
    for (const fx of [0.5, 0.15, 0.85, 0.3, 0.7, 0.05, 0.95]) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (!hit) continue;
      const onPile = hit.closest(".pile"), onCard = hit.closest(".card");
      if (!onPile || onPile.dataset.pile !== pile) continue;
      if (index === null ? !onCard : onCard && Number(onCard.dataset.index) === index) {
        return [x, y];
      }
    }
  }
  return null;
}
"""


def point(page: Any, pile: str, index: int | None, *, scroll: bool) -> tuple[float, float]:
    found = page.evaluate(FIND, [pile, index, scroll])
    assert found is not None, f"no visible point of {pile}:{index}"
    return found[0], found[1]


def held_marks(page: Any) -> tuple[set[str], list[str]]:
    """The piles marked as targets, and the transforms of the cards held."""
    targets = page.eval_on_selector_all(
        "#table .pile.target", "piles => piles.map(p => p.dataset.pile)"
    )
    moved = page.eval_on_selector_all(
        "#table .card.picked", "cards => cards.map(c => c.getAttribute('transform') || '')"
    )
    return set(targets), moved


def perform(page: Any, gesture: Gesture, table: Any) -> None:
    """``gesture`` made on the page with the mouse (or the button clicked),
    and on ``table`` in CPython; while a drag holds cards, the piles marked are
    the game's drop targets and the cards follow the pointer."""
    if gesture[0] == "click":
        x, y = point(page, gesture[1], gesture[2], scroll=True)
        page.mouse.click(x, y)
        table.click(gesture[1], gesture[2])
    elif gesture[0] == "drag":
        _, pile, index, target, at = gesture
        page.evaluate("document.getElementById('table').scrollIntoView({block: 'start'})")
        (x0, y0), (x1, y1) = (
            point(page, pile, index, scroll=False),
            point(page, target, at, scroll=False),
        )
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x0 + 8, y0 + 8, steps=2)
        page.mouse.move(x1, y1, steps=6)
        assert table.grab(pile, index)
        marked, moved = held_marks(page)
        assert (
            marked
            == set(table.targets)
            == set(table.game.drop_targets(table.session.state, pile, index))
        )
        assert moved and all(t.startswith("translate(") for t in moved)
        page.mouse.up()
        table.drop(target)
    else:
        page.click(f'#buttons button[data-move="{gesture[1]}"]')
        table.play(gesture[1])


def matches(page: Any, table: Any) -> None:
    """The page shows what app.py in CPython says after the same gestures."""
    from playwright.sync_api import expect

    shown = json.loads(table.view())
    moves = "  ".join(f"{i + 1}. {move}" for i, move in enumerate(shown["moves"]))
    expect(page.locator("#moves")).to_have_text(moves)
    expect(page.locator("#message")).to_have_text(shown["message"])
    expect(page.locator("#status")).to_have_text(shown["status"])
    expect(page.locator("#prompt")).to_have_text(shown["prompt"])
    buttons = page.eval_on_selector_all("#buttons button", "bs => bs.map(b => b.dataset.move)")
    assert buttons == shown["buttons"]


def pick(page: Any, name: str, seed: int) -> None:
    """Pick ``name`` in the picker, then deal ``seed`` of it."""
    from playwright.sync_api import expect

    page.select_option("#game", name)
    page.wait_for_function(f"document.body.dataset.game === {json.dumps(name)}")
    page.fill("#seed", str(seed))
    page.click("#new")
    expect(page.locator("#status")).to_contain_text(f"Seed {seed} · 0 moves ·")


# --------------------------------------------------------------- tests


def test_every_game_is_played_by_clicks_and_drags(browser: Browser, app: ModuleType) -> None:
    from playwright.sync_api import expect

    page = browser.page
    page.set_viewport_size(WIDE)
    made: dict[str, set[str]] = {}
    for name in NAMES:
        seed, gestures, dragged = plan(app, name)
        pick(page, name, seed)
        game = patience.game(name)
        expect(page.locator("#title")).to_have_text(game.title)
        assert page.title().startswith(game.title)
        table = deal(app, name, seed)
        matches(page, table)
        kinds = made.setdefault(name, set())
        for gesture in gestures:
            before = len(table.session.history)
            perform(page, gesture, table)
            matches(page, table)
            if len(table.session.history) > before:
                kinds.add(gesture[0])
        # Played by a click, and by a drag wherever the game has a card to
        # drag: not in games whose every move is an action (a pull, a turn).
        assert "click" in kinds, name
        assert "drag" in kinds or not dragged, name
        if not dragged:
            assert only_actions(name), name
        # The picture fits the page: no sideways scrolling in a wide window.
        assert page.evaluate(
            "(() => { const t = document.getElementById('table');"
            " return t.scrollWidth <= t.clientWidth; })()"
        ), name
    # The games of several players pass the turn by a button.
    assert "button" in made["double-solitaire"]
    assert browser.errors == []


def only_actions(name: str) -> bool:
    """Whether the first moves of a few deals of ``name`` are all actions,
    which need no drag (a pull, a turn)."""
    game = patience.game(name)
    for seed in range(1, 4):
        state = game.deal(seed)
        for _ in range(30):
            if game.is_over(state):
                break
            moves = game.legal_moves(state)
            if any(m.target is not None for m in moves):
                return False
            state = game.apply(state, moves[0])
    return True


MEASURE = """
() => {
  const area = document.getElementById("table");
  const svg = area.querySelector("svg");
  const frame = svg.getBoundingClientRect();
  const scale = svg.getScreenCTM().a;
  const cards = [...svg.querySelectorAll(".card")].map(card => {
    const face = card.querySelector("rect.face, rect.back").getBoundingClientRect();
    const inside = [...card.querySelectorAll("text")].every(text => {
      const box = text.getBoundingClientRect();
      return box.left >= face.left - 1 && box.right <= face.right + 1
        && box.top >= face.top - 1 && box.bottom <= face.bottom + 1;
    });
    return {width: face.width, inside};
  });
  const corners = [...svg.querySelectorAll(".card text.index")].map(
    text => {
      const m = text.getScreenCTM();  // a rotated corner turns the matrix, not its scale
      return Number(text.getAttribute("font-size")) * Math.hypot(m.a, m.b);
    });
  const strays = [...svg.querySelectorAll("text")].filter(text => {
    const box = text.getBoundingClientRect();
    return box.width > 0 && (box.left < frame.left - 1 || box.right > frame.right + 1
      || box.top < frame.top - 1 || box.bottom > frame.bottom + 1);
  }).map(text => text.textContent);
  return {
    picture: svg.viewBox.baseVal.width,
    shown: frame.width,
    scale,
    column: area.clientWidth,
    scrolls: area.scrollWidth > area.clientWidth,
    overflow: getComputedStyle(area).overflowX,
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    card: Math.min(...cards.map(c => c.width)),
    corner: corners.length ? Math.min(...corners) : null,
    textInCards: cards.every(c => c.inside),
    strays,
  };
}
"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_every_game_fits_a_704_px_column(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    page = browser.page
    page.set_viewport_size(NARROW)
    kept = os.environ.get("PATIENCE_SCREENSHOTS")
    folder = Path(kept) if kept else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name in NAMES:
        pick(page, name, 1)
        m = page.evaluate(MEASURE)
        if m["corner"] is None:  # no card face up yet: one action shows some
            game = patience.game(name)
            state = game.deal(1)
            where = game.pick_up(state, game.legal_moves(state)[0])
            assert where is not None
            size = len(state.piles[where[0]])
            page.mouse.click(*point(page, where[0], size - 1 if size else None, scroll=True))
            m = page.evaluate(MEASURE)
            assert m["corner"] is not None, name
        sizes[name] = m
        assert m["column"] == 704, m
        # The page never scrolls sideways: a picture wider than the column
        # scrolls inside its own frame.
        assert m["page"] <= m["window"], (name, m)
        assert m["shown"] <= m["column"] + 0.5 or (m["scrolls"] and m["overflow"] == "auto"), (
            name,
            m,
        )
        # Readable cards: wide enough, with corner text large enough, and
        # no text outside its card or the picture.
        assert m["card"] >= CARD_PX, (name, m)
        assert m["corner"] is None or m["corner"] >= CORNER_PX, (name, m)
        assert m["textInCards"] and m["strays"] == [], (name, m)
        shot = page.locator("#table").screenshot(path=str(folder / f"{name}.png"))
        width, height = png_size(shot)
        assert width == m["column"] and height > 100, (name, width, height)
    (folder / "sizes.json").write_text(json.dumps(sizes, indent=1) + "\n")
    assert browser.errors == []


def test_options_refusals_hints_undo_and_the_saved_game(browser: Browser) -> None:
    from playwright.sync_api import expect

    page, site = browser.page, browser.site
    page.set_viewport_size(WIDE)
    status, message, moves = (
        page.locator("#status"),
        page.locator("#message"),
        page.locator("#moves"),
    )
    page.select_option("#game", "klondike")
    page.wait_for_function("document.body.dataset.game === 'klondike'")
    # An option the game refuses: the library's reason, and nothing dealt.
    page.fill('#options [data-option="draw"]', "0")
    page.fill("#seed", "1")
    page.click("#new")
    expect(message).to_have_text("Refused option draw: must be an integer from 1 to 24, not 0.")
    # Klondike drawing one card at a time, seed 1.
    page.fill('#options [data-option="draw"]', "1")
    page.click("#new")
    expect(status).to_contain_text("Seed 1 · 0 moves · in progress")
    page.click("#pile-stock")
    expect(moves).to_have_text("1. draw stock")
    assert page.get_attribute("#pile-waste", "data-count") == "1"
    page.click("#undo")
    expect(status).to_contain_text("Seed 1 · 0 moves ·")
    assert page.is_disabled("#undo") and page.is_enabled("#redo")
    page.click("#redo")
    expect(status).to_contain_text("1 move")
    page.click("#undo")
    expect(status).to_contain_text("0 moves")

    # The 7♦ of pile 1 picked up by a click; a click on a pile that does not
    # take it is refused with the game's reason; put back by a drag off the table.
    seven = '#pile-t1 .card[data-index="0"]'
    page.click(seven)
    expect(message).to_have_text("Picked up 7♦: put it on Pile 7.")
    expect(page.locator("#prompt")).to_have_text(
        "Holding 7♦: click Pile 7, or Pile 1 to put it back."
    )
    expect(page.locator(f"{seven}.picked")).to_have_count(1)
    page.click("#pile-t3 > rect.area")
    expect(message).to_have_text(
        "Refused: t1-t3: 7♦ does not go on 2♦: build down in alternating colours."
    )
    expect(page.locator(".picked")).to_have_count(0)
    box = page.locator(seven).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(box["x"] + 40, box["y"] + 40, steps=3)
    status_box = page.locator("#status").bounding_box()
    assert status_box is not None
    page.mouse.move(status_box["x"] + 5, status_box["y"] + 5, steps=5)
    page.mouse.up()
    expect(message).to_have_text("Put back.")
    expect(moves).to_have_text("")

    # A hint is a move, highlighted on the table.
    page.click("#hint")
    expect(message).to_contain_text("Hint: ")
    expect(page.locator("#table .pile.source, #table .picked")).not_to_have_count(0)
    page.click(seven)
    page.click('#pile-t7 .card[data-index="6"]')
    expect(moves).to_have_text("1. t1-t7")

    # The game, its options and its moves are kept in the page's storage:
    # all there again after a reload.
    browser.load()
    expect(status).to_contain_text("Seed 1 · 1 move ·")
    expect(moves).to_have_text("1. t1-t7")
    assert page.input_value("#game") == "klondike"
    assert page.input_value('#options [data-option="draw"]') == "1"

    # Everything came from the local server, and nothing went wrong.
    assert browser.errors == []
    site_requests = [url for url in browser.requests if not url.startswith((site, "data:"))]
    assert site_requests == []
    assert any(url.endswith(".whl") for url in browser.requests)
