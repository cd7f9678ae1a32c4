"""How games end: progress marks, the search for progress, endings, the move guard."""

from __future__ import annotations

import pickle
import random

import pytest

import patience
from patience import Pile, RandomPolicy, simulate
from patience.policies import next_mover
from patience.simulation import play_deal

GAMES = patience.games()


@pytest.mark.parametrize("name", GAMES)
def test_the_progress_mark_never_comes_back_and_a_line_leads_to_progress(name: str) -> None:
    game = patience.game(name)
    rng = random.Random(name)
    policy = RandomPolicy()
    state = game.deal(3)
    marks = [game.progress(state)]
    for _ in range(120):
        if game.is_over(state):
            break
        line = game.progress_line(state)
        assert line is not None  # not over: a way to progress exists
        after = state
        for move in line[:-1]:
            after = game.apply(after, move)
            assert game.progress(after) == game.progress(state)
        assert game.progress(game.apply(after, line[-1])) != game.progress(state)
        state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
        mark = game.progress(state)
        if mark != marks[-1]:
            assert mark not in marks  # a mark once left never comes back
            marks.append(mark)


@pytest.mark.parametrize("name", [n for n in GAMES if n != "railroad-timed"])
def test_the_engine_knows_progress_as_it_moves(name: str) -> None:
    # The cheap answer a game gives the search agrees with comparing marks.
    game = patience.game(name)
    state = game.deal(5)
    rng = random.Random(5)
    for _ in range(60):
        moves = game.legal_moves(state)
        if not moves:
            break
        mark = game.progress(state)
        for move in moves:
            child, progressed = game._advance(state, move, mark)
            assert child == game.apply(state, move)
            assert progressed == (game.progress(child) != mark)
        state = game.apply(state, rng.choice(moves))


def test_klondike_deal_2_is_over_before_the_first_move() -> None:
    game = patience.game("klondike")
    state = game.deal(2)
    # A draw is legal, but nothing the stock can bring up ever plays.
    assert game.legal_moves(state) and game.is_over(state)
    assert game.progress_line(state) is None
    result = game.result(state)
    assert result.ending == "no progress" and "no progress possible" in result.summary()
    assert result.to_json()["ending"] == "no progress"
    # Moves stay legal, and the game stays over.
    after = game.apply(state, "draw")
    assert game.is_over(after)


def test_endings_of_a_won_and_an_unfinished_game() -> None:
    game = patience.game("klondike")
    state = game.deal(0)
    assert game.result(state).ending is None and not game.is_over(state)
    found = patience.solve(game, state, max_nodes=200_000)
    if found.won:
        end = state
        for move in found.moves:
            end = game.apply(end, move)
        assert game.result(end).ending == "won" and game.result(end).summary().startswith("won")


def test_the_move_guard_cuts_and_counts_apart() -> None:
    sim = simulate("klondike", "random", 6, max_moves=3)
    long_games = [r for r in sim.results if r.cut]
    assert long_games and all(r.moves == 3 and not r.won and r.ending is None for r in long_games)
    assert sim.cut == len(long_games) and sim.endings.get("cut") == sim.cut
    assert "cut by the move guard" in sim.summary()
    assert sim.to_json()["cut"] == sim.cut
    low, high = sim.interval
    assert high > low
    full = simulate("klondike", "random", 6)
    assert full.cut == 0 and sum(full.endings.values()) == 6
    with pytest.raises(patience.PatienceError, match="max_moves"):
        simulate("klondike", "random", 2, max_moves=0)
    with pytest.raises(patience.PatienceError, match="max_moves"):
        play_deal(patience.game("klondike"), RandomPolicy(), 1, max_moves=-1)


def test_random_play_does_not_go_back_while_it_can_go_elsewhere() -> None:
    game = patience.game("beleaguered-castle")
    policy = RandomPolicy()
    rng = random.Random(1)
    state = game.deal(1)
    seen = {game.canonical_key(state)}
    mark = game.progress(state)
    for _ in range(60):
        if game.is_over(state):
            break
        fresh = [
            m
            for m in game.legal_moves(state)
            if game.progress(game.apply(state, m)) != mark
            or game.canonical_key(game.apply(state, m)) not in seen
        ]
        move = policy.choose(game, state, rng)
        if fresh:
            assert move in fresh
        state = game.apply(state, move)
        if game.progress(state) != mark:
            mark, seen = game.progress(state), set()
        seen.add(game.canonical_key(state))


def test_policies_pickle_without_their_memory() -> None:
    policy = RandomPolicy()
    game = patience.game("klondike")
    policy.choose(game, game.deal(1), random.Random(1))
    copy = pickle.loads(pickle.dumps(policy))
    assert isinstance(copy, RandomPolicy)
    assert copy.choose(game, game.deal(1), random.Random(1)) in game.legal_moves(game.deal(1))


def test_piles_cache_their_hash_but_do_not_pickle_it() -> None:
    pile = Pile.parse("3C 9D KH", down=2)
    first = hash(pile)
    assert hash(pile) == first == hash(Pile.parse("3C 9D KH", down=2))
    again = pickle.loads(pickle.dumps(pile))
    assert again._hash is None and again._memo is None  # neither travels
    assert again == pile and hash(again) == first
