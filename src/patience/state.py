"""Positions: :class:`State` and its immutable mappings."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, Union

from ._mapping import ReadOnlyMapping
from .pile import Pile

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Info", "InfoValue", "Piles", "State"]

InfoValue: TypeAlias = Union[bool, int, float, str, tuple["InfoValue", ...], None]  # noqa: UP007
"""What a state's :attr:`~State.info` may hold: JSON scalars and tuples of them."""


class Piles(Mapping[str, Pile]):
    """An immutable, ordered, hashable mapping of pile names to :class:`Pile`.

    The order is the game's layout order. Games that build many states share
    one name index between them, so making a new mapping costs one tuple.
    """

    __slots__ = ("_hash", "_index", "_items", "_names")

    def __init__(self, piles: Mapping[str, Pile] | None = None) -> None:
        items = dict(piles or {})
        self._names: tuple[str, ...] = tuple(items)
        self._index: dict[str, int] = {n: i for i, n in enumerate(self._names)}
        self._items: tuple[Pile, ...] = tuple(items.values())
        self._hash: int | None = None

    @classmethod
    def _build(
        cls, names: tuple[str, ...], index: dict[str, int], items: tuple[Pile, ...]
    ) -> Piles:
        piles = object.__new__(cls)
        piles._names = names
        piles._index = index
        piles._items = items
        piles._hash = None
        return piles

    def replace(self, changes: Mapping[str, Pile]) -> Piles:
        """A copy with the named piles replaced (names must already exist)."""
        items = list(self._items)
        for name, pile in changes.items():
            items[self._index[name]] = pile
        return Piles._build(self._names, self._index, tuple(items))

    def with_items(self, items: tuple[Pile, ...]) -> Piles:
        """A copy holding ``items`` in layout order, under the same names."""
        return Piles._build(self._names, self._index, items)

    @property
    def items_tuple(self) -> tuple[Pile, ...]:
        """The piles in layout order, as a tuple (fast access for games)."""
        return self._items

    @property
    def names(self) -> tuple[str, ...]:
        """The pile names in layout order."""
        return self._names

    def index(self, name: str) -> int:
        """The position of pile ``name`` in layout order."""
        return self._index[name]

    def __getitem__(self, name: str) -> Pile:
        return self._items[self._index[name]]

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Piles):
            return self._items == other._items and self._names == other._names
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._names, self._items))
        return self._hash

    def __repr__(self) -> str:
        return f"Piles({dict(self.items())!r})"


class Info(ReadOnlyMapping[InfoValue]):
    """An immutable, hashable mapping of a state's counters and flags."""

    __slots__ = ()

    def __init__(self, data: Mapping[str, InfoValue] | None = None) -> None:
        self._data = dict(data or {})
        self._hash = None

    @classmethod
    def _own(cls, data: dict[str, InfoValue]) -> Info:
        """An Info that takes ``data`` over without copying (for game code)."""
        info = object.__new__(cls)
        info._data = data
        info._hash = None
        return info

    def set(self, **changes: InfoValue) -> Info:
        """A copy with the given keys set."""
        data = dict(self._data)
        data.update(changes)
        return Info._own(data)

    def __repr__(self) -> str:
        return f"Info({self._data!r})"


EMPTY_INFO = Info()


