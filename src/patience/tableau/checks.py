"""What a loaded position of a tableau game must satisfy.

:func:`state_problem` is the tableau engine's part of
:meth:`Game._state_problem <patience.Game._state_problem>`: the checks that
no play of a declaration can fail, made when a state is loaded from JSON or
a position string.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from ..cards import _RANK_NAME, KING
from ..state import Info, State
from .rules import _is_int

if TYPE_CHECKING:
    from .engine import TableauGame

__all__: list[str] = []  # the engine's own: TableauGame binds what it needs


_BUILT_UNITS = frozenset(("one", "run", "suit-run"))
"""The units (:attr:`TableauRules.unit`) whose every move puts a built run (or
one card) on a pile: in their games, a card above the places dealt to a pile
builds on the card beneath it (see :func:`piles_problem`)."""


def state_problem(game: TableauGame, state: State) -> str:
    """What no play of ``game``'s rules can lead to in ``state``, or ``""``
    (see ``TableauGame._state_problem``)."""
    return info_problem(game, state.info) or piles_problem(game, state)


def info_problem(game: TableauGame, info: Info) -> str:
    """What is wrong with the counters ``info``: their types and ranges."""
    r = game.rules
    passes = info["pass"]
    if not _is_int(passes):
        return f"info 'pass' must be an integer, not {passes!r}"
    if not isinstance(info["progress"], bool):
        return "info 'progress' must be true or false"
    assert isinstance(passes, int)
    if passes < 1 or (r.passes is not None and passes > r.passes):
        top = "" if r.passes is None else f" to {r.passes}"
        return f"info 'pass' must be from 1{top}, not {passes}"
    if game._dealt_base:
        base = info["base"]
        if not _is_int(base) or not 1 <= base <= KING:  # type: ignore[operator]
            return f"info 'base' must be a rank from 1 to 13, not {base!r}"
    if r.worrying_back:
        peak = info["peak"]
        if not _is_int(peak) or not 0 <= peak <= len(game._deck):  # type: ignore[operator]
            return f"info 'peak' must be an integer from 0 to {len(game._deck)}, not {peak!r}"
    return ""


def piles_problem(game: TableauGame, state: State) -> str:
    """What is wrong with the piles of ``state``: the foundations, the
    cells, the reserve, the stock and waste, and the tableau (see
    ``TableauGame._state_problem``)."""
    at, r = game._at, game.rules
    items = state._items
    names = game._names
    base = game._base(state)
    up = 0
    empty_before = ""
    starters = game._starters
    for k, i in enumerate(at.foundations):
        pile = items[i]
        cards = pile.cards
        name = names[i]
        up += len(cards)
        if pile.down:
            return f"foundation {name} is face up"
        if not cards:
            if starters and not r.worrying_back:
                return f"foundation {name} must hold its starting {starters[k]}"
            if k == 0 and game._dealt_base and not r.worrying_back:
                return f"foundation {name} must hold the card dealt to it"
            empty_before = empty_before or name
            continue
        if cards[0].rank != base:
            rank = _RANK_NAME.get(base, str(base))
            return f"foundation {name} must start with the base rank ({rank}), not {cards[0]}"
        if starters and not r.worrying_back and cards[0] != starters[k]:
            return f"foundation {name} must start with {starters[k]}, not {cards[0]}"
        if len(cards) > r.ranks:
            return f"foundation {name} holds {len(cards)} cards, more than a suit"
        for a, b in itertools.pairwise(cards):
            if b.suit is not a.suit or game._next_rank(a.rank) != b.rank:
                way = "up" if r.foundation_build == "up" else "down"
                return f"foundation {name} is not built {way} in suit: {b} on {a}"
        if r.foundation_mode == "suits":
            if len(cards) != 13:
                return f"foundation {name} holds a complete suit or nothing, not {len(cards)}"
            if empty_before:
                return f"complete suits fill the foundations in order, but {empty_before} is empty"
    if r.worrying_back:
        peak = state.info["peak"]
        assert isinstance(peak, int)
        if peak < up:
            return f"info 'peak' ({peak}) is below the {up} cards on the foundations"
    for i in at.cells:
        if len(items[i].cards) > 1 or items[i].down:
            return f"cell {names[i]} holds at most one face-up card"
    if at.reserve >= 0:
        reserve = items[at.reserve]
        if len(reserve.cards) > r.reserve:
            return f"the reserve holds {len(reserve.cards)} cards, more than the {r.reserve} dealt"
        if reserve.down != max(len(reserve.cards) - 1, 0):
            return "the reserve must have exactly its top card face up"
        if r.reserve_fills_spaces and reserve.cards:
            for t in at.tableau:
                if not items[t].cards:
                    return f"pile {names[t]} is empty although the reserve can fill it"
    if r.waste_fills_spaces and game._refills(items):
        for t in at.tableau:
            if not items[t].cards:
                return f"pile {names[t]} is empty although the waste or the stock can fill it"
    stocked = game._stock_size
    if at.stock >= 0:
        stock = items[at.stock]
        if stock.down != len(stock.cards):
            return "the stock is face down"
        held = len(stock.cards) + (len(items[at.waste].cards) if at.waste >= 0 else 0)
        if held > stocked:
            return (
                f"the stock and waste hold {held} cards, "
                f"more than the {stocked} left after the deal"
            )
        if r.stock == "deal" and stock.cards and (stocked - len(stock.cards)) % len(at.tableau):
            return (
                f"the stock deals {len(at.tableau)} cards at a time, so it cannot hold "
                f"{len(stock.cards)} of {stocked}"
            )
    if at.waste >= 0 and items[at.waste].down:
        return "the waste is face up"
    built = r.stock != "deal"
    # Where any face-up card moves with what lies on it, unbuilt cards
    # travel from pile to pile; but a move never adds one to the tableau
    # (a moved stack's bottom card builds on its new pile, or fills a
    # space), so in all there are no more than were dealt.
    stacks = r.unit == "stack"
    loose_in_all = 0
    for k, i in enumerate(at.tableau):
        pile = items[i]
        cards = pile.cards
        name = names[i]
        if cards and pile.down >= len(cards):
            return f"pile {name} must have its top card face up"
        if pile.down > r.down_counts[k]:
            return (
                f"pile {name} has {pile.down} face-down cards, "
                f"more than the {r.down_counts[k]} dealt"
            )
        if built and cards:
            # Only cards dealt face up can lie on a card they do not build on.
            dealt_up = r.tableau[k] - r.down_counts[k]
            # (A joker counts as built: a game that gives jokers a part in
            # play, as Joker Solitaire does, decides where they may lie.)
            joints = [
                j
                for j in range(pile.down + 1, len(cards))
                if not cards[j].is_joker and cards[j - 1] not in game._on[cards[j]]
            ]
            loose = len(joints)
            if stacks:
                loose_in_all += loose
            elif loose > max(dealt_up - 1, 0):
                return f"pile {name} has cards that do not build on the card beneath"
            # Where every unit that moves is itself built (one card, a
            # run), a card above the places dealt to the pile came by a
            # move and builds on the card beneath it.
            if joints and r.unit in _BUILT_UNITS and joints[-1] >= r.tableau[k]:
                j = joints[-1]
                return (
                    f"pile {name} holds {len(cards)} cards, more than the {r.tableau[k]}"
                    f" dealt to it, and its card {j + 1} ({cards[j]}) does not build on"
                    f" {cards[j - 1]}"
                )
        if (
            r.foundation_mode == "suits"
            and len(cards) - pile.down >= 13
            and game._run_length(pile, same_suit=True) >= 13
            and cards[-1].rank == 1
            and cards[-13].rank == KING
        ):
            return f"pile {name} ends in a complete suit, which leaves the tableau at once"
    if stacks and built and loose_in_all > game._loose_dealt:
        return (
            f"the tableau has {loose_in_all} cards that do not build on the card beneath,"
            f" more than the {game._loose_dealt} that can have been dealt so"
        )
    return ""


def loose_dealt(game: TableauGame) -> int:
    """The most face-up tableau cards a deal can leave on a card they do
    not build on: all but the lowest face-up card of each pile."""
    r = game.rules
    return sum(max(n - d - 1, 0) for n, d in zip(r.tableau, r.down_counts))
