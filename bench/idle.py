"""How much of a core the window takes while the player looks at a still picture (issue 38): the game
in a real window on an X server of its own (Xvfb), left on each screen until it rests, then the CPU time
of its processes (the game and the AI's, from /proc) over a span of wall time, as a share of one core.
The X server's own share is given beside it (it copies every frame the game presents).

    python -m bench.idle [--seconds S] [--settle S] [--only NAME ...] [--shots DIR] [--json]

Needs Xvfb (and xdotool, for the replay paused at its end; imagemagick's `import` for --shots, a
picture of each screen as it was measured). Each screen is reached from the command
line: the start screen, a battle waiting for the player, the end screen (a finished battle loaded), Open
Wars waiting for the player, the editor, the replay viewer paused at its end, the lobby waiting for a
friend, and a network game both of whose windows run here (one waits for its player, the other for
the first)."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
SIZE = "1280x720"


@dataclass(frozen=True)
class Case:
    """A screen: the `play` arguments that reach it ({replay}: a finished battle's replay; {battle},
    {map}: a new battle's and Open Wars game's, which load as the player against the computer; {port}:
    a free port), a second window's (the other player of a network game), keys pressed once it shows."""

    name: str
    play: tuple[str, ...]
    other: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    measured: tuple[str, ...] = field(default=("window",))


CASES = (
    Case("start screen", ()),
    Case("battle, the player's turn", ("--load", "{battle}")),
    Case("end screen", ("--load", "{replay}")),
    Case("Open Wars, the player's turn", ("--load", "{map}")),
    Case("editor", ("--edit",)),
    Case("replay viewer, paused", ("--replay", "{replay}"), keys=("End",)),
    Case("lobby, hosting", ("--host", "127.0.0.1:{port}")),
    Case(
        "network game",
        ("--host", "127.0.0.1:{port}", "--name", "Host"),
        other=("--join", "127.0.0.1:{port}", "--name", "Guest"),
        measured=("host", "guest"),
    ),
)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process and every process below it, now."""
    total = 0.0
    for p in [pid, *_descendants(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rpartition(")")[2].split()
        except OSError:  # ended meanwhile
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK  # utime, stime
    return total


def _descendants(pid: int) -> list[int]:
    out: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return out
    for task in tasks:
        try:
            children = [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
        for c in children:
            out += [c, *_descendants(c)]
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def x_server() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """An X server of its own (a free display number), and its process."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SIZE}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as f:
        display = ":" + f.readline().strip()
    try:
        yield display, server
    finally:
        server.terminate()
        server.wait(10)


def finished_replay(folder: Path) -> Path:
    """A short battle played to its end by two computer players, as a replay."""
    path = folder / "finished.json"
    subprocess.run(
        [
            *(sys.executable, "-m", "game", "simulate", "--scenario", "quick-battle", "--seed", "3"),
            *("--a", "heuristic", "--b", "heuristic", "--save-replay", str(path)),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        timeout=600,
    )
    return path


def begun(folder: Path, scenario: str) -> Path:
    """A game just begun, as a replay: loaded, the player has the first side against the computer."""
    from game.running import builtin_rules
    from game.running.match import new_match, save

    builtin_rules.load()
    m = new_match(scenario, 1)
    path = folder / f"{scenario}.json"
    save(m, path)
    m.battle.close()
    return path


def measure(
    case: Case, files: dict[str, Path], home: Path, settle: float, seconds: float, shot: Path | None = None
) -> dict[str, float]:
    """Each measured window's share of a core (percent) and the X server's, once the screen rests;
    with `shot`, a picture of the screen after the span."""
    port = str(_free_port())

    def filled(args: tuple[str, ...]) -> list[str]:
        out = []
        for a in args:
            for name, path in files.items():
                a = a.replace("{" + name + "}", str(path))
            out.append(a.replace("{port}", port))
        return out

    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "SDL_VIDEODRIVER"))}
    env |= {"HOME": str(home), "SDL_AUDIODRIVER": "dummy"}
    with x_server() as (display, server):
        env["DISPLAY"] = display
        windows = {}
        try:
            windows[case.measured[0]] = subprocess.Popen(
                [sys.executable, "-m", "game", "play", *filled(case.play)], env=env, stderr=subprocess.DEVNULL
            )
            if case.other:
                time.sleep(3)  # the host listens first
                windows[case.measured[1]] = subprocess.Popen(
                    [sys.executable, "-m", "game", "play", *filled(case.other)],
                    env=env,
                    stderr=subprocess.DEVNULL,
                )
            time.sleep(settle)
            for key in case.keys:
                _press(key, env)
                time.sleep(2)
            before = {n: cpu_seconds(w.pid) for n, w in windows.items()}
            x_before = cpu_seconds(server.pid)
            t0 = time.perf_counter()
            time.sleep(seconds)
            wall = time.perf_counter() - t0
            if shot is not None:
                subprocess.run(["import", "-window", "root", str(shot)], env=env, check=False, timeout=30)
            out = {n: round(100 * (cpu_seconds(w.pid) - before[n]) / wall, 1) for n, w in windows.items()}
            out["X server"] = round(100 * (cpu_seconds(server.pid) - x_before) / wall, 1)
            for n, w in windows.items():
                if w.poll() is not None:
                    out[n] = float("nan")  # it ended: no figure
            return out
        finally:
            for w in windows.values():
                w.terminate()
            for w in windows.values():
                try:
                    w.wait(20)
                except subprocess.TimeoutExpired:
                    w.kill()
                    w.wait()


def _press(key: str, env: dict[str, str]) -> None:
    """A key pressed in the game's window: the pointer over it gives it the focus (no window manager)."""
    subprocess.run(["xdotool", "mousemove", "640", "360", "key", key], env=env, check=True, timeout=10)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.idle")
    p.add_argument("--seconds", type=float, default=10.0, help="the span measured")
    p.add_argument("--settle", type=float, default=15.0, help="seconds before it, for the screen to rest")
    p.add_argument("--only", action="append", default=[], help="the screens whose name holds this")
    p.add_argument("--shots", type=Path, help="a folder for a picture of each screen as measured")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    if shutil.which("Xvfb") is None:
        print("bench.idle: needs Xvfb (apt-get install xvfb)", file=sys.stderr)
        return 2
    cases = [c for c in CASES if not args.only or any(o in c.name for o in args.only)]
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        files = {
            "replay": finished_replay(home),
            "battle": begun(home, "default"),
            "map": begun(home, "ow-border-march"),
        }
        for case in cases:
            shot = args.shots / f"{re.sub('[^a-z]+', '-', case.name.lower())}.png" if args.shots else None
            figures[case.name] = measure(case, files, home, args.settle, args.seconds, shot)
            if not args.json:
                shares = ", ".join(f"{n} {v:.1f}%" for n, v in figures[case.name].items())
                print(f"{case.name:<30} {shares}", flush=True)
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
