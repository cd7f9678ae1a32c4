"""The key the search for progress files tableau positions under.

It holds the piles' contents (cards and face-down counts) rather than the
piles, so that it hashes without calling Python code; it must still tell
positions apart exactly as the piles do, with each group of interchangeable
piles taken in any order.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable

import pytest

import patience
from patience.pile import in_order
from patience.state import State
from patience.tableau import TableauGame

TABLEAU = [n for n in patience.games() if isinstance(patience.game(n), TableauGame)]


def _by_piles(game: TableauGame, state: State) -> Hashable:
    """The key as the piles themselves give it (what the search key must agree with)."""
    items = state._items
    rest = tuple(items[i] for i in game._search_rest)
    return (rest, *(in_order(items[i] for i in g) for g in game._search_groups), state.info)


def _positions(game: TableauGame, seeds: int, moves: int) -> list[State]:
    found = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(moves):
            found.append(state)
            listed = game.legal_moves(state)
            if not listed:
                break
            state = game.apply(state, rng.choice(listed))
    return found


@pytest.mark.parametrize("name", TABLEAU)
def test_the_search_key_tells_positions_apart_as_the_piles_do(name: str) -> None:
    game = patience.game(name)
    assert isinstance(game, TableauGame)
    positions = _positions(game, 3, 60)
    keys = [game._search_key(s) for s in positions]
    piles = [_by_piles(game, s) for s in positions]
    for (a, pa), (b, pb) in itertools.combinations(zip(keys, piles), 2):
        assert (a == b) == (pa == pb)
        if a == b:
            assert hash(a) == hash(b)


@pytest.mark.parametrize("name", [n for n in TABLEAU if patience.game(n)._search_groups])
def test_interchangeable_piles_in_another_order_give_the_same_key(name: str) -> None:
    game = patience.game(name)
    assert isinstance(game, TableauGame)
    rng = random.Random(7)
    for state in _positions(game, 2, 40)[::7]:
        items = list(state._items)
        for group in game._search_groups:
            order = list(group)
            rng.shuffle(order)
            shuffled = [items[i] for i in order]
            for i, pile in zip(group, shuffled):
                items[i] = pile
        other = State._make(game, tuple(items), state.info)
        assert game._search_key(other) == game._search_key(state)
