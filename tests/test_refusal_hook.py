"""The one way to refuse a move: Game._refusal gives the reason and the code,
Game._refuse raises them, in every game."""

from __future__ import annotations

import random

import pytest
from test_refusals import near_misses, positions

import patience
from patience import Card, Deck, Game, IllegalMoveError, Move, Pile, PileSpec, State

TURN = Move("turn", "stock")


class Turns(Game):
    """Turn cards from a stock onto a pile, and nothing else: a game that
    keeps the default refusal."""

    title = "Turns"
    move_kinds = frozenset(("turn",))

    def __init__(self) -> None:
        super().__init__("turns-test", {})
        self._set_layout([PileSpec("stock", "stock", 0, 0), PileSpec("pile", "tableau", 0, 1)])

    @property
    def deck(self) -> Deck:
        return Deck(Card.parse(text) for text in ("AS", "2S"))

    def _deal(self, cards: tuple[Card, ...]) -> State:
        return self.make_state({"stock": Pile(cards[::-1], down=len(cards)), "pile": Pile()})

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        return (TURN,) if state.piles["stock"] else ()

    def _apply(self, state: State, move: Move) -> State:
        if move != TURN or not state.piles["stock"]:
            self._refuse(state, move)
        stock, pile = state.piles["stock"], state.piles["pile"]
        return self.make_state(
            {
                "stock": Pile(stock.cards[:-1], down=len(stock) - 1),
                "pile": Pile((*pile.cards, stock.cards[-1])),
            }
        )

    def _is_over(self, state: State) -> bool:
        return not self._legal_moves(state)

    def _scores(self, state: State) -> tuple[int, ...]:
        return (len(state.piles["pile"]),)

    def _winners(self, state: State) -> tuple[int, ...]:
        return (0,) if self._is_over(state) else ()


def refused(game: Game, state: State, move: Move) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(state, move)
    return caught.value


def test_the_default_refusal_tells_what_any_game_can() -> None:
    game = Turns()
    state = game.deal(1)
    error = refused(game, state, Move("pull", "stock"))
    assert error.code == "not-a-move" and "turns-test has no 'pull' move" in error.reason
    error = refused(game, state, Move("turn", "pile"))
    assert (error.reason, error.code) == ("the rules do not allow it here", "illegal")
    over = game.apply(game.apply(state, TURN), TURN)
    error = refused(game, over, TURN)
    assert (error.reason, error.code) == ("the game is over: no move is left", "game-over")
    assert error.move == TURN and error.state is over


def test_refuse_raises_what_refusal_gives_without_a_chained_error() -> None:
    game = Turns()
    state = game.deal(1)
    try:
        raise KeyError("inside a handler")
    except KeyError:
        with pytest.raises(IllegalMoveError) as caught:
            game._refuse(state, Move("turn", "pile"))
    error = caught.value
    assert (error.reason, error.code) == game._refusal(state, Move("turn", "pile"))
    assert error.__suppress_context__ and error.__cause__ is None


@pytest.mark.parametrize("name", patience.games())
def test_every_game_refuses_with_what_its_refusal_gives(name: str) -> None:
    game = patience.game(name)
    rng = random.Random(name)
    checked = 0
    for state in positions(game, range(1), 60):
        for move in sorted(near_misses(game, state, rng))[:12]:
            error = refused(game, state, move)
            assert (error.reason, error.code) == game._refusal(state, move), move
            assert error.code in game.refusals
            checked += 1
    assert checked
