"""FG-VIC and FG-OFF-7: objectives and their control, the end of the battle and the score (AMB-34..37).
Small scenarios with every die fixed, driven by Commands; where a test needs a division removed it
uses the engine's own hits functions on a battle in progress."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.model import commands as cmd
from game.model.battle import ObjectiveState
from game.model.events import Destroyed, DivisionRemoved, OfficerKilled, Removed
from game.running.match import Match
from systems.for_glory.hits import destroy
from systems.for_glory.victory import check_end, finish, score
from tests.helpers import (
    advance,
    army,
    deploy_all,
    division,
    line_up,
    of,
    officer_of,
    start,
    status,
    write_scenario,
)

RED_FIRST = [2, 5]  # the deployment roll-off (blue, red): red deploys first
INITIATIVE = [6, 6, 5, 1, 1, 3]  # round 1 of the standard deployment: r1 12, r2 5, b1 2, b2 3
LINES = ("FG-VIC-5", "FG-VIC-6", "FG-VIC-7", "FG-VIC-8", "FG-VIC-9", "FG-VIC-10")


def lines(m: Match, side: str) -> dict[str, int]:
    return {k: v for k, v in score(m.battle)[side].lines.items() if v}


# --- FG-VIC-1: objectives and their control (AMB-35) ------------------------------------------------


def test_FG_VIC_1_AMB_35_a_unit_at_XS_takes_an_objective(tmp_path: Path, matches: list[Match]) -> None:
    """FG-VIC-1 (AMB-35): objectives are the scenario's points; "hill" starts with blue, "ford"
    with nobody. A red unit that ends at XS or less from the ford (no blue unit near) takes it, and
    keeps it after it leaves."""
    path = write_scenario(tmp_path, objectives=[("ford", (24.0, 20.0), None), ("hill", (44.0, 36.0), "blue")])
    dice = [*RED_FIRST, 6, 6, 5, 1, 1, 3, 6, 6, 6, 6, 6, 6, 5, 1, 1, 3, 6]
    m = start(matches, path, dice)
    deploy_all(m, at={"r1": (24.0, 12.0)}, staff={"red": (24.0, 8.0)})
    b = m.battle
    g = b.game
    assert g is not None
    assert [(o.id, o.holder) for o in g.objectives] == [("ford", None), ("hill", "blue")]
    m.apply(cmd.Activate("r1"))
    events = m.apply(cmd.Move("r1b", (22.8, 16.0)))  # 3.4" short of the ford: not yet
    assert of(events, "moved") and not of(events, "objective")
    events = m.apply(cmd.Move("r1a", (25.2, 18.0)))  # its base's edge 1.4" from the ford
    assert [(e.objective, e.side, e.rule) for e in of(events, "objective")] == [("ford", "red", "FG-VIC-1")]
    assert g.objectives[0].holder == "red" and not g.over  # the hill is still blue's (FG-VIC-4)
    advance(m, lambda d: d.kind == "order" and g.round == 2)
    events = m.apply(cmd.Move("r1a", (25.2, 14.0)))
    assert of(events, "moved") and g.objectives[0].holder == "red"


def test_AMB_35_a_contested_objective_keeps_its_holder(tmp_path: Path, matches: list[Match]) -> None:
    """AMB-35: with units of both sides at XS or less, nobody takes the objective: it stays blue's.
    Officers never control: the red estado mayor beside the other objective does not take it."""
    path = write_scenario(tmp_path, objectives=[("ford", (24.0, 20.0), "blue"), ("mill", (18.0, 4.5), None)])
    m = start(matches, path, RED_FIRST + INITIATIVE)
    deploy_all(m, staff={"red": (18.0, 5.0)})
    b = m.battle
    g = b.game
    assert g is not None and [o.holder for o in g.objectives] == ["blue", None]
    b.enter()
    b.place(b.ids["r1a"], 24.0, 18.8, 90.0)  # 0.6" from the ford
    b.place(b.ids["b1a"], 24.0, 21.2, 270.0)  # 0.6" from it on the other side
    assert not check_end(b)
    assert [o.holder for o in g.objectives] == ["blue", None]
    b.place(b.ids["b1a"], 24.0, 30.0, 270.0)
    check_end(b)
    assert g.objectives[0].holder == "red" and g.objectives[0].ever == {"red", "blue"}


# --- FG-VIC-2..4: the end (AMB-34, AMB-37) --------------------------------------------------------


def test_FG_VIC_4_all_objectives_to_one_side_ends_the_battle(tmp_path: Path, matches: list[Match]) -> None:
    """FG-VIC-4 (AMB-37): checked at once: red deploys a unit at XS or less of the only objective,
    and the battle ends at the first check, before any initiative is rolled. FG-VIC-7: 1 point."""
    path = write_scenario(tmp_path, objectives=[("ford", (13.2, 7.5), None)])
    m = start(matches, path, RED_FIRST)
    deploy_all(m)
    b = m.battle
    g = b.game
    assert g is not None and g.over and b.pending is None
    (over,) = of(b.events, "game_over")
    assert (over.rule, over.winner, over.score) == ("FG-VIC-4", "red", {"red": 1, "blue": 0})
    assert over.reason == "every objective is held by red"
    assert not [e for e in b.events if e.kind == "roll" and e.check == "initiative"]
    assert lines(m, "red") == {"FG-VIC-7": 1}


def test_FG_VIC_4_every_objective_is_needed(tmp_path: Path, matches: list[Match]) -> None:
    """FG-VIC-4: one of two objectives is not enough: the battle goes on to round 1's activations."""
    path = write_scenario(tmp_path, objectives=[("ford", (13.2, 7.5), None), ("hill", (24.0, 30.0), None)])
    m = start(matches, path, RED_FIRST + INITIATIVE)
    deploy_all(m)
    g = m.battle.game
    assert g is not None and not g.over
    assert [(o.id, o.holder) for o in g.objectives] == [("ford", "red"), ("hill", None)]
    assert m.battle.pending is not None and m.battle.pending.kind == "activate"


