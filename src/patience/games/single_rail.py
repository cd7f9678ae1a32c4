"""Single Rail, declared for the tableau engine.

Four piles of one face-up card; build down regardless of suit; any built run
moves as a unit and any card or run fills a space; the stock turns one card at
a time to a waste, once through.
"""

from __future__ import annotations

from ..registry import register
from ..state import State
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = ["SingleRail", "single_rail_rules"]


def single_rail_rules(*, worrying_back: bool = False) -> TableauRules:
    """The Single Rail declaration."""
    return TableauRules(
        title="Single Rail",
        tableau=(1, 1, 1, 1),
        build="down",
        relation="any",
        unit="run",
        space="any",
        worrying_back=worrying_back,
        stock="waste",
        draw=1,
        passes=1,
    )


class SingleRail(TableauGame):
    """Single Rail: the engine's game of :func:`single_rail_rules`, with advice
    for a search.

    The stock goes through once, a card at a time, and only the waste's top
    card plays, so every card turned buries the one before it for good. A
    search does best to try every move of the piles before it turns the next
    card: :meth:`~patience.Game.move_preferences` puts the draw last. On the
    first 30 deals at 50,000 positions each the solver wins 9 with this advice
    and 1 without (the same advice makes Klondike, Las Vegas, Canfield,
    Thirteen-Up and Emperor worse, so the engine does not give it).
    """

    def __init__(self, *, worrying_back: bool = False) -> None:
        check_flag("single-rail", "worrying_back", worrying_back)
        rules = single_rail_rules(worrying_back=worrying_back)
        super().__init__("single-rail", rules, {"worrying_back": worrying_back})

    def _move_preferences(self, state: State) -> tuple[int, ...]:
        """Every pile move 1, the draw 0."""
        return tuple(0 if move.kind == "draw" else 1 for move in self._legal_moves(state))


def _single_rail(*, worrying_back: bool = False) -> SingleRail:
    return SingleRail(worrying_back=worrying_back)


register(
    "single-rail",
    _single_rail,
    summary="Four piles built down regardless of suit; runs move as units; one pass.",
)
