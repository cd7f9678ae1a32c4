"""Spider (104 cards, as in our text), declared for the tableau engine.

Two packs; ten piles of five cards, four face down and one up. A same-suit
descending run (or part of one) moves as a unit onto a card one rank higher of
any suit, or into a space; any unit fills a space, and a king-headed one can go
nowhere else. Each deal puts one card on every pile; every space must be
filled first; the last deal has four cards, for the first four piles. A
complete king-to-ace run of one suit leaves the tableau at once; the game is
won when all eight have gone.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules

__all__ = ["spider_rules"]


def spider_rules() -> TableauRules:
    """The Spider declaration."""
    return TableauRules(
        title="Spider",
        packs=2,
        tableau=(5,) * 10,
        face_down=4,
        relation="any",
        unit="suit-run",
        space="any",
        foundation_mode="suits",
        stock="deal",
        deal_needs_no_spaces=True,
    )


def _spider() -> TableauGame:
    return TableauGame("spider", spider_rules(), {})


register(
    "spider",
    _spider,
    summary="Two packs; same-suit runs; deals onto every pile; complete suits leave.",
)
