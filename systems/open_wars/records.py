"""Open Wars content as typed records: the ruleset (content/rulesets/open-wars/: numbers, location
types, factions and their units) and a map (content/scenarios/open-wars/*.toml, `ruleset = "open-wars"`).
The source gives no unit lists, no setup and no victory: the factions' units and the maps are the
project's own (labelled so in the files), the rest is decided in docs/open-wars-decisions.md."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from game import CONTENT
from game.content.files import read_regular
from game.content.locale import check_translations
from game.content.records import load_record
from game.model.errors import ContentError
from game.model.limits import Bounds, Id

LocationType = Literal["water", "mountain", "forest", "plain", "desert", "city"]
UnitType = Literal["water", "mountain", "forest", "plain", "desert", "city", "magic", "flying"]
Small = Annotated[int, Bounds(0, 50)]


@dataclass(frozen=True)
class UnitKind:
    """OW-UNIT-1: a unit token's fields (the image is the client's)."""

    id: Id
    name: Annotated[str, Bounds(1, 60)]
    cost: Annotated[int, Bounds(1, 100)]
    initiative: Annotated[int, Bounds(0, 20)]
    type: UnitType
    movement: Annotated[int, Bounds(0, 20)]
    attack: Annotated[int, Bounds(1, 6)]  # OW-COMBAT-5: a die at or under it hits
    range: Small = 0
    unique: bool = False  # OW-UNIT-5


@dataclass(frozen=True)
class Faction:
    id: Id
    name: Annotated[str, Bounds(1, 60)]
    units: Annotated[list[UnitKind], Bounds(1, 40)]
    authored: str = ""  # where the faction's units come from (the source has none)


@dataclass(frozen=True)
class Ground:
    """OW-LOC-2: a location type's entry cost when a card does not give its own."""

    type: LocationType
    entry_cost: Annotated[int, Bounds(1, 20)]


@dataclass(frozen=True)
class OpenWarsNumbers:
    """content/rulesets/open-wars/numbers.toml"""

    stack_normal: Annotated[int, Bounds(1, 20)]  # OW-STACK-1
    stack_unique: Annotated[int, Bounds(1, 20)]
    stack_magic: Annotated[int, Bounds(1, 20)]
    magic_per_location: Annotated[int, Bounds(1, 20)]  # OW-MAGIC-6
    terrain_bonus: Annotated[int, Bounds(0, 10)]  # OW-MOVE-5
    min_entry_cost: Annotated[int, Bounds(0, 10)]
    combat_rounds: Annotated[int, Bounds(1, 100)]  # OW-DEC: a combat stops after so many rounds
    ground: Annotated[list[Ground], Bounds(6, 6)]


@dataclass(frozen=True)
class FactionWords:
    """The factions' and units' names in another language (`[locale.<language>]`), by id."""

    factions: dict[str, Annotated[str, Bounds(1, 60)]] = field(default_factory=dict)
    units: dict[str, Annotated[str, Bounds(1, 60)]] = field(default_factory=dict)


@dataclass(frozen=True)
class FactionsFile:
    """content/rulesets/open-wars/factions.toml"""

    factions: Annotated[list[Faction], Bounds(1, 20)]
    locale: dict[str, FactionWords] = field(default_factory=dict)  # its words in other languages


@dataclass(frozen=True)
class OpenWarsRules:
    id: str
    numbers: OpenWarsNumbers
    factions: dict[str, Faction]
    units: dict[str, UnitKind]
    content_hash: str
    loaded_mods: tuple = ()
    locale: dict[str, FactionWords] = field(default_factory=dict)

    def entry(self, kind: str) -> int:
        return next(g.entry_cost for g in self.numbers.ground if g.type == kind)

    def unit_name(self, unit: str, language: str) -> str:
        """A unit's name in a language: the file's translation, or its own (English) name."""
        return self.locale.get(language, FactionWords()).units.get(unit) or self.units[unit].name

    def faction_name(self, faction: str, language: str) -> str:
        """A faction's name in a language: the file's translation, or its own (English) name."""
        return self.locale.get(language, FactionWords()).factions.get(faction) or self.factions[faction].name


def load_rules(root: Path | None = None) -> OpenWarsRules:
    folder = (root or CONTENT / "rulesets") / "open-wars"
    numbers = load_record(OpenWarsNumbers, folder / "numbers.toml")
    file = load_record(FactionsFile, folder / "factions.toml")
    factions = file.factions
    where = str(folder / "factions.toml")
    units: dict[str, UnitKind] = {}
    for i, f in enumerate(factions):
        for j, u in enumerate(f.units):
            if u.id in units:
                raise ContentError(f"{where}: factions[{i}].units[{j}].id", f"duplicate unit id {u.id!r}")
            units[u.id] = u
    if len({f.id for f in factions}) != len(factions):
        raise ContentError(f"{where}: factions", "two factions share an id")
    if sorted(g.type for g in numbers.ground) != sorted(LocationType.__args__):  # type: ignore[attr-defined]
        raise ContentError(f"{folder / 'numbers.toml'}: ground", "one entry for each location type")
    known = {"factions": {f.id for f in factions}, "units": set(units)}
    check_translations(file.locale, known, where, "factions file")
    digest = hashlib.sha256(
        read_regular(folder / "numbers.toml") + b"\0" + read_regular(folder / "factions.toml")
    )
    factions_by_id = {f.id: f for f in factions}
    return OpenWarsRules("open-wars", numbers, factions_by_id, units, digest.hexdigest(), locale=file.locale)


