"""The command line, run in-process through ``patience.__main__.main``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import patience
from patience.__main__ import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0 and "railroad" in out and "klondike" in out


def test_show_with_options_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    code, out, _ = run(
        capsys, "show", "railroad", "-o", "sidings=2", "--seed", "3", "--json", str(target)
    )
    assert code == 0 and "s2:" in out and "s3:" not in out
    assert json.loads(target.read_text())["options"]["sidings"] == 2


def test_demo_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and "seed 2026" in out and "52 moves" in out
    code, out, _ = run(capsys, "--seed", "5")
    assert code == 0 and "seed 5" in out


def test_solve(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "railroad", "--seed", "5", "--json", "-")
    assert code == 0 and "railroad seed 5: won" in err  # people's text on stderr
    data = json.loads(out)  # standard output is pure JSON
    assert data["status"] == "won" and len(data["moves"]) == 52
    code, out, _ = run(capsys, "solve", "railroad", "--seed", "5", "--max-seconds", "0")
    assert code == 0 and "won" in out


def test_simulate_json_and_progress(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "sim.json"
    code, out, err = run(
        capsys, "simulate", "railroad", "--policy", "greedy", "--deals", "20", "--json", str(target)
    )
    assert code == 0 and "20 deals" in out
    assert "20/20" in err or "deal" in err  # the progress bar, on standard error
    data = json.loads(target.read_text())
    assert data["deals"] == 20 and data["policy"] == "greedy"
    code, _, err = run(capsys, "simulate", "railroad", "--deals", "3", "--no-progress")
    assert code == 0 and err == ""


def test_simulate_one_policy_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "railroad-race",
        "--policy",
        "greedy",
        "--policy",
        "random",
        "--deals",
        "10",
        "--no-progress",
    )
    assert code == 0 and "greedy+random policy: 10 deals" in out
    wins = out.splitlines()[-1]
    assert wins.startswith("wins by player: player 0: ")


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "railroad", "--policy", "greedy", "--policy", "random"],
        ["show", "nonsense"],
        ["show", "railroad", "-o", "wheels=3"],
        ["show", "railroad", "-o", "sidings"],
        ["show", "railroad", "-o", "decks=" + "9" * 5000],
        ["show", "railroad", "-o", "decks=" + "[" * 100_000],
        ["show", "railroad", "-o", "decks=100000"],
        ["show", "railroad", "--seed", "-4"],
        ["show", "railroad", "--json", "/nonexistent/dir/state.json"],
    ],
)
def test_errors_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith("error:")


@pytest.mark.parametrize(
    ("argv", "argument"),
    [
        (["solve", "railroad", "--max-seconds", "-5"], "--max-seconds"),
        (["solve", "railroad", "--max-seconds", "nan"], "--max-seconds"),
        (["solve", "railroad", "--max-seconds", "inf"], "--max-seconds"),
        (["solve", "railroad", "--max-seconds", "soon"], "--max-seconds"),
        (["solve", "railroad", "--max-nodes", "-1"], "--max-nodes"),
        (["solve", "railroad", "--max-nodes", "0"], "--max-nodes"),
        (["simulate", "railroad", "--max-seconds", "-5"], "--max-seconds"),
        (["simulate", "railroad", "--max-nodes", "-1"], "--max-nodes"),
        (["simulate", "railroad", "--deals", "-3"], "--deals"),
        (["simulate", "railroad", "--deals", "0"], "--deals"),
        (["simulate", "railroad", "--jobs", "0"], "--jobs"),
        (["simulate", "railroad", "--samples", "0"], "--samples"),
    ],
)
def test_limits_and_counts_are_checked_by_the_parser(
    capsys: pytest.CaptureFixture[str], argv: list[str], argument: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    _, err = capsys.readouterr()
    assert exited.value.code == 2 and f"argument {argument}" in err


def test_no_time_limit_is_spelled_0_or_none(capsys: pytest.CaptureFixture[str]) -> None:
    for spelling in ("0", "none", "None"):
        code, out, _ = run(capsys, "solve", "railroad", "--seed", "5", "--max-seconds", spelling)
        assert code == 0 and "won" in out


def test_seeds_out_of_range_fail_before_the_progress_bar(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "simulate", "railroad", "--start", str(2**64 - 5), "--deals", "10")
    # The message comes first: no progress bar was drawn for a run that cannot start.
    assert code == 2 and err.startswith("error:") and "at most 5 deals" in err
    code, _, err = run(capsys, "simulate", "railroad", "--start", "-1", "--deals", "10")
    assert code == 2 and err.startswith("error:")


def test_the_default_seeds_are_ones_the_game_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Microsoft's FreeCell numbers start at 1: the defaults start there too.
    ms = ("freecell", "-o", "numbering=microsoft")
    deal_1 = str(patience.game("freecell", numbering="microsoft").deal(1))
    code, out, _ = run(capsys, "show", *ms)
    assert code == 0 and out.strip() == deal_1.strip()
    code, out, _ = run(capsys, "solve", *ms, "--max-nodes", "20000", "--json", "-")
    assert code == 0 and json.loads(out)["seed"] == 1
    target = tmp_path / "sim.json"
    code, _, _ = run(
        capsys, "simulate", *ms, "--deals", "3", "--no-progress", "--json", str(target)
    )
    assert code == 0 and [r["seed"] for r in json.loads(target.read_text())["results"]] == [1, 2, 3]
    code, out, _ = run(capsys, "demo", *ms)
    assert code == 0 and out.startswith("FreeCell, seed 2026:")
    # Elsewhere the defaults are what they were, and a seed the game refuses is refused.
    code, out, _ = run(capsys, "show", "freecell")
    assert code == 0 and out.strip() == str(patience.game("freecell").deal(0)).strip()
    for refused in (
        ["show", *ms, "--seed", "0"],
        ["solve", *ms, "--seed", "0"],
        ["simulate", *ms, "--start", "0", "--no-progress"],
    ):
        code, _, err = run(capsys, *refused)
        assert code == 2 and "Microsoft deal number" in err


def test_interrupt_exits_130_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("patience.__main__.simulate", interrupted)
    code, _, err = run(capsys, "simulate", "railroad", "--no-progress")
    assert code == 130 and err == "interrupted\n"


def test_version(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import patience

    monkeypatch.setattr("sys.argv", ["/usr/bin/patience"])
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    out, _ = capsys.readouterr()
    assert exited.value.code == 0 and out.strip() == f"patience {patience.__version__}"


@pytest.mark.parametrize(
    ("argv0", "prog"),
    [("/venv/bin/patience", "patience"), ("/src/patience/__main__.py", "python -m patience")],
)
def test_usage_names_the_program_as_it_was_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv0: str, prog: str
) -> None:
    monkeypatch.setattr("sys.argv", [argv0])
    with pytest.raises(SystemExit):
        main(["--help"])
    out, _ = capsys.readouterr()
    assert out.startswith(f"usage: {prog} ")


def test_help_gives_defaults_and_explains_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out, _ = capsys.readouterr()
    assert "the deal's seed (default: 0)" in " ".join(out.split())
    assert "search for a win, or for the best final score (default: win)" in " ".join(out.split())
    assert "patience.solve itself" in out  # the library's limits differ, and it says so
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr()[0].split())
    assert "how each sampled deal is played out (default: random)" in out
    assert "(default: None)" not in out and "(default: [])" not in out


def test_an_unsettled_solve_says_what_to_try(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "klondike", "--seed", "3", "--max-nodes", "5")
    assert code == 0 and ": unknown" in out and "--max-nodes" in out and "--max-seconds" in out


def test_progress_into_a_log_writes_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(__import__("sys").modules, "tqdm", None)  # as if tqdm were missing
    code, _, err = run(capsys, "simulate", "railroad", "--deals", "20")
    assert code == 0 and "\r" not in err
    assert err.splitlines()[-1] == "20/20 deals" and len(err.splitlines()) <= 11


def test_the_demo_takes_a_game_and_explains_itself(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "klondike", "--seed", "7")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Klondike, seed 7: Build down in alternate colours")
    assert lines[1] == "Piles: stock; waste; f1-f4: foundation; t1-t7: pile."
    assert "(higher is better)" in lines[2]
    code, out, _ = run(capsys, "demo")
    assert "Piles: s1-s4: siding; line: main line; discard." in out


def test_progress_without_tqdm_reports_slow_deals_one_by_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import patience.__main__ as cli

    monkeypatch.setitem(__import__("sys").modules, "tqdm", None)  # as if tqdm were missing
    # A clock that moves on a long way between readings: every deal is slow.
    ticks = iter(range(0, 10_000, 60))
    monkeypatch.setattr(cli.time, "monotonic", lambda: float(next(ticks)))
    code, _, err = run(capsys, "simulate", "railroad", "--deals", "30")
    assert code == 0 and "\r" not in err
    assert err.splitlines() == [f"{n}/30 deals" for n in range(1, 31)]


def test_simulate_reports_every_deal_played_here() -> None:
    from patience import simulate

    seen: list[tuple[int, int]] = []
    simulate("railroad", "random", 7, chunk_size=25, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(n, 7) for n in range(1, 8)]


def test_numbers_are_read_as_typed_and_reported_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A full-width digit (which int() reads as 1) is not a seed.
    for argv in (
        ("show", "klondike", "--seed", "\uff11"),
        ("simulate", "golf", "--deals", "1_000"),
    ):
        with pytest.raises(SystemExit) as stopped:
            main(list(argv))
        out, err = capsys.readouterr()
        assert stopped.value.code == 2 and "digits 0-9" in err and not out
    # Too many deals is about --deals, not a bad seed.
    code, _, err = run(capsys, "simulate", "klondike", "--deals", str(10**30), "--no-progress")
    assert code == 2 and "--deals" in err and "at most 18,446,744,073,709,551,616 deals" in err
    # A run past the last seed quotes the numbers given, not one beyond them.
    last = str(2**64 - 1)
    code, _, err = run(capsys, "simulate", "klondike", "--start", last, "--deals", "3")
    assert code == 2 and "at most 1 deal from there" in err
    assert str(2**64 + 1) not in err
    code, out, _ = run(capsys, "simulate", "golf", "--start", last, "--deals", "1", "--no-progress")
    assert code == 0 and "1 deal" in out


def test_a_long_search_says_it_is_at_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from patience import __main__ as cli

    monkeypatch.setattr(cli, "LOG_SECONDS", 0.0)
    # A node limit rather than a time limit: on a loaded machine one second
    # may not see the first run of the search end, and the line comes after it.
    limits = ("--max-seconds", "none", "--max-nodes", "5000")
    code, out, err = run(capsys, "solve", "freecell", "--seed", "3", *limits)
    assert code == 0 and "freecell seed 3" in out
    assert "searching:" in err and "positions" in err
    code, _, err = run(capsys, "solve", "freecell", "--seed", "3", *limits, "--no-progress")
    assert code == 0 and "searching:" not in err
