"""The tableau engine: declarations, their validation and engine-wide rules."""

from __future__ import annotations

from typing import Any

import pytest
from arrange import arrange, random_positions

import patience
from patience import InvalidOptionError
from patience.tableau import DeclarationError, TableauGame, TableauRules

BASE: dict[str, Any] = {"title": "Test", "tableau": (1, 2, 3, 4, 5, 6, 7)}


@pytest.mark.parametrize(
    ("changes", "axis"),
    [
        ({"packs": 0}, "packs"),
        ({"jokers": -1}, "jokers"),
        ({"tableau": (26, 26), "stock": "none", "jokers": 1}, "stock"),
        ({"tableau": ()}, "tableau"),
        ({"face_down": (1, 2)}, "face_down"),
        ({"face_down": 3}, "face_down"),
        ({"build": "sideways"}, "build"),
        ({"relation": "rank"}, "relation"),
        ({"unit": "two"}, "unit"),
        ({"build": "none", "unit": "run"}, "unit"),
        ({"space": "queens"}, "space"),
        ({"space": "kings", "build": "up"}, "space"),
        ({"space": "kings", "wrap": True}, "space"),
        ({"reserve_fills_spaces": True}, "reserve_fills_spaces"),
        ({"cells": 1, "cells_dealt": 2}, "cells_dealt"),
        ({"foundations": 5}, "foundations"),
        ({"base": 14}, "base"),
        ({"base": 5}, "foundation_wrap"),
        ({"base": "dealt"}, "foundation_wrap"),
        (
            {"base": "dealt", "foundation_wrap": True, "foundations_start": True},
            "foundations_start",
        ),
        ({"foundation_mode": "suits", "worrying_back": True}, "foundation_mode"),
        ({"stock": "river"}, "stock"),
        ({"draw": 0}, "draw"),
        ({"passes": 0}, "passes"),
        ({"deal_needs_no_spaces": True}, "deal_needs_no_spaces"),
        ({"tableau": (30, 30)}, "tableau"),
        ({"stock": "none"}, "stock"),
        ({"title": ""}, "title"),
    ],
)
def test_impossible_declarations_name_the_axis(changes: dict[str, Any], axis: str) -> None:
    with pytest.raises(DeclarationError) as info:
        TableauRules(**{**BASE, **changes})
    assert info.value.option == axis
    assert isinstance(info.value, InvalidOptionError)


def test_a_new_game_is_a_short_declaration() -> None:
    rules = TableauRules(
        title="Four by Thirteen",
        tableau=(13, 13, 13, 13),
        relation="any",
        unit="run",
        stock="none",
    )
    game = TableauGame("four-by-thirteen", rules, {})
    state = game.deal(3)
    assert [len(state.piles[f"t{k}"]) for k in range(1, 5)] == [13] * 4
    assert "stock" not in state.piles and "waste" not in state.piles
    assert game.legal_moves(state)  # something can be played
    assert game.from_json(state.to_json()) == state


def test_an_unregistered_game_pickles_by_value() -> None:
    import pickle

    rules = TableauRules(title="Unregistered", tableau=(13,) * 4, relation="any", stock="none")
    game = TableauGame("not-registered", rules, {})
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.rules == rules
    assert again.legal_moves(again.deal(1)) == game.legal_moves(game.deal(1))


def test_reserve_fills_a_space_at_the_deal_and_after_moves() -> None:
    rules = TableauRules(
        title="Reserve test",
        tableau=(0, 3, 3),
        reserve=5,
        reserve_fills_spaces=True,
        relation="any",
    )
    game = TableauGame("reserve-test", rules, {})
    state = game.deal(1)
    assert len(state.piles["t1"]) == 1 and len(state.piles["reserve"]) == 4
    assert state.piles["reserve"].down == 3


def test_foundations_start_with_the_base_cards() -> None:
    rules = TableauRules(
        title="Aces out", tableau=(6,) * 8, relation="any", foundations_start=True, stock="none"
    )
    state = TableauGame("aces-out", rules, {}).deal(9)
    assert [str(state.piles[f"f{i}"]) for i in range(1, 5)] == ["AC", "AD", "AH", "AS"]


def test_dealt_base_and_wrap_around() -> None:
    rules = TableauRules(
        title="Dealt base",
        tableau=(1, 1, 1, 1),
        reserve=13,
        reserve_fills_spaces=True,
        base="dealt",
        foundation_wrap=True,
        wrap=True,
        unit="pile",
        draw=3,
        passes=None,
    )
    game = TableauGame("dealt-base", rules, {})
    cards = game.shuffled_cards(5)
    state = game.deal(5)
    assert state.piles["f1"].cards == (cards[13],)  # the card after the reserve
    assert state.info["base"] == cards[13].rank
    # Safe moves count ranks from the dealt base, round the corner: the card
    # one above the base may go up at once (only base-rank cards could go on
    # it, and they always have a foundation); the base rank itself is still
    # wanted, for the cards one below it.
    base = cards[13].rank
    for move in game.legal_moves(state):
        if move.target and move.target.startswith("f"):
            rank = state.piles[move.source].cards[-1].rank
            assert (move in game.safe_moves(state)) == ((rank - base) % 13 == 1)
    assert game.safe_moves(state)


