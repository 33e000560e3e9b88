"""Issue 22: the start screen at 1280x720 and 1280x800 (and larger): everything on it inside the
window, every rule module and mod reachable (their list scrolls), and an Open Wars map offers only its
own mode's modules (For Glory's would not play there)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.content.locale import Texts
from game.content.mods import user_mods_dir
from game.modding.new_mod import new_mod
from game.ui.opening import open_battle
from game.ui.start.screen import Setup, StartScreen


def _elements(screen: StartScreen) -> list[pygame_gui.core.UIElement]:
    """The screen's own elements (the list that scrolls is one of them)."""
    return list(screen.manager.get_root_container().elements)


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "es"])
def test_everything_is_inside_the_window(window, size, language):
    surf = pygame.display.set_mode(size)
    screen = StartScreen(size, Setup(), t=Texts(language))
    screen.update(0.05)
    screen.draw(surf)
    window = pygame.Rect(0, 0, *size)
    elements = _elements(screen)
    assert screen.options in elements and screen.start in elements and len(elements) > 12
    for e in elements:
        assert window.contains(e.rect), (e, e.rect)
    inside = screen.options.rect
    for button in screen.module_switches:  # six modules fit without scrolling even at 1280x720
        assert inside.contains(button.rect), button.text
        # no scroll bar: as wide as the buttons above them (session 12: 20 pixels short)
        assert button.rect.left == screen.saves_button.rect.left
        assert button.rect.right == screen.saves_button.rect.right
    assert len(screen.module_switches) == 6  # every For Glory module is offered


def test_with_many_mods_the_list_scrolls_to_the_last(window720):
    user_mods_dir().mkdir(parents=True)
    for n in range(8):
        new_mod(user_mods_dir() / f"mod-{n}")
    screen = StartScreen((1280, 720), Setup())
    screen.update(0.05)
    screen.draw(window720)
    last = list(screen.switches)[-1]
    view = screen.options.rect
    assert len(screen.switches) == 8 and not view.contains(last.rect)  # below the window at first
    assert last.rect.right <= view.right - 20  # clear of the scroll bar
    screen.mouse = view.center
    for _ in range(20):
        screen.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0))
        screen.update(0.05)
        screen.draw(window720)
    assert view.contains(last.rect)  # scrolled into view: it can be clicked
    assert screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=last)) == "mods"


def test_an_open_wars_map_offers_no_for_glory_module_and_starts_with_them_on(window):
    setup = Setup(modules=["warhammer-charges"])
    screen = StartScreen(window.get_size(), setup)
    ow = next(n for n, mode in screen.modes.items() if mode == "open-wars")
    screen.handle(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=screen.scenario, text=ow)
    )
    assert screen.module_switches == {}
    assert screen.options_label.text == "Open Wars has no optional rule modules"
    screen.scenario.selected_option = (ow, ow)
    assert screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=screen.start)) == "start"
    game = open_battle(setup, window.get_size())  # For Glory's module stays out of Open Wars
    assert game.match.battle.stack.ids == () or "warhammer-charges" not in game.match.battle.stack.ids
    game.close()
    assert setup.modules == ["warhammer-charges"]  # still chosen for a For Glory battle
    fg = next(n for n, mode in screen.modes.items() if mode == "for-glory")
    screen.handle(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=screen.scenario, text=fg)
    )
    assert len(screen.module_switches) == 6


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_battles_box_holds_its_name_forces_and_description_whole(window720, language):
    """Issue 38's pass: at 1280x720 the scenario's box (150 pixels) cut most battles' description in
    the middle of a line under a scroll bar, with 190 pixels empty under Start. It holds each shipped
    battle's name, forces and description whole (its history may scroll below them), and a map of
    four seats still fits the window."""

    screen = StartScreen(window720.get_size(), Setup(), t=Texts(language))
    for name, sc in screen.scenarios.items():
        if screen.modes[name] != "for-glory":
            continue
        screen.show_about(name)
        words = sc.spec.words(language)
        history = " ".join(words.history.split())
        if history:  # the box as shown, less the history after the description
            shown = screen.about.html_text
            screen.set_about(
                lambda say, shown=shown, history=history: shown.replace(f"<br>{say(history)}", "")
            )
        screen.update(0.05)
        assert screen.about.scroll_bar is None, (sc.id, screen.about.html_text)
    four = StartScreen(window720.get_size(), Setup(scenario="ow-four-winds"), t=Texts(language))
    four.update(0.05)
    assert len(four.seats.played) == 4
    for e in _elements(four):
        assert pygame.Rect(0, 0, 1280, 720).contains(e.rect), (e, e.rect)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_switch_s_words_fit_it_cut_after_a_whole_word(window, size, language):
    """Issue 38's pass: a rule module's switch was cut at 80 letters inside a word ("for command points,
    r…", "tables wit…", "terr…"), and one of them ran to its edge. Every switch's words fit it, cut
    after a whole word when they must be."""
    from game.content.module_records import module_words
    from game.model.modules import modules_by_mode
    from game.ui import theme
    from game.ui.start.switches import PADDING

    pygame.display.set_mode(size)
    screen = StartScreen(size, Setup(), t=Texts(language))
    font = (
        screen.manager.get_theme()
        .get_font_dictionary()
        .find_font(round(theme.GUI_FONT * screen.k), "noto_sans")
    )
    known = {m.id: m for m in modules_by_mode()}
    assert screen.module_switches
    for button, mid in screen.module_switches.items():
        title, description = module_words(known[mid], language)
        words = f"[ ] {title}: {description}".split()
        assert font.size(button.text)[0] <= button.rect.w - round(PADDING * screen.k), button.text
        shown = button.text.rstrip("…").split()
        assert shown == words[: len(shown)], (button.text, words)  # whole words, the words it begins with


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_mods_folder_s_note_is_shown_whole(window720, language):
    """Issue 38's pass: the note over the mods ("Mods (de /home/.../mods y --mod): pulsa para ...")
    stood in a box of two lines, its second cut under a scroll bar of its own, and named a flag of the
    command line. It is as tall as its lines, and says the player's folder."""
    user_mods_dir().mkdir(parents=True)
    new_mod(user_mods_dir() / "a-mod")
    screen = StartScreen((1280, 720), Setup(), t=Texts(language))
    screen.update(0.05)
    notes = [
        e for e in screen.options.get_container().elements if isinstance(e, pygame_gui.elements.UITextBox)
    ]
    assert len(notes) == 1
    assert notes[0].scroll_bar is None and "--mod" not in notes[0].html_text
    first = next(iter(screen.switches))
    assert notes[0].rect.bottom <= first.rect.top  # the mods' switches under it
