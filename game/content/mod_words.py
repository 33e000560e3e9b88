"""A mod's own words for the screens and the log: `locale/<language>/ui.toml` in a mod gives the words
of what the mod adds to the ruleset in each language (its category's name, the name of its brigades,
its quality's and terrain's names), under the keys the game looks them up by. Any other key is refused:
a mod translates what it adds and rewords nothing of the game's."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from game.content.locale import LANGUAGES, placeholders, read_ui
from game.content.mods import Mod
from game.model.errors import ContentError
from game.model.grammar import tag_problem
from game.model.ruleset import Ruleset
from game.model.words import slug

UI = "ui.toml"
GRAMMAR = "grammar_unit_"  # a key whose text is a grammar tag (game/model/grammar.py), not words
# the keys a mod's record is looked up by (game/running/names.py, game/ui/battle/unit_words.py), and
# the {names} each text may take
WORDS_OF: dict[str, dict[str, frozenset[str]]] = {
    "category": {
        "category_": frozenset(),
        "name_unit_": frozenset({"nth", "category", "code"}),
        "short_unit_": frozenset({"nth", "category", "code"}),
        "grammar_unit_": frozenset(),  # the grammar of its brigades' names ("pl": "2nd Landwehr move")
    },
    "quality": {"quality_": frozenset()},
    "terrain": {"terrain_": frozenset()},
}


def mod_locales(mods: Sequence[Mod]) -> tuple[Path, ...]:
    """The locale folders of the mods that give words of their own (Texts' extra roots)."""
    return tuple(
        m.file("locale") for m in mods if any((f / UI).is_file() for f in _languages(m.file("locale")))
    )


def _languages(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def word_keys(rules: Ruleset | None) -> dict[str, frozenset[str]]:
    """Every key a mod's ui.toml may give under these rules, with the {names} its text may take."""
    if rules is None:  # another game mode: its names are its files' [locale] tables
        return {}
    ids: dict[str, Iterable[str]] = {
        "category": rules.categories,
        "quality": rules.qualities,
        "terrain": rules.terrain,
    }
    return {
        prefix + slug(code): names
        for kind, keys in WORDS_OF.items()
        for code in ids[kind]
        for prefix, names in keys.items()
    }


def word_problems(mod: Mod, rules: Ruleset | None) -> list[ContentError]:
    """Every problem of a mod's ui.toml files: a language the game has, each key one of the words of
    the ruleset's records, each text with only the {names} the game gives it."""
    allowed = word_keys(rules)
    out = []
    for folder in _languages(mod.file("locale")):
        path = folder / UI
        if not path.is_file():
            continue
        if folder.name not in LANGUAGES:
            out.append(ContentError(str(folder), f"unknown language (known: {', '.join(LANGUAGES)})"))
            continue
        try:
            texts = read_ui(path)
        except ContentError as e:
            out.append(e)
            continue
        for key, text in texts.items():
            if key not in allowed:
                out.append(ContentError(f"{path}: {key}", _not_a_word(rules)))
            elif key.startswith(GRAMMAR) and (problem := tag_problem(text)) is not None:
                out.append(ContentError(f"{path}: {key}", problem))
            elif not placeholders(text) <= allowed[key]:
                names = ", ".join(f"{{{n}}}" for n in sorted(allowed[key])) or "none"
                out.append(ContentError(f"{path}: {key}", f"takes only these {{names}}: {names}"))
    return out


def _not_a_word(rules: Ruleset | None) -> str:
    if rules is None:
        return "an Open Wars mod names its factions, units, spells and cards in their files' [locale] tables"
    kinds = ", ".join(f"{p}<code>" for keys in WORDS_OF.values() for p in keys)
    return f"not a word of a category, quality or terrain of the ruleset ({kinds})"


def check_mod_words(rules: Ruleset, mods: Sequence[Mod]) -> None:
    """The mods' words, refused at the first problem (a battle never starts with a broken one)."""
    for m in mods:
        for e in word_problems(m, rules):
            raise e
