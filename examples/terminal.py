"""The terminal player, which is now part of the package as ``python -m patience play``.

Run: python examples/terminal.py klondike -o draw=1 --seed 7

This script only passes its arguments on: it is the same as
``python -m patience play klondike -o draw=1 --seed 7``. The player itself is
``src/patience/play.py``, a front end built from the public API alone (the
docs' "Building a front end" page walks through the parts it uses), so an
installed package can play any registered game without this checkout.
"""

from __future__ import annotations

import sys

from patience.__main__ import main

if __name__ == "__main__":
    sys.exit(main(["play", *sys.argv[1:]]))
