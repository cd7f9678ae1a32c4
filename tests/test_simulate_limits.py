"""simulate(), play_deal() and the policies: arguments checked up front, seeds
drawn lazily, shared policies, and runs that stop at the first failure."""

from __future__ import annotations

import pickle
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from arrange import Counting

import patience
from patience import InvalidSeedError, PatienceError, simulate
from patience.policies import HiddenInfoPolicy, RandomPolicy, SolverPolicy, make_policy
from patience.simulation import play_deal


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"chunk_size": 0}, "chunk_size"),
        ({"chunk_size": -1}, "chunk_size"),
        ({"chunk_size": 2.5}, "chunk_size"),
        ({"seeds": -5}, "seeds"),
        ({"seeds": 2**64 + 1}, "seeds"),
        ({"seeds": True}, "seeds"),
        ({"seeds": "12"}, "seeds"),
        ({"seeds": 3.0}, "seeds"),
        ({"jobs": 0}, "jobs"),
        ({"jobs": -2}, "jobs"),
        ({"jobs": "2"}, "jobs"),
        ({"jobs": 2, "executor": ThreadPoolExecutor(1)}, "not both"),
        ({"executor": "threads"}, "executor"),
        ({"progress": "bar"}, "progress"),
    ],
)
def test_every_argument_is_checked_before_the_first_deal(
    options: dict[str, Any], match: str
) -> None:
    policy = Counting()
    options.setdefault("seeds", 10)
    with pytest.raises(PatienceError, match=match):
        simulate("railroad", policy, **options)
    assert policy.deals == 0


@pytest.mark.parametrize(
    "seeds",
    [[0, 1, -1], [0, 2**64], range(-1, 5), range(2**64 - 2, 2**64 + 1), (0, 1, "2")],
)
def test_bad_seeds_are_refused_before_the_first_deal(seeds: Any) -> None:
    policy = Counting()
    with pytest.raises(InvalidSeedError):
        simulate("railroad", policy, seeds)
    assert policy.deals == 0


def test_the_last_seeds_and_empty_runs() -> None:
    top = simulate("railroad", "random", range(2**64 - 3, 2**64))
    assert [r.seed for r in top.results] == [2**64 - 3, 2**64 - 2, 2**64 - 1]
    assert simulate("railroad", "random", 0).deals == 0
    assert simulate("railroad", "random", []).deals == 0


def test_seeds_of_an_iterator_are_checked_as_drawn() -> None:
    def seeds() -> Iterator[int]:
        yield 0
        yield -1

    with pytest.raises(InvalidSeedError):
        simulate("railroad", "random", seeds(), chunk_size=1)


class Stop(Exception):
    pass


def _stop(done: int, total: int) -> None:
    raise Stop(done, total)


def test_a_huge_count_is_not_materialised() -> None:
    # 2**64 deals: a list of the seeds could never be built. The first deal
    # plays (played here, progress comes deal by deal), then the progress
    # callback stops the run.
    with pytest.raises(Stop) as stopped:
        simulate("railroad", "random", 2**64, chunk_size=2, progress=_stop)
    assert stopped.value.args == (1, 2**64)
    with pytest.raises(Stop) as stopped:
        simulate("railroad", "random", range(10**12, 2 * 10**12), chunk_size=3, progress=_stop)
    assert stopped.value.args == (1, 10**12)


@pytest.mark.parametrize("executor", [None, "threads"])
def test_seeds_are_drawn_a_chunk_at_a_time(executor: str | None) -> None:
    drawn = []

    def seeds() -> Iterator[int]:
        for seed in range(100_000):
            drawn.append(seed)
            yield seed

    pool = ThreadPoolExecutor(2) if executor else None
    with pytest.raises(Stop) as stopped:
        simulate("railroad", "random", seeds(), chunk_size=5, progress=_stop, executor=pool)
    # The total of an iterator is not known; here progress comes deal by deal,
    # on workers chunk by chunk.
    assert stopped.value.args == ((5, 0) if pool else (1, 0))
    # Sequentially one chunk is drawn; on two threads a few chunks are in flight.
    assert len(drawn) <= (5 if pool is None else 5 * 5)
    if pool is not None:
        pool.shutdown()


def test_an_iterator_of_seeds_plays_like_a_list() -> None:
    listed = simulate("railroad", "greedy", [5, 3, 9, 1], chunk_size=3)
    drawn = simulate("railroad", "greedy", iter([5, 3, 9, 1]), chunk_size=3)
    threads = simulate(
        "railroad", "greedy", iter([5, 3, 9, 1]), chunk_size=1, executor=ThreadPoolExecutor(3)
    )
    key = [(r.seed, r.scores, r.moves) for r in listed.results]
    assert [r.seed for r in listed.results] == [5, 3, 9, 1]
    assert [(r.seed, r.scores, r.moves) for r in drawn.results] == key
    assert [(r.seed, r.scores, r.moves) for r in threads.results] == key


