"""How closely the solver keeps its time limit: wall time of each call against ``max_seconds``.

Run from the project root::

    python benchmarks/solver_limits.py                      # 10 deals of five games at 2 s
    python benchmarks/solver_limits.py --seconds 5 --deals 4 --games spider napoleon
    python benchmarks/solver_limits.py --against /tmp/old/src   # another tree's solver too

Each deal is solved with ``max_seconds`` alone, and the wall time of the
whole call (from calling ``solve`` to having its answer, the freeing of the
search's tables included) is divided by the limit. The report gives, per
game, the deals the clock stopped, the largest and the mean ratio among
them, and the positions searched; deals settled before the limit are
counted but say nothing about the limit.

With ``--against SRC`` the same deals are also solved by the ``patience``
package found under ``SRC`` (say, an older checkout's ``src``), game by
game in turn with this tree's, each game in a fresh process of its own, so
that the two are compared under the same load. Run it alone: the figures
are wall times, and other work on the machine stretches them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GAMES = ["klondike", "canfield", "spider", "napoleon", "beleaguered-castle"]
HERE = Path(__file__).resolve()
SRC = HERE.parents[1] / "src"


def measure(name: str, deals: int, seconds: float) -> dict[str, Any]:
    """Solve the first ``deals`` deals of ``name`` at ``seconds`` each, in this process."""
    import patience

    game = patience.game(name)
    ratios: list[float] = []
    nodes = 0
    settled = 0
    for seed in range(deals):
        state = game.deal(seed)
        began = time.perf_counter()
        found = patience.solve(game, state, max_seconds=seconds)
        spent = time.perf_counter() - began
        if found.settled:
            settled += 1
        else:
            ratios.append(spent / seconds)
            nodes += found.nodes
    return {
        "game": name,
        "source": str(Path(patience.__file__).parents[1]),
        "deals": deals,
        "settled": settled,
        "stopped": len(ratios),
        "largest": max(ratios, default=0.0),
        "mean": sum(ratios) / len(ratios) if ratios else 0.0,
        "nodes": nodes,
    }


def in_process(source: Path, name: str, deals: int, seconds: float) -> dict[str, Any]:
    """:func:`measure` in a fresh process that imports ``patience`` from ``source``."""
    command = [sys.executable, str(HERE), "--one", name, "--deals", str(deals)]
    command += ["--seconds", str(seconds)]
    environment = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="max_seconds of each call")
    parser.add_argument("--deals", type=int, default=10, help="deals a game")
    parser.add_argument("--games", nargs="*", default=GAMES, help="games to solve")
    parser.add_argument("--against", metavar="SRC", help="also measure the package under SRC")
    parser.add_argument("--one", metavar="GAME", help=argparse.SUPPRESS)  # a child's task
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.deals, args.seconds)))
        return 0
    sources = [Path(args.against).resolve(), SRC] if args.against else [SRC]
    print(f"{args.deals} deals a game at max_seconds={args.seconds}; wall time / limit")
    print(f"{'game':20} {'source':40} {'stopped':>7} {'largest':>8} {'mean':>7} {'positions':>10}")
    worst = dict.fromkeys(sources, 0.0)
    for name in args.games:
        for source in sources:
            row = in_process(source, name, args.deals, args.seconds)
            worst[source] = max(worst[source], row["largest"])
            print(
                f"{name:20} {str(source)[-40:]:40} {row['stopped']:7d} {row['largest']:8.3f}"
                f" {row['mean']:7.3f} {row['nodes']:10d}",
                flush=True,
            )
    for source, ratio in worst.items():
        print(f"largest ratio, {source}: {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
