"""Refusals in the tableau family: every illegal move says why, in the game's
terms, with a code from the game's refusals.

Three kinds of test: constructed positions for each code, with the exact
reason of the main ones; near misses of the legal moves at random positions
of every game and variant of the family; and, on fewer positions, every
move that names the game's piles, checking that the engine's reasons agree
with its legal moves (a move is refused for a reason exactly when it is not
listed).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest
from arrange import arrange, play
from test_refusals import near_misses, positions

import patience
from patience import Card, Game, IllegalMoveError, Move, State
from patience.games.double_solitaire import DOUBLE_REFUSALS, DoubleSolitaire
from patience.games.joker import JOKER_REFUSALS
from patience.tableau import TABLEAU_REFUSALS, TableauGame, TableauRules

GENERIC = "the rules do not allow it here"

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("klondike", {}),
    ("klondike", {"worrying_back": True}),
    ("klondike", {"partial_runs": True}),
    ("klondike", {"forced_aces": False}),
    ("klondike", {"draw": 1, "passes": 2}),
    ("las-vegas", {}),
    ("joker-solitaire", {}),
    ("double-solitaire", {}),
    ("double-solitaire", {"draw": 1, "passes": 1}),
    ("single-rail", {}),
    ("single-rail", {"worrying_back": True}),
    ("canfield", {}),
    ("canfield", {"unit": "run"}),
    ("canfield", {"unit": "one"}),
    ("thirteen-up", {}),
    ("seahaven-towers", {}),
    ("seahaven-towers", {"tower_runs": True}),
    ("freecell", {}),
    ("freecell", {"cells": 0}),
    ("freecell", {"runs": False}),
    ("bakers-game", {}),
    ("eight-off", {}),
    ("eight-off", {"runs": False}),
    ("streets-and-alleys", {}),
    ("beleaguered-castle", {}),
    ("napoleon", {}),
    ("napoleon", {"forced_aces": False}),
    ("emperor", {}),
    ("emperor", {"worrying_back": False}),
    ("spider", {}),
    ("spider", {"suits": 1}),
    ("spider", {"suits": 2}),
    ("scorpion", {}),
    ("yukon", {}),
    ("russian-solitaire", {}),
    ("fan", {}),
    ("fan", {"by_rows": True, "worrying_back": True}),
    ("alpha-star", {}),
    ("delta-star", {}),
    ("spanish-patience", {}),
    ("fortunes-favor", {}),
    ("somerset", {}),
    ("american-canister", {}),
    ("british-canister", {}),
    ("trigon", {}),
    ("east-haven", {}),
    ("thirty-six", {}),
    ("thirty", {}),
    ("king-albert", {}),
    ("raglan", {}),
    ("northwest-territory", {}),
    ("carpet", {}),
    ("stronghold", {}),
    ("siegecraft", {}),
    ("fore-cell", {}),
    ("fore-cell", {"same_suit": True}),
    ("freecell", {"piles": 5}),
    ("eight-off", {"spaces": "any"}),
    ("spiderette", {}),
    ("spiderette", {"deal_with_spaces": True}),
    ("will-o-the-wisp", {}),
    ("will-o-the-wisp", {"open": True}),
    ("simple-simon", {}),
    ("mrs-mop", {}),
]

# Declarations along axes the built-in games leave alone: building up in one
# colour with wrap-around, no spaces filled, jokers, foundations built down
# from kings, a reserve that fills spaces in a game that does not build, runs
# through cells.
DECLARED = [
    TableauGame(
        "test-up-in-colour",
        TableauRules(
            title="Up in Colour",
            tableau=(3,) * 8,
            face_down=1,
            build="up",
            relation="colour",
            wrap=True,
            unit="face-up",
            space="none",
            cells=2,
            jokers=2,
            base=13,
            foundation_build="down",
            stock="waste",
            draw=2,
            passes=2,
        ),
        {},
    ),
    TableauGame(
        "test-no-building",
        TableauRules(
            title="No Building",
            tableau=(4,) * 6,
            build="none",
            cells=1,
            reserve=5,
            reserve_fills_spaces=True,
            worrying_back=True,
            forced_bases=True,
            stock="deal",
        ),
        {},
    ),
    TableauGame(
        "test-cells",
        TableauRules(
            title="Cells",
            tableau=(7, 7, 7, 7, 6, 6, 6, 6),
            cells=4,
            cell_runs=True,
            space="any",
            stock="none",
        ),
        {},
    ),
]


def variant_id(value: Any) -> str:
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items()) or "default"
    return str(value)


def family() -> list[str]:
    """Every registered game played by the tableau engine."""
    out = []
    for name in patience.games():
        game = patience.game(name)
        if isinstance(game, (TableauGame, DoubleSolitaire)):
            out.append(name)
    return out


BUILT_IN = {
    "klondike",
    "las-vegas",
    "joker-solitaire",
    "double-solitaire",
    "single-rail",
    "canfield",
    "thirteen-up",
    "seahaven-towers",
    "streets-and-alleys",
    "beleaguered-castle",
    "napoleon",
    "emperor",
    "spider",
    "scorpion",
    "yukon",
    "russian-solitaire",
    "freecell",
    "bakers-game",
    "eight-off",
}


def test_the_variants_cover_the_whole_family() -> None:
    assert BUILT_IN <= set(family()) <= {name for name, _ in VARIANTS}


def test_the_codes_are_read_only_and_pickle() -> None:
    import pickle

    for refusals in (TABLEAU_REFUSALS, JOKER_REFUSALS, DOUBLE_REFUSALS):
        assert pickle.loads(pickle.dumps(refusals)) == refusals
        with pytest.raises(TypeError):
            refusals["new"] = "meaning"  # type: ignore[index]
    for name in family():
        game = patience.game(name)
        assert set(TABLEAU_REFUSALS) <= set(game.refusals)
        assert list(game.refusals)[: len(TABLEAU_REFUSALS)] == list(TABLEAU_REFUSALS)
    assert patience.game("klondike").refusals is TABLEAU_REFUSALS
    assert patience.game("joker-solitaire").refusals is JOKER_REFUSALS
    assert patience.game("double-solitaire").refusals is DOUBLE_REFUSALS


# ------------------------------------------------------------ positions


def placed(
    game: Game,
    state: State,
    tops: Mapping[str, Sequence[str]],
    down: Mapping[str, int] | None = None,
) -> State:
    """``state`` with ``tops[pile]`` on top of ``pile``, top card first.

    Each card is swapped with one of its copies from wherever it lies (not
    one already placed), so this works with two packs too; ``down`` sets
    face-down counts. The position is loaded with ``from_json``, so it must
    be one the game accepts.
    """
    data = game.to_json(state)
    piles = data["piles"]
    fixed: set[tuple[str, int]] = set()
    for name, texts in tops.items():
        size = len(piles[name]["cards"])
        for j, text in enumerate(texts):
            want = str(Card.parse(text))
            spot = (name, size - 1 - j)
            here = piles[name]["cards"][spot[1]]
            if here != want:
                later = spots(tops, piles)
                copies = [
                    (n, i)
                    for n, p in piles.items()
                    for i, c in enumerate(p["cards"])
                    if c == want and (n, i) not in fixed
                ]
                other = min(copies, key=lambda place: place in later)
                piles[other[0]]["cards"][other[1]] = here
                piles[name]["cards"][spot[1]] = want
            fixed.add(spot)
    for name, count in (down or {}).items():
        piles[name]["down"] = count
    return game.from_json(data)


def spots(tops: Mapping[str, Sequence[str]], piles: Mapping[str, Any]) -> set[tuple[str, int]]:
    """The places ``placed`` fills."""
    out = set()
    for name, texts in tops.items():
        size = len(piles[name]["cards"])
        out.update((name, size - 1 - j) for j in range(len(texts)))
    return out


def dealt(game: Game, **tops: list[str]) -> State:
    """A deal with ``tops`` on the piles named (one-pack games)."""
    return game.deal_from(arrange(game, tops))


def refused(game: Game, state: State, move: str | Move) -> IllegalMoveError:
    snapshot = game.to_json(state)
    with pytest.raises(IllegalMoveError) as info:
        game.apply(state, move)
    assert game.to_json(state) == snapshot
    error = info.value
    assert error.state is state
    assert error.code in game.refusals and error.code != "illegal", error
    assert error.reason and GENERIC not in error.reason
    return error


def check(game: Game, state: State, move: str | Move, code: str, reason: str | None) -> None:
    error = refused(game, state, move)
    assert (error.code, error.reason if reason is not None else None) == (code, reason)


FREE = patience.game("klondike", forced_aces=False)
KLONDIKE = patience.game("klondike")
TWO_PASSES = patience.game("klondike", draw=1, passes=2, forced_aces=False)
VEGAS = patience.game("las-vegas", forced_aces=False)
RAIL = patience.game("single-rail")
RAIL_BACK = patience.game("single-rail", worrying_back=True)
CANFIELD = patience.game("canfield")
SEAHAVEN = patience.game("seahaven-towers")
TOWERS = patience.game("seahaven-towers", tower_runs=True)
STREETS = patience.game("streets-and-alleys")
NAPOLEON = patience.game("napoleon", forced_aces=False)
SPIDER = patience.game("spider")
JOKER = patience.game("joker-solitaire")
DOUBLE = patience.game("double-solitaire")

QUIET = {
    "t1": ["9S"],
    "t2": ["5C"],
    "t3": ["JS"],
    "t4": ["3C"],
    "t5": ["8S"],
    "t6": ["6S"],
    "t7": ["TC"],
}
"""Klondike tops with no move among them."""


def quiet(game: Game = FREE, **tops: list[str]) -> State:
    return dealt(game, **{**QUIET, **tops})


def on_8s() -> State:
    """:func:`quiet` with the 7D moved from t1 onto the 8S on t5: t1 is a space."""
    return play(FREE, quiet(t1=["7D"]), "t1-t5")


def klondike_without_stock() -> State:
    """A Klondike position whose stock and waste are empty: the clubs and the
    diamonds up to the jack are on the foundations."""
    up = [f"{r}C" for r in "A23456789TJQK"] + [f"{r}D" for r in "A23456789TJ"]
    rest = [str(c) for c in FREE.deck if str(c) not in up]
    data = FREE.to_json(FREE.deal_from(arrange(FREE, {"t1": ["QD"]}, fill=rest)))
    data["piles"]["stock"] = {"cards": [], "down": 0}
    data["piles"]["f1"] = {"cards": up[:13], "down": 0}
    data["piles"]["f2"] = {"cards": up[13:], "down": 0}
    return FREE.from_json(data)


def all_up(game: Game) -> State:
    data = game.to_json(game.deal(0))
    for name in data["piles"]:
        data["piles"][name] = {"cards": [], "down": 0}
    for k, suit in enumerate("CDHS"):
        data["piles"][f"f{k + 1}"]["cards"] = [f"{r}{suit}" for r in "A23456789TJQK"]
    return game.from_json(data)


def stuck(game: Game) -> State:
    """A position with no legal move, from random play."""
    for state in positions(game, range(20), 400):
        if not game.legal_moves(state):
            return state
    raise AssertionError("no stuck position found")


def spider_with_space() -> State:
    data = SPIDER.to_json(SPIDER.deal(1))
    piles = data["piles"]
    piles["t1"]["cards"] += piles["t10"]["cards"]
    piles["t10"] = {"cards": [], "down": 0}
    return SPIDER.from_json(data)


def twins() -> State:
    """Napoleon with t1 = ... 9S 8S and t2 = ... 9S 7H, and the 8H on t3."""
    base = NAPOLEON.deal(2)
    rows = {"t1": ["8S", "9S", "4D", "QC"], "t2": ["7H", "9S", "4D", "QC"], "t3": ["8H"]}
    return placed(NAPOLEON, base, rows)


Case = tuple[Game, Callable[[], State], str | Move, str, str | None]

CASES: list[Case] = [
    # notation the game reads but cannot play
    (
        FREE,
        lambda: FREE.deal(1),
        Move("move", "t9", "t1"),
        "not-a-move",
        "klondike has no pile 't9'",
    ),
    (
        FREE,
        lambda: FREE.deal(1),
        Move("deal", "stock"),
        "not-a-move",
        "klondike has no 'deal' move; its moves: draw, move, redeal",
    ),
    (
        FREE,
        lambda: FREE.deal(1),
        Move("draw", "t1"),
        "not-a-move",
        "'draw' acts on the stock alone",
    ),
    (
        FREE,
        lambda: FREE.deal(1),
        Move("draw", "stock", count=3),
        "not-a-move",
        "'draw' acts on the stock alone",
    ),
    (
        FREE,
        lambda: FREE.deal(1),
        Move("move", "t1", "t2", detail="KH"),
        "not-a-move",
        "a card move takes no detail, not '=KH'",
    ),
    (FREE, lambda: FREE.deal(1), Move("draw"), "not-a-move", None),
    # the end of the game
    (
        FREE,
        lambda: all_up(FREE),
        "draw",
        "game-over",
        "the game is won: every card is on the foundations",
    ),
    (VEGAS, lambda: stuck(VEGAS), "t1-t2", "game-over", "the game is over: no move is left"),
    # the pile taken from
    (
        FREE,
        lambda: FREE.deal(1),
        "t1-t1",
        "same-pile",
        "t1 is both where the cards come from and where they go",
    ),
    (FREE, lambda: FREE.deal(1), "stock-t1", "source", "cards leave the stock only by 'draw'"),
    (SPIDER, lambda: SPIDER.deal(1), "stock-t1", "source", "cards leave the stock only by 'deal'"),
    (
        FREE,
        lambda: play(FREE, quiet(t1=["AC"]), "t1-f1"),
        "f1-t2",
        "foundation-stays",
        "a card on a foundation stays there:"
        " cards never come back from the foundations in this game",
    ),
    (
        RAIL_BACK,
        lambda: play(RAIL_BACK, dealt(RAIL_BACK, t1=["AC"]), "t1-f1"),
        "f1-f2",
        "foundation-stays",
        "a card comes back from a foundation only to the tableau",
    ),
    (FREE, lambda: FREE.deal(1), "waste-t1", "empty", "the waste is empty"),
    (FREE, on_8s, "t1-t2", "empty", "t1 is empty"),
    (
        FREE,
        lambda: FREE.deal(1),
        "t3-t4 x2",
        "face-down",
        "2 cards from t3 would take a face-down card: only 1 is face up",
    ),
    # the cards taken
    (FREE, lambda: FREE.deal(1), "t2-t3 x3", "unit", "t2 holds only 2 cards"),
    (FREE, on_8s, "t5-t2", "unit", "the run of 2 face-up cards on t5 moves only as a whole"),
    (
        FREE,
        lambda: play(FREE, on_8s(), "draw"),
        "waste-t5 x2",
        "unit",
        "only the top card of the waste is in play",
    ),
    (STREETS, lambda: STREETS.deal(1), "t1-t2 x2", "unit", "only one card moves at a time"),
    (
        STREETS,
        lambda: STREETS.deal(1),
        "t1-f1 x2",
        "unit",
        "cards go to a foundation one at a time",
    ),
    (
        TOWERS,
        lambda: placed(TOWERS, TOWERS.deal(1), {"t1": ["5S", "6S", "7S", "8S"], "t2": ["9S"]}),
        "t1-t2 x4",
        "unit",
        "with 2 free cells, at most 3 cards move as one",
    ),
    (
        SPIDER,
        lambda: placed(SPIDER, SPIDER.deal(1), {"t1": ["8H", "9C"], "t2": ["TD"]}, {"t1": 3}),
        "t1-t2 x2",
        "unit",
        "the top 2 cards of t1 are not a run built down in one suit: only such a run moves"
        " as a unit",
    ),
    (
        CANFIELD,
        lambda: CANFIELD.deal(1),
        "reserve-t4 x2",
        "unit",
        "only the top card of the reserve is in play",
    ),
    # the pile put on
    (FREE, lambda: FREE.deal(1), "t1-stock", "target", "nothing is put on the stock"),
    (
        FREE,
        lambda: FREE.deal(1),
        "t1-waste",
        "target",
        "the waste takes cards only from the stock, by 'draw'",
    ),
    (
        CANFIELD,
        lambda: CANFIELD.deal(1),
        "t1-reserve",
        "target",
        "nothing is put on the reserve: it only gives cards",
    ),
    (
        FREE,
        lambda: dealt(FREE, t1=["8H"], t2=["9H"]),
        "t1-t2",
        "build",
        "8♥ does not go on 9♥: build down in alternating colours",
    ),
    (
        SEAHAVEN,
        lambda: placed(SEAHAVEN, SEAHAVEN.deal(1), {"t1": ["8H"], "t2": ["9D"]}),
        "t1-t2",
        "build",
        "8♥ does not go on 9♦: build down in suit",
    ),
    (
        CANFIELD,
        lambda: CANFIELD.deal(1),
        "t2-t1",
        "build",
        "5♥ does not go on J♥: build down in alternating colours, a king on an ace",
    ),
    (
        STREETS,
        lambda: placed(STREETS, STREETS.deal(1), {"t1": ["10H"], "t2": ["10C"]}),
        "t1-t2",
        "build",
        "10♥ does not go on 10♣: build down regardless of suit",
    ),
    (FREE, on_8s, "t2-t1", "space", "only a king may fill a space"),
    (
        RAIL,
        lambda: play(RAIL, dealt(RAIL, t1=["8H"], t2=["9C"]), "t1-t2"),
        "t3-t1",
        "no-change",
        "moving the whole of t3 into a space changes nothing",
    ),
    (
        NAPOLEON,
        lambda: play(NAPOLEON, twins(), "t2-t3"),
        "t1-t2",
        "no-change",
        "t1 would be left holding just what t2 holds now: the move only swaps two piles",
    ),
    (FREE, lambda: FREE.deal(1), "t1-f1", "foundation", "a foundation starts with an ace"),
    (
        FREE,
        lambda: play(FREE, quiet(t1=["AC"], t2=["4C"]), "t1-f1"),
        "t2-f1",
        "foundation",
        "f1 takes 2♣ next",
    ),
    (
        CANFIELD,
        lambda: CANFIELD.deal(1),
        "t3-f2",
        "foundation",
        "a foundation starts with a 2, the rank of the card dealt to f1",
    ),
    (
        SPIDER,
        lambda: SPIDER.deal(1),
        "t1-f1",
        "foundation",
        "only a complete suit goes to a foundation, and it leaves the tableau by itself",
    ),
    (
        SEAHAVEN,
        lambda: placed(SEAHAVEN, SEAHAVEN.deal(1), {"c1": ["KC"]}),
        "t1-c1",
        "cell",
        "c1 already holds K♣",
    ),
    (
        SEAHAVEN,
        lambda: placed(SEAHAVEN, SEAHAVEN.deal(1), {"c1": ["KC"]}),
        "c1-c3",
        "cell",
        "only the top card of a tableau pile goes to a cell",
    ),
    # the stock
    (
        TWO_PASSES,
        lambda: play(TWO_PASSES, quiet(TWO_PASSES), *["draw"] * 24),
        "draw",
        "stock-empty",
        "the stock is empty: redeal to turn the waste over",
    ),
    (
        VEGAS,
        lambda: play(VEGAS, quiet(VEGAS, t1=["7D"]), *["draw"] * 24),
        "draw",
        "stock-empty",
        "the stock is empty",
    ),
    (
        FREE,
        klondike_without_stock,
        "redeal",
        "stock-empty",
        "the stock and the waste are empty: there is nothing to redeal",
    ),
    (
        SPIDER,
        lambda: play(SPIDER, SPIDER.deal(1), *["deal"] * 6),
        "deal",
        "stock-empty",
        "the stock is empty",
    ),
    (
        FREE,
        lambda: FREE.deal(1),
        "redeal",
        "no-redeal",
        "the stock still holds 24 cards: the waste is turned over only once the stock is empty",
    ),
    (
        VEGAS,
        lambda: play(VEGAS, quiet(VEGAS, t1=["7D"]), *["draw"] * 24),
        "redeal",
        "no-redeal",
        "there is no redeal: the stock is gone through once only",
    ),
    (
        TWO_PASSES,
        lambda: play(
            TWO_PASSES, quiet(TWO_PASSES, t1=["7D"]), *["draw"] * 24, "redeal", *["draw"] * 24
        ),
        "redeal",
        "no-redeal",
        "no redeal is left: all 2 passes through the stock are used",
    ),
    (
        FREE,
        lambda: play(FREE, quiet(t1=["7D"]), *["draw"] * 8),
        "redeal",
        "no-redeal",
        "the last pass through the stock made no progress, so there is no redeal",
    ),
    (
        SPIDER,
        spider_with_space,
        "deal",
        "deal-spaces",
        "every space must be filled before a deal: t10 is empty",
    ),
    # forced aces
    (
        KLONDIKE,
        lambda: dealt(KLONDIKE, t1=["AC"]),
        "draw",
        "forced-base",
        "the ace of clubs on t1 must go to a foundation first (forced_aces)",
    ),
    (
        KLONDIKE,
        lambda: play(KLONDIKE, quiet(KLONDIKE, stock=["2S", "3S", "AD"]), "draw"),
        "draw",
        "forced-base",
        "the ace of diamonds on the waste must go to a foundation first (forced_aces)",
    ),
    # Joker Solitaire: the black joker alone on t1, 6D on t2, 7C on t4
    (
        JOKER,
        lambda: JOKER.deal(1),
        "t1-t2",
        "designation",
        "the black joker stands for nothing yet: say what it is as it is played, as in =5",
    ),
    (
        JOKER,
        lambda: JOKER.deal(1),
        "t1-t2 =4",
        "designation",
        "on 6♦ the black joker can only be a 5, not a 4",
    ),
    (
        JOKER,
        lambda: JOKER.deal(1),
        "t1-t2 =5D",
        "designation",
        "the black joker stands for a black card: a club or spade",
    ),
    (
        JOKER,
        lambda: JOKER.deal(1),
        "t1-f1 =AC",
        "designation",
        "on f1 the black joker can only be an ace, its suit left open: write =A",
    ),
    (
        JOKER,
        lambda: JOKER.deal(1),
        "t2-t3 =5",
        "designation",
        "6♦ is a real card: only a joker that stands for nothing is given a designation",
    ),
    (
        JOKER,
        lambda: JOKER.deal(1),
        Move("move", "t1", "t2", detail="zz"),
        "not-a-move",
        "'=zz' is not a designation: a rank, and a suit once it is fixed, as in =7 or =7C",
    ),
    (
        JOKER,
        lambda: JOKER.deal(1),
        "t1-t4 =6",
        "build",
        "the black joker does not go on 7♣: build down in alternating colours",
    ),
    (
        JOKER,
        lambda: play(JOKER, JOKER.deal_from(arrange(JOKER, {"stock": ["RJ"]})), "draw"),
        "waste-f1 =A",
        "tableau-first",
        "a joker from the stock or the waste goes to the tableau first",
    ),
    (
        JOKER,
        lambda: JOKER.deal(1),
        "t4-out",
        "out-of-play",
        "only a joker goes out of play, not 7♣",
    ),
    (
        JOKER,
        lambda: play(JOKER, JOKER.deal(1), "t1-out"),
        "out-t3",
        "source",
        "a joker out of play stays out of play",
    ),
    # Double Solitaire: player 1 is to move at the deal of seed 1
    (DOUBLE, lambda: DOUBLE.deal(1), "p0 draw", "not-your-turn", "it is player 1's turn"),
    (
        DOUBLE,
        lambda: DOUBLE.deal(1),
        "p1.t1-p0.t1",
        "other-player",
        "p0.t1 is player 0's: a player may not touch the other player's stock, waste or tableau",
    ),
    (
        DOUBLE,
        lambda: DOUBLE.deal(1),
        "pass",
        "no-pass",
        "a player may pass only when they can neither draw nor redeal",
    ),
    (
        DOUBLE,
        lambda: DOUBLE.deal(1),
        "p1.t5-p1.t2",
        "build",
        "4♣ does not go on K♦: build down in alternating colours",
    ),
    (DOUBLE, lambda: DOUBLE.deal(1), "p1.waste-f1", "empty", "the waste is empty"),
    (
        DOUBLE,
        lambda: DOUBLE.deal(1),
        "p1.t3-p1.t4 x2",
        "face-down",
        "2 cards from p1.t3 would take a face-down card: only 1 is face up",
    ),
    (
        DOUBLE,
        lambda: DOUBLE.deal(1),
        Move("move", "p1.t1", "p1.t2", player=1, detail="x"),
        "not-a-move",
        None,
    ),
]


@pytest.mark.parametrize(
    ("game", "position", "move", "code", "reason"),
    CASES,
    ids=[f"{g.name}:{m}:{c}" for g, _, m, c, _ in CASES],
)
def test_a_constructed_refusal(
    game: Game, position: Callable[[], State], move: str | Move, code: str, reason: str | None
) -> None:
    check(game, position(), move, code, reason)


def test_every_listed_code_is_produced() -> None:
    listed = set(DOUBLE_REFUSALS) | set(JOKER_REFUSALS)
    produced = {code for _, _, _, code, _ in CASES}
    # "nowhere" and "elsewhere" answer Game.pick_up_refusal (test_frontend_api).
    assert listed - produced == {"illegal", "nowhere", "elsewhere"}


def test_double_solitaire_game_over_says_how() -> None:
    state = play(DOUBLE, DOUBLE.deal(1), "p1.t4-f1")
    for _ in range(500):
        moves = DOUBLE.legal_moves(state)
        if not moves:
            break
        state = DOUBLE.apply(state, next((m for m in moves if m.kind == "pass"), moves[-1]))
    error = refused(DOUBLE, state, "p0 pass")
    assert (error.code, error.reason) == (
        "game-over",
        "the game is over: both players have passed in a row",
    )


def test_a_named_joker_is_named_as_the_joker() -> None:
    state = play(JOKER, JOKER.deal(1), "t1-t2 =5C")
    error = refused(JOKER, state, "t2-t4")
    assert (error.code, error.reason) == (
        "unit",
        "the run of 2 face-up cards on t2 moves only as a whole",
    )
    error = refused(JOKER, state, "t2-t3 x2")
    assert error.reason == "6♦ does not go on 7♦: build down in alternating colours"
    error = refused(JOKER, state, "t2-t1 x2")
    assert error.reason == "only a king may fill a space"
    ace = play(JOKER, dealt(JOKER, t1=["BJ"], t2=["2D"]), "t1-t2 =A")
    error = refused(JOKER, ace, "t2-f1")
    assert (error.code, error.reason) == (
        "designation",
        "the black joker (an ace, its suit open) goes up to f1 as =A: write it with the move",
    )
    error = refused(JOKER, ace, "t2-f1 =AS")
    assert error.reason == "the black joker (an ace, its suit open) goes up to f1 as =A, not =AS"
    error = refused(JOKER, ace, "t2-t3 =A")
    assert error.reason == (
        "the black joker (an ace, its suit open) already stands for a card: it moves without one"
    )


# ------------------------------------------------------- random positions


def variant(name: str, options: dict[str, Any]) -> Game:
    return patience.game(name, **options)


@pytest.mark.parametrize(
    ("name", "options"), VARIANTS, ids=[f"{n}-{variant_id(o)}" for n, o in VARIANTS]
)
def test_near_misses_are_refused_with_a_code_and_a_reason(
    name: str, options: dict[str, Any]
) -> None:
    game = variant(name, options)
    rng = random.Random(f"{name}{options}")
    for state in positions(game, range(2), 150):
        snapshot = game.to_json(state)
        for move in near_misses(game, state, rng):
            refusal(game, state, move)
        assert game.to_json(state) == snapshot


def candidates(game: Game, state: State, details: Sequence[str] = ()) -> Iterable[Move]:
    """Every card move between two of the game's piles, of one card up to
    one more than the source has face up, every stock action on every pile,
    and, for a joker on top of a pile, card moves with each of ``details``.

    In a game of several players, the player to move makes them all, and the
    others a sample (all refused for the turn)."""
    names = list(state.piles)
    piles = state.piles
    players: list[int | None] = [None]
    if game.players > 1:
        turn = state.info["turn"]
        assert isinstance(turn, int)
        players = [turn, 1 - turn]
    for n, player in enumerate(players):
        for s in names:
            pile = piles[s]
            up = max(len(pile) - pile.down, 1)
            top = pile.top
            for t in names if n == 0 else names[:3]:
                for k in range(1, up + 2):
                    yield Move("move", s, t, k, player)
                if details and top is not None and top.is_joker:
                    for detail in details:
                        yield Move("move", s, t, 1, player, detail)
        for kind in sorted(game.move_kinds - {"move"}):
            if kind == "pass":
                yield Move(kind, player=player)
                continue
            for s in names:
                yield Move(kind, s, player=player)


def refusal(game: Game, state: State, move: Move) -> str:
    """The code of the refusal of ``move``, checked as :func:`refused` checks
    it (but cheaply: many moves are refused here)."""
    try:
        game.apply(state, move)
    except IllegalMoveError as error:
        assert error.code in game.refusals and error.code != "illegal", (move, error.reason)
        assert error.reason and GENERIC not in error.reason
        assert error.move is move and error.state is state
        return error.code
    raise AssertionError(f"{move} was not refused")


DETAILS = [rank + suit for rank in "A23456789TJQK" for suit in ("", "C", "D", "H", "S")]

EVERY_MOVE = [*VARIANTS, *((game.name, game) for game in DECLARED)]


@pytest.mark.parametrize(
    ("name", "options"),
    EVERY_MOVE,
    ids=[f"{n}-{variant_id(o)}" for n, o in EVERY_MOVE],
)
def test_the_reasons_agree_with_the_legal_moves(name: str, options: Any) -> None:
    """Every move naming the game's piles: a listed move has no fault (so the
    reasons never speak against a legal move), and every other is refused
    with a code, and for a fault the rules name."""
    game = options if isinstance(options, Game) else variant(name, options)
    details = DETAILS if name == "joker-solitaire" else ()
    seen: set[str] = set()
    for state in positions(game, range(2), 100)[::5]:
        legal = set(game.legal_moves(state))
        engine = game if isinstance(game, TableauGame) else None
        for move in candidates(game, state, details):
            if move in legal:
                if engine is not None:
                    assert engine._fault(state, move, engine._names) is None, move
                continue
            seen.add(refusal(game, state, move))
    assert {"unit", "same-pile"} <= seen
