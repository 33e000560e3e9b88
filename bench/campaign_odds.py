"""The odds told before a campaign's battles (CAMP-DEC-24) against what happened: the battles of whole
AI-against-AI campaigns (bench/campaign.py, or their JSON lines saved with --out), each side's stated
chance of winning binned by tenths and compared with the share that won (with its 95% interval,
Wilson: a band of few battles says little); the expected losses with the losses. `--fit` prints the
model's coefficients fitted to these battles by maximum likelihood (the ordered logistic's scale, the
defender's edge, the band of draws; the losses' two shares by least squares on the brigades lost),
to be written into content/modules/campaign/numbers.toml.

    nice python -m bench.campaign_odds [--campaigns 40] [--workers 1] [--out FILE | --read FILE] [--fit]
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from bench.campaign import played
from game.running.ratings import wilson

BINS = 10
MIN_IN_BIN = 20  # a bin with fewer battles says too little to be counted


def battles(results: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every battle of the campaigns with its stated odds and what happened."""
    out = []
    for r in results:
        for b in r["battles"]:
            if b.get("odds") and b["end_reason"] != "in progress":
                out.append(b)
    return out


def outcomes(b: dict[str, Any]) -> list[tuple[float, bool]]:
    """(stated chance, happened) for each side's win and for the draw."""
    odds = b["odds"]
    pairs = [(odds["win"][s], b["winner"] == s) for s in odds["win"]]
    return [*pairs, (odds["draw"], b["winner"] is None)]


