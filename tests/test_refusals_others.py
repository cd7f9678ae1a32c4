"""Refusals of Railroad, Accordion, Calculation, Devil's Grip and Poker Solitaire.

Each code on a position built for it, with its exact reason; near misses of the
legal moves at random positions of every variant, each refused with a listed,
specific code whose reason holds in the position; and every listed code given
somewhere.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs
import pytest
from test_refusals import near_misses, positions

import patience
from patience import Card, Game, IllegalMoveError, Move, Pile, State
from patience.game import COMMON_REFUSALS
from patience.games.accordion import matches
from patience.games.calculation import FOUNDATIONS, SEQUENCES, WASTES
from patience.games.devils_grip import CELLS as GRID_CELLS
from patience.games.devils_grip import REDEAL, builds_on
from patience.games.devils_grip import SEQUENCES as GRIP_SEQUENCES
from patience.games.poker import CELLS as POKER_CELLS
from patience.games.poker import DRAW as POKER_DRAW
from patience.games.railroad import Railroad


class Clock:
    """A clock for the timed game that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "railroad": ("railroad", {}),
    "railroad-double": ("railroad-double", {}),
    "railroad-race": ("railroad-race", {}),
    "railroad-race-1": ("railroad-race", {"sidings": 1}),
    "railroad-timed": ("railroad-timed", {"time_limit": 60}),
    "railroad-1": ("railroad", {"sidings": 1}),
    "accordion": ("accordion", {}),
    "accordion-all": ("accordion", {"deal_all": True}),
    "calculation": ("calculation", {}),
    "devils-grip": ("devils-grip", {}),
    "devils-grip-1": ("devils-grip", {"passes": 1}),
    "devils-grip-3": ("devils-grip", {"passes": 3}),
    "poker": ("poker-solitaire", {}),
    "poker-open": ("poker-solitaire", {"open": True}),
    "poker-open-2": ("poker-solitaire", {"open": True, "swap_limit": 2}),
}
"""Every game and variant of these families, by a short key."""

# "nowhere" and "elsewhere" answer Game.pick_up_refusal, never a move (test_frontend_api).
NEVER = {"illegal", "not-your-turn", "nowhere", "elsewhere"}
"""Common codes none of these games gives: each refusal has a precise code, and
none of them has turns (the race's players pull whenever they like)."""


def make(key: str) -> tuple[Game, Clock]:
    """The game of a variant and the clock that times it (if it is timed)."""
    name, options = VARIANTS[key]
    clock = Clock()
    if name == "railroad-timed":
        options = {**options, "clock": clock}
    return patience.game(name, **options), clock


# ------------------------------------------------------------ positions


def build(
    game: Game,
    piles: Mapping[str, str],
    rest: str = "stock",
    info: Mapping[str, Any] | None = None,
    fill: Callable[[Counter[Card]], dict[str, str]] | None = None,
) -> State:
    """A position from card text (each pile bottom first), checked like a loaded
    state; the cards not named go under the cards of ``rest``. The stock is
    face down, every other pile face up. ``fill`` may name more piles from
    the cards left over."""
    named = {name: Pile.parse(text).cards for name, text in piles.items()}
    pool = Counter(game.deck) - Counter(c for cards in named.values() for c in cards)
    if fill is not None:
        for name, text in fill(pool).items():
            named[name] = Pile.parse(text).cards
            pool -= Counter(named[name])
    left = []
    for card in game.deck:  # in deck order, each copy once
        if pool[card]:
            pool[card] -= 1
            left.append(card)
    named[rest] = (*left, *named.get(rest, ()))
    made = {}
    for spec in game.layout:
        cards = named.get(spec.name, ())
        made[spec.name] = Pile(cards, len(cards) if spec.name == "stock" else 0)
    base = game.deal(0).info if info is None else info
    state = game.make_state(made, base)
    return game.from_json(state.to_json())


def grip_fill(cells: Iterable[str]) -> Callable[[Counter[Card]], dict[str, str]]:
    """Fills every grid cell not in ``cells`` with a jack, queen or king that
    builds on none of the others: it takes nothing and goes nowhere."""
    named = set(cells)

    def fill(pool: Counter[Card]) -> dict[str, str]:
        out: dict[str, str] = {}
        spare = sorted(c for c in pool.elements() if c.rank == 13)
        spare += sorted(c for c in pool.elements() if c.rank in (11, 12))
        for cell in GRID_CELLS:
            if cell not in named:
                out[cell] = str(spare.pop(0))
        return out

    return fill


def pulled(game: Game, state: State, siding: str, times: int, player: int | None = None) -> State:
    for _ in range(times):
        state = game.apply(state, Move("pull", siding, player=player))
    return state


def pull_all(game: Game, state: State, player: int | None = None) -> State:
    """Every card pulled from ``player``'s sidings, the first non-empty siding first."""
    while True:
        moves = [m for m in game.legal_moves(state) if m.player == player]
        if not moves:
            return state
        state = game.apply(state, moves[0])