def test_FG_VIC_4_without_objectives_never_ends_the_battle(tmp_path: Path, matches: list[Match]) -> None:
    """AMB-35: FG-VIC-4 needs at least one objective: without any, a quiet battle runs to its round
    limit (AMB-37)."""
    dice = RED_FIRST + INITIATIVE + [6, 6, 6, 6]
    m = start(matches, write_scenario(tmp_path, max_rounds=1), dice)
    deploy_all(m)
    advance(m, lambda d: False)
    (over,) = of(m.battle.events, "game_over")
    assert over.rule == "AMB-37"


def test_FG_VIC_8_an_objective_taken_from_the_enemy(tmp_path: Path, matches: list[Match]) -> None:
    """FG-VIC-8 (AMB-36): an objective the enemy held, held at the end: 1 + 4 points."""
    path = write_scenario(tmp_path, objectives=[("ford", (13.2, 7.5), "blue")])
    m = start(matches, path, RED_FIRST)
    deploy_all(m)
    (over,) = of(m.battle.events, "game_over")
    assert (over.rule, over.winner, over.score) == ("FG-VIC-4", "red", {"red": 5, "blue": 0})
    assert lines(m, "red") == {"FG-VIC-7": 1, "FG-VIC-8": 4}


def removal_battle(tmp_path: Path, matches: list[Match]) -> Match:
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE)
    deploy_all(m)
    return m


def test_FG_VIC_2_AMB_34_two_divisions_removed_in_all(tmp_path: Path, matches: list[Match]) -> None:
    """FG-VIC-2 (AMB-34): one division of each side removed (a brigade of two destroyed demoralises
    its division, FG-LOST-3) makes two in all: the battle ends. FG-VIC-5 scores the destroyed
    brigade only (not the one removed with its division); FG-VIC-6 the division: 3 each, a draw."""
    m = removal_battle(tmp_path, matches)
    b = m.battle
    b.enter()
    destroy(b, b.ids["r1a"], "FG-LOST-1", "b1a")
    assert [e.officer for e in of(b.events, "division_removed")] == ["r1"]
    assert not check_end(b)
    destroy(b, b.ids["b1a"], "FG-LOST-1", "r2a")
    assert check_end(b)
    (over,) = of(b.events, "game_over")
    assert (over.rule, over.reason, over.winner) == ("FG-VIC-2", "two divisions removed", None)
    assert over.score == {"red": 3, "blue": 3}
    assert lines(m, "red") == {"FG-VIC-5": 1, "FG-VIC-6": 2} == lines(m, "blue")


