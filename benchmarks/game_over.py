"""What deciding that a game is over costs in random play, game by game.

Plays the first ``--deals`` deals of each game named (and option set, written
``spider:suits=2``) in the loop every user writes first::

    rng = random.Random(seed)
    state = game.deal(seed)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))

and reports, in CPU time:

- ``is_over`` per call: the median, the 99th percentile and the longest
  single call, in milliseconds;
- the loop ratio: CPU time per deal, from the deal to its end, with the
  default ``is_over`` against ``is_over(search=False)`` on the same deals
  and choices (a proven end comes sooner, after fewer moves);
- how the deals ended: won, no moves, no progress, stalled (the stall rule),
  or cut: a build without the stall rule needs a guard of its own to end
  the loop at all (``IDLE_GUARD`` moves in a row without progress, or
  ``MOVE_GUARD`` in all), so a cut deal is one where the naive loop would
  not have ended;
- with ``--gym``, the same ratio for Gymnasium episodes
  (:class:`patience.gym.PatienceEnv`, random masked actions), with
  ``termination="rules"`` against ``"known"``.

``--before DIR`` measures another build (its ``src`` directory) in the same
run (and ``--after DIR`` measures a build other than this checkout's): each
game is played by both builds in turn, each in a process of its own, so that
the two are measured under the same load. ``--json FILE``
records the figures (series ``game_over``, ``game_over_before`` and the two
side by side in ``game_over_compared``, or the names ``--series`` gives;
games measured again replace their rows) for the "How games end" page, and
``--merge A B --json FILE`` records runs made in parallel::

    python benchmarks/game_over.py --deals 100 --before /tmp/old/src \\
        --json docs/_data/benchmarks.json

The figures are CPU seconds of one process; the machine's other load still
shifts them, so compare within a row and between builds of one run.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

IDLE_GUARD = 1_000
"""Moves in a row without progress after which the loop is cut (builds
without the stall rule; with it, the rule ends the game first)."""

MOVE_GUARD = 200_000
"""Moves in all after which the loop is cut."""

ENDINGS = ("won", "no moves", "no progress", "stalled", "cut")

SPECS = (
    "spider:suits=1",
    "spider:suits=2",
    "freecell:cells=2",
    "klondike:worrying_back=True",
)
"""The option sets measured besides every registered game's defaults."""

clock = time.process_time


def read_spec(text: str) -> tuple[str, dict[str, Any]]:
    """A game's name and options from ``name:key=value,key=value``."""
    name, _, rest = text.partition(":")
    options: dict[str, Any] = {}
    for pair in filter(None, rest.split(",")):
        key, _, value = pair.partition("=")
        options[key] = json.loads(value.lower()) if value not in ("", "None") else None
    return name, options


def play(game: Any, seed: int, search: bool, calls: list[float] | None) -> tuple[float, str]:
    """CPU seconds to play deal ``seed`` to its end at random, and how it
    ended; the time of each ``is_over`` call goes into ``calls``."""
    rng = random.Random(seed)
    state = game.deal(seed)
    mark, idle, moves = game.progress(state), 0, 0
    start = clock()
    while True:
        before = clock()
        over = game.is_over(state, search=search)
        if calls is not None:
            calls.append(clock() - before)
        if over:
            break
        if idle >= IDLE_GUARD or moves >= MOVE_GUARD:
            return clock() - start, "cut"
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        moves += 1
        now = game.progress(state)
        mark, idle = now, (idle + 1 if now == mark else 0)
    spent = clock() - start
    ending = game.result(state).ending
    return spent, ending if ending in ENDINGS else "no progress"


def gym_episode(env: Any, seed: int) -> float:
    """CPU seconds of one Gymnasium episode with random masked actions."""
    import numpy as np

    rng = random.Random(seed)
    start = clock()
    _, info = env.reset(options={"deal": seed})
    done = bool(info["over"])
    while not done:
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        _, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return clock() - start


