"""Bad input gets the library's own errors, with a message, never Python's internals."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience
from patience import (
    Card,
    InvalidCardError,
    InvalidMoveError,
    InvalidRecordError,
    InvalidSeedError,
    InvalidStateError,
    Move,
    PatienceError,
    Pile,
    Record,
    Session,
    UnknownGameError,
    _json,
)
from patience.errors import brief_repr

DIGITS = "1" * 5000  # more digits than Python converts to an int by default
HUGE = 10**5000
DEEP = "[" * 100_000 + "]" * 100_000
RAILROAD = patience.game("railroad")


def record_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "patience-record/1", "game": "railroad", "seed": 1}
    data.update(changes)
    return data


# ------------------------------------------------------------------------ JSON


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "does not parse"),
        (DEEP, "is nested too deeply to read"),
        ('{"a": ' + DIGITS + "}", "cannot be read.*digits"),
        ('{"a": NaN}', "cannot be read: NaN is not valid JSON"),
        ('{"a": -Infinity}', "cannot be read: -Infinity is not valid JSON"),
        (None, "must be text, not NoneType"),
    ],
)
def test_json_loads_turns_every_failure_into_the_given_error(text: Any, message: str) -> None:
    with pytest.raises(InvalidStateError, match=f"^thing JSON {message}"):
        _json.loads(text, InvalidStateError, "thing")


@pytest.mark.parametrize(
    ("load", "error"),
    [(patience.state_from_json, InvalidStateError), (Record.from_json, InvalidRecordError)],
)
@pytest.mark.parametrize(
    "text",
    [
        DEEP,
        '{"format": "patience-record/1", "game": "railroad", "seed": ' + DIGITS + "}",
        '{"game": "railroad", "options": {"sidings": ' + DIGITS + "}}",
    ],
)
def test_loaders_report_hostile_json_as_their_own_error(
    load: Callable[[str], Any], error: type[PatienceError], text: str
) -> None:
    with pytest.raises(error, match="JSON"):
        load(text)


# ------------------------------------------------------------------ long numbers


@pytest.mark.parametrize(
    "text", [f"t1-t2 x{DIGITS}", f"p{DIGITS} draw", "t1-t2 x1234567", "p1234567 pull s1"]
)
def test_move_numbers_are_bounded(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="more than 6 digits") as info:
        Move.parse(text)
    assert len(str(info.value)) < 200
    assert Move.parse("t1-t2 x999999").count == 999_999


def test_move_numbers_are_ascii_digits() -> None:
    with pytest.raises(InvalidMoveError):
        Move.parse("t1-t2 x\u0663")  # ARABIC-INDIC DIGIT THREE
    with pytest.raises(InvalidMoveError):
        Move.parse("p\u0661 draw")


def test_huge_integers_in_card_and_seed_errors() -> None:
    with pytest.raises(InvalidCardError, match="integer of about 5001 digits"):
        Card(HUGE, "H")
    with pytest.raises(InvalidCardError, match="unknown rank"):
        Card.parse(DIGITS + "H")
    with pytest.raises(InvalidSeedError, match="integer of about 5001 digits"):
        RAILROAD.deal(HUGE)
    with pytest.raises(InvalidSeedError):
        RAILROAD.deal(-HUGE)


@pytest.mark.parametrize(
    "data",
    [
        record_data(seed=HUGE),
        record_data(moves=[f"s1-s2 x{DIGITS}"]),
        record_data(format=HUGE),
        json.dumps(record_data(moves=[f"p{DIGITS} pull s1"])),
    ],
)
def test_records_with_huge_numbers(data: Any) -> None:
    with pytest.raises(InvalidRecordError) as info:
        Record.from_json(data)
    assert len(str(info.value)) < 300


def test_brief_repr_never_fails_and_stays_short() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert brief_repr(HUGE) == "<integer of about 5001 digits>"
    assert brief_repr((HUGE, "H")) == "(<integer of about 5001 digits>, 'H')"
    assert brief_repr(Broken()) == "<Broken object>"
    assert len(brief_repr("x" * 1000)) == 80
    assert brief_repr((1,)) == "(1,)" and brief_repr(True) == "True"


# ------------------------------------------------------------------------ piles


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Pile.parse(None), InvalidCardError, "pile text must be a string"),  # type: ignore[arg-type]
        (lambda: Pile.parse(5), InvalidCardError, "pile text must be a string"),  # type: ignore[arg-type]
        (lambda: Pile((1, 2)), InvalidCardError, "not a card: 1: a pile holds Card values"),  # type: ignore[arg-type]
        (lambda: Pile((Card.parse("AS"), "KH")), InvalidCardError, "'KH'"),  # type: ignore[arg-type]
        (lambda: Pile(([],)), InvalidCardError, "a pile holds Card values"),  # type: ignore[arg-type]
        (lambda: Pile("AS KH"), InvalidCardError, "Pile.parse reads text"),  # type: ignore[arg-type]
        (lambda: Pile(5), InvalidCardError, "iterable of Card values"),  # type: ignore[arg-type]
        (lambda: Pile((), 5), PatienceError, "from 0 to 0 .* not 5"),
        (lambda: Pile.parse("AS", -1), PatienceError, "from 0 to 1"),
        (lambda: Pile.parse("AS", True), PatienceError, "not True"),
        (lambda: Pile.parse("AS", 1.0), PatienceError, "not 1.0"),  # type: ignore[arg-type]
        (lambda: Pile.parse("AS", HUGE), PatienceError, "5001 digits"),
    ],
)
def test_piles_check_their_values(make: Callable[[], Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        make()


def test_a_pile_keeps_any_iterable_of_cards_as_a_tuple() -> None:
    cards = [Card.parse("AS"), Card.parse("KH")]
    pile = Pile(cards, 1)  # type: ignore[arg-type]
    cards.append(Card.parse("2C"))
    assert pile.cards == (Card.parse("AS"), Card.parse("KH"))
    assert pile == Pile.parse("AS KH", down=1) and hash(pile) == hash(Pile.parse("AS KH", 1))
    assert Pile((Card.HIDDEN,), 1).masked() == Pile((Card.HIDDEN,), 1)


# ------------------------------------------------------------------------ moves


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("move", "t1", "t2"), {"count": -3}, "count must be an integer from 1"),
        (("move", "t1", "t2"), {"count": 0}, "count must be"),
        (("move", "t1", "t2"), {"count": True}, "count must be"),
        (("move", "t1", "t2"), {"count": 2.0}, "count must be"),
        (("move", "t1", "t2"), {"count": 10**6}, "count must be"),
        (("move", "t1", "t2"), {"player": -1}, "player must be an integer from 0"),
        (("move", "t1", "t2"), {"player": False}, "player must be"),
        (("move", "t1", "t2"), {"player": "0"}, "player must be"),
        (("move", "t1", "t2"), {"detail": ""}, "detail must be"),
        (("move", "t1", "t2"), {"detail": "a b"}, "detail must be"),
        (("move", "t1", "t2"), {"detail": 5}, "detail must be"),
        ((None,), {}, "kind must be"),
        (("Move", "t1", "t2"), {}, "kind must be"),
        (("pull s1",), {}, "kind must be"),
        ((["move"],), {}, "kind must be"),
        (("move", "t1"), {}, "names a source and a target"),
        (("move", "T1", "t2"), {}, "source 'T1' is not a pile name"),
        (("move", "t1", "x3"), {}, "target 'x3' is not a pile name"),
        (("move", "t1", "p0"), {}, "target 'p0' is not a pile name"),
        (("pull", 1), {}, r"source must be a pile name \(str\) or None"),
        (("pull", ["s1"]), {}, "source must be"),
        (("pull", None, "s1"), {}, "a target names a source too"),
    ],
)
def test_moves_check_their_values(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidMoveError, match=message) as info:
        Move(*args, **kwargs)
    assert str(info.value).startswith("not a move: (")


_TEXT = st.text(alphabet="abcpxzT019_.- =\u0663", max_size=6)


@given(
    kind=st.one_of(st.sampled_from(["move", "pull", "swap"]), _TEXT),
    source=st.one_of(st.none(), st.sampled_from(["t1", "s2"]), _TEXT),
    target=st.one_of(st.none(), st.sampled_from(["f2", "w"]), _TEXT),
    count=st.one_of(st.just(1), st.integers(-2, 10**7), st.booleans()),
    player=st.one_of(st.none(), st.integers(-2, 10**7), st.booleans()),
    detail=st.one_of(st.none(), _TEXT),
)
def test_every_move_that_can_be_made_reads_back_from_its_notation(
    kind: str,
    source: str | None,
    target: str | None,
    count: int,
    player: int | None,
    detail: str | None,
) -> None:
    try:
        move = Move(kind, source, target, count, player, detail)
    except InvalidMoveError:
        return  # values the notation cannot write are refused
    assert Move.parse(str(move)) == move
    assert Move("move", "w", "t3", 999_999, 999_999, "QH") == Move.parse("p999999 w-t3 x999999 =QH")


# ---------------------------------------------------------------------- sessions


@pytest.mark.parametrize(
    ("game", "kwargs", "error"),
    [
        (123, {"seed": 1}, UnknownGameError),
        (None, {"seed": 1}, UnknownGameError),
        ("railroad", {"seed": HUGE}, InvalidSeedError),
        ("railroad", {"cards": 5}, InvalidCardError),
    ],
)
def test_sessions_check_their_arguments(
    game: Any, kwargs: dict[str, Any], error: type[PatienceError]
) -> None:
    with pytest.raises(error):
        Session(game, **kwargs)


def test_session_names_the_bad_game_argument() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 123") as info:
        Session(123, seed=1)  # type: ignore[arg-type]
    assert info.value.name == 123


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": 123}, "'game' must be a game name"),
        ({"game": ""}, "'game' must be a game name"),
        ({"options": 5}, "options must be a mapping, not int"),
        ({"options": {1: 2}}, "options has a key that is not a string"),
        ({"options": {"x": object()}}, r"options\['x'\] is not JSON-compatible"),
        ({"options": {"x": {"y": [1, {2}]}}}, r"options\['x'\]\['y'\]\[1\] is not JSON"),
        ({"seed": "1"}, "seed must be an integer"),
        ({"seed": -1}, "seed must be an integer"),
        ({"seed": 2**64}, "seed must be an integer"),
        ({"seed": None, "cards": "AS KH"}, "'cards' must be None or an iterable of Card"),
        ({"seed": None, "cards": [1]}, "'cards' holds 1, which is not a Card"),
        ({"moves": "s1 s2"}, "'moves' must be a list of move strings"),
        ({"moves": ["s1", 2]}, "move 2 is 2, not move text"),
        ({"moves": 5}, "'moves' must be a list"),
        ({"result": 5}, "result must be a mapping"),
        ({"seed": None}, "exactly one of 'seed' and 'cards'"),
        ({"cards": [Card.parse("AS")]}, "exactly one of 'seed' and 'cards'"),
    ],
)
def test_record_fields_are_checked(kwargs: dict[str, Any], message: str) -> None:
    fields: dict[str, Any] = {"game": "railroad", "seed": 1}
    fields.update(kwargs)
    with pytest.raises(InvalidRecordError, match=message):
        Record(**fields)


def test_record_options_nested_too_deeply() -> None:
    options: dict[str, Any] = {}
    inner = options
    for _ in range(10_000):
        inner["x"] = {}
        inner = inner["x"]
    with pytest.raises(InvalidRecordError, match="nested more than 100 levels"):
        Record("railroad", options, seed=1)


def test_record_accepts_move_values_and_keeps_text() -> None:
    record = Record("railroad", seed=2026, moves=[Move("pull", "s3"), "s1"])
    assert record.moves == ("pull s3", "s1")
    assert record.replay() == RAILROAD.apply(RAILROAD.apply(RAILROAD.deal(2026), "s3"), "s1")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: patience.Deck(5), "an iterable of Card values"),
        (lambda: patience.Deck("AS KH"), "use Deck.parse for text"),
        (lambda: patience.Deck.parse(5), "card text or an iterable of card strings"),
    ],
)
def test_decks_check_their_arguments(make: Callable[[], Any], message: str) -> None:
    with pytest.raises(InvalidCardError, match=message):
        make()


JUNK = [None, 5, -1, "zz", 1.5, (), [], {}, True, object()]
"""Arguments of the wrong type or value, one at a time in every place."""


def _filler(game: patience.Game, state: patience.State, name: str) -> Any:
    """A sensible value for the required parameter ``name`` of a game's method."""
    if name == "state":
        return state
    if name == "move":
        moves = game.legal_moves(state)
        return moves[0] if moves else None
    if name in ("pile", "source", "target"):
        return game.layout[0].name
    if name == "number":
        return 1
    if name in ("seed", "player", "action", "index"):
        return 0
    return None


