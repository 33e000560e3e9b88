"""Open Wars' ruleset folder read (content/rulesets/open-wars/, the records of records.py) with the
mods laid over it, and its files checked against each other: ids unique, every unit, spell and card a
record names one that exists, each ability, effect and trait one that does something; a problem is one
ContentError naming the file and key (a mod's own, for what a mod gave)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

from game import CONTENT
from game.content.files import read_regular
from game.content.locale import translation_problems
from game.content.merging import Layered, Step, load_layered
from game.content.mod_words import word_problems
from game.content.mods import Mod
from game.content.rulesref import MOD_RULE_ID
from game.model.errors import ContentError
from game.model.grammar import tag_problem
from systems.open_wars.records import (
    COMBAT_EFFECTS,
    LAND,
    Card,
    CardsFile,
    Faction,
    LocationType,
    OpenWarsNumbers,
    OpenWarsRules,
    Spell,
    SpellsFile,
    UnitKind,
    Words,
)

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
            check_unit(u, spells, given, ("units", j))
        _translated(f.locale, {"units": {u.id for u in f.units}}, given, "faction")
        for at, g in [
            (("grammar",), f.grammar),
            *((("locale", k, "grammar"), w.grammar) for k, w in f.locale.items()),
        ]:
            for key in ("name", "title"):
                if (problem := tag_problem(getattr(g, key))) is not None:
                    raise ContentError(given.place((*at, key)), problem)
    for i, spell in enumerate(spells_file.spells):
        check_spell(spell, units, files.spells, ("spells", i))
    for i, c in enumerate(cards_file.cards):
        check_card(c, spells, files.cards, ("cards", i))
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


def check_unit(u: UnitKind, spells: dict[str, Spell], given: Layered, at: tuple[Step, ...]) -> None:
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


def check_spell(s: Spell, units: dict[str, UnitKind], given: Layered, at: tuple[Step, ...]) -> None:
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


def check_card(c: Card, spells: dict[str, Spell], given: Layered, at: tuple[Step, ...]) -> None:
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
