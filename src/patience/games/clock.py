"""Clock: turn every card up before the fourth king.

Thirteen piles of four cards lie face down, twelve round a clock face (one
for each hour, the ace at one o'clock up to the queen at twelve) and the
kings' pile in the centre. The top card of the kings' pile is turned up and
put face up beside the pile of its rank; then the top card of that pile is
turned, and so on. The game is won when every card is face up, and lost when
the fourth king turns up while cards are still face down. There is never a
choice: each position has at most one legal move, which the player only
makes. The score is the number of cards turned up; higher is better, and 52
wins.

Registered as ``clock`` (aliases ``clock-patience``, ``travellers``,
``sundial``); see the rules page in the documentation.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Hashable
from typing import Any

from .._json import FrozenMapping
from ..cards import Card, Deck
from ..errors import InvalidMoveError
from ..events import CardsMoved, Event
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import EMPTY_INFO, State

__all__ = ["FACE_DOWN", "FACE_UP", "Clock", "hour_of"]

FACE_DOWN: tuple[str, ...] = tuple(f"t{k}" for k in range(1, 14))
"""The face-down piles: ``t1`` (one o'clock, the aces) to ``t12`` (twelve
o'clock, the queens) round the clock, and ``t13``, the kings' pile in the centre."""

FACE_UP: tuple[str, ...] = tuple(f"f{k}" for k in range(1, 14))
"""Where the cards turned up go: ``fk`` beside ``tk`` takes the cards of rank *k*."""

_COUNT_OR_DETAIL = re.compile(r"(?:^|\s)(?:x\d+|=\S*)(?:\s|$)")
_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}

_ACROSS, _DOWN = 4.0, 3.0
"""The clock face's half width and half height, in cells: how far the middle
of three o'clock lies right of the middle of the kings' place, and twelve
o'clock above it."""
_LABEL_ROOM = 0.2
"""The room under the lowest hour for its label, in cells."""


def _face() -> tuple[tuple[tuple[int, int, int], ...], dict[int, float], dict[int, float]]:
    """The clock face on the grid: for each position, from one o'clock round
    to twelve and then the kings in the middle, the row and the columns of
    its face-down pile and, to the right, its face-up one; and the steps of
    the grid's rows and columns that put each position on an ellipse round
    the kings, as a clock's hours lie round its face."""
    middles = [
        (_ACROSS * math.sin(math.pi * h / 6), -_DOWN * math.cos(math.pi * h / 6))
        for h in range(1, 13)
    ]
    middles.append((0.0, 0.0))
    tops = sorted({round(y, 6) for _, y in middles})
    lefts = sorted({round(x + side, 6) for x, _ in middles for side in (-1, 0)})
    places = tuple(
        (tops.index(round(y, 6)), lefts.index(round(x - 1, 6)), lefts.index(round(x, 6)))
        for x, y in middles
    )
    rows = {k: round(b - a, 6) for k, (a, b) in enumerate(itertools.pairwise(tops))}
    rows[len(tops) - 1] = 1 + _LABEL_ROOM
    columns = {k: round(b - a, 6) for k, (a, b) in enumerate(itertools.pairwise(lefts))}
    return places, rows, columns


_PLACES, _ROW_STEPS, _COLUMN_STEPS = _face()

_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "wrong-pile": "the card is turned from the pile of the rank turned last (at the"
        " start, the kings' pile), no other",
    }
)
"""Clock's refusal codes (see :attr:`Game.refusals <patience.Game.refusals>`)."""


def hour_of(card: Card) -> int:
    """The position, from 1 to 13, whose face-up pile takes ``card``: its rank
    (the ace at one o'clock, the queen at twelve, the king in the centre).

    >>> hour_of(Card.parse("QS")), hour_of(Card.parse("KD"))
    (12, 13)
    """
    return card.rank


def _rank(rank: int) -> str:
    return _RANK_TEXT.get(rank, str(rank))


