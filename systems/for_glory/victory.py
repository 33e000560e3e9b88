"""FG-VIC: objectives, the end of the battle and the score (AMB-34..37)."""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from game.model.battle import Battle
from game.model.components import Officer
from game.model.events import Event, GameOver, ObjectiveTaken
from game.model.geometry import BBox
from game.model.ruleset import Scoring
from systems.for_glory.measure import gap_to_point, within


@dataclass
class Score:
    """One side's points, line by line (FG-VIC-5..10)."""

    units_destroyed: int = 0
    divisions_removed: int = 0
    objectives_held: int = 0
    objectives_taken: int = 0
    officers_killed: int = 0
    staff_killed: int = 0
    lines: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.lines.values())


def update_objectives(b: Battle) -> None:
    """AMB-35: a side controls an objective when one of its units is at XS or less and no enemy unit
    is; control stays until the other side takes it."""
    g = b.game
    assert g is not None
    xs = b.rules.length("XS")
    for obj in g.objectives:
        around = BBox(obj.at[0] - xs, obj.at[1] - xs, obj.at[0] + xs, obj.at[1] + xs)  # units in play only
        near = {b.side_of(u) for u in b.physics.in_box(around) if within(gap_to_point(b, u, obj.at), xs)}
        if len(near) == 1:
            (side,) = near
            if obj.holder != side:
                obj.holder = side
                obj.ever.add(side)
                b.emit(ObjectiveTaken(objective=obj.id, side=side))


def points_of(b: Battle) -> Scoring:
    """What each line of the score is worth (FG-VIC-5..10): the scenario's own points, else the ruleset's."""
    g = b.game
    return g.scoring if g is not None and g.scoring is not None else b.rules.scoring


def end_reason(b: Battle) -> tuple[str, str] | None:
    """FG-VIC-2..4 (AMB-34: two divisions removed in all, either side): (reason, rule) or None."""
    g = b.game
    assert g is not None
    removed = sum(1 for e in b.events if e.kind == "division_removed")
    if removed >= g.divisions_to_end:  # the rulebook's two unless the scenario says
        count = "two" if g.divisions_to_end == 2 else str(g.divisions_to_end)
        return (f"{count} divisions removed", "FG-VIC-2")
    for e, off in esper.get_component(Officer):
        if off.role == "staff" and off.dead:
            return (f"the estado mayor of {b.side_of(e)} is lost", "FG-VIC-3")
    held = g.objectives and len({o.holder for o in g.objectives}) == 1 and g.objectives[0].holder is not None
    if g.objectives_end and held:
        return (f"every objective is held by {g.objectives[0].holder}", "FG-VIC-4")
    return None


def score(b: Battle, events: list[Event] | None = None) -> dict[str, Score]:
    """AMB-36, from the events: 1 per enemy unit destroyed, +2 per enemy division removed, 1 per
    objective held at the end, +4 more for each of those the enemy once held, 2 per enemy division
    general killed, 4 for the enemy estado mayor."""
    g = b.game
    assert g is not None
    evs = b.events if events is None else events
    out = {s: Score() for s in g.sides}

    def enemy_of(side: str) -> str:
        return next(s for s in g.sides if s != side)

    for e in evs:
        if e.kind == "destroyed":
            out[enemy_of(b.side_of(b.ids[e.unit]))].units_destroyed += 1  # type: ignore[attr-defined]
        elif e.kind == "division_removed":
            out[enemy_of(e.side)].divisions_removed += 1  # type: ignore[attr-defined]
        elif e.kind == "officer_killed":
            officer = b.ids[e.officer]  # type: ignore[attr-defined]
            who = out[enemy_of(b.side_of(officer))]
            if esper.component_for_entity(officer, Officer).role == "staff":
                who.staff_killed += 1
            else:
                who.officers_killed += 1
    for obj in g.objectives:
        if obj.holder is not None:
            out[obj.holder].objectives_held += 1
            if enemy_of(obj.holder) in obj.ever:
                out[obj.holder].objectives_taken += 1
    rules = points_of(b)
    for s in out.values():
        s.lines = {
            "FG-VIC-5": s.units_destroyed * rules.unit_destroyed,
            "FG-VIC-6": s.divisions_removed * rules.division_removed,
            "FG-VIC-7": s.objectives_held * rules.objective_held,
            "FG-VIC-8": s.objectives_taken * rules.objective_taken,
            "FG-VIC-9": s.officers_killed * rules.officer_killed,
            "FG-VIC-10": s.staff_killed * rules.staff_killed,
        }
    return out


def finish(b: Battle, reason: str, rule: str) -> None:
    """End the battle now: the higher score wins, equal scores draw (AMB-36)."""
    g = b.game
    assert g is not None
    if g.over:
        return
    totals = {s: v.total for s, v in score(b).items()}
    a, c = g.sides
    g.winner = a if totals[a] > totals[c] else c if totals[c] > totals[a] else None
    g.over, g.end_reason, g.phase = True, reason, "over"
    b.emit(GameOver(winner=g.winner, reason=reason, rule=rule, score=totals))


def check_end(b: Battle) -> bool:
    if b.game is None:
        return False
    if not b.game.over:
        update_objectives(b)
        found = end_reason(b)
        if found is not None:
            finish(b, *found)
    return b.game.over