def rank_fours() -> list[Card]:
    """A one-siding Railroad deck whose pulls come in fours of a rank: it clears."""
    pulls = [Card(rank, suit) for rank in range(1, 14) for suit in "CDHS"]
    return pulls[::-1]  # the siding's head, the last card, is pulled first


def accordion_row(game: Game, *cards: str) -> State:
    """The dealing game after dealing ``cards`` one by one."""
    top = [Card.parse(t) for t in cards]
    state = game.deal_from(top + [c for c in game.deck if c not in top])
    for _ in cards:
        state = game.apply(state, "deal")
    return state


def played_out(game: Game, state: State, pick: int = 0) -> State:
    while game.legal_moves(state):
        state = game.apply(state, game.legal_moves(state)[pick])
    return state


def calculation(
    foundations: tuple[str, str, str, str] = ("AC", "2C", "3C", "4C"),
    wastes: tuple[str, str, str, str] = ("", "", "", ""),
    turned: str = "",
    rest: str = "stock",
) -> State:
    game = patience.game("calculation")
    piles = {**dict(zip(FOUNDATIONS, foundations)), **dict(zip(WASTES, wastes))}
    return build(game, {**piles, "turned": turned}, rest)


def complete_calculation() -> State:
    game = patience.game("calculation")
    piles = {
        f: " ".join(str(Card(rank, suit)) for rank in SEQUENCES[k])
        for (k, f), suit in zip(enumerate(FOUNDATIONS), "CDHS")
    }
    return build(game, piles, "turned")


def grip(
    key: str,
    cells: Mapping[str, str],
    talon: str = "",
    stock: str = "",
    rest: str = "stock",
    info: Mapping[str, Any] | None = None,
) -> State:
    game, _ = make(key)
    piles = {**cells, "talon": talon, "stock": " ".join(reversed(stock.split()))}
    info = {"pass": 1, "progress": False} if info is None else info
    return build(game, piles, rest, info, grip_fill(cells))


def complete_grip() -> State:
    game, _ = make("devils-grip")
    stacks = [
        " ".join(str(Card(r, s)) for r in GRIP_SEQUENCES[b])
        for b in range(3)
        for s in "CDHS"
        for _ in range(2)
    ]
    return build(game, dict(zip(GRID_CELLS, stacks)), "talon", {"pass": 1, "progress": True})


def poker(cells: Mapping[str, str], turned: str = "") -> State:
    game, _ = make("poker")
    return build(game, {**cells, "turned": turned})


def full_grid(game: Game) -> State:
    state = game.deal(3)
    for cell in POKER_CELLS:
        state = game.apply(game.apply(state, POKER_DRAW), f"turned-{cell}")
    return state


def stopped(game: Game, clock: Clock) -> State:
    """A timed game whose end on the clock is recorded, the clock then set back."""
    state = game.end(timed_after(61)(game, clock), "time")
    clock.now -= 61
    return state


def timed_after(seconds: float, pulls: int = 1) -> Callable[[Game, Clock], State]:
    def position(game: Game, clock: Clock) -> State:
        state = game.deal(2026)
        for k in range(pulls):
            state = game.apply(state, f"pull s{k % 4 + 1}")
        clock.now += seconds
        return state

    return position


# ------------------------------------------------------------ the cases


@attrs.frozen
class Case:
    key: str
    """The variant (see :data:`VARIANTS`)."""
    position: Callable[..., State]
    """The position, from the game (and, for the timed game, its clock)."""
    move: Move | str
    code: str
    reason: str


def _deal(seed: int = 2026) -> Callable[[Game], State]:
    return lambda game: game.deal(seed)


def _emptied(siding: str, times: int) -> Callable[[Game], State]:
    return lambda game: pulled(game, game.deal(2026), siding, times)


def _race_finished(game: Game) -> State:
    return pull_all(game, game.deal(2026), player=0)


def _race_done(game: Game) -> State:
    return pull_all(game, pull_all(game, game.deal(2026), player=0), player=1)


def _race_cleared(game: Game) -> State:
    cards = rank_fours() + list(game.deck.cards[52:])
    return pull_all(game, game.deal_from(cards), player=0)


ROW = ("6S", "JS", "9H", "9S")
"""The Accordion row of the rules page: 6♠ J♠ 9♥ 9♠."""


def _row(game: Game) -> State:
    return accordion_row(game, *ROW)


def _all_dealt(game: Game) -> State:
    return accordion_row(game, *(str(c) for c in game.deck))


