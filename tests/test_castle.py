"""Stronghold and Siegecraft: Streets and Alleys and Beleaguered Castle with
one cell."""

from __future__ import annotations

import random

import pytest
from arrange import arrange

import patience
from patience import Game, State


def position(game: Game, **piles: str) -> State:
    """A position of ``game`` with the given piles (others empty)."""
    data = game.deal(0).to_json()
    for name in data["piles"]:
        data["piles"][name]["cards"] = piles.get(name, "").split()
    return game.from_json(data)


def test_the_deals() -> None:
    strong = patience.game("stronghold").deal(3)
    assert [len(strong.piles[f"t{k}"]) for k in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not strong.piles["c1"].cards and "c2" not in strong.piles
    siege = patience.game("siegecraft").deal(3)
    assert [len(siege.piles[f"t{k}"]) for k in range(1, 9)] == [6] * 8
    assert [str(siege.piles[f"f{k}"]) for k in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert not siege.piles["c1"].cards


@pytest.mark.parametrize("name", ["stronghold", "siegecraft"])
def test_one_cell_one_card_at_a_time_any_suit(name: str) -> None:
    game = patience.game(name)
    spot = game.deal_from(arrange(game, {"t1": ["8C", "9C"], "t2": ["TH"], "t3": ["9S"]}))
    legal = [str(m) for m in game.legal_moves(spot)]
    assert "t1-t3" in legal  # an eight on a nine of any suit
    assert "t1-c1" in legal
    after = game.apply(spot, "t1-c1")
    with pytest.raises(patience.IllegalMoveError) as refused:
        game.apply(after, "t2-c1")
    assert refused.value.code == "cell"  # the one cell is full
    with pytest.raises(patience.IllegalMoveError) as refused:
        game.apply(spot, "t1-t2 x2")
    assert refused.value.code == "unit"  # one card at a time


@pytest.mark.parametrize("name", ["stronghold", "siegecraft"])
def test_won_and_random_play_ends(name: str) -> None:
    game = patience.game(name)
    up = {f"f{k + 1}": " ".join(r + s for r in "A23456789TJQK") for k, s in enumerate("CDHS")}
    assert game.is_won(position(game, **up))
    for seed in range(3):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(3_000):
            if game.is_over(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert game.is_over(state)
