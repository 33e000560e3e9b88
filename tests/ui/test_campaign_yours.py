"""Issue 36: a campaign the editor saved to the battles folder (`campaigns/`) is on the start screen's
list as the game's are, said to be the player's own; begun from there, saved, and its save resumed
(Continue) where it stood: the save names its file by path, which the game opens again because it is
in the battles folder."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.content.locale import Texts
from game.running.campaign_match import events_digest
from game.running.match import battles_dir
from game.running.saves import browse_saves
from game.running.settings import Settings
from game.ui.campaign.screen import CampaignScreen
from game.ui.editor.screen import EditorScreen
from game.ui.opening import open_game
from game.ui.start.screen import Setup, StartScreen
from game.ui.widgets.load_list import scenario_words
from tests.ui.campaign_driver import press, until_human
from tests.ui.editor_driver import bar, frames
from tests.ui.editor_driver import press as editor_press
from tests.ui.test_start_screen import press as start_press


def _saved_from_the_editor(window: pygame.Surface, language: str) -> Path:
    """A new campaign made in the editor ("New campaign") and saved where Save offers: the battles
    folder's campaigns/."""
    ed = EditorScreen(window.get_size(), Texts(language), [], kind="campaign")
    frames(ed, window)
    editor_press(ed, window, bar(ed, "save"))
    assert ed.dialog is not None
    offered = Path(ed.dialog.entry.get_text())
    assert offered.parent == battles_dir() / "campaigns"
    ed.dialog = None
    ed._answered(str(offered))
    assert offered.is_file() and not ed.doc.dirty
    return offered


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "A new campaign (your campaign)"), ("es", "Una campaña nueva (tu campaña)")],
)
def test_a_campaign_saved_in_the_battles_folder_is_listed_begun_and_continued(
    window720: pygame.Surface, language: str, shown: str
) -> None:
    saved = _saved_from_the_editor(window720, language)
    start = StartScreen(window720.get_size(), Setup(), t=Texts(language))
    campaigns = [n for n, mode in start.modes.items() if mode == "campaign"]
    assert shown in campaigns and start.scenarios[shown].path == saved
    assert campaigns.index(shown) < len(campaigns) - 1  # the random campaign stays last
    start.scenario.selected_option = (shown, shown)
    start.handle(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=start.scenario, text=shown)
    )
    assert start_press(start, start.start) == "start"
    assert start.setup.campaign == str(saved)  # found again by its path, as the editor's battles are
    again = StartScreen(window720.get_size(), start.setup, t=Texts(language))
    assert again.scenario.selected_option[0] == shown  # remembered
    setup = start.setup
    setup.a, setup.b = "human", "heuristic"
    s = open_game(setup, window720.get_size(), Settings(language=language))
    assert isinstance(s, CampaignScreen)
    try:
        assert s.war.theatre.path == saved
        until_human(s, window720, "camp_move")
        press(s, window720, "pass")
        s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode=""))
        (kept,) = [x for x in browse_saves() if x.scenario == "new-campaign" and not x.autosave]
        named = scenario_words(s.war.theatre.rules, language)["new-campaign"]
        assert named.name == s.war.theatre.spec.words(language).name and named.turns  # the saves' list
        resumed = open_game(Setup(load=kept.path), window720.get_size(), Settings(language=language))
        try:
            assert isinstance(resumed, CampaignScreen)
            assert events_digest(resumed.war) == events_digest(s.war) and resumed.war.pending == s.war.pending
        finally:
            resumed.close()
    finally:
        s.close()
