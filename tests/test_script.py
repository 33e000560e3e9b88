"""Scripted battles (shared/spec/scripted-battle.md): the file format, the output, and the order in
which the engine rolls its dice (docs/scripted-battles.md, "The order of rolls"). Each test writes a
small script, runs it through game.running.script.run and reads the report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.model.errors import ContentError
from game.running.script import run

XY = tuple[float, float]


# --- writing scripts ----------------------------------------------------------------------------


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)  # a JSON string is a TOML basic string
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def _tables(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def dump(d: dict[str, Any]) -> str:
    """A script as TOML text: top-level lists of tables become [[arrays of tables]]."""
    lines = [f"{k} = {_value(v)}" for k, v in d.items() if not _tables(v)]
    for k, v in d.items():
        if _tables(v):
            for item in v:
                lines += ["", f"[[{k}]]", *(f"{kk} = {_value(x)}" for kk, x in item.items())]
    return "\n".join(lines) + "\n"


def off(ident: str, side: str, at: XY, role: str = "division", experience: int = 3) -> dict[str, Any]:
    return {"id": ident, "side": side, "role": role, "experience": experience, "at": list(at)}


def u(
    ident: str,
    side: str,
    at: XY,
    facing: float,
    cat: str = "LnInf",
    q: str = "R",
    hits: int = 0,
    division: str | None = None,
) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": ident,
        "side": side,
        "division": division or f"{side}-div",
        "category": cat,
        "quality": q,
        "at": list(at),
        "facing": facing,
    }
    if hits:
        d["hits"] = hits
    return d


def script(
    units: list[dict[str, Any]],
    steps: list[dict[str, Any]],
    dice: list[int] | None,
    officers: tuple[XY, XY] = ((30, 4), (30, 44)),
    **extra: Any,
) -> dict[str, Any]:
    """A 72x48 table, one division officer per side (es-div, en-div), the units and the steps."""
    d: dict[str, Any] = {"table": [72, 48]}
    if dice is not None:
        d["dice"] = dice
    d |= extra
    more = d.pop("more_officers", [])
    d["officers"] = [off("es-div", "es", officers[0]), off("en-div", "en", officers[1]), *more]
    d["units"] = units
    d["steps"] = steps
    return d


def play(tmp_path: Path, d: dict[str, Any]) -> dict[str, Any]:
    f = tmp_path / "battle.toml"
    f.write_text(dump(d))
    return run(f)


def rolls(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    """(check, purpose or target, unit or officer) of every roll, in order."""
    return [
        (e["check"], e.get("purpose") or e.get("target"), e.get("unit") or e.get("officer"))
        for e in result["events"]
        if e["kind"] == "roll"
    ]


def kinds(result: dict[str, Any]) -> list[str]:
    return [e["kind"] for e in result["events"]]


def index(result: dict[str, Any], **match: Any) -> int:
    """The position of the first event with these fields."""
    for i, e in enumerate(result["events"]):
        if all(e.get(k) == v for k, v in match.items()):
            return i
    raise AssertionError(f"no event {match} in {kinds(result)}")


# A line brigade 1.5" in front of an enemy light infantry brigade (range S, so it can shoot back
# after being pushed XS).
def _facing_lines(a_hits: int = 0) -> list[dict[str, Any]]:
    return [u("A", "es", (30, 10), 90, hits=a_hits), u("C", "en", (30, 12.7), 270, cat="LI")]


# --- the order of rolls ---------------------------------------------------------------------------


def test_FG_ORD_3_obey_check_is_rolled_before_the_shot(tmp_path: Path) -> None:
    """FG-ORD-3: a unit with hits takes its morale check first; then it carries out the order."""
    r = play(
        tmp_path, script(_facing_lines(a_hits=1), [{"unit": "A", "order": "fire", "target": "C"}], [6, 5])
    )
    assert rolls(r) == [("morale", "obey", "A"), ("fire", "C", "A")]
    assert r["events"][0]["rule"] == "FG-ORD-3"
    assert r["units"]["C"]["hits"] == 1


def test_FG_ORD_3_a_failed_obey_check_cancels_the_order(tmp_path: Path) -> None:
    """FG-ORD-3."""
    r = play(tmp_path, script(_facing_lines(a_hits=1), [{"unit": "A", "order": "fire", "target": "C"}], [1]))
    assert rolls(r) == [("morale", "obey", "A")]
    assert r["units"]["C"]["hits"] == 0 and r["dice_used"] == 1


def test_FG_ORD_3_withdraw_and_rally_take_no_obey_check(tmp_path: Path) -> None:
    """FG-ORD-3: Retreat and Rally need no morale check, even with hits (AMB-21)."""
    units = [u("A", "es", (30, 10), 90, hits=2), u("C", "en", (30, 20), 270)]
    steps = [{"unit": "A", "order": "rally"}, {"unit": "A", "order": "withdraw"}]
    r = play(tmp_path, script(units, steps, []))
    assert rolls(r) == [] and r["dice_used"] == 0
    assert r["units"]["A"]["hits"] == 1  # FG-ORD-10: one counter removed
    assert r["units"]["A"]["at"] == [30.0, 6.0]  # FG-ORD-9: S straight away from C, rear first
    assert r["units"]["A"]["facing"] == 90.0


def test_FG_REACT_2_reaction_morale_check_then_its_shot_after_the_shot_FG_FIRE_5(tmp_path: Path) -> None:
    """FG-FIRE-5: reactions to a shot come after it; FG-REACT-2: the reaction's morale check is rolled
    when it is declared, before the reaction's own roll."""
    steps = [{"unit": "A", "order": "fire", "target": "C", "reactions": [{"unit": "C", "action": "fire"}]}]
    r = play(tmp_path, script(_facing_lines(), steps, [5, 6, 6]))
    assert rolls(r) == [("fire", "C", "A"), ("morale", "reaction", "C"), ("fire", "A", "C")]
    assert index(r, kind="reaction", unit="C") < index(r, check="morale")
    shot = r["events"][index(r, check="fire", unit="C")]
    assert {"rule": "FG-CBT-9", "label": "as a reaction", "value": -2} in shot["modifiers"]


