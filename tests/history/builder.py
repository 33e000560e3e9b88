"""A battle made with the editor's model, one call per thing a player does in the editor: every call
here is one or two of its edits (game/editing/), so a shipped battle is proof the editor makes it."""

from __future__ import annotations

from collections.abc import Sequence

from game.editing import battle as edit
from game.editing.document import Document, Path
from game.editing.elements import set_field, set_id
from game.editing.texts import set_grammar, set_text
from game.model.geometry import Point
from game.model.ruleset import Ruleset

Words = tuple[str, str]  # English, Spanish
Tags = tuple[str, str]  # a name's grammar where its default does not fit: English, Spanish (docs/spanish.md)


class Battle:
    def __init__(self, rules: Ruleset, ident: str, table: tuple[float, float], name: Words) -> None:
        self.rules = rules
        self.doc: Document = edit.new_scenario(rules, table)
        set_field(self.doc, (), "id", ident)
        self.words((), "name", name)

    def words(self, path: Path, field: str, words: Words, grammar: Tags = ("", "")) -> None:
        english, spanish = words
        set_text(self.doc, path, field, "en", english)
        set_text(self.doc, path, field, "es", spanish)
        for language, tag in zip(("en", "es"), grammar, strict=True):
            if tag:
                set_grammar(self.doc, path, field, language, tag)

    def text(self, field: str, english: str, spanish: str) -> None:
        """The description or the history, in both languages (one paragraph each)."""
        self.words((), field, (" ".join(english.split()), " ".join(spanish.split())))

    def options(self, max_rounds: int) -> None:
        set_field(self.doc, (), "max_rounds", max_rounds)

    def victory(self, divisions_removed: int | None = None, all_objectives: bool | None = None) -> None:
        """How the battle ends, where it is not as the rulebook has it (the editor's Battle tab)."""
        set_field(self.doc, ("victory",), "divisions_removed", divisions_removed)
        set_field(self.doc, ("victory",), "all_objectives", all_objectives)

    def area(self, kind: str, points: Sequence[Point], name: str = "") -> None:
        edit.add_terrain(self.doc, self.rules, kind, points, name)

    def line(self, kind: str, points: Sequence[Point], name: str = "", width: float | None = None) -> None:
        edit.add_terrain(self.doc, self.rules, kind, points, name, width)

    def objective(
        self, ident: str, at: Point, name: Words, held_by: str | None = None, grammar: Tags = ("", "")
    ) -> None:
        path = edit.add_objective(self.doc, at)
        set_id(self.doc, path, ident)
        self.words(path, "name", name, grammar)
        if held_by:
            set_field(self.doc, path, "held_by", held_by)

    def side(
        self,
        index: int,
        ident: str,
        name: Words,
        colour: tuple[int, int, int],
        zone: Sequence[Point],
        staff: Words,
        experience: int | None = None,
        staff_grammar: Tags = ("", ""),
    ) -> int:
        at: Path = ("sides", index)
        set_id(self.doc, at, ident)
        self.words(at, "name", name)
        set_field(self.doc, at, "colour", list(colour))
        edit.set_zone(self.doc, index, zone)
        self.words((*at, "staff"), "name", staff, staff_grammar)
        set_field(self.doc, (*at, "staff"), "experience", experience)
        return index

    def division(
        self,
        side: int,
        name: Words,
        officer: Words | None = None,
        arrival: int | None = 0,
        experience: int | None = None,
        grammar: Tags = ("", ""),
        officer_grammar: Tags = ("", ""),
    ) -> Path:
        path = edit.add_division(self.doc, side)
        self.words(path, "name", name, grammar)
        if officer is not None:
            self.words(path, "officer", officer, officer_grammar)
        set_field(self.doc, path, "experience", experience)
        set_field(self.doc, path, "arrival", arrival)
        return path

    def unit(
        self, division: Path, category: str, quality: str, name: Words | None = None, grammar: Tags = ("", "")
    ) -> None:
        path = edit.add_unit(self.doc, division, category, quality)
        if name is not None:
            self.words(path, "name", name, grammar)
