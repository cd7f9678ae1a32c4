"""Gymnasium environments for the one-player games (the ``gym`` extra).

Install with ``pip install ".[gym]"``; this module needs
Gymnasium (1.0 or newer) and NumPy, and nothing else in :mod:`patience` does.
Importing it registers an environment for every registered one-player game
with Gymnasium, under ids made by :func:`env_id` (``patience/Klondike-v0``,
``patience/Railroad-v0`` ...), and ``patience/Game-v0`` for any game by name
with any options::

    import gymnasium
    import patience.gym

    env = gymnasium.make("patience/Klondike-v0")
    env = gymnasium.make("patience/Game-v0", game="klondike", draw=1)
    # without importing first: Gymnasium imports the module named before ":"
    env = gymnasium.make("patience.gym:patience/Railroad-v0")

Gymnasium 1.0 dropped the plug-in entry points of earlier versions, so the
environments are registered by importing this module (or calling
:func:`register_envs`), as other packages register theirs.

An episode is one deal. Observations are :meth:`Game.observe
<patience.Game.observe>` as an ``int32`` array in a ``Box`` of
:attr:`~patience.Game.observation_bounds`; actions are the game's numbered
:attr:`~patience.Game.actions` in a ``Discrete`` space; ``info["action_mask"]``
says which are legal (see :class:`PatienceEnv` for rewards, illegal actions
and seeds).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping
from numbers import Real
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from .errors import IllegalMoveError, PatienceError, brief_repr
from .game import Better, Game
from .move import Move
from .registry import game as make_game
from .registry import games
from .shuffle import _GAMMA, MASK64, check_seed, splitmix64
from .simulation import MAX_IDLE
from .state import State
from .svg import (
    CARD_HEIGHT,
    CARD_WIDTH,
    GAP,
    CardPlace,
    _anchor,
    _box,
    _extent,
    _starts,
    card_places,
)

__all__ = [
    "GENERIC_ID",
    "ILLEGAL_ACTIONS",
    "RENDER_MODES",
    "STEPS_PER_CARD",
    "TERMINATIONS",
    "PatienceEnv",
    "action_mask_array",
    "default_max_steps",
    "env_id",
    "raster",
    "register_envs",
]

GENERIC_ID = "patience/Game-v0"
"""The id of the environment for any one-player game, named by the ``game``
keyword, with the game's options as further keywords."""

ILLEGAL_ACTIONS = ("penalty", "raise")
"""What :meth:`PatienceEnv.step` may do with an action whose move is not legal:
``"penalty"`` (the default) leaves the position as it is and gives a reward of
``-illegal_penalty``; ``"raise"`` raises :class:`~patience.IllegalMoveError`."""

TERMINATIONS = ("rules", "known")
"""When an environment's episode is ``terminated``: ``"rules"`` (the default)
when the game is over by every rule (:meth:`Game.is_over
<patience.Game.is_over>`), which can tell a player something about cards they
cannot see (a deal in which no progress is possible may look the same as one
in which it is); ``"known"`` only when the player can see the game is over
(``is_over(state, search=False)``: won, no legal move, or a game's own rule on
what is shown), as algorithms over information states assume. With
``"known"`` an episode with no progress left goes on, its moves changing
nothing lasting, until ``max_idle`` or ``max_steps`` truncates it."""


def _check_termination(value: object) -> None:
    if value not in TERMINATIONS:
        raise PatienceError(f"termination must be one of {TERMINATIONS}, not {brief_repr(value)}")


def env_id(name: str) -> str:
    """The Gymnasium id of the registered game ``name``: its words in CamelCase,
    in the ``patience`` namespace, version 0.

    >>> env_id("klondike"), env_id("streets-and-alleys")
    ('patience/Klondike-v0', 'patience/StreetsAndAlleys-v0')

    The version goes up if the game's actions or observations change (the test
    suite pins both).
    """
    return "patience/" + "".join(word.capitalize() for word in name.split("-")) + "-v0"


