"""The seeds each game takes (``Game.seeds``), and the library picking only those.

FreeCell and Baker's Game with ``numbering="microsoft"`` deal Microsoft's
numbers, 1 to 2**31 - 1, and refuse seed 0: nothing that picks a seed by
itself may pick one outside the game's range.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from arrange import Counting

import patience
from patience import InvalidSeedError, PatienceError, Session, simulate
from patience.games.freecell import MICROSOFT_NUMBERS, MicrosoftNumberError
from patience.simulation import play_deal


def variants() -> list[tuple[str, dict[str, Any]]]:
    """Every registered game with the option sets the registry tests use,
    and the two games dealt by Microsoft's numbers."""
    pinned = json.loads(Path(__file__).with_name("golden_actions.json").read_text("utf-8"))
    out: list[tuple[str, dict[str, Any]]] = []
    for key in pinned:
        name, _, options = key.partition(" ")
        out.append((name, json.loads(options) if options else {}))
    out += [("freecell", {"numbering": "microsoft"}), ("bakers-game", {"numbering": "microsoft"})]
    return out


VARIANTS = variants()
MS = patience.game("freecell", numbering="microsoft")


def test_every_registered_game_is_covered() -> None:
    assert set(patience.games()) <= {name for name, _ in VARIANTS}


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=str)
def test_every_game_deals_the_ends_of_its_seeds_and_refuses_beyond(
    name: str, options: dict[str, Any]
) -> None:
    game = patience.game(name, **options)
    seeds = game.seeds
    assert type(seeds) is range and seeds.step == 1 and seeds.stop > seeds.start >= 0
    assert game.deal(seeds.start) == game.deal_from(game.shuffled_cards(seeds.start))
    assert game.deal(seeds[-1]) != game.deal(seeds.start)
    for outside in (seeds.start - 1, seeds.stop):
        with pytest.raises(InvalidSeedError):
            game.deal(outside)
        with pytest.raises(InvalidSeedError):
            game._check_seed(outside)
    assert game._check_seed(seeds.start) == seeds.start
    with pytest.raises(AttributeError):
        game.seeds = range(5)  # type: ignore[misc]


def test_the_seeds_of_the_numberings() -> None:
    assert MS.seeds is MICROSOFT_NUMBERS
    assert patience.game("bakers-game", numbering="microsoft").seeds == range(1, 2**31)
    for name in ("freecell", "bakers-game", "eight-off", "klondike", "railroad-race"):
        assert patience.game(name).seeds == range(2**64)
    with pytest.raises(MicrosoftNumberError):
        MS._check_seed(0)  # the game's own error, raised without dealing
    with pytest.raises(MicrosoftNumberError):
        MS._check_seed(2**64)
    with pytest.raises(InvalidSeedError):
        patience.game("freecell")._check_seed(1.0)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=str)
def test_a_fresh_deals_counters_need_no_seed(name: str, options: dict[str, Any]) -> None:
    game = patience.game(name, **options)
    fresh = game._fresh_info  # the deck laid out as it stands: no seed is dealt
    start = game.seeds.start
    dealt = [game.deal(seed).info for seed in range(start, start + 8)]
    for info in dealt:
        assert set(info) == set(fresh) == game._info_keys
        assert all(type(info[key]) is type(fresh[key]) for key in fresh)
    # A counter every deal starts alike (a pass number) is the same here too;
    # one that follows the cards (Canfield's base) holds this layout's value.
    for key in fresh:
        if all(info[key] == dealt[0][key] for info in dealt):
            assert fresh[key] == dealt[0][key], key


def test_microsoft_deals_load_and_solve() -> None:
    state = MS.deal(1)
    assert MS.from_json(state.to_json()) == state
    assert len(MS.observe(state)) == MS.observation_shape[0]
    found = patience.solve(MS, state, max_nodes=20_000)
    assert found.status == "won"
    for move in found.moves:
        state = MS.apply(state, move)
    assert MS.is_won(state)


def test_a_session_without_a_seed_deals_one_the_game_takes() -> None:
    for _ in range(5):
        session = Session(MS)
        assert session.seed in MICROSOFT_NUMBERS
        assert session.state == MS.deal(session.seed)
    with pytest.raises(MicrosoftNumberError):
        Session(MS, seed=0)


def test_simulate_plays_the_games_first_seeds() -> None:
    sim = simulate(MS, "random", 3)
    assert [r.seed for r in sim.results] == [1, 2, 3]
    assert [r.seed for r in simulate("freecell", "random", 2).results] == [0, 1]
    assert simulate(MS, "random", 0).deals == 0


@pytest.mark.parametrize("seeds", [[0], [1, 2, 0], range(3), range(2**31 - 2, 2**31 + 1), 2**31])
def test_simulate_refuses_seeds_outside_the_games_before_any_deal(seeds: Any) -> None:
    policy = Counting()
    with pytest.raises(PatienceError) as refused:
        simulate(MS, policy, seeds)
    assert policy.deals == 0
    if isinstance(seeds, int):
        assert "seeds 1 to 1+n-1" in str(refused.value) and str(2**31 - 1) in str(refused.value)
    else:
        assert isinstance(refused.value, MicrosoftNumberError)


def test_simulate_checks_the_seeds_of_an_iterator_against_the_game() -> None:
    policy, done = Counting(), list[int]()
    with pytest.raises(MicrosoftNumberError):
        simulate(MS, policy, iter([1, 0]), chunk_size=1, progress=lambda n, _: done.append(n))
    assert done == [1] and policy.deals == 1  # seed 0 was refused before its deal


def test_play_deal_checks_the_seed_against_the_game() -> None:
    policy = Counting()
    with pytest.raises(MicrosoftNumberError):
        play_deal(MS, policy, 0)
    assert policy.deals == 0
    assert play_deal(MS, policy, 1).seed == 1


def test_a_record_starts_only_from_a_seed_the_game_deals() -> None:
    with pytest.raises(MicrosoftNumberError):
        patience.Record.start(MS, seed=0)
    record = patience.Record.start(MS, seed=617)
    assert record.initial_state() == MS.deal(617)