CASES: list[Case] = [
    # Railroad, one player
    Case("railroad", _emptied("s1", 13), "pull s1", "empty-siding", "siding s1 is empty"),
    Case(
        "railroad",
        lambda g: pull_all(g, g.deal(2026)),
        "pull s2",
        "game-over",
        "the game is over: every card has left the sidings",
    ),
    Case(
        "railroad",
        _deal(),
        Move("pull", "line"),
        "not-a-move",
        "only a siding's head is pulled, and line is not a siding (s1 to s4)",
    ),
    Case(
        "railroad",
        _deal(),
        Move("pull"),
        "not-a-move",
        "a pull names the siding it takes from (s1 to s4): pull s1",
    ),
    Case(
        "railroad",
        _deal(),
        Move("pull", "s2", "line"),
        "not-a-move",
        "a pull names only its siding: the card goes to the end of the main line (pull s2)",
    ),
    Case(
        "railroad",
        _deal(),
        Move("pull", "s3", count=2),
        "not-a-move",
        "a pull takes one card, the siding's head (pull s3)",
    ),
    Case(
        "railroad",
        _deal(),
        Move("pull", "s3", detail="x"),
        "not-a-move",
        "a pull takes no '=' detail (pull s3)",
    ),
    Case(
        "railroad",
        _deal(),
        Move("pull", "s1", player=0),
        "not-a-move",
        "railroad is a one-player game",
    ),
    Case(
        "railroad",
        _deal(),
        Move("move", "s1", "line"),
        "not-a-move",
        "railroad has no 'move' move; its moves: pull",
    ),
    Case("railroad", _deal(), Move("pull", "s5"), "not-a-move", "railroad has no pile 's5'"),
    Case("railroad-double", _emptied("s8", 13), "pull s8", "empty-siding", "siding s8 is empty"),
    Case(
        "railroad-double",
        lambda g: pull_all(g, g.deal(1)),
        "pull s8",
        "game-over",
        "the game is over: every card has left the sidings",
    ),
    Case(
        "railroad-double",
        _deal(),
        Move("pull", "discard"),
        "not-a-move",
        "only a siding's head is pulled, and discard is not a siding (s1 to s8)",
    ),
    Case(
        "railroad-1",
        _emptied("s1", 52),
        "pull s1",
        "game-over",
        "the game is over: every card has left the sidings",
    ),
    Case(
        "railroad-1",
        _deal(),
        Move("pull"),
        "not-a-move",
        "a pull names the siding it takes from (s1): pull s1",
    ),
    # Railroad, timed: time up comes before an empty siding, the cards' end before time up
    Case("railroad-timed", timed_after(61), "pull s2", "time-up", "time is up: the game is over"),
    Case("railroad-timed", timed_after(60), "pull s1", "time-up", "time is up: the game is over"),
    Case(
        "railroad-timed",
        lambda g, c: stopped(g, c),
        "pull s2",
        "time-up",
        "time is up: the game is over",
    ),
    Case(
        "railroad-timed",
        timed_after(90, 13 * 4),
        "pull s1",
        "game-over",
        "the game is over: every card has left the sidings",
    ),
    Case(
        "railroad-timed",
        lambda g, c: pulled(g, g.deal(2026), "s1", 13),
        "pull s1",
        "empty-siding",
        "siding s1 is empty",
    ),
    Case(
        "railroad-timed",
        lambda g, c: pulled(g, g.deal(2026), "s1", 13),
        Move("pull", "line"),
        "not-a-move",
        "only a siding's head is pulled, and line is not a siding (s1 to s4)",
    ),
    # The race
    Case(
        "railroad-race",
        lambda g: pulled(g, g.deal(2026), "s2", 13, player=1),
        "p1 pull s2",
        "empty-siding",
        "player 1's siding s2 is empty",
    ),
    Case(
        "railroad-race",
        _race_finished,
        "p0 pull s1",
        "finished",
        "player 0 has pulled every card: the race goes on until player 1 has too,"
        " or clears the line",
    ),
    Case(
        "railroad-race",
        _race_done,
        "p1 pull s1",
        "game-over",
        "the race is over: both players have pulled every card",
    ),
    Case(
        "railroad-race",
        _deal(),
        Move("pull", "s1"),
        "not-a-move",
        "a pull in the race names its player: p0 pull s1 or p1 pull s1",
    ),
    Case(
        "railroad-race",
        _deal(),
        Move("pull", "p1.s3", player=1),
        "not-a-move",
        "a pull names the siding as in the one-player game: p1 pull s3",
    ),
    Case(
        "railroad-race",
        _deal(),
        Move("pull", "p0.line", player=0),
        "not-a-move",
        "only a siding's head is pulled, and line is not a siding (s1 to s4)",
    ),
    Case(
        "railroad-race",
        _deal(),
        Move("pull", "s1", "line", player=0),
        "not-a-move",
        "a pull names only its siding: the card goes to the end of the main line (p0 pull s1)",
    ),
    Case(
        "railroad-race",
        _deal(),
        Move("pull", "s1", player=2),
        "not-a-move",
        "railroad-race has no player 2",
    ),
    Case(
        "railroad-race",
        _deal(),
        Move("draw", "s1", player=0),
        "not-a-move",
        "railroad-race has no 'draw' move; its moves: pull",
    ),
    Case(
        "railroad-race-1",
        _race_cleared,
        "p1 pull s1",
        "game-over",
        "the race is over: player 0 has cleared the line",
    ),
    Case(
        "railroad-race-1",
        _race_cleared,
        Move("pull", "s1", player=0),
        "game-over",
        "the race is over: player 0 has cleared the line",
    ),
    Case(
        "railroad-race-1",
        _race_finished,
        "p0 pull s1",
        "finished",
        "player 0 has pulled every card: the race goes on until player 1 has too,"
        " or clears the line",
    ),
    Case(
        "railroad-race-1",
        _deal(),
        Move("pull", "s2", player=0),
        "not-a-move",
        "railroad-race has no pile 's2'",
    ),
    # Accordion
    Case(
        "accordion",
        _row,
        "r4-r2",
        "not-adjacent",
        "a pile moves one place or three places to its left: r4 onto r3 or r1, not r2",
    ),
    Case(
        "accordion",
        _row,
        "r2-r3",
        "not-adjacent",
        "a pile moves one place or three places to its left: r2 onto r1, not r3",
    ),
    Case(
        "accordion",
        _row,
        Move("move", "r1", "r2"),
        "not-adjacent",
        "r1 is the first pile: no pile lies to its left",
    ),
    Case("accordion", _row, "r3-r2", "no-match", "9♥ and J♠ share neither suit nor rank"),
    Case("accordion", _row, "r6-r5", "no-pile", "there is no pile at r6: the row ends at r4"),
    Case(
        "accordion",
        _deal(),
        Move("move", "r2", "r1"),
        "no-pile",
        "there is no pile at r2: the row is empty",
    ),
    Case(
        "accordion",
        _row,
        Move("move", "r4", "r3", count=2),
        "whole-pile",
        "the whole pile moves: 1 card (write r4-r3)",
    ),
    Case(
        "accordion",
        lambda g: g.apply(_row(g), "r4-r3"),
        Move("move", "r3", "r2"),
        "whole-pile",
        "the whole pile moves: 2 cards (write r3-r2 x2)",
    ),
    Case("accordion", _all_dealt, "deal", "stock-empty", "the stock is empty: every card is dealt"),
    Case(
        "accordion",
        lambda g: played_out(g, _all_dealt(g)),
        "deal",
        "game-over",
        "the game is over: every card is gathered in one pile",
    ),
    Case(
        "accordion",
        _row,
        Move("deal", "r1"),
        "not-a-move",
        "the deal acts on the stock: write 'deal'",
    ),
    Case(
        "accordion",
        _row,
        Move("deal", "stock", count=2),
        "not-a-move",
        "a deal names only the stock: write 'deal'",
    ),
    Case(
        "accordion",
        _row,
        Move("deal"),
        "not-a-move",
        "'deal' acts on stock: Move('deal', 'stock'), or 'deal' as text",
    ),
    Case(
        "accordion",
        _row,
        Move("move", "stock", "r1"),
        "not-a-move",
        "the stock's cards come into the row with 'deal'",
    ),
    Case(
        "accordion",
        _row,
        Move("move", "r2", "stock"),
        "not-a-move",
        "a pile moves from one row position to another",
    ),
    Case(
        "accordion",
        _row,
        Move("move", "r2", "r1", detail="x"),
        "not-a-move",
        "a pile move takes no '=' detail",
    ),
    Case(
        "accordion",
        _row,
        Move("pull", "r4"),
        "not-a-move",
        "accordion has no 'pull' move; its moves: deal, move",
    ),
    Case(
        "accordion-all",
        _deal(1),
        "deal",
        "stock-empty",
        "every card is laid out at the start (deal_all)",
    ),
    Case(
        "accordion-all",
        lambda g: played_out(g, g.deal(1), -1),
        "deal",
        "game-over",
        "the game is over: the stock is empty and no two piles match",
    ),
    Case(
        "accordion-all",
        lambda g: played_out(g, g.deal(1), -1),
        "r2-r1",
        "game-over",
        "the game is over: the stock is empty and no two piles match",
    ),
    Case(
        "accordion-all",
        _deal(1),
        Move("move", "r53", "r52"),
        "not-a-move",
        "accordion has no pile 'r53'",
    ),
    # Calculation
    Case(
        "calculation",
        lambda g: calculation(turned="9D"),
        "draw",
        "must-place",
        "the turned 9♦ must be placed before the next is turned",
    ),
    Case(
        "calculation",
        lambda g: calculation(wastes=("2D", "", "", ""), rest="w4"),
        "draw",
        "stock-empty",
        "the stock is empty: there is only one pass",
    ),
    Case(
        "calculation",
        lambda g: calculation(wastes=("2D", "", "", ""), turned="KS", rest="w4"),
        "draw",
        "stock-empty",
        "the stock is empty: there is only one pass",
    ),
    Case(
        "calculation",
        lambda g: calculation(wastes=("2D", "", "", "")),
        "turned-f1",
        "nothing-turned",
        "no card is turned: draw first",
    ),
    Case(
        "calculation",
        lambda g: calculation(wastes=("2D", "", "", "")),
        "w3-f1",
        "empty-pile",
        "w3 is empty",
    ),
    Case(
        "calculation",
        lambda g: calculation(turned="5H"),
        "f1-w1",
        "foundation-stays",
        "a card on a foundation stays there",
    ),
    Case(
        "calculation",
        lambda g: calculation(wastes=("2D", "", "", "")),
        "w1-w2",
        "waste",
        "a waste pile's top card goes only to a foundation",
    ),
    Case(
        "calculation",
        lambda g: calculation(wastes=("2D", "", "", ""), turned="5H"),
        "w1-turned",
        "waste",
        "a waste pile's top card goes only to a foundation",
    ),
    Case(
        "calculation",
        lambda g: calculation(turned="4D"),
        "turned-f3",
        "foundation",
        "f3 takes a 6 next, not 4♦",
    ),
    Case(
        "calculation",
        lambda g: calculation(("AC 2C 3C 4C 5C 6C 7C", "2D", "3D", "4D"), turned="TD"),
        "turned-f1",
        "foundation",
        "f1 takes an 8 next, not 10♦",
    ),
    Case(
        "calculation",
        lambda g: calculation(("AC", "2C 4C 6C 8C TC QC", "3D", "4D"), turned="5D"),
        "turned-f2",
        "foundation",
        "f2 takes an ace next, not 5♦",
    ),
    Case(
        "calculation",
        lambda g: calculation(("AC", "2C 4C 6C 8C TC", "3D", "4D"), turned="JD"),
        "turned-f2",
        "foundation",
        "f2 takes a queen next, not J♦",
    ),
    Case(
        "calculation",
        lambda g: calculation(
            ("AD", "2D", "3C 6C 9C QC 2C 5C 8C JC AC 4C 7C TC KC", "4D"), turned="3S"
        ),
        "turned-f3",
        "foundation",
        "f3 is complete: it ends on the king",
    ),
    Case(
        "calculation",
        lambda g: calculation(wastes=("", "", "", "KD"), rest="w4"),
        "draw",
        "game-over",
        "the game is over: the stock is used up and no waste pile's top card fits a foundation",
    ),
    Case(
        "calculation",
        lambda g: complete_calculation(),
        "w1-f1",
        "game-over",
        "the game is over: every card is on the foundations",
    ),
    Case(
        "calculation",
        _deal(),
        Move("draw", "w1"),
        "not-a-move",
        "the draw acts on the stock: write 'draw'",
    ),
    Case(
        "calculation",
        _deal(),
        Move("draw", "stock", count=2),
        "not-a-move",
        "a draw names only the stock: write 'draw'",
    ),
    Case(
        "calculation",
        _deal(),
        Move("move", "w1", "f1", count=2),
        "not-a-move",
        "one card moves at a time",
    ),
    Case(
        "calculation",
        _deal(),
        Move("move", "w1", "f1", detail="x"),
        "not-a-move",
        "a move of Calculation takes no '=' detail",
    ),
    Case(
        "calculation",
        _deal(),
        Move("move", "stock", "w1"),
        "not-a-move",
        "the stock's cards are turned with 'draw'",
    ),
    Case(
        "calculation",
        lambda g: calculation(turned="9D"),
        Move("move", "turned", "stock"),
        "not-a-move",
        "the turned card goes only to a foundation or a waste pile",
    ),
    Case(
        "calculation",
        _deal(),
        Move("pull", "w1"),
        "not-a-move",
        "calculation has no 'pull' move; its moves: draw, move",
    ),
    Case(
        "calculation",
        _deal(),
        Move("move", "w1", "f1", player=1),
        "not-a-move",
        "calculation is a one-player game",
    ),
    # Devil's Grip
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "5S"}, talon="8S 8H"),
        "talon-a1",
        "build",
        "8♥ does not build on 5♠: only 8♠ does (same suit, three ranks higher)",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2S", "c1": "5H"}),
        "c1-a1",
        "build",
        "5♥ does not build on 2♠: only 5♠ does (same suit, three ranks higher)",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "5D", "d1": "2H 5H 8H"}),
        "d1-a1",
        "build",
        "no card at d1 builds on 5♦: only 8♦ does (same suit, three ranks higher)",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2D 5D 8D JD", "b1": "2H 5H"}),
        "b1-a1 x2",
        "build",
        "nothing builds on J♦: its sequence ends there",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2D 5D 8D JD", "b1": "9C"}),
        "b1-a1",
        "build",
        "9♣ does not build on J♦: nothing does, its sequence ends there",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2S 5S", "b1": "5S 8S JS"}),
        Move("move", "b1", "a1"),
        "wrong-count",
        "the 8♠ moves with what lies on it: 2 cards",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2S", "b1": "5S 8S"}),
        Move("move", "b1", "a1", count=3),
        "wrong-count",
        "the 5♠ moves with what lies on it: 2 cards",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2S 5S", "b1": "2S"}),
        Move("move", "a1", "b1"),
        "no-change",
        "b1 holds just what would stay behind under the 5♠: the two stacks would only"
        " change places",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2S", "b1": "5S 8S"}),
        Move("move", "a1", "a1"),
        "same-cell",
        "a stack cannot move onto itself",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2S", "b1": "5S 8S"}),
        Move("move", "b1", "talon"),
        "grid-only",
        "cards go only onto the grid",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2S", "b1": "5S 8S"}),
        "talon-a1",
        "empty-pile",
        "the talon is empty: draw to turn cards onto it",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2D"}, talon="9C 5D", rest="talon"),
        "draw",
        "stock-empty",
        "the stock is empty",
    ),
    Case(
        "devils-grip",
        lambda g: g.apply(
            grip("devils-grip", {"a1": "2D"}, talon="9C 5D", rest="talon"), "talon-a1"
        ),
        "draw",
        "stock-empty",
        "the stock is empty: redeal to turn the talon over",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2S", "b1": "5S 8S"}),
        "redeal",
        "no-redeal",
        "the stock is not used up yet",
    ),
    Case(
        "devils-grip",
        lambda g: grip("devils-grip", {"a1": "2D"}, talon="9C 5D", rest="talon"),
        "redeal",
        "no-redeal",
        "no card has entered the grid during this pass: another would change nothing",
    ),
    Case(
        "devils-grip-1",
        lambda g: g.apply(
            grip("devils-grip-1", {"a1": "2D", "b1": "2C"}, talon="5C 5D", rest="talon"),
            "talon-a1",
        ),
        "redeal",
        "no-redeal",
        "there is only one pass",
    ),
    Case(
        "devils-grip-3",
        lambda g: grip(
            "devils-grip-3",
            {"a1": "2D"},
            talon="9C 5D",
            rest="talon",
            info={"pass": 3, "progress": True},
        ),
        "redeal",
        "no-redeal",
        "all 3 passes are used",
    ),
    Case(
        "devils-grip",
        lambda g: played_out(g, grip("devils-grip", {}, stock="9C 9D 9H")),
        "redeal",
        "game-over",
        "the game is over: no move is left",
    ),
    Case(
        "devils-grip-1",
        lambda g: played_out(g, grip("devils-grip-1", {}, stock="9C 9D 9H")),
        "a1-b1",
        "game-over",
        "the game is over: no move is left",
    ),
    Case(
        "devils-grip-3",
        lambda g: played_out(g, grip("devils-grip-3", {}, stock="9C 9D 9H")),
        "draw",
        "game-over",
        "the game is over: no move is left",
    ),
    Case(
        "devils-grip",
        lambda g: complete_grip(),
        "a1-b1",
        "game-over",
        "the game is over: every card is in the grid",
    ),
    Case(
        "devils-grip",
        _deal(),
        Move("swap", "a1", "b1"),
        "not-a-move",
        "stacks are not swapped: where a stack stands never matters, so a swap would change"
        " nothing",
    ),
    Case(
        "devils-grip",
        _deal(),
        Move("draw", "talon"),
        "not-a-move",
        "'draw' acts on the stock alone: write 'draw'",
    ),
    Case(
        "devils-grip",
        _deal(),
        Move("redeal", "stock", count=2),
        "not-a-move",
        "'redeal' names only the stock: write 'redeal'",
    ),
    Case(
        "devils-grip",
        _deal(),
        Move("move", "stock", "a1"),
        "not-a-move",
        "the stock's cards are turned with 'draw'",
    ),
    Case(
        "devils-grip",
        _deal(),
        Move("move", "talon", "a1", count=2),
        "not-a-move",
        "only the talon's top card moves",
    ),
    Case(
        "devils-grip",
        _deal(),
        Move("move", "a1", "b1", detail="x"),
        "not-a-move",
        "a move of Devil's Grip takes no '=' detail",
    ),
    Case(
        "devils-grip",
        _deal(),
        Move("move", "a1", "b1", player=1),
        "not-a-move",
        "devils-grip is a one-player game",
    ),
    Case(
        "devils-grip",
        _deal(),
        Move("move", "a1", "i1"),
        "not-a-move",
        "devils-grip has no pile 'i1'",
    ),
    # Poker Solitaire, placement
    Case(
        "poker",
        lambda g: poker({"c3": "AS"}, turned="4D"),
        "draw",
        "must-place",
        "the turned 4♦ must be placed before the next turn",
    ),
    Case(
        "poker",
        lambda g: poker({"c3": "AS"}),
        "turned-a1",
        "nothing-turned",
        "no card is turned: draw first",
    ),
    Case(
        "poker",
        lambda g: poker({"c3": "AS"}),
        "turned-c3",
        "nothing-turned",
        "no card is turned: draw first",
    ),
    Case(
        "poker",
        lambda g: poker({"c3": "AS"}, turned="4D"),
        "turned-c3",
        "cell-taken",
        "c3 already holds A♠: a placed card stays",
    ),
    Case(
        "poker",
        lambda g: poker({"c3": "AS"}, turned="4D"),
        Move("move", "c3", "c4"),
        "card-stays",
        "a placed card never moves: c3 holds A♠",
    ),
    Case(
        "poker",
        lambda g: poker({"c3": "AS"}, turned="4D"),
        Move("move", "c4", "c5"),
        "card-stays",
        "c4 is empty, and cards come into the grid only from turned",
    ),
    Case("poker", full_grid, "draw", "game-over", "the grid is full: the game is over"),
    Case("poker", full_grid, "turned-a1", "game-over", "the grid is full: the game is over"),
    Case(
        "poker",
        _deal(),
        Move("swap", "c3", "c4"),
        "not-a-move",
        "poker-solitaire has no 'swap' move; its moves: draw, move",
    ),
    Case(
        "poker",
        _deal(),
        Move("move", "stock", "a1"),
        "not-a-move",
        "cards are turned from the stock with 'draw' and placed from turned",
    ),
    Case(
        "poker",
        _deal(),
        Move("move", "turned", "stock"),
        "not-a-move",
        "the turned card goes into a cell of the grid, a1 to e5",
    ),
    Case(
        "poker",
        _deal(),
        Move("move", "turned", "a1", count=2),
        "not-a-move",
        "Poker Solitaire moves take no count or detail",
    ),
    Case(
        "poker",
        _deal(),
        Move("draw", "turned"),
        "not-a-move",
        "the draw acts on the stock: write 'draw'",
    ),
    Case(
        "poker",
        _deal(),
        Move("draw", "stock", "a1"),
        "not-a-move",
        "a draw names only the stock: write 'draw'",
    ),
    # Poker Solitaire, open
    Case(
        "poker-open",
        _deal(),
        Move("swap", "b2", "a1"),
        "swap-order",
        "write the swap with the earlier cell first: swap a1-b2",
    ),
    Case(
        "poker-open",
        _deal(),
        Move("swap", "c3", "c3"),
        "same-cell",
        "a swap names two different cells",
    ),
    Case(
        "poker-open",
        lambda g: g.apply(g.deal(2026), "declare"),
        "swap a1-b2",
        "game-over",
        "the game is over: the grid was declared finished",
    ),
    Case(
        "poker-open",
        lambda g: g.apply(g.deal(2026), "declare"),
        Move("swap", "b2", "a1"),
        "game-over",
        "the game is over: the grid was declared finished",
    ),
    Case(
        "poker-open-2",
        lambda g: g.apply(g.apply(g.deal(2026), "swap a1-b2"), "swap a1-b2"),
        "declare",
        "game-over",
        "the game is over: all 2 swaps allowed are made",
    ),
    Case(
        "poker-open",
        _deal(),
        Move("swap", "stock", "a1"),
        "not-a-move",
        "a swap exchanges two cards of the grid: swap a1-b2",
    ),
    Case(
        "poker-open",
        _deal(),
        Move("declare", "stock"),
        "not-a-move",
        "'declare' names no pile: write 'declare'",
    ),
    Case(
        "poker-open",
        _deal(),
        Move("swap", "a1", "b1", count=2),
        "not-a-move",
        "Poker Solitaire moves take no count or detail",
    ),
    Case(
        "poker-open",
        _deal(),
        Move("draw", "stock"),
        "not-a-move",
        "poker-solitaire has no 'draw' move; its moves: declare, swap",
    ),
]


