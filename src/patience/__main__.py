"""Command line: ``python -m patience``.

``python -m patience demo [GAME] [--seed N]`` deals a seeded game, plays it out
with a simple greedy policy and prints every move, the final table and the
result. ``python -m patience games`` lists the registered games.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .errors import PatienceError
from .game import Better, Game
from .move import Move
from .registry import describe, game, games
from .state import State


def greedy_move(g: Game, state: State) -> Move:
    """The legal move whose result scores best for the mover; the first on ties."""
    moves = g.legal_moves(state)
    sign = -1 if g.better is Better.LOWER else 1

    def value(move: Move) -> int:
        after = g.apply(state, move)
        return sign * g.score(after, move.player or 0)

    return max(moves, key=value)


def demo(name: str, seed: int, out: object = None) -> int:
    """Play ``name`` from ``seed`` greedily, printing as it goes; return 0."""
    g = game(name)
    state = g.deal(seed)
    print(f"{g.title or g.name}, seed {seed}")
    print(state)
    print()
    n = 0
    while not g.is_over(state):
        move = greedy_move(g, state)
        state = g.apply(state, move)
        n += 1
        print(f"{n:3}. {move}    score {', '.join(map(str, g.scores(state)))}")
    print()
    print(state)
    print(f"{n} moves; {g.result(state).summary()}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status."""
    parser = argparse.ArgumentParser(prog="python -m patience", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    p_demo = sub.add_parser("demo", help="deal a seeded game and play it out greedily")
    p_demo.add_argument("game", nargs="?", default="railroad", help="game name (default: railroad)")
    p_demo.add_argument("--seed", type=int, default=2026, help="deal seed (default: 2026)")
    sub.add_parser("games", help="list the registered games")
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            for name in games():
                print(f"{name:18} {describe(name).summary}")
            return 0
        if args.command in (None, "demo"):
            return demo(getattr(args, "game", "railroad"), getattr(args, "seed", 2026))
    except PatienceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
