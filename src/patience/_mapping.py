"""The read-only mapping that the library's immutable mappings share."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TypeVar

__all__ = ["ReadOnlyMapping"]

V = TypeVar("V")


class ReadOnlyMapping(Mapping[str, V]):
    """A mapping over a private dict that nobody changes, hashed once on demand.

    Subclasses fill ``_data`` (and set ``_hash`` to ``None``) when they are made
    and decide how they compare with other mappings; the values must be
    hashable for the mapping to be.
    """

    __slots__ = ("_data", "_hash")

    _data: dict[str, V]
    _hash: int | None

    def __getitem__(self, key: str) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash(frozenset(self._data.items()))
            object.__setattr__(self, "_hash", h)
        return h

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ReadOnlyMapping) and type(other) is type(self):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented
