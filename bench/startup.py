"""How long the command line takes to start, whole processes (median after a warm-up): `python -m game
--help`, each command's `--help`, and the commands that answer at once (`modules`, `scenarios`,
`new-mod`), with how many modules of the game and of its libraries each one imported. The command line
imports what its command needs, so the help loads no content, rules or window (tests/test_cli_startup.py).

    python -m bench.startup [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.timing import run_timed, warm_up

# the commands that answer at once, run for real ({dir}: a folder that does not exist yet)
QUICK = (("modules",), ("scenarios",), ("new-mod", "{dir}"))
# what a process imported: the game's modules, and pygame's (the window's), and esper's and pymunk's
# (a battle's)
_COUNT = (
    "import runpy, sys\n"
    "sys.argv = ['game', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('game', run_name='__main__')\n"
    "except SystemExit:\n    pass\n"
    "tops = [m.split('.')[0] for m in sys.modules]\n"
    "print(*(sum(t in kind for t in tops) for kind in (('game', 'systems'), ('pygame', 'pygame_gui'),"
    " ('esper', 'pymunk'))), file=sys.stderr)\n"
)


def commands() -> list[str]:
    """The command line's commands, from its own parser."""
    from game.cli.entry import parser

    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def _imports(args: list[str], env: dict[str, str]) -> tuple[int, int, int]:
    """How many modules of the game, of pygame and of esper and pymunk a command imports."""
    err = subprocess.run(
        [sys.executable, "-c", _COUNT, *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        env=env,
    ).stderr
    game, window, battle = err.strip().splitlines()[-1].split()
    return int(game), int(window), int(battle)


def timed(args: list[str], runs: int, home: Path) -> dict[str, float | int]:
    """Median wall and CPU seconds of `python -m game ARGS` with an empty user folder in `home`, and
    what it imports. `{dir}` in ARGS is a new folder for each run."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")} | {"HOME": str(home)}

    def cmd(n: int) -> list[str]:
        return [sys.executable, "-m", "game", *(a.replace("{dir}", str(home / f"run{n}")) for a in args)]

    warm_up(cmd(-1), env)
    walls, cpus, _out = zip(*(run_timed(cmd(n), env=env) for n in range(runs)), strict=True)
    game, window, battle = _imports(cmd(runs)[3:], env)
    return {
        "wall_s": round(statistics.median(walls), 3),
        "cpu_s": round(statistics.median(cpus), 3),
        "game_modules": game,
        "pygame_modules": window,
        "esper_pymunk_modules": battle,
    }


def measure(runs: int) -> dict[str, dict[str, float | int]]:
    """Every figure, by the command line that was run."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)  # a command that reads the user folder reads an empty one
        out = {"--help": timed(["--help"], runs, home)}
        for name in commands():
            out[f"{name} --help"] = timed([name, "--help"], runs, home)
        for args in QUICK:
            out[" ".join(args).replace("{dir}", "DIR")] = timed(list(args), runs, home)
    return out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.startup")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    figures = measure(args.runs)
    if args.json:
        print(json.dumps(figures))
        return 0
    width = max(len(k) for k in figures) + len("python -m game ")
    for line, f in figures.items():
        print(
            f"{'python -m game ' + line:<{width}}  {f['wall_s']:.3f} s ({f['cpu_s']:.3f} s of CPU), "
            f"modules: {f['game_modules']} of the game, {f['pygame_modules']} of pygame, "
            f"{f['esper_pymunk_modules']} of esper and pymunk"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
