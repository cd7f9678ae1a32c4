"""Calculation: four foundations built by ones, twos, threes and fours.

An ace, a two, a three and a four start four foundations. Foundation *k*
builds up by *k* at a time, suits ignored, counting on past the king to the
ace, so each runs through all thirteen ranks and ends on a king. The other 48
cards are turned from the stock one at a time, in one pass; each card turned
must go at once onto a foundation that takes it or onto one of four waste
piles. The top card of a waste pile may go to a foundation at any time, and
nowhere else. The score is the number of cards on the foundations; higher is
better, and 52 wins.

The arithmetic is usable on its own: :func:`sequence` lists a foundation's
ranks and :func:`next_rank` says what a foundation takes next.

Registered as ``calculation`` (alias ``broken-intervals``); see the rules page in the documentation.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

from .._json import FrozenMapping
from ..cards import KING, Card, Deck
from ..errors import InvalidMoveError
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import EMPTY_INFO, State

__all__ = [
    "DRAW",
    "FOUNDATIONS",
    "SEQUENCES",
    "WASTES",
    "Calculation",
    "next_rank",
    "sequence",
]

FOUNDATIONS: tuple[str, ...] = ("f1", "f2", "f3", "f4")
"""The foundation names: ``f1`` builds by ones from the ace, ``f2`` by twos from
a two, ``f3`` by threes from a three, ``f4`` by fours from a four."""

WASTES: tuple[str, ...] = ("w1", "w2", "w3", "w4")
"""The four waste piles, left to right."""

DRAW = Move("draw", "stock")
"""Turn the top card of the stock onto the ``turned`` pile."""

_RANK_TEXT = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
_COUNT_OR_DETAIL = re.compile(r"(?:^|\s)(?:x\d+|=\S*)(?:\s|$)")


def next_rank(rank: int, step: int) -> int:
    """The rank that follows ``rank`` on a foundation building by ``step``.

    Ranks run from 1 (ace) to 13 (king) and count on past the king to the
    ace, two and so on.

    >>> next_rank(6, 4), next_rank(12, 2), next_rank(11, 2)
    (10, 1, 13)
    """
    return (rank - 1 + step) % 13 + 1


def sequence(step: int) -> tuple[int, ...]:
    """The thirteen ranks, base first, of the foundation that builds by ``step``.

    The base card's rank is ``step`` itself (1 to 4), and every sequence ends
    on the king.

    >>> sequence(3)
    (3, 6, 9, 12, 2, 5, 8, 11, 1, 4, 7, 10, 13)
    """
    if step not in (1, 2, 3, 4):
        raise ValueError(f"Calculation's foundations build by 1, 2, 3 or 4, not {step!r}")
    ranks = [step]
    while len(ranks) < 13:
        ranks.append(next_rank(ranks[-1], step))
    return tuple(ranks)


SEQUENCES: tuple[tuple[int, ...], ...] = tuple(sequence(k) for k in (1, 2, 3, 4))
"""The rank sequences of ``f1`` to ``f4``, thirteen ranks each (see :func:`sequence`)."""

_STOCK, _TURNED, _F0, _W0 = 0, 1, 2, 6


def _rank(rank: int) -> str:
    return _RANK_TEXT.get(rank, str(rank))


_RANK_WORDS = {1: "an ace", 8: "an 8", 11: "a jack", 12: "a queen", 13: "a king"}


def _a_rank(rank: int) -> str:
    """A rank in words with its article: ``"an ace"``, ``"a 6"``, ``"a queen"``."""
    return _RANK_WORDS.get(rank, f"a {rank}")


_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "must-place": "the turned card must be placed before the next is turned",
        "stock-empty": "the stock is used up: there is only one pass",
        "nothing-turned": "no card is turned to be placed: draw first",
        "empty-pile": "the waste pile named holds no card",
        "foundation-stays": "a card on a foundation stays there",
        "waste": "a waste pile's top card goes only to a foundation",
        "foundation": "the card is not the next of that foundation's sequence, or the"
        " foundation is complete",
    }
)
"""Calculation's refusal codes (see :attr:`Game.refusals <patience.Game.refusals>`)."""


