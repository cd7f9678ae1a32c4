"""What agents need: players to move, positions as text, stable hashes,
information states and their encoding, and sampling what a player cannot see."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import patience
from patience import Card, Game, InvalidStateError, State
from patience.policies import next_mover, sample_world

GAMES = patience.games()
VECTORS = Path(__file__).with_name("golden_hashes.json")


def positions(game: Game, seeds: range, moves: int) -> list[State]:
    policy = patience.RandomPolicy()
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        policy.new_deal()
        state = game.deal(seed)
        for step in range(moves):
            if step % 5 == 0:
                found.append(state)
            if not game.legal_moves(state):
                break
            state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
        found.append(state)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_positions_read_back_and_observations_keep_their_shape(name: str) -> None:
    game = patience.game(name)
    low, high = game.observation_bounds
    for state in positions(game, range(2), 120):
        text = game.position(state)
        assert "\n" not in text and game.from_position(text) == state
        assert game.position_hash(game.from_position(text)) == game.position_hash(state)
        for pile, cap in zip(state.piles.values(), game.capacities):
            assert len(pile) <= cap
        for player in range(game.players):
            seen = game.observe(state, player)
            assert len(seen) == game.observation_shape[0]
            assert all(a <= x <= b for a, x, b in zip(low, seen, high))
            assert seen == game.observe(game.view(state, player), player)
        movers = game.movers(state)
        if game.is_over(state):
            assert movers == ()
        else:
            assert movers and {m.player or 0 for m in game.legal_moves(state)} == set(movers)
        assert game.current_player(state) == (movers[0] if len(movers) == 1 else None)


def test_position_text_and_its_errors() -> None:
    game = patience.game("klondike")
    state = game.deal(1)
    text = game.position(state)
    assert text.startswith("7S9H2S") and text.endswith(' {"pass":1,"progress":false}')
    piles = text.split(" ")[0].split("/")
    assert piles[1:6] == ["-"] * 5 and piles[6] == "7D" and piles[7] == "9C|6D"
    for bad, message in [
        ("", "13 piles, not 1"),
        (text.replace("7D", "7X"), "7X"),
        (text.replace("9C|6D", "9C|6D|8S"), "not card texts"),
        (text.split(" ")[0] + " {nope", "not JSON"),
        (text.replace("7D", "7D7D"), "7D appears"),
        (text.replace('"pass":1', '"pass":0'), "pass"),
        (3, "is text"),
    ]:
        with pytest.raises(InvalidStateError, match=message):
            game.from_position(bad)  # type: ignore[arg-type]


def test_hash_test_vectors() -> None:
    # The same numbers on every machine and Python version; docs/formats.rst
    # quotes the first of them.
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))
    for entry in vectors:
        game = patience.game(entry["game"], **entry["options"])
        state = game.deal(entry["seed"])
        for move in entry["moves"]:
            state = game.apply(state, move)
        assert game.position(state) == entry["position"]
        assert f"{game.position_hash(state):016x}" == entry["hash"]


def test_players_to_move() -> None:
    double = patience.game("double-solitaire")
    state = double.deal(1)
    turn = double.turn(state)
    assert double.movers(state) == (turn,) and double.current_player(state) == turn
    race = patience.game("railroad-race")
    duel = race.deal(1)
    assert race.movers(duel) == (0, 1) and race.current_player(duel) is None
    klondike = patience.game("klondike")
    over = klondike.deal(2)  # no progress is possible
    assert klondike.movers(over) == () and klondike.current_player(over) is None
    assert klondike.movers(klondike.deal(1)) == (0,)


def test_after_a_pass_the_player_knows_the_stock() -> None:
    game = patience.game("klondike", passes=3)
    state = game.deal(2)
    assert all(c.is_hidden for c in game.view(state).piles["stock"].cards)
    for _ in range(8):
        state = game.apply(state, "draw")
    state = game.apply(state, "redeal")
    view = game.view(state)
    assert view.piles["stock"] == state.piles["stock"]  # every card, face down, known
    assert all(c.is_hidden for c in view.piles["t7"].cards[:6])  # never seen
    stock_codes = game.observe(state)[: game.capacities[0]]
    assert 1 not in stock_codes  # no unknown card in the stock's places
    # Sampling the unseen cards keeps the known ones where they are.
    world = sample_world(game, view, random.Random(1))
    assert world.piles["stock"] == state.piles["stock"]
    assert Counter(c for p in world.piles.values() for c in p.cards) == Counter(game.deck)
    for pile in ("t2", "t3", "t7"):
        assert world.piles[pile].face_up == state.piles[pile].face_up


def test_observations_code_cards_by_what_the_player_knows() -> None:
    game = patience.game("railroad", sidings=1)
    state = game.deal(4)
    seen = game.observe(state)
    head = state.piles["s1"].top
    assert head is not None
    codes = game._card_codes
    assert seen[:52] == (1,) * 51 + (codes[head],)  # the siding: 51 unknown, the head
    assert seen[52:104] == (0,) * 52  # the empty line
    assert codes[Card.HIDDEN] == 1 and min(v for c, v in codes.items() if not c.is_hidden) == 2
    with pytest.raises(patience.PatienceError):
        game.observe(state, player=1)


@pytest.mark.parametrize("name", ["double-solitaire", "railroad-race"])
def test_sampled_worlds_give_each_player_their_own_pack(name: str) -> None:
    # Each player's hidden cards come from their own pack, so every sampled
    # world is a position the game could reach: a valid state.
    game = patience.game(name)
    for state in positions(game, range(2), 60):
        for player in range(game.players):
            view = game.view(state, player)
            world = sample_world(game, view, random.Random(player))
            assert game.from_json(game.to_json(world)) == world
            for shown, full in zip(view.piles.values(), world.piles.values()):
                assert len(shown) == len(full) and shown.down == full.down
                assert all(a.is_hidden or a == b for a, b in zip(shown.cards, full.cards))


def test_the_core_needs_neither_gymnasium_nor_numpy() -> None:
    code = (
        "import sys, patience; game = patience.game('klondike'); game.observe(game.deal(1));"
        " sys.exit(bool({'gymnasium', 'numpy', 'pettingzoo'} & set(sys.modules)))"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
