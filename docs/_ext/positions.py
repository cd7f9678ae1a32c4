"""The positions the docs' gallery pictures and the layout test checks, and
the gallery's titles: a module of its own, which needs patience alone (not
Sphinx)."""

from __future__ import annotations

import patience


def sample_positions(game: patience.Game) -> dict[str, patience.State]:
    """Three positions of ``game`` to picture: the opening of deal 3, the
    position 40 random moves into it, and the position with the longest pile
    met in six deals played mostly by the first legal move (Railroad's line,
    a long waste or talon, a long tableau run). The longest pile is looked
    for among the piles that fan out, where its length shows; a game none of
    whose piles fan (Accordion, Pyramid, Clock) looks among its piles other
    than stocks, foundations and discard piles (Accordion's row, Pyramid's
    waste). The layout test checks the pictures of these same positions."""
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
    fanned = [spec.name for spec in game.layout if spec.fan != "none"]
    watched = fanned or [
        spec.name for spec in game.layout if spec.role not in ("stock", "foundation", "discard")
    ]
    longest, size = opening, 0
    for seed in range(6):
        s = game.deal(seed)
        for _ in range(400):
            moves = game.legal_moves(s)
            if not moves:
                break
            s = game.apply(s, moves[0] if rng.random() < 0.8 else rng.choice(moves))
            biggest = max((len(s.piles[name]) for name in watched), default=0)
            if biggest > size:
                longest, size = s, biggest
    return {"the opening": opening, "40 random moves in": state, "its longest pile": longest}


def gallery_titles(names: list[str]) -> dict[str, str]:
    """Each game's title in the gallery: its own title, and where several
    registered games share one (three Railroads), its registered name and
    the options that set it apart from the first of them, so that no two
    sections look alike.

    >>> gallery_titles(["klondike", "railroad", "railroad-double"])["railroad-double"]
    'Railroad! Yard Solitaire: railroad-double (sidings=8, decks=2)'
    """
    games = {name: patience.game(name) for name in names}
    titles = {name: game.title or game.name for name, game in games.items()}
    out = {}
    for name, game in games.items():
        title = titles[name]
        twins = [n for n in names if titles[n] == title]
        if len(twins) > 1:
            first = games[twins[0]].options
            apart = [f"{k}={v!r}" for k, v in game.options.items() if first.get(k) != v]
            title = f"{title}: {name}" + (f" ({', '.join(apart)})" if apart else "")
        out[name] = title
    return out