def test_FG_REACT_2_a_failed_reaction_check_rolls_no_action(tmp_path: Path) -> None:
    """FG-REACT-2."""
    steps = [{"unit": "A", "order": "fire", "target": "C", "reactions": [{"unit": "C", "action": "fire"}]}]
    r = play(tmp_path, script(_facing_lines(), steps, [5, 1]))
    assert rolls(r) == [("fire", "C", "A"), ("morale", "reaction", "C")]
    assert r["units"]["A"]["hits"] == 0


def test_FG_ORD_4_a_failed_obey_check_is_still_reacted_to(tmp_path: Path) -> None:
    """FG-ORD-4 (AMB-21): the failed check counts as an activation: enemies may react after it."""
    steps = [{"unit": "A", "order": "fire", "target": "C", "reactions": [{"unit": "C", "action": "fire"}]}]
    r = play(tmp_path, script(_facing_lines(a_hits=1), steps, [1, 6, 6]))
    assert rolls(r) == [("morale", "obey", "A"), ("morale", "reaction", "C"), ("fire", "A", "C")]


def test_AMB_24_reactors_at_one_pause_react_in_the_order_the_script_lists_them(tmp_path: Path) -> None:
    """AMB-24: several reactors are declared one at a time, each resolved before the next."""
    units = [
        u("A", "es", (30, 10), 90),
        u("C", "en", (29, 13), 270, cat="LI"),
        u("D", "en", (31.2, 13), 270, cat="LI"),
    ]
    for order in (["C", "D"], ["D", "C"]):
        reactions = [{"unit": n, "action": "fire"} for n in order]
        steps = [{"unit": "A", "order": "rally", "reactions": reactions}]
        units[0]["hits"] = 2
        r = play(tmp_path, script(units, steps, [6, 1, 6, 1], officers=((30, 6), (30, 17))))
        assert [x[2] for x in rolls(r)] == [order[0], order[0], order[1], order[1]]


def test_AMB_24_a_reaction_charge_rolls_its_check_then_the_melee_reactor_first(tmp_path: Path) -> None:
    """AMB-24: AMB-23: a reaction charge; FG-CHG-9: the mover with 2 hits checks at contact; FG-MELEE-2: the
    reacting (charging) side's die first, then the mover's."""
    units = [u("E", "en", (30, 17), 90, hits=2), u("S", "es", (30, 24), 270)]
    steps = [{"unit": "E", "order": "move", "to": [30, 19], "reactions": [{"unit": "S", "action": "charge"}]}]
    r = play(tmp_path, script(units, steps, [6, 6, 6, 6, 1], officers=((30, 28), (30, 12))))
    assert rolls(r) == [
        ("morale", "obey", "E"),  # FG-ORD-3: the mover's own check, when its activation starts
        ("morale", "reaction", "S"),
        ("morale", "charged", "E"),
        ("melee", "E", "S"),
        ("melee", None, "E"),
    ]


def _passing_line() -> list[dict[str, Any]]:
    """Light cavalry M moves 8" along +x at y=20 past two light infantry brigades that face it from
    y=24: it enters R1's reaction area first, then R2's."""
    return [
        u("M", "es", (24, 20), 0, cat="LC"),
        u("R1", "en", (30, 24), 270, cat="LI"),
        u("R2", "en", (33, 24), 270, cat="LI"),
    ]


