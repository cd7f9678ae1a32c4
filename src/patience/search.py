"""What searches ask of a game besides its rules: keys for transpositions,
lines of moves taken as one step, scores and advice told without making the
moves, estimates, stages and promising moves, safe moves and bounds.

The solver (:func:`patience.solve`), the policies and the search for progress
ask these through the :class:`~patience.Game` methods of the same names,
which :class:`SearchMethods` gives every game, each with a default that
changes nothing. A game overrides them to make searches faster, never to
change what is legal (see "Hooks for tools" in the docs): directly for
:meth:`~patience.Game.canonical_key`, :meth:`~patience.Game.transposition_key`,
:meth:`~patience.Game.debt`, :meth:`~patience.Game.safe_moves`,
:meth:`~patience.Game.may_win` and :meth:`~patience.Game.score_bound`; through
the private hooks ``_search_lines``, ``_move_scores``, ``_move_preferences``,
``_search_estimate``, ``_search_stage`` and ``_promising_moves`` for the six
functions of this module, which check their state and then ask the hook.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from .errors import PatienceError, brief_repr
from .move import Move
from .state import State

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "SearchMethods",
    "move_preferences",
    "move_scores",
    "promising_moves",
    "search_estimate",
    "search_lines",
    "search_stage",
]


def search_lines(game: Game, state: State) -> tuple[tuple[tuple[Move, ...], State], ...] | None:
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
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return game._search_lines(state)


def move_scores(game: Game, state: State, player: int = 0) -> tuple[int, ...] | None:
    """``player``'s score after each legal move, told without making them, or
    ``None``.

    In the order of :meth:`~patience.Game.legal_moves`; each equal to
    ``score(apply(state, move), player)`` for its move. ``None`` means the game
    cannot tell more cheaply than by making the moves (the default). A solver
    orders a position's moves by it and makes only the moves it goes on to
    search.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return game._move_scores(state, game._check_player(player))


def move_preferences(game: Game, state: State) -> tuple[int, ...] | None:
    """How promising each legal move looks to a search for a win, or ``None``.

    In the order of :meth:`~patience.Game.legal_moves`; higher is more
    promising. A preference is advice, not a rule: a solver tries the moves
    of equal score in this order (ties at random) and still tries them all,
    so it changes how soon a win is found, never what is legal or what a
    search can prove. ``None`` (the default) means the game has no advice.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return game._move_preferences(state)


def search_estimate(game: Game, state: State, kind: int = 0) -> int | None:
    """How far from a win ``state`` looks to a search for one, or ``None``.

    A whole number, lower for a position that looks closer to a win; it need
    not be exact, nor a bound of any kind. A solver uses it to choose which
    position to look at next in a search that seeks wins (best first), besides
    its exhaustive search: like :func:`~patience.search.move_preferences`, it
    changes how soon a win is found, never what a search can prove. ``None``
    (the default) means the game gives no estimate, and the solver then makes
    no such search.

    A game may give several estimates that weigh a position differently
    (:attr:`~patience.Game.estimate_kinds` of them, numbered from 0 by
    ``kind``): the solver then makes one such search for each, and they take
    turns. Where one estimate leads a search astray in a deal, another
    seldom does in the same deal. A ``kind`` that is not a whole number in
    ``range(game.estimate_kinds)`` raises :class:`~patience.PatienceError`.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    if kind != 0 and (
        isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < game.estimate_kinds
    ):
        raise PatienceError(
            f"kind must be a whole number from 0 to {game.estimate_kinds - 1}"
            f" (see Game.estimate_kinds), not {brief_repr(kind)}"
        )
    return game._search_estimate(state, kind)


def search_stage(game: Game, state: State) -> int | None:
    """The stage of play ``state`` is in, for a best-first search for wins
    that takes one stage at a time, or ``None``.

    A whole number that no legal move ever lowers, and that a few moves
    raise: moves that change what is left to play for good, such as a deal
    from a stock onto every pile. Where a game gives stages, the solver's
    best-first search for wins searches the positions of one stage for a
    while, then goes on from the most promising positions of the next (see
    :doc:`/solving`); like the estimate it steers, it changes how soon a win
    is found, never what a search can prove. ``None`` (the default) means
    the game gives no stages, and the search takes the positions as they
    come.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return game._search_stage(state)


def promising_moves(game: Game, state: State) -> tuple[Move, ...] | None:
    """The legal moves of ``state`` that a search seeking wins tries, or
    ``None`` for all of them.

    Some of the legal moves, in the order of
    :meth:`~patience.Game.legal_moves`: a game leaves out moves that seldom
    lead anywhere the others do not, such as moving a run off a card it is
    built on in suit onto another. Unlike :meth:`~patience.Game.safe_moves`
    and :meth:`~patience.Game.search_lines`, the moves left out may be the
    only way to a win, so only a search that answers with wins alone asks
    for them: the solver's best-first search does, its exhaustive runs,
    which prove losses, never do. ``None`` (the default) leaves out nothing.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return game._promising_moves(state)


