"""FreeCell, Baker's Game, Eight Off and Fore Cell, declared for the tableau engine.

All four deal the whole pack face up to eight columns and give the player
single-card cells to park cards in; aces start the foundations, which build up
in suit, and there is no stock.

- FreeCell: columns of 7, 7, 7, 7, 6, 6, 6, 6; four cells; build down in
  alternate colours; any card fills a space. A run moves as one when the free
  cells and the spaces could carry it card by card.
- Baker's Game: FreeCell building down in suit.
- Eight Off: columns of six, eight cells of which four are dealt into, build
  down in suit, only kings fill spaces; a run moves as one when the free
  cells could carry it. The ``spaces="any"`` option lets any card fill a
  space (Blake and Gent's variant).
- Fore Cell: FreeCell with columns of six and the last four cards dealt
  into the four cells; only kings fill spaces. ``same_suit`` builds in suit.

FreeCell's ``piles`` option deals the same pack into four to thirteen
columns, by rows from the left, as Blake and Gent vary it.

FreeCell and Baker's Game can also be dealt by Microsoft's deal numbers
(:func:`microsoft_cards`, :meth:`FreeCellGame.deal_microsoft` and the
``numbering`` option).
"""

from __future__ import annotations

from typing import Literal

from ..cards import Card
from ..errors import InvalidOptionError, InvalidSeedError, PatienceError
from ..registry import register
from ..state import State
from ..tableau import TableauGame, TableauRules, check_count, check_flag

__all__ = [
    "MICROSOFT_NUMBERS",
    "FreeCellGame",
    "MicrosoftNumberError",
    "bakers_game_rules",
    "eight_off_rules",
    "fore_cell_rules",
    "freecell_rules",
    "microsoft_cards",
]

Numbering = Literal["library", "microsoft"]

MICROSOFT_NUMBERS = range(1, 2**31)
"""The deal numbers :func:`microsoft_cards` takes: 1 to 2**31 - 1, the seeds
of the generator Microsoft's FreeCell shuffles with (its own games numbered
1 to 32,000, later ones to 1,000,000)."""

MAX_CELLS = 10
"""The most cells the ``cells`` option of FreeCell and Baker's Game allows."""

MIN_PILES, MAX_PILES = 4, 13
"""The fewest and most columns FreeCell's ``piles`` option allows."""

_MS_ORDER = tuple(Card.parse(rank + suit) for rank in "A23456789TJQK" for suit in "CDHS")
"""The unshuffled deck of Microsoft's shuffle: by rank, clubs, diamonds, hearts, spades."""


class MicrosoftNumberError(InvalidSeedError):
    """A Microsoft deal number outside :data:`MICROSOFT_NUMBERS`."""

    def __init__(self, number: object) -> None:
        self.seed = number
        PatienceError.__init__(
            self,
            f"a Microsoft deal number must be an integer from 1 to {2**31 - 1}, not {number!r}",
        )


def microsoft_cards(number: int) -> tuple[Card, ...]:
    """The 52 cards of Microsoft FreeCell's deal ``number``, in dealing order.

    The shuffle is a linear congruential generator: the state starts at
    ``number`` and each step makes it ``state * 214013 + 2531011`` modulo
    2**31, giving ``state >> 16``. With ``n`` cards left (52 at first) the
    step's value modulo ``n`` picks one of them, the picked card changes
    places with the last card left, and the last card is dealt and set
    aside. The cards start by rank from the ace, each rank in the order
    clubs, diamonds, hearts, spades. The cards dealt, in order, go to the
    columns left to right, row by row: exactly how the tableau engine deals
    ``game.deal_from(cards)``.

    >>> " ".join(str(card) for card in microsoft_cards(1)[:8])
    'JD 2D 9H JC 5D 7H 7C 5H'

    Raises :class:`MicrosoftNumberError` for a number outside
    :data:`MICROSOFT_NUMBERS`.
    """
    if isinstance(number, bool) or not isinstance(number, int) or number not in MICROSOFT_NUMBERS:
        raise MicrosoftNumberError(number)
    deck = list(_MS_ORDER)
    state = number
    out: list[Card] = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = (state >> 16) % left
        deck[j], deck[left - 1] = deck[left - 1], deck[j]
        out.append(deck.pop())
    return tuple(out)


