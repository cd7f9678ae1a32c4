"""Rule tests for Klondike, Las Vegas and Single Rail (the tableau engine)."""

from __future__ import annotations

import pytest
from arrange import arrange, moves, play

import patience
from patience import Card, IllegalMoveError, InvalidOptionError, Move, State
from patience.tableau import TableauGame

KLONDIKE = patience.game("klondike")
VEGAS = patience.game("las-vegas")
# For tests of other rules: the same games with aces a choice, so that an ace
# turning up does not take every other move away.
FREE = patience.game("klondike", forced_aces=False)
VEGAS_FREE = patience.game("las-vegas", forced_aces=False)
RAIL = patience.game("single-rail")

# Tops with no move among them: all black, no aces or kings.
QUIET = {
    "t1": ["9S"],
    "t2": ["5C"],
    "t3": ["JS"],
    "t4": ["3C"],
    "t5": ["8S"],
    "t6": ["6S"],
    "t7": ["TC"],
}


def deal(game: patience.Game, **tops: list[str]) -> State:
    return game.deal_from(arrange(game, {**QUIET, **tops}))


def test_layout_and_deal() -> None:
    state = KLONDIKE.deal(7)
    for k in range(1, 8):
        pile = state.piles[f"t{k}"]
        assert len(pile) == k and pile.down == k - 1
    assert len(state.piles["stock"]) == 24 and state.piles["stock"].down == 24
    assert not state.piles["waste"] and all(not state.piles[f"f{i}"] for i in range(1, 5))
    # Dealt by rows: the first seven cards are the bottoms of t1..t7.
    cards = KLONDIKE.shuffled_cards(7)
    assert [state.piles[f"t{k}"].cards[0] for k in range(1, 8)] == list(cards[:7])
    # The stock's top card is the first card after the tableau.
    assert state.piles["stock"].top is cards[28]
    assert KLONDIKE.options == {
        "draw": 3,
        "passes": None,
        "partial_runs": False,
        "worrying_back": False,
        "forced_aces": True,
    }


def test_quiet_deal_offers_only_the_draw() -> None:
    state = deal(KLONDIKE, stock=["9C", "5S", "JC"])
    assert moves(KLONDIKE, state) == {"draw stock"}


def test_only_a_king_headed_run_fills_a_space() -> None:
    state = deal(KLONDIKE, t1=["AC"], t2=["KH"], t3=["QS"], stock=["2S", "3S", "4D"])
    assert moves(KLONDIKE, state) == {"t1-f1", "t1-f2", "t1-f3", "t1-f4"}  # the ace first
    state = play(KLONDIKE, state, "t1-f1", "draw")
    assert state.piles["waste"].top == Card.parse("4D")
    to_space = {m for m in moves(KLONDIKE, state) if m.split()[0].endswith("-t1")}
    assert to_space == {"t2-t1"}  # the king alone; not the queen, not the 4D
    state = KLONDIKE.apply(state, "t3-t2")
    to_space = {m for m in moves(KLONDIKE, state) if "-t1" in m}
    assert to_space == {"t2-t1 x2"}  # the whole king-headed run
    state = KLONDIKE.apply(state, "t2-t1 x2")
    assert str(state.piles["t1"]) == "KH QS"
    with pytest.raises(IllegalMoveError):
        KLONDIKE.apply(state, "t4-t1")  # the 3C does not go on the QS


def test_a_king_from_the_waste_fills_a_space() -> None:
    state = deal(KLONDIKE, t1=["AC"], stock=["2S", "3S", "KD"])
    state = play(KLONDIKE, state, "t1-f1", "draw")
    assert "waste-t1" in moves(KLONDIKE, state)


