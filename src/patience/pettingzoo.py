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

Agents are ``player_0``, ``player_1`` ... for the game's players 0, 1 ....
See :class:`PatienceAECEnv` for observations, who moves, rewards and seeds.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .errors import IllegalMoveError, PatienceError, brief_repr
from .game import Better, Game
from .gym import (
    ILLEGAL_ACTIONS,
    _action_number,
    _check_limit,
    _game_of,
    _refuse,
    _reset_start,
    _Seeds,
)
from .move import Move
from .simulation import MAX_IDLE
from .state import State

__all__ = ["PatienceAECEnv", "env", "raw_env"]


def _agent(player: int) -> str:
    return f"player_{player}"


class PatienceAECEnv(AECEnv):  # type: ignore[misc]
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
      (:meth:`Game.is_over <patience.Game.is_over>`), truncated after
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

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi"],
        "render_fps": 4,
        "is_parallelizable": False,
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
        **options: Any,
    ) -> None:
        super().__init__()
        made = _game_of(game, options)
        if made.players < 2:
            raise PatienceError(
                f"{made.name} is a game of one player: patience.gym has an environment for it"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {brief_repr(render_mode)}")
        if illegal not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal must be one of {ILLEGAL_ACTIONS}, not {brief_repr(illegal)}")
        _check_limit("max_steps", max_steps)
        _check_limit("max_idle", max_idle)
        self.game: Game = made
        """The game played."""
        self.metadata = {**self.metadata, "name": "patience_" + made.name.replace("-", "_") + "_v0"}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.max_idle = max_idle
        self.idle = 0
        """Moves in a row the current episode has made without progress."""
        self._mark: Any = None
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.possible_agents: list[str] = [_agent(p) for p in range(made.players)]
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        low, high = made.observation_bounds
        n = made.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        np.asarray(low, dtype=np.int32),
                        np.asarray(high, dtype=np.int32),
                        shape=made.observation_shape,
                        dtype=np.int32,
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._sign = 1 if made.better is Better.HIGHER else -1
        self._seeds: _Seeds | None = None
        self._rng = np.random.default_rng()
        self.game_state: State | None = None
        """The current position (``None`` before the first reset); PettingZoo
        keeps the name ``state`` for a global observation, not offered here."""
        self.deal_seed: int | None = None
        """The current deal's seed (``None`` when reset to a given position)."""
        self.steps = 0
        """How many moves (legal or not) the agents have made this episode."""
        self.agents: list[str] = []
        self._legal: dict[int, Move] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object every time)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: deal (see the class's seeds) and select the first mover."""
        state, deal, self._seeds = _reset_start(
            self.game, self._seeds, seed, self._rng, dict(options or {})
        )
        self.game_state = state
        self.deal_seed = deal
        self.steps = self.idle = 0
        self._mark = self.game.progress(state)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        over = self.game.is_over(state)
        self.terminations = dict.fromkeys(self.agents, over)
        self.truncations = dict.fromkeys(self.agents, False)
        self._enter(state)
        movers = self.game.movers(state)
        self.agent_selection = _agent(movers[0] if movers else 0)

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
            if self.game.is_over(state):
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

    def _next_agent(self, player: int) -> str:
        """The agent after ``player`` in order among those who may move (the
        next in order once the game is over)."""
        count = self.game.players
        assert self.game_state is not None
        movers = set(self.game.movers(self.game_state))
        for k in range(1, count + 1):
            other = (player + k) % count
            if other in movers or not movers:
                return _agent(other)
        raise AssertionError("unreachable")  # pragma: no cover

    def _enter(self, state: State) -> None:
        game = self.game
        self._legal = dict(zip(game.legal_actions(state), game.legal_moves(state)))
        scores = game.scores(state)
        winners = game.winners(state)
        self.infos = {a: {"score": scores[p], "won": p in winners} for a, p in self._player.items()}

    def render(self) -> str | None:
        """The position as text (:meth:`Game.render <patience.Game.render>`) with
        ``render_mode="ansi"``; ``None`` (and a warning) without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode: make the environment"
                ' with render_mode="ansi"'
            )
            return None
        if self.game_state is None:
            raise gymnasium.error.ResetNeeded("call reset() before render()")
        return self.game.render(self.game_state)

    def close(self) -> None:
        """Nothing to release."""


raw_env = PatienceAECEnv
"""The environment class itself, unwrapped (PettingZoo's naming)."""


def env(game: str | Game, **kwargs: Any) -> Any:
    """A :class:`PatienceAECEnv` for ``game`` (a name or a game; the other
    keywords as for the class), wrapped in PettingZoo's
    ``OrderEnforcingWrapper``, which refuses ``step`` before ``reset``."""
    return wrappers.OrderEnforcingWrapper(PatienceAECEnv(game, **kwargs))
