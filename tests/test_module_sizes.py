"""The window's modules stay small enough to read whole (the project's standard: a UI module of about
500 lines at most; past that, a cohesive part moves to a module of its own, as the editor's file
commands did to game/ui/editor/files.py)."""

from __future__ import annotations

from pathlib import Path

import game.ui

MOST = 520  # "about 500": a little slack, so a small fix does not force a move


def test_no_ui_module_is_over_about_500_lines() -> None:
    folder = Path(game.ui.__file__).parent
    sizes = {
        str(p.relative_to(folder)): len(p.read_text(encoding="utf-8").splitlines())
        for p in folder.rglob("*.py")
    }
    assert len(sizes) > 20  # the folder was found
    assert {name: n for name, n in sizes.items() if n > MOST} == {}
