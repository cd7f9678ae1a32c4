"""Railroad! Yard Solitaire, with its two-deck, race and timed variants.

The cards are dealt round-robin onto sidings; only the head (top) of each
siding is face up. A turn pulls one head onto the right end of the main line;
then, while the line holds at least four cards, the last card (N) is compared
with the card three places to its left (N-3): the same rank discards all four,
else the same suit discards the two between them, else the turn ends. The
score is the number of cards not discarded; lower is better and zero wins.

Registered as ``railroad``, ``railroad-double``, ``railroad-race`` and
``railroad-timed``; see the rules page in the documentation.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Hashable
from typing import Any

import attrs

from .._json import FrozenMapping
from ..cards import Card, Deck
from ..errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    PatienceError,
    brief_repr,
)
from ..events import CardsDiscarded, CardsMoved, CardsTurned, Event, renamed
from ..game import COMMON_REFUSALS, Better, Game, PileSpec
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..shuffle import check_seed, derive_seed
from ..state import Info, State
from ..tableau import check_count

_make_state = State._make

__all__ = [
    "CLOCK_RANGE",
    "MAX_DECKS",
    "MAX_TIME_LIMIT",
    "Railroad",
    "RailroadRace",
    "settle_line",
]

Clock = Callable[[], float]


def settle_line(line: list[Card], discard: list[Card]) -> list[tuple[str, tuple[Card, ...]]]:
    """Run the matching cascade on ``line`` in place, moving discards to ``discard``.

    While the line holds at least four cards, compare the last card N with
    N-3: the same rank discards all four (rank wins when both match), the same
    suit discards the two cards between them; otherwise stop. Returns the
    matches made, in order, as ``("rank" | "suit", discarded cards)``, so a
    front end can show the cascade step by step.

    >>> line = [Card.parse(t) for t in "4S 9C 7H KD JH 2S QC 4H".split()]
    >>> [(kind, " ".join(map(str, cards))) for kind, cards in settle_line(line, [])]
    [('suit', '2S QC'), ('suit', 'KD JH'), ('rank', '4S 9C 7H 4H')]
    >>> line
    []
    """
    matches: list[tuple[str, tuple[Card, ...]]] = []
    while len(line) >= 4:
        n = line[-1]
        m = line[-4]
        if n.rank == m.rank:
            gone = tuple(line[-4:])
            del line[-4:]
            matches.append(("rank", gone))
        elif n.suit is m.suit:
            gone = tuple(line[-3:-1])
            del line[-3:-1]
            matches.append(("suit", gone))
        else:
            break
    for _, gone in matches:
        discard.extend(gone)
    return matches


def _pending_match(cards: tuple[Card, ...]) -> bool:
    return len(cards) >= 4 and (
        cards[-1].rank == cards[-4].rank or cards[-1].suit is cards[-4].suit
    )


MAX_DECKS = 8
"""The most decks a Railroad game takes (each player's, in the race)."""

MAX_TIME_LIMIT = 86400.0
"""The longest time limit of the timed game, in seconds: one day."""

CLOCK_RANGE = 1e12
"""The timed game's saved clock reading (``info["started"]``) lies within this
many seconds either side of zero."""


def _check_counts(game: str, sidings: Any, decks: Any) -> tuple[int, int]:
    decks = check_count(game, "decks", decks, 1, MAX_DECKS)
    sidings = check_count(game, "sidings", sidings, 1, 52 * decks)
    return sidings, decks


def _check_time_limit(game: str, time_limit: object) -> float:
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not 0 < time_limit <= MAX_TIME_LIMIT
    ):
        raise InvalidOptionError(
            game,
            "time_limit",
            f"must be a number of seconds above 0 and at most {MAX_TIME_LIMIT:g}"
            f" (one day), not {brief_repr(time_limit)}",
        )
    return float(time_limit)


_RAILROAD_REFUSALS = {
    "empty-siding": "the siding is empty: every card dealt to it has been pulled",
    "time-up": "the time limit has passed: the game is over, no pull is left",
    "finished": "that player has pulled every card; the race goes on until the other"
    " has too, or clears the line",
}


