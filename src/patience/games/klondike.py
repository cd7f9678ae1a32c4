"""Klondike and Las Vegas, declared for the tableau engine.

Seven piles of one to seven cards, the top card of each face up; build down in
alternate colours; only a king (or a run headed by one) fills a space; the
whole face-up run of a pile moves as a unit; the stock turns to a waste.
Klondike (USPC rules) turns three at a time with unlimited passes; Las Vegas
turns one at a time, goes through once, and scores in dollars.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import InvalidOptionError
from ..registry import register
from ..tableau import TableauGame, TableauRules, check_count, check_flag

__all__ = ["MAX_DRAW", "MAX_PASSES", "klondike_rules"]


def klondike_rules(
    title: str = "Klondike",
    *,
    draw: int = 3,
    passes: int | None = None,
    partial_runs: bool = False,
    worrying_back: bool = False,
    dollars: bool = False,
    forced_aces: bool = False,
) -> TableauRules:
    """The Klondike declaration with the given options.

    ``forced_aces`` is off here, for the games that build on this declaration
    (Joker and Double Solitaire); the ``klondike`` and ``las-vegas`` games
    switch it on by default, as their rules text asks.
    """
    return TableauRules(
        title=title,
        tableau=(1, 2, 3, 4, 5, 6, 7),
        face_down=(0, 1, 2, 3, 4, 5, 6),
        build="down",
        relation="alternate",
        unit="run" if partial_runs else "face-up",
        space="kings",
        worrying_back=worrying_back,
        forced_bases=forced_aces,
        stock="waste",
        draw=draw,
        passes=passes,
        score_per_card=5 if dollars else 1,
        score_offset=-52 if dollars else 0,
    )


MAX_DRAW = 24
"""The most cards turned at a time: the whole stock left after the deal."""

MAX_PASSES = 100
"""The most passes through the stock a limit may allow (``None`` for no limit)."""


def _check(
    game: str, draw: object, passes: object, flags: Mapping[str, object]
) -> tuple[int, int | None]:
    """The counting options checked, as plain ints (an ``IntEnum`` member
    becomes its value), and the flags checked."""
    count = check_count(game, "draw", draw, 1, MAX_DRAW)
    limit = None
    if passes is not None:
        try:
            limit = check_count(game, "passes", passes, 1, MAX_PASSES)
        except InvalidOptionError as e:
            raise InvalidOptionError(game, "passes", f"{e.reason}, or None") from None
    for option, value in flags.items():
        check_flag(game, option, value)
    return count, limit


def _make(
    name: str,
    title: str,
    *,
    dollars: bool,
    draw: int,
    passes: int | None,
    partial_runs: bool,
    worrying_back: bool,
    forced_aces: bool,
) -> TableauGame:
    flags = {
        "partial_runs": partial_runs,
        "worrying_back": worrying_back,
        "forced_aces": forced_aces,
    }
    draw, passes = _check(name, draw, passes, flags)
    rules = klondike_rules(
        title,
        draw=draw,
        passes=passes,
        partial_runs=partial_runs,
        worrying_back=worrying_back,
        dollars=dollars,
        forced_aces=forced_aces,
    )
    return TableauGame(name, rules, {"draw": draw, "passes": passes, **flags})


def _klondike(
    *,
    draw: int = 3,
    passes: int | None = None,
    partial_runs: bool = False,
    worrying_back: bool = False,
    forced_aces: bool = True,
) -> TableauGame:
    return _make(
        "klondike",
        "Klondike",
        dollars=False,
        draw=draw,
        passes=passes,
        partial_runs=partial_runs,
        worrying_back=worrying_back,
        forced_aces=forced_aces,
    )


def _las_vegas(
    *,
    draw: int = 1,
    passes: int | None = 1,
    partial_runs: bool = False,
    worrying_back: bool = False,
    forced_aces: bool = True,
) -> TableauGame:
    return _make(
        "las-vegas",
        "Las Vegas",
        dollars=True,
        draw=draw,
        passes=passes,
        partial_runs=partial_runs,
        worrying_back=worrying_back,
        forced_aces=forced_aces,
    )


register(
    "klondike",
    _klondike,
    aliases=("solitaire",),
    summary="Build down in alternate colours; kings fill spaces; draw three, unlimited passes.",
)
register(
    "las-vegas",
    _las_vegas,
    aliases=("vegas",),
    summary="Klondike drawn one at a time, one pass, scored in dollars.",
)
