"""Loading checks every pile and counter a game reads, and options have bounds.

Three promises, over every registered game:

- a state that play can reach loads again (random and greedy play from many
  seeds, with several option sets);
- a state that play cannot reach, made by editing the JSON of a real
  position, is refused with :class:`~patience.InvalidStateError` naming what
  is wrong;
- every option has bounds, checked before the game is built, through
  :func:`patience.game`, :func:`patience.state_from_json` and
  :meth:`patience.Record.from_json` alike.
"""

from __future__ import annotations

import json
import math
import pickle
import random
import re
import time
from typing import Any

import pytest
from arrange import arrange

import patience
from patience import (
    Game,
    InvalidOptionError,
    InvalidRecordError,
    InvalidStateError,
    PatienceError,
    Record,
    State,
)
from patience.games.railroad import Railroad
from patience.policies import GreedyPolicy, RandomPolicy, next_mover
from patience.records import RECORD_FORMAT
from patience.simulation import MAX_IDLE

GAMES = patience.games()

Data = dict[str, Any]

# ------------------------------------------------------------------ helpers


def game_and_data(name: str, seed: int = 1, **options: Any) -> tuple[Game, Data]:
    """A game and the JSON of its deal for ``seed``."""
    game = patience.game(name, **options)
    return game, game.deal(seed).to_json()


def played(name: str, seed: int, moves: int, **options: Any) -> tuple[Game, State]:
    """A game and a position after up to ``moves`` greedy moves from the deal."""
    game = patience.game(name, **options)
    rng = random.Random(seed)
    state = game.deal(seed)
    policy = GreedyPolicy()
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
    return game, state


def _settle_down(name: str, pile: Data) -> None:
    """Give a pile the face-down count its kind always has, or keep it in range."""
    n = len(pile["cards"])
    if name.endswith("stock"):
        pile["down"] = n
    elif name == "reserve" or re.search(r"(^|\.)s\d+$", name):
        pile["down"] = max(n - 1, 0)
    else:
        pile["down"] = min(pile["down"], max(n - 1, 0))


def take(data: Data, card: str, avoid: tuple[str, ...] = ()) -> str:
    """Remove one ``card`` from the first pile holding it (not in ``avoid``)."""
    for name, pile in data["piles"].items():
        if name in avoid or card not in pile["cards"]:
            continue
        i = pile["cards"].index(card)
        del pile["cards"][i]
        if i < pile["down"]:
            pile["down"] -= 1
        _settle_down(name, pile)
        return name
    raise AssertionError(f"{card} not found")


def put(data: Data, name: str, cards: list[str], *, bottom: bool = False) -> None:
    """Move ``cards`` from wherever they lie onto the top (or bottom) of pile ``name``."""
    for card in cards:
        take(data, card, avoid=(name,))
    pile = data["piles"][name]
    pile["cards"] = cards + pile["cards"] if bottom else pile["cards"] + cards
    if bottom:
        pile["down"] += len(cards) if name.endswith("stock") else 0
    _settle_down(name, pile)


def refused(game: Game, data: Data, match: str) -> None:
    """Loading ``data`` raises InvalidStateError matching ``match``, both ways."""
    with pytest.raises(InvalidStateError, match=match):
        game.from_json(data)
    with pytest.raises(InvalidStateError, match=match):
        patience.state_from_json(json.dumps(data))


# ------------------------------------------------- reachable states load


VARIANTS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in GAMES] + [
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 1, "partial_runs": True, "worrying_back": True}),
    ("klondike", {"passes": 2}),
    ("las-vegas", {"worrying_back": True}),
    ("double-solitaire", {"draw": 1, "passes": 2}),
    ("emperor", {"worrying_back": False}),
    ("single-rail", {"worrying_back": True}),
    ("seahaven-towers", {"tower_runs": True}),
    ("freecell", {"cells": 1, "runs": False}),
    ("eight-off", {"runs": False}),
    ("canfield", {"unit": "run"}),
    ("thirteen-up", {"unit": "one"}),
    ("devils-grip", {"passes": 2}),
    ("poker-solitaire", {"open": True, "swap_limit": 30}),
    ("accordion", {"deal_all": True}),
    ("railroad", {"sidings": 1}),
    ("railroad", {"sidings": 5, "decks": 2}),
    ("railroad-race", {"sidings": 3}),
    ("railroad-timed", {"time_limit": 1e-9}),
]


def reached_states_load(name: str, options: dict[str, Any], seeds: range, moves: int) -> None:
    """Random and greedy play from each seed; every few positions must load again."""
    game = patience.game(name, **options)
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        policy = GreedyPolicy() if seed % 2 else RandomPolicy()
        state = game.deal(seed)
        mark, idle = game.progress(state), 0
        for step in range(moves):
            if idle >= MAX_IDLE:
                break  # the stretch guard: a game that cannot be shown over
            if step % 4 == 0 or game.is_over(state):
                data = state.to_json()
                assert game.from_json(data) == state
                if step % 40 == 0 or game.is_over(state):  # making the game takes longer
                    assert patience.state_from_json(json.dumps(data, allow_nan=False)) == state
                checked += 1
            if game.is_over(state):
                break
            state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
            now = game.progress(state)
            mark, idle = now, (idle + 1 if now == mark else 0)
    assert checked >= len(seeds)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=lambda v: str(v))
