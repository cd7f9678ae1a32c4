"""Solver speed and strength: positions searched a second, and how many deals it settles.

Run from the project root with the package installed::

    python benchmarks/solver_speed.py                      # the speed figures (about 6 minutes)
    python benchmarks/solver_speed.py --settle             # settle rates: 200 deals at 10 s
    python benchmarks/solver_speed.py --settle --deals 20 --games klondike canfield
    python benchmarks/solver_speed.py --json docs/_data/benchmarks.json   # for the docs
    python benchmarks/solver_speed.py --rates              # positions a second, every game

Speed: each deal is solved with a five-second limit on one core, and the
figure is all positions over all seconds (50 Railroad deals, 10 Klondike).

Settle rates (``--settle``): the first ``--deals`` deals of each game are
solved with ``--seconds`` each, one core a deal (``--jobs`` deals at a time),
and each is counted as won, lost (the whole search space exhausted) or
unresolved. A deal is *settled* when it is won or lost. The figures depend on
the machine's speed and load: compare runs made side by side.

Rates (``--rates``): each game of the settle targets solves its first
``--deals`` deals (default 5) with a budget of ``--nodes`` positions each
(default 10,000) and no time limit, on one core. A search limited by
positions is the same on every machine, so two versions of the solver that
report the same positions made the same search, and the ratio of their
rates, run one after the other, is the speed-up.
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
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import patience

# The games of the settle-rate targets, each with the options it is measured in.
SETTLE_GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "klondike": ("klondike", {}),
    "canfield": ("canfield", {}),
    "thirteen-up": ("thirteen-up", {}),
    "seahaven-towers": ("seahaven-towers", {}),
    "beleaguered-castle": ("beleaguered-castle", {}),
    "accordion-dealt": ("accordion", {"deal_all": True}),
    "streets-and-alleys": ("streets-and-alleys", {}),
    "napoleon": ("napoleon", {}),
    "emperor": ("emperor", {}),
    "spider": ("spider", {}),
    "single-rail": ("single-rail", {}),
}


def solve_deal(label: str, seed: int, seconds: float) -> tuple[str, int, str, int, float]:
    """Solve deal ``seed`` of the game ``label`` names; ``(label, seed, status, nodes, s)``."""
    name, options = SETTLE_GAMES[label]
    game = patience.game(name, **options)
    # The search's tie order comes from the deal's seed as the solver policy
    # draws it (its first call on the deal's generator), so a deal settles here
    # as it does in ``simulate --policy solver``.
    order = random.Random(seed).randrange(2**32)
    found = patience.solve(game, game.deal(seed), max_seconds=seconds, max_nodes=None, seed=order)
    if found.won:
        # Every won line is checked: it replays to a won position.
        state = game.deal(seed)
        for move in found.moves:
            state = game.apply(state, move)
        assert game.is_won(state), f"{label} deal {seed}: the won line does not win"
    return label, seed, found.status, found.nodes, found.seconds


def settle(games: list[str], deals: int, seconds: float, jobs: int) -> dict[str, Any]:
    """Settle rates of ``games`` on their first ``deals`` deals."""
    figures: dict[str, Any] = {}
    print(f"{'game':20} {'won':>5} {'lost':>5} {'open':>5} {'settled':>8} {'nodes/s':>9}")
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for label in games:
            counts = {"won": 0, "lost": 0, "unknown": 0}
            nodes = 0
            spent = 0.0
            started = time.perf_counter()
            work = [pool.submit(solve_deal, label, seed, seconds) for seed in range(deals)]
            for future in work:
                _, _, status, n, s = future.result()
                counts[status] += 1
                nodes += n
                spent += s
            settled = counts["won"] + counts["lost"]
            figures[label] = {
                "deals": deals,
                "seconds_per_deal": seconds,
                "won": counts["won"],
                "lost": counts["lost"],
                "unresolved": counts["unknown"],
                "settled": settled / deals,
                "nodes_per_second": nodes / spent if spent else 0.0,
                "wall_seconds": time.perf_counter() - started,
            }
            print(
                f"{label:20} {counts['won']:5d} {counts['lost']:5d} {counts['unknown']:5d}"
                f" {settled / deals:8.1%} {nodes / spent if spent else 0:9.0f}",
                flush=True,
            )
    return figures


def speed() -> dict[str, Any]:
    """Positions a second on Railroad (50 deals) and Klondike (10), five seconds a deal."""
    figures: dict[str, Any] = {}
    for name, deals in (("railroad", 50), ("klondike", 10)):
        game = patience.game(name)
        nodes = 0
        seconds = 0.0
        for seed in range(deals):
            found = patience.solve(game, game.deal(seed), max_seconds=5, max_nodes=None)
            nodes += found.nodes
            seconds += found.seconds
        print(f"{name:10} {nodes:10d} nodes in {seconds:6.1f} s: {nodes / seconds:8.0f} nodes/s")
        figures[name] = {"deals": deals, "nodes_per_second": nodes / seconds}
    return figures


def rates(games: list[str], deals: int, nodes: int) -> dict[str, Any]:
    """Positions a second of ``games`` at ``nodes`` positions a deal."""
    figures: dict[str, Any] = {}
    print(f"{'game':20} {'positions':>10} {'seconds':>8} {'positions/s':>12}")
    for label in games:
        name, options = SETTLE_GAMES[label]
        game = patience.game(name, **options)
        total = 0
        started = time.perf_counter()
        for seed in range(deals):
            total += patience.solve(game, game.deal(seed), max_nodes=nodes, max_seconds=None).nodes
        spent = time.perf_counter() - started
        figures[label] = {"deals": deals, "positions": total, "nodes_per_second": total / spent}
        print(f"{label:20} {total:10d} {spent:8.2f} {total / spent:12.0f}", flush=True)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--settle", action="store_true", help="measure settle rates")
    parser.add_argument(
        "--rates", action="store_true", help="positions a second at a budget of positions"
    )
    parser.add_argument("--nodes", type=int, default=10_000, help="positions a deal (rates)")
    parser.add_argument(
        "--deals", type=int, help="deals a game (settle rates: default 200; rates: 5)"
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="time a deal (settle rates)")
    parser.add_argument("--jobs", type=int, default=1, help="deals solved at once (settle rates)")
    parser.add_argument(
        "--games", nargs="*", choices=sorted(SETTLE_GAMES), help="games for settle rates or rates"
    )
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="also record the figures in FILE (docs/_data/benchmarks.json for the docs)",
    )
    parser.add_argument(
        "--series",
        help="the name the figures go under in the JSON file"
        " (default: solver_speed, solver_settle with --settle, solver_rates with --rates)",
    )
    args = parser.parse_args()
    if args.settle and args.rates:
        parser.error("--settle and --rates are two measurements: choose one")
    print(f"patience {patience.__version__}, Python {platform.python_version()}")
    stamp = {
        "measured": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cores": os.cpu_count(),
    }
    games = args.games or list(SETTLE_GAMES)
    if args.settle:
        key = "solver_settle"
        figures = settle(games, args.deals or 200, args.seconds, args.jobs)
    elif args.rates:
        key = "solver_rates"
        figures = {**rates(games, args.deals or 5, args.nodes), "nodes_per_deal": args.nodes}
    else:
        key = "solver_speed"
        figures = speed()
    if args.json:
        target = Path(args.json)
        data = json.loads(target.read_text("utf-8")) if target.exists() else {}
        data[args.series or key] = {**stamp, **figures}
        target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
