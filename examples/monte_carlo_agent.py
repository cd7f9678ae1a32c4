"""A Monte-Carlo agent that plays through the Gymnasium adapter, against random play.

Needs the ``gym`` extra (``pip install ".[gym]"``)::

    python examples/monte_carlo_agent.py                      # Railroad, 20 deals
    python examples/monte_carlo_agent.py --deals 50 --worlds 16
    python examples/monte_carlo_agent.py --game klondike --deals 5 --worlds 4

The agent is flat Monte-Carlo search with determinisation (PIMC, "perfect
information Monte-Carlo"). At every step it

1. takes what it may know: the view of the position, its information state
   (face-down cards hidden, except those it has seen and can place);
2. samples a few complete positions ("worlds") that agree with the view,
   with :func:`patience.policies.sample_world`;
3. for every legal action (``info["action_mask"]``), makes it in each world
   and plays the rest of the deal at random (a "rollout");
4. chooses the action whose rollouts ended with the best mean score.

It never looks at a card it could not see: the worlds are guesses. A random
player (a uniformly random legal action) plays the same deals: two
environments reset with the same seed deal the same sequence of deals.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import gymnasium
import numpy as np

import patience
from patience import Better, Game, State
from patience.gym import env_id
from patience.policies import sample_world

Agent = Callable[[gymnasium.Env[Any, Any], dict[str, Any]], int]
"""An agent: given the environment and the last info, the action to take."""


class Outcome(NamedTuple):
    """How a deal ended: its final score and whether it was won."""

    score: int
    won: bool


def legal_actions(info: dict[str, Any]) -> list[int]:
    """The legal actions, from the mask every reset and step gives."""
    return [int(a) for a in np.flatnonzero(info["action_mask"])]


def random_agent(rng: random.Random) -> Agent:
    """The baseline: a uniformly random legal action."""

    def choose(env: gymnasium.Env[Any, Any], info: dict[str, Any]) -> int:
        return rng.choice(legal_actions(info))

    return choose


def rollout(game: Game, state: State, rng: random.Random, limit: int) -> int:
    """Play ``state`` to the end (or ``limit`` moves) at random; the final score."""
    for _ in range(limit):
        if game.is_over(state, search=False):  # the cheap test: rollouts are many
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return game.score(state)


def monte_carlo_agent(rng: random.Random, worlds: int, limit: int) -> Agent:
    """Flat Monte-Carlo search over sampled worlds (see the module's text)."""

    def choose(env: gymnasium.Env[Any, Any], info: dict[str, Any]) -> int:
        actions = legal_actions(info)
        if len(actions) == 1:
            return actions[0]
        game: Game = env.unwrapped.game  # type: ignore[attr-defined]
        # The information state; the true position is not used from here on.
        view = game.view(env.unwrapped.state)  # type: ignore[attr-defined]
        totals = dict.fromkeys(actions, 0)
        for _ in range(worlds):
            world = sample_world(game, view, rng)
            for action in actions:
                after = game.apply(world, game.move_of(action, world))
                totals[action] += rollout(game, after, rng, limit)
        # Higher or lower is better, as the game says.
        if game.better is Better.HIGHER:
            return max(actions, key=lambda a: totals[a])
        return min(actions, key=lambda a: totals[a])

    return choose


def play(env: gymnasium.Env[Any, Any], agent: Agent, seed: int, deals: int) -> list[Outcome]:
    """The final score of each of ``deals`` deals, and whether it was won; the
    first deal comes from ``reset(seed=seed)``, the others from ``reset()``."""
    outcomes = []
    for k in range(deals):
        _, info = env.reset(seed=seed) if k == 0 else env.reset()
        done = info["over"]  # a deal can be over as dealt
        while not done:
            _, _, terminated, truncated, info = env.step(agent(env, info))
            done = terminated or truncated
        game, state = env.unwrapped.game, env.unwrapped.state  # type: ignore[attr-defined]
        outcomes.append(Outcome(info["score"], game.is_won(state)))
    return outcomes


def compare(
    game: str = "railroad", deals: int = 20, worlds: int = 8, seed: int = 2026, limit: int = 300
) -> dict[str, list[Outcome]]:
    """Both players' outcomes on the same deals."""
    players = {
        "random": random_agent(random.Random(seed)),
        f"Monte-Carlo, {worlds} worlds": monte_carlo_agent(random.Random(seed), worlds, limit),
    }
    results = {}
    for name, agent in players.items():
        # A cap on the steps of a deal: an agent may go round in circles in
        # games whose positions can repeat (Klondike), though not in Railroad.
        env = gymnasium.make(env_id(game), max_steps=2_000)
        results[name] = play(env, agent, seed, deals)
        env.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="railroad", help="a one-player game (default railroad)")
    parser.add_argument("--deals", type=int, default=20, help="deals to play (default 20)")
    parser.add_argument("--worlds", type=int, default=8, help="worlds sampled a move (default 8)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals (default 2026)")
    parser.add_argument(
        "--rollout-moves", type=int, default=300, help="the longest rollout (default 300)"
    )
    args = parser.parse_args(argv)
    game = patience.game(args.game)
    start = time.perf_counter()
    results = compare(args.game, args.deals, args.worlds, args.seed, args.rollout_moves)
    elapsed = time.perf_counter() - start
    print(
        f"{game.title}: {args.deals} deals from seed {args.seed},"
        f" {game.better.value} score is better"
    )
    print(f"{'player':<26} {'mean score':>10} {'won':>8}")
    for name, scores in results.items():
        mean = sum(o.score for o in scores) / len(scores)
        won = sum(o.won for o in scores)
        print(f"{name:<26} {mean:>10.1f} {won:>4}/{len(scores)}")
    print(f"({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
