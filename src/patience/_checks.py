"""How every game guards itself, built in or not: :class:`Sealed` and :class:`GameMeta`.

A game is sealed once its constructor returns, it pickles whole or not at
all, and every public method a game class adds or overrides whose first
argument is named ``state`` (``canonical_key``, ``may_win``, ``parse_move``,
``render``, a game's own ``grid`` or ``time_left`` ...) checks that argument
before it runs: ``None``, a state of another game or anything else raises
:class:`~patience.errors.InvalidStateError` or
:class:`~patience.errors.ForeignStateError`. The methods
:class:`~patience.Game` defines or inherits from the tools' modules check
their states in their own code, so they are not wrapped.
"""

from __future__ import annotations

import abc
import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import PatienceError
from .state import State

_T = TypeVar("_T")


def _takes_state(value: object) -> bool:
    """Whether ``value`` is a plain function whose first argument after ``self``
    is named ``state`` (and not already checking it)."""
    code = getattr(value, "__code__", None)
    if not callable(value) or code is None or getattr(value, "_checks_state", False):
        return False
    names = code.co_varnames[: code.co_argcount]
    return len(names) >= 2 and names[0] == "self" and names[1] == "state"


def checking(method: Callable[..., _T]) -> Callable[..., _T]:
    """``method`` with a check first that its ``state`` belongs to the game.

    The wrapper takes the same parameters as ``method``, written out (a
    wrapper taking ``*args, **kwargs`` would cost a call several times over,
    and solvers call some of these methods at every node): its source is
    made from the method's signature.
    """
    params = list(inspect.signature(method).parameters.values())
    names: dict[str, Any] = {"method": method, "State": State}
    heads: list[str] = []
    passes: list[str] = []
    star = False
    for k, p in enumerate(params):
        default = ""
        if p.default is not inspect.Parameter.empty:
            names[f"default_{k}"] = p.default
            default = f"=default_{k}"
        if p.kind is p.VAR_POSITIONAL:
            heads.append(f"*{p.name}")
            passes.append(f"*{p.name}")
            star = True
        elif p.kind is p.VAR_KEYWORD:
            heads.append(f"**{p.name}")
            passes.append(f"**{p.name}")
        elif p.kind is p.KEYWORD_ONLY:
            if not star:
                heads.append("*")
                star = True
            heads.append(p.name + default)
            passes.append(f"{p.name}={p.name}")
        elif p.kind is p.POSITIONAL_ONLY:
            return method  # pragma: no cover - no game method is written so
        else:
            heads.append(p.name + default)
            passes.append(p.name)
    source = (
        f"def checked({', '.join(heads)}):\n"
        "    if state.__class__ is not State or state._game is not self:\n"
        "        self._check_own(state)\n"
        f"    return method({', '.join(passes)})\n"
    )
    exec(source, names)
    checked: Any = functools.wraps(method)(names["checked"])
    checked._checks_state = True
    return checked  # type: ignore[no-any-return]


class Sealed:
    """An object that never changes once made, and travels whole or not at all.

    Its attributes cannot be set or deleted once :class:`GameMeta` has sealed
    it (when its constructor returns). It pickles as its registered name and
    options where the registry makes an equal game of them, so that it
    travels to worker processes whatever it holds inside, and otherwise by
    value; a game that cannot travel faithfully says why in
    ``_pickle_problem``, and pickling it raises instead.
    """

    _sealed: bool = False
    name: str
    _options: dict[str, Any]

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed:
            raise AttributeError(
                f"{type(self).__name__} games are immutable: cannot set {name!r};"
                " make a new game with patience.game(name, **options)"
            )
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if self._sealed:
            raise AttributeError(
                f"{type(self).__name__} games are immutable: cannot delete {name!r}"
            )
        object.__delattr__(self, name)

    def __copy__(self) -> Any:
        # A game never changes after it is made: a copy is the game itself,
        # as for a tuple, whatever it holds (a clock of the caller's).
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        self._check_picklable()
        by_name = _by_name(self) if _by_name is not None else None
        return by_name or (_new_game, (type(self),), self.__dict__)

    def _pickle_problem(self) -> str:
        """Why this game (and so its states) cannot be pickled faithfully, or
        ``""`` (the default). A game that holds something its options cannot
        rebuild, such as a clock passed in by the caller, says so here, and
        pickling it raises :class:`~patience.errors.PatienceError` instead of
        losing it without a word."""
        return ""

    def _check_picklable(self) -> None:
        problem = self._pickle_problem()
        if problem:
            raise PatienceError(f"{self.name}: cannot be pickled: {problem}")


_by_name: Callable[[Any], tuple[Any, ...] | None] | None = None
"""How a registered game pickles, as its name and options: the registry
hands this over when it loads (:mod:`patience.registry` is above the games,
and this module does not import it)."""


def _new_game(cls: type[Sealed]) -> Sealed:
    """An empty instance for unpickling; pickle then restores its attributes."""
    return cls.__new__(cls)


class GameMeta(abc.ABCMeta):
    """The class of :class:`~patience.Game` and its subclasses: seals every
    game once its constructor has finished, and wraps the public methods a
    game class defines that take a state with :func:`checking`.

    :class:`~patience.Game` itself, the first class made with it, is left as
    it is: its methods check their states themselves.
    """

    def __init__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> None:
        super().__init__(name, bases, namespace)
        if not any(isinstance(b, GameMeta) for b in bases):
            return
        for attr, value in namespace.items():
            if not attr.startswith("_") and _takes_state(value):
                setattr(cls, attr, checking(value))

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        made = super().__call__(*args, **kwargs)
        if isinstance(made, Sealed):
            object.__setattr__(made, "_sealed", True)
        return made
