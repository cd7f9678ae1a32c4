"""Positions as text and as JSON.

:func:`to_json` and :func:`from_json` are what :meth:`Game.to_json
<patience.Game.to_json>` and :meth:`Game.from_json <patience.Game.from_json>`
do: a state as plain JSON-compatible data, and back with every check a
loaded state needs (the format, the game and options, the pile names, every
card, that the cards are exactly the game's deck, face-down counts, counters
and the game's own consistency rules). :func:`table` is the text table that
:meth:`Game.render <patience.Game.render>` draws for a game that draws no
table of its own. :func:`card_text` and :func:`pile_text` print cards for
renderers.

Loading asks the game's hooks ``_deck_problem`` (whether the cards are the
game's deck) and ``_state_problem`` (the game's own checks), which
:class:`SerialMethods` gives :class:`~patience.Game` with their defaults,
together with ``render``, ``to_json`` and ``from_json``.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import _json
from .cards import Card
from .errors import InvalidCardError, InvalidStateError, brief_repr
from .pile import Pile
from .state import Info, InfoValue, State

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "MAX_COUNTER",
    "STATE_FORMAT",
    "SerialMethods",
    "card_text",
    "deck_problem",
    "from_json",
    "idle_text",
    "pile_text",
    "table",
    "to_json",
]

STATE_FORMAT = "patience-state/1"
"""The ``format`` tag of serialised states."""

_INFO_DEPTH = 8
"""How deeply lists may nest in a loaded state's counters (games use two levels)."""


MAX_COUNTER = 2**31 - 1
"""The largest number a counter may hold (the largest ``int32``): a loaded
position whose counters lie outside ``-2**31`` to ``MAX_COUNTER`` is refused,
and an observation entry of a counter whose game gives it no tighter range
(:meth:`~patience.Game._counter_range`) lies within 0 and it."""


def card_text(card: Card, symbols: bool = False) -> str:
    """``str(card)``, or with ``symbols`` its :attr:`~patience.Card.symbol`
    (for renderers)."""
    return card.symbol if symbols else str(card)


def pile_text(pile: Pile, symbols: bool = False) -> str:
    """``str(pile)`` (face-down cards as ``##``), with ``symbols`` in symbol
    form."""
    if not symbols:
        return str(pile)
    return " ".join(["##"] * pile.down + [c.symbol for c in pile.cards[pile.down :]])


def table(game: Game, state: State, symbols: bool = False) -> str:
    """A compact text table of ``state``, face-down cards masked: the game's
    title, one line per pile of the layout and the result's summary.

    A pile that does not fan shows its count and top card (``[24] ##``).
    Cards print as their text (``8H``, ``TC``); with ``symbols=True`` as
    :attr:`~patience.Card.symbol` gives them (``8♥``, ``10♣``).
    """
    game._check_own(state)
    width = max((len(n) for n in state.piles), default=0)
    lines = [f"{game.title or game.name}"]
    for spec in game.layout:
        pile = state.piles[spec.name]
        if spec.fan == "none" and len(pile) > 1:
            top = "##" if pile.down == len(pile) else card_text(pile.cards[-1], symbols)
            shown = f"[{len(pile)}] {top}"
        else:
            shown = pile_text(pile, symbols) or "."
        lines.append(f"{spec.name:>{width}}: {shown}")
    if state._idle:
        lines.append(idle_text(game, state))
    lines.append(game._status(state))
    return "\n".join(lines)


def idle_text(game: Game, state: State) -> str:
    """The line of :func:`table` that counts the moves made without progress
    (see :attr:`State.idle <patience.State.idle>`), such as ``"idle: 37 moves
    without progress (the game stalls at 1000)"``."""
    n = state._idle
    moves = "move" if n == 1 else "moves"
    stall = game._stall
    end = "" if stall is None else f" (the game stalls at {stall})"
    return f"idle: {n} {moves} without progress{end}"


# ------------------------------------------------------------------- JSON


def to_json(game: Game, state: State) -> dict[str, Any]:
    """``state`` as plain JSON-compatible data: its format, game, options,
    piles (cards and face-down count) and counters, and where moves without
    progress have been made in a row, how many (``"idle"``, see
    :attr:`State.idle <patience.State.idle>`; left out when none have)."""
    game._check_own(state)
    data: dict[str, Any] = {
        "format": STATE_FORMAT,
        "game": game.name,
        "options": dict(game._options),
        "piles": {
            name: {"cards": [str(c) for c in pile.cards], "down": pile.down}
            for name, pile in state.piles.items()
        },
        "info": {k: _info_to_json(v) for k, v in state.info.items()},
    }
    if state._idle:
        data["idle"] = state._idle
    return data


