"""The second front end in examples/: any game played by clicks and drops,
written from the docs alone, with no game-specific code."""

from __future__ import annotations

import ast
import importlib.util
import io
import re
from pathlib import Path
from types import ModuleType

import pytest

import patience
from patience import Record, Session

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "click_player.py"


@pytest.fixture(scope="module")
def player() -> ModuleType:
    spec = importlib.util.spec_from_file_location("click_player_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", patience.games())
def test_every_game_is_played_by_clicks_and_drops(player: ModuleType, name: str) -> None:
    out = io.StringIO()
    seed = next(s for s in range(2, 50) if not Session(name, seed=s).is_over())
    session = player.play(Session(name, seed=seed, undo="no-reveal"), 30, out, seed=seed)
    text = out.getvalue()
    assert session.history, text
    # What it played replays in the library: every move legal where it was made.
    record = Record.from_json(session.record.to_json())
    assert record.replay().piles == session.state.piles
    assert f"{session.game.title}: " in text
    # Cards moved from and to the places the picture draws them.
    assert re.search(r"\(\d+(\.\d+)?, \d+(\.\d+)?\) -> \(", text), text


def test_it_knows_no_game(player: ModuleType) -> None:
    tree = ast.parse(EXAMPLE.read_text(encoding="utf-8"))
    body = tree.body[1:]  # after the module docstring
    strings = {
        node.value
        for part in body
        for node in ast.walk(part)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    piles = {p for name in patience.games() for p in patience.game(name).deal(0).piles}
    known = set(patience.games()) | piles | {"move", "draw", "deal", "pull", "redeal"}
    # "klondike" is the command line's default game, nothing more.
    assert strings & known <= {"klondike"}, strings & known


def test_it_takes_game_options(player: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert player.main(["spider", "-o", "suits=1", "--seed", "3", "--moves", "5"]) == 0
    out = capsys.readouterr().out
    assert "Spider (1 suit): " in out and re.findall(r"[♥♦♣]", out) == []
    assert player.main(["klondike", "-o", "draw=1", "-o", "passes=null", "--moves", "3"]) == 0
    drawn = capsys.readouterr().out.split("draw stock\n")[1].split("\n  3. ")[0]
    assert drawn.count(" -> ") == 1  # draw=1: one card a draw
    assert player.main(["klondike", "-o", "draw"]) == 2
    assert capsys.readouterr().err == "error: options are NAME=VALUE, not 'draw'\n"
