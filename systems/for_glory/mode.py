"""For Glory v3.1.0 as a game mode: its orders, reactions, decisions and the default of every hook.

Everything the engine dispatches is listed here once; the command list, the battle's dispatch, the
round loop's unit orders, the script's step kinds and the answers each decision accepts derive from
these tables (game/model/modules.py). An optional module adds its own objects the same way."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from game.content.scenario import Scenario, ScenarioFile
from game.model import commands as cmd
from game.model.battle import Battle, ObjectiveState
from game.model.dice import D6
from game.model.errors import ContentError, UserError
from game.model.modules import DecisionKind, GameMode, OrderKind, ReactionKind, RuleModule
from game.model.ruleset import Ruleset
from game.model.words import measure
from systems.for_glory import reaction as r
from systems.for_glory import sequence
from systems.for_glory.charge.contact import resolve_contact
from systems.for_glory.charge.odds import charge_odds, contact_odds, reaction_charge_odds
from systems.for_glory.charge.order import charge, charge_order, charge_reaction, check_charge_reaction
from systems.for_glory.command import activate, check_leadership
from systems.for_glory.deployment import formation_reach
from systems.for_glory.fire import no_saves, shoot
from systems.for_glory.generate import random_battle
from systems.for_glory.odds import fire_odds, fire_reaction_odds, for_glory_fire_odds, no_saves_odds
from systems.for_glory.orders import (
    check_morale,
    fire_order,
    move_order,
    rally_order,
    withdraw_order,
)
from systems.for_glory.paths import check_end, movement_allowance, path_length, stops_in_difficult
from systems.for_glory.targets import category_cannot_shoot, category_range, no_weapon, sector
from systems.for_glory.victory import score


def _start_activation(b: Any, c: cmd.Activate) -> Any:
    return b.stack.hook("activation")(b, c)  # a module's activation may ask questions (a generator)


def _no_command_points(b: Any, given: dict[str, int]) -> None:
    raise UserError(
        "For Glory has no command points: a rule module with a command phase gives them (clash-command)"
    )


# Script steps (game/running/script.py StepSpec) to commands: the keys each order's step may carry.
def _move_step(s: Any) -> cmd.Command:
    return cmd.Move(s.unit, s.to, s.facing, s.fire, s.road)


def _fire_step(s: Any) -> cmd.Command:
    return cmd.Fire(s.unit, s.target)


def _charge_step(s: Any) -> cmd.Command:
    return cmd.Charge(s.unit, s.target, tuple(s.combined))


def _unit_order(
    name: str, command: type[cmd.Command], start: Any, rule: str, keys: set[str], step: Any, odds: Any = None
) -> OrderKind:
    return OrderKind(name, command, start, rule, script_keys=frozenset(keys), from_step=step, odds=odds)


def _fire_odds(b: Battle, c: cmd.Fire) -> dict[str, Fraction]:
    return fire_odds(b, b.ids[c.unit], b.ids[c.target], reaction=False)


def _charge_odds(b: Battle, c: cmd.Charge) -> dict[str, Fraction]:
    return charge_odds(b, b.ids[c.unit], b.ids[c.target])


ORDERS = (
    OrderKind("activate", cmd.Activate, _start_activation, "FG-ACT-1", unit_order=False),
    OrderKind("checkleadership", cmd.CheckLeadership, check_leadership, "FG-LDR-1", unit_order=False),
    OrderKind("checkmorale", cmd.CheckMorale, check_morale, "FG-MOR-1", unit_order=False),
    _unit_order("move", cmd.Move, move_order, "FG-ORD-6", {"to", "facing", "fire", "road"}, _move_step),
    _unit_order("fire", cmd.Fire, fire_order, "FG-ORD-8", {"target"}, _fire_step, _fire_odds),
    _unit_order(
        "charge", cmd.Charge, charge_order, "FG-CHG-1", {"target", "combined"}, _charge_step, _charge_odds
    ),
    _unit_order("withdraw", cmd.Withdraw, withdraw_order, "FG-ORD-9", set(), lambda s: cmd.Withdraw(s.unit)),
    _unit_order("rally", cmd.Rally, rally_order, "FG-ORD-10", set(), lambda s: cmd.Rally(s.unit)),
)

REACTIONS = (
    ReactionKind(
        "fire", r.check_fire_reaction, r.fire_reaction, "AMB-23", at_trigger=True, odds=fire_reaction_odds
    ),
    ReactionKind(
        "charge",
        check_charge_reaction,
        charge_reaction,
        "AMB-23",
        at_trigger=True,
        odds=reaction_charge_odds,
    ),
    ReactionKind("retreat", r.check_retreat_reaction, r.retreat_reaction, "FG-ORD-9"),
    ReactionKind("rally", r.check_rally_reaction, r.rally_reaction, "FG-ORD-10"),
)

# The round loop (systems/for_glory/sequence.py) checks its own answers and says why it refuses one.
_ANY = (cmd.Command,)
DECISIONS = (
    DecisionKind("reaction", (cmd.React, cmd.Pass)),
    DecisionKind("marker", (cmd.PlaceMarker, cmd.Pass)),
    DecisionKind("extra_move", (cmd.ExtraMove, cmd.Pass)),
    *(
        DecisionKind(k, _ANY)
        for k in ("deploy", "place_staff", "activate", "order", "officer_move", "staff_move")
    ),
)

FOR_GLORY = RuleModule(
    id="for-glory",
    name="For Glory",
    description="For Glory v3.1.0: brigades as bases, divisions acting through their officers, "
    "on an open table",
    prefix="FG-",
    mode="for-glory",
    dice=(D6,),
    orders=ORDERS,
    reactions=REACTIONS,
    decisions=DECISIONS,
    hooks={
        "round": sequence.round_of_play,
        "activation": activate,
        "charge": charge,
        "fire": shoot,
        "fire_odds": for_glory_fire_odds,
        "shooting_range": category_range,
        "shooting_weapon": no_weapon,
        "no_shot": category_cannot_shoot,
        "fire_saves": no_saves,
        "fire_saves_odds": no_saves_odds,
        "melee_odds": contact_odds,
        "melee": resolve_contact,
        "reaction_window": r.window,
        "after_action": sequence.after_action,
        "after_move": lambda b, e, came_from, how: None,  # For Glory's ground does nothing to a mover
        "movement_allowance": movement_allowance,
        "move_cost": path_length,
        "move_rules": lambda b, e, way: (),  # For Glory prices a move by its length alone
        "difficult_stop": stops_in_difficult,
        "flies": lambda b, e: False,  # no brigade of For Glory flies
        "may_move": lambda b, e, target: None,  # no rule of For Glory keeps a unit from moving
        "move_end": check_end,
        "terrain_classes": lambda stack: {},  # the ruleset's classes stand
        "attacked_from": sector,
        "action_cost": lambda b, e, c: 0.0,  # an order costs a unit nothing but its result
        "command_points": _no_command_points,
    },
)


def setup(b: Battle, sc: Scenario, max_rounds: int | None) -> None:
    """A scenario's armies in reserve, then the whole battle (systems/for_glory/sequence.py) up to its first
    decision: experience and arrival rolled where the scenario leaves them open (FG-PREP-3, FG-DEP-2)."""
    spec = sc.spec
    experience: dict[str, int | None] = {}
    arrival: dict[str, int | None] = {}
    for side in spec.sides:
        staff = f"{side.id}-staff"
        b.add_officer(staff, side.id, "staff", side.staff.experience or 0, (0.0, 0.0), reserve=True)
        experience[staff] = side.staff.experience
    for side in spec.sides:
        for dv in side.divisions:
            b.add_officer(dv.id, side.id, "division", dv.experience or 0, (0.0, 0.0), reserve=True)
            experience[dv.id] = dv.experience
            arrival[dv.id] = dv.arrival
            for u in dv.units:
                b.add_unit(u.id, side.id, dv.id, u.category, u.quality, (0.0, 0.0), 0.0, u.hits, reserve=True)
    objectives = [
        ObjectiveState(o.id, o.at, o.name, o.held_by, {o.held_by} if o.held_by else set())
        for o in spec.objectives
    ]
    edges: dict[str, str] = {s.id: s.edge for s in spec.sides}
    g = sequence.new_game(b, sc.id, [s.id for s in spec.sides], edges, objectives, max_rounds)
    g.zones = {s.id: list(s.deployment) for s in spec.sides if s.deployment}
    g.entries = {dv.id: dv.entry for s in spec.sides for dv in s.divisions if dv.entry is not None}
    g.divisions_to_end, g.objectives_end = spec.victory.divisions_removed, spec.victory.all_objectives
    own = {k: v for k, v in dataclasses.asdict(spec.scoring).items() if v is not None}
    g.scoring = dataclasses.replace(b.rules.scoring, **own) if own else None
    b.start(sequence.battle(b, experience, arrival))


def check_scenario(spec: ScenarioFile, rules: Ruleset) -> Iterator[ContentError]:
    """FG-DEP-9: a division that cannot stand within the division radius of its officer could never
    deploy (the scenario loader asks this of the mode, game/content/scenario.py)."""
    radius = rules.length(rules.core.command.division_radius)
    for i, s in enumerate(spec.sides):
        for j, dv in enumerate(s.divisions):
            if not dv.units:  # a division without units: the army's own check says so
                continue
            reach = formation_reach(rules, len(dv.units))
            if reach > radius:
                yield ContentError(
                    f"sides[{i}].divisions[{j}].units",
                    f'{len(dv.units)} units in line stand up to {measure(reach)}" from their officer, '
                    f'beyond the division radius of {radius:g}" (FG-DEP-9): '
                    "split the division or lengthen the measure",
                )


FOR_GLORY_MODE = GameMode(
    "for-glory",
    "For Glory",
    FOR_GLORY.description,
    FOR_GLORY,
    setup,
    score,
    check_scenario=check_scenario,
    generate=random_battle,
)
