"""The tableau engine's game: :class:`TableauGame` plays a :class:`TableauRules`.

The class holds what the engine works out once from a declaration (the
layout, which card goes on which, the moves' objects) and the protocol's
answers that follow from it directly: the deal, the moves' order, applying,
the results. Its other hooks are functions of their own modules, bound here
as methods: listing and applying in :mod:`~patience.tableau.play`, the
search support in :mod:`~patience.tableau.search`, the refusals in
:mod:`~patience.tableau.refusals`, the checks of loaded states in
:mod:`~patience.tableau.checks`.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from .._json import FrozenMapping
from ..agents import pass_capped, pass_range
from ..cards import KING, Card, Deck
from ..events import Event
from ..game import Better, Game, PileSpec
from ..move import Move
from ..pile import Pile, _set_memo
from ..state import Info, State
from . import checks, play, region, search, stuck
from . import refusals as _refusals
from .play import _DEAL, _DRAW, _EMPTY, _REDEAL, _pile
from .refusals import TABLEAU_REFUSALS
from .rules import TableauRules, _deck_of

__all__ = ["TABLEAU_EXTENT", "TableauGame"]


TABLEAU_EXTENT = 5
"""How many grid rows a tableau pile may fan down over in the layout (its
own row included): room for a long built run on a few face-down cards, with
longer piles squeezed closer. Nothing of the engine's lies below."""


@attrs.frozen
class _Places:
    """Pile indices by role, in layout order."""

    stock: int
    waste: int
    reserve: int
    foundations: tuple[int, ...]
    cells: tuple[int, ...]
    tableau: tuple[int, ...]


