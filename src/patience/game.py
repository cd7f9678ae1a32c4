"""The :class:`Game` protocol that every game implements, and its companions.

A game is immutable and stateless: it holds its rules and options, and every
position lives in a :class:`~patience.State`. Subclasses implement a handful
of methods (:meth:`Game._deal`, :meth:`Game._legal_moves`, :meth:`Game._apply`,
:meth:`Game._is_over`, :meth:`Game._scores`, :meth:`Game._winners`) and describe
their piles in :attr:`Game.layout`; this base class supplies the rest of the
protocol on top: seeded and given deals, checked moves, notation, views,
results, rendering and JSON.
"""

from __future__ import annotations

import abc
import functools
import hashlib
import inspect
import json
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, NoReturn, TypeVar

import attrs

from . import _json
from . import progress as _progress_module
from . import serial as _serial
from ._json import FrozenMapping
from .cards import Card, Deck
from .errors import (
    ForeignStateError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    PatienceError,
    brief_repr,
)
from .events import Event, counter_events, infer_events, play_events
from .layout import FANS, ROLES, PileSpec
from .move import Move, is_listed
from .pile import Pile
from .progress import PROGRESS_SEARCH_DIRECTED_LIMIT, PROGRESS_SEARCH_LIMIT
from .result import Better, Result
from .serial import STATE_FORMAT, _counters_text, card_text, pile_text
from .shuffle import check_seed, shuffled
from .state import EMPTY_INFO, Info, InfoValue, Piles, State

