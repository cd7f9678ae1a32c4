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
from patience.registry import describe

WEB = Path(__file__).resolve().parents[1] / "examples" / "web"
NAMES = patience.games()


@pytest.fixture(scope="module")
def app() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_app_example", WEB / "app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def table(app: ModuleType, seed: int, name: str = "klondike", **options: str) -> Any:
    made = app.Table.restore(None)
    assert made.new_deal(str(seed), name, json.dumps(options) if options else "")
    assert made.session.seed == seed and made.message == f"Dealt seed {seed}."
    assert made.game.name == name
    return made


def view(made: Any) -> dict[str, Any]:
    return json.loads(made.view())


def top(made: Any, pile: str) -> int | None:
    size = len(made.session.state.piles[pile])
    return size - 1 if size else None


# ------------------------------------------------------------ the picker


def test_the_picker_lists_every_game_once_with_distinct_labels(app: ModuleType) -> None:
    entries = json.loads(app.picker())
    assert [e["name"] for e in entries] == list(NAMES)
    labels = [e["label"] for e in entries]
    assert len(set(labels)) == len(labels)
    for entry in entries:
        title = patience.game(entry["name"]).title
        assert entry["label"] == title or entry["label"] == f"{title} ({entry['name']})"
    # Several Railroad games share a title: each is told apart by its name.
    shared = [e["label"] for e in entries if e["label"].startswith("Railroad! Yard Solitaire (")]
    assert "Railroad! Yard Solitaire (railroad-double)" in shared


@pytest.mark.parametrize("name", NAMES)
def test_every_game_deals_with_its_options_as_fields(app: ModuleType, name: str) -> None:
    made = table(app, 2, name)
    shown = view(made)
    game = made.game
    assert shown["game"] == name and shown["title"] == game.title
    defaults = describe(name).options
    assert [f["name"] for f in shown["options"]] == list(defaults)
    for field in shown["options"]:
        default = defaults[field["name"]]
        assert field["kind"] == ("choice" if isinstance(default, bool) else "text")
        assert field["value"] == app.shown(game.options.get(field["name"], default))
    # The fields' text, sent back as the page sends it, makes the same game.
    texts = {f["name"]: f["value"] for f in shown["options"]}
    again = app.Table.restore(None)
    assert again.new_deal("2", name, json.dumps(texts)), again.message
    assert again.game == game and again.session.state == made.session.state
    # The view says what to do, and the heading is the game's.
    assert shown["prompt"] and shown["status"].startswith("Seed 2 · 0 moves · ")
    assert shown["svg"].startswith("<svg") and f'data-game="{name}"' in shown["svg"]


def test_options_are_read_from_their_fields_and_kept(app: ModuleType) -> None:
    made = table(app, 4, "klondike", draw="1", passes="2", forced_aces="false")
    assert dict(made.game.options) == {
        "draw": 1,
        "passes": 2,
        "partial_runs": False,
        "worrying_back": False,
        "forced_aces": False,
    }
    fields = {f["name"]: f["value"] for f in view(made)["options"]}
    assert fields["draw"] == "1" and fields["passes"] == "2" and fields["forced_aces"] == "false"
    # A new deal of the same game keeps its options; another game takes its defaults.
    assert made.new_deal("5")
    assert made.game.options["draw"] == 1
    assert made.new_deal("5", "freecell", json.dumps({"numbering": "microsoft"}))
    assert made.game.options["numbering"] == "microsoft" and made.session.seed == 5
    fields = {f["name"]: f["value"] for f in view(made)["options"]}
    assert fields == {"cells": "4", "piles": "8", "runs": "true", "numbering": "microsoft"}
    assert made.new_deal("", "spider", "")
    assert made.game == patience.game("spider")


