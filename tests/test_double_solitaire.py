"""Rule tests for Double Solitaire: two Klondikes, eight shared foundations."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from arrange import arrange, moves, play, registered

import patience
from patience import (
    Card,
    Deck,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    Move,
    PatienceError,
    Pile,
    State,
)
from patience.games.double_solitaire import DoubleSolitaire
from patience.policies import GreedyPolicy, RandomPolicy, next_mover
from patience.shuffle import derive_seed
from patience.simulation import play_deal
from patience.state import InfoValue

GAME = registered("double-solitaire", DoubleSolitaire)
ONE = registered("double-solitaire", DoubleSolitaire, draw=1)
KLONDIKE = patience.game("klondike")
PACK = Counter(Deck.standard())

# Tops with no move among them: player 0's all red, player 1's all black, no
# aces; player 0's 9H is lower than player 1's TS, so player 0 starts.
RED = "9H 7H 5H JH KH 9D 7D"
BLACK = "TS 8S 6S QS TC 8C 6C"


def tops(text: str) -> dict[str, list[str]]:
    return {f"t{k}": [card] for k, card in enumerate(text.split(), start=1)}


def order(p0: str = RED, p1: str = BLACK, stock0: str = "", stock1: str = "") -> list[Card]:
    """A 104-card order: the tableau tops and the first stock cards of each player."""
    return [
        *arrange(KLONDIKE, {**tops(p0), "stock": stock0.split()}),
        *arrange(KLONDIKE, {**tops(p1), "stock": stock1.split()}),
    ]


def deal(game: DoubleSolitaire = ONE, **kwargs: str) -> State:
    return game.deal_from(order(**kwargs))


def own_cards(state: State, player: int) -> Counter[Card]:
    """A player's cards on their own piles and, by the owner record, on the foundations."""
    cards = Counter(
        c for name, pile in state.piles.items() if name[:3] == f"p{player}." for c in pile.cards
    )
    for k, record in enumerate(DoubleSolitaire.owners(state)):
        cards.update(c for c, o in zip(state.piles[f"f{k + 1}"].cards, record) if o == str(player))
    return cards


def rebuilt(state: State, info: dict[str, InfoValue] | None = None, **piles: Pile) -> State:
    """``state`` with some piles (``p0_stock`` for ``p0.stock``) and counters replaced."""
    game = state.game
    new = dict(state.piles)
    new.update({name.replace("_", "."): pile for name, pile in piles.items()})
    return game.make_state(new, {**state.info, **(info or {})})


def stock_to_waste(state: State, player: int) -> State:
    """Every stock card of ``player`` turned onto their waste, without a pass counted."""
    stock = state.piles[f"p{player}.stock"]
    waste = state.piles[f"p{player}.waste"]
    piles = {
        f"p{player}_stock": Pile(),
        f"p{player}_waste": Pile(waste.cards + tuple(reversed(stock.cards))),
    }
    return rebuilt(state, {f"p{player}.progress": False}, **piles)


# ----------------------------------------------------------- deal and layout


def test_layout() -> None:
    names = [spec.name for spec in GAME.layout]
    own = ["stock", "waste", *(f"t{k}" for k in range(1, 8))]
    assert names == [f"p0.{n}" for n in own] + [f"p1.{n}" for n in own] + [
        f"f{k}" for k in range(1, 9)
    ]
    for spec in GAME.layout:
        expected = int(spec.name[1]) if spec.name[0] == "p" else None
        assert spec.owner == expected
    roles = Counter(spec.role for spec in GAME.layout)
    assert roles == {"stock": 2, "waste": 2, "tableau": 14, "foundation": 8}
    places = {(spec.row, spec.column) for spec in GAME.layout}
    assert len(places) == len(GAME.layout)  # no two piles share a place
    assert GAME.players == 2 and GAME.deck == Deck.standard(2)


