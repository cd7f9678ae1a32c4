"""How games end: progress marks, the search for progress, endings, the move guard."""

from __future__ import annotations

import pickle
import random

import pytest

import patience
from patience import Pile, RandomPolicy, simulate
from patience.pile import in_order
from patience.policies import next_mover
from patience.simulation import play_deal

GAMES = patience.games()


@pytest.mark.parametrize("name", GAMES)
def test_the_progress_mark_never_comes_back_and_a_line_leads_to_progress(name: str) -> None:
    game = patience.game(name)
    rng = random.Random(name)
    policy = RandomPolicy()
    state = game.deal(3)
    marks = [game.progress(state)]
    for _ in range(120):
        if game.is_over(state):
            break
        line, exhausted = game._search_progress(state)
        if line is None:
            # Not over, yet no line: only where the positions without
            # progress are too many to search.
            assert not exhausted
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            continue
        after = state
        for move in line[:-1]:
            after = game.apply(after, move)
            assert game.progress(after) == game.progress(state)
        end = game.apply(after, line[-1])
        # The last move makes progress, or (with worrying back) puts up more
        # cards than the position had.
        assert game.progress(end) != game.progress(state) or _standing(game, end) > _standing(
            game, state
        )
        state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
        mark = game.progress(state)
        if mark != marks[-1]:
            assert mark not in marks  # a mark once left never comes back
            marks.append(mark)


def _standing(game: patience.Game, state: patience.State) -> int:
    """The cards on the foundations where they may come back down (0 elsewhere)."""
    level = game._standing(state)
    return -1 if level is None else level


@pytest.mark.parametrize("name", [n for n in GAMES if n != "railroad-timed"])
def test_the_engine_knows_progress_as_it_moves(name: str) -> None:
    # The cheap answer a game gives the search agrees with comparing marks.
    game = patience.game(name)
    state = game.deal(5)
    rng = random.Random(5)
    for _ in range(60):
        moves = game.legal_moves(state)
        if not moves:
            break
        mark = game.progress(state)
        for move in moves:
            child, progressed = game._advance(state, move, mark)
            assert child.same_position(game.apply(state, move))
            assert progressed == (game.progress(child) != mark)
            # The answer from the move alone, where the game gives one, is never wrong.
            quick = game._move_progress(state, move)
            assert quick is None or quick == progressed, move
        state = game.apply(state, rng.choice(moves))


def test_klondike_deal_2_is_over_before_the_first_move() -> None:
    game = patience.game("klondike")
    state = game.deal(2)
    # A draw is legal, but nothing the stock can bring up ever plays.
    assert game.legal_moves(state) and game.is_over(state)
    assert game.progress_line(state) is None
    result = game.result(state)
    assert result.ending == "no progress" and "no progress possible" in result.summary()
    assert result.to_json()["ending"] == "no progress"
    # Moves stay legal, and the game stays over.
    after = game.apply(state, "draw")
    assert game.is_over(after)


def test_endings_of_a_won_and_an_unfinished_game() -> None:
    game = patience.game("klondike")
    state = game.deal(9)  # the solver wins it within a few hundred positions
    assert game.result(state).ending is None and not game.is_over(state)
    found = patience.solve(game, state, max_nodes=20_000)
    assert found.won
    end = state
    for move in found.moves:
        end = game.apply(end, move)
    assert game.result(end).ending == "won" and game.result(end).summary().startswith("won")


