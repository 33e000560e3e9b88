"""The glossary: the rules' measures and words as a newcomer meets them (XS..XL with their inches,
estado mayor, detachment, disorganised ...), in the player's language, from
content/locale/<language>/glossary.toml. A text's {XS} .. {XL} are the inches of the ruleset in play, so
a mod that changes a measure changes the glossary with it. Shown by the F1 help, the rules reference's
Glossary section and the first battle's lessons; no pygame here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated

from game import CONTENT
from game.content.locale import LANGUAGES, Texts, placeholders
from game.content.records import build, read_toml
from game.model.errors import ContentError
from game.model.limits import Bounds
from game.model.words import decimal

MEASURES = ("XS", "S", "M", "L", "XL")
GLOSSARY = "glossary.toml"  # in each language's locale folder


@dataclass(frozen=True)
class GlossaryEntry:
    """One term of a glossary.toml (its key names the term for the code): the term as the screens
    write it, and its explanation, where {XS} .. {XL} are the measures' inches."""

    term: Annotated[str, Bounds(1, 80)]
    text: Annotated[str, Bounds(1, 600)]


@dataclass(frozen=True)
class Term:
    key: str
    term: str  # as the screens write it
    text: str  # with the measures' inches put in


def glossary_file(language: str, root: Path = CONTENT / "locale") -> Path:
    return root / language / GLOSSARY


def read_glossary(path: Path) -> dict[str, GlossaryEntry]:
    """A glossary file, checked: every table a term and a text whose {names} are measures."""
    out = {}
    for key, table in read_toml(path).items():
        entry = build(GlossaryEntry, table, f"{path}: {key}")
        try:
            names = placeholders(entry.text)
        except ValueError as e:
            raise ContentError(
                f"{path}: {key}.text", f"a text whose {{names}} are plain names ({e})"
            ) from None
        unknown = sorted(names - set(MEASURES))
        if unknown:
            raise ContentError(
                f"{path}: {key}.text", f"{{{unknown[0]}}} is not a measure ({', '.join(MEASURES)})"
            )
        out[key] = entry
    return out


def glossary(language: str, measures: Mapping[str, float]) -> list[Term]:
    """Every term in the language's words (English for a term it lacks), in the file's order, the
    measures written as the language writes a decimal."""
    language = language if language in LANGUAGES else "en"
    t = Texts(language)
    inches = {code: decimal(measures[code], t) for code in MEASURES}
    own, english = _shipped(language), _shipped("en")
    return [
        Term(key, (e := own.get(key, fallback)).term, e.text.format(**inches))
        for key, fallback in english.items()
    ]


@cache
def _shipped(language: str) -> dict[str, GlossaryEntry]:
    """The game's own glossary of a language, read once (the help and the reference ask each frame)."""
    return read_glossary(glossary_file(language))
