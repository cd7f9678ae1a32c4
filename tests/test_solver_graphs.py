"""The solver on random directed graphs: every position a node, every move an
edge, the game won at one node. Cycles abound, so these check that positions
proven dead and kept from one restart to the next really hold no win (a
position whose search was cut short by a cycle is not dead until the whole
cycle is searched), against plain reachability."""

from __future__ import annotations

import random
from collections import deque

import pytest

from patience import Card, Deck, Game, Move, Pile, PileSpec, State, solve
from patience import solver as solver_module

DECK = Deck.standard()
CARDS = tuple(DECK)
STEPS = (-3, -2, -1, 1, 2, 3)


class Graph(Game):
    """Walk a random graph on ``size`` nodes from node 0 to node ``size - 1``.

    The node is the card in the pile ``at``; the other cards wait in ``rest``.
    """

    title = "Graph walk"

    def __init__(self, name: str, *, seed: int, size: int, degree: int) -> None:
        super().__init__(name, {"seed": seed, "size": size, "degree": degree})
        rng = random.Random(seed)
        self.size = size
        # Each node gets a few edges, mostly to nodes near it on either side,
        # so there are many short cycles.
        self.edges = {
            n: sorted(
                {
                    min(size - 1, max(0, n + rng.choice((*STEPS, rng.randrange(size)))))
                    for _ in range(rng.randint(0, degree))
                }
                - {n}
            )
            for n in range(size)
        }
        self.edges[size - 1] = []
        self._moves = {n: Move("go", detail=f"n{n}") for n in range(size)}
        self._set_layout([PileSpec("at", "tableau", 0, 0), PileSpec("rest", "stock", 0, 1)])

    @property
    def deck(self) -> Deck:
        return DECK

    def at(self, state: State) -> int:
        return CARDS.index(state.piles["at"].cards[0])

    def go(self, node: int) -> State:
        rest = tuple(c for c in CARDS if c != CARDS[node])
        return self.make_state({"at": Pile((CARDS[node],)), "rest": Pile(rest)})

    def _deal(self, cards: tuple[Card, ...]) -> State:
        return self.go(0)

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        return tuple(self._moves[n] for n in self.edges[self.at(state)])

    def _apply(self, state: State, move: Move) -> State:
        assert move in self._legal_moves(state)
        assert move.detail is not None
        return self.go(int(move.detail[1:]))

    def _is_over(self, state: State) -> bool:
        return not self._legal_moves(state)

    def _scores(self, state: State) -> tuple[int, ...]:
        return (0,)

    def _winners(self, state: State) -> tuple[int, ...]:
        return (0,) if self.at(state) == self.size - 1 else ()

    def reachable(self) -> bool:
        seen = {0}
        queue = deque([0])
        while queue:
            n = queue.popleft()
            for m in self.edges[n]:
                if m not in seen:
                    seen.add(m)
                    queue.append(m)
        return self.size - 1 in seen


@pytest.mark.parametrize("budget", [1, 3, 8])
def test_restarts_keep_only_positions_proven_dead(
    budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solver_module, "_RESTART_UNIT", budget)
    outcomes = {"won": 0, "lost": 0}
    for seed in range(300):
        game = Graph("graph", seed=seed, size=40, degree=3)
        truth = game.reachable()
        found = solve(game, game.deal(0), max_nodes=100_000, seed=seed)
        assert found.status != "unknown"
        assert found.won == truth, (seed, found.status)
        outcomes[found.status] += 1
        if found.won:
            state = game.deal(0)
            for move in found.moves:
                state = game.apply(state, move)
            assert game.is_won(state)
    assert outcomes["won"] > 30 and outcomes["lost"] > 30


class EstimatedGraph(Graph):
    """The graph walk with two estimates of the distance to the goal, so that
    the solver's best-first searches take turns with its runs."""

    estimate_kinds = 2

    def _search_estimate(self, state: State, kind: int) -> int | None:
        node = self.at(state)
        if kind == 0:
            return self.size - 1 - node
        return (node * 7919) % 13  # an estimate that leads astray


@pytest.mark.parametrize("budget", [1, 4])
def test_a_best_first_search_that_runs_out_proves_only_true_losses(
    budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A best-first search whose queue runs out, having left nothing out,
    proves the walk lost; the answers agree with plain reachability, and
    some losses are proven so (not all by a run)."""
    monkeypatch.setattr(solver_module, "_RESTART_UNIT", budget)
    proofs: list[bool] = []
    search = solver_module._Seeker.search

    def noting(self: solver_module._Seeker, share: int | None) -> int:
        made = search(self, share)
        if self.proved:
            proofs.append(True)
        return made

    monkeypatch.setattr(solver_module._Seeker, "search", noting)
    outcomes = {"won": 0, "lost": 0}
    for seed in range(200):
        game = EstimatedGraph("graph", seed=seed, size=40, degree=3)
        found = solve(game, game.deal(0), max_nodes=100_000, seed=seed)
        assert found.status != "unknown"
        assert found.won == game.reachable(), (seed, found.status)
        outcomes[found.status] += 1
        if found.won:
            state = game.deal(0)
            for move in found.moves:
                state = game.apply(state, move)
            assert game.is_won(state)
    assert outcomes["won"] > 20 and outcomes["lost"] > 20
    assert len(proofs) > 10


@pytest.mark.parametrize(
    "seeds", [range(12), pytest.param(range(12, 60), marks=pytest.mark.soak)], ids=["short", "long"]
)
def test_a_best_first_search_cut_short_proves_nothing(
    monkeypatch: pytest.MonkeyPatch, seeds: range
) -> None:
    """A best-first search whose table was cleared when full has left
    positions out: running out of positions then proves nothing, and the
    loss rests on a run that exhausts its part of the search."""
    monkeypatch.setattr(solver_module, "_RESTART_UNIT", 1)
    for seed in seeds:
        game = EstimatedGraph("graph", seed=seed, size=40, degree=3)
        found = solve(game, game.deal(0), max_nodes=100_000, seed=seed, table_size=3)
        assert found.status in ("won", "lost", "unknown")
        if found.status != "unknown":
            assert found.won == game.reachable(), seed