def _columns(piles: int) -> tuple[int, ...]:
    """The sizes of ``piles`` columns dealt the whole pack by rows: the
    first ``52 % piles`` columns take one card more."""
    return tuple(52 // piles + (1 if i < 52 % piles else 0) for i in range(piles))


def freecell_rules(*, cells: int = 4, runs: bool = True, piles: int = 8) -> TableauRules:
    """The FreeCell declaration with ``cells`` cells and ``piles`` columns;
    ``runs`` lets a built run move as one as far as the free cells and
    spaces allow."""
    return TableauRules(
        title="FreeCell",
        tableau=_columns(piles),
        cells=cells,
        cell_runs=runs,
        space_runs=runs,
        relation="alternate",
        unit="one",
        space="any",
        stock="none",
    )


def bakers_game_rules(*, cells: int = 4, runs: bool = True) -> TableauRules:
    """The Baker's Game declaration: FreeCell building down in suit."""
    return TableauRules(
        title="Baker's Game",
        tableau=(7, 7, 7, 7, 6, 6, 6, 6),
        cells=cells,
        cell_runs=runs,
        space_runs=runs,
        relation="suit",
        unit="one",
        space="any",
        stock="none",
    )


def eight_off_rules(
    *, runs: bool = True, spaces: Literal["kings", "any"] = "kings"
) -> TableauRules:
    """The Eight Off declaration: eight columns of six, eight cells with four
    dealt, build down in suit, kings (or with ``spaces="any"`` any card) to
    spaces; ``runs`` lets a built run move as one as far as the free cells
    (and spaces that take any card) allow."""
    return TableauRules(
        title="Eight Off",
        tableau=(6,) * 8,
        cells=8,
        cells_dealt=4,
        cell_runs=runs,
        space_runs=runs and spaces == "any",
        relation="suit",
        unit="one",
        space=spaces,
        stock="none",
    )


def fore_cell_rules(*, same_suit: bool = False, runs: bool = True) -> TableauRules:
    """The Fore Cell declaration: eight columns of six, the last four cards in
    the four cells, build down in alternate colours (or in suit), kings to
    spaces; ``runs`` lets a built run move as one as far as the free cells
    allow."""
    return TableauRules(
        title="Fore Cell",
        tableau=(6,) * 8,
        cells=4,
        cells_dealt=4,
        cell_runs=runs,
        relation="suit" if same_suit else "alternate",
        unit="one",
        space="kings",
        stock="none",
    )


class FreeCellGame(TableauGame):
    """FreeCell or Baker's Game: the engine's game of the declaration, dealt by
    the library's shuffle or by Microsoft's deal numbers.

    With ``numbering="microsoft"``, :meth:`~patience.Game.deal` takes the seed
    as a Microsoft deal number (see :func:`microsoft_cards`), so records,
    simulations and the command line deal those layouts too; :attr:`seeds` is
    then :data:`MICROSOFT_NUMBERS`, and numbers outside it raise
    :class:`MicrosoftNumberError`.
    :meth:`deal_microsoft` deals a Microsoft number whatever the option.
    """

    def __init__(
        self, name: str, rules: TableauRules, options: dict[str, object], numbering: Numbering
    ) -> None:
        super().__init__(name, rules, dict(options))
        self.numbering: Numbering = numbering
        """``"library"`` (the library's shuffle) or ``"microsoft"``: how
        :meth:`~patience.Game.deal` reads a seed."""

    @property
    def seeds(self) -> range:
        """The seeds :meth:`~patience.Game.deal` takes: every seed of the
        library's shuffle, or with ``numbering="microsoft"``
        :data:`MICROSOFT_NUMBERS`."""
        return MICROSOFT_NUMBERS if self.numbering == "microsoft" else super().seeds

    def shuffled_cards(self, seed: int) -> tuple[Card, ...]:
        """The card order :meth:`~patience.Game.deal` lays out for ``seed``:
        the library's shuffle, or with ``numbering="microsoft"`` Microsoft's
        deal of that number."""
        if self.numbering == "microsoft":
            return microsoft_cards(seed)
        return super().shuffled_cards(seed)

    def deal_microsoft(self, number: int) -> State:
        """The opening position of Microsoft FreeCell's deal ``number``
        (1 to 2**31 - 1), whatever the ``numbering`` option.

        With more or fewer than four cells, or in Baker's Game, the columns
        are the same and only the rules differ.
        """
        return self.deal_from(microsoft_cards(number))


def _check_numbering(game: str, numbering: object) -> Numbering:
    if numbering == "library" or numbering == "microsoft":
        return numbering
    raise InvalidOptionError(
        game, "numbering", f"must be 'library' or 'microsoft', not {numbering!r}"
    )


def _freecell(
    *, cells: int = 4, runs: bool = True, numbering: str = "library", piles: int = 8
) -> FreeCellGame:
    cells = check_count("freecell", "cells", cells, 0, MAX_CELLS)
    check_flag("freecell", "runs", runs)
    chosen = _check_numbering("freecell", numbering)
    piles = check_count("freecell", "piles", piles, MIN_PILES, MAX_PILES)
    options: dict[str, object] = {"cells": cells, "runs": runs, "numbering": chosen, "piles": piles}
    rules = freecell_rules(cells=cells, runs=runs, piles=piles)
    return FreeCellGame("freecell", rules, options, chosen)


def _bakers_game(*, cells: int = 4, runs: bool = True, numbering: str = "library") -> FreeCellGame:
    cells = check_count("bakers-game", "cells", cells, 0, MAX_CELLS)
    check_flag("bakers-game", "runs", runs)
    chosen = _check_numbering("bakers-game", numbering)
    options: dict[str, object] = {"cells": cells, "runs": runs, "numbering": chosen}
    return FreeCellGame("bakers-game", bakers_game_rules(cells=cells, runs=runs), options, chosen)


def _eight_off(*, runs: bool = True, spaces: str = "kings") -> TableauGame:
    check_flag("eight-off", "runs", runs)
    if spaces != "kings" and spaces != "any":
        raise InvalidOptionError("eight-off", "spaces", f"must be 'kings' or 'any', not {spaces!r}")
    chosen: Literal["kings", "any"] = "any" if spaces == "any" else "kings"
    options: dict[str, object] = {"runs": runs, "spaces": chosen}
    return TableauGame("eight-off", eight_off_rules(runs=runs, spaces=chosen), options)


def _fore_cell(*, same_suit: bool = False, runs: bool = True) -> TableauGame:
    check_flag("fore-cell", "same_suit", same_suit)
    check_flag("fore-cell", "runs", runs)
    rules = fore_cell_rules(same_suit=same_suit, runs=runs)
    return TableauGame("fore-cell", rules, {"same_suit": same_suit, "runs": runs})


register(
    "freecell",
    _freecell,
    aliases=("free-cell",),
    summary="Eight face-up columns built down in alternate colours, four free cells, no stock.",
)
register(
    "bakers-game",
    _bakers_game,
    aliases=("bakers",),
    summary="FreeCell built down in suit.",
)
register(
    "eight-off",
    _eight_off,
    aliases=("eightoff",),
    summary="Eight columns of six built down in suit, eight cells (four dealt), kings to spaces.",
)
register(
    "fore-cell",
    _fore_cell,
    aliases=("forecell",),
    summary="FreeCell in columns of six with the cells dealt full and kings to spaces.",
)
