"""State JSON, records and the interactive session."""

from __future__ import annotations

import json
from typing import Any

import pytest

import patience
from patience import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidRecordError,
    InvalidStateError,
    PatienceError,
    Record,
    Session,
)

GAME = patience.game("railroad")


def played(seed: int = 3, moves: int = 10) -> patience.State:
    state = GAME.deal(seed)
    for _ in range(moves):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    return state


def tamper(state: patience.State, change: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["piles"]["s1"]["cards"].__setitem__(0, d["piles"]["s2"]["cards"][0]),
            "appears 2",
        ),
        (lambda d: d["piles"]["s1"]["cards"].pop(0), "missing"),
        (lambda d: d["piles"]["s1"]["cards"].__setitem__(0, "RJ"), "not in this game's deck"),
        (lambda d: d["piles"]["s1"]["cards"].__setitem__(0, "ZZ"), "not a card"),
        (lambda d: d["piles"]["s1"]["cards"].__setitem__(0, "??"), "view"),
        (lambda d: d["piles"].__setitem__("s9", d["piles"].pop("s1")), "unknown pile 's9'"),
        (lambda d: d["piles"].pop("discard"), "missing"),
        (lambda d: d.__setitem__("game", "klondike"), "a state of game 'klondike'"),
        (lambda d: d.__setitem__("options", {"sidings": 3, "decks": 1}), "options"),
        (lambda d: d.__setitem__("format", "chess"), "format"),
        (lambda d: d.__setitem__("extra", 1), "unknown state fields"),
        (lambda d: d["piles"]["s1"].__setitem__("down", 0), "face-down"),
        (lambda d: d["piles"]["s1"].__setitem__("down", 99), "'down'"),
        (lambda d: d["piles"]["s1"].__setitem__("down", True), "'down'"),
        (lambda d: d["piles"]["s1"].__setitem__("cards", "AS"), "list of card strings"),
        (lambda d: d["piles"].__setitem__("line", []), "object with 'cards'"),
        (lambda d: d["piles"]["line"].__setitem__("down", 1), "face-down"),
        (lambda d: d["info"].__setitem__("turn", 1), "info"),
        (lambda d: d.__setitem__("info", [1]), "'info'"),
        (lambda d: d.__setitem__("piles", []), "'piles'"),
    ],
)
def test_tampered_states_are_rejected(change: Any, message: str) -> None:
    state = played()
    data = tamper(state, change)
    with pytest.raises(InvalidStateError, match=message):
        GAME.from_json(data)
    with pytest.raises(InvalidStateError):
        patience.state_from_json(data)


def test_line_with_a_pending_match_is_rejected() -> None:
    state = played()
    data = state.to_json()
    # Move cards so the line ends in an unresolved rank match.
    data["piles"]["line"]["cards"] = ["7H", "2C", "9S", "7D"]
    taken = set(data["piles"]["line"]["cards"])
    for name, pile in data["piles"].items():
        if name != "line":
            pile["cards"] = [c for c in pile["cards"] if c not in taken]
            pile["down"] = max(0, len(pile["cards"]) - 1) if name.startswith("s") else 0
    data["piles"]["discard"]["cards"] += [
        c for c in state.to_json()["piles"]["line"]["cards"] if c not in taken
    ]
    with pytest.raises(InvalidStateError):
        GAME.from_json(data)


def test_state_json_errors_for_garbage() -> None:
    for bad in ["{", "[]", "3"]:
        with pytest.raises(InvalidStateError):
            patience.state_from_json(bad)
    with pytest.raises(InvalidStateError, match="unknown game"):
        patience.state_from_json({"game": "nope", "options": {}})
    with pytest.raises(InvalidStateError):
        patience.state_from_json({"game": 3})


def test_states_are_immutable_values() -> None:
    state = played()
    with pytest.raises(AttributeError):
        state.info = None  # type: ignore[misc]
    copy = patience.state_from_json(state.dumps())
    assert copy == state and hash(copy) == hash(state) and copy is not state
    assert {state: 1}[copy] == 1
    assert state.piles == dict(state.piles)
    assert GAME.make_state(state.piles, state.info) == state
    with pytest.raises(PatienceError):
        GAME.make_state({"s1": state.piles["s1"]})
    with pytest.raises(PatienceError):
        patience.State(GAME, {**state.piles, "s1": "AS"})  # type: ignore[dict-item]


# ----------------------------------------------------------------- records


def test_record_replays_every_state() -> None:
    session = Session("railroad", seed=12)
    for _ in range(20):
        session.do(session.legal_moves()[0])
    record = session.record
    assert record.seed == 12 and len(record.moves) == 20
    assert record.states() == list(session.states)
    loaded = Record.from_json(record.dumps())
    assert loaded == record
    assert loaded.replay() == session.state


