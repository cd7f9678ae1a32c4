"""The positions the docs' gallery pictures and the layout test checks: a
module of its own, which needs patience alone (not Sphinx)."""

from __future__ import annotations

import patience


def sample_positions(game: patience.Game) -> dict[str, patience.State]:
    """Three positions of ``game`` to picture: the opening of deal 3, the
    position 40 random moves into it, and the position with the longest pile
    met in six deals played mostly by the first legal move (Railroad's line,
    a long waste or talon, a long tableau run). The layout test checks the
    pictures of these same positions."""
    import random

    from patience.policies import next_mover

    opening = game.deal(3)
    rng = random.Random(game.name)
    state = opening
    policy = patience.RandomPolicy()
    for _ in range(40):
        if not game.legal_moves(state):
            break
        state = game.apply(state, policy.choose(game, state, rng, next_mover(game, state, rng)))
    longest, size = opening, 0
    for seed in range(6):
        s = game.deal(seed)
        for _ in range(400):
            moves = game.legal_moves(s)
            if not moves:
                break
            s = game.apply(s, moves[0] if rng.random() < 0.8 else rng.choice(moves))
            biggest = max(len(p) for p in s.piles.values())
            if biggest > size:
                longest, size = s, biggest
    return {"the opening": opening, "40 random moves in": state, "its longest pile": longest}
