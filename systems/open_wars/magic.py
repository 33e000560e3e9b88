"""OW-MAGIC: spells cast by magic units (OW-DEC-14..16). A magic unit in a location its player holds
(the holder of record: a location with enemies in it is still its holder's until the turn's end,
OW-DEC-5) casts a spell it knows in that spell's phase, paying its mana from the player's pool (kept
from turn to turn, OW-MAGIC-7), at a location within the spell's range in links; at most
`casts_per_phase` spells a token a phase, and in the movement phase before it marches. What a spell
does lasts until the turn ends."""

from __future__ import annotations

from dataclasses import dataclass

from game.model import commands as cmd
from game.model.events import Note, Roll
from game.model.resolution import Reject, Resolution, refuse
from game.model.words import Term
from systems.open_wars import modifiers as mod
from systems.open_wars.combat import casualties, foe
from systems.open_wars.moves import room_for
from systems.open_wars.odds import losses_odds
from systems.open_wars.records import ON_ENEMIES, Spell, Trait
from systems.open_wars.state import Campaign, Charm, Stack

CAST_RULES = ("OW-MAGIC-4", "OW-MAGIC-5", "OW-DEC-14")


@dataclass(frozen=True, slots=True)
class Cast(cmd.Command):
    """OW-MAGIC-4: the player's magic unit in `location` casts `spell` at `target`, a location within
    the spell's range; `player`: the enemy a spell on enemies falls on there (empty: the strongest,
    OW-DEC-22). No `unit` (None): the rite of the location's card, cast by its holder (OW-COMP-5,
    OW-DEC-28)."""

    location: str
    unit: str | None  # None: the rite of the location's card
    spell: str
    target: str
    player: str | None = None


def victim(c: Campaign, player: str, spell: Spell, target: str, named: str | None) -> str | None:
    """Whose tokens (or purse) a spell on enemies falls on: the one named, else the strongest enemy
    there (a drain: the location's holder)."""
    if spell.effect.kind == "drain":
        return c.control[target]
    if named:
        return named
    return foe(c, target, player)


def rite(c: Campaign, loc: str, spell: str) -> Trait | None:
    """OW-COMP-5, OW-LOC-7 (OW-DEC-28): the location's card's rite of the spell, or None."""
    card = c.card(loc)
    if card is None:
        return None
    return next((t for t in card.traits if t.kind == "rite" and t.spell == spell), None)


def cast_cost(c: Campaign, a: Cast) -> int:
    """The mana a cast costs: the spell's, or the rite's price on its card (OW-DEC-28)."""
    if not a.unit:
        r = rite(c, a.location, a.spell)
        if r is not None:
            return r.amount
    return c.rules.spells[a.spell].cost


def check_cast(c: Campaign, player: str, a: Cast, phase: str) -> tuple[Spell, Stack | None, str | None]:
    """OW-MAGIC-1..5, OW-DEC-14: every condition of a cast, before anything changes: the spell, its
    caster (None: a card's rite, OW-DEC-28) and, for a spell on enemies, whom it falls on."""
    spell = c.rules.spells.get(a.spell)
    if spell is None:
        raise refuse("OW-MAGIC-2", "reason_ow_no_spell", spell=repr(a.spell))
    for loc in (a.location, a.target):
        if loc not in c.locations:
            raise refuse("OW-MAGIC-4", "reason_ow_no_location", location=repr(loc))
    s = _caster(c, player, a, spell)
    if spell.phase != phase:
        raise refuse(
            "OW-MAGIC-5",
            "reason_ow_phase",
            spell=spell.name,
            phase=Term(spell.phase, f"ow_phase_{spell.phase}"),
        )
    if c.control[a.location] != player:
        raise refuse("OW-MAGIC-4", "reason_ow_not_held", location=c.location(a.location).name)
    if s is None and a.location in c.rites:
        raise refuse("OW-DEC-28", "reason_ow_rite_once", location=c.location(a.location).name)
    if s is not None and s.casts >= c.rules.numbers.casts_per_phase * s.count:
        raise refuse("OW-DEC-14", "reason_ow_cast_once", unit=c.unit(s.unit).name)
    if s is not None and phase == "movement" and s.moved:
        raise refuse("OW-DEC-14", "reason_ow_cast_before_march", unit=c.unit(s.unit).name)
    mana, cost = c.purses[player].mana, cast_cost(c, a)
    if cost > mana:
        raise refuse("OW-MAGIC-4", "reason_ow_mana", spell=spell.name, cost=cost, mana=mana)
    far = c.hops(a.location).get(a.target, 99)
    if far > spell.range:
        raise refuse("OW-MAGIC-4", "reason_ow_out_of_range", spell=spell.name, range=spell.range, far=far)
    if mod.no_spells(c, a.target):
        raise refuse("OW-LOC-7", "reason_ow_no_spells", location=c.location(a.target).name)
    return spell, s, _check_target(c, player, a, spell)


