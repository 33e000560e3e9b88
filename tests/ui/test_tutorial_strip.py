"""Issue 22: the first battle's lesson lives in a strip of its own under the table: it covers neither
the table (the deployment zones, the officers, the round's banner) nor anything drawn over the battle
(the Esc menu, Settings, the F1 help, the rules reference cover it instead); H folds it to one line."""

import pygame

from game.ui import theme
from game.ui.battle.tutorial import TutorialScreen
from tests.ui.test_tutorial import frame


def _strip(tut):
    x, y, w, h = tut.screen.camera.view
    return pygame.Rect(x, y + h, w, tut.screen.reserved)


def test_the_lesson_has_its_own_strip_and_the_whole_table_shows_above_it(window):
    tut = TutorialScreen(window.get_size())
    frame(tut, window)
    sc = tut.screen
    strip = _strip(tut)
    view = pygame.Rect(sc.camera.view)
    assert strip.h > 60 and strip.bottom <= window.get_height() and not strip.colliderect(view)
    assert tut.next_button is not None and strip.contains(tut.next_button)
    table = sc.battle.table
    corners = [sc.camera.to_screen(p) for p in ((0, 0), (table.width, table.depth))]
    assert all(view.collidepoint(p) for p in corners)  # both deployment zones and every officer with it
    tut.close()


def test_menus_help_and_the_reference_cover_the_strip(window):
    tut = TutorialScreen(window.get_size())
    frame(tut, window)
    edge = (_strip(tut).x + 6, _strip(tut).centery)  # the lesson card's gold border
    assert window.get_at(edge)[:3] == theme.ACCENT
    sc = tut.screen
    for opened in ("menu", "settings"):
        sc.menu = opened
        tut.draw(window)
        assert window.get_at(edge)[:3] != theme.ACCENT, opened  # darkened under the menu
    sc.menu = None
    sc.rules_back = None
    from game.ui.widgets.rules_browser import RulesBrowser

    sc.rules = RulesBrowser(sc.reference, sc.t)
    tut.draw(window)
    assert window.get_at(edge)[:3] != theme.ACCENT
    sc.rules = None
    sc.help = True
    tut.draw(window)
    help_box = pygame.Rect(sc.camera.view).inflate(-40, -40)
    assert not help_box.colliderect(_strip(tut))  # the help and the lesson each keep their own room
    tut.close()


def test_h_folds_the_strip_and_the_table_takes_its_room(window):
    tut = TutorialScreen(window.get_size())
    frame(tut, window)
    tall = tut.screen.reserved
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    frame(tut, window)
    assert tut.folded and tut.screen.reserved < tall / 2
    assert tut.screen.camera.view[3] == window.get_height() - theme.TOP_BAR - tut.screen.reserved
    assert tut.next_button is None  # folded: the title line and the button that opens it
    click = tut.fold_button.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click, button=1))
    frame(tut, window)
    assert not tut.folded and tut.screen.reserved == tall
    tut.close()


def test_every_lessons_words_and_its_next_button_fit_the_strip(window):
    """Each lesson's words (and its glossary terms) inside the strip, and Next below or beside them,
    covering none, in both languages."""
    from game.running.settings import Settings

    pad = theme.px(8)
    for language in ("en", "es"):
        tut = TutorialScreen(window.get_size(), Settings(language=language))
        for step in tut.lessons.steps:
            tut.progress.current = lambda pending=None, step=step: step  # show each step in turn
            tut.draw(window)
            card = _strip(tut).inflate(-12, -12)
            y = card.y + pad + theme.font(17).get_linesize() + 4
            words = []
            for line, font, _colour in tut._lines(step, card.w - 2 * pad):
                words.append(pygame.Rect(card.x + pad, y, font.size(line)[0], font.get_linesize()))
                y += font.get_linesize()
            assert card.contains(words[-1]), (language, step.id)
            if step.next:
                assert tut.next_button is not None and card.contains(tut.next_button)
                assert tut.next_button.collidelist(words) < 0, (language, step.id)
        tut.close()


def test_the_round_banner_stands_on_the_table_not_over_its_edge(window720):
    """The strip under the table leaves the table narrower than the view: the round's banner, moved
    off the pieces at the top middle, overhung the table's left edge onto the background."""
    from game.ui.battle.hud import draw_banner

    tut = TutorialScreen(window720.get_size())
    frame(tut, window720)
    sc = tut.screen
    b = sc.battle.table
    (x0, y0), (x1, y1) = sc.camera.to_screen((0, b.depth)), sc.camera.to_screen((b.width, 0))
    table = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    assert table.w < sc.camera.view[2]  # the table does not fill the view across
    sc.display.banner, sc.display.banner_age = "Round 1: activations", 0.0
    sc.renderer.taken = [pygame.Rect(table.centerx - 5, table.top, 10, table.h)]  # pieces down the middle
    draw_banner(sc, window720)
    assert sc.banner_box is not None and sc.banner_box.centerx < table.centerx  # moved aside
    assert table.inflate(2, 2).contains(sc.banner_box)
    tut.close()
