"""The tableau engine: games declared by a :class:`TableauRules` value.

Klondike, Las Vegas, Single Rail and most other games of the family differ
only along a few axes: how the tableau is dealt, what builds on what, what
moves as a unit, what fills a space, how the stock deals, how the foundations
build, and whether there are cells or a reserve. A :class:`TableauRules`
declares those axes; :class:`TableauGame` plays any declaration through the
:class:`~patience.Game` protocol. The engine knows no game by name.

Pile names: ``stock``, ``waste``, ``reserve``, ``f1``... (foundations),
``c1``... (cells) and ``t1``... (tableau), in that layout order.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Literal

import attrs

from ._json import FrozenMapping
from .cards import _RANK_NAME, KING, Card, Deck, Suit
from .errors import IllegalMoveError, InvalidOptionError, brief_repr
from .events import CardsDealt, CardsMoved, CardsTurned, Event, SuitRemoved
from .game import COMMON_REFUSALS, Better, Game, PileSpec
from .move import Move
from .pile import Pile, _set_memo, in_order
from .state import Info, State

__all__ = [
    "MAX_JOKERS",
    "MAX_PACKS",
    "TABLEAU_EXTENT",
    "TABLEAU_REFUSALS",
    "DeclarationError",
    "TableauGame",
    "TableauRules",
    "check_count",
    "check_flag",
]

Build = Literal["down", "up", "none"]
Relation = Literal["alternate", "suit", "colour", "any"]
Unit = Literal["one", "run", "face-up", "pile", "suit-run", "stack"]
Space = Literal["any", "kings", "none"]
StockKind = Literal["waste", "deal", "none"]
FoundationMode = Literal["cards", "suits"]

_EMPTY = Pile()
_pile = Pile._trusted  # piles the engine builds from piles it already holds
_DRAW = Move("draw", "stock")
_NO_TARGETS: list[int] = []  # never changed: the targets of a card nothing takes
_REDEAL = Move("redeal", "stock")
_DEAL = Move("deal", "stock")

_Context = tuple[dict[Card, list[int]], list[int], int, dict[int, list[int]], list[int]]
"""What decides where a card from the waste may go: the cards the foundations
want next (with the foundations that want each), the empty foundations, the
base rank, the piles each kind of card may go on, and the spaces it may fill."""

_Listing = tuple[
    tuple[Move, ...],
    bool,
    "tuple[bool, int, int, int, int, _Context] | None",
    "bool | None",
]
"""What a state of a tableau game remembers of its listing (see ``TableauGame._list``)."""


class DeclarationError(InvalidOptionError):
    """A :class:`TableauRules` whose axes cannot work together.

    :attr:`option` names the axis at fault.
    """


MAX_PACKS = 8
"""The most packs a :class:`TableauRules` declaration may shuffle together."""

MAX_JOKERS = 8
"""The most jokers a :class:`TableauRules` declaration may add."""

TABLEAU_EXTENT = 5
"""How many grid rows a tableau pile may fan down over in the layout (its
own row included): room for a long built run on a few face-down cards, with
longer piles squeezed closer. Nothing of the engine's lies below."""


TABLEAU_REFUSALS: Mapping[str, str] = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "same-pile": "a card move onto the pile it comes from",
        "source": "no card leaves that pile by a card move: the stock is drawn or dealt",
        "foundation-stays": "a card on a foundation stays there (with worrying back, it may"
        " come back to the tableau only)",
        "empty": "the pile the cards would come from is empty",
        "face-down": "the cards asked for reach down to a face-down card",
        "target": "no card is ever put on that pile: the stock, the waste, the reserve",
        "unit": "not a number of cards that may move together from there to there: one at a"
        " time, a built run, the whole face-up run, the whole pile or any face-up card with"
        " what lies on it, as the game has it;"
        " no more than the free cells allow; one card to a foundation or a cell",
        "build": "the card does not go on the top card of that pile by the game's building rule",
        "space": "the card may not fill that space: only a king may, no card may, or the"
        " reserve fills it",
        "no-change": "the move would only swap two piles that play alike: it changes nothing",
        "foundation": "the card is not the one that foundation takes next (or the foundations"
        " take only complete suits, which go up by themselves)",
        "cell": "the cell already holds a card, or the card may not go to a cell: only the"
        " top card of a tableau pile does",
        "stock-empty": "nothing is left to draw or deal (for a redeal: no waste to turn over)",
        "no-redeal": "no redeal now: the stock still holds cards, the passes are used up, or"
        " (with unlimited passes) the last pass made no progress",
        "deal-spaces": "every space must be filled before a deal",
        "forced-base": "a base card (an ace in most games) is available and must go to a"
        " foundation before anything else is played",
    }
)
"""The refusal codes of the tableau engine's games (see :attr:`TableauGame.refusals`):
:data:`~patience.game.COMMON_REFUSALS` and the family's own."""


def _turns_show(stock: tuple[Card, ...], draw: int, cards: AbstractSet[Card]) -> bool:
    """Whether turning all of ``stock`` (its top last), ``draw`` at a time,
    shows one of ``cards`` on top of the waste: the card at ``len(stock) -
    draw`` after one turn, ``len(stock) - 2 * draw`` after two ... and the
    bottom card after the last."""
    n = len(stock)
    if not n:
        return False
    return stock[0] in cards or (n >= draw and not cards.isdisjoint(stock[n - draw :: -draw]))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _a_rank(rank: int) -> str:
    """A rank with its article: ``"an ace"``, ``"a 7"``, ``"an 8"``, ``"a king"``."""
    word = _RANK_NAME.get(rank, str(rank))
    return f"{'an' if word[0] in 'a8' else 'a'} {word}"


