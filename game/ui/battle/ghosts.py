"""The ghosts a human's move leaves on the table before it is sent: where a base or an officer would
go and what the rules say of it (the way it moves, the allowance used and left, where it stops, whose
reaction areas it enters; or why it may not), asked of the same functions the orders use."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

import esper

from game.content.locale import Texts
from game.model.battle import Battle
from game.model.components import Footprint, Pose
from game.model.geometry import Point, dist
from game.model.grammar import listed
from game.model.resolution import Reject
from game.model.words import inches, slug
from systems.for_glory.officers import check_officer_move
from systems.for_glory.paths import examined, farthest_move, move_rules
from systems.for_glory.reaction import reactors_along

# the refusals of a move longer than the unit's allowance: a move cut short by them has spent it
ALLOWANCE_SPENT = ("reason_move_over", "reason_move_costs_over", "reason_move_too_far")


@dataclass
class Ghost:
    """Where a base or officer would go: drawn green when legal, red with the reason when not."""

    unit: str
    at: Point
    facing: float
    ok: bool
    lines: list[str] = field(default_factory=list)
    officer: bool = False
    wanted: Point | None = None  # where the drag asked it to go, when that was too far: it stopped short


def move_ghost(b: Battle, t: Texts, name: str, p: Point, facing: float | None, extra: bool = False) -> Ghost:
    """A unit's move towards `p` (turned to `facing`, else as it stands): the cavalry's extra move
    (FG-CHG-4) when `extra`."""
    e = b.ids[name]
    pose = esper.component_for_entity(e, Pose)
    facing = facing if facing is not None else pose.facing
    half = min(esper.component_for_entity(e, Footprint).depth, b.rules.core.bases.unit_width) / 2
    # the ghost's centre stays on the table: dragged past an edge, it waits at the edge
    p = (min(max(p[0], half), b.table.width - half), min(max(p[1], half), b.table.depth - half))
    allowance = b.rules.length(b.rules.core.movement.cavalry_extra_move) if extra else None
    try:  # dragged too far, it stops at the longest legal move along the drag
        plan, cut = farthest_move(b, e, p, facing, allowance=allowance)
    except Reject as r:
        return Ghost(name, p, facing, False, [f"{r.said(t)} ({r.rule})"])
    spent = plan.length if plan.cost is None else plan.cost  # a module may weigh ground and turns
    length = inches(plan.length, t)
    used = (
        t("ghost_used", length=length)
        if plan.cost is None
        else t("ghost_used_cost", length=length, cost=inches(plan.cost, t))
    )
    how = t(key) if t.has(key := f"ghost_how_{slug(plan.how)}") else plan.how
    left = inches(plan.allowance - spent, t)
    lines = [t("ghost_move", how=how, used=used, allowance=inches(plan.allowance, t), left=left)]
    flying = plan.length > 0 and b.stack.hook("flies")(b, e)  # a flight crosses no ground (WM-23)
    if flying or plan.cost is not None:  # what the module in play priced: the ground crossed, a turn, a line
        rules = move_rules(b, e, plan.path[0], plan.path[-1], plan.facing, plan.road) or ()
        if flying:
            lines.append(t("ghost_flies", rules=", ".join(rules)))
        else:  # the ground crossed, then what else the module priced in words of its own (dias-terrain)
            priced = [t(k) for rule in rules if t.has(k := f"ghost_priced_{slug(rule)}")]
            said = [w for w in (ground_crossed(b, t, e, plan.path[0], plan.path[-1]), *priced) if w]
            lines.append(
                t("ghost_ground", ground=", ".join(said) or t("ghost_ground_clear"), rules=", ".join(rules))
            )
    if plan.stopped:
        lines.append(t("ghost_stops", rule=plan.stopped))
    if cut is not None:  # how far it may go, and why not as far as the mouse
        why = t("ghost_allowance_spent") if cut.key in ALLOWANCE_SPENT else cut.said(t)
        lines.append(t("ghost_farthest", why=f"{why} ({cut.rule})"))
    if plan.length > 0:  # FG-REACT-1: the enemy units whose reaction areas this path enters
        enters = [t.names(b.name(r)) for r in reactors_along(b, e, plan.path[0], plan.path[-1], pose.facing)]
        if enters:  # by their names, never their ids
            lines.append(t("ghost_reactors", units=listed(enters, t("log_list_last"))))
    return Ghost(name, plan.path[-1], plan.facing, True, lines, wanted=p if cut is not None else None)


def ground_crossed(b: Battle, t: Texts, e: int, start: Point, end: Point) -> str:
    """Each kind of difficult ground a move crosses and how far it goes in it, in the order crossed,
    as "wood 1.2\"" (what the whole move costs is the line above)."""
    pts = examined(b, start, end)
    found: dict[str, float] = {}
    for a, c in itertools.pairwise(pts):
        area = b.table.difficult_area_at(((a[0] + c[0]) / 2, (a[1] + c[1]) / 2))
        if area is not None:
            kind = t(key) if t.has(key := f"log_ground_{slug(area.kind.name)}") else area.kind.name.lower()
            found[kind] = found.get(kind, 0.0) + dist(a, c)
    return ", ".join(t("ghost_ground_stretch", ground=k, length=inches(v, t)) for k, v in found.items())


def officer_ghost(b: Battle, t: Texts, name: str, p: Point) -> Ghost:
    """An officer's move to `p`: how far it is and his allowance, or why he may not go there."""
    ok, why = tried(lambda: check_officer_move(b, b.ids[name], p), t)
    here = b.pose(b.ids[name])
    far = inches(dist((here.x, here.y), p), t)
    allowance = inches(b.rules.length(b.rules.officer.move), t)
    lines = [t("ghost_officer", distance=far, allowance=allowance)]
    return Ghost(name, p, 0.0, ok, [why] if why else lines, officer=True)


def tried(check: Callable[[], object], t: Texts) -> tuple[bool, str]:
    """Whether a rule's check passes, and if not its refusal in the player's words with its rule."""
    try:
        check()
    except Reject as r:
        return False, f"{r.said(t)} ({r.rule})"
    return True, ""