def _refusals(sidings: int, timed: bool = False, race: bool = False) -> FrozenMapping:
    """The refusal codes of a Railroad game: ``empty-siding`` only with sidings to
    empty while others still hold cards, ``time-up`` only when timed and
    ``finished`` only in the race (see :attr:`Game.refusals <patience.Game.refusals>`)."""
    own = {
        "empty-siding": sidings > 1,
        "time-up": timed,
        "finished": race,
    }
    return FrozenMapping(
        {
            **COMMON_REFUSALS,
            **{code: text for code, text in _RAILROAD_REFUSALS.items() if own[code]},
        }
    )


_TRACK_CELLS = 6
"""How many grid columns a siding or the main line may take in the layout:
room for thirteen cards fanned out, and more squeezed closer."""


class Railroad(Game):
    """Railroad! Yard Solitaire for one player, with any number of sidings and decks.

    With ``time_limit`` (seconds) set, the game is timed by ``clock`` (default
    :func:`time.monotonic`). The clock starts with the first pull, so that a
    deal stays a pure function of its seed; ``state.info["started"]`` holds the
    clock reading then. Once the limit has passed the game is over, scoring
    every card not discarded. A record of such a game notes that it ended on
    the clock (:meth:`ending`), so it replays without the clock.
    """

    title = "Railroad! Yard Solitaire"
    better = Better.LOWER
    move_kinds = frozenset(("pull",))

    def __init__(
        self,
        name: str = "railroad",
        *,
        sidings: int = 4,
        decks: int = 1,
        time_limit: float | None = None,
        clock: Clock | None = None,
    ) -> None:
        sidings, decks = _check_counts(name, sidings, decks)
        options: dict[str, Any] = {"sidings": sidings, "decks": decks}
        if time_limit is not None:
            options["time_limit"] = _check_time_limit(name, time_limit)
        if clock is not None and not callable(clock):
            raise InvalidOptionError(name, "clock", "must be a callable returning seconds")
        super().__init__(name, options)
        self.sidings = sidings
        self.decks = decks
        self.time_limit: float | None = options.get("time_limit")
        self._timed = self.time_limit is not None
        self.clock: Clock = clock or time.monotonic
        self.refusals = _refusals(sidings, timed=self.time_limit is not None)
        self._own_clock = clock is not None and self.time_limit is not None
        self._deck = Deck.standard(decks)
        self._sizes = tuple(len(range(k, 52 * decks, sidings)) for k in range(sidings))
        self._set_layout(
            [
                PileSpec(
                    f"s{k + 1}",
                    "siding",
                    k,
                    0,
                    "right",
                    label=f"Siding {k + 1}",
                    extent=_TRACK_CELLS,
                )
                for k in range(sidings)
            ]
            + [
                PileSpec(
                    "line", "line", sidings, 0, "right", label="Main line", extent=_TRACK_CELLS
                ),
                PileSpec("discard", "discard", sidings + 1, 0, label="Discard"),
            ]
        )
        self._pulls = tuple(Move("pull", f"s{k + 1}") for k in range(sidings))
        self._pull_index = {m: k for k, m in enumerate(self._pulls)}
        self._siding_index = {m.source: k for k, m in enumerate(self._pulls)}
        self._line = sidings
        self._untimed_info = Info()
        self._timed_info = Info({"started": None, "stopped": False})
        self._total = 52 * decks
        self._discard = sidings + 1

    @property
    def deck(self) -> Deck:
        return self._deck

    def _pickle_problem(self) -> str:
        """A timed game with a clock of the caller's refuses to pickle.

        Its options cannot rebuild the clock, so a pickle would bring back the
        registered game timed by :func:`time.monotonic`; we refuse rather than
        swap clocks without a word. Its states refuse too; save them with
        :meth:`~patience.State.to_json` and load them with this game's
        :meth:`~patience.Game.from_json` to keep the clock.
        """
        if self._own_clock:
            return (
                "its clock was passed in and cannot travel with it; save states as JSON"
                " and load them with this game's from_json, or make the game again where"
                " it is needed"
            )
        return ""

    def _deal(self, cards: tuple[Card, ...]) -> State:
        n = self.sidings
        sidings = tuple(cards[k::n] for k in range(n))
        info = self._untimed_info if self.time_limit is None else self._timed_info
        return self._new_state((*sidings, (), ()), info)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[tuple[Card, ...], ...]:
        """Railroad keeps each pile as a bare tuple of cards: a siding's face-down
        count is always its length less one, and the line and discard are face up."""
        return tuple(p.cards for p in piles)

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        n = self.sidings
        sidings = tuple(Pile._trusted(c, len(c) - 1 if c else 0) for c in items[:n])
        return (*sidings, *(Pile._trusted(c, 0) for c in items[n:]))

    # -------------------------------------------------------------- time

    def time_left(self, state: State) -> float | None:
        """Seconds left on the clock (never below 0), or ``None`` if untimed."""
        if self.time_limit is None:
            return None
        started = state.info["started"]
        if started is None:
            return self.time_limit
        assert isinstance(started, (int, float))
        return max(0.0, started + self.time_limit - self.clock())

    def _expired(self, state: State) -> bool:
        left = self.time_left(state)
        return left is not None and left <= 0.0

    # ---------------------------------------------------------- protocol

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        # Untimed, a state keeps its listing, and _apply hands it down.
        memo = state._memo
        if memo is not None and state._game is self:
            return memo  # type: ignore[no-any-return]
        items = state._items
        if self._timed:
            # The clock can end the game between two calls: nothing is kept.
            return () if self._is_over(state) else self._open_pulls(items)
        memo = self._open_pulls(items)
        if state._game is self:
            state._memo = memo
        return memo

    def _open_pulls(self, items: tuple[Any, ...]) -> tuple[Move, ...]:
        if all(items[: self.sidings]):
            return self._pulls
        return tuple([m for m, p in zip(self._pulls, items) if p])

    def _apply(self, state: State, move: Move) -> State:
        # The game's own pull objects are found by their siding's name, which
        # hashes faster than a Move; an equal Move made elsewhere by the move.
        k = self._siding_index.get(move.source)
        if k is None or move is not self._pulls[k]:
            k = self._pull_index.get(move)
            if k is None:
                self._refuse(state, move)
        items = state._items
        siding = items[k]
        if not siding:
            self._refuse(state, move)
        info = state._info
        if self._timed:
            if info["stopped"] or self._expired(state):
                self._refuse(state, move)
            if info["started"] is None:
                info = info.set(started=float(self.clock()))
        card = siding[-1]
        at = self._line
        line = items[at] + (card,)
        after = list(items)
        after[k] = siding[:-1]
        if len(line) >= 4 and (line[-4].rank == card.rank or line[-4].suit is card.suit):
            cars, gone = list(line), list(items[at + 1])
            settle_line(cars, gone)
            after[at + 1] = tuple(gone)
            line = tuple(cars)
        after[at] = line
        child = _make_state(self, tuple(after), info)
        if len(siding) > 1 and state._game is self:
            # No siding emptied, so the pulls are those listed here, if they
            # were (only ever untimed): a pure function of the child.
            child._memo = state._memo
        return child

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` for refusing ``move``: what makes it none of the
        game's pulls; else the game being over, on the cards once every
        siding is empty, and in the timed game on the clock; else a pull from
        an empty siding."""
        if self._pull_index.get(move) is None:
            return self._not_a_pull(move), "not-a-move"
        if self._all_pulled(state._items):
            return "the game is over: every card has left the sidings", "game-over"
        if self.time_limit is not None and (state.info["stopped"] or self._expired(state)):
            return "time is up: the game is over", "time-up"
        return f"siding {move.source} is empty", "empty-siding"

    def _not_a_pull(self, move: Move, player: int | None = None) -> str:
        """What in ``move``, which is none of this game's pulls, makes it no move of
        the game; a pull is written for ``player`` in the race."""
        problem = self._move_syntax_problem(move)
        if problem:
            return problem
        sidings = "s1" if self.sidings == 1 else f"s1 to s{self.sidings}"
        pull = "pull" if player is None else f"p{player} pull"
        source = move.source
        if source is None:
            return f"a pull names the siding it takes from ({sidings}): {pull} s1"
        if self._index[source] >= self.sidings:
            return f"only a siding's head is pulled, and {source} is not a siding ({sidings})"
        if move.target is not None:
            return (
                "a pull names only its siding: the card goes to the end of the main line"
                f" ({pull} {source})"
            )
        if move.count != 1:
            return f"a pull takes one card, the siding's head ({pull} {source})"
        return f"a pull takes no '=' detail ({pull} {source})"

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """The pull, the siding's next head turning up, then each match discarded."""
        k = self._pull_index[move]
        items = state._items
        siding, name = items[k], f"s{k + 1}"
        line = [*items[self._line], siding[-1]]
        log: list[Event] = [CardsMoved(name, len(siding) - 1, "line", len(line) - 1, siding[-1:])]
        if len(siding) > 1:
            log.append(CardsTurned(name, len(siding) - 2, siding[-2:-1]))
        left, discarded = len(line), len(items[self._discard])
        for kind, gone in settle_line(line, []):
            left -= len(gone)
            start = left if kind == "rank" else left - 1  # a suit match leaves the last card
            log.append(CardsDiscarded("line", start, "discard", discarded, gone))
            discarded += len(gone)
        return log

    def _capacities(self) -> list[int]:
        """Each siding what was dealt to it; the line and the discard every card."""
        return [*self._sizes, self._total, self._total]

    def _action_space(self) -> tuple[Move, ...]:
        """One pull for each siding."""
        return self._pulls

    def _all_pulled(self, items: tuple[Any, ...]) -> bool:
        """Whether every card has left the sidings (the line and discard hold them all)."""
        return len(items[self._line]) + len(items[self._discard]) == self._total

    def _is_over(self, state: State) -> bool:
        items = state._items
        at = self._line
        if len(items[at]) + len(items[at + 1]) == self._total:
            return True  # every card has left the sidings (as in _all_pulled, inlined)
        return self._timed and (bool(state._info["stopped"]) or self._expired(state))

    def ending(self, state: State) -> str | None:
        """``"time"`` when the clock has run out on ``state`` (and time is not yet
        recorded in it); otherwise ``None``. See :meth:`patience.Game.ending`."""
        if self.time_limit is None or state.info["stopped"]:
            return None
        return self._own_ending(state)

    def _own_ending(self, state: State) -> str | None:
        """``"time"`` once time has run out, recorded in the state or not."""
        if self.time_limit is None or self._all_pulled(state._items):
            return None
        return "time" if state.info["stopped"] or self._expired(state) else None

    def end(self, state: State, how: str) -> State:
        """Record that time ran out: the state with ``info["stopped"]`` set.

        Replaying a record of a timed game that ended on the clock ends it here,
        whatever the clock of the replay says. Raises
        :class:`~patience.PatienceError` for an untimed game, for any other
        ending, and for a game that is already over by its cards.
        """
        self._check_own(state)
        if self.time_limit is None or how != "time":
            return super().end(state, how)
        if state.info["stopped"] or self._all_pulled(state._items):
            raise PatienceError(f"{self.name}: the game was over before time ran out")
        return State._make(self, state._items, state.info.set(stopped=True))

    def _scores(self, state: State) -> tuple[int, ...]:
        return (self._total - len(state._items[self._discard]),)

    def _winners(self, state: State) -> tuple[int, ...]:
        items = state._items
        cleared = not items[self._line] and not any(items[: self.sidings])
        return (0,) if cleared else ()

    # ------------------------------------------------------- solver hooks

    def fixed_prefix(self, state: State) -> int:
        """How many cards at the start of the line can never be discarded.

        The first card can only go in a rank match as N-3, so it stays if no
        other card of its rank is left on the line or the sidings. Once the
        first ``j - 1`` cards are known to stay, card ``j`` can only go in a
        rank match as N-3 or as a middle card of a suit match with card
        ``j - 1``: it stays if no card left behind it shares its rank, and none
        shares the suit of card ``j - 1``.
        """
        items = state._items
        line = items[self._line]
        if not line:
            return 0
        ranks = [0] * 14
        suits: dict[object, int] = {}
        for pile in items[: self.sidings]:
            for c in pile:
                ranks[c.rank] += 1
                suits[c.suit] = suits.get(c.suit, 0) + 1
        for c in line:
            ranks[c.rank] += 1
            suits[c.suit] = suits.get(c.suit, 0) + 1
        fixed = 0
        previous = None
        for c in line:
            ranks[c.rank] -= 1
            suits[c.suit] -= 1
            if ranks[c.rank] or (previous is not None and suits[previous.suit]):
                break
            fixed += 1
            previous = c
        return fixed

    def _hashed_info(self, state: State) -> Info:
        """The timed game's counters as :meth:`~patience.Game.position_hash`
        hashes them: ``started`` only as whether the clock has started (``true``
        or ``null``), since its reading depends on when the first pull was made."""
        info = state.info
        if not self._timed or info["started"] is None:
            return info
        return info.set(started=True)

    def canonical_key(self, state: State) -> Hashable:
        """The sidings, the number of line cards that can never matter again and the rest.

        Of the cards that can never be discarded (:meth:`fixed_prefix`), only
        the last three can still take part in a match, as N-3; the ones before
        them are counted, not named. The timed variant's counters are kept.
        """
        items = state._items
        line = items[self._line]
        cut = max(0, self.fixed_prefix(state) - 3)
        return (items[: self.sidings], cut, line[cut:], state._info)

    def may_win(self, state: State, player: int = 0) -> bool:
        """False once a card on the line can never be discarded."""
        return self.fixed_prefix(state) == 0 and not (
            self.time_limit is not None and state.info["stopped"]
        )

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """The cards that can never be discarded, rounded up to an even number."""
        if self.time_limit is not None and state.info["stopped"]:
            return self.scores(state)[0]
        fixed = self.fixed_prefix(state)
        return fixed + fixed % 2

    def parse_move(self, state: State, text: str) -> Move:
        """Read ``pull s2``; the short forms ``s2`` and ``2`` are accepted too."""
        short = text.strip().lower() if isinstance(text, str) else ""
        if short.isdigit():
            short = f"s{short}"
        if short.startswith("s") and short[1:].isdigit():
            if short not in self._index or self._index[short] >= self.sidings:
                raise InvalidMoveError(text, f"{self.name} has no siding {short!r}", state)
            return self._pulls[self._index[short]]
        move = super().parse_move(state, text)
        if move not in self._pull_index:
            raise InvalidMoveError(text, self._not_a_pull(move), state)
        return move

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        piles = state.piles.items_tuple
        for k, pile in enumerate(piles[: self.sidings]):
            if len(pile) > self._sizes[k]:
                return (
                    f"siding s{k + 1} holds {len(pile)} cards, "
                    f"more than the {self._sizes[k]} dealt to it"
                )
            if pile.down != max(0, len(pile) - 1):
                return f"siding s{k + 1} must have exactly its head face up"
        for name in ("line", "discard"):
            if state.piles[name].down:
                return f"the {name} is face up"
        line = piles[self._line].cards
        # Every pull settles the line, and a line only ever loses cards from
        # its end or gains one there: no stretch of it from the left can end
        # in a match.
        for n in range(4, len(line) + 1):
            if _pending_match(line[:n]):
                return f"the line holds an unresolved match ending at its card {n} ({line[n - 1]})"
        if len(piles[self._discard]) % 2:
            return "cards are discarded in twos and fours"
        if self.time_limit is None:
            return ""
        started = state.info["started"]
        if started is not None and (
            isinstance(started, bool)
            or not isinstance(started, (int, float))
            or not -CLOCK_RANGE <= started <= CLOCK_RANGE
        ):
            return (
                f"info 'started' must be null or a clock reading in seconds from"
                f" {-CLOCK_RANGE:g} to {CLOCK_RANGE:g}, not {brief_repr(started)}"
            )
        if not isinstance(state.info["stopped"], bool):
            return "info 'stopped' must be true or false"
        pulled = self._total - sum(len(p) for p in piles[: self.sidings])
        if started is None and pulled:
            return "the clock starts with the first pull, so 'started' cannot be null here"
        if started is not None and not pulled:
            return "the clock starts with the first pull, so 'started' must be null before it"
        return ""


class RailroadRace(Game):
    """Two players race, each with an own deck, pulling whenever they like.

    Moves of both players are legal at any time and apply in the order they
    happen. The first player to finish with an empty line wins at once and the
    game ends; if both finish without clearing, the lower score wins and equal
    scores draw.
    """

    title = "Railroad! Yard Solitaire (race)"
    better = Better.LOWER
    players = 2
    move_kinds = frozenset(("pull",))

    def __init__(self, name: str = "railroad-race", *, sidings: int = 4, decks: int = 1) -> None:
        self.inner = Railroad(name, sidings=sidings, decks=decks)
        super().__init__(name, dict(self.inner.options))
        self.refusals = _refusals(self.inner.sidings, race=True)
        self._size = len(self.inner.layout)
        rows = self.inner.grid_size[0]
        self._set_layout(
            attrs.evolve(
                s,
                name=f"p{p}.{s.name}",
                row=p * (rows + 1) + s.row,
                owner=p,
                label=f"Player {p}: {s.label}",
            )
            for p in range(2)
            for s in self.inner.layout
        )
        self._moves = tuple(
            tuple(Move("pull", m.source, player=p) for m in self.inner._pulls) for p in range(2)
        )
        self._move_index = {m: (p, k) for p in range(2) for k, m in enumerate(self._moves[p])}

    @property
    def deck(self) -> Deck:
        return Deck(self.inner.deck.cards * 2)

    def shuffled_cards(self, seed: int) -> tuple[Card, ...]:
        """Player 0's deck, then player 1's, each shuffled with a seed derived from ``seed``.

        Player ``p``'s deck is shuffled with
        :func:`~patience.shuffle.derive_seed` ``(seed, p)``.
        """
        check_seed(seed)
        return tuple(
            c for p in range(2) for c in self.inner.deck.shuffled(derive_seed(seed, p)).cards
        )

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[Any, ...]:
        size = self._size
        return self.inner._encode(piles[:size]) + self.inner._encode(piles[size:])

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        size = self._size
        return self.inner._decode(items[:size]) + self.inner._decode(items[size:])

    def _deck_problem(self, cards: tuple[Card, ...]) -> str:
        half = len(self.inner.deck)
        if len(cards) != 2 * half:
            return super()._deck_problem(cards)
        for p in range(2):
            problem = self.inner._deck_problem(cards[p * half : (p + 1) * half])
            if problem:
                return f"player {p}'s deck: {problem}"
        return ""

    def _deal(self, cards: tuple[Card, ...]) -> State:
        half = len(self.inner.deck)
        parts = [self.inner._deal(cards[p * half : (p + 1) * half]) for p in range(2)]
        return self._new_state(parts[0]._items + parts[1]._items)

    def _split(self, state: State, player: int) -> State:
        items = state._items[player * self._size : (player + 1) * self._size]
        return self.inner._new_state(items)

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        # A view's pulls are those it shows; whether the race is over needs
        # the hidden cards (is_over refuses a view).
        if not state.is_view and self.is_over(state):
            return ()
        out: list[Move] = []
        for p in range(2):
            items = state._items[p * self._size : (p + 1) * self._size]
            out.extend(m for m, pile in zip(self._moves[p], items) if pile)
        return tuple(out)

    def _apply(self, state: State, move: Move) -> State:
        found = self._move_index.get(move)
        if found is None or self.is_over(state):
            self._refuse(state, move)
        p, k = found
        try:
            after = self.inner._apply(self._split(state, p), self.inner._pulls[k])
        except IllegalMoveError:
            self._refuse(state, move)
        items = list(state._items)
        items[p * self._size : (p + 1) * self._size] = after._items
        return self._new_state(tuple(items))

    def _action_space(self) -> list[Move]:
        """Player 0's pulls, then player 1's."""
        return [m for moves in self._moves for m in moves]

    def _capacities(self) -> tuple[int, ...]:
        """Each player's piles as in the one-player game."""
        return self.inner.capacities * 2

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """``(reason, code)`` for refusing ``move``: the notation and the end of
        the race are the race's; a pull the mover's own game refuses is
        refused for that player, and a player who has pulled every card is
        ``finished`` while the race goes on."""
        found = self._move_index.get(move)
        if found is None:
            return self._move_syntax_problem(move), "not-a-move"
        if self.is_over(state):
            return self._over_reason(state), "game-over"
        p, k = found
        reason, code = self.inner._refusal(self._split(state, p), self.inner._pulls[k])
        if code == "game-over":
            return (
                f"player {p} has pulled every card: the race goes on until"
                f" player {1 - p} has too, or clears the line",
                "finished",
            )
        return f"player {p}'s {reason}", code

    def _over_reason(self, state: State) -> str:
        cleared = [p for p in range(2) if self._finished(state, p)[1]]
        if cleared:
            return f"the race is over: player {cleared[0]} has cleared the line"
        return "the race is over: both players have pulled every card"

    def _hidden_pools(self, view: State) -> list[tuple[tuple[int, ...], Counter[Card]]]:
        """Each player's hidden siding cards come from their own deck."""
        size = self._size
        piles = view.piles.items_tuple
        out = []
        for p in range(2):
            places = tuple(range(p * size, (p + 1) * size))
            shown = Counter(c for k in places for c in piles[k].cards if not c.is_hidden)
            out.append((places, Counter(self.inner.deck) - shown))
        return out

    def _pick_up_pile(self, move: Move) -> str | None:
        """A pull names the mover's siding as in the one-player game (``s1``); it
        starts from their pile of the layout (``p0.s1``)."""
        return None if move.source is None else f"p{move.player}.{move.source}"

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """The mover's own Railroad events, on their piles (``p0.s1``, ``p0.line`` ...)."""
        p, k = self._move_index[move]
        inner = self._split(state, p)
        pull = self.inner._pulls[k]
        steps = self.inner._events(inner, pull, self.inner._apply(inner, pull))
        return renamed(steps, lambda name: f"p{p}.{name}")

    def _finished(self, state: State, player: int) -> tuple[bool, bool]:
        """Whether ``player`` has pulled every card, and whether their line is clear."""
        sub = self._split(state, player)
        done = self.inner.is_over(sub)
        return done, done and bool(self.inner.winners(sub))

    def _is_over(self, state: State) -> bool:
        status = [self._finished(state, p) for p in range(2)]
        return any(clear for _, clear in status) or all(done for done, _ in status)

    def _scores(self, state: State) -> tuple[int, ...]:
        return tuple(self.inner.scores(self._split(state, p))[0] for p in range(2))

    def _winners(self, state: State) -> tuple[int, ...]:
        status = [self._finished(state, p) for p in range(2)]
        cleared = tuple(p for p in range(2) if status[p][1])
        if cleared:
            return cleared
        if not all(done for done, _ in status):
            return ()
        a, b = self.scores(state)
        return (0,) if a < b else (1,) if b < a else ()

    def _move_syntax_problem(self, move: Move) -> str:
        if move in self._move_index:
            return ""
        if move.kind != "pull":
            return f"{self.name} has no {move.kind!r} move; its moves: pull"
        if move.player is None:
            return "a pull in the race names its player: p0 pull s1 or p1 pull s1"
        if not 0 <= move.player < self.players:
            return f"{self.name} has no player {move.player}"
        pull = Move("pull", move.source, move.target, move.count, detail=move.detail)
        if move.source in self._index:  # a pile of the layout, such as p0.s1
            base = move.source.split(".", 1)[1]
            if Move("pull", base) in self.inner._pull_index:
                return (
                    f"a pull names the siding as in the one-player game: p{move.player} pull {base}"
                )
            pull = attrs.evolve(pull, source=base)
        return self.inner._not_a_pull(pull, move.player)

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        deck = Counter(self.inner.deck)
        for p in range(2):
            sub = self._split(state, p)
            if Counter(c for pile in sub._items for c in pile) != deck:
                return f"player {p}'s piles must hold exactly player {p}'s own deck"
            problem = self.inner._state_problem(sub)
            if problem:
                return f"player {p}: {problem}"
        if all(clear for _, clear in (self._finished(state, p) for p in range(2))):
            return "both players cannot have cleared the line: the race ends at the first"
        return ""


def _railroad(*, sidings: int = 4, decks: int = 1) -> Game:
    return Railroad("railroad", sidings=sidings, decks=decks)


def _railroad_double(*, sidings: int = 8, decks: int = 2) -> Game:
    return Railroad("railroad-double", sidings=sidings, decks=decks)


def _railroad_race(*, sidings: int = 4, decks: int = 1) -> Game:
    return RailroadRace("railroad-race", sidings=sidings, decks=decks)


def _railroad_timed(
    *, sidings: int = 4, decks: int = 1, time_limit: float = 300.0, clock: Clock | None = None
) -> Game:
    if time_limit is None:
        raise InvalidOptionError(
            "railroad-timed",
            "time_limit",
            "the timed game needs a time limit; for none, play 'railroad'",
        )
    return Railroad(
        "railroad-timed", sidings=sidings, decks=decks, time_limit=time_limit, clock=clock
    )


register(
    "railroad",
    _railroad,
    aliases=("railroad-yard", "yard"),
    summary="Pull siding heads onto the main line; matches by suit or rank discard cards.",
)
register(
    "railroad-double",
    _railroad_double,
    summary="Railroad with two decks shuffled together and eight sidings.",
)
register(
    "railroad-race",
    _railroad_race,
    summary="Two players race at Railroad, each with an own deck.",
)
register(
    "railroad-timed",
    _railroad_timed,
    summary="Railroad against a clock (five minutes by default).",
)
