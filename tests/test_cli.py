"""The command line, run in-process through ``patience.__main__.main``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
        ["show", "railroad", "--seed", "-4"],
        ["simulate", "railroad", "--deals", "-3"],
        ["show", "railroad", "--json", "/nonexistent/dir/state.json"],
    ],
)
def test_errors_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith("error:")
