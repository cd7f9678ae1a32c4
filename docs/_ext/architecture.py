"""The picture of the library's layers, drawn from the imports of its source.

Every ``*.py`` file under ``src/patience`` is read with :mod:`ast`, and every
``import`` in it is found, those inside functions (made when the function
runs) and those for type checkers only included. A package below
``patience`` (``patience.games``, and the tableau engine once it is one) is
drawn as one box that names its modules, with the imports of all of them.
Each box goes in the layer :data:`LAYERS` gives it; a module that no layer
names goes in the highest layer of what it imports. Within a layer, a module
stands above the modules of the same layer it imports, so that imports point
down; an import that points up a layer is drawn in red.

In the docs::

    .. architecture-diagram::

    .. import-table::

The first draws the picture (an SVG file written to ``docs/_charts/`` when
the docs build), the second lists, for each box, what it imports. From the
project root, ``python docs/_ext/architecture.py`` prints the same list, and
``python docs/_ext/architecture.py --svg FILE`` writes the picture.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[1]
SOURCE = DOCS.parent / "src" / "patience"
CHARTS = DOCS / "_charts"
ROOT = "patience"

LAYERS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    (
        "values",
        0,
        (
            "cards",
            "pile",
            "move",
            "state",
            "layout",
            "result",
            "errors",
            "shuffle",
            "_json",
            "_mapping",
        ),
    ),
    (
        "protocol",
        1,
        (
            "game",
            "registry",
            "_checks",
            "frontend",
            "progress",
            "agents",
            "search",
            "serial",
        ),
    ),
    ("engines", 2, ("tableau", "games")),
    (
        "tools",
        2,
        (
            "events",
            "solver",
            "simulation",
            "policies",
            "records",
            "svg",
            "session",
            "gym",
            "pettingzoo",
            "__main__",
        ),
    ),
)
"""The layers: a name, a level (0 at the bottom; layers of one level stand
side by side, in this order) and the modules or packages of ``patience`` in
it. Names that no file has are passed over, so the list may name modules
that come and go."""

KINDS = ("import", "lazy", "typing")
"""How one module imports another: when it is loaded, inside a function (when
that runs), or for type checkers only (under ``if TYPE_CHECKING:``)."""


@dataclass(frozen=True, order=True)
class Edge:
    """One module importing another, and how (one of :data:`KINDS`)."""

    source: str
    target: str
    kind: str


def modules(root: Path = SOURCE) -> dict[str, Path]:
    """Every module under ``root`` by its dotted name (a package by its own
    name, for its ``__init__.py``), in name order."""
    found = {}
    for path in root.rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        parts = [ROOT, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return dict(sorted(found.items()))


def packages(found: dict[str, Path]) -> set[str]:
    """The names of ``found`` that are packages."""
    return {name for name, path in found.items() if path.name == "__init__.py"}


class _Imports(ast.NodeVisitor):
    """The imports of one module, each with where it stands."""

    def __init__(self) -> None:
        self.found: list[tuple[ast.Import | ast.ImportFrom, str]] = []
        self._functions = 0
        self._typing = 0

    def _kind(self) -> str:
        return "typing" if self._typing else "lazy" if self._functions else "import"

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._functions += 1
        self.generic_visit(node)
        self._functions -= 1

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._functions += 1
        self.generic_visit(node)
        self._functions -= 1

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._functions += 1
        self.generic_visit(node)
        self._functions -= 1

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        typing = (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        )
        self.visit(node.test)
        self._typing += typing
        for child in node.body:
            self.visit(child)
        self._typing -= typing
        for child in node.orelse:
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        self.found.append((node, self._kind()))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self.found.append((node, self._kind()))


def _nearest(name: str, known: Iterable[str]) -> str | None:
    """``name`` or the nearest package above it among ``known``."""
    names = set(known)
    parts = name.split(".")
    while parts:
        if ".".join(parts) in names:
            return ".".join(parts)
        parts.pop()
    return None


def import_edges(root: Path = SOURCE) -> set[Edge]:
    """Every import of one module of ``root`` by another, with its kind."""
    found = modules(root)
    is_package = packages(found)
    edges = set()
    for name, path in found.items():
        visitor = _Imports()
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        for node, kind in visitor.found:
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    here = name.split(".") if name in is_package else name.split(".")[:-1]
                    here = here[: len(here) - (node.level - 1)]
                    base = ".".join([*here, *([base] if base else [])])
                for alias in node.names:
                    whole = f"{base}.{alias.name}"
                    targets.append(whole if whole in found else base)
            for target in targets:
                hit = _nearest(target, found)
                if hit is not None and hit != name:
                    edges.add(Edge(name, hit, kind))
    return edges


# ----------------------------------------------------------------- the boxes


@dataclass
class Box:
    """One box of the picture: a module, or a package with its modules."""

    name: str
    members: tuple[str, ...] = ()
    layer: int = 0
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0

    @property
    def label(self) -> str:
        return self.name if self.name == ROOT else self.name.removeprefix(ROOT + ".")


def box_of(name: str, is_package: set[str]) -> str:
    """The box a module is drawn in: its package below ``patience``, or itself."""
    parts = name.split(".")
    if len(parts) > 1:
        top = ".".join(parts[:2])
        if top in is_package:
            return top
    return name


def _strongest(kinds: Iterable[str]) -> str:
    return min(kinds, key=KINDS.index)


def box_edges(edges: Iterable[Edge], is_package: set[str]) -> dict[tuple[str, str], str]:
    """The imports between boxes, each pair once with its strongest kind
    (loaded before called before typing); imports inside a box are left out,
    and so are those of ``patience`` itself, which gathers the public names."""
    kinds: dict[tuple[str, str], list[str]] = defaultdict(list)
    for edge in edges:
        pair = (box_of(edge.source, is_package), box_of(edge.target, is_package))
        if pair[0] != pair[1] and pair[0] != ROOT and pair[1] != ROOT:
            kinds[pair].append(edge.kind)
    return {pair: _strongest(k) for pair, k in sorted(kinds.items())}


def layer_index(name: str) -> int | None:
    """The layer :data:`LAYERS` puts box ``name`` in, or ``None``."""
    short = name.removeprefix(ROOT + ".").split(".")[0]
    for index, (_, _, members) in enumerate(LAYERS):
        if short in members:
            return index
    return None


def _rank(layer: int) -> tuple[int, int]:
    return (LAYERS[layer][1], layer)


def layers_of(names: Iterable[str], pairs: dict[tuple[str, str], str]) -> dict[str, int]:
    """Each box's layer: the one :data:`LAYERS` names, or else the highest
    layer among the boxes it imports when loaded (the lowest if none)."""
    placed = {n: layer_index(n) for n in names}
    out: dict[str, int] = {n: i for n, i in placed.items() if i is not None}
    loose = [n for n, i in placed.items() if i is None]
    for _ in range(len(loose) + 1):
        for name in loose:
            below = [out.get(t, 0) for (s, t), k in pairs.items() if s == name and k == "import"]
            out[name] = max(below, key=_rank, default=0)
    return out


def _heights(names: list[str], pairs: dict[tuple[str, str], str]) -> dict[str, int]:
    """Each box's height within its layer: one above the highest box of the
    layer it imports when loaded (0 for none), cycles cut where met."""
    inside = set(names)
    needs = {
        n: sorted(t for (s, t), k in pairs.items() if s == n and t in inside and k == "import")
        for n in names
    }
    height: dict[str, int] = {}

    def visit(name: str, stack: tuple[str, ...]) -> int:
        if name not in height:
            below = [visit(t, (*stack, name)) for t in needs[name] if t not in stack]
            height[name] = 1 + max(below, default=-1)
        return height[name]

    for name in sorted(names):
        visit(name, ())
    return height


FONT = 13.0
"""Module names are drawn in a monospaced font of this size (pixels)."""
CHAR = 0.61 * FONT
MEMBER_FONT = 12.0
BOX_HEIGHT = 28.0
GAP_X = 22.0
GAP_Y = 44.0
BAND_TOP = 30.0
"""Room at the top of a layer's band for its name."""
BAND_PAD = 12.0
MARGIN = 10.0
MEMBER_COLUMNS = 3


