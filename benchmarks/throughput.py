"""Random-play throughput of every registered game, and Railroad against a floor.

Run from the project root after installing the package::

    python benchmarks/throughput.py            # about a minute
    python benchmarks/throughput.py --quick    # a few seconds
    python benchmarks/throughput.py --games klondike --no-floor --seconds 3

For every registered game it plays random games through the public protocol
(``deal``, ``is_over``, ``legal_moves``, ``apply``) and reports games and moves
per second, each against Klondike's, the 99th percentile of the time one
``is_over`` call takes, and the share of games cut by the stretch guard (a
game that is not over after ``MAX_IDLE`` moves in a row without progress is
stopped, as :func:`patience.simulate` stops it); then the moves per second of
listing and applying alone, on the same kind of games, and the share of the
whole loop's time outside them (``is_over``, mostly: deciding whether
progress is still possible). For ``railroad`` it also times a deliberately minimal playout on
plain lists written below, which deals the same cards, picks pulls with the
same random stream and applies the same cascade rule, and reports the ratio of
the two. The floor is what any protocol pays against: no states, no move
objects, no checks.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

import patience
from patience.cards import Card

DECK = patience.Deck.standard()

MAX_IDLE = 1_000
"""Moves in a row without progress after which a random game is cut (as
:data:`patience.simulation.MAX_IDLE`, written out here so that the same
script measures builds of the library that have no such guard)."""


def protocol_playout(
    game: patience.Game,
    seed: int,
    rng: random.Random,
    calls: list[float] | None = None,
    cuts: list[int] | None = None,
    guard: bool = True,
) -> int:
    """Play one random game through the protocol; return the number of moves.

    The game ends when ``is_over`` says so, or is cut after :data:`MAX_IDLE`
    moves in a row without progress (noted in ``cuts``). With ``calls``,
    the seconds of every ``is_over`` call are appended to it. Without the
    ``guard`` (for games that always end, timed against other programs'
    loops) the loop asks nothing but the protocol.
    """
    state = game.deal(seed)
    moves = idle = 0
    if not guard:
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            moves += 1
        return moves
    mark = game.progress(state)
    clock = time.perf_counter
    while True:
        if calls is None:
            over = game.is_over(state)
        else:
            began = clock()
            over = game.is_over(state)
            calls.append(clock() - began)
        if over:
            return moves
        if idle >= MAX_IDLE:
            if cuts is not None:
                cuts.append(seed)
            return moves
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        moves += 1
        now = game.progress(state)
        if now == mark:
            idle += 1
        else:
            mark, idle = now, 0


REPLAYS = 5
"""How many rounds of replays :func:`main` times (the fastest of each game counts)."""

Recorded = list[tuple[int, list[patience.Move]]]


def record_games(game: patience.Game, seconds: float) -> Recorded:
    """Random games played to their end as in :func:`protocol_playout`, from
    seeds 0, 1, 2 ..., for about ``seconds``: each seed with its moves.

    The wall time (playing the games included) bounds the recording, so games
    whose ``is_over`` is slow are measured on fewer games, not for longer.
    """
    rng = random.Random(12345)
    games: Recorded = []
    began = time.perf_counter()
    while not games or time.perf_counter() - began < seconds:
        seed = len(games)
        state = game.deal(seed)
        line: list[patience.Move] = []
        mark, idle = game.progress(state), 0
        while not game.is_over(state) and idle < MAX_IDLE:
            move = rng.choice(game.legal_moves(state))
            line.append(move)
            state = game.apply(state, move)
            now = game.progress(state)
            mark, idle = now, (idle + 1 if now == mark else 0)
        games.append((seed, line))
    return games


def replay(game: patience.Game, games: Recorded) -> float:
    """Seconds that listing and applying alone take over the recorded games.

    Each game is made again from its deal, listing the moves of every position
    and applying the recorded one (fresh positions, so nothing listed before
    is reused); dealing is not timed.
    """
    starts = [game.deal(seed) for seed, _ in games]
    start = time.perf_counter()
    for state, (_, line) in zip(starts, games):
        for move in line:
            game.legal_moves(state)
            state = game.apply(state, move)
    return time.perf_counter() - start


def floor_playout(seed: int, rng: random.Random) -> int:
    """The minimal Railroad playout on lists: same deal, same choices, no protocol."""
    cards: tuple[Card, ...] = DECK.shuffled(seed).cards
    sidings = [list(cards[k::4]) for k in range(4)]
    line: list[Card] = []
    moves = 0
    while True:
        open_sidings = [s for s in sidings if s]
        if not open_sidings:
            return moves
        line.append(rng.choice(open_sidings).pop())
        moves += 1
        while len(line) >= 4:
            n, m = line[-1], line[-4]
            if n.rank == m.rank:
                del line[-4:]
            elif n.suit is m.suit:
                del line[-3:-1]
            else:
                break


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def timed(fn: object, seconds: float) -> tuple[int, int, float]:
    """Call ``fn(seed, rng)`` on seeds 0, 1, ... for about ``seconds``."""
    assert callable(fn)
    rng = random.Random(12345)
    games = moves = 0
    start = time.perf_counter()
    while True:
        moves += fn(games, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, moves, elapsed


FIXED_DEALS = 300


def fixed(fn: object) -> float:
    """Seconds that ``fn(seed, rng)`` takes on deals 0 to ``FIXED_DEALS - 1``."""
    assert callable(fn)
    rng = random.Random(7)
    start = time.perf_counter()
    for seed in range(FIXED_DEALS):
        fn(seed, rng)
    return time.perf_counter() - start


def fixed_moves(fn: object) -> int:
    """The moves ``fn(seed, rng)`` makes on the deals :func:`fixed` times."""
    assert callable(fn)
    rng = random.Random(7)
    return sum(fn(seed, rng) for seed in range(FIXED_DEALS))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one second per measurement")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--games", nargs="*", default=None, help="games to measure (all)")
    parser.add_argument("--no-floor", action="store_true", help="skip the Railroad floor")
    parser.add_argument(
        "--series", default="throughput", help="the name the figures go under in --json"
    )
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="also record the figures in FILE (docs/_data/benchmarks.json for the docs)",
    )
    args = parser.parse_args()
    seconds = 1.0 if args.quick else args.seconds
    print(
        f"patience {patience.__version__}, Python {platform.python_version()}, {platform.machine()}"
    )
    print(
        f"{'game':18} {'games/s':>10} {'moves/s':>12} {'x klondike':>10} {'moves/game':>11}"
        f" {'p99 is_over':>11} {'cut':>6} {'list+apply/s':>13} {'outside':>8}"
    )
    figures: dict[str, dict[str, float]] = {}
    names = args.games or list(patience.games())
    recorded: dict[str, tuple[patience.Game, Recorded]] = {}
    for name in names:
        game = patience.game(name)
        calls: list[float] = []
        cuts: list[int] = []
        g, m, t = timed(
            lambda s, r, game=game, calls=calls, cuts=cuts: protocol_playout(
                game, s, r, calls, cuts
            ),
            seconds,
        )
        figures[name] = {
            "games_per_second": g / t,
            "moves_per_second": m / t,
            "moves_per_game": m / g,
            "is_over_p99_ms": 1000 * percentile(calls, 0.99),
            "cut_share": len(cuts) / g,
        }
        recorded[name] = (game, record_games(game, seconds))
    base = figures.get("klondike", {}).get("moves_per_second")
    # Listing and applying alone: every game's recorded games replayed in
    # turn, round after round, so that a slow spell on a shared machine
    # falls on all of them alike; the fastest round of each game counts.
    fastest = dict.fromkeys(names, float("inf"))
    for _ in range(REPLAYS):
        for name in names:
            fastest[name] = min(fastest[name], replay(*recorded[name]))
    for name in names:
        row = figures[name]
        bare = sum(len(line) for _, line in recorded[name][1]) / fastest[name]
        # The part of a game's time that is not listing and applying: is_over.
        share = max(0.0, 1 - row["moves_per_second"] / bare)
        row.update(list_apply_per_second=bare, is_over_share=share)
        g_s, m_s, m_g = row["games_per_second"], row["moves_per_second"], row["moves_per_game"]
        if base:
            row["klondike_over"] = base / m_s
        times = f"{base / m_s:9.2f}x" if base else f"{'':>10}"
        print(
            f"{name:18} {g_s:10.1f} {m_s:12.0f} {times} {m_g:11.1f}"
            f" {row['is_over_p99_ms']:9.2f}ms {row['cut_share']:6.0%} {bare:13.0f} {share:8.0%}"
        )
    series: dict[str, dict[str, dict[str, float]]] = {args.series: figures}
    if args.no_floor:
        record(args.json, series, seconds)
        return 0
    # Floor and protocol play the same deals with the same choices, in
    # alternating rounds; the fastest round of each counts (the machines these
    # run on are shared, and a round is short enough to miss most disturbance).
    game = patience.game("railroad")
    rounds = 5 if args.quick else 25
    floor_time = proto_time = float("inf")
    for _ in range(rounds):
        floor_time = min(floor_time, fixed(floor_playout))
        proto_time = min(proto_time, fixed(lambda s, r: protocol_playout(game, s, r, guard=False)))
    moves = fixed_moves(floor_playout)
    floor_best, proto_best = moves / floor_time, moves / proto_time
    print()
    print(f"railroad floor (lists):    {floor_best:12.0f} moves/s")
    print(f"railroad protocol:         {proto_best:12.0f} moves/s")
    print(f"ratio floor / protocol:    {floor_best / proto_best:12.2f}x  (target: within 2x)")
    series["railroad_floor"] = {
        "floor": {"moves_per_second": floor_best},
        "protocol": {"moves_per_second": proto_best},
        "ratio": {"moves_per_second": floor_best / proto_best},
    }
    record(args.json, series, seconds)
    return 0


def record(path: str | None, series: dict[str, Any], seconds: float) -> None:
    """Merge ``series`` into the JSON file at ``path`` (if given), with when and where."""
    if path is None:
        return
    target = Path(path)
    data: dict[str, Any] = json.loads(target.read_text("utf-8")) if target.exists() else {}
    for name, entries in series.items():
        data[name] = {
            "measured": datetime.date.today().isoformat(),
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cores": os.cpu_count(),
            "seconds_per_measurement": seconds,
            **entries,
        }
    target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    sys.exit(main())
