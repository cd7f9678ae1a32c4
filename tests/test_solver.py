"""The solver: wins that replay, proven losses, limits, and every game."""

from __future__ import annotations

import pickle

import pytest

import patience
from patience import Card, PatienceError, solve
from patience.games.railroad import Railroad
from patience.simulation import play_deal

GAMES = patience.games()


def replay(game: patience.Game, state: patience.State, moves: tuple[patience.Move, ...]):
    for move in moves:
        state = game.apply(state, move)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_railroad_wins_replay(seed: int) -> None:
    game = patience.game("railroad")
    found = solve(game, game.deal(seed), max_seconds=10)
    assert found.status == "won", found
    end = replay(game, game.deal(seed), found.moves)
    assert game.is_won(end) and game.score(end) == 0 and found.score == 0
    assert found.nodes > 0 and found.seconds >= 0


def test_one_siding_is_settled_exactly() -> None:
    game = patience.game("railroad", sidings=1)
    for seed in range(30):
        state = game.deal(seed)
        found = solve(game, state)
        # With one siding there is one line of play: the solver must agree with it.
        end = state
        while not game.is_over(end):
            end = game.apply(end, game.legal_moves(end)[0])
        assert found.status == ("won" if game.is_won(end) else "lost")
        assert found.exhausted or found.won


def test_limits_give_unknown_and_are_reproducible() -> None:
    game = patience.game("klondike")
    state = game.deal(1)
    a = solve(game, state, max_nodes=300)
    b = solve(game, state, max_nodes=300)
    assert a.status in ("unknown", "won")
    assert (a.status, a.nodes, a.moves) == (b.status, b.nodes, b.moves)
    assert a.nodes <= 300


def test_best_score_search() -> None:
    game = patience.game("railroad", sidings=2)
    state = game.deal(3)
    found = solve(game, state, goal="score", max_seconds=20)
    assert found.score is not None and found.score % 2 == 0
    end = replay(game, state, found.moves)
    assert game.score(end) == found.score and game.is_over(end)
    greedy = patience.simulate(game, "greedy", [3]).results[0].scores[0]
    assert found.score <= greedy


def test_fixed_prefix_and_bounds() -> None:
    game = patience.game("railroad")
    assert isinstance(game, Railroad)
    state = game.deal(0)
    assert game.fixed_prefix(state) == 0 and game.may_win(state)
    assert game.score_bound(state) == 0
    # A line whose first card has no partner left can never be cleared.
    data = state.to_json()
    line = ["KS", "2H", "5D"]
    kings = {"KC", "KD", "KH"}
    for name in ("s1", "s2", "s3", "s4"):
        pile = data["piles"][name]
        pile["cards"] = [c for c in pile["cards"] if c not in kings | set(line)]
        pile["down"] = max(0, len(pile["cards"]) - 1)
    data["piles"]["line"]["cards"] = line
    data["piles"]["discard"]["cards"] = [*sorted(kings), "AC"]
    for name in ("s1", "s2", "s3", "s4"):
        if "AC" in data["piles"][name]["cards"]:
            data["piles"][name]["cards"].remove("AC")
            data["piles"][name]["down"] = max(0, len(data["piles"][name]["cards"]) - 1)
    stuck = game.from_json(data)
    assert stuck.piles["line"].cards[0] == Card.parse("KS")
    assert game.fixed_prefix(stuck) >= 1 and not game.may_win(stuck)
    assert solve(game, stuck).status == "lost"


def test_canonical_key_forgets_what_can_never_matter() -> None:
    game = patience.game("railroad")
    state = game.deal(4)
    assert game.canonical_key(state) == game.canonical_key(game.deal(4))
    assert game.canonical_key(state) != game.canonical_key(game.deal(5))


@pytest.mark.parametrize("name", GAMES)
def test_every_game_can_be_solved(name: str) -> None:
    game = patience.game(name)
    state = game.deal(2)
    found = solve(game, state, max_nodes=800)
    assert found.status in ("won", "lost", "unknown")
    if found.won:
        assert game.is_won(replay(game, state, found.moves))


def test_bad_arguments() -> None:
    game = patience.game("railroad")
    with pytest.raises(PatienceError):
        solve(game, game.deal(1), goal="fast")  # type: ignore[arg-type]
    with pytest.raises(PatienceError):
        solve(game, patience.game("klondike").deal(1))
    with pytest.raises(PatienceError):
        solve(game, game.deal(1), player=3)


def test_debt_lets_a_repeat_with_more_allowance_through() -> None:
    # Tableau games keep no allowance now; open Poker Solitaire counts its swaps.
    game = patience.game("klondike")
    state = game.deal(3)
    assert game.debt(state) == 0 and "idle" not in state.info
    assert patience.game("railroad").debt(patience.game("railroad").deal(1)) == 0


