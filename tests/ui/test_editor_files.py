"""The editor's file commands over any folder (issue 35, item 5): Save, Save as mod, Try it and Open refuse
an unusable path or folder in one line, in the player's language, and keep the work unsaved; the first
Save on a fresh install makes the battles folder. Each of these crashed the window or said it in English
on a Spanish screen before (a traceback loses the unsaved work)."""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import CONTENT
from game.content.locale import Texts
from game.content.mods import user_mods_dir
from game.editing.texts import set_text
from game.running.match import battles_dir
from game.ui.editor.screen import EditorScreen
from tests.ui.editor_driver import frames, key

BATTLE = CONTENT / "scenarios" / "first-battle.toml"


def editor(window720: pygame.Surface, language: str = "es") -> EditorScreen:
    """Bailén's first battle open as a copy, with a change not saved."""
    ed = EditorScreen(window720.get_size(), Texts(language), [], BATTLE)
    set_text(ed.doc, (), "name", "en", "My first battle")
    ed.update(0.05)
    ed.draw(window720)
    return ed


def answered(ed: EditorScreen, asked: str, answer: str) -> str:
    """The status once the prompt of a command is answered, the work checked kept."""
    data, doc = copy.deepcopy(ed.doc.data), ed.doc
    ed.asked = asked
    ed._answered(answer)
    assert ed.doc is doc and ed.doc.dirty and ed.doc.data == data  # the work kept, as it was
    return ed.status


def one_spanish_line(status: str) -> None:
    assert status and "\n" not in status and "no se escribió nada" in status, status


def test_the_first_save_of_a_fresh_install_makes_the_battles_folder(window720: pygame.Surface) -> None:
    ed = editor(window720)
    assert not battles_dir().exists()  # a fresh install: no battles folder yet
    ed.asked = "save"
    ed._answered(str(battles_dir() / "my-first-battle.toml"))
    assert (battles_dir() / "my-first-battle.toml").is_file() and not ed.doc.dirty, ed.status
    assert ed.status.startswith("Guardado")


def test_a_relative_name_is_saved_in_the_battles_folder(window720: pygame.Surface) -> None:
    ed = editor(window720)
    ed.asked = "save"
    ed._answered("mine.toml")
    assert (battles_dir() / "mine.toml").is_file() and not ed.doc.dirty, ed.status


FOLDERS: dict[str, Callable[[], Path]] = {  # a folder state of the game's folders: what stands in the way
    "the mods folder is a file": lambda: _file(user_mods_dir()),
    "the mod's scenarios is a file": lambda: _mod_with_scenarios_file(),
    "the battles folder is a file": lambda: _file(battles_dir()),
    "the battles folder is a link to nowhere": lambda: _link(battles_dir(), battles_dir().parent / "gone"),
}


def _file(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not a folder")
    return path


def _link(path: Path, to: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(to)
    return path


def _mod_with_scenarios_file() -> Path:
    mod = user_mods_dir() / "my-battles"
    mod.mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "my-battles"\nname = "Mine"\nversion = "1"\n')
    return _file(mod / "scenarios")


@pytest.mark.parametrize("state", FOLDERS)
def test_save_as_mod_and_try_it_refuse_a_folder_that_is_none(window720: pygame.Surface, state: str) -> None:
    ed = editor(window720)
    blocking = FOLDERS[state]()
    if "battles" in state:
        data = copy.deepcopy(ed.doc.data)
        assert ed._try() is None and ed.tried is None and ed.doc.data == data and ed.doc.dirty
        said = ed.status
    else:
        said = answered(ed, "mod", "my-battles")
    one_spanish_line(said)
    assert str(blocking) in said
    ed.update(0.05)
    ed.draw(window720)


def test_a_user_that_does_not_exist_is_refused(window720: pygame.Surface) -> None:
    said = answered(editor(window720), "save", "~nouser-of-this-machine/x.toml")
    assert said.startswith("~nouser-of-this-machine/x.toml: no existe la carpeta de ese usuario"), said


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("a/b/c.toml", "no existe esa carpeta"),
        ("x.txt", "un archivo .toml"),
        ("x\x00.toml", "ningún archivo puede llamarse así"),
        ("y" * 5000 + ".toml", "un nombre demasiado largo para el disco"),
    ],
)
def test_a_path_no_file_can_have_is_refused(window720: pygame.Surface, typed: str, says: str) -> None:
    said = answered(editor(window720), "save", typed)
    assert says in said and "\n" not in said, said


def _odd(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    if name == "pipe.toml":
        os.mkfifo(path)
    elif name == "huge.toml":
        with open(path, "wb") as f:
            f.truncate(9 << 20)
    elif name == "loop.toml":
        path.symlink_to(path)
    elif name == "folder.toml":
        path.mkdir()
    return path


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("pipe.toml", "no es un archivo normal"),
        ("huge.toml", "demasiado grande: 9437184 bytes"),
        ("loop.toml", "un enlace que vuelve sobre sí mismo"),
        ("folder.toml", "es una carpeta, no un archivo"),
        ("missing.toml", "no existe el archivo"),
        ("nul\x00.toml", "no es un nombre de archivo"),  # the fuzzer's (seed 7): a traceback before
    ],
)
def test_open_refuses_what_is_no_scenario_and_keeps_the_work(
    window720: pygame.Surface, tmp_path: Path, name: str, says: str
) -> None:
    said = answered(editor(window720), "open", str(_odd(tmp_path, name)))
    assert said.startswith("No se abrió ") and says in said and "\n" not in said, said


@pytest.mark.parametrize(("language", "value"), [("en", "inf"), ("es", "nan"), ("en", "1979-05-27")])
def test_a_value_the_editor_cannot_write_is_refused_by_save_in_one_line(
    window720: pygame.Surface, tmp_path: Path, language: str, value: str
) -> None:
    """A key the game does not know opens, whatever it holds (its problem says so); one TOML reads
    but the editor cannot write is refused by every save, the file on disk left as it was."""
    source = tmp_path / "odd.toml"
    text = (CONTENT / "scenarios" / "first-battle.toml").read_text()
    source.write_text(text.replace("table = [40, 28]", f"table = [40, 28]\nodds = {value}"))
    ed = EditorScreen(window720.get_size(), Texts(language), [], source)
    frames(ed, window720)
    before = source.read_bytes()
    words = ed.t("editor_refused_unwritable", where="odds")
    for save in (lambda: key(ed, window720, pygame.K_s, pygame.KMOD_CTRL), lambda: ed._command("save")):
        ed.status = ""
        save()
        frames(ed, window720)
        assert ed.status == words and words in ed.status_label.text
        assert source.read_bytes() == before
    ed.asked = "mod"
    ed._answered("odd-mod")
    assert ed.status == words and not (user_mods_dir() / "odd-mod").exists()
