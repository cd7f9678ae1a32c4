"""Layouts: every registered game's piles fit on its grid without overlapping.

Runs over every name in ``patience.games()`` and the option variants that
change a layout, so a new game's layout is checked the moment it is
registered. Also the rules of :class:`patience.PileSpec` itself.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import patience
from patience import Game, PileSpec
from patience.game import FANS
from patience.tableau import TABLEAU_EXTENT, TableauGame

VARIANTS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in patience.games()]
VARIANTS += [
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 3}),
    ("klondike", {"draw": 24}),
    ("klondike", {"draw": 13, "partial_runs": True, "worrying_back": True}),
    ("las-vegas", {"draw": 3}),
    ("double-solitaire", {"draw": 1}),
    ("double-solitaire", {"draw": 3}),
    ("accordion", {"deal_all": True}),
    ("poker-solitaire", {"open": True}),
    ("railroad-race", {"sidings": 8, "decks": 2}),
    ("railroad-race", {"sidings": 1}),
    ("canfield", {"unit": "one"}),
    ("seahaven-towers", {"tower_runs": True}),
    ("freecell", {"cells": 0}),
    ("freecell", {"cells": 10, "runs": False}),
    ("eight-off", {"runs": False}),
    ("fan", {"by_rows": True}),
    ("devils-grip", {"passes": 3}),
    ("freecell", {"piles": 4}),
    ("freecell", {"piles": 13}),
    ("eight-off", {"spaces": "any"}),
    ("fore-cell", {"same_suit": True}),
    ("will-o-the-wisp", {"open": True}),
]
VARIANTS += [("railroad", {"sidings": k}) for k in range(1, 9)]
VARIANTS += [("railroad", {"sidings": k, "decks": 2}) for k in (1, 4, 8, 13)]


def _id(variant: tuple[str, dict[str, Any]]) -> str:
    name, options = variant
    return name + "".join(f"-{k}={v}" for k, v in options.items())


def cells(spec: PileSpec) -> set[tuple[int, int]]:
    top, left, bottom, right = spec.bounds
    return set(itertools.product(range(top, bottom), range(left, right)))


@pytest.fixture(params=VARIANTS, ids=[_id(v) for v in VARIANTS])
def game(request: pytest.FixtureRequest) -> Game:
    name, options = request.param
    return patience.game(name, **options)


def test_no_two_piles_share_a_cell(game: Game) -> None:
    owner: dict[tuple[int, int], str] = {}
    for spec in game.layout:
        for cell in cells(spec):
            assert cell not in owner, f"{spec.name} and {owner[cell]} both cover {cell}"
            owner[cell] = spec.name


def test_every_pile_lies_inside_the_grid(game: Game) -> None:
    rows, columns = game.grid_size
    for spec in game.layout:
        top, left, bottom, right = spec.bounds
        assert 0 <= top < bottom <= rows and 0 <= left < right <= columns, spec
    # The grid is the bounding box: some pile reaches its last row and column.
    assert max(s.bounds[2] for s in game.layout) == rows
    assert max(s.bounds[3] for s in game.layout) == columns


def test_extents_and_spreads_are_valid(game: Game) -> None:
    for spec in game.layout:
        assert spec.fan in FANS
        assert isinstance(spec.extent, int) and spec.extent >= 1
        if spec.fan == "none":
            assert spec.extent == 1 and spec.spread is None
        if spec.spread is not None:
            assert isinstance(spec.spread, int) and spec.spread >= 1
        top, left, bottom, right = spec.bounds
        along = bottom - top if spec.fan in ("down", "up") else right - left
        across = right - left if spec.fan in ("down", "up") else bottom - top
        assert (along, across) == (spec.extent, 1)


def test_tableau_piles_that_fan_down_have_room(game: Game) -> None:
    for spec in game.layout:
        if spec.role == "tableau" and spec.fan == "down":
            assert spec.extent >= 2, spec


def test_the_tableau_engine_puts_nothing_below_its_tableau(game: Game) -> None:
    if not isinstance(game, TableauGame):
        return
    rows, _ = game.grid_size
    for spec in game.layout:
        if spec.role == "tableau" and spec.fan != "none":  # (Carpet's places do not fan)
            assert spec.extent == TABLEAU_EXTENT and spec.bounds[2] == rows


def test_a_waste_that_turns_several_cards_shows_them() -> None:
    for draw in (2, 3, 5):
        waste = next(s for s in patience.game("klondike", draw=draw).layout if s.name == "waste")
        assert (waste.fan, waste.spread) == ("right", draw)
    waste = next(s for s in patience.game("klondike", draw=1).layout if s.name == "waste")
    assert (waste.fan, waste.spread, waste.extent) == ("none", None, 1)
    talon = next(s for s in patience.game("devils-grip").layout if s.name == "talon")
    assert (talon.fan, talon.spread) == ("right", 3)


def test_spider_foundations_stay_over_the_tableau() -> None:
    game = patience.game("spider")
    assert game.grid_size == (1 + TABLEAU_EXTENT, 10)
    assert [s.column for s in game.layout if s.role == "foundation"] == list(range(2, 10))


def test_double_solitaire_has_the_foundations_between_the_players() -> None:
    game = patience.game("double-solitaire")
    # Side by side: nothing of player 0's lies right of a foundation, nothing
    # of player 1's left of one, so no fan's room separates the players.
    columns: dict[int | None, set[int]] = {s.owner: set() for s in game.layout}
    for spec in game.layout:
        _, left, _, right = spec.bounds
        columns[spec.owner].update(range(left, right))
    assert max(columns[0]) < min(columns[None]) <= max(columns[None]) < min(columns[1])
    assert game.grid_size[0] == patience.game("klondike").grid_size[0]


def test_layouts_keep_pile_names_roles_and_order() -> None:
    # The names and order are those of states and notation; spot checks.
    names = [s.name for s in patience.game("klondike").layout]
    assert names == ["stock", "waste", "f1", "f2", "f3", "f4", *(f"t{k}" for k in range(1, 8))]
    names = [s.name for s in patience.game("railroad-race").layout]
    own = ["s1", "s2", "s3", "s4", "line", "discard"]
    assert names == [f"p0.{n}" for n in own] + [f"p1.{n}" for n in own]


# ------------------------------------------------------------- PileSpec rules


def test_bounds_by_fan_direction() -> None:
    assert PileSpec("a", "tableau", 2, 3).bounds == (2, 3, 3, 4)
    assert PileSpec("a", "tableau", 2, 3, "down", extent=4).bounds == (2, 3, 6, 4)
    assert PileSpec("a", "tableau", 5, 3, "up", extent=4).bounds == (2, 3, 6, 4)
    assert PileSpec("a", "tableau", 2, 3, "right", extent=4).bounds == (2, 3, 3, 7)
    assert PileSpec("a", "tableau", 2, 6, "left", extent=4).bounds == (2, 3, 3, 7)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"extent": 0},
        {"extent": -1},
        {"extent": 2},  # fan "none"
        {"fan": "down", "extent": 1.5},
        {"fan": "down", "extent": True},
        {"fan": "down", "spread": 0},
        {"fan": "down", "spread": 2.0},
        {"spread": 3},  # fan "none"
        {"fan": "up", "extent": 3},  # reaches row -1
        {"fan": "left", "extent": 4},  # reaches column -2
        {"fan": "sideways"},
        {"role": "pond"},
        {"refill": 0},
        {"label_below": "yes"},
    ],
)
def test_bad_specs_are_refused(kwargs: dict[str, Any]) -> None:
    args: dict[str, Any] = {"name": "x", "role": "tableau", "row": 1, "column": 1}
    args.update(kwargs)
    with pytest.raises(ValueError):
        PileSpec(**args)


def test_specs_keep_their_old_defaults() -> None:
    spec = PileSpec("stock", "stock", 0, 0, label="Stock")
    assert (spec.fan, spec.extent, spec.spread, spec.owner) == ("none", 1, None, None)
    assert (spec.refill, spec.label_below) == (True, False)
    assert eval(repr(spec), {"PileSpec": PileSpec}) == spec
    # The later fields show in the repr only when they are not the defaults.
    assert "refill" not in repr(spec) and "label_below" not in repr(spec)
    place = PileSpec("a1", "tableau", 0, 3, refill=False, label_below=True)
    assert repr(place).endswith("spread=None, refill=False, label_below=True)")
    assert eval(repr(place), {"PileSpec": PileSpec}) == place


def test_only_the_pyramids_and_the_clock_step_their_grids() -> None:
    # Every other game draws its grid a whole cell a step, as it always did.
    stepped = {"pyramid", "tripeaks", "clock"}
    for name in patience.games():
        rows, columns = patience.game(name).grid_steps
        assert (set(rows) | set(columns) == {1}) == (name not in stepped), name


# ----------------------------------------------------------------- pictures


def gallery() -> Any:
    """The docs' gallery module (docs/_ext/positions.py), which needs patience alone."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "docs" / "_ext" / "positions.py"
    spec = importlib.util.spec_from_file_location("gallery_positions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sample_positions(game: Game) -> dict[str, patience.State]:
    """The positions the docs' gallery pictures (docs/_ext/opening_layouts.py)."""
    found: dict[str, patience.State] = gallery().sample_positions(game)
    return found


@pytest.mark.parametrize("name", patience.games())
def test_the_gallerys_longest_pile_is_one_whose_length_shows(name: str) -> None:
    # Accordion's "longest pile" was its stock, a single card with a count:
    # the longest pile is looked for among the piles that fan out, or in a
    # game none of whose piles do, among those that are no stock,
    # foundation or discard pile.
    game = patience.game(name)
    positions = sample_positions(game)
    fanned = [s for s in game.layout if s.fan != "none"]
    watched = fanned or [s for s in game.layout if s.role not in ("stock", "foundation", "discard")]

    def longest(state: patience.State) -> int:
        return max(len(state.piles[s.name]) for s in watched)

    assert longest(positions["its longest pile"]) >= longest(positions["the opening"])
    if name == "accordion":
        state = positions["its longest pile"]
        assert longest(state) >= 10 and longest(state) > len(state.piles["stock"])


def test_gallery_titles_tell_games_of_one_title_apart() -> None:
    names = list(patience.games())
    titles = gallery().gallery_titles(names)
    assert sorted(titles) == sorted(names)
    assert len(set(titles.values())) == len(names)
    for name in names:
        assert titles[name].startswith(patience.game(name).title)
    shared = {n for n in names if patience.game(n).title == "Railroad! Yard Solitaire"}
    assert shared >= {"railroad", "railroad-double", "railroad-timed"}
    for name in shared:
        assert name in titles[name]
    assert titles["railroad-double"].endswith("(sidings=8, decks=2)")
    assert titles["klondike"] == "Klondike"


@pytest.mark.parametrize("name", patience.games())
def test_pictures_show_every_count_and_cut_no_text(name: str) -> None:
    import re
    import xml.etree.ElementTree as ET

    from patience.svg import card_places

    ns = "{http://www.w3.org/2000/svg}"
    game = patience.game(name)
    for what, state in sample_positions(game).items():
        root = ET.fromstring(patience.svg(state))
        _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
        # No text runs off the picture (widths estimated generously).
        for text in root.iter(f"{ns}text"):
            size = float(text.get("font-size", "10"))
            x, y = float(text.get("x", "0")), float(text.get("y", "0"))
            wide = 0.62 * size * len(text.text or "")
            left = x - wide / 2 if text.get("text-anchor") == "middle" else x
            if text.get("transform"):
                continue  # the upside-down corner, inside its card
            assert left >= 0 and left + wide <= width and size * 0.8 <= y <= height, (
                what,
                text.text,
            )
        places = card_places(state)
        for spec in game.layout:
            pile = state.piles[spec.name]
            shown = [p for p in places if p.pile == spec.name and p.shown]
            group = next(g for g in root.iter(f"{ns}g") if g.get("id") == f"pile-{spec.name}")
            counts = [t.text for t in group.iter(f"{ns}text") if "count" in t.get("class", "")]
            # Every pile that shows fewer cards than it holds says how many.
            if len(shown) < len(pile):
                assert counts == [str(len(pile))], (what, spec.name, len(shown), len(pile))
            # Face-up cards of a fan lie far enough apart to read each corner.
            if spec.fan != "none" and len(shown) > 2:
                axis = 1 if spec.fan in ("down", "up") else 0
                least = 17 if axis else 28
                for a, b in itertools.pairwise(shown):
                    if a.face_up:
                        gap = abs((b.y - a.y) if axis else (b.x - a.x))
                        assert gap >= least - 0.01, (what, spec.name, a, b)
        if game.players > 1:
            (caption,) = [t for t in root.iter(f"{ns}text") if t.get("class") == "caption"]
            assert re.search(r"to move|move$|over", caption.text or ""), caption.text