def _caster(c: Campaign, player: str, a: Cast, spell: Spell) -> Stack | None:
    """The player's magic unit that casts (OW-MAGIC-1), or None for the rite of the location's card
    (OW-DEC-28); refused when neither knows the spell."""
    where = c.location(a.location).name
    if not a.unit:
        if rite(c, a.location, a.spell) is None:
            raise refuse("OW-DEC-28", "reason_ow_no_rite", spell=spell.name, location=where)
        return None
    s = c.stack_of(player, a.location, a.unit)
    unit = c.rules.units.get(a.unit)
    if s is None or unit is None or unit.type != "magic" or a.spell not in unit.spells:
        raise refuse("OW-MAGIC-1", "reason_ow_not_known", spell=spell.name, location=where)
    return s


def _check_target(c: Campaign, player: str, a: Cast, spell: Spell) -> str | None:
    """What each effect needs of its target (OW-DEC-16)."""
    e = spell.effect
    where = c.location(a.target).name
    if e.kind in ON_ENEMIES or (not e.friendly and e.kind in ("attack", "initiative")):
        who = victim(c, player, spell, a.target, a.player)
        if (
            who is None
            or who == player
            or who in c.out
            or (e.kind != "drain" and not any(c.stacks_at(a.target, who)))
        ):
            raise refuse("OW-MAGIC-3", "reason_ow_no_enemy_there", location=where)
        _changes_something(c, player, a, spell, who)
        return who
    if a.player:
        raise refuse("OW-MAGIC-3", "reason_ow_names_no_enemy", spell=spell.name)
    if e.kind in ("attack", "initiative", "defence") and not any(c.stacks_at(a.target, player)):
        raise refuse("OW-MAGIC-3", "reason_ow_no_friend_there", location=where)
    if e.kind == "movement" and not any(s.count > s.moved for s in c.stacks_at(a.target, player)):
        raise refuse("OW-MAGIC-3", "reason_ow_no_friend_there", location=where)
    if e.kind == "summon":
        if c.control[a.target] != player or c.enemies_at(a.target, player):
            raise refuse("OW-MAGIC-3", "reason_ow_summon_where", location=where)
        if room_for(c, player, a.target, c.unit(e.unit)) < 1:
            raise refuse("OW-STACK-1", "reason_ow_stack_limit", limit=0, unit=c.unit(e.unit).name)
    if e.kind == "terrain" and c.location(a.target).type in ("city", "water"):
        raise refuse("OW-MAGIC-3", "reason_ow_terrain_where", location=where)
    _changes_something(c, player, a, spell, None)
    return None


def _changes_something(c: Campaign, player: str, a: Cast, spell: Spell, who: str | None) -> None:
    """OW-DEC-31: a cast that would change nothing is refused before its mana is paid (so never offered):
    a drain of a player with no mana; initiative where no fight is; attack where no fight is and no
    stack it touches there can shoot; defence where no fight is and no enemy can shoot at it; a
    location's ground made what it already is."""
    e = spell.effect
    where = c.location(a.target).name
    if e.kind == "drain" and who is not None and c.purses[who].mana <= 0:
        raise refuse("OW-DEC-31", "reason_ow_no_mana", side=c.name(who))
    if e.kind == "terrain" and mod.ground(c, a.target) == e.terrain:
        raise refuse("OW-DEC-31", "reason_ow_already", location=where, spell=spell.name)
    if (
        e.kind not in ("attack", "initiative", "defence")
        or len({s.player for s in c.stacks_at(a.target)}) > 1
    ):
        return
    if e.kind == "attack" and any(
        mod.reach(c, s) > 0 and not s.held and (s.player == player) == e.friendly
        for s in c.stacks_at(a.target)
    ):
        return
    if e.kind == "defence" and any(
        s.player != player and 0 < c.hops(s.location).get(a.target, 99) <= mod.reach(c, s) and not s.held
        for s in c.stacks
    ):
        return
    raise refuse("OW-DEC-31", "reason_ow_no_fight", spell=spell.name, location=where)


