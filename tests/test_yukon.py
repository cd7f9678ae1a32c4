"""Yukon, Russian Solitaire, Scorpion and Spider in one and two suits: the rules
each game's page states, checked on made-up deals."""

from __future__ import annotations

import pytest
from arrange import arrange, moves, random_positions

import patience
from patience import Card, IllegalMoveError, Pile

YUKON = patience.game("yukon")
RUSSIAN = patience.game("russian-solitaire")
SCORPION = patience.game("scorpion")


@pytest.mark.parametrize("game", [YUKON, RUSSIAN], ids=["yukon", "russian-solitaire"])
def test_the_yukon_deal(game: patience.Game) -> None:
    state = game.deal(7)
    sizes = [len(state.piles[f"t{k}"]) for k in range(1, 8)]
    downs = [state.piles[f"t{k}"].down for k in range(1, 8)]
    assert sizes == [1, 6, 7, 8, 9, 10, 11] and downs == [0, 1, 2, 3, 4, 5, 6]
    assert "stock" not in state.piles and "waste" not in state.piles
    assert all(not state.piles[f"f{k}"] for k in range(1, 5))


def test_yukon_moves_any_face_up_card_with_what_lies_on_it() -> None:
    # t2: a face-down card under 5D 2C KH 9S JD (top); t3's top is the 6S.
    tops = {"t2": ["JD", "9S", "KH", "2C", "5D"], "t3": ["6S"], "t1": ["QC"]}
    state = YUKON.deal_from(arrange(YUKON, tops))
    listed = moves(YUKON, state)
    # The 5D takes all four cards on it onto the 6S; the JD goes alone onto the QC.
    assert {"t2-t3 x5", "t2-t1"} <= listed
    after = YUKON.apply(state, "t2-t3 x5")
    assert [str(c) for c in after.piles["t3"].cards[-6:]] == ["6S", "5D", "2C", "KH", "9S", "JD"]
    assert after.piles["t2"].down == 0 and len(after.piles["t2"]) == 1
    # Russian Solitaire builds in suit: the 5D does not go on the 6S there.
    russian = RUSSIAN.deal_from(arrange(RUSSIAN, tops))
    with pytest.raises(IllegalMoveError) as refused:
        RUSSIAN.apply(russian, "t2-t3 x5")
    assert refused.value.code == "build" and "in suit" in refused.value.reason


def test_yukon_spaces_take_only_kings() -> None:
    # t1's only card, the 4H, goes on the 5S of t3: t1 is a space.
    tops = {"t1": ["4H"], "t3": ["5S"], "t2": ["8C", "KD", "3D"]}
    state = YUKON.apply(YUKON.deal_from(arrange(YUKON, tops)), "t1-t3")
    assert not state.piles["t1"]
    listed = moves(YUKON, state)
    # The king of diamonds with the 8C on it may fill the space; the 8C alone may not.
    assert "t2-t1 x2" in listed and "t2-t1" not in listed
    with pytest.raises(IllegalMoveError) as refused:
        YUKON.apply(state, "t2-t1")
    assert refused.value.code == "space"


def test_yukon_aces_go_up_and_the_foundations_build_in_suit() -> None:
    tops = {"t1": ["AH"], "t2": ["9C", "2H"]}
    state = YUKON.deal_from(arrange(YUKON, tops))
    assert "t1-f1" in moves(YUKON, state)
    state = YUKON.apply(state, "t1-f1")
    assert YUKON.score(state) == 1
    # The 2H lies under the 9C: only a pile's top card goes up.
    assert "t2-f1" not in moves(YUKON, state)
    with pytest.raises(IllegalMoveError) as refused:
        YUKON.apply(state, "t2-f1")
    assert refused.value.code == "foundation" and "2♥" in refused.value.reason


def test_scorpion_deal_and_its_stock() -> None:
    state = SCORPION.deal(11)
    assert [len(state.piles[f"t{k}"]) for k in range(1, 8)] == [7] * 7
    assert [state.piles[f"t{k}"].down for k in range(1, 8)] == [3, 3, 3, 3, 0, 0, 0]
    assert len(state.piles["stock"]) == 3
    stock = state.piles["stock"].cards
    after = SCORPION.apply(state, "deal")
    # One move deals the three cards, the stock's top first, to t1, t2 and t3.
    assert [after.piles[f"t{k}"].top for k in range(1, 4)] == list(reversed(stock))
    assert [len(after.piles[f"t{k}"]) for k in range(1, 8)] == [8, 8, 8, 7, 7, 7, 7]
    assert not after.piles["stock"] and "deal stock" not in moves(SCORPION, after)


def test_scorpion_deals_with_a_space_open() -> None:
    # Unlike Spider's, Scorpion's deal does not wait for the spaces to be filled.
    state = SCORPION.deal(4)
    t5 = state.piles["t5"]
    t6 = state.piles["t6"]
    emptied = SCORPION.make_state(
        {**state.piles, "t5": Pile(), "t6": Pile(t6.cards + t5.cards, 0)}, state.info
    )
    assert "deal stock" in moves(SCORPION, emptied)


