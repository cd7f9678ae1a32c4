"""Players: policies that choose a move, built only on the public protocol.

A policy's ``choose`` method gets the game, the position and a seeded
random generator, and returns one of the legal moves of the player whose turn
it is (or, in a game where several players may move, of ``player``). The
built-in policies, by name for :func:`patience.simulate` and the command line:

``random``
    a uniformly random legal move;
``greedy``
    the move whose result scores best, a generic progress measure (fewer
    face-down cards outside the stock) breaking ties, then chance;

Both avoid moves back to a position they have seen since the game last made
progress (see :meth:`~patience.Game.progress`): while there is no such other
move they follow :meth:`~patience.Game.progress_line`. After ``wander``
moves in a row without progress (:data:`WANDER`, 100, by default) they
follow a line to progress whatever else is open. So they never wander for
ever among positions that change nothing, however many there are.

``solver``
    thoughtful play: solve the position with :func:`patience.solve` (seeing
    every card) and follow the winning line, greedy where none is found;
``hidden``
    an honest player that sees only :meth:`~patience.Game.view`: it fills the
    cards it cannot see with samples of the cards it has not seen, plays each
    move out on every sample, and picks the move that does best on average.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Hashable
from itertools import pairwise
from typing import Any, Protocol, runtime_checkable

from .cards import Card
from .errors import PatienceError, brief_repr
from .game import Better, Game
from .move import Move
from .pile import Pile
from .solver import Clock, check_clock, check_count, check_node_limit, check_seconds, solve
from .state import State

__all__ = [
    "POLICIES",
    "WANDER",
    "GreedyPolicy",
    "HiddenInfoPolicy",
    "Policy",
    "RandomPolicy",
    "SolverPolicy",
    "make_policy",
    "next_mover",
]


@runtime_checkable
class Policy(Protocol):
    """Anything that picks a move: ``choose(game, state, rng, player)``."""

    name: str

    def choose(self, game: Game, state: State, rng: random.Random, player: int = 0) -> Move:
        """One legal move of ``player`` in ``state``."""
        ...


def check_choice(game: object, state: object, rng: object, player: object = 0) -> None:
    """Raise :class:`~patience.PatienceError` unless ``choose`` got a game, its state and an rng.

    A policy's ``choose`` is a public entry point: a game name given for the
    game, say, should fail here with a message, not deep inside the rules.
    """
    if not isinstance(game, Game):
        raise PatienceError(
            f"choose(): game must be a Game, such as patience.game('klondike'), "
            f"not {brief_repr(game)}"
        )
    game._check_own(state)  # type: ignore[arg-type]
    if not isinstance(rng, random.Random):
        raise PatienceError(f"choose(): rng must be a random.Random, not {brief_repr(rng)}")
    game._check_player(player)  # type: ignore[arg-type]


def own_moves(game: Game, state: State, player: int) -> tuple[Move, ...]:
    """The legal moves ``player`` may make (all of them in a one-player game)."""
    moves = game.legal_moves(state)
    if game.players == 1:
        return moves
    return tuple(m for m in moves if m.player is None or m.player == player)


def next_mover(game: Game, state: State, rng: random.Random) -> int:
    """Who moves next: the one player, the only player with moves, or one drawn at random.

    One-player games need no look at the legal moves, which the policy lists anyway.
    """
    if game.players == 1:
        return 0
    movers = sorted({m.player or 0 for m in game.legal_moves(state)})
    return movers[0] if len(movers) == 1 else rng.choice(movers)


def _value(game: Game, state: State, player: int) -> tuple[int, int, int]:
    """How good a position looks for ``player``: won, score, fewer face-down cards.

    Cards in a stock do not count: a stock is face down by nature, and a
    redeal that turns the waste back into it is no step backwards.
    """
    sign = 1 if game.better is Better.HIGHER else -1
    down = sum(p.down for spec, p in zip(game.layout, state.piles.values()) if spec.role != "stock")
    return (int(game.is_won(state, player)), sign * game.score(state, player), -down)


WANDER = 100
"""How many moves in a row without progress the ``random`` and ``greedy``
policies make, by default, before they head straight for progress."""


def check_wander(wander: object) -> int:
    """``wander`` if it is a whole number of moves, 0 or more; else raise
    :class:`~patience.PatienceError`."""
    if isinstance(wander, bool) or not isinstance(wander, int) or wander < 0:
        raise PatienceError(
            f"wander must be a whole number of moves, 0 or more, not {brief_repr(wander)}"
        )
    return wander


class _Trail:
    """The positions one thread's deal has seen since its last progress, how
    many moves that took, and the rest of a line to progress being followed."""

    __slots__ = ("game", "last", "lost", "mark", "moves", "plan", "seen", "unkeyed")

    def __init__(self) -> None:
        self.game: Game | None = None
        self.mark: Hashable = None
        self.seen: set[Hashable] = set()
        self.unkeyed: list[State] = []
        """Positions seen but not yet in :attr:`seen`: their keys are worked out
        only when a move keeps the mark (never, in a game where every move is
        progress)."""
        self.last: tuple[State, Move, State] | None = None
        """The last position :meth:`_Wary._fresh` made: from, move, to (so a
        play-out need not make the chosen move twice)."""
        self.moves = 0
        self.plan: list[tuple[State, Move]] = []
        self.lost = False
        """Whether a search for a line to progress in this stretch found none:
        the game is over, or its positions without progress are too many to
        search. The policy does not search again until progress is made."""


class _Wary:
    """A policy that remembers, per thread, the positions seen since the last
    progress, avoids going back to them, and after ``wander`` moves without
    progress follows a line to it.

    A game's progress mark only ever moves one way and can change only so
    often, and a line to progress exists in every position of a game that is
    not over (:meth:`~patience.Game.is_over`), so play with such a policy
    always ends.
    """

    def __init__(self, wander: int = WANDER) -> None:
        self.wander = check_wander(wander)
        """Moves in a row without progress before the policy heads for progress."""
        self._local = threading.local()

    def new_deal(self) -> None:
        """Forget this thread's positions: a new deal begins."""
        self._local.trail = _Trail()

    def _trail(self, game: Game, state: State) -> _Trail:
        """This thread's trail, reset when the game or its progress has changed,
        with ``state`` added."""
        trail: _Trail | None = getattr(self._local, "trail", None)
        if trail is None:
            trail = self._local.trail = _Trail()
        mark = game.progress(state)
        if trail.game is not game or trail.mark != mark:
            trail.game, trail.mark, trail.seen, trail.unkeyed = game, mark, set(), []
            trail.moves, trail.plan, trail.lost = 0, [], False
        else:
            trail.moves += 1
        trail.unkeyed.append(state)
        return trail

    def _heading(self, game: Game, state: State, trail: _Trail) -> Move | None:
        """The next move of a line to progress once the deal has gone
        :attr:`wander` moves without it, else ``None``.

        The line is :meth:`~patience.Game.progress_line` at the position where
        the policy set out, followed to its end unless play leaves it.
        """
        if trail.plan:
            expected, move = trail.plan.pop(0)
            if expected == state:
                return move
            trail.plan = []
        if trail.moves < self.wander or trail.lost:
            return None
        line = game.progress_line(state)
        if not line:
            trail.lost = line is None  # no search of this stretch will find one
            return None
        here = state
        for move, following in pairwise(line):
            here = game.apply(here, move)
            trail.plan.append((here, following))
        return line[0]

    def _fresh(self, game: Game, state: State, trail: _Trail, move: Move) -> State | None:
        """The position after ``move`` unless it is one the trail has seen."""
        child = game.apply(state, move)
        trail.last = (state, move, child)
        if game.progress(child) != trail.mark:
            return child
        seen = trail.seen
        if trail.unkeyed:
            seen.update(game.canonical_key(s) for s in trail.unkeyed)
            trail.unkeyed.clear()
        return child if game.canonical_key(child) not in seen else None

    @staticmethod
    def _way_out(
        game: Game, state: State, moves: tuple[Move, ...], rng: random.Random, trail: _Trail
    ) -> Move:
        """With every move going back: the first step of a line to progress, else
        any (and the trail notes that it found no line)."""
        line = None if trail.lost else game.progress_line(state)
        if line and line[0] in moves:
            return line[0]
        trail.lost = line is None
        return rng.choice(moves)

    def __getstate__(self) -> dict[str, Any]:
        return {"wander": self.wander}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__init__(data.get("wander", WANDER))  # type: ignore[misc]


