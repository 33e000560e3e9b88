"""Clash of Spears' fatigue on For Glory bases (CS-9, CS-10, CS-15..17): the numbers of the module
`clash-command`, each unit's fatigue and action markers, what an action costs, what fatigue takes
from a unit's rolls, and the wounds and removal it brings. Decisions: docs/clash-decisions.md."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Officer, Unit
from game.model.dice import FACES
from game.model.events import ModLine, Note, Roll
from game.model.limits import Bounds
from game.model.modules import unit_order_names, unknown_names
from game.model.ruleset import Distance, Ruleset
from systems.for_glory.hits import add_hits, destroy
from systems.for_glory.measure import gap, within

ID = "clash-command"
GroundClass = Literal["open", "rough", "difficult"]
Target = Annotated[int, Bounds(1, FACES)]  # a d6 at or above it succeeds
Gains = Annotated[list[Annotated[int, Bounds(0, 10)]], Bounds(1, 10)]  # by action markers 1, 2, 3
Penalties = Annotated[list[Annotated[int, Bounds(-6, 0)]], Bounds(1, 20)]  # by fatigue 0, 1, 2 ...


@dataclass(frozen=True)
class FatigueRow:
    """One row of the fatigue table (CS-9): the points an action adds on each ground, by the markers
    the unit has after it; the row holds for a Save of `save_from` or worse (a higher number)."""

    save_from: Target
    open: Gains
    rough: Gains
    difficult: Gains

    def gain(self, ground: GroundClass, markers: int) -> int:
        column: list[int] = getattr(self, ground)
        return column[min(max(markers, 1), len(column)) - 1]


@dataclass(frozen=True)
class Penalty:
    """CS-15: what the fatigue a unit holds (the list's index) takes from its rolls."""

    combat: Penalties  # Combat and Shooting: For Glory's fire and melee dice
    courage: Penalties  # Courage: For Glory's morale checks, Clash's activation and reaction checks
    save: Penalties  # Save (clash-melee's saving rolls)

    @staticmethod
    def at(values: list[int], fatigue: int) -> int:
        return values[min(fatigue, len(values) - 1)]


@dataclass(frozen=True)
class CommandNumbers:
    """content/modules/clash-command/command.toml"""

    command_distance: Distance
    max_actions: Annotated[int, Bounds(1, 10)]
    cost_within: Annotated[int, Bounds(0, 20)]
    cost_beyond: Annotated[int, Bounds(0, 20)]
    reaction_cost: Annotated[int, Bounds(0, 20)]
    support_cost: Annotated[int, Bounds(0, 20)]
    rally_points: Annotated[int, Bounds(0, 10)]
    activation_dice: Annotated[int, Bounds(1, 10)]
    reaction_dice: Annotated[int, Bounds(1, 10)]
    fatigue_cap: Annotated[int, Bounds(1, 50)]
    wounds_per_point_above: Annotated[int, Bounds(0, 10)]
    removal_factor: Annotated[int, Bounds(1, 10)]
    fatigue_worth: Annotated[float, Bounds(0, 3)]  # a fatigue point, to a computer general (in hits)
    points: Annotated[dict[str, Annotated[int, Bounds(0, 50)]], Bounds(1, 10)]  # by officer role
    courage: Annotated[dict[str, Target], Bounds(0, 100)]  # by quality
    courage_default: Target
    save: Annotated[dict[str, Target], Bounds(0, 100)]  # by category
    save_default: Target
    action_fatigue: Annotated[dict[str, Annotated[int, Bounds(0, 10)]], Bounds(0, 100)]  # by order
    prepare: Annotated[list[str], Bounds(0, 100)]  # orders that never gain fatigue (CS-10 Prepare)
    fatigue: Annotated[list[FatigueRow], Bounds(1, 10)]
    penalty: Penalty
    ground: Annotated[dict[str, GroundClass], Bounds(0, 100)] = field(default_factory=dict)


@dataclass(slots=True)
class Fatigue:
    """A unit's Clash of Spears state: fatigue points, action markers this round, paralysis (CS-14)."""

    points: int = 0
    markers: int = 0
    paralysed: bool = False


def numbers(b: Battle) -> CommandNumbers:
    n: CommandNumbers = b.stack.numbers(ID, "command")
    return n


def fatigue(b: Battle, e: int) -> Fatigue:
    f: Fatigue = esper.component_for_entity(e, Fatigue)
    return f


def courage(b: Battle, e: int, with_fatigue: bool = True) -> int:
    """The d6 result a unit's courage dice need: its quality's, raised by its fatigue (CS-15)."""
    n = numbers(b)
    base = n.courage.get(esper.component_for_entity(e, Unit).quality.code, n.courage_default)
    if not with_fatigue:
        return base
    return min(FACES, base - Penalty.at(n.penalty.courage, fatigue(b, e).points))


def save(b: Battle, e: int) -> int:
    n = numbers(b)
    return n.save.get(esper.component_for_entity(e, Unit).category.code, n.save_default)


def ground_class(b: Battle, e: int) -> GroundClass:
    """CS-9's column: the worst ground under the unit's centre (CS-DEC-5): a kind the numbers name,
    else For Glory's difficult ground is rough and the rest open."""
    pose = b.pose(e)
    here = (pose.x, pose.y)
    n = numbers(b)
    worst: GroundClass = "open"
    rank = {"open": 0, "rough": 1, "difficult": 2}
    for f in b.table.features:
        if f.kind.road or not f.contains(here):
            continue
        found = n.ground.get(f.kind.kind, "rough" if f.kind.movement != "passable" else "open")
        if rank[found] > rank[worst]:
            worst = found
    return worst


def table_gain(b: Battle, e: int, markers: int) -> int:
    """CS-9: the row of the unit's Save, the column of its ground and its markers."""
    s = save(b, e)
    rows = sorted(numbers(b).fatigue, key=lambda r: -r.save_from)
    row = next((r for r in rows if s >= r.save_from), rows[-1])
    return row.gain(ground_class(b, e), markers)


def commanders(b: Battle, e: int) -> list[int]:
    """CS-3, CS-8: the unit's division officer and its side's estado mayor, those in play within
    Command Distance of it (CS-DEC-1)."""
    reach = b.rules.length(numbers(b).command_distance)
    side = b.side_of(e)
    own = b.officer_of(e)
    out = []
    for o in b.officers(side):
        off = esper.component_for_entity(o, Officer)
        if (o == own or off.role == "staff") and within(gap(b, e, o), reach):
            out.append(o)
    return out


def roll_successes(
    b: Battle, e: int, check: str, dice_count: int, target: int, rule: str, how: str, need: int | None = None
) -> int:
    """Dice against a target (CS-4, CS-6, CS-7): each die at or above it is a success; `need`: the
    successes that pass, when it is a check."""
    dice = tuple(b.dice.d6() for _ in range(dice_count))
    hits = sum(1 for d in dice if d >= target)
    verdict = "" if need is None else (": passes" if hits >= need else ": fails")
    b.emit(
        Roll(
            check=check,
            unit=b.name(e),
            die=hits,
            dice=dice if len(dice) > 1 else None,
            read="successes",
            modifiers=(),
            total=hits,
            outcome=f"{hits} at {target}+ ({how}){verdict}",
            rule=rule,
        )
    )
    return hits


def add_fatigue(
    b: Battle, e: int, gained: int, rule: str, why: str, words: Mapping[str, object] | None = None
) -> None:
    """Fatigue gained, then CS-16 (above the cap: two wounds per point, no save) and CS-17 (removal).
    `words`: why, as the battle log's texts take it (`say`: which text, and its values)."""
    if gained <= 0 or not b.in_play(e):
        return
    n = numbers(b)
    f = fatigue(b, e)
    f.points += gained
    above = max(0, f.points - n.fatigue_cap)
    f.points -= above
    b.emit(
        Note(
            rule=rule,
            text=f"gains {gained} fatigue ({why}): {f.points}",
            unit=b.name(e),
            details={"fatigue": f.points, "gained": gained, "markers": f.markers, **(words or {})},
        )
    )
    if above:
        text = f"{above} fatigue above {n.fatigue_cap}: wounds"
        b.emit(Note(rule="CS-16", text=text, unit=b.name(e), details={"above": above, "cap": n.fatigue_cap}))
        add_hits(b, e, above * n.wounds_per_point_above, None, "CS-16")
    check_removal(b, e)


def models(b: Battle, e: int) -> int:
    """CS-DEC-7: a base's models are the hits it can still take."""
    return b.rules.core.hits.destroyed_at - esper.component_for_entity(e, Hits).count


def check_removal(b: Battle, e: int) -> None:
    """CS-17: a unit whose fatigue is more than twice its models leaves the table."""
    if b.in_play(e) and fatigue(b, e).points > numbers(b).removal_factor * models(b, e):
        b.emit(Note(rule="CS-17", text="is spent: fatigue above twice its strength", unit=b.name(e)))
        destroy(b, e, "CS-17", None)


def action_name(b: Battle, command: cmd.Command) -> str:
    """The order's name, as `action_fatigue` and `prepare` name it: a move with its follow-up shot
    counts as a shot (CS-DEC-10)."""
    if isinstance(command, cmd.Move) and command.fire is not None:
        return "fire"
    return b.stack.orders[type(command)].name


def after_action(b: Battle, command: cmd.Command) -> None:
    """CS-3, CS-9, CS-10: an action adds an action marker, and fatigue: the action's own modifier plus
    the fatigue table's, unless it is a Prepare action."""
    name = getattr(command, "unit", None)
    e = b.ids.get(name) if isinstance(name, str) else None
    if e is None or not esper.has_component(e, Fatigue) or not b.in_play(e):
        return
    n = numbers(b)
    f = fatigue(b, e)
    f.markers = min(f.markers + 1, n.max_actions)
    order = action_name(b, command)
    if order in n.prepare:
        text = f"{order}: a Prepare action gains no fatigue"
        b.emit(Note(rule="CS-10", text=text, unit=name, details={"order": order}))
        return
    own = n.action_fatigue.get(order, 0)
    table = table_gain(b, e, f.markers)
    ground = ground_class(b, e)
    where = f"save {save(b, e)}+, {ground} ground, {f.markers} marker{'s' * (f.markers > 1)}"
    words = {"say": "cs_fatigue_action", "order": order, "own": own, "table": table, "save": save(b, e)}
    words["ground"] = ground
    add_fatigue(b, e, own + table, "CS-9", f"{order} +{own}, table +{table}: {where}", words)


def penalty_line(b: Battle, e: int, kind: str) -> Iterable[ModLine]:
    """CS-15 as a For Glory modifier line of the unit's roll."""
    if not esper.has_component(e, Fatigue):
        return []
    points = fatigue(b, e).points
    value = Penalty.at(getattr(numbers(b).penalty, kind), points)
    return [ModLine("CS-15", f"fatigue {points}", value)] if value else []


def fire_penalty(b: Battle, shooter: int, target: int | None, **_: Any) -> Iterable[ModLine]:
    return penalty_line(b, shooter, "combat") if b.is_unit(shooter) else []


def melee_penalty(b: Battle, e: int, other: int | None, **_: Any) -> Iterable[ModLine]:
    return penalty_line(b, e, "combat")


def morale_penalty(b: Battle, e: int, other: int | None, **_: Any) -> Iterable[ModLine]:
    return penalty_line(b, e, "courage")


def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The qualities, categories, terrain kinds and roles the numbers name must be the ruleset's."""
    n: CommandNumbers = records["command"]
    out = unknown_names(
        "command",
        (
            ("courage", "quality", n.courage, rules.qualities),
            ("save", "unit category", n.save, rules.categories),
            ("ground", "terrain kind", n.ground, rules.terrain),
        ),
    )
    orders = unit_order_names()
    out += [
        ("command", f"{key}.{o}", f"no order {o!r} (known: {', '.join(orders)})")
        for key, names in (("action_fatigue", list(n.action_fatigue)), ("prepare", n.prepare))
        for o in names
        if o not in orders
    ]
    out += [
        ("command", f"points.{r}", f"no officer role {r!r} (roles: division, staff)")
        for r in n.points
        if r not in ("division", "staff")
    ]
    return out
