"""What check-content found: one line per problem and per warning, and what it checked, for its
summary."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from game.model.errors import UserError
from game.model.words import Wording, counted, slug

COUNTED = (  # what a check counts, as its summary says one and many of them (check_<kind>_one/_many)
    "mod",
    "ruleset",
    "rule module",
    "scenario",
    "game's scenario",  # the game's own battles and maps, checked again under the mods' rules
    "campaign",
    "scripted battle",
    "puzzle",
    "rules reference",
    "AI general",
)


@dataclass
class Report:
    """What a check found: one line per problem, and what it checked, each thing once: a file, or a
    folder (a ruleset, a mod) whose files count."""

    problems: list[str] = field(default_factory=list)
    # the error behind each problem, by its line: said in the reader's language (problem_words.error_said)
    errors: dict[str, UserError] = field(default_factory=dict)
    said: set[str] = field(default_factory=set)  # the problems, to tell one seen before at once
    unshown: int = 0  # problems past content_check.MAX_PROBLEMS
    warnings: list[str] = field(default_factory=list)  # what is legal but almost surely a mistake (strict)
    files: set[Path] = field(default_factory=set)
    checked: dict[str, set[Path]] = field(default_factory=lambda: {k: set() for k in COUNTED})

    def count(self, kind: str, path: Path) -> None:
        self.checked[kind].add(path)
        if not path.is_dir():
            self.files.add(path)
        for folder, _dirs, names in os.walk(path):  # never into a link: a mod's may lead anywhere
            self.files.update(Path(folder) / n for n in names)

    def summary(self, t: Wording) -> str:
        """What was checked, each kind of file counted, and the warnings, in the words of `t`."""
        parts = [counted(t, f"check_{slug(k)}", n) for k in COUNTED if (n := len(self.checked[k]))]
        line = t(
            "check_ok",
            files=counted(t, "check_files", len(self.files)),
            parts=", ".join(parts) or t("check_nothing_else"),
        )
        return line + (f" ({counted(t, 'check_warnings', len(self.warnings))})" if self.warnings else "")
