"""CAMP-DEC-12, CAMP-DEC-13, CAMP-DEC-15, CAMP-DEC-16, CAMP-DEC-19: what a battle's result carries on.
Destroyed brigades are gone, hits carry, the winner's brigades that stood gain quality by victories,
a killed officer's successor takes over at experience 0 (FG-OFF-10) and earns experience by
victories, the winner's cavalry pursues the routed, the beaten armies retreat where their side
chooses (or surrender when they cannot). Every brigade and officer that fought has it in its
service record."""

from __future__ import annotations

from collections.abc import Callable

from game.model import commands as cmd
from game.model.grammar import OWNER, PLAIN, Name, form
from game.model.resolution import Decision, Resolution, refuse
from game.model.session import ask
from systems.campaign.commands import Retreat
from systems.campaign.forces import Army, Brigade, Garrison, General, Service
from systems.campaign.marching import entry_cost_for, stops
from systems.campaign.orders import join, ladder
from systems.campaign.rules_module import RETREAT
from systems.campaign.state import Fought, War


def side_of_unit(f: Fought, unit: str) -> str:
    """The side a brigade of the battle fought for."""
    return next(s.id for s in f.setup.scenario.sides for d in s.divisions for u in d.units if u.id == unit)


def outcome_for(f: Fought, side: str) -> str:
    assert f.result is not None
    winner = f.result.winner
    return "drawn" if winner is None else "won" if winner == side else "lost"


def remove(w: War, unit: str) -> Brigade | None:
    """A brigade leaves the war (destroyed, captured): out of its army's division, or its garrison."""
    found = w.brigade(unit)
    if found is None:
        return None
    b, holder = found
    if isinstance(holder, Garrison):
        holder.brigades.remove(b)
        return b
    d = holder.division_of(unit)
    assert d is not None
    d.brigades.remove(b)
    if not d.brigades:
        holder.divisions.remove(d)
    return b


def carry(w: War, f: Fought) -> None:
    """CAMP-DEC-12, CAMP-DEC-16: the result on each brigade that reached the field: its service record,
    its hits carried, its end if destroyed; a victory counted for each of the winner's that stood,
    whose quality rises a step at the numbers' victories_per_step (never past earned_up_to)."""
    r, s = f.result, f.setup
    assert r is not None
    steps = ladder(w)
    best = steps.index(w.numbers.earned_up_to)
    for unit in s.units:
        fate = r.units.get(unit)
        found = w.brigade(unit)
        if fate is None or found is None or fate.fate == "absent":
            continue
        b, holder = found
        outcome = outcome_for(f, holder.side)
        b.record.append(Service(w.turn, "battle", s.location, s.number, outcome, hits=fate.hits))
        if fate.fate == "destroyed":
            remove(w, unit)
            b.record.append(Service(w.turn, "lost", s.location, s.number, why="destroyed"))
            continue
        b.hits = fate.hits
        if outcome != "won" or fate.fate != "stood":
            continue
        b.victories += 1
        at = steps.index(b.quality)
        if b.victories >= w.numbers.victories_per_step and at < best:
            b.quality, b.victories = steps[at + 1], 0
            b.record.append(Service(w.turn, "quality", s.location, s.number, b.quality, why="victories"))
            w.note(
                "CAMP-DEC-16",
                "camp_quality",
                f"{unit} is now of quality {b.quality}",
                unit,
                quality=b.quality,
            )
    officers(w, f)


def general_of(w: War, f: Fought, ident: str) -> General | None:
    """An officer of the battle by its id there: a division's general, or `<side>-staff`, the leading
    army's commander."""
    if ident.endswith("-staff"):
        a = w.find_army(f.setup.leaders.get(ident.removesuffix("-staff"), ""))
        return a.commander if a is not None else None
    return next((d.general for a in w.armies for d in a.divisions if d.id == ident), None)


def officers(w: War, f: Fought) -> None:
    """FG-OFF-10, CAMP-DEC-15: a killed officer's successor commands at experience 0; a successor whose
    side won earns a point of experience, up to the numbers' replaced_experience."""
    r, s = f.result, f.setup
    assert r is not None
    for ident in r.killed:
        g = general_of(w, f, ident)
        if g is None:
            continue
        g.replaced += 1
        g.experience = 0
        g.record.append(Service(w.turn, "killed", s.location, s.number))
        one = Name(g.id, PLAIN, shown=g.id)  # an officer is one man, his id too: "castanos's successor"
        w.note(
            "FG-OFF-10",
            "camp_successor",
            f"{form(one, OWNER)} successor takes the command, of experience 0",
            officer=g.id,
        )
    if r.winner is None:
        return
    led = [d.id for side in s.scenario.sides if side.id == r.winner for d in side.divisions]
    for ident in [*led, f"{r.winner}-staff"]:
        g = general_of(w, f, ident)
        if g is None or not g.replaced or ident in r.killed or g.experience >= w.numbers.replaced_experience:
            continue
        g.experience += 1
        g.record.append(Service(w.turn, "promoted", s.location, s.number, str(g.experience)))


