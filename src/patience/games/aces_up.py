"""Aces Up: discard every card but the four aces.

Four columns each get one card face up from the stock, and every deal puts
one more card on each column. The top card of a column may be discarded
while a higher card of its suit (aces high) lies on top of another column,
and any top card may move into an empty column. The game is won when the
four aces are all that is left, one alone in each column. The score is the
number of cards discarded; higher is better, and 48 wins.

The rule for discarding is usable on its own: :func:`beats` says whether one
top card lets another be discarded.

Registered as ``aces-up`` (aliases ``aces-high``, ``idiots-delight``); see
the rules page in the documentation.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

from .._json import FrozenMapping
from ..cards import ACE, Card, Deck
from ..errors import InvalidMoveError
from ..events import CardsDealt, CardsMoved, Event
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import EMPTY_INFO, State

__all__ = ["COLUMNS", "DEAL", "AcesUp", "beats", "high_rank", "never_a_space"]

COLUMNS: tuple[str, ...] = ("t1", "t2", "t3", "t4")
"""The four columns, left to right."""

DEAL = Move("deal", "stock")
"""Deal one card from the stock onto each column, ``t1`` first."""

_STOCK, _T0, _DISCARD = 0, 1, 5
_COUNT_OR_DETAIL = re.compile(r"(?:^|\s)(?:x\d+|=\S*)(?:\s|$)")

_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "stock-empty": "the stock is used up: every card is dealt",
        "empty-pile": "the column named holds no card",
        "no-higher": "no higher card of the same suit (aces high) lies on top of another column",
        "space-only": "a card moves from column to column only into an empty column",
        "lone-card": "a column's only card does not move into an empty column: that"
        " would change nothing",
        "discard-stays": "a discarded card stays out of play",
    }
)
"""Aces Up's refusal codes (see :attr:`Game.refusals <patience.Game.refusals>`)."""


def high_rank(card: Card) -> int:
    """A card's rank with the ace high: 2 to 13 as usual, 14 for an ace.

    >>> high_rank(Card.parse("AS")), high_rank(Card.parse("KS"))
    (14, 13)
    """
    return 14 if card.rank == ACE else card.rank


def beats(higher: Card, card: Card) -> bool:
    """Whether ``higher``, on top of another column, lets ``card`` be discarded:
    the same suit and a higher rank, aces high.

    >>> beats(Card.parse("AH"), Card.parse("KH")), beats(Card.parse("9H"), Card.parse("9S"))
    (True, False)
    >>> beats(Card.parse("2C"), Card.parse("AC"))
    False
    """
    return higher.suit is card.suit and high_rank(higher) > high_rank(card)


def never_a_space(items: tuple[Any, ...]) -> bool:
    """Whether the position whose piles are ``items`` (the stock, the four
    columns, the discards) is lost because no column can ever be empty again.

    The argument. Only a card on top of a column moves, and between columns
    it moves only into an empty one, so until some column is empty no card
    changes column: a card stays in its column, and each card of the stock
    lands on the column the deals give it (the top card the first column,
    the next the second, and so on). A column first becomes empty when its
    bottom card is discarded (nothing can come under it before then). That
    never happens to a column that holds an ace, since an ace is never
    discarded and cannot leave its column without an empty one to go to; nor
    to one whose bottom card is *held*: every card of its suit and higher
    rank still in play (in a column or the stock) is in the same column, or
    will be dealt to it, so that none of them can ever be on top of another
    column while that card is on top of its own (a card is discarded only
    while a higher one of its suit is). So if no column is empty and each one
    holds an ace or has a held bottom card, no column is ever empty again.
    Then every column keeps its bottom card, and a win, which leaves each
    ace alone in a column, needs every bottom card to be an ace; and each
    other card must go by a discard, which a held card never can.
    """
    stock = items[_STOCK]
    n = len(stock)
    columns = items[_T0 : _T0 + 4]
    if not all(columns):
        return False
    for k, column in enumerate(columns):
        # A quick look first: a column without an ace has a held bottom card
        # only if the ace of its suit is still to be dealt to it.
        if not any(card.rank == ACE for card in column):
            ace = Card(ACE, column[0].suit)
            if n <= k or ace not in stock[n - 1 - k :: -4]:
                return False
    # Every card in play with the column it is in or will be dealt to, and
    # for each suit the columns that hold (or will hold) a card of each rank.
    place: dict[Card, int] = {}
    for k, column in enumerate(columns):
        for card in column:
            place[card] = k
        for card in stock[n - 1 - k :: -4] if n > k else ():
            place[card] = k
    by_suit: dict[object, list[tuple[int, int]]] = {}
    for card, k in place.items():
        by_suit.setdefault(card.suit, []).append((high_rank(card), k))

    def held(card: Card, k: int) -> bool:
        rank = high_rank(card)
        return all(where == k for r, where in by_suit[card.suit] if r > rank)

    for k, column in enumerate(columns):
        if not any(card.rank == ACE for card in column) and not held(column[0], k):
            return False  # this column might be emptied some day
    if any(column[0].rank != ACE for column in columns):
        return True
    return any(card.rank != ACE and held(card, k) for card, k in place.items())


