"""Black Hole and Worm Hole: seventeen fans of three into one hole."""

from __future__ import annotations

import random

import pytest
from arrange import winnable

import patience
from patience import Card, IllegalMoveError, InvalidOptionError, InvalidStateError, State, solve
from patience.game import Game
from patience.games.holes import BASE, FANS
from patience.games.peaks import next_to


def order(fan_tops: list[str], middle: tuple[str, ...] | list[str] = ()) -> list[str]:
    """A deck order whose fans' top cards are ``fan_tops`` (``f1`` first) and
    whose middle cards start with ``middle``, the other cards at the bottoms."""
    chosen = [*fan_tops, *middle, "AS"]
    rest = [str(c) for c in patience.game("black-hole").deck if str(c) not in chosen]
    # Dealt round the fans: bottoms, then middles, then tops.
    middles = [*middle, *rest[17:]][:17]
    return ["AS", *rest[:17], *middles, *fan_tops]


def test_the_deal_puts_the_ace_of_spades_in_the_hole_and_deals_seventeen_fans() -> None:
    game = patience.game("black-hole")
    cards = game.shuffled_cards(5)
    rest = [c for c in cards if c != BASE]
    state = game.deal(5)
    assert state.piles["hole"].cards == (BASE,)
    for k, fan in enumerate(FANS):
        pile = state.piles[fan]
        assert pile.cards == (rest[k], rest[17 + k], rest[34 + k]) and pile.down == 0
    assert game.score(state) == 51 and game.better is patience.Better.LOWER
    assert [spec.name for spec in game.layout] == ["hole", *FANS]
    assert [spec.name for spec in patience.game("worm-hole").layout] == ["hole", "cell", *FANS]


def test_a_fan_top_goes_into_the_hole_one_rank_either_way() -> None:
    game = patience.game("black-hole")
    tops = ["2H", "KD", "5C", "QS", *["7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C"]]
    tops += ["9S", "9H", "9D", "9C", "TS"]
    state = game.deal_from(order(tops))
    assert [str(m) for m in game.legal_moves(state)] == ["f1-hole", "f2-hole"]
    after = game.apply(state, "f2")
    assert after.piles["hole"].top == Card.parse("KD") and len(after.piles["f2"]) == 2
    assert "f4-hole" in [str(m) for m in game.legal_moves(after)]  # QS on KD
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "f3-hole")
    assert refused.value.code == "rank"
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "f1-f2")
    assert refused.value.code == "hole-only"
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "hole-f1")
    assert refused.value.code == "hole-stays"


def test_without_wrap_a_king_and_an_ace_are_not_next_to_each_other() -> None:
    game = patience.game("black-hole", wrap=False)
    tops = ["2H", "KD", *[f"{r}{s}" for r in "789T" for s in "SHDC"][:15]]
    state = game.deal_from(order(tops))
    assert [str(m) for m in game.legal_moves(state)] == ["f1-hole"]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "f2-hole")
    assert refused.value.code == "rank" and "wrap" in refused.value.reason  # type: ignore[attr-defined]
    with pytest.raises(InvalidOptionError):
        patience.game("black-hole", wrap="yes")


def test_worm_hole_parks_one_card_in_the_cell_until_it_fits() -> None:
    game = patience.game("worm-hole")
    tops = ["3H", "KD", *[f"{r}{s}" for r in "789T" for s in "SHDC"][:15]]
    state = game.deal_from(order(tops))
    moves = [str(m) for m in game.legal_moves(state)]
    assert moves[:1] == ["f2-hole"] and "f1-cell" in moves and "f17-cell" in moves
    state = game.apply(state, "f1-cell")
    assert state.piles["cell"].cards == (Card.parse("3H"),)
    assert not any(m.target == "cell" for m in game.legal_moves(state))
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "f3-cell")
    assert refused.value.code == "cell-full"
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "cell-hole")
    assert refused.value.code == "rank"
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "cell-f1")
    assert refused.value.code == "not-a-move"

    # The cell frees the card beneath: 2C under 3H goes on the ace, then 3H on it.
    game = patience.game("worm-hole")
    state = game.deal_from(order(tops, ["2C"]))
    assert "f1-hole" not in [str(m) for m in game.legal_moves(state)]
    state = game.apply(game.apply(state, "f1-cell"), "f1")
    assert state.piles["hole"].top == Card.parse("2C")
    state = game.apply(state, "cell-hole")
    assert state.piles["hole"].top == Card.parse("3H") and not state.piles["cell"]


