"""Actions: a fixed, stable numbering of every move each game can make."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import patience
from patience import Move, PatienceError
from patience.policies import next_mover

GOLDEN = Path(__file__).with_name("golden_actions.json")


def variants() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for key in json.loads(GOLDEN.read_text(encoding="utf-8")):
        name, _, options = key.partition(" ")
        out.append((name, json.loads(options) if options else {}))
    return out


def test_every_registered_game_is_pinned() -> None:
    assert set(patience.games()) <= {name for name, _ in variants()}


@pytest.mark.parametrize(("name", "options"), variants(), ids=str)
def test_the_numbering_is_pinned(name: str, options: dict[str, Any]) -> None:
    # Changing a game's actions breaks every agent trained on it: this file
    # changes only on purpose, with a changelog entry.
    key = name + ("" if not options else " " + json.dumps(options, sort_keys=True))
    pinned = json.loads(GOLDEN.read_text(encoding="utf-8"))[key]
    game = patience.game(name, **options)
    text = "\n".join(str(m) for m in game.actions)
    assert game.num_actions == pinned["actions"] == len(game.actions)
    assert [str(m) for m in game.actions[:3]] == pinned["first"]
    assert [str(m) for m in game.actions[-3:]] == pinned["last"]
    assert hashlib.sha256(text.encode()).hexdigest() == pinned["sha256"]


@pytest.mark.parametrize(("name", "options"), variants(), ids=str)
def test_every_legal_move_is_an_action_and_back(name: str, options: dict[str, Any]) -> None:
    game = patience.game(name, **options)
    policy = patience.RandomPolicy()
    most = 0
    for seed in range(2):
        rng = random.Random(seed)
        policy.new_deal()
        state = game.deal(seed)
        for _ in range(150):
            moves = game.legal_moves(state)
            if not moves:
                break
            most = max(most, len(moves))
            mask = game.action_mask(state)
            actions = game.legal_actions(state)
            assert len(mask) == game.num_actions
            assert [i for i, ok in enumerate(mask) if ok] == sorted(actions)
            assert len(set(actions)) == len(actions) == len(moves)
            for move, action in zip(moves, actions):
                assert game.action_of(move) == action
                assert game.move_of(action, state) == move
                assert game.action_of(str(move), state) == action
            state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
    assert 0 < most <= game.num_actions


def test_accordion_and_joker_actions_take_what_the_position_decides() -> None:
    accordion = patience.game("accordion", deal_all=True)
    state = accordion.deal(3)
    while not any(m.count > 1 for m in accordion.legal_moves(state)):
        state = accordion.apply(state, accordion.legal_moves(state)[0])
    whole = next(m for m in accordion.legal_moves(state) if m.count > 1)
    action = accordion.action_of(whole)
    assert accordion.actions[action].count == 1  # the entry leaves the count open
    assert accordion.move_of(action, state) == whole
    joker = patience.game("joker-solitaire")
    entries = [m for m in joker.actions if m.detail is not None]
    assert {m.detail for m in entries} == {"?", "?C", "?D", "?H", "?S"}


def test_bad_actions_are_refused() -> None:
    game = patience.game("klondike")
    state = game.deal(1)
    for bad in (-1, game.num_actions, 1.5, True, "3"):
        with pytest.raises(PatienceError, match="action"):
            game.move_of(bad, state)  # type: ignore[arg-type]
    with pytest.raises(PatienceError, match="no action"):
        game.action_of(Move("pull", "s1"))
    with pytest.raises(PatienceError, match="give state"):
        game.action_of("draw")
    with pytest.raises(patience.ForeignStateError):
        game.action_mask(patience.game("spider").deal(1))
