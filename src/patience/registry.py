"""The registry of games: names, aliases, options and plug-ins.

The built-in games register themselves when :mod:`patience.games` is imported;
their names and aliases are reserved, so saved states and records of built-in
games always load as those games. Third-party packages add games through the
entry-point group ``patience.games``. Each entry point names either a callable
that takes no arguments and calls :func:`register`, or a module that calls
:func:`register` when it is imported; any other object is skipped with a
:class:`RuntimeWarning`, as is a plug-in that raises while loading. Plug-ins
are loaded the first time the registry is asked for anything, once, under a
lock: a thread that asks while another is loading them waits for it.

Names are looked up without regard to case or surrounding spaces, and an
unknown name suggests close registered ones.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.metadata
import inspect
import threading
import types
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from . import _checks
from .errors import (
    GameFactoryError,
    InvalidOptionError,
    PatienceError,
    RegistrationError,
    UnknownGameError,
    brief_repr,
)
from .game import _STALL_ASKED, Game

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
_builtin: set[str] = set()
"""Names and aliases of the built-in games, which nothing may take over."""
_loaded = False
_loading = False
_lock = threading.RLock()


def _check_name(n: object) -> str:
    if not isinstance(n, str):
        raise RegistrationError(f"a game name must be a str, not {type(n).__name__}")
    if not n or n != n.lower() or any(c.isspace() for c in n):
        raise RegistrationError(f"game names are lower case without spaces: {brief_repr(n)}")
    return n


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
    :attr:`~patience.Game.name` is ``name``; :func:`game` checks both. Names
    and aliases are lower case without spaces, words joined by ``-``.

    A name or alias that is already taken raises
    :class:`~patience.errors.RegistrationError`, with one
    exception: ``replace=True`` lets a game registered by other code than
    the library replace the entry of the same ``name`` (its old aliases go
    with it). The names and aliases of the built-in games can never be taken
    over. A name that is not a string, or a factory that is not callable,
    raises it too (it is both a ``TypeError`` and a ``ValueError``).
    """
    _check_name(name)
    if isinstance(aliases, str):
        raise RegistrationError("aliases must be an iterable of names, not a single str")
    alias_tuple = tuple(_check_name(a) for a in aliases)
    if not callable(factory):
        raise RegistrationError(f"{name}: the factory must be callable, not {brief_repr(factory)}")
    if not isinstance(summary, str):
        raise RegistrationError(f"{name}: the summary must be a str")
    for p in inspect.signature(factory).parameters.values():
        if p.kind is not inspect.Parameter.KEYWORD_ONLY:
            raise RegistrationError(
                f"{name}: factory parameters must be keyword-only, {p.name!r} is not"
            )
    if len(set((name, *alias_tuple))) != 1 + len(alias_tuple):
        raise RegistrationError(f"{name}: a name or alias is given twice")
    with _lock:
        replacing = replace and name in _entries
        for n in (name, *alias_tuple):
            if n in _builtin:
                raise RegistrationError(
                    f"a game named {n!r} is already registered: it is built in "
                    "and cannot be replaced or shadowed"
                )
            if replacing and (n == name or _aliases.get(n) == name):
                continue  # the entry being replaced, or one of its own aliases
            if n in _entries or n in _aliases:
                raise RegistrationError(f"a game named {n!r} is already registered")
        if replacing:
            for alias in _entries[name].aliases:
                _aliases.pop(alias, None)
        _entries[name] = GameEntry(name, factory, alias_tuple, summary)
        for alias in alias_tuple:
            _aliases[alias] = name


def _mark_builtins() -> None:
    """Reserve every name and alias registered so far as built-in.

    Called once, by :mod:`patience.games` after the built-in games have
    registered themselves.
    """
    with _lock:
        _builtin.update(_entries)
        _builtin.update(_aliases)


def _load_plugin(ep: importlib.metadata.EntryPoint) -> None:
    obj = ep.load()
    if isinstance(obj, types.ModuleType):
        return  # a module registers its games when imported
    if not callable(obj):
        raise RegistrationError(
            f"the entry point names a {type(obj).__name__}, "
            "not a callable or a module that registers games"
        )
    obj()


