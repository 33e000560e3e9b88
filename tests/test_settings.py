"""A player's settings are remembered in the user's config folder; a damaged file never stops the
game: what cannot be read keeps its default, and the player is told which key."""

from __future__ import annotations

import json
from pathlib import Path

from game.running.settings import Settings, fitted_window, load_settings, settings_file


def test_settings_are_remembered(tmp_path: Path) -> None:
    assert load_settings() == (Settings(), [])  # none saved yet: the defaults
    s = Settings(
        speed=4.0, window=(1920, 1080), colour_blind=True, sound=0.25, music=0.0, ui_scale=1.5, ai_think=2.0
    )
    s.save()
    assert settings_file().parent.name == "forglory" and settings_file().exists()
    assert load_settings() == (s, [])


def test_a_damaged_settings_file_keeps_the_defaults(tmp_path: Path) -> None:
    settings_file().parent.mkdir(parents=True)
    settings_file().write_text("{ not json")
    s, problems = load_settings()
    assert s == Settings() and len(problems) == 1 and "not a settings file" in problems[0]


def test_a_bad_value_keeps_its_default_and_is_named(tmp_path: Path) -> None:
    settings_file().parent.mkdir(parents=True)
    data = {"speed": 3.0, "window": [100, 100], "sound": 0.75, "colour_blind": "yes", "x\u001b": 1}
    data |= {"ui_scale": 3.0, "music": True}  # a scale not offered; JSON's true is not a volume
    data |= {"ai_think": 1e9}  # not a thinking time offered: the game must stay playable
    settings_file().write_text(json.dumps(data))
    s, problems = load_settings()
    assert s == Settings(sound=0.75)
    named = sorted(p.split(": ")[1] for p in problems)
    assert named == ["ai_think", "colour_blind", "music", "speed", "ui_scale", "window", "x\\x1b"]


def test_a_window_the_screen_cannot_hold_opens_at_the_largest_size_it_holds() -> None:
    # issue 22 playtest: 1280x800 on a 720- or 768-pixel screen hid the bottom of every screen
    assert fitted_window((1280, 800), [(1366, 768)]) == (1280, 720)
    assert fitted_window((1920, 1080), [(1680, 1050)]) == (1600, 900)
    assert fitted_window((1280, 800), [(1920, 1080)]) == (1280, 800)  # held: as chosen
    assert fitted_window((1280, 800), [(1024, 600)]) == (1280, 800)  # no offered size fits: as chosen
    assert fitted_window((1280, 800), []) == (1280, 800)
