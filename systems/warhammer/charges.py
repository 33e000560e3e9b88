"""Module `warhammer-charges`: a charged unit answers a charge as in Warhammer (WM-5..9) before the
charger moves: it Holds, Stands and Shoots, or Flees; a charger whose target fled catches it or fails
(WM-DEC-4, WM-DEC-5). It replaces For Glory's `charge` hook and then calls For Glory's own charge, so
the charge's route, reactions on the way and melee stay For Glory's."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

import esper

from game.model import commands as cmd
from game.model import probability
from game.model.battle import Battle
from game.model.components import Footprint, Officer, Pose, Status, Unit
from game.model.dice import D6
from game.model.events import Moved, Note, Rejected, Roll
from game.model.geometry import EPS, dist
from game.model.limits import Bounds
from game.model.modules import Choice, DecisionKind, RuleModule, named
from game.model.resolution import Decision, Reject, Resolution, refuse
from game.model.ruleset import Ruleset
from game.model.session import ask
from systems.for_glory.charge.contact import arrive
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.charge.order import charge as for_glory_charge
from systems.for_glory.charge.plan import chargeable_units, plan_charge
from systems.for_glory.checks import staff_of
from systems.for_glory.command import activate as for_glory_activate
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
    """WM-5: Hold always; Stand and Shoot (WM-6) and Flee, except for a unit already in close combat."""
    if contacts(b, target):
        return ["hold"]
    out: list[Reaction] = ["hold"]
    if shot_line(b, target, charger) is not None:
        out.append("stand_and_shoot")
    return [*out, "flee"]


def _why_not(b: Battle, charger: int, target: int, choice: Reaction) -> str:
    if choice not in LABELS:
        return f"{choice!r} is not an answer to a charge: {', '.join(LABELS)} (WM-5)"
    if contacts(b, target):
        return "a unit already in close combat may only hold"
    return (
        f"{b.name(target)} cannot stand and shoot: it must be able to shoot and see {b.name(charger)}, "
        "and the charger must start more than half its charge distance away"
    )


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
        choice: Reaction = answer.reaction if isinstance(answer, ChargeReaction) else "hold"  # Pass: hold
        if isinstance(answer, ChargeReaction) and answer.unit != b.name(target):
            why = f"{b.name(target)} is the unit charged: only it answers the charge"
        elif choice not in options:
            why = _why_not(b, charger, target, choice)
        else:
            break
        b.emit(
            Rejected(
                rule="WM-5" if choice == "flee" else "WM-6", reason=why, unit=b.name(target), order="react"
            )
        )
    b.emit(
        Note(
            rule="WM-5",
            text=f"answers the charge of {b.name(charger)}: {LABELS[choice]}",
            unit=b.name(target),
            details={"say": "wm_answer", "charger": b.name(charger), "choice": choice},
        )
    )
    if choice == "stand_and_shoot":
        seen = shot_line(b, target, charger)
        esper.component_for_entity(target, Status).reacted = True  # its reaction to this charge
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
    _run_from(b, e, b.pose(charger), "WM-9")


def _summed(b: Battle, check: str, e: int, dice: tuple[int, ...], outcome: str, rule: str) -> None:
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


def _run_from(b: Battle, e: int, danger: Pose, rule: str) -> None:
    dice = b.dice.roll(flee_dice(b, e), D6)
    inches = sum(dice) * numbers(b).inches_per_cm
    _summed(b, "flee", e, dice, f'{inches:.1f}" ({sum(dice)} cm)', rule)
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


# --- rallying (WM-10..14) ---------------------------------------------------------------------


def leadership(b: Battle, e: int) -> tuple[int, str]:
    """WM-10 (WM-DEC-7): the unit's Leadership by its quality, or the General's (the estado mayor's)
    when he is within 30 cm of it; with the reason, for the roll's line."""
    n = numbers(b)
    own = n.leadership.get(esper.component_for_entity(e, Unit).quality.code, n.leadership_default)
    staff = staff_of(b, b.side_of(e))
    near = n.general_within_cm * n.inches_per_cm
    if staff is not None and n.general_leadership > own and within(gap(b, e, staff), near):
        return n.general_leadership, "the General's Leadership (WM-10)"
    return own, "its Leadership (WM-DEC-7)"


def rally_chance(b: Battle, e: int) -> Fraction:
    value, _why = leadership(b, e)
    return probability.chance(probability.total(numbers(b).rally_dice, D6), lambda t: t <= value)


def rally_fled(b: Battle, units: list[str]) -> Resolution:
    """WM-10..15 (WM-DEC-8): when its formation activates, each fled unit may test to rally (WM-14: its
    player may let it flee on): passed, it stops fleeing but does nothing else this activation (WM-12)
    unless it is fast cavalry (WM-13); failed or not tried, it flees again from the nearest enemy (a
    compulsory move, WM-15) and takes no order either."""
    for name in units:
        e = b.ids[name]
        fled = esper.component_for_entity(e, Fled)
        st = esper.component_for_entity(e, Status)
        if not fled.fled or not st.in_play:
            continue
        answer = yield Decision("rally", b.side_of(e), name, ("rally", "flee on"))
        if isinstance(answer, KeepFleeing):
            st.ordered = True
            b.emit(Note(rule="WM-14", text="keeps fleeing", unit=name))
            _flee_on(b, e)
            continue
        value, why = leadership(b, e)
        dice = b.dice.roll(numbers(b).rally_dice, D6)
        ok = sum(dice) <= value
        _summed(
            b,
            "rally",
            e,
            dice,
            f"{'rallies' if ok else 'flees on'}: {sum(dice)} against {why} {value}",
            "WM-10",
        )
        fast = esper.component_for_entity(e, Unit).category.code in numbers(b).fast_cavalry
        st.ordered = not (ok and fast)  # WM-12: a rallied unit does nothing else, but fast cavalry (WM-13)
        if ok:
            fled.fled = False
            yield from _take_facing(b, e)
            if fast:
                b.emit(
                    Note(rule="WM-13", text="fast cavalry: rallied, it may still take its order", unit=name)
                )
            continue
        _flee_on(b, e)


RALLY_FACINGS = ("enemy", "about", "keep")


def rally_facing(b: Battle, e: int, way: str) -> float | None:
    """WM-12: the facing a way names: towards the nearest enemy unit's centre, about face, a number
    of degrees; None keeps the facing it fled with."""
    pose = b.pose(e)
    if way == "about":
        return (pose.facing + 180.0) % 360.0
    enemies = list(b.enemy_units(b.side_of(e)))
    if way == "enemy" and enemies:
        o = b.pose(min(enemies, key=lambda o: (gap(b, e, o), b.name(o))))
        return math.degrees(math.atan2(o.y - pose.y, o.x - pose.x)) % 360.0
    try:
        degrees = float(way)
    except ValueError:
        return None
    return degrees % 360.0 if math.isfinite(degrees) else None


def _turns_free(b: Battle, e: int, facing: float) -> bool:
    fp, pose = esper.component_for_entity(e, Footprint), b.pose(e)
    return not b.physics.overlapping(fp.width, fp.depth, pose.x, pose.y, facing, exclude=(e,))


def _take_facing(b: Battle, e: int) -> Resolution:
    """WM-12 (WM-DEC-19): a rallied unit takes any facing, turning in place about its centre where its
    base fits (For Glory's turn, FG-MOVE-5); a base has no ranks, so formation stays as it is."""
    name = b.name(e)

    def fits(answer: cmd.Command) -> None:
        if not isinstance(answer, RallyFacing):
            return
        facing = rally_facing(b, e, answer.way)
        if facing is None or not _turns_free(b, e, facing):
            raise refuse("WM-12", "reason_wm_rally_facing", unit=name, way=answer.way)

    answer = yield from ask(b, Decision("rally_facing", b.side_of(e), name, RALLY_FACINGS), fits)
    facing = rally_facing(b, e, answer.way) if isinstance(answer, RallyFacing) else None
    if facing is None:
        return
    pose = b.pose(e)
    b.place(e, pose.x, pose.y, facing)
    path = ((pose.x, pose.y),) * 2
    b.emit(Moved(unit=name, path=path, facing=facing, distance=0.0, how="rally", rules=("WM-12",)))


def rally_facing_choice(b: Battle, d: Decision, judge: object = None) -> cmd.Command:
    """WM AI: a rallied unit faces the nearest enemy when its base fits so turned."""
    facing = rally_facing(b, b.ids[d.unit], "enemy")
    return (
        RallyFacing(d.unit, "enemy")
        if facing is not None and _turns_free(b, b.ids[d.unit], facing)
        else cmd.Pass()
    )


def rally_facing_choices(b: Battle, d: Decision) -> list[Choice]:
    e = b.ids[d.unit]
    out = []
    for way in ("enemy", "about"):
        facing = rally_facing(b, e, way)
        if facing is not None and _turns_free(b, e, facing):
            words = {"degrees": f"{facing:.0f}"}
            out.append(
                Choice(
                    f"Face {way}", RallyFacing(d.unit, way), "WM-12", f"{facing:.0f}", f"wm_face_{way}", words
                )
            )
    return [*out, Choice("Keep facing", cmd.Pass(), "WM-12", key="wm_face_keep")]


def _flee_on(b: Battle, e: int) -> None:
    """WM-15: a fleeing unit's compulsory move, away from the nearest enemy unit."""
    enemies = list(b.enemy_units(b.side_of(e)))
    if enemies:
        nearest = min(enemies, key=lambda o: (gap(b, e, o), b.name(o)))
        _run_from(b, e, b.pose(nearest), "WM-15")


def activation(b: Battle, c: cmd.Activate) -> Resolution | None:
    """WM-1 (WM-DEC-8): For Glory's activation, then the rally tests of the formation's fled units,
    before any of its orders (the rally step comes before the moves)."""
    for_glory_activate(b, c)
    assert b.activation is not None
    for e in b.enemy_units(b.activation.formation.side):  # WM-DEC-11: a fleeing unit does not react
        if esper.component_for_entity(e, Fled).fled:
            esper.component_for_entity(e, Status).reacted = True
    fled = [u for u in b.activation.formation.units if esper.component_for_entity(b.ids[u], Fled).fled]
    return rally_fled(b, fled) if fled else None


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
    out = {"hold": hold}
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
            chance = f"{float(_holds(b, charger, target)):.0%}"
            odds = f"holds its ground {chance}"
        elif option == "flee":
            chance = f"{float(escape_chance(b, charger, target)):.0%}"
            odds = f"escapes {chance}"
        else:
            hit = fire_odds(b, target, charger, reaction=True, seen=shot_line(b, target, charger))
            chance = f"{float(sum(p for k, p in hit.items() if k != 'miss')):.0%}"
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


def rally_choices(b: Battle, d: Decision) -> list[Choice]:
    chance = f"{float(rally_chance(b, b.ids[d.unit])):.0%}"
    return [
        Choice(
            "Rally",
            cmd.Pass(),
            "2D6 at or under its Leadership (WM-10)",
            chance,
            "wm_rally",
            {"chance": chance},
        ),
        Choice(
            "Flee on",
            KeepFleeing(d.unit),
            "it runs from the nearest enemy again (WM-14, WM-15)",
            key="wm_flee_on",
        ),
    ]


def redirect_choices(b: Battle, d: Decision) -> list[Choice]:
    charger, target = b.ids[d.unit], b.ids[d.options[0]]
    chance = f"{float(1 - _holds(b, charger, target)):.0%}"
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


# Its prompts and the words of its choices in each language: content/modules/warhammer-charges/locale.
def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The categories and qualities the numbers name must be the ruleset's."""
    n: ChargeNumbers = records["charges"]
    known = ", ".join(sorted(rules.categories))
    problems = [
        ("charges", "fast_cavalry", f"no unit category {code!r} (known: {known})")
        for code in n.fast_cavalry
        if code not in rules.categories
    ]
    return problems + [
        ("charges", f"leadership.{q}", f"no quality {q!r} (known: {', '.join(sorted(rules.qualities))})")
        for q in n.leadership
        if q not in rules.qualities
    ]


# --- its rolls in the battle log (game/running/narrate.py; the words: its locale's narration.toml) ----------

RALLY = re.compile(r"(?P<result>rallies|flees on): \d+ against (?P<whose>.+) (?P<value>\d+)")


def tell_flee(e: Mapping[str, Any], n: Any) -> str:
    """WM-9, WM-15: the dice of a flight, in centimetres (its move's line gives the inches)."""
    return n.say("log_wm_flee", who=n.name(e["unit"]), dice=n.dice(e), cm=e["total"], rule=e["rule"])


def tell_rally(e: Mapping[str, Any], n: Any) -> str:
    """WM-10: the dice of a rally test against the unit's or the General's Leadership."""
    m = RALLY.fullmatch(e["outcome"])
    if m is None:
        return str(n.plain(e))
    whose = "log_wm_general" if "(WM-10)" in m["whose"] else "log_wm_own"
    key = "log_wm_rallies" if m["result"] == "rallies" else "log_wm_flees_on"
    return n.say(
        key, who=n.name(e["unit"]), dice=n.dice(e), leadership=n.say(whose, value=m["value"]), rule=e["rule"]
    )


WARHAMMER_CHARGES = RuleModule(
    id=ID,
    name="Warhammer charges",
    description="a charged unit holds, stands and shoots, or flees before the charger moves (WM-5..9)",
    prefix="WM-",
    mode="for-glory",
    decisions=(
        DecisionKind(
            "rally",
            (KeepFleeing, cmd.Pass),
            ai=lambda b, d, judge: cmd.Pass(),  # rallying is always worth trying (WM-14)
            scripted=named({"rally": lambda d: cmd.Pass(), "flee on": lambda d: KeepFleeing(d.unit)}),
            choices=rally_choices,
            rules=("WM-10", "WM-14", "WM-15"),
        ),
        DecisionKind(
            "rally_facing",
            (RallyFacing, cmd.Pass),
            ai=rally_facing_choice,
            scripted=lambda d, name: cmd.Pass() if name == "keep" else RallyFacing(d.unit, name),
            choices=rally_facing_choices,
            rules=("WM-12",),
        ),
        DecisionKind(
            "redirect",
            (Redirect, cmd.Pass),
            ai=redirect_choice,
            scripted=named({"charge": lambda d: Redirect(d.unit), "stop": lambda d: cmd.Pass()}),
            choices=redirect_choices,
            rules=("WM-21", "WM-DEC-5"),
        ),
        DecisionKind(
            "charge_reaction",
            (ChargeReaction, cmd.Pass),
            ai=choose,
            scripted=lambda d, name: ChargeReaction(d.unit, name),  # type: ignore[arg-type]
            choices=choices,
            rules=("WM-5", "WM-6", "WM-7", "WM-8", "WM-9"),
        ),
    ),
    commands=(ChargeReaction, Redirect, KeepFleeing, RallyFacing),
    hooks={"charge": charge, "activation": activation},
    components=(lambda b, e: Fled(),),
    dice=(D6,),
    narration={"roll:WM-9": tell_flee, "roll:WM-15": tell_flee, "roll:WM-10": tell_rally},
    records={"charges": ChargeNumbers},
    check=check,
)
