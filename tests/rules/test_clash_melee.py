"""Module clash-melee (systems/clash/melee.py; decisions in docs/clash-decisions.md): combat
responses, hits against Combat, saves, morale dice that tire, paralysis, who falls back."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from game.cli.entry import main
from game.content.locale import Texts
from game.content.module_records import rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.errors import UserError
from game.model.modules import compose
from game.model.resolution import Decision
from game.running.match import Match, new_match
from systems.clash.command_records import ActivateUnit
from systems.clash.fatigue import fatigue
from systems.clash.melee import choices, choose
from systems.clash.melee_odds import Outcome, Side, outcomes
from systems.clash.melee_records import Charged, NoQuarter, Respond, numbers
from tests.helpers import deploy_all, hits, of, pos, rules, status, unit, write_scenario

MODULES = ["clash-command", "clash-melee"]
GAP = 2.2  # line brigades this far apart (centres): a charge reaches contact


def cm_battle(battle: Callable[..., Battle], dice: list[int], **kw: object) -> Battle:
    b = battle(dice=dice, stack=rule_stack(rules(), MODULES, "tests"), **kw)
    unit(b, "a1", "a", (30, 10), 90)  # regular line: 3 attacks at Combat 4, Save 5, Courage 4
    unit(b, "b1", "b", (30, 10 + GAP + 1.2), 270)
    return b


def charge(b: Battle, response: str) -> list:
    b.apply(cmd.Activate("a1", leadership=False))
    events = b.apply(cmd.Charge("a1", "b1"))
    d = b.pending
    assert d is not None and (d.kind, d.side, d.unit, d.options) == (
        "clash_response",
        "b",
        "b1",
        ("hold", "defend", "counter"),
    )
    assert d.payload == Charged(("a1",))
    events += b.apply(Respond("b1", response))  # type: ignore[arg-type]
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    return events


def rolls(events: list, check: str) -> list:
    return [r for r in of(events, "roll") if r.check == check]


def test_CS_11_hold_the_attacker_hits_the_defender_saves_and_checks_CS_13(
    battle: Callable[..., Battle],
) -> None:
    # attack 4, 5, 1: two hits at 4+; saves 5, 2 at 5+: one saved; morale 3, 6: one below 4
    b = cm_battle(battle, [4, 5, 1, 5, 2, 3, 6])
    before = pos(b, "b1")
    events = charge(b, "hold")
    assert [r.die for r in rolls(events, "melee")] == [2] and [r.die for r in rolls(events, "save")] == [1]
    assert hits(b, "b1") == 1
    morale = rolls(events, "morale")[0]
    assert (morale.rule, morale.dice, morale.die) == ("CS-13", (3, 6), 1)  # a die, one more per wound
    assert fatigue(b, b.ids["b1"]).points == 1 and fatigue(b, b.ids["b1"]).markers == 0  # Hold costs nothing
    # CS-11.3: the defender gained more fatigue: it falls back 1"
    assert pos(b, "b1")[1] == pytest.approx(before[1] + numbers(b).retreat, abs=0.01)


def test_CS_11_defend_cancels_hits_and_in_the_open_falls_back(battle: Callable[..., Battle]) -> None:
    # attack 4, 5, 1: two hits; defend 4, 1: one cancelled; save 2: none; morale 6, 6: no fatigue
    b = cm_battle(battle, [4, 5, 1, 4, 1, 2, 6, 6])
    events = charge(b, "defend")
    assert [r.die for r in rolls(events, "defend")] == [1]
    assert hits(b, "b1") == 1 and fatigue(b, b.ids["b1"]).markers == 1  # Defend: one action marker
    back = [n for n in of(events, "note") if n.rule == "CS-11" and "falls back" in n.text]
    assert back[0].unit == "b1" and "defended in the open" in back[0].text


def test_CS_11_defend_behind_an_obstacle_is_hit_at_minus_one_and_holds(battle: Callable[..., Battle]) -> None:
    town = [(25, 12.8), (35, 12.8), (35, 17), (25, 17)]
    # attack 4, 5, 1 at 5+: one hit; defend 6: cancelled; nothing to save; the attacker falls back
    b = cm_battle(battle, [4, 5, 1, 6], terrain=[("town", town)])
    before = pos(b, "b1")
    events = charge(b, "defend")
    attack = rolls(events, "melee")[0]
    assert attack.die == 1 and "5+" in attack.outcome and "obstacle" in attack.outcome
    assert hits(b, "b1") == 0 and pos(b, "b1") == before
    back = [n for n in of(events, "note") if n.rule == "CS-11" and "falls back" in n.text]
    assert back[0].unit == "a1"


def test_CS_11_counter_attack_strikes_back_and_CS_14_two_fatigue_from_a_check_paralyse(
    battle: Callable[..., Battle],
) -> None:
    # attack 1, 1, 1: no hit; counter 4, 4, 1: two hits on a1; a1 saves 1, 1: two wounds;
    # a1's morale 1, 1, 6: two below 4: two fatigue, paralysed
    b = cm_battle(battle, [1, 1, 1, 4, 4, 1, 1, 1, 1, 1, 6])
    events = charge(b, "counter")
    assert [r.die for r in rolls(events, "counter-attack")] == [2]
    assert hits(b, "a1") == 2 and hits(b, "b1") == 0
    f = fatigue(b, b.ids["b1"])
    assert (f.markers, f.points) == (1, 1)  # Counter-attack: a marker and a fatigue point
    assert fatigue(b, b.ids["a1"]).paralysed
    assert next(n for n in of(events, "note") if n.rule == "CS-14").unit == "a1"


def test_CS_12_friends_of_a_unit_destroyed_in_melee_check_with_a_die_more(
    battle: Callable[..., Battle],
) -> None:
    b = battle(dice=[6, 6, 6, 1, 1, 1, 4, 4], stack=rule_stack(rules(), MODULES, "tests"))
    unit(b, "a1", "a", (30, 10), 90)
    unit(b, "b1", "b", (30, 10 + GAP + 1.2), 270, hits=2)
    unit(b, "b2", "b", (30, 16.5), 270)  # behind b1: a1 within 4" and in its sight once b1 is gone
    for i, x in enumerate((10, 14, 46, 50)):  # the rest of the division, far away (not demoralised)
        unit(b, f"b{i + 3}", "b", (x, 40), 270)
    events = charge(b, "hold")
    assert status(b, "b1").destroyed
    seen = [r for r in rolls(events, "morale") if r.unit == "b2"]
    assert seen and len(seen[0].dice) == 2 and seen[0].purpose == "a friend destroyed in melee"


def test_CS_14_CS_DEC_17_a_unit_paralysed_while_reactive_loses_a_reaction_not_its_turn(
    matches: list[Match], tmp_path: Path
) -> None:
    """CS-14 (CS-DEC-17): a unit paralysed while its player was reactive may not react to the next
    action, but activated on its own turn it acts; the activation clears the flag."""
    m = new_match(str(write_scenario(tmp_path)), 0, None, None, dice=[3, 4, 2, 5] + [6] * 40, modules=MODULES)
    matches.append(m)
    deploy_all(m)
    b = m.battle
    fatigue(b, b.ids["b1a"]).paralysed = True
    m.apply(ActivateUnit("b1a"))
    d = b.pending  # paralysed as a reactive unit: on its own turn it is given its action
    assert d is not None and (d.kind, d.side, d.unit) == ("order", "blue", "b1a")
    assert not fatigue(b, b.ids["b1a"]).paralysed
    m.apply(cmd.EndActivation())
    for name in ("r1a", "r1b", "r2a", "r2b"):
        fatigue(b, b.ids[name]).paralysed = name == "r1a"
    m.apply(ActivateUnit("r2b"))
    m.apply(cmd.Withdraw("r2b"))
    d = b.pending
    assert d is not None and d.kind == "clash_reaction" and "r1a" not in d.options


def test_CS_14_a_unit_paralysed_in_its_own_activation_stops_and_keeps_no_flag(
    matches: list[Match], tmp_path: Path
) -> None:
    """CS-14: the active unit paralysed during an action (as a melee morale check would leave it) ends
    its activation: no second action is asked, the turn passes; and it keeps no flag into a later
    activation of the round (CS-DEC-17)."""
    m = new_match(str(write_scenario(tmp_path)), 0, None, None, dice=[3, 4, 2, 5] + [6] * 40, modules=MODULES)
    matches.append(m)
    deploy_all(m)
    b = m.battle
    m.apply(ActivateUnit("b1a"))
    fatigue(b, b.ids["b1a"]).paralysed = True  # paralysed by its first action
    m.apply(cmd.Withdraw("b1a"))
    d = b.pending
    assert d is not None and (d.kind, d.side) == ("clash_turn", "red")
    assert not fatigue(b, b.ids["b1a"]).paralysed and fatigue(b, b.ids["b1a"]).markers == 1


def test_the_chances_of_a_hold_are_exact() -> None:
    """One die at 4+ against Save 6 and Courage 4:
    P(the defender falls back) = 1/2 x (5/6 x 3/4 + 1/6 x 1/2)."""
    one = Side(dice=1, to_hit=4, to_save=6, courage=4, left=3)
    odds = outcomes(one, one, "hold", 0, stays=False)  # Hold costs no fatigue
    assert sum(odds.values()) == 1
    assert sum(p for o, p in odds.items() if o.defender_retreats) == Fraction(17, 48)
    assert sum(p for o, p in odds.items() if o.defender_wounds == 1) == Fraction(1, 2) * Fraction(5, 6)


def test_the_responses_are_offered_with_their_odds_and_the_ai_picks_the_best(
    battle: Callable[..., Battle],
) -> None:
    b = cm_battle(battle, [6] * 10)
    b.place(b.ids["a1"], 30, 10 + 1.2)  # in contact, front to front
    d = Decision("clash_response", "b", "b1", ("hold", "defend", "counter"), payload=Charged(("a1",)))
    offered = choices(b, d)
    assert [c.answer for c in offered] == [Respond("b1", r) for r in ("hold", "defend", "counter")]  # type: ignore[arg-type]
    assert all(c.odds.startswith("takes ") and "deals" in c.odds for c in offered)
    assert offered[0].odds.split(", deals ")[1].startswith("0.0")  # holding deals nothing
    es = Texts("es")  # the screen says them in the player's words: Spanish commas, "50\u00a0%"
    said = [c.values[k].said(es) for c in offered for k in ("taken", "dealt", "stays")]  # type: ignore[attr-defined]
    assert all("." not in x for x in said) and all(x.endswith("\u00a0%") for x in said[2::3]), said
    assert isinstance(choose(b, d), Respond)


def test_clash_melee_needs_clash_command_and_refuses_dias_combat() -> None:
    with pytest.raises(UserError, match="clash-melee builds on clash-command"):
        compose("for-glory", ["clash-melee"])
    with pytest.raises(UserError, match="clash-melee and dias-combat both replace the melee hook"):
        compose("for-glory", [*MODULES, "dias-combat"])


def test_modules_json_lists_both_clash_modules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["modules", "--json"]) == 0
    listed = {m["id"]: m for m in json.loads(capsys.readouterr().out)["modules"]}
    assert listed["clash-melee"]["requires"] == ["clash-command"]
    assert listed["clash-melee"]["decisions"] == ["clash_response"]


@pytest.mark.parametrize("seed", [2, 3])
def test_whole_battles_with_both_clash_modules_play_to_an_end(
    seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--seed", str(seed), "--a", "heuristic", "--b", "random", "--json"]
    assert main([*argv, "--module", MODULES[0], "--module", MODULES[1]]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["end_reason"] != "" and out["rounds"] >= 1


def test_CS_10_a_no_quarter_attack_counts_a_natural_6_twice_for_two_more_fatigue(
    battle: Callable[..., Battle],
) -> None:
    """CS-10, No-quarter attack (CS-DEC-19): the Attack action, but a natural 6 to hit counts as two
    hits, and +2 fatigue instead of +1. Attack 6, 1, 1 at 4+: two hits (one in a plain charge); saves
    1, 1: two wounds; morale 6, 6, 6: none."""
    from systems.clash.melee import no_quarter_odds
    from systems.clash.melee_records import NoQuarterAttack

    b = cm_battle(battle, [6, 1, 1, 1, 1, 6, 6, 6])
    b.apply(cmd.Activate("a1", leadership=False))
    odds = no_quarter_odds(b, NoQuarterAttack("a1", "b1"))
    assert sum(odds.values()) == 1
    events = b.apply(NoQuarterAttack("a1", "b1"))
    events += b.apply(Respond("b1", "hold"))
    while b.pending is not None:
        events += b.apply(cmd.Pass())
    (attack,) = rolls(events, "melee")
    assert attack.die == 2 and "no quarter" in attack.outcome and hits(b, "b1") == 2
    gained = [n for n in of(events, "note") if n.rule == "CS-9" and n.unit == "a1"]
    assert gained and gained[0].details["order"] == "no_quarter" and gained[0].details["own"] == 2
    assert not b.comp(b.ids["a1"], NoQuarter).on  # only for that charge
    plain = cm_battle(battle, [6, 1, 1, 1, 6, 6])
    plain_events = charge(plain, "hold")
    assert [r.die for r in rolls(plain_events, "melee")] == [1]


def test_CS_10_no_quarter_odds_are_exact() -> None:
    """One die at 4+ with no quarter: no hit 1/2, one hit 1/3, two hits 1/6."""
    from systems.clash.melee_odds import _hits

    assert _hits(1, 4, True) == (Fraction(1, 2), Fraction(1, 3), Fraction(1, 6))
    assert _hits(1, 4, False) == (Fraction(1, 2), Fraction(1, 2))
    assert sum(_hits(3, 5, True)) == 1 and len(_hits(3, 5, True)) == 7


def test_CS_10_the_modules_scripted_battle_makes_a_no_quarter_attack() -> None:
    """clash-melee's no-quarter.toml: 6, 3, 1 at 4+ are two hits (the 6 twice), and the attack costs
    the attackers 2 fatigue (CS-10)."""
    from game.running.script import run

    out = run(Path(__file__).resolve().parents[2] / "content/modules/clash-melee/scripts/no-quarter.toml")
    (attack,) = [e for e in out["events"] if e["kind"] == "roll" and e["check"] == "melee"]
    assert attack["dice"] == [6, 3, 1] and attack["die"] == 2
    gained = [e for e in out["events"] if e["kind"] == "note" and e["rule"] == "CS-9"]
    assert gained[0]["details"]["own"] == 2 and out["units"]["defenders"]["hits"] == 1


def test_the_melee_numbers_name_only_the_rulesets_qualities_categories_and_ground(
    battle: Callable[..., Battle],
) -> None:
    """The module's check (check-content): each name the numbers give that the ruleset lacks is a
    problem at its key, naming what the ruleset knows; the shipped numbers have none."""
    from systems.clash.melee import check

    b = cm_battle(battle, [])
    n = numbers(b)
    assert check(b.rules, {"melee": n}) == []
    odd = replace(n, combat={**n.combat, "Elite": 4}, higher=["cliff"], attacks={"Zeppelin": 1})
    qualities = ", ".join(sorted(b.rules.qualities))
    found = check(b.rules, {"melee": odd})
    assert ("melee", "combat.Elite", f"no quality 'Elite' (known: {qualities})") in found
    assert [(f, k) for f, k, _ in found] == [
        ("melee", "attacks.Zeppelin"),
        ("melee", "combat.Elite"),
        ("melee", "higher.cliff"),
    ]
    assert all(
        p.startswith("no unit category 'Zeppelin' (known: ") for f, k, p in found if k == "attacks.Zeppelin"
    )


def armed_battle(
    battle: Callable[..., Battle], tmp_path: Path, armed: str, dice: list[int], *, worn: int = 0
) -> Battle:
    """Heavy cavalry charging line infantry (`worn` hits on it), the mod's [armed] table laid over the
    module's numbers. HC: 4 attacks at Combat 4, Save 4; LnInf: 3 attacks at 4, Save 5; Courage 4."""
    from tests.helpers import modded_stack, module_mod

    stack = modded_stack(module_mod(tmp_path, "clash-melee", "melee", f"[armed]\n{armed}\n"), MODULES)
    b = battle(dice=dice, stack=stack)
    unit(b, "a1", "a", (30, 10), 90, cat="HC")
    unit(b, "b1", "b", (30, 10 + GAP + 1.2), 270, hits=worn)
    return b


