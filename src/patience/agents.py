"""What agents see and do: numbered actions, masks, observations, and
positions as text and as hashes.

An agent that chooses among numbered actions needs a numbering that never
depends on the position (:func:`actions`), the number of a move and the move
of a number (:func:`action_of`, :func:`move_of`), and which numbers are legal
now (:func:`action_mask`, :func:`legal_actions`). An agent that learns from
what it sees needs a fixed-length row of integers (:func:`observe`, with its
:func:`observation_shape` and :func:`observation_bounds`). Every tool that
files positions needs them as one line of text (:func:`position`,
:func:`from_position`) and as a hash that is the same in every process
(:func:`position_hash`).

Everything here works through the game's protocol and the hooks of
:class:`AgentMethods` (``_action_space``, ``_action_pattern``,
``_action_move``, ``_capacities``, ``_counter_features``, ``_counter_bounds``,
``_hashed_info``, ``_hidden_pools``), which :class:`~patience.Game` inherits
with their defaults, together with these functions as its methods:
``game.observe(state)`` is ``observe(game, state)``.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from . import _json
from .cards import Card
from .errors import InvalidStateError, PatienceError, brief_repr
from .move import Move
from .serial import MAX_COUNTER, STATE_FORMAT, _counters_text
from .state import Info, State

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "AgentMethods",
    "action_mask",
    "action_of",
    "actions",
    "capacities",
    "from_position",
    "legal_actions",
    "move_of",
    "num_actions",
    "observation_bounds",
    "observation_shape",
    "observe",
    "pass_capped",
    "pass_range",
    "position",
    "position_hash",
]

# ---------------------------------------------------------------- actions


def actions(game: Game) -> tuple[Move, ...]:
    """Every move ``game`` can ever make, in a fixed order: action ``i`` is
    ``actions(game)[i]``, for agents that choose among numbered actions.

    The numbering depends only on the game and its options, never on a
    position, and it is stable: the golden files of the test suite pin it.
    Where a move carries something the position decides (Accordion's card
    count), the entry is a pattern and :func:`~patience.agents.move_of` fills
    it in. Worked out once per game object (:attr:`Game.actions
    <patience.Game.actions>`). Raises :class:`~patience.errors.PatienceError`
    for a game that does not number its moves.
    """
    return game.actions


def num_actions(game: Game) -> int:
    """How many actions there are: ``len(actions(game))``."""
    return len(game.actions)


def action_of(game: Game, move: Move | str, state: State | None = None) -> int:
    """The number of ``move`` among :func:`~patience.agents.actions`.

    Notation needs the position it is read in (``state``). Raises
    :class:`~patience.errors.PatienceError` for a move that is not one
    of the game's actions (a move of another game, say).
    """
    if isinstance(move, str):
        if state is None:
            raise PatienceError("action_of() reads move text in a position: give state=")
        move = game.parse_move(state, move)
    if not isinstance(move, Move):
        raise PatienceError(f"action_of() takes a Move, not {brief_repr(move)}")
    found = game._action_index.get(game._action_pattern(move))
    if found is None:
        raise PatienceError(f"{game.name} has no action for {str(move)!r}")
    return found


def move_of(game: Game, action: int, state: State) -> Move:
    """The move that action number ``action`` stands for in ``state``.

    Legal or not: :meth:`~patience.Game.apply` decides, and
    :func:`~patience.agents.action_mask` says which actions are legal. Raises
    :class:`~patience.errors.PatienceError` for a number outside
    ``range(num_actions(game))``.
    """
    game._check_own(state)
    if isinstance(action, bool) or not isinstance(action, int):
        raise PatienceError(f"an action is an integer, not {brief_repr(action)}")
    listed = game.actions
    if not 0 <= action < len(listed):
        raise PatienceError(f"{game.name} has actions 0 to {len(listed) - 1}, not {action}")
    return game._action_move(listed[action], state)


def action_mask(game: Game, state: State) -> tuple[bool, ...]:
    """For each action, whether its move is legal in ``state``."""
    index = game._action_index
    pattern = game._action_pattern
    mask = [False] * len(game.actions)
    for move in game.legal_moves(state):
        mask[index[pattern(move)]] = True
    return tuple(mask)


def legal_actions(game: Game, state: State) -> tuple[int, ...]:
    """The numbers of the legal moves, in legal-move order."""
    index = game._action_index
    pattern = game._action_pattern
    return tuple(index[pattern(m)] for m in game.legal_moves(state))


def _number_actions(game: Game) -> tuple[Move, ...]:
    """Every move the game can ever make, in a fixed order, for agents that
    choose among numbered actions (:func:`patience.agents.actions`); worked
    out once, from the game's ``_action_space``."""
    listed = tuple(game._action_space())
    if len(set(listed)) != len(listed):
        raise AssertionError(f"{game.name}: an action is listed twice")
    return listed