PORT = 9.0
"""The least room along a box's side for each import that ends there."""


def _size(box: Box, ends: int) -> None:
    """Size ``box`` for its name (and its members'), and for ``ends`` imports
    meeting one side of it."""
    if not box.members:
        box.width = max(len(box.label) * CHAR + 20, PORT * (ends + 1))
        box.height = BOX_HEIGHT
        return
    names = [m.rsplit(".", 1)[-1] for m in box.members]
    columns = min(MEMBER_COLUMNS, len(names))
    longest = max(len(n) for n in names)
    box.width = max(
        len(box.label + "/") * CHAR + 20, columns * (longest * 0.61 * MEMBER_FONT + 12) + 12
    )
    rows = -(-len(names) // columns)
    box.height = BOX_HEIGHT + rows * (MEMBER_FONT + 4) + 6


@dataclass
class Band:
    """One layer's place in the picture."""

    layer: int
    rows: list[list[str]]
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0


@dataclass
class Picture:
    """The boxes laid out in their layers, and the imports between them."""

    boxes: dict[str, Box]
    pairs: dict[tuple[str, str], str]
    bands: list[Band]
    width: float
    height: float

    @property
    def drawn(self) -> dict[tuple[str, str], str]:
        """The imports the picture draws: all but those from a higher layer
        into the lowest, which every layer uses (the table lists them)."""
        return drawn_pairs(self.pairs, self.boxes)


def drawn_pairs(
    pairs: dict[tuple[str, str], str], boxes: dict[str, Box]
) -> dict[tuple[str, str], str]:
    """``pairs`` less the imports from a higher layer into the lowest."""
    return {
        (s, t): k for (s, t), k in pairs.items() if not (boxes[t].layer == 0 and boxes[s].layer > 0)
    }


def layout(root: Path = SOURCE) -> Picture:
    """Place every box of ``root``'s modules in its layer and row."""
    found = modules(root)
    is_package = packages(found)
    pairs = box_edges(import_edges(root), is_package)
    members: dict[str, list[str]] = defaultdict(list)
    for name in found:
        if name != ROOT:
            members[box_of(name, is_package)].append(name)
    boxes = {
        name: Box(name, tuple(m for m in names if m != name) if name in is_package else ())
        for name, names in members.items()
    }
    for name, layer in layers_of(boxes, pairs).items():
        boxes[name].layer = layer
    drawn = drawn_pairs(pairs, boxes)
    for name, box in boxes.items():
        _size(box, max(sum(t == name for _, t in drawn), sum(s == name for s, _ in drawn)))
    # Within a layer, a box stands above the boxes of the layer it imports.
    bands = []
    for layer in sorted({b.layer for b in boxes.values()}, key=_rank):
        names = [n for n, b in boxes.items() if b.layer == layer]
        height = _heights(names, pairs)
        rows = [
            sorted(n for n in names if height[n] == h) for h in range(max(height.values()), -1, -1)
        ]
        bands.append(Band(layer, rows))
    width, total = _place(bands, boxes)
    for _ in range(6):
        _order(bands, boxes, drawn)
        width, total = _place(bands, boxes)
    return Picture(boxes, pairs, bands, width, total)


def _order(bands: list[Band], boxes: dict[str, Box], pairs: dict[tuple[str, str], str]) -> None:
    """Order each row by where its boxes' neighbours stand (the barycentre
    heuristic), so that fewer imports cross."""
    near: dict[str, list[str]] = defaultdict(list)
    for source, target in pairs:
        near[source].append(target)
        near[target].append(source)

    def centre(name: str) -> float:
        return boxes[name].x + boxes[name].width / 2

    for band in bands:
        for row in band.rows:
            keys = {}
            for name in row:
                others = [centre(n) for n in near[name] if n not in row]
                keys[name] = sum(others) / len(others) if others else centre(name)
            row.sort(key=lambda n: (keys[n], n))


def _place(bands: list[Band], boxes: dict[str, Box]) -> tuple[float, float]:
    """Set every band's and box's place: the layers of one level side by side,
    the levels stacked with the lowest at the bottom, each row centred in its
    band, the rows of a band at the bottom of its level. Returns the size."""
    levels: dict[int, list[Band]] = defaultdict(list)
    for band in bands:
        levels[LAYERS[band.layer][1]].append(band)
    for band in bands:
        widths = [sum(boxes[n].width for n in row) + GAP_X * (len(row) - 1) for row in band.rows]
        band.width = max(widths) + 2 * BAND_PAD
        band.height = (
            BAND_TOP
            + sum(max(boxes[n].height for n in row) for row in band.rows)
            + GAP_Y * (len(band.rows) - 1)
            + BAND_PAD
        )
    width = max(sum(b.width for b in level) + GAP_X * (len(level) - 1) for level in levels.values())
    y = MARGIN
    for level in sorted(levels, reverse=True):
        row_bands = levels[level]
        height = max(b.height for b in row_bands)
        spare = width - sum(b.width for b in row_bands) - GAP_X * (len(row_bands) - 1)
        x = MARGIN
        for band in row_bands:
            band.width += spare / len(row_bands)
            band.x, band.y, band.height = x, y, height
            x += band.width + GAP_X
            used = sum(max(boxes[n].height for n in row) for row in band.rows) + GAP_Y * (
                len(band.rows) - 1
            )
            top = y + height - BAND_PAD - used
            for row in band.rows:
                row_width = sum(boxes[n].width for n in row) + GAP_X * (len(row) - 1)
                bx = band.x + (band.width - row_width) / 2
                for name in row:
                    boxes[name].x, boxes[name].y = bx, top
                    bx += boxes[name].width + GAP_X
                top += max(boxes[n].height for n in row) + GAP_Y
        y += height + GAP_X
    return width + 2 * MARGIN, y - GAP_X + MARGIN


# ------------------------------------------------------------------- drawing

LAYER_FILLS = ("#eef3f8", "#f6f1e7", "#eef6ee", "#f5eef6", "#f2f2f2")
EDGE_COLOUR = "#5a6474"
UP_COLOUR = "#c0392b"
DASHES = {"import": "", "lazy": "6 4", "typing": "2 3"}


def _sides(s: Box, t: Box) -> tuple[str, str]:
    """The sides of ``s`` and ``t`` an import from ``s`` to ``t`` leaves and enters."""
    if t.y >= s.y + s.height:
        return "bottom", "top"
    if t.y + t.height <= s.y:
        return "top", "bottom"
    if s.y == t.y and s.layer == t.layer:
        return "top", "top"  # the same row: an arch over it
    return ("right", "left") if t.x > s.x else ("left", "right")


def _ports(picture: Picture) -> dict[tuple[str, str], tuple[float, float, str, float, float, str]]:
    """Where each import leaves its box and enters the other (a point and a
    side each): spread along the side in the order of the boxes at the
    other end, so that imports sharing a side do not cross there."""
    boxes = picture.boxes
    ends: dict[tuple[str, str], list[tuple[float, tuple[str, str]]]] = defaultdict(list)
    for source, target in picture.drawn:
        s, t = boxes[source], boxes[target]
        out_side, in_side = _sides(s, t)
        for name, side, other in ((source, out_side, t), (target, in_side, s)):
            key = other.x + other.width / 2 if side in ("top", "bottom") else other.y
            ends[(name, side)].append((key, (source, target)))
    at: dict[tuple[tuple[str, str], str], tuple[float, float, str]] = {}
    for (name, side), found in ends.items():
        box = boxes[name]
        found.sort()
        for index, (_, pair) in enumerate(found):
            share = (index + 1) / (len(found) + 1)
            if side in ("top", "bottom"):
                point = (box.x + box.width * share, box.y + (box.height if side == "bottom" else 0))
            else:
                point = (box.x + (box.width if side == "right" else 0), box.y + box.height * share)
            at[(pair, name)] = (*point, side)
    return {pair: (*at[(pair, pair[0])], *at[(pair, pair[1])]) for pair in picture.drawn}


_OUTWARD = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}


