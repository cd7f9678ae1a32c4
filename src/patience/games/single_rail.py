"""Single Rail, declared for the tableau engine.

Four piles of one face-up card; build down regardless of suit; any built run
moves as a unit and any card or run fills a space; the stock turns one card at
a time to a waste, once through.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = ["single_rail_rules"]


def single_rail_rules(*, worrying_back: bool = False) -> TableauRules:
    """The Single Rail declaration."""
    return TableauRules(
        title="Single Rail",
        tableau=(1, 1, 1, 1),
        build="down",
        relation="any",
        unit="run",
        space="any",
        worrying_back=worrying_back,
        stock="waste",
        draw=1,
        passes=1,
    )


def _single_rail(*, worrying_back: bool = False) -> TableauGame:
    check_flag("single-rail", "worrying_back", worrying_back)
    rules = single_rail_rules(worrying_back=worrying_back)
    return TableauGame("single-rail", rules, {"worrying_back": worrying_back})


register(
    "single-rail",
    _single_rail,
    summary="Four piles built down regardless of suit; runs move as units; one pass.",
)
