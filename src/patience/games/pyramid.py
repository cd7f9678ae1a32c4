"""Pyramid: take the pyramid apart in pairs that add up to thirteen.

Twenty-eight cards are laid face up as a pyramid of seven rows, each row
overlapping the one above; the other 24 form a stock whose top card lies face
up. Two available cards whose ranks add up to 13 (ace 1, jack 11, queen 12,
king 13) are discarded together, and a king is discarded alone. A pyramid
card is available once both cards that overlap it are gone; the stock's top
card and the waste's top card are available too. The stock is turned one card
at a time onto the waste, and the waste may be turned back into a stock for
three passes in all by default. The score is the number of cards left in the
pyramid; lower is better, and zero wins.

Registered as ``pyramid``; see the rules page in the documentation.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from .._json import FrozenMapping
from ..agents import pass_capped, pass_range
from ..cards import Card, Deck
from ..errors import InvalidMoveError, InvalidOptionError
from ..events import CardsMoved, CardsTurned, Event
from ..frontend import Drag
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text, is_listed
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import Info, State
from ..tableau import check_count

__all__ = ["COVERS", "DRAW", "MAX_PASSES", "PLACES", "REDEAL", "Pyramid", "pairs"]

DRAW = Move("draw", "stock")
"""Turn the stock's top card onto the waste."""

REDEAL = Move("redeal", "stock")
"""Turn the waste over as a new stock, when another pass is allowed."""

MAX_PASSES = 100
"""The most passes a limit may allow (``None`` for no limit)."""

PLACES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{'abcdefg'[r]}{k}" for k in range(1, r + 2)) for r in range(7)
)
"""The pyramid's places, row by row from the top: ``a1``; ``b1 b2``; ... ``g1``-``g7``."""


def _covers() -> dict[str, tuple[str, str]]:
    out = {}
    for r in range(6):
        for k, name in enumerate(PLACES[r]):
            out[name] = (PLACES[r + 1][k], PLACES[r + 1][k + 1])
    return out


COVERS: Mapping[str, tuple[str, str]] = FrozenMapping(_covers())
"""For each place above the bottom row, the two places whose cards overlap
it: ``a1`` lies under ``b1`` and ``b2``. A card is available once both are empty."""


def pairs(card: Card, other: Card) -> bool:
    """Whether two cards' ranks add up to thirteen (ace 1, jack 11, queen 12).

    >>> pairs(Card.parse("6S"), Card.parse("7H")), pairs(Card.parse("QD"), Card.parse("AC"))
    (True, True)
    >>> pairs(Card.parse("KS"), Card.parse("KH"))
    False
    """
    return card.rank + other.rank == 13


_STOCK, _WASTE, _DISCARD, _P0 = 0, 1, 2, 3
_NAMES = tuple(n for row in PLACES for n in row)
_COVER_INDEX = tuple(tuple(_P0 + _NAMES.index(c) for c in COVERS.get(n, ())) for n in _NAMES)
_SOURCES = ("stock", "waste", *_NAMES)


def _related() -> tuple[frozenset[int], ...]:
    """For each place (from 0), the places a card there can never pair with:
    those that lie on it, however indirectly (gone before it is available),
    and those it lies on (available only once it is gone)."""
    index = {n: k for k, n in enumerate(_NAMES)}
    above: list[set[int]] = [set() for _ in _NAMES]
    for k in reversed(range(len(_NAMES))):  # the bottom row first
        for c in COVERS.get(_NAMES[k], ()):
            above[k] |= {index[c]} | above[index[c]]
    below: list[set[int]] = [set() for _ in _NAMES]
    for k, over in enumerate(above):
        for j in over:
            below[j].add(k)
    return tuple(frozenset(above[k] | below[k]) for k in range(len(_NAMES)))