def test_one_solver_policy_shared_by_threads_plays_as_alone() -> None:
    # SolverPolicy keeps a plan for the deal in play. Shared by threads that
    # play different deals, one thread's new_deal() or plan must not leak into
    # another's deal. Node limits (no time limit) make the search exact.
    policy = SolverPolicy(max_seconds=None, max_nodes=1500)
    seeds = range(8)
    alone = simulate("klondike", policy, seeds, chunk_size=1)
    with ThreadPoolExecutor(4) as pool:
        shared = simulate("klondike", policy, seeds, chunk_size=1, executor=pool)

    def key(sim: patience.Simulation) -> list[tuple[Any, ...]]:
        return [(r.seed, r.won, r.scores, r.moves, r.resolved) for r in sim.results]

    assert key(shared) == key(alone)
    assert any(r.won for r in alone.results) and not all(r.resolved for r in alone.results)


def test_solver_policy_state_is_per_thread() -> None:
    game = patience.game("railroad")
    policy = SolverPolicy(max_nodes=10_000)
    policy.choose(game, game.deal(5), random.Random(0))
    assert policy.status == "won"
    seen: list[str] = []
    thread = threading.Thread(target=lambda: seen.append(policy.status))
    thread.start()
    thread.join()
    assert seen == ["unknown"]  # another thread has no plan yet
    policy.new_deal()
    assert policy.status == "unknown" and policy.resolved


def test_solver_policy_pickles_its_limits_only() -> None:
    game = patience.game("railroad")
    policy = SolverPolicy(max_seconds=3.5, max_nodes=500)
    policy.choose(game, game.deal(5), random.Random(0))
    copy = pickle.loads(pickle.dumps(policy))
    assert (copy.max_seconds, copy.max_nodes) == (3.5, 500)
    assert copy.status == "unknown" and policy.status == "won"


def test_solver_policy_in_a_process_pool_plays_as_alone() -> None:
    alone = simulate("klondike", "solver", 4, max_seconds=None, max_nodes=2000)
    pooled = simulate(
        "klondike", "solver", 4, jobs=2, chunk_size=1, max_seconds=None, max_nodes=2000
    )
    assert [(r.won, r.moves, r.resolved) for r in pooled.results] == [
        (r.won, r.moves, r.resolved) for r in alone.results
    ]


class _Trap(RandomPolicy):
    """Deal 0 waits for a release; deal 1 fails at its first move."""

    def __init__(self, game: patience.Game, release: threading.Event) -> None:
        self.first, self.second = game.deal(0), game.deal(1)
        self.release = release
        self.started = 0
        self._lock = threading.Lock()

    def new_deal(self) -> None:
        with self._lock:
            self.started += 1

    def choose(self, game: Any, state: Any, rng: Any, player: int = 0) -> Any:
        if state == self.first:
            self.release.wait(20)
        if state == self.second:
            raise RuntimeError("deal 1 failed")
        return super().choose(game, state, rng, player)


def test_a_failing_chunk_stops_the_run_at_once() -> None:
    game = patience.game("railroad")
    release = threading.Event()
    policy = _Trap(game, release)
    pool = ThreadPoolExecutor(2)
    try:
        with pytest.raises(RuntimeError, match="deal 1 failed"):
            simulate(game, policy, 200, chunk_size=1, executor=pool)
        # The error arrived while deal 0 was still running, and the chunks
        # not yet started were cancelled rather than played.
        assert not release.is_set()
        assert policy.started < 10
    finally:
        release.set()
        pool.shutdown()
    assert policy.started < 10


class _SlowThenFail(RandomPolicy):
    """In worker processes: deal 0 sleeps a long time, deal 1 fails."""

    def choose(self, game: Any, state: Any, rng: Any, player: int = 0) -> Any:
        if state == game.deal(0):
            time.sleep(60)
        if state == game.deal(1):
            raise RuntimeError("deal 1 failed")
        return super().choose(game, state, rng, player)


