"""A small stateful helper for playing a game interactively."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from .cards import Card
from .errors import InvalidCardError, PatienceError
from .game import Game, Result
from .move import Move
from .records import Record
from .registry import game as make_game
from .shuffle import check_seed
from .state import State

__all__ = ["Session"]


class Session:
    """A game in progress: the game, the current position and the history.

    Made from a game (or a registered name) and a seed, or a card order::

        >>> import patience
        >>> s = patience.Session("railroad", seed=7)
        >>> s.do("pull s2")
        >>> s.undo()
        Move('pull', 's2')
        >>> s.redo()
        Move('pull', 's2')
        >>> len(s.history)
        1

    :meth:`do` checks the move first and changes nothing when it fails.

    ``game`` is a :class:`~patience.Game` or a registered name (anything else
    raises :class:`~patience.errors.UnknownGameError`); a bad seed raises
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
    ) -> None:
        self.game: Game = game if isinstance(game, Game) else make_game(game)
        """The game being played."""
        if (seed is None) == (cards is None):
            raise PatienceError("give exactly one of seed= and cards=")
        if seed is not None:
            self.seed: int | None = check_seed(seed)
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
        self._redo: list[tuple[Move, State]] = []

    @classmethod
    def from_record(cls, record: Record) -> Session:
        """A session that replays ``record`` (every move checked) and continues from its end."""
        states = record.states()
        session = cls(states[0].game, seed=record.seed, cards=record.cards)
        session._states = states
        session._moves = [session.game.parse_move(st, t) for st, t in zip(states, record.moves)]
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

    def do(self, move: Move | str) -> None:
        """Make ``move`` (a :class:`~patience.Move` or notation); clears the redo list."""
        state = self.state
        if isinstance(move, str):
            move = self.game.parse_move(state, move)
        new = self.game.apply(state, move)
        self._states.append(new)
        self._moves.append(move)
        self._redo.clear()

    def undo(self) -> Move:
        """Take back the last move and return it."""
        if not self._moves:
            raise PatienceError("nothing to undo")
        move = self._moves.pop()
        self._redo.append((move, self._states.pop()))
        return move

    def redo(self) -> Move:
        """Make again the last move taken back, and return it."""
        if not self._redo:
            raise PatienceError("nothing to redo")
        move, state = self._redo.pop()
        self._moves.append(move)
        self._states.append(state)
        return move

    def hint(self, *, thoughtful: bool = False, player: int = 0, **options: Any) -> Move:
        """A suggested move for ``player`` in the current position.

        By default the honest player (:class:`~patience.policies.HiddenInfoPolicy`)
        decides from what the player can see; ``options`` go to it (such as
        ``samples=16``). With ``thoughtful=True`` the solver, which sees every
        card, suggests the first move of a winning line (options such as
        ``max_seconds``), or the greedy move where it finds none. Hints are
        reproducible: the same position gives the same hint.
        """
        from .policies import HiddenInfoPolicy, SolverPolicy

        if self.is_over():
            raise PatienceError("the game is over: there is nothing to hint")
        rng = random.Random(len(self._moves))
        policy = SolverPolicy(**options) if thoughtful else HiddenInfoPolicy(**options)
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

    def __str__(self) -> str:
        return str(self.state)

    def __repr__(self) -> str:
        how = f"seed={self.seed}" if self.seed is not None else "cards=..."
        return f"<Session {self.game.name} {how}, {len(self._moves)} moves>"