def test_a_refused_option_gives_the_librarys_reason_and_changes_nothing(app: ModuleType) -> None:
    made = table(app, 1)
    before = made.session
    assert not made.new_deal("1", "klondike", json.dumps({"draw": "0"}))
    with pytest.raises(patience.InvalidOptionError) as refused:
        patience.game("klondike", draw=0)
    assert made.message == f"Refused option draw: {refused.value.reason}."
    assert made.session is before
    assert not made.new_deal("1", "klondike", json.dumps({"nonsense": "1"}))
    assert made.message.startswith("Refused option nonsense: no such option")
    assert not made.new_deal("1", "no-such-game", "")
    assert made.message.startswith("Unknown game 'no-such-game'")
    assert made.session is before


def test_new_deals_take_a_seed_the_game_deals(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("stock", 23)
    assert made.new_deal(" 7 ")
    assert made.session.seed == 7 and made.session.history == ()
    for bad in ("seven", "-1", str(2**64)):
        assert not made.new_deal(bad)
        assert made.message.startswith(f"Not a seed: {bad!r}")
        assert made.session.seed == 7
    assert made.new_deal("")
    assert made.session.seed is not None and view(made)["seed"] == str(made.session.seed)
    # Each game's own seeds: Microsoft's numbering starts at 1.
    assert not made.new_deal("0", "freecell", json.dumps({"numbering": "microsoft"}))
    assert "from 1 to 2147483647" in made.message and made.game.name == "klondike"


def test_the_game_and_its_options_are_saved_and_restored(app: ModuleType) -> None:
    made = table(app, 1, "klondike", draw="1")
    made.click("t1", 0)
    made.click("t7", 6)
    made.click("stock", 23)
    made.undo()
    again = app.Table.restore(made.save())
    assert again.game == made.game and again.game.options["draw"] == 1
    assert again.session.history == made.session.history
    assert again.session.state == made.session.state and again.session.can_redo()
    spider = table(app, 3, "spider", suits="2")
    assert app.Table.restore(spider.save()).game.title == "Spider (2 suits)"
    for bad in (None, "", "{not json", json.dumps({"format": "something else"})):
        fresh = app.Table.restore(bad)
        assert fresh.session.history == () and fresh.session.seed is not None
        assert fresh.game.name == NAMES[0]


# ------------------------------------------------------- the page's words


def words_of_the_games() -> set[str]:
    words = {w for name in NAMES for w in (name, patience.game(name).title)}
    return words | set(patience.registry.aliases())


def test_the_page_names_no_game() -> None:
    # The heading, the prompt and every sentence come from the library: the
    # page's own files name no registered game, title or alias.
    for file in ("app.py", "main.js", "index.html"):
        text = (WEB / file).read_text(encoding="utf-8")
        for word in words_of_the_games():
            found = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE)
            assert found is None, f"{file} names {word!r}"


def test_a_spider_deal_is_told_in_words(app: ModuleType) -> None:
    made = table(app, 1, "spider")
    made.click("stock", None)
    assert made.message == "deal stock: dealt 10 cards from Stock to 10 piles."


@pytest.mark.parametrize("name", NAMES)
def test_every_move_is_told_in_words(app: ModuleType, name: str) -> None:
    # The first moves of a few deals: each message names the move, then says
    # what happened in words, never an empty list.
    for seed in (1, 2):
        made = table(app, seed, name)
        for _ in range(6):
            moves = made.session.legal_moves()
            if not moves:
                break
            made.make(moves[-1])
            made_move = str(made.session.history[-1])
            assert made.message.startswith(f"{made_move}: "), made.message
            told = made.message[len(made_move) + 2 :]
            assert told[0].isalnum() or told[0] in "♠♥♦♣", made.message
            assert ": ." not in made.message and ", ," not in made.message
            assert "Event" not in made.message and "None" not in made.message


