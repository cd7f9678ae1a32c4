"""King Albert, Raglan and Northwest Territory, declared for the tableau engine.

All three lay the tableau out in a triangle of face-up piles and keep an open
reserve: cards dealt one to a place, every one of them available to play on
the tableau or the foundations, and nothing ever put back (the engine's
``closed_cells``). Tableau piles build down in alternate colours; the
foundations build up in suit from the aces. No stock.

- King Albert: nine piles of one to nine cards, a reserve of seven, one card
  at a time, any card to a space.
- Raglan: the aces start the foundations; nine piles of 1, 2, 3, 4, 5, 6, 7,
  7 and 7 cards, a reserve of six; otherwise as King Albert.
- Northwest Territory: eight piles of one to eight cards with only the top
  card face up (as in Klondike), a reserve of sixteen; any built run moves as
  one, and only a king (or a run headed by one) fills a space.

Blake and Gent's solver lets foundation cards come back to the tableau in
all three; by default cards stay on the foundations, as in the library's
other games. The ``worrying_back`` option gives their rule.
"""

from __future__ import annotations

import attrs

from ..registry import register
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = [
    "ReserveGame",
    "king_albert_rules",
    "northwest_territory_rules",
    "raglan_rules",
]


def king_albert_rules(*, worrying_back: bool = False) -> TableauRules:
    """The King Albert declaration."""
    return TableauRules(
        title="King Albert",
        tableau=tuple(range(1, 10)),
        cells=7,
        cells_dealt=7,
        closed_cells=True,
        relation="alternate",
        unit="one",
        space="any",
        worrying_back=worrying_back,
        stock="none",
    )


def raglan_rules(*, worrying_back: bool = False) -> TableauRules:
    """The Raglan declaration."""
    return TableauRules(
        title="Raglan",
        tableau=(1, 2, 3, 4, 5, 6, 7, 7, 7),
        cells=6,
        cells_dealt=6,
        closed_cells=True,
        relation="alternate",
        unit="one",
        space="any",
        foundations_start=True,
        worrying_back=worrying_back,
        stock="none",
    )


def northwest_territory_rules(*, worrying_back: bool = False) -> TableauRules:
    """The Northwest Territory declaration."""
    return TableauRules(
        title="Northwest Territory",
        tableau=tuple(range(1, 9)),
        face_down=tuple(range(8)),
        cells=16,
        cells_dealt=16,
        closed_cells=True,
        relation="alternate",
        unit="run",
        space="kings",
        worrying_back=worrying_back,
        stock="none",
    )


class ReserveGame(TableauGame):
    """A game of the engine with an open reserve (closed cells), laid out as
    a block ``width`` places wide to the right of the tableau, with the
    foundations above the tableau's right end."""

    def __init__(
        self, name: str, rules: TableauRules, options: dict[str, object], width: int
    ) -> None:
        super().__init__(name, rules, options)
        nt = len(rules.tableau)
        nf = rules.foundation_count
        specs = []
        places = foundations = 0
        for spec in self.layout:
            if spec.role == "reserve":
                row, column = divmod(places, width)
                spec = attrs.evolve(spec, row=row, column=nt + column)
                places += 1
            elif spec.role == "foundation":
                spec = attrs.evolve(spec, row=0, column=max(nt - nf, 0) + foundations)
                foundations += 1
            specs.append(spec)
        self._set_layout(specs)


def _king_albert(*, worrying_back: bool = False) -> ReserveGame:
    check_flag("king-albert", "worrying_back", worrying_back)
    rules = king_albert_rules(worrying_back=worrying_back)
    return ReserveGame("king-albert", rules, {"worrying_back": worrying_back}, 2)


def _raglan(*, worrying_back: bool = False) -> ReserveGame:
    check_flag("raglan", "worrying_back", worrying_back)
    rules = raglan_rules(worrying_back=worrying_back)
    return ReserveGame("raglan", rules, {"worrying_back": worrying_back}, 2)


def _northwest_territory(*, worrying_back: bool = False) -> ReserveGame:
    check_flag("northwest-territory", "worrying_back", worrying_back)
    rules = northwest_territory_rules(worrying_back=worrying_back)
    return ReserveGame("northwest-territory", rules, {"worrying_back": worrying_back}, 4)


register(
    "king-albert",
    _king_albert,
    summary="Nine piles of one to nine built down in alternate colours, seven open reserve cards.",
)
register(
    "raglan",
    _raglan,
    summary="King Albert with the aces starting the foundations and six open reserve cards.",
)
register(
    "northwest-territory",
    _northwest_territory,
    summary="Eight Klondike-like piles, runs in alternate colours, sixteen open reserve cards.",
)
