"""Game over made cheap and final: the cheap proof, the stall rule, worrying back.

The proof that no progress is left (``Game._stuck``) is checked against an
exhaustive search of its own here, on positions of random play in every
game of the tableau engine and its variants; the stall rule's count through
apply, saving, loading, events and the option; and worrying back against
the rule that a game goes on while more cards can go up than are up now.
"""

from __future__ import annotations

import json
import random
from collections import deque

import pytest

import patience
from patience import Game, State
from patience.tableau import TableauGame

GAMES = patience.games()
TABLEAU = [n for n in GAMES if isinstance(patience.game(n), TableauGame)]
VARIANTS = [(name, {}) for name in TABLEAU] + [
    ("klondike", {"draw": 1}),
    ("klondike", {"worrying_back": True, "partial_runs": True}),
    ("single-rail", {"worrying_back": True}),
    ("spider", {"suits": 1}),
    ("spider", {"suits": 2}),
    ("freecell", {"cells": 2}),
    ("freecell", {"cells": 0}),
    ("emperor", {"worrying_back": False}),
]


def _reachable_progress(game: Game, state: State, cap: int) -> bool | None:
    """Whether some sequence of legal moves from ``state`` makes progress (or,
    with worrying back, puts more cards up than ``state`` has), by a plain
    breadth-first search over the positions as they are (their piles and
    counters: no canonical keys, none of the library's searches); ``None``
    when more than ``cap`` positions are reachable without it."""
    mark = game.progress(state)
    standing = game._standing(state)
    seen = {(state.pile_tuple, state.info)}
    queue = deque([state])
    while queue:
        here = queue.popleft()
        for move in game.legal_moves(here):
            child = game.apply(here, move)
            if game.progress(child) != mark:
                return True
            if standing is not None and game._standing(child) > standing:  # type: ignore[operator]
                return True
            place = (child.pile_tuple, child.info)
            if place not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(place)
                queue.append(child)
    return False


def _proofs_hold(
    name: str,
    options: dict[str, object],
    seeds: range,
    cap: int,
    moves: int = 2_000,
    wander: int = 12,
) -> int:
    """Play ``seeds`` at random, and at every position where the cheap proof
    says no progress is left, check it by the plain search; past the end of
    each game, wander on among the positions without progress and check
    there too. Returns how many proofs were checked to the end."""
    game = patience.game(name, **options)
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seed)
        left = wander
        for _ in range(moves):
            legal = game.legal_moves(state)
            if not legal or game.is_won(state):
                break
            if game._stuck(state):
                found = _reachable_progress(game, state, cap)
                assert found is not True, (seed, game.position(state))
                checked += found is False
            if game.is_over(state):
                left -= 1
                if not left:
                    break
            state = game.apply(state, rng.choice(legal))
    return checked


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_the_cheap_proof_never_ends_a_game_that_can_go_on(
    name: str, options: dict[str, object]
) -> None:
    checked = _proofs_hold(name, options, range(3), cap=3_000, moves=400, wander=3)
    if name in ("klondike", "canfield", "spider", "streets-and-alleys", "freecell"):
        assert checked  # these games end by the proof in their first deals


@pytest.mark.soak
@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_the_cheap_proof_never_ends_a_game_that_can_go_on_long(
    name: str, options: dict[str, object]
) -> None:
    _proofs_hold(name, options, range(3, 20), cap=30_000)


def test_the_proof_settles_the_game_after_a_short_search() -> None:
    # Klondike's deal 2 is over at once: the proof shows it, and the search
    # that comes first meets its few positions (the draws) and ends there.
    game = patience.game("klondike")
    state = game.deal(2)
    assert game._stuck(state)
    assert game.is_over(state) and len(game._verdicts) <= 17
    assert game.result(state).ending == "no progress"
    assert game.progress_line(state) is None


