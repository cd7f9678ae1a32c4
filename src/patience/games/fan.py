"""Fan, Alpha Star, Delta Star, Spanish Patience and Fortune's Favor, declared
for the tableau engine.

Open games of many short piles and no stock: the whole pack is dealt face
up. Fan deals eighteen fans built down in suit, one card at a time, with
only kings for the spaces; Alpha Star and Delta Star start the foundations
with the aces and deal the other 48 cards to twelve piles of four, built
down in suit (Alpha Star moves built runs, Delta Star single cards); Spanish
Patience deals thirteen piles of four, built down regardless of suit.
Fortune's Favor starts the foundations with the aces, deals one card to each
of twelve piles built down in suit, and fills every space at once from the
waste (or the stock) it turns one card at a time, once.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = [
    "alpha_star_rules",
    "delta_star_rules",
    "fan_rules",
    "fortunes_favor_rules",
    "spanish_patience_rules",
]


def fan_rules(*, by_rows: bool = False, worrying_back: bool = False) -> TableauRules:
    """The Fan declaration: seventeen fans of three and one of one, or with
    ``by_rows`` the whole pack dealt round eighteen piles (sixteen of three,
    two of two), as Blake and Gent's solver deals it."""
    return TableauRules(
        title="Fan",
        tableau=(3,) * 16 + (2, 2) if by_rows else (3,) * 17 + (1,),
        relation="suit",
        unit="one",
        space="kings",
        worrying_back=worrying_back,
        stock="none",
    )


def _stars(title: str, unit: str) -> TableauRules:
    return TableauRules(
        title=title,
        tableau=(4,) * 12,
        relation="suit",
        unit="run" if unit == "run" else "one",
        space="any",
        foundations_start=True,
        stock="none",
    )


def alpha_star_rules() -> TableauRules:
    """The Alpha Star declaration: built runs in suit move as a unit."""
    return _stars("Alpha Star", "run")


def delta_star_rules() -> TableauRules:
    """The Delta Star declaration: Alpha Star moving one card at a time."""
    return _stars("Delta Star", "one")


def spanish_patience_rules(*, worrying_back: bool = False) -> TableauRules:
    """The Spanish Patience declaration."""
    return TableauRules(
        title="Spanish Patience",
        tableau=(4,) * 13,
        relation="any",
        unit="one",
        space="any",
        worrying_back=worrying_back,
        stock="none",
    )


def fortunes_favor_rules() -> TableauRules:
    """The Fortune's Favor declaration."""
    return TableauRules(
        title="Fortune's Favor",
        tableau=(1,) * 12,
        relation="suit",
        unit="one",
        space="any",
        foundations_start=True,
        stock="waste",
        draw=1,
        passes=1,
        waste_fills_spaces=True,
    )


def _fan(*, by_rows: bool = False, worrying_back: bool = False) -> TableauGame:
    flags = {"by_rows": by_rows, "worrying_back": worrying_back}
    for option, value in flags.items():
        check_flag("fan", option, value)
    return TableauGame("fan", fan_rules(by_rows=by_rows, worrying_back=worrying_back), flags)


def _alpha_star() -> TableauGame:
    return TableauGame("alpha-star", alpha_star_rules(), {})


def _delta_star() -> TableauGame:
    return TableauGame("delta-star", delta_star_rules(), {})


def _spanish(*, worrying_back: bool = False) -> TableauGame:
    check_flag("spanish-patience", "worrying_back", worrying_back)
    rules = spanish_patience_rules(worrying_back=worrying_back)
    return TableauGame("spanish-patience", rules, {"worrying_back": worrying_back})


def _fortunes_favor() -> TableauGame:
    return TableauGame("fortunes-favor", fortunes_favor_rules(), {})


register(
    "fan",
    _fan,
    summary="Eighteen open fans built down in suit, one card at a time; kings fill spaces.",
)
register(
    "alpha-star",
    _alpha_star,
    summary="Aces up first; twelve open piles of four built down in suit, runs moving as one.",
)
register(
    "delta-star",
    _delta_star,
    summary="Alpha Star moving one card at a time.",
)
register(
    "spanish-patience",
    _spanish,
    summary="Thirteen open piles of four built down regardless of suit; any card fills a space.",
)
register(
    "fortunes-favor",
    _fortunes_favor,
    summary="Aces up first; twelve single cards built down in suit; the waste fills spaces.",
)
