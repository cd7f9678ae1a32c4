"""PettingZoo environments for the games of two players (the ``pettingzoo`` extra).

Install with ``pip install ".[pettingzoo]"``; this module needs
PettingZoo (1.25 or newer), Gymnasium and NumPy, and nothing else in
:mod:`patience` does. :func:`env` makes an AEC ("agent environment cycle")
environment for a game of several players, ``double-solitaire`` or
``railroad-race``::

    from patience.pettingzoo import env

    duel = env("railroad-race")
    duel.reset(seed=7)
    for agent in duel.agent_iter():
        observation, reward, terminated, truncated, info = duel.last()
        if terminated or truncated:
            action = None
        else:
            action = duel.action_space(agent).sample(observation["action_mask"])
        duel.step(action)

:func:`parallel_env` makes a Parallel environment, where every agent that
can move acts at each step, as the players of the race do::

    from patience.pettingzoo import parallel_env

    race = parallel_env("railroad-race")
    observations, infos = race.reset(seed=7)
    while race.agents:
        actions = {
            agent: race.action_space(agent).sample(observations[agent]["action_mask"])
            for agent in race.agents
        }
        observations, rewards, terminations, truncations, infos = race.step(actions)

Agents are ``player_0``, ``player_1`` ... for the game's players 0, 1 ....
See :class:`PatienceAECEnv` for observations, who moves, rewards and seeds,
and :class:`PatienceParallelEnv` for how a joint action is played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from .errors import IllegalMoveError, PatienceError, brief_repr
from .game import Better, Game
from .gym import (
    ILLEGAL_ACTIONS,
    RENDER_MODES,
    _action_number,
    _check_limit,
    _check_penalty,
    _check_render_mode,
    _check_termination,
    _game_of,
    _refuse,
    _render,
    _reset_options,
    _reset_start,
    _Seeds,
)
from .move import Move
from .simulation import MAX_IDLE
from .state import State

__all__ = ["PatienceAECEnv", "PatienceParallelEnv", "env", "parallel_env", "raw_env"]


def _agent(player: int) -> str:
    return f"player_{player}"


def _checked(
    game: str | Game,
    options: dict[str, Any],
    render_mode: str | None,
    max_steps: int | None,
    max_idle: int | None,
    illegal: str,
    termination: str,
) -> Game:
    """The game an environment plays, once its arguments are checked."""
    made = _game_of(game, options)
    if made.players < 2:
        raise PatienceError(
            f"{made.name} is a game of one player: patience.gym has an environment for it"
        )
    _check_render_mode(render_mode)
    if illegal not in ILLEGAL_ACTIONS:
        raise PatienceError(f"illegal must be one of {ILLEGAL_ACTIONS}, not {brief_repr(illegal)}")
    _check_limit("max_steps", max_steps)
    _check_limit("max_idle", max_idle)
    _check_termination(termination)
    return made


def _positions(game: Game) -> spaces.Box:
    """The ``Box`` of :meth:`Game.observe <patience.Game.observe>`'s rows."""
    low, high = game.observation_bounds
    return spaces.Box(
        np.asarray(low, dtype=np.int32),
        np.asarray(high, dtype=np.int32),
        shape=game.observation_shape,
        dtype=np.int32,
    )


def _observation_space(game: Game) -> spaces.Dict:
    """An agent's observation space: its information state and its action mask."""
    mask = spaces.Box(0, 1, shape=(game.num_actions,), dtype=np.int8)
    return spaces.Dict({"observation": _positions(game), "action_mask": mask})


def _global_state(game: Game, state: State) -> NDArray[np.int32]:
    """The whole position as :meth:`Game.observe <patience.Game.observe>` would
    give it to a player who knew every card: each card's own code in every place,
    face-down cards included; the face-down counts and counters as observed."""
    code = game._card_codes
    out: NDArray[np.int32] = game.observe(state, 0, array=True)
    at = 0
    for pile, cap in zip(state.piles.items_tuple, game.capacities):
        out[at : at + len(pile.cards)] = [code[c] for c in pile.cards]
        at += cap
    return out