def test_the_whole_face_up_run_moves_and_not_part_of_it() -> None:
    tops = {"t3": ["7C"], "t4": ["6D", "QH"], "t5": ["8H"], "t6": ["7S"]}
    state = deal(KLONDIKE, **tops)
    state = KLONDIKE.apply(state, "t4-t3")
    # The move turned up the QH under the 6D, and the JC can now go on it.
    assert state.piles["t4"].top == Card.parse("QH") and state.piles["t4"].down == 2
    assert "t7-t4" not in moves(KLONDIKE, state)  # TC is not a jack
    legal = moves(KLONDIKE, state)
    assert "t3-t5 x2" in legal
    assert "t3-t6" not in legal and "t3-t5" not in legal
    with pytest.raises(IllegalMoveError):
        KLONDIKE.apply(state, Move("move", "t3", "t6"))
    # With partial runs allowed, the 6D alone may go on the 7S as well.
    partial = patience.game("klondike", partial_runs=True)
    state = play(partial, deal(partial, **tops), "t4-t3")
    assert {"t3-t5 x2", "t3-t6"} <= moves(partial, state)


def test_turned_up_card_after_a_move_opens_new_moves() -> None:
    state = deal(KLONDIKE, t4=["6D", "QH"], t3=["7C"], t7=["JC"])
    state = KLONDIKE.apply(state, "t4-t3")
    assert state.piles["t4"].face_up == (Card.parse("QH"),)
    assert "t7-t4" in moves(KLONDIKE, state)


def test_top_card_alone_goes_to_a_foundation_from_a_run() -> None:
    state = deal(FREE, t3=["2C"], t4=["AD"], t1=["AC"], stock=["3D", "4S", "5S"])
    state = play(FREE, state, "t1-f1", "t4-t3")  # the red AD onto the black 2C
    assert str(state.piles["t3"]).endswith("2C AD")
    assert "t3-f2" in moves(FREE, state)  # the AD alone, from a run of two


def test_draw_three_with_fewer_than_three_left() -> None:
    state = deal(FREE, stock=["2S", "3S", "AC"])
    state = play(FREE, state, "draw")
    assert str(state.piles["waste"]) == "2S 3S AC"  # the third card ends on top
    state = play(FREE, state, "waste-f1")
    for _ in range(7):
        state = FREE.apply(state, "draw")
    assert not state.piles["stock"] and len(state.piles["waste"]) == 23
    state = FREE.apply(state, "redeal")
    assert state.piles["stock"].top == Card.parse("2S")  # turned over, not shuffled
    assert state.info["pass"] == 2
    for _ in range(7):
        state = FREE.apply(state, "draw")
    assert len(state.piles["stock"]) == 2
    state = FREE.apply(state, "draw")
    assert not state.piles["stock"] and len(state.piles["waste"]) == 23


def test_waste_top_playable_after_a_move_uncovers_it() -> None:
    state = deal(KLONDIKE, t5=["6H"], t4=["3C"], stock=["AH", "2D", "5S"])
    state = play(KLONDIKE, state, "draw")
    assert "waste-f1" not in moves(KLONDIKE, state)
    state = play(KLONDIKE, state, "waste-t5")
    assert state.piles["waste"].top == Card.parse("2D")
    state = play(KLONDIKE, state, "waste-t4")
    assert state.piles["waste"].top == Card.parse("AH")
    assert "waste-f1" in moves(KLONDIKE, state)


def test_unlimited_passes_end_when_a_pass_changes_nothing() -> None:
    state = deal(FREE)
    for _ in range(8):
        state = FREE.apply(state, "draw")
    assert not state.piles["stock"]
    assert "redeal stock" not in moves(FREE, state)  # the pass only turned cards
    with pytest.raises(IllegalMoveError, match="redeal"):
        FREE.apply(state, "redeal")
    # A pass with any other move allows another pass.
    state = deal(FREE, t3=["7C"], t4=["6D"])
    state = play(FREE, state, "t4-t3", *["draw"] * 8)
    assert "redeal stock" in moves(FREE, state)
    state = play(FREE, state, "redeal", *["draw"] * 8)
    assert "redeal stock" not in moves(FREE, state)