def test_AMB_24_a_move_pauses_where_it_enters_each_reaction_area(tmp_path: Path) -> None:
    """FG-REACT-1 (AMB-24): the movement pauses at the first point where the mover enters each
    reactor's area; each reaction is rolled there (its morale check, then its shot)."""
    steps = [
        {
            "unit": "M",
            "order": "move",
            "to": [32, 20],
            "reactions": [{"unit": "R2", "action": "fire"}, {"unit": "R1", "action": "fire"}],
        }
    ]
    r = play(tmp_path, script(_passing_line(), steps, [6, 1, 6, 1], officers=((24, 14), (31, 30))))
    assert rolls(r) == [
        ("morale", "reaction", "R1"),
        ("fire", "M", "R1"),
        ("morale", "reaction", "R2"),
        ("fire", "M", "R2"),
    ]
    moves = [e["path"][-1][0] for e in r["events"] if e["kind"] == "moved"]
    # R1's area is x 29..31: M's base (1.2" deep along x) first overlaps it once its centre passes 28.4;
    # R2's area is x 32..34: past 31.4. The engine finds each entry to within half an inch.
    assert len(moves) == 3 and 28.4 < moves[0] <= 28.9 and 31.4 < moves[1] <= 31.9 and moves[2] == 32.0
    assert index(r, kind="moved") < index(r, unit="R1") < index(r, kind="roll", unit="R2")
    assert kinds(r).index("moved", index(r, unit="R1")) < index(r, kind="roll", unit="R2")
    assert r["units"]["M"]["at"] == [32.0, 20.0]


def test_AMB_24_a_reaction_declared_for_the_end_waits_for_the_end_of_the_move(tmp_path: Path) -> None:
    """AMB-24."""
    steps = [
        {
            "unit": "M",
            "order": "move",
            "to": [32, 20],
            "reactions": [{"unit": "R2", "action": "fire", "when": "end"}],
        }
    ]
    r = play(tmp_path, script(_passing_line(), steps, [6, 1], officers=((24, 14), (31, 30))))
    last_move = max(i for i, e in enumerate(r["events"]) if e["kind"] == "moved")
    assert index(r, kind="roll", unit="R2") > last_move
    assert rolls(r) == [("morale", "reaction", "R2"), ("fire", "M", "R2")]


def test_FG_ORD_7_reactions_to_a_move_come_before_its_shot(tmp_path: Path) -> None:
    """FG-ORD-7: the shot after a move is not part of the move: reactions come first."""
    units = [u("E", "en", (30, 17), 90, cat="LI"), u("S", "es", (30, 24), 270, cat="LI")]
    steps = [
        {
            "unit": "E",
            "order": "move",
            "to": [30, 19],
            "fire": "S",
            "reactions": [{"unit": "S", "action": "fire", "when": "end"}],
        }
    ]
    r = play(tmp_path, script(units, steps, [6, 1, 4], officers=((30, 28), (30, 12))))
    assert rolls(r) == [("morale", "reaction", "S"), ("fire", "E", "S"), ("fire", "S", "E")]
    shot = r["events"][index(r, check="fire", unit="E")]
    assert {"rule": "FG-CBT-6", "label": "moved and shot", "value": -1} in shot["modifiers"]


def _charge_scene() -> list[dict[str, Any]]:
    """C1 charges T (2 hits) in the front, C2 (1 hit) joins in its flank; R stands beside the charge
    with C1 already in its reaction area."""
    return [
        u("C1", "es", (30, 20.5), 90),
        u("C2", "es", (34, 24), 180, hits=1),
        u("T", "en", (30, 24), 270, hits=2),
        u("R", "en", (26.5, 21), 0, cat="LI"),
    ]


def test_FG_CHG_3_FG_CHG_9_FG_MELEE_2_order_of_rolls_in_a_charge(tmp_path: Path) -> None:
    """A combined charge (AMB-54): reactions during the movement and at contact (FG-CHG-3), each
    charger's obey check when its own move starts (FG-ORD-3), then the 2-hit unit's morale check
    (FG-CHG-9, AMB-56), then the melee dice: the charging side first, in the order its units made
    contact, then the defenders (FG-MELEE-2)."""
    steps = [
        {
            "unit": "C1",
            "order": "charge",
            "target": "T",
            "combined": ["C2"],
            "reactions": [
                {"unit": "R", "action": "fire"},
                {"unit": "T", "action": "fire", "when": "end"},
            ],
        }
    ]
    dice = [6, 1, 6, 1, 6, 6, 5, 4, 1]
    r = play(tmp_path, script(_charge_scene(), steps, dice, officers=((33, 18), (28, 30))))
    assert rolls(r) == [
        ("morale", "reaction", "R"),  # C1 starts in R's area: a window before it moves
        ("fire", "C1", "R"),
        ("morale", "reaction", "T"),  # at contact, before the melee
        ("fire", "C1", "T"),
        ("morale", "obey", "C2"),  # C2's own unit activation starts after C1's
        ("morale", "charged", "T"),  # FG-CHG-9, once, after every charger has moved
        ("melee", "T", "C1"),  # first into contact
        ("melee", "T", "C2"),
        ("melee", None, "T"),
    ]
    assert index(r, kind="contact", unit="C1") < index(r, kind="roll", unit="T")
    assert (
        index(r, kind="contact", unit="C1") < index(r, purpose="obey") < index(r, kind="contact", unit="C2")
    )
    assert index(r, kind="contact", unit="C2") < index(r, purpose="charged")
    melee = r["events"][index(r, kind="melee")]
    assert melee["attackers"] == ["C1", "C2"] and melee["defenders"] == ["T"]
    # C1: 5 - 1 frontal; C2: 4 + 2 flank - 1 hit; T: 1 - 2 hits
    assert (melee["attack"], melee["defence"], melee["margin"]) == (9, -1, 10)
    assert r["units"]["T"]["destroyed"] and r["dice_used"] == len(dice)


