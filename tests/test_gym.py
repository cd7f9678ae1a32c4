"""The Gymnasium adapter, patience.gym.

Needs the ``gym`` extra; CI installs it and sets PATIENCE_REQUIRE_GYM so that
these tests cannot skip there.
"""

from __future__ import annotations

import copy
import importlib.util
import os
import pickle
import random
from typing import Any

import pytest

if os.environ.get("PATIENCE_REQUIRE_GYM"):
    import gymnasium
    import numpy as np
else:
    gymnasium = pytest.importorskip("gymnasium", reason="needs the gym extra")
    np = pytest.importorskip("numpy", reason="needs the gym extra")

from arrange import code_blocks
from gymnasium.utils.env_checker import check_env

import patience
from patience import IllegalMoveError, PatienceError
from patience.gym import (
    GENERIC_ID,
    RENDER_MODES,
    PatienceEnv,
    action_mask_array,
    default_max_steps,
    env_id,
    raster,
    register_envs,
)
from patience.policies import sample_world
from patience.shuffle import derive_seed

ONE_PLAYER = [name for name in patience.games() if patience.game(name).players == 1]


def random_legal(info: dict[str, Any], rng: random.Random) -> int:
    return rng.choice(np.flatnonzero(info["action_mask"]).tolist())


def test_every_one_player_game_has_an_id() -> None:
    ids = register_envs()
    assert ids == tuple(env_id(name) for name in ONE_PLAYER)
    assert register_envs() == ids  # again: nothing changes, nothing warns
    registry = gymnasium.envs.registration.registry
    for name, found in zip(ONE_PLAYER, ids):
        assert registry[found].kwargs == {"game": name}
    assert GENERIC_ID in registry
    assert "patience/DoubleSolitaire-v0" not in registry
    assert env_id("railroad-double") == "patience/RailroadDouble-v0"


@pytest.mark.parametrize("name", ONE_PLAYER)
def test_the_environment_checker_passes(name: str) -> None:
    # Warnings are errors in this suite, so the checker's warnings fail too.
    env = gymnasium.make(env_id(name))
    check_env(env.unwrapped)
    env.close()


def test_any_game_with_options_and_the_module_form() -> None:
    env = gymnasium.make(GENERIC_ID, game="klondike", draw=1, render_mode="ansi")
    check_env(env.unwrapped)
    assert env.unwrapped.game == patience.game("klondike", draw=1)
    env.close()
    again = gymnasium.make("patience.gym:patience/Railroad-v0")
    assert again.unwrapped.game == patience.game("railroad")
    with pytest.raises(PatienceError, match="pettingzoo"):
        gymnasium.make(GENERIC_ID, game="railroad-race")
    with pytest.raises(PatienceError, match="already made"):
        PatienceEnv(patience.game("klondike"), draw=1)
    with pytest.raises(patience.UnknownGameError):
        PatienceEnv("klondyke")


@pytest.mark.parametrize("name", ["railroad", "klondike", "accordion", "poker-solitaire"])
def test_random_episodes_follow_the_game(name: str) -> None:
    env = PatienceEnv(name)
    game = env.game
    sign = 1 if game.better is patience.Better.HIGHER else -1
    rng = random.Random(3)
    for seed in range(2):
        obs, info = env.reset(seed=seed)
        assert info["deal"] == derive_seed(seed, 0) >> 1 and env.state == game.deal(info["deal"])
        start = game.score(env.state)
        total = 0.0
        terminated = truncated = False
        while not (terminated or truncated):
            assert env.state is not None
            state = env.state
            assert obs in env.observation_space
            assert obs.tolist() == list(game.observe(state))
            assert info["action_mask"].dtype == np.int8
            assert info["action_mask"].tolist() == [int(x) for x in game.action_mask(state)]
            assert env.action_masks().tolist() == list(game.action_mask(state))
            assert info["score"] == game.score(state) and info["over"] == game.is_over(state)
            action = random_legal(info, rng)
            obs, reward, terminated, truncated, info = env.step(action)
            assert info["move"] == str(game.move_of(action, state)) and not info["illegal"]
            assert env.state == game.apply(state, game.move_of(action, state))
            assert reward == sign * (game.score(env.state) - game.score(state))
            assert terminated == game.is_over(env.state) and not truncated
            total += reward
        assert total == sign * (game.score(env.state) - start)
        assert env.steps > 0


