"""The built-in games. Importing this package registers every one of them.

Each module holds one game or one family and registers its variants with
:func:`patience.register` when imported.
"""

from __future__ import annotations

from . import (
    accordion,
    calculation,
    canfield,
    castle,
    devils_grip,
    double_solitaire,
    forty_thieves,
    joker,
    klondike,
    poker,
    railroad,
    seahaven,
    single_rail,
    spider,
)

__all__ = [
    "accordion",
    "calculation",
    "canfield",
    "castle",
    "devils_grip",
    "double_solitaire",
    "forty_thieves",
    "joker",
    "klondike",
    "poker",
    "railroad",
    "seahaven",
    "single_rail",
    "spider",
]