def blows(events: list) -> list[tuple[str, tuple[int, ...]]]:
    return [(r.check, r.dice) for r in of(events, "roll") if r.check in ("melee", "counter-attack")]


def test_CS_19_CS_DEC_20_the_longer_weapon_strikes_first_and_wounds_cost_dice(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-19 (CS-DEC-20): the defenders' pikes (Initiative 4) counter-attack the attackers' hand weapons
    (1) first: 3 dice at 4+, two hits; the cavalry save one at 4+ and check (no fatigue), then strike
    with a die fewer for their wound: 3 dice, one hit, unsaved. With the shipped numbers both fight with
    hand weapons, which strike together: the attack first, as before."""
    # counter 4, 4, 1; a1 saves 4, 1: a wound; its morale 6, 6; its 3 dice 4, 1, 1: a hit; b1 saves 1;
    # its morale 6, 6
    b = armed_battle(battle, tmp_path, 'LnInf = "pike"', [4, 4, 1, 4, 1, 6, 6, 4, 1, 1, 1, 6, 6])
    events = charge(b, "counter")
    assert blows(events) == [("counter-attack", (4, 4, 1)), ("melee", (4, 1, 1))]
    assert hits(b, "a1") == 1 and hits(b, "b1") == 1
    same = cm_battle(battle, [1, 1, 1, 1, 1, 1])
    assert [check for check, _ in blows(charge(same, "counter"))] == ["melee", "counter-attack"]


def test_CS_19_CS_DEC_20_a_unit_destroyed_before_it_strikes_does_not_strike(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-DEC-20: cavalry lances (2) charging hand weapons (1) strike first; the defenders, with one
    hit left, lose it unsaved and are gone before they could counter-attack."""
    # attack 6, 1, 1, 1: a hit; b1 saves 1: destroyed
    b = armed_battle(battle, tmp_path, 'HC = "cavalry_lance"', [6, 1, 1, 1, 1], worn=2)
    events = charge(b, "counter")
    assert blows(events) == [("melee", (6, 1, 1, 1))]
    assert not b.in_play(b.ids["b1"]) and hits(b, "a1") == 0


def test_CS_19_two_handed_weapons_make_the_enemys_saves_2_harder(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """CS-19: two-handed weapons give the enemy's Save -2: line infantry's 5+ would need 7+, and a 6
    still saves (as under fatigue, CS-15). The save's line names the weapon, in both languages."""
    from game.running.log_texts import texts_for
    from game.running.narrate import narrate

    # attack 4, 1, 1, 1: a hit; b1 saves 6 at 6+; its morale 6
    b = armed_battle(battle, tmp_path, 'HC = "two_handed"', [4, 1, 1, 1, 6, 6])
    events = charge(b, "hold")
    (saved,) = rolls(events, "save")
    assert saved.die == 1 and "at 6+" in saved.outcome and "two_handed -2 (CS-19)" in saved.outcome
    assert hits(b, "b1") == 0
    told = {lang: narrate([saved.to_dict()], texts_for(lang, MODULES))[0].text for lang in ("en", "es")}
    assert "two-handed weapons: -2 (CS-19)" in told["en"], told
    assert "armas a dos manos: -2 (CS-19)" in told["es"], told


def test_CS_DEC_20_the_chances_follow_who_strikes_first() -> None:
    """CS-DEC-20, exactly: one die each at 4+, saves at 6+, the attackers with one hit left. Struck
    together, the defenders are wounded 1/2 x 5/6 = 5/12 of the time; struck first by a longer weapon,
    the attackers are gone 5/12 of the time before they strike: 7/12 x 5/12 = 35/144."""
    att = Side(dice=1, to_hit=4, to_save=6, courage=4, left=1)
    dfn = Side(dice=1, to_hit=4, to_save=6, courage=4, left=3)
    longer = Side(dice=1, to_hit=4, to_save=6, courage=4, left=3, initiative=2)

    def wounded(odds: Mapping[Outcome, Fraction]) -> Fraction:
        assert sum(odds.values()) == 1
        return sum((p for o, p in odds.items() if o.defender_wounds == 1), Fraction(0))

    assert wounded(outcomes(att, dfn, "counter", 1, stays=False)) == Fraction(5, 12)
    assert wounded(outcomes(att, longer, "counter", 1, stays=False)) == Fraction(35, 144)
    first = outcomes(replace(att, initiative=3), dfn, "counter", 1, stays=False)  # the attackers first
    assert sum(p for o, p in first.items() if o.attacker_wounds == 1) == Fraction(35, 144)  # a wound less


def test_CS_DEC_20_the_weapons_named_must_be_the_numbers_own(tmp_path: Path) -> None:
    """CS-DEC-20: a category armed with a weapon the numbers do not list, or a category the ruleset
    lacks, is one line naming the file and the key; so is an Initiative out of bounds."""
    from tests.helpers import module_mod, refuses_numbers

    numbers_file = module_mod(tmp_path, "clash-melee", "melee", "")
    refuses_numbers(
        numbers_file,
        "clash-melee",
        [
            ('[armed]\nLnInf = "musket"\n', "armed.LnInf"),
            ('[armed]\nZeppelin = "hand"\n', "armed.Zeppelin"),
            ('armed_default = "sling"\n', "armed_default"),
            ("[weapons]\nhand = { initiative = 11 }\n", "initiative"),
        ],
        with_=["clash-command"],
    )