def action_mask_array(game: Game, state: State, player: int | None = None) -> NDArray[np.int8]:
    """:meth:`Game.action_mask <patience.Game.action_mask>` as a NumPy ``int8``
    array (1 for a legal action), the form Gymnasium's ``Discrete.sample(mask=)``
    takes. With ``player``, only the actions of that player's moves are marked."""
    mask = np.zeros(game.num_actions, dtype=np.int8)
    moves = game.legal_moves(state)
    actions = game.legal_actions(state)
    if player is None:
        mask[list(actions)] = 1
    else:
        mask[[a for a, m in zip(actions, moves) if (m.player or 0) == player]] = 1
    return mask


def _reset_options(options: object, *, others: bool = False) -> dict[str, Any]:
    """``reset``'s ``options`` as a dict, checked: ``None`` or a mapping with
    the keys ``deal`` and ``state`` (and, with ``others``, any other key,
    left out: PettingZoo's own tests pass keys of their own)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise PatienceError(
            f"reset options are a dict (keys 'deal', 'state') or None, not {brief_repr(options)}"
        )
    unknown = set(options) - {"deal", "state"}
    if others:
        return {k: v for k, v in options.items() if k in ("deal", "state")}
    if unknown:
        raise PatienceError(
            f"reset options are 'deal' and 'state', not {brief_repr(sorted(map(str, unknown)))}"
        )
    return dict(options)


def _check_render_mode(mode: object) -> None:
    """Raise :class:`~patience.PatienceError` (a ``ValueError``) unless ``mode``
    is ``None`` or one of :data:`RENDER_MODES`."""
    if mode is not None and mode not in RENDER_MODES:
        raise PatienceError(
            f"render_mode must be None or one of {RENDER_MODES}, not {brief_repr(mode)}"
        )


def _render(game: Game, state: State | None, mode: str | None) -> str | NDArray[np.uint8] | None:
    """What ``render()`` gives in ``mode`` (shared with the PettingZoo environment)."""
    if mode is None:
        gymnasium.logger.warn(
            "render() was called without a render mode: make the environment"
            f" with a render_mode, one of {RENDER_MODES}"
        )
        return None
    if state is None:
        raise gymnasium.error.ResetNeeded("call reset() before render()")
    if mode == "rgb_array":
        return raster(state)
    text = game.render(state)
    if mode == "human":
        print(text)
        return None
    return text


def _check_limit(name: str, value: object) -> None:
    """Raise :class:`~patience.PatienceError` (a ``ValueError``) unless
    ``value`` is ``None`` or a positive integer."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise PatienceError(f"{name} must be a positive integer, not {brief_repr(value)}")