def test_every_state_reached_by_play_loads_again(name: str, options: dict[str, Any]) -> None:
    reached_states_load(name, options, range(2), moves=120)


@pytest.mark.soak
@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=lambda v: str(v))
def test_soak_every_state_reached_by_play_loads_again(name: str, options: dict[str, Any]) -> None:
    """Many more seeds, played to the end (run with ``-m soak``)."""
    reached_states_load(name, options, range(12), moves=100_000)


# ------------------------------------------------------------ the found cases


@pytest.mark.parametrize("name", ["klondike", "napoleon", "streets-and-alleys", "las-vegas"])
def test_found_a_foundation_that_starts_with_a_seven(name: str) -> None:
    game, data = game_and_data(name)
    put(data, "f1", ["7D"])
    refused(game, data, r"foundation f1 must start with the base rank \(ace\), not 7D")


def test_found_a_spider_foundation_holding_one_card() -> None:
    game, data = game_and_data("spider")
    put(data, "f1", ["AS"])
    refused(game, data, "f1 holds a complete suit or nothing, not 1")


def test_found_an_emperor_counter_of_the_wrong_type() -> None:
    game, data = game_and_data("emperor")
    data["info"]["peak"] = "none"
    refused(game, data, "info 'peak' must be an integer from 0 to 104, not 'none'")


def test_found_cards_moved_between_the_racing_players() -> None:
    # Player 1 empties s1 and pulls twice from s2; player 0 plays until two
    # cards are discarded. Those two then go to the bottom of player 1's s2:
    # every pile keeps a size play allows, and the cards in layout order split
    # into two whole decks, but each player's piles no longer hold their own.
    race = patience.game("railroad-race")
    state = race.deal(3)
    for _ in range(13):
        state = race.apply(state, "p1 pull s1")
    state = race.apply(state, "p1 pull s2")
    state = race.apply(state, "p1 pull s2")
    rng = random.Random(3)
    while len(state.piles["p0.discard"]) < 2:
        pulls = [m for m in race.legal_moves(state) if m.player == 0]
        state = race.apply(state, rng.choice(pulls))
    data = state.to_json()
    gone = data["piles"]["p0.discard"]["cards"][-2:]
    del data["piles"]["p0.discard"]["cards"][-2:]
    siding = data["piles"]["p1.s2"]
    siding["cards"] = gone + siding["cards"]
    siding["down"] = len(siding["cards"]) - 1
    refused(race, data, "player 0's piles must hold exactly player 0's own deck")


@pytest.mark.parametrize(
    "started",
    [True, math.nan, 1.5e308, 10**400, math.inf, "soon", 1e12 + 1],
    ids=["true", "nan", "1e308", "400-digits", "inf", "text", "just-too-far"],
)
def test_found_timed_clock_readings_that_no_clock_gives(started: object) -> None:
    game = patience.game("railroad-timed", clock=lambda: 50.0)
    data = game.apply(game.deal(1), "s1").to_json()
    assert data["info"]["started"] == 50.0
    data["info"]["started"] = started
    with pytest.raises(InvalidStateError, match="info 'started' must be null or a clock reading"):
        game.from_json(data)
    with pytest.raises(InvalidStateError, match="info 'started'"):
        patience.state_from_json(data)


@pytest.mark.parametrize("name", GAMES)
def test_no_game_keeps_an_idle_count(name: str) -> None:
    # No limit of the library's own ends a game: a saved idle count is refused.
    game, data = game_and_data(name)
    assert not any(k.split(".")[-1] == "idle" for k in data["info"])
    data["info"]["idle"] = 0
    refused(game, data, "info must have the keys")


# ------------------------------------------------------------ counters


def _int_keys(game: Game) -> list[str]:
    info = game.deal(0).info
    return [k for k, v in info.items() if isinstance(v, int) and not isinstance(v, bool)]


def _counter_cases() -> list[tuple[str, dict[str, Any], str]]:
    cases = []
    for name, options in [
        *((n, {}) for n in GAMES),
        ("poker-solitaire", {"open": True}),
    ]:
        game = patience.game(name, **options)
        cases += [(name, options, key) for key in _int_keys(game)]
    return cases


COUNTERS = _counter_cases()


def test_the_counter_cases_cover_every_kind_of_counter() -> None:
    keys = {key for _, _, key in COUNTERS}
    assert {"pass", "base", "peak", "turn", "passed", "swaps", "p0.pass"} <= keys


@pytest.mark.parametrize(("name", "options", "key"), COUNTERS, ids=str)
@pytest.mark.parametrize("bad", [True, False, -1, 1.0, "1", [1], None], ids=repr)
def test_counters_must_be_integers_in_range(
    name: str, options: dict[str, Any], key: str, bad: object
) -> None:
    game, data = game_and_data(name, **options)
    value = data["info"][key]
    if bad == value and type(bad) is type(value):
        pytest.skip("the same value")  # pragma: no cover
    data["info"][key] = bad
    refused(game, data, re.escape(key.split(".")[-1]) + "|" + re.escape(key))


