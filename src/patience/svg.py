"""Pictures of positions as SVG, drawn from the game's layout alone.

:func:`patience.svg` draws any position of any game:
each pile of :attr:`Game.layout <patience.Game.layout>` at its place on the
grid, its cards fanned the way the layout says and squeezed to stay inside
the pile's cells, face-down cards as backs. It knows nothing of any game;
everything comes from the layout and the piles.

The picture is plain SVG 1.1 text, the same bytes for the same position, in
user units where a card is :data:`CARD_WIDTH` by :data:`CARD_HEIGHT` and the
grid cells are :data:`GAP` apart inside a :data:`MARGIN` (closer or farther
where the game's :attr:`~patience.Game.grid_steps` say, as in Pyramid, whose
rows overlap); :func:`pile_box` gives the rectangle of a pile's cells. Front
ends can find their way around it:

- each pile is a group ``<g id="pile-t3" class="pile tableau" data-pile="t3"
  data-role="tableau" data-count="7">`` whose first rectangle (class
  ``area``) covers the pile's cells, to take clicks;
- each card drawn is a group of class ``card`` with ``data-pile`` and
  ``data-index`` (its place in the pile, 0 at the bottom), and, when it lies
  face up, ``data-card`` with its text (``8H``). A face-down card carries
  nothing that tells what it is, so a position and its
  :meth:`~patience.Game.view` draw the same picture;
- the cards are drawn in the order of :func:`card_places`, piles in layout
  order and each pile bottom card first, so that a later card lies over an
  earlier one; the groups of emptied places that nothing fills again
  (:attr:`PileSpec.refill <patience.PileSpec.refill>`) come before every
  card, so that they take no clicks meant for the cards they overlap;
- a highlighted move adds class ``picked`` to the cards it picks up and
  ``source`` or ``target`` to its piles, with shapes of class ``mark``.

Presentation attributes set the colours, so a page's CSS can restyle
classes such as ``.back`` or ``.table``.
"""

from __future__ import annotations

import math
import sys
import types
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

import attrs

from .cards import Card
from .errors import InvalidMoveError, InvalidStateError, PatienceError, brief_repr
from .layout import PileSpec
from .move import Move
from .pile import Pile
from .state import State

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "GAP",
    "MARGIN",
    "CardPlace",
    "Svg",
    "card_places",
    "picture_size",
    "pile_box",
    "svg",
]

CARD_WIDTH = 60
"""A card's width in the picture's user units."""
CARD_HEIGHT = 84
"""A card's height in the picture's user units."""
GAP = 10
"""The space between neighbouring grid cells; a cell is a card and a gap."""
MARGIN = 10
"""The space around the grid."""

_CELL_W = CARD_WIDTH + GAP
_CELL_H = CARD_HEIGHT + GAP

# How far the next card of a fan lies from the one below it, when there is
# room: enough to show a face-up card's corner, less for a card face down.
_STEP = {
    ("down", True): 23.0,
    ("down", False): 10.0,
    ("right", True): 29.0,
    ("right", False): 10.0,
}
_VERTICAL = ("down", "up")
# The closest a squeezed fan may bring two face-up cards: enough to read the
# rank and suit in the corner of each (``10♥`` across, the corner's height
# down). A pile that cannot fit its fan at that shows fewer cards from the
# top, the rest squared up under them, and its count.
_MIN_STEP = {"down": 17.0, "right": 28.0}

_COLOURS = {
    "table": "#2f7d4f",
    "face": "#ffffff",
    "edge": "#555555",
    "red": "#c8102e",
    "black": "#1a1a1a",
    "back": "#2b4c9b",
    "back-edge": "#17306b",
    "back-line": "#8fa8dd",
    "outline": "#a9d8b8",
    "label": "#e2f2e7",
    "badge": "#000000",
    "mark": "#ffcc00",
    "foundation": "#d9b84a",
    "cell": "#8fc1ea",
    "reserve": "#e39ad0",
    "caption": "#ffffff",
}
_BEDS = ("foundation", "cell", "reserve")
"""Roles whose piles lie on a bed of their own colour, so that a foundation,
a cell (a free cell, a tower) and a reserve holding a card never look alike,
nor like a pile of the tableau."""
_SPENT_OPACITY = 0.45
"""How faint the name of an emptied place that nothing fills again is."""
_CAPTION = 20
"""The height of the line under the table of a game of several players, which
says whose turn it is."""
_SUIT_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_LABEL_LINE = 10
"""The most characters in a line of an empty pile's label."""


