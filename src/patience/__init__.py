"""patience: typed rules for patience (solitaire) card games.

Every game speaks one protocol::

    import patience
    game = patience.game("railroad")
    state = game.deal(seed=2026)
    while not game.is_over(state):
        state = game.apply(state, game.legal_moves(state)[0])
    print(game.result(state).summary())

See the documentation for the nouns (:class:`Card`, :class:`Deck`,
:class:`Pile`, :class:`Move`, :class:`State`, :class:`Game`), records, the
interactive :class:`Session`, pictures of positions (:func:`svg`) and each
game's rules.
"""

from __future__ import annotations

import sys as _sys
from typing import TYPE_CHECKING

from . import events
from .cards import ACE, JACK, KING, QUEEN, RANKS, Card, Colour, Deck, Suit
from .errors import (
    ForeignStateError,
    GameFactoryError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidRecordError,
    InvalidSeedError,
    InvalidStateError,
    PatienceError,
    RegistrationError,
    UndoError,
    UnknownGameError,
)
from .game import Better, Game, PileSpec, Result
from .move import Move
from .pile import Pile
from .progress import PROGRESS_SEARCH_DIRECTED_LIMIT, PROGRESS_SEARCH_LIMIT, STALL_MOVES
from .records import Record, state_from_json
from .registry import GameEntry, aliases, describe, game, register

# isort: off
# The built-in games register themselves on import. Import them before binding
# the function ``games``, which the subpackage's name would otherwise shadow.
from . import games as _builtin_games  # noqa: F401
from .registry import games

# isort: on
from .policies import GreedyPolicy, HiddenInfoPolicy, Policy, RandomPolicy, SolverPolicy
from .session import Session
from .simulation import DealResult, Simulation, simulate, wilson_interval
from .solver import Solution, solve
from .state import Info, Piles, State
from .svg import Svg, svg

if not TYPE_CHECKING:
    # patience.svg is the module, which draws when called as the function
    # does (see svg._DrawingModule): ``patience.svg(state)`` and
    # ``patience.svg.card_places`` both work, and so does
    # ``import patience.svg as m``. Type checkers see the function.
    svg = _sys.modules[f"{__name__}.svg"]

__version__ = "0.1.0"

__all__ = [
    "ACE",
    "JACK",
    "KING",
    "PROGRESS_SEARCH_DIRECTED_LIMIT",
    "PROGRESS_SEARCH_LIMIT",
    "QUEEN",
    "RANKS",
    "STALL_MOVES",
    "Better",
    "Card",
    "Colour",
    "DealResult",
    "Deck",
    "ForeignStateError",
    "Game",
    "GameEntry",
    "GameFactoryError",
    "GreedyPolicy",
    "HiddenInfoPolicy",
    "IllegalMoveError",
    "Info",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidRecordError",
    "InvalidSeedError",
    "InvalidStateError",
    "Move",
    "PatienceError",
    "Pile",
    "PileSpec",
    "Piles",
    "Policy",
    "RandomPolicy",
    "Record",
    "RegistrationError",
    "Result",
    "Session",
    "Simulation",
    "Solution",
    "SolverPolicy",
    "State",
    "Suit",
    "Svg",
    "UndoError",
    "UnknownGameError",
    "__version__",
    "aliases",
    "describe",
    "events",
    "game",
    "games",
    "register",
    "simulate",
    "solve",
    "state_from_json",
    "svg",
    "wilson_interval",
]