def test_the_move_guard_cuts_and_counts_apart() -> None:
    sim = simulate("klondike", "random", 6, max_moves=3)
    long_games = [r for r in sim.results if r.cut]
    assert long_games and all(r.moves == 3 and not r.won and r.ending is None for r in long_games)
    assert sim.cut == len(long_games) and sim.endings.get("cut") == sim.cut
    assert "cut by the move guard" in sim.summary()
    assert sim.to_json()["cut"] == sim.cut
    low, high = sim.interval
    assert high > low
    full = simulate("klondike", "random", 6)
    assert full.cut == 0 and sum(full.endings.values()) == 6
    with pytest.raises(patience.PatienceError, match="max_moves"):
        simulate("klondike", "random", 2, max_moves=0)
    with pytest.raises(patience.PatienceError, match="max_moves"):
        play_deal(patience.game("klondike"), RandomPolicy(), 1, max_moves=-1)
    for bad in (0, -1, 1.5, True):
        with pytest.raises(patience.PatienceError, match="max_idle"):
            simulate("klondike", "random", 2, max_idle=bad)  # type: ignore[arg-type]
        with pytest.raises(patience.PatienceError, match="max_idle"):
            play_deal(patience.game("klondike"), RandomPolicy(), 1, max_idle=bad)  # type: ignore[arg-type]


def test_the_stretch_guard_cuts_a_long_stretch_without_progress() -> None:
    # Emperor's positions without progress (cards may come back down from
    # the foundations) are mostly too many to search: the game goes on, and
    # play stops after max_idle moves in a row without progress, as a cut.
    game = patience.game("emperor")
    short = play_deal(game, RandomPolicy(), 0, max_idle=30)
    assert short.cut and short.ending is None and not short.won
    sim = simulate(game, "random", range(3), max_idle=30)
    assert sim.cut >= 1 and sim.endings.get("cut") == sim.cut
    for result in sim.results:
        assert result.cut == (result.ending is None)
        assert result.ending != "no progress found"
    # The guard counts moves since the last progress, not in all: with room
    # for only 30 such moves, play still runs far longer than 30 moves.
    assert short.moves > 30
    again = play_deal(game, RandomPolicy(), 0, max_idle=30)
    assert (again.moves, again.scores, again.cut) == (short.moves, short.scores, short.cut)


