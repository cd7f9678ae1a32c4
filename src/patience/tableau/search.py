"""The tableau engine's search support: progress, lines, keys and estimates.

What the searches of :mod:`patience.progress` and :mod:`patience.solver` ask
of a tableau game, worked out from its declaration: what counts as progress
(:func:`progress`, :func:`move_progress`, :func:`progress_hint`), whether
turning the stock can bring a card into play (:func:`turning_progress`), the
lines a search may take as single steps (:func:`search_lines`), the keys
under which it files positions (:func:`search_key`, :func:`keyed`,
:func:`transposition_key`), the moves it may make at once
(:func:`safe_moves`) and how far a position looks from a win
(:func:`search_estimate`). Each function takes the game first;
:class:`~patience.tableau.TableauGame` binds them as the hooks of
:class:`~patience.Game` of the same names.
"""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from ..cards import KING, Card
from ..move import Move
from ..pile import Pile, in_order, pile_code
from ..state import Info, State
from .play import _DRAW, _EMPTY, _REDEAL, _pile

if TYPE_CHECKING:
    from .engine import TableauGame

__all__: list[str] = []  # the engine's own: TableauGame binds what it needs


def turns_show(stock: tuple[Card, ...], draw: int, cards: AbstractSet[Card]) -> bool:
    """Whether turning all of ``stock`` (its top last), ``draw`` at a time,
    shows one of ``cards`` on top of the waste: the card at ``len(stock) -
    draw`` after one turn, ``len(stock) - 2 * draw`` after two ... and the
    bottom card after the last."""
    n = len(stock)
    if not n:
        return False
    return stock[0] in cards or (n >= draw and not cards.isdisjoint(stock[n - draw :: -draw]))


def move_progress(game: TableauGame, state: State, move: Move) -> bool | None:
    """The engine tells from a move's piles and count whether it makes
    progress (as :func:`~patience.tableau.play.step` does), except where completing a
    suit could: where whole suits go up, a move that lands an ace on top of
    a tableau pile (a complete run has its ace on top), or with stacks one
    that leaves an ace on top of the pile it comes from."""
    parts = game._parts_by_id.get(id(move))
    if parts is None:
        parts = game._parts.get(move)
        if parts is None:
            return move.kind == "deal"  # a deal brings stock cards into play; draws do not
    s, t, k = parts
    if s in game._progress_sources or t in game._progress_targets:
        return True
    items = state._items
    source = items[s]
    cards = source.cards
    if source.down and k == len(cards) - source.down:
        return True  # a face-down card turns up
    r = game.rules
    if r.worrying_back and t in game._foundation_set:
        up = sum(len(items[f].cards) for f in game._at.foundations)
        if up + 1 > state._info._data["peak"]:  # type: ignore[operator]
            return True
    if k == len(cards) and game._refills(items):
        return True  # the space left is filled from the reserve, the waste or the stock
    if r.foundation_mode == "suits":
        # A complete run has its ace on top: the move might complete one
        # where an ace lands on top of the pile it goes to, and (where any
        # face-up card moves with what lies on it) uncover one where an ace
        # is left on top of the pile it leaves.
        if t in game._tableau_set and cards[-1].rank == 1:
            return None
        if (
            game._unit_stack
            and s in game._tableau_set
            and len(cards) > k
            and cards[-k - 1].rank == 1
        ):
            return None
    return False


def near_progress(game: TableauGame, state: State, moves: tuple[Move, ...]) -> bool:
    """``Game._near_progress``: whether a listed move uncovers a card the
    foundations want, which can then go up (one move away from progress, or
    with worrying back from putting a card up); or whether the nearest card
    whose move would be progress (:func:`progress_hint`) lies under no more
    cards than there are free cells and spaces that take any card, where
    each of those cards can go in turn. Asked where no listed move makes
    progress at once."""
    if not game._lists_progress:
        return False
    r, at = game.rules, game._at
    items = state._items
    free = sum(1 for c in game._open_cells if not items[c].cards)
    if r.space == "any" and not game._refills(items):
        free += sum(1 for t in at.tableau if not items[t].cards)
    if free:
        nearest = progress_hint(game, state)
        if nearest is not None and nearest <= free:
            return True
    if r.foundation_mode != "cards":
        return False
    wanted, bases = wanted_cards(game, items)
    base = game._base(state) if bases else 0
    if not wanted and not bases:
        return False
    parts_of = game._parts_by_id
    tableau = game._tableau_set
    for move in moves:
        parts = parts_of.get(id(move))
        if parts is None or parts[0] not in tableau:
            continue
        s, _, k = parts
        cards = items[s].cards
        if len(cards) > k and items[s].down < len(cards) - k:
            under = cards[-k - 1]
            if under in wanted or (bases and under.rank == base):
                return True
    return False


