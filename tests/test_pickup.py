"""Pick-up points: where each move starts, for front ends that click and drag."""

from __future__ import annotations

import random

import pytest

import patience
from patience import Move, PatienceError
from patience.policies import next_mover

GAMES = patience.games()
PILELESS = {"pass", "declare"}


@pytest.mark.parametrize("name", GAMES)
def test_every_move_starts_somewhere_and_is_found_from_there(name: str) -> None:
    game = patience.game(name)
    policy = patience.RandomPolicy()
    rng = random.Random(name)
    for seed in range(2):
        policy.new_deal()
        state = game.deal(seed)
        for _ in range(120):
            moves = game.legal_moves(state)
            if not moves:
                break
            places = game.pickable(state)
            assert len(set(places)) == len(places)
            found: list[Move] = []
            for pile, index in places:
                assert pile in state.piles
                size = len(state.piles[pile])
                if index is not None:
                    # A front end can only pick up cards it can see.
                    assert state.piles[pile].down <= index < size
                from_there = game.moves_from(state, pile, index)
                assert from_there
                for move in from_there:
                    # One of the ways the move is made by hand starts here
                    # (the first is where pick_up says; a Pyramid pair
                    # starts from either card).
                    drags = game._drags(state, move)
                    assert drags[0][:2] == game.pick_up(state, move)
                    assert any(
                        d[0] == pile and (index is None or d[1] in (None, index)) for d in drags
                    )
                found += from_there
            for move in moves:
                where = game.pick_up(state, move)
                if where is None:
                    assert move.kind in PILELESS
                    continue
                assert where in places
                assert move in game.moves_from(state, where[0])
                if where[1] is not None:
                    assert move in game.moves_from(state, *where)
            assert {m for m in moves if m.kind not in PILELESS} == set(found)
            state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))


def test_grabbing_the_lower_card_of_a_run_moves_the_run() -> None:
    # A run of two on t5 can go to t1 as a whole: grabbing its lower card finds
    # the two-card move, grabbing the top card the one-card moves.
    game = patience.game("klondike", forced_aces=False)
    for seed in range(200):
        state = game.deal(seed)
        for _ in range(60):
            runs = [m for m in game.legal_moves(state) if m.kind == "move" and m.count > 1]
            if runs:
                break
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, random.Random(seed).choice(moves))
        if runs:
            break
    else:
        raise AssertionError("no run move in 200 deals")
    run = runs[0]
    source = state.piles[run.source]  # type: ignore[index]
    lower = len(source) - run.count
    assert run in game.moves_from(state, run.source, lower)  # type: ignore[arg-type]
    assert all(
        m.count == run.count
        for m in game.moves_from(state, run.source, lower)  # type: ignore[arg-type]
    )
    assert game.pick_up(state, run) == (run.source, lower)


def test_the_stock_is_clicked_anywhere_and_a_race_pull_starts_on_its_players_siding() -> None:
    klondike = patience.game("klondike", draw=1)
    state = klondike.deal(2)
    stock = len(state.piles["stock"])
    draw = Move("draw", "stock")
    assert klondike.pick_up(state, draw) == ("stock", None)
    assert klondike.moves_from(state, "stock", 0) == klondike.moves_from(state, "stock", stock - 1)
    assert draw in klondike.moves_from(state, "stock")
    race = patience.game("railroad-race")
    duel = race.deal(5)
    pull = Move("pull", "s2", player=1)
    assert race.pick_up(duel, pull) == ("p1.s2", len(duel.piles["p1.s2"]) - 1)
    assert race.moves_from(duel, "p1.s2") == (pull,)
    double = patience.game("double-solitaire")
    assert double.pick_up(double.deal(1), Move("pass", player=0)) is None


@pytest.mark.parametrize(
    ("pile", "index", "message"),
    [
        ("t9", None, "no pile 't9'"),
        (3, None, "no pile 3"),
        ("t1", 5, "no card at 5"),
        ("t1", -1, "no card at -1"),
        ("t1", True, "no card at True"),
        ("stock", 1.0, "no card at 1.0"),
    ],
)
def test_moves_from_refuses_places_that_are_not_there(
    pile: object, index: object, message: str
) -> None:
    game = patience.game("klondike")
    with pytest.raises(PatienceError, match=message):
        game.moves_from(game.deal(1), pile, index)  # type: ignore[arg-type]
    with pytest.raises(patience.ForeignStateError):
        game.pickable(patience.game("spider").deal(1))


@pytest.mark.parametrize("name", GAMES)
def test_pick_up_reads_notation_and_refuses_what_is_not_a_move(name: str) -> None:
    # As apply() does: a move's notation picks up where the move does, and
    # anything that is not a move is refused with the same error code.
    game = patience.game(name)
    state = game.deal(3)
    for move in game.legal_moves(state)[:12]:
        assert game.pick_up(state, str(move)) == game.pick_up(state, move)
    for thing in (5, None, ("t1", 0)):
        with pytest.raises(patience.IllegalMoveError) as refused:
            game.pick_up(state, thing)  # type: ignore[arg-type]
        assert refused.value.code == "not-a-move"
    with pytest.raises(patience.InvalidMoveError):
        game.pick_up(state, "no such move")