class AcesUp(Game):
    """Aces Up, one card at a time off the tops of four columns.

    Piles: the ``stock`` (face down, its top card dealt next), the columns
    ``t1`` to ``t4`` (:data:`COLUMNS`, face up, only the top card plays) and
    the ``discard`` pile (face up, out of play).

    Moves: ``t2-discard`` discards the top card of ``t2`` (the short form
    ``t2`` reads the same), ``t2-t4`` moves it into the empty column ``t4``,
    and ``deal`` (:data:`DEAL`) puts the next four cards of the stock on the
    columns, one each.
    """

    title = "Aces Up"
    better = Better.HIGHER
    move_kinds = frozenset(("move", "deal"))
    action_piles = FrozenMapping({"deal": "stock"})
    refusals = _REFUSALS

    def __init__(self, name: str = "aces-up") -> None:
        super().__init__(name, {})
        self._deck = Deck.standard()
        self._set_layout(
            [
                PileSpec("stock", "stock", 0, 0, label="Stock"),
                *(
                    PileSpec(c, "tableau", 0, 1 + k, fan="down", extent=4, label=f"Column {k + 1}")
                    for k, c in enumerate(COLUMNS)
                ),
                PileSpec("discard", "discard", 0, 5, label="Discards"),
            ]
        )
        self._discards = tuple(Move("move", c, "discard") for c in COLUMNS)
        self._shifts = tuple(tuple(Move("move", c, d) for d in COLUMNS) for c in COLUMNS)
        self._short = {c: m for c, m in zip(COLUMNS, self._discards)}

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        columns = tuple((c,) for c in cards[:4])
        return self._new_state((tuple(reversed(cards[4:])), *columns, ()), EMPTY_INFO)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Aces Up keeps each pile as a bare tuple of cards: the stock is all
        face down, every other pile face up."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        stock = items[0]
        return (Pile._trusted(stock, len(stock)), *(Pile._trusted(c, 0) for c in items[1:]))

    # ------------------------------------------------------------ helpers

    @staticmethod
    def _beaten(items: tuple[Any, ...], k: int) -> Card | None:
        """The top card of another column that lets column ``k``'s top go, or ``None``."""
        top = items[_T0 + k][-1]
        for j in range(4):
            other = items[_T0 + j]
            if j != k and other and beats(other[-1], top):
                return other[-1]  # type: ignore[no-any-return]
        return None

    def _moves_of(self, items: tuple[Any, ...]) -> tuple[Move, ...]:
        out: list[Move] = []
        for k in range(4):
            if items[_T0 + k] and self._beaten(items, k) is not None:
                out.append(self._discards[k])
        spaces = [j for j in range(4) if not items[_T0 + j]]
        if spaces:
            for k in range(4):
                if len(items[_T0 + k]) > 1:
                    out += [self._shifts[k][j] for j in spaces]
        if items[_STOCK]:
            out.append(DEAL)
        return tuple(out)

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """Discards (``t1`` to ``t4``), then moves into empty columns (by source,
        then target), then ``deal``."""
        return self._memoised(state, lambda s: self._moves_of(s._items))

    def _apply(self, state: State, move: Move) -> State:
        if move not in self.legal_moves(state):
            self._refuse(state, move)
        items = list(state._items)
        if move.kind == "deal":
            stock = items[_STOCK]
            dealt = stock[-4:][::-1]
            items[_STOCK] = stock[: len(stock) - len(dealt)]
            for k, card in enumerate(dealt):
                items[_T0 + k] = items[_T0 + k] + (card,)
        else:
            s = self._index[move.source or ""]
            t = self._index[move.target or ""]
            source = items[s]
            items[t] = items[t] + source[-1:]
            items[s] = source[:-1]
        return self._new_state(tuple(items), state.info)

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` of the refusal of ``move``, known to be illegal in
        ``state``: what is wrong with the move itself, then the game being over,
        then the first rule it breaks."""
        problem = self._not_a_move(move)
        if problem:
            return problem, "not-a-move"
        items = state._items
        if not self.legal_moves(state):
            if self._winners(state):
                return "the game is over: only the four aces are left", "game-over"
            return (
                "the game is over: the stock is used up and no card can be discarded or moved",
                "game-over",
            )
        if move.kind == "deal":
            return "the stock is used up: every card is dealt", "stock-empty"
        source, target = move.source or "", move.target or ""
        if source == "discard":
            return "a discarded card stays out of play", "discard-stays"
        k = COLUMNS.index(source)
        pile = items[_T0 + k]
        if not pile:
            return f"{source} is empty", "empty-pile"
        card = pile[-1]
        if target == "discard":
            if card.rank == ACE:
                reason = f"{card.symbol} is an ace: no card of its suit is higher"
            else:
                suit = card.suit.name.lower()[:-1] if card.suit is not None else "card"
                reason = f"no {suit} higher than {card.symbol} lies on top of another column"
            return reason, "no-higher"
        if items[self._index[target]]:
            return f"{target} is not empty: a card moves only into an empty column", "space-only"
        return (
            f"{card.symbol} is the only card of {source}: moving it into an empty column"
            " would change nothing",
            "lone-card",
        )

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of Aces Up in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.kind == "deal":
            return "" if move == DEAL else "a deal names only the stock: write 'deal'"
        if move.detail is not None:
            return "a move of Aces Up takes no '=' detail"
        if move.count != 1:
            return "one card moves at a time"
        if move.source == "stock":
            return "the stock's cards come into play with 'deal'"
        if move.target == "stock":
            return "no card goes back to the stock"
        if move.source == move.target:
            return "a card moves to another pile"
        if move.source != "discard" and move.target not in (*COLUMNS, "discard"):
            return "a card moves to the discard pile or into an empty column"
        return ""

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """A deal lays the stock's next cards on the columns, ``t1`` first; a
        discard or a move into a space moves one card."""
        items = state._items
        names = self._names
        if move.kind == "deal":
            stock = items[_STOCK]
            log: list[Event] = []
            for k in range(min(4, len(stock))):
                log.append(
                    CardsDealt(
                        names[_STOCK],
                        len(stock) - 1 - k,
                        names[_T0 + k],
                        len(items[_T0 + k]),
                        (stock[-1 - k],),
                        was_face_up=False,
                    )
                )
            return log
        s, t = self._index[move.source or ""], self._index[move.target or ""]
        source = items[s]
        return [CardsMoved(names[s], len(source) - 1, names[t], len(items[t]), source[-1:])]

    def _is_over(self, state: State) -> bool:
        """Over when no move is left: the stock is used up, no top card can be
        discarded, and no column holds two cards while another is empty."""
        return not self.legal_moves(state)

    def _scores(self, state: State) -> tuple[int, ...]:
        """The number of cards discarded (0 at the start, 48 for a win)."""
        return (len(state._items[_DISCARD]),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won when the four aces are all that is left, one alone in each column."""
        items = state._items
        return (
            (0,)
            if all(len(items[_T0 + k]) == 1 for k in range(4)) and (len(items[_DISCARD]) == 48)
            else ()
        )

    def _capacities(self) -> list[int]:
        """The stock after the first four cards; a column at most its first card
        and its twelve deals (thirteen); the discards every card but the aces."""
        return [48, 13, 13, 13, 13, 48]

    def _action_space(self) -> list[Move]:
        """Each column's top to the discards, each column's top to each other
        column, then the deal."""
        out = [*self._discards]
        out += [self._shifts[k][j] for k in range(4) for j in range(4) if j != k]
        return [*out, DEAL]

    # ------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """Each column with the stock's cards still to come to it, as an
        unordered collection, and how many cards are discarded.

        A deal gives the first column the stock's top card, the second the
        next, and so on, so a column's future is its own cards and every
        fourth card of the stock from its place. Swapping two columns
        together with their futures gives a position that plays the same
        (any rule about a column holds for every column), but swapping
        the columns alone does not while the stock holds cards: the cards to
        come would land on other cards. A discarded card never plays again,
        so which cards are discarded does not matter either.
        """
        items = state._items
        stock = items[_STOCK]
        n = len(stock)
        return (
            tuple(
                sorted((items[_T0 + k], stock[n - 1 - k :: -4] if n > k else ()) for k in range(4))
            ),
            len(items[_DISCARD]),
        )

    def safe_moves(self, state: State) -> tuple[Move, ...]:
        """The first discard that can never make the outcome worse, if any.

        A discard is safe once no card of the discarded card's suit lower
        than it is left in play (in a column or the stock), and every
        discard is safe once the stock is used up. A card on top of a column
        does two things: it may let lower cards of its suit go, and it stands
        on its column. In the first case it has nothing left to let go; in
        the second, while it stays on top a higher card of its suit stays on
        top of another column (the one that lets it go, or the card that let
        that one go in turn, since with no deal to come nothing covers a
        card that is on top), so it is never the only card to let one go.
        Either way, play without it can do whatever play with it can: its
        column only ever has one card fewer, and a card fewer never stops a
        move.
        """
        self._check_own(state)
        items = state._items
        moves = self.legal_moves(state)
        if not items[_STOCK]:
            return moves[:1] if moves and moves[0].target == "discard" else ()
        for move in moves:
            if move.target != "discard":
                break
            card = items[self._index[move.source or ""]][-1]
            if not any(
                c.suit is card.suit and high_rank(c) < high_rank(card)
                for pile in items[:_DISCARD]
                for c in pile
            ):
                return (move,)
        return ()

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once the game is over short of a win, or when no column can
        ever be empty again and the position cannot be won without one
        (:func:`never_a_space`)."""
        if self.is_over(state):
            return bool(self.winners(state))
        return not never_a_space(state._items)

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """48 while play goes on; the score once it is over."""
        return self.scores(state)[0] if self.is_over(state) else 48

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """A discard adds one card to the discards; the other moves none."""
        (now,) = self._scores(state)
        return tuple(now + (m.target == "discard") for m in self._legal_moves(state))

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``deal``, ``t2-discard`` (short form ``t2``) or ``t2-t4``."""
        short = text.strip().lower() if isinstance(text, str) else ""
        if short in self._short:
            return self._short[short]
        move = super().parse_move(state, text)
        if move.count != 1 or move.detail is not None or _COUNT_OR_DETAIL.search(short):
            raise InvalidMoveError(text, "Aces Up's moves take no count or detail", state)
        if move.kind == "deal":
            if move != DEAL:
                raise InvalidMoveError(text, "the deal is written 'deal' (or 'deal stock')", state)
            return DEAL
        if move.kind != "move":
            raise InvalidMoveError(text, "Aces Up's moves are 'deal' and '<pile>-<pile>'", state)
        return move

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        items = state._items
        stock = len(items[_STOCK])
        if stock % 4:
            return "the stock holds a multiple of four cards: each deal takes four"
        dealt = (48 - stock) // 4 + 1
        if any(len(items[_T0 + k]) > dealt for k in range(4)):
            return (
                f"with {stock} cards left in the stock, {dealt} deals are made: no column"
                f" can hold more than {dealt} cards"
            )
        if any(c.rank == ACE for c in items[_DISCARD]):
            return "an ace is never discarded: no card of its suit is higher"
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """The stock and the discards, then each column bottom card first."""
        items = state._items
        stock = items[_STOCK]
        discard = items[_DISCARD]
        lines = [
            self.title,
            f"  stock: [{len(stock)}] ##" if stock else "  stock: .",
            "discard: "
            + (f"[{len(discard)}] {card_text(discard[-1], symbols)}" if discard else "."),
        ]
        for k, name in enumerate(COLUMNS):
            pile = items[_T0 + k]
            lines.append(f"{name:>7}: {' '.join(card_text(c, symbols) for c in pile) or '.'}")
        lines.append(self._status(state))
        return "\n".join(lines)


def _aces_up() -> Game:
    return AcesUp("aces-up")


register(
    "aces-up",
    _aces_up,
    aliases=("aces-high", "idiots-delight"),
    summary="Discard every card but the aces: a card goes when a higher one of its suit shows.",
)
