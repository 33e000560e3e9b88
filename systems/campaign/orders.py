"""CAMP-DEC-5, CAMP-DEC-6, CAMP-DEC-18: the orders of a side's administration phase. Recruiting a
brigade in a city that raises its kind (priced by its FG-ARMY-3 points), making a brigade's hits good
with replacements (which lower its quality), leaving a brigade as a garrison and taking one back. Each
check raises Reject before anything changes; `apply_order` then carries the order out."""

from __future__ import annotations

from game.model import commands as cmd
from game.model.resolution import refuse
from systems.campaign.commands import Detach, Muster, Recruit, Replenish
from systems.campaign.forces import Army, Brigade, Division, Garrison, General, Service
from systems.campaign.marching import mine
from systems.campaign.state import War
from systems.for_glory.deployment import experience_roll, formation_reach


def ladder(w: War) -> list[str]:
    """The ruleset's qualities, worst first (FG-UNIT-21..25: by their modifier)."""
    q = w.theatre.rules.qualities
    return sorted(q, key=lambda code: q[code].modifier)


def price(w: War, category: str) -> int:
    """CAMP-DEC-5: a brigade's price: its FG-ARMY-3 points (AMB-16) times the gold a point."""
    return w.theatre.rules.categories[category].points * w.numbers.gold_per_point


def replenish_price(w: War, b: Brigade) -> int:
    return b.hits * w.numbers.replenish_per_hit * w.theatre.rules.categories[b.category].points


def _city(w: War, side: str, loc: str, rule: str) -> None:
    """A city the side holds with no enemy army in it and no siege about it."""
    place = w.places.get(loc)
    if place is None:
        raise refuse(rule, "reason_ow_no_location", location=loc)
    if place.type != "city":
        raise refuse("OW-LOC-5", "reason_ow_cities_only", location=place.name)
    if w.control[loc] != side or w.enemies_at(loc, side):
        raise refuse(rule, "reason_ow_not_your_city", location=place.name)


def room(w: War, d: Division) -> bool:
    """FG-DEP-9: one more brigade still stands within its officer's reach."""
    rules = w.theatre.rules
    return formation_reach(rules, len(d.brigades) + 1) <= rules.length(rules.core.command.division_radius)


def check_recruit(w: War, side: str, r: Recruit) -> int:
    """CAMP-DEC-5: the price; a city raises one brigade a turn, of a kind it raises."""
    _city(w, side, r.location, "CAMP-DEC-5")
    place = w.places[r.location]
    if r.category not in place.raises:
        raise refuse("CAMP-DEC-5", "reason_camp_not_raised", location=place.name, category=r.category)
    if w.raised.get(r.location):
        raise refuse("CAMP-DEC-5", "reason_camp_raised_already", location=place.name)
    if r.army:
        a = mine(w, side, r.army, "CAMP-DEC-5")
        if a.location != r.location:
            raise refuse("CAMP-DEC-5", "reason_camp_not_there", army=a.name, location=place.name)
    cost = price(w, r.category)
    if cost > w.purses[side].gold:
        raise refuse("CAMP-DEC-5", "reason_camp_gold", price=cost, gold=w.purses[side].gold)
    return cost


def check_replenish(w: War, side: str, r: Replenish) -> int:
    """CAMP-DEC-18: the price of a brigade's hits made good, where a city raises its kind."""
    found = w.brigade(r.unit)
    if found is None or found[1].side != side:
        raise refuse("CAMP-DEC-18", "reason_camp_no_brigade", unit=r.unit)
    b, holder = found
    _city(w, side, holder.location, "CAMP-DEC-18")
    place = w.places[holder.location]
    if b.category not in place.raises:
        raise refuse("CAMP-DEC-18", "reason_camp_not_raised", location=place.name, category=b.category)
    if b.hits == 0:
        raise refuse("CAMP-DEC-18", "reason_camp_no_hits", unit=r.unit)
    cost = replenish_price(w, b)
    if cost > w.purses[side].gold:
        raise refuse("CAMP-DEC-18", "reason_camp_gold", price=cost, gold=w.purses[side].gold)
    return cost


def check_detach(w: War, side: str, c: Detach) -> Army:
    """CAMP-DEC-6: a brigade stays to hold the place its army stands in, a place its side holds."""
    a = mine(w, side, c.army, "CAMP-DEC-6")
    if a.division_of(c.unit) is None:
        raise refuse("CAMP-DEC-6", "reason_camp_not_in_army", unit=c.unit, army=a.name)
    if w.control[a.location] != side or w.enemies_at(a.location, side):
        raise refuse("CAMP-DEC-6", "reason_camp_not_held", location=w.places[a.location].name)
    return a


def check_muster(w: War, side: str, c: Muster) -> Army:
    a = mine(w, side, c.army, "CAMP-DEC-6")
    g = w.garrison_at(a.location)
    if g is None or g.side != side or not any(b.id == c.unit for b in g.brigades):
        raise refuse(
            "CAMP-DEC-6", "reason_camp_not_in_garrison", unit=c.unit, location=w.places[a.location].name
        )
    return a