def _infos(game: Game, state: State, players: dict[str, int]) -> dict[str, dict[str, Any]]:
    """Each agent's ``"score"`` and ``"won"`` in ``state``."""
    scores = game.scores(state)
    winners = game.winners(state)
    return {a: {"score": scores[p], "won": p in winners} for a, p in players.items()}


class _PatienceEnvBase:
    """What both PettingZoo environments share: their arguments and
    attributes, spaces, global state, rendering and closing."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "render_fps": 4,
        "name": "patience_v0",
    }

    def __init__(
        self,
        game: str | Game,
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        max_idle: int | None = MAX_IDLE,
        illegal: str = "penalty",
        illegal_penalty: float = 1.0,
        termination: str = "rules",
        **options: Any,
    ) -> None:
        super().__init__()
        made = _checked(game, options, render_mode, max_steps, max_idle, illegal, termination)
        self.game: Game = made
        """The game played."""
        self.metadata = {**self.metadata, "name": "patience_" + made.name.replace("-", "_") + "_v0"}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.max_idle = max_idle
        self.idle = 0
        """Steps in a row the current episode has made without progress."""
        self._mark: Any = None
        self.illegal = illegal
        self.illegal_penalty = _check_penalty(illegal_penalty)
        self.termination = termination
        """When the agents are terminated (one of :data:`patience.gym.TERMINATIONS`)."""
        self._by_rules = termination == "rules"
        self.possible_agents: list[str] = [_agent(p) for p in range(made.players)]
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: _observation_space(made) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(made.num_actions) for agent in self.possible_agents
        }
        self.state_space: spaces.Box = _positions(made)
        """The space of :meth:`state`: the bounds of the game's observations."""
        self._sign = 1 if made.better is Better.HIGHER else -1
        self._seeds: _Seeds | None = None
        self._rng = np.random.default_rng()
        self.game_state: State | None = None
        """The current position (``None`` before the first reset); PettingZoo
        keeps the name ``state`` for the global observation, :meth:`state`."""
        self.deal_seed: int | None = None
        """The current deal's seed (``None`` when reset to a given position)."""
        self.steps = 0
        """How many steps the agents have made this episode: moves, legal or
        not, in the AEC environment; joint actions in the Parallel one."""
        self.agents: list[str] = []
        self._forget()

    def _forget(self) -> None:
        """Set up what an environment notes of the current position, before
        the first reset."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object every time)."""
        return self.action_spaces[agent]

    def state(self) -> NDArray[np.int32]:
        """The global state: the whole position in the form of
        :meth:`Game.observe <patience.Game.observe>`, with every card shown as
        itself (``2`` and up), face-down cards that no player knows included;
        the face-down counts and counters as observed. It is for centralised
        training (a critic that sees everything); a player's policy should
        see only its own observation."""
        if self.game_state is None:
            raise gymnasium.error.ResetNeeded("call reset() before state()")
        return _global_state(self.game, self.game_state)

    def render(self) -> str | NDArray[np.uint8] | None:
        """The position as the render mode has it, as in
        :meth:`patience.gym.PatienceEnv.render` (see
        :data:`patience.gym.RENDER_MODES`): text for ``"ansi"``, an image for
        ``"rgb_array"``, printed text and ``None`` for ``"human"``; ``None``
        (and a warning) without a render mode."""
        return _render(self.game, self.game_state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


class PatienceAECEnv(_PatienceEnvBase, AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment playing one deal of a game of several players.

    ``game`` is a registered name (options as further keywords) or a
    :class:`~patience.Game` with more than one player.

    - **Agents**: ``player_0``, ``player_1`` ..., the game's players in order.
    - **Observations**: a dict, as PettingZoo's classic games give them:
      ``"observation"``, :meth:`Game.observe <patience.Game.observe>` for the
      agent (its own information state, ``int32``, in a ``Box`` of
      :attr:`~patience.Game.observation_bounds`), and ``"action_mask"``
      (``int8``, 1 for each action of a legal move of that agent).
    - **Actions**: ``Discrete(game.num_actions)``, the game's own numbering
      (:attr:`~patience.Game.actions`), the same for every agent; the actions of
      another player's moves are never legal for an agent.
    - **Who moves** (``agent_selection``): one of :meth:`Game.movers
      <patience.Game.movers>`. Where players take turns (Double Solitaire)
      that is the player whose turn it is. Where several may move (the
      Railroad race, played at the same time), the agents alternate among
      those who can: after an agent's move, the next agent in order that can
      move is selected, the same one only when no other can (an agent whose
      sidings are empty waits for the other to finish).
    - **Rewards**: after every move, each agent's reward is the change in its
      own score, counted in the direction :attr:`Game.better
      <patience.Game.better>` says is better (in the race, fewer cards left:
      a pull that discards four cards earns its player 4).
    - **Illegal actions**: as in :class:`patience.gym.PatienceEnv`: with
      ``illegal="penalty"`` (the default) the position stays as it is, the
      agent gets ``-illegal_penalty`` and moves again; with ``illegal="raise"``
      :class:`~patience.IllegalMoveError` is raised.
    - **Ends**: every agent is terminated when the game is over
      (:meth:`Game.is_over <patience.Game.is_over>`; with
      ``termination="known"`` only when the players can see it is over, as
      :data:`patience.gym.TERMINATIONS` tells), truncated after
      ``max_steps`` moves (default: never) or ``max_idle`` moves in a row
      without progress (as in :class:`patience.gym.PatienceEnv`; default
      :data:`patience.simulation.MAX_IDLE`); each then steps ``None`` once,
      as the AEC API has it.
    - **Seeds and options**: as in :class:`patience.gym.PatienceEnv`:
      ``reset(seed=s)`` deals ``derive_seed(s, 0) >> 1`` and each later ``reset()``
      the next deal of the sequence; ``options={"deal": n}`` deals seed ``n``,
      ``options={"state": state}`` starts from a position. Other option keys
      are ignored (PettingZoo's API test passes one of its own).

    ``infos[agent]`` holds ``"score"`` (the agent's score) and ``"won"``.
    """

    def _forget(self) -> None:
        self._legal: dict[int, Move] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: deal (see the class's seeds) and select the first mover."""
        state, deal, self._seeds = _reset_start(
            self.game, self._seeds, seed, self._rng, _reset_options(options, others=True)
        )
        self.game_state = state
        self.deal_seed = deal
        self.steps = self.idle = 0
        self._mark = self.game.progress(state)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        over = self.game.is_over(state, search=self._by_rules)
        self.terminations = dict.fromkeys(self.agents, over)
        self.truncations = dict.fromkeys(self.agents, False)
        self._enter(state)
        movers = self.game.movers(state, search=self._by_rules)
        self.agent_selection = _agent(movers[0] if movers else 0)
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        """The agent's information state and the mask of its legal actions."""
        if self.game_state is None:
            raise gymnasium.error.ResetNeeded("call reset() before observe()")
        player = self._player[agent]
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        mask[[a for a, m in self._legal.items() if (m.player or 0) == player]] = 1
        observed = self.game.observe(self.game_state, player, array=True)
        return {"observation": observed, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Make the selected agent's ``action`` (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        if state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        player = self._player[agent]
        number = _action_number(self.game, action)
        move = self._legal.get(number)
        if move is not None and (move.player or 0) != player:
            move = None
        if move is None and self.illegal == "raise":
            wanted = self.game.move_of(number, state)
            if (wanted.player or 0) != player:
                raise IllegalMoveError(
                    wanted, state, f"{agent} cannot make another player's move", "not-your-turn"
                )
            _refuse(self.game, state, number)
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        if move is None:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = -self.illegal_penalty
        else:
            before = self.game.scores(state)
            state = self.game_state = self.game.apply(state, move)
            after = self.game.scores(state)
            self.rewards = {
                a: float(self._sign * (after[self._player[a]] - before[self._player[a]]))
                for a in self.agents
            }
            self._enter(state)
            if self.game.is_over(state, search=self._by_rules):
                self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self._next_agent(player)
        assert self.game_state is not None
        mark = self.game.progress(self.game_state)
        self.idle = self.idle + 1 if mark == self._mark else 0
        self._mark = mark
        limit, idle = self.max_steps, self.max_idle
        if not any(self.terminations.values()) and (
            (limit is not None and self.steps >= limit) or (idle is not None and self.idle >= idle)
        ):
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _next_agent(self, player: int) -> str:
        """The agent after ``player`` in order among those who may move (the
        next in order once the game is over)."""
        count = self.game.players
        assert self.game_state is not None
        movers = set(self.game.movers(self.game_state, search=self._by_rules))
        for k in range(1, count + 1):
            other = (player + k) % count
            if other in movers or not movers:
                return _agent(other)
        raise AssertionError("unreachable")  # pragma: no cover

    def _enter(self, state: State) -> None:
        game = self.game
        self._legal = dict(zip(game.legal_actions(state), game.legal_moves(state)))
        self.infos = _infos(game, state, self._player)


raw_env = PatienceAECEnv
"""The environment class itself, unwrapped (PettingZoo's naming)."""


def env(game: str | Game, **kwargs: Any) -> Any:
    """A :class:`PatienceAECEnv` for ``game`` (a name or a game; the other
    keywords as for the class), wrapped in PettingZoo's
    ``OrderEnforcingWrapper``, which refuses ``step`` before ``reset``."""
    return wrappers.OrderEnforcingWrapper(PatienceAECEnv(game, **kwargs))


class PatienceParallelEnv(_PatienceEnvBase, ParallelEnv):  # type: ignore[misc]
    """A PettingZoo Parallel environment playing one deal of a game of several players.

    Made for the Railroad race, where both players pull whenever they like:
    at every step each agent that can move chooses an action at the same
    time. ``game`` is a registered name (options as further keywords) or a
    :class:`~patience.Game` with more than one player; in a game where
    players take turns (Double Solitaire) only the player whose turn it is
    moves at each step.

    - **Agents, observations and actions** as in :class:`PatienceAECEnv`: a
      dict of ``"observation"`` (the agent's information state) and
      ``"action_mask"`` (the legal actions of that agent's own moves), and
      ``Discrete(game.num_actions)``, the game's numbering, for every agent.
    - **A step** takes ``actions``, a dict from agent to action, and plays
      the joint action. Every action is judged against the position the
      agents observed (their masks). The moves of the legal ones are then
      made one after another, in an order drawn afresh at each step from
      the episode's seed (so an episode replays exactly): the race makes
      moves in the order they happen, and of two pulls made at the same
      moment neither came first. The order matters only when an earlier
      move ends the game: then the later ones are not made, and cost
      nothing. So when both players of the race would clear their lines in
      the same step, each wins half the time, not always the same one.
    - **Waiting**: an agent with no legal move (its mask all zeros: a racer
      who has pulled every card while the other goes on, the player not on
      turn) waits; its action may be left out or be anything, and is
      ignored. An agent that has a legal move must be given an action.
    - **Illegal actions**: as in :class:`PatienceAECEnv`, per agent: with
      ``illegal="penalty"`` (the default) the agent's move is not made and it
      gets ``-illegal_penalty`` added to its reward, while the other agents'
      legal moves are made; with ``illegal="raise"``
      :class:`~patience.IllegalMoveError` is raised before any move of the
      step is made.
    - **Rewards**: each agent's change in its own score over the step, in the
      direction :attr:`Game.better <patience.Game.better>` says is better,
      less any penalty.
    - **Ends**: every agent is terminated when the game is over (with
      ``termination="known"``, when the players can see it is over: see
      :data:`patience.gym.TERMINATIONS`) and truncated
      after ``max_steps`` steps (joint actions; default: never) or ``max_idle``
      steps in a row without progress (default
      :data:`patience.simulation.MAX_IDLE`). The agents then leave
      :attr:`agents`, as PettingZoo's Parallel API has it; the step that ends
      the episode still reports on each of them.
    - **Global state**: :meth:`state`, the whole position with every card
      shown, in :attr:`state_space`.
    - **Seeds, options, render modes, copies** as in :class:`PatienceAECEnv`
      (and :class:`patience.gym.PatienceEnv`).

    ``infos[agent]`` holds ``"score"`` (the agent's score) and ``"won"``.
    """

    def _forget(self) -> None:
        self._own: list[dict[int, Move]] = []
        self._order = random.Random(0)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, NDArray[Any]]], dict[str, dict[str, Any]]]:
        """Start an episode: deal (seeds and options as in
        :class:`PatienceAECEnv`); return every agent's observation and info."""
        state, deal, self._seeds = _reset_start(
            self.game, self._seeds, seed, self._rng, _reset_options(options, others=True)
        )
        self.game_state = state
        self.deal_seed = deal
        self.steps = self.idle = 0
        self._mark = self.game.progress(state)
        self.agents = list(self.possible_agents)
        # The order of each step's moves: drawn from the deal's seed (or, for
        # a given position, the seed sequence's state), so that the same seed
        # plays the same episode.
        self._order = random.Random(deal if deal is not None else self._seeds.state)
        self._enter(state)
        if self.render_mode == "human":
            self.render()
        return self._observations(self.agents), _infos(self.game, state, self._player)

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        """The agent's information state and the mask of its legal actions, as
        :meth:`reset` and :meth:`step` give them."""
        if self.game_state is None:
            raise gymnasium.error.ResetNeeded("call reset() before observe()")
        player = self._player[agent]
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        mask[list(self._own[player])] = 1
        observed = self.game.observe(self.game_state, player, array=True)
        return {"observation": observed, "action_mask": mask}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, dict[str, NDArray[Any]]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play one joint action: each agent's action from ``actions`` (see
        the class for the order of the moves, waiting and illegal actions).
        Returns observations, rewards, terminations, truncations and infos
        of the agents that were live at the start of the step."""
        state = self.game_state
        if state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        if not self.agents:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        if not isinstance(actions, Mapping):
            raise PatienceError(
                f"step() takes a dict of each agent's action, not {brief_repr(actions)}"
            )
        unknown = [a for a in actions if a not in self._player]
        if unknown:
            raise PatienceError(
                f"no agent {brief_repr(unknown[0])}: agents are {self.possible_agents}"
            )
        game = self.game
        chosen: list[Move] = []
        penalised: set[str] = set()
        for agent in self.agents:
            player = self._player[agent]
            own = self._own[player]
            if not own:
                continue  # the agent waits
            if agent not in actions:
                raise PatienceError(f"{agent} has legal moves, so step() needs its action")
            number = _action_number(game, actions[agent])
            move = own.get(number)
            if move is not None:
                chosen.append(move)
                continue
            if self.illegal == "raise":
                wanted = game.move_of(number, state)
                if (wanted.player or 0) != player:
                    raise IllegalMoveError(
                        wanted, state, f"{agent} cannot make another player's move", "not-your-turn"
                    )
                _refuse(game, state, number)
            penalised.add(agent)
        before = game.scores(state)
        self._order.shuffle(chosen)
        for move in chosen:
            if move not in game.legal_moves(state):
                continue  # an earlier move of the step ended the game
            state = game.apply(state, move)
        after = game.scores(state)
        self.game_state = state
        self.steps += 1
        live = self.agents
        rewards = {
            a: float(self._sign * (after[self._player[a]] - before[self._player[a]]))
            - (self.illegal_penalty if a in penalised else 0.0)
            for a in live
        }
        self._enter(state)
        mark = game.progress(state)
        self.idle = self.idle + 1 if mark == self._mark else 0
        self._mark = mark
        over = game.is_over(state, search=self._by_rules)
        limit, idle = self.max_steps, self.max_idle
        cut = not over and (
            (limit is not None and self.steps >= limit) or (idle is not None and self.idle >= idle)
        )
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, cut)
        observations = self._observations(live)
        infos = _infos(game, state, {a: self._player[a] for a in live})
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _observations(self, agents: list[str]) -> dict[str, dict[str, NDArray[Any]]]:
        return {a: self.observe(a) for a in agents}

    def _enter(self, state: State) -> None:
        """Note each player's legal moves by action in the new position."""
        game = self.game
        self._own = [{} for _ in self.possible_agents]
        for action, move in zip(game.legal_actions(state), game.legal_moves(state)):
            self._own[move.player or 0][action] = move


def parallel_env(game: str | Game, **kwargs: Any) -> PatienceParallelEnv:
    """A :class:`PatienceParallelEnv` for ``game`` (a name or a game; the other
    keywords as for the class). PettingZoo has no order-enforcing wrapper for
    Parallel environments: the class itself refuses ``step`` before ``reset``."""
    return PatienceParallelEnv(game, **kwargs)