def test_a_failing_chunk_stops_a_process_pool_at_once() -> None:
    start = time.monotonic()
    with pytest.raises(RuntimeError, match="deal 1 failed"):
        simulate("railroad", _SlowThenFail(), 20, jobs=2, chunk_size=1)
    # Without failing fast this waits for deal 0's minute of sleep.
    assert time.monotonic() - start < 30


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: SolverPolicy(max_seconds=-5), "max_seconds"),
        (lambda: SolverPolicy(max_seconds=float("nan")), "max_seconds"),
        (lambda: SolverPolicy(max_seconds=0), "max_seconds"),
        (lambda: SolverPolicy(max_nodes=-1), "max_nodes"),
        (lambda: SolverPolicy(max_nodes=1.5), "max_nodes"),
        (lambda: HiddenInfoPolicy(samples="3"), "samples"),
        (lambda: HiddenInfoPolicy(max_moves=0), "max_moves"),
        (lambda: make_policy("solver", max_seconds=-1), "max_seconds"),
        (lambda: make_policy(3), "policy"),
        (lambda: make_policy(RandomPolicy(), samples=2), "policy options"),
    ],
)
def test_policy_arguments_are_checked(make: Any, match: str) -> None:
    with pytest.raises(PatienceError, match=match):
        make()


@pytest.mark.parametrize(
    "policy", [RandomPolicy(), patience.GreedyPolicy(), SolverPolicy(), HiddenInfoPolicy()]
)
def test_choose_names_a_wrong_argument(policy: patience.Policy) -> None:
    game = patience.game("railroad")
    state = game.deal(1)
    rng = random.Random(1)
    with pytest.raises(PatienceError, match="game must be a Game"):
        policy.choose("railroad", state, rng)  # type: ignore[arg-type]
    with pytest.raises(PatienceError, match="State"):
        policy.choose(game, "s1", rng)  # type: ignore[arg-type]
    with pytest.raises(PatienceError, match="rng"):
        policy.choose(game, state, 7)  # type: ignore[arg-type]
    with pytest.raises(PatienceError, match="player"):
        policy.choose(game, state, rng, 2)


def test_play_deal_and_simulate_name_a_wrong_argument() -> None:
    game = patience.game("railroad")
    with pytest.raises(PatienceError, match="game must be a Game"):
        play_deal("railroad", RandomPolicy(), 1)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeedError):
        play_deal(game, RandomPolicy(), -1)
    with pytest.raises(PatienceError, match="policy"):
        play_deal(game, "random", 1)  # type: ignore[arg-type]
    with pytest.raises(PatienceError, match="not a policy"):
        play_deal(game, [object()], 1)  # type: ignore[list-item]
    with pytest.raises(PatienceError, match="game must be a Game"):
        simulate(42, "random", 1)  # type: ignore[arg-type]
    with pytest.raises(PatienceError, match="policy"):
        simulate(game, 42, 1)  # type: ignore[arg-type]
    one, listed = play_deal(game, RandomPolicy(), 1), play_deal(game, [RandomPolicy()], 1)
    assert (one.scores, one.moves) == (listed.scores, listed.moves)


def test_jobs_one_plays_here() -> None:
    # One job needs no pool: the deals are played in this process, so a
    # policy that cannot be pickled is fine.
    policy = Counting()
    policy.unpicklable = lambda: None  # type: ignore[attr-defined]
    assert simulate("railroad", policy, 5, jobs=1).deals == 5 and policy.deals == 5


@pytest.mark.parametrize(
    "arguments",
    [{"seeds": -(10**5000)}, {"seeds": 10**5000}, {"jobs": -(10**5000)}, {"chunk_size": 0.5}],
)
def test_huge_or_odd_numbers_are_named_not_printed_in_full(arguments: dict[str, object]) -> None:
    with pytest.raises(patience.PatienceError) as raised:
        patience.simulate("railroad", **arguments)  # type: ignore[arg-type]
    assert len(str(raised.value)) < 300


def test_jobs_never_start_more_workers_than_deals_or_processors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    from patience import simulation

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert simulation.worker_count(32, 2, 25) == 1
    assert simulation.worker_count(100_000, 0, 25) == min(100_000, cores or 1)
    assert simulation.worker_count(2, 1_000, 25) == min(2, cores or 1)
    asked: list[int] = []
    made = simulation.ProcessPoolExecutor

    def pool(*args: object, max_workers: int, **kwargs: object) -> object:
        asked.append(max_workers)
        return made(*args, max_workers=max_workers, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(simulation, "ProcessPoolExecutor", pool)
    result = patience.simulate("golf", "random", 2, jobs=32)
    assert asked == [1] and len(result.results) == 2
    with pytest.raises(patience.PatienceError, match="at most"):
        patience.simulate("golf", "random", 2, jobs=simulation.MAX_JOBS + 1)
    with pytest.raises(patience.PatienceError, match="at most"):
        patience.simulate("golf", "random", 2, jobs=10**5000)


def test_a_worker_whose_parent_is_already_gone_ends_at_once() -> None:
    import subprocess
    import sys

    # The worker is told its parent's process id; when the process that
    # started it is another (its parent died before it began), it exits.
    code = "from patience.simulation import _ignore_interrupts_and_follow_parent as f; f(-1)\n"
    code += "print('still here')"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1 and "still here" not in done.stdout