def _path(x1: float, y1: float, side1: str, x2: float, y2: float, side2: str) -> str:
    """A curve from one side to another, leaving and entering square to them."""
    reach = max(22.0, (abs(x2 - x1) if side1 in ("left", "right") else abs(y2 - y1)) / 2)
    if side1 == side2:  # an arch over a row
        reach = 24 + abs(x2 - x1) / 8
    (ax, ay), (bx, by) = _OUTWARD[side1], _OUTWARD[side2]
    return (
        f"M{x1:.1f},{y1:.1f} C{x1 + ax * reach:.1f},{y1 + ay * reach:.1f} "
        f"{x2 + bx * reach:.1f},{y2 + by * reach:.1f} {x2:.1f},{y2:.1f}"
    )


def svg(picture: Picture, title: str = "") -> str:
    """The picture as an SVG document."""
    boxes = picture.boxes
    legend_y = picture.height
    height = legend_y + 50
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{picture.width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {picture.width:.0f} {height:.0f}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" role="img">',
        f"<title>{escape(title or 'The layers of patience and their imports')}</title>",
        "<defs>",
    ]
    for key, colour in (("down", EDGE_COLOUR), ("up", UP_COLOUR)):
        out.append(
            f'<marker id="arrow-{key}" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" '
            f'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L8,4 L0,8 z" '
            f'fill="{colour}"/></marker>'
        )
    out.append("</defs>")
    out.append('<rect width="100%" height="100%" fill="white"/>')
    # Bands: one for each layer, named at its top left.
    for band in picture.bands:
        fill = LAYER_FILLS[band.layer % len(LAYER_FILLS)]
        out.append(
            f'<rect x="{band.x:.1f}" y="{band.y:.1f}" width="{band.width:.1f}" '
            f'height="{band.height:.1f}" rx="8" fill="{fill}" stroke="#d5d9de"/>'
        )
        out.append(
            f'<text x="{band.x + 10:.1f}" y="{band.y + 20:.1f}" font-size="15" '
            f'font-weight="bold" fill="#3b4452">{escape(LAYERS[band.layer][0])}</text>'
        )
    # Imports, under the boxes.
    for pair, (x1, y1, side1, x2, y2, side2) in _ports(picture).items():
        source, target = boxes[pair[0]], boxes[pair[1]]
        kind = picture.pairs[pair]
        up = LAYERS[source.layer][1] < LAYERS[target.layer][1]
        colour = UP_COLOUR if up else EDGE_COLOUR
        dash = f' stroke-dasharray="{DASHES[kind]}"' if DASHES[kind] else ""
        out.append(
            f'<path d="{_path(x1, y1, side1, x2, y2, side2)}" fill="none" stroke="{colour}" '
            f'stroke-width="1.3" stroke-opacity="{0.9 if up else 0.6}"{dash} '
            f'marker-end="url(#arrow-{"up" if up else "down"})">'
            f"<title>{escape(source.label)} imports {escape(target.label)} ({kind})</title></path>"
        )
    # Boxes, over the imports.
    for box in boxes.values():
        out.append(
            f'<rect x="{box.x:.1f}" y="{box.y:.1f}" width="{box.width:.1f}" '
            f'height="{box.height:.1f}" rx="4" fill="white" stroke="#44546a" stroke-width="1.2"/>'
        )
        label = box.label + ("/" if box.members else "")
        out.append(
            f'<text x="{box.x + box.width / 2:.1f}" y="{box.y + 17:.1f}" font-size="{FONT:g}" '
            'text-anchor="middle" font-family="DejaVu Sans Mono, monospace" '
            f'font-weight="bold" fill="#1f2a38">{escape(label)}</text>'
        )
        if box.members:
            names = [m.rsplit(".", 1)[-1] for m in box.members]
            columns = min(MEMBER_COLUMNS, len(names))
            cell = (box.width - 12) / columns
            for index, member in enumerate(names):
                row, column = divmod(index, columns)
                out.append(
                    f'<text x="{box.x + 6 + cell * (column + 0.5):.1f}" '
                    f'y="{box.y + BOX_HEIGHT + 8 + row * (MEMBER_FONT + 4):.1f}" '
                    f'font-size="{MEMBER_FONT:g}" text-anchor="middle" '
                    f'font-family="DejaVu Sans Mono, monospace" fill="#4a5566">'
                    f"{escape(member)}</text>"
                )
    # The legend.
    items = [
        ("import", EDGE_COLOUR, "imports when loaded"),
        ("lazy", EDGE_COLOUR, "imports inside a function"),
        ("typing", EDGE_COLOUR, "for type checkers only"),
        ("import", UP_COLOUR, "an import up the layers"),
    ]
    for index, (kind, colour, text) in enumerate(items):
        x = MARGIN + (index % 2) * (picture.width - 2 * MARGIN) / 2
        y = legend_y + 14 + (index // 2) * 22
        dash = f' stroke-dasharray="{DASHES[kind]}"' if DASHES[kind] else ""
        out.append(
            f'<path d="M{x:.1f},{y:.1f} h34" stroke="{colour}" stroke-width="1.5"{dash} '
            f'marker-end="url(#arrow-{"up" if colour == UP_COLOUR else "down"})"/>'
        )
        out.append(
            f'<text x="{x + 42:.1f}" y="{y + 4:.1f}" font-size="12" fill="#3b4452">'
            f"{escape(text)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def import_lines(root: Path = SOURCE) -> list[tuple[str, list[str], list[str]]]:
    """For each box, the top layers first: what it imports when loaded, and
    what it imports inside functions or for type checkers (marked
    ``(types)``)."""
    picture = layout(root)
    boxes, pairs = picture.boxes, picture.pairs
    bands = sorted(picture.bands, key=lambda b: (-LAYERS[b.layer][1], b.layer))
    lines = []
    for name in [n for band in bands for row in band.rows for n in sorted(row)]:
        mine = [(boxes[t].label, k) for (s, t), k in pairs.items() if s == name]
        loaded = sorted(label for label, k in mine if k == "import")
        later = sorted(
            label + (" (types)" if k == "typing" else "") for label, k in mine if k != "import"
        )
        lines.append((boxes[name].label, loaded, later))
    return lines


# -------------------------------------------------------------------- Sphinx


def _sources() -> list[Path]:
    return list(modules().values())


def _chart() -> Path:
    text = svg(layout())
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    path = CHARTS / f"architecture-{digest}.svg"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return path


def setup(app: Any) -> dict[str, Any]:
    from docutils import nodes
    from docutils.statemachine import StringList
    from sphinx.util.docutils import SphinxDirective

    class _Generated(SphinxDirective):
        def _parse(self, lines: list[str]) -> list[nodes.Node]:
            for path in _sources():
                self.env.note_dependency(str(path))
            container = nodes.container()
            self.state.nested_parse(
                StringList(lines, source=self.get_source_info()[0]), 0, container
            )
            return list(container.children)

    class ArchitectureDiagram(_Generated):
        """The picture of the layers, drawn from the source when the docs build."""

        def run(self) -> list[nodes.Node]:
            path = _chart()
            return self._parse(
                [
                    f".. image:: /{path.relative_to(DOCS).as_posix()}",
                    "   :alt: The modules of patience in their layers,"
                    " with arrows for their imports",
                    "   :width: 100%",
                    "   :class: architecture",
                ]
            )

    class ImportTable(_Generated):
        """For each box of the picture, what it imports, read from the source."""

        def run(self) -> list[nodes.Node]:
            lines = [
                ".. list-table::",
                "   :header-rows: 1",
                "   :widths: 22 46 32",
                "",
                "   * - module",
                "     - imports when loaded",
                "     - imports inside functions",
            ]
            for name, loaded, later in import_lines():
                lines.append(f"   * - ``{name}``")
                lines.append("     - " + (", ".join(f"``{n}``" for n in loaded) or "nothing"))
                lines.append("     - " + (", ".join(f"``{n}``" for n in later) or "-"))
            return self._parse(lines)

    app.add_directive("architecture-diagram", ArchitectureDiagram)
    app.add_directive("import-table", ImportTable)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--svg", type=Path, help="write the picture to this file")
    parser.add_argument("--source", type=Path, default=SOURCE, help="the package's folder")
    args = parser.parse_args(argv)
    if args.svg:
        args.svg.write_text(svg(layout(args.source)), encoding="utf-8")
        return 0
    for name, loaded, later in import_lines(args.source):
        print(
            f"{name}: {', '.join(loaded) or '-'}"
            + (f"; later: {', '.join(later)}" if later else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
