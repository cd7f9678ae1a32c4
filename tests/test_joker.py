"""Rule tests for Joker Solitaire: one test or more for each rule about the jokers."""

from __future__ import annotations

import random

import pytest
from arrange import arrange, moves, play, registered

from patience import Card, IllegalMoveError, InvalidStateError, Pile, Record, Session, State, Suit
from patience.events import CardsMoved, JokerExchanged, JokerNamed
from patience.games.joker import TIERS, Designation, JokerSolitaire

GAME = registered("joker-solitaire", JokerSolitaire)

# All black tops, no aces, kings or threes of clubs: nothing plays among them.
QUIET = {
    "t1": ["9S"],
    "t2": ["5C"],
    "t3": ["JS"],
    "t4": ["3S"],
    "t5": ["8S"],
    "t6": ["6S"],
    "t7": ["TC"],
}


def deal(**tops: list[str]) -> State:
    return GAME.deal_from(arrange(GAME, {**QUIET, **tops}))


def named(state: State) -> dict[str, str]:
    """What each joker stands for, as the info shows it."""
    return {"BJ": str(state.info["BJ"]), "RJ": str(state.info["RJ"])}


def test_the_pack_and_the_stock() -> None:
    assert len(GAME.deck) == 54
    assert {c for c in GAME.deck if c.is_joker} == {Card.joker("B"), Card.joker("R")}
    state = GAME.deal(11)
    assert len(state.piles["stock"]) == 26 and named(state) == {"BJ": "", "RJ": ""}
    # Las Vegas style: one card at a time, one pass, no redeal.
    for _ in range(26):
        state = GAME.apply(state, "draw")
    assert len(state.piles["waste"]) == 26
    assert "redeal stock" not in moves(GAME, state) and "draw stock" not in moves(GAME, state)


def test_a_joker_on_the_waste_is_named_by_where_it_goes_and_its_suit_may_stay_open() -> None:
    state = play(GAME, deal(stock=["RJ"]), "draw")
    assert {
        "waste-t1 =8",
        "waste-t2 =4",
        "waste-t3 =T",
        "waste-t4 =2",
        "waste-t5 =7",
        "waste-t6 =5",
        "waste-t7 =9",
    } <= moves(GAME, state)
    state = GAME.apply(state, "waste-t1 =8")
    assert named(state)["RJ"] == "8"
    assert GAME.designation(state, "RJ") == Designation(8, (Suit.DIAMONDS, Suit.HEARTS))
    assert state.piles["t1"].cards[-1] == Card.joker("R")
    assert "RJ = 8" in GAME.render(state)
    assert GAME.view(state).info["RJ"] == "8"  # everyone sees what a joker stands for


def test_a_joker_cannot_be_a_card_both_of_whose_real_cards_are_in_view() -> None:
    # Both red eights face up: the red joker cannot be a red eight on the black nine.
    state = play(GAME, deal(t2=["8D"], t4=["8H"], stock=["RJ"]), "draw")
    assert not any(m.startswith("waste-t1") for m in moves(GAME, state))
    # With one of them in view the joker may be the other, its suit fixed at once.
    state = play(GAME, deal(t2=["8D"], stock=["RJ"]), "draw")
    assert "waste-t1 =8H" in moves(GAME, state)
    assert "waste-t1 =8" not in moves(GAME, state)


def test_the_top_of_the_waste_counts_as_in_view() -> None:
    # The red joker in the tableau; the eight of hearts on the waste, the eight of
    # diamonds face up: no red eight is free for the joker.
    state = play(GAME, deal(t3=["RJ"], t2=["8D"], stock=["8H"]), "draw")
    assert not any(m.startswith("t3-t1") for m in moves(GAME, state))


def test_a_joker_that_cannot_go_anywhere_waits_and_play_goes_on() -> None:
    # Only black tops: the black joker on the waste has no place; draw or put it out.
    state = play(GAME, deal(stock=["BJ", "4D"]), "draw")
    assert moves(GAME, state) == {"draw stock", "waste-out"}
    state = GAME.apply(state, "draw")
    assert state.piles["waste"].cards == (Card.joker("B"), Card.parse("4D"))


