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

The floor is our Klondike's rules (three at a time, unlimited passes, a
redeal only after a pass with progress, aces up at once, whole face-up runs,
kings alone into spaces) played at random on plain mutable lists of card
numbers, with no states, no move objects and no checks, until no move is
left: what pure Python costs at the least, for comparing both sides with.
"""

from __future__ import annotations

import argparse
import functools
import platform
import random
import sys
import time
from collections.abc import Callable

from throughput import protocol_playout  # this directory: run as a script

import patience


def rate(playout: Callable[[int, random.Random], int], seconds: float) -> tuple[float, float]:
    """Steps and games a second of ``playout(seed, rng)`` (one game from the
    deal of ``seed``, returning its steps), dealing seeds 0, 1, 2 ... for
    ``seconds``, with one generator seeded 1 for every choice."""
    rng = random.Random(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += playout(games, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def patience_rate(name: str, seconds: float, options: dict[str, object]) -> tuple[float, float]:
    return rate(
        functools.partial(protocol_playout, patience.game(name, **options), guard=False), seconds
    )


# Card c of the floor: suit c // 13 (0 C, 1 D, 2 H, 3 S), rank c % 13 + 1. The
# two cards each card below a king may be built on: the next rank up, of the
# other colour.
_ONTO = [
    tuple(s * 13 + c % 13 + 1 for s in ((0, 3) if c // 13 in (1, 2) else (1, 2))) for c in range(52)
]


def floor_playout(seed: int, rng: random.Random) -> int:
    """One random game of the floor (see the module's notes) from the deal of
    ``seed``; returns the moves made."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    piles: list[list[int]] = []
    down: list[int] = []
    k = 0
    for n in range(1, 8):
        piles.append(deck[k : k + n])
        down.append(n - 1)
        k += n
    stock = deck[k:][::-1]
    waste: list[int] = []
    found = [0, 0, 0, 0]  # cards up per suit
    progress = False
    moves = 0
    while True:
        listed: list[tuple[int, ...]] = []
        # aces first: a base card showing must go up
        for i, p in enumerate(piles):
            if p and p[-1] % 13 == 0:
                listed.append((0, i))
        if waste and waste[-1] % 13 == 0:
            listed.append((1, 0))
        if not listed:
            if waste:
                w = waste[-1]
                if found[w // 13] == w % 13:
                    listed.append((1, 0))
            for i, p in enumerate(piles):
                if p:
                    c = p[-1]
                    if found[c // 13] == c % 13:
                        listed.append((0, i))
            tops: dict[int, int] = {}
            spaces: list[int] = []
            for j, p in enumerate(piles):
                if p:
                    tops.setdefault(p[-1], j)
                else:
                    spaces.append(j)
            for i, p in enumerate(piles):
                if not p:
                    continue
                b = p[down[i]]
                if b % 13 == 12:
                    if down[i]:
                        for j in spaces:
                            listed.append((2, i, j))
                    continue
                for onto in _ONTO[b]:
                    there = tops.get(onto)
                    if there is not None:
                        listed.append((2, i, there))
            if waste:
                w = waste[-1]
                if w % 13 == 12:
                    for j in spaces:
                        listed.append((3, j))
                else:
                    for onto in _ONTO[w]:
                        there = tops.get(onto)
                        if there is not None:
                            listed.append((3, there))
            if stock:
                listed.append((4,))
            elif waste and progress:
                listed.append((5,))
        if not listed:
            return moves
        m = rng.choice(listed)
        moves += 1
        kind = m[0]
        if kind == 0:  # tableau top to foundation
            p = piles[m[1]]
            c = p.pop()
            found[c // 13] += 1
            if p and down[m[1]] == len(p):
                down[m[1]] -= 1
            progress = True
        elif kind == 1:  # waste to foundation
            c = waste.pop()
            found[c // 13] += 1
            progress = True
        elif kind == 2:  # a face-up run between piles
            i, j = m[1], m[2]
            p = piles[i]
            run = p[down[i] :]
            del p[down[i] :]
            piles[j] += run
            if p:
                down[i] -= 1
                progress = True
        elif kind == 3:  # waste to tableau
            piles[m[1]].append(waste.pop())
            progress = True
        elif kind == 4:  # turn three
            n = min(3, len(stock))
            waste += stock[: -n - 1 : -1]
            del stock[-n:]
        else:  # redeal
            stock = waste[::-1]
            waste = []
            progress = False


def floor_rate(seconds: float) -> float:
    return rate(floor_playout, seconds)[0]


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
    best_ours = best_floor = best_theirs = best_decisions = 0.0
    for _ in range(3):  # alternate, best of three each
        ours, _ = patience_rate("klondike", args.seconds, {})
        floor = floor_rate(args.seconds)
        theirs, decisions, _ = openspiel_rate(args.seconds)
        best_ours = max(best_ours, ours)
        best_floor = max(best_floor, floor)
        best_theirs = max(best_theirs, theirs)
        best_decisions = max(best_decisions, decisions)
    draw_one, _ = patience_rate("klondike", args.seconds, {"draw": 1})
    print(f"patience klondike (draw 3):   {best_ours:10.0f} steps/s")
    print(f"patience klondike (draw 1):   {draw_one:10.0f} steps/s")
    print(f"floor (lists, draw 3):        {best_floor:10.0f} steps/s")
    print(f"OpenSpiel solitaire:          {best_theirs:10.0f} steps/s (all actions)")
    print(f"OpenSpiel solitaire:          {best_decisions:10.0f} decisions/s (chance excluded)")
    print(f"ratio patience / OpenSpiel:   {best_ours / best_theirs:10.2f}  (target: at least 0.5)")
    print(f"ratio floor / OpenSpiel:      {best_floor / best_theirs:10.2f}")
    print(f"ratio floor / patience:       {best_floor / best_ours:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
