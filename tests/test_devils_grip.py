"""Rule tests for Devil's Grip."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Mapping

import pytest
from arrange import registered

import patience
import patience.games.devils_grip  # registers the game until patience.games imports it
from patience import (
    Card,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    Move,
    Pile,
    State,
)
from patience.games.devils_grip import (
    CELLS,
    DRAW,
    REDEAL,
    SEQUENCES,
    DevilsGrip,
    builds_on,
)


def devils_grip(**options: object) -> DevilsGrip:
    """The registered game with ``options``."""
    return registered("devils-grip", DevilsGrip, **options)


GAME = devils_grip()
ONE = devils_grip(passes=1)
SUITS = "CDHS"


def complete(suit: str, base: int) -> list[Card]:
    """A finished stack: the sequence from ``base`` (2, 3 or 4) in ``suit``."""
    return [Card(r, suit) for r in SEQUENCES[base - 2]]


def position(
    cells: Mapping[str, str],
    talon: str = "",
    stock: str = "",
    rest: str = "stock",
    game: DevilsGrip = GAME,
) -> State:
    """A position from card text, checked like a loaded state.

    ``cells`` gives some stacks (bottom card first), ``talon`` its cards
    (bottom first) and ``stock`` its cards top first. Every other cell holds a
    single jack, queen or king that fits on none of the given stacks, so it
    takes nothing and goes nowhere; the cards left over go to the bottom of
    the stock (``rest="stock"``) or of the talon.
    """
    piles = {cell: Pile.parse(text) for cell, text in cells.items()}
    talon_pile = Pile.parse(talon)
    top = [Card.parse(t) for t in stock.split()]
    pool = Counter(GAME.deck) - Counter(c for p in piles.values() for c in p.cards)
    pool -= Counter(talon_pile.cards) + Counter(top)
    tops = [p.cards[-1] for p in piles.values()]
    for cell in CELLS:
        if cell not in piles:
            card = min(
                c
                for c in pool
                if pool[c] and c.rank > 10 and not any(builds_on(c, t) for t in tops)
            )
            pool[card] -= 1
            piles[cell] = Pile((card,))
    left = sorted(pool.elements())
    if rest == "stock":
        cards = tuple(reversed(top + left))
        talon_cards = talon_pile.cards
    else:
        cards = tuple(reversed(top))
        talon_cards = tuple(left) + talon_pile.cards
    state = game.make_state(
        {"stock": Pile(cards, len(cards)), "talon": Pile(talon_cards), **piles},
        {"pass": 1, "progress": False},
    )
    return game.from_json(state.to_json())


def text(state: State, pile: str) -> str:
    return str(state.piles[pile])


# ------------------------------------------------------------------ the deal


def test_the_deck_and_the_deal() -> None:
    assert len(GAME.deck) == 96
    assert Counter(c.rank for c in GAME.deck) == {r: 8 for r in range(2, 14)}
    cards = GAME.shuffled_cards(2026)
    state = GAME.deal(2026)
    assert [state.piles[cell].cards for cell in CELLS] == [(c,) for c in cards[:24]]
    assert CELLS[:9] == ("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2")
    stock = state.piles["stock"]
    assert len(stock) == 72 and stock.down == 72 and stock.top == cards[24]
    assert state.piles["talon"].is_empty
    assert state.info == {"pass": 1, "progress": False}
    assert GAME.score(state) == 72 and GAME.better is patience.Better.LOWER


# ------------------------------------------------------------------ building


def test_the_three_sequences() -> None:
    assert SEQUENCES == ((2, 5, 8, 11), (3, 6, 9, 12), (4, 7, 10, 13))
    for suit in SUITS:
        for ranks in SEQUENCES:
            for low, high in itertools.pairwise(ranks):
                assert builds_on(Card(high, suit), Card(low, suit))
    assert not builds_on(Card(2, "S"), Card(11, "S"))  # no wrap past the king
    assert not builds_on(Card(3, "S"), Card(13, "S"))
    assert not builds_on(Card(6, "S"), Card(2, "S"))  # by three, no other step


def test_building_in_suit_only() -> None:
    state = position({"a1": "2S", "b1": "5S", "c1": "5H", "d1": "2H 5H 8H", "e1": "8S"})
    moves = GAME.legal_moves(state)
    assert Move("move", "b1", "a1") in moves
    assert Move("move", "c1", "a1") not in moves
    with pytest.raises(IllegalMoveError, match="same suit, three ranks higher"):
        GAME.apply(state, "c1-a1")
    with pytest.raises(IllegalMoveError, match="same suit, three ranks higher"):
        GAME.apply(state, "e1-d1")  # an eight on an eight
    state = position({"a1": "5S"}, talon="8H 8S")
    assert Move("move", "talon", "a1") in GAME.legal_moves(state)
    state = position({"a1": "5S"}, talon="8S 8H")
    with pytest.raises(IllegalMoveError, match="8♥ does not build on 5♠: only 8♠ does"):
        GAME.apply(state, "talon-a1")


def test_a_whole_stack_moves_and_the_space_refills_from_the_stock() -> None:
    state = position({"a1": "2S", "b1": "5S 8S"}, stock="9D 4H")
    assert GAME.parse_move(state, "b1-a1") == Move("move", "b1", "a1", count=2)
    state = GAME.apply(state, "b1-a1")
    assert text(state, "a1") == "2S 5S 8S"
    assert text(state, "b1") == "9D"  # at once, from the stock's top
    assert state.piles["stock"].top == Card.parse("4H")
    assert state.info["progress"] is True


def test_a_card_moves_with_what_lies_on_it() -> None:
    # The 8S (with the JS on it) may leave the 5S behind: a build that brings
    # nothing into the grid.
    state = position({"a1": "2S 5S", "b1": "5S 8S JS"})
    move = GAME.parse_move(state, "b1-a1")
    assert move == Move("move", "b1", "a1", count=2) and str(move) == "b1-a1 x2"
    with pytest.raises(IllegalMoveError, match="8♠ moves with what lies on it: 2 cards"):
        GAME.apply(state, Move("move", "b1", "a1"))
    with pytest.raises(IllegalMoveError, match="8♠ moves with what lies on it: 2 cards"):
        GAME.apply(state, "b1-a1 x3")
    after = GAME.apply(state, move)
    assert text(after, "a1") == "2S 5S 8S JS" and text(after, "b1") == "5S"
    assert after.info["progress"] is False
    assert GAME.score(after) == GAME.score(state)
    assert GAME.progress(after) == GAME.progress(state)  # no card entered the grid


def test_the_talon_top_builds_and_refills_once_the_stock_is_empty() -> None:
    state = position({"a1": "2D", "b1": "5D"}, talon="9C 5D", rest="talon")
    assert state.piles["stock"].is_empty
    state = GAME.apply(state, "talon-a1")
    assert text(state, "a1") == "2D 5D" and state.piles["talon"].top == Card.parse("9C")
    assert state.info["progress"] is True
    # With the stock empty, a space is filled from the talon's top card.
    state = position({"a1": "2D", "b1": "5D 8D"}, talon="9C", rest="talon")
    before = len(state.piles["talon"])
    state = GAME.apply(state, "b1-a1")
    assert text(state, "b1") == "9C"  # the space is filled from the talon's top
    assert len(state.piles["talon"]) == before - 1


def test_the_talon_may_run_empty() -> None:
    state = position({"a1": "2D"}, talon="5D", stock="9C")
    state = GAME.apply(state, "talon-a1")
    assert state.piles["talon"].is_empty  # a talon is no space: nothing refills it
    assert state.piles["stock"].top == Card.parse("9C")


def test_spaces_never_stay_empty() -> None:
    rng = random.Random(4)
    for seed in range(3):
        state = GAME.deal(seed)
        while not GAME.is_over(state):
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
            assert all(state.piles[cell] for cell in CELLS)


# ------------------------------------------------------------------ swaps


def test_a_twin_build_that_would_only_swap_two_stacks_is_not_offered() -> None:
    # Two packs: the 5S on one 2S could go onto the other 2S, leaving a lone 2S
    # behind, which is what the other stack held. Nothing would change.
    state = position({"a1": "2S 5S", "b1": "2S"})
    assert "a1-b1" not in {str(m) for m in GAME.legal_moves(state)}


def test_stacks_are_not_swapped_since_that_would_change_nothing() -> None:
    # The rules text lets any two stacks change places, but where a stack stands
    # never matters to play: a swap would leave the position as it was.
    state = position({"a1": "2S 5S", "c2": "KD", "h3": "9H"})
    assert not any(m.kind == "swap" for m in GAME.legal_moves(state))
    with pytest.raises(InvalidMoveError, match="where a stack stands never matters"):
        GAME.parse_move(state, "swap a1-c2")
    with pytest.raises(IllegalMoveError, match="where a stack stands never matters") as info:
        GAME.apply(state, Move("swap", "a1", "c2"))
    assert info.value.code == "not-a-move"


# ------------------------------------------------------------------ the stock


def test_the_stock_turns_three_at_a_time() -> None:
    cards = GAME.shuffled_cards(9)
    state = GAME.apply(GAME.deal(9), "draw")
    # The first three stock cards, the third on top.
    assert state.piles["talon"].cards == cards[24:27]
    assert len(state.piles["stock"]) == 69 and state.info["progress"] is False


@pytest.mark.parametrize("left", [1, 2])
def test_fewer_than_three_turn_what_is_left(left: int) -> None:
    stock = "9D TD JD"[: 3 * left - 1]
    state = position({}, stock=stock, talon="5C", rest="talon")
    assert len(state.piles["stock"]) == left
    state = GAME.apply(state, "draw")
    assert state.piles["stock"].is_empty
    assert [str(c) for c in state.piles["talon"].cards[-left:]] == stock.split()


def test_unlimited_passes_go_on_while_a_pass_brings_a_card_in() -> None:
    state = position({"a1": "2D"}, talon="9C 5D", rest="talon")
    assert GAME.legal_moves(state)[0] == Move("move", "talon", "a1")
    assert REDEAL not in GAME.legal_moves(state)  # nothing entered the grid this pass
    with pytest.raises(IllegalMoveError, match="no card has entered the grid during this pass"):
        GAME.apply(state, "redeal")
    state = GAME.apply(state, "talon-a1")
    assert REDEAL in GAME.legal_moves(state)
    talon = state.piles["talon"].cards
    state = GAME.apply(state, "redeal")
    assert state.piles["talon"].is_empty
    assert state.piles["stock"].cards == tuple(reversed(talon))
    assert state.piles["stock"].top == talon[0]  # the first card turned comes first again
    assert state.info == {"pass": 2, "progress": False}


def test_unlimited_passes_end_with_a_pass_that_changes_nothing() -> None:
    # Nothing in the stock fits anywhere: the game is over from the start,
    # though the stock may still be turned through once.
    state = position({}, stock="9C 9D 9H")
    assert GAME.is_over(state) and GAME.result(state).ending == "no progress"
    while state.piles["stock"]:
        moves = GAME.legal_moves(state)
        assert DRAW in moves and not any(m.source == "talon" for m in moves)
        state = GAME.apply(state, "draw")
        assert GAME.is_over(state)
    assert GAME.legal_moves(state) == () and GAME.result(state).ending == "no moves"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.apply(state, "redeal")


def test_one_pass() -> None:
    state = position({"a1": "2D"}, talon="9C 5D", rest="talon", game=ONE)
    state = ONE.apply(state, "talon-a1")
    assert REDEAL not in ONE.legal_moves(state)
    while not ONE.is_over(state):
        moves = ONE.legal_moves(state)
        state = ONE.apply(state, moves[0])
    assert ONE.legal_moves(state) == ()
    state = position({"a1": "2D", "b1": "2C"}, talon="5C 5D", rest="talon", game=ONE)
    state = ONE.apply(state, "talon-a1")
    assert not ONE.is_over(state)  # the 5C may still go on the 2C
    with pytest.raises(IllegalMoveError, match="only one pass"):
        ONE.apply(state, "redeal")


def test_a_fixed_number_of_passes() -> None:
    two = devils_grip(passes=2)
    state = position({}, stock="9C 9D 9H", game=two)
    for _ in range(len(state.piles["stock"]) // 3 + 1):
        if state.piles["stock"]:
            state = two.apply(state, "draw")
    assert REDEAL in two.legal_moves(state)  # a second pass even without progress
    state = two.apply(state, "redeal")
    assert state.info["pass"] == 2
    while state.piles["stock"]:
        state = two.apply(state, "draw")
    assert two.is_over(state)


# ------------------------------------------------------------ the end


def test_builds_that_leave_cards_behind_never_end_the_game_or_take_a_move_away() -> None:
    # The 8S goes back and forth between the two 5S: builds that leave cards
    # behind bring no card into the grid, however many there are.
    state = position({"a1": "2S 5S 8S", "b1": "5S"})
    start = GAME.progress(state)
    shuttle = ("a1-b1", "b1-a1")
    for k in range(300):
        state = GAME.apply(state, shuttle[k % 2])
    assert GAME.progress(state) == start and not GAME.is_over(state)
    assert DRAW in GAME.legal_moves(state)


def test_a_line_to_progress_through_the_stock() -> None:
    # The 5S lies third in the stock: one draw of three puts it on the
    # talon's top, and then it builds on the 2S.
    state = position({"a1": "2S"}, stock="9C 9D 5S")
    assert not GAME.is_over(state)
    assert GAME.progress_line(state) == (DRAW, Move("move", "talon", "a1"))
    assert GAME.result(state).ending is None


def test_random_play_terminates() -> None:
    for game in (GAME, ONE):
        rng = random.Random(game.name + str(game.options))
        for seed in range(6):
            state = game.deal(seed)
            policy = patience.RandomPolicy()
            policy.new_deal()
            for _ in range(20_000):
                if game.is_over(state):
                    break
                state = game.apply(state, policy.choose(game, state, rng))
            assert game.is_over(state)
            assert game.result(state).ending in ("won", "no moves", "no progress")
            assert game.is_won(state) == (game.score(state) == 0)


def test_a_won_game() -> None:
    # The grid starts with the 24 bases; the stock brings each base's three
    # cards as one turn of three, its last (and uppermost) card the one that
    # fits first.
    bases = [(s, b) for b in (2, 3, 4) for s in SUITS for _ in range(2)]
    grid = [complete(s, b)[0] for s, b in bases]
    stock = []
    for s, b in bases:
        stock += reversed(complete(s, b)[1:])
    state = GAME.deal_from(grid + stock)
    scores = [GAME.score(state)]
    while not GAME.is_over(state):
        builds = [m for m in GAME.legal_moves(state) if m.source == "talon"]
        state = GAME.apply(state, builds[0] if builds else DRAW)
        scores.append(GAME.score(state))
    assert GAME.is_won(state) and GAME.score(state) == 0
    assert sorted(scores, reverse=True) == scores and scores[-1] == 0
    assert all(len(state.piles[cell]) == 4 for cell in CELLS)
    assert GAME.result(state).summary() == "won, score 0 (lower is better)"
    assert GAME.may_win(state) and GAME.score_bound(state) == 0


# ------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    ("move", "reason", "code"),
    [
        ("talon-a1", "talon is empty", "empty-pile"),
        ("redeal", "the stock is not used up", "no-redeal"),
        (Move("draw", "talon"), "acts on the stock alone", "not-a-move"),
        (Move("draw"), "acts on stock", "not-a-move"),
        (Move("move", "a1", "stock"), "only onto the grid", "grid-only"),
        (Move("move", "stock", "a1"), "turned with 'draw'", "not-a-move"),
        (Move("pull", "a1"), "has no 'pull' move; its moves: draw, move, redeal", "not-a-move"),
        (Move("move", "a1", "a1"), "onto itself", "same-cell"),
        (Move("move", "a1", "b1", player=1), "a one-player game", "not-a-move"),
        (Move("swap", "a1", "b1"), "stacks are not swapped", "not-a-move"),
    ],
)
def test_illegal_moves_raise_and_change_nothing(move: str | Move, reason: str, code: str) -> None:
    state = position({"a1": "2S", "b1": "5S 8S"})
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match=reason) as info:
        GAME.apply(state, move)
    assert info.value.state is state and info.value.code == code
    assert state.to_json() == before


# ------------------------------------------------------------- notation and JSON


def test_notation_round_trips() -> None:
    state = position({"a1": "2S", "b1": "5S 8S", "c1": "2H 5H", "d1": "5H 8H JH"})
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, str(move)) == move
    assert Move("move", "b1", "a1", count=2) in GAME.legal_moves(state)
    assert GAME.parse_move(state, "D1-C1") == Move("move", "d1", "c1", count=2)
    assert GAME.parse_move(state, "d1-c1 x1") == Move("move", "d1", "c1")  # as written
    assert GAME.parse_move(state, "draw") == DRAW and GAME.parse_move(state, "redeal") == REDEAL


@pytest.mark.parametrize(
    "text",
    ["pull a1", "draw a1", "redeal x2", "a1-b1 =x", "a1-z9", "talon-stock", "swap a1-b1", ""],
)
def test_unreadable_moves(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(GAME.deal(1), text)


def test_json_round_trips_and_loading_checks() -> None:
    state = GAME.apply(position({"a1": "2S 5S 8S", "b1": "5S"}, talon="9C"), "a1-b1")
    data = state.to_json()
    assert data["info"] == {"pass": 1, "progress": False}
    assert GAME.from_json(json.dumps(data)) == state
    assert patience.state_from_json(data) == state
    assert eval(repr(state), {"patience": patience}) == state
    broken = json.loads(json.dumps(data))
    broken["piles"]["b1"]["cards"] = ["8S", "5S"]
    with pytest.raises(InvalidStateError, match="b1 is not built up in suit by three"):
        GAME.from_json(broken)
    space = json.loads(json.dumps(data))
    space["piles"]["talon"]["cards"] += space["piles"]["c1"]["cards"]
    space["piles"]["c1"]["cards"] = []
    with pytest.raises(InvalidStateError, match="c1 is empty"):
        GAME.from_json(space)
    for key, value in [("pass", 0), ("progress", 1)]:
        bad = json.loads(json.dumps(data))
        bad["info"][key] = value
        with pytest.raises(InvalidStateError, match=key):
            GAME.from_json(bad)
    late = ONE.deal(1).to_json()
    late["info"]["pass"] = 2
    with pytest.raises(InvalidStateError, match="from 1 to 1"):
        ONE.from_json(late)


# --------------------------------------------------------- views, hooks, display


def test_views_hide_only_the_stock() -> None:
    state = GAME.apply(GAME.deal(5), "draw")
    view = GAME.view(state)
    assert view.piles["stock"].cards == (Card.HIDDEN,) * 69
    assert view.piles["talon"] == state.piles["talon"]
    assert all(view.piles[c] == state.piles[c] for c in CELLS)


def test_canonical_key_ignores_where_stacks_stand() -> None:
    state = position({"a1": "2S", "b1": "5S 8S"})
    data = state.to_json()
    data["piles"]["a1"], data["piles"]["b1"] = data["piles"]["b1"], data["piles"]["a1"]
    swapped = GAME.from_json(data)
    assert swapped != state and GAME.canonical_key(swapped) == GAME.canonical_key(state)
    built = GAME.apply(state, "b1-a1")
    assert GAME.canonical_key(built) != GAME.canonical_key(state)


def test_solver_hooks() -> None:
    state = GAME.deal(4)
    assert GAME.safe_moves(state) == ()
    assert GAME.score_bound(state) == 0 and GAME.may_win(state)
    found = patience.solve(GAME, state, max_nodes=300)
    assert found.status in ("won", "lost", "unknown")


def test_render() -> None:
    state = position({"a1": "2S 5S 8S", "b1": "5S"}, talon="9C 7H")
    lines = str(state).splitlines()
    assert lines[0] == "Devil's Grip"
    assert lines[1].startswith("stock: [") and lines[1].endswith("##  (pass 1)")
    assert lines[2] == "talon: [2] 7H"
    assert lines[3] == "         a     b     c     d     e     f     g     h"
    assert lines[4].startswith("   1 2S-8S    5S")
    assert lines[-1].startswith("in progress, score ")
    assert "(pass 1 of 1)" in str(ONE.deal(1))


# ------------------------------------------------------------- options


def test_options() -> None:
    assert patience.describe("devils-grip").options == {"passes": None}
    assert repr(ONE) == "patience.game('devils-grip', passes=1)"
    assert patience.game("devils-grip", **ONE.options) == ONE and ONE != GAME
    for option, value in [("passes", 0), ("passes", True), ("idle_limit", 100)]:
        with pytest.raises(InvalidOptionError, match=option):
            patience.game("devils-grip", **{option: value})
