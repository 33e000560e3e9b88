"""The Open Wars screen's Esc menu: Load a saved battle (the save browser the battle screen shows, the
question before leaving a game in progress, the chosen save opened in place of this game, a damaged
one said in one line), Settings (the battle's page) and the Rules reference (Open Wars' rules, not
For Glory's)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.content.locale import Texts
from game.running.match import new_match
from game.running.narrate import describe
from game.running.saves import save_game, saves_dir
from game.running.settings import Settings, load_settings
from game.ui import theme
from game.ui.battle.pause_menu import MENUS as BATTLE_MENUS
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.opening import switch_to_save
from game.ui.palette import COLOUR_BLIND
from game.ui.playing.settings_menu import menu_label
from game.ui.start.screen import Setup
from systems.open_wars.moves import Recruit
from systems.open_wars.words import narrate
from tests.ui.driver import menu_click, pick_save
from tests.ui.tour import recording


def hotseat(window: pygame.Surface, seed: int = 2, language: str = "en") -> OpenWarsScreen:
    m = new_match("ow-twin-fords", seed)
    settings = Settings()
    settings.language = language
    return OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), settings)


def in_progress(screen: OpenWarsScreen) -> None:
    """One recruit, so that the game has something to lose."""
    d = screen.campaign.pending
    assert d is not None and d.kind == "ow_recruit"
    unit = next(
        ch.key.split(":")[1] for ch in screen.choices(d) if ch.enabled and ch.key.startswith("recruit:")
    )
    screen.send(Recruit(d.options[0], unit))
    assert screen.at_stake


def escape(screen: OpenWarsScreen, window: pygame.Surface) -> None:
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    screen.draw(window)


def test_the_menu_offers_load_and_the_rules_reference(window: pygame.Surface) -> None:
    screen = hotseat(window)
    escape(screen, window)
    assert [k for _r, k in screen.menu_buttons] == [
        "resume",
        "save",
        "load",
        "settings",
        "rules",
        "concede",
        "end",
        "quit",
    ]
    screen.close()


def test_settings_is_the_battle_s_page_and_each_setting_shows_at_once_and_is_kept(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 13: Open Wars' Esc menu had no Settings, the battle's has. The same page, clicked as a
    player does: the language re-words the screen (its log told again, the map's names), the
    colour-blind palette colours the players, the interface size lays the screen out again, the
    computer's time to think reaches its players, the window is made again; all kept as the battle
    keeps them."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    screen = hotseat(window)
    c = screen.campaign
    try:
        escape(screen, window)
        assert menu_click(screen, window, "settings") is None and screen.menu == "settings"  # type: ignore[arg-type]
        screen.draw(window)
        assert [k for _r, k in screen.menu_buttons] == [k for k, _label in BATTLE_MENUS["settings"]]
        told = [ln.text for ln in screen.log.lines]
        menu_click(screen, window, "language")  # type: ignore[arg-type]
        spanish = Texts("es", screen.t.extra)
        assert screen.settings.language == "es" and screen.t.language == "es" and screen.menu == "settings"
        assert [ln.text for ln in screen.log.lines] == [narrate(e, c, spanish, describe) for e in c.events]
        assert [ln.text for ln in screen.log.lines] != told and screen.log.title.startswith("Crónica")
        assert (
            screen.view.names == c.map.spec.words("es").locations
            and screen.names == c.map.spec.words("es").players
        )
        menu_click(screen, window, "colour-blind")  # type: ignore[arg-type]
        assert list(screen.view.colours.values()) == list(COLOUR_BLIND[: len(c.sides)])
        assert screen.colours is screen.view.colours
        menu_click(screen, window, "ui-scale")  # type: ignore[arg-type]
        assert theme.SCALE > 1 and screen.panel.w == theme.RIGHT_PANEL > theme.RIGHT_PANEL_BASE
        menu_click(screen, window, "ai-think")  # type: ignore[arg-type]
        assert screen.settings.ai_think == 2.0 == screen.ai.think
        volume = screen.settings.sound
        menu_click(screen, window, "sound")  # type: ignore[arg-type]
        assert screen.settings.sound > volume
        assert menu_click(screen, window, "window") == "window"  # type: ignore[arg-type]
        assert screen.settings.window == (1600, 900) and screen.menu == "settings"
        assert menu_label(screen, "window", "set_window") == "Ventana: 1600x900 (al momento)"
        screen.draw(window)
        assert menu_click(screen, window, "menu") is None and screen.menu == "menu"  # type: ignore[arg-type]
        screen.settings.save()
        assert load_settings()[0] == screen.settings
    finally:
        screen.close()
    assert theme.SCALE == 1.0  # the start screen after it is laid out at scale 1


def test_load_opens_the_chosen_save_in_place_of_this_game(window: pygame.Surface) -> None:
    saved = new_match("ow-twin-fords", 7)
    save_game(saved, dict.fromkeys(saved.battle.sides, "human"))
    (path,) = saves_dir().glob("save-*.json")
    screen = hotseat(window)
    in_progress(screen)
    escape(screen, window)
    assert menu_click(screen, window, "load") is None and screen.menu == "load"  # type: ignore[arg-type]
    browser = screen.browser
    assert browser is not None and browser.title(browser.saves[0]) == "The Twin Fords (Open Wars)"
    assert browser.detail(browser.saves[0]).startswith("turn 1  ·  Northern clan (Human) v Southern horde")
    assert pick_save(screen, window, 0) is None and screen.menu == "load-ask"
    assert menu_click(screen, window, "load-now") == "load" and screen.to_load == path  # type: ignore[arg-type]
    opened = switch_to_save(screen, Setup(), window.get_size(), Settings())
    assert isinstance(opened, OpenWarsScreen) and opened is not screen
    assert opened.match.seed == 7 and not opened.match.commands
    opened.draw(window)
    opened.close()
    saved.battle.close()


def test_a_damaged_save_is_one_line_and_the_game_goes_on(window: pygame.Surface) -> None:
    saves_dir().mkdir(parents=True)
    bad = saves_dir() / "save-ow-twin-fords-20260101-000000-r3.json"
    bad.write_text(json.dumps({"scenario": {"id": "ow-twin-fords"}, "round": 3}))  # listed, not a save
    screen = hotseat(window)
    in_progress(screen)
    pending = screen.campaign.pending
    escape(screen, window)
    menu_click(screen, window, "load")  # type: ignore[arg-type]
    pick_save(screen, window, 0)
    assert menu_click(screen, window, "load-now") == "load"  # type: ignore[arg-type]
    again = switch_to_save(screen, Setup(), window.get_size(), Settings())
    assert again is screen and screen.campaign.pending is pending
    assert screen.alert is not None and screen.alert.startswith("Not loaded: ")
    assert bad.name in screen.alert and "\n" not in screen.alert
    screen.draw(window)
    screen.close()


def test_the_rules_reference_shows_open_wars_rules_and_esc_returns_to_the_menu(
    window: pygame.Surface,
) -> None:
    screen = hotseat(window, language="es")
    escape(screen, window)
    assert menu_click(screen, window, "rules") is None  # type: ignore[arg-type]
    browser = screen.rules
    assert browser is not None
    ids = [r.id for r in browser.matches()]
    assert ids and all(rid.startswith("OW-") for rid in ids)
    assert "OW-COMBAT-5" in ids and browser.example.startswith("OW-")  # the hint's example is one of them
    assert browser.reference["OW-COMBAT-5"].text == screen.reference["OW-COMBAT-5"].text  # in Spanish
    screen.draw(window)
    escape(screen, window)
    assert screen.rules is None and screen.menu == "menu"
    screen.close()


@pytest.mark.parametrize(("language", "battle"), [("en", "battle"), ("es", "batalla")])
def test_the_menu_and_its_questions_speak_of_a_game_not_a_battle(
    window: pygame.Surface, language: str, battle: str
) -> None:
    """Session 12: Open Wars' Esc menu said "Save the battle (Ctrl+S)" and asked "Quit the battle?",
    For Glory's words."""
    screen = hotseat(window, language=language)
    in_progress(screen)
    try:
        shown = {}
        for menu in ("menu", "quit", "load-ask"):
            screen.menu = menu
            with recording() as drawn:
                screen.draw(window)
            shown[menu] = drawn
            assert [s for s in drawn if battle in s.lower()] == [], menu
        game = {
            "en": ("Save the game (Ctrl+S)", "Quit the game?"),
            "es": ("Guardar la partida (Ctrl+S)", "¿Abandonar la partida?"),
        }
        assert game[language][0] in shown["menu"] and game[language][1] in shown["quit"]
    finally:
        screen.close()


def test_concede_from_the_menu_after_a_question(window: pygame.Surface) -> None:
    """OW-DEC-30: Esc, Concede the game, then Concede again: the player asked concedes, the other wins;
    Cancel at the question leaves the game as it was."""
    screen = hotseat(window)
    c = screen.campaign
    side = c.pending.side  # type: ignore[union-attr]
    escape(screen, window)
    menu_click(screen, window, "concede")
    assert screen.menu == "concede-ask"
    menu_click(screen, window, "resume")
    assert screen.menu is None and not c.game.over  # type: ignore[union-attr]
    escape(screen, window)
    menu_click(screen, window, "concede")
    menu_click(screen, window, "concede-yes")
    assert c.game.over and c.game.winner != side and side in c.out  # type: ignore[union-attr]
    assert "concedes" in " ".join(line.text for line in screen.log.lines)
    screen.close()
