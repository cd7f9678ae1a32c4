"""The solver in Spider: its estimate, stages and promising moves.

The tableau engine gives games whose runs in suit move and whose whole suits
go up (Spider) an estimate of their own, stages (the deals from the stock)
and promising moves, and the solver's best-first search takes the stages one
at a time. Every won line replays to a won position; the moves the search
leaves out never reach the exhaustive runs, so a loss is still proven by the
moves alone.
"""

from __future__ import annotations

import random
import time

import pytest
from arrange import winnable
from test_solver_seek import small_position

import patience
from patience import Game, Move, State, solve, solver
from patience.solver import _Limit, _Seeker


def replays(game: Game, state: State, moves: tuple[Move, ...]) -> bool:
    for move in moves:
        state = game.apply(state, move)
    return game.is_won(state)


def spider(suits: int, layout: str = "standard") -> Game:
    return patience.game("spider", suits=suits, layout=layout)


def seek(game: Game, state: State, budget: int) -> _Seeker:
    """A best-first search of ``state`` alone, for at most ``budget`` positions."""
    estimate = game.search_estimate(state)
    assert isinstance(estimate, int)
    limit = _Limit(time.perf_counter, time.perf_counter(), 600.0)
    seeker = _Seeker(game, 0, state, 0, estimate, limit, 100_000, {}, {}, set())
    seeker.search(budget)
    return seeker


@pytest.mark.parametrize(
    ("suits", "layout", "seed"),
    [
        (1, "standard", 0),
        pytest.param(1, "standard", 1, marks=pytest.mark.soak),
        pytest.param(1, "hoyle", 2, marks=pytest.mark.soak),
        pytest.param(2, "standard", 0, marks=pytest.mark.soak),
        (2, "hoyle", 1),
        pytest.param(4, "standard", 3, marks=pytest.mark.soak),  # the slowest: a long run
    ],
)
def test_won_lines_replay(suits: int, layout: str, seed: int) -> None:
    # A node limit and no time limit: the same search on every machine.
    game = spider(suits, layout)
    state = game.deal(seed)
    found = solve(game, state, max_nodes=60_000)
    assert found.won, (found.status, found.nodes)
    assert found.nodes <= 60_000
    assert replays(game, state, found.moves)
    again = solve(game, state, max_nodes=60_000)
    assert (again.moves, again.nodes) == (found.moves, found.nodes)


def test_the_solver_policy_wins_a_deal_of_one_suit() -> None:
    sim = patience.simulate(spider(1), "solver", [0, 1], max_nodes=60_000, max_seconds=None, jobs=1)
    assert sim.wins == 2 and sim.unresolved == 0


def test_stages_count_the_cards_out_of_the_stock() -> None:
    game = spider(2)
    state = game.deal(5)
    assert game.search_stage(state) == 104 - 50
    for move in game.legal_moves(state):
        after = game.apply(state, move)
        assert game.search_stage(after) == 54 + (10 if move.kind == "deal" else 0)
    hoyle = spider(2, "hoyle")
    assert hoyle.search_stage(hoyle.deal(5)) == 50


@pytest.mark.parametrize("name", sorted(patience.games()))
def test_stages_never_fall_and_promising_moves_are_legal_moves(name: str) -> None:
    game = patience.game(name)
    rng = random.Random(name)
    state = game.deal(game.seeds[0])
    for _ in range(60):
        moves = game.legal_moves(state)
        if not moves or game.is_over(state, search=False):
            break
        stage = game.search_stage(state)
        promising = game.promising_moves(state)
        if promising is not None:
            # Some of the legal moves, in their order.
            listed = iter(moves)
            assert all(any(m == n for n in listed) for m in promising)
        move = rng.choice(moves)
        state = game.apply(state, move)
        if stage is None:
            assert game.search_stage(state) is None
        else:
            later = game.search_stage(state)
            assert isinstance(later, int) and later >= stage


@pytest.mark.parametrize("name", ["klondike", "freecell", "napoleon", "scorpion", "railroad"])
def test_other_games_name_no_promising_moves(name: str) -> None:
    game = patience.game(name)
    assert game.promising_moves(game.deal(game.seeds[0])) is None


def position(game: Game, tops: dict[str, list[str]]) -> State:
    """A Spider position in two suits with two suits of each colour up:
    ``tops`` gives the face-up cards of some of the piles ``t1`` to ``t9``,
    each on one face-down card; the others are spaces, and the cards left
    over are the stock, and the few it cannot hold lie on ``t10``."""
    data = game.deal(0).to_json()
    piles = data["piles"]
    for name in piles:
        piles[name] = {"cards": [], "down": 0}
    for k, suit in enumerate("SSHH"):
        piles[f"f{k + 1}"] = {"cards": [r + suit for r in "A23456789TJQK"], "down": 0}
    left = [r + s for s in "SSHH" for r in "A23456789TJQK"]
    for cards in tops.values():
        for card in cards:
            left.remove(card)
    for name, cards in tops.items():
        piles[name] = {"cards": [left.pop(), *cards], "down": 1}
    over = len(left) % 10  # the stock deals ten at a time: the rest on t10
    if over:
        piles["t10"] = {"cards": left[:over], "down": over - 1}
    piles["stock"] = {"cards": left[over:], "down": len(left) - over}
    return game.from_json(data)


