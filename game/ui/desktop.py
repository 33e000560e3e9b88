"""What the window asks of the player's desktop: a folder of the game's shown in the file manager, a
text put on the clipboard. Either may be missing (no file manager, no clipboard under a bare X server):
each says whether it worked, never raises, and never waits for what it started. A turn file written,
handed over to the player to send (`hand_over`: the lobby's buttons, Ctrl+O and Ctrl+C in a game)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.net.said import Said


def open_folder(folder: Path) -> bool:
    """The folder in the desktop's file manager (a folder the game made: a game's turn files)."""
    if not folder.is_dir():
        return False
    try:
        if sys.platform == "win32":
            os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
            return True
        opener = "open" if sys.platform == "darwin" else "xdg-open"
        subprocess.Popen(  # a fixed program and the game's own folder, no shell
            [opener, str(folder)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:
        return False
    return True


def copy_text(text: str) -> bool:
    """The text on the clipboard, for the player to paste (a turn file's path in an e-mail)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True


def hand_over(written: Path, folder: bool) -> Said:
    """A turn file for the player to send: its folder opened (`folder`), or its path copied; what to
    say of it (why not, when the desktop cannot)."""
    if folder:
        if open_folder(written.parent):
            return Said("file_folder_opened", {"folder": written.parent})
        return Said("file_folder_failed", {"folder": written.parent}, bad=True)
    if copy_text(str(written)):
        return Said("file_path_copied", {"path": written})
    return Said("file_copy_failed", {"path": written}, bad=True)