def _check_penalty(value: object) -> float:
    """``value`` as the penalty for an illegal action: a finite number of at
    least 0, else :class:`~patience.PatienceError` (a ``ValueError``)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise PatienceError(f"illegal_penalty must be a number, not {brief_repr(value)}")
    try:
        penalty = float(value)
    except OverflowError:
        penalty = math.inf
    if not math.isfinite(penalty) or penalty < 0:
        raise PatienceError(
            f"illegal_penalty must be a finite number of at least 0, not {brief_repr(value)}"
        )
    return penalty


def _game_of(game: str | Game, options: dict[str, Any]) -> Game:
    if isinstance(game, Game):
        if options:
            raise PatienceError(
                f"options go with a game's name; {game!r} is already made"
                f" (got {', '.join(sorted(options))})"
            )
        return game
    if not isinstance(game, str):
        raise PatienceError(f"a game is a name or a Game, not {brief_repr(game)}")
    return make_game(game, **options)


RENDER_MODES = ("ansi", "human", "rgb_array")
"""The render modes of the environments: ``"ansi"`` (:meth:`PatienceEnv.render`
returns :meth:`Game.render <patience.Game.render>` of the position),
``"human"`` (the same text printed to standard output on every reset and
step, and ``render()`` returns ``None``) and ``"rgb_array"`` (``render()``
returns :func:`raster` of the position)."""

# A 3 by 5 pixel font for the card texts: ranks, suits and the jokers' letters.
_GLYPHS = {
    char: rows.split()
    for char, rows in {
        "A": ".#. #.# ### #.# #.#",
        "2": "##. ..# .#. #.. ###",
        "3": "##. ..# .#. ..# ##.",
        "4": "#.# #.# ### ..# ..#",
        "5": "### #.. ##. ..# ##.",
        "6": ".## #.. ### #.# ###",
        "7": "### ..# .#. .#. .#.",
        "8": "### #.# ### #.# ###",
        "9": "### #.# ### ..# ##.",
        "T": "### .#. .#. .#. .#.",
        "J": "..# ..# ..# #.# .#.",
        "Q": ".#. #.# #.# ##. .##",
        "K": "#.# ##. #.. ##. #.#",
        "C": ".## #.. #.. #.. .##",
        "D": "##. #.# #.# #.# ##.",
        "H": "#.# #.# ### #.# #.#",
        "S": ".## #.. .#. ..# ##.",
        "R": "##. #.# ##. #.# #.#",
        "B": "##. #.# ##. #.# ##.",
    }.items()
}
_RGB = {
    "table": (47, 125, 79),
    "face": (255, 255, 255),
    "edge": (85, 85, 85),
    "red": (200, 16, 46),
    "black": (26, 26, 26),
    "back": (43, 76, 155),
    "back-line": (143, 168, 221),
    "outline": (169, 216, 184),
}


def raster(state: State, scale: float = 0.5) -> NDArray[np.uint8]:
    """``state`` as an RGB image: a ``uint8`` array of shape ``(height, width, 3)``.

    The same picture as :func:`patience.svg` in outline, drawn without any
    graphics library: the table, each pile of the layout at its place with its
    cards fanned as in the SVG, face-down cards as backs, face-up cards white
    with their text (``KH``) in a small pixel font in the corner, red or black,
    and empty piles as outlines. ``scale`` is pixels per SVG unit (the default
    0.5 draws a card 30 by 42 pixels). Face-down cards say nothing of what
    they are, so a position and its :meth:`~patience.Game.view` draw the same
    image.

    >>> import patience
    >>> from patience.gym import raster
    >>> image = raster(patience.game("klondike").deal(1))
    >>> image.shape, image.dtype.name
    ((287, 250, 3), 'uint8')
    """
    if not isinstance(state, State):
        raise PatienceError(f"raster draws a State, not {brief_repr(state)}")
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0.1 <= scale <= 4:
        raise PatienceError(f"scale must be a number from 0.1 to 4, not {brief_repr(scale)}")
    game = state.game
    # The table of the SVG, without the line under it that a game of several
    # players has, its rows and columns as far apart as the game's steps say.
    row_steps, column_steps = game.grid_steps
    width = _extent(column_steps, CARD_WIDTH + GAP)
    height = _extent(row_steps, CARD_HEIGHT + GAP)
    starts = _starts(game)
    image = np.empty((round(height * scale), round(width * scale), 3), dtype=np.uint8)
    image[:] = _RGB["table"]
    card_w = max(round(CARD_WIDTH * scale), 4)
    card_h = max(round(CARD_HEIGHT * scale), 4)
    dot = max(round(2 * scale), 1)

    def box(x: int, y: int, w: int, h: int, colour: str, fill: bool = True) -> None:
        if fill:
            image[y : y + h, x : x + w] = _RGB[colour]
        else:
            image[y : y + h, [x, x + w - 1]] = _RGB[colour]
            image[[y, y + h - 1], x : x + w] = _RGB[colour]

    # The SVG's geometry (card_places), drawn pile by pile in layout order.
    placed: dict[str, list[CardPlace]] = {}
    for place in card_places(state):
        if place.shown:
            placed.setdefault(place.pile, []).append(place)
    for spec, pile in zip(game.layout, state.pile_tuple):
        if not pile.cards:
            ax, ay = _anchor(spec, _box(spec, starts))
            box(round(ax * scale), round(ay * scale), card_w, card_h, "outline", fill=False)
            continue
        for place in placed[spec.name]:
            x, y = round(place.x * scale), round(place.y * scale)
            card = pile.cards[place.index]
            if not place.face_up:
                box(x, y, card_w, card_h, "back")
                box(x + dot, y + dot, card_w - 2 * dot, card_h - 2 * dot, "back-line", fill=False)
                continue
            box(x, y, card_w, card_h, "face")
            box(x, y, card_w, card_h, "edge", fill=False)
            ink = _RGB["red" if card.is_red else "black"]
            for k, char in enumerate(str(card)):
                left = x + dot + k * 4 * dot
                for r, line in enumerate(_GLYPHS.get(char, ())):
                    for c, bit in enumerate(line):
                        if bit == "#":
                            top, across = y + dot + r * dot, left + c * dot
                            image[top : top + dot, across : across + dot] = ink
    return image


class _Seeds:
    """The deal seeds of successive episodes: after ``reset(seed=s)``, episode
    ``k`` (from 0) deals ``derive_seed(s, k) >> 1``, the top 63 bits of output
    ``k + 1`` of SplitMix64. (63 bits, so that a vector environment can put the
    seeds of its episodes in one ``int64`` array.)

    It keeps SplitMix64's state as a plain integer (no generator), so an
    environment holding it can be copied and pickled."""

    def __init__(self, seed: int) -> None:
        self.state = check_seed(seed)

    def next(self) -> int:
        output = next(splitmix64(self.state))
        self.state = (self.state + _GAMMA) & MASK64
        return output >> 1


def _reset_start(
    game: Game,
    seeds: _Seeds | None,
    seed: int | None,
    rng: np.random.Generator,
    options: dict[str, Any],
) -> tuple[State, int | None, _Seeds]:
    """The opening position of an episode, its deal seed (``None`` for a given
    position) and the seed sequence to go on with. Shared with the PettingZoo
    environment, so that both adapters deal alike."""
    if seed is not None:
        seeds = _Seeds(seed)
    elif seeds is None:
        # Never seeded: a base seed from the environment's own generator, which
        # Gymnasium seeds from the operating system's entropy.
        seeds = _Seeds(int(rng.integers(0, 2**64, dtype=np.uint64)))
    if options.get("state") is not None:
        state = options["state"]
        if not isinstance(state, State):
            raise PatienceError(f"options['state'] must be a State, not {brief_repr(state)}")
        game._check_own(state)
        return state, None, seeds
    given = options.get("deal")
    deal = _within(seeds.next(), game.seeds) if given is None else game._check_seed(given)
    return game.deal(deal), deal, seeds


def _within(value: int, seeds: range) -> int:
    """``value``, a draw of a seed sequence, as one of a game's ``seeds``:
    ``seeds.start + value % (seeds.stop - seeds.start)``, which is ``value``
    itself for a game that takes every 64-bit seed."""
    return seeds.start + value % (seeds.stop - seeds.start)


def _action_number(game: Game, action: Any) -> int:
    """``action`` as a plain int in ``range(game.num_actions)``, or a ValueError."""
    try:
        if isinstance(action, (bool, np.bool_)):
            raise TypeError
        number = operator.index(action)
    except TypeError:
        raise PatienceError(f"an action is an integer, not {brief_repr(action)}") from None
    if not 0 <= number < game.num_actions:
        raise PatienceError(
            f"{game.name} has actions 0 to {game.num_actions - 1}, not {brief_repr(number)}"
        )
    return number


def _refuse(game: Game, state: State, action: int) -> None:
    """Raise :class:`~patience.IllegalMoveError` for an action that is not legal
    in ``state``, with the game's own reason where it gives one."""
    move = game.move_of(action, state)
    game.apply(state, move)  # the game's refusal, with its reason and code
    raise IllegalMoveError(move, state, "not among the legal moves here")


