"""FG-GEN, FG-SCALE, FG-BASE, FG-ARMY, FG-PREP, FG-DEP, FG-OFF-6: from a scenario file to the first
round. Small scenarios are written into tmp_path with fixed experience and arrival where a test
needs them, every die is fixed, and the battle is driven by Commands answering its decisions."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import esper
import pytest

from game import CONTENT
from game.content.ruleset_files import load_ruleset
from game.content.scenario import army_points, load_scenario
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Footprint, Officer, Unit
from game.model.errors import ContentError
from game.running.match import Match, new_match, summary
from tests.helpers import (
    DEPLOY_AT,
    FACING,
    army,
    deploy_all,
    deploy_next,
    division,
    line_up,
    of,
    officer_of,
    pos,
    start,
    status,
    write_scenario,
)

# Dice of a default start (tests.helpers.write_scenario): the deployment roll-off (blue, red),
# won by red; then round 1's initiative: r1 (2 dice: near his estado mayor), r2, b1 (2), b2.
RED_FIRST = [2, 5]
INITIATIVE = [6, 6, 5, 1, 1, 3]


def rolls(m: Match, check: str) -> list:
    return [e for e in m.battle.events if e.kind == "roll" and e.check == check]


def deploy_order(m: Match) -> list[str]:
    return [e.division for e in of(m.battle.events, "deployed")]


# --- FG-GEN, FG-SCALE, FG-BASE, FG-MINI ---------------------------------------------------------


def test_FG_GEN_1_the_core_rules_alone_play_a_battle(tmp_path: Path, matches: list[Match]) -> None:
    """FG-GEN-1: the core ruleset, with no supplement, sets up a battle through to its first round."""
    rules = load_ruleset()
    assert rules.id == "for-glory"
    assert sorted(p.name for p in (CONTENT / "rulesets" / "for-glory").glob("*.toml")) == sorted(
        [
            "game.toml",
            "modifiers.toml",
            "qualities.toml",
            "results.toml",
            "ruleset.toml",
            "terrain.toml",
            "units.toml",
        ]
    )
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE)
    deploy_all(m)
    assert m.battle.pending is not None and m.battle.pending.kind == "activate"
    assert m.battle.game is not None and m.battle.game.round == 1


def test_FG_BASE_1_FG_BASE_3_one_base_per_unit_of_the_recommended_size(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-BASE-1, FG-SCALE-2: each brigade or battery is one base; FG-BASE-3: 50x30 mm (2 x 1.2 in)
    for every unit type and 20 mm (0.8 in) round officers; FG-BASE-2: the same on both sides."""
    sides = (
        army("red", "south", division("r1", ("r1a", "LnInf", "R"), ("r1b", "HC", "V")), division("r2")),
        army("blue", "north", division("b1", ("b1a", "FA", "R"), ("b1b", "LC", "I")), division("b2")),
    )
    m = start(matches, write_scenario(tmp_path, sides), RED_FIRST + INITIATIVE)
    deploy_all(m)
    b = m.battle
    b.enter()
    units = list(b.units())
    assert len(units) == 8
    for u in units:
        fp = esper.component_for_entity(u, Footprint)
        assert (fp.width, fp.depth) == (2.0, 1.2)
        assert len(b.pose(u).corners) == 4
    for o in b.officers():
        assert esper.component_for_entity(o, Officer).radius == pytest.approx(0.4)