def pursue(w: War, f: Fought, loser: str) -> None:
    """CAMP-DEC-13: each fit cavalry brigade of the winner that stood (fewer than two hits) rolls a D6
    and at the numbers' pursuit or more takes a brigade of the beaten side: a routed one (the most
    hit first), else one standing with two hits. Brigades taken are captured (gone)."""
    r = f.result
    assert r is not None and r.winner is not None
    rules = w.theatre.rules
    fit = rules.core.hits.destroyed_at - 2
    riders = []
    for u, fate in r.units.items():
        found = w.brigade(u)
        if found is None or fate.fate != "stood" or fate.hits > fit or side_of_unit(f, u) != r.winner:
            continue
        if rules.categories[found[0].category].type == "cavalry":
            riders.append(u)
    for u in riders:
        prey = quarry(w, f, loser)
        if prey is None:  # nothing left to catch: the pursuit stops
            return
        said = lambda t: "a brigade taken" if t >= w.numbers.pursuit else "none"  # noqa: E731
        if w.roll("CAMP-DEC-13", "pursuit", said, u) < w.numbers.pursuit:
            continue
        b = remove(w, prey)
        assert b is not None
        b.record.append(Service(w.turn, "lost", f.setup.location, f.setup.number, why="captured"))
        w.note("CAMP-DEC-13", "camp_pursued", f"{prey} is taken in the pursuit", prey)


def quarry(w: War, f: Fought, loser: str) -> str | None:
    """The brigade a pursuit takes: the routed first (the most hit first), else one standing with two hits."""
    r = f.result
    assert r is not None
    fates = r.units
    mine = [
        u for u in f.setup.units if u in fates and w.brigade(u) is not None and side_of_unit(f, u) == loser
    ]
    routed = sorted((u for u in mine if fates[u].fate == "routed"), key=lambda u: -fates[u].hits)
    if routed:
        return routed[0]
    spent = w.theatre.rules.core.hits.destroyed_at - 1
    return next((u for u in mine if fates[u].fate == "stood" and fates[u].hits >= spent), None)


def retreats(w: War, a: Army) -> tuple[str, ...]:
    """CAMP-DEC-13: where a beaten army may fall back: a neighbouring place it can enter where neither
    an enemy army nor an enemy garrison stands."""
    return tuple(
        n for n in w.neighbours(a.location) if entry_cost_for(w, a, n) is not None and not stops(w, n, a.side)
    )


def retreat(w: War, f: Fought, side: str, back_to: str | None) -> Resolution:
    """CAMP-DEC-13: each of the side's armies in the place falls back where its side chooses (only to
    `back_to` when it can go there: a drawn attacker goes back where it came from); an army with
    nowhere to go surrenders. A garrison of an open place goes with the first army (CAMP-DEC-6)."""
    loc = f.setup.location
    first: Army | None = None
    for a in list(w.armies_at(loc, side)):
        options = retreats(w, a)
        if back_to in options:
            options = (back_to,)
        if not options:
            surrender(w, a, f.setup.number)
            continue
        answer = yield from ask(w, Decision(RETREAT, side, a.id, options), _retreat_to(w, a, options))
        assert isinstance(answer, Retreat)
        a.location, a.came_from = answer.to, loc
        first = first or a
        w.note("CAMP-DEC-13", "camp_retreat", f"{a.name} retreats to {w.places[answer.to].name}", army=a.id,
               to=answer.to)  # fmt: skip
    g = w.garrison_at(loc)
    if g is None or g.side != side or w.places[loc].fortress:
        return
    for b in list(g.brigades):
        g.brigades.remove(b)
        if first is not None:
            join(w, first, b)
        else:
            b.record.append(Service(w.turn, "lost", loc, f.setup.number, why="captured"))


def _retreat_to(w: War, a: Army, options: tuple[str, ...]) -> Callable[[cmd.Command], None]:
    def accept(c: cmd.Command) -> None:
        if not isinstance(c, Retreat) or c.army != a.id or c.to not in options:
            places = ", ".join(w.places[x].name for x in options)
            raise refuse("CAMP-DEC-13", "reason_camp_retreat_to", army=a.name, places=places)

    return accept


def surrender(w: War, a: Army, battle: int = 0) -> None:
    """CAMP-DEC-13: a beaten army with nowhere to go lays down its arms: its brigades are captured and
    the army is destroyed (CAMP-DEC-23 counts it for the enemy)."""
    for b in a.brigades():
        b.record.append(Service(w.turn, "lost", a.location, battle, why="surrendered"))
    a.divisions.clear()
    w.note("CAMP-DEC-13", "camp_surrender", f"{a.name} has nowhere to go and surrenders", army=a.id)


def emptied(w: War) -> list[Army]:
    """Armies left without a brigade: destroyed (CAMP-DEC-23), out of the war."""
    gone = [a for a in w.armies if a.size() == 0]
    for a in gone:
        w.armies.remove(a)
        w.destroyed[w.enemy(a.side)] += 1
        w.note("CAMP-DEC-23", "camp_destroyed", f"{a.name} is destroyed", army=a.id, side=a.side)
    return gone
