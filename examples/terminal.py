"""A terminal player for any registered game, built on the public API only.

Run: python examples/terminal.py klondike --seed 7

Type a move in notation (``t1-t4``, ``draw``), or play by "clicking" piles:
type a pile (``t4``; ``t4:2`` picks up from the card at position 2) to pick
up there, then the pile to put it on. A pile action such as the stock needs
one click. Other commands: ``moves``, ``undo``, ``redo``, ``hint``,
``save FILE``, ``load FILE``, ``help`` and ``quit``.

Every part a front end needs comes from the library: the table from
``Game.render``, the pick-up points from ``Game.moves_from``, what a move did
from the events ``Session.do`` returns, why a move is refused from the
error's ``reason`` and ``code``, and saving from ``Session.to_json``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

import patience
from patience import (
    IllegalMoveError,
    InvalidRecordError,
    Move,
    PatienceError,
    Session,
    UndoError,
)
from patience.events import (
    CardsDealt,
    CardsDiscarded,
    CardsMoved,
    CardsShifted,
    CardsTurned,
    CounterChanged,
    Event,
    JokerExchanged,
    JokerNamed,
    ScoreChanged,
    SuitRemoved,
    Transfer,
    TurnPassed,
)

PILE_LIKE = re.compile(r"[a-z][a-z.]*[0-9]+")
"""What a pile name looks like (t4, p1.t4): such a word is a click, never a move."""

HELP = """\
a move in notation: t1-t4, t1-t4 x2, draw       make it
a pile: t4 (top card) or t4:2 (from card 2)     pick up there; then a pile to put it on
moves          list the legal moves
undo, redo     take back a move, or make it again
hint           suggest a move (the honest player, who sees what you see)
save FILE      save the whole session (history, redo list) as JSON
load FILE      load a saved session
help, quit"""


def cards(event: Transfer) -> str:
    return " ".join(card.symbol for card in event.cards)


def describe(event: Event) -> str | None:
    """One line for an event, in words; ``None`` for bookkeeping a player need not see."""
    if isinstance(event, CardsDealt):
        return f"  dealt {cards(event)} from {event.source} to {event.target}"
    if isinstance(event, CardsDiscarded):
        return f"  discarded {cards(event)}"
    if isinstance(event, SuitRemoved):
        return f"  a complete suit leaves {event.source} for {event.target}"
    if isinstance(event, CardsShifted):
        return None  # Accordion closing its row up: the table shows it
    if isinstance(event, CardsMoved):
        shown = cards(event) if event.face_up or event.was_face_up else f"{len(event.cards)} cards"
        return f"  {shown}: {event.source} -> {event.target}"
    if isinstance(event, CardsTurned):
        what = " ".join(c.symbol for c in event.cards)
        return f"  turned up {what} on {event.pile}" if event.face_up else None
    if isinstance(event, JokerExchanged):
        return f"  {event.card.symbol} takes the place of {event.joker.symbol}"
    if isinstance(event, JokerNamed):
        return f"  {event.name} now stands for {event.after or 'nothing'}"
    if isinstance(event, TurnPassed):
        return f"  player {event.after} to move"
    if isinstance(event, ScoreChanged):
        return f"  score {event.before} -> {event.after}"
    if isinstance(event, CounterChanged) and event.shown:  # not bookkeeping
        return f"  {event.name} {event.before} -> {event.after}"
    return None


class Player:
    """The terminal player's state: a session and a picked-up place, if any."""

    def __init__(self, session: Session, out: TextIO) -> None:
        self.session = session
        self.out = out
        self.picked: tuple[str, int | None] | None = None

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def show(self) -> None:
        game, state = self.session.game, self.session.state
        self.say(game.render(state, symbols=True))
        if self.picked is not None:
            pile, index = self.picked
            where = pile if index is None else f"{pile}:{index}"
            targets = game.drop_targets(state, pile, index)
            self.say(f"picked up at {where}; put it on: {', '.join(targets)}")

    def make(self, move: Move | str) -> None:
        try:
            events = self.session.do(move)
        except IllegalMoveError as refused:
            self.say(f"refused ({refused.code}): {refused.reason}")
            return
        except PatienceError as bad:
            self.say(f"not a move: {bad}")
            return
        self.picked = None
        for event in events:
            line = describe(event)
            if line:
                self.say(line)

    def click(self, pile: str, index: int | None) -> None:
        """Pick up at ``pile`` (and ``index``), or put what is picked up there.

        A click while holding cards is always a drop: a refused drop says why
        and puts the cards back, and is never read as a new pick-up (nor a
        click on the stock as a deal)."""
        game, state = self.session.game, self.session.state
        if self.picked is not None:
            source, at = self.picked
            self.picked = None
            if pile == source:
                self.say(f"put back at {source}")
                return
            try:
                move = game.move_to(state, source, at, pile)
            except IllegalMoveError as refused:
                self.say(f"refused ({refused.code}): {refused.reason}")
                return
            self.make(move)
            return
        if index is None and len(state.piles[pile]):
            index = self._pick_up_point(pile)
        moves = game.moves_from(state, pile, index)
        where = pile if index is None else f"{pile}:{index}"
        if not moves:
            why = game.pick_up_refusal(state, pile, index)
            reason = f": {why.reason} ({why.code})" if why is not None else ""
            self.say(f"nothing can be picked up at {where}{reason}")
        elif all(m.target is None for m in moves):
            self.make(moves[0])  # a pile action: draw, deal, pull
        else:
            self.picked = (pile, index)

    def _pick_up_point(self, pile: str) -> int:
        """Where a click on ``pile`` picks up: its top card, or if nothing can
        move from there, the lowest card from which something can."""
        game, state = self.session.game, self.session.state
        top = len(state.piles[pile]) - 1
        if game.moves_from(state, pile, top):
            return top
        places = [i for p, i in game.pickable(state) if p == pile and i is not None]
        return min(places, default=top)

    def command(self, line: str) -> bool:
        """Carry out one line of input; False to stop."""
        words = line.split()
        if not words:
            return True
        word = words[0].lower()
        if word in ("quit", "exit"):
            return False
        if word == "help":
            self.say(HELP)
        elif word == "moves":
            self.say(" ".join(str(m) for m in self.session.legal_moves()) or "(none)")
        elif word in ("undo", "redo"):
            try:
                done = self.session.undo() if word == "undo" else self.session.redo()
                self.say(f"{word}: {done}")
            except UndoError as refused:
                self.say(f"cannot {word} ({refused.code}): {refused.reason}")
            self.picked = None
        elif word == "hint":
            try:
                self.say(f"hint: {self.session.hint()}")
            except PatienceError as bad:
                self.say(str(bad))
        elif word in ("save", "load") and len(words) == 2:
            self.save_or_load(word, Path(words[1]))
        else:
            self.play(line.strip())
        return True

    def play(self, text: str) -> None:
        """A pile click (``t4``, ``t4:2``) or a move in notation."""
        game, state = self.session.game, self.session.state
        name, _, at = text.partition(":")
        if name in state.piles and (not at or at.isdigit()):
            try:
                self.click(name, int(at) if at else None)
            except PatienceError as bad:  # a position outside the pile
                self.say(str(bad))
        elif PILE_LIKE.fullmatch(name) and (not at or at.isdigit()):
            self.say(f"{game.name} has no pile {name!r}; its piles: {', '.join(state.piles)}")
        else:
            self.make(text)

    def save_or_load(self, word: str, path: Path) -> None:
        try:
            if word == "save":
                path.write_text(json.dumps(self.session.to_json()), encoding="utf-8")
                self.say(f"saved {len(self.session.history)} moves to {path}")
            else:
                self.session = Session.from_json(path.read_text(encoding="utf-8"))
                self.picked = None
                self.say(f"loaded {self.session!r}")
        except InvalidRecordError as bad:
            self.say(f"cannot {word} {path} ({bad.code}): {bad.reason}")
        except (OSError, PatienceError) as bad:
            self.say(f"cannot {word} {path}: {bad}")