def test_rewards_point_the_way_the_game_says_is_better() -> None:
    env = PatienceEnv("railroad")
    env.reset(options={"deal": 4})
    game = env.game
    earned = []
    for _ in range(60):
        assert env.state is not None
        before = len(env.state.piles["discard"])
        action = game.legal_actions(env.state)[0]
        _, reward, terminated, _, info = env.step(action)
        # Fewer cards left is better: each discarded card earns 1.
        assert reward == len(env.state.piles["discard"]) - before
        earned.append(reward)
        if terminated:
            break
    assert min(earned) == 0 and max(earned) >= 2 and sum(earned) == 52 - info["score"]
    klondike = PatienceEnv("klondike")
    klondike.reset(options={"deal": 0})
    assert klondike.state is not None
    up = next(m for m in klondike.game.legal_moves(klondike.state) if m.target == "f1")
    _, reward, *_ = klondike.step(klondike.game.action_of(up))
    assert reward == 1.0  # a card to a foundation scores 1


def test_seeds_deals_and_given_positions() -> None:
    env = PatienceEnv("railroad")
    deals = []
    obs, info = env.reset(seed=11)
    deals.append(info["deal"])
    for _ in range(3):
        deals.append(env.reset()[1]["deal"])
    assert deals == [derive_seed(11, k) >> 1 for k in range(4)]
    other = PatienceEnv("railroad")
    assert other.reset(seed=11)[1]["deal"] == deals[0]
    assert (other.reset(seed=11)[0] == obs).all()
    # A given deal, or a given position, leaves the sequence where it was.
    _, info = env.reset(options={"deal": 5})
    assert info["deal"] == 5 and env.state == env.game.deal(5)
    assert env.reset()[1]["deal"] == derive_seed(11, 4) >> 1
    state = env.game.apply(env.game.deal(9), "pull s2")
    _, info = env.reset(options={"state": state})
    assert env.state == state and "deal" not in info and env.deal_seed is None
    assert env.reset()[1]["deal"] == derive_seed(11, 5) >> 1
    # Without a seed, deals still come one after another from a random start.
    fresh = PatienceEnv("railroad")
    first, second = fresh.reset()[1]["deal"], fresh.reset()[1]["deal"]
    assert isinstance(first, int) and first != second
    assert all(0 <= d < 2**63 for d in deals)  # 63 bits: int64 batches hold them
    for bad in ({"deal": -1}, {"state": "pull s1"}, {"seed": 3}):
        with pytest.raises((PatienceError, ValueError)):
            env.reset(options=bad)
    with pytest.raises(patience.ForeignStateError):
        env.reset(options={"state": patience.game("klondike").deal(1)})


def test_a_game_of_fewer_seeds_deals_only_those() -> None:
    # FreeCell by Microsoft's numbers takes 1 to 2**31 - 1: each seed of the
    # sequence is brought into that range, without a seed as with one.
    env = PatienceEnv("freecell", numbering="microsoft")
    seeds = env.game.seeds
    assert seeds == range(1, 2**31)
    for _ in range(5):
        _, info = env.reset()
        assert info["deal"] in seeds and env.state == env.game.deal(info["deal"])
    deals = [env.reset(seed=11)[1]["deal"], env.reset()[1]["deal"]]
    assert deals == [1 + (derive_seed(11, k) >> 1) % (2**31 - 1) for k in range(2)]
    assert env.reset(options={"deal": 617})[1]["deal"] == 617
    with pytest.raises(patience.InvalidSeedError):
        env.reset(options={"deal": 0})