def cast(c: Campaign, player: str, a: Cast, phase: str) -> Resolution:
    """OW-MAGIC-4: the mana paid, the cast told (with its rules), its effect resolved (OW-DEC-16); a
    spell's hits are laid on the tokens by their player (OW-DEC-11), the only decision it may ask."""
    spell, s, who = check_cast(c, player, a, phase)
    purse = c.purses[player]
    cost = cast_cost(c, a)
    purse.mana -= cost
    if s is not None:
        s.casts += 1
    else:
        c.rites.add(a.location)
    e = spell.effect
    card = c.card(a.location) if s is None else None
    by = f"the {card.name} of" if card is not None else f"{c.unit(s.unit).name} in" if s else ""
    c.emit(
        Note(
            rule="OW-MAGIC-4",
            text=f"{c.name(player)}: {by} {c.location(a.location).name} casts "
            f"{spell.name} at {c.location(a.target).name} ({cost} mana, {purse.mana} left)",
            unit=a.unit,
            details={
                "player": player, "unit": a.unit, "spell": spell.id, "location": a.location,
                "target": a.target,
                "victim": who, "cost": cost, "mana": purse.mana, "category": spell.category,
                "phase": phase, "effect": e.kind,
                "rules": list(CAST_RULES) + (["OW-COMP-5", "OW-DEC-28"] if card is not None else []),
                **({"card": card.id} if card is not None else {}),
            },
        )
    )  # fmt: skip
    if e.kind == "hits":
        assert who is not None
        dice = tuple(c.dice.d6() for _ in range(e.amount))
        hits = sum(1 for d in dice if d <= e.attack)
        c.emit(
            Roll(check="spell", unit=f"{player}:{a.unit}", target=who, die=hits, dice=dice,
                 read=f"hits at {e.attack} or less", modifiers=(), total=hits,
                 outcome=f"{hits} hit{'s' * (hits != 1)} in {c.location(a.target).name}", side=player,
                 rule="OW-MAGIC-3")
        )  # fmt: skip
        yield from casualties(c, who, a.target, hits)
    elif e.kind == "gold":
        purse.gold += e.amount
    elif e.kind == "drain":
        assert who is not None
        taken = min(e.amount, c.purses[who].mana)
        c.purses[who].mana -= taken
        purse.mana += taken
        _note(
            c,
            "OW-MAGIC-3",
            player,
            a,
            {"say": "drain", "drained": taken, "from": who},
            f"drains {taken} mana from {c.name(who)}",
        )
    elif e.kind == "summon":
        unit = c.unit(e.unit)
        n = min(e.amount, room_for(c, player, a.target, unit))
        c.add(player, a.target, e.unit, n, moved=n)  # they march no more this turn
        _note(
            c,
            "OW-MAGIC-3",
            player,
            a,
            {"say": "summon", "summoned": n, "summon": e.unit},
            f"summons {n} {unit.name}",
        )
    else:  # a change in force until the turn's end
        c.charms.append(Charm(spell.id, e.kind, a.target, player, e.amount, e.friendly, e.terrain))


def _note(c: Campaign, rule: str, player: str, a: Cast, more: dict[str, object], text: str) -> None:
    details: dict[str, object] = {"player": player, "spell": a.spell, "target": a.target, **more}
    c.emit(Note(rule=rule, text=f"{c.name(player)} {text} at {c.location(a.target).name}", details=details))


def castings(c: Campaign, player: str, phase: str, stack: Stack | None = None) -> list[Cast]:
    """Every cast the player may make now (or the one stack given), with the default victim: what the
    screen offers and the AI weighs. Pure."""
    out = []
    for s in [stack] if stack is not None else c.army(player):
        unit = c.unit(s.unit)
        if unit.type != "magic" or s.player != player:
            continue
        for spell_id in unit.spells:
            spell = c.rules.spells[spell_id]
            if spell.phase != phase:
                continue
            for target, far in c.hops(s.location).items():
                if far > spell.range:
                    continue
                a = Cast(s.location, s.unit, spell_id, target)
                try:
                    check_cast(c, player, a, phase)
                except Reject:
                    continue
                out.append(a)
    if stack is None:
        out += _rites(c, player, phase)
    return out


def _rites(c: Campaign, player: str, phase: str) -> list[Cast]:
    """Every rite of a card the player holds that he may cast now (OW-DEC-28)."""
    out = []
    for loc, who in c.control.items():
        card = c.card(loc) if who == player else None
        for t in card.traits if card is not None else ():
            spell = c.rules.spells.get(t.spell) if t.kind == "rite" else None
            if spell is None or spell.phase != phase:
                continue
            for target, far in c.hops(loc).items():
                if far > spell.range:
                    continue
                a = Cast(loc, None, spell.id, target)
                try:
                    check_cast(c, player, a, phase)
                except Reject:
                    continue
                out.append(a)
    return out


def spell_losses(c: Campaign, player: str, a: Cast) -> dict[int, float]:
    """OW-MAGIC-3: before casting, the exact chance of each number of tokens a spell's dice take (none
    for a spell that rolls no dice)."""
    spell = c.rules.spells[a.spell]
    if spell.effect.kind != "hits":
        return {}
    who = victim(c, player, spell, a.target, a.player)
    if who is None:
        return {}
    return losses_odds(c, a.target, who, spell.effect.amount, spell.effect.attack)
