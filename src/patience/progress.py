"""Whether a game can still make progress: the searches behind
:meth:`Game.is_over <patience.Game.is_over>` and
:meth:`Game.progress_line <patience.Game.progress_line>`, and the stall rule's
limit.

In a game whose positions can repeat, a position with legal moves left is
over only when no sequence of them can make progress (see
:meth:`Game.progress <patience.Game.progress>`; with worrying back, also
none can put more cards up than the position has: see ``_standing``). Call
the positions reachable from ``state`` without progress its *region*. This
module decides, for :meth:`~patience.Game.is_over`::

    over(state)  <=>  the game's proof shows that no progress is possible
                      (``_stuck``: cheap, and never wrong),
                      or no position of the region makes progress
                      and the region holds at most PROGRESS_SEARCH_LIMIT positions

That is a property of the position alone, whatever order a search takes and
whatever it has learnt before, so a search may stop at the first sign of
progress, may ask the proof when it likes, and may use what earlier searches
found. Where the region is larger than the limit and the proof cannot tell,
the game goes on: over means proven. The stall rule (:data:`STALL_MOVES`)
ends such games after a long stretch without progress.

Two facts make earlier searches useful to later ones. A position from which
some position that goes on can be reached goes on itself (progress reachable
from the one is reachable from the other), and one from which a position
whose region is larger than the limit can be reached has a larger region
still; and every position in the region of a position whose region was
searched to its end without progress is over too. Each game object therefore
keeps one bounded table of such facts (:class:`VerdictTable`), keyed by the
game's search key (:meth:`Game._search_key <patience.Game._search_key>`). A
search from a new position stops as soon as it meets a position the table
says goes on or has too large a region; where it finds progress or gives
up, every position it met that can reach that place is recorded with it. In
play, where each position is a move away from the one asked about before,
that is usually within a position or two, so a stretch of moves without
progress costs about one real search, not one a move. The table only ever
makes answers cheaper: each entry is a fact about its key, whoever worked it
out, and no answer depends on what the table holds.

The module works through a game's hooks only: ``_legal_moves`` and the
hooks of :class:`ProgressMethods`, which :class:`~patience.Game` inherits with
their defaults (``_progress``, ``_advance``, ``_move_progress``,
``_listed_progress``, ``_near_progress``, ``_stuck``, ``_standing``,
``_rises``, ``_search_key``, ``_moved_keys``, ``_progress_hint``,
``_progress_hints``, and for games with a stock ``_probe_kinds`` and
``_turning_progress``); a game overrides them on its own class. :func:`mark`
and :func:`progress_line` are :meth:`Game.progress <patience.Game.progress>`
and :meth:`Game.progress_line <patience.Game.progress_line>`.
"""

from __future__ import annotations

import functools
import heapq
import sys
import threading
from collections.abc import Callable, Container, Hashable, Iterable
from typing import TYPE_CHECKING, cast

from .move import Move
from .state import State

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "GOES_ON",
    "LARGE",
    "OVER",
    "PROGRESS_SEARCH_DIRECTED_LIMIT",
    "PROGRESS_SEARCH_LIMIT",
    "STALL_MOVES",
    "ProgressMethods",
    "RegionSteps",
    "StateSteps",
    "VerdictTable",
    "cannot_progress",
    "directed_progress",
    "find_progress",
    "mark",
    "probe",
    "progress_line",
    "reach_progress",
    "search_progress",
]

PROGRESS_SEARCH_LIMIT = 5_000
"""The most positions a game's region may hold for :meth:`~patience.Game.is_over`
to prove that no progress is possible.

The region of a position is every position reachable from it by moves that
make no progress (each once; positions that differ only in the order of
interchangeable piles are one). A game is over by this search when no
position of its region makes progress and the region holds at most this many
positions. Where the region is larger and none of the positions searched made
progress, the search stops and the game goes on: the positions left unseen
might hold a way forward. Loops that must end (random play, simulations,
environments) then stop by their own guards, and report the deal as cut, never
as lost. :meth:`~patience.Game.progress_line` searches breadth first up to the
same bound.
"""

