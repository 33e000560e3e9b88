"""Module `warhammer-charges`: a charged unit answers a charge as in Warhammer (WM-5..9) before the
charger moves: it Holds, Stands and Shoots, or Flees; a charger whose target fled catches it or fails
(WM-DEC-4, WM-DEC-5). It replaces For Glory's `charge` hook and then calls For Glory's own charge, so
the charge's route, reactions on the way and melee stay For Glory's. Here: its records, the charged
unit's answer and what the computer and the client choose and offer for it; rallying a unit that fled
is `rally.py`, the module as registered `charges_module.py`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Literal

import esper

from game.model import commands as cmd
from game.model import probability
from game.model.battle import Battle
from game.model.components import Footprint, Officer, Pose, Status, Unit
from game.model.dice import D6
from game.model.events import Moved, Note, Rejected, Roll
from game.model.geometry import EPS, dist
from game.model.limits import Bounds
from game.model.modules import Choice
from game.model.resolution import Decision, Reject, Resolution, refuse
from game.model.words import Share
from systems.for_glory.charge.contact import arrive
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.charge.order import charge as for_glory_charge
from systems.for_glory.charge.plan import chargeable_units, plan_charge
from systems.for_glory.hits import destroy
from systems.for_glory.measure import gap, within
from systems.for_glory.odds import fire_odds
from systems.for_glory.orders import begin_order, obeys
from systems.for_glory.paths import farthest
from systems.for_glory.targets import contacts, fire_range
from systems.for_glory.vision import Sight, sight

ID = "warhammer-charges"
Reaction = Literal["hold", "stand_and_shoot", "flee"]
LABELS = {"hold": "Hold", "stand_and_shoot": "Stand and shoot", "flee": "Flee"}


@dataclass(frozen=True)
class ChargeNumbers:
    """content/modules/warhammer-charges/charges.toml"""

    inches_per_cm: Annotated[float, Bounds(0, 10, above=True)]
    flee_dice_slow: Annotated[int, Bounds(1, 20)]
    flee_dice_fast: Annotated[int, Bounds(1, 20)]
    fast_above_cm: Annotated[float, Bounds(0, 1000)]
    stand_and_shoot_beyond: Annotated[float, Bounds(0, 1)]
    rally_dice: Annotated[int, Bounds(1, 10)]
    general_within_cm: Annotated[float, Bounds(0, 1000)]
    general_leadership: Annotated[int, Bounds(0, 60)]
    leadership_default: Annotated[int, Bounds(0, 60)]
    fast_cavalry: Annotated[list[str], Bounds(0, 100)]
    leadership: Annotated[dict[str, Annotated[int, Bounds(0, 60)]], Bounds(0, 100)]


@dataclass(frozen=True, slots=True)
class ChargeReaction(cmd.Command):
    """The charged unit's answer (WM-5)."""

    unit: str
    reaction: Reaction


@dataclass(frozen=True)
class Charged:
    """The charge reaction decision's payload: who charges."""

    charger: str


@dataclass(frozen=True, slots=True)
class Redirect(cmd.Command):
    """WM-21: the charger whose target fled charges the nearest other enemy instead (Pass: it does not)."""

    unit: str


@dataclass(frozen=True, slots=True)
class KeepFleeing(cmd.Command):
    """WM-14: the player lets a fled unit flee on rather than test to rally (Pass: it tests)."""

    unit: str


@dataclass(frozen=True, slots=True)
class RallyFacing(cmd.Command):
    """WM-12: the facing a rallied unit takes: "enemy" (towards the nearest), "about" or degrees
    (Pass: it keeps the one it fled with)."""

    unit: str
    way: str


@dataclass
class Fled:
    """A unit that fled from a charge (WM-9): it has turned its back on the enemy."""

    fled: bool = False


def numbers(b: Battle) -> ChargeNumbers:
    return b.stack.numbers(ID, "charges")


# --- what the charged unit may do ----------------------------------------------------------------


def shot_line(b: Battle, target: int, charger: int) -> Sight | None:
    """WM-6 (WM-DEC-2): the charged unit may stand and shoot when it can shoot at all, sees the charger,
    and the charger starts more than half its charge distance away; For Glory's short ranges do not
    apply (the shot is taken as the charger closes)."""
    unit = esper.component_for_entity(target, Unit)
    st = esper.component_for_entity(target, Status)
    if unit.category.type == "cavalry" or fire_range(b, target) is None or st.marching_by_road:
        return None
    reach = b.rules.length(esper.component_for_entity(charger, Unit).category.move)
    if within(gap(b, charger, target), reach * numbers(b).stand_and_shoot_beyond):
        return None  # WM-7: not at half the charge distance or closer (measured as AMB-3 measures)
    seen = sight(b, target, charger)
    return seen if seen.visible else None


