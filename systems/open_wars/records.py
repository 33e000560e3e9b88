"""Open Wars' ruleset as typed records (content/rulesets/open-wars/): its numbers, the factions and
their units (factions/<id>.toml, with each unit's abilities and spells), the spells (spells.toml) and
the special location cards (cards.toml). The source gives no unit, spell or card: they are the
project's own (OW-DEC-1), their vocabularies of abilities, effects and traits are the engine's, so a
mod adds a faction, a spell or a card with no code. Maps: systems/open_wars/maps.py."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from game import CONTENT
from game.content.files import read_regular
from game.content.locale import TRANSLATED, GrammarTag, translation_problems
from game.content.merging import Layered, Step, load_layered
from game.content.mod_words import word_problems
from game.content.mods import Mod
from game.content.rulesref import MOD_RULE_ID
from game.model.errors import ContentError
from game.model.grammar import said_name, tag_problem
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
        return next(g.entry_cost for g in self.numbers.ground if g.type == kind)

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


FACTIONS = "factions"
FILES = ("numbers.toml", "spells.toml", "cards.toml", FACTIONS)  # what an Open Wars ruleset folder holds


def rules_files(folder: Path) -> dict[Path, type]:
    """The files of an Open Wars ruleset folder (the game's, or a mod's part of one) and the record
    each is read into (check-content checks each file's keys with them)."""
    own = {
        folder / "numbers.toml": OpenWarsNumbers,
        folder / "spells.toml": SpellsFile,
        folder / "cards.toml": CardsFile,
    }
    return own | {p: Faction for p in sorted((folder / FACTIONS).glob("*.toml"))}


def load_rules(root: Path | None = None, mods: tuple[Mod, ...] | list[Mod] = ()) -> OpenWarsRules:
    """The ruleset folder (`root`/open-wars) with the Open Wars mods given laid over it (in load order);
    any problem is one ContentError naming the file and key (a mod's own, for what a mod gave)."""
    mods = tuple(m for m in mods if m.spec.ruleset == "open-wars")
    folder = (root or CONTENT / "rulesets") / "open-wars"
    digest = hashlib.sha256()

    def load(cls: type, rel: str) -> tuple[Any, Layered]:
        return load_layered(cls, f"rulesets/open-wars/{rel}", folder / rel, mods)

    numbers, numbers_file = load(OpenWarsNumbers, "numbers.toml")
    names = sorted(
        {p.name for p in (folder / FACTIONS).glob("*.toml")}
        | {p.name for m in mods for p in m.file(f"rulesets/open-wars/{FACTIONS}").glob("*.toml")}
    )
    factions: dict[str, tuple[Faction, Layered]] = {}
    for name in names:
        f, given = load(Faction, f"{FACTIONS}/{name}")
        if f.id != name.removesuffix(".toml"):
            raise ContentError(given.place(("id",)), f"a faction's id is its file's name, not {f.id!r}")
        factions[f.id] = f, given
    for m in mods:  # its names are in its files' [locale] tables: no words of its own
        for e in word_problems(m, None):
            raise e
    spells_file, spells_given = load(SpellsFile, "spells.toml")
    cards_file, cards_given = load(CardsFile, "cards.toml")
    read = [
        p
        for x in (numbers_file, spells_given, cards_given, *(g for _f, g in factions.values()))
        for p in x.read
    ]
    for path in (p for p in read if p.is_relative_to(folder)):  # the game's files read: their hashes
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + read_regular(path) + b"\0")
    for m in mods:
        digest.update(f"mod {m.id} {m.content_hash}".encode())
    files = _Files(numbers_file, {k: g for k, (_f, g) in factions.items()}, spells_given, cards_given)
    return _assemble(
        files,
        numbers,
        {k: f for k, (f, _g) in factions.items()},
        spells_file,
        cards_file,
        digest.hexdigest(),
        mods,
    )


@dataclass(frozen=True)
class _Files:
    """Where each file's entries came from (the game's file or a mod's), to name a problem's place."""

    numbers: Layered
    factions: dict[str, Layered]
    spells: Layered
    cards: Layered