def test_the_quick_proof_settles_a_large_region_after_a_few_positions() -> None:
    # Where the quick part of the proof shows a position over, the search
    # stops after 16 positions, however large the region: the root alone is
    # recorded, unless the search saw the whole region first (then a few
    # positions are). Found on random Spider play.
    from patience import progress

    game = patience.game("spider", suits=1)
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game.deal(seed)
        while not game.is_over(state, search=False):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            fresh = patience.game("spider", suits=1)
            copy = fresh.from_json(state.to_json())
            if fresh._stuck(copy, whole=False) and not progress._quick_progress(
                fresh, copy, fresh.legal_moves(copy)
            ):
                assert fresh.is_over(copy)
                recorded = len(fresh._verdicts)
                assert recorded < 64, recorded
                seen += recorded <= 1
        if seen >= 3:
            break
    assert seen


def test_the_positions_a_move_leads_to_are_keyed_as_made() -> None:
    # The search skips making a move whose position it has met: the key it
    # works out without making the move must be the key of the position made.
    told_in: dict[str, int] = {}
    for name, options in VARIANTS:
        game = patience.game(name, **options)
        rng = random.Random(name)
        state = game.deal(1)
        told = 0
        for _ in range(150):
            moves = game.legal_moves(state)
            if not moves:
                break
            keys = game._moved_keys(state, moves)
            if keys is not None:
                for move, known in zip(moves, keys):
                    if known is None:
                        continue
                    child, progressed = game._advance(state, move, game.progress(state))
                    assert not progressed, (name, move)
                    assert known == (game._search_key(child), game._standing(child)), (name, move)
                    told += 1
            state = game.apply(state, rng.choice(moves))
        told_in[name] = told_in.get(name, 0) + told
    for name in ("klondike", "spider", "freecell", "emperor", "streets-and-alleys", "yukon"):
        assert told_in[name], name


# ------------------------------------------------------------ worrying back

WORRY = [
    "draw",
    "draw",
    "t7-t2",
    "draw",
    "waste-t7",
    "t1-t2",
    "draw",
    "draw",
    "waste-f2",
    "draw",
    "draw",
    "f2-t7",
    "t7-f1",
    "draw",
    "redeal",
    "draw",
    "draw",
    "draw",
    "draw",
    "draw",
    "waste-t5",
    "draw",
    "waste-f2",
    "draw",
    "draw",
    "t7-f2",
    "redeal",
    "draw",
    "f2-t7",
    "draw",
    "t7-f2",
    "draw",
    "draw",
    "draw",
    "f2-t7",
    "draw",
    "draw",
]


def test_with_worrying_back_the_game_goes_on_while_more_cards_can_go_up() -> None:
    # Klondike with worrying back, deal 40: the foundations have held three
    # cards and hold two; putting the 3 back up is no progress (the most they
    # have held), but it raises the score, so the game is not over yet.
    game = patience.game("klondike", worrying_back=True)
    state = game.deal(40)
    for move in WORRY:
        state = game.apply(state, move)
    assert game.score(state) == 2 and state.info["peak"] == 3
    assert not game.is_over(state)
    assert game.progress_line(state) == (patience.Move("move", "t7", "f2"),)
    after = game.apply(state, "t7-f2")
    assert game.score(after) == 3 and game.is_over(after)
    assert game.result(after).ending == "no progress"
    # The stall count still counts progress by the most the foundations have
    # held: the card going back up made none.
    assert after.idle == state.idle + 1


def test_worrying_back_endings_keep_the_best_score_reachable() -> None:
    # Wherever random play ends a game with worrying back by the search,
    # no position reachable from it has more cards up.
    game = patience.game("klondike", worrying_back=True, draw=1)
    ended = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.deal(seed)
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if game.result(state).ending == "no progress":
            ended += 1
            assert _reachable_progress(game, state, 20_000) is False
    assert ended


# ------------------------------------------------------------------ stall


def test_every_game_ends_in_the_naive_loop() -> None:
    # The loop every user writes first ends in every game: by the rules, by
    # a proof, or by the stall rule (here after 60 moves without progress,
    # to keep the test short).
    for name in GAMES:
        game = patience.game(name, stall=60)
        for seed in range(2):
            rng = random.Random(seed)
            state = game.deal(seed)
            moves = 0
            while not game.is_over(state):
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                moves += 1
                assert moves < 20_000, name
            result = game.result(state)
            assert result.over and result.ending is not None
            if result.ending == "stalled":
                assert state.idle >= 60 and game.legal_moves(state)