def reactions(b: Battle, charger: int, target: int) -> list[Reaction]:
    """WM-5: Hold, Stand and Shoot (WM-6) and Flee; the exceptions (WM-39, WM-DEC-20): a unit already in
    close combat may only hold (WM-5), a fleeing one may only flee again, and one that cannot shoot
    or see the charger is never offered the volley (shot_line)."""
    if contacts(b, target):
        return ["hold"]
    if esper.component_for_entity(target, Fled).fled:
        return ["flee"]
    out: list[Reaction] = ["hold"]
    if shot_line(b, target, charger) is not None:
        out.append("stand_and_shoot")
    return [*out, "flee"]


def answered(b: Battle, charger: int, target: int, options: list[Reaction], answer: cmd.Command) -> Reaction:
    """The reaction an answer gives (Pass: hold, or flee when that is all the unit may do), or the
    Reject that says why it is no answer (WM-5, WM-6, WM-DEC-20)."""
    name = b.name(target)
    if not isinstance(answer, ChargeReaction):
        return "hold" if "hold" in options else options[0]
    if answer.unit != name:
        raise refuse("WM-5", "reason_wm_only_charged", unit=name)
    choice = answer.reaction
    if choice in options:
        return choice
    if choice not in LABELS:
        raise refuse("WM-5", "reason_wm_no_answer", answer=repr(choice), answers=", ".join(LABELS))
    if options == ["hold"]:
        raise refuse("WM-5", "reason_wm_hold_only", unit=name)
    if options == ["flee"]:
        raise refuse("WM-DEC-20", "reason_wm_flee_only", unit=name)
    raise refuse("WM-6", "reason_wm_no_volley", unit=name, charger=b.name(charger))


def flee_dice(b: Battle, e: int) -> int:
    """WM-9: 5D6 cm for a unit of Movement 15 cm or less, 8D6 cm for a faster one (WM-DEC-1 scale)."""
    n = numbers(b)
    move_cm = b.rules.length(esper.component_for_entity(e, Unit).category.move) / n.inches_per_cm
    return n.flee_dice_fast if move_cm > n.fast_above_cm else n.flee_dice_slow


def escape_chance(b: Battle, charger: int, target: int) -> Fraction:
    """The exact chance a fleeing target ends beyond the charger's reach (straight away from it)."""
    reach = b.rules.length(esper.component_for_entity(charger, Unit).category.move)
    need = reach - gap(b, charger, target)
    per_cm = numbers(b).inches_per_cm
    # beyond reach by more than the engine's tolerance: a fugitive exactly at the charger's reach is caught
    return probability.chance(
        probability.total(flee_dice(b, target), D6), lambda cm: cm * per_cm > need + EPS
    )


# --- resolving the answer ------------------------------------------------------------------------


def charge(b: Battle, chargers: list[int], target: int) -> Resolution:
    """WM-5: the charged unit answers before the charger moves; then the charge is For Glory's."""
    yield from _answered(b, chargers, target, may_redirect=True)


def _answered(b: Battle, chargers: list[int], target: int, *, may_redirect: bool) -> Resolution:
    if esper.try_component(target, Officer) is not None:
        yield from for_glory_charge(b, chargers, target)  # officers do not react (FG-OFF-5)
        return
    charger = chargers[0]  # WM-DEC-3: one answer to a combined charge, to its first unit
    options = reactions(b, charger, target)
    decision = Decision(
        "charge_reaction", b.side_of(target), b.name(target), tuple(options), payload=Charged(b.name(charger))
    )
    while True:
        answer = yield decision
        try:
            choice = answered(b, charger, target, options, answer)
            break
        except Reject as r:
            b.emit(Rejected(rule=r.rule, reason=b.reason(r), unit=b.name(target), order="react"))
    b.emit(
        Note(
            rule="WM-DEC-20" if options == ["flee"] else "WM-5",  # a fleeing unit flees again
            text=f"answers the charge of {b.name(charger)}: {LABELS[choice]}",
            unit=b.name(target),
            details={"say": "wm_answer", "charger": b.name(charger), "choice": choice},
        )
    )
    if choice in ("hold", "stand_and_shoot"):  # its reaction to this charge (WM-DEC-29, WM-DEC-2)
        esper.component_for_entity(target, Status).reacted = True
    if choice == "stand_and_shoot":
        seen = shot_line(b, target, charger)
        yield from b.stack.hook("fire")(b, target, charger, moved=False, reaction=True, seen=seen)
        if not b.in_play(charger):
            return
    if choice == "flee":
        flee(b, target, charger)
        yield from _pursue(b, chargers, target, may_redirect)
        return
    yield from for_glory_charge(b, chargers, target)