def progress(game: TableauGame, state: State) -> Hashable:
    """Progress: a card reaches a foundation (with worrying back, the most
    there have ever been), a face-down tableau card turns up, or a card
    leaves the reserve (or closed cells) or the stock and waste for play.
    Each count only ever moves one way."""
    at = game._at
    items = state._items
    if game.rules.worrying_back:
        up = state._info._data["peak"]
    else:
        up = sum(len(items[f].cards) for f in at.foundations)
    down = sum(items[t].down for t in at.tableau)
    held = sum(len(items[i].cards) for i in game._held)
    return (up, down, held)


def progress_hint(game: TableauGame, state: State) -> int | None:
    """How many cards lie on the nearest card whose move would be
    progress: a face-down card (the face-up cards on it), or a card a
    foundation wants next (the cards on it, wherever it lies in the
    tableau). Cards that must be moved to make progress, at the least.
    ``None`` with worrying back, where cards come down from the foundations
    and go up again without progress, so nearness says little; and
    ``None`` where any face-up card moves with what lies on it (the unit
    ``stack``), where one move can clear any number of cards, so the count
    says little too: the searches then go breadth first, which was
    measured to be faster there (Yukon's random games, first 150 deals:
    13.6 s against 15.8 s in all, the slowest deal 0.8 s against 1.0 s;
    Scorpion's: 14.2 s against 16.7 s, 1.5 s against 2.2 s; a deal that
    took 40 s nearest first took 13 s)."""
    r, at = game.rules, game._at
    if r.worrying_back or r.unit == "stack":
        return None
    items = state._items
    wanted, bases = wanted_cards(game, items)
    if bases:
        wanted |= game._of_rank[game._base(state)]  # the base cards (no jokers)
    nearest = 52 * r.packs + r.jokers
    for t in at.tableau:
        pile = items[t]
        cards = pile.cards
        up = len(cards) - pile.down
        if pile.down and up < nearest:
            nearest = up
        if wanted:
            # The face-up cards from the top, no deeper than the nearest yet.
            for depth in range(up if up < nearest else nearest):
                if cards[-1 - depth] in wanted:
                    nearest = depth
                    break
    return nearest


def progress_hints(game: TableauGame, state: State) -> tuple[int, ...] | None:
    """``Game._progress_hints``: :func:`progress_hint`, and :func:`disorder`
    beside it, each ordering a queue of the search for progress (``None``
    where the first is, but where any face-up card moves with what lies on
    it, the second alone: Scorpion's random games took 5.3 times as long as
    without a search, against 7.9 breadth first). The first goes nearest to
    the next card that could go up or turn over; the second to the pile with
    the fewest breaks in its runs over a face-down card, and where whole
    suits go up, to the longest run, with the fewest breaks in all. Each finds far progress
    that the other misses: on positions of random play where the first
    alone needed 300 to 30,000 positions or more to find progress, the two
    taking turns found it within a few hundred in most (Spider in one suit,
    31 positions: 1,000 in the median against 390 for the first alone ...;
    see :doc:`/ending`)."""
    first = progress_hint(game, state)
    if first is None:
        if game._unit_stack:
            return (disorder(game, state),)
        return None
    return (first, disorder(game, state))


def disorder(game: TableauGame, state: State) -> int:
    """How far a position's runs are from turning a card up or completing a
    suit: ten times the fewest units over a face-down card (the breaks in
    its face-up cards' runs, plus one) or, where whole suits go up and it is
    fewer, the cards missing from the longest run on top of a pile; plus
    the breaks in every pile. Lower is nearer; only its order matters."""
    r, at = game.rules, game._at
    items = state._items
    cache = game._pile_breaks
    if len(cache) > 100_000:
        cache.clear()  # a cache: only worked out again
    nearest = 10_000
    total = 0
    longest = 0
    for t in at.tableau:
        pile = items[t]
        known = cache.get(pile)
        if known is None:
            known = cache[pile] = _breaks(game, pile)
        breaks, run = known
        total += breaks
        if pile.down and breaks < nearest:
            nearest = breaks + 1
        if run > longest:
            longest = run
    if r.foundation_mode == "suits" and 13 - longest < nearest:
        nearest = 13 - longest
    return 10 * nearest + total


