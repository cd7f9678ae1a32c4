"""Napoleon at St. Helena (Forty Thieves) and Emperor, declared for the tableau engine.

Napoleon: two packs; ten piles of four face-up cards; build down in suit, one
card at a time; any card fills a space; the stock turns one card at a time to
a waste, once through; eight foundations from aces up in suit.

Emperor: the same, except that the first three rows are dealt face down,
building is down in alternate colours, any built face-up run moves as a unit
(any card or run fills a space), and foundation cards may come back to the
tableau (``worrying_back``, on by default).
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = ["emperor_rules", "napoleon_rules"]


def napoleon_rules() -> TableauRules:
    """The Napoleon at St. Helena declaration."""
    return TableauRules(
        title="Napoleon at St. Helena",
        packs=2,
        tableau=(4,) * 10,
        relation="suit",
        unit="one",
        space="any",
        stock="waste",
        draw=1,
        passes=1,
    )


def emperor_rules(*, worrying_back: bool = True) -> TableauRules:
    """The Emperor declaration."""
    return TableauRules(
        title="Emperor",
        packs=2,
        tableau=(4,) * 10,
        face_down=3,
        relation="alternate",
        unit="run",
        space="any",
        worrying_back=worrying_back,
        stock="waste",
        draw=1,
        passes=1,
    )


def _napoleon() -> TableauGame:
    return TableauGame("napoleon", napoleon_rules(), {})


def _emperor(*, worrying_back: bool = True) -> TableauGame:
    check_flag("emperor", "worrying_back", worrying_back)
    rules = emperor_rules(worrying_back=worrying_back)
    return TableauGame("emperor", rules, {"worrying_back": worrying_back})


register(
    "napoleon",
    _napoleon,
    aliases=("forty-thieves", "napoleon-at-st-helena"),
    summary="Two packs, ten piles built down in suit, one card at a time, one pass.",
)
register(
    "emperor",
    _emperor,
    summary="Napoleon with face-down rows, alternate colours, runs, and worrying back.",
)
