"""The terminal front end in examples/, driven by scripted input."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import patience
from patience import Move, Session

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "terminal.py"


@pytest.fixture(scope="module")
def terminal() -> ModuleType:
    spec = importlib.util.spec_from_file_location("terminal_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(terminal: ModuleType, session: Session, *lines: str) -> tuple[Session, str]:
    out = io.StringIO()
    final = terminal.play(session, lines, out)
    return final, out.getvalue()


def test_clicks_draw_pick_up_and_put_down(terminal: ModuleType) -> None:
    game = patience.game("klondike", draw=1, forced_aces=False)
    session = Session(game, seed=7)
    state = session.state
    # A move between tableau piles, made by two clicks: the source, then the target.
    move = next(m for m in game.legal_moves(state) if m.kind == "move")
    session, text = run(terminal, session, "stock", move.source or "", move.target or "")
    assert session.history == (Move("draw", "stock"), move)
    assert "stock -> waste" in text  # the draw's event, in words
    assert f"picked up at {move.source}" in text


def test_undo_redo_hint_and_refusals(terminal: ModuleType) -> None:
    session = Session("klondike", seed=7)
    session, text = run(terminal, session, "t7-f1", "undo", "redo", "hint", "t1-t1", "bogus")
    assert session.history == (Move("move", "t7", "f1"),)
    assert "undo: t7-f1" in text and "redo: t7-f1" in text
    assert "hint: " in text
    assert "refused (" in text  # the reason and its code
    assert "not a move: cannot read move 'bogus'" in text


def test_save_and_load_keep_the_whole_session(terminal: ModuleType, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    session = Session("railroad", seed=3)
    session, _ = run(terminal, session, "pull s1", "pull s2", "undo", f"save {saved}")
    loaded, text = run(terminal, Session("railroad", seed=99), f"load {saved}", "redo")
    assert loaded.seed == 3 and loaded.history == (Move("pull", "s1"), Move("pull", "s2"))
    assert "loaded <Session railroad seed=3, 1 moves>" in text
    _, text = run(terminal, Session("railroad", seed=1), f"load {tmp_path / 'missing.json'}")
    assert "cannot load" in text


def test_indexed_clicks_and_a_game_to_its_end(terminal: ModuleType) -> None:
    # Railroad with one siding has a single move each turn: clicking the
    # siding's head 52 times plays the game out.
    game = patience.game("railroad", sidings=1)
    session = Session(game, seed=5)
    session, text = run(terminal, session, *["s1"] * 52, "s1", "s1:99")
    assert len(session.history) == 52 and session.is_over()
    assert "the game is over" in text
    assert "nothing can be picked up at s1" in text
    assert "no card at 99" in text


def test_it_runs_as_a_script_on_piped_input() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "spider", "--seed", "2"],
        input="moves\ndeal\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "Spider, seed 2." in done.stdout and "dealt" in done.stdout
    bad = subprocess.run(
        [sys.executable, str(EXAMPLE), "klondik"], capture_output=True, text=True, timeout=60
    )
    assert bad.returncode == 2 and "did you mean 'klondike'" in bad.stderr


def test_a_refused_drop_puts_the_cards_back_and_plays_nothing(terminal: ModuleType) -> None:
    # The reported sequence: a drop the rules refuse, then the stock while
    # the cards were (wrongly) still held, then a pick-up and a refused drop.
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "spider", "--seed", "3", "--undo", "no-reveal"],
        input="t8\nt7\nstock\nt1\nt6\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "8♦: t6 -> t4" not in done.stdout
    # In every game: a drop on a pile that takes nothing of what is held is
    # refused with the game's reason and code, and no move is made, whatever
    # that pile would offer as a pick-up; the stock while holding cards is a
    # drop, never a deal.
    for name in patience.games():
        game = patience.game(name)
        session = Session(game, seed=3, undo="no-reveal")
        state = session.state
        for pile, index in game.pickable(state):
            if game.click(state, pile, index).move is not None:
                continue  # a click there acts (the stock)
            targets = set(game.drop_targets(state, pile, index))
            others = [p for p in state.piles if p not in targets and p != pile]
            if not others:
                continue
            click = pile if index is None else f"{pile}:{index}"
            for other in others:
                after, text = run(terminal, Session(game, seed=3), click, other)
                assert after.history == (), (name, click, other, text)
                assert "refused (" in text, (name, click, other)
            break


def test_an_unknown_pile_is_named_as_such(terminal: ModuleType) -> None:
    session, text = run(terminal, Session("klondike", seed=7), "t9", "t1:99")
    assert session.history == ()
    assert "klondike has no pile 't9'" in text and "not an action name" not in text
    assert "no card at 99" in text


def test_nothing_to_pick_up_says_why(terminal: ModuleType) -> None:
    # Klondike's t7 holds six face-down cards under its top card.
    session, text = run(terminal, Session("klondike", seed=7), "t7:0")
    assert session.history == ()
    assert "nothing can be picked up at t7:0:" in text and "(face-down)" in text
