"""Poker Solitaire: build ten poker hands in a five-by-five grid.

Cards are turned from the stock one at a time and each must be placed in an
empty cell of a 5 x 5 grid before the next is turned; a placed card never
moves. When the grid is full, each of its five rows and five columns is scored
as a poker hand from a table: the American table (the default) follows the
ranking of hands in poker, the English table the difficulty of making them in
this game. In the open variant all 25 cards are dealt face up at once and the
player swaps cards until they declare the grid finished.

The hand evaluation is usable on its own: :func:`classify` names the category
of any five cards, :data:`AMERICAN` and :data:`ENGLISH` are the two tables and
:func:`score_hand` combines them.

Registered as ``poker-solitaire`` (alias ``poker-squares``); see the rules page
in the documentation.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from .._json import FrozenMapping
from ..cards import ACE, Card, Deck, Suit
from ..errors import InvalidMoveError, InvalidOptionError, PatienceError
from ..events import CardsMoved, Event
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import EMPTY_INFO, Info, State
from ..tableau import check_count, check_flag

__all__ = [
    "AMERICAN",
    "CELLS",
    "DECLARE",
    "DRAW",
    "ENGLISH",
    "LINES",
    "MAX_SWAP_LIMIT",
    "SWAP_LIMIT",
    "TABLES",
    "TARGETS",
    "Hand",
    "PokerSolitaire",
    "ScoredLine",
    "classify",
    "score_hand",
]


# ------------------------------------------------------------ hand evaluation


class Hand(enum.Enum):
    """The categories of a five-card poker hand, best first.

    The value of each member is its name in words, such as ``"full house"``.
    """

    ROYAL_FLUSH = "royal flush"
    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three of a kind"
    TWO_PAIR = "two pair"
    ONE_PAIR = "one pair"
    HIGH_CARD = "high card"

    def __repr__(self) -> str:
        return f"Hand.{self.name}"


_ROYAL_RANKS = (ACE, 10, 11, 12, 13)
_WINDOWS: tuple[frozenset[int], ...] = (
    frozenset((ACE, 2, 3, 4, 5)),
    *(frozenset(range(low, low + 5)) for low in range(2, 10)),
    frozenset(_ROYAL_RANKS),
)
"""The ten straights as sets of ranks: ace low (A-5) up to ace high (10-A); no wrap."""


def classify(cards: Iterable[Card | str]) -> Hand:
    """The category of a poker hand of five different cards.

    ``cards`` may be :class:`~patience.Card` values or card text. An ace
    counts high or low in a straight (``A 2 3 4 5`` and ``10 J Q K A``) but a
    straight never wraps round the ace (``Q K A 2 3`` is no straight). A
    straight flush from ten to ace is a royal flush. Raises
    :class:`~patience.PatienceError` unless given five different cards, none
    of them a joker.

    >>> classify("TH JH QH KH AH"), classify("AS 2S 3S 4S 5S")
    (Hand.ROYAL_FLUSH, Hand.STRAIGHT_FLUSH)
    >>> classify("QD KC AH 2S 3S"), classify("9C 9D 4H 4S 9S")
    (Hand.HIGH_CARD, Hand.FULL_HOUSE)
    """
    items = cards.split() if isinstance(cards, str) else list(cards)
    hand = tuple(c if isinstance(c, Card) else Card.parse(c) for c in items)
    if len(hand) != 5:
        raise PatienceError(f"a poker hand has five cards, not {len(hand)}")
    if any(c.suit is None for c in hand):
        raise PatienceError("a poker hand holds no jokers or hidden cards")
    if len(set(hand)) != 5:
        raise PatienceError("a poker hand holds five different cards")
    return _classify(hand)


def _classify(hand: Collection[Card]) -> Hand:
    ranks = frozenset(c.rank for c in hand)
    counts = sorted(Counter(c.rank for c in hand).values(), reverse=True)
    flush = len({c.suit for c in hand}) == 1
    straight = len(ranks) == 5 and ranks in _WINDOWS
    if straight and flush:
        return Hand.ROYAL_FLUSH if ranks == _WINDOWS[-1] else Hand.STRAIGHT_FLUSH
    if counts[0] == 4:
        return Hand.FOUR_OF_A_KIND
    if counts[:2] == [3, 2]:
        return Hand.FULL_HOUSE
    if flush:
        return Hand.FLUSH
    if straight:
        return Hand.STRAIGHT
    if counts[0] == 3:
        return Hand.THREE_OF_A_KIND
    if counts[:2] == [2, 2]:
        return Hand.TWO_PAIR
    if counts[0] == 2:
        return Hand.ONE_PAIR
    return Hand.HIGH_CARD


AMERICAN: Mapping[Hand, int] = MappingProxyType(
    {
        Hand.ROYAL_FLUSH: 100,
        Hand.STRAIGHT_FLUSH: 75,
        Hand.FOUR_OF_A_KIND: 50,
        Hand.FULL_HOUSE: 25,
        Hand.FLUSH: 20,
        Hand.STRAIGHT: 15,
        Hand.THREE_OF_A_KIND: 10,
        Hand.TWO_PAIR: 5,
        Hand.ONE_PAIR: 2,
        Hand.HIGH_CARD: 0,
    }
)
"""The American scoring table, which follows the ranking of hands in poker."""

ENGLISH: Mapping[Hand, int] = MappingProxyType(
    {
        Hand.ROYAL_FLUSH: 30,
        Hand.STRAIGHT_FLUSH: 30,
        Hand.FOUR_OF_A_KIND: 16,
        Hand.FULL_HOUSE: 10,
        Hand.FLUSH: 5,
        Hand.STRAIGHT: 12,
        Hand.THREE_OF_A_KIND: 6,
        Hand.TWO_PAIR: 3,
        Hand.ONE_PAIR: 1,
        Hand.HIGH_CARD: 0,
    }
)
"""The English scoring table, which follows how hard each hand is to make in
Poker Solitaire: a straight scores more than a flush or a full house, and a
royal flush no more than any other straight flush."""

TABLES: Mapping[str, Mapping[Hand, int]] = MappingProxyType(
    {"american": AMERICAN, "english": ENGLISH}
)
"""The scoring tables by the name the ``table`` option takes."""

TARGETS: Mapping[str, int] = MappingProxyType({"american": 200, "english": 70})
"""The classic mark for each table: a game scoring at least this much is won."""


def score_hand(cards: Iterable[Card | str], table: str = "american") -> int:
    """The points five cards score in ``table`` (``"american"`` or ``"english"``).

    >>> score_hand("7C 7D 7H 2S 2D"), score_hand("7C 7D 7H 2S 2D", "english")
    (25, 10)
    """
    if table not in TABLES:
        raise PatienceError(f"unknown scoring table {table!r}: 'american' or 'english'")
    return TABLES[table][classify(cards)]


# ----------------------------------------------------------------- the grid

CELLS: tuple[str, ...] = tuple(f"{col}{row}" for row in "12345" for col in "abcde")
"""The 25 cell names, row by row from the top: ``a1 b1 ... e1 a2 ... e5``.

