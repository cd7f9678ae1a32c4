"""The tableau engine's walk of a region, over piles written as byte strings.

:meth:`~patience.Game.is_over` searches the positions reachable without
progress (see :mod:`patience.progress`). Its default steps
(:class:`~patience.progress.StateSteps`) list each position's moves and make
them on states. :class:`PileSteps` walks the same positions as tuples of the
piles' codes (:func:`~patience.pile.pile_code`): it works out which cards may
move where from the top bytes, makes each move by joining two byte strings,
and files each position under the same key as
:func:`~patience.tableau.search.search_key`. It never makes a
:class:`~patience.State`, and knows a move that would make progress without
making it: a card the foundations want on top of a pile or in a cell, a
face-down card uncovered, a card of the waste or the reserve (or of a
closed cell) that could go anywhere, a space the reserve would fill, a suit completed. Several times
faster, it meets exactly the positions the moves do; the tests hold it to
:class:`~patience.progress.StateSteps` on random positions of every game.

It walks positions whose waste cannot be turned over again (turning the
stock changes only the stock and the waste; a redeal would change the
counters too); where a stock deals onto the piles, a deal is progress.
Elsewhere the default steps are taken. Where cards move one at a time (with or without
runs through cells and spaces, which are shorthand for single moves), it
makes single moves only: the positions reachable are the same.
"""

from __future__ import annotations

from collections.abc import Container, Hashable
from typing import TYPE_CHECKING

from ..cards import KING
from ..move import Move
from ..pile import _CARD_BYTES, pile_code
from ..progress import RegionSteps, StateSteps
from ..state import State
from .search import _grouping, _key_of, info_code

if TYPE_CHECKING:
    from .engine import TableauGame

__all__: list[str] = []  # the engine's own: TableauGame binds what it needs


_Node = tuple[bytes, ...]
"""A position: every pile's code, in layout order."""


class Tables:
    """What :class:`PileSteps` reads about cards, by their byte: worked out once
    per game from its declaration (``TableauGame._pile_tables``)."""

    __slots__ = ("kind", "link", "next_up", "rank", "space", "suit", "under")

    def __init__(self, game: TableauGame) -> None:
        r = game.rules
        size = 256
        self.kind = [-1] * size
        """The kind of each card (the cards it goes on; see the engine)."""
        self.under: list[tuple[int, ...]] = [()] * size
        """The kinds that may go on each card."""
        self.space = [False] * size
        """Whether each card may fill a space."""
        self.rank = [0] * size
        self.suit = [-1] * size
        self.next_up = [0] * size
        """The byte of the card a foundation takes after each card (0: none)."""
        self.link: list[frozenset[int]] = [frozenset()] * size
        """``upper in link[lower]``: whether ``upper`` lying on ``lower`` moves
        with it as one unit (the unit's run rule)."""
        unit_on = game._suit_on if r.unit == "suit-run" else game._on
        cards = {c: b for c, b in _CARD_BYTES.items() if c in game._kind}
        suits: dict[object, int] = {}
        for card, byte in cards.items():
            self.kind[byte] = game._kind[card]
            self.under[byte] = game._kinds_under[card]
            self.space[byte] = card in game._space_cards
            self.rank[byte] = card.rank
            self.suit[byte] = suits.setdefault(card.suit, len(suits)) if card.suit else -1
            following = game._fnext.get(card)
            self.next_up[byte] = _CARD_BYTES[following] if following is not None else 0
        links: dict[int, set[int]] = {}
        for upper, ub in cards.items():
            for lower in unit_on[upper]:
                lb = cards.get(lower)
                if lb is not None:
                    links.setdefault(lb, set()).add(ub)
        for lb, ubs in links.items():
            self.link[lb] = frozenset(ubs)


def tables(game: TableauGame) -> Tables:
    """``TableauGame._pile_tables``: the game's :class:`Tables`."""
    return Tables(game)


def region_steps(game: TableauGame, state: State, moves: tuple[Move, ...]) -> RegionSteps:
    """``Game._region_steps``: :class:`PileSteps` where it can walk the region
    of ``state``, the default steps elsewhere."""
    r, at = game.rules, game._at
    items = state._items
    if not game._provable or (
        r.stock == "waste"
        and (
            game._may_redeal(state._info)  # a redeal changes the counters
            or (items[at.stock].cards and not game._plain_draws)
        )
    ):
        return StateSteps(game, state, moves)
    return PileSteps(game, state)