def _ensure_loaded() -> None:
    global _loaded, _loading
    if _loaded:
        return
    with _lock:
        if _loaded or _loading:  # done meanwhile, or asked by a plug-in being loaded
            return
        _loading = True
        try:
            importlib.import_module("patience.games")
            for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
                try:
                    _load_plugin(ep)
                except Exception as e:  # a broken plug-in must not break the library
                    warnings.warn(
                        f"could not load game plug-in {ep.name!r} ({ep.value}): {e}",
                        RuntimeWarning,
                        stacklevel=3,
                    )
            _loaded = True
        finally:
            _loading = False


def games() -> tuple[str, ...]:
    """The names of every registered game, in registration order."""
    _ensure_loaded()
    with _lock:
        return tuple(_entries)


def aliases() -> dict[str, str]:
    """Every alias and the name it stands for."""
    _ensure_loaded()
    with _lock:
        return dict(_aliases)


def describe(name: str) -> GameEntry:
    """The registry entry for ``name`` or an alias, in any case, spaces around ignored.

    Raises :class:`~patience.errors.UnknownGameError` for a name that is not
    registered, with close registered names as suggestions.
    """
    _ensure_loaded()
    with _lock:
        known = tuple(_entries)
        if not isinstance(name, str):
            raise UnknownGameError(name, known)
        key = name.strip().lower()
        key = _aliases.get(key, key)
        entry = _entries.get(key)
        if entry is None:
            close = difflib.get_close_matches(key, [*_entries, *_aliases], n=3, cutoff=0.75)
            raise UnknownGameError(name, known, tuple(close))
        return entry


def game(name: str, **options: Any) -> Game:
    """Make the game registered as ``name`` (or an alias) with ``options``.

    Every game also takes the option ``stall``: how many moves in a row
    without progress end a game (:data:`patience.STALL_MOVES` by default;
    ``None`` turns the rule off; see :attr:`Game.stall
    <patience.Game.stall>`). It is not among a game's own options in
    :func:`describe`, and a game keeps it in :attr:`Game.options
    <patience.Game.options>` only where it is not the default.

    Raises :class:`~patience.errors.UnknownGameError` for an unknown name,
    :class:`~patience.errors.InvalidOptionError` for an option the game does
    not have or a value it does not accept, and
    :class:`~patience.errors.GameFactoryError` if the registered factory
    returns something other than a game of that name.

    >>> import patience
    >>> patience.game("railroad", sidings=3)
    patience.game('railroad', sidings=3, decks=1)
    """
    entry = describe(name)
    known = entry.options
    for option in options:
        if option not in known and option != "stall":
            choices = ", ".join([*known, "stall"])
            raise InvalidOptionError(entry.name, option, f"no such option (options: {choices})")
    if "stall" in options and "stall" not in known:
        # Every game takes it; the game's constructor reads it from here.
        own = dict(options)
        asked = _STALL_ASKED.set(own.pop("stall"))
        try:
            made = entry.factory(**own)
        finally:
            _STALL_ASKED.reset(asked)
    else:
        made = entry.factory(**options)
    if not isinstance(made, Game):
        raise GameFactoryError(entry.name, f"returned {brief_repr(made)}, not a patience.Game")
    if made.name != entry.name:
        raise GameFactoryError(
            entry.name, f"made a game named {brief_repr(made.name)}; it must be {entry.name!r}"
        )
    return made


def _by_name(made: Game) -> tuple[Any, ...] | None:
    """How ``made`` pickles when the registry makes an equal game of its name
    and options: as those, so that it travels to worker processes whatever it
    holds inside; ``None`` for a game the registry does not make."""
    try:
        again = game(made.name, **made._options)
    except PatienceError:
        return None
    return (_game_by_name, (made.name, dict(made._options))) if again == made else None


def _game_by_name(name: str, options: dict[str, Any]) -> Game:
    """A registered game made again from its name and options (for unpickling)."""
    return game(name, **options)


_checks._by_name = _by_name
