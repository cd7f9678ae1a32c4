"""The Guarantees page names the tests that keep each promise: they must exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "guarantees.rst"


def named_tests() -> list[tuple[str, str]]:
    """Every ``file::test`` on the page; a bare ``::test`` belongs to the last file named."""
    text = PAGE.read_text(encoding="utf-8")
    found = []
    current = ""
    for file, test in re.findall(r"``(test_\w+\.py)?(?:::(test_\w+))?``", text):
        current = file or current
        if test:
            assert current, f"{test} is named before any test file"
            found.append((current, test))
    return found


def test_every_test_the_guarantees_page_names_exists() -> None:
    names = named_tests()
    assert len(names) >= 30
    for file, test in names:
        source = (ROOT / "tests" / file).read_text(encoding="utf-8")
        defined = re.search(rf"^(def {test}\(|{test}\b.*=|\s+{test},)", source, re.M)
        assert defined, f"docs/guarantees.rst names {file}::{test}, which does not exist"
