"""The documentation pages as a reader meets them: pictures of the deal the
text prints, charts that show their points whole, and a results page that
opens with results."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
LAYOUT = re.compile(r"\.\. opening-layout:: (\S+)\n((?:   :\w+:.*\n)*)")


@pytest.mark.parametrize("page", sorted(p.name for p in (DOCS / "games").glob("*.rst")))
def test_each_opening_picture_is_of_the_deal_the_page_prints(page: str) -> None:
    text = (DOCS / "games" / page).read_text(encoding="utf-8")
    for found in LAYOUT.finditer(text):
        seed = re.search(r":seed: *(\d+)", found.group(2))
        shown = int(seed.group(1)) if seed else 0
        printed = re.findall(r">>> .*?\b\w+\.deal\((\d+)\)", text[: found.start()])
        if printed:
            assert shown == int(printed[-1]), (page, found.group(1), shown, printed[-1])


def test_the_results_page_opens_with_results_not_maintainers_notes() -> None:
    text = (DOCS / "results.rst").read_text(encoding="utf-8")
    opening = text[: text.index("\n--------")]  # up to the first section
    for note in ("results.sh", "summarise.py", "results.json", ".. note::", "commit"):
        assert note not in opening, note
    assert "How the figures were measured" in text


def charts() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "results_tables", DOCS / "_ext" / "results_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_chart_points_at_0_and_100_percent_are_drawn_whole() -> None:
    pytest.importorskip("matplotlib")
    pytest.importorskip("sphinx")
    module = charts()
    rows: list[tuple[str, dict[str, Any]]] = [
        ("never", {"wins": 0, "deals": 100, "interval": [0.0, 0.04]}),
        ("always", {"wins": 100, "deals": 100, "interval": [0.96, 1.0]}),
    ]
    fig = module.win_rate_figure("ends", rows)
    try:
        (ax,) = fig.axes
        renderer = fig.canvas.get_renderer()
        inside = ax.get_window_extent(renderer)
        for line in ax.lines:
            size = line.get_markersize() * fig.dpi / 72  # points to pixels
            for x, y in line.get_xydata():
                px, _py = ax.transData.transform((x, y))
                assert inside.x0 + size / 2 <= px <= inside.x1 - size / 2, (x, px, inside)
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)


def test_code_wraps_inside_the_column() -> None:
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert 'html_css_files = ["wrap.css"]' in conf
    css = (DOCS / "_static" / "wrap.css").read_text(encoding="utf-8")
    assert "white-space: pre-wrap" in css and "overflow-wrap: anywhere" in css
