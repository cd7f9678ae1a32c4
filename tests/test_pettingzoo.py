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
    import gymnasium
    import numpy as np
    import pettingzoo
else:
    pettingzoo = pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
    np = pytest.importorskip("numpy", reason="needs the pettingzoo extra")
    gymnasium = pytest.importorskip("gymnasium", reason="needs the pettingzoo extra")

from arrange import code_blocks
from pettingzoo.test import (
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec

import patience
import patience.gym
from patience import IllegalMoveError, PatienceError
from patience.pettingzoo import PatienceAECEnv, PatienceParallelEnv, env, parallel_env, raw_env
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


# The Parallel environment.


def quiet(check: Any) -> None:
    """Run a PettingZoo check; fail on any warning but the dict observations'."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check()
    others = {
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    }
    assert not others


@pytest.mark.parametrize("name", GAMES)
def test_the_parallel_api_and_seed_tests_pass(name: str) -> None:
    quiet(lambda: parallel_api_test(parallel_env(name), num_cycles=1000))
    quiet(lambda: parallel_seed_test(lambda: parallel_env(name), num_cycles=100))


@pytest.mark.parametrize("name", GAMES)
def test_the_parallel_environment_converts_to_aec(name: str) -> None:
    par = parallel_env(name)
    assert aec_to_parallel(parallel_to_aec(par)) is par
    quiet(lambda: api_test(parallel_to_aec(parallel_env(name)), num_cycles=1000))
    # The converted environment plays the joint actions of the Parallel one.
    aec = parallel_to_aec(parallel_env(name))
    aec.reset(seed=5)
    par.reset(seed=5)
    rng = random.Random(5)
    for _ in range(20):
        observations = {a: aec.observe(a) for a in aec.agents}
        actions = {}
        for agent in aec.agent_iter(len(aec.agents)):
            mask = observations[agent]["action_mask"]
            actions[agent] = rng.choice(np.flatnonzero(mask).tolist()) if mask.any() else 0
            aec.step(actions[agent])
        par.step(actions)
        assert aec.unwrapped.game_state == par.game_state
        assert np.array_equal(aec.state(), par.state())


def play_parallel(
    par: PatienceParallelEnv, rng: random.Random, seed: int
) -> list[dict[str, float]]:
    """Play a deal with random legal actions; check each step against the
    same moves made through the game, player 0's first."""
    observations, infos = par.reset(seed=seed)
    game = par.game
    sign = 1 if game.better is patience.Better.HIGHER else -1
    log = []
    while par.agents:
        state = par.game_state
        assert state is not None
        assert np.array_equal(par.state(), whole(game, state))
        legal = list(zip(game.legal_actions(state), game.legal_moves(state)))
        actions = {}
        expected = state
        for agent in par.agents:
            player = int(agent.split("_")[1])
            observation = observations[agent]
            assert infos[agent]["score"] == game.score(state, player)
            assert observation["observation"].tolist() == list(game.observe(state, player))
            own = {a for a, m in legal if (m.player or 0) == player}
            assert set(np.flatnonzero(observation["action_mask"]).tolist()) == own
            assert bool(own) == (player in game.movers(state))
            if own:
                actions[agent] = rng.choice(sorted(own))
                if not game.is_over(expected):
                    expected = game.apply(expected, game.move_of(actions[agent], state))
        live = list(par.agents)
        observations, rewards, terminations, truncations, infos = par.step(actions)
        after = par.game_state
        assert after == expected
        assert set(observations) == set(rewards) == set(terminations) == set(live)
        for agent in live:
            p = int(agent.split("_")[1])
            assert rewards[agent] == sign * (game.score(after, p) - game.score(state, p))
            assert infos[agent] == {"score": game.score(after, p), "won": p in game.winners(after)}
            assert terminations[agent] == game.is_over(after)
            assert truncations[agent] == (not game.is_over(after) and par.idle == par.max_idle)
        log.append(rewards)
    return log


def whole(game: patience.Game, state: patience.State) -> Any:
    """The global state worked out from the piles: every card's code in its place."""
    codes = {c: 2 + i for i, c in enumerate(sorted(set(game.deck), key=lambda c: c.sort_key))}
    out = list(game.observe(state, 0))
    at = 0
    for pile, cap in zip(state.piles.items_tuple, game.capacities):
        out[at : at + len(pile.cards)] = [codes[c] for c in pile.cards]
        at += cap
    return np.asarray(out, dtype=np.int32)


def test_the_race_in_parallel_moves_both_players_at_every_step() -> None:
    par = parallel_env("railroad-race")
    rng = random.Random(4)
    for seed in range(3):
        log = play_parallel(par, rng, seed)
        assert par.game.is_over(par.game_state)
        # Each player pulls at every step, so both have pulled all 52 cards
        # together after 52 steps; the race ends there.
        assert len(log) == 52
        assert par.steps == 52 and par.agents == []
        assert sum(r["player_0"] for r in log) > 0 and sum(r["player_1"] for r in log) > 0
        state = par.game_state
        assert state is not None
        for p in range(2):
            assert not any(state.piles[f"p{p}.s{k}"] for k in range(1, 5))


def test_double_solitaire_in_parallel_plays_a_random_deal() -> None:
    par = parallel_env("double-solitaire")
    log = play_parallel(par, random.Random(5), 6)
    state = par.game_state
    assert state is not None and par.game.is_over(state) and len(log) > 50
    # One player moves at each step: one foundation card at most per step.
    assert all(sum(r.values()) in (0.0, 1.0) for r in log)


def test_double_solitaire_in_parallel_moves_the_player_on_turn() -> None:
    par = parallel_env("double-solitaire", max_steps=300)
    observations, _ = par.reset(seed=4)
    game = par.game
    moved = set()
    for _ in range(40):
        if not par.agents:
            break
        state = par.game_state
        assert state is not None
        turn = game.turn(state)
        waiting = f"player_{1 - turn}"
        assert not observations[waiting]["action_mask"].any()
        mask = observations[f"player_{turn}"]["action_mask"]
        # The waiting agent's action is ignored, even one that is not an action.
        actions = {f"player_{turn}": int(np.flatnonzero(mask)[0]), waiting: None}
        observations, rewards, *_ = par.step(actions)
        assert par.game_state == game.apply(state, game.move_of(actions[f"player_{turn}"], state))
        assert rewards[waiting] in (0.0, 1.0) or game.is_over(par.game_state)
        moved.add(turn)
    assert moved == {0, 1}


def test_a_racer_who_has_pulled_every_card_waits() -> None:
    game = patience.game("railroad-race")
    state = game.deal(9)
    while any(state.piles[f"p1.s{k}"] for k in range(1, 5)):
        pull = next(m for m in game.legal_moves(state) if m.player == 1)
        state = game.apply(state, pull)
    par = parallel_env("railroad-race")
    observations, _ = par.reset(options={"state": state})
    assert par.agents == ["player_0", "player_1"] and par.deal_seed is None
    for theirs in ({}, {"player_1": 6}, {"player_1": None}):
        assert not observations["player_1"]["action_mask"].any()
        before = par.game_state
        assert before is not None
        action = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
        observations, rewards, *_ = par.step({"player_0": action, **theirs})
        assert par.game_state == game.apply(before, game.move_of(action, before))
        assert rewards["player_1"] == 0.0
    # An agent that can move must be given an action.
    with pytest.raises(ValueError, match="player_0 has legal moves"):
        par.step({"player_1": 0})
    with pytest.raises(ValueError, match="no agent 'player_2'"):
        par.step({"player_0": 0, "player_2": 0})


def test_the_first_to_clear_the_line_wins_and_ends_the_step() -> None:
    race = patience.game("railroad-race")
    solo = patience.game("railroad")
    # Player 0's deck clears by this plan (the race's page); player 1 pulls
    # its first siding that is not empty at every step.
    state = race.deal_from([*solo.deck.shuffled(37), *solo.deck.shuffled(2026)])
    plan = "1114141111131311122322222222224243333334343334444444"
    par = parallel_env("railroad-race")
    observations, _ = par.reset(options={"state": state})
    for turn, siding in enumerate(plan):
        assert par.agents
        before = par.game_state
        assert before is not None
        theirs = int(np.flatnonzero(observations["player_1"]["action_mask"])[0])
        actions = {"player_0": int(siding) - 1, "player_1": theirs}
        observations, rewards, terminations, truncations, infos = par.step(actions)
        theirs_first = race.apply(
            race.apply(before, race.move_of(theirs, before)), f"p0 pull s{siding}"
        )
        expected = race.apply(before, f"p0 pull s{siding}")
        if turn < len(plan) - 1:
            expected = race.apply(expected, race.move_of(theirs, before))
            assert par.game_state == expected == theirs_first  # the order tells nothing
        else:
            # Player 0's last pull cleared its line: if it came first, player
            # 1's pull of the same step is not made, and costs nothing.
            assert par.game_state in (expected, theirs_first)
            assert (rewards["player_1"] == 0.0) is (par.game_state == expected)
    assert all(terminations.values()) and not any(truncations.values()) and par.agents == []
    assert rewards["player_0"] > 0
    assert infos["player_0"] == {"score": 0, "won": True}
    assert infos["player_1"]["won"] is False and infos["player_1"]["score"] > 0
    assert not any(o["action_mask"].any() for o in observations.values())
    with pytest.raises(gymnasium.error.ResetNeeded, match="episode is over"):
        par.step({})


@pytest.mark.parametrize("name", ["double-solitaire", "railroad-race"])
def test_termination_from_what_the_players_know(name: str) -> None:
    # With termination="known" the agents end exactly when the game is over
    # by the endings a player sees (is_over without its search for progress).
    rng = random.Random(name)
    for made in (
        raw_env(name, termination="known", max_idle=200),
        parallel_env(name, termination="known", max_idle=200),
    ):
        assert made.termination == "known"
        made.reset(seed=3)
        game = made.game
        for _ in range(400):
            if not made.agents:
                break
            if isinstance(made, PatienceParallelEnv):
                observations = {a: made.observe(a) for a in made.agents}
                actions = {
                    a: rng.choice(np.flatnonzero(o["action_mask"]).tolist())
                    for a, o in observations.items()
                    if o["action_mask"].any()
                }
                _, _, terminations, _, _ = made.step(actions)
            else:
                agent = made.agent_selection
                if made.terminations[agent] or made.truncations[agent]:
                    made.step(None)
                    continue
                mask = made.observe(agent)["action_mask"]
                made.step(rng.choice(np.flatnonzero(mask).tolist()))
                terminations = made.terminations
            state = made.game_state
            ended = game.is_over(state, search=False)
            assert all(t is ended for t in terminations.values())
    with pytest.raises(ValueError, match="termination must be one of"):
        parallel_env("railroad-race", termination="rules-ish")


def test_a_tie_in_one_step_goes_either_way() -> None:
    # Both players hold the same deck and pull by the same clearing plan, so
    # both would clear their lines in the last step: the moves of a step are
    # made in an order drawn from the episode's seed, so each player wins
    # some of these episodes, and the same seed always gives the same winner.
    race = patience.game("railroad-race")
    solo = patience.game("railroad")
    state = race.deal_from([*solo.deck.shuffled(37), *solo.deck.shuffled(37)])
    plan = "1114141111131311122322222222224243333334343334444444"

    def winner(seed: int) -> str:
        par = parallel_env("railroad-race")
        par.reset(seed=seed, options={"state": state})
        for siding in plan:
            *_, infos = par.step(
                {
                    p: race.action_of(f"p{p[-1]} pull s{siding}", state)
                    for p in ("player_0", "player_1")
                }
            )
        assert par.agents == []
        (won,) = [agent for agent, info in infos.items() if info["won"]]
        return won

    winners = [winner(seed) for seed in range(16)]
    assert set(winners) == {"player_0", "player_1"}
    assert [winner(seed) for seed in range(4)] == winners[:4]


def test_illegal_actions_in_parallel() -> None:
    par = parallel_env("railroad-race", illegal_penalty=2)
    observations, _ = par.reset(seed=1)
    game = par.game
    state = par.game_state
    assert state is not None
    mine = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
    # player_1 names a pull of player 0's: its move is not made and costs it
    # the penalty; player 0's pull is made.
    _, rewards, *_ = par.step({"player_0": mine, "player_1": mine})
    assert par.game_state == game.apply(state, game.move_of(mine, state))
    assert rewards == {"player_0": 0.0, "player_1": -2.0}
    strict = parallel_env("railroad-race", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError, match="another player's move") as refused:
        strict.step({"player_0": mine, "player_1": mine})
    assert refused.value.code == "not-your-turn"
    assert strict.game_state == state and strict.steps == 0
    with pytest.raises(ValueError, match="action"):
        strict.step({"player_0": mine, "player_1": 8})
    with pytest.raises(ValueError, match="action"):
        par.step({"player_0": "s1", "player_1": 4})
    with pytest.raises(gymnasium.error.ResetNeeded):
        parallel_env("railroad-race").step({})


def test_parallel_truncation_and_idle_steps() -> None:
    par = parallel_env("railroad-race", max_steps=3)
    observations, _ = par.reset(seed=2)
    for k in range(3):
        assert par.agents
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
        observations, _, terminations, truncations, _ = par.step(actions)
        assert all(truncations.values()) == (k == 2) and not any(terminations.values())
    assert par.agents == []
    # Illegal actions make no progress: two such steps end the episode with max_idle=2.
    idle = parallel_env("railroad-race", max_idle=2)
    idle.reset(seed=2)
    idle.step({"player_0": 4, "player_1": 0})
    assert idle.idle == 1 and idle.agents
    _, _, _, truncations, _ = idle.step({"player_0": 4, "player_1": 0})
    assert all(truncations.values()) and idle.agents == []


def test_the_global_state() -> None:
    par = parallel_env("railroad-race")
    with pytest.raises(gymnasium.error.ResetNeeded):
        par.state()
    observations, _ = par.reset(seed=3)
    game = par.game
    whole_state = par.state()
    assert whole_state.dtype == np.int32 and par.state_space.contains(whole_state)
    assert par.state_space.shape == game.observation_shape
    # Each player sees its sidings' heads only; the state shows every card,
    # and agrees with each player's observation on the cards they see.
    for observation in observations.values():
        seen = observation["observation"]
        hidden = seen == 1
        assert hidden.sum() == 2 * 48
        assert np.array_equal(whole_state[~hidden], seen[~hidden])
    cards = whole_state[: sum(game.capacities)]
    assert (cards != 1).all()
    assert sorted(cards[cards > 0].tolist()) == sorted(2 * list(range(2, 54)))
    # The AEC environment offers the same state.
    aec = raw_env("railroad-race")
    aec.reset(seed=3)
    assert np.array_equal(aec.state(), whole_state)
    assert aec.state_space == par.state_space


def test_the_parallel_construction_and_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(PatienceError, match=r"patience\.gym"):
        parallel_env("railroad")
    with pytest.raises(ValueError, match="render_mode"):
        parallel_env("railroad-race", render_mode="rgb")
    with pytest.raises(ValueError, match="illegal"):
        parallel_env("railroad-race", illegal="ignore")
    par = parallel_env("railroad-race", render_mode="ansi", sidings=3)
    assert par.game.options["sidings"] == 3 and par.action_space("player_0").n == 6
    par.reset(seed=1)
    assert par.game_state is not None
    assert par.render() == par.game.render(par.game_state)
    assert str(par) == "patience_railroad_race_v0"
    assert par.observation_space("player_1") is par.observation_space("player_1")
    image = parallel_env("railroad-race", render_mode="rgb_array")
    image.reset(seed=2)
    assert image.game_state is not None
    assert np.array_equal(image.render(), patience.gym.raster(image.game_state))
    shown = parallel_env("double-solitaire", render_mode="human")
    shown.reset(seed=2)
    assert shown.game.title in capsys.readouterr().out


@pytest.mark.parametrize("name", GAMES)
def test_a_parallel_environment_copies_and_pickles_after_reset(name: str) -> None:
    par = parallel_env(name)
    par.reset(seed=1)
    twins = [copy.deepcopy(par), pickle.loads(pickle.dumps(par))]
    rng = random.Random(3)
    steps = []
    observations = {a: par.observe(a) for a in par.agents}
    for _ in range(15):
        actions = {
            a: rng.choice(np.flatnonzero(o["action_mask"]).tolist())
            for a, o in observations.items()
            if o["action_mask"].any()
        }
        steps.append(actions)
        observations, *_ = par.step(actions)
    played = par.game_state
    par.reset()
    for twin in twins:
        for actions in steps:
            twin.step(actions)
        assert twin.game_state == played
        # The seed sequence goes on where the original's went on.
        twin.reset()
        assert twin.game_state == par.game_state


def test_the_agents_page_parallel_example_runs() -> None:
    for code in code_blocks("agents.rst", "parallel_env"):
        exec(compile(code, "docs/agents.rst", "exec"), {})
