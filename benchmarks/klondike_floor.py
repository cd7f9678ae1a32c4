"""Klondike random play against its mutable floor, side by side in one run.

Run from the project root::

    python benchmarks/klondike_floor.py                    # about a minute
    python benchmarks/klondike_floor.py --seconds 2 --rounds 3
    python benchmarks/klondike_floor.py --against ../other-checkout/src

Each round measures, one after the other in a fresh process: Klondike (draw
three) played at random through the protocol (``deal``, ``is_over``,
``legal_moves``, ``apply``, a uniformly random legal move, until
``is_over``: :func:`throughput.protocol_playout`), the same rules on plain
mutable lists (:func:`klondike_openspiel.floor_playout`, the floor), and
the Gymnasium environment ``patience/Klondike-v0`` stepped with random
masked actions (:func:`agents_openspiel.patience_rate`; skipped when
Gymnasium is not installed). The fastest round of each counts. The machine
may be busy with other work, so only figures from the same run are compared.

With ``--against``, the rounds alternate between the ``patience`` found on
the import path and the one under the given ``src`` directory (another
checkout), so that a change is measured against what it changes, in one run.

``--play patience N`` (or ``floor``) plays the first ``N`` deals once each,
untimed, for counting instructions, which a busy machine does not disturb::

    valgrind --tool=cachegrind --cache-sim=no python benchmarks/klondike_floor.py --play floor 100

(less the count of ``--play floor 0``, which is the start-up, divided by
the steps it prints).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def one_round(seconds: float, gym: bool) -> dict[str, float]:
    """One measurement of each loop in this process, in steps a second."""
    sys.path.insert(0, str(HERE))
    from klondike_openspiel import floor_rate, patience_rate

    out = {
        "patience": patience_rate("klondike", seconds, {})[0],
        "floor": floor_rate(seconds),
    }
    if gym:
        try:
            from agents_openspiel import patience_rate as gym_rate

            out["gym"] = gym_rate(seconds)[0]
        except ImportError:
            pass
    return out


def play(side: str, games: int) -> int:
    """Play deals 0 to ``games - 1`` once each on ``side``; return the steps."""
    sys.path.insert(0, str(HERE))
    from klondike_openspiel import floor_playout
    from throughput import protocol_playout

    import patience

    game = patience.game("klondike")
    game.deal(0)  # what is made once per game object
    rng = random.Random(1)
    steps = 0
    for seed in range(games):
        if side == "floor":
            steps += floor_playout(seed, rng)
        else:
            steps += protocol_playout(game, seed, rng, guard=False)
    return steps


def run_round(src: str | None, seconds: float, gym: bool) -> dict[str, float]:
    """:func:`one_round` in a fresh process, importing ``patience`` from ``src``."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (src, env.get("PYTHONPATH"))))
    args = [sys.executable, __file__, "--one", "--seconds", str(seconds)]
    if not gym:
        args.append("--no-gym")
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (best of them counts)")
    parser.add_argument("--against", help="another checkout's src directory to compare with")
    parser.add_argument("--no-gym", action="store_true", help="skip the Gymnasium loop")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--play",
        nargs=2,
        metavar=("SIDE", "N"),
        help="play N deals on SIDE (patience or floor), untimed; print the steps",
    )
    args = parser.parse_args()
    if args.play:
        side, games = args.play
        if side not in ("patience", "floor"):
            parser.error("--play takes patience or floor")
        print(f"{play(side, int(games))} steps")
        return 0
    gym = not args.no_gym
    if args.one:
        print(json.dumps(one_round(args.seconds, gym)))
        return 0
    sides: dict[str, str | None] = {"this": None}
    if args.against:
        sides = {"against": args.against, "this": None}
    best: dict[str, dict[str, float]] = {side: {} for side in sides}
    for _ in range(args.rounds):
        for side, src in sides.items():
            for key, value in run_round(src, args.seconds, gym).items():
                best[side][key] = max(best[side].get(key, 0.0), value)
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores")
    for side, figures in best.items():
        where = sides[side] or "this checkout"
        print(f"{side} ({where}):")
        print(f"  patience klondike (draw 3): {figures['patience']:10.0f} steps/s")
        print(f"  floor (lists, draw 3):      {figures['floor']:10.0f} steps/s")
        print(f"  floor / patience:           {figures['floor'] / figures['patience']:10.2f}")
        if "gym" in figures:
            print(f"  Gymnasium Klondike-v0:      {figures['gym']:10.0f} steps/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