def test_the_trail_keys_positions_only_when_a_move_keeps_the_mark(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # In Railroad every pull is progress, so the random player never needs to
    # know whether it has seen a position; in Klondike it does, and still
    # never goes back while it can go elsewhere.
    keyed: list[str] = []
    for name in ("railroad", "klondike"):
        game = patience.game(name)
        real = type(game).canonical_key

        def counting(self: patience.Game, state: patience.State, real=real) -> object:
            keyed.append(self.name)
            return real(self, state)

        monkeypatch.setattr(type(game), "canonical_key", counting)
        sim = simulate(game, RandomPolicy(), range(3))
        assert sim.deals == 3 and not sim.cut
    assert "railroad" not in keyed and "klondike" in keyed


def test_honest_play_outs_make_each_chosen_move_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # The random player makes a move to see where it leads; the play-out
    # takes that position rather than making the move again.
    game = patience.game("railroad")
    made = 0
    real = type(game)._apply

    def counting(self: patience.Game, state: patience.State, move: patience.Move) -> object:
        nonlocal made
        made += 1
        return real(self, state, move)

    policy = patience.HiddenInfoPolicy(samples=1)
    state = game.deal(3)
    moves = len(game.legal_moves(state))
    monkeypatch.setattr(type(game), "_apply", counting)
    policy.choose(game, state, random.Random(0))
    # A game of Railroad is 52 pulls, every one progress: one play-out of each
    # first pull makes each of its 52 pulls exactly once.
    assert moves > 1 and made == 52 * moves


def test_random_play_does_not_go_back_while_it_can_go_elsewhere() -> None:
    game = patience.game("beleaguered-castle")
    policy = RandomPolicy()
    rng = random.Random(1)
    state = game.deal(1)
    seen = {game.canonical_key(state)}
    mark = game.progress(state)
    for _ in range(60):
        if game.is_over(state):
            break
        fresh = [
            m
            for m in game.legal_moves(state)
            if game.progress(game.apply(state, m)) != mark
            or game.canonical_key(game.apply(state, m)) not in seen
        ]
        move = policy.choose(game, state, rng)
        if fresh:
            assert move in fresh
        state = game.apply(state, move)
        if game.progress(state) != mark:
            mark, seen = game.progress(state), set()
        seen.add(game.canonical_key(state))


def test_after_wandering_a_policy_follows_a_whole_line_to_progress() -> None:
    # With wander=0 a policy heads for progress at once: from every position
    # where the mark has just changed it plays progress_line to its end.
    game = patience.game("emperor")
    for policy in (RandomPolicy(wander=0), patience.GreedyPolicy(wander=0)):
        rng = random.Random(3)
        policy.new_deal()
        state = game.deal(7)
        planned: list[patience.Move] = []
        for _ in range(100):
            if game.is_over(state):
                break
            if not planned:
                line = game.progress_line(state)
                assert line is not None
                planned = list(line)
            move = policy.choose(game, state, rng)
            if len(game.legal_moves(state)) > 1:
                assert move == planned[0]
            before = game.progress(state)
            state = game.apply(state, move)
            planned = planned[1:] if move == planned[0] else []
            if not planned:
                assert game.progress(state) != before  # the line ended in progress


def test_greedy_play_of_emperor_7_heads_for_progress_after_its_wander() -> None:
    # Worrying back makes Emperor's positions without progress too many to
    # exhaust: greedy play of deal 7 once ran past 20,000 moves. A policy
    # goes no more than ``wander`` moves plus one line without progress while
    # a search finds a line; once none is found in a stretch it stops asking,
    # and the stretch guard of play_deal ends the deal as cut.
    game = patience.game("emperor")
    policy = patience.GreedyPolicy(wander=20)
    rng = random.Random(7)
    policy.new_deal()
    state = game.deal(7)
    idle = 0
    for _ in range(3_000):
        if game.is_over(state):
            break
        before = game.progress(state)
        state = game.apply(state, policy.choose(game, state, rng))
        idle = 0 if game.progress(state) != before else idle + 1
        trail = policy._local.trail
        if idle > 20 + 200 and not trail.lost:
            raise AssertionError("a stretch ran past its wander with a line to follow")
    result = play_deal(game, patience.GreedyPolicy(wander=20), 7, max_idle=300)
    assert result.cut or result.ending is not None


@pytest.mark.parametrize("wander", [-1, 1.5, True, "10", None])
def test_wander_must_be_a_whole_number(wander: object) -> None:
    for cls in (RandomPolicy, patience.GreedyPolicy):
        with pytest.raises(patience.PatienceError, match="wander"):
            cls(wander=wander)  # type: ignore[arg-type]
    with pytest.raises(patience.PatienceError, match="wander"):
        patience.policies.make_policy("random", wander=wander)


def test_wander_is_kept_by_pickling_and_shown_by_repr() -> None:
    policy = patience.GreedyPolicy(wander=7)
    copy = pickle.loads(pickle.dumps(policy))
    assert copy.wander == 7 and repr(copy) == "GreedyPolicy(wander=7)"
    assert repr(RandomPolicy()) == "RandomPolicy()"
    assert RandomPolicy().wander == patience.policies.WANDER


@pytest.mark.parametrize("name", GAMES)
def test_is_over_without_search_leaves_out_only_the_endings_found_by_search(name: str) -> None:
    game = patience.game(name)
    rng = random.Random(name)
    policy = RandomPolicy()
    for seed in range(2):
        policy.new_deal()
        state = game.deal(seed)
        for _ in range(300):
            quick, full = game.is_over(state, search=False), game.is_over(state)
            assert full or not quick  # over without a search means over
            if full and not quick:
                assert game.legal_moves(state)
                assert game.result(state).ending == "no progress"
            if full:
                break
            state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))


