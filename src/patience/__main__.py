"""The command line: ``python -m patience`` (also installed as ``patience``).

Commands::

    python -m patience games                       # the registered games
    python -m patience show klondike --seed 7      # deal and print a position
    python -m patience demo [GAME] [--seed N]      # deal, play greedily, print it all
    python -m patience play klondike -o draw=1     # play a game yourself, in the terminal
    python -m patience solve railroad --seed 7     # thoughtful: can this deal be won?
    python -m patience simulate railroad --policy greedy --deals 1000 --jobs 2

Game options go in ``-o NAME=VALUE`` (the value is read as JSON when it can
be, so ``-o sidings=1``, ``-o passes=null``, ``-o partial_runs=true``).
``simulate`` shows a progress bar on standard error (with ``tqdm`` when it is
installed: ``pip install ".[cli]"``) and writes its results as
JSON with ``--json FILE`` (``-`` for standard output).

Exit status: 0 on success; 2 for input the library or the argument parser
refuses; 130 when interrupted (Ctrl-C), after a one-line message; 141 when
standard output is closed early (``python -m patience games | head -1``),
silently, as for a program ended by SIGPIPE.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import re
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__, play
from .errors import PatienceError, brief_repr
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
        except (ValueError, RecursionError):  # too many digits, too deeply nested
            raise PatienceError(
                f"option {name}: the value {brief_repr(text)} cannot be read"
            ) from None
    return options


def _game(args: argparse.Namespace) -> Game:
    return game(args.game, **_options(args.option))


def _seed(g: Game, args: argparse.Namespace, usual: int = 0) -> int:
    """The seed ``--seed`` gives; without it ``usual``, or the game's first
    seed (:attr:`Game.seeds`) when the game does not take that one."""
    if args.seed is None:
        return usual if usual in g.seeds else g.seeds.start
    return int(args.seed)


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


def _seconds(text: str) -> float | None:
    """An argparse type: a time limit in seconds; ``0`` or ``none`` for no limit."""
    if text.strip().lower() == "none":
        return None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(
            f"must be a finite number of seconds, 0 or 'none' for no limit, not {text!r}"
        )
    return value or None


_DIGITS = re.compile(r"[+-]?[0-9]+")
"""A whole number as people type it: ASCII digits, perhaps a sign, nothing
else (``int`` also reads other scripts' digits, such as the full-width ``１``,
and ``1_000``, which nobody means as a seed)."""


def _whole(text: str) -> int:
    """An argparse type: a whole number in ASCII digits."""
    if not _DIGITS.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"must be a whole number in digits 0-9, not {text!r}")
    return int(text)


def _positive(text: str) -> int:
    """An argparse type: an integer of at least 1, in ASCII digits."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text!r}")
    return value


LOG_SECONDS = 5.0
"""Without a terminal, the longest the progress lines of ``simulate`` stay
silent while deals finish (besides a line at every tenth of the run)."""