_APART = _related()
_ORDER = {n: k for k, n in enumerate(_SOURCES)}
_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "stock-empty": "the stock is used up: redeal to turn the waste over, if a pass is left",
        "no-redeal": "the waste cannot be turned over now: the stock is not used up, no"
        " pass is left, or (with unlimited passes) this pass discarded nothing",
        "empty-pile": "the place named holds no card",
        "covered": "the card is not available: another card still lies on it",
        "not-thirteen": "the two cards' ranks do not add up to thirteen",
        "not-a-king": "only a king is discarded alone",
        "same-card": "a card cannot pair with itself",
        "pair-order": "a pair is written with its two places in layout order: stock,"
        " waste, then the pyramid from the top",
        "discard-only": "cards go only to the discard pile (a king) or pair with another card",
    }
)
"""Pyramid's refusal codes (see :attr:`Game.refusals <patience.Game.refusals>`)."""


def _check_passes(name: str, passes: object) -> int | None:
    if passes is None:
        return None
    try:
        return check_count(name, "passes", passes, 1, MAX_PASSES)
    except InvalidOptionError as e:
        raise InvalidOptionError(name, "passes", f"{e.reason}, or None") from None


class Pyramid(Game):
    """Pyramid, with three passes through the stock by default or ``passes`` of them.

    Piles: the ``stock`` (its top card face up, the rest face down), the
    ``waste`` (face up), the ``discard`` pile and the pyramid's places
    ``a1`` to ``g7`` (:data:`PLACES`), each holding one card or none.

    Moves:

    - ``pair g3-g4``: the two available cards at ``g3`` and ``g4`` (ranks
      adding up to 13) to the discard pile; the places are named in layout
      order (``stock``, ``waste``, then the pyramid from the top), and either
      may be the stock's or the waste's top card;
    - ``g5-discard``: the available king at ``g5`` to the discard pile alone;
    - ``draw`` (:data:`DRAW`) and ``redeal`` (:data:`REDEAL`).

    ``state.info`` holds ``pass`` (the current pass, from 1) and ``progress``
    (whether a card has been discarded during this pass).
    """

    title = "Pyramid"
    better = Better.LOWER
    move_kinds = frozenset(("move", "pair", "draw", "redeal"))
    action_piles = FrozenMapping({"draw": "stock", "redeal": "stock"})
    refusals = _REFUSALS
    _probe_kinds = frozenset(("draw", "redeal"))

    def __init__(self, name: str = "pyramid", *, passes: int | None = 3) -> None:
        passes = _check_passes(name, passes)
        super().__init__(name, {"passes": passes})
        self.passes = passes
        """How many passes through the stock are allowed (``None``: no limit)."""
        self._deck = Deck.standard()
        # The pyramid on a grid of half cards: row r's cards two columns
        # apart, each row half a card below the one above and half a card
        # to the left, so that it lies over the lower half of that row. A
        # place emptied stays empty, labelled as the moves name it.
        self._set_layout(
            [
                PileSpec("stock", "stock", 0, 0, label="Stock"),
                PileSpec("waste", "waste", 2, 0, label="Waste"),
                PileSpec("discard", "discard", 0, 15, label="Discard"),
                *(
                    PileSpec(n, "tableau", r, 2 + 6 - r + 2 * k, label=n, refill=False)
                    for r, row in enumerate(PLACES)
                    for k, n in enumerate(row)
                ),
            ],
            row_steps=dict.fromkeys(range(6), 0.5),
            column_steps={1: 0.5, **dict.fromkeys(range(2, 14), 0.5)},
        )
        self._kings = tuple(Move("move", n, "discard") for n in _SOURCES)
        self._pairs = {
            (i, j): Move("pair", _SOURCES[i], _SOURCES[j])
            for i in range(len(_SOURCES))
            for j in range(i + 1, len(_SOURCES))
        }
        self._info = Info({"pass": 1, "progress": False})

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        """The places in order (:data:`PLACES`, the top first), one card each from
        the top of the deck; the rest is the stock, its top the deck's 29th card."""
        stock = tuple(reversed(cards[28:]))
        return self._new_state((stock, (), (), *((c,) for c in cards[:28])), self._info)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Each pile as a bare tuple of cards: only the stock has face-down
        cards, all but its top one."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        stock = items[_STOCK]
        return (
            Pile._trusted(stock, max(len(stock) - 1, 0)),
            *(Pile._trusted(c, 0) for c in items[1:]),
        )

    # ------------------------------------------------------------ helpers

    def _available(self, items: tuple[Any, ...]) -> list[tuple[int, Card]]:
        """The available cards as ``(source index in _SOURCES, card)``, in order."""
        out: list[tuple[int, Card]] = []
        for s in (_STOCK, _WASTE):
            if items[s]:
                out.append((s, items[s][-1]))  # sources 0 and 1 are these piles
        for k in range(28):
            cards = items[_P0 + k]
            if cards and not any(items[c] for c in _COVER_INDEX[k]):
                out.append((2 + k, cards[0]))
        return out

    def _may_redeal(self, info: Info) -> bool:
        if self.passes is None:
            return bool(info["progress"])
        current = info["pass"]
        assert isinstance(current, int)
        return current < self.passes

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """Kings alone, then pairs (each once, its places in layout order), then
        ``draw`` or ``redeal``. None once the pyramid is clear: the game is won."""
        return self._memoised(state, self._listing)

    def _listing(self, state: State) -> tuple[Move, ...]:
        items = state._items
        if not any(items[_P0:]):
            return ()
        free = self._available(items)
        out = [self._kings[s] for s, card in free if card.rank == 13]
        made = self._pairs
        for a in range(len(free)):
            s, card = free[a]
            for t, other in free[a + 1 :]:
                if card.rank + other.rank == 13:
                    out.append(made[s, t])
        if items[_STOCK]:
            out.append(DRAW)
        elif items[_WASTE] and self._may_redeal(state._info):
            out.append(REDEAL)
        return tuple(out)

    def _apply(self, state: State, move: Move) -> State:
        if not is_listed(move, self._legal_moves(state)):
            self._refuse(state, move)
        items = list(state._items)
        info = state._info
        kind = move.kind
        if kind == "draw":
            stock = items[_STOCK]
            items[_STOCK] = stock[:-1]
            items[_WASTE] = items[_WASTE] + stock[-1:]
        elif kind == "redeal":
            items[_STOCK] = tuple(reversed(items[_WASTE]))
            items[_WASTE] = ()
            data = dict(info._data)
            current = data["pass"]
            assert isinstance(current, int)
            data["pass"] = current + 1
            data["progress"] = False
            info = Info._own(data)
        else:
            gone: list[Card] = []
            for name in (move.source, move.target) if kind == "pair" else (move.source,):
                k = self._index[name or ""]
                gone.append(items[k][-1])
                items[k] = items[k][:-1]
            items[_DISCARD] = items[_DISCARD] + tuple(gone)
            if not info._data["progress"]:
                info = Info._own({**info._data, "progress": True})
        return self._new_state(tuple(items), info)

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """A draw moves the stock's top card onto the waste and turns up the
        next; a redeal turns the waste over into the stock (all but the
        waste's bottom card face down, that one face up on top); a
        discard moves each card to the discard pile, the source first."""
        items = state._items
        stock, waste = items[_STOCK], items[_WASTE]
        if move.kind == "draw":
            log: list[Event] = [
                CardsMoved("stock", len(stock) - 1, "waste", len(waste), stock[-1:])
            ]
            if len(stock) > 1:
                log.append(CardsTurned("stock", len(stock) - 2, stock[-2:-1]))
            return log
        if move.kind == "redeal":
            # Turned over, the waste's bottom card becomes the stock's top,
            # which lies face up: the rest go face down beneath it.
            log = []
            if len(waste) > 1:
                rest = waste[1:]
                log.append(
                    CardsMoved(
                        "waste", 1, "stock", 0, rest, face_up=False, turned_over=len(rest) > 1
                    )
                )
            log.append(CardsMoved("waste", 0, "stock", len(waste) - 1, waste[:1]))
            return log
        log = []
        at = len(items[_DISCARD])
        names = (move.source, move.target) if move.kind == "pair" else (move.source,)
        now = {n: items[self._index[n or ""]] for n in names}
        for name in names:
            cards = now[name or ""]
            log.append(CardsMoved(name or "", len(cards) - 1, "discard", at, cards[-1:]))
            at += 1
            if name == "stock" and len(cards) > 1:
                log.append(CardsTurned("stock", len(cards) - 2, cards[-2:-1]))
        return log

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` for ``move``, known not to be legal in ``state``."""
        problem = self._not_a_move(move)
        if problem:
            return problem, "not-a-move"
        items = state._items
        if not self._legal_moves(state):
            if self._winners(state):
                return "the game is over: the pyramid is clear", "game-over"
            return "the game is over: no pair is left and no pass", "game-over"
        kind = move.kind
        if kind == "draw":
            if REDEAL in self._legal_moves(state):
                return "the stock is used up: redeal to turn the waste over", "stock-empty"
            return "the stock is used up", "stock-empty"
        if kind == "redeal":
            if items[_STOCK]:
                return "the stock is not used up yet", "no-redeal"
            if not items[_WASTE]:
                return "the waste is empty: nothing to turn over", "no-redeal"
            if self.passes is None:
                return "nothing was discarded during this pass: another would change nothing", (
                    "no-redeal"
                )
            if self.passes == 1:
                return "there is only one pass", "no-redeal"
            return f"all {self.passes} passes are used", "no-redeal"
        if kind == "move" and move.target != "discard":
            return (
                "cards go only to the discard pile: a king alone, other cards in pairs"
                " ('pair <place>-<place>')",
                "discard-only",
            )
        names = [move.source or ""] + ([move.target or ""] if kind == "pair" else [])
        if kind == "pair" and names[0] == names[1]:
            return "a card cannot pair with itself", "same-card"
        for name in names:
            k = self._index[name]
            if not items[k]:
                what = f"the {name}" if name in ("stock", "waste") else name
                return f"{what} holds no card", "empty-pile"
            if k >= _P0:
                on = [self._names[c] for c in _COVER_INDEX[k - _P0] if items[c]]
                if on:
                    return f"{name} is covered by {' and '.join(on)}", "covered"
        cards = [items[self._index[n]][-1] for n in names]
        if kind == "move":
            return f"{cards[0].symbol} is not a king: only a king goes alone", "not-a-king"
        if cards[0].rank + cards[1].rank != 13:
            total = cards[0].rank + cards[1].rank
            return f"{cards[0].symbol} and {cards[1].symbol} add up to {total}, not 13", (
                "not-thirteen"
            )
        return (
            f"write the pair in layout order: 'pair {names[1]}-{names[0]}'",
            "pair-order",
        )

    # ------------------------------------------------------ front ends

    def _drags(self, state: State, move: Move) -> tuple[Drag, ...]:
        """A pair is made from either card: picked up at one and put on the
        other, in either order. A king goes to the discard pile; a draw or a
        redeal is a click on the stock."""
        made = super()._drags(state, move)
        if move.kind != "pair" or not made:
            return made
        source, _, target = made[0]
        assert target is not None  # a pair names two places
        return (*made, (target, self._place_index(state, target), source))

    def _place_index(self, state: State, name: str) -> int:
        """Where a card is picked up at ``name``: the stock's or the waste's top
        card, or a place's one card."""
        return max(len(state.piles[name]) - 1, 0)

    def _proposed_move(self, state: State, pile: str, index: int | None, target: str) -> Move:
        """A drop on the discard pile is a king's move; a drop on another card
        is a pair of the two, written in layout order."""
        if target == "discard" or pile not in _ORDER or target not in _ORDER:
            return Move("move", pile, target)
        first, second = sorted((pile, target), key=_ORDER.__getitem__)
        return Move("pair", first, second)

    def _telling_move(self, state: State, pile: str, index: int | None) -> Move | None:
        """A covered place: the card there would go to the discard pile, were
        it free, so the refusal says what covers it."""
        k = self._index[pile]
        if k >= _P0 and state._items[k] and any(state._items[c] for c in _COVER_INDEX[k - _P0]):
            return Move("move", pile, "discard")
        return None

    def _uncovered(self, state: State) -> tuple[tuple[str, int], ...]:
        """The stock's and the waste's top cards and the pyramid's available
        cards (both cards that overlap them gone); the discard pile's top card
        too, on which nothing lies."""
        items = state._items
        out = [(n, len(items[k]) - 1) for k, n in ((_STOCK, "stock"), (_WASTE, "waste"))]
        out.append(("discard", len(items[_DISCARD]) - 1))
        out += [(_SOURCES[s], 0) for s, _ in self._available(items) if s >= 2]
        return tuple((n, i) for n, i in sorted(out, key=lambda w: self._index[w[0]]) if i >= 0)

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of Pyramid in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.detail is not None:
            return "a move of Pyramid takes no '=' detail"
        if move.kind in ("draw", "redeal"):
            if move not in (DRAW, REDEAL):
                return f"'{move.kind}' names only the stock: write '{move.kind}'"
            return ""
        if move.count != 1:
            return "each card of a discard goes alone: no count"
        if move.source == "discard":
            return "cards never leave the discard pile"
        if move.kind == "pair" and (move.target is None or move.target == "discard"):
            return "a pair names the places of its two cards: 'pair g3-g4'"
        if move.kind == "move" and move.target is None:
            return "a king goes to the discard pile: 'g5-discard'"
        return ""

    def _is_over(self, state: State) -> bool:
        """Over when no card can be discarded any more: no move is left, or no
        turning of the stock within the passes allowed brings a pair (the few
        positions turning reaches are searched)."""
        return not self._legal_moves(state) or self._cannot_progress(state)

    def _over_without_search(self, state: State) -> bool:
        return not self._legal_moves(state)

    def _progress(self, state: State) -> Hashable:
        """Progress is a card discarded: the discard pile's size, which only grows."""
        return len(state._items[_DISCARD])

    def _move_progress(self, state: State, move: Move) -> bool | None:
        return move.kind in ("move", "pair")

    def _scores(self, state: State) -> tuple[int, ...]:
        """The cards left in the pyramid (28 at the start)."""
        items = state._items
        return (sum(len(items[_P0 + k]) for k in range(28)),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won when the pyramid is clear (cards may be left in the stock and waste)."""
        return () if any(state._items[_P0:]) else (0,)

    def _capacities(self) -> list[int]:
        """The stock and waste the 24 cards the pyramid did not take, the
        discard pile the whole pack, a place one card."""
        return [24, 24, 52, *[1] * 28]

    def _action_space(self) -> list[Move]:
        """Each available place's king alone, each pair of places in layout
        order, then the draw and the redeal."""
        return [*self._kings, *self._pairs.values(), DRAW, REDEAL]

    def _known_piles(self, state: State, player: int) -> tuple[int, ...]:
        """After a redeal the stock is the waste the player watched, turned over."""
        return (_STOCK,) if state._info._data["pass"] != 1 else ()

    # ------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """The stock, the waste, the pyramid and the pass information that still
        matters (the discard pile's order never does)."""
        items = state._items
        extra = state._info._data["progress"] if self.passes is None else state._info._data["pass"]
        return (items[_STOCK], items[_WASTE], items[_P0:], extra)

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """Each pyramid card a move discards lowers the score by one."""
        (now,) = self._scores(state)
        out = []
        for move in self._legal_moves(state):
            gone = 0
            for name in (move.source, move.target) if move.kind == "pair" else (move.source,):
                if move.kind in ("move", "pair") and name not in ("stock", "waste"):
                    gone += 1
            out.append(now - gone)
        return tuple(out)

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once the game is over with cards in the pyramid, or when a
        pyramid card other than a king has no partner left: every card of the
        rank that adds up to 13 with it is discarded, or lies in the pyramid
        on it or under it (a card on it is gone before it is available, and
        one under it is available only once it is gone)."""
        self._check_own(state)
        items = state._items
        if self._is_over(state):
            return bool(self._winners(state))
        loose: dict[int, int] = {}  # rank: cards of it in the stock and waste
        for cards in items[:_DISCARD]:
            for card in cards:
                loose[card.rank] = loose.get(card.rank, 0) + 1
        ranks = [cards[0].rank if cards else 0 for cards in items[_P0:]]
        for k, rank in enumerate(ranks):
            if not rank or rank == 13 or loose.get(13 - rank):
                continue
            apart = _APART[k]
            if not any(r == 13 - rank and j not in apart for j, r in enumerate(ranks)):
                return False
        return True

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """Zero while play goes on; the score once the game is over."""
        return self.scores(state)[0] if self.is_over(state) else 0

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``draw``, ``redeal``, ``g5-discard`` and ``pair g3-g4``; a pair
        written against layout order (``pair g4-g3``) is read in layout order
        (a :class:`~patience.Move` made that way is refused)."""
        move = super().parse_move(state, text)
        if move.kind in ("draw", "redeal") and move not in (DRAW, REDEAL):
            raise InvalidMoveError(text, f"'{move.kind}' is written alone", state)
        order = _ORDER
        if (
            move.kind == "pair"
            and move.source in order
            and move.target in order
            and order[move.source] > order[move.target]
        ):
            return Move("pair", move.target, move.source)
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
        if len(items[_STOCK]) + len(items[_WASTE]) > 24:
            return "the stock and waste hold more than 24 cards"
        for k, name in enumerate(_NAMES):
            if len(items[_P0 + k]) > 1:
                return f"{name} holds more than one card"
            if not items[_P0 + k]:
                on = [self._names[c] for c in _COVER_INDEX[k] if items[c]]
                if on:
                    return f"{name} is empty but {' and '.join(on)} still lie on it"
        if len(items[_DISCARD]) % 2 and not any(c.rank == 13 for c in items[_DISCARD]):
            return "the discard pile holds an odd number of cards and no king"
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """The stock (with the pass), the waste and the discard pile, then the pyramid."""
        items = state._items
        stock, waste, discard = items[_STOCK], items[_WASTE], items[_DISCARD]
        of = f" of {self.passes}" if self.passes is not None else ""

        def top(cards: tuple[Card, ...]) -> str:
            return f"[{len(cards)}] {card_text(cards[-1], symbols)}" if cards else "."

        lines = [
            self.title,
            f"stock: {top(stock)}  (pass {state.info['pass']}{of})",
            f"waste: {top(waste)}  discard: {top(discard)}",
        ]
        width = 3 if symbols else 2
        k = 0
        for r, row in enumerate(PLACES):
            cells = []
            for _ in row:
                cards = items[_P0 + k]
                cells.append(f"{card_text(cards[0], symbols) if cards else '.':<{width}}")
                k += 1
            lines.append(" " * (2 * (6 - r)) + "  ".join(cells).rstrip())
        lines.append(self._status(state))
        return "\n".join(lines)


def _pyramid(*, passes: int | None = 3) -> Game:
    return Pyramid("pyramid", passes=passes)


register(
    "pyramid",
    _pyramid,
    summary="Take a pyramid of 28 cards apart in pairs adding up to 13, kings alone.",
)
