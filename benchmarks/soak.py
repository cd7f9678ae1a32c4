"""Soak run: millions of random moves with every invariant checked after each one.

Run from the project root after installing the package::

    python benchmarks/soak.py                      # 10**6 moves per game, 2 processes
    python benchmarks/soak.py --moves 20000        # a quick look
    python benchmarks/soak.py --games klondike spider --jobs 1

For every registered game (or those named) it plays random games through the
public protocol, dealing seed 0, 1, 2 ... in turn, until the number of moves is
reached. After every move it checks, for the new position:

- conservation: the cards on the table are exactly the game's deck;
- every legal move applies, to a position of the same game (the one played
  is then checked in full as the next position), and, every fiftieth move,
  the notation of every legal move reads back as the same move;
- the JSON round trip (``from_json(to_json(state)) == state``) and, every
  fiftieth move, the round trip through the string form and the registry;
- every player's view hides exactly the face-down cards and nothing else;
- the result agrees with the protocol: ``result().over == is_over()``, the
  scores and winners match, and ``is_won`` agrees with the winners.

A game that random play has not finished after ``--cap`` moves is cut and
counted separately. Any broken invariant stops that game's run and is printed
with the seed and move number; the exit status is 1 if any game broke one.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import platform
import random
import sys
import time
from collections import Counter

import patience
from patience import Card, Game, State

SLOW = ("devils-grip", "accordion", "emperor", "double-solitaire")
"""Games whose checks take longest (many legal moves, or large positions)."""


def check(game: Game, state: State, deck: Counter[Card], full: bool = True) -> None:
    """Every invariant of one position; raises AssertionError naming the broken one.

    ``full`` adds reading back the notation of every legal move and the round
    trip through a JSON string and the registry, which makes a new game object
    each time (the slow parts of a check).
    """
    cards = Counter(c for p in state.pile_tuple for c in p.cards)
    assert cards == deck, "cards are not conserved"
    for move in game.legal_moves(state):
        assert game.apply(state, move).game == game, f"{move}: the position changed game"
        assert not full or game.parse_move(state, str(move)) == move, f"{move}: notation"
    data = state.to_json()
    assert game.from_json(data) == state, "the JSON round trip changed the state"
    if full:
        again = patience.state_from_json(state.dumps())
        assert again == state, "the JSON string round trip failed"
    for player in range(game.players):
        view = game.view(state, player)
        for pile, seen in zip(state.pile_tuple, view.pile_tuple):
            assert len(seen) == len(pile) and seen.down == pile.down, "a view changed a pile"
            assert seen.cards[: pile.down] == (Card.HIDDEN,) * pile.down, "a view shows a card"
            assert seen.cards[pile.down :] == pile.face_up, "a view hides a face-up card"
    result = game.result(state)
    assert result.over == game.is_over(state), "result().over disagrees with is_over()"
    assert result.scores == game.scores(state), "result().scores disagrees with scores()"
    assert result.winners == game.winners(state), "result().winners disagrees"
    for player in range(game.players):
        assert game.is_won(state, player) == (player in result.winners), "is_won disagrees"
        assert game.score(state, player) == result.scores[player], "score() disagrees"


def soak(name: str, moves: int, cap: int) -> dict[str, object]:
    """Play random games of ``name`` for ``moves`` moves in all, checking every position."""
    game = patience.game(name)
    deck = Counter(game.deck.cards)
    rng = random.Random(name)
    done = deals = cut = wins = 0
    start = time.perf_counter()
    seed = 0
    error = ""
    while done < moves and not error:
        state = game.deal(seed)
        played = 0
        try:
            check(game, state, deck)
            while not game.is_over(state) and done < moves:
                if played >= cap:
                    cut += 1
                    break
                state = game.apply(state, rng.choice(game.legal_moves(state)))
                played += 1
                done += 1
                check(game, state, deck, full=done % 50 == 0)
        except Exception as e:  # report every failure, whatever its kind
            error = f"seed {seed}, move {played}: {type(e).__name__}: {e}"
        deals += 1
        wins += game.is_won(state)
        seed += 1
    return {
        "game": name,
        "moves": done,
        "deals": deals,
        "wins": wins,
        "cut": cut,
        "seconds": time.perf_counter() - start,
        "error": error,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=10**6, help="moves per game (10**6)")
    parser.add_argument("--cap", type=int, default=5000, help="moves before a game is cut")
    parser.add_argument("--jobs", type=int, default=2, help="processes (2)")
    parser.add_argument("--games", nargs="*", default=None, help="games to run (all)")
    parser.add_argument("--out", default=None, help="also append each game's figures here")
    args = parser.parse_args()
    names = args.games or list(patience.games())
    # The slowest first, so that the processes finish together.
    names.sort(key=lambda n: n not in SLOW)
    print(
        f"patience {patience.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}: {args.moves:,} moves per game, {args.jobs} processes"
    )
    print(f"{'game':18} {'moves':>10} {'deals':>7} {'cut':>5} {'moves/s':>8}  invariants")
    failed = 0
    total = 0
    started = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(soak, n, args.moves, args.cap) for n in names]
        for future in concurrent.futures.as_completed(futures):
            r = future.result()
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.write(json.dumps(r) + "\n")
            moves, seconds = int(r["moves"]), float(r["seconds"])  # type: ignore[call-overload]
            total += moves
            status = f"BROKEN: {r['error']}" if r["error"] else "all held"
            failed += bool(r["error"])
            print(
                f"{r['game']!s:18} {moves:>10,} {r['deals']!s:>7} {r['cut']!s:>5} "
                f"{moves / seconds:8.0f}  {status}",
                flush=True,
            )
    print(
        f"{total:,} moves in {time.perf_counter() - started:.0f} s; "
        f"{failed} game(s) broke an invariant"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