def _position(case: Case, game: Game, clock: Clock) -> State:
    if case.key == "railroad-timed":
        return case.position(game, clock)
    return case.position(game)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.key}:{c.code}:{c.move}")
def test_each_refusal_says_why_with_its_code(case: Case) -> None:
    game, clock = make(case.key)
    state = _position(case, game, clock)
    before = state.to_json()
    legal = game.legal_moves(state)
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, case.move)
    error = refused.value
    assert (error.code, error.reason) == (case.code, case.reason)
    assert error.code in game.refusals and error.state is state
    assert str(error) == f"illegal move {str(error.move)!r}: {case.reason}"
    assert error.move not in legal
    assert state.to_json() == before


@pytest.mark.parametrize("key", VARIANTS)
def test_every_listed_code_is_given_somewhere(key: str) -> None:
    # By a case of this variant, or of another variant of the game with the
    # same table (Devil's Grip builds alike whatever its passes).
    game, _ = make(key)
    alike = {k for k in VARIANTS if VARIANTS[k][0] == VARIANTS[key][0]}
    alike = {k for k in alike if make(k)[0].refusals == game.refusals}
    given = {case.code for case in CASES if case.key in alike}
    assert given == set(game.refusals) - NEVER


# ------------------------------------------------------------ the tables


@pytest.mark.parametrize("key", VARIANTS)
def test_the_refusals_are_a_read_only_table(key: str) -> None:
    game, _ = make(key)
    refusals = game.refusals
    assert dict(COMMON_REFUSALS).items() <= dict(refusals).items()
    with pytest.raises(TypeError):
        refusals["new-code"] = "anything"  # type: ignore[index]
    with pytest.raises(AttributeError):
        game.refusals = {}  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(refusals)) == refusals
    if key != "railroad-timed":  # a clock of the caller's does not travel
        assert pickle.loads(pickle.dumps(game)).refusals == refusals


