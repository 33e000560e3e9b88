"""Open Wars maps (content/scenarios/open-wars/*.toml, `ruleset = "open-wars"`): a map laid out by
hand (its locations, links and players), or a random map's spec (`[random]`: the generator's
numbers and place names, systems/open_wars/generate.py) made into a map from a seed and the options
of the game (OW-LOC-1). Either way the game gets one checked `OpenWarsMap`
(systems/open_wars/map_files.py)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal, get_args

from game.content.files import read_regular
from game.content.locale import LANGUAGES, TRANSLATED, GrammarTag, check_translations, grammar_problems
from game.content.records import build
from game.model.errors import ContentError
from game.model.grammar import said_name
from game.model.limits import Bounds, Id
from systems.open_wars.records import LocationType, Name, OpenWarsRules, Small, StartUnits

MAX_PLAYERS = 4  # OW-DEC-22: two to four players
RANDOM_FACTION = "random"  # a random map's seat whose faction is drawn (`--factions random,elves`)


@dataclass(frozen=True)
class LocationSpec:
    """OW-LOC-2: one location card; `at` places it on the client's map (0..100 each way); `card`: a
    special card (OW-LOC-7, cards.toml) of the location's type, none for a basic one (OW-LOC-6)."""

    id: Id
    name: Name
    type: LocationType
    at: tuple[Annotated[float, Bounds(0, 100)], Annotated[float, Bounds(0, 100)]]
    gold: Small = 0
    mana: Small = 0
    entry_cost: Annotated[int, Bounds(1, 20)] | None = None  # the type's unless the card says
    text: Annotated[str, Bounds(0, 200)] = ""
    card: Annotated[str, Bounds(0, 40)] = ""


Channel = Annotated[int, Bounds(0, 255)]
Colour = tuple[Channel, Channel, Channel]


@dataclass(frozen=True)
class PlayerSpec:
    id: Id
    name: Name
    faction: Id
    home: Id  # the city it starts in and controls (OW-DEC-2)
    gold: Annotated[int, Bounds(0, 1000)] = 0
    units: Annotated[list[StartUnits], Bounds(0, 40)] = field(default_factory=list)
    colour: Colour | None = None  # red, green and blue, 0 to 255 (the map's own; else the game's)
    mana: Annotated[int, Bounds(0, 1000)] = 0  # its starting mana (OW-MAGIC-7: kept until spent)


@dataclass(frozen=True)
class MapGrammar:
    """The grammar of a map's names in one language (`[grammar]`, `[locale.<language>.grammar]`), by
    id: a tag such as "la", "el", "los" (docs/spanish.md); a name it leaves out takes its kind's
    default (a player takes the article in Spanish, a location, a place's own name, none)."""

    players: dict[str, GrammarTag] = field(default_factory=dict)
    locations: dict[str, GrammarTag] = field(default_factory=dict)


@dataclass(frozen=True)
class MapWords:
    """A map's words in another language (`[locale.<language>]`, docs/scenarios.md): its name,
    description and who made it, its players' and locations' names by id, with their grammar; what it
    leaves out stays as the file says. As `MapFile.words` gives them, the names are `Name`s."""

    name: Annotated[str, Bounds(0, 80)] = ""
    description: str = ""
    authored: str = ""
    players: dict[str, Name] = field(default_factory=dict)
    locations: dict[str, Name] = field(default_factory=dict)
    grammar: MapGrammar = field(default_factory=MapGrammar)


# --- random maps (OW-LOC-1) --------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceName:
    """A name the generator gives a basic location, with its words in other languages."""

    name: Name
    locale: Annotated[dict[str, Name], TRANSLATED] = field(default_factory=dict)
    grammar: dict[str, GrammarTag] = field(default_factory=dict)  # by language ("en" too), docs/spanish.md


@dataclass(frozen=True)
class Yield:
    """What a basic location of a type yields on a random map (each within these bounds)."""

    type: LocationType
    gold: tuple[Small, Small] = (0, 0)
    mana: tuple[Small, Small] = (0, 0)


Size = Literal["small", "medium", "large"]


