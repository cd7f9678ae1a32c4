"""Test helpers: card orders for ``deal_from`` that put chosen cards in chosen places,
short ways to list and play moves, random positions, an exhaustive search for a win,
and property tests in a short and a long run."""

from __future__ import annotations

import random
import re
import textwrap
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings

import patience
from patience import Card, Game, Move, State


class Counting(patience.RandomPolicy):
    """Random play that counts its deals."""

    def __init__(self) -> None:
        super().__init__()
        self.deals = 0

    def new_deal(self) -> None:
        super().new_deal()
        self.deals += 1


LONG_EXAMPLES = 300
"""Examples per test in the long runs marked ``soak``: per game, as the long
runs were sized when 32 games were registered (see :func:`short_and_long`)."""

SIZED_FOR = 32
"""The number of registered games the long runs' example counts were set for."""


def short_and_long(
    body: Any, per_game: bool = True, long_examples: int = LONG_EXAMPLES, **strategies: Any
) -> tuple[Any, Any]:
    """``body`` as a Hypothesis test twice: short (default profile) and long
    (``long_examples`` examples, marked ``soak``).

    With ``per_game`` both runs are parametrized over every registered game,
    which ``body`` takes as its first argument, ``name``; the long run then
    spends about as many examples in all as it did over the 32 games it was
    sized for (``long_examples`` each), shared among the games registered now,
    with at least 20 a game, so that new games do not stretch the long runs
    without end.
    """
    games = patience.games()
    if per_game:
        long_examples = max(20, long_examples * SIZED_FOR // len(games))
    long_settings = settings(
        max_examples=long_examples, deadline=None, suppress_health_check=list(HealthCheck)
    )
    short = given(**strategies)(body)
    long = pytest.mark.soak(long_settings(given(**strategies)(body)))
    if per_game:
        short = pytest.mark.parametrize("name", games)(short)
        long = pytest.mark.parametrize("name", games)(long)
    return short, long


def arrange(game: Game, tops: Mapping[str, Sequence[str]], fill: Sequence[str] = ()) -> list[Card]:
    """A card order whose deal puts ``tops[pile]`` on ``pile``, top card first.

    Places are found by dealing the unshuffled deck and seeing where each card
    lands, so this works for any game with one pack. The remaining places get
    the ``fill`` cards first, then the rest of the deck in its fixed order.
    """
    deck = list(game.deck)
    assert len(set(deck)) == len(deck), "arrange() needs a game with distinct cards"
    probe = game.deal_from(deck)
    where: dict[tuple[str, int], int] = {}
    for name, pile in probe.piles.items():
        for j, card in enumerate(pile.cards):
            where[(name, j)] = deck.index(card)
    order: list[Card | None] = [None] * len(deck)
    used: set[Card] = set()
    for name, texts in tops.items():
        size = len(probe.piles[name])
        assert len(texts) <= size, f"{name} holds only {size} cards"
        for j, text in enumerate(texts):
            card = Card.parse(text)
            assert card not in used, f"{card} placed twice"
            order[where[(name, size - 1 - j)]] = card
            used.add(card)
    rest = [Card.parse(t) for t in fill if Card.parse(t) not in used]
    rest += [c for c in deck if c not in used and c not in rest]
    it = iter(rest)
    return [c if c is not None else next(it) for c in order]


def moves(game: Game, state: State) -> set[str]:
    """The legal moves of ``state`` in notation."""
    return {str(m) for m in game.legal_moves(state)}


def play(game: Game, state: State, *texts: str) -> State:
    """``state`` after the moves written in ``texts``, in order."""
    for text in texts:
        state = game.apply(state, text)
    return state


G = TypeVar("G", bound=Game)


def registered(name: str, cls: type[G], **options: object) -> G:
    """The registered game ``name`` with ``options``, checked to be a ``cls``."""
    game = patience.game(name, **options)
    assert isinstance(game, cls)
    return game


def code_blocks(page: str, needle: str) -> list[str]:
    """The ``.. code-block:: python`` blocks of the docs page ``page`` that
    mention ``needle``, as source text (for examples that need an extra, which
    the page's doctests cannot)."""
    text = (Path(__file__).resolve().parents[1] / "docs" / page).read_text(encoding="utf-8")
    blocks = re.findall(r"^\.\. code-block:: python\n\n((?:   .*\n|\n)+)", text, re.M)
    found = [textwrap.dedent(block) for block in blocks if needle in block]
    assert found, f"{page} has no Python code block that mentions {needle}"
    return found


def random_positions(
    game: Game, seeds: range, limit: int
) -> Iterator[tuple[int, State, tuple[Move, ...]]]:
    """``(seed, state, legal moves)`` along random games of ``seeds``, for up
    to ``limit`` moves each (the moves are chosen after each is yielded)."""
    rng = random.Random(game.name)
    for seed in seeds:
        state = game.deal(seed)
        for _ in range(limit):
            moves = game.legal_moves(state)
            if not moves:
                break
            yield seed, state, moves
            state = game.apply(state, rng.choice(moves))


def children(game: Game, state: State) -> Iterator[State]:
    """The position after each legal move of ``state``."""
    for move in game.legal_moves(state):
        yield game.apply(state, move)


def winnable(
    game: Game,
    state: State,
    limit: int,
    steps: Callable[[Game, State], Iterable[State]] = children,
) -> bool | None:
    """Whether some sequence of legal moves wins: a breadth-first search over
    every reachable position, told apart by their piles and counters alone (no
    canonical keys, no safe moves, no bounds: none of the solver's shortcuts;
    the count of moves without progress, which plays no part in winning, is
    left aside), stepping from each position to those ``steps`` gives (by
    default, one legal move each). ``None`` when more than ``limit``
    positions are reachable."""
    seen = {(state.pile_tuple, state.info)}
    queue = deque([state])
    while queue:
        here = queue.popleft()
        if game.is_won(here):
            return True
        for child in steps(game, here):
            place = (child.pile_tuple, child.info)
            if place not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(place)
                queue.append(child)
    return False
