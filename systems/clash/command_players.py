"""What module `clash-command` offers its players: the computer's choices of a unit to activate, rest or
react with (each order weighed against the fatigue it brings) and of a commander's die on a morale
check, the client's choices with their costs and chances, and the badge and status line it shows."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.modules import Choice, Judge
from game.model.resolution import Decision
from game.model.words import Share
from systems.clash.command_records import ActivateUnit, ReactWith, Rest, check_chance, points, price
from systems.clash.fatigue import action_name, commanders, fatigue, numbers, table_gain
from systems.clash.missiles import kept
from systems.clash.morale import SupportCheck, hits_by_fire, paralysis_chance


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
    with_die = Share(float(paralysis_chance(b, e, dice, True)))
    alone = Share(float(paralysis_chance(b, e, dice, False)))
    return [
        Choice(
            "Commander's die", SupportCheck(d.unit), "CS-13", with_die, "cs_support", {"chance": with_die}
        ),
        Choice("Check alone", cmd.Pass(), "CS-13", alone, "cs_alone", {"chance": alone}),
    ]


# --- what an action costs, for players ---------------------------------------------------------


def action_cost(b: Battle, e: int, c: cmd.Command) -> float:
    """The fatigue the next action would bring, weighed more as the unit tires (CS-15 draws near), and
    a Discharged weapon it would throw (CS-DEC-26)."""
    n = numbers(b)
    if type(c) not in b.stack.orders:
        return 0.0
    name = action_name(b, c)
    if name in n.prepare:
        return 0.0
    f = fatigue(b, e)
    gain = n.action_fatigue.get(name, 0) + table_gain(b, e, min(f.markers + 1, n.max_actions))
    return gain * n.fatigue_worth * (1 + f.points / 3) + kept(b, e, c)


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
                Share(float(chance)) if tired else "",
                "cs_activate_support" if support else "cs_activate",
                {"unit": name, "cost": cost, "chance": Share(float(chance))},
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
                Share(float(chance)),
                "cs_react_support" if support else "cs_react",
                {"unit": name, "cost": cost, "chance": Share(float(chance))},
            )
        )
    return out


def pass_choices(label: str, key: str) -> Any:
    """A decision's one choice of its own: to pass (the units' choices come from `unit_choices`)."""
    return lambda b, d: [Choice(label, cmd.Pass(), key=key)]


def badge(b: Battle, e: int) -> str:
    """Fatigue and action markers on the base ("F2 M1")."""
    f = fatigue(b, e)
    return " ".join(
        t for t in (f"F{f.points}" if f.points else "", f"M{f.markers}" if f.markers else "") if t
    )


def status(b: Battle) -> tuple[str, dict[str, object]] | None:
    left = points(b)
    return ("cs_status", {"points": dict(left)}) if left else None  # each side's, by its name on the screen
