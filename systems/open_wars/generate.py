"""OW-LOC-1: a random map, made from a seed (OW-DEC-21). Fair by construction: the map is one sector
per player, the same sector turned around a centre, so every player has the same ground, the same
yields and the same special cards at the same distances; a home city is as many links from every
other home (through the centre or along the rim) and from its two nearest free cities.

A sector holds its player's home city (a port on its own lake), two flanks, an inner location
toward the centre and, by size, pockets off its flanks; a free city stands on the rim between each
two sectors, linked to both neighbours' flanks. Larger maps lengthen the centre road and the rim road
alike. The generator's own randomness (a `random.Random` of the map's seed) chooses ground, yields,
cards, names and factions: it is the map's content, made before the game's dice roll at all."""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass
from typing import cast

from game.model.errors import ContentError
from game.model.grammar import tag_of
from systems.open_wars.maps import (
    MAX_PLAYERS,
    RANDOM_FACTION,
    LocationSpec,
    MapFile,
    MapGrammar,
    MapOptions,
    MapWords,
    PlaceName,
    PlayerSpec,
    RandomSpec,
    Yield,
)
from systems.open_wars.records import LAND, LocationType, OpenWarsRules, StartUnits

SIZES = ("small", "medium", "large")


@dataclass(frozen=True)
class Slot:
    """A place of the sector: its id, where it lies (radius, and angle in parts of the half-sector
    from the sector's axis), its kind (home, city, water, land, centre) and its links (to slots of the
    same sector; `rim:<slot>` to the rim city on one side: `next` the sector after, `prev` before)."""

    id: str
    radius: float
    turn: float
    kind: str
    links: tuple[str, ...] = ()


# The sector of each size: ids are its slots' (the map's locations are <slot>-<player>). The centre
# road (home to centre) and the rim road (home to the next home) are equal: 2 and 4 links (small,
# medium), 3 and 6 (large).
SECTORS: dict[str, tuple[Slot, ...]] = {
    "small": (
        Slot("home", 42, 0.0, "home", ("left", "right", "inner", "lake")),
        Slot("left", 31, -0.55, "land", ("rim:prev",)),
        Slot("right", 31, 0.55, "land", ("rim:next",)),
        Slot("inner", 17, 0.0, "land", ("centre",)),
        Slot("lake", 48, 0.55, "water", ("rim:next",)),
    ),
    "medium": (
        Slot("home", 43, 0.0, "home", ("left", "right", "inner", "lake")),
        Slot("left", 32, -0.55, "land", ("rim:prev", "glen")),
        Slot("right", 32, 0.55, "land", ("rim:next",)),
        Slot("inner", 18, 0.0, "land", ("centre", "ridge")),
        Slot("lake", 49, 0.55, "water", ("rim:next",)),
        Slot("glen", 47, -0.55, "land"),
        Slot("ridge", 24, -0.45, "land", ("left",)),
    ),
    "large": (
        Slot("home", 46, 0.0, "home", ("left", "right", "inner", "lake")),
        Slot("left", 37, -0.5, "land", ("west",)),
        Slot("right", 37, 0.5, "land", ("east",)),
        Slot("inner", 29, 0.0, "land", ("core", "ridge", "brook")),
        Slot("core", 15, 0.0, "land", ("centre",)),
        Slot("lake", 50, 0.5, "water", ("east",)),
        Slot("ridge", 27, -0.45, "land", ("left",)),
        Slot("brook", 27, 0.45, "land", ("right",)),
        Slot("west", 40, -0.78, "land", ("rim:prev",)),
        Slot("east", 40, 0.78, "land", ("rim:next",)),
    ),
}
RIM_RADIUS = {"small": 40, "medium": 42, "large": 45}