def redirect_target(b: Battle, charger: int, fled: int) -> int | None:
    """WM-21 (WM-DEC-6): the nearest other enemy unit the charger could legally charge from where it
    stands (For Glory's charge: seen, reached, not blocked), or None."""
    others = [o for o in chargeable_units(b, charger) if o != fled]
    return min(others, key=lambda o: (gap(b, charger, o), b.name(o)), default=None)


def flee(b: Battle, e: int, charger: int) -> None:
    """WM-9: the unit turns its back on the charger and moves nD6 cm straight away (as far as the
    table and other bases allow, like a For Glory retreat)."""
    run_from(b, e, b.pose(charger), "WM-9")


def summed(b: Battle, check: str, e: int, dice: tuple[int, ...], outcome: str, rule: str) -> None:
    """A roll of several dice added together, each die in the event."""
    total = sum(dice)
    b.emit(
        Roll(
            check=check,
            unit=b.name(e),
            die=total,
            dice=dice,
            read="sum",
            modifiers=(),
            total=total,
            outcome=outcome,
            rule=rule,
        )
    )


def run_from(b: Battle, e: int, danger: Pose, rule: str) -> None:
    dice = b.dice.roll(flee_dice(b, e), D6)
    inches = sum(dice) * numbers(b).inches_per_cm
    summed(b, "flee", e, dice, f'{inches:.1f}" ({sum(dice)} cm)', rule)
    pose, cp = b.pose(e), danger
    away = (pose.x - cp.x, pose.y - cp.y)
    facing = math.degrees(math.atan2(away[1], away[0])) % 360
    fp = esper.component_for_entity(e, Footprint)
    if not b.physics.overlapping(fp.width, fp.depth, pose.x, pose.y, facing, exclude=(e,)):
        b.place(e, pose.x, pose.y, facing)  # turned in place, its rear to the charger
    start = (pose.x, pose.y)
    end, _blocked, stopped = farthest(b, e, away, inches, movement=True)
    b.place(e, end[0], end[1])
    esper.component_for_entity(e, Fled).fled = True
    b.emit(
        Moved(
            unit=b.name(e),
            path=(start, end),
            facing=b.pose(e).facing,
            distance=dist(start, end),
            how="flee",
            stopped=stopped,
        )
    )


def _pursue(b: Battle, chargers: list[int], target: int, may_redirect: bool) -> Resolution:
    """WM-DEC-4/5: a charger that still reaches the fled unit catches it and it is destroyed; one that
    does not may redirect its charge once (WM-21), or has failed and stays where it is. Either way every
    charger's order is spent."""
    charger = chargers[0]
    for e in chargers:
        begin_order(b, e)
    try:
        plan = plan_charge(b, charger, target, vision=False)  # WM-DEC-4: it saw its target at the charge
    except Reject as r:
        nearest = redirect_target(b, charger, target) if may_redirect else None
        if nearest is not None:
            answer = yield Decision(
                "redirect",
                b.side_of(charger),
                b.name(charger),
                (b.name(nearest),),
                payload=Charged(b.name(charger)),
            )
            if isinstance(answer, Redirect):
                b.emit(
                    Note(
                        rule="WM-21",
                        text=f"redirects its charge to {b.name(nearest)}",
                        unit=b.name(charger),
                        details={"target": b.name(nearest)},
                    )
                )
                yield from _answered(b, [charger], nearest, may_redirect=False)
                return
        text = f"the charge fails: {b.reason(r)}"
        b.emit(Note(rule="WM-DEC-5", text=text, unit=b.name(charger), details={"reason": b.reason(r)}))
        return
    if not obeys(b, charger):
        return
    arrive(b, plan, "charge")
    destroy(b, target, "WM-DEC-4", b.name(charger))
    return
    yield


# --- the AI and the client ------------------------------------------------------------------------

# worth to the charged side, in units (the heuristic AI's scale: a sure kill is 3)
CHARGE_WORTH = {"won": 1.0, "draw": 0.0, "lost": -1.5, "target breaks": -3.0}
FLED_COST = 0.4  # a unit that fled has given ground and turned its back


