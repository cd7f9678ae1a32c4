"""The tableau engine: declarations, their validation and engine-wide rules."""

from __future__ import annotations

from typing import Any

import pytest
from arrange import arrange, moves, random_positions

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
        ({"build": "none", "unit": "stack"}, "unit"),
        ({"suits": 3}, "suits"),
        ({"suits": True}, "suits"),
        ({"build": "none", "unit": "run"}, "unit"),
        ({"space": "queens"}, "space"),
        ({"space": "kings", "build": "up"}, "space"),
        ({"space": "kings", "wrap": True}, "space"),
        ({"reserve_fills_spaces": True}, "reserve_fills_spaces"),
        ({"waste_fills_spaces": True, "stock": "deal"}, "waste_fills_spaces"),
        ({"ranks": 0}, "ranks"),
        ({"ranks": 14}, "ranks"),
        ({"ranks": 8, "space": "kings"}, "ranks"),
        ({"ranks": 8, "wrap": True}, "ranks"),
        ({"ranks": 8, "foundation_mode": "suits", "relation": "suit"}, "ranks"),
        ({"ranks": 8, "tableau": (10,) * 4}, "tableau"),
        ({"cells": 1, "cells_dealt": 2}, "cells_dealt"),
        ({"cells": 2, "cells_dealt": 1, "closed_cells": True}, "closed_cells"),
        ({"closed_cells": True}, "closed_cells"),
        ({"cells": 2, "cells_dealt": 2, "closed_cells": True, "cell_runs": True}, "cell_runs"),
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


STACKS = TableauRules(
    title="Stacks",
    tableau=(1, 6, 7, 8, 9, 10, 11),
    face_down=(0, 1, 2, 3, 4, 5, 6),
    unit="stack",
    space="kings",
    stock="none",
)


def test_a_stack_is_any_face_up_card_with_what_lies_on_it() -> None:
    game = TableauGame("stack-test", STACKS, {})
    # t2: one face-down card, then 9C 3H QD 2S 8D (top) face up, none built.
    tops = {"t1": ["9S"], "t2": ["8D", "2S", "QD", "3H", "9C"], "t3": ["TH"], "t4": ["KD"]}
    state = game.deal_from(arrange(game, tops))
    listed = moves(game, state)
    # The 8D goes on the 9S alone; the 9C goes on the TH with the four cards on it.
    assert "t2-t1" in listed and "t2-t3 x5" in listed
    # The unit is not a built run: the cards on the 9C do not build on it.
    after = game.apply(state, "t2-t3 x5")
    assert str(after.piles["t3"]).endswith("TH 9C 3H QD 2S 8D")
    assert after.piles["t2"].down == 0  # the face-down card turned up
    # Five cards would reach the face-down card: refused as such.
    with pytest.raises(patience.IllegalMoveError) as refused:
        game.apply(state, "t2-t3 x6")
    assert refused.value.code == "face-down"
    # The card moved by must build on the target's top card.
    with pytest.raises(patience.IllegalMoveError) as refused:
        game.apply(state, "t2-t3 x4")
    assert refused.value.code == "build"
    # Every face-up count of a pile is a unit, and nothing deeper.
    units = game._units(state.piles["t2"])
    assert [k for k, _ in units] == [1, 2, 3, 4, 5]
    assert game.from_json(after.to_json()) == after


def test_stacks_carry_unbuilt_cards_but_never_add_one() -> None:
    game = TableauGame("stack-test", STACKS, {})
    # The deal can leave at most 4 face-up cards on cards they do not build on
    # in each of t2 to t7: 24 in all. Moves carry them about but add none, so
    # a position with more cannot be reached, while one pile may hold many.
    assert game._loose_dealt == 24
    for _, state, _ in random_positions(game, range(3), 60):
        assert game._state_problem(state) == ""
    data = game.deal(1).to_json()
    piles = data["piles"]
    cards = [c for name in ("t3", "t4", "t5", "t6", "t7") for c in piles[name]["cards"]]
    piles["t1"] = {"cards": piles["t1"]["cards"] + cards, "down": 0}
    for name in ("t3", "t4", "t5", "t6", "t7"):
        piles[name] = {"cards": [], "down": 0}
    with pytest.raises(patience.InvalidStateError, match="do not build on the card beneath"):
        game.from_json(data)