def test_each_pack_is_dealt_as_our_klondike_deals_it() -> None:
    state = GAME.deal(2026)
    cards = GAME.shuffled_cards(2026)
    for p in range(2):
        solo = KLONDIKE.deal_from(cards[52 * p : 52 * (p + 1)])
        for name in ("stock", "waste", *(f"t{k}" for k in range(1, 8))):
            assert state.piles[f"p{p}.{name}"] == solo.piles[name]
        for k in range(1, 8):
            pile = state.piles[f"p{p}.t{k}"]
            assert len(pile) == k and pile.down == k - 1
        assert own_cards(state, p) == PACK
    assert all(not state.piles[f"f{k}"] for k in range(1, 9))
    assert state.info == {
        "p0.pass": 1,
        "p0.progress": False,
        "p1.pass": 1,
        "p1.progress": False,
        "turn": state.info["turn"],
        "passed": 0,
        "owners": ("",) * 8,
    }
    assert GAME.scores(state) == (0, 0) and not GAME.is_over(state)


def test_shuffled_cards_shuffle_each_pack_with_its_own_seed() -> None:
    cards = GAME.shuffled_cards(99)
    for p in range(2):
        assert cards[52 * p : 52 * (p + 1)] == Deck.standard().shuffled(derive_seed(99, p)).cards
    assert GAME.deal_from(cards) == GAME.deal(99)
    assert GAME.deal(99) != GAME.deal(100)


def test_deal_from_needs_a_whole_pack_per_player() -> None:
    cards = list(Deck.standard(2))
    assert GAME.deal_from(cards).piles["p0.t1"].cards == (Card.parse("AC"),)
    cards[0], cards[60] = cards[60], cards[0]  # still two of each card, but not two packs
    with pytest.raises(PatienceError, match=r"player 0.s pack: .*appears 2 times"):
        GAME.deal_from(cards)
    with pytest.raises(PatienceError, match="missing"):
        GAME.deal_from(list(Deck.standard(2))[:-1])


@pytest.mark.parametrize(
    ("p0", "p1", "first"),
    [
        ("9H 7H 5H JH KH 9D 7D", "TS 8S 6S QS TC 8C 6C", 0),  # t1: 9 < 10
        ("JH 7H 5H 9H KH 9D 7D", "TS 8S 6S QS TC 8C 6C", 1),  # t1: J > 10
        ("TH 7H 5H JH KH 9D 7D", "TS 6S 8S QS TC 8C 6C", 1),  # t1 ties; t2: 7 > 6
        ("TH 6H 8H QH TD 8D 7D", "TS 6S 8S QS TC 8C 5C", 1),  # t1..t6 tie; t7: 7 > 5
        ("TH 6H 8H QH TD 8D 6D", "TS 6S 8S QS TC 8C 6C", 0),  # all seven tie
    ],
)
def test_the_lower_card_on_the_shortest_piles_starts(p0: str, p1: str, first: int) -> None:
    state = deal(p0=p0, p1=p1)
    assert state.info["turn"] == first
    assert {m.player for m in ONE.legal_moves(state)} == {first}


def test_options_are_checked() -> None:
    assert patience.describe("double-solitaire").options == {"draw": 3, "passes": None}
    assert GAME.options == {"draw": 3, "passes": None}
    for bad in ({"draw": 0}, {"draw": True}, {"passes": 0}, {"passes": "3"}):
        with pytest.raises(InvalidOptionError):
            patience.game("double-solitaire", **bad)
    limited = registered("double-solitaire", DoubleSolitaire, draw=1, passes=2)
    assert limited.inner.rules.packs == 2 and limited.inner.rules.passes == 2


# --------------------------------------------------------- moves and notation


def test_only_the_player_to_move_has_moves_and_they_name_the_player() -> None:
    state = deal(stock0="8C")
    assert moves(ONE, state) == {"p0 draw p0.stock"}
    with pytest.raises(IllegalMoveError, match="player 0's turn"):
        ONE.apply(state, "p1 draw")
    state = ONE.apply(state, "draw")  # the 8C can go on the 9H: the turn goes on
    assert state.info["turn"] == 0
    assert moves(ONE, state) == {"p0 p0.waste-p0.t1", "p0 p0.waste-p0.t6", "p0 draw p0.stock"}