def from_json(game: Game, data: Mapping[str, Any] | str) -> State:
    """Load a state of ``game`` saved by :func:`~patience.serial.to_json` (a
    dict or a JSON string).

    Everything is checked: the format, that the state belongs to this game and
    options, the pile names, every card, that the cards are exactly the game's
    deck, face-down counts, counters, and the game's own consistency rules.
    Raises :class:`~patience.errors.InvalidStateError` naming what is wrong.
    """
    fields = ("format", "game", "options", "piles", "info", "idle")
    data = _json.load_object(data, InvalidStateError, "state", STATE_FORMAT, fields)
    name, options = game.name, game._options
    if data.get("game") != name:
        raise InvalidStateError(f"a state of game {brief_repr(data.get('game'))}, not {name!r}")
    if data.get("options", options) != options:
        raise InvalidStateError(
            f"a state of {name} with options {brief_repr(data.get('options'))}, not {options!r}"
        )
    raw_piles = data.get("piles")
    if not isinstance(raw_piles, Mapping):
        raise InvalidStateError("'piles' must be an object of pile name to pile")
    for pile_name in raw_piles:
        if pile_name not in game._index:
            raise InvalidStateError(f"unknown pile {brief_repr(pile_name)} for {name}")
    built: dict[str, Pile] = {}
    for pile_name in game._names:
        if pile_name not in raw_piles:
            raise InvalidStateError(f"pile {pile_name!r} is missing")
        built[pile_name] = _pile_from_json(pile_name, raw_piles[pile_name])
    everything = tuple(c for p in built.values() for c in p.cards)
    problem = game._deck_problem(everything)
    if problem:
        raise InvalidStateError(f"the cards are not the game's deck: {problem}")
    raw_info = data.get("info", {})
    if not isinstance(raw_info, Mapping):
        raise InvalidStateError("'info' must be an object")
    info = Info({str(k): _info_from_json(v, f"info {brief_repr(k)}") for k, v in raw_info.items()})
    piles = tuple(built.values())
    items = game._encode(piles)
    for pile_name, pile, back in zip(game._names, piles, game._decode(items)):
        if pile != back:
            raise InvalidStateError(
                f"{name}: pile {pile_name!r} cannot have {pile.down} face-down cards"
                f" (it has {back.down} here)"
            )
    state = State._make(game, items, info)
    state._idle = _idle_from_json(game, data.get("idle", 0))
    problem = game._state_problem(state) or _counter_problem(game, state)
    if problem:
        raise InvalidStateError(f"{name}: {problem}")
    return state


def _idle_from_json(game: Game, idle: Any) -> int:
    """The ``"idle"`` count of a loaded state, checked."""
    if isinstance(idle, bool) or not isinstance(idle, int) or not 0 <= idle <= MAX_COUNTER:
        raise InvalidStateError(
            f"'idle' must be a whole number from 0 to {MAX_COUNTER}, not {brief_repr(idle)}"
        )
    if idle and not game._repeats:
        raise InvalidStateError(
            f"{game.name}: every move makes progress, so no move is made without it"
            f" ('idle' must be 0, not {idle})"
        )
    return idle


def _pile_from_json(name: str, raw: Any) -> Pile:
    if not isinstance(raw, Mapping) or set(raw) - {"cards", "down"}:
        raise InvalidStateError(f"pile {name!r} must be an object with 'cards' and 'down'")
    cards_raw = raw.get("cards", [])
    down = raw.get("down", 0)
    if not isinstance(cards_raw, list) or not all(isinstance(c, str) for c in cards_raw):
        raise InvalidStateError(f"pile {name!r}: 'cards' must be a list of card strings")
    cards = []
    for text in cards_raw:
        try:
            card = Card.parse(text)
        except InvalidCardError as e:
            raise InvalidStateError(f"pile {name!r}: {e}") from None
        if card.is_hidden:
            raise InvalidStateError(
                f"pile {name!r} holds a hidden card '??': a view cannot be loaded as a state"
            )
        cards.append(card)
    if isinstance(down, bool) or not isinstance(down, int) or not 0 <= down <= len(cards):
        raise InvalidStateError(f"pile {name!r}: 'down' must be an integer from 0 to {len(cards)}")
    return Pile(tuple(cards), down)


