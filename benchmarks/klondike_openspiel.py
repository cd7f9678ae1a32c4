"""Klondike random play: patience against OpenSpiel's ``solitaire``, in one run.

OpenSpiel is installed only for this benchmark::

    pip install open-spiel
    python benchmarks/klondike_openspiel.py            # 5 s per measurement
    python benchmarks/klondike_openspiel.py --seconds 2

Both games are driven the same way from Python: pick a uniformly random legal
action, apply it, repeat until the game ends, then start a new game. A step is
one applied action. OpenSpiel's game is a C++ Klondike variant with no stock
(all 52 cards are dealt, hidden cards are revealed by chance nodes, and a
depth limit of 150 ends each game); its chance steps count as steps, and its
decision-only rate is printed too. It is a yardstick, not the same game.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

import patience


def patience_rate(name: str, seconds: float, options: dict[str, object]) -> tuple[float, float]:
    game = patience.game(name, **options)
    rng = random.Random(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.deal(games)
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def openspiel_rate(seconds: float) -> tuple[float, float, float]:
    import pyspiel

    game = pyspiel.load_game("solitaire")
    rng = random.Random(1)
    steps = decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, decisions / elapsed, games / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    print(
        f"patience {patience.__version__}, Python {platform.python_version()}, {platform.machine()}"
    )
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: pip install open-spiel", file=sys.stderr)
        return 1
    best_ours = best_theirs = best_decisions = 0.0
    for _ in range(3):  # alternate, best of three each
        ours, _ = patience_rate("klondike", args.seconds, {})
        theirs, decisions, _ = openspiel_rate(args.seconds)
        best_ours = max(best_ours, ours)
        best_theirs = max(best_theirs, theirs)
        best_decisions = max(best_decisions, decisions)
    draw_one, _ = patience_rate("klondike", args.seconds, {"draw": 1})
    print(f"patience klondike (draw 3):   {best_ours:10.0f} steps/s")
    print(f"patience klondike (draw 1):   {draw_one:10.0f} steps/s")
    print(f"OpenSpiel solitaire:          {best_theirs:10.0f} steps/s (all actions)")
    print(f"OpenSpiel solitaire:          {best_decisions:10.0f} decisions/s (chance excluded)")
    print(f"ratio patience / OpenSpiel:   {best_ours / best_theirs:10.2f}  (target: at least 0.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
