"""examples/README.md names every example and the tests that cover it, and
the small examples it says are run here run."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
README = EXAMPLES / "README.md"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_example_has_a_section_that_names_existing_tests() -> None:
    text = README.read_text(encoding="utf-8")
    sections = set(re.findall(r"^## `([^`]+)`", text, re.MULTILINE))
    present = {
        p.name + ("/" if p.is_dir() else "")
        for p in EXAMPLES.iterdir()
        if p.name != "README.md" and not p.name.startswith((".", "__"))
    }
    assert sections == present
    for test in set(re.findall(r"`(tests/test_\w+\.py)`", text)):
        assert (ROOT / test).is_file(), test
    assert "(web/README.md)" in text and (EXAMPLES / "web" / "README.md").is_file()


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("railroad_session", "replays to the same final position"),
        ("railroad_race", "look-ahead player won"),
        ("timed_railroad", "time up after"),
    ],
)
def test_the_small_examples_run(name: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    module = load(name)
    if name == "railroad_race":
        module.main(games=5)
    else:
        module.main()
    assert says in capsys.readouterr().out