class TableauGame(Game):
    """A game of the tableau family, played from its :class:`TableauRules`.

    ``extra_piles`` are piles a subclass keeps beyond the engine's own; they
    come last in the layout and the engine leaves them alone.
    """

    # The quick probe for progress (see Game._probe) follows these moves:
    # turning the stock (and the waste back) until a card can be played.
    _probe_kinds = frozenset(("draw", "redeal"))

    shown_counters: frozenset[str] = frozenset({"pass", "base"})
    """The pass through the stock and the foundations' base rank (Canfield's
    dealt base) are shown; ``progress`` and ``peak`` are bookkeeping."""
    refusals: Mapping[str, str] = TABLEAU_REFUSALS
    """The codes of this family's refusals (:data:`TABLEAU_REFUSALS`): every
    :class:`~patience.errors.IllegalMoveError` a game of the engine raises
    carries one of them, with a reason in the game's terms."""

    def __init__(
        self,
        name: str,
        rules: TableauRules,
        options: dict[str, Any],
        extra_piles: Iterable[PileSpec] = (),
    ) -> None:
        super().__init__(name, options)
        self.rules = rules
        """The declaration this game plays."""
        self.title = rules.title
        self.better = Better.HIGHER
        self._deck = _deck_of(rules)
        specs: list[PileSpec] = []
        stock = waste = reserve = -1
        top = 0  # columns of the top row taken so far
        if rules.stock != "none":
            stock = len(specs)
            specs.append(PileSpec("stock", "stock", 0, 0, label="Stock"))
            top = 1
        if rules.stock == "waste":
            waste = len(specs)
            # A waste turned several cards at a time shows them fanned out.
            fanned = rules.draw > 1
            specs.append(
                PileSpec(
                    "waste",
                    "waste",
                    0,
                    top,
                    "right" if fanned else "none",
                    label="Waste",
                    extent=2 if fanned else 1,
                    spread=rules.draw if fanned else None,
                )
            )
            top += specs[-1].extent
        if rules.reserve:
            reserve = len(specs)
            specs.append(PileSpec("reserve", "reserve", 1, 0, label="Reserve"))
        nf, nc = rules.foundation_count, rules.cells
        nt = len(rules.tableau)
        left = 1 if rules.reserve else 0
        # Foundations and cells line up with the right edge of the tableau,
        # or follow the stock and waste when the row is too short for that.
        first = max(top, left + nt - nf - nc)
        foundations = tuple(range(len(specs), len(specs) + nf))
        specs += [
            PileSpec(f"f{i + 1}", "foundation", 0, first + i, label=f"Foundation {i + 1}")
            for i in range(nf)
        ]
        cells = tuple(range(len(specs), len(specs) + nc))
        if rules.closed_cells:  # an open reserve: its places are not refilled
            specs += [
                PileSpec(
                    f"r{i + 1}",
                    "reserve",
                    0,
                    first + nf + i,
                    label=f"Reserve {i + 1}",
                    refill=False,
                )
                for i in range(nc)
            ]
        else:
            specs += [
                PileSpec(f"c{i + 1}", "cell", 0, first + nf + i, label=f"Cell {i + 1}")
                for i in range(nc)
            ]
        tableau = tuple(range(len(specs), len(specs) + nt))
        specs += [
            PileSpec(
                f"t{i + 1}",
                "tableau",
                1,
                left + i,
                "down",
                label=f"Pile {i + 1}",
                extent=TABLEAU_EXTENT,
            )
            for i in range(nt)
        ]
        specs += extra_piles
        self._set_layout(specs)
        self._at = _Places(stock, waste, reserve, foundations, cells, tableau)
        self._key_fixed = tuple(i for i in (stock, waste, reserve) if i >= 0)
        if stock < 0:
            self._probe_kinds = frozenset()  # no stock to turn: nothing to probe
        actions = {"waste": ("draw", "redeal"), "deal": ("deal",), "none": ()}[rules.stock]
        self.move_kinds = frozenset(("move", *actions))
        self.action_piles = FrozenMapping(dict.fromkeys(actions, "stock"))
        self._foundation_set = frozenset(foundations)
        self._interchangeable = rules.stock != "deal"
        # Precomputed relations between the distinct cards of the deck.
        distinct = sorted(set(self._deck))
        self._on: dict[Card, frozenset[Card]] = {
            c: frozenset(t for t in distinct if self._builds(c, t)) for c in distinct
        }
        self._suit_on: dict[Card, frozenset[Card]] = {
            c: frozenset(t for t in self._on[c] if t.suit is c.suit) for c in distinct
        }
        # The cards that may be built on each card in the tableau, for safe moves.
        self._under: dict[Card, tuple[Card, ...]] = {
            t: tuple(c for c in distinct if t in self._on[c]) for t in distinct
        }
        # Cards that go on the same cards are alike for listing moves: each
        # card's kind is its set of cards to go on, and each card lists the
        # kinds that may be built on it (usually one: the rank below, of any
        # suit, of the other colour or of its own suit, as the rules build).
        kinds: dict[frozenset[Card], int] = {}
        self._kind: dict[Card, int] = {
            c: kinds.setdefault(self._on[c], len(kinds)) for c in distinct
        }
        self._kind_cards: dict[int, frozenset[Card]] = {
            k: frozenset(c for c in distinct if self._kind[c] == k) for k in kinds.values()
        }
        """The distinct cards of each kind."""
        self._kinds_under: dict[Card, tuple[int, ...]] = {
            t: tuple(dict.fromkeys(self._kind[c] for c in self._under[t])) for t in distinct
        }
        # What moves from the top of a tableau pile (see _units), where it is
        # the top card alone, the whole face-up run or any face-up card.
        self._unit_single = rules.unit == "one" and not rules.cell_runs
        self._unit_whole_run = rules.unit == "face-up"
        self._unit_stack = rules.unit == "stack"
        # Whether a draw changes the stock and the waste and nothing else:
        # no suits to lift, no spaces to fill (see play.step).
        self._plain_draws = (
            rules.stock == "waste"
            and rules.foundation_mode == "cards"
            and not rules.reserve_fills_spaces
        )
        self._moves: dict[tuple[int, int, int], Move] = {}
        self._parts: dict[Move, tuple[int, int, int]] = {}
        self._parts_by_id: dict[int, tuple[int, int, int]] = {}
        self._dealt_base = rules.base == "dealt"
        self._fixed_base = 0 if rules.base == "dealt" else rules.base
        base = rules.base
        self._starters: tuple[Card, ...] = (
            tuple(sorted((c for c in self._deck if c.rank == base), key=lambda c: c.sort_key))
            if rules.foundations_start
            else ()
        )
        """The cards that start the foundations before the deal, in foundation order."""
        self._foundations_apart = bool(self._starters) and len(
            {c.suit for c in self._starters}
        ) == len(self._starters)
        """Whether each foundation keeps a suit of its own, set by its starter,
        so that no two foundations are ever interchangeable."""
        dealt = sum(rules.tableau) + rules.reserve + rules.cells_dealt + self._dealt_base
        self._stock_size = len(self._deck) - dealt - len(self._starters)
        self._deck_size = len(self._deck)
        """The cards left for the stock after the deal."""
        npiles = len(self._names)
        self._one = [[self._multi_move(a, b, 1) for b in range(npiles)] for a in range(npiles)]
        closed = cells if rules.closed_cells else ()  # cells that empty for good
        self._progress_sources = frozenset((*(i for i in (waste, reserve) if i >= 0), *closed))
        self._open_cells = () if closed else cells
        """The cells a card may be put into: none where they are closed."""
        # The piles whose cards count as held back from play (see search.progress).
        self._held = tuple(i for i in (stock, waste, reserve, *closed) if i >= 0)
        self._progress_targets = frozenset(() if rules.worrying_back else foundations)
        self._fnext: dict[Card, Card | None] = {}
        for card in distinct:
            nxt = self._next_rank(card.rank)
            self._fnext[card] = None if nxt is None or card.suit is None else Card(nxt, card.suit)
        self._space_cards = frozenset(c for c in distinct if self._space_takes(c))
        self._of_rank: dict[int, frozenset[Card]] = {
            rank: frozenset(c for c in distinct if c.rank == rank and not c.is_joker)
            for rank in range(1, 14)
        }
        """The distinct cards of each rank (no jokers), for base cards."""
        self._tableau_set = frozenset(tableau)
        self._cell_set = frozenset(cells)
        self._build_rule = _refusals.build_words(self)
        self._single_sources = tuple(i for i in (waste, reserve, *cells, *tableau) if i >= 0)
        self._source_set = frozenset(self._single_sources)
        self._single_other = tuple(i for i in (reserve, *cells) if i >= 0)
        feeders = [i for i in (waste, reserve, *cells) if i >= 0]
        if rules.worrying_back:
            feeders += foundations
        self._feeders = (*feeders, *tableau)
        self._feeders_other = tuple(i for i in feeders if i != waste)
        # The piles whose order the progress search ignores: cells; foundations,
        # which change without progress only with worrying back; the tableau
        # when its piles are interchangeable.
        groups = [
            g
            for g, apart in (
                (cells, True),
                (foundations, rules.worrying_back),
                (tableau, self._interchangeable),
            )
            if g and apart
        ]
        self._search_groups = tuple(groups)
        # The listing notes whether a listed move makes progress, where the
        # listing and the answer for a move are the engine's own.
        self._lists_progress = (
            type(self)._generate is TableauGame._generate
            and type(self)._move_progress is TableauGame._move_progress
        )
        # The cheap proof that no progress is left (see stuck.py) knows the
        # engine's own moves only.
        self._provable = self._lists_progress and type(self)._apply is TableauGame._apply
        # Whether applying a move is the engine's step, which also tells
        # whether it made progress.
        self._steps_plainly = (
            type(self)._apply is TableauGame._apply and type(self)._perform is TableauGame._perform
        )
        # ... and makes the listing after turning the stock from the one before.
        self._splices = self._lists_progress and rules.stock == "waste"
        grouped = {i for g in groups for i in g}
        self._search_rest = tuple(i for i in range(len(specs)) if i not in grouped)
        # Once a stock that deals onto the piles is empty, the order of the
        # tableau piles decides nothing more: the search then ignores it too.
        self._search_dealt: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None = None
        if rules.stock == "deal":
            self._search_dealt = (
                (*groups, tableau),
                tuple(i for i in self._search_rest if i not in self._tableau_set),
            )

    # ----------------------------------------------------------- relations

    def _builds(self, card: Card, target: Card) -> bool:
        """Whether ``card`` may go on ``target`` in the tableau."""
        r = self.rules
        if r.build == "none" or card.is_joker or target.is_joker:
            return False
        step = 1 if r.build == "down" else -1
        ok = target.rank - card.rank == step
        if not ok and r.wrap:
            ok = (target.rank - card.rank) % 13 == step % 13
        if not ok:
            return False
        if r.relation == "alternate":
            return card.colour is not target.colour
        if r.relation == "suit":
            return card.suit is target.suit
        if r.relation == "colour":
            return card.colour is target.colour
        return True

    def _base(self, state: State) -> int:
        base = self.rules.base
        if base == "dealt":
            value = state.info["base"]
            assert isinstance(value, int)
            return value
        return base

    def _next_rank(self, rank: int) -> int | None:
        r = self.rules
        nxt = rank + 1 if r.foundation_build == "up" else rank - 1
        if 1 <= nxt <= r.ranks:
            return nxt
        return (nxt - 1) % 13 + 1 if r.foundation_wrap else None

    def _foundation_takes(self, pile: Pile, card: Card, base: int) -> bool:
        if not pile.cards:
            return card.rank == base
        top = pile.cards[-1]
        return (
            card.suit is top.suit
            and self._next_rank(top.rank) == card.rank
            and len(pile.cards) < self.rules.ranks
        )

    def _run_length(self, pile: Pile, same_suit: bool = False) -> int:
        """How many cards from the top form a built run of face-up cards."""
        cards = pile.cards
        n = len(cards)
        if n == 0:
            return 0
        table = self._suit_on if same_suit else self._on
        length = 1
        lowest = pile.down
        while n - length - 1 >= lowest and cards[n - length - 1] in table[cards[n - length]]:
            length += 1
        return length

    def _refills(self, items: Sequence[Pile]) -> bool:
        """Whether a space is filled at once in a position with ``items``:
        from the reserve while it has cards (``reserve_fills_spaces``), or
        from the waste or the stock while either has cards
        (``waste_fills_spaces``)."""
        r, at = self.rules, self._at
        if r.reserve_fills_spaces:
            return bool(items[at.reserve].cards)
        if r.waste_fills_spaces:
            return bool(items[at.waste].cards or items[at.stock].cards)
        return False

    def _piles_alike(self, items: Sequence[Pile]) -> bool:
        """Whether the tableau piles play alike in a position with ``items``:
        always, unless a stock deals onto them and still has cards (which
        pile gets which card then depends on their order)."""
        return self._interchangeable or not items[self._at.stock].cards

    def _units(self, pile: Pile) -> tuple[tuple[int, Card], ...]:
        """Each count of cards that may move together from the top of a tableau
        pile, with the bottom card of that unit.

        Cached on the pile, which unchanged piles carry from state to state.
        """
        memo = pile._memo
        if memo is not None and memo[0] is self:
            return memo[1]  # type: ignore[no-any-return]
        cards = pile.cards
        if not cards:
            units: tuple[tuple[int, Card], ...] = ()
        elif self._unit_single:
            units = ((1, cards[-1]),)
        elif self._unit_whole_run:
            k = self._run_length(pile)
            units = ((k, cards[-k]),)
        else:
            units = tuple([(k, cards[-k]) for k in self._compute_unit_counts(pile)])
        _set_memo(pile, (self, units))
        return units

    def _compute_unit_counts(self, pile: Pile) -> range | tuple[int, ...]:
        if not pile.cards:
            return ()
        unit = self.rules.unit
        if unit == "one" and not self.rules.cell_runs:
            return (1,)
        if unit in ("run", "one"):
            return range(1, self._run_length(pile) + 1)
        if unit == "suit-run":
            return range(1, self._run_length(pile, same_suit=True) + 1)
        if unit == "stack":
            return range(1, len(pile.cards) - pile.down + 1)
        length = self._run_length(pile)
        if unit == "face-up":
            return (length,)
        return (length,) if length == len(pile.cards) else ()

    def _space_takes(self, card: Card) -> bool:
        space = self.rules.space
        if card.is_joker:
            return False
        return space == "any" or (space == "kings" and card.rank == KING)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled by value (a game not in the registry): the moves come back
        as new objects, so the table of their identities is made again; the
        cache of the search estimate's piles starts empty."""
        caches = (
            "_pile_costs",
            "_run_costs",
            "_pile_breaks",
            "_code_breaks",
            "_pile_tables",
            "_info_codes",
        )
        self.__dict__.update({k: v for k, v in state.items() if k not in caches})
        self.__dict__["_parts_by_id"] = {id(m): key for key, m in self._moves.items()}

    def _multi_move(self, source: int, target: int, count: int) -> Move:
        key = (source, target, count)
        move = self._moves.get(key)
        if move is None:
            # Pure caches of the names: a race between threads at worst makes
            # an equal Move twice. The parts go in first, so a move found in
            # ``_moves`` always has them.
            move = Move("move", self._names[source], self._names[target], count)
            self._parts.setdefault(move, key)
            move = self._moves.setdefault(key, move)
            # ``_moves`` keeps every move it holds alive for good, so the
            # identity of one stands for it: a cheaper key than the move.
            self._parts_by_id[id(move)] = key
        return move

    # ---------------------------------------------------------------- deal

    @property
    def deck(self) -> Deck:
        return self._deck

    def _deal(self, cards: tuple[Card, ...]) -> State:
        # ``cards`` are the deck's (checked by deal_from), so the piles need no checks.
        r, at = self.rules, self._at
        piles: list[Pile] = [_EMPTY] * len(self.layout)
        rest = list(cards)
        info: dict[str, Any] = {"pass": 1, "progress": False}
        for i, card in zip(at.foundations, self._starters):
            rest.remove(card)
            piles[i] = _pile((card,), 0)
        if r.reserve:
            taken, rest = rest[: r.reserve], rest[r.reserve :]
            piles[at.reserve] = _pile(tuple(taken), len(taken) - 1)
        if r.base == "dealt":
            card, rest = rest[0], rest[1:]
            piles[at.foundations[0]] = _pile((card,), 0)
            info["base"] = card.rank
        # Dealt by rows: the columns take the cards in turn, each while it
        # has room, so each column's cards lie at fixed places of the deal.
        dealt = 0
        for k, place in enumerate(self._deal_places):
            piles[at.tableau[k]] = _pile(tuple([rest[i] for i in place]), r.down_counts[k])
            dealt += len(place)
        rest = rest[dealt:]
        for i in range(r.cells_dealt):
            piles[at.cells[i]] = _pile((rest[i],), 0)
        rest = rest[r.cells_dealt :]
        if r.stock != "none":
            piles[at.stock] = _pile(tuple(reversed(rest)), len(rest))
        if r.reserve_fills_spaces:
            play.fill_from_reserve(self, piles)
        if r.waste_fills_spaces:
            play.fill_from_waste(self, piles)
        if r.worrying_back:
            info["peak"] = sum(len(piles[f].cards) for f in at.foundations)
        return self._new_state(tuple(piles), Info._own(info))

    @functools.cached_property
    def _deal_places(self) -> tuple[tuple[int, ...], ...]:
        """For each tableau pile, the places among the cards dealt to the
        tableau (counted from the first) of its cards, bottom first."""
        sizes = self.rules.tableau
        places: list[list[int]] = [[] for _ in sizes]
        n = 0
        for row in range(max(sizes, default=0)):
            for k, size in enumerate(sizes):
                if row < size:
                    places[k].append(n)
                    n += 1
        return tuple(tuple(p) for p in places)

    # ------------------------------------------------ listing and applying
    #
    # The engine's hot paths: listing (``_list``) and making a move
    # (``_step``) are worked out in play.py.

    _list = play.list_moves
    _step = play.step

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        # Inlined Game._memoised: a state remembers the listing its own game
        # made (see play.list_moves).
        if state._game is not self:
            return self._generate(state)
        memo = state._memo
        if memo is None:
            memo = (
                self._list(state)
                if self._lists_progress
                else (self._generate(state), None, None, None)
            )
            state._memo = memo
        elif memo[0] is None:
            # Made by turning the stock from a listed position (see play.step).
            memo = play.list_after_turn(self, state, memo[1])
            state._memo = memo
        return memo[0]  # type: ignore[no-any-return]

    def _listed_progress(self, state: State, moves: tuple[Move, ...]) -> bool:
        """Game._listed_progress: noted as the engine lists the moves."""
        if state._game is self:
            memo = state._memo
            if memo is not None and memo[0] is moves and memo[1] is not None:
                return memo[1]  # type: ignore[no-any-return]
        return super()._listed_progress(state, moves)

    def _generate(self, state: State) -> tuple[Move, ...]:
        """Every legal move in ``state``, in the engine's order (see ``_list``)."""
        return self._list(state)[0]

    _turning_exact = True
    """Whether :meth:`_turning_progress` knows every move a card turned from
    the stock could make (a subclass that lists moves of its own says not)."""

    def _may_redeal(self, info: Info) -> bool:
        passes = self.rules.passes
        if passes is None:
            return bool(info["progress"])
        current = info["pass"]
        assert isinstance(current, int)
        return current < passes

    def _apply(self, state: State, move: Move) -> State:
        moves = self._legal_moves(state)
        for listed in moves:  # is_listed, inlined: a listed move is found by identity
            if listed is move:
                break
        else:
            if move not in moves:
                self._refuse(state, move)
        return self._perform(state, move)

    def _apply_marked(self, state: State, move: Move) -> tuple[State, bool]:
        """Game._apply_marked: the engine knows whether a move made progress
        as it makes it (a game of the family that applies moves its own
        way compares marks instead)."""
        if not self._steps_plainly:
            return super()._apply_marked(state, move)
        moves = self._legal_moves(state)
        for listed in moves:
            if listed is move:
                break
        else:
            if move not in moves:
                self._refuse(state, move)
        return self._step(state, move)

    def _perform(self, state: State, move: Move) -> State:
        """Make a pile move or a stock action (already known to be legal) and
        everything it sets off: face-down cards turning, suits leaving, the
        reserve filling spaces, and the counters."""
        return self._step(state, move)[0]

    def _advance(self, state: State, move: Move, mark: Hashable) -> tuple[State, bool]:
        """:meth:`_step`: the engine knows whether a move made progress as it makes it.
        (A subclass whose moves do more than the engine's, as Joker Solitaire's
        do, compares marks instead; :meth:`_perform` stays the engine's own.)"""
        return self._step(state, move)

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """The events of ``move``, logged as the engine makes it again."""
        log: list[Event] = []
        again, _ = self._step(state, move, log)
        assert again.same_position(after), "the engine made the move differently the second time"
        return log

    # ------------------------------------------------------------ refusals
    #
    # The reasons are worked out in refusals.py. A game of the family may
    # override these methods or build on them, as Joker Solitaire does.

    _refusal = _refusals.refusal
    _named_refusal = _refusals.named_refusal
    _over_words = _refusals.over_words
    _rule_items = _refusals.rule_items
    _shown = _refusals.shown
    _fault = _refusals.fault
    _shape_problem = _refusals.shape_problem
    _source_fault = _refusals.source_fault
    _target_role_fault = _refusals.target_role_fault
    _placement_fault = _refusals.placement_fault
    _unit_fault = _refusals.unit_fault

    # ------------------------------------------------------------- results

    def _won(self, items: tuple[Pile, ...]) -> bool:
        full = self.rules.ranks
        for f in self._at.foundations:  # noqa: SIM110 (a plain loop is faster here)
            if len(items[f].cards) != full:
                return False
        return True

    def _is_over(self, state: State) -> bool:
        """Over when no legal move is left or none can lead to progress (see :meth:`_progress`)."""
        moves = self._legal_moves(state)
        if not moves:
            return True
        if state._game is self:
            memo = state._memo
            if memo[1]:
                return False  # a listed move makes progress
            turning = memo[3]
            if turning is None:
                turning = self._turning_progress(state)
            if turning:
                return False  # turning the stock brings a card into play
        return self._cannot_progress(state)

    def _over_without_search(self, state: State) -> bool:
        return not self._legal_moves(state)

    def _scores(self, state: State) -> tuple[int, ...]:
        up = sum(len(state._items[f].cards) for f in self._at.foundations)
        return (up * self.rules.score_per_card + self.rules.score_offset,)

    def _move_scores(self, state: State, player: int) -> tuple[int, ...] | None:
        """The score counts foundation cards: a move onto a foundation adds a
        card's worth, one off it (worrying back) takes one away, and any other
        move or stock action leaves it as it is. Not told where a move may
        complete a suit that then leaves the tableau."""
        r = self.rules
        if r.foundation_mode != "cards":
            return None
        (now,) = self._scores(state)
        up, down = now + r.score_per_card, now - r.score_per_card
        parts_of = self._parts
        foundations = self._foundation_set
        out = []
        for move in self._legal_moves(state):
            parts = parts_of.get(move)
            if parts is None:
                if move.kind == "move":
                    return None  # a move this game object has not met: not worth telling
                out.append(now)
            elif parts[1] in foundations:
                out.append(up)
            elif parts[0] in foundations:
                out.append(down)
            else:
                out.append(now)
        return tuple(out)

    def _winners(self, state: State) -> tuple[int, ...]:
        return (0,) if self._won(state._items) else ()

    def _known_piles(self, state: State, player: int) -> tuple[int, ...]:
        """After a redeal the player knows the stock: it is the waste they
        watched, turned over (a redeal needs an empty stock, so every card was
        turned up on the way)."""
        at = self._at
        if self.rules.stock == "waste" and state._info._data["pass"] != 1:
            return (at.stock,)
        return ()

    def _capacities(self) -> list[int]:
        """A foundation holds a suit, a cell one card, the stock and waste what
        the deal left, the reserve what was dealt to it; a tableau pile what
        was dealt to it and a run built down on top (twelve cards, or thirteen
        from a space), unless building wraps round or a stock deals onto the
        piles, when only the deck bounds it."""
        r, at = self.rules, self._at
        deck = len(self._deck)
        caps = [deck] * len(self.layout)
        if at.stock >= 0:
            caps[at.stock] = max(self._stock_size, 1)
        if at.waste >= 0:
            caps[at.waste] = max(self._stock_size, 1)
        if at.reserve >= 0:
            caps[at.reserve] = r.reserve
        for f in at.foundations:
            caps[f] = r.ranks
        for c in at.cells:
            caps[c] = 1
        unbounded = r.wrap or r.stock == "deal" or r.unit == "stack"
        for k, t in enumerate(at.tableau):
            dealt = r.tableau[k]
            if r.build == "none":
                caps[t] = max(dealt, 1)
            elif not unbounded:
                caps[t] = min(deck, max(dealt + r.ranks - 1, r.ranks))
        return caps

    def _counter_range(self, key: str) -> tuple[int, int]:
        """The pass from 1 to the passes allowed (with unlimited passes, 1 for
        the first pass and 2 for any later one: see
        :func:`~patience.agents.pass_range`), the base rank from 1 to 13, and
        the peak from 0 to the deck's size."""
        if key == "pass":
            return pass_range(self.rules.passes)
        if key == "base":
            return (1, KING)
        if key == "peak":
            return (0, len(self._deck))
        return super()._counter_range(key)

    @functools.cached_property
    def estimate_share(self) -> int:  # type: ignore[override]
        """4 for games of one pack with cells and everything dealt (FreeCell
        and its kin), whose search estimate finds wins far sooner than the
        exhaustive search (see :func:`~patience.tableau.search.search_estimate`);
        8 where runs in suit move and whole suits go up (Spider), whose
        exhaustive search seldom ends or wins; 1 elsewhere."""
        return {"cells": 4, "runs": 8}.get(self._estimated or "", 1)

    _estimated = functools.cached_property(search.estimated)

    @functools.cached_property
    def estimate_kinds(self) -> int:  # type: ignore[override]
        """2 for games of one pack with cells and everything dealt (FreeCell
        and its kin), whose two estimates each lead a search astray in deals
        where the other does not (see
        :func:`~patience.tableau.search.search_estimate`); 1 elsewhere."""
        return 2 if self._estimated == "cells" else 1

    @property
    def _capped_counters(self) -> frozenset[str]:
        return pass_capped(self.rules.passes)

    # --------------------------------------------------------------- actions

    def _action_space(self) -> list[Move]:
        """Cards to the foundations (one at a time, from every pile that can
        give one), then cards and units to the tableau (a tableau pile gives up
        to as many cards as a unit can hold), then tableau cards to the cells,
        then the stock's actions: the same order as the legal moves."""
        r, at = self.rules, self._at
        move = self._multi_move
        out: list[Move] = []
        if r.foundation_mode == "cards":
            out += [move(s, f, 1) for s in self._single_sources for f in at.foundations]
        most = self._largest_unit()
        for s in self._feeders:
            counts = range(1, most + 1) if s in self._tableau_set else range(1, 2)
            out += [move(s, t, k) for k in counts for t in at.tableau if t != s]
        out += [move(t, c, 1) for t in at.tableau for c in self._open_cells]
        kinds = {"waste": (_DRAW, _REDEAL), "deal": (_DEAL,), "none": ()}[r.stock]
        return out + list(kinds)

    def _largest_unit(self) -> int:
        """The most cards that can ever move together from a tableau pile."""
        r = self.rules
        if r.unit == "one":
            if not r.cell_runs:
                return 1
            most = 1 + len(self._at.cells)
            if r.space_runs:
                most <<= len(self._at.tableau) - 1
            return min(most, r.ranks)  # a built run holds each rank once
        if r.build == "none":
            return 1
        # A built run holds each rank once, unless building wraps round; a
        # stack of face-up cards need not be built.
        return len(self._deck) if r.wrap or r.unit == "stack" else r.ranks

    # ------------------------------------------------------ search support
    #
    # Progress, lines, keys and estimates are worked out in search.py.

    _progress = search.progress
    _move_progress = search.move_progress
    _progress_hint = search.progress_hint
    _progress_hints = search.progress_hints
    _near_progress = search.near_progress
    _turning_progress = search.turning_progress
    _stuck = stuck.proven_stuck

    def _standing(self, state: State) -> int | None:
        """With worrying back, the cards on the foundations (see
        :func:`patience.progress._no_standing`); else ``None``."""
        if not self.rules.worrying_back:
            return None
        items = state._items
        return sum([len(items[f].cards) for f in self._at.foundations])

    def _rises(self, state: State, moves: tuple[Move, ...]) -> bool:
        """With worrying back, whether a listed move puts a card on a foundation."""
        if not self.rules.worrying_back:
            return False
        foundations = self._foundation_set
        parts_of = self._parts
        for move in moves:
            parts = parts_of.get(move)
            if parts is not None and parts[1] in foundations:
                return True
        return False

    _search_lines = search.search_lines
    _search_estimate = search.search_estimate
    _search_stage = search.search_stage
    _promising_moves = search.promising_moves
    _search_key = search.search_key
    _moved_keys = search.moved_keys
    _region_steps = region.region_steps
    _pile_tables = functools.cached_property(region.tables)

    def canonical_key(self, state: State) -> Hashable:
        """Equal for positions that differ only in the order of interchangeable piles.

        The tableau piles are interchangeable unless a stock deals onto them
        (which pile gets which card then depends on their order), and there
        too once the stock is out.
        """
        return search.keyed(self, state, self._key_counters)

    @functools.cached_property
    def _card_points(self) -> dict[Card, tuple[int, int]]:
        """Each card of the deck but a joker: its suit's number and its rank."""
        suits: dict[object, int] = {}
        return {
            c: (suits.setdefault(c.suit, len(suits)), c.rank)
            for c in sorted(set(self._deck))
            if not c.is_joker
        }

    @functools.cached_property
    def _info_codes(self) -> dict[Info, bytes]:
        """A cache of :func:`~patience.tableau.search.info_code` by counters
        (a pure function of them, cleared when large)."""
        return {}

    @functools.cached_property
    def _code_breaks(self) -> dict[bytes, tuple[int, int, bool]]:
        """A cache of each pile's part of the walk's hints (see
        :mod:`~patience.tableau.region`), by the pile's code (a pure function
        of it, cleared when large)."""
        return {}

    @functools.cached_property
    def _pile_breaks(self) -> dict[Pile, tuple[int, int]]:
        """A cache of each pile's part of :func:`~patience.tableau.search.disorder`
        (a pure function of the pile, cleared when large)."""
        return {}

    @functools.cached_property
    def _pile_costs(self) -> dict[tuple[int, Pile], tuple[int, tuple[tuple[int, int], ...]]]:
        """A cache of :func:`~patience.tableau.search.pile_cost` by base rank and pile (a pure
        function of its key, cleared when large)."""
        return {}

    @functools.cached_property
    def _run_costs(self) -> dict[Pile, int]:
        """A cache of each tableau pile's part of
        :func:`~patience.tableau.search.runs_estimate` (a pure function of
        the pile, cleared when large)."""
        return {}

    def transposition_key(self, state: State) -> tuple[Hashable, int]:
        """:meth:`canonical_key` without the stock's allowance, which is the debt.

        Where the stock turns onto a waste, what the counters allow is only
        ever more or less of the same: with a limit on passes, one pass fewer
        used allows one redeal more and nothing else (and whether the pass
        has made progress changes nothing); with unlimited passes, a pass
        that has made progress allows a redeal that one without does not.
        The same position with less used can make every move the other can,
        so the key leaves those counters out and the debt counts them: the
        passes used, or 1 for a pass without progress. A search then skips
        the position met again after a redeal with nothing else changed.
        """
        return search.transposition_key(self, state)

    @functools.cached_property
    def _allowance(self) -> str:
        """What the stock's counters allow: ``"passes"`` (redeals up to a
        limit), ``"progress"`` (a redeal after a pass with progress) or
        ``""`` (no redeal)."""
        r = self.rules
        if r.stock != "waste" or r.passes == 1:
            return ""
        return "progress" if r.passes is None else "passes"

    @functools.cached_property
    def _table_counters(self) -> tuple[str, ...]:
        """The counters :meth:`transposition_key` keeps: the key's, without
        the pass number and the progress flag (which, without redeals,
        change nothing in play)."""
        return tuple(k for k in self._key_counters if k not in ("pass", "progress"))

    @functools.cached_property
    def _key_counters(self) -> tuple[str, ...]:
        """The counters a canonical key holds, in a fixed order: all of them,
        except the pass number with unlimited passes, which changes nothing
        in play (a pure function of the rules, worked out once)."""
        unlimited = self.rules.passes is None
        return tuple(sorted(k for k in self._info_keys if not (unlimited and k == "pass")))

    def safe_moves(self, state: State) -> tuple[Move, ...]:
        """Foundation moves of cards the tableau can never need, in games whose
        foundations build up by suit.

        Count a card's height from the foundations' base rank: the base is
        height 0, the next rank up 1, and so on (with wrap-around, a king is
        followed by an ace). A foundation of some suit holding ``n`` cards
        holds that suit's heights 0 to ``n - 1``.

        A card in play is only ever wanted as a base for the cards that may
        be built on it, and a card of the base rank never needs one: while
        one is not up, some foundation is empty and takes it. Once every copy
        of each other card that may be built on it is on a foundation (for a
        card with nothing built on it there are none), the card can go up at
        once and nothing is lost. With worrying back a foundation card may
        come down again onto it, so there only cards on which nothing can be
        built count. From the waste, only when one card is turned at a time:
        playing a card from the waste regroups the cards later turns show
        together. A card that several foundations take (an ace, with empty
        foundations) is listed once, to the first of them: the moves to the
        others are the same move, so automatic play and the solver make it
        once.
        """
        return search.safe_moves(self, state)

    # ----------------------------------------------------------- validation

    def _state_problem(self, state: State) -> str:
        """What no play of these rules can lead to in ``state``, or ``""``.

        Checked when a state is loaded: the counters (types and ranges), the
        foundations (base rank, suit, direction, length, complete suits), the
        cells, the reserve, the stock and waste (face down and up, no more
        cards than were left after the deal) and the tableau (top card face
        up, no more face-down cards than were dealt, no unbuilt card above
        the cards dealt face up, or with the unit ``stack`` no more such
        cards in all than the deal can leave; no complete suit left waiting).
        """
        return super()._state_problem(state) or checks.state_problem(self, state)

    _loose_dealt = functools.cached_property(checks.loose_dealt)