def check_order(w: War, side: str, c: cmd.Command) -> None:
    """Any order of the administration phase, checked (the decision's `accept`)."""
    if isinstance(c, Recruit):
        check_recruit(w, side, c)
    elif isinstance(c, Replenish):
        check_replenish(w, side, c)
    elif isinstance(c, Detach):
        check_detach(w, side, c)
    elif isinstance(c, Muster):
        check_muster(w, side, c)


def join(w: War, a: Army, b: Brigade) -> None:
    """A brigade joins the army's smallest division with room for it (FG-DEP-9), else a new division
    under a new general whose experience is rolled (FG-PREP-3)."""
    open_ = [d for d in a.divisions if room(w, d)]
    if open_:
        min(open_, key=lambda d: len(d.brigades)).brigades.append(b)
        return
    ident = w.new_id()
    general = w.appoint(
        General(ident, "", experience(w, ident, None), record=[Service(w.turn, "raised", a.location)])
    )
    a.divisions.append(Division(ident, "", general, [b]))


def experience(w: War, officer: str, given: int | None) -> int:
    """An officer's experience for the campaign: the file's, else rolled once (FG-PREP-3)."""
    if given is not None:
        return given
    die = w.dice.d6()
    w.emit(experience_roll(die, officer))
    return die


def garrison(w: War, side: str, loc: str) -> Garrison:
    g = next((g for g in w.garrisons if g.location == loc and g.side == side), None)
    if g is None:
        g = Garrison(side, loc)
        w.garrisons.append(g)
    return g


def take(a: Army, unit: str) -> Brigade:
    """A brigade leaves its army; a division left empty goes with it (its general to the staff)."""
    d = a.division_of(unit)
    assert d is not None
    b = next(x for x in d.brigades if x.id == unit)
    d.brigades.remove(b)
    if not d.brigades:
        a.divisions.remove(d)
    return b


def apply_order(w: War, side: str, c: cmd.Command) -> None:
    """Carry out a checked order, with its event."""
    if isinstance(c, Recruit):
        _recruit(w, side, c)
    elif isinstance(c, Replenish):
        _replenish(w, side, c)
    elif isinstance(c, Detach):
        a = check_detach(w, side, c)
        b = take(a, c.unit)
        garrison(w, side, a.location).brigades.append(b)
        b.record.append(Service(w.turn, "garrison", a.location, value="detached"))
        where = w.places[a.location].name
        w.note(
            "CAMP-DEC-6", "camp_detached", f"{b.id} garrisons {where}", b.id, army=a.id, location=a.location
        )
        if not a.divisions:
            w.armies.remove(a)
    elif isinstance(c, Muster):
        a = check_muster(w, side, c)
        g = garrison(w, side, a.location)
        b = next(x for x in g.brigades if x.id == c.unit)
        g.brigades.remove(b)
        join(w, a, b)
        b.record.append(Service(w.turn, "garrison", a.location, value="mustered"))
        w.note("CAMP-DEC-6", "camp_mustered", f"{a.name} musters {b.id} from the garrison", b.id, army=a.id)


def _recruit(w: War, side: str, c: Recruit) -> None:
    cost = check_recruit(w, side, c)
    quality = w.places[c.location].levy
    b = w.enrol(Brigade(w.new_id(), c.category, quality, record=[Service(w.turn, "raised", c.location)]))
    w.purses[side].gold -= cost
    w.raised[c.location] = 1
    a = w.find_army(c.army) if c.army else None
    if a is not None:
        join(w, a, b)
    else:
        garrison(w, side, c.location).brigades.append(b)
    where = w.places[c.location].name
    text = f"{w.name(side)} raise a {c.category} brigade ({quality}) in {where} for {cost} gold"
    w.note("CAMP-DEC-5", "camp_recruit", text, b.id, side=side, location=c.location, price=cost)


def _replenish(w: War, side: str, c: Replenish) -> None:
    """CAMP-DEC-18: the hits made good; the new men lower the brigade a step of quality (never below the
    city's levy) and it counts its victories anew."""
    cost = check_replenish(w, side, c)
    found = w.brigade(c.unit)
    assert found is not None
    b, holder = found
    w.purses[side].gold -= cost
    steps = ladder(w)
    was = b.quality
    if steps.index(b.quality) > steps.index(w.places[holder.location].levy):
        b.quality = steps[steps.index(b.quality) - 1]
    b.record.append(Service(w.turn, "replenished", holder.location, hits=b.hits, value=b.quality))
    if b.quality != was:
        b.record.append(Service(w.turn, "quality", holder.location, value=b.quality, why="replacements"))
    b.hits, b.victories = 0, 0
    text = f"{b.id} is made up to strength for {cost} gold, its quality {was} to {b.quality}"
    say = "camp_replenished" if b.quality != was else "camp_replenished_kept"
    w.note("CAMP-DEC-18", say, text, b.id, price=cost, quality=b.quality, was=was)