class Svg(str):
    """SVG text: a ``str`` that notebooks (Jupyter, IPython) show as a picture.

    Write it to a ``.svg`` file (UTF-8), put it in a web page as it is, or
    read it with any XML parser.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The SVG text itself, which IPython displays as a picture."""
        return str(self)


_Starts = tuple[tuple[float, ...], tuple[float, ...]]
"""Where each grid row and each grid column starts, in cells."""


def pile_box(spec: PileSpec, game: Game | None = None) -> tuple[float, float, float, float]:
    """``(x, y, width, height)``: the rectangle of a pile's cells in the picture.

    Every card of the pile is drawn inside it. The rectangle spans the cells
    of :attr:`PileSpec.bounds <patience.PileSpec.bounds>` less one gap, so
    the rectangles of neighbouring piles stay :data:`GAP` apart. Give the
    ``game`` whose layout holds ``spec`` to place the cells as its
    :attr:`~patience.Game.grid_steps` say: in a game whose rows overlap
    (Pyramid), so do the rectangles of their piles. Without a game, every
    step is one cell (a ``spec`` not in ``game.layout`` raises
    :class:`~patience.errors.PatienceError`).

    >>> from patience import PileSpec
    >>> pile_box(PileSpec("t1", "tableau", 1, 0, "down", extent=5))
    (10, 104, 60, 460)
    >>> import patience
    >>> pyramid = patience.game("pyramid")
    >>> [pile_box(s, pyramid) for s in pyramid.layout if s.name in ("a1", "b1")]
    [(325.0, 10.0, 60.0, 84.0), (290.0, 57.0, 60.0, 84.0)]
    """
    if game is None:
        return _box(spec, None)
    if spec not in game.layout:
        raise PatienceError(f"{game.name} has no pile laid out as {brief_repr(spec)}")
    x, y, w, h = _box(spec, _starts(game))
    return float(x), float(y), float(w), float(h)


def _starts(game: Game) -> _Starts:
    """Where the game's grid rows and columns start, in cells (whole numbers
    where every step before them is)."""
    rows, columns = game.grid_steps
    return _running(rows), _running(columns)


def _running(steps: tuple[float, ...]) -> tuple[float, ...]:
    out = []
    at: float = 0
    for step in steps:
        out.append(at)
        at += step
    return tuple(out)


def _box(spec: PileSpec, starts: _Starts | None) -> tuple[float, float, float, float]:
    """The rectangle of ``spec``'s cells, its rows and columns starting where
    ``starts`` says (``None``: one cell apart)."""
    top, left, bottom, right = spec.bounds
    rows: tuple[float, ...] | range = range(bottom)
    columns: tuple[float, ...] | range = range(right)
    if starts is not None:
        rows, columns = starts
    y0, y1, x0, x1 = rows[top], rows[bottom - 1], columns[left], columns[right - 1]
    return (
        MARGIN + x0 * _CELL_W,
        MARGIN + y0 * _CELL_H,
        (x1 - x0) * _CELL_W + CARD_WIDTH,
        (y1 - y0) * _CELL_H + CARD_HEIGHT,
    )


@attrs.frozen
class CardPlace:
    """Where one card of a position lies in the picture (see :func:`card_places`)."""

    pile: str
    """The pile that holds the card."""
    index: int
    """Its place in the pile, 0 at the bottom."""
    x: float
    """The left edge of the card, in the picture's user units."""
    y: float
    """The top edge of the card."""
    face_up: bool
    """Whether the card lies face up (drawn as its face, not a back)."""
    shown: bool
    """Whether any of it is drawn: ``False`` for the cards squared up under the
    top card of a pile that does not fan, or under the shown part of a
    :attr:`~patience.PileSpec.spread`; they lie exactly under the lowest card
    drawn, so a card dealt from a stock starts from the stock's place."""


