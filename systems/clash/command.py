"""Module `clash-command`: the For Glory round played as Clash of Spears' (CS-1..10, CS-15..17).

Each round: reinforcements (For Glory's), then the strategy phase (command points for each officer
in play, a roll-off for the first player), then the activation phase: the players take turns to
activate one unit (1 CP within Command Distance of a commander, 2 beyond), to rest or rally one, or to
pass; two passes in a row end it. An activated unit with fatigue first passes an activation check
(2D6, one at or above its Courage); it then takes up to three actions, each one For Glory order, and
before its second and third the other player may react with a unit in command (1 CP and a 1D6
check) that takes one action. Every action adds an action marker and fatigue (systems/clash/fatigue.py).
The final phase removes the markers and lets the officers move. It replaces For Glory's hooks
round, activation, reaction_window (Clash's reactions stand for For Glory's) and after_action.
Decisions: docs/clash-decisions.md. Here: the round and the module; its commands and command points are
command_records.py, what the computer and the client choose and offer command_players.py, the missile
weapons a mod arms units with (CS-18) missiles.py."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import esper

from game.model import commands as cmd
from game.model.battle import Activation, Battle, Formation
from game.model.components import Officer, Status
from game.model.dice import D6
from game.model.events import Note, Phase
from game.model.modules import DecisionKind, RuleModule
from game.model.resolution import Decision, Resolution, refuse
from game.model.ruleset import Ruleset
from game.model.session import ask
from systems.clash.command_players import (
    action_cost,
    badge,
    pass_choices,
    reaction_ai,
    reaction_unit_choices,
    status,
    support_ai,
    support_choices,
    turn_ai,
    turn_unit_choices,
)
from systems.clash.command_records import (
    ActivateUnit,
    ClashRound,
    ReactWith,
    Rest,
    can_act,
    points,
    price,
)
from systems.clash.fatigue import (
    ID,
    CommandNumbers,
    Fatigue,
    after_action,
    check,
    commanders,
    courage,
    fatigue,
    fire_penalty,
    melee_penalty,
    morale_penalty,
    numbers,
    roll_successes,
)
from systems.clash.missiles import (
    MissileNumbers,
    Quiver,
    discharge,
    fire_saves,
    fire_saves_odds,
    missile_lines,
    no_shot,
    shooting_range,
    shooting_weapon,
)
from systems.clash.missiles import check as missile_check
from systems.clash.morale import SupportCheck, hits_by_fire, morale
from systems.clash.words import COMMAND_WORDS
from systems.for_glory import sequence
from systems.for_glory.reaction import Active
from systems.for_glory.victory import check_end


def take_check(b: Battle, e: int, kind: str, support: bool) -> bool:
    """CS-6 (activation: 2D6) or CS-7 (reaction: 1D6), one success needed; CS-8: a supporting die."""
    n = numbers(b)
    dice = (n.activation_dice if kind == "activation" else n.reaction_dice) + (1 if support else 0)
    target = courage(b, e)
    how = f"courage {courage(b, e, with_fatigue=False)}+" + (
        f", fatigue {fatigue(b, e).points} (CS-15)" if target != courage(b, e, False) else ""
    )
    rule = "CS-6" if kind == "activation" else "CS-7"
    passed = roll_successes(
        b, e, kind, dice, target, rule, how + (", a commander's die (CS-8)" if support else ""), 1
    )
    if not passed:
        b.emit(
            Note(
                rule=rule, text=f"fails its {kind} check", unit=b.name(e), details={"say": f"cs_fails_{kind}"}
            )
        )
    return passed >= 1


def alone(b: Battle, e: int) -> Activation:
    """A unit activated on its own: a formation of one (For Glory's orders accept its units)."""
    officer = b.officer_of(e)
    name = b.name(e)
    esper.component_for_entity(e, Status).ordered = False
    return Activation(Formation(name, b.side_of(e), b.name(officer) if officer else None, [name]), True)


def other(b: Battle, side: str) -> str:
    """The other side (a scripted battle has no game: its sides are those of its bases)."""
    sides = b.game.sides if b.game is not None else [b.side_of(e) for e in b.units(in_play=False)]
    return next(s for s in sides if s != side)


# --- the round ---------------------------------------------------------------------------------


def clash_round(b: Battle) -> Resolution:
    """CS-1: reinforcements (For Glory's), strategy, activations, the final phase."""
    g = b.game
    assert g is not None
    g.phase = "reinforcements"
    yield from sequence.reinforcements(b)
    if check_end(b):
        return
    for e in b.units():  # CS-DEC-1: Command Distance, not divisions and detachments, rules command
        esper.component_for_entity(e, Status).detached = False
    g.phase = "strategy"
    first = strategy(b)
    g.phase = "activations"
    yield from activation_phase(b, first)
    if g.over:
        return
    g.phase = "end of round"
    yield from final_phase(b)


def strategy(b: Battle) -> str:
    """CS-1: command points replenished (CS-DEC-2: so many for each officer in play), then a roll-off
    for who is the active player first (CS-DEC-3)."""
    g = b.game
    assert g is not None
    b.emit(Phase(round=g.round, phase="strategy", rule="CS-1"))
    n = numbers(b)
    give_points(
        b,
        {
            s: sum(n.points.get(esper.component_for_entity(o, Officer).role, 0) for o in b.officers(s))
            for s in g.sides
        },
    )
    g.first_side = b.roll_off(g.sides, "CS-1")
    return g.first_side


def give_points(b: Battle, pts: dict[str, int]) -> None:
    """CS-1: each side's command points for the round, said; a scripted battle's `command_points` give
    them the same way (CS-DEC-18: a script has no strategy phase)."""
    b.module_state[ID] = ClashRound(dict(pts))
    for s, p in pts.items():
        text = f"{s} has {p} command points"
        b.emit(Note(rule="CS-1", text=text, details={"say": "cs_points", "side": s, "points": p}))


def activation_phase(b: Battle, first: str) -> Resolution:
    """CS-2..5: the players take turns; two passes in a row end the phase. A side with no unit that
    may act passes without being asked."""
    g = b.game
    assert g is not None
    b.emit(Phase(round=g.round, phase="activations", rule="CS-2"))
    active, passes = first, 0
    while passes < 2:
        options = tuple(b.name(e) for e in b.units(active) if can_act(b, e))
        answer: cmd.Command = cmd.Pass()
        if options:
            answer = yield from ask(
                b, Decision("clash_turn", active, "", options), partial(_accept_turn, b, options=options)
            )
        if isinstance(answer, cmd.Pass):
            passes += 1
            b.emit(Note(rule="CS-5", text=f"{active} passes", details={"side": active}))
        else:
            passes = 0
            e = b.ids[answer.unit]  # type: ignore[attr-defined]
            if isinstance(answer, Rest):
                rest(b, e, answer.points)
            else:
                assert isinstance(answer, ActivateUnit)
                yield from activate_unit(b, e, answer.support)
            if check_end(b):
                return
        active = other(b, active)


def _accept_turn(b: Battle, a: cmd.Command, *, options: tuple[str, ...]) -> None:
    if isinstance(a, cmd.Pass):
        return
    if not isinstance(a, ActivateUnit | Rest) or a.unit not in options:
        raise refuse("CS-2", "reason_cs_activate_one_of", options=", ".join(options))
    e = b.ids[a.unit]
    side = b.side_of(e)
    left = points(b)[side]
    if isinstance(a, ActivateUnit):
        if a.support and not commanders(b, e):
            raise refuse("CS-8", "reason_cs_no_commander", unit=a.unit)
        cost = price(b, e, a.support)
        if cost > left:
            raise refuse("CS-3", "reason_cs_activation_costs", unit=a.unit, cost=cost, side=side, left=left)
        return
    n = numbers(b)
    if a.points > n.rally_points:
        raise refuse("CS-4", "reason_cs_rally_at_most", points=n.rally_points)
    if a.points and not commanders(b, e):
        raise refuse("CS-4", "reason_cs_no_commander_rally", unit=a.unit)
    if a.points > left:
        raise refuse("CS-4", "reason_cs_side_has", side=side, left=left)


def rest(b: Battle, e: int, spent: int) -> None:
    """CS-4: one action marker, one fatigue point off; each CP a commander spends is a die that takes
    one more off at or above the unit's Courage, with no modifier."""
    f = fatigue(b, e)
    n = numbers(b)
    f.markers = min(f.markers + 1, n.max_actions)
    off = 1
    if spent:
        points(b)[b.side_of(e)] -= spent
        off += roll_successes(
            b, e, "rally", spent, courage(b, e, with_fatigue=False), "CS-4", "courage, no modifier"
        )
    off = min(off, f.points)
    f.points -= off
    b.emit(
        Note(
            rule="CS-4",
            text=f"rests: {off} fatigue off, {f.points} left",
            unit=b.name(e),
            details={"fatigue": f.points, "markers": f.markers, "spent": spent, "off": off},
        )
    )


def activate_unit(b: Battle, e: int, support: bool) -> Resolution:
    """CS-3, CS-6: pay, check if tired, then up to three actions. CS-DEC-4: an activation always
    leaves at least one marker, so every turn brings the phase nearer its end."""
    side = b.side_of(e)
    cost = price(b, e, support)
    left = points(b)
    left[side] -= cost
    b.emit(
        Note(
            rule="CS-3",
            text=f"activated for {cost} CP ({left[side]} left)",
            unit=b.name(e),
            details={"side": side, "points": left[side], "cost": cost},
        )
    )
    f = fatigue(b, e)
    before = f.markers
    f.paralysed = False  # CS-14 (CS-DEC-17): paralysed while reactive, it lost a reaction, not its turn
    if f.points == 0 or take_check(b, e, "activation", support):
        yield from actions(b, e)
    if f.markers == before and b.in_play(e):
        f.markers += 1
    f.paralysed = False  # CS-14: paralysed in its own activation, that activation ended; nothing more
    b.activation = None


def actions(b: Battle, e: int) -> Resolution:
    """One For Glory order per action, until the unit ends its activation or has three markers; the
    other player may react before each action after the first (CS-3)."""
    name, side = b.name(e), b.side_of(e)
    f = fatigue(b, e)
    done = 0
    while b.in_play(e) and can_act(b, e) and not f.paralysed:
        if done:
            yield from reaction(b, e)
            if (b.game is not None and b.game.over) or not b.in_play(e) or f.paralysed:
                return
        b.activation = alone(b, e)
        answer = yield Decision("order", side, name, (name,))
        if isinstance(answer, cmd.EndActivation):
            return
        if (yield from sequence.carry_out(b, answer)):
            done += 1
        if check_end(b):
            return


def reaction(b: Battle, active: int) -> Resolution:
    """CS-7: the other player may spend a CP for a unit within Command Distance to react: a 1D6
    check, then one action. CS-14: a paralysed unit sits this one out."""
    n = numbers(b)
    side = other(b, b.side_of(active))
    left = points(b)
    options = tuple(
        b.name(r) for r in b.units(side) if can_act(b, r) and not fatigue(b, r).paralysed and commanders(b, r)
    )
    for r in b.units(side):
        fatigue(b, r).paralysed = False
    if left[side] < n.reaction_cost or not options:
        return
    answer = yield from ask(
        b,
        Decision("clash_reaction", side, b.name(active), options),
        lambda a: _accept_reaction(b, a, options),
    )
    if not isinstance(answer, ReactWith):
        return
    r = b.ids[answer.unit]
    cost = n.reaction_cost + (n.support_cost if answer.support else 0)
    left[side] -= cost
    b.emit(
        Note(
            rule="CS-7",
            text=f"reacts for {cost} CP ({left[side]} left)",
            unit=answer.unit,
            details={"say": "cs_reacts", "side": side, "points": left[side], "cost": cost},
        )
    )
    if not take_check(b, r, "reaction", answer.support):
        fatigue(b, r).markers = min(fatigue(b, r).markers + 1, n.max_actions)  # CS-DEC-4
        return
    while b.in_play(r):
        b.activation = alone(b, r)
        order = yield Decision("order", side, answer.unit, (answer.unit,))
        if isinstance(order, cmd.EndActivation) or (yield from sequence.carry_out(b, order)):
            break
    b.activation = None


def _accept_reaction(b: Battle, a: cmd.Command, options: tuple[str, ...]) -> None:
    if isinstance(a, cmd.Pass):
        return
    if not isinstance(a, ReactWith) or a.unit not in options:
        raise refuse("CS-7", "reason_cs_react_one_of", options=", ".join(options))
    n = numbers(b)
    cost = n.reaction_cost + (n.support_cost if a.support else 0)
    left = points(b)[b.side_of(b.ids[a.unit])]
    if cost > left:
        raise refuse("CS-7", "reason_cs_reaction_costs", cost=cost, left=left)


def final_phase(b: Battle) -> Resolution:
    """CS-1: recover units (CS-DEC-5: every action marker comes off; fatigue stays), then the
    officers may move (CS-DEC-6: the division generals, then the estados mayores, as in For Glory)."""
    g = b.game
    assert g is not None
    for e in b.units():
        f = fatigue(b, e)
        f.markers, f.paralysed = 0, False
    b.emit(
        Note(rule="CS-1", text="the units recover: action markers come off", details={"say": "cs_recover"})
    )
    for side in sorted(g.sides, key=lambda s: s != g.first_side):
        for o in list(b.officers(side)):
            if esper.component_for_entity(o, Officer).role == "division" and b.in_play(o):
                yield from sequence.officer_move(b, side, o, "officer_move")
                if check_end(b):
                    return
    yield from sequence.staff_moves(b)


def activation(b: Battle, c: cmd.Activate) -> Resolution | None:
    """A unit activated outside a whole battle (scripts): on its own, with its activation check when
    it is tired and `leadership` asks for checks (CS-6). With command points (a script's
    `command_points`, CS-DEC-18) a unit's consecutive steps are the actions of one activation: before
    each after the first the other side may react (CS-7); a new activation lifts a paralysis, and one
    paralysed in its own activation has ended it (CS-DEC-17)."""
    e = b.ids.get(c.formation)
    if e is None or not b.is_unit(e) or not b.in_play(e):
        raise refuse("CS-3", "reason_cs_not_a_unit", unit=c.formation)
    state: ClashRound | None = b.module_state.get(ID)
    if state is not None:
        f = fatigue(b, e)
        if state.acting == c.formation and f.markers and not f.paralysed:
            return _next_action(b, e, c)
        state.acting, f.paralysed = c.formation, False
    _start(b, e, c)
    return None


def _next_action(b: Battle, e: int, c: cmd.Activate) -> Resolution:
    """The other side's reaction window before a script's unit takes its next action (CS-7)."""
    yield from reaction(b, e)
    if b.in_play(e):  # a reaction that took it off the table: its order is refused as any lost unit's
        _start(b, e, c)


def _start(b: Battle, e: int, c: cmd.Activate) -> None:
    b.activation = alone(b, e)
    if c.leadership and fatigue(b, e).points and not take_check(b, e, "activation", False):
        b.activation = Activation(Formation(c.formation, b.side_of(e), None, []), False)


def after(b: Battle, command: cmd.Command) -> Resolution | None:
    """An action's marker and fatigue (CS-3, CS-9, CS-10), then the morale checks of the units its
    shots hit (CS-12)."""
    after_action(b, command)
    discharge(b, b.events[b.action_began :])
    hit = hits_by_fire(b.events[b.action_began :])
    return fire_checks(b, hit) if hit else None


def fire_checks(b: Battle, hit: list[tuple[str, int]]) -> Resolution:
    """CS-12, CS-13: a unit hit by a shot checks morale, a die more per wound (For Glory's fire has no
    saves; a missile weapon's has, CS-DEC-23); a commander within Command Distance may spend 1 CP for
    a die more, the worst then dropped (CS-DEC-18: checks due to melee get none, as CS-13 wants the
    commander attached)."""
    n = numbers(b)
    for name, wounds in hit:
        e = b.ids[name]
        if not b.in_play(e):
            continue
        side = b.side_of(e)
        support = False
        if commanders(b, e) and points(b).get(side, 0) >= n.support_cost:
            answer = yield from ask(
                b,
                Decision("clash_morale_support", side, name, ("support",)),
                partial(_accept_support, unit=name),
            )
            support = isinstance(answer, SupportCheck)
        if support:
            points(b)[side] -= n.support_cost
            text = f"a commander spends {n.support_cost} CP on its morale check"
            details = {"say": "cs_morale_support", "side": side, "points": points(b)[side]}
            b.emit(Note(rule="CS-13", text=text, unit=name, details=details))
        morale(b, e, wounds, "hit by fire", support)


def _accept_support(a: cmd.Command, *, unit: str) -> None:
    if isinstance(a, SupportCheck) and a.unit != unit:
        raise refuse("CS-13", "reason_cs_support_whom", unit=unit)


def check_numbers(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The names command.toml and missiles.toml take from the ruleset, and the weapons armed."""
    return check(rules, records) + missile_check(rules, records)


def no_window(b: Battle, act: Active, stage: str) -> Resolution:
    """CS-DEC-8: Clash's reactions (before an activation's 2nd and 3rd action) replace For Glory's."""
    return
    yield


CLASH_COMMAND = RuleModule(
    id=ID,
    name="Clash of Spears command",
    description=(
        "units activate one at a time for command points, react, rest and tire, and shoot the missile"
        " weapons a mod arms them with (CS-1..10, CS-15..18)"
    ),
    prefix="CS-",
    mode="for-glory",
    decisions=(
        DecisionKind(
            "clash_turn",
            (ActivateUnit, Rest, cmd.Pass),
            ai=turn_ai,
            prompt="{side}: activate, rest or rally a unit, or pass (CS-2)",
            choices=pass_choices("Pass", "cs_pass"),
            unit_choices=turn_unit_choices,
            rules=("CS-2", "CS-3", "CS-4", "CS-5", "CS-6", "CS-8", "CS-9", "CS-15"),
        ),
        DecisionKind(
            "clash_reaction",
            (ReactWith, cmd.Pass),
            ai=reaction_ai,
            prompt="{side}: react to {unit} with a unit in command? (CS-7)",
            choices=pass_choices("No reaction", "cs_no_reaction"),
            unit_choices=reaction_unit_choices,
            scripted=lambda d, name: ReactWith(name),  # a script names the reacting unit
            rules=("CS-7", "CS-8", "CS-14"),
        ),
        DecisionKind(
            "clash_morale_support",
            (SupportCheck, cmd.Pass),
            ai=support_ai,
            scripted=lambda d, name: SupportCheck(d.unit) if name == "support" else cmd.Pass(),
            prompt="{unit} checks morale: spend a command point on a commander's die? (CS-13)",
            choices=support_choices,
            rules=("CS-12", "CS-13", "CS-14"),
        ),
    ),
    commands=(ActivateUnit, Rest, ReactWith, SupportCheck),
    hooks={
        "round": clash_round,
        "activation": activation,
        "reaction_window": no_window,
        "after_action": after,
        "action_cost": action_cost,
        "command_points": give_points,
        "shooting_range": shooting_range,
        "shooting_weapon": shooting_weapon,
        "no_shot": no_shot,
        "fire_saves": fire_saves,
        "fire_saves_odds": fire_saves_odds,
    },
    modifiers={
        "fire": (fire_penalty, missile_lines),
        "melee": (melee_penalty,),
        "morale": (morale_penalty,),
    },
    components=(lambda b, e: Fatigue(), lambda b, e: Quiver()),
    dice=(D6,),
    narration=COMMAND_WORDS,
    records={"command": CommandNumbers, "missiles": MissileNumbers},
    check=check_numbers,
    badge=badge,
    status=status,
)
