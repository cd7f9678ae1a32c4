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


def napoleon_rules(*, forced_aces: bool = True) -> TableauRules:
    """The Napoleon at St. Helena declaration (aces go up as soon as they are free)."""
    return TableauRules(
        title="Napoleon at St. Helena",
        forced_bases=forced_aces,
        packs=2,
        tableau=(4,) * 10,
        relation="suit",
        unit="one",
        space="any",
        stock="waste",
        draw=1,
        passes=1,
    )


def emperor_rules(*, worrying_back: bool = True, forced_aces: bool = True) -> TableauRules:
    """The Emperor declaration (aces go up as soon as they are free, as in Napoleon)."""
    return TableauRules(
        title="Emperor",
        forced_bases=forced_aces,
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


def _napoleon(*, forced_aces: bool = True) -> TableauGame:
    check_flag("napoleon", "forced_aces", forced_aces)
    return TableauGame(
        "napoleon", napoleon_rules(forced_aces=forced_aces), {"forced_aces": forced_aces}
    )


def _emperor(*, worrying_back: bool = True, forced_aces: bool = True) -> TableauGame:
    check_flag("emperor", "worrying_back", worrying_back)
    check_flag("emperor", "forced_aces", forced_aces)
    rules = emperor_rules(worrying_back=worrying_back, forced_aces=forced_aces)
    return TableauGame(
        "emperor", rules, {"worrying_back": worrying_back, "forced_aces": forced_aces}
    )


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