PROGRESS_SEARCH_DIRECTED_LIMIT = 5_000
"""The most positions the directed search of :meth:`~patience.Game.progress_line` meets.

Where the breadth-first search for a shortest line stops at
:data:`PROGRESS_SEARCH_LIMIT` positions, a game that can tell how near a
position is to progress (the tableau games: how many cards lie on the
nearest card that could go up or turn over) searches again, nearest first,
up to this many positions, for a line that may be longer. It bounds that hint
only: whether the game is over does not depend on it.
"""

STALL_MOVES = 1_000
"""How many moves in a row without progress end a game, unless it says
otherwise: the default of the option ``stall`` that every game takes.

Like chess's seventy-five-move rule, the stall rule makes every game end:
once :attr:`State.idle <patience.State.idle>` reaches the game's
:attr:`~patience.Game.stall`, the game is over, and :attr:`Result.ending
<patience.Result.ending>` reads ``"stalled"``. A thousand is far beyond any
stretch a player means to make (the built-in policies head for progress
after a hundred), so only play that circles for ever meets it.
``patience.game(name, stall=n)`` ends games after ``n`` such moves
instead, and ``stall=None`` turns the rule off.
"""

_Parents = dict[Hashable, "tuple[Hashable, Move] | None"]

_Entry = tuple[int, int, Hashable, object, "int | None"]
"""An entry of the queue of :func:`_decide`."""


class RegionSteps:
    """How :meth:`Game.is_over <patience.Game.is_over>`'s search moves through a
    region: its positions as *nodes*, and for each node the search keys and
    standings of the positions its moves lead to. The default,
    :class:`StateSteps`, makes the moves on states; a game may give a cheaper
    walk of its own (``Game._region_steps``), which must meet exactly the
    positions, keys and progress the moves do.
    """

    root: object
    """The node of the position asked about."""
    standing: int | None
    """Its standing (see ``_standing``), or ``None``."""

    def expand(
        self, node: object, known: Container[Hashable], eager: bool
    ) -> list[tuple[Hashable, object, int | None]] | None:
        """For each legal move of ``node``'s position: the search key of the
        position it leads to, that position's node and its standing; or
        ``None`` where some move makes progress (or raises the standing above
        the root's). A node need not be given for a key in ``known``; nodes
        may be given as ways to make them, unless ``eager`` (the search then
        asks :meth:`hints` of each new one)."""
        raise NotImplementedError

    def hints(self, node: object) -> tuple[int, ...] | None:
        """The game's hints for ``node``'s position (see ``_progress_hints``)."""
        raise NotImplementedError


class StateSteps(RegionSteps):
    """:class:`RegionSteps` over states, through the game's hooks: a node is a
    state, or the state and move it comes from. A move whose position's key
    the game tells without making it (``_moved_keys``) is made only where
    that position is new."""

    __slots__ = ("_game", "_mark", "_moves", "root", "standing")

    def __init__(self, game: Game, state: State, moves: tuple[Move, ...]) -> None:
        self._game = game
        self._moves = moves  # the root's listing, already asked for progress
        self._mark = game._progress(state)
        self.root = state
        self.standing = game._standing(state)

    def _made(self, node: object) -> State:
        if isinstance(node, State):
            return node
        parent, move = cast("tuple[State, Move]", node)
        return self._game._advance(parent, move, self._mark)[0]

    def expand(
        self, node: object, known: Container[Hashable], eager: bool
    ) -> list[tuple[Hashable, object, int | None]] | None:
        game = self._game
        here = self._made(node)
        standing = self.standing
        if here is self.root:
            moves = self._moves
        else:
            moves = game._legal_moves(here)
            if game._listed_progress(here, moves) or (
                standing is not None
                and game._standing(here) == standing
                and game._rises(here, moves)
            ):
                return None
        mark = self._mark
        advance = game._advance
        told = game._moved_keys(here, moves)
        out: list[tuple[Hashable, object, int | None]] = []
        for k, move in enumerate(moves):
            fast = None if told is None else told[k]
            if fast is not None:
                # A move that makes no progress by the mark and whose
                # position's key and standing are known without making it:
                # made only if the position is new, and (unless the search
                # wants hints) only when its turn comes.
                child_key, child_level = fast
                if child_level is not None and standing is not None and child_level > standing:
                    return None
                child: object = None
                if child_key not in known:
                    child = advance(here, move, mark)[0] if eager else (here, move)
                out.append((child_key, child, child_level))
                continue
            made, progressed = advance(here, move, mark)
            level = None if standing is None else game._standing(made)
            if progressed or (level is not None and level > standing):  # type: ignore[operator]
                return None
            out.append((game._search_key(made), made, level))
        return out

    def hints(self, node: object) -> tuple[int, ...] | None:
        return self._game._progress_hints(self._made(node))