def test_FG_CHG_9_a_failed_check_destroys_before_any_melee_die(tmp_path: Path) -> None:
    """FG-CHG-9."""
    units = [u("C1", "es", (30, 20.5), 90), u("T", "en", (30, 24), 270, hits=2), u("T2", "en", (40, 30), 270)]
    r = play(tmp_path, script(units, [{"unit": "C1", "order": "charge", "target": "T"}], [1]))
    assert rolls(r) == [("morale", "charged", "T")]
    assert "melee" not in kinds(r)
    assert r["units"]["T"]["destroyed"] and r["units"]["T"]["removed"]


def test_FG_FIRE_4_the_marker_is_placed_after_the_shot_and_before_reactions(tmp_path: Path) -> None:
    """FG-FIRE-4: the artillery marker goes down once the shot is resolved (hits and push first);
    FG-FIRE-5: the target's reaction comes after."""
    units = [u("G", "es", (30, 10), 90, cat="HA"), u("T", "en", (30, 13), 270, cat="LI")]
    steps = [
        {
            "unit": "G",
            "order": "fire",
            "target": "T",
            "marker": [30, 17],
            "reactions": [{"unit": "T", "action": "fire"}],
        }
    ]
    r = play(tmp_path, script(units, steps, [6, 6, 1]))
    assert kinds(r)[:5] == ["roll", "hit", "pushed", "marker", "reaction"]
    assert rolls(r) == [("fire", "T", "G"), ("morale", "reaction", "T"), ("fire", "G", "T")]
    assert r["markers"] == [[30.0, 17.0]]


def test_FG_CHG_4_the_extra_move_comes_after_the_melee_and_rolls_nothing_of_its_own(tmp_path: Path) -> None:
    """FG-CHG-4..6: after a successful charge the cavalry's extra move; it triggers no reactions
    (FG-CHG-5); a chained charge fights its own melee after it."""
    units = [
        u("H", "es", (35, 24), 180, cat="LC"),
        u("E1", "en", (30, 24), 270),
        u("E3", "en", (27, 24), 270),
        u("E2", "en", (36, 32), 270),
    ]
    steps = [{"unit": "H", "order": "charge", "target": "E1", "extra": {"charge": "E3"}}]
    r = play(tmp_path, script(units, steps, [6, 3, 4, 5], officers=((34, 20), (30, 30))))
    assert rolls(r) == [
        ("melee", "E1", "H"),
        ("melee", None, "E1"),
        ("melee", "E3", "H"),
        ("melee", None, "E3"),
    ]
    first_melee = index(r, kind="melee")
    assert first_melee < index(r, kind="note", rule="FG-CHG-5") < index(r, kind="moved", how="extra")
    assert index(r, kind="moved", how="extra") < index(r, kind="roll", target="E3")
    assert r["units"]["E1"]["destroyed"] and r["units"]["H"]["at"] == [28.6, 24.0]


def test_check_steps_roll_one_die_each_FG_LDR_1_FG_MOR_1(tmp_path: Path) -> None:
    """FG-LDR-1, FG-MOR-1."""
    units = [u("A", "es", (30, 10), 90, hits=1), u("C", "en", (30, 20), 270)]
    steps = [{"check": "leadership", "officer": "es-div"}, {"check": "morale", "unit": "A"}]
    r = play(tmp_path, script(units, steps, [4, 3], officers=((31, 8), (30, 30))))
    assert rolls(r) == [("leadership", None, "es-div"), ("morale", "test", "A")]
    ldr, mor = (e for e in r["events"] if e["kind"] == "roll")
    assert ldr["total"] == 4 + 3 and ldr["outcome"] == "pass"  # no estado mayor: experience only
    # die 3, +2 officer at XS or less (FG-MOR-2), -1 hit (FG-MOR-4)
    assert mor["total"] == 4 and mor["outcome"] == "pass"
    assert [e["step"] for e in r["events"] if e["kind"] == "roll"] == [0, 1]


# --- the output ------------------------------------------------------------------------------------


def test_output_has_the_fields_of_the_spec(tmp_path: Path) -> None:
    steps = [{"unit": "A", "order": "fire", "target": "C"}]
    r = play(tmp_path, script(_facing_lines(), steps, [4], officers=((30, 4), (30, 20))))
    assert set(r) == {"units", "officers", "markers", "events", "dice_used"}
    assert set(r["units"]) == {"A", "C"} and set(r["officers"]) == {"es-div", "en-div"}
    assert r["units"]["C"] == {
        "at": [30.0, 14.7],
        "facing": 270.0,
        "hits": 1,
        "destroyed": False,
        "removed": False,
        "disorganised": False,
    }
    assert r["officers"]["es-div"] == {"at": [30.0, 4.0], "experience": 3, "lost_brigades": 0, "dead": False}
    roll = r["events"][0]
    assert {k: roll[k] for k in ("kind", "step", "check", "unit", "target", "die", "total", "outcome")} == {
        "kind": "roll",
        "step": 0,
        "check": "fire",
        "unit": "A",
        "target": "C",
        "die": 4,
        "total": 4,
        "outcome": "one hit",
    }
    assert roll["modifiers"] == []
    assert r["markers"] == [] and r["dice_used"] == 1
    json.dumps(r)  # plain data


