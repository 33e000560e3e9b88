"""Module dias-combat (systems/dias/combat.py; decisions in docs/dias-decisions.md): fire and shock read
on the Días de Gloria tables with a d10, their results in For Glory's effects."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from game.cli.entry import main
from game.content.module_records import rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from systems.dias.combat import fire_modifiers, numbers, ratio_drm, shock_modifiers
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.melee import Attack
from systems.for_glory.odds import check_odds, fire_odds
from tests.helpers import hits, of, order, pos, rules, status, unit

DC = "dias-combat"


def dc_battle(
    battle: Callable[..., Battle], dice: list[int] | None = None, *modules: str, **kw: Any
) -> Battle:
    return battle(dice, stack=rule_stack(rules(), [DC, *modules], "tests"), **kw)


def shooter_and_target(battle: Callable[..., Battle], dice: list[int], gap: float = 1.5, **kw: Any) -> Battle:
    """Line infantry a at (10, 10) facing its target t `gap` inches away, front to front."""
    b = dc_battle(battle, dice, **kw)
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (10.6 + gap + 0.6, 10), 180)
    return b


def fired(b: Battle) -> Any:
    events = order(b, cmd.Fire("a", "t"))
    (roll,) = [r for r in of(events, "roll") if r.check == "fire"]
    return roll, events


@pytest.mark.parametrize(
    ("die", "outcome", "taken"),
    [(2, "no effect", 0), (7, "disorder", 1), (9, "rout", 2)],
)
def test_DG_14_DG_15_the_fire_table(
    battle: Callable[..., Battle], die: int, outcome: str, taken: int
) -> None:
    """DG-14, DG-15: d10 + fire capability (line infantry 5, DG-DEC-7) + point-blank (DG-16, +1 at XS):
    8 or less no effect, 13-14 disorder (one hit and a push, DG-DEC-8), 15 or more rout (two hits)."""
    b = shooter_and_target(battle, [die])
    roll, _events = fired(b)
    assert (roll.die, roll.total, roll.outcome, roll.rule) == (die, die + 6, outcome, "DG-14")
    assert hits(b, "t") == taken and (pos(b, "t")[0] > 12.8) == (taken > 0)


@pytest.mark.parametrize(("morale_die", "taken"), [(6, 0), (1, 1)])
def test_DG_15_a_cohesion_test_is_a_for_glory_morale_check(
    battle: Callable[..., Battle], morale_die: int, taken: int
) -> None:
    """DG-15: 9 to 12 is a cohesion test: For Glory's morale check; failed, a disorder (one hit)."""
    b = shooter_and_target(battle, [4, morale_die])
    roll, events = fired(b)
    (check,) = [r for r in of(events, "roll") if r.check == "morale"]
    assert roll.outcome == "cohesion test" and (check.rule, check.purpose) == ("DG-15", "cohesion test")
    assert hits(b, "t") == taken


def test_DG_16_the_fire_modifiers(battle: Callable[..., Battle]) -> None:
    """DG-16: reaction fire -1, a firer in a town (six fronts) -1, point-blank +1 against infantry at XS
    (DG-DEC-7), For Glory's move and shoot -1 (DG-DEC-7)."""
    town = ("town", ((8, 8), (12, 8), (12, 12), (8, 12)))
    b = dc_battle(battle, None, terrain=[town])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (13.2, 10), 180)  # 2" away: XS
    unit(b, "far", "blue", (14.8, 10), 180)
    a, t, far = b.ids["a"], b.ids["t"], b.ids["far"]
    labels = {m.label: m.value for m in fire_modifiers(b, a, t, moved=True, reaction=True)}
    assert labels == {
        "fire capability": 5,
        "reaction fire": -1,
        "firer with six fronts": -1,
        "point-blank": 1,
        "moved and shot": -1,
        "grouped target": 1,  # far stands 0.4" behind t (DG-16, DG-DEC-11)
    }
    assert "point-blank" not in {m.label for m in fire_modifiers(b, a, far, moved=False, reaction=False)}