class _FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_time_limit_is_checked_before_every_expansion(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each expanded position "takes" one second on a fake clock (as an open
    # Poker Solitaire position with its 300 swaps takes real milliseconds).
    # The search must stop at the last expansion after which two more, as
    # long as the longest so far, would still fit before the limit: not at
    # the next multiple of some node count, and not after the limit.
    clock = _FakeClock()
    expansions = []

    class SlowRailroad(Railroad):
        def canonical_key(self, state: patience.State) -> object:
            expansions.append(state)
            clock.now += 1.0
            return super().canonical_key(state)

    monkeypatch.setattr("patience.solver._clock", clock)
    game = SlowRailroad("railroad")
    state = game.deal(3)  # needs over a thousand nodes without restarts
    found = solve(game, state, max_seconds=5.5, max_nodes=None, restarts=False)
    assert found.status == "unknown"
    assert len(expansions) == 4  # two more seconds would take the clock past 5.5
    assert found.seconds == 4.0
    assert found.nodes == 4
    # Without a limit the same search runs to its win, far past that point.
    clock.now, expansions[:] = 0.0, []
    assert solve(game, state, max_nodes=None, restarts=False).won and len(expansions) > 100


def test_cpu_clock_counts_only_the_search_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    # clock="cpu" reads the CPU clock and never the wall clock: a wall clock
    # that races ahead stops nothing, while the CPU clock's own limit does.
    wall, cpu = _FakeClock(), _FakeClock()

    class SlowRailroad(Railroad):
        def canonical_key(self, state: patience.State) -> object:
            wall.now += 100.0
            cpu.now += 1.0
            return super().canonical_key(state)

    monkeypatch.setattr("patience.solver._clock", wall)
    monkeypatch.setattr("patience.solver._cpu_clock", cpu)
    game = SlowRailroad("railroad")
    found = solve(game, game.deal(3), max_seconds=5.5, max_nodes=None, restarts=False, clock="cpu")
    assert (found.status, found.nodes, found.seconds) == ("unknown", 4, 4.0)
    with pytest.raises(patience.PatienceError, match="clock must be 'wall' or 'cpu'"):
        solve(game, game.deal(3), max_seconds=1.0, clock="process")  # type: ignore[arg-type]
    policy = patience.SolverPolicy(max_seconds=2.0, clock="cpu")
    assert pickle.loads(pickle.dumps(policy)).clock == "cpu"
    assert repr(policy) == "SolverPolicy(max_seconds=2.0, max_nodes=None, clock='cpu')"
    with pytest.raises(patience.PatienceError, match="clock must be"):
        patience.SolverPolicy(clock="gpu")  # type: ignore[arg-type]


def test_open_poker_time_limit_is_kept() -> None:
    # A real game with slow positions: the search ends soon after the limit
    # (a check every 256 nodes let it run for seconds).
    game = patience.game("poker-solitaire", open=True)
    found = solve(game, game.deal(1), max_seconds=0.3)
    assert found.status == "unknown"
    assert found.nodes < 256
    assert found.seconds < 3.0  # generous: one position takes milliseconds


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"max_seconds": -5}, "max_seconds"),
        ({"max_seconds": float("nan")}, "max_seconds"),
        ({"max_seconds": float("inf")}, "max_seconds"),
        ({"max_seconds": 0}, "max_seconds"),
        ({"max_seconds": True}, "max_seconds"),
        ({"max_seconds": "10"}, "max_seconds"),
        ({"max_nodes": -1}, "max_nodes"),
        ({"max_nodes": 0}, "max_nodes"),
        ({"max_nodes": 10.0}, "max_nodes"),
        ({"max_nodes": True}, "max_nodes"),
        ({"table_size": 0}, "table_size"),
        ({"restarts": "no"}, "restarts"),
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
    ],
)
def test_limits_and_options_are_checked(options: dict[str, object], match: str) -> None:
    game = patience.game("railroad")
    with pytest.raises(PatienceError, match=match):
        solve(game, game.deal(1), **options)  # type: ignore[arg-type]


def test_limits_that_are_limits_are_accepted() -> None:
    game = patience.game("railroad")
    found = solve(game, game.deal(5), max_seconds=30, max_nodes=10**6, table_size=10)
    assert found.won


def test_a_game_name_is_not_a_game() -> None:
    game = patience.game("klondike")
    state = game.deal(1)
    with pytest.raises(PatienceError, match=r"game must be a Game.*'klondike'"):
        solve("klondike", state)  # type: ignore[arg-type]
    with pytest.raises(PatienceError, match="state must be a State"):
        solve(game, "klondike")  # type: ignore[arg-type]