def test_illegal_actions_cost_a_penalty_or_raise() -> None:
    env = PatienceEnv("klondike", illegal_penalty=0.5)
    obs, info = env.reset(options={"deal": 1})
    state = env.state
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -0.5 and info2["illegal"] and info2["move"] is None
    assert env.state == state and (obs2 == obs).all() and not terminated and not truncated
    assert env.steps == 1
    strict = PatienceEnv("klondike", illegal="raise")
    strict.reset(options={"deal": 1})
    with pytest.raises(IllegalMoveError):
        strict.step(illegal)
    assert strict.state == state and strict.steps == 0
    legal = int(np.flatnonzero(info["action_mask"])[0])
    strict.step(np.int64(legal))  # NumPy integers are actions too
    for bad in (-1, env.game.num_actions, 1.5, True, "3", None):
        with pytest.raises(ValueError, match="action"):
            env.step(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="illegal"):
        PatienceEnv("klondike", illegal="ignore")


def test_max_steps_truncates() -> None:
    env = PatienceEnv("klondike", max_steps=3)
    _, info = env.reset(seed=1)
    rng = random.Random(1)
    flags = []
    for _ in range(3):
        _, _, terminated, truncated, info = env.step(random_legal(info, rng))
        flags.append((terminated, truncated))
    assert flags == [(False, False), (False, False), (False, True)]
    for bad in (0, -2, 2.5, True):
        with pytest.raises(ValueError, match="max_steps"):
            PatienceEnv("klondike", max_steps=bad)  # type: ignore[arg-type]


def test_a_stretch_without_progress_truncates() -> None:
    # Emperor's positions without progress are mostly too many to search, so
    # its games go on; an episode is truncated after max_idle steps in a row
    # without progress, and a step that makes progress starts the count again.
    env = PatienceEnv("emperor", max_idle=25)
    _, info = env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(5_000):
        before = env.game.progress(env.state)
        idle = env.idle
        _, _, terminated, truncated, info = env.step(random_legal(info, rng))
        moved_on = env.game.progress(env.state) != before
        assert env.idle == (0 if moved_on else idle + 1)
        if terminated or truncated:
            break
    assert truncated and not terminated and env.idle == 25
    # An illegal action changes nothing, so it counts as a step without progress.
    env = PatienceEnv("klondike", max_idle=2)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    flags = [env.step(illegal)[3] for _ in range(2)]
    assert flags == [False, True]
    assert PatienceEnv("klondike").max_idle == patience.simulation.MAX_IDLE
    assert PatienceEnv("klondike", max_idle=None).max_idle is None
    for bad in (0, -2, 2.5, True):
        with pytest.raises(ValueError, match="max_idle"):
            PatienceEnv("klondike", max_idle=bad)  # type: ignore[arg-type]


def test_a_deal_over_as_dealt_and_steps_after_the_end() -> None:
    env = PatienceEnv("klondike")
    _, info = env.reset(options={"deal": 2})  # no progress is possible
    assert info["over"] and info["action_mask"].any()
    _, reward, terminated, truncated, info = env.step(random_legal(info, random.Random(0)))
    assert terminated and not truncated and reward == 0.0
    with pytest.raises(gymnasium.error.ResetNeeded):
        PatienceEnv("klondike").step(0)


def test_termination_from_what_the_player_knows() -> None:
    # Klondike's deal 2 is over as dealt, and a deal that looks the same with
    # its face-down cards in another order is not (tests/test_knowledge.py).
    game = patience.game("klondike")
    state = game.deal(2)
    rng = random.Random(0)
    other = next(
        w
        for w in (sample_world(game, game.view(state), rng) for _ in range(50))
        if not game.is_over(w)
    )
    # By the rules the two episodes end differently at once; with
    # termination="known" both go on alike, until the player sees no move left.
    by_rules = PatienceEnv("klondike")
    assert by_rules.reset(options={"state": state})[1]["over"] is True
    assert by_rules.reset(options={"state": other})[1]["over"] is False
    known = PatienceEnv("klondike", termination="known")
    seen = []
    for world in (state, other):
        observation, info = known.reset(options={"state": world})
        assert info["over"] is False
        seen.append(observation.tolist())
    assert seen[0] == seen[1]
    known.reset(options={"state": state})
    draw = game.action_of("draw stock", state)
    steps = 0
    while steps < 100:
        _, reward, terminated, truncated, info = known.step(draw)
        steps += 1
        assert reward == 0.0 and not truncated
        assert terminated is info["over"] is (not info["action_mask"].any())
        if terminated:
            break
    assert terminated and steps > 1  # the stock is drawn through, and no move is left
    with pytest.raises(ValueError, match="termination must be one of"):
        PatienceEnv("klondike", termination="hidden")


