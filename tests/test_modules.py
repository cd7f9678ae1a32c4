"""Every module of the package imports, so that the doctest run, which skips
modules whose imports fail (the optional adapters without their extras), can
hide nothing else."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

import patience

OPTIONAL = {"patience.gym": "gymnasium", "patience.pettingzoo": "pettingzoo"}
"""The adapters, and the package each needs from its extra."""


def test_every_module_imports() -> None:
    names = [m.name for m in pkgutil.walk_packages(patience.__path__, "patience.")]
    assert "patience.tableau" in names and "patience.games.klondike" in names
    for name in names:
        needs = OPTIONAL.get(name)
        if needs is not None and importlib.util.find_spec(needs) is None:
            continue  # the extra is not installed
        importlib.import_module(name)