def _listed(names: Sequence[str]) -> str:
    """``"t1"``, ``"t1 and t4"``, ``"t1, t4 and t7"``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


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
    return value


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
        deck = 52 * self.packs + self.jokers
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


@attrs.frozen
class _Places:
    """Pile indices by role, in layout order."""

    stock: int
    waste: int
    reserve: int
    foundations: tuple[int, ...]
    cells: tuple[int, ...]
    tableau: tuple[int, ...]


class TableauGame(Game):
    """A game of the tableau family, played from its :class:`TableauRules`.

    ``extra_piles`` are piles a subclass keeps beyond the engine's own; they
    come last in the layout and the engine leaves them alone.
    """

    # The quick probe for progress (see Game._probe) follows these moves:
    # turning the stock (and the waste back) until a card can be played.
    _probe_kinds = frozenset(("draw", "redeal"))

    shown_counters: frozenset[str] = frozenset({"pass", "base"})
    """The pass through the stock and the foundations' base rank (Canfield's
    dealt base) are shown; ``progress`` and ``peak`` are bookkeeping."""
    refusals: Mapping[str, str] = TABLEAU_REFUSALS
    """The codes of this family's refusals (:data:`TABLEAU_REFUSALS`): every
    :class:`~patience.errors.IllegalMoveError` a game of the engine raises
    carries one of them, with a reason in the game's terms."""

    def __init__(
        self,
        name: str,
        rules: TableauRules,
        options: dict[str, Any],
        extra_piles: Iterable[PileSpec] = (),
    ) -> None:
        super().__init__(name, options)
        self.rules = rules
        """The declaration this game plays."""
        self.title = rules.title
        self.better = Better.HIGHER
        self._deck = _deck_of(rules)
        specs: list[PileSpec] = []
        stock = waste = reserve = -1
        top = 0  # columns of the top row taken so far
        if rules.stock != "none":
            stock = len(specs)
            specs.append(PileSpec("stock", "stock", 0, 0, label="Stock"))
            top = 1
        if rules.stock == "waste":
            waste = len(specs)
            # A waste turned several cards at a time shows them fanned out.
            fanned = rules.draw > 1
            specs.append(
                PileSpec(
                    "waste",
                    "waste",
                    0,
                    top,
                    "right" if fanned else "none",
                    label="Waste",
                    extent=2 if fanned else 1,
                    spread=rules.draw if fanned else None,
                )
            )
            top += specs[-1].extent
        if rules.reserve:
            reserve = len(specs)
            specs.append(PileSpec("reserve", "reserve", 1, 0, label="Reserve"))
        nf, nc = rules.foundation_count, rules.cells
        nt = len(rules.tableau)
        left = 1 if rules.reserve else 0
        # Foundations and cells line up with the right edge of the tableau,
        # or follow the stock and waste when the row is too short for that.
        first = max(top, left + nt - nf - nc)
        foundations = tuple(range(len(specs), len(specs) + nf))
        specs += [
            PileSpec(f"f{i + 1}", "foundation", 0, first + i, label=f"Foundation {i + 1}")
            for i in range(nf)
        ]
        cells = tuple(range(len(specs), len(specs) + nc))
        specs += [
            PileSpec(f"c{i + 1}", "cell", 0, first + nf + i, label=f"Cell {i + 1}")
            for i in range(nc)
        ]
        tableau = tuple(range(len(specs), len(specs) + nt))
        specs += [
            PileSpec(
                f"t{i + 1}",
                "tableau",
                1,
                left + i,
                "down",
                label=f"Pile {i + 1}",
                extent=TABLEAU_EXTENT,
            )
            for i in range(nt)
        ]
        specs += extra_piles
        self._set_layout(specs)
        self._at = _Places(stock, waste, reserve, foundations, cells, tableau)
        self._key_fixed = tuple(i for i in (stock, waste, reserve) if i >= 0)
        if stock < 0:
            self._probe_kinds = frozenset()  # no stock to turn: nothing to probe
        actions = {"waste": ("draw", "redeal"), "deal": ("deal",), "none": ()}[rules.stock]
        self.move_kinds = frozenset(("move", *actions))
        self.action_piles = FrozenMapping(dict.fromkeys(actions, "stock"))
        self._foundation_set = frozenset(foundations)
        self._interchangeable = rules.stock != "deal"
        # Precomputed relations between the distinct cards of the deck.
        distinct = sorted(set(self._deck))
        self._on: dict[Card, frozenset[Card]] = {
            c: frozenset(t for t in distinct if self._builds(c, t)) for c in distinct
        }
        self._suit_on: dict[Card, frozenset[Card]] = {
            c: frozenset(t for t in self._on[c] if t.suit is c.suit) for c in distinct
        }
        # The cards that may be built on each card in the tableau, for safe moves.
        self._under: dict[Card, tuple[Card, ...]] = {
            t: tuple(c for c in distinct if t in self._on[c]) for t in distinct
        }
        # Cards that go on the same cards are alike for listing moves: each
        # card's kind is its set of cards to go on, and each card lists the
        # kinds that may be built on it (usually one: the rank below, of any
        # suit, of the other colour or of its own suit, as the rules build).
        kinds: dict[frozenset[Card], int] = {}
        self._kind: dict[Card, int] = {
            c: kinds.setdefault(self._on[c], len(kinds)) for c in distinct
        }
        self._kind_cards: dict[int, frozenset[Card]] = {
            k: frozenset(c for c in distinct if self._kind[c] == k) for k in kinds.values()
        }
        """The distinct cards of each kind."""
        self._kinds_under: dict[Card, tuple[int, ...]] = {
            t: tuple(dict.fromkeys(self._kind[c] for c in self._under[t])) for t in distinct
        }
        # What moves from the top of a tableau pile (see _units), where it is
        # the top card alone, the whole face-up run or any face-up card.
        self._unit_single = rules.unit == "one" and not rules.cell_runs
        self._unit_whole_run = rules.unit == "face-up"
        self._unit_stack = rules.unit == "stack"
        # Whether a draw changes the stock and the waste and nothing else:
        # no suits to lift, no spaces to fill (see _step).
        self._plain_draws = (
            rules.stock == "waste"
            and rules.foundation_mode == "cards"
            and not rules.reserve_fills_spaces
        )
        self._moves: dict[tuple[int, int, int], Move] = {}
        self._parts: dict[Move, tuple[int, int, int]] = {}
        self._parts_by_id: dict[int, tuple[int, int, int]] = {}
        self._dealt_base = rules.base == "dealt"
        self._fixed_base = 0 if rules.base == "dealt" else rules.base
        base = rules.base
        self._starters: tuple[Card, ...] = (
            tuple(sorted((c for c in self._deck if c.rank == base), key=lambda c: c.sort_key))
            if rules.foundations_start
            else ()
        )
        """The cards that start the foundations before the deal, in foundation order."""
        self._foundations_apart = bool(self._starters) and len(
            {c.suit for c in self._starters}
        ) == len(self._starters)
        """Whether each foundation keeps a suit of its own, set by its starter,
        so that no two foundations are ever interchangeable."""
        dealt = sum(rules.tableau) + rules.reserve + rules.cells_dealt + self._dealt_base
        self._stock_size = len(self._deck) - dealt - len(self._starters)
        self._deck_size = len(self._deck)
        """The cards left for the stock after the deal."""
        npiles = len(self._names)
        self._one = [[self._multi_move(a, b, 1) for b in range(npiles)] for a in range(npiles)]
        self._progress_sources = frozenset(i for i in (waste, reserve) if i >= 0)
        self._progress_targets = frozenset(() if rules.worrying_back else foundations)
        self._fnext: dict[Card, Card | None] = {}
        for card in distinct:
            nxt = self._next_rank(card.rank)
            self._fnext[card] = None if nxt is None or card.suit is None else Card(nxt, card.suit)
        self._space_cards = frozenset(c for c in distinct if self._space_takes(c))
        self._of_rank: dict[int, frozenset[Card]] = {
            rank: frozenset(c for c in distinct if c.rank == rank and not c.is_joker)
            for rank in range(1, 14)
        }
        """The distinct cards of each rank (no jokers), for base cards."""
        self._tableau_set = frozenset(tableau)
        self._cell_set = frozenset(cells)
        self._build_rule = self._build_words()
        self._single_sources = tuple(i for i in (waste, reserve, *cells, *tableau) if i >= 0)
        self._source_set = frozenset(self._single_sources)
        self._single_other = tuple(i for i in (reserve, *cells) if i >= 0)
        feeders = [i for i in (waste, reserve, *cells) if i >= 0]
        if rules.worrying_back:
            feeders += foundations
        self._feeders = (*feeders, *tableau)
        self._feeders_other = tuple(i for i in feeders if i != waste)
        # The piles whose order the progress search ignores: cells; foundations,
        # which change without progress only with worrying back; the tableau
        # when its piles are interchangeable.
        groups = [
            g
            for g, apart in (
                (cells, True),
                (foundations, rules.worrying_back),
                (tableau, self._interchangeable),
            )
            if g and apart
        ]
        self._search_groups = tuple(groups)
        # The listing notes whether a listed move makes progress, where the
        # listing and the answer for a move are the engine's own.
        self._lists_progress = (
            type(self)._generate is TableauGame._generate
            and type(self)._move_progress is TableauGame._move_progress
        )
        # ... and makes the listing after turning the stock from the one before.
        self._splices = self._lists_progress and rules.stock == "waste"
        grouped = {i for g in groups for i in g}
        self._search_rest = tuple(i for i in range(len(specs)) if i not in grouped)
        # Once a stock that deals onto the piles is empty, the order of the
        # tableau piles decides nothing more: the search then ignores it too.
        self._search_dealt: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None = None
        if rules.stock == "deal":
            self._search_dealt = (
                (*groups, tableau),
                tuple(i for i in self._search_rest if i not in self._tableau_set),
            )

    # ----------------------------------------------------------- relations

    def _builds(self, card: Card, target: Card) -> bool:
        """Whether ``card`` may go on ``target`` in the tableau."""
        r = self.rules
        if r.build == "none" or card.is_joker or target.is_joker:
            return False
        step = 1 if r.build == "down" else -1
        ok = target.rank - card.rank == step
        if not ok and r.wrap:
            ok = (target.rank - card.rank) % 13 == step % 13
        if not ok:
            return False
        if r.relation == "alternate":
            return card.colour is not target.colour
        if r.relation == "suit":
            return card.suit is target.suit
        if r.relation == "colour":
            return card.colour is target.colour
        return True

    def _base(self, state: State) -> int:
        base = self.rules.base
        if base == "dealt":
            value = state.info["base"]
            assert isinstance(value, int)
            return value
        return base

    def _next_rank(self, rank: int) -> int | None:
        r = self.rules
        nxt = rank + 1 if r.foundation_build == "up" else rank - 1
        if 1 <= nxt <= 13:
            return nxt
        return (nxt - 1) % 13 + 1 if r.foundation_wrap else None

    def _foundation_takes(self, pile: Pile, card: Card, base: int) -> bool:
        if not pile.cards:
            return card.rank == base
        top = pile.cards[-1]
        return (
            card.suit is top.suit
            and self._next_rank(top.rank) == card.rank
            and len(pile.cards) < 13
        )

    def _run_length(self, pile: Pile, same_suit: bool = False) -> int:
        """How many cards from the top form a built run of face-up cards."""
        cards = pile.cards
        n = len(cards)
        if n == 0:
            return 0
        table = self._suit_on if same_suit else self._on
        length = 1
        lowest = pile.down
        while n - length - 1 >= lowest and cards[n - length - 1] in table[cards[n - length]]:
            length += 1
        return length

    def _piles_alike(self, items: Sequence[Pile]) -> bool:
        """Whether the tableau piles play alike in a position with ``items``:
        always, unless a stock deals onto them and still has cards (which
        pile gets which card then depends on their order)."""
        return self._interchangeable or not items[self._at.stock].cards

    def _units(self, pile: Pile) -> tuple[tuple[int, Card], ...]:
        """Each count of cards that may move together from the top of a tableau
        pile, with the bottom card of that unit.

        Cached on the pile, which unchanged piles carry from state to state.
        """
        memo = pile._memo
        if memo is not None and memo[0] is self:
            return memo[1]  # type: ignore[no-any-return]
        cards = pile.cards
        if not cards:
            units: tuple[tuple[int, Card], ...] = ()
        elif self._unit_single:
            units = ((1, cards[-1]),)
        elif self._unit_whole_run:
            k = self._run_length(pile)
            units = ((k, cards[-k]),)
        else:
            units = tuple([(k, cards[-k]) for k in self._compute_unit_counts(pile)])
        _set_memo(pile, (self, units))
        return units

    def _compute_unit_counts(self, pile: Pile) -> range | tuple[int, ...]:
        if not pile.cards:
            return ()
        unit = self.rules.unit
        if unit == "one" and not self.rules.cell_runs:
            return (1,)
        if unit in ("run", "one"):
            return range(1, self._run_length(pile) + 1)
        if unit == "suit-run":
            return range(1, self._run_length(pile, same_suit=True) + 1)
        if unit == "stack":
            return range(1, len(pile.cards) - pile.down + 1)
        length = self._run_length(pile)
        if unit == "face-up":
            return (length,)
        return (length,) if length == len(pile.cards) else ()

    def _space_takes(self, card: Card) -> bool:
        space = self.rules.space
        if card.is_joker:
            return False
        return space == "any" or (space == "kings" and card.rank == KING)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled by value (a game not in the registry): the moves come back
        as new objects, so the table of their identities is made again; the
        cache of the search estimate's piles starts empty."""
        self.__dict__.update({k: v for k, v in state.items() if k != "_pile_costs"})
        self.__dict__["_parts_by_id"] = {id(m): key for key, m in self._moves.items()}

    def _multi_move(self, source: int, target: int, count: int) -> Move:
        key = (source, target, count)
        move = self._moves.get(key)
        if move is None:
            # Pure caches of the names: a race between threads at worst makes
            # an equal Move twice. The parts go in first, so a move found in
            # ``_moves`` always has them.
            move = Move("move", self._names[source], self._names[target], count)
            self._parts.setdefault(move, key)
            move = self._moves.setdefault(key, move)
            # ``_moves`` keeps every move it holds alive for good, so the
            # identity of one stands for it: a cheaper key than the move.
            self._parts_by_id[id(move)] = key
        return move

    # ---------------------------------------------------------------- deal

    @property
    def deck(self) -> Deck:
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        # ``cards`` are the deck's (checked by deal_from), so the piles need no checks.
        r, at = self.rules, self._at
        piles: list[Pile] = [_EMPTY] * len(self.layout)
        rest = list(cards)
        info: dict[str, Any] = {"pass": 1, "progress": False}
        for i, card in zip(at.foundations, self._starters):
            rest.remove(card)
            piles[i] = _pile((card,), 0)
        if r.reserve:
            taken, rest = rest[: r.reserve], rest[r.reserve :]
            piles[at.reserve] = _pile(tuple(taken), len(taken) - 1)
        if r.base == "dealt":
            card, rest = rest[0], rest[1:]
            piles[at.foundations[0]] = _pile((card,), 0)
            info["base"] = card.rank
        # Dealt by rows: the columns take the cards in turn, each while it
        # has room, so each column's cards lie at fixed places of the deal.
        dealt = 0
        for k, place in enumerate(self._deal_places):
            piles[at.tableau[k]] = _pile(tuple([rest[i] for i in place]), r.down_counts[k])
            dealt += len(place)
        rest = rest[dealt:]
        for i in range(r.cells_dealt):
            piles[at.cells[i]] = _pile((rest[i],), 0)
        rest = rest[r.cells_dealt :]
        if r.stock != "none":
            piles[at.stock] = _pile(tuple(reversed(rest)), len(rest))
        if r.reserve_fills_spaces:
            self._fill_from_reserve(piles)
        if r.worrying_back:
            info["peak"] = sum(len(piles[f].cards) for f in at.foundations)
        return self._new_state(tuple(piles), Info._own(info))

    @functools.cached_property
    def _deal_places(self) -> tuple[tuple[int, ...], ...]:
        """For each tableau pile, the places among the cards dealt to the
        tableau (counted from the first) of its cards, bottom first."""
        sizes = self.rules.tableau
        places: list[list[int]] = [[] for _ in sizes]
        n = 0
        for row in range(max(sizes, default=0)):
            for k, size in enumerate(sizes):
                if row < size:
                    places[k].append(n)
                    n += 1
        return tuple(tuple(p) for p in places)

    # --------------------------------------------------------------- moves

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        # Inlined Game._memoised: a state remembers the listing its own game
        # made (see :meth:`_list`).
        if state._game is not self:
            return self._generate(state)
        memo = state._memo
        if memo is None:
            memo = (
                self._list(state)
                if self._lists_progress
                else (self._generate(state), None, None, None)
            )
            state._memo = memo
        elif memo[0] is None:
            # Made by turning the stock from a listed position (see _step).
            memo = self._list_after_turn(state, memo[1])
            state._memo = memo
        return memo[0]  # type: ignore[no-any-return]

    def _listed_progress(self, state: State, moves: tuple[Move, ...]) -> bool:
        """Game._listed_progress: noted as the engine lists the moves."""
        if state._game is self:
            memo = state._memo
            if memo is not None and memo[0] is moves and memo[1] is not None:
                return memo[1]  # type: ignore[no-any-return]
        return super()._listed_progress(state, moves)

    def _generate(self, state: State) -> tuple[Move, ...]:
        """Every legal move in ``state``, in the engine's order (see :meth:`_list`)."""
        return self._list(state)[0]

    def _list(self, state: State) -> _Listing:
        """The legal moves in ``state``, in the engine's order, with what the
        engine notes on the way (a state of this game keeps it all).

        ``(moves, progress, splice, turning)``: ``progress`` says whether one of the
        moves makes progress as :meth:`_move_progress` tells it (a card to a
        foundation that counts, or from the waste or the reserve, a face-down
        card turned up, a space the reserve fills, a deal). In a game with a
        waste, ``splice`` says where the moves from the waste lie, so that
        the listing after turning the stock can be made from this one (see
        :meth:`_list_after_turn`): ``(rest, a, b, c, d)``, where ``rest`` is
        whether a move not from the waste makes progress, ``moves[:a]`` go
        from the waste to the foundations, ``moves[a:b]`` from elsewhere to
        them, ``moves[b:c]`` from the waste to the tableau, and ``moves[d:]``
        turn the stock. Otherwise ``splice`` is ``None``. ``turning`` is
        :meth:`_turning_progress` for the state where it is known, else
        ``None`` (a new listing does not know it; see :meth:`_list_after_turn`).
        """
        r, at = self.rules, self._at
        items = state._items
        data: dict[str, Any] = state._info._data
        for f in at.foundations:  # _won, inlined
            if len(items[f].cards) != 13:
                break
        else:
            return (), False, None, None
        out: list[Move] = []
        one = self._one
        progress = False  # a move not from the waste makes progress
        sources = self._progress_sources
        refill = r.reserve_fills_spaces and bool(items[at.reserve].cards)
        waste = at.waste
        top = None  # the waste's top card
        if waste >= 0:
            wcards = items[waste].cards
            if wcards:
                top = wcards[-1]
        a = 0
        # 1. To the foundations: which card each foundation wants next.
        if r.foundation_mode == "cards":
            base: int = data["base"] if self._dealt_base else self._fixed_base
            fnext = self._fnext
            wanted: dict[Card, list[int]] = {}
            empty: list[int] = []
            for f in at.foundations:
                fc = items[f].cards
                if fc:
                    if len(fc) < 13:
                        nxt = fnext[fc[-1]]
                        if nxt is not None:
                            w = wanted.get(nxt)
                            if w is None:
                                wanted[nxt] = [f]
                            else:
                                w.append(f)
                else:
                    empty.append(f)
            # Whether a card going up counts: always, but with worrying back
            # only past the most there have ever been.
            counts_up = not r.worrying_back or (
                sum(len(items[f].cards) for f in at.foundations) + 1 > data["peak"]
            )
            forced: list[Move] = []
            force = r.forced_bases
            forced_progress = False
        else:
            base, wanted, empty, forced, forced_progress = 0, {}, [], [], False
        # 2. To the tableau: for each kind of card that some tableau top
        # would take, the piles that take it (in layout order); note the spaces.
        # (One pass over the tableau finds these and the foundation moves.)
        takers: dict[int, list[int]] = {}
        spaces: list[int] = []
        kinds_under = self._kinds_under
        if wanted or empty:
            # Cards from the reserve and the cells to the foundations.
            for s in self._single_other:
                cards = items[s].cards
                if cards:
                    card = cards[-1]
                    hits = wanted.get(card)
                    if empty and card.rank == base:
                        if force:
                            forced += [one[s][f] for f in empty]
                            forced_progress = forced_progress or bool(
                                counts_up or s in sources or (refill and len(cards) == 1)
                            )
                        hits = sorted(hits + empty) if hits else empty
                    if hits:
                        row = one[s]
                        out += [row[f] for f in hits]
                        progress = progress or bool(
                            counts_up or s in sources or (refill and len(cards) == 1)
                        )
            # From the tableau, noting what each top card takes on the way.
            for s in at.tableau:
                pile = items[s]
                cards = pile.cards
                if cards:
                    card = cards[-1]
                    hits = wanted.get(card)
                    if empty and card.rank == base:
                        if force:
                            forced += [one[s][f] for f in empty]
                            forced_progress = forced_progress or bool(
                                counts_up
                                or (pile.down and len(cards) - pile.down == 1)
                                or (refill and len(cards) == 1)
                            )
                        hits = sorted(hits + empty) if hits else empty
                    if hits:
                        row = one[s]
                        out += [row[f] for f in hits]
                        progress = progress or bool(
                            counts_up
                            or (pile.down and len(cards) - pile.down == 1)
                            or (refill and len(cards) == 1)
                        )
                    for kind in kinds_under[card]:
                        hit = takers.get(kind)
                        if hit is None:
                            takers[kind] = [s]
                        else:
                            hit.append(s)
                else:
                    spaces.append(s)
            # A base card that is available must go up first (below).
        else:
            for t in at.tableau:
                cards = items[t].cards
                if cards:
                    for kind in kinds_under[cards[-1]]:
                        hit = takers.get(kind)
                        if hit is None:
                            takers[kind] = [t]
                        else:
                            hit.append(t)
                else:
                    spaces.append(t)
        kind_of = self._kind
        fill = spaces
        if spaces and (r.space == "none" or (r.reserve_fills_spaces and items[at.reserve].cards)):
            fill = []
        space_cards = self._space_cards
        context: _Context = (wanted, empty, base, takers, fill)
        if top is not None:
            # The waste's moves come first in each part (every one is progress).
            ups, onto = self._from_waste(top, context)
            if ups is None:
                return tuple(onto + forced), True, None, None  # its base card must go up
            if forced:
                return tuple(forced), forced_progress, None, None
            a, b, c = len(ups), len(ups) + len(out), len(ups) + len(out) + len(onto)
            out = ups + out + onto
        else:
            if forced:
                return tuple(forced), forced_progress, None, None
            a = 0
            b = c = len(out)
        moves = self._moves
        most = self._deck_size
        most_space = most
        if r.cell_runs:
            most = most_space = 1 + sum(1 for i in at.cells if not items[i].cards)
            if r.space_runs and spaces:
                # Each space doubles what the cells carry; a space that is
                # the target carries nothing.
                most_space = most << (len(spaces) - 1)
                most <<= len(spaces)
        # Moves that would only swap two interchangeable piles are left out:
        # a whole pile into a space, and (with twins, in two packs or more) a
        # run whose pile then holds just what the target pile holds.
        whole_piles_stay = self._piles_alike(items)
        twins = whole_piles_stay and r.copies > 1
        # Single cards from the reserve, the cells (and with worrying back,
        # the foundations).
        for s in self._feeders_other:
            cards = items[s].cards
            if not cards:
                continue
            bottom = cards[-1]
            targets = takers.get(kind_of[bottom], _NO_TARGETS)
            if fill and bottom in space_cards:
                targets = sorted(targets + fill) if targets else fill
            if targets:
                if not progress:
                    progress = bool(s in sources or (refill and len(cards) == 1))
                row = one[s]
                out += [row[t] for t in targets]
        # What may move from each tableau pile.
        for s in at.tableau:
            pile = items[s]
            cards = pile.cards
            if not cards:
                continue
            memo = pile._memo
            units = memo[1] if memo is not None and memo[0] is self else self._units(pile)
            for k, bottom in units:
                if k > most:
                    break
                targets = takers.get(kind_of[bottom], _NO_TARGETS)
                if (
                    fill
                    and bottom in space_cards
                    and k <= most_space
                    and not (whole_piles_stay and k == len(cards))
                ):
                    targets = sorted(targets + fill) if targets else fill
                if twins and targets:
                    rest = len(cards) - k
                    for t in targets:
                        if len(items[t].cards) == rest:  # rare: check in full
                            left = cards[:rest]
                            targets = [
                                t
                                for t in targets
                                if len(items[t].cards) != rest
                                or items[t].down != pile.down
                                or items[t].cards != left
                            ]
                            break
                if targets:
                    if not progress and (len(targets) > 1 or targets[0] != s):
                        progress = bool(
                            (pile.down and k == len(cards) - pile.down)
                            or (refill and k == len(cards))
                        )
                    if k == 1:
                        row = one[s]
                        out += [row[t] for t in targets if t != s]
                    else:
                        for t in targets:
                            if t != s:
                                m = moves.get((s, t, k))
                                out.append(m if m is not None else self._multi_move(s, t, k))
        # 3. To the cells: tableau tops.
        if at.cells:
            free = [i for i in at.cells if not items[i].cards]
            if free:
                for t in at.tableau:
                    pile = items[t]
                    cards = pile.cards
                    if cards:
                        row = one[t]
                        out += [row[i] for i in free]
                        progress = progress or bool(
                            (pile.down and len(cards) - pile.down == 1)
                            or (refill and len(cards) == 1)
                        )
        d = len(out)
        # 4. The stock.
        if r.stock == "waste":
            if items[at.stock].cards:
                out.append(_DRAW)
            elif top is not None and self._may_redeal(state.info):
                out.append(_REDEAL)
            splice = (progress, a, b, c, d, context)
            return tuple(out), progress or a > 0 or c > b, splice, None
        if r.stock == "deal" and items[at.stock].cards and not (r.deal_needs_no_spaces and spaces):
            out.append(_DEAL)
            progress = True  # a deal brings stock cards into play
        return tuple(out), progress, None, None

    def _from_waste(self, top: Card, context: _Context) -> tuple[list[Move] | None, list[Move]]:
        """The moves of ``top``, the waste's top card, in a position that
        ``context`` describes (see :data:`_Context`): to the foundations and to
        the tableau, in the engine's order. Where ``top`` is a base card that
        must go up first, ``None`` and those moves instead."""
        wanted, empty, base, takers, fill = context
        row = self._one[self._at.waste]
        hits = wanted.get(top)
        if empty and top.rank == base:
            if self.rules.forced_bases:
                return None, [row[f] for f in empty]
            hits = sorted(hits + empty) if hits else empty
        targets = takers.get(self._kind[top], _NO_TARGETS)
        if fill and top in self._space_cards:
            targets = sorted(targets + fill) if targets else fill
        return (
            [row[f] for f in hits] if hits else [],
            [row[t] for t in targets] if targets else [],
        )

    def _list_after_turn(self, state: State, before: _Listing) -> _Listing:
        """:meth:`_list` for ``state``, made by turning the stock (a draw or
        a redeal, which change the stock, the waste and the counters only)
        from a position whose listing was ``before``: its moves from the
        waste and its stock action give way to this position's, found in the
        same context; the rest stay, in place. The same listing as
        :meth:`_list` gives.

        Whether turning the stock leads to progress is as it was before,
        wherever it is asked (where no listed move makes progress): turning
        shows the same cards as before, but for the one now on the waste,
        which would be listed (see :meth:`_turning_progress`).
        """
        moves, _, splice, turning = before
        assert splice is not None
        rest, a, b, c, d, context = splice
        at = self._at
        items = state._items
        wcards = items[at.waste].cards
        if wcards:
            ups, onto = self._from_waste(wcards[-1], context)
            if ups is None:
                return tuple(onto), True, None, None  # its base card must go up
        else:
            ups = onto = []
        if items[at.stock].cards:
            stock: tuple[Move, ...] = (_DRAW,)
        elif wcards and self._may_redeal(state.info):
            stock = (_REDEAL,)
        else:
            stock = ()
        na = len(ups)
        nb = na + b - a
        nc = nb + len(onto)
        listed = (*ups, *moves[a:b], *onto, *moves[c:d], *stock)
        progress = rest or bool(ups or onto)
        if progress:
            turning = None  # known only where no listed move makes progress
        return listed, progress, (rest, na, nb, nc, nc + d - c, context), turning

    _turning_exact = True
    """Whether :meth:`_turning_progress` knows every move a card turned from
    the stock could make (a subclass that lists moves of its own says not)."""

    def _turning_progress(self, state: State) -> bool | None:
        """Game._turning_progress: the cards the waste will show as the stock
        is turned, each checked against the places that take a card from the
        waste. Turning changes nothing else, and every move from the waste is
        progress, so the walk needs no positions of its own."""
        r, at = self.rules, self._at
        if r.stock != "waste" or not self._turning_exact:
            return None
        moves = self._legal_moves(state)
        # The engine lists turning the stock last (a forced move leaves it out).
        if not moves or (moves[-1] is not _DRAW and moves[-1] is not _REDEAL):
            return False  # a forced move comes first: the stock cannot be turned
        memo = state._memo if state._game is self else None
        if memo is not None and memo[3] is not None:
            return memo[3]  # type: ignore[no-any-return]
        items = state._items
        if memo is not None and memo[2] is not None:
            # What the listing found of the places that take a card: the same
            # cards as _waste_taken's.
            wanted, empty, base, takers, fill = memo[2][5]
            taken = set(wanted)
            if empty:
                taken |= self._of_rank[base]
            kind_cards = self._kind_cards
            for kind in takers:
                taken |= kind_cards[kind]
            if fill:
                taken |= self._space_cards
        else:
            taken = self._waste_taken(state, *self._wanted(items))
        stock = items[at.stock].cards
        # One pass after the redeal shows every card the stock will ever show.
        turning = _turns_show(stock, r.draw, taken) or (
            self._may_redeal(state.info)
            and _turns_show(stock + items[at.waste].cards[::-1], r.draw, taken)
        )
        if memo is not None and memo[0] is moves:
            state._memo = (moves, memo[1], memo[2], turning)
        return turning

    def _wanted(self, items: tuple[Pile, ...]) -> tuple[set[Card], bool]:
        """The cards the foundations take next, and whether one is empty (and
        takes a base card); nothing where complete suits go up instead."""
        wanted: set[Card] = set()
        bases = False
        if self.rules.foundation_mode == "cards":
            fnext = self._fnext
            for f in self._at.foundations:
                fc = items[f].cards
                if not fc:
                    bases = True
                elif len(fc) < 13:
                    nxt = fnext[fc[-1]]
                    if nxt is not None:
                        wanted.add(nxt)
        return wanted, bases

    def _waste_taken(self, state: State, wanted: set[Card], bases: bool) -> set[Card]:
        """The cards that would have a legal move in ``state`` from the top of
        the waste (the same tests as :meth:`_generate`'s for the waste): those
        the foundations want (``wanted`` and ``bases``, as :meth:`_wanted`
        gives them for ``state``), base cards where a foundation is empty, the
        cards a space takes where there is one, and those that build on a
        tableau top."""
        r, at = self.rules, self._at
        items = state._items
        taken = set(wanted)
        if bases:
            taken.update(self._of_rank[self._base(state)])
        under = self._under
        fill = False
        for t in at.tableau:
            cards = items[t].cards
            if cards:
                taken.update(under[cards[-1]])
            else:
                fill = True
        if fill and not (r.space == "none" or (r.reserve_fills_spaces and items[at.reserve].cards)):
            taken.update(self._space_cards)
        return taken

    def _may_redeal(self, info: Info) -> bool:
        passes = self.rules.passes
        if passes is None:
            return bool(info["progress"])
        current = info["pass"]
        assert isinstance(current, int)
        return current < passes

    def _apply(self, state: State, move: Move) -> State:
        moves = self._legal_moves(state)
        for listed in moves:  # is_listed, inlined: a listed move is found by identity
            if listed is move:
                break
        else:
            if move not in moves:
                code, reason = self._why_illegal(state, move)
                raise IllegalMoveError(move, state, reason, code)
        return self._perform(state, move)

    def _perform(self, state: State, move: Move) -> State:
        """Make a pile move or a stock action (already known to be legal) and
        everything it sets off: face-down cards turning, suits leaving, the
        reserve filling spaces, and the counters."""
        return self._step(state, move)[0]

    def _advance(self, state: State, move: Move, mark: Hashable) -> tuple[State, bool]:
        """:meth:`_step`: the engine knows whether a move made progress as it makes it.
        (A subclass whose moves do more than the engine's, as Joker Solitaire's
        do, compares marks instead; :meth:`_perform` stays the engine's own.)"""
        return self._step(state, move)

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """The events of ``move``, logged as the engine makes it again."""
        log: list[Event] = []
        again, _ = self._step(state, move, log)
        assert again == after, "the engine made the move differently the second time"
        return log

    def _move_progress(self, state: State, move: Move) -> bool | None:
        """The engine tells from a move's piles and count whether it makes
        progress (see :meth:`_step`), except where completing a suit could."""
        parts = self._parts_by_id.get(id(move))
        if parts is None:
            parts = self._parts.get(move)
            if parts is None:
                return move.kind == "deal"  # a deal brings stock cards into play; draws do not
        s, t, k = parts
        if s in self._progress_sources or t in self._progress_targets:
            return True
        items = state._items
        source = items[s]
        cards = source.cards
        if source.down and k == len(cards) - source.down:
            return True  # a face-down card turns up
        r = self.rules
        if r.worrying_back and t in self._foundation_set:
            up = sum(len(items[f].cards) for f in self._at.foundations)
            if up + 1 > state._info._data["peak"]:  # type: ignore[operator]
                return True
        if r.reserve_fills_spaces and k == len(cards) and items[self._at.reserve].cards:
            return True  # the space left is filled from the reserve
        if r.foundation_mode == "suits" and (
            t in self._tableau_set or (self._unit_stack and s in self._tableau_set)
        ):
            return None  # the move might complete a suit (or, with stacks, uncover one)
        return False

    def _step(self, state: State, move: Move, log: list[Event] | None = None) -> tuple[State, bool]:
        """:meth:`_perform`, with whether the move made progress (see :meth:`_progress`).

        With ``log``, every step the move takes is appended to it as an event
        (see :mod:`patience.events`), in the order it happens.
        """
        if move is _DRAW and self._plain_draws and log is None:
            # A draw alone: two piles change, nothing else does.
            at = self._at
            items = list(state._items)
            stock = items[at.stock].cards
            n = len(stock) - self.rules.draw
            if n < 0:
                n = 0
            items[at.stock] = _pile(stock[:n], n)
            items[at.waste] = _pile(items[at.waste].cards + stock[: n - 1 if n else None : -1], 0)
            after = State._make(self, tuple(items), state._info)
            if self._splices and state._game is self:
                memo = state._memo
                if memo is not None and memo[2] is not None:
                    after._memo = (None, memo, None, None)
            return after, False
        r, at = self.rules, self._at
        items = list(state._items)
        data: dict[str, Any] = state._info._data
        info: dict[str, Any] | None = None  # a copy of the counters, once one changes
        parts = self._parts_by_id.get(id(move))
        if parts is None and move.kind == "move":
            parts = self._parts.get(move)
            if parts is None:
                # A listed move that this game object has not met yet (an equal
                # game made it): its parts follow from its names.
                assert move.source is not None and move.target is not None
                parts = (self._index[move.source], self._index[move.target], move.count)
        if parts is not None:
            s, t, k = parts
            source = items[s]
            cards = source.cards
            remaining = cards[:-k]
            down = source.down
            if down >= len(remaining) and down:
                down = len(remaining) - 1 if remaining else 0
                progress = True  # a face-down card turned up
            else:
                # A card leaves the waste or the reserve for good, or (without
                # worrying back) reaches a foundation.
                progress = s in self._progress_sources or t in self._progress_targets
            items[s] = _pile(remaining, down)
            target = items[t]
            items[t] = _pile(target.cards + cards[-k:], target.down)
            if log is not None:
                names = self._names
                log.append(
                    CardsMoved(names[s], len(remaining), names[t], len(target.cards), cards[-k:])
                )
                if down < source.down:
                    log.append(CardsTurned(names[s], down, remaining[down:], face_up=True))
            if r.worrying_back and t in self._foundation_set:
                up = sum(len(items[f].cards) for f in at.foundations)
                if up > data["peak"]:
                    info = dict(data)
                    info["peak"] = up
                    progress = True
        else:
            progress, info = self._apply_stock(move, items, data, log)
        if r.foundation_mode == "suits" and self._remove_suits(
            items, self._suit_piles(parts) if parts is not None else self._at.tableau, log
        ):
            progress = True
        if r.reserve_fills_spaces and self._fill_from_reserve(items, log):
            progress = True  # a card left the reserve for good
        if progress and not (data if info is None else info)["progress"]:
            if info is None:
                info = dict(data)
            info["progress"] = True
        # The counters are shared with the position before where none changed.
        after = State._make(self, tuple(items), state._info if info is None else Info._own(info))
        if parts is None and self._splices and state._game is self and move.kind != "deal":
            # Turning the stock changes only the stock and the waste (and the
            # counters): the listing after it is made from this one when asked.
            memo = state._memo
            if memo is not None and memo[2] is not None:
                after._memo = (None, memo, None, None)
        return after, progress

    def _apply_stock(
        self, move: Move, items: list[Pile], data: dict[str, Any], log: list[Event] | None
    ) -> tuple[bool, dict[str, Any] | None]:
        """Make a draw, redeal or deal in place on ``items``; return whether it
        was progress, and the counters ``data`` changed, where it changes them."""
        r, at = self.rules, self._at
        kind = move.kind
        names = self._names
        if kind == "draw":
            stock = items[at.stock].cards
            n = min(r.draw, len(stock))
            waste = items[at.waste].cards
            items[at.stock] = _pile(stock[:-n], len(stock) - n)
            items[at.waste] = _pile(waste + stock[: -n - 1 : -1], 0)
            if log is not None:
                log.append(
                    CardsMoved(
                        "stock",
                        len(stock) - n,
                        names[at.waste],
                        len(waste),
                        stock[-n:],
                        was_face_up=False,
                        turned_over=n > 1,
                    )
                )
            return False, None
        if kind == "redeal":
            waste = items[at.waste].cards
            items[at.stock] = _pile(tuple(reversed(waste)), len(waste))
            items[at.waste] = _EMPTY
            info = dict(data)
            info["pass"] += 1
            info["progress"] = False
            if log is not None:
                log.append(
                    CardsMoved(
                        names[at.waste],
                        0,
                        "stock",
                        0,
                        waste,
                        face_up=False,
                        turned_over=len(waste) > 1,
                    )
                )
            return False, info
        if kind != "deal":
            raise AssertionError(f"{self.name}: no stock action {kind!r}")
        stock = items[at.stock].cards
        for t in at.tableau:
            if not stock:
                break
            pile = items[t]
            items[t] = _pile(pile.cards + stock[-1:], pile.down)
            if log is not None:
                log.append(
                    CardsDealt(
                        "stock",
                        len(stock) - 1,
                        names[t],
                        len(pile.cards),
                        stock[-1:],
                        was_face_up=False,
                    )
                )
            stock = stock[:-1]
        items[at.stock] = _pile(stock, len(stock))
        return True, None

    def _suit_piles(self, parts: tuple[int, int, int]) -> tuple[int, ...]:
        """The piles where a move with ``parts`` may leave a complete suit on
        top: the pile it goes to; with stacks, also the pile it leaves, where
        a stack moved away may uncover a suit that another stack completed
        under it (with runs, the cards on top of a run are never part of it)."""
        s, t, _ = parts
        if self._unit_stack and s in self._tableau_set:
            return (t, s)
        return (t,)

    def _remove_suits(
        self, items: list[Pile], piles: Iterable[int], log: list[Event] | None = None
    ) -> bool:
        """Lift every complete king-to-ace same-suit run on top of ``piles``
        (the ones a move has just changed: see :meth:`_suit_piles`) to the
        first empty foundation, in the order given."""
        removed = False
        for t in piles:
            pile = items[t]
            if len(pile.cards) - pile.down >= 13 and self._run_length(pile, same_suit=True) >= 13:
                run = pile.cards[-13:]
                if run[-1].rank != 1 or run[0].rank != KING:
                    continue
                f = next(f for f in self._at.foundations if not items[f].cards)
                items[f] = _pile(tuple(reversed(run)), 0)
                remaining = pile.cards[:-13]
                down = min(pile.down, max(len(remaining) - 1, 0))
                items[t] = _pile(remaining, down)
                removed = True
                if log is not None:
                    names = self._names
                    log.append(
                        SuitRemoved(names[t], len(remaining), names[f], 0, run, turned_over=True)
                    )
                    if down < pile.down:
                        log.append(CardsTurned(names[t], down, remaining[down:], face_up=True))
        return removed

    def _fill_from_reserve(self, items: list[Pile], log: list[Event] | None = None) -> bool:
        """Fill spaces, left to right, from the reserve's top; True if any was filled."""
        at = self._at
        filled = False
        for t in at.tableau:
            reserve = items[at.reserve]
            if not reserve.cards:
                break
            if not items[t].cards:
                items[t] = _pile(reserve.cards[-1:], 0)
                rest = reserve.cards[:-1]
                down = max(len(rest) - 1, 0)
                items[at.reserve] = _pile(rest, down)
                filled = True
                if log is not None:
                    names = self._names
                    log.append(
                        CardsDealt(names[at.reserve], len(rest), names[t], 0, reserve.cards[-1:])
                    )
                    if rest and down < reserve.down:
                        log.append(CardsTurned(names[at.reserve], down, rest[down:], face_up=True))
        return filled

    # ------------------------------------------------------------ refusals
    #
    # Why a move is refused is worked out only once it has been found illegal
    # (it is not in the legal-move list), so none of this is on the hot path.
    # ``_fault`` reads the rules afresh, in the order a player notices what is
    # wrong: the notation, the pile taken from, the cards taken, then the pile
    # put on. It finds no fault in a legal move; the tests check that it agrees
    # with ``_generate`` on every candidate move of many positions.

    def _why_illegal(self, state: State, move: Move) -> tuple[str, str]:
        """The code and the reason for refusing ``move``, which is not legal in ``state``."""
        problem = self._move_syntax_problem(move) or self._shape_problem(move, self._names)
        if problem:
            return "not-a-move", problem
        if not self._legal_moves(state):
            return "game-over", self._over_words(state)
        return self._refusal(state, move, self._names)

    def _over_words(self, state: State) -> str:
        """Why no move is left in ``state``, a position with none."""
        if self._won(state._items):
            return "the game is won: every card is on the foundations"
        return "the game is over: no move is left"

    def _refusal(self, state: State, move: Move, names: Sequence[str]) -> tuple[str, str]:
        """The code and reason for refusing ``move`` in a position that has moves.

        ``names`` are the piles' names as the player knows them (a game that
        plays the engine under other names, as Double Solitaire does, gives its
        own).
        """
        fault = self._fault(state, move, names)
        if fault is not None:
            return fault
        forced = self._forced_words(state, names)
        if forced:
            return "forced-base", forced
        return "illegal", f"{move} is not one of the moves the rules allow here"

    def _rule_items(self, state: State) -> tuple[Pile, ...]:
        """The piles the rules read: the state's own (a game with wild cards
        gives them as the cards they stand for)."""
        return state._items

    def _shown(self, state: State, pile: int, index: int) -> str:
        """The card at ``index`` of ``pile`` in ``state``, as a reason names it."""
        card = state._items[pile].cards[index]
        return f"the {card.name}" if card.is_joker else card.symbol

    def _label(self, names: Sequence[str], pile: int) -> str:
        role = self.layout[pile].role
        return f"the {role}" if role in ("stock", "waste", "reserve") else names[pile]

    def _build_words(self) -> str:
        """The building rule in words: ``"down in alternating colours"``."""
        r = self.rules
        how = {
            "alternate": "in alternating colours",
            "suit": "in suit",
            "colour": "in the same colour",
            "any": "regardless of suit",
        }[r.relation]
        text = f"{r.build} {how}"
        if r.wrap:
            text += ", a king on an ace" if r.build == "down" else ", an ace on a king"
        return text

    def _fault(self, state: State, move: Move, names: Sequence[str]) -> tuple[str, str] | None:
        """What the rules have against ``move`` (a move whose piles the game
        has) as ``(code, reason)``, or ``None`` if they allow it, forced base
        cards aside."""
        shape = self._shape_problem(move, names)
        if shape:
            return "not-a-move", shape
        if move.kind != "move":
            return self._stock_fault(state, move.kind, names)
        assert move.source is not None and move.target is not None
        s, t, k = self._index[move.source], self._index[move.target], move.count
        return (
            self._source_fault(state, s, t, k, names)
            or self._target_role_fault(s, t, names)
            or self._placement_fault(state, s, t, k, names)
        )

    def _shape_problem(self, move: Move, names: Sequence[str]) -> str:
        """Why ``move``, of a kind the game has, cannot be one of its moves: a
        detail, or a stock action on another pile, with a target or a count."""
        if move.kind == "move":
            return f"a card move takes no detail, not '={move.detail}'" if move.detail else ""
        stock = self._at.stock
        if (
            move.source != self._names[stock]
            or move.target is not None
            or move.count != 1
            or move.detail is not None
        ):
            return f"'{move.kind}' acts on {self._label(names, stock)} alone"
        return ""

    def _stock_fault(self, state: State, kind: str, names: Sequence[str]) -> tuple[str, str] | None:
        r, at = self.rules, self._at
        items = state._items
        stock = items[at.stock].cards
        if kind == "draw":
            if stock:
                return None
            if items[at.waste].cards and _REDEAL in self._legal_moves(state):
                return "stock-empty", "the stock is empty: redeal to turn the waste over"
            return "stock-empty", "the stock is empty"
        if kind == "redeal":
            if stock:
                return (
                    "no-redeal",
                    f"the stock still holds {_plural(len(stock), 'card')}:"
                    " the waste is turned over only once the stock is empty",
                )
            if not items[at.waste].cards:
                return (
                    "stock-empty",
                    "the stock and the waste are empty: there is nothing to redeal",
                )
            if self._may_redeal(state.info):
                return None
            if r.passes is None:
                return (
                    "no-redeal",
                    "the last pass through the stock made no progress, so there is no redeal",
                )
            if r.passes == 1:
                return "no-redeal", "there is no redeal: the stock is gone through once only"
            return (
                "no-redeal",
                f"no redeal is left: all {r.passes} passes through the stock are used",
            )
        if not stock:
            return "stock-empty", "the stock is empty"
        spaces = [names[t] for t in at.tableau if not items[t].cards]
        if r.deal_needs_no_spaces and spaces:
            verb = "is" if len(spaces) == 1 else "are"
            return (
                "deal-spaces",
                f"every space must be filled before a deal: {_listed(spaces)} {verb} empty",
            )
        return None

    def _source_fault(
        self, state: State, s: int, t: int, k: int, names: Sequence[str]
    ) -> tuple[str, str] | None:
        """What is wrong with taking ``k`` cards from pile ``s`` for pile ``t``."""
        at = self._at
        label = self._label(names, s)
        if s == t:
            return "same-pile", f"{label} is both where the cards come from and where they go"
        if s == at.stock:
            way = "draw" if self.rules.stock == "waste" else "deal"
            return "source", f"cards leave the stock only by '{way}'"
        if s in self._foundation_set:
            if not self.rules.worrying_back:
                return (
                    "foundation-stays",
                    "a card on a foundation stays there: cards never come back from the"
                    " foundations in this game",
                )
            if t not in self._tableau_set:
                return "foundation-stays", "a card comes back from a foundation only to the tableau"
        elif s not in self._source_set:
            return "source", f"no card leaves {label}"
        pile = self._rule_items(state)[s]
        n = len(pile.cards)
        if not n:
            return "empty", f"{label} is empty"
        if s in self._tableau_set:
            if k > n:
                return "unit", f"{label} holds only {_plural(n, 'card')}"
            up = n - pile.down
            if k > up:
                verb = "is" if up == 1 else "are"
                return (
                    "face-down",
                    f"{k} cards from {label} would take a face-down card: only {up} {verb} face up",
                )
        elif k > 1:
            if s in self._cell_set:
                return "unit", f"{label} holds one card"
            if s in self._foundation_set:
                return "unit", "only the top card of a foundation comes back"
            return "unit", f"only the top card of {label} is in play"
        return None

    def _target_role_fault(self, s: int, t: int, names: Sequence[str]) -> tuple[str, str] | None:
        """What is wrong with putting cards on pile ``t`` at all."""
        at = self._at
        if t == at.stock:
            return "target", "nothing is put on the stock"
        if t == at.waste:
            return "target", "the waste takes cards only from the stock, by 'draw'"
        if t == at.reserve:
            return "target", "nothing is put on the reserve: it only gives cards"
        if t not in self._tableau_set and t not in self._foundation_set and t not in self._cell_set:
            return "target", f"no card goes to {self._label(names, t)}"
        return None

    def _placement_fault(
        self, state: State, s: int, t: int, k: int, names: Sequence[str]
    ) -> tuple[str, str] | None:
        """What is wrong with putting the top ``k`` cards of ``s`` (which it
        has, face up) on ``t``, a foundation, a cell or a tableau pile."""
        r, at = self.rules, self._at
        items = self._rule_items(state)
        if t in self._foundation_set:
            return self._foundation_fault(state, s, t, k, names)
        if t in self._cell_set:
            if s not in self._tableau_set:
                return "cell", "only the top card of a tableau pile goes to a cell"
            if items[t].cards:
                return "cell", f"{names[t]} already holds {self._shown(state, t, -1)}"
            if k > 1:
                return "unit", f"{names[t]} holds one card"
            return None
        if s in self._tableau_set:
            fault = self._unit_fault(state, s, k, names)
            if fault:
                return fault
        if r.cell_runs:
            free = sum(1 for c in at.cells if not items[c].cards)
            if r.space_runs:
                spaces = sum(1 for p in at.tableau if p != t and not items[p].cards)
                most = (free + 1) << spaces
                if k > most:
                    cells = _plural(free, "free cell")
                    room = _plural(spaces, "other space" if not items[t].cards else "space")
                    return "unit", f"with {cells} and {room}, at most {most} cards move as one"
            elif k > free + 1:
                if not free:
                    return "unit", "with no free cell, cards move one at a time"
                cells = _plural(free, "free cell")
                return "unit", f"with {cells}, at most {free + 1} cards move as one"
        cards = items[s].cards
        bottom = cards[-k]
        target = items[t].cards
        if target:
            top = target[-1]
            if r.build == "none":
                return "build", "no card is built on another in the tableau of this game"
            if bottom.is_joker:
                return "build", "a joker builds on nothing in this game"
            if top.is_joker:
                return "build", "nothing builds on a joker in this game"
            if top not in self._on[bottom]:
                card, on = self._shown(state, s, -k), self._shown(state, t, -1)
                return "build", f"{card} does not go on {on}: build {self._build_rule}"
        else:
            if r.space == "none":
                return "space", "a space stays empty in this game"
            if r.reserve_fills_spaces and items[at.reserve].cards:
                return "space", "a space is filled from the reserve while it has cards"
            if bottom not in self._space_cards:
                if bottom.is_joker:
                    return "space", "a joker fills no space"
                return "space", "only a king may fill a space"
            if self._piles_alike(items) and s in self._tableau_set and k == len(cards):
                return "no-change", f"moving the whole of {names[s]} into a space changes nothing"
        if self._piles_alike(items) and r.copies > 1 and s in self._tableau_set:
            rest = len(cards) - k
            pile, other = items[s], items[t]
            if len(target) == rest and other.down == pile.down and target == cards[:rest]:
                return (
                    "no-change",
                    f"{names[s]} would be left holding just what {names[t]} holds now:"
                    " the move only swaps two piles",
                )
        return None

    def _unit_fault(
        self, state: State, s: int, k: int, names: Sequence[str]
    ) -> tuple[str, str] | None:
        """What is wrong with moving the top ``k`` cards of tableau pile ``s``
        (which it has, face up) as one unit onto the tableau."""
        r = self.rules
        pile = self._rule_items(state)[s]
        if any(n == k for n, _ in self._units(pile)):
            return None
        label = names[s]
        if r.unit == "one" and not r.cell_runs:
            return "unit", "only one card moves at a time"
        if r.unit == "suit-run":
            return (
                "unit",
                f"the top {k} cards of {label} are not a run built {r.build} in one suit:"
                " only such a run moves as a unit",
            )
        if r.unit in ("run", "one"):
            return (
                "unit",
                f"the top {k} cards of {label} are not built {self._build_rule}:"
                " only a built run moves as a unit",
            )
        length = self._run_length(pile)
        n = len(pile.cards)
        if r.unit == "face-up":
            if k < length:
                return "unit", f"the run of {length} face-up cards on {label} moves only as a whole"
            return (
                "unit",
                f"the top {k} cards of {label} are not built {self._build_rule}:"
                f" only its built run of {_plural(length, 'card')} moves, as a whole",
            )
        if k < n:
            return "unit", f"only a whole pile moves: all {_plural(n, 'card')} of {label}"
        return "unit", f"{label} is not one run built {self._build_rule}, so it cannot move"

    def _foundation_fault(
        self, state: State, s: int, t: int, k: int, names: Sequence[str]
    ) -> tuple[str, str] | None:
        """What is wrong with putting the top ``k`` cards of ``s`` on foundation ``t``."""
        if self.rules.foundation_mode == "suits":
            return (
                "foundation",
                "only a complete suit goes to a foundation, and it leaves the tableau by itself",
            )
        if k > 1:
            return "unit", "cards go to a foundation one at a time"
        items = self._rule_items(state)
        card = items[s].cards[-1]
        if card.is_joker:
            return "foundation", "a joker never goes to a foundation"
        cards = items[t].cards
        if not cards:
            base = self._base(state)
            if card.rank == base:
                return None
            words = f"a foundation starts with {_a_rank(base)}"
            if self._dealt_base:
                words += f", the rank of the card dealt to {names[self._at.foundations[0]]}"
            return "foundation", words
        nxt = self._fnext[cards[-1]] if len(cards) < 13 else None
        if nxt is None:
            return "foundation", f"{names[t]} is complete"
        if card != nxt:
            return "foundation", f"{names[t]} takes {nxt.symbol} next"
        return None

    def _forced_words(self, state: State, names: Sequence[str]) -> str:
        """With forced base cards, the one that must go up first in ``state``, or ``""``."""
        r = self.rules
        if not r.forced_bases:
            return ""
        items = self._rule_items(state)
        if all(items[f].cards for f in self._at.foundations):
            return ""
        base = self._base(state)
        for s in self._single_sources:
            cards = items[s].cards
            if cards and cards[-1].rank == base:
                where = self._label(names, s)
                return (
                    f"the {cards[-1].name} on {where} must go to a foundation first (forced_aces)"
                )
        return ""

    # ------------------------------------------------------------- results

    def _won(self, items: tuple[Pile, ...]) -> bool:
        for f in self._at.foundations:  # noqa: SIM110 (a plain loop is faster here)
            if len(items[f].cards) != 13:
                return False
        return True

    def _is_over(self, state: State) -> bool:
        """Over when no legal move is left or none can lead to progress (see :meth:`_progress`)."""
        moves = self._legal_moves(state)
        if not moves:
            return True
        if state._game is self:
            memo = state._memo
            if memo[1]:
                return False  # a listed move makes progress
            turning = memo[3]
            if turning is None:
                turning = self._turning_progress(state)
            if turning:
                return False  # turning the stock brings a card into play
        return self._cannot_progress(state)

    def _over_without_search(self, state: State) -> bool:
        return not self._legal_moves(state)

    def _progress(self, state: State) -> Hashable:
        """Progress: a card reaches a foundation (with worrying back, the most
        there have ever been), a face-down tableau card turns up, or a card
        leaves the reserve or the stock and waste for play. Each count only
        ever moves one way."""
        at = self._at
        items = state._items
        if self.rules.worrying_back:
            up = state._info._data["peak"]
        else:
            up = sum(len(items[f].cards) for f in at.foundations)
        down = sum(items[t].down for t in at.tableau)
        held = sum(len(items[i].cards) for i in (at.stock, at.waste, at.reserve) if i >= 0)
        return (up, down, held)

    def _progress_hint(self, state: State) -> int | None:
        """How many cards lie on the nearest card whose move would be
        progress: a face-down card (the face-up cards on it), or a card a
        foundation wants next (the cards on it, wherever it lies in the
        tableau). Cards that must be moved to make progress, at the least.
        ``None`` with worrying back, where cards come down from the foundations
        and go up again without progress, so nearness says little; and
        ``None`` where any face-up card moves with what lies on it (the unit
        ``stack``), where one move can clear any number of cards, so the count
        says little too: the searches then go breadth first, which was
        measured to be faster there (Yukon's random games, first 150 deals:
        13.6 s against 15.8 s in all, the slowest deal 0.8 s against 1.0 s;
        Scorpion's: 14.2 s against 16.7 s, 1.5 s against 2.2 s; a deal that
        took 40 s nearest first took 13 s)."""
        r, at = self.rules, self._at
        if r.worrying_back or r.unit == "stack":
            return None
        items = state._items
        wanted, bases = self._wanted(items)
        if bases:
            wanted |= self._of_rank[self._base(state)]  # the base cards (no jokers)
        nearest = 52 * r.packs + r.jokers
        for t in at.tableau:
            pile = items[t]
            cards = pile.cards
            up = len(cards) - pile.down
            if pile.down and up < nearest:
                nearest = up
            if wanted:
                # The face-up cards from the top, no deeper than the nearest yet.
                for depth in range(up if up < nearest else nearest):
                    if cards[-1 - depth] in wanted:
                        nearest = depth
                        break
        return nearest

    def _scores(self, state: State) -> tuple[int, ...]:
        up = sum(len(state._items[f].cards) for f in self._at.foundations)
        return (up * self.rules.score_per_card + self.rules.score_offset,)

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """The score counts foundation cards: a move onto a foundation adds a
        card's worth, one off it (worrying back) takes one away, and any other
        move or stock action leaves it as it is. Not told where a move may
        complete a suit that then leaves the tableau."""
        r = self.rules
        if r.foundation_mode != "cards":
            return None
        (now,) = self._scores(state)
        up, down = now + r.score_per_card, now - r.score_per_card
        parts_of = self._parts
        foundations = self._foundation_set
        out = []
        for move in self._legal_moves(state):
            parts = parts_of.get(move)
            if parts is None:
                if move.kind == "move":
                    return None  # a move this game object has not met: not worth telling
                out.append(now)
            elif parts[1] in foundations:
                out.append(up)
            elif parts[0] in foundations:
                out.append(down)
            else:
                out.append(now)
        return tuple(out)

    def _winners(self, state: State) -> tuple[int, ...]:
        return (0,) if self._won(state._items) else ()

    def _known_piles(self, state: State, player: int) -> tuple[int, ...]:
        """After a redeal the player knows the stock: it is the waste they
        watched, turned over (a redeal needs an empty stock, so every card was
        turned up on the way)."""
        at = self._at
        if self.rules.stock == "waste" and state._info._data["pass"] != 1:
            return (at.stock,)
        return ()

    def _capacities(self) -> list[int]:
        """A foundation holds a suit, a cell one card, the stock and waste what
        the deal left, the reserve what was dealt to it; a tableau pile what
        was dealt to it and a run built down on top (twelve cards, or thirteen
        from a space), unless building wraps round or a stock deals onto the
        piles, when only the deck bounds it."""
        r, at = self.rules, self._at
        deck = len(self._deck)
        caps = [deck] * len(self.layout)
        if at.stock >= 0:
            caps[at.stock] = max(self._stock_size, 1)
        if at.waste >= 0:
            caps[at.waste] = max(self._stock_size, 1)
        if at.reserve >= 0:
            caps[at.reserve] = r.reserve
        for f in at.foundations:
            caps[f] = 13
        for c in at.cells:
            caps[c] = 1
        unbounded = r.wrap or r.stock == "deal" or r.unit == "stack"
        for k, t in enumerate(at.tableau):
            dealt = r.tableau[k]
            if r.build == "none":
                caps[t] = max(dealt, 1)
            elif not unbounded:
                caps[t] = min(deck, max(dealt + 12, 13))
        return caps

    # --------------------------------------------------------------- actions

    def _action_space(self) -> list[Move]:
        """Cards to the foundations (one at a time, from every pile that can
        give one), then cards and units to the tableau (a tableau pile gives up
        to as many cards as a unit can hold), then tableau cards to the cells,
        then the stock's actions: the same order as the legal moves."""
        r, at = self.rules, self._at
        move = self._multi_move
        out: list[Move] = []
        if r.foundation_mode == "cards":
            out += [move(s, f, 1) for s in self._single_sources for f in at.foundations]
        most = self._largest_unit()
        for s in self._feeders:
            counts = range(1, most + 1) if s in self._tableau_set else range(1, 2)
            out += [move(s, t, k) for k in counts for t in at.tableau if t != s]
        out += [move(t, c, 1) for t in at.tableau for c in at.cells]
        kinds = {"waste": (_DRAW, _REDEAL), "deal": (_DEAL,), "none": ()}[r.stock]
        return out + list(kinds)

    def _largest_unit(self) -> int:
        """The most cards that can ever move together from a tableau pile."""
        r = self.rules
        if r.unit == "one":
            if not r.cell_runs:
                return 1
            most = 1 + len(self._at.cells)
            if r.space_runs:
                most <<= len(self._at.tableau) - 1
            return min(most, 13)  # a built run holds each rank once
        if r.build == "none":
            return 1
        # A built run holds each rank once, unless building wraps round; a
        # stack of face-up cards need not be built.
        return len(self._deck) if r.wrap or r.unit == "stack" else 13

    # --------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """Equal for positions that differ only in the order of interchangeable piles.

        The tableau piles are interchangeable unless a stock deals onto them
        (which pile gets which card then depends on their order), and there
        too once the stock is out.
        """
        return self._keyed(state, self._key_counters)

    def _search_lines(self, state: State) -> tuple[tuple[tuple[Move, ...], State], ...] | None:
        """Game.search_lines: where the stock turns onto a waste and redeals
        bring it round again, the turns are joined to the waste move they
        lead to.

        The lines are every legal move other than a turn, alone; and for
        each point the turns reach where the waste shows a card that plays,
        the turns (and redeal) up to it and each move of that card. Turning
        changes only the stock and the waste, and moves that take no card
        from the waste do not depend on them, so in a winning line such
        moves can always be made before the turns that come before them:
        then each turn is followed by more turns up to a waste move, and
        these lines cover every such run.

        The turns go on through a redeal, where one is allowed, and stop at
        the first point met before: a point is the number of cards on the
        waste, and with the tableau unchanged the same point shows the same
        card, so a later pass there can only do what the earlier one could,
        with less of the stock's allowance left. No line ends in a redeal:
        the moves a redealt position could make first are dominated by
        making them here and then turning round. The walk also stops at a
        card that is safe to go up (:meth:`safe_moves`, which a search makes
        at once) or a base card that must: no turn passes it.

        Where three cards turn at a time and foundation cards may come back
        down (``worrying_back``), the moves go alone: joining them there was
        measured to win fewer deals in the same time (Klondike with partial
        runs and worrying back, five seconds a deal: 127 of the first 200
        against 143), while Klondike and Canfield as dealt settle more with
        lines (see :doc:`benchmarks`).
        """
        r, at = self.rules, self._at
        if not self._allowance or not self._turning_exact or (r.draw > 1 and r.worrying_back):
            return None
        moves = self._legal_moves(state)
        step = self._step
        if _DRAW not in moves and _REDEAL not in moves:
            # A forced move comes first, or the stock is done: the moves alone.
            return tuple(((m,), step(state, m)[0]) for m in moves)
        out: list[tuple[tuple[Move, ...], State]] = [
            ((m,), step(state, m)[0]) for m in moves if m is not _DRAW and m is not _REDEAL
        ]
        items = state._items
        info = state._info
        stock_index, waste_index = at.stock, at.waste
        # The cards in the order the turns show them: the waste from its
        # bottom, then the stock from its top. A point is how many are on the
        # waste; a turn moves it on by the draw, up to the end.
        cycle = items[waste_index].cards + items[stock_index].cards[::-1]
        size = len(cycle)
        wanted, bases = self._wanted(items)
        taken = self._waste_taken(state, wanted, bases)
        base = self._base(state) if bases else 0
        parts_of = self._parts
        point = len(items[waste_index].cards)
        met = {point}
        turns: tuple[Move, ...] = ()
        while True:
            if point < size:
                point = min(point + r.draw, size)
                turns += (_DRAW,)
            elif point and self._may_redeal(info):
                piles = list(items)
                piles[stock_index] = _EMPTY
                piles[waste_index] = _pile(cycle, 0)
                info = step(State._make(self, tuple(piles), info), _REDEAL)[0]._info
                point = 0
                turns += (_REDEAL,)
            else:
                break  # the stock is done for good
            if point in met:
                break
            met.add(point)
            if not point:
                continue
            card = cycle[point - 1]
            if card not in taken:
                continue
            piles = list(items)
            rest = cycle[point:][::-1]
            piles[stock_index] = _pile(rest, len(rest))
            piles[waste_index] = _pile(cycle[:point], 0)
            here = State._make(self, tuple(piles), info)
            if card in wanted or card.rank == base:
                safe = self.safe_moves(here)
                if safe:
                    out.append(((*turns, safe[0]), step(here, safe[0])[0]))
                    return tuple(out)  # a search goes no further here
            listed = self._legal_moves(here)
            for m in listed:
                parts = parts_of.get(m)
                if parts is not None and parts[0] == waste_index:
                    out.append(((*turns, m), step(here, m)[0]))
            if _DRAW not in listed and _REDEAL not in listed:
                return tuple(out)  # a base card must go up first
        return tuple(out)

    def _search_estimate(self, state: State) -> int | None:
        """Game.search_estimate: a weighted count of what stands between the
        position and a win.

        Each card not yet on a foundation counts ten, a face-down card five
        more, a card that does not lie on the card it would be built on
        (the same suit where only same-suit runs move or whole suits go up)
        three, a card lying above a lower card of its own suit, which must
        go up first, three, a reserve card four and a card in a cell two; a
        space takes four off. The waste counts as a pile on which nothing is
        built. Only the weights' rough sizes matter: the estimate orders a
        search that seeks wins, and proves nothing.

        Given only for games of two packs or more where no card comes back
        down from the foundations (Napoleon at St. Helena and Spider, as
        built in), whose exhaustive search seldom ends in the time a deal is
        given: a search for wins by the estimate takes turns with it there.
        Elsewhere it took half the exhaustive search's positions for no
        gain: Canfield's first 40 deals at 30,000 positions each gave the
        same 20 wins and 1 loss, and Emperor's first 20 won 8 against 11.
        """
        r = self.rules
        if r.build == "none" or r.packs < 2 or r.worrying_back:
            return None
        at = self._at
        items = state._items
        up = 0
        for f in at.foundations:
            up += len(items[f].cards)
        cost = 10 * (len(self._deck) - up)
        if at.reserve >= 0:
            cost += 4 * len(items[at.reserve].cards)
        for c in at.cells:
            if items[c].cards:
                cost += 2
        base = 0 if r.foundation_mode == "suits" else self._base(state)
        costs = self._pile_costs
        if len(costs) > 200_000:
            costs.clear()  # a cache: only worked out again
        piles = [items[t] for t in at.tableau]
        if at.waste >= 0:
            piles.append(items[at.waste])
        for pile in piles:
            known = costs.get((base, pile))
            if known is None:
                known = costs[(base, pile)] = self._pile_cost(pile, base)
            cost += known
        return cost

    def _pile_cost(self, pile: Pile, base: int) -> int:
        """A pile's part of :meth:`_search_estimate` (the waste's too)."""
        cards = pile.cards
        if not cards:
            return -4
        r = self.rules
        suits = r.foundation_mode == "suits"
        natural = self._suit_on if suits or r.unit == "suit-run" else self._on
        down = pile.down
        cost = 5 * down
        for j in range(down if down else 1, len(cards)):
            if cards[j - 1] not in natural[cards[j]]:
                cost += 3
        if suits:
            return cost
        rising = r.foundation_build == "up"
        points = self._card_points
        lowest = [99, 99, 99, 99]
        for card in cards:
            point = points.get(card)
            if point is None:
                continue  # a joker
            suit, rank = point
            height = (rank - base) % 13 if rising else (base - rank) % 13
            below = lowest[suit]
            if height < below:
                lowest[suit] = height
            elif below < height:
                cost += 3
        return cost

    @functools.cached_property
    def _card_points(self) -> dict[Card, tuple[int, int]]:
        """Each card of the deck but a joker: its suit's number and its rank."""
        suits: dict[object, int] = {}
        return {
            c: (suits.setdefault(c.suit, len(suits)), c.rank)
            for c in sorted(set(self._deck))
            if not c.is_joker
        }

    @functools.cached_property
    def _pile_costs(self) -> dict[tuple[int, Pile], int]:
        """A cache of :meth:`_pile_cost` by base rank and pile (a pure
        function of its key, cleared when large)."""
        return {}

    def transposition_key(self, state: State) -> tuple[Hashable, int]:
        """:meth:`canonical_key` without the stock's allowance, which is the debt.

        Where the stock turns onto a waste, what the counters allow is only
        ever more or less of the same: with a limit on passes, one pass fewer
        used allows one redeal more and nothing else (and whether the pass
        has made progress changes nothing); with unlimited passes, a pass
        that has made progress allows a redeal that one without does not.
        The same position with less used can make every move the other can,
        so the key leaves those counters out and the debt counts them: the
        passes used, or 1 for a pass without progress. A search then skips
        the position met again after a redeal with nothing else changed.
        """
        key = self._keyed(state, self._table_counters)
        allowance = self._allowance
        if not allowance:
            return key, 0
        data = state._info._data
        if allowance == "passes":
            used = data["pass"]
            assert isinstance(used, int)
            return key, used - 1
        return key, 0 if data["progress"] else 1

    @functools.cached_property
    def _allowance(self) -> str:
        """What the stock's counters allow: ``"passes"`` (redeals up to a
        limit), ``"progress"`` (a redeal after a pass with progress) or
        ``""`` (no redeal)."""
        r = self.rules
        if r.stock != "waste" or r.passes == 1:
            return ""
        return "progress" if r.passes is None else "passes"

    @functools.cached_property
    def _table_counters(self) -> tuple[str, ...]:
        """The counters :meth:`transposition_key` keeps: the key's, without
        the pass number and the progress flag (which, without redeals,
        change nothing in play)."""
        return tuple(k for k in self._key_counters if k not in ("pass", "progress"))

    def _keyed(self, state: State, counters: tuple[str, ...]) -> Hashable:
        at = self._at
        items = state._items
        data = state._info._data
        tableau = tuple([items[i] for i in at.tableau])
        if self._piles_alike(items):
            tableau = in_order(tableau)
        return (
            tuple([items[i] for i in self._key_fixed]),
            tuple([items[i] for i in at.foundations])
            if self._foundations_apart
            else in_order([items[i] for i in at.foundations]),
            in_order([items[i] for i in at.cells]) if at.cells else (),
            tableau,
            tuple([data[k] for k in counters]),
        )

    @functools.cached_property
    def _key_counters(self) -> tuple[str, ...]:
        """The counters a canonical key holds, in a fixed order: all of them,
        except the pass number with unlimited passes, which changes nothing
        in play (a pure function of the rules, worked out once)."""
        unlimited = self.rules.passes is None
        return tuple(sorted(k for k in self._info_keys if not (unlimited and k == "pass")))

    def _search_key(self, state: State) -> Hashable:
        """The state with its interchangeable piles put in order: cheaper than
        :meth:`canonical_key`, which also orders the foundations where only
        progress changes them, and as exact.

        One flat tuple: each pile's cards and face-down count, in layout
        order, then those of each group of interchangeable piles, ordered by
        the hash of that content and, where two hashes are equal, by the
        content itself; then the counters. It hashes and compares without
        calling Python code but for the counters' cached hash (the key is
        hashed several times in a search), and it shares the piles' cards.
        """
        groups = self._search_groups
        rest = self._search_rest
        items = state._items
        dealt = self._search_dealt
        if dealt is not None and not items[self._at.stock].cards:
            groups, rest = dealt
        if not groups:
            return state
        key: list[Hashable] = []
        for i in rest:
            pile = items[i]
            key += (pile.cards, pile.down)
        for group in groups:
            contents = [(items[i].cards, items[i].down) for i in group]
            for _, content in sorted([(hash(c), c) for c in contents]):
                key += content
        key.append(state._info)
        return tuple(key)

    def safe_moves(self, state: State) -> tuple[Move, ...]:
        """Foundation moves of cards the tableau can never need, in games whose
        foundations build up by suit.

        Count a card's height from the foundations' base rank: the base is
        height 0, the next rank up 1, and so on (with wrap-around, a king is
        followed by an ace). A foundation of some suit holding ``n`` cards
        holds that suit's heights 0 to ``n - 1``.

        A card in play is only ever wanted as a base for the cards that may
        be built on it, and a card of the base rank never needs one: while
        one is not up, some foundation is empty and takes it. Once every copy
        of each other card that may be built on it is on a foundation (for a
        card with nothing built on it there are none), the card can go up at
        once and nothing is lost. With worrying back a foundation card may
        come down again onto it, so there only cards on which nothing can be
        built count. From the waste, only when one card is turned at a time:
        playing a card from the waste regroups the cards later turns show
        together.
        """
        r = self.rules
        if r.foundation_mode != "cards" or r.foundation_build != "up":
            return ()
        items = state._items
        at = self._at
        parts_of = self._parts
        foundations = self._foundation_set
        ups = []
        for move in self._legal_moves(state):
            parts = parts_of.get(move)
            if parts is not None and parts[1] in foundations:
                ups.append((move, parts[0]))
        if not ups:
            return ()
        base = self._base(state)
        # How far each suit's foundations have got.
        reached: dict[object, list[int]] = {}
        for f in at.foundations:
            cards = items[f].cards
            if cards:
                reached.setdefault(cards[0].suit, []).append(len(cards))
        packs = r.copies
        under = self._under
        out = []
        for move, s in ups:
            if s == at.waste and r.draw != 1:
                continue
            needers = [x for x in under[items[s].cards[-1]] if x.rank != base]
            if r.worrying_back and needers:
                continue
            if all(
                sum(1 for n in reached.get(x.suit, ()) if n > (x.rank - base) % 13) >= packs
                for x in needers
            ):
                out.append(move)
        return tuple(out)

    # ----------------------------------------------------------- validation

    def _state_problem(self, state: State) -> str:
        """What no play of these rules can lead to in ``state``, or ``""``.

        Checked when a state is loaded: the counters (types and ranges), the
        foundations (base rank, suit, direction, length, complete suits), the
        cells, the reserve, the stock and waste (face down and up, no more
        cards than were left after the deal) and the tableau (top card face
        up, no more face-down cards than were dealt, no unbuilt card above
        the cards dealt face up, or with the unit ``stack`` no more such
        cards in all than the deal can leave; no complete suit left waiting).
        """
        problem = super()._state_problem(state)
        if problem:
            return problem
        return self._info_problem(state.info) or self._piles_problem(state)

    def _info_problem(self, info: Info) -> str:
        r = self.rules
        passes = info["pass"]
        if not _is_int(passes):
            return f"info 'pass' must be an integer, not {passes!r}"
        if not isinstance(info["progress"], bool):
            return "info 'progress' must be true or false"
        assert isinstance(passes, int)
        if passes < 1 or (r.passes is not None and passes > r.passes):
            top = "" if r.passes is None else f" to {r.passes}"
            return f"info 'pass' must be from 1{top}, not {passes}"
        if self._dealt_base:
            base = info["base"]
            if not _is_int(base) or not 1 <= base <= KING:  # type: ignore[operator]
                return f"info 'base' must be a rank from 1 to 13, not {base!r}"
        if r.worrying_back:
            peak = info["peak"]
            if not _is_int(peak) or not 0 <= peak <= len(self._deck):  # type: ignore[operator]
                return f"info 'peak' must be an integer from 0 to {len(self._deck)}, not {peak!r}"
        return ""

    def _piles_problem(self, state: State) -> str:
        at, r = self._at, self.rules
        items = state._items
        names = self._names
        base = self._base(state)
        up = 0
        empty_before = ""
        starters = self._starters
        for k, i in enumerate(at.foundations):
            pile = items[i]
            cards = pile.cards
            name = names[i]
            up += len(cards)
            if pile.down:
                return f"foundation {name} is face up"
            if not cards:
                if starters and not r.worrying_back:
                    return f"foundation {name} must hold its starting {starters[k]}"
                if k == 0 and self._dealt_base and not r.worrying_back:
                    return f"foundation {name} must hold the card dealt to it"
                empty_before = empty_before or name
                continue
            if cards[0].rank != base:
                rank = _RANK_NAME.get(base, str(base))
                return f"foundation {name} must start with the base rank ({rank}), not {cards[0]}"
            if starters and not r.worrying_back and cards[0] != starters[k]:
                return f"foundation {name} must start with {starters[k]}, not {cards[0]}"
            if len(cards) > 13:
                return f"foundation {name} holds {len(cards)} cards, more than a suit"
            for a, b in itertools.pairwise(cards):
                if b.suit is not a.suit or self._next_rank(a.rank) != b.rank:
                    way = "up" if r.foundation_build == "up" else "down"
                    return f"foundation {name} is not built {way} in suit: {b} on {a}"
            if r.foundation_mode == "suits":
                if len(cards) != 13:
                    return f"foundation {name} holds a complete suit or nothing, not {len(cards)}"
                if empty_before:
                    return (
                        f"complete suits fill the foundations in order, but {empty_before} is empty"
                    )
        if r.worrying_back:
            peak = state.info["peak"]
            assert isinstance(peak, int)
            if peak < up:
                return f"info 'peak' ({peak}) is below the {up} cards on the foundations"
        for i in at.cells:
            if len(items[i].cards) > 1 or items[i].down:
                return f"cell {names[i]} holds at most one face-up card"
        if at.reserve >= 0:
            reserve = items[at.reserve]
            if len(reserve.cards) > r.reserve:
                return (
                    f"the reserve holds {len(reserve.cards)} cards, more than the {r.reserve} dealt"
                )
            if reserve.down != max(len(reserve.cards) - 1, 0):
                return "the reserve must have exactly its top card face up"
            if r.reserve_fills_spaces and reserve.cards:
                for t in at.tableau:
                    if not items[t].cards:
                        return f"pile {names[t]} is empty although the reserve can fill it"
        stocked = self._stock_size
        if at.stock >= 0:
            stock = items[at.stock]
            if stock.down != len(stock.cards):
                return "the stock is face down"
            held = len(stock.cards) + (len(items[at.waste].cards) if at.waste >= 0 else 0)
            if held > stocked:
                return (
                    f"the stock and waste hold {held} cards, "
                    f"more than the {stocked} left after the deal"
                )
            if r.stock == "deal" and stock.cards and (stocked - len(stock.cards)) % len(at.tableau):
                return (
                    f"the stock deals {len(at.tableau)} cards at a time, so it cannot hold "
                    f"{len(stock.cards)} of {stocked}"
                )
        if at.waste >= 0 and items[at.waste].down:
            return "the waste is face up"
        built = r.stock != "deal"
        # Where any face-up card moves with what lies on it, unbuilt cards
        # travel from pile to pile; but a move never adds one to the tableau
        # (a moved stack's bottom card builds on its new pile, or fills a
        # space), so in all there are no more than were dealt.
        stacks = r.unit == "stack"
        loose_in_all = 0
        for k, i in enumerate(at.tableau):
            pile = items[i]
            cards = pile.cards
            name = names[i]
            if cards and pile.down >= len(cards):
                return f"pile {name} must have its top card face up"
            if pile.down > r.down_counts[k]:
                return (
                    f"pile {name} has {pile.down} face-down cards, "
                    f"more than the {r.down_counts[k]} dealt"
                )
            if built and cards:
                # Only cards dealt face up can lie on a card they do not build on.
                dealt_up = r.tableau[k] - r.down_counts[k]
                # (A joker counts as built: a game that gives jokers a part in
                # play, as Joker Solitaire does, decides where they may lie.)
                joints = [
                    j
                    for j in range(pile.down + 1, len(cards))
                    if not cards[j].is_joker and cards[j - 1] not in self._on[cards[j]]
                ]
                loose = len(joints)
                if stacks:
                    loose_in_all += loose
                elif loose > max(dealt_up - 1, 0):
                    return f"pile {name} has cards that do not build on the card beneath"
                # Where every unit that moves is itself built (one card, a
                # run), a card above the places dealt to the pile came by a
                # move and builds on the card beneath it.
                if joints and r.unit in _BUILT_UNITS and joints[-1] >= r.tableau[k]:
                    j = joints[-1]
                    return (
                        f"pile {name} holds {len(cards)} cards, more than the {r.tableau[k]}"
                        f" dealt to it, and its card {j + 1} ({cards[j]}) does not build on"
                        f" {cards[j - 1]}"
                    )
            if (
                r.foundation_mode == "suits"
                and len(cards) - pile.down >= 13
                and self._run_length(pile, same_suit=True) >= 13
                and cards[-1].rank == 1
                and cards[-13].rank == KING
            ):
                return f"pile {name} ends in a complete suit, which leaves the tableau at once"
        if stacks and built and loose_in_all > self._loose_dealt:
            return (
                f"the tableau has {loose_in_all} cards that do not build on the card beneath,"
                f" more than the {self._loose_dealt} that can have been dealt so"
            )
        return ""

    @functools.cached_property
    def _loose_dealt(self) -> int:
        """The most face-up tableau cards a deal can leave on a card they do
        not build on: all but the lowest face-up card of each pile."""
        r = self.rules
        return sum(max(n - d - 1, 0) for n, d in zip(r.tableau, r.down_counts))


_BUILT_UNITS = frozenset(("one", "run", "suit-run"))
"""The units (:attr:`TableauRules.unit`) whose every move puts a built run (or
one card) on a pile: in their games, a card above the places dealt to a pile
builds on the card beneath it (see ``_piles_problem``)."""


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
    if rules.suits == 4:
        return deck
    return Deck(
        card
        if card.suit is None
        else Card(card.rank, Suit.SPADES if rules.suits == 1 else _TWO_SUITS[card.suit])
        for card in deck
    )
