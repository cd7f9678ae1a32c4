"""The registry-wide suite: promises every registered game and variant keeps.

Each test runs over every name in ``patience.games()``, so a game is checked
the moment it is registered. Hypothesis draws the seeds and the move choices.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
from collections import Counter

import pytest
from arrange import random_positions, short_and_long
from hypothesis import given
from hypothesis import strategies as st

import patience
from patience import (
    Card,
    Deck,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    PatienceError,
    State,
)
from patience.policies import next_mover
from patience.simulation import MAX_IDLE
from patience.tableau import TableauGame

GAMES = patience.games()
seeds = st.integers(0, 2**64 - 1)


def all_cards(state: State) -> Counter[Card]:
    return Counter(c for pile in state.piles.values() for c in pile.cards)


def play(game: Game, state: State, choices: st.DataObject, limit: int) -> list[State]:
    """Random legal play for up to ``limit`` moves; every position visited."""
    states = [state]
    for _ in range(limit):
        moves = game.legal_moves(state)
        if not moves:
            break
        move = moves[choices.draw(st.integers(0, len(moves) - 1))]
        state = game.apply(state, move)
        states.append(state)
    return states


def random_playout(game: Game, seed: int, rng: random.Random, cap: int = 100_000) -> State:
    """The built-in random player's game of ``seed`` (it avoids positions it
    has seen since the last progress), to its end or to the stretch guard
    (:data:`~patience.simulation.MAX_IDLE` moves in a row without progress,
    in a game that could not be shown to be over)."""
    policy = patience.RandomPolicy()
    state = game.deal(seed)
    mark, idle = game.progress(state), 0
    for _ in range(cap):
        if game.is_over(state):
            return state
        if idle >= MAX_IDLE:
            assert policy._local.trail.lost  # no line to progress was found
            return state
        player = next_mover(game, state, rng)
        state = game.apply(state, policy.choose(game, state, rng, player))
        now = game.progress(state)
        mark, idle = now, (idle + 1 if now == mark else 0)
    raise AssertionError(f"{game.name}: random play did not end within {cap} moves")


def test_the_four_railroad_variants_are_registered() -> None:
    assert {"railroad", "railroad-double", "railroad-race", "railroad-timed"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
@given(seed=seeds)
def test_deal_is_deterministic_and_conserves_the_deck(name: str, seed: int) -> None:
    game = patience.game(name)
    state = game.deal(seed)
    assert state == patience.game(name).deal(seed)
    assert hash(state) == hash(game.deal(seed))
    assert all_cards(state) == Counter(game.deck)
    assert [p.name for p in game.layout] == list(state.piles)


def _random_play_keeps_every_promise(name: str, seed: int, choices: st.DataObject) -> None:
    game = patience.game(name)
    deck = Counter(game.deck)
    states = play(game, game.deal(seed), choices, limit=80)
    for before, after in itertools.pairwise(states):
        assert all_cards(after) == deck  # conservation
        assert before != after
    for state in states[:: max(1, len(states) // 5)] + states[-1:]:
        moves = game.legal_moves(state)
        assert len(set(moves)) == len(moves)
        assert moves == game.legal_moves(state)  # deterministic order
        # Notation round-trips in context, and legal moves apply: all of them,
        # or forty spread over the list where there are many (Devil's Grip has
        # hundreds; benchmarks/soak.py applies every one at every position).
        for move in moves[:: max(1, len(moves) // 40)]:
            assert game.parse_move(state, str(move)) == move
            assert all_cards(game.apply(state, move)) == deck
        # JSON round-trips exactly (through a string and the registry, which
        # makes a new game each time, at the last position below).
        assert game.from_json(state.to_json()) == state
        assert eval(repr(state), {"patience": patience}) == state
        assert game.scores(state) == game.scores(state)
        if not moves:
            assert game.is_over(state)
    # The score and the ending agree with the result (at the last position
    # only: deciding whether progress is still possible may take a search).
    state = states[-1]
    assert patience.state_from_json(json.dumps(state.to_json())) == state
    result = game.result(state)
    assert result.scores == game.scores(state)
    assert result.over == game.is_over(state)
    for p in range(game.players):
        assert game.is_won(state, p) == (p in result.winners)
    if result.over:
        assert result.ending is not None
        if result.ending == "no moves":
            assert not game.legal_moves(state)
        if result.ending == "no progress":
            assert game.legal_moves(state) and game.progress_line(state) is None
    else:
        assert result.ending is None and game.legal_moves(state)


# The default run plays a few random games of each; ``-m soak`` plays many more.
test_random_play_keeps_every_promise, test_random_play_keeps_every_promise_long = short_and_long(
    _random_play_keeps_every_promise, long_examples=60, seed=seeds, choices=st.data()
)


@pytest.mark.parametrize("name", GAMES)
@given(seed=seeds, choices=st.data())
def test_views_hide_exactly_the_face_down_cards_the_player_does_not_know(
    name: str, seed: int, choices: st.DataObject
) -> None:
    # A face-down pile is either hidden whole or known whole (a stock that was
    # the waste the player watched); a known pile shows its true cards.
    game = patience.game(name)
    state = play(game, game.deal(seed), choices, limit=60)[-1]
    for player in range(game.players):
        view = game.view(state, player)
        assert list(view.piles) == list(state.piles)
        for name_, pile in state.piles.items():
            seen = view.piles[name_]
            assert len(seen) == len(pile) and seen.down == pile.down
            hidden = seen.cards[: pile.down]
            assert hidden in ((Card.HIDDEN,) * pile.down, pile.cards[: pile.down])
            if hidden and not hidden[0].is_hidden:
                assert spec_role(game, name_) == "stock"  # only a redealt stock is known
            assert seen.cards[pile.down :] == pile.face_up
        assert "??" not in str(state)


def spec_role(game: Game, pile: str) -> str:
    return next(spec.role for spec in game.layout if spec.name == pile)


@pytest.mark.parametrize("name", GAMES)
@given(seed=seeds, choices=st.data())
def test_illegal_moves_raise_and_change_nothing(
    name: str, seed: int, choices: st.DataObject
) -> None:
    game = patience.game(name)
    state = play(game, game.deal(seed), choices, limit=30)[-1]
    snapshot = state.to_json()
    legal = set(game.legal_moves(state))
    candidates = {
        Move("pull", "nowhere"),
        Move("move", state.piles.names[0], state.piles.names[-1], count=99),
        Move("draw", player=7),
    }
    for other_seed in (seed ^ 1, seed ^ 2):
        other = play(game, game.deal(other_seed), choices, limit=30)[-1]
        candidates.update(game.legal_moves(other))
    for move in candidates - legal:
        with pytest.raises(IllegalMoveError) as info:
            game.apply(state, move)
        assert info.value.move == move and info.value.state is state
        assert state.to_json() == snapshot
    for text in ["", "no such move at all", "t1-", "p9 draw"]:
        with pytest.raises((InvalidMoveError, IllegalMoveError)):
            game.apply(state, text)
        assert state.to_json() == snapshot


@pytest.mark.parametrize("name", GAMES)
def test_random_play_ends(name: str) -> None:
    _random_play_ends(name, range(1))


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_random_play_ends_long(name: str) -> None:
    _random_play_ends(name, range(1, 9))


def _random_play_ends(name: str, seeds: range) -> None:
    """The built-in random and greedy players end every deal: by the game's
    own rules, with the result saying how, or, where the game cannot be shown
    to be over, by the stretch guard (a cut, never a loss), and only after a
    search for a line to progress found none."""
    game = patience.game(name)
    for policy in (patience.RandomPolicy(), patience.GreedyPolicy()):
        for seed in seeds:
            rng = random.Random(seed)
            policy.new_deal()
            state = game.deal(seed)
            mark, idle = game.progress(state), 0
            for _ in range(20_000):
                if game.is_over(state) or idle >= MAX_IDLE:
                    break
                player = next_mover(game, state, rng)
                state = game.apply(state, policy.choose(game, state, rng, player))
                now = game.progress(state)
                mark, idle = now, (idle + 1 if now == mark else 0)
            else:
                raise AssertionError(f"{name}: {policy.name} play of deal {seed} did not end")
            ending = game.result(state).ending
            if ending is None:
                assert idle >= MAX_IDLE and policy._local.trail.lost
                continue
            assert ending != "no progress found"
            no_moves = not game.legal_moves(state) and ending not in ("won", "time")
            assert (ending == "no moves") == no_moves


@pytest.mark.parametrize("name", GAMES)
def test_options_and_repr_rebuild_the_same_game(name: str) -> None:
    game = patience.game(name)
    assert patience.game(name, **game.options) == game
    assert pickle.loads(pickle.dumps(game)) == game  # games travel to worker processes
    assert eval(repr(game), {"patience": patience}) == game
    assert game.title and game.layout
    assert patience.describe(name).summary


@pytest.mark.parametrize("name", GAMES)
def test_deal_from_checks_the_cards(name: str) -> None:
    game = patience.game(name)
    cards = list(game.shuffled_cards(4))
    assert game.deal_from(cards) == game.deal(4)
    assert game.deal_from(cards) == game.deal_from([str(c) for c in cards])
    assert game.deal_from(" ".join(map(str, cards))) == game.deal_from(cards)
    with pytest.raises(PatienceError, match="missing"):
        game.deal_from(cards[:-1])
    with pytest.raises(PatienceError, match="appears"):
        game.deal_from([*cards[:-1], cards[0]])
    every = [Card.joker("R"), Card.joker("B"), *Deck.standard()]
    foreign = [c for c in every if c not in set(game.deck)]
    if foreign:
        with pytest.raises(PatienceError, match="not in this game's deck"):
            game.deal_from([*cards[:-1], foreign[0]])
    else:  # a deck with both jokers and every card: nothing can be foreign
        assert name == "joker-solitaire"
    with pytest.raises(PatienceError):
        game.deal_from([*cards[:-1], "XX"])


# ------------------------------------------------------------ Railroad extras

RAILROADS = [n for n in GAMES if n.startswith("railroad")]


@pytest.mark.parametrize("name", RAILROADS)
@given(seed=seeds, choices=st.data())
def test_railroad_scores_are_even_and_lines_settled(
    name: str, seed: int, choices: st.DataObject
) -> None:
    game = patience.game(name)
    states = play(game, game.deal(seed), choices, limit=250)
    assert game.is_over(states[-1])
    for state in states:
        assert all(s % 2 == 0 for s in game.scores(state))
        for pile_name, pile in state.piles.items():
            if pile_name.endswith("line"):
                c = pile.cards
                assert not (len(c) >= 4 and (c[-1].rank == c[-4].rank or c[-1].suit is c[-4].suit))


@pytest.mark.parametrize("sidings", [1, 2, 3, 7])
@given(seed=seeds, choices=st.data())
def test_railroad_with_other_siding_counts(sidings: int, seed: int, choices: st.DataObject) -> None:
    game = patience.game("railroad", sidings=sidings)
    states = play(game, game.deal(seed), choices, limit=60)
    final = states[-1]
    assert game.is_over(final)
    assert sum(len(p) for p in final.piles.values()) == 52
    assert game.score(final) % 2 == 0


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_soak_random_play(name: str) -> None:
    """Twenty random games per game (run with ``-m soak``)."""
    game = patience.game(name)
    rng = random.Random(7)
    deck = Counter(game.deck)
    for seed in range(20):
        state = random_playout(game, seed, rng)
        assert all_cards(state) == deck
        assert game.from_json(state.to_json()) == state


PILELESS = {"pass", "declare"}
"""Actions that touch no pile: a front end offers them as buttons."""


@pytest.mark.parametrize("name", GAMES)
def test_every_move_is_of_a_declared_kind_and_names_its_pile(name: str) -> None:
    game = patience.game(name)
    assert game.move_kinds and set(game.action_piles) <= game.move_kinds
    rng = random.Random(name)
    seen_kinds: set[str] = set()
    for seed in range(3):
        state = game.deal(seed)
        for _ in range(200):
            moves = game.legal_moves(state)
            if not moves:
                break
            for move in moves:
                seen_kinds.add(move.kind)
                assert move.kind in game.move_kinds
                assert move.source is not None or move.kind in PILELESS, move
                if move.kind in game.action_piles:
                    # The short form names no pile and reads as the listed move.
                    short = move.kind if move.player is None else f"p{move.player} {move.kind}"
                    assert game.parse_move(state, short) == move
            state = game.apply(state, rng.choice(moves))
    with pytest.raises(InvalidMoveError):
        game.parse_move(game.deal(0), "bogus")


@pytest.mark.parametrize("name", GAMES)
def test_no_offered_move_leaves_the_position_as_it_was(name: str) -> None:
    """Not even up to the order of interchangeable piles: every legal move of
    random positions changes the game's canonical key (a whole pile into a
    space, a run moved from one card onto its twin, or a swap of two stacks
    whose places never matter would not)."""
    game = patience.game(name)
    checked = 0
    for seed, state, moves in random_positions(game, range(3), 150):
        key = game.canonical_key(state)
        for move in moves:
            assert game.canonical_key(game.apply(state, move)) != key, (seed, str(move))
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", GAMES)
def test_move_preferences_are_whole_numbers_in_listing_order(name: str) -> None:
    """``move_preferences`` is ``None`` or one integer per legal move, and the
    same answer every time it is asked."""
    game = patience.game(name)
    told = 0
    for _, state, moves in random_positions(game, range(2), 60):
        values = game.move_preferences(state)
        assert values == game.move_preferences(state)
        if values is not None:
            assert len(values) == len(moves)
            assert all(type(v) is int for v in values)
            told += 1
    if name == "single-rail":
        assert told > 50


@pytest.mark.parametrize("name", GAMES)
def test_search_estimates_are_whole_numbers_or_none(name: str) -> None:
    """``search_estimate`` is ``None`` or an integer, the same answer every
    time it is asked, and ``None`` at every position of a game or at none."""
    game = patience.game(name)
    kinds = set()
    for _, state, _ in random_positions(game, range(2), 40):
        value = game.search_estimate(state)
        assert value == game.search_estimate(state)
        assert value is None or type(value) is int
        kinds.add(value is None)
    assert len(kinds) == 1
    if name in ("napoleon", "spider"):
        assert kinds == {False}


@pytest.mark.parametrize("name", GAMES)
def test_scores_told_before_the_moves_are_the_scores_after_them(name: str) -> None:
    """``move_scores`` is ``None`` or exactly the score each legal move
    leaves, in listing order, for every player, at every position of random
    games."""
    game = patience.game(name)
    told = 0
    for _, state, moves in random_positions(game, range(2), 120):
        for player in range(game.players):
            values = game.move_scores(state, player)
            if values is not None:
                assert len(values) == len(moves)
                for move, value in list(zip(moves, values))[:: max(1, len(moves) // 40)]:
                    assert value == game.score(game.apply(state, move), player), str(move)
                    told += 1
    tells = isinstance(game, TableauGame) and (
        game.rules.foundation_mode == "cards" and name != "joker-solitaire"
    )
    if tells or name == "accordion":
        assert told > 50
