"""How many commands an honest game holds: every shipped scenario played to its end by computer
players (the random one gives the most orders; the heuristic one the longest Open Wars games), with
each rule module, and Open Wars's random map with four players on a large map. The longest sets the
limit a replay or save may hold (game/running/match.py, MAX_REPLAY_COMMANDS).

    python -m bench.replay_lengths [--seeds N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import tempfile
from pathlib import Path

from game import CONTENT
from game.cli.entry import main as cli

MODULES = ["warhammer-charges", "warhammer-terrain", "dias-terrain", "dias-combat", "clash-command"]


def games(seeds: int) -> list[list[str]]:
    out = []
    for seed in range(1, seeds + 1):
        for path in sorted(CONTENT.glob("scenarios/*.toml")):
            for a in ("random", "heuristic"):
                out.append(["--scenario", path.stem, "--seed", str(seed), "--a", a, "--b", "random"])
        for module in MODULES:
            out.append(["--module", module, "--seed", str(seed), "--a", "random", "--b", "random"])
        for path in sorted(CONTENT.glob("scenarios/open-wars/*.toml")):
            extra = ["--players", "4", "--map-size", "large"] if path.stem == "ow-random" else []
            for a in ("random", "heuristic"):
                out.append(["--scenario", path.stem, *extra, "--seed", str(seed), "--a", a, "--b", a])
    return out


def commands_of(argv: list[str], folder: Path) -> int:
    replay = folder / "r.json"
    with contextlib.redirect_stdout(io.StringIO()):
        cli(["simulate", *argv, "--save-replay", str(replay)])
    return len(json.loads(replay.read_text())["commands"])


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.replay_lengths")
    p.add_argument("--seeds", type=int, default=2)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        counted = [(commands_of(g, Path(tmp)), " ".join(g)) for g in games(args.seeds)]
    counted.sort(reverse=True)
    print(f"{len(counted)} games; the longest:")
    for n, what in counted[:5]:
        print(f"{n:>7} commands: simulate {what}")


if __name__ == "__main__":
    main()
