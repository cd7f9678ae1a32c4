"""Pyramid: pairs adding up to thirteen, kings alone, passes through the stock."""

from __future__ import annotations

import random

import pytest

import patience
from patience import Card, IllegalMoveError, InvalidStateError, Move, Pile, State
from patience.game import COMMON_REFUSALS
from patience.games.pyramid import COVERS, PLACES, REDEAL, Pyramid, pairs

NAMES = [n for row in PLACES for n in row]


def game_of(**options: object) -> Pyramid:
    made = patience.game("pyramid", **options)
    assert isinstance(made, Pyramid)
    return made


def table(game: Pyramid, **piles: str) -> State:
    """A position with the given piles (text, bottom card first; the stock's top
    face up) and every other card on the discard pile."""
    named = {k: [Card.parse(c) for c in v.split()] for k, v in piles.items()}
    used = {c for cards in named.values() for c in cards}
    out = {spec.name: Pile(()) for spec in game.layout}
    for name, cards in named.items():
        out[name] = Pile(tuple(cards), max(len(cards) - 1, 0) if name == "stock" else 0)
    out["discard"] = Pile(tuple(c for c in game.deck if c not in used))
    return game.make_state(out, {"pass": 1, "progress": False})


def moves(game: Pyramid, state: State) -> list[str]:
    return [str(m) for m in game.legal_moves(state)]


def test_the_deal_fills_the_pyramid_from_the_top_and_shows_the_stock_top() -> None:
    game = game_of()
    cards = game.shuffled_cards(5)
    state = game.deal(5)
    for k, name in enumerate(NAMES):
        assert state.piles[name].cards == (cards[k],) and state.piles[name].down == 0
    stock = state.piles["stock"]
    assert len(stock) == 24 and stock.top == cards[28] and stock.down == 23
    assert not state.piles["waste"] and not state.piles["discard"]
    assert game.view(state).piles["stock"].cards[-1] == cards[28]
    assert game.score(state) == 28 and state.info == {"pass": 1, "progress": False}


def test_covers_make_a_pyramid() -> None:
    assert [len(row) for row in PLACES] == [1, 2, 3, 4, 5, 6, 7]
    assert COVERS["a1"] == ("b1", "b2") and COVERS["f6"] == ("g6", "g7")
    assert set(COVERS) == set(NAMES[:21])


def test_pairs_and_kings() -> None:
    assert pairs(Card.parse("AS"), Card.parse("QS")) and pairs(Card.parse("5H"), Card.parse("8C"))
    assert not pairs(Card.parse("KS"), Card.parse("AH")) and not pairs(
        Card.parse("6S"), Card.parse("6H")
    )
    game = game_of()
    state = table(game, a1="5H", b1="8C", b2="KD", stock="2C QS", waste="7D 6S")
    # a1 is covered; the king at b2 goes alone; 8C at b1 pairs with no five.
    assert moves(game, state) == ["b2-discard", "draw stock"]
    state = game.apply(state, "b2-discard")
    assert moves(game, state) == ["draw stock"]  # a1 still lies under b1


def test_stock_and_waste_tops_pair_with_each_other_and_the_pyramid() -> None:
    game = game_of()
    state = table(game, a1="9H", stock="3C 4D", waste="8S 9C")
    assert moves(game, state) == ["pair stock-waste", "pair stock-a1", "draw stock"]
    after, events = game.apply_events(state, "pair stock-waste")
    assert after.piles["stock"].cards == (Card.parse("3C"),) and after.piles["stock"].down == 0
    assert after.piles["waste"].top == Card.parse("8S")
    assert game.play_events(state, events) == after
    assert after.info["progress"] is True and game.score(after) == 1


def test_an_available_card_needs_both_covers_gone() -> None:
    game = game_of()
    state = table(game, f1="7S", g1="KC", g2="6D", stock="AC")
    assert moves(game, state) == ["g1-discard", "draw stock"]
    # A card never pairs with the card that lies on it (as in PySolFC).
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, "pair f1-g2")
    assert (refused.value.code, refused.value.reason) == ("covered", "f1 is covered by g1 and g2")
    state = game.apply(state, "g1-discard")
    with pytest.raises(IllegalMoveError, match="f1 is covered by g2"):
        game.apply(state, "pair f1-g2")
    state = table(game, f1="7S", g2="6D", stock="AC")
    assert "pair f1-g2" not in moves(game, state)
    state = table(game, f1="7S", d1="6D", stock="AC")
    won = game.apply(state, "pair d1-f1")
    assert game.is_won(won) and game.legal_moves(won) == () and game.score(won) == 0


def test_three_passes_by_default() -> None:
    game = game_of()
    state = table(game, a1="5H", stock="2C 3C 4C")
    for expected_pass in (1, 2, 3):
        assert state.info["pass"] == expected_pass
        for _ in range(3):
            state = game.apply(state, "draw")
        if expected_pass < 3:
            assert moves(game, state) == ["redeal stock"]
            state = game.apply(state, "redeal")
            assert [str(c) for c in state.piles["stock"].cards] == ["2C", "3C", "4C"]
            assert state.piles["stock"].down == 2
    assert game.legal_moves(state) == () and game.result(state).ending == "no moves"
    with pytest.raises(IllegalMoveError, match="the game is over") as refused:
        game.apply(state, "redeal")
    assert refused.value.code == "game-over"
    # Two kings kept in play keep the game going after the last pass.
    done = table(game, a1="5H", b1="KS", b2="KH", stock="2C 3C 4C")
    for _ in range(3):
        done = game.apply(done, "draw")
    for _ in range(2):
        done = game.apply(done, "redeal")
        for _ in range(3):
            done = game.apply(done, "draw")
    with pytest.raises(IllegalMoveError, match="all 3 passes are used") as refused:
        game.apply(done, "redeal")
    assert refused.value.code == "no-redeal"


