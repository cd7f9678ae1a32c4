"""Double Solitaire: two players, a Klondike each, eight shared foundations.

Each player has a pack of their own and lays it out as in Klondike (stock,
waste and seven tableau piles); the eight foundations in the middle, two per
suit, are open to both. Players take turns. A turn ends when the player turns
a card from the stock that cannot be played, or after any move made while an
ace could have started a foundation. Whoever has more of their own cards on
the foundations when play is blocked wins; a player who gets all 52 up wins at
once.

A player's own part of the table is played by the tableau engine: the game
builds a two-pack Klondike position from that player's piles and the shared
foundations, and asks the engine for its moves. Registered as
``double-solitaire``; see the rules page in the documentation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import attrs

from .._json import FrozenMapping
from ..cards import Card, Deck
from ..errors import InvalidMoveError, InvalidStateError, PatienceError, brief_repr
from ..events import Event, TurnPassed, renamed
from ..game import Better, Game, PileSpec
from ..move import Move
from ..pile import Pile
from ..registry import register
from ..shuffle import check_seed, derive_seed
from ..state import Info, State
from ..tableau import TABLEAU_REFUSALS, TableauGame, TableauRules
from .klondike import _check, klondike_rules

__all__ = ["DOUBLE_REFUSALS", "DoubleSolitaire", "double_solitaire_rules"]

_OWN = ("stock", "waste", *(f"t{k}" for k in range(1, 8)))
"""A player's own piles, in layout order (prefixed ``p0.`` or ``p1.``)."""
_FOUNDATIONS = tuple(f"f{k}" for k in range(1, 9))
_COUNTERS = ("pass", "progress")
"""The tableau engine's counters, kept for each player as ``p0.pass`` and so on."""

DOUBLE_REFUSALS: Mapping[str, str] = FrozenMapping(
    {
        **TABLEAU_REFUSALS,
        "other-player": "the move takes from or puts on the other player's stock, waste or tableau",
        "no-pass": "a player may pass only when they can neither draw nor redeal",
    }
)
"""Double Solitaire's refusal codes: the tableau engine's (each player's own
Klondike explains its refusals) and the two-player game's own."""


def double_solitaire_rules(*, draw: int = 3, passes: int | None = None) -> TableauRules:
    """One player's part of the game as a declaration: Klondike with two packs.

    Two packs give the eight foundations, each built up in suit from the ace.
    The tableau, the building rules and the stock are Klondike's.
    """
    return attrs.evolve(klondike_rules("Double Solitaire", draw=draw, passes=passes), packs=2)


_PASSES = frozenset({"p0.pass", "p1.pass"})


