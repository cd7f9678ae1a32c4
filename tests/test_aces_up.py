"""Rule tests for Aces Up."""

from __future__ import annotations

import itertools
import random

import pytest
from arrange import winnable

import patience
from patience import Card, IllegalMoveError, InvalidMoveError, InvalidStateError, Move, Pile, State
from patience.games.aces_up import COLUMNS, DEAL, AcesUp, beats, high_rank, never_a_space


def aces_up() -> AcesUp:
    game = patience.game("aces-up")
    assert isinstance(game, AcesUp)
    return game


GAME = aces_up()


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def position(columns: list[str], stock: str = "", discard: str | None = None) -> State:
    """A position with the given columns (bottom first) and stock (top last);
    every other card is on the discard pile unless ``discard`` says otherwise."""
    used = [c for text in (*columns, stock) for c in cards(text)]
    rest = tuple(c for c in GAME.deck if c not in used) if discard is None else cards(discard)
    piles = {"stock": Pile(cards(stock), len(cards(stock))), "discard": Pile(rest)}
    piles.update({name: Pile(cards(text)) for name, text in zip(COLUMNS, columns)})
    return GAME.make_state(piles)


def stacked(first: list[str]) -> State:
    return GAME.deal_from(first + [str(c) for c in GAME.deck if str(c) not in first])


def test_names_and_aliases() -> None:
    assert patience.describe("aces-high").name == "aces-up"
    assert patience.describe("idiots-delight").name == "aces-up"
    assert patience.describe("aces-up").options == {}
    assert patience.game("aces-high") == GAME


def test_aces_are_high() -> None:
    assert high_rank(Card.parse("AS")) == 14 and high_rank(Card.parse("2S")) == 2
    assert beats(Card.parse("AS"), Card.parse("KS"))
    assert beats(Card.parse("3S"), Card.parse("2S"))
    assert not beats(Card.parse("2S"), Card.parse("AS"))
    assert not beats(Card.parse("KH"), Card.parse("2S"))
    assert not beats(Card.parse("5S"), Card.parse("5S"))
    ranks = [Card.parse(f"{r}D") for r in "23456789TJQKA"]
    for low, high in itertools.combinations(ranks, 2):
        assert beats(high, low) and not beats(low, high)


def test_the_deal_gives_each_column_one_card_and_leaves_48() -> None:
    order = GAME.shuffled_cards(2026)
    state = GAME.deal(2026)
    assert [state.piles[c].cards for c in COLUMNS] == [(card,) for card in order[:4]]
    assert state.piles["stock"].top == order[4]
    assert len(state.piles["stock"]) == 48 and state.piles["stock"].down == 48
    assert not state.piles["discard"]
    assert GAME.score(state) == 0 and GAME.better is patience.Better.HIGHER


def test_a_deal_puts_one_card_on_every_column_even_an_empty_one() -> None:
    state = stacked(["KS", "2S", "3H", "4C", "AS", "5S", "6D", "7D"])
    state = GAME.apply(state, "t2")
    assert not state.piles["t2"]
    after = GAME.apply(state, DEAL)
    assert [after.piles[c].cards[-1] for c in COLUMNS] == list(cards("AS 5S 6D 7D"))
    assert len(after.piles["t2"]) == 1
    assert len(after.piles["stock"]) == 44


def test_a_top_card_goes_only_when_a_higher_one_of_its_suit_shows_elsewhere() -> None:
    state = position(["9H", "KH", "5S", "AC"], stock="")
    assert GAME.legal_moves(state) == (Move("move", "t1", "discard"),)
    # The higher card must be on top: buried, it does not count.
    state = position(["9H", "KH 2C", "5S", "AC"])
    assert Move("move", "t1", "discard") not in GAME.legal_moves(state)
    # Nor does a higher card beneath in the same column.
    state = position(["KH 9H", "2D", "5S", "AC"])
    assert Move("move", "t1", "discard") not in GAME.legal_moves(state)
    # An ace never goes, whatever shows.
    state = position(["AH", "KH", "AS", "AC"])
    assert all(m.source != "t1" for m in GAME.legal_moves(state))
    assert Move("move", "t2", "discard") in GAME.legal_moves(state)


