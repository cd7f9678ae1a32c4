"""Seahaven Towers, declared for the tableau engine.

Ten columns of five face-up cards; the last two cards go to two of four
towers (cells). Build down in suit; only the top card of a column or a tower
card moves; only a king fills a space; aces start the foundations, which build
up in suit. No stock. The ``tower_runs`` option lets a same-suit run move as
one when the empty towers could carry it card by card (shorthand only).
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = ["seahaven_rules"]


def seahaven_rules(*, tower_runs: bool = False) -> TableauRules:
    """The Seahaven Towers declaration."""
    return TableauRules(
        title="Seahaven Towers",
        tableau=(5,) * 10,
        cells=4,
        cells_dealt=2,
        cell_runs=tower_runs,
        relation="suit",
        unit="one",
        space="kings",
        stock="none",
    )


def _seahaven(*, tower_runs: bool = False) -> TableauGame:
    check_flag("seahaven-towers", "tower_runs", tower_runs)
    rules = seahaven_rules(tower_runs=tower_runs)
    return TableauGame("seahaven-towers", rules, {"tower_runs": tower_runs})


register(
    "seahaven-towers",
    _seahaven,
    aliases=("seahaven",),
    summary="Ten columns built down in suit, four towers, kings to spaces, no stock.",
)