class PatienceEnv(gymnasium.Env[NDArray[np.int32], np.int64]):
    """A Gymnasium environment playing one deal of a one-player game per episode.

    ``game`` is a registered name (options as further keywords) or a
    :class:`~patience.Game`. Make it directly or with ``gymnasium.make`` (see
    the module's ids).

    - **Observations**: :meth:`Game.observe <patience.Game.observe>` of the
      position, the player's information state as ``int32``, in a ``Box`` from
      :attr:`~patience.Game.observation_bounds`.
    - **Actions**: ``Discrete(game.num_actions)``, action ``i`` being
      ``game.actions[i]`` (:meth:`~patience.Game.move_of`). ``info["action_mask"]``
      (``int8``, 1 for legal) comes with every reset and step, and
      :meth:`action_masks` gives it too (the name MaskablePPO looks for).
    - **Rewards**: the change of the game's score made by the step, counted in
      the direction :attr:`Game.better <patience.Game.better>` says is better:
      ``score_after - score_before`` where higher is better, ``score_before -
      score_after`` where lower is (a Railroad pull that discards four cards earns
      4). An episode's return is how much the score improved over the deal.
    - **Illegal actions** (in range, but not a legal move here): with
      ``illegal="penalty"`` (the default) nothing changes and the reward is
      ``-illegal_penalty`` (default 1), with ``info["illegal"]`` true; with
      ``illegal="raise"`` the step raises :class:`~patience.IllegalMoveError`.
      Anything that is not an action number at all raises ``ValueError``.
    - **Ends**: ``terminated`` when the game is over (:meth:`Game.is_over
      <patience.Game.is_over>`: won, no moves, or no progress possible), or
      with ``termination="known"`` only when the player can see it is over
      (see :data:`TERMINATIONS`);
      ``truncated`` after ``max_steps`` steps (default: never), or after
      ``max_idle`` steps in a row without progress (default
      :data:`patience.simulation.MAX_IDLE`, 1,000; ``None``: never): a game
      is over only where no progress is proven possible, and where its
      positions without progress are too many to search it goes on until
      the stall rule ends it (:attr:`Game.stall <patience.Game.stall>`
      moves in a row without progress, 1,000 by default: ``terminated``,
      ending ``"stalled"``), so ``max_idle`` truncates first only where it is
      lower than the game's ``stall``. A deal can be
      over as dealt (no progress is possible in Klondike's deal 2):
      ``info["over"]`` says so from the reset on. Stepping on after the end is
      allowed and changes nothing of this: a legal move still applies (an over
      game may have moves that change nothing lasting) and ``terminated`` stays
      true. A step before the first reset raises ``gymnasium.error.ResetNeeded``.
    - **Seeds**: ``reset(seed=s)`` deals ``derive_seed(s, 0) >> 1`` (the top
      63 bits of :func:`patience.shuffle.derive_seed`), and each ``reset()``
      after it the next deal of the same sequence, ``derive_seed(s, 1) >> 1``,
      ``derive_seed(s, 2) >> 1`` ...: the same seed gives the same deals on
      every machine, NumPy version or not. A game that takes fewer seeds
      (:attr:`Game.seeds <patience.Game.seeds>`: Microsoft's FreeCell
      numbers) deals ``seeds.start + d % (seeds.stop - seeds.start)`` for
      each such ``d``. Without any seed the sequence
      starts from the environment's generator. ``reset(options={"deal": n})``
      deals seed ``n`` itself and ``reset(options={"state": state})`` starts
      from a given position; neither moves the sequence on. ``info["deal"]``
      is the deal's seed, a plain ``int`` (absent for a given position).
    - **Rendering** (:data:`RENDER_MODES`): ``render_mode="ansi"`` makes
      :meth:`render` return :meth:`Game.render <patience.Game.render>` of the
      position, ``"rgb_array"`` an image of it (:func:`raster`), and
      ``"human"`` prints that text on every reset and step.

    ``info`` also holds ``"score"`` (the game's score), ``"over"`` (as
    ``terminated`` has it) and, after a step,
    ``"move"`` (the move made, in notation, or ``None``) and ``"illegal"``.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

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
        made = _game_of(game, options)
        if made.players != 1:
            raise PatienceError(
                f"{made.name} has {made.players} players; patience.pettingzoo has an"
                " environment for games of several players"
            )
        _check_render_mode(render_mode)
        if illegal not in ILLEGAL_ACTIONS:
            raise PatienceError(
                f"illegal must be one of {ILLEGAL_ACTIONS}, not {brief_repr(illegal)}"
            )
        _check_limit("max_steps", max_steps)
        _check_limit("max_idle", max_idle)
        _check_termination(termination)
        self.game: Game = made
        """The game played."""
        self.render_mode = render_mode
        self.max_steps = max_steps
        """How many steps an episode may take before it is truncated (``None``: any)."""
        self.max_idle = max_idle
        """How many steps in a row without progress an episode may take before
        it is truncated (``None``: any)."""
        self.illegal = illegal
        """What a step does with an illegal action (one of :data:`ILLEGAL_ACTIONS`)."""
        self.illegal_penalty = _check_penalty(illegal_penalty)
        """The penalty (a reward of minus this) for an illegal action."""
        self.termination = termination
        """When an episode is terminated (one of :data:`TERMINATIONS`)."""
        self._by_rules = termination == "rules"
        low, high = made.observation_bounds
        self.observation_space = spaces.Box(
            np.asarray(low, dtype=np.int32),
            np.asarray(high, dtype=np.int32),
            shape=made.observation_shape,
            dtype=np.int32,
        )
        self.action_space = spaces.Discrete(made.num_actions)
        self._sign = 1 if made.better is Better.HIGHER else -1
        self._seeds: _Seeds | None = None
        self.state: State | None = None
        """The current position (``None`` before the first reset)."""
        self.deal_seed: int | None = None
        """The current episode's deal seed (``None`` when reset to a given position)."""
        self.steps = 0
        """How many steps the current episode has taken."""
        self.idle = 0
        """How many steps in a row the current episode has taken without progress."""
        self._mark: Any = None
        self._over = False
        self._legal: dict[int, Move] = {}
        self._score = 0

    # ----------------------------------------------------------- episodes

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.int32], dict[str, Any]]:
        """Start an episode: deal (see the class's "Seeds") and observe."""
        super().reset(seed=seed)
        options = _reset_options(options)
        state, deal, self._seeds = _reset_start(
            self.game, self._seeds, seed, self.np_random, options
        )
        self.state = state
        self.deal_seed = deal
        self.steps = self.idle = 0
        self._mark = self.game.progress(state)
        self._enter(state)
        info = self._info()
        if self.render_mode == "human":
            self.render()
        return self._observe(), info

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[NDArray[np.int32], float, bool, bool, dict[str, Any]]:
        """Make action ``action`` (see the class's rewards, illegal actions and ends)."""
        if self.state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        number = _action_number(self.game, action)
        move = self._legal.get(number)
        if move is None and self.illegal == "raise":
            _refuse(self.game, self.state, number)
        self.steps += 1
        if move is None:
            reward = -self.illegal_penalty
            info = self._info(move=None, illegal=True)
        else:
            before = self._score
            self.state = self.game.apply(self.state, move)
            self._enter(self.state)
            reward = float(self._sign * (self._score - before))
            info = self._info(move=str(move), illegal=False)
        mark = self.game.progress(self.state)
        self.idle = self.idle + 1 if mark == self._mark else 0
        self._mark = mark
        truncated = not self._over and (
            (self.max_steps is not None and self.steps >= self.max_steps)
            or (self.max_idle is not None and self.idle >= self.max_idle)
        )
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._over, truncated, info

    def render(self) -> str | NDArray[np.uint8] | None:
        """The position as the render mode has it (see :data:`RENDER_MODES`):
        text for ``"ansi"``, an image for ``"rgb_array"``, printed text and
        ``None`` for ``"human"``; ``None`` (and a warning) without a render mode."""
        return _render(self.game, self.state, self.render_mode)

    def action_masks(self) -> NDArray[np.bool_]:
        """Which actions are legal now, as a boolean array (for MaskablePPO and the like)."""
        mask = np.zeros(self.game.num_actions, dtype=np.bool_)
        mask[list(self._legal)] = True
        return mask

    # ------------------------------------------------------------ helpers

    def _enter(self, state: State) -> None:
        """Note what the new position allows: its legal actions, score and end."""
        game = self.game
        self._legal = dict(zip(game.legal_actions(state), game.legal_moves(state)))
        self._score = game.score(state)
        self._over = game.is_over(state, search=self._by_rules)

    def _observe(self) -> NDArray[np.int32]:
        assert self.state is not None
        observed: NDArray[np.int32] = self.game.observe(self.state, array=True)
        return observed

    def _info(self, **more: Any) -> dict[str, Any]:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        mask[list(self._legal)] = 1
        info: dict[str, Any] = {"action_mask": mask, "score": self._score, "over": self._over}
        if self.deal_seed is not None:
            info["deal"] = self.deal_seed
        return {**info, **more}


