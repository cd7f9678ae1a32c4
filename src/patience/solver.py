"""A perfect-information solver for every game, built on the public protocol.

:func:`solve` searches the moves of a position for a win (or, with
``goal="score"``, for the best final score). It sees every card, face-down
ones included: what the literature calls *thoughtful* solitaire. It uses only
:class:`~patience.Game`'s protocol and its optional hooks:

- :meth:`~patience.Game.transposition_key` (by default the
  :meth:`~patience.Game.canonical_key` and :meth:`~patience.Game.debt`) for
  the transposition table, so a position reached twice (or in an equivalent
  form) is searched once, and a repeat with more of a limited allowance left
  is searched again;
- :meth:`~patience.Game.safe_moves`, made at once without branching;
- :meth:`~patience.Game.search_lines`, lines of moves taken as single steps
  in every other run;
- :meth:`~patience.Game.move_scores`, which orders a position's moves by the
  score each leaves without making them, so a move is made only when the
  search reaches it;
- :meth:`~patience.Game.may_win` and :meth:`~patience.Game.score_bound`, which
  prune positions that cannot be won or cannot beat the best score found;
- :meth:`~patience.Game.search_estimate`, which orders a best-first search
  for wins (one for each of the game's estimates) that takes turns with the
  depth-first runs.

The search is depth-first with limits on nodes, time and table size; the
table is cleared when it is full, so memory stays bounded and the answer
stays correct (positions may only be searched again). The clock is read
before every position is expanded, before each position of a won line is
shortened or checked, and between runs; the search stops as soon as twice
the longest stretch between two readings so far would not fit before the
time limit, so the limit is kept however slow a game's positions are, and
whatever pauses the interpreter makes.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Callable, Hashable, Iterable
from itertools import repeat
from numbers import Real
from typing import Literal, cast

import attrs

from .errors import PatienceError, brief_repr
from .game import Better, Game
from .move import Move
from .state import State

__all__ = ["DEFAULT_MAX_NODES", "Solution", "solve"]

Status = Literal["won", "lost", "unknown"]

DEFAULT_MAX_NODES = 1_000_000
"""The node limit of :func:`solve` when neither ``max_nodes`` nor ``max_seconds`` is given."""

_clock: Callable[[], float] = time.perf_counter
"""The solver's wall clock (seconds); tests replace it to make time limits deterministic."""

_cpu_clock: Callable[[], float] = getattr(time, "thread_time", time.process_time)
"""The solver's CPU clock: the seconds of processor time the calling thread
has used (``clock="cpu"``), or the process's where the platform keeps no
clock per thread (Pyodide's WebAssembly has none); tests may replace it too."""

Clock = Literal["wall", "cpu"]
"""Which clock ``max_seconds`` counts: ``"wall"`` (elapsed time) or ``"cpu"``
(processor time of the searching thread)."""


def check_clock(value: object) -> Clock:
    """``value`` if it names a clock (``"wall"`` or ``"cpu"``), else raise."""
    if value == "wall" or value == "cpu":
        return "wall" if value == "wall" else "cpu"
    raise PatienceError(f"clock must be 'wall' or 'cpu', not {brief_repr(value)}")


_RESTART_UNIT = 1000
"""The node budget of the shortest run with restarts: run ``i`` has this
times the ``i``-th term of the Luby sequence (tests make it small)."""


_SEEK_SHARE = 1
"""The positions each slice of the best-first search for wins gets, as a
multiple of the positions of the run before it."""


_STAGE_PATIENCE = 2000
"""Where the game gives stages (:meth:`~patience.Game.search_stage`), how
many positions the best-first search of a stage makes without finding one
with a better estimate before it moves on to the next stage, at first: each
time it has been through every stage it starts again with twice as many."""

_STAGE_LENGTH = 10
"""The most positions the best-first search of one stage makes, as a
multiple of its patience."""

_STAGE_BRANCHES = 2
"""How many positions of the next stage each stage's best-first search goes
on from: those with the best estimates, the best first."""


def check_count(name: str, value: object, minimum: int = 1) -> int:
    """``value`` if it is an integer (not a bool) of at least ``minimum``, else raise."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise PatienceError(
            f"{name} must be an integer of at least {minimum}, not {brief_repr(value)}"
        )
    return value


def check_node_limit(name: str, value: object, *, auto: bool = False) -> int | None:
    """A node limit: ``None`` (no limit) or a positive integer (``auto``: the
    caller also takes ``"auto"``, and the message says so)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        allowed = "a positive integer, None or 'auto'" if auto else "a positive integer or None"
        raise PatienceError(f"{name} must be {allowed}, not {brief_repr(value)}")
    return value


def _finite(value: Real) -> bool:
    """Whether ``value`` is a finite number a float can hold (an int past
    about 1e308 cannot)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def check_seconds(name: str, value: object) -> float | None:
    """A time limit: ``None`` (no limit) or a positive, finite number of seconds."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real) or not _finite(value) or value <= 0:
        raise PatienceError(
            f"{name} must be a positive, finite number of seconds or None, not {brief_repr(value)}"
        )
    return float(value)


