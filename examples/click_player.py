"""A demonstration of the click API: any registered game played by clicks and drops.

Run: python examples/click_player.py spider -o suits=1 --seed 3 --moves 40

This is a bot, not a player: it chooses its own presses and drops at random
and prints what each one did. To play a game yourself, run
``python -m patience play GAME`` (``src/patience/play.py``).

It plays as a person at a screen would, with nothing but what the docs'
"Building a front end" page describes and no knowledge of any game: it
looks where cards may be picked up (``Game.pickable``), clicks or drags
there (``Game.click`` makes an action or picks up, ``Game.grab`` picks up;
``Game.pick_up_refusal`` says why a press picks nothing up), lets go over a
pile (``Game.move_to`` gives the move or the
game's reason for refusing it), and animates what happened from the events
(``Session.do``) and the card geometry (``patience.svg.card_places``). Now
and then it drops on a pile that does not take the cards, to show the
refusal, and it takes a move back when the undo policy allows
(``UndoError`` says why not).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any, TextIO

import patience
from patience import IllegalMoveError, Session, UndoError
from patience.events import CounterChanged, Event, Transfer
from patience.svg import card_places


def animate(before: patience.State, events: tuple[Event, ...]) -> list[str]:
    """Each card that moved, from where it was drawn to where it is drawn
    next, event by event (``Game.play_events`` gives the positions between)."""
    game, state, lines = before.game, before, []
    for k, event in enumerate(events):
        after = game.play_events(before, events[: k + 1])  # a prefix, from the start
        if isinstance(event, Transfer):
            start = {(p.pile, p.index): p for p in card_places(state)}
            end = {(p.pile, p.index): p for p in card_places(after)}
            for j, card in enumerate(event.cards):
                a, b = start[event.source, event.index + j], end[event.target, event.at + j]
                face = card.symbol if b.face_up else "a card"
                lines.append(f"    {face}: ({a.x:g}, {a.y:g}) -> ({b.x:g}, {b.y:g})")
        elif isinstance(event, CounterChanged) and event.shown:
            lines.append(f"    {event.name}: {event.before} -> {event.after}")
        state = after
    return lines


def turn(session: Session, rng: random.Random, out: TextIO) -> bool:
    """One press and drop (or one click on a pile acted on as a whole);
    False when there is nothing left to do."""
    game, state = session.game, session.state
    places = game.pickable(state)
    if not places:
        return False
    # A press on a pile where nothing can be picked up: the game says why.
    empty = [p for p in state.piles if not any(w[0] == p for w in places)]
    if empty and rng.random() < 0.2:
        why = game.pick_up_refusal(state, rng.choice(empty))
        if why is not None:
            print(f"  press on nothing: {why.reason} ({why.code})", file=out)
    pile, index = rng.choice(places)
    # A click acts where an action starts (the stock draws) and picks up
    # elsewhere; a drag always picks up, where a move with a drop starts.
    press = game.click(state, pile, index)
    if press.move is None or rng.random() < 0.5:
        dragged = game.grab(state, pile, index)
        press = dragged if dragged.held is not None else press
    if press.move is not None:
        move = press.move
    else:
        assert press.held is not None, press.refusal
        index = press.held[1]
        targets = press.targets
        wrong = [p for p in state.piles if p not in targets and p != pile]
        if wrong and rng.random() < 0.3:
            try:
                game.move_to(state, pile, index, rng.choice(wrong))
            except IllegalMoveError as refused:
                print(f"  refused drop: {refused.reason} ({refused.code})", file=out)
        move = game.move_to(state, pile, index, rng.choice(targets))
    events = session.do(move)
    print(f"{len(session.history):3}. {move}", file=out)
    for line in animate(state, events):
        print(line, file=out)
    if rng.random() < 0.1:
        try:
            print(f"  took back {session.undo()}", file=out)
        except UndoError as refused:
            print(f"  no undo ({refused.code}): {refused.reason}", file=out)
    return True


def play(session: Session, moves: int, out: TextIO, seed: int = 0) -> Session:
    """Play up to ``moves`` presses and drops on ``session``."""
    rng = random.Random(seed)
    for _ in range(moves):
        if session.is_over() or not turn(session, rng, out):
            break
    print(f"{session.game.title}: {session.result().summary()}", file=out)
    return session


def options(pairs: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as game options, each value read as JSON where it
    can be (``draw=1``, ``passes=null``) and kept as text where not."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise patience.PatienceError(f"options are NAME=VALUE, not {pair!r}")
        try:
            out[name] = json.loads(text)
        except ValueError:
            out[name] = text
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="A bot that plays any game by simulated clicks and drops."
    )
    parser.add_argument("game", nargs="?", default="klondike", help="a registered game")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (repeatable), as for python -m patience",
    )
    parser.add_argument("--seed", type=int, default=1, help="the deal")
    parser.add_argument("--moves", type=int, default=20, help="how many moves at most")
    parser.add_argument("--undo", choices=["free", "no-reveal"], default="no-reveal")
    args = parser.parse_args(argv)
    try:
        game = patience.game(args.game, **options(args.option))
        session = Session(game, seed=args.seed, undo=args.undo)
    except patience.PatienceError as bad:
        print(f"error: {bad}", file=sys.stderr)
        return 2
    play(session, args.moves, sys.stdout, seed=args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
