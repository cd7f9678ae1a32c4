"""The documentation sources.

This file makes ``docs`` a package, so that pytest imports ``docs/conftest.py``
as ``docs.conftest``. Without it, the two top-level ``conftest`` modules of
``docs/`` and ``tests/`` clash when ``--doctest-modules`` collects them.
"""