def random_map(spec: MapFile, rules: OpenWarsRules, options: MapOptions, seed: int, where: str) -> MapFile:
    """The map of a random spec for the options chosen and a seed (the same seed and options give the
    same map); a choice the spec cannot honour is one ContentError naming it."""
    r = spec.random
    assert r is not None
    n = options.players if options.players is not None else r.players
    if not 2 <= n <= MAX_PLAYERS:
        raise ContentError(f"{where}: players", f"a random map has 2 to {MAX_PLAYERS} players, not {n}")
    size = options.size or r.size
    if size not in SIZES:
        raise ContentError(f"{where}: size", f"a map is {', '.join(SIZES)}, not {size!r}")
    rng = random.Random(seed)
    factions = _factions(rules, options.factions, n, rng, where)
    sector = SECTORS[size]
    land = [s for s in sector if s.kind == "land"]
    ground = _grounds(len(land), rng)
    kinds = {s.id: ground[i] for i, s in enumerate(land)} | {"home": "city", "lake": "water"}
    cards = _cards(rules, [(s.id, kinds[s.id]) for s in land], r.special, rng)
    centre_type = rng.choice(LAND)
    centre_card = _card(rules, centre_type, 1.0, rng)
    rim_card = _card(rules, "city", r.special, rng)
    yields: dict[str, Yield] = {y.type: y for y in r.yields}

    def produce(kind: str) -> tuple[int, int]:
        y = yields.get(kind)
        if y is None:
            return (0, 0)
        return (rng.randint(*sorted(y.gold)), rng.randint(*sorted(y.mana)))

    income = {s.id: produce(kinds[s.id]) for s in sector if s.kind in ("land", "water")}
    names = _Names(r.names, rng)
    locations: list[LocationSpec] = []
    words: dict[str, dict[str, str]] = {}
    tags: dict[str, dict[str, str]] = {}  # each language's grammar of the places' names

    def place(ident: str, kind: str, radius: float, angle: float, gold: int, mana: int, card: str) -> None:
        name = names.take(kind)
        x, y = 50 + radius * math.cos(angle), 50 + radius * math.sin(angle)
        at = (round(x, 1), round(y, 1))
        locations.append(LocationSpec(ident, name.name, cast(LocationType, kind), at, gold, mana, card=card))
        for lang, said in name.locale.items():
            words.setdefault(lang, {})[ident] = said
        for lang, tag in name.grammar.items():
            tags.setdefault(lang, {})[ident] = tag

    half = math.pi / n
    place("centre", centre_type, 0, 0, 0, r.centre_mana, centre_card)
    links: list[tuple[str, str]] = []
    for i in range(n):
        axis = math.pi + 2 * math.pi * i / n
        for s in sector:
            kind = kinds[s.id]
            gold, mana = (r.home_gold, 0) if s.kind == "home" else income[s.id]
            place(f"{s.id}-{i + 1}", kind, s.radius, axis + s.turn * half, gold, mana, cards.get(s.id, ""))
            for other in s.links:
                if other == "centre":
                    links.append((f"{s.id}-{i + 1}", "centre"))
                elif other.startswith("rim:"):
                    j = i if other == "rim:next" else (i - 1) % n
                    links.append((f"{s.id}-{i + 1}", f"rim-{j + 1}"))
                else:
                    links.append((f"{s.id}-{i + 1}", f"{other}-{i + 1}"))
        place(f"rim-{i + 1}", "city", RIM_RADIUS[size], axis + half, r.city_gold, 0, rim_card)
    locations = _on_grid(locations)
    players = _players(rules, factions, r)
    rounds = r.max_rounds + r.rounds_per_player * (n - 2)
    locale = {
        lang: MapWords(
            own.name,
            own.description,
            own.authored,
            {p.id: _said(rules, p.faction, lang, factions, k) for k, p in enumerate(players)},
            words.get(lang, {}),
            MapGrammar(_tags(rules, players, lang), tags.get(lang, {})),
        )
        for lang, own in spec.locale.items()
    }
    own = MapGrammar(_tags(rules, players, "en"), tags.get("en", {}))
    return MapFile(spec.id, spec.name, "open-wars", locations, links, players, rounds, spec.description,
                   spec.authored, locale, None, own)  # fmt: skip


GRID = (8, 6)  # columns and rows places are set on: at 1280x720 the screen's smallest cards never touch


def _on_grid(locations: list[LocationSpec]) -> list[LocationSpec]:
    """Each place moved to the free cell of a grid nearest where the sectors put it (the centre first,
    then outward), so that no two places crowd each other on the screen; the links are untouched."""
    cols, rows = GRID
    free = {(x, y) for x in range(cols) for y in range(rows)}
    placed: dict[str, tuple[float, float]] = {}
    for loc in sorted(locations, key=lambda s: (math.dist(s.at, (50, 50)), s.id)):
        gx, gy = loc.at[0] / 100 * (cols - 1), loc.at[1] / 100 * (rows - 1)
        cell = min(free, key=lambda c: ((c[0] - gx) ** 2 + (c[1] - gy) ** 2, c[1], c[0]))
        free.remove(cell)
        placed[loc.id] = (round(cell[0] / (cols - 1) * 100, 1), round(cell[1] / (rows - 1) * 100, 1))
    return [dataclasses.replace(loc, at=placed[loc.id]) for loc in locations]


