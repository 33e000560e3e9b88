"""Module `warhammer-charges`': rallying a unit that fled (WM-10..15). When its formation activates, each
fled unit may test to rally against its Leadership or the General's (or its player lets it flee on);
rallied, it takes any facing that fits; failed, it flees again from the nearest enemy. Also what the
computer and the client choose and offer for a rally and a rallied unit's facing."""

from __future__ import annotations

import math
from fractions import Fraction

import esper

from game.model import commands as cmd
from game.model import probability
from game.model.battle import Battle
from game.model.components import Footprint, Status, Unit
from game.model.dice import D6
from game.model.events import Moved, Note
from game.model.modules import Choice
from game.model.resolution import Decision, Resolution, refuse
from game.model.session import ask
from game.model.words import Share
from systems.for_glory.checks import staff_of
from systems.for_glory.command import activate as for_glory_activate
from systems.for_glory.measure import gap, within
from systems.warhammer.charges import Fled, KeepFleeing, RallyFacing, numbers, run_from, summed


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
        summed(
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
        run_from(b, e, b.pose(nearest), "WM-15")


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


def rally_choices(b: Battle, d: Decision) -> list[Choice]:
    chance = Share(float(rally_chance(b, b.ids[d.unit])))
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