class PileSteps(RegionSteps):
    """:class:`~patience.progress.RegionSteps` over piles' codes (see the module)."""

    __slots__ = (
        "_at",
        "_base",
        "_bases",
        "_cells",
        "_closed",
        "_deals",
        "_down_rule",
        "_downs",
        "_draw",
        "_forced",
        "_foundations",
        "_full",
        "_game",
        "_group_of",
        "_grouping",
        "_info",
        "_open_cells",
        "_refill",
        "_reserve_top",
        "_suits",
        "_t",
        "_tableau",
        "_unit",
        "_units",
        "_wanted",
        "_worry",
        "root",
        "standing",
    )

    def __init__(self, game: TableauGame, state: State) -> None:
        r, at = game.rules, game._at
        items = state._items
        self._game = game
        self._t: Tables = game._pile_tables
        self._at = at
        self._tableau = at.tableau
        self._cells = at.cells
        self._open_cells = game._open_cells
        self._closed = r.closed_cells
        self._full = r.ranks
        self._foundations = at.foundations
        self._info = info_code(game, state._info)
        self._grouping = _grouping(game, items)
        # Each pile's group of interchangeable piles and its place there (-1:
        # a pile of its own), for keys made from the piles a move changes.
        self._group_of = [(-1, -1)] * len(items)
        for g, group in enumerate(self._grouping[0]):
            for place, i in enumerate(group):
                self._group_of[i] = (g, place)
        self._unit = "one" if r.unit == "one" else r.unit
        self._suits = r.foundation_mode == "suits"
        self._worry = r.worrying_back
        self._forced = r.forced_bases
        self._base = game._base(state)
        self._bases = {
            b for c, b in _CARD_BYTES.items() if c in game._kind and c.rank == self._base
        }
        self._units: dict[bytes, tuple[tuple[int, int], ...]] = {}
        self._downs: dict[bytes, int] = {}  # each tableau code's face-down cards, for hints
        self._refill = game._refills(items)
        self._draw = r.draw if r.stock == "waste" else 0
        self._deals = r.stock == "deal"
        self._reserve_top = (
            pile_code(items[at.reserve])[-1] if at.reserve >= 0 and items[at.reserve].cards else 0
        )
        self._down_rule = r.space
        root = tuple([pile_code(p) for p in items])
        self.root = root
        self.standing = sum([len(items[f].cards) for f in at.foundations]) if self._worry else None
        # Where no foundation card comes down, the cards they want stay the same.
        self._wanted = None if self._worry else self._wants(root)

    # ------------------------------------------------------------ reading

    def _wants(self, node: _Node) -> tuple[frozenset[int], bool]:
        """The bytes of the cards the foundations take next, and whether one
        is empty (and takes a base card)."""
        if self._suits:
            return frozenset(), False
        next_up = self._t.next_up
        wanted = set()
        empty = False
        for f in self._foundations:
            code = node[f]
            if not code:
                empty = True
            elif len(code) < self._full:
                following = next_up[code[-1]]
                if following:
                    wanted.add(following)
        return frozenset(wanted), empty

    def _units_of(self, code: bytes) -> tuple[tuple[int, int], ...]:
        """The counts of cards that may move together from the top of a tableau
        pile, with each unit's bottom byte (single cards where cards move one
        at a time: runs through cells and spaces only shorten single moves)."""
        found = self._units.get(code)
        if found is not None:
            return found
        n = len(code)
        units: list[tuple[int, int]] = []
        if n and code[-1] < 0x80:
            unit = self._unit
            if unit == "one":
                units.append((1, code[-1]))
            elif unit == "stack":
                k = 1
                while k <= n and code[-k] < 0x80:
                    units.append((k, code[-k]))
                    k += 1
            else:
                link = self._t.link
                run = 1
                while run < n and code[-run - 1] < 0x80 and code[-run] in link[code[-run - 1]]:
                    run += 1
                if unit in ("run", "suit-run"):
                    units = [(k, code[-k]) for k in range(1, run + 1)]
                elif unit == "face-up":
                    units = [(run, code[-run])]
                elif run == n:  # the whole pile, where it is one run
                    units = [(n, code[0])]
        result = tuple(units)
        self._units[code] = result
        return result

    def _completes(self, code: bytes) -> bool:
        """Whether a complete king-to-ace run of one suit lies on top of the pile."""
        t = self._t
        if len(code) < 13 or code[-1] >= 0x80 or t.rank[code[-1]] != 1:
            return False
        suit, rank = t.suit, t.rank
        for k in range(1, 13):
            upper, lower = code[-k], code[-k - 1]
            if lower >= 0x80 or suit[lower] != suit[upper] or rank[lower] != rank[upper] + 1:
                return False
        return t.rank[code[-13]] == KING

    # -------------------------------------------------------------- steps

    def expand(
        self, node: object, known: Container[Hashable], eager: bool
    ) -> list[tuple[Hashable, object, int | None]] | None:
        codes: _Node = node  # type: ignore[assignment]
        t = self._t
        kind, under, space = t.kind, t.under, t.space
        tableau = self._tableau
        worry = self._worry
        level = None
        if worry:
            level = sum([len(codes[f]) for f in self._foundations])
            wanted, empty = self._wants(codes)
        else:
            assert self._wanted is not None
            wanted, empty = self._wanted
        bases = self._bases if empty else frozenset()
        # Which piles take each kind of card, and the spaces.
        takers: dict[int, list[int]] = {}
        spaces: list[int] = []
        for i in tableau:
            code = codes[i]
            if code:
                for k in under[code[-1]]:
                    hit = takers.get(k)
                    if hit is None:
                        takers[k] = [i]
                    else:
                        hit.append(i)
            else:
                spaces.append(i)
        fill = [] if self._refill or self._down_rule == "none" else spaces
        # Cards that could go up now: a move that makes progress (or puts a
        # card up with worrying back, where the standing allows).
        free_cells = [c for c in self._open_cells if not codes[c]]
        ups: list[tuple[int, int]] = []
        if wanted or bases:
            tops = [(i, codes[i][-1]) for i in tableau if codes[i] and codes[i][-1] < 0x80]
            tops += [(c, codes[c][-1]) for c in self._cells if codes[c]]
            for i, top in tops:
                if top in wanted or top in bases:
                    if not worry:
                        return None
                    ups.append((i, top))
        at = self._at
        waste = codes[at.waste] if at.waste >= 0 else b""
        for static in (waste[-1] if waste else 0, self._reserve_top):
            if static and (
                static in wanted
                or static in bases
                or kind[static] in takers
                or (fill and space[static])
            ):
                return None  # a card leaves the waste or the reserve for play
        stock = codes[at.stock] if at.stock >= 0 else b""
        if stock and self._deals and not (spaces and self._game.rules.deal_needs_no_spaces):
            return None  # a deal brings stock cards into play
        out: list[tuple[Hashable, object, int | None]] = []
        keys = _Keys(codes, self._grouping, self._group_of, self._info)
        if stock and self._draw:
            # A turn of the stock: its top cards, face up and in turn, onto the waste.
            n = max(len(stock) - self._draw, 0)
            turned = waste + stock[n:][::-1].translate(_FACE_UP)
            out.append(keys.child(at.stock, stock[:n], at.waste, turned, known, level))
        if worry:
            assert level is not None
            if self._forced and empty and any(top in bases for _, top in ups):
                # A base card must go up before anything else moves.
                ups = [(i, top) for i, top in ups if top in bases]
                spaces = fill = free_cells = []
                takers = {}
            for i, top in ups:
                if level + 1 > self.standing:  # type: ignore[operator]
                    return None
                f = self._foundation_for(codes, top)
                out.append(
                    keys.child(i, codes[i][:-1], f, codes[f] + codes[i][-1:], known, level + 1)
                )
            # Foundation cards coming back down.
            for f in self._foundations:
                code = codes[f]
                if not code:
                    continue
                top = code[-1]
                targets = takers.get(kind[top], [])
                if fill and space[top]:
                    targets = targets + fill
                for target in targets:
                    landed = codes[target] + code[-1:]
                    out.append(keys.child(f, code[:-1], target, landed, known, level - 1))
        # Cards from the cells to the tableau.
        for c in self._cells:
            code = codes[c]
            if not code:
                continue
            top = code[-1]
            targets = takers.get(kind[top], [])
            if fill and space[top]:
                targets = targets + fill[:1]  # the spaces are alike: one will do
            if targets and self._closed:
                return None  # a card leaves a closed cell (an open reserve) for play
            for target in targets:
                out.append(keys.child(c, b"", target, codes[target] + code, known, level))
        # Cards from the tableau: to other piles, spaces and cells.
        suits = self._suits
        rank = t.rank
        stacks = self._unit == "stack"
        unit_cache = self._units
        for s in tableau:
            code = codes[s]
            if not code:
                continue
            n = len(code)
            cell = free_cells[0] if free_cells and code[-1] < 0x80 else -1
            units = unit_cache.get(code)
            if units is None:
                units = self._units_of(code)
            for k, head in units:
                # (a whole pile into a space changes nothing; the spaces are
                # alike, and so are the cells: one will do)
                targets = takers.get(kind[head], _NONE)
                if fill and space[head] and k < n:
                    targets = [*targets, fill[0]]
                if k == 1 and cell >= 0:
                    targets = [*targets, cell]  # any top card to a cell
                if not targets:
                    continue
                rest = code[:-k]
                if rest and rest[-1] >= 0x80:
                    for target in targets:
                        if target != s:
                            return None  # a face-down card turns up
                    continue
                if not rest and self._refill:
                    return None  # the reserve fills the space
                unit = code[-k:]
                # (a suit completes only with an ace on top, where it lands
                # or, where stacks move, where they leave)
                ace = suits and (rank[unit[-1]] == 1 or (stacks and rest and rank[rest[-1]] == 1))
                for target in targets:
                    if target == s:
                        continue
                    landed = codes[target] + unit
                    if ace and (
                        self._completes(landed) or (stacks and rest and self._completes(rest))
                    ):
                        return None  # a suit is complete and leaves
                    out.append(keys.child(s, rest, target, landed, known, level))
            if cell >= 0 and units[:1] != ((1, code[-1]),):
                # The top card alone to a cell, where single cards are not a unit.
                rest = code[:-1]
                if rest and rest[-1] >= 0x80:
                    return None  # a face-down card turns up
                if not rest and self._refill:
                    return None  # the reserve fills the space
                out.append(keys.child(s, rest, cell, code[-1:], known, level))
        return out

    def _foundation_for(self, codes: _Node, card: int) -> int:
        """The first foundation that takes ``card``."""
        next_up = self._t.next_up
        for f in self._foundations:
            code = codes[f]
            if (not code and card in self._bases) or (code and next_up[code[-1]] == card):
                return f
        raise AssertionError("no foundation takes the card")  # pragma: no cover

    def hints(self, node: object) -> tuple[int, ...] | None:
        codes: _Node = node  # type: ignore[assignment]
        game = self._game
        if self._worry:
            return None
        disorder = self._disorder(codes)
        if self._unit == "stack":
            return (disorder,)
        assert self._wanted is not None
        wanted, empty = self._wanted
        targets = wanted | self._bases if empty else wanted
        nearest = 52 * game.rules.packs + game.rules.jokers
        downs = self._downs
        for i in self._tableau:
            code = codes[i]
            n = len(code)
            down = downs.get(code)
            if down is None:
                down = n
                for j in range(n):
                    if code[j] < 0x80:
                        down = j
                        break
                downs[code] = down
            up = n - down
            if down and up < nearest:
                nearest = up
            if targets:
                for depth in range(min(up, nearest)):
                    if code[-1 - depth] in targets:
                        nearest = depth
                        break
        return (nearest, disorder)

    def _disorder(self, codes: _Node) -> int:
        """:func:`~patience.tableau.search.disorder`, read from the codes."""
        cache = self._game._code_breaks
        if len(cache) > 100_000:
            cache.clear()  # a cache: only worked out again
        nearest = 10_000
        total = 0
        longest = 0
        for i in self._tableau:
            code = codes[i]
            known = cache.get(code)
            if known is None:
                known = cache[code] = self._breaks(code)
            breaks, run, down = known
            total += breaks
            if down and breaks < nearest:
                nearest = breaks + 1
            if run > longest:
                longest = run
        if self._suits and 13 - longest < nearest:
            nearest = 13 - longest
        return 10 * nearest + total

    def _breaks(self, code: bytes) -> tuple[int, int, bool]:
        """A pile's breaks, top same-suit run and whether it has face-down cards
        (see :func:`~patience.tableau.search._breaks`)."""
        game = self._game
        r = game.rules
        t = self._t
        natural = game._suit_on if self._suits or r.unit == "suit-run" else game._on
        n = len(code)
        down = 0
        while down < n and code[down] >= 0x80:
            down += 1
        cards = [_CARD_OF[b] for b in code[down:]]
        breaks = sum(1 for j in range(1, len(cards)) if cards[j - 1] not in natural[cards[j]])
        run = 1 if cards else 0
        k = n - 1
        while (
            k > down
            and t.suit[code[k - 1]] == t.suit[code[k]]
            and (t.rank[code[k - 1]] == t.rank[code[k]] + 1)
        ):
            run += 1
            k -= 1
        return breaks, run, bool(down)


