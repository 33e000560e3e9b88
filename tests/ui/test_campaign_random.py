"""Issue 36: the start screen's campaigns are the Peninsular War and a campaign made at random from the
seed typed (`generate --mode campaign`'s, made again from its id "random-campaign-<seed>" wherever it
is opened: no file holds it); begun, saved, and its save resumed where it stood."""

from __future__ import annotations

import pygame
import pygame_gui

from game.running.campaign_match import events_digest
from game.running.saves import browse_saves
from game.running.settings import Settings
from game.ui.campaign.screen import CampaignScreen
from game.ui.opening import open_game
from game.ui.start.screen import Setup, StartScreen
from game.ui.widgets.load_list import scenario_words
from tests.ui.campaign_driver import press, until_human


def _choose(start: StartScreen, name: str) -> None:
    start.scenario.selected_option = (name, name)
    start.handle(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=start.scenario, text=name)
    )


def _type_seed(start: StartScreen, seed: str) -> None:
    start.seed.set_text(seed)
    start.handle(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=start.seed, text=seed))


def test_the_start_screen_offers_the_peninsular_war_and_a_random_campaign_by_seed(
    window: pygame.Surface,
) -> None:
    start = StartScreen(window.get_size(), Setup())
    campaigns = [n for n, mode in start.modes.items() if mode == "campaign"]
    assert campaigns == ["The Peninsular War, 1808-1812 (Campaign)", "A random campaign (Campaign)"]
    _choose(start, "A random campaign (Campaign)")
    _type_seed(start, "11")
    made = start.scenarios["A random campaign (Campaign)"]
    assert made.id == "random-campaign-11" and "Random campaign 11" in start.about.html_text
    sides = [s.name for s in made.spec.sides]
    assert [start.label_a.text, start.label_b.text] == sides  # its nations, drawn from the seed
    _type_seed(start, "12")
    assert start.scenarios["A random campaign (Campaign)"].id == "random-campaign-12"
    assert start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.start)) == "start"
    assert start.setup.campaign == "random-campaign-12" and start.setup.seed == 12
    again = StartScreen(window.get_size(), start.setup)  # remembered: the random campaign, shown again
    assert again.scenario.selected_option[0] == "A random campaign (Campaign)"


def test_a_random_campaign_begun_saved_and_resumed_where_it_stood(window: pygame.Surface) -> None:
    setup = Setup(a="human", b="heuristic", seed=5, campaign="random-campaign-5")
    s = open_game(setup, window.get_size(), Settings())
    assert isinstance(s, CampaignScreen)
    try:
        assert s.war.theatre.id == "random-campaign-5"
        until_human(s, window, "camp_move")
        press(s, window, "pass")
        s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode=""))
        (saved,) = [x for x in browse_saves() if x.scenario == "random-campaign-5" and not x.autosave]
        named = scenario_words(s.war.theatre.rules, "en")["random-campaign-5"]
        assert named.name == "Random campaign 5" and named.turns  # the saves' list names it
        again = open_game(Setup(load=saved.path), window.get_size(), Settings())
        try:
            assert isinstance(again, CampaignScreen)
            assert events_digest(again.war) == events_digest(s.war) and again.war.pending == s.war.pending
        finally:
            again.close()
    finally:
        s.close()