@dataclass(frozen=True)
class RandomSpec:
    """The generator's numbers (systems/open_wars/generate.py, OW-DEC-21)."""

    players: Annotated[int, Bounds(2, MAX_PLAYERS)] = 2  # when the game names none
    size: Size = "medium"
    gold: Annotated[int, Bounds(0, 1000)] = 10  # each player's starting gold
    home_gold: Small = 3  # a home city's yield
    city_gold: Small = 2  # a free city's
    centre_mana: Small = 2
    special: Annotated[float, Bounds(0, 1)] = 0.35  # the share of the sector's basic places given a card
    max_rounds: Annotated[int, Bounds(1, 200)] = 18
    rounds_per_player: Annotated[int, Bounds(0, 50)] = 3  # more turns a player beyond two
    yields: Annotated[list[Yield], Bounds(1, 6)] = field(default_factory=list)
    names: dict[str, Annotated[list[PlaceName], Bounds(4, 200)]] = field(default_factory=dict)
    colours: Annotated[list[Colour], Bounds(MAX_PLAYERS, 16)] = field(
        default_factory=lambda: [(70, 110, 200), (200, 60, 50), (80, 160, 80), (210, 170, 60)]
    )


LAID = ("locations", "links", "players")  # what a map laid out by hand gives, and a random one leaves out


@dataclass(frozen=True)
class MapFile:
    id: Id
    name: Annotated[str, Bounds(1, 80)]
    ruleset: Literal["open-wars"]
    # a map laid out by hand gives these three; a random map's spec gives `random` instead
    locations: Annotated[list[LocationSpec], Bounds(2, 200)] = field(default_factory=list)
    links: Annotated[list[tuple[Id, Id]], Bounds(1, 1000)] = field(default_factory=list)
    players: Annotated[list[PlayerSpec], Bounds(2, MAX_PLAYERS)] = field(default_factory=list)
    max_rounds: Annotated[int, Bounds(1, 200)] = 20  # OW-DEC-4: the turn limit
    description: str = ""
    authored: str = ""
    locale: Annotated[dict[str, MapWords], TRANSLATED] = field(default_factory=dict)  # in other languages
    random: RandomSpec | None = None  # OW-LOC-1: the generator's numbers (systems/open_wars/generate.py)
    grammar: MapGrammar = field(default_factory=MapGrammar)  # its own names' grammar

    def words(self, language: str) -> MapWords:
        """Its words in a language: the translation the file gives, its own (English) words for the
        rest; each name with its grammar in that language."""
        own = self.locale.get(language, MapWords())
        tags = self.grammar if language == "en" else own.grammar
        players = {p.id: own.players.get(p.id) or p.name for p in self.players}
        places = {loc.id: own.locations.get(loc.id) or loc.name for loc in self.locations}
        return MapWords(
            own.name or self.name,
            own.description or self.description,
            own.authored or self.authored,
            {i: said_name(n, tags.players.get(i, ""), "player", language) for i, n in players.items()},
            {i: said_name(n, tags.locations.get(i, ""), "location", language) for i, n in places.items()},
            tags,
        )


@dataclass(frozen=True)
class MapOptions:
    """A game's choices for a random map (`--players`, `--factions`, the start screen's): how many
    players, their factions in seat order (the rest drawn), the map's size and its seed (the game's
    when none)."""

    players: int | None = None
    factions: tuple[str, ...] = ()
    size: str | None = None
    seed: int | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.players is not None:
            out["players"] = self.players
        if self.factions:
            out["factions"] = list(self.factions)
        if self.size is not None:
            out["size"] = self.size
        if self.seed is not None:
            out["seed"] = self.seed
        return out

    @staticmethod
    def from_json(data: object, where: str) -> MapOptions:
        """A replay's recorded options, checked (untrusted)."""
        if not isinstance(data, dict) or set(data) - {"players", "factions", "size", "seed"}:
            raise ContentError(where, "a random map's options: players, factions, size, seed")
        players, factions = data.get("players"), data.get("factions", [])
        size, seed = data.get("size"), data.get("seed")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ContentError(f"{where}.players", "a number of players")
        if not isinstance(factions, list) or len(factions) > MAX_PLAYERS:
            raise ContentError(f"{where}.factions", f"a list of at most {MAX_PLAYERS} faction ids")
        if not all(isinstance(f, str) and 0 < len(f) <= 40 for f in factions):
            raise ContentError(f"{where}.factions", "faction ids")
        if size is not None and not isinstance(size, str):
            raise ContentError(f"{where}.size", "small, medium or large")
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63
        ):
            raise ContentError(f"{where}.seed", "a whole number from 0")
        return MapOptions(players, tuple(factions), size, seed)