def calibration(found: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Stated against happened by tenths of the stated chance; the largest gap in a bin of enough
    battles, the mean gap weighted by battles, and the Brier score."""
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    brier = []
    for b in found:
        for p, hit in outcomes(b):
            bins[min(BINS - 1, int(p * BINS))].append((p, hit))
            brier.append((p - hit) ** 2)
    rows = []
    for k, items in enumerate(bins):
        if not items:
            continue
        stated = sum(p for p, _ in items) / len(items)
        hits = sum(1 for _, h in items if h)
        lo, hi = wilson(hits, len(items))
        happened = round(hits / len(items), 3)
        rows.append({"bin": k, "n": len(items), "stated": round(stated, 3), "happened": happened,
                     "happened_95": (round(lo, 3), round(hi, 3))})  # fmt: skip
    counted = [r for r in rows if r["n"] >= MIN_IN_BIN]
    gaps = [abs(r["stated"] - r["happened"]) for r in counted]
    weight = sum(r["n"] for r in counted) or 1
    losses = [(b["odds"]["losses"][s], b["losses"][s]) for b in found for s in b["odds"]["losses"]]
    return {
        "battles": len(found),
        "bins": rows,
        "largest_gap": round(max(gaps), 3) if gaps else None,
        "mean_gap": round(sum(abs(r["stated"] - r["happened"]) * r["n"] for r in counted) / weight, 3),
        "brier": round(sum(brier) / len(brier), 4) if brier else None,
        "losses": {
            "expected": round(sum(e for e, _ in losses) / max(1, len(losses)), 2),
            "lost": round(sum(x for _, x in losses) / max(1, len(losses)), 2),
        },
    }


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def fit(found: Sequence[dict[str, Any]]) -> dict[str, float]:
    """The ordered logistic's coefficients that make these battles likeliest (a coarse grid, then a
    finer one about the best), and the losses' shares by least squares."""
    data = []
    for b in found:
        f = b["odds"]["forces"]
        att = b["attacker"]
        dfn = next(s for s in f if s != att)
        r = math.log(max(f[att], 0.05)) - math.log(max(f[dfn], 0.05))
        data.append((r, 1 if b["winner"] == att else -1 if b["winner"] == dfn else 0))

    def loglik(scale: float, ground: float, draw: float) -> float:
        total = 0.0
        for r, y in data:
            x = scale * r - ground
            pa, pd = _sigmoid(x - draw), _sigmoid(-x - draw)
            p = pa if y == 1 else pd if y == -1 else max(1e-9, 1 - pa - pd)
            total += math.log(max(p, 1e-9))
        return total

    best = (0.0, 0.0, 0.0)
    for step in (0.5, 0.1, 0.02):
        grid = [(best[0] + i * step, best[1] + j * step, best[2] + k * step)
                for i in range(-10, 11) for j in range(-10, 11) for k in range(-10, 11)]  # fmt: skip
        best = max((g for g in grid if g[0] >= 0 and g[2] >= 0), key=lambda g: loglik(*g))
    scale, ground, draw = best
    rows = []
    for b in found:
        f = b["odds"]["forces"]
        att = b["attacker"]
        dfn = next(s for s in f if s != att)
        x = scale * (math.log(max(f[att], 0.05)) - math.log(max(f[dfn], 0.05))) - ground
        for side, weak in ((att, _sigmoid(-x)), (dfn, _sigmoid(x))):
            brought = b["brigades_before"][side]
            rows.append((brought, brought * weak, b["losses"][side]))
    # brigades lost = brought * (base + weak * weakness), by least squares in brigades (the stated
    # expectation is in brigades: a share of a small battle must not weigh as much as of a great one)
    suu, suv, svv = (
        sum(u * u for u, _, _ in rows),
        sum(u * v for u, v, _ in rows),
        sum(v * v for _, v, _ in rows),
    )
    suy, svy = sum(u * y for u, _, y in rows), sum(v * y for _, v, y in rows)
    det = suu * svv - suv * suv
    base = (suy * svv - svy * suv) / det if det else 0.0
    slope = (svy * suu - suy * suv) / det if det else 0.0
    if base < 0:  # no share lost whoever wins: the line through nought that fits best
        base, slope = 0.0, svy / (svv or 1.0)
    return {
        "odds_scale": round(scale, 2),
        "odds_ground": round(ground, 2),
        "odds_draw": round(draw, 2),
        "loss_base": round(base, 3),
        "loss_weak": round(max(0.0, slope), 3),
    }


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="bench.campaign_odds")
    p.add_argument("--campaign", default="peninsular")
    p.add_argument("--campaigns", type=int, default=40)
    p.add_argument("--level", default="normal")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", metavar="FILE", help="save each campaign's result as a JSON line")
    p.add_argument(
        "--read", metavar="FILE", help="read campaigns saved by --out (or bench.campaign --json-lines)"
    )
    p.add_argument("--fit", action="store_true", help="print the coefficients fitted to these battles")
    args = p.parse_args(argv)
    if args.read:
        results = [json.loads(line) for line in Path(args.read).read_text().splitlines() if line.strip()]
    else:
        out = Path(args.out) if args.out else None
        results = played(
            args.campaign, args.campaigns, args.level, "auto", args.seed, args.workers, False, out
        )
    found = battles(results)
    c = calibration(found)
    print(f"{c['battles']} battles of {len(results)} campaigns: stated chance against what happened")
    for row in c["bins"]:
        mark = "" if row["n"] >= MIN_IN_BIN else "  (too few)"
        lo, hi = row["happened_95"]
        print(f"  {row['bin'] * 10:>3}-{row['bin'] * 10 + 10}%: {row['n']:>4} outcomes, "
              f"stated {100 * row['stated']:.1f}%, happened {100 * row['happened']:.1f}% "
              f"({100 * lo:.0f}-{100 * hi:.0f}%){mark}")  # fmt: skip
    print(f"  largest gap {c['largest_gap']}, mean gap {c['mean_gap']}, Brier {c['brier']}")
    print(
        f"  brigades lost a side and battle: expected {c['losses']['expected']}, lost {c['losses']['lost']}"
    )
    if args.fit:
        print("  fitted:", json.dumps(fit(found)))


if __name__ == "__main__":
    main()
