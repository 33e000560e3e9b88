"""Module clash-command's missile weapons (CS-18; systems/clash/missiles.py; decisions CS-DEC-21..25 in
docs/clash-decisions.md): the weapon's range, mounted shooting, long range, the target's saves with
the weapon's modifier, their exact odds, the throw and the discharged weapon."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from game.cli.entry import main
from game.content.module_records import rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.resolution import Reject
from systems.clash.missiles import missile_numbers
from systems.for_glory.odds import fire_odds
from systems.for_glory.targets import check_fire, fire_range
from tests.helpers import hits, modded_stack, module_mod, of, refuses_numbers, rules, unit

CS = "clash-command"
MOD = Path(__file__).parents[2] / "content" / "mods" / "clash-missiles"


def armed_battle(battle: Callable[..., Battle], tmp_path: Path, armed: str, dice: list[int]) -> Battle:
    """a1 (regular line infantry) armed as `armed` says, b1 (regular line, Save 5) to be placed."""
    stack = modded_stack(module_mod(tmp_path, CS, "missiles", f"[armed]\n{armed}\n"), [CS])
    b = battle(dice=dice, stack=stack)
    unit(b, "a1", "a", (30, 10), 90)
    return b


def volley(b: Battle, command: cmd.Command | None = None) -> list:
    b.apply(cmd.Activate("a1", leadership=False))
    events = b.apply(command or cmd.Fire("a1", "b1"))
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    return events


def rolls(events: list, check: str) -> list:
    return [r for r in of(events, "roll") if r.check == check]


def test_CS_18_CS_DEC_21_nobody_is_armed_by_default(battle: Callable[..., Battle]) -> None:
    """CS-DEC-21: the shipped numbers arm no category: every unit shoots at its own range, cavalry
    never (FG-FIRE-1), as For Glory's."""
    b = battle(stack=rule_stack(rules(), [CS], "tests"))
    assert missile_numbers(b).armed == {}
    assert fire_range(b, unit(b, "a1", "a", (30, 10), 90)) == 2.0  # XS
    assert fire_range(b, unit(b, "c1", "a", (40, 10), 90, cat="LC")) is None


