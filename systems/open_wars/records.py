"""Open Wars' ruleset as typed records (content/rulesets/open-wars/): its numbers, the factions and
their units (factions/<id>.toml, with each unit's abilities and spells), the spells (spells.toml) and
the special location cards (cards.toml). The source gives no unit, spell or card: they are the
project's own (OW-DEC-1), their vocabularies of abilities, effects and traits are the engine's, so a
mod adds a faction, a spell or a card with no code. The folder read, with the mods laid over it, and
its files checked against each other: systems/open_wars/ruleset_files.py. Maps: maps.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Literal

from game.content.locale import TRANSLATED, GrammarTag
from game.content.mods import Mod
from game.model.grammar import said_name
from game.model.limits import Bounds, Id

LocationType = Literal["water", "mountain", "forest", "plain", "desert", "city"]
UnitType = Literal["water", "mountain", "forest", "plain", "desert", "city", "magic", "flying"]
LAND = ("mountain", "forest", "plain", "desert")  # the types a terrain spell may give a location
Small = Annotated[int, Bounds(0, 50)]
Name = Annotated[str, Bounds(1, 60)]
Change = Annotated[int, Bounds(-6, 6)]

# --- units and their abilities (OW-UNIT-1, OW-FAC) --------------------------------------------

AbilityKind = Literal["stride", "bonus", "armour", "return", "upkeep", "channel"]
When = Literal["always", "defending", "attacking", "first_round", "outnumbering"]


@dataclass(frozen=True)
class Ability:
    """What a unit does beyond its numbers (OW-DEC-18), one of a small vocabulary:
    stride: enters the locations of the types `on` at the least entry cost;
    bonus: `amount` more `stat` (attack, initiative) in combat, on the types `on` (none: anywhere)
    and `when` it is defending, attacking, in a combat's first round or outnumbering its enemies there;
    armour: a hit falling on one of its tokens is saved on a D6 at or under `amount`;
    return: each of its tokens defeated this turn rises again at the turn's end on a D6 at or under
    `amount`, in the nearest city its player holds;
    upkeep: each token costs `amount` mana at every collection, tokens unpaid for are lost;
    channel: each token yields `amount` mana at every collection.
    `rule`: the source's rule it gives a body to (OW-FAC-n), cited by its events."""

    kind: AbilityKind
    amount: Change = 0
    stat: Literal["attack", "initiative"] = "attack"
    on: Annotated[list[LocationType], Bounds(0, 6)] = field(default_factory=list)
    when: When = "always"
    rule: Annotated[str, Bounds(0, 20)] = ""


@dataclass(frozen=True)
class UnitKind:
    """OW-UNIT-1: a unit token's fields (the image is the client's), its abilities and, for a magic
    unit, the spells it knows (OW-MAGIC-1)."""

    id: Id
    name: Name
    cost: Annotated[int, Bounds(1, 100)]
    initiative: Annotated[int, Bounds(0, 20)]
    type: UnitType
    movement: Annotated[int, Bounds(0, 20)]
    attack: Annotated[int, Bounds(1, 6)]  # OW-COMBAT-5: a die at or under it hits
    range: Annotated[int, Bounds(0, 6)] = 0  # OW-UNIT-1: links it shoots across (OW-DEC-17)
    unique: bool = False  # OW-UNIT-5
    abilities: Annotated[list[Ability], Bounds(0, 8)] = field(default_factory=list)
    spells: Annotated[list[Id], Bounds(0, 20)] = field(default_factory=list)

    def ability(self, kind: str) -> Ability | None:
        return next((a for a in self.abilities if a.kind == kind), None)


@dataclass(frozen=True)
class StartUnits:
    unit: Id
    count: Annotated[int, Bounds(1, 20)]


@dataclass(frozen=True)
class FactionGrammar:
    """The grammar of a faction's name and its seat's title in one language (`[grammar]`,
    `[locale.<language>.grammar]`: a tag such as "la", "los", docs/spanish.md); left out, their kind's
    default."""

    name: GrammarTag = ""
    title: GrammarTag = ""


@dataclass(frozen=True)
class FactionWords:
    """A faction's words in another language (`[locale.<language>]`): its name, its seat's title, its
    units' names by id, and the grammar of its name and title."""

    name: Annotated[str, Bounds(0, 60)] = ""
    title: Annotated[str, Bounds(0, 60)] = ""
    units: dict[str, Name] = field(default_factory=dict)
    grammar: FactionGrammar = field(default_factory=FactionGrammar)