def _eager(game: patience.Game) -> patience.Game:
    """An equal game of a subclass that cannot tell a move's score without making it."""

    class Eager(type(game)):  # type: ignore[misc]
        def _move_scores(self, state: patience.State, player: int) -> None:
            return None

    return Eager(game.name, game.rules, dict(game.options))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "options"), [("klondike", {}), ("emperor", {}), ("canfield", {}), ("las-vegas", {})]
)
def test_moves_made_only_when_reached_search_exactly_as_made_at_once(
    name: str, options: dict[str, object]
) -> None:
    """Where a game tells scores without making moves, the solver makes a
    move only when it comes to it; the search is the same one, node for node."""
    game = patience.game(name, **options)
    eager = _eager(game)
    assert eager.move_scores(eager.deal(0)) is None
    assert game.move_scores(game.deal(0)) is not None
    for seed in range(3):
        # A search for the best score asks is_over at every position: fewer.
        for goal, nodes in (("win", 1500), ("score", 200)):
            lazy = solve(game, game.deal(seed), goal=goal, max_nodes=nodes)  # type: ignore[arg-type]
            made = solve(eager, eager.deal(seed), goal=goal, max_nodes=nodes)  # type: ignore[arg-type]
            assert (lazy.status, lazy.moves, lazy.nodes, lazy.score) == (
                made.status,
                made.moves,
                made.nodes,
                made.score,
            )


def _first_over(
    game: patience.Game, state: patience.State, line: tuple[patience.Move, ...]
) -> int | None:
    """The index of the first move of ``line`` made from a position the game calls over."""
    for index, move in enumerate(line):
        if game.is_over(state):
            return index
        state = game.apply(state, move)
    return None


