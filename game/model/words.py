"""Values that are words. The model keeps keys and values, never a language: a value put in a text is
written in English and knows how another language says it, and whoever shows it brings the words
(a `Wording`: content/locale/<language>/*.toml as game/content/locale.py loads them)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol


class Names(Protocol):
    """What a battle's units, officers and divisions are called (game/content/names.py)."""

    def __call__(self, ident: str) -> str: ...

    def formation(self, key: str, short: bool = True) -> str: ...

    def side(self, ident: str) -> str: ...


class Wording(Protocol):
    """The texts of one language by key, formatted with their values."""

    def __call__(self, key: str, /, **values: object) -> str: ...

    def has(self, key: str) -> bool: ...


class NamedWording(Wording, Protocol):
    """A screen's words: the texts of its language and the names of the battle's units, officers and
    divisions in it (game/content/locale.py Texts)."""

    @property
    def names(self) -> Names: ...


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
    """A measure written in English ("17.72", as the rules record it): said as every measure is (`inches`)."""

    def said(self, t: Wording) -> str:
        return inches(float(self), t)


class Share(Word):
    """A share (0 to 1) written as an English percentage ("58%", as a module's choices give their odds):
    said as every text writes one (`percent`: Spanish "58 %")."""

    share: float

    def __new__(cls, share: float) -> Share:
        word = super().__new__(cls, f"{share:.0%}")
        word.share = share
        return word

    def said(self, t: Wording) -> str:
        return percent(self.share, t)


def english_count(n: float, one: str, many: str) -> str:
    """A count and its noun in English, singular for one: "1 round", "2 rounds", "0.5 wins" (the
    command line's and the checks' words; a screen's words are `counted`)."""
    return f"{n:g} {one if n == 1 else many}"


def counted(t: Wording, key: str, n: int, **values: object) -> str:
    """A text that counts: `key`_one for one, `key`_many otherwise (Spanish, like English, takes the
    singular after 1 only), with the count as `n`."""
    return t(f"{key}_one" if n == 1 else f"{key}_many", n=n, **values)


def in_language(written: str, t: Wording) -> str:
    """A number written in English ("4.5", as a file, a rule or an English text holds it) in the
    language's decimal mark (Spanish "4,5"): the one place a number changes its mark."""
    return written.replace(".", t("log_decimal_mark"))


def number(x: float, t: Wording, digits: int = 1, signed: bool = False) -> str:
    """A number to `digits` decimals (a sign always with `signed`), in the language's decimal mark."""
    return in_language(f"{x:{'+' if signed else ''}.{digits}f}", t)


def decimal(x: float, t: Wording) -> str:
    """A number as exact as it was given, a whole one without its ".0" (12, 1.5, 0.25), in the
    language's decimal mark: the rules' measures, a count of wins that halves draws, a facing."""
    return in_language(f"{x:g}", t)


def percent(share: float, t: Wording, digits: int = 0) -> str:
    """A share (0 to 1) as a percentage, as every text writes one: its number to `digits` decimals in
    the language's decimal mark, and the sign as the language puts it (`log_percent`: "20%"; Spanish
    "20 %", a no-break space before the sign, the RAE's, so that a line never breaks between them)."""
    return t("log_percent", n=number(100 * share, t, digits))


def inches(x: float, t: Wording) -> str:
    """A measure in inches as the screens and the log write every one: to a tenth, a whole number
    without its ".0", in the language's decimal mark (4.3, 6, 17.7; in Spanish 4,3). The texts add the
    inch sign."""
    return in_language(measure(x), t)


def measure(x: float) -> str:
    """A measure in inches as an English line writes it (a check's, the command line's): as `inches`,
    to a tenth, a whole number without its ".0" (14, not 14.0)."""
    return f"{round(x, 1) + 0.0:g}"


def table_size(table: Sequence[float]) -> str:
    """A table's width and depth as an English line writes them, as `generate --size` takes them:
    "72x48", "30.5x40" (not [72.0, 48.0])."""
    return "x".join(measure(x) for x in table)


def slug(text: str) -> str:
    """A text as part of a key: 'XL bands to the estado mayor' -> 'xl_bands_to_the_estado_mayor'."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