def picture_size(game: Game) -> tuple[int, int]:
    """``(width, height)`` of the pictures of ``game`` in user units: the
    ``viewBox`` of :func:`svg`.

    >>> import patience
    >>> picture_size(patience.game("klondike"))
    (500, 574)
    """
    row_steps, column_steps = game.grid_steps
    width = _extent(column_steps, _CELL_W)
    height = _extent(row_steps, _CELL_H)
    if game.players > 1:
        height += _CAPTION
    return width, height


def _extent(steps: tuple[float, ...], cell: int) -> int:
    """The picture's size along one axis: the margins, and the grid up to the
    end of its last row or column (one cell past its start, or its step if
    larger), less the gap after it; up to the next whole unit."""
    if not steps:
        return 2 * MARGIN
    last = sum(steps[:-1]) + max(steps[-1], 1)
    return max(math.ceil(2 * MARGIN + last * cell - GAP - 1e-6), 2 * MARGIN)


def card_places(position: State) -> tuple[CardPlace, ...]:
    """Every card of ``position`` where :func:`svg` draws it: the geometry
    of the picture as data, for a front end that draws or animates cards
    itself.

    One :class:`CardPlace` per card, pile by pile in layout order and bottom
    card first; cards that are not drawn (under a stacked pile's top card)
    lie under the lowest card drawn, so every card, the stock's included, has
    a place to move from.

    This is also the order in which :func:`svg` draws the cards, each over
    the ones before it: where two cards overlap, the one later in the tuple
    lies on top. A pile's upper cards cover its lower ones, and where a
    game's piles overlap (the rows of Pyramid and TriPeaks, see
    :attr:`Game.grid_steps <patience.Game.grid_steps>`) the layout lists
    the covered places first, so that a front end drawing the cards in this
    order shows what covers what.

    >>> import patience
    >>> game = patience.game("klondike")
    >>> places = card_places(game.deal(2026))
    >>> places[0]
    CardPlace(pile='stock', index=0, x=10.0, y=10.0, face_up=False, shown=False)
    >>> [(p.index, p.y, p.face_up) for p in places if p.pile == "t3"]
    [(0, 104.0, False), (1, 114.0, False), (2, 124.0, True)]
    """
    if not isinstance(position, State):
        raise InvalidStateError(f"card_places takes a State, not {type(position).__name__}")
    out = []
    starts = _starts(position.game)
    for spec, pile in zip(position.game.layout, position.pile_tuple):
        places = _places(spec, pile, _box(spec, starts))
        drawn = dict(places)
        lowest = places[0][1] if places else (0.0, 0.0)
        for index, card in enumerate(pile.cards):
            x, y = drawn.get(index, lowest)
            face_up = index >= pile.down and not card.is_hidden
            out.append(CardPlace(spec.name, index, float(x), float(y), face_up, index in drawn))
    return tuple(out)


