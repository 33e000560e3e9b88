"""The editor's window on content whose every text is hostile (tests/planted.py): markup that would
ask pygame-gui for a font of 900000 pixels, a NUL no font draws, on every name of a battle and a map.
Each tab, each element chosen, both languages and the list of files to open are drawn; every such
text shows as written (markup never read), and nothing raises."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.locale import Texts
from game.ui.editor_screen import EditorScreen
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


def tour(ed: EditorScreen, surf: pygame.Surface, elements: list[tuple[str, int]]) -> list[str]:
    seen = []
    for _names in ("en", "es"):  # the names edited in each language (the bar's button)
        for name in ed.tab_buttons.values():
            press(ed, surf, tab(ed, name))
            seen += shown(ed)
        for element in elements:
            ed.select(element)
            frames(ed, surf)
            seen += shown(ed)
        press(ed, surf, bar(ed, "language"))
    press(ed, surf, bar(ed, "open"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(ed, surf)
    return seen


@pytest.fixture
def surf(window: pygame.Surface) -> pygame.Surface:
    return pygame.display.set_mode((1280, 720))


@pytest.mark.parametrize("language", ["en", "es"])
def test_hostile_names_show_as_written_in_the_editor(
    surf: pygame.Surface, tmp_path: Path, language: str
) -> None:
    mod = hostile_mod(tmp_path, hostile)
    mods: list = []  # the files opened by their paths: a mod's own name may hold no NUL (load_mod)
    battle = EditorScreen(surf.get_size(), Texts(language), mods, mod / "scenarios" / "evil.toml")
    frames(battle, surf)
    terrain = len(battle.doc.get(("terrain",)) or [])
    chosen = [("terrain", k) for k in range(terrain)] + [("objectives", 0)]
    seen = tour(battle, surf, chosen)
    assert sum(MARK in s for s in seen) > 10 and not any("\x00" in s for s in seen)
    world = EditorScreen(
        surf.get_size(), Texts(language), mods, mod / "scenarios" / "open-wars" / "evil-map.toml"
    )
    frames(world, surf)
    seen = tour(world, surf, [("locations", 0), ("players", 0)])
    assert sum(MARK in s for s in seen) > 5 and not any("\x00" in s for s in seen)
