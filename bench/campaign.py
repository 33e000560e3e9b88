"""The campaign measured (issue 36): whole AI-against-AI campaigns, headless, each seed a war whose two
strategic generals' seeds swap sides every other campaign. Prints each campaign's time, battles and
winner, then: the time of a whole campaign (median, slowest), battles per campaign, the share each
side won (neither should be above 65%), and the comeback rate: how often the side that lost the first
battle won the war (25-40% is the aim against the death spiral and the runaway snowball); each share
with its 95% interval (Wilson). With `--against LEVEL`, a match of two levels: each seed's war is played
twice, the levels swapping sides, and the first level's share (a win, and half a draw) is given too.

    nice python -m bench.campaign [--campaign peninsular] [--campaigns 40] [--level normal]
                                  [--against LEVEL] [--resolve auto|table] [--seed 1] [--workers 1]
                                  [--json] [--out FILE | --read FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from game.ai.players import campaign_player
from game.running import builtin_rules
from game.running.campaign_match import new_campaign, play, summary
from game.running.ratings import wilson


def campaign(
    ref: str, seed: int, level: str, resolve: str, swap: bool, against: str | None = None
) -> dict[str, Any]:
    """One whole campaign: its summary, the seconds it took (process time and wall clock) and each
    side's level. `swap`: the two generals' seeds, and levels, change sides."""
    builtin_rules.load()
    start, cpu = time.perf_counter(), time.process_time()
    m = new_campaign(ref, seed)
    try:
        sides = list(m.war.sides)
        order = -1 if swap else 1
        seeds, levels = [seed, seed + 1][::order], [level, against or level][::order]
        generals = zip(sides, levels, seeds, strict=True)
        play(m, {s: campaign_player(lv, s, k, resolve) for s, lv, k in generals})
        out = summary(m)
    finally:
        m.war.close()
    out |= {"level": level, "resolve": resolve, "levels": dict(zip(sides, levels, strict=True))}
    out["seconds"] = time.perf_counter() - start
    out["cpu"] = time.process_time() - cpu
    return out


def first_loser(result: dict[str, Any]) -> str | None:
    """The side that lost the first battle won by either side, or None."""
    for b in result["battles"]:
        if b["winner"] is not None:
            sides = set(b["losses"])
            return next(s for s in sides if s != b["winner"])
    return None


def played(
    ref: str,
    n: int,
    level: str,
    resolve: str,
    first: int,
    workers: int,
    quiet: bool,
    out: Path | None = None,
    against: str | None = None,
) -> list[dict[str, Any]]:
    """`n` campaigns from seed `first` on, their results (each also a JSON line of `out`, when given):
    each seed's generals swapping sides every other campaign; against a level, each seed's war twice."""
    per_seed = 1 if against is None else 2
    jobs = [(ref, first + k // per_seed, level, resolve, k % 2 == 1, against) for k in range(n)]
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for r in pool.map(campaign, *zip(*jobs, strict=True)):
            results.append(r)
            if out is not None:
                with out.open("a") as f:
                    f.write(json.dumps(r) + "\n")
            if not quiet:
                won = f"{r['winner'] or 'draw'} ({r['end_reason']}), turn {r['turns']}, {r['levels']}"
                took = f"{len(r['battles'])} battles, {r['seconds']:.1f} s ({r['cpu']:.1f} s processor)"
                print(f"  seed {r['seed']}: {won}, {took}", flush=True)
    return results


def _rounded(interval: tuple[float, float]) -> tuple[float, float]:
    return (round(interval[0], 3), round(interval[1], 3))


def measure(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The figures of whole campaigns: time, battles, each side's share of the wins, comebacks."""
    n = len(results)
    wins: dict[str, int] = {}
    for r in results:
        key = r["winner"] or "draw"
        wins[key] = wins.get(key, 0) + 1
    losers = [(first_loser(r), r["winner"]) for r in results]
    comebacks = [w == loser for loser, w in losers if loser is not None]
    battles = [len(r["battles"]) for r in results]
    seconds = [r["seconds"] for r in results]
    cpu = [r["cpu"] for r in results]
    return {
        "campaign": results[0]["campaign"],
        "campaigns": n,
        "level": results[0].get("level"),
        "resolve": results[0].get("resolve"),
        "wins": wins,
        "shares": {k: round(v / n, 3) for k, v in wins.items()},
        "shares_95": {k: _rounded(wilson(v, n)) for k, v in wins.items()},
        "battles": {"mean": statistics.mean(battles), "min": min(battles), "max": max(battles)},
        "comeback": round(sum(comebacks) / len(comebacks), 3) if comebacks else None,
        "comeback_95": _rounded(wilson(sum(comebacks), len(comebacks))),
        "first_battle_decided": len(comebacks),
        "seconds": {"median": statistics.median(seconds), "max": max(seconds)},
        "processor_seconds": {"median": statistics.median(cpu), "max": max(cpu)},
        "turns": statistics.mean(r["turns"] for r in results),
        **_match(results),
    }