def test_promising_moves_leave_out_runs_moved_off_the_cards_they_build_on() -> None:
    game = spider(2)
    state = position(game, {"t1": ["9H", "8H"], "t2": ["9S", "8H"], "t3": ["9S"], "t4": ["9H"]})
    legal = {(m.source, m.target, m.count) for m in game.legal_moves(state)}
    kept = {(m.source, m.target, m.count) for m in game.promising_moves(state) or ()}
    assert kept <= legal
    # 8H off the 9H it is built on in suit: the same run elsewhere.
    for target in ("t3", "t4", "t5"):
        assert ("t1", target, 1) in legal and ("t1", target, 1) not in kept
    # 9H 8H into the space turns the card under them.
    assert ("t1", "t5", 2) in kept
    # 8H off a 9S: onto the 9H of its suit, or into a space, but not onto
    # the other 9S.
    assert ("t2", "t4", 1) in kept and ("t2", "t5", 1) in kept
    assert ("t2", "t3", 1) in legal and ("t2", "t3", 1) not in kept
    # The deal is kept where it is legal; here a space forbids it.
    assert not any(m.kind == "deal" for m in game.legal_moves(state))


def test_the_estimate_weighs_what_stands_between_a_position_and_a_win() -> None:
    game = spider(2)
    state = position(game, {"t1": ["9H", "8H"], "t2": ["9S", "8H"], "t3": ["9S"], "t4": ["9H"]})
    start = game.search_estimate(state)
    assert isinstance(start, int)

    def after(source: str, target: str, count: int = 1) -> int:
        moved = game.apply(state, Move("move", source, target, count))
        value = game.search_estimate(moved)
        assert isinstance(value, int)
        return value - start

    # 8H off the 9S onto the 9H: on its own suit's card where it lay on
    # another suit's, 6 less; onto the other 9S, no change.
    assert after("t2", "t4") == -6
    assert after("t2", "t3") == 0
    # Into a space: 6 less, but the space, worth 30, is gone.
    assert after("t2", "t5") == -6 + 30
    # 9H 8H into a space turns the card under them, worth 20: a king,
    # which as a pile built from a king on nothing takes 4 more off.
    assert str(state.piles["t1"].cards[0]) == "KH"
    assert after("t1", "t5", 2) == -20 - 4 + 30
    # Five face-down cards (one under 2S on t10) and forty in the stock, 20
    # each; 8H on the 9S, 6; five spaces, 30 each off; four suits up, 300
    # each off.
    assert start == 20 * (5 + 40) + 6 - 30 * 5 - 300 * 4
    # As dealt: 44 cards face down and 50 in the stock, every face-up card
    # on a face-down one.
    assert game.search_estimate(game.deal(0)) == 20 * (44 + 50)


@pytest.mark.soak  # about 20 s: run with the long runs (pytest -m soak), as .ci/run does
def test_the_exhaustive_runs_never_leave_a_move_out(monkeypatch: pytest.MonkeyPatch) -> None:
    # With no move promising at all, the best-first search finds nothing;
    # the runs, which try every legal move, still win small positions, the
    # lines replaying, and never call a winnable one lost.
    game = spider(4)
    monkeypatch.setattr(type(game), "_promising_moves", lambda self, state: ())
    rng = random.Random("stages")
    won = 0
    for _ in range(3):
        state = small_position(game, rng, left=8)
        assert not game.is_won(state) and game.legal_moves(state)
        assert seek(game, state, 2_000).win_line is None
        found = solve(game, state, max_nodes=20_000)
        if found.won:
            won += 1
            assert replays(game, state, found.moves)
        else:
            assert winnable(game, state, 20_000) is not True
    assert won


def test_the_staged_search_goes_on_where_its_slice_ended() -> None:
    # Slices of any size make the same search as one slice of their sum,
    # across the ends of stages.
    game = spider(2)
    state = game.deal(3)
    whole = seek(game, state, 9_000)
    parts = seek(game, state, 1)
    total = 1
    for size in (7, 1_500, 2_492, 5_000):
        total += parts.search(size)
    assert total == 9_000
    assert parts.stage == whole.stage and parts.stage != game.search_stage(state)
    assert sorted(parts.queue) == sorted(whole.queue)
    assert len(parts.roots) == len(whole.roots)


def test_stages_are_searched_depth_first_then_again_with_more_patience(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With little patience, every stage's search ends soon: the search goes
    # on from the two best positions of the next stage, depth first, and
    # back to the root with twice the patience once every stage is done.
    monkeypatch.setattr(solver, "_STAGE_PATIENCE", 20)
    game = spider(4)
    state = game.deal(6)
    first = game.search_stage(state)
    assert first is not None
    seeker = seek(game, state, 1_000)
    assert seeker.stage is not None and seeker.stage > first
    assert seeker.roots and all(game.search_stage(node[0]) > first for _, node in seeker.roots)
    assert seeker.patience == 20
    seeker.search(30_000)
    assert seeker.patience > 20


def test_a_game_pickled_by_value_estimates_the_same_from_an_empty_cache() -> None:
    import pickle

    from patience.games.spider import spider_rules
    from patience.tableau import TableauGame

    game = TableauGame("my-spider", spider_rules(2, "standard"), {})
    state = game.deal(4)
    before = game.search_estimate(state)
    again = pickle.loads(pickle.dumps(game))
    assert "_run_costs" not in again.__dict__
    assert again.search_estimate(again.deal(4)) == before
    assert again.search_stage(again.deal(4)) == 54
