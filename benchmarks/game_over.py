"""What deciding that a game is over costs in random play, game by game.

Plays ``--deals`` random games of each game named (uniformly random legal
moves through the protocol, cut after ``MAX_IDLE`` moves in a row without
progress, as benchmarks/throughput.py plays them) and reports, per game:

- the ``is_over`` calls a game (mean), their median and 99th percentile in
  milliseconds, and the share of the loop's time they take;
- how the games ended (over, or cut by the stretch guard);
- for the games that ended for want of progress, the size of the region the
  last call had to search to its end to prove it (the positions reachable
  without progress), median and largest, and the time of that call; a
  region larger than ``REGION_CAP`` (an older build of the library called
  such games over when its search gave up) shows as ``>cap``; and how many
  games were called over although a position of their region makes
  progress ("wrong": older builds ended a game where the search gave up).

The last two say what no cache can take away: a game is over only where its
whole region has been seen, so each such game costs at least a search of its
region, however the searches before it were spared.

    python benchmarks/game_over.py --deals 30 spider streets-and-alleys

It uses only the protocol and the games' search hooks, so the same script
measures an older build of the library side by side
(``PYTHONPATH=old/src python benchmarks/game_over.py``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from pathlib import Path

import patience

MAX_IDLE = 1_000
REGION_CAP = 10_000
"""Regions are counted up to this many positions (larger ones show as ``>cap``)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--json", metavar="FILE", help="also record the figures in FILE")
    parser.add_argument("--series", default="game_over", help="their name in --json")
    parser.add_argument("games", nargs="*", default=patience.games())
    args = parser.parse_args()
    print(f"patience {patience.__version__}, Python {platform.python_version()}")
    print(
        f"{'game':18} {'calls/game':>10} {'p50 ms':>8} {'p99 ms':>8} {'share':>6}"
        f" {'over':>5} {'cut':>4} {'region p50':>10} {'region max':>10} {'last ms p50':>11}"
        f" {'ms/game':>8} {'wrong':>5}"
    )
    figures: dict[str, dict[str, float | str]] = {}
    for name in args.games:
        game = patience.game(name)
        rng = random.Random(12345)
        calls: list[float] = []
        regions: list[int] = []
        lasts: list[float] = []
        over = cut = wrong = 0
        total = 0.0
        for seed in range(args.deals):
            began = time.perf_counter()
            state = game.deal(seed)
            mark, idle = game.progress(state), 0
            while True:
                t = time.perf_counter()
                done = game.is_over(state)
                calls.append(time.perf_counter() - t)
                if done or idle >= MAX_IDLE:
                    break
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                now = game.progress(state)
                mark, idle = now, (idle + 1 if now == mark else 0)
            total += time.perf_counter() - began
            if not done:
                cut += 1
                continue
            over += 1
            if game.legal_moves(state) and not game.is_won(state):
                # The region's size: every position met, the one asked about included.
                size = _region_size(patience.game(name, **game.options), state)
                if size is None:
                    wrong += 1
                else:
                    regions.append(size)
                lasts.append(calls[-1])
        ordered = sorted(calls)
        p50 = 1000 * ordered[len(ordered) // 2]
        p99 = 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        share = sum(calls) / total if total else 0.0
        region_p50 = statistics.median(regions) if regions else 0
        top = max(regions, default=0)
        region_max = f">{REGION_CAP}" if top > REGION_CAP else str(top)
        last = 1000 * statistics.median(lasts) if lasts else 0.0
        print(
            f"{name:18} {len(calls) / args.deals:10.1f} {p50:8.2f} {p99:8.2f} {share:6.0%}"
            f" {over:5} {cut:4} {region_p50:10.0f} {region_max:10} {last:11.2f}"
            f" {1000 * total / args.deals:8.1f} {wrong:5}",
            flush=True,
        )
        figures[name] = {
            "calls_per_game": len(calls) / args.deals,
            "p50_ms": p50,
            "p99_ms": p99,
            "share": share,
            "over": over,
            "cut": cut,
            "region_p50": region_p50,
            "region_max": region_max,
            "ms_per_game": 1000 * total / args.deals,
            "wrongly_over": wrong,
        }
    if args.json:
        target = Path(args.json)
        data = json.loads(target.read_text("utf-8")) if target.exists() else {}
        data.setdefault(args.series, {}).update(figures)
        target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")


def _region_size(game: patience.Game, state: patience.State) -> int | None:
    """How many positions (by the game's search key) are reachable from
    ``state`` without progress, ``state`` itself included (counted up to
    :data:`REGION_CAP`, one more meaning larger); ``None`` if one of them
    makes progress (the game was called over wrongly, as older builds did
    where their search gave up)."""
    mark = game.progress(state)
    key = game._search_key
    seen = {key(state)}
    stack = [state]
    while stack:
        here = stack.pop()
        for move in game.legal_moves(here):
            child, progressed = game._advance(here, move, mark)
            if progressed:
                return None
            k = key(child)
            if k not in seen:
                seen.add(k)
                stack.append(child)
                if len(seen) > REGION_CAP:
                    return len(seen)
    return len(seen)


if __name__ == "__main__":
    main()