def test_destroyed_and_removed(tmp_path: Path) -> None:
    """`destroyed`: by hits or a failed morale check (FG-LOST-1, FG-CHG-9); `removed`: out of play for
    any reason, here a division demoralised (FG-LOST-3, AMB-28); units out of play keep their last
    position."""
    units = [
        u("C1", "es", (30, 20.5), 90),
        u("T", "en", (30, 24), 270, hits=2),
        u("T2", "en", (40, 30), 270),
    ]
    r = play(tmp_path, script(units, [{"unit": "C1", "order": "charge", "target": "T"}], [2]))
    assert r["units"]["T"] | {"hits": None} == {
        "at": [30.0, 24.0],
        "facing": 270.0,
        "hits": None,
        "destroyed": True,
        "removed": True,
        "disorganised": False,
    }
    # one lost brigade against one survivor: the division is demoralised and T2 leaves the field
    assert r["units"]["T2"]["removed"] and not r["units"]["T2"]["destroyed"]
    assert r["units"]["T2"]["at"] == [40.0, 30.0]
    assert r["officers"]["en-div"]["lost_brigades"] == 1
    assert "division_removed" in kinds(r)


def test_destroyed_by_hits(tmp_path: Path) -> None:
    units = [u("A", "es", (30, 10), 90), u("C", "en", (30, 12.7), 270, hits=2), u("C2", "en", (20, 30), 270)]
    units.append(u("C3", "en", (40, 30), 270))
    r = play(tmp_path, script(units, [{"unit": "A", "order": "fire", "target": "C"}], [5]))
    assert r["units"]["C"]["destroyed"] and r["units"]["C"]["removed"]
    assert r["units"]["C"]["at"] == [30.0, 12.7]  # destroyed, not pushed (AMB-27)
    assert not r["units"]["C2"]["removed"]  # 1 counter, 2 survivors: the division holds


def test_a_forbidden_step_is_a_rejected_event_naming_the_rule_and_the_script_goes_on(tmp_path: Path) -> None:
    units = [u("H", "es", (30, 10), 90, cat="HC"), *_facing_lines()[1:], u("A", "es", (26, 10), 90)]
    steps: list[dict[str, Any]] = [
        {"unit": "H", "order": "fire", "target": "C"},
        {"unit": "A", "order": "move", "to": [26, 30]},
        {"unit": "A", "order": "fire", "target": "C"},
    ]
    r = play(tmp_path, script(units, steps, [], officers=((28, 6), (30, 30))))
    rejected = [e for e in r["events"] if e["kind"] == "rejected"]
    assert [(e["step"], e["rule"], e["unit"]) for e in rejected] == [
        (0, "FG-FIRE-1", "H"),
        (1, "FG-UNIT-12", "A"),
        (2, "FG-FIRE-1", "A"),
    ]
    assert all(e["reason"] for e in rejected)
    assert r["units"]["A"]["at"] == [26.0, 10.0] and r["units"]["C"]["hits"] == 0 and r["dice_used"] == 0


def test_each_step_is_a_new_activation(tmp_path: Path) -> None:
    """FG-ORD-2 and FG-REACT-4 start afresh with every step: A shoots twice, C reacts twice."""
    units = [u("A", "es", (30, 10), 90, cat="LI"), u("C", "en", (30, 14.5), 270, cat="LI")]
    step = {"unit": "A", "order": "fire", "target": "C", "reactions": [{"unit": "C", "action": "fire"}]}
    r = play(tmp_path, script(units, [step, step], [1, 6, 1, 1, 6, 1], officers=((30, 8), (30, 18))))
    assert rolls(r) == [("fire", "C", "A"), ("morale", "reaction", "C"), ("fire", "A", "C")] * 2
    assert "rejected" not in kinds(r)


def test_no_reaction_unless_the_script_declares_it(tmp_path: Path) -> None:
    r = play(tmp_path, script(_facing_lines(), [{"unit": "A", "order": "fire", "target": "C"}], [2]))
    assert rolls(r) == [("fire", "C", "A")] and "reaction" not in kinds(r)


def test_a_reaction_that_never_happens_is_rejected_with_its_rule(tmp_path: Path) -> None:
    """FG-REACT-1: only an enemy with the active unit in its reaction area; FG-REACT-4: once."""
    units = [*_facing_lines(), u("B", "es", (26, 10), 90), u("F", "en", (50, 40), 90)]
    reactions = [
        {"unit": "B", "action": "fire"},
        {"unit": "F", "action": "fire"},
        {"unit": "C", "action": "fire"},
        {"unit": "C", "action": "rally"},
    ]
    steps = [{"unit": "A", "order": "fire", "target": "C", "reactions": reactions}]
    r = play(tmp_path, script(units, steps, [2, 6, 1], officers=((28, 6), (30, 18))))
    rejected = {e["unit"] + ":" + e["rule"] for e in r["events"] if e["kind"] == "rejected"}
    assert rejected == {"B:FG-REACT-1", "F:FG-REACT-1", "C:FG-REACT-4"}
    assert rolls(r) == [("fire", "C", "A"), ("morale", "reaction", "C"), ("fire", "A", "C")]


