"""The built-in games. Importing this package registers every one of them.

Each module holds one game or one family and registers its variants with
:func:`patience.register` when imported.
"""

from __future__ import annotations

from .. import registry as _registry
from . import (
    accordion,
    aces_up,
    albert,
    calculation,
    canfield,
    canister,
    carpet,
    castle,
    clock,
    devils_grip,
    double_solitaire,
    fan,
    forty_thieves,
    freecell,
    gaps,
    holes,
    joker,
    klondike,
    klondike_kin,
    peaks,
    poker,
    pyramid,
    railroad,
    seahaven,
    single_rail,
    spider,
    spiderette,
    thirty,
    yukon,
)

__all__ = [
    "accordion",
    "aces_up",
    "albert",
    "calculation",
    "canfield",
    "canister",
    "carpet",
    "castle",
    "clock",
    "devils_grip",
    "double_solitaire",
    "fan",
    "forty_thieves",
    "freecell",
    "gaps",
    "holes",
    "joker",
    "klondike",
    "klondike_kin",
    "peaks",
    "poker",
    "pyramid",
    "railroad",
    "seahaven",
    "single_rail",
    "spider",
    "spiderette",
    "thirty",
    "yukon",
]

# Reserve the names and aliases registered above: plug-ins may not take them over.
_registry._mark_builtins()