def test_the_end_of_the_last_allowed_pass() -> None:
    state = deal(VEGAS_FREE)
    for _ in range(24):
        state = VEGAS_FREE.apply(state, "draw")
    left = moves(VEGAS_FREE, state)
    assert "redeal stock" not in left and "draw stock" not in left
    two = patience.game("klondike", passes=2, forced_aces=False)
    state = deal(two)
    state = play(two, state, *["draw"] * 8)
    assert "redeal stock" in moves(two, state)  # a limited pass count allows it regardless
    state = play(two, state, "redeal", *["draw"] * 8)
    assert "redeal stock" not in moves(two, state)
    assert state.info["pass"] == 2


def test_las_vegas_dollars_from_minus_52_to_208() -> None:
    assert VEGAS.score(VEGAS.deal(1)) == -52
    # Draw the clubs and AD-JD from the stock; then the tableau gives up the
    # QD, KD and the hearts and spades in order.
    removal = ["QD", "KD"] + [f"{r}{s}" for r in "A23456789TJQK" for s in "HS"]
    sizes = [7, 6, 5, 4, 3, 2, 1]
    tops: dict[str, list[str]] = {}
    start = 0
    for k, size in zip(range(7, 0, -1), sizes):
        tops[f"t{k}"] = removal[start : start + size]
        start += size
    tops["stock"] = [f"{r}C" for r in "A23456789TJQK"] + [f"{r}D" for r in "A23456789TJ"]
    state = VEGAS.deal_from(arrange(VEGAS, tops))
    while not VEGAS.is_over(state):
        legal = VEGAS.legal_moves(state)
        home = [m for m in legal if m.target and m.target.startswith("f")]
        state = VEGAS.apply(state, home[0] if home else Move("draw", "stock"))
    assert VEGAS.is_won(state) and VEGAS.score(state) == 208
    assert VEGAS.result(state).summary().startswith("won, score 208")


def test_no_worrying_back_unless_asked() -> None:
    state = deal(KLONDIKE, t1=["AC"], t2=["2H"])
    state = play(KLONDIKE, state, "t1-f1")
    assert not any(m.startswith("f1-") for m in moves(KLONDIKE, state))
    worry = patience.game("klondike", worrying_back=True)
    state = play(worry, deal(worry, t1=["AC"], t2=["2H"]), "t1-f1")
    assert "f1-t2" in moves(worry, state)


def test_safe_moves_and_canonical_key() -> None:
    state = deal(KLONDIKE, t1=["AC"], t2=["2H"])
    assert KLONDIKE.safe_moves(state) == (Move("move", "t1", "f1"),)
    a = play(KLONDIKE, state, "t1-f1")
    b = play(KLONDIKE, state, "t1-f3")
    assert a != b and KLONDIKE.canonical_key(a) == KLONDIKE.canonical_key(b)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("klondike", {"draw": 0}),
        ("klondike", {"draw": "3"}),
        ("klondike", {"passes": 0}),
        ("las-vegas", {"passes": True}),
        ("klondike", {"partial_runs": "yes"}),
        ("single-rail", {"worrying_back": 1}),
    ],
)
def test_bad_options(name: str, options: dict[str, object]) -> None:
    with pytest.raises(InvalidOptionError):
        patience.game(name, **options)


# ---------------------------------------------------------------- Single Rail


def test_single_rail_layout() -> None:
    state = RAIL.deal(3)
    assert [len(state.piles[f"t{k}"]) for k in range(1, 5)] == [1, 1, 1, 1]
    assert all(state.piles[f"t{k}"].down == 0 for k in range(1, 5))
    assert len(state.piles["stock"]) == 48
    assert isinstance(RAIL, TableauGame) and RAIL.rules.passes == 1


