"""A move means one thing: caches never change what a move does.

Every ``patience.game(...)`` call and every loaded state makes a new, equal game
object, so states, moves and games of different (equal) objects meet all the
time. These tests mix them on purpose, share games between threads, and check
that a game refuses states of other games and cannot be changed.
"""

from __future__ import annotations

import pickle
import random
import sys
import threading
from collections.abc import Iterator

import pytest

import patience
from patience import (
    ForeignStateError,
    Game,
    InvalidStateError,
    PatienceError,
    State,
)

GAMES = patience.games()


def positions(game: Game, seed: int, count: int, rng: random.Random) -> Iterator[State]:
    """Up to ``count`` positions of one random game, the deal first."""
    state = game.deal(seed)
    for _ in range(count):
        yield state
        moves = game.legal_moves(state)
        if not moves:
            return
        state = game.apply(state, rng.choice(moves))


def comparable(state: State) -> dict[str, object]:
    """A state's JSON, less the clock reading a timed game takes at its first move."""
    data = state.to_json()
    if data["info"].get("started") is not None:
        data["info"]["started"] = "a time"
    return data


@pytest.mark.parametrize("name", GAMES)
def test_moves_listed_by_an_equal_game_apply_the_same(name: str) -> None:
    """List with one game object, apply with another (as after loading a state)."""
    rng = random.Random(name)
    game = patience.game(name)
    checked = 0
    for seed in range(2):
        lister = patience.game(name)  # a third object, with caches of its own
        for state in positions(game, seed, 12, rng):
            loaded = patience.state_from_json(state.to_json())
            assert loaded.game is not game and loaded.game == game
            listed = lister.legal_moves(loaded)
            for move in rng.sample(listed, min(len(listed), 8)):
                got, want = loaded.game.apply(loaded, move), game.apply(state, move)
                assert comparable(got) == comparable(want), move
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_listing_handed_down_by_apply_is_the_listing_made_afresh(name: str) -> None:
    """A game may give the position it makes the listing it has already worked
    out for it (Railroad, Double Solitaire); the same position loaded from
    JSON, with nothing remembered, lists the same moves."""
    rng = random.Random(f"handed down {name}")
    game = patience.game(name)
    handed = 0
    for seed in range(3):
        for state in positions(game, seed, 60, rng):
            handed += state._memo is not None
            fresh = game.from_json(game.to_json(state))
            assert fresh._memo is None
            assert game.legal_moves(state) == game.legal_moves(fresh)
    if name in ("railroad", "double-solitaire"):
        assert handed > 0  # the path under test was taken


def test_a_klondike_run_move_from_another_game_moves_the_run() -> None:
    """The case that once dealt the stock instead of moving ``t5-t7 x2``."""
    game = patience.game("klondike")
    rng = random.Random(1)
    for seed in range(100):
        for state in positions(game, seed, 300, rng):
            runs = [m for m in game.legal_moves(state) if m.count > 1]
            if not runs:
                continue
            loaded = patience.state_from_json(state.to_json())
            fresh = patience.game("klondike")
            move = next(m for m in fresh.legal_moves(loaded) if m == runs[0])
            after = loaded.game.apply(loaded, move)
            source, target = after.piles[move.source], after.piles[move.target]  # type: ignore[index]
            assert source.cards == state.piles[move.source].cards[: -move.count]  # type: ignore[index]
            assert target.cards[-move.count :] == state.piles[move.source].cards[-move.count :]  # type: ignore[index]
            assert after.piles["stock"] == state.piles["stock"]
            return
    raise AssertionError("no run move found")


@pytest.mark.parametrize(
    "method", ["legal_moves", "is_over", "scores", "winners", "result", "view", "to_json"]
)
def test_a_game_refuses_another_games_state(method: str) -> None:
    klondike = patience.game("klondike")
    railroad_state = patience.game("railroad").deal(1)
    with pytest.raises(ForeignStateError, match="railroad"):
        getattr(klondike, method)(railroad_state)
    draw_one = patience.game("klondike", draw=1).deal(1)
    with pytest.raises(ForeignStateError):
        getattr(klondike, method)(draw_one)


@pytest.mark.parametrize("method", ["legal_moves", "is_over", "scores", "winners", "apply"])
def test_a_game_refuses_what_is_not_a_state(method: str) -> None:
    game = patience.game("klondike")
    args: tuple[object, ...] = (None, "draw") if method == "apply" else (None,)
    with pytest.raises(InvalidStateError, match="expected a State"):
        getattr(game, method)(*args)


def test_a_foreign_move_is_refused_not_reinterpreted() -> None:
    spider = patience.game("spider")
    state = spider.deal(3)
    with pytest.raises(PatienceError):
        spider.apply(state, "pull s1")
    assert spider.apply(state, "deal") == spider.apply(state, patience.Move("deal", "stock"))


@pytest.mark.parametrize("name", GAMES)
def test_one_game_shared_by_threads_plays_as_sequential_play(name: str) -> None:
    """Eight threads on one fresh game object end where one thread does."""

    def playout(game: Game, seed: int) -> State:
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(200):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rng.choice(moves))
        return state

    seeds = range(8)
    expected = [comparable(playout(patience.game(name), s)) for s in seeds]
    shared = patience.game(name)
    got: dict[int, object] = {}
    errors: list[BaseException] = []

    def work(part: range) -> None:
        try:
            for s in part:
                got[s] = comparable(playout(shared, s))
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(seeds[k::8],)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert not errors
    assert [got[s] for s in seeds] == expected


def test_games_cannot_be_changed() -> None:
    game = patience.game("railroad")
    with pytest.raises(TypeError):
        game.options["sidings"] = 3  # type: ignore[index]
    for name, value in (("name", "klondike"), ("layout", ()), ("options", {}), ("title", "x")):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(game, name, value)
    with pytest.raises(AttributeError, match="immutable"):
        del game.name
    assert game == patience.game("railroad")
    assert patience.state_from_json(game.deal(4).to_json()).game == game
    # The sealed game still pickles, as itself.
    assert pickle.loads(pickle.dumps(game)) == game


def test_states_keep_no_public_cache() -> None:
    state = patience.game("klondike").deal(1)
    assert not hasattr(state, "set_memo") and not hasattr(state, "memo")
    with pytest.raises(AttributeError):
        state.info = patience.Info()  # type: ignore[misc]


def test_equal_games_of_different_classes_differ() -> None:
    """Game identity includes the class's module, not its bare name."""
    a = patience.game("railroad")
    assert a._key[0].endswith(".Railroad") and "." in a._key[0]


def test_move_preferences_check_their_argument() -> None:
    game = patience.game("single-rail")
    state = game.deal(27)
    moves = game.legal_moves(state)
    assert game.move_preferences(state) == tuple(0 if m.kind == "draw" else 1 for m in moves)
    assert patience.game("klondike").move_preferences(patience.game("klondike").deal(3)) is None
    with pytest.raises(ForeignStateError):
        game.move_preferences(patience.game("railroad").deal(1))
    with pytest.raises(InvalidStateError):
        game.move_preferences(None)  # type: ignore[arg-type]


def test_move_scores_check_their_arguments() -> None:
    game = patience.game("klondike")
    state = game.deal(3)
    told = game.move_scores(state)
    assert told == tuple(game.score(game.apply(state, m)) for m in game.legal_moves(state))
    with pytest.raises(ForeignStateError):
        game.move_scores(patience.game("railroad").deal(1))
    with pytest.raises(InvalidStateError):
        game.move_scores(None)  # type: ignore[arg-type]
    with pytest.raises(PatienceError, match="no player 1"):
        game.move_scores(state, 1)