def test_rendering() -> None:
    env = PatienceEnv("railroad", render_mode="ansi")
    env.reset(seed=1)
    assert env.state is not None
    assert env.render() == env.game.render(env.state)
    with pytest.raises(ValueError, match="render_mode"):
        PatienceEnv("railroad", render_mode="rgb")
    quiet = PatienceEnv("railroad")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render mode"):
        assert quiet.render() is None


def test_action_mask_array() -> None:
    game = patience.game("double-solitaire")
    state = game.deal(3)
    mask = action_mask_array(game, state)
    assert mask.dtype == np.int8 and mask.tolist() == [int(x) for x in game.action_mask(state)]
    turn = game.turn(state)
    assert action_mask_array(game, state, turn).tolist() == mask.tolist()
    assert not action_mask_array(game, state, 1 - turn).any()


def test_the_agents_page_examples_run() -> None:
    for code in code_blocks("agents.rst", "patience.gym"):
        exec(compile(code, "docs/agents.rst", "exec"), {})


def test_vector_environments_batch_the_infos() -> None:
    envs = gymnasium.make_vec("patience/Railroad-v0", num_envs=3, vectorization_mode="sync")
    obs, info = envs.reset(seed=3)
    assert obs.shape == (3, *envs.single_observation_space.shape)
    assert info["deal"].tolist() == [derive_seed(3 + k, 0) >> 1 for k in range(3)]
    for _ in range(60):  # past the first episodes' ends: they reset by themselves
        actions = np.array(
            [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in info["action_mask"]]
        )
        obs, _, _, _, info = envs.step(actions)
    assert info["action_mask"].shape == (3, 4)
    envs.close()


@pytest.mark.parametrize("name", ONE_PLAYER)
def test_every_render_mode_of_every_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # The modes Gymnasium's tools ask for (SB3's make_vec_env asks for
    # "rgb_array") are offered by every id, and each gives what it promises.
    assert RENDER_MODES == ("ansi", "human", "rgb_array")
    for mode in RENDER_MODES:
        env = gymnasium.make(env_id(name), render_mode=mode)
        if mode != "human":
            check_env(env.unwrapped)
        _, info = env.reset(seed=5)
        state = env.unwrapped.state
        shown = env.render()
        if mode == "ansi":
            assert shown == env.unwrapped.game.render(state)
        elif mode == "rgb_array":
            assert isinstance(shown, np.ndarray) and shown.dtype == np.uint8
            assert shown.ndim == 3 and shown.shape[2] == 3
            assert np.array_equal(shown, raster(state))
            # Face-down cards say nothing: the view draws the same image.
            assert np.array_equal(shown, raster(env.unwrapped.game.view(state)))
        else:
            assert shown is None
        env.close()
    # "human" prints the text on every reset and step, and on render().
    capsys.readouterr()
    human = PatienceEnv(name, render_mode="human")
    _, info = human.reset(seed=5)
    texts = [human.game.render(human.state)]
    assert human.render() is None
    texts.append(texts[0])
    if info["action_mask"].any():
        human.step(random_legal(info, random.Random(1)))
        texts.append(human.game.render(human.state))
    assert capsys.readouterr().out == "".join(t + "\n" for t in texts)


def test_the_raster_shows_the_cards() -> None:
    game = patience.game("klondike")
    state = game.deal(1)
    image = raster(state)
    table = image[0, 0].tolist()
    assert table == [47, 125, 79]
    # Red ink for the red face-up cards, black for the black, the blue of
    # the backs for the face-down ones.
    colours = {tuple(c) for c in image.reshape(-1, 3).tolist()}
    assert {(200, 16, 46), (26, 26, 26), (43, 76, 155), (255, 255, 255)} <= colours
    assert raster(state, scale=1).shape == (574, 500, 3)
    moved = game.apply(state, game.legal_moves(state)[0])
    assert not np.array_equal(raster(moved), image)
    for bad in (0, -1, 5, True, "1"):
        with pytest.raises(PatienceError, match="scale"):
            raster(state, scale=bad)
    with pytest.raises(PatienceError, match="State"):
        raster("7S")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ONE_PLAYER)