STEPS_PER_CARD = 20
"""How many steps per card of the deck a registered environment's episode may
take before Gymnasium's ``TimeLimit`` truncates it (see :func:`default_max_steps`)."""


def default_max_steps(game: Game) -> int:
    """The ``max_episode_steps`` each per-game id is registered with:
    :data:`STEPS_PER_CARD` (20) steps for each card of the game's deck, 1,040
    for a 52-card game and 2,080 for the games of two packs.

    Random play ends long before it in most games (within 400 steps in all but
    Emperor, whose random episodes often run to thousands of steps until
    ``max_idle`` stops them), and a game played well takes a few hundred moves
    at most; the limit keeps an agent that goes round in circles from taking an
    episode for ever. ``gymnasium.make(id, max_episode_steps=n)`` sets another;
    the environment's own ``max_steps=`` truncates as before.

    >>> import patience
    >>> default_max_steps(patience.game("klondike")), default_max_steps(patience.game("emperor"))
    (1040, 2080)
    """
    return STEPS_PER_CARD * len(game.deck)


def register_envs() -> tuple[str, ...]:
    """Register :data:`GENERIC_ID` and an environment for every registered
    one-player game (ids from :func:`env_id`, each with ``max_episode_steps``
    from :func:`default_max_steps`) with Gymnasium; return the per-game ids.

    Importing this module calls it. Call it again after registering a game
    of your own to add that game's id; ids already registered are left as
    they are.
    """
    registry = gymnasium.envs.registration.registry
    entry = f"{__name__}:PatienceEnv"
    if GENERIC_ID not in registry:
        gymnasium.register(GENERIC_ID, entry_point=entry)
    ids = []
    for name in games():
        try:
            players = make_game(name).players
        except (PatienceError, TypeError):  # a plug-in game that needs options
            continue
        if players != 1:
            continue
        found = env_id(name)
        if found not in registry:
            gymnasium.register(
                found,
                entry_point=entry,
                kwargs={"game": name},
                max_episode_steps=default_max_steps(make_game(name)),
            )
        if registry[found].kwargs.get("game") == name:
            ids.append(found)
    return tuple(ids)


register_envs()
