"""Values that are words. The model keeps keys and values, never a language: a value put in a text is
written in English and knows how another language says it, and whoever shows it brings the words
(a `Wording`: content/locale/<language>/*.toml as game/content/locale.py loads them)."""

from __future__ import annotations

import re
from typing import Protocol


class Wording(Protocol):
    """The texts of one language by key, formatted with their values."""

    def __call__(self, key: str, **values: object) -> str: ...

    def has(self, key: str) -> bool: ...


class Word(str):
    """A value put in a text, written in English, that another language says its own way."""

    def said(self, t: Wording) -> str:
        return str(self)


class Term(Word):
    """A word of the game (a category's name, a table edge): the English word, and the key of its
    words in another language."""

    key: str

    def __new__(cls, english: str, key: str) -> Term:
        term = super().__new__(cls, english)
        term.key = key
        return term

    def said(self, t: Wording) -> str:
        return t(self.key) if t.has(self.key) else str(self)


class Number(Word):
    """A number written in English ("3.50"): another language writes its own decimal mark."""

    def said(self, t: Wording) -> str:
        return str(self).replace(".", t("log_decimal_mark"))


def slug(text: str) -> str:
    """A text as part of a key: 'XL bands to the estado mayor' -> 'xl_bands_to_the_estado_mayor'."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
