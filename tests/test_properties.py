"""Properties of the engine under random positions and random legal-looking orders (hypothesis).

A few units of two sides stand on a small table; they receive Move, Fire, Charge, Withdraw and Rally
orders with random targets and random answers to every decision (React or Pass, markers, extra moves).
After every command: no two bases in play overlap (FG-MOVE-2, AMB-49, AMB-64), every base in play is
wholly on the table, every unit in play has 0 to 2 hits (FG-HIT-3, AMB-27), and every roll's total is
its die plus its modifiers. The same seed and the same commands give the same events."""

from __future__ import annotations

from typing import Any

import esper
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Pose, Status
from game.model.events import Event, Moved, Roll
from game.model.geometry import convex_overlap, rect_corners
from game.model.physics import OVERLAP_TOL
from game.model.resolution import Decision
from tests.helpers import make_battle, officer, rules

SIZE = (24.0, 16.0)
CATEGORIES = ["LnInf", "LnInf", "LI", "HC", "LC", "HA", "FA"]
ACTIONS = ["fire", "charge", "retreat", "rally"]
MAX_ANSWERS = 6  # answers to one order's decisions; then Pass, so a refused answer cannot loop


UnitSpec = tuple[str, str, float, float, float, str, str, int]  # id, side, x, y, facing, cat, quality, hits


@st.composite
def armies(draw: st.DrawFn) -> list[UnitSpec]:
    """Two to three units a side, each side in its own half and roughly facing the other, wholly on
    the table and overlapping nothing."""
    b = rules().core.bases
    placed: list[tuple[Any, ...]] = []
    out: list[UnitSpec] = []
    half = SIZE[1] / 2
    for side, ys, ahead in (("es", (1.5, half + 2), 90), ("en", (half - 2, SIZE[1] - 1.5), 270)):
        for i in range(draw(st.integers(2, 3))):
            for _attempt in range(20):
                x = draw(st.floats(1.5, SIZE[0] - 1.5))
                y = draw(st.floats(*ys))
                facing = float(ahead + draw(st.sampled_from([0, 0, 0, 10, -10, 30, -45, 90, 180])))
                corners = rect_corners(x, y, facing, b.unit_width, b.unit_depth)
                on_table = all(0 <= px <= SIZE[0] and 0 <= py <= SIZE[1] for px, py in corners)
                if on_table and not any(convex_overlap(corners, c) for c in placed):
                    placed.append(corners)
                    cat = draw(st.sampled_from(CATEGORIES))
                    q = draw(st.sampled_from("MIRVE"))
                    out.append((f"{side}{i}", side, x, y, facing, cat, q, draw(st.integers(0, 2))))
                    break
    return out


def build(units: list[UnitSpec], officers: tuple[tuple[float, float], ...], seed: int) -> Battle:
    b = make_battle(seed=seed, size=SIZE)
    officer(b, "es-div", "es", officers[0])
    officer(b, "en-div", "en", officers[1])
    for ident, side, x, y, facing, cat, q, hits in units:
        b.add_unit(ident, side, f"{side}-div", cat, q, (x, y), facing, hits)
    return b


def check_invariants(b: Battle, events: list[Event]) -> None:
    b.enter()
    bases = [
        (b.name(e), esper.component_for_entity(e, Pose).corners, esper.component_for_entity(e, Hits).count)
        for e, st_ in esper.get_component(Status)
        if st_.in_play
    ]
    for i, (name, corners, hits) in enumerate(bases):
        assert b.table.holds(corners), f"{name} is off the table"
        assert 0 <= hits <= 2, f"{name} has {hits} hits"
        for other, theirs, _ in bases[i + 1 :]:
            # bases in contact touch; the engine's own tolerance tells touching from overlapping
            assert not convex_overlap(corners, theirs, tol=OVERLAP_TOL), f"{name} overlaps {other}"
    for ev in events:
        if isinstance(ev, Roll):
            d = ev.to_dict()
            assert 1 <= d["die"] <= 6
            assert d["total"] == d["die"] + sum(m["value"] for m in d["modifiers"])


def answer(data: st.DataObject, b: Battle, d: Decision, count: int) -> cmd.Command:
    if count >= MAX_ANSWERS:
        return cmd.Pass()
    if d.kind == "reaction":
        k = data.draw(st.integers(0, len(d.options)))
        if k == 0:
            return cmd.Pass()
        return cmd.React(d.options[k - 1], data.draw(st.sampled_from(ACTIONS)))
    if d.kind == "marker" and data.draw(st.booleans()):
        return cmd.PlaceMarker((data.draw(st.floats(0, SIZE[0])), data.draw(st.floats(0, SIZE[1]))))
    if d.kind == "extra_move" and data.draw(st.booleans()):
        pose = b.pose(b.ids[d.unit])
        to = (pose.x + data.draw(st.floats(-4, 4)), pose.y + data.draw(st.floats(-4, 4)))
        return cmd.ExtraMove(d.unit, to, data.draw(st.sampled_from([None, 0.0, 90.0, 180.0, 270.0])))
    return cmd.Pass()


