"""Tables and charts of measured results, built from the committed JSON.

``docs/_data/results.json`` holds one entry per simulation run (written by
``benchmarks/summarise.py`` from the ``--json`` output of ``python -m patience
simulate``). The directive below turns runs into a table, and with ``:chart:``
into a chart of win rates with their 95% intervals drawn beside it, so the
page shows exactly what was measured::

    .. results-table:: Random and greedy play, 1,000 deals each
       :columns: deals won-full mean-score
       :chart:

       canfield-random | ``canfield``, random
       canfield-greedy | ``canfield``, greedy

Each content line names a run and gives its label (inline markup allowed).
``docs/_data/benchmarks.json`` holds benchmark figures by series;
``benchmark-table`` makes a table of one series and draws one of its columns
as bars. Charts are SVG files written to
``docs/_charts/`` (not committed) when the docs build, with matplotlib.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

DOCS = Path(__file__).resolve().parents[1]
DATA = DOCS / "_data"
CHARTS = DOCS / "_charts"


def _load(name: str, directive: SphinxDirective) -> dict[str, Any]:
    path = DATA / name
    if not path.exists():
        raise directive.error(f"{directive.name}: no {path.relative_to(DOCS.parent)}; see its page")
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def _cell(column: str, run: dict[str, Any]) -> str:
    deals, wins = run["deals"], run["wins"]
    low, high = run["interval"]
    if column == "deals":
        return f"{deals:,}"
    if column == "won":
        return f"{wins:,}"
    if column == "rate":
        return f"{100 * wins / deals:.1f}%" if deals else "-"
    if column == "interval":
        return f"{_percent(low)} to {_percent(high)}"
    if column == "won-full":
        return f"{wins:,} ({100 * wins / deals:.1f}%; {_percent(low)} to {_percent(high)})"
    if column in ("lost", "unresolved", "cut", "draws"):
        return f"{run[column]:,}"
    if column == "mean-score":
        return f"{run['mean_score']:.2f}"
    if column == "seconds":
        return f"{run['mean_seconds']:.3g} s"
    if column == "player-wins":
        return " / ".join(f"{w:,}" for w in run["player_wins"])
    if column == "mean-scores":
        return " / ".join(f"{m:.2f}" for m in run["mean_scores"])
    raise ValueError(f"unknown column {column!r}")


HEADERS = {
    "deals": "deals",
    "won": "won",
    "rate": "win rate",
    "interval": "95% interval",
    "won-full": "won (rate; 95% interval)",
    "lost": "lost",
    "unresolved": "unresolved",
    "cut": "cut",
    "draws": "draws",
    "mean-score": "mean score",
    "seconds": "time per deal",
    "player-wins": "wins by player (0 / 1)",
    "mean-scores": "mean score by player (0 / 1)",
}


def _plain(label: str) -> str:
    """A label without its inline markup, for a chart."""
    return re.sub(r"``|\*\*|\*|`", "", label)


def _chart_path(kind: str, payload: object) -> Path:
    digest = hashlib.sha1(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:12]
    return CHARTS / f"{kind}-{digest}.svg"


RATE_LIMITS = (-3.0, 103.0)
"""The rate axis of the charts, in percent: a little beyond 0 and 100, so
that a point or an interval's end at either lies whole inside the chart."""


