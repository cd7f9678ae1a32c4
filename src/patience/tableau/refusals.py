"""Why a tableau game refuses a move: its refusal codes and reasons.

:func:`refusal` is :class:`~patience.tableau.TableauGame`'s
:meth:`~patience.Game._refusal`: the reason and the code for a move that is
not among the legal ones. It is worked out only once a move has been found
illegal, so none of this is on the hot path. :func:`fault` reads the rules
afresh, in the order a player notices what is wrong: the notation, the pile
taken from, the cards taken, then the pile put on. It finds no fault in a
legal move; the tests check that it agrees with the listing on every
candidate move of many positions.

Every function takes the game first. Those a game of the family may
override or build on (Joker Solitaire names its jokers, Double Solitaire its
players' piles) are bound as the game's methods of the same names with an
underscore (``_fault``, ``_source_fault`` ...); the functions call them
through the game, so that an override takes effect everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .._json import FrozenMapping
from ..cards import _RANK_NAME
from ..game import COMMON_REFUSALS
from ..move import Move
from ..pile import Pile
from ..state import State
from .play import _REDEAL

if TYPE_CHECKING:
    from .engine import TableauGame

__all__ = ["TABLEAU_REFUSALS"]


TABLEAU_REFUSALS: Mapping[str, str] = FrozenMapping(
    {
        **COMMON_REFUSALS,
        "same-pile": "a card move onto the pile it comes from",
        "source": "no card leaves that pile by a card move: the stock is drawn or dealt",
        "foundation-stays": "a card on a foundation stays there (with worrying back, it may"
        " come back to the tableau only)",
        "empty": "the pile the cards would come from is empty",
        "face-down": "the cards asked for reach down to a face-down card",
        "target": "no card is ever put on that pile: the stock, the waste, the reserve",
        "unit": "not a number of cards that may move together from there to there: one at a"
        " time, a built run, the whole face-up run, the whole pile or any face-up card with"
        " what lies on it, as the game has it;"
        " no more than the free cells allow; one card to a foundation or a cell",
        "build": "the card does not go on the top card of that pile by the game's building rule",
        "space": "the card may not fill that space: only a king may, no card may, or the"
        " reserve fills it",
        "no-change": "the move would only swap two piles that play alike: it changes nothing",
        "foundation": "the card is not the one that foundation takes next (or the foundations"
        " take only complete suits, which go up by themselves)",
        "cell": "the cell already holds a card, or the card may not go to a cell: only the"
        " top card of a tableau pile does",
        "stock-empty": "nothing is left to draw or deal (for a redeal: no waste to turn over)",
        "no-redeal": "no redeal now: the stock still holds cards, the passes are used up, or"
        " (with unlimited passes) the last pass made no progress",
        "deal-spaces": "every space must be filled before a deal",
        "forced-base": "a base card (an ace in most games) is available and must go to a"
        " foundation before anything else is played",
    }
)
"""The refusal codes of the tableau engine's games (see :attr:`TableauGame.refusals`):
:data:`~patience.game.COMMON_REFUSALS` and the family's own."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _a_rank(rank: int) -> str:
    """A rank with its article: ``"an ace"``, ``"a 7"``, ``"an 8"``, ``"a king"``."""
    word = _RANK_NAME.get(rank, str(rank))
    return f"{'an' if word[0] in 'a8' else 'a'} {word}"