def test_a_reaction_after_the_action_is_cut_short_is_rejected_in_the_english_possessive(
    tmp_path: Path,
) -> None:
    """FG-FIRE-6: the first reactor pushes the charger, so the second never reacts; its reason wrote
    "hussars's action", where a plural id takes the apostrophe alone, as every possessive of the game."""
    units = [
        u("hussars", "es", (30, 18), 90, cat="HC"),
        u("I", "en", (30, 24), 270),
        u("J", "en", (32.2, 24), 270),
    ]
    fire = [{"unit": "I", "action": "fire", "when": "end"}, {"unit": "J", "action": "fire", "when": "end"}]
    steps = [{"unit": "hussars", "order": "charge", "target": "I", "reactions": fire}]
    r = play(tmp_path, script(units, steps, [4, 6], officers=((30, 12), (30, 30))))
    (rejected,) = [e for e in r["events"] if e["kind"] == "rejected"]
    assert (rejected["unit"], rejected["rule"]) == ("J", "FG-FIRE-6")
    assert rejected["reason"] == "hussars' action was cut short before J could react"


def test_a_refused_order_rejects_nothing_else(tmp_path: Path) -> None:
    steps = [{"unit": "A", "order": "fire", "target": "C", "reactions": [{"unit": "C", "action": "fire"}]}]
    units = [u("A", "es", (30, 10), 90), u("C", "en", (30, 20), 270)]
    r = play(tmp_path, script(units, steps, []))
    assert [(e["kind"], e["rule"]) for e in r["events"]] == [("rejected", "FG-FIRE-1")]


def test_a_marker_the_rules_refuse_falls_back_to_the_engine_placement(tmp_path: Path) -> None:
    """FG-FIRE-4 (AMB-66): a marker at XS or less from the target; otherwise the engine places it."""
    units = [u("G", "es", (30, 10), 90, cat="HA"), u("T", "en", (30, 14), 270)]
    steps = [{"unit": "G", "order": "fire", "target": "T", "marker": [60, 40]}]
    r = play(tmp_path, script(units, steps, [4]))
    assert [(e["kind"], e.get("rule")) for e in r["events"]][1:] == [
        ("rejected", "FG-FIRE-4"),
        ("marker", "FG-FIRE-4"),
    ]
    assert r["markers"] == [[30.0, 14.0]]  # the legal point nearest the target's centre


def test_extra_move_to_a_point(tmp_path: Path) -> None:
    """FG-CHG-4: the extra move up to S after a successful charge, where the script says."""
    units = [
        u("H", "es", (35, 24), 180, cat="LC"),
        u("E1", "en", (30, 24), 270),
        u("E2", "en", (36, 32), 270),
    ]
    units.append(u("E3", "en", (20, 32), 270))
    steps = [{"unit": "H", "order": "charge", "target": "E1", "extra": {"to": [31.6, 20.5], "facing": 90}}]
    r = play(tmp_path, script(units, steps, [6, 3], officers=((34, 20), (30, 30))))
    assert r["units"]["H"]["at"] == [31.6, 20.5] and r["units"]["H"]["facing"] == 90.0
    assert r["events"][index(r, kind="moved", how="extra")]["distance"] == pytest.approx(3.5)


def test_leadership_failure_disorganises_until_a_later_pass_FG_ACT_4(tmp_path: Path) -> None:
    """FG-ACT-4."""
    units = [u("A", "es", (30, 10), 90, cat="LI"), u("C", "en", (30, 14.5), 270)]
    fire = {"unit": "A", "order": "fire", "target": "C"}
    ldr = {"check": "leadership", "officer": "es-div"}
    r = play(tmp_path, script(units, [ldr, fire], [1, 2], officers=((30, 8), (30, 20))))
    assert r["units"]["A"]["disorganised"] and not r["units"]["C"]["disorganised"]
    shot = r["events"][index(r, check="fire")]
    assert {"rule": "FG-CBT-5", "label": "disorganised", "value": -1} in shot["modifiers"]
    r = play(tmp_path, script(units, [ldr, ldr], [1, 5], officers=((30, 8), (30, 20))))
    assert not r["units"]["A"]["disorganised"]
    assert [e["value"] for e in r["events"] if e["kind"] == "disorganised"] == [True, False]


def test_a_detachment_is_disorganised_without_a_roll_FG_DIS_1(tmp_path: Path) -> None:
    """FG-TERM-7, FG-DIS-1: a unit beyond L of its officer; its morale checks take -1 (FG-MOR-5)."""
    units = [u("A", "es", (30, 20), 90), u("C", "en", (30, 40), 270)]
    r = play(tmp_path, script(units, [{"check": "morale", "unit": "A"}], [4], officers=((30, 4), (30, 44))))
    assert r["units"]["A"]["disorganised"] and not r["units"]["C"]["disorganised"]
    assert r["events"][0]["modifiers"] == [{"rule": "FG-MOR-5", "label": "disorganised", "value": -1}]
    assert r["events"][0]["total"] == 3 and r["events"][0]["outcome"] == "fail"


