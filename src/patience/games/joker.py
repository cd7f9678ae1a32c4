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
import re
from collections.abc import Hashable, Mapping, Sequence

import attrs

from .._json import FrozenMapping
from ..cards import _RANK_NAME, ACE, KING, Card, Colour, Suit
from ..errors import PatienceError, brief_repr
from ..events import Event, JokerExchanged, JokerNamed
from ..game import Game, PileSpec, is_listed
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..state import Info, State
from ..tableau import TABLEAU_REFUSALS, TableauGame, _a_rank
from .klondike import klondike_rules

__all__ = ["JOKER_REFUSALS", "TIERS", "Designation", "JokerSolitaire"]

BLACK_JOKER = Card.joker(Colour.BLACK)
RED_JOKER = Card.joker(Colour.RED)
_JOKERS = (BLACK_JOKER, RED_JOKER)
_SUITS = {
    Colour.BLACK: (Suit.CLUBS, Suit.SPADES),
    Colour.RED: (Suit.DIAMONDS, Suit.HEARTS),
}
_RANK_TEXT = "A23456789TJQK"
_DETAIL = re.compile(r"[A2-9TJQK][CDHS]?\Z")
"""A designation as the notation writes it: a rank, then the suit once fixed."""
_COLOUR_WORD = {Colour.BLACK: "black", Colour.RED: "red"}
_RANK_WORD = {**_RANK_NAME, 6: "six"}


def _rank_plural(rank: int) -> str:
    """``"aces"``, ``"7s"``, ``"sixes"``, ``"kings"``."""
    word = _RANK_WORD.get(rank, str(rank))
    return word + ("es" if word == "six" else "s")


JOKER_REFUSALS: Mapping[str, str] = FrozenMapping(
    {
        **TABLEAU_REFUSALS,
        "designation": "a joker's designation is missing or not one it may take there (the"
        " rank or suit does not fit, or the card it would stand for is in view), or is given"
        " to a card that takes none",
        "tableau-first": "a joker from the stock or the waste goes to the tableau before it"
        " may go to a foundation",
        "out-of-play": "only a joker goes out of play, from the waste or the top of a tableau pile",
    }
)
"""Joker Solitaire's refusal codes: the tableau engine's and the jokers' own."""

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


_KEYS = {j: str(j) for j in _JOKERS}


def _key(joker: Card) -> str:
    """The info key holding ``joker``'s designation: ``"BJ"`` or ``"RJ"``."""
    return _KEYS[joker]


