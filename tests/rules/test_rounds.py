"""FG-SEQ, FG-REINF, FG-INIT and FG-ACT: the round loop of a whole battle. Small scenarios with fixed
experience and arrival, every die fixed, driven by Commands answering the battle's decisions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import esper
import pytest

from game.model import commands as cmd
from game.model.components import Officer
from game.model.events import Event
from game.model.geometry import EPS, dist, point_polygon_distance, segment_distance
from game.model.resolution import Decision, Reject
from game.running.match import Match
from systems.for_glory.checks import is_disorganised, morale_modifiers
from systems.for_glory.deployment import Arrivals
from systems.for_glory.hits import kill_officer
from systems.for_glory.officers import check_officer_move
from tests.helpers import (
    advance,
    army,
    deploy_all,
    deploy_next,
    division,
    idle,
    line_up,
    make_battle,
    of,
    officer,
    officer_of,
    pos,
    start,
    status,
    unit,
    write_scenario,
)

RED_FIRST = [2, 5]  # the deployment roll-off (blue, red): red deploys first
# round 1 with the standard deployment: r1 and b1 roll two dice (their estado mayor is near)
INITIATIVE = [6, 6, 5, 1, 1, 3]  # r1 12, r2 5, b1 2, b2 3
PASS4 = [6, 6, 6, 6]  # the four leadership checks of a round


def rolls(events: list[Event], check: str) -> list:
    return [e for e in events if e.kind == "roll" and e.check == check]


def kind_is(*kinds: str) -> Callable[[Decision], bool]:
    return lambda d: d.kind in kinds


def phases(m: Match) -> list[tuple[int, str]]:
    return [(e.round, e.phase) for e in of(m.battle.events, "phase")]


def activations_asked(m: Match) -> list[tuple[str, tuple[str, ...]]]:
    """Answer idly, recording each activate decision, until the estados mayores may move."""
    asked: list[tuple[str, tuple[str, ...]]] = []

    def answer(d: Decision) -> cmd.Command:
        if d.kind == "activate":
            asked.append((d.side, d.options))
        return idle(d)

    advance(m, kind_is("staff_move"), answer)
    return asked


# --- FG-SEQ -------------------------------------------------------------------------------------


def quiet_battle(tmp_path: Path, matches: list[Match]) -> Match:
    """Two rounds in which nobody does anything, then the round limit (AMB-37)."""
    dice = RED_FIRST + INITIATIVE + PASS4 + INITIATIVE + PASS4
    m = start(matches, write_scenario(tmp_path, max_rounds=2), dice)
    deploy_all(m)
    advance(m, lambda d: False)
    return m


def test_FG_SEQ_1_rounds_follow_one_another_until_the_end(tmp_path: Path, matches: list[Match]) -> None:
    """FG-SEQ-1, AMB-37: no turns but rounds, 1 then 2; with nothing decided, the scenario's round
    limit ends the battle, a draw at 0-0. After the end the battle takes no more commands."""
    m = quiet_battle(tmp_path, matches)
    g = m.battle.game
    assert g is not None and g.over and g.round == 2 and g.winner is None
    assert sorted({r for r, _ in phases(m) if r > 0}) == [1, 2]
    (over,) = of(m.battle.events, "game_over")
    assert (over.rule, over.winner, over.score) == ("AMB-37", None, {"red": 0, "blue": 0})
    assert m.battle.pending is None
    events = m.apply(cmd.Pass())
    assert [e.rule for e in of(events, "rejected")] == ["FG-SEQ-1"]


def test_FG_SEQ_2_three_phases_in_order(tmp_path: Path, matches: list[Match]) -> None:
    """FG-SEQ-2 (AMB-43): each round is Reinforcements, Initiative, Activations, in that order (then
    the estados mayores move, FG-ACT-8)."""
    m = quiet_battle(tmp_path, matches)
    for r in (1, 2):
        assert [p for n, p in phases(m) if n == r] == [
            "reinforcements",
            "initiative",
            "activations",
            "end of round",
        ]
    # what happens in each phase stays inside it
    marks = {(e.round, e.phase): i for i, e in enumerate(m.battle.events) if e.kind == "phase"}
    for i, e in enumerate(m.battle.events):
        if e.kind == "roll" and e.check == "initiative":
            assert any(marks[(r, "initiative")] < i < marks[(r, "activations")] for r in (1, 2))
        if e.kind == "activated":
            assert any(marks[(r, "activations")] < i < marks[(r, "end of round")] for r in (1, 2))
    assert len(of(m.battle.events, "activated")) == 8


# --- FG-REINF -----------------------------------------------------------------------------------


def reserve_sides(
    red_arrival: int | None = 0, blue_arrival: int | None = 0, red_exp: int = 3, blue_exp: int = 3
) -> tuple[dict[str, Any], ...]:
    return (
        army("red", "south", division("r1"), division("r2", arrival=red_arrival, experience=red_exp)),
        army("blue", "north", division("b1"), division("b2", arrival=blue_arrival, experience=blue_exp)),
    )


def test_FG_REINF_1_a_die_of_2_enters_in_round_2(tmp_path: Path, matches: list[Match]) -> None:
    """FG-REINF-1 (AMB-42): a reserve die of N enters in the Reinforcements phase of round N, before
    that round's initiative, in which it then takes part."""
    dice = [*RED_FIRST, 6, 6, 1, 1, 3, 6, 6, 6, 3, *INITIATIVE]
    m = start(matches, write_scenario(tmp_path, reserve_sides(red_arrival=2)), dice)
    deploy_all(m)
    round1 = advance(m, kind_is("deploy"))
    assert not of(round1, "deployed")
    g = m.battle.game
    assert g is not None and g.round == 2 and g.phase == "reinforcements"
    assert rolls(m.battle.events, "initiative")[-1].officer == "b2"  # round 1: r2 rolled nothing
    assert m.battle.pending is not None and m.battle.pending.options == ("r2",)
    assert m.battle.pending.payload == Arrivals((("r2", "south"),))
    m.apply(line_up(m.battle, "r2", (36.0, 4.0), 90.0))
    assert g.arrivals == {} and status(m.battle, "r2a").in_play
    assert phases(m)[-3:] == [(2, "reinforcements"), (2, "initiative"), (2, "activations")]
    round2 = [e.officer for e in rolls(m.battle.events, "initiative")[-6:]]
    assert round2 == ["r1", "r1", "r2", "b1", "b1", "b2"]
    assert g.initiative["r2"] == 5