@pytest.mark.parametrize("name", patience.games())
def test_every_public_method_of_a_game_refuses_junk_with_its_own_errors(name: str) -> None:
    # Every public method, each required argument in turn replaced by junk
    # (the others sensible): what it raises, it raises as a PatienceError.
    import inspect

    game = patience.game(name)
    state = game.deal(1)
    tried = 0
    for attribute in dir(game):
        method = getattr(game, attribute)
        if attribute.startswith("_") or not callable(method) or inspect.isclass(method):
            continue
        try:
            signature = inspect.signature(method)
        except (TypeError, ValueError):
            continue
        kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        required = [
            p.name
            for p in signature.parameters.values()
            if p.kind in kinds and p.default is inspect.Parameter.empty
        ]
        for place in required:
            for junk in JUNK:
                arguments = [junk if p == place else _filler(game, state, p) for p in required]
                tried += 1
                try:
                    method(*arguments)
                except PatienceError:
                    pass
                except Exception as error:  # pragma: no cover - the failure itself
                    pytest.fail(
                        f"{name}: {attribute}({place}={junk!r}) raised"
                        f" {type(error).__name__}: {error}"
                    )
    assert tried > 100


# ------------------------------------------------- no raw exceptions (47)


def test_bad_arguments_raise_patience_errors_not_raw_ones() -> None:
    import random as _random

    from patience.policies import SolverPolicy, sample_world

    game = patience.game("klondike")
    state = game.deal(1)
    session = patience.Session(game, seed=1)
    record = session.record
    calls = {
        "with_moves(None)": lambda: record.with_moves(None),  # type: ignore[arg-type]
        "with_moves([1])": lambda: record.with_moves([1]),  # type: ignore[list-item]
        "with_moves(final=True)": lambda: record.with_moves([], final=True),  # type: ignore[arg-type]
        "with_moves(final=other)": lambda: record.with_moves(
            [], final=patience.game("golf").deal(1)
        ),
        "make_state(info=True)": lambda: game.make_state(state.piles, True),  # type: ignore[arg-type]
        "sample_world(None)": lambda: sample_world(game, None, _random.Random(1)),  # type: ignore[arg-type]
        "hint(foo=1)": lambda: session.hint(foo=1),
        "hint(thoughtful, foo=1)": lambda: session.hint(thoughtful=True, foo=1),
        "register(None)": lambda: patience.register(None, lambda: game),  # type: ignore[arg-type]
        "solve(max_seconds=10**400)": lambda: patience.solve(game, state, max_seconds=10**400),
        "SolverPolicy(max_seconds=10**400)": lambda: SolverPolicy(max_seconds=10**400),
    }
    for label, call in calls.items():
        with pytest.raises(PatienceError):
            call()
        try:
            call()
        except PatienceError:
            pass
        except Exception as raw:  # pragma: no cover - the failure this test is for
            pytest.fail(f"{label}: raw {type(raw).__name__}: {raw}")
    # A registration error is still the TypeError or ValueError it was.
    with pytest.raises(TypeError):
        patience.register(None, lambda: game)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="already registered"):
        patience.register("klondike", lambda: game)