@pytest.mark.parametrize(
    ("name", "key", "bad", "match"),
    [
        ("klondike", "pass", 0, "info 'pass' must be from 1, not 0"),
        ("las-vegas", "pass", 2, "info 'pass' must be from 1 to 1, not 2"),
        ("thirteen-up", "pass", 4, "info 'pass' must be from 1 to 3, not 4"),
        ("canfield", "base", 14, "info 'base' must be a rank from 1 to 13, not 14"),
        ("canfield", "base", 0, "info 'base' must be a rank from 1 to 13"),
        ("emperor", "peak", 105, "info 'peak' must be an integer from 0 to 104"),
        ("double-solitaire", "turn", 2, "info 'turn' must be 0 or 1"),
        ("double-solitaire", "passed", 3, "info 'passed'"),
        ("double-solitaire", "p1.pass", -1, "player 1: info 'pass'"),
        ("double-solitaire", "p0.pass", 0, "player 0: info 'pass'"),
    ],
)
def test_counters_out_of_range(name: str, key: str, bad: object, match: str) -> None:
    game, data = game_and_data(name)
    data["info"][key] = bad
    refused(game, data, match)


@pytest.mark.parametrize("name", ["klondike", "spider", "canfield", "joker-solitaire"])
def test_progress_is_true_or_false(name: str) -> None:
    game, data = game_and_data(name)
    data["info"]["progress"] = 1
    refused(game, data, "info 'progress' must be true or false")


def test_canfield_base_must_match_the_dealt_card() -> None:
    game, data = game_and_data("canfield")
    dealt = patience.Card.parse(data["piles"]["f1"]["cards"][0])
    data["info"]["base"] = dealt.rank % 13 + 1
    refused(game, data, "foundation f1 must start with the base rank")


def test_emperor_peak_cannot_be_below_the_cards_up() -> None:
    game, state = played("emperor", 4, 120)
    data = state.to_json()
    up = sum(len(data["piles"][f"f{k}"]["cards"]) for k in range(1, 9))
    assert up > 0
    data["info"]["peak"] = up - 1
    refused(game, data, "info 'peak' .* is below the")


# ------------------------------------------------------------ foundations

BASE_GAMES = [
    "klondike",
    "las-vegas",
    "napoleon",
    "emperor",
    "streets-and-alleys",
    "single-rail",
    "seahaven-towers",
    "joker-solitaire",
]


@pytest.mark.parametrize("name", BASE_GAMES)
def test_a_foundation_builds_up_in_suit(name: str) -> None:
    game, data = game_and_data(name)
    put(data, "f1", ["AS", "2H"])
    refused(game, data, "foundation f1 is not built up in suit: 2H on AS")
    game, data = game_and_data(name)
    put(data, "f1", ["AS", "3S"])
    refused(game, data, "foundation f1 is not built up in suit: 3S on AS")


@pytest.mark.parametrize("name", BASE_GAMES)
def test_a_foundation_is_face_up(name: str) -> None:
    game, data = game_and_data(name)
    put(data, "f1", ["AS", "2S"])
    data["piles"]["f1"]["down"] = 1
    refused(game, data, "foundation f1 is face up")


@pytest.mark.parametrize("name", BASE_GAMES)
def test_a_foundation_in_order_loads(name: str) -> None:
    game, data = game_and_data(name)
    put(data, "f1", ["AS", "2S", "3S"])
    if "peak" in data["info"]:
        data["info"]["peak"] = 3
    # The cards moved may leave other piles out of shape; those checks come later.
    try:
        game.from_json(data)
    except InvalidStateError as e:
        assert "foundation f1" not in str(e)


def test_canfield_foundations_start_at_the_dealt_base_and_wrap() -> None:
    game, data = game_and_data("canfield")
    base = data["info"]["base"]
    ranks = "A23456789TJQK"
    other = ranks[base % 13]  # not the base rank
    put(data, "f2", [other + "S"])
    refused(game, data, "foundation f2 must start with the base rank")
    game, data = game_and_data("canfield")
    below = ranks[(base - 2) % 13]  # one below the base: wrong way
    put(data, "f2", [ranks[base - 1] + "S", below + "S"])
    refused(game, data, "foundation f2 is not built up in suit")
    game, data = game_and_data("canfield")
    put(data, "reserve", list(data["piles"]["f1"]["cards"]), bottom=True)
    refused(game, data, "foundation f1 must hold the card dealt to it")


@pytest.mark.parametrize("name", ["beleaguered-castle", "thirteen-up"])
def test_starting_aces_stay_on_their_foundations(name: str) -> None:
    game, data = game_and_data(name)
    assert data["piles"]["f1"]["cards"] == ["AC"]
    data["piles"]["f1"]["cards"], data["piles"]["f2"]["cards"] = (
        data["piles"]["f2"]["cards"],
        data["piles"]["f1"]["cards"],
    )
    refused(game, data, "foundation f1 must start with AC, not AD")
    game, data = game_and_data(name)
    data["piles"]["f1"]["cards"] = []
    data["piles"]["t1"]["cards"].append("AC")
    refused(game, data, "foundation f1 must hold its starting AC")
    game, data = game_and_data(name)
    put(data, "f1", ["3C"])
    refused(game, data, "foundation f1 is not built up in suit: 3C on AC")


