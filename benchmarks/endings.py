"""How the games end under random play: the endings, cut deals and time per deal.

Plays the first ``--deals`` seeds of every registered game (or those named)
with the built-in random policy and prints a table: per game, how many deals
ended each way (:attr:`patience.Result.ending`), how many the move guard cut,
and the mean seconds per deal. The "How games end" docs page records a run.

    python benchmarks/endings.py --deals 50
    python benchmarks/endings.py --deals 100 --jobs 2 --json docs/_data/benchmarks.json

With ``--json`` the table is also recorded in the file given (as the series
``endings``, or the one ``--series`` names), from which the docs page draws
it. The same script measures an older build of the library side by side
(``PYTHONPATH=old/src python benchmarks/endings.py --series endings_before``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
from pathlib import Path

import patience

ENDINGS = ("won", "no moves", "no progress", "stalled", "no progress found")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also record the table in FILE")
    parser.add_argument(
        "--series", default="endings", help="the name the table goes under in --json"
    )
    parser.add_argument("games", nargs="*", default=patience.games())
    args = parser.parse_args()
    print(f"| game | {' | '.join(ENDINGS)} | other | cut | s/deal |")
    print("|---" * (len(ENDINGS) + 4) + "|")
    table: dict[str, object] = {
        "measured": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "deals": args.deals,
    }
    for name in args.games:
        sim = patience.simulate(name, "random", args.deals, jobs=args.jobs)
        endings = sim.endings
        row = [str(endings.get(e, 0)) for e in ENDINGS]
        other = sum(v for k, v in endings.items() if k not in (*ENDINGS, "cut"))
        print(
            f"| {name} | {' | '.join(row)} | {other} | {sim.cut} | {sim.mean_seconds:.3f} |",
            flush=True,
        )
        table[name] = {
            **{e: endings.get(e, 0) for e in ENDINGS},
            "other": other,
            "cut": sim.cut,
            "seconds": round(sim.mean_seconds, 4),
        }
    if args.json:
        target = Path(args.json)
        data = json.loads(target.read_text("utf-8")) if target.exists() else {}
        data[args.series] = table
        target.write_text(json.dumps(data, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()
