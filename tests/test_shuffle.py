"""The portable shuffle: reference vectors, seeds and golden deals."""

from __future__ import annotations

from collections import Counter
from itertools import islice

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience
from patience import Deck, InvalidSeedError
from patience.shuffle import check_seed, derive_seed, shuffled, splitmix64, uniform_below


def test_splitmix64_matches_the_reference_sequence() -> None:
    # The published SplitMix64 outputs for seed 0 (as in Java's SplittableRandom
    # and the reference C implementation).
    assert list(islice(splitmix64(0), 3)) == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@pytest.mark.parametrize("seed", [-1, 2**64, 1.0, "1", None, True, False])
def test_bad_seeds_are_rejected(seed: object) -> None:
    with pytest.raises(InvalidSeedError) as info:
        check_seed(seed)
    assert info.value.seed is seed or info.value.seed == seed
    with pytest.raises(InvalidSeedError):
        patience.game("railroad").deal(seed)  # type: ignore[arg-type]


def test_extreme_seeds_are_accepted() -> None:
    assert check_seed(0) == 0 and check_seed(2**64 - 1) == 2**64 - 1
    game = patience.game("railroad")
    assert game.deal(2**64 - 1) != game.deal(0)


def test_uniform_below_rejects_biased_outputs() -> None:
    # With n = 3, 2**64 % 3 == 1, so the single largest output is rejected.
    outputs = iter([2**64 - 1, 5])
    assert uniform_below(outputs, 3) == 2
    with pytest.raises(ValueError):
        uniform_below(iter([1]), 0)


def test_uniform_below_is_roughly_uniform() -> None:
    outputs = splitmix64(99)
    counts = Counter(uniform_below(outputs, 6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(900 < n < 1100 for n in counts.values())


@given(st.integers(0, 2**64 - 1), st.integers(0, 60))
def test_shuffle_is_a_permutation(seed: int, n: int) -> None:
    items = list(range(n))
    out = shuffled(items, seed)
    assert sorted(out) == items
    assert out == shuffled(items, seed)


def test_derive_seed_gives_independent_seeds() -> None:
    assert derive_seed(2026, 0) == next(splitmix64(2026))
    seeds = {derive_seed(2026, k) for k in range(10)}
    assert len(seeds) == 10


# Golden deals: these pin the shuffle forever. A change here is a breaking change
# that the changelog must record.
GOLDEN = {
    0: (
        "8S JH 9C 2S 2D QD 6S TC 3D AC JC 7C 9H 8C QS KH 5H 2C 3H 5C AH 6C 4S TD 5D 8H"
        " 8D AD QH TS QC JD 3S 4D 2H 9D 3C KD AS 7S 9S 7D JS 6H KS 4C 7H 5S 6D 4H KC TH"
    ),
    1: (
        "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C AD 6S KC KH TH TS JS"
        " TD 8S QC 4S 6C 7C AS 5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C TC 3H 2S 9H 7S"
    ),
    2026: (
        "8H KH 4D 5S 9D AH 8C 8D AD 9S 2D 3D TD KC 4S 7S 5H AS TS KS 6D 3S KD AC JH 7D"
        " 9C TH 5D JS QS 5C 3H 4C 3C 2C 8S JD 2S 7H 6H 6S 6C QD QH 7C 4H TC JC 9H QC 2H"
    ),
    2**64 - 1: (
        "JC KS 7S 4C AD JH 5D 2H AH 7D 6D 6S 4D AS 4S 7H 3D 2D 9H QH 8D 3S 5S 9S AC 8S"
        " QD TD 7C QS 9C 4H JD KH KC 6H 9D 8H 8C TH 6C KD 2S 3H QC JS 3C 5H TS 2C TC 5C"
    ),
}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    deck = Deck.standard().shuffled(seed)
    assert str(deck) == GOLDEN[seed]


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=0, max_value=420),
)
def test_the_shuffle_is_fisher_yates_on_splitmix64(seed: int, size: int) -> None:
    # shuffled() runs SplitMix64 and the rejection sampling inside its loop;
    # it must draw exactly what splitmix64 and uniform_below give.
    outputs = splitmix64(seed)
    cards = list(range(size))
    for i in range(size - 1, 0, -1):
        j = uniform_below(outputs, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    assert shuffled(range(size), seed) == tuple(cards)
