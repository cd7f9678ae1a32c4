"""How a position stands: :class:`Result` (over or not, scores, winners,
how the game ended) and :class:`Better`, which way a game's score improves."""

from __future__ import annotations

import enum
from typing import Any

import attrs

__all__ = ["Better", "Result"]


class Better(enum.Enum):
    """Which way a game's score improves."""

    HIGHER = "higher"
    LOWER = "lower"

    def __repr__(self) -> str:
        return f"Better.{self.name}"


@attrs.frozen(slots=True)
class Result:
    """The outcome of a position: over or not, each player's score, the winners.

    For a one-player game ``scores`` has one entry and ``winners`` is ``(0,)``
    when the game is won. In a multi-player game an over game with no winner
    is a draw.
    """

    over: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    better: Better
    ending: str | None = None
    """How the game ended (``None`` while it goes on): ``"won"`` (a
    one-player game won), ``"no moves"`` (no legal move is left),
    ``"no progress"`` (moves are left, but no sequence of them can make
    progress any more, proven; see :meth:`Game.progress`), ``"stalled"``
    (the stall rule: :attr:`Game.stall` moves in a row made no progress),
    or an ending of the game's own from :meth:`Game.ending`, such as
    ``"time"``. (Results
    saved by earlier builds may read ``"no progress found"``: a search for
    progress that gave up used to end the game; it no longer does.)"""

    @property
    def won(self) -> bool:
        """Whether player 0 has won (the one player of a solitaire)."""
        return 0 in self.winners

    @property
    def score(self) -> int:
        """Player 0's score."""
        return self.scores[0]

    @property
    def draw(self) -> bool:
        """Whether a multi-player game ended with no winner."""
        return self.over and len(self.scores) > 1 and not self.winners

    def summary(self) -> str:
        """A one-line description, such as ``"won, score 0"``."""
        why = _ENDING_TEXT.get(self.ending or "", self.ending)
        if len(self.scores) == 1:
            status = "won" if self.won else "lost" if self.over else "in progress"
            if self.over and not self.won and why:
                status += f" ({why})"
            return f"{status}, score {self.scores[0]} ({self.better.value} is better)"
        scores = ", ".join(f"player {i}: {s}" for i, s in enumerate(self.scores))
        if not self.over:
            return f"in progress; {scores}"
        if self.winners:
            who = " and ".join(f"player {w}" for w in self.winners)
            return f"{who} won; {scores}"
        return f"draw; {scores}"

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON-compatible data."""
        return {
            "over": self.over,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ending": self.ending,
        }


_ENDING_TEXT = {
    "no moves": "no moves left",
    "no progress": "no progress possible",
    "stalled": "stalled: no progress for too long",
    "no progress found": "no progress found",
    "time": "time ran out",
}
