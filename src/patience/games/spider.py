"""Spider (104 cards, as in our text) and Scorpion, declared for the tableau engine.

Spider: two packs; ten piles of five cards, four face down and one up. A
same-suit descending run (or part of one) moves as a unit onto a card one rank
higher of any suit, or into a space; any unit fills a space, and a king-headed
one can go nowhere else. Each deal puts one card on every pile; every space
must be filled first; the last deal has four cards, for the first four piles.
A complete king-to-ace run of one suit leaves the tableau at once; the game is
won when all eight have gone. The option ``suits`` plays it with the cards of
one suit (spades) or two (spades and hearts) instead of four.

Scorpion: one pack; seven piles of seven, the first three cards of the first
four piles face down; build down in suit; any face-up card moves with every
card on it, built or not; only a king (with what lies on it) fills a space.
The three cards left over are the stock, dealt in one move onto the first
three piles. A complete suit leaves the tableau at once, as in Spider.
"""

from __future__ import annotations

from ..errors import InvalidOptionError, brief_repr
from ..registry import register
from ..tableau import TableauGame, TableauRules

__all__ = ["SPIDER_LAYOUTS", "SPIDER_SUITS", "scorpion_rules", "spider_rules"]

SPIDER_SUITS = (1, 2, 4)
"""The values of Spider's option ``suits``."""

SPIDER_LAYOUTS = ("hoyle", "standard")
"""The values of Spider's option ``layout``: ``"hoyle"``, the rules text's
ten piles of five with 54 cards in the stock (five deals of ten and a last of
four); ``"standard"``, the deal of most computer versions and of published
win rates, 54 cards to the piles (six on ``t1``, ``t4``, ``t7`` and ``t10``,
five on the others) and 50 in the stock, for five deals of ten."""

_STANDARD_PILES = (6, 5, 5, 6, 5, 5, 6, 5, 5, 6)


def spider_rules(suits: int = 4, layout: str = "hoyle") -> TableauRules:
    """The Spider declaration, with its cards in ``suits`` suits (1, 2 or 4)
    and dealt as ``layout`` says (:data:`SPIDER_LAYOUTS`)."""
    piles = _STANDARD_PILES if layout == "standard" else (5,) * 10
    name = "Spider" if suits == 4 else f"Spider ({suits} suit{'s' if suits > 1 else ''})"
    return TableauRules(
        title=name if layout == "hoyle" else f"{name}, standard deal",
        packs=2,
        suits=suits,
        tableau=piles,
        face_down=tuple(n - 1 for n in piles),
        relation="any",
        unit="suit-run",
        space="any",
        foundation_mode="suits",
        stock="deal",
        deal_needs_no_spaces=True,
    )


def scorpion_rules() -> TableauRules:
    """The Scorpion declaration."""
    return TableauRules(
        title="Scorpion",
        tableau=(7,) * 7,
        face_down=(3, 3, 3, 3, 0, 0, 0),
        relation="suit",
        unit="stack",
        space="kings",
        foundation_mode="suits",
        stock="deal",
    )


def _spider(*, suits: int = 4, layout: str = "hoyle") -> TableauGame:
    if isinstance(suits, bool) or suits not in SPIDER_SUITS:
        raise InvalidOptionError("spider", "suits", f"must be 1, 2 or 4, not {suits!r}")
    if not isinstance(layout, str) or layout not in SPIDER_LAYOUTS:
        raise InvalidOptionError(
            "spider", "layout", f"must be 'hoyle' or 'standard', not {brief_repr(layout)}"
        )
    # The four-suit game of the rules text keeps the options it had before
    # the options existed, so its records, saved states and position hashes
    # stay as they were; each option is kept where it is not the default.
    options: dict[str, object] = {}
    if suits != 4:
        options["suits"] = suits
    if layout != "hoyle":
        options["layout"] = layout
    return TableauGame("spider", spider_rules(suits, layout), options)


def _scorpion() -> TableauGame:
    return TableauGame("scorpion", scorpion_rules(), {})


register(
    "spider",
    _spider,
    summary="Two packs; same-suit runs; deals onto every pile; complete suits leave.",
)
register(
    "scorpion",
    _scorpion,
    summary="Seven piles built down in suit; any face-up card moves with what lies on it;"
    " complete suits leave.",
)
