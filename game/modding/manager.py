"""The mods a player has, to switch on and off, put in order and check together (the window's mods page,
game/ui/mods/): those of the mods folder and those given on the command line, each with its version
or why it cannot be loaded, and what check-content says of the ones switched on together (their
conflicts among its problems). Reloading reads every mod's files again, as edited, without restarting:
the words and temperaments the game keeps once read are forgotten too."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.ai.generals import forget_files as forget_generals
from game.content.locale import forget_files as forget_words
from game.content.mods import Mod, load_mod, mod_folders
from game.modding.content_check import check_content
from game.model.errors import UserError

SHOWN = 6  # lines of the check's problems and warnings kept for the page


@dataclass
class Row:
    folder: Path
    mod: Mod | None  # None: it cannot be loaded (`problem` says why)
    problem: str = ""
    on: bool = False


@dataclass
class Checked:
    """What check-content says of the mods switched on together."""

    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    more: int = 0  # lines past SHOWN
    errors: dict[str, UserError] = field(default_factory=dict)  # the error behind a problem (Report.errors)

    @property
    def ok(self) -> bool:
        return not self.problems


class ModList:
    """The mods on offer in their order (the order the switched-on ones load in, after their
    dependencies), which of them are on, and their check."""

    def __init__(self, on: list[Path], given: list[Path] | None = None) -> None:
        self.given = list(given or [])
        self.rows: list[Row] = []
        self.checked = Checked()
        self._scan([p.resolve() for p in on])

    def _scan(self, on: list[Path]) -> None:
        known = {r.folder: r for r in self.rows}
        order = [*on, *(r.folder for r in self.rows), *(p.resolve() for p in [*self.given, *mod_folders()])]
        rows: list[Row] = []
        for folder in dict.fromkeys(order):
            if not folder.is_dir():
                continue  # removed since: it goes
            try:
                row = Row(folder, load_mod(folder))
            except UserError as e:
                row = Row(folder, None, e.whole)  # said in the page's language, then cut
            row.on = folder in on or (folder in known and known[folder].on)
            rows.append(row)
        self.rows = rows
        self.check()

    def enabled(self) -> list[Path]:
        return [r.folder for r in self.rows if r.on and r.mod is not None]

    def toggle(self, i: int) -> None:
        if self.rows[i].mod is not None:
            self.rows[i].on = not self.rows[i].on
            self.check()

    def move(self, i: int, by: int) -> None:
        j = i + by
        if 0 <= j < len(self.rows):
            self.rows[i], self.rows[j] = self.rows[j], self.rows[i]
            self.check()

    def reload(self) -> None:
        """Every mod read again from its folder (edited, added or removed since), and checked again."""
        forget_words()
        forget_generals()
        on = self.enabled()
        self._scan(on)

    def check(self) -> None:
        on = self.enabled()
        if not on:
            self.checked = Checked()
            return
        report = check_content(on)
        lines = [*report.problems, *report.warnings]
        shown = lines[:SHOWN]
        self.checked = Checked(
            [x for x in shown if x in report.problems],
            [x for x in shown if x in report.warnings],
            len(lines) - len(shown),
            report.errors,
        )
