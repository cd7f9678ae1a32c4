"""Random-play throughput of every registered game, and Railroad against a floor.

Run from the project root after installing the package::

    python benchmarks/throughput.py            # about a minute
    python benchmarks/throughput.py --quick    # a few seconds
    python benchmarks/throughput.py --games klondike --no-floor --seconds 3

For every registered game it plays random games through the public protocol
(``deal``, ``is_over``, ``legal_moves``, ``apply``) and reports games and moves
per second. For ``railroad`` it also times a deliberately minimal playout on
plain lists written below, which deals the same cards, picks pulls with the
same random stream and applies the same cascade rule, and reports the ratio of
the two. The floor is what any protocol pays against: no states, no move
objects, no checks.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

import patience
from patience.cards import Card

DECK = patience.Deck.standard()


def protocol_playout(game: patience.Game, seed: int, rng: random.Random) -> int:
    """Play one random game through the protocol; return the number of moves."""
    state = game.deal(seed)
    moves = 0
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        moves += 1
    return moves


def floor_playout(seed: int, rng: random.Random) -> int:
    """The minimal Railroad playout on lists: same deal, same choices, no protocol."""
    cards: tuple[Card, ...] = DECK.shuffled(seed).cards
    sidings = [list(cards[k::4]) for k in range(4)]
    line: list[Card] = []
    moves = 0
    while True:
        open_sidings = [s for s in sidings if s]
        if not open_sidings:
            return moves
        line.append(rng.choice(open_sidings).pop())
        moves += 1
        while len(line) >= 4:
            n, m = line[-1], line[-4]
            if n.rank == m.rank:
                del line[-4:]
            elif n.suit is m.suit:
                del line[-3:-1]
            else:
                break


def timed(fn: object, seconds: float) -> tuple[int, int, float]:
    """Call ``fn(seed, rng)`` on seeds 0, 1, ... for about ``seconds``."""
    assert callable(fn)
    rng = random.Random(12345)
    games = moves = 0
    start = time.perf_counter()
    while True:
        moves += fn(games, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, moves, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one second per measurement")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--games", nargs="*", default=None, help="games to measure (all)")
    parser.add_argument("--no-floor", action="store_true", help="skip the Railroad floor")
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="also record the figures in FILE (docs/_data/benchmarks.json for the docs)",
    )
    args = parser.parse_args()
    seconds = 1.0 if args.quick else args.seconds
    print(
        f"patience {patience.__version__}, Python {platform.python_version()}, {platform.machine()}"
    )
    print(f"{'game':18} {'games/s':>10} {'moves/s':>12} {'moves/game':>11}")
    figures: dict[str, dict[str, float]] = {}
    for name in args.games or patience.games():
        game = patience.game(name)
        g, m, t = timed(lambda s, r, game=game: protocol_playout(game, s, r), seconds)
        figures[name] = {
            "games_per_second": g / t,
            "moves_per_second": m / t,
            "moves_per_game": m / g,
        }
        print(f"{name:18} {g / t:10.1f} {m / t:12.0f} {m / g:11.1f}")
    series: dict[str, dict[str, dict[str, float]]] = {"throughput": figures}
    if args.no_floor:
        record(args.json, series, seconds)
        return 0
    # Floor and protocol measured back to back, alternating, best of three each.
    game = patience.game("railroad")
    floor_best = proto_best = 0.0
    for _ in range(3):
        g, m, t = timed(floor_playout, seconds)
        floor_best = max(floor_best, m / t)
        g, m, t = timed(lambda s, r: protocol_playout(game, s, r), seconds)
        proto_best = max(proto_best, m / t)
    print()
    print(f"railroad floor (lists):    {floor_best:12.0f} moves/s")
    print(f"railroad protocol:         {proto_best:12.0f} moves/s")
    print(f"ratio floor / protocol:    {floor_best / proto_best:12.2f}x  (target: within 3x)")
    series["railroad_floor"] = {
        "floor": {"moves_per_second": floor_best},
        "protocol": {"moves_per_second": proto_best},
        "ratio": {"moves_per_second": floor_best / proto_best},
    }
    record(args.json, series, seconds)
    return 0


def record(path: str | None, series: dict[str, Any], seconds: float) -> None:
    """Merge ``series`` into the JSON file at ``path`` (if given), with when and where."""
    if path is None:
        return
    target = Path(path)
    data: dict[str, Any] = json.loads(target.read_text("utf-8")) if target.exists() else {}
    for name, entries in series.items():
        data[name] = {
            "measured": datetime.date.today().isoformat(),
            "python": platform.python_version(),
            "seconds_per_measurement": seconds,
            **entries,
        }
    target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    sys.exit(main())