class DoubleSolitaire(Game):
    """Two players, each with an own Klondike, building eight shared foundations.

    Only the player whose turn it is (``state.info["turn"]``) has legal moves,
    and every move names its player (``p0 p0.t3-f2``). Scores are each
    player's own cards on the foundations; ``state.info["owners"]`` records,
    for each foundation, whose card each one is (``"0"`` or ``"1"``, bottom
    card first).
    """

    # The quick probe for progress (see Game._probe) follows these moves:
    # turning the stocks, and passing, until a card can be played.
    _probe_kinds = frozenset(("draw", "redeal", "pass"))

    title = "Double Solitaire"
    players = 2
    better = Better.HIGHER
    move_kinds = frozenset(("move", "draw", "redeal", "pass"))
    action_piles = FrozenMapping({"draw": "stock", "redeal": "stock"})
    """Each player draws and redeals on their own stock (``p0.stock``, ``p1.stock``)."""
    refusals = DOUBLE_REFUSALS
    shown_counters = frozenset({"p0.pass", "p1.pass", "turn"})

    def __init__(
        self, name: str = "double-solitaire", *, draw: int = 3, passes: int | None = None
    ) -> None:
        draw, passes = _check(name, draw, passes, {})
        super().__init__(name, {"draw": draw, "passes": passes})
        options = dict(self.options)
        rules = double_solitaire_rules(draw=draw, passes=passes)
        self.inner = TableauGame(f"{name}/player", rules, options)
        """The two-pack Klondike that plays one player's part of the table."""
        self.solo = TableauGame(f"{name}/deal", klondike_rules(draw=draw, passes=passes), options)
        """A one-pack Klondike that deals each player's pack."""
        # Player 0's Klondike on the left, the eight foundations in two
        # columns of four in the middle, player 1's Klondike on the right:
        # side by side, so that no player's tableau leaves the room its
        # longest fan could take empty between the players.
        solo_specs = {s.name: s for s in self.solo.layout}
        columns = self.solo.grid_size[1]
        specs = [
            attrs.evolve(
                solo_specs[pile],
                name=f"p{p}.{pile}",
                column=solo_specs[pile].column + (columns + 2) * p,
                owner=p,
                label=f"Player {p}: {solo_specs[pile].label}",
            )
            for p in range(2)
            for pile in _OWN
        ]
        specs += [
            PileSpec(f, "foundation", k % 4, columns + k // 4, label=f"Foundation {k + 1}")
            for k, f in enumerate(_FOUNDATIONS)
        ]
        self._set_layout(specs)
        inner_names = [s.name for s in self.inner.layout]
        # For each player: where each pile of the inner game lies in this layout.
        self._places = tuple(
            tuple(self._index[self._outer_name(p, n)] for n in inner_names) for p in range(2)
        )
        self._to_outer: dict[tuple[int, Move], Move] = {}
        self._to_inner: dict[Move, Move] = {}
        self._passes = (Move("pass", player=0), Move("pass", player=1))
        self._tableau_places = tuple(
            i for i, spec in enumerate(self.layout) if spec.role == "tableau"
        )
        self._held_places = tuple(
            (self._index[f"p{p}.stock"], self._index[f"p{p}.waste"]) for p in range(2)
        )
        # Each player's counters as this game's info keys, and where each
        # foundation lies in the inner game's layout.
        self._counter_keys = tuple(tuple(f"p{p}.{k}" for k in _COUNTERS) for p in range(2))
        self._inner_foundations = {f: self.inner._index[f] for f in _FOUNDATIONS}

    @staticmethod
    def _outer_name(player: int, name: str) -> str:
        return name if name in _FOUNDATIONS else f"p{player}.{name}"

    # ---------------------------------------------------------------- deal

    @property
    def deck(self) -> Deck:
        """Two packs: player 0's, then player 1's."""
        return Deck.standard(2)

    def shuffled_cards(self, seed: int) -> tuple[Card, ...]:
        """Player 0's pack, then player 1's, each shuffled with a seed derived from ``seed``.

        Player ``p``'s pack is shuffled with
        :func:`~patience.shuffle.derive_seed` ``(seed, p)``.
        """
        check_seed(seed)
        pack = self.solo.deck
        return tuple(c for p in range(2) for c in pack.shuffled(derive_seed(seed, p)).cards)

    def deal_from(self, cards: Iterable[Card | str] | str) -> State:
        """The opening position for a given card order: player 0's pack, then player 1's.

        Besides the checks of :meth:`patience.Game.deal_from`, each half of
        the 104 cards must be one whole pack.
        """
        parsed = self._read_cards(cards)
        if len(parsed) == 104:
            for p in range(2):
                problem = self.solo._deck_problem(parsed[52 * p : 52 * (p + 1)])
                if problem:
                    raise PatienceError(
                        f"{self.name}: the cards do not make the game's deck:"
                        f" player {p}'s pack: {problem}"
                    )
        return super().deal_from(parsed)

    def _deal(self, cards: tuple[Card, ...]) -> State:
        piles: list[Pile] = []
        info: dict[str, Any] = {}
        for p in range(2):
            dealt = self.solo._deal(cards[52 * p : 52 * (p + 1)])  # each pack already checked
            piles += [dealt.piles[n] for n in _OWN]
            info.update({f"p{p}.{k}": dealt.info[k] for k in _COUNTERS})
        piles += [Pile()] * len(_FOUNDATIONS)
        info.update(turn=self._starter(piles), passed=0, owners=("",) * len(_FOUNDATIONS))
        return self._new_state(tuple(piles), Info(info))

    @staticmethod
    def _starter(piles: list[Pile]) -> int:
        """Who starts: the lower top card of ``t1``, then ``t2`` and so on; else player 0."""
        for k in range(2, len(_OWN)):
            a, b = piles[k].top, piles[len(_OWN) + k].top
            assert a is not None and b is not None
            if a.rank != b.rank:
                return 0 if a.rank < b.rank else 1
        return 0

    # --------------------------------------------------------------- moves

    def _inner_state(self, state: State, player: int) -> State:
        """``player``'s part of the table as a position of the two-pack Klondike."""
        items = state._items
        data = state._info._data
        return self.inner._new_state(
            tuple(items[i] for i in self._places[player]),
            Info({k: data[key] for k, key in zip(_COUNTERS, self._counter_keys[player])}),
        )

    def _outer_move(self, player: int, move: Move) -> Move:
        out = self._to_outer.get((player, move))
        if out is None:
            source = None if move.source is None else self._outer_name(player, move.source)
            target = None if move.target is None else self._outer_name(player, move.target)
            out = Move(move.kind, source, target, move.count, player)
            # Pure caches of the names; the inner move goes in first, so an
            # outer move found in ``_to_outer`` always has it.
            self._to_inner.setdefault(out, move)
            out = self._to_outer.setdefault((player, move), out)
        return out

    def _inner_move(self, move: Move) -> Move:
        """The mover's Klondike move for a listed move of this game."""
        inner = self._to_inner.get(move)
        if inner is None:  # listed by an equal game: work it out from the names
            prefix = f"p{move.player}."

            def own(name: str | None) -> str | None:
                return name[len(prefix) :] if name is not None and name.startswith(prefix) else name

            inner = Move(move.kind, own(move.source), own(move.target), move.count)
        return inner

    def _listing(self, state: State) -> tuple[tuple[Move, ...], State | None]:
        """The legal moves and the mover's inner position (``None`` once over)."""
        return self._memoised(state, self._list)

    def _list(
        self, state: State, inner: State | None = None
    ) -> tuple[tuple[Move, ...], State | None]:
        """The listing; ``inner``, if given, is the mover's inner position
        already made (equal to the one :meth:`_inner_state` would make)."""
        if self._ended(state):
            return ((), None)
        player = self.turn(state)
        if inner is None:
            inner = self._inner_state(state, player)
        inner_moves = self.inner.legal_moves(inner)
        moves = [self._outer_move(player, m) for m in inner_moves]
        if not any(m.kind in ("draw", "redeal") for m in inner_moves):
            moves.append(self._passes[player])
        return (tuple(moves), inner)

    def _legal_moves(self, state: State) -> tuple[Move, ...]:
        """The moves of the player whose turn it is: their Klondike moves, then ``pass``
        if they can neither draw nor redeal; none once the game is over."""
        return self._listing(state)[0]

    def turn(self, state: State) -> int:
        """The player whose turn it is."""
        turn = state.info["turn"]
        assert isinstance(turn, int)
        return turn

    def _starts_foundation(self, inner: State, move: Move) -> bool:
        """Whether the inner ``move`` starts an empty foundation (only an ace can)."""
        at = self._inner_foundations.get(move.target or "")
        return at is not None and not inner._items[at].cards

    def _apply(self, state: State, move: Move) -> State:
        moves, inner = self._listing(state)
        if move not in moves or inner is None:
            self._refuse(state, move)
        player = self.turn(state)
        info: dict[str, Any] = dict(state._info._data)
        if move.kind == "pass":
            info.update(turn=1 - player, passed=info["passed"] + 1)
            return self._new_state(state._items, Info(info))
        inner_move = self._inner_move(move)
        # Starting a foundation keeps the turn; another move, while one could
        # start a foundation, passes it.
        starts = self._starts_foundation
        passes_by_aces = not starts(inner, inner_move) and any(
            starts(inner, m) for m in self.inner.legal_moves(inner)
        )
        after = self.inner.apply(inner, inner_move)
        items = list(state._items)
        for i, pile in zip(self._places[player], after._items):
            items[i] = pile
        done = after._info._data
        info.update(zip(self._counter_keys[player], [done[k] for k in _COUNTERS]))
        info["passed"] = 0
        if move.target in _FOUNDATIONS:
            k = _FOUNDATIONS.index(move.target)
            owners = list(info["owners"])
            owners[k] += str(player) * move.count
            info["owners"] = tuple(owners)
            # New foundation cards may give the other player plays on their next pass.
            info[f"p{1 - player}.progress"] = True
        unplayable = move.kind == "draw" and not any(
            m.source == "waste" for m in self.inner.legal_moves(after)
        )
        if unplayable or passes_by_aces:
            info["turn"] = 1 - player
        out = self._new_state(tuple(items), Info(info))
        if info["turn"] == player and after._memo is not None:
            # The mover plays on from ``after``, whose moves a draw has listed
            # already: the new position's listing follows from them. (The
            # same value the listing would compute, so the memo stays a pure
            # function of the position.)
            out._memo = self._list(out, after)
        return out

    def _known_piles(self, state: State, player: int) -> tuple[int, ...]:
        """Each player watches the other play: a stock that has been redealt is
        known to both."""
        data = state._info._data
        return tuple(
            self._held_places[p][0]
            for p in range(2)
            if data[f"p{p}.pass"] > 1  # type: ignore[operator]
        )

    def _hidden_pools(self, view: State) -> list[tuple[tuple[int, ...], Counter[Card]]]:
        """Each player's hidden cards come from their own pack: the pack less
        the cards the view shows on their piles and their cards on the
        foundations."""
        pack = Counter(self.solo.deck)
        out = []
        for p in range(2):
            places = tuple(self._index[f"p{p}.{n}"] for n in _OWN)
            shown = Counter(
                c for k in places for c in view.piles.items_tuple[k].cards if not c.is_hidden
            )
            for f, record in zip(_FOUNDATIONS, self.owners(view)):
                shown.update(c for c, o in zip(view.piles[f].cards, record) if o == str(p))
            out.append((places, pack - shown))
        return out

    def _capacities(self) -> list[int]:
        """Each player's piles as in a Klondike of their own pack; a foundation
        holds a suit."""
        inner = dict(zip(self.solo._names, self.solo.capacities))
        caps = [13] * len(self.layout)
        for p in range(2):
            for name in _OWN:
                caps[self._index[f"p{p}.{name}"]] = inner[name]
        return caps

    def _counter_range(self, key: str) -> tuple[int, int]:
        """Each player's pass as in Klondike (capped at 2 where passes are
        unlimited), the turn 0 or 1, and the passes in a row from 0 to 2."""
        if key in _PASSES:
            return self.solo._counter_range("pass")
        if key == "turn":
            return (0, 1)
        if key == "passed":
            return (0, 2)
        return super()._counter_range(key)

    @property
    def _capped_counters(self) -> frozenset[str]:
        return _PASSES if self.solo._capped_counters else frozenset()

    def _counter_features(self, state: State) -> list[int]:
        """The counters that are numbers, then for each foundation how many of
        its cards are player 0's and how many player 1's."""
        out = super()._counter_features(state)
        for owners in self.owners(state):
            out += [owners.count("0"), owners.count("1")]
        return out

    def _counter_bounds(self) -> tuple[list[int], list[int]]:
        low, high = super()._counter_bounds()
        n = 2 * len(_FOUNDATIONS)
        return low + [0] * n, high + [13] * n

    def _action_space(self) -> list[Move]:
        """Player 0's Klondike actions on their piles, then ``pass``; then player 1's."""
        out: list[Move] = []
        for p in range(2):
            out += [self._outer_move(p, m) for m in self.inner._action_space()]
            out.append(self._passes[p])
        return out

    def _events(self, state: State, move: Move, after: State) -> list[Event]:
        """The mover's own Klondike events on their piles, then the turn passing."""
        player = self.turn(state)
        log: list[Event] = []
        if move.kind != "pass":
            _, inner = self._listing(state)
            assert inner is not None
            inner_move = self._inner_move(move)
            steps = self.inner._events(inner, inner_move, self.inner.apply(inner, inner_move))
            log += renamed(steps, lambda name: self._outer_name(player, name))
        if after.info["turn"] != player:
            log.append(TurnPassed("turn", player, after.info["turn"]))
        return log

    def _refusal(self, state: State, move: Move) -> tuple[str, str]:
        """The reason and code for refusing ``move``: the notation, the end of
        the game, the turn, the other player's piles and ``pass`` are this
        game's; anything else the mover's own Klondike explains, naming the
        piles as this game does."""
        reason = self._move_syntax_problem(move)
        if not reason and move.detail is not None:
            reason = f"a move of {self.name} takes no detail, not '={move.detail}'"
        if reason:
            return reason, "not-a-move"
        _, inner = self._listing(state)
        if inner is None:
            scores = self._scores(state)
            if 52 in scores:
                return f"the game is over: player {scores.index(52)} has gone out", "game-over"
            return "the game is over: both players have passed in a row", "game-over"
        turn = self.turn(state)
        if move.player != turn:
            return f"it is player {turn}'s turn", "not-your-turn"
        other = 1 - turn
        for name in (move.source, move.target):
            if name is not None and name.startswith(f"p{other}."):
                return (
                    f"{name} is player {other}'s: a player may not touch the other"
                    " player's stock, waste or tableau",
                    "other-player",
                )
        if move.kind == "pass":
            return "a player may pass only when they can neither draw nor redeal", "no-pass"
        names = tuple(self._names[i] for i in self._places[turn])
        return self.inner._named_refusal(inner, self._inner_move(move), names)

    # ------------------------------------------------------------ notation

    def parse_move(self, state: State, text: str) -> Move:
        """Read move notation; the player prefix (``p0``, ``p1``) may be left out.

        Without it, the move is made by the owner of its source pile, or, for
        ``draw``, ``redeal``, ``pass`` and moves from a foundation, by the
        player whose turn it is.
        """
        move = Move.parse(text)
        if move.player is None:
            owner = None
            if move.source is not None and move.source in self._index:
                owner = self.layout[self._index[move.source]].owner
            player = self.turn(state) if owner is None else owner
            move = attrs.evolve(move, player=player)
        if move.source is None and move.kind in self.action_piles:
            move = self._on_action_pile(move)
        reason = self._move_syntax_problem(move)
        if reason:
            raise InvalidMoveError(text, reason, state)
        return move

    def _on_action_pile(self, move: Move) -> Move:
        """A draw or redeal written without its pile acts on the mover's own stock."""
        return attrs.evolve(move, source=f"p{move.player}.stock")

    def _move_syntax_problem(self, move: Move) -> str:
        if move.kind not in self.move_kinds:
            return f"{self.name} has no {move.kind!r} move"
        if move.player is None:
            return f"a move of {self.name} names its player, as in 'p0 draw'"
        if move.kind == "pass" and (move.source is not None or move.count != 1):
            return "'pass' takes no pile and no count"
        if move.kind in self.action_piles and (
            move.source != f"p{move.player}.stock" or move.target is not None or move.count != 1
        ):
            return f"'{move.kind}' acts on the player's own stock (p{move.player}.stock) alone"
        return super()._move_syntax_problem(move)

    # ------------------------------------------------------------- results

    @staticmethod
    def owners(state: State) -> tuple[str, ...]:
        """For each foundation, whose each card is: ``"0"`` or ``"1"``, bottom card first.

        Raises :class:`~patience.errors.InvalidStateError` for anything but a
        state of Double Solitaire."""
        if not isinstance(state, State) or not isinstance(state._game, DoubleSolitaire):
            raise InvalidStateError(
                f"owners() takes a state of double-solitaire, not {brief_repr(state)}"
            )
        return state.info["owners"]  # type: ignore[return-value]

    def _scores(self, state: State) -> tuple[int, ...]:
        """Each player's own cards on the foundations."""
        owners = "".join(self.owners(state))
        return (owners.count("0"), owners.count("1"))

    def _ended(self, state: State) -> bool:
        """Whether both players have passed in a row or one has gone out."""
        passed = state.info["passed"]
        assert isinstance(passed, int)
        return passed >= 2 or 52 in self._scores(state)

    def _is_over(self, state: State) -> bool:
        """Whether a player has gone out, or play is blocked: both players have
        passed in a row, or no sequence of moves by either can make progress."""
        return self._ended(state) or self._cannot_progress(state)

    def _over_without_search(self, state: State) -> bool:
        return self._ended(state)

    def _progress(self, state: State) -> Hashable:
        """Progress: a card reaching a foundation, a face-down card turning up,
        or a card leaving a player's stock and waste for play."""
        items = state._items
        down = sum(items[i].down for i in self._tableau_places)
        held = tuple(sum(len(items[i].cards) for i in places) for places in self._held_places)
        return (self._scores(state), down, held)

    def _winners(self, state: State) -> tuple[int, ...]:
        """The player who went out; else, once blocked, the one with more cards up."""
        scores = self.scores(state)
        if 52 in scores:
            return (scores.index(52),)
        if not self.is_over(state) or scores[0] == scores[1]:
            return ()
        return (0,) if scores[0] > scores[1] else (1,)

    def render(self, state: State, symbols: bool = False) -> str:
        """The default text table, with a line saying whose turn it is."""
        lines = super().render(state, symbols).split("\n")
        if state.is_view:  # a view cannot say whether the game is over
            turn = f"player {self.turn(state)}"
        else:
            turn = "none, the game is over" if self.is_over(state) else f"player {self.turn(state)}"
        lines.insert(-1, f"turn: {turn}")
        return "\n".join(lines)

    # ---------------------------------------------------------- validation

    def _state_problem(self, state: State) -> str:
        problem = super()._state_problem(state)
        if problem:
            return problem
        info = state.info
        for key in ("turn", "passed"):
            value = info[key]
            if isinstance(value, bool) or not isinstance(value, int):
                return f"info {key!r} must be an integer"
        if info["turn"] not in (0, 1):
            return "info 'turn' must be 0 or 1"
        if not 0 <= info["passed"] <= 2:  # type: ignore[operator]
            return "info 'passed' counts the passes in a row: 0, 1 or 2"
        owners = info["owners"]
        if (
            not isinstance(owners, tuple)
            or len(owners) != len(_FOUNDATIONS)
            or not all(isinstance(o, str) and set(o) <= {"0", "1"} for o in owners)
        ):
            return "info 'owners' must be 8 strings of the characters 0 and 1"
        records = self.owners(state)
        for f, record in zip(_FOUNDATIONS, records):
            if len(record) != len(state.piles[f]):
                size = len(state.piles[f])
                return f"info 'owners' names {len(record)} owners for the {size} cards on {f}"
        pack = Counter(self.solo.deck)
        for p in range(2):
            own = Counter(c for n in _OWN for c in state.piles[f"p{p}.{n}"].cards)
            for f, record in zip(_FOUNDATIONS, records):
                own.update(c for c, o in zip(state.piles[f].cards, record) if o == str(p))
            if own != pack:
                return f"player {p}'s piles and foundation cards are not one whole pack"
            problem = self.inner._state_problem(self._inner_state(state, p))
            if problem:
                return f"player {p}: {problem}"
            held = len(state.piles[f"p{p}.stock"]) + len(state.piles[f"p{p}.waste"])
            left = self.solo._stock_size
            if held > left:
                return (
                    f"player {p}'s stock and waste hold {held} cards,"
                    f" more than the {left} left after the deal"
                )
        if min(self.scores(state)) == 52:
            return "both players cannot have gone out: the game ends at the first"
        return ""


def _double_solitaire(*, draw: int = 3, passes: int | None = None) -> Game:
    return DoubleSolitaire("double-solitaire", draw=draw, passes=passes)


register(
    "double-solitaire",
    _double_solitaire,
    summary="Two players, a Klondike each, race to build eight shared foundations.",
)
