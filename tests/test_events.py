"""Events: what each move did, step by step, for every registered game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import patience
from patience import Move, events
from patience.events import (
    CardsDealt,
    CardsDiscarded,
    CardsMoved,
    CardsShifted,
    CardsTurned,
    CounterChanged,
    JokerNamed,
    PileReplaced,
    ScoreChanged,
    SuitRemoved,
    Transfer,
    TurnPassed,
)
from patience.policies import next_mover

VARIANTS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in patience.games()] + [
    ("klondike", {"draw": 1}),
    ("klondike", {"worrying_back": True, "partial_runs": True}),
    ("poker-solitaire", {"open": True}),
    ("railroad", {"sidings": 1}),
    ("accordion", {"deal_all": True}),
    ("double-solitaire", {"draw": 1}),
    ("king-albert", {"worrying_back": True}),
    ("freecell", {"piles": 5}),
    ("fan", {"by_rows": True, "worrying_back": True}),
    ("will-o-the-wisp", {"open": True, "deal_with_spaces": True}),
]


def walk(game: patience.Game, seeds: range, moves: int) -> Any:
    """(state, move) pairs of random play with the built-in random policy."""
    policy = patience.RandomPolicy()
    for seed in seeds:
        rng = random.Random(seed)
        policy.new_deal()
        state = game.deal(seed)
        for _ in range(moves):
            if not game.legal_moves(state):
                break
            move = policy.choose(game, state, rng, next_mover(game, state, rng))
            yield state, move
            state = game.apply(state, move)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=str)
def test_playing_the_events_onto_the_old_position_gives_the_new_one(
    name: str, options: dict[str, Any]
) -> None:
    game = patience.game(name, **options)
    kinds: set[type] = set()
    for state, move in walk(game, range(2), 120):
        after, steps = game.apply_events(state, move)
        if name != "railroad-timed":  # (its clock starts at the first move)
            assert after == game.apply(state, move)
        assert game.play_events(state, steps) == after
        kinds.update(type(e) for e in steps)
        # The built-in games say exactly what happened, never "a pile changed".
        assert not any(isinstance(e, PileReplaced) for e in steps), (move, steps)
        # Every prefix plays too: a front end can draw each step.
        for k in range(len(steps)):
            game.play_events(state, steps[:k])
        # Counters and scores: each change is named once, and only changes.
        named = [e.name for e in steps if isinstance(e, CounterChanged)]
        assert len(named) == len(set(named))
        assert set(named) == {k for k in after.info if after.info[k] != state.info[k]}
        scores = {e.player: (e.before, e.after) for e in steps if isinstance(e, ScoreChanged)}
        for p, (a, b) in enumerate(zip(game.scores(state), game.scores(after))):
            assert scores.get(p) == ((a, b) if a != b else None)
    assert CardsMoved in kinds or name.startswith("poker")


@pytest.mark.parametrize("name", patience.games())
def test_a_move_reveals_exactly_when_it_shows_a_card_the_player_could_not_see(name: str) -> None:
    # No move puts a card face down while another turns up, so a move shows
    # something hidden exactly when fewer cards lie face down after it.
    def face_down(state: patience.State) -> int:
        return sum(pile.down for pile in state.piles.values())

    game = patience.game(name)
    for state, move in walk(game, range(2), 120):
        after, steps = game.apply_events(state, move)
        revealed = any(e.reveals for e in steps)
        assert revealed == (face_down(after) < face_down(state)), (move, steps)


def test_klondike_move_turns_up_the_card_beneath() -> None:
    game = patience.game("klondike", forced_aces=False)
    state = game.deal(3)
    move = next(
        m
        for m in game.legal_moves(state)
        if m.kind == "move"
        and m.source.startswith("t")  # type: ignore[union-attr]
        and state.piles[m.source].down  # type: ignore[index]
        and m.count == len(state.piles[m.source].face_up)  # type: ignore[index]
    )
    source = state.piles[move.source]
    after, steps = game.apply_events(state, move)
    first, second = steps[0], steps[1]
    assert (
        first
        == CardsMoved(
            move.source,
            len(source) - 1,
            move.target,  # type: ignore[arg-type]
            len(state.piles[move.target]),  # type: ignore[index]
            source.cards[-1:],
        )
    )
    assert isinstance(second, CardsTurned) and second.reveals
    assert second.cards == (after.piles[move.source].top,)


def test_draws_and_redeals_turn_the_packet_over() -> None:
    game = patience.game("klondike")
    state = game.deal(2)  # over at once, but the stock can still be turned
    stock = state.piles["stock"].cards
    after, steps = game.apply_events(state, "draw")
    (draw,) = [e for e in steps if isinstance(e, Transfer)]
    assert draw == CardsMoved(
        "stock", len(stock) - 3, "waste", 0, stock[-3:], was_face_up=False, turned_over=True
    )
    assert draw.landed == after.piles["waste"].cards and draw.reveals
    for _ in range(7):
        after = game.apply(after, "draw")
    waste = after.piles["waste"].cards
    free = patience.game("klondike", passes=3)
    again = free.from_json(after.to_json() | {"options": dict(free.options)})
    _final, steps = free.apply_events(again, "redeal")
    (redeal,) = [e for e in steps if isinstance(e, Transfer)]
    assert (
        redeal == CardsMoved("waste", 0, "stock", 0, waste, face_up=False, turned_over=True)
        and not redeal.reveals
    )
    assert CounterChanged("pass", 1, 2, shown=True) in steps


def test_spider_deal_and_a_completed_suit() -> None:
    game = patience.game("spider")
    state = game.deal(1)
    after, steps = game.apply_events(state, "deal")
    dealt = [e for e in steps if isinstance(e, CardsDealt)]
    assert [e.target for e in dealt] == [f"t{k}" for k in range(1, 11)]
    assert all(e.source == "stock" and e.reveals for e in dealt)
    # A suit completed by a move leaves at once, and the card beneath turns up:
    # t1 holds a face-down card under the king to two of spades, t2 the ace.
    run = [patience.Card.parse(f"{r}S") for r in "KQJT98765432"]
    ace = patience.Card.parse("AS")
    rest = list(game.deck)
    for card in [*run, ace]:
        rest.remove(card)
    piles = {name: patience.Pile() for name in state.piles}
    piles["t1"] = patience.Pile((rest.pop(), *run), down=1)
    piles["t2"] = patience.Pile((rest.pop(), ace), down=1)
    for k in range(3, 11):
        size = 5 if k < 6 else 4  # 50 cards on the tableau, as dealt; 54 in the stock
        piles[f"t{k}"] = patience.Pile(tuple(rest.pop() for _ in range(size)), down=size - 1)
    piles["stock"] = patience.Pile(tuple(rest), down=len(rest))
    ready = game.from_json(game.make_state(piles, state.info).to_json())
    after, steps = game.apply_events(ready, "t2-t1")
    assert [type(e) for e in steps[:4]] == [CardsMoved, CardsTurned, SuitRemoved, CardsTurned]
    suit = steps[2]
    assert isinstance(suit, SuitRemoved) and suit.source == "t1" and suit.target == "f1"
    assert suit.cards == (*run, ace) and suit.landed == after.piles["f1"].cards
    assert steps[3] == CardsTurned("t1", 0, after.piles["t1"].cards, face_up=True)
    assert ScoreChanged(0, 0, 13) in steps


def test_railroad_cascades_discard_step_by_step() -> None:
    game = patience.game("railroad")
    discards = 0
    for state, move in walk(game, range(10), 60):
        _after, steps = game.apply_events(state, move)
        assert isinstance(steps[0], CardsMoved) and steps[0].target == "line"
        for step in steps:
            if isinstance(step, CardsDiscarded):
                discards += 1
                assert step.source == "line" and step.target == "discard"
                assert len(step.cards) in (2, 4)
    assert discards > 10


def test_accordion_closes_the_gap() -> None:
    game = patience.game("accordion", deal_all=True)
    for state, move in walk(game, range(3), 30):
        _after, steps = game.apply_events(state, move)
        shifted = [e for e in steps if isinstance(e, CardsShifted)]
        n = len(game.row(state))
        i = int(move.source[1:])  # type: ignore[index]
        assert [e.source for e in shifted] == [f"r{m}" for m in range(i + 1, n + 1)]


def test_double_solitaire_names_its_players_piles_and_the_turn() -> None:
    game = patience.game("double-solitaire")
    passed = 0
    for state, move in walk(game, range(3), 100):
        after, steps = game.apply_events(state, move)
        for e in steps:
            if isinstance(e, Transfer):
                for name in (e.source, e.target):
                    assert name in state.piles
        turns = [e for e in steps if isinstance(e, TurnPassed)]
        if after.info["turn"] != state.info["turn"]:
            assert turns == [TurnPassed("turn", state.info["turn"], after.info["turn"])]
            passed += 1
        else:
            assert not turns
    assert passed


def test_jokers_named_in_random_play_show_in_the_events() -> None:
    # (tests/test_joker.py follows an exchange event by event.)
    game = patience.game("joker-solitaire")
    named = 0
    for state, move in walk(game, range(40), 120):
        after, steps = game.apply_events(state, move)
        named += sum(isinstance(e, JokerNamed) for e in steps)
        for e in steps:
            if isinstance(e, JokerNamed):
                assert e.name in ("BJ", "RJ") and after.info[e.name] == e.after
    assert named


def test_apply_events_checks_like_apply() -> None:
    game = patience.game("klondike")
    state = game.deal(1)
    with pytest.raises(patience.IllegalMoveError):
        game.apply_events(state, "t1-t1")
    with pytest.raises(patience.InvalidMoveError):
        game.apply_events(state, "bogus")
    with pytest.raises(patience.ForeignStateError):
        patience.game("spider").play_events(state, [])
    with pytest.raises(patience.PatienceError, match="does not hold"):
        game.play_events(state, [CardsMoved("t1", 0, "t2", 1, (patience.Card.parse("AS"),))])
    assert game.play_events(state, []) == state


def test_inference_describes_a_game_of_ones_own() -> None:
    # A game without events of its own gets them worked out from the positions.
    game = patience.game("calculation")
    state = game.deal(1)
    _after, steps = game.apply_events(state, "draw")
    assert steps[0] == CardsMoved(
        "stock",
        len(state.piles["stock"]) - 1,
        "turned",
        0,
        state.piles["stock"].cards[-1:],
        was_face_up=False,
    )
    assert events.infer_events(state, state) == []


def test_events_are_values() -> None:
    e = CardsMoved("t1", 0, "t2", 1, (patience.Card.parse("AS"),))
    assert e == CardsMoved("t1", 0, "t2", 1, (patience.Card.parse("AS"),)) and hash(e)
    with pytest.raises(AttributeError):
        e.source = "t3"  # type: ignore[misc]
    assert Move("draw", "stock") != e


def test_events_that_do_not_fit_the_position_are_refused() -> None:
    from patience.events import CounterChanged, IdleCounted, PileReplaced

    game = patience.game("klondike")
    state = game.deal(7)
    t1 = state.piles["t1"]
    twice = patience.Pile((*t1.cards, state.piles["t2"].top), down=t1.down)
    with pytest.raises(patience.PatienceError, match="made or lost"):
        game.play_events(state, [PileReplaced("t1", t1, twice)])
    with pytest.raises(patience.PatienceError, match="does not hold"):
        game.play_events(state, [PileReplaced("t1", state.piles["t2"], t1)])
    with pytest.raises(patience.PatienceError, match="no counter"):
        game.play_events(state, [CounterChanged("nonsense", 0, 1)])
    with pytest.raises(patience.PatienceError, match="now"):
        game.play_events(state, [CounterChanged("pass", 5, 6)])
    with pytest.raises(patience.PatienceError, match="idle"):
        game.play_events(state, [IdleCounted(3, 4)])
    # What apply_events gives still plays, prefix by prefix.
    after, events = game.apply_events(state, "t7-f1")
    assert game.play_events(state, events) == after
    for k in range(len(events)):
        game.play_events(state, events[:k])
