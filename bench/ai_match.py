"""A match between two computer players on the shipped scenarios, sides swapped, with what the win
shares alone do not say (issue 28): how each battle ended (the rule, the round: the objective race,
FG-VIC-4, before round 6), what each player's army did that a wargamer watches (issue 28's counts:
charges, cavalry stopped in difficult ground, guns that moved and shot, obey checks failed,
detachments, hits taken), and each player's think time per decision (wall clock and CPU).

    python -m bench.ai_match --a hard --b hard-2026-11 --games 70 --jobs 2 --out match.jsonl
    python -m bench.ai_match --summary match.jsonl [--json]
    python -m bench.ai_match --a hard --b hard-2026-11 --games 400 --cluster tcp://HOST:8786 --out match.jsonl

Game i (from --first to --games) plays scenario i mod n with seed + i; the first player takes the
second side in odd games, so a match stopped early is still nearly balanced. Each game is a line
appended to --out in the order of the games (with --jobs N, N games are played at once, each in its own
process, and written as soon as those before them are): a long match may be stopped, summed up from
what it played (--summary) and gone on with (--first: the number of games it wrote). With --cluster, the
games are played on a Dask cluster (game/running/cluster.py), the same games in the same order."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from game import CONTENT
from game.ai.players import make_player, unexplained
from game.model.battle import Battle
from game.model.components import Unit
from game.model.errors import EXIT_BAD_INPUT, UserError
from game.running import builtin_rules
from game.running.cluster import checked_address, on_cluster
from game.running.match import new_match, summary
from game.running.ratings import wilson

RACE_ROUND = 6  # the "decided by the objective race before round 6"


def scenarios() -> list[str]:
    """The shipped For Glory scenarios."""
    return sorted(p.stem for p in (CONTENT / "scenarios").glob("*.toml"))


def play_one(scenario: str, seed: int, kinds: tuple[str, str], swap: bool) -> dict[str, Any]:
    """One battle; which player won (its index in kinds, None for a draw), how and when it ended,
    and every decision's think time (ms) of each player."""
    m = new_match(scenario, seed)
    b = m.battle
    assert b.game is not None
    sides = b.game.sides if not swap else list(reversed(b.game.sides))
    made = enumerate(zip(sides, kinds, strict=True))
    players = {s: (i, unexplained(make_player(k, s, seed + i))) for i, (s, k) in made}  # reasons unread
    wall: list[list[float]] = [[], []]
    cpu: list[list[float]] = [[], []]
    try:
        while b.pending is not None:
            d = b.pending
            i, player = players[d.side]
            t, c = time.perf_counter(), time.process_time()
            command = player.decide(b, d)
            cpu[i].append(round((time.process_time() - c) * 1000, 2))
            wall[i].append(round((time.perf_counter() - t) * 1000, 2))
            m.apply(command)
        s = summary(m)
        over = [e for e in b.events if e.kind == "game_over"]
        habits = [behaviour(b, side) for side in sides]
    finally:
        b.close()
    return {
        "scenario": scenario,
        "seed": seed,
        "swap": swap,
        "winner": None if s["winner"] is None else players[s["winner"]][0],
        "rule": getattr(over[-1], "rule", "") if over else "",
        "reason": s["end_reason"],
        "rounds": s["rounds"],
        "behaviour": habits,
        "wall_ms": wall,
        "cpu_ms": cpu,
    }


HABITS = (
    "charges",  # charges that reached contact, reaction charges included
    "cavalry_moves",
    "cavalry_stopped",  # cavalry moves cut short by difficult ground (FG-MOVE-3)
    "gun_shots",
    "gun_shots_moved",  # artillery that moved and shot (FG-CBT-6: -1)
    "obey_checks",
    "obey_failed",  # orders to units with hits that were ignored (FG-ORD-3)
    "detachments",  # activations of a detachment (FG-ACT-5)
    "hits_taken",
    "units_destroyed",  # brigades destroyed by hits or a melee (FG-HIT, FG-MELEE)
    "units_removed",  # brigades taken off with their demoralised division (FG-LOST-3)
)


def behaviour(b: Battle, side: str) -> dict[str, int]:
    """What one side's army did, counted from the battle's events."""
    out = dict.fromkeys(HABITS, 0)

    def ours(name: str | None) -> Unit | None:
        e = b.ids.get(name) if name is not None else None
        if e is None or not b.is_unit(e) or b.side_of(e) != side:
            return None
        u: Unit = b.comp(e, Unit)
        return u

    for ev in b.events:
        d = ev.to_dict()
        u = ours(d.get("unit"))
        if ev.kind == "contact" and u is not None:
            out["charges"] += 1
        elif ev.kind == "moved" and u is not None and u.category.type == "cavalry":
            if d["how"] in ("move", "road", "strategic"):
                out["cavalry_moves"] += 1
                out["cavalry_stopped"] += d.get("stopped") == "FG-MOVE-3"
        elif ev.kind == "roll" and u is not None and d["check"] == "fire" and u.category.type == "artillery":
            out["gun_shots"] += 1
            out["gun_shots_moved"] += any(m["rule"] == "FG-CBT-6" for m in d["modifiers"])
        elif ev.kind == "roll" and u is not None and d["check"] == "morale" and d.get("purpose") == "obey":
            out["obey_checks"] += 1
            out["obey_failed"] += d["outcome"] == "fail"
        elif ev.kind == "activated" and d["side"] == side and d["formation"].startswith("det:"):
            out["detachments"] += 1
        elif ev.kind == "hit" and u is not None:
            out["hits_taken"] += d["added"]
        elif ev.kind in ("destroyed", "removed") and u is not None:
            out[f"units_{ev.kind}"] += 1
    return out


