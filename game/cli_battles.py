"""`simulate`, `replay` and `tournament`: whole battles from the command line."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from game.ai import PLAYERS, make_player
from game.errors import UserError
from game.match import Match, load, new_match, play, save, summary


def _players(m: Match, a: str, b: str) -> dict[str, Any]:
    first, second = m.battle.game.sides  # type: ignore[union-attr]
    return {first: make_player(a, first, m.seed), second: make_player(b, second, m.seed + 1)}


def _print(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result, ensure_ascii=False, sort_keys=True))
        return
    winner = result["winner"] or "nobody (a draw)"
    print(
        f"{result['scenario']}, seed {result['seed']}: {winner} wins after {result['rounds']} round(s): "
        f"{result['end_reason']}"
    )
    for side, total in result["score"].items():
        lines = ", ".join(f"{rule} {pts}" for rule, pts in result["score_lines"][side].items() if pts)
        print(f"  {side}: {total} point(s)" + (f" ({lines})" if lines else ""))


def simulate(args: argparse.Namespace) -> int:
    m = new_match(args.scenario, args.seed, args.rounds)
    try:
        play(m, _players(m, args.a, args.b))
        if args.save_replay:
            save(m, Path(args.save_replay))
        _print(summary(m), args.json)
    finally:
        m.battle.close()
    return 0


def replay(args: argparse.Namespace) -> int:
    m = load(Path(args.file))
    try:
        _print(summary(m), args.json)
    finally:
        m.battle.close()
    return 0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a proportion (Wilson score interval; draws count half)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def tournament(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UserError("tournament: --games must be 1 or more")
    wins = {args.a: 0.0, args.b: 0.0}
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        a_first = i % 2 == 0
        m = new_match(args.scenario, seed, args.rounds)
        first, second = m.battle.game.sides  # type: ignore[union-attr]
        names = {first: args.a, second: args.b} if a_first else {first: args.b, second: args.a}
        try:
            play(m, {s: make_player(n, s, seed + k) for k, (s, n) in enumerate(names.items())})
            winner = summary(m)["winner"]
        finally:
            m.battle.close()
        if winner is None:
            wins[args.a] += 0.5
            wins[args.b] += 0.5
        else:
            wins[names[winner]] += 1
        _progress(i + 1, args.games, start)
    print(file=sys.stderr)
    for name in (args.a, args.b):
        lo, hi = wilson(wins[name], args.games)
        print(
            f"{name}: {wins[name]:g} win(s) of {args.games} = {wins[name] / args.games:.1%} "
            f"(95% CI {lo:.1%} to {hi:.1%})"
        )
    return 0


def _progress(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - start
    eta = elapsed / done * (total - done)
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  {elapsed:.0f}s, ~{eta:.0f}s left"
    )
    sys.stderr.flush()


def add_parsers(sub: Any) -> None:
    players = ", ".join(PLAYERS)
    s = sub.add_parser("simulate", help="play a battle AI against AI, headless")
    s.add_argument("--scenario", default="default", help="a scenario id or a path to its TOML file")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    s.add_argument("--a", default="heuristic", help=f"the first side's player ({players})")
    s.add_argument("--b", default="heuristic", help=f"the second side's player ({players})")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--save-replay", metavar="FILE", help="write the replay of the battle here")
    s.set_defaults(run=simulate)
    r = sub.add_parser("replay", help="replay a saved battle and print its result")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.set_defaults(run=replay)
    t = sub.add_parser("tournament", help="play many battles between two players")
    t.add_argument("--a", default="heuristic")
    t.add_argument("--b", default="random")
    t.add_argument("--games", type=int, default=20)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--scenario", default="default")
    t.add_argument("--rounds", type=int, default=None)
    t.set_defaults(run=tournament)
