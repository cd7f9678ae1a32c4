"""Golf and TriPeaks: the rules of clearing a table onto the waste by rank."""

from __future__ import annotations

import random

import pytest

import patience
from patience import Card, IllegalMoveError, InvalidStateError, Move, Pile, State
from patience.game import COMMON_REFUSALS, Game
from patience.games.peaks import COLUMNS, DRAW, PEAK_COVERS, PEAK_ROWS, Golf, next_to

PLACES = [n for row in PEAK_ROWS for n in row]


def golf_order(free: list[str], stock_top: str) -> list[str]:
    """A Golf deck order with ``free`` as the columns' free cards and
    ``stock_top`` turned first."""
    game = patience.game("golf")
    rest = [str(c) for c in game.deck if str(c) not in [*free, stock_top]]
    return rest[:28] + free + [stock_top] + rest[28:]


FREE = ["QH", "AS", "9C", "5D", "7S", "2C", "JD"]


def opened(game: Game, order: list[str]) -> State:
    return game.apply(game.deal_from(order), "draw")


# ------------------------------------------------------------------ Golf


def test_golf_deals_seven_columns_of_five_and_a_stock_of_17() -> None:
    game = patience.game("golf")
    cards = game.shuffled_cards(7)
    state = game.deal(7)
    for k, col in enumerate(COLUMNS):
        pile = state.piles[col]
        assert pile.cards == tuple(cards[r * 7 + k] for r in range(5)) and pile.down == 0
    assert len(state.piles["stock"]) == 17 and state.piles["stock"].top == cards[35]
    assert state.piles["stock"].down == 17 and not state.piles["waste"]
    assert game.legal_moves(state) == (DRAW,)
    assert game.score(state) == 35 and game.better is patience.Better.LOWER


def test_golf_plays_one_rank_either_way_whatever_the_suit() -> None:
    game = patience.game("golf")
    state = opened(game, golf_order(["4H", "6S", "5C", "9C", "7S", "2C", "JD"], "5D"))
    assert [str(m) for m in game.legal_moves(state)] == ["c1-waste", "c2-waste", "draw stock"]
    state = game.apply(state, "c2")
    assert state.piles["waste"].top == Card.parse("6S")
    assert [str(m) for m in game.legal_moves(state)][:2] == ["c3-waste", "c5-waste"]


@pytest.mark.parametrize(
    ("options", "legal"),
    [
        ({}, []),
        ({"dead_king": False}, ["c1-waste"]),
        ({"wrap": True}, []),
        ({"wrap": True, "dead_king": False}, ["c1-waste", "c2-waste"]),
    ],
)
def test_golf_kings_and_wrapping_follow_the_options(
    options: dict[str, bool], legal: list[str]
) -> None:
    game = patience.game("golf", **options)
    state = opened(game, golf_order(FREE, "KS"))
    assert [str(m) for m in game.legal_moves(state)] == [*legal, "draw stock"]
    if not legal:
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(state, "c1-waste")
        assert refused.value.code == ("dead-king" if game.dead_king else "rank")  # type: ignore[attr-defined]


def test_golf_ace_goes_only_on_a_two_without_wrap() -> None:
    plain, wrapping = patience.game("golf"), patience.game("golf", wrap=True)
    order = golf_order(["KH", "2S", "9C", "5D", "7S", "4C", "JD"], "AD")
    assert [str(m) for m in plain.legal_moves(opened(plain, order))] == ["c2-waste", "draw stock"]
    assert [str(m) for m in wrapping.legal_moves(opened(wrapping, order))][:2] == [
        "c1-waste",
        "c2-waste",
    ]
    with pytest.raises(IllegalMoveError, match="do not wrap") as refused:
        plain.apply(opened(plain, order), "c1-waste")
    assert refused.value.code == "rank"


def test_next_to() -> None:
    seven = Card.parse("7C")
    assert next_to(seven, Card.parse("6H"), False) and next_to(seven, Card.parse("8D"), False)
    assert not next_to(seven, Card.parse("9D"), True) and not next_to(seven, seven, True)


def test_golf_won_stops_and_scores_zero() -> None:
    game = patience.game("golf")
    state = game.deal(3)
    piles = dict(state.piles.items())
    everything = [c for p in piles.values() for c in p.cards]
    empty = patience.Pile(())
    won = game.make_state(
        {
            "stock": patience.Pile(tuple(everything[:10]), 10),
            "waste": patience.Pile(tuple(everything[10:])),
            **{c: empty for c in COLUMNS},
        }
    )
    assert game.legal_moves(won) == () and game.is_won(won) and game.is_over(won)
    assert game.score(won) == 0 and game.result(won).ending == "won"
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(won, "draw")
    assert refused.value.code == "game-over"


