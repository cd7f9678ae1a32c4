"""Golf and TriPeaks: clear the table onto a waste, one rank up or down.

Both games lay cards out on the table and turn the rest of the pack, one
card at a time, from a face-down stock onto a face-up waste. A table card
that is free (nothing lies on it) may go onto the waste when its rank is one
above or one below the waste's top card, suits ignored; the stock is turned
whenever the player likes, once through. The waste is the only place cards
go, so every move is for good.

- Golf lays seven columns of five cards, all face up; the top card of each
  column is free. Ranks do not wrap (an ace goes only on a two) and nothing
  goes on a king, by default.
- TriPeaks lays 28 cards as three overlapping peaks over a base row of ten.
  A card is free once both cards that overlap it are gone; the base row lies
  face up and every other card face down until it is free. Ranks wrap by
  default (a king and an ace are next to each other).

The score is the number of cards left on the table; lower is better, and
zero wins. Registered as ``golf`` and ``tripeaks``; see the rules pages in
the documentation.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from .._json import FrozenMapping
from ..cards import Card, Deck
from ..errors import InvalidMoveError
from ..events import CardsMoved, CardsTurned, Event
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text, is_listed
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import EMPTY_INFO, State
from ..tableau import check_flag

__all__ = [
    "COLUMNS",
    "DRAW",
    "PEAK_COVERS",
    "PEAK_ROWS",
    "Golf",
    "Peaks",
    "TriPeaks",
    "next_to",
]

DRAW = Move("draw", "stock")
"""Turn the stock's top card face up onto the waste."""

COLUMNS: tuple[str, ...] = tuple(f"c{k}" for k in range(1, 8))
"""Golf's seven columns, ``c1`` at the left to ``c7``."""

PEAK_ROWS: tuple[tuple[str, ...], ...] = (
    tuple(f"a{k}" for k in range(1, 4)),
    tuple(f"b{k}" for k in range(1, 7)),
    tuple(f"c{k}" for k in range(1, 10)),
    tuple(f"d{k}" for k in range(1, 11)),
)
"""TriPeaks' places, row by row from the peaks' tops down: the three tops
``a1``-``a3``, then ``b1``-``b6``, ``c1``-``c9`` and the base row ``d1``-``d10``,
each row from the left."""


def _peak_covers() -> dict[str, tuple[str, str]]:
    a, b, c, d = PEAK_ROWS
    covers: dict[str, tuple[str, str]] = {}
    for k in range(3):
        covers[a[k]] = (b[2 * k], b[2 * k + 1])
        for m in range(2):
            covers[b[2 * k + m]] = (c[3 * k + m], c[3 * k + m + 1])
    for j in range(9):
        covers[c[j]] = (d[j], d[j + 1])
    return covers


PEAK_COVERS: Mapping[str, tuple[str, str]] = FrozenMapping(_peak_covers())
"""For each TriPeaks place above the base row, the two places whose cards
overlap it: ``a1`` lies under ``b1`` and ``b2``, ``c1`` under ``d1`` and ``d2``.
A card is free once both are empty."""


def next_to(card: Card, other: Card, wrap: bool) -> bool:
    """Whether the ranks of two cards are one apart; with ``wrap`` a king and an
    ace count as one apart too.

    >>> next_to(Card.parse("7S"), Card.parse("8H"), False)
    True
    >>> king, ace = Card.parse("KS"), Card.parse("AH")
    >>> next_to(king, ace, False), next_to(king, ace, True)
    (False, True)
    """
    gap = abs(card.rank - other.rank)
    return gap == 1 or (wrap and gap == 12)


_STOCK, _WASTE, _T0 = 0, 1, 2

_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "stock-empty": "the stock is used up: nothing is left to turn, and it is never"
        " turned over again",
        "waste-only": "table cards go only onto the waste",
        "empty-pile": "the place named holds no card",
        "covered": "the card is not free: another card still lies on it",
        "no-waste": "the waste is empty: turn a card from the stock to start it",
        "rank": "the card's rank is not one above or one below the waste's top card",
        "dead-king": "nothing goes on a king (the option dead_king)",
    }
)
"""The refusal codes of Golf and TriPeaks (see :attr:`Game.refusals <patience.Game.refusals>`)."""