def test_only_a_top_card_of_a_taller_column_moves_into_a_space() -> None:
    state = position(["KS AS", "", "7D", "3H 2C"], stock="")
    moves = GAME.legal_moves(state)
    assert Move("move", "t1", "t2") in moves and Move("move", "t4", "t2") in moves
    assert Move("move", "t3", "t2") not in moves  # alone: moving it changes nothing
    after = GAME.apply(state, "t1-t2")
    assert after.piles["t2"].cards == cards("AS") and after.piles["t1"].cards == cards("KS")
    assert Move("move", "t1", "discard") in GAME.legal_moves(after)
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, "t3-t2")
    assert refused.value.code == "lone-card"
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, "t4-t1")
    assert refused.value.code == "space-only"


def test_won_with_the_aces_alone_and_spreading_them_finishes_it() -> None:
    state = position(["AS AH", "AD", "AC", ""], stock="")
    assert GAME.score(state) == 48 and not GAME.is_won(state) and not GAME.is_over(state)
    assert GAME.legal_moves(state) == (Move("move", "t1", "t4"),)
    won = GAME.apply(state, "t1-t4")
    assert GAME.is_won(won) and GAME.is_over(won) and GAME.legal_moves(won) == ()
    assert GAME.result(won).summary() == "won, score 48 (higher is better)"
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(won, "t1-t2")
    assert refused.value.code == "game-over"
    assert refused.value.reason == "the game is over: only the four aces are left"


def test_lost_when_nothing_goes_and_the_stock_is_used_up() -> None:
    state = position(["AS 2S 3H", "AH 4D 5C", "AD 7H 6S", "AC 9C 8D"])
    assert GAME.score(state) == 40
    assert GAME.legal_moves(state) == () and GAME.is_over(state) and not GAME.is_won(state)
    assert GAME.result(state).ending == "no moves"


def test_every_refusal_code_on_a_position_made_for_it() -> None:
    state = stacked(["KS", "2S", "3H", "4C", "AS", "5S", "6D", "7D"])
    state = GAME.apply(state, "deal")
    expected = {
        "t4": ("no-higher", "no diamond higher than 7♦ lies on top of another column"),
        "t3-t1": ("space-only", "t1 is not empty: a card moves only into an empty column"),
        "discard-t1": ("discard-stays", "a discarded card stays out of play"),
    }
    emptied = GAME.apply(GAME.apply(state, "t2"), "t2")
    for text, (code, reason) in expected.items():
        with pytest.raises(IllegalMoveError) as refused:
            GAME.apply(state, text)
        assert (refused.value.code, refused.value.reason) == (code, reason)
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(emptied, "t2")
    assert (refused.value.code, refused.value.reason) == ("empty-pile", "t2 is empty")
    ace = position(["AH", "KH 2C", "5S", "AC"], stock="3D 4D 5D 6D")
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(ace, "t1")
    assert refused.value.reason == "A♥ is an ace: no card of its suit is higher"
    dealt = GAME.deal(3)
    for _ in range(12):
        dealt = GAME.apply(dealt, "deal")
    if GAME.legal_moves(dealt):
        with pytest.raises(IllegalMoveError) as refused:
            GAME.apply(dealt, "deal")
        assert refused.value.code == "stock-empty"
    for bad in [Move("move", "stock", "t1"), Move("move", "t1", "t1"), Move("move", "t1", "stock")]:
        with pytest.raises(IllegalMoveError) as refused:
            GAME.apply(state, bad)
        assert refused.value.code == "not-a-move"


def test_short_notation() -> None:
    state = GAME.deal(2026)
    assert GAME.parse_move(state, "t1") == Move("move", "t1", "discard")
    assert GAME.parse_move(state, "deal") == DEAL
    for bad in ["t1-discard x2", "t1-t2=x", "draw"]:
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, bad)


def test_the_key_ignores_the_order_of_the_columns_and_of_the_discards() -> None:
    state = position(["KS AS", "", "7D", "3H 2C"], stock="")
    swapped = position(["7D", "3H 2C", "", "KS AS"], stock="")
    assert GAME.canonical_key(state) == GAME.canonical_key(swapped)
    assert GAME.canonical_key(state) != GAME.canonical_key(position(["KS AS", "", "7D", "3H"]))


