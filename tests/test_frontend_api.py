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
            offered = {m.target: m for m in game.moves_from(state, pile, index)}
            for target in state.piles:
                if target in offered:
                    move = game.move_to(state, pile, index, target)
                    assert move in legal and move.target == target
                    start = game.pick_up(state, move)
                    # With no index, moves_from gives every move from the pile
                    # (Pyramid's stock is drawn as a whole and its top card paired).
                    assert start is not None and start[0] == pile
                    assert index is None or start[1] in (index, None)
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