class JokerSolitaire(TableauGame):
    """Klondike, Las Vegas style, with a black and a red joker as limited wild cards.

    See the module documentation and the game's docs page for the rules.
    """

    refusals = JOKER_REFUSALS
    _turning_exact = False  # the jokers have moves of their own

    def __init__(self, name: str = "joker-solitaire") -> None:
        rules = attrs.evolve(
            klondike_rules("Joker Solitaire", draw=1, passes=1), jokers=len(_JOKERS)
        )
        out = PileSpec("out", "discard", 0, 2, label="Out of play")
        super().__init__(name, rules, {}, extra_piles=(out,))
        self._out = self._index["out"]
        self._waste = self._at.waste
        self._sources = (self._waste, *self._at.tableau)  # where a joker may be played from

    # ------------------------------------------------------- designations

    def designations(self, state: State) -> dict[Card, Designation | None]:
        """What each joker stands for in ``state`` (``None`` while it stands for nothing)."""
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        data = state._info._data
        return {j: self._read(j, data[_key(j)]) for j in _JOKERS}

    def designation(self, state: State, joker: Card | str) -> Designation | None:
        """What ``joker`` (``"BJ"`` or ``"RJ"``) stands for, or ``None``.
        Raises :class:`~patience.PatienceError` for anything but a joker."""
        card = Card.parse(joker) if isinstance(joker, str) else joker
        if card not in _JOKERS:
            raise PatienceError(
                f"designation() takes a joker, 'BJ' or 'RJ', not {brief_repr(joker)}"
            )
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
        where = self._where(items)
        if not where and not any(des.values()):
            # Neither joker is named or can be played: the engine's moves, as they are.
            return super()._generate(state)
        stand = self._stand_ins(items, des)
        tableau_part = super()._generate(State._make(self, stand, state._info))
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
        free = any(des[j] is None for j in where)
        seen = self._in_view(items) if free else set()  # only free jokers are named here
        for joker in _JOKERS:
            source = where.get(joker)
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
            source = where.get(joker)
            if source is not None:
                out.append(self._one[source][self._out])
        return tuple(out)

    def _where(self, items: tuple[Pile, ...]) -> dict[Card, int]:
        """The pile of each joker that lies on top of one and may be played."""
        where: dict[Card, int] = {}
        for i in self._sources:
            pile = items[i]
            cards = pile.cards
            if cards and cards[-1].is_joker and pile.down < len(cards):
                where[cards[-1]] = i
        return where

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
        if not is_listed(move, self._legal_moves(state)):
            self._refuse(state, move)
        return self._make(state, move)

    # ----------------------------------------------------------- refusals
    #
    # The engine's reasons, read on the position with every named joker as the
    # card it stands for (``_rule_items``) and naming jokers as jokers
    # (``_shown``); before them, the jokers' own rules, in the order of
    # ``_generate``: a free joker played and named, a named joker going up with
    # its suit, cards played onto a free joker or a two onto an open ace, and
    # jokers going out of play.

    def _over_words(self, state: State) -> str:
        if self._real_up(state._items) == 52:
            return "the game is won: all 52 cards are on the foundations"
        return super()._over_words(state)

    def _rule_items(self, state: State) -> tuple[Pile, ...]:
        return self._stand_ins(state._items, self.designations(state))

    def _shown(self, state: State, pile: int, index: int) -> str:
        card: Card = state._items[pile].cards[index]
        if not card.is_joker:
            return card.symbol
        d = self.designations(state)[card]
        if d is None:
            return f"the {card.name}"
        if d.suit is None:
            return f"the {card.name} ({_a_rank(d.rank)}, its suit open)"
        return f"the {card.name} ({Card(d.rank, d.suit).symbol})"

    def _shape_problem(self, move: Move, names: Sequence[str]) -> str:
        detail = move.detail
        if move.kind != "move" or detail is None:
            return super()._shape_problem(move, names)
        usual = detail.upper().replace("10", "T")
        if not _DETAIL.match(usual):
            return (
                f"'={detail}' is not a designation: a rank, and a suit once it is fixed,"
                " as in =7 or =7C"
            )
        if usual != detail:
            return f"a designation is written ={usual}, not ={detail}"
        return ""

    def _fault(self, state: State, move: Move, names: Sequence[str]) -> tuple[str, str] | None:
        if move.kind != "move":
            return super()._fault(state, move, names)
        shape = self._shape_problem(move, names)
        if shape:
            return shape, "not-a-move"
        assert move.source is not None and move.target is not None
        s, t, k = self._index[move.source], self._index[move.target], move.count
        if s == self._out and t != s:
            return "a joker out of play stays out of play", "source"
        fault = self._source_fault(state, s, t, k, names)
        if fault:
            return fault
        detail = move.detail
        if t == self._out:
            return self._out_fault(state, s, k, detail)
        fault = self._target_role_fault(s, t, names)
        if fault:
            return fault
        items = state._items
        des = self.designations(state)
        moved = items[s].cards[-k]
        if moved.is_joker:
            d = des[moved]
            if d is None and k == 1:
                return self._free_joker_fault(state, s, t, moved, detail, names)
            if d is not None and t in self._foundation_set:
                return self._joker_up_fault(state, s, t, k, d, detail, names)
        if detail is not None:
            shown = self._shown(state, s, -k)
            if moved.is_joker:
                return f"{shown} already stands for a card: it moves without one", "designation"
            return (
                f"{shown} is a real card: only a joker that stands for nothing"
                " is given a designation",
                "designation",
            )
        target = items[t].cards
        if target and target[-1].is_joker:
            top = target[-1]
            named = des[top]
            if t in self._tableau_set and named is None:
                return self._onto_free_joker_fault(state, s, t, k, top, names)
            if t in self._foundation_set and named is not None and named.suit is None:
                return self._onto_open_ace_fault(state, s, t, k, named, names)
        return self._placement_fault(state, s, t, k, names)

    def _out_fault(
        self, state: State, s: int, k: int, detail: str | None
    ) -> tuple[str, str] | None:
        top = state._items[s].cards[-1]
        if not top.is_joker:
            return f"only a joker goes out of play, not {top.symbol}", "out-of-play"
        if k > 1:
            return "a joker goes out of play by itself", "unit"
        if detail is not None:
            return "a joker goes out of play without a designation", "designation"
        return None

    def _wants(self, state: State, f: int) -> str | None:
        """The card (or cards) that foundation ``f``, which holds cards, takes
        next; ``None`` once it is complete."""
        top = state._items[f].cards[-1]
        if top.is_joker:
            d = self.designations(state)[top]
            if d is not None and d.suit is None:
                return " or ".join(Card(d.rank + 1, s).symbol for s in d.suits)
        cards = self._rule_items(state)[f].cards
        nxt = self._fnext[cards[-1]] if len(cards) < 13 else None
        return None if nxt is None else nxt.symbol

    def _free_joker_fault(
        self, state: State, s: int, t: int, joker: Card, detail: str | None, names: Sequence[str]
    ) -> tuple[str, str] | None:
        """What is wrong with playing ``joker``, free on top of ``s``, to ``t`` as ``detail``."""
        stand = self._rule_items(state)
        seen = self._in_view(state._items)
        shown = self._shown(state, s, -1)
        colour = _COLOUR_WORD[joker.colour]  # type: ignore[index]
        if t in self._tableau_set:
            cards = stand[t].cards
            if not cards:
                return self._naming_fault(joker, shown, KING, "in a space", seen, detail)
            top = cards[-1]
            on = self._shown(state, t, -1)
            if top.is_joker:
                return f"{shown} does not go on {on}, which stands for nothing yet", "build"
            if top.colour is joker.colour or top.rank == ACE:
                return f"{shown} does not go on {on}: build {self._build_rule}", "build"
            return self._naming_fault(joker, shown, top.rank - 1, f"on {on}", seen, detail)
        if s == self._waste:
            return "a joker from the stock or the waste goes to the tableau first", "tableau-first"
        cards = stand[t].cards
        if not cards:
            named = self._name(joker, ACE, seen)
            if named is None:
                return f"{shown} cannot be an ace: both {colour} aces are in view", "designation"
            text = named.text
            being = "an ace, its suit left open" if named.suit is None else f"A{named.suit.symbol}"
        else:
            want = self._wants(state, t)
            if want is None:
                return f"{names[t]} is complete", "foundation"
            top = cards[-1]
            if top.colour is not joker.colour:
                return f"{names[t]} takes {want} next, which {shown} cannot stand for", "foundation"
            nxt = Card(top.rank + 1, top.suit)  # type: ignore[arg-type]
            if nxt in seen:
                return f"{nxt.symbol} is in view, so {shown} cannot stand for it", "designation"
            text = Designation(nxt.rank, (nxt.suit,)).text  # type: ignore[arg-type]
            being = nxt.symbol
        if detail == text:
            return None
        return f"on {names[t]} {shown} can only be {being}: write ={text}", "designation"

    def _naming_fault(
        self,
        joker: Card,
        shown: str,
        rank: int,
        where: str,
        seen: set[Card],
        detail: str | None,
    ) -> tuple[str, str] | None:
        """What is wrong with ``detail`` for a free joker played to the tableau as ``rank``."""
        colour = joker.colour
        assert colour is not None
        suits = self._candidates(colour, rank, seen)
        if not suits:
            return (
                f"{shown} cannot be {_a_rank(rank)} {where}: both {_COLOUR_WORD[colour]}"
                f" {_rank_plural(rank)} are in view",
                "designation",
            )
        named = Designation(rank, suits)
        allowed = {named.text}
        if len(suits) > 1:
            allowed.update(_RANK_TEXT[rank - 1] + suit.value for suit in suits)
        if detail in allowed:
            return None
        if detail is None:
            return (
                f"{shown} stands for nothing yet: say what it is as it is played,"
                f" as in ={named.text}",
                "designation",
            )
        if detail[-1] in "CDHS" and Suit(detail[-1]) not in _SUITS[colour]:
            own = " or ".join(suit.name.lower()[:-1] for suit in _SUITS[colour])
            return f"{shown} stands for a {_COLOUR_WORD[colour]} card: a {own}", "designation"
        given = Designation.parse(joker, detail)
        if given.rank != rank:
            return (
                f"{where} {shown} can only be {_a_rank(rank)}, not {_a_rank(given.rank)}",
                "designation",
            )
        if given.suit is not None:
            card = Card(rank, given.suit)
            return f"{shown} cannot be {card.symbol}: that card is in view", "designation"
        only = Card(rank, suits[0]).symbol
        return (
            f"{shown} can only be {only} here, the other {_COLOUR_WORD[colour]}"
            f" {_RANK_WORD.get(rank, str(rank))} being in view: write ={named.text}",
            "designation",
        )

    def _joker_up_fault(
        self,
        state: State,
        s: int,
        t: int,
        k: int,
        d: Designation,
        detail: str | None,
        names: Sequence[str],
    ) -> tuple[str, str] | None:
        """What is wrong with a named joker, on top of ``s``, going up to foundation ``t``."""
        if k > 1:
            return "cards go to a foundation one at a time", "unit"
        shown = self._shown(state, s, -1)
        cards = self._rule_items(state)[t].cards
        if not cards:
            if d.rank != ACE:
                return "a foundation starts with an ace", "foundation"
            text = d.text
        else:
            top = cards[-1]
            if top.rank + 1 != d.rank or top.suit not in d.suits:
                want = self._wants(state, t)
                if want is None:
                    return f"{names[t]} is complete", "foundation"
                return f"{names[t]} takes {want} next", "foundation"
            text = Designation(d.rank, (top.suit,)).text
        if detail == text:
            return None
        if detail is None:
            return (
                f"{shown} goes up to {names[t]} as ={text}: write it with the move",
                "designation",
            )
        return f"{shown} goes up to {names[t]} as ={text}, not ={detail}", "designation"

    def _onto_free_joker_fault(
        self, state: State, s: int, t: int, k: int, joker: Card, names: Sequence[str]
    ) -> tuple[str, str] | None:
        """What is wrong with the top ``k`` cards of ``s`` going onto ``joker``,
        which stands for nothing yet, on top of tableau pile ``t``: they name it."""
        if s in self._tableau_set:
            fault = self._unit_fault(state, s, k, names)
            if fault:
                return fault
        elif s != self._waste:
            return self._placement_fault(state, s, t, k, names)
        bottom = self._rule_items(state)[s].cards[-k]
        card, on = self._shown(state, s, -k), self._shown(state, t, -1)
        if bottom.is_joker:
            return f"{card} does not go on {on}, which stands for nothing yet", "build"
        if bottom.colour is joker.colour:
            return f"{card} does not go on {on}: build {self._build_rule}", "build"
        if bottom.rank == KING:
            return f"{card} does not go on {on}: a joker stands for no card above a king", "build"
        colour = joker.colour
        assert colour is not None
        rank = bottom.rank + 1
        if not self._candidates(colour, rank, self._in_view(state._items)):
            return (
                f"{on} would have to be {_a_rank(rank)}, but both {_COLOUR_WORD[colour]}"
                f" {_rank_plural(rank)} are in view",
                "designation",
            )
        return None

    def _onto_open_ace_fault(
        self, state: State, s: int, t: int, k: int, ace: Designation, names: Sequence[str]
    ) -> tuple[str, str] | None:
        """What is wrong with the top ``k`` cards of ``s`` going onto a joker ace
        whose suit is still open, on foundation ``t``: only a two of one of its suits."""
        if k > 1:
            return "cards go to a foundation one at a time", "unit"
        card = state._items[s].cards[-1]
        if card.rank == 2 and card.suit in ace.suits:
            return None
        twos = " or ".join(Card(2, suit).symbol for suit in ace.suits)
        return f"{names[t]} takes {twos} next", "foundation"

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """The engine's events, then each joker named or exchanged."""
        log: list[Event] = []
        again = self._make(state, move, log)
        assert again.same_position(after), "the move was made differently the second time"
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

    def _capacities(self) -> list[int]:
        """The engine's, with room for jokers on the tableau and the two put out."""
        caps = super()._capacities()
        caps[self._out] = 2
        return [
            min(c + 2, len(self.deck)) if i in self._tableau_set else c for i, c in enumerate(caps)
        ]

    def _counter_features(self, state: State) -> list[int]:
        """The engine's counters, then each joker's designation: the rank it
        stands for (0 for none) and its suit (0 while open, then clubs,
        diamonds, hearts, spades as 1 to 4)."""
        out = super()._counter_features(state)
        suits = [s.value for s in Suit]
        for joker in _JOKERS:
            text = str(state.info[_key(joker)])
            rank = _RANK_TEXT.index(text[0]) + 1 if text else 0
            suit = suits.index(text[1]) + 1 if len(text) > 1 else 0
            out += [rank, suit]
        return out

    def _counter_bounds(self) -> tuple[list[int], list[int]]:
        low, high = super()._counter_bounds()
        return low + [0] * 4, high + [13, 4] * 2

    # ------------------------------------------------------------ actions

    def _action_space(self) -> list[Move]:
        """The engine's actions; then a joker played from the waste or a tableau
        pile onto each tableau pile and foundation, with its suit left open or
        fixed (the rank it stands for follows from where it goes, so
        :meth:`move_of` takes it from the position: the detail of these
        entries is ``?`` and the suit); then each joker put out of play."""
        out = super()._action_space()
        sources = (self._waste, *self._at.tableau)
        targets = (*self._at.tableau, *self._at.foundations)
        names = self._names
        for s in sources:
            for t in targets:
                if s != t:
                    out += [
                        Move("move", names[s], names[t], detail=f"?{suit}")
                        for suit in ("", *(x.value for x in Suit))
                    ]
        out += [self._one[s][self._out] for s in sources]
        return out

    def _action_pattern(self, move: Move) -> Move:
        if move.detail is None:
            return move
        return attrs.evolve(move, detail="?" + move.detail[1:])

    def _action_move(self, pattern: Move, state: State) -> Move:
        if pattern.detail is None:
            return pattern
        for move in self.legal_moves(state):
            if move.detail is not None and self._action_pattern(move) == pattern:
                return move
        return pattern  # not legal here: apply refuses it

    # ------------------------------------------------------------ results

    def _won(self, items: tuple[Pile, ...]) -> bool:
        return False  # the engine's full-foundations test cannot tell jokers apart

    def _real_up(self, items: tuple[Pile, ...]) -> int:
        up = 0
        for f in self._at.foundations:
            cards = items[f].cards
            up += len(cards) - cards.count(BLACK_JOKER) - cards.count(RED_JOKER)
        return up

    # A joker move does more than the engine's move: compare marks, as games do.
    _advance = Game._advance

    def _move_progress(self, state: State, move: Move) -> bool | None:
        """Progress by the engine's measure is progress here too; otherwise the
        jokers may still make some (an exchange), so only the move can tell."""
        return True if super()._move_progress(state, move) else None

    def _progress(self, state: State) -> Hashable:
        """The engine's progress, and also a real card taking a joker's place on
        a foundation or a joker leaving play."""
        items = state._items
        return (super()._progress(state), self._real_up(items), len(items[self._out].cards))

    def _scores(self, state: State) -> tuple[int, ...]:
        """The real cards on the foundations (jokers do not count)."""
        return (self._real_up(state._items),)

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """Not told: a move may exchange a joker for its real card, so only
        making it shows how many real cards end up on the foundations."""
        return None

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
            if d is None and i in self._tableau_set and face_up and j != pile.down:
                # A joker that stands for nothing reaches the tableau only by
                # coming free where a card was turned up: above face-down cards
                # or in a space, never on a face-up card.
                below = pile.cards[j - 1]
                return f"{joker} stands for no card, so it cannot lie on the face-up {below}"
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