def test_record_from_a_card_order() -> None:
    cards = GAME.shuffled_cards(77)
    session = Session(GAME, cards=cards)
    session.do("s1")
    session.do("s2")
    record = Record.from_json(session.record.to_json())
    assert record.cards == cards and record.seed is None
    assert record.replay() == session.state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["moves"].__setitem__(3, "pull s9"), "move 4"),
        (lambda d: d["moves"].__setitem__(3, "fly away"), "move 4"),
        (lambda d: d.__setitem__("seed", -4), "seed"),
        (lambda d: d.__setitem__("seed", "4"), "seed"),
        (lambda d: d.__setitem__("game", "klondyke"), "unknown game"),
        (lambda d: d.__setitem__("options", {"wheels": 3}), "option"),
        (lambda d: d.__setitem__("cards", ["AS"]), "exactly one"),
        (lambda d: d["result"].__setitem__("scores", [0]), "does not match"),
        (lambda d: d.__setitem__("moves", "s1 s2"), "'moves'"),
        (lambda d: d.__setitem__("format", None), "format"),
        (lambda d: d.__setitem__("winner", "me"), "unknown record fields"),
    ],
)
def test_tampered_records_are_rejected(change: Any, message: str) -> None:
    session = Session("railroad", seed=5)
    for _ in range(6):
        session.do(session.legal_moves()[-1])
    data = json.loads(session.record.dumps())
    change(data)
    with pytest.raises(InvalidRecordError, match=message):
        Record.from_json(data)


def test_record_with_bad_cards() -> None:
    data = {"format": "patience-record/1", "game": "railroad", "cards": ["AS", "QQ"], "moves": []}
    with pytest.raises(InvalidRecordError, match="not a card"):
        Record.from_json(data)
    data["cards"] = ["AS"] * 52
    with pytest.raises(InvalidRecordError, match="cannot deal"):
        Record.from_json(data)
    with pytest.raises(InvalidRecordError):
        Record.from_json("not json")


# ----------------------------------------------------------------- session


def test_session_do_undo_redo() -> None:
    session = Session("railroad", seed=1)
    start = session.state
    session.do("pull s1")
    session.do(patience.Move("pull", "s2"))
    after_two = session.state
    assert [str(m) for m in session.history] == ["pull s1", "pull s2"]
    assert session.undo() == patience.Move("pull", "s2")
    assert session.undo() == patience.Move("pull", "s1")
    assert session.state == start
    with pytest.raises(PatienceError, match="nothing to undo"):
        session.undo()
    session.redo()
    session.redo()
    assert session.state == after_two
    with pytest.raises(PatienceError, match="nothing to redo"):
        session.redo()
    session.undo()
    session.do("pull s4")  # a new move clears the redo list
    with pytest.raises(PatienceError):
        session.redo()
    assert "Session railroad" in repr(session) and "s1:" in str(session)


def test_session_bad_input_changes_nothing() -> None:
    session = Session("railroad", seed=1)
    session.do("s1")
    before = (session.state, session.history)
    for bad in ["s9", "fly", "p1 pull s1"]:
        with pytest.raises(InvalidMoveError):
            session.do(bad)
    assert (session.state, session.history) == before
    game = patience.game("railroad", sidings=1)
    one = Session(game, seed=0)
    for _ in range(52):
        one.do("s1")
    with pytest.raises(IllegalMoveError):
        one.do("s1")
    assert len(one.history) == 52 and one.is_over()


def test_session_constructor_checks() -> None:
    assert Session("railroad").seed is not None  # no seed: a random one, kept
    with pytest.raises(PatienceError):
        Session("railroad", seed=1, cards=[])
    with pytest.raises(patience.InvalidSeedError):
        Session("railroad", seed=-1)
    with pytest.raises(patience.UnknownGameError):
        Session("nope", seed=1)


def test_session_from_record() -> None:
    session = Session("railroad-race", seed=3)
    session.do("p0 pull s1")
    session.do("p1 pull s4")
    again = Session.from_record(Record.from_json(session.record.to_json()))
    assert again.state == session.state and again.history == session.history
    again.undo()
    assert again.state == session.states[1]


def test_a_record_written_with_the_short_stock_actions_replays() -> None:
    # Records saved before stock actions named their pile wrote "draw" and
    # "redeal"; they replay, and the moves come back naming the stock.
    game = patience.game("klondike", draw=1)
    session = patience.Session(game, seed=4)
    for _ in range(3):
        session.do("draw")
    data = session.record.to_json()
    assert data["moves"] == ["draw stock"] * 3
    data["moves"] = ["draw"] * 3
    again = patience.Record.from_json(data)
    assert again.states()[-1] == session.state
    assert patience.Session.from_record(again).history == (patience.Move("draw", "stock"),) * 3
