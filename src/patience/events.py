"""What a move did, step by step: events for front ends.

:meth:`Game.apply_events <patience.Game.apply_events>` makes a move like
:meth:`~patience.Game.apply` and also returns the events that took the old
position to the new one, in the order they happened: the cards the player
moved, the cards turned face up, the cards the rules then dealt, discarded or
lifted away, the counters that changed, the score. A front end animates them
one by one; :meth:`Game.play_events <patience.Game.play_events>` plays any
prefix of them onto the old position, so it can draw every step in between.

Every event is an immutable value. Card-moving events share the fields of
:class:`Transfer`; the class says why the cards moved:

:class:`CardsMoved`
    the player's own move: a card move, a draw, a redeal, a pull;
:class:`CardsDealt`
    cards the rules deal out: Spider's deal onto every pile, a reserve card
    filling a space, Accordion's next card;
:class:`CardsShifted`
    cards the rules slide along to close a gap (Accordion's row);
:class:`CardsDiscarded`
    cards a rule takes out of play (Railroad's matches);
:class:`SuitRemoved`
    a complete suit lifted off the tableau to a foundation (Spider).

The others: :class:`CardsTurned` (cards turned face up or down in place),
:class:`JokerExchanged` (a real card and a joker change places),
:class:`CounterChanged` (a counter of ``state.info``, with the subclasses
:class:`JokerNamed` and :class:`TurnPassed`), :class:`IdleCounted` (the
count of moves without progress, :attr:`State.idle <patience.State.idle>`),
:class:`ScoreChanged` (a player's score; it follows from the rest and
changes nothing by itself) and
:class:`PileReplaced` (a pile changed in a way no other event describes:
built-in games never use it, a game of one's own may).

:attr:`Event.reveals` says whether a step showed the player a card they
could not see before; :class:`patience.Session` uses it to refuse undoing
past such a step when asked to.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import attrs

from .cards import Card
from .errors import PatienceError
from .pile import Pile
from .state import Info, InfoValue, State

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "CardsDealt",
    "CardsDiscarded",
    "CardsMoved",
    "CardsShifted",
    "CardsTurned",
    "CounterChanged",
    "Event",
    "IdleCounted",
    "JokerExchanged",
    "JokerNamed",
    "PileReplaced",
    "ScoreChanged",
    "SuitRemoved",
    "Transfer",
    "TurnPassed",
    "counter_events",
    "infer_events",
    "play_events",
    "renamed",
]


@attrs.frozen(slots=True)
class Event:
    """One step of what a move did. The subclasses say what."""

    @property
    def reveals(self) -> bool:
        """Whether this step showed the player a card they could not see before."""
        return False


@attrs.frozen(slots=True)
class Transfer(Event):
    """Cards that left one pile and now lie on top of another.

    ``cards`` are the cards as they lay in ``source``, bottom first, from
    position ``index``; they now lie in ``target`` from position ``at`` up
    (``at`` is the target's length before the step). With ``turned_over`` the
    packet was turned over on the way, so its order is reversed, as when a
    waste is turned over into a stock or three cards are drawn at once.
    ``face_up`` says how they lie in the target, ``was_face_up`` how they lay
    in the source.
    """

    source: str
    index: int
    target: str
    at: int
    cards: tuple[Card, ...]
    face_up: bool = True
    was_face_up: bool = True
    turned_over: bool = False

    @property
    def landed(self) -> tuple[Card, ...]:
        """The cards as they lie in the target, bottom first."""
        return self.cards[::-1] if self.turned_over else self.cards

    @property
    def reveals(self) -> bool:
        """True when face-down cards arrive face up."""
        return self.face_up and not self.was_face_up


@attrs.frozen(slots=True)
class CardsMoved(Transfer):
    """The player's own move: a card move, a draw, a redeal, a pull."""


@attrs.frozen(slots=True)
class CardsDealt(Transfer):
    """Cards the rules deal out: onto the piles from the stock, or a reserve
    card into a space."""


@attrs.frozen(slots=True)
class CardsShifted(Transfer):
    """Cards the rules slide along to close a gap (Accordion's row)."""


@attrs.frozen(slots=True)
class CardsDiscarded(Transfer):
    """Cards a rule takes out of play, such as Railroad's matching cards."""


@attrs.frozen(slots=True)
class SuitRemoved(Transfer):
    """A complete suit lifted off the tableau to a foundation."""


@attrs.frozen(slots=True)
class CardsTurned(Event):
    """Cards turned over in place: ``cards`` lie in ``pile`` from ``index`` up.

    Face-down cards always lie below face-up ones, so turning up takes the top
    face-down cards and turning down the lowest face-up ones.
    """

    pile: str
    index: int
    cards: tuple[Card, ...]
    face_up: bool = True

    @property
    def reveals(self) -> bool:
        """True when the cards turn face up."""
        return self.face_up


@attrs.frozen(slots=True)
class CounterChanged(Event):
    """A counter of ``state.info`` took a new value.

    ``shown`` says whether it is one a player sees and a front end shows (the
    pass through the stock, the foundations' base rank, whose turn it is,
    what a joker stands for: the game's
    :attr:`~patience.Game.shown_counters`) or bookkeeping the rules keep for
    themselves (``progress``, whether anything has changed since the last
    pass; a clock's start), which a front end need not show."""

    name: str
    before: InfoValue
    after: InfoValue
    shown: bool = attrs.field(default=False, kw_only=True)


@attrs.frozen(slots=True)
class JokerNamed(CounterChanged):
    """What a joker stands for changed (Joker Solitaire): ``name`` is the
    joker's counter (``"BJ"`` or ``"RJ"``), ``after`` the new designation.
    Always shown."""

    shown: bool = attrs.field(default=True, kw_only=True)


@attrs.frozen(slots=True)
class TurnPassed(CounterChanged):
    """The turn passed from player ``before`` to player ``after``. Always shown."""

    shown: bool = attrs.field(default=True, kw_only=True)


@attrs.frozen(slots=True)
class JokerExchanged(Event):
    """A real card took a joker's place, and the joker took the card's
    (Joker Solitaire): ``joker`` lay in ``joker_pile`` at ``joker_index``,
    ``card`` in ``card_pile`` at ``card_index``; now each lies where the
    other did."""

    joker: Card
    joker_pile: str
    joker_index: int
    card: Card
    card_pile: str
    card_index: int


@attrs.frozen(slots=True)
class IdleCounted(Event):
    """The count of moves in a row without progress (:attr:`State.idle
    <patience.State.idle>`) went from ``before`` to ``after``: up by one
    after a move that made no progress, back to 0 after one that did.
    Bookkeeping for the stall rule; a front end need not show it."""

    before: int
    after: int


@attrs.frozen(slots=True)
class ScoreChanged(Event):
    """``player``'s score went from ``before`` to ``after``.

    It follows from the other events and changes nothing by itself.
    """

    player: int
    before: int
    after: int


@attrs.frozen(slots=True)
class PileReplaced(Event):
    """A pile changed in a way no other event describes; ``after`` is the new pile.

    The fallback of :func:`infer_events`; the built-in games never use it.
    """

    pile: str
    before: Pile
    after: Pile

    @property
    def reveals(self) -> bool:
        """True when the pile shows a card it did not show before."""
        return bool(set(self.after.face_up) - set(self.before.face_up))


# ------------------------------------------------------------------ playing


class _Table:
    """Piles being changed step by step: a list of cards and a face-down count each."""

    def __init__(self, state: State) -> None:
        self.game = state.game
        self.names = state.piles.names
        self.cards = [list(p.cards) for p in state.piles.values()]
        self.down = [p.down for p in state.piles.values()]
        self.info: dict[str, InfoValue] = dict(state.info)
        self.idle = state._idle

    def _at(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise PatienceError(f"{self.game.name} has no pile {name!r}") from None

    def transfer(self, event: Transfer) -> None:
        s, t = self._at(event.source), self._at(event.target)
        source, n, i = self.cards[s], len(event.cards), event.index
        if tuple(source[i : i + n]) != event.cards:
            raise PatienceError(f"{event!r}: {event.source} does not hold those cards there")
        if (i < self.down[s]) == event.was_face_up and n:
            raise PatienceError(f"{event!r}: the cards lay the other way up in {event.source}")
        down = self.down[s]
        del source[i : i + n]
        self.down[s] = min(down, i) + max(0, down - i - n)
        target = self.cards[t]
        if event.at != len(target):
            raise PatienceError(f"{event!r}: the cards go on top of {event.target}")
        if not event.face_up:
            if self.down[t] != len(target):
                raise PatienceError(f"{event!r}: face-down cards cannot lie on face-up ones")
            self.down[t] += n
        target.extend(event.landed)

    def turn(self, event: CardsTurned) -> None:
        k = self._at(event.pile)
        n, down = len(event.cards), self.down[k]
        start = down - n if event.face_up else down
        if event.index != start or tuple(self.cards[k][start : start + n]) != event.cards:
            raise PatienceError(f"{event!r}: those cards cannot turn there")
        self.down[k] = down - n if event.face_up else down + n

    def exchange(self, event: JokerExchanged) -> None:
        j, c = self._at(event.joker_pile), self._at(event.card_pile)
        ji, ci = event.joker_index, event.card_index
        if not (
            0 <= ji < len(self.cards[j])
            and 0 <= ci < len(self.cards[c])
            and self.cards[j][ji] == event.joker
            and self.cards[c][ci] == event.card
        ):
            raise PatienceError(f"{event!r}: the joker and the card are not there")
        self.cards[j][ji], self.cards[c][ci] = event.card, event.joker

    def replace(self, event: PileReplaced) -> None:
        k = self._at(event.pile)
        if not isinstance(event.before, Pile) or not isinstance(event.after, Pile):
            raise PatienceError(f"{event!r}: before and after are piles")
        if list(event.before.cards) != self.cards[k] or event.before.down != self.down[k]:
            raise PatienceError(f"{event!r}: {event.pile} does not hold that pile now")
        self.cards[k] = list(event.after.cards)
        self.down[k] = event.after.down

    def count(self, event: CounterChanged) -> None:
        if event.name not in self.info:
            raise PatienceError(f"{event!r}: {self.game.name} keeps no counter {event.name!r}")
        if self.info[event.name] != event.before:
            raise PatienceError(
                f"{event!r}: {event.name} is {self.info[event.name]!r} now, not {event.before!r}"
            )
        self.info[event.name] = event.after

    def counted(self, event: IdleCounted) -> None:
        if event.before != self.idle:
            raise PatienceError(f"{event!r}: the idle count is {self.idle} now")
        self.idle = event.after

    def check_cards(self, start: State) -> None:
        """Raise unless the table holds the cards ``start`` held: events move,
        turn and exchange cards, but never make or lose one."""
        now = Counter(card for cards in self.cards for card in cards)
        if now != Counter(card for pile in start.piles.values() for card in pile.cards):
            raise PatienceError("the events do not keep the cards: a card would be made or lost")

    def state(self) -> State:
        piles = {
            name: Pile._trusted(tuple(cards), down)
            for name, cards, down in zip(self.names, self.cards, self.down)
        }
        return self.game.make_state(piles, Info(self.info), idle=self.idle)


def play_events(state: State, events: Iterable[Event]) -> State:
    """``state`` with ``events`` played onto it in order (see
    :meth:`patience.Game.play_events`, which checks that ``state`` is the
    game's own)."""
    table = _Table(state)
    for event in events:
        if isinstance(event, Transfer):
            table.transfer(event)
        elif isinstance(event, CardsTurned):
            table.turn(event)
        elif isinstance(event, CounterChanged):
            table.count(event)
        elif isinstance(event, IdleCounted):
            table.counted(event)
        elif isinstance(event, PileReplaced):
            table.replace(event)
        elif isinstance(event, JokerExchanged):
            table.exchange(event)
        elif not isinstance(event, Event):
            raise PatienceError(f"not an event: {event!r}")
    table.check_cards(state)
    return table.state()


# ---------------------------------------------------------------- inferring


def infer_events(before: State, after: State) -> list[Event]:
    """Pile events that take ``before`` to ``after``, worked out from the two alone.

    The default of :meth:`patience.Game.apply_events` for games that do not
    say what their moves do: one packet of cards from one pile to another
    (turned over or not), then any cards turned in place; anything else is
    described pile by pile with :class:`PileReplaced`. Counters and scores
    are added by :meth:`~patience.Game.apply_events` itself.
    """
    names = before.piles.names
    old = before.piles.items_tuple
    new = after.piles.items_tuple
    changed = [k for k in range(len(names)) if old[k] != new[k]]
    if not changed:
        return []
    gone: dict[int, tuple[int, tuple[Card, ...]]] = {}
    came: dict[int, tuple[int, tuple[Card, ...]]] = {}
    for k in changed:
        a, b = old[k].cards, new[k].cards
        p = 0
        while p < len(a) and p < len(b) and a[p] == b[p]:
            p += 1
        if p < len(a):
            gone[k] = (p, a[p:])
        if p < len(b):
            came[k] = (p, b[p:])
    events: list[Event] = []
    if len(gone) == 1 and len(came) == 1 and set(gone) != set(came):
        (s, (i, cards)), (t, (at, landed)) = next(iter(gone.items())), next(iter(came.items()))
        flipped = landed == cards[::-1] and len(cards) > 1
        if landed == cards or flipped:
            face_up = new[t].down <= at
            events.append(
                CardsMoved(
                    names[s],
                    i,
                    names[t],
                    at,
                    cards,
                    face_up=face_up,
                    was_face_up=i >= old[s].down,
                    turned_over=flipped,
                )
            )
            probe = play_events(before, events)
            for k in changed:
                have = probe.piles.items_tuple[k]
                want = new[k]
                if have.cards != want.cards:
                    return _replaced(before, after, changed)
                if have.down != want.down:
                    up = want.down < have.down
                    lo, hi = sorted((have.down, want.down))
                    events.append(CardsTurned(names[k], lo, want.cards[lo:hi], face_up=up))
            return events
    if not gone and not came:
        for k in changed:
            have, want = old[k], new[k]
            up = want.down < have.down
            lo, hi = sorted((have.down, want.down))
            events.append(CardsTurned(names[k], lo, want.cards[lo:hi], face_up=up))
        return events
    return _replaced(before, after, changed)


def _replaced(before: State, after: State, changed: list[int]) -> list[Event]:
    names = before.piles.names
    old, new = before.piles.items_tuple, after.piles.items_tuple
    return [PileReplaced(names[k], old[k], new[k]) for k in changed]


_PILE_FIELDS = {
    Transfer: ("source", "target"),
    CardsTurned: ("pile",),
    PileReplaced: ("pile",),
    JokerExchanged: ("joker_pile", "card_pile"),
}


def renamed(events: Iterable[Event], name: Callable[[str], str]) -> list[Event]:
    """``events`` with every pile name ``n`` replaced by ``name(n)``: for games
    that play their parts on an inner game whose piles they name otherwise."""
    out: list[Event] = []
    for event in events:
        for kind, fields in _PILE_FIELDS.items():
            if isinstance(event, kind):
                event = attrs.evolve(event, **{f: name(getattr(event, f)) for f in fields})
                break
        out.append(event)
    return out


def counter_events(game: Game, before: State, after: State, done: Iterable[Event]) -> list[Event]:
    """:class:`CounterChanged` for every counter that changed and no event in
    ``done`` already names, :class:`IdleCounted` where the count of moves
    without progress changed, then :class:`ScoreChanged` for every player
    whose score changed (for :meth:`patience.Game.apply_events`)."""
    named = {e.name for e in done if isinstance(e, CounterChanged)}
    out: list[Event] = [
        CounterChanged(k, before.info[k], v, shown=k in game.shown_counters)
        for k, v in after.info.items()
        if k not in named and before.info.get(k) != v
    ]
    if before._idle != after._idle:
        out.append(IdleCounted(before._idle, after._idle))
    old, new = game.scores(before), game.scores(after)
    out += [ScoreChanged(p, a, b) for p, (a, b) in enumerate(zip(old, new)) if a != b]
    return out