# --- maps ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LocationSpec:
    """OW-LOC-2: one location card; `at` places it on the client's map (0..100 each way)."""

    id: Id
    name: Annotated[str, Bounds(1, 60)]
    type: LocationType
    at: tuple[Annotated[float, Bounds(0, 100)], Annotated[float, Bounds(0, 100)]]
    gold: Small = 0
    mana: Small = 0
    entry_cost: Annotated[int, Bounds(1, 20)] | None = None  # the type's unless the card says
    text: Annotated[str, Bounds(0, 200)] = ""


@dataclass(frozen=True)
class StartUnits:
    unit: Id
    count: Annotated[int, Bounds(1, 20)]


@dataclass(frozen=True)
class PlayerSpec:
    id: Id
    name: Annotated[str, Bounds(1, 60)]
    faction: Id
    home: Id  # the city it starts in and controls (OW-DEC-2)
    gold: Annotated[int, Bounds(0, 1000)] = 0
    units: Annotated[list[StartUnits], Bounds(0, 40)] = field(default_factory=list)
    colour: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class MapWords:
    """A map's words in another language (`[locale.<language>]`, docs/scenarios.md): its name and
    description, its players' and locations' names by id; what it leaves out stays as the file says."""

    name: Annotated[str, Bounds(0, 80)] = ""
    description: str = ""
    players: dict[str, Annotated[str, Bounds(1, 60)]] = field(default_factory=dict)
    locations: dict[str, Annotated[str, Bounds(1, 60)]] = field(default_factory=dict)


@dataclass(frozen=True)
class MapFile:
    id: Id
    name: Annotated[str, Bounds(1, 80)]
    ruleset: Literal["open-wars"]
    locations: Annotated[list[LocationSpec], Bounds(2, 200)]
    links: Annotated[list[tuple[Id, Id]], Bounds(1, 1000)]
    players: Annotated[list[PlayerSpec], Bounds(2, 2)]
    max_rounds: Annotated[int, Bounds(1, 200)] = 20  # OW-DEC-4: the turn limit
    description: str = ""
    authored: str = ""
    locale: dict[str, MapWords] = field(default_factory=dict)  # its words in other languages

    def words(self, language: str) -> MapWords:
        """Its words in a language: the translation the file gives, its own (English) words for the rest."""
        own = self.locale.get(language, MapWords())
        return MapWords(
            own.name or self.name,
            own.description or self.description,
            {p.id: own.players.get(p.id) or p.name for p in self.players},
            {loc.id: own.locations.get(loc.id) or loc.name for loc in self.locations},
        )


@dataclass(frozen=True)
class OpenWarsMap:
    """A map checked against the ruleset: `spec` as written, the links as neighbours."""

    spec: MapFile
    path: Path
    content_hash: str
    neighbours: dict[str, tuple[str, ...]]

    @property
    def id(self) -> str:
        return self.spec.id


def load_map(path: Path, rules: OpenWarsRules) -> OpenWarsMap:
    spec = load_record(MapFile, path)
    where = str(path)
    ids = [loc.id for loc in spec.locations]
    if len(set(ids)) != len(ids):
        raise ContentError(f"{where}: locations", "two locations share an id")
    near: dict[str, set[str]] = {i: set() for i in ids}
    for k, (a, b) in enumerate(spec.links):
        for end in (a, b):
            if end not in near:
                raise ContentError(f"{where}: links[{k}]", f"no location {end!r}")
        if a == b:
            raise ContentError(f"{where}: links[{k}]", "a location cannot link to itself")
        near[a].add(b)
        near[b].add(a)
    types = {loc.id: loc.type for loc in spec.locations}
    if len({p.id for p in spec.players}) != len(spec.players):
        raise ContentError(f"{where}: players", "two players share an id")
    for i, p in enumerate(spec.players):
        at = f"{where}: players[{i}]"
        if p.faction not in rules.factions:
            raise ContentError(
                f"{at}.faction", f"no faction {p.faction!r} (known: {', '.join(rules.factions)})"
            )
        if types.get(p.home) != "city":
            raise ContentError(f"{at}.home", f"{p.home!r} is not a city of the map")
        own = {u.id for u in rules.factions[p.faction].units}
        for j, s in enumerate(p.units):
            if s.unit not in own:
                raise ContentError(f"{at}.units[{j}].unit", f"no unit {s.unit!r} in the faction {p.faction}")
    if len({p.home for p in spec.players}) != len(spec.players):
        raise ContentError(f"{where}: players", "each player starts in a city of its own")
    _check_words(spec, where)
    unreached = _unreached(near, spec.players[0].home)
    if unreached:
        raise ContentError(f"{where}: links", f"no way to reach {', '.join(sorted(unreached)[:5])}")
    digest = hashlib.sha256(read_regular(path)).hexdigest()
    return OpenWarsMap(spec, path, digest, {k: tuple(sorted(v)) for k, v in near.items()})


def _check_words(spec: MapFile, where: str) -> None:
    """[locale.<language>]: naming only the map's players and locations."""
    known = {"players": {p.id for p in spec.players}, "locations": {loc.id for loc in spec.locations}}
    check_translations(spec.locale, known, where, "map")


def _unreached(near: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for n in near[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return set(near) - seen