def svg(
    position: State,
    *,
    highlight: Move | str | None = None,
    picked: tuple[str, int] | None = None,
    targets: Iterable[str] = (),
    size: float | None = None,
    symbols: bool = True,
) -> Svg:
    """Draw ``position`` as SVG.

    Every pile of the game's layout is drawn at its place: its cards fanned
    ``down``, ``up``, ``right`` or ``left`` as the layout says (only the top
    :attr:`~patience.PileSpec.spread` of them, when the layout limits it),
    squeezed closer where the pile's :attr:`~patience.PileSpec.extent`
    cannot hold the full fan; a pile that does not fan shows its top card
    and, with more than one card, their number, and so does a fan that shows
    fewer cards than it holds or squeezes two or more face-down cards
    together. Foundations, cells and reserves lie on beds of their own
    colours. An empty pile is an outline with its label, but an emptied
    place that nothing fills again (a pyramid's) is only its label, faint;
    a pile whose label goes below (Clock's hours) has it there whatever it
    holds. Face-down cards are drawn as backs and nothing in the text says
    what they are, so ``svg(game.view(state))`` gives the same picture as
    ``svg(state)``. The cards are drawn in the order :func:`card_places`
    lists them, each over those before it.

    ``highlight`` marks a move (a :class:`~patience.Move` or its notation):
    a move of cards marks the cards it picks up (the top ``count`` cards of
    its source) and its target pile; an action on a pile (``pull s3``,
    ``draw`` on the stock) marks that pile. The game reads the move as
    :meth:`~patience.Game.parse_move` reads its notation, and
    :meth:`~patience.Game.pick_up` says where it starts, so a move that is
    not one of the game's, or names a pile the game does not have, raises
    :class:`~patience.errors.InvalidMoveError`; the move need not be legal.

    ``picked=(pile, index)`` marks the cards a player has picked up and not
    yet put down: the card at ``index`` of ``pile`` and those on it (a drag in
    progress, before its target is known); a pile the game does not have or
    an index outside the pile raises :class:`~patience.errors.PatienceError`.
    It replaces what ``highlight`` would mark on its source.

    ``targets`` marks piles as places the picked-up cards may go, as
    ``highlight`` marks its target (class ``target`` and an outline): with
    the targets of :meth:`~patience.Game.moves_from`, a drag shows every
    place it may end. A pile the game does not have raises
    :class:`~patience.errors.PatienceError`.

    ``size`` sets the picture's width in pixels (the height follows); by
    default a card is :data:`CARD_WIDTH` pixels wide.
    ``symbols=False`` writes the suits as letters (``8H``) for fonts without
    the suit symbols.

    >>> import patience
    >>> game = patience.game("klondike")
    >>> picture = patience.svg(game.deal(2026), highlight="t1-t7")
    >>> picture.startswith("<svg"), 'data-card="8H"' in picture
    (True, True)
    >>> picture.count('class="card face picked"'), picture.count('class="pile tableau target"')
    (1, 1)
    """
    if not isinstance(position, State):
        raise InvalidStateError(f"svg draws a State, not {type(position).__name__}")
    game = position.game
    if size is not None and (
        isinstance(size, bool) or not isinstance(size, (int, float)) or not 0 < size < 1e6
    ):
        raise PatienceError(f"size must be a positive number of pixels, not {brief_repr(size)}")
    source = target = None
    lifted = 0
    if highlight is not None:
        source, target, lifted = _highlighted(position, highlight)
    if picked is not None:
        source, lifted = _picked(position, picked)
        target = None if target == source else target
    marked = set()
    if isinstance(targets, str) or not isinstance(targets, Iterable):
        raise PatienceError(f"targets is an iterable of pile names, not {brief_repr(targets)}")
    if not isinstance(symbols, bool):
        raise PatienceError(f"symbols is True or False, not {brief_repr(symbols)}")
    for name in targets:
        if not isinstance(name, str) or name not in position.piles:
            raise PatienceError(f"{game.name} has no pile {brief_repr(name)}")
        marked.add(name)
    width, height = picture_size(game)
    shown_w = width if size is None else size
    shown_h = height if size is None else size * height / width
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="patience"'
        f' data-game="{_attr(game.name)}" width="{_n(shown_w)}" height="{_n(shown_h)}"'
        f' viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect class="table" x="0" y="0" width="{width}" height="{height}"'
        f' fill="{_COLOURS["table"]}"/>',
    ]
    if game.players > 1:
        out.append(_caption(position, width, height))
    starts = _starts(game)
    # Emptied places that nothing fills again go first, under every card: a
    # place of Pyramid overlaps the cards of the row above, which it must
    # not hide from clicks once its own card is gone.
    spent: list[str] = []
    piles: list[str] = []
    for spec, pile in zip(game.layout, position.pile_tuple):
        role = (
            "source"
            if spec.name == source
            else "target"
            if spec.name == target or spec.name in marked
            else None
        )
        (piles if pile or spec.refill else spent).extend(
            _pile(
                spec,
                pile,
                _box(spec, starts),
                role,
                lifted if role == "source" else 0,
                symbols,
                game.outline_empty,
            )
        )
    out += spent
    out += piles
    out.append("</svg>")
    return Svg("\n".join(out))


