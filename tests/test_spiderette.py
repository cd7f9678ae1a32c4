"""Spiderette, Will o' the Wisp, Simple Simon and Mrs Mop: the rules their
page states, checked on seeded and made-up deals."""

from __future__ import annotations

from typing import Any

import pytest
from arrange import arrange, moves, play, random_positions, winnable

import patience
from patience import Card, Game, IllegalMoveError, InvalidOptionError, Pile, State, solve

SPIDERETTE = patience.game("spiderette")
WISP = patience.game("will-o-the-wisp")
SIMON = patience.game("simple-simon")
MOP = patience.game("mrs-mop")

RANKS = "A23456789TJQK"


def tableau(state: State) -> list[Pile]:
    return [pile for name, pile in state.piles.items() if name.startswith("t")]


@pytest.mark.parametrize(
    ("game", "sizes", "downs", "stock"),
    [
        (SPIDERETTE, [1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6], 24),
        (WISP, [3] * 7, [2] * 7, 31),
        (SIMON, [8, 8, 8, 7, 6, 5, 4, 3, 2, 1], [0] * 10, None),
        (MOP, [8] * 13, [0] * 13, None),
    ],
    ids=["spiderette", "will-o-the-wisp", "simple-simon", "mrs-mop"],
)
def test_the_deal(game: Game, sizes: list[int], downs: list[int], stock: int | None) -> None:
    for seed in (0, 5):
        state = game.deal(seed)
        assert [len(p) for p in tableau(state)] == sizes
        assert [p.down for p in tableau(state)] == downs
        if stock is None:
            assert "stock" not in state.piles
        else:
            assert len(state.piles["stock"]) == state.piles["stock"].down == stock
        foundations = [p for name, p in state.piles.items() if name.startswith("f")]
        assert len(foundations) == len(game.deck) // 13 and not any(foundations)
        assert game.from_json(state.to_json()) == state


@pytest.mark.parametrize(
    ("game", "deals"),
    [(SPIDERETTE, [7, 7, 7, 3]), (WISP, [7, 7, 7, 7, 3])],
    ids=["spiderette", "will-o-the-wisp"],
)
def test_the_stock_deals_a_card_to_each_pile_and_the_last_to_the_first_three(
    game: Game, deals: list[int]
) -> None:
    state = game.deal(3)
    for size in deals:
        before = [len(p) for p in tableau(state)]
        stock = state.piles["stock"].cards
        state = game.apply(state, "deal")
        after = [len(p) for p in tableau(state)]
        assert [b - a for a, b in zip(before, after)] == [1] * size + [0] * (7 - size)
        # The stock's top card goes to t1, the next to t2, and so on, face up.
        assert [p.top for p in tableau(state)[:size]] == list(reversed(stock))[:size]
        assert all(p.down < len(p) for p in tableau(state))
    assert not state.piles["stock"] and "deal stock" not in moves(game, state)


@pytest.mark.parametrize("name", ["spiderette", "will-o-the-wisp"])
def test_a_deal_waits_for_the_spaces_unless_the_option_allows_it(name: str) -> None:
    game = patience.game(name)
    relaxed = patience.game(name, deal_with_spaces=True)
    assert game.options["deal_with_spaces"] is False
    assert relaxed.options["deal_with_spaces"] is True
    assert "deals onto spaces" in relaxed.title and "spaces" not in game.title
    # t1's top card (a 7) goes on t2's 8, and t1 then lies empty: in Will o'
    # the Wisp its two face-down cards are put elsewhere by hand first.
    tops = {"t1": ["7H"], "t2": ["8C"]}
    for g in (game, relaxed):
        state = g.deal_from(arrange(g, tops))
        if name == "will-o-the-wisp":
            t1, t3 = state.piles["t1"], state.piles["t3"]
            piles = {
                **state.piles,
                "t1": Pile(t1.cards[-1:]),
                "t3": Pile(t1.cards[:-1] + t3.cards, 4),
            }
            state = g.make_state(piles, state.info)
        state = g.apply(state, "t1-t2")
        assert not state.piles["t1"]
        if g is game:
            assert "deal stock" not in moves(g, state)
            with pytest.raises(IllegalMoveError) as refused:
                g.apply(state, "deal")
            assert refused.value.code == "deal-spaces" and "t1" in refused.value.reason
        else:
            dealt = g.apply(state, "deal")
            assert len(dealt.piles["t1"]) == 1 and dealt.piles["t1"].down == 0