def _listed(names: Sequence[str]) -> str:
    """``"t1"``, ``"t1 and t4"``, ``"t1, t4 and t7"``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def refusal(game: TableauGame, state: State, move: Move) -> tuple[str, str]:
    """``(reason, code)`` for refusing ``move``, which is not legal in
    ``state``: what is wrong with the move itself, then the game being over,
    then what the rules have against it (:func:`named_refusal`)."""
    problem = game._move_syntax_problem(move) or game._shape_problem(move, game._names)
    if problem:
        return problem, "not-a-move"
    if not game._legal_moves(state):
        return game._over_words(state), "game-over"
    return game._named_refusal(state, move, game._names)


def over_words(game: TableauGame, state: State) -> str:
    """Why no move is left in ``state``, a position with none."""
    if game._won(state._items):
        return "the game is won: every card is on the foundations"
    return "the game is over: no move is left"


def named_refusal(
    game: TableauGame, state: State, move: Move, names: Sequence[str]
) -> tuple[str, str]:
    """``(reason, code)`` for refusing ``move`` in a position that has moves.

    ``names`` are the piles' names as the player knows them (a game that
    plays the engine under other names, as Double Solitaire does, gives its
    own).
    """
    fault = game._fault(state, move, names)
    if fault is not None:
        return fault
    forced = forced_words(game, state, names)
    if forced:
        return forced, "forced-base"
    return f"{move} is not one of the moves the rules allow here", "illegal"


def rule_items(game: TableauGame, state: State) -> tuple[Pile, ...]:
    """The piles the rules read: the state's own (a game with wild cards
    gives them as the cards they stand for)."""
    return state._items


def shown(game: TableauGame, state: State, pile: int, index: int) -> str:
    """The card at ``index`` of ``pile`` in ``state``, as a reason names it."""
    card = state._items[pile].cards[index]
    return f"the {card.name}" if card.is_joker else card.symbol


def pile_label(game: TableauGame, names: Sequence[str], pile: int) -> str:
    """How a reason names ``pile``: "the stock" (the waste, the reserve), or its name."""
    role = game.layout[pile].role
    return f"the {role}" if role in ("stock", "waste", "reserve") else names[pile]


def build_words(game: TableauGame) -> str:
    """The building rule in words: ``"down in alternating colours"``."""
    r = game.rules
    how = {
        "alternate": "in alternating colours",
        "suit": "in suit",
        "colour": "in the same colour",
        "any": "regardless of suit",
    }[r.relation]
    text = f"{r.build} {how}"
    if r.wrap:
        text += ", a king on an ace" if r.build == "down" else ", an ace on a king"
    return text


def fault(
    game: TableauGame, state: State, move: Move, names: Sequence[str]
) -> tuple[str, str] | None:
    """What the rules have against ``move`` (a move whose piles the game
    has) as ``(reason, code)``, or ``None`` if they allow it, forced base
    cards aside."""
    shape = game._shape_problem(move, names)
    if shape:
        return shape, "not-a-move"
    if move.kind != "move":
        return stock_fault(game, state, move.kind, names)
    assert move.source is not None and move.target is not None
    s, t, k = game._index[move.source], game._index[move.target], move.count
    return (
        game._source_fault(state, s, t, k, names)
        or game._target_role_fault(s, t, names)
        or game._placement_fault(state, s, t, k, names)
    )


def shape_problem(game: TableauGame, move: Move, names: Sequence[str]) -> str:
    """Why ``move``, of a kind the game has, cannot be one of its moves: a
    detail, or a stock action on another pile, with a target or a count."""
    if move.kind == "move":
        return f"a card move takes no detail, not '={move.detail}'" if move.detail else ""
    stock = game._at.stock
    if (
        move.source != game._names[stock]
        or move.target is not None
        or move.count != 1
        or move.detail is not None
    ):
        return f"'{move.kind}' acts on {pile_label(game, names, stock)} alone"
    return ""


def stock_fault(
    game: TableauGame, state: State, kind: str, names: Sequence[str]
) -> tuple[str, str] | None:
    """What is wrong with the stock action ``kind`` (draw, redeal, deal) in ``state``."""
    r, at = game.rules, game._at
    items = state._items
    stock = items[at.stock].cards
    if kind == "draw":
        if stock:
            return None
        if items[at.waste].cards and _REDEAL in game._legal_moves(state):
            return "the stock is empty: redeal to turn the waste over", "stock-empty"
        return "the stock is empty", "stock-empty"
    if kind == "redeal":
        if stock:
            return (
                f"the stock still holds {_plural(len(stock), 'card')}:"
                " the waste is turned over only once the stock is empty",
                "no-redeal",
            )
        if not items[at.waste].cards:
            return "the stock and the waste are empty: there is nothing to redeal", "stock-empty"
        if game._may_redeal(state.info):
            return None
        if r.passes is None:
            return (
                "the last pass through the stock made no progress, so there is no redeal",
                "no-redeal",
            )
        if r.passes == 1:
            return "there is no redeal: the stock is gone through once only", "no-redeal"
        return f"no redeal is left: all {r.passes} passes through the stock are used", "no-redeal"
    if not stock:
        return "the stock is empty", "stock-empty"
    spaces = [names[t] for t in at.tableau if not items[t].cards]
    if r.deal_needs_no_spaces and spaces:
        verb = "is" if len(spaces) == 1 else "are"
        return (
            f"every space must be filled before a deal: {_listed(spaces)} {verb} empty",
            "deal-spaces",
        )
    return None


def source_fault(
    game: TableauGame, state: State, s: int, t: int, k: int, names: Sequence[str]
) -> tuple[str, str] | None:
    """What is wrong with taking ``k`` cards from pile ``s`` for pile ``t``."""
    at = game._at
    label = pile_label(game, names, s)
    if s == t:
        return f"{label} is both where the cards come from and where they go", "same-pile"
    if s == at.stock:
        way = "draw" if game.rules.stock == "waste" else "deal"
        return f"cards leave the stock only by '{way}'", "source"
    if s in game._foundation_set:
        if not game.rules.worrying_back:
            return (
                "a card on a foundation stays there: cards never come back from the"
                " foundations in this game",
                "foundation-stays",
            )
        if t not in game._tableau_set:
            return "a card comes back from a foundation only to the tableau", "foundation-stays"
    elif s not in game._source_set:
        return f"no card leaves {label}", "source"
    pile = game._rule_items(state)[s]
    n = len(pile.cards)
    if not n:
        return f"{label} is empty", "empty"
    if s in game._tableau_set:
        if k > n:
            return f"{label} holds only {_plural(n, 'card')}", "unit"
        up = n - pile.down
        if k > up:
            verb = "is" if up == 1 else "are"
            return (
                f"{k} cards from {label} would take a face-down card: only {up} {verb} face up",
                "face-down",
            )
    elif k > 1:
        if s in game._cell_set:
            return f"{label} holds one card", "unit"
        if s in game._foundation_set:
            return "only the top card of a foundation comes back", "unit"
        return f"only the top card of {label} is in play", "unit"
    return None


def target_role_fault(
    game: TableauGame, s: int, t: int, names: Sequence[str]
) -> tuple[str, str] | None:
    """What is wrong with putting cards on pile ``t`` at all."""
    at = game._at
    if t == at.stock:
        return "nothing is put on the stock", "target"
    if t == at.waste:
        return "the waste takes cards only from the stock, by 'draw'", "target"
    if t == at.reserve:
        return "nothing is put on the reserve: it only gives cards", "target"
    if t in game._cell_set and game.rules.closed_cells:
        return f"nothing is put on {names[t]}: the reserve only gives cards", "target"
    if t not in game._tableau_set and t not in game._foundation_set and t not in game._cell_set:
        return f"no card goes to {pile_label(game, names, t)}", "target"
    return None


def placement_fault(
    game: TableauGame, state: State, s: int, t: int, k: int, names: Sequence[str]
) -> tuple[str, str] | None:
    """What is wrong with putting the top ``k`` cards of ``s`` (which it
    has, face up) on ``t``, a foundation, a cell or a tableau pile."""
    r, at = game.rules, game._at
    items = game._rule_items(state)
    if t in game._foundation_set:
        return foundation_fault(game, state, s, t, k, names)
    if t in game._cell_set:
        if s not in game._tableau_set:
            return "only the top card of a tableau pile goes to a cell", "cell"
        if items[t].cards:
            return f"{names[t]} already holds {game._shown(state, t, -1)}", "cell"
        if k > 1:
            return f"{names[t]} holds one card", "unit"
        return None
    if s in game._tableau_set:
        fault = game._unit_fault(state, s, k, names)
        if fault:
            return fault
    if r.cell_runs:
        free = sum(1 for c in at.cells if not items[c].cards)
        if r.space_runs:
            spaces = sum(1 for p in at.tableau if p != t and not items[p].cards)
            most = (free + 1) << spaces
            if k > most:
                cells = _plural(free, "free cell")
                room = _plural(spaces, "other space" if not items[t].cards else "space")
                return f"with {cells} and {room}, at most {most} cards move as one", "unit"
        elif k > free + 1:
            if not free:
                return "with no free cell, cards move one at a time", "unit"
            cells = _plural(free, "free cell")
            return f"with {cells}, at most {free + 1} cards move as one", "unit"
    cards = items[s].cards
    bottom = cards[-k]
    target = items[t].cards
    if target:
        top = target[-1]
        if r.build == "none":
            return "no card is built on another in the tableau of this game", "build"
        if bottom.is_joker:
            return "a joker builds on nothing in this game", "build"
        if top.is_joker:
            return "nothing builds on a joker in this game", "build"
        if top not in game._on[bottom]:
            card, on = game._shown(state, s, -k), game._shown(state, t, -1)
            return f"{card} does not go on {on}: build {game._build_rule}", "build"
    else:
        if r.space == "none":
            return "a space stays empty in this game", "space"
        if r.reserve_fills_spaces and items[at.reserve].cards:
            return "a space is filled from the reserve while it has cards", "space"
        if game._refills(items):
            return "a space is filled from the waste or the stock while they have cards", "space"
        if bottom not in game._space_cards:
            if bottom.is_joker:
                return "a joker fills no space", "space"
            return "only a king may fill a space", "space"
        if game._piles_alike(items) and s in game._tableau_set and k == len(cards):
            return f"moving the whole of {names[s]} into a space changes nothing", "no-change"
    if game._piles_alike(items) and r.copies > 1 and s in game._tableau_set:
        rest = len(cards) - k
        pile, other = items[s], items[t]
        if len(target) == rest and other.down == pile.down and target == cards[:rest]:
            return (
                f"{names[s]} would be left holding just what {names[t]} holds now:"
                " the move only swaps two piles",
                "no-change",
            )
    return None


def unit_fault(
    game: TableauGame, state: State, s: int, k: int, names: Sequence[str]
) -> tuple[str, str] | None:
    """What is wrong with moving the top ``k`` cards of tableau pile ``s``
    (which it has, face up) as one unit onto the tableau."""
    r = game.rules
    pile = game._rule_items(state)[s]
    if any(n == k for n, _ in game._units(pile)):
        return None
    label = names[s]
    if r.unit == "one" and not r.cell_runs:
        return "only one card moves at a time", "unit"
    if r.unit == "suit-run":
        return (
            f"the top {k} cards of {label} are not a run built {r.build} in one suit:"
            " only such a run moves as a unit",
            "unit",
        )
    if r.unit in ("run", "one"):
        return (
            f"the top {k} cards of {label} are not built {game._build_rule}:"
            " only a built run moves as a unit",
            "unit",
        )
    length = game._run_length(pile)
    n = len(pile.cards)
    if r.unit == "face-up":
        if k < length:
            return f"the run of {length} face-up cards on {label} moves only as a whole", "unit"
        return (
            f"the top {k} cards of {label} are not built {game._build_rule}:"
            f" only its built run of {_plural(length, 'card')} moves, as a whole",
            "unit",
        )
    if k < n:
        return f"only a whole pile moves: all {_plural(n, 'card')} of {label}", "unit"
    return f"{label} is not one run built {game._build_rule}, so it cannot move", "unit"


def foundation_fault(
    game: TableauGame, state: State, s: int, t: int, k: int, names: Sequence[str]
) -> tuple[str, str] | None:
    """What is wrong with putting the top ``k`` cards of ``s`` on foundation ``t``."""
    if game.rules.foundation_mode == "suits":
        return (
            "only a complete suit goes to a foundation, and it leaves the tableau by itself",
            "foundation",
        )
    if k > 1:
        return "cards go to a foundation one at a time", "unit"
    items = game._rule_items(state)
    card = items[s].cards[-1]
    if card.is_joker:
        return "a joker never goes to a foundation", "foundation"
    cards = items[t].cards
    if not cards:
        base = game._base(state)
        if card.rank == base:
            return None
        words = f"a foundation starts with {_a_rank(base)}"
        if game._dealt_base:
            words += f", the rank of the card dealt to {names[game._at.foundations[0]]}"
        return words, "foundation"
    nxt = game._fnext[cards[-1]] if len(cards) < game.rules.ranks else None
    if nxt is None:
        return f"{names[t]} is complete", "foundation"
    if card != nxt:
        return f"{names[t]} takes {nxt.symbol} next", "foundation"
    return None


def forced_words(game: TableauGame, state: State, names: Sequence[str]) -> str:
    """With forced base cards, the one that must go up first in ``state``, or ``""``."""
    r = game.rules
    if not r.forced_bases:
        return ""
    items = game._rule_items(state)
    if all(items[f].cards for f in game._at.foundations):
        return ""
    base = game._base(state)
    for s in game._single_sources:
        cards = items[s].cards
        if cards and cards[-1].rank == base:
            where = pile_label(game, names, s)
            return f"the {cards[-1].name} on {where} must go to a foundation first (forced_aces)"
    return ""
