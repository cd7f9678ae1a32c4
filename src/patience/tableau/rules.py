"""The declaration of a tableau game: :class:`TableauRules` and its checks.

A declaration is a value: every field is one axis of the rules, and making
one checks that the axes can work together (:class:`DeclarationError` names
the axis at fault). :func:`check_flag` and :func:`check_count` check the
options of the game factories that build declarations.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

from ..cards import KING, Card, Deck, Suit
from ..errors import InvalidOptionError, brief_repr

__all__ = [
    "MAX_JOKERS",
    "MAX_PACKS",
    "DeclarationError",
    "TableauRules",
    "check_count",
    "check_flag",
]


# The values of the declaration's axes.
Build = Literal["down", "up", "none"]
Relation = Literal["alternate", "suit", "colour", "any"]
Unit = Literal["one", "run", "face-up", "pile", "suit-run", "stack"]
Space = Literal["any", "kings", "none"]
StockKind = Literal["waste", "deal", "none"]
FoundationMode = Literal["cards", "suits"]


class DeclarationError(InvalidOptionError):
    """A :class:`TableauRules` whose axes cannot work together.

    :attr:`option` names the axis at fault.
    """


MAX_PACKS = 8
"""The most packs a :class:`TableauRules` declaration may shuffle together."""

MAX_JOKERS = 8
"""The most jokers a :class:`TableauRules` declaration may add."""


def check_flag(game: str, option: str, value: object) -> bool:
    """``value`` if it is a bool, else :class:`~patience.InvalidOptionError` for ``option``.

    For game factories whose options switch a rule on or off.
    """
    if not isinstance(value, bool):
        raise InvalidOptionError(game, option, f"must be True or False, not {value!r}")
    return value


def check_count(game: str, option: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an integer from ``low`` to ``high``, else
    :class:`~patience.InvalidOptionError` for ``option``.

    For game factories' counting options. ``True`` and ``3.0`` are not
    integers here, and the bounds are checked before anything is built, so a
    huge value is refused at once.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidOptionError(
            game, option, f"must be an integer from {low} to {high}, not {brief_repr(value)}"
        )
    return int(value)  # an int subclass (an IntEnum) becomes a plain int


def _sizes(value: Iterable[int] | int) -> tuple[int, ...]:
    return (value,) if isinstance(value, int) else tuple(value)


@attrs.frozen(kw_only=True)
class TableauRules:
    """A declaration of one game of the tableau family.

    Every field is one axis of the rules; see the "Declaring a tableau game"
    page for each value's meaning and a worked example. Making a declaration
    checks it: an impossible combination raises :class:`DeclarationError`
    naming the axis.
    """

    title: str
    """The game's human name."""
    packs: int = 1
    """How many 52-card packs are shuffled together."""
    suits: int = 4
    """How many suits the packs' cards come in: 4 (standard packs), 2 (every
    black card a spade, every red card a heart) or 1 (every card a spade).
    The deck keeps its size; each card stands in the place of the standard
    card it replaces."""
    ranks: int = 13
    """The highest rank of each suit: 13 for standard packs; fewer for a short
    pack of the ace up to that rank in each suit (Blake and Gent's Thirty
    plays ace to eight, 32 cards). A short pack needs foundations built up
    from the ace without wrap-around, cards (not whole suits) going up, no
    wrap-around in the tableau and no kings-only spaces."""
    jokers: int = 0
    """Jokers shuffled in with the packs. The engine deals a joker like any
    card but gives it no part in play: it builds on nothing, nothing builds on
    it, it fills no space and never goes to a foundation. A game that gives
    jokers a meaning does so in a subclass (as Joker Solitaire does)."""

    tableau: tuple[int, ...] = attrs.field(converter=_sizes)
    """Cards dealt to each tableau pile, left to right; dealt by rows."""
    face_down: tuple[int, ...] = attrs.field(default=0, converter=_sizes)
    """Face-down cards at the bottom of each pile (one number for all, or one each)."""
    build: Build = "down"
    """Tableau building direction: ``down``, ``up`` or ``none`` (no building)."""
    relation: Relation = "alternate"
    """What a card must share with the one it goes on: alternate colours,
    the same suit, the same colour, or anything."""
    wrap: bool = False
    """Whether tableau ranks wrap around (a king on an ace when building down)."""
    unit: Unit = "one"
    """What moves between tableau piles: ``one`` card; any built ``run`` from
    the top; the whole ``face-up`` built run only; the whole ``pile`` only; or
    any same-suit built run (``suit-run``); or any face-up card with every
    card that lies on it, built or not (``stack``)."""
    space: Space = "any"
    """What may fill an empty tableau pile: ``any`` unit, ``kings`` (a unit
    headed by a king) or ``none``."""

    reserve: int = 0
    """Cards dealt to a reserve pile (only its top card is face up and playable)."""
    reserve_fills_spaces: bool = False
    """Whether a space is filled at once from the reserve while it has cards."""
    cells: int = 0
    """Cells: each holds one card; any tableau top card may move to an empty one."""
    cells_dealt: int = 0
    """Cards dealt into the first cells after the tableau."""
    cell_runs: bool = False
    """Whether a built run may move as one when the empty cells could carry it
    card by card: up to one more card than there are empty cells. Shorthand
    for single moves only; it never makes anything new possible."""
    closed_cells: bool = False
    """Whether the cells take no cards: they hold the cards dealt to them
    (``cells_dealt`` must fill them all), every one of them available, and a
    cell played from stays empty. This is an open reserve, as in King
    Albert; a card brought out of one is progress, as from the reserve."""
    space_runs: bool = False
    """With ``cell_runs``: whether spaces help carry a run too, as in FreeCell.
    A run may then move as one when it has at most (free cells + 1) times
    two to the power of the spaces, not counting the target if it is a
    space. Still shorthand for single moves. Needs spaces that take any card."""

    foundations: int | None = None
    """Foundation piles (default: four per pack)."""
    base: int | Literal["dealt"] = 1
    """The rank that starts a foundation (1 = ace), or ``dealt``: the first
    card after the reserve starts the first foundation and fixes the base."""
    foundation_build: Literal["up", "down"] = "up"
    """Foundation building direction, always in suit."""
    foundation_wrap: bool = False
    """Whether foundations wrap around (K then A when building up)."""
    foundations_start: bool = False
    """Whether the base cards start on the foundations before the deal."""
    worrying_back: bool = False
    """Whether foundation top cards may come back onto the tableau."""
    forced_bases: bool = False
    """Whether a base card (an ace, in most games) must go to a foundation as
    soon as it is available: while one lies on top of a pile the player can
    take from (the waste, the reserve, a cell or a tableau pile), the only
    legal moves are those that put such a card on a foundation."""
    foundation_mode: FoundationMode = "cards"
    """``cards``: cards go up one at a time; ``suits``: a complete same-suit run
    of thirteen on a tableau pile is removed to a foundation at once."""

    stock: StockKind = "waste"
    """``waste``: the stock turns to a waste pile; ``deal``: each deal puts one
    card on every tableau pile; ``none``: everything is dealt out."""
    draw: int = 1
    """Cards turned to the waste at a time."""
    passes: int | None = 1
    """Passes through the stock in all (``None``: unlimited, ending when a pass
    makes no progress: nothing but turning cards and moves that change nothing
    lasting)."""
    deal_needs_no_spaces: bool = False
    """Whether every space must be filled before a ``deal``."""
    waste_fills_spaces: bool = False
    """Whether a space is filled at once with the waste's top card, or with the
    stock's top card while the waste is empty, for as long as either has
    cards (Fortune's Favor). Needs a ``waste`` stock."""

    score_per_card: int = 1
    """Score per card on the foundations."""
    score_offset: int = 0
    """Added to the score (Las Vegas: -52)."""

    def __attrs_post_init__(self) -> None:
        problem = self._problem()
        if problem:
            axis, reason = problem
            raise DeclarationError(self.title, axis, reason)

    @property
    def foundation_count(self) -> int:
        """The number of foundation piles."""
        return self.foundations if self.foundations is not None else 4 * self.packs

    @property
    def copies(self) -> int:
        """How many copies of each card the deck holds (jokers aside)."""
        return self.packs * 4 // self.suits if self.suits in (1, 2, 4) else self.packs

    @property
    def down_counts(self) -> tuple[int, ...]:
        """Face-down cards for each tableau pile."""
        if len(self.face_down) == 1:
            return self.face_down * len(self.tableau)
        return self.face_down

    def _problem(self) -> tuple[str, str] | None:
        counts = {
            "packs": self.packs,
            "suits": self.suits,
            "jokers": self.jokers,
            "ranks": self.ranks,
            "reserve": self.reserve,
            "cells": self.cells,
            "cells_dealt": self.cells_dealt,
            "draw": self.draw,
            "score_per_card": self.score_per_card,
            "score_offset": self.score_offset,
        }
        if self.passes is not None:
            counts["passes"] = self.passes
        if isinstance(self.base, int):
            counts["base"] = self.base
        if self.foundations is not None:
            counts["foundations"] = self.foundations
        for axis, value in counts.items():
            if not _is_int(value):
                return axis, f"must be an integer, not {brief_repr(value)}"
        for axis, values in (("tableau", self.tableau), ("face_down", self.face_down)):
            if not all(_is_int(n) for n in values):
                return axis, "pile sizes must be integers"
        if not self.title:
            return "title", "a declaration needs a title"
        if not 1 <= self.packs <= MAX_PACKS:
            return "packs", f"from 1 to {MAX_PACKS} packs"
        if self.suits not in (1, 2, 4):
            return "suits", f"1, 2 or 4 suits, not {brief_repr(self.suits)}"
        if not 0 <= self.jokers <= MAX_JOKERS:
            return "jokers", f"from 0 to {MAX_JOKERS} jokers"
        if not 1 <= self.ranks <= KING:
            return "ranks", f"a highest rank from 1 to 13, not {self.ranks}"
        if self.ranks < KING and (
            self.base != 1
            or self.foundation_build != "up"
            or self.foundation_wrap
            or self.foundation_mode != "cards"
            or self.wrap
            or self.space == "kings"
        ):
            return (
                "ranks",
                "a short pack needs foundations up from the ace in single cards,"
                " no wrap-around and no kings-only spaces",
            )
        deck = 4 * self.ranks * self.packs + self.jokers
        if not self.tableau or any(n < 0 for n in self.tableau):
            return "tableau", "at least one pile, none with a negative size"
        if len(self.face_down) not in (1, len(self.tableau)):
            return "face_down", "one number, or one for each tableau pile"
        for size, down in zip(self.tableau, self.down_counts):
            if not 0 <= down <= max(size - 1, 0):
                return "face_down", "each pile needs its top card face up"
        if self.build not in ("down", "up", "none"):
            return "build", f"unknown direction {self.build!r}"
        if self.relation not in ("alternate", "suit", "colour", "any"):
            return "relation", f"unknown relation {self.relation!r}"
        if self.unit not in ("one", "run", "face-up", "pile", "suit-run", "stack"):
            return "unit", f"unknown unit {self.unit!r}"
        if self.build == "none" and self.unit != "one":
            return "unit", "without building only one card can move at a time"
        if self.space not in ("any", "kings", "none"):
            return "space", f"unknown space rule {self.space!r}"
        if self.space == "kings" and (self.build != "down" or self.wrap):
            return "space", "kings-only spaces need building down without wrap-around"
        if self.reserve < 0 or self.cells < 0 or self.cells_dealt < 0:
            return "reserve", "reserve and cell counts cannot be negative"
        if self.reserve_fills_spaces and not self.reserve:
            return "reserve_fills_spaces", "there is no reserve to fill spaces from"
        if self.cells_dealt > self.cells:
            return "cells_dealt", f"{self.cells_dealt} cards for {self.cells} cells"
        if self.closed_cells and (self.cells_dealt != self.cells or not self.cells):
            return "closed_cells", "closed cells must all be dealt into"
        if self.closed_cells and self.cell_runs:
            return "cell_runs", "closed cells carry no runs"
        if self.cell_runs and (not (self.cells or self.space_runs) or self.unit != "one"):
            return "cell_runs", "runs through cells need cells and single-card units"
        if self.space_runs and (not self.cell_runs or self.space != "any"):
            return "space_runs", "runs through spaces need cell_runs and spaces that take any card"
        if self.foundation_count < 1:
            return "foundations", "at least one foundation"
        if self.base != "dealt" and not (isinstance(self.base, int) and 1 <= self.base <= KING):
            return "base", "a rank from 1 to 13, or 'dealt'"
        if self.base == "dealt" and self.foundations_start:
            return "foundations_start", "a dealt base cannot also start on the foundations"
        if self.foundations_start and self.foundation_count != 4 * self.packs:
            return "foundations_start", "needs one foundation per base card"
        if self.foundation_count != 4 * self.packs:
            return "foundations", "one foundation per suit and pack, so that all cards can go up"
        if isinstance(self.base, int) and not self.foundation_wrap:
            end = 13 if self.foundation_build == "up" else 1
            if self.base != (1 if self.foundation_build == "up" else 13):
                return (
                    "foundation_wrap",
                    f"a foundation from rank {self.base} reaches rank {end} before it is complete",
                )
        if self.base == "dealt" and not self.foundation_wrap:
            return "foundation_wrap", "a dealt base needs foundations that wrap around"
        if self.forced_bases and (self.foundation_mode != "cards" or self.base == "dealt"):
            return "forced_bases", "forced base cards need single cards onto a fixed base rank"
        if self.foundation_mode not in ("cards", "suits"):
            return "foundation_mode", f"unknown mode {self.foundation_mode!r}"
        if self.foundation_mode == "suits":
            if self.foundation_count != 4 * self.packs:
                return "foundation_mode", "complete suits need one foundation per suit and pack"
            if self.worrying_back or self.foundations_start or self.base == "dealt":
                return "foundation_mode", "complete-suit foundations take no single cards"
            if self.build != "down" or self.wrap:
                return "foundation_mode", "complete suits are built down without wrap-around"
        if self.stock not in ("waste", "deal", "none"):
            return "stock", f"unknown stock {self.stock!r}"
        if self.draw < 1:
            return "draw", "at least one card at a time"
        if self.passes is not None and self.passes < 1:
            return "passes", "at least one pass, or None for unlimited"
        if self.waste_fills_spaces and (self.stock != "waste" or self.reserve_fills_spaces):
            return "waste_fills_spaces", "needs a waste stock, and no reserve filling spaces"
        if self.deal_needs_no_spaces and self.stock != "deal":
            return "deal_needs_no_spaces", "only a 'deal' stock deals onto the piles"
        dealt = sum(self.tableau) + self.reserve + self.cells_dealt
        dealt += (1 if self.base == "dealt" else 0) + (
            4 * self.packs if self.foundations_start else 0
        )
        if dealt > deck:
            return "tableau", f"the layout needs {dealt} cards, the deck has {deck}"
        if self.stock == "none" and dealt != deck:
            return "stock", f"without a stock all {deck} cards must be dealt, not {dealt}"
        return None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_TWO_SUITS = {
    Suit.CLUBS: Suit.SPADES,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.HEARTS,
    Suit.SPADES: Suit.SPADES,
}


def _deck_of(rules: TableauRules) -> Deck:
    """The unshuffled deck of a declaration: its standard packs and jokers,
    each card's suit replaced where the packs come in fewer suits (with two,
    black cards become spades and red cards hearts; with one, every card is
    a spade), so that each card keeps its place."""
    deck = Deck.standard(rules.packs, jokers=rules.jokers)
    if rules.ranks < KING:
        deck = Deck(card for card in deck if card.rank <= rules.ranks)
    if rules.suits == 4:
        return deck
    return Deck(
        card
        if card.suit is None
        else Card(card.rank, Suit.SPADES if rules.suits == 1 else _TWO_SUITS[card.suit])
        for card in deck
    )