def test_DG_4_DG_10_the_targets_ground_and_a_wall_between(battle: Callable[..., Battle]) -> None:
    """DG-4 (note [a]): a target in a wood is harder to hit (-1), in a town -2 (DG-2's Fire column);
    DG-10 (note [g]): a wall between the units counts instead of the target's ground, not with it."""
    wood = ("wood", ((12, 8), (16, 8), (16, 12), (12, 12)))
    wall = ("wall", (((11.5, 0), (11.5, 48)), 0.2))
    for terrain, expected in (([wood], ("wood (target)", -1)), ([wood, wall], ("wall (target)", -1))):
        b = dc_battle(battle, None, terrain=terrain)
        unit(b, "a", "red", (10, 10), 0)
        unit(b, "t", "blue", (13.4, 10), 180)
        terrain_lines = [
            (m.label, m.value)
            for m in fire_modifiers(b, b.ids["a"], b.ids["t"], moved=False, reaction=False)
            if m.rule == "DG-4"
        ]
        assert terrain_lines == [expected]


def test_DG_14_the_fire_odds_are_exact(battle: Callable[..., Battle]) -> None:
    """Capability 5 + point-blank 1 on a d10 read 0-9: no effect on 0-2, a cohesion test on 3-6 (a
    regular unit fails its morale check on a 1 or 2 of 6... as For Glory's check says), a disorder on
    7-8, a rout on 9."""
    b = shooter_and_target(battle, [])
    fails = 1 - check_odds(b, b.ids["t"])
    odds = fire_odds(b, b.ids["a"], b.ids["t"])
    assert odds == {
        "miss": Fraction(3, 10) + Fraction(4, 10) * (1 - fails),
        "one hit": Fraction(2, 10) + Fraction(4, 10) * fails,
        "two hits": Fraction(1, 10),
    }
    assert sum(odds.values()) == 1


@pytest.mark.parametrize(
    ("attack", "defence", "drm"),
    [(3, 2, 1), (2, 1, 2), (5, 2, 2), (3, 1, 3), (9, 2, 4), (1, 1, 0), (2, 3, -1), (1, 3, -3), (1, 5, -4)],
)
def test_DG_20_the_force_ratio(battle: Callable[..., Battle], attack: int, defence: int, drm: int) -> None:
    """DG-20: +1 at 1.5 to 1 up to +4 at 4 to 1 and more, the same negative below 1 to 1; 2.5 to 1 takes
    the 2 to 1 column (DG-DEC-9: a ratio between columns takes the one nearer 1 to 1)."""
    b = dc_battle(battle)
    assert ratio_drm(numbers(b), attack, defence) == drm


def test_DG_21_DG_22_the_shock_modifiers(battle: Callable[..., Battle]) -> None:
    """DG-21: force ratio (3 against a 1-hit base's 2), cohesion (elite 5 - militia 1), clear ground +1
    (DG-2), a charge with heavy cavalry +3; from the rear +2; DG-22: from a front and a rear +3."""
    b = dc_battle(battle)
    unit(b, "h", "red", (10, 10), 0, cat="HC", q="E")
    unit(b, "i", "red", (16, 10), 180, q="R")
    unit(b, "t", "blue", (13, 10), 180, q="M", hits=1)
    h, i, t = b.ids["h"], b.ids["i"], b.ids["t"]
    front = {m.label: m.value for m in shock_modifiers(b, [Attack(h, t, "front")], [t])}
    assert front == {
        "force ratio": 1,
        "cohesion": 4,
        "defender on clear ground": 1,
        "charge with heavy cavalry": 3,
    }
    rear = {m.label: m.value for m in shock_modifiers(b, [Attack(i, t, "rear")], [t])}
    assert rear["attacked from a rear hex"] == 2 and "charge with heavy cavalry" not in rear
    both = {m.label: m.value for m in shock_modifiers(b, [Attack(h, t, "front"), Attack(i, t, "rear")], [t])}
    assert both["attacked from front and rear"] == 3 and both["force ratio"] == 3


@pytest.mark.parametrize(
    ("dice", "outcome", "target_hits", "charger_hits"),
    [([9], "breakthrough", 1, 0), ([4, 6], "pushed back", 0, 0), ([4, 1], "pushed back", 1, 0)],
)
def test_DG_17_DG_18_the_shock_table(
    battle: Callable[..., Battle], dice: list[int], outcome: str, target_hits: int, charger_hits: int
) -> None:
    """DG-17, DG-18: line infantry charge line infantry of the same quality (modifiers: clear ground
    +1, nothing else): a 9 is a breakthrough (10: the defender recoils and is disordered, one hit);
    a 4 (5 to 9) pushes it back: it recoils, or takes a hit if it fails its cohesion test."""
    b = dc_battle(battle, dice)
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (12.4, 10), 180)
    events = order(b, cmd.Charge("a", "t"))
    (roll,) = [r for r in of(events, "roll") if r.check == "shock"]
    assert (roll.outcome, roll.rule, roll.total) == (outcome, "DG-17", dice[0] + 1)
    assert (hits(b, "t"), hits(b, "a")) == (target_hits, charger_hits)
    assert pos(b, "t")[0] > 12.4  # recoiled either way