def test_moves_parse_with_and_without_the_player() -> None:
    state = deal(stock0="8C")
    state = ONE.apply(state, "draw")
    expected = Move("move", "p0.waste", "p0.t1", player=0)
    assert ONE.parse_move(state, "p0.waste-p0.t1") == expected
    assert ONE.parse_move(state, "p0 p0.waste-p0.t1") == expected
    assert str(expected) == "p0 p0.waste-p0.t1"
    # The owner of the source pile makes the move, whoever's turn it is.
    assert ONE.parse_move(state, "p1.t1-f1") == Move("move", "p1.t1", "f1", player=1)
    assert ONE.parse_move(state, "draw") == Move("draw", "p0.stock", player=0)
    assert ONE.parse_move(state, "pass") == Move("pass", player=0)
    assert ONE.parse_move(state, "p1 redeal") == Move("redeal", "p1.stock", player=1)
    for move in ONE.legal_moves(state):
        assert ONE.parse_move(state, str(move)) == move
    for text in ["p2 draw", "deal", "draw p0.t1", "p0.t1-t2", "p0 pull p0.t1"]:
        with pytest.raises(InvalidMoveError):
            ONE.parse_move(state, text)


def test_no_play_on_the_other_players_piles() -> None:
    # Player 0's 9H would fit on player 1's TS, but that is player 1's tableau.
    state = deal()
    assert "p0 p0.t1-p1.t1" not in moves(ONE, state)
    with pytest.raises(IllegalMoveError, match="other player"):
        ONE.apply(state, "p0.t1-p1.t1")
    with pytest.raises(IllegalMoveError):
        ONE.apply(state, "p0 p1.t1-f1")


# ------------------------------------------------------------------ turns


def test_an_unplayable_draw_ends_the_turn() -> None:
    state = ONE.apply(deal(stock0="KC"), "draw")  # no space for the king, no foundation
    assert state.info["turn"] == 1
    assert {m.player for m in ONE.legal_moves(state)} == {1}
    state = ONE.apply(deal(stock0="8C"), "draw")  # 8C fits on the 9H
    assert state.info["turn"] == 0


def test_draw_three_looks_at_the_card_left_on_top() -> None:
    # Three cards turn; only the third, now on top of the waste, counts.
    state = GAME.apply(deal(GAME, stock0="8C KC 2S"), "draw")
    assert str(state.piles["p0.waste"]) == "8C KC 2S" and state.info["turn"] == 1
    state = GAME.apply(deal(GAME, stock0="2S KC 8C"), "draw")
    assert state.info["turn"] == 0


def test_the_ace_rule() -> None:
    p0 = "AH 7H 5H JH KH 9D 7D"
    # Starting a foundation with the ace keeps the turn.
    state = deal(p0=p0, stock0="6S")
    assert {"p0 p0.t1-f1", "p0 p0.t1-f8", "p0 draw p0.stock"} <= moves(ONE, state)
    after = ONE.apply(state, "p0.t1-f3")
    assert after.info["turn"] == 0 and DoubleSolitaire.owners(after)[2] == "0"
    # Any other move, even a playable draw, hands the turn over afterwards.
    after = ONE.apply(state, "draw")
    assert str(after.piles["p0.waste"]) == "6S" and after.info["turn"] == 1
    # Without the ace the same playable draw keeps the turn.
    assert ONE.apply(deal(stock0="6S"), "draw").info["turn"] == 0
    # So does a tableau move.
    state = deal(p0="AH 7H 5H JH KH 9D 8S")
    assert ONE.apply(state, "p0.t2-p0.t7").info["turn"] == 1
    # An ace turned from the stock counts too: the next draw is the last of the turn.
    state = ONE.apply(deal(stock0="AS 6S"), "draw")
    assert state.info["turn"] == 0 and "p0 p0.waste-f5" in moves(ONE, state)
    assert ONE.apply(state, "p0.waste-f5").info["turn"] == 0
    after = ONE.apply(state, "draw")
    assert str(after.piles["p0.waste"]) == "AS 6S" and after.info["turn"] == 1