__all__ = [
    "COMMON_REFUSALS",
    "FANS",
    "PROGRESS_SEARCH_DIRECTED_LIMIT",
    "PROGRESS_SEARCH_LIMIT",
    "ROLES",
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


_SELF_CHECKING = frozenset(
    {
        "legal_moves",
        "is_over",
        "scores",
        "winners",
        "apply",
        "pick_up",
        "moves_from",
        "pickable",
        "apply_events",
        "play_events",
        "is_won",
        "score",
        "result",
        "progress",
        "progress_line",
        "view",
        "movers",
        "current_player",
        "observe",
        "position",
        "ending",
        "end",
        "move_of",
        "action_mask",
        "legal_actions",
        "search_lines",
        "move_scores",
        "move_preferences",
        "make_state",
        "move_to",
        "pick_up_refusal",
        "search_estimate",
    }
)
"""The public methods of :class:`Game` that check the state they are given
themselves (so the metaclass does not wrap them a second time)."""


def _takes_state(value: object) -> bool:
    """Whether ``value`` is a plain function whose first argument after ``self``
    is named ``state``."""
    code = getattr(value, "__code__", None)
    if not callable(value) or code is None or getattr(value, "_checks_state", False):
        return False
    names = code.co_varnames[: code.co_argcount]
    return len(names) >= 2 and names[0] == "self" and names[1] == "state"


def _checking(method: Callable[..., _T]) -> Callable[..., _T]:
    """``method`` with a check first that its ``state`` belongs to the game.

    The wrapper takes the same parameters as ``method`` (written out, not as
    ``*args, **kwargs``, which would cost a call several times over): the
    solvers call some of these methods at every node.
    """
    params = list(inspect.signature(method).parameters.values())
    names: dict[str, Any] = {"method": method, "State": State}
    heads: list[str] = []
    passes: list[str] = []
    star = False
    for k, p in enumerate(params):
        default = ""
        if p.default is not inspect.Parameter.empty:
            names[f"default_{k}"] = p.default
            default = f"=default_{k}"
        if p.kind is p.VAR_POSITIONAL:
            heads.append(f"*{p.name}")
            passes.append(f"*{p.name}")
            star = True
        elif p.kind is p.VAR_KEYWORD:
            heads.append(f"**{p.name}")
            passes.append(f"**{p.name}")
        elif p.kind is p.KEYWORD_ONLY:
            if not star:
                heads.append("*")
                star = True
            heads.append(p.name + default)
            passes.append(f"{p.name}={p.name}")
        elif p.kind is p.POSITIONAL_ONLY:
            return method  # pragma: no cover - no game method is written so
        else:
            heads.append(p.name + default)
            passes.append(p.name)
    source = (
        f"def checked({', '.join(heads)}):\n"
        "    if state.__class__ is not State or state._game is not self:\n"
        "        self._check_own(state)\n"
        f"    return method({', '.join(passes)})\n"
    )
    exec(source, names)
    checked: Any = functools.wraps(method)(names["checked"])
    checked._checks_state = True
    return checked  # type: ignore[no-any-return]


class _GameMeta(abc.ABCMeta):
    """Seals every game once its constructor has finished (see :meth:`Game.__setattr__`),
    and makes every public method that takes a state check it first.

    Each public method defined in a game class whose first argument is named
    ``state`` (``debt``, ``may_win``, ``parse_move``, a game's own ``grid`` or
    ``time_left`` ...) is wrapped so that a state of another game, ``None`` or
    anything else raises :class:`~patience.errors.InvalidStateError` or
    :class:`~patience.errors.ForeignStateError` before the method runs, in
    every game, built-in or not. The methods of :class:`Game` that check
    their state themselves are left as they are.
    """

    def __init__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> None:
        super().__init__(name, bases, namespace)
        own = any(isinstance(b, _GameMeta) for b in bases)
        for attr, value in namespace.items():
            if attr.startswith("_") or not _takes_state(value):
                continue
            if not own and attr in _SELF_CHECKING:
                continue
            setattr(cls, attr, _checking(value))

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        made = super().__call__(*args, **kwargs)
        if isinstance(made, Game):
            object.__setattr__(made, "_sealed", True)
        return made


class Game(abc.ABC, metaclass=_GameMeta):
    """The rules of one game variant, with its options fixed.

    A game never changes after it is made and holds no position: pass states
    in and get new states back. Make games with :func:`patience.game`.

    Games are sealed when their constructor returns: assigning or deleting an
    attribute afterwards raises :class:`AttributeError`, and :attr:`options`
    is a read-only mapping. Two games of the same class, name and options are
    equal and interchangeable: a state of one may be given to the other.
    """

    _sealed: bool = False

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

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's rule options (JSON-compatible values), defaults included.

        A read-only view: a game's options never change after it is made.
        """
        return MappingProxyType(self._options)

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed:
            raise AttributeError(
                f"{type(self).__name__} games are immutable: cannot set {name!r};"
                " make a new game with patience.game(name, **options)"
            )
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if self._sealed:
            raise AttributeError(
                f"{type(self).__name__} games are immutable: cannot delete {name!r}"
            )
        object.__delattr__(self, name)

    def _set_layout(self, layout: Iterable[PileSpec]) -> None:
        """Fix the game's piles; subclasses call this once from ``__init__``."""
        self.layout: tuple[PileSpec, ...] = tuple(layout)
        """The piles, in order, with position hints for front ends."""
        self._names = tuple(p.name for p in self.layout)
        self._index = {n: i for i, n in enumerate(self._names)}
        if len(self._index) != len(self._names):
            raise ValueError(f"{self.name}: pile names repeat in the layout")
        boxes = [p.bounds for p in self.layout]
        self._grid = (
            max((b[2] for b in boxes), default=0),
            max((b[3] for b in boxes), default=0),
        )

    @property
    def grid_size(self) -> tuple[int, int]:
        """``(rows, columns)``: the size of the grid that holds every pile of
        :attr:`layout`, each with its extent (see :attr:`PileSpec.bounds`).

        Rows and columns count from 0, so this is one more than the lowest
        row and the rightmost column any pile covers.
        """
        return self._grid

    # ----------------------------------------------------------- identity

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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle a registered game as its name and options, so it travels to
        worker processes whatever it holds inside; other games pickle as usual.
        """
        from .registry import game as make_game

        self._check_picklable()
        try:
            again = make_game(self.name, **self._options)
        except PatienceError:
            again = None
        if again is not None and again == self:
            return (_game_by_name, (self.name, dict(self._options)))
        return (_new_game, (type(self),), self.__dict__)

    def _pickle_problem(self) -> str:
        """Why this game (and so its states) cannot be pickled faithfully, or ``""``.

        The default is ``""``: a game pickles as its registered name and
        options, or by value. A game that holds something its options cannot
        rebuild, such as a clock passed in by the caller, says so here and
        pickling it raises :class:`~patience.errors.PatienceError` instead of
        losing it without a word.
        """
        return ""

    def _check_picklable(self) -> None:
        problem = self._pickle_problem()
        if problem:
            raise PatienceError(f"{self.name}: cannot be pickled: {problem}")

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

    def deal(self, seed: int) -> State:
        """The opening position for ``seed``: the deck shuffled, then laid out.

        The same seed gives the same deal on every machine and in every
        version (see "The deal algorithm" in the docs). Raises
        :class:`~patience.errors.InvalidSeedError` unless
        ``0 <= seed < 2**64``.
        """
        return self._deal(self.shuffled_cards(seed))

    def shuffled_cards(self, seed: int) -> tuple[Card, ...]:
        """The card order, top first, that :meth:`deal` lays out for ``seed``.

        ``game.deal_from(game.shuffled_cards(seed)) == game.deal(seed)``.
        """
        return shuffled(self.deck.cards, check_seed(seed))  # Deck.shuffled, less a Deck

    def deal_from(self, cards: Iterable[Card | str] | str) -> State:
        """The opening position for a given card order, top of the deck first.

        ``cards`` may be :class:`~patience.Card` values, card strings, or one
        space-separated string. It must hold exactly the game's cards; raises
        :class:`~patience.errors.InvalidCardError` for unreadable cards and
        :class:`~patience.errors.PatienceError` naming what is duplicated,
        missing or foreign.
        """
        items = cards.split() if isinstance(cards, str) else list(cards)
        parsed = tuple(c if isinstance(c, Card) else Card.parse(c) for c in items)
        problem = self._deck_problem(parsed)
        if problem:
            raise PatienceError(f"{self.name}: the cards do not make the game's deck: {problem}")
        return self._deal(parsed)

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
        can make progress any more (see :meth:`progress`); also when a game's
        own rule ends it (a clock, players passing). Over means proven: where
        the positions reachable without progress are too many to search (more
        than :data:`~patience.PROGRESS_SEARCH_LIMIT`), the game goes on, and
        loops that must end stop by a guard of their own. Moves that change
        nothing lasting may still be legal in a game that is over: they can
        be made, and the game stays over. :attr:`Result.ending` says which
        ending it was.

        Deciding that no progress is possible can take a search; each game
        object remembers what its searches proved (see
        :mod:`patience.progress`), so over a stretch of moves without
        progress the search is made about once, not at every move. With
        ``search=False`` only the endings that need no search are checked (no
        legal move, a win, the game's own rules), so a position with no
        progress left may still count as going on.
        """
        if type(state) is not State or state._game is not self:
            self._check_own(state)
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
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        if type(move) is not Move:
            if isinstance(move, str):
                move = self.parse_move(state, move)
            elif not isinstance(move, Move):
                raise IllegalMoveError(move, state, "not a Move", "not-a-move")
        try:
            return self._apply(state, move)
        except IllegalMoveError as refused:
            # An action made without the pile it acts on says which pile.
            if move.source is None and move.kind in self.action_piles and refused.move is move:
                problem = self._move_syntax_problem(move)
                raise IllegalMoveError(move, state, problem, "not-a-move") from None
            raise

    def pick_up(self, state: State, move: Move) -> tuple[str, int | None] | None:
        """Where ``move`` starts, for a front end: ``(pile, index)``.

        ``pile`` is the layout pile the move takes from or acts on; ``index``
        is the position in it of the lowest card the move picks up (a card
        move of three cards from a pile of ten picks up at 7, a pull takes the
        head), or ``None`` for an action on the pile as a whole, such as
        drawing from the stock. ``None`` for an action on no pile (``pass``).
        """
        self._check_own(state)
        name = self._pick_up_pile(move)
        if name is None:
            return None
        if move.kind in self.action_piles or name not in self._index:
            return (name, None) if name in self._index else None
        size = len(state.piles[name])
        if move.kind == "move":
            return (name, size - move.count)
        return (name, size - 1 if size else None)

    def _pick_up_pile(self, move: Move) -> str | None:
        """The layout pile ``move`` starts from (default: its source). A game whose
        moves name piles otherwise than its layout does says which."""
        return move.source

    def moves_from(self, state: State, pile: str, index: int | None = None) -> tuple[Move, ...]:
        """The legal moves that start from ``pile`` (see :meth:`pick_up`).

        With ``index``, only those a click or drag on the card at that
        position makes: the card moves that pick up exactly there (the card
        and what lies on it), and the actions on the pile as a whole (drawing,
        whichever card of the stock is clicked). In legal-move order. Raises
        :class:`~patience.errors.PatienceError` for a pile the game does not
        have or a position outside the pile.
        """
        self._check_own(state)
        self._check_place(state, pile, index)
        out = []
        for move in self._legal_moves(state):
            where = self.pick_up(state, move)
            if (
                where is not None
                and where[0] == pile
                and (index is None or where[1] is None or where[1] == index)
            ):
                out.append(move)
        return tuple(out)

    def pickable(self, state: State) -> tuple[tuple[str, int | None], ...]:
        """Every place a legal move starts from: ``(pile, index)`` pairs as
        :meth:`pick_up` gives them, each once, in layout order and then by
        index (``None``, a pile acted on as a whole, first). A front end can
        highlight them, and look up the moves with :meth:`moves_from`."""
        self._check_own(state)
        found = {w for m in self._legal_moves(state) if (w := self.pick_up(state, m)) is not None}
        order = self._index
        return tuple(sorted(found, key=lambda w: (order[w[0]], -1 if w[1] is None else w[1])))

    def _check_place(self, state: State, pile: object, index: object) -> None:
        """Raise :class:`~patience.errors.PatienceError` unless ``pile`` is a pile
        of the game and ``index`` ``None`` or a position in it."""
        if not isinstance(pile, str) or pile not in self._index:
            raise PatienceError(f"{self.name} has no pile {brief_repr(pile)}")
        if index is not None and (
            isinstance(index, bool)
            or not isinstance(index, int)
            or not 0 <= index < len(state.piles[pile])
        ):
            raise PatienceError(
                f"{pile} holds {len(state.piles[pile])} cards: no card at {brief_repr(index)}"
            )

    def move_to(self, state: State, pile: str, index: int | None, target: str) -> Move:
        """The move a drag or a second click makes: what is picked up at
        ``pile`` (the card at ``index`` and those on it; with ``None``, from
        wherever a move from that pile starts) put on ``target``.

        Returns the legal move (the first in legal-move order, if several
        fit); raises :class:`~patience.errors.IllegalMoveError`, with the
        :attr:`~patience.errors.IllegalMoveError.reason` and
        :attr:`~patience.errors.IllegalMoveError.code` of the game's own
        refusal, when the rules do not allow it, so a front end can say why a
        drop is refused without building moves itself. Raises
        :class:`~patience.errors.PatienceError` for a pile the game does not
        have or a position outside the pile.
        """
        self._check_own(state)
        self._check_place(state, pile, index)
        self._check_place(state, target, None)
        for move in self.moves_from(state, pile, index):
            if move.target == target:
                return move
        proposed = self._proposed_move(state, pile, index, target)
        self.apply(state, proposed)  # raises the game's refusal
        return proposed

    def _proposed_move(self, state: State, pile: str, index: int | None, target: str) -> Move:
        """The move :meth:`move_to` asks the rules about when no legal move
        fits: by default a card move of the cards from ``index`` up, made by
        the player to move. A game whose card moves are written otherwise
        says how."""
        size = len(state.piles[pile])
        count = 1 if index is None or size == 0 else size - index
        player = self.current_player(state) if self.players > 1 else None
        return Move("move", pile, target, count=max(count, 1), player=player)

    def pick_up_refusal(
        self, state: State, pile: str, index: int | None = None
    ) -> IllegalMoveError | None:
        """Why nothing can be picked up at ``pile`` (at ``index``, see
        :meth:`moves_from`), or ``None`` when something can.

        The answer is an :class:`~patience.errors.IllegalMoveError` (returned,
        not raised) with the game's reason and code: the code every move from
        there is refused with (``face-down``, ``unit``, ``empty``,
        ``stock-empty``, ``game-over`` ...), or ``nowhere`` when the cards
        could leave but no pile takes them now. Its
        :attr:`~patience.errors.IllegalMoveError.move` is the first move
        asked about. Raises :class:`~patience.errors.PatienceError` for a pile
        the game does not have or a position outside the pile.
        """
        self._check_own(state)
        self._check_place(state, pile, index)
        if self.moves_from(state, pile, index):
            return None
        player = self.current_player(state) if self.players > 1 else None
        actions = [Move(k, pile, player=player) for k, p in self.action_piles.items() if p == pile]
        actions += self._pile_actions(state, pile)
        targets = []
        if not self.move_kinds or "move" in self.move_kinds:
            targets = [self._proposed_move(state, pile, index, t) for t in self._index if t != pile]
        refusals: list[IllegalMoveError] = []
        for move in actions + targets:
            try:
                self.apply(state, move)
            except IllegalMoveError as refused:
                refusals.append(refused)
                if move in actions:
                    return refused  # a click on the stock: why it does not draw
        first = refusals[0] if refusals else None
        same = first is not None and all(r.code == first.code for r in refusals)
        if first is not None and same and first.code != "not-a-move":
            return first
        where = pile if index is None else f"{pile}:{index}"
        if index is not None:
            starts = sorted({i for p, i in self.pickable(state) if p == pile and i is not None})
            if starts:
                at = " or ".join(str(i) for i in starts)
                return IllegalMoveError(
                    first.move if first else None,
                    state,
                    f"a move from {pile} picks up at card {at}, not at {index}",
                    "elsewhere",
                )
        if first is not None and same:
            return first
        held = state.piles[pile]
        start = len(held) - 1 if index is None else index
        cards = held.cards[start:]
        if not cards:
            return IllegalMoveError(
                first.move if first else None, state, f"{pile} holds no card", "nowhere"
            )
        elif start < held.down:
            what = f"the face-down card at {where}"
        else:
            what = card_text(cards[0], symbols=True)
        if len(cards) > 1:
            what += f" and the {len(cards) - 1} on it" if len(cards) > 2 else " and the card on it"
        return IllegalMoveError(
            first.move if first else None, state, f"no pile takes {what} now", "nowhere"
        )

    def _pile_actions(self, state: State, pile: str) -> list[Move]:
        """The actions without a target that start at ``pile`` (Railroad's
        pulls), asked about by :meth:`pick_up_refusal`: those among
        :attr:`actions` whose pick-up pile is ``pile``, if the game numbers
        its moves."""
        try:
            patterns = self.actions
        except PatienceError:
            return []
        out = []
        for pattern in patterns:
            own = pattern.kind not in self.action_piles and self._pick_up_pile(pattern) == pile
            if pattern.target is None and own:
                out.append(self._action_move(pattern, state))
        return out

    def apply_events(self, state: State, move: Move | str) -> tuple[State, tuple[Event, ...]]:
        """The position after ``move``, and the events that took ``state`` there.

        Checked and made exactly as :meth:`apply` makes it; the events say
        what happened, in order: the cards the player moved, cards turned face
        up, what the rules then did (cards dealt, discarded or lifted away),
        each counter that changed and each score that changed (see
        :mod:`patience.events`). ``game.play_events(state, events)`` gives
        the new position again, and any prefix of the events a position in
        between, for a front end to draw step by step.
        """
        after = self.apply(state, move)
        if type(move) is not Move:
            move = self.parse_move(state, move) if isinstance(move, str) else move
        steps = list(self._events(state, move, after))
        steps += counter_events(self, state, after, steps)
        return after, tuple(steps)

    def _events(self, state: State, move: Move, after: State) -> Iterable[Event]:
        """The pile events of ``move`` (legal, already made: ``after`` is its
        result), and any counter events the game names specially.

        The default works them out from the two positions
        (:func:`patience.events.infer_events`). Games whose moves set off more
        than one packet of cards say exactly what happened instead; counters
        not named here and scores are added by :meth:`apply_events`.
        """
        return infer_events(state, after)

    def play_events(self, state: State, events: Iterable[Event]) -> State:
        """``state`` with ``events`` (from :meth:`apply_events`) played onto it in order.

        With all of a move's events this is the position after the move; with
        the first few it is a position part way through, which may be one no
        move can leave (a Railroad line before its matches are discarded).
        Raises :class:`~patience.errors.PatienceError` for an event that does
        not fit the position.
        """
        self._check_own(state)
        return play_events(state, events)

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
                elif not self._legal_moves(state):
                    ending = "no moves"
                else:
                    ending = "no progress"
        return Result(over, self.scores(state), winners, self.better, ending)

    def progress(self, state: State) -> Hashable:
        """A mark of how far play has got in ``state``.

        It stays the same over moves that make no progress and changes with
        every move that does: what counts as progress is the game's own
        definition (a card reaching a foundation or leaving play, a hidden
        card turned up, a stock or reserve card brought into play, a change
        of score; each game's page says). A mark never comes back once left,
        so a change is progress for good. The default is the position itself,
        which is right for games whose positions can never repeat (every move
        there is progress); games whose positions can repeat define their own.
        """
        self._check_own(state)
        return self._progress(state)

    def progress_line(self, state: State) -> tuple[Move, ...] | None:
        """A shortest sequence of legal moves from ``state`` whose last move makes progress.

        ``None`` when no sequence can make progress (the game is over), and
        when the searches met their limits without finding one (the game goes
        on: see :meth:`is_over`). Where the breadth-first search gave up but
        turning the stock or the directed search finds a way on, that line is
        given (it may be longer than the shortest; see "How games end" in the
        docs). A front end can offer the first move as a hint; random play
        uses it to find its way out of positions it has already seen.
        """
        self._check_own(state)
        return self._search_progress(state)[0]

    def _progress(self, state: State) -> Hashable:
        """The mark :meth:`progress` returns (``state`` is a state of this game)."""
        return state

    def _search_progress(self, state: State) -> tuple[tuple[Move, ...] | None, bool]:
        """``(line, exhausted)`` of :func:`patience.progress.search_progress`."""
        return _progress_module.search_progress(self, state)

    def _find_progress(self, state: State) -> tuple[tuple[Move, ...] | None, bool]:
        """The breadth-first search (:func:`patience.progress.find_progress`)."""
        return _progress_module.find_progress(self, state)

    def _progress_hint(self, state: State) -> int | None:
        """How far ``state`` looks from progress, for the directed search for
        progress (lower is nearer; it need not be exact), or ``None`` (the
        default) for a game that cannot tell: its searches for progress are
        then breadth first."""
        return None

    def _directed_progress(self, state: State) -> tuple[tuple[Move, ...] | None, bool]:
        """The directed search (:func:`patience.progress.directed_progress`)."""
        return _progress_module.directed_progress(self, state)

    def _cannot_progress(self, state: State) -> bool:
        """Whether no sequence of legal moves from ``state`` can make progress,
        proven (:func:`patience.progress.cannot_progress`). For games whose
        positions can repeat: their :meth:`_is_over` is "no legal move, or this"."""
        return _progress_module.cannot_progress(self, state)

    @functools.cached_property
    def _verdicts(self) -> _progress_module.VerdictTable:
        """What this game object's searches for progress have proven (see
        :mod:`patience.progress`); made when first needed, never pickled."""
        return _progress_module.VerdictTable()

    def _turning_progress(self, state: State) -> bool | None:
        """Whether turning the stock alone (the moves of :attr:`_probe_kinds`)
        leads to progress from ``state``, where no listed move makes progress
        at once, answered without making the moves: ``True`` where it does,
        ``False`` where it does not (so :meth:`_probe` would find no line),
        ``None`` where the game cannot tell that way (the default; the probe
        then walks). It must never be wrong: :meth:`is_over` trusts it."""
        return None

    _probe_kinds: frozenset[str] = frozenset()
    """The kinds of move (turning the stock, say) that :meth:`_probe` follows."""

    def _probe(self, state: State, mark: Hashable) -> tuple[Move, ...] | None:
        """A line to progress found cheaply by turning the stock
        (:func:`patience.progress.probe`), or ``None``."""
        return _progress_module.probe(self, state, mark)

    def _move_progress(self, state: State, move: Move) -> bool | None:
        """Whether the listed ``move`` makes progress from ``state``, where the
        game can tell from the move alone, without making it; ``None`` where it
        cannot (the default, always). It must never be wrong: the searches for
        progress trust it."""
        return None

    def _listed_progress(self, state: State, moves: tuple[Move, ...]) -> bool:
        """Whether one of ``moves``, the listing of ``state``, makes progress as
        :meth:`_move_progress` tells it: ``any(self._move_progress(state, m)
        for m in moves)``, which is the default. A game that notes the answer
        as it lists the moves gives it here, and must give exactly that."""
        quick = self._move_progress
        return any(quick(state, move) for move in moves)

    def _advance(self, state: State, move: Move, mark: Hashable) -> tuple[State, bool]:
        """The position after the listed ``move``, and whether it makes progress
        from ``state``, whose :meth:`progress` is ``mark``. A game may answer
        the second part more cheaply than by comparing marks."""
        child = self._apply(state, move)
        return child, self._progress(child) != mark

    def _search_key(self, state: State) -> Hashable:
        """The key the progress search tells positions apart by (default:
        :meth:`canonical_key`). Equal keys must play alike; a game may give a
        cheaper key that still tells every differently playing position apart."""
        return self.canonical_key(state)

    def view(self, state: State, player: int = 0) -> State:
        """What ``player`` knows of ``state``: every card they cannot know is
        :attr:`Card.HIDDEN`.

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
        return State._make(self, self._encode(masked), state.info)

    def _known_piles(self, state: State, player: int) -> Iterable[int]:
        """The layout positions of the piles whose face-down cards ``player``
        has seen and knows the order of (default: none)."""
        return ()

    def _hidden_pools(self, view: State) -> Iterable[tuple[tuple[int, ...], Counter[Card]]]:
        """Where the cards a view hides can lie, for
        :func:`~patience.policies.sample_world`: pairs of the layout positions
        of some piles and the cards their hidden places hold between them.

        The default is one pool: every pile, holding the game's deck less the
        cards the view shows. A game whose players each have a pack of their
        own gives one pool per pack, so that no sampled pack holds a card twice.
        """
        shown = Counter(c for p in view.piles.items_tuple for c in p.cards if not c.is_hidden)
        return [(tuple(range(len(self.layout))), Counter(self.deck) - shown)]

    # ------------------------------------------------------- agents' view

    def movers(self, state: State) -> tuple[int, ...]:
        """The players who may move in ``state``, lowest first: ``(0,)`` in a
        one-player game that goes on, the player whose turn it is where players
        take turns, both players of a race; ``()`` once the game is over."""
        if self.is_over(state):
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

    @functools.cached_property
    def capacities(self) -> tuple[int, ...]:
        """For each pile of the layout, the most cards it can ever hold (at most
        the deck), so that fixed-size encodings need no more room than that."""
        caps = tuple(self._capacities())
        if len(caps) != len(self.layout) or not all(0 < c <= len(self.deck) for c in caps):
            raise AssertionError(f"{self.name}: a capacity for each pile, from 1 to the deck")
        return caps

    def _capacities(self) -> Iterable[int]:
        """:attr:`capacities` (default: the whole deck for every pile)."""
        return (len(self.deck),) * len(self.layout)

    @functools.cached_property
    def _card_codes(self) -> dict[Card, int]:
        """The observation code of each card: 1 for a hidden card, then 2, 3 ...
        for the deck's distinct cards in card order (equal cards share a code)."""
        distinct = sorted(set(self.deck), key=lambda c: c.sort_key)
        return {Card.HIDDEN: 1, **{card: 2 + i for i, card in enumerate(distinct)}}

    @functools.cached_property
    def observation_bounds(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The lowest and highest value each entry of :meth:`observe` can take."""
        top = max(self._card_codes.values())
        low: list[int] = []
        high: list[int] = []
        for cap in self.capacities:
            low += [0] * cap
            high += [top] * cap
        low += [0] * len(self.capacities)
        high += list(self.capacities)
        counters_low, counters_high = self._counter_bounds()
        return (tuple(low + list(counters_low)), tuple(high + list(counters_high)))

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of :meth:`observe`'s result: ``(length,)``, fixed per game."""
        return (len(self.observation_bounds[0]),)

    def observe(self, state: State, player: int = 0, *, array: bool = False) -> Any:
        """``player``'s information state as a fixed-length row of integers.

        For each pile in layout order, one entry per place up to the pile's
        capacity (:attr:`capacities`), bottom card first: ``0`` for no card,
        ``1`` for a card the player does not know, ``2`` and up for a known
        card (the deck's distinct cards in card order); then each pile's
        face-down count; then the game's counters (:meth:`_counter_features`;
        the "Agents" page of the documentation says which). :attr:`observation_shape` and
        :attr:`observation_bounds` describe it. A tuple of ``int``, or with
        ``array=True`` a NumPy array of ``int32`` (NumPy is needed only then).
        """
        view = self.view(state, player)
        code = self._card_codes.__getitem__
        out: list[int] = []
        piles = self._decode(view._items)
        for pile, cap in zip(piles, self.capacities):
            cards = pile.cards
            out += map(code, cards)
            out += [0] * (cap - len(cards))
        out += [p.down for p in piles]
        out += self._counter_features(view)
        if array:
            import numpy

            return numpy.asarray(out, dtype=numpy.int32)
        return tuple(out)

    @functools.cached_property
    def _counted(self) -> tuple[str, ...]:
        return tuple(k for k, v in self._fresh_info.items() if isinstance(v, (bool, int)))

    def _counter_features(self, state: State) -> list[int]:
        """The counters' part of :meth:`observe`. By default the counters that
        hold a number or a truth value in a fresh deal, in their order."""
        data = state.info
        return [int(data[k]) for k in self._counted]  # type: ignore[arg-type]

    def _counter_bounds(self) -> tuple[list[int], list[int]]:
        """The lowest and highest value of each of :meth:`_counter_features`
        (by default 0 and 1 for a truth value, 0 and ``2**31 - 1`` for a number)."""
        fresh = self._fresh_info
        low = [0 for _ in self._counted]
        high = [1 if isinstance(fresh[k], bool) else 2**31 - 1 for k in self._counted]
        return low, high

    def position(self, state: State) -> str:
        """``state`` as one line of text that :meth:`from_position` reads back.

        The piles in layout order, separated by ``/``: each pile's face-down
        cards, ``|`` and its face-up cards (``3C9D|KH``; a pile with no face-down
        card is written without ``|``, an empty one as ``-``); then a space and
        the counters as compact JSON. The game and its options are not part of
        it: a position is read by its own game, as a chess position is read as
        chess.
        """
        self._check_own(state)
        parts = []
        for pile in state.piles.items_tuple:
            down = "".join(map(str, pile.cards[: pile.down]))
            up = "".join(map(str, pile.cards[pile.down :]))
            parts.append(f"{down}|{up}" if pile.down else up or "-")
        return "/".join(parts) + " " + _counters_text(state.info)

    def from_position(self, text: str) -> State:
        """The state that :meth:`position` wrote as ``text``, checked as
        :meth:`from_json` checks a saved state; raises
        :class:`~patience.errors.InvalidStateError` naming what is wrong."""
        if not isinstance(text, str):
            raise InvalidStateError(f"a position is text, not {brief_repr(text)}")
        piles_text, _, info_text = text.strip().partition(" ")
        fields = piles_text.split("/")
        if len(fields) != len(self._names):
            raise InvalidStateError(
                f"{self.name}: a position has {len(self._names)} piles, not {len(fields)}"
            )
        piles: dict[str, Any] = {}
        for name, field in zip(self._names, fields):
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
            raise InvalidStateError(
                f"the counters {brief_repr(info_text)} are not JSON ({e})"
            ) from None
        data = {"format": STATE_FORMAT, "game": self.name, "options": self._options}
        return self.from_json({**data, "piles": piles, "info": info})

    def position_hash(self, state: State) -> int:
        """A 64-bit hash of ``state`` that is the same on every machine, in every
        process and every Python version (unlike ``hash(state)``).

        It is the first eight bytes, read big-endian, of the BLAKE2b digest of
        the UTF-8 text ``"<game name> <options as sorted compact JSON>
        <position>"``, where the position is :meth:`position`; "Formats" in the
        documentation gives test vectors. Equal states hash alike. A clock
        reading in the counters (the timed Railroad's ``started``) is not
        hashed, only whether the clock has started (:meth:`_hashed_info`): the
        same deal after the same moves hashes alike in every process, whenever
        its moves were made.
        """
        position = self.position(state)
        timeless = self._hashed_info(state)
        if timeless is not state.info:
            position = position.partition(" ")[0] + " " + _counters_text(timeless)
        options = json.dumps(self._options, separators=(",", ":"), sort_keys=True)
        text = f"{self.name} {options} {position}"
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")

    def _hashed_info(self, state: State) -> Info:
        """The counters of ``state`` as :meth:`position_hash` hashes them: by
        default ``state.info`` itself; a game that keeps a clock reading
        replaces it with what does not depend on when the moves were made."""
        return state.info

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
        """``state`` after the ending ``how`` that :meth:`ending` reported.

        The default game has no endings and raises
        :class:`~patience.errors.PatienceError`.
        """
        self._check_own(state)
        raise PatienceError(f"{self.name} has no ending {brief_repr(how)}")

    def parse_move(self, state: State, text: str) -> Move:
        """Read move notation in the context of ``state``.

        Raises :class:`~patience.errors.InvalidMoveError` for text that is not a
        move of this game (bad syntax, unknown piles, no such player). The move
        is not checked for legality here: :meth:`apply` does that.
        """
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

    # ------------------------------------------------------------ actions

    @functools.cached_property
    def actions(self) -> tuple[Move, ...]:
        """Every move the game can ever make, in a fixed order: action ``i`` is
        ``actions[i]``, for agents that choose among numbered actions.

        The numbering depends only on the game and its options, never on a
        position, and it is stable: the golden files of the test suite pin it.
        Where a move carries something the position decides (Accordion's card
        count), the entry is a pattern and :meth:`move_of` fills it in.
        """
        listed = tuple(self._action_space())
        if len(set(listed)) != len(listed):
            raise AssertionError(f"{self.name}: an action is listed twice")
        return listed

    @property
    def num_actions(self) -> int:
        """How many actions there are: ``len(game.actions)``."""
        return len(self.actions)

    @functools.cached_property
    def _action_index(self) -> dict[Move, int]:
        return {move: i for i, move in enumerate(self.actions)}

    def action_of(self, move: Move | str, state: State | None = None) -> int:
        """The number of ``move`` among :attr:`actions`.

        Notation needs the position it is read in (``state``). Raises
        :class:`~patience.errors.PatienceError` for a move that is not one
        of the game's actions (a move of another game, say).
        """
        if isinstance(move, str):
            if state is None:
                raise PatienceError("action_of() reads move text in a position: give state=")
            move = self.parse_move(state, move)
        if not isinstance(move, Move):
            raise PatienceError(f"action_of() takes a Move, not {brief_repr(move)}")
        found = self._action_index.get(self._action_pattern(move))
        if found is None:
            raise PatienceError(f"{self.name} has no action for {str(move)!r}")
        return found

    def move_of(self, action: int, state: State) -> Move:
        """The move that action number ``action`` stands for in ``state``.

        Legal or not: :meth:`apply` decides, and :meth:`action_mask` says which
        actions are legal. Raises :class:`~patience.errors.PatienceError` for
        a number outside ``range(num_actions)``.
        """
        self._check_own(state)
        if isinstance(action, bool) or not isinstance(action, int):
            raise PatienceError(f"an action is an integer, not {brief_repr(action)}")
        if not 0 <= action < len(self.actions):
            raise PatienceError(
                f"{self.name} has actions 0 to {len(self.actions) - 1}, not {action}"
            )
        return self._action_move(self.actions[action], state)

    def action_mask(self, state: State) -> tuple[bool, ...]:
        """For each action, whether its move is legal in ``state``."""
        index = self._action_index
        mask = [False] * len(self.actions)
        for move in self.legal_moves(state):
            mask[index[self._action_pattern(move)]] = True
        return tuple(mask)

    def legal_actions(self, state: State) -> tuple[int, ...]:
        """The numbers of the legal moves, in legal-move order."""
        index = self._action_index
        return tuple(index[self._action_pattern(m)] for m in self.legal_moves(state))

    def _action_space(self) -> Iterable[Move]:
        """The game's actions (see :attr:`actions`), each once, in their fixed order.

        Every move the game can ever list must match one of them through
        :meth:`_action_pattern`. The default raises: a game offers actions by
        saying what they are.
        """
        raise PatienceError(f"{self.name} does not number its moves as actions")

    def _action_pattern(self, move: Move) -> Move:
        """The entry of :attr:`actions` that ``move`` is (default: the move itself)."""
        return move

    def _action_move(self, pattern: Move, state: State) -> Move:
        """The move the action ``pattern`` stands for in ``state`` (default: itself)."""
        return pattern

    # ----------------------------------------------------- solver hooks

    def canonical_key(self, state: State) -> Hashable:
        """A key equal for positions that play identically (default: the state).

        Solvers use it for transpositions; games with interchangeable piles
        override it.
        """
        return state

    def search_lines(self, state: State) -> tuple[tuple[tuple[Move, ...], State], ...] | None:
        """Lines of legal moves a search for a win may take as single steps
        from ``state``, each with the position it ends in; ``None`` (the
        default) if the game joins no moves.

        A game may join moves that only lead up to others, such as turning
        the stock until a card shows that plays, and leave out lines that
        another reaches the same way. The lines must never lose a win:
        whenever some sequence of legal moves from ``state`` wins, one that
        starts with one of these lines wins too. A game that joins moves
        gives lines from every position (a move alone is a line of one), so
        a search can tell from any position whether the game joins any.
        """
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        return self._search_lines(state)

    def _search_lines(self, state: State) -> tuple[tuple[tuple[Move, ...], State], ...] | None:
        """:meth:`search_lines` for a state of this game (default: ``None``)."""
        return None

    def transposition_key(self, state: State) -> tuple[Hashable, int]:
        """The key a solver files ``state`` under, with its debt (default:
        :meth:`canonical_key` and :meth:`debt`).

        Positions with equal keys must differ at most in an allowance: the
        one with the smaller debt can make every move the other can, and
        its positions after them have equal keys and no more debt. A search
        skips a position whose key it has met with no more debt. A game
        whose :meth:`canonical_key` must tell such positions apart (other
        tools treat equal canonical keys as the same position) gives the
        looser key here.
        """
        return self.canonical_key(state), self.debt(state)

    def move_scores(self, state: State, player: int = 0) -> tuple[int, ...] | None:
        """``player``'s score after each legal move, told without making them, or ``None``.

        In the order of :meth:`legal_moves`; each equal to
        ``score(apply(state, move), player)`` for its move. ``None`` means the
        game cannot tell more cheaply than by making the moves (the default).
        A solver orders a position's moves by it and makes only the moves it
        goes on to search.
        """
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        return self._move_scores(state, self._check_player(player))

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """:meth:`move_scores` for a state of this game and a valid player
        (default: ``None``, only making the moves tells)."""
        return None

    def move_preferences(self, state: State) -> tuple[int, ...] | None:
        """How promising each legal move looks to a search for a win, or ``None``.

        In the order of :meth:`legal_moves`; higher is more promising. A
        preference is advice, not a rule: a solver tries the moves of equal
        score in this order (ties at random) and still tries them all, so it
        changes how soon a win is found, never what is legal or what a
        search can prove. ``None`` (the default) means the game has no advice.
        """
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        return self._move_preferences(state)

    def _move_preferences(self, state: State) -> tuple[int, ...] | None:
        """:meth:`move_preferences` for a state of this game (default: ``None``)."""
        return None

    def search_estimate(self, state: State) -> int | None:
        """How far from a win ``state`` looks to a search for one, or ``None``.

        A whole number, lower for a position that looks closer to a win; it
        need not be exact, nor a bound of any kind. A solver uses it to choose
        which position to look at next in a search that seeks wins (best
        first), besides its exhaustive search: like
        :meth:`move_preferences`, it changes how soon a win is found, never
        what a search can prove. ``None`` (the default) means the game gives
        no estimate, and the solver then makes no such search.
        """
        if type(state) is not State or state._game is not self:
            self._check_own(state)
        return self._search_estimate(state)

    def _search_estimate(self, state: State) -> int | None:
        """:meth:`search_estimate` for a state of this game (default: ``None``)."""
        return None

    def safe_moves(self, state: State) -> tuple[Move, ...]:
        """Moves that can always be made at once without losing anything (default: none)."""
        return ()

    def debt(self, state: State) -> int:
        """How much of a limited allowance ``state`` has used up (default: 0).

        Two positions with the same :meth:`canonical_key` can still differ in
        such an allowance, like the swaps used in open Poker Solitaire; the
        one with less debt can do at least as well. A solver
        skips a repeated key only when the new visit's debt is no smaller.
        """
        return 0

    def may_win(self, state: State, player: int = 0) -> bool:
        """False only if no continuation of ``state`` can be won by ``player``.

        The default never rules a position out; games that can tell cheaply
        override it so that solvers can prune.
        """
        return True

    def score_bound(self, state: State, player: int = 0) -> int | None:
        """A score no continuation of ``state`` can beat for ``player``, or ``None``.

        An optimistic bound (the best conceivable final score): solvers prune
        positions whose bound cannot improve on a score already reached.
        """
        return None

    # ------------------------------------------------ text and JSON (serial)

    render = _serial.table
    to_json = _serial.to_json
    from_json = _serial.from_json

    def _state_problem(self, state: State) -> str:
        """Game-specific consistency checks for loaded states; ``""`` if all is well.

        The default checks that the counters have the same names as a fresh
        deal's.
        """
        expected = self._info_keys
        if set(state.info) != expected:
            return f"info must have the keys {sorted(expected)}, not {sorted(state.info)}"
        return ""

    # ---------------------------------------------------------- helpers

    @functools.cached_property
    def _fresh_info(self) -> Info:
        """The counters of a fresh deal (worked out once per game)."""
        return self.deal(0).info

    @functools.cached_property
    def _info_keys(self) -> frozenset[str]:
        """The names of the counters in a fresh deal (worked out once per game)."""
        return frozenset(self._fresh_info)

    def _deck_problem(self, cards: tuple[Card, ...]) -> str:
        """Describe how ``cards`` differ from the game's deck, or ``""``."""
        return _serial.deck_problem(self.deck.cards, cards)

    def _check_own(self, state: State) -> None:
        """Raise unless ``state`` is a state of this game (or of an equal game)."""
        if not isinstance(state, State):
            raise InvalidStateError(
                f"{self.name}: expected a State of this game, not {type(state).__name__}"
            )
        if state._game is not self and state._game != self:
            raise ForeignStateError(state, self)

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

    def _check_player(self, player: int) -> int:
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.players
        ):
            raise PatienceError(f"{self.name} has no player {brief_repr(player)}")
        return player

    def _new_state(self, items: tuple[Any, ...], info: Info = EMPTY_INFO) -> State:
        """A state of this game from its encoded piles (no checks: for game code)."""
        return State._make(self, items, info)

    def _encode(self, piles: tuple[Pile, ...]) -> tuple[Any, ...]:
        """The game's internal encoding of piles in layout order (default: the piles).

        A game may keep a leaner form inside its states, as long as
        :meth:`_decode` gives the piles back; equality and hashing of states
        use the encoding.
        """
        return piles

    def _decode(self, items: tuple[Any, ...]) -> tuple[Pile, ...]:
        """The piles, in layout order, of an encoding made by :meth:`_encode`."""
        return items

    def _piles_of(self, items: tuple[Any, ...]) -> Piles:
        return Piles._build(self._names, self._index, self._decode(items))

    def make_state(
        self, piles: Mapping[str, Pile], info: Mapping[str, InfoValue] = EMPTY_INFO
    ) -> State:
        """A state of this game from piles by name (every layout pile, no others) and counters.

        Only the shape is checked here; :meth:`from_json` checks everything.
        """
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
        items = self._encode(tuple(piles[n] for n in self._names))
        return State._make(self, items, info if isinstance(info, Info) else Info(info))


def _new_game(cls: type[Game]) -> Game:
    """An empty instance for unpickling; pickle then restores its attributes."""
    return cls.__new__(cls)


def _game_by_name(name: str, options: dict[str, Any]) -> Game:
    from .registry import game as make_game

    return make_game(name, **options)