def _index_actions(game: Game) -> dict[Move, int]:
    """The number of each entry of :func:`~patience.agents.actions`."""
    return {move: i for i, move in enumerate(game.actions)}


# ----------------------------------------------------------- observations


def capacities(game: Game) -> tuple[int, ...]:
    """For each pile of the layout, the most cards it can ever hold (at most
    the deck), so that fixed-size encodings need no more room than that.
    Worked out once per game object (:attr:`Game.capacities
    <patience.Game.capacities>`) from its ``_capacities`` hook."""
    return game.capacities


def _count_capacities(game: Game) -> tuple[int, ...]:
    """For each pile of the layout, the most cards it can ever hold
    (:func:`patience.agents.capacities`); worked out once, from the game's
    ``_capacities``."""
    caps = tuple(game._capacities())
    if len(caps) != len(game.layout) or not all(0 < c <= len(game.deck) for c in caps):
        raise AssertionError(f"{game.name}: a capacity for each pile, from 1 to the deck")
    return caps


def _card_codes(game: Game) -> dict[Card, int]:
    """The observation code of each card: 1 for a hidden card, then 2, 3 ...
    for the deck's distinct cards in card order (equal cards share a code)."""
    distinct = sorted(set(game.deck), key=lambda c: c.sort_key)
    return {Card.HIDDEN: 1, **{card: 2 + i for i, card in enumerate(distinct)}}


