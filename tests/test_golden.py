"""Golden deals: the deal of several seeds, pinned for every registered game.

A failure here means a deal changed, which breaks every saved seed: record it
in the changelog as a breaking change. A new game adds its entries with
``python tests/test_golden.py --update`` (which only adds missing games unless
given ``--force``).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

import patience

GOLDEN_FILE = Path(__file__).with_name("golden_deals.json")
SEEDS = (0, 1, 2026, 2**64 - 1)


def fingerprint(name: str, seed: int) -> str:
    """A hash of the deal: the piles of the opening position, cards and face-down counts.

    The options and counters are left out, so that a new option or counter
    (which every saved state then carries) does not look like a changed deal.
    """
    data = patience.game(name).deal(seed).to_json()["piles"]
    text = json.dumps(data, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def load() -> dict[str, dict[str, str]]:
    return json.loads(GOLDEN_FILE.read_text()) if GOLDEN_FILE.exists() else {}


@pytest.mark.parametrize("name", patience.games())
def test_golden_deals(name: str) -> None:
    golden = load()
    assert name in golden, f"no golden deals for {name}: run python tests/test_golden.py --update"
    for seed in SEEDS:
        assert fingerprint(name, seed) == golden[name][str(seed)], f"{name} seed {seed}"


def test_railroad_heads_for_seed_2026() -> None:
    # A readable pin besides the fingerprints: the last four cards of the shuffled
    # deck (see test_shuffle's golden order for 2026) are the four heads.
    state = patience.game("railroad").deal(2026)
    heads = [str(state.piles[f"s{k}"].top) for k in range(1, 5)]
    assert heads == ["JC", "9H", "QC", "2H"]


if __name__ == "__main__":
    golden = load()
    force = "--force" in sys.argv
    if "--update" in sys.argv:
        for name in patience.games():
            if name not in golden or force:
                golden[name] = {str(seed): fingerprint(name, seed) for seed in SEEDS}
        GOLDEN_FILE.write_text(json.dumps(golden, indent=2, sort_keys=True) + "\n")
        print(f"wrote {GOLDEN_FILE}")
