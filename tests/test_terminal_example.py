"""examples/terminal.py, which now hands its arguments to ``python -m patience
play`` (tested in tests/test_play.py), run as a script on piped input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "terminal.py"


def test_it_runs_as_a_script_on_piped_input() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "spider", "-o", "suits=2", "--seed", "2"],
        input="moves\nstock\nquit\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=True,
    )
    assert done.stdout.startswith("Spider (2 suits), seed 2: ")
    assert "1. deal stock" in done.stdout and "dealt" in done.stdout
    bad = subprocess.run(
        [sys.executable, str(EXAMPLE), "klondik"], capture_output=True, text=True, timeout=60
    )
    assert bad.returncode == 2 and "did you mean 'klondike'" in bad.stderr