def test_stack_units_reach_as_far_as_the_face_up_cards_go() -> None:
    game = TableauGame("stack-test", STACKS, {})
    # Any count up to the deck may move, so the actions and the piles' room
    # allow for it.
    assert game._largest_unit() == 52
    assert all(game.capacities[game._index[f"t{k}"]] == 52 for k in range(1, 8))
    assert "t7-t6 x52" in {str(m) for m in game.actions}


@pytest.mark.parametrize(
    ("suits", "kinds"),
    [(4, {"C": 26, "D": 26, "H": 26, "S": 26}), (2, {"H": 52, "S": 52}), (1, {"S": 104})],
)
def test_packs_in_fewer_suits(suits: int, kinds: dict[str, int]) -> None:
    rules = TableauRules(
        title="Suits",
        packs=2,
        suits=suits,
        tableau=(5,) * 10,
        face_down=4,
        relation="any",
        unit="suit-run",
        foundation_mode="suits",
        stock="deal",
    )
    assert rules.copies == 8 // suits
    game = TableauGame("suits-test", rules, {})
    counted: dict[str, int] = {}
    for card in game.deck:
        counted[card.suit.value] = counted.get(card.suit.value, 0) + 1
    assert counted == kinds
    # Each card stands where the standard card it replaces stands: the same
    # ranks in the same order, and the same colours where two suits are kept.
    standard = patience.Deck.standard(2)
    assert [c.rank for c in game.deck] == [c.rank for c in standard]
    if suits > 1:
        assert [c.colour for c in game.deck] == [c.colour for c in standard]
    state = game.deal(5)
    assert game.from_json(state.to_json()) == state


def test_the_search_orders_the_piles_once_a_dealing_stock_is_empty() -> None:
    game = patience.game("scorpion")
    state = game.deal(3)
    swapped = game.make_state(
        {**state.piles, "t1": state.piles["t2"], "t2": state.piles["t1"]}, state.info
    )
    # While the stock holds cards, the deal gives them to t1, t2 and t3 in turn.
    assert game._search_key(swapped) != game._search_key(state)
    dealt = game.apply(state, "deal")
    swapped = game.make_state(
        {**dealt.piles, "t1": dealt.piles["t2"], "t2": dealt.piles["t1"]}, dealt.info
    )
    assert game._search_key(swapped) == game._search_key(dealt)


def _closed_cells_game() -> TableauGame:
    rules = TableauRules(
        title="Closed cells",
        tableau=(8,) * 6,
        cells=4,
        cells_dealt=4,
        closed_cells=True,
        relation="alternate",
        stock="none",
    )
    return TableauGame("closed-cells", rules, {})


def test_closed_cells_give_cards_and_take_none() -> None:
    game = _closed_cells_game()
    assert [(p.name, p.role, p.refill) for p in game.layout if p.name.startswith("r")] == [
        (f"r{i}", "reserve", False) for i in range(1, 5)
    ]
    cards = arrange(game, {"r1": ["8H"], "r2": ["AS"], "t1": ["9C"], "t2": ["KD"]})
    state = game.deal_from(cards)
    legal = moves(game, state)
    assert {"r1-t1", "r2-f1"} <= legal  # a reserve card goes on the tableau or up
    assert not any(m.endswith(("-r1", "-r2", "-r3", "-r4")) for m in legal)
    after = game.apply(state, "r1-t1")
    assert not after.piles["r1"].cards
    assert game.progress(after) != game.progress(state)  # a reserve card came into play
    with pytest.raises(patience.IllegalMoveError) as info:
        game.apply(after, "t2-r1")  # the emptied place takes nothing back
    assert info.value.code == "target"