def test_every_move_is_progress_and_play_ends_without_a_search() -> None:
    for name in ("golf", "tripeaks"):
        game = patience.game(name)
        rng = random.Random(name)
        for seed in range(20):
            state = game.deal(seed)
            while game.legal_moves(state):
                before = game.progress(state)
                assert not game.is_over(state) and not game.is_over(state, search=False)
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                assert game.progress(state) < before  # a pair of counts, each only falling
            assert game.is_over(state, search=False)
            assert game.result(state).ending in ("won", "no moves")
            assert not state.piles["stock"] or game.is_won(state)


def test_golf_loading_checks_the_columns_and_the_stock() -> None:
    game = patience.game("golf")
    data = game.deal(1).to_json()
    data["piles"]["c1"]["cards"].append(data["piles"]["c2"]["cards"].pop())
    with pytest.raises(InvalidStateError, match="c1 holds more than 5 cards"):
        game.from_json(data)
    data = game.deal(1).to_json()
    data["piles"]["stock"]["cards"].append(data["piles"]["c2"]["cards"].pop())
    data["piles"]["stock"]["down"] += 1
    with pytest.raises(InvalidStateError, match="more than 17"):
        game.from_json(data)
    data = game.deal(1).to_json()
    data["piles"]["c3"]["down"] = 1
    with pytest.raises(InvalidStateError, match="face-down"):
        game.from_json(data)


# ------------------------------------------------------------------ TriPeaks


def test_the_peaks_overlap_as_three_pyramids_on_a_shared_base() -> None:
    assert len(PLACES) == 28 and set(PEAK_COVERS) == set(PLACES[:18])
    under: dict[str, int] = {}
    for place, covers in PEAK_COVERS.items():
        assert len(set(covers)) == 2
        row = "abcd".index(place[0])
        assert all("abcd".index(c[0]) == row + 1 for c in covers)
        for c in covers:
            under[c] = under.get(c, 0) + 1
    # Each base card but the two ends lies on two cards of row c; the peaks'
    # inner rows share no card between peaks.
    assert [under[f"d{k}"] for k in range(1, 11)] == [1] + [2] * 8 + [1]
    assert [under[f"b{k}"] for k in range(1, 7)] == [1] * 6
    assert [under[f"c{k}"] for k in range(1, 10)] == [1, 2, 1, 1, 2, 1, 1, 2, 1]


def test_tripeaks_deal_shows_the_base_row_only() -> None:
    game = patience.game("tripeaks")
    cards = game.shuffled_cards(11)
    state = game.deal(11)
    for k, place in enumerate(PLACES):
        assert state.piles[place].cards == (cards[k],)
        assert state.piles[place].down == (0 if place[0] == "d" else 1)
    assert state.piles["stock"].top == cards[28] and len(state.piles["stock"]) == 24
    view = game.view(state)
    assert all(view.piles[p].cards[0].is_hidden == (p[0] != "d") for p in PLACES)


def test_a_card_turns_up_when_both_covers_are_gone() -> None:
    game = patience.game("tripeaks")
    deck = [str(c) for c in game.deck]
    # d1 5H, d2 4H, the stock turns 6S first: d1 then d2 go, and c1 turns up.
    chosen = {"d1": "5H", "d2": "4H", "c1": "QC"}
    rest = [c for c in deck if c not in [*chosen.values(), "6S"]]
    order = [chosen.get(p) or rest.pop(0) for p in PLACES] + ["6S"] + rest
    state = opened(game, order)
    state = game.apply(state, "d1")
    assert state.piles["c1"].down == 1 and "c1-waste" not in map(str, game.legal_moves(state))
    with pytest.raises(IllegalMoveError, match="c1 is covered by d2") as refused:
        game.apply(state, "c1")
    assert refused.value.code == "covered"
    after, events = game.apply_events(state, "d2")
    assert after.piles["c1"].down == 0 and game.view(after).piles["c1"].cards == (Card.parse("QC"),)
    assert [type(e).__name__ for e in events][:2] == ["CardsMoved", "CardsTurned"]
    assert game.play_events(state, events) == after


def test_tripeaks_wraps_by_default() -> None:
    order_game = patience.game("tripeaks")
    deck = [str(c) for c in order_game.deck]
    rest = [c for c in deck if c not in ("AH", "KS")]
    order = [*rest[:18], "AH", *rest[18:27], "KS", *rest[27:]]
    wrapping, plain = order_game, patience.game("tripeaks", wrap=False)
    assert "d1-waste" in map(str, wrapping.legal_moves(opened(wrapping, order)))
    assert "d1-waste" not in map(str, plain.legal_moves(opened(plain, order)))


def test_tripeaks_loading_checks_what_lies_on_an_empty_place() -> None:
    game = patience.game("tripeaks")
    data = game.deal(2).to_json()
    card = data["piles"]["c1"]["cards"].pop()
    data["piles"]["c1"]["down"] = 0
    data["piles"]["waste"]["cards"].append(card)
    with pytest.raises(InvalidStateError, match="c1 is empty but d1 and d2 still lie on it"):
        game.from_json(data)


# ------------------------------------------------------------------ refusals


