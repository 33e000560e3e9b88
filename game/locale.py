"""The words of the game in each language: content/locale/<language>/ui.toml (the screens),
narration.toml (the battle log) and reasons.toml (why the rules refuse a command), each a flat table of
texts by key with {name} placeholders. English is complete; another language falls back to it for any
key it lacks (check-content and the tests say which). A rule module's locale folder
(content/modules/<id>/locale/) may hold these files for its own words; no key is in two files of one
folder."""

from __future__ import annotations

import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from game import CONTENT
from game.errors import ContentError
from game.names import Names
from game.records import read_toml

LANGUAGES = {"en": "English", "es": "Español"}
WORDS = ("ui.toml", "narration.toml", "reasons.toml")  # its screens, its battle log, its refusals


def ui_file(language: str, root: Path = CONTENT / "locale") -> Path:
    return root / language / "ui.toml"


def narration_file(language: str, root: Path = CONTENT / "locale") -> Path:
    return root / language / "narration.toml"


def read_ui(path: Path) -> dict[str, str]:
    """A ui.toml, narration.toml or reasons.toml: every value a string whose placeholders are plain names."""
    data = read_toml(path)
    for key, text in data.items():
        if not isinstance(text, str):
            raise ContentError(f"{path}: {key}", "a text (a string)")
        try:
            placeholders(text)
        except ValueError as e:
            raise ContentError(f"{path}: {key}", f"a text whose {{names}} are plain names ({e})") from None
    return data


def placeholders(text: str) -> set[str]:
    names = {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    if any(not n.isidentifier() for n in names):
        raise ValueError(f"bad placeholder in {text[:40]!r}")
    return names


@cache
def _texts(language: str, extra: tuple[Path, ...] = ()) -> dict[str, str]:
    out: dict[str, str] = {}
    # the game's words, then each rule module's (its locale folder): English first, then the language
    for root in (CONTENT / "locale", *extra):
        for lang in dict.fromkeys(("en", language)):
            for name in WORDS:
                path = root / lang / name
                if path.is_file() or (root == CONTENT / "locale" and lang == "en" and name == "ui.toml"):
                    out.update(read_ui(path))
    return out


class Texts:
    """`t("key", name=value)`: the text of a key in the chosen language; `extra`: the locale folders
    of the rule modules in play, whose words are added; `names`: what the battle's units, officers and
    divisions are called in that language (game/names.py; `t.names(id)`, an id without one as it is)."""

    def __init__(
        self, language: str = "en", extra: tuple[Path, ...] = (), names: Names | None = None
    ) -> None:
        self.language = language if language in LANGUAGES else "en"
        self.extra = extra
        self._texts = _texts(self.language, extra)
        self.names = names or Names()

    def __call__(self, key: str, **values: object) -> str:
        return self._texts[key].format(**values)

    def with_names(self, names: Names) -> Texts:
        """The same words with a battle's names."""
        return Texts(self.language, self.extra, names)

    def has(self, key: str) -> bool:
        return key in self._texts


class Word(str):
    """A value put in a text, written in English, that another language says its own way."""

    def said(self, t: Texts) -> str:
        return str(self)


class Term(Word):
    """A word of the game (a category's name, a table edge): the English word, and the key of its
    words in another language."""

    key: str

    def __new__(cls, english: str, key: str) -> Term:
        term = super().__new__(cls, english)
        term.key = key
        return term

    def said(self, t: Texts) -> str:
        return t(self.key) if t.has(self.key) else str(self)


class Number(Word):
    """A measure written in English ("17.72", as the rules record it): said as every measure is (`inches`)."""

    def said(self, t: Texts) -> str:
        return inches(float(self), t)


def counted(n: float, one: str, many: str) -> str:
    """A count and its noun, singular for one: "1 round", "2 rounds", "0.5 wins" (the command line's
    English)."""
    return f"{n:g} {one if n == 1 else many}"


def number(x: float, t: Texts, digits: int = 1, signed: bool = False) -> str:
    """A number to `digits` decimals (a sign always with `signed`), in the language's decimal mark."""
    return f"{x:{'+' if signed else ''}.{digits}f}".replace(".", t("log_decimal_mark"))


def inches(x: float, t: Texts) -> str:
    """A measure in inches as the screens and the log write every one: to a tenth, a whole number
    without its ".0", in the language's decimal mark (4.3, 6, 17.7; in Spanish 4,3). The texts add the
    inch sign."""
    return f"{round(x, 1) + 0.0:g}".replace(".", t("log_decimal_mark"))


def check_translations(
    locale: Mapping[str, Any], known: Mapping[str, set[str]], where: str, what: str
) -> None:
    """A content file's [locale.<language>] tables: each a language the game has (not English: the
    file's own words are), naming only ids the file has (`known`: table name -> its ids)."""
    others = [lang for lang in LANGUAGES if lang != "en"]
    for lang, words in locale.items():
        at = f"{where}: locale.{lang}"
        if lang not in others:
            raise ContentError(at, f"unknown language {lang!r} (known: {', '.join(others)})")
        for key, ids in known.items():
            for ident in getattr(words, key):
                if ident not in ids:
                    raise ContentError(
                        f"{at}.{key}.{ident}", f"no such id in the {what} (known: {', '.join(sorted(ids))})"
                    )