class _Limit:
    """The time limit of one search: its clock and deadline, and the longest
    stretch of work between two readings of the clock so far.

    The solver reads the clock before each piece of work: expanding a
    position, trying the moves of a position on a won line, asking whether
    the game is over at a position of one, starting a run. A stretch between
    two readings can be long for reasons the solver cannot see coming: a
    slow position, freeing a run's tables, or the interpreter's garbage
    collector, whose full collections stop everything for a time that grows
    with the objects alive. So the time is up not when the deadline has
    passed but as soon as :data:`_STRETCH_ALLOWANCE` times the longest
    stretch so far would no longer fit before it: from :attr:`cutoff` on.
    (The search's inner loop does what :meth:`up` does in line.)
    """

    __slots__ = ("clock", "cutoff", "deadline", "last", "longest")

    def __init__(self, clock: Callable[[], float], start: float, seconds: float) -> None:
        self.clock = clock
        self.deadline = start + seconds
        self.last = start  # the last reading
        self.longest = 0.0  # the longest stretch between two readings
        self.cutoff = self.deadline  # from here on the time is up

    def up(self) -> bool:
        """Read the clock: whether the time is up."""
        now = self.clock()
        if now - self.last > self.longest:
            self.stretched(now - self.last)
        self.last = now
        return now > self.cutoff

    def stretched(self, stretch: float) -> None:
        """Note a stretch longer than any before."""
        self.longest = stretch
        self.cutoff = self.deadline - _STRETCH_ALLOWANCE * stretch


_STRETCH_ALLOWANCE = 2.0
"""How many times the longest stretch between two readings of the clock the
search keeps in hand before its deadline. The longest stretches are the
garbage collector's full collections. Each comes once the objects alive have
grown by a quarter or more since the one before, so it takes longer than the
one before (a quarter to a half longer, late in a search); and when the search
stops, its tables are freed, which takes less than a full collection, which
visits every object they hold and more. Measured on Klondike, Canfield,
Spider, Napoleon and Beleaguered Castle (benchmarks/solver_limits.py), one
and a half times still let a call run up to 1.9% over its limit; twice kept
every call within it."""


