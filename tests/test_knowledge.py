"""What a player may learn from the end of a game.

:meth:`Game.is_over` tells whether a game has ended by every rule, and one of
them, "no progress is possible", can depend on cards the player cannot see:
two deals that look the same to the player may differ in whether play can
still get anywhere. ``is_over(state, search=False)`` leaves that ending out
and keeps only endings a player can see for themselves (a win, no legal move,
a game's own rule on what is shown). These tests hold it to that on pairs of
worlds the player cannot tell apart: the position and one with the cards the
player cannot see dealt again at random.
"""

from __future__ import annotations

import random

import pytest

import patience
from patience import Game, State
from patience.policies import sample_world

GAMES = patience.games()


def _positions(game: Game, deals: int, rng: random.Random) -> list[State]:
    """Positions of random play: every few moves of a few deals."""
    out = []
    for seed in range(deals):
        state = game.deal(seed)
        for step in range(120):
            if step % 7 == 0:
                out.append(state)
            moves = game.legal_moves(state)
            if not moves or game.is_over(state, search=False):
                break
            state = game.apply(state, rng.choice(moves))
        out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_what_ends_without_search_depends_only_on_what_a_player_sees(name: str) -> None:
    game = patience.game(name)
    rng = random.Random(name)
    for state in _positions(game, 4, rng):
        for player in range(game.players):
            view = game.view(state, player)
            other = sample_world(game, view, rng)
            assert game.observe(other, player) == game.observe(state, player)
            assert game.is_over(other, search=False) == game.is_over(state, search=False)
            assert game.legal_actions(other) == game.legal_actions(state)
            assert game.movers(other, search=False) == game.movers(state, search=False)
            assert game.is_won(other, player) == game.is_won(state, player)


def test_the_full_ending_can_tell_of_hidden_cards() -> None:
    # Klondike's deal 2 is over as dealt (no progress is possible), but a deal
    # that looks the same, with its face-down cards in another order, is not:
    # is_over tells the player something about the cards they cannot see,
    # and is_over(search=False) does not.
    game = patience.game("klondike")
    state = game.deal(2)
    assert game.is_over(state) and not game.is_over(state, search=False)
    rng = random.Random(0)
    going = None
    for _ in range(50):
        other = sample_world(game, game.view(state), rng)
        if not game.is_over(other):
            going = other
            break
    assert going is not None
    assert game.observe(going) == game.observe(state)
    assert not game.is_over(going, search=False)
