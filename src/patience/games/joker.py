"""Joker Solitaire: Klondike played Las Vegas style, with two limited wild cards.

The table, the deal and the building rules are our Klondike's, declared for
the tableau engine with one card turned at a time and one pass through the
stock, and with a black and a red joker shuffled in. The engine deals the
jokers but gives them no part in play; this module adds their rules on top:

- A joker in play stands for a card of its own colour (its *designation*,
  kept in the state's info under ``"BJ"`` and ``"RJ"``): a rank, and a suit
  that may stay open while both suits of that colour remain possible.
- A designation is allowed only while a real card it could be is not in view
  (face up on the tableau, on a foundation, or on top of the waste).
- When the real card a joker stands for comes into view, it takes the
  joker's place and the joker comes free where the card was; an open suit
  narrows instead while the other suit is still possible.
- A joker from the stock or the waste goes to the tableau first; it may be
  put out of play at any time it is available.

The score is the number of real cards on the foundations; 15 or more is a
win, 25 or more a double victory and all 52 a triple victory.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable

import attrs

from ..cards import ACE, KING, Card, Colour, Suit
from ..errors import IllegalMoveError
from ..events import Event, JokerExchanged, JokerNamed
from ..game import Game, PileSpec
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import Info, State
from ..tableau import TableauGame
from .klondike import klondike_rules

__all__ = ["TIERS", "Designation", "JokerSolitaire"]

BLACK_JOKER = Card.joker(Colour.BLACK)
RED_JOKER = Card.joker(Colour.RED)
_JOKERS = (BLACK_JOKER, RED_JOKER)
_SUITS = {
    Colour.BLACK: (Suit.CLUBS, Suit.SPADES),
    Colour.RED: (Suit.DIAMONDS, Suit.HEARTS),
}
_RANK_TEXT = "A23456789TJQK"

TIERS = ("none", "win", "double victory", "triple victory")
"""The result tiers by :meth:`JokerSolitaire.tier`: 15, 25 and 52 real cards up."""

_TIER_FLOORS = (15, 25, 52)


@attrs.frozen
class Designation:
    """What a joker in play stands for: a rank and one or two possible suits."""

    rank: int
    """1 (ace) to 13 (king)."""
    suits: tuple[Suit, ...]
    """The suits it may still be: both of its colour (open) or one (fixed)."""

    @property
    def text(self) -> str:
        """The notation: the rank, then the suit once it is fixed (``"7"``, ``"7C"``)."""
        rank = _RANK_TEXT[self.rank - 1]
        return rank + self.suits[0].value if len(self.suits) == 1 else rank

    @property
    def suit(self) -> Suit | None:
        """The suit once fixed, else ``None``."""
        return self.suits[0] if len(self.suits) == 1 else None

    @classmethod
    def parse(cls, joker: Card, text: str) -> Designation:
        """Read a designation of ``joker`` (raises ``ValueError`` if it cannot be one)."""
        t = text.strip().upper().replace("10", "T")
        if not 1 <= len(t) <= 2 or t[0] not in _RANK_TEXT:
            raise ValueError(f"{text!r} is not a rank with an optional suit")
        rank = _RANK_TEXT.index(t[0]) + 1
        own = _SUITS[joker.colour]  # type: ignore[index]
        if len(t) == 1:
            return cls(rank, own)
        suit = next((s for s in own if s.value == t[1]), None)
        if suit is None:
            raise ValueError(f"the {joker.name} cannot be a {t[1]} card")
        return cls(rank, (suit,))

    def stand_in(self) -> Card:
        """A real card with this rank and colour, for the engine's building rules."""
        return Card(self.rank, self.suits[0])


@functools.lru_cache(maxsize=256)
def _parse(joker: Card, text: str) -> Designation:
    """:meth:`Designation.parse`, remembered: states repeat a few designations often."""
    return Designation.parse(joker, text)


def _key(joker: Card) -> str:
    return str(joker)


