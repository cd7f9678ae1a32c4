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
    "GameFactoryError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidRecordError",
    "InvalidSeedError",
    "InvalidStateError",
    "PatienceError",
    "RegistrationError",
    "UnknownGameError",
]


_REPR_LIMIT = 80


def brief_repr(value: object, limit: int = _REPR_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages.

    Never raises: an integer too long for Python to print is described by
    its size, and an object whose ``repr`` fails by its type.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"<{'negative ' if value < 0 else ''}integer of about {digits} digits>"
    if type(value) is tuple:
        inner = ", ".join(brief_repr(v, limit) for v in value[:8])
        text = f"({inner}{', ...' if len(value) > 8 else ',' if len(value) == 1 else ''})"
        return text if len(text) <= limit else text[: limit - 3] + "..."
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


class PatienceError(ValueError):
    """Base class of every error raised by :mod:`patience` for bad input."""


class InvalidCardError(PatienceError):
    """Text that does not name a card, or values that do not make one.

    :attr:`text` holds the offending input.
    """

    def __init__(self, text: object, reason: str = "") -> None:
        self.text = text
        detail = f": {reason}" if reason else ""
        super().__init__(f"not a card: {brief_repr(text)}{detail}")


class InvalidSeedError(PatienceError):
    """A deal seed that is not an integer in ``0 <= seed < 2**64``."""

    def __init__(self, seed: object) -> None:
        self.seed = seed
        super().__init__(
            f"a seed must be an integer with 0 <= seed < 2**64, not {brief_repr(seed)}"
        )


class InvalidMoveError(PatienceError):
    """Move text that cannot be read as a move of the game, or values that do
    not make a :class:`~patience.Move`.

    :attr:`text` holds the text (or, for values given to ``Move``, a tuple of
    them) and :attr:`state` the position it was read against (``None`` when
    read without one).
    """

    def __init__(self, text: object, reason: str, state: Any = None) -> None:
        self.text = text
        self.state = state
        self.reason = reason
        if isinstance(text, str):
            super().__init__(f"cannot read move {brief_repr(text)}: {reason}")
        else:
            super().__init__(f"not a move: {brief_repr(text)}: {reason}")


class IllegalMoveError(PatienceError):
    """A move that the rules do not allow in the given position.

    :attr:`move` holds the move, :attr:`state` the unchanged position,
    :attr:`reason` a short explanation in the game's terms and :attr:`code`
    a stable name for the kind of refusal, from the game's
    :attr:`~patience.Game.refusals` (the "Why a move is refused" page lists
    them), for a front end to translate or to react to.
    """

    def __init__(self, move: Any, state: Any, reason: str, code: str = "illegal") -> None:
        self.move = move
        self.state = state
        self.reason = reason
        self.code = code
        super().__init__(f"illegal move {str(move)!r}: {reason}")


class UnknownGameError(PatienceError):
    """A game name that is not registered."""

    def __init__(
        self, name: object, known: tuple[str, ...] = (), suggestions: tuple[str, ...] = ()
    ) -> None:
        self.name = name
        self.suggestions = suggestions
        """Registered names close to :attr:`name`, best first (may be empty)."""
        guess = f" (did you mean {' or '.join(map(repr, suggestions))}?)" if suggestions else ""
        hint = f"; known games: {', '.join(known)}" if known else ""
        super().__init__(f"unknown game {brief_repr(name)}{guess}{hint}")


class GameFactoryError(PatienceError):
    """A registered factory that did not make a proper game.

    Raised by :func:`patience.game` when a factory (usually a plug-in's)
    returns something that is not a :class:`~patience.Game`, or a game under
    another name than the one it is registered as. :attr:`name` holds the
    registered name.
    """

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(f"the factory registered as {name!r} {reason}")


class RegistrationError(PatienceError, TypeError):
    """A game that cannot be registered as given: a name that is not a
    lower-case string, a factory that is not callable or takes positional
    parameters, a summary that is not a string, or a name already taken.

    Raised by :func:`patience.register`. It is a :class:`TypeError` as well as
    a :class:`ValueError` (as every :class:`PatienceError` is), so code that
    caught either before still does.
    """


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


RECORD_ERRORS: dict[str, str] = {
    "malformed": "not a record or session in JSON: not text or an object, a field"
    " missing, unknown or of the wrong type, another format",
    "game": "the game is not registered, or its options are not the game's",
    "deal": "the seed or the cards do not make a deal of the game",
    "move": "a recorded move cannot be read or is not legal where it is made",
    "end": "the game has no such ending at that point",
    "result": "the recorded result disagrees with the replay",
    "redo": "a move of the redo list cannot be read or is not legal",
}
"""The ``InvalidRecordError.code`` values, with their meanings."""


class InvalidRecordError(PatienceError):
    """A game record or saved session that is malformed or does not replay.

    ``reason`` says what is wrong and ``code`` names the kind of
    problem with a stable word from :data:`RECORD_ERRORS` (``"malformed"``,
    ``"game"``, ``"deal"``, ``"move"``, ``"end"``, ``"result"``,
    ``"redo"``), for a front end that loads saved games to react to.
    """

    def __init__(self, reason: str, code: str = "malformed") -> None:
        self.reason = reason
        self.code = code
        super().__init__(reason)


UNDO_ERRORS: dict[str, str] = {
    "nothing-to-undo": "no move has been made (or every move has been taken back)",
    "reveals": "the last move showed a card that was hidden, and the session's undo"
    " policy is 'no-reveal'",
    "nothing-to-redo": "no move taken back is waiting to be made again",
}
"""The ``UndoError.code`` values, with their meanings."""


class UndoError(PatienceError):
    """:meth:`Session.undo <patience.Session.undo>` or
    :meth:`~patience.Session.redo` with nothing to do, or an undo the
    session's policy forbids.

    ``reason`` says why and ``code`` is a stable word from
    :data:`UNDO_ERRORS`: ``"nothing-to-undo"``, ``"reveals"`` or
    ``"nothing-to-redo"``.
    """

    def __init__(self, reason: str, code: str) -> None:
        self.reason = reason
        self.code = code
        super().__init__(reason)
