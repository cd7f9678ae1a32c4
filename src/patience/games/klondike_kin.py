"""Trigon, East Haven and Thirty-Six: Klondike's relatives, declared for the tableau engine.

Trigon is Klondike built down in suit, any built run moving, turned one card
at a time with no limit on passes. East Haven deals seven piles of three
(two face down), builds down in alternate colours, moves any built run,
fills spaces with anything, and deals its stock a card to each pile.
Thirty-Six deals six open piles of six, built down regardless of suit, and
turns its stock one card at a time, once.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = ["east_haven_rules", "thirty_six_rules", "trigon_rules"]


def trigon_rules() -> TableauRules:
    """The Trigon declaration."""
    return TableauRules(
        title="Trigon",
        tableau=(1, 2, 3, 4, 5, 6, 7),
        face_down=(0, 1, 2, 3, 4, 5, 6),
        relation="suit",
        unit="run",
        space="kings",
        stock="waste",
        draw=1,
        passes=None,
    )


def east_haven_rules(*, worrying_back: bool = True) -> TableauRules:
    """The East Haven declaration."""
    return TableauRules(
        title="East Haven",
        tableau=(3,) * 7,
        face_down=2,
        relation="alternate",
        unit="run",
        space="any",
        worrying_back=worrying_back,
        stock="deal",
    )


def thirty_six_rules() -> TableauRules:
    """The Thirty-Six declaration."""
    return TableauRules(
        title="Thirty-Six",
        tableau=(6,) * 6,
        relation="any",
        unit="run",
        space="any",
        stock="waste",
        draw=1,
        passes=1,
    )


def _trigon() -> TableauGame:
    return TableauGame("trigon", trigon_rules(), {})


def _east_haven(*, worrying_back: bool = True) -> TableauGame:
    check_flag("east-haven", "worrying_back", worrying_back)
    rules = east_haven_rules(worrying_back=worrying_back)
    return TableauGame("east-haven", rules, {"worrying_back": worrying_back})


def _thirty_six() -> TableauGame:
    return TableauGame("thirty-six", thirty_six_rules(), {})


register(
    "trigon",
    _trigon,
    summary="Klondike built down in suit; any built run moves; draw one, unlimited passes.",
)
register(
    "east-haven",
    _east_haven,
    aliases=("easthaven",),
    summary="Seven piles of three built down in alternate colours; the stock deals a row.",
)
register(
    "thirty-six",
    _thirty_six,
    aliases=("thirtysix",),
    summary="Six open piles of six built down regardless of suit; draw one, one pass.",
)