class RandomPolicy(_Wary):
    """A uniformly random legal move among those that do not go back to a
    position seen since the last progress (any legal move when all do)."""

    name = "random"

    def choose(self, game: Game, state: State, rng: random.Random, player: int = 0) -> Move:
        check_choice(game, state, rng, player)
        moves = own_moves(game, state, player)
        if len(moves) == 1:
            return moves[0]
        trail = self._trail(game, state)
        heading = self._heading(game, state, trail)
        if heading is not None and heading in moves:
            return heading
        left = list(moves)
        while left:
            move = left.pop(rng.randrange(len(left)))
            if self._fresh(game, state, trail, move) is not None:
                return move
        return self._way_out(game, state, moves, rng, trail)

    def __repr__(self) -> str:
        return "RandomPolicy()" if self.wander == WANDER else f"RandomPolicy(wander={self.wander})"


class GreedyPolicy(_Wary):
    """One move of lookahead on the score; fewer face-down cards outside the stock,
    then chance, break ties. Moves back to a position seen since the last
    progress are left out while there are others."""

    name = "greedy"

    def choose(self, game: Game, state: State, rng: random.Random, player: int = 0) -> Move:
        check_choice(game, state, rng, player)
        moves = own_moves(game, state, player)
        if len(moves) == 1:
            return moves[0]
        trail = self._trail(game, state)
        heading = self._heading(game, state, trail)
        if heading is not None and heading in moves:
            return heading
        scored = []
        for m in moves:
            child = self._fresh(game, state, trail, m)
            if child is not None:
                scored.append((_value(game, child, player), m))
        if not scored:
            return self._way_out(game, state, moves, rng, trail)
        top = max(v for v, _ in scored)
        return rng.choice([m for v, m in scored if v == top])

    def __repr__(self) -> str:
        return "GreedyPolicy()" if self.wander == WANDER else f"GreedyPolicy(wander={self.wander})"