def test_CS_18_CS_DEC_21_an_armed_unit_shoots_at_its_weapons_range(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-DEC-21: line infantry with bows (8"/16") shoot at 16" instead of their muskets' 2"; a target
    beyond it is out of range."""
    b = armed_battle(battle, tmp_path, 'LnInf = "bow"', [])
    assert fire_range(b, b.ids["a1"]) == 16.0
    unit(b, "b1", "b", (30, 10 + 1.2 + 15.5), 270)  # 15.5" apart
    check_fire(b, b.ids["a1"], b.ids["b1"])
    far = armed_battle(battle, tmp_path, 'LnInf = "bow"', [])
    unit(far, "b1", "b", (30, 10 + 1.2 + 16.5), 270)
    with pytest.raises(Reject) as no:
        check_fire(far, far.ids["a1"], far.ids["b1"])
    assert no.value.rule == "FG-FIRE-1"


def test_CS_18_CS_DEC_21_mounted_shooting_lets_cavalry_shoot(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-DEC-21: light cavalry with mounted bows shoot at 8"; with foot bows they may not (FG-FIRE-1)."""
    b = armed_battle(battle, tmp_path, 'LC = "mounted_bow"', [])
    assert fire_range(b, unit(b, "c1", "a", (40, 10), 90, cat="LC")) == 8.0
    foot = armed_battle(battle, tmp_path, 'LC = "bow"', [])
    c1 = unit(foot, "c1", "a", (40, 10), 90, cat="LC")
    unit(foot, "b1", "b", (40, 14), 270)
    assert fire_range(foot, c1) is None
    with pytest.raises(Reject) as no:
        check_fire(foot, c1, foot.ids["b1"])
    assert no.value.rule == "FG-FIRE-1"


def test_CS_DEC_22_a_shot_beyond_short_range_has_minus_1(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-DEC-22: a bow's shot at 10" (beyond its short 8") has -1; at 5" none."""
    far = armed_battle(battle, tmp_path, 'LnInf = "bow"', [1, 1, 1])
    unit(far, "b1", "b", (30, 10 + 1.2 + 10), 270)
    (shot,) = rolls(volley(far), "fire")
    assert {m.rule: m.value for m in shot.modifiers}["CS-DEC-22"] == -1
    near = armed_battle(battle, tmp_path, 'LnInf = "bow"', [1, 1, 1])
    unit(near, "b1", "b", (30, 10 + 1.2 + 5), 270)
    (shot,) = rolls(volley(near), "fire")
    assert "CS-DEC-22" not in {m.rule for m in shot.modifiers}


def test_CS_DEC_23_each_hit_is_saved_with_the_weapons_modifier(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-DEC-23: a bow's hit (+1) is saved by line infantry (Save 5) at 4+: a 4 saves it, and the unit,
    hit, still checks morale with one die (no wound). A thrown spear's (-1) needs 6+: a 5 fails."""
    # fire 6: one hit; save 4 at 4+: saved; morale 6
    b = armed_battle(battle, tmp_path, 'LnInf = "bow"', [6, 4, 6])
    unit(b, "b1", "b", (30, 10 + 1.2 + 3), 270)
    events = volley(b)
    (shot,) = rolls(events, "fire")
    assert shot.outcome == "one hit"
    (save,) = rolls(events, "missile save")
    assert (save.unit, save.target, save.dice, save.rule) == ("b1", "a1", (4,), "CS-18")
    assert save.outcome == "saved: 1 at 4+ (save 5, bow +1 (CS-DEC-23))"
    assert hits(b, "b1") == 0
    (check,) = rolls(events, "morale")
    assert (check.unit, check.dice) == ("b1", (6,))
    # fire 6: one hit; save 5 at 6+: a wound; morale 6, 6
    spear = armed_battle(battle, tmp_path, 'LnInf = "thrown_spear"', [6, 5, 6, 6])
    unit(spear, "b1", "b", (30, 10 + 1.2 + 3), 270)
    events = volley(spear)
    (save,) = rolls(events, "missile save")
    assert "at 6+" in save.outcome and "thrown_spear -1" in save.outcome and hits(spear, "b1") == 1
    assert rolls(events, "morale")[0].dice == (6, 6)


def test_CS_18_the_sling_saves_at_0_up_to_4_inches_and_at_plus_1_beyond(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-18: the sling's save modifier is 0 up to 4" (line infantry save at 5+), +1 beyond (4+)."""
    near = armed_battle(battle, tmp_path, 'LnInf = "sling"', [6, 4, 6, 6])
    unit(near, "b1", "b", (30, 10 + 1.2 + 3), 270)
    (save,) = rolls(volley(near), "missile save")
    assert save.outcome == "saved: 0 at 5+ (save 5)" and hits(near, "b1") == 1
    beyond = armed_battle(battle, tmp_path, 'LnInf = "sling"', [6, 4, 6])
    unit(beyond, "b1", "b", (30, 10 + 1.2 + 6), 270)
    (save,) = rolls(volley(beyond), "missile save")
    assert save.outcome == "saved: 1 at 4+ (save 5, sling +1 (CS-DEC-23))" and hits(beyond, "b1") == 0


def test_CS_DEC_23_a_destroying_result_is_saved_hit_by_hit(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-DEC-23: a result that destroys (FG-CBT-17) is as many hits as the unit has left, each saved;
    a unit that saves one stays, pushed, with the rest as wounds."""
    stack = modded_stack(module_mod(tmp_path, CS, "missiles", '[armed]\nLI = "bow"\n'), [CS])
    # fire 6: elite light infantry (+1, +2) at the rear (+2): 11, destroyed; saves 4, 1 at 4+; morale
    b = battle(dice=[6, 4, 1, 6, 6], stack=stack)
    unit(b, "a1", "a", (30, 10), 90, cat="LI", q="E")
    unit(b, "b1", "b", (30, 10 + 1.2 + 3), 90, hits=1)
    before = b.pose(b.ids["b1"]).y
    events = volley(b)
    assert rolls(events, "fire")[0].outcome == "destroyed"
    (save,) = rolls(events, "missile save")
    assert save.dice == (4, 1) and save.total == 1
    assert b.in_play(b.ids["b1"]) and hits(b, "b1") == 2
    assert b.pose(b.ids["b1"]).y > before  # pushed away from the shooter


def test_CS_DEC_23_the_exact_odds_count_the_saves_and_long_range(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-DEC-22, CS-DEC-23: regular line infantry shooting line infantry in the open hit once on a 4,
    5 or 6 (FG-CBT-15). With bows at 10", -1: once on a 5 or 6, each hit saved at 4+ half the time:
    one hit 1/6, pushed 1/6 (saved) + 1/6 (a 4), missed 1/2."""
    plain = armed_battle(battle, tmp_path, "", [])
    unit(plain, "b1", "b", (30, 10 + 1.2 + 1.5), 270)
    assert fire_odds(plain, plain.ids["a1"], plain.ids["b1"]) == {
        "miss": Fraction(1, 3),
        "pushed": Fraction(1, 6),
        "one hit": Fraction(1, 2),
    }
    b = armed_battle(battle, tmp_path, 'LnInf = "bow"', [])
    unit(b, "b1", "b", (30, 10 + 1.2 + 10), 270)
    assert fire_odds(b, b.ids["a1"], b.ids["b1"]) == {
        "miss": Fraction(1, 2),
        "pushed": Fraction(1, 3),
        "one hit": Fraction(1, 6),
    }


def test_CS_DEC_21_the_ai_sees_the_weapons_range(battle: Callable[..., Battle], tmp_path: Path) -> None:
    """CS-DEC-21: the generals' cheap cut by distance asks the same range as the rules: bowmen 12" from
    the enemy could shoot it; line infantry with their muskets' 2" could not."""
    from game.ai.asking import near_enough

    b = armed_battle(battle, tmp_path, 'LnInf = "bow"', [])
    unit(b, "b1", "b", (30, 10 + 1.2 + 12), 270)
    assert near_enough(b, b.ids["a1"], b.ids["b1"]) == (True, False)
    plain = armed_battle(battle, tmp_path, "", [])
    unit(plain, "b1", "b", (30, 10 + 1.2 + 12), 270)
    assert near_enough(plain, plain.ids["a1"], plain.ids["b1"]) == (False, False)


def test_CS_DEC_21_the_hover_box_says_its_range(battle: Callable[..., Battle], tmp_path: Path) -> None:
    """CS-DEC-21: the screen's hover box says the range the rules use, the horse archers' 8", and the weapon
    that gives it in the player's words."""
    from game.running.log_texts import texts_for
    from game.ui.battle.unit_words import unit_lines

    b = armed_battle(battle, tmp_path, 'LC = "mounted_bow"', [])
    unit(b, "c1", "a", (40, 10), 90, cat="LC")
    assert any('range 8", fire +0' in line for line in unit_lines(b, "c1"))
    # and what gives it, in the player's words: a cavalry's range is not For Glory's
    for language, said in (
        ("en", 'range 8", fire +0 (mounted bows)'),
        ("es", 'alcance 8", disparo +0 (arcos montados)'),
    ):
        t = texts_for(language, ["clash-command"])
        assert any(said in line for line in unit_lines(b, "c1", t)), unit_lines(b, "c1", t)
    plain = armed_battle(battle, tmp_path, "", [])
    unit(plain, "c1", "a", (40, 10), 90, cat="LC")
    assert any("cannot shoot" in line for line in unit_lines(plain, "c1"))


def test_CS_DEC_24_a_throw_on_the_move_has_no_minus_1(battle: Callable[..., Battle], tmp_path: Path) -> None:
    """CS-DEC-24: javelins are thrown on the move: For Glory's -1 for having moved (FG-CBT-6) is taken
    back by the throw's +1, both lines of the roll; a bow shot after a move keeps its -1."""
    for weapon, throw in (("javelin", 1), ("bow", None)):
        b = armed_battle(battle, tmp_path, f'LnInf = "{weapon}"', [1, 1, 1])
        unit(b, "b1", "b", (30, 10 + 1.2 + 5), 270)
        (shot,) = rolls(volley(b, cmd.Move("a1", (30, 11), fire="b1")), "fire")
        lines = {m.rule: m.value for m in shot.modifiers}
        assert (lines["FG-CBT-6"], lines.get("CS-DEC-24")) == (-1, throw)


def test_CS_DEC_25_a_discharged_weapon_is_thrown_once(battle: Callable[..., Battle], tmp_path: Path) -> None:
    """CS-DEC-25: thrown spears are Discharged: after one throw the unit shoots no more this battle, a
    second order to fire is refused saying so, by the weapon's name, in English and Spanish (not For
    Glory's "cannot shoot", FG-FIRE-1), its hover box gives it no range, and a copy of the battle (as
    the AI's) remembers it."""
    from game.running.log_texts import texts_for
    from game.ui.battle.unit_words import unit_lines

    b = armed_battle(battle, tmp_path, 'LnInf = "thrown_spear"', [1, 1, 1])
    unit(b, "b1", "b", (30, 10 + 1.2 + 3), 270)
    assert fire_range(b, b.ids["a1"]) == 4.0
    english = texts_for("en", [CS])
    assert any('range 4", fire +0 (thrown spears)' in line for line in unit_lines(b, "a1", english))
    volley(b)
    assert fire_range(b, b.ids["a1"]) is None
    with pytest.raises(Reject) as no:
        check_fire(b, b.ids["a1"], b.ids["b1"])
    assert no.value.rule == "CS-DEC-25"
    # the event records the weapon as the numbers name it (as its save's line); a screen says it
    assert b.reason(no.value) == "a1 threw its thrown_spear (CS-DEC-25): one throw a battle"
    assert no.value.said(english) == "a1 threw its thrown spears (CS-DEC-25): one throw a battle"
    spanish = "a1 ya arrojó sus lanzas arrojadizas (CS-DEC-25): un solo lanzamiento por batalla"
    assert no.value.said(texts_for("es", [CS])) == spanish
    for language, said, claim in (("en", "cannot shoot", "range"), ("es", "no dispara", "alcance")):
        lines = unit_lines(b, "a1", texts_for(language, [CS]))
        assert any(said in line for line in lines) and not any(claim in line for line in lines), lines
    copied = b.copy(b.dice)
    try:
        assert fire_range(copied, copied.ids["a1"]) is None
    finally:
        copied.close()
        b.enter()


def test_CS_DEC_21_the_missile_numbers_are_checked(tmp_path: Path) -> None:
    """CS-DEC-21: a category armed with a weapon the numbers do not list, a category the ruleset lacks,
    or a save modifier out of bounds is one line naming the file and the key."""
    numbers_file = module_mod(tmp_path, CS, "missiles", "")
    refuses_numbers(
        numbers_file,
        CS,
        [
            ('[armed]\nLnInf = "musket"\n', "armed.LnInf"),
            ('[armed]\nZeppelin = "bow"\n', "armed.Zeppelin"),
            ("[weapons]\nbow = { short = 8.0, save = 9 }\n", "save"),
        ],
    )


def test_CS_18_the_save_and_long_range_are_told_in_both_languages(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-18, CS-DEC-22, CS-DEC-23: the save's line names the weapon and the rules, in English and Spanish."""
    from game.running.log_texts import texts_for
    from game.running.narrate import narrate

    b = armed_battle(battle, tmp_path, 'LnInf = "bow"', [6, 4, 6])
    unit(b, "b1", "b", (30, 10 + 1.2 + 10), 270)
    events = volley(b)
    (shot,) = rolls(events, "fire")
    (save,) = rolls(events, "missile save")
    told = {lang: narrate([shot.to_dict()], texts_for(lang, [CS]))[0].text for lang in ("en", "es")}
    assert "long range" in told["en"] and "CS-DEC-22" in told["en"], told
    assert "larga distancia" in told["es"] and "CS-DEC-22" in told["es"], told
    said = {lang: narrate([save.to_dict()], texts_for(lang, [CS]))[0].text for lang in ("en", "es")}
    assert "bows: +1 (CS-DEC-23)" in said["en"] and "(CS-18)" in said["en"], said
    assert "arcos: +1 (CS-DEC-23)" in said["es"] and "(CS-18)" in said["es"], said


@pytest.mark.parametrize(("seed", "weapon"), [("2", "sling"), ("4", "mounted_bow")])
def test_CS_18_a_mod_arms_its_units_in_a_whole_battle(
    seed: str, weapon: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """CS-DEC-21: the example mod clash-missiles arms the light infantry with slings and the light
    cavalry with mounted bows: in whole battles under clash-command its slingers (seed 2) and its
    horse archers (seed 4: cavalry shooting, mounted shooting) shoot, and their targets save (CS-18)."""
    events = tmp_path / "events.jsonl"
    argv = [
        "simulate",
        "--seed",
        seed,
        "--module",
        CS,
        "--mod",
        str(MOD),
        "--a",
        "heuristic",
        "--b",
        "heuristic",
    ]
    assert main([*argv, "--json", "--events", str(events)]) == 0
    assert json.loads(capsys.readouterr().out)["end_reason"] != ""
    lines = [json.loads(line) for line in events.read_text().splitlines()]
    saves = [e for e in lines if e["kind"] == "roll" and e["check"] == "missile save"]
    assert saves and all(e["rule"] == "CS-18" for e in saves)
    assert any(f"{weapon} +1 (CS-DEC-23)" in e["outcome"] for e in saves)
