"""The terminal player behind ``python -m patience play GAME``.

It plays any registered game, with any of its options, from lines of text:
a move in the game's notation (``t1-t4``, ``draw``, ``pair stock-g2``), or
clicks on piles (``t4`` for its top card, ``t4:2`` for the card at position
2), read by the library's click protocol (:meth:`Game.click
<patience.Game.click>`): a click acts where an action starts (the stock
draws), picks up elsewhere, and with cards held drops them on the pile
clicked. Besides moves it takes ``undo``, ``redo``, ``hint``, ``moves``,
``show``, ``save FILE``, ``load FILE``, ``help`` and ``quit``.

It is a front end built from the public API alone, as the "Building a front
end" page describes one: the table from :meth:`Game.render
<patience.Game.render>`, what a click means from :meth:`Game.click
<patience.Game.click>` and :meth:`Game.grab <patience.Game.grab>`, what a
move did from the events :meth:`Session.do <patience.Session.do>` returns,
why something is refused from the error's ``reason`` and ``code``, and the
save from :meth:`Session.to_json <patience.Session.to_json>`.

>>> import io, patience
>>> out = io.StringIO()
>>> session = play(patience.Session("pyramid", seed=3), ["g2", "stock"], out)
>>> session.history
(Move('pair', 'stock', 'g2'),)
>>> text = out.getvalue()
>>> start = text.index("> g2")
>>> print(text[start : text.index("Pyramid", start)].strip())
> g2
holding 4♣ from g2; put it on stock (or g2 again to put it back)
> stock
1. pair stock-g2
   9♣: stock -> discard
   turned up 3♠ on stock
   4♣: g2 -> discard
   score 28 -> 27
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from .cards import Card
from .errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidRecordError,
    PatienceError,
    UndoError,
)
from .events import (
    CardsDealt,
    CardsDiscarded,
    CardsShifted,
    CardsTurned,
    CounterChanged,
    Event,
    JokerExchanged,
    JokerNamed,
    PileReplaced,
    ScoreChanged,
    SuitRemoved,
    Transfer,
    TurnPassed,
)
from .frontend import Click
from .game import Game
from .move import Move
from .registry import game as make_game
from .session import Session

__all__ = ["COMMANDS", "EXAMPLES", "Player", "event_text", "play", "replay_args", "run"]

COMMANDS = """\
t1-t4, draw, pair stock-g2   a move in the game's notation (see 'moves')
t4                           click pile t4 (beside its cards: its top card)
t4:2                         click the card at position 2 of t4 (0 is the bottom)
g2 stock                     several clicks on one line, one after the other
drag t4:2 t5                 drag from t4:2 to t5 (picks up even where a click acts)
moves                        the legal moves, in notation
hint                         a move suggested from what you can see
undo, redo                   take a move back, or make it again
show                         the table again
save FILE, load FILE         save the whole game (history, redo list) or load one
help, quit"""
"""The commands the player reads, as ``help`` prints them."""

CLICKS = """\
A click where an action starts makes it (the stock draws or deals); elsewhere
it picks cards up, and the next click on another pile puts them there (or
says why not). A click on the pile they came from puts them back."""

EXAMPLES = """\
  python -m patience play klondike -o draw=1 --seed 7
      t7-f1  stock  t5 t1  undo  redo  hint
  python -m patience play freecell -o numbering=microsoft --seed 1
      t1-c1  t2 c2  (Microsoft's deal 1)
  python -m patience play spider -o suits=1 --seed 5
      t5-t10  t10:4 t4  stock  (the stock deals a row)
  python -m patience play pyramid --seed 2
      pair g1-g7  g4 g5  g2 f4  stock  g3 stock  (a pair from either card)
  python -m patience play railroad -o sidings=2 --seed 1
      pull s1  s2"""
"""One example per kind of game, in notation and in clicks, for ``--help``."""

PILE_LIKE = re.compile(r"[a-z][a-z.]*[0-9]+|[a-z][a-z.]*\.[a-z]+")
"""What a pile name looks like (``t4``, ``p1.t4``, ``p0.stock``): a word like
that, on its own, is a click on a pile that is not there, never a move."""


def _cards(cards: Iterable[Card], symbols: bool) -> str:
    return " ".join(card.symbol if symbols else str(card) for card in cards)


def event_text(event: Event, symbols: bool = True) -> str | None:
    """One line for ``event``, in words (``3♣: t5 -> t1``, ``turned up 2♠ on
    t5``); ``None`` for bookkeeping a player need not see (the count of idle
    moves, counters the game does not show, Accordion's row closing up)."""
    if isinstance(event, CardsShifted):
        return None  # the table shows the row closed up
    if isinstance(event, Transfer):
        shown = event.face_up or event.was_face_up
        what = _cards(event.cards, symbols) if shown else f"{len(event.cards)} cards"
        if isinstance(event, CardsDealt):
            return f"dealt {what} from {event.source} to {event.target}"
        if isinstance(event, CardsDiscarded):
            return f"discarded {what} from {event.source}"
        if isinstance(event, SuitRemoved):
            return f"a whole suit leaves {event.source} for {event.target}"
        return f"{what}: {event.source} -> {event.target}"  # the player's own move
    if isinstance(event, CardsTurned):
        if not event.face_up:
            return f"turned {len(event.cards)} cards face down on {event.pile}"
        return f"turned up {_cards(event.cards, symbols)} on {event.pile}"
    if isinstance(event, JokerExchanged):
        card, joker = _cards([event.card], symbols), _cards([event.joker], symbols)
        return f"{card} takes the place of {joker}"
    if isinstance(event, JokerNamed):
        return f"{event.name} now stands for {event.after or 'nothing'}"
    if isinstance(event, TurnPassed):
        return f"player {event.after} to move"
    if isinstance(event, CounterChanged):
        return f"{event.name}: {event.before} -> {event.after}" if event.shown else None
    if isinstance(event, ScoreChanged):
        return f"score {event.before} -> {event.after}"
    if isinstance(event, PileReplaced):
        return f"{event.pile} changed"
    return None


def _option_text(value: Any) -> str:
    """An option's value as ``-o NAME=VALUE`` reads it back."""
    if isinstance(value, str):
        try:
            json.loads(value)
        except ValueError:
            return value  # plain text stays text
    try:
        return json.dumps(value)
    except (TypeError, ValueError):  # a plug-in's option that is not JSON
        return str(value)


def replay_args(game: Game, seed: int | None) -> str:
    """The arguments of ``play`` that deal this game again: the name, each
    option that differs from the game's default, and the seed."""
    try:
        usual = dict(make_game(game.name).options)
    except PatienceError:  # a game made outside the registry
        usual = {}
    parts = [game.name]
    for name, value in game.options.items():
        if name not in usual or usual[name] != value:
            parts.append(f"-o {name}={_option_text(value)}")
    if seed is not None:
        parts.append(f"--seed {seed}")
    return " ".join(parts)


def _symbols_fit(out: TextIO) -> bool:
    """Whether ``out`` can write the suits' symbols."""
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        "♣♦♥♠".encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


class Player:
    """One game at the terminal: a :class:`~patience.Session`, the cards held
    by a click, if any, and where to write."""

    def __init__(self, session: Session, out: TextIO) -> None:
        self.session = session
        self.out = out
        self.held: tuple[str, int] | None = None
        """Where cards were picked up by the last click: pile and index."""
        self.symbols = _symbols_fit(out)
        self._over_told = False

    # ------------------------------------------------------------ output

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def show(self) -> None:
        """The table, the cards the table does not name, and what is held."""
        game, state = self.session.game, self.session.state
        table = game.render(state, symbols=self.symbols)
        self.say(table)
        free = self._unnamed_free(table)
        if free:
            text = textwrap.fill("free cards: " + ", ".join(free), 78, subsequent_indent="  ")
            self.say(text.replace("\xa0", " "))
        if self.held is not None:
            self._say_held()

    def _unnamed_free(self, table: str) -> list[str]:
        """The free cards (:meth:`~patience.Game.uncovered`) of piles the table
        does not name (a pyramid's places), each with the click that picks it
        up: ``g2 4♣``."""
        game, state = self.session.game, self.session.state
        words = set(re.findall(r"[\w.]+", table))
        rows = set(re.findall(r"(?m)^\s*(\d+)\s", table))  # a grid's row numbers
        out = []
        for pile, index in game.uncovered(state):
            grid = re.fullmatch(r"([a-z])(\d+)", pile)
            if pile in words or (grid and grid[1] in words and grid[2] in rows):
                continue  # named, or a cell of a grid with lettered columns
            top = index == len(state.piles[pile]) - 1
            where = pile if top else f"{pile}:{index}"
            out.append(f"{where}\xa0{self._card(state.piles[pile].cards[index])}")  # kept whole
        return out

    def _card(self, card: Card) -> str:
        return _cards([card], self.symbols)

    def _where(self, pile: str, index: int | None) -> str:
        """``t4:2``, or ``t4`` for a pile's top card or the pile as a whole."""
        top = len(self.session.state.piles[pile]) - 1
        return pile if index is None or index == top else f"{pile}:{index}"

    def _say_held(self) -> None:
        assert self.held is not None
        pile, index = self.held
        state = self.session.state
        held = state.piles[pile].cards[index:]
        them = "them" if len(held) > 1 else "it"
        targets = self.session.game.drop_targets(state, pile, index)
        self.say(
            f"holding {_cards(held, self.symbols)} from {self._where(pile, index)};"
            f" put {them} on {', '.join(targets)} (or {pile} again to put {them} back)"
        )

    def _after_change(self) -> None:
        """The table after the position changed, and the result once it is over."""
        self.held = None
        self.show()
        self.tell_over()

    def tell_over(self) -> None:
        """The result, once, when the game has just ended."""
        if self.session.is_over():
            if not self._over_told:
                self.say(
                    f"game over: {self.session.result().summary()}."
                    " 'undo' takes the last move back; 'quit' ends."
                )
            self._over_told = True
        else:
            self._over_told = False

    # ------------------------------------------------------------ moves

    def make(self, move: Move | str) -> bool:
        """Make ``move`` (a move or its notation) and say what it did; False
        and the reason when it is refused."""
        try:
            events = self.session.do(move)
        except IllegalMoveError as refused:
            self.say(f"refused ({refused.code}): {refused.reason}")
            return False
        except InvalidMoveError as bad:
            self.say(f"not a move: {bad.reason} (type 'help' for the commands)")
            return False
        except PatienceError as bad:
            self.say(f"not a move: {bad}")
            return False
        self.say(f"{len(self.session.history)}. {self.session.history[-1]}")
        for event in events:
            line = event_text(event, self.symbols)
            if line:
                self.say("   " + line)
        self._after_change()
        return True

    def click(self, pile: str, index: int | None) -> bool:
        """A click on ``pile`` (at ``index``) by the click protocol
        (:meth:`Game.click <patience.Game.click>`); False when it was refused."""
        held, self.held = self.held, None
        answer: Click = self.session.game.click(self.session.state, pile, index, held)
        return self._answer(answer, held, self._where(pile, index))

    def drag(self, pile: str, index: int | None, target: str) -> bool:
        """A drag from ``pile`` (``index``) to ``target``: :meth:`Game.grab
        <patience.Game.grab>`, then :meth:`Game.move_to <patience.Game.move_to>`."""
        game, state = self.session.game, self.session.state
        self.held = None
        grabbed = game.grab(state, pile, index)
        if grabbed.held is None:
            return self._answer(grabbed, None, self._where(pile, index))
        try:
            move = game.move_to(state, grabbed.held[0], grabbed.held[1], target)
        except IllegalMoveError as refused:
            self.say(f"refused ({refused.code}): {refused.reason}")
            return False
        return self.make(move)

    def _answer(self, answer: Click, held: tuple[str, int] | None, where: str) -> bool:
        if answer.move is not None:
            return self.make(answer.move)
        if answer.held is not None:
            self.held = answer.held
            self._say_held()
            return True
        refusal = answer.refusal
        if refusal is None:
            assert held is not None
            self.say(f"put back on {held[0]}")
            return True
        if held is not None:
            self.say(f"refused ({refusal.code}): {refusal.reason}; the cards go back")
        else:
            self.say(f"nothing to pick up at {where} ({refusal.code}): {refusal.reason}")
        return False

    # ------------------------------------------------------------ commands

    def command(self, line: str) -> bool:
        """Carry out one line of input; False to stop."""
        words = line.split()
        if not words:
            return True
        word = words[0].lower()
        rest = line.strip()[len(words[0]) :].strip()
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?"):
            self.say(COMMANDS)
            self.say(CLICKS)
        elif word == "show" and not rest:
            self.show()
        elif word == "moves" and not rest:
            moves = [str(m) for m in self.session.legal_moves()]
            self.say(textwrap.fill(", ".join(moves) or "(none)", 78))
        elif word in ("undo", "redo") and not rest:
            self.undo_or_redo(word)
        elif word == "hint" and not rest:
            self.hint()
        elif word in ("save", "load") and rest:
            self.save_or_load(word, Path(rest))
        elif word == "drag" and len(words) == 3:
            place, target = self._place(words[1]), self._place(words[2])
            if place is not None and target is not None:
                self._guarded(self.drag, place[0], place[1], target[0])
        else:
            self.play(line.strip())
        return True

    def play(self, text: str) -> None:
        """Clicks (``t4``, ``t4:2``, several on a line) or a move in notation."""
        words = text.split()
        places = [self._place(w, quiet=True) for w in words]
        if all(p is not None for p in places):
            for place in places:
                assert place is not None
                if not self._guarded(self.click, place[0], place[1]):
                    break
        elif len(words) == 1 and PILE_LIKE.fullmatch(words[0].partition(":")[0]):
            self._place(words[0])  # says there is no such pile
        else:
            self.make(text)

    def _place(self, word: str, quiet: bool = False) -> tuple[str, int | None] | None:
        """``t4`` or ``t4:2`` read as a place on the table; ``None`` (said
        unless ``quiet``) when it is not one."""
        pile, colon, at = word.partition(":")
        piles = self.session.state.piles
        if pile in piles and (not colon or at.isdigit()):
            return pile, int(at) if colon else None
        if not quiet:
            if pile in piles:
                self.say(f"{word}: a place is a pile, or a pile and a position ({pile}:0)")
            else:
                self.say(
                    textwrap.fill(
                        f"{self.session.game.name} has no pile {pile!r}; its piles: "
                        + ", ".join(piles),
                        78,
                    )
                )
        return None

    def _guarded(self, action: Callable[..., bool], *args: Any) -> bool:
        """``action(*args)``, with a place outside a pile said rather than raised."""
        try:
            return action(*args)
        except IllegalMoveError as refused:
            self.say(f"refused ({refused.code}): {refused.reason}")
        except PatienceError as bad:  # a position outside the pile
            self.say(str(bad))
        return False

    def undo_or_redo(self, word: str) -> None:
        try:
            move = self.session.undo() if word == "undo" else self.session.redo()
        except UndoError as refused:
            self.say(f"cannot {word} ({refused.code}): {refused.reason}")
            return
        self.say(f"{word}: {move}")
        self._after_change()

    def hint(self) -> None:
        session = self.session
        if session.is_over():
            self.say("the game is over: no hint ('undo' takes the last move back)")
            return
        movers = session.game.movers(session.state)
        player = movers[0] if movers else 0
        try:
            move = session.hint(player=player)
        except PatienceError as bad:
            self.say(f"no hint: {bad}")
            return
        start = session.game.pick_up(session.state, move)
        clicks = self._clicks(move, start)
        self.say(f"hint: {move}" + (f" (clicks: {clicks})" if clicks else ""))

    def _clicks(self, move: Move, start: tuple[str, int | None] | None) -> str:
        """The clicks that make ``move``, when clicks do: from where it starts,
        or from its other end (a pair is made from either card)."""
        game, state = self.session.game, self.session.state
        ends = [p for p in (move.source, move.target) if p is not None and p in state.piles]
        firsts = [start] if start is not None else []
        firsts += [(p, None) for p in ends if start is None or p != start[0]]
        for pile, index in firsts:
            try:
                first = game.click(state, pile, index)
                if first.move == move:
                    return self._where(pile, index)
                if first.held is None:
                    continue
                for other in ends:
                    if other != pile and game.click(state, other, None, first.held).move == move:
                        return f"{self._where(pile, index)} {other}"
            except PatienceError:
                continue
        return ""

    def save_or_load(self, word: str, path: Path) -> None:
        try:
            if word == "save":
                path.write_text(self.session.dumps() + "\n", encoding="utf-8")
                self.say(f"saved {len(self.session.history)} moves to {path}")
                return
            session = Session.from_json(path.read_text(encoding="utf-8"))
        except InvalidRecordError as bad:
            self.say(f"cannot {word} {path} ({bad.code}): {bad.reason}")
            return
        except (OSError, UnicodeError) as bad:
            self.say(f"cannot {word} {path}: {getattr(bad, 'strerror', None) or bad}")
            return
        except PatienceError as bad:
            self.say(f"cannot {word} {path}: {bad}")
            return
        self.session = session
        self.say(
            f"loaded {session.game.title}: play {replay_args(session.game, session.seed)},"
            f" {len(session.history)} moves"
        )
        self._after_change()


def play(session: Session, lines: Iterable[str], out: TextIO, echo: bool = True) -> Session:
    """Play ``session`` with commands from ``lines``, writing to ``out``, until
    ``quit`` or the end of the lines; returns the session as it ends (a
    ``load`` may have replaced it). With ``echo`` each line is written
    after ``> ``, so that a transcript shows what was typed."""
    player = Player(session, out)
    player.show()
    player.tell_over()
    for line in lines:
        if echo:
            player.say(f"> {line.rstrip()}")
        if not player.command(line):
            break
    return player.session


def _lines(stream: TextIO, out: TextIO) -> Iterator[str]:
    """Lines from ``stream``; at a terminal, read with a prompt (and line
    editing, where the ``readline`` module is there)."""
    if stream is sys.stdin and stream.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
        while True:
            try:
                yield input("> ")
            except EOFError:
                out.write("\n")
                return
    while True:
        line = stream.readline()
        if not line:
            return
        yield line


def run(
    game: Game,
    *,
    seed: int | None = None,
    undo: str = "free",
    stdin: TextIO | None = None,
    out: TextIO | None = None,
) -> int:
    """Play ``game`` from ``stdin`` (standard input) to ``out`` (standard
    output) and return the exit status, 0. Without a seed the deal is a
    random one of a million, whose seed is printed so that it can be played
    again. A bad seed or undo policy raises
    :class:`~patience.errors.PatienceError` before anything is printed."""
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    session = Session(game, seed=seed, undo=undo)
    print(
        f"{game.title}, seed {session.seed}: to play this deal again,"
        f" play {replay_args(game, session.seed)}. Type 'help' for the commands.",
        file=out,
    )
    at_terminal = stdin is sys.stdin and stdin.isatty()
    final = play(session, _lines(stdin, out), out, echo=not at_terminal)
    made = len(final.history)
    print(f"{made} move{'s' * (made != 1)}; {final.result().summary()}", file=out)
    return 0
