"""Sound: the effects play when their animation is reached, a skipped animation is silent, the game
is silent (never broken) without an audio device, and the files are the script's own output."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import ASSETS
from game.model.events import Phase, Roll
from game.ui.drawing.display import Display
from game.ui.sound import SOUNDS, Sounds
from tests.ui.driver import open_screen


def load_make_sounds():  # type: ignore[no-untyped-def]
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_sounds", ASSETS / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sound_files_are_the_scripts_output(tmp_path: Path) -> None:
    made = load_make_sounds().make(tmp_path)
    assert {p.name for p in made} == {p.name for p in SOUNDS.glob("*.wav")}
    for p in made:
        assert p.read_bytes() == (SOUNDS / p.name).read_bytes(), p.name
    assert sum(p.stat().st_size for p in made) < 600_000


def test_a_volley_sounds_when_its_animation_is_reached(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="human")
    b = screen.battle
    d = Display()
    d.sync(b)
    shooter = next(n for n in b.ids if n.endswith("a") and "-" in n)
    d.feed(b, [Phase(round=1, phase="activations", rule="FG-ACT-1")])
    d.feed(b, [Roll(check="fire", unit=shooter, die=4, modifiers=(), total=4, outcome="miss")])
    assert d.cues == []  # nothing yet: the animations have not started
    d.tick(0.001)
    assert d.cues[:1] == ["drums"]
    d.tick(5.0)
    assert d.cues[-1] in ("volley", "cannon") and d.cues.count("dice") == 0
    d.cues.clear()
    d.feed(b, [Roll(check="morale", unit=shooter, die=4, modifiers=(), total=4, outcome="pass")])
    d.skip()
    assert d.cues == []  # a skipped animation makes no noise
    screen.close()


def test_without_an_audio_device_the_game_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device() -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sounds()
    assert not s.on
    s.play("volley")  # nothing happens, nothing breaks
    s.music(True)
