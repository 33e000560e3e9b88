"""Do the generals still play the same games? A set of whole games (hard against hard on three
scenarios, normal against normal, the two reference generals, Open Wars, a campaign's first turns),
each played by `simulate` with the think cap out of the way (its clock frozen, as
tests/test_ai_reference.py does: only the count of positions ends a search), and the SHA-256 of what
it printed (--json) and of its replay. An optimisation that claims to change nothing must leave them
all the same: record them before, check them after.

    python -m bench.same_games --out FILE      # record
    python -m bench.same_games --check FILE    # the same? (exit 1 if any game differs)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import types
from collections.abc import Sequence
from pathlib import Path

from bench.timing import run_timed

HARD = ("--rounds", "10", "--a", "hard", "--b", "hard")
GAMES: dict[str, tuple[str, ...]] = {
    **{f"hard-default-{s}": (*HARD, "--seed", str(s)) for s in (1, 2, 3, 4)},
    **{f"hard-{sc}-1": (*HARD, "--scenario", sc, "--seed", "1") for sc in ("albuera", "bailen")},
    **{
        f"normal-default-{s}": ("--rounds", "10", "--a", "normal", "--b", "normal", "--seed", str(s))
        for s in (1, 2)
    },
    "references-default-1": ("--rounds", "10", "--a", "hard-2026-12", "--b", "hard-2026-11", "--seed", "1"),
    "open-wars-1": ("--scenario", "ow-twin-fords", "--a", "hard", "--b", "hard", "--seed", "1"),
    "campaign-1": ("--campaign", "peninsular", "--seed", "1", "--turns", "3"),
}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def record() -> dict[str, dict[str, object]]:
    """Each game's digests and the CPU seconds it took."""
    out: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, args in GAMES.items():
            replay = Path(folder) / f"{name}.json"
            cmd = [sys.executable, "-m", "bench.same_games", "--play", "simulate", "--json"]
            _wall, cpu, printed = run_timed([*cmd, "--save-replay", str(replay), *args], check=True)
            out[name] = {
                "json": _digest(printed.encode()),
                "replay": _digest(replay.read_bytes()),
                "cpu_s": round(cpu, 2),
            }
            print(f"{name}: {out[name]['cpu_s']} s of CPU", file=sys.stderr)
    return out


def _play(argv: list[str]) -> int:
    """`python -m game ARGS` with the search's think cap out of the way."""
    import game.ai.budget

    game.ai.budget.time = types.SimpleNamespace(thread_time=lambda: 0.0)  # type: ignore[assignment]
    from game.cli.entry import main

    return main(argv)


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.same_games")
    p.add_argument("--out", type=Path, help="write the games' digests here")
    p.add_argument("--check", type=Path, help="compare the games with the digests recorded here")
    p.add_argument("--play", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.play is not None:
        return _play(args.play)
    found = record()
    if args.out is not None:
        args.out.write_text(json.dumps(found, indent=1) + "\n")
    if args.check is None:
        return 0
    before = json.loads(args.check.read_text())
    changed = False
    for n in GAMES:
        was = before.get(n, {})
        same = all(found[n][k] == was.get(k) for k in ("json", "replay"))
        changed = changed or not same
        print(
            f"{n}: {'the same' if same else 'DIFFERENT'} ({was.get('cpu_s')} -> {found[n]['cpu_s']} s of CPU)"
        )
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