def observation_bounds(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The lowest and highest value each entry of
    :func:`~patience.agents.observe` can take (worked out once per game object:
    :attr:`Game.observation_bounds <patience.Game.observation_bounds>`)."""
    return game.observation_bounds


def _bound_observations(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The lowest and highest value each entry of :meth:`~patience.Game.observe`
    can take (:func:`patience.agents.observation_bounds`); worked out once."""
    top = max(game._card_codes.values())
    low: list[int] = []
    high: list[int] = []
    for cap in game.capacities:
        low += [0] * cap
        high += [top] * cap
    low += [0] * len(game.capacities)
    high += list(game.capacities)
    counters_low, counters_high = game._counter_bounds()
    return (tuple(low + list(counters_low)), tuple(high + list(counters_high)))


def observation_shape(game: Game) -> tuple[int]:
    """The shape of :func:`~patience.agents.observe`'s result: ``(length,)``,
    fixed per game."""
    return (len(game.observation_bounds[0]),)


def observe(game: Game, state: State, player: int = 0, *, array: bool = False) -> Any:
    """``player``'s information state as a fixed-length row of integers.

    For each pile in layout order, one entry per place up to the pile's
    capacity (:func:`~patience.agents.capacities`), bottom card first: ``0``
    for no card, ``1`` for a card the player does not know, ``2`` and up for a
    known card (the deck's distinct cards in card order); then each pile's
    face-down count; then the game's counters (the game's
    ``_counter_features``; the "Agents" page of the documentation says which).
    :func:`~patience.agents.observation_shape` and
    :func:`~patience.agents.observation_bounds` describe it. A tuple of
    ``int``, or with ``array=True`` a NumPy array of ``int32`` (NumPy is needed
    only then).
    """
    view = game.view(state, player)
    code = game._card_codes.__getitem__
    out: list[int] = []
    piles = game._decode(view._items)
    for pile, cap in zip(piles, game.capacities):
        cards = pile.cards
        out += map(code, cards)
        out += [0] * (cap - len(cards))
    out += [p.down for p in piles]
    out += game._counter_features(view)
    if array:
        import numpy

        return numpy.asarray(out, dtype=numpy.int32)
    return tuple(out)


def _counted(game: Game) -> tuple[str, ...]:
    """The counters that hold a number or a truth value in a fresh deal."""
    return tuple(k for k, v in game._fresh_info.items() if isinstance(v, (bool, int)))


def _observed_counters(game: Game) -> tuple[str, ...]:
    """The counters :meth:`~patience.Game.observe` shows: those that hold a
    number or a truth value in a fresh deal and can change in play (a
    counter whose :meth:`~patience.Game._counter_range` is one value, such as
    the pass number of a game without redeals, tells nothing)."""
    out = []
    for key in game._counted:
        low, high = game._counter_range(key)
        if low < high:
            out.append(key)
    return tuple(out)


def _counter_features(game: Game, state: State) -> list[int]:
    """The counters' part of :meth:`~patience.Game.observe`. By default the
    observed counters (see :meth:`~patience.Game._counter_range`) in their
    order, each of ``game._capped_counters`` capped at the top of its
    range."""
    data = state.info
    observed = game._observed_counters
    out = [int(data[k]) for k in observed]  # type: ignore[arg-type]
    capped = game._capped_counters
    if capped:
        for k, key in enumerate(observed):
            if key in capped:
                out[k] = min(out[k], game._counter_range(key)[1])
    return out


def pass_range(passes: int | None) -> tuple[int, int]:
    """The observed range of a pass counter where ``passes`` passes through
    the stock are allowed: 1 to ``passes``; with unlimited passes (``None``)
    1 to 2, the counter being capped there (see
    :meth:`~patience.Game._counter_range`), since beyond whether the stock
    has been seen its number changes nothing in play."""
    return (1, 2 if passes is None else passes)


_PASS = frozenset({"pass"})
_NOTHING: frozenset[str] = frozenset()


def pass_capped(passes: int | None) -> frozenset[str]:
    """The capped counters (``_capped_counters``) of a game whose only
    counter that can grow without bound is its pass number ``"pass"``:
    that counter where passes are unlimited (``None``), else none."""
    return _PASS if passes is None else _NOTHING


def _counter_range(game: Game, key: str) -> tuple[int, int]:
    """The lowest and highest value :meth:`~patience.Game.observe` gives the
    counter ``key`` (one of the counters it observes): 0 and 1 for a truth
    value; for a number, 0 and :data:`~patience.serial.MAX_COUNTER` unless
    the game knows better. A game overrides this with each counter's real
    range, so that an agent can scale its observations by the space (a pass
    number from 1 to the passes allowed, a rank from 1 to 13); a counter
    that can grow without bound but matters only while small is capped at
    the top of its range (``_capped_counters``)."""
    if isinstance(game._fresh_info[key], bool):
        return (0, 1)
    return (0, MAX_COUNTER)


def _counter_bounds(game: Game) -> tuple[list[int], list[int]]:
    """The lowest and highest value of each of
    :meth:`~patience.Game._counter_features`: by default each observed
    counter's :meth:`~patience.Game._counter_range`. A game that observes
    more than its counters adds their bounds."""
    ranges = [game._counter_range(k) for k in game._observed_counters]
    return [lo for lo, _ in ranges], [hi for _, hi in ranges]


# -------------------------------------------------------------- positions


def position(game: Game, state: State) -> str:
    """``state`` as one line of text that
    :func:`~patience.agents.from_position` reads back.

    The piles in layout order, separated by ``/``: each pile's face-down cards,
    ``|`` and its face-up cards (``3C9D|KH``; a pile with no face-down card is
    written without ``|``, an empty one as ``-``); then a space and the
    counters as compact JSON; and where moves have been made without progress,
    a space and how many (:attr:`State.idle <patience.State.idle>`, as a
    chess position ends with its move clocks). The game and its options are
    not part of it: a position is read by its own game, as a chess position
    is read as chess.
    """
    game._check_own(state)
    text = _piles_text(state) + " " + _counters_text(state.info)
    return f"{text} {state._idle}" if state._idle else text


def _piles_text(state: State) -> str:
    """The piles part of :func:`position`."""
    parts = []
    for pile in state.piles.items_tuple:
        down = "".join(map(str, pile.cards[: pile.down]))
        up = "".join(map(str, pile.cards[pile.down :]))
        parts.append(f"{down}|{up}" if pile.down else up or "-")
    return "/".join(parts)


def from_position(game: Game, text: str) -> State:
    """The state that :func:`~patience.agents.position` wrote as ``text``,
    checked as :func:`patience.serial.from_json` checks a saved state; raises
    :class:`~patience.errors.InvalidStateError` naming what is wrong."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a position is text, not {brief_repr(text)}")
    piles_text, _, info_text = text.strip().partition(" ")
    idle: object = 0
    head, space, tail = info_text.rpartition(" ")
    if space and head.endswith("}") and tail.isascii() and tail.isdigit():
        info_text, idle = head, int(tail)  # the count of moves without progress
    fields = piles_text.split("/")
    names = game._names
    if len(fields) != len(names):
        raise InvalidStateError(
            f"{game.name}: a position has {len(names)} piles, not {len(fields)}"
        )
    piles: dict[str, Any] = {}
    for name, field in zip(names, fields):
        down, bar, up = field.rpartition("|") if "|" in field else ("", "", field)
        if up == "-" and not bar:
            up = ""
        cards = [down[i : i + 2] for i in range(0, len(down), 2)]
        cards += [up[i : i + 2] for i in range(0, len(up), 2)]
        if len(down) % 2 or len(up) % 2 or "|" in down:
            raise InvalidStateError(f"pile {name!r}: {brief_repr(field)} is not card texts")
        piles[name] = {"cards": cards, "down": len(down) // 2}
    try:
        info = _json.loads(info_text, InvalidStateError, "counters") if info_text else {}
    except InvalidStateError as e:
        problem = f"the counters {brief_repr(info_text)} are not JSON ({e})"
        raise InvalidStateError(problem) from None
    data = {"format": STATE_FORMAT, "game": game.name, "options": game._options}
    return game.from_json({**data, "piles": piles, "info": info, "idle": idle})


def position_hash(game: Game, state: State) -> int:
    """A 64-bit hash of ``state`` that is the same on every machine, in every
    process and every Python version (unlike ``hash(state)``).

    It is the first eight bytes, read big-endian, of the BLAKE2b digest of the
    UTF-8 text ``"<game name> <options as sorted compact JSON> <position>"``,
    where the position is :func:`~patience.agents.position`; "Formats" in the
    documentation gives test vectors. Equal states hash alike. A clock reading
    in the counters (the timed Railroad's ``started``) is not hashed, only
    whether the clock has started (the game's ``_hashed_info``): the same deal
    after the same moves hashes alike in every process, whenever its moves were
    made. Nor is the count of moves without progress
    (:attr:`State.idle <patience.State.idle>`): positions that differ only in
    it hash alike, as they play alike.
    """
    game._check_own(state)
    text = _piles_text(state) + " " + _counters_text(game._hashed_info(state))
    options = json.dumps(game._options, separators=(",", ":"), sort_keys=True)
    whole = f"{game.name} {options} {text}"
    return int.from_bytes(hashlib.blake2b(whole.encode(), digest_size=8).digest(), "big")


# ------------------------------------------------------ the hooks, and Game's part


def _no_action_space(game: Game) -> Iterable[Move]:
    """The game's actions (see :func:`~patience.agents.actions`), each once, in
    their fixed order.

    Every move the game can ever list must match one of them through
    ``_action_pattern``. The default raises: a game offers actions by saying
    what they are.
    """
    raise PatienceError(f"{game.name} does not number its moves as actions")


def _move_itself(game: Game, move: Move) -> Move:
    """The entry of :func:`~patience.agents.actions` that ``move`` is (default:
    the move itself)."""
    return move


def _pattern_itself(game: Game, pattern: Move, state: State) -> Move:
    """The move the action ``pattern`` stands for in ``state`` (default: itself)."""
    return pattern


def _whole_deck(game: Game) -> Iterable[int]:
    """:func:`~patience.agents.capacities` (default: the whole deck for every
    pile)."""
    return (len(game.deck),) * len(game.layout)


def _info_itself(game: Game, state: State) -> Info:
    """The counters of ``state`` as :func:`~patience.agents.position_hash`
    hashes them: by default ``state.info`` itself; a game that keeps a clock
    reading replaces it with what does not depend on when the moves were made."""
    return state.info


def _one_pool(game: Game, view: State) -> Iterable[tuple[tuple[int, ...], Counter[Card]]]:
    """Where the cards a view hides can lie, for
    :func:`~patience.policies.sample_world`: pairs of the layout positions
    of some piles and the cards their hidden places hold between them.

    The default is one pool: every pile, holding the game's deck less the
    cards the view shows. A game whose players each have a pack of their
    own gives one pool per pack, so that no sampled pack holds a card twice.
    """
    shown = Counter(c for p in view.piles.items_tuple for c in p.cards if not c.is_hidden)
    return [(tuple(range(len(game.layout))), Counter(game.deck) - shown)]


class AgentMethods:
    """The part of :class:`~patience.Game` that this module gives it: the
    functions of this module as methods (the numbering, capacities and bounds
    worked out once per game object), and the hooks they ask, with their
    defaults."""

    actions = functools.cached_property(_number_actions)
    num_actions = property(num_actions)
    action_of = action_of
    move_of = move_of
    action_mask = action_mask
    legal_actions = legal_actions
    capacities = functools.cached_property(_count_capacities)
    observation_bounds = functools.cached_property(_bound_observations)
    observation_shape = property(observation_shape)
    observe = observe
    position = position
    from_position = from_position
    position_hash = position_hash
    _action_index = functools.cached_property(_index_actions)
    _card_codes = functools.cached_property(_card_codes)
    _counted = functools.cached_property(_counted)
    _observed_counters = functools.cached_property(_observed_counters)

    _action_space = _no_action_space
    _action_pattern = _move_itself
    _action_move = _pattern_itself
    _capacities = _whole_deck
    _counter_features = _counter_features
    _counter_range = _counter_range

    @property
    def _capped_counters(self) -> frozenset[str]:
        """The counters :meth:`~patience.Game.observe` caps at the top of their
        :meth:`~patience.Game._counter_range`: those that can grow without
        bound in play while only their first values matter (a pass number
        where passes are unlimited). Empty by default."""
        return frozenset()

    _counter_bounds = _counter_bounds
    _hashed_info = _info_itself
    _hidden_pools = _one_pool