def test_honest_play_outs_stop_without_searching() -> None:
    game = patience.game("klondike")
    stuck = game.deal(2)  # moves are legal, but no progress is possible
    assert not game.is_over(stuck, search=False) and game.is_over(stuck)
    rng = random.Random(2)
    for wander in (0, 3, 100):
        policy = patience.HiddenInfoPolicy(samples=1, wander=wander)
        end = policy._play_out(game, stuck, RandomPolicy(wander), rng, 0)
        assert game.progress(end) == game.progress(stuck) and game.is_over(end)
        if wander == 0:
            assert end is stuck  # stopped at once
    # A play-out with progress ahead goes on past the first stretch.
    start = game.deal(9)
    end = patience.HiddenInfoPolicy(wander=3)._play_out(game, start, RandomPolicy(3), rng, 0)
    assert game.progress(end) != game.progress(start)
    assert repr(patience.HiddenInfoPolicy(wander=3)).endswith("wander=3)")
    with pytest.raises(patience.PatienceError, match="wander"):
        patience.HiddenInfoPolicy(wander=-2)


def test_policies_pickle_without_their_memory() -> None:
    policy = RandomPolicy()
    game = patience.game("klondike")
    policy.choose(game, game.deal(1), random.Random(1))
    copy = pickle.loads(pickle.dumps(policy))
    assert isinstance(copy, RandomPolicy)
    assert copy.choose(game, game.deal(1), random.Random(1)) in game.legal_moves(game.deal(1))


def test_piles_keep_their_hash_but_do_not_pickle_it() -> None:
    pile = Pile.parse("3C 9D KH", down=2)
    first = hash(pile)
    assert pile._hash == first == hash(Pile.parse("3C 9D KH", down=2))
    assert hash(Pile._trusted(pile.cards, 2)) == first
    # Only the cards travel: the hash is worked out again where the pile
    # is unpickled (a hash is only good in its own process).
    assert pile.__reduce__()[1] == (pile.cards, 2)
    again = pickle.loads(pickle.dumps(pile))
    assert again._memo is None
    assert again == pile and hash(again) == first


PROBING = [n for n in GAMES if patience.game(n)._probe_kinds]


@pytest.mark.parametrize("name", PROBING)
def test_the_probe_finds_only_real_lines_and_never_contradicts_the_search(name: str) -> None:
    # The probe (turning the stock until something plays) answers "the game
    # goes on" without a search; each line it finds must be legal, make no
    # progress until its last move, and never exist where the search proves
    # that nothing can make progress.
    game = patience.game(name)
    rng = random.Random(name)
    policy = RandomPolicy()
    state = game.deal(4)
    probed = 0
    for _ in range(150):
        if not game.legal_moves(state):
            break
        mark = game.progress(state)
        line = game._probe(state, mark)
        line_searched, exhausted = game._find_progress(state)
        if line is not None:
            probed += 1
            after = state
            for move in line[:-1]:
                after = game.apply(after, move)
                assert game.progress(after) == mark
            assert game.progress(game.apply(after, line[-1])) != mark
            assert line_searched is not None or not exhausted
            assert not game.is_over(state)
        state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
    assert probed  # every probing game turns its stock to a playable card at some point


TURNING = [
    n for n in PROBING if patience.game(n)._turning_progress(patience.game(n).deal(0)) is not None
]
TURNING_VARIANTS = [(name, {}) for name in TURNING] + [
    ("klondike", {"draw": 1}),
    ("klondike", {"passes": 3}),
    ("klondike", {"partial_runs": True, "worrying_back": True}),
]


@pytest.mark.parametrize(("name", "options"), TURNING_VARIANTS)
def test_turning_the_stock_in_the_head_agrees_with_the_probe(
    name: str, options: dict[str, object]
) -> None:
    # The engine tells whether turning the stock leads to progress without
    # making the draws; wherever no listed move makes progress at once, its
    # answer must be the probe's (which does make them).
    game = patience.game(name, **options)
    asked = found = 0
    # (In Fortune's Favor nearly every turn leads to progress: it takes more
    # deals for a turn that does not to come up.)
    for seed in range(60 if name == "fortunes-favor" else 6):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(120):
            moves = game.legal_moves(state)
            if not moves:
                break
            if not any(game._move_progress(state, m) for m in moves):
                turning = game._turning_progress(state)
                assert turning is not None
                assert turning == (game._probe(state, game.progress(state)) is not None)
                asked += 1
                found += turning
            state = game.apply(state, rng.choice(moves))
    assert found and asked > found  # both answers came up


