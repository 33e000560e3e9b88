"""A general's answers in the middle of an order (FG-REACT, FG-CHG-4): which unit reacts to an enemy's
order and how, and where cavalry goes with its extra move after a successful charge. Each answer is
weighed as an order is (stakes.py): a reaction by the chance its morale check passes (FG-REACT-2), the
worth of its roll, and what it spares us, a charge stopped short (AMB-67) or avoided (FG-CHG-8); the
extra move by the chained charge's odds or where the move leaves the unit."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.ai import common
from game.ai.aims import _facing
from game.ai.asking import delta, odds_or_none, shot_odds
from game.ai.heuristic import CHARGE_VALUE, FIRE_VALUE
from game.ai.reasons import weighed
from game.ai.stakes import HIT
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.geometry import Point, dist
from game.model.resolution import Decision, Reject
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.odds import check_odds
from systems.for_glory.paths import plan_move
from systems.for_glory.reaction import retreat_plan

if TYPE_CHECKING:
    from game.ai.mind import Mind

REACT_AT = 0.05  # a reaction must be worth this much: it spends the unit's one reaction (FG-REACT-4)
STAY = 0.05  # the extra move must be worth this much more than staying where the charge left the unit
RETREAT_COST = 0.4 * HIT  # giving ground: the charger still counts its charge a success (FG-CHG-8)


def charge_target(b: Battle, d: Decision) -> int | None:
    """The unit of ours an enemy's charge is heading for: the one it has reached (a reaction at
    contact), else the one its path points at among those it could reach from where it is."""
    mover = b.ids[d.unit]
    name = d.unit
    for e in reversed(b.events):
        if e.kind == "contact" and getattr(e, "unit", None) == name:
            return b.ids.get(getattr(e, "target", ""))
        if e.kind == "moved" and getattr(e, "unit", None) == name:
            if getattr(e, "how", "") not in ("charge",):
                return None
            break
        if e.kind == "activated":
            return None
    pose = b.pose(mover)
    best: tuple[float, int] | None = None
    for u in b.units(d.side):
        there = common.centre(b, u)
        off = abs((_facing((pose.x, pose.y), there) - pose.facing + 180) % 360 - 180)
        if off > 60 or dist((pose.x, pose.y), there) > 14:
            continue
        try:
            plan_charge(b, mover, u)
        except Reject:
            continue
        if best is None or off < best[0]:
            best = (off, u)
    return best[1] if best is not None else None


def reaction_reply(player: Mind, b: Battle, d: Decision) -> cmd.Command:
    """The reaction worth most, or none: a shot or a charge at the mover by its worth (the shot's
    chance to stop a charge short added), a retreat out of a charge that would cost more, a rally."""
    player.stakes(b)
    mover = b.ids[d.unit]
    target = charge_target(b, d)
    spared = 0.0  # what the mover's charge would be worth to the enemy if it goes in
    if target is not None:
        odds = player.charging(b, mover, target)
        if odds is not None:
            spared = max(0.0, player.worth(b, odds, CHARGE_VALUE, target, mover))
    options = [weighed(cmd.Pass(), {"odds": REACT_AT})]
    for name in d.options:
        r = b.ids[name]
        p = float(check_odds(b, r))  # FG-REACT-2: the reaction's morale check
        odds = shot_odds(b, r, mover, reaction=True)
        if odds is not None:
            stops = float(sum(v for k, v in odds.items() if k != "miss"))
            worth = player.worth(b, odds, FIRE_VALUE, mover, r)
            options.append(
                weighed(cmd.React(name, "fire"), {"odds": p * worth, "safety": p * stops * spared}, odds)
            )
        odds = player.charging(b, r, mover, reaction=True)  # the melee with its -2 (FG-CBT-9)
        if odds is not None:
            worth = player.worth(b, odds, CHARGE_VALUE, mover, r) - player.general.temperament.charge_margin
            options.append(
                weighed(cmd.React(name, "charge"), {"odds": p * worth, "safety": p * spared}, odds)
            )
        if r == target and spared > RETREAT_COST and _can_retreat(b, r):
            options.append(weighed(cmd.React(name, "retreat"), {"safety": p * (spared - RETREAT_COST)}))
        if common.hits(r) >= 2 and common.can_rally(b, r):
            options.append(weighed(cmd.React(name, "rally"), {"odds": p * 0.5 * HIT}))
        options += [weighed(react, {"odds": p * v}) for v, react in common.module_reactions(b, r, mover)]
    return player.answered("reaction", options)


def _can_retreat(b: Battle, r: int) -> bool:
    """A retreat that gets the unit somewhere (AMB-22: as far as it legally can, which may be nowhere)."""
    try:
        return retreat_plan(b, r).length > 0.5
    except Reject:
        return False


def extra_move_reply(player: Mind, b: Battle, d: Decision) -> cmd.Command:
    """The cavalry extra move (FG-CHG-4..6): a chained charge by its odds and where it leaves the unit,
    or a move up to S to where the unit stands best, or none."""
    player.stakes(b)
    e = b.ids[d.unit]
    ground = player.ground(b)
    here = player.standing(b, e, ground)
    options = [weighed(cmd.Pass(), {"odds": STAY})]
    margin = player.general.temperament.charge_margin
    for t in common.extra_charge_targets(b, e):
        odds = odds_or_none(charge_odds, b, e, t)
        if odds is None:
            continue
        parts = {
            "odds": player.worth(b, odds, CHARGE_VALUE, t, e) - margin,
            "after": player.after_charge(b, e, t, ground, here, odds),
        }
        options.append(weighed(cmd.ExtraMove(d.unit, charge=b.name(t)), parts, odds))
    allowance = b.rules.length(b.rules.core.movement.cavalry_extra_move)
    for to, facing in _fan(b, player, e, allowance, ground):
        try:
            p = plan_move(b, e, to, facing, allowance=allowance)
        except Reject:
            continue
        end = (p.path[-1][0], p.path[-1][1], p.facing)
        there = player.standing(b, e, ground, end)
        options.append(
            weighed(
                cmd.ExtraMove(d.unit, to=to, facing=facing),
                delta(there, here),
                moved=p.length,
                start=p.path[0],
            )
        )
    return player.answered("extra_move", options)


def _fan(b: Battle, player: Mind, e: int, reach: float, ground: object) -> list[tuple[Point, float]]:
    """Points up to `reach` away: towards the objectives it makes for, back towards its own edge,
    to either side, each facing the nearest enemy."""
    here = common.centre(b, e)
    foes = sorted(common.enemy_units(b, player.side), key=lambda f: dist(here, common.centre(b, f)))
    face = _facing(here, common.centre(b, foes[0])) if foes else b.pose(e).facing
    goals: list[Point] = [at for at, _stake in getattr(ground, "claims", {}).get(e, [])]
    back = -1.0 if common.own_edge(b, player.side) == "south" else 1.0
    goals.append((here[0], here[1] + back * reach))
    for angle in (90.0, -90.0, 180.0):
        a = math.radians(face + angle)
        goals.append((here[0] + math.cos(a) * reach, here[1] + math.sin(a) * reach))
    out = []
    for g in goals:
        d = dist(here, g)
        if d < 0.3:
            continue
        for s in (min(reach, d), min(reach, d) / 2):
            out.append((common.step_towards(here, g, s), round(face % 360.0, 1)))
    return out
