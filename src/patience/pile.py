"""Piles: immutable sequences of cards, some of them face down."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from .cards import Card

__all__ = ["Pile"]


@attrs.frozen(slots=True, repr=False)
class Pile:
    """An immutable pile of cards.

    ``cards`` run from the bottom of the pile (index 0) to the top (index -1);
    the first ``down`` of them lie face down. Games never mutate a pile: they
    build new ones.

    >>> p = Pile.parse("3C 9D KH", down=2)
    >>> p.top, p.face_up, len(p)
    (Card.parse('KH'), (Card.parse('KH'),), 3)
    """

    cards: tuple[Card, ...] = ()
    down: int = 0
    _memo: Any = attrs.field(default=None, init=False, eq=False, repr=False, alias="_memo")
    """Derived data a game caches on the pile (ignored by equality and hashing)."""

    @classmethod
    def parse(cls, text: str, down: int = 0) -> Pile:
        """A pile from space-separated card text, bottom card first."""
        return cls(tuple(Card.parse(t) for t in text.split()), down)

    @property
    def top(self) -> Card | None:
        """The top card, or ``None`` for an empty pile."""
        return self.cards[-1] if self.cards else None

    @property
    def face_up(self) -> tuple[Card, ...]:
        """The face-up cards, bottom to top."""
        return self.cards[self.down :]

    @property
    def face_down(self) -> tuple[Card, ...]:
        """The face-down cards, bottom to top."""
        return self.cards[: self.down]

    @property
    def is_empty(self) -> bool:
        """Whether the pile holds no cards."""
        return not self.cards

    def masked(self) -> Pile:
        """This pile with each face-down card replaced by :attr:`Card.HIDDEN`."""
        if not self.down:
            return self
        return Pile((Card.HIDDEN,) * self.down + self.cards[self.down :], self.down)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __str__(self) -> str:
        """The cards bottom to top, face-down cards shown as ``##``."""
        return " ".join(["##"] * self.down + [str(c) for c in self.cards[self.down :]])

    def __repr__(self) -> str:
        text = " ".join(str(c) for c in self.cards)
        if self.down:
            return f"Pile.parse({text!r}, down={self.down})"
        return f"Pile.parse({text!r})"
