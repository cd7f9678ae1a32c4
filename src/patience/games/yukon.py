"""Yukon and Russian Solitaire, declared for the tableau engine.

Both: seven piles dealt as in Klondike (one to seven cards, only the top card
of each face up), then the other 24 cards face up, four more on each of the
piles from the second to the seventh; no stock. Any face-up card moves to
another pile together with every card that lies on it, whether or not those
cards are in sequence; the card it is moved by must build on the top card of
the pile it goes to; only a king (with what lies on it) fills a space. Aces
go up to the foundations, built up in suit to the kings. Yukon builds down in
alternate colours; Russian Solitaire builds down in suit.
"""

from __future__ import annotations

from typing import Literal

from ..registry import register
from ..tableau import TableauGame, TableauRules

__all__ = ["russian_solitaire_rules", "yukon_rules"]


def _rules(title: str, relation: Literal["alternate", "suit"]) -> TableauRules:
    return TableauRules(
        title=title,
        tableau=(1, 6, 7, 8, 9, 10, 11),
        face_down=(0, 1, 2, 3, 4, 5, 6),
        build="down",
        relation=relation,
        unit="stack",
        space="kings",
        stock="none",
    )


def yukon_rules() -> TableauRules:
    """The Yukon declaration."""
    return _rules("Yukon", "alternate")


def russian_solitaire_rules() -> TableauRules:
    """The Russian Solitaire declaration: Yukon built down in suit."""
    return _rules("Russian Solitaire", "suit")


def _yukon() -> TableauGame:
    return TableauGame("yukon", yukon_rules(), {})


def _russian() -> TableauGame:
    return TableauGame("russian-solitaire", russian_solitaire_rules(), {})


register(
    "yukon",
    _yukon,
    summary="Klondike's piles with the stock dealt face up; any face-up card moves with"
    " what lies on it.",
)
register(
    "russian-solitaire",
    _russian,
    aliases=("russian",),
    summary="Yukon built down in suit.",
)