def _hold_worth(b: Battle, charger: int, target: int) -> float:
    try:
        odds = charge_odds(b, charger, target)
    except Reject:
        return 0.0
    worth = 0.0
    for outcome, p in odds.items():
        # outcomes are the charger's: "won: ..." is the charged unit's loss
        key = "lost" if outcome.startswith("won") else "won" if outcome.startswith("lost") else outcome
        worth += float(p) * CHARGE_WORTH.get(key, 0.0)
    return worth


def _holds(b: Battle, charger: int, target: int) -> Fraction:
    """The chance the charged unit is not beaten: the charger's melee is a draw or lost."""
    try:
        odds = charge_odds(b, charger, target)
    except Reject:
        return Fraction(1)
    return sum((p for k, p in odds.items() if k == "draw" or k.startswith("lost")), Fraction(0))


def _worths(b: Battle, d: Decision) -> dict[str, float]:
    target, charger = b.ids[d.unit], _charger(b, d)
    hold = _hold_worth(b, charger, target)
    out = {"hold": hold} if "hold" in d.options else {}  # WM-DEC-20: a fleeing unit may only flee
    if "stand_and_shoot" in d.options:
        seen = shot_line(b, target, charger)
        hit = fire_odds(b, target, charger, reaction=True, seen=seen)
        out["stand_and_shoot"] = hold + float(sum(p for k, p in hit.items() if k not in ("miss",))) * 0.9
    if "flee" in d.options:
        escape = float(escape_chance(b, charger, target))
        out["flee"] = escape * -FLED_COST + (1 - escape) * -3.0
    return out


def _charger(b: Battle, d: Decision) -> int:
    assert isinstance(d.payload, Charged)
    return b.ids[d.payload.charger]


def choose(b: Battle, d: Decision, judge: object = None) -> cmd.Command:
    """WM AI: the answer worth most by its exact odds."""
    worths = _worths(b, d)
    best = max(worths, key=lambda k: worths[k])
    return ChargeReaction(d.unit, best)  # type: ignore[arg-type]


def choices(b: Battle, d: Decision) -> list[Choice]:
    target, charger = b.ids[d.unit], _charger(b, d)
    out = []
    for option in d.options:
        if option == "hold":
            chance = Share(float(_holds(b, charger, target)))
            odds = f"holds its ground {chance}"
        elif option == "flee":
            chance = Share(float(escape_chance(b, charger, target)))
            odds = f"escapes {chance}"
        else:
            hit = fire_odds(b, target, charger, reaction=True, seen=shot_line(b, target, charger))
            chance = Share(float(sum(p for k, p in hit.items() if k != "miss")))
            odds = f"hits {chance}"
        hints = {
            "hold": "take the charge where it stands (WM-8)",
            "stand_and_shoot": "shoot at the charger as it comes, then take the charge (WM-6)",
            "flee": f"turn and run {flee_dice(b, target)}D6 cm; caught, it is destroyed (WM-9, WM-DEC-4)",
        }
        words = {"chance": chance, "dice": flee_dice(b, target)}
        answer = ChargeReaction(d.unit, option)  # type: ignore[arg-type]
        out.append(Choice(LABELS[option], answer, hints[option], odds, f"wm_{option}", words))
    return out


def _charge_worth(b: Battle, charger: int, target: int) -> float:
    """A charge's worth to the charger: minus its worth to the charged unit if it holds."""
    return -_hold_worth(b, charger, target)


def redirect_choice(b: Battle, d: Decision, judge: object = None) -> cmd.Command:
    """WM AI: redirect when the new charge is worth more than nothing by its exact odds."""
    charger, target = b.ids[d.unit], b.ids[d.options[0]]
    return Redirect(d.unit) if _charge_worth(b, charger, target) > 0 else cmd.Pass()


def redirect_choices(b: Battle, d: Decision) -> list[Choice]:
    charger, target = b.ids[d.unit], b.ids[d.options[0]]
    chance = Share(float(1 - _holds(b, charger, target)))
    words = {"target": d.options[0], "chance": chance}
    return [
        Choice(
            f"Charge {d.options[0]}",
            Redirect(d.unit),
            "the nearest enemy it can charge (WM-21)",
            f"wins {chance}",
            "wm_redirect",
            words,
        ),
        Choice("Stop", cmd.Pass(), "the charge fails; the unit stays where it is (WM-DEC-5)", key="wm_stop"),
    ]
