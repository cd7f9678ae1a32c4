"""Carpet: the deal, the carpet's places, filling them from the waste, the
single pass, and the layout of four rows of five."""

from __future__ import annotations

import random

import pytest
from arrange import arrange, moves

import patience
from patience import IllegalMoveError
from patience.games.carpet import CarpetGame


def test_the_deal() -> None:
    game = patience.game("carpet")
    assert isinstance(game, CarpetGame)
    state = game.deal(4)
    assert [str(state.piles[f"f{i}"]) for i in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert [len(state.piles[f"t{i}"]) for i in range(1, 21)] == [1] * 20
    assert len(state.piles["stock"]) == 28 and not state.piles["waste"].cards
    assert all(state.piles[f"t{i}"].down == 0 for i in range(1, 21))


def test_the_carpet_is_four_rows_of_five() -> None:
    game = patience.game("carpet")
    places = [spec for spec in game.layout if spec.role == "tableau"]
    assert {(spec.row, spec.column) for spec in places} == {
        (1 + r, 1 + c) for r in range(4) for c in range(5)
    }
    assert all(spec.fan == "none" for spec in places)


def test_nothing_builds_on_the_carpet() -> None:
    game = patience.game("carpet")
    state = game.deal_from(arrange(game, {"t1": ["9C"], "t2": ["8H"], "t3": ["2D"]}))
    assert "t3-f2" in moves(game, state)
    assert not any(m.startswith("t2-t") for m in moves(game, state))
    with pytest.raises(IllegalMoveError) as info:
        game.apply(state, "t2-t1")
    assert info.value.code == "build"


def test_a_gap_takes_the_waste_top_but_not_a_carpet_card() -> None:
    game = patience.game("carpet")
    state = game.deal_from(arrange(game, {"t1": ["2D"]}))
    state = game.apply(state, "t1-f2")
    assert not state.piles["t1"].cards
    # No carpet card moves into the gap: that would change nothing.
    assert not any(m.endswith("-t1") for m in moves(game, state))
    state = game.apply(state, "draw")
    assert "waste-t1" in moves(game, state)
    state = game.apply(state, "waste-t1")
    assert len(state.piles["t1"]) == 1 and not state.piles["waste"].cards


def test_one_pass_and_the_end() -> None:
    game = patience.game("carpet")
    state = game.deal(9)
    while state.piles["stock"].cards:
        state = game.apply(state, "draw")
    assert "redeal" not in moves(game, state)
    rng = random.Random(9)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert game.is_won(state) == (game.score(state) == 52)


def test_random_play_ends_and_some_deals_come_out() -> None:
    game = patience.game("carpet")
    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(500):
            if game.is_over(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert game.is_over(state)
        wins += game.is_won(state)
    assert 0 < wins < 20
