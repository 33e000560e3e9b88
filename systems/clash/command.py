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
Decisions: docs/clash-decisions.md."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

import esper

from game.model import commands as cmd
from game.model import probability
from game.model.battle import Activation, Battle, Formation
from game.model.components import Officer, Status
from game.model.dice import D6
from game.model.events import Note, Phase
from game.model.modules import Choice, DecisionKind, Judge, RuleModule
from game.model.resolution import Decision, Resolution, refuse
from game.model.session import ask
from systems.clash.fatigue import (
    ID,
    CommandNumbers,
    Fatigue,
    action_name,
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
    table_gain,
)
from systems.clash.morale import SupportCheck, hits_by_fire, morale, paralysis_chance
from systems.clash.words import COMMAND_WORDS
from systems.for_glory import sequence
from systems.for_glory.reaction import Active
from systems.for_glory.victory import check_end


@dataclass(frozen=True, slots=True)
class ActivateUnit(cmd.Command):
    """CS-3: the active player activates one unit; support: a commander's extra die (CS-8)."""

    unit: str
    support: bool = False


@dataclass(frozen=True, slots=True)
class Rest(cmd.Command):
    """CS-4: a unit rests; points: command points a commander spends to rally it (a die each)."""

    unit: str
    points: int = 0


@dataclass(frozen=True, slots=True)
class ReactWith(cmd.Command):
    """CS-7: the reactive player's unit tries to react; support: a commander's extra die (CS-8)."""

    unit: str
    support: bool = False


@dataclass
class ClashRound:
    """The round's command points left to each side."""

    points: dict[str, int]


def points(b: Battle) -> dict[str, int]:
    """Each side's command points left this round (none before the first strategy phase)."""
    state: ClashRound | None = b.module_state.get(ID)
    return state.points if state is not None else {}


def price(b: Battle, e: int, support: bool) -> int:
    """CS-3, CS-8: 1 CP within Command Distance of a commander, 2 beyond; a supporting die costs 1."""
    n = numbers(b)
    return (n.cost_within if commanders(b, e) else n.cost_beyond) + (n.support_cost if support else 0)


def alone(b: Battle, e: int) -> Activation:
    """A unit activated on its own: a formation of one (For Glory's orders accept its units)."""
    officer = b.officer_of(e)
    name = b.name(e)
    esper.component_for_entity(e, Status).ordered = False
    return Activation(Formation(name, b.side_of(e), b.name(officer) if officer else None, [name]), True)


def other(b: Battle, side: str) -> str:
    assert b.game is not None
    return next(s for s in b.game.sides if s != side)


def can_act(b: Battle, e: int) -> bool:
    f = fatigue(b, e)
    return f.markers < numbers(b).max_actions


# --- checks ------------------------------------------------------------------------------------


def check_chance(b: Battle, e: int, dice: int) -> Fraction:
    """The chance that at least one of `dice` dice reaches the unit's Courage (CS-6, CS-7)."""
    target = courage(b, e)
    return probability.chance(probability.successes(dice, D6, lambda d: d >= target), lambda k: k >= 1)


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
    pts = {
        s: sum(n.points.get(esper.component_for_entity(o, Officer).role, 0) for o in b.officers(s))
        for s in g.sides
    }
    b.module_state[ID] = ClashRound(pts)
    for s, p in pts.items():
        text = f"{s} has {p} command points"
        b.emit(Note(rule="CS-1", text=text, details={"say": "cs_points", "side": s, "points": p}))
    g.first_side = sequence.roll_off(b, g.sides, "CS-1")
    return g.first_side


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


def activation(b: Battle, c: cmd.Activate) -> None:
    """A unit activated outside a whole battle (scripts): on its own, with its activation check when
    it is tired and `leadership` asks for checks (CS-6)."""
    e = b.ids.get(c.formation)
    if e is None or not b.is_unit(e) or not b.in_play(e):
        raise refuse("CS-3", "reason_cs_not_a_unit", unit=c.formation)
    b.activation = alone(b, e)
    if c.leadership and fatigue(b, e).points and not take_check(b, e, "activation", False):
        b.activation = Activation(Formation(c.formation, b.side_of(e), None, []), False)


def after(b: Battle, command: cmd.Command) -> Resolution | None:
    """An action's marker and fatigue (CS-3, CS-9, CS-10), then the morale checks of the units its
    shots hit (CS-12)."""
    after_action(b, command)
    hit = hits_by_fire(b.events[b.action_began :])
    return fire_checks(b, hit) if hit else None