# ------------------------------------------------------ the hooks, and Game's part


def _no_lines(game: Game, state: State) -> tuple[tuple[tuple[Move, ...], State], ...] | None:
    """:func:`~patience.search.search_lines` for a state of the game (default:
    ``None``)."""
    return None


def _no_scores(game: Game, state: State, player: int) -> tuple[int, ...] | None:
    """:func:`~patience.search.move_scores` for a state of the game and a valid
    player (default: ``None``, only making the moves tells)."""
    return None


def _no_preferences(game: Game, state: State) -> tuple[int, ...] | None:
    """:func:`~patience.search.move_preferences` for a state of the game
    (default: ``None``)."""
    return None


def _no_estimate(game: Game, state: State, kind: int) -> int | None:
    """:func:`~patience.search.search_estimate` for a state of the game and
    a valid ``kind`` (default: ``None``)."""
    return None


def _no_stage(game: Game, state: State) -> int | None:
    """:func:`~patience.search.search_stage` for a state of the game
    (default: ``None``, no stages)."""
    return None


def _every_move(game: Game, state: State) -> tuple[Move, ...] | None:
    """:func:`~patience.search.promising_moves` for a state of the game
    (default: ``None``, every legal move)."""
    return None


def _state_itself(game: Game, state: State) -> Hashable:
    """A key equal for positions that play identically (default: the
    position's piles and counters, which is all of the state but its count
    of moves without progress).

    Solvers use it for transpositions; games with interchangeable piles
    override it.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return (state._items, state._info)


def _key_and_debt(game: Game, state: State) -> tuple[Hashable, int]:
    """The key a solver files ``state`` under, with its debt (default:
    :meth:`~patience.Game.canonical_key` and :meth:`~patience.Game.debt`).

    Positions with equal keys must differ at most in an allowance: the
    one with the smaller debt can make every move the other can, and
    its positions after them have equal keys and no more debt. A search
    skips a position whose key it has met with no more debt. A game
    whose canonical key must tell such positions apart (other tools treat
    equal canonical keys as the same position) gives the looser key here.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return game.canonical_key(state), game.debt(state)


def _no_debt(game: Game, state: State) -> int:
    """How much of a limited allowance ``state`` has used up (default: 0).

    Two positions with the same :meth:`~patience.Game.canonical_key` can
    still differ in such an allowance, like the swaps used in open Poker
    Solitaire; the one with less debt can do at least as well. A solver
    skips a repeated key only when the new visit's debt is no smaller.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return 0


def _no_safe_moves(game: Game, state: State) -> tuple[Move, ...]:
    """Moves that can always be made at once without losing anything (default:
    none)."""
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return ()


def _may_always_win(game: Game, state: State, player: int = 0) -> bool:
    """False only if no continuation of ``state`` can be won by ``player``.

    The default never rules a position out; games that can tell cheaply
    override it so that solvers can prune.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return True


def _no_bound(game: Game, state: State, player: int = 0) -> int | None:
    """A score no continuation of ``state`` can beat for ``player``, or ``None``.

    An optimistic bound (the best conceivable final score): solvers prune
    positions whose bound cannot improve on a score already reached.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return None


class SearchMethods:
    """The part of :class:`~patience.Game` that this module gives it: the
    functions of this module as methods, and the hooks for searches, with their
    defaults."""

    search_lines = search_lines
    move_scores = move_scores
    move_preferences = move_preferences
    search_estimate = search_estimate
    search_stage = search_stage
    promising_moves = promising_moves
    canonical_key = _state_itself
    transposition_key = _key_and_debt
    debt = _no_debt
    safe_moves = _no_safe_moves
    may_win = _may_always_win
    score_bound = _no_bound

    estimate_share: int = 1
    """How many positions a solver's best-first search for wins (by
    :meth:`search_estimate`) gets for each position of the exhaustive run it
    takes turns with: 1 by default, more where a game's estimate leads to
    wins far more often than the exhaustive search does. Where the game
    gives several estimates, their searches share these positions equally."""

    estimate_kinds: int = 1
    """How many estimates :meth:`search_estimate` gives (its ``kind`` runs
    from 0 to one less): 1 by default. A solver makes one best-first search
    for wins by each, taking turns."""

    _search_lines = _no_lines
    _move_scores = _no_scores
    _move_preferences = _no_preferences
    _search_estimate = _no_estimate
    _search_stage = _no_stage
    _promising_moves = _every_move
