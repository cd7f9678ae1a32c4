"""Moves and their notation.

A :class:`Move` names one player action. Its text form (``str(move)``) is the
move notation, and :meth:`Move.parse` reads it back:

``t1-f2``
    a move (kind ``"move"``) of one card from pile ``t1`` to pile ``f2``;
``t1-t4 x3``
    the same with three cards;
``draw``
    an action with no pile (deal, draw, redeal, declare ...);
``pull s3``
    an action on one pile;
``swap a1-b2``
    an action naming two piles;
``p1 pull s3``
    any of these made by player 1 (multi-player games only);
``w-t3 =QH``
    a move with a detail, such as what a joker stands for.

Pile names and kinds are lower case; a pile name starts with a letter and may
hold letters, digits, ``_`` and ``.``. Names of the form ``x<digits>`` and
``p<digits>`` are reserved for the notation. Counts and player numbers have at
most six digits. A detail is any text without spaces.

A ``Move`` made directly is held to the same rules, so that every move prints
as notation that reads back as the same move; values that break them raise
:class:`~patience.errors.InvalidMoveError`.
"""

from __future__ import annotations

import re

import attrs

from .errors import InvalidMoveError, brief_repr

__all__ = ["MAX_NUMBER", "Move", "is_listed"]

_NAME = re.compile(r"[a-z][a-z0-9_.]*\Z")
_KIND = re.compile(r"[a-z][a-z_]*\Z")
_PLAYER = re.compile(r"p([0-9]+)\Z")
_COUNT = re.compile(r"x([0-9]+)\Z")
_DIGITS = 6
MAX_NUMBER = 10**_DIGITS - 1
"""The largest card count or player number a move may hold (six digits)."""

# Pile names and kinds already found valid, so that making a move checks each
# text once; bounded so that a stream of made-up names cannot grow it forever.
_checked_names: set[str] = set()
_checked_kinds: set[str] = set()
_CHECKED_LIMIT = 4096


def _number(text: str, token: str, what: str) -> int:
    digits = token[1:]
    if len(digits) > _DIGITS:
        raise InvalidMoveError(
            text, f"{what} {brief_repr(token, 20)} has more than {_DIGITS} digits"
        )
    return int(digits)


def _remember(seen: set[str], value: str) -> None:
    if len(seen) < _CHECKED_LIMIT:
        seen.add(value)


def _check_pile_name(values: tuple[object, ...], field: str, name: object) -> None:
    if name is None:
        return
    if not isinstance(name, str):
        raise InvalidMoveError(values, f"{field} must be a pile name (str) or None")
    if name in _checked_names:
        return
    if not _NAME.match(name) or _COUNT.match(name) or _PLAYER.match(name):
        raise InvalidMoveError(values, f"{field} {name!r} is not a pile name")
    _remember(_checked_names, name)


def _check_number(values: tuple[object, ...], field: str, value: object, low: int) -> None:
    if type(value) is not int or not low <= value <= MAX_NUMBER:
        raise InvalidMoveError(values, f"{field} must be an integer from {low} to {MAX_NUMBER}")


