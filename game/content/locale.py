"""The words of the game in each language: content/locale/<language>/ui.toml (the screens),
narration.toml (the battle log) and reasons.toml (why the rules refuse a command), each a flat table of
texts by key with {name} placeholders. English is complete; another language falls back to it for any
key it lacks (check-content and the tests say which). A rule module's locale folder
(content/modules/<id>/locale/) may hold these files for its own words; no key is in two files of one
folder."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Annotated, Any

from game import CONTENT
from game.content.languages import LANGUAGES
from game.content.records import read_toml
from game.model.errors import ContentError
from game.model.grammar import form, is_form, tag_problem
from game.model.limits import Bounds, Keys

# a name's grammar as content gives it: "los", "la", "f pl", "the pl" (game/model/grammar.py)
GrammarTag = Annotated[str, Bounds(0, 40)]
# a content file's [locale.<language>] tables: the languages other than English (its own words are)
TRANSLATED = Keys(tuple(lang for lang in LANGUAGES if lang != "en"), "language", every=False)
WORDS = ("ui.toml", "narration.toml", "reasons.toml")  # its screens, its battle log, its refusals


def ui_file(language: str, root: Path = CONTENT / "locale") -> Path:
    return root / language / "ui.toml"


def narration_file(language: str, root: Path = CONTENT / "locale") -> Path:
    return root / language / "narration.toml"


# the only format spec a text may give its {names}: an alignment and a width of at most two digits
# ({n:>2}), or a form of a name (game/model/grammar.py: {unit:el}, {unit:mueve|mueven}). More could ask
# for gigabytes of padding; and the values are words and numbers alike, which only a width formats all
# of (a precision fails on a whole number, a sign on a word, a type on either)
SPEC = re.compile(r"[<>^]?[0-9]{1,2}")


def read_ui(path: Path) -> dict[str, str]:
    """A ui.toml, narration.toml or reasons.toml: every value a string whose placeholders are plain
    names, with at most a width (SPEC) and no conversion."""
    data = read_toml(path)
    for key, text in data.items():
        if not isinstance(text, str):
            raise ContentError(f"{path}: {key}", "a text (a string)")
        try:
            placeholders(text)
        except ValueError as e:
            raise ContentError(
                f"{path}: {key}", f"a text whose {{names}} are plain names, with at most a width ({e})"
            ) from None
    return data


def placeholders(text: str) -> set[str]:
    """The {names} a text takes; ValueError for a field that is not a plain name, a conversion (!r)
    or a format spec beyond SPEC."""
    names = set()
    for _lit, name, spec, conversion in string.Formatter().parse(text):
        if name is None:
            continue
        field = f"{{{name[:20]}{'!' + conversion if conversion else ''}{':' + spec[:20] if spec else ''}}}"
        if not name.isidentifier():
            raise ValueError(f"bad placeholder {field}")
        if conversion is not None:
            raise ValueError(f"{field}: no conversion")
        if spec and not SPEC.fullmatch(spec) and not is_form(spec):
            raise ValueError(
                f"{field}: a format spec beyond an alignment and a width of two digits, or a name's form"
                " (el, del, al, the; two or four words between |)"
            )
        names.add(name)
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


def forget_files() -> None:
    """Read the words' files again when next asked (a mod's, edited while the game runs)."""
    _texts.cache_clear()


class Texts:
    """`t("key", name=value)`: the text of a key in the chosen language; `extra`: the locale folders
    of the rule modules in play, whose words are added; `names`: what the battle's units, officers and
    divisions are called in that language (game/running/names.py; `t.names(id)`, an id without one as
    it is)."""

    def __init__(
        self, language: str = "en", extra: tuple[Path, ...] = (), names: Names | None = None
    ) -> None:
        self.language = language if language in LANGUAGES else "en"
        self.extra = extra
        self._texts = _texts(self.language, extra)
        self.names = names or Names()

    def __call__(self, key: str, /, **values: object) -> str:
        """The key's text with its values. A text that fails with them (a name it lacks, a value its
        format does not take) gives way to the English one; an English one that fails too (a modder's)
        is said all the same, each value as it is (`lenient`)."""
        text = self._texts[key]
        try:
            return formatted(text, values)
        except Exception:  # whatever a text's failure: never the player's screen or log
            pass
        english = _texts("en", self.extra).get(key, text)
        if english != text:
            try:
                return formatted(english, values)
            except Exception:
                pass
        return lenient(english, values)

    def with_names(self, names: Names) -> Texts:
        """The same words with a battle's names."""
        return Texts(self.language, self.extra, names)

    def with_words(self, roots: tuple[Path, ...]) -> Texts:
        """The same words with those of more locale folders (the mods' in play), each once."""
        return Texts(self.language, tuple(dict.fromkeys((*self.extra, *roots))), self.names)

    def has(self, key: str) -> bool:
        return key in self._texts


class ModeWords(Texts):
    """A game mode's own words where its locale has them, under its rules' prefix, else the game's
    (Open Wars' "ow_stats_losses": tokens lost turn by turn, not For Glory's units round by round)."""

    def __init__(self, t: Texts, prefix: str) -> None:
        super().__init__(t.language, t.extra, t.names)
        self.prefix = prefix.lower().replace("-", "_")  # "OW-" -> "ow_"

    def __call__(self, key: str, /, **values: object) -> str:
        own = self.prefix + key
        return super().__call__(own if super().has(own) else key, **values)

    def has(self, key: str) -> bool:
        return super().has(self.prefix + key) or super().has(key)


class _Forms(string.Formatter):
    """A text whose placeholders ask names for forms ({unit:el}): any value takes them (a plain string
    as a masculine singular name without an article)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        return form(value, format_spec)


_FORMS = _Forms()


@lru_cache(maxsize=4096)
def _asks_forms(text: str) -> bool:
    return any(spec and is_form(spec) for _lit, _name, spec, _conv in string.Formatter().parse(text))


def formatted(text: str, values: Mapping[str, object]) -> str:
    """A text with its values: Python's own formatting, or the forms' where the text asks for any."""
    if _asks_forms(text):
        return _FORMS.vformat(text, (), dict(values))
    return text.format(**values)


class _Lenient(string.Formatter):
    """A text's fields as plain values: a value its spec does not format is shown as it is, a name
    the values lack (or a field that is not a plain name) as written."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> tuple[Any, str]:
        if field_name in kwargs:
            return kwargs[field_name], field_name
        return f"{{{field_name}}}", field_name

    def format_field(self, value: Any, format_spec: str) -> str:
        try:
            return form(value, format_spec)
        except (ValueError, TypeError):
            return str(value)


def lenient(text: str, values: Mapping[str, object]) -> str:
    """The text with its values, whatever its fields ask: the last word when a text fails."""
    try:
        return _Lenient().vformat(text, (), dict(values))
    except (ValueError, IndexError):  # braces that are no field: the text as it is
        return text


def check_translations(
    locale: Mapping[str, Any], known: Mapping[str, set[str]], where: str, what: str
) -> None:
    """A content file's [locale.<language>] tables, refused at the first problem (translation_problems)."""
    for e in translation_problems(locale, known, what):
        raise ContentError(f"{where}: {e.where}", e.problem)


def translation_problems(
    locale: Mapping[str, Any], known: Mapping[str, set[str]], what: str
) -> Iterator[ContentError]:
    """What is wrong with a content file's [locale.<language>] tables, each at its key: each must be a
    language the game has (not English: the file's own words are), naming only ids the file has
    (`known`: table name -> its ids)."""
    others = [lang for lang in LANGUAGES if lang != "en"]
    for lang, words in locale.items():
        at = f"locale.{lang}"
        if lang not in others:
            yield ContentError(at, f"unknown language {lang!r} (known: {', '.join(others)})")
            continue
        for key, ids in known.items():
            for ident in getattr(words, key):
                if ident not in ids:
                    yield ContentError(
                        f"{at}.{key}.{ident}", f"no such id in the {what} (known: {', '.join(sorted(ids))})"
                    )


def grammar_problems(grammar: Any, known: Mapping[str, set[str]], at: str) -> Iterator[ContentError]:
    """What is wrong with a file's grammar table (`[grammar]`, `[locale.<language>.grammar]`), each at
    its key: each tag made of the words a grammar knows, naming only ids the file has (`known`: table
    name -> its ids)."""
    for key, ids in known.items():
        tags = grammar.get(key, {}) if isinstance(grammar, Mapping) else getattr(grammar, key, {})
        for ident, tag in tags.items():
            if ident not in ids:
                yield ContentError(f"{at}.{key}.{ident}", f"no such id (known: {', '.join(sorted(ids))})")
            elif (problem := tag_problem(tag)) is not None:
                yield ContentError(f"{at}.{key}.{ident}", problem)


@dataclass(frozen=True)
class Names:
    """Ids -> names (each a `Name` with its grammar, game/model/grammar.py): `full` for units and
    officers, `short` for the same, `divisions` (and their short forms) by division id, `sides` by
    side id."""

    full: Mapping[str, str] = field(default_factory=dict)
    short: Mapping[str, str] = field(default_factory=dict)
    divisions: Mapping[str, str] = field(default_factory=dict)
    divisions_short: Mapping[str, str] = field(default_factory=dict)
    sides: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, ident: str) -> str:
        """A unit's or an officer's name ("det:<unit>", a detachment, by its unit's); else the id itself."""
        if ident.startswith("det:"):
            return self.full.get(ident[4:], ident)
        return self.full.get(ident, ident)

    def brief(self, ident: str) -> str:
        if ident.startswith("det:"):
            return self.short.get(ident[4:], ident)
        return self.short.get(ident, ident)

    def division(self, ident: str) -> str:
        return self.divisions.get(ident, ident)

    def side(self, ident: str) -> str:
        """A side by the scenario's name for it; else the id itself."""
        return self.sides.get(ident, ident)

    def formation(self, key: str, short: bool = True) -> str:
        """A formation (a division by its officer's id, "det:<unit>", or a unit a rule module activates
        alone: Clash of Spears'): by default as a compact label, a division's short name or a unit's."""
        if key.startswith("det:") or key not in self.divisions:
            return self.brief(key) if short else self(key)
        return self.divisions_short.get(key, key) if short else self.division(key)
