"""The built documentation in headless Chromium: nothing runs past the column.

Marked ``browser`` (see test_web_browser.py for what it needs); it builds the
docs with Sphinx into a temporary folder first, which takes a minute.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import FLAGS, chromium

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["getting-started", "results", "frontend", "gallery", "games/klondike", "games/railroad"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import importlib.util

    if importlib.util.find_spec("playwright") is None or not Path(chromium()).is_file():
        if os.environ.get("PATIENCE_REQUIRE_BROWSER") == "1":
            pytest.fail("PATIENCE_REQUIRE_BROWSER=1, but playwright or Chromium is missing")
        pytest.skip("playwright or Chromium is missing")
    if importlib.util.find_spec("sphinx") is None:
        pytest.skip('Sphinx is not installed (pip install -e ".[docs]")')
    out = tmp_path_factory.mktemp("html")
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(ROOT / "docs"), str(out)],
        check=True,
        timeout=900,
    )
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(), args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.mark.parametrize("name", PAGES)
def test_code_and_pictures_stay_inside_the_column(built: Path, browser: Any, name: str) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    try:
        page.goto((built / f"{name}.html").as_uri())
        overflowing = page.evaluate(
            """() => {
              const body = document.querySelector("div.body");
              const right = body.getBoundingClientRect().right + 1;
              const out = [];
              for (const pre of document.querySelectorAll("div.body pre")) {
                if (pre.scrollWidth > pre.clientWidth + 1) out.push(pre.textContent.slice(0, 60));
              }
              for (const img of document.querySelectorAll("div.body img")) {
                if (img.getBoundingClientRect().right > right) out.push(img.src);
              }
              return out;
            }"""
        )
        assert overflowing == [], overflowing
        if name == "games/klondike":
            alts = page.eval_on_selector_all("img", "els => els.map(e => e.alt)")
            assert "The opening layout of Klondike, deal 7" in alts, alts
    finally:
        page.close()