def _breaks(game: TableauGame, pile: Pile) -> tuple[int, int]:
    """A pile's part of :func:`disorder`: how many of its face-up cards do not
    lie on the card they would be built on (in suit where runs or whole
    suits go by suit), and how many same-suit cards are built on top."""
    r = game.rules
    natural = game._suit_on if r.foundation_mode == "suits" or r.unit == "suit-run" else game._on
    suit_on = game._suit_on
    cards = pile.cards
    down = pile.down
    breaks = 0
    for j in range(down + 1, len(cards)):
        if cards[j - 1] not in natural[cards[j]]:
            breaks += 1
    run = 1 if len(cards) > down else 0
    k = len(cards) - 1
    while k > down and cards[k - 1] in suit_on[cards[k]]:
        run += 1
        k -= 1
    return breaks, run


def turning_progress(game: TableauGame, state: State) -> bool | None:
    """Game._turning_progress: the cards the waste will show as the stock
    is turned, each checked against the places that take a card from the
    waste. Turning changes nothing else, and every move from the waste is
    progress, so the walk needs no positions of its own."""
    r, at = game.rules, game._at
    if r.stock != "waste" or not game._turning_exact:
        return None
    moves = game._legal_moves(state)
    # The engine lists turning the stock last (a forced move leaves it out).
    if not moves or (moves[-1] is not _DRAW and moves[-1] is not _REDEAL):
        return False  # a forced move comes first: the stock cannot be turned
    memo = state._memo if state._game is game else None
    if memo is not None and memo[3] is not None:
        return memo[3]  # type: ignore[no-any-return]
    items = state._items
    if memo is not None and memo[2] is not None:
        # What the listing found of the places that take a card: the same
        # cards as waste_taken's.
        wanted, empty, base, takers, fill = memo[2][5]
        taken = set(wanted)
        if empty:
            taken |= game._of_rank[base]
        kind_cards = game._kind_cards
        for kind in takers:
            taken |= kind_cards[kind]
        if fill:
            taken |= game._space_cards
    else:
        taken = waste_taken(game, state, *wanted_cards(game, items))
    stock = items[at.stock].cards
    # One pass after the redeal shows every card the stock will ever show.
    turning = turns_show(stock, r.draw, taken) or (
        game._may_redeal(state.info)
        and turns_show(stock + items[at.waste].cards[::-1], r.draw, taken)
    )
    if memo is not None and memo[0] is moves:
        state._memo = (moves, memo[1], memo[2], turning)
    return turning


def wanted_cards(game: TableauGame, items: tuple[Pile, ...]) -> tuple[set[Card], bool]:
    """The cards the foundations take next, and whether one is empty (and
    takes a base card); nothing where complete suits go up instead."""
    wanted: set[Card] = set()
    bases = False
    if game.rules.foundation_mode == "cards":
        fnext = game._fnext
        for f in game._at.foundations:
            fc = items[f].cards
            if not fc:
                bases = True
            elif len(fc) < game.rules.ranks:
                nxt = fnext[fc[-1]]
                if nxt is not None:
                    wanted.add(nxt)
    return wanted, bases


def waste_taken(game: TableauGame, state: State, wanted: set[Card], bases: bool) -> set[Card]:
    """The cards that would have a legal move in ``state`` from the top of
    the waste (the same tests as the listing's for the waste): those
    the foundations want (``wanted`` and ``bases``, as :func:`wanted_cards`
    gives them for ``state``), base cards where a foundation is empty, the
    cards a space takes where there is one, and those that build on a
    tableau top."""
    r, at = game.rules, game._at
    items = state._items
    taken = set(wanted)
    if bases:
        taken.update(game._of_rank[game._base(state)])
    under = game._under
    fill = False
    for t in at.tableau:
        cards = items[t].cards
        if cards:
            taken.update(under[cards[-1]])
        else:
            fill = True
    if fill and not (r.space == "none" or game._refills(items)):
        taken.update(game._space_cards)
    return taken