def _assemble(
    files: _Files,
    numbers: OpenWarsNumbers,
    factions: dict[str, Faction],
    spells_file: SpellsFile,
    cards_file: CardsFile,
    digest: str,
    mods: tuple[Mod, ...],
) -> OpenWarsRules:
    """The files checked against each other: ids unique, every name a spell or unit that exists."""
    if not factions:
        raise ContentError(str(files.numbers.base.parent / FACTIONS), "no faction: one file a faction")
    if sorted(g.type for g in numbers.ground) != sorted(get_args(LocationType)):
        raise ContentError(files.numbers.place(("ground",)), "one entry for each location type")
    units: dict[str, UnitKind] = {}
    faction_of: dict[str, str] = {}
    for f in factions.values():
        given = files.factions[f.id]
        for j, u in enumerate(f.units):
            if u.id in units:
                raise ContentError(given.place(("units", j, "id")), f"duplicate unit id {u.id!r}")
            units[u.id] = u
            faction_of[u.id] = f.id
        for j, s in enumerate(f.start):
            if s.unit not in {u.id for u in f.units}:
                raise ContentError(given.place(("start", j, "unit")), f"no unit {s.unit!r} in the faction")
        if f.militia and f.militia not in {u.id for u in f.units}:
            raise ContentError(given.place(("militia",)), f"no unit {f.militia!r} in the faction")
    spells = _by_id(spells_file.spells, files.spells, "spells")
    cards = _by_id(cards_file.cards, files.cards, "cards")
    for f in factions.values():
        given = files.factions[f.id]
        for j, u in enumerate(f.units):
            _check_unit(u, spells, given, ("units", j))
        _translated(f.locale, {"units": {u.id for u in f.units}}, given, "faction")
        for at, g in [
            (("grammar",), f.grammar),
            *((("locale", k, "grammar"), w.grammar) for k, w in f.locale.items()),
        ]:
            for key in ("name", "title"):
                if (problem := tag_problem(getattr(g, key))) is not None:
                    raise ContentError(given.place((*at, key)), problem)
    for i, spell in enumerate(spells_file.spells):
        _check_spell(spell, units, files.spells, ("spells", i))
    for i, c in enumerate(cards_file.cards):
        _check_card(c, spells, files.cards, ("cards", i))
    _translated(spells_file.locale, {"names": set(spells)}, files.spells, "spells file")
    _translated(cards_file.locale, {"names": set(cards)}, files.cards, "cards file")
    languages = {
        *spells_file.locale, *cards_file.locale, *(lang for f in factions.values() for lang in f.locale)
    }  # fmt: skip
    locale = {
        lang: Words(
            {
                f.id: f.locale[lang].name
                for f in factions.values()
                if lang in f.locale and f.locale[lang].name
            },
            {k: v for f in factions.values() if lang in f.locale for k, v in f.locale[lang].units.items()},
            dict(spells_file.locale[lang].names) if lang in spells_file.locale else {},
            dict(cards_file.locale[lang].names) if lang in cards_file.locale else {},
            {
                f.id: f.locale[lang].title
                for f in factions.values()
                if lang in f.locale and f.locale[lang].title
            },
        )
        for lang in languages
    }
    return OpenWarsRules(
        "open-wars", numbers, factions, units, digest, mods, spells, cards, locale, faction_of
    )


def _by_id(items: list, given: Layered, name: str) -> dict:
    out = {}
    for i, x in enumerate(items):
        if x.id in out:
            raise ContentError(given.place((name, i, "id")), f"two share the id {x.id!r}")
        out[x.id] = x
    return out


def _translated(locale: dict[str, Any], known: dict[str, set[str]], given: Layered, what: str) -> None:
    """A file's [locale.<language>] tables, refused at the first problem, in the file that gave it."""
    for e in translation_problems(locale, known, what):
        raise given.blamed(e)


NEEDS_ON = ("stride",)
DIE = ("armour", "return")  # abilities whose amount is a die's face (1-5: a 6 would always work)
POSITIVE = ("upkeep", "channel")