def test_wilson_interval_takes_any_number_of_trials() -> None:
    low, high = patience.wilson_interval(3, 10**400)
    assert 0.0 <= low <= high <= 1e-300
    assert patience.wilson_interval(10**400, 10**400) == (1.0, 1.0)
    low, high = patience.wilson_interval(5 * 10**399, 10**400)
    assert low == pytest.approx(0.5) and high == pytest.approx(0.5)


@pytest.mark.parametrize(
    "penalty", [float("nan"), float("inf"), -1.0, None, "", "1", 10**4000, True]
)
def test_an_illegal_penalty_must_be_a_finite_number_of_at_least_zero(penalty: Any) -> None:
    pytest.importorskip("gymnasium")
    from patience.gym import PatienceEnv

    with pytest.raises(PatienceError, match="illegal_penalty"):
        PatienceEnv("klondike", illegal_penalty=penalty)
    pytest.importorskip("pettingzoo")
    from patience.pettingzoo import parallel_env

    with pytest.raises(PatienceError, match="illegal_penalty"):
        parallel_env("railroad-race", illegal_penalty=penalty)


def test_environment_arguments_raise_patience_errors() -> None:
    pytest.importorskip("pettingzoo")
    from patience.gym import PatienceEnv
    from patience.pettingzoo import parallel_env

    env = PatienceEnv("klondike")
    for options in (True, 3, "deal", {"seed": 1}):
        with pytest.raises(PatienceError):
            env.reset(options=options)  # type: ignore[arg-type]
    assert PatienceEnv("klondike", illegal_penalty=0).illegal_penalty == 0.0
    race = parallel_env("railroad-race")
    race.reset(seed=1)
    for actions in (None, 5, [0], {"p9": 0}, {}):
        with pytest.raises(PatienceError):
            race.step(actions)  # type: ignore[arg-type]


def test_a_picture_refuses_arguments_of_the_wrong_kind() -> None:
    state = patience.game("klondike").deal(1)
    for options in ({"targets": None}, {"targets": 5}, {"targets": "t1"}, {"symbols": "no"}):
        with pytest.raises(PatienceError):
            patience.svg(state, **options)
