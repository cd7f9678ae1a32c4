"""What a state of a tableau game remembers of its listing.

A state keeps the moves its own game listed for it, with two things the
engine notes on the way: whether a listed move makes progress (which
``is_over`` reads before any search), and, in a game with a waste, where the
moves from the waste lie, so that the listing after turning the stock is made
from the one before. Each is a pure function of the position: the same as a
fresh listing of an equal state gives, and never taken from a state of
another game object, equal or not.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import patience
from patience.state import State
from patience.tableau import TableauGame

TABLEAU = [n for n in patience.games() if isinstance(patience.game(n), TableauGame)]
VARIANTS: list[tuple[str, dict[str, Any]]] = [(n, {}) for n in TABLEAU] + [
    ("klondike", {"draw": 1}),
    ("klondike", {"passes": 3}),
    ("klondike", {"passes": None, "draw": 1}),
    ("klondike", {"forced_aces": True}),
    ("klondike", {"partial_runs": True, "worrying_back": True}),
]


def _fresh(state: State) -> State:
    """An equal state that remembers nothing."""
    return State._make(state._game, state._items, state._info)


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_the_remembered_listing_is_a_fresh_listing(name: str, options: dict[str, Any]) -> None:
    game = patience.game(name, **options)
    other = patience.game(name, **options)  # equal, and remembers nothing of game's states
    assert isinstance(game, TableauGame)
    made = 0  # listings made from the one before a turn of the stock
    for seed in range(4):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(150):
            waiting = state._memo is not None and state._memo[0] is None
            moves = game.legal_moves(state)
            fresh = _fresh(state)
            again = game.legal_moves(fresh)
            assert moves == again
            if game._lists_progress:
                # The same moves, the very same objects, and the same notes.
                assert all(a is b for a, b in zip(moves, again))
                assert state._memo[1:3] == fresh._memo[1:3] == game._list(_fresh(state))[1:3]
                # Whether turning the stock leads to progress, where it is known.
                if state._memo[3] is not None:
                    assert state._memo[3] == game._turning_progress(_fresh(state))
            # Whether turning the stock leads to progress: read off the places
            # the listing found, as an equal game finds it on its own.
            assert game._turning_progress(state) == other._turning_progress(state)
            # Whether a listed move makes progress, as the moves alone tell.
            told = any(game._move_progress(state, m) for m in moves)
            assert game._listed_progress(state, moves) == told
            assert game._listed_progress(fresh, moves) == told
            made += waiting
            if not moves or game.is_over(state):
                break
            state = game.apply(state, rng.choice(moves))
    if game._splices:
        assert made  # turning the stock came up, and its listing was made from the one before


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_a_draw_of_the_engine_s_own_is_the_draw_any_equal_move_makes(
    name: str, options: dict[str, Any]
) -> None:
    # The engine makes its own draw by a shorter path; a draw made from notation
    # (an equal move, not the engine's) takes the general one. Both agree.
    game = patience.game(name, **options)
    assert isinstance(game, TableauGame)
    drawn = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(120):
            moves = game.legal_moves(state)
            if not moves or game.is_over(state):
                break
            if moves[-1].kind == "draw":
                own, progressed = game._step(state, moves[-1])
                other, progressed_too = game._step(state, patience.Move("draw", "stock"))
                assert moves[-1] is not patience.Move("draw", "stock")
                assert own == other and own.info is other.info
                assert progressed is progressed_too is False
                drawn += 1
            state = game.apply(state, rng.choice(moves))
    assert drawn or game.rules.stock != "waste"


def test_an_equal_game_lists_afresh() -> None:
    # Two equal game objects: a state of the one, moved by the other, becomes
    # the other's; it takes nothing from the first one's listing.
    one, other = patience.game("klondike"), patience.game("klondike")
    assert one == other and one is not other
    state = next(s for s in map(one.deal, range(20)) if one.legal_moves(s)[-1].kind == "draw")
    turned = other.apply(state, "draw")
    assert turned.game is other and turned._memo is None
    assert other.legal_moves(turned) == other.legal_moves(_fresh(turned))
    assert all(m is n for m, n in zip(other.legal_moves(turned), other._list(_fresh(turned))[0]))
    # Asked by the equal game, a state's own memory is neither read nor written.
    before = state._memo
    assert other.legal_moves(state) == one.legal_moves(state)
    assert state._memo is before
    assert other.is_over(state) == one.is_over(_fresh(state))


def test_a_turn_of_the_stock_after_a_forced_base_lists_only_the_base() -> None:
    # With forced aces, an ace turned up on the waste must go up first: the
    # listing made from the one before the turn says so, as a fresh one does.
    game = patience.game("klondike", forced_aces=True, draw=1)
    for seed in range(40):
        state = game.deal(seed)
        rng = random.Random(seed)
        for _ in range(80):
            moves = game.legal_moves(state)
            if not moves or game.is_over(state):
                break
            if moves[-1].kind == "draw":
                after = game.apply(state, moves[-1])
                waste = after.piles["waste"].cards
                if waste and waste[-1].rank == 1:
                    listed = game.legal_moves(after)
                    assert listed == game.legal_moves(_fresh(after))
                    assert {m.source for m in listed} == {"waste"}
                    return
            state = game.apply(state, rng.choice(moves))
    pytest.fail("no ace was turned up in 40 deals")


def test_an_unpickled_game_finds_its_moves_by_their_new_identities() -> None:
    # A game not in the registry pickles by value: its moves come back as new
    # objects, and the engine finds them by identity, never by an old one.
    import pickle

    from patience.tableau import TableauRules

    rules = TableauRules(title="Unregistered", tableau=(1, 2, 3, 4, 5, 6, 7), draw=3)
    game = TableauGame("not-registered", rules, {})
    state = game.deal(4)
    game.legal_moves(state)
    again = pickle.loads(pickle.dumps(game))
    assert set(again._parts_by_id) == {id(m) for m in again._moves.values()}
    assert all(again._parts_by_id[id(m)] == key for key, m in again._moves.items())
    mine = again.deal(4)
    for move in again.legal_moves(mine):
        assert again.apply(mine, move) == again.apply(mine, str(move))
        assert again.apply(mine, move).to_json() == game.apply(state, str(move)).to_json()