@dataclass(frozen=True)
class Faction:
    """OW-FAC-1: a faction and its units (content/rulesets/open-wars/factions/<id>.toml); `title`: what
    a random map calls its player, one of them ("Elven Host": every sentence about a player is written
    for one, and "Elves" would read "Elves recruits"; its name when it has none, as a mod's faction
    written before titles were may); `start`: the tokens it starts a random map with
    (OW-DEC-21), `traits`: what the source says of it, in short."""

    id: Id
    name: Name
    units: Annotated[list[UnitKind], Bounds(1, 40)]
    title: Annotated[str, Bounds(0, 60)] = ""
    start: Annotated[list[StartUnits], Bounds(0, 10)] = field(default_factory=list)
    rule: Annotated[str, Bounds(0, 20)] = ""  # the source's description of it (OW-FAC-n)
    traits: Annotated[str, Bounds(0, 300)] = ""
    authored: str = ""  # where the faction's units come from (the source has none)
    locale: Annotated[dict[str, FactionWords], TRANSLATED] = field(default_factory=dict)
    grammar: FactionGrammar = field(default_factory=FactionGrammar)  # its own name's and title's
    militia: Annotated[str, Bounds(0, 40)] = ""  # the unit its homes raise (OW-DEC-27; none: its cheapest)

    def grammar_in(self, language: str) -> FactionGrammar:
        """The tags of its name and title in a language (English: the file's own)."""
        return self.grammar if language == "en" else self.locale.get(language, FactionWords()).grammar


# --- spells (OW-MAGIC) -------------------------------------------------------------------------

EffectKind = Literal[
    "hits", "attack", "initiative", "defence", "movement", "entry", "barrier", "terrain", "gold", "drain",
    "summon",
]  # fmt: skip
COMBAT_EFFECTS = ("hits", "attack", "initiative", "defence")  # cast in the combat phase (OW-MAGIC-5)
ON_ENEMIES = ("hits", "drain")  # effects that fall on another player's tokens or purse


@dataclass(frozen=True)
class Effect:
    """OW-MAGIC-3: what a spell does, from the vocabulary the engine resolves (OW-DEC-16), on the
    target location and until the turn ends:
    hits: `amount` dice, each hitting an enemy token there on `attack` or less;
    attack, initiative: `amount` more (less, when negative: on the enemies there) for the tokens there;
    defence: enemies hit the caster's tokens there on `amount` less;
    movement: the caster's tokens marching from there have `amount` more movement;
    entry: the location costs `amount` more (less) to enter; barrier: the caster's enemies may not
    enter it; terrain: it is of the type `terrain`;
    gold: the caster gains `amount` gold; drain: the player holding the location loses up to `amount`
    mana and the caster gains it; summon: `amount` tokens of `unit` appear there."""

    kind: EffectKind
    amount: Annotated[int, Bounds(-6, 20)] = 0
    attack: Annotated[int, Bounds(0, 6)] = 0
    terrain: LocationType | None = None
    unit: Annotated[str, Bounds(0, 40)] = ""

    @property
    def friendly(self) -> bool:
        """Does it touch the caster's own tokens (else his enemies' or a location's)?"""
        if self.kind in ("attack", "initiative"):
            return self.amount > 0
        return self.kind in ("defence", "movement", "summon", "gold")


SpellCategory = Literal["offensive", "defensive", "support", "field"]
SpellPhase = Literal["combat", "collection", "movement"]


@dataclass(frozen=True)
class Spell:
    """OW-MAGIC-2..5: a spell: its category, the phase it is cast in, its mana cost, its range in
    links from the caster (0: the caster's own location) and its effect."""

    id: Id
    name: Name
    category: SpellCategory
    phase: SpellPhase
    cost: Annotated[int, Bounds(1, 30)]
    range: Annotated[int, Bounds(0, 6)]
    effect: Effect


@dataclass(frozen=True)
class NamesWords:
    """Names by id in another language (spells, cards)."""

    names: dict[str, Name] = field(default_factory=dict)


@dataclass(frozen=True)
class SpellsFile:
    """content/rulesets/open-wars/spells.toml"""

    spells: Annotated[list[Spell], Bounds(1, 200)]
    locale: Annotated[dict[str, NamesWords], TRANSLATED] = field(default_factory=dict)


# --- special location cards (OW-LOC-6/7) ------------------------------------------------------

TraitKind = Literal["attack", "initiative", "defence", "entry", "range", "recruit", "no_spells", "rite"]