def test_the_variants_list_only_the_codes_they_can_give() -> None:
    own = {key: set(make(key)[0].refusals) - set(COMMON_REFUSALS) for key in VARIANTS}
    assert own["railroad"] == own["railroad-double"] == {"empty-siding"}
    assert own["railroad-1"] == set()  # one siding empties only at the end
    assert own["railroad-timed"] == {"empty-siding", "time-up"}
    assert own["railroad-race"] == {"empty-siding", "finished"}
    assert own["railroad-race-1"] == {"finished"}
    assert own["poker"] == {"must-place", "nothing-turned", "cell-taken", "card-stays"}
    assert own["poker-open"] == own["poker-open-2"] == {"same-cell", "swap-order"}
    assert own["accordion"] == own["accordion-all"]
    assert own["devils-grip"] == own["devils-grip-1"] == own["devils-grip-3"]


# ------------------------------------------------------------ near misses


def _cell_source(game: Game, state: State, move: Move) -> tuple[Card, ...]:
    return state.piles[move.source or ""].cards if move.source in state.piles else ()


def _top(state: State, name: str | None) -> Card:
    top = state.piles[name or ""].top
    assert top is not None
    return top


def _holds(game: Game, state: State, move: Move, error: IllegalMoveError) -> None:
    """The refusal's code is true of the position: what each code claims holds."""
    code, piles = error.code, state.piles
    family = game.name.split("-")[0]
    if code == "game-over":
        assert not game.legal_moves(state)
    elif code == "time-up":
        assert isinstance(game, Railroad)
        assert state.info["stopped"] or game.time_left(state) == 0
    elif family == "railroad":
        prefix = "" if move.player is None else f"p{move.player}."
        sidings = [n for n in piles if n.startswith(f"{prefix}s")]
        assert not piles[f"{prefix}{move.source}"]
        assert (code == "finished") == (not any(piles[n] for n in sidings))
    elif family == "accordion":
        if code == "stock-empty":
            assert not piles["stock"]
            return
        source, target = piles[move.source or ""], piles[move.target or ""]
        if code == "no-pile":
            assert not source
        elif code == "not-adjacent":
            assert int(move.source[1:]) - int(move.target[1:]) not in (1, 3)  # type: ignore[index]
        elif code == "no-match":
            assert not matches(_top(state, move.source), _top(state, move.target))
        else:
            assert code == "whole-pile" and source and target and move.count != len(source)
    elif family == "calculation":
        if code in ("must-place", "stock-empty"):
            assert move.kind == "draw"
            assert piles["turned"] if code == "must-place" else not piles["stock"]
        elif code == "nothing-turned":
            assert move.source == "turned" and not piles["turned"]
        elif code == "empty-pile":
            assert move.source in WASTES and not piles[move.source]
        elif code == "foundation-stays":
            assert move.source in FOUNDATIONS
        elif code == "waste":
            assert move.source in WASTES and move.target not in FOUNDATIONS
        else:
            assert code == "foundation" and move.target in FOUNDATIONS
            wants = game.wants(state)  # type: ignore[attr-defined]
            assert wants[FOUNDATIONS.index(move.target)] != _top(state, move.source).rank
    elif family == "devils":
        if code == "stock-empty":
            assert move.kind == "draw" and not piles["stock"]
        elif code == "no-redeal":
            assert move.kind == "redeal" and REDEAL not in game.legal_moves(state)
        elif code == "empty-pile":
            assert not piles[move.source or ""]
        elif code == "grid-only":
            assert move.target not in GRID_CELLS
        elif code == "same-cell":
            assert move.source == move.target
        else:
            source = _cell_source(game, state, move)
            top = _top(state, move.target)
            fits = [k for k, c in enumerate(source) if builds_on(c, top)]
            if move.source == "talon":
                fits = fits[-1:] if fits and fits[-1] == len(source) - 1 else []
            if code == "build":
                assert not fits
            elif code == "wrong-count":
                assert fits and move.count != len(source) - fits[0]
            else:
                assert code == "no-change" and piles[move.target or ""].cards == source[: fits[0]]
    else:
        assert family == "poker"
        if code == "must-place":
            assert move == POKER_DRAW and piles["turned"]
        elif code == "nothing-turned":
            assert not piles["turned"]
        elif code == "cell-taken":
            assert piles[move.target or ""]
        elif code == "card-stays":
            assert move.source in POKER_CELLS
        elif code == "same-cell":
            assert move.source == move.target
        else:
            assert code == "swap-order"
            assert POKER_CELLS.index(move.source) > POKER_CELLS.index(move.target)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", VARIANTS)