def test_shared_foundations_record_the_owners() -> None:
    state = deal(p0="AH 7H 5H JH KH 9D 7D", p1="2H 8S 6S QS TC 8C 6C", stock0="2S")
    assert state.info["turn"] == 0  # ace below two
    state = ONE.apply(state, "p0.t1-f1")
    assert state.info["p1.progress"] is True  # a new foundation card may help player 1
    state = ONE.apply(state, "draw")  # 2S cannot be played
    assert state.info["turn"] == 1
    # Player 1 builds on player 0's ace.
    assert "p1 p1.t1-f1" in moves(ONE, state)
    state = ONE.apply(state, "p1.t1-f1")
    assert str(state.piles["f1"]) == "AH 2H"
    assert DoubleSolitaire.owners(state) == ("01", "", "", "", "", "", "", "")
    assert ONE.scores(state) == (1, 1)
    assert state.info["p0.progress"] is True
    for p in range(2):
        assert own_cards(state, p) == PACK


# ----------------------------------------------------------- passing, the end


def test_pass_only_when_no_draw_or_redeal() -> None:
    state = deal()
    with pytest.raises(IllegalMoveError, match="neither draw nor redeal"):
        ONE.apply(state, "pass")
    state = stock_to_waste(state, 0)
    assert moves(ONE, state) == {"p0 pass"}  # no progress this pass: no redeal
    progressed = rebuilt(state, {"p0.progress": True})
    assert moves(ONE, progressed) == {"p0 redeal p0.stock"}
    once = registered("double-solitaire", DoubleSolitaire, draw=1, passes=1)
    limited = once.make_state(dict(progressed.piles), progressed.info)
    assert moves(once, limited) == {"p0 pass"}  # the one pass is used up
    after = ONE.apply(state, "pass")
    assert after.info["turn"] == 1 and after.info["passed"] == 1
    assert after.piles == state.piles and not ONE.is_over(after)


def test_a_foundation_card_of_the_other_player_allows_a_redeal() -> None:
    state = stock_to_waste(deal(p1="AS 8S 6S QS TC 8C 6C", stock1="2H"), 0)
    assert state.info["turn"] == 1  # the ace is below the nine
    state = play(ONE, state, "p1.t1-f1", "draw")  # the 2H cannot be played
    assert state.info["turn"] == 0 and state.info["p0.progress"] is True
    assert "p0 redeal p0.stock" in moves(ONE, state) and "p0 pass" not in moves(ONE, state)


def test_two_passes_in_a_row_end_the_game() -> None:
    state = stock_to_waste(stock_to_waste(deal(), 0), 1)
    state = play(ONE, state, "pass", "pass")
    assert ONE.is_over(state) and ONE.legal_moves(state) == ()
    assert ONE.winners(state) == () and ONE.result(state).draw
    with pytest.raises(IllegalMoveError, match="over"):
        ONE.apply(state, "p0 pass")


def test_a_move_between_passes_keeps_the_game_going() -> None:
    cards = order(p1="TS 4S 6S QS JC 2C 9D")  # the 9D fits on the TS
    state = play(ONE, stock_to_waste(stock_to_waste(ONE.deal_from(cards), 0), 1), "pass")
    assert moves(ONE, state) == {"p1 p1.t7-p1.t1", "p1 pass"}
    state = play(ONE, state, "p1.t7-p1.t1")
    assert state.info["passed"] == 0
    # A card moved in this pass through the stock: player 1 may redeal, not pass.
    assert "p1 redeal p1.stock" in moves(ONE, state) and "p1 pass" not in moves(ONE, state)
    # With one pass in all there is no redeal, and the passes start again from zero.
    once = registered("double-solitaire", DoubleSolitaire, draw=1, passes=1)
    state = stock_to_waste(stock_to_waste(once.deal_from(cards), 0), 1)
    state = play(once, state, "pass", "p1.t7-p1.t1", "pass")
    assert state.info["turn"] == 0 and state.info["passed"] == 1
    # Neither player can make progress any more, so play is blocked already;
    # passing is still legal, and two passes in a row leave no move at all.
    assert once.is_over(state) and once.result(state).ending == "no progress"
    state = play(once, state, "pass")
    assert once.is_over(state) and once.legal_moves(state) == ()
    assert once.result(state).ending == "no moves"


