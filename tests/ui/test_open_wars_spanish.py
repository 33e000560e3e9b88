"""The Open Wars screen in Spanish names the map, its players and its locations by the map's
[locale.es] words: the top bar, the cards, the prompts, the chronicle and the end box; the start
screen lists and describes the maps in Spanish too."""

from __future__ import annotations

import pygame

from game.content.locale import Texts
from game.content.module_records import folder_of
from game.running.match import new_match
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.start.screen import Setup, StartScreen
from systems.open_wars.moves import Recruit
from systems.open_wars.words import end_words


def spanish(window: pygame.Surface) -> OpenWarsScreen:
    m = new_match("ow-twin-fords", 2)
    settings = Settings()
    settings.language = "es"
    return OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), settings)


def test_the_screen_names_the_map_players_and_locations_in_spanish(window: pygame.Surface) -> None:
    screen = spanish(window)
    c = screen.campaign
    d = c.pending
    assert d is not None and d.kind == "ow_recruit"
    assert screen.view.names["north-keep"] == "Torreón del Norte"  # the cards' names
    city = "Torreón del Norte" if d.options[0] == "north-keep" else "Torreón del Sur"
    side = screen.names[d.side]
    assert side in ("Clan del Norte", "Horda del Sur")
    assert screen.prompt(d).startswith(f"{side}: recluta en {city}")
    unit = next(u for u in c.rules.factions[c.map.spec.players[0].faction].units if u.cost <= 6)
    if d.side == c.map.spec.players[0].id:
        screen.send(Recruit(d.options[0], unit.id))
        told = screen.log.lines[-1].text
        assert city in told and side in told and "North" not in told
    screen.draw(window)  # the top bar and the cards draw with the Spanish names
    screen.close()


def test_the_end_box_says_why_in_the_map_s_spanish_names() -> None:
    c = new_match("ow-twin-fords", 2).battle
    words = (folder_of(c.stack.mode.base) / "locale",)  # the module's words, as the screen reads them
    end = {"why": "cities", "player": "south", "limit": 10}
    said = end_words(end, c, Texts("es", words))
    assert said == "la Horda del Sur controla todas las ciudades"  # with its article (issue 38)
    assert end_words(end, c, Texts("en", words)).startswith("Southern horde")
    c.close()


def test_the_start_screen_lists_and_describes_the_maps_in_spanish(window: pygame.Surface) -> None:
    start = StartScreen(window.get_size(), Setup(), t=Texts("es"))
    name = next(n for n, mode in start.modes.items() if mode == "open-wars" and "Vados" in n)
    assert name == "Los Vados Gemelos (Open Wars)"
    start.show_about(name)
    assert "Clan del Norte" in start.label_a.text and "Horda del Sur" in start.label_b.text
    assert "Un duelo breve" in start.about.html_text
