"""FreeCell, Baker's Game and Eight Off: the deal, runs as far as cells and
spaces carry them, Microsoft's deal numbers, and the hooks for a search."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest
from arrange import arrange

import patience
from patience import Game, State
from patience.games.freecell import (
    MICROSOFT_NUMBERS,
    FreeCellGame,
    MicrosoftNumberError,
    microsoft_cards,
)
from patience.solver import solve
from patience.tableau import DeclarationError, TableauRules

FREECELL = patience.game("freecell")

# Microsoft's deals 1 and 617, row by row, as the game shows them (and as
# they are published widely, for instance with Rosetta Code's task).
DEAL_1 = """
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H
"""
DEAL_617 = """
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H
"""
# Deal 11982, the one deal among Microsoft's first 32,000 that cannot be won.
DEAL_11982 = """
AH AS 4H AC 2D 6S TS JS
3D 3H QS QC 8S 7H AD KS
KD 6H 5S 4D 9H JH 9S 3C
JC 5D 5C 8C 9D TD KH 7C
6C 2C TH QH 6D TC 4S 7S
JD 7D 8H 9C 2H QD 4C 5H
KC 8D 2S 3S
"""


def rows(state: State) -> str:
    """The columns of ``state`` read row by row, as the published layouts go."""
    columns = [state.piles[f"t{k}"].cards for k in range(1, 9)]
    lines = []
    for row in range(max(len(c) for c in columns)):
        lines.append(" ".join(str(c[row]) for c in columns if row < len(c)))
    return "\n" + "\n".join(lines) + "\n"


def position(game: Game, **piles: str) -> State:
    """A position of ``game`` with the given piles (others empty)."""
    data = game.deal(0).to_json()
    for name in data["piles"]:
        data["piles"][name]["cards"] = piles.get(name, "").split()
    return game.from_json(data)


# --------------------------------------------------------- deal and rules


def test_the_deal() -> None:
    state = FREECELL.deal(5)
    sizes = [len(state.piles[f"t{k}"].cards) for k in range(1, 9)]
    assert sizes == [7, 7, 7, 7, 6, 6, 6, 6]
    assert all(state.piles[f"t{k}"].down == 0 for k in range(1, 9))
    assert all(state.piles[f"c{k}"].is_empty for k in range(1, 5))
    assert [s.name for s in FREECELL.layout][:8] == ["f1", "f2", "f3", "f4", "c1", "c2", "c3", "c4"]
    assert patience.game("free-cell") == FREECELL
    assert isinstance(FREECELL, FreeCellGame)


@pytest.mark.parametrize("cells", [0, 1, 6, 10])
def test_the_number_of_cells(cells: int) -> None:
    game = patience.game("freecell", cells=cells)
    assert sum(1 for s in game.layout if s.role == "cell") == cells
    assert game.rules.cells == cells


def test_eight_off_deal_and_rules() -> None:
    game = patience.game("eight-off")
    assert not isinstance(game, FreeCellGame)
    state = game.deal(2)
    assert [len(state.piles[f"t{k}"].cards) for k in range(1, 9)] == [6] * 8
    assert [state.piles[f"c{k}"].is_empty for k in range(1, 9)] == [False] * 4 + [True] * 4
    assert game.rules.space == "kings" and game.rules.relation == "suit"
    assert not game.rules.space_runs
    # Only a king goes into a space; runs as far as the free cells allow.
    piles = {
        "f1": "AC 2C 3C 4C",
        "f2": "AS 2S 3S 4S",
        "f3": "AH 2H",
        "f4": "AD 2D",
        "c1": "3D",
        "c2": "5C",
        "c3": "5S",
        "c4": "6S",
        "c5": "7S",
        "t1": "KD QD JD TD 9D 8D",
        "t2": "7H 6H 5H 4H 3H",
        "t4": "KH QH JH TH 9H 8H",
        "t5": "6C 7C 8C 9C TC JC",
        "t6": "QC KC 8S 9S TS JS",
        "t7": "QS KS 4D 5D 6D 7D",
    }
    spot = position(game, **piles)
    moves = [str(m) for m in game.legal_moves(spot)]
    assert not any(m.startswith("t2-t4") for m in moves)
    with pytest.raises(patience.IllegalMoveError) as refused:
        game.apply(spot, "t2-t4 x5")
    assert refused.value.code == "unit" and "at most 4 cards" in refused.value.reason
    with pytest.raises(patience.IllegalMoveError) as refused:
        game.apply(spot, "t2-t3")
    assert refused.value.code == "space"
    assert not any(m.endswith(("-t3", "-t8")) for m in moves)  # no king is free to go
    piles.pop("c5")
    roomier = position(game, **piles, t8="7S")
    assert "t2-t4 x5" in [str(m) for m in game.legal_moves(roomier)]


def test_bakers_game_builds_in_suit() -> None:
    piles = {
        "f1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
        "f2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        "f3": "AH 2H 3H 4H 5H 6H",
        "f4": "AS 2S 3S 4S 5S 6S 7S",
        "t1": "KC 8S",
        "t2": "KD",
        "t3": "8H",
        "t4": "7H",
        "t5": "9H TH JH QH KH",
        "t6": "9S TS JS QS KS",
    }
    game = patience.game("bakers-game")
    state = position(game, **piles)
    assert "t4-t3" in [str(m) for m in game.legal_moves(state)]
    with pytest.raises(patience.IllegalMoveError) as refused:
        game.apply(state, "t4-t1")  # 7H on 8S: alternate colours, not the same suit
    assert refused.value.code == "build"
    assert "t4-t1" in [str(m) for m in FREECELL.legal_moves(position(FREECELL, **piles))]


# -------------------------------------------------------------- the runs


RUN_POSITION = {
    "f1": "AC 2C 3C 4C",
    "f2": "AS 2S 3S",
    "f3": "AH 2H 3H 4H",
    "c1": "4D",
    "c2": "6S",
    "c3": "KH",
    "t1": "JD KD QS JH TC 9H 8C 7D",
    "t2": "2D KC KS 5C TD 9C 8D 7S 6H",
    "t3": "TS 9D 8S 7H",
    "t4": "JC 5S QD QH TH 9S 8H 7C 6D",
    "t5": "5D AD JS",
    "t7": "QC",
    "t8": "6C 5H 4S 3D",
}


def test_the_run_limit_counts_cells_and_spaces() -> None:
    state = position(FREECELL, **RUN_POSITION)
    moves = [str(m) for m in FREECELL.legal_moves(state) if m.source == "t8"]
    assert moves == ["t8-t6", "t8-t6 x2", "t8-t1 x4", "t8-t3 x4", "t8-c4"]
    with pytest.raises(patience.IllegalMoveError) as refused:
        FREECELL.apply(state, "t8-t6 x3")
    assert refused.value.code == "unit"
    assert "at most 2 cards" in refused.value.reason
    # Two free cells and two spaces: 3 * 2 = 6 cards into a space.
    roomy = position(
        FREECELL,
        f1="AC 2C",
        f2="AD 2D 3D",
        f3="AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        f4="AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        c1="4C",
        c2="5D",
        t1="KC QD JC TD 9C 8D 7C 6D 5C 4D 3C",
        t2="6C 7D",
        t3="8C 9D",
        t4="TC JD",
        t7="QC",
        t8="KD",
    )
    moves = [str(m) for m in FREECELL.legal_moves(roomy)]
    assert "t1-t5 x6" in moves and "t1-t5 x7" not in moves and "t1-t6 x6" in moves
    with pytest.raises(patience.IllegalMoveError) as refused:
        FREECELL.apply(roomy, "t1-t5 x7")
    assert "with 2 free cells and 1 other space, at most 6 cards" in refused.value.reason


def test_no_cells_and_no_runs() -> None:
    bare = patience.game("freecell", cells=0)
    state = position(bare, **{k: v for k, v in RUN_POSITION.items() if k[0] != "c"}, t6="4D 6S KH")
    moves = [str(m) for m in bare.legal_moves(state) if m.source == "t8"]
    assert moves == []  # no cell, no space: one card at a time, and 3D goes nowhere
    single = patience.game("freecell", runs=False)
    state = position(single, **RUN_POSITION)
    assert [str(m) for m in single.legal_moves(state) if m.source == "t8"] == ["t8-t6", "t8-c4"]
    with pytest.raises(patience.IllegalMoveError) as refused:
        single.apply(state, "t8-t1 x4")
    assert refused.value.code == "unit"


def test_space_runs_declaration_checks() -> None:
    with pytest.raises(DeclarationError) as bad:
        TableauRules(title="X", tableau=(13,) * 4, stock="none", space_runs=True)
    assert bad.value.option == "space_runs"
    with pytest.raises(DeclarationError) as bad:
        TableauRules(
            title="X",
            tableau=(13,) * 4,
            stock="none",
            cells=1,
            cell_runs=True,
            space_runs=True,
            space="kings",
        )
    assert bad.value.option == "space_runs"


def single_moves_reach(game: Game, single: Game, state: State, move: patience.Move) -> bool:
    """Whether the single-card game reaches what ``move`` does, moving cards
    only among its source, its target, the cells and the spaces."""
    goal = game.canonical_key(game.apply(state, move))
    start = single.from_json({**state.to_json(), "options": dict(single.options)})
    places = {move.source, move.target}
    places |= {s.name for s in single.layout if s.role == "cell"}
    places |= {n for n, p in state.piles.items() if n.startswith("t") and p.is_empty}
    seen = {single.canonical_key(start)}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for m in single.legal_moves(here):
            if m.source not in places or m.target not in places:
                continue
            there = single.apply(here, m)
            key = single.canonical_key(there)
            if key == goal:
                return True
            if key not in seen and len(seen) < 20_000:
                seen.add(key)
                queue.append(there)
    return False


@pytest.mark.parametrize(("name", "options"), [("freecell", {}), ("freecell", {"cells": 1})])
def test_a_run_move_is_shorthand_for_single_moves(name: str, options: dict[str, Any]) -> None:
    game = patience.game(name, **options)
    single = patience.game(name, **{**options, "runs": False})
    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        state = game.deal(seed)
        for _ in range(200):
            moves = game.legal_moves(state)
            if not moves:
                break
            for m in moves:
                if m.count > 1 and rng.random() < 0.5:
                    assert single_moves_reach(game, single, state, m), (str(m), state.to_json())
                    checked += 1
            ups = game.safe_moves(state)
            state = game.apply(state, ups[0] if ups else rng.choice(moves))
    assert checked >= 3


# ------------------------------------------------------------ Microsoft


def test_microsoft_deals_match_the_published_layouts() -> None:
    assert rows(FREECELL.deal_microsoft(1)) == DEAL_1
    assert rows(FREECELL.deal_microsoft(617)) == DEAL_617
    assert rows(FREECELL.deal_microsoft(11982)) == DEAL_11982
    assert len(set(microsoft_cards(1_000_000))) == 52


def test_the_numbering_option() -> None:
    ms = patience.game("freecell", numbering="microsoft")
    assert ms.deal(617) == ms.deal_microsoft(617)
    assert ms.deal(617).piles == FREECELL.deal_microsoft(617).piles
    assert FREECELL.deal(617) != FREECELL.deal_microsoft(617).piles
    assert ms.shuffled_cards(1) == microsoft_cards(1)
    bakers = patience.game("bakers-game", numbering="microsoft")
    assert bakers.deal(1).piles == FREECELL.deal_microsoft(1).piles
    # A record of a Microsoft deal replays from its number.
    state = ms.deal(1)
    record = patience.Record.start(ms, seed=1)
    move = ms.legal_moves(state)[0]
    record = record.with_moves([move])
    assert patience.Record.from_json(record.to_json()).replay() == ms.apply(state, move)


@pytest.mark.parametrize("number", [0, -1, 2**31, True, 1.0, "1", None])
def test_bad_microsoft_numbers(number: object) -> None:
    with pytest.raises(MicrosoftNumberError) as bad:
        microsoft_cards(number)  # type: ignore[arg-type]
    assert isinstance(bad.value, patience.InvalidSeedError)
    assert "Microsoft deal number" in str(bad.value)
    ms = patience.game("freecell", numbering="microsoft")
    with pytest.raises(patience.InvalidSeedError):
        ms.deal(number)  # type: ignore[arg-type]
    assert MICROSOFT_NUMBERS[0] == 1 and MICROSOFT_NUMBERS[-1] == 2**31 - 1


def test_bad_numbering_option() -> None:
    with pytest.raises(patience.InvalidOptionError) as bad:
        patience.game("freecell", numbering="ms")
    assert bad.value.option == "numbering"


# ------------------------------------------------------ hooks and solver


@pytest.mark.parametrize("name", ["freecell", "bakers-game", "eight-off"])
def test_the_key_treats_cells_and_columns_as_interchangeable(name: str) -> None:
    game = patience.game(name)
    state = game.deal(4)
    moves = game.legal_moves(state)
    into_cells = [m for m in moves if m.target.startswith("c")]
    source = into_cells[-1].source
    keys = {game.canonical_key(game.apply(state, m)) for m in into_cells if m.source == source}
    assert len(keys) == 1  # the same card into any free cell
    data = state.to_json()
    piles = data["piles"]
    piles["t1"], piles["t2"] = piles["t2"], piles["t1"]
    assert game.canonical_key(game.from_json(data)) == game.canonical_key(state)


def test_the_solver_wins_microsoft_deal_1() -> None:
    state = FREECELL.deal_microsoft(1)
    found = solve(FREECELL, state, max_nodes=200_000)
    assert found.won
    for move in found.moves:
        state = FREECELL.apply(state, move)
    assert FREECELL.is_won(state)


# ------------------------------------- Blake and Gent's variants: piles, spaces, Fore Cell


@pytest.mark.parametrize("piles", range(4, 14))
def test_fewer_or_more_piles_deal_the_same_pack_by_rows(piles: int) -> None:
    game = patience.game("freecell", piles=piles)
    cards = microsoft_cards(617)
    state = game.deal_from(cards)
    sizes = [len(state.piles[f"t{k}"]) for k in range(1, piles + 1)]
    assert sum(sizes) == 52 and max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes)[::-1]
    assert f"t{piles + 1}" not in state.piles
    # Row by row from the left: the first row is the first cards dealt.
    assert [state.piles[f"t{k}"].cards[0] for k in range(1, piles + 1)] == list(cards[:piles])
    assert game.options["piles"] == piles


def test_eight_piles_are_the_usual_game_and_microsoft_numbers_stay() -> None:
    assert patience.game("freecell", piles=8).deal(3) == FREECELL.deal(3)
    ms = patience.game("freecell", numbering="microsoft")
    assert ms.deal(1).piles == FREECELL.deal_microsoft(1).piles
    five = patience.game("freecell", piles=5, numbering="microsoft")
    assert five.deal(1) == five.deal_from(microsoft_cards(1))


@pytest.mark.parametrize("bad", [3, 14, True, "8"])
def test_bad_piles(bad: object) -> None:
    with pytest.raises(patience.InvalidOptionError):
        patience.game("freecell", piles=bad)


SUITS_UP = {
    "f1": " ".join(r + "C" for r in "A23456789TJQK"),
    "f2": " ".join(r + "D" for r in "A23456789TJQK"),
    "f3": "AH 2H 3H 4H 5H 6H 7H",
    "f4": "AS 2S 3S",
    "t1": "KS QS JS TS 9S 8H",
    "t2": "KH QH JH TH 9H 8S",
    "t3": "7S 6S 5S 4S",
}


def test_eight_off_with_any_card_in_a_space() -> None:
    game = patience.game("eight-off", spaces="any")
    assert game.rules.space == "any" and game.rules.space_runs
    assert "t1-t4" in [str(m) for m in game.legal_moves(position(game, **SUITS_UP))]
    kings = patience.game("eight-off")
    with pytest.raises(patience.IllegalMoveError) as refused:
        kings.apply(position(kings, **SUITS_UP), "t1-t4")
    assert refused.value.code == "space"
    with pytest.raises(patience.InvalidOptionError):
        patience.game("eight-off", spaces="queens")


def test_fore_cell_deal_and_rules() -> None:
    game = patience.game("fore-cell")
    state = game.deal(4)
    assert [len(state.piles[f"t{k}"]) for k in range(1, 9)] == [6] * 8
    assert [len(state.piles[f"c{k}"]) for k in range(1, 5)] == [1] * 4
    assert game.rules.relation == "alternate" and game.rules.space == "kings"
    spot = game.deal_from(arrange(game, {"c1": ["8H"], "t1": ["9C"], "t2": ["9D"]}))
    legal = [str(m) for m in game.legal_moves(spot)]
    assert "c1-t1" in legal and not any(m.endswith("-c2") for m in legal)  # the cells are full
    after = game.apply(spot, "c1-t1")
    assert "t2-c1" in [str(m) for m in game.legal_moves(after)]  # a top card to the empty cell
    with pytest.raises(patience.IllegalMoveError) as refused:
        game.apply(position(game, **SUITS_UP), "t1-t4")
    assert refused.value.code == "space"  # only a king fills a space
    suited = patience.game("fore-cell", same_suit=True)
    assert suited.rules.relation == "suit"
    spot = suited.deal_from(arrange(suited, {"c1": ["8H"], "t1": ["9C"], "t2": ["9H"]}))
    with pytest.raises(patience.IllegalMoveError) as refused:
        suited.apply(spot, "c1-t1")
    assert refused.value.code == "build"
    assert "c1-t2" in [str(m) for m in suited.legal_moves(spot)]
    with pytest.raises(patience.InvalidOptionError):
        patience.game("fore-cell", same_suit="yes")


def test_fore_cell_is_won_and_ends() -> None:
    game = patience.game("fore-cell")
    up = {f"f{k + 1}": " ".join(r + s for r in "A23456789TJQK") for k, s in enumerate("CDHS")}
    assert game.is_won(position(game, **up)) and game.score(position(game, **up)) == 52
    for seed in range(3):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(2_000):
            if game.is_over(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert game.is_over(state)


@pytest.mark.soak
def test_the_lost_microsoft_deal_is_proven_by_a_best_first_search_that_runs_out() -> None:
    """Microsoft's deal 11982 has no win. Its proof once took 737,041
    positions, every one of them the runs' or the best-first searches', which
    proved nothing; now the first best-first search to run out of positions,
    having left none out, proves the loss, in far fewer (about 495,000)."""
    game = patience.game("freecell")
    found = patience.solve(game, game.deal_microsoft(11982), max_nodes=None, max_seconds=None)
    assert found.status == "lost" and found.exhausted
    assert found.nodes < 600_000
