"""Issue 22: the glossary on the screens: the F1 help (which scrolls when it is longer than the table)
and the rules reference's Glossary section, in English and Spanish."""

import pygame

from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.help_page import help_box, help_lines
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


def test_a_rules_every_row_in_the_help_is_drawn_alike(window, monkeypatch):
    """Issue 38's pass: a rule's wrapped rows were drawn dim after its first, as if greyed out. Every
    row of the F1 help's rules is drawn in the text's colour (the headings in the accent)."""
    screen = open_screen(window)
    settle(screen, window)
    key(pygame.K_F1)
    drawn: list[tuple[str, object]] = []
    render = theme.GameFont.render
    monkeypatch.setattr(
        theme.GameFont,
        "render",
        lambda f, text, aa, colour, *a, **k: (
            drawn.append((str(text), tuple(colour))) or render(f, text, aa, colour, *a, **k)
        ),
    )
    frame(screen, window)
    rules = [h for h in help_lines(screen) if h.rule]
    assert rules
    rows = theme.wrap(f"{rules[0].rule}  {rules[0].text}", theme.font(20), help_box(screen).w - 32)
    assert len(rows) >= 2  # a rule of two rows or more
    colours = {colour for text, colour in drawn if text in rows}
    assert colours == {tuple(theme.TEXT)}, colours
    screen.close()


def test_the_f1_help_sits_on_the_table_shown_in_the_view(window720: pygame.Surface) -> None:
    """The F1 help stood 20 pixels inside the whole view, so at 1280x720 it hung past the table's top
    and bottom edges over the background; it stands on the table as it shows, as the dice box does."""
    screen = open_screen(window720)
    settle(screen, window720)
    frame(screen, window720)
    bare = window720.copy()
    key(pygame.K_F1)
    frame(screen, window720)
    box, table = help_box(screen), screen.renderer.table_in_view(screen.camera)
    assert table.h < screen.camera.view[3]  # the view shows background above and below the table
    assert table.contains(box) and pygame.Rect(screen.camera.view).contains(box), (box, table)
    assert window720.get_at((box.centerx, box.top)) == theme.ACCENT  # its frame is drawn there
    outside = (box.centerx, table.top + 2)  # between the table's edge and the help: the table shows
    assert window720.get_at(outside) == bare.get_at(outside)
    screen.camera.zoom_at(screen.camera.to_screen((36, 24)), 3.0)  # zoomed in: the table fills the view
    frame(screen, window720)
    assert help_box(screen) == pygame.Rect(screen.camera.view).inflate(-20, -20)
    screen.close()
