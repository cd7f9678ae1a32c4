"""A timed Railroad game driven by a fake clock: each pull takes 7 seconds.

Run: python examples/timed_railroad.py
"""

from __future__ import annotations

import patience


class StepClock:
    """A clock the caller advances by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def main() -> None:
    clock = StepClock()
    game = patience.game("railroad-timed", time_limit=120, clock=clock)
    state = game.deal(99)
    pulls = 0
    while not game.is_over(state):  # over when the sidings are empty or time is up
        state = game.apply(state, game.legal_moves(state)[0])
        pulls += 1
        clock.now += 7
    how = "time up" if game.ending(state) == "time" else "all pulled"
    print(f"{how} after {pulls} pulls: {game.result(state).summary()}")


if __name__ == "__main__":
    main()