def test_spider_foundations_hold_complete_suits_in_order() -> None:
    spades = [f"{r}S" for r in "A23456789TJQK"]
    game, data = game_and_data("spider")
    put(data, "f2", spades)
    refused(game, data, "complete suits fill the foundations in order, but f1 is empty")
    game, data = game_and_data("spider")
    put(data, "f1", [*spades[:12], "KH"])
    refused(game, data, "foundation f1 is not built up in suit: KH on QS")


def test_spider_no_complete_suit_waits_on_the_tableau() -> None:
    game, data = game_and_data("spider")
    put(data, "t1", [f"{r}S" for r in "KQJT98765432A"])
    stock = data["piles"]["stock"]
    while (54 - len(stock["cards"])) % 10:  # keep the stock at a size its deals leave
        put(data, "t2", [stock["cards"][-1]])
    refused(game, data, "pile t1 ends in a complete suit")


def test_calculation_foundations_follow_their_sequences() -> None:
    game, data = game_and_data("calculation")
    f2 = data["piles"]["f2"]["cards"]
    assert patience.Card.parse(f2[0]).rank == 2
    put(data, "f2", ["5S"])  # by twos: 2 then 4
    refused(game, data, "foundation f2 must hold a start of the ranks 2 4 6")


# ------------------------------------------------------------ other piles


@pytest.mark.parametrize("name", ["klondike", "las-vegas", "napoleon", "single-rail", "canfield"])
def test_the_stock_cannot_grow(name: str) -> None:
    game, data = game_and_data(name)
    source = data["piles"]["reserve" if "reserve" in data["piles"] else "t1"]
    put(data, "stock", [source["cards"][0]], bottom=True)
    refused(game, data, "the stock and waste hold .* more than the .* left after the deal")


@pytest.mark.parametrize("name", ["klondike", "napoleon", "spider", "canfield"])
def test_the_stock_is_face_down_and_the_waste_face_up(name: str) -> None:
    # Aces a choice, so that the deal's aces do not stand in the way of a draw.
    options = {"forced_aces": False} if name in ("klondike", "napoleon") else {}
    game, data = game_and_data(name, **options)
    data["piles"]["stock"]["down"] -= 1
    refused(game, data, "the stock is face down")
    if "waste" in data["piles"]:
        game, data = game_and_data(name, **options)
        state = game.apply(game.from_json(data), "draw")
        data = state.to_json()
        data["piles"]["waste"]["down"] = 1
        refused(game, data, "the waste is face up")


def test_spider_stock_deals_ten_at_a_time() -> None:
    game, data = game_and_data("spider")
    card = data["piles"]["stock"]["cards"][-1]
    put(data, "t1", [card])
    refused(game, data, "the stock deals 10 cards at a time")


@pytest.mark.parametrize("name", ["klondike", "emperor", "spider", "joker-solitaire"])
def test_tableau_piles_keep_no_more_face_down_cards_than_dealt(name: str) -> None:
    game, data = game_and_data(name)
    source = next(
        data["piles"][f"t{k}"]
        for k in range(3, 8)
        if not data["piles"][f"t{k}"]["cards"][-1].endswith("J")
    )
    card = source["cards"].pop()
    source["down"] -= 1  # its next card turns up
    pile = data["piles"]["t2"]
    pile["cards"].insert(0, card)
    pile["down"] += 1
    refused(game, data, "pile t2 has .* face-down cards, more than the .* dealt")


@pytest.mark.parametrize(
    "name", ["klondike", "emperor", "single-rail", "canfield", "seahaven-towers", "napoleon"]
)
def test_tableau_cards_above_the_deal_are_built(name: str) -> None:
    game, data = game_and_data(name, seed=5)
    piles = data["piles"]
    # Put a card that cannot build on it onto t1's top: the same card's colour
    # and rank do not fit in any game here (nothing builds on its own rank).
    top = patience.Card.parse(piles["t1"]["cards"][-1])
    twin = next(
        str(c)
        for c in game.deck
        if c.rank == top.rank and c != top and str(c) not in piles["t1"]["cards"]
    )
    put(data, "t1", [twin])
    refused(game, data, "pile t1 has cards that do not build on the card beneath")


@pytest.mark.parametrize("name", ["klondike", "spider", "canfield"])
def test_tableau_tops_are_face_up(name: str) -> None:
    game, data = game_and_data(name)
    pile = data["piles"]["t3"]
    pile["down"] = len(pile["cards"])
    refused(game, data, "pile t3 must have its top card face up")


def test_seahaven_cells_hold_one_face_up_card() -> None:
    game, data = game_and_data("seahaven-towers")
    put(data, "c1", [data["piles"]["t1"]["cards"][-1]])
    refused(game, data, "cell c1 holds at most one face-up card")
    game, data = game_and_data("seahaven-towers")
    data["piles"]["c1"]["down"] = 1
    refused(game, data, "cell c1 holds at most one face-up card")


