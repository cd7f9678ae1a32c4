"""The Python half of the web example: Klondike played by clicks and drags.

``main.js`` loads this module into Pyodide, makes a :class:`Table` and calls
its methods when a pile, a card or a button is clicked; after each call it
asks for :meth:`Table.view` and puts it on the page. Nothing here knows the
browser, so the same module runs, and is tested, in plain CPython.

Everything the page needs comes from the library's public API: the picture
from ``patience.svg``, what a click or drag picks up from ``Game.moves_from``
(and its targets, marked on the table), the move a drop makes from
``Game.move_to``, the moves and their events from ``Session.do``, why a move
is refused or nothing can be picked up from the error's ``reason``
(``Game.move_to``, ``Game.pick_up_refusal``), hints from ``Session.hint`` and saving from
``Session.dumps`` and ``Session.from_json``.
"""

from __future__ import annotations

import json

import patience
from patience import IllegalMoveError, Move, PatienceError, Session
from patience.events import CardsMoved, CardsTurned, Event

GAME = patience.game("klondike")
"""The game a new page deals (a saved session brings its own)."""


def sentence(error: Exception) -> str:
    """An error's message as a sentence for the page."""
    text = str(error)
    return f"{text[:1].upper()}{text[1:]}."


class Table:
    """A session of Klondike and what the player has picked up, if anything."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.picked: tuple[str, int] | None = None
        """The selected pick-up point: a pile and the index of its lowest card."""
        self.hinted: Move | None = None
        self.message = "Click the stock to draw, or a card and then where it goes."

    @property
    def game(self) -> patience.Game:
        return self.session.game

    @classmethod
    def restore(cls, saved: str | None = None) -> Table:
        """The game :meth:`save` saved, or a random deal when there is none or
        it no longer loads."""
        if saved:
            try:
                return cls(Session.from_json(saved))
            except PatienceError:
                pass
        return cls(Session(GAME))

    def save(self) -> str:
        """The whole session (moves, redo list) as JSON text."""
        return self.session.dumps()

    # ------------------------------------------------------------ clicks

    @property
    def action_piles(self) -> set[str]:
        """The piles a click acts on as a whole: Klondike's stock (draw, redeal)."""
        return set(self.game.action_piles.values())

    def click(self, pile: str, index: int | None = None) -> None:
        """A click on ``pile``: on the card at ``index``, or beside its cards
        (on its outline, when it is empty) when ``index`` is ``None``."""
        self.hinted = None
        if self.picked is not None and pile not in self.action_piles:
            self.put(pile)
        else:
            self.picked = None  # the stock acts, whatever was picked up
            self.pick(pile, index)

    def grab(self, pile: str, index: int | None = None) -> bool:
        """The start of a drag at ``pile`` (and ``index``): pick up there,
        dropping whatever was picked up before. Whether a card is now picked
        up; a drag never acts on the stock (a click does)."""
        self.hinted = self.picked = None
        if pile in self.action_piles:
            return False
        self.pick(pile, index)
        return self.picked is not None

    def drop(self, pile: str | None) -> None:
        """The end of a drag: put what is picked up on ``pile``, or back when
        it ends off the table (``None``)."""
        if self.picked is None:
            return
        if pile is None:
            self.picked = None
            self.message = "Put back."
            return
        self.put(pile)

    def pick(self, pile: str, index: int | None) -> None:
        """The first click: pick up there, or act on the pile, or say why not."""
        state = self.session.state
        if index is None and state.piles[pile]:
            index = len(state.piles[pile]) - 1  # beside the cards: the top card
        moves = self.game.moves_from(state, pile, index)
        if moves and all(m.target is None for m in moves):
            self.make(moves[0])  # the stock: one click draws or redeals
        elif moves and index is not None:
            self.picked = (pile, index)
            targets = sorted(self.targets, key=self.label)
            self.message = (
                f"Picked up {self.cards(pile, index)}: click where it goes"
                f" ({', '.join(map(self.label, targets))})."
            )
        elif index is None and pile not in self.action_piles:
            self.message = f"{self.label(pile)} is empty: pick up a card first."
        else:  # the game says why nothing can be picked up there
            why = self.game.pick_up_refusal(state, pile, index)
            assert why is not None
            if pile in self.action_piles and why.move is not None:
                self.message = f"Refused: {why.move}: {why.reason}."
            else:
                self.message = f"Nothing to pick up there: {why.reason}."

    @property
    def targets(self) -> set[str]:
        """The piles what is picked up may go to (none when nothing is)."""
        if self.picked is None:
            return set()
        pile, index = self.picked
        moves = self.game.moves_from(self.session.state, pile, index)
        return {m.target for m in moves if m.target is not None}

    def put(self, pile: str) -> None:
        """The second click: put what is picked up on ``pile``; the game
        gives the move, or says why not."""
        assert self.picked is not None
        (source, index), self.picked = self.picked, None
        if pile == source:
            self.message = "Put back."
            return
        try:
            move = self.game.move_to(self.session.state, source, index, pile)
        except IllegalMoveError as refused:
            self.message = f"Refused: {refused.move}: {refused.reason}."
            return
        self.make(move)

    def make(self, move: Move) -> None:
        """Make ``move`` and say what happened, or why it is refused."""
        try:
            events = self.session.do(move)
        except IllegalMoveError as refused:
            self.message = f"Refused: {move}: {refused.reason}."
            return
        self.message = f"{move}: {self.told(events)}"
        if self.session.is_over():
            self.message += f" The game is over: {self.session.result().summary()}."

    # ----------------------------------------------------------- buttons

    def new_deal(self, seed: str = "") -> None:
        """A new game: the deal of ``seed`` (the seed field's text), or a
        random deal when it is blank."""
        text = seed.strip()
        try:
            session = Session(self.game, seed=int(text) if text else None)
        except ValueError:  # not a number, or a number the library takes for no seed
            self.message = f"Not a seed: {text!r}. A seed is a whole number from 0 to 2**64 - 1."
            return
        self.session, self.picked, self.hinted = session, None, None
        self.message = f"Dealt seed {session.seed}."

    def undo(self) -> None:
        self.picked = self.hinted = None
        try:
            self.message = f"Took back {self.session.undo()}."
        except PatienceError as refused:
            self.message = sentence(refused)

    def redo(self) -> None:
        self.picked = self.hinted = None
        try:
            self.message = f"Made again {self.session.redo()}."
        except PatienceError as refused:
            self.message = sentence(refused)

    def hint(self) -> None:
        self.picked = None
        try:
            self.hinted = self.session.hint()
        except PatienceError as refused:
            self.message = sentence(refused)
            return
        self.message = f"Hint: {self.hinted}."

    # -------------------------------------------------------------- view

    def view(self) -> str:
        """What the page shows, as JSON text: the picture and the lines of text."""
        session = self.session
        made, result = len(session.history), session.result().summary()
        return json.dumps(
            {
                "svg": patience.svg(
                    session.state,
                    highlight=self.hinted,
                    picked=self.picked,
                    targets=self.targets,
                ),
                "targets": sorted(self.targets),
                "status": f"Seed {session.seed} · {made} move{'s' * (made != 1)} · {result}",
                "message": self.message,
                "moves": [str(move) for move in session.history],
                "seed": str(session.seed),
                "can_undo": session.can_undo(),
                "can_redo": session.can_redo(),
            },
            ensure_ascii=False,
        )

    # ----------------------------------------------------------- helpers

    def label(self, pile: str) -> str:
        """A pile's name for people (``Pile 3``, ``Foundation 1``)."""
        return next(spec.label or spec.name for spec in self.game.layout if spec.name == pile)

    def cards(self, pile: str, index: int) -> str:
        """The cards from ``index`` up on ``pile``, with suit symbols."""
        return " ".join(card.symbol for card in self.session.state.piles[pile].cards[index:])

    def told(self, events: tuple[Event, ...]) -> str:
        """A move's events in a few words: the cards that moved face up and the
        cards turned up."""
        words = []
        for event in events:
            if isinstance(event, CardsMoved):
                shown = " ".join(c.symbol for c in event.cards) if event.face_up else "the cards"
                words.append(f"{shown} to {self.label(event.target)}")
            elif isinstance(event, CardsTurned) and event.face_up:
                words.append(f"turned up {' '.join(c.symbol for c in event.cards)}")
        return ", ".join(words) + "."
