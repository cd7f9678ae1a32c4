"""Game records and loading states without naming the game first.

A :class:`Record` is what a front end saves, a bug report attaches and a
tournament publishes: the game and its options, the seed or the card order,
the moves in notation and the result. Replaying it reproduces every position.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from . import _json
from .cards import Card
from .errors import (
    InvalidCardError,
    InvalidRecordError,
    InvalidStateError,
    PatienceError,
    brief_repr,
)
from .game import Game
from .move import Move
from .registry import game as make_game
from .shuffle import check_seed
from .state import State

__all__ = ["RECORD_FORMAT", "Record", "state_from_json"]

RECORD_FORMAT = "patience-record/1"
"""The ``format`` tag of serialised records."""


def _game_from_data(data: Mapping[str, Any], error: type[Exception]) -> Game:
    name = data.get("game")
    options = data.get("options", {})
    if not isinstance(name, str):
        raise error("'game' must be a game name")
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise error("'options' must be an object with string keys")
    try:
        return make_game(name, **options)
    except PatienceError as e:
        if error is InvalidRecordError:
            raise InvalidRecordError(str(e), "game") from None
        raise error(str(e)) from None


def state_from_json(data: Mapping[str, Any] | str) -> State:
    """Load a state saved with :meth:`State.to_json`, making its game from the registry.

    Raises :class:`~patience.errors.InvalidStateError` for anything malformed,
    tampered with or unknown.
    """
    if isinstance(data, str):
        data = _json.loads(data, InvalidStateError, "state")
    if not isinstance(data, Mapping):
        raise InvalidStateError("a state is a JSON object")
    return _game_from_data(data, InvalidStateError).from_json(data)


def _frozen_data(value: Any, field: str) -> _json.FrozenMapping:
    try:
        return _json.FrozenMapping(value, field)
    except TypeError as e:
        raise InvalidRecordError(str(e)) from None


def _options(value: Mapping[str, Any]) -> _json.FrozenMapping:
    return _frozen_data(value, "options")


def _result(value: Mapping[str, Any] | None) -> _json.FrozenMapping | None:
    return None if value is None else _frozen_data(value, "result")


def _seed(value: int | None) -> int | None:
    if value is None:
        return None
    try:
        return check_seed(value)
    except PatienceError as e:
        raise InvalidRecordError(str(e), "deal") from None


def _cards(value: Iterable[Card] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidRecordError(
            f"'cards' must be None or an iterable of Card values, not {brief_repr(value)}"
        )
    cards = tuple(value)
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidRecordError(f"'cards' holds {brief_repr(card)}, which is not a Card")
    return cards


def _moves(value: Iterable[Move | str]) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidRecordError(f"'moves' must be a list of move strings, not {brief_repr(value)}")
    moves = tuple(m if isinstance(m, str) else str(m) if isinstance(m, Move) else m for m in value)
    for i, move in enumerate(moves, start=1):
        if not isinstance(move, str):
            raise InvalidRecordError(f"move {i} is {brief_repr(move)}, not move text")
    return moves


def _check_end(record: Record, attribute: Any, value: Any) -> None:
    if value is not None and (not isinstance(value, str) or not _ENDING.match(value)):
        raise InvalidRecordError(f"'end' must be an ending's name or null, not {brief_repr(value)}")


_ENDING = re.compile(r"[a-z][a-z_]{0,31}\Z")


def _check_game(record: Record, attribute: Any, value: Any) -> None:
    if not isinstance(value, str) or not value:
        raise InvalidRecordError(f"'game' must be a game name, not {brief_repr(value)}")


@attrs.frozen
class Record:
    """A complete, replayable account of one game.

    Exactly one of ``seed`` and ``cards`` says how the game was dealt.
    ``moves`` are in notation (:class:`~patience.Move` values are turned into
    it). ``result`` is the final result as :meth:`patience.Result.to_json`
    gives it, or ``None`` if not recorded.

    A record is an immutable, hashable value: ``options`` and ``result`` are
    read-only copies of the data given (nested lists read back as tuples;
    :meth:`to_json` gives plain lists and dicts again). Fields of the wrong
    type, a seed out of range, or giving both or neither of ``seed`` and
    ``cards`` raise :class:`~patience.errors.InvalidRecordError`. Whether the
    moves replay is checked by :meth:`states` and :meth:`from_json`.
    """

    game: str = attrs.field(validator=_check_game)
    options: Mapping[str, Any] = attrs.field(factory=dict, converter=_options)
    seed: int | None = attrs.field(default=None, converter=_seed)
    cards: tuple[Card, ...] | None = attrs.field(default=None, converter=_cards)
    moves: tuple[str, ...] = attrs.field(default=(), converter=_moves)
    result: Mapping[str, Any] | None = attrs.field(default=None, converter=_result)
    end: str | None = attrs.field(default=None, validator=_check_end)
    """How the game ended other than by a move (see :meth:`patience.Game.ending`),
    such as ``"time"`` for a timed game whose clock ran out; ``None`` otherwise."""

    def __attrs_post_init__(self) -> None:
        if (self.seed is None) == (self.cards is None):
            raise InvalidRecordError("a record names exactly one of 'seed' and 'cards'")

    @classmethod
    def start(
        cls,
        game: Game,
        *,
        seed: int | None = None,
        cards: Iterable[Card] | None = None,
    ) -> Record:
        """An empty record of ``game`` dealt from ``seed`` or from ``cards``.

        A seed the game does not deal (see :attr:`Game.seeds
        <patience.Game.seeds>`) raises :class:`~patience.InvalidSeedError`."""
        if seed is not None:
            game._check_seed(seed)
        return cls(game.name, game.options, seed, cards)

    def with_moves(self, moves: Sequence[Move | str], final: State | None = None) -> Record:
        """A copy with these moves and, if ``final`` is given, its result and how it ended.

        Raises :class:`~patience.PatienceError` for ``moves`` that are not a
        sequence of moves or move texts, or a ``final`` that is not a state
        of this record's game."""
        if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
            raise PatienceError(
                f"with_moves() takes a sequence of moves or move texts, not {brief_repr(moves)}"
            )
        texts = []
        for move in moves:
            if not isinstance(move, (Move, str)):
                raise PatienceError(f"with_moves(): not a move: {brief_repr(move)}")
            texts.append(str(move))
        result = end = None
        if final is not None:
            if not isinstance(final, State) or final.game.name != self.game:
                raise PatienceError(
                    f"with_moves(): final must be a state of {self.game} or None,"
                    f" not {brief_repr(final)}"
                )
            result = final.game.result(final).to_json()
            end = final.game.ending(final)
        return attrs.evolve(self, moves=tuple(texts), result=result, end=end)

    def make_game(self) -> Game:
        """The game this record was played in."""
        return _game_from_data({"game": self.game, "options": self.options}, InvalidRecordError)

    def initial_state(self) -> State:
        """The opening position."""
        g = self.make_game()
        try:
            if self.seed is not None:
                return g.deal(self.seed)
            assert self.cards is not None
            return g.deal_from(self.cards)
        except PatienceError as e:
            raise InvalidRecordError(f"cannot deal: {e}", "deal") from None

    def states(self) -> list[State]:
        """Every position from the deal to the end, one more than there are moves.

        With an :attr:`end`, the last position is the one after that ending
        (:meth:`patience.Game.end`). Raises
        :class:`~patience.errors.InvalidRecordError` naming the first move that
        cannot be read or is not legal, an ending the game does not have at
        that point, and a recorded result that disagrees with the replay.
        """
        state = self.initial_state()
        g = state.game
        out = [state]
        for i, text in enumerate(self.moves, start=1):
            try:
                state = g.apply(state, g.parse_move(state, text))
            except PatienceError as e:
                raise InvalidRecordError(f"move {i} ({brief_repr(text)}): {e}", "move") from None
            out.append(state)
        if self.end is not None:
            try:
                state = out[-1] = g.end(state, self.end)
            except PatienceError as e:
                raise InvalidRecordError(f"end {self.end!r}: {e}", "end") from None
        if self.result is not None:
            replayed = g.result(state).to_json()
            recorded = _json.thaw(self.result)
            # A record saved before results named their ending has no "ending".
            if recorded != {k: v for k, v in replayed.items() if k in recorded or k != "ending"}:
                raise InvalidRecordError(
                    f"the recorded result {self.result!r} does not match the replay {replayed!r}",
                    "result",
                )
        return out

    def replay(self) -> State:
        """The final position."""
        return self.states()[-1]

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON-compatible data."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": _json.thaw(self.options),
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.cards is not None:
            data["cards"] = [str(c) for c in self.cards]
        data["moves"] = list(self.moves)
        if self.result is not None:
            data["result"] = _json.thaw(self.result)
        if self.end is not None:
            data["end"] = self.end
        return data

    def dumps(self) -> str:
        """The record as a JSON string."""
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Record:
        """Load and fully check a record; it must replay to the end.

        Raises :class:`~patience.errors.InvalidRecordError` naming what is wrong.
        """
        fields = ("format", "game", "options", "seed", "cards", "moves", "result", "end")
        data = _json.load_object(data, InvalidRecordError, "record", RECORD_FORMAT, fields)
        seed = data.get("seed")
        raw_cards = data.get("cards")
        if seed is not None:
            try:
                check_seed(seed)
            except PatienceError as e:
                raise InvalidRecordError(str(e), "deal") from None
        cards: tuple[Card, ...] | None = None
        if raw_cards is not None:
            if not isinstance(raw_cards, list):
                raise InvalidRecordError("'cards' must be a list of card strings")
            try:
                cards = tuple(Card.parse(c) for c in raw_cards)
            except InvalidCardError as e:
                raise InvalidRecordError(f"cards: {e}", "deal") from None
        moves = data.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise InvalidRecordError("'moves' must be a list of move strings")
        result = data.get("result")
        if result is not None and not isinstance(result, Mapping):
            raise InvalidRecordError("'result' must be an object")
        game = data.get("game")
        if not isinstance(game, str):
            raise InvalidRecordError("'game' must be a game name")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise InvalidRecordError("'options' must be an object")
        record = cls(game, options, seed, cards, tuple(moves), result, data.get("end"))
        record.states()
        return record
