"""FG-PREP-3, FG-DEP, FG-REINF: officers' experience, deployment dice and order, where a division
may deploy or enter as a reinforcement, and the estado mayor's placement (AMB-38..42, AMB-44)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer, Side
from game.model.events import Roll
from game.model.geometry import (
    EPS,
    BBox,
    Point,
    convex_distance,
    convex_overlap,
    heading,
    point_polygon_distance,
    rect_corners,
)
from game.model.resolution import Reject, refuse
from game.model.ruleset import Bases, Ruleset
from game.model.words import Term
from systems.for_glory.entry_search import INWARD, search_entry
from systems.for_glory.measure import gap, within
from systems.for_glory.officers import officer_clear

EDGE_ROLLS = {1: "right", 2: "right", 3: "own", 4: "own", 5: "left", 6: "left"}  # FG-REINF-3


@dataclass(frozen=True)
class Entry:
    """Where a division deploys: in its own half (initial deployment) or along a table edge
    (a reinforcement), as a side of the table: south, north, east or west."""

    edge: str | None = None  # None: initial deployment


def roll_experience(b: Battle, officer: int) -> None:
    """FG-PREP-3: 1D6 for each officer (the estado mayor too, AMB-17)."""
    off = esper.component_for_entity(officer, Officer)
    die = b.dice.d6()
    off.experience = die
    b.emit(experience_roll(die, b.name(officer)))


def experience_roll(die: int, officer: str) -> Roll:
    """FG-PREP-3's roll of an officer's experience as the log tells it, in a battle or a campaign."""
    return Roll(
        check="experience",
        die=die,
        modifiers=(),
        total=die,
        outcome=str(die),
        officer=officer,
        rule="FG-PREP-3",
    )


def roll_deployment(b: Battle, officer: int) -> int:
    """FG-DEP-3/4: 4+ deploys on the table; otherwise the die is the round the division arrives."""
    die = b.dice.d6()
    outcome = "deployed" if die >= b.rules.game.deployment.on_table_from else f"arrives in round {die}"
    b.emit(
        Roll(
            check="deployment",
            die=die,
            modifiers=(),
            total=die,
            outcome=outcome,
            officer=b.name(officer),
            rule="FG-DEP-4",
        )
    )
    return die


@dataclass(frozen=True)
class Arrivals:
    """A reinforcement's deploy decision: the edge each waiting division enters by (FG-REINF-3)."""

    edges: tuple[tuple[str, str], ...]  # (division, edge)

    def edge(self, division: str) -> str:
        return dict(self.edges)[division]


@dataclass(frozen=True)
class Deploying:
    """An initial deployment's deploy decision: who is asked after it, in order (FG-DEP-5), each a side
    and the divisions of its tied group it picks from (those still off the table then): what a computer
    player needs to see that its placement leaves room for every division still to deploy."""

    later: tuple[tuple[str, tuple[str, ...]], ...]


def roll_edge(b: Battle, officer: int, own: str) -> str:
    """FG-REINF-3 (AMB-44): one roll per entering division, read from its player's side of the table."""
    die = b.dice.d6()
    flank = EDGE_ROLLS[die]
    edge = side_edge(own, flank)
    b.emit(
        Roll(
            check="edge",
            die=die,
            modifiers=(),
            total=die,
            outcome=f"{flank} ({edge})",
            officer=b.name(officer),
            rule="FG-REINF-3",
        )
    )
    return edge


def side_edge(own: str, flank: str) -> str:
    """AMB-38: the south player faces north, so his right is the east edge; the north player's is west."""
    if flank == "own":
        return own
    right = "east" if own == "south" else "west"
    left = "west" if own == "south" else "east"
    return right if flank == "right" else left


def edge_distance(b: Battle, p: Point, edge: str, radius: float = 0.0) -> float:
    d = {"south": p[1], "north": b.table.depth - p[1], "west": p[0], "east": b.table.width - p[0]}[edge]
    return max(0.0, d - radius)


def in_enemy_half(b: Battle, p: Point, radius: float, own: str) -> bool:
    """AMB-38: any part of the officer's base beyond the centre line."""
    mid = b.table.depth / 2
    return p[1] + radius > mid + EPS if own == "south" else p[1] - radius < mid - EPS


