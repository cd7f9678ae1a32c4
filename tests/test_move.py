"""Moves and their notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience import InvalidMoveError, Move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("t1-f2", Move("move", "t1", "f2")),
        ("t1-t4 x3", Move("move", "t1", "t4", count=3)),
        ("draw", Move("draw")),
        ("pull s3", Move("pull", "s3")),
        ("swap a1-b2", Move("swap", "a1", "b2")),
        ("p1 pull s3", Move("pull", "s3", player=1)),
        ("w-t3 =QH", Move("move", "w", "t3", detail="QH")),
        ("p0 t1-f1 x2 =AS", Move("move", "t1", "f1", count=2, player=0, detail="AS")),
        ("  PULL   S3 ", Move("pull", "s3")),
        ("move t1-t2", Move("move", "t1", "t2")),
    ],
)
def test_parse(text: str, move: Move) -> None:
    assert Move.parse(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "t1-",
        "-t1",
        "a-b-c",
        "pull s1 s2 s3",
        "move t1",
        "t1-t2 x0",
        "9x",
        "pull 1s",
        "w-t3 =",
        "pull p2",
        "draw!",
    ],
)
def test_unreadable_text(text: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move.parse(text)
    assert info.value.text == text


def test_non_string() -> None:
    with pytest.raises(InvalidMoveError):
        Move.parse(3)  # type: ignore[arg-type]


names = st.from_regex(r"[a-z][a-z0-9_.]{0,5}", fullmatch=True).filter(
    lambda s: not (s[0] in "xp" and s[1:].isdigit() and len(s) > 1)
)
kinds = st.from_regex(r"[a-z][a-z_]{0,7}", fullmatch=True)
details = st.from_regex(r"[A-Za-z0-9]{1,3}", fullmatch=True)


@st.composite
def moves(draw: st.DrawFn) -> Move:
    kind = draw(kinds)
    if kind == "move" or draw(st.booleans()):
        kind = "move"
        source, target = draw(names), draw(names)
    else:
        source = draw(st.none() | names)
        target = None if source is None else draw(st.none() | names)
    return Move(
        kind,
        source,
        target,
        count=draw(st.integers(1, 30)),
        player=draw(st.none() | st.integers(0, 9)),
        detail=draw(st.none() | details),
    )


@given(moves())
def test_notation_round_trips(move: Move) -> None:
    assert Move.parse(str(move)) == move
    assert eval(repr(move)) == move


def test_moves_are_hashable_and_ordered() -> None:
    a, b = Move("pull", "s1"), Move("pull", "s2")
    assert sorted([b, a]) == [a, b]
    assert {a: 1}[Move.parse("pull s1")] == 1
