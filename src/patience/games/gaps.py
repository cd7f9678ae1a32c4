"""Gaps: put each row of the grid in order, two to king, one suit a row.

The whole pack is dealt face up into four rows of thirteen; the four aces
are taken out, leaving four gaps. A gap in the first column takes any two;
any other gap takes the card of the same suit one rank above the card on
its left, so a gap after a king, or after another gap, takes nothing. The
game is won when each row holds a two to a king of one suit, from the first
column, with the gap at its end. This is Gaps (also Montana, Spaces) played
with one deal, as Blake and Gent measured it; the common game gathers and
redeals the cards out of order twice more, which this module does not offer.

With the option ``fixed_suits`` (the "basic variant" of Blake and Gent) a
gap in the first column takes only the two of its row's suit: clubs,
diamonds, hearts and spades from the top row down.

The score is the number of cards in order: in each row, the two in the
first column and each card after it that follows on in suit. Higher is
better, and 48 wins. Registered as ``gaps``; see the rules page in the
documentation.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .._json import FrozenMapping
from ..cards import ACE, KING, Card, Deck, Suit
from ..errors import InvalidMoveError, brief_repr
from ..events import CardsMoved, Event
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text, is_listed
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import Info, State
from ..tableau import check_flag

__all__ = ["PLACES", "ROWS", "ROW_SUITS", "Gaps"]

ROWS = "abcd"
"""The rows of the grid, ``a`` at the top."""

PLACES: tuple[str, ...] = tuple(f"{r}{c}" for r in ROWS for c in range(1, 14))
"""The 52 places of the grid, row by row: ``a1`` to ``a13``, then ``b1`` and on."""

ROW_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""With ``fixed_suits``, the suit of each row, top row first."""

_ACES = 52  # the pile the aces are put aside on
_TWO = 2

_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "empty-pile": "the place named holds no card",
        "occupied": "a card moves only into a gap",
        "first-column": "a gap in the first column takes only a two (with fixed_suits, its row's)",
        "follow": "a gap takes only the card of the same suit one rank above the card on its left",
        "dead-gap": "the gap lies after a king or another gap: no card goes there",
        "aces-out": "the aces are out of play",
    }
)
"""The refusal codes of Gaps (see :attr:`Game.refusals <patience.Game.refusals>`)."""


def _peak(state: State) -> int:
    """The state's counter ``peak``."""
    peak = state.info["peak"]
    assert isinstance(peak, int)
    return peak


