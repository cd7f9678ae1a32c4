"""Gaps (one deal): four rows of thirteen, the aces out, each row to be put in order."""

from __future__ import annotations

import random

import pytest
from arrange import winnable

import patience
from patience import Card, IllegalMoveError, InvalidOptionError, InvalidStateError, State, solve
from patience.games.gaps import PLACES, ROW_SUITS

RANKS = "23456789TJQK"


def grid(rows: list[str]) -> list[str]:
    """A deck order from four rows written as text, ``..`` for each ace's
    place: the aces fill those places in the order clubs, diamonds, hearts,
    spades."""
    aces = iter(["AC", "AD", "AH", "AS"])
    return [next(aces) if c == ".." else c for row in rows for c in row.split()]


# Every row in order but for two cards: the queen of spades where the three
# of hearts belongs, the three of hearts at the end of row d, and a gap for
# the queen after the jack of spades. The other gaps follow kings.
NEAR = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC ..",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD ..",
    "2H QS 4H 5H 6H 7H 8H 9H TH JH QH KH ..",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS .. KS 3H",
]


def test_the_deal_fills_the_grid_row_by_row_and_puts_the_aces_aside() -> None:
    game = patience.game("gaps")
    cards = game.shuffled_cards(9)
    state = game.deal(9)
    for k, place in enumerate(PLACES):
        pile = state.piles[place]
        assert pile.cards == (() if cards[k].rank == 1 else (cards[k],)) and pile.down == 0
    assert state.piles["aces"].cards == tuple(c for c in cards if c.rank == 1)
    assert sum(1 for p in PLACES if not state.piles[p]) == 4
    assert game.better is patience.Better.HIGHER


def test_a_gap_takes_the_next_card_of_its_left_neighbours_suit() -> None:
    game = patience.game("gaps")
    state = game.deal_from(grid(NEAR))
    assert [str(m) for m in game.legal_moves(state)] == ["c2-d11"]  # QS after JS
    assert game.score(state) == 12 + 12 + 1 + 10
    after = game.apply(state, "c2-d11")
    assert after.piles["d11"].top == Card.parse("QS") and not after.piles["c2"]
    # c2 now follows 2H and takes 3H.
    assert [str(m) for m in game.legal_moves(after)] == ["d13-c2"]
    refusals = {
        "d13-a13": "dead-gap",  # after a king
        "d13-d11": "follow",  # d11 follows JS: it takes QS only
        "c2-a1": "occupied",
        "c13-d11": "empty-pile",
        "aces-a13": "aces-out",
    }
    for text, code in refusals.items():
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(state, text)
        assert refused.value.code == code, text


def test_the_game_is_won_with_each_row_two_to_king() -> None:
    game = patience.game("gaps")
    state = game.deal_from(grid(NEAR))
    for move in ("c2-d11", "d13-c2"):
        assert not game.is_over(state)
        state = game.apply(state, move)
    assert game.is_won(state) and game.is_over(state) and game.score(state) == 48
    assert game.legal_moves(state) == () and game.result(state).ending == "won"
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "a1-a13")
    assert refused.value.code == "game-over"


def test_any_two_fills_a_first_column_gap_unless_the_suits_are_fixed() -> None:
    rows = [
        ".. 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
        "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD ..",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH ..",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS ..",
    ]
    free = patience.game("gaps")
    state = free.deal_from(grid(rows))
    assert [str(m) for m in free.legal_moves(state)] == ["a13-a1", "b1-a1", "c1-a1", "d1-a1"]
    fixed = patience.game("gaps", fixed_suits=True)
    assert fixed.options == {"fixed_suits": True}
    state = fixed.deal_from(grid(rows))
    assert [str(m) for m in fixed.legal_moves(state)] == ["b1-a1"]  # row a is clubs
    with pytest.raises(IllegalMoveError) as refused:
        fixed.apply(state, "a13-a1")
    assert refused.value.code == "first-column" and "clubs" in refused.value.reason  # type: ignore[attr-defined]
    assert ROW_SUITS[0] is patience.Suit.CLUBS
    with pytest.raises(InvalidOptionError):
        patience.game("gaps", fixed_suits=1)


def test_over_once_no_play_can_beat_the_most_ever_in_order() -> None:
    # Row a waits for a two; every other gap follows a king; each row's
    # cards run two long at most whichever two heads it. Play can only share
    # the twos out among the first column: 8 in order at best, never the 40
    # that were in order once.
    rows = [
        ".. 3C 5C 4C 6C 7C 8C 9C TC JC QC KC ..",
        "2D 3H 5H 4H 6H 7H 8H 9H TH JH QH KH ..",
        "2H 3D 5D 4D 6D 7D 8D 9D TD JD QD KD ..",
        "2S 3S 5S 4S 6S 7S 8S 9S TS JS QS KS 2C",
    ]
    game = patience.game("gaps")
    dealt = game.deal_from(grid(rows))
    assert game.score(dealt) == 4 and dealt.info["peak"] == 4
    assert not game.is_over(dealt)  # 2C into a1 puts 6 in order
    state = game.make_state(dict(dealt.piles.items()), {"peak": 40})
    assert game.legal_moves(state) and not game.is_over(state, search=False)
    assert game.is_over(state) and game.result(state).ending == "no progress"


def test_random_play_ends_and_every_ending_is_proven() -> None:
    for options in ({}, {"fixed_suits": True}):
        game = patience.game("gaps", **options)
        rng = random.Random(str(options))
        for seed in range(8):
            state = game.deal(seed)
            while not game.is_over(state):
                state = game.apply(state, rng.choice(game.legal_moves(state)))
            assert game.result(state).ending in ("won", "no moves", "no progress", "stalled")
            assert game.is_over(state, search=False) or game._cannot_progress(state)


def test_loading_checks_the_places_and_the_aces() -> None:
    game = patience.game("gaps")
    data = game.deal(1).to_json()
    full = next(p for p in PLACES if data["piles"][p]["cards"])
    data["piles"][full]["cards"].append(data["piles"]["aces"]["cards"].pop())
    with pytest.raises(InvalidStateError, match="one card at most"):
        game.from_json(data)
    data = game.deal(1).to_json()
    data["info"]["peak"] = 49
    with pytest.raises(InvalidStateError, match="peak"):
        game.from_json(data)


def _shuffled_tail(rng: random.Random, loose: int) -> State:
    """A position with all but about ``loose`` cards in order and the others
    (with the gaps) at random among the last places of the rows."""
    game = patience.game("gaps")
    rows = [[f"{r}{s}" for r in RANKS] + [".."] for s in "CDHS"]
    spots = [(r, c) for r in range(4) for c in range(13 - loose // 4 - 1, 13)]
    cards = [rows[r][c] for r, c in spots]
    rng.shuffle(cards)
    for (r, c), card in zip(spots, cards):
        rows[r][c] = card
    return game.deal_from(grid([" ".join(row) for row in rows]))


def test_the_solver_agrees_with_an_exhaustive_search() -> None:
    game = patience.game("gaps")
    rng = random.Random(48)
    seen = set()
    for _ in range(15):
        state = _shuffled_tail(rng, rng.choice((8, 12)))
        truth = winnable(game, state, 20_000)
        if truth is None:
            continue
        seen.add(truth)
        found = solve(game, state, max_nodes=20_000)
        assert found.status == "unknown" or found.won == truth, state.to_json()
        if found.won:
            end = state
            for move in found.moves:
                end = game.apply(end, move)
            assert game.is_won(end)
    assert seen == {True, False}