The letter names the column (``a`` at the left), the digit the row (``1`` at
the top).
"""

LINES: tuple[tuple[str, tuple[str, ...]], ...] = (
    *((f"row {row}", tuple(f"{col}{row}" for col in "abcde")) for row in "12345"),
    *((f"column {col}", tuple(f"{col}{row}" for row in "12345")) for col in "abcde"),
)
"""The ten hands: each row (``"row 1"`` to ``"row 5"``) then each column
(``"column a"`` to ``"column e"``), with their cells in order."""

DRAW = Move("draw", "stock")
"""Turn the top card of the stock (the placement game)."""

DECLARE = Move("declare")
"""Declare the grid finished, which ends the open game."""

SWAP_LIMIT = 200
"""The open game's default limit on swaps, after which it ends by itself.

Any arrangement of 25 cards can be reached from any other in at most 24
swaps, so the limit never stops a player from reaching the grid they want.
"""


@attrs.frozen
class ScoredLine:
    """One of the ten hands of a grid, as :meth:`PokerSolitaire.hands` reports it."""

    name: str
    """``"row 1"`` to ``"row 5"`` or ``"column a"`` to ``"column e"``."""
    cells: tuple[str, ...]
    """The line's five cells, left to right or top to bottom."""
    cards: tuple[Card, ...]
    """The cards placed in the line so far, in the order of its cells."""
    hand: Hand | None
    """The hand's category once the line holds five cards, else ``None``."""
    points: int
    """What the hand scores in the game's table (0 until the line is full)."""


MAX_SWAP_LIMIT = 10_000
"""The largest ``swap_limit`` of the open game."""

