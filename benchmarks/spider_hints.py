"""Thoughtful hints in Spider: how often the first hint of a deal lies on a winning line.

Run from the project root::

    python benchmarks/spider_hints.py                        # one suit, first 50 deals
    python benchmarks/spider_hints.py --suits 2 --layout standard --deals 20

For each deal, the hint :meth:`patience.Session.hint` gives with
``thoughtful=True`` at the opening: the solver's policy
(:class:`~patience.SolverPolicy`) with the hint's limit, two seconds of
wall time by default (:data:`patience.session.HINT_SECONDS`), and the same
random generator the session hands it, so the search is the one the hint
makes. The hint lies on a winning line when that search found a win (the
policy's :attr:`~patience.SolverPolicy.status` is ``"won"``); otherwise it
is the greedy move. The report gives, per deal, the status, the wall time
of the call and the positions searched, and at the end how many hints lay
on a winning line within the limit. Run it alone: the limit counts wall
time, and other work on the machine leaves the search less of it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import patience
from patience.session import HINT_SECONDS


def hint(game: patience.Game, seed: int, seconds: float) -> dict[str, Any]:
    """The opening hint of deal ``seed``, as :meth:`Session.hint` makes it."""
    session = patience.Session(game, seed=seed)
    state = session.state
    seen: list[int] = []
    policy = patience.SolverPolicy(
        max_seconds=seconds, progress=lambda nodes, _: seen.append(nodes) is None
    )
    began = time.perf_counter()
    # Session.hint's own call: a generator seeded with the moves made so far.
    move = policy.choose(game, state, random.Random(len(session.history)), 0)
    spent = time.perf_counter() - began
    return {
        "seed": seed,
        "move": str(move),
        "status": policy.status,
        "seconds": round(spent, 3),
        "positions": seen[-1] if seen else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--suits", type=int, default=1, help="Spider's suits (1, 2 or 4)")
    parser.add_argument("--layout", default="hoyle", help="Spider's layout (hoyle or standard)")
    parser.add_argument("--deals", type=int, default=50, help="the first DEALS deals")
    parser.add_argument("--seconds", type=float, default=HINT_SECONDS, help="the hint's limit")
    parser.add_argument("--json", metavar="FILE", help="write the rows and totals as JSON")
    args = parser.parse_args()
    game = patience.game("spider", suits=args.suits, layout=args.layout)
    rows = []
    for seed in range(args.deals):
        row = hint(game, seed, args.seconds)
        rows.append(row)
        print(f"{seed:4d} {row['status']:8} {row['seconds']:6.2f} s {row['move']}", flush=True)
    won = sum(1 for row in rows if row["status"] == "won")
    slowest = max(row["seconds"] for row in rows)
    print(
        f"{game.title}: {won} of {len(rows)} opening hints on a winning line"
        f" within {args.seconds:g} s of wall time (slowest call {slowest:.2f} s)"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"game": game.title, "won": won, "deals": len(rows), "rows": rows}, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
