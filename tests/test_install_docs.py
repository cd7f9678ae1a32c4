"""The install instructions: the package is not on the index, so the README and
the docs say how to install from a checkout or a built wheel, that first."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXTS = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").rglob("*.rst")),
    *sorted((ROOT / "examples").glob("*.py")),
    *sorted((ROOT / "src" / "patience").glob("*.py")),
]
FROM_INDEX = re.compile(r"pip install\s+['\"]?patience-rules\b")


def test_nothing_installs_from_the_index() -> None:
    for path in TEXTS:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not FROM_INDEX.search(line), f"{path.relative_to(ROOT)}:{number}: {line}"


def test_the_readme_installs_from_a_checkout_first_and_names_the_wheel() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^(pip install [^#\n]*?)\s*(?:#.*)?$", text, re.MULTILINE)
    assert commands and commands[0] == "pip install ."
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^version = "([^"]+)"$', project, re.MULTILINE)
    assert found
    version = found.group(1)
    wheel = f"dist/patience_rules-{version}-py3-none-any.whl"
    assert f"pip install {wheel}" in text and "python -m build --wheel" in text
    assert "not on the Python Package Index" in text
    started = (ROOT / "docs" / "getting-started.rst").read_text(encoding="utf-8")
    assert "pip install ." in started and wheel in started