def test_the_stall_count_goes_up_without_progress_and_back_to_nought_with_it() -> None:
    game = patience.game("klondike", forced_aces=False)
    state = game.deal(7)
    assert state.idle == 0
    after = game.apply(state, "draw")
    assert after.idle == 1 and game.progress(after) == game.progress(state)
    after = game.apply(after, "draw")
    assert after.idle == 2
    up = game.apply(state, "t7-f1")  # an ace goes up: progress
    assert up.idle == 0
    # Railroad's every move is progress: its count never moves.
    railroad = patience.game("railroad")
    line = railroad.apply(railroad.deal(2026), "pull s3")
    assert line.idle == 0


def test_a_stalled_game_is_over_and_stays_so() -> None:
    game = patience.game("klondike", stall=3, forced_aces=False)
    assert game.stall == 3 and game.options["stall"] == 3
    state = game.deal(7)
    for _ in range(3):
        assert not game.is_over(state) or game._stuck(state)
        state = game.apply(state, "draw")
    assert state.idle == 3 and game.is_over(state) and game.is_over(state, search=False)
    result = game.result(state)
    assert result.ending == "stalled" and "stalled" in result.summary()
    assert game.movers(state) == ()
    # Moves stay legal; progress made after the end does not bring it back.
    assert game.legal_moves(state)
    onward = state
    for move in ("t7-f1",):
        onward = game.apply(onward, move)
    assert onward.idle == 4 and game.is_over(onward)


def test_the_stall_option_is_checked_kept_and_turned_off() -> None:
    assert patience.STALL_MOVES == 1_000
    default = patience.game("spider")
    assert default.stall == 1_000 and "stall" not in default.options
    assert patience.game("spider", stall=1_000) == default
    off = patience.game("spider", stall=None)
    assert off.stall is None and off.options["stall"] is None and off != default
    assert "stall=None" in repr(off)
    for bad in (0, -5, True, 1.5, "10", 2**40):
        with pytest.raises(patience.InvalidOptionError, match="stall"):
            patience.game("klondike", stall=bad)
    with pytest.raises(patience.InvalidOptionError, match="stall"):
        patience.game("klondike", stal=10)
    # A game without the rule never stalls.
    state = off.deal(1)
    busy = off.make_state(dict(state.piles), state.info, idle=50_000)
    assert not off.is_over(busy, search=False) or not off.legal_moves(busy)
    # Records and pickles keep the option.
    import pickle

    again = pickle.loads(pickle.dumps(patience.game("klondike", stall=7)))
    assert again.stall == 7
    record = patience.Record.start(patience.game("klondike", stall=7), seed=3)
    assert patience.Record.from_json(record.to_json()).make_game().stall == 7


def test_the_count_is_saved_shown_and_loaded() -> None:
    game = patience.game("klondike")
    state = game.deal(2)
    for _ in range(5):
        state = game.apply(state, "draw")
    assert state.idle == 5
    data = state.to_json()
    assert data["idle"] == 5 and "idle" not in game.deal(2).to_json()
    assert game.from_json(data) == state and game.from_json(data).idle == 5
    assert patience.state_from_json(json.dumps(data)) == state
    text = game.position(state)
    assert text.endswith(" 5") and game.from_position(text) == state
    assert game.from_position(text).idle == 5
    # The stable hash leaves the count out: the position plays alike.
    assert game.position_hash(state) == game.position_hash(state._with_idle(0))
    assert "idle: 5 moves without progress (the game stalls at 1000)" in str(state)
    assert game.view(state).idle == 5
    # Equality counts it; same_position does not.
    fresh = game.from_json({**data, "idle": 0})
    assert fresh != state and fresh.same_position(state) and hash(fresh) != hash(state)
    for bad in (-1, 1.5, True, "3", 2**40):
        with pytest.raises(patience.InvalidStateError, match="idle"):
            game.from_json({**data, "idle": bad})
    railroad = patience.game("railroad")
    saved = railroad.deal(1).to_json()
    with pytest.raises(patience.InvalidStateError, match="idle"):
        railroad.from_json({**saved, "idle": 3})
    with pytest.raises(patience.PatienceError, match="idle"):
        game.make_state(dict(state.piles), state.info, idle=-1)