def _caption(position: State, width: float, height: float) -> str:
    """The line under the table of a game of several players: who plays
    where (by the rows, or else the columns, of the piles each owns) and
    whose turn it is."""
    game = position.game
    tops: dict[int, int] = {}
    lefts: dict[int, int] = {}
    for spec in game.layout:
        if spec.owner is not None:
            tops[spec.owner] = min(tops.get(spec.owner, spec.row), spec.row)
            lefts[spec.owner] = min(lefts.get(spec.owner, spec.column), spec.column)
    places: list[str] = []
    if len(set(tops.values())) == len(tops):
        order = sorted(tops, key=lambda p: tops[p])
        places = ["above", "below"] if len(order) == 2 else [f"row {tops[p] + 1}" for p in order]
    elif len(set(lefts.values())) == len(lefts):  # side by side
        order = sorted(lefts, key=lambda p: lefts[p])
        places = ["left", "right"] if len(order) == 2 else [f"column {lefts[p] + 1}" for p in order]
    parts = []
    if places:
        where = [f"{p} {w}" for p, w in zip(order, places)]
        parts.append("player " + ", ".join(where))
    # As far as the players can see (search=False), so that a position and
    # its view draw the same caption.
    movers = game.movers(position, search=False)
    turn = movers[0] if len(movers) == 1 else None
    if not movers:
        parts.append("the game is over")
    elif len(movers) == 1:
        parts.append(f"player {movers[0]} to move")
    else:  # several players may move at once (a race)
        parts.append("both move" if len(movers) == 2 else f"{len(movers)} players move")
    # Never wider than the picture: the places go first when room is short.
    if len(parts) > 1 and 7.5 * len("; ".join(parts)) > width - 2 * MARGIN:
        parts = parts[1:]
    text = escape("; ".join(parts))
    return (
        f'<text class="caption" x="{MARGIN}" y="{_n(height - 7)}" font-size="12"'
        f' fill="{_COLOURS["caption"]}" data-player="{"" if turn is None else turn}">{text}</text>'
    )


def _picked(position: State, picked: object) -> tuple[str, int]:
    """The pile of a pick-up point and how many cards it lifts."""
    if not (isinstance(picked, tuple) and len(picked) == 2):
        raise PatienceError(f"picked is a (pile, index) pair, not {brief_repr(picked)}")
    pile, index = picked
    if not isinstance(pile, str) or pile not in position.piles:
        raise PatienceError(f"{position.game.name} has no pile {brief_repr(pile)}")
    size = len(position.piles[pile])
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < size:
        raise PatienceError(f"{pile} holds {size} cards: no card at {brief_repr(index)}")
    return pile, size - index


def _highlighted(position: State, highlight: Move | str) -> tuple[str | None, str | None, int]:
    """The pile a highlighted move starts from, the pile it goes to (``None``
    for an action) and how many cards it picks up (0 for an action)."""
    game = position.game
    if isinstance(highlight, Move):
        text = str(highlight)  # read back as the game reads it: short forms get their pile
    elif isinstance(highlight, str):
        text = highlight
    else:
        raise InvalidMoveError(highlight, "a highlight is a Move or move notation")
    move = game.parse_move(position, text)
    start = game.pick_up(position, move)
    if start is None:
        return None, None, 0
    source, index = start
    if move.target is None or index is None:
        return source, None, 0
    return source, move.target, len(position.piles[source]) - max(index, 0)


# ------------------------------------------------------------------ piles


