"""The built-in games. Importing this package registers every one of them.

Each module holds one game or one family and registers its variants with
:func:`patience.register` when imported.
"""

from __future__ import annotations

from . import klondike, railroad, single_rail

__all__ = ["klondike", "railroad", "single_rail"]
