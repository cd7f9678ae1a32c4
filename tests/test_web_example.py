"""The Python half of the web example (examples/web/app.py), in plain CPython.

The page itself, in headless Chromium, is tested in test_web_browser.py.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import patience

WEB = Path(__file__).resolve().parents[1] / "examples" / "web"


@pytest.fixture(scope="module")
def app() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_app_example", WEB / "app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def table(app: ModuleType, seed: int) -> Any:
    made = app.Table.restore(None)
    made.new_deal(str(seed))
    assert made.session.seed == seed and made.message == f"Dealt seed {seed}."
    return made


def view(made: Any) -> dict[str, Any]:
    return json.loads(made.view())


def test_a_card_is_picked_up_shown_and_put_down(app: ModuleType) -> None:
    # Seed 1: 7♦ alone on pile 1 goes on the 8♠ of pile 7.
    made = table(app, 1)
    made.click("t1", 0)
    assert made.picked == ("t1", 0)
    assert made.message == "Picked up 7♦: click where it goes (Pile 7)."
    shown = view(made)
    # The pick-up is highlighted, and the one pile it may go to is marked.
    assert shown["svg"].count('class="card face picked"') == 1
    assert 'data-pile="t1" data-index="0" data-card="7D"' in shown["svg"]
    assert shown["targets"] == ["t7"]
    assert re.findall(r'class="pile [a-z]+ target" data-pile="([^"]+)"', shown["svg"]) == ["t7"]
    made.click("t7", 6)
    assert made.session.history == (patience.Move("move", "t1", "t7"),)
    assert made.message == "t1-t7: 7♦ to Pile 7."
    shown = view(made)
    assert shown["moves"] == ["t1-t7"] and shown["status"].startswith("Seed 1 · 1 move · ")
    assert "picked" not in shown["svg"] and made.picked is None


def test_the_target_may_be_clicked_anywhere_on_its_pile(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("t1", 0)
    made.click("t7", None)  # beside the cards
    assert [str(m) for m in made.session.history] == ["t1-t7"]


def test_one_click_on_the_stock_draws_then_redeals(app: ModuleType) -> None:
    made = table(app, 5)
    made.click("stock", 23)
    assert made.message == "draw stock: 5♠ Q♦ 10♦ to Waste."
    assert len(made.session.state.piles["waste"]) == 3
    made.click("stock", 0)  # any card of the stock
    made.click("stock", None)  # beside it
    made.click("waste", 8)
    made.click("t7")
    assert made.message == "waste-t7: 7♣ to Pile 7."
    while made.session.state.piles["stock"]:
        made.click("stock", 0)
    made.click("stock", None)  # the empty stock: its outline
    assert made.message == "redeal stock: the cards to Stock."
    assert [str(m) for m in made.session.history] == [
        *["draw stock"] * 3,
        "waste-t7",
        *["draw stock"] * 5,
        "redeal stock",
    ]


def test_a_refused_stock_says_why(app: ModuleType) -> None:
    made = table(app, 3)  # an ace on pile 1, which must go up first
    made.click("stock", 23)
    assert made.message == (
        "Refused: draw stock: the ace of diamonds on t1 must go to a foundation first"
        " (forced_aces)."
    )
    assert made.session.history == ()


def test_the_stock_draws_whatever_is_picked_up(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("t1", 0)
    made.click("stock", 23)
    assert [str(m) for m in made.session.history] == ["draw stock"]
    assert made.picked is None


def test_a_refused_target_says_why_and_changes_nothing(app: ModuleType) -> None:
    made = table(app, 1)
    before = made.session.state
    made.click("t1", 0)
    made.click("t3", 2)
    reason = "7♦ does not go on 2♦: build down in alternating colours"
    assert made.message == f"Refused: t1-t3: {reason}."
    assert made.session.state is before and made.picked is None
    # The reason is the game's own.
    with pytest.raises(patience.IllegalMoveError) as refused:
        made.session.game.apply(before, "t1-t3")
    assert refused.value.reason in made.message


def test_clicks_that_pick_nothing_up_say_so(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("t2", 1)
    assert made.message == "Nothing to pick up there: no pile takes 6♦ now."
    assert made.picked is None
    made.click("t2", 0)
    assert made.message == (
        "Nothing to pick up there: 2 cards from t2 would take a face-down card: only 1 is face up."
    )
    made.click("f1", None)
    assert made.message == "Foundation 1 is empty: pick up a card first."
    made.click("t1", 0)
    made.click("t1", 0)  # the same place again
    assert made.message == "Put back." and made.picked is None
    assert made.session.history == ()


def test_undo_redo_and_the_buttons_they_enable(app: ModuleType) -> None:
    made = table(app, 1)
    assert (view(made)["can_undo"], view(made)["can_redo"]) == (False, False)
    made.undo()
    assert made.message == "Nothing to undo."
    made.click("stock", 23)
    assert (view(made)["can_undo"], view(made)["can_redo"]) == (True, False)
    made.undo()
    assert made.message == "Took back draw stock." and made.session.history == ()
    assert (view(made)["can_undo"], view(made)["can_redo"]) == (False, True)
    made.redo()
    assert made.message == "Made again draw stock." and len(made.session.history) == 1
    made.redo()
    assert made.message == "Nothing to redo."


def test_a_hint_is_shown_as_a_highlighted_move(app: ModuleType) -> None:
    made = table(app, 1)
    made.hint()
    hinted = made.session.hint()
    assert made.hinted == hinted and made.message == f"Hint: {hinted}."
    assert view(made)["svg"] == patience.svg(made.session.state, highlight=hinted)
    made.click("t2", 1)  # any click puts the hint away
    assert made.hinted is None


def test_the_end_of_the_game_is_announced(app: ModuleType) -> None:
    made = table(app, 7)
    while not made.session.is_over():
        made.make(made.session.legal_moves()[0])
    summary = made.session.result().summary()
    assert made.message.endswith(f" The game is over: {summary}.")
    assert view(made)["status"].endswith(summary)
    made.hint()
    assert made.message == "The game is over: there is nothing to hint."


def test_new_deals_take_a_seed_or_deal_at_random(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("stock", 23)
    made.new_deal(" 7 ")
    assert made.session.seed == 7 and made.session.history == ()
    for bad in ("seven", "-1", str(2**64)):
        made.new_deal(bad)
        assert made.message.startswith(f"Not a seed: {bad!r}.") and made.session.seed == 7
    made.new_deal("")
    assert made.session.seed is not None and view(made)["seed"] == str(made.session.seed)


def test_the_game_is_saved_and_restored(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("t1", 0)
    made.click("t7", 6)
    made.click("stock", 23)
    made.undo()
    again = app.Table.restore(made.save())
    assert again.session.history == made.session.history
    assert again.session.state == made.session.state and again.session.can_redo()
    for bad in (None, "", "{not json", json.dumps({"format": "something else"})):
        fresh = app.Table.restore(bad)
        assert fresh.session.history == () and fresh.session.seed is not None


def test_the_script_uses_only_what_the_page_has() -> None:
    page = (WEB / "index.html").read_text(encoding="utf-8")
    script = (WEB / "main.js").read_text(encoding="utf-8")
    ids = set(re.findall(r'id="([^"]+)"', page))
    used = set(re.findall(r'\$\("([^"]+)"\)', script))  # $("status")
    buttons = re.search(r"for \(const name of \[([^\]]+)\]\)", script)
    assert buttons is not None
    used |= set(re.findall(r'"([a-z]+)"', buttons.group(1)))  # ["undo", "redo", "hint"]
    assert {"table", "status", "undo", "hint"} <= used <= ids
    # Everything is loaded from this folder: no address of another host.
    assert not re.search(r"https?://", page + script)


def test_a_drag_picks_up_marks_the_targets_and_drops(app: ModuleType) -> None:
    made = table(app, 1)
    assert made.grab("t1", 0) and view(made)["targets"] == ["t7"]
    made.drop("t3")  # a drop the rules refuse: the game's reason, nothing made
    assert made.message == (
        "Refused: t1-t3: 7♦ does not go on 2♦: build down in alternating colours."
    )
    assert made.session.history == () and made.picked is None
    assert made.grab("t1", 0)
    made.drop(None)  # off the table
    assert made.message == "Put back." and made.picked is None
    assert made.grab("t1", 0)
    made.drop("t7")
    assert [str(m) for m in made.session.history] == ["t1-t7"]
    assert not made.grab("stock", 23)  # a drag never draws
    assert made.grab("t2", 0) is False and "face-down" in made.message


def test_the_page_builds_no_moves_itself() -> None:
    # Drops and refusals come from Game.move_to and Game.pick_up_refusal: no
    # move is put together from piles and counts, which is game knowledge.
    source = (WEB / "app.py").read_text(encoding="utf-8")
    assert "Move(" not in source and "count=" not in source
