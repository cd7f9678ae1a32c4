"""The built-in games. Importing this package registers every one of them.

Each module holds one game or one family and registers its variants with
:func:`patience.register` when imported.
"""

from __future__ import annotations

from . import (
    canfield,
    castle,
    forty_thieves,
    klondike,
    railroad,
    seahaven,
    single_rail,
    spider,
)

__all__ = [
    "canfield",
    "castle",
    "forty_thieves",
    "klondike",
    "railroad",
    "seahaven",
    "single_rail",
    "spider",
]