_NONE: list[int] = []  # never changed: the targets of a card nothing takes


class _Keys:
    """The search keys (:func:`~patience.tableau.search.search_key`) of the
    positions one node's moves lead to, each made from the two piles a move
    changes: the joined codes of every group of piles it leaves alone are
    made once for the node."""

    __slots__ = (
        "_around",
        "_codes",
        "_group_of",
        "_groups",
        "_info",
        "_joined",
        "_members",
        "_parts",
        "_rest",
    )

    def __init__(
        self,
        codes: _Node,
        grouping: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]],
        group_of: list[tuple[int, int]],
        info: bytes,
    ) -> None:
        groups, rest = grouping
        self._codes = codes
        self._groups = groups
        self._rest = rest
        self._group_of = group_of
        self._info = info
        self._members = [[codes[i] for i in group] for group in groups]
        self._joined = [b"\0".join(sorted(m)) for m in self._members]
        parts = [codes[i] for i in rest]
        joined = self._joined
        # Each group's key is the bytes before its members, theirs, and the
        # bytes after: a move within one group changes only the middle.
        self._around = [
            (
                b"".join(part + b"\0" for part in (*parts, *joined[:g])),
                b"".join(b"\0" + part for part in (*joined[g + 1 :], info)),
            )
            for g in range(len(groups))
        ]
        self._parts = parts

    def child(
        self,
        a: int,
        code_a: bytes,
        b: int,
        code_b: bytes,
        known: Container[Hashable],
        level: int | None,
    ) -> tuple[Hashable, object, int | None]:
        """The key of the node with pile ``a`` now ``code_a`` and ``b`` now
        ``code_b``, the node itself (``None`` if its key is ``known``) and
        ``level``."""
        ga, pa = self._group_of[a]
        gb, pb = self._group_of[b]
        if ga < 0 or gb < 0:
            moved = list(self._codes)
            moved[a] = code_a
            moved[b] = code_b
            key = _key_of(moved, (self._groups, self._rest), self._info)
            return key, (None if key in known else tuple(moved)), level
        if ga == gb:
            members = list(self._members[ga])
            members[pa] = code_a
            members[pb] = code_b
            before, after = self._around[ga]
            key = before + b"\0".join(sorted(members)) + after
            if key in known:
                return key, None, level
            moved = list(self._codes)
            moved[a] = code_a
            moved[b] = code_b
            return key, tuple(moved), level
        joined = list(self._joined)
        for g, p, code in ((ga, pa, code_a), (gb, pb, code_b)):
            members = list(self._members[g])
            members[p] = code
            joined[g] = b"\0".join(sorted(members))
        key = b"\0".join([*self._parts, *joined, self._info])
        if key in known:
            return key, None, level
        moved = list(self._codes)
        moved[a] = code_a
        moved[b] = code_b
        return key, tuple(moved), level


_CARD_OF = {b: c for c, b in _CARD_BYTES.items()}

_FACE_UP = bytes(b & 0x7F if b >= 0x80 else b for b in range(256))
"""The byte of a card turned face up, by its byte."""
"""Each byte's card (face up)."""