def _limit() -> int:
    """:data:`PROGRESS_SEARCH_LIMIT` as it is now (read at each search, so a
    test may lower it for a while)."""
    return int(sys.modules[__name__].PROGRESS_SEARCH_LIMIT)


def _line_back(parents: _Parents, key: Hashable, move: Move) -> tuple[Move, ...]:
    """The moves from a search's root to the position of ``key``, then ``move``:
    ``parents`` maps each position's key to its parent's key and the move from
    there (``None`` at the root)."""
    line = [move]
    step = parents[key]
    while step is not None:
        line.append(step[1])
        step = parents[step[0]]
    return tuple(reversed(line))


OVER = 1
"""A :class:`VerdictTable` entry: no position of the region makes progress,
and it holds at most the limit's positions (the game is over)."""

GOES_ON = 0
"""A :class:`VerdictTable` entry: some sequence of moves makes progress."""

LARGE = 2
"""A :class:`VerdictTable` entry: the region holds more positions than the
limit, and no progress was found in it: the game goes on unless the game's
proof (``_stuck``) shows that it cannot progress."""


class VerdictTable:
    """What searches for progress have found, by search key: :data:`OVER`,
    :data:`GOES_ON` or :data:`LARGE`.

    One table belongs to one game object (``Game._verdicts``). Every entry is
    a fact about its key's position, whoever worked it out, so the table is a
    pure function of its keys: it changes what an answer costs, never the
    answer. It holds at most about ``2 * size`` entries: when the newer half
    fills, the older half is dropped, and entries looked up from it are
    carried forward. Safe to share between threads: changes are made under a
    lock, and a race can only cost a search twice.
    """

    __slots__ = ("_lock", "_new", "_old", "limit", "size")

    def __init__(self, size: int = 20_000) -> None:
        self.size = size
        self.limit = PROGRESS_SEARCH_LIMIT
        """The limit the answers were worked out for: an answer depends on it."""
        self._new: dict[Hashable, int] = {}
        self._old: dict[Hashable, int] = {}
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[type[VerdictTable], tuple[int]]:
        # A copy (a game pickled by value) starts empty: answers are cheap to
        # work out again, and a lock does not travel.
        return (VerdictTable, (self.size,))

    def check_limit(self, limit: int) -> None:
        """Forget every answer if they were worked out for another limit."""
        if limit != self.limit:
            with self._lock:
                self._new, self._old, self.limit = {}, {}, limit

    def get(self, key: Hashable) -> int | None:
        """The fact recorded for ``key``, or ``None``."""
        found = self._new.get(key)
        if found is None:
            found = self._old.get(key)
            if found is not None:
                self.put((key,), found)
        return found

    def put(self, keys: Iterable[Hashable], fact: int) -> None:
        """Record ``fact`` for each of ``keys``."""
        with self._lock:
            new = self._new
            for key in keys:
                new[key] = fact
                if len(new) >= self.size:
                    self._old, self._new = new, {}
                    new = self._new

    def __len__(self) -> int:
        return len(self._new) + len(self._old)


def _quick_progress(game: Game, state: State, moves: tuple[Move, ...]) -> bool:
    """Whether one of ``moves`` (``state``'s listing) is known to make
    progress without making it (or, with worrying back, to put a card up),
    or turning the stock leads to progress."""
    if (
        game._listed_progress(state, moves)
        or game._rises(state, moves)
        or game._near_progress(state, moves)
    ):
        return True
    if game._probe_kinds:
        turning = game._turning_progress(state)
        if turning is not None:
            return turning
        return probe(game, state, game._progress(state)) is not None
    return False


