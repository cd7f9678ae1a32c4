"""Environment steps a second for every game, each against Klondike's.

Run from the project root with the ``gym`` extra installed (and the
``pettingzoo`` extra for the games of two players)::

    python benchmarks/gym_steps.py                      # every game, 20 episodes each
    python benchmarks/gym_steps.py --episodes 50 spider streets-and-alleys
    python benchmarks/gym_steps.py --termination rules known --json steps.json

Each game is stepped through :class:`patience.gym.PatienceEnv` with uniformly
random actions among those its mask allows, over the episodes seeded 0, 1,
2 ... (the same episodes on every build and machine), with the
environment's defaults (an episode ends when the game is over, or is
truncated where the environment's guards say), once for each
``--termination`` asked for (``rules``, the default, and ``known``). A game
of two players is stepped through PettingZoo's parallel environment, each
live agent taking a random allowed action at every step. Klondike is measured in the
same run, right before each game, so that the ratio ("x klondike": how many
times slower than Klondike) is fair on a shared machine. The same script
measures an older build of the library side by side
(``PYTHONPATH=old/src python benchmarks/gym_steps.py``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from pathlib import Path

import numpy as np

import patience
from patience.gym import PatienceEnv


def steps_per_second(name: str, episodes: int, termination: str = "rules") -> float:
    """Steps a second for ``name`` over the episodes seeded 0, 1, 2 ...,
    random masked actions (the same choices on every build)."""
    if patience.game(name).players > 1:
        return parallel_steps_per_second(name, episodes, termination)
    env = PatienceEnv(name, termination=termination)
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for seed in range(episodes):
        _, info = env.reset(seed=seed)
        done = bool(info["over"])  # some deals are over before the first move
        while not done:
            action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
            _, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            steps += 1
    return steps / (time.perf_counter() - start)


def parallel_steps_per_second(name: str, episodes: int, termination: str) -> float:
    """Joint steps a second of PettingZoo's parallel environment for ``name``."""
    from patience.pettingzoo import parallel_env

    env = parallel_env(name, termination=termination)
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for seed in range(episodes):
        observations, _ = env.reset(seed=seed)
        while env.agents:
            actions = {}
            for agent in env.agents:
                mask = observations[agent]["action_mask"]
                allowed = np.flatnonzero(mask).tolist()
                actions[agent] = rng.choice(allowed) if allowed else 0
            observations, _, _, _, _ = env.step(actions)
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20, help="episodes of each game")
    parser.add_argument(
        "--klondike", type=int, default=200, help="episodes of Klondike, the baseline"
    )
    parser.add_argument("--json", metavar="FILE", help="also record the figures in FILE")
    parser.add_argument(
        "--termination",
        nargs="+",
        default=["rules"],
        choices=["rules", "known"],
        help="the environments' termination settings to measure",
    )
    parser.add_argument("games", nargs="*", default=None)
    args = parser.parse_args()
    names = args.games or list(patience.games())
    print(f"patience {patience.__version__}, Python {platform.python_version()}")
    print(f"{'game':20} {'termination':>11} {'steps/s':>10} {'klondike':>10} {'x klondike':>10}")
    figures: dict[str, dict[str, float]] = {}
    for name in names:
        for termination in args.termination:
            base = steps_per_second("klondike", args.klondike, termination)
            rate = steps_per_second(name, args.episodes, termination)
            key = name if args.termination == ["rules"] else f"{name} {termination}"
            figures[key] = {"steps_per_second": rate, "klondike": base, "x_klondike": base / rate}
            print(
                f"{name:20} {termination:>11} {rate:10.0f} {base:10.0f} {base / rate:9.2f}x",
                flush=True,
            )
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