def fire_checks(b: Battle, hit: list[tuple[str, int]]) -> Resolution:
    """CS-12, CS-13: a unit hit by a shot checks morale, a die more per hit (a wound: For Glory's fire
    has no saves); a commander within Command Distance may spend 1 CP for a die more, the worst then
    dropped (CS-DEC-18: checks due to melee get none, as CS-13 wants the commander attached)."""
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


def support_ai(b: Battle, d: Decision, judge: Judge | None = None) -> cmd.Command:
    """Spend the point when the commander's die takes a chance of paralysis of one in ten or more."""
    e = b.ids[d.unit]
    dice = 1 + _wounds_pending(b, d.unit)
    saved = paralysis_chance(b, e, dice, False) - paralysis_chance(b, e, dice, True)
    return SupportCheck(d.unit) if saved >= Fraction(1, 10) else cmd.Pass()


def _wounds_pending(b: Battle, name: str) -> int:
    return sum(w for u, w in hits_by_fire(b.events[b.action_began :]) if u == name)


def support_choices(b: Battle, d: Decision) -> list[Choice]:
    e = b.ids[d.unit]
    dice = 1 + _wounds_pending(b, d.unit)
    with_die = f"{float(paralysis_chance(b, e, dice, True)):.0%}"
    alone = f"{float(paralysis_chance(b, e, dice, False)):.0%}"
    return [
        Choice(
            "Commander's die", SupportCheck(d.unit), "CS-13", with_die, "cs_support", {"chance": with_die}
        ),
        Choice("Check alone", cmd.Pass(), "CS-13", alone, "cs_alone", {"chance": alone}),
    ]


def no_window(b: Battle, act: Active, stage: str) -> Resolution:
    """CS-DEC-8: Clash's reactions (before an activation's 2nd and 3rd action) replace For Glory's."""
    return
    yield


# --- what an action costs, for players ---------------------------------------------------------

FATIGUE_WORTH = 0.25  # what a fatigue point costs a unit (on the AI's scale: a sure kill is 3)


def action_cost(b: Battle, e: int, c: cmd.Command) -> float:
    """The fatigue the next action would bring, weighed more as the unit tires (CS-15 draws near)."""
    n = numbers(b)
    if type(c) not in b.stack.orders:
        return 0.0
    name = action_name(b, c)
    if name in n.prepare:
        return 0.0
    f = fatigue(b, e)
    gain = n.action_fatigue.get(name, 0) + table_gain(b, e, min(f.markers + 1, n.max_actions))
    return gain * FATIGUE_WORTH * (1 + f.points / 3)


def turn_ai(b: Battle, d: Decision, judge: Judge) -> cmd.Command:
    """Activate the unit whose best order is worth most over its cost; else rest the most tired."""
    left = points(b)[d.side]
    best: tuple[float, cmd.Command] | None = None
    for name in d.options:
        e = b.ids[name]
        option = judge.best(b, e)
        if option is None:
            continue
        cost = price(b, e, False)
        worth = option[0] - action_cost(b, e, option[1]) - 0.05 * cost
        if cost <= left and worth > 0 and (best is None or worth > best[0]):
            support = (
                fatigue(b, e).points > 0 and bool(commanders(b, e)) and cost + numbers(b).support_cost <= left
            )
            best = (worth, ActivateUnit(name, support))
    if best is not None:
        return best[1]
    tired = [(fatigue(b, b.ids[n]).points, n) for n in d.options if fatigue(b, b.ids[n]).points]
    if tired:
        points_, name = max(tired)
        e = b.ids[name]
        spend = min(numbers(b).rally_points, left, points_ - 1) if commanders(b, e) else 0
        return Rest(name, max(spend, 0))
    return cmd.Pass()


def reaction_ai(b: Battle, d: Decision, judge: Judge) -> cmd.Command:
    """React with the unit whose best order is worth most, when it is worth the CP and the fatigue."""
    best: tuple[float, str] | None = None
    for name in d.options:
        e = b.ids[name]
        option = judge.best(b, e)
        if option is None:
            continue
        worth = (option[0] - action_cost(b, e, option[1])) * float(
            check_chance(b, e, numbers(b).reaction_dice)
        )
        if worth > 0.3 and (best is None or worth > best[0]):
            best = (worth, name)
    return ReactWith(best[1]) if best is not None else cmd.Pass()


