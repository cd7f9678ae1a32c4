"""A record is a value: read-only options and result, equality, hashing, repr, JSON."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

import patience
from patience import Card, Move, Record, Session
from patience._json import FrozenMapping


def finished_record() -> Record:
    session = Session("railroad", seed=2026)
    for _ in range(5):
        session.do(session.legal_moves()[0])
    return session.record


def test_record_options_and_result_cannot_be_changed() -> None:
    record = finished_record()
    assert record.result is not None
    with pytest.raises(TypeError):
        record.options["sidings"] = 2  # type: ignore[index]
    with pytest.raises(TypeError):
        record.result["over"] = True  # type: ignore[index]
    with pytest.raises(AttributeError):
        record.result["scores"].append(0)
    with pytest.raises(AttributeError):
        record.options._data = {}  # type: ignore[attr-defined]
    # still plain data for JSON, and equal to it
    data = record.to_json()
    assert data["options"] == {"sidings": 4, "decks": 1} and type(data["options"]) is dict
    assert type(data["result"]["scores"]) is list and json.loads(record.dumps()) == data
    assert record.result == {
        "over": False,
        "scores": data["result"]["scores"],
        "winners": [],
        "ending": None,
    }
    record.replay()  # the recorded result still matches


def test_a_record_keeps_its_own_copy_of_the_data_given() -> None:
    options: dict[str, Any] = {"sidings": 4}
    result: dict[str, Any] = {"over": False, "scores": [48], "winners": []}
    record = Record("railroad", options, seed=1, result=result)
    options["sidings"] = 2
    result["scores"].append(1)
    assert record.options == {"sidings": 4}
    assert record.result == {"over": False, "scores": [48], "winners": []}


def test_records_are_hashable_values() -> None:
    record = finished_record()
    again = Record.from_json(json.loads(record.dumps()))
    assert again == record and hash(again) == hash(record)
    assert len({record, again, finished_record()}) == 1
    other = Record(record.game, {"sidings": 4, "decks": 1}, seed=2026, moves=record.moves[:-1])
    assert other != record
    assert pickle.loads(pickle.dumps(record)) == record


def test_record_repr_pastes_back() -> None:
    record = Record(
        "railroad",
        {"sidings": 4, "decks": 1},
        cards=tuple(patience.Deck.standard()),
        moves=[Move("pull", "s1")],
        result={"over": False, "scores": [51], "winners": []},
    )
    text = repr(record)
    assert "options={'sidings': 4, 'decks': 1}" in text and "mappingproxy" not in text
    again = eval(text, {"Record": Record, "Card": Card})
    assert again == record and hash(again) == hash(record)


def test_frozen_mapping_compares_with_plain_mappings() -> None:
    m = FrozenMapping({"a": [1, {"b": 2}], "c": None})
    assert m == {"a": [1, {"b": 2}], "c": None} and m == {"a": (1, {"b": 2}), "c": None}
    assert m != {"a": [1, {"b": 3}], "c": None} and m != [("a", 1)]
    assert hash(m) == hash(FrozenMapping({"c": None, "a": (1, FrozenMapping({"b": 2}))}))
    assert isinstance(m["a"][1], FrozenMapping) and m["a"][1]["b"] == 2