def test_a_card_a_closed_cell_can_give_keeps_the_game_going() -> None:
    game = _closed_cells_game()
    tops = ["9C", "KC", "KS", "KH", "KD", "5S"]
    cards = arrange(
        game,
        {
            "r1": ["8H"],
            "r2": ["2C"],
            "r3": ["2S"],
            "r4": ["3C"],
            **{f"t{i}": [top] for i, top in enumerate(tops, 1)},
        },
    )
    state = game.deal_from(cards)
    assert moves(game, state) == {"r1-t1"}  # nothing else moves, and that is progress
    assert not game.is_over(state)
    after = game.apply(state, "r1-t1")
    assert not game.legal_moves(after) and game.is_over(after)


def test_a_short_pack_runs_from_the_ace_to_its_highest_rank() -> None:
    rules = TableauRules(
        title="Short", ranks=5, tableau=(5,) * 4, relation="any", unit="run", stock="none"
    )
    game = TableauGame("short-test", rules, {})
    assert len(game.deck) == 20 and max(c.rank for c in game.deck) == 5
    # Won when every foundation reaches the highest rank.
    tops = {f"t{k}": [f"{r}{s}" for r in "A2345"] for k, s in zip(range(1, 5), "CDHS")}
    state = game.deal_from(arrange(game, tops))
    for k, suit in zip(range(1, 5), "CDHS"):
        for _ in range(5):
            assert not game.is_won(state)
            state = game.apply(state, f"t{k}-f{k}")
        assert str(state.piles[f"f{k}"].top) == "5" + suit
    assert game.is_won(state) and game.score(state) == 20
    assert game._largest_unit() == 5


def test_the_waste_or_else_the_stock_fills_a_space_at_once() -> None:
    rules = TableauRules(
        title="Favoured",
        tableau=(1,) * 4,
        relation="suit",
        unit="one",
        foundations_start=True,
        stock="waste",
        waste_fills_spaces=True,
    )
    game = TableauGame("favoured-test", rules, {})
    tops = {"t1": ["5S"], "t2": ["6S"], "t3": ["4H"], "t4": ["5H"]}
    state = game.deal_from(arrange(game, tops))
    stock = state.piles["stock"].cards
    # The stock's top card fills t1 when the 5S goes on the 6S (the waste is empty).
    after, events = game.apply_events(state, "t1-t2")
    assert after.piles["t1"].cards == (stock[-1],) and after.piles["t1"].down == 0
    assert len(after.piles["stock"]) == len(stock) - 1
    assert "CardsDealt" in [type(e).__name__ for e in events]
    # With a card on the waste, the waste's top fills the next space.
    turned = game.apply(after, "draw")
    waste_top = turned.piles["waste"].top
    filled = game.apply(turned, "t3-t4")
    assert filled.piles["t3"].cards == (waste_top,) and not filled.piles["waste"]
    assert game._move_progress(turned, game.parse_move(turned, "t3-t4"))
    # No space is ever left while the waste or the stock has cards.
    bad = filled.to_json()
    bad["piles"]["t3"] = {"cards": [], "down": 0}
    bad["piles"]["waste"] = {"cards": [str(waste_top)], "down": 0}
    with pytest.raises(patience.InvalidStateError):
        game.from_json(bad)


def test_the_new_axes_leave_other_games_as_they_were() -> None:
    rules = TableauRules(title="Plain", tableau=(1, 2, 3, 4, 5, 6, 7))
    assert rules.ranks == 13 and not rules.closed_cells and not rules.waste_fills_spaces
    freecell = patience.game("freecell")
    assert [s.label for s in freecell.layout if s.role == "cell"][:1] == ["Cell 1"]
