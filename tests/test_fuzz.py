"""Fuzzing every entry point: bad input gets the library's errors, never another.

Hypothesis throws garbage and near misses at move text, cards, seeds, options,
saved states, position strings and records, and at every public method that
takes a state, for every registered game. Whatever goes in, the
library either accepts it (and then keeps every promise with it) or raises a
:class:`~patience.PatienceError` subclass; nothing else escapes, and nothing
is changed. Each test comes twice: a short run in the default suite (the
Hypothesis profile's few examples) and a long run of
:data:`arrange.LONG_EXAMPLES` examples per game as sized for 32 games, shared among
the games registered now (see :func:`arrange.short_and_long`), marked ``soak``
(``pytest -m soak``).
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import json
import random
from collections import Counter
from typing import Any

import pytest
from arrange import short_and_long
from hypothesis import strategies as st

import patience
from patience import Card, Game, PatienceError, Record, Session, State

GAMES = patience.games()


# Values of every JSON type and then some: huge and negative numbers, non-finite
# floats, long digit strings, nesting, and the wrong type for every field.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, 1, -1, 2**64, 10**400, 100_000, 1_000_000]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["", "9" * 5000, "AS", "??", "t1", "draw"]),
)
garbage = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def position(game: Game, seed: int, steps: int) -> State:
    """A position after up to ``steps`` random legal moves from deal ``seed``."""
    rng = random.Random(seed)
    state = game.deal(seed)
    for _ in range(steps):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply(state, rng.choice(moves))
    return state


def keeps_promises(state: State) -> None:
    """A state the library accepted can be used through the whole protocol."""
    game = state.game
    moves = game.legal_moves(state)
    game.is_over(state)
    game.result(state).summary()
    for player in range(game.players):
        game.view(state, player)
    str(state)
    for move in moves[:5]:
        after = game.apply(state, move)
        assert Counter(c for p in after.pile_tuple for c in p.cards) == Counter(game.deck.cards)


def move_texts(game: Game) -> st.SearchStrategy[str]:
    """Move text near the game's own: its pile names and kinds, mangled."""
    names = list(game.layout and [p.name for p in game.layout])
    token = st.one_of(
        st.sampled_from(names),
        st.sampled_from(["draw", "deal", "redeal", "pull", "pass", "stop", "swap", "out"]),
        st.sampled_from(
            ["x0", "x1", "x2", "x99", "x" + "9" * 5000, "p0", "p1", "p9", "p" + "9" * 5000]
        ),
        st.sampled_from(["=QH", "=8", "=", "==", "=" + "9" * 5000, "-", "--", "t1-", "-t1"]),
        st.builds(lambda a, b: f"{a}-{b}", st.sampled_from(names), st.sampled_from(names)),
        st.text(max_size=6),
    )
    return st.one_of(
        st.lists(token, min_size=1, max_size=4).map(" ".join),
        st.text(max_size=40),
    )


def _move_text_is_read_or_refused(name: str, data: st.DataObject, seed: int, steps: int) -> None:
    game = patience.game(name)
    state = position(game, seed, steps)
    before = state.to_json()
    text = data.draw(move_texts(game))
    try:
        after = game.apply(state, text)
    except PatienceError:
        pass
    else:
        assert game.parse_move(state, text) in game.legal_moves(state)
        keeps_promises(after)
    assert state.to_json() == before


def _card_text_is_read_or_refused(text: Any) -> None:
    try:
        card = Card.parse(text)
    except PatienceError:
        return
    assert Card.parse(str(card)) is card


def _seeds_are_dealt_or_refused(name: str, seed: Any) -> None:
    game = patience.game(name)
    try:
        state = game.deal(seed)
    except PatienceError:
        return
    assert state == game.deal(seed)