def test_events_of_every_kind_are_told(app: ModuleType) -> None:
    from patience.events import (
        CardsDiscarded,
        CardsShifted,
        CardsTurned,
        CounterChanged,
        IdleCounted,
        JokerExchanged,
        JokerNamed,
        ScoreChanged,
        SuitRemoved,
        TurnPassed,
    )

    made = table(app, 1, "spider")
    king, two = patience.Card.parse("KS"), patience.Card.parse("2S")
    said = made.told(
        [
            SuitRemoved("t1", 0, "f1", 0, (king, two)),
            CardsTurned("t1", 0, (king,)),
            CardsTurned("t2", 0, (king, two), face_up=False),
            CounterChanged("pass", 1, 2, shown=True),
            CounterChanged("progress", False, True),
            IdleCounted(0, 1),
            ScoreChanged(0, 0, 13),
        ]
    )
    assert said == (
        "K♠ 2♠ removed from Pile 1 to Foundation 1, turned up K♠ on Pile 1,"
        " turned down 2 cards on Pile 2, pass now 2."
    )
    made = table(app, 1, "accordion")
    shifted = [CardsShifted(f"r{k + 1}", 0, f"r{k}", 0, (king,)) for k in range(2, 5)]
    assert made.told(shifted) == "3 cards slid along to close the gap."
    assert made.told([]) == "done."
    made = table(app, 1, "railroad-race")
    discarded = [CardsDiscarded("p0.line", 0, "p0.discard", 0, (king, two))]
    assert made.told([*discarded, ScoreChanged(0, 52, 50), TurnPassed("turn", 0, 1)]) == (
        "K♠ 2♠ discarded to Player 0: Discard, player 0 scores 50, player 1 to move."
    )
    made = table(app, 1, "joker-solitaire")
    joker = patience.Card.parse("RJ")
    exchanged = JokerExchanged(joker, "t1", 0, king, "waste", 0)
    assert made.told([JokerNamed("RJ", "", "8D"), exchanged, JokerNamed("RJ", "8D", "")]) == (
        "RJ stands for 8♦, K♠ took the place of RJ, RJ stands for no card now."
    )


# ------------------------------------------------------ clicks and drags


def test_a_card_is_picked_up_shown_and_put_down(app: ModuleType) -> None:
    # Seed 1: 7♦ alone on pile 1 goes on the 8♠ of pile 7.
    made = table(app, 1)
    made.click("t1", 0)
    assert made.held == ("t1", 0) and made.targets == ("t7",)
    assert made.message == "Picked up 7♦: put it on Pile 7."
    assert made.prompt() == "Holding 7♦: click Pile 7, or Pile 1 to put it back."
    shown = view(made)
    # The pick-up is highlighted, and the one pile it may go to is marked.
    assert shown["svg"].count('class="card face picked"') == 1
    assert 'data-pile="t1" data-index="0" data-card="7D"' in shown["svg"]
    assert shown["targets"] == ["t7"]
    assert re.findall(r'class="pile [a-z]+ target" data-pile="([^"]+)"', shown["svg"]) == ["t7"]
    made.click("t7", 6)
    assert made.session.history == (patience.Move("move", "t1", "t7"),)
    assert made.message == "t1-t7: 7♦ from Pile 1 to Pile 7."
    shown = view(made)
    assert shown["moves"] == ["t1-t7"] and shown["status"].startswith("Seed 1 · 1 move · ")
    assert "picked" not in shown["svg"] and made.held is None


