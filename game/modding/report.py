"""What check-content found: one line per problem and per warning, and what it checked, for its
summary."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from game.model.words import english_count

COUNTED = {  # what a check counts, as its summary says one and many of them
    "mod": ("mod", "mods"),
    "ruleset": ("ruleset", "rulesets"),
    "rule module": ("rule module", "rule modules"),
    "scenario": ("scenario", "scenarios"),
    "game's scenario": ("of the game's scenarios under the mods' rules",) * 2,
    "scripted battle": ("scripted battle", "scripted battles"),
    "puzzle": ("puzzle", "puzzles"),
    "rules reference": ("rules reference", "rules references"),
    "AI general": ("AI general", "AI generals"),
}


@dataclass
class Report:
    """What a check found: one line per problem, and what it checked, each thing once: a file, or a
    folder (a ruleset, a mod) whose files count."""

    problems: list[str] = field(default_factory=list)
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

    def summary(self) -> str:
        parts = [
            english_count(len(self.checked[k]), *words) for k, words in COUNTED.items() if self.checked[k]
        ]
        files = english_count(len(self.files), "file", "files")
        warned = f" ({english_count(len(self.warnings), 'warning', 'warnings')})" if self.warnings else ""
        return f"ok: {files} checked: {', '.join(parts) or 'nothing else'}{warned}"
