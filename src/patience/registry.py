"""The registry of games: names, aliases, options and plug-ins.

The built-in games register themselves when :mod:`patience.games` is imported;
third-party packages add games through the entry-point group
``patience.games``. Each entry point names a callable that takes no arguments
and calls :func:`register` (or a module that registers on import). Both are
loaded the first time the registry is asked for anything.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from .errors import InvalidOptionError, UnknownGameError
from .game import Game

__all__ = ["ENTRY_POINT_GROUP", "GameEntry", "aliases", "describe", "game", "games", "register"]

ENTRY_POINT_GROUP = "patience.games"
"""The entry-point group third-party packages use to add games."""

GameFactory = Callable[..., Game]


@attrs.frozen
class GameEntry:
    """What the registry knows of one game: its factory, aliases and summary."""

    name: str
    factory: GameFactory = attrs.field(repr=False)
    aliases: tuple[str, ...] = ()
    summary: str = ""

    @property
    def options(self) -> dict[str, Any]:
        """The game's options and their defaults."""
        sig = inspect.signature(self.factory)
        return {
            p.name: p.default
            for p in sig.parameters.values()
            if p.kind is inspect.Parameter.KEYWORD_ONLY
        }


_entries: dict[str, GameEntry] = {}
_aliases: dict[str, str] = {}
_loaded = False


def register(
    name: str,
    factory: GameFactory,
    *,
    aliases: Iterable[str] = (),
    summary: str = "",
    replace: bool = False,
) -> None:
    """Register a game under ``name``.

    ``factory`` is called with the game's options as keyword-only arguments
    (``factory(**options)``) and returns a :class:`~patience.Game` whose
    :attr:`~patience.Game.name` is ``name``. Names and aliases are lower case
    with words joined by ``-``. Registering a taken name raises ``ValueError``
    unless ``replace`` is true.
    """
    alias_tuple = tuple(aliases)
    for n in (name, *alias_tuple):
        if not n or n != n.lower() or " " in n:
            raise ValueError(f"game names are lower case without spaces: {n!r}")
        taken = n in _entries or n in _aliases
        if taken and not replace:
            raise ValueError(f"a game named {n!r} is already registered")
    for p in inspect.signature(factory).parameters.values():
        if p.kind is not inspect.Parameter.KEYWORD_ONLY:
            raise ValueError(f"{name}: factory parameters must be keyword-only, {p.name!r} is not")
    _entries[name] = GameEntry(name, factory, alias_tuple, summary)
    for alias in alias_tuple:
        _aliases[alias] = name


def _ensure_loaded() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    importlib.import_module("patience.games")
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = ep.load()
            if callable(obj):
                obj()
        except Exception as e:  # a broken plug-in must not break the library
            warnings.warn(
                f"could not load game plug-in {ep.name!r} ({ep.value}): {e}",
                RuntimeWarning,
                stacklevel=2,
            )


def games() -> tuple[str, ...]:
    """The names of every registered game, in registration order."""
    _ensure_loaded()
    return tuple(_entries)


def aliases() -> dict[str, str]:
    """Every alias and the name it stands for."""
    _ensure_loaded()
    return dict(_aliases)


def describe(name: str) -> GameEntry:
    """The registry entry for ``name`` (or an alias)."""
    _ensure_loaded()
    if not isinstance(name, str):
        raise UnknownGameError(name, tuple(_entries))
    key = _aliases.get(name.lower(), name.lower())
    entry = _entries.get(key)
    if entry is None:
        raise UnknownGameError(name, tuple(_entries))
    return entry


def game(name: str, **options: Any) -> Game:
    """Make the game registered as ``name`` (or an alias) with ``options``.

    Raises :class:`~patience.errors.UnknownGameError` for an unknown name and
    :class:`~patience.errors.InvalidOptionError` for an option the game does
    not have or a value it does not accept.

    >>> import patience
    >>> patience.game("railroad", sidings=3)
    patience.game('railroad', sidings=3, decks=1)
    """
    entry = describe(name)
    known = entry.options
    for option in options:
        if option not in known:
            choices = ", ".join(known) or "none"
            raise InvalidOptionError(entry.name, option, f"no such option (options: {choices})")
    return entry.factory(**options)