def measure(spec: str, deals: int, gym: bool) -> dict[str, Any]:
    """The figures of one game (or option set) for this process's build."""
    import patience

    name, options = read_spec(spec)
    game = patience.game(name, **options)
    calls: list[float] = []
    with_search = without = 0.0
    endings = dict.fromkeys(ENDINGS, 0)
    for seed in range(deals):
        # A fresh game object for each deal: no deal is helped by what the
        # searches of another learnt.
        spent, ending = play(patience.game(name, **options), seed, True, calls)
        with_search += spent
        endings[ending] += 1
        without += play(patience.game(name, **options), seed, False, None)[0]
    ordered = sorted(calls)
    figures: dict[str, Any] = {
        "calls": len(calls),
        "p50_ms": round(1000 * ordered[len(ordered) // 2], 3),
        "p99_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 3),
        "longest_ms": round(1000 * ordered[-1], 1),
        "ms_per_deal": round(1000 * with_search / deals, 2),
        "ms_per_deal_known": round(1000 * without / deals, 2),
        "loop_ratio": round(with_search / without, 2) if without else 0.0,
        **endings,
        "ended": deals - endings["cut"],
    }
    if gym and game.players == 1:
        from patience.gym import PatienceEnv

        rules = known = 0.0
        for seed in range(deals):
            rules += gym_episode(PatienceEnv(name, termination="rules", **options), seed)
            known += gym_episode(PatienceEnv(name, termination="known", **options), seed)
        figures["gym_ratio"] = round(rules / known, 2) if known else 0.0
    return figures


HERE = Path(__file__).resolve().parents[1] / "src"
"""This checkout's ``src`` directory."""


def run_build(src: str | Path, spec: str, deals: int, gym: bool) -> dict[str, Any]:
    """:func:`measure` in a process of its own, with ``src`` (a build's
    ``src`` directory) first on the path."""
    command = [sys.executable, __file__, "--worker", spec, "--deals", str(deals), "--src", str(src)]
    if gym:
        command.append("--gym")
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def endings_text(f: dict[str, Any]) -> str:
    """How the deals ended, in words: ``"no progress 95, stalled 5"``."""
    return ", ".join(f"{k} {f[k]}" for k in ENDINGS if f.get(k))


def compared(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The two builds' figures side by side, for the docs' tables."""
    out: dict[str, Any] = {}
    for spec, a in after.items():
        if not isinstance(a, dict):
            continue
        b = before.get(spec, {})
        for field in ("p50_ms", "p99_ms", "longest_ms", "loop_ratio", "gym_ratio"):
            if field in a:
                out.setdefault(spec, {})[f"{field}_after"] = a[field]
            if field in b:
                out.setdefault(spec, {})[f"{field}_before"] = b[field]
        out[spec]["endings_after"] = endings_text(a)
        if b:
            out[spec]["endings_before"] = endings_text(b)
    return out


def record(target: Path, series: str, after: dict[str, Any], before: dict[str, Any]) -> None:
    """Add the figures to the JSON file ``target``: the series ``series`` and,
    with a build before, ``series_before`` and both side by side in
    ``series_compared`` (games measured again replace their rows)."""
    data = json.loads(target.read_text("utf-8")) if target.exists() else {}
    meta = {"python": platform.python_version()}
    data[series] = {**data.get(series, {}), **meta, **after}
    if before:
        data[f"{series}_before"] = {**data.get(f"{series}_before", {}), **meta, **before}
        data[f"{series}_compared"] = {
            **data.get(f"{series}_compared", {}),
            **compared(data[f"{series}_before"], data[series]),
        }
    target.write_text(json.dumps(data, indent=1) + "\n", "utf-8")


def row(spec: str, build: str, f: dict[str, Any]) -> str:
    ends = " ".join(f"{k}={f[k]}" for k in ENDINGS if f[k])
    gym = f" gym x{f['gym_ratio']}" if "gym_ratio" in f else ""
    return (
        f"{spec:28} {build:6} {f['p50_ms']:7.3f} {f['p99_ms']:8.2f} {f['longest_ms']:8.1f}"
        f" {f['loop_ratio']:6.2f}{gym}  {ends}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--before", metavar="SRC", help="another build's src directory")
    parser.add_argument(
        "--after", metavar="SRC", default=str(HERE), help="the build to measure (default: this one)"
    )
    parser.add_argument("--gym", action="store_true", help="also time Gymnasium episodes")
    parser.add_argument("--json", metavar="FILE", help="also record the figures in FILE")
    parser.add_argument("--series", default="game_over", help="their name in --json")
    parser.add_argument(
        "--merge", nargs="+", metavar="FILE", help="record the figures of earlier runs' --json"
    )
    parser.add_argument("--worker", metavar="SPEC", help=argparse.SUPPRESS)
    parser.add_argument("--src", default=str(HERE), help=argparse.SUPPRESS)
    parser.add_argument("games", nargs="*", help="games or option sets (default: all)")
    args = parser.parse_args()
    if args.worker:
        sys.path.insert(0, args.src)
        print(json.dumps(measure(args.worker, args.deals, args.gym)))
        return
    if args.merge:
        # Runs made in parallel (each on a core of its own, with games of
        # their own) recorded together: python game_over.py --merge a.json
        # b.json --json docs/_data/benchmarks.json
        for name in args.merge:
            run = json.loads(Path(name).read_text("utf-8"))
            record(
                Path(args.json), args.series, run[args.series], run.get(f"{args.series}_before", {})
            )
        return
    if args.games:
        specs = args.games
    else:
        sys.path.insert(0, str(HERE))
        import patience

        specs = [*patience.games(), *SPECS]
    print(f"Python {platform.python_version()}, {args.deals} deals; CPU ms per is_over call")
    print(f"{'game':28} {'build':6} {'p50':>7} {'p99':>8} {'longest':>8} {'ratio':>6}  endings")
    after: dict[str, Any] = {}
    before: dict[str, Any] = {}
    for spec in specs:
        if args.before:
            before[spec] = run_build(args.before, spec, args.deals, args.gym)
            print(row(spec, "before", before[spec]), flush=True)
        after[spec] = run_build(args.after, spec, args.deals, args.gym)
        print(row(spec, "after", after[spec]), flush=True)
    if args.json:
        for figures in (after, before):
            for entry in figures.values():
                entry["deals"] = args.deals
        record(Path(args.json), args.series, after, before)


if __name__ == "__main__":
    main()