class State:
    """One position of one game: its piles by name plus a few counters.

    States are immutable (their public attributes are read-only) and
    hashable; games make new ones in
    :meth:`~patience.Game.apply`. ``str(state)`` draws the position as a text
    table with face-down cards masked, ``repr(state)`` pastes back into
    Python, and :meth:`to_json` gives plain JSON-compatible data. In a
    notebook a state shows as its picture (:func:`patience.svg`).

    ``State(game, piles, info)`` takes the piles as a mapping in the game's
    layout order; games build states with :meth:`patience.Game.make_state`.
    """

    __slots__ = (
        "_game",
        "_hash",
        "_idle",
        "_info",
        "_items",
        "_memo",
        "_piles",
        "_search",
        "_view",
    )

    _game: Game
    _idle: int
    _info: Info
    _items: tuple[Any, ...]
    _piles: Piles | None
    _hash: int | None
    _memo: Any
    _search: Any
    _view: bool

    def __init__(
        self, game: Game, piles: Mapping[str, Pile], info: Mapping[str, InfoValue] = EMPTY_INFO
    ) -> None:
        made = game.make_state(piles, info)
        for slot in self.__slots__:
            setattr(self, slot, getattr(made, slot))

    @classmethod
    def _make(cls, game: Game, items: tuple[Any, ...], info: Info) -> State:
        """A state from the game's own encoding of its piles (for game code)."""
        state = object.__new__(cls)
        state._game = game
        state._items = items
        state._info = info
        state._idle = 0
        state._piles = None
        state._hash = None
        state._memo = None
        state._search = None
        state._view = False
        return state

    @property
    def is_view(self) -> bool:
        """Whether this state is a view: some of its cards are
        :attr:`Card.HIDDEN <patience.Card.HIDDEN>` (see :meth:`Game.view
        <patience.Game.view>`).

        A view shows what a player knows. It can be drawn, printed, observed
        and asked for its legal moves and score, but not played on: the moves,
        game over and the result may need the hidden cards, so
        :meth:`~patience.Game.apply`, :meth:`~patience.Game.is_over` and
        :meth:`~patience.Game.result` refuse it with
        :class:`~patience.InvalidStateError`, as :meth:`~patience.Game.from_json`
        does. :func:`patience.policies.sample_world` fills a view's hidden cards
        to make a state that can be played.
        """
        return self._view

    def same_position(self, other: object) -> bool:
        """Whether ``other`` is a state of the same position: the same game,
        cards and counters, whatever the count of moves without progress
        (:attr:`idle`), which ``==`` compares too. Positions reached by
        different lines compare alike here.

        >>> import patience
        >>> game = patience.game("beleaguered-castle")
        >>> start = game.deal(3)
        >>> back = game.apply(game.apply(start, "t2-t7"), "t7-t2")
        >>> back == start, back.same_position(start), back.idle
        (False, True, 2)
        """
        return (
            isinstance(other, State)
            and self._items == other._items
            and self._info == other._info
            and self._game == other._game
        )

    def _with_idle(self, idle: int) -> State:
        """This position with ``idle`` as its count of moves without progress
        (a new state; what the position's own state remembers comes along,
        since none of it depends on the count)."""
        state = object.__new__(State)
        state._game = self._game
        state._items = self._items
        state._info = self._info
        state._idle = idle
        state._piles = self._piles
        state._hash = None
        state._memo = self._memo
        state._search = self._search
        state._view = self._view
        return state

    @property
    def game(self) -> Game:
        """The game (with its options) this position belongs to."""
        return self._game

    @property
    def info(self) -> Info:
        """Counters and flags the game keeps (passes, turn, start time ...)."""
        return self._info

    @property
    def idle(self) -> int:
        """How many moves in a row have been made without progress, up to this
        position (0 after a move that made progress, and in a fresh deal).

        :meth:`Game.apply <patience.Game.apply>` counts it; a game ends as
        ``"stalled"`` once it reaches the game's :attr:`~patience.Game.stall`
        (see "How games end" in the docs). It is part of the state's value,
        its JSON and its position text, but not of the keys searches file
        positions under: two positions that differ only in it play alike."""
        return self._idle

    @property
    def piles(self) -> Piles:
        """The piles by name, in layout order."""
        piles = self._piles
        if piles is None:
            piles = self._game._piles_of(self._items)
            self._piles = piles
        return piles

    @property
    def pile_tuple(self) -> tuple[Pile, ...]:
        """The piles in layout order, as a tuple."""
        return self.piles.items_tuple

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, State):
            return (
                self._items == other._items
                and self._info == other._info
                and self._idle == other._idle
                and self._game == other._game
            )
        return NotImplemented

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self._game, self._items, self._info, self._idle))
            self._hash = h
        return h

    def __copy__(self) -> State:
        # A state never changes: its copy is itself, even where its game
        # cannot be pickled (a timed game with the caller's clock).
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Saved as JSON and loaded back by its game, which checks it whole.
        self._game._check_picklable()
        return (self._game.from_json, (self.to_json(),))

    def to_json(self) -> dict[str, Any]:
        """This state as plain JSON-compatible data (see :func:`patience.state_from_json`)."""
        return self.game.to_json(self)

    def dumps(self) -> str:
        """This state as a JSON string."""
        return json.dumps(self.to_json(), ensure_ascii=False)

    def __str__(self) -> str:
        return self.game.render(self)

    def __repr__(self) -> str:
        return f"patience.state_from_json({self.dumps()!r})"

    def _repr_svg_(self) -> str:
        """The position drawn by :func:`patience.svg`, which notebooks show."""
        return self._game._repr_svg_of(self)
