"""The editor on the largest table a file may give, and on an objective named with thousands of letters:
the table showed in part, no zooming out could show it whole (3 pixels an inch at the least); the name
ran across the whole table, its star and its start out of sight."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame

from game import CONTENT
from game.content.locale import Texts
from game.content.toml_text import dumps
from game.model.ruleset import MAX_INCHES
from game.ui.editor.screen import EditorScreen
from game.ui.editor.table import TableCanvas
from tests.ui.editor_driver import frames

BATTLE = CONTENT / "scenarios" / "first-battle.toml"


def opened(window: pygame.Surface, folder: Path, **changes: object) -> EditorScreen:
    data = tomllib.loads(BATTLE.read_text(encoding="utf-8")) | changes
    path = folder / "extreme.toml"
    path.write_text(dumps(data), encoding="utf-8")
    ed = EditorScreen(window.get_size(), Texts("en"), [], path)
    frames(ed, window)
    return ed


def test_the_largest_table_shows_whole(window720: pygame.Surface, tmp_path: Path) -> None:
    ed = opened(window720, tmp_path, table=[MAX_INCHES, MAX_INCHES])
    assert isinstance(ed.canvas, TableCanvas)
    cam = ed.canvas.camera
    assert all(cam.contains(cam.to_screen(corner)) for corner in [(0, 0), (MAX_INCHES, MAX_INCHES)])


def test_an_objective_s_long_name_is_cut_beside_its_star(window720: pygame.Surface, tmp_path: Path) -> None:
    objectives = tomllib.loads(BATTLE.read_text(encoding="utf-8"))["objectives"]
    long = [{**objectives[0], "name": ("Гора Высокая " * 400)[:5000]}]
    ed = opened(window720, tmp_path, objectives=long)
    assert isinstance(ed.canvas, TableCanvas)
    laid = [w for w in ed.canvas.renderer().laid if w.where == "objective"]
    assert len(laid) == 1 and laid[0].rect.width <= ed.canvas.view.width // 2 + 40  # the star and a plate
    assert ed.canvas.view.contains(laid[0].rect)