def _factions(
    rules: OpenWarsRules, chosen: tuple[str, ...], n: int, rng: random.Random, where: str
) -> list[str]:
    """The factions in seat order: those chosen, the others drawn (each faction once while they last);
    a seat chosen as "random" is drawn too, so any seat can be left to the dice."""
    if len(chosen) > n:
        raise ContentError(f"{where}: factions", f"{len(chosen)} factions for {n} players")
    for f in chosen:
        if f != RANDOM_FACTION and f not in rules.factions:
            raise ContentError(
                f"{where}: factions", f"no faction {f!r} (known: {', '.join(sorted(rules.factions))})"
            )
    left = [f for f in sorted(rules.factions) if f not in chosen]
    rng.shuffle(left)
    seats = [*chosen] + [RANDOM_FACTION] * (n - len(chosen))
    everyone = sorted(rules.factions)
    # drawn in seat order, as before "random" could name a seat: a list of chosen ones first plays alike
    return [f if f != RANDOM_FACTION else left.pop() if left else rng.choice(everyone) for f in seats]


def _grounds(count: int, rng: random.Random) -> list[str]:
    """The land slots' types: every land type at least once when there is room, the rest drawn."""
    types = list(LAND)
    rng.shuffle(types)
    out = types[:count] + [rng.choice(LAND) for _ in range(count - len(types))]
    rng.shuffle(out)
    return out


def _cards(
    rules: OpenWarsRules, slots: list[tuple[str, str]], chance: float, rng: random.Random
) -> dict[str, str]:
    """The sector's special cards (OW-LOC-7): each land slot one of its type with this chance, and at
    least one slot always (the one that came nearest), so every map has some in every sector."""
    rolls = {slot: rng.random() for slot, _kind in slots}
    fitting = {slot: sorted(c.id for c in rules.cards.values() if c.type == kind) for slot, kind in slots}
    chosen = [slot for slot in rolls if rolls[slot] < chance and fitting[slot]]
    if not chosen:
        chosen = [min((s for s in rolls if fitting[s]), key=lambda s: rolls[s])]
    return {slot: rng.choice(fitting[slot]) for slot in chosen}


def _card(rules: OpenWarsRules, kind: str, chance: float, rng: random.Random) -> str:
    """A special card of that type with this chance (OW-LOC-7), else none (a basic location, OW-LOC-6)."""
    fitting = sorted(c.id for c in rules.cards.values() if c.type == kind)
    roll = rng.random()
    return rng.choice(fitting) if fitting and roll < chance else ""


class _Names:
    """Names from the spec's pools, each used once while they last (then with a number)."""

    def __init__(self, pools: dict[str, list[PlaceName]], rng: random.Random) -> None:
        self.pools = {k: rng.sample(v, len(v)) for k, v in sorted(pools.items())}
        self.used: dict[str, int] = {}

    def take(self, kind: str) -> PlaceName:
        pool = self.pools[kind]
        k = self.used.get(kind, 0)
        self.used[kind] = k + 1
        base = pool[k % len(pool)]
        if k < len(pool):
            return base
        more = f" {k // len(pool) + 1}"
        return PlaceName(
            base.name + more, {lang: said + more for lang, said in base.locale.items()}, base.grammar
        )


def _players(rules: OpenWarsRules, factions: list[str], r: RandomSpec) -> list[PlayerSpec]:
    """Each seat's player: its faction's title, one player of it (numbered when two share one), its
    home, gold and starting tokens (the faction's `start`)."""
    out = []
    for i, f in enumerate(factions):
        faction = rules.factions[f]
        start = faction.start or [StartUnits(_cheapest(rules, f), 3)]
        name = (faction.title or faction.name) + (f" {i + 1}" if factions.count(f) > 1 else "")
        out.append(PlayerSpec(f"p{i + 1}", name, f, f"home-{i + 1}", r.gold, list(start), r.colours[i]))
    return out


def _cheapest(rules: OpenWarsRules, faction: str) -> str:
    """A faction with no starting tokens of its own starts with its cheapest land unit's."""
    units = [
        u
        for u in rules.factions[faction].units
        if u.type not in ("water", "magic", "flying") and not u.unique
    ]
    units = units or list(rules.factions[faction].units)
    return min(units, key=lambda u: (u.cost, u.id)).id


def _tags(rules: OpenWarsRules, players: list[PlayerSpec], lang: str) -> dict[str, str]:
    """Each player's grammar in a language: that of its faction's title (its name written as a tag)."""
    return {p.id: tag_of(rules.faction_title(p.faction, lang)) for p in players}


def _said(rules: OpenWarsRules, faction: str, lang: str, factions: list[str], seat: int) -> str:
    name = rules.faction_title(faction, lang)
    return name + (f" {seat + 1}" if factions.count(faction) > 1 else "")
