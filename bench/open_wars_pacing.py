"""Open Wars' pacing and magic (issue 37): whole games of `hard` players on random maps (factions drawn
by each map's seed), two players and four; how long they last, how they end, and every spell cast.

    nice python -m bench.open_wars_pacing [--two N] [--four N] [--seed S] [--jobs J] [--kept FILE] [--json]

Prints, for each number of players: the median turns with a 95% interval (order statistics), the share
of games over before turn 4 and of those reaching the turn limit (Wilson 95%), how games ended; then
the casts of every spell the factions know, each one's share of all casts (the targets of
docs/open-wars-decisions.md: every spell cast 5 times or more, none above 25%).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from game.ai.players import make_player
from game.model.events import Note
from game.running import builtin_rules
from game.running.match import new_match, summary
from systems.open_wars.magic import Cast
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign

EARLY = 4  # a two-player game over before this turn ended abruptly


def one_game(players: int, seed: int, level: str) -> dict[str, Any]:
    """A random map of `players` seats, every seat `level`: its turns, how it ended, its casts."""
    builtin_rules.load()
    m = new_match("ow-random", seed, options={"players": players})
    c = m.battle
    assert isinstance(c, Campaign)
    try:
        sides = c.sides
        seats = {s: make_player(level, s, seed + k) for k, s in enumerate(sides)}
        while c.pending is not None:
            d = c.pending
            m.apply(seats[d.side].decide(c, d))
        out = summary(m)
        end = next(e for e in reversed(c.events) if isinstance(e, Note) and e.rule == "OW-DEC-6")
        casts = Counter(x.spell for x in m.commands if isinstance(x, Cast) and x.unit)
        rites = Counter(x.spell for x in m.commands if isinstance(x, Cast) and not x.unit)
        return {
            "players": players,
            "seed": seed,
            "turns": out["rounds"],
            "limit": c.game.max_rounds if c.game else None,
            "why": (end.details or {}).get("why", "?"),
            "factions": [c.factions[s] for s in sides],
            "casts": dict(casts),
            "rites": dict(rites),
        }
    finally:
        c.close()


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share k of n."""
    if n == 0:
        return (0.0, 1.0)
    z, p = 1.96, k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, mid - half), min(1.0, mid + half))


def median_interval(values: list[int]) -> tuple[float, float]:
    """A 95% interval of the median by order statistics (the binomial's normal approximation)."""
    xs, n = sorted(values), len(values)
    if n < 3:
        return (xs[0], xs[-1]) if xs else (0, 0)
    half = 1.96 * math.sqrt(n) / 2
    lo, hi = max(0, math.floor(n / 2 - half)), min(n - 1, math.ceil(n / 2 + half) - 1)
    return (xs[lo], xs[hi])


def pacing(games: list[dict[str, Any]]) -> dict[str, Any]:
    turns = [g["turns"] for g in games]
    n = len(games)
    early = sum(1 for g in games if g["turns"] < EARLY)
    limit = sum(1 for g in games if g["why"] == "limit")
    return {
        "games": n,
        "turns_median": statistics.median(turns) if turns else 0,
        "turns_median_95": median_interval(turns),
        "turns": sorted(turns),
        "early": early,
        "early_95": wilson(early, n),
        "limit": limit,
        "limit_95": wilson(limit, n),
        "ends": dict(Counter(g["why"] for g in games)),
    }


def magic(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The magic units' casts of each spell (the cards' rites apart: OW-DEC-28)."""
    casts: Counter[str] = Counter()
    rites: Counter[str] = Counter()
    for g in games:
        casts.update(g["casts"])
        rites.update(g.get("rites", {}))
    total = sum(casts.values())
    rules = load_rules()
    known = sorted({s for u in rules.units.values() for s in u.spells})
    return {
        "total": total,
        "casts": {s: casts.get(s, 0) for s in known},
        "share": {s: casts.get(s, 0) / total if total else 0.0 for s in known},
        "rites": dict(rites),
    }


def run(two: int, four: int, seed: int, level: str, jobs: int, kept: Path | None = None) -> dict[str, Any]:
    """The games asked; `kept`: a JSON-lines file of games already played (read first, each new game
    added as it ends), so that a run cut short goes on where it stopped."""
    done = {(g["players"], g["seed"]): g for g in _read(kept)}
    todo = [(2, seed + i, level) for i in range(two)] + [(4, seed + i, level) for i in range(four)]
    games = [done[(p, s)] for p, s, _ in todo if (p, s) in done]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(one_game, *args) for args in todo if args[:2] not in done]
        for f in as_completed(futures):
            g = f.result()
            games.append(g)
            if kept is not None:
                with kept.open("a") as out:
                    out.write(json.dumps(g) + "\n")
            said = f"{g['players']} players, seed {g['seed']}: {g['turns']} turns, {g['why']}"
            print(said, file=sys.stderr, flush=True)
    by = {p: [g for g in games if g["players"] == p] for p in (2, 4)}
    return {
        "level": level,
        "seed": seed,
        "two": pacing(by[2]),
        "four": pacing(by[4]),
        "magic": magic(games),
        "games": games,
    }


def _read(kept: Path | None) -> list[dict[str, Any]]:
    if kept is None or not kept.is_file():
        return []
    return [json.loads(line) for line in kept.read_text().splitlines() if line.strip()]


def report(r: dict[str, Any]) -> str:
    lines = []
    for key, label in (("two", "two players"), ("four", "four players")):
        p = r[key]
        if not p["games"]:
            continue
        lo, hi = p["turns_median_95"]
        e_lo, e_hi = p["early_95"]
        l_lo, l_hi = p["limit_95"]
        lines.append(
            f"{label}: {p['games']} games, median {p['turns_median']} turns (95% {lo}..{hi}); "
            f"before turn {EARLY}: {p['early']} ({100 * p['early'] / p['games']:.0f}%, "
            f"{100 * e_lo:.0f}..{100 * e_hi:.0f}%); to the turn limit: {p['limit']} "
            f"({100 * p['limit'] / p['games']:.0f}%, {100 * l_lo:.0f}..{100 * l_hi:.0f}%); ends {p['ends']}"
        )
    m = r["magic"]
    lines.append(f"\n{m['total']} casts:\n\n| spell | casts | share |\n|---|---|---|")
    for s, n in sorted(m["casts"].items(), key=lambda x: -x[1]):
        lines.append(f"| `{s}` | {n} | {100 * m['share'][s]:.1f}% |")
    lines.append(f"\ncards' rites (apart): {m['rites']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="bench.open_wars_pacing")
    p.add_argument("--two", type=int, default=40, help="two-player games")
    p.add_argument("--four", type=int, default=20, help="four-player games")
    p.add_argument("--seed", type=int, default=5000, help="the first game's seed (the map's too)")
    p.add_argument("--level", default="hard")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--kept", type=Path, help="a JSON-lines file of the games played: read, then added to")
    args = p.parse_args(argv)
    r = run(args.two, args.four, args.seed, args.level, args.jobs, args.kept)
    print(json.dumps(r, indent=1) if args.json else report(r))


if __name__ == "__main__":
    main()