class _DealPlan:
    """What a :class:`SolverPolicy` knows about the deal one thread is playing."""

    __slots__ = ("plan", "resolved", "searched", "status")

    def __init__(self) -> None:
        self.plan: list[tuple[State, Move]] = []
        self.searched = False
        self.resolved = True
        self.status = "unknown"


class SolverPolicy:
    """Thoughtful play: follow a winning line found by :func:`patience.solve`.

    The solver sees every card. Where it finds no win within its limits the
    policy plays greedily for the rest of the deal. :attr:`resolved` says
    whether the search settled the question (won, or lost after an exhaustive
    search); :meth:`new_deal` starts afresh.

    ``max_seconds`` (a positive, finite number) and ``max_nodes`` (a positive
    integer) limit each search; ``None`` means no limit. ``clock`` says which
    clock the time limit counts, as for :func:`patience.solve` (``"cpu"``
    makes a run's results independent of the machine's load). ``progress`` goes to
    :func:`patience.solve` with each search (a front end's spinner, or a way
    to stop it early); a pickled policy leaves it behind.

    The plan for the current deal is kept per thread, so one policy may be
    shared by threads playing different deals (as :func:`patience.simulate`
    does on a thread pool) and each deal plays exactly as it would alone.
    Pickling keeps the limits only, as does a copy made for another process.
    """

    name = "solver"

    def __init__(
        self,
        max_seconds: float | None = 10.0,
        max_nodes: int | None = None,
        progress: Callable[[int, float], object] | None = None,
        clock: Clock = "wall",
    ) -> None:
        self.max_seconds = check_seconds("max_seconds", max_seconds)
        self.max_nodes = check_node_limit("max_nodes", max_nodes)
        self.clock = check_clock(clock)
        if progress is not None and not callable(progress):
            raise PatienceError(f"progress must be callable or None, not {brief_repr(progress)}")
        self.progress = progress
        self._local = threading.local()
        self._greedy = GreedyPolicy()

    def _deal(self) -> _DealPlan:
        deal: _DealPlan | None = getattr(self._local, "deal", None)
        if deal is None:
            deal = self._local.deal = _DealPlan()
        return deal

    # ``resolved`` and ``status`` are documented in docs/api.rst (as attributes);
    # both report the search of the deal this thread is playing.
    @property
    def resolved(self) -> bool:
        return self._deal().resolved

    @property
    def status(self) -> str:
        return self._deal().status

    def new_deal(self) -> None:
        """Forget this thread's plan: its next move starts a new search."""
        self._local.deal = _DealPlan()
        self._greedy.new_deal()

    def choose(self, game: Game, state: State, rng: random.Random, player: int = 0) -> Move:
        check_choice(game, state, rng, player)
        deal = self._deal()
        if deal.plan and deal.plan[0][0] == state:
            return deal.plan.pop(0)[1]
        if deal.searched and not deal.plan and deal.status != "won":
            return self._greedy.choose(game, state, rng, player)
        deal.searched = True
        found = solve(
            game,
            state,
            max_seconds=self.max_seconds,
            max_nodes=self.max_nodes,
            clock=self.clock,
            player=player,
            seed=rng.randrange(2**32),
            progress=self.progress,
        )
        deal.resolved, deal.status = found.settled, found.status
        if found.won and found.moves:
            plan = []
            s = state
            for move in found.moves:
                plan.append((s, move))
                s = game.apply(s, move)
            deal.plan = plan[1:]
            return found.moves[0]
        deal.plan = []
        return self._greedy.choose(game, state, rng, player)

    def __getstate__(self) -> dict[str, Any]:
        return {"max_seconds": self.max_seconds, "max_nodes": self.max_nodes, "clock": self.clock}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__init__(  # type: ignore[misc]
            data["max_seconds"], data["max_nodes"], clock=data.get("clock", "wall")
        )

    def __repr__(self) -> str:
        clock = "" if self.clock == "wall" else f", clock={self.clock!r}"
        return (
            f"SolverPolicy(max_seconds={self.max_seconds!r}, max_nodes={self.max_nodes!r}{clock})"
        )