@pytest.mark.parametrize("name", ["canfield", "thirteen-up"])
def test_the_reserve_shows_its_top_and_fills_spaces(name: str) -> None:
    game, data = game_and_data(name)
    data["piles"]["reserve"]["down"] -= 1
    with pytest.raises(InvalidStateError, match="the reserve must have exactly its top card"):
        game.from_json(data)
    game, data = game_and_data(name)
    put(data, "reserve", [data["piles"]["stock"]["cards"][0]], bottom=True)
    refused(game, data, "the reserve holds 14 cards, more than the 13 dealt")
    game, data = game_and_data(name)
    put(data, "stock", list(data["piles"]["t2"]["cards"]), bottom=True)
    refused(game, data, "pile t2 is empty although the reserve can fill it")


# ------------------------------------------------------------ Railroad


@pytest.mark.parametrize("name", ["railroad", "railroad-double", "railroad-timed"])
def test_railroad_line_holds_no_unresolved_match(name: str) -> None:
    game, data = game_and_data(name)
    # 4S 9C 7H 2S would have set off a suit match when the 2S came; 8D after
    # it leaves the end of the line quiet.
    line = ["4S", "9C", "7H", "2S", "8D"]
    for card in line:
        take(data, card)
    data["piles"]["line"]["cards"] = line
    if name == "railroad-timed":
        data["info"]["started"] = 0.0
    refused(game, data, r"the line holds an unresolved match ending at its card 4 \(2S\)")


def test_railroad_discards_go_in_twos_and_sidings_do_not_grow() -> None:
    game, data = game_and_data("railroad")
    put(data, "discard", ["AS"])
    refused(game, data, "cards are discarded in twos and fours")
    game, data = game_and_data("railroad")
    put(data, "s1", [data["piles"]["s2"]["cards"][0]], bottom=True)
    refused(game, data, "siding s1 holds 14 cards, more than the 13 dealt to it")


def test_railroad_timed_clock_starts_with_the_first_pull() -> None:
    game = patience.game("railroad-timed", clock=lambda: 8.0)
    data = game.deal(1).to_json()
    data["info"]["started"] = 8.0
    refused(game, data, "'started' must be null before it")
    data = game.apply(game.deal(1), "s1").to_json()
    data["info"]["started"] = None
    refused(game, data, "'started' cannot be null here")
    data = game.apply(game.deal(1), "s1").to_json()
    data["info"]["stopped"] = 0
    refused(game, data, "info 'stopped' must be true or false")
    data = game.apply(game.deal(1), "s1").to_json()
    data["info"]["started"] = -3  # a clock may read any number, within bounds
    assert game.from_json(data).info["started"] == -3


def test_railroad_untimed_states_have_no_clock() -> None:
    game, data = game_and_data("railroad")
    data["info"]["started"] = None
    refused(game, data, "info must have the keys")


# ------------------------------------------------------------ the others


def test_accordion_row_is_packed_and_deal_all_leaves_no_stock() -> None:
    game = patience.game("accordion")
    data = game.apply(game.apply(game.deal(1), "deal"), "deal").to_json()
    data["piles"]["r3"] = data["piles"]["r2"]
    data["piles"]["r2"] = {"cards": [], "down": 0}
    refused(game, data, "the row must be packed to the left: r2 is empty")
    game, data = game_and_data("accordion", deal_all=True)
    put(data, "stock", [data["piles"]["r52"]["cards"][0]])
    refused(game, data, "with deal_all every card is laid out at the start")


def test_calculation_turns_one_card_at_a_time() -> None:
    game, data = game_and_data("calculation")
    stock = data["piles"]["stock"]["cards"]
    put(data, "turned", stock[-2:])
    refused(game, data, "the turned pile holds at most one card")


def test_devils_grip_cells_hold_runs_and_are_never_empty() -> None:
    game, data = game_and_data("devils-grip")
    put(data, "stock", list(data["piles"]["b1"]["cards"]), bottom=True)
    refused(game, data, "cell b1 is empty: a space is always refilled at once")
    game, data = game_and_data("devils-grip")
    a1 = patience.Card.parse(data["piles"]["a1"]["cards"][0])
    wrong = next(
        str(c)
        for c in game.deck
        if c.suit is not a1.suit and str(c) in data["piles"]["stock"]["cards"]
    )
    put(data, "a1", [wrong])
    refused(game, data, "cell a1 is not built up in suit by three")


@pytest.mark.parametrize(("key", "bad"), [("pass", 3), ("pass", 0), ("progress", 0)])
def test_devils_grip_counters(key: str, bad: int) -> None:
    game, data = game_and_data("devils-grip", passes=2)
    data["info"][key] = bad
    refused(game, data, f"info '{key}' must be")


