"""The portable shuffle: SplitMix64 and a Fisher-Yates shuffle.

Every deal in :mod:`patience` comes from these three small functions, so a
front end in another language can reproduce any deal from its seed. The
algorithm is written out, with test vectors, in the documentation page
"The deal algorithm"; the test suite checks the same vectors.

All arithmetic is on unsigned 64-bit integers (wrapping modulo ``2**64``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from .errors import InvalidSeedError

__all__ = ["MASK64", "check_seed", "derive_seed", "shuffled", "splitmix64", "uniform_below"]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_SPAN = 1 << 64


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid deal seed, else raise :class:`InvalidSeedError`.

    A seed is a plain integer (not a ``bool``) with ``0 <= seed < 2**64``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
        raise InvalidSeedError(seed)
    return seed


def splitmix64(seed: int) -> Iterator[int]:
    """Yield the SplitMix64 sequence of 64-bit outputs for ``seed``.

    >>> outputs = splitmix64(0)
    >>> hex(next(outputs))
    '0xe220a8397b1dcdaf'
    """
    state = check_seed(seed)
    while True:
        state = (state + _GAMMA) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        yield z ^ (z >> 31)


def uniform_below(outputs: Iterator[int], n: int) -> int:
    """Draw an integer uniformly from ``range(n)`` using 64-bit ``outputs``.

    Outputs at or above the largest multiple of ``n`` that fits in 64 bits are
    rejected, so there is no modulo bias; the rest are reduced modulo ``n``.
    """
    if n <= 0:
        raise ValueError(f"n must be positive, not {n}")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = next(outputs)
        if x < limit:
            return x % n


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """Return ``items`` shuffled by the seeded Fisher-Yates shuffle.

    For ``i`` from ``len(items) - 1`` down to ``1``: draw ``j`` uniformly from
    ``0..i`` and swap positions ``i`` and ``j``.
    """
    # splitmix64 and uniform_below, written out in the loop: the same
    # numbers, without a generator and a call for every card.
    state = check_seed(seed)
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        limit = _SPAN - _SPAN % n
        while True:
            state = (state + _GAMMA) & MASK64
            z = ((state ^ (state >> 30)) * _MIX1) & MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & MASK64
            x = z ^ (z >> 31)
            if x < limit:
                break
        j = x % n
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def derive_seed(seed: int, index: int) -> int:
    """Return the ``index``-th seed derived from ``seed`` (``index`` from 0).

    It is output number ``index + 1`` of :func:`splitmix64` for ``seed``. Games
    that need several independent decks from one deal seed (such as the
    Railroad race) shuffle deck ``k`` with ``derive_seed(seed, k)``.
    """
    outputs = splitmix64(seed)
    value = 0
    for _ in range(index + 1):
        value = next(outputs)
    return value