def test_the_target_may_be_clicked_anywhere_on_its_pile(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("t1", 0)
    made.click("t7", None)  # beside the cards
    assert [str(m) for m in made.session.history] == ["t1-t7"]


def test_one_click_on_the_stock_draws_then_redeals(app: ModuleType) -> None:
    made = table(app, 5)
    made.click("stock", 23)
    assert made.message == "draw stock: 10♦ Q♦ 5♠ from Stock to Waste."
    made.click("stock", 0)  # any card of the stock
    made.click("stock", None)  # beside it
    made.click("waste", 8)
    made.click("t7")
    assert made.message == "waste-t7: 7♣ from Waste to Pile 7."
    while made.session.state.piles["stock"]:
        made.click("stock", 0)
    made.click("stock", None)  # the empty stock: its outline
    assert made.message == "redeal stock: 23 cards from Waste to Stock, pass now 2."


def test_a_refused_action_says_why(app: ModuleType) -> None:
    made = table(app, 3)  # an ace on pile 1, which must go up first
    made.click("stock", 23)
    assert made.message == (
        "Nothing to pick up or play there: the ace of diamonds on t1 must go to a"
        " foundation first (forced_aces)."
    )
    assert made.session.history == ()


def test_a_click_on_another_pile_while_holding_is_a_drop_never_a_draw(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("t1", 0)
    made.click("stock", 23)
    assert made.session.history == () and made.held is None
    assert made.message.startswith("Refused: t1-stock: ")


def test_a_refused_target_says_why_and_changes_nothing(app: ModuleType) -> None:
    made = table(app, 1)
    before = made.session.state
    made.click("t1", 0)
    made.click("t3", 2)
    reason = "7♦ does not go on 2♦: build down in alternating colours"
    assert made.message == f"Refused: t1-t3: {reason}."
    assert made.session.state is before and made.held is None
    with pytest.raises(patience.IllegalMoveError) as refused:
        made.session.game.apply(before, "t1-t3")
    assert refused.value.reason in made.message


def test_clicks_that_pick_nothing_up_say_so(app: ModuleType) -> None:
    made = table(app, 1)
    made.click("t2", 1)
    assert made.message == "Nothing to pick up or play there: no pile takes 6♦ now."
    made.click("t2", 0)
    assert made.message == (
        "Nothing to pick up or play there:"
        " 2 cards from t2 would take a face-down card: only 1 is face up."
    )
    made.click("t1", 0)
    made.click("t1", 0)  # the same place again
    assert made.message == "Put back." and made.held is None
    assert made.session.history == ()


def test_a_drag_picks_up_marks_the_targets_and_drops(app: ModuleType) -> None:
    made = table(app, 1)
    assert made.grab("t1", 0) and view(made)["targets"] == ["t7"]
    made.drop("t3")  # a drop the rules refuse: the game's reason, nothing made
    assert made.message == (
        "Refused: t1-t3: 7♦ does not go on 2♦: build down in alternating colours."
    )
    assert made.session.history == () and made.held is None
    assert made.grab("t1", 0)
    made.drop(None)  # off the table
    assert made.message == "Put back." and made.held is None
    assert made.grab("t1", 0)
    made.drop("t1")  # where it came from
    assert made.message == "Put back." and made.session.history == ()
    assert made.grab("t1", 0)
    made.drop("t7")
    assert [str(m) for m in made.session.history] == ["t1-t7"]
    assert not made.grab("stock", 23)  # a drag never draws
    assert made.session.history == (patience.Move("move", "t1", "t7"),)
    assert made.grab("t2", 0) is False and "face-down" in made.message


def test_pyramid_stock_draws_on_a_click_and_pairs_by_a_drag_or_two_clicks(
    app: ModuleType,
) -> None:
    made = table(app, 3, "pyramid")
    made.click("stock", 23)
    assert [str(m) for m in made.session.history] == ["draw stock"]
    made.undo()
    # A drag from the stock takes its top card to the card it pairs with.
    assert made.grab("stock", 23) and made.targets == ("g2",)
    made.drop("g2")
    assert [str(m) for m in made.session.history] == ["pair stock-g2"]
    assert made.message == (
        "pair stock-g2: 9♣ from Stock to Discard, turned up 3♠ on Stock, 4♣ from g2 to Discard."
    )
    made.undo()
    # The same pair from the other card: click it, then the stock.
    made.click("g2", 0)
    assert made.held == ("g2", 0) and made.targets == ("stock",)
    made.click("stock", 23)
    assert [str(m) for m in made.session.history] == ["pair stock-g2"]
    made.click("a1", 0)
    assert made.message == "Nothing to pick up or play there: a1 is covered by b1 and b2."


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_by_clicks_and_drags(app: ModuleType, name: str) -> None:
    # Whatever can be picked up is played: an action by one click, a card
    # move by two clicks, another by a drag, each as the game says.
    made = table(app, 1, name)
    game = made.game
    for turn in range(8):
        state = made.session.state
        if game.is_over(state):
            break
        places = game.pickable(state)
        if not places:
            assert made.unplaced(), "a legal move that no click and no button makes"
            made.play(made.unplaced()[0])
            continue
        pile, index = places[turn % len(places)]
        if index is None:
            index = top(made, pile)
        expected = game.click(state, pile, index)
        made_before = len(made.session.history)
        if turn % 2 and made.grab(pile, index):
            target = made.targets[0]
            made.drop(target)
            assert made.session.history[-1] == game.move_to(state, pile, index, target)
        else:
            made.click(pile, index)
            if expected.held is not None:
                target = expected.targets[0]
                made.click(target, top(made, target))
                move = game.move_to(state, pile, index, target)
                assert made.session.history[-1] == move
            else:
                assert expected.move is not None
                assert made.session.history[-1] == expected.move
        assert len(made.session.history) == made_before + 1


def test_a_move_no_place_starts_has_a_button(app: ModuleType) -> None:
    # Double Solitaire seed 6: once neither player's stock can be drawn,
    # passing the turn is the only move, made by its button.
    made = table(app, 6, "double-solitaire")
    for _ in range(40):
        if made.unplaced():
            break
        moves = made.session.legal_moves()
        acts = [m for m in moves if m.target is None]
        made.make(acts[0] if acts else moves[0])
    buttons = view(made)["buttons"]
    assert buttons and all(made.game.pick_up(made.session.state, b) is None for b in buttons)
    assert "Some moves have a button of their own." in made.prompt()
    player = made.game.current_player(made.session.state)
    made.play(buttons[0])
    assert str(made.session.history[-1]) == buttons[0]
    assert made.message == f"{buttons[0]}: player {1 - player} to move."
    assert made.prompt().startswith(f"Player {1 - player} to move.")


def test_whose_turn_it_is_is_said(app: ModuleType) -> None:
    made = table(app, 1, "double-solitaire")
    assert made.prompt().startswith("Player 1 to move. Click Player 1: Stock to draw.")
    race = table(app, 1, "railroad-race")
    assert race.prompt().startswith("Player 0 or 1 to move. Click Player 0: Siding 1,")
    race.hint()
    assert race.message.startswith("Hint: p0 ")


# ----------------------------------------------------------- buttons


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
    assert made.prompt() == "The game is over: deal again, or undo."
    made.hint()
    assert made.message == "The game is over: there is nothing to hint."


# ------------------------------------------------------------ the page


def test_the_script_uses_only_what_the_page_has() -> None:
    page = (WEB / "index.html").read_text(encoding="utf-8")
    script = (WEB / "main.js").read_text(encoding="utf-8")
    ids = set(re.findall(r'id="([^"]+)"', page))
    used = set(re.findall(r'\$\("([^"]+)"\)', script))  # $("status")
    buttons = re.search(r"for \(const name of \[([^\]]+)\]\)", script)
    assert buttons is not None
    used |= set(re.findall(r'"([a-z]+)"', buttons.group(1)))  # ["undo", "redo", "hint"]
    assert {"table", "status", "prompt", "game", "options", "buttons", "undo", "hint"} <= used
    assert used <= ids
    # Everything is loaded from this folder: no address of another host.
    assert not re.search(r"https?://", page + script)


def test_the_page_builds_no_moves_itself() -> None:
    # Clicks, drops and refusals come from the click protocol (Game.click,
    # Game.grab): no move is put together from piles and counts, and nothing
    # is decided from which piles act, which is game knowledge.
    source = (WEB / "app.py").read_text(encoding="utf-8")
    assert "Move(" not in source and "count=" not in source
    assert "action_piles" not in source and "moves_from" not in source
