"""The :class:`Game` protocol that every game implements.

A game is immutable and stateless: it holds its rules and options, and every
position lives in a :class:`~patience.State`. Subclasses implement a handful
of hooks (:meth:`Game._deal`, :meth:`Game._legal_moves`, :meth:`Game._apply`,
:meth:`Game._is_over`, :meth:`Game._scores`, :meth:`Game._winners`) and describe
their piles in :attr:`Game.layout`; this base class supplies the protocol on
top: seeded and given deals, checked moves, notation, views and results.

The tools built on the protocol are functions in modules named for their
users: :mod:`patience.frontend` (pick-up points, drops, refusals, events),
:mod:`patience.progress` (whether progress is still possible),
:mod:`patience.agents` (numbered actions, observations, positions as text and
hashes), :mod:`patience.search` (what searches ask besides the rules) and
:mod:`patience.serial` (the text table and JSON). Each declares the hooks
it asks of a game, with their defaults, in a class that :class:`Game`
inherits, so every game has the tools as methods (``game.observe(state)``
is ``patience.agents.observe(game, state)``) and overrides their hooks as
it overrides its own. How a game stays a value (sealed, pickled whole, its
states checked) is in ``patience._checks``.
"""

from __future__ import annotations

import abc
import contextvars
import json
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, NoReturn, TypeVar

import attrs

from ._checks import GameMeta, Sealed
from ._json import FrozenMapping
from .agents import AgentMethods
from .cards import Card, Deck
from .errors import (
    ForeignStateError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidSeedError,
    InvalidStateError,
    PatienceError,
    brief_repr,
)
from .frontend import FrontEndMethods
from .layout import FANS, ROLES, PileSpec
from .move import Move, is_listed
from .pile import Pile
from .progress import (
    PROGRESS_SEARCH_DIRECTED_LIMIT,
    PROGRESS_SEARCH_LIMIT,
    STALL_MOVES,
    ProgressMethods,
    _position_mark,
)
from .result import Better, Result
from .search import SearchMethods
from .serial import MAX_COUNTER, STATE_FORMAT, SerialMethods, card_text, pile_text
from .shuffle import check_seed, shuffled
from .state import EMPTY_INFO, Info, InfoValue, Piles, State

__all__ = [
    "COMMON_REFUSALS",
    "FANS",
    "PROGRESS_SEARCH_DIRECTED_LIMIT",
    "PROGRESS_SEARCH_LIMIT",
    "ROLES",
    "STALL_MOVES",
    "STATE_FORMAT",
    "Better",
    "Game",
    "PileSpec",
    "Result",
    "card_text",
    "is_listed",
    "pile_text",
]

_T = TypeVar("_T")

COMMON_REFUSALS: Mapping[str, str] = FrozenMapping(
    {
        "not-a-move": "no move of this game looks like that: a kind, pile, player,"
        " count or detail it cannot have",
        "game-over": "the game is over: no move is left",
        "not-your-turn": "another player is to move",
        "illegal": "not allowed here (for games that give no more precise code)",
        "nowhere": "nothing picked up there can be played now: no pile takes it",
        "elsewhere": "a move from that pile picks up at another card, not at this one",
    }
)
"""The refusal codes every game may give (see :attr:`Game.refusals`)."""

_STALL_ASKED: contextvars.ContextVar[object] = contextvars.ContextVar(
    "patience_stall", default=STALL_MOVES
)
"""The option ``stall`` that :func:`patience.game` was given, for the game its
factory makes: every game takes the option, but factories do not name it."""


def check_stall(game: str, value: object) -> int | None:
    """``value`` if it is a valid ``stall`` option (``None``, or a whole number
    from 1 to :data:`MAX_COUNTER`), else
    :class:`~patience.errors.InvalidOptionError`."""
    if value is None or (
        not isinstance(value, bool) and isinstance(value, int) and 1 <= value <= MAX_COUNTER
    ):
        return value
    raise InvalidOptionError(
        game,
        "stall",
        f"must be None or a whole number from 1 to {MAX_COUNTER}, not {brief_repr(value)}",
    )


