"""Cards and decks.

A :class:`Card` is an immutable value with a rank and a suit, or a joker of one
colour. Cards are interned: ``Card(4, "H") is Card(4, "H")``, which makes them
cheap to hash and compare. A :class:`Deck` is an immutable sequence of cards
with builders for one or more packs, jokers and stripped ranks, and a seeded
shuffle (see :mod:`patience.shuffle`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, overload

from .errors import InvalidCardError, PatienceError
from .shuffle import shuffled

__all__ = ["ACE", "JACK", "KING", "QUEEN", "RANKS", "Card", "Colour", "Deck", "Suit"]

ACE = 1
JACK = 11
QUEEN = 12
KING = 13
RANKS: tuple[int, ...] = tuple(range(1, 14))
"""The thirteen ranks, ace (1) to king (13)."""


class Colour(enum.Enum):
    """The colour of a suit or a joker."""

    BLACK = "B"
    RED = "R"

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


class Suit(enum.Enum):
    """The four suits, in the order packs are built: clubs, diamonds, hearts, spades."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def colour(self) -> Colour:
        """The suit's colour."""
        return Colour.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK

    @property
    def symbol(self) -> str:
        """The suit's symbol, such as ``"♥"``."""
        return _SYMBOLS[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_TEXT: dict[str, Suit] = {s.value: s for s in Suit}
_SUIT_TEXT.update({sym: s for s, sym in _SYMBOLS.items()})
_SUIT_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
_RANK_TEXT = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANK_TEXT.update({str(r): r for r in range(2, 10)})
_RANK_CHAR = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
_RANK_CHAR.update({r: str(r) for r in range(2, 10)})
_RANK_NAME = {1: "ace", 11: "jack", 12: "queen", 13: "king"}

# Every card ever made (at most 52, two jokers and the hidden card): since cards
# are interned, ``_all_cards.issuperset(items)`` checks that items are cards.
_all_cards: set[Card] = set()


class Card:
    """One playing card: a rank and a suit, or a joker of one colour.

    ``Card(rank, suit)`` takes a rank from 1 (ace) to 13 (king) and a
    :class:`Suit` or its letter; ``Card.joker(colour)`` makes a joker and
    :attr:`Card.HIDDEN` stands for a card that the viewer may not see.
    Cards are interned, immutable and hashable; ``str`` gives the canonical
    two-character form (``"4H"``, ``"TH"``, ``"RJ"``, ``"??"``) that
    :meth:`parse` reads back.

    >>> Card.parse("10H") is Card(10, "H")
    True
    >>> str(Card.parse("4♥")), Card.parse("qs").symbol
    ('4H', 'Q♠')
    """

    __slots__ = ("_colour", "_key", "_text", "rank", "suit")

    rank: int
    """1 (ace) to 13 (king); 0 for a joker or a hidden card."""
    suit: Suit | None
    """The suit, or ``None`` for a joker or a hidden card."""
    _colour: Colour | None
    _text: str
    _key: int

    HIDDEN: ClassVar[Card]
    """A placeholder for a card that a view does not show (``"??"``)."""

    _interned: ClassVar[dict[tuple[int, Any], Card]] = {}

    def __new__(cls, rank: int, suit: Suit | str) -> Card:
        if isinstance(suit, str) and not isinstance(suit, Suit):
            found = _SUIT_TEXT.get(suit.upper())
            if found is None:
                raise InvalidCardError((rank, suit), f"unknown suit {suit!r}")
            suit = found
        if not isinstance(suit, Suit):
            raise InvalidCardError((rank, suit), "the suit must be a Suit or its letter")
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise InvalidCardError((rank, suit), "the rank must be an integer from 1 to 13")
        card = cls._interned.get((rank, suit))
        if card is None:
            card = cls._make(rank, suit, suit.colour, _RANK_CHAR[rank] + suit.value)
            cls._interned[(rank, suit)] = card
        return card

    @classmethod
    def _make(cls, rank: int, suit: Suit | None, colour: Colour | None, text: str) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_colour", colour)
        object.__setattr__(card, "_text", text)
        suit_index = list(Suit).index(suit) if suit is not None else 4
        colour_index = 0 if colour is Colour.BLACK else 1 if colour is Colour.RED else 2
        object.__setattr__(card, "_key", (suit_index * 16 + rank) * 4 + colour_index)
        _all_cards.add(card)
        return card

    @classmethod
    def joker(cls, colour: Colour | str) -> Card:
        """The joker of ``colour`` (:class:`Colour` or ``"R"``/``"B"``)."""
        if isinstance(colour, str) and not isinstance(colour, Colour):
            try:
                colour = Colour(colour.upper()[:1])
            except ValueError:
                raise InvalidCardError(colour, "a joker's colour is 'R' or 'B'") from None
        if not isinstance(colour, Colour):
            raise InvalidCardError(colour, "a joker's colour is a Colour")
        card = cls._interned.get((0, colour))
        if card is None:
            card = cls._make(0, None, colour, colour.value + "J")
            cls._interned[(0, colour)] = card
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text.

        Accepts a rank (``A 2``-``9 10 T J Q K``) followed by a suit letter
        (``C D H S``) or symbol (``♣ ♦ ♥ ♠``), in either case, ``RJ``/``BJ``
        for jokers and ``??`` for a hidden card. Raises
        :class:`~patience.errors.InvalidCardError` for anything else.
        """
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is not None:  # the usual case: a card as the library writes it
            return card
        if not isinstance(text, str):
            raise InvalidCardError(text, "expected a string")
        t = text.strip().upper()
        if t == "??":
            return cls.HIDDEN
        if t in ("RJ", "BJ"):
            return cls.joker(t[0])
        if len(t) < 2:
            raise InvalidCardError(text, "too short")
        suit = _SUIT_TEXT.get(t[-1])
        rank = _RANK_TEXT.get(t[:-1])
        if suit is None:
            raise InvalidCardError(text, f"unknown suit {t[-1]!r}")
        if rank is None:
            raise InvalidCardError(text, f"unknown rank {t[:-1]!r}")
        return cls(rank, suit)

    @property
    def colour(self) -> Colour | None:
        """The card's colour (a joker has one too); ``None`` for a hidden card."""
        return self._colour

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker."""
        return self.rank == 0 and self._colour is not None

    @property
    def is_hidden(self) -> bool:
        """Whether this is the :attr:`HIDDEN` placeholder."""
        return self is Card.HIDDEN

    @property
    def is_red(self) -> bool:
        """Whether the card is red."""
        return self._colour is Colour.RED

    @property
    def is_black(self) -> bool:
        """Whether the card is black."""
        return self._colour is Colour.BLACK

    @property
    def symbol(self) -> str:
        """A display form with the suit symbol and ten as ``10``: ``"8♥"``,
        ``"10♣"``, ``"J♣"``. Jokers and the hidden card have no suit and keep
        their text (``"RJ"``, ``"BJ"``, ``"??"``). Like the canonical text, it
        reads back with :meth:`parse`; :meth:`patience.Game.render` prints
        cards this way when asked for ``symbols``."""
        if self.suit is None:
            return self._text
        rank = "10" if self.rank == 10 else _RANK_CHAR[self.rank]
        return rank + self.suit.symbol

    @property
    def name(self) -> str:
        """The card in words, such as ``"queen of spades"``."""
        if self.is_hidden:
            return "hidden card"
        if self.suit is None:
            return f"{'red' if self.is_red else 'black'} joker"
        rank = _RANK_NAME.get(self.rank, str(self.rank))
        return f"{rank} of {self.suit.name.lower()}"

    @property
    def sort_key(self) -> int:
        """An integer that orders cards by suit (clubs first), then rank; jokers last."""
        return self._key

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.parse, (self._text,))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key < other._key

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key <= other._key

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key > other._key

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key >= other._key


Card.HIDDEN = Card._make(0, None, None, "??")

# Every card by the text the library writes for it: a table fixed at import
# that lets Card.parse skip the general reading for saved states and records.
_BY_TEXT: dict[str, Card] = {
    c._text: c
    for c in (
        *(Card(r, s) for s in Suit for r in range(1, 14)),
        Card.joker(Colour.BLACK),
        Card.joker(Colour.RED),
        Card.HIDDEN,
    )
}


class Deck(Sequence[Card]):
    """An immutable, ordered sequence of cards.

    Build one with :meth:`standard` and shuffle it with :meth:`shuffled`.
    Index 0 is the top of the deck: dealing takes cards from index 0 onwards.
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        if isinstance(cards, str):
            raise InvalidCardError(cards, "a deck is made of Card values; use Deck.parse for text")
        try:
            items = tuple(cards)
        except TypeError:
            raise InvalidCardError(cards, "a deck is made of an iterable of Card values") from None
        for card in items:
            if not isinstance(card, Card):
                raise InvalidCardError(card, "a deck holds Card values")
        self._cards = items

    @classmethod
    def standard(cls, packs: int = 1, jokers: int = 0, ranks: Iterable[int] = RANKS) -> Deck:
        """Return ``packs`` packs in the fixed unshuffled order, then ``jokers`` jokers.

        Each pack runs clubs, diamonds, hearts, spades, each suit in the order
        of ``ranks`` (ace to king unless ranks are stripped). Jokers follow,
        alternating black and red, black first.

        >>> len(Deck.standard(2)), str(Deck.standard()[0]), str(Deck.standard(jokers=2)[-1])
        (104, 'AC', 'RJ')
        """
        rank_list = tuple(ranks)
        if packs < 1:
            raise PatienceError(f"a deck needs at least one pack, not {packs}")
        if jokers < 0:
            raise PatienceError(f"the number of jokers cannot be negative: {jokers}")
        cards = [Card(rank, suit) for _ in range(packs) for suit in Suit for rank in rank_list]
        cards += [Card.joker(Colour.BLACK if i % 2 == 0 else Colour.RED) for i in range(jokers)]
        return cls(cards)

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> Deck:
        """Read a deck from space-separated card text or an iterable of card strings."""
        items = text.split() if isinstance(text, str) else text
        try:
            iterator = iter(items)
        except TypeError:
            raise InvalidCardError(
                text, "expected card text or an iterable of card strings"
            ) from None
        return cls(Card.parse(t) for t in iterator)

    def shuffled(self, seed: int) -> Deck:
        """This deck shuffled by the portable seeded shuffle (:func:`patience.shuffle.shuffled`)."""
        return Deck(shuffled(self._cards, seed))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards as a tuple."""
        return self._cards

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> Deck: ...
    def __getitem__(self, index: int | slice) -> Card | Deck:
        if isinstance(index, slice):
            return Deck(self._cards[index])
        return self._cards[index]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deck):
            return self._cards == other._cards
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._cards)

    def __str__(self) -> str:
        return " ".join(map(str, self._cards))

    def __repr__(self) -> str:
        return f"Deck.parse({str(self)!r})"