def cannot_progress(game: Game, state: State) -> bool:
    """Whether no sequence of legal moves from ``state`` (which has legal
    moves) can make progress, proven: by the game's cheap proof
    (``_stuck``), or because no position of its region makes progress and
    the region holds at most :data:`PROGRESS_SEARCH_LIMIT` positions. A
    state of ``game`` keeps the answer."""
    if state._view:
        game._check_playable(state)
    mine = state._game is game
    if mine:
        known = state._search
        if known is not None and known[0] is not None:
            return bool(known[0])
    over = _decide(game, state)
    if mine:
        known = state._search
        state._search = (over, None if known is None else known[1])
    return over


def _decide(game: Game, state: State) -> bool:
    """:func:`cannot_progress` without the state's own memory.

    Cheapest first: progress in sight; what the table knows of the
    position; then the search of its region, nearest progress first where
    the game can tell, in which a position the table says goes on ends the
    search at once. The first, quick part of the game's proof is asked once
    the search has met :func:`_quick_proof_after` positions without finding
    progress, the whole proof once it has met :func:`_proof_after` (most
    positions that go on show it sooner), or where the region is larger
    than the limit. A position's listing is asked
    for progress when the position's turn to be searched comes, not when it
    is met: a region larger than the limit is then given up before the
    positions met last are listed at all.
    """
    moves = game._legal_moves(state)
    if _quick_progress(game, state, moves):
        return False
    table: VerdictTable = game._verdicts
    limit = _limit()
    table.check_limit(limit)
    key = game._search_key
    root = key(state)
    known = table.get(root)
    if known is not None:
        return known == OVER or (known == LARGE and game._stuck(state))
    steps = game._region_steps(state, moves)
    lanes = steps.hints(steps.root)
    # With worrying back, a position goes on while more cards can be put up
    # than are up in it: its standing is the count to beat, and positions
    # met below it say nothing of the root (see _standing).
    standing = steps.standing
    parents: dict[Hashable, Hashable | None] = {root: None}
    edges: list[tuple[Hashable, Hashable]] = []  # (from, to): for the positions that reach back
    # The queue's entries: priority, order met, key, the position (as the
    # steps give it: perhaps only how to make it) and its standing. One queue
    # for each hint (breadth first where there are none), taken from in
    # turn; each position met goes into every queue, and is searched from
    # the first that comes to it.
    queues: list[list[_Entry]] = [[(0, 0, root, steps.root, standing)]]
    if lanes is not None:
        queues = [list(queues[0]) for _ in lanes]
    searched: set[Hashable] = set()
    met = turn = 0
    directed = _directed_part(limit)
    prove = _proof_after(limit)
    quick = _quick_proof_after(limit)
    while True:
        if met >= quick:
            # Most positions that go on show it within a few positions: the
            # proof's quick part is asked only of those that do not.
            quick = limit + 1
            if game._stuck(state, whole=False):
                table.put((root,), OVER)
                return True
        if met >= prove:
            prove = limit + 1
            if game._stuck(state):
                table.put((root,), OVER)
                return True
        if lanes is not None and met >= directed:
            # Far from the root the hints have had their say: the rest of
            # the region is only counted, breadth first.
            lanes = None
            queues = [[e for q in queues for e in q if e[2] not in searched]]
            heapq.heapify(queues[0])
        queue = queues[turn % len(queues)]
        turn += 1
        if not queue:
            if not any(queues):
                break
            continue
        rank, _, here_key, here, _ = heapq.heappop(queue)
        if here_key in searched:
            continue
        searched.add(here_key)
        children = steps.expand(here, parents, lanes is not None)
        if children is None:
            _goes_on(table, parents, edges, here_key, GOES_ON)
            return False
        for child_key, child, child_level in children:
            edges.append((here_key, child_key))
            if child_key in parents:
                continue
            if child_level == standing:
                fact = table.get(child_key)
                if fact in (GOES_ON, LARGE):
                    # It goes on, or its region is larger than the limit:
                    # so is every position it can be reached from.
                    parents[child_key] = here_key
                    _goes_on(table, parents, edges, child_key, fact)
                    return fact == LARGE and game._stuck(state)
            if len(parents) >= limit:
                # The region is larger than the limit: so is the region of
                # every position that can reach this one.
                _goes_on(table, parents, edges, root, LARGE)
                return game._stuck(state)
            parents[child_key] = here_key
            met += 1
            if lanes is None:
                heapq.heappush(queue, (rank + 1, met, child_key, child, child_level))
            else:
                nears = steps.hints(child)
                assert nears is not None
                for near, lane in zip(nears, queues):
                    heapq.heappush(lane, (near, met, child_key, child, child_level))
    # Every position of the region was seen, none makes progress, and each
    # of their regions lies within this one.
    table.put(parents, OVER)
    return True