def test_AMB_34_two_divisions_of_the_same_side_count_too(tmp_path: Path, matches: list[Match]) -> None:
    """AMB-34: the count is the total, whichever side loses them: blue wins 6-0."""
    m = removal_battle(tmp_path, matches)
    b = m.battle
    b.enter()
    destroy(b, b.ids["r1a"], "FG-LOST-1", "b1a")
    destroy(b, b.ids["r2b"], "FG-LOST-1", "b2a")
    assert check_end(b)
    (over,) = of(b.events, "game_over")
    assert (over.rule, over.winner, over.score) == ("FG-VIC-2", "blue", {"red": 0, "blue": 6})


def staff_target_battle(tmp_path: Path, matches: list[Match], fire_die: int) -> Match:
    """Blue light infantry b1a 3.5" in front of the red estado mayor, with no red unit in its range:
    he is its only valid target (FG-OFF-3). b1 activates first (12)."""
    sides = (
        army("red", "south", division("r1"), division("r2")),
        army("blue", "north", division("b1", ("b1a", "LI", "R"), ("b1b", "LnInf", "R")), division("b2")),
    )
    dice = [*RED_FIRST, 1, 1, 1, 6, 6, 3, 6, fire_die]
    m = start(matches, write_scenario(tmp_path, sides), dice)
    b = m.battle
    m.apply(line_up(b, "r1", (12.0, 19.0), 90.0, ahead=-2.0))
    m.apply(cmd.Deploy("b1", (12.0, 36.0), (("b1a", 12.0, 33.5, 270.0), ("b1b", 14.4, 34.0, 270.0))))
    deploy_all(m, staff={"red": (12.0, 29.0)})
    assert b.pending is not None and b.pending.options == ("b1",)
    m.apply(cmd.Activate("b1"))
    return m