def test_an_environment_copies_and_pickles_after_reset(name: str) -> None:
    # Search agents copy the environment; checkpoints and process pools pickle it.
    env = gymnasium.make(env_id(name))
    obs, info = env.reset(seed=1)
    twins = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    rng = random.Random(2)
    actions = []
    for _ in range(20):
        if not info["action_mask"].any():
            break
        actions.append(random_legal(info, rng))
        obs, _, terminated, truncated, info = env.step(actions[-1])
        if terminated or truncated:
            break
    ends = [env.reset()[1]["deal"]]
    for twin in twins:
        twin_obs = twin.unwrapped._observe()
        for action in actions:
            twin_obs, *_ = twin.step(action)
        assert np.array_equal(twin_obs, obs)
        # The seed sequence goes on where the original's went on.
        ends.append(twin.reset()[1]["deal"])
    assert len(set(ends)) == 1


def test_registered_ids_have_a_step_limit() -> None:
    registry = gymnasium.envs.registration.registry
    for name in ONE_PLAYER:
        game = patience.game(name)
        limit = default_max_steps(game)
        assert limit == 20 * len(game.deck) >= 20 * 32  # Thirty has the smallest pack
        assert registry[env_id(name)].max_episode_steps == limit
    assert registry[GENERIC_ID].max_episode_steps is None
    env = gymnasium.make("patience/Emperor-v0")
    assert env.spec is not None and env.spec.max_episode_steps == 2080
    # Random play in Emperor often runs past 400 steps; the limit stops it
    # at 2,080 at the latest (or the idle limit, or the end, before).
    rng = random.Random(1)
    lengths = []
    for seed in range(4):
        _, info = env.reset(seed=seed)
        steps = 0
        while True:
            steps += 1
            _, _, terminated, truncated, info = env.step(random_legal(info, rng))
            if terminated or truncated or steps > 3000:
                break
        lengths.append(steps)
    assert max(lengths) > 400 and max(lengths) <= 2080
    short = gymnasium.make("patience/Railroad-v0", max_episode_steps=3)
    short.reset(seed=1)
    assert [short.step(0)[3] for _ in range(3)] == [False, False, True]
    own = gymnasium.make("patience/Railroad-v0", max_steps=2)
    own.reset(seed=1)
    assert [own.step(0)[3] for _ in range(2)] == [False, True]


SB3 = os.environ.get("PATIENCE_REQUIRE_SB3") or importlib.util.find_spec("sb3_contrib")
needs_sb3 = pytest.mark.skipif(not SB3, reason="needs the sb3 extra")


@needs_sb3
def test_stable_baselines3_vector_envs_on_every_id() -> None:
    from stable_baselines3.common.env_util import make_vec_env

    for found in register_envs():
        envs = make_vec_env(found, n_envs=2, seed=4)
        obs = envs.reset()
        assert obs.shape == (2, *envs.observation_space.shape)
        masks = np.stack(envs.env_method("action_masks"))
        actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
        obs, rewards, _, _ = envs.step(actions)
        assert obs.shape[0] == 2 and rewards.shape == (2,)
        frames = envs.get_images()
        assert all(f.dtype == np.uint8 and f.ndim == 3 for f in frames)
        envs.close()


@needs_sb3
def test_maskable_ppo_learns_on_a_vector_env() -> None:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    envs = make_vec_env("patience/Railroad-v0", n_envs=2, seed=0)
    model = MaskablePPO("MlpPolicy", envs, n_steps=32, batch_size=32, n_epochs=1, seed=0)
    model.learn(total_timesteps=64)
    obs = envs.reset()
    masks = np.stack(envs.env_method("action_masks"))
    actions, _ = model.predict(obs, action_masks=masks)
    assert all(masks[k, a] for k, a in enumerate(actions))
    envs.close()
