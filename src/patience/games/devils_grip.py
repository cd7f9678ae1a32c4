"""Devil's Grip: build a three-by-eight grid up in suit by threes.

Two packs without their aces (96 cards) are shuffled; 24 cards go face up in
a grid of three rows and eight columns and the rest form the stock. Grid
stacks build up in suit by three, along 2-5-8-J, 3-6-9-Q and 4-7-10-K: a card,
with whatever lies on it, may go onto a grid stack whose top card is of its
suit and three ranks lower. Any two grid stacks may change places at any
time. A space is refilled at once from the stock, or from the talon once the
stock is used up. The stock turns three cards at a time onto a talon whose
top card may be built onto the grid. The score is the number of cards left
outside the grid; lower is better, and zero wins.

Registered as ``devils-grip``; see the rules page in the documentation.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

from .._json import FrozenMapping
from ..agents import pass_capped, pass_range
from ..cards import Card, Deck, Suit
from ..errors import InvalidMoveError, InvalidOptionError
from ..events import CardsDealt, CardsMoved, Event
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text, is_listed
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import Info, State
from ..tableau import check_count

__all__ = [
    "CELLS",
    "DRAW",
    "MAX_PASSES",
    "REDEAL",
    "SEQUENCES",
    "DevilsGrip",
    "builds_on",
]

CELLS: tuple[str, ...] = tuple(f"{col}{row}" for row in "123" for col in "abcdefgh")
"""The 24 grid cells, row by row from the top: ``a1 b1 ... h1 a2 ... h3``.