def test_the_count_is_an_event() -> None:
    game = patience.game("klondike", forced_aces=False)
    state = game.deal(7)
    after, events = game.apply_events(state, "draw")
    assert events[-1] == patience.events.IdleCounted(0, 1)
    assert game.play_events(state, events) == after
    back, events = game.apply_events(after, "t7-f1")
    assert patience.events.IdleCounted(1, 0) in events
    assert game.play_events(after, events) == back


def test_simulations_and_sessions_count_stalled_deals_as_ended() -> None:
    game = patience.game("emperor", stall=40)
    sim = patience.simulate(game, "random", range(3))
    assert sim.cut == 0
    assert sum(sim.endings.values()) == 3
    assert set(sim.endings) <= {"stalled", "no progress", "no moves", "won"}
    session = patience.Session(patience.game("klondike", stall=2, forced_aces=False), seed=7)
    session.do("draw")
    session.do("draw")
    assert session.is_over() and session.result().ending == "stalled"


# ------------------------------------------------------- the engine's walk


def _walk(steps: object, root: object, root_key: object, cap: int) -> tuple[bool, set] | None:
    """Every key a region's steps reach from ``root`` (breadth first), and
    whether some step makes progress; ``None`` past ``cap`` positions."""
    from patience.progress import RegionSteps

    assert isinstance(steps, RegionSteps)
    seen = {root_key}
    queue = deque([root])
    while queue:
        node = queue.popleft()
        children = steps.expand(node, seen, True)
        if children is None:
            return True, seen
        for key, child, _level in children:
            if key not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(key)
                queue.append(child)
    return False, seen


def _walks_agree(
    name: str, options: dict[str, object], seeds: range, moves: int, every: int, cap: int
) -> int:
    """Compare the engine's walk with the default steps on whole regions of
    random positions; returns how many were compared."""
    from patience.progress import StateSteps
    from patience.tableau.region import PileSteps

    game = patience.game(name, **options)
    compared = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seed)
        for step in range(moves):
            legal = game.legal_moves(state)
            if not legal:
                break
            steps = game._region_steps(state, legal)
            if step % every == 0 and isinstance(steps, PileSteps):
                # A copy of the position, so that the default steps ask it for
                # progress as they would any position but the one asked about.
                copy = game.from_json(state.to_json())
                plain = StateSteps(game, state, legal)
                key = game._search_key(state)
                walked = _walk(steps, steps.root, key, cap)
                made = _walk(plain, copy, key, cap)
                if walked is not None and made is not None:
                    assert walked[0] == made[0], (seed, step, game.position(state))
                    if not walked[0]:
                        assert walked[1] == made[1], (seed, step, game.position(state))
                    compared += 1
            # Turning the stock often, so that it runs out: the walk takes
            # only positions without a stock to turn.
            draws = [m for m in legal if m.kind in ("draw", "deal")]
            state = game.apply(
                state, draws[0] if draws and rng.random() < 0.3 else rng.choice(legal)
            )
    return compared


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_the_engine_walks_a_region_as_the_moves_do(name: str, options: dict[str, object]) -> None:
    # The walk over piles' codes meets exactly the positions (by search key)
    # that making the moves on states meets, and finds progress where they
    # do: compared on whole regions of random positions.
    compared = _walks_agree(name, options, range(2), moves=240, every=6, cap=400)
    game = patience.game(name, **options)
    if name not in ("canfield", "joker-solitaire") and game.rules.passes is not None:
        assert compared, name  # (the waste can be turned over while a pass makes progress)


@pytest.mark.soak
@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_the_engine_walks_a_region_as_the_moves_do_long(
    name: str, options: dict[str, object]
) -> None:
    _walks_agree(name, options, range(2, 8), moves=600, every=3, cap=3_000)
