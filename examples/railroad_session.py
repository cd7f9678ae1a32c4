"""Play a seeded Railroad game in a Session, save the record, and replay it.

Run: python examples/railroad_session.py
"""

from __future__ import annotations

import patience


def pick(game: patience.Game, state: patience.State) -> patience.Move:
    """Prefer the pull that discards most; otherwise keep the most sidings open."""

    def value(move: patience.Move) -> tuple[int, int]:
        after = game.apply(state, move)
        open_sidings = sum(1 for name, pile in after.piles.items() if name[0] == "s" and pile)
        return (-game.score(after), open_sidings)

    return max(game.legal_moves(state), key=value)


def main() -> None:
    session = patience.Session("railroad", seed=2026)
    while not session.is_over():
        session.do(pick(session.game, session.state))
    print(session)
    saved = session.record.dumps()
    replayed = patience.Record.from_json(saved).replay()
    assert replayed == session.state
    print(f"record of {len(session.history)} moves replays to the same final position")


if __name__ == "__main__":
    main()