def test_a_unit_that_ends_beyond_L_is_reported_disorganised(tmp_path: Path) -> None:
    units = [u("A", "es", (30, 10), 90, cat="LC"), u("C", "en", (60, 40), 270)]
    r = play(
        tmp_path,
        script(units, [{"unit": "A", "order": "move", "to": [30, 18]}], [], officers=((30, 6), (60, 44))),
    )
    assert r["units"]["A"]["disorganised"]


def test_seed_gives_the_same_battle_twice(tmp_path: Path) -> None:
    steps = [{"unit": "A", "order": "fire", "target": "C", "reactions": [{"unit": "C", "action": "fire"}]}]
    d = script(_facing_lines(), steps, None, seed=7)
    first, second = play(tmp_path, d), play(tmp_path, d)
    assert first == second and first["dice_used"] >= 1
    assert all(1 <= e["die"] <= 6 for e in first["events"] if e["kind"] == "roll")


def test_road_move_and_the_marching_by_road_modifier_FG_ROAD_1_FG_CBT_3(tmp_path: Path) -> None:
    units = [u("A", "es", (10, 24), 90), u("G", "en", (18, 31), 270, cat="HA")]
    steps: list[dict[str, Any]] = [
        {"unit": "A", "order": "move", "to": [18, 24], "road": True},
        {"unit": "G", "order": "fire", "target": "A", "reactions": [{"unit": "A", "action": "fire"}]},
    ]
    terrain = [{"kind": "road", "path": [[6, 24], [66, 24]], "width": 0.5}]
    r = play(tmp_path, script(units, steps, [3], officers=((14, 21), (18, 36)), terrain=terrain))
    moved = [e for e in r["events"] if e["kind"] == "moved"]
    assert {e["how"] for e in moved} == {"road"}  # it pauses where it enters G's reaction area
    assert sum(e["distance"] for e in moved) == pytest.approx(8.0)  # 2 x S (FG-ROAD-1)
    assert r["units"]["A"]["at"] == [18.0, 24.0]
    shot = r["events"][index(r, check="fire")]
    assert {"rule": "FG-CBT-3", "label": "target marching by road", "value": 1} in shot["modifiers"]
    assert shot["total"] == 3 - 2 + 1 and len(r["markers"]) == 1  # a miss that still places a marker
    assert r["events"][-1]["kind"] == "rejected" and r["events"][-1]["rule"] == "FG-ROAD-4"


# --- bad scripts -------------------------------------------------------------------------------------


def _error(tmp_path: Path, d: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as e:
        play(tmp_path, d)
    return str(e.value)


def test_running_out_of_dice_says_how_many_the_script_used(tmp_path: Path) -> None:
    steps = [{"unit": "A", "order": "fire", "target": "C", "reactions": [{"unit": "C", "action": "fire"}]}]
    msg = _error(tmp_path, script(_facing_lines(), steps, [5, 6]))
    assert "battle.toml: steps[0]" in msg and "ran out after 2 dice" in msg


@pytest.mark.parametrize(
    ("step", "where"),
    [
        ({"unit": "A", "order": "fire", "target": "C", "to": [1, 2]}, "steps[0].to"),
        ({"unit": "A", "order": "withdraw", "target": "C"}, "steps[0].target"),
        ({"check": "morale", "unit": "A", "officer": "es-div"}, "steps[0].officer"),
        ({"check": "leadership", "officer": "es-div", "reactions": []}, "steps[0].reactions"),
        ({"unit": "A"}, "steps[0]: a step gives either an order or a check"),
        ({"unit": "A", "order": "move"}, "steps[0].to: missing key"),
        ({"unit": "A", "order": "charge"}, "steps[0].target: missing key"),
        ({"check": "leadership"}, "steps[0].officer: missing key"),
        ({"check": "leadership", "officer": "A"}, "steps[0].officer: unknown officer id 'A'"),
        ({"unit": "es-div", "order": "rally"}, "steps[0].unit: unknown unit id 'es-div'"),
        ({"unit": "A", "order": "charge", "target": "C", "combined": ["Z"]}, "steps[0].combined[0]"),
        (
            {"unit": "A", "order": "rally", "reactions": [{"unit": "Q", "action": "fire"}]},
            "reactions[0].unit",
        ),
        (
            {"unit": "A", "order": "rally", "reactions": [{"unit": "C", "action": "move"}]},
            "reactions[0].action",
        ),
        ({"unit": "A", "order": "rally", "extra": {"to": [1, 1], "charge": "C"}}, "steps[0].extra"),
        ({"unit": "A", "order": "rally", "extra": {"unit": "Z", "to": [1, 1]}}, "steps[0].extra.unit"),
    ],
)
def test_malformed_steps(tmp_path: Path, step: dict[str, Any], where: str) -> None:
    assert where in _error(tmp_path, script(_facing_lines(), [step], []))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"table": [0, 48]}, "table: the table needs a positive size"),
        ({"ruleset": "nope"}, "battle.toml: ruleset: "),
        ({"dice": [3, 0]}, "dice[1]: a D6 shows 1 to 6"),
        ({"terrain": [{"kind": "lava", "polygon": [[0, 0], [1, 0], [1, 1]]}]}, "terrain[0].kind"),
        ({"terrain": [{"kind": "road", "polygon": [[0, 0], [1, 0], [1, 1]]}]}, "terrain[0].polygon"),
        ({"terrain": [{"kind": "wood", "path": [[0, 0], [1, 0]]}]}, "terrain[0].path"),
        ({"terrain": [{"kind": "wood"}]}, "terrain[0]: give a polygon"),
        ({"more_officers": [off("es-div", "es", (2, 2))]}, "officers[2].id: duplicate id"),
        (
            {"more_officers": [off("s1", "es", (2, 2), "staff"), off("s2", "es", (4, 4), "staff")]},
            "officers[3].role",
        ),
        ({"more_officers": [off("x", "fr", (2, 2))]}, "exactly two sides"),
        ({"more_officers": [off("x", "es", (80, 2))]}, "officers[2].at"),
    ],
)
def test_malformed_battles(tmp_path: Path, change: dict[str, Any], where: str) -> None:
    dice = change.pop("dice", [])
    assert where in _error(tmp_path, script(_facing_lines(), [], dice, **change))