def test_poker_cells_turned_card_and_open_counters() -> None:
    game = patience.game("poker-solitaire")
    data = game.apply(game.apply(game.deal(1), "draw"), "a1").to_json()
    put(data, "a1", [data["piles"]["stock"]["cards"][-1]])
    refused(game, data, "cell a1 holds 2 cards: a cell holds one card")
    data = game.deal(1).to_json()
    put(data, "turned", data["piles"]["stock"]["cards"][-2:])
    refused(game, data, "the turned pile holds at most one card")
    game, data = game_and_data("poker-solitaire", open=True, swap_limit=5)
    data["info"]["swaps"] = 6
    refused(game, data, "info 'swaps' must be from 0 to the swap limit 5")
    game, data = game_and_data("poker-solitaire", open=True)
    data["info"]["declared"] = "yes"
    refused(game, data, "info 'declared' must be true or false")
    game, data = game_and_data("poker-solitaire", open=True)
    put(data, "stock", list(data["piles"]["e5"]["cards"]))
    refused(game, data, "every cell holds one card in the open game; e5 holds 0")


def _double() -> tuple[Game, Data]:
    game, state = played("double-solitaire", 2, 60)
    data = state.to_json()
    assert any(data["info"]["owners"]), "some cards went up"
    return game, data


def test_double_solitaire_owners_name_each_foundation_card() -> None:
    game, data = _double()
    k = next(i for i, o in enumerate(data["info"]["owners"]) if o)
    data["info"]["owners"][k] += "0"
    refused(game, data, f"info 'owners' names .* owners for the .* cards on f{k + 1}")
    game, data = _double()
    data["info"]["owners"] = data["info"]["owners"][:7]
    refused(game, data, "info 'owners' must be 8 strings of the characters 0 and 1")
    game, data = _double()
    owners = data["info"]["owners"]
    k = next(i for i, o in enumerate(owners) if o)
    flipped = {"0": "1", "1": "0"}[owners[k][0]]
    owners[k] = flipped + owners[k][1:]
    refused(game, data, "piles and foundation cards are not one whole pack")


def test_double_solitaire_cards_stay_with_their_owner() -> None:
    game, data = game_and_data("double-solitaire")
    a = data["piles"]["p0.stock"]["cards"][0]
    b = next(c for c in data["piles"]["p1.stock"]["cards"] if c != a)
    data["piles"]["p0.stock"]["cards"][0] = b
    data["piles"]["p1.stock"]["cards"][data["piles"]["p1.stock"]["cards"].index(b)] = a
    refused(game, data, "player 0's piles and foundation cards are not one whole pack")


def test_double_solitaire_player_stock_cannot_grow() -> None:
    game, data = game_and_data("double-solitaire")
    # Swap a tableau card of player 0 for nothing: it goes under their own stock.
    card = data["piles"]["p0.t1"]["cards"].pop()
    data["piles"]["p0.stock"]["cards"].insert(0, card)
    data["piles"]["p0.stock"]["down"] += 1
    refused(game, data, "player 0's stock and waste hold 25 cards, more than the 24 left")


def test_double_solitaire_foundations_start_with_aces() -> None:
    game, data = game_and_data("double-solitaire")
    card = data["piles"]["p0.t7"]["cards"][-1]
    assert not card.startswith("A")
    data["piles"]["p0.t7"]["cards"].pop()
    data["piles"]["p0.t7"]["down"] -= 1
    data["piles"]["f1"]["cards"] = [card]
    data["info"]["owners"][0] = "0"
    refused(game, data, "player 0: foundation f1 must start with the base rank")


def test_joker_designations_out_pile_and_open_aces() -> None:
    game, data = game_and_data("joker-solitaire")
    data["info"]["BJ"] = 7
    refused(game, data, "info 'BJ' must be a designation string")
    game, state = played("joker-solitaire", 1, 0)
    data = state.to_json()
    put(data, "out", ["AS"])
    refused(game, data, "only jokers go out of play, face up")
    game, data = game_and_data("joker-solitaire")
    put(data, "out", ["BJ"])
    data["piles"]["out"]["down"] = 1
    refused(game, data, "only jokers go out of play, face up")


def test_joker_designations_are_written_as_the_game_writes_them() -> None:
    game = patience.game("joker-solitaire")
    tops = {"t1": ["9S"], "t2": ["8D"], "t3": ["JS"], "t4": ["3S"], "t5": ["8S"], "stock": ["RJ"]}
    state = game.deal_from(arrange(game, tops))
    state = game.apply(game.apply(state, "draw"), "waste-t1 =8H")
    data = state.to_json()
    assert data["info"]["RJ"] == "8H"
    assert game.from_json(data) == state
    for text in ("8h", " 8H", "8H "):
        data["info"]["RJ"] = text
        with pytest.raises(InvalidStateError, match="info 'RJ' is written '8H'"):
            game.from_json(data)


def test_joker_open_ace_lies_alone() -> None:
    game = patience.game("joker-solitaire")
    data = game.deal(1).to_json()
    put(data, "f1", ["RJ", "2D"])
    data["info"]["RJ"] = "A"
    refused(game, data, "RJ on foundation f1 must have its suit fixed")
    data["info"]["RJ"] = "AD"
    try:
        game.from_json(data)
    except InvalidStateError as e:  # other piles may be out of shape after the edit
        assert "foundation f1" not in str(e)


# ------------------------------------------------------------ option bounds

NOT_INT = [True, 2.0, "3", None, [3]]