def check_deploy(b: Battle, c: cmd.Deploy, own_edge: str, entry: Entry) -> None:
    """FG-DEP-6..10 and FG-REINF-4..7: the officer first, then all his units at L or less from him
    and none at less than XL from an enemy unit (AMB-40); every base wholly on the table, on passable
    ground, clear of every other base."""
    officer = b.ids.get(c.division)
    if officer is None or esper.try_component(officer, Officer) is None:
        raise refuse("FG-DEP-6", "reason_no_division_officer", officer=c.division)
    off = esper.component_for_entity(officer, Officer)
    r = off.radius
    if not b.table.holds_point(c.officer_at, r):
        raise refuse("FG-DEP-7", "reason_deploy_officer_off_table")
    if b.table.movement_at(c.officer_at) == "impassable":
        raise refuse("FG-TERR-2", "reason_deploy_officer_impassable")
    if not officer_clear(b, officer, c.officer_at):
        raise refuse("FG-DEP-7", "reason_deploy_officer_on_base")
    if entry.edge is None:
        if in_enemy_half(b, c.officer_at, r, own_edge):
            raise refuse("FG-DEP-8", "reason_deploy_enemy_half")
    elif not within(edge_distance(b, c.officer_at, entry.edge, r), b.rules.length("XL")):
        raise refuse("FG-REINF-5", "reason_enter_edge", edge=Term(entry.edge, f"log_edge_{entry.edge}"))
    listed = [u[0] for u in c.units]
    if sorted(listed) != sorted(off.assigned) or len(set(listed)) != len(listed):
        raise refuse("FG-DEP-6", "reason_deploy_every_unit", units=off.assigned)
    fp = b.rules.core.bases
    radius = b.rules.length(b.rules.core.command.division_radius)
    side = esper.component_for_entity(officer, Side).side
    xl = b.rules.length("XL")
    placed: list[tuple[Point, ...]] = []
    for name, x, y, facing in c.units:
        corners = rect_corners(x, y, facing, fp.unit_width, fp.unit_depth)
        rule_l = "FG-DEP-9" if entry.edge is None else "FG-REINF-6"
        rule_xl = "FG-DEP-10" if entry.edge is None else "FG-REINF-7"
        if not b.table.holds(corners):
            raise refuse("AMB-40", "reason_deploy_off_table", unit=name)
        if b.table.impassable_under(corners, (x, y)):
            raise refuse("FG-TERR-2", "reason_deploy_impassable", unit=name)
        if b.physics.overlapping(fp.unit_width, fp.unit_depth, x, y, facing) or any(
            convex_overlap(corners, p) for p in placed
        ):
            raise refuse("FG-DEP-6", "reason_deploy_overlap", unit=name)
        dist_officer = max(0.0, point_polygon_distance(c.officer_at, corners) - r)
        if not within(dist_officer, radius):
            raise refuse(rule_l, "reason_deploy_near_officer", unit=name)
        near = b.physics.in_box(BBox.of(corners, pad=xl))  # the spatial index: only bases within reach
        enemies = [b.shape(e) for e in near if b.side_of(e) != side]
        if any(convex_distance(corners, en) < xl - EPS for en in enemies):
            raise refuse(rule_xl, "reason_deploy_near_enemy", unit=name)
        placed.append(corners)


LINES = 2  # the formations lines_at lays out at a spot: in front of the officer, and behind him


