"""The rules reference as a screen: every rule of the rules in play, by section, in the player's
language, narrowed by an ID or words typed, scrolled, closed by Esc (from the battle's Esc menu and
from the start screen)."""

from __future__ import annotations

import pygame
import pytest

from game.content.locale import Texts
from game.content.rulesref import reference_for
from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.screen import BattleScreen
from game.ui.widgets.rules_browser import RulesBrowser, section_of
from tests.ui.driver import frame, key, open_screen
from tests.ui.tour import recording


def typed(browser: RulesBrowser, text: str) -> None:
    for c in text:
        browser.handle(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=c))


def press(browser: RulesBrowser, k: int) -> bool:
    return browser.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_the_menu_opens_every_rule_by_section_and_esc_clears_then_closes(window: pygame.Surface) -> None:
    screen = open_screen(window)
    screen.menu = "menu"
    screen.draw(window)
    rect = next(r for r, k in screen.menu_buttons if k == "rules")
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    browser = screen.rules
    assert browser is not None and screen.menu is None
    assert [r.id for r in browser.matches()] == list(screen.reference)  # all of them, in the book's order
    frame(screen, window)
    rows, _height = browser.rows(500)
    headings = [row.text for row in rows if row.size == 26]
    assert headings[:4] == ["Glossary", "FG-GEN", "FG-SCALE", "FG-BASE"] and "AMB" in headings
    assert len(headings) == len(set(headings))  # each section once: its rules together
    key(pygame.K_f, unicode="f")
    key(pygame.K_g, unicode="g")
    key(pygame.K_MINUS, unicode="-")
    key(pygame.K_c, unicode="c")
    key(pygame.K_h, unicode="h")
    key(pygame.K_g, unicode="g")
    frame(screen, window)
    ids = [r.id for r in browser.matches()]
    assert ids == [f"FG-CHG-{n}" for n in range(1, 10)]
    key(pygame.K_ESCAPE)  # clears the search
    frame(screen, window)
    assert screen.rules is browser and browser.query == "" and len(browser.matches()) == len(screen.reference)
    key(pygame.K_ESCAPE)  # closes, back to the menu
    frame(screen, window)
    assert screen.rules is None and screen.menu == "menu"
    screen.close()


def test_words_narrow_the_list_and_backspace_widens_it() -> None:
    browser = RulesBrowser(reference_for("en"), Texts("en"))
    typed(browser, "Charge cavalry")
    found = browser.matches()
    assert 0 < len(found) < 10
    for r in found:
        words = f"{r.title} {r.text}".lower()
        assert "charge" in words and "cavalry" in words, r.id
    for _ in "cavalry":
        press(browser, pygame.K_BACKSPACE)
    assert browser.query == "Charge " and len(browser.matches()) > len(found)
    browser.search("AMB")  # a section's name: its rules
    assert {section_of(r.id) for r in browser.matches()} == {"AMB"}
    browser.search("no such words anywhere")
    assert browser.matches() == []


def test_spanish_rules_and_words_without_accents() -> None:
    browser = RulesBrowser(reference_for("es"), Texts("es"))
    typed(browser, "FG-CHG-1")
    (charge,) = browser.matches()
    assert charge.title == "Carga"
    browser.search("")
    typed(browser, "linea")  # finds "línea"
    found = browser.matches()
    assert found and all("línea" in f"{r.title} {r.text}".lower() for r in found)


def test_the_battle_in_spanish_reads_the_rules_in_spanish_with_its_modules(window: pygame.Surface) -> None:
    m = new_match("default", 3, modules=["warhammer-charges"])
    sides = m.battle.game.sides  # type: ignore[union-attr]
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), Settings(language="es"))
    screen.menu_choice("rules")
    browser = screen.rules
    assert browser is not None
    typed(browser, "wm")
    assert {section_of(r.id) for r in browser.matches()} == {"WM", "WM-DEC"}
    browser.search("FG-CHG-1")
    assert browser.matches()[0].title == "Carga"
    screen.draw(window)
    screen.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_scrolling_stays_within_the_list_and_every_line_fits(
    window: pygame.Surface, size: tuple[int, int]
) -> None:
    surf = pygame.display.set_mode(size)
    browser = RulesBrowser(reference_for("es"), Texts("es"))
    browser.draw(surf)
    assert browser.page > 300
    press(browser, pygame.K_PAGEDOWN)
    assert browser.scroll == browser.page - theme.font(18).get_linesize()
    browser.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert browser.scroll > browser.page - theme.font(18).get_linesize()
    press(browser, pygame.K_END)
    browser.draw(surf)
    width = surf.get_width() - 2 * theme.px(40) - theme.px(40) - theme.px(16)  # the list as drawn
    rows, height = browser.rows(width)
    assert browser.scroll == height - browser.page  # the end of the list, no further
    for row in rows:  # a long word keeps a line of its own; the rules have none so long
        assert row.x + theme.font(row.size).size(row.text)[0] <= width, row.text
    press(browser, pygame.K_HOME)
    assert browser.scroll == 0