class Peaks(Game):
    """The shape Golf and TriPeaks share: table piles, a stock and a waste.

    Subclasses give the table in the constructor: the piles' layout, which
    places lie on which (``covers``: each place's index with the indices of
    the places that overlap it) and whether covered cards lie face down.
    The piles in every state are the ``stock`` (face down, its top card
    turned next), the ``waste`` (face up) and the table piles, in that order.

    Moves: ``c3-waste`` (the free card at ``c3`` onto the waste) and ``draw``
    (:data:`DRAW`).

    A state keeps each pile as a bare tuple of cards; which table cards lie
    face down follows from what covers them.
    """

    better = Better.LOWER
    move_kinds = frozenset(("move", "draw"))
    action_piles = FrozenMapping({"draw": "stock"})
    refusals = _REFUSALS

    # Set by the subclass's constructor.
    wrap: bool
    """Whether a king and an ace count as one rank apart."""
    dead_king: bool
    """Whether nothing goes on a king."""

    def _setup(
        self,
        table: list[PileSpec],
        covers: dict[int, tuple[int, ...]],
        hidden: bool,
        stock_at: tuple[int, int],
        waste_at: tuple[int, int] | None = None,
        steps: tuple[dict[int, float], dict[int, float]] = ({}, {}),
    ) -> None:
        self._deck = Deck.standard()
        waste_at = waste_at or (stock_at[0], stock_at[1] + 1)
        self._set_layout(
            [
                PileSpec("stock", "stock", *stock_at, label="Stock"),
                PileSpec("waste", "waste", *waste_at, label="Waste"),
                *table,
            ],
            row_steps=steps[0],
            column_steps=steps[1],
        )
        self._size = len(table)
        self._covers = tuple(tuple(_T0 + c for c in covers.get(k, ())) for k in range(len(table)))
        self._hidden = hidden
        # For each table pile, the piles it lies on (that may turn up when it goes).
        self._freed = tuple(
            tuple(j for j in range(len(table)) if _T0 + k in self._covers[j])
            for k in range(len(table))
        )
        self._plays = tuple(Move("move", spec.name, "waste") for spec in table)
        # For each table pile, the piles it lies on, however indirectly: their
        # cards come free only once its own are gone.
        beneath: list[set[int]] = [set() for _ in table]
        for k in range(len(table)):
            todo = [k]
            while todo:
                j = todo.pop()
                for m, over in enumerate(self._covers):
                    if _T0 + j in over and m not in beneath[k]:
                        beneath[k].add(m)
                        todo.append(m)
        self._beneath = tuple(tuple(sorted(b)) for b in beneath)
        self._table_cards = 0  # set by the subclass: cards laid on the table

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack."""
        return self._deck

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        stock = items[_STOCK]
        out = [Pile._trusted(stock, len(stock)), Pile._trusted(items[_WASTE], 0)]
        for k in range(self._size):
            cards = items[_T0 + k]
            down = 1 if cards and self._hidden and not self._is_free(items, k) else 0
            out.append(Pile._trusted(cards, down))
        return tuple(out)

    def _is_free(self, items: tuple[Any, ...], k: int) -> bool:
        """Whether nothing lies on table pile ``k`` (from 0)."""
        return not any(items[c] for c in self._covers[k])

    def _fits(self, card: Card, top: Card) -> bool:
        if self.dead_king and top.rank == 13:
            return False
        return next_to(card, top, self.wrap)

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """Each free table card that fits on the waste, left to right and top
        row first; then ``draw`` while the stock holds cards. None once the
        table is clear: the game is won."""
        return self._memoised(state, self._listing)

    def _listing(self, state: State) -> tuple[Move, ...]:
        items = state._items
        if not any(items[_T0:]):
            return ()
        out: list[Move] = []
        waste = items[_WASTE]
        if waste:
            top = waste[-1]
            fits = self._fits
            for k in range(self._size):
                cards = items[_T0 + k]
                if cards and self._is_free(items, k) and fits(cards[-1], top):
                    out.append(self._plays[k])
        if items[_STOCK]:
            out.append(DRAW)
        return tuple(out)

    def _apply(self, state: State, move: Move) -> State:
        if not is_listed(move, self._legal_moves(state)):
            self._refuse(state, move)
        items = list(state._items)
        if move.kind == "draw":
            stock = items[_STOCK]
            items[_STOCK] = stock[:-1]
            items[_WASTE] = items[_WASTE] + stock[-1:]
        else:
            s = self._index[move.source or ""]
            cards = items[s]
            items[s] = cards[:-1]
            items[_WASTE] = items[_WASTE] + cards[-1:]
        return self._new_state(tuple(items), state.info)

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """A draw turns the stock's top card onto the waste; a play moves the
        card onto the waste, then turns up each face-down card it left free."""
        items = state._items
        waste = items[_WASTE]
        if move.kind == "draw":
            stock = items[_STOCK]
            return [
                CardsMoved(
                    "stock", len(stock) - 1, "waste", len(waste), stock[-1:], was_face_up=False
                )
            ]
        s = self._index[move.source or ""]
        cards = items[s]
        log: list[Event] = [
            CardsMoved(self._names[s], len(cards) - 1, "waste", len(waste), cards[-1:])
        ]
        if self._hidden:
            now = after._items
            for k in self._freed[s - _T0]:
                if now[_T0 + k] and self._is_free(now, k):
                    log.append(CardsTurned(self._names[_T0 + k], 0, now[_T0 + k]))
        return log

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` for ``move``, known not to be legal in ``state``."""
        problem = self._not_a_move(move)
        if problem:
            return problem, "not-a-move"
        items = state._items
        if not self._legal_moves(state):
            if self._winners(state):
                return "the game is over: the table is clear", "game-over"
            return "the game is over: the stock is used up and no card fits", "game-over"
        if move.kind == "draw":
            return "the stock is used up: it is not turned over again", "stock-empty"
        if move.target != "waste":
            return "table cards go only onto the waste", "waste-only"
        s = self._index[move.source or ""]
        cards = items[s]
        if not cards:
            return f"{move.source} holds no card", "empty-pile"
        if not self._is_free(items, s - _T0):
            on = [self._names[c] for c in self._covers[s - _T0] if items[c]]
            return f"{move.source} is covered by {' and '.join(on)}", "covered"
        waste = items[_WASTE]
        if not waste:
            return "the waste is empty: draw a card from the stock to start it", "no-waste"
        card, top = cards[-1], waste[-1]
        if self.dead_king and top.rank == 13:
            return f"nothing goes on {top.symbol}: a king ends the run", "dead-king"
        wraps = not self.wrap and abs(card.rank - top.rank) == 12
        wrap = " (ranks do not wrap between king and ace)" if wraps else ""
        return (
            f"{card.symbol} is not one rank above or below {top.symbol}{wrap}",
            "rank",
        )

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of this game in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.detail is not None:
            return f"a move of {self.title} takes no '=' detail"
        if move.kind == "draw":
            if move != DRAW:
                return "'draw' names only the stock: write 'draw'"
            return ""
        if move.source == "stock":
            return "the stock's cards are turned with 'draw'"
        if move.source == "waste":
            return "cards never leave the waste"
        if move.count != 1:
            return "one card moves at a time"
        return ""

    def _telling_move(self, state: State, pile: str, index: int | None) -> Move | None:
        """A table card would go to the waste: its refusal says what covers
        it, or why it does not fit on the waste's card."""
        k = self._index[pile] - _T0
        return self._plays[k] if 0 <= k < self._size else None

    def _is_over(self, state: State) -> bool:
        """Over when no move is left: the table is clear, or the stock is used up
        and no free card fits on the waste. Every move is progress (a card goes
        onto the waste for good), so no search is needed."""
        return not self._legal_moves(state)

    def _progress(self, state: State) -> Hashable:
        """The cards left in the stock and on the table: every move lowers one."""
        items = state._items
        return (len(items[_STOCK]), self._scores(state)[0])

    def _scores(self, state: State) -> tuple[int, ...]:
        """The cards left on the table."""
        items = state._items
        return (sum(len(items[_T0 + k]) for k in range(self._size)),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won when the table is clear."""
        return () if any(state._items[_T0:]) else (0,)

    def _capacities(self) -> list[int]:
        """The stock what the table did not take, the waste the whole pack, a
        table pile what it is dealt."""
        per = self._table_cards // self._size
        return [52 - self._table_cards, 52, *[per] * self._size]

    def _action_space(self) -> list[Move]:
        """Each table pile's card onto the waste, then the draw."""
        return [*self._plays, DRAW]

    # ------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """The piles' cards: the stock, the waste's top card (the cards beneath it
        never matter again) and the table."""
        items = state._items
        return (items[_STOCK], items[_WASTE][-1:], items[_T0:])

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """A table card onto the waste leaves one card fewer; a draw none."""
        (now,) = self._scores(state)
        return tuple(now if m.kind == "draw" else now - 1 for m in self._legal_moves(state))

    def _move_progress(self, state: State, move: Move) -> bool | None:
        return True

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """Zero while play goes on; the score once the game is over."""
        return self.scores(state)[0] if self.is_over(state) else 0

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once the game is over with cards on the table, or when a table
        card can never be played: no card it could go on (one rank away, and
        not a king under ``dead_king``) is left on the waste's top, in the
        stock, or on the table other than beneath it (a card beneath it comes
        free only after it has gone)."""
        self._check_own(state)
        items = state._items
        if not self._legal_moves(state):
            return bool(self._winners(state))
        count = [0] * 15  # cards of each rank that could still be a waste top
        for card in items[_STOCK]:
            count[card.rank] += 1
        if items[_WASTE]:
            count[items[_WASTE][-1].rank] += 1
        for k in range(self._size):
            for card in items[_T0 + k]:
                count[card.rank] += 1
        if self.dead_king:
            count[13] = 0
        if self.wrap:
            count[0], count[14] = count[13], count[1]
        elif not self._enough_to_go_on(items):
            return False
        for k in range(self._size):
            cards = items[_T0 + k]
            if not cards:
                continue
            lying = [0] * 15  # ranks of the cards beneath
            for j in self._beneath[k]:
                for card in items[_T0 + j]:
                    lying[card.rank] += 1
            for card in cards:
                r = card.rank
                below, above = r - 1, r + 1
                if count[below] - lying[below] <= 0 and count[above] - lying[above] <= 0:
                    return False
                lying[r] += 1  # beneath the next card of the pile
        return True

    def _enough_to_go_on(self, items: tuple[Any, ...]) -> bool:
        """Whether every table card can have a card of its own to go on
        (ranks not wrapping): False proves the position lost.

        The argument. Each table card goes onto the waste's top card, which
        is then the card it went on: the waste's top now, a card turned from
        the stock later, or a table card played before it. A card on the
        waste is covered by the next card to come, so no card is gone onto by
        two table cards, and nothing is gone onto a king under
        ``dead_king``. So a win gives every table card its own card, one
        rank away, among the stock, the waste's top and the other table
        cards. Whether such cards can be handed out is a question of ranks
        alone: cards of rank ``r`` need cards of rank ``r - 1`` or ``r + 1``.
        Handing them out rank by rank from the ace up, each rank first taking
        what is left of the rank below (of no use to any later rank) and then
        the rank above, hands out as many as any way can. The order of play
        (a column's cards from the top down, a stock card only when it is
        turned) is left aside, so some lost positions pass the test, but none
        that can be won fails it.
        """
        supply = [0] * 15
        demand = [0] * 15
        for card in items[_STOCK]:
            supply[card.rank] += 1
        if items[_WASTE]:
            supply[items[_WASTE][-1].rank] += 1
        for k in range(self._size):
            for card in items[_T0 + k]:
                supply[card.rank] += 1
                demand[card.rank] += 1
        if self.dead_king:
            supply[13] = 0
        for r in range(1, 14):
            need = demand[r]
            if need:
                take = min(need, supply[r - 1])
                supply[r - 1] -= take
                need -= take
                take = min(need, supply[r + 1])
                supply[r + 1] -= take
                if need > take:
                    return False
        return True

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``draw`` and ``c3-waste``; a table place alone (``c3``) is read
        as its card onto the waste."""
        if not isinstance(text, str):
            return super().parse_move(state, text)  # which refuses it
        short = text.strip().lower()
        if short in self._index and short not in ("stock", "waste"):
            return Move("move", short, "waste")
        move = super().parse_move(state, text)
        if move.kind == "draw" and move != DRAW:
            raise InvalidMoveError(text, "'draw' is written alone", state)
        return move

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        items = state._items
        if len(items[_STOCK]) > 52 - self._table_cards:
            return f"the stock holds more than {52 - self._table_cards} cards"
        per = self._table_cards // self._size
        for k in range(self._size):
            name = self._names[_T0 + k]
            if len(items[_T0 + k]) > per:
                return f"{name} holds more than {per} card{'s' if per > 1 else ''}"
            if not items[_T0 + k]:
                on = [self._names[c] for c in self._covers[k] if items[c]]
                if on:
                    return f"{name} is empty but {' and '.join(on)} still lie on it"
        return ""


class Golf(Peaks):
    """Golf: seven face-up columns of five cards, cleared onto the waste.

    Piles: ``stock``, ``waste`` and the columns ``c1`` to ``c7``
    (:data:`COLUMNS`), each fanned down with its top (free) card last.
    """

    title = "Golf"

    def __init__(self, name: str = "golf", *, wrap: bool = False, dead_king: bool = True) -> None:
        wrap = check_flag(name, "wrap", wrap)
        dead_king = check_flag(name, "dead_king", dead_king)
        super().__init__(name, {"wrap": wrap, "dead_king": dead_king})
        self.wrap = wrap
        self.dead_king = dead_king
        self._setup(
            [
                PileSpec(col, "tableau", 0, k, "down", label=f"Column {k + 1}", extent=3)
                for k, col in enumerate(COLUMNS)
            ],
            {},
            hidden=False,
            stock_at=(3, 0),
        )
        self._table_cards = 35

    def _deal(self, cards: tuple[Card, ...]) -> State:
        """Five rows of seven, dealt across from the top of the deck; the rest
        is the stock, its top the deck's 36th card."""
        columns = tuple(tuple(cards[r * 7 + k] for r in range(5)) for k in range(7))
        return self._new_state((tuple(reversed(cards[35:])), (), *columns), EMPTY_INFO)

    def columns(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The seven columns, each bottom card first (its last card is free)."""
        return tuple(state._items[_T0:])

    def render(self, state: State, symbols: bool = False) -> str:
        """The stock and waste, then the columns side by side, top row first."""
        items = state._items
        stock, waste = items[_STOCK], items[_WASTE]
        width = 4 if symbols else 3
        lines = [
            self.title,
            (f"stock: [{len(stock)}] ##" if stock else "stock: .")
            + "  waste: "
            + (f"[{len(waste)}] {card_text(waste[-1], symbols)}" if waste else "."),
            "   " + "".join(f"{c:>{width}}" for c in COLUMNS),
        ]
        depth = max((len(items[_T0 + k]) for k in range(7)), default=0)
        for r in range(depth):
            row = [items[_T0 + k][r] if r < len(items[_T0 + k]) else None for k in range(7)]
            text = "".join(f"{card_text(c, symbols) if c else '':>{width}}" for c in row)
            lines.append(("   " + text).rstrip())
        lines.append(self._status(state))
        return "\n".join(lines)


class TriPeaks(Peaks):
    """TriPeaks: three peaks of 28 cards, freed from the base row up.

    Piles: ``stock``, ``waste`` and the places of :data:`PEAK_ROWS`, each
    holding one card or none. A card is free once both places that overlap
    it (:data:`PEAK_COVERS`) are empty; it lies face down until then.
    """

    title = "TriPeaks"

    def __init__(self, name: str = "tripeaks", *, wrap: bool = True) -> None:
        wrap = check_flag(name, "wrap", wrap)
        super().__init__(name, {"wrap": wrap})
        self.wrap = wrap
        self.dead_king = False
        names = [n for row in PEAK_ROWS for n in row]
        at = {n: k for k, n in enumerate(names)}
        # Columns on a grid of half cards: the base row's cards two apart.
        columns = {}
        a, b, c, d = PEAK_ROWS
        for k in range(10):
            columns[d[k]] = 2 * k
        for j in range(9):
            columns[c[j]] = 2 * j + 1
        for k in range(3):
            for m in range(2):
                columns[b[2 * k + m]] = 6 * k + 2 * m + 2
            columns[a[k]] = 6 * k + 3
        # Each row half a card below the one above, the columns half a card
        # apart, so that a row lies over the lower half of the row above; the
        # stock and the waste under the middle of the base row. A place
        # emptied stays empty, labelled as the moves name it.
        table = [
            PileSpec(n, "tableau", r, columns[n], label=n, refill=False)
            for r, row in enumerate(PEAK_ROWS)
            for n in row
        ]
        covers = {at[n]: tuple(at[o] for o in PEAK_COVERS[n]) for n in PEAK_COVERS}
        half = (dict.fromkeys(range(3), 0.5), dict.fromkeys(range(18), 0.5))
        self._setup(table, covers, hidden=True, stock_at=(4, 7), waste_at=(4, 11), steps=half)
        self._table_cards = 28

    def _deal(self, cards: tuple[Card, ...]) -> State:
        """The places in order (:data:`PEAK_ROWS`, tops first), one card each from
        the top of the deck; the rest is the stock, its top the deck's 29th card."""
        return self._new_state(
            (tuple(reversed(cards[28:])), (), *((c,) for c in cards[:28])), EMPTY_INFO
        )

    def render(self, state: State, symbols: bool = False) -> str:
        """The stock and waste, then the peaks row by row, face-down cards as ``##``."""
        items = state._items
        stock, waste = items[_STOCK], items[_WASTE]
        lines = [
            self.title,
            (f"stock: [{len(stock)}] ##" if stock else "stock: .")
            + "  waste: "
            + (f"[{len(waste)}] {card_text(waste[-1], symbols)}" if waste else "."),
        ]
        piles = self._decode(items)
        width = 3 if symbols else 2
        k = 0
        for row in PEAK_ROWS:
            cells: list[str] = [" " * width] * 20
            for name in row:
                spec = self.layout[self._index[name]]
                pile = piles[_T0 + k]
                text = "." if not pile else "##" if pile.down else card_text(pile.cards[0], symbols)
                cells[spec.column] = f"{text:<{width}}"
                k += 1
            lines.append(" " + "".join(cells).rstrip())
        lines.append(self._status(state))
        return "\n".join(lines)


def _golf(*, wrap: bool = False, dead_king: bool = True) -> Game:
    return Golf("golf", wrap=wrap, dead_king=dead_king)


def _tripeaks(*, wrap: bool = True) -> Game:
    return TriPeaks("tripeaks", wrap=wrap)


register(
    "golf",
    _golf,
    summary="Clear seven columns onto the waste, one rank up or down; nothing on a king.",
)
register(
    "tripeaks",
    _tripeaks,
    aliases=("tri-peaks", "three-peaks"),
    summary="Clear three peaks onto the waste, one rank up or down, king next to ace.",
)
