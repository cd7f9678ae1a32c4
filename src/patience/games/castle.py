"""Streets and Alleys, Beleaguered Castle, Stronghold and Siegecraft,
declared for the tableau engine.

Both: eight rows of face-up cards, built down regardless of suit, one card at
a time, any card to a space, no stock, no worrying back. Streets and Alleys
deals all 52 cards in rows of 7, 7, 7, 7, 6, 6, 6, 6, aces included;
Beleaguered Castle takes the aces out to start the foundations and deals the
other 48 in eight rows of six. Stronghold is Streets and Alleys, and
Siegecraft is Beleaguered Castle, with one cell for a single card.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules

__all__ = [
    "beleaguered_castle_rules",
    "siegecraft_rules",
    "streets_and_alleys_rules",
    "stronghold_rules",
]


def streets_and_alleys_rules(*, cells: int = 0, title: str = "Streets and Alleys") -> TableauRules:
    """The Streets and Alleys declaration (with ``cells`` cells, Stronghold)."""
    return TableauRules(
        title=title,
        cells=cells,
        tableau=(7, 7, 7, 7, 6, 6, 6, 6),
        relation="any",
        unit="one",
        space="any",
        stock="none",
    )


def beleaguered_castle_rules(*, cells: int = 0, title: str = "Beleaguered Castle") -> TableauRules:
    """The Beleaguered Castle declaration (with ``cells`` cells, Siegecraft)."""
    return TableauRules(
        title=title,
        cells=cells,
        tableau=(6,) * 8,
        relation="any",
        unit="one",
        space="any",
        foundations_start=True,
        stock="none",
    )


def stronghold_rules() -> TableauRules:
    """The Stronghold declaration: Streets and Alleys with one cell."""
    return streets_and_alleys_rules(cells=1, title="Stronghold")


def siegecraft_rules() -> TableauRules:
    """The Siegecraft declaration: Beleaguered Castle with one cell."""
    return beleaguered_castle_rules(cells=1, title="Siegecraft")


def _streets() -> TableauGame:
    return TableauGame("streets-and-alleys", streets_and_alleys_rules(), {})


def _castle() -> TableauGame:
    return TableauGame("beleaguered-castle", beleaguered_castle_rules(), {})


def _stronghold() -> TableauGame:
    return TableauGame("stronghold", stronghold_rules(), {})


def _siegecraft() -> TableauGame:
    return TableauGame("siegecraft", siegecraft_rules(), {})


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
register(
    "stronghold",
    _stronghold,
    summary="Streets and Alleys with one cell for a single card.",
)
register(
    "siegecraft",
    _siegecraft,
    summary="Beleaguered Castle with one cell for a single card.",
)
