"""The AI's process is watched: one that stops answering (SIGSTOP) is killed once its player's budget
and a margin have passed, a new one is asked again and the player is told; one that never answers
after two new ones hands its side to the player, saved and reported as a failure. Nothing the window
sends can block it (a stopped process's pipe fills), close() ends even a stopped process, and the
process runs under memory and processor-time limits where the platform has them."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.model import commands as cmd
from game.running.ai_process import MEMORY_LIMIT, Worker, limit_cpu, limit_memory
from game.running.match import new_match
from game.ui.battle.screen import BattleScreen
from game.ui.playing.ai_turns import RESTARTS
from tests.ui.driver import open_screen

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")


def stop(w: Worker) -> None:
    assert w.pid is not None
    os.kill(w.pid, signal.SIGSTOP)


def run_until(screen: BattleScreen, window: pygame.Surface, done: object, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        screen.display.skip()
        screen.ai.wait = 0
        screen.update(0.05)
        screen.draw(window)
        if done():  # type: ignore[operator]
            return
        time.sleep(0.02)
    raise AssertionError("it never happened")


def test_a_stopped_process_is_killed_replaced_and_the_player_told(window: pygame.Surface) -> None:
    screen = open_screen(window, a="heuristic", b="heuristic")
    screen.ai.margin = 0.5  # heuristic players have no budget: the margin alone
    stuck = screen.ai.worker
    assert stuck is not None
    stop(stuck)
    before = len(screen.match.commands)
    run_until(screen, window, lambda: screen.alert is not None)
    assert "stopped answering" in (screen.alert or "") and screen.log.lines[-1].text == screen.alert
    assert not stuck._proc.is_alive()  # killed, even stopped
    assert screen.ai.worker is not None and screen.ai.worker is not stuck
    screen.ai.margin = 120  # the new one has all the time it needs, however loaded the machine
    run_until(screen, window, lambda: len(screen.match.commands) > before + 2, 120)  # it plays on
    assert set(screen.controllers.values()) == {"heuristic"} and screen.ai.restarts == 0
    screen.close()


def test_a_process_that_never_answers_hands_its_side_to_the_player(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch, data_home: Path
) -> None:
    started: list[Worker] = []
    real_init = Worker.__init__

    def stopped_at_birth(self: Worker, *args: object, **kwargs: object) -> None:
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]
        started.append(self)
        stop(self)

    monkeypatch.setattr(Worker, "__init__", stopped_at_birth)
    screen = open_screen(window, a="heuristic", b="human")
    screen.ai.margin = 0.3
    side = screen.battle.pending.side  # type: ignore[union-attr]
    assert screen.controllers[side] == "heuristic"
    run_until(screen, window, lambda: screen.controllers[side] == "human")
    assert len(started) == RESTARTS + 1  # the first and the new ones, each killed in turn
    assert all(not w._proc.is_alive() for w in started) and screen.ai.worker is None
    assert "Unresponsive" in (screen.alert or "")
    assert sorted((data_home / "forglory" / "saves").glob("recovered-default-*.json"))
    screen.close()


def test_the_window_never_blocks_on_a_stopped_process_and_close_ends_it() -> None:
    m = new_match("default", 3)
    w = Worker(m, {"fr": ("heuristic", 1), "es": ("heuristic", 2)})
    try:
        stop(w)
        c = cmd.Pass()
        t0 = time.monotonic()
        for _ in range(20_000):  # far more than a pipe holds
            w.applied(c)
        assert w.stuck and time.monotonic() - t0 < 10
        t0 = time.monotonic()
        w.close(grace=0.5)
        assert not w._proc.is_alive() and time.monotonic() - t0 < 5
    finally:
        m.battle.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/<pid>/limits")
def test_the_process_runs_under_memory_and_cpu_limits() -> None:
    m = new_match("default", 3)
    w = Worker(m, {"fr": ("heuristic", 1), "es": ("heuristic", 2)})
    try:
        w.ask(m.battle.pending.side)  # type: ignore[union-attr]
        assert w.wait(60)  # it has set its limits by its first answer
        limits = Path(f"/proc/{w.pid}/limits").read_text().splitlines()
        address = next(line for line in limits if line.startswith("Max address space")).split()
        cpu = next(line for line in limits if line.startswith("Max cpu time")).split()
        assert int(address[3]) == MEMORY_LIMIT
        assert cpu[3] != "unlimited" and 0 < int(cpu[3]) < 400
    finally:
        w.close()
        m.battle.close()


def _spin(seconds: float) -> None:
    limit_cpu(seconds)
    while True:
        pass


def _allocate(limit: int) -> None:
    limit_memory(limit)
    try:
        bytearray(4 * limit)
    except MemoryError:
        sys.exit(3)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_CPU and RLIMIT_AS as Linux has them")
def test_the_limits_end_a_runaway_process() -> None:
    ctx = multiprocessing.get_context("fork")
    spinner = ctx.Process(target=_spin, args=(1,))
    spinner.start()
    spinner.join(120)  # a second of CPU, which a loaded machine may take long to give
    ended = spinner.exitcode
    if ended is None:
        spinner.kill()
    assert ended == -signal.SIGXCPU
    glutton = ctx.Process(target=_allocate, args=(256 << 20,))
    glutton.start()
    glutton.join(30)
    assert glutton.exitcode == 3
