"""Timing whole processes: wall seconds, as a player waits, and the CPU seconds they used (less
swayed by whatever else the machine runs)."""

from __future__ import annotations

import os
import resource
import subprocess
import time


def run_timed(
    cmd: list[str], timeout: float = 900, check: bool = False, env: dict[str, str] | None = None
) -> tuple[float, float, str]:
    """Run a command to its end (in `env`, else this process's environment); (wall seconds, CPU
    seconds of user and system, what it printed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        check=check,
        timeout=timeout,
        env=env,
    ).stdout
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def warm_up(cmd: list[str], env: dict[str, str] | None = None) -> None:
    """Run once untimed, letting Python write its bytecode even where the environment says not to
    (PYTHONDONTWRITEBYTECODE): a player's second start reads it, and so do the timed runs."""
    env = {k: v for k, v in (env or os.environ).items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env, timeout=900
    )
