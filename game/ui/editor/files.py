"""The editor's file commands: a new battle or map, open, save (to a file or as a mod), try it at once
against the computer, and leaving with changes unsaved. A part of the editor's screen (EditorScreen
takes them in), apart because they talk to files and dialogs, not to the table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame_gui

from game.content.files import stem
from game.content.locale import LANGUAGES, Texts
from game.content.mods import Mod, user_mods_dir
from game.editing import battle as edit
from game.editing import maps
from game.editing.campaigns import new_campaign
from game.editing.document import Document
from game.editing.files import (
    CAMPAIGN_FOLDER,
    MAP_FOLDER,
    folder_of,
    open_document,
    save_as_mod,
    save_copy,
    save_file,
    shipped,
    typed_path,
)
from game.editing.problem_words import refusal_said
from game.editing.problems import Problem
from game.editing.texts import first_names
from game.model.errors import UserError, one_line
from game.model.ruleset import Ruleset
from game.model.words import counted
from game.running.log_texts import texts_for
from game.running.match import battles_dir
from game.ui.editor.dialogs import Dialog, OpenList, Prompt
from game.ui.editor.panels import first_unit

MOD = "my-battles"  # the mod a battle is saved in unless the player names another


class FileCommands:
    """What the file commands read and change of the editor's screen."""

    t: Texts
    mods: list[Mod]
    rules: Ruleset
    manager: pygame_gui.UIManager
    size: tuple[int, int]
    doc: Document
    path: Path | None  # where it was opened from or last saved to
    status: str  # what the last command did
    dialog: Dialog | None
    asked: str  # what the open dialog's answer is for
    tried: Path | None  # the file "Try it" wrote, for the window to open
    leaving: tuple[str, int] | None  # a command asked with changes unsaved, and the version then
    problems: list[Problem]

    def layout(self, size: tuple[int, int]) -> None: ...  # the screen's: its widgets built anew

    def _new(self, kind: str) -> Document:
        """A new battle, map or campaign, its first names in every language the game speaks."""
        if kind == "campaign":
            doc = new_campaign(*first_unit(self.rules))
        else:
            doc = edit.new_scenario(self.rules) if kind == "scenario" else maps.new_map()
        return first_names(doc, {lang: texts_for(lang) for lang in LANGUAGES})

    def _start(self, kind: str) -> None:
        self.doc = self._new(kind)
        self.path, self.leaving = None, None
        self.layout(self.size)

    def _open(self) -> None:
        self.dialog, self.asked = OpenList(self.manager, self.t, self.mods), "open"

    def _save_mod(self) -> None:
        self.dialog, self.asked = (
            Prompt(self.manager, self.t, self.t("editor_mod_ask"), MOD, folder=str(user_mods_dir())),
            "mod",
        )

    def leave(self) -> bool:
        """May the editor close? Not at once with changes unsaved: a second try leaves them."""
        return not self.unsaved("close")

    def unsaved(self, command: str) -> bool:
        """Would a command (close, new_battle, new_map, open) throw changes away unsaved? The status says
        so the first time; asked again with nothing changed since, it goes on and leaves them."""
        if not self.doc.dirty or self.leaving == (command, self.doc.version):
            return False
        self.leaving = (command, self.doc.version)
        again = self.t("editor_unsaved_again", command=self.t(f"editor_{command}"))
        self.status = self.t("editor_unsaved") if command == "close" else again
        return True

    def _save(self) -> None:
        if self.path is not None:
            path = self.path
            self._said(lambda: self._write(path))
            return
        folder = battles_dir() / (CAMPAIGN_FOLDER if self.doc.kind == "campaign" else "")  # kept apart
        suggested = folder / f"{stem(str(self.doc.get(('id',)) or ''))}.toml"
        self.dialog, self.asked = (
            Prompt(self.manager, self.t, self.t("editor_save_ask"), str(suggested)),
            "save",
        )

    def _answered(self, answer: str) -> None:
        if self.asked == "open":
            self._said(lambda: self._opened(Path(answer)))
        elif self.asked == "save":
            self._said(lambda: self._write(typed_path(answer, battles_dir())))
        elif self.asked == "mod":
            self._said(lambda: self._saved_mod(answer.strip()))

    def _said(self, command: Callable[[], None]) -> None:
        """A file command, its refusal said in one line in the player's language (the work kept)."""
        try:
            command()
        except UserError as e:
            self.status = one_line(refusal_said(self.t, e), 200)

    def _opened(self, path: Path) -> None:
        self.doc = open_document(path)
        self.path, self.leaving = None if shipped(path) else path, None
        self.layout(self.size)
        self.status = self.t("editor_opened", path=path)

    def _saved_mod(self, mod: str) -> None:
        self.path = save_as_mod(self.doc, user_mods_dir(), mod, mod)
        self.status = self.t("editor_saved_mod", path=self.path, mod=mod)

    def _write(self, path: Path) -> None:
        """Save to a file; the game's own battles folder made on the first save of a fresh install."""
        made = (battles_dir(), battles_dir() / MAP_FOLDER, battles_dir() / CAMPAIGN_FOLDER)
        written = save_file(self.doc, path, make=path.parent in made)
        self.path = written
        count = len(self.problems)
        self.status = self.t("editor_saved", path=written) + (
            " " + counted(self.t, "editor_saved_problems", count) if count else ""
        )

    def _try(self) -> str | None:
        """Play it at once against the computer (a campaign on its own screen): written to the battles
        folder first."""
        if self.problems:
            self.status = counted(self.t, "editor_fix_first", len(self.problems))
            return None
        try:
            self.tried = save_copy(self.doc, battles_dir() / folder_of(self.doc))
        except UserError as e:
            self.status = one_line(refusal_said(self.t, e), 200)
            return None
        return "try"
