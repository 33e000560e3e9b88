"""Issue 38: a turn file's path was wrapped inside a name ("defa ult-ebf0956c") with no way to open its
folder. A path is broken after its separators (the lobby's box, the log), and the lobby offers to open
the folder of the turn file written and to copy its path."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game.content.locale import Texts
from game.ui import theme
from game.ui.markup import path_pieces
from game.ui.start.lobby import Lobby
from game.ui.start.setup import Setup

LONG = "/home/someone/.local/share/forglory/by-file/default-ebf0956c-with-a-long-tail/turn-0003.json"


def test_a_path_is_broken_after_its_separators() -> None:
    pieces = path_pieces(LONG, lambda piece: len(piece) <= 40)
    assert "".join(pieces) == LONG and len(pieces) > 1
    assert all(p.endswith("/") for p in pieces[:-1])  # never inside a name
    assert all(len(p) <= 40 for p in pieces if "/" in p[:-1])  # each that holds more than one name fits
    assert path_pieces("C:\\Users\\ana\\turn-0001.json", lambda p: len(p) <= 12) == [
        "C:\\Users\\",
        "ana\\",
        "turn-0001.json",
    ]


def test_the_log_wraps_a_path_at_its_separators(window: pygame.Surface) -> None:
    font = theme.font(18)
    width = font.size(LONG)[0] // 2
    lines = theme.wrap(f"Turn 3 written: send {LONG} to Ana", font, width)
    assert " ".join(lines).replace("/ ", "/") == f"Turn 3 written: send {LONG} to Ana"
    assert all(font.size(line)[0] <= width for line in lines)
    assert theme.wrap("a few words", font, width) == ["a few words"]


@pytest.fixture
def begun(window: pygame.Surface) -> Any:
    """The lobby of a game by file, its first turn file written."""
    lobby = Lobby(window.get_size(), Setup(), "by-file", Texts("es"))
    lobby.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.begin))
    lobby.update(0.05)
    lobby.draw(window)
    yield lobby
    lobby.close()


def test_the_lobby_shows_the_path_whole(begun: Lobby) -> None:
    written = Path(str(begun.lines[-1].values["path"]))
    assert written.is_file() and len(str(written)) > 48  # longer than a word the box may hold
    shown = begun.status.html_text
    assert str(written) in shown.replace("<br>", "")  # broken between lines, never inside a name
    assert shown.startswith("Turno 0 escrito")


def test_the_lobby_copies_the_path_and_opens_the_folder(
    begun: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert begun.copy_path.visible and begun.open_folder.visible
    begun.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=begun.copy_path))
    assert pygame.scrap.get_text() == str(begun.written)
    started: list[list[str]] = []
    monkeypatch.setattr(subprocess, "Popen", lambda argv, **kw: started.append(argv))
    begun.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=begun.open_folder))
    assert started == [["xdg-open", str(begun.written.parent)]]

    def missing(argv: list[str], **kw: object) -> None:
        raise FileNotFoundError(argv[0])

    monkeypatch.setattr(subprocess, "Popen", missing)  # no file manager: said, the game goes on
    begun.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=begun.open_folder))
    assert begun.lines[-1].key == "file_folder_failed" and begun.lines[-1].bad


def test_no_folder_to_open_before_a_turn_is_written(window: pygame.Surface, tmp_path: Path) -> None:
    lobby = Lobby(window.get_size(), Setup(), "by-file", Texts("en"))
    try:
        assert not lobby.copy_path.visible and not lobby.open_folder.visible and lobby.written is None
    finally:
        lobby.close()
