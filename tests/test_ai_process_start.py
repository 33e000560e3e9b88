"""The AI's process starts wherever the game runs: forked from a server where the system has one, and
spawned where that server cannot start (its socket's path, under a long TMPDIR, too long for the
system), so a player whose temporary folder lies deep still has his computer opponent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game import ROOT

ASK = """
from game.running import builtin_rules
builtin_rules.load()
from game.running.match import new_match
from game.running.ai_process import RemoteError, Worker, _Starts
m = new_match("first-battle", 1)
d = m.battle.pending
w = Worker(m, {d.side: ("heuristic", 1)})
w.ask(d.side)
assert w.wait(60), "no answer"
answer = w.answer(m.battle.stack.commands)
w.close()
assert answer is not None and not isinstance(answer, RemoteError), answer  # a command, not a RemoteError
print(_Starts.method, type(answer).__name__)
"""


def _asked(tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TMPDIR": str(tmp)}
    return subprocess.run([sys.executable, "-c", ASK], cwd=ROOT, env=env, capture_output=True, text=True)


def test_an_ai_process_forks_from_its_server_where_the_system_has_one(tmp_path: Path) -> None:
    done = _asked(tmp_path)
    assert done.returncode == 0, done.stderr
    expected = "forkserver" if sys.platform != "win32" else "spawn"
    assert done.stdout.split()[0] == expected


def test_a_temporary_folder_too_deep_for_the_servers_socket_spawns_the_ai_instead(tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 100) / ("e" * 100)  # a Unix socket's path holds at most ~107 bytes
    deep.mkdir(parents=True)
    done = _asked(deep)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "spawn"
