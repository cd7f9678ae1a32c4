"""Plug-ins are checked, not trusted: what they make, the names they take, how they load."""

from __future__ import annotations

import importlib.metadata
import threading
import time
import types
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import patience
from patience import GameFactoryError, PatienceError, UnknownGameError, registry
from patience.games.railroad import Railroad


@pytest.fixture
def restored_registry() -> Iterator[None]:
    """Snapshot the registry and put it back after the test, whatever it did."""
    patience.games()  # make sure the built-ins and real plug-ins are in the snapshot
    entries, alias_map = dict(registry._entries), dict(registry._aliases)
    builtin, loaded = set(registry._builtin), registry._loaded
    yield
    registry._entries.clear()
    registry._entries.update(entries)
    registry._aliases.clear()
    registry._aliases.update(alias_map)
    registry._builtin.clear()
    registry._builtin.update(builtin)
    registry._loaded = loaded


class FakeEntryPoint:
    """Enough of an :class:`importlib.metadata.EntryPoint` for the registry."""

    def __init__(self, name: str, load: Callable[[], Any]) -> None:
        self.name = name
        self.value = f"fake_plugin:{name}"
        self.group = registry.ENTRY_POINT_GROUP
        self._load = load

    def load(self) -> Any:
        return self._load()


def use_entry_points(monkeypatch: pytest.MonkeyPatch, *points: FakeEntryPoint) -> None:
    """Make the registry see only ``points`` and load plug-ins again on next use."""

    def entry_points(*, group: str) -> list[FakeEntryPoint]:
        return [ep for ep in points if ep.group == group]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry._loaded = False


def railroad_named(name: str) -> Callable[..., Railroad]:
    def factory(*, sidings: int = 4) -> Railroad:
        return Railroad(name, sidings=sidings)

    return factory


# ------------------------------------------------------------- what factories make


def test_a_factory_that_returns_no_game_is_reported(restored_registry: None) -> None:
    patience.register("answer", lambda: 42)
    with pytest.raises(GameFactoryError, match="'answer' returned 42") as info:
        patience.game("answer")
    assert info.value.name == "answer" and isinstance(info.value, PatienceError)


def test_a_factory_game_under_another_name_is_reported(restored_registry: None) -> None:
    patience.register("wrong-name", railroad_named("railroad"))
    with pytest.raises(GameFactoryError, match="named 'railroad'; it must be 'wrong-name'"):
        patience.game("wrong-name")
    patience.register("right-name", railroad_named("right-name"))
    assert patience.game("right-name").name == "right-name"


# ------------------------------------------------------------ names that are taken


@pytest.mark.parametrize(
    ("name", "aliases"),
    [
        ("klondike", ()),  # a built-in name
        ("solitaire", ()),  # a built-in alias
        ("my-klondike", ("klondike",)),  # an alias shadowing a built-in name
        ("my-klondike", ("vegas",)),  # an alias shadowing a built-in alias
    ],
)
def test_built_in_names_cannot_be_replaced_or_shadowed(
    restored_registry: None, name: str, aliases: tuple[str, ...]
) -> None:
    saved = patience.game("klondike").deal(7).dumps()
    with pytest.raises(ValueError, match="built in"):
        patience.register(name, railroad_named(name), aliases=aliases, replace=True)
    assert patience.describe("klondike").name == "klondike"
    assert patience.aliases()["solitaire"] == "klondike"
    assert patience.state_from_json(saved) == patience.game("klondike").deal(7)


def test_a_plugin_taking_a_built_in_name_is_skipped_and_klondike_still_loads(
    restored_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def setup() -> None:
        patience.register("klondike", railroad_named("klondike"), replace=True)

    use_entry_points(monkeypatch, FakeEntryPoint("thief", lambda: setup))
    with pytest.warns(RuntimeWarning, match="'thief'.*built in"):
        patience.games()
    saved = patience.game("klondike").deal(3).dumps()
    assert type(patience.state_from_json(saved).game).__name__ != "Railroad"


def test_replace_swaps_a_plugin_game_and_its_aliases(restored_registry: None) -> None:
    patience.register("toy-yard", railroad_named("toy-yard"), aliases=("ty", "yard-toy"))
    patience.register(
        "toy-yard", railroad_named("toy-yard"), aliases=("ty",), summary="new", replace=True
    )
    assert patience.describe("ty").summary == "new"
    assert "yard-toy" not in patience.aliases()
    with pytest.raises(UnknownGameError):
        patience.game("yard-toy")
    # replace=True replaces the entry of that name only, never another game's alias
    patience.register("other-toy", railroad_named("other-toy"), aliases=("ot",))
    with pytest.raises(ValueError, match="already registered"):
        patience.register("ot", railroad_named("ot"), replace=True)
    with pytest.raises(ValueError, match="already registered"):
        patience.register("toy-yard", railroad_named("toy-yard"), aliases=("ot",), replace=True)
    assert patience.describe("ot").name == "other-toy"


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        ((123, railroad_named("x")), {}, TypeError, "name must be a str"),
        (("not-callable", 42), {}, TypeError, "factory must be callable"),
        (("one-str-alias", railroad_named("x")), {"aliases": "abc"}, TypeError, "single str"),
        (("tab\tname", railroad_named("x")), {}, ValueError, "without spaces"),
        (("twice", railroad_named("x")), {"aliases": ("tw", "tw")}, ValueError, "given twice"),
    ],
)
def test_register_checks_its_arguments(
    restored_registry: None,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    error: type,
    message: str,
) -> None:
    before = (dict(registry._entries), dict(registry._aliases))
    with pytest.raises(error, match=message):
        patience.register(*args, **kwargs)
    assert (dict(registry._entries), dict(registry._aliases)) == before


# ------------------------------------------------------------- loading plug-ins


def test_a_thread_asking_while_plugins_load_waits_for_them(
    restored_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    loading = threading.Event()

    def slow_load() -> Callable[[], None]:
        loading.set()
        time.sleep(0.3)

        def setup() -> None:
            # a plug-in may use the registry while it loads without deadlocking
            assert patience.game("klondike").name == "klondike"
            patience.register("slow-yard", railroad_named("slow-yard"))

        return setup

    use_entry_points(monkeypatch, FakeEntryPoint("slow", slow_load))
    first = threading.Thread(target=patience.games)
    first.start()
    assert loading.wait(5)
    try:
        made = patience.game("slow-yard")  # asked while the first thread is loading
    finally:
        first.join()
    assert made.name == "slow-yard"
    assert registry._loaded


def test_a_module_entry_point_registers_on_import_and_other_objects_warn(
    restored_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def import_module() -> types.ModuleType:
        patience.register("module-yard", railroad_named("module-yard"))
        return types.ModuleType("module_plugin")

    use_entry_points(monkeypatch, FakeEntryPoint("as-module", import_module))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "module-yard" in patience.games()

    use_entry_points(monkeypatch, FakeEntryPoint("number", lambda: 42))
    with pytest.warns(RuntimeWarning, match="'number'.*names a int, not a callable or a module"):
        patience.games()


# ----------------------------------------------------------------- finding names


def test_names_are_found_in_any_case_and_close_names_are_suggested() -> None:
    assert patience.game(" Klondike ").name == "klondike"
    assert patience.describe("SOLITAIRE\n").name == "klondike"
    with pytest.raises(UnknownGameError, match=r"did you mean 'klondike'\?") as info:
        patience.game("klondik")
    assert info.value.suggestions[0] == "klondike" and info.value.name == "klondik"
    with pytest.raises(UnknownGameError) as info:
        patience.game("chess")
    assert info.value.suggestions == () and "did you mean" not in str(info.value)