def _check_unit(u: UnitKind, spells: dict[str, Spell], given: Layered, at: tuple[Step, ...]) -> None:
    for k, a in enumerate(u.abilities):
        ability = (*at, "abilities", k)
        if a.kind in NEEDS_ON and not a.on:
            raise ContentError(
                given.place((*ability, "on")), f"{a.kind} names the location types it holds on"
            )
        if a.kind in DIE and not 1 <= a.amount <= 5:
            raise ContentError(
                given.place((*ability, "amount")), f"{a.kind} works on a D6 at or under amount: 1 to 5"
            )
        if a.kind in POSITIVE and a.amount < 1:
            raise ContentError(given.place((*ability, "amount")), f"{a.kind} needs 1 mana or more a token")
        if a.kind == "bonus" and a.amount == 0:
            raise ContentError(given.place((*ability, "amount")), "a bonus of 0 does nothing")
        if a.kind == "bonus" and a.stat == "initiative" and a.when in ("first_round", "outnumbering"):
            raise ContentError(
                given.place((*ability, "when")),
                "an initiative bonus holds always, defending, attacking or on ground",
            )
        if a.rule and not MOD_RULE_ID.fullmatch(a.rule):
            raise ContentError(
                given.place((*ability, "rule")), "a rule id: Open Wars' own (OW-FAC-1) or the mod's (SEA-1)"
            )
    if u.spells and u.type != "magic":
        raise ContentError(given.place((*at, "spells")), "only magic units cast spells (OW-MAGIC-2)")
    for k, s in enumerate(u.spells):
        if s not in spells:
            raise ContentError(given.place((*at, "spells", k)), f"no spell {s!r} in spells.toml")


def _check_spell(s: Spell, units: dict[str, UnitKind], given: Layered, at: tuple[Step, ...]) -> None:
    e = s.effect
    effect = (*at, "effect")
    combat = e.kind in COMBAT_EFFECTS
    if combat != (s.phase == "combat"):
        said = "the combat phase" if combat else "a strategic phase (collection or movement)"
        raise ContentError(given.place((*at, "phase")), f"a {e.kind} spell is cast in {said} (OW-MAGIC-5)")
    if e.kind == "hits" and (e.amount < 1 or e.attack < 1):
        raise ContentError(
            given.place(effect), "hits rolls `amount` dice (1 or more) hitting on `attack` (1 to 6) or less"
        )
    if e.kind in ("attack", "initiative", "entry") and e.amount == 0:
        raise ContentError(given.place((*effect, "amount")), f"an {e.kind} change of 0 does nothing")
    if e.kind in ("defence", "movement", "gold", "drain", "summon") and e.amount < 1:
        raise ContentError(given.place((*effect, "amount")), f"{e.kind} needs an amount of 1 or more")
    if e.kind == "terrain" and e.terrain not in LAND:
        raise ContentError(
            given.place((*effect, "terrain")), f"a terrain spell makes a location one of {', '.join(LAND)}"
        )
    if e.kind == "summon" and e.unit not in units:
        raise ContentError(given.place((*effect, "unit")), f"no unit {e.unit!r} in the factions")


def _check_card(c: Card, spells: dict[str, Spell], given: Layered, at: tuple[Step, ...]) -> None:
    for k, t in enumerate(c.traits):
        if t.kind != "no_spells" and t.amount == 0:
            raise ContentError(
                given.place((*at, "traits", k, "amount")),
                f"{'an' if t.kind[0] in 'aeiou' else 'a'} {t.kind} of 0 does nothing",
            )
        if t.kind == "rite":  # OW-DEC-28: a strategic spell that exists, at a price
            spell = spells.get(t.spell)
            if spell is None:
                raise ContentError(
                    given.place((*at, "traits", k, "spell")), f"no spell {t.spell!r} in spells.toml"
                )
            if spell.phase == "combat":
                raise ContentError(
                    given.place((*at, "traits", k, "spell")),
                    "a rite is a strategic spell (collection or movement)",
                )
            if t.amount < 1:
                raise ContentError(given.place((*at, "traits", k, "amount")), "a rite costs 1 mana or more")
        elif t.spell:
            raise ContentError(given.place((*at, "traits", k, "spell")), "only a rite names a spell")
    if not c.traits and not c.gold and not c.mana:
        raise ContentError(
            given.place(at), "a special card has a characteristic or yields something (OW-LOC-7)"
        )