def test_the_game_is_won_with_every_card_in_the_hole() -> None:
    for name in ("black-hole", "worm-hole"):
        game = patience.game(name)
        piles = {spec.name: patience.Pile(()) for spec in game.layout}
        piles["hole"] = patience.Pile(tuple(_chain()))
        won = game.make_state(piles)
        assert game.is_won(won) and game.is_over(won) and game.score(won) == 0
        assert game.result(won).ending == "won"
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(won, "f1-hole")
        assert refused.value.code == "game-over"


def _chain() -> list[Card]:
    """All 52 cards, the ace of spades first."""
    deck = list(patience.game("black-hole").deck)
    deck.remove(BASE)
    return [BASE, *deck]


def test_every_move_is_progress_and_play_ends_without_a_search() -> None:
    for name in ("black-hole", "worm-hole"):
        game = patience.game(name)
        rng = random.Random(name)
        for seed in range(20):
            state = game.deal(seed)
            while game.legal_moves(state):
                before = game.progress(state)
                assert not game.is_over(state, search=False)
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                assert game.progress(state) != before
            assert game.is_over(state, search=False)
            assert game.result(state).ending in ("won", "no moves")


def test_loading_checks_the_hole_the_fans_and_the_cell() -> None:
    game = patience.game("worm-hole")
    data = game.deal(1).to_json()
    bad = {**data, "piles": {**data["piles"]}}
    bad["piles"]["hole"], bad["piles"]["f1"] = data["piles"]["f1"], data["piles"]["hole"]
    with pytest.raises(InvalidStateError, match="ace of spades"):
        game.from_json(bad)
    bad = {**data, "piles": {**data["piles"]}}
    moved = data["piles"]["f2"]["cards"]
    bad["piles"]["f1"] = {"cards": data["piles"]["f1"]["cards"] + moved[:1], "down": 0}
    bad["piles"]["f2"] = {"cards": moved[1:], "down": 0}
    with pytest.raises(InvalidStateError, match="more than 3"):
        game.from_json(bad)


def _small(game: Game, rng: random.Random, left: int) -> State:
    """A position with ``left`` cards on the fans (and the cell), the rest in
    the hole. Half the time the cards left are a chain that fits on the
    hole's top card one after another, stacked so that each lies above the
    next (a winnable position); else they are spread at random."""
    cards = _chain()[1:]
    rng.shuffle(cards)
    chained = rng.random() < 0.5
    if chained:
        chain = [cards.pop()]
        while len(chain) <= left:
            fits = [c for c in cards if next_to(c, chain[-1], True)]
            if not fits:
                break
            chain.append(fits[0])
            cards.remove(fits[0])
        cards += chain[:1] + chain[:0:-1]  # its first card tops the hole, the rest go to the fans
        left = len(chain) - 1
    piles: dict[str, list[Card]] = {spec.name: [] for spec in game.layout}
    piles["hole"] = [BASE, *cards[: len(cards) - left]]
    fans = [n for n in piles if n in FANS]
    for card in cards[len(cards) - left :]:
        room = [n for n in fans if len(piles[n]) < 3]
        piles[rng.choice(room)].append(card)
    return game.make_state({n: patience.Pile(tuple(c)) for n, c in piles.items()})


@pytest.mark.parametrize("name", ["black-hole", "worm-hole"])
def test_may_win_and_the_solver_agree_with_an_exhaustive_search(name: str) -> None:
    # Positions late in random games, where every reachable position can be listed.
    game = patience.game(name)
    rng = random.Random(name)
    given_up = 0
    outcomes = set()
    for seed in range(40):
        state = _small(game, rng, rng.randint(6, 12))
        truth = winnable(game, state, 20_000)
        if truth is None:
            continue
        outcomes.add(truth)
        if not game.may_win(state):
            given_up += 1
            assert not truth, seed
        found = solve(game, state, max_nodes=20_000)
        assert found.status == "unknown" or found.won == truth, seed
        if found.won:
            end = state
            for move in found.moves:
                end = game.apply(end, move)
            assert game.is_won(end)
    assert given_up  # the rule does give up somewhere
    assert outcomes == {True, False}
