"""Rule tests for the rest of the tableau family (issue: Canfield ... Spider)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from arrange import arrange, moves

import patience
from patience import Card, Move, Pile, State


def unchecked(game: patience.Game, data: dict[str, Any]) -> State:
    """A position from edited JSON data, without the checks of ``from_json``.

    For rule tests that need a position play could not reach, such as a
    stock holding more cards than the deal left for it.
    """
    piles = {
        name: Pile(tuple(Card.parse(c) for c in pile["cards"]), pile["down"])
        for name, pile in data["piles"].items()
    }
    return game.make_state(piles, data["info"])


def edit(game: patience.Game, state: State, **piles: Pile) -> State:
    """The same position with some piles replaced (the cards must still add up)."""
    changed = dict(state.piles)
    changed.update(piles)
    return game.make_state(changed, state.info)


# ------------------------------------------------------------------ Canfield

CANFIELD = patience.game("canfield")


def test_canfield_layout_and_dealt_base() -> None:
    cards = CANFIELD.shuffled_cards(8)
    state = CANFIELD.deal(8)
    assert state.piles["reserve"].cards == cards[:13] and state.piles["reserve"].down == 12
    assert state.piles["f1"].cards == (cards[13],)
    assert state.info["base"] == cards[13].rank
    assert [state.piles[f"t{k}"].cards for k in range(1, 5)] == [(c,) for c in cards[14:18]]
    assert len(state.piles["stock"]) == 34


def test_canfield_fills_spaces_from_the_reserve_then_from_the_waste() -> None:
    # Base card 5S (dealt to f1); tableau 6H 7C 4D 9S; reserve top QH.
    tops = {"reserve": ["QH"], "f1": ["5S"], "t1": ["6H"], "t2": ["7C"], "t3": ["4D"], "t4": ["9S"]}
    state = CANFIELD.deal_from(arrange(CANFIELD, tops))
    assert state.info["base"] == 5
    assert "t1-t2" in moves(CANFIELD, state)  # red 6 on black 7
    state = CANFIELD.apply(state, "t1-t2")
    # The space t1 left was filled at once with the reserve's top card.
    assert str(state.piles["t1"]) == "QH" and len(state.piles["reserve"]) == 12
    assert state.piles["reserve"].down == 11
    # Once the reserve is empty, a space stays open and the waste's top card may fill it.
    data = state.to_json()
    data["piles"]["stock"]["cards"] += data["piles"]["reserve"]["cards"] + ["QH"]
    data["piles"]["stock"]["down"] = len(data["piles"]["stock"]["cards"])
    data["piles"]["reserve"] = {"cards": [], "down": 0}
    data["piles"]["t1"] = {"cards": [], "down": 0}
    top = data["piles"]["stock"]["cards"].pop(0)
    data["piles"]["stock"]["down"] -= 1
    data["piles"]["waste"] = {"cards": [top], "down": 0}
    open_space = unchecked(CANFIELD, data)
    assert not open_space.piles["t1"]
    assert "waste-t1" in moves(CANFIELD, open_space)


def test_canfield_wraps_round_the_corner() -> None:
    # Base king: foundations go K, A, 2 ...; the tableau puts a black king on a red ace.
    tops = {"f1": ["KS"], "t1": ["AH"], "t2": ["KC"], "t3": ["AS"], "t4": ["2D"]}
    state = CANFIELD.deal_from(arrange(CANFIELD, tops))
    assert state.info["base"] == 13
    legal = moves(CANFIELD, state)
    assert "t2-t1" in legal  # KC on AH: ranks wrap in the tableau
    assert "t3-f1" in legal  # AS on KS: foundations wrap too
    # Only a red king could go on the AS, and a king always has a foundation.
    assert [str(m) for m in CANFIELD.safe_moves(state)] == ["t3-f1"]


def test_canfield_moves_whole_piles_only_unless_asked() -> None:
    assert CANFIELD.rules.unit == "pile"
    runs = patience.game("canfield", unit="run")
    assert runs.options == {"unit": "run"}
    with pytest.raises(patience.InvalidOptionError):
        patience.game("canfield", unit="half")


# --------------------------------------------------------------- Thirteen-Up


def test_thirteen_up_aces_start_and_three_passes() -> None:
    game = patience.game("thirteen-up")
    state = game.deal(3)
    assert [str(state.piles[f"f{i}"]) for i in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert len(state.piles["reserve"]) == 13 and len(state.piles["stock"]) == 31
    passes = 1
    while True:
        while "draw stock" in moves(game, state):
            state = game.apply(state, "draw")
        if "redeal stock" not in moves(game, state):
            break
        state = game.apply(state, "redeal")
        passes += 1
    assert passes == 3 and state.info["pass"] == 3


# ----------------------------------------------------------- Seahaven Towers

SEAHAVEN = patience.game("seahaven-towers")


def test_seahaven_layout_towers_and_kings_only_spaces() -> None:
    state = SEAHAVEN.deal(4)
    assert all(len(state.piles[f"t{k}"]) == 5 for k in range(1, 11))
    assert [len(state.piles[f"c{i}"]) for i in range(1, 5)] == [1, 1, 0, 0]
    assert "stock" not in state.piles
    tops = {"t1": ["9H"], "t2": ["KD"], "t3": ["TH"], "c1": ["QS"], "c2": ["2C"]}
    state = SEAHAVEN.deal_from(arrange(SEAHAVEN, tops))
    legal = moves(SEAHAVEN, state)
    assert "t1-t3" in legal  # 9H on TH: down in suit
    assert "t1-c3" in legal and "t1-c4" in legal  # any top card to an empty tower
    # Empty a column: only a king may go there.
    data = state.to_json()
    col = data["piles"]["t5"]["cards"]
    data["piles"]["t5"]["cards"] = []
    data["piles"]["t6"]["cards"] = col + data["piles"]["t6"]["cards"]
    spaced = unchecked(SEAHAVEN, data)
    into_space = [m for m in SEAHAVEN.legal_moves(spaced) if m.target == "t5"]
    assert Move("move", "t2", "t5") in into_space  # the king of diamonds
    for move in into_space:  # and only kings
        top = spaced.piles[move.source].top
        assert top is not None and top.rank == 13


def test_seahaven_tower_runs_are_shorthand() -> None:
    plain = SEAHAVEN
    sugar = patience.game("seahaven-towers", tower_runs=True)
    tops = {"t1": ["8H", "9H"], "t2": ["TH"], "c1": ["QS"], "c2": ["2C"]}
    a = plain.deal_from(arrange(plain, tops))
    b = sugar.deal_from(arrange(sugar, tops))
    assert "t1-t2 x2" not in moves(plain, a)
    assert "t1-t2 x2" in moves(sugar, b)  # two empty towers could carry it
    after = sugar.apply(b, "t1-t2 x2")
    assert str(after.piles["t2"]).endswith("TH 9H 8H")


# ------------------------------------- Streets and Alleys, Beleaguered Castle


def test_streets_and_alleys_deal_pattern() -> None:
    game = patience.game("streets-and-alleys")
    state = game.deal(6)
    assert [len(state.piles[f"t{k}"]) for k in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert all(state.piles[f"t{k}"].down == 0 for k in range(1, 9))
    assert all(not state.piles[f"f{i}"] for i in range(1, 5))
    cards = game.shuffled_cards(6)
    assert [state.piles[f"t{k}"].cards[0] for k in range(1, 9)] == list(cards[:8])


def test_beleaguered_castle_deal_pattern() -> None:
    game = patience.game("beleaguered-castle")
    state = game.deal(6)
    assert [len(state.piles[f"t{k}"]) for k in range(1, 9)] == [6] * 8
    assert [str(state.piles[f"f{i}"]) for i in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    # The other 48 cards are dealt in their shuffled order, aces taken out.
    rest = [c for c in game.shuffled_cards(6) if c.rank != 1]
    assert [state.piles[f"t{k}"].cards[0] for k in range(1, 9)] == rest[:8]


@pytest.mark.parametrize("name", ["streets-and-alleys", "beleaguered-castle"])
def test_castle_games_build_regardless_of_suit_one_card_at_a_time(name: str) -> None:
    game = patience.game(name)
    state = game.deal(2)
    for move in game.legal_moves(state):
        assert move.count == 1
        if move.target and move.target.startswith("t") and state.piles[move.target]:
            below = state.piles[move.target].top
            card = state.piles[move.source].top
            assert below is not None and card is not None and below.rank == card.rank + 1


# ------------------------------------------------------- Napoleon, Emperor


def test_napoleon_single_pass_over_two_packs() -> None:
    game = patience.game("forty-thieves", forced_aces=False)  # to draw past the aces
    assert game.name == "napoleon"
    state = game.deal(1)
    assert len(game.deck) == 104 and len(state.piles["stock"]) == 64
    assert all(
        len(state.piles[f"t{k}"]) == 4 and not state.piles[f"t{k}"].down for k in range(1, 11)
    )
    assert len([n for n in state.piles if n.startswith("f")]) == 8
    for _ in range(64):
        state = game.apply(state, "draw")
    assert "redeal stock" not in moves(game, state) and "draw stock" not in moves(game, state)
    assert Counter(c for p in state.piles.values() for c in p.cards) == Counter(game.deck)


def test_emperor_face_down_rows_and_worrying_back() -> None:
    game = patience.game("emperor")
    state = game.deal(2)
    assert all(state.piles[f"t{k}"].down == 3 for k in range(1, 11))
    # Put an ace and a two of clubs up, and a red three on a pile: the two may come back.
    data = state.to_json()
    placed = {"AC", "2C", "3H"}
    for pile in data["piles"].values():
        if any(c in placed for c in pile["cards"]):
            keep = [c for c in pile["cards"] if c not in placed]
            pile["down"] = min(pile["down"], max(len(keep) - 1, 0))
            pile["cards"] = keep
    data["piles"]["f1"] = {"cards": ["AC", "2C"], "down": 0}
    data["piles"]["t1"]["cards"].append("3H")
    data["piles"]["stock"]["cards"].append("AC")
    data["piles"]["stock"]["down"] = len(data["piles"]["stock"]["cards"])
    data["piles"]["stock"]["cards"].append("2C")
    data["piles"]["stock"]["down"] += 1
    data["piles"]["t2"]["cards"].append("3H")
    data["info"]["peak"] = 2
    position = unchecked(game, data)
    assert {"f1-t1", "f1-t2"} <= moves(game, position)  # the 2C back onto either 3H
    never = patience.game("emperor", worrying_back=False)
    assert not any(m.startswith("f") for m in moves(never, never.deal(2)))


# -------------------------------------------------------------------- Spider

SPIDER = patience.game("spider")


def test_spider_layout_and_the_last_deal_of_four() -> None:
    state = SPIDER.deal(5)
    assert all(len(state.piles[f"t{k}"]) == 5 for k in range(1, 11))
    assert all(state.piles[f"t{k}"].down == 4 for k in range(1, 11))
    assert len(state.piles["stock"]) == 54
    for _ in range(5):
        if any(not state.piles[f"t{k}"] for k in range(1, 11)):
            pytest.skip("a space appeared")  # pragma: no cover
        state = SPIDER.apply(state, "deal")
    assert len(state.piles["stock"]) == 4
    before = [len(state.piles[f"t{k}"]) for k in range(1, 11)]
    state = SPIDER.apply(state, "deal")
    after = [len(state.piles[f"t{k}"]) for k in range(1, 11)]
    assert [a - b for a, b in zip(after, before)] == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert not state.piles["stock"] and "deal stock" not in moves(SPIDER, state)


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_standard_spider_deals_54_up_and_five_deals_of_ten(suits: int) -> None:
    game = patience.game("spider", layout="standard", suits=suits)
    assert game.options["layout"] == "standard" and "standard" in game.title
    state = game.deal(5)
    sizes = [len(state.piles[f"t{k}"]) for k in range(1, 11)]
    assert sizes == [6, 5, 5, 6, 5, 5, 6, 5, 5, 6]
    assert [state.piles[f"t{k}"].down for k in range(1, 11)] == [n - 1 for n in sizes]
    held = [card for pile in state.piles.values() for card in pile.cards]
    assert len(state.piles["stock"]) == 50 and sorted(held) == sorted(game.deck)
    for _ in range(5):
        assert all(state.piles[f"t{k}"] for k in range(1, 11))
        before = [len(state.piles[f"t{k}"]) for k in range(1, 11)]
        state = game.apply(state, "deal")
        after = [len(state.piles[f"t{k}"]) for k in range(1, 11)]
        assert [a - b for a, b in zip(after, before)] == [1] * 10
    assert not state.piles["stock"] and "deal stock" not in moves(game, state)


def test_spider_layout_option_is_checked_and_kept_only_when_not_the_default() -> None:
    assert dict(patience.game("spider", layout="hoyle").options) == {}
    assert patience.game("spider", layout="hoyle") == SPIDER
    assert patience.describe("spider").options["layout"] == "hoyle"
    for bad in ("Standard", "", 1, None, True):
        with pytest.raises(patience.InvalidOptionError):
            patience.game("spider", layout=bad)
    game = patience.game("spider", layout="standard", suits=1)
    state = game.apply(game.deal(3), "deal")
    assert patience.state_from_json(state.to_json()) == state


def test_spider_fills_every_space_before_a_deal() -> None:
    state = SPIDER.deal(5)
    column = state.piles["t3"]
    moved = Pile(state.piles["t4"].cards + column.cards, state.piles["t4"].down + column.down)
    spaced = edit(SPIDER, state, t3=Pile(), t4=moved)
    assert "deal stock" not in moves(SPIDER, spaced)
    with pytest.raises(patience.IllegalMoveError):
        SPIDER.apply(spaced, "deal")


def test_spider_removes_a_completed_suit_at_once() -> None:
    state = SPIDER.deal(5)
    spades = [Card(r, "S") for r in range(13, 0, -1)]  # K down to A
    # Take one pack's spades out of wherever they are and stack K..2 on t1, the ace on t2.
    piles = {n: list(p.cards) for n, p in state.piles.items()}
    downs = {n: p.down for n, p in state.piles.items()}
    for card in spades:
        for cards in piles.values():
            if card in cards:
                cards.remove(card)
                break
    piles["stock"] += [c for n in ("t1", "t2") for c in piles[n]]
    piles["t1"] = spades[:12]
    piles["t2"] = spades[12:]
    downs.update(t1=0, t2=0, stock=len(piles["stock"]))
    for name in piles:
        if name.startswith("t") and name not in ("t1", "t2"):
            downs[name] = min(downs[name], max(len(piles[name]) - 1, 0))
    position = SPIDER.make_state(
        {n: Pile(tuple(c), downs[n]) for n, c in piles.items()}, state.info
    )
    after = SPIDER.apply(position, "t2-t1")
    assert not after.piles["t1"] and not after.piles["t2"]
    assert str(after.piles["f1"]) == " ".join(str(c) for c in reversed(spades))
    assert SPIDER.score(after) == 13
    assert Move("deal", "stock") not in SPIDER.legal_moves(after)  # two spaces to fill first


@pytest.mark.parametrize("name", ["napoleon", "emperor"])
def test_napoleon_and_emperor_aces_go_up_as_soon_as_possible(name: str) -> None:
    game = patience.game(name)
    for seed in range(40):
        state = game.deal(seed)
        tops = {p: state.piles[p].top for p in state.piles if p.startswith("t")}
        aces = [p for p, card in tops.items() if card is not None and card.rank == 1]
        if aces:
            break
    else:
        raise AssertionError("no deal with an ace on top")
    legal = game.legal_moves(state)
    assert legal and all(m.source in aces and m.target.startswith("f") for m in legal)  # type: ignore[union-attr]
    free = patience.game(name, forced_aces=False)
    assert len(free.legal_moves(free.deal(seed))) > len(legal)


def test_canfield_with_whole_piles_fills_a_space_from_the_waste_only() -> None:
    # Blake and Gent's strict Canfield (whole piles; once the reserve is
    # empty, a space from the waste only) plays as the default: a whole pile
    # into a space changes nothing, so only the waste's card fills one. With
    # runs (their other Canfield) a part of a pile may fill it too.
    def position(game: patience.Game) -> patience.State:
        data = game.deal(167).to_json()  # the base is the king
        ranks = "KA23456789T"
        piles = {name: {"cards": [], "down": 0} for name in data["piles"]}
        for f, suit in zip(("f1", "f2", "f3", "f4"), "DCHS"):
            piles[f]["cards"] = [r + suit for r in ranks]
        piles["f4"]["cards"].pop()  # TS is in the stock
        piles["t2"]["cards"] = ["QD", "JS"]
        piles["t3"]["cards"] = ["QC", "JH"]
        piles["t4"]["cards"] = ["QH"]
        piles["stock"] = {"cards": ["JD", "TS"], "down": 2}
        piles["waste"]["cards"] = ["JC", "QS"]
        return game.from_json({**data, "piles": piles})

    whole = patience.game("canfield")
    state = position(whole)
    into_space = {str(m) for m in whole.legal_moves(state) if m.target == "t1"}
    assert into_space == {"waste-t1"}
    runs = patience.game("canfield", unit="run")
    state = position(runs)
    into_space = {str(m) for m in runs.legal_moves(state) if m.target == "t1"}
    assert into_space == {"waste-t1", "t2-t1", "t3-t1"}