def test_single_rail_builds_regardless_of_suit_and_moves_partial_runs() -> None:
    tops = {"t1": ["9H"], "t2": ["TH"], "t3": ["8S"], "t4": ["JD"], "stock": ["8C"]}
    state = RAIL.deal_from(arrange(RAIL, tops))
    assert {"t1-t2", "t3-t1"} <= moves(RAIL, state)  # same suit and other suit alike
    state = play(RAIL, state, "t1-t2", "t3-t2")  # TH 9H 8S on t2; t1 and t3 are spaces
    legal = moves(RAIL, state)
    assert {"t2-t1", "t2-t1 x2", "t2-t4 x3"} <= legal  # any part of the run
    # ... but not the whole pile into a space: that would change nothing.
    assert "t2-t1 x3" not in legal and "t2-t3 x3" not in legal
    state = play(RAIL, state, "draw", "waste-t3")  # any card fills a space
    assert state.piles["t3"].top == Card.parse("8C")


def test_single_rail_one_pass() -> None:
    state = RAIL.deal(5)
    while "draw stock" in moves(RAIL, state):
        state = RAIL.apply(state, "draw")
    assert not state.piles["stock"]
    assert "redeal stock" not in moves(RAIL, state)


def test_an_available_ace_must_be_played_before_anything_else() -> None:
    # The ace of clubs tops t1 at the deal: it must go up before any other move.
    state = deal(KLONDIKE, t1=["AC"], t3=["7C"], t4=["6D"])
    assert moves(KLONDIKE, state) == {"t1-f1", "t1-f2", "t1-f3", "t1-f4"}
    for other in ("draw", "t4-t3"):
        with pytest.raises(IllegalMoveError, match="ace of clubs on t1 must go to a foundation"):
            KLONDIKE.apply(state, other)
    state = KLONDIKE.apply(state, "t1-f1")
    assert {"draw stock", "t4-t3"} <= moves(KLONDIKE, state)
    # An ace turned to the waste, or turned up in the tableau, must go up as well.
    state = deal(KLONDIKE, stock=["2S", "3S", "AH"])
    state = KLONDIKE.apply(state, "draw")
    assert moves(KLONDIKE, state) == {f"waste-f{k}" for k in range(1, 5)}
    assert moves(VEGAS, play(VEGAS, deal(VEGAS, stock=["AD"]), "draw")) == {
        f"waste-f{k}" for k in range(1, 5)
    }


def test_forced_aces_can_be_made_a_choice() -> None:
    state = deal(FREE, t1=["AC"], t3=["7C"], t4=["6D"])
    assert {"t1-f1", "draw stock", "t4-t3"} <= moves(FREE, state)
    assert FREE.options["forced_aces"] is False and KLONDIKE.options["forced_aces"] is True
    assert VEGAS.options["forced_aces"] is True
    # The games built on Klondike's declaration keep aces a choice.
    assert not patience.game("joker-solitaire").rules.forced_bases  # type: ignore[attr-defined]


@pytest.mark.parametrize("worrying_back", [False, True])
@pytest.mark.parametrize("draw", range(1, 14))
def test_every_draw_from_one_to_thirteen_with_and_without_worrying_back(
    draw: int, worrying_back: bool
) -> None:
    # Blake and Gent measure Klondike turning 1 to 13 cards at a time, with
    # cards coming back from the foundations and without.
    game = patience.game("klondike", draw=draw, worrying_back=worrying_back, forced_aces=False)
    state = play(game, deal(game, t1=["AC"], t2=["2H"]), "t1-f1")
    assert ("f1-t2" in moves(game, state)) is worrying_back
    stock = state.piles["stock"].cards
    turned = 0
    while state.piles["stock"]:
        state = game.apply(state, "draw")
        turned = min(turned + draw, 24)
        waste = state.piles["waste"]
        assert len(waste) == turned and waste.top == stock[-turned]
        assert waste.cards == tuple(reversed(stock[len(stock) - turned :]))
    # The pass put the ace up, so the stock may be gone through again.
    state = game.apply(game.apply(state, "redeal"), "draw")
    assert len(state.piles["waste"]) == min(draw, 24)