def _options_are_taken_or_refused(name: str, data: st.DataObject) -> None:
    options = [o for o in patience.describe(name).options if o != "clock"]
    if not options:
        return
    option = data.draw(st.sampled_from(options))
    value = data.draw(garbage)
    try:
        game = patience.game(name, **{option: value})
    except PatienceError:
        return
    state = game.deal(1)
    keeps_promises(state)
    assert patience.state_from_json(state.dumps()) == state


def tamper(data: dict[str, Any], draw: st.DataObject) -> dict[str, Any]:
    """A copy of saved state data with one field replaced or mangled."""
    out = copy.deepcopy(data)
    where = draw.draw(st.sampled_from(["pile", "down", "cards", "info", "top", "swap"]))
    piles = out["piles"]
    names = sorted(piles)
    if where == "pile":
        piles[draw.draw(st.sampled_from(names))] = draw.draw(garbage)
    elif where == "down":
        piles[draw.draw(st.sampled_from(names))]["down"] = draw.draw(garbage)
    elif where == "cards":
        pile = piles[draw.draw(st.sampled_from(names))]
        cards = pile["cards"]
        action = draw.draw(st.sampled_from(["drop", "duplicate", "replace", "append"]))
        if action == "drop" and cards:
            cards.pop(draw.draw(st.integers(0, len(cards) - 1)))
        elif action == "duplicate" and cards:
            cards.append(cards[0])
        elif action == "replace" and cards:
            cards[draw.draw(st.integers(0, len(cards) - 1))] = draw.draw(garbage)
        else:
            cards.append(draw.draw(st.sampled_from(["AS", "KH", "RJ", "??", "1S", ""])))
    elif where == "info":
        keys = [*sorted(out["info"]), "extra"]
        out["info"][draw.draw(st.sampled_from(keys))] = draw.draw(garbage)
    elif where == "top":
        key = draw.draw(st.sampled_from(["format", "game", "options", "piles", "info", "more"]))
        out[key] = draw.draw(garbage)
    else:
        # Move the top card of one pile onto another: the deck is intact, the
        # position may not be reachable.
        a, b = draw.draw(st.sampled_from(names)), draw.draw(st.sampled_from(names))
        if piles[a]["cards"]:
            card = piles[a]["cards"].pop()
            piles[a]["down"] = min(piles[a]["down"], len(piles[a]["cards"]))
            piles[b]["cards"].append(card)
    return out


def _tampered_states_load_soundly_or_are_refused(
    name: str, data: st.DataObject, seed: int, steps: int
) -> None:
    game = patience.game(name)
    saved = position(game, seed, steps).to_json()
    bad = tamper(saved, data)
    for load in (patience.state_from_json, game.from_json):
        try:
            state = load(json.dumps(bad))
        except PatienceError:
            continue
        keeps_promises(state)


