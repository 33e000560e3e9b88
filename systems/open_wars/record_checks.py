"""Open Wars' records checked against each other once loaded (systems/open_wars/records.py): ids
unique in a file, a faction's units and start, its abilities (OW-DEC-18), a unit's spells, each spell's
phase and effect (OW-MAGIC-5, OW-DEC-16), each card's traits (OW-DEC-20) and the files' translations.
Every problem is said where its author wrote it (a mod's file, at its own place: game/content/merging.py)."""

from __future__ import annotations

from typing import Any

from game.content.locale import translation_problems
from game.content.merging import Layered, Step
from game.content.rulesref import MOD_RULE_ID
from game.model.errors import ContentError
from systems.open_wars.records import COMBAT_EFFECTS, LAND, Card, Spell, UnitKind


def by_id(items: list, given: Layered, name: str) -> dict:
    out = {}
    for i, x in enumerate(items):
        if x.id in out:
            raise ContentError(given.place((name, i, "id")), f"two share the id {x.id!r}")
        out[x.id] = x
    return out


def translated(locale: dict[str, Any], known: dict[str, set[str]], given: Layered, what: str) -> None:
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


def check_card(c: Card, given: Layered, at: tuple[Step, ...]) -> None:
    for k, t in enumerate(c.traits):
        if t.kind != "no_spells" and t.amount == 0:
            raise ContentError(
                given.place((*at, "traits", k, "amount")),
                f"{'an' if t.kind[0] in 'aeiou' else 'a'} {t.kind} of 0 does nothing",
            )
    if not c.traits and not c.gold and not c.mana:
        raise ContentError(
            given.place(at), "a special card has a characteristic or yields something (OW-LOC-7)"
        )
