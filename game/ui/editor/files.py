"""The editor's file commands: a new battle or map, open, save (to a file or as a mod), try it at once
against the computer, and leaving with changes unsaved. A part of the editor's screen (EditorScreen
takes them in), apart because they talk to files and dialogs, not to the table."""

from __future__ import annotations

from pathlib import Path

import pygame_gui

from game.content.files import inside, stem, write_text
from game.content.locale import LANGUAGES, Texts
from game.content.mods import Mod, user_mods_dir
from game.editing import battle as edit
from game.editing import maps
from game.editing.document import Document
from game.editing.files import open_document, save_as_mod, save_file, shipped, to_toml
from game.editing.problems import Problem
from game.editing.texts import first_names
from game.model.errors import UserError, one_line
from game.model.limits import check_id
from game.model.ruleset import Ruleset
from game.model.words import counted
from game.running.log_texts import texts_for
from game.running.match import battles_dir
from game.ui.editor.dialogs import Dialog, OpenList, Prompt

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
    leaving: bool  # asked to close with changes unsaved: the next ask closes
    problems: list[Problem]

    def layout(self, size: tuple[int, int]) -> None: ...  # the screen's: its widgets built anew

    def _new(self, kind: str) -> Document:
        """A new battle or map, its first names in every language the game speaks."""
        doc = edit.new_scenario(self.rules) if kind == "scenario" else maps.new_map()
        return first_names(doc, {lang: texts_for(lang) for lang in LANGUAGES})

    def _start(self, kind: str) -> None:
        self.doc = self._new(kind)
        self.path = None
        self.layout(self.size)

    def _open(self) -> None:
        self.dialog, self.asked = OpenList(self.manager, self.t, self.mods), "open"

    def _save_mod(self) -> None:
        self.dialog, self.asked = (
            Prompt(self.manager, self.t, self.t("editor_mod_ask", folder=user_mods_dir()), MOD),
            "mod",
        )

    def leave(self) -> bool:
        """May the editor close? Not at once with changes unsaved: a second try leaves them."""
        if self.doc.dirty and not self.leaving:
            self.leaving = True
            self.status = self.t("editor_unsaved")
            return False
        return True

    def _save(self) -> None:
        if self.path is not None:
            self._write(self.path)
            return
        suggested = battles_dir() / f"{stem(str(self.doc.get(('id',)) or ''))}.toml"
        self.dialog, self.asked = (
            Prompt(self.manager, self.t, self.t("editor_save_ask"), str(suggested)),
            "save",
        )

    def _answered(self, answer: str) -> None:
        try:
            if self.asked == "open":
                self.doc = open_document(Path(answer))
                self.path = None if shipped(Path(answer)) else Path(answer)
                self.layout(self.size)
                self.status = self.t("editor_opened", path=answer)
            elif self.asked == "save":
                self._write(Path(answer).expanduser())
            elif self.asked == "mod":
                written = save_as_mod(self.doc, user_mods_dir(), answer.strip(), answer.strip())
                self.path = written
                self.status = self.t("editor_saved_mod", path=written, mod=answer.strip())
        except UserError as e:
            self.status = one_line(str(e), 200)

    def _write(self, path: Path) -> None:
        written = save_file(self.doc, path)
        self.path = written
        count = len(self.problems)
        self.status = self.t("editor_saved", path=written) + (
            " " + counted(self.t, "editor_saved_problems", count) if count else ""
        )

    def _try(self) -> str | None:
        """Play it at once against the computer: written to the battles folder first."""
        if self.problems:
            self.status = counted(self.t, "editor_fix_first", len(self.problems))
            return None
        folder = battles_dir() / ("open-wars" if self.doc.kind == "map" else "")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = inside(folder, f"{check_id(self.doc.get(('id',)), 'id')}.toml")
            write_text(target, to_toml(self.doc))
        except UserError as e:
            self.status = one_line(str(e), 200)
            return None
        self.tried = target
        return "try"
