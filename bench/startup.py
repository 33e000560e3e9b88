"""How long the command line takes to start: `python -m game --help`, whole processes (median). The
command line imports what its command needs, so the help loads no content, rules or window.

    python -m bench.startup [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from bench.timing import run_timed, warm_up


def help_time(runs: int) -> dict[str, float]:
    """Median wall and CPU seconds of `python -m game --help`."""
    cmd = [sys.executable, "-m", "game", "--help"]
    warm_up(cmd)
    walls, cpus, _out = zip(*(run_timed(cmd) for _ in range(runs)), strict=True)
    return {"wall_s": round(statistics.median(walls), 3), "cpu_s": round(statistics.median(cpus), 3)}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.startup")
    p.add_argument("--runs", type=int, default=9)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    t = help_time(args.runs)
    if args.json:
        print(json.dumps(t))
    else:
        print(f"python -m game --help: {t['wall_s']:.3f} s ({t['cpu_s']:.3f} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
