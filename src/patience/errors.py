"""The exceptions raised by :mod:`patience`.

Every error the library raises on bad input is a :class:`PatienceError`, which is
also a :class:`ValueError`, so callers may catch either. Each error says in its
message what was wrong and keeps the offending input on the exception object.
No error leaves a state, a game or a session half changed: states are immutable,
and the stateful helpers only commit a change after every check has passed.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ForeignStateError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidRecordError",
    "InvalidSeedError",
    "InvalidStateError",
    "PatienceError",
    "UnknownGameError",
]


class PatienceError(ValueError):
    """Base class of every error raised by :mod:`patience` for bad input."""


class InvalidCardError(PatienceError):
    """Text that does not name a card, or values that do not make one.

    :attr:`text` holds the offending input.
    """

    def __init__(self, text: object, reason: str = "") -> None:
        self.text = text
        detail = f": {reason}" if reason else ""
        super().__init__(f"not a card: {text!r}{detail}")


class InvalidSeedError(PatienceError):
    """A deal seed that is not an integer in ``0 <= seed < 2**64``."""

    def __init__(self, seed: object) -> None:
        self.seed = seed
        super().__init__(f"a seed must be an integer with 0 <= seed < 2**64, not {seed!r}")


class InvalidMoveError(PatienceError):
    """Move text that cannot be read as a move of the game.

    :attr:`text` holds the text and :attr:`state` the position it was read
    against (``None`` when read without one).
    """

    def __init__(self, text: str, reason: str, state: Any = None) -> None:
        self.text = text
        self.state = state
        self.reason = reason
        super().__init__(f"cannot read move {text!r}: {reason}")


class IllegalMoveError(PatienceError):
    """A move that the rules do not allow in the given position.

    :attr:`move` holds the move, :attr:`state` the unchanged position and
    :attr:`reason` a short explanation.
    """

    def __init__(self, move: Any, state: Any, reason: str) -> None:
        self.move = move
        self.state = state
        self.reason = reason
        super().__init__(f"illegal move {str(move)!r}: {reason}")


class UnknownGameError(PatienceError):
    """A game name that is not registered."""

    def __init__(self, name: object, known: tuple[str, ...] = ()) -> None:
        self.name = name
        hint = f"; known games: {', '.join(known)}" if known else ""
        super().__init__(f"unknown game {name!r}{hint}")


class InvalidOptionError(PatienceError):
    """An option that a game does not have, or a value it does not accept."""

    def __init__(self, game: str, option: str, reason: str) -> None:
        self.game = game
        self.option = option
        self.reason = reason
        super().__init__(f"{game}: option {option!r}: {reason}")


class InvalidStateError(PatienceError):
    """Serialised state data that is malformed, tampered with or of another game."""


class ForeignStateError(InvalidStateError):
    """A state given to a game it does not belong to.

    A game accepts its own states and those of an equal game (same rules and
    options); anything else would give moves that mean something else.
    :attr:`state` holds the state and :attr:`game` the game it was given to.
    """

    def __init__(self, state: Any, game: Any) -> None:
        self.state = state
        self.game = game
        super().__init__(f"a state of {state.game!r} was given to {game!r}")


class InvalidRecordError(PatienceError):
    """A game record that is malformed or does not replay."""