def _hidden_count(state: State) -> int:
    """How many of a view's cards are :attr:`Card.HIDDEN <patience.Card.HIDDEN>`."""
    return sum(1 for p in state.piles.values() for c in p.cards if c.is_hidden)


def _grid_steps(
    game: str, axis: str, steps: Mapping[int, float] | None, count: int
) -> tuple[float, ...]:
    """One step for each of ``count`` rows (or columns): 1, or what ``steps``
    gives; ``ValueError`` for a step off the grid or out of range."""
    out: list[float] = [1] * count
    for index, step in (steps or {}).items():
        if type(index) is not int or not 0 <= index < count:
            raise ValueError(f"{game}: a {axis} step for {index!r}, which is no {axis} of the grid")
        if isinstance(step, bool) or not isinstance(step, (int, float)) or not 0 < step <= 8:
            raise ValueError(f"{game}: {axis} {index}'s step must be above 0 and at most 8")
        out[index] = step
    return tuple(out)


_EVERY_SEED = range(2**64)
"""The seeds of the library's shuffle, which most games deal by."""


class Game(
    FrontEndMethods,
    ProgressMethods,
    AgentMethods,
    SearchMethods,
    SerialMethods,
    Sealed,
    metaclass=GameMeta,
):
    """The rules of one game variant, with its options fixed.

    A game never changes after it is made and holds no position: pass states
    in and get new states back. Make games with :func:`patience.game`.

    Games are sealed when their constructor returns: assigning or deleting an
    attribute afterwards raises :class:`AttributeError`, and :attr:`options`
    is a read-only mapping. Two games of the same class, name and options are
    equal and interchangeable: a state of one may be given to the other. Every
    public method that takes a state refuses anything but a state of its game.
    """

    title: str = ""
    """A human name for the game, such as ``"Railroad! Yard Solitaire"``."""
    players: int = 1
    """How many players take part."""
    better: Better = Better.HIGHER
    """Which way the score improves."""
    move_kinds: frozenset[str] = frozenset()
    """The kinds of move the game has (``"move"``, ``"draw"``, ``"pull"`` ...).

    :meth:`parse_move` reads no other kind: ``apply(state, "bogus")`` raises
    :class:`~patience.errors.InvalidMoveError`. Empty (the default, for a
    game that does not say) reads any kind."""
    refusals: Mapping[str, str] = COMMON_REFUSALS
    """Every :attr:`~patience.errors.IllegalMoveError.code` this game's refusals
    may carry, with what it means: :data:`COMMON_REFUSALS` and the family's own
    (``"build"``, ``"space"``, ``"empty-siding"`` ...). Codes are stable: a
    front end may translate them or react to them."""
    outline_empty: bool = True
    """Whether pictures (:func:`patience.svg`) outline the game's empty piles
    with their labels, as places cards may go. ``False`` for a game whose
    empty piles are no places at all (Accordion's row, which closes up):
    there an empty pile is drawn as nothing."""
    shown_counters: frozenset[str] = frozenset()
    """The counters of ``state.info`` a player sees and a front end shows
    (Klondike's ``pass``); the others are the rules' bookkeeping
    (``progress``). :class:`~patience.events.CounterChanged` events say which
    in their ``shown``."""
    action_piles: Mapping[str, str] = FrozenMapping({})
    """The pile each action that names no pile in short notation acts on: in
    Klondike ``{"draw": "stock", "redeal": "stock"}``.

    Every move a game lists names the pile it starts from or acts on, so a
    front end can tell that a click on the stock draws; the short form
    ``draw`` is read as ``draw stock``. Actions on no pile at all (``pass``,
    ``declare``, ``stop``) are not in it."""

    def __init__(self, name: str, options: Mapping[str, Any]) -> None:
        self.name: str = name
        """The registered name of the game."""
        self._options: dict[str, Any] = dict(options)
        # Every game takes the option stall, given in ``options`` or to
        # patience.game; it is kept among the options only where it is not
        # the default, so that a game and its records are as they were.
        stall = check_stall(name, self._options.pop("stall", _STALL_ASKED.get()))
        if stall != STALL_MOVES:
            self._options["stall"] = stall
        self._stall = stall
        self._repeats = type(self)._progress is not _position_mark
        cls = type(self)
        self._key = (
            f"{cls.__module__}.{cls.__qualname__}",
            name,
            json.dumps(self._options, sort_keys=True),
        )
        self._hash = hash(self._key)
        self._names: tuple[str, ...] = ()
        self._index: dict[str, int] = {}
        self._grid: tuple[int, int] = (0, 0)
        self._steps: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())

    @property
    def stall(self) -> int | None:
        """How many moves in a row without progress end the game as
        ``"stalled"`` (see :attr:`State.idle <patience.State.idle>`):
        :data:`STALL_MOVES` unless the game was made with the option
        ``stall`` (``None``: never). Games whose every move makes progress
        never count a move without it, so the rule never ends them."""
        return self._stall

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's rule options (JSON-compatible values), defaults included.
        A read-only view: a game's options never change after it is made."""
        return MappingProxyType(self._options)

    def _set_layout(
        self,
        layout: Iterable[PileSpec],
        *,
        row_steps: Mapping[int, float] | None = None,
        column_steps: Mapping[int, float] | None = None,
    ) -> None:
        """Fix the game's piles; subclasses call this once from ``__init__``.

        ``row_steps`` and ``column_steps`` set :attr:`grid_steps` where they
        differ from one cell: ``{2: 0.5}`` draws row 3 half a cell below the
        start of row 2, so that the cards of row 2 lie partly under those of
        row 3. A step is a number above 0 and at most 8, for a row or column
        of the grid; anything else raises ``ValueError``."""
        self.layout: tuple[PileSpec, ...] = tuple(layout)
        """The piles, in order, with position hints for front ends."""
        self._names = tuple(p.name for p in self.layout)
        self._index = {n: i for i, n in enumerate(self._names)}
        if len(self._index) != len(self._names):
            raise ValueError(f"{self.name}: pile names repeat in the layout")
        boxes = [p.bounds for p in self.layout]
        self._grid = (max((b[2] for b in boxes), default=0), max((b[3] for b in boxes), default=0))
        self._steps = (
            _grid_steps(self.name, "row", row_steps, self._grid[0]),
            _grid_steps(self.name, "column", column_steps, self._grid[1]),
        )

    @property
    def grid_size(self) -> tuple[int, int]:
        """``(rows, columns)``: the size of the grid that holds every pile of
        :attr:`layout`, each with its extent (see :attr:`PileSpec.bounds`).
        Rows and columns count from 0, so this is one more than the lowest
        row and the rightmost column any pile covers."""
        return self._grid

    @property
    def grid_steps(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """``(row_steps, column_steps)``: how far each row of the grid starts
        from the one before it, and each column from the one before it, in
        cells; one number for each row and each column of :attr:`grid_size`.

        Every step is 1 unless the game's layout says otherwise, and most
        games' are: each card has a cell of its own. A step below 1 draws the
        next row (or column) closer, so that its cards lie partly over this
        one's, as Pyramid's and TriPeaks' rows overlap the rows above them
        (half a cell down and half a cell across); a step above 1 leaves room.
        Row ``r`` starts ``sum(row_steps[:r])`` cells from the top; a card
        takes one cell whatever the steps, and the table ends one cell below
        the start of its last row, or that row's step below it if larger
        (room for Clock's labels under its lowest hour). Rows, columns,
        :attr:`PileSpec.bounds` and :attr:`grid_size` count cells as ever, so
        a front end that reads no steps draws the piles where they were, only
        farther apart.

        >>> import patience
        >>> patience.game("klondike").grid_steps
        ((1, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1, 1))
        >>> rows, columns = patience.game("pyramid").grid_steps
        >>> rows
        (0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1)
        """
        return self._steps

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Game):
            return self._key == other._key
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self._options.items())
        return f"patience.game({self.name!r}{args})"

    # ---------------------------------------------- what subclasses supply

    @property
    @abc.abstractmethod
    def deck(self) -> Deck:
        """The game's cards in their fixed unshuffled order."""

    @abc.abstractmethod
    def _deal(self, cards: tuple[Card, ...]) -> State:
        """Lay out ``cards`` (top of the deck first) as the opening position."""

    @abc.abstractmethod
    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move in ``state`` (a state of this game), in a fixed order."""

    @abc.abstractmethod
    def _apply(self, state: State, move: Move) -> State:
        """Make ``move``; a move that is not legal is refused by :meth:`_refuse`."""

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """Why ``move`` is refused in ``state``: ``(reason, code)``.

        The one hook through which a game explains a refusal (:meth:`_refuse`
        raises it). It is asked only about a move found illegal in a state of
        this game, never on the way of a legal one, so it may take its time.
        ``reason`` says what is wrong in the game's own terms, for a person
        (``"the stock is empty"``); ``code`` names the kind of refusal, for a
        program, and is one of :attr:`refusals`. A game gives the first thing
        a player would notice: what is wrong with the move itself
        (``not-a-move``), then the game being over (``game-over``), then the
        first rule of the position it breaks, each with a code of its own.

        The default tells what any game can: a move the game cannot have at
        all (see :meth:`parse_move`) is ``not-a-move``, any move in a position
        without legal moves ``game-over``, and anything else ``illegal``.
        """
        problem = self._move_syntax_problem(move)
        if problem:
            return problem, "not-a-move"
        if not self._legal_moves(state):
            return "the game is over: no move is left", "game-over"
        return "the rules do not allow it here", "illegal"

    def _refuse(self, state: State, move: Move) -> NoReturn:
        """Raise the :class:`~patience.errors.IllegalMoveError` that refuses
        ``move`` in ``state``, with the reason and the code :meth:`_refusal`
        gives: :meth:`_apply` calls it for a move that is not legal."""
        reason, code = self._refusal(state, move)
        raise IllegalMoveError(move, state, reason, code) from None

    @abc.abstractmethod
    def _is_over(self, state: State) -> bool:
        """Whether the game has ended in ``state`` (a state of this game)."""

    @abc.abstractmethod
    def _scores(self, state: State) -> tuple[int, ...]:
        """Every player's score in ``state`` (a state of this game)."""

    @abc.abstractmethod
    def _winners(self, state: State) -> tuple[int, ...]:
        """The players who have won in ``state`` (a state of this game)."""

    # ------------------------------------------------------- the protocol

    @property
    def seeds(self) -> range:
        """The seeds :meth:`deal` takes: a :class:`range` of consecutive
        whole numbers (step 1), never empty.

        ``range(2**64)`` for almost every game; FreeCell and Baker's Game with
        ``numbering="microsoft"`` take Microsoft's deal numbers,
        :data:`~patience.games.freecell.MICROSOFT_NUMBERS`. :meth:`deal`
        refuses any other seed with :class:`~patience.errors.InvalidSeedError`
        (or a subclass of it). Where the library picks a seed itself (a
        session, simulation or environment without a seed, the command
        line's defaults), it picks one of these. ``len()`` of
        ``range(2**64)`` overflows: count with ``seeds.stop - seeds.start``.

        A game whose :meth:`shuffled_cards` takes fewer seeds overrides this
        to say which.
        """
        return _EVERY_SEED

    def deal(self, seed: int) -> State:
        """The opening position for ``seed``: the deck shuffled, then laid out.

        The same seed gives the same deal on every machine and in every
        version (see "The deal algorithm" in the docs). Raises
        :class:`~patience.errors.InvalidSeedError` for a seed outside
        :attr:`seeds` (``0 <= seed < 2**64`` for almost every game).
        """
        return self._deal(self.shuffled_cards(seed))

    def _check_seed(self, seed: object) -> int:
        """``seed`` if :meth:`deal` takes it (it is a plain integer in
        :attr:`seeds`); else the error :meth:`deal` raises for it, raised
        here without dealing: for tools that check seeds they are given
        before they deal any."""
        if not isinstance(seed, bool) and isinstance(seed, int) and seed in self.seeds:
            return seed
        self.shuffled_cards(seed)  # type: ignore[arg-type]  # the game's own refusal
        raise InvalidSeedError(seed)  # for a game whose shuffle takes more than it says

    def shuffled_cards(self, seed: int) -> tuple[Card, ...]:
        """The card order, top first, that :meth:`deal` lays out for ``seed``:
        ``game.deal_from(game.shuffled_cards(seed)) == game.deal(seed)``."""
        return shuffled(self.deck.cards, check_seed(seed))  # Deck.shuffled, less a Deck

    def deal_from(self, cards: Iterable[Card | str] | str) -> State:
        """The opening position for a given card order, top of the deck first.

        ``cards`` may be :class:`~patience.Card` values, card strings, or one
        space-separated string. It must hold exactly the game's cards; raises
        :class:`~patience.errors.InvalidCardError` for unreadable cards and
        :class:`~patience.errors.PatienceError` naming what is duplicated,
        missing or foreign.
        """
        parsed = self._read_cards(cards)
        problem = self._deck_problem(parsed)
        if problem:
            raise PatienceError(f"{self.name}: the cards do not make the game's deck: {problem}")
        return self._deal(parsed)

    @staticmethod
    def _read_cards(cards: object) -> tuple[Card, ...]:
        """The cards :meth:`deal_from` is given, read: :class:`~patience.Card`
        values, card strings, or one space-separated string."""
        if not isinstance(cards, (str, Iterable)):
            raise PatienceError(
                f"deal_from() takes the cards as an iterable of cards or a string,"
                f" not {brief_repr(cards)}"
            )
        items = cards.split() if isinstance(cards, str) else list(cards)
        return tuple(c if isinstance(c, Card) else Card.parse(c) for c in items)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move in ``state``, in a fixed order.

        Raises :class:`~patience.errors.ForeignStateError` for a state of
        another game (equal games are interchangeable) and
        :class:`~patience.errors.InvalidStateError` for anything that is not
        a state.
        """
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        return self._legal_moves(state)

    def is_over(self, state: State, *, search: bool = True) -> bool:
        """Whether the game has ended: what a player means by it.

        Over when no legal move is left, or when no sequence of legal moves
        can make progress any more (see :meth:`progress`; with worrying back,
        none can put up more cards than are up now); also when a game's own
        rule ends it (a clock, players passing), or the stall rule does
        (:attr:`stall` moves in a row without progress). Over means proven:
        by a cheap proof, or by a search of the positions reachable without
        progress; where those are too many to search (more than
        :data:`~patience.PROGRESS_SEARCH_LIMIT`) and the proof cannot tell,
        the game goes on, and the stall rule ends it if play gets nowhere.
        Moves that change nothing lasting may still be legal in a game that
        is over: they can be made, and the game stays over.
        :attr:`Result.ending` says which ending it was.

        Deciding that no progress is possible can take a search; each game
        object remembers what its searches found (see
        :mod:`patience.progress`), so over a stretch of moves without
        progress the search is made about once, not at every move. With
        ``search=False`` only the endings that need no search are checked (no
        legal move, a win, the game's own rules, the stall rule), so a
        position with no progress left may still count as going on.
        """
        if type(state) is not State or state._game is not self or state._view:
            # A view is judged only as far as it shows (search=False).
            self._check_own(state) if not search else self._check_playable(state)
        stall = self._stall
        if stall is not None and state._idle >= stall:
            return True
        return self._is_over(state) if search else self._over_without_search(state)

    def _over_without_search(self, state: State) -> bool:
        """:meth:`_is_over` without any search for progress (``state`` is a
        state of this game). The default is :meth:`_is_over` itself, right
        for games that never search; games that do give the rest here."""
        return self._is_over(state)

    def scores(self, state: State) -> tuple[int, ...]:
        """Every player's score in ``state``, by the rules' own definition."""
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        return self._scores(state)

    def winners(self, state: State) -> tuple[int, ...]:
        """The players who have won in ``state`` (empty while nobody has)."""
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        return self._winners(state)

    def apply(self, state: State, move: Move | str) -> State:
        """The position after ``move``; ``state`` itself never changes.

        ``move`` may be a :class:`~patience.Move` or its notation. Raises
        :class:`~patience.errors.IllegalMoveError` for a move the rules do not
        allow here, and :class:`~patience.errors.InvalidMoveError` for text
        that does not read as a move. Everything the move sets off (cascades,
        cards turned face up, compulsory fills) happens inside this call.
        """
        if type(state) is not State or state._game is not self or state._view:
            self._check_playable(state)
        if type(move) is not Move:
            move = self._move_of(state, move)
        try:
            after, progressed = self._apply_marked(state, move)
        except IllegalMoveError as refused:
            # An action made without the pile it acts on says which pile.
            if move.source is None and move.kind in self.action_piles and refused.move is move:
                problem = self._move_syntax_problem(move)
                raise IllegalMoveError(move, state, problem, "not-a-move") from None
            raise
        # The stall rule's count: moves in a row without progress. Once the
        # game has stalled it stays so, whatever is played after.
        idle = state._idle
        stall = self._stall
        if progressed and (stall is None or idle < stall):
            count = 0
        else:
            count = idle + 1 if idle < MAX_COUNTER else idle
        return after if after._idle == count else after._with_idle(count)

    def _apply_marked(self, state: State, move: Move) -> tuple[State, bool]:
        """:meth:`_apply`, and whether the move made progress (its
        :meth:`progress` mark changed): for the stall rule. Every move of a
        game whose positions never repeat (with the default mark) makes
        progress. A game that knows the answer as it moves gives it more
        cheaply here."""
        after = self._apply(state, move)
        if not self._repeats:
            return after, True
        return after, self._progress(after) != self._progress(state)

    def _move_of(self, state: State, move: object) -> Move:
        """``move`` as a :class:`~patience.Move`: notation is read in ``state``;
        anything else but a Move raises
        :class:`~patience.errors.IllegalMoveError` (code ``"not-a-move"``)."""
        if isinstance(move, str):
            return self.parse_move(state, move)
        if not isinstance(move, Move):
            raise IllegalMoveError(move, state, "not a Move", "not-a-move")
        return move

    def is_won(self, state: State, player: int = 0) -> bool:
        """Whether ``player`` has won in ``state``."""
        return player in self.winners(state)

    def score(self, state: State, player: int = 0) -> int:
        """``player``'s score in ``state``; :attr:`better` says which way is better."""
        return self.scores(state)[self._check_player(player)]

    def result(self, state: State) -> Result:
        """Whether the game is over, everyone's score, who has won and how it ended."""
        over = self.is_over(state)
        winners = self.winners(state)
        ending = None
        if over:
            ending = self._own_ending(state)
            if ending is None:
                if self.players == 1 and winners:
                    ending = "won"
                elif self._stall is not None and state._idle >= self._stall:
                    ending = "stalled"
                elif not self._legal_moves(state):
                    ending = "no moves"
                else:
                    ending = "no progress"
        return Result(over, self.scores(state), winners, self.better, ending)

    def movers(self, state: State, *, search: bool = True) -> tuple[int, ...]:
        """The players who may move in ``state``, lowest first: ``(0,)`` in a
        one-player game that goes on, the player whose turn it is where players
        take turns, both players of a race; ``()`` once the game is over
        (:meth:`is_over` with the same ``search``: with ``search=False``, over
        only as the players can see it)."""
        if self.is_over(state, search=search):
            return ()
        if self.players == 1:
            return (0,)
        return tuple(sorted({m.player or 0 for m in self.legal_moves(state)}))

    def current_player(self, state: State) -> int | None:
        """The player to move, or ``None`` when no single player is: the game
        is over, or several players may move at once (the Railroad race; see
        :meth:`movers`)."""
        movers = self.movers(state)
        return movers[0] if len(movers) == 1 else None

    def view(self, state: State, player: int = 0) -> State:
        """What ``player`` knows of ``state``: every card they cannot know is
        :attr:`Card.HIDDEN`.

        The view can be drawn, printed and observed, but not played on (see
        :attr:`State.is_view <patience.State.is_view>`).

        That is the player's information state: a face-down card stays shown
        when the player has seen it and knows where it lies, as the stock does
        after a pass (the waste turned over into it in an order they watched).
        Such cards keep their face-down count, so the view still says which
        cards lie face down. By default every face-down card is hidden; a game
        says which piles' face-down cards a player knows with
        :meth:`_known_piles`.
        """
        self._check_own(state)
        self._check_player(player)
        known = set(self._known_piles(state, player))
        piles = self._decode(state._items)
        masked = tuple([p if k in known else p.masked() for k, p in enumerate(piles)])
        seen = State._make(self, self._encode(masked), state.info)
        seen._idle = state._idle
        seen._view = any(c.is_hidden for p in masked for c in p.cards)
        return seen

    def _known_piles(self, state: State, player: int) -> Iterable[int]:
        """The layout positions of the piles whose face-down cards ``player``
        has seen and knows the order of (default: none)."""
        return ()

    def ending(self, state: State) -> str | None:
        """How ``state`` ended other than by a move, or ``None`` (the default: never).

        A game can end without a move: a timed game ends when its clock runs
        out. Such an ending is not in the moves, so a record notes it (see
        :attr:`patience.Record.end`) and :meth:`end` brings it about again
        when the record is replayed, whatever the replay's clock says.
        """
        self._check_own(state)
        return None

    def _own_ending(self, state: State) -> str | None:
        """The name of a game's own ending that ended ``state`` (recorded in it
        or not) for :attr:`Result.ending`, or ``None`` (the default)."""
        return self.ending(state)

    def end(self, state: State, how: str) -> State:
        """``state`` after the ending ``how`` that :meth:`ending` reported. The
        default game has no endings and raises :class:`~patience.errors.PatienceError`."""
        self._check_own(state)
        raise PatienceError(f"{self.name} has no ending {brief_repr(how)}")

    def parse_move(self, state: State, text: str) -> Move:
        """Read move notation in the context of ``state``.

        Raises :class:`~patience.errors.InvalidMoveError` for text that is not a
        move of this game (bad syntax, unknown piles, no such player). The move
        is not checked for legality here: :meth:`apply` does that.
        """
        self._check_own(state)
        move = Move.parse(text)
        if move.source is None and move.kind in self.action_piles:
            move = self._on_action_pile(move)
        reason = self._move_syntax_problem(move)
        if reason:
            raise InvalidMoveError(text, reason, state)
        return move

    def _on_action_pile(self, move: Move) -> Move:
        """``move``, an action written without its pile, with the pile it acts on
        (see :attr:`action_piles`). A game whose players each have a pile of
        their own for an action overrides this."""
        return attrs.evolve(move, source=self.action_piles[move.kind])

    def _move_syntax_problem(self, move: Move) -> str:
        """Why ``move`` cannot be a move of this game at all, or ``""``."""
        kinds = self.move_kinds
        if kinds and move.kind not in kinds:
            return f"{self.name} has no {move.kind!r} move; its moves: {', '.join(sorted(kinds))}"
        if move.source is None and move.kind in self.action_piles:
            pile = self._on_action_pile(move).source
            kind = move.kind
            return f"'{kind}' acts on {pile}: Move({kind!r}, {pile!r}), or {kind!r} as text"
        for name in (move.source, move.target):
            if name is not None and name not in self._index:
                return f"{self.name} has no pile {name!r}"
        if self.players == 1 and move.player is not None:
            return f"{self.name} is a one-player game"
        if move.player is not None and not 0 <= move.player < self.players:
            return f"{self.name} has no player {move.player}"
        return ""

    def make_state(
        self,
        piles: Mapping[str, Pile],
        info: Mapping[str, InfoValue] = EMPTY_INFO,
        *,
        idle: int = 0,
    ) -> State:
        """A state of this game from piles by name (every layout pile, no others),
        counters, and how many moves in a row have made no progress
        (:attr:`State.idle <patience.State.idle>`).

        Only the shape is checked here; :meth:`from_json` checks everything.
        """
        if isinstance(idle, bool) or not isinstance(idle, int) or not 0 <= idle <= MAX_COUNTER:
            raise PatienceError(
                f"make_state() takes idle as a whole number from 0 to {MAX_COUNTER},"
                f" not {brief_repr(idle)}"
            )
        if not isinstance(piles, Mapping):
            raise PatienceError(
                f"make_state() takes the piles as a mapping of pile names to piles,"
                f" not {brief_repr(piles)}"
            )
        missing = [n for n in self._names if n not in piles]
        extra = [n for n in piles if n not in self._index]
        if missing or extra:
            raise PatienceError(
                f"{self.name}: piles must be exactly {', '.join(self._names)}"
                f" (missing: {missing}, unknown: {extra})"
            )
        for name, pile in piles.items():
            if not isinstance(pile, Pile):
                raise PatienceError(f"pile {name!r} is not a Pile")
        if not isinstance(info, Mapping):
            raise PatienceError(
                f"make_state() takes the counters as a mapping of names to values,"
                f" not {brief_repr(info)}"
            )
        items = self._encode(tuple(piles[n] for n in self._names))
        made = State._make(self, items, info if isinstance(info, Info) else Info(info))
        made._idle = idle
        made._view = any(c.is_hidden for p in piles.values() for c in p.cards)
        return made

    # ------------------------------------------------------------ helpers

    def _check_own(self, state: State) -> None:
        """Raise unless ``state`` is a state of this game (or of an equal game)."""
        if not isinstance(state, State):
            raise InvalidStateError(
                f"{self.name}: expected a State of this game, not {type(state).__name__}"
            )
        if state._game is not self and state._game != self:
            raise ForeignStateError(state, self)

    def _status(self, state: State) -> str:
        """The last line of a position's text: its result's summary, or for a
        view (whose result needs the hidden cards) how many cards it hides."""
        if state._view:
            hidden = _hidden_count(state)
            return f"a view: {hidden} card{'s' if hidden != 1 else ''} hidden"
        return self.result(state).summary()

    def _check_playable(self, state: State) -> None:
        """Raise unless ``state`` is a state of this game with every card
        known: a view (:attr:`State.is_view <patience.State.is_view>`) cannot
        be played on or judged over."""
        self._check_own(state)
        if state._view:
            hidden = _hidden_count(state)
            raise InvalidStateError(
                f"{self.name}: this state is a view, with {hidden} hidden"
                f" card{'s' if hidden != 1 else ''}: moves and game over need every card"
                " (play the state itself, or fill the view with"
                " patience.policies.sample_world)"
            )

    def _check_player(self, player: int) -> int:
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.players
        ):
            raise PatienceError(f"{self.name} has no player {brief_repr(player)}")
        return player

    def _memoised(self, state: State, compute: Callable[[State], _T]) -> _T:
        """``compute(state)``, remembered on ``state`` when this game is the state's own.

        A state keeps at most one such value, worked out by its own game from
        the state alone; an equal game asked about the state computes afresh.
        So the cache is a pure function of the state, owned by the state and
        safe to share between threads (a race only computes a value twice).
        """
        if state._game is not self:
            return compute(state)
        memo = state._memo
        if memo is None:
            memo = compute(state)
            state._memo = memo
        return memo  # type: ignore[no-any-return]

    def _new_state(self, items: tuple[Any, ...], info: Info = EMPTY_INFO) -> State:
        """A state of this game from its encoded piles (no checks: for game code)."""
        return State._make(self, items, info)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[Any, ...]:
        """The game's internal encoding of piles in layout order (default: the
        piles). A game may keep a leaner form inside its states, as long as
        :meth:`_decode` gives the piles back; states compare and hash by it."""
        return piles

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        """The piles, in layout order, of an encoding made by :meth:`_encode`."""
        return items

    def _piles_of(self, items: tuple[Any, ...]) -> Piles:
        return Piles._build(self._names, self._index, self._decode(items))