@pytest.mark.parametrize(
    ("unit", "where"),
    [
        (u("A", "es", (30, 10), 90, cat="Hussar"), "units[0].category: unknown category 'Hussar'"),
        (u("A", "es", (30, 10), 90, q="X"), "units[0].quality"),
        (u("A", "es", (30, 10), 90, hits=3), "units[0].hits"),
        (u("A", "es", (30, 10), 90, division="nobody"), "units[0].division: unknown division officer"),
        (
            u("A", "es", (30, 10), 90, division="en-div"),
            "units[0].division: en-div is an officer of the other",
        ),
        (u("A", "es", (0.5, 10), 90), "units[0].at: A does not stand wholly on the table"),
        (u("A", "es", (30, 12), 0), "units[1].at: C overlaps A"),
        (u("C", "es", (10, 10), 0), "units[1].id: duplicate id 'C'"),
    ],
)
def test_malformed_units(tmp_path: Path, unit: dict[str, Any], where: str) -> None:
    units = [unit, u("C", "en", (30, 12.7), 270)]
    assert where in _error(tmp_path, script(units, [], []))


def test_an_extra_move_the_rules_do_not_ask_for_is_rejected_FG_CHG_4(tmp_path: Path) -> None:
    """FG-CHG-4: only cavalry get the extra move, after a successful charge. Declared for infantry that
    charged, it is a `rejected` event of its own, not dropped silently; the charge itself stands."""
    units = [u("I", "es", (35, 24), 180), u("E1", "en", (31, 24), 0)]
    steps = [{"unit": "I", "order": "charge", "target": "E1", "extra": {"to": [33.0, 20.0]}}]
    r = play(tmp_path, script(units, steps, [6, 3], officers=((34, 20), (30, 30))))
    (rej,) = [e for e in r["events"] if e["kind"] == "rejected"]
    assert (rej["rule"], rej["unit"], rej["order"]) == ("FG-CHG-4", "I", "extra")
    assert not [e for e in r["events"] if e["kind"] == "moved" and e["how"] == "extra"]
    assert [e for e in r["events"] if e["kind"] == "contact"]


def test_a_marker_the_rules_do_not_ask_for_is_rejected_FG_FIRE_4(tmp_path: Path) -> None:
    """FG-FIRE-4: only an artillery shot with a result of 2 or more places a marker. Declared for an
    infantry shot, it is a `rejected` event; the shot itself is resolved."""
    units = [u("A", "es", (30, 10), 90, cat="LI"), u("C", "en", (30, 14.5), 270)]
    steps = [{"unit": "A", "order": "fire", "target": "C", "marker": [30.0, 16.0]}]
    r = play(tmp_path, script(units, steps, [5], officers=((30, 8), (30, 20))))
    (rej,) = [e for e in r["events"] if e["kind"] == "rejected"]
    assert (rej["rule"], rej["unit"], rej["order"]) == ("FG-FIRE-4", "A", "marker")
    assert rolls(r) == [("fire", "C", "A")] and r["markers"] == []


def test_a_table_of_no_size_is_said_as_every_line_says_a_size(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """It said 'found [0.0, 14.5]' (and so in Spanish) where every other line writes a table's size
    as 72x48, and a Spanish one its decimals with a comma."""
    import re

    from game import CONTENT
    from game.cli.entry import main

    script = tmp_path / "flat.toml"
    text = (CONTENT / "scripts" / "fire-at-line.toml").read_text(encoding="utf-8")
    script.write_text(re.sub(r"(?m)^table = .*$", "table = [0, 14.5]", text), encoding="utf-8")
    assert main(["script", str(script)]) == 2
    assert capfd.readouterr().err.endswith("table: the table needs a positive size, found 0x14.5\n")
    assert main(["script", str(script), "--lang", "es"]) == 2
    assert capfd.readouterr().err.endswith("table: la mesa necesita un tamaño positivo; hay 0x14,5\n")
