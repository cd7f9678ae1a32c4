"""Rule tests for Calculation."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import patience
import patience.games.calculation  # registers the game until patience.games imports it
from patience import (
    Card,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    Move,
    Pile,
    State,
)
from patience.games.calculation import (
    DRAW,
    FOUNDATIONS,
    SEQUENCES,
    WASTES,
    Calculation,
    next_rank,
    sequence,
)


def calculation() -> Calculation:
    """The registered game."""
    game = patience.game("calculation")
    assert isinstance(game, Calculation)
    return game


GAME = calculation()
A, J, Q, K = 1, 11, 12, 13


def order(*first: str) -> list[Card]:
    """The standard deck with ``first`` moved to the top, in that order."""
    top = [Card.parse(t) for t in first]
    return top + [c for c in GAME.deck if c not in top]


def ranks(pile: Pile) -> list[int]:
    return [c.rank for c in pile]


def position(
    foundations: tuple[str, str, str, str],
    wastes: tuple[str, str, str, str] = ("", "", "", ""),
    turned: str = "",
    stock: str = "",
) -> State:
    """A position from card text; every card not named goes to the bottom of the stock.

    ``stock`` lists the stock's cards top first.
    """
    named = {
        "turned": Pile.parse(turned),
        **{f: Pile.parse(text) for f, text in zip(FOUNDATIONS, foundations)},
        **{w: Pile.parse(text) for w, text in zip(WASTES, wastes)},
    }
    top = [Card.parse(t) for t in stock.split()]
    used = Counter(c for p in named.values() for c in p.cards) + Counter(top)
    rest = [c for c in GAME.deck if not used[c]]
    cards = tuple(reversed(top + rest))
    state = GAME.make_state({"stock": Pile(cards, len(cards)), **named})
    return GAME.from_json(state.to_json())  # checked like any loaded state


# ------------------------------------------------------------------ arithmetic


def test_the_four_foundation_sequences() -> None:
    assert SEQUENCES == (
        (A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K),
        (2, 4, 6, 8, 10, Q, A, 3, 5, 7, 9, J, K),
        (3, 6, 9, Q, 2, 5, 8, J, A, 4, 7, 10, K),
        (4, 8, Q, 3, 7, J, 2, 6, 10, A, 5, 9, K),
    )
    for k, ranks_ in enumerate(SEQUENCES, start=1):
        assert sequence(k) == ranks_
        assert sorted(ranks_) == list(range(1, 14))  # every rank once, ending on the king
    with pytest.raises(ValueError, match="1, 2, 3 or 4"):
        sequence(5)


def test_next_rank_wraps_past_the_king() -> None:
    assert next_rank(Q, 2) == A
    assert next_rank(Q, 3) == 2 and next_rank(J, 3) == A
    assert next_rank(Q, 4) == 3 and next_rank(J, 4) == 2 and next_rank(10, 4) == A
    assert next_rank(K, 1) == A  # arithmetically; a foundation is complete at its king


# ------------------------------------------------------------------ the deal


def test_the_bases_are_the_first_of_each_rank_from_the_top() -> None:
    state = GAME.deal_from(order("7C", "3D", "AS", "3H", "2C", "KD", "4S", "AH"))
    assert [str(state.piles[f]) for f in FOUNDATIONS] == ["AS", "2C", "3D", "4S"]
    stock = state.piles["stock"]
    assert len(stock) == 48 and stock.down == 48
    # The rest keep their order: 7C on top, then 3H, KD, AH ...
    assert [str(c) for c in stock.cards[::-1][:4]] == ["7C", "3H", "KD", "AH"]
    assert all(state.piles[p].is_empty for p in ("turned", *WASTES))
    assert GAME.score(state) == 4 and GAME.legal_moves(state) == (DRAW,)


def test_the_seeded_deal_takes_the_first_of_each_rank() -> None:
    cards = GAME.shuffled_cards(11)
    state = GAME.deal(11)
    for k, f in enumerate(FOUNDATIONS, start=1):
        assert state.piles[f].cards == (next(c for c in cards if c.rank == k),)
    rest = [c for c in cards if c not in {state.piles[f].top for f in FOUNDATIONS}]
    assert list(state.piles["stock"].cards[::-1]) == rest


# ------------------------------------------------------------------ play


def test_a_turned_card_must_be_placed_before_the_next() -> None:
    state = GAME.apply(GAME.deal_from(order("AC", "2C", "3C", "4C", "9D")), "draw")
    assert str(state.piles["turned"]) == "9D"
    moves = GAME.legal_moves(state)
    assert moves == tuple(Move("move", "turned", w) for w in WASTES)  # 9D fits no foundation
    with pytest.raises(IllegalMoveError, match="9♦ must be placed before the next is turned"):
        GAME.apply(state, "draw")
    state = GAME.apply(state, "turned-w3")
    assert str(state.piles["w3"]) == "9D" and state.piles["turned"].is_empty
    assert GAME.legal_moves(state) == (DRAW,)


def test_the_turned_card_goes_to_a_foundation_that_takes_it() -> None:
    state = GAME.apply(GAME.deal_from(order("AC", "2C", "3C", "4C", "4D")), "draw")
    assert GAME.legal_moves(state)[0] == Move("move", "turned", "f2")  # 2, then 4
    with pytest.raises(IllegalMoveError, match="f3 takes a 6 next, not 4♦"):
        GAME.apply(state, "turned-f3")
    state = GAME.apply(state, "turned-f2")
    assert str(state.piles["f2"]) == "2C 4D" and GAME.score(state) == 5
    # A four may go on a three by ones as well as on a two by twos: the player chooses.
    state = position(("AC 2C 3C", "2D", "3D", "4C"), turned="4D")
    assert GAME.legal_moves(state)[:2] == (
        Move("move", "turned", "f1"),
        Move("move", "turned", "f2"),
    )


def test_waste_tops_go_only_to_foundations() -> None:
    state = position(("AC", "2C", "3C", "4C"), wastes=("2D 9H", "3H", "", ""), turned="KS")
    moves = GAME.legal_moves(state)
    assert Move("move", "w2", "f1") not in moves  # f1 wants a 2; the 2D is buried under 9H
    for text, reason in [
        ("w1-w2", "goes only to a foundation"),
        ("w1-turned", "goes only to a foundation"),
        ("w1-f1", "f1 takes a 2 next, not 9♥"),
        ("w3-f1", "w3 is empty"),
        ("f1-w1", "on a foundation stays there"),
        ("stock-w1", "turned with 'draw'"),
        ("turned-stock", "a foundation or a waste pile"),
    ]:
        with pytest.raises(IllegalMoveError, match=reason):
            GAME.apply(state, text)


def test_waste_tops_may_go_up_while_a_card_is_turned() -> None:
    state = position(("AC", "2C", "3C", "4C"), wastes=("9H 2D", "", "", ""), turned="KS")
    moves = GAME.legal_moves(state)
    assert Move("move", "w1", "f1") in moves and DRAW not in moves
    state = GAME.apply(state, "w1-f1")
    assert str(state.piles["f1"]) == "AC 2D" and str(state.piles["turned"]) == "KS"
    state = GAME.apply(state, "w4")  # the short form of turned-w4
    assert GAME.legal_moves(state)[-1] == DRAW


def test_building_wraps_past_the_king() -> None:
    # f2 builds 2 4 6 8 10 Q, then the ace; f4 4 8 Q, then the three.
    state = GAME.deal_from(order("AC", "2C", "3C", "4C", "4D", "6D", "8D", "TD", "QD", "AD"))
    for _ in range(6):
        state = GAME.apply(GAME.apply(state, "draw"), "turned-f2")
    assert ranks(state.piles["f2"]) == [2, 4, 6, 8, 10, Q, A]
    state = position(("AC", "2C", "3C", "4C 8C QC"), turned="3D")
    assert Move("move", "turned", "f4") in GAME.legal_moves(state)
    state = GAME.apply(state, "turned-f4")
    assert ranks(state.piles["f4"]) == [4, 8, Q, 3]
    assert GAME.wants(state) == (2, 4, 6, 7)


def test_a_foundation_is_complete_at_its_king() -> None:
    f3 = "3C 6C 9C QC 2C 5C 8C JC AC 4C 7C TC KC"
    state = position(("AD", "2D", f3, "4D"), turned="3S")
    assert GAME.wants(state)[2] is None
    with pytest.raises(IllegalMoveError, match="f3 is complete"):
        GAME.apply(state, "turned-f3")


def test_one_pass_and_the_end() -> None:
    state = GAME.deal(5)
    draws = 0
    while state.piles["stock"]:
        state = GAME.apply(state, "draw")
        draws += 1
        place = next(m for m in GAME.legal_moves(state) if m.source == "turned")
        state = GAME.apply(state, place)
    assert draws == 48
    # The stock is used up: no redeal, and the game ends once no waste top fits.
    over = not GAME.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="game is over" if over else "only one pass"):
        GAME.apply(state, "draw")
    assert all(m.source in WASTES for m in GAME.legal_moves(state))
    while GAME.legal_moves(state):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert GAME.is_over(state) and not GAME.is_won(state)
    assert GAME.result(state).over


def test_a_won_game() -> None:
    # After the bases, deal every card in the order its foundation wants it.
    bases = ["AC", "2C", "3C", "4C"]
    pool = Counter(c for c in GAME.deck if str(c) not in bases)
    rest = []
    for ranks_ in SEQUENCES:
        for rank in ranks_[1:]:
            card = min(c for c in pool if pool[c] and c.rank == rank)
            pool[card] -= 1
            rest.append(str(card))
    state = GAME.deal_from(bases + rest)
    scores = [GAME.score(state)]
    while not GAME.is_over(state):
        state = GAME.apply(state, "draw")
        place = GAME.legal_moves(state)[0]
        assert place.target in FOUNDATIONS
        state = GAME.apply(state, place)
        scores.append(GAME.score(state))
    assert scores == list(range(4, 53))
    assert GAME.is_won(state) and GAME.legal_moves(state) == ()
    assert [ranks(state.piles[f]) for f in FOUNDATIONS] == [list(s) for s in SEQUENCES]
    assert GAME.result(state).summary() == "won, score 52 (higher is better)"
    assert GAME.score_bound(state) == 52 and GAME.may_win(state)


# ------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    ("move", "reason", "code"),
    [
        ("turned-w1", "no card is turned: draw first", "nothing-turned"),
        (Move("draw", "w1"), "write 'draw'", "not-a-move"),
        (Move("draw"), "acts on stock", "not-a-move"),
        (Move("pull", "w1"), "calculation has no 'pull' move; its moves: draw, move", "not-a-move"),
        (Move("move", "w1", "f1", count=2), "one card moves at a time", "not-a-move"),
        (Move("move", "w1", "f1", player=1), "a one-player game", "not-a-move"),
    ],
)
def test_illegal_moves_raise_and_change_nothing(move: str | Move, reason: str, code: str) -> None:
    state = position(("AC", "2C", "3C", "4C"), wastes=("2D", "", "", ""))
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match=reason) as info:
        GAME.apply(state, move)
    assert info.value.state is state and info.value.code == code
    assert state.to_json() == before


# ------------------------------------------------------------- notation and JSON


def test_notation() -> None:
    state = GAME.apply(GAME.deal(3), "draw")
    assert GAME.parse_move(state, "F2") == Move("move", "turned", "f2")
    assert GAME.parse_move(state, "turned-w1") == Move("move", "turned", "w1")
    assert GAME.parse_move(state, "w1-f3") == Move("move", "w1", "f3")
    assert GAME.parse_move(state, " draw ") == DRAW
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, str(move)) == move


@pytest.mark.parametrize(
    "text", ["pull w1", "draw w1", "w1-f1 x2", "w1-f1 =2H", "w1-f9", "p1 draw", "", "deal"]
)
def test_unreadable_moves(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(GAME.deal(3), text)


def test_json_round_trips_and_loading_checks() -> None:
    state = position(("AC 2D", "2C", "3C", "4C"), wastes=("9H", "", "KS 5D", ""), turned="7S")
    data = state.to_json()
    assert data["piles"]["turned"] == {"cards": ["7S"], "down": 0}
    assert GAME.from_json(json.dumps(data)) == state
    assert patience.state_from_json(data) == state
    assert eval(repr(state), {"patience": patience}) == state
    bad = json.loads(json.dumps(data))
    bad["piles"]["f2"]["cards"] = ["2C", "5D"]  # a two takes a four, not a five
    bad["piles"]["w3"]["cards"] = ["KS"]
    with pytest.raises(InvalidStateError, match="foundation f2"):
        GAME.from_json(bad)
    two = json.loads(json.dumps(data))
    two["piles"]["turned"]["cards"] = ["7S", "9H"]
    two["piles"]["w1"]["cards"] = []
    with pytest.raises(InvalidStateError, match="at most one card"):
        GAME.from_json(two)
    empty = json.loads(json.dumps(data))
    empty["piles"]["w1"]["cards"] = ["9H", "4C"]
    empty["piles"]["f4"]["cards"] = []
    with pytest.raises(InvalidStateError, match="foundation f4"):
        GAME.from_json(empty)
    shown = json.loads(json.dumps(data))
    shown["piles"]["stock"]["down"] = 0
    with pytest.raises(InvalidStateError, match="face-down"):
        GAME.from_json(shown)


# --------------------------------------------------------- views, hooks, display


def test_views_hide_only_the_stock() -> None:
    state = GAME.apply(GAME.deal(8), "draw")
    view = GAME.view(state)
    assert view.piles["stock"].cards == (Card.HIDDEN,) * 47
    assert view.piles["turned"] == state.piles["turned"]


def test_canonical_key_ignores_suits_and_the_order_of_the_waste_piles() -> None:
    a = position(("AC", "2C", "3C", "4C"), wastes=("9H", "KS 5D", "", ""), stock="7S 8S")
    # The same position with clubs and diamonds exchanged and the waste piles reordered.
    data = a.to_json()
    swap = str.maketrans("CD", "DC")
    for pile in data["piles"].values():
        pile["cards"] = [c.translate(swap) for c in pile["cards"]]
    piles = data["piles"]
    piles["w1"], piles["w2"], piles["w4"] = piles["w4"], piles["w1"], piles["w2"]
    b = GAME.from_json(data)
    assert a != b and GAME.canonical_key(a) == GAME.canonical_key(b)
    c = position(("AC", "2C", "3C", "4C"), wastes=("9H", "5D KS", "", ""), stock="7S 8S")
    assert GAME.canonical_key(a) != GAME.canonical_key(c)


def test_solver_hooks() -> None:
    state = GAME.deal(4)
    assert GAME.safe_moves(state) == ()
    assert GAME.score_bound(state) == 52 and GAME.may_win(state)
    found = patience.solve(GAME, state, max_nodes=500)
    assert found.status in ("won", "lost", "unknown")


def test_render() -> None:
    state = position(("AC 2D", "2C", "3C", "4C"), wastes=("9H", "", "KS 5D", ""), turned="7S")
    assert str(state) == "\n".join(
        [
            "Calculation",
            " stock: [43] ##",
            "turned: 7S",
            "    f1: [2] 2D   next 3",
            "    f2: 2C       next 4",
            "    f3: 3C       next 6",
            "    f4: 4C       next 8",
            "    w1: 9H",
            "    w2: .",
            "    w3: KS 5D",
            "    w4: .",
            "in progress, score 5 (higher is better)",
        ]
    )


# ------------------------------------------------------------- options and play


def test_registry_entry() -> None:
    entry = patience.describe("calculation")
    assert entry.options == {} and entry.summary
    assert patience.game("broken-intervals") == GAME
    assert repr(GAME) == "patience.game('calculation')"
    assert GAME.better is patience.Better.HIGHER


def test_random_play_keeps_its_promises() -> None:
    deck = Counter(GAME.deck)
    rng = random.Random(3)
    for seed in range(12):
        state = GAME.deal(seed)
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state)
            assert moves and len(set(moves)) == len(moves)
            if state.piles["turned"]:
                assert DRAW not in moves
            move = rng.choice(moves)
            assert GAME.parse_move(state, str(move)) == move
            after = GAME.apply(state, move)
            assert Counter(c for p in after.piles.values() for c in p) == deck
            assert GAME.score(after) >= GAME.score(state)
            state = after
        assert GAME.legal_moves(state) == ()
        assert state.piles["stock"].is_empty and state.piles["turned"].is_empty
        assert GAME.from_json(state.to_json()) == state
        assert GAME.is_won(state) == (GAME.score(state) == 52)
