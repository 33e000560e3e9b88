"""Issue 22: the glossary on the screens: the F1 help (which scrolls when it is longer than the table)
and the rules reference's Glossary section, in English and Spanish."""

import pygame

from game.running.match import new_match
from game.running.settings import Settings
from game.ui.battle.help_page import help_lines
from game.ui.battle.screen import BattleScreen
from tests.ui.driver import frame, key, open_screen, settle


def test_f1_help_ends_with_the_glossary_and_scrolls_to_it(window):
    screen = open_screen(window)
    settle(screen, window)
    key(pygame.K_F1)
    frame(screen, window)
    lines = help_lines(screen)
    heading = next(i for i, line in enumerate(lines) if line.heading and line.text == "Glossary")
    terms = [line.text for line in lines[heading + 1 :]]
    assert any(t.startswith("XS, S, M, L, XL: ") and 'XS 2"' in t for t in terms)
    assert any(t.startswith("estado mayor: ") for t in terms)
    assert screen.help_scroll == 0
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0))
    screen.mouse = screen.camera.view[0] + 50, screen.camera.view[1] + 50
    frame(screen, window)
    assert screen.help_scroll > 0  # the help was longer than its box: it scrolled
    screen.close()


def test_the_rules_reference_lists_the_glossary_first_and_finds_a_term_in_spanish(window):
    m = new_match("default", 3)
    sides = m.battle.game.sides
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), Settings(language="es"))
    screen.menu = "menu"
    screen.draw(window)
    rect = next(r for r, k in screen.menu_buttons if k == "rules")
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    browser = screen.rules
    rows, _h = browser.rows(600)
    assert rows[0].text == "Glosario"
    for ch in "destacamento":
        browser.handle(pygame.event.Event(pygame.KEYDOWN, key=0, unicode=ch, mod=0))
    found = [g.term for g in browser.terms()]
    assert "destacamento" in found and "retroceso" not in found  # the terms that say the word
    browser.search("FG-CHG")  # a rule ID lists rules only
    assert browser.terms() == [] and browser.matches()
    screen.close()