def _pile(
    spec: PileSpec,
    pile: Pile,
    box: tuple[float, float, float, float],
    role: str | None,
    picked: int,
    symbols: bool,
    outline: bool = True,
) -> list[str]:
    x, y, w, h = box
    name = _attr(spec.name)
    classes = f"pile {_attr(spec.role)}" + (f" {role}" if role else "")
    owner = "" if spec.owner is None else f' data-owner="{spec.owner}"'
    out = [
        f'<g id="pile-{name}" class="{classes}" data-pile="{name}"'
        f' data-role="{_attr(spec.role)}" data-count="{len(pile)}"{owner}>',
        f"<title>{escape(spec.label or spec.name)}</title>",
        f'<rect class="area" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"'
        ' fill="none" pointer-events="all"/>',
    ]
    places = _places(spec, pile, (x, y, w, h))
    if spec.role in _BEDS:
        bx, by = _anchor(spec, (x, y, w, h))
        out.append(
            f'<rect class="bed {spec.role}" x="{_n(bx - 3)}" y="{_n(by - 3)}"'
            f' width="{CARD_WIDTH + 6}" height="{CARD_HEIGHT + 6}" rx="7"'
            f' fill="none" stroke="{_COLOURS[spec.role]}" stroke-width="2.5"/>'
        )
    label = spec.label or spec.name
    if spec.label_below:
        out.append(_label_below(_anchor(spec, (x, y, w, h))[0], y + h, label))
    if not places and not spec.refill:
        cx, cy = _anchor(spec, (x, y, w, h))
        out.append(_spent(cx, cy, label))
    elif not places and (outline or role is not None):
        cx, cy = _anchor(spec, (x, y, w, h))
        out.extend(_outline(cx, cy, "" if spec.label_below else label))
    first_picked = len(pile) - min(picked, len(pile))
    for index, (cx, cy) in places:
        out.extend(_card(spec.name, pile, index, cx, cy, index >= first_picked, symbols))
    if spec.fan == "none" and len(pile) > 1:
        cx, cy = places[0][1]
        out.extend(_badge(cx, cy, len(pile)))
    elif len(places) < len(pile) or pile.down >= 2:
        # A fan that shows only its top cards, or squeezes face-down cards
        # together under them, says how many it holds, on its top card,
        # which nothing covers.
        cx, cy = places[-1][1]
        out.extend(_badge(cx, cy, len(pile)))
    if role is not None and (role == "target" or not picked):
        out.append(_mark_around(places, _anchor(spec, (x, y, w, h))))
    out.append("</g>")
    return out


