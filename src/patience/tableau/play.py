"""Listing and applying: the tableau engine's hot paths.

:func:`list_moves` lists the legal moves of a position (with what it notes on
the way about progress, so that turning the stock can reuse the listing) and
:func:`step` makes a move with everything it sets off: face-down cards
turning up, complete suits leaving, the reserve filling spaces, the stock's
counters. :class:`~patience.tableau.TableauGame` binds them as its ``_list``
and ``_step``; the other functions are their parts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..cards import KING, Card
from ..events import CardsDealt, CardsMoved, CardsTurned, Event, SuitRemoved
from ..move import Move
from ..pile import Pile
from ..state import Info, State

if TYPE_CHECKING:
    from .engine import TableauGame

__all__: list[str] = []  # the engine's own: TableauGame binds what it needs


_EMPTY = Pile()
_pile = Pile._trusted  # piles the engine builds from piles it already holds
_DRAW = Move("draw", "stock")
_NO_TARGETS: list[int] = []  # never changed: the targets of a card nothing takes
_REDEAL = Move("redeal", "stock")
_DEAL = Move("deal", "stock")

_Context = tuple[dict[Card, list[int]], list[int], int, dict[int, list[int]], list[int]]
"""What decides where a card from the waste may go: the cards the foundations
want next (with the foundations that want each), the empty foundations, the
base rank, the piles each kind of card may go on, and the spaces it may fill."""

_Listing = tuple[
    tuple[Move, ...],
    bool,
    "tuple[bool, int, int, int, int, _Context] | None",
    "bool | None",
]
"""What a state of a tableau game remembers of its listing (see :func:`list_moves`)."""


def list_moves(game: TableauGame, state: State) -> _Listing:
    """The legal moves in ``state``, in the engine's order, with what the
    engine notes on the way (a state of this game keeps it all).

    ``(moves, progress, splice, turning)``: ``progress`` says whether one of the
    moves makes progress as ``_move_progress`` tells it (a card to a
    foundation that counts, or from the waste or the reserve, a face-down
    card turned up, a space the reserve fills, a deal). In a game with a
    waste, ``splice`` says where the moves from the waste lie, so that
    the listing after turning the stock can be made from this one (see
    :func:`list_after_turn`): ``(rest, a, b, c, d)``, where ``rest`` is
    whether a move not from the waste makes progress, ``moves[:a]`` go
    from the waste to the foundations, ``moves[a:b]`` from elsewhere to
    them, ``moves[b:c]`` from the waste to the tableau, and ``moves[d:]``
    turn the stock. Otherwise ``splice`` is ``None``. ``turning`` is
    ``_turning_progress`` for the state where it is known, else
    ``None`` (a new listing does not know it; see :func:`list_after_turn`).
    """
    r, at = game.rules, game._at
    items = state._items
    data: dict[str, Any] = state._info._data
    full = r.ranks
    for f in at.foundations:  # _won, inlined
        if len(items[f].cards) != full:
            break
    else:
        return (), False, None, None
    out: list[Move] = []
    one = game._one
    progress = False  # a move not from the waste makes progress
    sources = game._progress_sources
    refill = game._refills(items)
    waste = at.waste
    top = None  # the waste's top card
    if waste >= 0:
        wcards = items[waste].cards
        if wcards:
            top = wcards[-1]
    a = 0
    # 1. To the foundations: which card each foundation wants next.
    if r.foundation_mode == "cards":
        base: int = data["base"] if game._dealt_base else game._fixed_base
        fnext = game._fnext
        wanted: dict[Card, list[int]] = {}
        empty: list[int] = []
        for f in at.foundations:
            fc = items[f].cards
            if fc:
                if len(fc) < full:
                    nxt = fnext[fc[-1]]
                    if nxt is not None:
                        w = wanted.get(nxt)
                        if w is None:
                            wanted[nxt] = [f]
                        else:
                            w.append(f)
            else:
                empty.append(f)
        # Whether a card going up counts: always, but with worrying back
        # only past the most there have ever been.
        counts_up = not r.worrying_back or (
            sum(len(items[f].cards) for f in at.foundations) + 1 > data["peak"]
        )
        forced: list[Move] = []
        force = r.forced_bases
        forced_progress = False
    else:
        base, wanted, empty, forced, forced_progress = 0, {}, [], [], False
    # 2. To the tableau: for each kind of card that some tableau top
    # would take, the piles that take it (in layout order); note the spaces.
    # (One pass over the tableau finds these and the foundation moves.)
    takers: dict[int, list[int]] = {}
    spaces: list[int] = []
    kinds_under = game._kinds_under
    if wanted or empty:
        # Cards from the reserve and the cells to the foundations.
        for s in game._single_other:
            cards = items[s].cards
            if cards:
                card = cards[-1]
                hits = wanted.get(card)
                if empty and card.rank == base:
                    if force:
                        forced += [one[s][f] for f in empty]
                        forced_progress = forced_progress or bool(
                            counts_up or s in sources or (refill and len(cards) == 1)
                        )
                    hits = sorted(hits + empty) if hits else empty
                if hits:
                    row = one[s]
                    out += [row[f] for f in hits]
                    progress = progress or bool(
                        counts_up or s in sources or (refill and len(cards) == 1)
                    )
        # From the tableau, noting what each top card takes on the way.
        for s in at.tableau:
            pile = items[s]
            cards = pile.cards
            if cards:
                card = cards[-1]
                hits = wanted.get(card)
                if empty and card.rank == base:
                    if force:
                        forced += [one[s][f] for f in empty]
                        forced_progress = forced_progress or bool(
                            counts_up
                            or (pile.down and len(cards) - pile.down == 1)
                            or (refill and len(cards) == 1)
                        )
                    hits = sorted(hits + empty) if hits else empty
                if hits:
                    row = one[s]
                    out += [row[f] for f in hits]
                    progress = progress or bool(
                        counts_up
                        or (pile.down and len(cards) - pile.down == 1)
                        or (refill and len(cards) == 1)
                    )
                for kind in kinds_under[card]:
                    hit = takers.get(kind)
                    if hit is None:
                        takers[kind] = [s]
                    else:
                        hit.append(s)
            else:
                spaces.append(s)
        # A base card that is available must go up first (below).
    else:
        for t in at.tableau:
            cards = items[t].cards
            if cards:
                for kind in kinds_under[cards[-1]]:
                    hit = takers.get(kind)
                    if hit is None:
                        takers[kind] = [t]
                    else:
                        hit.append(t)
            else:
                spaces.append(t)
    kind_of = game._kind
    fill = spaces
    if spaces and (r.space == "none" or game._refills(items)):
        fill = []
    space_cards = game._space_cards
    context: _Context = (wanted, empty, base, takers, fill)
    if top is not None:
        # The waste's moves come first in each part (every one is progress).
        ups, onto = from_waste(game, top, context)
        if ups is None:
            return tuple(onto + forced), True, None, None  # its base card must go up
        if forced:
            return tuple(forced), forced_progress, None, None
        a, b, c = len(ups), len(ups) + len(out), len(ups) + len(out) + len(onto)
        out = ups + out + onto
    else:
        if forced:
            return tuple(forced), forced_progress, None, None
        a = 0
        b = c = len(out)
    moves = game._moves
    most = game._deck_size
    most_space = most
    if r.cell_runs:
        most = most_space = 1 + sum(1 for i in at.cells if not items[i].cards)
        if r.space_runs and spaces:
            # Each space doubles what the cells carry; a space that is
            # the target carries nothing.
            most_space = most << (len(spaces) - 1)
            most <<= len(spaces)
    # Moves that would only swap two interchangeable piles are left out:
    # a whole pile into a space, and (with twins, in two packs or more) a
    # run whose pile then holds just what the target pile holds.
    whole_piles_stay = game._piles_alike(items)
    twins = whole_piles_stay and r.copies > 1
    # Single cards from the reserve, the cells (and with worrying back,
    # the foundations).
    for s in game._feeders_other:
        cards = items[s].cards
        if not cards:
            continue
        bottom = cards[-1]
        targets = takers.get(kind_of[bottom], _NO_TARGETS)
        if fill and bottom in space_cards:
            targets = sorted(targets + fill) if targets else fill
        if targets:
            if not progress:
                progress = bool(s in sources or (refill and len(cards) == 1))
            row = one[s]
            out += [row[t] for t in targets]
    # What may move from each tableau pile.
    for s in at.tableau:
        pile = items[s]
        cards = pile.cards
        if not cards:
            continue
        memo = pile._memo
        units = memo[1] if memo is not None and memo[0] is game else game._units(pile)
        for k, bottom in units:
            if k > most:
                break
            targets = takers.get(kind_of[bottom], _NO_TARGETS)
            if (
                fill
                and bottom in space_cards
                and k <= most_space
                and not (whole_piles_stay and k == len(cards))
            ):
                targets = sorted(targets + fill) if targets else fill
            if twins and targets:
                rest = len(cards) - k
                for t in targets:
                    if len(items[t].cards) == rest:  # rare: check in full
                        left = cards[:rest]
                        targets = [
                            t
                            for t in targets
                            if len(items[t].cards) != rest
                            or items[t].down != pile.down
                            or items[t].cards != left
                        ]
                        break
            if targets:
                if not progress and (len(targets) > 1 or targets[0] != s):
                    progress = bool(
                        (pile.down and k == len(cards) - pile.down) or (refill and k == len(cards))
                    )
                if k == 1:
                    row = one[s]
                    out += [row[t] for t in targets if t != s]
                else:
                    for t in targets:
                        if t != s:
                            m = moves.get((s, t, k))
                            out.append(m if m is not None else game._multi_move(s, t, k))
    # 3. To the cells: tableau tops.
    if game._open_cells:
        free = [i for i in game._open_cells if not items[i].cards]
        if free:
            for t in at.tableau:
                pile = items[t]
                cards = pile.cards
                if cards:
                    row = one[t]
                    out += [row[i] for i in free]
                    progress = progress or bool(
                        (pile.down and len(cards) - pile.down == 1) or (refill and len(cards) == 1)
                    )
    d = len(out)
    # 4. The stock.
    if r.stock == "waste":
        if items[at.stock].cards:
            out.append(_DRAW)
        elif top is not None and game._may_redeal(state.info):
            out.append(_REDEAL)
        splice = (progress, a, b, c, d, context)
        return tuple(out), progress or a > 0 or c > b, splice, None
    if r.stock == "deal" and items[at.stock].cards and not (r.deal_needs_no_spaces and spaces):
        out.append(_DEAL)
        progress = True  # a deal brings stock cards into play
    return tuple(out), progress, None, None


def from_waste(
    game: TableauGame, top: Card, context: _Context
) -> tuple[list[Move] | None, list[Move]]:
    """The moves of ``top``, the waste's top card, in a position that
    ``context`` describes (see :data:`_Context`): to the foundations and to
    the tableau, in the engine's order. Where ``top`` is a base card that
    must go up first, ``None`` and those moves instead."""
    wanted, empty, base, takers, fill = context
    row = game._one[game._at.waste]
    hits = wanted.get(top)
    if empty and top.rank == base:
        if game.rules.forced_bases:
            return None, [row[f] for f in empty]
        hits = sorted(hits + empty) if hits else empty
    targets = takers.get(game._kind[top], _NO_TARGETS)
    if fill and top in game._space_cards:
        targets = sorted(targets + fill) if targets else fill
    return (
        [row[f] for f in hits] if hits else [],
        [row[t] for t in targets] if targets else [],
    )


def list_after_turn(game: TableauGame, state: State, before: _Listing) -> _Listing:
    """:func:`list_moves` for ``state``, made by turning the stock (a draw or
    a redeal, which change the stock, the waste and the counters only)
    from a position whose listing was ``before``: its moves from the
    waste and its stock action give way to this position's, found in the
    same context; the rest stay, in place. The same listing as
    :func:`list_moves` gives.

    Whether turning the stock leads to progress is as it was before,
    wherever it is asked (where no listed move makes progress): turning
    shows the same cards as before, but for the one now on the waste,
    which would be listed (see ``_turning_progress``).
    """
    moves, _, splice, turning = before
    assert splice is not None
    rest, a, b, c, d, context = splice
    at = game._at
    items = state._items
    wcards = items[at.waste].cards
    if wcards:
        ups, onto = from_waste(game, wcards[-1], context)
        if ups is None:
            return tuple(onto), True, None, None  # its base card must go up
    else:
        ups = onto = []
    if items[at.stock].cards:
        stock: tuple[Move, ...] = (_DRAW,)
    elif wcards and game._may_redeal(state.info):
        stock = (_REDEAL,)
    else:
        stock = ()
    na = len(ups)
    nb = na + b - a
    nc = nb + len(onto)
    listed = (*ups, *moves[a:b], *onto, *moves[c:d], *stock)
    progress = rest or bool(ups or onto)
    if progress:
        turning = None  # known only where no listed move makes progress
    return listed, progress, (rest, na, nb, nc, nc + d - c, context), turning


def step(
    game: TableauGame, state: State, move: Move, log: list[Event] | None = None
) -> tuple[State, bool]:
    """Make ``move`` in ``state`` (a pile move or a stock action, known to be
    legal) and everything it sets off: face-down cards turning, suits
    leaving, the reserve filling spaces, and the counters. Return the new
    state and whether the move made progress (see ``_progress``).

    With ``log``, every step the move takes is appended to it as an event
    (see :mod:`patience.events`), in the order it happens.
    """
    if move is _DRAW and game._plain_draws and log is None:
        # A draw alone: two piles change, nothing else does.
        at = game._at
        items = list(state._items)
        stock = items[at.stock].cards
        n = len(stock) - game.rules.draw
        if n < 0:
            n = 0
        items[at.stock] = _pile(stock[:n], n)
        items[at.waste] = _pile(items[at.waste].cards + stock[: n - 1 if n else None : -1], 0)
        after = State._make(game, tuple(items), state._info)
        if game._splices and state._game is game:
            memo = state._memo
            if memo is not None and memo[2] is not None:
                after._memo = (None, memo, None, None)
        return after, False
    r, at = game.rules, game._at
    items = list(state._items)
    data: dict[str, Any] = state._info._data
    info: dict[str, Any] | None = None  # a copy of the counters, once one changes
    parts = game._parts_by_id.get(id(move))
    if parts is None and move.kind == "move":
        parts = game._parts.get(move)
        if parts is None:
            # A listed move that this game object has not met yet (an equal
            # game made it): its parts follow from its names.
            assert move.source is not None and move.target is not None
            parts = (game._index[move.source], game._index[move.target], move.count)
    if parts is not None:
        s, t, k = parts
        source = items[s]
        cards = source.cards
        remaining = cards[:-k]
        down = source.down
        if down >= len(remaining) and down:
            down = len(remaining) - 1 if remaining else 0
            progress = True  # a face-down card turned up
        else:
            # A card leaves the waste or the reserve for good, or (without
            # worrying back) reaches a foundation.
            progress = s in game._progress_sources or t in game._progress_targets
        items[s] = _pile(remaining, down)
        target = items[t]
        items[t] = _pile(target.cards + cards[-k:], target.down)
        if log is not None:
            names = game._names
            log.append(
                CardsMoved(names[s], len(remaining), names[t], len(target.cards), cards[-k:])
            )
            if down < source.down:
                log.append(CardsTurned(names[s], down, remaining[down:], face_up=True))
        if r.worrying_back and t in game._foundation_set:
            up = sum(len(items[f].cards) for f in at.foundations)
            if up > data["peak"]:
                info = dict(data)
                info["peak"] = up
                progress = True
    else:
        progress, info = apply_stock(game, move, items, data, log)
    if r.foundation_mode == "suits" and remove_suits(
        game, items, suit_piles(game, parts) if parts is not None else game._at.tableau, log
    ):
        progress = True
    if r.reserve_fills_spaces and fill_from_reserve(game, items, log):
        progress = True  # a card left the reserve for good
    if r.waste_fills_spaces and fill_from_waste(game, items, log):
        progress = True  # a card left the waste or the stock for good
    if progress and not (data if info is None else info)["progress"]:
        if info is None:
            info = dict(data)
        info["progress"] = True
    # The counters are shared with the position before where none changed.
    after = State._make(game, tuple(items), state._info if info is None else Info._own(info))
    if parts is None and game._splices and state._game is game and move.kind != "deal":
        # Turning the stock changes only the stock and the waste (and the
        # counters): the listing after it is made from this one when asked.
        memo = state._memo
        if memo is not None and memo[2] is not None:
            after._memo = (None, memo, None, None)
    return after, progress


def apply_stock(
    game: TableauGame, move: Move, items: list[Pile], data: dict[str, Any], log: list[Event] | None
) -> tuple[bool, dict[str, Any] | None]:
    """Make a draw, redeal or deal in place on ``items``; return whether it
    was progress, and the counters ``data`` changed, where it changes them."""
    r, at = game.rules, game._at
    kind = move.kind
    names = game._names
    if kind == "draw":
        stock = items[at.stock].cards
        n = min(r.draw, len(stock))
        waste = items[at.waste].cards
        items[at.stock] = _pile(stock[:-n], len(stock) - n)
        items[at.waste] = _pile(waste + stock[: -n - 1 : -1], 0)
        if log is not None:
            log.append(
                CardsMoved(
                    "stock",
                    len(stock) - n,
                    names[at.waste],
                    len(waste),
                    stock[-n:],
                    was_face_up=False,
                    turned_over=n > 1,
                )
            )
        return False, None
    if kind == "redeal":
        waste = items[at.waste].cards
        items[at.stock] = _pile(tuple(reversed(waste)), len(waste))
        items[at.waste] = _EMPTY
        info = dict(data)
        info["pass"] += 1
        info["progress"] = False
        if log is not None:
            log.append(
                CardsMoved(
                    names[at.waste],
                    0,
                    "stock",
                    0,
                    waste,
                    face_up=False,
                    turned_over=len(waste) > 1,
                )
            )
        return False, info
    if kind != "deal":
        raise AssertionError(f"{game.name}: no stock action {kind!r}")
    stock = items[at.stock].cards
    for t in at.tableau:
        if not stock:
            break
        pile = items[t]
        items[t] = _pile(pile.cards + stock[-1:], pile.down)
        if log is not None:
            log.append(
                CardsDealt(
                    "stock",
                    len(stock) - 1,
                    names[t],
                    len(pile.cards),
                    stock[-1:],
                    was_face_up=False,
                )
            )
        stock = stock[:-1]
    items[at.stock] = _pile(stock, len(stock))
    return True, None


def suit_piles(game: TableauGame, parts: tuple[int, int, int]) -> tuple[int, ...]:
    """The piles where a move with ``parts`` may leave a complete suit on
    top: the pile it goes to; with stacks, also the pile it leaves, where
    a stack moved away may uncover a suit that another stack completed
    under it (with runs, the cards on top of a run are never part of it)."""
    s, t, _ = parts
    if game._unit_stack and s in game._tableau_set:
        return (t, s)
    return (t,)


def remove_suits(
    game: TableauGame, items: list[Pile], piles: Iterable[int], log: list[Event] | None = None
) -> bool:
    """Lift every complete king-to-ace same-suit run on top of ``piles``
    (the ones a move has just changed: see :func:`suit_piles`) to the
    first empty foundation, in the order given."""
    removed = False
    for t in piles:
        pile = items[t]
        if len(pile.cards) - pile.down >= 13 and game._run_length(pile, same_suit=True) >= 13:
            run = pile.cards[-13:]
            if run[-1].rank != 1 or run[0].rank != KING:
                continue
            f = next(f for f in game._at.foundations if not items[f].cards)
            items[f] = _pile(tuple(reversed(run)), 0)
            remaining = pile.cards[:-13]
            down = min(pile.down, max(len(remaining) - 1, 0))
            items[t] = _pile(remaining, down)
            removed = True
            if log is not None:
                names = game._names
                log.append(
                    SuitRemoved(names[t], len(remaining), names[f], 0, run, turned_over=True)
                )
                if down < pile.down:
                    log.append(CardsTurned(names[t], down, remaining[down:], face_up=True))
    return removed


def fill_from_reserve(game: TableauGame, items: list[Pile], log: list[Event] | None = None) -> bool:
    """Fill spaces, left to right, from the reserve's top; True if any was filled."""
    at = game._at
    filled = False
    for t in at.tableau:
        reserve = items[at.reserve]
        if not reserve.cards:
            break
        if not items[t].cards:
            items[t] = _pile(reserve.cards[-1:], 0)
            rest = reserve.cards[:-1]
            down = max(len(rest) - 1, 0)
            items[at.reserve] = _pile(rest, down)
            filled = True
            if log is not None:
                names = game._names
                log.append(
                    CardsDealt(names[at.reserve], len(rest), names[t], 0, reserve.cards[-1:])
                )
                if rest and down < reserve.down:
                    log.append(CardsTurned(names[at.reserve], down, rest[down:], face_up=True))
    return filled


def fill_from_waste(game: TableauGame, items: list[Pile], log: list[Event] | None = None) -> bool:
    """Fill spaces, left to right, from the waste's top, or from the stock's
    top while the waste is empty; True if any was filled."""
    at = game._at
    filled = False
    names = game._names
    for t in at.tableau:
        if items[t].cards:
            continue
        waste, stock = items[at.waste].cards, items[at.stock].cards
        if waste:
            items[t] = _pile(waste[-1:], 0)
            items[at.waste] = _pile(waste[:-1], 0)
            if log is not None:
                log.append(CardsDealt(names[at.waste], len(waste) - 1, names[t], 0, waste[-1:]))
        elif stock:
            items[t] = _pile(stock[-1:], 0)
            items[at.stock] = _pile(stock[:-1], len(stock) - 1)
            if log is not None:
                log.append(
                    CardsDealt("stock", len(stock) - 1, names[t], 0, stock[-1:], was_face_up=False)
                )
        else:
            break
        filled = True
    return filled
