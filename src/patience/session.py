"""A small stateful helper for playing a game interactively."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import _json
from .cards import Card
from .errors import InvalidCardError, InvalidRecordError, PatienceError, UndoError, brief_repr
from .events import Event
from .game import Game, Result
from .move import Move
from .records import Record
from .registry import game as make_game
from .state import State

__all__ = ["HINT_SECONDS", "SESSION_FORMAT", "SHORT_SEEDS", "UNDO_POLICIES", "Session"]

SESSION_FORMAT = "patience-session/1"
"""The ``format`` tag of saved sessions."""

UNDO_POLICIES = ("free", "no-reveal")
"""The undo policies a :class:`Session` takes."""

HINT_SECONDS = 2.0
"""The longest a thoughtful :meth:`Session.hint` searches, in seconds, unless
it is given ``max_seconds``: short enough for a player waiting on a click."""


def _reveals(events: Iterable[Event]) -> bool:
    return any(event.reveals for event in events)


SHORT_SEEDS = 1_000_000
"""How many of a game's seeds (the first) a :class:`Session` made without a
seed or cards picks from: a million deals, each named by a number of at most
six digits."""


class Session:
    """A game in progress: the game, the current position and the history.

    Made from a game (or a registered name, with the game's options as
    keywords: ``Session("freecell", seed=1, numbering="microsoft")``) and a
    seed, or a card order, or neither: then it deals a random seed, one of
    the first :data:`SHORT_SEEDS` of the game's :attr:`~patience.Game.seeds`
    (a number of at most six digits, easy to read out and type again), which
    :attr:`seed` and the record keep, so the game can still be replayed::

        >>> import patience
        >>> s = patience.Session("railroad", seed=7)
        >>> [type(event).__name__ for event in s.do("pull s2")]
        ['CardsMoved', 'CardsTurned']
        >>> s.undo()
        Move('pull', 's2')
        >>> s.redo()
        Move('pull', 's2')
        >>> len(s.history)
        1

    :meth:`do` checks the move first and changes nothing when it fails; it
    returns the move's events (see :meth:`patience.Game.apply_events`) for a
    front end to show.

    ``undo`` is the undo policy: ``"free"`` (the default) takes back any
    move; ``"no-reveal"`` refuses to take back a move that showed the player
    a card they could not see before (a draw, a card turned up), so that
    undoing cannot be used to peek at hidden cards and try again.
    :attr:`revealed` says which moves did.

    ``game`` is a :class:`~patience.Game` or a registered name (anything else
    raises :class:`~patience.errors.UnknownGameError`); options given with a
    :class:`~patience.Game`, which has its own, raise
    :class:`~patience.errors.PatienceError`, and bad ones the game's
    :class:`~patience.errors.InvalidOptionError`; a bad seed raises
    :class:`~patience.errors.InvalidSeedError` and a bad card list
    :class:`~patience.errors.InvalidCardError` or the game's own error for
    cards that are not its deck.
    """

    def __init__(
        self,
        game: Game | str,
        *,
        seed: int | None = None,
        cards: Iterable[Card | str] | str | None = None,
        undo: str = "free",
        **options: Any,
    ) -> None:
        if isinstance(game, Game) and options:
            raise PatienceError(
                f"options ({', '.join(sorted(options))}) are given with a game's name:"
                f" {game!r} has its own"
            )
        self.game: Game = game if isinstance(game, Game) else make_game(game, **options)
        """The game being played."""
        if undo not in UNDO_POLICIES:
            raise PatienceError(
                f"undo must be one of {', '.join(map(repr, UNDO_POLICIES))}, not {brief_repr(undo)}"
            )
        self.undo_policy: str = undo
        """``"free"`` or ``"no-reveal"`` (see above)."""
        if seed is not None and cards is not None:
            raise PatienceError("give seed= or cards=, not both")
        if seed is None and cards is None:
            seeds = self.game.seeds
            stop = min(seeds.stop, seeds.start + SHORT_SEEDS)
            seed = random.SystemRandom().randrange(seeds.start, stop)
        if seed is not None:
            self.seed: int | None = self.game._check_seed(seed)
            self._start = self.game.deal(seed)
            self._cards: tuple[Card, ...] | None = None
        else:
            assert cards is not None
            if isinstance(cards, str):
                items: list[Card | str] = list(cards.split())
            elif isinstance(cards, Iterable):
                items = list(cards)
            else:
                raise InvalidCardError(
                    cards, "cards= must be card text or an iterable of cards or card strings"
                )
            self.seed = None
            self._cards = tuple(c if isinstance(c, Card) else Card.parse(c) for c in items)
            self._start = self.game.deal_from(self._cards)
        self._states: list[State] = [self._start]
        self._moves: list[Move] = []
        self._revealed: list[bool] = []
        self._redo: list[tuple[Move, State, bool]] = []

    @classmethod
    def from_record(cls, record: Record, *, undo: str = "free") -> Session:
        """A session that replays ``record`` (every move checked) and continues from its end."""
        if not isinstance(record, Record):
            raise PatienceError(f"from_record() takes a Record, not {brief_repr(record)}")
        states = record.states()
        session = cls(states[0].game, seed=record.seed, cards=record.cards, undo=undo)
        game = session.game
        session._states = states
        session._moves = [game.parse_move(st, t) for st, t in zip(states, record.moves)]
        session._revealed = [
            _reveals(game.apply_events(st, m)[1]) for st, m in zip(states, session._moves)
        ]
        return session

    @property
    def state(self) -> State:
        """The current position."""
        return self._states[-1]

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves made so far, oldest first."""
        return tuple(self._moves)

    @property
    def states(self) -> tuple[State, ...]:
        """Every position so far, from the deal to the current one."""
        return tuple(self._states)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves in the current position."""
        return self.game.legal_moves(self.state)

    @property
    def revealed(self) -> tuple[bool, ...]:
        """For each move of :attr:`history`, whether it showed the player a card
        they could not see before."""
        return tuple(self._revealed)

    def do(self, move: Move | str) -> tuple[Event, ...]:
        """Make ``move`` (a :class:`~patience.Move` or notation) and return its
        events; clears the redo list."""
        state = self.state
        if isinstance(move, str):
            move = self.game.parse_move(state, move)
        new, events = self.game.apply_events(state, move)
        self._states.append(new)
        self._moves.append(move)
        self._revealed.append(_reveals(events))
        self._redo.clear()
        return events

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a move back under the undo policy."""
        return bool(self._moves) and not (self.undo_policy == "no-reveal" and self._revealed[-1])

    def can_redo(self) -> bool:
        """Whether :meth:`redo` has a move to make again (a front end greys out
        its redo button when not)."""
        return bool(self._redo)

    def undo(self) -> Move:
        """Take back the last move and return it.

        Raises :class:`~patience.errors.UndoError` with code
        ``"nothing-to-undo"`` when there is none, and ``"reveals"`` under the
        ``"no-reveal"`` policy when the last move showed a hidden card.
        """
        if not self._moves:
            raise UndoError("nothing to undo", "nothing-to-undo")
        if not self.can_undo():
            raise UndoError(
                f"{self._moves[-1]} showed a card that was hidden, so it cannot be taken back"
                " (undo='no-reveal')",
                "reveals",
            )
        move = self._moves.pop()
        self._redo.append((move, self._states.pop(), self._revealed.pop()))
        return move

    def redo(self) -> Move:
        """Make again the last move taken back, and return it.

        Raises :class:`~patience.errors.UndoError` with code
        ``"nothing-to-redo"`` when there is none."""
        if not self._redo:
            raise UndoError("nothing to redo", "nothing-to-redo")
        move, state, revealed = self._redo.pop()
        self._moves.append(move)
        self._states.append(state)
        self._revealed.append(revealed)
        return move

    def hint(
        self,
        *,
        thoughtful: bool = False,
        player: int | None = None,
        progress: Callable[[int, float], object] | None = None,
        **options: Any,
    ) -> Move:
        """A suggested move for ``player`` in the current position: by
        default the player to move (the first of them in a race). A player
        with no legal move now (it is the other's turn) is refused with
        :class:`~patience.PatienceError`.

        By default the honest player (:class:`~patience.policies.HiddenInfoPolicy`)
        decides from what the player can see; ``options`` go to it (such as
        ``samples=16``). With ``thoughtful=True`` the solver, which sees every
        card, suggests the first move of a winning line, or the greedy move
        where it finds none; it searches for :data:`HINT_SECONDS` (2) seconds
        at most unless ``max_seconds`` says otherwise (options go to
        :class:`~patience.policies.SolverPolicy`), and calls ``progress``, if
        given, after each run of its search with the positions searched and
        the seconds spent (see :func:`patience.solve`; returning ``False``
        stops the search and takes the best move found so far). Hints are
        reproducible: the same position gives the same hint, unless the time
        limit or ``progress`` cuts a search short.
        """
        from .policies import Policy, make_policy

        if self.is_over():
            raise PatienceError("the game is over: there is nothing to hint")
        game, state = self.game, self.state
        if player is None:
            movers = game.movers(state)
            player = movers[0] if movers else 0
        player = game._check_player(player)
        if not any((m.player or 0) == player for m in game.legal_moves(state)):
            raise PatienceError(f"player {player} has no move now: it is not their turn")
        rng = random.Random(len(self._moves))
        policy: Policy
        if thoughtful:
            options.setdefault("max_seconds", HINT_SECONDS)
            policy = make_policy("solver", progress=progress, **options)
        else:
            if progress is not None:
                raise PatienceError("progress= is for thoughtful hints, which search")
            policy = make_policy("hidden", **options)
        return policy.choose(self.game, self.state, rng, player)

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over(self.state)

    def result(self) -> Result:
        """The current result (see :class:`~patience.Result`)."""
        return self.game.result(self.state)

    @property
    def record(self) -> Record:
        """A record of the game so far, with its current result."""
        start = Record.start(self.game, seed=self.seed, cards=self._cards)
        return start.with_moves(self._moves, self.state)

    def to_json(self) -> dict[str, Any]:
        """The whole session as plain JSON-compatible data.

        That is its record (the game, its options, the deal, the moves made
        and the current result, see :meth:`patience.Record.to_json`) plus the
        moves that :meth:`redo` would make again, the next one first, and the
        undo policy.
        :meth:`from_json` brings it all back.
        """
        return {
            "format": SESSION_FORMAT,
            "record": self.record.to_json(),
            "redo": [str(move) for move, _, _ in reversed(self._redo)],
            "undo": self.undo_policy,
        }

    def dumps(self) -> str:
        """The session as a JSON string."""
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Session:
        """A session saved by :meth:`to_json` (a dict or a JSON string), history,
        redo list and all; every move is checked again.

        Raises :class:`~patience.errors.InvalidRecordError` naming what is wrong.
        """
        data = _json.load_object(
            data,
            InvalidRecordError,
            "session",
            SESSION_FORMAT,
            ("format", "record", "redo", "undo"),
        )
        redo = data.get("redo", [])
        if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
            raise InvalidRecordError("'redo' must be a list of move strings")
        undo = data.get("undo", "free")
        if undo not in UNDO_POLICIES:
            raise InvalidRecordError(f"'undo' must be one of {', '.join(UNDO_POLICIES)}")
        record = Record.from_json(data.get("record"))  # type: ignore[arg-type]
        session = cls.from_record(record, undo=undo)
        state = session.state
        again: list[tuple[Move, State, bool]] = []
        for i, text in enumerate(redo, start=1):
            try:
                move = session.game.parse_move(state, text)
                state, events = session.game.apply_events(state, move)
            except PatienceError as e:
                raise InvalidRecordError(
                    f"redo move {i} ({brief_repr(text)}): {e}", "redo"
                ) from None
            again.append((move, state, _reveals(events)))
        session._redo = again[::-1]
        return session

    def __str__(self) -> str:
        return str(self.state)

    def __repr__(self) -> str:
        how = f"seed={self.seed}" if self.seed is not None else "cards=..."
        return f"<Session {self.game.name} {how}, {len(self._moves)} moves>"
