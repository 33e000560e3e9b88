"""Issue 36: a campaign saved with the numbers of an earlier version (content/modules/campaign/
numbers.toml changed since, or a mod's) is refused in one clear line in the player's language, on
the start screen's Continue (the reason first, whole within the line, the file after it) and by
`play --load` (exit code 2); it said "numbers: made with other numbers for the campaign" in English
on a Spanish screen, after the file's name, cut at the line's end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game.cli.entry import main
from game.content.locale import Texts
from game.running import builtin_rules
from game.running.campaign_match import new_campaign
from game.running.campaign_saves import save_campaign
from game.running.settings import Settings
from game.ui.start.screen import Setup, StartScreen
from game.ui.stopping import Stopping

REASON = {
    "en": "made by another version of the game or a mod: other campaign numbers",
    "es": "es de otra versión del juego o un mod: otros números de campaña",
}
REFUSED = {"en": "Not loaded: ", "es": "No se ha cargado: "}


def _old_save() -> Path:
    """The Peninsular War saved in the saves folder, its numbers' digest an earlier version's."""
    builtin_rules.load()
    m = new_campaign("peninsular", 3)
    try:
        path = save_campaign(m, {"fr": "human", "al": "normal"})
    finally:
        m.war.close()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["numbers"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_old_campaign_save_is_refused_in_one_clear_line_on_continue(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    from game.ui import app, opening

    path = _old_save()
    shown: list[StartScreen] = []

    class Start(StartScreen):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            shown.append(self)

    monkeypatch.setattr(opening, "StartScreen", Start)  # the start screen the loop opens again
    setup = Setup()
    start = Start(window720.get_size(), setup, "", Texts(language))
    (button,) = start.resumes  # Continue: the campaign saved last
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    settings = Settings(language=language)
    assert app._loop(setup, window720, start, None, None, None, settings, Stopping(), 3, None) == 0
    again = shown[-1]
    said = REFUSED[language] + REASON[language]
    assert again.problem == f"{said} ({path.name})"
    assert again.problem_label.text.startswith(said)  # the line, cut at its width, keeps the reason whole


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_old_campaign_save_is_refused_in_one_line_by_play_load(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    path = _old_save()
    assert main(["play", "--load", str(path), "--lang", language]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith(REASON[language]) and "Traceback" not in err