def test_FG_SCALE_3_doubling_every_measure_and_base(tmp_path: Path, matches: list[Match]) -> None:
    """FG-SCALE-3: a ruleset copy with all measures and bases doubled (15 mm figures): bases are
    4 x 2.4 in, and a unit 12 in from its officer is within the doubled L (16 in); with the standard
    ruleset the same deployment breaks FG-DEP-9 (L = 8 in)."""
    root = tmp_path / "rulesets"
    shutil.copytree(CONTENT / "rulesets" / "for-glory", root / "for-glory")
    core = root / "for-glory" / "ruleset.toml"
    keys = (
        "XS",
        "S",
        "M",
        "L",
        "XL",
        "unit_width",
        "unit_depth",
        "officer_diameter",
        "road_width",
        "road_tolerance",
    )
    text, n = re.subn(
        rf"^({'|'.join(keys)}) = ([\d.]+)",
        lambda m: f"{m[1]} = {float(m[2]) * 2}",
        core.read_text(),
        flags=re.M,
    )
    assert n == len(keys)
    core.write_text(text)
    doubled = load_ruleset(root=root)
    assert [doubled.length(k) for k in ("XS", "S", "M", "L", "XL")] == [4.0, 8.0, 12.0, 16.0, 20.0]
    path = write_scenario(tmp_path, table=(96, 80))
    far = cmd.Deploy("r1", (20.0, 8.0), (("r1a", 20.0, 21.2, 90.0), ("r1b", 26.0, 21.2, 90.0)))
    # r1a's near edge is 11.2" from the officer's edge (21.2 - 1.2 - 8.8); 12.2" with standard bases
    big = start(matches, path, RED_FIRST, rules=doubled)
    big.battle.enter()
    assert esper.component_for_entity(big.battle.ids["r1a"], Footprint).width == 4.0
    assert officer_of(big.battle, "r1").radius == pytest.approx(0.8)
    big.apply(far)
    assert of(big.battle.events, "deployed")[0].division == "r1"
    assert pos(big.battle, "r1a") == (20.0, 21.2)
    small = start(matches, path, RED_FIRST)
    events = small.apply(far)
    assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-9"]
    assert not of(small.battle.events, "deployed")


# --- FG-ARMY ------------------------------------------------------------------------------------