def test_scorpion_builds_in_suit_and_removes_a_complete_suit() -> None:
    # The spades from the king down to the two lie on t5 in order, the ace is
    # on top of t6: putting it on the two completes the suit, which leaves.
    spades = [f"{r}S" for r in "23456789TJQK"]  # top first
    game = SCORPION
    state = game.apply(game.deal(1), "deal")  # the stock is out
    piles = {n: list(p.cards) for n, p in state.piles.items()}
    downs = {n: p.down for n, p in state.piles.items()}
    run = [Card.parse(t) for t in reversed(spades)]
    ace = Card.parse("AS")
    for card in [*run, ace]:
        for cards in piles.values():
            if card in cards:
                cards.remove(card)
                break
    piles["t7"] = piles["t5"] + piles["t7"]  # the old t5 cards go under t7's
    piles["t5"] = run
    piles["t6"] = piles["t6"] + [ace]
    downs.update(t5=0, t6=0, t7=0)
    for name in piles:
        if name.startswith("t"):
            downs[name] = min(downs[name], max(len(piles[name]) - 1, 0))
    position = game.make_state({n: Pile(tuple(c), downs[n]) for n, c in piles.items()}, state.info)
    after = game.apply(position, "t6-t5")
    assert not after.piles["t5"]
    assert str(after.piles["f1"]) == "AS " + " ".join(spades)
    assert game.score(after) == 13
    # Only the ace of spades builds on the two of spades.
    onto = [m for m in game.legal_moves(position) if m.target == "t5"]
    assert [str(m) for m in onto] == ["t6-t5"]


@pytest.mark.parametrize(("suits", "seen"), [(1, {"S"}), (2, {"S", "H"}), (4, set("CDHS"))])
def test_spider_in_fewer_suits(suits: int, seen: set[str]) -> None:
    game = patience.game("spider", suits=suits)
    assert game.options == ({} if suits == 4 else {"suits": suits})
    assert {c.suit.value for c in game.deck if c.suit is not None} == seen
    assert len(game.deck) == 104
    state = game.deal(2)
    assert game.from_json(state.to_json()) == state
    if suits == 4:
        assert state == patience.game("spider").deal(2)


def test_spider_in_one_suit_moves_any_run() -> None:
    game = patience.game("spider", suits=1)
    # In one suit every built run is a same-suit run: all of it, or any upper
    # part, moves as a unit.
    longest = 0
    for _, state, _ in random_positions(game, range(4), 80):
        for name in (f"t{k}" for k in range(1, 11)):
            pile = state.piles[name]
            cards = pile.cards
            built = 1 if cards else 0
            while (
                built < len(cards) - pile.down and cards[-built - 1].rank == cards[-built].rank + 1
            ):
                built += 1
            assert [k for k, _ in game._units(pile)] == list(range(1, built + 1))
            longest = max(longest, built)
    assert longest >= 3


def test_spider_suits_option_is_checked() -> None:
    for bad in (0, 3, True, "2"):
        with pytest.raises(patience.InvalidOptionError):
            patience.game("spider", suits=bad)


def test_scorpion_a_suit_uncovered_by_a_stack_moving_away_leaves_too() -> None:
    # t5 holds the spades from the king to the eight; t6 the seven to the ace
    # of spades with the 5C on top. The 7S takes the rest onto the 8S: the
    # spades are complete but the 5C lies on them. When the 5C moves on to
    # the 6C, the suit is on top of t5 and leaves at once.
    high = ["KS", "QS", "JS", "TS", "9S", "8S"]
    low = ["7S", "6S", "5S", "4S", "3S", "2S", "AS"]
    game = SCORPION
    state = game.apply(game.deal(1), "deal")
    piles = {n: list(p.cards) for n, p in state.piles.items()}
    downs = {n: p.down for n, p in state.piles.items()}
    wanted = [Card.parse(t) for t in [*high, *low, "5C", "6C"]]
    for card in wanted:
        for cards in piles.values():
            if card in cards:
                cards.remove(card)
                break
    rest = [c for n in ("t5", "t6", "t7") for c in piles[n]]
    piles["t1"] += rest
    piles["t5"] = [Card.parse(t) for t in high]
    piles["t6"] = [Card.parse(t) for t in [*low, "5C"]]
    piles["t7"] = [Card.parse("6C")]
    for name in piles:
        if name.startswith("t"):
            downs[name] = min(downs[name], max(len(piles[name]) - 1, 0))
    position = game.make_state({n: Pile(tuple(c), downs[n]) for n, c in piles.items()}, state.info)
    joined = game.apply(position, "t6-t5 x8")
    assert not joined.piles["f1"] and str(joined.piles["t5"].top) == "5C"
    assert game.progress(joined) == game.progress(position)
    after = game.apply(joined, "t5-t7")
    assert not after.piles["t5"] and len(after.piles["f1"]) == 13
    assert game.progress(after) != game.progress(joined)
    assert game.from_json(after.to_json()) == after
