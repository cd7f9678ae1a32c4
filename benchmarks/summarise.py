"""Summarise the simulation results in ``results/`` for the documentation.

Run from the project root after ``bash benchmarks/results.sh`` (which runs it
last)::

    python benchmarks/summarise.py

It reads every ``results/*.json`` that ``python -m patience simulate --json``
wrote and writes ``docs/_data/results.json``: one compact entry per run, named
after its file, with the counts, the interval and the timings. The docs' tables
and charts of "How often does it come out?" are built from that file, so the
page always shows what was measured. Runs already in the file and not in
``results/`` are kept.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "results"
TARGET = ROOT / "docs" / "_data" / "results.json"


def summarise(data: dict[str, Any], measured: str) -> dict[str, Any]:
    """The entry for one run: everything the docs show, without the per-deal list."""
    deals = data["results"]
    lost = sum(1 for r in deals if r["resolved"] and not r["won"] and not r["cut"])
    players = len(deals[0]["scores"]) if deals else 1
    means = [sum(r["scores"][p] for r in deals) / max(1, len(deals)) for p in range(players)]
    return {
        "game": data["game"],
        "options": data["options"],
        "policy": data["policy"],
        "deals": data["deals"],
        "wins": data["wins"],
        "lost": lost,
        "unresolved": data["unresolved"],
        "cut": data["cut"],
        "interval": [round(x, 6) for x in data["interval"]],
        "player_wins": data["player_wins"],
        "draws": data["draws"],
        "mean_score": round(data["mean_score"], 4),
        "mean_scores": [round(m, 4) for m in means],
        "score_counts": data["score_counts"],
        "endings": data["endings"],
        "mean_seconds": round(data["mean_seconds"], 6),
        "median_seconds": round(data["median_seconds"], 6),
        "max_seconds": round(data["max_seconds"], 6),
        "measured": measured,
        **({"solver_limits": data["solver_limits"]} if "solver_limits" in data else {}),
    }


def main() -> int:
    runs: dict[str, Any] = {}
    if TARGET.exists():
        runs = json.loads(TARGET.read_text(encoding="utf-8"))["runs"]
    found = sorted(SOURCE.glob("*.json"))
    for path in found:
        measured = datetime.date.fromtimestamp(path.stat().st_mtime).isoformat()
        runs[path.stem] = summarise(json.loads(path.read_text(encoding="utf-8")), measured)
    document = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cores": os.cpu_count(),
        "runs": dict(sorted(runs.items())),
    }
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(f"{len(found)} runs read from {SOURCE}, {len(runs)} in {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
