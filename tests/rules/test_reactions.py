"""Reactions (FG-REACT-1..4): who may react and when (AMB-24), which reactions exist (AMB-23), one per
enemy formation activation (AMB-25, EX-7), one morale check (AMB-26), no chains, and what they do to
the active unit: EX-8 (a shot at a charging cavalry), EX-9 (a reaction charge cancels the shot),
EX-21 (a retreat makes the charge successful). Also FG-OFF-5, FG-ROAD-4, FG-CBT-9."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits
from game.model.resolution import Decision
from tests.helpers import hits, make_battle, of, officer, play, pos, status, unit


@pytest.fixture
def made() -> Iterator[list[Battle]]:
    battles: list[Battle] = []
    yield battles
    for b in battles:
        b.close()


def new(made: list[Battle], dice: list[int]) -> Battle:
    b = make_battle(dice)
    made.append(b)
    return b


Answer = Callable[[Decision], cmd.Command | None]


def react_once(reaction: cmd.React, stage: str | None = None) -> Answer:
    """Declare the reaction at the first reaction window (of this stage), then pass."""
    done: list[bool] = []

    def answer(d: Decision) -> cmd.Command | None:
        if d.kind == "reaction" and not done and (stage is None or d.stage == stage):
            done.append(True)
            return reaction
        return None

    return answer


def rolls(events: list[Any]) -> list[tuple[str, str, int]]:
    """(unit, what, die) for every roll: what is the morale check's purpose or the roll's kind."""
    return [(r.unit, r.purpose or r.check, r.die) for r in of(events, "roll")]


def mods(roll: Any) -> list[tuple[str, int]]:
    return [(m.rule, m.value) for m in roll.modifiers]


def set_hits(b: Battle, name: str, count: int) -> None:
    b.enter()
    b.comp(b.ids[name], Hits).count = count


def rejections(events: list[Any]) -> list[str]:
    return [r.rule for r in of(events, "rejected")]


def rally_in_view(b: Battle) -> None:
    """Red M (2 hits) at (30, 20) facing +x, with blue units around it (their officer within L of each
    and at more than XS):
    V1 facing it 1.8" away; V2 1.8" away but facing away from it; V3 facing it from 4.5" (beyond its
    4" reaction area); V4, light cavalry, facing it from behind at 6" (inside its 8" area)."""
    officer(b, "red-div", "red", (30, 26))
    officer(b, "blue-div", "blue", (26, 18))
    unit(b, "M", "red", (30, 20), 0, hits=2)
    unit(b, "V1", "blue", (33, 20), 180)
    unit(b, "V2", "blue", (30, 24), 90)
    unit(b, "V3", "blue", (30, 13.9), 90)
    unit(b, "V4", "blue", (22.8, 20), 0, cat="LC")


# --- who may react --------------------------------------------------------------------------------


def test_FG_REACT_1_EX_17_only_units_with_the_active_unit_in_their_reaction_area(made: list[Battle]) -> None:
    """FG-REACT-1, FG-TERM-9, AMB-6, EX-3, EX-17: the units offered a reaction are those whose reaction
    area (vision strip, as deep as the unit's base move) holds the active unit: not a unit that is
    close but does not see it (EX-17's unit C), nor one that sees it beyond its base move."""
    b = new(made, [])
    rally_in_view(b)
    asked: list[Decision] = []
    play(b, cmd.Rally("M"), asked=asked)
    assert [(d.kind, d.side, d.unit, d.options, d.stage) for d in asked] == [
        ("reaction", "blue", "M", ("V1", "V4"), "after")
    ]


def test_FG_OFF_5_officers_cannot_react(made: list[Battle]) -> None:
    """FG-OFF-5: an officer right in front of the active unit is never offered a reaction, and a
    reaction declared for him is refused."""
    b = new(made, [])
    rally_in_view(b)
    officer(b, "blue-general", "blue", (31.5, 20))
    asked: list[Decision] = []
    events = play(b, cmd.Rally("M"), react_once(cmd.React("blue-general", "fire")), asked)
    assert all("blue-general" not in d.options for d in asked)
    assert rejections(events) == ["FG-OFF-5"]
    assert not of(events, "reaction") and not of(events, "roll")


def test_FG_ROAD_4_units_marching_by_road_cannot_react(made: list[Battle]) -> None:
    """FG-ROAD-4 (AMB-52): a unit marching by road is not offered a reaction; one declared is refused."""
    b = new(made, [])
    rally_in_view(b)
    status(b, "V1").marching_by_road = True
    asked: list[Decision] = []
    events = play(b, cmd.Rally("M"), react_once(cmd.React("V1", "fire")), asked)
    assert asked[0].options == ("V4",)
    assert rejections(events) == ["FG-ROAD-4"]
    assert not of(events, "roll")


# --- the reaction's morale check ------------------------------------------------------------------


def test_FG_REACT_2_morale_check_before_the_reactions_own_roll(made: list[Battle]) -> None:
    """FG-REACT-2: the reaction's morale check is rolled when it is declared, before the roll of the
    action itself (dice 2 then 6: the check takes the 2, the shot the 6)."""
    b = new(made, [2, 6])
    rally_in_view(b)
    b.enter()
    b.place(b.ids["blue-div"], 34.0, 21.9)  # V1's officer at XS: +2
    events = play(b, cmd.Rally("M"), react_once(cmd.React("V1", "fire")))
    declared = [e.kind for e in events].index("reaction")
    assert declared < [e.kind for e in events].index("roll")
    assert rolls(events) == [("V1", "reaction", 2), ("V1", "fire", 6)]
    morale, shot = of(events, "roll")
    assert (morale.total, morale.outcome, morale.rule) == (4, "pass", "FG-REACT-2")
    assert mods(shot) == [("FG-CBT-9", -2)]
    assert shot.total == 4 and hits(b, "M") == 2  # rallied to 1, then hit


def test_FG_REACT_2_AMB_25_a_failed_check_means_no_reaction_and_uses_it_up(made: list[Battle]) -> None:
    """FG-REACT-2, AMB-25: a failed reaction morale check: no reaction; and the unit's one attempt in
    this enemy activation is spent, so it is not offered again at the end of the move."""
    b = new(made, [3])
    officer(b, "blue-div", "blue", (24, 25))
    unit(b, "A", "red", (17, 20), 0)
    unit(b, "R", "blue", (24, 20), 180)  # its area reaches x = 19.4
    asked: list[Decision] = []
    events = play(b, cmd.Move("A", (20, 20)), react_once(cmd.React("R", "retreat")), asked)
    assert [d.stage for d in asked] == ["during"]
    assert rolls(events) == [("R", "reaction", 3)]
    assert of(events, "roll")[0].outcome == "fail"
    assert status(b, "R").reacted and pos(b, "A") == (20, 20) and hits(b, "A") == 0


def test_AMB_26_a_reactor_with_hits_takes_one_check_only(made: list[Battle]) -> None:
    """AMB-26, FG-MOR-4, FG-CBT-8: a reacting unit with a hit takes the reaction's morale check (-1
    for the hit) and no obey check; its shot has -1 for the hit and -2 as a reaction."""
    b = new(made, [5, 6])
    rally_in_view(b)
    set_hits(b, "V1", 1)
    events = play(b, cmd.Rally("M"), react_once(cmd.React("V1", "fire")))
    assert rolls(events) == [("V1", "reaction", 5), ("V1", "fire", 6)]
    morale, shot = of(events, "roll")
    assert mods(morale) == [("FG-MOR-4", -1)] and morale.total == 4
    assert sorted(mods(shot)) == [("FG-CBT-8", -1), ("FG-CBT-9", -2)] and shot.total == 3


# --- which reactions ------------------------------------------------------------------------------


def test_FG_REACT_3_AMB_23_no_move_reaction_and_only_at_the_trigger(made: list[Battle]) -> None:
    """FG-REACT-3, AMB-23: Move is not a reaction, and a reaction shot or charge answers the unit that
    triggered it: both are refused (and nothing is rolled); the window stays open for a valid one."""
    b = new(made, [4, 1])
    rally_in_view(b)
    unit(b, "M2", "red", (33, 23), 270)
    move = cmd.React("V1", "move")  # type: ignore[arg-type]  # deliberately not a reaction action
    answers = iter([move, cmd.React("V1", "fire", target="M2"), cmd.React("V1", "fire")])
    events = play(b, cmd.Rally("M"), lambda d: next(answers, None))
    assert rejections(events) == ["FG-REACT-3", "FG-REACT-3"]
    assert rolls(events) == [("V1", "reaction", 4), ("V1", "fire", 1)]
    assert of(events, "reaction")[0].target == "M"


@pytest.mark.parametrize(
    ("action", "check"),
    [("retreat", lambda b: pos(b, "V1") == (37, 20)), ("rally", lambda b: hits(b, "V1") == 1)],
)
def test_AMB_23_retreat_and_rally_reactions(made: list[Battle], action: str, check: Any) -> None:
    """AMB-23, FG-ORD-9, FG-ORD-10: a reaction may be a Retreat (straight away from the nearest enemy,
    its full move) or a Rally (one hit removed), as if ordered."""
    b = new(made, [6])  # 6 - 2 for its hits: 4, a pass
    rally_in_view(b)
    set_hits(b, "V1", 2)
    events = play(b, cmd.Rally("M"), react_once(cmd.React("V1", action)))
    assert rolls(events) == [("V1", "reaction", 6)]
    assert check(b)


# --- one reaction per enemy formation activation (FG-REACT-4, EX-7) -------------------------------


def test_FG_REACT_4_EX_7_once_per_enemy_activation(made: list[Battle]) -> None:
    """FG-REACT-4, EX-7, AMB-25: U reacts by shooting at E1's move; E2, of the same division and
    activation, then moves into U's reaction area: U cannot react again. A new activation of an enemy
    formation (division d2, whose E3 rallies in U's area) lets it react again."""
    b = new(made, [4, 1])  # U's morale 4 + 2 (its officer at XS); its shot 1 + 1 - 2 = 0: a miss
    officer(b, "d1", "red", (24, 22))
    officer(b, "d2", "red", (22, 20))
    officer(b, "blue-div", "blue", (31, 22.5))
    unit(b, "U", "blue", (30, 20), 180, cat="LI")  # area: x 25.4 to 29.4, y 19 to 21
    unit(b, "E1", "red", (28, 14.4), 0, division="d1")
    unit(b, "E2", "red", (28, 25.6), 0, division="d1")
    unit(b, "E3", "red", (25.9, 20), 0, division="d2", hits=2)
    events = play(b, cmd.Move("E1", (28, 18.4)), react_once(cmd.React("U", "fire"), stage="end"))
    assert rolls(events) == [("U", "reaction", 4), ("U", "fire", 1)]
    assert of(events, "roll")[1].target == "E1"
    assert status(b, "U").reacted
    asked: list[Decision] = []
    events = play(b, cmd.Move("E2", (28, 21.6)), lambda d: cmd.React("U", "fire"), asked)
    assert pos(b, "E2") == (28, 21.6) and asked == [] and not of(events, "roll")
    asked = []
    play(b, cmd.Rally("E3"), asked=asked)  # a new formation activation: d2's
    assert [d.options for d in asked] == [("U",)]
    assert not status(b, "U").reacted


def test_FG_REACT_4_a_rejected_reaction_is_not_spent(made: list[Battle]) -> None:
    """FG-REACT-4: a refused declaration (an impossible rally) does not use the unit's reaction."""
    b = new(made, [4, 1])
    rally_in_view(b)
    answers = iter([cmd.React("V1", "rally"), cmd.React("V1", "fire")])
    events = play(b, cmd.Rally("M"), lambda d: next(answers, None))
    assert rejections(events) == ["FG-ORD-10"]
    assert rolls(events) == [("V1", "reaction", 4), ("V1", "fire", 1)]


# --- when reactions happen (AMB-24) ---------------------------------------------------------------


def test_AMB_24_several_reactors_one_after_the_other(made: list[Battle]) -> None:
    """AMB-24: the reacting player declares reactions one at a time, each with its own check, fully
    resolved before the next; a unit that reacted is not offered again."""
    b = new(made, [4, 1, 5, 1])  # two misses: M stays where it is
    rally_in_view(b)
    unit(b, "V5", "blue", (30, 16.8), 90, cat="LI")  # LI: range 4", facing M from its right
    answers = iter([cmd.React("V1", "fire"), cmd.React("V5", "fire")])
    asked: list[Decision] = []
    events = play(b, cmd.Rally("M"), lambda d: next(answers, None), asked)
    assert [d.options for d in asked] == [("V1", "V4", "V5"), ("V4", "V5"), ("V4",)]
    assert rolls(events) == [
        ("V1", "reaction", 4),
        ("V1", "fire", 1),
        ("V5", "reaction", 5),
        ("V5", "fire", 1),
    ]


def test_FG_FIRE_5_reactions_to_a_shot_come_after_it(made: list[Battle]) -> None:
    """FG-FIRE-5, AMB-24: for a Shoot order the reaction window opens after the shot."""
    b = new(made, [1, 4, 1])
    officer(b, "blue-div", "blue", (23, 25))
    unit(b, "A", "red", (20, 20), 0)
    unit(b, "R", "blue", (23, 20), 180)
    asked: list[Decision] = []
    events = play(b, cmd.Fire("A", "R"), react_once(cmd.React("R", "fire")), asked)
    assert [d.stage for d in asked] == ["after"]
    assert rolls(events) == [("A", "fire", 1), ("R", "reaction", 4), ("R", "fire", 1)]


def test_AMB_24_no_reaction_to_a_reaction(made: list[Battle]) -> None:
    """AMB-24: reactions cannot be reacted to. Blue R reacts to red A by retreating past red F, which
    faces R's way back: only blue is ever asked, and only about A."""
    b = new(made, [4])
    officer(b, "blue-div", "blue", (23, 25))
    unit(b, "A", "red", (20, 20), 0, hits=2)
    unit(b, "R", "blue", (23, 20), 180)
    unit(b, "F", "red", (25.5, 16.5), 90)  # its area covers x 24.5 to 26.5, y 17.1 to 21.1
    asked: list[Decision] = []
    events = play(b, cmd.Rally("A"), react_once(cmd.React("R", "retreat")), asked)
    assert pos(b, "R") == (27, 20)
    assert {(d.side, d.unit) for d in asked} == {("blue", "A")}
    assert rolls(events) == [("R", "reaction", 4)]


# --- what reactions do to the active unit -----------------------------------------------------


def charge_at_infantry(b: Battle) -> None:
    """Red heavy cavalry C at (20, 20) facing blue line infantry I at (25, 20), 3.8" apart."""
    officer(b, "red-div", "red", (20, 26))
    unit(b, "C", "red", (20, 20), 0, cat="HC")
    unit(b, "I", "blue", (25, 20), 180)


def test_EX_8_shooting_at_a_charging_cavalry_at_contact(made: list[Battle]) -> None:
    """EX-8, FG-CHG-3, FG-FIRE-6, FG-FIRE-7, FG-CBT-9: the cavalry completes its move into contact; the
    infantry reacts then ("end", before the melee), passes its check and shoots: 6 - 2 = 4, one hit
    and pushed XS. The charge is cut short: no melee, no extra move."""
    b = new(made, [4, 6])  # no die is left for a melee: one would end the test with an error
    charge_at_infantry(b)
    asked: list[Decision] = []
    events = play(b, cmd.Charge("C", "I"), react_once(cmd.React("I", "fire"), stage="end"), asked)
    kinds = [e.kind for e in events]
    assert kinds.index("contact") < kinds.index("reaction")
    assert rolls(events) == [("I", "reaction", 4), ("I", "fire", 6)]
    shot = of(events, "roll")[1]
    assert mods(shot) == [("FG-CBT-9", -2)] and shot.total == 4
    assert hits(b, "C") == 1 and pos(b, "C") == (21.8, 20)
    assert not of(events, "melee") and hits(b, "I") == 0
    assert [d.kind for d in asked] == ["reaction", "reaction"]  # no extra move offered
    assert of(events, "interrupted")[0].unit == "C"


def test_EX_9_reaction_charge_cancels_the_follow_up_shot(made: list[Battle]) -> None:
    """EX-9, FG-ORD-7, AMB-67, FG-CBT-9: red infantry A advances to shoot; when it enters blue S's
    reaction area, S reacts by charging it. A melee is fought (S with -2 as a reaction and -1 for a
    frontal charge) and A's shot is cancelled."""
    b = new(made, [4, 6, 3])  # S's morale 4; melee: S 6 - 3 = 3, A 3: a draw
    officer(b, "red-div", "red", (18, 26))
    unit(b, "A", "red", (18, 20), 0)
    unit(b, "S", "blue", (24.2, 20), 180)
    events = play(b, cmd.Move("A", (21.4, 20), fire="S"), react_once(cmd.React("S", "charge"), "during"))
    assert rolls(events) == [("S", "reaction", 4), ("S", "melee", 6), ("A", "melee", 3)]
    assert sorted(mods(of(events, "roll")[1])) == [("FG-CBT-7", -1), ("FG-CBT-9", -2)]
    [melee] = of(events, "melee")
    assert (melee.attackers, melee.defenders, melee.attack, melee.defence) == (("S",), ("A",), 3, 3)
    assert not [r for r in of(events, "roll") if r.check == "fire"]
    assert of(events, "interrupted")[0].unit == "A"
    assert pos(b, "A") == (17, 20)  # stopped where S caught it (19, 20), then pushed XS in the draw


def test_EX_21_retreat_reaction_makes_the_charge_successful(made: list[Battle]) -> None:
    """EX-21, FG-CHG-8, FG-CHG-4: the target passes its check and retreats from the charging cavalry:
    the charge counts as successful and the cavalry may make its extra S move."""
    b = new(made, [4])
    charge_at_infantry(b)
    asked: list[Decision] = []

    def answer(d: Decision) -> cmd.Command | None:
        if d.kind == "extra_move":
            return cmd.ExtraMove("C", to=(26, 20))
        return cmd.React("I", "retreat") if d.stage == "end" else None

    events = play(b, cmd.Charge("C", "I"), answer, asked)
    assert pos(b, "I") == (29, 20)
    assert "FG-CHG-8" in [n.rule for n in of(events, "note")]
    assert [d.kind for d in asked][-1] == "extra_move" and asked[-1].unit == "C"
    assert pos(b, "C") == (26, 20)
    assert not of(events, "melee")


def test_AMB_67_an_interrupting_reaction_leaves_the_window_open(made: list[Battle]) -> None:
    """AMB-67, AMB-24: a reaction that pushes the charging cavalry stops its charge, not the other
    reactions: I2, whose area holds the cavalry before and after the push, may still shoot it."""
    b = new(made, [4, 6, 4, 1])  # I: check 4 + 2, shot 6 - 2; I2: check 4, shot 1 + 2 (flank) - 2
    charge_at_infantry(b)
    unit(b, "I2", "blue", (23, 16.5), 90)  # its area: x 22 to 24, y 17.1 to 21.1
    answers = iter([cmd.React("I", "fire"), cmd.React("I2", "fire")])

    def answer(d: Decision) -> cmd.Command | None:
        return next(answers, None) if d.stage == "end" else None

    events = play(b, cmd.Charge("C", "I"), answer)
    assert rolls(events) == [("I", "reaction", 4), ("I", "fire", 6), ("I2", "reaction", 4), ("I2", "fire", 1)]
    assert ("FG-CBT-2", 2) in mods(of(events, "roll")[3])
    assert len(of(events, "interrupted")) == 1
    assert not of(events, "melee") and hits(b, "C") == 1 and pos(b, "C") == (21.8, 20)


def test_AMB_23_a_reaction_shot_keeps_the_nearest_target_rule(made: list[Battle]) -> None:
    """AMB-23, FG-FIRE-2: a reaction works like the matching order, so infantry may shoot the unit that
    triggered it only if that unit is its nearest valid target: red N, 0.1" from V1, is nearer than M."""
    b = new(made, [])
    rally_in_view(b)
    unit(b, "N", "red", (31.7, 21.5), 0)
    events = play(b, cmd.Rally("M"), react_once(cmd.React("V1", "fire")))
    assert rejections(events) == ["FG-FIRE-2"]
    assert not of(events, "roll") and not status(b, "V1").reacted


def test_AMB_20_a_reaction_does_not_use_up_the_units_order(made: list[Battle]) -> None:
    """AMB-20: a reaction is not an order of the reacting unit's own formation: V1, having reacted to
    M, still takes its order when its own division activates."""
    b = new(made, [4, 1])
    rally_in_view(b)
    play(b, cmd.Rally("M"), react_once(cmd.React("V1", "fire")))
    assert status(b, "V1").reacted
    events = play(b, cmd.Move("V1", (35, 20)))
    assert not of(events, "rejected") and pos(b, "V1") == (35, 20)