def _win_rate_chart(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Path:
    payload = [
        title,
        RATE_LIMITS,
        [(label, run["wins"], run["deals"], run["interval"]) for label, run in rows],
    ]
    path = _chart_path("rates", payload)
    if path.exists():
        return path
    fig = win_rate_figure(title, rows)
    path.parent.mkdir(exist_ok=True)
    fig.savefig(path, format="svg", metadata={"Date": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path


def win_rate_figure(title: str, rows: list[tuple[str, dict[str, Any]]]) -> Any:
    """The chart of ``rows``' win rates and intervals, as a matplotlib figure."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [_plain(label) for label, _ in rows]
    rates = [100 * run["wins"] / run["deals"] for _, run in rows]
    low = [100 * run["interval"][0] for _, run in rows]
    high = [100 * run["interval"][1] for _, run in rows]
    y = list(range(len(rows)))[::-1]
    fig, ax = plt.subplots(figsize=(7.5, 0.42 * len(rows) + 1.0))
    ax.hlines(y, low, high, color="#4477aa", linewidth=3, alpha=0.45, label="95% interval")
    ax.plot(rates, y, "o", color="#224466", label="measured win rate")
    ax.set_yticks(y, labels)
    ax.set_xlim(*RATE_LIMITS)
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("deals won (%)")
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="lower right", fontsize="small")
    ax.set_title(_plain(title), fontsize="medium")
    fig.tight_layout()
    return fig


def _bar_chart(title: str, unit: str, rows: list[tuple[str, float]]) -> Path:
    path = _chart_path("bars", [title, unit, rows])
    if path.exists():
        return path
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    y = list(range(len(rows)))[::-1]
    fig, ax = plt.subplots(figsize=(7.5, 0.36 * len(rows) + 1.0))
    ax.barh(y, [v for _, v in rows], color="#4477aa")
    ax.set_yticks(y, [_plain(label) for label, _ in rows])
    ax.set_xlabel(unit)
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(_plain(title), fontsize="medium")
    fig.tight_layout()
    path.parent.mkdir(exist_ok=True)
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)
    return path


class _DataDirective(SphinxDirective):
    has_content = True
    required_arguments = 1
    final_argument_whitespace = True

    def _rows(self) -> list[tuple[str, str]]:
        rows = []
        for line in self.content:
            if not line.strip():
                continue
            name, _, label = line.partition("|")
            rows.append((name.strip(), label.strip() or name.strip()))
        if not rows:
            raise self.error(f"{self.name}: list at least one entry")
        return rows

    def _parse(self, lines: list[str]) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source=self.get_source_info()[0]), 0, container)
        return list(container.children)

    def _image(self, path: Path, alt: str) -> list[nodes.Node]:
        return self._parse([f".. image:: /{path.relative_to(DOCS).as_posix()}", f"   :alt: {alt}"])


class ResultsTable(_DataDirective):
    """A table of measured runs, and optionally a chart of their win rates."""

    option_spec: ClassVar[dict[str, Any]] = {
        "columns": directives.unchanged_required,
        "chart": directives.flag,
        "widths": directives.unchanged,
        "first": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(DATA / "results.json"))
        runs = _load("results.json", self)["runs"]
        title = self.arguments[0]
        columns = self.options.get("columns", "deals won rate interval").split()
        unknown = [c for c in columns if c not in HEADERS]
        if unknown:
            raise self.error(f"results-table: unknown columns {unknown}; known: {list(HEADERS)}")
        rows = []
        for name, label in self._rows():
            if name not in runs:
                raise self.error(f"results-table: no run {name!r} in docs/_data/results.json")
            rows.append((label, runs[name]))
        lines = [f".. list-table:: {title}", "   :header-rows: 1"]
        if "widths" in self.options:
            lines.append(f"   :widths: {self.options['widths']}")
        lines.append("")
        lines.append(f"   * - {self.options.get('first', 'game')}")
        lines.extend(f"     - {HEADERS[c]}" for c in columns)
        for label, run in rows:
            lines.append(f"   * - {label}")
            lines.extend(f"     - {_cell(c, run)}" for c in columns)
        result = self._parse(lines)
        if "chart" in self.options:
            path = _win_rate_chart(title, rows)
            result += self._image(path, f"Chart: {_plain(title)}, win rates with 95% intervals")
        return result


class BenchmarkTable(_DataDirective):
    """A table of one series of ``docs/_data/benchmarks.json``, and bars of one column.

    ``:columns:`` lists ``key=header`` pairs; ``:chart:`` names the key to draw
    and ``:unit:`` labels its axis; ``:first:`` heads the first column
    (``measurement`` unless given).
    """

    option_spec: ClassVar[dict[str, Any]] = {
        "series": directives.unchanged_required,
        "columns": directives.unchanged_required,
        "chart": directives.unchanged,
        "unit": directives.unchanged,
        "widths": directives.unchanged,
        "first": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(DATA / "benchmarks.json"))
        name = self.options["series"]
        series = _load("benchmarks.json", self).get(name)
        if series is None:
            raise self.error(f"benchmark-table: no series {name!r} in docs/_data/benchmarks.json")
        columns = [c.partition("=") for c in self.options["columns"].split(",")]
        rows = []
        for key, label in self._rows():
            if key not in series:
                raise self.error(f"benchmark-table: no {key!r} in series {name!r}")
            rows.append((label, series[key]))
        title = self.arguments[0]
        lines = [f".. list-table:: {title}", "   :header-rows: 1"]
        if "widths" in self.options:
            lines.append(f"   :widths: {self.options['widths']}")
        lines += ["", f"   * - {self.options.get('first', 'measurement')}"]
        lines.extend(f"     - {header.strip()}" for _, _, header in columns)
        for label, entry in rows:
            lines.append(f"   * - {label}")
            lines.extend(f"     - {_number(entry[key.strip()])}" for key, _, _ in columns)
        result = self._parse(lines)
        chart = self.options.get("chart")
        if chart:
            bars = [(label, float(entry[chart])) for label, entry in rows]
            path = _bar_chart(title, self.options.get("unit", chart), bars)
            result += self._image(path, f"Chart: {_plain(title)}")
        return result


def _number(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("results-table", ResultsTable)
    app.add_directive("benchmark-table", BenchmarkTable)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