def _quick_proof_after(limit: int) -> int:
    """How many positions :func:`_decide` meets before it asks for the quick
    part of the game's proof: 16 (or the limit, if lower). Most positions
    that go on show it sooner, and most regions that the quick part proves
    hopeless hold more; a region searched to its end before needs no proof.
    Measured over the first 100 deals of random play (2026-12-07): in
    Scorpion 678 of 766 searches found progress, and the quick part, asked
    first, took a third of their time."""
    return min(16, limit)


def _proof_after(limit: int) -> int:
    """How many positions :func:`_decide` meets before it asks for the game's
    whole proof, where the quick part did not settle the question: a
    twentieth of the limit (250), by which most positions that go on have
    shown it, so that they are spared the proof's second part."""
    return limit // 20


def _directed_part(limit: int) -> int:
    """How many positions of a region :func:`_decide` meets in the order of the
    game's hints before it goes on breadth first: a quarter of the limit
    (hints are worth their cost near the root, where progress is found)."""
    return limit // 4


def _goes_on(
    table: VerdictTable,
    parents: dict[Hashable, Hashable | None],
    edges: list[tuple[Hashable, Hashable]],
    found: Hashable,
    fact: int,
) -> None:
    """Record ``fact`` (:data:`GOES_ON` or :data:`LARGE`) for the position
    of ``found``, and for every position met that can reach it: those on the
    way to it from the root, and those from which the moves met lead there
    (a position that can reach one that goes on goes on, and one that can
    reach a region larger than the limit has a larger region still)."""
    going = set(_path(parents, found))
    if len(edges) > 1:
        into: dict[Hashable, list[Hashable]] = {}
        for here, there in edges:
            into.setdefault(there, []).append(here)
        todo = list(going)
        while todo:
            for before in into.get(todo.pop(), ()):
                if before not in going:
                    going.add(before)
                    todo.append(before)
    table.put(going, fact)


def _path(parents: dict[Hashable, Hashable | None], key: Hashable) -> list[Hashable]:
    """``key`` and the keys of every position on the way to it from the root."""
    keys: list[Hashable] = []
    step: Hashable | None = key
    while step is not None:
        keys.append(step)
        step = parents[step]
    return keys


def mark(game: Game, state: State) -> Hashable:
    """A mark of how far play has got in ``state``.

    It stays the same over moves that make no progress and changes with
    every move that does: what counts as progress is the game's own
    definition (a card reaching a foundation or leaving play, a hidden
    card turned up, a stock or reserve card brought into play, a change
    of score; each game's page says). A mark never comes back once left,
    so a change is progress for good. A game gives it through its
    ``_progress`` hook; the default is the position itself, which is right
    for games whose positions can never repeat (every move there is
    progress). :meth:`Game.progress <patience.Game.progress>` is the same.
    """
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    return game._progress(state)


def progress_line(game: Game, state: State) -> tuple[Move, ...] | None:
    """A shortest sequence of legal moves from ``state`` whose last move makes
    progress.

    ``None`` when no sequence can make progress (the game is over), and when
    the searches met their limits without finding one (the game goes on: see
    :meth:`Game.is_over <patience.Game.is_over>`). Where the breadth-first
    search gave up but turning the stock or the directed search finds a way on,
    that line is given (it may be longer than the shortest; see "How games end"
    in the docs). A front end can offer the first move as a hint; random play
    uses it to find its way out of positions it has already seen. A state of
    ``game`` keeps the answer (see :func:`~patience.progress.search_progress`).
    :meth:`Game.progress_line <patience.Game.progress_line>` is the same.
    """
    if type(state) is not State or state._game is not game or state._view:
        game._check_playable(state)  # a view's hidden cards cannot be searched
    return game._search_progress(state)[0]


