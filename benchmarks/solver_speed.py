"""Solver speed: nodes searched per second on Railroad and Klondike deals.

Run from the project root with the package installed::

    python benchmarks/solver_speed.py
    python benchmarks/solver_speed.py --json docs/_data/benchmarks.json   # for the docs

Each deal is solved with a five-second limit on one core; the figure is all
nodes over all seconds.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
from pathlib import Path

import patience


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="also record the figures in FILE (docs/_data/benchmarks.json for the docs)",
    )
    args = parser.parse_args()
    print(f"patience {patience.__version__}, Python {platform.python_version()}")
    figures: dict[str, object] = {
        "measured": datetime.date.today().isoformat(),
        "python": platform.python_version(),
    }
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
    if args.json:
        target = Path(args.json)
        data = json.loads(target.read_text("utf-8")) if target.exists() else {}
        data["solver_speed"] = figures
        target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
