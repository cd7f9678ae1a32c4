"""Spiderette, Will o' the Wisp, Simple Simon and Mrs Mop: Spider's smaller
and open relatives, declared for the tableau engine.

All four play as Spider does: a card goes on any card one rank higher,
whatever its suit; only a run in one suit (or the upper part of one) moves
as a unit; any unit fills a space; a complete king-to-ace run of one suit
leaves the tableau at once, and the game is won when every suit has gone.

Spiderette: one pack dealt as in Klondike (one to seven cards, the top card
of each pile face up); the 24 left over are the stock, dealt one card to
each pile (three deals of seven and a last of three, for the first three
piles). Will o' the Wisp: the same with seven piles of three, the top card
up, and 31 cards in the stock (four deals of seven and a last of three). In
both every space must be filled before a deal; ``deal_with_spaces=True``
allows a deal at any time, as Blake and Gent's solver does, and
``open=True`` deals Will o' the Wisp all face up, as that solver does.

Simple Simon: one pack, all dealt face up to ten piles of 8, 8, 8, 7, 6, 5,
4, 3, 2 and 1; no stock. Mrs Mop: two packs, all dealt face up to thirteen
piles of eight; no stock.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = [
    "mrs_mop_rules",
    "simple_simon_rules",
    "spiderette_rules",
    "will_o_the_wisp_rules",
]


def _spider_like(
    title: str,
    tableau: tuple[int, ...],
    *,
    packs: int = 1,
    face_down: tuple[int, ...] | int = 0,
    stock_deals: bool = False,
    deal_with_spaces: bool = False,
) -> TableauRules:
    # What the four games share with Spider: building on any suit, runs in
    # suit moving, any unit in a space, and whole suits leaving at once.
    return TableauRules(
        title=title,
        packs=packs,
        tableau=tableau,
        face_down=face_down,
        relation="any",
        unit="suit-run",
        space="any",
        foundation_mode="suits",
        stock="deal" if stock_deals else "none",
        deal_needs_no_spaces=stock_deals and not deal_with_spaces,
    )


def _titled(title: str, deal_with_spaces: bool, open: bool = False) -> str:
    notes = [note for note, on in (("open", open), ("deals onto spaces", deal_with_spaces)) if on]
    return f"{title} ({', '.join(notes)})" if notes else title


def spiderette_rules(deal_with_spaces: bool = False) -> TableauRules:
    """The Spiderette declaration: with ``deal_with_spaces``, a deal needs
    no space filled first."""
    return _spider_like(
        _titled("Spiderette", deal_with_spaces),
        (1, 2, 3, 4, 5, 6, 7),
        face_down=(0, 1, 2, 3, 4, 5, 6),
        stock_deals=True,
        deal_with_spaces=deal_with_spaces,
    )


def will_o_the_wisp_rules(deal_with_spaces: bool = False, open: bool = False) -> TableauRules:
    """The Will o' the Wisp declaration: with ``deal_with_spaces``, a deal
    needs no space filled first; with ``open``, every card is dealt face up."""
    return _spider_like(
        _titled("Will o' the Wisp", deal_with_spaces, open),
        (3,) * 7,
        face_down=0 if open else 2,
        stock_deals=True,
        deal_with_spaces=deal_with_spaces,
    )


def simple_simon_rules() -> TableauRules:
    """The Simple Simon declaration."""
    return _spider_like("Simple Simon", (8, 8, 8, 7, 6, 5, 4, 3, 2, 1))


def mrs_mop_rules() -> TableauRules:
    """The Mrs Mop declaration."""
    return _spider_like("Mrs Mop", (8,) * 13, packs=2)


def _spiderette(*, deal_with_spaces: bool = False) -> TableauGame:
    check_flag("spiderette", "deal_with_spaces", deal_with_spaces)
    options = {"deal_with_spaces": deal_with_spaces}
    return TableauGame("spiderette", spiderette_rules(deal_with_spaces), options)


def _will_o_the_wisp(*, deal_with_spaces: bool = False, open: bool = False) -> TableauGame:
    check_flag("will-o-the-wisp", "deal_with_spaces", deal_with_spaces)
    check_flag("will-o-the-wisp", "open", open)
    rules = will_o_the_wisp_rules(deal_with_spaces, open)
    options = {"deal_with_spaces": deal_with_spaces, "open": open}
    return TableauGame("will-o-the-wisp", rules, options)


def _simple_simon() -> TableauGame:
    return TableauGame("simple-simon", simple_simon_rules(), {})


def _mrs_mop() -> TableauGame:
    return TableauGame("mrs-mop", mrs_mop_rules(), {})


register(
    "spiderette",
    _spiderette,
    summary="One-pack Spider dealt as Klondike; same-suit runs; complete suits leave.",
)
register(
    "will-o-the-wisp",
    _will_o_the_wisp,
    summary="Spiderette from seven piles of three; complete suits leave.",
)
register(
    "simple-simon",
    _simple_simon,
    summary="One pack all face up on ten piles; same-suit runs; no stock; complete suits leave.",
)
register(
    "mrs-mop",
    _mrs_mop,
    summary="Two packs all face up on thirteen piles of eight; same-suit runs; complete suits"
    " leave.",
)