def test_a_joker_named_as_a_king_fills_a_space() -> None:
    state = play(GAME, deal(t1=["AC"], stock=["RJ"]), "t1-f1", "draw")
    assert "waste-t1 =K" in moves(GAME, state)
    state = GAME.apply(state, "waste-t1 =K")
    assert named(state)["RJ"] == "K"


def test_a_joker_from_the_stock_or_waste_reaches_the_foundations_only_through_the_tableau() -> None:
    # The red joker on the waste may not start a foundation as a red ace, but it may
    # go onto the black two as a red ace, and from there to a foundation.
    state = play(GAME, deal(t4=["2C"], stock=["RJ"]), "draw")
    assert not any(m.startswith("waste-f") for m in moves(GAME, state))
    state = GAME.apply(state, "waste-t4 =A")
    assert named(state)["RJ"] == "A"
    assert {"t4-f1 =A", "t4-f2 =A", "t4-f3 =A", "t4-f4 =A"} <= moves(GAME, state)
    state = GAME.apply(state, "t4-f1 =A")
    assert state.piles["f1"].cards == (Card.joker("R"),)
    assert GAME.score(state) == 0  # jokers do not count


def test_a_joker_ace_takes_the_suit_of_the_first_two_played_on_it() -> None:
    state = deal(t1=["BJ"], t2=["2S"], t3=["2C"], t4=["2H"])
    state = GAME.apply(state, "t1-f1 =A")
    assert named(state)["BJ"] == "A"
    assert {"t2-f1", "t3-f1"} <= moves(GAME, state)  # either black two
    assert "t4-f1" not in moves(GAME, state)  # not a red one
    state = GAME.apply(state, "t2-f1")
    assert named(state)["BJ"] == "AS"
    assert GAME.score(state) == 1
    # Only spades follow now; the other black two waits for the ace of clubs.
    assert "t3-f1" not in moves(GAME, state)


def test_twos_are_not_safe_moves_because_a_joker_ace_may_want_them() -> None:
    state = play(GAME, deal(t1=["AC"], t2=["2C"]), "t1-f1")
    assert "t2-f1" in moves(GAME, state)
    assert GAME.safe_moves(state) == ()
    assert [str(m) for m in GAME.safe_moves(deal(t1=["AC"]))] == ["t1-f1"]


def test_a_named_joker_keeps_its_name_until_it_is_exchanged() -> None:
    state = play(GAME, deal(t7=["TH"], t2=["9C"], stock=["RJ"]), "draw", "waste-t1 =8")
    # The nine of spades with the joker on it moves as a unit onto the red ten.
    assert "t1-t7 x2" in moves(GAME, state)
    state = GAME.apply(state, "t1-t7 x2")
    assert named(state)["RJ"] == "8"
    # No move names the joker again.
    assert not any("=" in m for m in moves(GAME, state))


def test_exchange_when_the_real_card_is_turned_from_the_stock() -> None:
    # The red joker is the seven of diamonds (the seven of hearts is in view) on the
    # black eight, with the black six on it. Turning the seven of diamonds from the
    # stock puts it in the joker's place and the joker on the waste.
    state = deal(t1=["7H"], stock=["RJ", "7D"])
    state = play(GAME, state, "draw", "waste-t5 =7D", "t6-t5")
    assert state.piles["t5"].cards[-3:] == tuple(map(Card.parse, ("8S", "RJ", "6S")))
    state = GAME.apply(state, "draw")
    assert state.piles["t5"].cards[-3:] == tuple(map(Card.parse, ("8S", "7D", "6S")))
    assert state.piles["waste"].cards == (Card.joker("R"),)
    assert named(state)["RJ"] == ""
    # Freed, the joker can be played again as another red card.
    assert any(m.startswith("waste-t7 =9") for m in moves(GAME, state))