def an_order(data: st.DataObject, b: Battle, names: list[str]) -> cmd.Command:
    me = data.draw(st.sampled_from(names))
    side = me[:2]
    here = b.pose(b.ids[me])
    enemies = sorted(
        (n for n in names if n[:2] != side),
        key=lambda n: (b.pose(b.ids[n]).x - here.x) ** 2 + (b.pose(b.ids[n]).y - here.y) ** 2,
    )
    enemies = enemies[:1] * 3 + enemies  # mostly the nearest (FG-FIRE-2)
    friends = [n for n in names if n[:2] == side and n != me]
    kind = data.draw(
        st.sampled_from(["move", "move", "fire", "fire", "charge", "charge", "charge", "withdraw", "rally"])
    )
    if kind == "move":
        pose = here
        to = (pose.x + data.draw(st.floats(-5, 5)), pose.y + data.draw(st.floats(-5, 5)))
        facing = data.draw(st.one_of(st.none(), st.integers(0, 359).map(float)))
        fire = data.draw(st.one_of(st.none(), st.sampled_from(enemies)))
        return cmd.Move(me, to, facing, fire)
    if kind == "fire":
        return cmd.Fire(me, data.draw(st.sampled_from(enemies)))
    if kind == "charge":
        combined = tuple(data.draw(st.lists(st.sampled_from(friends), max_size=1))) if friends else ()
        return cmd.Charge(me, data.draw(st.sampled_from(enemies)), combined)
    if kind == "withdraw":
        return cmd.Withdraw(me)
    return cmd.Rally(me)


def run_commands(b: Battle, commands: list[cmd.Command]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in commands:
        out += [e.to_dict() for e in b.apply(c)]
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    units=armies(),
    officers=st.tuples(
        st.tuples(st.floats(1, SIZE[0] - 1), st.floats(1, SIZE[1] / 2)),
        st.tuples(st.floats(1, SIZE[0] - 1), st.floats(SIZE[1] / 2, SIZE[1] - 1)),
    ),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_random_orders_keep_the_battle_sound(
    units: list[UnitSpec], officers: tuple[tuple[float, float], ...], seed: int, data: st.DataObject
) -> None:
    names = [u[0] for u in units]
    applied: list[cmd.Command] = []
    first: list[dict[str, Any]] = []
    b = build(units, officers, seed)
    try:
        for _ in range(data.draw(st.integers(2, 8))):
            alive = [n for n in names if b.comp(b.ids[n], Status).in_play]
            if len({n[:2] for n in alive}) < 2:
                break
            order = an_order(data, b, alive)
            for c in (cmd.Activate(order.unit, leadership=data.draw(st.booleans())), order):  # type: ignore[attr-defined]
                applied.append(c)
                events = b.apply(c)
                first += [e.to_dict() for e in events]
                check_invariants(b, events)
            count = 0
            while b.pending is not None:
                c = answer(data, b, b.pending, count)
                count += 1
                applied.append(c)
                events = b.apply(c)
                first += [e.to_dict() for e in events]
                check_invariants(b, events)
    finally:
        b.close()
    again = build(units, officers, seed)
    try:
        assert run_commands(again, applied) == first  # the same seed and commands, the same battle
    finally:
        again.close()


def test_a_charger_paused_for_reactions_stands_wholly_on_the_table() -> None:
    """Found by the property above: a charger by the table's edge, already inside its target's reaction
    area, pauses at once for reactions (AMB-24). Turned in place to face the target, its base hung over
    the edge while the enemy could react. It now keeps its facing until contact when turning in place
    would take it off the table, and a pause always finds the charger wholly on the table."""
    b = make_battle(seed=0, size=(16, 12))
    try:
        officer(b, "es-div", "es", (6, 1))
        officer(b, "en-div", "en", (6, 8))
        b.add_unit("es2", "es", "es-div", "LnInf", "M", (2.0, 0.6), 90.0, 0)
        b.add_unit("en1", "en", "en-div", "LnInf", "M", (2.0, 4.0), 280.0, 0)
        b.apply(cmd.Activate("es2", leadership=False))
        events = b.apply(cmd.Charge("es2", "en1"))
        assert b.pending is not None and b.pending.kind == "reaction" and b.pending.stage == "during"
        check_invariants(b, events)
        later: list[Event] = []
        while b.pending is not None:
            events = b.apply(cmd.Pass())
            check_invariants(b, events)
            later += events
        assert [e.kind for e in later][:3] == ["moved", "contact", "roll"]  # the charge goes on to its melee
        moved = later[0]
        assert isinstance(moved, Moved) and moved.facing == 100.0  # it turned to face en1 at contact
    finally:
        b.close()
