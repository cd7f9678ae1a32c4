"""Solver speed: nodes searched per second on Railroad and Klondike deals.

Run from the project root with the package installed::

    python benchmarks/solver_speed.py

Each deal is solved with a five-second limit on one core; the figure is all
nodes over all seconds.
"""

from __future__ import annotations

import platform
import sys

import patience


def main() -> int:
    print(f"patience {patience.__version__}, Python {platform.python_version()}")
    for name, deals in (("railroad", 50), ("klondike", 10)):
        game = patience.game(name)
        nodes = 0
        seconds = 0.0
        for seed in range(deals):
            found = patience.solve(game, game.deal(seed), max_seconds=5, max_nodes=None)
            nodes += found.nodes
            seconds += found.seconds
        print(f"{name:10} {nodes:10d} nodes in {seconds:6.1f} s: {nodes / seconds:8.0f} nodes/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
