"""Somerset, American Canister and British Canister, declared for the tableau engine.

Open games built down in alternate colours with the whole pack dealt face up
and no stock. Somerset deals ten piles of one to eight cards and moves one
card at a time, any card to a space; American Canister deals eight piles of
six and seven and moves any built run, any card to a space; British Canister
is the same deal moving one card at a time, with only kings for the spaces.
"""

from __future__ import annotations

from ..registry import register
from ..tableau import TableauGame, TableauRules, check_flag

__all__ = ["american_canister_rules", "british_canister_rules", "somerset_rules"]

_CANISTER = (6, 6, 7, 7, 7, 7, 6, 6)


def somerset_rules(*, worrying_back: bool = False) -> TableauRules:
    """The Somerset declaration."""
    return TableauRules(
        title="Somerset",
        tableau=(1, 2, 3, 4, 5, 6, 7, 8, 8, 8),
        relation="alternate",
        unit="one",
        space="any",
        worrying_back=worrying_back,
        stock="none",
    )


def american_canister_rules() -> TableauRules:
    """The American Canister declaration."""
    return TableauRules(
        title="American Canister",
        tableau=_CANISTER,
        relation="alternate",
        unit="run",
        space="any",
        stock="none",
    )


def british_canister_rules() -> TableauRules:
    """The British Canister declaration."""
    return TableauRules(
        title="British Canister",
        tableau=_CANISTER,
        relation="alternate",
        unit="one",
        space="kings",
        stock="none",
    )


def _somerset(*, worrying_back: bool = False) -> TableauGame:
    check_flag("somerset", "worrying_back", worrying_back)
    rules = somerset_rules(worrying_back=worrying_back)
    return TableauGame("somerset", rules, {"worrying_back": worrying_back})


def _american() -> TableauGame:
    return TableauGame("american-canister", american_canister_rules(), {})


def _british() -> TableauGame:
    return TableauGame("british-canister", british_canister_rules(), {})


register(
    "somerset",
    _somerset,
    summary="Ten open piles of one to eight built down in alternate colours, one card at a time.",
)
register(
    "american-canister",
    _american,
    summary="Eight open piles built down in alternate colours; runs move; any card fills a space.",
)
register(
    "british-canister",
    _british,
    summary="American Canister moving one card at a time, with kings alone for the spaces.",
)