@pytest.mark.parametrize(("second", "winners"), [(False, (0,)), (True, ())])
def test_when_blocked_more_own_cards_up_wins(second: bool, winners: tuple[int, ...]) -> None:
    state = deal(p0="AH 7H 5H JH KH 9D 7D", p1="2H 8S 6S QS TC 8C 6C", stock0="2S")
    state = play(ONE, state, "p0.t1-f1", "draw")
    if second:
        state = play(ONE, state, "p1.t1-f1")
    state = stock_to_waste(stock_to_waste(state, 0), 1)
    state = rebuilt(state, {"turn": 1})
    assert "p1 pass" in moves(ONE, state)
    state = play(ONE, state, "pass", "pass")
    assert ONE.is_over(state)
    assert ONE.winners(state) == winners
    assert ONE.scores(state) == ((1, 1) if second else (1, 0))


def _nearly_out() -> State:
    """Player 0 has 51 cards up and the KS on p0.t1; player 1 as dealt."""
    base = GAME.deal(5)
    piles = dict(base.piles)
    for name in ("stock", "waste", *(f"t{k}" for k in range(2, 8))):
        piles[f"p0.{name}"] = Pile()
    piles["p0.t1"] = Pile.parse("KS")
    suits = Deck.standard().cards
    for k in range(4):
        piles[f"f{k + 1}"] = Pile(suits[13 * k : 13 * k + 13 if k < 3 else 51])
    owners = ("0" * 13, "0" * 13, "0" * 13, "0" * 12, "", "", "", "")
    return GAME.make_state(piles, {**base.info, "turn": 0, "owners": owners})


def test_going_out_wins_at_once() -> None:
    state = _nearly_out()
    assert GAME.from_json(state.to_json()) == state  # a consistent position
    assert GAME.scores(state) == (51, 0) and not GAME.is_over(state)
    state = GAME.apply(state, "p0.t1-f4")
    assert GAME.is_over(state) and GAME.legal_moves(state) == ()
    assert GAME.winners(state) == (0,) and GAME.is_won(state, 0) and not GAME.is_won(state, 1)
    assert GAME.result(state).summary() == "player 0 won; player 0: 52, player 1: 0"


# ------------------------------------------------------- views, JSON, render


def test_views_hide_face_down_cards_from_both_players() -> None:
    state = play(ONE, deal(stock0="8C"), "draw", "p0.waste-p0.t1")
    for p in range(2):
        view = ONE.view(state, p)
        for name, pile in state.piles.items():
            seen = view.piles[name]
            assert seen.cards[: pile.down] == (Card.HIDDEN,) * pile.down
            assert seen.cards[pile.down :] == pile.face_up
        assert view.info == state.info
    assert ONE.view(state, 0) == ONE.view(state, 1)
    assert str(ONE.view(state, 1).piles["p0.t1"]) == "9H 8C"
    with pytest.raises(PatienceError):
        ONE.view(state, 2)


def test_json_round_trip_and_corrupted_states() -> None:
    state = deal(p0="AH 7H 5H JH KH 9D 7D", p1="2H 8S 6S QS TC 8C 6C", stock0="2S")
    state = play(ONE, state, "p0.t1-f1", "draw", "p1.t1-f1")
    data = state.to_json()
    assert data["info"]["owners"] == ["01", "", "", "", "", "", "", ""]
    assert ONE.from_json(data) == state
    assert patience.state_from_json(state.dumps()) == state

    def broken(**info: object) -> str:
        bad = state.to_json()
        bad["info"].update(info)
        with pytest.raises(InvalidStateError) as caught:
            ONE.from_json(bad)
        return str(caught.value)

    assert "player 0's piles" in broken(owners=["11", *[""] * 7])
    assert "3 owners for the 2 cards on f1" in broken(owners=["011", *[""] * 7])
    assert "8 strings" in broken(owners=["01"])
    assert "8 strings" in broken(owners=["0x", *[""] * 7])
    assert "'turn' must be 0 or 1" in broken(turn=2)
    assert "'turn' must be an integer" in broken(turn=True)
    assert "'passed'" in broken(passed=3)
    assert "player 1" in broken(**{"p1.pass": "x"})
    missing = state.to_json()
    del missing["info"]["turn"]
    with pytest.raises(InvalidStateError, match="info must have the keys"):
        ONE.from_json(missing)


