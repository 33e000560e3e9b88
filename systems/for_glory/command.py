"""FG-TERM-6..8, FG-CMD, FG-ACT-2..5: divisions, detachments and the start of a formation's
activation (AMB-5, AMB-33, AMB-46, AMB-47)."""

from __future__ import annotations

import esper

from game.model import commands as cmd
from game.model.battle import Activation, Battle, Formation
from game.model.components import Officer, Status, Unit
from game.model.events import Disorganised, Note
from game.model.resolution import refuse
from systems.for_glory.checks import leadership_check
from systems.for_glory.measure import gap, within


def assess(b: Battle) -> list[Formation]:
    """Group every unit in play into its division (at L or less from its officer) or a detachment:
    units of one division beyond L, linked to each other at XS or less, chains included (AMB-5)."""
    radius = b.rules.length(b.rules.core.command.division_radius)
    link = b.rules.length(b.rules.core.command.detachment_link)
    out: list[Formation] = []
    for officer in b.officers():
        off = esper.component_for_entity(officer, Officer)
        if off.role != "division":
            continue
        side = b.side_of(officer)
        division = Formation(b.name(officer), side, b.name(officer))
        out.append(division)
        away: list[int] = []
        for name in off.assigned:
            u = b.ids[name]
            st = esper.component_for_entity(u, Status)
            if not st.in_play:
                continue
            st.detached = not within(gap(b, u, officer), radius)
            if st.detached:
                away.append(u)
            else:
                division.units.append(name)
        while away:
            group, frontier = [away.pop(0)], 0
            while frontier < len(group):
                here = group[frontier]
                linked = [u for u in away if within(gap(b, here, u), link)]
                for u in linked:
                    away.remove(u)
                group.extend(linked)
                frontier += 1
            names = sorted(b.name(u) for u in group)
            out.append(Formation(f"det:{names[0]}", side, None, names))
    b.formations = out
    return out


def formation_of(b: Battle, unit: str) -> Formation:
    for f in b.formations:
        if unit in f.units:
            return f
    raise refuse("FG-TERM-6", "reason_no_formation", unit=unit)


def activate(b: Battle, c: cmd.Activate) -> None:
    """FG-ACT-2..5: a division's officer takes his leadership check (a failure disorganises the
    division until its next activation); a detachment activates without one, disorganised."""
    if not b.formations_fixed:
        assess(b)
    key = c.formation
    found = next((f for f in b.formations if f.key == key), None)
    if found is None and key in b.ids and esper.has_component(b.ids[key], Unit):
        found = formation_of(b, key)
    if found is None:
        raise refuse("FG-ACT-1", "reason_no_formation_activates", formation=repr(key))
    for name in found.units:
        esper.component_for_entity(b.ids[name], Status).ordered = False
    for e in b.enemy_units(found.side):
        esper.component_for_entity(e, Status).reacted = False
    passed = True
    if found.officer is not None:
        officer = b.ids[found.officer]
        if c.leadership:
            passed = leadership_check(b, officer)
            set_disorganised(b, officer, not passed)
    else:
        b.emit(
            Note(
                rule="FG-ACT-5",
                text="a detachment activates without a leadership check, disorganised",
                details={"units": found.units},
            )
        )
    b.activation = Activation(found, passed)


def set_disorganised(b: Battle, officer: int, value: bool) -> None:
    off = esper.component_for_entity(officer, Officer)
    if off.failed_leadership != value:
        off.failed_leadership = value
        b.emit(Disorganised(officer=b.name(officer), value=value))


def check_leadership(b: Battle, c: cmd.CheckLeadership) -> None:
    """A scripted leadership check: a failure disorganises the division until a later pass."""
    officer = b.ids.get(c.officer)
    if officer is None or esper.try_component(officer, Officer) is None:
        raise refuse("FG-LDR-1", "reason_not_an_officer", unit=c.officer)
    off = esper.component_for_entity(officer, Officer)
    if not off.in_play:
        raise refuse("FG-LDR-1", "reason_not_on_table", unit=c.officer)
    passed = leadership_check(b, officer, rule="FG-LDR-1")
    if off.role == "division":
        set_disorganised(b, officer, not passed)
