"""Open Wars' balance and a four-player game's cost (issue 25): every faction against every other on
random maps (hard against hard by default, each pair in both seats, a fresh map per seed), each
faction's share against the field and how the games ended; then four-player random games, their
length in turns and the computer players' think time per decision (median, 95th percentile, worst).

    nice python -m bench.open_wars_balance [--games N] [--four N] [--level hard] [--json]

`--games`: games per pair and seating (a pair plays 2 * N games). Markdown tables on stdout, as the
balance section of docs/open-wars-decisions.md shows them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from itertools import combinations
from typing import Any

from game.ai.players import make_player
from game.model.events import Note
from game.running import builtin_rules
from game.running.match import Match, new_match, summary
from systems.open_wars.magic import Cast
from systems.open_wars.moves import Recruit
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign
from systems.open_wars.volley import Shoot

ENDS = ("turn limit", "holds every city", "neither tokens nor a city")  # how a game ends (OW-OBJ)
FOUR = ("amazons", "dwarves", "undead", "demons")  # the four-player games' seats


def duel(
    first: str, second: str, seed: int, level: str, seen: Counter[tuple[str, str, str]]
) -> tuple[str | None, int, str]:
    """One random-map game of two factions: the winning faction (None: a draw), turns, how it ended;
    what each faction did is counted into `seen` (its recruits' gold by unit, its casts by spell, its
    shots, its risen tokens)."""
    m = new_match("ow-random", seed, options={"players": 2, "factions": [first, second]})
    try:
        sides = m.battle.game.sides  # type: ignore[union-attr]
        players = {s: make_player(level, s, seed + k) for k, s in enumerate(sides)}
        while m.battle.pending is not None:
            d = m.battle.pending
            m.apply(players[d.side].decide(m.battle, d))
        out = summary(m)
        played(m, seen)
    finally:
        m.battle.close()
    winner = out["winner"]
    return (
        (None if winner is None else (first, second)[sides.index(winner)]),
        out["rounds"],
        out["end_reason"],
    )


def played(m: Match, seen: Counter[tuple[str, str, str]]) -> None:
    c = m.battle
    assert isinstance(c, Campaign)
    of = c.rules.faction_of
    for x in m.commands:
        if isinstance(x, Recruit):
            seen[(of[x.unit], "gold", x.unit)] += c.unit(x.unit).cost
        elif isinstance(x, Cast):
            seen[(of[x.unit], "cast", x.spell)] += 1
        elif isinstance(x, Shoot):
            seen[(of[x.unit], "shot", "")] += 1
    for e in c.events:
        if isinstance(e, Note) and e.details and e.details.get("say") == "risen":
            seen[(of[str(e.details["unit"])], "risen", "")] += int(e.details["count"])


def profile(seen: Counter[tuple[str, str, str]], factions: list[str]) -> dict[str, str]:
    """A line a faction: the units its gold went to (share), its spells cast, shots and risen."""
    out = {}
    for f in factions:
        gold = {u: n for (g, k, u), n in seen.items() if g == f and k == "gold"}
        total = sum(gold.values()) or 1
        units = ", ".join(
            f"{u} {100 * n / total:.0f}%" for u, n in sorted(gold.items(), key=lambda x: -x[1])[:4]
        )
        casts = {sp: n for (g, k, sp), n in seen.items() if g == f and k == "cast"}
        spells = ", ".join(f"{sp} {n}" for sp, n in sorted(casts.items(), key=lambda x: -x[1])[:4])
        out[f] = (
            f"gold to {units}; casts {spells or 'none'}; {seen[(f, 'shot', '')]} shots; "
            f"{seen[(f, 'risen', '')]} risen"
        )
    return out


def balance(games: int, level: str) -> dict[str, Any]:
    factions = sorted(load_rules().factions)
    wins: dict[tuple[str, str], float] = {}  # (a, b): a's points against b (a draw counts half)
    ends: dict[str, int] = {}
    turns: list[int] = []
    seen: Counter[tuple[str, str, str]] = Counter()
    for a, b in combinations(factions, 2):
        for seat in ((a, b), (b, a)):
            for seed in range(1, games + 1):
                won, rounds, why = duel(*seat, seed, level, seen)
                turns.append(rounds)
                kind = "draw" if won is None else next((k for k in ENDS if k in why), why)
                ends[kind] = ends.get(kind, 0) + 1
                for x, y in ((a, b), (b, a)):
                    wins[(x, y)] = wins.get((x, y), 0.0) + (1.0 if won == x else 0.5 if won is None else 0.0)
    per_pair = 2 * games
    field = {
        f: sum(wins[(f, o)] for o in factions if o != f) / (per_pair * (len(factions) - 1)) for f in factions
    }
    return {
        "factions": factions,
        "games_per_pair": per_pair,
        "share": {f"{a} v {b}": wins[(a, b)] / per_pair for a in factions for b in factions if a != b},
        "field": field,
        "turns_median": statistics.median(turns),
        "ends": ends,
        "profile": profile(seen, factions),
    }


def four_players(games: int, level: str) -> dict[str, Any]:
    """Whole four-player games: turns, seconds, and each decision's think time."""
    think: list[float] = []
    turns, whole = [], []
    for seed in range(1, games + 1):
        start = time.perf_counter()
        m = new_match("ow-random", seed, options={"players": 4, "factions": list(FOUR)})
        sides = m.battle.game.sides  # type: ignore[union-attr]
        players = {s: make_player(level, s, seed + k) for k, s in enumerate(sides)}
        try:
            while m.battle.pending is not None:
                d = m.battle.pending
                t = time.perf_counter()
                c = players[d.side].decide(m.battle, d)
                think.append((time.perf_counter() - t) * 1000)
                m.apply(c)
            turns.append(summary(m)["rounds"])
            print(f"four players, seed {seed}: {turns[-1]} turns", file=sys.stderr, flush=True)
        finally:
            m.battle.close()
        whole.append(time.perf_counter() - start)
    think.sort()
    return {
        "games": games,
        "factions": list(FOUR),
        "turns": turns,
        "seconds_median": statistics.median(whole),
        "decisions": len(think),
        "think_ms_median": statistics.median(think),
        "think_ms_p95": think[int(0.95 * (len(think) - 1))],
        "think_ms_worst": think[-1],
    }


