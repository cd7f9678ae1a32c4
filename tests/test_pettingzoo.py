"""The PettingZoo adapter, patience.pettingzoo.

Needs the ``pettingzoo`` extra; CI installs it and sets
PATIENCE_REQUIRE_PETTINGZOO so that these tests cannot skip there.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
import warnings
from typing import Any

import pytest

if os.environ.get("PATIENCE_REQUIRE_PETTINGZOO"):
    import numpy as np
    import pettingzoo
else:
    pettingzoo = pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
    np = pytest.importorskip("numpy", reason="needs the pettingzoo extra")

from arrange import code_blocks
from pettingzoo.test import api_test, render_test, seed_test

import patience
import patience.gym
from patience import IllegalMoveError, PatienceError
from patience.pettingzoo import PatienceAECEnv, env, raw_env
from patience.shuffle import derive_seed

GAMES = [name for name in patience.games() if patience.game(name).players > 1]

# PettingZoo's API test warns about every environment with dict observations
# except its own classic games, which it lists by name; dict observations with
# an "action_mask" are nonetheless what those games give. No other warning is
# allowed.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def test_the_two_player_games() -> None:
    assert GAMES == ["double-solitaire", "railroad-race"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("wrapped", [True, False])
def test_the_api_test_passes(name: str, wrapped: bool) -> None:
    made = env(name) if wrapped else raw_env(name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(made, num_cycles=1000)
    others = {
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    }
    assert not others


@pytest.mark.parametrize("name", GAMES)
def test_the_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=100)


def play(aec: PatienceAECEnv, rng: random.Random, seed: int) -> list[tuple[str, dict[str, float]]]:
    """Play a deal with random legal actions; check each step against the game."""
    aec.reset(seed=seed)
    game = aec.game
    sign = 1 if game.better is patience.Better.HIGHER else -1
    log = []
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, info = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        state = aec.game_state
        assert state is not None
        player = int(agent.split("_")[1])
        assert player in game.movers(state)
        assert info["score"] == game.score(state, player)
        assert observation["observation"].tolist() == list(game.observe(state, player))
        mask = observation["action_mask"]
        legal = zip(game.legal_actions(state), game.legal_moves(state))
        own = {a for a, m in legal if (m.player or 0) == player}
        assert set(np.flatnonzero(mask).tolist()) == own
        action = rng.choice(sorted(own))
        aec.step(action)
        after = aec.game_state
        assert after is not None
        assert after == game.apply(state, game.move_of(action, state))
        for other in aec.agents:
            p = int(other.split("_")[1])
            change = sign * (game.score(after, p) - game.score(state, p))
            assert aec.rewards[other] == change
        log.append((agent, dict(aec.rewards)))
    assert aec.agents == []
    return log


def test_double_solitaire_follows_the_turn() -> None:
    aec = raw_env("double-solitaire")
    aec.reset(seed=4)
    game = aec.game
    assert aec.game_state is not None
    assert aec.agent_selection == f"player_{game.turn(aec.game_state)}"
    log = play(aec, random.Random(1), 4)
    assert len(log) > 10
    # Each foundation card scores 1 for its owner, nothing for the other player.
    assert all(r[a] in (0.0, 1.0) for a, r in log)


def test_the_race_alternates_between_the_players_who_can_move() -> None:
    aec = raw_env("railroad-race")
    log = play(aec, random.Random(2), 9)
    movers = [a for a, _ in log]
    assert movers[:6] == ["player_0", "player_1"] * 3
    # Rewards are cards discarded by the mover's pull; the other player gets 0.
    assert all(r[o] == 0.0 for a, r in log for o in r if o != a)
    assert sum(r[a] for a, r in log) > 0
    # Once a player has pulled every card, the other moves at every step.
    game = aec.game
    state = game.deal(9)
    while any(state.piles[f"p1.s{k}"] for k in range(1, 5)):
        pull = next(m for m in game.legal_moves(state) if m.player == 1)
        state = game.apply(state, pull)
    assert not game.is_over(state) and game.movers(state) == (0,)
    aec.reset(options={"state": state})
    assert aec.agent_selection == "player_0" and aec.deal_seed is None
    for _ in range(2):
        mask = aec.observe("player_0")["action_mask"]
        assert not aec.observe("player_1")["action_mask"].any()
        aec.step(int(np.flatnonzero(mask)[0]))
        assert aec.agent_selection == "player_0"


def test_seeds_and_deals() -> None:
    aec = raw_env("railroad-race")
    aec.reset(seed=3)
    assert aec.deal_seed == derive_seed(3, 0) >> 1
    aec.reset()
    assert aec.deal_seed == derive_seed(3, 1) >> 1
    aec.reset(options={"deal": 12, "options": 1})  # other keys are ignored
    assert aec.deal_seed == 12 and aec.game_state == aec.game.deal(12)


def test_illegal_actions_and_their_penalty() -> None:
    aec = raw_env("double-solitaire", illegal_penalty=2)
    aec.reset(seed=1)
    agent = aec.agent_selection
    state = aec.game_state
    assert state is not None
    game = aec.game
    player = int(agent[-1])
    # An action of the other player's moves is never legal for this agent.
    theirs = next(
        a for a, m in enumerate(game.actions) if m.player == 1 - player and m.kind == "pass"
    )
    aec.step(theirs)
    assert aec.game_state == state and aec.agent_selection == agent
    assert aec.rewards[agent] == -2.0 and aec._cumulative_rewards[agent] == -2.0
    strict = raw_env("double-solitaire", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError, match="another player's move") as refused:
        strict.step(theirs)
    assert refused.value.code == "not-your-turn"
    mask = game.action_mask(state)
    unlisted = next(a for a, m in enumerate(game.actions) if m.player == player and not mask[a])
    with pytest.raises(IllegalMoveError):
        strict.step(unlisted)
    assert strict.game_state == state and strict.steps == 0
    with pytest.raises(ValueError, match="action"):
        strict.step(-1)


def test_truncation_and_the_end() -> None:
    aec = raw_env("railroad-race", max_steps=5)
    aec.reset(seed=2)
    for _ in range(5):
        assert not any(aec.truncations.values())
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[0]))
    assert all(aec.truncations.values()) and not any(aec.terminations.values())
    aec.step(None)
    aec.step(None)
    assert aec.agents == []


def test_a_stretch_without_progress_truncates() -> None:
    # Illegal actions make no progress: two in a row end the episode as
    # truncated with max_idle=2.
    aec = raw_env("double-solitaire", max_idle=2)
    aec.reset(seed=2)
    for _ in range(2):
        assert not any(aec.truncations.values())
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(aec.truncations.values()) and not any(aec.terminations.values())
    with pytest.raises(ValueError, match="max_idle"):
        raw_env("double-solitaire", max_idle=0)


def test_construction_and_rendering() -> None:
    with pytest.raises(PatienceError, match=r"patience\.gym"):
        raw_env("railroad")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("railroad-race", render_mode="rgb")
    aec = raw_env("railroad-race", render_mode="ansi")
    aec.reset(seed=1)
    assert aec.game_state is not None
    assert aec.render() == aec.game.render(aec.game_state)
    assert str(aec) == "patience_railroad_race_v0"
    space: Any = aec.observation_space("player_1")
    assert space is aec.observation_space("player_1")
    assert space["observation"].shape == aec.game.observation_shape
    assert aec.action_space("player_0").n == aec.game.num_actions


def test_the_agents_page_examples_run() -> None:
    for code in code_blocks("agents.rst", "patience.pettingzoo"):
        exec(compile(code, "docs/agents.rst", "exec"), {})


@pytest.mark.parametrize("name", GAMES)
def test_the_render_test_passes(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # PettingZoo's render test makes the environment with render_mode="human"
    # first, then tries each mode the metadata lists.
    render_test(lambda **kwargs: raw_env(name, **kwargs))
    assert patience.game(name).title in capsys.readouterr().out
    image = raw_env(name, render_mode="rgb_array")
    image.reset(seed=2)
    assert image.game_state is not None
    assert np.array_equal(image.render(), patience.gym.raster(image.game_state))


@pytest.mark.parametrize("name", GAMES)
def test_an_environment_copies_and_pickles_after_reset(name: str) -> None:
    aec = env(name)
    aec.reset(seed=1)
    twins = [copy.deepcopy(aec), pickle.loads(pickle.dumps(aec))]
    rng = random.Random(3)
    actions = []
    for agent in aec.agent_iter(30):
        observation, _, terminated, truncated, _ = aec.last()
        action = None
        if not (terminated or truncated):
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        actions.append((agent, action))
        aec.step(action)
    played = aec.unwrapped.game_state
    aec.reset()
    for twin in twins:
        for agent, action in actions:
            assert twin.agent_selection == agent
            twin.step(action)
        assert twin.unwrapped.game_state == played
        # The seed sequence goes on where the original's went on.
        twin.reset()
        assert twin.unwrapped.game_state == aec.unwrapped.game_state
