"""Piles: immutable sequences of cards, some of them face down."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator
from itertools import pairwise
from typing import Any

import attrs

from .cards import Card, Colour, Suit, _all_cards
from .errors import InvalidCardError, PatienceError, brief_repr

__all__ = ["Pile"]


@attrs.frozen(slots=True, repr=False)
class Pile:
    """An immutable pile of cards.

    ``cards`` run from the bottom of the pile (index 0) to the top (index -1);
    the first ``down`` of them lie face down. Games never mutate a pile: they
    build new ones. ``cards`` may be given as any iterable of :class:`Card`
    values and is kept as a tuple; anything else raises
    :class:`~patience.errors.InvalidCardError`, and a ``down`` outside
    ``0 <= down <= len(cards)`` raises :class:`~patience.errors.PatienceError`.

    >>> p = Pile.parse("3C 9D KH", down=2)
    >>> p.top, p.face_up, len(p)
    (Card.parse('KH'), (Card.parse('KH'),), 3)
    """

    cards: tuple[Card, ...] = ()
    down: int = 0
    _memo: Any = attrs.field(default=None, init=False, eq=False, repr=False, alias="_memo")
    """Derived data a game caches on the pile (ignored by equality and hashing)."""
    _hash: int = attrs.field(default=0, init=False, eq=False, repr=False, alias="_hash")
    """The hash, worked out when the pile is made (piles are hashed often,
    and shared by states)."""
    _code: bytes | None = attrs.field(default=None, init=False, eq=False, repr=False, alias="_code")
    """The pile as :func:`pile_code` writes it, once asked for."""

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        # Neither cached value travels: a hash is only good in its own process.
        return (_restore, (self.cards, self.down))

    def __attrs_post_init__(self) -> None:
        cards = self.cards
        if type(cards) is not tuple:
            if isinstance(cards, str) or not isinstance(cards, Iterable):
                raise InvalidCardError(
                    cards, "a pile's cards are an iterable of Card values; Pile.parse reads text"
                )
            cards = tuple(cards)
            object.__setattr__(self, "cards", cards)
        try:
            all_cards = _all_cards.issuperset(cards)
        except TypeError:  # an unhashable item
            all_cards = False
        if not all_cards:
            bad = next(c for c in cards if not isinstance(c, Card))
            raise InvalidCardError(bad, "a pile holds Card values")
        down = self.down
        if type(down) is not int or not 0 <= down <= len(cards):
            raise PatienceError(
                f"a pile's face-down count must be an integer from 0 to {len(cards)} "
                f"(the number of cards), not {brief_repr(down)}"
            )
        _set_hash(self, hash((cards, down)))

    @classmethod
    def _trusted(cls, cards: tuple[Card, ...], down: int) -> Pile:
        """A pile from values a game has already checked: no validation (for game code).

        ``cards`` must be a tuple of :class:`Card` and ``0 <= down <= len(cards)``.
        """
        pile = _new(cls)
        _set_cards(pile, cards)
        _set_down(pile, down)
        _set_memo(pile, None)
        _set_hash(pile, hash((cards, down)))
        _set_code(pile, None)
        return pile

    @classmethod
    def parse(cls, text: str, down: int = 0) -> Pile:
        """A pile from space-separated card text, bottom card first.

        Raises :class:`~patience.errors.InvalidCardError` if ``text`` is not a
        string or names something that is not a card.
        """
        if not isinstance(text, str):
            raise InvalidCardError(text, "pile text must be a string of cards")
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
        down = self.down
        if not down:
            return self
        return Pile._trusted((Card.HIDDEN,) * down + self.cards[down:], down)

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


_new = object.__new__
# The slots' own setters: they write a frozen pile's fields without going
# through attrs' refusal, and faster than object.__setattr__.
_set_cards = Pile.__dict__["cards"].__set__
_set_down = Pile.__dict__["down"].__set__
_set_memo = Pile.__dict__["_memo"].__set__
_set_hash = Pile.__dict__["_hash"].__set__
_set_code = Pile.__dict__["_code"].__set__


def pile_code(pile: Pile) -> bytes:
    """The pile as a short byte string (for game code: search keys): one byte
    a card, bottom first, with the high bit set on the face-down cards.

    Equal piles have equal codes and different piles different ones, so
    keys built of codes compare and hash as fast as byte strings do. No byte
    is ``0``, which keys may use to separate piles. Made once per pile.
    """
    code = pile._code
    if code is None:
        code = bytes(map(_byte_of, pile.cards))
        down = pile.down
        if down:
            code = code[:down].translate(_FACE_DOWN) + code[down:]
        _set_code(pile, code)
    return code


def _card_bytes() -> dict[Card, int]:
    """Each card's byte in :func:`pile_code`: 1 to 52 for the standard cards,
    then the jokers and the hidden card."""
    table = {
        Card(rank, suit): 1 + 13 * k + rank - 1
        for k, suit in enumerate(Suit)
        for rank in range(1, 14)
    }
    table[Card.joker(Colour.BLACK)] = 53
    table[Card.joker(Colour.RED)] = 54
    table[Card.HIDDEN] = 55
    return table


_CARD_BYTES = _card_bytes()
_byte_of = _CARD_BYTES.__getitem__
_FACE_DOWN = bytes(b | 0x80 if 0 < b < 0x80 else b for b in range(256))
"""The byte of a face-down card, by the byte of the card."""


def _restore(cards: tuple[Card, ...], down: int) -> Pile:
    """A pile again after unpickling."""
    return Pile(cards, down)


_hash_of = operator.attrgetter("_hash")


def in_order(piles: Iterable[Pile]) -> tuple[Pile, ...]:
    """``piles`` in an order that depends only on what they hold (for game code).

    Keys that treat a group of piles as interchangeable sort the group with
    this. Piles are put in order of their hashes, which are cached and cheap;
    only when two different piles share a hash (rare) does it fall back to
    ordering by the cards themselves, so the result is exact either way.
    """
    ordered = sorted(piles, key=_hash_of)
    if len({p._hash for p in ordered}) < len(ordered):  # equal piles, or (rare) a shared hash
        for a, b in pairwise(ordered):
            if a._hash == b._hash and a is not b and (a.cards, a.down) != (b.cards, b.down):
                ordered.sort(key=_content)
                break
    return tuple(ordered)


def _content(pile: Pile) -> tuple[tuple[int, ...], int]:
    return (tuple(c.sort_key for c in pile.cards), pile.down)
