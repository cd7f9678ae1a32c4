"""Sessions: a random deal when no seed is given, and saving a whole session."""

from __future__ import annotations

import json
import random

import pytest

import patience
from patience import InvalidRecordError, PatienceError, Session


def test_a_session_without_a_seed_deals_a_random_one_and_keeps_it() -> None:
    first, second = Session("klondike"), Session("klondike")
    assert isinstance(first.seed, int) and 0 <= first.seed < 2**64
    assert first.seed != second.seed  # two random 64-bit seeds: equal once in 2**64
    assert first.state == patience.game("klondike").deal(first.seed)
    assert first.record.seed == first.seed
    with pytest.raises(PatienceError, match="not both"):
        Session("klondike", seed=1, cards=patience.game("klondike").deck)


def test_a_session_saves_and_loads_with_its_history_and_redo_list() -> None:
    session = Session("railroad", seed=2026)
    for move in ["s3", "s1", "s2", "s1", "s4"]:
        session.do(move)
    session.undo()
    session.undo()
    data = json.loads(session.dumps())
    assert data["format"] == "patience-session/1"
    assert data["redo"] == ["pull s1", "pull s4"]  # the next one to redo first
    loaded = Session.from_json(session.dumps())
    assert loaded.history == session.history and loaded.state == session.state
    assert loaded.states == session.states and loaded.seed == 2026
    assert loaded.redo() == session.redo() and loaded.redo() == session.redo()
    assert loaded.state == session.state and loaded.to_json() == session.to_json()


def test_a_session_of_a_given_card_order_round_trips() -> None:
    game = patience.game("klondike", forced_aces=False)
    cards = list(reversed(game.deck))
    session = Session(game, cards=cards)
    session.do("draw")
    loaded = Session.from_json(session.to_json())
    assert loaded.seed is None and loaded.state == session.state and loaded.game == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "patience-session/9"}, "expected format"),
        ({"redo": "pull s1"}, "'redo' must be a list"),
        ({"redo": ["pull s9"]}, "redo move 1"),
        ({"record": None}, "a record is a JSON object"),
        ({"extra": 1}, "unknown session fields"),
    ],
)
def test_bad_session_data_is_refused(change: dict[str, object], message: str) -> None:
    session = Session("railroad", seed=1)
    session.do("s1")
    data = {**session.to_json(), **change}
    with pytest.raises(InvalidRecordError, match=message):
        Session.from_json(data)
    with pytest.raises(InvalidRecordError):
        Session.from_json("[" * 100_000)


@pytest.mark.parametrize("name", patience.games())
def test_every_game_saves_a_session_whole(name: str) -> None:
    game = patience.game(name)
    session = Session(game, seed=5)
    rng = random.Random(name)
    for _ in range(25):
        moves = session.legal_moves()
        if not moves:
            break
        session.do(rng.choice(moves))
    for _ in range(min(3, len(session.history))):
        session.undo()
    loaded = Session.from_json(session.dumps())
    # Piles, not whole states: a timed game's replay reads its clock afresh.
    assert [s.piles for s in loaded.states] == [s.piles for s in session.states]
    assert loaded.history == session.history and loaded.to_json() == session.to_json()
    while True:
        try:
            assert loaded.redo() == session.redo()
        except PatienceError:
            break
    assert loaded.state.piles == session.state.piles


def test_do_returns_the_events_and_marks_the_moves_that_revealed() -> None:
    session = patience.Session("klondike", seed=2)  # draws only: each shows three cards
    events = session.do("draw")
    assert events == session.game.apply_events(session.states[-2], "draw")[1]
    assert session.revealed == (True,)
    assert session.can_undo() and session.undo() == patience.Move("draw", "stock")
    assert session.revealed == ()
    session.redo()
    assert session.revealed == (True,)


def test_can_redo_says_whether_redo_has_a_move() -> None:
    session = patience.Session("klondike", seed=2)
    assert not session.can_redo()
    session.do("draw")
    assert not session.can_redo()
    session.undo()
    assert session.can_redo()
    again = patience.Session.from_json(session.dumps())  # the redo list is saved
    assert again.can_redo()
    session.redo()
    assert not session.can_redo()
    session.undo()
    session.do("draw")  # a new move clears the redo list
    assert not session.can_redo()


def test_no_undo_past_a_reveal() -> None:
    session = patience.Session("klondike", seed=2, undo="no-reveal")
    session.do("draw")
    assert not session.can_undo()
    with pytest.raises(patience.PatienceError, match="no-reveal"):
        session.undo()
    assert len(session.history) == 1  # nothing changed
    # A move that shows nothing new can be taken back: in Railroad with one
    # siding every pull turns up the next card, except the last.
    game = patience.game("railroad", sidings=1)
    rail = patience.Session(game, seed=3, undo="no-reveal")
    rail.do("pull s1")
    assert rail.revealed == (True,) and not rail.can_undo()
    for _ in range(51):  # the last card: nothing is left to turn up
        rail.do("pull s1")
    assert rail.revealed[-1] is False and rail.can_undo()
    rail.undo()
    assert not rail.can_undo()


def test_the_undo_policy_is_saved_and_checked() -> None:
    session = patience.Session("klondike", seed=2, undo="no-reveal")
    session.do("draw")
    again = patience.Session.from_json(session.dumps())
    assert again.undo_policy == "no-reveal" and again.revealed == (True,)
    assert not again.can_undo()
    data = session.to_json()
    data["undo"] = "sometimes"
    with pytest.raises(patience.InvalidRecordError, match="undo"):
        patience.Session.from_json(data)
    del data["undo"]  # saved before undo policies: free
    assert patience.Session.from_json(data).undo_policy == "free"
    with pytest.raises(patience.PatienceError, match="undo must be one of"):
        patience.Session("klondike", seed=1, undo="never")


@pytest.mark.parametrize("thing", [None, "record", {}, 5])
def test_from_record_refuses_what_is_not_a_record(thing: object) -> None:
    with pytest.raises(PatienceError, match="from_record\\(\\) takes a Record"):
        Session.from_record(thing)  # type: ignore[arg-type]


def test_a_session_takes_the_games_options_with_its_name() -> None:
    session = patience.Session("freecell", seed=1, numbering="microsoft")
    assert session.game == patience.game("freecell", numbering="microsoft")
    assert session.state == session.game.deal(1)
    with pytest.raises(patience.InvalidOptionError):
        patience.Session("spider", seed=1, suits=3)
    with pytest.raises(patience.PatienceError, match="its own"):
        patience.Session(patience.game("klondike"), seed=1, draw=1)


def test_a_random_session_deals_a_seed_a_person_can_say() -> None:
    from patience.session import SHORT_SEEDS

    for name in ("klondike", "freecell", "pyramid"):
        game = patience.game(name)
        seeds = {patience.Session(game).seed for _ in range(20)}
        assert all(
            s is not None and game.seeds.start <= s < game.seeds.start + SHORT_SEEDS for s in seeds
        )
        assert len(seeds) > 15  # still random
    assert max(len(str(patience.Session("golf").seed)) for _ in range(50)) <= 6


def test_a_hint_is_for_the_player_to_move_unless_asked_for_another() -> None:
    session = patience.Session("double-solitaire", seed=1)
    game = session.game
    rng = random.Random(1)
    while game.current_player(session.state) != 1:
        session.do(rng.choice(game.legal_moves(session.state)))
    hint = session.hint()
    assert hint in game.legal_moves(session.state) and hint.player == 1
    with pytest.raises(PatienceError, match="not their turn"):
        session.hint(player=0)
    with pytest.raises(PatienceError, match="no player"):
        session.hint(player=2)