class Calculation(Game):
    """Calculation (also known as Broken Intervals), one pass through the stock.

    Piles: the ``stock`` (face down), ``turned`` (the card just turned, face
    up, at most one), the foundations ``f1`` to ``f4`` (:data:`FOUNDATIONS`)
    and the waste piles ``w1`` to ``w4`` (:data:`WASTES`), all face up.

    Moves: ``draw`` (:data:`DRAW`) turns the stock's top card, legal only
    while nothing is turned; ``turned-f2`` or ``turned-w3`` places the turned
    card (the short forms ``f2`` and ``w3`` read the same); ``w3-f2`` plays a
    waste pile's top card to a foundation, which is allowed at any time, even
    while a card waits on ``turned``.
    """

    title = "Calculation"
    better = Better.HIGHER
    move_kinds = frozenset(("move", "draw"))
    action_piles = FrozenMapping({"draw": "stock"})
    refusals = _REFUSALS

    def __init__(self, name: str = "calculation") -> None:
        super().__init__(name, {})
        self._deck = Deck.standard()
        self._set_layout(
            [
                PileSpec("stock", "stock", 0, 0, label="Stock"),
                PileSpec("turned", "waste", 1, 0, label="Turned card"),
                *(
                    PileSpec(f, "foundation", 0, 1 + k, label=f"Foundation by {k + 1}")
                    for k, f in enumerate(FOUNDATIONS)
                ),
                *(
                    PileSpec(w, "waste", 1, 1 + k, fan="down", label=f"Waste {k + 1}", extent=5)
                    for k, w in enumerate(WASTES)
                ),
            ]
        )
        self._to_foundation = tuple(
            tuple(Move("move", source, f) for f in FOUNDATIONS) for source in ("turned", *WASTES)
        )
        self._to_waste = tuple(Move("move", "turned", w) for w in WASTES)
        self._short = {name: Move("move", "turned", name) for name in (*FOUNDATIONS, *WASTES)}

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        bases: list[Card | None] = [None, None, None, None]
        rest: list[Card] = []
        for card in cards:
            k = card.rank - 1
            if k < 4 and bases[k] is None:
                bases[k] = card
            else:
                rest.append(card)
        items: list[tuple[Card, ...]] = [tuple(reversed(rest)), ()]
        items += [(c,) if c is not None else () for c in bases]
        items += [()] * 4
        return self._new_state(tuple(items), EMPTY_INFO)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Calculation keeps each pile as a bare tuple of cards: the stock is all
        face down, every other pile face up."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        stock = items[0]
        return (Pile._trusted(stock, len(stock)), *(Pile._trusted(c, 0) for c in items[1:]))

    # ------------------------------------------------------------ helpers

    def wants(self, state: State) -> tuple[int | None, ...]:
        """The rank each foundation takes next, ``None`` once it reaches the king."""
        return tuple(self._wants(state._items))

    @staticmethod
    def _wants(items: tuple[Any, ...]) -> list[int | None]:
        out: list[int | None] = []
        for k in range(4):
            pile = items[_F0 + k]
            if not pile:
                out.append(None)  # only in a hand-made state without its base
            elif len(pile) >= 13 or pile[-1].rank == KING:
                out.append(None)
            else:
                out.append(next_rank(pile[-1].rank, k + 1))
        return out

    def _moves_of(self, items: tuple[Any, ...]) -> tuple[Move, ...]:
        wants = self._wants(items)
        out: list[Move] = []
        turned = items[_TURNED]
        if turned:
            rank = turned[0].rank
            row = self._to_foundation[0]
            out += [row[k] for k in range(4) if wants[k] == rank]
            out += self._to_waste
        for w in range(4):
            pile = items[_W0 + w]
            if pile:
                rank = pile[-1].rank
                row = self._to_foundation[1 + w]
                out += [row[k] for k in range(4) if wants[k] == rank]
        if not turned and items[_STOCK]:
            out.append(DRAW)
        return tuple(out)

    def _capacities(self) -> list[int]:
        """The stock after the four base cards, one turned card, a foundation's
        thirteen, and a waste pile at most the whole stock."""
        return [48, 1, 13, 13, 13, 13, 48, 48, 48, 48]

    def _action_space(self) -> list[Move]:
        """The turned card to each foundation and each waste pile, each waste
        pile's top to each foundation, then the draw."""
        return [
            *self._to_foundation[0],
            *self._to_waste,
            *(m for row in self._to_foundation[1:] for m in row),
            DRAW,
        ]

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """The turned card's places (foundations, then the four waste piles), then
        waste tops to foundations, then ``draw``."""
        return self._memoised(state, lambda s: self._moves_of(s._items))

    def _apply(self, state: State, move: Move) -> State:
        if move not in self.legal_moves(state):
            self._refuse(state, move)
        items = list(state._items)
        if move.kind == "draw":
            stock = items[_STOCK]
            items[_STOCK] = stock[:-1]
            items[_TURNED] = stock[-1:]
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
                return "the game is over: every card is on the foundations", "game-over"
            return (
                "the game is over: the stock is used up and no waste pile's top card"
                " fits a foundation",
                "game-over",
            )
        if move.kind == "draw":
            if not items[_STOCK]:
                return "the stock is empty: there is only one pass", "stock-empty"
            card = items[_TURNED][0]
            reason = f"the turned {card.symbol} must be placed before the next is turned"
            return reason, "must-place"
        source, target = move.source or "", move.target or ""
        if source in FOUNDATIONS:
            return "a card on a foundation stays there", "foundation-stays"
        pile = items[self._index[source]]
        if not pile:
            if source == "turned":
                return "no card is turned: draw first", "nothing-turned"
            return f"{source} is empty", "empty-pile"
        card = pile[-1]
        if target not in FOUNDATIONS:
            # Not reached from the turned card: it may always go to a waste pile.
            return "a waste pile's top card goes only to a foundation", "waste"
        k = FOUNDATIONS.index(target)
        want = self._wants(items)[k]
        if want is None:
            return f"{target} is complete: it ends on the king", "foundation"
        return f"{target} takes {_a_rank(want)} next, not {card.symbol}", "foundation"

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of Calculation in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.kind == "draw":
            if move.source != "stock":
                return "the draw acts on the stock: write 'draw'"
            return "" if move == DRAW else "a draw names only the stock: write 'draw'"
        if move.detail is not None:
            return "a move of Calculation takes no '=' detail"
        if move.count != 1:
            return "one card moves at a time"
        source, target = move.source, move.target  # a card move names both
        if source == "stock":
            return "the stock's cards are turned with 'draw'"
        if source == "turned" and target not in (*FOUNDATIONS, *WASTES):
            return "the turned card goes only to a foundation or a waste pile"
        return ""

    def _is_over(self, state: State) -> bool:
        """Over when no move is left: the stock is used up, nothing is turned and no
        waste pile's top card fits a foundation."""
        return not self.legal_moves(state)

    def _scores(self, state: State) -> tuple[int, ...]:
        """The number of cards on the foundations (4 at the start, 52 for a win)."""
        items = state._items
        return (sum(len(items[_F0 + k]) for k in range(4)),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won with all 52 cards on the foundations."""
        return (0,) if self.scores(state)[0] == 52 else ()

    # ------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """The ranks in the stock and on ``turned``, how far each foundation has come,
        and the waste piles' ranks as an unordered collection.

        No rule of Calculation looks at a suit, and the four waste piles are
        interchangeable, so positions that differ only in suits or in the order
        of the waste piles play identically.
        """
        items = state._items
        wastes = sorted(tuple(c.rank for c in items[_W0 + w]) for w in range(4))
        return (
            tuple(c.rank for c in items[_STOCK]),
            tuple(c.rank for c in items[_TURNED]),
            tuple(len(items[_F0 + k]) for k in range(4)),
            tuple(wastes),
        )

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once the game is over short of 52."""
        return not self.is_over(state) or bool(self.winners(state))

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """52 while play goes on (nothing cheaper is proven); the score once it is over."""
        return self.scores(state)[0] if self.is_over(state) else 52

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``draw``, ``turned-f2``, ``turned-w3`` (short forms ``f2`` and ``w3``)
        or ``w3-f2``."""
        short = text.strip().lower() if isinstance(text, str) else ""
        if short in self._short:
            return self._short[short]
        move = super().parse_move(state, text)
        if move.count != 1 or move.detail is not None or _COUNT_OR_DETAIL.search(short):
            raise InvalidMoveError(text, "Calculation's moves take no count or detail", state)
        if move.kind == "draw":
            if move != DRAW:
                raise InvalidMoveError(text, "the draw is written 'draw' (or 'draw stock')", state)
            return DRAW
        if move.kind != "move":
            raise InvalidMoveError(
                text, "Calculation's moves are 'draw' and '<pile>-<pile>'", state
            )
        return move

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        items = state._items
        if len(items[_TURNED]) > 1:
            return "the turned pile holds at most one card"
        for k, name in enumerate(FOUNDATIONS):
            ranks = tuple(c.rank for c in items[_F0 + k])
            if not ranks or ranks != SEQUENCES[k][: len(ranks)]:
                shown = " ".join(_rank(r) for r in SEQUENCES[k])
                return f"foundation {name} must hold a start of the ranks {shown}"
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """The stock and the turned card, each foundation with the rank it takes next,
        then the four waste piles bottom card first."""
        items = state._items
        stock = items[_STOCK]
        lines = [self.title, f" stock: [{len(stock)}] ##" if stock else " stock: ."]
        turned = items[_TURNED]
        lines.append(f"turned: {card_text(turned[0], symbols) if turned else '.'}")
        wants = self._wants(items)
        for k, name in enumerate(FOUNDATIONS):
            pile = items[_F0 + k]
            shown = (
                (f"[{len(pile)}] " if len(pile) > 1 else "") + card_text(pile[-1], symbols)
                if pile
                else "."
            )
            want = wants[k]
            note = "complete" if want is None else f"next {_rank(want)}"
            lines.append(f"{name:>6}: {shown:<9}{note}")
        for w, name in enumerate(WASTES):
            pile = items[_W0 + w]
            lines.append(f"{name:>6}: {' '.join(card_text(c, symbols) for c in pile) or '.'}")
        lines.append(self._status(state))
        return "\n".join(lines)


def _calculation() -> Game:
    return Calculation("calculation")


register(
    "calculation",
    _calculation,
    aliases=("broken-intervals",),
    summary="Build four foundations by ones, twos, threes and fours, suits ignored.",
)