def _without_shortening(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the solver give won lines as searched, unshortened."""
    monkeypatch.setattr(
        patience.solver, "_shortened", lambda game, states, moves, *_: (tuple(moves), states[:-1])
    )


def test_a_winning_line_never_passes_a_position_the_game_calls_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Play ends where the game calls it over, so a won line must not pass one.

    A game is over only where no progress is proven possible, and a win is
    progress, so no position on a winning line is over, however small the
    search for progress: with it cut to 50 positions (and no directed
    search), Seahaven Towers' deal 0 is still won along the solver's line,
    and deal 4, whose search gives up at once, goes on. (The solver's
    shortening of won lines is turned off: the check must hold without it.)
    """
    _without_shortening(monkeypatch)
    game = patience.game("seahaven-towers")
    usual = solve(game, game.deal(0), max_nodes=20_000)
    assert usual.won
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_LIMIT", 50)
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_DIRECTED_LIMIT", 1)
    small = patience.game("seahaven-towers")  # a game object that has learnt nothing yet
    assert _first_over(small, small.deal(0), usual.moves) is None
    assert small.is_won(replay(small, small.deal(0), usual.moves))
    policy = patience.SolverPolicy(max_seconds=None, max_nodes=20_000)
    played = play_deal(small, policy, 0)
    assert played.won and played.resolved

    dealt = small.deal(4)
    assert small._find_progress(dealt) == (None, False)  # the search gives up
    assert not small.is_over(dealt) and small.result(dealt).ending is None


def test_moves_of_equal_score_are_tried_in_the_games_order_of_preference() -> None:
    """Single Rail advises every pile move before the draw; a game that
    advised the reverse would see the draw tried first. Either way only the
    order changes: the tie among equally preferred moves is still random."""
    from patience.games.single_rail import SingleRail

    applied: list[patience.Move] = []

    class Logged(SingleRail):
        def _apply(self, state: patience.State, move: patience.Move) -> patience.State:
            applied.append(move)
            return super()._apply(state, move)

    class DrawFirst(Logged):
        def _move_preferences(self, state: patience.State) -> tuple[int, ...]:
            return tuple(1 if m.kind == "draw" else 0 for m in self._legal_moves(state))

    for cls, draw_first in ((Logged, False), (DrawFirst, True)):
        game = cls()
        state = game.deal(27)
        assert len(game.legal_moves(state)) == 4  # three pile moves and the draw, all scoring 0
        firsts = set()
        for seed in range(6):
            applied.clear()
            solve(game, state, max_nodes=2, restarts=False, seed=seed)
            firsts.add(applied[0])
            assert (applied[0].kind == "draw") is draw_first
        # The draw alone is preferred, or the three pile moves tie at random.
        assert len(firsts) == 1 if draw_first else len(firsts) > 1


def test_restarts_follow_the_luby_sequence(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run budgets are 1,000 positions times 1, 1, 2, 1, 1, 2, 4, ...; the last
    one is cut to what is left of ``max_nodes``."""
    from patience import solver as solver_module

    budgets: list[int | None] = []
    real = solver_module._Run

    class Recording(real):  # type: ignore[misc, valid-type]
        def search(self, root: patience.State) -> None:
            budgets.append(self.budget)
            super().search(root)

    monkeypatch.setattr(solver_module, "_Run", Recording)
    game = patience.game("las-vegas")  # one pass through the stock: no lines
    found = solve(game, game.deal(1), max_nodes=20_500)
    assert found.status == "unknown" and found.nodes == 20_500
    luby = [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2]  # 20 thousand positions
    assert budgets == [1000 * term for term in luby] + [500]
    assert [solver_module._luby(i) for i in range(1, 32)] == [*luby, 4, 8, *luby, 4, 8, 16]


def test_where_a_game_joins_moves_runs_take_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thirteen-Up and Klondike join their stock's turns into lines: the runs
    search move by move and line by line in turn, each term of the Luby
    sequence giving one run of each kind. Streets and Alleys, with no stock,
    joins nothing."""
    from patience import solver as solver_module

    runs: list[tuple[int | None, bool]] = []
    real = solver_module._Run

    class Recording(real):  # type: ignore[misc, valid-type]
        def search(self, root: patience.State) -> None:
            runs.append((self.budget, self.joined))
            super().search(root)

    monkeypatch.setattr(solver_module, "_Run", Recording)
    for name, seed in (("thirteen-up", 3), ("klondike", 1)):
        runs.clear()
        game = patience.game(name)
        found = solve(game, game.deal(seed), max_nodes=12_500)
        assert found.status == "unknown" and found.nodes == 12_500, name
        pairs = [1, 1, 2, 1, 1]  # each term twice: 12 thousand positions
        assert runs == [(1000 * t, k == 1) for t in pairs for k in (0, 1)] + [(500, False)], name
    runs.clear()
    streets = patience.game("streets-and-alleys")
    solve(streets, streets.deal(1), max_nodes=3_000)
    assert runs == [(1000, False), (1000, False), (1000, False)]


def _skips(game: patience.Game, state: patience.State, line: tuple[patience.Move, ...]) -> int:
    """How many positions of ``line`` have a move that reaches a position
    further along it than the next."""
    states = [state]
    for move in line:
        states.append(game.apply(states[-1], move))

    def place(s: patience.State) -> object:
        return (s.pile_tuple, s.info)  # the position, whatever its count of idle moves

    later = {place(s): i for i, s in enumerate(states)}
    return sum(
        1
        for i, s in enumerate(states[:-1])
        if any(later.get(place(game.apply(s, m)), -1) > i + 1 for m in game.legal_moves(s))
    )


def test_a_won_line_is_the_shortest_through_its_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beleaguered Castle's depth-first lines wander (deal 0's line, as
    searched, has positions from which one move skips ahead); the solver
    gives the line with every such skip taken, which still wins."""
    game = patience.game("beleaguered-castle")
    found = solve(game, game.deal(0), max_nodes=100_000, seed=3)
    assert found.won
    assert game.is_won(replay(game, game.deal(0), found.moves))
    assert _skips(game, game.deal(0), found.moves) == 0
    _without_shortening(monkeypatch)
    raw = solve(game, game.deal(0), max_nodes=100_000, seed=3)
    assert raw.won and raw.nodes == found.nodes  # the same search
    assert _skips(game, game.deal(0), raw.moves) > 0
    assert len(found.moves) < len(raw.moves)


def test_shortening_skips_a_card_moved_away_and_back() -> None:
    """A line that moves a card to another pile and straight back, then
    plays on, is the same line without the two moves."""
    from patience.solver import _Limit, _shortened

    game = patience.game("beleaguered-castle")
    start, there, back = next(
        (state, m, patience.Move("move", m.target, m.source, 1))
        for state in (game.deal(seed) for seed in range(50))
        for m in game.legal_moves(state)
        if patience.Move("move", m.target, m.source, 1) in game.legal_moves(game.apply(state, m))
    )
    away = game.apply(start, there)
    assert game.apply(away, back).same_position(start)
    on = game.legal_moves(start)[-1]
    states = [start, away, start, game.apply(start, on)]
    # A repeated position keeps its last place: the start's moves reach it, and beyond.
    line, kept = _shortened(game, states, [there, back, on], None)
    assert line == (on,) and kept == [start]
    past = _Limit(lambda: 2.0, 0.0, 1.0)  # the clock already past the limit
    line, kept = _shortened(game, states[1:], [back, on], past)
    assert line == (back, on) and kept == states[1:3]