def test_will_o_the_wisp_open_deals_every_card_face_up() -> None:
    open_ = patience.game("will-o-the-wisp", open=True)
    assert open_.options == {"deal_with_spaces": False, "open": True}
    assert open_.title == "Will o' the Wisp (open)"
    state, closed = open_.deal(4), WISP.deal(4)
    # The same cards in the same places; only the face-down cards differ.
    assert [p.cards for p in tableau(state)] == [p.cards for p in tableau(closed)]
    assert [p.down for p in tableau(state)] == [0] * 7
    both = patience.game("will-o-the-wisp", open=True, deal_with_spaces=True)
    assert both.title == "Will o' the Wisp (open, deals onto spaces)"


def test_a_run_in_one_suit_moves_and_a_mixed_run_does_not() -> None:
    # Simple Simon, all face up: t1 ends 9S 8S 7H (top), t2's top is the 9H,
    # t3's the TD. The 7H moves alone; 8S 7H is not in one suit.
    tops = {"t1": ["7H", "8S", "9S"], "t2": ["9H"], "t3": ["TD"], "t4": ["8D"]}
    state = SIMON.deal_from(arrange(SIMON, tops))
    listed = moves(SIMON, state)
    assert "t1-t4" in listed and "t1-t2 x2" not in listed
    with pytest.raises(IllegalMoveError) as refused:
        SIMON.apply(state, "t1-t2 x2")
    assert refused.value.code == "unit" and "one suit" in refused.value.reason
    # Once the 7H has gone, 9S 8S is a run in spades: all of it goes on the
    # TD, or the 8S alone on the 9H; a card goes on any suit one rank higher.
    state = SIMON.apply(state, "t1-t4")
    assert {"t1-t3 x2", "t1-t2"} <= moves(SIMON, state)
    state = SIMON.apply(state, "t1-t3 x2")
    assert [str(c) for c in state.piles["t3"].cards[-3:]] == ["TD", "9S", "8S"]


def test_simple_simon_a_king_goes_only_to_a_space() -> None:
    # t8's top card is the KH; t9 holds the 6C under the 4D; t7's top is the
    # 5S and t6's the 7H.
    tops = {"t8": ["KH"], "t9": ["4D", "6C"], "t7": ["5S"], "t6": ["7H"]}
    state = SIMON.deal_from(arrange(SIMON, tops))
    assert not any(m.source == "t8" for m in SIMON.legal_moves(state))
    with pytest.raises(IllegalMoveError) as refused:
        SIMON.apply(state, "t8-t1")
    assert refused.value.code == "build"
    # The 4D goes on the 5S and the 6C on the 7H: t9 is a space, and the KH
    # (or any other unit) may fill it. Only t10's single card is not offered:
    # moving a whole pile into a space would change nothing.
    state = play(SIMON, state, "t9-t7", "t9-t6")
    assert not state.piles["t9"]
    assert "t8-t9" in moves(SIMON, state)
    assert {m.source for m in SIMON.legal_moves(state) if m.target == "t9"} == {
        f"t{k}" for k in range(1, 9)
    }


def test_mrs_mop_any_unit_fills_a_space() -> None:
    # Made by hand from a deal: t13 holds only a 6C and t1 ends with a 7D;
    # the other cards are spread over t2 to t12, face up.
    state = MOP.deal(2)
    cards = [c for pile in tableau(state) for c in pile.cards]
    six, seven = Card.parse("6C"), Card.parse("7D")
    cards.remove(six)
    cards.remove(seven)
    piles = dict(state.piles)
    piles["t1"] = Pile((*cards[:8], seven))
    for k in range(2, 13):
        piles[f"t{k}"] = Pile(tuple(cards[8 + 9 * (k - 2) : 8 + 9 * (k - 1)]))
    piles["t13"] = Pile((six,))
    state = MOP.make_state(piles, state.info)
    assert sum(len(p) for p in tableau(state)) == 104
    state = MOP.apply(state, "t13-t1")
    assert not state.piles["t13"]
    into = {m.source for m in MOP.legal_moves(state) if m.target == "t13"}
    assert into == {f"t{k}" for k in range(1, 13)}
    assert MOP.score(state) == 0 and len(MOP.deck) == 104


