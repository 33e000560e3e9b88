"""Editing a campaign (docs/campaigns.md, systems/campaign/records.py). Its map is an Open Wars map's
(location cards and links: game/editing/maps.py edits them); a campaign adds to a place its walls,
the brigades a city raises and at what quality, a historical battle's ground (CAMP-DEC-5, -7, -20),
who holds it at the start and what it is worth at the end (CAMP-DEC-23). Its two sides have their
starting armies (a commander, divisions with their generals and brigades) and garrisons, and its
dated events their effects (CAMP-DEC-21). Each function is one edit (one step of undo); the checks
are the campaign loader's (game/editing/problems.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, get_args

from game.editing.battle import SIDE_COLOURS, fresh, listed
from game.editing.document import Change, Document, Path, delete, insert, put
from game.editing.texts import tables_for
from systems.campaign.calendar import turn_date
from systems.campaign.records import CampaignFile, EffectKind

EFFECTS: tuple[str, ...] = get_args(EffectKind)  # an event's kinds of effect
FIRST_UNITS = 2  # a new division's brigades: FG-PREP-2's least
CAMPAIGN_KEYS = ("locations", "links", "max_turns", "events")  # a campaign's and no scenario's


def is_campaign(data: dict[str, Any]) -> bool:
    """Is a file's data (not an Open Wars map's) a campaign's? It has places, roads, a turn limit or
    events, which no scenario has: so one missing keys still opens as what it is, its problems shown."""
    return any(k in data for k in CAMPAIGN_KEYS)


FIRST_TURNS, FIRST_GOLD, FIRST_WORTH = 12, 10, 2  # a new campaign's turn limit, sides' gold, cities' points


def new_campaign(category: str, quality: str) -> Document:
    """A campaign to begin from: two cities linked, each held by a side with an army of one division
    there, each worth its points to its holder at the end. Its names in English (the editor names it
    in every language: game/editing/texts.py's first_names)."""
    places = [
        {"id": f"city-{n}", "name": f"City {n}", "type": "city", "at": [x, 50], "gold": FIRST_WORTH}
        for n, x in ((1, 25), (2, 75))
    ]
    sides = [
        {"id": ident, "name": name, "gold": FIRST_GOLD, "holds": [f"city-{n}"], "colour": colour}
        for n, (ident, name, colour) in enumerate(
            (("blue", "Blue army", SIDE_COLOURS[0]), ("red", "Red army", SIDE_COLOURS[1])), start=1
        )
    ]
    data: dict[str, Any] = {
        "id": "new-campaign",
        "name": "A new campaign",
        "description": "",
        "max_turns": FIRST_TURNS,
        "start": list(CampaignFile.start),
        "months": CampaignFile.months,
        "locations": places,
        "links": [["city-1", "city-2"]],
        "victory": {"places": {p["id"]: FIRST_WORTH for p in places}},
        "sides": sides,
    }
    doc = Document(data, "campaign")
    for i in range(len(sides)):
        add_army(doc, i, f"city-{i + 1}", category, quality)
    return doc


def campaign_ids(doc: Document) -> set[str]:
    """Every id the file gives (places, armies, divisions, brigades, events: unique across it)."""
    return set(_ids({k: v for k, v in doc.data.items() if k != "locale"}))


def _ids(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("id"), str):
            yield node["id"]
        for v in node.values():
            yield from _ids(v)
    elif isinstance(node, list):
        for v in node:
            yield from _ids(v)


def place_index(doc: Document) -> dict[str, int]:
    """Each place's id to its index in the file's list."""
    return {
        str(loc.get("id")): k for k, loc in enumerate(doc.get(("locations",)) or []) if isinstance(loc, dict)
    }


def _sides(doc: Document) -> list[dict[str, Any]]:
    return [s for s in doc.get(("sides",)) or [] if isinstance(s, dict)]


def _effects(doc: Document) -> Iterator[tuple[Path, dict[str, Any]]]:
    for i, ev in enumerate(doc.get(("events",)) or []):
        for j, x in enumerate(ev.get("effects") or [] if isinstance(ev, dict) else []):
            if isinstance(x, dict):
                yield ("events", i, "effects", j), x


def armies(doc: Document) -> list[Path]:
    """Every army of the file: the sides' at the start, then those the events bring."""
    out: list[Path] = []
    for i, s in enumerate(doc.get(("sides",)) or []):
        count = len(s.get("armies") or []) if isinstance(s, dict) else 0
        out += [("sides", i, "armies", j) for j in range(count)]
    out += [(*at, "army") for at, x in _effects(doc) if isinstance(x.get("army"), dict)]
    return out


def side_of(doc: Document, army: Path) -> Any:
    """The id of the side an army fights for: its side's, or its event effect's."""
    return doc.get(("sides", army[1], "id")) if army[0] == "sides" else doc.get((*army[:-1], "side"))


# --- what refers to a place or an army follows it ------------------------------------------------


def _list_refs(doc: Document, at: Path, old: str, new: str | None) -> list[Change]:
    """A list of ids (a side's holds, an effect's places): `old` renamed, or left out (backwards, so
    each index still holds when its change is made)."""
    items = doc.get(at)
    if not isinstance(items, list):
        return []
    found = [k for k, v in enumerate(items) if v == old]
    if new is None:
        return [delete((*at, k)) for k in reversed(found)]
    return [put((*at, k), new) for k in found]


def place_references(doc: Document, old: str, new: str | None) -> list[Change]:
    """What names a place in a campaign, renamed to `new` (or, None, left out where a list or the
    victory's table names it: an army or a garrison standing there keeps it, its problem says so)."""
    out: list[Change] = []
    for i, s in enumerate(_sides(doc)):
        out += _list_refs(doc, ("sides", i, "holds"), old, new)
        for j, g in enumerate(s.get("garrisons") or []):
            if new is not None and isinstance(g, dict) and g.get("location") == old:
                out.append(put(("sides", i, "garrisons", j, "location"), new))
    for at, _x in _effects(doc):
        out += _list_refs(doc, (*at, "locations"), old, new)
    if new is not None:
        out += [put((*a, "location"), new) for a in armies(doc) if doc.get((*a, "location")) == old]
    worth = doc.get(("victory", "places"))
    if isinstance(worth, dict) and old in worth:
        out += [delete(("victory", "places", old))]
        if new is not None:
            out.append(put(("victory", "places", new), worth[old]))
    return out


def army_references(doc: Document, old: str, new: str) -> list[Change]:
    """The events that withdraw an army, carried over to its new id."""
    return [put((*at, "army_id"), new) for at, x in _effects(doc) if x.get("army_id") == old]


# --- a place -----------------------------------------------------------------------------------


def holder(doc: Document, place: str) -> int | None:
    """The side that holds a place at the start (its index), if any."""
    return next((i for i, s in enumerate(_sides(doc)) if place in (s.get("holds") or [])), None)


def set_holder(doc: Document, place: str, side: int | None) -> None:
    """Who holds a place at the start: one side (taken from the other), or nobody."""
    changes: list[Change] = []
    for i, _s in enumerate(_sides(doc)):
        changes += _list_refs(doc, ("sides", i, "holds"), place, None)
    if side is not None:
        at: Path = ("sides", side, "holds")
        changes += [*listed(doc, at), insert((*at, len(doc.get(at) or [])), place)]
    doc.apply("edit_holder", changes)


def toggle_raise(doc: Document, index: int, category: str) -> None:
    """A city raises brigades of a category, or no longer does (CAMP-DEC-5)."""
    at: Path = ("locations", index, "raises")
    raised = [c for c in doc.get(at) or [] if isinstance(c, str)]
    now = [c for c in raised if c != category] if category in raised else [*raised, category]
    doc.apply("edit_raises", [put(at, now)] if now else [delete(at)] if doc.get(at) is not None else [])


def set_worth(doc: Document, place: str, points: int | None) -> None:
    """What a place is worth to its holder at the end (CAMP-DEC-23); None: nothing."""
    at: Path = ("victory", "places", place)
    if points is None:
        doc.apply("edit_worth", [delete(at)] if doc.get(at) is not None else [])
    else:
        doc.apply("edit_worth", [*tables_for(doc, at), put(at, points)])


def standing(doc: Document, place: str) -> list[Path]:
    """The armies that stand at a place at the start, or arrive there by an event."""
    return [a for a in armies(doc) if doc.get((*a, "location")) == place]


# --- armies, divisions, brigades -----------------------------------------------------------------


def _unit(taken: set[str], division: str, category: str, quality: str) -> dict[str, Any]:
    ident = fresh(taken, f"{division}-")
    taken.add(ident)
    return {"id": ident, "category": category, "quality": quality}


def _division(taken: set[str], stem: str, category: str, quality: str) -> dict[str, Any]:
    ident = fresh(taken, stem)
    taken.add(ident)
    units = [_unit(taken, ident, category, quality) for _ in range(FIRST_UNITS)]
    return {"id": ident, "name": "", "officer": "", "units": units}


def add_army(doc: Document, side: int, place: str, category: str, quality: str) -> Path:
    """A new army of a side at a place: a commander and one division of two brigades (FG-PREP-2)."""
    taken = campaign_ids(doc)
    side_id = str(doc.get(("sides", side, "id")))
    ident = fresh(taken, f"{side_id}-army-")
    taken.add(ident)
    army = {
        "id": ident,
        "name": ident,
        "location": place,
        "staff": {"name": ""},
        "divisions": [_division(taken, f"{ident}-", category, quality)],
    }
    at: Path = ("sides", side, "armies")
    path: Path = (*at, len(doc.get(at) or []))
    doc.apply("add_army", [*listed(doc, at), insert(path, army)])
    return path


def add_division(doc: Document, army: Path, category: str, quality: str) -> Path:
    taken = campaign_ids(doc)
    at: Path = (*army, "divisions")
    path: Path = (*at, len(doc.get(at) or []))
    division = _division(taken, f"{doc.get((*army, 'id'))}-", category, quality)
    doc.apply("add_division", [*listed(doc, at), insert(path, division)])
    return path


def add_unit(doc: Document, holder_path: Path, category: str, quality: str) -> Path:
    """A brigade of a division or a garrison, its id the holder's and a number."""
    at: Path = (*holder_path, "units")
    path: Path = (*at, len(doc.get(at) or []))
    stem = str(doc.get((*holder_path, "id")) or doc.get((*holder_path, "location")) or "unit")
    unit = _unit(campaign_ids(doc), stem, category, quality)
    doc.apply("add_unit", [*listed(doc, at), insert(path, unit)])
    return path


def add_garrison(doc: Document, side: int, place: str, category: str, quality: str) -> Path:
    at: Path = ("sides", side, "garrisons")
    path: Path = (*at, len(doc.get(at) or []))
    unit = _unit(campaign_ids(doc), f"{doc.get(('sides', side, 'id'))}-g-{place}", category, quality)
    doc.apply("add_garrison", [*listed(doc, at), insert(path, {"location": place, "units": [unit]})])
    return path


# --- the calendar --------------------------------------------------------------------------------


def add_event(doc: Document, turn: int, side: str) -> Path:
    """A dated event at a turn: at first it gives its side no gold (an effect to edit)."""
    ident = fresh(campaign_ids(doc), "event-")
    effect = {"kind": "gold", "side": side, "amount": 0}
    event = {"id": ident, "turn": turn, "name": ident, "effects": [effect]}
    path: Path = ("events", len(doc.get(("events",)) or []))
    doc.apply("add_event", [*listed(doc, ("events",)), insert(path, event)])
    return path


def add_effect(doc: Document, event: Path, side: str) -> Path:
    at: Path = (*event, "effects")
    path: Path = (*at, len(doc.get(at) or []))
    doc.apply("add_effect", [*listed(doc, at), insert(path, {"kind": "gold", "side": side, "amount": 0})])
    return path


def set_effect_kind(doc: Document, effect: Path, kind: str, category: str, quality: str) -> None:
    """An effect of another kind, with the keys that kind takes (an army's army, gold's amount ...)
    and without those it does not: an army effect starts with an army at the side's first place."""
    x = doc.get(effect)
    if not isinstance(x, dict) or x.get("kind") == kind:
        return
    keep = {"gold": "amount", "control": "locations", "army": "army", "withdraw": "army_id"}[kind]
    keys = ("amount", "locations", "army", "army_id")
    changes = [delete((*effect, k)) for k in keys if k in x and k != keep]
    changes.append(put((*effect, "kind"), kind))
    if kind == "army" and not isinstance(x.get("army"), dict):
        taken = campaign_ids(doc)
        ident = fresh(taken, "army-")
        taken.add(ident)
        places = [str(loc.get("id")) for loc in doc.get(("locations",)) or [] if isinstance(loc, dict)]
        army = {
            "id": ident,
            "name": ident,
            "location": places[0] if places else "",
            "staff": {"name": ""},
            "divisions": [_division(taken, f"{ident}-", category, quality)],
        }
        changes.append(put((*effect, "army"), army))
    doc.apply("edit_effect", changes)


def toggle_place(doc: Document, effect: Path, place: str) -> None:
    """A control effect names a place, or no longer does."""
    at: Path = (*effect, "locations")
    named = [p for p in doc.get(at) or [] if isinstance(p, str)]
    now = [p for p in named if p != place] if place in named else [*named, place]
    doc.apply("edit_effect", [put(at, now)])


def set_start(doc: Document, index: int, value: int | None) -> None:
    """The first turn's year (index 0) or month (1); None: the format's own (CampaignFile.start)."""
    first = list(CampaignFile.start)
    start = doc.get(("start",))
    now = list(start) if isinstance(start, list) and len(start) == 2 else first
    now[index] = value if value is not None else first[index]
    doc.apply("edit_field", [put(("start",), now)], "field start")


def date(doc: Document, turn: int) -> tuple[int, int] | None:
    """(year, month) a turn begins by the file's start and months (CAMP-DEC-21's calendar), or None
    while they are no numbers of a calendar."""
    start, months = doc.get(("start",), list(CampaignFile.start)), doc.get(("months",), CampaignFile.months)
    numbers = [*start, months, turn] if isinstance(start, list) and len(start) == 2 else []
    if len(numbers) != 4 or not all(type(n) is int and abs(n) < 10**6 for n in numbers):
        return None
    return turn_date((numbers[0], numbers[1]), numbers[2], turn)
