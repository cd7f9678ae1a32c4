"""Streets and Alleys and Beleaguered Castle, declared for the tableau engine.

Both: eight rows of face-up cards, built down regardless of suit, one card at
a time, any card to a space, no stock, no worrying back. Streets and Alleys
deals all 52 cards in rows of 7, 7, 7, 7, 6, 6, 6, 6, aces included;
Beleaguered Castle takes the aces out to start the foundations and deals the
other 48 in eight rows of six.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules

__all__ = ["beleaguered_castle_rules", "streets_and_alleys_rules"]


def streets_and_alleys_rules() -> TableauRules:
    """The Streets and Alleys declaration."""
    return TableauRules(
        title="Streets and Alleys",
        tableau=(7, 7, 7, 7, 6, 6, 6, 6),
        relation="any",
        unit="one",
        space="any",
        stock="none",
    )


def beleaguered_castle_rules() -> TableauRules:
    """The Beleaguered Castle declaration."""
    return TableauRules(
        title="Beleaguered Castle",
        tableau=(6,) * 8,
        relation="any",
        unit="one",
        space="any",
        foundations_start=True,
        stock="none",
    )


def _streets() -> TableauGame:
    return TableauGame("streets-and-alleys", streets_and_alleys_rules(), {})


def _castle() -> TableauGame:
    return TableauGame("beleaguered-castle", beleaguered_castle_rules(), {})


register(
    "streets-and-alleys",
    _streets,
    summary="Eight rows built down regardless of suit, one card at a time, aces dealt in.",
)
register(
    "beleaguered-castle",
    _castle,
    summary="Streets and Alleys with the aces starting the foundations; rows of six.",
)