def won_but_one(game: Game, packs: int) -> State:
    """A position of ``game`` one move from a win: every suit but one of
    spades gone, the spades from the king to the two on t1, the ace on t2."""
    data: dict[str, Any] = game.deal(0).to_json()
    piles = {name: {"cards": [], "down": 0} for name in data["piles"]}
    suits = "CDHS" * packs
    for k, suit in enumerate(suits[:-1]):
        piles[f"f{k + 1}"]["cards"] = [r + suit for r in RANKS]
    piles["t1"]["cards"] = [r + "S" for r in reversed(RANKS[1:])]
    piles["t2"]["cards"] = ["AS"]
    data["piles"] = piles
    return game.from_json(data)


@pytest.mark.parametrize(
    ("game", "packs"),
    [(SPIDERETTE, 1), (WISP, 1), (SIMON, 1), (MOP, 2)],
    ids=["spiderette", "will-o-the-wisp", "simple-simon", "mrs-mop"],
)
def test_the_last_complete_suit_leaving_wins(game: Game, packs: int) -> None:
    state = won_but_one(game, packs)
    assert not game.is_won(state) and game.score(state) == 13 * (4 * packs - 1)
    after = game.apply(state, "t2-t1")
    # The completed spades leave for the last foundation at once.
    assert not after.piles["t1"] and len(after.piles[f"f{4 * packs}"]) == 13
    assert game.is_won(after) and game.is_over(after)
    assert game.score(after) == 52 * packs


def test_the_options_are_checked() -> None:
    for bad in (1, "yes", None):
        with pytest.raises(InvalidOptionError):
            patience.game("spiderette", deal_with_spaces=bad)
        with pytest.raises(InvalidOptionError):
            patience.game("will-o-the-wisp", open=bad)
    with pytest.raises(InvalidOptionError):
        patience.game("simple-simon", deal_with_spaces=True)
    assert patience.game("spiderette", deal_with_spaces=False) == SPIDERETTE
    assert SIMON.options == {} and MOP.options == {}


def test_simple_simon_a_lost_deal_is_lost_by_every_line() -> None:
    # Seed 3 of Simple Simon cannot be won: the exhaustive search agrees with
    # the solver and with the game's own end.
    state = SIMON.deal(3)
    assert winnable(SIMON, state, 5_000) is False
    assert solve(SIMON, state, max_nodes=5_000).status == "lost"
    assert SIMON.is_over(state)


@pytest.mark.parametrize("game", [SIMON, MOP], ids=["simple-simon", "mrs-mop"])
def test_the_solver_wins_a_small_deal_and_the_win_replays(game: Game) -> None:
    state = game.deal(1)
    found = solve(game, state, max_nodes=40_000)
    assert found.won
    for move in found.moves:
        state = game.apply(state, move)
    assert game.is_won(state)


@pytest.mark.parametrize("name", ["spiderette", "will-o-the-wisp"])
def test_dealing_onto_spaces_only_adds_moves(name: str) -> None:
    # Every move of the common game is a move of Blake and Gent's, in the
    # same position (the deal a space blocks is checked above), so a win of
    # the one is a win of the other.
    game, relaxed = patience.game(name), patience.game(name, deal_with_spaces=True)
    for _, state, listed in random_positions(game, range(3), 60):
        other = relaxed.make_state(state.piles, state.info)
        assert set(listed) <= set(relaxed.legal_moves(other))
    line = solve(game, game.deal(1), max_nodes=40_000)
    assert line.won
    state = relaxed.deal(1)
    for move in line.moves:
        state = relaxed.apply(state, move)
    assert relaxed.is_won(state)
