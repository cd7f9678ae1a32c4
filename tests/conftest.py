"""Shared test settings.

Hypothesis runs a modest number of examples by default so the whole suite stays
fast; ``HYPOTHESIS_PROFILE=soak`` (used with ``-m soak``) runs many more.
"""

from __future__ import annotations

import os
import zlib

import pytest
from hypothesis import HealthCheck, settings

import patience

settings.register_profile(
    "default",
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# Registry-wide tests run over every registered game. The README's test command
# keeps each such test to a deterministic sample of the games (always the
# PINNED ones, and about one in SHARE of the rest), so that the suite stays
# fast as games are added; the rest of the sweep is marked ``soak`` and runs
# with ``-m soak``. PATIENCE_EVERY_GAME=1 runs the whole sweep by default.
PINNED = frozenset({"klondike", "freecell", "spider"})
"""Games every registry-wide test runs in the short run."""

SHARE = 6
"""About one in this many of the other games runs in each registry-wide test."""

SWEEP = 20
"""A test run over at least this many registered games counts as registry-wide
(every game, or every game of a family such as the tableau engine's)."""


def in_short_run(test: str, name: str) -> bool:
    """Whether the registry-wide test ``test`` runs game ``name`` in the short run.

    A pure function of the two names (CRC-32, not Python's salted hash), so
    every run and every xdist worker takes the same sample.
    """
    return name in PINNED or zlib.crc32(f"{test}|{name}".encode()) % SHARE == 0


SAMPLE = pytest.StashKey[dict[str, tuple[set[str], set[str]]]]()
"""In the run's config stash: each registry-wide test, the games it runs over
and the games of its short run."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    sample: dict[str, tuple[set[str], set[str]]] = {}
    config.stash[SAMPLE] = sample
    every = set(patience.games())
    names: dict[str, set[object]] = {}
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "name" in callspec.params:
            names.setdefault(item.nodeid.split("[")[0], set()).add(callspec.params["name"])
    everything = os.environ.get("PATIENCE_EVERY_GAME") == "1"
    for test, seen in names.items():
        if len(every.intersection(seen)) >= SWEEP:
            swept = every.intersection(seen)
            sample[test] = (swept, {n for n in swept if everything or in_short_run(test, n)})
    for item in items:
        test = item.nodeid.split("[")[0]
        if test in sample:
            name = item.callspec.params["name"]  # type: ignore[attr-defined]
            if name not in sample[test][1]:
                item.add_marker(pytest.mark.soak)
