"""What a front end asks: where moves start, the move a drag makes, why
nothing can be picked up, and what a move did, step by step.

A front end turns clicks and drags into moves without knowing the rules:
:func:`pickable` lists every place a legal move starts from, :func:`pick_up`
says where one move starts, :func:`moves_from` gives the moves a click there
makes, :func:`move_to` the move a drop makes (or the game's refusal), and
:func:`pick_up_refusal` why nothing at a place can move. :func:`apply_events`
makes a move and says what it did, as :mod:`patience.events`;
:func:`play_events` plays such events onto the position, for drawing each
step. The "Building a front end" page of the documentation walks through
them.

Everything here works through the game's protocol and the hooks of
:class:`FrontEndMethods` (``pick_up``, ``_pick_up_pile``, ``_proposed_move``,
``_events``), which :class:`~patience.Game` inherits with their defaults,
together with these functions as its methods: ``game.moves_from(state,
pile)`` is ``moves_from(game, state, pile)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from .errors import IllegalMoveError, PatienceError, brief_repr
from .events import Event, counter_events, infer_events
from .events import play_events as _play
from .move import Move
from .serial import card_text
from .state import State

if TYPE_CHECKING:
    from .game import Game

Drag = tuple[str, "int | None", "str | None"]
"""One way to make a move by hand: the pile and index it is picked up at,
and the pile it is put on (``None`` for an action)."""

__all__ = [
    "Click",
    "FrontEndMethods",
    "apply_events",
    "click",
    "drop_targets",
    "grab",
    "move_to",
    "moves_from",
    "pick_up",
    "pick_up_refusal",
    "pickable",
    "play_events",
    "uncovered",
]


def pick_up(game: Game, state: State, move: Move | str) -> tuple[str, int | None] | None:
    """Where ``move`` (a :class:`~patience.Move` or its notation) starts, for
    a front end: ``(pile, index)``.

    ``pile`` is the layout pile the move takes from or acts on; ``index``
    is the position in it of the lowest card the move picks up (a card
    move of three cards from a pile of ten picks up at 7, a pull takes the
    head), or ``None`` for an action on the pile as a whole, such as
    drawing from the stock. ``None`` for an action on no pile (``pass``).

    This is the game's answer, :meth:`Game.pick_up <patience.Game.pick_up>`,
    which a game may give otherwise (Clock's turns act on a pile as a whole).
    """
    return game.pick_up(state, move)


def _pick_up(game: Game, state: State, move: Move | str) -> tuple[str, int | None] | None:
    """Where ``move`` starts, for a front end: ``(pile, index)`` (see
    :func:`~patience.frontend.pick_up`). By default the pile the game's
    ``_pick_up_pile`` names, at the lowest card the move takes; a game may
    answer otherwise. Raises :class:`~patience.errors.IllegalMoveError` for
    something that is not a move, as :meth:`~patience.Game.apply` does."""
    if type(state) is not State or state._game is not game:
        game._check_own(state)
    if type(move) is not Move:
        move = game._move_of(state, move)
    name = game._pick_up_pile(move)
    if name is None:
        return None
    index = game._index
    if move.kind in game.action_piles or name not in index:
        return (name, None) if name in index else None
    size = len(state.piles[name])
    if move.kind == "move":
        return (name, size - move.count)
    return (name, size - 1 if size else None)


def _source_pile(game: Game, move: Move) -> str | None:
    """The layout pile ``move`` starts from (default: its source). A game whose
    moves name piles otherwise than its layout does says which."""
    return move.source


def _drag_places(game: Game, state: State, move: Move) -> tuple[Drag, ...]:
    """Every way a player can make ``move`` (legal in ``state``) by hand:
    ``(pile, index, target)``, picked up at ``pile`` (``index`` as
    :func:`~patience.frontend.pick_up` gives it) and put on ``target``
    (``None`` for an action that takes no drop). By default one way, from
    where :meth:`~patience.Game.pick_up` says the move starts to its
    target; a game whose move may be made from either end (Pyramid's pairs)
    gives both."""
    where = game.pick_up(state, move)
    if where is None:
        return ()
    return ((where[0], where[1], move.target),)


def _fits(drag: Drag, pile: str, index: int | None) -> bool:
    return drag[0] == pile and (index is None or drag[1] is None or drag[1] == index)


def moves_from(game: Game, state: State, pile: str, index: int | None = None) -> tuple[Move, ...]:
    """The legal moves that start from ``pile`` (see
    :func:`~patience.frontend.pick_up`).

    With ``index``, only those a click or drag on the card at that position
    makes: the card moves that pick up exactly there (the card and what lies on
    it), and the actions on the pile as a whole (drawing, whichever card of the
    stock is clicked). In legal-move order. Raises
    :class:`~patience.errors.PatienceError` for a pile the game does not have
    or a position outside the pile.
    """
    game._check_own(state)
    _check_place(game, state, pile, index)
    return _moves_from(game, state, pile, index)


def _moves_from(game: Game, state: State, pile: str, index: int | None) -> tuple[Move, ...]:
    return tuple(move for move, _ in _drags_from(game, state, pile, index))


def _drags_from(
    game: Game, state: State, pile: str, index: int | None
) -> list[tuple[Move, str | None]]:
    """The legal moves a pick-up at ``pile`` (``index``) makes, each with the
    target its drop goes to, in legal-move order; a move made from either
    end is listed once for the end at ``pile``."""
    out = []
    drags_of = game._drags
    for move in game._legal_moves(state):
        for drag in drags_of(state, move):
            if _fits(drag, pile, index):
                out.append((move, drag[2]))
                break
    return out


def pickable(game: Game, state: State) -> tuple[tuple[str, int | None], ...]:
    """Every place a legal move starts from: ``(pile, index)`` pairs as
    :func:`~patience.frontend.pick_up` gives them, each once, in layout order
    and then by index (``None``, a pile acted on as a whole, first). A front
    end can highlight them, and look up the moves with
    :func:`~patience.frontend.moves_from`."""
    game._check_own(state)
    drags_of = game._drags
    found = {(d[0], d[1]) for m in game._legal_moves(state) for d in drags_of(state, m)}
    order = game._index
    return tuple(sorted(found, key=lambda w: (order[w[0]], -1 if w[1] is None else w[1])))


def _check_place(game: Game, state: State, pile: object, index: object) -> None:
    """Raise :class:`~patience.errors.PatienceError` unless ``pile`` is a pile
    of the game and ``index`` ``None`` or a position in it."""
    if not isinstance(pile, str) or pile not in game._index:
        raise PatienceError(f"{game.name} has no pile {brief_repr(pile)}")
    if index is not None and (
        isinstance(index, bool)
        or not isinstance(index, int)
        or not 0 <= index < len(state.piles[pile])
    ):
        raise PatienceError(
            f"{pile} holds {len(state.piles[pile])} cards: no card at {brief_repr(index)}"
        )


def move_to(game: Game, state: State, pile: str, index: int | None, target: str) -> Move:
    """The move a drag or a second click makes: what is picked up at
    ``pile`` (the card at ``index`` and those on it; with ``None``, from
    wherever a move from that pile starts) put on ``target``.

    Returns the legal move (the first in legal-move order, if several
    fit); raises :class:`~patience.errors.IllegalMoveError`, with the
    :attr:`~patience.errors.IllegalMoveError.reason` and
    :attr:`~patience.errors.IllegalMoveError.code` of the game's own
    refusal, when the rules do not allow it, so a front end can say why a
    drop is refused without building moves itself. Raises
    :class:`~patience.errors.PatienceError` for a pile the game does not
    have or a position outside the pile.
    """
    game._check_own(state)
    _check_place(game, state, pile, index)
    _check_place(game, state, target, None)
    for move, to in _drags_from(game, state, pile, index):
        if to == target:
            return move
    proposed = game._proposed_move(state, pile, index, target)
    game.apply(state, proposed)  # raises the game's refusal
    return proposed


def _proposed_move(game: Game, state: State, pile: str, index: int | None, target: str) -> Move:
    """The move :func:`~patience.frontend.move_to` asks the rules about when no
    legal move fits: by default a card move of the cards from ``index`` up,
    made by the player to move. A game whose card moves are written otherwise
    says how."""
    size = len(state.piles[pile])
    count = 1 if index is None or size == 0 else size - index
    player = game.current_player(state) if game.players > 1 else None
    return Move("move", pile, target, count=max(count, 1), player=player)


def pick_up_refusal(
    game: Game, state: State, pile: str, index: int | None = None
) -> IllegalMoveError | None:
    """Why nothing can be picked up at ``pile`` (at ``index``, see
    :func:`~patience.frontend.moves_from`), or ``None`` when something can.

    The answer is an :class:`~patience.errors.IllegalMoveError` (returned,
    not raised) with the game's reason and code: the code every move from
    there is refused with (``face-down``, ``unit``, ``empty``,
    ``stock-empty``, ``game-over`` ...), or ``nowhere`` when the cards
    could leave but no pile takes them now. Its
    :attr:`~patience.errors.IllegalMoveError.move` is the first move
    asked about. Raises :class:`~patience.errors.PatienceError` for a pile
    the game does not have or a position outside the pile.
    """
    game._check_own(state)
    _check_place(game, state, pile, index)
    if _moves_from(game, state, pile, index):
        return None
    telling = game._telling_move(state, pile, index)
    if telling is not None:
        try:
            game.apply(state, telling)
        except IllegalMoveError as refused:
            return refused
    player = game.current_player(state) if game.players > 1 else None
    actions = [Move(k, pile, player=player) for k, p in game.action_piles.items() if p == pile]
    actions += _pile_actions(game, state, pile)
    targets = []
    if not game.move_kinds or "move" in game.move_kinds:
        targets = [game._proposed_move(state, pile, index, t) for t in game._index if t != pile]
    refusals: list[IllegalMoveError] = []
    for move in actions + targets:
        try:
            game.apply(state, move)
        except IllegalMoveError as refused:
            refusals.append(refused)
            if move in actions:
                return refused  # a click on the stock: why it does not draw
    first = refusals[0] if refusals else None
    same = first is not None and all(r.code == first.code for r in refusals)
    if first is not None and same and first.code != "not-a-move":
        return first
    where = pile if index is None else f"{pile}:{index}"
    if index is not None:
        starts = sorted({i for p, i in pickable(game, state) if p == pile and i is not None})
        if starts:
            at = " or ".join(str(i) for i in starts)
            return IllegalMoveError(
                first.move if first else None,
                state,
                f"a move from {pile} picks up at card {at}, not at {index}",
                "elsewhere",
            )
    if first is not None and same:
        return first
    held = state.piles[pile]
    start = len(held) - 1 if index is None else index
    cards = held.cards[start:]
    if not cards:
        return IllegalMoveError(
            first.move if first else None, state, f"{pile} holds no card", "nowhere"
        )
    elif start < held.down:
        what = f"the face-down card at {where}"
    else:
        what = card_text(cards[0], symbols=True)
    if len(cards) > 1:
        what += f" and the {len(cards) - 1} on it" if len(cards) > 2 else " and the card on it"
    return IllegalMoveError(
        first.move if first else None, state, f"no pile takes {what} now", "nowhere"
    )


def _telling_move(game: Game, state: State, pile: str, index: int | None) -> Move | None:
    """A move from ``pile`` (at ``index``) whose refusal says best why nothing
    there can be picked up, asked first by
    :func:`~patience.frontend.pick_up_refusal`; ``None`` (the default) to
    ask every target in turn. A game whose cards may be covered by cards of
    other piles (Pyramid, TriPeaks) names the move a free card there would
    make, so that the answer is "covered" rather than "no pile takes it"."""
    return None


def drop_targets(game: Game, state: State, pile: str, index: int | None = None) -> tuple[str, ...]:
    """The piles what is picked up at ``pile`` (``index``) may be put on, in
    layout order: the piles a front end marks while the cards are held, each
    of which :func:`~patience.frontend.move_to` turns into a legal move.
    Empty when nothing can be picked up there. Raises
    :class:`~patience.errors.PatienceError` for a pile the game does not have
    or a position outside the pile."""
    game._check_own(state)
    _check_place(game, state, pile, index)
    found = {to for _, to in _drags_from(game, state, pile, index) if to is not None}
    return tuple(sorted(found, key=game._index.__getitem__))


def uncovered(game: Game, state: State) -> tuple[tuple[str, int], ...]:
    """The face-up cards no card lies on, as ``(pile, index)`` in layout
    order: the cards the rules let leave their places if anything took them
    (whether or not a move does now). By default the top card of every pile
    whose top card lies face up; a game in which cards of one pile cover
    those of another (Pyramid, TriPeaks) says which are free."""
    game._check_own(state)
    return game._uncovered(state)


def _top_cards(game: Game, state: State) -> tuple[tuple[str, int], ...]:
    """The default of :func:`~patience.frontend.uncovered`: each pile's top card,
    where it lies face up."""
    return tuple(
        (name, len(pile) - 1) for name, pile in state.piles.items() if len(pile) > pile.down
    )


@attrs.frozen
class Click:
    """What a click (or the start of a drag) does, from :func:`click` or
    :func:`grab`: at most one of a move to make, cards held, or a refusal.

    A front end makes :attr:`move` (with :meth:`~patience.Game.apply` or
    :meth:`~patience.Session.do`), keeps :attr:`held` for the next click or
    the drop and marks :attr:`targets`, or shows :attr:`refusal`'s
    ``reason``. With none of the three the click put back what was held.
    """

    move: Move | None = None
    """The move the click makes: an action (a draw, a deal, a turn) or the
    drop of what was held."""
    held: tuple[str, int] | None = None
    """Where cards are now held: the pile and the index of the lowest card."""
    targets: tuple[str, ...] = ()
    """The piles what is held may go to (:func:`drop_targets`)."""
    refusal: IllegalMoveError | None = None
    """Why the click does nothing: the game's refusal of the drop, or why
    nothing can be picked up there (:func:`pick_up_refusal`)."""


def click(
    game: Game,
    state: State,
    pile: str,
    index: int | None = None,
    held: tuple[str, int] | None = None,
) -> Click:
    """What a click on ``pile`` does: on the card at ``index``, or beside the
    pile's cards (on its outline, when it is empty) with ``None``; ``held``
    is where cards were picked up by an earlier click, if any.

    The click protocol, the same in every game:

    - with nothing held, a click where an action starts (a move with no
      drop: drawing from the stock, dealing, turning, pulling) makes that
      action; otherwise it picks up there, if a move picks up there (beside
      the cards: at the top card); otherwise it is refused with
      :func:`pick_up_refusal`'s answer;
    - with cards held, a click on the pile they came from puts them back; a
      click on another pile drops them there: the move :func:`move_to`
      gives, or its refusal (the cards go back). A click on the stock while
      cards are held is a drop like any other, never a draw, so a slip of
      the pointer cannot deal.

    A place that both starts a move and is an action of its own (Pyramid's
    stock, whose top card pairs and which draws) acts on a click; its card
    is picked up by a drag (:func:`grab`) or reached from the other card of
    the move (click the card it pairs with, then the stock). Raises
    :class:`~patience.errors.PatienceError` for a pile the game does not have,
    a position outside the pile or a ``held`` that is not a place.
    """
    game._check_own(state)
    _check_place(game, state, pile, index)
    if held is not None:
        if not (isinstance(held, tuple) and len(held) == 2):
            raise PatienceError(f"held is a (pile, index) pair or None, not {brief_repr(held)}")
        _check_place(game, state, held[0], held[1])
        if held[0] == pile:
            return Click()
        try:
            return Click(move=move_to(game, state, held[0], held[1], pile))
        except IllegalMoveError as refused:
            return Click(refusal=refused)
    action = _action_at(game, state, pile, index)
    if action is not None:
        return Click(move=action)
    return _pick(game, state, pile, index)


def grab(game: Game, state: State, pile: str, index: int | None = None) -> Click:
    """What the start of a drag at ``pile`` (``index``) does: it picks up there
    (:attr:`Click.held` and :attr:`Click.targets`) or is refused with
    :func:`pick_up_refusal`'s answer. A drag never makes an action; its drop
    is :func:`move_to`. Raises :class:`~patience.errors.PatienceError` as
    :func:`click` does."""
    game._check_own(state)
    _check_place(game, state, pile, index)
    return _pick(game, state, pile, index)


def _action_at(game: Game, state: State, pile: str, index: int | None) -> Move | None:
    """The first legal move made at ``pile`` (``index``) without a drop."""
    for move, to in _drags_from(game, state, pile, index):
        if to is None:
            return move
    return None


def _pick(game: Game, state: State, pile: str, index: int | None) -> Click:
    """Pick up at ``pile`` (``index``; beside the cards, the top card), or say
    why not."""
    size = len(state.piles[pile])
    if index is None and size:
        index = size - 1
    targets = drop_targets(game, state, pile, index)
    if targets and index is not None:
        return Click(held=(pile, index), targets=targets)
    why = pick_up_refusal(game, state, pile, index)
    if why is None:  # only actions start here, and none is legal from this card
        why = IllegalMoveError(None, state, f"nothing at {pile} is picked up", "nowhere")
    return Click(refusal=why)


def _pile_actions(game: Game, state: State, pile: str) -> list[Move]:
    """The actions without a target that start at ``pile`` (Railroad's pulls),
    asked about by :func:`~patience.frontend.pick_up_refusal`: those among the
    game's :attr:`~patience.Game.actions` whose pick-up pile is ``pile``, if
    the game numbers its moves."""
    try:
        patterns = game.actions
    except PatienceError:
        return []
    out = []
    for pattern in patterns:
        own = pattern.kind not in game.action_piles and game._pick_up_pile(pattern) == pile
        if pattern.target is None and own:
            out.append(game._action_move(pattern, state))
    return out


# ----------------------------------------------------------------- events


def apply_events(game: Game, state: State, move: Move | str) -> tuple[State, tuple[Event, ...]]:
    """The position after ``move``, and the events that took ``state`` there.

    Checked and made exactly as :meth:`~patience.Game.apply` makes it; the
    events say what happened, in order: the cards the player moved, cards
    turned face up, what the rules then did (cards dealt, discarded or lifted
    away), each counter that changed and each score that changed (see
    :mod:`patience.events`). :func:`~patience.frontend.play_events` gives the
    new position again, and any prefix of the events a position in between, for
    a front end to draw step by step. A game says what its moves did through
    its ``_events`` hook; counters and scores are added here.
    """
    after = game.apply(state, move)
    if type(move) is not Move:
        move = game._move_of(state, move)
    steps = list(game._events(state, move, after))
    steps += counter_events(game, state, after, steps)
    return after, tuple(steps)


def play_events(game: Game, state: State, events: Iterable[Event]) -> State:
    """``state`` with ``events`` (from :func:`~patience.frontend.apply_events`)
    played onto it in order.

    With all of a move's events this is the position after the move; with the
    first few it is a position part way through, which may be one no move can
    leave (a Railroad line before its matches are discarded). Raises
    :class:`~patience.errors.PatienceError` for an event that does not fit the
    position.
    """
    game._check_own(state)
    if not isinstance(events, Iterable):
        raise PatienceError(f"play_events() takes an iterable of events, not {brief_repr(events)}")
    return _play(state, events)


def _inferred_events(game: Game, state: State, move: Move, after: State) -> Iterable[Event]:
    """The pile events of ``move`` (legal, already made: ``after`` is its
    result), and any counter events the game names specially.

    The default works them out from the two positions
    (:func:`patience.events.infer_events`). Games whose moves set off more than
    one packet of cards say exactly what happened instead; counters not named
    here and scores are added by :func:`~patience.frontend.apply_events`.
    """
    return infer_events(state, after)


def _picture(game: Game, state: State) -> str:
    """The picture of ``state`` that :func:`patience.svg` draws, as plain text
    (what a notebook shows for a state)."""
    from .svg import svg  # here: the pictures are drawn above the games

    return str(svg(state))


class FrontEndMethods:
    """The part of :class:`~patience.Game` that this module gives it: the
    functions of this module as methods, and the hooks they ask, with their
    defaults."""

    pick_up = _pick_up
    moves_from = moves_from
    pickable = pickable
    move_to = move_to
    pick_up_refusal = pick_up_refusal
    drop_targets = drop_targets
    uncovered = uncovered
    click = click
    grab = grab
    apply_events = apply_events
    play_events = play_events

    _pick_up_pile = _source_pile
    _drags = _drag_places
    _telling_move = _telling_move
    _uncovered = _top_cards
    _proposed_move = _proposed_move
    _events = _inferred_events
    _repr_svg_of = _picture
