"""What a front end asks of every game: the move a drop makes or why it is
refused, and why nothing can be picked up somewhere."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import patience
from patience import Game, IllegalMoveError, PatienceError, State
from patience.policies import next_mover

GAMES = patience.games()


def positions(game: Game, steps: int = 30) -> Iterator[State]:
    """Every fifth position of a random game, and its last."""
    rng = random.Random(game.name)
    policy = patience.RandomPolicy()
    state = game.deal(3)
    for step in range(steps):
        if step % 5 == 0:
            yield state
        if not game.legal_moves(state):
            break
        state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
    yield state


@pytest.mark.parametrize("name", GAMES)
def test_move_to_gives_every_legal_drop_and_refuses_the_rest_with_a_code(name: str) -> None:
    game = patience.game(name)
    for state in positions(game):
        legal = set(game.legal_moves(state))
        for pile, index in game.pickable(state):
            offered = {m.target: m for m in game.moves_from(state, pile, index)}
            for target in state.piles:
                if target in offered:
                    move = game.move_to(state, pile, index, target)
                    assert move in legal and move.target == target
                    assert game.pick_up(state, move) in ((pile, index), (pile, None))
                    continue
                with pytest.raises(IllegalMoveError) as refused:
                    game.move_to(state, pile, index, target)
                error = refused.value
                assert error.code in game.refusals and error.reason, (pile, target, error)
                assert error.state is state


@pytest.mark.parametrize("name", GAMES)
def test_pick_up_refusal_says_why_exactly_where_nothing_can_be_picked_up(name: str) -> None:
    game = patience.game(name)
    codes: set[str] = set()
    for state in positions(game):
        for pile in state.piles:
            size = len(state.piles[pile])
            for index in [None, *range(0, size, max(1, size // 4))]:
                why = game.pick_up_refusal(state, pile, index)
                if game.moves_from(state, pile, index):
                    assert why is None, (pile, index)
                    continue
                assert why is not None, (pile, index)
                assert why.code in game.refusals and why.reason and why.state is state
                codes.add(why.code)
    assert codes


def test_the_refusals_name_the_rule_at_hand() -> None:
    klondike = patience.game("klondike")
    state = klondike.deal(1)
    # A face-down card, a drop the building rule refuses, the stock as a target.
    assert klondike.pick_up_refusal(state, "t7", 0).code == "face-down"  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError) as refused:
        klondike.move_to(state, "t2", 1, "t7")
    assert refused.value.code == "build" and "6♦ does not go on" in refused.value.reason
    with pytest.raises(IllegalMoveError) as refused:
        klondike.move_to(state, "t1", 0, "stock")
    assert refused.value.code == "target"
    assert klondike.move_to(state, "t1", 0, "t7") == patience.Move("move", "t1", "t7")
    empty = klondike.deal_from(klondike.shuffled_cards(1))
    assert klondike.pick_up_refusal(empty, "waste").code == "empty"  # type: ignore[union-attr]
    railroad = patience.game("railroad")
    state = railroad.deal(1)
    why = railroad.pick_up_refusal(state, "s1", 0)
    assert why is not None and why.code == "elsewhere"
    with pytest.raises(PatienceError, match="no pile 't9'"):
        klondike.move_to(klondike.deal(1), "t9", None, "t1")