def _tampered_records_replay_or_are_refused(
    name: str, data: st.DataObject, seed: int, steps: int
) -> None:
    game = patience.game(name)
    session = Session(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = session.legal_moves()
        if not moves:
            break
        session.do(rng.choice(moves))
    record = session.record.to_json()
    key = data.draw(st.sampled_from(["seed", "moves", "options", "result", "game", "cards"]))
    if key == "moves" and record["moves"] and data.draw(st.booleans()):
        record["moves"][data.draw(st.integers(0, len(record["moves"]) - 1))] = data.draw(
            move_texts(game)
        )
    else:
        record[key] = data.draw(garbage)
    try:
        loaded = Record.from_json(json.dumps(record))
    except PatienceError:
        return
    keeps_promises(loaded.replay())


def _foreign_states_and_moves_are_refused(name: str, other: str, seed: int, steps: int) -> None:
    game, stranger = patience.game(name), patience.game(other)
    state = position(game, seed, steps)
    foreign = position(stranger, seed, steps)
    if stranger != game:
        for method in (game.legal_moves, game.is_over, game.result, game.view, game.to_json):
            with pytest.raises(PatienceError):
                method(foreign)
        with pytest.raises(PatienceError):
            game.apply(foreign, "draw")
    before = state.to_json()
    for move in stranger.legal_moves(foreign)[:10]:
        try:
            after = game.apply(state, move)
        except PatienceError:
            continue
        assert move in game.legal_moves(state)
        keeps_promises(after)
    assert state.to_json() == before


def mangle_position(text: str, draw: st.DataObject) -> str:
    """Position text with one part replaced or mangled: a pile, a card, the
    counters, the count of moves without progress, or a character anywhere."""
    piles, _, counters = text.partition(" ")
    idle = ""
    if not counters.endswith("}"):
        counters, _, idle = counters.rpartition(" ")
    fields = piles.split("/")
    where = draw.draw(st.sampled_from(["pile", "char", "counters", "counter", "swap", "idle"]))
    if where == "pile":
        k = draw.draw(st.integers(0, len(fields) - 1))
        fields[k] = draw.draw(
            st.one_of(st.text(max_size=12), st.sampled_from(["-", "|", "AS|", "|AS", "KSQS|2H"]))
        )
    elif where == "char" and text:
        # (Drawn independently of the text's length, which the timed game's
        # clock reading makes vary from run to run.)
        k = draw.draw(st.integers(0, 10**6)) % len(text)
        return text[:k] + draw.draw(st.text(min_size=0, max_size=2)) + text[k + 1 :]
    elif where == "counters":
        counters = json.dumps(draw.draw(garbage))
    elif where == "counter":
        data = json.loads(counters)
        keys = [*sorted(data), "extra"]
        data[draw.draw(st.sampled_from(keys))] = draw.draw(garbage)
        counters = json.dumps(data)
    elif where == "idle":
        idle = draw.draw(
            st.one_of(st.integers(-5, 3000).map(str), st.sampled_from(["", "x", "1.5", "\uff11"]))
        )
    else:
        a = draw.draw(st.integers(0, len(fields) - 1))
        b = draw.draw(st.integers(0, len(fields) - 1))
        if len(fields[a]) >= 2 and fields[a] != "-":
            card, fields[a] = fields[a][-2:], fields[a][:-2] or "-"
            fields[b] = (fields[b] if fields[b] != "-" else "") + card
    return "/".join(fields) + " " + counters + (f" {idle}" if idle else "")


def _positions_load_soundly_or_are_refused(
    name: str, data: st.DataObject, seed: int, steps: int
) -> None:
    game = patience.game(name)
    state = position(game, seed, steps)
    text = game.position(state)
    again = game.from_position(text)
    assert again == state and game.position_hash(again) == game.position_hash(state)
    try:
        loaded = game.from_position(mangle_position(text, data))
    except PatienceError:
        return
    keeps_promises(loaded)
    # Loaded, it is a value like any other: it reads back equal and hashes alike.
    back = game.from_position(game.position(loaded))
    assert back == loaded and hash(back) == hash(loaded)
    assert game.position_hash(back) == game.position_hash(loaded)
    low, high = game.observation_bounds
    for player in range(game.players):
        seen = game.observe(loaded, player)
        assert all(lo <= v <= hi for v, lo, hi in zip(seen, low, high))


def state_methods(game: Game) -> list[tuple[Any, int]]:
    """Every public method of ``game`` whose first parameter is a state, with
    how many other arguments it must be given."""
    out = []
    for method_name in dir(game):
        method = getattr(game, method_name)
        if method_name.startswith("_") or not inspect.ismethod(method):
            continue
        params = list(inspect.signature(method).parameters.values())
        if not params or params[0].name != "state":
            continue
        out.append((method, sum(p.default is inspect.Parameter.empty for p in params[1:])))
    return out


def _every_state_method_takes_its_states(
    name: str, data: st.DataObject, seed: int, steps: int
) -> None:
    """Every public method that takes a state (and nothing else it must be
    given) runs on the game's own states, and every one refuses what is not
    a state of the game before it looks at its other arguments."""
    game = patience.game(name)
    state = position(game, seed, steps)
    before = state.to_json()
    stranger = position(patience.game(data.draw(st.sampled_from(GAMES))), seed, steps)
    for method, needed in state_methods(game):
        rest = ["draw"] * needed
        if not needed:
            method(state)
        bad = data.draw(st.one_of(st.just(stranger), garbage))
        if bad is stranger and stranger.game == game:
            continue
        with pytest.raises(PatienceError):
            method(bad, *rest)
    assert state.to_json() == before


def _views_are_shown_or_refused(name: str, data: st.DataObject, seed: int, steps: int) -> None:
    """A view goes everywhere a state is taken: each method either answers
    (drawing, printing, observing, listing moves, judging game over as far
    as the view shows) or refuses it with a PatienceError; moves, game over
    with a search and the result always refuse a view with hidden cards."""
    game = patience.game(name)
    state = position(game, seed, steps)
    view = game.view(state, data.draw(st.integers(0, game.players - 1)))
    hidden = any(c.is_hidden for pile in view.piles.values() for c in pile.cards)
    assert view.is_view == hidden and not state.is_view
    assert str(patience.svg(view)) == str(patience.svg(game.view(state, 0))) or game.players > 1
    for method, needed in state_methods(game):
        if needed:
            continue
        with contextlib.suppress(PatienceError):
            method(view)
    if hidden:
        for refuse in (game.is_over, game.result):
            with pytest.raises(patience.InvalidStateError):
                refuse(view)
        for move in game.legal_moves(view)[:3]:
            with pytest.raises(patience.InvalidStateError):
                game.apply(view, move)
        with pytest.raises(patience.InvalidStateError):
            patience.state_from_json(view.to_json())
        assert game.is_over(view, search=False) == game.is_over(state, search=False)


def _events_are_played_or_refused(name: str, data: st.DataObject, seed: int, steps: int) -> None:
    """Events mangled (a pile replaced by another's, a counter changed to
    garbage, events dropped or doubled) are played onto the position only
    where they keep its cards, or refused with a PatienceError."""
    from patience.events import CounterChanged, IdleCounted, PileReplaced

    game = patience.game(name)
    state = position(game, seed, steps)
    moves = game.legal_moves(state)
    if not moves:
        return
    _, events = game.apply_events(state, data.draw(st.sampled_from(moves)))
    names = list(state.piles)
    extra = data.draw(
        st.lists(
            st.one_of(
                st.builds(
                    PileReplaced,
                    st.sampled_from(names),
                    st.sampled_from([state.piles[n] for n in names]),
                    st.sampled_from([state.piles[n] for n in names]),
                ),
                st.builds(
                    CounterChanged,
                    st.sampled_from([*state.info, "nonsense"]),
                    garbage,
                    garbage,
                ),
                st.builds(IdleCounted, st.integers(0, 5), st.integers(0, 5)),
            ),
            max_size=2,
        )
    )
    mangled = list(events)
    for event in extra:
        mangled.insert(data.draw(st.integers(0, len(mangled))), event)
    if mangled and data.draw(st.booleans()):
        mangled.append(mangled[data.draw(st.integers(0, len(mangled) - 1))])
    try:
        played = game.play_events(state, mangled)
    except PatienceError:
        return
    held = Counter(c for pile in played.piles.values() for c in pile.cards)
    assert held == Counter(c for pile in state.piles.values() for c in pile.cards)


def _environment_arguments_are_taken_or_refused(name: str, data: st.DataObject) -> None:
    """Garbage for every argument of the environments (Gymnasium's for one
    player, PettingZoo's for two), for reset's options and for the actions of
    a step: taken, or refused with a PatienceError (Gymnasium's own
    ResetNeeded aside); nothing else escapes."""
    gymnasium = pytest.importorskip("gymnasium")
    players = patience.game(name).players
    if players > 1:
        pytest.importorskip("pettingzoo")
        from patience.pettingzoo import parallel_env as make
    else:
        from patience.gym import PatienceEnv as make  # type: ignore[assignment]
    keys = ["max_steps", "max_idle", "illegal", "illegal_penalty", "termination", "render_mode"]
    arguments = data.draw(st.dictionaries(st.sampled_from(keys), garbage, max_size=3))
    try:
        env = make(name, **arguments)
    except PatienceError:
        return
    try:
        env.reset(
            seed=data.draw(st.integers(0, 5)), options=data.draw(st.one_of(st.none(), garbage))
        )
    except PatienceError:
        env.reset(seed=1)
    action = data.draw(garbage)
    step = {agent: action for agent in env.agents} if players > 1 else action
    with contextlib.suppress(PatienceError, patience.IllegalMoveError, gymnasium.error.ResetNeeded):
        env.step(step)


test_move_text_is_read_or_refused, test_move_text_is_read_or_refused_long = short_and_long(
    _move_text_is_read_or_refused,
    data=st.data(),
    seed=st.integers(0, 1000),
    steps=st.integers(0, 40),
)
test_card_text_is_read_or_refused, test_card_text_is_read_or_refused_long = short_and_long(
    _card_text_is_read_or_refused, per_game=False, text=st.one_of(st.text(max_size=8), garbage)
)
test_seeds_are_dealt_or_refused, test_seeds_are_dealt_or_refused_long = short_and_long(
    _seeds_are_dealt_or_refused, seed=garbage
)
test_options_are_taken_or_refused, test_options_are_taken_or_refused_long = short_and_long(
    _options_are_taken_or_refused, data=st.data()
)
(
    test_tampered_states_load_soundly_or_are_refused,
    test_tampered_states_load_soundly_or_are_refused_long,
) = short_and_long(
    _tampered_states_load_soundly_or_are_refused,
    data=st.data(),
    seed=st.integers(0, 1000),
    steps=st.integers(0, 60),
)
test_tampered_records_replay_or_are_refused, test_tampered_records_replay_or_are_refused_long = (
    short_and_long(
        _tampered_records_replay_or_are_refused,
        data=st.data(),
        seed=st.integers(0, 1000),
        steps=st.integers(0, 30),
    )
)
test_foreign_states_and_moves_are_refused, test_foreign_states_and_moves_are_refused_long = (
    short_and_long(
        _foreign_states_and_moves_are_refused,
        other=st.sampled_from(GAMES),
        seed=st.integers(0, 1000),
        steps=st.integers(0, 30),
    )
)


(
    test_positions_load_soundly_or_are_refused,
    test_positions_load_soundly_or_are_refused_long,
) = short_and_long(
    _positions_load_soundly_or_are_refused,
    data=st.data(),
    seed=st.integers(0, 1000),
    steps=st.integers(0, 60),
)
test_every_state_method_takes_its_states, test_every_state_method_takes_its_states_long = (
    short_and_long(
        _every_state_method_takes_its_states,
        data=st.data(),
        seed=st.integers(0, 1000),
        steps=st.integers(0, 40),
    )
)


(
    test_environment_arguments_are_taken_or_refused,
    test_environment_arguments_are_taken_or_refused_long,
) = short_and_long(_environment_arguments_are_taken_or_refused, data=st.data())
test_views_are_shown_or_refused, test_views_are_shown_or_refused_long = short_and_long(
    _views_are_shown_or_refused, data=st.data(), seed=st.integers(0, 1000), steps=st.integers(0, 40)
)
test_events_are_played_or_refused, test_events_are_played_or_refused_long = short_and_long(
    _events_are_played_or_refused,
    data=st.data(),
    seed=st.integers(0, 1000),
    steps=st.integers(0, 30),
)


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000, "9" * 5000],
)
def test_pathological_json_is_refused(text: str) -> None:
    with pytest.raises(PatienceError):
        patience.state_from_json(text)
    with pytest.raises(PatienceError):
        Record.from_json(text)
    with pytest.raises(PatienceError):
        patience.game("klondike").from_json(text)
