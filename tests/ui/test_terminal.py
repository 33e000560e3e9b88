"""The terminal the game runs from: no chatter of the sound libraries on a machine without sound, and
SIGTERM or SIGHUP save the battle (or the Open Wars game) under way and end the game with exit 0."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.running.saves import load_game
from game.ui.sound import quiet_audio

SIGTERM_BIT = 1 << (signal.SIGTERM - 1)


def _env(home: Path, **more: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        **more,
    }


def test_the_audio_libraries_chatter_is_dropped_and_the_rest_kept(capfd: pytest.CaptureFixture[str]) -> None:
    with quiet_audio():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        os.write(2, b"something else went wrong\n")
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    assert capfd.readouterr().err == "something else went wrong\n"


def test_no_alsa_noise_on_a_machine_without_sound(tmp_path: Path) -> None:
    """ALSA asked for a card that is not there (as on a machine without sound): the game is silent and
    says nothing of it, however many times sound is asked for (the start screen, then the battle)."""
    env = _env(tmp_path, SDL_AUDIODRIVER="alsa", ALSA_CARD="no-such-card")
    played = subprocess.run(
        [sys.executable, "-m", "game", "play", "--demo", "--frames", "5"],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "ALSA" not in played.stderr and played.stderr.strip() == ""


def _handling_sigterm(pid: int) -> bool:
    """Has the process put its own handler on SIGTERM yet (Linux: /proc/<pid>/status, SigCgt)?"""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) & SIGTERM_BIT)
    return False


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="needs /proc to see the handler")
@pytest.mark.parametrize(
    ("scenario", "sent"),
    [("default", signal.SIGTERM), ("ow-twin-fords", signal.SIGTERM), ("first-battle", signal.SIGHUP)],
)
def test_a_stopping_signal_saves_the_battle_and_ends(tmp_path: Path, scenario: str, sent: int) -> None:
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "play", "--demo", "--scenario", scenario],
        env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not _handling_sigterm(game.pid):
            assert game.poll() is None and time.monotonic() < deadline, "the game never took the signals"
            time.sleep(0.05)
        time.sleep(0.5)  # a few frames: the battle is on the screen, its generals at work
        game.send_signal(sent)
        _, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
    assert game.returncode == 0, err
    assert "Traceback" not in err
    saves = list((tmp_path / "data" / "forglory" / "saves").glob("autosave-*.json"))
    assert len(saves) == 1, err
    assert f"{signal.Signals(sent).name}: the battle is saved as {saves[0]}" in err
    m, players = load_game(saves[0])
    try:
        assert m.scenario.id == scenario and m.battle.pending is not None
        assert set(players.values()) == {"hard"}
    finally:
        m.battle.close()
