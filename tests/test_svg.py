"""Pictures: ``patience.svg`` for every registered game.

Random positions of every game (random legal moves from a few seeds) are
drawn and read back as XML: every card lies inside the picture and inside
its pile's cells, face-down cards give nothing away, a position and its view
draw the same picture, highlights mark what the move touches, and the same
position always gives the same bytes.
"""

from __future__ import annotations

import itertools
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import patience
from patience import Game, InvalidMoveError, Move, PatienceError, PileSpec, State, Svg
from patience.games.railroad import Railroad
from patience.svg import CARD_HEIGHT, CARD_WIDTH, GAP, MARGIN, pile_box

GAMES = patience.games()
NS = "{http://www.w3.org/2000/svg}"
EPS = 0.011  # coordinates are written with two decimals


def positions(game: Game, seeds: tuple[int, ...] = (0, 1)) -> Iterator[State]:
    """The deal and later positions of random play from each seed."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seed)
        yield state
        for step in range(1, 121):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.apply(state, rng.choice(moves))
            if step in (10, 40, 120):
                yield state
        yield state


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if kind in classes(g)]


def box_of(element: ET.Element) -> tuple[float, float, float, float]:
    return tuple(float(element.get(k, "nan")) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]


def first_rect(group: ET.Element) -> ET.Element:
    rect = group.find(f"{NS}rect")
    assert rect is not None
    return rect


def inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox - EPS <= x and oy - EPS <= y and x + w <= ox + ow + EPS and y + h <= oy + oh + EPS


def starts(steps: tuple[float, ...]) -> list[float]:
    """Where each row (or column) of a grid with these steps starts, in cells."""
    return [sum(steps[:k]) for k in range(len(steps))]


def check_picture(game: Game, state: State, text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    rows, columns = game.grid_size
    row_steps, column_steps = game.grid_steps
    assert (len(row_steps), len(column_steps)) == (rows, columns)
    tops, lefts = starts(row_steps), starts(column_steps)
    # The grid ends a cell past the start of its last row and column (or
    # that row's step past it, if larger), up to the next whole unit.
    across = lefts[-1] + max(column_steps[-1], 1)
    assert width == math.ceil(2 * MARGIN + across * (CARD_WIDTH + GAP) - GAP - 1e-6)
    # A game of several players has a line under the table: whose turn it is.
    caption = 20 if game.players > 1 else 0
    down = tops[-1] + max(row_steps[-1], 1)
    assert height == math.ceil(2 * MARGIN + down * (CARD_HEIGHT + GAP) - GAP - 1e-6) + caption
    specs = {s.name: s for s in game.layout}
    piles = {g.get("data-pile"): g for g in groups(root, "pile")}
    # Layout order, but emptied places that nothing fills again come first,
    # under every card.
    spent = [s.name for s in game.layout if not s.refill and not state.piles[s.name]]
    assert list(piles) == spent + [s.name for s in game.layout if s.name not in spent]
    for name, group in piles.items():
        spec = specs[name]
        assert group.get("id") == f"pile-{name}"
        assert group.get("data-role") == spec.role
        assert group.get("data-count") == str(len(state.piles[name]))
        area = first_rect(group)
        assert "area" in classes(area)
        assert box_of(area) == pytest.approx(pile_box(spec, game), abs=EPS)
        top, left, bottom, right = spec.bounds
        assert box_of(area) == pytest.approx(
            (
                MARGIN + lefts[left] * (CARD_WIDTH + GAP),
                MARGIN + tops[top] * (CARD_HEIGHT + GAP),
                (lefts[right - 1] - lefts[left]) * (CARD_WIDTH + GAP) + CARD_WIDTH,
                (tops[bottom - 1] - tops[top]) * (CARD_HEIGHT + GAP) + CARD_HEIGHT,
            ),
            abs=EPS,
        )
        if spec.refill and all(step == 1 for step in (*row_steps, *column_steps)):
            assert box_of(area) == pile_box(spec)  # whole cells: the box of the spec alone
    drawn: dict[str, list[int]] = {name: [] for name in piles}
    for card in groups(root, "card"):
        name = card.get("data-pile", "")
        index = int(card.get("data-index", "-1"))
        pile = state.piles[name]
        rect = first_rect(card)
        assert (float(rect.get("width", 0)), float(rect.get("height", 0))) == (
            CARD_WIDTH,
            CARD_HEIGHT,
        )
        assert inside(box_of(rect), (0, 0, width, height))
        assert inside(box_of(rect), pile_box(specs[name], game)), (name, index, box_of(rect))
        if index < pile.down:
            assert "back" in classes(card) and "data-card" not in card.attrib
            assert card.find(f"{NS}title") is None and card.find(f"{NS}text") is None
        else:
            assert "face" in classes(card) and card.get("data-card") == str(pile.cards[index])
        drawn[name].append(index)
    for spec in game.layout:
        pile = state.piles[spec.name]
        count = len(pile)
        if spec.fan == "none":
            expected = [count - 1] if count else []
        else:
            # The top cards, as many as the spread allows and a readable fan
            # fits; a pile that shows fewer than it holds says how many.
            shown = count if spec.spread is None else min(spec.spread, count)
            expected = list(range(count - shown, count))
            got = drawn[spec.name]
            assert got == expected[len(expected) - len(got) :] and (got or not count), spec.name
            assert len(got) >= min(2, count), spec.name
            expected = got
            # Face-down cards fanned closer than face-up ones are counted too.
            if len(got) < count or pile.down >= 2:
                counts = [
                    t.text for t in piles[spec.name].iter(f"{NS}text") if "count" in classes(t)
                ]
                assert counts == [str(count)], spec.name
        assert drawn[spec.name] == expected, spec.name
        if not count and game.outline_empty:
            labels = [t.text for t in piles[spec.name].iter(f"{NS}text")]
            assert " ".join(t or "" for t in labels) == " ".join((spec.label or spec.name).split())
        if spec.label_below:  # the label under the pile, whatever it holds
            below = [t for t in piles[spec.name].iter(f"{NS}text") if "below" in classes(t)]
            assert [t.text for t in below] == [spec.label or spec.name], spec.name
    return root


def hidden_cards(state: State) -> set[patience.Card]:
    """Cards lying face down of which no copy lies face up (whose text must not show)."""
    down = {c for p in state.piles.values() for c in p.face_down}
    up = {c for p in state.piles.values() for c in p.face_up}
    return down - up


@pytest.mark.parametrize("name", GAMES)
def test_random_positions_draw_well_formed_pictures_that_keep_secrets(name: str) -> None:
    game = patience.game(name)
    for state in positions(game):
        text = patience.svg(state)
        assert isinstance(text, Svg)
        check_picture(game, state, text)
        for card in hidden_cards(state):
            assert f'"{card}"' not in text and f">{card.symbol}<" not in text
            assert card.name not in text
        view = game.view(state)
        assert patience.svg(view) == text
        for player in range(game.players):
            assert patience.svg(game.view(state, player)) == text
        assert patience.svg(state) == text  # the same bytes every time
        again = patience.state_from_json(state.to_json())
        assert patience.svg(again) == text


VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 5}),
    ("double-solitaire", {"draw": 1}),
    ("accordion", {"deal_all": True}),
    ("poker-solitaire", {"open": True}),
    ("railroad", {"sidings": 1}),
    ("railroad", {"sidings": 8, "decks": 2}),
    ("railroad-race", {"sidings": 2}),
]


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_variants_draw_inside_their_piles(name: str, options: dict[str, Any]) -> None:
    game = patience.game(name, **options)
    for state in positions(game, seeds=(5,)):
        check_picture(game, state, patience.svg(state))


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_highlights_the_piles_it_names(name: str) -> None:
    game = patience.game(name)
    state = list(positions(game, seeds=(7,)))[1]
    for move in game.legal_moves(state)[:40]:
        root = ET.fromstring(patience.svg(state, highlight=move))
        start = game.pick_up(state, move)
        source = None if start is None else start[0]
        target = None if start is None or start[1] is None else move.target
        marked = {g.get("data-pile"): classes(g) for g in groups(root, "pile")}
        for pile, roles in marked.items():
            assert ("source" in roles) == (pile == source)
            assert ("target" in roles) == (pile == target)
        picked = [c for c in groups(root, "card") if "picked" in classes(c)]
        if target is not None:
            assert source is not None
            pile = state.piles[source]
            first = len(pile) - min(move.count, len(pile))
            assert {c.get("data-pile") for c in picked} <= {source}
            assert all(int(c.get("data-index", -1)) >= first for c in picked)
            if pile:  # the top card is always drawn, so always marked
                assert str(len(pile) - 1) in {c.get("data-index") for c in picked}
        else:
            assert not picked


def marks(root: ET.Element, pile: str) -> list[ET.Element]:
    group = next(g for g in groups(root, "pile") if g.get("data-pile") == pile)
    return [r for r in group.iter(f"{NS}rect") if "mark" in classes(r)]


def test_a_card_move_marks_the_cards_it_picks_up_and_its_target() -> None:
    game = patience.game("spider")
    state = game.deal(1)
    state = game.apply(state, "deal")
    move = Move("move", "t3", "t8", 2)
    root = ET.fromstring(patience.svg(state, highlight=move))
    picked = [c for c in groups(root, "card") if "picked" in classes(c)]
    top = len(state.piles["t3"]) - 1
    assert [(c.get("data-pile"), int(c.get("data-index", -1))) for c in picked] == [
        ("t3", top - 1),
        ("t3", top),
    ]
    assert len(marks(root, "t8")) == 1  # an outline around the target
    assert len(marks(root, "t3")) == 2  # one on each picked card


def test_actions_mark_their_pile() -> None:
    klondike = patience.game("klondike")
    state = klondike.deal(3)
    for highlight in (Move("draw"), "draw"):
        root = ET.fromstring(patience.svg(state, highlight=highlight))
        assert len(marks(root, "stock")) == 1
        assert not [c for c in groups(root, "card") if "picked" in classes(c)]
    railroad = patience.game("railroad")
    root = ET.fromstring(patience.svg(railroad.deal(3), highlight=Move("pull", "s3")))
    assert len(marks(root, "s3")) == 1 and not marks(root, "s2")
    race = patience.game("railroad-race")
    root = ET.fromstring(patience.svg(race.deal(3), highlight="p1 pull s3"))
    assert len(marks(root, "p1.s3")) == 1 and not marks(root, "p0.s3")
    double = patience.game("double-solitaire")
    deal = double.deal(3)
    root = ET.fromstring(patience.svg(deal, highlight=Move("draw", player=1)))
    assert len(marks(root, "p1.stock")) == 1 and not marks(root, "p0.stock")
    # A draw without its player is the player's whose turn it is.
    mover = double.turn(deal)
    root = ET.fromstring(patience.svg(deal, highlight=Move("draw")))
    assert len(marks(root, f"p{mover}.stock")) == 1 and not marks(root, f"p{1 - mover}.stock")
    poker = patience.game("poker-solitaire", open=True)
    root = ET.fromstring(patience.svg(poker.deal(3), highlight="declare"))
    assert not [r for r in root.iter(f"{NS}rect") if "mark" in classes(r)]


def test_an_empty_target_is_marked_too() -> None:
    game = patience.game("klondike")
    state = game.deal(2026)
    root = ET.fromstring(patience.svg(state, highlight=Move("move", "t1", "f1")))
    assert len(marks(root, "f1")) == 1


@pytest.mark.parametrize(
    ("name", "highlight"),
    [
        ("klondike", Move("move", "t1", "t9")),
        ("klondike", Move("pull", "s3")),
        ("klondike", "zz-qq"),
        ("klondike", "not a move at all"),
        ("railroad", Move("pull", "s5")),
        ("railroad-race", Move("pull", "s3")),  # whose siding?
        ("railroad-race", Move("pull", "s9", player=0)),
        ("klondike", 42),
    ],
)
def test_a_move_of_piles_the_game_lacks_raises(name: str, highlight: Any) -> None:
    game = patience.game(name)
    with pytest.raises(PatienceError):
        patience.svg(game.deal(0), highlight=highlight)


def test_unknown_pile_moves_raise_invalid_move_error() -> None:
    game = patience.game("klondike")
    with pytest.raises(InvalidMoveError, match="no pile 't9'"):
        patience.svg(game.deal(0), highlight=Move("move", "t1", "t9"))


def test_size_scales_the_picture_not_the_drawing() -> None:
    game = patience.game("klondike")
    state = game.deal(0)
    plain = ET.fromstring(patience.svg(state))
    sized = ET.fromstring(patience.svg(state, size=350))
    assert sized.get("viewBox") == plain.get("viewBox")
    _, _, w, h = (float(v) for v in plain.get("viewBox", "").split())
    assert float(sized.get("width", 0)) == 350
    assert abs(float(sized.get("height", 0)) - 350 * h / w) < 0.01
    assert (plain.get("width"), plain.get("height")) == (f"{w:g}", f"{h:g}")
    for bad in (0, -5, "300", True, float("nan"), float("inf")):
        with pytest.raises(PatienceError):
            patience.svg(state, size=bad)  # type: ignore[arg-type]


def test_not_a_state_raises() -> None:
    with pytest.raises(PatienceError):
        patience.svg("klondike")  # type: ignore[arg-type]


def test_faces_show_rank_and_suit_in_their_colours() -> None:
    game = patience.game("klondike")
    state = game.deal(2026)  # t1 is the eight of hearts, t3 the king of clubs
    root = ET.fromstring(patience.svg(state))
    faces = {c.get("data-card"): c for c in groups(root, "face")}
    eight = [t for t in faces["8H"].iter(f"{NS}text")]
    assert [t.text for t in eight] == ["8♥", "8♥", "♥"]
    assert {t.get("fill") for t in eight} == {"#c8102e"}
    king = [t for t in faces["KC"].iter(f"{NS}text")]
    assert [t.text for t in king] == ["K♣", "K♣", "♣"]
    assert {t.get("fill") for t in king} == {"#1a1a1a"}
    ten = [t.text for t in faces["TH"].iter(f"{NS}text")]
    assert ten[0] == "10♥"
    letters = ET.fromstring(patience.svg(state, symbols=False))
    faces = {c.get("data-card"): c for c in groups(letters, "face")}
    assert [t.text for t in faces["8H"].iter(f"{NS}text")] == ["8H", "8H", "H"]
    assert not any(s in patience.svg(state, symbols=False) for s in "♣♦♥♠")


def test_jokers_are_recognisable() -> None:
    game = patience.game("joker-solitaire")
    for seed in range(40):
        state = game.deal(seed)
        up = [n for n, p in state.piles.items() if p.top is not None and p.top.is_joker]
        if up and state.piles[up[0]].down < len(state.piles[up[0]]):
            break
    else:
        pytest.skip("no deal with a joker face up")
    root = ET.fromstring(patience.svg(state))
    jokers = [c for c in groups(root, "face") if c.get("data-card") in ("RJ", "BJ")]
    assert jokers
    for joker in jokers:
        texts = [t.text for t in joker.iter(f"{NS}text")]
        assert "JOKER" in texts and "★" in texts
        title = joker.find(f"{NS}title")
        assert title is not None and title.text in ("red joker", "black joker")


def test_a_stack_shows_its_count() -> None:
    game = patience.game("klondike")
    root = ET.fromstring(patience.svg(game.deal(0)))
    stock = next(g for g in groups(root, "pile") if g.get("data-pile") == "stock")
    counts = [t.text for t in stock.iter(f"{NS}text") if "count" in classes(t)]
    assert counts == ["24"]


def test_notebooks_show_states_and_pictures() -> None:
    game = patience.game("railroad")
    state = game.deal(11)
    picture = patience.svg(state)
    assert state._repr_svg_() == str(picture) == picture._repr_svg_()
    assert type(state._repr_svg_()) is str


def test_the_pictures_module_reads_as_a_module() -> None:
    from patience.svg import Svg as Again
    from patience.svg import svg as draw

    assert Again is Svg and draw(patience.game("golf").deal(2)) == patience.svg(
        patience.game("golf").deal(2)
    )


def test_the_module_and_the_function_share_one_name() -> None:
    import inspect

    import patience.svg as module

    # The module, with every public name, and it draws when called.
    for name in module.__all__:
        assert getattr(patience.svg, name) is getattr(module, name)
    state = patience.game("pyramid").deal(3)
    assert patience.svg(state) == module.svg(state) == module(state, symbols=True)
    assert isinstance(patience.svg(state), Svg)
    assert "highlight" in inspect.signature(patience.svg).parameters


class _AllFans(Railroad):
    """Railroad with its piles fanned every way, short of room, some spread."""

    def __init__(self) -> None:
        super().__init__("railroad")
        self._set_layout(
            [
                PileSpec("s1", "siding", 2, 0, "up", extent=3),
                PileSpec("s2", "siding", 0, 3, "left", extent=3),
                PileSpec("s3", "siding", 1, 1, "down", extent=2, spread=4),
                PileSpec("s4", "siding", 1, 2, "right", extent=2),
                PileSpec("line", "line", 3, 0, "right", spread=2),
                PileSpec("discard", "discard", 3, 1),
            ]
        )


def test_fans_up_and_left_and_squeezed_stay_inside_their_piles() -> None:
    game = _AllFans()
    assert game.grid_size == (4, 4)
    deal = game.deal(1)
    assert len(deal.piles["s1"]) == len(deal.piles["s2"]) == 13
    for state in positions(game, seeds=(1, 2)):
        root = check_picture(game, state, patience.svg(state))
        # Up fans rise from the bottom cell, left fans run leftwards from the anchor.
        s1 = [c for c in groups(root, "card") if c.get("data-pile") == "s1"]
        ys = [float(first_rect(c).get("y", 0)) for c in s1]
        assert ys == sorted(ys, reverse=True) and len(set(ys)) == len(ys)
        s2 = [c for c in groups(root, "card") if c.get("data-pile") == "s2"]
        xs = [float(first_rect(c).get("x", 0)) for c in s2]
        assert xs == sorted(xs, reverse=True) and len(set(xs)) == len(xs)


def test_a_pick_up_in_progress_marks_the_cards_lifted() -> None:
    game = patience.game("klondike", forced_aces=False)
    state = game.deal(7)
    picture = str(patience.svg(state, picked=("t5", 4)))
    assert picture.count('class="card face picked"') == 1
    assert 'class="pile tableau source"' in picture and "target" not in picture
    both = str(patience.svg(state, highlight="t5-t1", picked=("t5", 4)))
    assert both.count('class="card face picked"') == 1 and "tableau target" in both
    for bad in (("t9", 0), ("t5", 9), ("t5", 3.0), "t5", ("t5",)):
        with pytest.raises(patience.PatienceError):
            patience.svg(state, picked=bad)  # type: ignore[arg-type]


def test_a_row_that_closes_up_draws_no_empty_places() -> None:
    # Accordion: 52 places, of which a game in progress fills only a few; the
    # empty ones are no places, and outlining them hid the piles among 46 boxes.
    game = patience.game("accordion")
    state = game.deal(3)
    for _ in range(20):
        state = game.apply(state, game.legal_moves(state)[0])
    root = ET.fromstring(patience.svg(state))
    outlines = [r for r in root.iter(f"{NS}rect") if "empty" in classes(r)]
    assert outlines == [] and not game.outline_empty
    klondike = patience.game("klondike")
    root = ET.fromstring(patience.svg(klondike.deal(1)))
    assert len([r for r in root.iter(f"{NS}rect") if "empty" in classes(r)]) == 5  # f1-f4, waste


def test_foundations_and_cells_lie_on_beds_of_their_own() -> None:
    game = patience.game("seahaven-towers")
    root = ET.fromstring(patience.svg(game.deal(1)))
    beds = {
        g.get("data-pile"): next(
            r.get("stroke") for r in g.iter(f"{NS}rect") if "bed" in classes(r)
        )
        for g in groups(root, "pile")
        if g.get("data-role") in ("foundation", "cell")
    }
    foundation = {beds[f"f{i}"] for i in range(1, 5)}
    cells = {beds[f"c{i}"] for i in range(1, 5)}
    assert len(foundation) == len(cells) == 1 and foundation != cells


def test_a_game_of_two_players_says_whose_turn_it_is() -> None:
    game = patience.game("double-solitaire")
    state = game.deal(14)
    root = ET.fromstring(patience.svg(state))
    (caption,) = [t for t in root.iter(f"{NS}text") if "caption" in classes(t)]
    turn = game.current_player(state)
    assert caption.text == f"player 0 left, 1 right; player {turn} to move"


# ------------------------------------------- overlapping rows, labels, beds


def card_rects(root: ET.Element) -> list[tuple[str, int, tuple[float, float, float, float]]]:
    """Every card drawn, in document (drawing) order: pile, index, rectangle."""
    return [
        (c.get("data-pile", ""), int(c.get("data-index", "-1")), box_of(first_rect(c)))
        for c in groups(root, "card")
    ]


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The area two rectangles share."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return max(0.0, min(ax + aw, bx + bw) - max(ax, bx)) * max(
        0.0, min(ay + ah, by + bh) - max(ay, by)
    )


@pytest.mark.parametrize("name", ["pyramid", "tripeaks"])
def test_each_row_lies_over_the_row_above_as_in_a_real_pyramid(name: str) -> None:
    # Pyramid seed 3: after some moves a card looked free while cards lay on
    # it, every row drawn apart from the others.
    from patience.games.peaks import PEAK_COVERS
    from patience.games.pyramid import COVERS
    from patience.svg import card_places, picture_size

    covers = COVERS if name == "pyramid" else PEAK_COVERS
    game = patience.game(name)
    for state in positions(game, seeds=(3,)):
        root = ET.fromstring(patience.svg(state))
        drawn = card_rects(root)
        order = {(pile, index): k for k, (pile, index, _) in enumerate(drawn)}
        rect = {pile: box for pile, _, box in drawn}
        for place, (left, right) in covers.items():
            for over in (left, right):
                if place in rect and over in rect:
                    # The card below lies partly under each card on it,
                    # which is drawn after it, on top.
                    assert overlap(rect[place], rect[over]) > CARD_WIDTH * CARD_HEIGHT / 8
                    assert order[place, 0] < order[over, 0]
                    # Half a row down, half a card to the side.
                    dx = rect[over][0] - rect[place][0]
                    dy = rect[over][1] - rect[place][1]
                    assert abs(dx) == pytest.approx((CARD_WIDTH + GAP) / 2)
                    assert dy == pytest.approx((CARD_HEIGHT + GAP) / 2)
        # The geometry published is the geometry drawn, inside the picture.
        width, height = picture_size(game)
        for place in card_places(state):
            assert 0 <= place.x <= width - CARD_WIDTH and 0 <= place.y <= height - CARD_HEIGHT
    # Rows and columns still count whole cells; only their steps shrink.
    rows, columns = game.grid_steps
    assert min(rows) == min(columns) == 0.5
    assert (len(rows), len(columns)) == game.grid_size


@pytest.mark.parametrize("name", ["pyramid", "tripeaks"])
def test_an_emptied_place_is_its_faint_name_under_every_card(name: str) -> None:
    game = patience.game(name)
    state = game.deal(3)
    rng = random.Random(3)
    table = [s.name for s in game.layout if s.role == "tableau"]
    for _ in range(200):
        if sum(not state.piles[n] for n in table) >= 4 or not game.legal_moves(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    emptied = [n for n in table if not state.piles[n]]
    assert len(emptied) >= 4
    root = ET.fromstring(patience.svg(state))
    piles = {g.get("data-pile"): g for g in groups(root, "pile")}
    everything = list(root.iter(f"{NS}g"))
    first_card = next(k for k, g in enumerate(everything) if "card" in classes(g))
    for place in emptied:
        group = piles[place]
        # Still a pile to click, named as the moves name it (``pair e1-g2``),
        # but not a dashed place waiting for a card.
        assert group.get("data-pile") == place and "area" in classes(first_rect(group))
        texts = [t for t in group.iter(f"{NS}text")]
        assert [t.text for t in texts] == [place] and place.islower()
        assert float(texts[0].get("fill-opacity", "1")) < 1
        assert not [r for r in group.iter(f"{NS}rect") if "empty" in classes(r)]
        title = group.find(f"{NS}title")
        assert title is not None and title.text == place
        # Drawn before every card: its area takes no click meant for the card
        # of the row above, which it overlaps.
        assert everything.index(group) < first_card
    # The stock and the waste, emptied, are still places waiting for cards.
    assert all(s.refill for s in game.layout if s.role != "tableau")
    assert all(not s.refill and s.label == s.name for s in game.layout if s.role == "tableau")


def test_the_clock_lays_its_hours_round_a_face_each_labelled() -> None:
    game = patience.game("clock")
    state = game.deal(5)
    for _ in range(20):
        state = game.apply(state, game.legal_moves(state)[0])
    root = ET.fromstring(patience.svg(state))
    piles = {g.get("data-pile"): g for g in groups(root, "pile")}
    specs = {s.name: s for s in game.layout}

    def middle(name: str) -> tuple[float, float]:
        # The middle of an hour: of its face-down pile and its face-up pile.
        (x, y, _, h), (fx, _, fw, _) = (
            pile_box(specs[name], game),
            pile_box(specs["f" + name[1:]], game),
        )
        return (x + fx + fw) / 2, y + h / 2

    cx, cy = middle("t13")
    for hour in range(1, 13):
        x, y = middle(f"t{hour}")
        # Clockwise from twelve o'clock, thirty degrees an hour.
        angle = math.degrees(math.atan2(x - cx, cy - y)) % 360
        assert angle == pytest.approx(30 * hour % 360, abs=1), hour
        # Labelled whatever the pile holds, under it, outside its cards.
        group = piles[f"t{hour}"]
        below = [t for t in group.iter(f"{NS}text") if "below" in classes(t)]
        assert [t.text for t in below] == [f"{hour} o'clock"]
        assert float(below[0].get("y", 0)) > y + CARD_HEIGHT / 2
    assert any(state.piles[f"t{h}"] for h in range(1, 13))
    below = [t.text for t in piles["t13"].iter(f"{NS}text") if "below" in classes(t)]
    assert below == ["Kings"]
    # No two cards of different hours touch, nor any label a card.
    rects = [pile_box(s, game) for s in game.layout]
    for a, b in itertools.combinations(rects, 2):
        assert overlap(a, b) == 0
    for t in root.iter(f"{NS}text"):
        if "below" in classes(t):
            x, y = float(t.get("x", 0)), float(t.get("y", 0))
            label = (x - 30, y - 10, 60, 12)
            assert all(overlap(label, r) == 0 for r in rects), t.text


@pytest.mark.parametrize("name", ["canfield", "thirteen-up"])
def test_a_reserve_lies_on_a_bed_of_its_own(name: str) -> None:
    game = patience.game(name)
    root = ET.fromstring(patience.svg(game.deal(1)))
    beds: dict[str, set[str | None]] = {}
    for group in groups(root, "pile"):
        strokes = {r.get("stroke") for r in group.iter(f"{NS}rect") if "bed" in classes(r)}
        beds.setdefault(group.get("data-role", ""), set()).update(strokes)
    assert len(beds["reserve"]) == 1 and None not in beds["reserve"]
    assert beds["reserve"].isdisjoint(beds["foundation"]) and not beds["tableau"]
    cells = ET.fromstring(patience.svg(patience.game("freecell").deal(1)))
    cell = {r.get("stroke") for r in cells.iter(f"{NS}rect") if "cell" in classes(r)}
    assert cell and beds["reserve"].isdisjoint(cell)


def counts_of(root: ET.Element, pile: str) -> list[str | None]:
    group = next(g for g in groups(root, "pile") if g.get("data-pile") == pile)
    return [t.text for t in group.iter(f"{NS}text") if "count" in classes(t)]


def test_face_down_cards_squeezed_in_a_fan_are_counted() -> None:
    spider = patience.game("spider")
    state = spider.deal(1)
    root = ET.fromstring(patience.svg(state))
    for k in range(1, 11):
        pile = state.piles[f"t{k}"]
        assert pile.down >= 4 and counts_of(root, f"t{k}") == [str(len(pile))]
    assert counts_of(root, "stock") == [str(len(state.piles["stock"]))] == ["54"]
    railroad = patience.game("railroad")
    for state in positions(railroad, seeds=(1, 2)):
        root = ET.fromstring(patience.svg(state))
        for k in range(1, 5):
            pile = state.piles[f"s{k}"]
            if pile.down >= 2:
                assert counts_of(root, f"s{k}") == [str(len(pile))]
    # One face-down card under face-up ones is plain to see: no count.
    klondike = patience.game("klondike")
    root = ET.fromstring(patience.svg(klondike.deal(1)))
    assert counts_of(root, "t2") == [] and counts_of(root, "t3") == ["3"]


@pytest.mark.parametrize("name", GAMES)
def test_cards_are_drawn_in_the_order_card_places_lists_them(name: str) -> None:
    from patience.svg import card_places

    game = patience.game(name)
    for state in positions(game, seeds=(2,)):
        drawn = [(pile, index) for pile, index, _ in card_rects(ET.fromstring(patience.svg(state)))]
        assert drawn == [(p.pile, p.index) for p in card_places(state) if p.shown]


def test_grid_steps_are_checked() -> None:
    class Steps(Railroad):
        def __init__(self, rows: dict[Any, Any], columns: dict[Any, Any]) -> None:
            super().__init__("railroad")
            self._set_layout(self.layout, row_steps=rows, column_steps=columns)

    game = Steps({0: 0.5}, {0: 2})
    assert game.grid_steps == ((0.5, 1, 1, 1, 1, 1), (2, 1, 1, 1, 1, 1))
    assert pile_box(game.layout[1], game) == (10.0, 57.0, 6 * 70 + 60.0, 84.0)
    for rows, columns in [({6: 1}, {}), ({}, {-1: 1}), ({0: 0}, {}), ({}, {1: 9}), ({0: True}, {})]:
        with pytest.raises(ValueError):
            Steps(rows, columns)
    with pytest.raises(PatienceError):
        pile_box(patience.game("klondike").layout[0], game)