SLOW_POLICIES = frozenset({"hidden", "solver"})
"""Policies whose deals are slow: with ``--jobs`` they go to the workers one
deal at a time, so that progress is reported for every deal."""


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

    if not sys.stderr.isatty():
        # A log, not a terminal: no carriage returns; a line at every tenth of
        # the run, and at the next deal done once a line is LOG_SECONDS old, so
        # slow deals are never silent for long.
        step = max(1, total // 10)
        last = [time.monotonic()]

        def lines(done: int, all_: int) -> None:
            now = time.monotonic()
            if done == all_ or done % step == 0 or now - last[0] >= LOG_SECONDS:
                last[0] = now
                print(f"{done}/{all_ or '?'} deals", file=sys.stderr, flush=True)

        return lines, lambda: None

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
    state = g.deal(_seed(g, args))
    _say(args, str(state))
    if args.json:
        _write_json(state.to_json(), args.json)
    return 0


def _pile_legend(g: Game) -> str:
    """The piles in words, numbered piles of one kind together: ``s1-s4: siding; ...``."""
    groups: dict[str, list[str]] = {}
    for spec in g.layout:
        kind = spec.label.rstrip("0123456789 ").lower()
        if len(kind) <= 2:  # a bare grid reference such as "A1"
            kind = spec.role
        groups.setdefault(kind, []).append(spec.name)
    parts = []
    for kind, names in groups.items():
        shown = names[0] if len(names) == 1 else f"{names[0]}-{names[-1]}"
        parts.append(shown if kind == shown else f"{shown}: {kind}")
    return "; ".join(parts)


def cmd_demo(args: argparse.Namespace) -> int:
    g = _game(args)
    seed = _seed(g, args, 2026)
    state = g.deal(seed)
    print(f"{g.title or g.name}, seed {seed}: {describe(g.name).summary}")
    print(f"Piles: {_pile_legend(g)}.")
    print(
        "The greedy policy plays the deal out. Each line is a move in the library's"
        f" notation and the score after it ({g.better.value} is better)."
    )
    print()
    print(state)
    print()
    policy = GreedyPolicy()
    import random

    rng = random.Random(seed)
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


def cmd_play(args: argparse.Namespace) -> int:
    return play.run(_game(args), seed=args.seed, undo=args.undo)


def cmd_solve(args: argparse.Namespace) -> int:
    g = _game(args)
    seed = _seed(g, args)
    state = g.deal(seed)
    found = solve(
        g,
        state,
        goal=args.goal,
        max_nodes=args.max_nodes,
        max_seconds=args.max_seconds,
        clock=args.clock,
        progress=_search_report(args),
    )
    _say(
        args,
        f"{g.name} seed {seed}: {found.status}"
        + (f", score {found.score}" if found.score is not None else "")
        + f" ({found.nodes} nodes, {found.seconds:.2f} s, {found.nodes_per_second:.0f} nodes/s)",
    )
    if found.moves:
        _say(args, " ".join(str(m) for m in found.moves))
    if found.status == "unknown":
        _say(
            args,
            "the search stopped at its limit before settling the deal; try a larger"
            " --max-seconds or --max-nodes (or 'none' for no time limit)",
        )
    if args.json:
        _write_json(
            {"game": g.name, "options": dict(g.options), "seed": seed, **found.to_json()},
            args.json,
        )
    return 0


def _search_report(args: argparse.Namespace) -> Callable[[int, float], None]:
    """The solver's ``progress`` for ``solve``: a line on standard error at
    most every :data:`LOG_SECONDS`, so that a long search (``--max-seconds
    none``) says it is still at work; nothing for a search that ends sooner,
    or with ``--no-progress``."""
    started = time.monotonic()
    last = [started]

    def report(nodes: int, seconds: float) -> None:
        now = time.monotonic()
        if args.no_progress or now - last[0] < LOG_SECONDS:
            return
        last[0] = now
        print(f"searching: {nodes:,} positions in {seconds:.0f} s", file=sys.stderr, flush=True)

    return report


def cmd_simulate(args: argparse.Namespace) -> int:
    g = _game(args)
    start = g.seeds.start if args.start is None else args.start
    g._check_seed(start)  # before the progress bar appears (simulate() checks them again)
    room = g.seeds.stop - start
    if args.deals > room:
        raise PatienceError(
            f"--deals {args.deals:,} from seed {start} runs past {g.name}'s last seed,"
            f" {g.seeds.stop - 1}: at most {room:,} deal{'s' if room != 1 else ''} from there"
        )
    seeds = range(start, start + args.deals)
    names: list[str] = args.policy or ["random"]
    if len(names) not in (1, g.players):
        raise PatienceError(
            f"{g.name} has {g.players} player(s): give --policy once, or once per player"
        )

    def options(name: str) -> dict[str, Any]:
        if name == "solver":
            return {
                "max_seconds": args.max_seconds,
                "max_nodes": args.max_nodes,
                "clock": args.clock,
            }
        if name == "hidden":
            return {"samples": args.samples, "rollout": args.rollout}
        return {}

    update, close = _progress(not args.no_progress, len(seeds))
    # Slow deals go to workers one at a time, so each one finished shows.
    chunk = 1 if SLOW_POLICIES.intersection(names) else 25
    try:
        if len(names) == 1:
            result = simulate(
                g,
                names[0],
                seeds,
                jobs=args.jobs,
                progress=update,
                chunk_size=chunk,
                **options(names[0]),
            )
        else:  # one policy for each player, in player order
            policies = [make_policy(n, **options(n)) for n in names]
            result = simulate(g, policies, seeds, jobs=args.jobs, progress=update, chunk_size=chunk)
    finally:
        close()
    _say(args, result.summary())
    if args.json:
        data = result.to_json()
        if "solver" in names:  # the limits each search had, to read the counts by
            data["solver_limits"] = options("solver")
        _write_json(data, args.json)
    return 0


_SEED_HELP = "the deal's seed (default: 0), or the game's first seed if it has no seed 0"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m patience``."""
    parser = argparse.ArgumentParser(
        prog=_program_name(),
        description="Rules for patience (solitaire) card games.",
        epilog="Without a command, runs the demo. Options alone go to the demo.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    helpful = _DefaultsShown

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

    def limit_args(p: argparse.ArgumentParser, seconds: str, nodes: str) -> None:
        """The solver's limits, as ``solve`` and ``simulate`` take them."""
        p.add_argument("--max-seconds", type=_seconds, default=10.0, help=seconds)
        p.add_argument("--max-nodes", type=_positive, default=None, help=nodes)
        p.add_argument(
            "--clock",
            choices=("wall", "cpu"),
            default="wall",
            help="what --max-seconds counts: elapsed time, or the search's processor time"
            " (the same results on a busy machine as on a quiet one)",
        )

    sub.add_parser("games", help="list the registered games", formatter_class=helpful).set_defaults(
        run=cmd_games
    )

    p = sub.add_parser("show", help="deal a seeded game and print it", formatter_class=helpful)
    game_args(p)
    p.add_argument("--seed", type=_whole, help=_SEED_HELP)
    p.add_argument("--json", metavar="FILE", help="also write the state as JSON ('-': stdout)")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser(
        "demo", help="deal a seeded game and play it out greedily", formatter_class=helpful
    )
    game_args(p, "railroad")
    p.add_argument(
        "--seed",
        type=_whole,
        help="the deal's seed (default: 2026, or the game's first seed if it has no seed 2026)",
    )
    p.set_defaults(run=cmd_demo)

    p = sub.add_parser(
        "play",
        help="play a game yourself, in notation or by clicks on piles",
        description="Play a game in the terminal: type moves in the game's notation, or\n"
        "click piles by name. After each move the table is printed, with what the\n"
        "move did in words.",
        epilog=f"commands while playing:\n{_indented(play.COMMANDS)}\n\n{play.CLICKS}"
        "\n\nexamples (a command line, then lines to type):\n"
        + play.EXAMPLES.replace("python -m patience play", "%(prog)s"),
        formatter_class=_RawEpilog,
    )
    game_args(p, "klondike")
    p.add_argument(
        "--seed", type=_whole, help="the deal (default: a random one, printed to play it again)"
    )
    p.add_argument(
        "--undo",
        choices=["free", "no-reveal"],
        default="free",
        help="no-reveal: a move that showed a hidden card cannot be taken back",
    )
    p.set_defaults(run=cmd_play)

    p = sub.add_parser(
        "solve", help="search a deal for a win, seeing every card", formatter_class=helpful
    )
    game_args(p)
    p.add_argument("--seed", type=_whole, help=_SEED_HELP)
    p.add_argument(
        "--goal",
        choices=["win", "score"],
        default="win",
        help="search for a win, or for the best final score",
    )
    limit_args(
        p,
        "time limit; 0 or none: no limit (patience.solve itself has none)",
        "node limit (patience.solve itself stops at 1,000,000 if given no time limit)",
    )
    p.add_argument("--json", metavar="FILE", help="also write the solution as JSON ('-': stdout)")
    p.add_argument(
        "--no-progress",
        action="store_true",
        help=f"no line on standard error every {LOG_SECONDS:.0f} s of a long search",
    )
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser(
        "simulate",
        help="play many deals with a policy and report statistics",
        formatter_class=helpful,
    )
    game_args(p)
    p.add_argument(
        "--policy",
        choices=sorted(POLICIES),
        action="append",
        help="the policy (default random); give one per player to pit policies against each other",
    )
    p.add_argument("--deals", type=_positive, default=100, help="how many deals to play")
    p.add_argument(
        "--start", type=_whole, help="first seed (default: the game's first, 0 for most games)"
    )
    p.add_argument(
        "--jobs", type=_positive, default=None, help="worker processes (none: play here)"
    )
    limit_args(p, "solver: time limit per deal; 0 or none: no limit", "solver: node limit per deal")
    p.add_argument("--samples", type=_positive, default=8, help="hidden: samples per move")
    p.add_argument(
        "--rollout",
        choices=["random", "greedy"],
        default="random",
        help="hidden: how each sampled deal is played out",
    )
    p.add_argument("--json", metavar="FILE", help="write the results as JSON ('-': stdout)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_simulate)
    return parser


def _program_name() -> str:
    """``patience`` when run as the installed script, else ``python -m patience``."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if name.startswith("patience") and not name.endswith(".py"):
        return name
    return "python -m patience"


class _DefaultsShown(argparse.HelpFormatter):
    """Help that ends each option's text with its default, where it has a real one."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            default is None
            or default is False
            or default == []
            or default == argparse.SUPPRESS
            or "default" in text
            or not action.option_strings
        ):
            return text
        return f"{text} (default: %(default)s)"


class _RawEpilog(argparse.RawDescriptionHelpFormatter, _DefaultsShown):
    """Help whose epilog keeps its lines (the commands and examples of ``play``)."""


def _indented(text: str) -> str:
    return textwrap.indent(text, "  ")


INTERRUPTED = 130
"""Exit status after Ctrl-C: 128 + SIGINT, as a shell reports it."""
BROKEN_PIPE = 141
"""Exit status when standard output was closed early: 128 + SIGPIPE."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status.

    Ctrl-C ends it with status 130 and the message ``interrupted`` (no
    traceback). If standard output is closed before the output is written
    (``python -m patience games | head -1``), it stops writing and returns
    141 quietly, the status a shell shows for a program ended by SIGPIPE.
    """
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    if not given or (given[0].startswith("-") and given[0] not in ("-h", "--help", "--version")):
        given = ["demo", *given]  # the demo is the default command
    try:
        args = parser.parse_args(given)
        result: int = args.run(args)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return result
    except PatienceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        # Whoever reads our output has gone. Point standard output at the null
        # device so that the flush at exit does not fail a second time.
        _silence_stdout()
        return BROKEN_PIPE


def _silence_stdout() -> None:
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by something without a descriptor
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