class HiddenInfoPolicy:
    """An honest player: it decides from ``game.view(state, player)`` alone.

    For each of ``samples`` samples it deals the cards it has not seen into
    the places it cannot see, then plays every legal move out to the end with
    the ``rollout`` policy (``"random"`` or ``"greedy"``). The move with the
    best average result (wins first, then score) is chosen. Moves that lead
    to the same position by the game's
    :meth:`~patience.Game.canonical_key` (in the first sample) are one
    choice and are played out once, and a move that leads back to the same
    position is chosen only when there is no other. It remembers
    nothing between moves: a card seen once and turned face down again counts
    as unseen.

    A play-out ends when the game is over by a rule that needs no search (no
    legal move, a win, the game's own rules: ``is_over(state, search=False)``),
    when the play-out's player, finding that every move leads back, looks for
    a line to progress and there is none, after ``wander`` moves in a row
    without progress, or after ``max_moves`` moves. Stopping after a stretch
    without progress stands in for the search that
    :meth:`~patience.Game.is_over` would make at every step, which in games
    with many positions without progress costs far more than the moves.
    """

    name = "hidden"

    def __init__(
        self,
        samples: int = 8,
        rollout: str = "random",
        max_moves: int = 2000,
        wander: int = WANDER,
    ) -> None:
        self.samples = check_count("samples", samples)
        if rollout not in ("random", "greedy"):
            raise PatienceError(f"rollout must be 'random' or 'greedy', not {brief_repr(rollout)}")
        self.rollout = rollout
        self.max_moves = check_count("max_moves", max_moves)
        self.wander = check_wander(wander)

    def choose(self, game: Game, state: State, rng: random.Random, player: int = 0) -> Move:
        check_choice(game, state, rng, player)
        moves = own_moves(game, state, player)
        if len(moves) == 1:
            return moves[0]
        view = game.view(state, player)
        roll: RandomPolicy | GreedyPolicy = (
            RandomPolicy(self.wander) if self.rollout == "random" else GreedyPolicy(self.wander)
        )
        sign = 1 if game.better is Better.HIGHER else -1
        world = sample_world(game, view, rng)
        # Moves that lead to the same position (by the game's canonical key) are
        # one choice: only the first of each class is played out. A move back to
        # the position itself can do no better than the best other move, so it
        # is considered only when there is nothing else.
        here = game.canonical_key(world)
        first: dict[Hashable, int] = {}
        children = [game.apply(world, m) for m in moves]
        keys = [game.canonical_key(child) for child in children]
        share = [first.setdefault(key, i) for i, key in enumerate(keys)]
        tried = sorted({j for j, key in zip(share, keys) if key != here}) or sorted(set(share))
        totals = {i: [0, 0] for i in tried}
        for k in range(self.samples):
            if k:
                world = sample_world(game, view, rng)
            for i in tried:
                child = children[i] if k == 0 else game.apply(world, moves[i])
                end = self._play_out(game, child, roll, rng, player)
                totals[i][0] += int(game.is_won(end, player))
                totals[i][1] += sign * game.score(end, player)
        best = max(tuple(t) for t in totals.values())
        return rng.choice(
            [m for m, j in zip(moves, share) if j in totals and tuple(totals[j]) == best]
        )

    def _play_out(
        self,
        game: Game,
        state: State,
        roll: RandomPolicy | GreedyPolicy,
        rng: random.Random,
        player: int,
    ) -> State:
        roll.new_deal()
        mark = game.progress(state)
        idle = 0
        for _ in range(self.max_moves):
            if idle >= self.wander or game.is_over(state, search=False):
                break
            mover = next_mover(game, state, rng)
            move = roll.choose(game, state, rng, mover)
            trail = roll._local.trail
            if trail.lost:
                break  # it searched and found no progress: the game is over here
            last = trail.last
            if last is not None and last[0] is state and last[1] == move:
                state = last[2]  # the policy made the move already, to look at it
            else:
                state = game.apply(state, move)
            now = game.progress(state)
            if now == mark:
                idle += 1
            else:
                mark, idle = now, 0
        return state

    def __repr__(self) -> str:
        wander = "" if self.wander == WANDER else f", wander={self.wander}"
        return f"HiddenInfoPolicy(samples={self.samples}, rollout={self.rollout!r}{wander})"