def lines_at(
    fp: Bases, division: str, units: Sequence[str], officer: Point, facing: float
) -> list[cmd.Deploy]:
    """A division in line abreast (two ranks past four units) in front of its officer, then behind
    him: the formations the engine tries when it looks for a placement, for the ruleset's bases `fp`.
    Bases stand 0.4" apart side by side and 1" apart rank behind rank, the first rank 0.8" from the
    officer's base."""
    spacing, rank_step = fp.unit_width + 0.4, fp.unit_depth + 1.0
    first = fp.officer_diameter / 2 + fp.unit_depth / 2 + 0.8
    fx, fy = heading(facing)
    lx, ly = -fy, fx
    n = len(units)
    per_rank = 4 if n > 4 else n
    out = []
    for ahead in (first, -first - rank_step * ((n - 1) // 4)):
        rows = []
        for i, u in enumerate(units):
            rank, file = divmod(i, per_rank)
            across = (file - (min(per_rank, n - rank * per_rank) - 1) / 2) * spacing
            depth = ahead + rank * rank_step
            x, y = officer[0] + lx * across + fx * depth, officer[1] + ly * across + fy * depth
            rows.append((u, round(x, 3), round(y, 3), facing))
        out.append(cmd.Deploy(division, officer, tuple(rows)))
    return out


def formation_reach(rules: Ruleset, units: int) -> float:
    """How far from its officer's base the farthest unit of a division of this size stands in the
    engine's line formation: the division radius must reach it for a division to deploy (FG-DEP-9)."""
    return _reach(rules.core.bases, units)


# by the bases' sizes alone: each battle checked, built or generated asks it again (most_in_division
# asks it for every size up to the largest), and laying the formation out was most of that time
@lru_cache(maxsize=4096)
def _reach(fp: Bases, units: int) -> float:
    radius = fp.officer_diameter / 2
    (line, _behind) = lines_at(fp, "", [str(i) for i in range(units)], (0.0, 0.0), 90.0)
    return max(
        max(
            0.0,
            point_polygon_distance((0.0, 0.0), rect_corners(x, y, f, fp.unit_width, fp.unit_depth)) - radius,
        )
        for _u, x, y, f in line.units
    )


def most_in_division(rules: Ruleset) -> int:
    """The most units a division may have and still stand within the division radius of its officer
    in the engine's line formation (FG-DEP-9): a larger one could never deploy."""
    radius = rules.length(rules.core.command.division_radius)
    most = 1
    while formation_reach(rules, most + 1) <= radius:
        most += 1
    return most


def entry_spots(b: Battle, edge: str) -> list[Point]:
    """Officer positions along an entry edge, 2", 4" and 6" in, every 3" along it."""
    w, dp = b.table.width, b.table.depth
    length = w if edge in ("south", "north") else dp
    spots = []
    for d in (2.0, 4.0, 6.0):
        for a in range(4, int(length - 3), 3):
            spots.append({"south": (a, d), "north": (a, dp - d), "west": (d, a), "east": (w - d, a)}[edge])
    return spots


def entry_placement(b: Battle, division: str, edge: str) -> cmd.Deploy | None:
    """FG-REINF-1 (AMB-40): a legal placement of a reinforcement at its entry edge whenever one exists
    on the search's grid: the division in line at each spot of `entry_spots` first, then the complete
    search of `entry_search`. A pure query."""
    officer = b.ids[division]
    units = esper.component_for_entity(officer, Officer).assigned
    own = b.game.edges[b.side_of(officer)] if b.game is not None else "south"
    for spot in entry_spots(b, edge):
        for c in lines_at(b.rules.core.bases, division, units, spot, INWARD[edge]):
            try:
                check_deploy(b, c, own, Entry(edge))
            except Reject:
                continue
            return c
    # no line fits: the search complete over the edge's grid (a corner, bases strung along the side)
    return search_entry(b, division, edge, lambda c: check_deploy(b, c, own, Entry(edge)))


def deploy(b: Battle, c: cmd.Deploy) -> None:
    officer = b.ids[c.division]
    b.put_on(officer, *c.officer_at)
    for name, x, y, facing in c.units:
        b.put_on(b.ids[name], x, y, facing)


def check_staff(b: Battle, side: str, at: Point) -> None:
    """FG-DEP-11 (AMB-41): the estado mayor at XL or less from another friendly officer."""
    staff = staff_entity(b, side)
    r = esper.component_for_entity(staff, Officer).radius
    if not b.table.holds_point(at, r):
        raise refuse("FG-DEP-11", "reason_staff_off_table")
    if b.table.movement_at(at) == "impassable":
        raise refuse("FG-TERR-2", "reason_staff_impassable")
    if not officer_clear(b, staff, at):
        raise refuse("FG-DEP-11", "reason_staff_on_base")
    friends = [o for o in b.officers(side) if o != staff]
    with b.supposing(staff, *at):
        near = any(within(gap(b, staff, o), b.rules.length("XL")) for o in friends)
    if not near:
        raise refuse("FG-DEP-11", "reason_staff_near_officer")


def staff_entity(b: Battle, side: str) -> int:
    """A side's estado mayor, on the table or not."""
    for e, (s, off) in esper.get_components(Side, Officer):
        if s.side == side and off.role == "staff":
            return e
    raise refuse("FG-OFF-6", "reason_no_staff", side=side)
