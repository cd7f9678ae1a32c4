"""Pairs: the toy game of the "Writing a game" page.

Cards are turned one at a time from a face-down stock onto the right end of a
row. Whenever the last two cards of the row have the same rank, the player may
discard them. The game ends when the stock is empty and no pair shows; the
score is the number of cards not discarded, so lower is better and zero wins.
"""

from __future__ import annotations

from collections.abc import Hashable

import patience
from patience import (
    Better,
    Card,
    Deck,
    Game,
    InvalidOptionError,
    Move,
    Pile,
    PileSpec,
    State,
)

DRAW = Move("draw")
PAIR = Move("pair")


class Pairs(Game):
    """Turn cards onto a row and discard pairs of equal rank from its end."""

    title = "Pairs"
    better = Better.LOWER

    def __init__(self, name: str, *, ranks: int = 13) -> None:
        if isinstance(ranks, bool) or not isinstance(ranks, int) or not 1 <= ranks <= 13:
            raise InvalidOptionError(
                name, "ranks", f"must be an integer from 1 to 13, not {ranks!r}"
            )
        super().__init__(name, {"ranks": ranks})
        self._deck = Deck.standard(ranks=range(1, ranks + 1))
        self._set_layout(
            [
                PileSpec("stock", "stock", 0, 0, label="Stock"),
                PileSpec("row", "tableau", 0, 1, "right", label="Row", extent=4),
                PileSpec("discard", "discard", 0, 5, label="Discard"),
            ]
        )

    @property
    def deck(self) -> Deck:
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        # cards[0] is the top of the deck; a pile lists its cards bottom first.
        stock = Pile(cards[::-1], down=len(cards))
        return self.make_state({"stock": stock, "row": Pile(), "discard": Pile()})

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        stock, row, _ = state.pile_tuple
        moves = []
        if stock:
            moves.append(DRAW)
        if len(row) >= 2 and row.cards[-1].rank == row.cards[-2].rank:
            moves.append(PAIR)
        return tuple(moves)

    def _apply(self, state: State, move: Move) -> State:
        if move not in self.legal_moves(state):
            self._refuse(state, move)  # raises IllegalMoveError, with _refusal's reason
        stock, row, discard = state.pile_tuple
        if move == DRAW:
            row = Pile((*row.cards, stock.cards[-1]))
            stock = Pile(stock.cards[:-1], down=len(stock) - 1)
        else:
            discard = Pile((*discard.cards, *row.cards[-2:]))
            row = Pile(row.cards[:-2])
        return self.make_state({"stock": stock, "row": row, "discard": discard})

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        # Why a move is refused: a reason for people, a code for programs
        # (one of self.refusals; a game may declare codes of its own).
        if move == DRAW and not state.piles["stock"]:
            return "the stock is empty", "illegal"
        if move == PAIR:
            return "the last two cards of the row are not a pair", "illegal"
        return "not possible here", "illegal"

    def _is_over(self, state: State) -> bool:
        return not self.legal_moves(state)

    def _scores(self, state: State) -> tuple[int, ...]:
        return (len(self.deck) - len(state.piles["discard"]),)

    def _winners(self, state: State) -> tuple[int, ...]:
        return (0,) if len(state.piles["discard"]) == len(self.deck) else ()

    # Optional hooks for solvers and other tools.

    def canonical_key(self, state: State) -> Hashable:
        # The order of the discard pile never matters to the play.
        stock, row, discard = state.pile_tuple
        return stock, row, len(discard)

    def safe_moves(self, state: State) -> tuple[Move, ...]:
        # Discarding a showing pair at once never leaves more cards than waiting.
        return (PAIR,) if PAIR in self.legal_moves(state) else ()

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        stock, row, discard = state.pile_tuple
        if stock.down != len(stock) or row.down or discard.down:
            return "the stock lies face down, the row and the discard face up"
        return ""


def _pairs(*, ranks: int = 13) -> Game:
    return Pairs("toy-example", ranks=ranks)


def register() -> None:
    """Register Pairs as ``toy-example``: the callable an entry point would name."""
    patience.register(
        "toy-example",
        _pairs,
        aliases=("toy-pairs",),
        summary="A toy: turn cards onto a row and discard pairs of equal rank.",
    )
