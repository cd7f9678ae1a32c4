"""Many deals, one policy: win rates and score statistics.

:func:`simulate` plays the deals of the given seeds with a policy (see
:mod:`patience.policies`) and returns a :class:`Simulation`. Each deal's
choices come from a random generator seeded with the deal's seed alone, so the
numbers are the same whether the deals run one after another, in a process
pool (``jobs=N``) or on any :class:`concurrent.futures.Executor`, such as a
Dask cluster's ``client.get_executor()``.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import attrs

from .errors import PatienceError
from .game import Better, Game
from .policies import Policy, make_policy, next_mover
from .registry import game as make_game
from .shuffle import check_seed

__all__ = ["DealResult", "Simulation", "play_deal", "simulate", "wilson_interval"]


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
    """The Wilson score interval for ``wins`` successes in ``n`` trials (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
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
    def win_rate(self) -> float:
        """Wins over deals (unresolved deals count as not won)."""
        return self.wins / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """A 95% Wilson interval for the win rate, with unresolved deals bracketed.

        The lower end counts every unresolved deal as lost, the upper end as won.
        """
        low, _ = wilson_interval(self.wins, self.deals)
        _, high = wilson_interval(self.wins + self.unresolved, self.deals)
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
            + (f", {self.unresolved} unresolved" if self.unresolved else ""),
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


def play_deal(game: Game, policy: Policy | Sequence[Policy], seed: int) -> DealResult:
    """Play the deal of ``seed`` to the end; the choices are seeded with ``seed``.

    With several players, ``policy`` may be one policy for everyone or one per
    player. Where several players may move, the next mover is drawn at random.
    """
    rng = random.Random(seed)
    policies = list(policy) if isinstance(policy, Sequence) else [policy] * game.players
    if len(policies) != game.players:
        raise PatienceError(f"{game.name} has {game.players} players, not {len(policies)}")
    for p in policies:
        reset = getattr(p, "new_deal", None)
        if reset is not None:
            reset()
    start = time.perf_counter()
    state = game.deal(seed)
    moves = 0
    while not game.is_over(state):
        player = next_mover(game, state, rng)
        state = game.apply(state, policies[player].choose(game, state, rng, player))
        moves += 1
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
    )


def _play_chunk(
    game: Game, policy: Policy | Sequence[Policy], seeds: Sequence[int]
) -> list[DealResult]:
    return [play_deal(game, policy, s) for s in seeds]


def simulate(
    game: Game | str,
    policy: Policy | str | Sequence[Policy] = "random",
    seeds: Iterable[int] | int = 100,
    *,
    executor: Executor | None = None,
    jobs: int | None = None,
    chunk_size: int = 25,
    progress: Callable[[int, int], None] | None = None,
    **policy_options: Any,
) -> Simulation:
    """Play every deal in ``seeds`` (or seeds ``0..n-1`` for an int) with ``policy``.

    ``policy`` is a policy object, a built-in name with ``policy_options``, or
    one policy per player. Give an ``executor`` (any
    :class:`concurrent.futures.Executor`, such as a Dask client's
    ``get_executor()``), or ``jobs`` for a local process pool of that size;
    results do not depend on either. ``progress(done, total)`` is called as
    deals finish.
    """
    g = make_game(game) if isinstance(game, str) else game
    if policy_options and not isinstance(policy, str):
        raise PatienceError("policy options go with a policy name; this policy is already made")
    if isinstance(policy, (str, Policy)):
        chosen: Policy | list[Policy] = make_policy(policy, **policy_options)
    else:
        chosen = [make_policy(p) for p in policy]
        if len(chosen) != g.players:
            raise PatienceError(f"{g.name} has {g.players} players, not {len(chosen)} policies")
    seed_list = list(range(seeds)) if isinstance(seeds, int) else [check_seed(s) for s in seeds]
    chunks = [seed_list[i : i + chunk_size] for i in range(0, len(seed_list), max(1, chunk_size))]
    results: list[DealResult] = []
    total = len(seed_list)
    own_pool: Executor | None = None
    if executor is None and jobs is not None and jobs > 1:
        own_pool = executor = ProcessPoolExecutor(max_workers=jobs)
    try:
        if executor is None:
            for chunk in chunks:
                results += _play_chunk(g, chosen, chunk)
                if progress:
                    progress(len(results), total)
        else:
            futures = [executor.submit(_play_chunk, g, chosen, chunk) for chunk in chunks]
            done = 0
            parts: list[list[DealResult]] = []
            for future in futures:
                part = future.result()
                parts.append(part)
                done += len(part)
                if progress:
                    progress(done, total)
            results = [r for part in parts for r in part]
    finally:
        if own_pool is not None:
            own_pool.shutdown()
    name = chosen.name if not isinstance(chosen, list) else "+".join(p.name for p in chosen)
    return Simulation(g.name, dict(g.options), name, g.better, tuple(results))
