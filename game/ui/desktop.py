"""What the window asks of the player's desktop: a folder of the game's shown in the file manager, a
text put on the clipboard. Either may be missing (no file manager, no clipboard under a bare X server):
each says whether it worked, never raises, and never waits for what it started."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame


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
