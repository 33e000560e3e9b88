"""FG-TERM-1..5, FG-CMD-1, FG-OFF-1, FG-OFF-9: terminology and the chain of command."""

import esper
import pytest

from game.model import commands as cmd
from game.model.components import Officer, Unit
from game.running.match import new_match
from systems.for_glory.checks import leadership_modifiers
from systems.for_glory.hits import destroy
from tests.helpers import of, officer, order, rules, unit


def test_FG_TERM_1_brigades_and_batteries_are_the_smallest_bodies():
    """FG-TERM-1: every category is a brigade (infantry, cavalry) or a battery (artillery)."""
    types = {c.code: c.type for c in rules().categories.values()}
    assert types == {
        "LnInf": "infantry",
        "LI": "infantry",
        "HC": "cavalry",
        "LC": "cavalry",
        "FA": "artillery",
        "HA": "artillery",
    }


def test_FG_TERM_2_a_cavalry_brigade_counts_as_a_brigade(battle):
    """FG-TERM-2: a body of cavalry squadrons is also a brigade: losing it gives its officer a
    lost-brigade counter, exactly as an infantry brigade does."""
    b = battle([])
    unit(b, "H", "fr", (10, 10), 90, cat="HC")
    unit(b, "I", "fr", (14, 10), 90)
    unit(b, "J", "fr", (18, 10), 90)
    unit(b, "E", "en", (40, 40), 270)
    b.enter()
    destroy(b, b.ids["H"], "FG-LOST-1", None)
    assert esper.component_for_entity(b.ids["fr-div"], Officer).lost_brigades == 1


def test_FG_TERM_3_any_unit_means_every_category(battle):
    """FG-TERM-3: a rule for "any unit" (here Retreat, FG-ORD-9) applies to every category."""
    for code in rules().categories:
        b = battle([])
        unit(b, "U", "fr", (20, 20), 90, cat=code)
        unit(b, "E", "en", (20, 30), 270)
        events = order(b, cmd.Withdraw("U"))
        assert of(events, "moved"), code


def test_FG_TERM_4_brigades_are_grouped_into_divisions_under_a_general():
    """FG-TERM-4: each unit of a scenario belongs to the division general it is listed under."""
    m = new_match("default", 1)
    b = m.battle
    b.enter()
    for sd in m.scenario.spec.sides:
        for dv in sd.divisions:
            off = esper.component_for_entity(b.ids[dv.id], Officer)
            assert off.role == "division"
            assert off.assigned == [u.id for u in dv.units]
            for u in dv.units:
                assert esper.component_for_entity(b.ids[u.id], Unit).division == dv.id
    b.close()


def test_FG_TERM_5_the_division_is_the_acting_body(battle):
    """FG-TERM-5: units act when their division activates; a unit of another division waits."""
    b = battle([])
    officer(b, "d1", "fr", (10, 8))
    officer(b, "d2", "fr", (30, 8))
    unit(b, "A", "fr", (10, 10), 90, division="d1")
    unit(b, "B", "fr", (30, 10), 90, division="d2")
    unit(b, "E", "en", (50, 40), 270)
    b.apply(cmd.Activate("d1", leadership=False))
    refused = b.apply(cmd.Move("B", (30, 12)))
    assert refused[0].kind == "rejected" and refused[0].rule == "FG-OFF-8"
    assert of(b.apply(cmd.Move("A", (10, 12))), "moved")


def test_FG_CMD_1_only_division_generals_and_the_estado_mayor_are_on_the_table():
    """FG-CMD-1: a battle holds one officer per division plus one estado mayor a side, no others."""
    m = new_match("default", 2)
    b = m.battle
    b.enter()
    roles = sorted((b.side_of(e), o.role) for e, o in esper.get_component(Officer))
    for sd in m.scenario.spec.sides:
        assert roles.count((sd.id, "staff")) == 1
        assert roles.count((sd.id, "division")) == len(sd.divisions)
    b.close()


def test_FG_OFF_1_officers_stand_on_round_bases_and_command_a_division(battle):
    """FG-OFF-1: an officer is a round base (20 mm, 0.8") that commands its division's units."""
    b = battle([])
    unit(b, "A", "fr", (10, 10), 90)
    b.enter()
    off = esper.component_for_entity(b.ids["fr-div"], Officer)
    assert off.radius * 2 == pytest.approx(rules().core.bases.officer_diameter) == pytest.approx(0.8)
    assert off.assigned == ["A"]


def test_FG_OFF_9_experience_decides_how_likely_coordination_errors_are(battle):
    """FG-OFF-9: the same officer at the same distance adds his experience to the leadership roll."""
    totals = {}
    for exp in (1, 6):
        b = battle([])
        officer(b, "staff", "fr", (10, 2), role="staff")
        officer(b, "d", "fr", (10, 20), experience=exp)
        b.enter()
        totals[exp] = sum(m.value for m in leadership_modifiers(b, b.ids["d"]))
    assert totals[6] - totals[1] == 5


def test_FG_SCALE_1_and_FG_BASE_4_the_ground_scale_of_measures_and_bases():
    """FG-SCALE-1: 4" is 1 km, so S (1 km) is 4" and XS (500 m) is 2". FG-BASE-4: a brigade's
    base stands for a 500 m front, the same XS."""
    r = rules()
    inches_per_km = 4.0
    assert r.length("S") == inches_per_km * 1.0
    assert r.length("XS") == inches_per_km * 0.5
    assert r.core.bases.unit_width == r.length("XS")
