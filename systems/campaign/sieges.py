"""CAMP-DEC-20: fortresses besieged by stated abstract rules. A fortress (a place with walls of some
strength) held by a garrison of one side, with an enemy army before it and no army of its own side, is
besieged: each turn its garrison may give in (a D6 and the turns of siege reaching the walls' strength
and the numbers' surrender more: hunger tells on a small fortress first); from the
numbers' siege_turns on the besieger storms it (a D6, +1 for each battery with the besiegers up to
+2, +1 when they outnumber the garrison three to one) and takes it at the walls' strength or more, a
failed storm costing the besiegers a hit on a brigade for each brigade of the garrison. An open
place's garrison does not stand alone against an army: it is taken when one ends a turn there."""

from __future__ import annotations

from game.model.events import ModLine
from systems.campaign.forces import Service, Siege
from systems.campaign.state import War

MOST_GUNS = 2  # batteries that help a storm
ODDS = 3  # besiegers three to one: +1 to the storm


def lose_garrison(w: War, loc: str, why: str) -> None:
    """The garrison of the place is gone (captured), the place passes to the enemy."""
    g = w.garrison_at(loc)
    if g is None:
        return
    for b in g.brigades:
        b.record.append(Service(w.turn, "lost", loc, why=why))
    g.brigades.clear()
    w.garrisons.remove(g)
    taker = w.enemy(g.side)
    w.control[loc] = taker
    w.sieges.pop(loc, None)
    w.note("CAMP-DEC-20", "camp_fall", f"{w.places[loc].name} falls to {w.name(taker)} ({why})", location=loc,
           side=taker, why=why)  # fmt: skip


def sieges(w: War) -> None:
    """Every place with an enemy garrison and an army before it, at the turn's end."""
    for loc in list(w.places):
        g = w.garrison_at(loc)
        armies = [a for a in w.armies_at(loc) if g is not None and a.side != g.side]
        if g is None or not armies or w.armies_at(loc, g.side):
            w.sieges.pop(loc, None)
            continue
        if not w.places[loc].fortress:
            lose_garrison(w, loc, "taken")
            continue
        s = w.sieges.setdefault(loc, Siege(loc, armies[0].side))
        s.turns += 1
        need = w.places[loc].fortress + w.numbers.surrender
        said = lambda t, need=need: "surrenders" if t >= need else "holds out"  # noqa: E731
        siege = (ModLine("CAMP-DEC-20", "turns of siege", s.turns),)
        if w.roll("CAMP-DEC-20", "surrender", said, side=g.side, mods=siege, place=loc) >= need:
            lose_garrison(w, loc, "surrendered")
            continue
        if s.turns >= w.numbers.siege_turns:
            storm(w, loc, s)


def storm(w: War, loc: str, s: Siege) -> None:
    g = w.garrison_at(loc)
    assert g is not None
    rules = w.theatre.rules
    besiegers = [b for a in w.armies_at(loc, s.besieger) for b in a.brigades()]
    guns = min(MOST_GUNS, sum(1 for b in besiegers if rules.categories[b.category].type == "artillery"))
    mods = []
    if guns:
        mods.append(ModLine("CAMP-DEC-20", "batteries", guns))
    if len(besiegers) >= ODDS * len(g.brigades):
        mods.append(ModLine("CAMP-DEC-20", "three to one", 1))
    walls = w.places[loc].fortress
    said = lambda t: "stormed" if t >= walls else "the walls hold"  # noqa: E731
    total = w.roll("CAMP-DEC-20", "storm", said, side=s.besieger, mods=tuple(mods), place=loc)
    if total >= walls:
        lose_garrison(w, loc, "stormed")
        return
    cost = len(g.brigades)
    foot = sorted(
        (b for b in besiegers if rules.categories[b.category].type == "infantry"), key=lambda b: b.hits
    )
    for b in foot[:cost]:
        b.hits = min(b.hits + 1, rules.core.hits.destroyed_at - 1)
        b.record.append(Service(w.turn, "battle", loc, value="storm failed", hits=b.hits))
