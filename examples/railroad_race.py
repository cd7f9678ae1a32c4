"""Two simple policies race at Railroad, with their pulls interleaved at random.

Run: python examples/railroad_race.py
"""

from __future__ import annotations

import random

import patience


def main(games: int = 50) -> None:
    race = patience.game("railroad-race")
    rng = random.Random(1)
    wins = [0, 0]
    draws = 0
    for seed in range(games):
        state = race.deal(seed)
        while not race.is_over(state):
            moves = race.legal_moves(state)
            player = rng.choice(sorted({m.player for m in moves if m.player is not None}))
            mine = [m for m in moves if m.player == player]
            if player == 0:  # player 0 looks one pull ahead; player 1 pulls at random
                move = min(mine, key=lambda m: race.score(race.apply(state, m), 0))
            else:
                move = rng.choice(mine)
            state = race.apply(state, move)
        result = race.result(state)
        if result.draw:
            draws += 1
        for w in result.winners:
            wins[w] += 1
    print(f"{games} races: look-ahead player won {wins[0]}, random player {wins[1]}, {draws} drawn")


if __name__ == "__main__":
    main()
