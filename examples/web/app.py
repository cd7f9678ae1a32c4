"""The Python half of the web example: any registered game, played by clicks
and drags.

``main.js`` loads this module into Pyodide, makes a :class:`Table` and calls
its methods when a pile, a card or a button is clicked; after each call it
asks for :meth:`Table.view` and puts it on the page. Nothing here knows the
browser, so the same module runs, and is tested, in plain CPython.

Nothing here knows any game either. Everything the page shows comes from the
library's public API: the games and their options from the registry
(``patience.games``, ``patience.registry.describe``), the picture from
``patience.svg``, what a click, a drag and a drop do from the click protocol
(``Game.click``, ``Game.grab``), the moves and their events from
``Session.do``, told in words from the events' kinds alone, why a move is
refused from the error's ``reason``, hints from ``Session.hint`` and saving
from ``Session.dumps`` and ``Session.from_json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import patience
from patience import IllegalMoveError, InvalidOptionError, Move, PatienceError, Session
from patience.events import (
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
from patience.frontend import Click

NAMES = patience.games()
"""Every registered game, in the registry's order: the page's picker."""

LISTED = 3
"""How many piles the prompt names before it says "and others"."""


def sentence(error: Exception) -> str:
    """An error's message as a sentence for the page."""
    text = str(error)
    return f"{text[:1].upper()}{text[1:]}."


def choices() -> list[dict[str, str]]:
    """The picker's entries, ``{"name", "label"}``: each game's title, with its
    registered name added where several games share a title."""
    titles = {name: patience.game(name).title for name in NAMES}
    shared = {title for title in titles.values() if list(titles.values()).count(title) > 1}
    return [
        {"name": name, "label": f"{title} ({name})" if title in shared else title}
        for name, title in titles.items()
    ]


def picker() -> str:
    """The picker's entries (:func:`choices`) as JSON text, for ``main.js``."""
    return json.dumps(choices(), ensure_ascii=False)


def shown(value: object) -> str:
    """An option's value as the page writes it in its field."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def read(text: str, default: object) -> object:
    """The value of an option from its field's text: text for an option whose
    default is text, else ``none``, ``true``, ``false`` or a number (JSON),
    or the text itself, for the game to accept or refuse."""
    text = text.strip()
    if isinstance(default, str):
        return text
    if text.lower() in ("", "none", "null"):
        return None
    try:
        return json.loads(text.lower() if text.lower() in ("true", "false") else text)
    except ValueError:
        return text


def fields(name: str, values: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The option fields of the game registered as ``name``, one per option of
    its factory, filled with ``values`` where they name the option and with
    the default otherwise. An option whose default is true or false is a
    choice of the two; any other is a text field."""
    values = values or {}
    return [
        {
            "name": option,
            "kind": "choice" if isinstance(default, bool) else "text",
            "value": shown(values.get(option, default)),
            "default": shown(default),
        }
        for option, default in patience.registry.describe(name).options.items()
    ]