@attrs.frozen(slots=True, order=False, cache_hash=True, repr=False)
class Move:
    """One player action: a kind, the piles it names, a card count, a player.

    Moves are immutable, hashable and ordered, so they can be sorted and used
    as dictionary keys. ``str(move)`` is the move's notation.

    >>> Move.parse("t1-t4 x3")
    Move('move', 't1', 't4', count=3)
    >>> str(Move("pull", "s2"))
    'pull s2'
    """

    kind: str
    """``"move"`` for a card move from ``source`` to ``target``; otherwise the
    name of the action (``"pull"``, ``"draw"``, ``"redeal"`` ...)."""
    source: str | None = None
    """The pile the action takes from or acts on, if any."""
    target: str | None = None
    """The pile the action puts cards on, if any."""
    count: int = 1
    """How many cards move (1 unless a game moves several as a unit)."""
    player: int | None = None
    """Who makes the move in a multi-player game (from 0); ``None`` otherwise."""
    detail: str | None = None
    """A game-specific qualifier, such as what a joker stands for."""

    def __attrs_post_init__(self) -> None:
        kind, source, target = self.kind, self.source, self.target
        count, player, detail = self.count, self.player, self.detail
        values = (kind, source, target, count, player, detail)
        if not isinstance(kind, str) or kind not in _checked_kinds:
            if not isinstance(kind, str) or not _KIND.match(kind):
                raise InvalidMoveError(values, "kind must be an action name such as 'move'")
            _remember(_checked_kinds, kind)
        _check_pile_name(values, "source", source)
        _check_pile_name(values, "target", target)
        if type(count) is not int or count != 1:
            _check_number(values, "count", count, 1)
        if player is not None:
            _check_number(values, "player", player, 0)
        if detail is not None and (not isinstance(detail, str) or detail.split() != [detail]):
            raise InvalidMoveError(values, "detail must be None or text without spaces")
        if source is None and target is not None:
            raise InvalidMoveError(values, "a move with a target names a source too")
        if kind == "move" and target is None:
            raise InvalidMoveError(values, "a card move names a source and a target pile")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its notation (see the module documentation).

        Raises :class:`~patience.errors.InvalidMoveError` when the text does not
        follow the notation. This reads the syntax only: whether the move is
        legal in a position is for :meth:`patience.Game.apply` to decide.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(repr(text), "move text must be a string")
        tokens = text.strip().split()
        if not tokens:
            raise InvalidMoveError(text, "empty move text")
        player: int | None = None
        count = 1
        detail: str | None = None
        if len(tokens) > 1 and _PLAYER.match(tokens[0].lower()):
            player = _number(text, tokens[0], "player")
            tokens = tokens[1:]
        if tokens[-1].startswith("="):
            detail = tokens[-1][1:]
            if not detail:
                raise InvalidMoveError(text, "'=' must be followed by a detail")
            tokens = tokens[:-1]
        if tokens and _COUNT.match(tokens[-1].lower()):
            count = _number(text, tokens[-1], "card count")
            if count < 1:
                raise InvalidMoveError(text, "a card count must be at least 1")
            tokens = tokens[:-1]
        tokens = [t.lower() for t in tokens]
        if len(tokens) == 1 and "-" in tokens[0]:
            kind, route = "move", tokens[0]
        elif len(tokens) == 1:
            kind, route = tokens[0], ""
        elif len(tokens) == 2:
            kind, route = tokens
        else:
            raise InvalidMoveError(
                text, "expected '<pile>-<pile>', '<action>' or '<action> <pile>'"
            )
        if not _KIND.match(kind):
            raise InvalidMoveError(text, f"{kind!r} is not an action name")
        source: str | None = None
        target: str | None = None
        if route:
            parts = route.split("-")
            if len(parts) > 2:
                raise InvalidMoveError(text, f"{route!r} names more than two piles")
            for part in parts:
                if not _NAME.match(part) or _COUNT.match(part) or _PLAYER.match(part):
                    raise InvalidMoveError(text, f"{part!r} is not a pile name")
            source = parts[0]
            target = parts[1] if len(parts) == 2 else None
        if kind == "move" and (source is None or target is None):
            raise InvalidMoveError(text, "a card move names a source and a target pile")
        return cls(kind, source, target, count, player, detail)

    def sort_key(self) -> tuple[str, str, str, int, int, str]:
        """The key moves sort by: kind, source, target, count, player, detail."""
        return (
            self.kind,
            self.source or "",
            self.target or "",
            self.count,
            -1 if self.player is None else self.player,
            self.detail or "",
        )

    def __lt__(self, other: Move) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __le__(self, other: Move) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() <= other.sort_key()

    def __gt__(self, other: Move) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() > other.sort_key()

    def __ge__(self, other: Move) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() >= other.sort_key()

    def __str__(self) -> str:
        if self.kind == "move":
            body = f"{self.source}-{self.target}"
        elif self.source is None:
            body = self.kind
        elif self.target is None:
            body = f"{self.kind} {self.source}"
        else:
            body = f"{self.kind} {self.source}-{self.target}"
        if self.player is not None:
            body = f"p{self.player} {body}"
        if self.count != 1:
            body += f" x{self.count}"
        if self.detail is not None:
            body += f" ={self.detail}"
        return body

    def __repr__(self) -> str:
        args = [repr(self.kind)]
        if self.source is not None or self.target is not None:
            args.append(repr(self.source))
        if self.target is not None:
            args.append(repr(self.target))
        if self.count != 1:
            args.append(f"count={self.count}")
        if self.player is not None:
            args.append(f"player={self.player}")
        if self.detail is not None:
            args.append(f"detail={self.detail!r}")
        return f"Move({', '.join(args)})"


def is_listed(move: Move, moves: tuple[Move, ...]) -> bool:
    """Whether ``move`` is among ``moves`` (for game code checking a move against
    its listing): a move from the listing is found by identity, which is much
    cheaper than comparing it field by field with each move before it; an
    equal move made elsewhere is found by the comparison."""
    for listed in moves:
        if listed is move:
            return True
    return move in moves