def table(b: dict[str, Any]) -> str:
    fs = b["factions"]
    lines = ["| row v column | " + " | ".join(fs) + " | v the field |", "|---" * (len(fs) + 2) + "|"]
    for a in fs:
        cells = ["-" if a == o else f"{100 * b['share'][f'{a} v {o}']:.0f}%" for o in fs]
        lines.append(f"| {a} | " + " | ".join(cells) + f" | **{100 * b['field'][a]:.0f}%** |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="bench.open_wars_balance")
    p.add_argument("--games", type=int, default=3, help="games per pair and seating")
    p.add_argument("--four", type=int, default=3, help="four-player games timed")
    p.add_argument("--level", default="hard", help="the computer players (default hard)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    builtin_rules.load()
    b = balance(args.games, args.level)
    if not args.json:
        print(table(b))
        print(f"\nturns a game (median): {b['turns_median']}; how games ended: {b['ends']}")
        for f, line in b["profile"].items():
            print(f"- {f}: {line}")
    fours = four_players(args.four, args.level) if args.four else None
    if args.json:
        print(json.dumps({"balance": b, "four_players": fours}, indent=1, sort_keys=True))
    elif fours is not None:
        print(
            f"\nfour players ({', '.join(fours['factions'])}), {fours['games']} games: "
            f"turns {fours['turns']}, "
            f"{fours['seconds_median']:.1f} s a game (median), {fours['decisions']} decisions: think "
            f"{fours['think_ms_median']:.1f} ms median, {fours['think_ms_p95']:.1f} ms p95, "
            f"{fours['think_ms_worst']:.0f} ms worst"
        )


if __name__ == "__main__":
    main()
