"""Accordion: fold a row of cards into a single pile.

Cards are dealt face up one at a time to the right end of a row. A pile (with
everything under its top card) may go onto the pile next to it on the left,
or onto the pile three places to its left, when their top cards share a suit
or a rank; the row then closes up. The aim is to end with every card in one
pile. The score is the number of piles left, counting each undealt card as a
pile of its own; lower is better and one wins.

With the option ``cards`` only the first so many cards of the shuffled deck
are played; the rest lie face down out of play. Late-Binding Solitaire, as
Blake and Gent measured it (after Knuth), is Accordion with eighteen cards all
laid out at the start.

Registered as ``accordion`` and ``late-binding-solitaire``; see the rules
page in the documentation.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

import attrs

from .._json import FrozenMapping
from ..cards import Card, Deck, Suit
from ..errors import InvalidMoveError
from ..events import CardsDealt, CardsMoved, CardsShifted, Event
from ..game import COMMON_REFUSALS, Better, Game, PileSpec, card_text
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import EMPTY_INFO, State
from ..tableau import check_count, check_flag

__all__ = ["DEAL", "LATE_BINDING_CARDS", "ROW", "Accordion", "matches"]

DEAL = Move("deal", "stock")
"""The move that deals the next stock card to the right end of the row."""

ROW = 52
"""The number of row positions (one per card) with the whole pack in play."""

LATE_BINDING_CARDS = 18
"""The cards Late-Binding Solitaire plays."""

_COUNT = re.compile(r"(?:^|\s)x\d+(?:\s|$)")

_REFUSALS = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "stock-empty": "the stock is empty: every card is dealt (or, with deal_all, was"
        " laid out at the start)",
        "no-pile": "no pile lies at that row position: the row ends before it",
        "not-adjacent": "a pile moves onto the pile one place or three places to its left,"
        " no other",
        "no-match": "the two top cards share neither suit nor rank",
        "whole-pile": "the whole pile moves: the count must be its number of cards",
    }
)
"""Accordion's refusal codes (see :attr:`Game.refusals <patience.Game.refusals>`)."""


_SUIT_BITS = {suit: 1 << (14 + k) for k, suit in enumerate(Suit)}
_LINKS = {
    card: (1 << card.rank) | _SUIT_BITS[card.suit]
    for card in Deck.standard()
    if card.suit is not None
}
"""Each card's rank and suit as two bits of one number: two cards match when
their numbers share a bit (see :meth:`Accordion.may_win`)."""


def matches(card: Card, other: Card) -> bool:
    """Whether two top cards share a suit or a rank, so that one pile may go on the other.

    >>> matches(Card.parse("9S"), Card.parse("6S")), matches(Card.parse("9S"), Card.parse("9H"))
    (True, True)
    >>> matches(Card.parse("9S"), Card.parse("JH"))
    False
    """
    return card.rank == other.rank or card.suit is other.suit


