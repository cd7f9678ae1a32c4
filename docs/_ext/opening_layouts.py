"""Pictures of games' opening layouts, drawn by ``patience.svg`` as the docs build.

Each rules page shows the opening position of the games it covers::

    .. opening-layout:: klondike
       :options: draw=1 passes=3
       :seed: 0

``:options:`` gives game options as ``name=value`` pairs (Python literals:
``draw=1``, ``deal_all=True``, ``table='english'``) and ``:seed:`` the deal
(0 by default). The directive deals the game, writes the picture to
``docs/_pictures/`` (not committed; one file per game, options and seed, rewritten
only when the picture changes) and puts it on the page as a figure with a caption naming the game,
its options and the seed. Large layouts are shown scaled down to fit the
page. An unknown game, option or value is a directive error naming it.
"""

from __future__ import annotations

import ast
import hashlib
import sys
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from positions import gallery_titles, sample_positions
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import patience
from patience.svg import picture_size

DOCS = Path(__file__).resolve().parents[1]
PICTURES = DOCS / "_pictures"
MAX_WIDTH = 640
"""The widest a picture is shown on a page, in pixels."""
MAX_HEIGHT = 720
"""The tallest a picture is shown on a page, in pixels."""


def _options(text: str, directive: SphinxDirective) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in text.split():
        name, sep, value = pair.partition("=")
        if not sep or not name.isidentifier():
            raise directive.error(f"opening-layout: options are name=value pairs, not {pair!r}")
        try:
            options[name] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            raise directive.error(
                f"opening-layout: option {name}: {value!r} is not a Python literal"
            ) from None
    return options


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it holds exactly that already."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")


class OpeningLayout(SphinxDirective):
    """A figure of one game's opening position."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "options": directives.unchanged,
        "seed": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        options = _options(self.options.get("options", ""), self)
        seed = self.options.get("seed", 0)
        try:
            game = patience.game(name, **options)
        except patience.PatienceError as e:
            raise self.error(f"opening-layout: {e}") from None
        # Rebuild the page when the renderer or the game's code changes.
        for module in (sys.modules["patience.svg"], sys.modules[type(game).__module__]):
            if module.__file__:
                self.env.note_dependency(module.__file__)
        rows, columns = game.grid_size
        width, height = picture_size(game)
        scale = min(1.0, MAX_WIDTH / width, MAX_HEIGHT / height)
        picture = patience.svg(game.deal(seed), size=round(width * scale, 2))
        # One file per game, options and seed, rewritten only when the picture changes.
        key = repr(sorted(options.items())).encode("utf-8")
        tag = f"-{hashlib.sha1(key).hexdigest()[:8]}" if options else ""
        path = PICTURES / f"{game.name}{tag}-{seed}.svg"
        _write(path, picture)
        shown = ", ".join(f"{k}={v!r}" for k, v in options.items())
        title = game.title or game.name
        what = f"``patience.game({game.name!r}{', ' + shown if shown else ''})``"
        caption = (
            f"{title}: the opening layout of {what}, deal {seed}"
            f" ({rows} by {columns} grid cells), drawn by :func:`patience.svg`."
        )
        lines = [
            f".. figure:: /{path.relative_to(DOCS).as_posix()}",
            f"   :alt: The opening layout of {title}, deal {seed}",
            "   :class: opening-layout",
            "",
            f"   {caption}",
        ]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source=self.get_source_info()[0]), 0, container)
        return list(container.children)


class GameGallery(SphinxDirective):
    """Pictures of every registered game at three positions (see
    :func:`sample_positions`), one section per game, titled as
    :func:`gallery_titles` says."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(sys.modules["patience.svg"].__file__ or "")
        lines: list[str] = []
        names = list(patience.games())
        titles = gallery_titles(names)
        for name in names:
            game = patience.game(name)
            title = titles[name]
            width, height = picture_size(game)
            scale = min(1.0, MAX_WIDTH / width, MAX_HEIGHT / height)
            lines += [title, "-" * len(title), ""]
            for k, (what, state) in enumerate(sample_positions(game).items()):
                path = PICTURES / f"gallery-{game.name}-{k}.svg"
                _write(path, patience.svg(state, size=round(width * scale, 2)))
                lines += [
                    f".. figure:: /{path.relative_to(DOCS).as_posix()}",
                    f"   :alt: {title}, {what}",
                    "   :class: gallery",
                    "",
                    f"   {title}, {what}: ``patience.game({name!r})``.",
                    "",
                ]
        container = nodes.section()
        source = StringList(lines, source=self.get_source_info()[0])
        nested_parse_with_titles(self.state, source, container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("opening-layout", OpeningLayout)
    app.add_directive("game-gallery", GameGallery)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
