"""Cards and decks."""

from __future__ import annotations

import pickle

import pytest

from patience import Card, Colour, Deck, InvalidCardError, PatienceError, Suit


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("4H", 4, Suit.HEARTS),
        ("10H", 10, Suit.HEARTS),
        ("TH", 10, Suit.HEARTS),
        ("th", 10, Suit.HEARTS),
        ("4♥", 4, Suit.HEARTS),
        ("4♡", 4, Suit.HEARTS),
        ("AS", 1, Suit.SPADES),
        ("KC", 13, Suit.CLUBS),
        ("qd", 12, Suit.DIAMONDS),
        ("J♣", 11, Suit.CLUBS),
        (" 7♠ ", 7, Suit.SPADES),
    ],
)
def test_parse_forms(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)


def test_canonical_text_round_trips_for_every_card() -> None:
    for card in Deck.standard(jokers=2):
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) is card
        assert pickle.loads(pickle.dumps(card)) is card
    assert str(Card(10, "H")) == "TH"
    assert Card(10, "H").symbol == "10♥"
    assert Card(12, "S").name == "queen of spades"


def test_symbols_read_back_and_show_the_suit() -> None:
    for card in (*Deck.standard(jokers=2), Card.HIDDEN):
        assert Card.parse(card.symbol) is card
    assert [Card.parse(t).symbol for t in ("8H", "TC", "JC", "AS", "KD")] == [
        "8♥",
        "10♣",
        "J♣",
        "A♠",
        "K♦",
    ]
    assert (Card.joker("R").symbol, Card.joker("B").symbol, Card.HIDDEN.symbol) == (
        "RJ",
        "BJ",
        "??",
    )


@pytest.mark.parametrize("text", ["", "1H", "11H", "4X", "H4", "joker", "10", "♥", "4HH", "0S"])
def test_parse_rejects_non_cards(text: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(text)
    assert info.value.text == text
    assert isinstance(info.value, PatienceError)
    assert isinstance(info.value, ValueError)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(4)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rank", "suit"), [(0, "H"), (14, "H"), (True, "H"), (4, "X"), (4, 3)])
def test_constructor_rejects_bad_values(rank: object, suit: object) -> None:
    with pytest.raises(InvalidCardError):
        Card(rank, suit)  # type: ignore[arg-type]


def test_colours_and_jokers() -> None:
    assert Card.parse("4H").colour is Colour.RED and Card.parse("4H").is_red
    assert Card.parse("4S").is_black and not Card.parse("4S").is_red
    red, black = Card.parse("RJ"), Card.joker("B")
    assert red.is_joker and red.is_red and red.suit is None and str(red) == "RJ"
    assert black is Card.joker(Colour.BLACK) and black.name == "black joker"
    assert not Card.parse("4H").is_joker
    with pytest.raises(InvalidCardError):
        Card.joker("green")


def test_hidden_card() -> None:
    assert Card.parse("??") is Card.HIDDEN
    assert Card.HIDDEN.is_hidden and not Card.HIDDEN.is_joker
    assert str(Card.HIDDEN) == "??"


def test_cards_are_immutable_and_ordered() -> None:
    card = Card.parse("4H")
    with pytest.raises(AttributeError):
        card.rank = 5  # type: ignore[misc]
    ordered = sorted(Deck.standard(jokers=2).shuffled(3))
    assert ordered == list(Deck.standard(jokers=2))


def test_standard_decks() -> None:
    one = Deck.standard()
    assert len(one) == 52 and len(set(one)) == 52
    assert str(one[:3]) == "AC 2C 3C" and str(one[-1]) == "KS"
    two = Deck.standard(2)
    assert len(two) == 104 and two[:52] == one and two[52:] == one
    jokers = Deck.standard(jokers=2)
    assert [str(c) for c in jokers[-2:]] == ["BJ", "RJ"]
    stripped = Deck.standard(2, ranks=range(2, 14))
    assert len(stripped) == 96 and all(c.rank != 1 for c in stripped)
    with pytest.raises(ValueError):
        Deck.standard(0)
    with pytest.raises(ValueError):
        Deck.standard(jokers=-1)


def test_deck_parse_repr_and_shuffle() -> None:
    deck = Deck.standard()
    shuffled = deck.shuffled(2026)
    assert shuffled != deck and sorted(shuffled) == sorted(deck)
    assert shuffled == deck.shuffled(2026)
    assert eval(repr(shuffled)) == shuffled
    assert Deck.parse(["AS", "2H"]) == Deck.parse("AS 2H")
    with pytest.raises(InvalidCardError):
        Deck([Card.parse("AS"), "2H"])  # type: ignore[list-item]
