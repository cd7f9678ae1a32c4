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
``p<digits>`` are reserved for the notation.
"""

from __future__ import annotations

import re

import attrs

from .errors import InvalidMoveError

__all__ = ["Move"]

_NAME = re.compile(r"[a-z][a-z0-9_.]*\Z")
_KIND = re.compile(r"[a-z][a-z_]*\Z")
_PLAYER = re.compile(r"p(\d+)\Z")
_COUNT = re.compile(r"x(\d+)\Z")


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
        if len(tokens) > 1 and (m := _PLAYER.match(tokens[0].lower())):
            player = int(m.group(1))
            tokens = tokens[1:]
        if tokens[-1].startswith("="):
            detail = tokens[-1][1:]
            if not detail:
                raise InvalidMoveError(text, "'=' must be followed by a detail")
            tokens = tokens[:-1]
        if tokens and (m := _COUNT.match(tokens[-1].lower())):
            count = int(m.group(1))
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
