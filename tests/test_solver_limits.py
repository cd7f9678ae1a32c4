"""The solver's limits: a time limit kept in every part of the search, a time
limit given alone as the only limit, and node limits kept exactly.

Time is a fake clock here (``patience.solver._clock``), moved by the game
itself: every question the solver asks of it takes a second. Nothing here
reads the real clock; benchmarks/solver_limits.py measures real calls.
"""

from __future__ import annotations

import inspect
from collections.abc import Hashable
from typing import Any

import pytest
from test_solver_graphs import Graph

import patience
from patience import Game, Move, State, solve
from patience import solver as solver_module


class _Clock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _costly(game: Game, clock: _Clock) -> Game:
    """An equal game of a subclass whose every question the solver asks
    (keys, moves, lines, making a move, whether it is over) takes a second."""
    base: Any = type(game)

    class Costly(base):  # type: ignore[misc, valid-type]
        def transposition_key(self, state: State) -> tuple[Hashable, int]:
            clock.now += 1
            return super().transposition_key(state)  # type: ignore[no-any-return]

        def legal_moves(self, state: State) -> tuple[Move, ...]:
            clock.now += 1
            return super().legal_moves(state)  # type: ignore[no-any-return]

        def search_lines(self, state: State) -> Any:
            clock.now += 1
            return super().search_lines(state)

        def apply(self, state: State, move: Move | str) -> State:
            clock.now += 1
            return super().apply(state, move)  # type: ignore[no-any-return]

        def is_over(self, state: State, *, search: bool = True) -> bool:
            clock.now += 1
            return super().is_over(state, search=search)  # type: ignore[no-any-return]

    if game.name.startswith("railroad"):
        made: Game = Costly(game.name, **game.options)
    else:
        made = Costly(game.name, game.rules, dict(game.options))  # type: ignore[attr-defined]
    return made


def _phases(monkeypatch: pytest.MonkeyPatch, clock: _Clock) -> dict[str, Any]:
    """Follow the solver through its parts: when it starts to shorten a won
    line and to check one, and in which part the time limit first said no."""
    seen: dict[str, Any] = {"part": "search", "stopped": "search"}
    shortened = solver_module._shortened
    playable = solver_module._Run.playable
    up = solver_module._Limit.up

    def shorten(*args: Any) -> Any:
        seen["part"], seen["shorten"] = "shorten", clock.now
        try:
            return shortened(*args)
        finally:
            seen["part"] = "search"

    def check(self: Any, states: list[State]) -> bool:
        seen["part"], seen["check"] = "check", clock.now
        try:
            return playable(self, states)
        finally:
            seen["part"] = "search"

    def asked(self: Any) -> bool:
        out = up(self)
        if out and seen["stopped"] == "search":
            seen["stopped"] = seen["part"]
        return out

    monkeypatch.setattr(solver_module, "_shortened", shorten)
    monkeypatch.setattr(solver_module._Run, "playable", check)
    monkeypatch.setattr(solver_module._Limit, "up", asked)
    return seen


