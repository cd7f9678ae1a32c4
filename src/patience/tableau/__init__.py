"""The tableau engine: games declared by a :class:`TableauRules` value.

Klondike, Las Vegas, Single Rail and most other games of the family differ
only along a few axes: how the tableau is dealt, what builds on what, what
moves as a unit, what fills a space, how the stock deals, how the foundations
build, and whether there are cells or a reserve. A :class:`TableauRules`
declares those axes; :class:`TableauGame` plays any declaration through the
:class:`~patience.Game` protocol. The engine knows no game by name.

Pile names: ``stock``, ``waste``, ``reserve``, ``f1``... (foundations),
``c1``... (cells) and ``t1``... (tableau), in that layout order.

Every name below is imported from here. The package's modules say what they
hold: ``rules`` the declaration and its checks, ``engine`` the game class
(its layout, its tables of which card goes on which, the deal and the
results), ``play`` listing and applying moves, ``search`` what the searches
ask (progress, search lines, keys, estimates), ``refusals`` why a move is
refused, and ``checks`` what a loaded position must satisfy.
"""

from __future__ import annotations

from .engine import TABLEAU_EXTENT, TableauGame
from .refusals import TABLEAU_REFUSALS
from .refusals import _a_rank as _a_rank
from .rules import (
    MAX_JOKERS,
    MAX_PACKS,
    DeclarationError,
    TableauRules,
    check_count,
    check_flag,
)
from .rules import Build as Build
from .rules import FoundationMode as FoundationMode
from .rules import Relation as Relation
from .rules import Space as Space
from .rules import StockKind as StockKind
from .rules import Unit as Unit

# The public classes name the package as their home, where they are imported
# from: tracebacks, reprs and pickles say ``patience.tableau.TableauRules``.
for _public in (DeclarationError, TableauGame, TableauRules):
    _public.__module__ = __name__
del _public

__all__ = [
    "MAX_JOKERS",
    "MAX_PACKS",
    "TABLEAU_EXTENT",
    "TABLEAU_REFUSALS",
    "DeclarationError",
    "TableauGame",
    "TableauRules",
    "check_count",
    "check_flag",
]