def test_past_the_search_limit_the_probe_keeps_the_game_going(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With a search too small to look past the tableau moves, only the probe
    # sees that turning the stock brings up a card that plays: the game goes
    # on, and progress_line gives the probe's line rather than None. Where
    # the probe finds nothing either, the game still goes on (the positions
    # without progress are more than the search may look at) unless the
    # cheap proof shows that none of them makes progress.
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_LIMIT", 2)
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_DIRECTED_LIMIT", 2)
    game = patience.game("klondike")
    found = unsettled = 0
    for seed in range(40):
        state = game.deal(seed)
        line, exhausted = game._find_progress(state)
        if line is not None or exhausted:
            continue
        assert game.is_over(state) == game._stuck(state)
        probe = game._probe(state, game.progress(state))
        if probe is None:
            unsettled += 1
            assert (game.result(state).ending is None) != game._stuck(state)
            continue
        found += 1
        assert game.progress_line(state) == probe
        assert {m.kind for m in probe[:-1]} <= {"draw", "redeal"}
    assert found


def test_a_search_that_gives_up_does_not_end_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # Emperor has no redeal: once the probe has turned the whole stock, only a
    # search can find a way on, and a search of three positions mostly finds
    # none. The game is over only where it proves that nothing makes progress.
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_LIMIT", 3)
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_DIRECTED_LIMIT", 3)
    game = patience.game("emperor")
    rng = random.Random(1)
    state = game.deal(1)
    gave_up = 0
    for _ in range(400):
        if game.is_over(state):
            break
        line, exhausted = game._find_progress(state)
        assert line is not None or not exhausted  # not over: never proven dead
        if line is None:
            gave_up += 1
            assert game.result(state).ending is None
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert gave_up
    if game.is_over(state):
        assert game.result(state).ending in ("no moves", "no progress")
        assert game._find_progress(state) == (None, True) or not game.legal_moves(state)


def test_the_issue_34_position_goes_on_and_is_won() -> None:
    # Beleaguered Castle: the search for progress used to give up here and
    # call the game over ("no progress found"), though a line of 98 moves wins.
    game = patience.game("beleaguered-castle")
    state = game.from_position(
        "AC2C3C/AD2D/AH2H/AS/8S4S6D/8H6S4CKD2S6H5S4H/7SKHQH3HJSTD9S/5D4D3S/"
        "3D9DKCTS9H8D/5HQD8C7C7D6C5C/JHKSQCJDTC/QSJC7H9CTH"
        ' {"pass":1,"progress":true}'
    )
    assert not game.is_over(state)
    assert game.result(state).ending is None
    found = patience.solve(game, state, max_nodes=200_000)
    assert found.won
    end = state
    for move in found.moves:
        assert not game.is_over(end)  # never over along a winning line
        end = game.apply(end, move)
    assert game.is_won(end) and game.result(end).ending == "won"


def _streets_21() -> tuple[patience.Game, patience.State]:
    # Streets and Alleys deal 21 after two moves: the nearest card that can go
    # up is nine moves away, beyond the breadth-first search's 2,000 positions.
    game = patience.game("streets-and-alleys")
    state = game.deal(21)
    for move in ("t6-t2", "t8-t3"):
        state = game.apply(state, move)
    return game, state


def test_progress_far_off_is_found_by_the_directed_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, state = _streets_21()
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_LIMIT", 2_000)
    line, exhausted = game._find_progress(state)
    assert line is None and not exhausted  # breadth first gives up at 2,000
    assert not game.is_over(state)
    line = game.progress_line(state)
    assert line is not None and len(line) == 9
    mark = game.progress(state)
    for move in line[:-1]:
        state = game.apply(state, move)
        assert game.progress(state) == mark
    assert game.progress(game.apply(state, line[-1])) != mark
    # Without the directed search no line is found, and the game goes on.
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_DIRECTED_LIMIT", 5)
    game, state = _streets_21()
    assert game.progress_line(state) is None
    assert not game.is_over(state) and game.result(state).ending is None


@pytest.mark.parametrize("name", ["beleaguered-castle", "streets-and-alleys", "spider"])
def test_is_over_answers_as_the_breadth_first_search_would(name: str) -> None:
    # is_over searches nearest progress first and stops at positions earlier
    # searches proved go on; its answer must be the plain one: over exactly
    # where breadth first, up to the limit, sees every position reachable
    # without progress and none makes progress. A second game object keeps
    # the two from sharing what they learn.
    game, fresh = patience.game(name), patience.game(name)
    policy = RandomPolicy()
    endings = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = game.deal(seed)
        policy.new_deal()
        while game.legal_moves(state) and not game.is_won(state):
            line, exhausted = fresh._find_progress(state)
            assert game._cannot_progress(state) == (line is None and exhausted)
            if line is None and exhausted:
                assert game.result(state).ending == "no progress"
                endings.add("no progress")
                break
            state = game.apply(state, policy.choose(game, state, rng))
    assert endings  # some game got as far as an ending by the search


def test_is_over_leaves_progress_line_shortest() -> None:
    # Streets and Alleys deal 7 after four moves: the directed search's way
    # to progress takes six moves, the shortest four. is_over may find the
    # longer one; progress_line still gives a shortest.
    game = patience.game("streets-and-alleys")
    state = game.deal(7)
    for move in ("t6-t8", "t6-f2", "t6-t4", "t8-t4"):
        state = game.apply(state, move)
    directed, _ = game._directed_progress(state)
    assert directed is not None and len(directed) == 6
    assert not game.is_over(state)
    line = game.progress_line(state)
    assert line is not None and len(line) == 4
    assert line == patience.game("streets-and-alleys")._find_progress(state)[0]


def test_the_solver_proves_a_loss_where_no_progress_is_possible() -> None:
    # Klondike deal 2 is over at once, with draws still legal: the solver
    # turns the stock for itself and proves the loss from the moves alone.
    game = patience.game("klondike")
    found = patience.solve(game, game.deal(2), max_nodes=100_000)
    assert found.status == "lost" and found.settled


def test_interchangeable_piles_sort_exactly_even_when_hashes_tie() -> None:
    piles = [Pile.parse(t) for t in ("3C 9D", "KH", "", "KH", "AS 2S")]
    first = in_order(piles)
    assert sorted(map(str, first)) == sorted(map(str, piles))
    for _ in range(5):
        random.Random(_).shuffle(piles)
        assert in_order(piles) == first
    # Force every hash to tie: the order falls back to the cards themselves.
    tied = [Pile.parse(t) for t in ("3C 9D", "KH", "", "KH", "AS 2S")]
    for pile in tied:
        hash(pile)
        object.__setattr__(pile, "_hash", 7)
    again = in_order(tied)
    assert again == in_order(list(reversed(tied)))
    assert sorted(map(str, again)) == sorted(map(str, piles))


@pytest.mark.parametrize(
    ("name", "seed", "opening", "stock"),
    [
        ("single-rail", 27, ("t3-t1", "t1-t2 x2", "t2-t4 x3"), 48),
        ("napoleon", 6, (), 64),
        ("spider", 1, ("t9-t3",), 54),
    ],
)
def test_moves_without_progress_never_take_the_stock_away(
    name: str, seed: int, opening: tuple[str, ...], stock: int
) -> None:
    # No limit of the library's own ends a game: after 200 moves in a row
    # that make no progress, the stock is still there to turn or deal.
    game = patience.game(name)
    state = game.deal(seed)
    for text in opening:
        state = game.apply(state, text)
    mark = game.progress(state)
    for _ in range(200):
        state = next(
            child
            for move in game.legal_moves(state)
            if move.kind == "move"
            for child in [game.apply(state, move)]
            if game.progress(child) == mark
        )
    assert game.progress(state) == mark
    assert len(state.piles["stock"]) == stock
    assert any(move.kind in ("draw", "deal") for move in game.legal_moves(state))
    assert not game.is_over(state)


def _over_by_definition(game: patience.Game, state: patience.State) -> bool:
    """Whether ``state`` is over by the plain rule, worked out afresh: an ending
    that needs no search, the game's cheap proof, or a region searched breadth
    first to its end without progress (on a game object that has learnt
    nothing before)."""
    if game.is_over(state, search=False):
        return True
    fresh = patience.game(game.name, **game.options)
    if type(fresh)._is_over is type(fresh)._over_without_search:
        return False  # a game whose positions never repeat: it never searches
    return fresh._stuck(state) or fresh._find_progress(state) == (None, True)


def _game_over_agrees_with_the_full_search(name: str, seeds: range) -> None:
    game = patience.game(name)
    rng = random.Random(name)
    asked = 0
    for seed in seeds:
        state = game.deal(seed)
        mark, idle = game.progress(state), 0
        for _ in range(150):
            answer = game.is_over(state)
            assert answer == _over_by_definition(game, state), (seed, game.position(state))
            asked += 1
            if answer or idle >= 100:
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            now = game.progress(state)
            mark, idle = now, (idle + 1 if now == mark else 0)
    assert asked


@pytest.mark.parametrize("name", GAMES)
def test_game_over_agrees_with_the_full_search(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # is_over searches nearest progress first, stops at positions that earlier
    # searches proved go on, and keeps what it learnt on the game object; its
    # answer along random play must be the plain rule's at every position. A
    # small limit keeps the plain searches short and makes searches give up.
    monkeypatch.setattr(patience.progress, "PROGRESS_SEARCH_LIMIT", 300)
    _game_over_agrees_with_the_full_search(name, range(2))


@pytest.mark.soak
@pytest.mark.parametrize("name", GAMES)
def test_game_over_agrees_with_the_full_search_long(name: str) -> None:
    _game_over_agrees_with_the_full_search(name, range(2, 8))


def test_game_over_answers_the_same_from_many_threads() -> None:
    # One game object's memory shared by four threads asking about the same
    # positions in different orders: every answer is the one a lone search gives.
    import concurrent.futures

    game = patience.game("beleaguered-castle")
    rng = random.Random(4)
    states = []
    for seed in range(3):
        state = game.deal(seed)
        for _ in range(40):
            states.append(state)
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rng.choice(moves))
    expected = [_over_by_definition(game, s) for s in states]
    copies = [[game.from_json(s.to_json()) for s in states] for _ in range(4)]

    def ask(k: int) -> list[bool]:
        order = list(range(len(states)))
        random.Random(k).shuffle(order)
        answers = dict.fromkeys(order, False)
        for i in order:
            answers[i] = game.is_over(copies[k][i])
        return [answers[i] for i in range(len(states))]

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for answers in pool.map(ask, range(4)):
            assert answers == expected


def test_a_game_that_has_searched_pickles_with_an_empty_table_and_copies_as_itself() -> None:
    import copy

    from patience.tableau import TableauGame

    registered = patience.game("beleaguered-castle")
    game = TableauGame("unregistered-castle", registered.rules, {})  # pickled by value
    state = game.deal(1)
    rng = random.Random(1)
    while not len(game._verdicts):  # play on until a search has been made
        assert not game.is_over(state)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    again = pickle.loads(pickle.dumps(game))
    assert again == game and len(again._verdicts) == 0
    assert again.is_over(again.from_json(state.to_json())) == game.is_over(state)
    # A game is a value: its copies are the game itself, table and all.
    assert copy.deepcopy(game) is game and copy.copy(game) is game
