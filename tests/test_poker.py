"""Rule tests for Poker Solitaire and its hand evaluation."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from arrange import registered

import patience
import patience.games.poker  # registers the game until patience.games imports it
from patience import (
    Card,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    Move,
    PatienceError,
    State,
)
from patience.games.poker import (
    AMERICAN,
    CELLS,
    DECLARE,
    DRAW,
    ENGLISH,
    LINES,
    SWAP_LIMIT,
    TABLES,
    TARGETS,
    Hand,
    PokerSolitaire,
    classify,
    score_hand,
)


def poker(**options: object) -> PokerSolitaire:
    """The registered game with ``options``."""
    return registered("poker-solitaire", PokerSolitaire, **options)


GAME = poker()
ENGLISH_GAME = poker(table="english")
OPEN = poker(open=True)

# ------------------------------------------------------------ hand evaluation

HANDS = [
    ("TH JH QH KH AH", Hand.ROYAL_FLUSH),
    ("AS KS QS JS TS", Hand.ROYAL_FLUSH),
    ("9C TC JC QC KC", Hand.STRAIGHT_FLUSH),
    ("AD 2D 3D 4D 5D", Hand.STRAIGHT_FLUSH),  # ace low
    ("6S 2S 5S 3S 4S", Hand.STRAIGHT_FLUSH),  # any order
    ("7C 7D 7H 7S KD", Hand.FOUR_OF_A_KIND),
    ("AC 2D AD AH AS", Hand.FOUR_OF_A_KIND),
    ("9C 9D 4H 4S 9S", Hand.FULL_HOUSE),
    ("AC AD KH KS KC", Hand.FULL_HOUSE),
    ("2H 7H 9H JH KH", Hand.FLUSH),
    ("AC 2C 3C 4C 6C", Hand.FLUSH),  # suited but not a straight
    ("TH JC QD KS AH", Hand.STRAIGHT),  # ace high
    ("AS 2D 3C 4H 5S", Hand.STRAIGHT),  # ace low
    ("8D 9C TS JH 7C", Hand.STRAIGHT),
    ("5C 5D 5H KS 2D", Hand.THREE_OF_A_KIND),
    ("JC JD 3H 3S AD", Hand.TWO_PAIR),
    ("QC QD 8H 4S 2D", Hand.ONE_PAIR),
    ("AC 3D 5H 7S 9D", Hand.HIGH_CARD),
    ("QD KC AH 2S 3S", Hand.HIGH_CARD),  # no wrap round the ace
    ("JD QC KH AS 2S", Hand.HIGH_CARD),  # no wrap either
    ("KH AH 2H 3H 4H", Hand.FLUSH),  # suited, but no wrap: a flush only
    ("2C 3D 4H 5S 7C", Hand.HIGH_CARD),  # one short of a straight
]


@pytest.mark.parametrize(("cards", "hand"), HANDS)
def test_classify(cards: str, hand: Hand) -> None:
    assert classify(cards) is hand
    assert classify([Card.parse(t) for t in cards.split()]) is hand
    assert classify(reversed(cards.split())) is hand


def test_every_category_is_covered() -> None:
    assert {hand for _, hand in HANDS} == set(Hand)
    assert [h.value for h in Hand] == [
        "royal flush",
        "straight flush",
        "four of a kind",
        "full house",
        "flush",
        "straight",
        "three of a kind",
        "two pair",
        "one pair",
        "high card",
    ]
    assert repr(Hand.FULL_HOUSE) == "Hand.FULL_HOUSE"


@pytest.mark.parametrize(
    ("cards", "problem"),
    [
        ("AS KS QS JS", "five cards, not 4"),
        ("AS KS QS JS TS 9S", "five cards, not 6"),
        ("AS AS QS JS TS", "five different"),
        ("AS KS QS JS RJ", "no jokers"),
        ("AS KS QS JS ??", "no jokers"),
    ],
)
def test_classify_needs_five_different_cards(cards: str, problem: str) -> None:
    with pytest.raises(PatienceError, match=problem):
        classify(cards)


def test_the_tables_as_printed() -> None:
    # The rules text's table, American column then English column.
    printed = {
        Hand.ROYAL_FLUSH: (100, 30),
        Hand.STRAIGHT_FLUSH: (75, 30),
        Hand.FOUR_OF_A_KIND: (50, 16),
        Hand.FULL_HOUSE: (25, 10),
        Hand.FLUSH: (20, 5),
        Hand.STRAIGHT: (15, 12),
        Hand.THREE_OF_A_KIND: (10, 6),
        Hand.TWO_PAIR: (5, 3),
        Hand.ONE_PAIR: (2, 1),
        Hand.HIGH_CARD: (0, 0),
    }
    assert dict(AMERICAN) == {h: a for h, (a, _) in printed.items()}
    assert dict(ENGLISH) == {h: e for h, (_, e) in printed.items()}
    assert dict(TABLES) == {"american": AMERICAN, "english": ENGLISH}
    assert dict(TARGETS) == {"american": 200, "english": 70}
    with pytest.raises(TypeError):
        AMERICAN[Hand.ONE_PAIR] = 3  # type: ignore[index]


@pytest.mark.parametrize(("cards", "hand"), HANDS)
def test_score_hand_in_both_tables(cards: str, hand: Hand) -> None:
    assert score_hand(cards) == AMERICAN[hand]
    assert score_hand(cards, "american") == AMERICAN[hand]
    assert score_hand(cards, "english") == ENGLISH[hand]


def test_royal_flush_against_straight_flush() -> None:
    assert score_hand("TS JS QS KS AS") == 100 and score_hand("9S TS JS QS KS") == 75
    # The English table scores them alike, as printed.
    assert score_hand("TS JS QS KS AS", "english") == score_hand("9S TS JS QS KS", "english")
    with pytest.raises(PatienceError, match="unknown scoring table"):
        score_hand("TS JS QS KS AS", "french")


# ---------------------------------------------------------------- the grid

# Five rows scoring a royal flush, four of a kind, a flush, a straight and a
# full house; of the columns only b (KS 9D 6D 3H KD) makes a pair.
GRID = [
    "AS KS QS JS TS",
    "9H 9D 9C 9S 2H",
    "5D 6D 7D 8D 3D",
    "2C 3H 4S 5C 6H",
    "KH KD KC 7C 7H",
]
GRID_CARDS = [Card.parse(t) for line in GRID for t in line.split()]
GRID_CARDS_B = ["KS", "9D", "6D", "3H", "KD"]


def deck_with(first: list[Card]) -> list[Card]:
    """The standard deck with ``first`` on top, in that order."""
    return first + [c for c in GAME.deck if c not in first]


def place_all(game: PokerSolitaire, state: State, cells: list[str]) -> State:
    """Turn and place a card in each of ``cells`` in turn."""
    for cell in cells:
        state = game.apply(state, "draw")
        state = game.apply(state, f"turned-{cell}")
    return state


def test_the_cells_and_lines() -> None:
    assert CELLS[:6] == ("a1", "b1", "c1", "d1", "e1", "a2") and CELLS[-1] == "e5"
    assert LINES[0] == ("row 1", ("a1", "b1", "c1", "d1", "e1"))
    assert LINES[5] == ("column a", ("a1", "a2", "a3", "a4", "a5"))
    assert len(LINES) == 10
    names = [spec.name for spec in GAME.layout]
    assert names == ["stock", "turned", *CELLS]
    assert [spec.name for spec in OPEN.layout] == ["stock", *CELLS]
    spec = GAME.layout[2 + CELLS.index("c4")]
    assert (spec.role, spec.row, spec.column) == ("grid", 4, 2)


def test_the_deal_turns_nothing() -> None:
    cards = GAME.shuffled_cards(3)
    state = GAME.deal(3)
    stock = state.piles["stock"]
    assert len(stock) == 52 and stock.down == 52 and stock.top == cards[0]
    assert state.piles["turned"].is_empty
    assert all(state.piles[c].is_empty for c in CELLS)
    assert GAME.legal_moves(state) == (DRAW,) and GAME.safe_moves(state) == (DRAW,)
    state = GAME.apply(state, "draw")
    assert state.piles["turned"] == patience.Pile((cards[0],))
    assert len(state.piles["stock"]) == 51
    assert GAME.legal_moves(state) == tuple(Move("move", "turned", c) for c in CELLS)
    assert GAME.safe_moves(state) == ()


def test_the_turned_card_must_be_placed_before_the_next_turn() -> None:
    state = GAME.apply(GAME.deal(3), "draw")
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match="must be placed before the next turn") as refused:
        GAME.apply(state, "draw")
    assert refused.value.code == "must-place"
    assert state.to_json() == before
    state = GAME.apply(state, "c3")
    assert GAME.legal_moves(state) == (DRAW,)
    with pytest.raises(IllegalMoveError, match="no card is turned") as refused:
        GAME.apply(state, "turned-a1")
    assert refused.value.code == "nothing-turned"


def test_a_placed_card_never_moves() -> None:
    state = GAME.deal_from(deck_with(GRID_CARDS))
    state = place_all(GAME, state, ["c3"])
    state = GAME.apply(state, "draw")
    assert Move("move", "turned", "c3") not in GAME.legal_moves(state)
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match="c3 already holds A♠: a placed card stays") as e:
        GAME.apply(state, "turned-c3")
    assert e.value.code == "cell-taken"
    assert state.to_json() == before
    for move, code, reason in [
        (Move("move", "c3", "c4"), "card-stays", "a placed card never moves: c3 holds A♠"),
        (Move("swap", "c3", "c4"), "not-a-move", "has no 'swap' move; its moves: draw, move"),
        (Move("move", "stock", "a1"), "not-a-move", "turned from the stock with 'draw'"),
    ]:
        with pytest.raises(IllegalMoveError, match=reason) as info:
            GAME.apply(state, move)
        assert info.value.code == code
        assert state.to_json() == before


def test_the_game_ends_after_25_placements_with_the_score_of_ten_hands() -> None:
    state = GAME.deal_from(deck_with(GRID_CARDS))
    moves = 0
    for cell in CELLS:
        assert not GAME.is_over(state)
        for move in ("draw", cell):
            state = GAME.apply(state, move)
            moves += 1
    assert moves == 50
    assert GAME.is_over(state) and GAME.legal_moves(state) == ()
    assert len(state.piles["stock"]) == 27 and state.piles["stock"].down == 27
    assert [[str(c) for c in row] for row in GAME.grid(state)] == [ln.split() for ln in GRID]
    hands = GAME.hands(state)
    assert [h.hand for h in hands] == [
        Hand.ROYAL_FLUSH,
        Hand.FOUR_OF_A_KIND,
        Hand.FLUSH,
        Hand.STRAIGHT,
        Hand.FULL_HOUSE,
        Hand.HIGH_CARD,
        Hand.ONE_PAIR,
        Hand.HIGH_CARD,
        Hand.HIGH_CARD,
        Hand.HIGH_CARD,
    ]
    assert [h.points for h in hands] == [100, 50, 20, 15, 25, 0, 2, 0, 0, 0]
    assert hands[6].name == "column b" and [str(c) for c in hands[6].cards] == GRID_CARDS_B
    assert GAME.score(state) == sum(h.points for h in hands) == 212
    assert GAME.is_won(state) and GAME.result(state).summary() == (
        "won, score 212 (higher is better)"
    )
    assert GAME.score_bound(state) == 212
    with pytest.raises(IllegalMoveError, match="the grid is full") as refused:
        GAME.apply(state, "draw")
    assert refused.value.code == "game-over"


def test_the_english_table() -> None:
    state = place_all(ENGLISH_GAME, ENGLISH_GAME.deal_from(deck_with(GRID_CARDS)), list(CELLS))
    assert [h.points for h in ENGLISH_GAME.hands(state)] == [30, 16, 5, 12, 10, 0, 1, 0, 0, 0]
    assert ENGLISH_GAME.score(state) == 74 and ENGLISH_GAME.is_won(state)
    assert ENGLISH_GAME.target == 70 and GAME.target == 200


def test_only_full_lines_score_during_play() -> None:
    state = GAME.deal_from(deck_with(GRID_CARDS))
    state = place_all(GAME, state, ["a1", "b1", "c1", "d1"])
    assert GAME.score(state) == 0
    assert [h.hand for h in GAME.hands(state)] == [None] * 10
    state = place_all(GAME, state, ["e1"])
    assert GAME.score(state) == 100 and GAME.hands(state)[0].hand is Hand.ROYAL_FLUSH
    assert not GAME.is_won(state)  # over the mark only counts once the game is over
    # Cards placed out of order: row 2's cards go down column a and b instead.
    state = place_all(GAME, state, ["a2", "a3", "a4", "a5", "b2"])
    assert [str(c) for c in GAME.hands(state)[5].cards] == ["AS", "9H", "9D", "9C", "9S"]
    assert GAME.score(state) == 100 + 50


def test_a_transposed_grid_scores_the_same() -> None:
    cells = [f"{col}{row}" for col in "abcde" for row in "12345"]  # down the columns
    state = place_all(GAME, GAME.deal_from(deck_with(GRID_CARDS)), cells)
    assert GAME.grid(state)[0] == tuple(GRID_CARDS[0::5])
    assert GAME.score(state) == 212


def test_a_grid_below_the_mark_is_lost() -> None:
    cells = ["a1", "b2", "c3", "d4", "e5", "b1", "c2", "d3", "e4", "a5"]
    cells += [c for c in CELLS if c not in cells]
    state = place_all(GAME, GAME.deal_from(deck_with(GRID_CARDS)), cells)
    assert GAME.is_over(state) and GAME.score(state) == 14
    assert GAME.score(state) == sum(h.points for h in GAME.hands(state))
    assert not GAME.is_won(state) and GAME.result(state).over


# ------------------------------------------------------------- open variant


def open_state(swaps: int = SWAP_LIMIT) -> tuple[PokerSolitaire, State]:
    game = poker(open=True, swap_limit=swaps)
    return game, game.deal_from(deck_with(GRID_CARDS))


def test_the_open_deal() -> None:
    game, state = open_state()
    assert [[str(c) for c in row] for row in game.grid(state)] == [ln.split() for ln in GRID]
    assert len(state.piles["stock"]) == 27 and state.piles["stock"].down == 27
    assert game.score(state) == 212 and not game.is_over(state)
    assert not game.is_won(state)  # only a finished game is won
    moves = game.legal_moves(state)
    assert len(moves) == 25 * 24 // 2 + 1 and moves[-1] == DECLARE
    assert moves[0] == Move("swap", "a1", "b1")
    assert state.info == {"swaps": 0, "declared": False}


def test_open_swaps_and_declaration() -> None:
    game, state = open_state()
    state = game.apply(state, "swap a1-a2")  # AS and 9H change places
    assert game.grid(state)[0][0] == Card.parse("9H")
    assert game.grid(state)[1][0] == Card.parse("AS")
    # Row 1 is now K Q J 10 9 (a straight), row 2 three nines; column a is unchanged.
    assert [h.points for h in game.hands(state)] == [15, 10, 20, 15, 25, 0, 2, 0, 0, 0]
    assert game.score(state) == 87 and state.info["swaps"] == 1
    state = game.apply(state, "swap a2-a1")  # either order reads; back again
    assert game.score(state) == 212 and state.info["swaps"] == 2
    state = game.apply(state, "declare")
    assert game.is_over(state) and game.is_won(state) and game.legal_moves(state) == ()
    before = state.to_json()
    for move in ("swap a1-b1", "declare"):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            game.apply(state, move)
    assert state.to_json() == before


def test_open_swaps_are_written_with_the_earlier_cell_first() -> None:
    game, state = open_state()
    assert game.parse_move(state, "swap B2-a1") == Move("swap", "a1", "b2")
    assert game.parse_move(state, "finish") == DECLARE
    with pytest.raises(IllegalMoveError, match="swap a1-b2") as refused:
        game.apply(state, Move("swap", "b2", "a1"))
    assert refused.value.code == "swap-order"
    for text in ["swap a1-a1", "draw", "turned-a1", "a1", "swap a1-b2 x2", "declare =now"]:
        with pytest.raises(InvalidMoveError):
            game.parse_move(state, text)


def test_the_open_game_ends_at_the_swap_limit() -> None:
    game, state = open_state(swaps=3)
    assert game.options == {"table": "american", "open": True, "swap_limit": 3}
    for _ in range(3):
        assert not game.is_over(state)
        state = game.apply(state, "swap c3-d4")
    assert game.is_over(state) and game.legal_moves(state) == ()
    # c3 and d4 (7D and 5C) have changed places: pairs of fives and of sevens.
    assert [h.points for h in game.hands(state)] == [100, 50, 2, 0, 25, 0, 2, 0, 2, 0]
    assert game.score(state) == 181 and game.is_over(state) and not game.is_won(state)


def test_open_random_play_terminates() -> None:
    rng = random.Random(11)
    for seed in range(5):
        state = OPEN.deal(seed)
        moves = 0
        while not OPEN.is_over(state):
            state = OPEN.apply(state, rng.choice(OPEN.legal_moves(state)))
            moves += 1
        assert moves <= SWAP_LIMIT + 1
        assert OPEN.legal_moves(state) == ()


# ---------------------------------------------------------------- options


def test_options() -> None:
    assert patience.describe("poker-solitaire").options == {
        "table": "american",
        "open": False,
        "swap_limit": None,
    }
    assert patience.game("poker-squares") == GAME
    assert repr(GAME) == "patience.game('poker-solitaire', table='american', open=False)"
    assert repr(OPEN) == (
        "patience.game('poker-solitaire', table='american', open=True, swap_limit=200)"
    )
    assert OPEN.title == "Poker Solitaire (open)" and GAME.title == "Poker Solitaire"
    for game in (GAME, ENGLISH_GAME, OPEN):
        assert patience.game("poker-solitaire", **game.options) == game
    bad: list[tuple[dict[str, object], str]] = [
        ({"table": "french"}, "table"),
        ({"table": 1}, "table"),
        ({"open": "yes"}, "open"),
        ({"swap_limit": 10}, "swap_limit"),
        ({"open": True, "swap_limit": 0}, "swap_limit"),
        ({"open": True, "swap_limit": True}, "swap_limit"),
    ]
    for options, name in bad:
        with pytest.raises(InvalidOptionError, match=name):
            patience.game("poker-solitaire", **options)


# -------------------------------------------------------- notation and JSON


def test_placement_notation() -> None:
    state = GAME.apply(GAME.deal(3), "draw")
    move = Move("move", "turned", "c3")
    assert str(move) == "turned-c3"
    for text in ["turned-c3", "C3", "place c3", " Place  C3 "]:
        assert GAME.parse_move(state, text) == move
    assert GAME.parse_move(state, "draw") == DRAW
    for text in ["declare", "swap a1-b2", "turned-c3 x2", "c3-c4", "place z9", "f1", "p1 draw"]:
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, text)


def test_json_round_trips() -> None:
    state = place_all(GAME, GAME.deal(8), ["a1", "e5"])
    state = GAME.apply(state, "draw")
    data = state.to_json()
    assert data["piles"]["turned"]["down"] == 0 and data["piles"]["stock"]["down"] == 49
    assert GAME.from_json(json.dumps(data)) == state
    assert patience.state_from_json(data) == state
    assert eval(repr(state), {"patience": patience}) == state
    game, opened = open_state()
    opened = game.apply(opened, "swap a1-e5")
    assert game.from_json(opened.to_json()) == opened
    assert opened.to_json()["info"] == {"swaps": 1, "declared": False}


def test_loading_checks_the_grid() -> None:
    data = place_all(GAME, GAME.deal(8), ["a1", "b1"]).to_json()
    two = json.loads(json.dumps(data))
    two["piles"]["a1"]["cards"] += two["piles"]["b1"]["cards"]
    two["piles"]["b1"]["cards"] = []
    with pytest.raises(InvalidStateError, match="a1 holds 2 cards"):
        GAME.from_json(two)
    turned = json.loads(json.dumps(data))
    turned["piles"]["turned"]["cards"] = turned["piles"]["stock"]["cards"][-2:]
    turned["piles"]["stock"]["cards"] = turned["piles"]["stock"]["cards"][:-2]
    turned["piles"]["stock"]["down"] -= 2
    with pytest.raises(InvalidStateError, match="turned pile holds at most one card"):
        GAME.from_json(turned)
    shown = json.loads(json.dumps(data))
    shown["piles"]["stock"]["down"] = 0
    with pytest.raises(InvalidStateError, match="face-down"):
        GAME.from_json(shown)
    full = place_all(GAME, GAME.deal(8), list(CELLS)).to_json()
    full["piles"]["turned"]["cards"] = full["piles"]["stock"]["cards"][-1:]
    full["piles"]["stock"]["cards"] = full["piles"]["stock"]["cards"][:-1]
    full["piles"]["stock"]["down"] -= 1
    with pytest.raises(InvalidStateError, match="grid is full"):
        GAME.from_json(full)
    game, opened = open_state(swaps=5)
    bad = opened.to_json()
    bad["info"]["swaps"] = 6
    with pytest.raises(InvalidStateError, match="swap limit 5"):
        game.from_json(bad)
    bad["info"] = {"swaps": 0, "declared": "no"}
    with pytest.raises(InvalidStateError, match="declared"):
        game.from_json(bad)
    bad = opened.to_json()
    bad["piles"]["a1"]["cards"] = []
    bad["piles"]["stock"]["cards"].append("AS")
    bad["piles"]["stock"]["down"] += 1
    with pytest.raises(InvalidStateError, match="one card in the open game"):
        game.from_json(bad)


# ---------------------------------------------------- views, hooks and display


def test_views_hide_only_the_stock() -> None:
    state = GAME.apply(place_all(GAME, GAME.deal(2), ["b2"]), "draw")
    view = GAME.view(state)
    assert view.piles["stock"].cards == (Card.HIDDEN,) * 50
    assert view.piles["turned"] == state.piles["turned"]
    assert view.piles["b2"] == state.piles["b2"]
    opened = OPEN.deal(2)
    assert OPEN.view(opened).piles["stock"].cards == (Card.HIDDEN,) * 27


def test_render() -> None:
    state = place_all(GAME, GAME.deal_from(deck_with(GRID_CARDS)), list(CELLS[:7]))
    state = GAME.apply(state, "draw")
    assert str(state) == "\n".join(
        [
            "Poker Solitaire",
            " stock: [44] ##",
            "turned: 9C",
            "         a   b   c   d   e",
            "     1  AS  KS  QS  JS  TS   100",
            "     2  9H  9D   .   .   .",
            "     3   .   .   .   .   .",
            "     4   .   .   .   .   .",
            "     5   .   .   .   .   .",
            "in progress, score 100 (higher is better)",
        ]
    )
    _, opened = open_state()
    lines = str(opened).splitlines()
    assert lines[1] == " stock: [27] ##" and "turned" not in str(opened)
    assert lines[-2] == "         0   2   0   0   0"
    assert lines[-1] == "in progress, score 212 (higher is better)"


def test_canonical_key_ignores_the_order_of_rows_and_columns() -> None:
    cards = deck_with(GRID_CARDS)
    a = place_all(GAME, GAME.deal_from(cards), ["a1", "b1"])
    b = place_all(GAME, GAME.deal_from(cards), ["c4", "e4"])  # same row, other columns
    c = place_all(GAME, GAME.deal_from(cards), ["d2", "d5"])  # same column: transposed
    d = place_all(GAME, GAME.deal_from(cards), ["a1", "b2"])  # neither
    assert len({a, b, c, d}) == 4
    assert GAME.canonical_key(a) == GAME.canonical_key(b) == GAME.canonical_key(c)
    assert GAME.canonical_key(d) != GAME.canonical_key(a)
    game, opened = open_state()
    swapped = game.apply(opened, "swap a1-b1")
    again = game.apply(swapped, "swap a1-b1")
    assert game.canonical_key(again) == game.canonical_key(opened)
    assert game.debt(again) == 2 and game.debt(opened) == 0 and GAME.debt(a) == 0


def test_score_bound_never_falls_below_the_final_score() -> None:
    rng = random.Random(3)
    for game in (GAME, ENGLISH_GAME):
        for seed in range(6):
            states = [game.deal(seed)]
            while not game.is_over(states[-1]):
                moves = game.legal_moves(states[-1])
                states.append(game.apply(states[-1], rng.choice(moves)))
            final = game.score(states[-1])
            bounds = [game.score_bound(s) for s in states]
            assert all(b is not None and b >= final for b in bounds)
            assert bounds[-1] == final
            assert game.may_win(states[-1]) == game.is_won(states[-1])
    state = place_all(GAME, GAME.deal_from(deck_with(GRID_CARDS)), list(CELLS[:24]))
    assert GAME.score_bound(state) == 212  # the last card can only go to e5
    game, opened = open_state()
    bound = game.score_bound(opened)
    assert bound is not None and bound >= 212


def test_the_solver_finds_the_best_placement_of_the_last_cards() -> None:
    state = place_all(GAME, GAME.deal_from(deck_with(GRID_CARDS)), list(CELLS[:21]))
    best = max(
        GAME.score(place_all(GAME, state, list(cells)))
        for cells in itertools.permutations(CELLS[21:])
    )
    assert best == 214  # KD and 7C make pairs in columns b and c; KC and 7H go to d and e
    solution = patience.solve(GAME, state, goal="score", max_nodes=20_000)
    assert solution.exhausted and solution.score == best


# ------------------------------------------------------------ random play


@pytest.mark.parametrize("game", [GAME, ENGLISH_GAME, OPEN], ids=["american", "english", "open"])
def test_random_play_keeps_its_promises(game: PokerSolitaire) -> None:
    deck = Counter(game.deck)
    rng = random.Random(str(game.options))
    for seed in range(8):
        state = game.deal(seed)
        while not game.is_over(state):
            moves = game.legal_moves(state)
            assert moves and len(set(moves)) == len(moves)
            move = rng.choice(moves)
            assert game.parse_move(state, str(move)) == move
            after = game.apply(state, move)
            assert after != state
            assert Counter(c for p in after.piles.values() for c in p) == deck
            assert game.score(after) == sum(h.points for h in game.hands(after))
            state = after
        assert game.legal_moves(state) == ()
        assert game.from_json(state.to_json()) == state
        assert game.is_won(state) == (game.score(state) >= game.target)


# ------------------------------------------------------------ the advisor


def test_the_advisor_does_not_see_the_stock() -> None:
    state = GAME.deal(4)
    data = state.to_json()
    stock = data["piles"]["stock"]["cards"]
    stock[0], stock[5] = stock[5], stock[0]
    twin = GAME.from_json(data)
    assert twin != state and GAME.view(twin) == GAME.view(state)
    # Positions that look the same get the same advice, whatever the stock holds.
    policy = patience.HiddenInfoPolicy(samples=4)
    assert policy.choose(GAME, state, random.Random(1)) == policy.choose(
        GAME, twin, random.Random(1)
    )


def test_the_advisor_places_cards_better_than_one_move_of_lookahead() -> None:
    seeds = range(4)
    honest = patience.simulate(GAME, "hidden", seeds, samples=4)
    greedy = patience.simulate(GAME, "greedy", seeds)
    assert honest.mean_score > greedy.mean_score + 5
