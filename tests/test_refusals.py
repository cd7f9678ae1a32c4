"""Refusals: every illegal move of every game says why, with a documented code."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import patience
from patience import Game, IllegalMoveError, Move, State
from patience.game import COMMON_REFUSALS
from patience.policies import next_mover

GAMES = patience.games()
PAGE = Path(__file__).resolve().parents[1] / "docs" / "refusals.rst"


def near_misses(game: Game, state: State, rng: random.Random) -> set[Move]:
    """Moves that look like legal ones but are not: other targets, counts,
    sources, players, and the listed moves of other positions."""
    legal = set(game.legal_moves(state))
    names = list(state.piles)
    out: set[Move] = set()
    for move in legal:
        for other in rng.sample(names, min(6, len(names))):
            if move.target is not None:
                out.add(Move(move.kind, move.source, other, move.count, move.player))
            out.add(Move(move.kind, other, move.target, move.count, move.player))
        out.add(Move(move.kind, move.source, move.target, move.count + 1, move.player))
        if move.count > 1:
            out.add(Move(move.kind, move.source, move.target, move.count - 1, move.player))
        if game.players > 1 and move.player is not None:
            out.add(Move(move.kind, move.source, move.target, move.count, 1 - move.player))
    for kind in game.move_kinds:
        pile = game.action_piles.get(kind)
        out.add(Move(kind, pile) if pile else Move(kind, names[0], names[-1]))
    return out - legal


def positions(game: Game, seeds: range, moves: int) -> list[State]:
    policy = patience.RandomPolicy()
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        policy.new_deal()
        state = game.deal(seed)
        for step in range(moves):
            if step % 7 == 0:
                found.append(state)
            if not game.legal_moves(state):
                found.append(state)
                break
            state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_has_a_documented_code_and_a_reason(name: str) -> None:
    game = patience.game(name)
    assert set(COMMON_REFUSALS) <= set(game.refusals)
    rng = random.Random(name)
    codes: set[str] = set()
    for state in positions(game, range(2), 120):
        snapshot = state.to_json()
        for move in near_misses(game, state, rng):
            with pytest.raises(IllegalMoveError) as refused:
                game.apply(state, move)
            error = refused.value
            assert error.code in game.refusals, (move, error.code, error.reason)
            assert error.code != "illegal", (move, error.reason)  # built-in games say more
            assert error.reason and error.move == move and error.state is state
            codes.add(error.code)
        assert state.to_json() == snapshot
    assert codes


def test_the_page_lists_every_code_of_every_game() -> None:
    text = PAGE.read_text(encoding="utf-8")
    listed = set(re.findall(r"^   \* - ``([a-z-]+)``$", text, re.MULTILINE))
    for name in GAMES:
        game = patience.game(name)
        missing = set(game.refusals) - listed
        assert not missing, f"{name}: docs/refusals.rst does not list {sorted(missing)}"
        for code, meaning in game.refusals.items():
            assert re.fullmatch(r"[a-z]+(-[a-z]+)*", code) and meaning


def test_something_that_is_not_a_move_is_refused_as_such() -> None:
    game = patience.game("klondike")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(game.deal(1), 3)  # type: ignore[arg-type]
    assert refused.value.code == "not-a-move" and refused.value.reason == "not a Move"
