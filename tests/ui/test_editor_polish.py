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