def search_lines(
    game: TableauGame, state: State
) -> tuple[tuple[tuple[Move, ...], State], ...] | None:
    """Game.search_lines: where the stock turns onto a waste and redeals
    bring it round again, the turns are joined to the waste move they
    lead to.

    The lines are every legal move other than a turn, alone; and for
    each point the turns reach where the waste shows a card that plays,
    the turns (and redeal) up to it and each move of that card. Turning
    changes only the stock and the waste, and moves that take no card
    from the waste do not depend on them, so in a winning line such
    moves can always be made before the turns that come before them:
    then each turn is followed by more turns up to a waste move, and
    these lines cover every such run.

    The turns go on through a redeal, where one is allowed, and stop at
    the first point met before: a point is the number of cards on the
    waste, and with the tableau unchanged the same point shows the same
    card, so a later pass there can only do what the earlier one could,
    with less of the stock's allowance left. No line ends in a redeal:
    the moves a redealt position could make first are dominated by
    making them here and then turning round. The walk also stops at a
    card that is safe to go up (:func:`safe_moves`, which a search makes
    at once) or a base card that must: no turn passes it.

    Where three cards turn at a time and foundation cards may come back
    down (``worrying_back``), the moves go alone: joining them there was
    measured to win fewer deals in the same time (Klondike with partial
    runs and worrying back, five seconds a deal: 127 of the first 200
    against 143), while Klondike and Canfield as dealt settle more with
    lines (see :doc:`benchmarks`).
    """
    r, at = game.rules, game._at
    if not game._allowance or not game._turning_exact or (r.draw > 1 and r.worrying_back):
        return None
    moves = game._legal_moves(state)
    step = game._step
    if _DRAW not in moves and _REDEAL not in moves:
        # A forced move comes first, or the stock is done: the moves alone.
        return tuple(((m,), step(state, m)[0]) for m in moves)
    out: list[tuple[tuple[Move, ...], State]] = [
        ((m,), step(state, m)[0]) for m in moves if m is not _DRAW and m is not _REDEAL
    ]
    items = state._items
    info = state._info
    stock_index, waste_index = at.stock, at.waste
    # The cards in the order the turns show them: the waste from its
    # bottom, then the stock from its top. A point is how many are on the
    # waste; a turn moves it on by the draw, up to the end.
    cycle = items[waste_index].cards + items[stock_index].cards[::-1]
    size = len(cycle)
    wanted, bases = wanted_cards(game, items)
    taken = waste_taken(game, state, wanted, bases)
    base = game._base(state) if bases else 0
    parts_of = game._parts
    point = len(items[waste_index].cards)
    met = {point}
    turns: tuple[Move, ...] = ()
    while True:
        if point < size:
            point = min(point + r.draw, size)
            turns += (_DRAW,)
        elif point and game._may_redeal(info):
            piles = list(items)
            piles[stock_index] = _EMPTY
            piles[waste_index] = _pile(cycle, 0)
            info = step(State._make(game, tuple(piles), info), _REDEAL)[0]._info
            point = 0
            turns += (_REDEAL,)
        else:
            break  # the stock is done for good
        if point in met:
            break
        met.add(point)
        if not point:
            continue
        card = cycle[point - 1]
        if card not in taken:
            continue
        piles = list(items)
        rest = cycle[point:][::-1]
        piles[stock_index] = _pile(rest, len(rest))
        piles[waste_index] = _pile(cycle[:point], 0)
        here = State._make(game, tuple(piles), info)
        if card in wanted or card.rank == base:
            safe = game.safe_moves(here)
            if safe:
                out.append(((*turns, safe[0]), step(here, safe[0])[0]))
                return tuple(out)  # a search goes no further here
        listed = game._legal_moves(here)
        for m in listed:
            parts = parts_of.get(m)
            if parts is not None and parts[0] == waste_index:
                out.append(((*turns, m), step(here, m)[0]))
        if _DRAW not in listed and _REDEAL not in listed:
            return tuple(out)  # a base card must go up first
    return tuple(out)