@dataclass(frozen=True)
class Trait:
    """OW-LOC-7: a characteristic of a special card (OW-DEC-20), for the units of the types `types`
    (none: every type) of `who` (everyone, the location's holder, or the others):
    attack, initiative: `amount` more in combat there; defence: enemies hit them there on `amount` less;
    entry: the location costs them `amount` more to enter; range: they shoot `amount` links farther
    from there; recruit: each token recruited there costs `amount` less; no_spells: no spell is cast
    at the location; rite: the location's holder casts the strategic spell `spell` from it, once a
    phase, with no magic unit, paying `amount` mana (OW-COMP-5: mana spent on a location's effect)."""

    kind: TraitKind
    amount: Change = 0
    types: Annotated[list[UnitType], Bounds(0, 8)] = field(default_factory=list)
    who: Literal["all", "holder", "others"] = "all"
    spell: Annotated[str, Bounds(0, 40)] = ""


@dataclass(frozen=True)
class Card:
    """OW-LOC-2/7: a special location card: the type of location it is, what it yields beyond the
    location's own gold and mana, and its characteristics."""

    id: Id
    name: Name
    type: LocationType
    traits: Annotated[list[Trait], Bounds(0, 8)] = field(default_factory=list)
    gold: Small = 0
    mana: Small = 0


@dataclass(frozen=True)
class CardsFile:
    """content/rulesets/open-wars/cards.toml"""

    cards: Annotated[list[Card], Bounds(1, 200)]
    locale: Annotated[dict[str, NamesWords], TRANSLATED] = field(default_factory=dict)


# --- the numbers -------------------------------------------------------------------------------


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
    casts_per_phase: Annotated[int, Bounds(1, 10)] = 1  # OW-DEC-14: spells a magic unit casts a phase
    range_penalty: Annotated[int, Bounds(0, 6)] = 1  # OW-DEC-17: less attack a link beyond the first
    militia: Annotated[int, Bounds(0, 20)] = 0  # OW-DEC-27: tokens a threatened home raises
    lead_from: Annotated[int, Bounds(1, 100)] = 1  # OW-DEC-29: the first turn a decisive lead wins
    lead_share: Annotated[int, Bounds(0, 100)] = 0  # OW-DEC-29: percent of the scores (0: no such rule)


# --- the ruleset -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Words:
    """The ruleset's names in one language other than English, by id."""

    factions: dict[str, str] = field(default_factory=dict)
    units: dict[str, str] = field(default_factory=dict)
    spells: dict[str, str] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)  # the factions' seat titles


@dataclass(frozen=True)
class OpenWarsRules:
    id: str
    numbers: OpenWarsNumbers
    factions: dict[str, Faction]
    units: dict[str, UnitKind]
    content_hash: str
    loaded_mods: tuple[Mod, ...] = ()
    spells: dict[str, Spell] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    locale: dict[str, Words] = field(default_factory=dict)
    faction_of: dict[str, str] = field(default_factory=dict)  # unit id -> its faction's id

    def entry(self, kind: str) -> int:
        cost = self._entries.get(kind)
        return cost if cost is not None else next(g.entry_cost for g in self.numbers.ground if g.type == kind)

    @cached_property
    def _entries(self) -> dict[str, int]:
        """Each ground type's entry cost, its first line's (the AI's march searches ask it every step)."""
        out: dict[str, int] = {}
        for g in self.numbers.ground:
            out.setdefault(g.type, g.entry_cost)
        return out

    def words(self, language: str) -> Words:
        return self.locale.get(language, Words())

    def unit_name(self, unit: str, language: str) -> str:
        """A unit's name in a language: the file's translation, or its own (English) name."""
        return self.words(language).units.get(unit) or self.units[unit].name

    def faction_name(self, faction: str, language: str) -> str:
        """A faction's name in a language: the file's translation, or its own (English) name; a `Name`
        with its grammar."""
        text = self.words(language).factions.get(faction) or self.factions[faction].name
        return said_name(text, self.factions[faction].grammar_in(language).name, "faction", language)

    def faction_title(self, faction: str, language: str) -> str:
        """What a random map calls a faction's player in a language: the file's translation, or its own
        (English) title; a faction without a title, by its name in that language; a `Name` with its
        grammar."""
        text = self.words(language).titles.get(faction) or self.factions[faction].title
        if not text:
            return self.faction_name(faction, language)
        return said_name(text, self.factions[faction].grammar_in(language).title, "title", language)

    def spell_name(self, spell: str, language: str) -> str:
        return self.words(language).spells.get(spell) or self.spells[spell].name

    def card_name(self, card: str, language: str) -> str:
        return self.words(language).cards.get(card) or self.cards[card].name
