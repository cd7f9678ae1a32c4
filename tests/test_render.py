"""The text table: ``Game.render(state, symbols=True)`` for every registered game.

With ``symbols`` the table is the same as without, card for card, each card
printed as its :attr:`~patience.Card.symbol` (``8♥``, ``10♣``) instead of its
canonical text (``8H``, ``TC``).
"""

from __future__ import annotations

import random
import re

import pytest

import patience
from patience import Card, Game, State

GAMES = patience.games()
CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS])(?![A-Za-z0-9])")


def position(game: Game, seed: int, moves: int) -> State:
    rng = random.Random(seed)
    state = game.deal(seed)
    for _ in range(moves):
        legal = game.legal_moves(state)
        if not legal:
            break
        state = game.apply(state, rng.choice(legal))
    return state


def with_symbols(text: str) -> str:
    return CARD_TEXT.sub(lambda m: Card.parse(m.group(1)).symbol, text)


@pytest.mark.parametrize("name", GAMES)
def test_symbols_print_every_card_with_its_suit_symbol(name: str) -> None:
    game = patience.game(name)
    for seed in (0, 1):
        state = position(game, seed, 30)
        plain = game.render(state).splitlines()
        shown = game.render(state, symbols=True).splitlines()
        assert len(plain) == len(shown)
        for a, b in zip(plain, shown):
            if a.startswith("jokers:"):  # designations are move notation, kept as they are
                assert a == b
                continue
            assert with_symbols(a).split() == b.split()
        assert game.render(state, symbols=False) == game.render(state) == str(state)
        # No card of a face-up top is printed as text once symbols are asked for.
        for pile in state.piles.values():
            top = pile.top
            if top is not None and pile.down < len(pile) and top.suit is not None:
                assert top.symbol in game.render(state, symbols=True)


def test_symbols_in_a_klondike_table() -> None:
    game = patience.game("klondike")
    text = game.render(game.deal(2026), symbols=True)
    assert "t7: ## ## ## ## ## ## 10♥" in text and "t1: 8♥" in text
    assert "##" in text  # face-down cards stay masked


def test_a_view_renders_the_same_with_symbols() -> None:
    game = patience.game("spider")
    state = position(game, 3, 20)
    view = game.view(state)
    # Every line but the last is the same: a view's last line says how many
    # cards it hides, since its result would need them.
    shown, full = game.render(view, symbols=True), game.render(state, symbols=True)
    assert shown.split("\n")[:-1] == full.split("\n")[:-1]
    hidden = sum(1 for pile in state.piles.values() for _ in range(pile.down))
    assert shown.split("\n")[-1] == f"a view: {hidden} cards hidden"