def test_FG_VIC_3_FG_OFF_7_the_estado_mayor_killed_ends_the_battle(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-OFF-7, FG-VIC-3 (AMB-37): b1a shoots the red estado mayor (4 + 1 for light infantry: 5,
    a hit: killed, AMB-18). The battle ends at once, with red's other formations not yet activated;
    blue scores 4 (FG-VIC-10) and wins."""
    m = staff_target_battle(tmp_path, matches, fire_die=4)
    b = m.battle
    events = m.apply(cmd.Fire("b1a", "red-staff"))
    assert [(e.officer, e.by) for e in of(events, "officer_killed")] == [("red-staff", "b1a")]
    assert events[-1].kind == "game_over"
    (over,) = of(events, "game_over")
    assert (over.rule, over.winner, over.score) == ("FG-VIC-3", "blue", {"red": 0, "blue": 4})
    assert over.reason == "the estado mayor of red is lost"
    assert lines(m, "blue") == {"FG-VIC-10": 4}
    assert b.pending is None and not officer_of(b, "red-staff").in_play
    assert [e.formation for e in of(b.events, "activated")] == ["b1"]


def test_FG_OFF_7_a_missed_estado_mayor_goes_on(tmp_path: Path, matches: list[Match]) -> None:
    """FG-OFF-7: only a killed estado mayor ends the battle: a 2 (total 3) pushes him back XS."""
    m = staff_target_battle(tmp_path, matches, fire_die=2)
    events = m.apply(cmd.Fire("b1a", "red-staff"))
    assert not of(events, "officer_killed") and not of(events, "game_over")
    assert [e.unit for e in of(events, "pushed")] == ["red-staff"]
    assert officer_of(m.battle, "red-staff").in_play and m.battle.pending is not None


def test_FG_VIC_9_a_division_general_killed_scores_2(tmp_path: Path, matches: list[Match]) -> None:
    """FG-VIC-9 (AMB-36): b1a shoots r1's officer, alone 3.6" in front of it: killed (5), relocated
    among his units with experience 0 (FG-OFF-10/11); blue scores 2 and the battle goes on."""
    sides = (
        army("red", "south", division("r1"), division("r2")),
        army("blue", "north", division("b1", ("b1a", "LI", "R"), ("b1b", "LnInf", "R")), division("b2")),
    )
    dice = [*RED_FIRST, 1, 1, 1, 6, 6, 3, 6, 4]
    m = start(matches, write_scenario(tmp_path, sides), dice)
    b = m.battle
    m.apply(line_up(b, "r1", (12.0, 19.6), 90.0, ahead=-7.0))
    m.apply(cmd.Deploy("b1", (12.0, 30.0), (("b1a", 12.0, 24.2, 270.0), ("b1b", 14.4, 30.0, 270.0))))
    deploy_all(m, staff={"red": (12.0, 14.0)})
    m.apply(cmd.Activate("b1"))
    events = m.apply(cmd.Fire("b1a", "r1"))
    assert [e.officer for e in of(events, "officer_killed")] == ["r1"]
    assert [e.officer for e in of(events, "officer_relocated")] == ["r1"]
    assert officer_of(b, "r1").experience == 0 and officer_of(b, "r1").in_play
    assert lines(m, "blue") == {"FG-VIC-9": 2} and not of(b.events, "game_over")


# --- FG-VIC-5..10: the score (AMB-36) -------------------------------------------------------------


def test_FG_VIC_5_to_10_each_line_of_the_score(tmp_path: Path, matches: list[Match]) -> None:
    """FG-VIC-5..10 (AMB-36) from a list of events: a destroyed enemy unit 1 (removed with its
    division: 0), an enemy division removed +2, an objective held at the end 1, +4 more if the enemy
    once held it (once, however often it changed hands), an enemy division general killed 2, the
    enemy estado mayor 4."""
    m = removal_battle(tmp_path, matches)
    b = m.battle
    g = b.game
    assert g is not None
    g.objectives = [
        ObjectiveState("ford", (24.0, 20.0), holder="red", ever={"red", "blue"}),
        ObjectiveState("hill", (40.0, 30.0), holder="blue", ever={"blue"}),
        ObjectiveState("mill", (4.0, 30.0), holder=None, ever={"red"}),
    ]
    events = [
        Destroyed(unit="b1a", rule="FG-LOST-1", by="r1a"),
        Removed(unit="b1b", reason="demoralised", rule="FG-LOST-3"),
        DivisionRemoved(officer="b1", side="blue", reason="demoralised", rule="FG-LOST-3"),
        OfficerKilled(officer="b2", by="r2a"),
        OfficerKilled(officer="blue-staff", by="r2b"),
        Destroyed(unit="r2a", rule="FG-CHG-9", by="b2a"),
        OfficerKilled(officer="r1", by="b2b"),
    ]
    points = score(b, events)
    assert points["red"].lines == {
        "FG-VIC-5": 1,
        "FG-VIC-6": 2,
        "FG-VIC-7": 1,
        "FG-VIC-8": 4,
        "FG-VIC-9": 2,
        "FG-VIC-10": 4,
    }
    assert points["blue"].lines == dict.fromkeys(LINES, 0) | {"FG-VIC-5": 1, "FG-VIC-7": 1, "FG-VIC-9": 2}
    assert (points["red"].total, points["blue"].total) == (14, 4)


@pytest.mark.parametrize(("red", "blue", "winner"), [(1, 0, "red"), (0, 1, "blue"), (1, 1, None)])
def test_AMB_36_the_higher_total_wins_equal_draws(
    tmp_path: Path, matches: list[Match], red: int, blue: int, winner: str | None
) -> None:
    """AMB-36: the higher score wins; equal scores are a draw."""
    m = removal_battle(tmp_path, matches)
    b = m.battle
    b.enter()
    if red:
        destroy(b, b.ids["b1a"], "FG-LOST-1", "r1a")
    if blue:
        destroy(b, b.ids["r1a"], "FG-LOST-1", "b1a")
    finish(b, "test", "AMB-36")
    (over,) = of(b.events, "game_over")
    assert over.winner == winner
    assert b.game is not None and b.game.winner == winner


def test_AMB_37_the_battle_stops_at_the_end_condition(tmp_path: Path, matches: list[Match]) -> None:
    """AMB-37: when an end condition is met mid-activation no further order is taken: the pending
    decision disappears and a later command is refused."""
    m = staff_target_battle(tmp_path, matches, fire_die=6)
    m.apply(cmd.Fire("b1a", "red-staff"))
    assert m.battle.pending is None
    events = m.apply(cmd.Move("b1b", (14.4, 30.0)))
    assert [e.rule for e in of(events, "rejected")] == ["FG-SEQ-1"]
    assert status(m.battle, "b1b").in_play
