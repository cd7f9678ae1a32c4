"""Pytest configuration for the documentation's examples.

Every ``>>>`` example in the ``.rst`` pages runs as a doctest. ``conf.py`` and
``_ext/`` are Sphinx configuration and extensions, not test modules.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import patience
from patience import registry

collect_ignore = ["conf.py", "_ext"]

# The page "Writing a game" imports its example game as ``toy_game``.
_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


@pytest.fixture(autouse=True)
def _restore_registry() -> Iterator[None]:
    """Undo any game a page registers, so examples leave the registry as they found it."""
    patience.games()
    entries = dict(registry._entries)
    names = dict(registry._aliases)
    yield
    registry._entries.clear()
    registry._entries.update(entries)
    registry._aliases.clear()
    registry._aliases.update(names)