def _anchor(spec: PileSpec, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """Where the pile's bottom card (or an empty pile's outline) lies."""
    x, y, w, h = box
    if spec.fan == "up":
        return x, y + h - CARD_HEIGHT
    if spec.fan == "left":
        return x + w - CARD_WIDTH, y
    return x, y


def _places(
    spec: PileSpec, pile: Pile, box: tuple[float, float, float, float]
) -> list[tuple[int, tuple[float, float]]]:
    """The cards to draw, bottom first: each card's index and its top-left corner."""
    count = len(pile)
    if not count:
        return []
    ax, ay = _anchor(spec, box)
    if spec.fan == "none":
        return [(count - 1, (ax, ay))]
    shown = count if spec.spread is None else min(spec.spread, count)
    vertical = spec.fan in _VERTICAL
    axis = "down" if vertical else "right"
    room = (box[3] - CARD_HEIGHT) if vertical else (box[2] - CARD_WIDTH)
    while True:
        first = count - shown
        steps = [_STEP[axis, index >= pile.down] for index in range(first, count - 1)]
        total = sum(steps)
        scale = 1.0 if total <= room else room / total
        face_up = [s for i, s in enumerate(steps, first) if i >= pile.down]
        if shown <= 2 or not face_up or min(face_up) * scale >= _MIN_STEP[axis]:
            break
        shown -= 1  # the fan is too tight to read: fewer cards from the top
    steps = [s * scale for s in steps]
    sign = -1 if spec.fan in ("up", "left") else 1
    places = []
    offset = 0.0
    for k, index in enumerate(range(first, count)):
        if k:
            offset += steps[k - 1]
        dx, dy = (0.0, sign * offset) if vertical else (sign * offset, 0.0)
        places.append((index, (ax + dx, ay + dy)))
    return places


def _outline(x: float, y: float, label: str) -> list[str]:
    """An empty pile: a dashed outline with the label (if any) in a few short lines."""
    out = [
        f'<rect class="empty" x="{_n(x + 1)}" y="{_n(y + 1)}" width="{CARD_WIDTH - 2}"'
        f' height="{CARD_HEIGHT - 2}" rx="5" fill="none" stroke="{_COLOURS["outline"]}"'
        ' stroke-width="1.5" stroke-dasharray="4 3"/>'
    ]
    if not label:
        return out
    lines = _wrap(label)
    top = y + CARD_HEIGHT / 2 - 11 * (len(lines) - 1) / 2 + 3
    for k, line in enumerate(lines):
        out.append(
            f'<text class="label" x="{_n(x + CARD_WIDTH / 2)}" y="{_n(top + 11 * k)}"'
            f' font-size="9" text-anchor="middle" fill="{_COLOURS["label"]}">'
            f"{escape(line)}</text>"
        )
    return out


def _spent(x: float, y: float, label: str) -> str:
    """An emptied place that nothing fills again: its label alone, faint, low
    in the place, where the cards of the row above (which an overlapping
    place lies partly over) do not reach."""
    return (
        f'<text class="label spent" x="{_n(x + CARD_WIDTH / 2)}" y="{_n(y + CARD_HEIGHT - 10)}"'
        f' font-size="9" text-anchor="middle" fill="{_COLOURS["label"]}"'
        f' fill-opacity="{_SPENT_OPACITY}">{escape(label)}</text>'
    )


def _label_below(x: float, bottom: float, label: str) -> str:
    """A label written under a pile at all times, in the room its game leaves."""
    return (
        f'<text class="label below" x="{_n(x + CARD_WIDTH / 2)}" y="{_n(bottom + 12)}"'
        f' font-size="10" text-anchor="middle" fill="{_COLOURS["label"]}">'
        f"{escape(label)}</text>"
    )


def _wrap(label: str) -> list[str]:
    lines: list[str] = []
    for word in label.split():
        if lines and len(lines[-1]) + 1 + len(word) <= _LABEL_LINE:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines[:4] or [""]


def _badge(x: float, y: float, count: int) -> list[str]:
    """The number of cards in a stacked pile, at the bottom left of its top card."""
    text = str(count)
    width = 8 + 6 * len(text)
    bx, by = x + 4, y + CARD_HEIGHT - 18
    return [
        f'<rect class="count" x="{_n(bx)}" y="{_n(by)}" width="{width}" height="14" rx="7"'
        f' fill="{_COLOURS["badge"]}" fill-opacity="0.6"/>',
        f'<text class="count" x="{_n(bx + width / 2)}" y="{_n(by + 10.5)}" font-size="10"'
        f' text-anchor="middle" fill="#ffffff">{text}</text>',
    ]


def _mark_around(places: list[tuple[int, tuple[float, float]]], anchor: tuple[float, float]) -> str:
    """An outline around everything drawn of a pile (its outline when empty)."""
    corners = [xy for _, xy in places] or [anchor]
    left = min(x for x, _ in corners) - 3
    top = min(y for _, y in corners) - 3
    right = max(x for x, _ in corners) + CARD_WIDTH + 3
    bottom = max(y for _, y in corners) + CARD_HEIGHT + 3
    return (
        f'<rect class="mark" x="{_n(left)}" y="{_n(top)}" width="{_n(right - left)}"'
        f' height="{_n(bottom - top)}" rx="7" fill="none" stroke="{_COLOURS["mark"]}"'
        ' stroke-width="3"/>'
    )


# ------------------------------------------------------------------ cards


def _card(
    pile_name: str, pile: Pile, index: int, x: float, y: float, picked: bool, symbols: bool
) -> list[str]:
    card = pile.cards[index]
    extra = " picked" if picked else ""
    where = f'data-pile="{_attr(pile_name)}" data-index="{index}"'
    if index < pile.down or card.is_hidden:
        out = [f'<g class="card back{extra}" {where}>', *_back(x, y)]
    else:
        out = [
            f'<g class="card face{extra}" {where} data-card="{card}">',
            f"<title>{escape(card.name)}</title>",
            *_face(card, x, y, symbols),
        ]
    if picked:
        out.append(
            f'<rect class="mark" x="{_n(x)}" y="{_n(y)}" width="{CARD_WIDTH}"'
            f' height="{CARD_HEIGHT}" rx="5" fill="{_COLOURS["mark"]}" fill-opacity="0.3"'
            f' stroke="{_COLOURS["mark"]}" stroke-width="2.5"/>'
        )
    out.append("</g>")
    return out


def _back(x: float, y: float) -> list[str]:
    return [
        f'<rect class="back" x="{_n(x)}" y="{_n(y)}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}"'
        f' rx="5" fill="{_COLOURS["back"]}" stroke="{_COLOURS["back-edge"]}"/>',
        f'<rect class="back-line" x="{_n(x + 4)}" y="{_n(y + 4)}" width="{CARD_WIDTH - 8}"'
        f' height="{CARD_HEIGHT - 8}" rx="3" fill="none" stroke="{_COLOURS["back-line"]}"/>',
    ]


def _face(card: Card, x: float, y: float, symbols: bool) -> list[str]:
    colour = _COLOURS["red"] if card.is_red else _COLOURS["black"]
    out = [
        f'<rect class="face" x="{_n(x)}" y="{_n(y)}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}"'
        f' rx="5" fill="{_COLOURS["face"]}" stroke="{_COLOURS["edge"]}"/>'
    ]
    cx, cy = x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2
    if card.is_joker:
        corner, middle = "★", "★"
    else:
        text = card.symbol
        suit = text[-1]
        if not symbols:
            suit = _SUIT_LETTER[suit]
            text = text[:-1] + suit
        corner, middle = text, suit
    font = 'font-weight="bold" font-size="13"'
    out.append(
        f'<text class="index" x="{_n(x + 5)}" y="{_n(y + 16)}" {font} fill="{colour}">'
        f"{corner}</text>"
    )
    out.append(
        f'<text class="index" x="{_n(x + 5)}" y="{_n(y + 16)}" {font} fill="{colour}"'
        f' transform="rotate(180 {_n(cx)} {_n(cy)})">{corner}</text>'
    )
    if card.is_joker:
        out.append(
            f'<text class="pip" x="{_n(cx)}" y="{_n(cy + 2)}" font-size="26"'
            f' text-anchor="middle" fill="{colour}">{middle}</text>'
        )
        out.append(
            f'<text class="pip" x="{_n(cx)}" y="{_n(cy + 16)}" font-size="9"'
            f' font-weight="bold" text-anchor="middle" fill="{colour}">JOKER</text>'
        )
    else:
        out.append(
            f'<text class="pip" x="{_n(cx)}" y="{_n(cy + 11)}" font-size="30"'
            f' text-anchor="middle" fill="{colour}">{middle}</text>'
        )
    return out


# ---------------------------------------------------------------- helpers


def _n(value: float) -> str:
    """A coordinate as short, stable text: at most two decimals, no ``-0``."""
    text = f"{round(value, 2) + 0.0:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attr(text: str) -> str:
    return escape(text, {'"': "&quot;"})


class _DrawingModule(types.ModuleType):
    """This module's type: a module that draws when called, so that
    ``patience.svg`` is at once the module (``patience.svg.card_places``,
    ``import patience.svg as m``) and its function (``patience.svg(state)``)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Svg:
        return svg(*args, **kwargs)


sys.modules[__name__].__class__ = _DrawingModule
# inspect.signature, help() and the documentation see the function's signature.
__wrapped__ = svg