def search_estimate(game: TableauGame, state: State, kind: int = 0) -> int | None:
    """Game.search_estimate: a weighted count of what stands between the
    position and a win.

    Each card not yet on a foundation counts ten, a face-down card five
    more, a card that does not lie on the card it would be built on
    (the same suit where only same-suit runs move or whole suits go up)
    three, a card lying above a lower card of its own suit, which must
    go up first, three, a reserve card four and a card in a cell two; a
    space takes four off. The waste counts as a pile on which nothing is
    built. Only the weights' rough sizes matter: the estimate orders a
    search that seeks wins, and proves nothing.

    Given for games of two packs or more where no card comes back down from
    the foundations (Napoleon at St. Helena, as built in), whose exhaustive
    search seldom ends in the time a deal is given: a search for wins by
    the estimate takes turns with it there. Elsewhere it took half the
    exhaustive search's positions for no gain: Canfield's first 40 deals at
    30,000 positions each gave the same 20 wins and 1 loss, and Emperor's
    first 20 won 8 against 11.

    Where runs in suit move as units and whole suits go up (Spider), the
    estimate weighs how the runs lie instead (:func:`runs_estimate`): a
    card face down or in the stock counts 20, a face-up card on a card it
    cannot be built on 12, one on the next higher card of another suit 6;
    a space takes 30 off, a pile built from a king that lies on nothing 4,
    and a suit gone up 300. The game's stages
    (:meth:`~patience.Game.search_stage`: the cards dealt from the stock)
    and promising moves (:func:`promising_moves`) go with it.

    And for games of one pack with cells and everything dealt (FreeCell,
    Baker's Game, Eight Off, Seahaven Towers), in two kinds. Kind 0 weighs
    a card above a lower card of its suit six, and each card lying on the
    next card a foundation needs four more. Kind 1 weighs the same, but a
    card in a cell four, the cards on the next cards seven each where no
    cell or space is free, and takes off three for each card one move could
    carry, ``(free cells + 1) * 2**spaces``: it values room to move. On
    Microsoft's FreeCell deals 1 to 1,000, the exhaustive search alone left
    a few deals unsettled after 200,000 positions; with kind 0 beside it,
    four deals (299, 469, 672, 944) were still unsettled at 200,000, and
    with kind 1 instead, one (288), which kind 0 wins in 4,420. With both,
    their searches taking turns, each of the thousand was won within 190,000
    positions (see :doc:`/games/freecell`).
    """
    family = game._estimated
    if family is None:
        return None
    if family == "runs":
        return runs_estimate(game, state)
    one_pack = family == "cells"
    r = game.rules
    at = game._at
    items = state._items
    up = 0
    for f in at.foundations:
        up += len(items[f].cards)
    cost = 10 * (len(game._deck) - up)
    if at.reserve >= 0:
        cost += 4 * len(items[at.reserve].cards)
    room = one_pack and kind == 1
    free = 0
    for c in at.cells:
        if items[c].cards:
            cost += 4 if room else 2
        elif not r.closed_cells:
            free += 1
    base = 0 if r.foundation_mode == "suits" else game._base(state)
    costs = game._pile_costs
    if len(costs) > 200_000:
        costs.clear()  # a cache: only worked out again
    piles = [items[t] for t in at.tableau]
    if at.waste >= 0:
        piles.append(items[at.waste])
    lows = []
    for pile in piles:
        known = costs.get((base, pile))
        if known is None:
            known = costs[(base, pile)] = pile_cost(game, pile, base, 6 if one_pack else 3)
        cost += known[0]
        lows.append(known[1])
    if not one_pack:
        return cost
    # How many cards lie on the cards the foundations need next: each suit's
    # lowest card left, whose height is how many cards of the suit are up.
    points = game._card_points
    wanted = [0, 0, 0, 0]
    for f in at.foundations:
        cards = items[f].cards
        if cards:
            wanted[points[cards[0]][0]] = len(cards)
    on_next = 0
    for low in lows:
        for suit in range(4):
            height, over = low[suit]
            if height == wanted[suit]:
                on_next += over
    if room:
        # The cards on the next cards weigh more where nothing can be put
        # aside; room to move weighs as the number of cards one move could
        # carry with the free cells and spaces as they are.
        spaces = sum(1 for t in at.tableau if not items[t].cards)
        cost += (7 if not free and not spaces else 4) * on_next
        return cost - 3 * ((free + 1) << spaces)
    return cost + 4 * on_next