def test_render_says_whose_turn_it_is() -> None:
    state = deal()
    text = str(state)
    assert "turn: player 0" in text.splitlines()[-2]
    assert text.splitlines()[-1] == "in progress; player 0: 0, player 1: 0"
    over = play(ONE, stock_to_waste(stock_to_waste(state, 0), 1), "pass", "pass")
    assert "turn: none, the game is over" in str(over)


# ------------------------------------------------------------- whole games


def test_greedy_against_random_plays_to_the_end() -> None:
    game = GAME
    policies = (GreedyPolicy(), RandomPolicy())
    for seed in (3, 11):
        rng = random.Random(seed)
        state = game.deal(seed)
        deck = Counter(game.deck)
        steps = 0
        while not game.is_over(state):
            legal = game.legal_moves(state)
            assert legal and {m.player for m in legal} == {state.info["turn"]}
            mover = next_mover(game, state, rng)
            state = game.apply(state, policies[mover].choose(game, state, rng, mover))
            steps += 1
            assert Counter(c for p in state.piles.values() for c in p.cards) == deck
            if steps % 25 == 0:
                assert own_cards(state, 0) == PACK and own_cards(state, 1) == PACK
            assert steps < 20_000
        assert game.result(state).ending in ("no moves", "no progress")
        owners = "".join(DoubleSolitaire.owners(state))
        scores = game.scores(state)
        assert scores == (owners.count("0"), owners.count("1"))
        assert sum(scores) == sum(len(state.piles[f"f{k}"]) for k in range(1, 9))
        assert own_cards(state, 0) == PACK and own_cards(state, 1) == PACK
        assert game.from_json(state.to_json()) == state
        _check_winners(scores, game.winners(state))


def _check_winners(scores: tuple[int, ...], winners: tuple[int, ...]) -> None:
    if 52 in scores:
        assert winners == (scores.index(52),)
    elif scores[0] != scores[1]:
        assert winners == ((0,) if scores[0] > scores[1] else (1,))
    else:
        assert winners == ()


def test_simulated_matches_are_consistent() -> None:
    sim = patience.simulate(GAME, [GreedyPolicy(), RandomPolicy()], range(6))
    assert sim.deals == 6
    for result in sim.results:
        assert len(result.scores) == 2 and result.moves > 0
        _check_winners(result.scores, result.winners)
    # Greedy play gets more cards up than random play over these deals.
    assert sum(r.scores[0] for r in sim.results) > sum(r.scores[1] for r in sim.results)
    # The same deal and choices give the same match.
    again = play_deal(GAME, [GreedyPolicy(), RandomPolicy()], 2)
    assert (again.scores, again.winners, again.moves) == (
        sim.results[2].scores,
        sim.results[2].winners,
        sim.results[2].moves,
    )


def test_a_whole_match_in_a_session_replays_from_its_record() -> None:
    session = patience.Session("double-solitaire", seed=5)
    first = session.legal_moves()[0]
    session.do(str(first).split(" ", 1)[1])  # the player prefix may be left out
    assert session.history == (first,)
    session.undo()
    session.redo()
    rng = random.Random(5)
    while not session.is_over():
        session.do(rng.choice(session.legal_moves()))
    again = patience.Record.from_json(session.record.dumps())
    assert again.replay() == session.state
    result = session.result()
    assert result.over and len(result.scores) == 2