_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "must-place": "the turned card must be placed before the next is turned",
        "nothing-turned": "no card is turned to be placed: draw first",
        "cell-taken": "the cell already holds a card",
        "card-stays": "a card placed in the grid never moves: cards come into the grid"
        " only from the turned pile",
    }
)
"""The placement game's refusal codes (see :attr:`Game.refusals <patience.Game.refusals>`)."""

_OPEN_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "same-cell": "a swap names two different cells",
        "swap-order": "a swap is written with the earlier cell first (a1 before b1, e1 before a2)",
    }
)
"""The open game's refusal codes."""

_DETAIL_OR_COUNT = re.compile(r"(?:^|\s)(?:x\d+|=\S*)(?:\s|$)")


def _check_table(name: str, table: object) -> str:
    if not isinstance(table, str) or table not in TABLES:
        raise InvalidOptionError(name, "table", f"must be 'american' or 'english', not {table!r}")
    return table


class PokerSolitaire(Game):
    """Poker Solitaire (Poker Squares): the placement game, or with ``open`` the open grid.

    Piles: the ``stock`` (face down), in the placement game a ``turned`` pile
    holding the card just turned (face up), and the cells ``a1`` to ``e5``
    (letter the column, digit the row; see :data:`CELLS`), each holding at
    most one face-up card.

    Placement moves: ``draw`` (:data:`DRAW`) turns the stock's top card onto
    ``turned``, and ``turned-c3`` places it in the empty cell ``c3``; the
    next card can only be turned once the last one is placed. The game ends
    with the 25th placement. Open moves: ``swap a1-b2`` exchanges two cells
    (any two), and ``declare`` (:data:`DECLARE`) ends the game; it also ends
    after ``swap_limit`` swaps (:data:`SWAP_LIMIT` by default).

    The score is the sum of the points of every full row and column in the
    table chosen (``"american"`` or ``"english"``, see :data:`TABLES`);
    higher is better, and a finished game is won when it reaches the table's
    mark in :data:`TARGETS`.
    """

    title = "Poker Solitaire"
    better = Better.HIGHER

    def __init__(
        self,
        name: str = "poker-solitaire",
        *,
        table: str = "american",
        open: bool = False,
        swap_limit: int | None = None,
    ) -> None:
        table = _check_table(name, table)
        is_open = check_flag(name, "open", open)
        options: dict[str, Any] = {"table": table, "open": is_open}
        if swap_limit is not None and not is_open:
            raise InvalidOptionError(name, "swap_limit", "applies only with open=True")
        if is_open:
            limit = SWAP_LIMIT if swap_limit is None else swap_limit
            options["swap_limit"] = check_count(name, "swap_limit", limit, 1, MAX_SWAP_LIMIT)
        super().__init__(name, options)
        self.table_name = table
        """``"american"`` or ``"english"``."""
        self.table: Mapping[Hand, int] = TABLES[table]
        """The scoring table in use."""
        self.target = TARGETS[table]
        """The classic mark: a finished game scoring at least this much is won."""
        self.open = is_open
        """Whether this is the open variant (all 25 cards dealt face up, swaps)."""
        if is_open:
            self.move_kinds = frozenset(("swap", "declare"))
            self.refusals = _OPEN_REFUSALS
        else:
            self.move_kinds = frozenset(("move", "draw"))
            self.action_piles = FrozenMapping({"draw": "stock"})
            self.refusals = _REFUSALS
        self.swap_limit: int | None = options.get("swap_limit")
        """The open game's limit on swaps (``None`` for the placement game)."""
        if is_open:
            self.title = "Poker Solitaire (open)"
        self._deck = Deck.standard()
        specs = [PileSpec("stock", "stock", 0, 0, label="Stock")]
        if not is_open:
            specs.append(PileSpec("turned", "waste", 0, 1, label="Turned card"))
        specs += [
            PileSpec(cell, "grid", 1 + k // 5, k % 5, label=cell.upper())
            for k, cell in enumerate(CELLS)
        ]
        self._set_layout(specs)
        self._first = 1 if is_open else 2
        self._cell_index = {cell: self._first + k for k, cell in enumerate(CELLS)}
        self._lines = tuple(
            (line, cells, tuple(self._cell_index[c] for c in cells)) for line, cells in LINES
        )
        self._places = tuple(Move("move", "turned", cell) for cell in CELLS)
        self._place_index = {m: self._first + k for k, m in enumerate(self._places)}
        self._swaps = tuple(
            Move("swap", CELLS[i], CELLS[j]) for i in range(25) for j in range(i + 1, 25)
        )
        self._swap_index = {
            m: (self._cell_index[m.source or ""], self._cell_index[m.target or ""])
            for m in self._swaps
        }
        self._open_moves = (*self._swaps, DECLARE)
        self._info = Info({"swaps": 0, "declared": False}) if is_open else EMPTY_INFO
        self._order = sorted(Hand, key=lambda h: -self.table[h])

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack; only the first 25 cards of a deal are played."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        if self.open:
            stock = tuple(reversed(cards[25:]))
            return self._new_state((stock, *((c,) for c in cards[:25])), self._info)
        empty: tuple[tuple[Card, ...], ...] = ((),) * 26
        return self._new_state((tuple(reversed(cards)), *empty), self._info)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Poker Solitaire keeps each pile as a bare tuple of cards: the stock is
        all face down, every other pile face up."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        stock = items[0]
        return (Pile._trusted(stock, len(stock)), *(Pile._trusted(c, 0) for c in items[1:]))

    # ------------------------------------------------------------ helpers

    def grid(self, state: State) -> tuple[tuple[Card | None, ...], ...]:
        """The grid as five rows of five cells, ``None`` for an empty cell."""
        items = state._items
        cells = [items[self._first + k] for k in range(25)]
        return tuple(tuple(c[0] if c else None for c in cells[r * 5 : r * 5 + 5]) for r in range(5))

    def hands(self, state: State) -> tuple[ScoredLine, ...]:
        """The ten hands, rows first, with their categories and points."""
        items = state._items
        out = []
        for line, cells, where in self._lines:
            cards = tuple(items[k][0] for k in where if items[k])
            hand = _classify(cards) if len(cards) == 5 else None
            out.append(
                ScoredLine(line, cells, cards, hand, 0 if hand is None else self.table[hand])
            )
        return tuple(out)

    def _placed(self, items: tuple[Any, ...]) -> int:
        return sum(1 for k in range(self._first, self._first + 25) if items[k])

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """Placement: ``draw``, or a placement in every empty cell. Open: every swap, then
        ``declare``."""
        items = state._items
        if self.open:
            return () if self.is_over(state) else self._open_moves
        first = self._first
        if items[1]:
            return tuple(m for k, m in enumerate(self._places) if not items[first + k])
        if self._placed(items) < 25:
            return (DRAW,)
        return ()

    def _apply(self, state: State, move: Move) -> State:
        if self.open:
            return self._apply_open(state, move)
        items = state._items
        if move == DRAW:
            if items[1] or self._placed(items) == 25:
                self._refuse(state, move)
            stock = items[0]
            return self._new_state((stock[:-1], (stock[-1],), *items[2:]), state.info)
        k = self._place_index.get(move)
        if k is None or not items[1] or items[k]:
            self._refuse(state, move)
        after = list(items)
        after[k] = items[1]
        after[1] = ()
        return self._new_state(tuple(after), state.info)

    def _capacities(self) -> list[int]:
        """The stock the pack (the open game: what is not on the grid), the
        turned card one, each cell one."""
        return [52 if not self.open else 27, *([1] if not self.open else []), *[1] * 25]

    def _action_space(self) -> tuple[Move, ...]:
        """Open: every swap, then ``declare``. Placement: the turned card into
        each cell, then the draw."""
        return self._open_moves if self.open else (*self._places, DRAW)

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` for refusing ``move``, known to be illegal in ``state``: what is wrong
        with the move itself, then the game being over, then the first rule it breaks."""
        problem = self._not_a_move(move)
        if problem:
            return problem, "not-a-move"
        items = state._items
        if self.open:
            if self.is_over(state):
                reason = (
                    "the grid was declared finished"
                    if state.info["declared"]
                    else f"all {self.swap_limit} swaps allowed are made"
                )
                return f"the game is over: {reason}", "game-over"
            if move.source == move.target:
                reason = "a swap names two different cells"
                return reason, "same-cell"
            reason = f"write the swap with the earlier cell first: swap {move.target}-{move.source}"
            return reason, "swap-order"
        if not self._legal_moves(state):
            return "the grid is full: the game is over", "game-over"
        if move == DRAW:
            card = items[1][0]
            reason = f"the turned {card.symbol} must be placed before the next turn"
            return reason, "must-place"
        source = move.source or ""
        if source != "turned":  # a cell
            placed = items[self._cell_index[source]]
            if placed:
                reason = f"a placed card never moves: {source} holds {placed[0].symbol}"
            else:
                reason = f"{source} is empty, and cards come into the grid only from turned"
            return reason, "card-stays"
        if not items[1]:
            return "no card is turned: draw first", "nothing-turned"
        held = items[self._cell_index[move.target or ""]][0]
        reason = f"{move.target} already holds {held.symbol}: a placed card stays"
        return reason, "cell-taken"

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of this game in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.count != 1 or move.detail is not None:
            return "Poker Solitaire moves take no count or detail"
        if self.open:
            if move.kind == "declare":
                if move != DECLARE:
                    return "'declare' names no pile: write 'declare'"
                return ""
            if move.source not in self._cell_index or move.target not in self._cell_index:
                return "a swap exchanges two cards of the grid: swap a1-b2"
            return ""
        if move.kind == "draw":
            if move.source != "stock":
                return "the draw acts on the stock: write 'draw'"
            return "" if move == DRAW else "a draw names only the stock: write 'draw'"
        source, target = move.source, move.target  # a card move names both
        if source == "stock":
            return "cards are turned from the stock with 'draw' and placed from turned"
        if source == "turned" and target not in self._cell_index:
            return "the turned card goes into a cell of the grid, a1 to e5"
        return ""

    def _events(self, state: State, move: Move, after: State) -> Iterable[Event]:
        """A swap moves each card to the other's cell; other moves are one card
        from one pile to another, worked out from the two positions."""
        pair = self._swap_index.get(move) if self.open else None
        if pair is None:
            return super()._events(state, move, after)
        i, j = pair
        items, names = state._items, self._names
        return [
            CardsMoved(names[i], 0, names[j], 1, items[i]),
            CardsMoved(names[j], 0, names[i], 0, items[j]),
        ]

    def _apply_open(self, state: State, move: Move) -> State:
        pair = self._swap_index.get(move)
        if (pair is None and move != DECLARE) or self.is_over(state):
            self._refuse(state, move)
        if pair is None:
            return self._new_state(state._items, state.info.set(declared=True))
        i, j = pair
        after = list(state._items)
        after[i], after[j] = after[j], after[i]
        swaps = state.info["swaps"]
        assert isinstance(swaps, int)
        return self._new_state(tuple(after), state.info.set(swaps=swaps + 1))

    def _is_over(self, state: State) -> bool:
        """Placement: the grid is full. Open: declared, or the swap limit reached."""
        if self.open:
            swaps = state.info["swaps"]
            assert isinstance(swaps, int) and self.swap_limit is not None
            return bool(state.info["declared"]) or swaps >= self.swap_limit
        items = state._items
        return not items[1] and self._placed(items) == 25

    def _scores(self, state: State) -> tuple[int, ...]:
        """The sum of the points of every full row and column."""
        return self._memoised(state, self._score_of)

    def _score_of(self, state: State) -> tuple[int, ...]:
        items = state._items
        table = self.table
        total = 0
        for _, _, where in self._lines:
            cards = [items[k][0] for k in where if items[k]]
            if len(cards) == 5:
                total += table[_classify(cards)]
        return (total,)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won once the game is over with at least the table's mark (:data:`TARGETS`)."""
        return (0,) if self.is_over(state) and self.scores(state)[0] >= self.target else ()

    # ------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """The grid up to reordering rows, reordering columns and transposing, with what
        is still to come.

        Rows stay rows and columns stay columns under such a change (or all
        trade places under transposing), so the ten hands and every future
        placement are the same. In the placement game only the cards still to
        be turned matter of the stock; in the open game the swaps used are left
        to :meth:`debt`.
        """
        items = state._items
        first = self._first
        keys = [items[first + k][0].sort_key if items[first + k] else -1 for k in range(25)]
        rows = tuple(tuple(keys[r * 5 : r * 5 + 5]) for r in range(5))
        grid = min(_normal(rows), _normal(tuple(zip(*rows))))
        if self.open:
            return (grid, state.info["declared"])
        return (grid, items[1], self._to_come(items))

    def debt(self, state: State) -> int:
        """The open game's swaps used (0 in the placement game)."""
        if not self.open:
            return 0
        swaps = state.info["swaps"]
        assert isinstance(swaps, int)
        return swaps

    def safe_moves(self, state: State) -> tuple[Move, ...]:
        """``draw`` whenever it is legal: it is then the only move."""
        if self.open:
            return ()
        items = state._items
        if not items[1] and self._placed(items) < 25:
            return (DRAW,)
        return ()

    def _to_come(self, items: tuple[Any, ...]) -> tuple[Card, ...]:
        """The stock cards that will still be turned, in the order they come (last first)."""
        left = 25 - self._placed(items) - len(items[1])
        stock: tuple[Card, ...] = items[0]
        return stock[len(stock) - left :]

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """An optimistic total: each full line's points, plus for each other line the best
        category that its cards and the cards still to come could conceivably make.

        In the open game each line is bounded by the best category any five of
        the 25 cards make; once the game is over the bound is the score.
        """
        if self.is_over(state):
            return self.scores(state)[0]
        items = state._items
        if self.open:
            cards = tuple(items[self._first + k][0] for k in range(25))
            return 10 * _best_possible((), cards, self.table, self._order)
        pool = (*items[1], *self._to_come(items))
        total = 0
        for _, _, where in self._lines:
            fixed = tuple(items[k][0] for k in where if items[k])
            total += _best_possible(fixed, pool, self.table, self._order)
        return total

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once :meth:`score_bound` falls short of the table's mark."""
        bound = self.score_bound(state, player)
        return bound is None or bound >= self.target

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read a move. Placement: ``draw`` and ``turned-c3`` (short forms ``c3`` and
        ``place c3``). Open: ``swap a1-b2`` (the cells in either order) and
        ``declare`` (or ``finish``)."""
        short = text.strip().lower() if isinstance(text, str) else ""
        if not self.open:
            if short.startswith("place "):
                short = short[6:].strip()
            if short in self._cell_index:
                return self._places[self._cell_index[short] - self._first]
        elif short == "finish":
            return DECLARE
        move = super().parse_move(state, text)
        if move.count != 1 or move.detail is not None or _DETAIL_OR_COUNT.search(short):
            raise InvalidMoveError(text, "Poker Solitaire moves take no count or detail", state)
        if self.open:
            if move.kind in ("declare", "finish") and move.source is None:
                return DECLARE
            if move.kind == "swap" and move.source in CELLS and move.target in CELLS:
                if move.source == move.target:
                    raise InvalidMoveError(text, "a swap names two different cells", state)
                pair = sorted((move.source, move.target), key=CELLS.index)
                return Move("swap", pair[0], pair[1])
            raise InvalidMoveError(text, "the moves are 'swap <cell>-<cell>' and 'declare'", state)
        if move == DRAW:
            return DRAW
        if move.kind == "move" and move.source == "turned" and move.target in CELLS:
            return move
        raise InvalidMoveError(
            text, "the moves are 'draw' and 'turned-<cell>' (or just the cell)", state
        )

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        items = state._items
        first = self._first
        for k, cell in enumerate(CELLS):
            size = len(items[first + k])
            if self.open and size != 1:
                return f"every cell holds one card in the open game; {cell} holds {size}"
            if size > 1:
                return f"cell {cell} holds {size} cards: a cell holds one card"
        if self.open:
            swaps = state.info["swaps"]
            assert self.swap_limit is not None
            if isinstance(swaps, bool) or not isinstance(swaps, int):
                return "info 'swaps' must be an integer"
            if not 0 <= swaps <= self.swap_limit:
                return f"info 'swaps' must be from 0 to the swap limit {self.swap_limit}"
            if not isinstance(state.info["declared"], bool):
                return "info 'declared' must be true or false"
            return ""
        if len(items[1]) > 1:
            return "the turned pile holds at most one card"
        if self._placed(items) + len(items[1]) > 25:
            return "a card is turned although the grid is full"
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """The stock (and turned card), then the grid with each full line's points:
        a row's at its right end, a column's beneath it."""
        items = state._items
        stock = items[0]
        lines = [self.title, f" stock: [{len(stock)}] ##" if stock else " stock: ."]
        if not self.open:
            lines.append(f"turned: {card_text(items[1][0], symbols) if items[1] else '.'}")
        hands = self.hands(state)
        lines.append(" " * 6 + "".join(f"{col:>4}" for col in "abcde"))
        for r, row in enumerate(self.grid(state)):
            shown = "".join(f"{card_text(c, symbols) if c else '.':>4}" for c in row)
            line = hands[r]
            points = f"{line.points:>6}" if line.hand is not None else ""
            lines.append(f"{r + 1:>6}{shown}{points}")
        if any(h.hand is not None for h in hands[5:]):
            columns = "".join(f"{h.points:>4}" if h.hand is not None else "    " for h in hands[5:])
            lines.append((" " * 6 + columns).rstrip())
        lines.append(self._status(state))
        return "\n".join(lines)


def _normal(rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The grid with its columns sorted, then its rows: an equivalent grid."""
    columns = sorted(zip(*rows))
    return tuple(sorted(zip(*columns)))


_ALL_SUITS = tuple(Suit)


def _best_possible(
    fixed: tuple[Card, ...], pool: tuple[Card, ...], table: Mapping[Hand, int], order: list[Hand]
) -> int:
    """The most a line holding ``fixed`` could score once filled from ``pool``.

    Categories are tried best first; one is ruled out only when the cards
    cannot make it at all, so the answer is never below the truth.
    """
    need = 5 - len(fixed)
    if need <= 0:
        return table[_classify(fixed)]
    if len(pool) < need:
        return 0
    fixed_ranks = Counter(c.rank for c in fixed)
    pool_ranks = Counter(c.rank for c in pool)
    suits = {c.suit for c in fixed if c.suit is not None}
    pool_set = set(pool)
    flush_suits: tuple[Suit, ...] = () if len(suits) > 1 else tuple(suits) or _ALL_SUITS
    distinct = set(fixed_ranks)

    def run_of(window: frozenset[int], suit: Suit) -> bool:
        if not distinct <= window or any(c.suit is not suit for c in fixed):
            return False
        return all(Card(r, suit) in pool_set for r in window - distinct)

    for hand in order:
        if table[hand] == 0:
            return 0
        if hand is Hand.ROYAL_FLUSH:
            ok = any(run_of(_WINDOWS[-1], s) for s in flush_suits)
        elif hand is Hand.STRAIGHT_FLUSH:
            ok = any(run_of(w, s) for w in _WINDOWS[:-1] for s in flush_suits)
        elif hand is Hand.FLUSH:
            ok = any(len(fixed) + sum(c.suit is s for c in pool) >= 5 for s in flush_suits)
        elif hand is Hand.STRAIGHT:
            ok = max(fixed_ranks.values(), default=1) == 1 and any(
                distinct <= w and all(pool_ranks[r] for r in w - distinct) for w in _WINDOWS
            )
        elif hand is Hand.FOUR_OF_A_KIND:
            ok = any(
                fixed_ranks[r] + pool_ranks[r] >= 4 and len(fixed) - fixed_ranks[r] <= 1
                for r in range(1, 14)
            )
        elif hand is Hand.FULL_HOUSE:
            ok = len(distinct) <= 2 and any(
                r != t
                and distinct <= {r, t}
                and fixed_ranks[r] <= 3
                and fixed_ranks[t] <= 2
                and fixed_ranks[r] + pool_ranks[r] >= 3
                and fixed_ranks[t] + pool_ranks[t] >= 2
                for r in range(1, 14)
                for t in range(1, 14)
            )
        elif hand is Hand.THREE_OF_A_KIND:
            ok = any(
                fixed_ranks[r] <= 3
                and fixed_ranks[r] + pool_ranks[r] >= 3
                and len(fixed) - fixed_ranks[r] <= 2
                for r in range(1, 14)
            )
        elif hand is Hand.TWO_PAIR:
            ok = len(distinct) <= 3 and (
                sum(fixed_ranks[r] + pool_ranks[r] >= 2 for r in range(1, 14)) >= 2
            )
        else:  # one pair
            ok = any(fixed_ranks[r] + pool_ranks[r] >= 2 for r in range(1, 14))
        if ok:
            return table[hand]
    return 0


def _poker_solitaire(
    *, table: str = "american", open: bool = False, swap_limit: int | None = None
) -> Game:
    return PokerSolitaire("poker-solitaire", table=table, open=open, swap_limit=swap_limit)


register(
    "poker-solitaire",
    _poker_solitaire,
    aliases=("poker-squares",),
    summary="Place 25 cards in a 5 x 5 grid to score ten poker hands, rows and columns.",
)