def search_progress(game: Game, state: State) -> tuple[tuple[Move, ...] | None, bool]:
    """``(line, exhausted)``: a shortest line to progress, or ``None`` with
    ``exhausted`` true when none exists (the region was searched to its end)
    and false when the searches gave up.

    Where the game's cheap proof shows that none exists, no search is made.
    Otherwise breadth first over the region, each search key once, up to
    :data:`PROGRESS_SEARCH_LIMIT` positions. Where it gives up, the probe
    (:func:`probe`) and then the directed search (up to
    :data:`PROGRESS_SEARCH_DIRECTED_LIMIT` positions) may still find a line,
    which is then given instead.
    """
    if state._view:
        game._check_playable(state)
    mine = state._game is game
    known = state._search if mine else None
    if known is not None and known[1] is not None:
        found: tuple[tuple[Move, ...] | None, bool] = known[1]
        return found
    if game._stuck(state):
        line, exhausted = None, True
    else:
        line, exhausted = find_progress(game, state)
    # The proof or the breadth-first search settles the verdict: a line, or
    # a region larger than the limit, means the game goes on; a region
    # searched to its end without progress means it is over.
    over = line is None and exhausted
    if line is None and not exhausted:
        line = probe(game, state, game._progress(state))
    if line is None and not exhausted:
        line, exhausted = directed_progress(game, state)
    if mine:
        state._search = (over, (line, exhausted))
    return line, exhausted


def find_progress(game: Game, state: State) -> tuple[tuple[Move, ...] | None, bool]:
    """The breadth-first search for progress, up to :data:`PROGRESS_SEARCH_LIMIT`
    positions: ``(line, exhausted)``, the line a shortest one."""
    return reach_progress(game, state, None, _limit())


def directed_progress(game: Game, state: State) -> tuple[tuple[Move, ...] | None, bool]:
    """The search for progress nearest first by the game's progress hint, up to
    :data:`PROGRESS_SEARCH_DIRECTED_LIMIT` positions; ``(None, False)`` for a
    game without a hint. A line found is not always a shortest."""
    if game._progress_hint(state) is None:
        return None, False
    limit = int(sys.modules[__name__].PROGRESS_SEARCH_DIRECTED_LIMIT)
    return reach_progress(game, state, game._progress_hint, limit)


def reach_progress(
    game: Game, state: State, hint: Callable[[State], int | None] | None, limit: int
) -> tuple[tuple[Move, ...] | None, bool]:
    """Search the region of ``state``, each search key once, for a move that
    makes progress: ``(line, exhausted)``, the line to it, or ``None`` with
    ``exhausted`` true when every position of the region was seen and false
    when ``limit`` positions were met first. Positions are taken in the
    order of ``hint`` (lower first) or, with ``None``, of their distance
    from ``state``; ties in the order they were met, so without a hint the
    search is breadth first and its line a shortest."""
    mark = game._progress(state)
    standing = game._standing(state)
    level = game._standing
    key = game._search_key
    root = key(state)
    parents: _Parents = {root: None}
    queue: list[tuple[int, int, Hashable, State]] = [(0, 0, root, state)]
    met = 0
    while queue:
        rank, _, here_key, here = heapq.heappop(queue)
        for move in game._legal_moves(here):
            child, progressed = game._advance(here, move, mark)
            if progressed or (standing is not None and level(child) > standing):  # type: ignore[operator]
                return _line_back(parents, here_key, move), True
            child_key = key(child)
            if child_key not in parents:
                if len(parents) >= limit:
                    return None, False
                parents[child_key] = (here_key, move)
                met += 1
                near = rank + 1 if hint is None else hint(child)
                assert near is not None
                heapq.heappush(queue, (near, met, child_key, child))
    return None, True


