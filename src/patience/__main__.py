"""The command line: ``python -m patience`` (also installed as ``patience``).

Commands::

    python -m patience games                       # the registered games
    python -m patience show klondike --seed 7      # deal and print a position
    python -m patience demo [GAME] [--seed N]      # deal, play greedily, print it all
    python -m patience solve railroad --seed 7     # thoughtful: can this deal be won?
    python -m patience simulate railroad --policy greedy --deals 1000 --jobs 2

Game options go in ``-o NAME=VALUE`` (the value is read as JSON when it can
be, so ``-o sidings=1``, ``-o passes=null``, ``-o partial_runs=true``).
``simulate`` shows a progress bar on standard error (with ``tqdm`` when it is
installed: ``pip install "patience-rules[cli]"``) and writes its results as
JSON with ``--json FILE`` (``-`` for standard output).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .errors import PatienceError
from .game import Game
from .policies import POLICIES, GreedyPolicy, make_policy
from .registry import describe, game, games
from .simulation import simulate
from .solver import solve


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise PatienceError(f"options are NAME=VALUE, not {pair!r}")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    return options


def _game(args: argparse.Namespace) -> Game:
    return game(args.game, **_options(args.option))


def _write_json(data: Any, target: str) -> None:
    text = json.dumps(data, indent=2)
    if target == "-":
        print(text)
        return
    try:
        with open(target, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    except OSError as e:
        raise PatienceError(f"cannot write {target}: {e.strerror or e}") from None


def _say(args: argparse.Namespace, text: str) -> None:
    """Print for people: to standard error when the JSON goes to standard output."""
    print(text, file=sys.stderr if getattr(args, "json", None) == "-" else sys.stdout)


def _limit(seconds: float | None) -> float | None:
    return None if seconds is None or seconds <= 0 else seconds


def _progress(
    enabled: bool, total: int
) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    if not enabled:
        return None, lambda: None
    try:
        tqdm: Any = importlib.import_module("tqdm").tqdm
    except ImportError:
        tqdm = None
    if tqdm is not None:
        bar = tqdm(total=total, unit="deal", file=sys.stderr)

        def update(done: int, _total: int) -> None:
            bar.update(done - bar.n)

        return update, bar.close

    def plain(done: int, all_: int) -> None:
        print(f"\r{done}/{all_} deals", end="", file=sys.stderr, flush=True)

    return plain, lambda: print(file=sys.stderr)


def cmd_games(args: argparse.Namespace) -> int:
    for name in games():
        entry = describe(name)
        aka = f" (also {', '.join(entry.aliases)})" if entry.aliases else ""
        print(f"{name:18} {entry.summary}{aka}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    g = _game(args)
    state = g.deal(args.seed)
    _say(args, str(state))
    if args.json:
        _write_json(state.to_json(), args.json)
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    g = _game(args)
    state = g.deal(args.seed)
    print(f"{g.title or g.name}, seed {args.seed}")
    print(state)
    print()
    policy = GreedyPolicy()
    import random

    rng = random.Random(args.seed)
    n = 0
    while not g.is_over(state):
        movers = sorted({m.player or 0 for m in g.legal_moves(state)})
        move = policy.choose(g, state, rng, rng.choice(movers))
        state = g.apply(state, move)
        n += 1
        print(f"{n:3}. {move}    score {', '.join(map(str, g.scores(state)))}")
    print()
    print(state)
    print(f"{n} moves; {g.result(state).summary()}")
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    g = _game(args)
    state = g.deal(args.seed)
    found = solve(
        g,
        state,
        goal=args.goal,
        max_nodes=args.max_nodes,
        max_seconds=_limit(args.max_seconds),
    )
    _say(
        args,
        f"{g.name} seed {args.seed}: {found.status}"
        + (f", score {found.score}" if found.score is not None else "")
        + f" ({found.nodes} nodes, {found.seconds:.2f} s, {found.nodes_per_second:.0f} nodes/s)",
    )
    if found.moves:
        _say(args, " ".join(str(m) for m in found.moves))
    if args.json:
        _write_json(
            {"game": g.name, "options": dict(g.options), "seed": args.seed, **found.to_json()},
            args.json,
        )
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    g = _game(args)
    if args.deals < 1 or args.start < 0:
        raise PatienceError("--deals must be at least 1 and --start at least 0")
    seeds = range(args.start, args.start + args.deals)
    names: list[str] = args.policy or ["random"]
    if len(names) not in (1, g.players):
        raise PatienceError(
            f"{g.name} has {g.players} player(s): give --policy once, or once per player"
        )

    def options(name: str) -> dict[str, Any]:
        if name == "solver":
            return {"max_seconds": _limit(args.max_seconds), "max_nodes": args.max_nodes}
        if name == "hidden":
            return {"samples": args.samples, "rollout": args.rollout}
        return {}

    update, close = _progress(not args.no_progress, len(seeds))
    try:
        if len(names) == 1:
            result = simulate(
                g, names[0], seeds, jobs=args.jobs, progress=update, **options(names[0])
            )
        else:  # one policy for each player, in player order
            policies = [make_policy(n, **options(n)) for n in names]
            result = simulate(g, policies, seeds, jobs=args.jobs, progress=update)
    finally:
        close()
    _say(args, result.summary())
    if args.json:
        _write_json(result.to_json(), args.json)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m patience``."""
    parser = argparse.ArgumentParser(
        prog="python -m patience", description="Rules for patience (solitaire) card games."
    )
    sub = parser.add_subparsers(dest="command")

    def game_args(p: argparse.ArgumentParser, default: str | None = None) -> None:
        if default is None:
            p.add_argument("game", help="a registered game name")
        else:
            p.add_argument("game", nargs="?", default=default, help=f"game (default: {default})")
        p.add_argument(
            "-o",
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a game option (repeatable)",
        )

    sub.add_parser("games", help="list the registered games").set_defaults(run=cmd_games)

    p = sub.add_parser("show", help="deal a seeded game and print it")
    game_args(p)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", metavar="FILE", help="also write the state as JSON ('-': stdout)")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("demo", help="deal a seeded game and play it out greedily")
    game_args(p, "railroad")
    p.add_argument("--seed", type=int, default=2026)
    p.set_defaults(run=cmd_demo)

    p = sub.add_parser("solve", help="search a deal for a win, seeing every card")
    game_args(p)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--goal", choices=["win", "score"], default="win")
    p.add_argument("--max-seconds", type=float, default=10.0, help="time limit; 0: none")
    p.add_argument("--max-nodes", type=int, default=None)
    p.add_argument("--json", metavar="FILE")
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("simulate", help="play many deals with a policy and report statistics")
    game_args(p)
    p.add_argument(
        "--policy",
        choices=sorted(POLICIES),
        action="append",
        help="the policy (default random); give one per player to pit policies against each other",
    )
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes")
    p.add_argument(
        "--max-seconds", type=float, default=10.0, help="solver: time limit per deal; 0: none"
    )
    p.add_argument("--max-nodes", type=int, default=None, help="solver: node limit per deal")
    p.add_argument("--samples", type=int, default=8, help="hidden: samples per move")
    p.add_argument("--rollout", choices=["random", "greedy"], default="random")
    p.add_argument("--json", metavar="FILE", help="write the results as JSON ('-': stdout)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status."""
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    if not given or (given[0].startswith("-") and given[0] not in ("-h", "--help")):
        given = ["demo", *given]  # the demo is the default command
    args = parser.parse_args(given)
    try:
        result: int = args.run(args)
        return result
    except PatienceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
