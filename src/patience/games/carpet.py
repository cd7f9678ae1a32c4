"""Carpet, declared for the tableau engine.

The four aces start the foundations, which build up in suit to the kings.
Twenty cards are dealt face up, one to each place of a "carpet" of four rows
of five; every carpet card may go to a foundation, nothing is built on the
carpet, and an empty place takes the top card of the waste (one card, the
player's choice when). The other 28 cards form the stock, turned one at a
time to the waste, whose top card may go to a foundation or to an empty
place; one pass only.

On the engine the carpet's places are tableau piles of one card that build
on nothing, and a space takes any card: a card cannot move from one place to
another empty place, since the engine offers no move that only swaps two
interchangeable piles.
"""

from __future__ import annotations

import attrs

from ..registry import register
from ..tableau import TableauGame, TableauRules

__all__ = ["COLUMNS", "ROWS", "CarpetGame", "carpet_rules"]

ROWS = 4
"""The carpet's rows of places."""

COLUMNS = 5
"""The places in each row of the carpet."""


def carpet_rules() -> TableauRules:
    """The Carpet declaration."""
    return TableauRules(
        title="Carpet",
        tableau=(1,) * (ROWS * COLUMNS),
        build="none",
        unit="one",
        space="any",
        foundations_start=True,
        stock="waste",
        draw=1,
        passes=1,
    )


class CarpetGame(TableauGame):
    """Carpet: the engine's game of :func:`carpet_rules`, its tableau laid out
    as the carpet, four rows of five places under the foundations, with the
    stock and the waste on the left."""

    def __init__(self) -> None:
        super().__init__("carpet", carpet_rules(), {})
        specs = []
        place = foundation = 0
        for spec in self.layout:
            if spec.role == "tableau":
                row, column = divmod(place, COLUMNS)
                place += 1
                spec = attrs.evolve(
                    spec,
                    row=1 + row,
                    column=1 + column,
                    fan="none",
                    extent=1,
                    label=f"Carpet {place}",
                )
            elif spec.role == "foundation":
                spec = attrs.evolve(spec, row=0, column=2 + foundation)
                foundation += 1
            elif spec.role == "waste":
                spec = attrs.evolve(spec, row=1, column=0)
            specs.append(spec)
        self._set_layout(specs)


def _carpet() -> CarpetGame:
    return CarpetGame()


register(
    "carpet",
    _carpet,
    summary="Aces up; a carpet of twenty open cards filled from the waste, one pass.",
)