def test_the_player_may_fix_a_jokers_suit_or_leave_it_open() -> None:
    state = play(GAME, deal(stock=["RJ", "7D"]), "draw")
    assert {"waste-t5 =7", "waste-t5 =7D", "waste-t5 =7H"} <= moves(GAME, state)
    assert "waste-t5 =7C" not in moves(GAME, state)  # a red joker is a red card
    fixed = GAME.apply(state, "waste-t5 =7D")
    assert GAME.designation(fixed, "RJ") == Designation(7, (Suit.DIAMONDS,))
    # Fixed, it is exchanged when its real card turns up: the seven of diamonds
    # takes its place and the joker comes free on the waste.
    fixed = GAME.apply(fixed, "draw")
    assert fixed.piles["t5"].top == Card.parse("7D")
    assert fixed.piles["waste"].cards == (Card.joker("R"),)
    assert named(fixed)["RJ"] == ""
    # Left open, the same card only narrows it (see the next test).
    opened = play(GAME, state, "waste-t5 =7", "draw")
    assert named(opened)["RJ"] == "7H" and opened.piles["t5"].top == Card.joker("R")


def test_an_open_suit_narrows_instead_of_exchanging() -> None:
    state = play(GAME, deal(stock=["RJ", "7D"]), "draw", "waste-t5 =7")
    state = GAME.apply(state, "draw")
    assert named(state)["RJ"] == "7H"
    assert state.piles["t5"].top == Card.joker("R")
    assert state.piles["waste"].top == Card.parse("7D")


def test_exchange_on_a_foundation_frees_the_joker_where_the_real_card_was() -> None:
    # The black joker is the three of clubs on the clubs foundation; the real three
    # of clubs then turns up in the tableau.
    state = deal(t1=["AC"], t2=["2C"], t3=["BJ"], t4=["AD", "3C"])
    state = play(GAME, state, "t1-f1", "t2-f1", "t3-f1 =3C")
    assert named(state)["BJ"] == "3C" and GAME.score(state) == 2
    state = GAME.apply(state, "t4-f2")
    assert state.piles["f1"].cards == tuple(map(Card.parse, ("AC", "2C", "3C")))
    assert state.piles["t4"].top == Card.joker("B") and named(state)["BJ"] == ""
    assert GAME.score(state) == 4
    # Free again, it may be named anew: as a king for one of the spaces.
    assert {"t4-t1 =K", "t4-out"} <= moves(GAME, state)


def test_a_card_played_onto_a_free_joker_names_it() -> None:
    state = deal(t1=["AC"], t2=["2C"], t3=["BJ"], t4=["AD", "3C"], stock=["6H"])
    state = play(GAME, state, "t1-f1", "t2-f1", "t3-f1 =3C", "t4-f2", "draw")
    assert "waste-t4" in moves(GAME, state)
    state = GAME.apply(state, "waste-t4")
    assert named(state)["BJ"] == "7"
    assert state.piles["t4"].cards[-2:] == (Card.joker("B"), Card.parse("6H"))


def test_a_card_resurfacing_on_the_waste_is_exchanged_too() -> None:
    # The joker becomes the seven of diamonds while the real one lies buried in
    # the waste; once the waste's top card is played, the seven is back in view.
    state = deal(t1=["7H"], stock=["7D", "4H", "RJ"])
    state = play(GAME, state, "draw", "draw", "draw", "waste-t5 =7D")
    assert named(state)["RJ"] == "7D"
    state = GAME.apply(state, "waste-t2")  # the four of hearts onto the five of clubs
    assert state.piles["t5"].top == Card.parse("7D")
    assert state.piles["waste"].cards == (Card.joker("R"),)


def test_a_joker_may_be_put_out_of_play_for_good() -> None:
    state = play(GAME, deal(t3=["BJ"], stock=["RJ"]), "draw")
    assert {"waste-out", "t3-out"} <= moves(GAME, state)
    state = play(GAME, state, "waste-out", "t3-out")
    assert state.piles["out"].cards == (Card.joker("R"), Card.joker("B"))
    assert not any(m.startswith("out") for m in moves(GAME, state))
    assert named(state) == {"BJ": "", "RJ": ""}


def test_illegal_joker_moves_raise() -> None:
    state = play(GAME, deal(stock=["RJ"]), "draw")
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, "waste-t1 =9")  # a red nine cannot go on the nine of spades
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, "waste-t1")  # a joker move must name the card
    # Lower case and "10" are read too.
    assert GAME.apply(state, "waste-t3 =t") == GAME.apply(state, "waste-t3 =T")
    assert named(GAME.apply(state, "waste-t3 =10"))["RJ"] == "T"


