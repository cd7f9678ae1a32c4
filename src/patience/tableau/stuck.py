"""A cheap proof that a tableau game can make no more progress.

:func:`proven_stuck` decides, without making a move, that no sequence of
legal moves from a position can make progress (see
:func:`~patience.tableau.search.progress`), or says it cannot tell. It never
says so wrongly: :meth:`~patience.Game.is_over` trusts it. It has two steps:
a closure of facts about single cards (below), which takes tens of
microseconds and which ``is_over`` asks once its search has met a few
positions without progress; and where that
leaves some step of progress possible, a search for places for every card
at the moment of that step (:class:`_Room`), which ``is_over`` asks only
where its own search has not soon found progress.

The proof works on a relaxation of the game. Instead of positions it tracks
a few facts about single cards, each of which, once true, stays true:

- a card *can be exposed*: at some time it lies on top of its tableau pile
  (true at once for the top cards);
- a card *can move*: at some time it leaves its place as the bottom card of
  a unit (alone, where only single cards move).

A card can move only when it heads a unit the rules let move (the cards
from it up to some card that can be exposed form a run of the kind that
moves together) and somewhere would take it: a tableau card that can be
exposed and that it builds on, a space (some pile can empty, and the space
rule takes it) or a cell (some cell is free or its card can move, and the
card can be exposed). The card under a card that can move can be exposed.
A card that comes down from a foundation (with worrying back) or out of a
cell becomes a top card that others may build on.

Starting from what is true of the position and adding every fact the rules
above justify, until none can be added, gives the least set of facts closed
under them. Every event of real play is in it: each event's conditions hold
at the time it happens, so each was already true by an earlier event or at
the start (induction on the moves of the line). The relaxation leaves out
only conditions, never events: that two facts hold at the same time, how
many cards a move may carry, which pile a card came from.

Progress needs one of these events, so where none is in the closed set no
progress is reachable:

- a card the foundations want next can be exposed (or lies in a cell, or
  comes down from another foundation where two packs are played);
- the face-up card lowest in a pile with face-down cards can move (the card
  under it turns up);
- a card the stock and waste will show, or the reserve's top card, has
  somewhere to go (it leaves them for play), or the reserve fills a space;
- where complete suits leave the tableau, every link of some suit's run can
  form: for each rank, a card of that suit lies on the one a rank higher,
  or can move onto one that can be exposed.

With worrying back a game goes on while more cards can be put up than are up
now: any such line puts up a card the foundations want now, so the first
condition covers it. A stock that deals onto the piles is left to the search
(a deal is progress while there are cards to deal), as are games that list
moves of their own (Joker Solitaire).

Where the closure allows a card the foundations want to be exposed, or a
face-down card to turn up, the second step asks whether every card could be
somewhere at that moment (see :class:`_Room`); with worrying back it is not
made (cards that come down would need places too).

The proof is checked against a plain search of every position reachable
without progress, on random positions of every tableau game and variant
(``tests/test_game_over.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..state import State
from .search import turns_show, wanted_cards

if TYPE_CHECKING:
    from .engine import TableauGame

__all__: list[str] = []  # the engine's own: TableauGame binds what it needs


_Pile = tuple[tuple[Card, ...], int, list[int], list[bool], list[bool]]
"""A tableau pile in the proof: its cards, its face-down count, the highest
index each face-up card's unit can reach (the run above it), which cards can
be exposed and which can move."""


def proven_stuck(game: TableauGame, state: State, whole: bool = True) -> bool:
    """Whether the relaxation above proves that no progress can be reached
    from ``state`` (``False``: not proven, which says nothing). With
    ``whole`` false, only the first step (which cards could ever move): where
    it leaves some step of progress possible, the search for places is not
    made."""
    r, at = game.rules, game._at
    if not game._provable:
        return False
    items = state._items
    stock = items[at.stock].cards if at.stock >= 0 else ()
    if r.stock == "deal" and stock:
        return False  # a deal is progress while the stock has cards
    on = game._on
    links = game._suit_on if r.unit == "suit-run" else on
    singles = r.unit == "one"
    stacks = r.unit == "stack"
    space_cards = game._space_cards
    wanted, bases = wanted_cards(game, items)
    if bases:
        wanted |= game._of_rank[game._base(state)]
    piles: list[_Pile] = []
    exposed_cards: set[Card] = set()
    space = False
    for t in at.tableau:
        pile = items[t]
        cards = pile.cards
        n = len(cards)
        down = pile.down
        if not n:
            space = True
        elif down >= n:
            return False  # a face-down top card: the engine turns it (not a position of play)
        reach = [0] * n
        if stacks:
            for j in range(down, n):
                reach[j] = n - 1
        elif singles:
            for j in range(down, n):
                reach[j] = j
        elif n:
            reach[n - 1] = n - 1
            for j in range(n - 2, down - 1, -1):
                reach[j] = reach[j + 1] if cards[j] in links[cards[j + 1]] else j
        exposed = [False] * n
        if n:
            exposed[n - 1] = True
            exposed_cards.add(cards[n - 1])
        piles.append((cards, down, reach, exposed, [False] * n))
    cells = [items[c].cards[-1] for c in at.cells if items[c].cards]
    if not wanted.isdisjoint(cells):
        return False
    has_cells = bool(at.cells)
    closed = r.closed_cells  # a card brought out of a closed cell is progress
    cell = not closed and len(cells) < len(at.cells)
    cells_out: set[Card] = set()  # cell cards that can move out
    # With worrying back, foundation cards may come down, a card at a time.
    falls = []
    if r.worrying_back:
        for f in at.foundations:
            cards = items[f].cards
            if cards:
                falls.append((cards, [False] * len(cards)))
    refill = game._refills(items)
    if refill and space:
        return False
    changed = True
    while changed:
        changed = False
        for cards, down, reach, exposed, moves in piles:
            for j in range(len(cards) - 1, down - 1, -1):
                if moves[j]:
                    continue
                card = cards[j]
                # The unit it heads: the run above it up to a card that can be exposed.
                for k in range(j, reach[j] + 1):
                    if exposed[k]:
                        break
                else:
                    continue
                if not (
                    (space and card in space_cards)
                    or (has_cells and cell and exposed[j])
                    or not on[card].isdisjoint(exposed_cards)
                ):
                    continue
                moves[j] = changed = True
                if j == down:
                    if not down and not space:
                        space = True  # the pile can empty
                        if refill:
                            return False  # the reserve fills the space
                elif not exposed[j - 1]:
                    exposed[j - 1] = True
                    exposed_cards.add(cards[j - 1])
        if has_cells:
            for card in cells:
                if card not in cells_out and (
                    (space and card in space_cards) or not on[card].isdisjoint(exposed_cards)
                ):
                    if closed:
                        return False
                    cells_out.add(card)
                    exposed_cards.add(card)  # it can go on top of a pile
                    cell = changed = True
        for cards, came in falls:
            for i in range(len(cards) - 1, -1, -1):
                if came[i]:
                    continue
                if i < len(cards) - 1 and not came[i + 1]:
                    break  # the card on it must come down first
                card = cards[i]
                if (space and card in space_cards) or not on[card].isdisjoint(exposed_cards):
                    came[i] = changed = True
                    if card in wanted:
                        return False  # up again on a foundation that wants it
                    exposed_cards.add(card)
                else:
                    break
    # Cards brought into play from the stock, the waste or the reserve.
    if at.waste >= 0 or at.reserve >= 0:

        def takes(card: Card) -> bool:
            return (
                card in wanted
                or (space and card in space_cards and not refill)
                or not on[card].isdisjoint(exposed_cards)
            )

        if at.reserve >= 0:
            reserve = items[at.reserve].cards
            if reserve and takes(reserve[-1]):
                return False
        if at.waste >= 0:
            waste = items[at.waste].cards
            if waste and takes(waste[-1]):
                return False
            shown = {c for c in (*stock, *waste) if takes(c)}
            cycle = stock + waste[::-1]  # what the stock shows after a redeal
            if shown and (
                turns_show(stock, r.draw, shown)
                or (game._may_redeal(state._info) and turns_show(cycle, r.draw, shown))
            ):
                return False
    if r.foundation_mode == "suits" and _suit_can_form(game, piles, links):
        return False
    # The events of progress that the closed facts allow: a wanted card
    # exposed, or a face-down card turned up.
    events: list[tuple[int, int]] = []
    for p, (cards, down, _reach, exposed, moves) in enumerate(piles):
        if down and moves[down]:
            events.append((p, down - 1))
        for j in range(down, len(cards)):
            if exposed[j] and cards[j] in wanted:
                events.append((p, j))
    if not events:
        return True
    if r.worrying_back or not whole:
        return False  # (with worrying back, cards that come down would need places too)
    room = _Room(game, piles, space, cells, cells_out, cell, stacks)
    return not any(room.allows(p, j) for p, j in events)


ROOM_STEPS = 2_000
"""How many placements the search of :class:`_Room` may try, over all the
events of one proof, before it gives up (and the proof with it)."""


class _OutOfSteps(Exception):
    """The search of :class:`_Room` used up its steps."""


class _Room:
    """Where every card could be at once: the second half of the proof.

    At the moment progress is first made, every face-up card of the tableau
    and every card in a cell lies somewhere, and no two lie directly on the
    same card. Each card then lies on the card it lay on at the start (as
    dealt, or moved together with it), or it has moved: onto a card it
    builds on that can be exposed, into a space, or into a cell. And where a
    card has moved, so has every card above it, and those that do not build
    on the card under them cannot lie on it any more (unless whole stacks
    move, as in Yukon): the card could only have come back by building.

    So progress needs an assignment of cards to places: each card to a card
    it may lie on, a pile's bottom or a cell, no place taken twice, and the
    cards above any card that has left its place off the places they do not
    build on. The start is such an assignment. Exposing a card takes its
    place away from the card on it, turning a face-down card up takes its
    place from the face-up card on it, and the cards above leave too. A
    search then looks for places for the cards displaced: a free place; or
    one a card placed before holds, which then looks again; or one a card
    still where it was dealt holds, which then leaves it, with the cards above
    it. Where no choice finds every card a place, that progress cannot
    happen; where the search runs out of steps (:data:`ROOM_STEPS`), the
    proof gives up.

    Places are numbered: each tableau card's place (what lies on it) is the
    pile's first number plus its index, a pile without face-down cards has
    a bottom place one below, and the cells come last.
    """

    __slots__ = (
        "_at",
        "_base",
        "_choices",
        "_first",
        "_junk",
        "_origin",
        "_owner",
        "_piles",
        "_steps",
    )

    def __init__(
        self,
        game: TableauGame,
        piles: list[_Pile],
        space: bool,
        cells: list[Card],
        cells_out: set[Card],
        cell: bool,
        stacks: bool,
    ) -> None:
        on = game._on
        space_cards = game._space_cards
        base: list[int] = []
        bottoms: list[int] = []
        number = 0
        for cards, down, *_ in piles:
            number += 1  # the bottom place (used where the pile has no face-down cards)
            base.append(number)
            if not down:
                bottoms.append(number - 1)
            number += len(cards)
        cell_places = list(range(number, number + len(game._at.cells)))
        # The places each card could move onto: exposed cards it builds on.
        onto: dict[Card, list[int]] = {}
        for p, (cards, down, _reach, exposed, _moves) in enumerate(piles):
            for j in range(down, len(cards)):
                if exposed[j]:
                    onto.setdefault(cards[j], []).append(base[p] + j)
        owner: dict[int, int] = {}
        choices: list[list[int]] = []
        origin: list[int] = []  # each card's place at the start
        at: list[tuple[int, int]] = []  # each card's pile and index (-1, -1 for a cell)
        first: list[int] = []  # each pile's first face-up card's number
        junk: list[list[bool]] = []  # whether each card does not build on the card under it
        for p, (cards, down, _reach, exposed, moves) in enumerate(piles):
            first.append(len(choices) - down)
            junk.append(
                [
                    not stacks and (j == down or cards[j - 1] not in on[cards[j]])
                    for j in range(len(cards))
                ]
            )
            for j in range(down, len(cards)):
                now = base[p] + j - 1
                owner[now] = len(choices)
                places = [now]
                if moves[j]:
                    card = cards[j]
                    for target in on[card]:
                        places += onto.get(target, ())
                    if space and card in space_cards:
                        places += bottoms
                    if cell and exposed[j]:
                        places += cell_places
                choices.append(places)
                origin.append(now)
                at.append((p, j))
        for k, card in enumerate(cells):
            now = cell_places[k]
            owner[now] = len(choices)
            places = [now]
            if card in cells_out:
                for target in on[card]:
                    places += onto.get(target, ())
                if space and card in space_cards:
                    places += bottoms
            choices.append(places)
            origin.append(now)
            at.append((-1, -1))
        self._base = base
        self._choices = choices
        self._owner = owner
        self._origin = origin
        self._at = at
        self._first = first
        self._junk = junk
        self._piles = piles
        self._steps = ROOM_STEPS

    def allows(self, p: int, j: int) -> bool:
        """Whether every card can still find a place when the card at index
        ``j`` of pile ``p`` (a face-down card where ``j`` is below the pile's
        first face-up card) has nothing on it; ``True`` also where the search
        runs out of steps."""
        cards = self._piles[p][0]
        if j == len(cards) - 1:
            return True  # already exposed
        owner = dict(self._owner)
        moved = [len(c) for c, *_ in self._piles]  # per pile: the lowest card that has moved
        left: set[int] = set()  # cards that have left their places for good
        demand: list[int] = []
        self._move(p, j + 1, owner, moved, left, demand)
        try:
            return self._place(demand, owner, moved, left, {}, {self._base[p] + j}, set())
        except _OutOfSteps:
            return True

    def _move(
        self,
        p: int,
        i: int,
        owner: dict[int, int],
        moved: list[int],
        left: set[int],
        demand: list[int],
    ) -> list[int]:
        """The cards of pile ``p`` from index ``i`` up have moved: the card at
        ``i``, and those above that do not build on the card under them,
        leave their places (they join ``demand``). Returns those that left."""
        junk = self._junk[p]
        first = self._first[p]
        gone = []
        for k in range(i, moved[p]):
            card = first + k
            if (k == i or junk[k]) and card not in left:
                left.add(card)
                if owner.get(self._origin[card]) == card:
                    del owner[self._origin[card]]
                demand.append(card)
                gone.append(card)
        return gone

    def _place(
        self,
        demand: list[int],
        owner: dict[int, int],
        moved: list[int],
        left: set[int],
        placed: dict[int, int],
        blocked: set[int],
        path: set[tuple[int, int]],
    ) -> bool:
        """Whether every card of ``demand`` can be given a place (see the class)."""
        if not demand:
            return True
        self._steps -= 1
        if self._steps < 0:
            raise _OutOfSteps
        origin = self._origin
        # The card with the fewest places to go first.
        best = -1
        options: list[int] = []
        for k, card in enumerate(demand):
            own = origin[card]
            mine = [s for s in self._choices[card] if s != own and s not in blocked]
            if best < 0 or len(mine) < len(options):
                best, options = k, mine
                if not mine:
                    return False
        card = demand[best]
        rest = demand[:best] + demand[best + 1 :]
        # Free places first, then those of cards placed before, then the rest.
        options.sort(key=lambda s: 0 if s not in owner else 1 if owner[s] in placed else 2)
        for place in options:
            if (card, place) in path:
                continue
            holder = owner.get(place)
            path.add((card, place))
            owner[place] = card
            placed[card] = place
            if holder is None:
                ok = self._place(rest, owner, moved, left, placed, blocked, path)
                undo: list[int] = []
            elif holder in placed:
                del placed[holder]
                ok = self._place([*rest, holder], owner, moved, left, placed, blocked, path)
                placed[holder] = place
                undo = []
            else:
                # The card dealt on this place leaves it, and the cards above.
                q, i = self._at[holder]
                was = moved[q]
                more: list[int] = []
                undo = self._move(q, i, owner, moved, left, more)
                moved[q] = min(was, i)
                owner[place] = card
                ok = self._place([*rest, *more], owner, moved, left, placed, blocked, path)
                moved[q] = was
                for gone in undo:
                    left.discard(gone)
                    owner[origin[gone]] = gone
            if ok:
                return True
            del placed[card]
            if holder is None:
                del owner[place]
            else:
                owner[place] = holder
            path.discard((card, place))
        return False


def _suit_can_form(
    game: TableauGame,
    piles: list[tuple[tuple[Card, ...], int, list[int], list[bool], list[bool]]],
    links: dict[Card, frozenset[Card]],
) -> bool:
    """Whether some suit's run of thirteen could still be put together.

    Each card of such a run, when it forms, either has the card it was dealt
    under still on it (which is then the next card of the run, of its suit)
    or could be exposed once: so it heads a same-suit run of the deal up to a
    card that can be exposed (it is *usable*). And each card of the run but
    the king lies on the next card up: as dealt, or moved there while that
    card was exposed. So for each rank below the king some usable card of
    the suit must lie on a usable card a rank higher, or be able to move
    onto one that can be exposed; where no suit has such a card for every
    rank, no suit can be completed.
    """
    suit_on = game._suit_on
    usable: dict[Card, bool] = {}  # a card (of either pack) that is usable somewhere
    exposed_at: set[Card] = set()
    chains = []
    for cards, down, reach, exposed, _moves in piles:
        # The same-suit run of the deal above each face-up card, up to the top.
        n = len(cards)
        if not n:
            continue
        run = [0] * n
        run[n - 1] = n - 1
        for j in range(n - 2, down - 1, -1):
            run[j] = run[j + 1] if cards[j] in suit_on[cards[j + 1]] else j
        ok = [False] * n
        for j in range(down, n):
            if exposed[j]:
                exposed_at.add(cards[j])
            if any(exposed[k] for k in range(j, run[j] + 1)):
                ok[j] = True
                usable[cards[j]] = True
        chains.append((cards, down, reach, exposed, ok))
    joined: set[tuple[object, int]] = set()
    for cards, down, reach, exposed, ok in chains:
        for j in range(down, len(cards)):
            card = cards[j]
            if not ok[j] or card.suit is None or card.rank == 13:
                continue
            if j > down and ok[j - 1] and cards[j - 1] in suit_on[card]:
                joined.add((card.suit, card.rank))
                if card.rank == 1 and _complete_below(cards, j, suit_on):
                    return True  # a complete run already in place: left to the search
                continue
            heads = any(exposed[k] for k in range(j, reach[j] + 1))
            if heads and not suit_on[card].isdisjoint(exposed_at):
                joined.add((card.suit, card.rank))
    suits = {c.suit for c in usable if c.rank == 13}
    return any(all((suit, rank) in joined for rank in range(1, 13)) for suit in suits)


def _complete_below(cards: tuple[Card, ...], j: int, links: dict[Card, frozenset[Card]]) -> bool:
    """Whether ``cards[j]`` (an ace) sits on a same-suit run up to a king."""
    k = j
    while k and cards[k - 1] in links[cards[k]]:
        k -= 1
        if cards[k].rank == 13:
            return True
    return False
