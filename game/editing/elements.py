"""Edits of any element of a scenario or a map: a field set or left out, an element removed with its
words in every language and what refers to it, an id changed and carried to what refers to it."""

from __future__ import annotations

import math
from typing import Any

from game.editing.campaigns import army_references, place_references
from game.editing.document import Change, Document, Key, Path, delete, put
from game.editing.texts import ARMIES, dropped, renamed, shape, tables_for

# what an element's id names in [locale.<language>]: its words follow it
WORDS_OF: dict[tuple[str, ...], tuple[str, ...]] = {
    ("sides", "*"): ("sides",),
    ("objectives", "*"): ("objectives",),
    ("sides", "*", "divisions", "*"): ("divisions", "officers"),
    ("sides", "*", "divisions", "*", "units", "*"): ("units",),
    ("players", "*"): ("players",),
    ("locations", "*"): ("locations", "location_texts"),
    ("events", "*"): ("events",),
    ("sides", "*", "garrisons", "*", "units", "*"): ("units",),
}
for _army in ARMIES:  # a campaign's armies: its commander's words are by the army's id
    WORDS_OF |= {
        _army: ("armies", "officers"),
        (*_army, "divisions", "*"): ("divisions", "officers"),
        (*_army, "divisions", "*", "units", "*"): ("units",),
    }


def set_field(doc: Document, path: Path, field: Key, value: Any, merge: bool = False) -> None:
    """Set a field of an element; None or "" leaves it out of the file (its default: rolled, none).
    `merge`: typed letter by letter, one step of undo."""
    target = (*path, field)
    key = f"field {target}" if merge else None
    if value is None or value == "":
        doc.apply("edit_field", [delete(target)] if doc.get(target) is not None else [], key)
    elif doc.get(target) != value:
        doc.apply("edit_field", [*tables_for(doc, target), put(target, value)], key)


def set_number(doc: Document, path: Path, field: Key, typed: str, kind: str) -> str:
    """Set a number field (`kind` int or float) to what is typed, letter by letter one step of undo;
    emptied, it is left out of the file. Else the document is left as it was, and the reason is said by
    its key: "whole" or "number", not a number of its kind (nor one a file can hold: inf, nan, 1e999);
    "needed", an item of a list emptied (a table's size: the list keeps its length)."""
    text = typed.strip()
    try:
        value = (int(text) if kind == "int" else round(float(text), 2)) if text else None
    except ValueError:
        value = math.nan
    if value is not None and not math.isfinite(value):
        return "whole" if kind == "int" else "number"
    if value is None and isinstance(field, int):
        return "needed"
    set_field(doc, path, field, value, merge=True)
    return ""


def _named(path: Path, element: Any) -> list[tuple[str, str]]:
    """(id, locale table) of the words of an element and of all it holds (a division's units, an
    army's divisions, an event's armies)."""
    if not isinstance(element, dict):
        return []
    out = [(str(element.get("id")), table) for table in WORDS_OF.get(shape(path), ())]
    for key, value in element.items():
        if isinstance(value, dict):
            out += _named((*path, key), value)
        elif isinstance(value, list):
            for k, item in enumerate(value):
                out += _named((*path, key, k), item)
    return out


def remove(doc: Document, path: Path) -> None:
    """Remove an element (an item of a list) with its words in every language; a location takes its
    links with it (and in a campaign, who holds it, its victory points and the events that name it)."""
    element = doc.get(path)
    changes: list[Change] = []
    for ident, table in _named(path, element):
        changes += dropped(doc, table, ident)
    if shape(path) == ("locations", "*") and isinstance(element, dict):
        links = doc.get(("links",)) or []
        gone = [i for i, link in enumerate(links) if isinstance(link, list) and element.get("id") in link]
        changes += [delete(("links", i)) for i in reversed(gone)]
        changes += place_references(doc, str(element.get("id")), None)
    doc.apply("remove", [*changes, delete(path)])


def set_id(doc: Document, path: Path, new: str, merge: bool = False) -> None:
    """Give an element another id, and carry over what refers to it: its words in every language, an
    objective held by a renamed side and its estado mayor's words, an Open Wars link or home city."""
    old = doc.get((*path, "id"))
    if not new or new == old or not isinstance(old, str):
        return
    changes: list[Change] = [put((*path, "id"), new)]
    kind = shape(path)
    for table in WORDS_OF.get(kind, ()):
        changes += renamed(doc, table, old, new)
    if kind == ("sides", "*"):
        changes += renamed(doc, "officers", f"{old}-staff", f"{new}-staff")
        for i, o in enumerate(doc.get(("objectives",)) or []):
            if o.get("held_by") == old:
                changes.append(put(("objectives", i, "held_by"), new))
    if kind == ("locations", "*"):
        for i, (a, b) in enumerate(doc.get(("links",)) or []):
            if old in (a, b):
                changes.append(put(("links", i), [new if a == old else a, new if b == old else b]))
        for i, p in enumerate(doc.get(("players",)) or []):
            if p.get("home") == old:
                changes.append(put(("players", i, "home"), new))
        changes += place_references(doc, old, new)
    if kind in ARMIES:
        changes += army_references(doc, old, new)
    doc.apply("edit_id", changes, f"id {path}" if merge else None)
