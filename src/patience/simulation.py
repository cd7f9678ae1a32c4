"""Many deals, one policy: win rates and score statistics.

:func:`simulate` plays the deals of the given seeds with a policy (see
:mod:`patience.policies`) and returns a :class:`Simulation`. Each deal's
choices come from a random generator seeded with the deal's seed alone, so the
numbers are the same whether the deals run one after another, in a process
pool (``jobs=N``) or on any :class:`concurrent.futures.Executor`, such as a
Dask cluster's ``client.get_executor()``.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import random
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

import attrs

from .errors import PatienceError, brief_repr
from .game import Better, Game
from .policies import Policy, make_policy, next_mover
from .registry import game as make_game
from .solver import check_count

__all__ = [
    "MAX_JOBS",
    "MAX_MOVES",
    "DealResult",
    "Simulation",
    "play_deal",
    "simulate",
    "wilson_interval",
    "worker_count",
]


@attrs.frozen
class DealResult:
    """One deal played out: its seed, outcome, scores, length and time."""

    seed: int
    won: bool
    """Whether player 0 won."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    seconds: float
    resolved: bool = True
    """False when the policy could not settle the deal (a solver hit its limits)."""
    cut: bool = False
    """True when play was stopped by a guard (``max_moves`` moves in all, or
    ``max_idle`` in a row without progress) before the game was over: the
    deal is neither won nor lost."""
    ending: str | None = None
    """How the game ended (:attr:`patience.Result.ending`); ``None`` for a cut deal."""

    def to_json(self) -> dict[str, Any]:
        """The deal's result as plain JSON-compatible data."""
        return attrs.asdict(
            self, value_serializer=lambda _i, _a, v: list(v) if isinstance(v, tuple) else v
        )


def _options_text(options: dict[str, Any]) -> str:
    if not options:
        return ""
    return " (" + ", ".join(f"{k}={v}" for k, v in options.items()) + ")"