def test_DG_17_a_repulsed_charge_disorders_the_attacker(battle: Callable[..., Battle]) -> None:
    """DG-17, DG-18: militia charging elite infantry in a wood (cohesion -4, wood -1): a 3 gives -2:
    the attacker takes a hit (D) and, failing its cohesion test, recoils (TdC/1)."""
    wood = ("wood", ((12, 8), (16, 8), (16, 12), (12, 12)))
    b = dc_battle(battle, [3, 1], terrain=[wood])
    unit(b, "a", "red", (10, 10), 0, q="M")
    unit(b, "t", "blue", (13.4, 10), 180, q="E")
    events = order(b, cmd.Charge("a", "t"))
    (roll,) = [r for r in of(events, "roll") if r.check == "shock"]
    assert roll.outcome == "routed" and roll.total == 3 - 4 - 1
    assert (hits(b, "a"), hits(b, "t")) == (1, 0) and pos(b, "a")[0] < 10.8


def test_DG_17_the_charge_odds_are_exact(battle: Callable[..., Battle]) -> None:
    """The odds of a shock: each d10 face (0-9) + 1 for clear ground: 9 -> breakthrough (1/10), 4-8
    pushed back (5/10), 0-3 repulsed (4/10), split by the cohesion tests' chances."""
    b = dc_battle(battle)
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (12.4, 10), 180)
    fails = 1 - check_odds(b, b.ids["t"])
    odds = charge_odds(b, b.ids["a"], b.ids["t"])
    assert odds["won: one hit"] == Fraction(1, 10) + Fraction(5, 10) * fails
    assert sum(odds.values()) == 1 and set(odds) <= {
        "won: one hit",
        "won: pushed",
        "lost: one hit",
        "lost: one hit and pushed",
    }