def _counter_problem(game: Game, state: State) -> str:
    """Why the counters of a loaded ``state`` cannot be, or ``""``: a counter
    that holds a truth value or a whole number in a fresh deal must hold
    one of the same kind (``1`` is not ``true``, ``2.0`` is not ``2``), and
    every counter entry of :meth:`~patience.Game.observe` must lie within
    :attr:`~patience.Game.observation_bounds`, so that a loaded position is
    observed as the agents' spaces say."""
    fresh = game._fresh_info
    counted = game._counted
    for key in counted:
        value = state.info[key]
        if isinstance(fresh[key], bool):
            if not isinstance(value, bool):
                return f"info {key!r} must be true or false, not {brief_repr(value)}"
        elif isinstance(value, bool) or not isinstance(value, int):
            return f"info {key!r} must be a whole number, not {brief_repr(value)}"
        elif not -MAX_COUNTER - 1 <= value <= MAX_COUNTER:
            return (
                f"info {key!r} must be from {-MAX_COUNTER - 1} to {MAX_COUNTER},"
                f" not {brief_repr(value)}"
            )
    low, high = game._counter_bounds()
    for k, (value, lo, hi) in enumerate(zip(game._counter_features(state), low, high)):
        if not lo <= value <= hi:
            observed = game._observed_counters
            what = f"info {observed[k]!r}" if k < len(observed) else f"counter {k}"
            return f"{what} must be from {lo} to {hi}, not {brief_repr(value)}"
    return ""


def deck_problem(deck: tuple[Card, ...], cards: tuple[Card, ...]) -> str:
    """How ``cards`` differ from ``deck`` (a game's cards), or ``""`` when they
    are the same cards: each card foreign to the deck, repeated too often or
    missing, in card order."""
    want = Counter(deck)
    have = Counter(cards)
    if want == have:
        return ""
    parts = []
    for card, n in sorted(have.items()):
        if card not in want:
            parts.append(f"{card} is not in this game's deck")
        elif n > want[card]:
            parts.append(f"{card} appears {n} times, the deck has {want[card]}")
    for card, n in sorted(want.items()):
        if have[card] < n:
            parts.append(f"{card} is missing" + (f" ({n - have[card]} of {n})" if n > 1 else ""))
    return "; ".join(parts)


def _info_to_json(value: InfoValue) -> Any:
    if isinstance(value, tuple):
        return [_info_to_json(v) for v in value]
    return value


def _info_from_json(value: Any, where: str, depth: int = 0) -> InfoValue:
    if isinstance(value, list):
        if depth >= _INFO_DEPTH:
            raise InvalidStateError(f"{where}: lists nest more than {_INFO_DEPTH} deep")
        return tuple(_info_from_json(v, where, depth + 1) for v in value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise InvalidStateError(f"{where}: {brief_repr(value)} is not a JSON scalar or list")


def _canonical(value: Any) -> Any:
    """A counter's value in the one form :func:`patience.agents.position` writes
    for all values equal to it: a float with a whole value as an ``int``
    (``5.0`` and ``-0.0`` as ``5`` and ``0``), lists for tuples."""
    if isinstance(value, tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _counters_text(info: Mapping[str, InfoValue]) -> str:
    """The counters as compact JSON with sorted keys, each value in its
    canonical form."""
    data = {k: _canonical(v) for k, v in info.items()}
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


# ------------------------------------------------------ the hooks, and Game's part


def _counters_named(game: Game, state: State) -> str:
    """Game-specific consistency checks for loaded states; ``""`` if all is well.

    The default checks that the counters have the same names as a fresh
    deal's.
    """
    expected = game._info_keys
    if set(state.info) != expected:
        return f"info must have the keys {sorted(expected)}, not {sorted(state.info)}"
    return ""


def _same_cards(game: Game, cards: tuple[Card, ...]) -> str:
    """Describe how ``cards`` differ from the game's deck, or ``""``
    (:func:`~patience.serial.deck_problem`)."""
    return deck_problem(game.deck.cards, cards)


def _fresh_info(game: Game) -> Info:
    """The counters of a fresh deal (worked out once per game): of the deck
    laid out as it stands, unshuffled, so that no seed is needed (a game
    need not take any one seed; see :attr:`~patience.Game.seeds`). Their
    names and kinds are those of every deal; a counter that follows the
    cards dealt (Canfield's foundation base) holds this layout's value."""
    return game._deal(game.deck.cards).info


def _info_keys(game: Game) -> frozenset[str]:
    """The names of the counters in a fresh deal (worked out once per game)."""
    return frozenset(game._fresh_info)


class SerialMethods:
    """The part of :class:`~patience.Game` that this module gives it:
    :meth:`~patience.Game.render` (:func:`~patience.serial.table`, which a
    game may replace with a table of its own), :meth:`~patience.Game.to_json`
    and :meth:`~patience.Game.from_json`, and the hooks loading asks, with
    their defaults."""

    render = table
    to_json = to_json
    from_json = from_json

    _state_problem = _counters_named
    _deck_problem = _same_cards
    _fresh_info = functools.cached_property(_fresh_info)
    _info_keys = functools.cached_property(_info_keys)