class Gaps(Game):
    """Gaps, one deal: four rows of thirteen places, the aces out.

    Piles: the places ``a1`` to ``d13`` (:data:`PLACES`), each holding one
    face-up card or none (a gap), and ``aces``, where the four aces are put
    aside at the deal.

    Moves: ``c5-a7`` moves the card at ``c5`` into the gap at ``a7``.

    The state keeps one counter, ``peak``: the most cards that have been in
    order at once. Progress is a new peak.
    """

    title = "Gaps"
    better = Better.HIGHER
    move_kinds = frozenset(("move",))
    refusals = _REFUSALS

    def __init__(self, name: str = "gaps", *, fixed_suits: bool = False) -> None:
        fixed_suits = check_flag(name, "fixed_suits", fixed_suits)
        super().__init__(name, {"fixed_suits": fixed_suits})
        self.fixed_suits = fixed_suits
        """Whether a gap in the first column takes only its row's two."""
        self._deck = Deck.standard()
        self._set_layout(
            [
                *(PileSpec(p, "grid", k // 13, k % 13, label=p) for k, p in enumerate(PLACES)),
                PileSpec("aces", "discard", 4, 0, label="Aces"),
            ]
        )
        self._moves = {(s, t): Move("move", s, t) for s in PLACES for t in PLACES if s != t}

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        """The deck's cards row by row, ``a1`` to ``d13``; each ace is put
        aside and leaves a gap where it fell."""
        places = tuple(() if c.rank == ACE else (c,) for c in cards)
        aces = tuple(c for c in cards if c.rank == ACE)
        items = (*places, aces)
        return self._new_state(items, Info({"peak": self._in_order(items)}))

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Every card lies face up: each pile is kept as a bare tuple of cards."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        return tuple(Pile._trusted(c, 0) for c in items)

    # ------------------------------------------------------------ helpers

    @staticmethod
    def _in_order(items: tuple[Any, ...]) -> int:
        """The cards in order: in each row, a two in the first column and
        each card after it that follows on in suit."""
        total = 0
        for r in range(4):
            first = items[13 * r]
            if not first or first[0].rank != _TWO:
                continue
            total += Gaps._run(items, 13 * r, first[0])
        return total

    def _wanted(self, items: tuple[Any, ...], g: int) -> tuple[Card, ...]:
        """The cards gap ``g`` (a place's index) takes."""
        if g % 13 == 0:
            if self.fixed_suits:
                return (Card(_TWO, ROW_SUITS[g // 13]),)
            return tuple(Card(_TWO, s) for s in Suit)
        left = items[g - 1]
        if not left or left[0].rank == KING:
            return ()
        return (Card(left[0].rank + 1, left[0].suit),)

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """For each gap, ``a1`` to ``d13``, each card it takes, by where the
        card lies."""
        return self._memoised(state, self._listing)

    def _listing(self, state: State) -> tuple[Move, ...]:
        items = state._items
        where = {p[0]: k for k, p in enumerate(items[:52]) if p}
        out: list[Move] = []
        for g in range(52):
            if items[g]:
                continue
            found = sorted(where[c] for c in self._wanted(items, g) if c in where)
            out += [self._moves[PLACES[s], PLACES[g]] for s in found]
        return tuple(out)

    def _apply(self, state: State, move: Move) -> State:
        if not is_listed(move, self._legal_moves(state)):
            self._refuse(state, move)
        items = list(state._items)
        s, t = self._index[move.source or ""], self._index[move.target or ""]
        items[t], items[s] = items[s], ()
        after = tuple(items)
        peak = max(_peak(state), self._in_order(after))
        info = state.info if peak == _peak(state) else Info({"peak": peak})
        return self._new_state(after, info)

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """One card moves into a gap."""
        s, t = self._index[move.source or ""], self._index[move.target or ""]
        return [CardsMoved(PLACES[s], 0, PLACES[t], 0, state._items[s])]

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` for ``move``, known not to be legal in ``state``."""
        problem = self._not_a_move(move)
        if problem:
            return problem, "not-a-move"
        items = state._items
        if not self._legal_moves(state):
            if self._winners(state):
                return "the game is over: every row is in order", "game-over"
            return "the game is over: no gap takes a card", "game-over"
        source, target = move.source or "", move.target or ""
        if source == "aces" or target == "aces":
            return "the aces are out of play", "aces-out"
        s, t = self._index[source], self._index[target]
        if not items[s]:
            return f"{source} is a gap: it holds no card", "empty-pile"
        if items[t]:
            return f"{target} holds {items[t][0].symbol}: a card moves only into a gap", "occupied"
        card = items[s][0]
        if t % 13 == 0:
            if self.fixed_suits:
                two = ROW_SUITS[t // 13].name.lower()[:-1]
                return f"{target} takes only the two of {two}s", "first-column"
            return f"{target} is in the first column: it takes only a two", "first-column"
        left = items[t - 1]
        if not left:
            return f"{target} follows a gap: no card goes there", "dead-gap"
        if left[0].rank == KING:
            return f"{target} follows {left[0].symbol}: no card goes after a king", "dead-gap"
        wanted = Card(left[0].rank + 1, left[0].suit)
        return (
            f"{target} follows {left[0].symbol}: it takes only {wanted.symbol}, not {card.symbol}",
            "follow",
        )

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of Gaps in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.detail is not None:
            return "a move of Gaps takes no '=' detail"
        if move.count != 1:
            return "one card moves at a time"
        if move.source == move.target:
            return "a card moves to another place"
        return ""

    def _telling_move(self, state: State, pile: str, index: int | None) -> Move | None:
        """The card's move into the first gap (for a two, the first gap of
        the first column if there is one): its refusal says what that gap
        takes instead. The aces' likewise, refused as out of play."""
        items = state._items
        gaps = [g for g in range(52) if not items[g]]
        if not gaps or pile not in self._index:
            return None
        source = self._index[pile]
        cards = items[source]
        if not cards:
            return None
        if source < 52 and cards[0].rank == _TWO:
            gaps = [g for g in gaps if g % 13 == 0] or gaps
        target = next((g for g in gaps if g != source), None)
        return None if target is None else Move("move", pile, PLACES[target])

    def _is_over(self, state: State) -> bool:
        """Over when no move is left, or when no sequence of moves can put
        more cards in order than have ever been at once. Positions can come
        back (a two may shift from the first place of one row to another's
        and back), so the search of :mod:`patience.progress` decides."""
        return not self._legal_moves(state) or self._cannot_progress(state)

    def _over_without_search(self, state: State) -> bool:
        """No move is left."""
        return not self._legal_moves(state)

    @staticmethod
    def _run(items: tuple[Any, ...], g: int, two: Card) -> int:
        """How many cards would be in order in the row of ``g`` (a place of the
        first column) with ``two`` there."""
        n, suit = 1, two.suit
        assert suit is not None
        while n < 12 and items[g + n] == (Card(n + 2, suit),):
            n += 1
        return n

    def _progress(self, state: State) -> Hashable:
        """The most cards that have been in order at once."""
        return state.info["peak"]

    def _scores(self, state: State) -> tuple[int, ...]:
        """The cards in order now."""
        return (self._in_order(state._items),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won when every row holds a two to a king of one suit."""
        return (0,) if self._in_order(state._items) == 48 else ()

    def _capacities(self) -> list[int]:
        """One card a place; the four aces."""
        return [*[1] * 52, 4]

    def _counter_range(self, key: str) -> tuple[int, int]:
        """``peak`` runs from 0 to 48 cards in order."""
        return (0, 48) if key == "peak" else super()._counter_range(key)

    def _action_space(self) -> list[Move]:
        """Every card's place to every other place."""
        return [self._moves[s, t] for s in PLACES for t in PLACES if s != t]

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``c5-a7``: the card at ``c5`` into the gap at ``a7``."""
        move = super().parse_move(state, text)
        if move.kind != "move":
            raise InvalidMoveError(text, "Gaps' moves are '<place>-<place>'", state)
        return move

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        items = state._items
        if any(len(p) > 1 for p in items[:52]):
            return "a place holds one card at most"
        if any(c.rank != ACE for c in items[_ACES]) or any(
            p[0].rank == ACE for p in items[:52] if p
        ):
            return "the aces are out of play, and only they"
        peak = state.info["peak"]
        if isinstance(peak, bool) or not isinstance(peak, int):
            return f"info 'peak' must be a whole number, not {brief_repr(peak)}"
        if peak < self._in_order(items) or peak > 48:
            return "info 'peak' is below the cards in order now, or above 48"
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """The grid row by row, gaps as ``..``, then the aces put aside."""
        items = state._items
        width = 4 if symbols else 3
        gap = ".." if not symbols else " .."
        lines = [self.title, "   " + "".join(f"{c:>{width}}" for c in range(1, 14))]
        for r, row in enumerate(ROWS):
            cells = (card_text(p[0], symbols) if p else gap for p in items[13 * r : 13 * r + 13])
            lines.append(f"{row}: " + "".join(f"{c:>{width}}" for c in cells))
        aces = items[_ACES]
        lines.append("aces: " + (" ".join(card_text(c, symbols) for c in aces) or "."))
        lines.append(self._status(state))
        return "\n".join(lines)


def _gaps(*, fixed_suits: bool = False) -> Game:
    return Gaps("gaps", fixed_suits=fixed_suits)


register(
    "gaps",
    _gaps,
    aliases=("gaps-one-deal",),
    summary="Order four rows two to king by moving cards into the gaps the aces left; one deal.",
)
