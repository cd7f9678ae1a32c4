"""Black Hole and Worm Hole: every card into one hole, a rank up or down.

The ace of spades starts the hole; the other 51 cards lie face up in
seventeen fans of three. The top card of a fan may go into the hole when
its rank is one above or one below the rank of the hole's top card, suits
ignored; a king and an ace count as next to each other (the option
``wrap``). Nothing is ever built on a fan. The game is won when all 52
cards are in the hole. Golf (:mod:`patience.games.peaks`) is the same kind
of game with a stock: :func:`~patience.games.peaks.next_to` is its rule and
this one's.

Worm Hole adds one cell: any fan's top card may wait there while the cell
is empty, and leaves it only for the hole.

The score is the number of cards not yet in the hole; lower is better, and
zero wins. Registered as ``black-hole`` and ``worm-hole``; see the rules
page in the documentation.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .._json import FrozenMapping
from ..cards import Card, Deck
from ..errors import InvalidMoveError
from ..events import CardsMoved, Event
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text, is_listed
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import EMPTY_INFO, State
from ..tableau import check_flag
from .peaks import next_to

__all__ = ["BASE", "FANS", "BlackHole"]

FANS: tuple[str, ...] = tuple(f"f{k}" for k in range(1, 18))
"""The seventeen fans, ``f1`` to ``f17``."""

BASE = Card.parse("AS")
"""The card that starts the hole: the ace of spades."""

_HOLE = 0

# Where each fan lies on the grid (row, column): five across the top, four
# down each side of the hole, four across the bottom.
_PLACES = (
    *((0, 2 * k) for k in range(5)),
    *((r, c) for r in (1, 2) for c in (0, 2, 6, 8)),
    *((3, 1 + 2 * k) for k in range(4)),
)

_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "hole-only": "cards go only into the hole (or the empty cell): nothing is built on a fan",
        "empty-pile": "the place named holds no card",
        "rank": "the card's rank is not one above or one below the hole's top card",
        "cell-full": "the cell already holds a card",
        "hole-stays": "a card in the hole stays there",
    }
)
"""The refusal codes of Black Hole and Worm Hole (see :attr:`Game.refusals
<patience.Game.refusals>`)."""


class BlackHole(Game):
    """Black Hole, and with one cell Worm Hole.

    Piles: the ``hole`` (a foundation, face up, started by :data:`BASE`),
    in Worm Hole the ``cell``, and the fans ``f1`` to ``f17`` (:data:`FANS`,
    face up, only the top card plays).

    Moves: ``f3-hole`` (the top card of ``f3`` into the hole; the short form
    ``f3`` reads the same), and in Worm Hole ``f3-cell`` and ``cell-hole``.
    """

    better = Better.LOWER
    move_kinds = frozenset(("move",))
    refusals = _REFUSALS

    def __init__(self, name: str = "black-hole", *, cell: bool = False, wrap: bool = True) -> None:
        wrap = check_flag(name, "wrap", wrap)
        super().__init__(name, {"wrap": wrap})
        self.title = "Worm Hole" if cell else "Black Hole"
        self.wrap = wrap
        """Whether a king and an ace count as one rank apart."""
        self.cells = 1 if cell else 0
        """How many cells the game has: 1 in Worm Hole, 0 in Black Hole."""
        self._deck = Deck.standard()
        specs = [PileSpec("hole", "foundation", 1, 4, label="Hole")]
        if cell:
            specs.append(PileSpec("cell", "cell", 2, 4, label="Cell"))
        self._t0 = len(specs)
        specs += [
            PileSpec(f, "tableau", r, c, "right", extent=2, label=f"Fan {k + 1}")
            for k, (f, (r, c)) in enumerate(zip(FANS, _PLACES))
        ]
        self._set_layout(specs)
        self._to_hole = tuple(Move("move", f, "hole") for f in FANS)
        self._to_cell: tuple[Move, ...] = (
            tuple(Move("move", f, "cell") for f in FANS) if cell else ()
        )
        self._from_cell: tuple[Move, ...] = (Move("move", "cell", "hole"),) if cell else ()

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        """The ace of spades into the hole; the other cards, in the deck's
        order, dealt round the fans three times (``f1`` to ``f17``), so the
        deck's first card lies at the bottom of ``f1``."""
        rest = [c for c in cards if c != BASE]
        fans = tuple(tuple(rest[k::17]) for k in range(17))
        return self._new_state(((BASE,), *((),) * self.cells, *fans), EMPTY_INFO)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Every card lies face up: each pile is kept as a bare tuple of cards."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        return tuple(Pile._trusted(c, 0) for c in items)

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """Fan tops into the hole (``f1`` first), the cell's card into the
        hole, then fan tops into the empty cell."""
        return self._memoised(state, self._listing)

    def _listing(self, state: State) -> tuple[Move, ...]:
        items = state._items
        top, t0, wrap = items[_HOLE][-1], self._t0, self.wrap
        out = [
            self._to_hole[k]
            for k in range(17)
            if items[t0 + k] and next_to(items[t0 + k][-1], top, wrap)
        ]
        if self.cells:
            cell = items[1]
            if cell:
                if next_to(cell[-1], top, wrap):
                    out.append(self._from_cell[0])
            else:
                out += [self._to_cell[k] for k in range(17) if items[t0 + k]]
        return tuple(out)

    def _apply(self, state: State, move: Move) -> State:
        if not is_listed(move, self._legal_moves(state)):
            self._refuse(state, move)
        items = list(state._items)
        s, t = self._index[move.source or ""], self._index[move.target or ""]
        items[t] = items[t] + items[s][-1:]
        items[s] = items[s][:-1]
        return self._new_state(tuple(items), state.info)

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """One card moves from the top of a fan or the cell."""
        items = state._items
        s, t = self._index[move.source or ""], self._index[move.target or ""]
        cards = items[s]
        return [
            CardsMoved(self._names[s], len(cards) - 1, self._names[t], len(items[t]), cards[-1:])
        ]

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` for ``move``, known not to be legal in ``state``."""
        problem = self._not_a_move(move)
        if problem:
            return problem, "not-a-move"
        items = state._items
        if not self._legal_moves(state):
            if self._winners(state):
                return "the game is over: every card is in the hole", "game-over"
            return "the game is over: no card can go into the hole", "game-over"
        source, target = move.source or "", move.target or ""
        if source == "hole":
            return "a card in the hole stays there", "hole-stays"
        if target not in ("hole", "cell"):
            return "nothing is built on a fan: cards go only into the hole", "hole-only"
        cards = items[self._index[source]]
        if not cards:
            return f"{source} holds no card", "empty-pile"
        if target == "cell":
            return f"the cell already holds {items[1][-1].symbol}", "cell-full"
        card, top = cards[-1], items[_HOLE][-1]
        wraps = not self.wrap and abs(card.rank - top.rank) == 12
        wrap = " (ranks do not wrap between king and ace)" if wraps else ""
        return f"{card.symbol} is not one rank above or below {top.symbol}{wrap}", "rank"

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of this game in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.detail is not None:
            return f"a move of {self.title} takes no '=' detail"
        if move.count != 1:
            return "one card moves at a time"
        if move.source == move.target:
            return "a card moves to another pile"
        if move.source == "cell" and move.target != "hole":
            return "the cell's card goes only into the hole"
        return ""

    def _telling_move(self, state: State, pile: str, index: int | None) -> Move | None:
        """A fan's card or the cell's would go into the hole: its refusal says why not."""
        if pile == "cell":
            return self._from_cell[0]
        k = self._index[pile] - self._t0
        return self._to_hole[k] if 0 <= k < 17 else None

    def _is_over(self, state: State) -> bool:
        """Over when no move is left. Every move is progress (a card goes into
        the hole for good, or into the cell, which it leaves only for the
        hole), so no search is needed."""
        return not self._legal_moves(state)

    def _progress(self, state: State) -> Hashable:
        """The cards left on the fans and in the cell: every move lowers the
        first or raises the second for good."""
        items = state._items
        return (sum(len(p) for p in items[self._t0 :]), len(items[1]) if self.cells else 0)

    def _scores(self, state: State) -> tuple[int, ...]:
        """The cards not in the hole."""
        return (52 - len(state._items[_HOLE]),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won when every card is in the hole."""
        return (0,) if len(state._items[_HOLE]) == 52 else ()

    def _capacities(self) -> list[int]:
        """The hole the whole pack, the cell one card, a fan its three."""
        return [52, *[1] * self.cells, *[3] * 17]

    def _action_space(self) -> list[Move]:
        """Each fan into the hole; in Worm Hole each fan into the cell and the
        cell into the hole."""
        return [*self._to_hole, *self._to_cell, *self._from_cell]

    # ------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """The hole's top card, the cell and the fans as an unordered
        collection: the cards beneath the hole's top never play again, and
        every fan plays as any other."""
        items = state._items
        t0 = self._t0
        return (items[_HOLE][-1], items[1:t0], tuple(sorted(items[t0:])))

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """A card into the hole leaves one card fewer; a card into the cell none."""
        (now,) = self._scores(state)
        return tuple(now - (m.target == "hole") for m in self._legal_moves(state))

    def _move_progress(self, state: State, move: Move) -> bool | None:
        return True

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """Zero while play goes on; the score once the game is over."""
        return self.scores(state)[0] if self.is_over(state) else 0

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once the game is over short of a win, or when some card can
        never go into the hole: no card of a rank next to its own is left
        (on the hole's top, in the cell or on a fan) other than, in Black
        Hole, the cards beneath it in its own fan, which come free only
        after it has gone. (With a cell, a card may step aside and free the
        cards beneath it, so Worm Hole counts every card.)"""
        self._check_own(state)
        items = state._items
        if not self._legal_moves(state):
            return bool(self._winners(state))
        count = [0] * 15  # cards of each rank that could still be the hole's top
        count[items[_HOLE][-1].rank] += 1
        for pile in items[1:]:
            for card in pile:
                count[card.rank] += 1
        if self.wrap:
            count[0], count[14] = count[13], count[1]
        for pile in items[1:]:
            lying = [0] * 15
            for card in pile:
                r = card.rank
                if count[r - 1] - lying[r - 1] <= 0 and count[r + 1] - lying[r + 1] <= 0:
                    return False
                if not self.cells:
                    lying[r] += 1
                    if self.wrap and r in (1, 13):
                        lying[14 if r == 1 else 0] += 1
        return True

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``f3-hole`` (short form ``f3``), ``f3-cell`` and ``cell-hole``."""
        if isinstance(text, str):
            short = text.strip().lower()
            if short in FANS:
                return self._to_hole[FANS.index(short)]
            if short == "cell" and self.cells:
                return self._from_cell[0]
        move = super().parse_move(state, text)
        if move.kind != "move":
            raise InvalidMoveError(text, f"{self.title}'s moves are '<pile>-<pile>'", state)
        return move

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        items = state._items
        if not items[_HOLE] or items[_HOLE][0] != BASE:
            return "the hole starts with the ace of spades"
        for k, pile in enumerate(items[self._t0 :]):
            if len(pile) > 3:
                return f"{FANS[k]} holds more than 3 cards"
        if self.cells and len(items[1]) > 1:
            return "the cell holds more than one card"
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """The hole (and the cell), then each fan bottom card first."""
        items = state._items
        hole = items[_HOLE]
        head = f"hole: [{len(hole)}] {card_text(hole[-1], symbols)}"
        if self.cells:
            cell = items[1]
            head += "  cell: " + (card_text(cell[-1], symbols) if cell else ".")
        lines = [self.title, head]
        for k, name in enumerate(FANS):
            pile = items[self._t0 + k]
            lines.append(f"{name:>3}: {' '.join(card_text(c, symbols) for c in pile) or '.'}")
        lines.append(self._status(state))
        return "\n".join(lines)


def _black_hole(*, wrap: bool = True) -> Game:
    return BlackHole("black-hole", wrap=wrap)


def _worm_hole(*, wrap: bool = True) -> Game:
    return BlackHole("worm-hole", cell=True, wrap=wrap)


register(
    "black-hole",
    _black_hole,
    summary="Seventeen fans of three into one hole, a rank up or down, king next to ace.",
)
register(
    "worm-hole",
    _worm_hole,
    summary="Black Hole with one cell where a card may wait for the hole.",
)
