"""Where a game's piles lie: :class:`PileSpec`, one pile's place on the table.

A game describes its piles as data (:attr:`Game.layout <patience.Game.layout>`),
so a front end can draw any game without code of its own: each pile has a role,
an anchor on a grid of card-sized cells, a direction its cards fan out in and
how many cells they may take.
"""

from __future__ import annotations

import attrs

__all__ = ["FANS", "ROLES", "PileSpec"]

ROLES = frozenset(
    {
        "stock",
        "waste",
        "tableau",
        "foundation",
        "cell",
        "reserve",
        "siding",
        "line",
        "discard",
        "grid",
    }
)
"""The roles a pile may have (see :attr:`PileSpec.role <patience.PileSpec.role>`)."""


FANS = ("none", "right", "left", "down", "up")
"""The directions a pile's cards may fan out in (see :attr:`PileSpec.fan
<patience.PileSpec.fan>`)."""


def _whole(value: object) -> bool:
    return type(value) is int


_LATER = ("refill", "label_below")
"""Fields a spec's ``repr`` leaves out while they hold their defaults."""


@attrs.frozen(slots=True, repr=False)
class PileSpec:
    """How a front end should lay out one pile.

    The table is a grid of cells, each the place of one card with a margin
    around it. ``row`` and ``column`` put the pile's anchor on that grid
    (row 0 at the top, column 0 at the left); ``fan`` says which way its
    cards spread from the anchor, ``extent`` how many cells they may take
    along that way and ``spread`` how many of the top cards are fanned out.
    The cells a pile covers are :attr:`bounds`; in the built-in games no two
    piles share a cell, and :attr:`Game.grid_size` holds them all. ``owner``
    names the player whose pile it is in a multi-player game.

    Two fields say how a pile looks when it matters: ``refill=False`` marks a
    place that no card comes back to once it is emptied (a pyramid's place),
    and ``label_below=True`` writes the label under the pile whatever it
    holds, not only on its outline while it is empty (the hours of Clock).
    How far apart the grid's rows and columns are drawn is the game's:
    :attr:`Game.grid_steps <patience.Game.grid_steps>`.

    >>> spec = PileSpec("t1", "tableau", 1, 0, "down", extent=5)
    >>> spec.bounds
    (1, 0, 6, 1)
    >>> PileSpec("waste", "waste", 0, 1, "right", extent=2, spread=3).bounds
    (0, 1, 1, 3)

    Making a spec checks it: an unknown role or fan, an ``extent`` below 1
    (or above 1 for an unfanned pile), a ``spread`` below 1 (or any on an
    unfanned pile) and cells off the grid (a negative row or column) raise
    ``ValueError``, and so does a ``refill`` or ``label_below`` that is not
    ``True`` or ``False``.
    """

    name: str
    """The pile's name, as used in ``state.piles`` and in move notation."""
    role: str
    """One of ``stock waste tableau foundation cell reserve siding line discard grid``."""
    row: int
    """The anchor's grid row, from 0 at the top. A pile that fans ``"up"``
    is anchored at its bottom cell: it covers ``row`` and the ``extent - 1``
    rows above it."""
    column: int
    """The anchor's grid column, from 0 at the left. A pile that fans
    ``"left"`` is anchored at its rightmost cell: it covers ``column`` and
    the ``extent - 1`` columns to its left."""
    fan: str = "none"
    """Which way the cards spread from the anchor, bottom card first:
    ``"down"``, ``"up"``, ``"right"`` or ``"left"``; ``"none"`` stacks them,
    so that only the top card and a count show."""
    owner: int | None = None
    """The owning player, or ``None`` for a shared pile."""
    label: str = ""
    """A human label, such as ``"Siding 1"``."""
    extent: int = 1
    """How many grid cells the pile may take along its fan direction, its
    anchor included (at least 1; exactly 1 for ``fan="none"``). However many
    cards it holds, a fanned pile stays inside them: a front end squeezes
    the cards closer when a full fan would not fit."""
    spread: int | None = None
    """How many cards from the top are fanned out (``None``: all of them);
    the cards below lie squared up under the lowest fanned one. A waste that
    shows the three cards just turned has ``fan="right", spread=3``. At
    least 1 when given, and only for a fanned pile."""
    refill: bool = True
    """Whether cards may come to the pile again once it is empty (``True``,
    the default). ``False`` for a place dealt once that nothing fills again,
    such as a pyramid's place: a picture draws it, emptied, as its label
    alone in a faint colour and under every card, not as an outline waiting
    for a card."""
    label_below: bool = False
    """Whether the label is written under the pile's place at all times,
    whatever the pile holds (Clock's hours), instead of only on its outline
    while it is empty. The game leaves room for it under the pile (see
    :attr:`Game.grid_steps <patience.Game.grid_steps>`)."""

    def __repr__(self) -> str:
        # The fields added later show only when they differ from their
        # defaults, so that a spec written before them reads as it did.
        shown = []
        for field in attrs.fields(PileSpec):
            value = getattr(self, field.name)
            if field.name in _LATER and value == field.default:
                continue
            shown.append(f"{field.name}={value!r}")
        return f"PileSpec({', '.join(shown)})"

    def __attrs_post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown pile role {self.role!r}")
        if self.fan not in FANS:
            raise ValueError(f"unknown fan direction {self.fan!r}")
        for field in ("row", "column", "extent"):
            if not _whole(getattr(self, field)):
                raise ValueError(f"pile {self.name!r}: {field} must be an integer")
        if self.extent < 1:
            raise ValueError(f"pile {self.name!r}: extent must be at least 1, not {self.extent}")
        if self.fan == "none" and self.extent != 1:
            raise ValueError(f"pile {self.name!r}: an unfanned pile has extent 1")
        if self.spread is not None:
            if not _whole(self.spread) or self.spread < 1:
                raise ValueError(f"pile {self.name!r}: spread must be an integer of at least 1")
            if self.fan == "none":
                raise ValueError(f"pile {self.name!r}: spread applies only to a fanned pile")
        for field in ("refill", "label_below"):
            if type(getattr(self, field)) is not bool:
                raise ValueError(f"pile {self.name!r}: {field} must be True or False")
        top, left, _, _ = self.bounds
        if top < 0 or left < 0:
            raise ValueError(
                f"pile {self.name!r}: its cells reach row {top}, column {left}; "
                "rows and columns start at 0"
            )

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """The cells the pile covers: ``(top, left, bottom, right)``, rows
        ``top`` to ``bottom - 1`` and columns ``left`` to ``right - 1`` (the
        ends excluded, as in a slice)."""
        row, column, extent = self.row, self.column, self.extent
        if self.fan == "down":
            return (row, column, row + extent, column + 1)
        if self.fan == "up":
            return (row - extent + 1, column, row + 1, column + 1)
        if self.fan == "right":
            return (row, column, row + 1, column + extent)
        if self.fan == "left":
            return (row, column - extent + 1, row + 1, column + 1)
        return (row, column, row + 1, column + 1)
