"""A big battle: 200 brigades a side (50 divisions of four) on the largest table the limits allow,
heuristic against heuristic. Reports the median time to set it up and deploy, and to play round 1
(initiative, every activation with its orders and reactions, the estados mayores' moves).

    python -m bench.big_battle [--runs N] [--units N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

TABLE = (240, 120)


def scenario(units_a_side: int) -> str:
    """A scenario of `units_a_side` line brigades a side, in divisions of four."""
    lines = ['id = "big"', 'name = "Big"', f"table = [{TABLE[0]}, {TABLE[1]}]", "max_rounds = 1"]
    for side, edge in (("a", "south"), ("b", "north")):
        lines += ["", "[[sides]]", f'id = "{side}"', f'name = "{side}"', f'edge = "{edge}"']
        lines += ["[sides.staff]", "experience = 3"]
        for d in range(units_a_side // 4):
            units = ", ".join(
                f'{{ id = "{side}{d}u{k}", category = "{"LnInf" if k % 4 else "LI"}", quality = "R" }}'
                for k in range(4)
            )
            lines += ["[[sides.divisions]]", f'id = "{side}{d}"', "experience = 3", "arrival = 0"]
            lines.append(f"units = [{units}]")
    return "\n".join(lines) + "\n"


def run_once(path: Path, seed: int) -> tuple[float, float]:
    from game.ai.players import make_player
    from game.running.match import new_match, play

    t0 = time.perf_counter()
    m = new_match(str(path), seed, 1)
    players = {s: make_player("heuristic", s, seed + i) for i, s in enumerate(m.battle.game.sides)}  # type: ignore[union-attr]
    play(m, players, until=lambda x: x.battle.game is not None and x.battle.game.round >= 1)
    t1 = time.perf_counter()
    play(m, players)
    t2 = time.perf_counter()
    m.battle.close()
    return t1 - t0, t2 - t1


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(prog="python -m bench.big_battle")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--units", type=int, default=200, help="brigades a side")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.toml"
        path.write_text(scenario(args.units))
        times = [run_once(path, seed) for seed in range(1, args.runs + 1)]
    result = {
        "units_a_side": args.units,
        "setup_and_deploy_s": round(statistics.median(t[0] for t in times), 2),
        "round_s": round(statistics.median(t[1] for t in times), 2),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.units} brigades a side: set-up and deployment {result['setup_and_deploy_s']} s, "
            f"round 1 {result['round_s']} s (medians of {args.runs})"
        )
    return result


if __name__ == "__main__":
    main()