@pytest.mark.parametrize(("name", "seed"), [("railroad", 5), ("klondike", 3)])
def test_the_time_limit_holds_in_every_part_of_the_search(
    name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the limit, the call ends within it: while searching, between
    runs, while the won line is shortened (move by move or line by line)
    and while it is checked. Before, the clock was read only to ask whether
    the deadline had passed, so every stop came one step after it."""
    clock = _Clock()
    monkeypatch.setattr(solver_module, "_clock", clock)
    seen = _phases(monkeypatch, clock)
    game = _costly(patience.game(name), clock)
    state = game.deal(seed)
    full = solve(game, state, max_nodes=None)
    assert full.won and full.seconds > 500
    shorten, check, end = seen["shorten"], seen["check"], full.seconds
    # Limits that stop it in each part (past the first position, which takes
    # what it takes): early runs, the last one, the shortening (which takes
    # a fifth of the time or more) and the check, and past the end.
    limits = [30.5, 0.3 * shorten, 0.7 * shorten, shorten - 0.5, shorten + 0.5]
    limits += [shorten + (check - shorten) * f for f in (0.25, 0.5, 0.75)]
    limits += [check + (end - check) * f for f in (0.25, 0.5, 0.75)] + [end + 0.5, end + 20]
    stops = set()
    for limit in limits:
        clock.now = 0.0
        seen["stopped"] = "search"
        found = solve(game, state, max_seconds=limit)
        assert found.seconds <= limit, (limit, found)
        if found.won:
            assert found.moves == full.moves
        else:
            assert found.status == "unknown"
            stops.add(seen["stopped"])
    assert stops == {"search", "shorten", "check"}
    assert found.won


def test_a_won_line_is_kept_when_the_time_is_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _Clock()
    monkeypatch.setattr(solver_module, "_clock", clock)
    game = _costly(patience.game("railroad"), clock)
    full = solve(game, game.deal(5), max_nodes=None)
    clock.now = 0.0
    again = solve(game, game.deal(5), max_seconds=full.seconds * 1.2)
    assert again.won and again.moves == full.moves and again.nodes == full.nodes


def test_a_slow_stretch_keeps_its_like_out_of_the_last_moments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One early stretch between readings of the clock takes 30 seconds more
    than the rest (as a full garbage collection stops everything for a time
    that grows with the objects alive); from then on the search stops where
    two such stretches would no longer fit before the limit, rather than
    risk one that might not."""
    clock = _Clock()
    monkeypatch.setattr(solver_module, "_clock", clock)
    game = _costly(patience.game("railroad"), clock)
    calls = 0
    base = type(game).transposition_key

    def key(self: Any, state: State) -> tuple[Hashable, int]:
        nonlocal calls
        calls += 1
        if calls == 3:
            clock.now += 30
        return base(self, state)  # type: ignore[no-any-return]

    monkeypatch.setattr(type(game), "transposition_key", key)
    found = solve(game, game.deal(3), max_seconds=200)
    assert found.status == "unknown"
    assert 200 - 2 * 40 < found.seconds <= 200 - 2 * 30


def test_a_time_limit_given_alone_is_the_only_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``max_seconds`` alone the search runs for its time, past the node
    limit a call without any limit gets; given both, both hold."""
    assert inspect.signature(solve).parameters["max_nodes"].default == "auto"
    monkeypatch.setattr(solver_module, "DEFAULT_MAX_NODES", 300)
    ticks = iter(range(10**9))
    monkeypatch.setattr(solver_module, "_clock", lambda: float(next(ticks)))
    game = patience.game("klondike")
    state = game.deal(1)  # not settled in thousands of positions
    timed = solve(game, state, max_seconds=2000)  # a second a reading: about 2,000 positions
    assert timed.status == "unknown" and 1500 < timed.nodes < 2000
    assert solve(game, state).nodes == 300
    assert solve(game, state, max_nodes="auto").nodes == 300
    assert solve(game, state, max_seconds=2000, max_nodes=400).nodes == 400
    assert solve(game, state, max_seconds=50, max_nodes=400).nodes < 50


def test_auto_is_the_only_word_max_nodes_takes() -> None:
    game = patience.game("railroad")
    with pytest.raises(patience.PatienceError, match=r"max_nodes must be .*'auto', not 'all'"):
        solve(game, game.deal(1), max_nodes="all")  # type: ignore[arg-type]


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, bool, bool, bool]]:
    """Record each run's expansions, whether it searched by lines, whether a
    rule of the game's own stopped it (``blocked``) and whether it finished."""
    runs: list[tuple[int, bool, bool, bool]] = []
    real = solver_module._Run

    class Counting(real):  # type: ignore[misc, valid-type]
        def expand(self, s: State) -> Any:
            self.expanded = getattr(self, "expanded", 0) + 1
            return super().expand(s)

        def search(self, root: State) -> None:
            super().search(root)
            runs.append((getattr(self, "expanded", 0), self.joined, self.blocked, self.exhausted))

    monkeypatch.setattr(solver_module, "_Run", Counting)
    return runs


def _counting_seeker(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the positions of each slice of the best-first search."""
    slices: list[int] = []
    real = solver_module._Seeker.search

    def search(self: solver_module._Seeker, budget: int | None) -> int:
        made = real(self, budget)
        slices.append(made)
        return made

    monkeypatch.setattr(solver_module._Seeker, "search", search)
    return slices


@pytest.mark.parametrize("limit", [5.5, 300.5, 3000.5, 30000.5])
def test_the_time_limit_holds_with_the_best_first_search(
    limit: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Napoleon's search takes turns with a best-first search for wins,
    which reads the clock before each position it makes, as the runs do."""
    clock = _Clock()
    monkeypatch.setattr(solver_module, "_clock", clock)
    slices = _counting_seeker(monkeypatch)
    game = _costly(patience.game("napoleon"), clock)
    found = solve(game, game.deal(1), max_seconds=limit)
    assert found.seconds <= limit
    if limit > 3000:
        assert sum(slices) > 0


@pytest.mark.parametrize(
    ("name", "seed"),
    [("las-vegas", 1), ("klondike", 1), ("thirteen-up", 3), ("spider", 0), ("napoleon", 1)],
)
@pytest.mark.parametrize("restarts", [True, False])
def test_a_node_limit_given_alone_is_exact(
    name: str, seed: int, restarts: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over every run, move by move and line by line, and every slice of the
    best-first search, the search expands at most ``max_nodes`` positions,
    and exactly that many when the limit stops it; ``Solution.nodes`` counts
    them."""
    runs = _counting(monkeypatch)
    slices = _counting_seeker(monkeypatch)
    game = patience.game(name)
    for limit in (1, 999, 1000, 1001, 3333, 7000):
        runs.clear()
        slices.clear()
        found = solve(game, game.deal(seed), max_nodes=limit, restarts=restarts)
        expanded = sum(run[0] for run in runs) + sum(slices)
        assert expanded == found.nodes <= limit
        if not found.settled:
            assert found.nodes == limit
    if restarts and name in ("klondike", "thirteen-up"):
        assert any(run[1] for run in runs)
    if restarts and name in ("spider", "napoleon"):
        assert sum(slices) > 0
    else:
        assert not slices


class _Stopping(Graph):
    """A graph walk that a rule of its own ends at one node that has moves."""

    def __init__(self, name: str, *, seed: int, size: int, degree: int, stop: int) -> None:
        super().__init__(name, seed=seed, size=size, degree=degree)
        self.stop = stop

    def _is_over(self, state: State) -> bool:
        return self.at(state) == self.stop or not self._legal_moves(state)


def test_a_node_limit_is_exact_when_a_rule_of_the_game_stops_a_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run whose won line passes a position the game calls over stops and
    goes again with the same budget; the positions of both count."""
    monkeypatch.setattr(solver_module, "_RESTART_UNIT", 5)
    runs = _counting(monkeypatch)
    blocked = 0
    for seed in range(100):
        plain = Graph("graph", seed=seed, size=40, degree=3)
        line = solve(plain, plain.deal(0), max_nodes=1000, seed=seed).moves
        if len(line) < 3:
            continue
        # The game ends by a rule of its own halfway along the line found.
        halfway = plain.deal(0)
        for move in line[: len(line) // 2]:
            halfway = plain.apply(halfway, move)
        game = _Stopping("graph", seed=seed, size=40, degree=3, stop=plain.at(halfway))
        for limit in (3, 17, 40, 200):
            runs.clear()
            found = solve(game, game.deal(0), max_nodes=limit, seed=seed)
            expanded = sum(run[0] for run in runs)
            assert expanded == found.nodes <= limit
            # Unsettled, it stopped at the limit, or it finished without a
            # proof: a rule of the game's own ended a line (see solve).
            if not found.settled and not runs[-1][3]:
                assert found.nodes == limit
            blocked += sum(1 for run in runs if run[2])
    assert blocked > 10
