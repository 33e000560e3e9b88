"""Names and texts in each language of the game. A file's own words are English; another language's
are in its `[locale.<language>]` tables, by the id of what they name (docs/scenarios.md, "Other
languages"). Editing a name in Spanish writes there; renaming or removing an element carries its
words along."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.editing.document import Change, Document, Path, delete, put

ENGLISH = "en"

# The element a name belongs to (its path with its indices as "*") and the field, to the table of
# [locale.<language>] that holds it in another language and how its id is found: "id" is the
# element's own id; "staff" its side's estado mayor ("<side>-staff"); "owner" the id of the element
# it is in (a campaign army's commander is named by the army's id). Tables of a scenario, of an Open
# Wars map, then of a campaign (its armies stand in its sides and in its events' effects).
SLOTS: dict[tuple[tuple[str, ...], str], tuple[str, str]] = {
    (("sides", "*"), "name"): ("sides", "id"),
    (("sides", "*", "staff"), "name"): ("officers", "staff"),
    (("sides", "*", "divisions", "*"), "name"): ("divisions", "id"),
    (("sides", "*", "divisions", "*"), "officer"): ("officers", "id"),
    (("sides", "*", "divisions", "*", "units", "*"), "name"): ("units", "id"),
    (("objectives", "*"), "name"): ("objectives", "id"),
    (("players", "*"), "name"): ("players", "id"),
    (("locations", "*"), "name"): ("locations", "id"),
    (("events", "*"), "name"): ("events", "id"),
    (("events", "*"), "text"): ("events", "id"),
    (("sides", "*", "garrisons", "*", "units", "*"), "name"): ("units", "id"),
}
ARMIES = (("sides", "*", "armies", "*"), ("events", "*", "effects", "*", "army"))
for _army in ARMIES:
    SLOTS |= {
        (_army, "name"): ("armies", "id"),
        ((*_army, "staff"), "name"): ("officers", "owner"),
        ((*_army, "divisions", "*"), "name"): ("divisions", "id"),
        ((*_army, "divisions", "*"), "officer"): ("officers", "id"),
        ((*_army, "divisions", "*", "units", "*"), "name"): ("units", "id"),
    }
# a campaign's own: a place's text (an Open Wars map's has it in English only)
CAMPAIGN_SLOTS: dict[tuple[tuple[str, ...], str], tuple[str, str]] = {
    (("locations", "*"), "text"): ("location_texts", "id")
}
NESTED = {"events"}  # tables whose words of an id are a table by field ({ name = ..., text = ... })
TOP = ("name", "description", "history", "authored")  # the file's own texts, translated under the same key

# A new document's first names (the ui.toml keys that word them), by the document's kind.
FIRST_NAMES: dict[str, dict[tuple[Path, str], str]] = {
    "scenario": {
        ((), "name"): "editor_first_battle",
        (("sides", 0), "name"): "editor_first_side_blue",
        (("sides", 1), "name"): "editor_first_side_red",
    },
    "map": {((), "name"): "editor_first_map"},
    "campaign": {
        ((), "name"): "editor_first_campaign",
        (("sides", 0), "name"): "editor_first_side_blue",
        (("sides", 1), "name"): "editor_first_side_red",
        (("locations", 0), "name"): "editor_first_city_1",
        (("locations", 1), "name"): "editor_first_city_2",
    },
}


def shape(path: Path) -> tuple[str, ...]:
    return tuple("*" if isinstance(k, int) else k for k in path)


def slot(doc: Document, path: Path, field: str) -> tuple[str, str] | None:
    """(table, id) where a name of this element is kept in another language; None if it has none
    there (a terrain feature's name is the file's only)."""
    found = SLOTS.get((shape(path), field))
    if found is None and doc.kind == "campaign":
        found = CAMPAIGN_SLOTS.get((shape(path), field))
    if found is None:
        return None
    table, how = found
    if how == "staff":
        return (table, f"{doc.get((*path[:2], 'id'))}-staff")
    if how == "owner":
        return (table, str(doc.get((*path[:-1], "id"))))
    return (table, str(doc.get((*path, "id"))))


def translatable(doc: Document, path: Path, field: str) -> bool:
    return (path == () and field in TOP) or slot(doc, path, field) is not None


def text(doc: Document, path: Path, field: str, language: str) -> str:
    """The text as the file has it in a language ("" where the language leaves it to the file's own)."""
    if language == ENGLISH:
        value = doc.get((*path, field), "")
    else:
        where = _where(doc, path, field, language)
        value = doc.get(where, "") if where else ""
    return value if isinstance(value, str) else ""  # a file's number or table where a name is: none


def shown(doc: Document, path: Path, field: str, language: str) -> str:
    """The text a screen shows in a language: the language's own, else the file's ("" if neither)."""
    return text(doc, path, field, language) or text(doc, path, field, ENGLISH)


def set_text(doc: Document, path: Path, field: str, language: str, value: str, merge: bool = False) -> None:
    """Set a name or text in a language (an empty one is left out of the file); `merge`: typing it
    letter by letter is one step of undo."""
    target = (*path, field) if language == ENGLISH else _where(doc, path, field, language)
    if target is None:
        return
    key = f"text {target}" if merge else None
    doc.apply("edit_text", [*tables_for(doc, target), *_set_or_drop(doc, target, value)], key)


def set_grammar(doc: Document, path: Path, field: str, language: str, tag: str) -> None:
    """Set the grammar of a name in a language (a tag: "los", "f pl", docs/spanish.md): the file's
    `[grammar]` for its own words, `[locale.<language>.grammar]` for another's; an empty tag is left
    out (the name takes its kind's default)."""
    found = slot(doc, path, field)
    if found is None:
        return
    table, ident = found
    own: Path = ("grammar",) if language == ENGLISH else ("locale", language, "grammar")
    target = (*own, table, ident)
    doc.apply("edit_grammar", [*tables_for(doc, target), *_set_or_drop(doc, target, tag)])


def first_names(doc: Document, words: Mapping[str, Callable[[str], str]]) -> Document:
    """A new document named in every language of `words` (English in the file's own fields), as it
    starts: no step of undo, nothing unsaved."""
    for language, said in words.items():
        for (path, field), key in FIRST_NAMES[doc.kind].items():
            set_text(doc, path, field, language, said(key))
    doc.done.clear()
    doc.saved_version = doc.version
    return doc


def _where(doc: Document, path: Path, field: str, language: str) -> Path | None:
    if path == () and field in TOP:
        return ("locale", language, field)
    found = slot(doc, path, field)
    if found is None:
        return None
    return ("locale", language, *found, *((field,) if found[0] in NESTED else ()))


def tables_for(doc: Document, target: Path) -> list[Change]:
    """The tables a value at `target` needs, made where missing."""
    return [put(target[:n], {}) for n in range(1, len(target)) if doc.get(target[:n]) is None]


def _set_or_drop(doc: Document, target: Path, value: Any) -> list[Change]:
    if value in ("", None):
        return [delete(target)] if doc.get(target) is not None else []
    return [put(target, value)]


def languages(doc: Document) -> list[str]:
    return sorted(k for k in (doc.get(("locale",)) or {}) if isinstance(k, str))


def _tables(doc: Document, table: str) -> list[Path]:
    """Where the words of a table's names are kept: each language's, and each language's grammar of
    them (the file's own `[grammar]` too)."""
    return [
        *(("locale", lang, table) for lang in languages(doc)),
        *(("locale", lang, "grammar", table) for lang in languages(doc)),
        ("grammar", table),
    ]


def renamed(doc: Document, table: str, old: str, new: str) -> list[Change]:
    """The changes that carry the words of `old` in every language's `table` (and their grammar) over
    to `new`."""
    out: list[Change] = []
    for at in _tables(doc, table):
        words = doc.get(at)
        if isinstance(words, dict) and old in words:
            out += [put((*at, new), words[old]), delete((*at, old))]
    return out


def dropped(doc: Document, table: str, ident: str) -> list[Change]:
    """The changes that remove the words of `ident` (and their grammar) from every language's `table`."""
    return [
        delete((*at, ident))
        for at in _tables(doc, table)
        if isinstance(doc.get(at), dict) and ident in doc.get(at)
    ]
