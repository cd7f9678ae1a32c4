"""Thirty, declared for the tableau engine.

A short pack of 32 cards, ace to eight in each suit: thirty dealt face up to
five piles of six, the last two set aside as single reserve cards. The piles
build down regardless of suit and any built run moves as one; any card or
run fills a space; the reserve cards may be played at any time but never
come back. There is no stock.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules

__all__ = ["thirty_rules"]


def thirty_rules() -> TableauRules:
    """The Thirty declaration (Blake and Gent's rules)."""
    return TableauRules(
        title="Thirty",
        ranks=8,
        tableau=(6,) * 5,
        relation="any",
        unit="run",
        space="any",
        cells=2,
        cells_dealt=2,
        closed_cells=True,
        stock="none",
    )


def _thirty() -> TableauGame:
    return TableauGame("thirty", thirty_rules(), {})


register(
    "thirty",
    _thirty,
    summary="Ace to eight: five open piles of six and two reserve cards, built down any suit.",
)