BOUNDS: dict[str, dict[str, list[Any]]] = {
    "accordion": {"deal_all": [1, "yes", None], "cards": [1, 53, 10**6, *NOT_INT]},
    "late-binding-solitaire": {"deal_all": [1, None], "cards": [0, 53, *NOT_INT]},
    "aces-up": {},
    "calculation": {},
    "clock": {},
    "canfield": {"unit": ["half", 1, None, ["pile"]]},
    "thirteen-up": {"unit": ["half", 1, None]},
    "streets-and-alleys": {},
    "beleaguered-castle": {},
    "devils-grip": {
        "passes": [0, 101, 10**400, True, 2.0, "3"],
    },
    "golf": {"wrap": [1, "yes", None], "dead_king": [0, "no", None]},
    "tripeaks": {"wrap": [0, "yes", None]},
    "pyramid": {"passes": [0, 101, 10**400, True, 2.0, "3"]},
    "klondike": {
        "draw": [0, 25, 10**6, *NOT_INT],
        "passes": [0, 101, 10**400, True, 2.0],
        "partial_runs": [1, None],
        "worrying_back": [0, "no"],
        "forced_aces": [1, None, "yes"],
    },
    "las-vegas": {
        "draw": [0, 25, *NOT_INT],
        "passes": [0, 101, 1.0],
        "partial_runs": [1],
        "worrying_back": [None],
        "forced_aces": [0],
    },
    "double-solitaire": {"draw": [0, 25, 10**6, *NOT_INT], "passes": [0, 101, 10**400, 1.5]},
    "napoleon": {"forced_aces": [1, None, "true"]},
    "emperor": {"worrying_back": [1, None, "true"], "forced_aces": [0, "no"]},
    "joker-solitaire": {},
    "poker-solitaire": {"table": ["french", 1, None], "open": [1, None], "swap_limit": [5]},
    "railroad": {"sidings": [0, 53, 10**6, *NOT_INT], "decks": [0, 9, 100_000, 10**6, *NOT_INT]},
    "railroad-double": {"sidings": [0, 105, *NOT_INT], "decks": [0, 9, 100_000, *NOT_INT]},
    "railroad-race": {"sidings": [0, 53, *NOT_INT], "decks": [0, 9, 100_000, 10**6, *NOT_INT]},
    "railroad-timed": {
        "sidings": [0, 53, *NOT_INT],
        "decks": [0, 9, 100_000, *NOT_INT],
        "time_limit": [None, math.inf, -math.inf, math.nan, 0, -1, 86_401, 10**400, True, "300"],
        "clock": [5, "monotonic"],
    },
    "seahaven-towers": {"tower_runs": [1, None]},
    "freecell": {
        "cells": [-1, 11, *NOT_INT],
        "runs": [1, None],
        "numbering": ["ms", None, 1],
        "piles": [3, 14, 10**6, *NOT_INT],
    },
    "bakers-game": {"cells": [-1, 11, *NOT_INT], "runs": [1, None], "numbering": ["ms", None]},
    "eight-off": {"runs": [1, None], "spaces": ["Kings", "all", 1, None]},
    "single-rail": {"worrying_back": [1, None]},
    "spider": {
        "suits": [0, 3, 8, True, 4.0, "4", None],
        "layout": ["Standard", "", "microsoft", 1, None, True],
    },
    "scorpion": {},
    "yukon": {},
    "russian-solitaire": {},
    "king-albert": {"worrying_back": [1, None, "yes"]},
    "raglan": {"worrying_back": [0, "no"]},
    "northwest-territory": {"worrying_back": [1, None]},
    "somerset": {"worrying_back": [1, None]},
    "american-canister": {},
    "british-canister": {},
    "carpet": {},
    "stronghold": {},
    "siegecraft": {},
    "fan": {"by_rows": [1, None, "yes"], "worrying_back": [0, "no"]},
    "alpha-star": {},
    "delta-star": {},
    "spanish-patience": {"worrying_back": [1, None]},
    "fortunes-favor": {},
    "fore-cell": {"same_suit": [1, None, "true"], "runs": [0, None]},
    "gaps": {"fixed_suits": [1, None, "yes"]},
    "black-hole": {"wrap": [1, None, "no"]},
    "worm-hole": {"wrap": [0, None]},
    "trigon": {},
    "east-haven": {"worrying_back": [0, None]},
    "thirty-six": {},
    "thirty": {},
    "spiderette": {"deal_with_spaces": [1, None, "yes"]},
    "will-o-the-wisp": {"deal_with_spaces": [0, None], "open": [1, "no"]},
    "simple-simon": {},
    "mrs-mop": {},
}

OPEN_BOUNDS = {"swap_limit": [0, 10_001, 10**400, True, 2.0, "5"]}


def test_every_option_of_every_game_has_bound_cases() -> None:
    assert set(BOUNDS) == set(GAMES)
    for name in GAMES:
        assert set(BOUNDS[name]) == set(patience.describe(name).options), name


OPTION_CASES = [
    (name, {option: bad})
    for name, options in BOUNDS.items()
    for option, bads in options.items()
    for bad in bads
] + [("poker-solitaire", {"open": True, "swap_limit": bad}) for bad in OPEN_BOUNDS["swap_limit"]]


def _ids(case: Any) -> str:
    text = repr(case)
    return text if len(text) < 40 else text[:37] + "..."


