"""King Albert, Raglan and Northwest Territory: the deal, the open reserve,
the rules each game names, and the worrying-back option."""

from __future__ import annotations

import random

import pytest
from arrange import arrange, moves

import patience
from patience import IllegalMoveError, InvalidOptionError, solve
from patience.games.albert import ReserveGame

NAMES = ("king-albert", "raglan", "northwest-territory")


def test_king_albert_deal() -> None:
    game = patience.game("king-albert")
    assert isinstance(game, ReserveGame)
    state = game.deal(5)
    assert [len(state.piles[f"t{i}"]) for i in range(1, 10)] == list(range(1, 10))
    assert all(state.piles[f"t{i}"].down == 0 for i in range(1, 10))
    assert [len(state.piles[f"r{i}"]) for i in range(1, 8)] == [1] * 7
    assert all(not state.piles[f"f{i}"].cards for i in range(1, 5))


def test_raglan_deal_starts_the_foundations_with_the_aces() -> None:
    state = patience.game("raglan").deal(5)
    assert [len(state.piles[f"t{i}"]) for i in range(1, 10)] == [1, 2, 3, 4, 5, 6, 7, 7, 7]
    assert [str(state.piles[f"f{i}"]) for i in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert [len(state.piles[f"r{i}"]) for i in range(1, 7)] == [1] * 6
    assert "r7" not in state.piles


def test_northwest_territory_deal_hides_all_but_the_top_cards() -> None:
    game = patience.game("northwest-territory")
    state = game.deal(5)
    assert [len(state.piles[f"t{i}"]) for i in range(1, 9)] == list(range(1, 9))
    assert [state.piles[f"t{i}"].down for i in range(1, 9)] == list(range(8))
    assert [len(state.piles[f"r{i}"]) for i in range(1, 17)] == [1] * 16
    hidden = game.view(state).piles["t8"]
    assert hidden.down == 7  # the view masks the face-down cards


@pytest.mark.parametrize("name", NAMES)
def test_every_reserve_card_is_available_and_none_goes_back(name: str) -> None:
    game = patience.game(name)
    reserve = [p.name for p in game.layout if p.role == "reserve"]
    tops = {"t1": ["9C"], "t2": ["KD"], reserve[-1]: ["8H"]}
    if name == "northwest-territory":
        tops["t3"] = ["2S"]
    state = game.deal_from(arrange(game, tops))
    # The last reserve card goes on the tableau although six or more lie "before" it.
    assert f"{reserve[-1]}-t1" in moves(game, state)
    after = game.apply(state, f"{reserve[-1]}-t1")
    with pytest.raises(IllegalMoveError) as info:
        game.apply(after, f"t2-{reserve[-1]}")
    assert info.value.code == "target"
    assert "reserve" in info.value.reason


@pytest.mark.parametrize("name", ("king-albert", "raglan"))
def test_one_card_at_a_time_and_any_card_to_a_space(name: str) -> None:
    game = patience.game(name)
    state = game.deal_from(arrange(game, {"t1": ["4D"], "t3": ["5S", "6H"], "t4": ["6C"]}))
    legal = moves(game, state)
    assert "t1-t3" in legal  # a red four on a black five
    after = game.apply(state, "t1-t3")
    assert "t3-t4 x2" not in moves(game, after)  # a built run does not move as one
    with pytest.raises(IllegalMoveError) as info:
        game.apply(after, "t3-t4 x2")
    assert info.value.code == "unit"
    # t1 is now a space: any card may fill it, a five as well as a king.
    assert "t3-t1" in moves(game, after)


def test_raglan_refuses_a_card_of_the_wrong_colour() -> None:
    game = patience.game("raglan")
    state = game.deal_from(arrange(game, {"t1": ["4D"], "t3": ["5H"]}))
    with pytest.raises(IllegalMoveError) as info:
        game.apply(state, "t1-t3")
    assert info.value.code == "build"


def test_northwest_territory_moves_runs_and_only_kings_fill_spaces() -> None:
    game = patience.game("northwest-territory")
    state = game.deal_from(arrange(game, {"t1": ["QH"], "t2": ["KS"], "t4": ["JC"]}))
    state = game.apply(state, "t1-t2")  # t1 empties: a space
    assert not state.piles["t1"].cards
    state = game.apply(state, "t4-t2")
    assert [str(c) for c in state.piles["t2"].cards[-3:]] == ["KS", "QH", "JC"]
    # The whole run (king first) may fill the space; a lone jack may not.
    assert "t2-t1 x3" in moves(game, state)
    assert state.piles["t4"].down == 2  # the card under the jack turned up
    with pytest.raises(IllegalMoveError) as info:
        game.apply(state, "t2-t1")
    assert info.value.code == "space"


@pytest.mark.parametrize("name", NAMES)
def test_the_worrying_back_option(name: str) -> None:
    plain, worry = patience.game(name), patience.game(name, worrying_back=True)
    assert plain.options == {"worrying_back": False}
    assert worry.rules.worrying_back and not plain.rules.worrying_back  # type: ignore[attr-defined]
    with pytest.raises(InvalidOptionError):
        patience.game(name, worrying_back=1)


def test_a_foundation_card_comes_back_only_with_worrying_back() -> None:
    for worrying_back in (False, True):
        game = patience.game("raglan", worrying_back=worrying_back)
        state = game.deal_from(arrange(game, {"t1": ["2C"], "t2": ["3H"]}))
        state = game.apply(state, "t1-f1")
        assert ("f1-t2" in moves(game, state)) == worrying_back


@pytest.mark.parametrize("name", NAMES)
def test_the_game_is_won_with_every_card_up(name: str) -> None:
    game = patience.game(name)
    state = game.deal(3)
    data = state.to_json()
    suits = "CDHS"
    for pile in data["piles"].values():
        pile["cards"], pile["down"] = [], 0
    for k in range(4):
        data["piles"][f"f{k + 1}"]["cards"] = [r + suits[k] for r in "A23456789TJQK"]
    won = game.from_json(data)
    assert game.is_won(won) and game.is_over(won) and game.score(won) == 52
    assert not game.is_won(state)


@pytest.mark.parametrize("name", NAMES)
def test_random_play_ends_quickly(name: str) -> None:
    game = patience.game(name)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(2_000):
            if game.is_over(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert game.is_over(state)


@pytest.mark.parametrize(("name", "seed"), [("raglan", 6), ("northwest-territory", 1)])
def test_the_solver_wins_a_deal_and_its_moves_replay(name: str, seed: int) -> None:
    game = patience.game(name)
    result = solve(game, game.deal(seed), max_nodes=20_000)
    assert result.won
    state = game.deal(seed)
    for move in result.moves:
        state = game.apply(state, move)
    assert game.is_won(state)
