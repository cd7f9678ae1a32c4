"""Rule tests for Accordion."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from arrange import registered, winnable

import patience
import patience.games.accordion  # registers the game until patience.games imports it
from patience import (
    Card,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    Move,
    State,
)
from patience.games.accordion import DEAL, Accordion, matches


def accordion(**options: object) -> Accordion:
    """The registered game with ``options``."""
    return registered("accordion", Accordion, **options)


GAME = accordion()
ALL = accordion(deal_all=True)


def order(*first: str) -> list[Card]:
    """The standard deck with ``first`` moved to the top, in that order."""
    top = [Card.parse(t) for t in first]
    return top + [c for c in GAME.deck if c not in top]


def row(state: State) -> list[str]:
    """The row as text, one entry per pile: its cards from the bottom up."""
    assert isinstance(state.game, Accordion)
    return [" ".join(map(str, pile)) for pile in state.game.row(state)]


def dealt(*cards: str) -> State:
    """The dealing game after dealing ``cards`` (from the top of the deck) one by one."""
    state = GAME.deal_from(order(*cards))
    for _ in cards:
        state = GAME.apply(state, "deal")
    return state


# ------------------------------------------------------------------ the deal


def test_the_deal_lays_out_nothing_and_dealing_is_a_move() -> None:
    cards = GAME.shuffled_cards(7)
    state = GAME.deal(7)
    stock = state.piles["stock"]
    assert len(stock) == 52 and stock.down == 52
    assert stock.top == cards[0]  # the top of the shuffled deck is dealt first
    assert all(state.piles[f"r{k}"].is_empty for k in range(1, 53))
    assert GAME.legal_moves(state) == (DEAL,)
    state = GAME.apply(state, "deal")
    assert state.piles["r1"] == patience.Pile((cards[0],))
    assert len(state.piles["stock"]) == 51 and state.piles["stock"].down == 51
    state = GAME.apply(state, DEAL)
    assert row(state) == [str(cards[0]), str(cards[1])]


def test_deal_all_lays_out_the_whole_row() -> None:
    cards = ALL.shuffled_cards(7)
    state = ALL.deal(7)
    assert state.piles["stock"].is_empty
    assert row(state) == [str(c) for c in cards]
    assert DEAL not in ALL.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="deal_all"):
        ALL.apply(state, "deal")
    assert ALL.score(state) == 52


# ------------------------------------------------------------- the text's example


def test_the_rules_example() -> None:
    # Four cards, left to right: 6S JS 9H 9S. The 9S may go on the 9H (one to
    # its left, same rank) or on the 6S (three to its left, same suit), but
    # not on the JS (two to its left) although they share a suit.
    state = dealt("6S", "JS", "9H", "9S")
    assert row(state) == ["6S", "JS", "9H", "9S"]
    moves = [str(m) for m in GAME.legal_moves(state)]
    assert moves == ["r2-r1", "r4-r3", "r4-r1", "deal stock"]
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match="one place or three places"):
        GAME.apply(state, "r4-r2")
    assert state.to_json() == before
    # The 9S onto the 9H; the pile of two onto the JS; all three onto the 6S.
    state = GAME.apply(state, "r4-r3")
    assert row(state) == ["6S", "JS", "9H 9S"]
    assert GAME.parse_move(state, "r3-r2") == Move("move", "r3", "r2", count=2)
    state = GAME.apply(state, "r3-r2")
    assert row(state) == ["6S", "JS 9H 9S"]
    state = GAME.apply(state, "r2-r1 x3")
    assert row(state) == ["6S JS 9H 9S"]
    assert state.piles["r1"].top == Card.parse("9S")
    assert GAME.score(state) == 1 + 48


def test_the_example_the_other_way() -> None:
    # The 9S on the 6S instead: the whole pile moves three places left and the
    # row closes up behind it.
    state = GAME.apply(dealt("6S", "JS", "9H", "9S"), "r4-r1")
    assert row(state) == ["6S 9S", "JS", "9H"]
    assert state.piles["r4"].is_empty


# ------------------------------------------------------------------- play


def test_matches_is_suit_or_rank() -> None:
    nine = Card.parse("9S")
    assert matches(nine, Card.parse("9H")) and matches(nine, Card.parse("2S"))
    assert not matches(nine, Card.parse("8H"))


def test_the_row_closes_up_and_later_piles_shift_left() -> None:
    state = dealt("2C", "5D", "8H", "8S", "KH", "QC")
    assert row(state) == ["2C", "5D", "8H", "8S", "KH", "QC"]
    state = GAME.apply(state, "r4-r3")  # 8S on 8H: KH and QC each shift one place left
    assert row(state) == ["2C", "5D", "8H 8S", "KH", "QC"]
    assert state.piles["r4"].top == Card.parse("KH")
    assert state.piles["r5"].top == Card.parse("QC")
    assert state.piles["r6"].is_empty


def test_dealing_and_moving_interleave() -> None:
    state = GAME.deal_from(order("4C", "4D", "JD"))
    state = GAME.apply(GAME.apply(state, "deal"), "deal")
    assert GAME.legal_moves(state) == (Move("move", "r2", "r1"), DEAL)
    state = GAME.apply(state, "r2-r1")
    assert row(state) == ["4C 4D"]
    state = GAME.apply(state, "deal")  # the next card goes to the first free position
    assert row(state) == ["4C 4D", "JD"]
    assert GAME.legal_moves(state) == (Move("move", "r2", "r1"), DEAL)
    state = GAME.apply(state, "r2-r1")
    assert row(state) == ["4C 4D JD"]
    assert GAME.score(state) == 1 + 49


def test_a_move_need_not_be_made() -> None:
    state = dealt("4C", "4D")
    state = GAME.apply(state, "deal")  # dealing on without folding is allowed
    assert row(state) == ["4C", "4D", "AC"]


def test_a_chain_of_matches_is_won_with_one_pile() -> None:
    # Each card shares a suit or a rank with the one before: clubs up, diamonds
    # down from the king, hearts up from the ace, spades down from the king.
    chain = [Card(r, "C") for r in range(1, 14)]
    chain += [Card(r, "D") for r in range(13, 0, -1)]
    chain += [Card(r, "H") for r in range(1, 14)]
    chain += [Card(r, "S") for r in range(13, 0, -1)]
    state = GAME.deal_from(chain)
    state = GAME.apply(state, "deal")
    scores = [GAME.score(state)]
    for _ in range(51):
        state = GAME.apply(state, "deal")
        state = GAME.apply(state, "r2-r1")  # the new card onto the growing pile
        scores.append(GAME.score(state))
    assert scores == list(range(52, 0, -1))
    assert row(state) == [" ".join(map(str, chain))]
    assert GAME.is_over(state) and GAME.is_won(state)
    assert GAME.legal_moves(state) == ()
    assert GAME.result(state).summary() == "won, score 1 (lower is better)"


def test_score_counts_piles_and_undealt_cards() -> None:
    state = GAME.deal(3)
    assert GAME.score(state) == 52 and GAME.better is patience.Better.LOWER
    state = dealt("6S", "JS", "9H", "9S")
    assert GAME.score(state) == 52
    state = GAME.apply(state, "r4-r1")
    assert GAME.score(state) == 51 and not GAME.is_over(state)


def test_the_game_ends_when_no_move_is_left() -> None:
    rng = random.Random(5)
    for seed in range(5):
        state = ALL.deal(seed)
        hopeless = False
        while ALL.legal_moves(state):
            assert not ALL.is_over(state) and ALL.score_bound(state) == 1
            # Once a win is out of reach it stays out of reach.
            hopeless = hopeless or not ALL.may_win(state)
            assert ALL.may_win(state) != hopeless
            state = ALL.apply(state, rng.choice(ALL.legal_moves(state)))
        assert not (hopeless and ALL.is_won(state))
        assert ALL.is_over(state)
        assert ALL.is_won(state) == (ALL.score(state) == 1)
        assert ALL.may_win(state) == ALL.is_won(state)
        assert ALL.score_bound(state) == ALL.score(state)


# ---------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    ("move", "reason", "code"),
    [
        ("r4-r2", "one place or three places", "not-adjacent"),
        ("r3-r2", "share neither suit nor rank", "no-match"),
        ("r3-r4", "one place or three places", "not-adjacent"),
        ("r7-r6", "no pile at r7", "no-pile"),
        ("r4-r3 x2", "the whole pile moves: 1 card", "whole-pile"),
        (
            Move("move", "stock", "r1"),
            "the stock's cards come into the row with 'deal'",
            "not-a-move",
        ),
        (Move("move", "r1", "stock"), "from one row position to another", "not-a-move"),
        (Move("pull", "r4"), "accordion has no 'pull' move; its moves: deal, move", "not-a-move"),
        (Move("deal", "r1"), "write 'deal'", "not-a-move"),
        (Move("deal"), "acts on stock", "not-a-move"),
    ],
)
def test_illegal_moves_raise_and_change_nothing(move: str | Move, reason: str, code: str) -> None:
    state = dealt("6S", "JS", "9H", "9S")
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match=reason) as info:
        GAME.apply(state, move)
    assert info.value.state is state and info.value.code == code
    assert state.to_json() == before


def test_a_pile_move_states_the_whole_count() -> None:
    state = GAME.apply(dealt("6S", "JS", "9H", "9S"), "r4-r3")
    with pytest.raises(IllegalMoveError, match=r"write r3-r2 x2"):
        GAME.apply(state, Move("move", "r3", "r2"))


def test_an_empty_stock_deals_nothing() -> None:
    state = ALL.deal(1)
    with pytest.raises(IllegalMoveError, match="deal_all"):
        ALL.apply(state, DEAL)
    state = GAME.deal_from(GAME.deck)
    for _ in range(52):
        state = GAME.apply(state, "deal")
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        GAME.apply(state, "deal")


# ------------------------------------------------------------- notation and JSON


def test_notation_round_trips_and_fills_in_the_count() -> None:
    state = GAME.apply(dealt("6S", "JS", "9H", "9S"), "r4-r3")
    move = GAME.parse_move(state, "R3-R2")
    assert move == Move("move", "r3", "r2", count=2) and str(move) == "r3-r2 x2"
    assert GAME.parse_move(state, str(move)) == move
    assert GAME.parse_move(state, "r3-r2 x1") == Move("move", "r3", "r2")  # as written
    assert GAME.parse_move(state, "deal") == DEAL
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, str(move)) == move


@pytest.mark.parametrize(
    "text", ["draw", "pull r1", "deal r1", "r1-r99", "deal x2", "r2-r1 =9S", "p1 deal", ""]
)
def test_unreadable_moves(text: str) -> None:
    state = dealt("6S", "JS", "9H", "9S")
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(state, text)


def test_json_round_trips() -> None:
    state = GAME.apply(dealt("6S", "JS", "9H", "9S"), "r4-r3")
    data = state.to_json()
    assert data["piles"]["r3"] == {"cards": ["9H", "9S"], "down": 0}
    assert data["piles"]["stock"]["down"] == 48
    assert GAME.from_json(json.dumps(data)) == state
    assert patience.state_from_json(data) == state
    assert eval(repr(state), {"patience": patience}) == state
    state = ALL.deal(9)
    assert ALL.from_json(state.to_json()) == state


def test_loading_checks_the_row_and_the_stock() -> None:
    data = dealt("6S", "JS", "9H", "9S").to_json()
    gap = json.loads(json.dumps(data))
    gap["piles"]["r2"], gap["piles"]["r5"] = gap["piles"]["r5"], gap["piles"]["r2"]
    with pytest.raises(InvalidStateError, match="packed to the left"):
        GAME.from_json(gap)
    shown = json.loads(json.dumps(data))
    shown["piles"]["stock"]["down"] = 0
    with pytest.raises(InvalidStateError, match="face-down"):
        GAME.from_json(shown)
    down = json.loads(json.dumps(data))
    down["piles"]["r1"]["down"] = 1
    with pytest.raises(InvalidStateError, match="face-down"):
        GAME.from_json(down)
    full = ALL.deal(2).to_json()
    full["piles"]["r52"], full["piles"]["stock"] = (
        {"cards": [], "down": 0},
        {"cards": full["piles"]["r52"]["cards"], "down": 1},
    )
    with pytest.raises(InvalidStateError, match="deal_all"):
        ALL.from_json(full)


# --------------------------------------------------------- views, hooks, display


def test_views_hide_the_stock() -> None:
    state = dealt("6S", "JS")
    view = GAME.view(state)
    assert view.piles["stock"].cards == (Card.HIDDEN,) * 50
    assert view.piles["r2"] == state.piles["r2"]


def test_canonical_key_sees_only_the_top_cards() -> None:
    # The cards beneath a top card never take part in a match again.
    a = GAME.apply(GAME.apply(dealt("4C", "4D", "4H"), "r2-r1"), "r2-r1")
    b = GAME.apply(GAME.apply(dealt("4D", "4C", "4H"), "r2-r1"), "r2-r1")
    assert row(a) == ["4C 4D 4H"] and row(b) == ["4D 4C 4H"]
    assert a != b and GAME.canonical_key(a) == GAME.canonical_key(b)
    c = GAME.apply(dealt("4D", "4C"), "r2-r1")  # top 4C, a different stock
    d = GAME.apply(dealt("4C", "4D"), "r2-r1")  # top 4D
    assert GAME.canonical_key(c) != GAME.canonical_key(d)


def test_solver_hooks() -> None:
    state = GAME.deal(4)
    assert GAME.score_bound(state) == 1 and GAME.may_win(state)
    solution = patience.solve(GAME, dealt("6S", "JS", "9H", "9S"), goal="score", max_nodes=2000)
    assert solution.score is not None and solution.score >= 1


def short_row(rng: random.Random, piles: int) -> State:
    """A dealt-out position with every card gathered into ``piles`` piles."""
    cards = [str(c) for c in ALL.deck]
    rng.shuffle(cards)
    cuts = sorted(rng.sample(range(1, len(cards)), piles - 1))
    data = ALL.deal(0).to_json()
    for k, (a, b) in enumerate(zip([0, *cuts], [*cuts, len(cards)])):
        data["piles"][f"r{k + 1}"] = {"cards": cards[a:b], "down": 0}
    for k in range(piles, 52):
        data["piles"][f"r{k + 1}"] = {"cards": [], "down": 0}
    return ALL.from_json(data)


def test_tops_in_groups_that_never_meet_cannot_win() -> None:
    """may_win says no once the top cards split into groups no chain of
    shared suits and ranks joins (here 3H and 7S share nothing, and nothing
    links them): checked against every line of play from short rows."""
    rng = random.Random(11)
    refused = 0
    for _ in range(150):
        state = short_row(rng, rng.randint(3, 8))
        truth = winnable(ALL, state, 1_000_000)
        assert truth is not None
        if not ALL.may_win(state):
            refused += 1
            assert not truth, state.to_json()
        found = patience.solve(ALL, state, max_nodes=None)
        assert found.won == truth and found.status == ("won" if truth else "lost")
    assert refused >= 10
    apart = ALL.from_json(
        {
            **ALL.deal(0).to_json(),
            "piles": {
                "stock": {"cards": [], "down": 0},
                "r1": {"cards": [str(c) for c in ALL.deck if str(c) not in ("7S", "3H")]},
                "r2": {"cards": ["7S"]},
                "r3": {"cards": ["3H"]},
                **{f"r{k}": {"cards": []} for k in range(4, 53)},
            },
        }
    )
    assert not ALL.is_over(apart)  # 7S goes on r1's king of spades
    assert not ALL.may_win(apart) and winnable(ALL, apart, 1_000_000) is False


def test_render() -> None:
    state = GAME.apply(dealt("6S", "JS", "9H", "9S"), "r4-r3")
    assert str(state) == (
        "Accordion\nstock: [48] ##\n   r1: 6S JS [2]9S\nin progress, score 51 (lower is better)"
    )
    assert str(GAME.deal(1)).splitlines()[2] == "   r1: ."
    lines = str(ALL.deal(1)).splitlines()
    assert lines[1] == "stock: ." and [ln[:5] for ln in lines[2:6]] == [
        "   r1",
        "  r14",
        "  r27",
        "  r40",
    ]


# ------------------------------------------------------------- options and play


def test_options() -> None:
    assert patience.describe("accordion").options == {"deal_all": False, "cards": 52}
    assert patience.describe("late-binding-solitaire").options == {"deal_all": True, "cards": 18}
    assert repr(ALL) == "patience.game('accordion', deal_all=True)"
    with pytest.raises(InvalidOptionError, match="deal_all"):
        patience.game("accordion", deal_all="yes")
    assert ALL != GAME and patience.game("accordion", **ALL.options) == ALL


@pytest.mark.parametrize("game", [GAME, ALL], ids=["dealing", "deal_all"])
def test_random_play_keeps_its_promises(game: Accordion) -> None:
    deck = Counter(game.deck)
    rng = random.Random(game.name + str(game.options))
    for seed in range(12):
        state = game.deal(seed)
        while not game.is_over(state):
            moves = game.legal_moves(state)
            assert moves and len(set(moves)) == len(moves)
            move = rng.choice(moves)
            assert game.parse_move(state, str(move)) == move
            after = game.apply(state, move)
            assert after != state
            assert Counter(c for p in after.piles.values() for c in p) == deck
            state = after
        assert game.legal_moves(state) == ()
        assert game.from_json(state.to_json()) == state
        assert game.is_won(state) == (game.score(state) == 1)


# ------------------------------------------------- fewer cards, Late-Binding


def test_late_binding_lays_out_eighteen_cards_and_keeps_the_rest_out_of_play() -> None:
    game = registered("late-binding-solitaire", Accordion)
    assert (
        game.options == {"deal_all": True, "cards": 18} and game.title == "Late-Binding Solitaire"
    )
    assert patience.game("accordion-knuth") == game
    cards = game.shuffled_cards(3)
    state = game.deal(3)
    assert [n for n in state.piles if n.startswith("r")] == [f"r{k}" for k in range(1, 19)]
    assert [state.piles[f"r{k + 1}"].cards for k in range(18)] == [(c,) for c in cards[:18]]
    unused = state.piles["unused"]
    assert unused.cards == cards[18:] and unused.down == 34 and not state.piles["stock"]
    assert game.score(state) == 18
    assert all(c.is_hidden for c in game.view(state).piles["unused"].cards)
    assert DEAL not in game.legal_moves(state)
    # Play never touches the cards out of play, and one pile of 18 wins.
    rng = random.Random(3)
    while game.legal_moves(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert state.piles["unused"] == unused
        assert sum(len(state.piles[f"r{k}"]) for k in range(1, 19)) == 18


def test_a_won_game_of_eighteen_is_one_pile() -> None:
    game = patience.game("late-binding-solitaire")
    # Eighteen spades and hearts in a chain where each card matches the one
    # before it: folding from the left gathers them all.
    chain = [f"{r}S" for r in "A23456789TJQK"] + ["KH", "QH", "JH", "TH", "9H"]
    state = game.deal_from(order(*chain))
    while game.legal_moves(state):
        state = game.apply(state, game.legal_moves(state)[0])
    assert game.is_won(state) and game.score(state) == 1 and len(state.piles["r1"]) == 18


def test_the_cards_option_plays_part_of_the_pack() -> None:
    game = accordion(cards=10)
    assert game.options == {"deal_all": False, "cards": 10}
    state = game.deal(5)
    assert len(state.piles["stock"]) == 10 and len(state.piles["unused"]) == 42
    assert "r11" not in state.piles and game.score(state) == 10
    whole = accordion(cards=52)
    assert whole == GAME and "unused" not in whole.deal(5).piles
    for bad in (1, 53, "18", True):
        with pytest.raises(InvalidOptionError):
            accordion(cards=bad)


@pytest.mark.parametrize("name", ["accordion", "late-binding-solitaire"])
def test_a_stacked_pile_is_picked_up_by_the_card_drawn_on_top(name: str) -> None:
    # A pile is drawn as its top card with a count, so a drag starts there.
    game = patience.game(name, **({"deal_all": True} if name == "accordion" else {}))
    state = game.deal(1)
    while not any(m.count > 1 for m in game.legal_moves(state)):
        state = game.apply(state, game.legal_moves(state)[0])
    whole = next(m for m in game.legal_moves(state) if m.count > 1)
    assert whole.source is not None and whole.target is not None
    top = len(state.piles[whole.source]) - 1
    held = game.grab(state, whole.source, top)
    assert held.held == (whole.source, top) and whole.target in held.targets
    assert game.click(state, whole.target, None, held=held.held).move == whole