def sample_world(game: Game, view: State, rng: random.Random) -> State:
    """A full position consistent with ``view``: its hidden cards filled at random.

    The hidden places get the cards of the game's deck that the view does not
    show, in a random order. Where each player has a pack of their own (Double
    Solitaire, the Railroad race), each player's hidden places get the unseen
    cards of their own pack.
    """
    game._check_own(view)
    piles = list(view.piles.items_tuple)
    for places, pool in game._hidden_pools(view):
        unseen = list(pool.elements())
        unseen.sort(key=lambda c: c.sort_key)
        rng.shuffle(unseen)
        fill = iter(unseen)
        for k in places:
            pile = piles[k]
            if pile.down and any(c.is_hidden for c in pile.cards):
                cards = tuple(next(fill, Card.HIDDEN) if c.is_hidden else c for c in pile.cards)
                piles[k] = Pile(cards, pile.down)
        if next(fill, None) is not None or any(c.is_hidden for k in places for c in piles[k].cards):
            raise PatienceError(
                f"{game.name}: the view's hidden places do not match the cards it does not show"
            )
    return game.make_state(dict(zip(view.piles, piles)), view.info)


POLICIES: dict[str, type[Any]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "solver": SolverPolicy,
    "hidden": HiddenInfoPolicy,
}
"""The built-in policies by name."""


def make_policy(name: str | Policy, **options: Any) -> Policy:
    """A policy from its name (``random``, ``greedy``, ``solver``, ``hidden``) and options.

    A policy object is returned as it is (it takes no options).
    """
    if not isinstance(name, str):
        if not isinstance(name, Policy):
            raise PatienceError(
                f"a policy is a name ({', '.join(POLICIES)}) or an object with "
                f"'name' and 'choose', not {brief_repr(name)}"
            )
        if options:
            raise PatienceError("policy options go with a policy name; this policy is already made")
        return name
    cls = POLICIES.get(name)
    if cls is None:
        raise PatienceError(f"unknown policy {brief_repr(name)}; policies: {', '.join(POLICIES)}")
    try:
        policy: Policy = cls(**options)
    except TypeError as e:
        raise PatienceError(f"policy {brief_repr(name)}: {e}") from None
    return policy
