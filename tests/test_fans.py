"""Fan, Alpha Star, Delta Star, Spanish Patience, Fortune's Favor, Somerset,
the Canisters, Trigon, East Haven, Thirty-Six and Thirty: the rules each
game's page states, checked on made-up deals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from arrange import arrange, moves, play
from test_solver_exact import check, small_position

import patience
from patience import IllegalMoveError, InvalidOptionError
from patience.tableau import TableauGame, TableauRules

NAMES = [
    "fan",
    "alpha-star",
    "delta-star",
    "spanish-patience",
    "somerset",
    "american-canister",
    "british-canister",
    "trigon",
    "east-haven",
    "thirty-six",
    "fortunes-favor",
    "thirty",
]

SHAPES: dict[str, tuple[list[int], list[int], int]] = {
    # name: (tableau sizes, face-down counts, cards in the stock)
    "fan": ([3] * 17 + [1], [0] * 18, 0),
    "alpha-star": ([4] * 12, [0] * 12, 0),
    "delta-star": ([4] * 12, [0] * 12, 0),
    "spanish-patience": ([4] * 13, [0] * 13, 0),
    "somerset": ([1, 2, 3, 4, 5, 6, 7, 8, 8, 8], [0] * 10, 0),
    "american-canister": ([6, 6, 7, 7, 7, 7, 6, 6], [0] * 8, 0),
    "british-canister": ([6, 6, 7, 7, 7, 7, 6, 6], [0] * 8, 0),
    "trigon": ([1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6], 24),
    "east-haven": ([3] * 7, [2] * 7, 31),
    "thirty-six": ([6] * 6, [0] * 6, 16),
    "fortunes-favor": ([1] * 12, [0] * 12, 36),
    "thirty": ([6] * 5, [0] * 5, 0),
}


def rules_of(game: patience.Game) -> TableauRules:
    assert isinstance(game, TableauGame)
    return game.rules


def tableau(state: patience.State) -> list[str]:
    return sorted((n for n in state.piles if n.startswith("t")), key=lambda n: int(n[1:]))


@pytest.mark.parametrize("name", NAMES)
def test_the_deal(name: str) -> None:
    game = patience.game(name)
    sizes, downs, stock = SHAPES[name]
    for seed in (0, 5):
        state = game.deal(seed)
        names = tableau(state)
        assert [len(state.piles[t]) for t in names] == sizes
        assert [state.piles[t].down for t in names] == downs
        assert (len(state.piles["stock"]) if "stock" in state.piles else 0) == stock
        up = sum(len(state.piles[f"f{k}"]) for k in range(1, 5))
        assert up == (4 if name in ("alpha-star", "delta-star", "fortunes-favor") else 0)
        assert sum(len(p) for p in state.piles.values()) == len(game.deck)


def test_fan_builds_down_in_suit_one_card_at_a_time_and_kings_fill_spaces() -> None:
    game = patience.game("fan")
    tops = {"t1": ["5H", "9C"], "t2": ["6H"], "t3": ["6S"], "t18": ["QD"], "t4": ["KC"]}
    state = game.deal_from(arrange(game, tops))
    listed = moves(game, state)
    assert "t1-t2" in listed and "t1-t3" not in listed
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "t1-t3")
    assert refused.value.code == "build" and "in suit" in refused.value.reason
    # One card at a time: the 5H and the 9C under it never move together.
    after = game.apply(state, "t1-t2")
    assert "t1-t2 x2" not in moves(game, state)
    assert [str(c) for c in after.piles["t2"].cards[-2:]] == ["6H", "5H"]
    # t18's only card leaves: only a king fills the space.
    spaced = game.apply(game.deal_from(arrange(game, {**tops, "t17": ["KD"]})), "t18-t17")
    assert not spaced.piles["t18"]
    assert "t4-t18" in moves(game, spaced) and "t2-t18" not in moves(game, spaced)
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(spaced, "t2-t18")
    assert refused.value.code == "space"


def test_fan_options() -> None:
    rows = patience.game("fan", by_rows=True).deal(3)
    assert [len(rows.piles[t]) for t in tableau(rows)] == [3] * 16 + [2, 2]
    back = patience.game("fan", worrying_back=True)
    state = back.deal_from(arrange(back, {"t1": ["AS"], "t2": ["2S"], "t3": ["3S"]}))
    state = play(back, state, "t1-f4", "t2-f4")
    assert "f4-t3" in moves(back, state)
    plain = patience.game("fan")
    state = plain.deal_from(arrange(plain, {"t1": ["AS"], "t2": ["2S"], "t3": ["3S"]}))
    state = play(plain, state, "t1-f4", "t2-f4")
    assert not any(m.startswith("f") for m in moves(plain, state))
    with pytest.raises(InvalidOptionError):
        patience.game("fan", by_rows=1)


@pytest.mark.parametrize("name", ["alpha-star", "delta-star"])
def test_the_stars_build_in_suit_on_aces_already_up(name: str) -> None:
    game = patience.game(name)
    tops = {"t1": ["3D", "2H"], "t2": ["4D"], "t3": ["5D"], "t4": ["2C"], "t5": ["4C"]}
    state = game.deal_from(arrange(game, tops))
    assert [str(state.piles[f"f{k}"].top) for k in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    listed = moves(game, state)
    assert {"t1-t2", "t4-f1"} <= listed and "t1-t5" not in listed
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "t1-t5")
    assert refused.value.code == "build" and "in suit" in refused.value.reason
    state = play(game, state, "t1-t2", "t1-f3")
    assert str(state.piles["f3"].top) == "2H"
    # Alpha Star moves the built 4D-3D as one; Delta Star one card at a time.
    assert ("t2-t3 x2" in moves(game, state)) == (name == "alpha-star")
    if name == "delta-star":
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(state, "t2-t3 x2")
        assert refused.value.code == "unit"


def test_spanish_patience_builds_regardless_of_suit_and_any_card_fills_a_space() -> None:
    game = patience.game("spanish-patience")
    tops = {"t1": ["7S"], "t2": ["8C"], "t3": ["8H"], "t4": ["9D"]}
    state = game.deal_from(arrange(game, tops))
    assert {"t1-t2", "t1-t3"} <= moves(game, state)
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "t1-t4")
    assert refused.value.code == "build"
    back = patience.game("spanish-patience", worrying_back=True)
    assert rules_of(back).worrying_back and not rules_of(game).worrying_back


def test_somerset_builds_in_alternate_colours_one_card_at_a_time() -> None:
    game = patience.game("somerset")
    tops = {"t1": ["7S"], "t2": ["8H", "9C"], "t3": ["8C"]}
    state = game.deal_from(arrange(game, tops))
    assert "t1-t2" in moves(game, state)
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "t1-t3")
    assert refused.value.code == "build" and "alternat" in refused.value.reason
    state = game.apply(state, "t1-t2")
    # t1 is a space: any card fills it, but the built 8H-7S moves only a card at a time.
    assert "t2-t1" in moves(game, state) and "t2-t1 x2" not in moves(game, state)


def test_the_canisters() -> None:
    american = patience.game("american-canister")
    british = patience.game("british-canister")
    tops = {"t1": ["6S", "7H"], "t2": ["8C"], "t7": ["QH"], "t8": ["5D"]}
    state = american.apply(american.deal_from(arrange(american, tops)), "t1-t2 x2")
    assert [str(c) for c in state.piles["t2"].cards[-3:]] == ["8C", "7H", "6S"]
    bstate = british.deal_from(arrange(british, tops))
    with pytest.raises(IllegalMoveError) as refused:
        british.apply(bstate, "t1-t2 x2")
    assert refused.value.code == "unit"
    # British Canister: a space takes only a king; American Canister any card.
    assert rules_of(british).space == "kings" and rules_of(american).space == "any"


def test_trigon_builds_in_suit_and_turns_one_card_with_no_pass_limit() -> None:
    game = patience.game("trigon")
    state = game.deal(2)
    assert rules_of(game).draw == 1 and rules_of(game).passes is None
    # A pass that turns a face-down card (t2's) is progress: another pass follows.
    state = game.apply(state, "t2-t4")
    for _ in range(24):
        state = game.apply(state, "draw")
    assert not state.piles["stock"] and len(state.piles["waste"]) == 24
    assert "redeal stock" in moves(game, state)
    state = game.apply(state, "redeal")
    assert len(state.piles["stock"]) == 24
    # A pass of nothing but turning cards is the last.
    for _ in range(24):
        state = game.apply(state, "draw")
    assert "redeal stock" not in moves(game, state)
    tops = {"t1": ["5H"], "t2": ["6H"], "t3": ["6C"]}
    state = game.deal_from(arrange(game, tops))
    assert "t1-t2" in moves(game, state) and "t1-t3" not in moves(game, state)


def test_east_haven_deals_a_row_and_lets_cards_come_back() -> None:
    game = patience.game("east-haven")
    state = game.deal(4)
    after = game.apply(state, "deal")
    assert [len(after.piles[t]) for t in tableau(after)] == [4] * 7
    assert len(after.piles["stock"]) == 24
    for _ in range(4):
        after = game.apply(after, "deal")
    # 31 = 4 * 7 + 3: the last deal gives one card to each of the first three piles.
    assert not after.piles["stock"]
    assert [len(after.piles[t]) for t in tableau(after)] == [8, 8, 8, 7, 7, 7, 7]
    tops = {"t1": ["AS"], "t2": ["2S"], "t3": ["3D"]}
    back = game.deal_from(arrange(game, tops))
    back = play(game, back, "t1-f4", "t2-f4")
    assert "f4-t3" in moves(game, back)
    strict = patience.game("east-haven", worrying_back=False)
    kept = play(strict, strict.deal_from(arrange(strict, tops)), "t1-f4", "t2-f4")
    assert "f4-t3" not in moves(strict, kept)


def test_thirty_six_builds_regardless_of_suit_and_goes_through_once() -> None:
    game = patience.game("thirty-six")
    tops = {"t1": ["7S", "5D"], "t2": ["8H"], "t3": ["9C"]}
    state = game.deal_from(arrange(game, tops))
    state = game.apply(state, "t1-t2")
    assert [str(c) for c in state.piles["t2"].cards[-2:]] == ["8H", "7S"]
    state = game.apply(state, "t2-t3 x2")  # any built run moves
    for _ in range(16):
        state = game.apply(state, "draw")
    assert not state.piles["stock"] and "redeal stock" not in moves(game, state)
    with pytest.raises(IllegalMoveError):
        game.apply(state, "redeal")


@pytest.mark.parametrize("name", NAMES)
def test_random_play_ends_and_a_won_position_is_won(name: str) -> None:
    game = patience.game(name)
    rng = random.Random(name)
    policy = patience.RandomPolicy()
    for seed in range(2):
        state = game.deal(seed)
        for _ in range(3000):
            if game.is_over(state):
                break
            state = game.apply(state, policy.choose(game, state, rng))
        assert game.is_over(state)
        assert game.is_won(state) == (game.score(state) == len(game.deck))


def test_fortunes_favor_fills_each_space_from_the_waste_or_else_the_stock() -> None:
    game = patience.game("fortunes-favor")
    tops = {"t1": ["5D"], "t2": ["6D"], "t3": ["9C"], "t4": ["TC"]}
    state = game.deal_from(arrange(game, tops))
    stock = state.piles["stock"].cards
    # The 5D goes on the 6D; with the waste empty, the stock's top fills t1.
    state = game.apply(state, "t1-t2")
    assert state.piles["t1"].cards == stock[-1:] and len(state.piles["stock"]) == 35
    state = game.apply(state, "draw")
    turned = state.piles["waste"].top
    state = game.apply(state, "t3-t4")
    assert state.piles["t3"].cards == (turned,) and not state.piles["waste"]
    # Building is in suit, one card at a time.
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "t2-t4 x2")
    assert refused.value.code == "unit"
    assert rules_of(game).passes == 1 and rules_of(game).draw == 1


def test_fortunes_favor_spaces_take_any_card_once_the_stock_and_waste_are_empty() -> None:
    game = patience.game("fortunes-favor")
    state = game.deal(2)
    rng = random.Random(2)
    policy = patience.RandomPolicy()
    while not game.is_over(state):
        piles = state.piles
        if any(not piles[t] for t in tableau(state)):
            assert not piles["stock"] and not piles["waste"]
        state = game.apply(state, policy.choose(game, state, rng))


def test_thirty_is_a_short_pack_with_two_reserve_cards() -> None:
    game = patience.game("thirty")
    assert len(game.deck) == 32 and {c.rank for c in game.deck} == set(range(1, 9))
    tops = {"r1": ["7S"], "r2": ["AH"], "t1": ["8H"], "t2": ["3C", "4D"], "t3": ["5S"]}
    state = game.deal_from(arrange(game, tops))
    listed = moves(game, state)
    # Both reserve cards play: the 7S goes on any 8, the AH up.
    assert {"r1-t1", "r2-f1", "r2-f3"} <= listed
    # A built run of any suits moves as one: the 4D with the 3C onto the 5S.
    state = play(game, state, "r1-t1", "t2-t3 x2")
    assert [str(c) for c in state.piles["t3"].cards[-3:]] == ["5S", "4D", "3C"]
    # A reserve place, once empty, takes no card.
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "t3-r1")
    assert refused.value.code == "target"
    assert rules_of(game).ranks == 8


def test_thirty_losses_the_solver_proves_hold_up() -> None:
    game = patience.game("thirty")
    answers = []
    for seed in range(6):
        rng = random.Random(seed)
        policy = patience.RandomPolicy()
        state = game.deal(seed)
        line = [state]
        while not game.is_over(state):
            state = game.apply(state, policy.choose(game, state, rng))
            line.append(state)
        answers.append(check(game, line[-1], 5_000))
    assert False in answers


EXACT: list[tuple[str, dict[str, Any]]] = [
    ("fan", {}),
    ("alpha-star", {}),
    ("delta-star", {}),
    ("spanish-patience", {}),
    ("somerset", {}),
    ("british-canister", {}),
    ("east-haven", {"worrying_back": False}),
]


@pytest.mark.parametrize(("name", "options"), EXACT, ids=str)
def test_the_solver_agrees_with_an_exhaustive_search(name: str, options: dict[str, Any]) -> None:
    game = patience.game(name, **options)
    rng = random.Random(name)
    answers = [check(game, small_position(game, rng, left=rng.randint(4, 7)), 20_000)]
    answers += [check(game, small_position(game, rng, left=5), 20_000) for _ in range(5)]
    assert True in answers