def test_near_misses_are_refused_with_a_listed_true_code(key: str) -> None:
    game, clock = make(key)
    rng = random.Random(key)
    found = positions(game, range(2), 150)
    anywhere = {m for state in found for m in game.legal_moves(state)}
    codes: Counter[str] = Counter()

    def refuse_all(state: State) -> None:
        snapshot = state.to_json()
        legal = set(game.legal_moves(state))
        elsewhere = sorted(anywhere - legal)
        tries = near_misses(game, state, rng) | set(rng.sample(elsewhere, min(40, len(elsewhere))))
        for move in tries:
            with pytest.raises(IllegalMoveError) as refused:
                game.apply(state, move)
            error = refused.value
            assert error.code in game.refusals and error.code not in NEVER, (move, error)
            assert error.reason and error.move == move and error.state is state
            if error.code == "not-a-move":
                assert move not in anywhere
            else:
                _holds(game, state, move, error)
            codes[error.code] += 1
        assert state.to_json() == snapshot

    for state in found:
        refuse_all(state)
        if key == "railroad-timed" and state.info["started"] is not None:
            clock.now += 3600  # the same positions once time has run out
            refuse_all(state)
            clock.now -= 3600
    assert codes["not-a-move"] and len(codes) > 1
    if key == "railroad-timed":
        assert codes["time-up"]