class Table:
    """A session of a game and the cards the player holds, if any."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.held: tuple[str, int] | None = None
        """Where the cards held lie: a pile and the index of the lowest card."""
        self.targets: tuple[str, ...] = ()
        """The piles the cards held may go to."""
        self.hinted: Move | None = None
        self.message = f"Dealt seed {session.seed}."

    @property
    def game(self) -> patience.Game:
        return self.session.game

    @classmethod
    def restore(cls, saved: str | None = None) -> Table:
        """The session :meth:`save` saved (its game and options with it), or a
        random deal of the first game when there is none or it no longer loads."""
        if saved:
            try:
                return cls(Session.from_json(saved))
            except PatienceError:
                pass
        return cls(Session(NAMES[0]))

    def save(self) -> str:
        """The whole session (game, options, moves, redo list) as JSON text."""
        return self.session.dumps()

    # ------------------------------------------------------------ clicks

    def click(self, pile: str, index: int | None = None) -> None:
        """A click on ``pile``: on the card at ``index``, or beside its cards
        (on its outline, when it is empty) when ``index`` is ``None``. The game
        says what it does (``Game.click``): an action, a pick-up, the drop of
        the cards held, or a refusal."""
        self.hinted = None
        held, self.held, self.targets = self.held, None, ()
        self.answer(self.game.click(self.session.state, pile, index, held=held), held)

    def grab(self, pile: str, index: int | None = None) -> bool:
        """The start of a drag at ``pile`` (and ``index``): pick up there
        (``Game.grab``, which never acts), letting go of whatever was held.
        Whether cards are now held."""
        self.hinted, self.held, self.targets = None, None, ()
        self.answer(self.game.grab(self.session.state, pile, index), None)
        return self.held is not None

    def drop(self, pile: str | None) -> None:
        """The end of a drag: the cards held go on ``pile`` (the game's move,
        or its refusal), or back where they came from when the drag ends off
        the table (``None``)."""
        if self.held is None:
            return
        if pile is None:
            self.held, self.targets = None, ()
            self.message = "Put back."
            return
        self.click(pile)  # with cards held, a click on a pile is their drop

    def answer(self, click: Click, held: tuple[str, int] | None) -> None:
        """Do what the game says a click does; ``held`` is where cards were held
        before it."""
        if click.move is not None:
            self.make(click.move)
        elif click.held is not None:
            self.held, self.targets = click.held, click.targets
            pile, index = click.held
            where = either(map(self.label, click.targets))
            self.message = f"Picked up {self.cards(pile, index)}: put it on {where}."
        elif click.refusal is not None:
            refused = click.refusal
            if held is not None:
                what = f"{refused.move}: " if refused.move is not None else ""
                self.message = f"Refused: {what}{refused.reason}."
            else:
                self.message = f"Nothing to pick up or play there: {refused.reason}."
        else:
            self.message = "Put back."

    def play(self, notation: str) -> None:
        """Make the legal move written ``notation``: the page's buttons for the
        moves that start at no place on the table (passing the turn)."""
        self.held, self.targets, self.hinted = None, (), None
        self.make(notation)

    def make(self, move: Move | str) -> None:
        """Make ``move`` and say what happened, or why it is refused."""
        try:
            events = self.session.do(move)
        except IllegalMoveError as refused:
            self.message = f"Refused: {move}: {refused.reason}."
            return
        made = self.session.history[-1]
        self.message = f"{made}: {self.told(events)}"
        if self.session.is_over():
            self.message += f" The game is over: {self.session.result().summary()}."

    # ----------------------------------------------------------- buttons

    def new_deal(self, seed: str = "", name: str | None = None, options: str = "") -> bool:
        """A new game: the deal of ``seed`` (the seed field's text; blank, a
        random deal) of the game registered as ``name`` (by default the one
        being played) with ``options``, a JSON object of each option's field
        text (by default, the options of the game being played when it is the
        same game, and the defaults otherwise). Whether it dealt: a name, an
        option or a seed the library refuses changes nothing but the message."""
        name = self.game.name if name is None else name
        try:
            defaults = patience.registry.describe(name).options
            texts = json.loads(options) if options.strip() else {}
            if not isinstance(texts, dict):
                raise PatienceError(f"the options are a JSON object, not {options!r}")
            if not texts and name == self.game.name:
                values: dict[str, Any] = dict(self.game.options)
            else:
                values = {k: read(str(v), defaults.get(k)) for k, v in texts.items()}
            game = patience.game(name, **values)
        except InvalidOptionError as refused:
            self.message = f"Refused option {refused.option}: {refused.reason}."
            return False
        except (PatienceError, ValueError) as refused:
            self.message = sentence(refused)
            return False
        text = seed.strip()
        seeds = game.seeds
        try:
            session = Session(game, seed=int(text) if text else None)
        except ValueError:  # not a number
            self.message = (
                f"Not a seed: {text!r}. A seed is a whole number"
                f" from {seeds.start} to {seeds.stop - 1}."
            )
            return False
        except PatienceError as refused:  # a number the game does not deal
            self.message = f"Not a seed: {text!r}: {refused}."
            return False
        self.session, self.held, self.targets, self.hinted = session, None, (), None
        self.message = f"Dealt seed {session.seed}."
        return True

    def undo(self) -> None:
        self.held, self.targets, self.hinted = None, (), None
        try:
            self.message = f"Took back {self.session.undo()}."
        except PatienceError as refused:
            self.message = sentence(refused)

    def redo(self) -> None:
        self.held, self.targets, self.hinted = None, (), None
        try:
            self.message = f"Made again {self.session.redo()}."
        except PatienceError as refused:
            self.message = sentence(refused)

    def hint(self) -> None:
        self.held, self.targets = None, ()
        state = self.session.state
        player = self.game.current_player(state)
        if player is None:  # several players may move: the first of them
            player = min(self.game.movers(state), default=0)
        try:
            self.hinted = self.session.hint(player=player)
        except PatienceError as refused:
            self.message = sentence(refused)
            return
        self.message = f"Hint: {self.hinted}."

    # -------------------------------------------------------------- view

    def view(self) -> str:
        """What the page shows, as JSON text: the picture, the lines of text,
        the game's options and the buttons for moves that start nowhere."""
        session = self.session
        state = session.state
        made, result = len(session.history), session.result().summary()
        return json.dumps(
            {
                "game": self.game.name,
                "title": self.game.title,
                "options": fields(self.game.name, self.game.options),
                "svg": patience.svg(
                    state, highlight=self.hinted, picked=self.held, targets=self.targets
                ),
                "targets": list(self.targets),
                "status": f"Seed {session.seed} · {made} move{'s' * (made != 1)} · {result}",
                "prompt": self.prompt(),
                "message": self.message,
                "moves": [str(move) for move in session.history],
                "buttons": self.unplaced(),
                "seed": str(session.seed),
                "can_undo": session.can_undo(),
                "can_redo": session.can_redo(),
            },
            ensure_ascii=False,
        )

    def unplaced(self) -> list[str]:
        """The legal moves that start at no place on the table, which only a
        button can make (``Game.pick_up`` gives ``None``)."""
        state = self.session.state
        return [str(m) for m in self.session.legal_moves() if self.game.pick_up(state, m) is None]

    def prompt(self) -> str:
        """What the player may do now, in general words: whose turn it is,
        the piles a click acts on, and how cards move."""
        if self.session.is_over():
            return "The game is over: deal again, or undo."
        state = self.session.state
        if self.held is not None:
            pile, index = self.held
            where = either(map(self.label, self.targets))
            back = self.label(pile)
            return f"Holding {self.cards(pile, index)}: click {where}, or {back} to put it back."
        words = []
        if self.game.players > 1:
            player = self.game.current_player(state)
            movers = self.game.movers(state) if player is None else (player,)
            words.append(f"Player {' or '.join(map(str, movers))} to move.")
        acts: dict[str, list[str]] = {}  # the piles a click acts on, by kind of move
        cards = False
        for move in self.session.legal_moves():
            where = self.game.pick_up(state, move)
            if where is None:
                continue  # a button's
            if move.target is None:
                piles = acts.setdefault(move.kind, [])
                if where[0] not in piles:
                    piles.append(where[0])
            else:
                cards = True
        for kind, piles in acts.items():
            named = ", ".join(map(self.label, piles[:LISTED]))
            more = f" (or {len(piles) - LISTED} more)" if len(piles) > LISTED else ""
            words.append(f"Click {named}{more} to {kind}.")
        if cards:
            words.append("Drag a card where it goes, or click it and then its place.")
        if self.unplaced():
            words.append("Some moves have a button of their own.")
        return " ".join(words)

    # ----------------------------------------------------------- helpers

    def label(self, pile: str) -> str:
        """A pile's name for people (``Pile 3``, ``Foundation 1``)."""
        return next(spec.label or spec.name for spec in self.game.layout if spec.name == pile)

    def cards(self, pile: str, index: int) -> str:
        """The cards from ``index`` up on ``pile``, with suit symbols."""
        return symbols(self.session.state.piles[pile].cards[index:])

    def told(self, events: Iterable[Event]) -> str:
        """A move's events in a few words, from their kinds alone: cards moved,
        dealt, slid along, discarded or removed, turned over, jokers named and
        exchanged, shown counters, whose turn it is and scores of several
        players. A run of cards dealt or discarded from one pile is told once,
        and so is a run of cards slid along."""
        words: list[str] = []
        runs: list[list[Event]] = []
        for event in events:
            last = runs[-1][0] if runs else None
            if (
                isinstance(event, (CardsDealt, CardsShifted, CardsDiscarded))
                and type(event) is type(last)
                and isinstance(last, Transfer)
                and (last.source == event.source or isinstance(event, CardsShifted))
            ):
                runs[-1].append(event)
            else:
                runs.append([event])
        for run in runs:
            said = self.tell(run)
            if said:
                words.append(said)
        return (", ".join(words) or "done") + "."

    def tell(self, run: list[Event]) -> str:
        """One event, or a run of events of one kind from one pile, in words
        (empty for bookkeeping a player need not see)."""
        first, label = run[0], self.label
        if isinstance(first, Transfer):
            transfers = [e for e in run if isinstance(e, Transfer)]
            cards = [card for e in transfers for card in e.landed]
            targets = list(dict.fromkeys(e.target for e in transfers))
            onto = label(targets[0]) if len(targets) == 1 else f"{len(targets)} piles"
            what = symbols(cards) if first.face_up else count(len(cards))
            if isinstance(first, CardsDealt):
                if len(cards) == 1:
                    return f"dealt {what} from {label(first.source)} to {onto}"
                return f"dealt {count(len(cards))} from {label(first.source)} to {onto}"
            if isinstance(first, CardsShifted):
                return f"{count(len(cards))} slid along to close the gap"
            if isinstance(first, CardsDiscarded):
                return f"{what} discarded to {onto}"
            if isinstance(first, SuitRemoved):
                return f"{what} removed from {label(first.source)} to {onto}"
            return f"{what} from {label(first.source)} to {onto}"
        if isinstance(first, CardsTurned):
            way = "up" if first.face_up else "down"
            what = symbols(first.cards) if first.face_up else count(len(first.cards))
            return f"turned {way} {what} on {label(first.pile)}"
        if isinstance(first, JokerExchanged):
            return f"{first.card.symbol} took the place of {first.joker.symbol}"
        if isinstance(first, JokerNamed):
            joker = card_text(first.name)
            if not first.after:
                return f"{joker} stands for no card now"
            return f"{joker} stands for {card_text(str(first.after))}"
        if isinstance(first, TurnPassed):
            return f"player {first.after} to move"
        if isinstance(first, CounterChanged):
            return f"{first.name} now {shown(first.after)}" if first.shown else ""
        if isinstance(first, ScoreChanged):
            if self.game.players > 1:
                return f"player {first.player} scores {first.after}"
            return ""
        if isinstance(first, PileReplaced):
            return f"{label(first.pile)} changed"
        return ""  # the count of moves without progress, and the like


def symbols(cards: Iterable[patience.Card]) -> str:
    """Cards as their symbols (``7♦ 6♠``)."""
    return " ".join(card.symbol for card in cards)


def either(words: Iterable[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    items = list(words)
    return " or ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)


def count(n: int) -> str:
    """``1 card``, ``10 cards``."""
    return f"{n} card{'s' * (n != 1)}"


def card_text(text: str) -> str:
    """A card written in the library's notation (``8D``) as its symbol
    (``8♦``), or the text as it is when it is not a card."""
    try:
        return patience.Card.parse(text).symbol
    except PatienceError:
        return text
