"""Reading untrusted JSON, and read-only JSON-compatible data.

:func:`loads` is how every loader in the library turns text into data: it
reports anything Python's :mod:`json` module would raise on hostile or broken
text (bad syntax, nesting deep enough to exhaust the stack, a number longer
than Python will convert, ``NaN`` and ``Infinity``) as one library error.

:class:`FrozenMapping` holds JSON-compatible data that must not change, such
as a record's options and result.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ._mapping import ReadOnlyMapping
from .errors import PatienceError, brief_repr

__all__ = ["MAX_DEPTH", "FrozenMapping", "freeze", "load_object", "loads", "thaw"]

MAX_DEPTH = 100
"""How deeply :func:`freeze` lets lists and objects nest."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def loads(text: str | bytes | bytearray, error: Callable[[str], PatienceError], what: str) -> Any:
    """Parse ``text`` as strict JSON, raising ``error(message)`` if it cannot be read.

    ``what`` names the thing being read (``"state"``, ``"record"``) and starts
    the message. Syntax errors, nesting too deep for the parser, numbers with
    more digits than Python converts, and the non-standard constants ``NaN``,
    ``Infinity`` and ``-Infinity`` all become ``error``; nothing else escapes.

    >>> from patience.errors import InvalidStateError
    >>> loads('{"a": [1, 2]}', InvalidStateError, "state")
    {'a': [1, 2]}
    >>> loads("[" * 100_000, InvalidStateError, "state")
    Traceback (most recent call last):
      ...
    patience.errors.InvalidStateError: state JSON is nested too deeply to read
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise error(f"{what} JSON must be text, not {type(text).__name__}")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise error(f"{what} JSON does not parse: {e}") from None
    except RecursionError:
        raise error(f"{what} JSON is nested too deeply to read") from None
    except ValueError as e:  # Python's limit on the digits of an integer, NaN ...
        raise error(f"{what} JSON cannot be read: {e}") from None


def load_object(
    data: Any,
    error: Callable[[str], PatienceError],
    what: str,
    format_tag: str,
    fields: Iterable[str],
) -> Mapping[str, Any]:
    """``data`` (a mapping, or JSON text of one) checked to be a saved ``what``.

    It must be an object whose ``format`` is ``format_tag`` and whose keys are
    among ``fields``; anything else raises ``error`` naming the problem. The
    fields' values are left to the caller.
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = loads(data, error, what)
    if not isinstance(data, Mapping):
        raise error(f"a {what} is a JSON object")
    extra = set(data) - set(fields)
    if extra:
        names = sorted(k if isinstance(k, str) else brief_repr(k) for k in extra)
        raise error(f"unknown {what} fields: {', '.join(names)}")
    if data.get("format") != format_tag:
        raise error(f"expected format {format_tag!r}, got {brief_repr(data.get('format'))}")
    return data


def freeze(value: Any, where: str = "value", depth: int = 0) -> Any:
    """A read-only copy of JSON-compatible ``value``.

    Objects become :class:`FrozenMapping`, lists and tuples become tuples and
    scalars (``None``, ``bool``, ``int``, ``float``, ``str``) stay as they are.
    Raises :class:`TypeError` naming ``where`` for anything else, an object
    key that is not a string, or nesting deeper than :data:`MAX_DEPTH`.
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if depth >= MAX_DEPTH:
        raise TypeError(f"{where} is nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, FrozenMapping):
        return value
    if isinstance(value, Mapping):
        return FrozenMapping(value, where, depth)
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    raise TypeError(f"{where} is not JSON-compatible: {brief_repr(value)}")


def thaw(value: Any) -> Any:
    """Plain JSON data (dicts and lists) from a value made by :func:`freeze`."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


class FrozenMapping(ReadOnlyMapping[Any]):
    """A read-only, hashable mapping of JSON-compatible data.

    Nested objects are frozen mappings too and lists read back as tuples, so
    nothing inside can be changed. It compares equal to any mapping holding
    the same JSON data (a list and a tuple of the same items count as the
    same), and its ``repr`` is that data as a plain ``dict``, which pastes
    back wherever a mapping is accepted.

    >>> m = FrozenMapping({"scores": [6], "over": True})
    >>> m["scores"], m == {"over": True, "scores": [6]}
    ((6,), True)
    >>> m
    {'scores': [6], 'over': True}
    """

    __slots__ = ()

    def __init__(
        self, data: Mapping[str, Any] | None = None, where: str = "value", depth: int = 0
    ) -> None:
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise TypeError(f"{where} must be a mapping, not {type(data).__name__}")
        items: dict[str, Any] = {}
        for key, value in data.items():
            if not isinstance(key, str):
                raise TypeError(f"{where} has a key that is not a string: {brief_repr(key)}")
            items[key] = freeze(value, f"{where}[{key!r}]", depth + 1)
        object.__setattr__(self, "_data", items)
        object.__setattr__(self, "_hash", None)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMapping):
            return self._data == other._data
        if isinstance(other, Mapping):
            return bool(thaw(self) == thaw(other))
        return NotImplemented

    __hash__ = ReadOnlyMapping.__hash__

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMapping, (thaw(self),))

    def __repr__(self) -> str:
        return repr(thaw(self))