def estimated(game: TableauGame) -> str | None:
    """Which estimate :func:`search_estimate` gives: ``"runs"`` where runs
    in suit move and whole suits go up (Spider: :func:`runs_estimate`),
    ``"packs"`` for other games of two packs or more where no card comes
    back down, ``"cells"`` for games of one pack with cells, everything
    dealt and cards going up one at a time, ``None`` for the rest (a pure
    function of the rules)."""
    r = game.rules
    if r.build == "none" or r.worrying_back:
        return None
    if r.unit == "suit-run" and r.foundation_mode == "suits":
        return "runs"
    if r.packs >= 2:
        return "packs"
    cells = bool(game._at.cells) and r.stock == "none" and r.foundation_mode == "cards"
    return "cells" if cells else None


_RUN_WEIGHTS = (20, 12, 6, -30, -4, 300)
"""The weights of :func:`runs_estimate`: a face-down or stock card, a card
on one it cannot be built on, a card on one it builds on in another suit, a
space, a pile built from a king on nothing, and a suit gone up."""


def runs_estimate(game: TableauGame, state: State) -> int:
    """:func:`search_estimate` where runs in suit move as units and whole
    suits go up (Spider): what stands between the position and a win, as
    the runs lie.

    A card face down or in the stock counts 20; a face-up card that lies
    on a card it cannot be built on 12, and one on the next higher card of
    another suit 6 (it is in order, but does not move with it); a space
    takes 30 off, a pile built from a king that lies on nothing 4, and each
    suit gone up 300. Only the rough sizes matter, and they were measured
    on the first deals of each number of suits (see :doc:`/games/spider`):
    turning a card weighs most, then space to move, then order within the
    suits; a suit gone up outweighs everything it took to gather it.
    """
    at = game._at
    items = state._items
    costs = game._run_costs
    if len(costs) > 200_000:
        costs.clear()  # a cache: only worked out again
    down, _, _, _, _, suit = _RUN_WEIGHTS
    cost = down * len(items[at.stock].cards) if at.stock >= 0 else 0
    for t in at.tableau:
        pile = items[t]
        known = costs.get(pile)
        if known is None:
            known = costs[pile] = run_cost(game, pile)
        cost += known
    for f in at.foundations:
        if items[f].cards:
            cost -= suit
    return cost


def run_cost(game: TableauGame, pile: Pile) -> int:
    """A tableau pile's part of :func:`runs_estimate`."""
    down, hard, soft, space, king, _ = _RUN_WEIGHTS
    cards = pile.cards
    if not cards:
        return space
    first = pile.down
    cost = down * first
    suit_on, on = game._suit_on, game._on
    for j in range(first + 1, len(cards)):
        below, card = cards[j - 1], cards[j]
        if below not in suit_on[card]:
            cost += soft if below in on[card] else hard
    if not first and cards[0].rank == KING:
        cost += king
    return cost


def search_stage(game: TableauGame, state: State) -> int | None:
    """``Game._search_stage``: where a stock deals onto the piles, how many
    cards have left it (each deal begins a stage); ``None`` elsewhere."""
    at = game._at
    if game.rules.stock != "deal":
        return None
    return len(game._deck) - len(state._items[at.stock].cards)


def promising_moves(game: TableauGame, state: State) -> tuple[Move, ...] | None:
    """``Game._promising_moves``: where runs in suit move and whole suits go
    up (Spider), the legal moves but those that take a run off the card it
    is built on in suit, and those that take one off the next higher card of
    another suit to anything but such a card of its own suit or a space;
    a move that turns a card or empties its pile always stays. ``None``
    (every move) elsewhere.

    A run moved off its own suit's card only moves the same run elsewhere,
    and one moved between cards of other suits changes nothing that can be
    built; a search that tries neither was measured to find far more wins
    in the same time (see :doc:`/games/spider`), but they are legal, and
    now and then a win needs one, so only a search that proves no losses
    leaves them out.
    """
    if game._estimated != "runs":
        return None
    items = state._items
    suit_on, on = game._suit_on, game._on
    parts_by_id, parts_of = game._parts_by_id, game._parts
    out: list[Move] = []
    for move in game._legal_moves(state):
        parts = parts_by_id.get(id(move))
        if parts is None:
            parts = parts_of.get(move)
            if parts is None:
                out.append(move)  # a deal
                continue
        s, t, k = parts
        pile = items[s]
        cards = pile.cards
        rest = len(cards) - k
        if rest <= pile.down:
            out.append(move)  # turns a card, or leaves a space
            continue
        bottom, below = cards[rest], cards[rest - 1]
        if below in suit_on[bottom]:
            continue  # breaks a run in suit
        if below in on[bottom]:
            onto = items[t].cards
            if onto and onto[-1] not in suit_on[bottom]:
                continue  # from one card it builds on to another, not in suit
        out.append(move)
    return tuple(out)


_NO_LOWS = ((99, 0),) * 4
"""A pile's lowest card of each suit where it holds none (see :func:`pile_cost`)."""


def pile_cost(
    game: TableauGame, pile: Pile, base: int, above: int = 3
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """A pile's part of :func:`search_estimate` (the waste's too); ``above``
    is the weight of a card lying above a lower card of its own suit.

    With it, for each suit, the height above the base of the pile's lowest
    card of that suit (99 where it has none) and how many cards lie on that
    card: where the foundations build by cards, the card a suit's foundation
    needs next is its lowest card left, so these tell how many cards lie on
    the next cards (:func:`search_estimate`) without a look at each card."""
    cards = pile.cards
    if not cards:
        return -4, _NO_LOWS
    r = game.rules
    suits = r.foundation_mode == "suits"
    natural = game._suit_on if suits or r.unit == "suit-run" else game._on
    down = pile.down
    cost = 5 * down
    for j in range(down if down else 1, len(cards)):
        if cards[j - 1] not in natural[cards[j]]:
            cost += 3
    if suits:
        return cost, _NO_LOWS
    rising = r.foundation_build == "up"
    points = game._card_points
    lowest = [99, 99, 99, 99]
    at = [0, 0, 0, 0]
    for j, card in enumerate(cards):
        point = points.get(card)
        if point is None:
            continue  # a joker
        suit, rank = point
        height = (rank - base) % 13 if rising else (base - rank) % 13
        below = lowest[suit]
        if height < below:
            lowest[suit] = height
            at[suit] = j
        elif below < height:
            cost += above
    last = len(cards) - 1
    return cost, tuple([(lowest[k], last - at[k]) for k in range(4)])


def transposition_key(game: TableauGame, state: State) -> tuple[Hashable, int]:
    """``TableauGame.transposition_key``: the canonical key without the
    stock's allowance, which is the debt (the method's docstring says why)."""
    key = keyed(game, state, game._table_counters)
    allowance = game._allowance
    if not allowance:
        return key, 0
    data = state._info._data
    if allowance == "passes":
        used = data["pass"]
        assert isinstance(used, int)
        return key, used - 1
    return key, 0 if data["progress"] else 1


def keyed(game: TableauGame, state: State, counters: tuple[str, ...]) -> Hashable:
    """The key of ``state`` with its interchangeable piles in order (see
    ``TableauGame.canonical_key``) and the values of ``counters``."""
    at = game._at
    items = state._items
    data = state._info._data
    tableau = tuple([items[i] for i in at.tableau])
    if game._piles_alike(items):
        tableau = in_order(tableau)
    if game._foundations_apart:
        foundations = tuple([items[i] for i in at.foundations])
    else:
        # The foundations in use, in order: as exact as all of them in
        # order, and most are often empty.
        foundations = tuple([items[i] for i in at.foundations if items[i].cards])
        if len(foundations) > 1:
            foundations = in_order(foundations)
    return (
        tuple([items[i] for i in game._key_fixed]),
        foundations,
        in_order([items[i] for i in at.cells]) if at.cells else (),
        tableau,
        tuple([data[k] for k in counters]),
    )


def search_key(game: TableauGame, state: State) -> Hashable:
    """The state with its interchangeable piles put in order: cheaper than
    :func:`keyed`, which also orders the foundations where only
    progress changes them, and as exact.

    One byte string: every pile's code (:func:`~patience.pile.pile_code`),
    those of each group of interchangeable piles in sorted order, each
    followed by a zero byte; then the counters, written once per counters'
    value (:func:`info_code`). It is made without a Python call per card,
    and hashes (once: byte strings keep their hash) and compares as fast as
    a byte string does. :func:`moved_keys` and the engine's walk of a region
    (:mod:`~patience.tableau.region`) make the keys of the positions a move
    leads to the same way, without making the moves.
    """
    items = state._items
    codes = [p._code or pile_code(p) for p in items]
    return _key_of(codes, _grouping(game, items), info_code(game, state._info))


def info_code(game: TableauGame, info: Info) -> bytes:
    """The counters as the end of a :func:`search_key`: their text, which holds
    no zero byte (so the piles before it are told apart by their count of
    zero bytes). Kept by the game for each value met."""
    codes = game._info_codes
    found = codes.get(info)
    if found is None:
        if len(codes) > 10_000:
            codes.clear()  # a cache: only worked out again
        found = codes[info] = repr(sorted(info.items())).encode()
    return found


def _grouping(
    game: TableauGame, items: tuple[Pile, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The groups of interchangeable piles, and the other piles, in ``items``."""
    dealt = game._search_dealt
    if dealt is not None and not items[game._at.stock].cards:
        return dealt
    return game._search_groups, game._search_rest


def _key_of(
    codes: list[bytes],
    grouping: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]],
    info: bytes,
) -> bytes:
    """:func:`search_key` from the piles' codes, in layout order, and the
    counters' :func:`info_code`."""
    groups, rest = grouping
    parts = [codes[i] for i in rest]
    for group in groups:
        parts += sorted([codes[i] for i in group])
    parts.append(info)
    return b"\0".join(parts)


def moved_keys(
    game: TableauGame, state: State, moves: tuple[Move, ...]
) -> list[tuple[Hashable, int | None] | None] | None:
    """``Game._moved_keys``: for each of ``moves`` (the listing of ``state``)
    that moves cards between piles and makes no progress (as
    :func:`move_progress` tells it, so that nothing else changes: no card
    turns, no suit leaves, no space is filled and no counter changes), the
    :func:`search_key` of the position it leads to, made from the codes of
    the two piles it changes, and with worrying back the cards then on the
    foundations; ``None`` for the other moves."""
    if not game._provable:
        return None
    items = state._items
    codes = [p._code or pile_code(p) for p in items]
    grouping = _grouping(game, items)
    info = info_code(game, state._info)
    parts_of = game._parts_by_id
    foundations = game._foundation_set
    up: int | None = None
    if game.rules.worrying_back:
        up = sum([len(items[f].cards) for f in game._at.foundations])
    out: list[tuple[Hashable, int | None] | None] = []
    for move in moves:
        parts = parts_of.get(id(move))
        if parts is None or move_progress(game, state, move) is not False:
            out.append(None)
            continue
        s, t, k = parts
        moved = codes.copy()
        source = codes[s]
        moved[s] = source[:-k]
        moved[t] = codes[t] + source[-k:]
        level = up
        if up is not None:
            if t in foundations:
                level = up + k
            elif s in foundations:
                level = up - k
        out.append((_key_of(moved, grouping, info), level))
    return out


def safe_moves(game: TableauGame, state: State) -> tuple[Move, ...]:
    """``TableauGame.safe_moves``: the foundation moves of cards the tableau
    can never need (the method's docstring says which and why)."""
    r = game.rules
    if r.foundation_mode != "cards" or r.foundation_build != "up":
        return ()
    items = state._items
    at = game._at
    parts_of = game._parts
    foundations = game._foundation_set
    ups = []
    for move in game._legal_moves(state):
        parts = parts_of.get(move)
        if parts is not None and parts[1] in foundations:
            ups.append((move, parts[0]))
    if not ups:
        return ()
    base = game._base(state)
    # How far each suit's foundations have got.
    reached: dict[object, list[int]] = {}
    for f in at.foundations:
        cards = items[f].cards
        if cards:
            reached.setdefault(cards[0].suit, []).append(len(cards))
    packs = r.copies
    under = game._under
    out = []
    seen: set[int] = set()
    for move, s in ups:
        if s == at.waste and r.draw != 1:
            continue
        if s in seen:
            continue  # one foundation for a card: the others are the same move
        seen.add(s)
        needers = [x for x in under[items[s].cards[-1]] if x.rank != base]
        if r.worrying_back and needers:
            continue
        if all(
            sum(1 for n in reached.get(x.suit, ()) if n > (x.rank - base) % 13) >= packs
            for x in needers
        ):
            out.append(move)
    return tuple(out)