def _match(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Of a match of two levels (`--against`): the first level's wins, losses and draws, its share (a
    win and half a draw) with its 95% interval, and its wins by the side it played."""
    levels: list[dict[str, str]] = [r.get("levels") or {} for r in results]
    if not all(levels) or len({lv for x in levels for lv in x.values()}) != 2:
        return {}
    first = results[0]["levels"][next(iter(results[0]["levels"]))]  # the first side's in the first war
    by_side: dict[str, list[int]] = {}  # the side it played: [wars won, wars]
    for r in results:
        side = next(s for s, lv in r["levels"].items() if lv == first)
        by_side.setdefault(side, [0, 0])[0] += r["winner"] == side
        by_side[side][1] += 1
    won = sum(w for w, _k in by_side.values())
    drawn = sum(r["winner"] is None for r in results)
    n = len(results)
    share = (won + drawn / 2) / n
    return {
        "match": {
            "level": first,
            "against": next(lv for x in levels for lv in x.values() if lv != first),
            "won": won,
            "lost": n - won - drawn,
            "drawn": drawn,
            "share": round(share, 3),
            "share_95": _rounded(wilson(won + drawn / 2, n)),
            "won_by_side": {s: f"{w} of {k}" for s, (w, k) in sorted(by_side.items())},
        }
    }


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="bench.campaign")
    p.add_argument("--campaign", default="peninsular")
    p.add_argument("--campaigns", type=int, default=40)
    p.add_argument("--level", default="normal", help="both sides' strategic generals (easy, normal, hard)")
    p.add_argument("--against", metavar="LEVEL", help="a match: --level against this level, sides swapped")
    p.add_argument("--resolve", default="auto", choices=("auto", "table"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--out", metavar="FILE", help="also save each campaign's result as a JSON line")
    p.add_argument("--read", metavar="FILE", help="the figures of campaigns saved by --out, none played")
    args = p.parse_args(argv)
    if args.read:
        results = [json.loads(x) for x in Path(args.read).read_text().splitlines() if x.strip()]
    else:
        out_file = Path(args.out) if args.out else None
        results = played(args.campaign, args.campaigns, args.level, args.resolve, args.seed, args.workers,
                         args.json, out_file, args.against)  # fmt: skip
    out = measure(results)
    if args.json:
        print(json.dumps(out, sort_keys=True))
        return
    print(f"{out['campaigns']} campaigns of {out['campaign']}, {out['level']} generals, {out['resolve']}")
    wall, cpu = out["seconds"], out["processor_seconds"]
    print(f"  a whole campaign: {wall['median']:.1f} s median, {wall['max']:.1f} s the slowest")
    print(f"  of processor: {cpu['median']:.1f} s median, {cpu['max']:.1f} s the slowest")
    b = out["battles"]
    print(
        f"  battles per campaign: {b['mean']:.1f} (from {b['min']} to {b['max']}); turns {out['turns']:.1f}"
    )
    print(f"  won: {out['wins']} (shares {out['shares']}, Wilson 95% {out['shares_95']})")
    print(
        f"  the loser of the first battle won the war in {out['comeback']} of {out['first_battle_decided']}"
        f" (Wilson 95% {out['comeback_95']})"
    )
    if "match" in out:
        mt = out["match"]
        print(
            f"  {mt['level']} against {mt['against']}: won {mt['won']}, lost {mt['lost']},"
            f" drawn {mt['drawn']}; share {mt['share']} (Wilson 95% {mt['share_95']});"
            f" won by side {mt['won_by_side']}"
        )


if __name__ == "__main__":
    main()
