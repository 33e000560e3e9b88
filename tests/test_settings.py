"""A player's settings are remembered in the user's config folder; a damaged file never stops the
game: what cannot be read keeps its default, and the player is told which key."""

from __future__ import annotations

import json
from pathlib import Path

from game.running.settings import Settings, load_settings, settings_file


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
