"""Canfield and Thirteen-Up, declared for the tableau engine.

Canfield: thirteen cards to a reserve whose top card alone is face up and
playable, the next card to the first foundation (it sets the foundations' base
rank), four tableau piles of one card. Build down in alternate colours, ranks
wrapping (a king on an ace); a whole pile moves as a unit; a space is filled at
once from the reserve, and from the waste once the reserve is empty.
Foundations build up in suit from the base, wrapping. Stock three at a time,
unlimited passes.

Thirteen-Up, as our text has it: the four aces start the foundations, which
build up to the king; otherwise as Canfield, with the stock turned one card at
a time and three passes in all.
"""

from __future__ import annotations

from ..errors import InvalidOptionError
from ..registry import register
from ..tableau import TableauGame, TableauRules, Unit

__all__ = ["canfield_rules", "thirteen_up_rules"]

_UNITS = ("pile", "run", "one")


def _unit(game: str, unit: object) -> Unit:
    if not isinstance(unit, str) or unit not in _UNITS:
        raise InvalidOptionError(game, "unit", f"one of {', '.join(_UNITS)}, not {unit!r}")
    return unit  # type: ignore[return-value]


def canfield_rules(
    *, unit: Unit = "pile", draw: int = 3, passes: int | None = None
) -> TableauRules:
    """The Canfield declaration."""
    return TableauRules(
        title="Canfield",
        tableau=(1, 1, 1, 1),
        reserve=13,
        reserve_fills_spaces=True,
        relation="alternate",
        wrap=True,
        unit=unit,
        space="any",
        base="dealt",
        foundation_wrap=True,
        stock="waste",
        draw=draw,
        passes=passes,
    )


def thirteen_up_rules(*, unit: Unit = "pile") -> TableauRules:
    """The Thirteen-Up declaration."""
    return TableauRules(
        title="Thirteen-Up",
        tableau=(1, 1, 1, 1),
        reserve=13,
        reserve_fills_spaces=True,
        relation="alternate",
        wrap=False,  # Canfield's wrap could never matter: no ace reaches the tableau
        unit=unit,
        space="any",
        foundations_start=True,
        stock="waste",
        draw=1,
        passes=3,
    )


def _canfield(*, unit: str = "pile") -> TableauGame:
    return TableauGame("canfield", canfield_rules(unit=_unit("canfield", unit)), {"unit": unit})


def _thirteen_up(*, unit: str = "pile") -> TableauGame:
    rules = thirteen_up_rules(unit=_unit("thirteen-up", unit))
    return TableauGame("thirteen-up", rules, {"unit": unit})


register(
    "canfield",
    _canfield,
    aliases=("demon", "fascination"),
    summary="A 13-card reserve fills spaces; foundations from a dealt base, wrapping.",
)
register(
    "thirteen-up",
    _thirteen_up,
    summary="Canfield with the aces starting the foundations; draw one, three passes.",
)
