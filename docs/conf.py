"""Sphinx configuration for the patience-rules documentation."""

from __future__ import annotations

import sys
from pathlib import Path

# Build from a checkout even when the package is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
# The docs' own extensions: tables and charts of the measured results,
# pictures of every game's opening layout, and the picture of the layers.
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

import patience

project = "patience-rules"
author = "patience-rules maintainers"
copyright = "2026, patience-rules maintainers"
release = patience.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "results_tables",
    "opening_layouts",
    "architecture",
]

exclude_patterns = ["_build", "_charts", "_data", "_pictures", "Thumbs.db", ".DS_Store"]
root_doc = "index"
language = "en"

# Python objects: document each public name once, in source order.
autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": True}
autodoc_typehints = "signature"
# Document only what has its own docstring: an override without one would
# otherwise repeat the protocol text of patience.Game.
autodoc_inherit_docstrings = False
add_module_names = False
python_display_short_literal_types = True

# The doctest flags (``# doctest: +ELLIPSIS``) are stripped from rendered examples.
trim_doctest_flags = True

html_theme = "alabaster"
html_title = f"patience-rules {release}"
# Long lines of code and output wrap inside the column (see _static/wrap.css).
html_static_path = ["_static"]
html_css_files = ["wrap.css"]
html_theme_options = {
    "description": "Typed rules for patience (solitaire) card games",
    "fixed_sidebar": True,
}