class JokerSolitaire(TableauGame):
    """Klondike, Las Vegas style, with a black and a red joker as limited wild cards.

    See the module documentation and the game's docs page for the rules.
    """

    def __init__(self, name: str = "joker-solitaire") -> None:
        rules = attrs.evolve(
            klondike_rules("Joker Solitaire", draw=1, passes=1), jokers=len(_JOKERS)
        )
        out = PileSpec("out", "discard", 0, 2, label="Out of play")
        super().__init__(name, rules, {}, extra_piles=(out,))
        self._out = self._index["out"]
        self._waste = self._at.waste

    # ------------------------------------------------------- designations

    def designations(self, state: State) -> dict[Card, Designation | None]:
        """What each joker stands for in ``state`` (``None`` while it stands for nothing)."""
        data = state._info._data
        return {j: self._read(j, data[_key(j)]) for j in _JOKERS}

    def designation(self, state: State, joker: Card | str) -> Designation | None:
        """What ``joker`` (``"BJ"`` or ``"RJ"``) stands for, or ``None``."""
        card = Card.parse(joker) if isinstance(joker, str) else joker
        return self.designations(state)[card]

    @staticmethod
    def _read(joker: Card, value: object) -> Designation | None:
        if not value:
            return None
        assert isinstance(value, str)
        return _parse(joker, value)

    def _in_view(self, items: tuple[Pile, ...] | list[Pile]) -> set[Card]:
        """The real cards in view: face up on the tableau, on the foundations, the waste top."""
        seen: set[Card] = set()
        for t in self._at.tableau:
            pile = items[t]
            seen.update(pile.cards[pile.down :])
        for f in self._at.foundations:
            seen.update(items[f].cards)
        waste = items[self._waste].cards
        if waste:
            seen.add(waste[-1])
        return seen

    def _candidates(self, colour: Colour, rank: int, seen: set[Card]) -> tuple[Suit, ...]:
        return tuple(s for s in _SUITS[colour] if Card(rank, s) not in seen)

    def _name(self, joker: Card, rank: int, seen: set[Card]) -> Designation | None:
        """The designation ``joker`` gets as ``rank``, or ``None`` if none is allowed."""
        suits = self._candidates(joker.colour, rank, seen)  # type: ignore[arg-type]
        return Designation(rank, suits) if suits else None

    def _stand_ins(
        self, items: tuple[Pile, ...], des: dict[Card, Designation | None]
    ) -> tuple[Pile, ...]:
        """``items`` with every designated joker replaced by a real card of its rank and colour."""
        swap = {j: d.stand_in() for j, d in des.items() if d is not None}
        if not swap:
            return items
        out = list(items)
        for i in (*self._at.tableau, *self._at.foundations):
            cards = items[i].cards
            if any(c in swap for c in cards):
                out[i] = Pile(tuple(swap.get(c, c) for c in cards), items[i].down)
        return tuple(out)

    # --------------------------------------------------------------- deal

    def _deal(self, cards: tuple[Card, ...]) -> State:
        state = super()._deal(cards)
        return State._make(self, state._items, state.info.set(**{_key(j): "" for j in _JOKERS}))

    # -------------------------------------------------------------- moves

    def _generate(self, state: State) -> tuple[Move, ...]:
        """The engine's moves on the position with named jokers as real cards,
        less those the jokers change, and the joker moves."""
        items = state._items
        if self._real_up(items) == 52:
            return ()
        at = self._at
        des = self.designations(state)
        stand = self._stand_ins(items, des)
        tableau_part = super()._generate(State._make(self, stand, state._info))
        where = {j: self._available(items, j) for j in _JOKERS}
        open_aces = {
            f
            for f in at.foundations
            if items[f].cards
            and items[f].cards[-1].is_joker
            and (d := des[items[f].cards[-1]]) is not None
            and d.suit is None
        }
        out: list[Move] = []
        for move in tableau_part:
            parts = self._parts.get(move)
            if parts is not None and parts[1] in self._foundation_set:
                s, t, _ = parts
                if items[s].cards[-1].is_joker or t in open_aces:
                    continue  # jokers and open aces are handled below
            out.append(move)
        free = any(where[j] is not None and des[j] is None for j in _JOKERS)
        seen = self._in_view(items) if free else set()  # only free jokers are named here
        for joker in _JOKERS:
            source = where[joker]
            if source is None:
                continue
            d = des[joker]
            if d is None:
                out += self._placements(stand, joker, source, seen)
            elif source != self._waste:
                out += self._ups(stand, joker, d, source)
        for t in at.tableau:
            cards = items[t].cards
            if cards and cards[-1].is_joker and des[cards[-1]] is None:
                out += self._builds_onto(items, stand, t, cards[-1], seen)
        for f in sorted(open_aces):
            out += self._twos_onto(items, des[items[f].cards[-1]], f)  # type: ignore[arg-type]
        for joker in _JOKERS:
            source = where[joker]
            if source is not None:
                out.append(self._one[source][self._out])
        return tuple(out)

    def _available(self, items: tuple[Pile, ...], joker: Card) -> int | None:
        """The pile where ``joker`` lies on top and may be played, or ``None``."""
        for i in (self._waste, *self._at.tableau):
            cards = items[i].cards
            if cards and cards[-1] is joker and items[i].down < len(cards):
                return i
        return None

    def _with(self, s: int, t: int, detail: str) -> Move:
        return Move("move", self._names[s], self._names[t], detail=detail)

    def _placements(
        self,
        stand: tuple[Pile, ...],
        joker: Card,
        source: int,
        seen: set[Card],
    ) -> list[Move]:
        """A joker that stands for nothing yet, played and named by where it goes."""
        colour = joker.colour
        out: list[Move] = []
        for t in self._at.tableau:
            if t == source:
                continue
            cards = stand[t].cards
            if not cards:
                named = self._name(joker, KING, seen)
            else:
                top = cards[-1]
                if top.is_joker or top.colour is colour or top.rank == ACE:
                    continue
                named = self._name(joker, top.rank - 1, seen)
            if named is not None:
                out.append(self._with(source, t, named.text))
                if len(named.suits) > 1:
                    # The player may also fix the suit now: such a joker is
                    # exchanged, not narrowed, when its real card turns up.
                    out += [
                        self._with(source, t, _RANK_TEXT[named.rank - 1] + s.value)
                        for s in named.suits
                    ]
        if source == self._waste:
            return out  # from the stock or the waste, a joker goes to the tableau first
        for f in self._at.foundations:
            cards = stand[f].cards
            if not cards:
                named = self._name(joker, ACE, seen)
            else:
                top = cards[-1]  # the other joker, if there, is of the other colour
                if top.colour is not colour or top.rank == KING:
                    continue
                nxt = Card(top.rank + 1, top.suit)  # type: ignore[arg-type]
                named = None if nxt in seen else Designation(nxt.rank, (nxt.suit,))  # type: ignore[arg-type]
            if named is not None:
                out.append(self._with(source, f, named.text))
        return out

    def _ups(
        self,
        stand: tuple[Pile, ...],
        joker: Card,
        d: Designation,
        source: int,
    ) -> list[Move]:
        """A named joker on top of a tableau pile, to a foundation (fixing its suit there)."""
        out: list[Move] = []
        for f in self._at.foundations:
            cards = stand[f].cards
            if not cards:
                if d.rank == ACE:
                    out.append(self._with(source, f, d.text))
                continue
            top = cards[-1]  # the other joker, if there, is of the other colour
            if top.rank + 1 != d.rank or top.suit not in d.suits:
                continue
            out.append(self._with(source, f, Designation(d.rank, (top.suit,)).text))
        return out

    def _builds_onto(
        self, items: tuple[Pile, ...], stand: tuple[Pile, ...], t: int, joker: Card, seen: set[Card]
    ) -> list[Move]:
        """Cards played onto a joker that stands for nothing: the card names it."""
        colour = joker.colour
        out: list[Move] = []
        waste = items[self._waste].cards
        if waste and not waste[-1].is_joker:
            card = waste[-1]
            if (
                card.colour is not colour
                and card.rank < KING
                and self._name(joker, card.rank + 1, seen)
            ):
                out.append(self._one[self._waste][t])
        for s in self._at.tableau:
            if s == t or not stand[s].cards:
                continue
            for k, bottom in self._units(stand[s]):
                if bottom.is_joker or bottom.colour is colour or bottom.rank == KING:
                    continue
                if self._name(joker, bottom.rank + 1, seen):
                    out.append(self._multi_move(s, t, k))
        return out

    def _twos_onto(self, items: tuple[Pile, ...], d: Designation, f: int) -> list[Move]:
        """Real twos onto a joker ace whose suit is still open: the two fixes it."""
        out: list[Move] = []
        for s in (self._waste, *self._at.tableau):
            cards = items[s].cards
            if cards and cards[-1].rank == 2 and cards[-1].suit in d.suits:
                out.append(self._one[s][f])
        return out

    # -------------------------------------------------------------- apply

    def parse_move(self, state: State, text: str) -> Move:
        """Read move notation; a joker's designation may be written in any case."""
        move = super().parse_move(state, text)
        if move.detail is not None:
            move = attrs.evolve(move, detail=move.detail.upper().replace("10", "T"))
        return move

    def _apply(self, state: State, move: Move) -> State:
        if move not in self.legal_moves(state):
            code, reason = self._why_illegal(state, move)
            raise IllegalMoveError(move, state, reason, code)
        return self._make(state, move)

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """The engine's events, then each joker named or exchanged."""
        log: list[Event] = []
        again = self._make(state, move, log)
        assert again == after, "the move was made differently the second time"
        return log

    def _make(self, state: State, move: Move, log: list[Event] | None = None) -> State:
        """Make the legal ``move``: the engine's part, then the jokers' (logged in ``log``)."""
        before = state._items
        des = self.designations(state)
        plain = move if move.detail is None else attrs.evolve(move, detail=None)
        after = self._step(state, plain, log)[0]
        items = list(after._items)
        info = dict(after._info._data)
        parts = self._parts.get(plain)
        if parts is not None:
            s, t, k = parts
            moved = before[s].cards[-k]
            if move.detail is not None:
                des[moved] = Designation.parse(moved, move.detail)
            elif t == self._out:
                des[moved] = None
                info["progress"] = True  # a joker leaves play for good
            else:
                self._name_from_below(items, des, t, k, before)
        if self._exchange(items, des, log):
            info["progress"] = True  # a real card takes a joker's place
        for joker, d in des.items():
            key = _key(joker)
            text = "" if d is None else d.text
            if log is not None and info[key] != text:
                log.append(JokerNamed(key, info[key], text))
            info[key] = text
        return State._make(self, tuple(items), Info._own(info))

    def _name_from_below(
        self,
        items: list[Pile],
        des: dict[Card, Designation | None],
        t: int,
        k: int,
        before: tuple[Pile, ...],
    ) -> None:
        """A card played onto a joker names it: the joker is one rank higher
        in the tableau (the suits open as the move began), and a joker ace on
        a foundation takes the two's suit."""
        cards = items[t].cards
        if len(cards) <= k or not cards[-k - 1].is_joker:
            return
        joker, card = cards[-k - 1], cards[-k]
        d = des[joker]
        if t in self._foundation_set:
            assert d is not None and card.suit is not None
            des[joker] = Designation(d.rank, (card.suit,))
        elif d is None:
            below = card if not card.is_joker else des[card].stand_in()  # type: ignore[union-attr]
            named = self._name(joker, below.rank + 1, self._in_view(before))
            assert named is not None
            des[joker] = named

    def _exchange(
        self, items: list[Pile], des: dict[Card, Designation | None], log: list[Event] | None
    ) -> bool:
        """Keep every joker off the cards in view: narrow an open suit, or swap the
        real card into the joker's place and free the joker. True if a swap happened."""
        if all(d is None for d in des.values()):
            return False
        swapped = False
        changed = True
        while changed:
            changed = False
            seen = self._in_view(items)
            for joker, d in des.items():
                if d is None:
                    continue
                hits = [s for s in d.suits if Card(d.rank, s) in seen]
                if not hits:
                    continue
                rest = tuple(s for s in d.suits if s not in hits)
                if rest:
                    des[joker] = Designation(d.rank, rest)
                    continue
                self._swap(items, joker, Card(d.rank, hits[0]), log)
                des[joker] = None
                swapped = changed = True
        return swapped

    def _swap(self, items: list[Pile], joker: Card, card: Card, log: list[Event] | None) -> None:
        """Swap ``joker`` with the face-up ``card`` wherever each lies."""
        spots = []
        for i, pile in enumerate(items):
            for j in range(pile.down, len(pile.cards)):
                if pile.cards[j] is joker or pile.cards[j] is card:
                    spots.append((i, j))
        if log is not None:
            where = {items[i].cards[j]: (self._names[i], j) for i, j in spots}
            log.append(JokerExchanged(joker, *where[joker], card, *where[card]))
        for i, j in spots:
            cards = list(items[i].cards)
            cards[j] = card if cards[j] is joker else joker
            items[i] = Pile(tuple(cards), items[i].down)

    # ------------------------------------------------------------ results

    def _won(self, items: tuple[Pile, ...]) -> bool:
        return False  # the engine's full-foundations test cannot tell jokers apart

    def _real_up(self, items: tuple[Pile, ...]) -> int:
        return sum(1 for f in self._at.foundations for c in items[f].cards if not c.is_joker)

    # A joker move does more than the engine's move: compare marks, as games do.
    _advance = Game._advance

    def _progress(self, state: State) -> Hashable:
        """The engine's progress, and also a real card taking a joker's place on
        a foundation or a joker leaving play."""
        items = state._items
        return (super()._progress(state), self._real_up(items), len(items[self._out].cards))

    def _scores(self, state: State) -> tuple[int, ...]:
        """The real cards on the foundations (jokers do not count)."""
        return (self._real_up(state._items),)

    def _winners(self, state: State) -> tuple[int, ...]:
        """Player 0 once 15 or more real cards are on the foundations."""
        return (0,) if self._real_up(state._items) >= _TIER_FLOORS[0] else ()

    def tier(self, state: State) -> int:
        """0 (no win), 1 (win: 15 up), 2 (double victory: 25) or 3 (triple: all 52).

        ``TIERS[game.tier(state)]`` names it.
        """
        up = self._real_up(state._items)
        return sum(1 for floor in _TIER_FLOORS if up >= floor)

    def render(self, state: State, symbols: bool = False) -> str:
        """The engine's table, then what each joker stands for and the result tier."""
        named = ", ".join(
            f"{j} = {'nothing' if d is None else d.text}"
            for j, d in self.designations(state).items()
        )
        table = super().render(state, symbols)
        return f"{table}\njokers: {named}; tier: {TIERS[self.tier(state)]}"

    # ------------------------------------------------------- solver hooks

    def safe_moves(self, state: State) -> tuple[Move, ...]:
        """Only real aces: a two may still be wanted in the tableau to take a joker ace."""
        items = state._items
        return tuple(
            m
            for m in super().safe_moves(state)
            if m.detail is None and items[self._index[m.source]].cards[-1].rank == ACE  # type: ignore[index]
        )

    # ----------------------------------------------------------- validation

    def _state_problem(self, state: State) -> str:
        data = state._info._data
        des: dict[Card, Designation | None] = {}
        for joker in _JOKERS:
            value = data.get(_key(joker))
            if not isinstance(value, str):
                return f"info {_key(joker)!r} must be a designation string ('' for none)"
            try:
                des[joker] = self._read(joker, value)
            except ValueError as e:
                return f"info {_key(joker)!r}: {e}"
            d = des[joker]
            if d is not None and d.text != value:
                return f"info {_key(joker)!r} is written {d.text!r}, not {value!r}"
        items = state._items
        out = items[self._out]
        if out.down or any(not c.is_joker for c in out.cards):
            return "only jokers go out of play, face up"
        for joker, d in des.items():
            problem = self._joker_place_problem(items, des, joker, d)
            if problem:
                return problem
        seen = self._in_view(items)
        for joker, d in des.items():
            if d is not None and any(Card(d.rank, s) in seen for s in d.suits):
                return f"{joker} stands for {d.text}, but that card is in view"
        stand = self._stand_ins(items, des)
        return super()._state_problem(State._make(self, stand, state._info))

    def _joker_place_problem(
        self,
        items: tuple[Pile, ...],
        des: dict[Card, Designation | None],
        joker: Card,
        d: Designation | None,
    ) -> str:
        for i, pile in enumerate(items):
            if joker not in pile.cards:
                continue
            j = pile.cards.index(joker)
            face_up = j >= pile.down
            on_table = i in self._tableau_set or i in self._foundation_set
            if d is not None and not (on_table and face_up):
                return f"{joker} stands for {d.text} but is not face up in play"
            if d is None and i in self._foundation_set:
                return f"{joker} on a foundation must stand for a card"
            if d is None and i in self._tableau_set and face_up and j != len(pile.cards) - 1:
                return f"{joker} has cards on it, so it must stand for a card"
            if (
                i in self._foundation_set
                and d is not None
                and d.suit is None
                and len(pile.cards) > 1
            ):
                return f"{joker} on foundation {self._names[i]} must have its suit fixed"
        return ""


def _joker_solitaire() -> JokerSolitaire:
    return JokerSolitaire()


register(
    "joker-solitaire",
    _joker_solitaire,
    summary="Klondike drawn one at a time, one pass, with two jokers as limited wild cards.",
)
