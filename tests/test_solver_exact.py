"""The solver against an exhaustive search on small positions.

Each position is made by hand: most of each suit already on its foundation,
the dozen or so cards left spread at random over the game's other piles
(face down where the game has face-down cards). From such a position every
reachable one can be listed, so whether a win exists is known for certain.
The solver may leave a position unresolved, but it must never call a
winnable one lost, and every win it finds must replay.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from arrange import winnable

import patience
from patience import Game, State, solve


def small_position(game: Game, rng: random.Random, left: int, stocked: float = 0.0) -> State:
    """A position of ``game`` with all but about ``left`` cards on the
    foundations; each of those goes to the stock with chance ``stocked``
    (where the game has one), else anywhere."""
    data: dict[str, Any] = game.deal(rng.randrange(1000)).to_json()
    piles = data["piles"]
    dealt_down = {name: pile["down"] for name, pile in piles.items()}
    layout = {spec.name: spec.role for spec in game.layout}
    foundations = [n for n, role in layout.items() if role == "foundation"]
    suits = "CDHS"
    ranks = "A23456789TJQK"
    if "base" in data["info"]:
        # A dealt base: the foundations build up from it, wrapping round.
        base = rng.randint(1, 13)
        data["info"]["base"] = base
        ranks = ranks[base - 1 :] + ranks[: base - 1]
    rest: list[str] = []
    for k, name in enumerate(foundations):
        height = max(1, 13 - rng.randint(left // 8, left // 3))
        piles[name] = {"cards": [r + suits[k] for r in ranks[:height]], "down": 0}
        rest += [r + suits[k] for r in ranks[height:]]
    rng.shuffle(rest)
    roles = ("tableau", "cell", "stock", "waste", "reserve")
    others = [n for n, role in layout.items() if role in roles]
    for name in others:
        piles[name] = {"cards": [], "down": 0}
    cells = [n for n in others if layout[n] == "cell"]
    tableau = [n for n in others if layout[n] == "tableau"]
    stock = [n for n in others if layout[n] in ("stock", "reserve")]

    # Where the game deals cards face down, a tableau pile holds face-down
    # cards under a single face-up one (the face-up cards of a reachable
    # position form a run, and one card is a run); elsewhere any order is one
    # a deal could give.
    capacity = dict(zip(layout, game.capacities))

    def room(name: str) -> bool:
        held = len(piles[name]["cards"])
        if held >= capacity[name]:
            return False  # (an open reserve's place, Carpet's place: one card)
        if layout[name] == "cell":
            return held == 0
        if layout[name] == "tableau" and any(dealt_down.values()):
            return held <= dealt_down[name]
        return True

    if "reserve" in layout.values():
        # Spaces are filled from the reserve at once: every tableau pile
        # holds a card before the reserve gets one.
        for name in tableau:
            if rest:
                piles[name]["cards"].append(rest.pop())
    for card in rest:
        place = rng.choice([n for n in tableau + stock + cells if room(n)])
        if "stock" in layout and rng.random() < stocked:
            place = "stock"
        piles[place]["cards"].append(card)
    for name in tableau:
        cards = piles[name]["cards"]
        piles[name]["down"] = len(cards) - 1 if cards and dealt_down[name] else 0
    for name in stock:
        # The stock lies face down; the reserve shows its top card.
        held = len(piles[name]["cards"])
        piles[name]["down"] = held if layout[name] == "stock" else max(held - 1, 0)
    return game.from_json(data)


CASES = [
    ("klondike", {}),
    ("klondike", {"draw": 1}),
    ("las-vegas", {}),
    ("seahaven-towers", {}),
    ("freecell", {}),
    ("bakers-game", {"cells": 2}),
    ("eight-off", {}),
    ("beleaguered-castle", {}),
    ("streets-and-alleys", {}),
    ("canfield", {}),
    ("thirteen-up", {}),
    ("single-rail", {}),  # a search with the game's advice on move order
    ("king-albert", {}),
    ("northwest-territory", {}),
    ("carpet", {}),
]


each_case = pytest.mark.parametrize(("name", "options"), CASES, ids=lambda v: str(v))
"""Each game variant of :data:`CASES`, one test apiece."""


def check(game: Game, state: State, limit: int) -> bool | None:
    """The exhaustive answer for ``state`` (``None`` if more than ``limit``
    positions are reachable), after checking that the solver does not
    contradict it and that its win replays."""
    truth = winnable(game, state, limit)
    found = solve(game, state, max_nodes=limit)
    if truth is not None:
        assert found.status == "unknown" or found.won == truth, (found.status, state.to_json())
    if found.won:
        end = state
        for move in found.moves:
            end = game.apply(end, move)
        assert game.is_won(end)
    return truth


def winnable_positions(name: str, options: dict[str, Any], tries: int, limit: int) -> None:
    """Winnable positions: most cards already up, the rest anywhere."""
    game = patience.game(name, **options)
    rng = random.Random(name + str(options))
    settled = 0
    small = 3 if name == "seahaven-towers" else 4
    for _ in range(tries):
        state = small_position(game, rng, left=rng.randint(small, small + 3))
        if check(game, state, limit):
            settled += 1
    assert settled >= 1


def lost_positions(name: str, options: dict[str, Any], seeds: range, limit: int) -> None:
    """Positions at the end of random games, where the solver proves losses:
    each proof is checked against the list of every reachable position."""
    game = patience.game(name, **options)
    proved = 0
    for seed in seeds:
        rng = random.Random(seed)
        policy = patience.RandomPolicy()
        state = game.deal(seed)
        line = [state]
        while not game.is_over(state):
            state = game.apply(state, policy.choose(game, state, rng))
            line.append(state)
        for state in line[-3:]:
            if check(game, state, limit) is False:
                proved += 1
    assert proved


@each_case
def test_no_winnable_position_is_called_lost(name: str, options: dict[str, Any]) -> None:
    winnable_positions(name, options, tries=4, limit=3_000)


@each_case
def test_no_position_called_lost_can_be_won(name: str, options: dict[str, Any]) -> None:
    lost_positions(name, options, range(1), limit=3_000)


@pytest.mark.soak
@each_case
def test_soak_no_winnable_position_is_called_lost(name: str, options: dict[str, Any]) -> None:
    winnable_positions(name, options, tries=12, limit=20_000)


@pytest.mark.soak
@each_case
def test_soak_no_position_called_lost_can_be_won(name: str, options: dict[str, Any]) -> None:
    lost_positions(name, options, range(8), limit=20_000)


def safe_moves_keep_wins(name: str, options: dict[str, Any], tries: int, limit: int) -> None:
    """Wherever a safe move is offered, making it keeps a winnable position winnable."""
    game = patience.game(name, **options)
    rng = random.Random("safe" + name + str(options))
    checked = 0
    for _ in range(tries):
        state = small_position(game, rng, left=rng.randint(5, 9))
        safe = game.safe_moves(state)
        if not safe:
            continue
        before = winnable(game, state, limit)
        if not before:
            continue  # unknown, or lost (and a lost position stays lost)
        for move in safe:
            after = winnable(game, game.apply(state, move), limit)
            assert after is not False, (str(move), state.to_json())
            checked += 1
    assert checked


@each_case
def test_safe_moves_never_lose_a_win(name: str, options: dict[str, Any]) -> None:
    safe_moves_keep_wins(name, options, tries=8, limit=3_000)


@pytest.mark.soak
@each_case
def test_soak_safe_moves_never_lose_a_win(name: str, options: dict[str, Any]) -> None:
    safe_moves_keep_wins(name, options, tries=60, limit=20_000)


# Games whose searches join moves into lines (Game.search_lines): a stock
# turned onto a waste, one card or three at a time, with redeals (unlimited
# with progress, or a limit).
LINE_CASES = [
    ("thirteen-up", {}),
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 1, "passes": 3}),
    ("klondike", {}),
    ("klondike", {"passes": 3}),
    ("canfield", {}),
]


def turned(state: State, rng: random.Random) -> State:
    """``state`` with some of its stock turned onto the waste, as turning
    leaves it (the last card turned on top), so that lines need redeals."""
    data: dict[str, Any] = state.to_json()
    stock, waste = data["piles"]["stock"], data["piles"]["waste"]
    k = rng.randint(0, len(stock["cards"]))
    if k:
        moved = stock["cards"][-k:]
        stock["cards"] = stock["cards"][:-k]
        stock["down"] = len(stock["cards"])
        waste["cards"] = waste["cards"] + moved[::-1]
    return state.game.from_json(data)


def line_ends(game: Game, state: State) -> Iterator[State]:
    """Where each of the game's lines from ``state`` ends, each checked to be
    legal move by move and to end where it says."""
    lines = game.search_lines(state)
    assert lines is not None
    for line, end in lines:
        replayed = state
        for move in line:
            replayed = game.apply(replayed, move)
        assert replayed.same_position(end), ([str(m) for m in line], state.to_json())
        yield end


def lines_keep_wins(name: str, options: dict[str, Any], tries: int, limit: int) -> None:
    """Searching line by line finds a win exactly where searching move by move does."""
    game = patience.game(name, **options)
    rng = random.Random("lines" + name + str(options))
    # Small positions (mostly winnable; some with most of their cards in the
    # stock and waste) and the last positions of random games (mostly lost).
    states = [
        turned(small_position(game, rng, left=rng.randint(5, 10), stocked=share), rng)
        for share in (0.0, 0.8)
        for _ in range(tries)
    ]
    policy = patience.RandomPolicy()
    for seed in range(tries // 4):
        state = game.deal(seed)
        line = [state]
        while not game.is_over(state):
            state = game.apply(state, policy.choose(game, state, rng))
            line.append(state)
        states += line[-3:]
    answers = []
    for state in states:
        truth = winnable(game, state, limit)
        if truth is None:
            continue
        # A line's end can lie many moves on, so a breadth-first search by
        # lines may meet more positions before the win than one move by move:
        # it gets a larger budget, and the few it still leaves open are counted.
        by_lines = winnable(game, state, 4 * limit, line_ends)
        assert by_lines in (truth, None), state.to_json()
        answers.append(by_lines)
    assert True in answers and False in answers  # both kinds of position were met
    assert answers.count(None) * 20 <= len(answers)  # and nearly all settled


# The short run leaves out two of Klondike's four variants; the long run below
# takes every case.
SHORT_LINE_CASES = [case for case in LINE_CASES if case[1] not in ({"draw": 1}, {"passes": 3})]


@pytest.mark.parametrize(("name", "options"), SHORT_LINE_CASES, ids=lambda v: str(v))
def test_lines_never_lose_a_win(name: str, options: dict[str, Any]) -> None:
    lines_keep_wins(name, options, tries=8, limit=5_000)


@pytest.mark.soak
@pytest.mark.parametrize(("name", "options"), LINE_CASES, ids=lambda v: str(v))
def test_soak_lines_never_lose_a_win(name: str, options: dict[str, Any]) -> None:
    lines_keep_wins(name, options, tries=60, limit=30_000)


def test_stocks_with_redeals_join_moves_through_the_redeal() -> None:
    """With the stock turned to its end, the lines turn on through the redeal
    to the cards the next pass shows, and none ends in the redeal itself.
    One pass, no waste at all, or three at a time with worrying back: the
    moves go alone."""
    draw, redeal = patience.Move("draw", "stock"), patience.Move("redeal", "stock")
    for name, options in LINE_CASES:
        game = patience.game(name, **options)
        through = 0
        for seed in range(10):
            data = game.deal(seed).to_json()
            data["info"]["progress"] = True  # a pass with progress: it may end in a redeal
            state = game.from_json(data)
            assert game.search_lines(state) is not None
            while state.piles["stock"].cards and draw in game.legal_moves(state):
                state = game.apply(state, draw)
            if redeal not in game.legal_moves(state):
                continue  # an ace stopped the turns
            lines = game.search_lines(state) or ()
            assert all(line[-1] != redeal for line, _ in lines)
            after = [line for line, _ in lines if redeal in line]
            assert all(line[0] == redeal and line[-1].source == "waste" for line in after)
            through += bool(after)
        assert through, name
    for name, options in [
        ("klondike", {"worrying_back": True}),  # three at a time with worrying back
        ("las-vegas", {}),
        ("napoleon", {}),
        ("spider", {}),
        ("railroad", {}),
    ]:
        game = patience.game(name, **options)
        assert game.search_lines(game.deal(1)) is None, name


def assert_still_wanted(game: Game, state: State, up: patience.Move, limit: int) -> None:
    """``up`` is legal in ``state``, which is won, but loses it; so it is not a safe move."""
    assert up in game.legal_moves(state)
    assert winnable(game, state, limit) is True
    assert winnable(game, game.apply(state, up), limit) is False
    assert up not in game.safe_moves(state)


def test_a_card_still_wanted_as_a_base_is_not_safe() -> None:
    # Klondike: the JD lies face down under the QD, which can only go on the
    # KC (the other black king is up, and a queen cannot fill a space).
    # Playing the KC up first, legal as it is, loses the game; the QD going
    # on it wins.
    game = patience.game("klondike")
    data: dict[str, Any] = game.deal(0).to_json()
    ranks = "A23456789TJQK"
    piles = {name: {"cards": [], "down": 0} for name in data["piles"]}
    piles["f1"] = {"cards": [r + "C" for r in ranks[:12]], "down": 0}
    piles["f2"] = {"cards": [r + "D" for r in ranks[:10]], "down": 0}
    piles["f3"] = {"cards": [r + "H" for r in ranks], "down": 0}
    piles["f4"] = {"cards": [r + "S" for r in ranks], "down": 0}
    piles["t1"] = {"cards": ["KC"], "down": 0}
    piles["t2"] = {"cards": ["JD", "QD"], "down": 1}
    piles["t3"] = {"cards": ["KD"], "down": 0}
    data["piles"] = piles
    state = game.from_json(data)
    assert_still_wanted(game, state, patience.Move("move", "t1", "f1"), 1_000)
    # Once the QD is on a foundation nothing needs the KC, and it may go up;
    # so may the KD, since both black queens are up.
    for move in ("t2-t1", "t2-f2", "t1-f2"):
        state = game.apply(state, move)
    assert [str(m) for m in game.safe_moves(state)] == ["t1-f1", "t3-f2"]


@pytest.mark.parametrize(("name", "base"), [("thirteen-up", 1), ("canfield", 9), ("canfield", 1)])
def test_a_card_still_wanted_from_the_reserve_is_not_safe(name: str, base: int) -> None:
    # Counted from the base (height 0): the clubs and diamonds are up but
    # their kings (height 12, which nothing takes but a space), the hearts to
    # height 3, the spades to height 1. Two runs, each on a king, hold the
    # other cards; the kings of spades and hearts stand alone; the reserve
    # holds the spades' heights 2 and 3, the 3 on top. Playing the hearts' 4
    # (on top of a run) up loses: the spades' 3 then has nowhere to go, and no
    # pile can ever empty. Building the spades' 3 on it wins.
    game = patience.game(name)
    data: dict[str, Any] = game.deal(0).to_json()
    ranks = "A23456789TJQK"
    ranks = ranks[base - 1 :] + ranks[: base - 1]

    def cards(*spec: tuple[int, str]) -> list[str]:
        return [ranks[height] + suit for height, suit in spec]

    piles: dict[str, dict[str, Any]] = {p: {"cards": [], "down": 0} for p in data["piles"]}
    piles["f1"] = {"cards": cards(*((h, "C") for h in range(12))), "down": 0}
    piles["f2"] = {"cards": cards(*((h, "D") for h in range(12))), "down": 0}
    piles["f3"] = {"cards": cards(*((h, "H") for h in range(4))), "down": 0}
    piles["f4"] = {"cards": cards((0, "S"), (1, "S")), "down": 0}
    piles["t1"] = {"cards": cards((12, "S")), "down": 0}
    piles["t2"] = {"cards": cards((12, "C"), *((h, "SH"[h % 2]) for h in range(11, 3, -1)))}
    piles["t3"] = {"cards": cards((12, "H")), "down": 0}
    piles["t4"] = {"cards": cards((12, "D"), *((h, "HS"[h % 2]) for h in range(11, 3, -1)))}
    piles["reserve"] = {"cards": cards((2, "S"), (3, "S")), "down": 1}
    data["piles"] = piles
    if "base" in data["info"]:
        data["info"]["base"] = base
    state = game.from_json(data)
    up = patience.Move("move", "t4", "f3")
    assert_still_wanted(game, state, up, 5_000)
    # Once the spades' 3 is built on the hearts' 4 and both go up, nothing
    # needs the hearts' 4 any more.
    for move in ("reserve-t4", "reserve-f4", "t4-f4"):
        state = game.apply(state, move)
    assert up in game.safe_moves(state)
