"""Pytest configuration for the package's doctests (``--doctest-modules`` over ``src``).

The adapters :mod:`patience.gym` and :mod:`patience.pettingzoo` import packages
that only their extras install; without those, their modules are not collected.
With ``PATIENCE_REQUIRE_GYM`` or ``PATIENCE_REQUIRE_PETTINGZOO`` set (as CI sets
them) they are always collected, so that a missing extra fails loudly.
"""

from __future__ import annotations

import importlib.util
import os


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(m) is None for m in modules)


collect_ignore = []
if not os.environ.get("PATIENCE_REQUIRE_GYM") and _missing("gymnasium", "numpy"):
    collect_ignore.append("patience/gym.py")
if not os.environ.get("PATIENCE_REQUIRE_PETTINGZOO") and _missing(
    "gymnasium", "numpy", "pettingzoo"
):
    collect_ignore.append("patience/pettingzoo.py")