@pytest.mark.parametrize(("name", "options"), OPTION_CASES, ids=_ids)
def test_options_out_of_bounds_are_refused_everywhere(name: str, options: dict[str, Any]) -> None:
    option = "swap_limit" if "swap_limit" in options else next(iter(options))
    with pytest.raises(InvalidOptionError) as caught:
        patience.game(name, **options)
    assert caught.value.option == option
    data = patience.game(name).deal(0).to_json()
    data["options"] = {**data["options"], **options}
    with pytest.raises(InvalidStateError, match=f"option {option!r}"):
        patience.state_from_json(data)
    record = {
        "format": RECORD_FORMAT,
        "game": name,
        "options": options,
        "seed": 0,
        "moves": [],
    }
    with pytest.raises(InvalidRecordError, match=f"option {option!r}"):
        Record.from_json(record)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("railroad", {"decks": 8, "sidings": 416}),
        ("railroad-race", {"decks": 8, "sidings": 1}),
        ("railroad-timed", {"time_limit": 86_400}),
        ("railroad-timed", {"time_limit": 0.5}),
        ("klondike", {"draw": 24, "passes": 100}),
        ("double-solitaire", {"draw": 24, "passes": 100}),
        ("devils-grip", {"passes": 100}),
        ("pyramid", {"passes": 100}),
        ("pyramid", {"passes": None}),
        ("poker-solitaire", {"open": True, "swap_limit": 10_000}),
    ],
    ids=_ids,
)
def test_options_at_their_bounds_are_accepted(name: str, options: dict[str, Any]) -> None:
    game = patience.game(name, **options)
    state = game.deal(3)
    assert patience.state_from_json(json.dumps(state.to_json(), allow_nan=False)) == state


def test_tableau_declarations_take_integers_within_bounds() -> None:
    from patience.tableau import DeclarationError, TableauRules

    for axis, value in [
        ("packs", 9),
        ("packs", True),
        ("jokers", 9),
        ("draw", 1.0),
        ("passes", True),
    ]:
        with pytest.raises(DeclarationError) as caught:
            TableauRules(title="Test", tableau=(7,), **{axis: value})
        assert caught.value.option == axis
    with pytest.raises(DeclarationError, match="pile sizes must be integers"):
        TableauRules(title="Test", tableau=(7.0,))  # type: ignore[arg-type]


# ------------------------------------------------------------ the timed clock


def test_timed_railroad_needs_a_finite_time_limit() -> None:
    with pytest.raises(InvalidOptionError, match="needs a time limit"):
        patience.game("railroad-timed", time_limit=None)
    with pytest.raises(InvalidOptionError, match="at most 86400"):
        patience.game("railroad-timed", time_limit=math.inf)
    game = patience.game("railroad-timed", time_limit=60)
    assert game.options["time_limit"] == 60.0
    # The saved state is strict JSON, with no Infinity or NaN in it.
    text = json.dumps(game.apply(game.deal(1), "s1").to_json(), allow_nan=False)
    assert patience.state_from_json(text).game == game


def test_a_timed_game_with_its_own_clock_refuses_to_pickle() -> None:
    now = [100.0]
    game = patience.game("railroad-timed", time_limit=60, clock=lambda: now[0])
    state = game.apply(game.deal(1), "s1")
    with pytest.raises(PatienceError, match="cannot be pickled: its clock was passed in"):
        pickle.dumps(game)
    with pytest.raises(PatienceError, match="cannot be pickled"):
        pickle.dumps(state)
    # The registered clock travels: that game and its states pickle as before.
    plain = patience.game("railroad-timed", time_limit=60)
    assert pickle.loads(pickle.dumps(plain)) == plain
    plain_state = plain.apply(plain.deal(1), "s1")
    assert pickle.loads(pickle.dumps(plain_state)) == plain_state


def test_loading_keeps_the_clock_only_through_the_game_that_has_it() -> None:
    now = [100.0]
    game = patience.game("railroad-timed", time_limit=60, clock=lambda: now[0])
    state = game.apply(game.deal(1), "s1")
    now[0] = 130.0
    data = state.to_json()
    mine = game.from_json(data)
    assert mine.game is game and game.time_left(mine) == 30.0
    registered = patience.state_from_json(data)
    assert isinstance(registered.game, Railroad)
    assert registered.game.clock is time.monotonic
    assert registered == mine  # the same position; only the clock differs


def test_an_untimed_railroad_with_a_clock_still_pickles() -> None:
    game = Railroad("railroad", clock=lambda: 0.0)
    assert pickle.loads(pickle.dumps(game)) == game


@pytest.mark.parametrize("name", patience.games())
def test_int_enum_option_values_are_taken_as_their_numbers(name: str) -> None:
    import enum

    for option, usual in patience.describe(name).options.items():
        if isinstance(usual, bool) or not isinstance(usual, int):
            continue
        member = enum.IntEnum("Member", {"VALUE": usual}).VALUE
        game = patience.game(name, **{option: member})
        assert game == patience.game(name, **{option: usual})
        assert all(type(value) is not type(member) for value in game.options.values())
        state = game.deal(1)
        assert patience.state_from_json(state.to_json()) == state
