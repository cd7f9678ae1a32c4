"""The solver's best-first search for wins, by the game's estimate.

It only ever answers with a win: on small positions whose answer an
exhaustive search knows, every win it finds replays and none is claimed for
a lost position; and the solver that lets it take turns with its runs still
proves losses only by exhausting them.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from arrange import winnable

import patience
from patience import Game, State, solve, solver
from patience.solver import _Limit, _Seeker

ESTIMATED = ["napoleon", "spider"]
"""The built-in games that give an estimate (see TableauGame._search_estimate)."""


def small_position(game: Game, rng: random.Random, left: int) -> State:
    """A position of a two-pack game with all but ``left`` cards of one
    pack's worth up: Napoleon's foundations built up to a random height, the
    rest spread over the tableau and stock; Spider's with seven suits gone
    and the eighth spread over the tableau, face up, every pile holding one."""
    data: dict[str, Any] = game.deal(rng.randrange(1000)).to_json()
    piles = data["piles"]
    ranks = "A23456789TJQK"
    foundations = [n for n in piles if n.startswith("f")]
    tableau = [n for n in piles if n.startswith("t")]
    for name in piles:
        piles[name] = {"cards": [], "down": 0}
    rest: list[str] = []
    for k, name in enumerate(foundations):
        suit = "CDHS"[k % 4]
        if game.name == "spider":
            if k < 7:
                piles[name]["cards"] = [r + suit for r in ranks]
            else:
                rest = [r + suit for r in ranks]
            continue
        height = 13 - (rng.randint(1, 2) if k < left // 2 else 0)
        piles[name]["cards"] = [r + suit for r in ranks[:height]]
        rest += [r + suit for r in ranks[height:]]
    rng.shuffle(rest)
    for k, card in enumerate(rest):
        place = tableau[k] if k < len(tableau) else rng.choice([*tableau, "stock"])
        if game.name == "spider" and place == "stock":
            place = rng.choice(tableau)
        piles[place]["cards"].append(card)
    piles["stock"]["down"] = len(piles["stock"]["cards"])
    return game.from_json(data)


def seek(game: Game, state: State, budget: int, kind: int = 0) -> _Seeker:
    """A best-first search of ``state`` alone by the estimate of ``kind``,
    for at most ``budget`` positions."""
    estimate = game.search_estimate(state, kind)
    assert isinstance(estimate, int)
    limit = _Limit(time.perf_counter, time.perf_counter(), 600.0)
    seeker = _Seeker(game, 0, state, kind, estimate, limit, 100_000, {}, {}, set())
    made = seeker.search(budget)
    assert made <= budget
    return seeker


def replays(game: Game, state: State, moves: tuple[patience.Move, ...]) -> bool:
    for move in moves:
        state = game.apply(state, move)
    return game.is_won(state)


@pytest.mark.parametrize("name", ESTIMATED)
def test_two_pack_games_give_an_estimate(name: str) -> None:
    game = patience.game(name)
    state = game.deal(0)
    estimate = game.search_estimate(state)
    assert isinstance(estimate, int) and estimate > 0
    # A card that goes up lowers it: cards off the foundations count most.
    move = next(m for m in game.legal_moves(state) if m.kind != "deal")
    assert isinstance(game.search_estimate(game.apply(state, move)), int)


ONE_PACK_WITH_CELLS = ["freecell", "bakers-game", "eight-off", "seahaven-towers"]
"""The one-pack games with cells whose estimate also weighs the cards lying
on those the foundations need next, and gets a larger share of the search."""


@pytest.mark.parametrize("name", ONE_PACK_WITH_CELLS)
def test_one_pack_games_with_cells_give_an_estimate_and_a_larger_share(name: str) -> None:
    game = patience.game(name)
    assert isinstance(game.search_estimate(game.deal(0)), int)
    assert game.estimate_share == 4
    assert patience.game("napoleon").estimate_share == patience.game("klondike").estimate_share == 1


@pytest.mark.parametrize("name", ONE_PACK_WITH_CELLS)
def test_one_pack_games_with_cells_give_two_estimates(name: str) -> None:
    game = patience.game(name)
    assert game.estimate_kinds == 2
    state = game.deal(0)
    first, second = game.search_estimate(state, 0), game.search_estimate(state, 1)
    assert isinstance(first, int) and isinstance(second, int)
    assert game.search_estimate(state) == first


@pytest.mark.parametrize("name", ["napoleon", "spider", "klondike", "railroad"])
def test_other_games_give_one_estimate_at_most(name: str) -> None:
    game = patience.game(name)
    assert game.estimate_kinds == 1
    with pytest.raises(patience.PatienceError, match="estimate_kinds"):
        game.search_estimate(game.deal(0), 1)


@pytest.mark.parametrize("kind", [2, -1, True, 1.0, "1", None])
def test_a_kind_out_of_range_is_refused(kind: Any) -> None:
    game = patience.game("freecell")
    with pytest.raises(patience.PatienceError, match="kind must be a whole number from 0 to 1"):
        game.search_estimate(game.deal(0), kind)


def test_the_second_freecell_estimate_values_room_to_move() -> None:
    game = patience.game("freecell")
    state = game.deal_microsoft(1)
    # As dealt: every cell free, no space, nothing in a cell, so the second
    # weighs the same but for the room: three for each of the five cards a
    # move could carry.
    assert game.search_estimate(state, 1) - game.search_estimate(state, 0) == -3 * 5
    # A card put in a cell costs two more to the first, and four more and
    # the room lost, (4 + 1) - (3 + 1) cards, to the second.
    move = next(m for m in game.legal_moves(state) if m.target == "c1")
    after = game.apply(state, move)
    first = game.search_estimate(after, 0) - game.search_estimate(state, 0)
    second = game.search_estimate(after, 1) - game.search_estimate(state, 1)
    assert second - first == 2 + 3


def test_the_solver_searches_by_each_estimate_in_turn() -> None:
    # Microsoft deal 469: the search by the first estimate alone is still
    # looking after 30,000 positions, the one by the second wins in a few
    # thousand, and the solver, giving each half the share, wins too.
    game = patience.game("freecell")
    state = game.deal_microsoft(469)
    assert seek(game, state, 30_000, kind=0).win_line is None
    second = seek(game, state, 30_000, kind=1)
    assert second.win_line is not None and replays(game, state, second.win_line)
    found = solve(game, state, max_nodes=30_000)
    assert found.won and replays(game, state, found.moves)


def test_a_card_the_foundations_need_buried_deeper_costs_more() -> None:
    # Two FreeCell deals alike but for the place of the ace of spades in its
    # column, the card the spade foundation needs next: at the bottom, under
    # the rest of the column, or on top.
    game = patience.game("freecell")
    data: dict[str, Any] = game.deal_microsoft(1).to_json()
    piles = data["piles"]
    name = next(n for n, p in piles.items() if "AS" in p["cards"])
    rest = [c for c in piles[name]["cards"] if c != "AS"]
    estimates = []
    for cards in (["AS", *rest], [*rest, "AS"]):
        placed = {**data, "piles": {**piles, name: {"cards": cards, "down": 0}}}
        estimate = game.search_estimate(game.from_json(placed))
        assert isinstance(estimate, int)
        estimates.append(estimate)
    buried, on_top = estimates
    # Four for each card on the ace, less four for the one more card on the
    # ace of clubs in the same column once the spade goes on top.
    assert buried - on_top == 4 * len(rest) - 4


def test_best_first_finds_freecell_wins_that_replay() -> None:
    game = patience.game("freecell")
    for number in (1, 617):
        state = game.deal_microsoft(number)
        seeker = seek(game, state, 150_000)
        assert seeker.win_line is not None
        assert replays(game, state, seeker.win_line)


@pytest.mark.parametrize("name", ["railroad", "klondike", "canfield", "emperor", "accordion"])
def test_other_games_give_none_and_get_no_best_first_search(name: str) -> None:
    game = patience.game(name)
    assert game.search_estimate(game.deal(0)) is None


@pytest.mark.parametrize(
    "name",
    # Spider's positions cost the most (about 9 s): it runs with the long runs.
    [pytest.param(n, marks=pytest.mark.soak) if n == "spider" else n for n in ESTIMATED],
)
def test_best_first_wins_replay_and_agree_with_the_exhaustive_search(name: str) -> None:
    game = patience.game(name)
    rng = random.Random("seek" + name)
    won = 0
    for _ in range(6):
        state = small_position(game, rng, left=rng.randint(6, 10))
        if game.is_won(state) or not game.legal_moves(state):
            continue
        seeker = seek(game, state, 3_000)
        truth = winnable(game, state, 20_000)
        if seeker.win_line is not None:
            won += 1
            assert replays(game, state, seeker.win_line)
            assert truth is not False
        # And the solver with it: never a loss where a win exists.
        found = solve(game, state, max_nodes=3_000)
        if truth is not None:
            assert found.status == "unknown" or found.won == truth
        if found.won:
            assert replays(game, state, found.moves)
    assert won


def test_a_win_found_best_first_is_the_solvers_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # Runs of one position each find nothing; the best-first search, taking
    # its turns between them, finds the win, and the line replays.
    monkeypatch.setattr(solver, "_RESTART_UNIT", 1)
    game = patience.game("napoleon")
    rng = random.Random(3)
    for _ in range(20):
        state = small_position(game, rng, left=8)
        if game.is_won(state):
            continue
        found = solve(game, state, max_nodes=5_000)
        if found.won:
            assert replays(game, state, found.moves)
            break
    else:
        pytest.fail("no small Napoleon position was won")


def test_the_search_goes_on_where_its_slice_ended() -> None:
    # Slices of any size make the same search as one slice of their sum.
    game = patience.game("napoleon")
    state = game.deal(1)
    whole = seek(game, state, 600)
    parts = seek(game, state, 1)
    total = 1
    for size in (7, 50, 142, 400):
        total += parts.search(size)
    assert total == 600
    assert sorted(parts.queue) == sorted(whole.queue)
    assert parts.win_line == whole.win_line


def test_a_game_pickled_by_value_estimates_the_same_from_an_empty_cache() -> None:
    import pickle

    from patience.games.forty_thieves import napoleon_rules
    from patience.tableau import TableauGame

    game = TableauGame("my-napoleon", napoleon_rules(), {})
    state = game.deal(4)
    before = game.search_estimate(state)
    again = pickle.loads(pickle.dumps(game))
    assert "_pile_costs" not in again.__dict__
    assert again.search_estimate(again.deal(4)) == before