def test_worrying_back_progress_counts_new_highs_only() -> None:
    worry = patience.game("klondike", worrying_back=True)
    state = worry.deal(0)
    assert state.info["peak"] == 0
    assert "peak" not in patience.game("klondike").deal(0).info


def test_complete_suits_leave_the_tableau() -> None:
    rules = TableauRules(
        title="One suit run",
        tableau=(12, 1, 13, 13, 13),
        relation="any",
        unit="suit-run",
        foundation_mode="suits",
        stock="none",
    )
    game = TableauGame("suit-run-test", rules, {})
    run = [f"{r}S" for r in "23456789TJQK"]  # top first
    state = game.deal_from(arrange(game, {"t1": run, "t2": ["AS"]}))
    assert game.legal_moves(state)
    after = game.apply(state, "t2-t1")
    assert not after.piles["t1"] and not after.piles["t2"]
    assert str(after.piles["f1"]) == "AS " + " ".join(run)
    assert game.score(after) == 13


def test_shuttling_never_takes_a_move_away_and_the_game_ends_by_progress() -> None:
    # 5H and 6S can change places for ever; the draw stays legal all along.
    rules = TableauRules(title="Shuttle", tableau=(1, 1), relation="any")
    game = TableauGame("shuttle-test", rules, {})
    state = game.deal_from(arrange(game, {"t1": ["5H"], "t2": ["6S"], "stock": ["KD"]}))
    start = game.progress(state)
    for k in range(200):
        state = game.apply(state, ("t1-t2", "t2-t1")[k % 2])
        assert "draw stock" in [str(m) for m in game.legal_moves(state)]
    assert game.progress(state) == start
    # Whether the game is over depends on the stock alone: progress is a card
    # leaving the stock and waste, reaching a foundation or turning up.
    line = game.progress_line(state)
    assert game.is_over(state) == (line is None)
    if line is None:
        assert game.result(state).ending == "no progress"
    else:
        after = state
        for move in line:
            assert game.progress(after) == start
            after = game.apply(after, move)
        assert game.progress(after) != start


def test_jokers_are_dealt_but_take_no_part_in_play() -> None:
    rules = TableauRules(title="Jokers", tableau=(1, 1), space="any", jokers=2)
    game = TableauGame("jokers-test", rules, {})
    assert len(game.deck) == 54 and sum(c.is_joker for c in game.deck) == 2
    state = game.deal_from(["BJ", "RJ", *(str(c) for c in game.deck if not c.is_joker)])
    assert [str(state.piles[t].top) for t in ("t1", "t2")] == ["BJ", "RJ"]
    # Neither joker builds, goes up or fills a space: the only move is the draw.
    assert [str(m) for m in game.legal_moves(state)] == ["draw stock"]


@pytest.mark.parametrize(
    ("name", "options", "debts"),
    [
        ("thirteen-up", {}, (0, 1)),  # three passes: the passes used
        ("klondike", {"passes": 3}, (0, 1)),
        ("klondike", {}, (0, 1)),  # unlimited: a pass without progress owes one
        ("las-vegas", {}, None),  # one pass: no redeal
    ],
)
def test_a_redeal_with_nothing_else_changed_repeats_the_key_with_more_debt(
    name: str, options: dict[str, Any], debts: tuple[int, int] | None
) -> None:
    """The stock turned right round and redealt, nothing played: the same
    position but for the stock's counters, which the solver's key leaves out
    and the debt counts. The canonical key still tells the two apart."""
    game = patience.game(name, **options)
    draw, redeal = patience.Move("draw", "stock"), patience.Move("redeal", "stock")
    # A deal whose stock can be turned at once (no ace waiting to go up).
    dealt = next(s for s in map(game.deal, range(20)) if draw in game.legal_moves(s))
    data = dealt.to_json()
    data["info"]["progress"] = True  # the pass has made progress: it may end in a redeal
    start = game.from_json(data)
    state = start
    while draw in game.legal_moves(state):
        state = game.apply(state, draw)
    if debts is None:
        assert redeal not in game.legal_moves(state)
        assert game.transposition_key(start)[1] == game.transposition_key(state)[1] == 0
        return
    again = game.apply(state, redeal)
    assert again.piles == start.piles and again != start
    key, debt = game.transposition_key(start)
    assert game.transposition_key(again) == (key, debts[1]) and debt == debts[0]
    assert game.canonical_key(again) != game.canonical_key(start)


@pytest.mark.parametrize(
    ("name", "apart"),
    [("beleaguered-castle", True), ("thirteen-up", True), ("klondike", False), ("napoleon", False)],
)
def test_foundations_set_by_their_starters_are_keyed_in_place(name: str, apart: bool) -> None:
    """Where each foundation starts with a card of its own suit, no two are
    ever interchangeable, and the canonical key takes them in layout order:
    it tells positions apart exactly as sorting them would."""
    from patience.pile import in_order

    game = patience.game(name)
    assert isinstance(game, TableauGame)
    assert game._foundations_apart is apart
    pairs = set()
    for _, state, _ in random_positions(game, range(4), 150):
        key = game.canonical_key(state)
        assert isinstance(key, tuple)
        pairs.add((key, (key[0], in_order(key[1]), *key[2:])))
    keys, sorted_keys = {k for k, _ in pairs}, {s for _, s in pairs}
    assert len(keys) == len(sorted_keys) == len(pairs) > 100