def play(session: Session, lines: Iterable[str], out: TextIO) -> Session:
    """Play ``session`` with commands from ``lines``, writing to ``out``; the
    session as it ends (a ``load`` may have replaced it)."""
    player = Player(session, out)
    player.show()
    for line in lines:
        if not player.command(line):
            break
        player.show()
        if player.session.is_over():
            player.say("the game is over: " + player.session.result().summary())
    return player.session


def prompted(stream: TextIO, out: TextIO) -> Iterator[str]:
    """Lines from ``stream``, with a prompt on ``out`` when it is a terminal."""
    while True:
        if stream.isatty():
            out.write("> ")
            out.flush()
        line = stream.readline()
        if not line:
            return
        yield line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play a patience game in the terminal.")
    parser.add_argument("game", nargs="?", default="klondike", help="a registered game")
    parser.add_argument("--seed", type=int, default=None, help="the deal (default: random)")
    parser.add_argument("--undo", choices=["free", "no-reveal"], default="free")
    args = parser.parse_args(argv)
    try:
        session = Session(patience.game(args.game), seed=args.seed, undo=args.undo)
    except PatienceError as bad:
        print(bad, file=sys.stderr)
        return 2
    print(f"{session.game.title}, seed {session.seed}. Type 'help' for the commands.")
    play(session, prompted(sys.stdin, sys.stdout), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