def test_over_while_draws_are_left_when_nothing_can_pair() -> None:
    game = game_of()
    state = table(game, a1="5H", stock="2C 3C 4C")
    assert moves(game, state) == ["draw stock"]
    assert game.is_over(state) and not game.is_over(state, search=False)
    assert game.result(state).ending == "no progress"
    hopeful = table(game, a1="5H", stock="8C 3C 4C")
    assert not game.is_over(hopeful)
    assert game.progress_line(hopeful) == (
        Move("draw", "stock"),
        Move("draw", "stock"),
        Move("pair", "stock", "a1"),
    )


def test_unlimited_passes_end_after_a_pass_without_a_discard() -> None:
    game = game_of(passes=None)
    state = table(game, a1="5H", stock="2C 8C 3C")
    state = game.apply(game.apply(state, "draw"), "pair stock-a1")
    assert game.is_won(state)
    state = table(game, a1="5H", b1="KS", b2="QD", stock="2C 3C")
    state = game.apply(game.apply(state, "draw"), "draw")
    assert REDEAL not in game.legal_moves(state)  # nothing was discarded this pass
    state = game.apply(table(game, a1="5H", b1="KS", b2="QD", stock="2C 3C"), "b1-discard")
    state = game.apply(game.apply(state, "draw"), "draw")
    assert REDEAL in game.legal_moves(state)
    state = game.apply(state, "redeal")
    assert state.info == {"pass": 2, "progress": False}
    assert game.view(state).piles["stock"].cards == state.piles["stock"].cards  # seen before


def test_reversed_pairs_read_in_layout_order_and_refused_as_moves() -> None:
    game = game_of()
    state = game.deal(2026)
    assert game.parse_move(state, "pair g7-g1") == Move("pair", "g1", "g7")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, Move("pair", "g7", "g1"))
    assert refused.value.code == "pair-order"


def test_may_win_gives_up_when_a_partner_is_gone() -> None:
    game = game_of()
    assert game.may_win(table(game, a1="5H", b1="9D", b2="4C", stock="8S"))
    # No queen left for the ace; a king needs no partner.
    assert not game.may_win(table(game, a1="5H", b1="AC", b2="KD", stock="8C"))
    assert game.may_win(table(game, a1="KH", b1="9D", b2="4C", stock="8C"))
    # The only eight lies on the five: it is gone before the five is free.
    assert not game.may_win(table(game, a1="5H", b1="8C", b2="9D", stock="4C"))
    # Nor can a card pair with one it lies on, however far down.
    assert not game.may_win(table(game, a1="6H", b1="2C", b2="JD", c2="7S", stock="3C"))
    assert game.may_win(table(game, a1="6H", b1="2C", b2="JD", c2="7S", stock="6C 7C 3C"))


def test_loading_checks_the_pyramid_and_the_counters() -> None:
    game = game_of()
    data = game.deal(1).to_json()
    card = data["piles"]["f1"]["cards"].pop()
    data["piles"]["discard"]["cards"].append(card)
    with pytest.raises(InvalidStateError, match="f1 is empty but g1 and g2 still lie on it"):
        game.from_json(data)
    data = game.deal(1).to_json()
    data["info"]["pass"] = 4
    with pytest.raises(InvalidStateError, match="from 1 to 3"):
        game.from_json(data)
    data = game.deal(1).to_json()
    data["piles"]["stock"]["down"] = 24
    with pytest.raises(InvalidStateError, match="face-down"):
        game.from_json(data)


def test_random_play_keeps_every_card_and_ends() -> None:
    for options in ({}, {"passes": 1}, {"passes": None}):
        game = game_of(**options)
        rng = random.Random(str(options))
        for seed in range(15):
            state = game.deal(seed)
            steps = 0
            while not game.is_over(state):
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                assert sum(len(p) for p in state.piles.values()) == 52
                steps += 1
                assert steps < 500
            discard = state.piles["discard"].cards
            kings = sum(c.rank == 13 for c in discard)
            assert (len(discard) - kings) % 2 == 0


def test_every_refusal_code_is_given() -> None:
    game = game_of()
    state = game.deal(2026)
    cases: list[tuple[State, Move | str]] = [
        (state, "pair g1-g2"),  # not-thirteen
        (state, "g1-discard"),  # not-a-king
        (state, "pair g1-f1"),  # covered
        (state, "pair waste-g7"),  # empty-pile
        (state, "pair g1-g1"),  # same-card
        (state, Move("pair", "g7", "g1")),  # pair-order
        (state, "g2-waste"),  # discard-only
        (state, "redeal"),  # no-redeal
        (state, Move("pair", "g1", "g7", 2)),  # not-a-move
        (table(game, a1="5H", stock="", waste="8C 2C"), "draw"),  # stock-empty
        (table(game, waste="2C 3C"), "draw"),  # game-over: the pyramid is clear
    ]
    given = set()
    for position, move in cases:
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(position, move)
        given.add(refused.value.code)
    assert given == set(game.refusals) - (set(COMMON_REFUSALS) - {"not-a-move", "game-over"})