def wilson_interval(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials (95% by default).

    ``(0.0, 1.0)`` for no trials. Raises :class:`~patience.PatienceError`
    unless ``0 <= wins <= n`` are whole numbers and ``z`` a positive number.
    """
    for name, value in (("wins", wins), ("n", n)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise PatienceError(
                f"wilson_interval(): {name} must be an integer, not {brief_repr(value)}"
            )
    if not 0 <= wins <= n:
        raise PatienceError(f"wilson_interval(): need 0 <= wins <= n, not wins={wins}, n={n}")
    if isinstance(z, bool) or not isinstance(z, (int, float)) or not 0 < z < math.inf:
        raise PatienceError(f"wilson_interval(): z must be a positive number, not {brief_repr(z)}")
    if n == 0:
        return (0.0, 1.0)
    # 1 / n and wins / n divide integers exactly, so any n will do (a float
    # n would overflow past about 1e308).
    p, inv = wins / n, 1 / n
    denominator = 1 + z * z * inv
    centre = (p + z * z * inv / 2) / denominator
    half = z * math.sqrt(p * (1 - p) * inv + z * z * inv * inv / 4) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Simulation:
    """The results of :func:`simulate`: one :class:`DealResult` per seed, in order."""

    game: str
    options: dict[str, Any]
    policy: str
    better: Better
    results: tuple[DealResult, ...]

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return len(self.results)

    @property
    def wins(self) -> int:
        """Deals won by player 0."""
        return sum(r.won for r in self.results)

    @property
    def unresolved(self) -> int:
        """Deals the policy could not settle (not won, and not proven lost)."""
        return sum(1 for r in self.results if not r.resolved and not r.won)

    @property
    def endings(self) -> dict[str, int]:
        """How many deals ended each way (:attr:`patience.Result.ending`), cut deals
        under ``"cut"``."""
        return dict(Counter(r.ending or "cut" for r in self.results))

    @property
    def cut(self) -> int:
        """Deals stopped by a guard before the game was over (neither won nor lost)."""
        return sum(1 for r in self.results if r.cut)

    @property
    def win_rate(self) -> float:
        """Wins over deals (unresolved and cut deals count as not won)."""
        return self.wins / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """A 95% Wilson interval for the win rate, with unresolved and cut deals bracketed.

        The lower end counts every unresolved or cut deal as lost, the upper end as won.
        """
        low, _ = wilson_interval(self.wins, self.deals)
        open_deals = sum(1 for r in self.results if not r.won and (r.cut or not r.resolved))
        _, high = wilson_interval(self.wins + open_deals, self.deals)
        return (low, high)

    def player_wins(self) -> tuple[int, ...]:
        """How many deals each player won (see :attr:`draws` for deals nobody won)."""
        players = max((len(r.scores) for r in self.results), default=1)
        return tuple(sum(p in r.winners for r in self.results) for p in range(players))

    @property
    def draws(self) -> int:
        """Multi-player deals that ended with no winner."""
        return sum(1 for r in self.results if len(r.scores) > 1 and not r.winners)

    @property
    def score_counts(self) -> dict[int, int]:
        """How many deals ended with each score for player 0."""
        return dict(sorted(Counter(r.scores[0] for r in self.results).items()))

    @property
    def mean_score(self) -> float:
        """Player 0's mean final score."""
        return sum(r.scores[0] for r in self.results) / self.deals if self.deals else 0.0

    @property
    def mean_moves(self) -> float:
        """Mean moves per deal."""
        return sum(r.moves for r in self.results) / self.deals if self.deals else 0.0

    @property
    def mean_seconds(self) -> float:
        """Mean time per deal (the only figure that varies from run to run)."""
        return sum(r.seconds for r in self.results) / self.deals if self.deals else 0.0

    @property
    def median_seconds(self) -> float:
        """The median time per deal."""
        times = sorted(r.seconds for r in self.results)
        if not times:
            return 0.0
        mid = len(times) // 2
        return times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2

    @property
    def max_seconds(self) -> float:
        """The longest time a deal took."""
        return max((r.seconds for r in self.results), default=0.0)

    def summary(self) -> str:
        """A few lines for people."""
        low, high = self.interval
        lines = [
            f"{self.game}{_options_text(self.options)} with the {self.policy} policy: "
            f"{self.deals} deals",
            f"won {self.wins} ({100 * self.win_rate:.2f}%), 95% interval "
            f"{100 * low:.2f}% to {100 * high:.2f}%"
            + (f", {self.unresolved} unresolved" if self.unresolved else "")
            + (f", {self.cut} cut by the move guard" if self.cut else ""),
            f"mean score {self.mean_score:.2f} ({self.better.value} is better), "
            f"mean moves {self.mean_moves:.1f}",
            f"time per deal: mean {1000 * self.mean_seconds:.1f} ms, "
            f"median {1000 * self.median_seconds:.1f} ms, longest {self.max_seconds:.2f} s",
        ]
        if len(self.player_wins()) > 1:
            wins = ", ".join(f"player {p}: {w}" for p, w in enumerate(self.player_wins()))
            lines.append(f"wins by player: {wins}; draws: {self.draws}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The statistics and every deal's result as plain JSON-compatible data."""
        low, high = self.interval
        return {
            "game": self.game,
            "options": dict(self.options),
            "policy": self.policy,
            "deals": self.deals,
            "wins": self.wins,
            "unresolved": self.unresolved,
            "cut": self.cut,
            "endings": self.endings,
            "win_rate": self.win_rate,
            "interval": [low, high],
            "player_wins": list(self.player_wins()),
            "draws": self.draws,
            "mean_score": self.mean_score,
            "score_counts": {str(k): v for k, v in self.score_counts.items()},
            "mean_moves": self.mean_moves,
            "mean_seconds": self.mean_seconds,
            "median_seconds": self.median_seconds,
            "max_seconds": self.max_seconds,
            "results": [r.to_json() for r in self.results],
        }


MAX_MOVES = 10_000
"""The default move guard: play of one deal stops after this many moves."""

MAX_IDLE = 1_000
"""The default stretch guard: play of one deal stops after this many moves
in a row without progress (see :meth:`patience.Game.progress`).

A game is over only when it is proven that no progress is possible; where the
positions without progress are too many to search, the game goes on, and a
policy can wander among them for a long time. The built-in policies head for
progress after :data:`patience.policies.WANDER` moves without it, wherever a
search finds a line, so a stretch this long means that none was found. The
stall rule (:data:`patience.STALL_MOVES`, as many moves) ends such a game
first, as ``"stalled"``: the guard matters for games made with a larger
``stall`` or ``stall=None``.
"""


def play_deal(
    game: Game,
    policy: Policy | Sequence[Policy],
    seed: int,
    *,
    max_moves: int = MAX_MOVES,
    max_idle: int = MAX_IDLE,
) -> DealResult:
    """Play the deal of ``seed`` to the end; the choices are seeded with ``seed``.

    With several players, ``policy`` may be one policy for everyone or one per
    player. Where several players may move, the next mover is drawn at random.
    A deal not over after ``max_moves`` moves, or after ``max_idle`` moves in
    a row without progress, is stopped and marked :attr:`~DealResult.cut`,
    never lost: the game was not over (see :data:`MAX_IDLE`). The built-in
    policies avoid positions they have already seen since the last progress,
    so these are guards, not rules.
    """
    if not isinstance(game, Game):
        raise PatienceError(
            f"play_deal(): game must be a Game, such as patience.game('klondike'), "
            f"not {brief_repr(game)}"
        )
    game._check_seed(seed)
    max_moves = check_count("max_moves", max_moves)
    max_idle = check_count("max_idle", max_idle)
    policies = _policy_list(game, policy)
    return _play(game, policies, seed, max_moves, max_idle)


def _policy_list(game: Game, policy: object) -> list[Policy]:
    """One policy object per player, or raise."""
    if isinstance(policy, Policy):
        return [policy] * game.players
    if isinstance(policy, (str, bytes)) or not isinstance(policy, Sequence):
        raise PatienceError(
            f"a policy is an object with 'name' and 'choose', or one such object per "
            f"player, not {brief_repr(policy)}"
        )
    policies = list(policy)
    for p in policies:
        if not isinstance(p, Policy):
            raise PatienceError(f"not a policy (it needs 'name' and 'choose'): {brief_repr(p)}")
    if len(policies) != game.players:
        raise PatienceError(f"{game.name} has {game.players} players, not {len(policies)}")
    return policies


def _play(
    game: Game, policies: list[Policy], seed: int, max_moves: int, max_idle: int
) -> DealResult:
    rng = random.Random(seed)
    for p in policies:
        reset = getattr(p, "new_deal", None)
        if reset is not None:
            reset()
    start = time.perf_counter()
    state = game.deal(seed)
    moves = idle = 0
    mark = game.progress(state)
    cut = False
    while not game.is_over(state):
        if moves >= max_moves or idle >= max_idle:
            cut = True
            break
        player = next_mover(game, state, rng)
        state = game.apply(state, policies[player].choose(game, state, rng, player))
        moves += 1
        now = game.progress(state)
        if now == mark:
            idle += 1
        else:
            mark, idle = now, 0
    result = game.result(state)
    resolved = all(getattr(p, "resolved", True) for p in policies)
    return DealResult(
        seed,
        result.won,
        result.scores,
        result.winners,
        moves,
        time.perf_counter() - start,
        resolved,
        cut,
        result.ending,
    )


def _play_chunk(
    game: Game, policies: list[Policy], max_moves: int, max_idle: int, seeds: Sequence[int]
) -> list[DealResult]:
    return [_play(game, policies, s, max_moves, max_idle) for s in seeds]


def _seed_source(game: Game, seeds: object) -> tuple[Iterable[int], int]:
    """The seeds to play and how many there are (0 when unknown), checked as far as possible.

    A number of deals ``n`` is the first ``n`` of the game's seeds
    (:attr:`~patience.Game.seeds`: 0 to ``n - 1`` for almost every game).
    Nothing is materialised: a count becomes a :class:`range`, and a range is
    checked by its ends. A collection is checked seed by seed up front; the
    seeds of any other iterable are checked as they are drawn.
    """
    if isinstance(seeds, bool):
        raise PatienceError(
            f"seeds must be a number of deals or an iterable of seeds, not {brief_repr(seeds)}"
        )
    if isinstance(seeds, int):
        first, most = game.seeds.start, game.seeds.stop - game.seeds.start
        if not 0 <= seeds <= most:
            span = "n-1" if first == 0 else f"{first}+n-1"
            raise PatienceError(
                f"seeds: a number of deals (seeds {first} to {span}) must be from 0 to "
                f"{'2**64' if most == 2**64 else most}, not {brief_repr(seeds)}"
            )
        return range(first, first + seeds), seeds
    if isinstance(seeds, range):
        if not seeds:
            return seeds, 0
        game._check_seed(seeds[0])
        game._check_seed(seeds[-1])
        return seeds, (seeds[-1] - seeds[0]) // seeds.step + 1
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise PatienceError(
            f"seeds must be a number of deals or an iterable of seeds, not {brief_repr(seeds)}"
        )
    if isinstance(seeds, Collection):
        for seed in seeds:
            game._check_seed(seed)
        return seeds, len(seeds)
    return seeds, 0


def _chunks(game: Game, seeds: Iterable[int], size: int) -> Iterator[list[int]]:
    """Consecutive lists of ``size`` seeds of ``game``, checked, drawn lazily from ``seeds``."""
    it = iter(seeds)
    while True:
        chunk = [game._check_seed(s) for s in itertools.islice(it, size)]
        if not chunk:
            return
        yield chunk


MAX_JOBS = 1024
"""The most worker processes :func:`simulate` takes ``jobs`` for."""


def worker_count(jobs: int, total: int, chunk_size: int) -> int:
    """How many worker processes ``jobs`` asks for when ``total`` deals (0:
    not known) go out in chunks of ``chunk_size``: never more than there are
    chunks, nor more than the processors this process may run on, so that
    ``jobs=100000`` for two deals starts one worker."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    workers = min(jobs, cores or 1)
    if total:
        workers = min(workers, -(-total // chunk_size))
    return max(workers, 1)


def _ignore_interrupts_and_follow_parent(parent: int) -> None:
    """Worker process initializer: leave Ctrl-C to the parent (whose process
    id is ``parent``), and end with it.

    A terminal sends SIGINT to every process in the foreground group, workers
    included; the parent decides what happens (it stops the pool), so workers
    ignore it. A daemon thread ends the worker if its parent goes away
    (killed outright, say): on POSIX the worker is then adopted by another
    process, which changes :func:`os.getppid`.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.getppid() != parent:  # the parent died before this worker started
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(_PARENT_POLL)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="patience-parent-watch", daemon=True).start()


_PARENT_POLL = 0.25
"""Seconds between a worker's checks that its parent is still alive."""


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a pool of ours now: drop queued work and end the worker processes."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    # Before 3.14 the pool has no public way to end its workers; its
    # ``_processes`` (pid -> Process) has been there since 3.2. Read it before
    # shutdown() drops it.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join(5)


def _run_chunks(
    executor: Executor,
    work: Callable[[list[int]], list[DealResult]],
    chunks: Iterator[list[int]],
    window: int,
    progress: Callable[[int, int], None] | None,
    total: int,
) -> list[DealResult]:
    """Run ``work`` on each chunk, at most ``window`` chunks submitted and unfinished at once.

    The results come back in chunk order. The first chunk to fail (or an
    interrupt) cancels every chunk not yet started, and its error is raised
    at once.
    """
    pending: dict[Future[list[DealResult]], int] = {}
    parts: dict[int, list[DealResult]] = {}
    done = 0
    numbered = enumerate(chunks)
    more = True
    try:
        while True:
            while more and len(pending) < window:
                item = next(numbered, None)
                if item is None:
                    more = False
                    break
                pending[executor.submit(work, item[1])] = item[0]
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                index = pending.pop(future)
                part = future.result()  # raises the chunk's error, if any
                parts[index] = part
                done += len(part)
                if progress:
                    progress(done, total)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return [r for i in range(len(parts)) for r in parts[i]]


def simulate(
    game: Game | str,
    policy: Policy | str | Sequence[Policy | str] = "random",
    seeds: Iterable[int] | int = 100,
    *,
    executor: Executor | None = None,
    jobs: int | None = None,
    chunk_size: int = 25,
    progress: Callable[[int, int], None] | None = None,
    max_moves: int = MAX_MOVES,
    max_idle: int = MAX_IDLE,
    **policy_options: Any,
) -> Simulation:
    """Play every deal in ``seeds`` (or for an int ``n`` the game's first ``n``
    :attr:`~patience.Game.seeds`, ``0..n-1`` for almost every game) with ``policy``.

    ``policy`` is a policy object, a built-in name with ``policy_options``, or
    one policy per player. Give an ``executor`` (any
    :class:`concurrent.futures.Executor`, such as a Dask client's
    ``get_executor()``), or ``jobs`` for a local process pool of at most
    that size (``jobs=1``, like ``None``, plays the deals here, one after
    another; the pool never has more workers than chunks of deals or than
    processors this process may use, see :func:`worker_count`, and ``jobs``
    above :data:`MAX_JOBS` is refused);
    results do not depend on either. ``progress(done, total)`` is called as
    deals finish: after every deal when they are played here, after every
    chunk of ``chunk_size`` deals on workers; ``total`` is 0 when ``seeds``
    is an iterator of unknown length. ``max_moves`` and ``max_idle`` are the guards of
    :func:`play_deal`: a deal stopped by one is counted apart
    (:attr:`Simulation.cut`), never as a loss.

    Every argument is checked before the first deal: a bad one raises
    :class:`~patience.PatienceError` (:class:`~patience.InvalidSeedError`, or
    the game's own subclass of it, for a seed outside the game's
    :attr:`~patience.Game.seeds`). Seeds are drawn lazily, a chunk at
    a time, and only a bounded number of chunks is handed to the executor
    ahead of the results, so a run of a billion deals needs no list of a
    billion seeds. The seeds of an iterator that is not a collection are
    checked as they are drawn.

    The first chunk that raises stops the run: chunks not yet started are
    cancelled and its error is raised. So does an interrupt (Ctrl-C); a pool
    made for ``jobs`` then ends its worker processes at once. Workers of that
    pool ignore Ctrl-C themselves (the parent stops them) and exit if the
    parent process dies. Chunks already running on an executor you gave run
    to their end.
    """
    if isinstance(game, str):
        g = make_game(game)
    elif isinstance(game, Game):
        g = game
    else:
        raise PatienceError(
            f"simulate(): game must be a Game or a registered game name, not {brief_repr(game)}"
        )
    if executor is not None and not isinstance(executor, Executor):
        raise PatienceError(
            f"executor must be a concurrent.futures.Executor or None, not {brief_repr(executor)}"
        )
    if jobs is not None:
        jobs = check_count("jobs", jobs)
        if jobs > MAX_JOBS:
            raise PatienceError(f"jobs must be at most {MAX_JOBS:,}, not {brief_repr(jobs)}")
        if executor is not None:
            raise PatienceError("give an executor or jobs, not both")
    chunk_size = check_count("chunk_size", chunk_size)
    max_moves = check_count("max_moves", max_moves)
    max_idle = check_count("max_idle", max_idle)
    if progress is not None and not callable(progress):
        raise PatienceError(f"progress must be a callable or None, not {brief_repr(progress)}")
    if policy_options and not isinstance(policy, str):
        raise PatienceError("policy options go with a policy name; this policy is already made")
    if isinstance(policy, str):
        chosen = _policy_list(g, make_policy(policy, **policy_options))
    elif isinstance(policy, Policy):
        chosen = _policy_list(g, policy)
    elif isinstance(policy, Sequence) and not isinstance(policy, bytes):
        chosen = _policy_list(g, [make_policy(p) for p in policy])
    else:
        chosen = _policy_list(g, policy)
    source, total = _seed_source(g, seeds)
    chunks = _chunks(g, source, chunk_size)
    work = functools.partial(_play_chunk, g, chosen, max_moves, max_idle)
    results: list[DealResult] = []
    if executor is None and (jobs is None or jobs == 1):
        for chunk in chunks:
            for seed in chunk:  # here, progress is reported deal by deal
                results += work([seed])
                if progress:
                    progress(len(results), total)
    elif executor is None:
        assert jobs is not None
        size = worker_count(jobs, total, chunk_size)
        pool = ProcessPoolExecutor(
            max_workers=size,
            initializer=_ignore_interrupts_and_follow_parent,
            initargs=(os.getpid(),),
        )
        try:
            results = _run_chunks(pool, work, chunks, 2 * size, progress, total)
        except BaseException:
            _stop_pool(pool)
            raise
        pool.shutdown()
    else:
        workers = getattr(executor, "_max_workers", None)
        window = 2 * workers if isinstance(workers, int) and workers > 0 else _WINDOW
        results = _run_chunks(executor, work, chunks, window, progress, total)
    one = isinstance(policy, (str, Policy))
    name = chosen[0].name if one else "+".join(p.name for p in chosen)
    return Simulation(g.name, dict(g.options), name, g.better, tuple(results))


_WINDOW = 256
"""Chunks handed ahead to an executor whose size is not known."""
