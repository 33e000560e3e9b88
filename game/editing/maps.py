"""Editing an Open Wars map (content/scenarios/open-wars/, systems/open_wars/records.py): location
cards placed on the map (0 to 100 each way), the links between them, the players with their faction,
home city, gold and tokens. A card's and a player's other fields are set through their records'
own fields (game/editing/fields.py), so a field the map's records gain is edited with no code here."""

from __future__ import annotations

from typing import Any, get_args

from game.content.locale import LANGUAGES
from game.editing.battle import fresh, listed
from game.editing.document import Change, Document, Path, delete, insert, put
from game.editing.texts import tables_for
from game.running.log_texts import texts_for
from systems.open_wars.records import LocationType, OpenWarsRules

MAP_SIZE = 100.0  # a card's `at` runs 0 to 100 each way
RULESET = "open-wars"  # a map's, which tells the game it is one
MAP_KEYS = ("players", "random")  # a map's own keys, which no battle or campaign has
GROUNDS: tuple[str, ...] = get_args(LocationType)  # the types of location card
PLAYER_COLOURS = ([70, 110, 200], [200, 60, 50], [70, 160, 90], [200, 160, 40])


def new_map() -> Document:
    """An empty map: no cards, no links, no players yet."""
    data: dict[str, Any] = {
        "id": "new-map",
        "name": "A new map",
        "ruleset": RULESET,
        "description": "",
        "locations": [],
        "links": [],
        "players": [],
    }
    return Document(data, "map")


def location_ids(doc: Document) -> list[str]:
    return [str(loc.get("id")) for loc in doc.get(("locations",)) or []]


def _at(p: tuple[float, float]) -> list[float | int]:
    clamped = [min(MAP_SIZE, max(0.0, round(v, 1))) for v in p]
    return [int(v) if v == int(v) else v for v in clamped]


def add_location(doc: Document, kind: str, at: tuple[float, float], name: str = "") -> Path:
    """A location card of a type (water, mountain, forest, plain, desert, city) at a place on the map,
    named in every language of the game by its type and number ("Plain 1", "Llanura 1") unless named."""
    ident = fresh(location_ids(doc), f"{kind}-")
    number = ident.rsplit("-", 1)[-1]
    said = {lang: f"{_type_word(kind, lang).capitalize()} {number}" for lang in LANGUAGES}
    card = {"id": ident, "name": name or said["en"], "type": kind, "at": _at(at)}
    path: Path = ("locations", len(doc.get(("locations",)) or []))
    words: list[Change] = []
    if not name:  # its words in the other languages, as the file keeps them ([locale.<language>])
        for lang in (x for x in LANGUAGES if x != "en"):
            target = ("locale", lang, "locations", ident)
            words += [*tables_for(doc, target), put(target, said[lang])]
    doc.apply(
        "add_location", [*listed(doc, ("locations",)), insert(path, card), *words]
    )  # none in a random map's
    return path


def _type_word(kind: str, language: str) -> str:
    """A location type in a language's words (Open Wars' ow_type_...), else as the file says it."""
    t = texts_for(language, ["open-wars"])
    return t(f"ow_type_{kind}") if t.has(f"ow_type_{kind}") else kind


def move_location(doc: Document, index: int, at: tuple[float, float]) -> None:
    doc.apply("move", [put(("locations", index, "at"), _at(at))])


def linked(doc: Document, a: str, b: str) -> int | None:
    """The index of the link between two locations, if there is one."""
    for i, link in enumerate(doc.get(("links",)) or []):
        if {a, b} == set(link):
            return i
    return None


def toggle_link(doc: Document, a: str, b: str) -> None:
    """Link two locations, or unlink them if they are linked."""
    if a == b:
        return
    found = linked(doc, a, b)
    if found is not None:
        doc.apply("remove_link", [delete(("links", found))])
    else:
        doc.apply(
            "add_link", [*listed(doc, ("links",)), insert(("links", len(doc.get(("links",)) or [])), [a, b])]
        )


def link_kind(doc: Document, a: str, b: str) -> str:
    """A link is crossed by water when either end is a water location (OW-LOC-4, OW-MOVE-4), by land
    otherwise: the map's format has no kind of link of its own, so the ends say it."""
    types = {loc.get("id"): loc.get("type") for loc in doc.get(("locations",)) or []}
    return "water" if "water" in (types.get(a), types.get(b)) else "land"


def add_player(doc: Document, rules: OpenWarsRules, faction: str, home: str) -> Path:
    """A player of a faction starting in a city, with no gold or tokens yet."""
    players = doc.get(("players",)) or []
    ident = fresh([str(p.get("id")) for p in players], "player-")
    name = rules.factions[faction].name if faction in rules.factions else ident
    player: dict[str, Any] = {
        "id": ident,
        "name": name,
        "faction": faction,
        "home": home,
        "gold": 0,
        "units": [],
        "colour": PLAYER_COLOURS[len(players) % len(PLAYER_COLOURS)],
    }
    path: Path = ("players", len(players))
    doc.apply("add_player", [*listed(doc, ("players",)), insert(path, player)])
    return path


def set_tokens(doc: Document, player: int, unit: str, count: int) -> None:
    """How many tokens of a unit a player starts with (0: none)."""
    units = doc.get(("players", player, "units")) or []
    at = next((i for i, u in enumerate(units) if u.get("unit") == unit), None)
    base: Path = ("players", player, "units")
    if at is None and count > 0:
        doc.apply(
            "edit_tokens",
            [
                *listed(doc, base),
                insert((*base, len(units)), {"unit": unit, "count": count}),
            ],
        )
    elif at is not None and count > 0:
        doc.apply("edit_tokens", [put((*base, at, "count"), count)])
    elif at is not None:
        doc.apply("edit_tokens", [delete((*base, at))])