def test_safe_moves_are_discards_that_lose_nothing() -> None:
    # The 5♠ has no lower spade left in play: discarding it is safe.
    state = position(["5S", "KS", "3H 4H", "AC"], stock="2H 7C 8C 9C")
    assert GAME.safe_moves(state) == (Move("move", "t1", "discard"),)
    # The 9♥ could still let the 3♥ go later: not safe while cards remain to deal.
    state = position(["9H", "KH", "3H 4C", "AC"], stock="2C 7C 8C 9C")
    assert GAME.safe_moves(state) == ()
    # With the stock used up every discard is safe.
    state = position(["9H", "KH", "3H 4C", "AC"], stock="")
    assert GAME.safe_moves(state) == (Move("move", "t1", "discard"),)


def test_safe_moves_never_lose_a_win_on_small_endings() -> None:
    # Late positions of random games, solved with and without the safe move.
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        state = GAME.deal(seed)
        while len(state.piles["stock"]) > 4 and GAME.legal_moves(state):
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
        safe = GAME.safe_moves(state)
        if not safe:
            continue
        whole = patience.solve(GAME, state, max_nodes=20_000)
        after = patience.solve(GAME, GAME.apply(state, safe[0]), max_nodes=20_000)
        if whole.settled and after.settled:
            assert whole.won == after.won
            checked += 1
    assert checked > 0


def test_loading_checks_the_stock_and_the_discards() -> None:
    data = GAME.apply(GAME.deal(2026), "t1").to_json()
    stock = data["piles"]["stock"]
    card = stock["cards"][-1]
    uneven = {**data, "piles": dict(data["piles"])}
    uneven["piles"]["stock"] = {"cards": stock["cards"][:-1], "down": len(stock["cards"]) - 1}
    uneven["piles"]["discard"] = {"cards": [*data["piles"]["discard"]["cards"], card], "down": 0}
    with pytest.raises(InvalidStateError, match="multiple of four"):
        GAME.from_json(uneven)
    columns = ["2S 3S 4S", "5S", "6S", "7S"]
    others = [str(c) for c in GAME.deck if str(c) not in " ".join(columns).split()]
    tall = position(columns, stock=" ".join(others[:44]))
    with pytest.raises(InvalidStateError, match="no column"):
        GAME.from_json(tall.to_json())
    ace = position(
        ["2S", "3S", "4S", "5S"],
        discard=" ".join(str(c) for c in GAME.deck if str(c) not in ("2S", "3S", "4S", "5S")),
    )
    with pytest.raises(InvalidStateError, match="an ace is never discarded"):
        GAME.from_json(ace.to_json())


def test_the_key_keeps_each_column_with_the_cards_the_stock_will_give_it() -> None:
    # Swapping two columns alone puts the stock's cards on other cards: the
    # first of these is lost (KH lands on AH), the second won.
    lost = position(["AH", "AS", "AD", "AC"], stock="KD QD QH KH")
    won = position(["AS", "AH", "AD", "AC"], stock="KD QD QH KH")
    assert GAME.canonical_key(lost) != GAME.canonical_key(won)
    assert patience.solve(GAME, lost).status == "lost"
    assert patience.solve(GAME, won).status == "won"
    # Swapping them together with the cards to come changes nothing.
    same = position(["AS", "AH", "AD", "AC"], stock="KD QD KH QH")
    assert GAME.canonical_key(lost) == GAME.canonical_key(same)


def small_aces_up(rng: random.Random) -> State:
    """A position with the four aces and a few other cards left: in the
    columns, and four or eight in the stock."""
    others = [c for c in GAME.deck if c.rank != 1]
    rng.shuffle(others)
    dealt = rng.choice((0, 4, 8))
    stock = others[:dealt]
    rest = others[dealt : dealt + rng.randint(2, 7)]
    columns: list[list[Card]] = [[] for _ in COLUMNS]
    for card in [*rest, *(c for c in GAME.deck if c.rank == 1)]:
        columns[rng.randrange(4)].append(card)
    for column in columns:
        rng.shuffle(column)
    return position([" ".join(map(str, c)) for c in columns], " ".join(map(str, stock)))


def test_never_a_space_gives_up_only_on_lost_positions() -> None:
    rng = random.Random("never a space")
    refused = won = 0
    for _ in range(200):
        state = small_aces_up(rng)
        can = winnable(GAME, state, 200_000)
        assert can is not None
        won += can
        found = patience.solve(GAME, state)
        assert found.status == ("won" if can else "lost")
        if never_a_space(state._items):
            refused += 1
            assert not can
            assert not GAME.may_win(state)
    assert refused > 10 and won > 10  # both kinds of position were met