def test_FG_ARMY_1_armies_of_different_sizes(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ARMY-1: one side has three divisions, the other two; both deploy and roll initiative."""
    sides = (
        army("red", "south", division("r1"), division("r2"), division("r3")),
        army("blue", "north", division("b1"), division("b2")),
    )
    # roll-off red wins; initiative r1 (2 dice), r2, r3, b1 (2 dice), b2
    m = start(matches, write_scenario(tmp_path, sides), [2, 5, 6, 6, 5, 4, 1, 1, 3])
    deploy_all(m, at={"r3": (24.0, 14.0)})
    b = m.battle
    assert deploy_order(m) == ["r1", "b1", "r2", "b2", "r3"]
    assert b.game is not None and b.game.initiative == {"r1": 12, "r2": 5, "r3": 4, "b1": 2, "b2": 3}
    assert sorted(f.key for f in b.formations) == ["b1", "b2", "r1", "r2", "r3"]
    assert len(list(b.units("red"))) == 6 and len(list(b.units("blue"))) == 4


def test_FG_ARMY_2_the_players_choose_the_units(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ARMY-2: the scenario decides the number and type of units: each enters with its category
    and quality."""
    sides = (
        army(
            "red",
            "south",
            division("r1", ("r1a", "HC", "V"), ("r1b", "LC", "I"), ("r1c", "HA", "R")),
            division("r2"),
        ),
        army("blue", "north", division("b1", ("b1a", "FA", "M"), ("b1b", "LI", "R")), division("b2")),
    )
    m = start(matches, write_scenario(tmp_path, sides), RED_FIRST)
    b = m.battle
    b.enter()
    got = {
        n: (
            esper.component_for_entity(b.ids[n], Unit).category.code,
            esper.component_for_entity(b.ids[n], Unit).quality.code,
        )
        for n in ("r1a", "r1b", "r1c", "b1a", "b1b")
    }
    assert got == {
        "r1a": ("HC", "V"),
        "r1b": ("LC", "I"),
        "r1c": ("HA", "R"),
        "b1a": ("FA", "M"),
        "b1b": ("LI", "R"),
    }
    assert officer_of(b, "r1").assigned == ["r1a", "r1b", "r1c"]


def test_FG_ARMY_3_points_per_unit(tmp_path: Path) -> None:
    """FG-ARMY-3 (AMB-16): infantry brigade 1, cavalry brigade 2, every artillery battery (FA and
    HA) 2; quality changes nothing and officers cost nothing."""
    rules = load_ruleset()
    assert {c: rules.categories[c].points for c in ("LnInf", "LI", "HC", "LC", "FA", "HA")} == {
        "LnInf": 1,
        "LI": 1,
        "HC": 2,
        "LC": 2,
        "FA": 2,
        "HA": 2,
    }
    sides = (
        army(
            "red",
            "south",
            division("r1", ("r1a", "LnInf", "V"), ("r1b", "HA", "M")),
            division("r2", ("r2a", "HC", "R"), ("r2b", "LI", "I")),
        ),
        army(
            "blue",
            "north",
            division("b1"),
            division("b2", ("b2a", "FA", "R"), ("b2b", "LC", "R"), ("b2c", "LnInf", "M")),
        ),
    )
    sc = load_scenario(str(write_scenario(tmp_path, sides)), rules)
    assert army_points(sc.spec, rules) == {"red": 1 + 2 + 2 + 1, "blue": 1 + 1 + 2 + 2 + 1}


def test_FG_ARMY_3_points_in_the_summary(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ARMY-3: a battle's summary gives each army's points, to judge the balance of a result."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST)
    assert summary(m)["army_points"] == {"red": 4, "blue": 4}


# --- FG-PREP and FG-OFF-6 -----------------------------------------------------------------------


def test_FG_PREP_1_an_army_needs_two_divisions(tmp_path: Path) -> None:
    """FG-PREP-1: a scenario whose army has one division is refused."""
    sides = (army("red", "south", division("r1")), army("blue", "north", division("b1"), division("b2")))
    with pytest.raises(ContentError, match="FG-PREP-1") as err:
        new_match(str(write_scenario(tmp_path, sides)), 1)
    assert "sides[0].divisions" in str(err.value)


def test_FG_PREP_2_FG_PREP_4_a_division_needs_two_units(tmp_path: Path) -> None:
    """FG-PREP-2, FG-PREP-4: a division of one unit is refused."""
    sides = (
        army("red", "south", division("r1"), division("r2")),
        army("blue", "north", division("b1"), division("b2", ("b2a", "LnInf", "R"))),
    )
    with pytest.raises(ContentError, match="FG-PREP-2") as err:
        new_match(str(write_scenario(tmp_path, sides)), 1)
    assert "sides[1].divisions[1].units" in str(err.value)


def test_FG_PREP_1_FG_OFF_6_one_estado_mayor_outside_every_division(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-PREP-1, FG-OFF-2, FG-OFF-6: each army has one estado mayor besides its division generals;
    he commands no unit, is no formation and rolls no initiative."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE)
    deploy_all(m)
    b = m.battle
    b.enter()
    for side in ("red", "blue"):
        roles = sorted(esper.component_for_entity(o, Officer).role for o in b.officers(side))
        assert roles == ["division", "division", "staff"]
    assert officer_of(b, "red-staff").assigned == [] and officer_of(b, "blue-staff").assigned == []
    assert all(
        esper.component_for_entity(u, Unit).division not in ("red-staff", "blue-staff") for u in b.units()
    )
    assert {f.officer for f in b.formations} == {"r1", "r2", "b1", "b2"}
    assert {e.officer for e in rolls(m, "initiative")} == {"r1", "r2", "b1", "b2"}


def test_FG_PREP_4_units_go_to_the_officers_the_scenario_names(tmp_path: Path, matches: list[Match]) -> None:
    """FG-PREP-4: the units are shared among the officers as the scenario says."""
    sides = (
        army(
            "red",
            "south",
            division("r1", ("x", "LnInf", "R"), ("y", "LnInf", "R"), ("z", "LC", "R")),
            division("r2"),
        ),
        army("blue", "north", division("b1"), division("b2")),
    )
    m = start(matches, write_scenario(tmp_path, sides), RED_FIRST)
    b = m.battle
    assert officer_of(b, "r1").assigned == ["x", "y", "z"]
    assert officer_of(b, "r2").assigned == ["r2a", "r2b"]
    b.enter()
    assert esper.component_for_entity(b.ids["z"], Unit).division == "r1"


def test_FG_PREP_3_experience_rolled_for_every_officer(tmp_path: Path, matches: list[Match]) -> None:
    """FG-PREP-3 (AMB-17): 1D6 for each officer, the estado mayor included, is his experience."""
    sides = (
        army("red", "south", division("r1", experience=None), division("r2", experience=None), staff=None),
        army("blue", "north", division("b1", experience=None), division("b2", experience=None), staff=None),
    )
    m = start(matches, write_scenario(tmp_path, sides), [1, 2, 3, 4, 5, 6])
    b = m.battle
    got = {e.officer: e.die for e in rolls(m, "experience")}
    assert got == {"red-staff": 1, "blue-staff": 2, "r1": 3, "r2": 4, "b1": 5, "b2": 6}
    assert all(e.rule == "FG-PREP-3" for e in rolls(m, "experience"))
    for name, die in got.items():
        assert officer_of(b, name).experience == die
    # all four divisions are on the table with different experience: no roll-off, b2 (6) first
    assert b.pending is not None and b.pending.kind == "deploy" and b.pending.unit == "b2"


def test_FG_PREP_3_fixed_experience_is_not_rolled(tmp_path: Path, matches: list[Match]) -> None:
    """FG-PREP-3: a scenario may fix an officer's experience (a historical general): no die for him."""
    sides = (
        army("red", "south", division("r1", experience=5), division("r2", experience=None), staff=2),
        army("blue", "north", division("b1", experience=1), division("b2", experience=4), staff=6),
    )
    m = start(matches, write_scenario(tmp_path, sides), [3])
    assert [(e.officer, e.die) for e in rolls(m, "experience")] == [("r2", 3)]
    assert {
        n: officer_of(m.battle, n).experience for n in ("r1", "r2", "b1", "b2", "red-staff", "blue-staff")
    } == {
        "r1": 5,
        "r2": 3,
        "b1": 1,
        "b2": 4,
        "red-staff": 2,
        "blue-staff": 6,
    }


# --- FG-DEP ---------------------------------------------------------------------------------------


def test_FG_DEP_1_deployment_follows_preparation(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-1: the armies are prepared (experience) before any deployment die is rolled."""
    sides = (
        army("red", "south", division("r1", experience=None, arrival=None), division("r2")),
        army("blue", "north", division("b1"), division("b2")),
    )
    m = start(matches, write_scenario(tmp_path, sides), [4, 5, *RED_FIRST])
    kinds = [(e.kind, getattr(e, "phase", getattr(e, "check", ""))) for e in m.battle.events]
    assert kinds[:4] == [
        ("phase", "preparation"),
        ("roll", "experience"),
        ("phase", "deployment"),
        ("roll", "deployment"),
    ]
    assert officer_of(m.battle, "r1").experience == 4


def test_FG_DEP_2_FG_DEP_3_a_die_per_division_unless_the_scenario_fixes_it(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-DEP-3: one D6 for each division; FG-DEP-2: a historical deployment fixes some (r2 on the
    table, b2 arriving in round 2) and those roll nothing."""
    sides = (
        army("red", "south", division("r1", arrival=None), division("r2", arrival=0)),
        army("blue", "north", division("b1", arrival=None), division("b2", arrival=2)),
    )
    m = start(matches, write_scenario(tmp_path, sides), [5, 6, *RED_FIRST])
    assert [(e.officer, e.die) for e in rolls(m, "deployment")] == [("r1", 5), ("b1", 6)]
    assert all(e.rule == "FG-DEP-4" for e in rolls(m, "deployment"))
    g = m.battle.game
    assert g is not None and g.arrivals == {"b2": 2}


def test_FG_DEP_2_a_historical_arrival_in_a_late_round(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-2: a scenario may bring a division in at round 5, later than any die could: it is a
    reinforcement for round 5, not a division that "rolled" 5 and starts on the table."""
    sides = (
        army("red", "south", division("r1"), division("r2", arrival=5)),
        army("blue", "north", division("b1"), division("b2")),
    )
    m = start(matches, write_scenario(tmp_path, sides), RED_FIRST)
    g = m.battle.game
    assert g is not None and g.arrivals == {"r2": 5}
    assert not rolls(m, "deployment")
    assert officer_of(m.battle, "r2").reserve


@pytest.mark.parametrize(("where", "value"), [("division", -1), ("division", 7), ("staff", 9)])
def test_FG_PREP_3_a_fixed_experience_is_a_die_face(tmp_path: Path, where: str, value: int) -> None:
    """FG-PREP-3: experience is a D6 result (or 0, a successor's: FG-OFF-10): a scenario fixing it
    outside 0-6 is refused."""
    red = (
        army("red", "south", division("r1", experience=value), division("r2"))
        if where == "division"
        else army("red", "south", division("r1"), division("r2"), staff=value)
    )
    sides = (red, army("blue", "north", division("b1"), division("b2")))
    with pytest.raises(ContentError, match="1 to 6") as err:
        new_match(str(write_scenario(tmp_path, sides)), 1)
    assert ("divisions[0].experience" if where == "division" else "staff.experience") in str(err.value)


def test_FG_DEP_4_four_or_more_deploys_the_rest_are_reinforcements(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-DEP-4: a die of 4+ starts on the table; 1-3 enters as a reinforcement in that round."""
    sides = (
        army("red", "south", division("r1", arrival=None), division("r2", arrival=None)),
        army("blue", "north", division("b1", arrival=None), division("b2", arrival=None)),
    )
    m = start(matches, write_scenario(tmp_path, sides), [4, 3, 1, 6])
    outcomes = {e.officer: e.outcome for e in rolls(m, "deployment")}
    assert outcomes == {
        "r1": "deployed",
        "r2": "arrives in round 3",
        "b1": "arrives in round 1",
        "b2": "deployed",
    }
    g = m.battle.game
    assert g is not None and g.arrivals == {"r2": 3, "b1": 1}
    # b2 (6) before r1 (4): neither reserve division is offered
    assert m.battle.pending is not None and m.battle.pending.options == ("b2",)


def test_FG_DEP_5_die_order_then_experience(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-5 (AMB-39): the 6s deploy first, then the 5s, then the 4s; equal dice by experience,
    highest first, whichever side the division is on."""
    sides = (
        army(
            "red",
            "south",
            division("r1", arrival=None, experience=1),
            division("r2", arrival=None, experience=2),
        ),
        army(
            "blue",
            "north",
            division("b1", arrival=None, experience=6),
            division("b2", arrival=None, experience=5),
        ),
    )
    m = start(matches, write_scenario(tmp_path, sides), [5, 4, 6, 4])
    asked = []
    while m.battle.pending is not None and m.battle.pending.kind == "deploy":
        asked.append((m.battle.pending.side, m.battle.pending.options))
        deploy_next(m)
    assert asked == [("blue", ("b1",)), ("red", ("r1",)), ("blue", ("b2",)), ("red", ("r2",))]
    assert deploy_order(m) == ["b1", "r1", "b2", "r2"]
    assert not rolls(m, "roll-off")


def test_FG_DEP_5_ties_by_roll_off_then_alternating(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-5 (AMB-39): still tied, the roll-off winner (blue, 4 against 3; a tie is rolled again)
    places first, then the players alternate; a player picks which of his tied divisions goes."""
    m = start(matches, write_scenario(tmp_path), [2, 2, 4, 3])
    offs = [(e.outcome, e.die) for e in rolls(m, "roll-off")]
    assert offs == [("blue", 2), ("red", 2), ("blue", 4), ("red", 3)]
    b = m.battle
    asked = []
    choice = {"blue": ["b2", "b1"], "red": ["r2", "r1"]}
    while b.pending is not None and b.pending.kind == "deploy":
        d = b.pending
        asked.append((d.side, d.options))
        name = choice[d.side].pop(0)
        assert b.game is not None
        m.apply(line_up(b, name, DEPLOY_AT[name], FACING[b.game.edges[d.side]]))
    assert asked == [("blue", ("b1", "b2")), ("red", ("r1", "r2")), ("blue", ("b1",)), ("red", ("r1",))]
    assert deploy_order(m) == ["b2", "r2", "b1", "r1"]


def test_FG_DEP_5_a_division_of_the_wrong_turn_is_refused(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-5: while red is to deploy, a blue division is refused and nothing is placed."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST)
    events = m.apply(line_up(m.battle, "b1", (12.0, 36.0), 270.0))
    assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-5"]
    assert status(m.battle, "b1a").reserve and not status(m.battle, "b1a").in_play
    assert m.battle.pending is not None and m.battle.pending.side == "red"


def test_FG_DEP_6_deployment_is_complete(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-6: a division that deploys places its officer and all its units: leaving a unit out,
    or passing, is refused."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST)
    full = line_up(m.battle, "r1", (12.0, 4.0), 90.0)
    events = m.apply(cmd.Deploy("r1", full.officer_at, full.units[:1]))
    events += m.apply(cmd.Pass())
    assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-6", "FG-DEP-6"]
    assert not status(m.battle, "r1a").in_play
    events = m.apply(full)
    assert of(events, "deployed")[0].units == full.units
    assert status(m.battle, "r1a").in_play and status(m.battle, "r1b").in_play
    assert officer_of(m.battle, "r1").in_play


def test_FG_DEP_7_the_officer_first_then_his_units(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-7: the officer is placed, and his units are measured from where he stands: the same
    units are legal around an officer at (12, 4) and refused around one at (30, 4)."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST)
    good = line_up(m.battle, "r1", (12.0, 4.0), 90.0)
    events = m.apply(cmd.Deploy("r1", (30.0, 4.0), good.units))
    assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-9"]
    events = m.apply(cmd.Deploy("r1", (12.0, -1.0), good.units))
    assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-7"]
    events = m.apply(good)
    (dep,) = of(events, "deployed")
    assert dep.officer_at == (12.0, 4.0) and dep.rule == "FG-DEP-7"
    assert pos(m.battle, "r1") == (12.0, 4.0)
    assert pos(m.battle, "r1a") == (13.2, 6.0)


@pytest.mark.parametrize(
    ("side_first", "division_id", "y", "ok"),
    [
        ("red", "r1", 19.6, True),  # the base touches the centre line (y = 20)
        ("red", "r1", 19.7, False),  # and crosses it
        ("blue", "b1", 20.4, True),
        ("blue", "b1", 20.3, False),
    ],
)
def test_FG_DEP_8_the_officer_stays_out_of_the_enemy_half(
    tmp_path: Path, matches: list[Match], side_first: str, division_id: str, y: float, ok: bool
) -> None:
    """FG-DEP-8 (AMB-38): the officer cannot be in the enemy's half: no part of his base beyond the
    centre line. His units may stand beyond it."""
    m = start(matches, write_scenario(tmp_path), [5, 2] if side_first == "blue" else RED_FIRST)
    facing = 90.0 if side_first == "red" else 270.0
    events = m.apply(line_up(m.battle, division_id, (12.0, y), facing))
    if ok:
        assert of(events, "deployed") and not of(events, "rejected")
        assert officer_of(m.battle, division_id).in_play
    else:
        assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-8"]
        assert not officer_of(m.battle, division_id).in_play


@pytest.mark.parametrize(("unit_y", "ok"), [(13.0, True), (13.1, False)])
def test_FG_DEP_9_units_at_L_or_less_from_their_officer(
    tmp_path: Path, matches: list[Match], unit_y: float, ok: bool
) -> None:
    """FG-DEP-9: every unit at L (8") or less from its officer, closest points: a unit whose near
    edge is 8" from the officer's base is legal, 8.1" is not."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST)
    events = m.apply(cmd.Deploy("r1", (12.0, 4.0), (("r1a", 12.0, unit_y, 90.0), ("r1b", 12.0, 6.0, 90.0))))
    if ok:
        assert of(events, "deployed") and pos(m.battle, "r1a") == (12.0, unit_y)
    else:
        assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-9"]
        assert not status(m.battle, "r1a").in_play


@pytest.mark.parametrize(("unit_y", "ok"), [(17.2, True), (17.1, False)])
def test_FG_DEP_10_no_unit_at_less_than_XL_from_an_enemy_unit(
    tmp_path: Path, matches: list[Match], unit_y: float, ok: bool
) -> None:
    """FG-DEP-10 (AMB-40): red's units reach y = 6.6; a blue unit whose near edge is exactly XL (10")
    from them is legal, one 9.9" away is not."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST)
    m.apply(line_up(m.battle, "r1", (12.0, 4.0), 90.0))
    events = m.apply(
        cmd.Deploy("b1", (12.0, 21.0), (("b1a", 12.0, unit_y, 270.0), ("b1b", 15.0, 22.0, 270.0)))
    )
    if ok:
        assert of(events, "deployed") and pos(m.battle, "b1a") == (12.0, unit_y)
    else:
        assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-10"]
        assert not status(m.battle, "b1a").in_play


def test_FG_DEP_10_enemy_officers_do_not_count(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-10: AMB-40: "enemy" means enemy units: a blue unit may deploy 8.6" from red's officer (less than
    XL) when it is XL or more from every red unit."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST)
    m.apply(line_up(m.battle, "r1", (12.0, 4.0), 90.0, ahead=-2.0))  # red units behind, at y = 2
    events = m.apply(cmd.Deploy("b1", (12.0, 21.0), (("b1a", 12.0, 13.6, 270.0), ("b1b", 15.0, 20.0, 270.0))))
    assert of(events, "deployed") and not of(events, "rejected")
    assert pos(m.battle, "b1a") == (12.0, 13.6)  # 13.0 - 4.4 = 8.6" from the red officer's base


def test_FG_DEP_11_the_estado_mayor_within_XL_of_a_friendly_officer(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-DEP-11: once every division has deployed, each estado mayor is placed at XL or less from
    another friendly officer: 10.2" from the nearest is refused, 10" is legal."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE)
    b = m.battle
    for name, at in (("r1", (12.0, 4.0)), ("b1", (12.0, 36.0)), ("r2", (36.0, 4.0)), ("b2", (36.0, 36.0))):
        assert b.pending is not None and b.pending.kind == "deploy"
        m.apply(line_up(b, name, at, 90.0 if name[0] == "r" else 270.0))
    assert b.pending is not None and (b.pending.kind, b.pending.side) == ("place_staff", "red")
    events = m.apply(cmd.PlaceStaff((12.0, 15.0)))  # 11 - 0.8 = 10.2" from r1
    assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-11"]
    assert not officer_of(b, "red-staff").in_play
    events = m.apply(cmd.PlaceStaff((12.0, 14.8)))
    assert of(events, "staff_placed")[0].at == (12.0, 14.8)
    assert officer_of(b, "red-staff").in_play
    assert b.pending is not None and (b.pending.kind, b.pending.side) == ("place_staff", "blue")


def test_FG_DEP_12_the_game_begins_once_the_generals_are_placed(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-12: round 1 starts only after both estados mayores are placed."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE)
    deploy_all(m)
    kinds = [(e.kind, getattr(e, "round", None)) for e in m.battle.events]
    placed = [i for i, e in enumerate(m.battle.events) if e.kind == "staff_placed"]
    first_round = kinds.index(("phase", 1))
    assert len(placed) == 2 and max(placed) < first_round
    assert not any(k == ("phase", 1) for k in kinds[: max(placed)])


def test_FG_DEP_13_reserves_wait_off_the_table_with_their_die(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-13: a division in reserve stays off the table, units and officer, with its die (2):
    it does not take part in round 1."""
    sides = (
        army("red", "south", division("r1"), division("r2", arrival=None)),
        army("blue", "north", division("b1"), division("b2")),
    )
    # r2 rolls 2; roll-off: blue 2, red 5; initiative r1 (2 dice), b1 (2 dice), b2
    m = start(matches, write_scenario(tmp_path, sides), [2, 2, 5, 6, 6, 1, 1, 3])
    deploy_all(m)
    b = m.battle
    assert b.game is not None and b.game.arrivals == {"r2": 2}
    assert deploy_order(m) == ["r1", "b1", "b2"]
    for u in ("r2a", "r2b"):
        assert status(b, u).reserve and not status(b, u).in_play
        b.enter()
        assert b.ids[u] not in b.physics._shapes
    assert officer_of(b, "r2").reserve and not officer_of(b, "r2").in_play
    assert "r2" not in {f.key for f in b.formations}
    assert "r2" not in {e.officer for e in rolls(m, "initiative")}


def test_AMB_41_no_division_on_the_table_then_the_staff_waits(tmp_path: Path, matches: list[Match]) -> None:
    """AMB-41: a side with no division on the table keeps its estado mayor off it; he is placed at
    XL or less from the first of its divisions to enter, right after it."""
    sides = (
        army("red", "south", division("r1", arrival=1), division("r2", arrival=2)),
        army("blue", "north", division("b1"), division("b2")),
    )
    # blue deploys alone (its own ties: no roll-off); round 1: r1's edge roll 3 (own edge), then
    # initiative: r1 (2 dice), b1 (2 dice), b2
    m = start(matches, write_scenario(tmp_path, sides), [3, 6, 6, 5, 5, 4])
    b = m.battle
    m.apply(line_up(b, "b1", (12.0, 36.0), 270.0))
    m.apply(line_up(b, "b2", (36.0, 36.0), 270.0))
    m.apply(cmd.PlaceStaff((18.0, 37.0)))
    assert [e.officer for e in of(b.events, "staff_placed")] == ["blue-staff"]
    assert officer_of(b, "red-staff").reserve
    assert b.pending is not None and b.pending.kind == "deploy" and b.pending.options == ("r1",)
    m.apply(line_up(b, "r1", (12.0, 4.0), 90.0))
    assert b.pending is not None and (b.pending.kind, b.pending.side) == ("place_staff", "red")
    events = m.apply(cmd.PlaceStaff((36.0, 4.0)))  # far from r1, the only red officer
    assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-11"]
    events = m.apply(cmd.PlaceStaff((18.0, 3.0)))
    assert of(events, "staff_placed") and officer_of(b, "red-staff").in_play


def test_FG_MINI_2_FG_SCALE_3_the_standard_measures_are_those_of_6mm_miniatures() -> None:
    """FG-MINI-2 (with FG-SCALE-3's x1/2 for 2 mm and x2 for 15 mm): the ruleset's measures and bases are
    the standard ones, for 6 mm: XS 2" .. XL 10", units on 50 x 30 mm (2" x 1.2"), officers on 20 mm."""
    from tests.helpers import rules

    rs = rules()
    assert [rs.length(m) for m in ("XS", "S", "M", "L", "XL")] == [2, 4, 6, 8, 10]
    bases = rs.core.bases
    assert (rs.length(bases.unit_width), rs.length(bases.unit_depth)) == (2.0, 1.2)
    assert rs.length(bases.officer_diameter) == pytest.approx(0.8)


def test_FG_MINI_3_the_rules_see_bases(battle: Callable[..., Battle]) -> None:
    """FG-MINI-3: every rule sees the base, whatever stands on it: each category's footprint is the same
    2" x 1.2" base."""
    from tests.helpers import unit

    b = battle()
    sizes = set()
    for i, cat in enumerate(b.rules.categories):
        fp = b.comp(unit(b, f"u{i}", "red", (10 + 4 * i, 10), 90, cat=cat), Footprint)
        sizes.add((fp.width, fp.depth))
    assert sizes == {(2.0, 1.2)}


def test_FG_PREP_5_the_army_is_then_ready_for_battle(matches: list[Match]) -> None:
    """FG-PREP-5: once the officers' experience is rolled (FG-PREP-3), the battle goes on to deployment."""
    m = new_match("default", 3)
    matches.append(m)
    phases = [e.phase for e in m.battle.events if e.kind == "phase"]
    assert phases[:2] == ["preparation", "deployment"]
    events = m.battle.events
    deployment = next(i for i, e in enumerate(events) if e.kind == "phase" and e.phase == "deployment")
    rolled = [i for i, e in enumerate(events) if e.kind == "roll" and e.check == "experience"]
    assert rolled and max(rolled) < deployment


def test_a_scenarios_brigade_may_start_with_hits(tmp_path: Path, matches: list[Match]) -> None:
    """FG-HIT: a brigade a scenario gives hits (a campaign's, carrying them from its last battle) starts
    with them; three, which destroy it (FG-LOST-1), are refused."""
    from game.model.components import Hits

    blue = army("blue", "north", division("b1"), division("b2"))
    worn = (
        army("red", "south", division("r1", ("r1a", "LnInf", "R", 2), ("r1b", "LnInf", "R")), division("r2")),
        blue,
    )
    m = start(matches, write_scenario(tmp_path, worn), RED_FIRST)
    assert m.battle.comp(m.battle.ids["r1a"], Hits).count == 2
    assert m.battle.comp(m.battle.ids["r1b"], Hits).count == 0
    dead = (
        army("red", "south", division("r1", ("r1a", "LnInf", "R", 3), ("r1b", "LnInf", "R")), division("r2")),
        blue,
    )
    with pytest.raises(ContentError, match=r"units\[0\].hits: 3 hits destroy a unit"):
        new_match(str(write_scenario(tmp_path, dead, name="dead.toml")), 1)


def test_FG_OFF_10_a_scenario_may_give_a_division_a_successor_of_experience_0(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-OFF-10: a division whose general has fallen is commanded at experience 0 (a campaign's
    successor): a scenario may fix it so, and no die is rolled for it."""
    sides = (army("red", "south", division("r1", experience=0), division("r2")),
             army("blue", "north", division("b1"), division("b2")))  # fmt: skip
    m = start(matches, write_scenario(tmp_path, sides), RED_FIRST)
    assert officer_of(m.battle, "r1").experience == 0 and not rolls(m, "experience")