The letter names the column (``a`` at the left), the digit the row (``1`` at
the top), as in Poker Solitaire's grid.
"""

SEQUENCES: tuple[tuple[int, ...], ...] = ((2, 5, 8, 11), (3, 6, 9, 12), (4, 7, 10, 13))
"""The three ways a grid stack is built, bottom to top: 2-5-8-J, 3-6-9-Q and 4-7-10-K."""

DRAW = Move("draw", "stock")
"""Turn up to three cards from the stock onto the talon."""

REDEAL = Move("redeal", "stock")
"""Turn the talon over to make a new stock for another pass."""

_DRAW_COUNT = 3
_STACK_MOST = 4
"""The most cards a grid stack can hold: ranks three apart from 2, 3 or 4 up to the king."""
_STOCK, _TALON, _G0 = 0, 1, 2
_COUNT = re.compile(r"(?:^|\s)x\d+(?:\s|$)")
_CELL_INDEX = {cell: _G0 + k for k, cell in enumerate(CELLS)}
# Each card that takes another, and the card it takes (cards are interned).
_ABOVE = {Card(r, suit): Card(r + 3, suit) for suit in Suit for r in range(2, 11)}


def builds_on(card: Card, under: Card) -> bool:
    """Whether ``card`` may lie on ``under`` in a grid stack: same suit, three ranks higher.

    >>> builds_on(Card.parse("8S"), Card.parse("5S")), builds_on(Card.parse("8S"), Card.parse("5H"))
    (True, False)
    >>> builds_on(Card.parse("JD"), Card.parse("8D")), builds_on(Card.parse("2D"), Card.parse("JD"))
    (True, False)
    """
    return card.suit is under.suit and card.rank == under.rank + 3


def _is_run(cards: tuple[Card, ...]) -> bool:
    return all(builds_on(cards[i], cards[i - 1]) for i in range(1, len(cards)))


_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "stock-empty": "the stock is used up: nothing is left to turn",
        "no-redeal": "the talon cannot be turned over now: the stock is not used up,"
        " no pass is left, or (with unlimited passes) this pass brought no card into"
        " the grid",
        "empty-pile": "the talon holds no card",
        "grid-only": "cards go only onto the grid",
        "same-cell": "a stack cannot move onto itself",
        "build": "no card of the pile moved builds on the target's top card (same suit,"
        " three ranks higher)",
        "no-change": "the move would only make two stacks change places, which changes nothing",
        "wrong-count": "the count is not how many cards move: the card that builds goes"
        " with every card on it",
    }
)
"""Devil's Grip's refusal codes (see :attr:`Game.refusals <patience.Game.refusals>`)."""


MAX_PASSES = 100
"""The most passes a limit may allow (``None`` for no limit)."""


def _check_passes(name: str, passes: object) -> int | None:
    if passes is None:
        return None
    try:
        return check_count(name, "passes", passes, 1, MAX_PASSES)
    except InvalidOptionError as e:
        raise InvalidOptionError(name, "passes", f"{e.reason}, or None") from None


class DevilsGrip(Game):
    """Devil's Grip, with unlimited passes by default or ``passes`` of them.

    Piles: the ``stock`` (face down), the ``talon`` (face up) and the grid
    cells ``a1`` to ``h3`` (:data:`CELLS`; letter the column, digit the row),
    each holding a stack built up in suit by three.

    Moves:

    - ``talon-c2``: the talon's top card onto the stack at ``c2``;
    - ``a1-c2 x2``: the card at ``a1`` that fits on ``c2``'s top card, with
      the one card on it, onto ``c2`` (the count is how many cards move;
      :meth:`parse_move` fills it in when the text leaves it out);
    - ``draw`` (:data:`DRAW`): three cards (or what is left) from the stock
      to the talon; ``redeal`` (:data:`REDEAL`): the talon turned over as a
      new stock, when another pass is allowed.

    A cell left empty is refilled inside the move that emptied it, from the
    stock's top card or, with the stock used up, from the talon's.

    ``state.info`` holds ``pass`` (the current pass, from 1) and ``progress``
    (whether a card has entered the grid during this pass).
    """

    # The quick probe for progress (see Game._probe) follows these moves:
    # turning the stock (and the talon back) until a card can enter the grid.
    _probe_kinds = frozenset(("draw", "redeal"))

    title = "Devil's Grip"
    better = Better.LOWER
    move_kinds = frozenset(("move", "draw", "redeal"))
    action_piles = FrozenMapping({"draw": "stock", "redeal": "stock"})
    refusals = _REFUSALS

    def __init__(
        self,
        name: str = "devils-grip",
        *,
        passes: int | None = None,
    ) -> None:
        passes = _check_passes(name, passes)
        super().__init__(name, {"passes": passes})
        self.passes = passes
        """How many passes through the stock are allowed (``None``: no limit)."""
        self._deck = Deck.standard(2, ranks=range(2, 14))
        self._set_layout(
            [
                PileSpec("stock", "stock", 0, 0, label="Stock"),
                # The talon shows the three cards just turned.
                PileSpec("talon", "waste", 0, 1, "right", label="Talon", extent=2, spread=3),
                # Each grid stack (at most four cards: 2-5-8-J) has two rows to fan in.
                *(
                    PileSpec(
                        cell,
                        "tableau",
                        1 + 2 * (k // 8),
                        k % 8,
                        fan="down",
                        label=cell.upper(),
                        extent=2,
                    )
                    for k, cell in enumerate(CELLS)
                ),
            ]
        )
        self._from_talon = tuple(Move("move", "talon", cell) for cell in CELLS)
        # Every grid build, by source cell, target cell and count less one.
        self._builds = tuple(
            tuple(
                tuple(Move("move", CELLS[s], CELLS[t], k) for k in range(1, _STACK_MOST + 1))
                for t in range(24)
            )
            for s in range(24)
        )
        self._info = Info({"pass": 1, "progress": False})

    @property
    def deck(self) -> Deck:
        """Two packs without their aces: 96 cards, two to nine, ten, jack, queen, king."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        stock = tuple(reversed(cards[24:]))
        return self._new_state((stock, (), *((c,) for c in cards[:24])), self._info)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Devil's Grip keeps each pile as a bare tuple of cards: the stock is all
        face down, the talon and the grid face up."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        stock = items[0]
        return (Pile._trusted(stock, len(stock)), *(Pile._trusted(c, 0) for c in items[1:]))

    # ------------------------------------------------------------ helpers

    def grid(self, state: State) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """The grid as three rows of eight stacks, each stack's cards bottom first."""
        items = state._items
        return tuple(tuple(items[_G0 + r * 8 + c] for c in range(8)) for r in range(3))

    def _may_redeal(self, info: Info) -> bool:
        if self.passes is None:
            return bool(info["progress"])
        current = info["pass"]
        assert isinstance(current, int)
        return current < self.passes

    @staticmethod
    def _place(stack: tuple[Card, ...], card: Card) -> int:
        """Where in ``stack`` (a run) a card that fits on ``card`` lies, or -1."""
        bottom = stack[0]
        if bottom.suit is not card.suit:
            return -1
        steps, rest = divmod(card.rank + 3 - bottom.rank, 3)
        if rest or not 0 <= steps < len(stack):
            return -1
        return steps

    def _moves_of(self, items: tuple[Any, ...], info: Info) -> tuple[Move, ...]:
        progress: list[Move] = []  # moves that can bring a card into the grid
        shuffles: list[Move] = []  # builds that leave cards behind
        # The card each grid stack wants next, and the stacks that want it.
        wanted: dict[Card, list[int]] = {}
        for t in range(24):
            target = items[_G0 + t]
            above = _ABOVE.get(target[-1]) if target else None
            if above is not None:
                wanted.setdefault(above, []).append(t)
        talon = items[_TALON]
        if talon and talon[-1] in wanted:
            from_talon = self._from_talon
            progress += [from_talon[t] for t in wanted[talon[-1]]]
        if wanted:
            builds = self._builds
            for s in range(24):
                stack = items[_G0 + s]
                rows = builds[s]
                behind: list[tuple[int, int]] = []  # (target, where) of builds leaving cards
                for at, card in enumerate(stack):
                    targets = wanted.get(card)
                    if targets is None:
                        continue
                    for t in targets:
                        if t == s:
                            continue
                        if at == 0:
                            progress.append(rows[t][len(stack) - 1])
                        elif items[_G0 + t] != stack[:at]:
                            # (Where what stays behind is what the target
                            # holds, as twins in two packs allow, the stacks
                            # would only change places: nothing would change.)
                            behind.append((t, at))
                if behind:
                    behind.sort()
                    shuffles += [rows[t][len(stack) - at - 1] for t, at in behind]
        if items[_STOCK]:
            progress.append(DRAW)
        elif talon and self._may_redeal(info):
            progress.append(REDEAL)
        return (*progress, *shuffles)

    def _capacities(self) -> list[int]:
        """The stock and talon what the grid did not take; a stack four cards."""
        return [72, 72, *[_STACK_MOST] * 24]

    def _action_space(self) -> list[Move]:
        """The talon's card to each cell, each stack (of one to four cards: a
        stack holds at most four, built by threes) onto each other cell, then
        the draw and the redeal."""
        builds = [
            Move("move", CELLS[s], CELLS[t], k)
            for k in range(1, _STACK_MOST + 1)
            for s in range(24)
            for t in range(24)
            if s != t
        ]
        return [*self._from_talon, *builds, DRAW, REDEAL]

    def _known_piles(self, state: State, player: int) -> tuple[int, ...]:
        """After a redeal the stock is the talon the player watched, turned over."""
        return (_STOCK,) if state._info._data["pass"] != 1 else ()

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """Talon builds, grid builds that empty their cell, ``draw`` or ``redeal``;
        then grid builds that leave cards behind (none once the grid is full).

        Swapping two stacks is not offered: where a stack stands never
        matters, so a swap would leave the position as it was.
        """
        return self._memoised(state, self._listing)

    def _listing(self, state: State) -> tuple[Move, ...]:
        return self._moves_of(state._items, state._info)

    def _apply(self, state: State, move: Move) -> State:
        if not is_listed(move, self._legal_moves(state)):
            self._refuse(state, move)
        items = list(state._items)
        info: dict[str, Any] = dict(state._info._data)
        kind = move.kind
        if kind == "draw":
            stock = items[_STOCK]
            n = min(_DRAW_COUNT, len(stock))
            items[_STOCK] = stock[:-n]
            items[_TALON] = items[_TALON] + stock[: -n - 1 : -1]
        elif kind == "redeal":
            items[_STOCK] = tuple(reversed(items[_TALON]))
            items[_TALON] = ()
            info["pass"] += 1
            info["progress"] = False
        else:
            s = self._index[move.source or ""]
            t = _CELL_INDEX[move.target or ""]
            source = items[s]
            items[t] = items[t] + source[-move.count :]
            items[s] = source[: -move.count]
            if s == _TALON:
                info["progress"] = True  # a card entered the grid
            elif not items[s]:
                info["progress"] = True  # the refill brings a card into the grid
                self._refill(items, s)
        return self._new_state(tuple(items), Info._own(info))

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """A draw turns up to three cards onto the talon, a redeal turns the talon
        over into the stock; a build moves the stack, and an emptied cell is
        filled from the stock (else the talon)."""
        items = state._items
        names = self._names
        stock, talon = items[_STOCK], items[_TALON]
        if move.kind == "draw":
            n = min(_DRAW_COUNT, len(stock))
            flip = n > 1
            moved = stock[-n:]
            return [
                CardsMoved(
                    "stock",
                    len(stock) - n,
                    "talon",
                    len(talon),
                    moved,
                    was_face_up=False,
                    turned_over=flip,
                )
            ]
        if move.kind == "redeal":
            return [
                CardsMoved("talon", 0, "stock", 0, talon, face_up=False, turned_over=len(talon) > 1)
            ]
        s, t = self._index[move.source or ""], _CELL_INDEX[move.target or ""]
        source, k = items[s], move.count
        log: list[Event] = [
            CardsMoved(names[s], len(source) - k, names[t], len(items[t]), source[-k:])
        ]
        if s != _TALON and len(source) == k:
            for refill in (_STOCK, _TALON):
                pile = items[refill]
                if pile:
                    log.append(
                        CardsDealt(
                            names[refill],
                            len(pile) - 1,
                            names[s],
                            0,
                            pile[-1:],
                            was_face_up=refill == _TALON,
                        )
                    )
                    break
        return log

    @staticmethod
    def _refill(items: list[Any], cell: int) -> None:
        """Fill an emptied cell from the stock's top card, else from the talon's."""
        for source in (_STOCK, _TALON):
            pile = items[source]
            if pile:
                items[cell] = pile[-1:]
                items[source] = pile[:-1]
                return

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
                return "the game is over: every card is in the grid", "game-over"
            return "the game is over: no move is left", "game-over"
        kind = move.kind
        stock = items[_STOCK]
        # With the stock and the talon both empty every card is in the grid: won.
        if kind == "draw":
            if REDEAL in self._legal_moves(state):
                return "the stock is empty: redeal to turn the talon over", "stock-empty"
            return "the stock is empty", "stock-empty"
        if kind == "redeal":
            if stock:
                return "the stock is not used up yet", "no-redeal"
            if self.passes is None:
                return (
                    "no card has entered the grid during this pass: another would change nothing",
                    "no-redeal",
                )
            if self.passes == 1:
                return "there is only one pass", "no-redeal"
            return f"all {self.passes} passes are used", "no-redeal"
        if move.target not in _CELL_INDEX:
            return "cards go only onto the grid", "grid-only"
        source = items[self._index[move.source or ""]]
        target = items[_CELL_INDEX[move.target]]
        if not source:  # only the talon: a grid cell is refilled at once
            name = "the talon" if move.source == "talon" else move.source
            hint = ": draw to turn cards onto it" if stock else ""
            return f"{name} is empty{hint}", "empty-pile"
        if move.source == move.target:
            return "a stack cannot move onto itself", "same-cell"
        if not target:  # not in a valid state: a space is refilled at once
            return f"{move.target} is empty: a space takes no card from the player", "build"
        top = target[-1]
        above = _ABOVE.get(top)
        if move.source == "talon":
            card = source[-1]
        else:
            at = self._place(source, top)
            if at >= 0:
                if at and target == source[:at]:
                    return (
                        f"{move.target} holds just what would stay behind under the"
                        f" {source[at].symbol}: the two stacks would only change places",
                        "no-change",
                    )
                n = len(source) - at
                return (
                    f"the {source[at].symbol} moves with what lies on it:"
                    f" {n} card{'s' if n > 1 else ''}",
                    "wrong-count",
                )
            if len(source) > 1:
                if above is None:
                    return f"nothing builds on {top.symbol}: its sequence ends there", "build"
                return (
                    f"no card at {move.source} builds on {top.symbol}: only {above.symbol}"
                    " does (same suit, three ranks higher)",
                    "build",
                )
            card = source[0]
        if above is None:
            return (
                f"{card.symbol} does not build on {top.symbol}: nothing does, its"
                " sequence ends there",
                "build",
            )
        return (
            f"{card.symbol} does not build on {top.symbol}: only {above.symbol} does"
            " (same suit, three ranks higher)",
            "build",
        )

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of Devil's Grip in any position, or ``""``."""
        if move.kind == "swap":
            return (
                "stacks are not swapped: where a stack stands never matters, so a swap"
                " would change nothing"
            )
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.kind in ("draw", "redeal"):
            if move.source != "stock":
                return f"'{move.kind}' acts on the stock alone: write '{move.kind}'"
            if move not in (DRAW, REDEAL):
                return f"'{move.kind}' names only the stock: write '{move.kind}'"
            return ""
        if move.detail is not None:
            return "a move of Devil's Grip takes no '=' detail"
        if move.source == "stock":
            return "the stock's cards are turned with 'draw'"
        if move.source == "talon" and move.count != 1:
            return "only the talon's top card moves"
        return ""

    def _is_over(self, state: State) -> bool:
        """Over when no card can enter the grid any more: no legal move is left,
        or no turning of the stock within the passes allowed brings up a card
        that can (the positions reachable are searched, see
        :meth:`~patience.Game.progress_line`)."""
        return not self._legal_moves(state) or self._cannot_progress(state)

    def _over_without_search(self, state: State) -> bool:
        return not self._legal_moves(state)

    def _progress(self, state: State) -> Hashable:
        """Progress is a card entering the grid: the score, which only goes down."""
        return self._scores(state)

    def _scores(self, state: State) -> tuple[int, ...]:
        """The cards outside the grid: stock and talon together (72 at the start)."""
        items = state._items
        return (len(items[_STOCK]) + len(items[_TALON]),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won with all 96 cards in the grid: every stack complete."""
        return (0,) if self.scores(state)[0] == 0 else ()

    # ------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """The stock, the talon, the grid's stacks as an unordered collection, and the
        pass information that still matters.

        Where a stack stands never affects play, so grids that differ only in
        arrangement are one. With
        unlimited passes only whether this pass has brought a card into the
        grid matters; with a fixed number, only which pass it is.
        """
        items = state._items
        grid = tuple(sorted(tuple(c.sort_key for c in items[_G0 + k]) for k in range(24)))
        extra = state.info["progress"] if self.passes is None else state.info["pass"]
        return (items[_STOCK], items[_TALON], grid, extra)

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once the game is over with cards left outside the grid."""
        return not self.is_over(state) or bool(self.winners(state))

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """Zero while play goes on (nothing better is proven); the score once it is over."""
        return self.scores(state)[0] if self.is_over(state) else 0

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``draw``, ``redeal``, ``talon-c2`` and ``a1-c2`` (with ``x2`` or
        without: then the count of the card that fits and what lies on it).

        ``swap a1-c2`` is refused with the reason: where a stack stands never
        matters, so swapping two would change nothing and is not a move.
        """
        if Move.parse(text).kind != "swap":
            move = super().parse_move(state, text)
        else:
            move = Move.parse(text)
        short = text.strip().lower()
        if move.detail is not None:
            raise InvalidMoveError(text, "Devil's Grip moves take no '=' detail", state)
        if move.kind in ("draw", "redeal"):
            if move not in (DRAW, REDEAL):
                raise InvalidMoveError(text, f"'{move.kind}' is written alone", state)
            return move
        if move.kind == "swap":
            raise InvalidMoveError(
                text,
                "stacks are not swapped: where a stack stands never matters, so a swap"
                " would change nothing",
                state,
            )
        if move.kind != "move":
            raise InvalidMoveError(
                text, "the moves are builds '<pile>-<cell>', 'draw' and 'redeal'", state
            )
        if move.target not in _CELL_INDEX or (
            move.source not in _CELL_INDEX and move.source != "talon"
        ):
            raise InvalidMoveError(
                text, "a build goes from the talon or a grid cell onto a grid cell", state
            )
        if move.source in _CELL_INDEX and not _COUNT.search(short):
            source = state.piles[move.source].cards
            target = state.piles[move.target].cards
            if source and target:
                at = self._place(source, target[-1])
                if at >= 0 and len(source) - at > 1:
                    return Move("move", move.source, move.target, len(source) - at)
        return move

    def _counter_range(self, key: str) -> tuple[int, int]:
        """The pass from 1 to the passes allowed, or with unlimited passes
        1 or 2 (the first pass or a later one: :func:`~patience.agents.pass_range`)."""
        return pass_range(self.passes) if key == "pass" else super()._counter_range(key)

    @property
    def _capped_counters(self) -> frozenset[str]:
        return pass_capped(self.passes)

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        info = state.info
        current, progress = info["pass"], info["progress"]
        if isinstance(current, bool) or not isinstance(current, int) or current < 1:
            return "info 'pass' must be a positive integer"
        if self.passes is not None and current > self.passes:
            return f"info 'pass' must be from 1 to {self.passes}"
        if not isinstance(progress, bool):
            return "info 'progress' must be true or false"
        items = state._items
        for k, cell in enumerate(CELLS):
            stack = items[_G0 + k]
            if not stack:
                return f"cell {cell} is empty: a space is always refilled at once"
            if not _is_run(stack):
                return f"cell {cell} is not built up in suit by three: {' '.join(map(str, stack))}"
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """The stock (with the pass), the talon, then the grid one row to a line.

        A stack of several cards shows its bottom and top cards, as in ``2S-8S``
        for the 2, 5 and 8 of spades (``2♠-8♠`` with ``symbols``).
        """
        items = state._items
        stock, talon = items[_STOCK], items[_TALON]
        width = 7 if symbols else 6  # room for "10♠-K♠"
        current = state.info["pass"]
        of = f" of {self.passes}" if self.passes is not None else ""
        lines = [
            self.title,
            (f"stock: [{len(stock)}] ##" if stock else "stock: .") + f"  (pass {current}{of})",
            f"talon: [{len(talon)}] {card_text(talon[-1], symbols)}" if talon else "talon: .",
            "    " + "".join(f"{col:>{width}}" for col in "abcdefgh"),
        ]
        for r, row in enumerate(self.grid(state)):
            cells = [
                "."
                if not s
                else card_text(s[0], symbols)
                if len(s) == 1
                else f"{card_text(s[0], symbols)}-{card_text(s[-1], symbols)}"
                for s in row
            ]
            lines.append(f"{r + 1:>4}" + "".join(f"{c:>{width}}" for c in cells))
        lines.append(self._status(state))
        return "\n".join(lines)


def _devils_grip(*, passes: int | None = None) -> Game:
    return DevilsGrip("devils-grip", passes=passes)


register(
    "devils-grip",
    _devils_grip,
    summary="Build a 3 x 8 grid of 96 cards up in suit by threes, 2-5-8-J, 3-6-9-Q, 4-7-10-K.",
)
