"""The docs drawn from the code and from the measured data: the architecture
page names every module of the source tree and every hook a game must give,
its picture is read from the imports, and the tables that open the
benchmarks and results pages come from the data files, not from the page."""

from __future__ import annotations

import importlib.util
import inspect
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import patience

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SOURCE = ROOT / "src" / "patience"
PAGE = DOCS / "architecture.rst"


def extension(name: str) -> ModuleType:
    """One of the docs' extensions, loaded from its file (once)."""
    key = f"_docs_ext_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, DOCS / "_ext" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules[key]


def source_modules() -> list[str]:
    """Every module of src/patience by its dotted name, read from the files."""
    names = []
    for path in SOURCE.rglob("*.py"):
        parts = ["patience", *path.relative_to(SOURCE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return sorted(names)


def page_modules() -> set[str]:
    return set(re.findall(r":mod:`~?(patience(?:\.\w+)*)`", PAGE.read_text(encoding="utf-8")))


def test_the_page_names_every_module_of_the_source() -> None:
    named = page_modules()
    missing = [m for m in source_modules() if m not in named]
    assert "patience.game" in source_modules() and "patience.games.klondike" in source_modules()
    assert not missing, (
        f"docs/architecture.rst does not name {missing}: add a line for each under"
        " 'What each module holds', as :mod:`name`: what it holds"
    )


def test_every_module_the_page_names_exists() -> None:
    gone = sorted(page_modules() - set(source_modules()))
    assert not gone, f"docs/architecture.rst names modules the source does not have: {gone}"


def test_the_page_names_every_hook_a_game_must_give() -> None:
    text = PAGE.read_text(encoding="utf-8")
    named = set(re.findall(r":(?:meth|attr):`~patience\.Game\.(\w+)`", text))
    abstract = set(patience.Game.__abstractmethods__)
    assert {"deck", "_deal", "_apply"} <= abstract
    assert abstract <= named, sorted(abstract - named)
    unknown = sorted(n for n in named if not hasattr(patience.Game, n))
    assert not unknown, f"docs/architecture.rst names Game members that do not exist: {unknown}"


def test_the_page_draws_its_picture_and_table_from_the_code() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert ".. architecture-diagram::" in text and ".. import-table::" in text
    assert "architecture" in (DOCS / "conf.py").read_text(encoding="utf-8")
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert "\n   architecture\n" in index and "\n   history\n" in index
    assert ":doc:`architecture`" in (DOCS / "extending.rst").read_text(encoding="utf-8")


def write_tree(root: Path, files: dict[str, str]) -> Path:
    package = root / "patience"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(inspect.cleandoc(text) + "\n", encoding="utf-8")
    return package


TREE = {
    "__init__.py": "from .game import Game",
    "errors.py": "class PatienceError(Exception): ...",
    "cards.py": "from .errors import PatienceError",
    "game.py": """
        import json
        from .cards import Card
        from . import events

        def f():
            from .registry import game
    """,
    "registry.py": "from .game import Game",
    "events.py": """
        from typing import TYPE_CHECKING
        from .cards import Card
        if TYPE_CHECKING:
            from .game import Game
    """,
    "games/__init__.py": "from . import klondike",
    "games/klondike.py": """
        from ..tableau.rules import Rules
        from patience.registry import register
    """,
    "tableau/__init__.py": "from .rules import Rules",
    "tableau/rules.py": "from ..game import Game",
    "text.py": "from .game import Game",
}
"""A small tree in the shape the package is moving to: a tableau package,
and a module no layer names."""


def test_imports_are_read_at_every_depth_and_of_every_kind(tmp_path: Path) -> None:
    arch = extension("architecture")
    package = write_tree(tmp_path, TREE)
    assert set(arch.modules(package)) == {
        "patience",
        "patience.errors",
        "patience.cards",
        "patience.game",
        "patience.registry",
        "patience.events",
        "patience.games",
        "patience.games.klondike",
        "patience.tableau",
        "patience.tableau.rules",
        "patience.text",
    }
    edges = {(e.source, e.target, e.kind) for e in arch.import_edges(package)}
    assert edges == {
        ("patience", "patience.game", "import"),
        ("patience.cards", "patience.errors", "import"),
        ("patience.game", "patience.cards", "import"),
        ("patience.game", "patience.events", "import"),
        ("patience.game", "patience.registry", "lazy"),
        ("patience.registry", "patience.game", "import"),
        ("patience.events", "patience.cards", "import"),
        ("patience.events", "patience.game", "typing"),
        ("patience.games", "patience.games.klondike", "import"),
        ("patience.games.klondike", "patience.tableau.rules", "import"),
        ("patience.games.klondike", "patience.registry", "import"),
        ("patience.tableau", "patience.tableau.rules", "import"),
        ("patience.tableau.rules", "patience.game", "import"),
        ("patience.text", "patience.game", "import"),
    }


def test_packages_are_boxes_and_unnamed_modules_find_a_layer(tmp_path: Path) -> None:
    arch = extension("architecture")
    picture = arch.layout(write_tree(tmp_path, TREE))
    boxes = picture.boxes
    assert set(boxes) == {
        "patience.errors",
        "patience.cards",
        "patience.game",
        "patience.registry",
        "patience.events",
        "patience.games",
        "patience.tableau",
        "patience.text",
    }
    assert boxes["patience.tableau"].members == ("patience.tableau.rules",)
    assert boxes["patience.games"].members == ("patience.games.klondike",)
    layer = {name: arch.LAYERS[box.layer][0] for name, box in boxes.items()}
    assert layer["patience.cards"] == "values" and layer["patience.game"] == "protocol"
    assert layer["patience.tableau"] == "engines" and layer["patience.events"] == "tools"
    assert layer["patience.text"] == "protocol"  # named by no layer: where what it imports is
    # The package's own imports are left out; the package's members import as one box.
    assert ("patience.games", "patience.tableau") in picture.pairs
    assert ("patience.games", "patience.registry") in picture.pairs
    assert not any("patience" in pair for pair in picture.pairs)
    # A box stands above the boxes of its layer it imports.
    assert boxes["patience.cards"].y < boxes["patience.errors"].y
    assert boxes["patience.registry"].y < boxes["patience.game"].y
    assert boxes["patience.games"].y < boxes["patience.tableau"].y


def test_the_picture_is_svg_with_a_box_for_each_and_imports_up_in_red(tmp_path: Path) -> None:
    arch = extension("architecture")
    picture = arch.layout(write_tree(tmp_path, TREE))
    drawing = ET.fromstring(arch.svg(picture))
    ns = "{http://www.w3.org/2000/svg}"
    texts = {t.text for t in drawing.iter(f"{ns}text")}
    assert {"game", "cards", "games/", "tableau/", "rules", "klondike", "text"} <= texts
    titles = {
        p.findtext(f"{ns}title"): p.get("stroke")
        for p in drawing.iter(f"{ns}path")
        if p.find(f"{ns}title") is not None
    }
    assert titles["game imports events (import)"] == arch.UP_COLOUR
    assert titles["events imports game (typing)"] == arch.EDGE_COLOUR
    assert titles["registry imports game (import)"] == arch.EDGE_COLOUR
    # Imports into the values from above are listed, not drawn.
    assert "game imports cards (import)" not in titles
    assert ("patience.game", "patience.cards") in picture.pairs
    # Boxes do not overlap.
    placed = list(picture.boxes.values())
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            apart = (
                a.x + a.width <= b.x
                or b.x + b.width <= a.x
                or a.y + a.height <= b.y
                or b.y + b.height <= a.y
            )
            assert apart, (a.name, b.name)


def test_the_picture_of_the_source_has_every_module() -> None:
    arch = extension("architecture")
    picture = arch.layout()
    drawn = {m for box in picture.boxes.values() for m in (box.name, *box.members)}
    assert drawn == set(source_modules()) - {"patience"}
    lines = arch.import_lines()
    assert {name for name, _, _ in lines} == {b.label for b in picture.boxes.values()}


# ------------------------------------------------------ the figures' tables


def test_the_benchmarks_and_results_pages_open_with_one_table_from_the_data() -> None:
    for page, directive in (("benchmarks", "benchmark-summary"), ("results", "results-summary")):
        text = (DOCS / f"{page}.rst").read_text(encoding="utf-8")
        first = text[text.index("\n--------") :]
        first = first[: first.index("\n--------", 20)]
        assert f".. {directive}::" in first, page
        assert ".. measured-on::" in first, page
        assert "history`" in text, page
    history = (DOCS / "history.rst").read_text(encoding="utf-8")
    assert "Restarts by the Luby sequence" in history
    assert "Over means proven: before and after" in history


def test_the_results_summary_has_a_row_for_each_game_and_options() -> None:
    pytest.importorskip("sphinx")
    tables = extension("results_tables")

    def run(game: str, policy: str, wins: int, options: dict[str, Any]) -> dict[str, Any]:
        return {
            "game": game,
            "options": options,
            "policy": policy,
            "deals": 100,
            "wins": wins,
            "lost": 1,
            "player_wins": [wins],
        }

    defaults = dict(patience.describe("klondike").options)
    runs = {
        "k-random": run("klondike", "random", 2, defaults),
        "k-solver": run("klondike", "solver", 70, defaults),
        "k1-random": run("klondike", "random", 5, {**defaults, "draw": 1}),
        "two": {**run("double-solitaire", "greedy+random", 60, {}), "player_wins": [60, 30]},
    }
    rows, several = tables.summary_rows(runs)
    assert [label for label, _ in rows] == ["``klondike``", "``klondike``, ``draw=1``"]
    assert set(rows[0][1]) == {"options", "random", "solver"}
    assert rows[1][1]["random"]["wins"] == 5
    assert several == ["double-solitaire"]


def test_every_run_in_the_results_data_is_in_the_summary() -> None:
    pytest.importorskip("sphinx")
    tables = extension("results_tables")
    data = json.loads((DOCS / "_data" / "results.json").read_text(encoding="utf-8"))
    rows, several = tables.summary_rows(data["runs"])
    shown = [id(run) for _, row in rows for key, run in row.items() if key != "options"]
    one_player = [r for r in data["runs"].values() if r["game"] not in several]
    assert len(shown) == len(one_player) == len({id(r) for r in one_player})
