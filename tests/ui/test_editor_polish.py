"""The editor's leftovers of issues 38 and 40: its unit-type drop-down drawn over the fields below it,
and the editor scaled at 1920x1080 as the other screens are (the theme's scale)."""

from __future__ import annotations

import pygame

from game import CONTENT
from game.content.locale import Texts
from game.ui.editor.screen import EditorScreen
from tests.ui.editor_driver import click, frames, press, tab, widget


def test_the_unit_type_drop_down_is_drawn_over_the_fields_below_it(window720: pygame.Surface) -> None:
    """Issue 40: the list of categories opened under the next unit's name and buttons."""
    ed = EditorScreen(window720.get_size(), Texts("en"), [], CONTENT / "scenarios" / "first-battle.toml")
    frames(ed, window720)
    press(ed, window720, tab(ed, "armies"))
    click(ed, window720, widget(ed, lambda _w, b: b.kind == "choice" and b.name == "category"))
    popup = ed.form.popup
    assert popup is not None
    below = [w for w in ed.form.widgets if w.rect.colliderect(popup.rect)]
    assert below, "the list lies over fields of the form"
    assert all(popup.get_top_layer() > w.get_top_layer() for w in below)
    assert all(item.layer > w.get_top_layer() for item in popup.item_list_container.elements for w in below)


def _editor(size: tuple[int, int], kind: str = "scenario") -> EditorScreen:
    surf = pygame.display.set_mode(size)
    path = CONTENT / "scenarios" / "first-battle.toml" if kind == "scenario" else None
    ed = EditorScreen(size, Texts("es"), [], path, kind=kind)
    frames(ed, surf)
    return ed


def _word_height(ed: EditorScreen) -> int:
    return int(ed.manager.get_theme().get_font(["button"]).size("Guardar")[1])


def test_the_editor_grows_with_the_window_as_the_other_screens_do(window720: pygame.Surface) -> None:
    """Issue 38: at 1920x1080 the editor stayed at 1280x720's sizes, its words small and its panel
    narrow, while the start screen grew 1.5 times (theme.page_scale)."""
    for kind in ("scenario", "map"):
        small, large = _editor((1280, 720), kind), _editor((1920, 1080), kind)
        assert large.form.rect.w >= 1.45 * small.form.rect.w
        assert _word_height(large) >= 1.4 * _word_height(small)
        tool = next(iter(large.tools)).rect.h
        assert tool >= 1.45 * next(iter(small.tools)).rect.h
        assert large.form.row == round(1.5 * small.form.row)
        assert large.problem_list.list_item_height == round(1.5 * small.problem_list.list_item_height)
        assert large.table_rect.w > small.table_rect.w  # the table keeps the room left over
        assert all(large.manager.window_resolution[0] >= b.rect.right for b in large.bar)  # the bar fits
