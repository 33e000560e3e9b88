"""CAMP-DEC-21: the campaign's calendar: each turn's date, and the dated events that take effect at
the start of their turn (the Dos de Mayo, the British landing ...), each told with what it does."""

from __future__ import annotations

from systems.campaign.forces import Army, Brigade, Division, General, Service
from systems.campaign.orders import experience
from systems.campaign.records import EventSpec, ForceSpec
from systems.campaign.state import War


def date(w: War, turn: int) -> tuple[int, int]:
    """(year, month) a turn begins: the campaign's start and its months a turn."""
    return turn_date(w.theatre.spec.start, w.theatre.spec.months, turn)


def turn_date(start: tuple[int, int], months: int, turn: int) -> tuple[int, int]:
    """(year, month) a turn begins, from the first turn's (year, month) and a turn's months."""
    year, month = start
    at = month - 1 + (turn - 1) * months
    return (year + at // 12, at % 12 + 1)


def raised(w: War, army: str) -> int:
    """The turn an army came into the war: that of the event that brings it (CAMP-DEC-21), else the
    first (an army of the start)."""
    brought = (e.turn for e in w.theatre.spec.events for x in e.effects if x.army and x.army.id == army)
    return next(brought, 1)


def enlist(w: War, spec: ForceSpec, side: str) -> Army:
    """An army of the file (at the start, or by an event) joins the war where it says; an officer
    whose experience the file leaves out rolls it once for the campaign (FG-PREP-3)."""
    where = spec.location

    def general(ident: str, name: str, given: int | None) -> General:
        return w.appoint(
            General(ident, name, experience(w, ident, given), record=[Service(w.turn, "raised", where)])
        )

    divisions = []
    for d in spec.divisions:
        brigades = [
            w.enrol(
                Brigade(
                    u.id, u.category, u.quality, u.name, u.hits, record=[Service(w.turn, "raised", where)]
                )
            )
            for u in d.units
        ]
        divisions.append(Division(d.id, d.name, general(d.id, d.officer, d.experience), brigades))
    chief = general(spec.id, spec.staff.name, spec.staff.experience)
    a = Army(spec.id, side, spec.name, where, chief, divisions, arrived=w.turn)
    w.armies.append(a)
    return a


def happen(w: War, e: EventSpec) -> None:
    """An event's effects, in order, each told (CAMP-DEC-21)."""
    w.note("CAMP-DEC-21", "camp_event", f"{e.name}: {e.text}", event=e.id)
    for x in e.effects:
        if x.kind == "gold":
            w.purses[x.side].gold += x.amount
            w.note("CAMP-DEC-21", "camp_event_gold", f"{w.name(x.side)} gain {x.amount} gold", side=x.side,
                   amount=x.amount)  # fmt: skip
        elif x.kind == "control":
            taken = [loc for loc in x.locations if not w.enemies_at(loc, x.side) and w.control[loc] != x.side]
            for loc in taken:
                w.control[loc] = x.side
                for g in [g for g in w.garrisons if g.location == loc and g.side != x.side]:
                    g.brigades.clear()  # the rising takes the town: its garrison is lost
            text = f"{w.name(x.side)} take {', '.join(w.places[loc].name for loc in taken) or 'nothing'}"
            w.note("CAMP-DEC-21", "camp_event_control", text, side=x.side, locations=taken)
        elif x.kind == "army" and x.army is not None:
            a = enlist(w, x.army, x.side)
            a.moved = True  # it lands, and marches no more this turn
            text = f"{a.name} arrives at {w.places[a.location].name}"
            w.note("CAMP-DEC-21", "camp_event_army", text, side=x.side, army=a.id, location=a.location)
        elif x.kind == "withdraw":
            gone = w.find_army(x.army_id)
            if gone is None or gone.side != x.side:
                continue
            w.armies.remove(gone)
            for b in gone.brigades():
                b.record.append(Service(w.turn, "lost", gone.location, why="withdrawn"))
            w.note(
                "CAMP-DEC-21",
                "camp_event_withdraw",
                f"{gone.name} is called away from the war",
                side=x.side,
                army=gone.id,
            )


def events_of(w: War, turn: int) -> list[EventSpec]:
    return [e for e in w.theatre.spec.events if e.turn == turn]
