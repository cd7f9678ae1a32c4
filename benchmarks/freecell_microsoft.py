"""The solver on Microsoft FreeCell deals: won, lost or unknown, and how long each took.

Run from the project root with the package installed::

    python benchmarks/freecell_microsoft.py                        # deals 1-100, 10 s each
    python benchmarks/freecell_microsoft.py --first 1 --last 1000 --jobs 2
    python benchmarks/freecell_microsoft.py --deals 11982 --seconds 600   # the lost deal
    python benchmarks/freecell_microsoft.py --seconds 0 --nodes 100000   # by positions
    python benchmarks/freecell_microsoft.py --json results/freecell-ms.json

Each deal is dealt by its Microsoft number (``game.deal_microsoft``) and
solved with ``--seconds`` of the search's processor time (``--clock cpu``,
the default: the same answers on a busy machine as on a quiet one;
``--clock wall`` counts elapsed time instead), ``--jobs`` deals at a time,
or with ``--nodes`` a limit on the positions searched (``--seconds 0``: that
limit alone, which gives the same answer on any machine). A deal is *won*
when the solver finds a winning line (which it replays to check), *lost* when
it exhausts every position, and *unknown* when a limit stops it first. Each
deal's wall-clock time and the processor time of its process are reported.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import patience
from patience.solver import Clock, solve


def solve_deal(
    name: str,
    options: dict[str, Any],
    number: int,
    seconds: float | None,
    nodes: int | None,
    clock: Clock = "cpu",
) -> dict[str, Any]:
    """Solve Microsoft deal ``number`` of the game; what came of it."""
    game = patience.game(name, **options)
    state = game.deal_microsoft(number)  # type: ignore[attr-defined]
    start, cpu = time.perf_counter(), time.process_time()
    found = solve(game, state, max_seconds=seconds, max_nodes=nodes, clock=clock)
    took, used = time.perf_counter() - start, time.process_time() - cpu
    if found.won:
        end = state
        for move in found.moves:
            end = game.apply(end, move)
        assert game.is_won(end), f"deal {number}: the winning line does not replay"
    return {
        "deal": number,
        "status": found.status,
        "seconds": round(took, 3),
        "cpu_seconds": round(used, 3),
        "nodes": found.nodes,
        "moves": len(found.moves),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="freecell", help="freecell or bakers-game")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--last", type=int, default=100, help="last deal number (default 100)")
    parser.add_argument("--deals", type=int, nargs="*", help="these deal numbers instead")
    parser.add_argument("--seconds", type=float, default=10.0, help="time limit per deal (0: none)")
    parser.add_argument("--nodes", type=int, default=None, help="position limit per deal")
    parser.add_argument(
        "--clock", choices=("cpu", "wall"), default="cpu", help="what --seconds counts"
    )
    parser.add_argument("--jobs", type=int, default=1, help="deals solved at a time")
    parser.add_argument("--json", metavar="FILE", help="write every deal's result as JSON")
    parser.add_argument("--quiet", action="store_true", help="no line per deal")
    args = parser.parse_args(argv)
    numbers = args.deals if args.deals else list(range(args.first, args.last + 1))
    seconds = args.seconds or None
    if seconds is None and args.nodes is None:
        parser.error("give a time limit, a position limit or both")
    options: dict[str, Any] = {}
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(solve_deal, args.game, options, n, seconds, args.nodes, args.clock)
            for n in numbers
        ]
        for future in futures:
            row = future.result()
            results.append(row)
            if not args.quiet:
                print(
                    f"deal {row['deal']:>7}: {row['status']:<7} {row['seconds']:7.2f} s"
                    f" ({row['cpu_seconds']:.2f} s processor)"
                    f" {row['nodes']:>9} positions {row['moves']:>4} moves",
                    flush=True,
                )
    wall = time.perf_counter() - started
    counts = {s: sum(1 for r in results if r["status"] == s) for s in ("won", "lost", "unknown")}
    limits = " and ".join(
        x
        for x in (
            f"{seconds:g} s ({args.clock})" if seconds else "",
            f"{args.nodes:,} positions" if args.nodes else "",
        )
        if x
    )
    print(
        f"{args.game}, Microsoft deals {numbers[0]}-{numbers[-1]} ({len(numbers)} deals),"
        f" {limits} each: won {counts['won']}, lost {counts['lost']},"
        f" unknown {counts['unknown']}"
    )
    for key, what in (("seconds", "wall-clock"), ("cpu_seconds", "processor")):
        settled = sorted(r[key] for r in results if r["status"] != "unknown")
        if settled:
            mean = sum(settled) / len(settled)
            median = settled[len(settled) // 2]
            print(
                f"settled deals, {what} time: mean {mean:.2f} s, median {median:.2f} s,"
                f" longest {settled[-1]:.2f} s"
            )
    print(f"{wall:.0f} s in all with {args.jobs} job(s)")
    if args.json:
        data = {
            "game": args.game,
            "date": datetime.date.today().isoformat(),
            "python": platform.python_version(),
            "seconds": seconds,
            "clock": args.clock,
            "nodes": args.nodes,
            "jobs": args.jobs,
            "counts": counts,
            "deals": results,
        }
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