def probe(game: Game, state: State, mark: Hashable) -> tuple[Move, ...] | None:
    """A line to progress found cheaply, or ``None``: a walk that tries every
    listed move of each position for progress and otherwise makes the first
    move of a kind in the game's ``_probe_kinds`` (in the card games, turning
    the stock until a card can be played). It stops at a position it has met
    before: the walk is determined by its positions, of which turning the
    stock reaches only a few (no more than twice the stock's cards in the
    tableau games), so it always comes round. Not always a shortest line."""
    kinds = game._probe_kinds
    if not kinds:
        return None
    # The walk is determined by its positions, so a repeat (by equality:
    # cheaper than the search key, and as good here) means a cycle.
    seen = {state}
    line: list[Move] = []
    here = state
    while True:
        onward: tuple[Move, State] | None = None
        for move in game._legal_moves(here):
            quick = game._move_progress(here, move)
            child: State | None = None
            if quick is None:
                child, progressed = game._advance(here, move, mark)
            else:
                progressed = quick
            if progressed:
                line.append(move)
                return tuple(line)
            if onward is None and move.kind in kinds:
                onward = (move, child or game._advance(here, move, mark)[0])
        if onward is None:
            return None
        move, here = onward
        if here in seen:
            return None
        seen.add(here)
        line.append(move)


# ------------------------------------------------------ the hooks, and Game's part


def _position_mark(game: Game, state: State) -> Hashable:
    """The mark :meth:`~patience.Game.progress` returns (``state`` is a state
    of the game). The default is the position itself, which is right for
    games whose positions can never repeat (every move there is progress);
    games whose positions can repeat define their own."""
    return state


def _no_hint(game: Game, state: State) -> int | None:
    """How far ``state`` looks from progress, for the directed search for
    progress (lower is nearer; it need not be exact), or ``None`` (the
    default) for a game that cannot tell: its searches for progress are
    then breadth first."""
    return None


def _the_hint(game: Game, state: State) -> tuple[int, ...] | None:
    """Hints for :meth:`~patience.Game.is_over`'s search for progress, one
    for each queue it takes turns between (lower nearer): by default the one
    ``_progress_hint`` gives, or ``None`` (breadth first) where it gives
    none. A game with several ways to judge nearness gives them all: the
    search then takes positions from each queue in turn, so that it finds
    progress about as soon as the best of them would (at worst twice as
    many positions), and whether the game is over does not depend on it."""
    hint = game._progress_hint(state)
    return None if hint is None else (hint,)


def _no_turning_answer(game: Game, state: State) -> bool | None:
    """Whether turning the stock alone (the moves of ``_probe_kinds``) leads to
    progress from ``state``, where no listed move makes progress at once,
    answered without making the moves: ``True`` where it does, ``False`` where
    it does not (so :func:`~patience.progress.probe` would find no line),
    ``None`` where the game cannot tell that way (the default; the probe then
    walks). It must never be wrong: :meth:`~patience.Game.is_over` trusts it."""
    return None


def _no_move_answer(game: Game, state: State, move: Move) -> bool | None:
    """Whether the listed ``move`` makes progress from ``state``, where the
    game can tell from the move alone, without making it; ``None`` where it
    cannot (the default, always). It must never be wrong: the searches for
    progress trust it."""
    return None


def _state_steps(game: Game, state: State, moves: tuple[Move, ...]) -> RegionSteps:
    """How :meth:`~patience.Game.is_over`'s search walks the region of
    ``state`` (whose listing is ``moves``): :class:`StateSteps` by default."""
    return StateSteps(game, state, moves)


def _no_moved_keys(
    game: Game, state: State, moves: tuple[Move, ...]
) -> list[tuple[Hashable, int | None] | None] | None:
    """The search keys (``_search_key``) and standings (``_standing``) of the
    positions that ``moves``, the listing of ``state``, lead to, where the
    game can tell them without making the moves and the moves make no
    progress by the mark: one entry a move, ``None`` for a move whose
    position must be made to be known (or that makes progress); or ``None``
    for all (the default). It must never be wrong: the search for progress
    does not make a move whose key it has met before."""
    return None