def test_every_refusal_code_is_given() -> None:
    given: dict[str, set[str]] = {"golf": set(), "tripeaks": set()}

    def refuse(game: Game, state: State, move: Move | str) -> None:
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(state, move)
        assert refused.value.code in game.refusals
        given[game.name].add(refused.value.code)

    golf = patience.game("golf")
    fresh = golf.deal(2026)
    refuse(golf, fresh, "c1-waste")  # no-waste
    state = opened(golf, golf_order(FREE, "KS"))
    refuse(golf, state, "c1-waste")  # dead-king
    refuse(golf, golf.apply(fresh, "draw"), "c1-waste")  # rank
    refuse(golf, state, "c1-c2")  # waste-only
    refuse(golf, state, Move("move", "c1", "waste", 2))  # not-a-move
    cleared = golf.make_state({**dict(state.piles.items()), "c1": patience.Pile(())})
    refuse(golf, cleared, "c1-waste")  # empty-pile
    # The stock used up under a waste whose 5D still takes the 4H at c1.
    state = opened(golf, golf_order(["4H", "6S", "5C", "9C", "7S", "2C", "JD"], "5D"))
    piles = dict(state.piles.items())
    waste = patience.Pile(piles["stock"].cards + piles["waste"].cards)
    used_up = golf.make_state({**piles, "stock": patience.Pile(()), "waste": waste})
    assert golf.legal_moves(used_up)
    refuse(golf, used_up, "draw")  # stock-empty
    lost = golf.make_state(
        {
            **piles,
            "stock": patience.Pile(()),
            "c1": patience.Pile(()),
            "c2": patience.Pile(()),
            "waste": patience.Pile(
                piles["stock"].cards + piles["c1"].cards + piles["c2"].cards + piles["waste"].cards
            ),
        }
    )
    refuse(golf, lost, "draw")  # game-over
    peaks = patience.game("tripeaks")
    state = peaks.apply(peaks.deal(2026), "draw")
    refuse(peaks, state, "c1")  # covered
    refuse(peaks, state, "d1")  # rank
    refuse(peaks, state, "waste-d1")  # not-a-move
    assert {"no-waste", "dead-king", "rank", "waste-only", "not-a-move", "empty-pile"} <= given[
        "golf"
    ]
    assert {"covered", "rank", "not-a-move"} <= given["tripeaks"]
    own = set(golf.refusals) - set(COMMON_REFUSALS)
    assert given["golf"] | given["tripeaks"] >= own | {"not-a-move", "game-over"}
    assert set(golf.refusals) == set(peaks.refusals)


def _winnable(game: Game, state: State, seen: dict[State, bool]) -> bool:
    if state in seen:
        return seen[state]
    seen[state] = False
    won = game.is_won(state) or any(
        _winnable(game, game.apply(state, move), seen) for move in game.legal_moves(state)
    )
    seen[state] = won
    return won


@pytest.mark.parametrize(
    ("name", "options"),
    [("golf", {}), ("golf", {"wrap": True, "dead_king": False}), ("tripeaks", {})],
)
def test_may_win_never_gives_up_on_a_position_that_can_be_won(
    name: str, options: dict[str, bool]
) -> None:
    # Late positions of random games, where a search to the end is cheap.
    game = patience.game(name, **options)
    rng = random.Random(name)
    refused = 0
    for seed in range(60):
        state = game.deal(seed)
        while game.legal_moves(state) and len(state.piles["stock"]) > 4:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        seen: dict[State, bool] = {}
        if not game.may_win(state):
            refused += 1
            assert not _winnable(game, state, seen), seed
        elif not game.legal_moves(state):
            assert game.is_won(state)
    if name == "golf" and not options:
        assert refused  # the rule does give up somewhere


def small_golf(game: Game, rng: random.Random) -> State:
    """A Golf position with a few cards left: up to three in each column
    and two to eight in the stock, the rest on the waste."""
    cards = list(game.deck)
    rng.shuffle(cards)
    piles: dict[str, Pile] = {}
    for name in COLUMNS:
        height = rng.choice((0, 0, 1, 1, 2, 3))
        piles[name] = Pile(tuple(cards[:height]))
        del cards[:height]
    turn = rng.randint(2, 8)
    piles["stock"] = Pile(tuple(cards[:turn]), turn)
    piles["waste"] = Pile(tuple(cards[turn:]))
    return game.make_state(piles)


@pytest.mark.parametrize("dead_king", [True, False])
def test_the_count_of_cards_to_go_on_never_gives_up_on_a_win(dead_king: bool) -> None:
    # Small positions, solved to the end by an exhaustive search.
    game = patience.game("golf", dead_king=dead_king)
    assert isinstance(game, Golf)
    rng = random.Random(f"count {dead_king}")
    refused = won = 0
    for _ in range(300):
        state = small_golf(game, rng)
        can = _winnable(game, state, {})
        won += can
        if not game._enough_to_go_on(state._items):
            refused += 1
            assert not can
            assert not game.may_win(state)
            assert patience.solve(game, state).status == "lost"
    assert refused > 10 and won > 5  # both kinds of position were met
