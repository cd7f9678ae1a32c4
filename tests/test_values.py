"""States as values, and every public method that takes a state, for every game.

Registry-wide: each check runs over ``patience.games()``, so a game added to
the registry is covered without a word here. Equal states hash alike (with
``hash()`` and :meth:`~patience.Game.position_hash`); loading refuses what
play cannot reach, counters out of their bounds and nesting too deep to read;
every public method that takes a state refuses anything that is not a state
of its game.
"""

from __future__ import annotations

import copy
import inspect
import json
import random
from typing import Any

import pytest

import patience
from patience import Game, InvalidStateError, PatienceError, State
from patience.serial import MAX_COUNTER

GAMES = patience.games()


def positions(game: Game, count: int = 6, steps: int = 60) -> list[State]:
    """Deals and positions after random legal moves (a few per deal)."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.deal(seed)
        out.append(state)
        for step in range(steps):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rng.choice(moves))
            if step % 15 == 14:
                out.append(state)
        out.append(state)
    return out


def state_methods(game: Game) -> list[str]:
    """The public methods of ``game`` whose first argument is a state."""
    names = []
    for name in dir(game):
        if name.startswith("_"):
            continue
        method = getattr(game, name)
        if not inspect.ismethod(method) or method.__self__ is not game:
            continue
        params = list(inspect.signature(method).parameters)
        if params and params[0] == "state":
            names.append(name)
    return names


# ------------------------------------------------------------ equal states


@pytest.mark.parametrize("name", GAMES)
def test_positions_round_trip_and_equal_states_hash_alike(name: str) -> None:
    game = patience.game(name)
    for state in positions(game):
        for again in (
            game.from_position(game.position(state)),
            game.from_json(json.loads(json.dumps(game.to_json(state)))),
            copy.deepcopy(state),
        ):
            assert again == state and hash(again) == hash(state)
            assert game.position(again) == game.position(state)
            assert game.position_hash(again) == game.position_hash(state)


def test_equal_clock_readings_hash_alike() -> None:
    # 5 == 5.0 and 0.0 == -0.0: the states are equal, so are their hashes
    # and their position text.
    game = patience.game("railroad-timed")
    state = game.apply(game.deal(3), "pull s1")
    data = game.to_json(state)
    for a, b in [(5, 5.0), (0.0, -0.0), (7, 7.0), (-3.0, -3)]:
        one = game.from_json({**data, "info": {**data["info"], "started": a}})
        two = game.from_json({**data, "info": {**data["info"], "started": b}})
        assert one == two and hash(one) == hash(two)
        assert game.position(one) == game.position(two)
        assert game.position_hash(one) == game.position_hash(two)
        assert game.from_position(game.position(one)) == one
    half = game.from_json({**data, "info": {**data["info"], "started": 2.5}})
    assert game.from_position(game.position(half)) == half


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_the_same_moves_hash_alike_whenever_they_were_made() -> None:
    # Two processes play the same deal with the same moves at different
    # times: the clock readings differ, the hashes do not.
    hashes = []
    for now in (1000.0, 98765.25):
        game = patience.game("railroad-timed", clock=Clock(now))
        state = game.deal(11)
        for move in ("pull s2", "pull s1", "pull s4"):
            state = game.apply(state, move)
        assert state.info["started"] == now
        hashes.append(game.position_hash(state))
    assert hashes[0] == hashes[1]
    # A position before the first pull and after it still differ.
    game = patience.game("railroad-timed", clock=Clock(1.0))
    assert game.position_hash(game.deal(11)) != hashes[0]


# -------------------------------------------------------------- bad input


@pytest.mark.parametrize("name", GAMES)
def test_deep_nesting_in_a_position_is_refused(name: str) -> None:
    game = patience.game(name)
    piles = game.position(game.deal(1)).split(" ")[0]
    for deep in ('{"a":' * 50_000 + "1" + "}" * 50_000, "[" * 100_000 + "]" * 100_000):
        with pytest.raises(InvalidStateError, match="not JSON"):
            game.from_position(f"{piles} {deep}")
    with pytest.raises(InvalidStateError, match="not JSON"):
        game.from_position(f'{piles} {{"pass": NaN}}')


@pytest.mark.parametrize("name", GAMES)
def test_every_method_that_takes_a_state_checks_it(name: str) -> None:
    game = patience.game(name)
    stranger = patience.game("spider" if name != "spider" else "klondike").deal(1)
    methods = state_methods(game)
    assert {"debt", "may_win", "score_bound", "parse_move", "legal_moves"} <= set(methods)
    for method in methods:
        call = getattr(game, method)
        params = list(inspect.signature(call).parameters.values())[1:]
        needed = [p for p in params if p.default is inspect.Parameter.empty]
        rest = ["draw"] * len(needed)
        for bad in (None, "t1", 3, stranger, stranger.piles):
            with pytest.raises(PatienceError):
                call(bad, *rest)


@pytest.mark.parametrize("name", [n for n in GAMES if patience.game(n)._counted])
def test_counters_are_bounded_when_loaded(name: str) -> None:
    game = patience.game(name)
    low, high = game.observation_bounds
    for state in positions(game, count=3):
        data = game.to_json(state)
        for key in game._counted:
            for value in (10**30, 2**31, 2**63, -1, -(2**31) - 1, 1.5, 2.0, True, False, "1"):
                bad = {**data, "info": {**data["info"], key: value}}
                try:
                    loaded = game.from_json(bad)
                except InvalidStateError:
                    continue
                # Accepted: then observed within the declared bounds.
                seen = game.observe(loaded)
                assert all(lo <= v <= hi for v, lo, hi in zip(seen, low, high))
                assert loaded.info[key] == value and type(loaded.info[key]) is type(value)
        seen = game.observe(state)
        assert all(lo <= v <= hi for v, lo, hi in zip(seen, low, high))


def test_a_huge_pass_count_is_refused() -> None:
    game = patience.game("klondike")
    data = game.to_json(game.deal(1))
    for value in (10**30, 2**31, 1.0, True):
        with pytest.raises(InvalidStateError, match="'pass'"):
            game.from_json({**data, "info": {**data["info"], "pass": value}})


@pytest.mark.parametrize("name", [n for n in GAMES if patience.game(n)._counted])
def test_every_counter_has_its_real_bound(name: str) -> None:
    # No counter is observed within the catch-all 0 to 2**31 - 1: each has the
    # range its game's rules give it, and play stays inside it.
    game = patience.game(name)
    low, high = game._counter_bounds()
    assert MAX_COUNTER not in high
    assert all(0 <= lo <= hi <= 104 for lo, hi in zip(low, high))
    for state in positions(game, count=6):
        seen = game._counter_features(state)
        assert all(lo <= v <= hi for v, lo, hi in zip(seen, low, high))


def test_pass_ranges_follow_the_passes_allowed() -> None:
    for options, top in (({"passes": 3}, 3), ({"passes": 1}, 1), ({}, 2)):
        game = patience.game("klondike", **options)
        assert game._counter_range("pass") == (1, top)
    # With unlimited passes only whether the stock has been seen matters: a
    # position in its twentieth pass observes as one in its second.
    game = patience.game("klondike")
    data = game.to_json(game.deal(1))
    twentieth = game.from_json({**data, "info": {**data["info"], "pass": 20}})
    second = game.from_json({**data, "info": {**data["info"], "pass": 2}})
    assert game.observe(twentieth) == game.observe(second)
    assert game.observe(twentieth) != game.observe(game.deal(1))
    limited = patience.game("thirteen-up")
    data = limited.to_json(limited.deal(1))
    with pytest.raises(InvalidStateError, match="'pass'"):
        limited.from_json({**data, "info": {**data["info"], "pass": 4}})
    canfield = patience.game("canfield")
    data = canfield.to_json(canfield.deal(1))
    with pytest.raises(InvalidStateError, match="'base'"):
        canfield.from_json({**data, "info": {**data["info"], "base": 14}})


@pytest.mark.parametrize("name", ["streets-and-alleys", "beleaguered-castle"])
def test_cards_above_the_dealt_places_must_build(name: str) -> None:
    game = patience.game(name)
    data = game.to_json(game.deal(1))
    piles: dict[str, Any] = data["piles"]
    tableau = [n for n in piles if n.startswith("t")]
    run = ["KS", "QS", "JS", "TS", "9S", "8S", "7S"]

    def load(top: str) -> State:
        pile = [*run, top]
        cards = [c for t in tableau for c in piles[t]["cards"] if c not in pile]
        raw = copy.deepcopy(data)
        raw["piles"]["t1"]["cards"] = pile
        others = tableau[1:]
        for k, t in enumerate(others):
            raw["piles"][t]["cards"] = cards[k :: len(others)]
        return game.from_json(raw)

    # Eight cards on a pile dealt seven (or six): the eighth came by a move,
    # so it builds on the seventh.
    with pytest.raises(InvalidStateError, match="does not build on"):
        load("2H")
    built = load("6H")
    assert [str(c) for c in built.piles["t1"].cards][-2:] == ["7S", "6H"]


def test_a_joker_standing_for_nothing_lies_on_no_face_up_card() -> None:
    # Clearing the designation of a joker played on a card makes a position
    # play cannot reach, and from which a legal move led to a position that
    # did not load: it is refused now. Searched over random play.
    game = patience.game("joker-solitaire")
    refused = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(120):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rng.choice(moves))
            data = game.to_json(state)
            for key in ("BJ", "RJ"):
                if not data["info"][key]:
                    continue
                try:
                    cleared = game.from_json({**data, "info": {**data["info"], key: ""}})
                except InvalidStateError:
                    refused += 1
                    continue
                for move in game.legal_moves(cleared):
                    after = game.apply(cleared, move)
                    assert game.from_json(game.to_json(after)) == after
    assert refused > 0


def test_a_timed_game_with_its_own_clock_copies_as_a_value() -> None:
    import pickle
    import time

    pytest.importorskip("gymnasium")
    from patience.gym import PatienceEnv

    game = patience.game("railroad-timed", clock=time.monotonic)
    state = game.apply(game.deal(1), game.legal_moves(game.deal(1))[0])
    for copier in (copy.copy, copy.deepcopy):
        assert copier(game) is game and copier(state) is state
    with pytest.raises(patience.PatienceError, match="cannot be pickled"):
        pickle.dumps(state)
    env = PatienceEnv(game)
    env.reset(seed=1)
    twin = copy.deepcopy(env)
    action = int(env.action_masks().nonzero()[0][0])
    first = env.step(action)
    second = twin.step(action)
    assert first[1:4] == second[1:4]
