"""Klondike as an environment: patience's Gymnasium adapter against OpenSpiel, in one run.

Needs the ``gym`` extra and OpenSpiel, which is installed only for this
benchmark::

    pip install "patience-rules[gym]" open-spiel
    python benchmarks/agents_openspiel.py              # 5 s per measurement
    python benchmarks/agents_openspiel.py --seconds 2

Each side is stepped the way an agent steps an environment: reset, then, until
the episode ends, read the legal-action mask, pick a uniformly random legal
action from it, step, and get the next observation. A step is one decision.

- patience: ``gymnasium.make("patience/Klondike-v0")`` (draw three), whose
  ``step`` returns the observation (227 integers) and ``info["action_mask"]``;
  an episode ends when the game is over (``is_over``).
- OpenSpiel ``solitaire``, stepped the same way: at each decision,
  ``legal_actions_mask()`` and ``observation_tensor()`` (1,741 floats), then
  ``apply_action``; the chance nodes that reveal hidden cards are sampled in
  between and are not counted as steps, as a reveal is part of a step in
  patience. Its games end at a depth limit of 150.
- OpenSpiel's own environment API, ``rl_environment.Environment("solitaire")``,
  for reference (its time steps carry the observation and legal actions).

OpenSpiel's game is a C++ Klondike variant with no stock (all 52 cards are
dealt, hidden cards revealed by chance nodes): a yardstick, not the same game.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

import patience


def patience_rate(seconds: float) -> tuple[float, float]:
    """Steps and episodes a second through the Gymnasium adapter."""
    import gymnasium
    import numpy as np

    import patience.gym  # noqa: F401  (registers the environments)

    env = gymnasium.make("patience/Klondike-v0")
    rng = random.Random(1)
    steps = episodes = 0
    start = time.perf_counter()
    _, info = env.reset(seed=1)
    while time.perf_counter() - start < seconds:
        done = info["over"]
        while not done:
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            steps += 1
        episodes += 1
        _, info = env.reset()
    elapsed = time.perf_counter() - start
    return steps / elapsed, episodes / elapsed


def openspiel_rate(seconds: float) -> tuple[float, float]:
    """Decisions and episodes a second through pyspiel, stepped as an environment."""
    import numpy as np
    import pyspiel

    game = pyspiel.load_game("solitaire")
    rng = random.Random(1)
    steps = episodes = 0

    def settle(state: pyspiel.State) -> None:
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])

    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        settle(state)
        state.observation_tensor()  # what reset returns
        while not state.is_terminal():
            mask = state.legal_actions_mask()
            state.apply_action(rng.choice(np.flatnonzero(mask).tolist()))
            settle(state)
            if not state.is_terminal():  # (OpenSpiel observes no terminal state)
                state.observation_tensor()  # what step returns
            steps += 1
        episodes += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, episodes / elapsed


def rl_environment_rate(seconds: float) -> tuple[float, float]:
    """Decisions and episodes a second through OpenSpiel's rl_environment."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment("solitaire")
    rng = random.Random(1)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
            steps += 1
        episodes += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, episodes / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    print(
        f"patience {patience.__version__}, Python {platform.python_version()}, {platform.machine()}"
    )
    try:
        import gymnasium  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError as missing:
        print(f"{missing.name} is not installed: pip install 'patience-rules[gym]' open-spiel")
        return 1
    best = {"patience": (0.0, 0.0), "openspiel": (0.0, 0.0), "rl_environment": (0.0, 0.0)}
    measure = {
        "patience": patience_rate,
        "openspiel": openspiel_rate,
        "rl_environment": rl_environment_rate,
    }
    for _ in range(3):  # alternate, best of three each
        for name, rate in measure.items():
            best[name] = max(best[name], rate(args.seconds))
    labels = {
        "patience": "patience Klondike-v0 (Gymnasium)",
        "openspiel": "OpenSpiel solitaire, same loop",
        "rl_environment": "OpenSpiel rl_environment",
    }
    for name, (steps, episodes) in best.items():
        print(f"{labels[name] + ':':<35} {steps:9.0f} steps/s {episodes:7.1f} episodes/s")
    ours = best["patience"][0]
    print(f"ratio patience / OpenSpiel (same loop):      {ours / best['openspiel'][0]:6.2f}")
    print(f"ratio patience / OpenSpiel (rl_environment): {ours / best['rl_environment'][0]:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
