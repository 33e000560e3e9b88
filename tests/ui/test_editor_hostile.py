"""The editor's window on content whose every text is hostile (tests/planted.py): markup that would
ask pygame-gui for a font of 900000 pixels, a NUL no font draws, on every name of a battle and a map.
Each tab, each element chosen, both languages and the list of files to open are drawn; every such
text shows as written (markup never read), and nothing raises."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import CONTENT
from game.content.locale import Texts
from game.content.toml_text import dumps
from game.model.errors import UserError
from game.ui.editor.screen import EditorScreen
from tests.planted import hostile_mod
from tests.ui.editor_driver import bar, frames, press, tab

pytestmark = pytest.mark.filterwarnings("ignore:Label Rect is too small:UserWarning")  # long names, cut
MARK = "<font pixel_size=900000>"


def hostile(where: str, room: int) -> str:
    return f"{MARK}\x00{where}"[:room]


def shown(ed: EditorScreen) -> list[str]:
    """The text of every label, button and entry of the panel."""
    out = []
    for w in ed.form.widgets:
        text = getattr(w, "text", None)
        out.append(str(text) if text is not None else str(w.get_text()))
    return out


def tour(ed: EditorScreen, window720: pygame.Surface, elements: list[tuple[str, int]]) -> list[str]:
    seen = []
    for _names in ("en", "es"):  # the names edited in each language (the bar's button)
        for name in ed.tab_buttons.values():
            press(ed, window720, tab(ed, name))
            seen += shown(ed)
        for element in elements:
            ed.select(element)
            frames(ed, window720)
            seen += shown(ed)
        press(ed, window720, bar(ed, "language"))
    press(ed, window720, bar(ed, "open"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(ed, window720)
    return seen


@pytest.mark.parametrize("language", ["en", "es"])
def test_hostile_names_show_as_written_in_the_editor(
    window720: pygame.Surface, tmp_path: Path, language: str
) -> None:
    mod = hostile_mod(tmp_path, hostile)
    mods: list = []  # the files opened by their paths: a mod's own name may hold no NUL (load_mod)
    battle = EditorScreen(window720.get_size(), Texts(language), mods, mod / "scenarios" / "evil.toml")
    frames(battle, window720)
    terrain = len(battle.doc.get(("terrain",)) or [])
    chosen = [("terrain", k) for k in range(terrain)] + [("objectives", 0)]
    seen = tour(battle, window720, chosen)
    assert sum(MARK in s for s in seen) > 10 and not any("\x00" in s for s in seen)
    world = EditorScreen(
        window720.get_size(), Texts(language), mods, mod / "scenarios" / "open-wars" / "evil-map.toml"
    )
    frames(world, window720)
    seen = tour(world, window720, [("locations", 0), ("players", 0)])
    assert sum(MARK in s for s in seen) > 5 and not any("\x00" in s for s in seen)


BATTLE = CONTENT / "scenarios" / "first-battle.toml"
MAP = CONTENT / "scenarios" / "open-wars" / "ow-twin-fords.toml"
# (file, key path, value): each crashed the editor's window before it checked a file's shape
MISSHAPEN = [
    (BATTLE, ("objectives",), True),
    (BATTLE, ("sides", 1, "divisions", 0, "units", 1), "x"),
    (BATTLE, ("sides", 1, "divisions", 0), [1]),
    (BATTLE, ("sides", 0, "divisions", 1, "units"), 3),
    (BATTLE, ("objectives", 0, "held_by"), {"a": 1}),
    (BATTLE, ("terrain",), 1e308),
    (MAP, ("links", 0), {"a": 1}),
    (MAP, ("links", 1, 1), [[1, 2]]),
    (MAP, ("locations", 1, "at", 1), ""),
    (MAP, ("locations", 2, "id"), []),
    (MAP, ("players", 1, "units", 0, "unit"), [[1, 2]]),
    (MAP, ("players",), True),
]
# values the right shape but out of range: the editor opens them, draws them, and shows their problems
OUT_OF_RANGE = [
    (MAP, ("locations", 0, "at", 0), 1e308),
    (MAP, ("players", 0, "colour", 1), 300),  # a colour is 0 to 255 a channel (session 10)
    (BATTLE, ("sides", 0, "colour"), [1e308, 0, 0]),
    (BATTLE, ("objectives", 0, "at"), [1e308, -1e308]),
]


def altered(source: Path, path: tuple[Any, ...], value: Any, folder: Path) -> Path:
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    target = folder / source.name
    target.write_text(dumps(data), encoding="utf-8")
    return target


@pytest.mark.parametrize(("source", "path", "value"), MISSHAPEN)
def test_a_misshapen_file_is_refused_in_one_line(
    window720: pygame.Surface, tmp_path: Path, source: Path, path: tuple[Any, ...], value: Any
) -> None:
    target = altered(source, path, value, tmp_path)
    with pytest.raises(UserError) as refused:
        EditorScreen(window720.get_size(), Texts("en"), [], target)
    line = str(refused.value)
    assert line.startswith(f"{target}: ") and "expected" in line and "\n" not in line


@pytest.mark.parametrize(("source", "path", "value"), OUT_OF_RANGE)
def test_a_value_out_of_range_is_shown_as_a_problem(
    window720: pygame.Surface, tmp_path: Path, source: Path, path: tuple[Any, ...], value: Any
) -> None:
    ed = EditorScreen(window720.get_size(), Texts("en"), [], altered(source, path, value, tmp_path))
    frames(ed, window720)
    element = (str(path[0]), int(path[1])) if isinstance(path[1], int) else ("sides", 0)
    assert tour(ed, window720, [element])  # every tab and the element drawn
    assert any(p.path[: len(path)] == path for p in ed.problems), ed.problems


def test_play_edit_on_a_misshapen_file_is_one_line(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    from game.cli.entry import main

    target = altered(BATTLE, ("sides", 0, "divisions"), "x", tmp_path)
    assert main(["play", "--edit", str(target), "--frames", "3"]) == 2
    err = capfd.readouterr().err.strip()
    assert err.startswith(f"error: {target}: sides[0].divisions: expected a list") and "\n" not in err