# --- what the client offers --------------------------------------------------------------------


def turn_unit_choices(b: Battle, d: Decision, name: str) -> list[Choice]:
    e = b.ids[name]
    n = numbers(b)
    left = points(b)[d.side]
    out = []
    tired = fatigue(b, e).points > 0
    for support in (False, True) if commanders(b, e) else (False,):
        cost = price(b, e, support)
        if cost > left or (support and not tired):
            continue
        chance = check_chance(b, e, n.activation_dice + support) if tired else Fraction(1)
        out.append(
            Choice(
                f"Activate {name} ({cost} CP" + (", commander's die)" if support else ")"),
                ActivateUnit(name, support),
                "up to three actions; the enemy may react before the 2nd and 3rd (CS-3)"
                + ("; tired: 2D6, one at its courage (CS-6)" if tired else ""),
                f"{float(chance):.0%}" if tired else "",
                "cs_activate_support" if support else "cs_activate",
                {"unit": name, "cost": cost, "chance": f"{float(chance):.0%}"},
            )
        )
    out.append(
        Choice(
            f"Rest {name}",
            Rest(name),
            "one marker, one fatigue off (CS-4)",
            key="cs_rest",
            values={"unit": name},
        )
    )
    if commanders(b, e) and tired:
        for spent in range(1, min(n.rally_points, left) + 1):
            out.append(
                Choice(
                    f"Rally {name} ({spent} CP)",
                    Rest(name, spent),
                    "a commander's dice: each at its courage takes one more fatigue off (CS-4)",
                    key="cs_rally",
                    values={"unit": name, "cost": spent},
                )
            )
    return out


def reaction_unit_choices(b: Battle, d: Decision, name: str) -> list[Choice]:
    e = b.ids[name]
    n = numbers(b)
    left = points(b)[d.side]
    out = []
    for support in (False, True):
        cost = n.reaction_cost + (n.support_cost if support else 0)
        if cost > left:
            continue
        chance = check_chance(b, e, n.reaction_dice + support)
        out.append(
            Choice(
                f"React with {name} ({cost} CP" + (", commander's die)" if support else ")"),
                ReactWith(name, support),
                "1D6 at its courage, then one action (CS-7)",
                f"{float(chance):.0%}",
                "cs_react_support" if support else "cs_react",
                {"unit": name, "cost": cost, "chance": f"{float(chance):.0%}"},
            )
        )
    return out


def _pass(label: str, key: str) -> Any:
    return lambda b, d: [Choice(label, cmd.Pass(), key=key)]


def badge(b: Battle, e: int) -> str:
    """Fatigue and action markers on the base ("F2 M1")."""
    f = fatigue(b, e)
    return " ".join(
        t for t in (f"F{f.points}" if f.points else "", f"M{f.markers}" if f.markers else "") if t
    )


def status(b: Battle) -> tuple[str, dict[str, object]] | None:
    left = points(b)
    return ("cs_status", {"points": "  ".join(f"{s} {p}" for s, p in left.items())}) if left else None


CLASH_COMMAND = RuleModule(
    id=ID,
    name="Clash of Spears command",
    description="units activate one at a time for command points, react, rest and tire (CS-1..10, CS-15..17)",
    prefix="CS-",
    mode="for-glory",
    decisions=(
        DecisionKind(
            "clash_turn",
            (ActivateUnit, Rest, cmd.Pass),
            ai=turn_ai,
            prompt="{side}: activate, rest or rally a unit, or pass (CS-2)",
            choices=_pass("Pass", "cs_pass"),
            unit_choices=turn_unit_choices,
            rules=("CS-2", "CS-3", "CS-4", "CS-5", "CS-6", "CS-8", "CS-9", "CS-15"),
        ),
        DecisionKind(
            "clash_reaction",
            (ReactWith, cmd.Pass),
            ai=reaction_ai,
            prompt="{side}: react to {unit} with a unit in command? (CS-7)",
            choices=_pass("No reaction", "cs_no_reaction"),
            unit_choices=reaction_unit_choices,
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
    },
    modifiers={"fire": (fire_penalty,), "melee": (melee_penalty,), "morale": (morale_penalty,)},
    components=(lambda b, e: Fatigue(),),
    dice=(D6,),
    narration=COMMAND_WORDS,
    records={"command": CommandNumbers},
    check=check,
    badge=badge,
    status=status,
)