def _no_standing(game: Game, state: State) -> int | None:
    """A count that moves without progress can lower and raise again, which
    the game goes on while it can raise above where it stands in ``state``;
    or ``None`` (the default), for a game without one.

    With worrying back, cards come down from the foundations and go up
    again: the cards on the foundations are such a count. Progress is only
    counted beyond the most the foundations have ever held (the progress
    mark, which the stall rule counts by, stays as it is), but the game is
    over only when no position can be reached with more cards up than
    ``state`` has (with no progress otherwise): the searches for progress
    treat reaching such a position as progress, and the positions they meet
    with fewer cards up say nothing of the position asked about."""
    return None


def _not_near(game: Game, state: State, moves: tuple[Move, ...]) -> bool:
    """Whether one of ``moves``, the listing of ``state``, is known to lead
    to a position where a listed move makes progress (or puts a card up),
    told without making it; ``False`` by default. It must never be wrong."""
    return False


def _no_rise(game: Game, state: State, moves: tuple[Move, ...]) -> bool:
    """Whether one of ``moves``, the listing of ``state``, raises the
    standing (see :func:`_no_standing`): puts a card up, with worrying back.
    ``False`` by default. It must never be wrong."""
    return False


def _not_stuck(game: Game, state: State, whole: bool = True) -> bool:
    """Whether a cheap proof shows that no progress can be reached from
    ``state``: ``False`` (the default) where the game has no such proof or it
    does not settle the question. It must never be wrong:
    :meth:`~patience.Game.is_over` trusts it. With ``whole`` false, only its
    quick part, which :meth:`~patience.Game.is_over` asks once its search has
    met a few positions without progress (the whole proof is asked where the
    search does not soon find progress);
    a game whose proof has no such parts gives the whole answer either way."""
    return False


def _listed_progress(game: Game, state: State, moves: tuple[Move, ...]) -> bool:
    """Whether one of ``moves``, the listing of ``state``, makes progress as
    ``_move_progress`` tells it: ``any(game._move_progress(state, m) for m in
    moves)``, which is the default. A game that notes the answer as it lists
    the moves gives it here, and must give exactly that."""
    quick = game._move_progress
    return any(quick(state, move) for move in moves)


def _advance(game: Game, state: State, move: Move, mark: Hashable) -> tuple[State, bool]:
    """The position after the listed ``move``, and whether it makes progress
    from ``state``, whose mark (:meth:`~patience.Game.progress`) is ``mark``.
    A game may answer the second part more cheaply than by comparing marks."""
    child = game._apply(state, move)
    return child, game._progress(child) != mark


def _canonical_search_key(game: Game, state: State) -> Hashable:
    """The key the searches for progress tell positions apart by (default:
    :meth:`~patience.Game.canonical_key`). Equal keys must play alike; a game
    may give a cheaper key that still tells every differently playing
    position apart."""
    return game.canonical_key(state)


def _new_table(game: Game) -> VerdictTable:
    """What this game object's searches for progress have proven (see
    :class:`~patience.progress.VerdictTable`); made when first needed, never
    pickled."""
    return VerdictTable()


class ProgressMethods:
    """The part of :class:`~patience.Game` that this module gives it:
    :meth:`~patience.Game.progress` (:func:`~patience.progress.mark`),
    :meth:`~patience.Game.progress_line`, the searches as private methods, and
    the hooks the searches ask, with their defaults (the game's methods of
    those names say what each must give)."""

    progress = mark
    progress_line = progress_line
    _search_progress = search_progress
    _find_progress = find_progress
    _directed_progress = directed_progress
    _cannot_progress = cannot_progress
    _probe = probe
    _verdicts = functools.cached_property(_new_table)

    _probe_kinds: frozenset[str] = frozenset()
    """The kinds of move (turning the stock, say) that :func:`~patience.progress.probe` follows."""
    _progress = _position_mark
    _progress_hint = _no_hint
    _progress_hints = _the_hint
    _turning_progress = _no_turning_answer
    _move_progress = _no_move_answer
    _stuck = _not_stuck
    _standing = _no_standing
    _moved_keys = _no_moved_keys
    _region_steps = _state_steps
    _rises = _no_rise
    _near_progress = _not_near
    _listed_progress = _listed_progress
    _advance = _advance
    _search_key = _canonical_search_key