class Accordion(Game):
    """Accordion, with the deal as a move of its own or (``deal_all``) done at the start.

    The piles are the ``stock`` (face down, its top card dealt next) and the
    row positions ``r1`` to ``r52``, from left to right; with fewer
    ``cards`` in play, ``r1`` to as many positions as cards, and the
    ``unused`` pile, face down, holding the rest of the pack out of play. The row is always
    packed to the left: the piles in play are ``r1`` up to some ``rN`` and
    every later position is empty. When a pile moves onto another, the piles
    to the right of the one that moved each shift one place left, so a pile's
    name is its position at that moment, not a fixed identity.

    Moves are ``deal`` (:data:`DEAL`) and ``r5-r4 x3``: the whole pile at
    ``r5`` (here of three cards) onto ``r4``, or with ``r5-r2`` onto the pile
    three places left. The count is the number of cards in the moving pile,
    as for any move of several cards; :meth:`parse_move` fills it in when the
    text leaves it out.
    """

    title = "Accordion"
    better = Better.LOWER
    move_kinds = frozenset(("move", "deal"))
    action_piles = FrozenMapping({"deal": "stock"})
    refusals = _REFUSALS
    outline_empty = False  # the row closes up: an empty place is no place

    def __init__(
        self, name: str = "accordion", *, deal_all: bool = False, cards: int = ROW
    ) -> None:
        deal_all = check_flag(name, "deal_all", deal_all)
        cards = check_count(name, "cards", cards, 2, ROW)
        options: dict[str, object] = {"deal_all": deal_all}
        if cards != ROW:
            options["cards"] = cards
        super().__init__(name, options)
        if name == "late-binding-solitaire":
            self.title = "Late-Binding Solitaire"
        self.deal_all = deal_all
        """Whether every card in play is laid out in the row at the start."""
        self.cards = cards
        """How many cards of the pack are in play (52 unless the option says)."""
        self._deck = Deck.standard()
        out = [PileSpec("unused", "discard", 0, 12, label="Out of play")] if cards < ROW else []
        self._set_layout(
            [PileSpec("stock", "stock", 0, 0, label="Stock")]
            + [
                PileSpec(f"r{k + 1}", "tableau", 1 + k // 13, k % 13, label=f"Position {k + 1}")
                for k in range(cards)
            ]
            + out
        )
        self._row_names = tuple(f"r{k + 1}" for k in range(cards))
        self._row_index = {n: k for k, n in enumerate(self._row_names)}
        self._empty_row: tuple[tuple[Card, ...], ...] = ((),) * cards
        self._unused: tuple[tuple[Card, ...], ...] = ((),) if cards < ROW else ()
        self._pile_moves: dict[tuple[int, int, int], Move] = {}

    @property
    def deck(self) -> Deck:
        """The standard 52-card pack."""
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        """The cards in play (the first ``cards`` of the deck) to the stock, the
        first on top, or with ``deal_all`` into the row from ``r1``; the rest
        of the deck, in its order, out of play."""
        size = self.cards
        unused = (cards[size:],) if self._unused else ()
        if self.deal_all:
            return self._new_state(((), *((c,) for c in cards[:size]), *unused), EMPTY_INFO)
        return self._new_state(
            (tuple(reversed(cards[:size])), *self._empty_row, *unused), EMPTY_INFO
        )

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Accordion keeps each pile as a bare tuple of cards: the stock is all
        face down and the row all face up."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        stock = items[0]
        size = self.cards
        unused = [Pile._trusted(items[-1], len(items[-1]))] if self._unused else []
        return (
            Pile._trusted(stock, len(stock)),
            *(Pile._trusted(c, 0) for c in items[1 : 1 + size]),
            *unused,
        )

    # ------------------------------------------------------------ helpers

    def row(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The piles in play, left to right, each as its cards from the bottom up."""
        items = state._items
        n = self._row_length(items)
        return tuple(items[1 : 1 + n])

    def _row_length(self, items: tuple[Any, ...]) -> int:
        # The row is packed to the left, so its length is its places less the
        # empty ones; an empty stock is the one other empty item (the cards
        # out of play, where some are, are never none).
        return self.cards - items.count(()) + (not items[0])

    def _moves_of(self, items: tuple[Any, ...]) -> list[Move]:
        n = self._row_length(items)
        made = self._pile_moves
        out: list[Move] = []
        for i in range(1, n):
            pile = items[1 + i]
            top = pile[-1]
            for j in (i - 1, i - 3):
                if j >= 0 and matches(top, items[1 + j][-1]):
                    move = made.get((i, j, len(pile)))
                    out.append(move if move is not None else self._pile_move(i, j, len(pile)))
        if items[0]:
            out.append(DEAL)
        return out

    def _pile_move(self, i: int, j: int, count: int) -> Move:
        """The move of the ``count`` cards at row place ``i`` onto place ``j``
        (from 0), made once per game. A pure cache of the names: a race between
        threads at worst makes an equal move twice."""
        names = self._row_names
        return self._pile_moves.setdefault((i, j, count), Move("move", names[i], names[j], count))

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every pile move, from the left, one place left before three; then ``deal``."""
        return self._memoised(state, lambda s: tuple(self._moves_of(s._items)))

    def _apply(self, state: State, move: Move) -> State:
        items = state._items
        if move.kind == "deal":
            stock = items[0]
            if move != DEAL or not stock:
                self._refuse(state, move)
            n = self._row_length(items)
            after = list(items)
            after[0] = stock[:-1]
            after[1 + n] = (stock[-1],)
            return self._new_state(tuple(after), state.info)
        i = self._row_index.get(move.source or "")
        j = self._row_index.get(move.target or "")
        if (
            i is None
            or j is None
            or move.kind != "move"
            or move.player is not None
            or move.detail is not None
            or i - j not in (1, 3)
        ):
            self._refuse(state, move)
        n = self._row_length(items)
        if i >= n:
            self._refuse(state, move)
        pile, under = items[1 + i], items[1 + j]
        if not matches(pile[-1], under[-1]) or move.count != len(pile):
            self._refuse(state, move)
        after = list(items)
        after[1 + j] = under + pile
        del after[1 + i]
        after.insert(self.cards, ())  # the row's last place, before any cards out of play
        return self._new_state(tuple(after), state.info)

    def _capacities(self) -> list[int]:
        """The stock the cards in play (one place, always empty, when every
        card is dealt at the start); the pile at place ``k`` of the row (from
        1) at most the cards from there on: ``53 - k`` with the whole pack;
        the cards out of play, where some are."""
        size = self.cards
        out = [ROW - size] if self._unused else []
        return [1 if self.deal_all else size, *range(size, 0, -1), *out]

    def _action_space(self) -> list[Move]:
        """Each place of the row onto the place one or three to its left (the
        count left at 1: a pile always moves whole, so :meth:`move_of` takes it
        from the position), then the deal."""
        names = self._row_names
        out = [
            Move("move", names[i], names[j])
            for i in range(1, self.cards)
            for j in (i - 1, i - 3)
            if j >= 0
        ]
        return [*out, DEAL]

    def _action_pattern(self, move: Move) -> Move:
        return attrs.evolve(move, count=1) if move.kind == "move" else move

    def _action_move(self, pattern: Move, state: State) -> Move:
        if pattern.kind != "move":
            return pattern
        size = len(state._items[1 + self._row_index[pattern.source or ""]])
        return attrs.evolve(pattern, count=max(size, 1))

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` for refusing ``move``, known to be illegal in ``state``: what is wrong
        with the move itself, then the game being over, then the first rule it breaks."""
        problem = self._not_a_move(move)
        if problem:
            return problem, "not-a-move"
        items = state._items
        if not self._moves_of(items):
            reason = (
                "every card is gathered in one pile"
                if self._winners(state)
                else "the stock is empty and no two piles match"
            )
            return f"the game is over: {reason}", "game-over"
        if move.kind == "deal":
            reason = (
                "every card is laid out at the start (deal_all)"
                if self.deal_all
                else "the stock is empty: every card is dealt"
            )
            return reason, "stock-empty"
        i, j = self._row_index[move.source or ""], self._row_index[move.target or ""]
        n = self._row_length(items)
        if i >= n:
            end = f"the row ends at r{n}" if n else "the row is empty"
            reason = f"there is no pile at {move.source}: {end}"
            return reason, "no-pile"
        if i - j not in (1, 3):
            onto = [self._row_names[k] for k in (i - 1, i - 3) if k >= 0]
            if not onto:
                reason = f"{move.source} is the first pile: no pile lies to its left"
            else:
                reason = (
                    "a pile moves one place or three places to its left:"
                    f" {move.source} onto {' or '.join(onto)}, not {move.target}"
                )
            return reason, "not-adjacent"
        pile, under = items[1 + i], items[1 + j]
        if not matches(pile[-1], under[-1]):
            reason = f"{pile[-1].symbol} and {under[-1].symbol} share neither suit nor rank"
            return reason, "no-match"
        reason = (
            f"the whole pile moves: {len(pile)} card{'s' if len(pile) > 1 else ''}"
            f" (write {move.source}-{move.target}" + (f" x{len(pile)})" if len(pile) > 1 else ")")
        )
        return reason, "whole-pile"

    def _not_a_move(self, move: Move) -> str:
        """Why ``move`` cannot be a move of Accordion in any position, or ``""``."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        if move.kind == "deal":
            if move.source != "stock":
                return "the deal acts on the stock: write 'deal'"
            if move != DEAL:
                return "a deal names only the stock: write 'deal'"
            return ""
        if move.detail is not None:
            return "a pile move takes no '=' detail"
        if move.source == "stock":
            return "the stock's cards come into the row with 'deal'"
        if move.source not in self._row_index or move.target not in self._row_index:
            return "a pile moves from one row position to another"
        return ""

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """A deal turns the stock's top card into the next place of the row; a
        pile move puts the pile on the other, and every pile to its right then
        slides one place left to close the gap."""
        items = state._items
        names = self._names
        n = self._row_length(items)
        if move.kind == "deal":
            stock = items[0]
            return [
                CardsDealt(names[0], len(stock) - 1, names[1 + n], 0, stock[-1:], was_face_up=False)
            ]
        i, j = self._row_index[move.source or ""], self._row_index[move.target or ""]
        pile, under = items[1 + i], items[1 + j]
        log: list[Event] = [CardsMoved(names[1 + i], 0, names[1 + j], len(under), pile)]
        log += [
            CardsShifted(names[2 + m], 0, names[1 + m], 0, items[2 + m]) for m in range(i, n - 1)
        ]
        return log

    def _is_over(self, state: State) -> bool:
        """Over when no move is left: the stock is empty and no two piles match."""
        items = state._items
        if items[0]:
            return False
        n = self._row_length(items)
        for i in range(1, n):
            top = items[1 + i][-1]
            if matches(top, items[i][-1]) or (i >= 3 and matches(top, items[i - 2][-1])):
                return False
        return True

    def _scores(self, state: State) -> tuple[int, ...]:
        """Piles in the row plus cards still in the stock (each a pile to come)."""
        items = state._items
        return (self._row_length(items) + len(items[0]),)

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """A pile move leaves one pile fewer; a deal only moves a pile from the stock to the row."""
        (now,) = self._scores(state)
        return tuple(now - 1 if m.kind == "move" else now for m in self._legal_moves(state))

    def _winners(self, state: State) -> tuple[int, ...]:
        """Won with every card dealt and gathered in one pile."""
        return (0,) if self._scores(state)[0] == 1 else ()

    # ------------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """The top card of each pile and the stock: the cards beneath a top never matter again."""
        items = state._items
        n = self._row_length(items)
        return (tuple([p[-1] for p in items[1 : 1 + n]]), items[0])

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once the game is over with more than one pile, or once the
        stock is empty and the top cards fall into groups that can never meet.

        Say two top cards are linked when they share a suit or a rank, and
        group the tops that links join, directly or through others. A pile
        moves only onto a pile whose top it links with, and the pile made
        keeps the mover's top, so every move joins two piles of one group
        and leaves that group one top fewer; no move ever joins two groups,
        and no group ever empties. With every card dealt, one pile at the end
        needs one group now.
        """
        self._check_own(state)
        if self._is_over(state):
            return bool(self._winners(state))
        items = state._items
        if items[0]:
            return True
        links = _LINKS
        tops = [links[p[-1]] for p in items[1 : 1 + self._row_length(items)]]
        group = tops[0]
        before = 0
        while before != group:  # until a pass over the tops adds nothing
            before = group
            for top in tops:
                if top & group:
                    group |= top
        return all(top & group for top in tops)

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """One pile, the best conceivable, unless the game is over (then its score)."""
        return self.scores(state)[0] if self.is_over(state) else 1

    # ------------------------------------------------------------ notation

    def pick_up(self, state: State, move: Move | str) -> tuple[str, int | None] | None:
        """A pile is drawn as its top card alone (with a count), so a player
        takes a pile by that card: a move starts at the top card of its
        source, ``("r4", 1)`` for a pile of two, though it carries the whole
        pile."""
        self._check_own(state)
        move = self._move_of(state, move)
        if move.kind == "move" and move.source in self._index:
            return (move.source, len(state.piles[move.source]) - 1)
        return super().pick_up(state, move)

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``deal`` or ``r5-r4`` (with ``x3`` or without: then the whole pile's count)."""
        move = super().parse_move(state, text)
        if move.kind == "deal":
            if move != DEAL:
                raise InvalidMoveError(text, "the deal is written 'deal' (or 'deal stock')", state)
            return move
        if move.kind != "move":
            raise InvalidMoveError(
                text, "Accordion's moves are 'deal' and '<pile>-<pile>' along the row", state
            )
        if move.source not in self._row_index or move.target not in self._row_index:
            raise InvalidMoveError(text, "a pile moves from one row position to another", state)
        if move.detail is not None:
            raise InvalidMoveError(text, "a pile move takes no '=' detail", state)
        if not _COUNT.search(text.lower()):
            pile = state.piles[move.source]
            if len(pile) > 1:
                return Move("move", move.source, move.target, len(pile))
        return move

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        row = state._items[1 : 1 + self.cards]
        gap = next((k for k, pile in enumerate(row) if not pile), self.cards)
        if any(row[gap:]):
            return (
                f"the row must be packed to the left: r{gap + 1} is empty"
                " but a later position holds a pile"
            )
        if self.deal_all and state._items[0]:
            return "with deal_all every card is laid out at the start, so the stock is empty"
        return ""

    # ------------------------------------------------------------ rendering

    def render(self, state: State, symbols: bool = False) -> str:
        """The stock (and the cards out of play), then the row thirteen
        positions to a line.

        A pile of several cards shows as ``[3]9S``: its size, then its top card
        (``[3]9♠`` with ``symbols``).
        """
        items = state._items
        stock = items[0]
        lines = [self.title, f"stock: [{len(stock)}] ##" if stock else "stock: ."]
        if self._unused:
            lines[1] += f"  out of play: [{len(items[-1])}] ##"
        row = [
            (f"[{len(p)}]" if len(p) > 1 else "") + card_text(p[-1], symbols)
            for p in self.row(state)
        ]
        if not row:
            lines.append("   r1: .")
        for start in range(0, len(row), 13):
            lines.append(f"{'r' + str(start + 1):>5}: " + " ".join(row[start : start + 13]))
        lines.append(self._status(state))
        return "\n".join(lines)


def _accordion(*, deal_all: bool = False, cards: int = ROW) -> Game:
    return Accordion("accordion", deal_all=deal_all, cards=cards)


def _late_binding(*, deal_all: bool = True, cards: int = LATE_BINDING_CARDS) -> Game:
    return Accordion("late-binding-solitaire", deal_all=deal_all, cards=cards)


register(
    "accordion",
    _accordion,
    summary="Fold a row of cards into one pile, moving piles one or three places left.",
)
register(
    "late-binding-solitaire",
    _late_binding,
    aliases=("accordion-knuth",),
    summary="Accordion with eighteen cards, all laid out at the start.",
)
