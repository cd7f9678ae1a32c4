"""The registry: names, aliases, options and entry-point plug-ins."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import patience
from patience import InvalidOptionError, UnknownGameError, registry
from patience.games.railroad import Railroad


@pytest.fixture
def clean_registry() -> Iterator[None]:
    """Restore the registry after a test that changes it."""
    entries, alias_map, loaded = dict(registry._entries), dict(registry._aliases), registry._loaded
    yield
    registry._entries.clear()
    registry._entries.update(entries)
    registry._aliases.clear()
    registry._aliases.update(alias_map)
    registry._loaded = loaded


def test_games_and_aliases() -> None:
    names = patience.games()
    assert {"railroad", "railroad-double", "railroad-race", "railroad-timed"} <= set(names)
    assert patience.aliases()["yard"] == "railroad"
    assert patience.game("yard") == patience.game("railroad")
    assert patience.game("RAILROAD").name == "railroad"
    entry = patience.describe("railroad-timed")
    assert entry.options["time_limit"] == 300.0 and "clock" in entry.options


@pytest.mark.parametrize("name", ["", "klondyke", "rail road", 3, None])
def test_unknown_games(name: object) -> None:
    with pytest.raises(UnknownGameError) as info:
        patience.game(name)  # type: ignore[arg-type]
    assert info.value.name == name
    assert "railroad" in str(info.value)


def test_unknown_option_names_the_option_and_the_choices() -> None:
    with pytest.raises(InvalidOptionError) as info:
        patience.game("railroad", siding=3)
    assert info.value.option == "siding" and "sidings" in str(info.value)
    with pytest.raises(InvalidOptionError):
        patience.game("railroad", time_limit=30)


def test_register_and_replace(clean_registry: None) -> None:
    def factory(*, sidings: int = 2) -> Railroad:
        return Railroad("two-track", sidings=sidings)

    patience.register("two-track", factory, aliases=("tt",), summary="Two sidings.")
    assert "two-track" in patience.games()
    assert patience.game("tt", sidings=3).options["sidings"] == 3
    with pytest.raises(ValueError, match="already registered"):
        patience.register("two-track", factory)
    with pytest.raises(ValueError, match="already registered"):
        patience.register("other", factory, aliases=("railroad",))
    patience.register("two-track", factory, replace=True)
    with pytest.raises(ValueError, match="lower case"):
        patience.register("Two Track", factory)

    def positional(sidings: int = 2) -> Railroad:
        return Railroad("x", sidings=sidings)

    with pytest.raises(ValueError, match="keyword-only"):
        patience.register("positional", positional)


def _install_plugin(tmp_path: Path, body: str, target: str) -> None:
    pkg = tmp_path / "toy_plugin.py"
    pkg.write_text(textwrap.dedent(body))
    dist = tmp_path / "toy_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[patience.games]\ntoy = {target}\n")


def test_entry_point_plugins_are_loaded(
    tmp_path: Path, clean_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install_plugin(
        tmp_path,
        """
        import patience
        from patience.games.railroad import Railroad

        def setup():
            def factory(*, sidings=6):
                return Railroad("plugin-railroad", sidings=sidings)
            patience.register("plugin-railroad", factory, summary="From a plug-in.")
        """,
        "toy_plugin:setup",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "toy_plugin", raising=False)
    registry._loaded = False
    assert "plugin-railroad" in patience.games()
    assert patience.game("plugin-railroad").options["sidings"] == 6


def test_a_broken_plugin_warns_and_the_rest_works(
    tmp_path: Path, clean_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install_plugin(tmp_path, "def setup():\n    raise RuntimeError('boom')\n", "toy_plugin:setup")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "toy_plugin", raising=False)
    registry._loaded = False
    with pytest.warns(RuntimeWarning, match="boom"):
        names = patience.games()
    assert "railroad" in names


def test_every_game_meets_registry_wide_tests_in_the_short_run(
    request: pytest.FixtureRequest,
) -> None:
    # The README's test command runs each registry-wide test on a sample of
    # the games (tests/conftest.py); no game may be left out of them all, and
    # the pinned games are in every sample.
    from conftest import PINNED, SAMPLE

    sample = request.config.stash[SAMPLE]
    if len(sample) < 50:
        pytest.skip("needs the whole suite collected (run without a file or -k filter)")
    for name in patience.games():
        sweeps = [short for swept, short in sample.values() if name in swept]
        meets = sum(name in short for short in sweeps)
        assert meets >= len(sweeps) // 12, f"{name} runs in only {meets} of {len(sweeps)} sweeps"
    assert all(short >= PINNED & swept for swept, short in sample.values())
