"""The terminal player, ``python -m patience play`` (patience.play), driven by
scripted input: in this process through ``main`` and ``patience.play.play``,
and twice as a real process."""

from __future__ import annotations

import io
import json
import pkgutil
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import patience
import patience.play
from patience import Move, Session
from patience.__main__ import main
from patience.play import play

PROGRAM = [sys.executable, "-m", "patience", "play"]


def run(session: Session, *lines: str) -> tuple[Session, str]:
    """Play ``session`` with ``lines`` typed; the session as it ends and the text."""
    out = io.StringIO()
    final = play(session, lines, out)
    return final, out.getvalue()


def command(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    *lines: str,
) -> tuple[int, str, str]:
    """``python -m patience play ...`` in this process, with ``lines`` on standard input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def clicks(game: patience.Game, state: patience.State, move: Move) -> list[str] | None:
    """The clicks that make ``move`` (from either end: a pair is made from
    either card), worked out from ``Game.click`` alone; ``None`` when only a
    drag makes it."""
    ends = [p for p in (move.source, move.target) if p is not None and p in state.piles]
    for first in ends:
        answer = game.click(state, first)
        if answer.move == move:
            return [first]
        if answer.held is None:
            continue
        for second in ends:
            if second != first and game.click(state, second, None, answer.held).move == move:
                return [first, second]
    return None


# ------------------------------------------------------------------ the command


def test_klondike_draw_one_by_notation_and_clicks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    code, out, err = command(
        capsys,
        monkeypatch,
        ["klondike", "-o", "draw=1", "--seed", "7"],
        "t7-f1",  # notation
        "stock",  # a click where an action starts: a draw of one card
        "t5",  # a click pair: pick up 3♣ ...
        "t1",  # ... and put it on 4♦
        "t1-t3",  # refused, with its code
        "undo",
        "redo",
        "hint",
        f"save {saved}",
        "undo",
        "undo",
        f"load {saved}",
        "quit",
    )
    assert code == 0 and err == ""
    assert out.startswith("Klondike, seed 7: to play this deal again, play klondike -o draw=1")
    assert "1. t7-f1\n   A♣: t7 -> f1\n   turned up 6♠ on t7" in out
    assert "2. draw stock\n   9♣: stock -> waste\n" in out  # one card: draw=1
    assert "holding 3♣ from t5; put it on t1 (or t5 again to put it back)" in out
    assert "3. t5-t1\n   3♣: t5 -> t1\n   turned up 2♠ on t5" in out
    assert "refused (unit): the run of 2 face-up cards on t1 moves only as a whole" in out
    assert "undo: t5-t1" in out and "redo: t5-t1" in out
    assert re.search(r"hint: \S", out)
    assert f"saved 3 moves to {saved}" in out
    assert "loaded Klondike: play klondike -o draw=1 --seed 7, 3 moves" in out
    assert out.rstrip().endswith("3 moves; in progress, score 1 (higher is better)")
    # The save is the session's own JSON, options and all.
    loaded = Session.from_json(saved.read_text(encoding="utf-8"))
    assert loaded.game.options["draw"] == 1 and len(loaded.history) == 3


def test_microsoft_numbering_deals_microsofts_deal_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["freecell", "-o", "numbering=microsoft", "--seed", "1"]
    code, out, _ = command(capsys, monkeypatch, argv, "quit")
    # The first column of Microsoft's deal 1, as Windows dealt it.
    assert code == 0 and "t1: J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠" in out
    assert "play freecell -o numbering=microsoft --seed 1" in out
    # Without a seed: a random Microsoft number, printed (they start at 1).
    code, out, _ = command(capsys, monkeypatch, ["freecell", "-o", "numbering=microsoft"], "quit")
    seed = int(re.match(r"FreeCell, seed (\d+):", out)[1])  # type: ignore[index]
    assert code == 0 and 1 <= seed <= 1_000_000


def test_one_suit_spider(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = command(
        capsys, monkeypatch, ["spider", "-o", "suits=1", "--seed", "5"], "t5-t10", "stock", "quit"
    )
    assert code == 0 and out.startswith("Spider (1 suit), seed 5")
    assert re.findall(r"[♥♦♣]", out) == [] and "♠" in out  # spades alone
    assert "2. deal stock" in out and "dealt" in out


def test_every_game_starts_and_quits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in patience.games():
        code, out, err = command(capsys, monkeypatch, [name], "quit")
        title = patience.game(name).title
        assert code == 0 and err == "", (name, err)
        found = re.match(rf"{re.escape(title)}, seed (\d+): to play this deal again, play ", out)
        assert found, (name, out[:200])
        seed = int(found[1])
        assert seed < 10**6 + 1  # a short seed, printed to be typed again
        game = patience.game(name)
        summary = game.result(game.deal(seed)).summary()
        assert out.endswith(f"> quit\n0 moves; {summary}\n"), name


def test_the_help_lists_the_commands_and_examples_that_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = capsys.readouterr().out
    for word in ("undo", "redo", "hint", "save FILE", "load FILE", "moves", "quit", "t4:2"):
        assert word in text, word
    examples = re.findall(r"\n  python -m patience play (.*)\n\s+(.*)", text)
    assert {e[0].split()[0] for e in examples} >= {"klondike", "freecell", "spider", "pyramid"}
    for argv, typed in examples:
        lines = [w for w in re.split(r"\s{2,}", typed) if not w.startswith("(")]
        code, out, _ = command(capsys, monkeypatch, argv.split(), *lines, "quit")
        assert code == 0
        for bad in ("refused", "not a move", "nothing to pick up", "has no pile", "cannot"):
            assert bad not in out, (argv, lines, out)
        words = ("pair", "pull", "draw", "deal", "undo", "redo", "hint", "moves")
        clicked = [w for w in lines if "-" not in w and w.split()[0] not in words]
        assert clicked and len(clicked) < len(lines), argv  # notation and clicks


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["klondik"], "did you mean 'klondike'"),
        (["klondike", "-o", "draw=0"], "draw"),
        (["klondike", "-o", "colour=red"], "colour"),
        (["klondike", "-o", "draw"], "NAME=VALUE"),
        (["klondike", "--seed", "-1"], "seed"),
        (["freecell", "-o", "numbering=microsoft", "--seed", "0"], "Microsoft deal number"),
    ],
)
def test_bad_games_options_and_seeds_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str], says: str
) -> None:
    code, out, err = command(capsys, monkeypatch, argv, "quit")
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and says in err, err


def test_as_a_process_it_plays_and_refuses_with_one_line() -> None:
    done = subprocess.run(
        [*PROGRAM, "pyramid", "--seed", "3"],
        input="stock\ng2 stock\npair g2-stock\nundo\nquit\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=True,
    )
    assert done.stdout.startswith("Pyramid, seed 3: ") and done.stderr == ""
    assert "1. draw stock" in done.stdout and "undo: draw stock" in done.stdout
    assert "refused (not-thirteen)" in done.stdout
    bad = subprocess.run(
        [*PROGRAM, "spider", "-o", "suits=3"], capture_output=True, text=True, timeout=60
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith("error: ") and bad.stderr.count("\n") == 1


def test_the_player_is_in_the_package() -> None:
    names = [m.name for m in pkgutil.iter_modules(patience.__path__, "patience.")]
    assert "patience.play" in names
    assert Path(patience.play.__file__).parent == Path(patience.__file__).parent


# ------------------------------------------------------------------ Pyramid


def test_pyramid_clicks_follow_the_click_protocol() -> None:
    # A click on the stock draws; g2 then the stock pairs g2 with the stock's card.
    session, text = run(Session("pyramid", seed=3), "stock", "undo", "g2", "stock")
    assert session.history == (Move("pair", "stock", "g2"),)
    assert "1. draw stock" in text and "1. pair stock-g2" in text
    assert "holding 4♣ from g2; put it on stock" in text
    # The same pair in notation, and by a drag from the stock.
    for typed in ("pair stock-g2", "drag stock g2"):
        session, text = run(Session("pyramid", seed=3), typed)
        assert session.history == (Move("pair", "stock", "g2"),), (typed, text)
    # Written the other way round, the game makes the pair or says how to write it.
    session, text = run(Session("pyramid", seed=3), "pair g2-stock")
    made = session.history == (Move("pair", "stock", "g2"),)
    assert made or ("refused (" in text and "stock-g2" in text), text
    # A covered card says so; a pair that is not 13 gives the game's code.
    session, text = run(Session("pyramid", seed=3), "a1", "stock", "g2", "stock")
    assert "nothing to pick up at a1 (covered): a1 is covered by b1 and b2" in text
    assert "refused (not-thirteen): 3♠ and 4♣ add up to 7, not 13; the cards go back" in text
    assert session.history == (Move("draw", "stock"),)
    # The pyramid's places are named under the table, with their cards.
    assert "free cards: g1 8♥, g2 4♣, g3 2♥" in text


def test_a_pyramid_deal_is_played_to_its_win() -> None:
    game = patience.game("pyramid")
    seed = 2
    found = patience.solve(game, game.deal(seed), max_nodes=200_000)
    assert found.status == "won"
    # The winning line, typed in turn as notation and as clicks (a drag
    # where no clicks make the move: a king on the stock).
    state, lines = game.deal(seed), []
    for k, move in enumerate(found.moves):
        by_click = clicks(game, state, move)
        if k % 2:
            lines.append(str(move))
        elif by_click is not None:
            lines.append(" ".join(by_click))
        else:
            lines.append(f"drag {move.source} {move.target}")
        state = game.apply(state, move)
    session, text = run(Session(game, seed=seed), *lines, "hint", "undo", "quit")
    assert session.history == found.moves[:-1]  # played out, then one move taken back
    assert "game over: won, score 0" in text
    assert "the game is over: no hint" in text
    assert "refused" not in text and "nothing to pick up" not in text


def test_a_pyramid_deal_played_at_random_by_clicks_to_its_end() -> None:
    game = patience.game("pyramid")
    rng = random.Random(4)
    session = Session(game, seed=11)
    state, lines = session.state, []
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        by_click = clicks(game, state, move)
        lines.append(" ".join(by_click) if by_click else str(move))
        state = game.apply(state, move)
    session, text = run(session, *lines)
    assert session.state == state and session.is_over()
    assert f"game over: {game.result(state).summary()}." in text
    assert text.count("game over:") == 1


# ------------------------------------------------------------------ the player


def test_clicks_draw_pick_up_and_put_down() -> None:
    game = patience.game("klondike", draw=1, forced_aces=False)
    session = Session(game, seed=7)
    move = next(m for m in game.legal_moves(session.state) if m.kind == "move")
    session, text = run(session, "stock", move.source or "", move.target or "")
    assert session.history == (Move("draw", "stock"), move)
    assert "stock -> waste" in text and f"from {move.source}; put it on " in text


def test_several_clicks_on_a_line_stop_at_a_refusal() -> None:
    session, text = run(Session("klondike", seed=7), "t7-f1", "t5 t3 t1")
    assert session.history == (Move("move", "t7", "f1"),)
    assert "refused (build): 3♣ does not go on J♠" in text


def test_undo_redo_hint_and_refusals() -> None:
    session, text = run(
        Session("klondike", seed=7, undo="no-reveal"),
        "t7-f1",
        "undo",
        "redo",
        "t1-t1",
        "bogus",
    )
    assert session.history == (Move("move", "t7", "f1"),)
    assert "cannot undo (reveals): t7-f1 showed a card that was hidden" in text
    assert "cannot redo (nothing-to-redo)" in text
    assert "refused (same-pile): t1 is both" in text
    assert "not a move: klondike has no 'bogus' move" in text
    session, text = run(Session("klondike", seed=7), "t7-f1", "undo", "redo", "redo", "hint")
    assert "undo: t7-f1" in text and "redo: t7-f1" in text
    assert "hint: " in text and "(clicks: " in text


def test_save_and_load_keep_the_whole_session(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run(Session("railroad", seed=3), "pull s1", "pull s2", "undo", f"save {saved}")
    loaded, text = run(Session("railroad", seed=99), f"load {saved}", "redo")
    assert loaded.seed == 3 and loaded.history == (Move("pull", "s1"), Move("pull", "s2"))
    assert "loaded Railroad! Yard Solitaire: play railroad --seed 3, 1 moves" in text
    # A game with options loads with them.
    options = tmp_path / "spider.json"
    run(Session("spider", seed=4, suits=2), "stock", f"save {options}")
    loaded, _ = run(Session("klondike", seed=1), f"load {options}")
    assert loaded.game.options["suits"] == 2 and len(loaded.history) == 1
    # Saves that do not load say why, with the record's code where there is one.
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "patience-session/1"}), encoding="utf-8")
    _, text = run(Session("railroad", seed=1), f"load {broken}", f"load {tmp_path / 'no.json'}")
    assert f"cannot load {broken} (malformed)" in text
    assert f"cannot load {tmp_path / 'no.json'}: " in text


def test_indexed_clicks_and_a_game_to_its_end() -> None:
    # Railroad with one siding has a single move each turn: clicking the
    # siding's head 52 times plays the game out.
    session = Session(patience.game("railroad", sidings=1), seed=5)
    session, text = run(session, *["s1"] * 52, "s1", "s1:99", "undo")
    assert len(session.history) == 51
    assert text.count("game over: ") == 1
    assert "nothing to pick up at s1" in text and "no card at 99" in text


def test_an_unknown_pile_is_named_as_such() -> None:
    session, text = run(Session("klondike", seed=7), "t9", "t1:99", "t1:x")
    assert session.history == ()
    assert "klondike has no pile 't9'" in text and "no card at 99" in text
    assert "t1:x: a place is a pile, or a pile and a position (t1:0)" in text


def test_nothing_to_pick_up_says_why() -> None:
    # Klondike's t7 holds six face-down cards under its top card.
    session, text = run(Session("klondike", seed=7), "t7:0")
    assert session.history == ()
    assert "nothing to pick up at t7:0 (face-down):" in text


def test_a_refused_drop_puts_the_cards_back_in_every_game() -> None:
    # The stock while cards are held is a drop, refused, never a deal; the
    # next click on the stock deals.
    session, text = run(Session("spider", seed=3), "t8", "stock", "stock")
    assert "refused (" in text and "the cards go back" in text
    assert session.history == (Move("deal", "stock"),)
    # A drop on a pile that takes nothing of what is held is refused with the
    # game's reason and code, and no move is made, whatever that pile would
    # offer as a pick-up; the stock while holding cards is a drop, never a deal.
    for name in patience.games():
        game = patience.game(name)
        state = game.deal(3)
        for pile, index in game.pickable(state):
            if game.click(state, pile, index).move is not None:
                continue  # a click there acts (the stock)
            targets = set(game.drop_targets(state, pile, index))
            others = [p for p in state.piles if p not in targets and p != pile]
            if not others:
                continue
            where = pile if index is None else f"{pile}:{index}"
            for other in others:
                after, text = run(Session(game, seed=3), where, other)
                assert after.history == (), (name, where, other, text)
                assert "refused (" in text and "the cards go back" in text, (name, where, other)
            break


def test_moves_for_two_players_and_passing() -> None:
    session, text = run(Session("double-solitaire", seed=3), "moves", "p0.stock", "hint")
    assert "p0 draw p0.stock" in text and "1. p0 draw p0.stock" in text
    session, text = run(Session("railroad-race", seed=3), "p0.s1", "p1.s2")
    assert [m.player for m in session.history] == [0, 1]


def test_without_symbols_the_cards_are_letters() -> None:
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    play(Session("klondike", seed=7), ["t7-f1"], out)
    out.seek(0)
    text = out.read()
    assert "t1: 4D" in text and "AC: t7 -> f1" in text