@dataclass(frozen=True)
class OpenWarsMap:
    """A map checked against the ruleset: `spec` as written (or generated), the links as neighbours;
    `options`: a random map's, as the game chose them (recorded in its replay)."""

    spec: MapFile
    path: Path
    content_hash: str
    neighbours: dict[str, tuple[str, ...]]
    options: MapOptions | None = None

    @property
    def id(self) -> str:
        return self.spec.id


def checked(spec: MapFile, path: Path, rules: OpenWarsRules, options: MapOptions | None) -> OpenWarsMap:
    """A map (as written or generated) checked against the rules: its links, cards, players and words."""
    near = check_map(spec, rules, str(path))
    digest = hashlib.sha256(read_regular(path)).hexdigest()
    return OpenWarsMap(spec, path, digest, {k: tuple(sorted(v)) for k, v in near.items()}, options)


def _each_once(ids: list[str], where: str, what: str) -> None:
    """Each id once in the file: the second of two is named, with the id."""
    seen: set[str] = set()
    for j, ident in enumerate(ids):
        if ident in seen:
            raise ContentError(f"{where}[{j}].id", f"two {what} share the id {ident!r}")
        seen.add(ident)


def check_map(spec: MapFile, rules: OpenWarsRules, where: str) -> dict[str, set[str]]:
    """A map's checks across its keys (the map editor asks them of the map it edits, with where ""),
    raising ContentError at the first problem; each location's neighbours."""
    missing = [k for k in LAID if not getattr(spec, k)]
    if missing:
        raise ContentError(
            f"{where}: {', '.join(missing)}", "a map lays out its locations, links and players, or is random"
        )
    ids = [loc.id for loc in spec.locations]
    _each_once(ids, f"{where}: locations", "locations")
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
    for i, loc in enumerate(spec.locations):
        card = rules.cards.get(loc.card) if loc.card else None
        if loc.card and card is None:
            raise ContentError(f"{where}: locations[{i}].card", f"no card {loc.card!r} (cards.toml)")
        if card is not None and card.type != loc.type:
            raise ContentError(
                f"{where}: locations[{i}].card", f"{loc.card} is a {card.type} card, not {loc.type}"
            )
    _each_once([p.id for p in spec.players], f"{where}: players", "players")
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
    known = {"players": {p.id for p in spec.players}, "locations": {loc.id for loc in spec.locations}}
    check_translations(spec.locale, known, where, "map")
    for at, tags in [
        ("grammar", spec.grammar),
        *((f"locale.{k}.grammar", w.grammar) for k, w in spec.locale.items()),
    ]:
        for e in grammar_problems(tags, known, at):
            raise ContentError(f"{where}: {e.where}", e.problem)
    unreached = _unreached(near, spec.players[0].home)
    if unreached:
        raise ContentError(f"{where}: links", f"no way to reach {', '.join(sorted(unreached)[:5])}")
    return near


def _unreached(near: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for n in near[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return set(near) - seen


def read_map(data: dict, where: str) -> MapFile:
    """A map file's record: a map laid out by hand (locations, links, players) or a random map's spec
    (`[random]` and none of those), checked for its words; a random one's name pools four or more for
    each location type."""
    try:
        spec = build(MapFile, data, "")
    except ContentError as e:
        raise ContentError(f"{where}: {e.where}", e.problem) from None
    if spec.random is None:
        return spec  # laid out by hand: check_map checks it whole
    laid = [k for k in LAID if getattr(spec, k)]
    if laid:
        raise ContentError(f"{where}: {laid[0]}", "a random map's spec leaves the map to the generator")
    check_translations(spec.locale, {}, where, "random map")  # its languages; it has no ids to name
    for lang, words in spec.locale.items():
        named = [k for k in ("players", "locations") if getattr(words, k)]
        if named:
            raise ContentError(
                f"{where}: locale.{lang}.{named[0]}", "the generator names a random map's players and places"
            )
    types = get_args(LocationType)
    for k in spec.random.names:
        if k not in types:
            raise ContentError(f"{where}: random.names.{k}", f"not a location type ({', '.join(types)})")
    for t in types:
        if len(spec.random.names.get(t, [])) < 4:
            raise ContentError(f"{where}: random.names.{t}", "four names or more for each location type")
    others = [lang for lang in LANGUAGES if lang != "en"]
    for t, names in spec.random.names.items():
        for i, n in enumerate(names):
            for lang in n.locale:
                if lang not in others:
                    at = f"{where}: random.names.{t}[{i}].locale.{lang}"
                    raise ContentError(
                        at, f"not a language of the game other than English ({', '.join(others)})"
                    )
    return spec
