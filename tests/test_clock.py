"""Rule tests for Clock."""

from __future__ import annotations

import pytest

import patience
from patience import Card, IllegalMoveError, InvalidMoveError, InvalidStateError, Move, Pile
from patience.games.clock import FACE_DOWN, FACE_UP, Clock, hour_of


def clock() -> Clock:
    game = patience.game("clock")
    assert isinstance(game, Clock)
    return game


GAME = clock()


def play_out(seed: int) -> list[Move]:
    state = GAME.deal(seed)
    moves = []
    while not GAME.is_over(state):
        (move,) = GAME.legal_moves(state)
        moves.append(move)
        state = GAME.apply(state, move)
    return moves


def test_names_and_aliases() -> None:
    for alias in ("clock-patience", "travellers", "sundial"):
        assert patience.describe(alias).name == "clock"
    assert patience.describe("clock").options == {}


def test_the_deal_goes_round_the_clock_four_times() -> None:
    order = GAME.shuffled_cards(2026)
    state = GAME.deal(2026)
    for k, name in enumerate(FACE_DOWN):
        pile = state.piles[name]
        assert pile.cards == order[k::13] and pile.down == 4
    assert all(not state.piles[name] for name in FACE_UP)
    assert GAME.legal_moves(state) == (Move("turn", "t13"),)
    assert GAME.current(state) == "t13"


def test_each_card_goes_to_its_hour_and_sends_the_next_turn_there() -> None:
    state = GAME.deal(2026)
    for _ in range(52):
        if GAME.is_over(state):
            break
        source = GAME.current(state)
        card = state.piles[source].top
        assert card is not None
        after = GAME.apply(state, "turn")
        target = FACE_UP[hour_of(card) - 1]
        assert after.piles[target].cards == (*state.piles[target].cards, card)
        assert after.piles[source].cards == state.piles[source].cards[:-1]
        assert GAME.current(after) == FACE_DOWN[hour_of(card) - 1]
        assert GAME.score(after) == GAME.score(state) + 1
        state = after
    assert GAME.is_over(state)


def test_the_game_ends_on_the_fourth_king() -> None:
    wins = 0
    for seed in range(200):
        moves = play_out(seed)
        state = GAME.deal(seed)
        for move in moves:
            state = GAME.apply(state, move)
        assert len(state.piles["f13"]) == 4 and not state.piles["t13"]
        assert GAME.current(state) == "t13" and GAME.legal_moves(state) == ()
        won = GAME.is_won(state)
        assert won == all(not state.piles[n] for n in FACE_DOWN) == (GAME.score(state) == 52)
        assert GAME.result(state).ending == ("won" if won else "no moves")
        wins += won
    # About one deal in thirteen comes out.
    assert 5 <= wins <= 35


def test_the_outcome_is_known_from_the_start() -> None:
    for seed in range(100):
        state = GAME.deal(seed)
        for move in play_out(seed)[: seed % 20]:
            state = GAME.apply(state, move)
        end = state
        while not GAME.is_over(end):
            end = GAME.apply(end, "turn")
        assert GAME.may_win(state) == GAME.is_won(end)
        assert GAME.score_bound(state) == GAME.score(end)
    assert patience.solve(GAME, GAME.deal(2)).status == "won"
    assert patience.solve(GAME, GAME.deal(0)).status in ("won", "lost")


def test_a_turn_from_another_pile_is_refused() -> None:
    state = GAME.deal(2026)
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, "turn t1")
    assert refused.value.code == "wrong-pile"
    assert refused.value.reason == "the first card is turned from the kings' pile: turn t13"
    state = GAME.apply(state, "turn")
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, "turn t13")
    assert refused.value.code == "wrong-pile"
    for bad in [
        Move("turn", "f2"),
        Move("turn", "t2", "f2"),
        Move("turn"),
        Move("move", "t2", "f2"),
    ]:
        with pytest.raises(IllegalMoveError) as refused:
            GAME.apply(state, bad)
        assert refused.value.code == "not-a-move"
    end = state
    while not GAME.is_over(end):
        end = GAME.apply(end, "turn")
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(end, "turn t13")
    assert refused.value.code == "game-over"


def test_notation() -> None:
    state = GAME.deal(2026)
    assert GAME.parse_move(state, "turn") == Move("turn", "t13")
    assert GAME.parse_move(state, "turn t4") == Move("turn", "t4")
    for bad in ["turn t4 x2", "turn f4", "t13-f2", "draw"]:
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, bad)


def test_views_and_moves_hide_the_face_down_cards() -> None:
    state = GAME.apply(GAME.deal(2026), "turn")
    view = GAME.view(state)
    for name in FACE_DOWN:
        assert all(card.is_hidden for card in view.piles[name].cards)
    for name in FACE_UP:
        assert view.piles[name] == state.piles[name]
    # The move names the pile only: equal for the position and for its view.
    assert GAME.legal_moves(state) == GAME.legal_moves(view)
    assert GAME.pick_up(state, GAME.legal_moves(state)[0]) == ("t2", None)
    assert GAME.pickable(state) == (("t2", None),)
    assert GAME.moves_from(state, "t2", 0) == GAME.legal_moves(state)


def test_loading_checks_the_piles_agree_on_the_next_turn() -> None:
    state = GAME.apply(GAME.deal(2026), "turn")
    piles = dict(state.piles.items())
    # A two of hearts beside the threes.
    wrong = dict(piles, f2=Pile(()), f3=Pile((Card.parse("2H"),)))
    with pytest.raises(InvalidStateError, match="f3 takes only cards of rank 3"):
        GAME.from_json(GAME.make_state(wrong).to_json())
    # A card taken from a pile other than the one whose turn it was: the
    # counts then name two piles to turn from next.
    fresh = GAME.deal(2026)
    piles = dict(fresh.piles.items())
    card = piles["t5"].cards[-1]
    assert hour_of(card) not in (5, 13)
    target = FACE_UP[hour_of(card) - 1]
    piles.update({"t5": Pile(piles["t5"].cards[:-1], 3), target: Pile((card,))})
    with pytest.raises(InvalidStateError, match="one pile to turn from"):
        GAME.from_json(GAME.make_state(piles).to_json())
    too_many = dict(fresh.piles.items())
    too_many["t1"] = Pile((*too_many["t1"].cards, *too_many["t2"].cards[:1]), 5)
    too_many["t2"] = Pile(too_many["t2"].cards[1:], 3)
    with pytest.raises(InvalidStateError, match="at most the four cards"):
        GAME.from_json(GAME.make_state(too_many).to_json())
    assert GAME.from_json(state.to_json()) == state