def played(
    venues: list[str],
    kinds: tuple[str, str],
    seed: int,
    first: int,
    games: int,
    jobs: int,
    cluster: str | None = None,
) -> Iterator[dict[str, Any]]:
    """Games first..games-1 of a match, in order, played `jobs` at a time or on the Dask cluster whose
    scheduler is at `cluster` (a game is the same whichever process plays it, but for a search cut by
    its time cap on a loaded machine)."""
    calls = [(venues[i % len(venues)], seed + i, kinds, i % 2 == 1) for i in range(first, games)]
    if cluster is not None:
        for line in on_cluster(cluster, play_one, calls):
            yield {"kinds": list(kinds), **line}
        return
    if jobs <= 1:
        for call in calls:
            yield {"kinds": list(kinds), **play_one(*call)}
        return
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=spawn, initializer=builtin_rules.load) as pool:
        for line in pool.map(play_one, *zip(*calls, strict=True)):
            yield {"kinds": list(kinds), **line}


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def sum_up(lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The first player's share (a draw half) with its 95% interval (Wilson), per scenario too; the
    share of battles the objective race ended before round 6; each player's think times."""
    kinds = lines[0]["kinds"]
    wins = sum(1.0 if g["winner"] == 0 else 0.5 if g["winner"] is None else 0.0 for g in lines)
    lo, hi = wilson(wins, len(lines))
    by_scenario: dict[str, list[float]] = {}
    for g in lines:
        by_scenario.setdefault(g["scenario"], []).append(
            1.0 if g["winner"] == 0 else 0.5 if g["winner"] is None else 0.0
        )
    race = [g for g in lines if g["rule"] == "FG-VIC-4" and g["rounds"] < RACE_ROUND]
    ends: dict[str, int] = {}
    for g in lines:
        ends[g["rule"] or "max rounds"] = ends.get(g["rule"] or "max rounds", 0) + 1
    think = {}
    habits = {
        k: {h: sum(g["behaviour"][i].get(h, 0) for g in lines if "behaviour" in g) for h in HABITS}
        for i, k in enumerate(kinds)
    }
    for i, k in enumerate(kinds):
        for clock in ("wall_ms", "cpu_ms"):
            xs = [x for g in lines for x in g[clock][i]]
            think[f"{k} ({clock[:-3]})"] = {
                "decisions": len(xs),
                "median_ms": round(statistics.median(xs), 1),
                "p95_ms": round(_quantile(xs, 0.95), 1),
                "max_ms": round(max(xs), 1),
            }
    return {
        "a": kinds[0],
        "b": kinds[1],
        "games": len(lines),
        "draws": sum(1 for g in lines if g["winner"] is None),
        "share_a": round(wins / len(lines), 4),
        "interval_a": [round(lo, 4), round(hi, 4)],
        "by_scenario": {sc: [round(sum(xs) / len(xs), 3), len(xs)] for sc, xs in sorted(by_scenario.items())},
        "race_before_round_6": [len(race), round(len(race) / len(lines), 4)],
        "ends": dict(sorted(ends.items())),
        "behaviour": habits,
        "think": think,
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any] | None:
    p = argparse.ArgumentParser(prog="bench.ai_match")
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="hard-2026-11")
    p.add_argument("--games", type=int, default=14)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0, help="the first game's number (to go on with a match)")
    p.add_argument("--scenario", action="append", default=[])
    p.add_argument("--jobs", type=int, default=1, help="games played at once, each in its own process")
    p.add_argument(
        "--cluster", metavar="tcp://HOST:PORT", help="play the games on this Dask scheduler's cluster"
    )
    p.add_argument("--out", type=Path, help="append each game as a JSON line")
    p.add_argument("--summary", type=Path, help="sum up the games of this file and stop")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.summary is None:
        builtin_rules.load()
        venues = args.scenario or scenarios()
        lines = []
        try:
            cluster = None if args.cluster is None else checked_address(args.cluster)
            for line in played(
                venues, (args.a, args.b), args.seed, args.first, args.games, args.jobs, cluster
            ):
                lines.append(line)
                if args.out is not None:
                    with args.out.open("a", encoding="utf-8") as f:
                        f.write(json.dumps(line) + "\n")
        except UserError as e:
            print(f"error: {e}", file=sys.stderr)
            raise SystemExit(EXIT_BAD_INPUT) from None
    else:
        lines = [json.loads(x) for x in args.summary.read_text(encoding="utf-8").splitlines() if x.strip()]
    if not lines:
        return None
    out = sum_up(lines)
    if args.json:
        print(json.dumps(out))
        return out
    lo, hi = out["interval_a"]
    print(
        f"{out['a']} against {out['b']}: {out['games']} games ({out['draws']} drawn), "
        f"{out['a']} {out['share_a']:.1%} (95% {lo:.1%}-{hi:.1%})"
    )
    for sc, (share, n) in out["by_scenario"].items():
        print(f"  {sc}: {share:.1%} of {n}")
    n, share = out["race_before_round_6"]
    print(
        f"  ended by the objective race (FG-VIC-4) before round {RACE_ROUND}: {n} ({share:.1%}); "
        f"ends: {out['ends']}"
    )
    for who, h in out["behaviour"].items():
        print(f"  {who}: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in h.items()))
    for who, t in out["think"].items():
        print(
            f"  {who}: {t['decisions']} decisions, median {t['median_ms']} ms, p95 {t['p95_ms']} ms, "
            f"worst {t['max_ms']} ms"
        )
    return out


if __name__ == "__main__":
    main()
