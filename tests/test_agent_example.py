"""The Monte-Carlo agent in examples/, in a short run.

Needs the ``gym`` extra; CI installs it and sets PATIENCE_REQUIRE_GYM so that
this test cannot skip there.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

if not os.environ.get("PATIENCE_REQUIRE_GYM"):
    pytest.importorskip("gymnasium", reason="needs the gym extra")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "monte_carlo_agent.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("monte_carlo_agent", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_agent_beats_random_play_on_railroad(example: ModuleType) -> None:
    results = example.compare("railroad", deals=3, worlds=3, seed=5)
    random_play, searched = results.values()
    assert len(random_play) == len(searched) == 3
    # The same deals, seeded: the outcome is the same on every run.
    assert sum(o.score for o in searched) < sum(o.score for o in random_play)
    assert results == example.compare("railroad", deals=3, worlds=3, seed=5)


def test_the_script_prints_a_table(example: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert example.main(["--deals", "2", "--worlds", "2", "--game", "klondike"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Klondike: 2 deals from seed 2026, higher score is better"
    assert lines[2].startswith("random") and lines[3].startswith("Monte-Carlo, 2 worlds")
    assert lines[2].endswith("/2") and lines[-1].endswith(" s)")
