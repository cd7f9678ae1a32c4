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


POLICY_COLUMNS = (
    ("random", "random"),
    ("greedy", "greedy"),
    ("hidden", "honest"),
)
"""The policies of the summary's win-rate columns, with their headers."""


def _non_default(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options of a run that differ from the game's defaults now."""
    import patience

    try:
        defaults = patience.describe(game).options
    except patience.PatienceError:
        return dict(options)
    return {k: v for k, v in options.items() if k not in defaults or defaults[k] != v}


def _option_text(options: dict[str, Any]) -> str:
    return ", ".join(f"``{k}={json.dumps(v)}``" for k, v in sorted(options.items()))


def _usual(counts: list[int]) -> int:
    """The most common number of deals (the larger of equals)."""
    return max(set(counts), key=lambda n: (counts.count(n), n)) if counts else 0


def summary_rows(runs: dict[str, Any]) -> tuple[list[tuple[str, dict[str, Any]]], list[str]]:
    """The runs of ``results.json`` by game: one row for each game and set of
    options (those that differ from the game's defaults), named by them, with
    its runs by policy; and the games of several players, left out (their
    players play against each other, so a win rate says little alone)."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    several = set()
    for run in runs.values():
        if len(run.get("player_wins", [0])) > 1 or "+" in run["policy"]:
            several.add(run["game"])
            continue
        options = _non_default(run["game"], run["options"])
        key = (run["game"], json.dumps(options, sort_keys=True))
        row = rows.setdefault(key, {"options": options})
        kept = row.get(run["policy"])
        if kept is None or run["deals"] > kept["deals"]:
            row[run["policy"]] = run
    named = []
    for (game, _), row in sorted(rows.items(), key=lambda i: (i[0][0], i[0][1] != "{}", i[0][1])):
        label = f"``{game}``"
        if row["options"]:
            label += ", " + _option_text(row["options"])
        named.append((label, row))
    return named, sorted(several)


class ResultsSummary(_DataDirective):
    """One table of every measured game: the win rate of each policy, and what
    the solver wins and settles, each from the game's runs in the data.

    Rows come from the data, not from the page: a run added to
    ``docs/_data/results.json`` shows here at the next build.
    """

    has_content = False
    required_arguments = 0
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(DATA / "results.json"))
        rows, several = summary_rows(_load("results.json", self)["runs"])
        deals = {
            policy: _usual([r[policy]["deals"] for _, r in rows if policy in r])
            for policy in [p for p, _ in POLICY_COLUMNS] + ["solver"]
        }

        def rate(run: dict[str, Any] | None, policy: str, count: int | None = None) -> str:
            if run is None:
                return ""
            wins = run["wins"] if count is None else count
            text = f"{100 * wins / run['deals']:.1f}%" if run["deals"] else "-"
            return text + (f" ({run['deals']:,})" if run["deals"] != deals[policy] else "")

        lines = [
            ".. list-table:: Deals won by each player, and settled by the solver",
            "   :header-rows: 1",
            "   :widths: 34 13 13 13 14 13",
            "",
            "   * - game",
        ]
        lines += [f"     - {header}" for _, header in POLICY_COLUMNS]
        lines += ["     - solver: won", "     - solver: settled"]
        for label, row in rows:
            lines.append(f"   * - {label}")
            lines += [f"     - {rate(row.get(p), p)}" for p, _ in POLICY_COLUMNS]
            solver = row.get("solver")
            lines.append(f"     - {rate(solver, 'solver')}")
            settled = None if solver is None else solver["wins"] + solver["lost"]
            lines.append(f"     - {rate(solver, 'solver', settled)}")
        counts = ", ".join(
            f"{header} {deals[p]:,}" for p, header in [*POLICY_COLUMNS, ("solver", "solver")]
        )
        note = (
            f"Deals a game: {counts}; a figure in brackets is the number of deals"
            " where a run had another. An empty cell is a run not made."
        )
        if several:
            games = ", ".join(f"``{g}``" for g in several)
            note += f" Games of two players ({games}) are under their own headings below."
        measured = {r["game"] for r in _load("results.json", self)["runs"].values()}
        note += _unmeasured(measured)
        return self._parse([*lines, "", note])


class BenchmarkSummary(_DataDirective):
    """One table of figures from several series of ``benchmarks.json``, a row
    for each game any of them measured.

    ``:columns:`` lists ``series.key=header`` pairs. The content may give
    labels, ``key | label`` a line, for the rows it names; every other row is
    named by its key. Rows come from the data, so a game measured at the next
    run shows without a change to the page.
    """

    has_content = True
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "columns": directives.unchanged_required,
        "widths": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(DATA / "benchmarks.json"))
        data = _load("benchmarks.json", self)
        columns = []
        for spec in self.options["columns"].split(","):
            where, _, header = spec.partition("=")
            series, _, key = where.strip().partition(".")
            if series not in data:
                raise self.error(f"benchmark-summary: no series {series!r} in benchmarks.json")
            columns.append((data[series], key, header.strip()))
        labels = {}
        for line in self.content:
            if line.strip():
                key, _, label = line.partition("|")
                labels[key.strip()] = label.strip()
        keys = sorted(
            {k for series, _, _ in columns for k, v in series.items() if isinstance(v, dict)}
        )
        lines = [f".. list-table:: {self.arguments[0]}", "   :header-rows: 1"]
        if "widths" in self.options:
            lines.append(f"   :widths: {self.options['widths']}")
        lines += ["", "   * - game"] + [f"     - {header}" for _, _, header in columns]
        for key in keys:
            lines.append(f"   * - {labels.get(key, f'``{key}``')}")
            for series, field, _ in columns:
                value = series.get(key, {}).get(field)
                lines.append(f"     - {'' if value is None else _number(value)}")
        unmeasured = _unmeasured(set(keys)).strip()
        return self._parse([*lines, *(["", unmeasured] if unmeasured else [])])


def _unmeasured(measured: set[str]) -> str:
    """A sentence naming the registered games not in ``measured``, or ``""``."""
    import patience

    left = [name for name in patience.games() if name not in measured]
    if not left:
        return ""
    return " Registered games with no figures yet: " + ", ".join(f"``{n}``" for n in left) + "."


def _measured(entries: list[dict[str, Any]]) -> str:
    """When and where: the dates, the Python and the machine of ``entries``."""
    dates = sorted({e["measured"] for e in entries if "measured" in e})
    when = dates[0] if len(dates) == 1 else f"between {dates[0]} and {dates[-1]}"
    pythons = sorted({e["python"] for e in entries if "python" in e})
    machines = sorted({e["machine"] for e in entries if "machine" in e})
    cores = sorted({e["cores"] for e in entries if "cores" in e})
    text = f"Measured {'on ' if len(dates) == 1 else ''}{when}"
    if pythons:
        text += f" with Python {' and '.join(pythons)}"
    if machines:
        text += f" on an {' and '.join(machines)} machine"
        if cores:
            text += f" with {' or '.join(str(c) for c in cores)} cores"
    return text + "."


class MeasuredOn(_DataDirective):
    """A sentence saying when and where figures were measured, read from the
    data: ``.. measured-on:: results`` for ``results.json`` (its runs'
    dates, its Python and machine), or ``.. measured-on:: SERIES ...`` for
    series of ``benchmarks.json``."""

    has_content = False
    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        names = self.arguments[0].split()
        if names == ["results"]:
            self.env.note_dependency(str(DATA / "results.json"))
            data = _load("results.json", self)
            top = {k: v for k, v in data.items() if k != "runs"}
            entries = [{**top, **run} for run in data["runs"].values()]
        else:
            self.env.note_dependency(str(DATA / "benchmarks.json"))
            data = _load("benchmarks.json", self)
            missing = [n for n in names if n not in data]
            if missing:
                raise self.error(f"measured-on: no series {missing} in benchmarks.json")
            entries = [data[n] for n in names]
        return self._parse([_measured(entries)])


def _number(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("results-table", ResultsTable)
    app.add_directive("benchmark-table", BenchmarkTable)
    app.add_directive("results-summary", ResultsSummary)
    app.add_directive("benchmark-summary", BenchmarkSummary)
    app.add_directive("measured-on", MeasuredOn)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
