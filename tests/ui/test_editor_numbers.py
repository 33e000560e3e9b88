"""The panel's number fields typed as a tester typed them: the table's width or depth emptied and typed
again (it crashed the editor, or saved `table = [60]`, which the editor then refused to open), a
number no file can hold (1e999, inf, nan: saving crashed) or no number at all: the field keeps its value
and the status line says why while it is typed."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game.content.locale import Texts
from game.editing.files import open_document
from game.ui.editor.screen import EditorScreen
from tests.ui.editor_driver import click, field, frames, key, type_in

WIDTH, DEPTH = (("table",), 0), (("table",), 1)


@pytest.fixture
def new(window720: pygame.Surface) -> EditorScreen:
    ed = EditorScreen(window720.get_size(), Texts("en"), [])
    frames(ed, window720)
    assert ed.doc.get(("table",)) == [72, 48]
    return ed


def status(ed: EditorScreen) -> str:
    return str(ed.status_label.text)


def emptied(ed: EditorScreen, window720: pygame.Surface, at: tuple[tuple[str], int]) -> None:
    """Click a field, select what it holds (Ctrl+A) and rub it out (BackSpace)."""
    click(ed, window720, field(ed, *at))
    key(ed, window720, pygame.K_a, pygame.KMOD_CTRL)
    key(ed, window720, pygame.K_BACKSPACE)
    frames(ed, window720)


def saved(ed: EditorScreen, window720: pygame.Surface, path: Path) -> None:
    """Save to a file (the prompt answered), then Ctrl+S."""
    ed.asked = "save"
    ed._answered(str(path))
    key(ed, window720, pygame.K_s, pygame.KMOD_CTRL)


@pytest.mark.parametrize("at", [DEPTH, WIDTH])
def test_an_emptied_table_size_keeps_its_value_and_takes_the_one_typed(
    new: EditorScreen, window720: pygame.Surface, at: tuple[tuple[str], int], tmp_path: Path
) -> None:
    emptied(new, window720, at)
    assert new.doc.get(("table",)) == [72, 48]  # kept while the field is empty
    label = new.t("editor_field_depth" if at == DEPTH else "editor_field_width")
    assert new.t("editor_number_needed", field=label) in status(new)
    for letter in "40":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        frames(new, window720, 1)
    frames(new, window720)
    assert new.doc.get(("table",)) == ([72, 40] if at == DEPTH else [40, 48])
    assert "empty" not in status(new)
    saved(new, window720, tmp_path / "mine.toml")
    assert tomllib.loads((tmp_path / "mine.toml").read_text())["table"] == new.doc.get(("table",))
    assert open_document(tmp_path / "mine.toml").get(("table",)) == new.doc.get(("table",))  # opens again
    new.doc.undo()
    assert new.doc.get(("table",)) == [72, 48]  # the typing, one step of undo


def test_a_field_left_empty_shows_the_value_it_kept(new: EditorScreen, window720: pygame.Surface) -> None:
    emptied(new, window720, WIDTH)
    click(new, window720, field(new, (), "max_rounds"))  # on to another field
    frames(new, window720)
    assert field(new, *WIDTH).get_text() == "72" and new.doc.get(("table",)) == [72, 48]
    assert "empty" not in status(new)


@pytest.mark.parametrize("typed", ["1e999", "inf", "nan", "-inf", "x"])
def test_a_number_no_file_can_hold_is_refused_where_it_is_typed_and_saving_goes_on(
    new: EditorScreen, window720: pygame.Surface, typed: str, tmp_path: Path
) -> None:
    type_in(new, window720, field(new, *WIDTH), typed)  # letter by letter: 1e99 is taken on the way
    assert new.doc.get(("table",)) == ([1e99, 48] if typed == "1e999" else [72, 48])
    said = new.t("editor_number_number", field=new.t("editor_field_width"), typed=typed)
    assert said in status(new)
    saved(new, window720, tmp_path / "mine.toml")
    assert tomllib.loads((tmp_path / "mine.toml").read_text())["table"] == new.doc.get(("table",))
    assert not new.doc.dirty


def test_a_whole_number_field_says_so(new: EditorScreen, window720: pygame.Surface) -> None:
    type_in(new, window720, field(new, (), "max_rounds"), "7.5")  # 7 taken on the way
    assert new.doc.get(("max_rounds",)) == 7
    assert "Round limit: “7.5” is not a whole number: it keeps its value" in status(new)
    type_in(new, window720, field(new, (), "max_rounds"), "8")
    assert new.doc.get(("max_rounds",)) == 8 and "whole" not in status(new)