class Clock(Game):
    """Clock (also known as Clock Patience, Travellers or Sundial), a game of chance.

    Piles: the face-down piles ``t1`` to ``t13`` (:data:`FACE_DOWN`; ``t13``
    is the kings' pile in the centre) and beside each the face-up pile ``f1``
    to ``f13`` (:data:`FACE_UP`) that collects the cards of its rank.

    The one kind of move, ``turn t5``, turns the top card of ``t5`` face up
    and lays it on the face-up pile of its rank. The pile to turn from is
    always the one of the rank turned last, the kings' pile at the start, so
    each position has at most one legal move; ``turn`` alone reads as that
    move. No rule looks further than the rank: which pile comes next follows
    from the piles themselves (see :meth:`current`), so a state holds nothing
    but its piles.
    """

    title = "Clock"
    better = Better.HIGHER
    move_kinds = frozenset(("turn",))
    refusals = _REFUSALS

    def __init__(self, name: str = "clock") -> None:
        super().__init__(name, {})
        self._deck = Deck.standard()
        # Round a clock face, each hour labelled under its face-down pile.
        specs: list[PileSpec] = []
        for k in range(13):
            row, column, _ = _PLACES[k]
            where = f"{k + 1} o'clock" if k < 12 else "Kings"
            specs.append(
                PileSpec(FACE_DOWN[k], "tableau", row, column, label=where, label_below=True)
            )
        for k in range(13):
            row, _, column = _PLACES[k]
            specs.append(
                PileSpec(FACE_UP[k], "foundation", row, column, label=f"{_rank(k + 1)}s turned up")
            )
        self._set_layout(specs, row_steps=_ROW_STEPS, column_steps=_COLUMN_STEPS)
        self._turns = tuple(Move("turn", name) for name in FACE_DOWN)

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        down = tuple(cards[k::13] for k in range(13))
        return self._new_state((*down, *((),) * 13), EMPTY_INFO)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Clock keeps each pile as a bare tuple of cards: ``t1`` to ``t13`` all
        face down, ``f1`` to ``f13`` all face up."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        return tuple(Pile._trusted(c, len(c) if k < 13 else 0) for k, c in enumerate(items))

    # ------------------------------------------------------------ helpers

    def current(self, state: State) -> str:
        """The face-down pile the next card is turned from: ``t13`` at the start,
        then the pile of the rank turned last. Once that pile is empty, the
        game is over.

        It follows from the piles alone. Every card turned is laid on the
        face-up pile of its rank, and the next card is taken from the
        face-down pile of that rank; so each face-down pile has given up as
        many cards as its face-up pile received, except the pile to turn
        from next, whose face-up pile holds one card more (the kings' pile,
        where the first card came from, has given one more than it received
        unless it is the pile to turn from).
        """
        self._check_own(state)
        return FACE_DOWN[self._current(state._items)]

    @staticmethod
    def _current(items: tuple[Any, ...]) -> int:
        if len(items[25]) + len(items[12]) == 4:  # the kings: given up as many as received
            return 12
        for k in range(12):
            if len(items[13 + k]) + len(items[k]) == 5:
                return k
        return 12  # only in a state that is not a position of the game (refused on loading)

    @staticmethod
    def _sources(items: tuple[Any, ...]) -> int:
        """How many piles the counts name as the one to turn from (one in a position of Clock)."""
        found = int(len(items[25]) + len(items[12]) == 4)
        return found + sum(len(items[13 + k]) + len(items[k]) == 5 for k in range(12))

    def _moves_of(self, items: tuple[Any, ...]) -> tuple[Move, ...]:
        k = self._current(items)
        return (self._turns[k],) if items[k] else ()

    def _finish(self, items: tuple[Any, ...]) -> tuple[Any, ...]:
        """The piles when every remaining turn is made: the game's one outcome."""
        piles = list(items)
        k = self._current(items)
        while piles[k]:
            card = piles[k][-1]
            piles[k] = piles[k][:-1]
            r = hour_of(card) - 1
            piles[13 + r] = piles[13 + r] + (card,)
            k = r
        return tuple(piles)

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """The one turn from :meth:`current`, or none once that pile is empty."""
        return self._moves_of(state._items)

    def _apply(self, state: State, move: Move) -> State:
        if move not in self._moves_of(state._items):
            self._refuse(state, move)
        items = list(state._items)
        k = self._index[move.source or ""]
        card = items[k][-1]
        items[k] = items[k][:-1]
        r = 13 + hour_of(card) - 1
        items[r] = items[r] + (card,)
        return self._new_state(tuple(items), state.info)

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` of the refusal of ``move``, known to be illegal in ``state``."""
        problem = self._not_a_move(move)
        if problem:
            return problem, "not-a-move"
        items = state._items
        if not self._moves_of(items):
            if self._winners(state):
                return "the game is over: every card is turned up", "game-over"
            return (
                "the game is over: the fourth king is turned up with cards still face down",
                "game-over",
            )
        current = FACE_DOWN[self._current(items)]
        turned = sum(len(items[13 + k]) for k in range(13))
        if not turned:
            reason = f"the first card is turned from the kings' pile: turn {current}"
        else:
            reason = f"the next card is turned from {current}, the pile of the rank turned last"
        return reason, "wrong-pile"

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of Clock in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.source is None:
            return "a turn names the face-down pile it turns from: 'turn t13'"
        if move.target is not None:
            return "a turn names no target: the card goes to the face-up pile of its rank"
        if move.count != 1 or move.detail is not None:
            return "a turn takes no count or detail: one card turns at a time"
        if move.source not in FACE_DOWN:
            return "cards are turned from the face-down piles t1 to t13"
        return ""

    def pick_up(self, state: State, move: Move | str) -> tuple[str, int | None] | None:
        """A turn acts on its face-down pile as a whole, as a draw acts on a
        stock: ``("t13", None)``. Its card is face down, so it cannot be
        picked up by position; a front end turns it with a click on the pile."""
        self._check_own(state)
        move = self._move_of(state, move)
        if move.kind == "turn" and move.source in self._index:
            return (move.source, None)
        return super().pick_up(state, move)

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """The card turned moves face up to the face-up pile of its rank."""
        items = state._items
        k = self._index[move.source or ""]
        card = items[k][-1]
        r = 13 + hour_of(card) - 1
        return [
            CardsMoved(
                self._names[k],
                len(items[k]) - 1,
                self._names[r],
                len(items[r]),
                (card,),
                was_face_up=False,
            )
        ]

    def _is_over(self, state: State) -> bool:
        """Over when the pile to turn from is empty: the fourth king is turned up."""
        return not self._moves_of(state._items)

    def _scores(self, state: State) -> tuple[int, ...]:
        """The number of cards turned up (0 at the start, 52 for a win)."""
        items = state._items
        return (sum(len(items[13 + k]) for k in range(13)),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won with every card turned up."""
        return (0,) if self._scores(state)[0] == 52 else ()

    def _capacities(self) -> list[int]:
        """Four cards in every pile."""
        return [4] * 26

    def _action_space(self) -> list[Move]:
        """A turn from each face-down pile, ``t1`` to ``t13``."""
        return list(self._turns)

    # ------------------------------------------------------- solver hooks

    def may_win(self, state: State, player: int = 0) -> bool:
        """Whether the game will be won: with no choice to make, the outcome is
        already fixed, and playing it out takes at most 52 turns. A view
        (whose hidden cards fix it) is refused."""
        self._check_playable(state)
        finished = self._finish(state._items)
        return not any(finished[:13])

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """The score the game will end with: the outcome is already fixed
        (by the hidden cards too: a view is refused)."""
        self._check_playable(state)
        finished = self._finish(state._items)
        return sum(len(finished[13 + k]) for k in range(13))

    def canonical_key(self, state: State) -> Hashable:
        """The face-down piles and how many cards each face-up pile holds: a
        face-up pile only ever holds cards of its own rank, so their order
        never matters."""
        items = state._items
        return (items[:13], tuple(len(p) for p in items[13:]))

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``turn t5``, or ``turn`` alone for the pile to turn from now."""
        short = text.strip().lower() if isinstance(text, str) else ""
        if short == "turn":
            self._check_own(state)
            return self._turns[self._current(state._items)]
        move = super().parse_move(state, text)
        if move.count != 1 or move.detail is not None or _COUNT_OR_DETAIL.search(short):
            raise InvalidMoveError(text, "a turn takes no count or detail", state)
        if move.source is None or move.target is not None:
            raise InvalidMoveError(
                text, "a turn names the face-down pile it turns from: 'turn t13'", state
            )
        if move.source not in FACE_DOWN:
            raise InvalidMoveError(text, "cards are turned from the face-down piles", state)
        return move

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        items = state._items
        for k in range(13):
            if len(items[k]) > 4:
                return f"{FACE_DOWN[k]} holds at most the four cards it was dealt"
            wrong = [c for c in items[13 + k] if hour_of(c) != k + 1]
            if wrong:
                return f"{FACE_UP[k]} takes only cards of rank {_rank(k + 1)}, not {wrong[0]}"
        if self._sources(items) != 1:
            return (
                "the piles' counts must name one pile to turn from next: each face-down"
                " pile has given up as many cards as its face-up pile holds, but for one"
            )
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """Each position in turn: its rank, the face-down cards left, the cards
        turned up; then the pile to turn from next."""
        items = state._items
        lines = [self.title]
        for k in range(13):
            down = " ".join(["##"] * len(items[k])) or "."
            up = " ".join(card_text(c, symbols) for c in items[13 + k]) or "."
            lines.append(f"{FACE_DOWN[k]:>3} {_rank(k + 1):>2}: {down:<11} | {up}")
        moves = self._moves_of(items)
        if moves:
            lines.append(f"next: {moves[0]}")
        lines.append(self._status(state))
        return "\n".join(lines)


def _clock() -> Game:
    return Clock("clock")


register(
    "clock",
    _clock,
    aliases=("clock-patience", "travellers", "sundial"),
    summary="Turn the cards round a clock face, each to its hour, before the fourth king.",
)