def test_modules_json_and_whole_battles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Both Días de Gloria modules together, and dias-combat with warhammer-charges, play to an end."""
    assert main(["modules", "--json"]) == 0
    listed = {m["id"]: m for m in json.loads(capsys.readouterr().out)["modules"]}
    assert listed[DC]["hooks"] == ["fire", "fire_odds", "melee", "melee_odds"]
    for seed, extra in ((3, "dias-terrain"), (4, "warhammer-charges")):
        events = tmp_path / f"{seed}.jsonl"
        args = [
            "simulate",
            "--module",
            DC,
            "--module",
            extra,
            "--seed",
            str(seed),
            "--json",
            "--events",
            str(events),
        ]
        assert main(args) == 0
        result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert result["end_reason"] and result["winner"] in ("fr", "es", None)
        rolls = [json.loads(line) for line in events.read_text().splitlines()]
        assert any(e["kind"] == "roll" and e.get("rule") == "DG-14" for e in rolls)


MODULES = Path(__file__).resolve().parents[2] / "content" / "modules"


def test_the_dias_modules_scripted_battles_do_what_they_say() -> None:
    from game.running.script import run

    charge = run(MODULES / DC / "scripts" / "cuirassiers-break-through.toml")
    (shock,) = [e for e in charge["events"] if e["kind"] == "roll" and e["check"] == "shock"]
    assert (shock["total"], shock["outcome"]) == (11, "breakthrough") and charge["units"]["militia"][
        "hits"
    ] == 1
    orchard = run(MODULES / "dias-terrain" / "scripts" / "no-charge-into-the-orchard.toml")
    refused = [e for e in orchard["events"] if e["kind"] == "rejected"]
    assert [r["rule"] for r in refused] == ["DG-8"] and orchard["units"]["skirmishers"]["hits"] == 2


def test_DG_11_a_defender_on_a_bridge_over_a_river(battle: Callable[..., Battle]) -> None:
    """DG-11 (note [h]): a bridge's -3 to the shock holds where it crosses a river (For Glory's
    bridges all do, FG-TERR-5), and no cavalry charge crosses it (DG-8)."""
    river = ("river", (((20, 0), (20, 48)), 1.0))
    bridge = ("bridge", ((19, 9), (21, 9), (21, 11), (19, 11)))
    b = dc_battle(battle, None, terrain=[river, bridge])
    unit(b, "a", "red", (17.6, 10), 0)
    unit(b, "t", "blue", (20, 10), 180)
    lines = {
        m.label: m.value for m in shock_modifiers(b, [Attack(b.ids["a"], b.ids["t"], "front")], [b.ids["t"]])
    }
    assert lines["bridge (target)"] == -3 and "defender on clear ground" not in lines


@pytest.mark.parametrize(("cat", "pursues"), [("HC", True), ("LnInf", False)])
def test_DG_19_only_cavalry_pursue(battle: Callable[..., Battle], cat: str, pursues: bool) -> None:
    """DG-19 (the italics of DG-17, lost): the pursuit belongs to cavalry (DG-DEC-8: For Glory's extra
    move after a successful charge); infantry that break through stay where they are."""
    b = dc_battle(battle, [9])
    unit(b, "a", "red", (10, 10), 0, cat=cat)
    unit(b, "t", "blue", (12.4, 10), 180)
    b.apply(cmd.Activate("a", leadership=False))
    events = b.apply(cmd.Charge("a", "t"))
    while b.pending is not None and b.pending.kind != "extra_move":  # the target's reaction: none
        events += b.apply(cmd.Pass())
    assert any(e.kind == "roll" and e.outcome == "breakthrough" for e in events)
    assert (b.pending is not None and b.pending.kind == "extra_move") == pursues


def test_every_dg_rule_the_modules_cite_has_its_text_for_the_log() -> None:
    import re

    from game.content.rulesref import load_reference
    from game.model.modules import compose

    systems = Path(__file__).resolve().parents[2] / "systems" / "dias"
    code = "".join(p.read_text() for p in systems.glob("*.py"))
    cited = set(re.findall(r"\"(DG-(?:DEC-)?\d+)\"", code))
    texts = load_reference(modules=compose("for-glory", [DC, "dias-terrain"]).chosen)
    assert cited and cited <= set(texts), cited - set(texts)


def shock_labels(b: Battle, attacks: list[tuple[str, str, str]], defenders: list[str]) -> dict[str, int]:
    hits_on = [Attack(b.ids[a], b.ids[t], s) for a, t, s in attacks]
    return {m.label: m.value for m in shock_modifiers(b, hits_on, [b.ids[d] for d in defenders])}


def test_DG_21_DG_10_a_stream_adds_to_the_defenders_ground(battle: Callable[..., Battle]) -> None:
    """DG-21 with DG-2 and DG-10 (issue 24, deviation 3): a defender on clear ground behind a stream
    gets both, +1 and -1 (every terrain modifier adds up); only a wall or a fortification (note [g]) is
    not cumulative: it replaces the ground."""
    stream = ("stream", (((11.5, 0), (11.5, 48)), 0.3))
    wall = ("wall", (((11.5, 0), (11.5, 48)), 0.2))
    for terrain, expected in (
        ([stream], {"defender on clear ground": 1, "stream (target)": -1}),
        ([wall], {"wall (target)": -2}),
    ):
        b = dc_battle(battle, None, terrain=terrain)
        unit(b, "a", "red", (10, 10), 0)
        unit(b, "t", "blue", (13, 10), 180)
        got = shock_labels(b, [("a", "t", "front")], ["t"])
        assert {
            k: v
            for k, v in got.items()
            if k in ("defender on clear ground", "stream (target)", "wall (target)")
        } == expected


def test_DG_21_an_uninvolved_enemy_at_the_attackers_back(battle: Callable[..., Battle]) -> None:
    """DG-21 (DG-DEC-10): -1 when an enemy infantry or cavalry unit not in the combat stands behind an
    attacker (in its rear sector, within XS) facing it (the attacker in its front); cumulative with the
    rear attack's +2. Not when that enemy faces away, stands farther, is artillery, or is in the combat
    (a defender too)."""

    def labels(
        behind: tuple[float, float], facing: float, cat: str = "LnInf", involved: bool = False
    ) -> dict[str, int]:
        b = dc_battle(battle)
        unit(b, "a", "red", (10, 10), 0)
        unit(b, "t", "blue", (13, 10), 90)  # a hits its flank: a rear hex (+2)
        unit(b, "u", "blue", behind, facing, cat=cat)
        return shock_labels(b, [("a", "t", "left")], ["t", "u"] if involved else ["t"])

    near = labels((7.4, 10), 0)  # 0.2" behind a, facing it
    assert near["uninvolved enemy at the attacker's rear"] == -1 and near["attacked from a rear hex"] == 2
    assert "uninvolved enemy at the attacker's rear" not in labels((7.4, 10), 180)  # its back to a
    assert "uninvolved enemy at the attacker's rear" not in labels((5.0, 10), 0)  # beyond XS
    assert "uninvolved enemy at the attacker's rear" not in labels((7.4, 10), 0, "FA")  # artillery
    assert "uninvolved enemy at the attacker's rear" not in labels((7.4, 10), 0, involved=True)


def test_DG_2_DG_DEC_2_a_defender_one_level_up_the_hill(battle: Callable[..., Battle]) -> None:
    """DG-2's elevation rows (DG-DEC-2: a hill is one level): a defender on a hill its attacker is not on
    -1 to the shock; the attacker on the hill and the defender below it +1; both on it nothing. Fire
    at an adjacent target up the hill -1 (DG-9, note [f])."""

    def labels(hill: tuple[tuple[float, float], ...]) -> dict[str, int]:
        b = dc_battle(battle, None, terrain=[("hill", hill)])
        unit(b, "a", "red", (10, 10), 0)
        unit(b, "t", "blue", (13, 10), 180)
        return shock_labels(b, [("a", "t", "front")], ["t"])

    assert labels(((12, 0), (20, 0), (20, 20), (12, 20)))["defender one level up"] == -1
    assert labels(((0, 0), (11, 0), (11, 20), (0, 20)))["defender one level down"] == 1
    both = labels(((0, 0), (20, 0), (20, 20), (0, 20)))
    assert "defender one level up" not in both and "defender one level down" not in both
    b = dc_battle(battle, None, terrain=[("hill", ((12, 0), (20, 0), (20, 20), (12, 20)))])
    unit(b, "a", "red", (10, 10), 0)
    unit(b, "t", "blue", (13, 10), 180)
    unit(b, "far", "blue", (16, 16), 180)
    fire = {m.label: m.value for m in fire_modifiers(b, b.ids["a"], b.ids["t"], moved=False, reaction=False)}
    assert fire["target one level up"] == -1
    assert "target one level up" not in {
        m.label for m in fire_modifiers(b, b.ids["a"], b.ids["far"], moved=False, reaction=False)
    }


def test_DG_16_a_grouped_target(battle: Callable[..., Battle]) -> None:
    """DG-16 (DG-DEC-11): a target with another unit of its side, not artillery, within XS is grouped
    (+1); a battery beside it does not group it, nor a friend farther away; a battery is not grouped."""

    def grouped_with(cat: str, at: tuple[float, float], target: str = "LnInf") -> bool:
        b = dc_battle(battle)
        unit(b, "a", "red", (10, 10), 0)
        unit(b, "t", "blue", (13.2, 10), 180, cat=target)
        unit(b, "f", "blue", at, 180, cat=cat)
        mods = fire_modifiers(b, b.ids["a"], b.ids["t"], moved=False, reaction=False)
        return ("DG-16", "grouped target", 1) in [(m.rule, m.label, m.value) for m in mods]

    assert grouped_with("LnInf", (13.2, 12.5))
    assert not grouped_with("FA", (13.2, 12.5))
    assert not grouped_with("LnInf", (13.2, 14.5))
    assert not grouped_with("LnInf", (13.2, 12.5), target="FA")  # a battery is never grouped


def test_DG_16_two_batteries_fire_combined(battle: Callable[..., Battle]) -> None:
    """DG-16 (DG-DEC-11): two batteries of the activated formation within XS of each other fire at one
    target as one shot at +2, and both orders are spent; batteries apart, or a battery with a line
    battalion, are refused naming DG-16."""
    from systems.dias.batteries import CombinedFire, odds

    b = dc_battle(battle, [0, 6])  # 0 + 7 + 2 = 9: a cohesion test, which the target passes on a 6
    unit(b, "g1", "red", (10, 10), 0, cat="FA")
    unit(b, "g2", "red", (10, 12.3), 0, cat="FA")
    unit(b, "g3", "red", (10, 15), 0, cat="FA")
    unit(b, "i", "red", (10, 7.7), 0)
    unit(b, "t", "blue", (16, 11), 180)
    b.apply(cmd.Activate("g1", leadership=False))
    (apart,) = b.apply(CombinedFire("g1", "g3", "t"))
    (infantry,) = b.apply(CombinedFire("g1", "i", "t"))
    assert (apart.rule, infantry.rule) == ("DG-16", "DG-16")
    chances = odds(b, CombinedFire("g1", "g2", "t"))
    assert abs(sum(chances.values()) - 1) == 0
    events = b.apply(CombinedFire("g1", "g2", "t"))
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    (roll,) = [r for r in of(events, "roll") if r.check == "fire"]
    assert ("DG-16", "combined fire of two batteries", 2) in [
        (m.rule, m.label, m.value) for m in roll.modifiers
    ]
    assert status(b, "g1").ordered and status(b, "g2").ordered


def test_DG_16_the_ai_weighs_combined_fire_by_the_hits_it_should_make(battle: Callable[..., Battle]) -> None:
    """DG-16: the AI's candidates for a battery are its shots with each battery beside it (not with
    itself, one too far, or infantry) at each target, worth the expected hits (one hit 1, two 2, a
    miss or a push nothing); infantry has none."""
    from systems.dias.batteries import CombinedFire, odds, options

    b = dc_battle(battle)
    unit(b, "g1", "red", (10, 10), 0, cat="FA")
    unit(b, "g2", "red", (10, 12.3), 0, cat="FA")
    unit(b, "g3", "red", (10, 15), 0, cat="FA")
    unit(b, "i", "red", (10, 7.7), 0)
    unit(b, "t", "blue", (16, 11), 180)
    b.apply(cmd.Activate("g1", leadership=False))
    ((worth, shot),) = options(b, b.ids["g1"])
    assert shot == CombinedFire("g1", "g2", "t")
    chances = odds(b, shot)
    assert set(chances) <= {"one hit", "two hits", "miss", "pushed"}
    assert chances["one hit"] > 0 and chances["two hits"] > 0
    assert worth == float(chances.get("one hit", 0) + 2 * chances.get("two hits", 0))
    assert list(options(b, b.ids["i"])) == []


def test_FG_ORD_3_DG_16_a_battery_with_a_hit_must_obey_before_the_combined_shot(
    battle: Callable[..., Battle],
) -> None:
    """FG-ORD-3 in a combined fire (DG-16): each battery with hits takes its obey check; one that
    fails it spoils the shot, and both orders are spent."""
    from systems.dias.batteries import CombinedFire

    b = dc_battle(battle, [1])  # g2's obey check: a natural 1
    unit(b, "g1", "red", (10, 10), 0, cat="FA")
    unit(b, "g2", "red", (10, 12.3), 0, cat="FA", hits=1)
    unit(b, "t", "blue", (16, 11), 180)
    b.apply(cmd.Activate("g1", leadership=False))
    events = b.apply(CombinedFire("g1", "g2", "t"))
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    assert [(r.unit, r.check) for r in of(events, "roll")] == [("g2", "morale")]
    assert status(b, "g1").ordered and status(b, "g2").ordered


def test_DG_16_DG_21_DG_2_the_modules_scripted_battle_shows_the_position_rules() -> None:
    """dias-combat's batteries-and-the-stream.toml: two batteries' combined fire at a grouped target
    (DG-16, +2 and +1), then a shock across a stream at a defender on a hill: clear ground +1 and the
    stream -1 both (DG-21, DG-10), one level up -1 (DG-2, DG-DEC-2)."""
    from game.running.script import run

    path = (
        Path(__file__).resolve().parents[2] / "content/modules" / DC / "scripts/batteries-and-the-stream.toml"
    )
    out = run(path)
    rolls = {
        e["check"]: {m["label"]: m["value"] for m in e["modifiers"]}
        for e in out["events"]
        if e["kind"] == "roll"
    }
    assert rolls["fire"]["combined fire of two batteries"] == 2 and rolls["fire"]["grouped target"] == 1
    shock = rolls["shock"]
    assert (shock["defender on clear ground"], shock["stream (target)"], shock["defender one level up"]) == (
        1,
        -1,
        -1,
    )


def test_DG_21_DG_DEC_10_the_modules_scripted_battle_shows_an_enemy_at_the_attackers_back() -> None:
    """dias-combat's enemy-at-their-backs.toml: a second enemy battalion, out of the fight, stands
    behind the charger facing its back: -1 to the shock (DG-21), the defender's clear ground +1 (DG-2)."""
    from game.running.script import run

    out = run(
        Path(__file__).resolve().parents[2] / "content/modules" / DC / "scripts/enemy-at-their-backs.toml"
    )
    (shock,) = [e for e in out["events"] if e["kind"] == "roll" and e["check"] == "shock"]
    lines = {m["label"]: (m["value"], m["rule"]) for m in shock["modifiers"]}
    assert lines == {
        "defender on clear ground": (1, "DG-2"),
        "uninvolved enemy at the attacker's rear": (-1, "DG-21"),
    }
    assert shock["total"] == 5 and shock["rule"] == "DG-17"
