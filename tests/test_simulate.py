"""Simulation, policies, hints, parallel and distributed runs."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import patience
from patience import PatienceError, State, simulate, wilson_interval
from patience.policies import HiddenInfoPolicy, make_policy, sample_world

GAMES = patience.games()


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(10, 100)
    assert low == pytest.approx(0.0552, abs=5e-4) and high == pytest.approx(0.1744, abs=5e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_results_are_reproducible_serial_and_parallel() -> None:
    serial = simulate("railroad", "random", 60)
    again = simulate("railroad", "random", 60)
    pooled = simulate("railroad", "random", 60, jobs=2, chunk_size=7)
    threads = simulate("railroad", "random", 60, executor=ThreadPoolExecutor(3), chunk_size=5)
    key = [(r.seed, r.scores, r.moves, r.won) for r in serial.results]
    for other in (again, pooled, threads):
        assert [(r.seed, r.scores, r.moves, r.won) for r in other.results] == key


@pytest.fixture(scope="module")
def process_pool() -> Iterator[ProcessPoolExecutor]:
    """One pool of two worker processes for the tests of this module."""
    with ProcessPoolExecutor(2) as pool:
        yield pool


@pytest.mark.parametrize("name", GAMES)
def test_every_game_runs_in_a_process_pool(name: str, process_pool: ProcessPoolExecutor) -> None:
    # Games, states and policies travel to the workers and back. A move guard
    # keeps the long games short; cut deals must agree too.
    pooled = simulate(name, "random", 4, executor=process_pool, chunk_size=2, max_moves=60)
    serial = simulate(name, "random", 4, max_moves=60)
    assert [(r.scores, r.cut, r.moves) for r in pooled.results] == [
        (r.scores, r.cut, r.moves) for r in serial.results
    ]


def test_statistics() -> None:
    sim = simulate("railroad", "greedy", range(40))
    assert sim.deals == 40 and sim.policy == "greedy"
    assert sum(sim.score_counts.values()) == 40
    assert all(s % 2 == 0 for s in sim.score_counts)
    assert sim.mean_moves == 52
    low, high = sim.interval
    assert low <= sim.win_rate <= high
    data = sim.to_json()
    assert data["deals"] == 40 and len(data["results"]) == 40
    assert "greedy policy" in sim.summary()


def test_solver_policy_reports_unresolved_deals() -> None:
    sim = simulate("klondike", "solver", [1, 2], max_nodes=200, max_seconds=None)
    assert sim.deals == 2
    assert sim.unresolved + sim.wins <= 2
    low, high = sim.interval
    assert low <= sim.win_rate <= high
    if sim.unresolved:
        assert high >= wilson_interval(sim.wins + sim.unresolved, 2)[1] - 1e-9


def test_thoughtful_railroad_wins() -> None:
    sim = simulate("railroad", "solver", range(5))
    assert sim.wins == 5 and sim.unresolved == 0


@pytest.mark.parametrize("name", GAMES)
def test_policies_play_every_game(name: str) -> None:
    # By name, through simulate (test_protocol plays both built-in players
    # through the protocol to the end of every game).
    sim = simulate(name, "random", [1])
    assert sim.deals == 1
    game = patience.game(name)
    for r in sim.results:
        # A deal can be over before the first move (no progress is possible).
        assert r.moves > 0 or game.is_over(game.deal(r.seed))
        assert len(r.scores) == game.players
        # A cut deal is one whose game could not be shown to be over: it goes on.
        assert r.cut == (r.ending is None)


@pytest.mark.parametrize("name", ["railroad", "klondike", "single-rail", "railroad-race"])
def test_hidden_policy_sees_only_the_view(name: str) -> None:
    game = patience.game(name)
    state = game.deal(3)
    rng = random.Random(1)
    view = game.view(state)
    world = sample_world(game, view, rng)
    # The sample agrees with everything visible and has the game's cards.
    for pile_name, pile in view.piles.items():
        for seen, card in zip(pile.cards, world.piles[pile_name].cards):
            assert seen.is_hidden or seen == card
    assert sorted(c for p in world.piles.values() for c in p.cards) == sorted(game.deck)
    policy = HiddenInfoPolicy(samples=2)
    move = policy.choose(game, state, rng)
    assert move in game.legal_moves(state)


def test_hidden_policy_ignores_the_hidden_cards() -> None:
    # Two deals that look the same to the player get the same choice.
    game = patience.game("railroad")
    state = game.deal(11)
    data = state.to_json()
    buried = data["piles"]["s1"]["cards"]
    buried[0], buried[1] = buried[1], buried[0]
    twin = game.from_json(data)
    assert twin != state and game.view(twin) == game.view(state)
    policy = HiddenInfoPolicy(samples=3)
    assert policy.choose(game, state, random.Random(5)) == policy.choose(
        game, twin, random.Random(5)
    )


def test_hidden_policy_plays_out_equivalent_moves_once() -> None:
    class Counting(HiddenInfoPolicy):
        played = 0

        def _play_out(self, *args: Any) -> State:
            self.played += 1
            return super()._play_out(*args)

    # Napoleon deal 2 with aces a choice: the A♠ may start any of the eight
    # foundations, which are alike, so those eight moves lead to one position.
    # The honest player plays out each kind of move once per sample.
    game = patience.game("napoleon", forced_aces=False)
    state = game.deal(2)
    moves = game.legal_moves(state)
    kinds = {game.canonical_key(game.apply(state, m)) for m in moves}
    assert len(moves) == 11 and len(kinds) == 4
    policy = Counting(samples=2)
    choice = policy.choose(game, state, random.Random(3))
    assert choice in moves and policy.played == 2 * len(kinds)


def test_greedy_policy_does_not_put_off_a_redeal() -> None:
    # Klondike deal 7 after its first pass: two tableau moves and the redeal,
    # none of which scores or turns a card up. Cards going back into the stock
    # are no loss, so the redeal is as good as the others.
    game = patience.game("klondike")
    state = game.deal(7)
    for move in ["t7-f1", "t2-t4", "t4-t6 x2", *["draw"] * 8, "t5-t1"]:
        state = game.apply(state, move)
    assert {str(m) for m in game.legal_moves(state)} == {"t1-t2 x2", "t2-t6", "redeal stock"}
    policy = make_policy("greedy")
    chosen = {str(policy.choose(game, state, random.Random(k))) for k in range(40)}
    assert "redeal stock" in chosen and len(chosen) > 2


def test_session_hints() -> None:
    session = patience.Session("railroad", seed=8)
    hint = session.hint()
    assert hint in session.legal_moves() and session.hint() == hint
    thoughtful = session.hint(thoughtful=True)
    assert thoughtful in session.legal_moves()
    session.do(thoughtful)
    while not session.is_over():
        session.do(session.hint(thoughtful=True))
    assert session.result().won  # thoughtful hints alone win this deal
    with pytest.raises(PatienceError, match="over"):
        session.hint()


def test_race_simulation_reports_each_player() -> None:
    sim = simulate("railroad-race", ["greedy", "random"], 20)
    wins = sim.player_wins()
    assert len(wins) == 2 and sum(wins) + sim.draws == 20
    assert wins[0] > wins[1]
    with pytest.raises(PatienceError):
        simulate("railroad-race", ["greedy"], 2)


def test_options_need_a_policy_name() -> None:
    with pytest.raises(PatienceError, match="policy options"):
        simulate("railroad", patience.GreedyPolicy(), 2, samples=3)
    with pytest.raises(PatienceError, match="2 players"):
        simulate("railroad-race", ["greedy", "random", "random"], 2)


def test_best_score_search_keeps_its_best_across_restarts() -> None:
    game = patience.game("railroad", sidings=2)
    found = patience.solve(game, game.deal(5), goal="score", max_nodes=200_000)
    assert found.score is not None and found.score <= 2


def test_bad_policies() -> None:
    with pytest.raises(PatienceError, match="unknown policy"):
        make_policy("clever")
    with pytest.raises(PatienceError):
        make_policy("hidden", samples=0)
    with pytest.raises(PatienceError):
        make_policy("random", depth=3)
    with pytest.raises(patience.InvalidSeedError):
        simulate("railroad", "random", [-1])


def test_dask_distributed_executor() -> None:
    """Needs the ``dask`` extra; CI installs it and sets PATIENCE_REQUIRE_DASK so
    that this test cannot skip there."""
    if os.environ.get("PATIENCE_REQUIRE_DASK"):
        import distributed
    else:
        distributed = pytest.importorskip("distributed", reason="needs the dask extra")
    with distributed.Client(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as client:
        remote = simulate("railroad", "greedy", 30, executor=client.get_executor(), chunk_size=4)
    local = simulate("railroad", "greedy", 30)
    assert [(r.seed, r.scores) for r in remote.results] == [
        (r.seed, r.scores) for r in local.results
    ]


@pytest.mark.parametrize(
    ("wins", "n", "z"),
    [(None, 10, 1.96), (1, None, 1.96), (True, 10, 1.96), (11, 10, 1.96), (-1, 10, 1.96),
     (0, -1, 1.96), (1, 10, 0), (1, 10, -1.0), (1, 10, float("nan")), (1, 10, "2")],
)  # fmt: skip
def test_wilson_interval_refuses_what_is_not_a_count(wins: Any, n: Any, z: Any) -> None:
    with pytest.raises(patience.PatienceError, match="wilson_interval"):
        wilson_interval(wins, n, z)
