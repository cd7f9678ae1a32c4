"""What a front end asks of every game: the move a drop makes or why it is
refused, and why nothing can be picked up somewhere."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import patience
from patience import Game, IllegalMoveError, PatienceError, State
from patience.policies import next_mover

GAMES = patience.games()


def positions(game: Game, steps: int = 30) -> Iterator[State]:
    """Every fifth position of a random game, and its last."""
    rng = random.Random(game.name)
    policy = patience.RandomPolicy()
    state = game.deal(3)
    for step in range(steps):
        if step % 5 == 0:
            yield state
        if not game.legal_moves(state):
            break
        state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
    yield state


@pytest.mark.parametrize("name", GAMES)
def test_move_to_gives_every_legal_drop_and_refuses_the_rest_with_a_code(name: str) -> None:
    game = patience.game(name)
    for state in positions(game):
        legal = set(game.legal_moves(state))
        for pile, index in game.pickable(state):
            offered = game.drop_targets(state, pile, index)
            assert list(offered) == sorted(set(offered), key=list(state.piles).index)
            for target in state.piles:
                if target in offered:
                    move = game.move_to(state, pile, index, target)
                    assert move in legal and move in game.moves_from(state, pile, index)
                    # The drop is one of the ways the game says the move is
                    # made by hand (a Pyramid pair from either of its cards).
                    assert any(
                        d[0] == pile and d[2] == target and (index is None or d[1] in (index, None))
                        for d in game._drags(state, move)
                    )
                    continue
                with pytest.raises(IllegalMoveError) as refused:
                    game.move_to(state, pile, index, target)
                error = refused.value
                assert error.code in game.refusals and error.reason, (pile, target, error)
                assert error.state is state


@pytest.mark.parametrize("name", GAMES)
def test_pick_up_refusal_says_why_exactly_where_nothing_can_be_picked_up(name: str) -> None:
    game = patience.game(name)
    codes: set[str] = set()
    for state in positions(game):
        for pile in state.piles:
            size = len(state.piles[pile])
            for index in [None, *range(0, size, max(1, size // 4))]:
                why = game.pick_up_refusal(state, pile, index)
                if game.moves_from(state, pile, index):
                    assert why is None, (pile, index)
                    continue
                assert why is not None, (pile, index)
                assert why.code in game.refusals and why.reason and why.state is state
                codes.add(why.code)
    assert codes


def test_the_refusals_name_the_rule_at_hand() -> None:
    klondike = patience.game("klondike")
    state = klondike.deal(1)
    # A face-down card, a drop the building rule refuses, the stock as a target.
    assert klondike.pick_up_refusal(state, "t7", 0).code == "face-down"  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError) as refused:
        klondike.move_to(state, "t2", 1, "t7")
    assert refused.value.code == "build" and "6♦ does not go on" in refused.value.reason
    with pytest.raises(IllegalMoveError) as refused:
        klondike.move_to(state, "t1", 0, "stock")
    assert refused.value.code == "target"
    assert klondike.move_to(state, "t1", 0, "t7") == patience.Move("move", "t1", "t7")
    empty = klondike.deal_from(klondike.shuffled_cards(1))
    assert klondike.pick_up_refusal(empty, "waste").code == "empty"  # type: ignore[union-attr]
    railroad = patience.game("railroad")
    state = railroad.deal(1)
    why = railroad.pick_up_refusal(state, "s1", 0)
    assert why is not None and why.code == "elsewhere"
    with pytest.raises(PatienceError, match="no pile 't9'"):
        klondike.move_to(klondike.deal(1), "t9", None, "t1")


def test_undo_and_redo_say_why_not_with_a_code() -> None:
    from patience import UndoError
    from patience.errors import UNDO_ERRORS

    session = patience.Session(
        patience.game("klondike", forced_aces=False), seed=7, undo="no-reveal"
    )
    for call, code in [(session.undo, "nothing-to-undo"), (session.redo, "nothing-to-redo")]:
        with pytest.raises(UndoError) as error:
            call()
        assert error.value.code == code and error.value.reason == str(error.value)
    session.do("draw")
    with pytest.raises(UndoError) as error:
        session.undo()
    assert error.value.code == "reveals" and "no-reveal" in error.value.reason
    assert isinstance(error.value, PatienceError)
    assert {"nothing-to-undo", "nothing-to-redo", "reveals"} == set(UNDO_ERRORS)


def test_a_bad_save_names_its_problem_with_a_code() -> None:
    import json

    from patience import InvalidRecordError, Session
    from patience.errors import RECORD_ERRORS

    session = Session(patience.game("klondike", forced_aces=False), seed=7)
    session.do("draw")
    session.do("draw")
    session.undo()
    good = session.to_json()

    def spoilt(change: str) -> object:
        data = json.loads(json.dumps(good))
        record = data["record"]
        if change == "malformed":
            return "{not json"
        if change == "game":
            record["game"] = "klondyke"
        elif change == "deal":
            record["seed"] = -1
        elif change == "move":
            record["moves"] = ["t1-t1"]
        elif change == "result":
            record["result"]["score"] = 99
        elif change == "redo":
            data["redo"] = ["redeal"]
        return data

    for code in ["malformed", "game", "deal", "move", "result", "redo"]:
        with pytest.raises(InvalidRecordError) as error:
            Session.from_json(spoilt(code))  # type: ignore[arg-type]
        assert error.value.code == code, (code, error.value)
        assert error.value.code in RECORD_ERRORS and error.value.reason


@pytest.mark.parametrize("name", GAMES)
def test_card_places_are_where_the_picture_draws_every_card(name: str) -> None:
    import xml.etree.ElementTree as ET

    from patience.svg import card_places, picture_size

    game = patience.game(name)
    ns = "{http://www.w3.org/2000/svg}"
    for state in positions(game):
        places = card_places(state)
        assert [(p.pile, p.index) for p in places] == [
            (pile, i) for pile in state.piles for i in range(len(state.piles[pile]))
        ]
        root = ET.fromstring(patience.svg(state))
        width, height = picture_size(game)
        assert root.get("viewBox") == f"0 0 {width} {height}"
        drawn = {}
        for group in root.iter(f"{ns}g"):
            if "card" in (group.get("class") or "").split():
                rect = group.find(f"{ns}rect")
                assert rect is not None
                key = (group.get("data-pile"), int(group.get("data-index") or -1))
                drawn[key] = (float(rect.get("x") or 0), float(rect.get("y") or 0))
                assert ("face" in (group.get("class") or "")) == next(
                    p.face_up for p in places if (p.pile, p.index) == key
                )
        for place in places:
            key = (place.pile, place.index)
            assert place.shown == (key in drawn), place
            if place.shown:
                assert drawn[key] == pytest.approx((place.x, place.y), abs=0.01), place
            else:
                lowest = min(i for p, i in drawn if p == place.pile)
                assert drawn[place.pile, lowest] == pytest.approx((place.x, place.y), abs=0.01)


@pytest.mark.parametrize("name", GAMES)
def test_counter_events_say_whether_a_player_sees_them(name: str) -> None:
    from patience.events import CounterChanged, JokerNamed, TurnPassed

    game = patience.game(name)
    rng = random.Random(name)
    policy = patience.RandomPolicy()
    state = game.deal(5)
    for _ in range(150):
        if not game.legal_moves(state):
            break
        move = policy.choose(game, state, rng, next_mover(game, state, rng))
        state, events = game.apply_events(state, move)
        for event in events:
            if isinstance(event, (JokerNamed, TurnPassed)):
                assert event.shown
            elif isinstance(event, CounterChanged):
                assert event.shown == (event.name in game.shown_counters), event
                # Bookkeeping is never shown: whether anything changed since
                # the last pass, the peak of the foundations, a clock's start.
                leaf = event.name.rpartition(".")[2]
                assert not (event.shown and leaf in {"progress", "peak", "started", "owners"})


def test_the_first_klondike_move_changes_bookkeeping_only() -> None:
    from patience.events import CounterChanged

    game = patience.game("klondike", forced_aces=False)
    _, events = game.apply_events(game.deal(7), "t5-t1")
    counters = [e for e in events if isinstance(e, CounterChanged)]
    assert counters == [CounterChanged("progress", False, True)]
    assert not counters[0].shown
    assert game.shown_counters >= {"pass"}


def test_a_thoughtful_hint_is_short_by_default_and_reports_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import patience.policies
    from patience.session import HINT_SECONDS

    asked: list[dict[str, object]] = []
    real = patience.policies.solve

    def recording(*args: object, **kwargs: object) -> object:
        asked.append(kwargs)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(patience.policies, "solve", recording)
    session = patience.Session("spider", seed=3)
    reports: list[tuple[int, float]] = []

    def spinner(nodes: int, seconds: float) -> bool:
        reports.append((nodes, seconds))
        return len(reports) < 3  # the player gives up waiting after three

    move = session.hint(thoughtful=True, progress=spinner)
    assert move in session.legal_moves()
    assert asked[0]["max_seconds"] == HINT_SECONDS <= 2
    assert 1 <= len(reports) <= 3
    assert [n for n, _ in reports] == sorted(n for n, _ in reports)
    session.hint(thoughtful=True, max_seconds=0.5)
    assert asked[-1]["max_seconds"] == 0.5
    with pytest.raises(PatienceError, match="progress"):
        session.hint(progress=spinner)


def test_solve_stops_when_progress_says_so() -> None:
    game = patience.game("spider")
    calls: list[int] = []
    found = patience.solve(
        game, game.deal(3), max_nodes=200_000, progress=lambda n, s: calls.append(n) or False
    )
    assert calls == [found.nodes] and found.status == "unknown"
    with pytest.raises(PatienceError, match="progress must be callable"):
        patience.solve(game, game.deal(3), progress=3)  # type: ignore[arg-type]


# ----------------------------------------------------- clicks and drags


def test_a_pyramid_pair_is_made_from_either_card() -> None:
    game = patience.game("pyramid")
    state = game.deal(0)
    pair = patience.Move("pair", "g4", "g5")
    assert pair in game.legal_moves(state)
    for pile, other in (("g4", "g5"), ("g5", "g4")):
        assert pair in game.moves_from(state, pile, 0)
        assert game.pick_up_refusal(state, pile, 0) is None
        assert other in game.drop_targets(state, pile, 0)
        assert game.move_to(state, pile, 0, other) == pair
    assert ("g5", 0) in game.pickable(state)


def test_a_refused_pyramid_drop_says_what_the_move_would_say() -> None:
    game = patience.game("pyramid")
    state = game.deal(3)
    for pile, target in (("g1", "g2"), ("g2", "g1")):
        with pytest.raises(IllegalMoveError) as refused:
            game.move_to(state, pile, 0, target)
        assert refused.value.code == "not-thirteen"
        assert refused.value.move == patience.Move("pair", "g1", "g2")
    with pytest.raises(IllegalMoveError) as refused:
        game.move_to(state, "g1", 0, "discard")
    assert refused.value.code == "not-a-king"


def test_a_covered_card_is_refused_as_covered_when_picked_up() -> None:
    pyramid = patience.game("pyramid")
    state = pyramid.deal(3)
    why = pyramid.pick_up_refusal(state, "a1", 0)
    assert why is not None and why.code == "covered" and "b1 and b2" in why.reason
    peaks = patience.game("tripeaks")
    state = peaks.deal(3)
    why = peaks.pick_up_refusal(state, "c6", 0)
    assert why is not None and why.code == "covered" and "d6 and d7" in why.reason
    # A free card that does not fit says so, not "nowhere".
    why = peaks.pick_up_refusal(state, "d6", 0)
    assert why is not None and why.code != "nowhere"


def test_a_click_on_the_pyramid_stock_draws_and_its_card_pairs_from_the_other() -> None:
    game = patience.game("pyramid")
    state = game.deal(3)
    pair = patience.Move("pair", "stock", "g2")
    assert pair in game.legal_moves(state)
    assert game.click(state, "stock", len(state.piles["stock"]) - 1).move == patience.Move(
        "draw", "stock"
    )
    # By clicks: the pyramid's card, then the stock.
    picked = game.click(state, "g2", 0)
    assert picked.held == ("g2", 0) and picked.targets == ("stock",) and picked.move is None
    assert game.click(state, "stock", None, held=picked.held).move == pair
    # By a drag: the stock's card onto the pyramid's.
    dragged = game.grab(state, "stock", len(state.piles["stock"]) - 1)
    assert dragged.held is not None and "g2" in dragged.targets
    assert game.move_to(state, *dragged.held, "g2") == pair


def test_a_click_with_cards_held_drops_them_or_puts_them_back() -> None:
    game = patience.game("klondike", forced_aces=False)
    state = game.deal(7)
    held = game.click(state, "t5", 4)
    assert held.held == ("t5", 4) and held.targets == ("t1",)
    assert game.click(state, "t5", 4, held=held.held) == patience.frontend.Click()
    assert game.click(state, "t1", 0, held=held.held).move == patience.Move("move", "t5", "t1")
    refused = game.click(state, "t3", None, held=held.held)
    assert refused.move is None and refused.refusal is not None
    assert refused.refusal.code == "build"
    # With cards held the stock is a drop like any other: refused, no draw.
    dropped = game.click(state, "stock", None, held=held.held)
    assert dropped.move is None and dropped.refusal is not None
    assert game.click(state, "stock", None).move == patience.Move("draw", "stock")
    # A drag never acts.
    grabbed = game.grab(state, "stock", None)
    assert grabbed.held is None and grabbed.move is None and grabbed.refusal is not None
    with pytest.raises(PatienceError):
        game.click(state, "t5", 4, held=("t9", 0))  # type: ignore[arg-type]
    with pytest.raises(PatienceError):
        game.click(state, "t5", 4, held="t5")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_is_made_by_a_click_or_a_drag(name: str) -> None:
    """The click protocol reaches every move that starts at a place: an action
    by a click there, a card move by a pick-up (click or drag) and a drop."""
    game = patience.game(name)
    for state in positions(game):
        legal = game.legal_moves(state)
        for move in legal:
            for pile, index, target in game._drags(state, move):
                if target is None:
                    acted = game.click(state, pile, index)
                    assert acted.move is not None and acted.move.target is None
                    assert acted.move in legal and game.pick_up(state, acted.move)[0] == pile
                    continue
                grabbed = game.grab(state, pile, index)
                assert grabbed.held is not None and target in grabbed.targets, (move, pile)
                made = game.move_to(state, *grabbed.held, target)
                assert made in legal
                clicked = game.click(state, pile, index)
                if clicked.move is None:  # picked up: the second click drops
                    assert clicked.held is not None
                    assert game.click(state, target, None, held=clicked.held).move == made
        for pile, index in game.pickable(state):
            press = game.click(state, pile, index)
            assert (press.move is None) != (press.held is None)
            assert press.refusal is None


@pytest.mark.parametrize("name", GAMES)
def test_uncovered_cards_are_face_up_with_nothing_on_them(name: str) -> None:
    game = patience.game(name)
    for state in positions(game, steps=15):
        free = game.uncovered(state)
        assert len(set(free)) == len(free)
        for pile, index in free:
            held = state.piles[pile]
            assert held.down <= index < len(held)
        # Every card a legal move picks up lies face up; each pile's top card
        # is among the uncovered ones unless another pile's card lies on it.
        tops = {(p, len(c) - 1) for p, c in state.piles.items() if len(c) > c.down}
        if name not in ("pyramid", "tripeaks"):
            assert set(free) == tops


def test_uncovered_pyramid_cards_are_the_available_ones() -> None:
    from patience.games.pyramid import COVERS, PLACES

    game = patience.game("pyramid")
    state = game.deal(3)
    places = {p for p, _ in game.uncovered(state) if p not in ("stock", "waste", "discard")}
    assert places == set(PLACES[6])
    for state in positions(game):
        free = {p for p, _ in game.uncovered(state)}
        for place in (n for row in PLACES for n in row):
            open_ = all(not state.piles[c] for c in COVERS.get(place, ()))
            assert (place in free) == (bool(state.piles[place]) and open_)


def test_an_ace_that_must_go_up_is_safe_once_to_the_first_empty_foundation() -> None:
    game = patience.game("klondike")  # forced aces
    state = game.deal(7)
    assert len(game.legal_moves(state)) == 4  # any empty foundation takes it
    assert game.safe_moves(state) == (patience.Move("move", "t7", "f1"),)