@attrs.frozen
class Solution:
    """What :func:`solve` found.

    ``status`` is ``"won"`` with a winning line in ``moves``; ``"lost"`` only
    when the whole search space was exhausted without a win; ``"unknown"``
    when a limit stopped the search first. With ``goal="score"``, ``score``
    and ``moves`` give the best final score found and a line reaching it, and
    ``exhausted`` says whether that score is proven best.
    """

    status: Status
    moves: tuple[Move, ...]
    score: int | None
    nodes: int
    seconds: float
    exhausted: bool

    @property
    def won(self) -> bool:
        """Whether a win was found."""
        return self.status == "won"

    @property
    def settled(self) -> bool:
        """Whether the answer is certain (won, or lost after an exhaustive search)."""
        return self.status != "unknown"

    @property
    def nodes_per_second(self) -> float:
        """Search speed."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, object]:
        """The solution as plain JSON-compatible data."""
        return {
            "status": self.status,
            "moves": [str(m) for m in self.moves],
            "score": self.score,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "exhausted": self.exhausted,
        }


def solve(
    game: Game,
    state: State,
    *,
    goal: Literal["win", "score"] = "win",
    max_nodes: int | Literal["auto"] | None = "auto",
    max_seconds: float | None = None,
    clock: Clock = "wall",
    table_size: int = 2_000_000,
    player: int = 0,
    restarts: bool = True,
    seed: int = 0,
    progress: Callable[[int, float], object] | None = None,
) -> Solution:
    """Search ``state`` for a win for ``player`` (or for the best score).

    ``max_nodes`` limits the positions expanded over the whole search, all
    its runs together: a positive integer, ``None`` for no limit, or
    ``"auto"`` (the default), which is
    :data:`~patience.solver.DEFAULT_MAX_NODES` (1,000,000) when
    ``max_seconds`` is not given and no limit when it is, so that a time
    limit given alone is the only limit. A search that stops at
    ``max_nodes`` has expanded exactly that many positions
    (:attr:`Solution.nodes`). ``max_seconds`` (a positive, finite number, or
    ``None`` for no limit) limits the time of the whole call, counted by
    ``clock``: ``"wall"`` (the default) counts elapsed time, ``"cpu"`` the
    processor time of the thread that searches, so that a limit gives the
    same search on a busy machine as on a quiet one (benchmarks on shared
    machines use it; :attr:`Solution.seconds` is then CPU seconds too).
    Given both limits, the search stops at whichever it reaches first.
    ``table_size`` bounds the transposition table. The winning line, if
    any, replays from ``state`` to a won position.

    The clock is read before every piece of work: each position expanded,
    each position of a won line shortened or checked, each run begun. The
    search stops as soon as twice the longest stretch between two readings
    so far would no longer fit before ``max_seconds``, so the call returns
    within its time unless some stretch near the end is far longer than any
    before it (a first garbage collection in a process that holds very many
    objects, say).

    Children are tried best score first, ties in an order drawn from a
    generator seeded with ``seed``. With ``restarts`` (the default) the search
    is a series of runs, each with the ties drawn afresh and a node budget of
    1,000 times the next term of the Luby sequence (1, 1, 2, 1, 1, 2, 4, 1,
    ...): a depth-first search can spend a long time below one early mistake,
    and a fresh order usually avoids it, so most runs are short; the longest
    runs keep doubling, so a search that needs a long run still gets one.
    Only a run that ends within its budget can prove a loss. Where the game
    joins moves into lines (:meth:`~patience.Game.search_lines`), the runs
    take turns, move by move and line by line, each term of the sequence
    giving one run of each kind. The same arguments always give the same
    answer and node count, unless the time limit stops the search.

    Where the game estimates how far a position is from a win
    (:meth:`~patience.Game.search_estimate`), a best-first search for wins
    takes turns with the runs, going on after each run that ends without an
    answer for as many positions as that run had, times the game's
    :attr:`~patience.Game.estimate_share`. Where the game gives several
    estimates (:attr:`~patience.Game.estimate_kinds`), there is one such
    search for each, and they share those positions equally, one after the
    other. A best-first search that runs out of positions without having
    dropped or forgotten any, or left any move out, has searched every
    position reachable from ``state`` and proves the loss; otherwise a loss
    is proven by a run.

    A winning line is one that plays to its end: no position on it is one
    the game calls over (:meth:`~patience.Game.is_over`), where play would
    stop. A loss rests on the moves alone: a search that met such a
    position, where the game's bounded search for progress gave up, answers
    ``"unknown"`` rather than ``"lost"``.

    ``progress``, if given, is called after each run with the positions
    expanded so far and the seconds spent, for a front end to show that the
    search is working (a hint's spinner); when it returns ``False`` the search
    stops there, as if a limit had been reached, and answers with what it has.

    >>> import patience
    >>> game = patience.game("railroad", sidings=1)
    >>> solve(game, game.deal(2026)).status
    'lost'

    Arguments of the wrong type or out of range raise
    :class:`~patience.PatienceError` naming the argument, before any search.
    """
    if not isinstance(game, Game):
        raise PatienceError(
            f"solve(): game must be a Game, such as patience.game('klondike'), "
            f"not {brief_repr(game)}"
        )
    if not isinstance(state, State):
        raise PatienceError(f"solve(): state must be a State of the game, not {brief_repr(state)}")
    if goal not in ("win", "score"):
        raise PatienceError(f"goal must be 'win' or 'score', not {brief_repr(goal)}")
    game._check_playable(state)  # every card, a view's hidden ones too
    game._check_player(player)
    max_seconds = check_seconds("max_seconds", max_seconds)
    clock_kind = check_clock(clock)
    if isinstance(max_nodes, str) and max_nodes == "auto":
        # A time limit given alone is the only limit; with neither, a node
        # limit keeps the call finite and its answer the same everywhere.
        max_nodes = DEFAULT_MAX_NODES if max_seconds is None else None
    else:
        max_nodes = check_node_limit("max_nodes", max_nodes, auto=True)
    table_size = check_count("table_size", table_size)
    if not isinstance(restarts, bool):
        raise PatienceError(f"restarts must be True or False, not {brief_repr(restarts)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PatienceError(f"seed must be an integer, not {brief_repr(seed)}")
    if progress is not None and not callable(progress):
        raise PatienceError(f"progress must be callable or None, not {brief_repr(progress)}")
    read: Callable[[], float] = _clock if clock_kind == "wall" else _cpu_clock
    start = read()
    limit = None if max_seconds is None else _Limit(read, start, max_seconds)
    rng = random.Random(seed)
    runs = 1  # the runs begun so far, counting the one about to begin
    budget = _RESTART_UNIT if restarts else max_nodes
    used = 0
    best: _Run | None = None
    # Positions proven to hold no win, kept from run to run (a win search only:
    # for the best score, what is worth searching depends on the best so far).
    dead: dict[Hashable, int] | None = {} if goal == "win" else None
    # Positions the game calls over that a winning line passed through: the
    # game ends there, so they are leaves (see _Run.playable). And the keys of
    # positions on such lines that the game lets play on, asked once.
    ruled: dict[Hashable, int] = {}
    going: set[tuple[Hashable, int]] = set()
    # Where the game joins moves into lines (Game.search_lines), runs take
    # turns: one searches move by move, the next line by line.
    by_lines = goal == "win" and restarts and game.search_lines(state) is not None
    # Where the game estimates how far a position is from a win, a best-first
    # search for one by each of its estimates takes turns with the runs, the
    # searches' slices together as many positions as the run before them,
    # times the game's share.
    seekers: list[_Seeker] = []
    if dead is not None and restarts:
        for kind in range(game.estimate_kinds):
            estimate = game.search_estimate(state, kind)
            if estimate is None:
                break
            seekers.append(
                _Seeker(game, player, state, kind, estimate, limit, table_size, dead, ruled, going)
            )
    seeker: _Seeker | None = None  # the one that found a win, if one did
    while True:
        if max_nodes is not None:
            budget = min(budget, max_nodes - used) if budget is not None else max_nodes - used
        joined = by_lines and runs % 2 == 0
        run = _Run(game, player, goal, table_size, budget, limit, rng, dead, ruled, going, joined)
        if best is not None and goal == "score":
            run.best_score, run.best_line = best.best_score, best.best_line
        run.search(state)
        # The run's tables go now, within the time the clock sees, rather
        # than all at once when the call returns.
        run.release()
        used += run.nodes
        if best is None or run.better_than(best):
            best = run
        if run.win_line is not None and (goal == "win" or run.finished()):
            break
        if run.timed_out or (max_nodes is not None and used >= max_nodes):
            break
        if progress is not None and progress(used, read() - start) is False:
            break  # the caller stops the search
        if not run.blocked:  # a blocked run goes again with the same budget
            if run.exhausted or not restarts:
                break
            going_on = [k for k in seekers if not k.empty]
            for each in going_on:
                share = _SEEK_SHARE * game.estimate_share * run.nodes // len(going_on)
                if max_nodes is not None:
                    share = min(share, max_nodes - used)
                if share <= 0:
                    break
                used += each.search(share)
                if each.win_line is not None or each.timed_out or each.proved:
                    seeker = each
                    break
                if max_nodes is not None and used >= max_nodes:
                    break
            if seeker is not None or (max_nodes is not None and used >= max_nodes):
                break
            runs += 1
            # With lines, each term of the sequence is a pair of runs, one of each kind.
            budget = _RESTART_UNIT * _luby((runs + 1) // 2 if by_lines else runs)
        if limit is not None and limit.up():
            break  # no time for another run
    # The tables kept from run to run go before the clock's last reading.
    sought = None
    sought_lost = False
    if seeker is not None:
        sought = seeker.win_line, seeker.win_score
        sought_lost = seeker.proved
    for each in seekers:
        each.release()
    if dead is not None:
        dead.clear()
    ruled_any = bool(ruled)
    ruled.clear()
    going.clear()
    seconds = read() - start
    # A search that stopped at a position the game called over though a win
    # lay beyond it (a rule of the game's own ended it there; the built-in
    # games end play no other way with a win in reach) proves nothing: a
    # loss rests on the moves alone.
    proven = run.exhausted and not ruled_any
    exhausted = proven or (best.exhausted and not ruled_any)
    if sought is not None and sought[0] is not None and best.win_line is None:
        return Solution("won", sought[0], sought[1], used, seconds, True)
    if sought_lost and best.win_line is None and not ruled_any:
        # A best-first search expanded every position reachable from the
        # root by moves that lose no win, left nothing out, found no win.
        return Solution("lost", (), None, used, seconds, True)
    if best.win_line is not None:
        status: Status = "won"
    elif proven:
        status = "lost"
    else:
        status = "unknown"
    if goal == "win":
        line = best.win_line or ()
        score = best.win_score
    else:
        line, score = best.best_line, best.best_score
    return Solution(status, line, score, used, seconds, exhausted or best.finished())


class _Run:
    """One depth-first search with a node budget."""

    def __init__(
        self,
        game: Game,
        player: int,
        goal: str,
        table_size: int,
        budget: int | None,
        limit: _Limit | None,
        rng: random.Random,
        dead: dict[Hashable, int] | None,
        ruled: dict[Hashable, int],
        going: set[tuple[Hashable, int]],
        joined: bool = False,
    ) -> None:
        self.game = game
        self.player = player
        self.goal = goal
        self.table_size = table_size
        self.budget = budget
        self.limit = limit
        self.rng = rng
        self.sign = 1 if game.better is Better.HIGHER else -1
        self.seen: dict[Hashable, list[int]] = {}
        self.dead = dead
        self.ruled = ruled
        self.going = going
        self.blocked = False
        self.stopped = False  # blocked or timed out part way through a run
        self.counter = 0
        self.open: list[tuple[Hashable, list[int]]] = []
        self.frames: list[_Frame] = []
        self.nodes = 0
        self.best_score: int | None = None
        self.best_line: tuple[Move, ...] = ()
        self.win_line: tuple[Move, ...] | None = None
        self.win_score: int | None = None
        self.root_bound: int | None = None
        self.path: list[_Step] = []
        self.exhausted = False
        self.timed_out = False
        self.joined = joined  # search by the game's lines (Game.search_lines)

    def release(self) -> None:
        """Let go of the search's tables once it is over (its results stay)."""
        self.seen.clear()
        self.open.clear()
        self.frames.clear()
        self.path.clear()

    def better_than(self, other: _Run) -> bool:
        if self.win_line is not None and other.win_line is None:
            return True
        if self.best_score is None:
            return False
        if other.best_score is None:
            return True
        return self.sign * self.best_score > self.sign * other.best_score

    def finished(self) -> bool:
        if self.win_line is None:
            return False
        if self.goal == "win":
            return True
        return self.root_bound is not None and self.best_score == self.root_bound

    def expand(self, s: State) -> tuple[_Frame | None, int | None]:
        """Enter position ``s``: a frame of its children to search (best last),
        or ``None`` for a leaf, a pruned position or one met before. The second
        item is the index of a position met before that is still open (on the
        current line or in a strongly connected part not yet finished), for
        the caller's low-link; otherwise ``None``."""
        game, player, sign = self.game, self.player, self.sign
        win = self.goal == "win"
        if win and game.is_won(s, player):
            self._leaf(s)
            return None, None
        # The tables come before the moves are listed: a position met before
        # was searched, so it has moves and is not won, and equal keys play
        # the same. Half the positions a search enters or more are repeats.
        found, debt = game.transposition_key(s)
        key = _Key(found)
        dead = self.dead
        if dead is not None:
            proven = dead.get(key)
            if proven is not None and proven <= debt:
                return None, None  # proven to hold no win, in this run or one before
            over = self.ruled.get(key)
            if over is not None and over <= debt:
                return None, None  # the game ends here (a winning line found so)
        seen = self.seen
        before = seen.get(key)
        if before is not None and before[0] <= debt:
            # Met before with no more debt: finished (so it holds no win), or
            # still open, which makes a cycle through it.
            return None, (before[1] if before[2] else None)
        # A search for a win stops only where the game cannot go on: it is
        # won, or no move is legal. It does not ask is_over, which at every
        # position would run a search for progress of its own, costing more
        # than it saves; positions that can make no progress are searched on,
        # the table keeps that to once each, and a loss is proven by the moves
        # alone, never by the bound on that search. A search for the best
        # score must see every ending the game has, so it asks.
        if not game.legal_moves(s) if win else game.is_over(s):
            self._leaf(s)
            return None, None
        if win:
            if not game.may_win(s, player):
                return None, None
        elif self.best_score is not None:
            bound = game.score_bound(s, player)
            if bound is not None and sign * bound <= sign * self.best_score:
                return None, None
        if len(seen) >= self.table_size:
            seen.clear()  # open positions keep their entries on the stacks
        entry = [debt, self.counter, 1]
        self.counter += 1
        seen[key] = entry
        self.open.append((key, entry))
        safe = game.safe_moves(s)
        rand = self.rng.random
        if self.joined and not safe:
            lines = game.search_lines(s)
            if lines is not None:
                if len(lines) == 1:
                    return _Frame(s, list(lines), entry), None
                # Shorter lines first, ties at random: a line that turns less
                # of the stock keeps more of it for later. Scores are not
                # asked: a card the stock shows far ahead is no reason to
                # turn to it first.
                joined = [(0, rand() - len(m), m, c) for m, c in lines]
                joined.sort(key=_order)
                return _Frame(s, [(m, c) for _, _, m, c in joined], entry), None
        moves = safe[:1] if safe else game.legal_moves(s)
        if len(moves) == 1:
            return _Frame(s, [(moves[0], None)], entry), None
        # Best score last (the search pops from the end), ties in random
        # order. Where the game tells a move's score without making it, the
        # move is made only when the search comes to it: most children of a
        # deep line are never reached before a run ends or a win is found.
        told = game.move_scores(s, player)
        # A search for a win breaks ties by the game's preferences, if it has
        # any (integers, higher first), and then at random: the preference is
        # the whole part of the second key, the random draw its fraction.
        advice = game.move_preferences(s) if win else None
        prefer: Iterable[int] = repeat(0) if advice is None else advice
        keyed: list[tuple[int, float, _Step, State | None]] = []
        if told is not None:
            keyed = [(sign * v, p + rand(), m, None) for m, v, p in zip(moves, told, prefer)]
        else:
            for m, p in zip(moves, prefer):
                c = game.apply(s, m)
                keyed.append((sign * game.score(c, player), p + rand(), m, c))
        keyed.sort(key=_order)
        return _Frame(s, [(m, c) for _, _, m, c in keyed], entry), None

    def _leaf(self, s: State) -> None:
        """Note the score of a position where the search stops, and a win."""
        game, player, sign = self.game, self.player, self.sign
        score = game.score(s, player)
        if self.best_score is None or sign * score > sign * self.best_score:
            self.best_score, self.best_line = score, _flat(self.path)
        if self.win_line is None and game.is_won(s, player):
            limit = self.limit
            path = _flat(self.path)
            if len(path) == len(self.path):
                on = [f.state for f in self.frames] + [s]
            else:  # lines of several moves: every position along them
                on = [self.frames[0].state]
                for move in path:
                    if limit is not None and limit.up():
                        self.timed_out = self.stopped = True  # not known to play: no win
                        return
                    on.append(game.apply(on[-1], move))
            line, states = _shortened(game, on, list(path), limit)
            if self.playable(states):
                self.win_line, self.win_score = line, score

    def playable(self, states: list[State]) -> bool:
        """Whether a line through ``states`` to the won position just reached
        can be played (see :func:`_playable`); a line that cannot stops the
        run (:attr:`blocked`), and one the clock stopped, too."""
        verdict = _playable(self.game, states, self.limit, self.ruled, self.going)
        if verdict == "timed out":
            self.timed_out = self.stopped = True  # not known to play: no win
        elif verdict == "blocked":
            self.blocked = self.stopped = True
        return verdict == "ok"

    def close(self, frame: _Frame) -> None:
        """Finish ``frame``, whose children are all searched without a win.

        Tarjan's rule: a position whose low-link is its own index heads a
        strongly connected part of the positions searched, and once it is
        finished every position of that part is finished, with every way out
        of it searched: none of them holds a win, and they go into the table
        of dead positions that later runs skip. A position whose low-link is
        lower waits for the head of its part; its parent takes the low-link.
        """
        entry = frame.entry
        if frame.low < entry[1]:
            parent = self.frames[-1] if self.frames else None
            if parent is not None and frame.low < parent.low:
                parent.low = frame.low
            return
        dead = self.dead
        open_ = self.open
        while True:
            key, member = open_.pop()
            member[2] = 0
            if dead is not None:
                if len(dead) >= self.table_size:
                    dead.clear()
                _note_least(dead, key, member[0])
            if member is entry:
                return

    def search(self, root: State) -> None:
        self.root_bound = self.game.score_bound(root, self.player)
        frames = self.frames
        path = self.path
        self.nodes = 1
        first, _ = self.expand(root)
        if self.stopped:
            return
        if first is not None:
            frames.append(first)
        budget, limit = self.budget, self.limit
        clock = _clock if limit is None else limit.clock
        while frames and not self.finished():
            frame = frames[-1]
            children = frame.children
            if not children:
                frames.pop()
                self.close(frame)
                if path:
                    path.pop()
                continue
            if budget is not None and self.nodes >= budget:
                return
            # Read the clock before every expansion: one expansion may be slow
            # (hundreds of children in open Poker Solitaire), so counting nodes
            # between readings could overshoot the limit many times over. This
            # is limit.up() in line: it costs about 0.1 microseconds more than
            # a bare reading, under 0.5% of the cheapest game's expansion.
            if limit is not None:
                now = clock()
                if now - limit.last > limit.longest:
                    limit.stretched(now - limit.last)
                limit.last = now
                if now > limit.cutoff:
                    self.timed_out = True
                    return
            move, child = children.pop()
            self.nodes += 1
            if child is None:
                # Only a single move comes without its position: lines bring theirs.
                child = self.game.apply(frame.state, cast(Move, move))
            path.append(move)
            grand, low = self.expand(child)
            if self.stopped:
                return
            if grand is None:
                path.pop()
                if low is not None and low < frame.low:
                    frame.low = low
            else:
                frames.append(grand)
        self.exhausted = not frames


def _playable(
    game: Game,
    states: list[State],
    limit: _Limit | None,
    ruled: dict[Hashable, int],
    going: set[tuple[Hashable, int]],
) -> Literal["ok", "blocked", "timed out"]:
    """Whether a line through ``states`` to a won position can be played.

    A search for a win does not ask :meth:`~patience.Game.is_over` as it
    goes (see :func:`solve`), so a line may pass through a position the
    game calls over by a rule of its own (a clock, in a game of one's
    own any rule), and play ends there. No position on it is over for
    want of progress: a win is progress, and a game is over that way
    only where no progress is possible. So the check asks
    ``is_over(s, search=False)``, which gives the same answer here
    without a search. If a position is over, the first such one is noted in
    ``ruled`` as a leaf for the searches after it, and the answer is
    ``"blocked"``: a depth-first run then stops, since positions below the
    leaf were searched on the assumption that play could go on, so none of
    them may be marked dead. Positions the game lets play on are noted in
    ``going``, so that a later line through them does not ask again. The
    time limit is asked before each position is asked about, as before each
    expansion (``"timed out"``: not known to play, so no win).
    """
    for s in states:
        found, debt = game.transposition_key(s)
        key = _Key(found)
        if (key, debt) in going:
            continue
        if limit is not None and limit.up():
            return "timed out"
        if game.is_over(s, search=False):
            _note_least(ruled, key, debt)
            return "blocked"
        going.add((key, debt))
    return "ok"


_Node = tuple[State, "_Node | None", "_Step | None"]
"""A position the best-first search has met: the position, the node it was
reached from (``None`` at the root) and the step that reached it."""


class _Seeker:
    """A best-first search for a win, by one of the game's estimates
    (:meth:`~patience.Game.search_estimate` of its ``kind``), taken in
    slices of positions between the depth-first runs and carried on from one
    slice to the next.

    It keeps every position met but not yet expanded in a queue ordered by
    the estimate (ties: the one met last first) and expands the most
    promising: its first safe move alone if it has one, else its lines
    where the game joins moves, else its moves, or the promising ones where
    the game names them (:meth:`~patience.Game.promising_moves`). Positions
    are filed by their transposition keys, as the runs file them, and
    skipped when met again with no less debt, or when a run has proven them
    dead. What it drops or forgets (a queue trimmed, a table cleared) and
    the moves it leaves out (promising moves, stages) are not searched;
    where it has left nothing out, running out of positions means every
    position reachable from the root was searched without a win, and proves
    the loss (:attr:`proved`). A position counts as one node when it is made, so its
    budget is kept exactly, and the clock is read before each.

    Where the game gives stages (:meth:`~patience.Game.search_stage`), it
    takes one stage at a time. The queue holds positions of the stage it
    is searching; a position of a later stage is set aside. The stage's
    search ends when the queue is empty, when :data:`_STAGE_PATIENCE`
    positions have been made without a better estimate than the best so
    far, or after ten times that many; then the :data:`_STAGE_BRANCHES`
    positions set aside with the best estimates become the starting points
    of the searches of their stage, the best first, depth first over the
    stages. When every stage has been searched so, it starts again from the
    root with twice the patience, unless no stage's search was cut short.
    """

    __slots__ = (
        "best",
        "best_at",
        "cut",
        "dead",
        "empty",
        "game",
        "going",
        "kind",
        "left",
        "limit",
        "lines",
        "made",
        "met",
        "passed",
        "patience",
        "pending",
        "player",
        "proved",
        "queue",
        "root",
        "roots",
        "ruled",
        "stage",
        "stage_at",
        "table_size",
        "ticket",
        "timed_out",
        "win_line",
        "win_score",
    )

    def __init__(
        self,
        game: Game,
        player: int,
        root: State,
        kind: int,
        estimate: int,
        limit: _Limit | None,
        table_size: int,
        dead: dict[Hashable, int],
        ruled: dict[Hashable, int],
        going: set[tuple[Hashable, int]],
    ) -> None:
        self.game = game
        self.player = player
        self.kind = kind
        self.limit = limit
        self.table_size = table_size
        self.dead = dead
        self.ruled = ruled
        self.going = going
        self.lines = game.search_lines(root) is not None
        self.met: dict[_Key, int] = {}
        self.ticket = 0
        self.queue: list[tuple[int, int, _Node]] = []
        # The position being expanded and its children still to make.
        self.pending: tuple[_Node, list[tuple[_Step, State | None]]] | None = None
        self.empty = False
        # Whether anything was left out (a table cleared, the queue trimmed,
        # moves not tried, stages), and whether the queue ran out without:
        # every position reachable from the root searched, the root lost.
        self.left = False
        self.proved = False
        self.timed_out = False
        self.win_line: tuple[Move, ...] | None = None
        self.win_score: int | None = None
        self.made = 0  # positions made, over every slice
        # Stages (Game.search_stage): the stage searched, the positions of
        # later stages set aside, the starting points still to search, the
        # search's patience, and when its stage began and its best was met.
        self.root: _Node = (root, None, None)
        self.stage = game.search_stage(root)
        if self.stage is not None:
            self.left = True  # a stage's search is cut short and leaves positions out
        self.passed: list[tuple[int, int, _Node, _Key, int]] = []
        self.roots: list[tuple[int, _Node]] = []
        self.patience = _STAGE_PATIENCE
        self.cut = False  # a stage's search of this round was cut short
        self.best = self.best_at = self.stage_at = 0
        self.begin(estimate, self.root)

    def begin(self, estimate: int, node: _Node) -> None:
        """Start the search (of a stage, where the game gives stages) at ``node``."""
        self.met.clear()
        found, debt = self.game.transposition_key(node[0])
        self.met[_Key(found)] = debt
        self.queue[:] = [(estimate, self.ticket, node)]
        self.best, self.best_at = estimate, self.made
        self.stage_at = self.made
        if self.stage is not None:
            self.stage = self.game.search_stage(node[0])

    def next_stage(self) -> bool:
        """End the search of the stage: set its most promising positions of
        later stages aside as starting points, and begin the next search;
        ``False`` where there is nothing left to search."""
        passed = self.passed
        passed.sort(key=_first_two)
        chosen: list[tuple[int, _Node]] = []
        keys: set[_Key] = set()
        for estimate, _, node, key, _ in passed:
            if len(chosen) == _STAGE_BRANCHES:
                break
            if key not in keys:
                keys.add(key)
                chosen.append((estimate, node))
        passed.clear()
        self.roots += reversed(chosen)
        if not self.roots:
            if not self.cut:
                return False  # every stage's search ran out: more patience changes nothing
            self.cut = False
            self.patience *= 2
            again = self.game.search_estimate(self.root[0], self.kind)
            self.roots.append((0 if again is None else again, self.root))
        value, node = self.roots.pop()
        self.begin(value, node)
        return True

    def release(self) -> None:
        """Let go of the search's tables (its results stay)."""
        self.queue.clear()
        self.met.clear()
        self.passed.clear()
        self.roots.clear()
        self.pending = None

    def search(self, budget: int | None) -> int:
        """Search on for at most ``budget`` positions; the positions made."""
        game, player, limit = self.game, self.player, self.limit
        queue, met, dead, ruled = self.queue, self.met, self.dead, self.ruled
        staged = self.stage is not None
        start = self.made
        while True:
            if self.pending is None:
                if staged and queue:
                    # A stage's search ends once it has gone on too long
                    # without finding a better position, or too long at all.
                    total = self.made
                    top = queue[0][0]
                    if top < self.best:
                        self.best, self.best_at = top, total
                    elif (
                        total - self.best_at > self.patience
                        or total - self.stage_at > _STAGE_LENGTH * self.patience
                    ):
                        self.cut = True
                        queue.clear()
                if not queue:
                    if not staged or not self.next_stage():
                        self.empty = True
                        self.proved = not self.left
                        return self.made - start
                    continue
                node = heapq.heappop(queue)[2]
                s = node[0]
                # Asked here rather than as each position is met: most are
                # never expanded.
                if not game.legal_moves(s) or not game.may_win(s, player):
                    continue
                safe = game.safe_moves(s)
                children: list[tuple[_Step, State | None]]
                if safe:
                    children = [(safe[0], None)]
                elif self.lines:
                    lines = game.search_lines(s)
                    children = [(m, c) for m, c in lines] if lines is not None else []
                else:
                    moves = game.promising_moves(s)
                    if moves is None:
                        moves = game.legal_moves(s)
                    elif len(moves) < len(game.legal_moves(s)):
                        self.left = True  # moves not tried: no proof
                    children = [(m, None) for m in moves]
                children.reverse()  # made from the end
                self.pending = (node, children)
            node, children = self.pending
            while children:
                if budget is not None and self.made - start >= budget:
                    return self.made - start
                if limit is not None and limit.up():
                    self.timed_out = True
                    return self.made - start
                step, child = children.pop()
                self.made += 1
                if child is None:
                    child = game.apply(node[0], cast(Move, step))
                here: _Node = (child, node, step)
                if game.is_won(child, player):
                    if self.won(here) or self.timed_out:
                        return self.made - start
                    continue
                found, debt = game.transposition_key(child)
                key = _Key(found)
                known = met.get(key)
                if known is not None and known <= debt:
                    continue
                proven = dead.get(key)
                if proven is not None and proven <= debt:
                    continue
                over = ruled.get(key)
                if over is not None and over <= debt:
                    continue
                if len(met) >= self.table_size:
                    met.clear()
                    self.left = True
                met[key] = debt
                estimate = game.search_estimate(child, self.kind)
                self.ticket -= 1
                value = 0 if estimate is None else estimate
                if staged and game.search_stage(child) != self.stage:
                    # A later stage: set aside for when this one's search ends.
                    self.passed.append((value, self.ticket, here, key, debt))
                    if len(self.passed) > self.table_size:
                        self.passed.sort(key=_first_two)
                        del self.passed[len(self.passed) // 2 :]
                    continue
                heapq.heappush(queue, (value, self.ticket, here))
                if len(queue) > self.table_size:
                    # Keep the more promising half: the rest is only not searched.
                    kept = heapq.nsmallest(len(queue) // 2, queue)
                    queue[:] = kept
                    heapq.heapify(queue)
                    self.left = True
            self.pending = None

    def won(self, node: _Node) -> bool:
        """Check the line to the won position ``node``: shortened and
        playable, it is the answer."""
        game, limit = self.game, self.limit
        steps: list[_Step] = []
        at: _Node | None = node
        while at is not None and at[2] is not None:
            steps.append(at[2])
            at = at[1]
        steps.reverse()
        root = at[0] if at is not None else node[0]
        path = list(_flat(steps))
        on = [root]
        for move in path:
            if limit is not None and limit.up():
                self.timed_out = True
                return False
            on.append(game.apply(on[-1], move))
        line, states = _shortened(game, on, path, limit)
        verdict = _playable(game, states, limit, self.ruled, self.going)
        if verdict == "timed out":
            self.timed_out = True
        if verdict != "ok":
            return False
        self.win_line, self.win_score = line, game.score(on[-1], self.player)
        return True


_Step = Move | tuple[Move, ...]
"""A step of the search: one move, or a line of them (Game.search_lines)."""


def _flat(path: list[_Step]) -> tuple[Move, ...]:
    """The moves of a path of steps, in order."""
    out: list[Move] = []
    for step in path:
        if isinstance(step, tuple):
            out += step
        else:
            out.append(step)
    return tuple(out)


class _Frame:
    """A position being searched: the position, its children still to try
    (each step with the position it leads to, or ``None`` until the search
    comes to it), its table entry (``[debt, index, open]``) and its
    low-link, the lowest index of an open position reached from it."""

    __slots__ = ("children", "entry", "low", "state")

    def __init__(
        self, state: State, children: list[tuple[_Step, State | None]], entry: list[int]
    ) -> None:
        self.state = state
        self.children = children
        self.entry = entry
        self.low = entry[1]


def _luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...

    Where ``i`` is ``2**k - 1`` the term is ``2**(k - 1)``; between, the
    sequence repeats itself from the start.
    """
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


class _Key:
    """A canonical key with its hash worked out once.

    The tables look a position's key up several times, and a key is usually
    a tuple of piles whose hash is recomputed, pile by pile, at every look-up.
    Equality is the key's own, so a table of these is exactly a table of keys.
    """

    __slots__ = ("hash", "key")

    def __init__(self, key: Hashable) -> None:
        self.key = key
        self.hash = hash(key)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, _Key) and self.hash == other.hash and self.key == other.key
        )


def _shortened(
    game: Game, states: list[State], moves: list[Move], limit: _Limit | None
) -> tuple[tuple[Move, ...], list[State]]:
    """The shortest line through the positions of a line, and the positions it plays from.

    ``moves[i]`` leads from ``states[i]`` to ``states[i + 1]``. A depth-first
    search wanders: a card goes away and comes back, or the same moves are
    made in a roundabout order, so that one move from a position of the line
    reaches a position much further along it. Every move of each position is
    tried, and the fewest moves through the line's own positions are kept:
    the line that results passes through no position the given one did not
    and ends where it does (equal positions are the same position, pile
    names and all, so the moves after a skip still apply). The time limit is
    asked before each position's moves are tried; once it is up the rest of
    the line is kept as it is.
    """
    n = len(moves)
    if n < 2:
        return tuple(moves), states[:n]
    # Positions by their cards and counters (the count of moves without
    # progress differs along a line, and does not make another position).
    where = {(s._items, s._info): i for i, s in enumerate(states)}
    # dist[j]: the fewest moves found from the start to states[j]; back[j]:
    # the position and move of the last of them. Skips only go forward, so
    # each position's count is final by the time its moves are tried.
    dist = list(range(n + 1))
    back = [(i - 1, moves[i - 1]) for i in range(n + 1)]
    for i in range(n):
        if limit is not None and limit.up():
            break
        s = states[i]
        d = dist[i] + 1
        for move in game.legal_moves(s):
            after = game.apply(s, move)
            j = where.get((after._items, after._info))
            if j is not None and j > i and d < dist[j]:
                dist[j], back[j] = d, (i, move)
    line: list[Move] = []
    kept: list[State] = []
    j = n
    while j:
        i, move = back[j]
        line.append(move)
        kept.append(states[i])
        j = i
    line.reverse()
    kept.reverse()
    return tuple(line), kept


def _note_least(table: dict[Hashable, int], key: Hashable, debt: int) -> None:
    """Keep in ``table`` the least debt met with ``key``: a repeat with no
    less debt can do no better."""
    known = table.get(key)
    if known is None or debt < known:
        table[key] = debt


def _first_two(item: tuple[int, int, _Node, _Key, int]) -> tuple[int, int]:
    """Positions set aside for a later stage sort by estimate, then by ticket
    (the one met last first)."""
    return item[0], item[1]


def _order(child: tuple[int, float, _Step, State | None]) -> tuple[int, float]:
    """Children sort by signed score, then by their random draw."""
    return child[0], child[1]