def test_the_start_screen_opens_the_rules(window: pygame.Surface) -> None:
    import pygame_gui

    from game.ui.start.screen import Setup, StartScreen

    start = StartScreen(window.get_size(), Setup(), t=Texts("es"))
    assert start.rules_button.text == "Reglamento"
    start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.rules_button))
    assert start.browser is not None and start.browser.matches()[0].id == "FG-GEN-1"
    start.update(0.05)
    start.draw(window)
    assert start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")) is None
    assert start.browser is None


def test_a_rule_of_the_f1_help_opens_the_reference_there(window: pygame.Surface) -> None:
    from tests.ui.driver import settle

    screen = open_screen(window)
    settle(screen, window)
    key(pygame.K_F1)
    frame(screen, window)
    rect, rid = screen.help_links[0]
    assert rid == "FG-DEP-5"  # the first rule of a deployment
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert screen.rules is not None and [r.id for r in screen.rules.matches()] == ["FG-DEP-5"]
    key(pygame.K_ESCAPE)  # one Esc, as from a link within the reference (it showed the whole reference)
    frame(screen, window)
    assert screen.rules is None and screen.menu is None and screen.help  # back to the battle and its help
    screen.close()


@pytest.mark.parametrize(
    ("language", "one", "many"), [("en", "1 rule", "rules"), ("es", "1 regla", "reglas")]
)
def test_one_rule_found_is_counted_in_the_singular(
    window: pygame.Surface, language: str, one: str, many: str
) -> None:
    """Session 12: "1 reglas" over a search that found one rule."""
    browser = RulesBrowser(reference_for(language), Texts(language))
    browser.search("FG-CHG-1")
    assert len(browser.matches()) == 1
    with recording() as drawn:
        browser.draw(window)
    assert one in drawn
    browser.search("FG-CHG")
    with recording() as drawn:
        browser.draw(window)
    assert f"{len(browser.matches())} {many}" in drawn


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_cited_rule_is_a_link_and_esc_comes_back(window720: pygame.Surface, language: str) -> None:
    """The glossary's texts cite rules ("(FG-TERM-3, FG-LOST-1)"); nothing came of a click on one.
    A click narrows the list to it; Esc comes back to where the player was, scroll and all, then
    clears the search and closes as before."""
    import pygame_gui

    from game.ui.start.screen import Setup, StartScreen

    start = StartScreen(window720.get_size(), Setup(), t=Texts(language))
    start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.rules_button))
    browser = start.browser
    assert browser is not None
    browser.scroll_by(30)
    start.update(0.05)
    start.draw(window720)
    cited = [rid for _rect, rid in browser.links]
    assert "FG-TERM-3" in cited and "FG-LOST-1" in cited  # the glossary's unit, brigade, battery
    rect = next(r for r, rid in browser.links if rid == "FG-TERM-3")
    start.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert [r.id for r in browser.matches()] == ["FG-TERM-3"] and browser.query == "FG-TERM-3"
    start.update(0.05)
    start.draw(window720)
    start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert browser.query == "" and browser.scroll == 30  # back where the link was followed from
    start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert start.browser is None


def test_open_wars_rules_cite_each_other_as_links(window720: pygame.Surface) -> None:
    """Open Wars' rules cite others ("A unit's fields are those of OW-UNIT-1"): each such ID a link;
    a word that only looks like one (no rule of that name) is not."""
    from game.model.modules import modules_by_mode

    ow = [m for m in modules_by_mode() if m.mode == "open-wars"]
    own = {rid: r for rid, r in reference_for("en", modules=ow).items() if rid.startswith("OW-")}
    browser = RulesBrowser(own, Texts("en"))
    browser.search("OW-COMP-3")
    browser.draw(window720)
    assert [rid for _r, rid in browser.links] == ["OW-UNIT-1"]
    rect = browser.links[0][0]
    browser.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert [r.id for r in browser.matches()] == ["OW-UNIT-1"]
    assert press(browser, pygame.K_ESCAPE) and browser.query == "OW-COMP-3"
    assert not browser.cites("OW-NOPE-1") and browser.cites("OW-UNIT")
