"""The texts the battle log and the refusals are told in: a language's words with its rule modules'
(`texts_for`), the English a session records its refusals in (`REASONS`, handed to every battle), and
a recorded refusal read back into a player's language (`reason_said`: its key found by matching the
English texts of the reasons.toml files)."""

from __future__ import annotations

import re
import string
from collections.abc import Collection, Iterable, Mapping
from functools import cache

from game import CONTENT
from game.content.locale import Texts, read_ui
from game.model.grammar import is_form
from game.model.modules import modules
from game.model.words import Number, Term, slug

DECIMAL = re.compile(r"-?\d+\.\d+")
NUMBER = r"-?[0-9]+(?:\.[0-9]+)?(?:e[+-][0-9]+)?"  # a number as `:g` writes it: 5, 0.5, 1e+06


@cache
def english() -> Texts:
    return texts_for("en")


class EnglishReasons:
    """The words a game records its refusals in (English, every module's), handed to its session:
    read the first time a refusal is recorded rather than for every game (most record none)."""

    def __call__(self, key: str, /, **values: object) -> str:
        return english()(key, **values)

    def has(self, key: str) -> bool:
        return english().has(key)


REASONS = EnglishReasons()


def texts_for(language: str, module_ids: Iterable[str] | None = None) -> Texts:
    """The words of the log in a language, with those of the given rule modules (None: every module
    that has a locale folder, as the command line does)."""
    from game.content.module_records import folder_of  # the registry of modules is loaded by then

    chosen = [m for m in modules() if module_ids is None or m.id in set(module_ids)]
    return Texts(language, tuple(f for m in chosen if (f := folder_of(m) / "locale").is_dir()))


def war_texts(language: str, module_ids: Iterable[str]) -> Texts:
    """A campaign's words: its rule modules' and Open Wars' (its marches are Open Wars' moves, refused
    in Open Wars' words: OW-MOVE-1, OW-DEC-8)."""
    return texts_for(language, ["open-wars", *module_ids])


def reason_said(t: Texts, reason: str) -> str:
    """A recorded refusal in the language of `t`: its key found by matching the English texts of the
    reasons.toml files (the game's and every module's), its values read back from it; a reason no text
    matches (or that `t` has no words for) as it is."""
    from game.model.resolution import Reject  # the session tells its events through this module

    for key, pattern in _reason_patterns():
        found = pattern.fullmatch(reason)
        if found is not None:
            values = {name: _value_word(name, v) for name, v in found.groupdict().items()}
            return Reject("", reason, key, values).said(t)
    return reason


def _value_word(name: str, value: str) -> str:
    """A value read back from an English reason as the refusal gave it (game.model.ruleset.category_word,
    systems/*.py): a decimal number, or a term of the game that another language says its own way."""
    if DECIMAL.fullmatch(value):
        return Number(value)
    if name in ("order", "edge", "ground"):  # given by their key's suffix
        return Term(value, f"log_{name}_{slug(value)}")
    if name == "category":  # given by the category's name
        for key, text in _english_ui().items():
            if key.startswith("category_") and text == value:
                return Term(value, key)
    return value


@cache
def _english_ui() -> dict[str, str]:
    return read_ui(CONTENT / "locale" / "en" / "ui.toml")


def english_ui() -> dict[str, str]:
    """The game's English ui.toml (read once)."""
    return _english_ui()


@cache
def _reason_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each refusal's key and its English text as a pattern (`text_patterns`)."""
    from game.content.module_records import folder_of

    texts: dict[str, str] = {}
    for root in (CONTENT / "locale", *(folder_of(m) / "locale" for m in modules())):
        if (path := root / "en" / "reasons.toml").is_file():
            texts.update(read_ui(path))
    return text_patterns(texts)


def text_patterns(
    texts: Mapping[str, str], numbers: Collection[str] = ()
) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each key and its English text as a pattern that reads its {values} back, the most literal words
    first (so that a text with more fixed words wins over a looser one that would match as well); a word
    chosen by a name's grammar ({unit:is|are}) matches any of its forms; a value named in `numbers`
    matches a number only (as `:g` writes one), so that a text inside another reads back whole."""
    out = []
    for key, text in texts.items():
        parts = []
        for literal, name, spec, _conv in string.Formatter().parse(text):
            parts.append(re.escape(literal))
            if name is not None and spec and is_form(spec) and "|" in spec:  # a word by the name's grammar
                parts.append("(?:" + "|".join(re.escape(word) for word in spec.split("|")) + ")")
            elif name is not None:
                value = NUMBER if name in numbers else ".+?"
                seen = f"(?P<{name}>" in "".join(parts)
                parts.append(f"(?P={name})" if seen else f"(?P<{name}>{value})")
        literal_size = sum(len(lit) for lit, *_ in string.Formatter().parse(text))
        out.append((literal_size, key, re.compile("".join(parts), re.DOTALL)))
    return tuple((key, pattern) for _size, key, pattern in sorted(out, key=lambda x: -x[0]))