def test_FG_REINF_3_a_scenario_may_fix_the_flank_a_reinforcement_enters_by(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-REINF-3, FG-DEP-2: a historical deployment (a campaign's army marching in from where it
    stands) fixes the flank as it fixes the round: red's r2 enters by its right, the east edge, with
    no die rolled for it, and the log says so."""
    sides = (
        army("red", "south", division("r1"), division("r2", arrival=1, entry="right")),
        army("blue", "north", division("b1"), division("b2")),
    )
    m = start(matches, write_scenario(tmp_path, sides), [*RED_FIRST, *INITIATIVE])
    while m.battle.pending is not None and m.battle.pending.options != ("r2",):
        deploy_next(m)
    assert m.battle.pending is not None and m.battle.pending.payload == Arrivals((("r2", "east"),))
    assert not rolls(m.battle.events, "edge")
    (note,) = [e for e in of(m.battle.events, "note") if e.rule == "FG-REINF-3"]
    assert note.details == {"division": "r2", "edge": "east", "say": "fixed_edge"}


def test_FG_REINF_2_entering_divisions_by_experience(tmp_path: Path, matches: list[Match]) -> None:
    """FG-REINF-2 (AMB-39): reinforcements entering together deploy by experience, highest first:
    blue's b2 (5) before red's r2 (2), whoever rolled what."""
    sides = reserve_sides(red_arrival=1, blue_arrival=1, red_exp=2, blue_exp=5)
    m = start(matches, write_scenario(tmp_path, sides), [*RED_FIRST, 3, 3, *INITIATIVE])
    deploy_all(m)
    # deploy_all answered both reinforcements too; their order is the check
    assert [(e.division, e.edge) for e in of(m.battle.events, "deployed")][-2:] == [
        ("b2", "north"),
        ("r2", "south"),
    ]
    assert [e.rule for e in of(m.battle.events, "deployed")][-2:] == ["FG-REINF-4", "FG-REINF-4"]


def test_FG_REINF_2_ties_by_roll_off(tmp_path: Path, matches: list[Match]) -> None:
    """FG-REINF-2 (AMB-39): reinforcements of equal experience on both sides: a roll-off (blue 6,
    red 1), the winner first."""
    sides = reserve_sides(red_arrival=1, blue_arrival=1)
    m = start(matches, write_scenario(tmp_path, sides), [*RED_FIRST, 3, 3, 6, 1, *INITIATIVE])
    b = m.battle
    asked = []
    while b.pending is not None and b.pending.kind in ("deploy", "place_staff"):
        d = b.pending
        if d.kind == "deploy" and b.game is not None and b.game.round == 1:
            asked.append((d.side, d.options))
        deploy_next(m)
    assert asked == [("blue", ("b2",)), ("red", ("r2",))]
    offs = [r for r in rolls(b.events, "roll-off") if r.rule == "FG-REINF-2"]
    assert [(r.outcome, r.die) for r in offs] == [("blue", 6), ("red", 1)]


@pytest.mark.parametrize(
    ("side", "die", "edge"),
    [
        ("red", 1, "east"),
        ("red", 2, "east"),
        ("red", 3, "south"),
        ("red", 4, "south"),
        ("red", 5, "west"),
        ("red", 6, "west"),
        ("blue", 1, "west"),
        ("blue", 2, "west"),
        ("blue", 3, "north"),
        ("blue", 4, "north"),
        ("blue", 5, "east"),
        ("blue", 6, "east"),
    ],
)
def test_FG_REINF_3_the_entry_edge_from_the_players_point_of_view(
    tmp_path: Path, matches: list[Match], side: str, die: int, edge: str
) -> None:
    """FG-REINF-3 (AMB-38): 1-2 his right flank, 3-4 his own edge, 5-6 his left flank. The south
    player faces north, so his right is the east edge; the north player's right is the west edge."""
    sides = reserve_sides(red_arrival=1 if side == "red" else 0, blue_arrival=1 if side == "blue" else 0)
    m = start(matches, write_scenario(tmp_path, sides), [*RED_FIRST, die])
    b = m.battle
    while b.game is not None and b.game.round == 0:
        deploy_next(m)
    division_id = "r2" if side == "red" else "b2"
    assert b.pending is not None and b.pending.kind == "deploy" and b.pending.side == side
    assert b.pending.options == (division_id,) and b.pending.payload == Arrivals(((division_id, edge),))
    (roll,) = rolls(b.events, "edge")
    assert (roll.officer, roll.die, roll.rule) == (division_id, die, "FG-REINF-3")
    flank = {1: "right", 2: "right", 3: "own", 4: "own", 5: "left", 6: "left"}[die]
    assert roll.outcome == f"{flank} ({edge})"


def test_AMB_44_one_edge_roll_per_entering_division(tmp_path: Path, matches: list[Match]) -> None:
    """AMB-44: each entering division rolls its own edge (red 1: east; blue 1: west)."""
    sides = reserve_sides(red_arrival=1, blue_arrival=1, blue_exp=4)
    m = start(matches, write_scenario(tmp_path, sides), [*RED_FIRST, 1, 1])
    b = m.battle
    while b.game is not None and b.game.round == 0:
        deploy_next(m)
    assert [(r.officer, r.outcome) for r in rolls(b.events, "edge")] == [
        ("r2", "right (east)"),
        ("b2", "right (west)"),
    ]
    assert b.pending is not None and b.pending.options == ("b2",)  # experience 4 first
    assert b.pending.payload == Arrivals((("b2", "west"),))


# impassable ground along the east edge up to y = 25, deeper than XL; beyond it, every spot is less
# than XL from b2's brigades: nothing can enter at the east edge
# impassable ground along the east edge up to y = 25, wide enough that no base within L of an officer at
# that edge stands XL from blue's line at y = 34 (issue 24: a narrower block left a legal placement,
# the officer just north of it and a brigade west of it, which the complete search now finds)
EAST_BLOCKED = [("impassable", ((28.0, 0.0), (48.0, 0.0), (48.0, 25.0), (28.0, 25.0)))]


def reinforcement_at_east(
    tmp_path: Path, matches: list[Match], extra: list[int], *, blocked: bool = False
) -> Match:
    """r2 arrives in round 1 and rolls a 1: the east edge (x = 48)."""
    terrain = EAST_BLOCKED if blocked else []
    path = write_scenario(tmp_path, reserve_sides(red_arrival=1), terrain=terrain)
    m = start(matches, path, [*RED_FIRST, 1, *extra])
    b = m.battle
    while b.game is not None and b.game.round == 0:
        deploy_next(m)
    assert b.pending is not None and b.pending.options == ("r2",)
    assert b.pending.payload == Arrivals((("r2", "east"),))
    return m


@pytest.mark.parametrize(("x", "ok"), [(37.6, True), (37.5, False)])
def test_FG_REINF_4_FG_REINF_5_the_officer_first_at_XL_or_less_from_the_edge(
    tmp_path: Path, matches: list[Match], x: float, ok: bool
) -> None:
    """FG-REINF-4, FG-REINF-5: the officer first, at XL or less from the entry edge (his base's edge
    10" from x = 48 is legal, 10.1" is not); the officer may stand anywhere along that edge."""
    m = reinforcement_at_east(tmp_path, matches, INITIATIVE)
    events = m.apply(line_up(m.battle, "r2", (x, 10.0), 180.0))
    if ok:
        (dep,) = of(events, "deployed")
        assert (dep.division, dep.edge, dep.officer_at, dep.rule) == ("r2", "east", (x, 10.0), "FG-REINF-4")
        assert pos(m.battle, "r2a")[0] == pytest.approx(x - 2.0)
    else:
        assert [e.rule for e in of(events, "rejected")] == ["FG-REINF-5"]
        assert officer_of(m.battle, "r2").reserve


def test_FG_REINF_6_units_at_L_or_less_from_their_officer(tmp_path: Path, matches: list[Match]) -> None:
    """FG-REINF-6: a reinforcement's units at L or less from the officer, like FG-DEP-9."""
    m = reinforcement_at_east(tmp_path, matches, [])
    events = m.apply(cmd.Deploy("r2", (44.0, 10.0), (("r2a", 42.0, 10.0, 180.0), ("r2b", 34.9, 14.0, 180.0))))
    assert [e.rule for e in of(events, "rejected")] == ["FG-REINF-6"]  # 44 - 0.4 - 35.5 = 8.1"
    assert status(m.battle, "r2b").reserve


def test_FG_REINF_7_AMB_40_not_placeable_stays_in_reserve_and_tries_again(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-REINF-7: no unit at less than XL from an enemy unit. AMB-40: a reinforcement that cannot be
    placed (impassable ground or enemies all along its edge) stays in reserve and tries again in the next
    Reinforcements phase with a new edge roll."""
    round1 = [6, 6, 1, 1, 3, 6, 6, 6]  # initiative r1, b1, b2, then their leadership checks
    m = reinforcement_at_east(tmp_path, matches, [*round1, 3, *INITIATIVE, *[6, 1] * 20], blocked=True)
    b = m.battle
    events = m.apply(cmd.Deploy("r2", (44.0, 26.0), (("r2a", 42.0, 27.2, 180.0), ("r2b", 42.0, 24.8, 180.0))))
    assert [e.rule for e in of(events, "rejected")] == ["FG-REINF-7"]  # 6.1" from b2b
    events = m.apply(cmd.Deploy("r2", (44.0, 12.0), (("r2a", 42.0, 13.2, 180.0), ("r2b", 42.0, 10.8, 180.0))))
    assert [e.rule for e in of(events, "rejected")] == ["FG-TERR-2"]
    events = m.apply(cmd.Pass())
    assert [e.rule for e in of(events, "note")][:1] == ["AMB-40"]
    assert officer_of(b, "r2").reserve and b.game is not None and b.game.arrivals == {"r2": 1}
    assert "r2" not in {f.key for f in b.formations}
    advance(m, kind_is("deploy"))
    assert b.game.round == 2
    assert [(r.officer, r.outcome) for r in rolls(b.events, "edge")] == [
        ("r2", "right (east)"),
        ("r2", "own (south)"),
    ]
    assert b.pending is not None and b.pending.options == ("r2",)
    assert b.pending.payload == Arrivals((("r2", "south"),))
    m.apply(line_up(b, "r2", (22.0, 4.0), 90.0))
    assert status(b, "r2a").in_play and b.game.arrivals == {}


def test_FG_REINF_1_AMB_40_a_reinforcement_that_fits_must_enter(tmp_path: Path, matches: list[Match]) -> None:
    """FG-REINF-1: a division whose die reaches 0 enters play; AMB-40 lets it stay in reserve only when
    it cannot be placed. At an open east edge, Pass is refused for humans and the AI places it."""
    m = reinforcement_at_east(tmp_path, matches, INITIATIVE)
    b = m.battle
    events = m.apply(cmd.Pass())
    (refused,) = of(events, "rejected")
    assert refused.rule == "FG-REINF-1" and "r2 can enter at the east edge" in refused.reason
    assert officer_of(b, "r2").reserve and b.pending is not None and b.pending.kind == "deploy"
    from game.ai.players import make_player

    for kind in ("heuristic", "random"):
        answer = make_player(kind, "red", 1).decide(b, b.pending)
        assert isinstance(answer, cmd.Deploy) and answer.division == "r2"
    (dep,) = of(m.apply(answer), "deployed")
    assert (dep.division, dep.edge) == ("r2", "east")


def test_FG_REINF_initial_deployment_refuses_pass(tmp_path: Path, matches: list[Match]) -> None:
    """FG-DEP-6 against AMB-40: only a reinforcement may stay in reserve; a division that rolled 4+
    must deploy."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST)
    events = m.apply(cmd.Pass())
    assert [e.rule for e in of(events, "rejected")] == ["FG-DEP-6"]


# --- FG-INIT ------------------------------------------------------------------------------------


def test_FG_INIT_1_all_initiative_before_any_activation(tmp_path: Path, matches: list[Match]) -> None:
    """FG-INIT-1: the Initiative phase is simultaneous: every formation's die is rolled before the
    first formation activates."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE)
    deploy_all(m)
    events = m.battle.events
    first = next(i for i, e in enumerate(events) if e.kind == "phase" and e.phase == "initiative")
    assert [e.officer for e in events[first + 1 : first + 7]] == ["r1", "r1", "r2", "b1", "b1", "b2"]
    assert events[first + 7].kind == "phase" and events[first + 7].phase == "activations"
    assert m.battle.pending is not None and m.battle.pending.kind == "activate"


@pytest.mark.parametrize(("r2_x", "dice", "initiative"), [(36.0, [3, 3], 6), (36.1, [3], 3)])
def test_FG_INIT_2_two_dice_added_at_XL_or_less_from_the_estado_mayor(
    tmp_path: Path, matches: list[Match], r2_x: float, dice: list[int], initiative: int
) -> None:
    """FG-INIT-2 (AMB-45): one die per division general, two added together when he is at XL or less
    from his estado mayor (at 25.2, 4): r2's officer 10" from the estado mayor's base rolls two, at
    10.1" one."""
    m = start(matches, write_scenario(tmp_path), [*RED_FIRST, 2, 2, *dice, 1, 1, 2])
    deploy_all(m, at={"r1": (16.0, 4.0), "r2": (r2_x, 4.0)}, staff={"red": (25.2, 4.0)})
    g = m.battle.game
    assert g is not None
    r2 = [e for e in rolls(m.battle.events, "initiative") if e.officer == "r2"]
    assert [e.die for e in r2] == dice and all(e.rule == "FG-INIT-2" for e in r2)
    assert g.initiative == {"r1": 4, "r2": initiative, "b1": 2, "b2": 2}


def test_AMB_45_the_two_dice_are_added_not_the_higher(tmp_path: Path, matches: list[Match]) -> None:
    """AMB-45: 2 and 5 make 7."""
    m = start(matches, write_scenario(tmp_path), [*RED_FIRST, 2, 5, 1, 3, 3, 2])
    deploy_all(m)
    g = m.battle.game
    assert g is not None and g.initiative["r1"] == 7 and g.initiative["b1"] == 6


def detachment_round(tmp_path: Path, matches: list[Match], round2: list[int]) -> Match:
    """Round 1: r1b walks 4" west and r1's officer 8" east, leaving r1b beyond L: a detachment from
    round 2's initiative on (AMB-5). Stops at round 2's first activation."""
    round1 = [*INITIATIVE, 6]  # r1 activates first and passes
    rest = [6, 6, 6]  # r2, b2, b1 pass
    m = start(matches, write_scenario(tmp_path), RED_FIRST + round1 + rest + round2)
    deploy_all(m)
    b = m.battle
    assert b.pending is not None
    m.apply(cmd.Activate("r1"))
    moved = m.apply(cmd.Move("r1b", (6.8, 6.0)))
    assert of(moved, "moved")
    m.apply(cmd.EndActivation())
    assert b.pending.kind == "officer_move"
    assert of(m.apply(cmd.MoveOfficer("r1", (20.0, 4.0))), "moved")
    advance(m, lambda d: b.game is not None and b.game.round == 2)
    return m


def test_FG_INIT_3_a_detachment_has_initiative_1(tmp_path: Path, matches: list[Match]) -> None:
    """FG-INIT-3: a detachment gets a die showing 1: no die is rolled for it."""
    m = detachment_round(tmp_path, matches, [6, 6, 1, 1, 1, 2])
    g = m.battle.game
    assert g is not None and g.initiative["det:r1b"] == 1
    notes = [e for e in of(m.battle.events, "note") if e.rule == "FG-INIT-3"]
    assert len(notes) == 1 and notes[0].details == {"units": ["r1b"]}
    round2 = rolls(m.battle.events, "initiative")[-6:]
    assert [e.officer for e in round2] == ["r1", "r1", "r2", "b1", "b1", "b2"]


# --- FG-ACT -------------------------------------------------------------------------------------


def test_FG_ACT_1_by_initiative_highest_first(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ACT-1: formations activate in decreasing initiative: r1 12, r2 5, b2 3, b1 2."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE + PASS4)
    deploy_all(m)
    asked = activations_asked(m)
    assert asked == [("red", ("r1",)), ("red", ("r2",)), ("blue", ("b2",)), ("blue", ("b1",))]
    assert [e.formation for e in of(m.battle.events, "activated")][:4] == ["r1", "r2", "b2", "b1"]


def test_FG_ACT_1_ties_by_experience(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ACT-1 (AMB-46): equal initiative, the more experienced officer first (b1, 4, before r1, 3)."""
    sides = (
        army("red", "south", division("r1"), division("r2")),
        army("blue", "north", division("b1", experience=4), division("b2")),
    )
    # roll-off for the deployment of r1, r2, b2 (equal dice and experience), b1 first
    m = start(matches, write_scenario(tmp_path, sides), [*RED_FIRST, 3, 3, 5, 2, 4, 1, *PASS4])
    deploy_all(m)
    asked = activations_asked(m)
    assert asked[:2] == [("blue", ("b1",)), ("red", ("r1",))]
    assert not [r for r in rolls(m.battle.events, "roll-off") if r.rule == "FG-ACT-1"]


def test_FG_ACT_1_AMB_46_ties_by_roll_off_then_alternating(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ACT-1 (AMB-46): four formations at initiative 4 and experience 3: one roll-off (blue 5, red
    2), blue activates first, then the players alternate, each picking among his own."""
    m = start(matches, write_scenario(tmp_path), [*RED_FIRST, 2, 2, 4, 1, 3, 4, 5, 2, *PASS4])
    deploy_all(m)
    b = m.battle
    asked = []
    picks = {"blue": ["b2", "b1"], "red": ["r2", "r1"]}
    while len(asked) < 4:
        d = b.pending
        assert d is not None
        if d.kind == "activate":
            asked.append((d.side, d.options))
            m.apply(cmd.Activate(picks[d.side].pop(0)))
        else:
            m.apply(idle(d))
    assert asked == [("blue", ("b1", "b2")), ("red", ("r1", "r2")), ("blue", ("b1",)), ("red", ("r1",))]
    assert [e.formation for e in of(b.events, "activated")] == ["b2", "r2", "b1", "r1"]
    offs = [(r.outcome, r.die) for r in rolls(b.events, "roll-off") if r.rule == "FG-ACT-1"]
    assert offs == [("blue", 5), ("red", 2)]


def test_FG_ACT_1_the_wrong_formation_is_refused(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ACT-1: out of turn, a formation cannot activate."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE)
    deploy_all(m)
    events = m.apply(cmd.Activate("r2"))
    events += m.apply(cmd.Activate("b1"))
    assert [e.rule for e in of(events, "rejected")] == ["FG-ACT-1", "FG-ACT-1"]
    assert not of(m.battle.events, "activated")


def test_FG_ACT_2_a_battle_activation_that_waives_the_check_is_refused(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-ACT-2: only a scripted battle waives the leadership check; a battle's activation that asks
    to is refused (the check was taken regardless), and the same activation with it goes on."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE + [2])
    deploy_all(m)
    events = m.apply(cmd.Activate("r1", leadership=False))
    assert [(e.rule, e.reason) for e in of(events, "rejected")] == [
        (
            "FG-ACT-2",
            "a division's general takes his leadership check when it activates: only a scripted "
            "battle waives it",
        )
    ]
    assert not of(m.battle.events, "activated")
    assert [e.kind for e in m.apply(cmd.Activate("r1"))][:2] == ["activated", "roll"]


def test_AMB_46_a_detachment_counts_experience_0(tmp_path: Path, matches: list[Match]) -> None:
    """AMB-46: r2 rolled a 1 like the detachment of r1b, but an officer of experience 3 comes before
    a detachment (experience 0): r1 12, b1 and b2 2 (blue picks), r2 1, then the detachment."""
    m = detachment_round(tmp_path, matches, [6, 6, 1, 1, 1, 2, 6, 6, 6, 6])
    asked = activations_asked(m)
    assert asked == [
        ("red", ("r1",)),
        ("blue", ("b1", "b2")),
        ("blue", ("b2",)),
        ("red", ("r2",)),
        ("red", ("det:r1b",)),
    ]


def test_FG_ACT_5_AMB_47_a_detachment_activates_without_a_check(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ACT-5 (AMB-47): no leadership check for a detachment; its units are disorganised but take
    orders; no officer moves after it."""
    m = detachment_round(tmp_path, matches, [6, 6, 1, 1, 1, 2, 6, 6, 6, 6])
    b = m.battle
    advance(m, lambda d: d.kind == "activate" and d.options == ("det:r1b",))
    before = len(b.events)
    m.apply(cmd.Activate("det:r1b"))
    events = b.events[before:]
    assert not rolls(events, "leadership")
    assert [e.rule for e in of(events, "note")] == ["FG-ACT-5"]
    b.enter()
    assert is_disorganised(b, b.ids["r1b"]) and not is_disorganised(b, b.ids["r1a"])
    assert b.pending is not None and b.pending.kind == "order" and b.pending.options == ("r1b",)
    assert of(m.apply(cmd.Move("r1b", (6.8, 9.0))), "moved")
    assert b.pending is not None and b.pending.kind == "staff_move"  # no officer_move for it


def test_FG_ACT_2_FG_ACT_3_a_leadership_check_then_orders(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ACT-2: an activated officer takes a leadership check (experience 3, one XL band to his
    estado mayor: -1); FG-ACT-3: passed, his units take orders and he may move afterwards."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE + [2])
    deploy_all(m)
    b = m.battle
    events = m.apply(cmd.Activate("r1"))
    assert [e.kind for e in events][:2] == ["activated", "roll"]
    (check,) = rolls(events, "leadership")
    assert (check.officer, check.die, check.total, check.outcome, check.rule) == (
        "r1",
        2,
        4,
        "pass",
        "FG-ACT-2",
    )
    assert b.pending is not None and b.pending.kind == "order" and set(b.pending.options) == {"r1a", "r1b"}
    events = m.apply(cmd.Move("r1a", (13.2, 10.0)))
    assert of(events, "moved") and pos(b, "r1a") == (13.2, 10.0)
    assert b.pending.options == ("r1b",)
    m.apply(cmd.EndActivation())
    assert b.pending is not None and (b.pending.kind, b.pending.unit) == ("officer_move", "r1")


def test_FG_ACT_4_AMB_33_a_failed_check_disorganises_until_the_next_activation(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-ACT-4 (AMB-33): r1 fails (natural 1): his units still take orders but are disorganised
    (-1 morale) until his next activation, and he does not move afterwards (FG-ACT-7). Round 2 he
    passes and the disorder ends."""
    dice = RED_FIRST + INITIATIVE + [1, 6, 6, 6] + INITIATIVE + [6]
    m = start(matches, write_scenario(tmp_path), dice)
    deploy_all(m)
    b = m.battle
    events = m.apply(cmd.Activate("r1"))
    assert rolls(events, "leadership")[0].outcome == "fail"
    assert [(e.officer, e.value) for e in of(events, "disorganised")] == [("r1", True)]
    assert of(m.apply(cmd.Move("r1a", (13.2, 10.0))), "moved")
    b.enter()
    r1a = b.ids["r1a"]
    assert is_disorganised(b, r1a)
    assert ("FG-MOR-5", -1) in [(x.rule, x.value) for x in morale_modifiers(b, r1a)]
    m.apply(cmd.EndActivation())
    assert b.pending is not None and b.pending.kind == "activate" and b.pending.options == ("r2",)
    advance(m, lambda d: d.kind == "activate" and b.game is not None and b.game.round == 2)
    b.enter()
    assert is_disorganised(b, r1a)  # still, at round 2's initiative
    events = m.apply(cmd.Activate("r1"))
    assert [(e.officer, e.value) for e in of(events, "disorganised")] == [("r1", False)]
    b.enter()
    assert not is_disorganised(b, r1a)


def reaction_battle(tmp_path: Path, matches: list[Match]) -> Match:
    """r1a, light cavalry, 10" from b1a: red deploys near the centre line and activates first."""
    sides = (
        army("red", "south", division("r1", ("r1a", "LC", "R"), ("r1b", "LnInf", "R")), division("r2")),
        army("blue", "north", division("b1"), division("b2")),
    )
    m = start(matches, write_scenario(tmp_path, sides), RED_FIRST + INITIATIVE + [6])
    b = m.battle
    m.apply(cmd.Deploy("r1", (12.0, 16.0), (("r1a", 12.0, 18.0, 90.0), ("r1b", 9.0, 16.0, 90.0))))
    m.apply(cmd.Deploy("b1", (12.0, 36.0), (("b1a", 12.0, 29.2, 270.0), ("b1b", 14.4, 34.0, 270.0))))
    deploy_all(m, staff={"red": (16.0, 12.0)})
    m.apply(cmd.Activate("r1"))
    assert b.pending is not None and b.pending.kind == "order"
    return m


def test_FG_ACT_6_a_unit_finishes_its_activation_before_the_next(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-ACT-6: while r1a's move waits for blue's reaction, an order for r1b is refused; r1a's
    activation completes first, then r1b may have its order."""
    m = reaction_battle(tmp_path, matches)
    b = m.battle
    m.apply(cmd.Move("r1a", (12.0, 26.0)))
    assert b.pending is not None and b.pending.kind == "reaction" and b.pending.unit == "r1a"
    events = m.apply(cmd.Move("r1b", (9.0, 19.0)))
    assert [e.rule for e in of(events, "rejected")] == ["FG-ACT-6"]
    assert pos(b, "r1b") == (9.0, 16.0)
    advance(m, kind_is("order"), lambda d: cmd.Pass())
    assert pos(b, "r1a") == (12.0, 26.0)
    assert b.pending is not None and b.pending.options == ("r1b",)
    assert of(m.apply(cmd.Move("r1b", (9.0, 19.0))), "moved")


def test_FG_ACT_7_AMB_48_the_officer_moves_after_his_division(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ACT-7 (AMB-48): after his division, an officer who passed may move up to L (not 8.5"); only
    he may move now; he may also decline."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE + PASS4)
    deploy_all(m)
    b = m.battle
    m.apply(cmd.Activate("r1"))
    m.apply(cmd.EndActivation())
    assert b.pending is not None and (b.pending.kind, b.pending.side, b.pending.unit) == (
        "officer_move",
        "red",
        "r1",
    )
    events = m.apply(cmd.MoveOfficer("r1", (12.0, 12.5)))
    events += m.apply(cmd.MoveOfficer("r2", (36.0, 8.0)))
    assert [e.rule for e in of(events, "rejected")] == ["FG-UNIT-18", "FG-ACT-7"]
    assert pos(b, "r1") == (12.0, 4.0)
    events = m.apply(cmd.MoveOfficer("r1", (12.0, 12.0)))
    (moved,) = of(events, "moved")
    assert (moved.unit, moved.how, moved.distance) == ("r1", "officer", 8.0)
    assert pos(b, "r1") == (12.0, 12.0)
    assert b.pending is not None and b.pending.kind == "activate" and b.pending.options == ("r2",)
    m.apply(cmd.Activate("r2"))
    m.apply(cmd.EndActivation())
    assert b.pending.kind == "officer_move"
    m.apply(cmd.Pass())
    assert pos(b, "r2") == (36.0, 4.0)
    assert b.pending.kind == "activate"


def test_FG_ACT_8_AMB_48_the_estados_mayores_move_at_the_end_of_the_round(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-ACT-8 (AMB-48): once every formation has activated the estados mayores may move, first the
    side whose formation activated first (blue: b1 12), then red; then round 2 begins."""
    m = start(matches, write_scenario(tmp_path), [*RED_FIRST, 1, 1, 3, 6, 6, 5, *PASS4, *INITIATIVE])
    deploy_all(m)
    b = m.battle
    advance(m, kind_is("staff_move"))
    assert [e.formation for e in of(b.events, "activated")] == ["b1", "b2", "r2", "r1"]
    assert phases(m)[-1] == (1, "end of round")
    assert (b.pending.side, b.pending.unit) == ("blue", "blue-staff")
    events = m.apply(cmd.MoveOfficer("red-staff", (18.0, 8.0)))
    assert [e.rule for e in of(events, "rejected")] == ["FG-ACT-7"]
    assert of(m.apply(cmd.MoveOfficer("blue-staff", (18.0, 30.0))), "moved")
    assert b.pending is not None and (b.pending.kind, b.pending.side) == ("staff_move", "red")
    m.apply(cmd.Pass())
    assert pos(b, "red-staff") == (18.0, 3.0) and pos(b, "blue-staff") == (18.0, 30.0)
    assert phases(m)[-1] == (2, "activations")


def test_FG_OFF_6_the_estado_mayor_never_activates(tmp_path: Path, matches: list[Match]) -> None:
    """FG-OFF-6: the estado mayor is not part of any division: he is never offered an activation,
    and moves only at the end of the round."""
    m = quiet_battle(tmp_path, matches)
    options = {f for e in of(m.battle.events, "activated") for f in [e.formation]}
    assert options == {"r1", "r2", "b1", "b2"}
    assert officer_of(m.battle, "red-staff").assigned == []


def test_disorganised_flag_is_per_division(tmp_path: Path, matches: list[Match]) -> None:
    """FG-ACT-4: only the failed officer's division is disorganised: r2's units are not."""
    m = start(matches, write_scenario(tmp_path), RED_FIRST + INITIATIVE + [1])
    deploy_all(m)
    m.apply(cmd.Activate("r1"))
    b = m.battle
    b.enter()
    assert is_disorganised(b, b.ids["r1b"]) and not is_disorganised(b, b.ids["r2a"])
    assert esper.component_for_entity(b.ids["r1"], type(officer_of(b, "r1"))).failed_leadership


def test_AMB_12_AMB_48_what_limits_an_officer_move() -> None:
    """AMB-48 (with AMB-12): an officer's move may pass through friendly units, but may not end on a
    base or another officer, pass through an enemy unit, or end touching one."""
    b = make_battle()
    try:
        officer(b, "gen", "red", (10.0, 10.0))
        officer(b, "aide", "red", (10.0, 4.0))
        unit(b, "friend", "red", (10.0, 12.0), 90.0, division="gen")
        unit(b, "foe", "blue", (14.0, 10.0), 90.0, division="blue-div")
        b.enter()
        gen = b.ids["gen"]
        check_officer_move(b, gen, (10.0, 14.0))  # through the friendly base to beyond it: fine
        for to, words in (
            ((10.0, 12.0), "on top of another base"),  # on the friendly base
            ((10.2, 4.5), "on top of another base"),  # on the aide
            ((17.0, 10.0), "pass through the enemy"),
            ((12.6, 10.0), "in contact with the enemy"),  # 0.4" from the foe's edge at x = 13
        ):
            with pytest.raises(Reject) as refused:
                check_officer_move(b, gen, to)
            assert refused.value.rule == "AMB-12" and words in b.reason(refused.value), to
        check_officer_move(b, gen, (12.5, 10.0))  # 0.5" from the foe: not touching
    finally:
        b.close()


AT_THE_FOE = ("reason_officer_on_base", "reason_officer_contact", "reason_officer_through")


def test_AMB_12_an_officer_move_is_refused_exactly_where_he_would_touch_or_cross_an_enemy() -> None:
    """AMB-12, AMB-48: the cheap look at each enemy base's box leaves the answer as the exact distances
    give it, on a fine grid of ends round a foe (near misses by a hair included)."""
    b = make_battle()
    try:
        officer(b, "gen", "red", (10.0, 10.0))
        unit(b, "foe", "blue", (14.0, 10.0), 30.0, division="blue-div")
        b.enter()
        gen, foe = b.ids["gen"], b.ids["foe"]
        radius = esper.component_for_entity(gen, Officer).radius
        corners = b.shape(foe)
        edges = list(zip(corners, corners[1:] + corners[:1], strict=True))
        refused_count = 0
        for i in range(-24, 25):
            for j in range(-24, 25):
                to = (14.0 + i * 0.1749, 10.0 + j * 0.1749)
                if dist((10.0, 10.0), to) > 8.0:
                    continue
                touches = point_polygon_distance(to, corners) <= radius + EPS
                crosses = any(segment_distance((10.0, 10.0), to, p, q) < radius - EPS for p, q in edges)
                try:
                    check_officer_move(b, gen, to)
                    refused = False
                except Reject as r:
                    refused = r.key in AT_THE_FOE
                assert refused == (touches or crosses), to
                refused_count += refused
        assert refused_count > 100  # the grid reaches the foe and its surround
    finally:
        b.close()


def test_FG_ACT_1_FG_ACT_2_FG_ACT_7_an_officer_with_no_unit_in_range_still_activates(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-ACT-1/2/7: r1's two brigades walk 8" west and r1 rides 8" east in round 1, so in round 2
    none of his units is within L of him. He still activates in his initiative slot, takes his
    leadership check and may move; his brigade activates apart, as a detachment (AMB-5)."""
    sides = (
        army("red", "south", division("r1"), division("r2")),
        army("blue", "north", division("b1"), division("b2")),
    )
    round1 = [*INITIATIVE, 6, 6, 6, 6]  # r1 first; every check passes
    round2 = [6, 6, 1, 1, 1, 2, 5, 6, 6, 6]  # r1 12, r2 1, b1 2, b2 2; r1 checks 5, the others 6
    m = start(matches, write_scenario(tmp_path, sides), RED_FIRST + round1 + round2)
    deploy_all(m)
    b = m.battle
    m.apply(cmd.Activate("r1"))
    assert of(m.apply(cmd.Move("r1b", (2.8, 6.0))), "moved")
    assert of(m.apply(cmd.Move("r1a", (5.2, 6.0))), "moved")
    assert of(m.apply(cmd.MoveOfficer("r1", (20.0, 4.0))), "moved")
    advance(m, lambda d: b.game is not None and b.game.round == 2 and d.kind == "activate")
    assert b.pending is not None and (b.pending.side, b.pending.options) == ("red", ("r1",))
    events = m.apply(cmd.Activate("r1"))
    (check,) = rolls(events, "leadership")
    assert (check.officer, check.die) == ("r1", 5)
    assert [e.formation for e in of(events, "activated")] == ["r1"]
    assert of(events, "activated")[0].units == ()
    assert b.pending is not None and (b.pending.kind, b.pending.unit) == ("officer_move", "r1")
    m.apply(cmd.Pass())
    asked = activations_asked(m)
    assert ("red", ("det:r1a",)) in asked


def test_FG_ACT_1_FG_OFF_10_the_activation_order_is_fixed_when_the_phase_begins(
    tmp_path: Path, matches: list[Match]
) -> None:
    """FG-ACT-1, FG-OFF-10 (docs/rules-decisions.md, "Activation order"): the order is settled when the
    Activations phase begins, roll-offs included. r2 and b2 tie at initiative 3 and experience 3; blue
    wins the roll-off. When b2's general then falls to experience 0 (a general killed, FG-OFF-10)
    before his turn, he keeps his place: b2 still activates before r2."""
    dice = [*RED_FIRST, 6, 6, 3, 1, 1, 3, 5, 2, *PASS4]  # r1 12, r2 3, b1 2, b2 3; roll-off blue 5, red 2
    m = start(matches, write_scenario(tmp_path), dice)
    deploy_all(m)
    b = m.battle
    assert b.pending is not None and b.pending.options == ("r1",)
    offs = [(r.outcome, r.die) for r in rolls(b.events, "roll-off") if r.rule == "FG-ACT-1"]
    assert offs == [("blue", 5), ("red", 2)]  # rolled before anyone activates
    m.apply(cmd.Activate("r1"))
    kill_officer(b, b.ids["b2"], "r1a")  # as a shot by r1's brigade would (FG-OFF-4)
    assert officer_of(b, "b2").experience == 0 and officer_of(b, "b2").in_play
    asked = activations_asked(m)
    assert asked == [("blue", ("b2",)), ("red", ("r2",)), ("blue", ("b1",))]