def _with_foundations(up: int) -> State:
    """A position with ``up`` real cards on the foundations, the rest in the stock."""
    cards = [c for c in GAME.deck if not c.is_joker]
    suits: list[list[Card]] = [[], [], [], []]
    for k in range(up):
        suits[k // 13].append(cards[k])
    rest = tuple(cards[up:]) + tuple(c for c in GAME.deck if c.is_joker)
    piles = {spec.name: Pile() for spec in GAME.layout}
    for i in range(4):
        piles[f"f{i + 1}"] = Pile(tuple(suits[i]))
    piles["stock"] = Pile(rest, len(rest))
    return GAME.make_state(piles, GAME.deal(0).info)


@pytest.mark.parametrize(
    ("up", "tier", "won"),
    [(0, 0, False), (14, 0, False), (15, 1, True), (24, 1, True), (25, 2, True), (52, 3, True)],
)
def test_result_tiers(up: int, tier: int, won: bool) -> None:
    state = _with_foundations(up)
    assert GAME.score(state) == up
    assert GAME.tier(state) == tier and GAME.is_won(state) is won
    assert TIERS[tier] in GAME.render(state)
    if up == 52:
        assert GAME.is_over(state)


def test_loaded_states_must_keep_the_joker_rules() -> None:
    state = play(GAME, deal(t2=["8D"], stock=["RJ"]), "draw", "waste-t1 =8H")
    data = GAME.to_json(state)
    assert GAME.from_json(data) == state

    def load(piles: dict[str, list[str]] | None = None, **info: str) -> State:
        raw = {**data, "info": {**data["info"], **info}, "piles": dict(data["piles"])}
        for name, cards in (piles or {}).items():
            raw["piles"][name] = {"cards": cards, "down": 0}
        return GAME.from_json(raw)

    with pytest.raises(InvalidStateError, match="cannot be a C card"):
        load(RJ="8C")
    with pytest.raises(InvalidStateError, match="not face up in play"):
        load(BJ="5")  # the black joker is in the stock
    with pytest.raises(InvalidStateError, match="in view"):
        load(RJ="8D")  # the eight of diamonds lies face up on t2
    # A joker that stands for nothing comes free only where a card was turned
    # up: never on a face-up card (here the eight it was played on as 8H),
    # nor on a foundation.
    with pytest.raises(InvalidStateError, match="stands for no card"):
        load(RJ="")
    with pytest.raises(InvalidStateError, match="must stand for a card"):
        load({"t1": ["9S"], "f1": ["RJ"]}, RJ="")


def test_a_whole_game_in_a_session_replays_from_its_record() -> None:
    session = Session("joker-solitaire", seed=1)
    session.do("t1-t5 =Q")
    session.do("t5-t1 x2")
    assert session.state.info["BJ"] == "Q"
    session.undo()
    session.redo()
    rng = random.Random(1)
    while not session.is_over():
        session.do(rng.choice(session.legal_moves()))
    record = session.record
    again = Record.from_json(record.dumps())
    assert again.replay() == session.state
    assert [str(m) for m in again.moves][:2] == ["t1-t5 =Q", "t5-t1 x2"]


def test_an_exchange_shows_in_the_events() -> None:
    # As above: turning the seven of diamonds puts it in the joker's place.
    state = deal(t1=["7H"], stock=["RJ", "7D"])
    state = play(GAME, state, "draw", "waste-t5 =7D", "t6-t5")
    at = len(state.piles["t5"]) - 2
    after, steps = GAME.apply_events(state, "draw")
    red, seven = Card.joker("R"), Card.parse("7D")
    assert steps[0] == CardsMoved(
        "stock", len(state.piles["stock"]) - 1, "waste", 0, (seven,), was_face_up=False
    )
    assert steps[1] == JokerExchanged(red, "t5", at, seven, "waste", 0)
    assert JokerNamed("RJ", "7D", "") in steps
    assert GAME.play_events(state, steps) == after
    # Naming a joker when it is played shows too.
    opened = deal(t1=["7H"], stock=["RJ", "7D"])
    opened = GAME.apply(opened, "draw")
    _, steps = GAME.apply_events(opened, "waste-t5 =7D")
    assert JokerNamed("RJ", "", "7D") in steps
