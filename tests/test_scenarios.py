"""The shipped scenarios play to an end; armies given as points (FG-ARMY-3, AMB-16) are built within
their budget, by FG-PREP-1/2, the same way for the same seed; `scenarios` lists them."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game import CONTENT, ROOT
from game.ai.players import make_player
from game.content.army import build_army
from game.content.scenario import ArmySpec, DivisionSpec, SideSpec, list_scenarios, load_scenario
from game.model.errors import ContentError
from game.model.ruleset import Ruleset
from game.running.match import Match, load, new_match, play, save, summary
from systems.for_glory.deployment import most_in_division

SHIPPED = sorted(p.stem for p in (CONTENT / "scenarios").glob("*.toml"))
MAPS = sorted(p.stem for p in (CONTENT / "scenarios" / "open-wars").glob("*.toml"))  # Open Wars
ROUNDS = 4  # short battles keep the suite fast; the round limit is an end like any other (AMB-37)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def played(
    scenario: str, seed: int, a: str, b: str, matches: list[Match], rounds: int | None = ROUNDS
) -> Match:
    m = new_match(scenario, seed, rounds)
    matches.append(m)
    first, second = m.battle.game.sides  # type: ignore[union-attr]
    play(m, {first: make_player(a, first, seed), second: make_player(b, second, seed + 1)})
    return m


def test_the_game_ships_the_scenarios_of_its_issue() -> None:
    assert {"default", "river-crossing", "meeting-engagement", "bailen", "quick-battle"} <= set(SHIPPED)


@pytest.mark.parametrize("scenario", SHIPPED)
@pytest.mark.parametrize(("seed", "a", "b"), [(1, "heuristic", "heuristic"), (2, "heuristic", "random")])
def test_every_shipped_scenario_plays_to_an_end(
    scenario: str, seed: int, a: str, b: str, matches: list[Match]
) -> None:
    m = played(scenario, seed, a, b, matches)
    result = summary(m)
    assert m.over and m.battle.game.over  # type: ignore[union-attr]
    assert result["end_reason"] and result["rounds"] <= ROUNDS
    assert set(result["score"]) == {s.id for s in m.scenario.spec.sides}


@pytest.mark.parametrize("scenario", SHIPPED)
def test_every_shipped_scenario_is_complete(scenario: str, rules: Ruleset) -> None:
    """A description, a round limit, objectives, and a deployment zone in its own half for each side."""
    spec = load_scenario(scenario, rules).spec
    assert spec.description and spec.max_rounds and spec.objectives and spec.terrain
    for s in spec.sides:
        assert s.deployment is not None
        ys = [y for _x, y in s.deployment]
        half = spec.table[1] / 2
        assert max(ys) <= half if s.edge == "south" else min(ys) >= half


def test_the_river_is_crossed_only_at_the_bridge_and_the_ford(rules: Ruleset) -> None:
    """FG-TERR-2/5: the river is impassable; a bridge or ford over it is passable there, at difficult."""
    table = load_scenario("river-crossing", rules).table
    assert table.movement_at((24, 27.9)) == "impassable"
    assert table.movement_at((60, 28.8)) == "impassable"
    assert table.movement_at((36, 26.5)) == "difficult"  # the bridge
    assert table.movement_at((14, 28.2)) == "difficult"  # the ford
    # the river runs from edge to edge: going north anywhere else crosses impassable ground
    for x in [x for x in range(0, 73, 2) if not (10 <= x <= 18 or 34 <= x <= 38)]:
        assert any(table.movement_at((x, y / 10)) == "impassable" for y in range(240, 320)), x


def test_the_meeting_engagement_starts_with_one_division_a_side(rules: Ruleset) -> None:
    spec = load_scenario("meeting-engagement", rules).spec
    for s in spec.sides:
        arrivals = sorted(d.arrival for d in s.divisions if d.arrival is not None)
        assert len(arrivals) == len(s.divisions) and arrivals.count(0) == 1
        assert all(1 <= a <= 3 for a in arrivals if a)


def test_bailen_is_historical(rules: Ruleset) -> None:
    spec = load_scenario("bailen", rules).spec
    assert "1808" in spec.history and "Dupont" in spec.history
    names = " ".join(d.name for s in spec.sides for d in s.divisions)
    for general in ("Reding", "Coupigny", "La Peña", "Vedel", "Barbou"):
        assert general in names
    vedel = next(d for s in spec.sides for d in s.divisions if "Vedel" in d.name)
    assert vedel.arrival is not None and vedel.arrival > 1  # he arrives late


# --- armies given as points ---------------------------------------------------------------------


def side(points: int, divisions: int | None = None, **kw: dict[str, float]) -> SideSpec:
    return SideSpec("fr", "French", "south", army=ArmySpec(points, divisions, **kw))


def check_army(divs: list[DivisionSpec], rules: Ruleset, budget: int, divisions: int | None = None) -> int:
    """FG-PREP-1/2 and the budget; returns what the army cost."""
    assert len(divs) >= 2  # FG-PREP-1
    if divisions is not None:
        assert len(divs) == divisions
    assert all(len(d.units) >= 2 for d in divs)  # FG-PREP-2
    ids = [d.id for d in divs] + [u.id for d in divs for u in d.units]
    assert len(ids) == len(set(ids))
    cost = sum(rules.categories[u.category].points for d in divs for u in d.units)
    assert cost <= budget
    return cost


@pytest.mark.parametrize(
    ("points", "divisions"), [(4, None), (5, 2), (12, None), (24, None), (24, 3), (40, 6)]
)
def test_a_points_army_spends_its_budget_exactly_in_legal_divisions(
    points: int, divisions: int | None, rules: Ruleset
) -> None:
    """FG-ARMY-3 (AMB-16), FG-PREP-1/2: with 1-point infantry any budget is spent exactly."""
    for seed in range(12):
        built = build_army(side(points, divisions), rules, seed, most_in_division(rules))
        assert check_army(built, rules, points, divisions) == points


def test_FG_DEP_9_a_large_points_army_is_split_into_divisions_its_officers_reach(rules: Ruleset) -> None:
    """However many points, no division has more units than stand within its officer's reach: the
    army is split into more divisions (a cavalry division of its own only when it fits in one)."""
    most = most_in_division(rules)
    assert 2 <= most < 40
    for points in (100, 140, 200):
        for seed in range(4):
            built = build_army(side(points), rules, seed, most)
            assert max(len(d.units) for d in built) <= most, (points, seed)
            assert min(len(d.units) for d in built) >= 2
            assert sum(rules.categories[u.category].points for d in built for u in d.units) == points


def test_a_points_army_has_a_sensible_mix_of_arms(rules: Ruleset) -> None:
    for seed in range(12):
        units = [u for d in build_army(side(24), rules, seed, most_in_division(rules)) for u in d.units]
        types = {rules.categories[u.category].type for u in units}
        assert types == {"infantry", "cavalry", "artillery"}
        infantry = sum(rules.categories[u.category].type == "infantry" for u in units)
        assert infantry >= len(units) / 2


def test_a_points_army_follows_the_scenarios_mix_and_qualities(rules: Ruleset) -> None:
    built = build_army(side(12, 2, mix={"LI": 1}, qualities={"E": 1}), rules, 3, most_in_division(rules))
    assert {(u.category, u.quality) for d in built for u in d.units} == {("LI", "E")}


def test_odd_costs_are_spent_as_nearly_as_they_allow(rules: Ruleset) -> None:
    """A mod's costs may not add up to the budget: never overspend, never fewer than two units a division."""
    costs = {"LnInf": 2, "LI": 3, "HC": 3, "LC": 3, "FA": 3, "HA": 3}
    odd = replace(rules, categories={c: replace(k, points=costs[c]) for c, k in rules.categories.items()})
    for points, divisions, best in [(9, 2, 9), (11, 2, 11), (8, 2, 8), (13, 3, 13)]:
        for seed in range(8):
            assert (
                check_army(
                    build_army(side(points, divisions), odd, seed, most_in_division(odd)),
                    odd,
                    points,
                    divisions,
                )
                == best
            )
    three = replace(rules, categories={c: replace(k, points=3) for c, k in rules.categories.items()})
    assert check_army(build_army(side(14, 2), three, 1, most_in_division(three)), three, 14, 2) == 12


def test_the_same_seed_builds_the_same_army(rules: Ruleset) -> None:
    assert build_army(side(24), rules, 7, most_in_division(rules)) == build_army(
        side(24), rules, 7, most_in_division(rules)
    )
    armies = {repr(build_army(side(24), rules, s, most_in_division(rules))) for s in range(6)}
    assert len(armies) > 1  # and another seed, most often another army


def test_a_quick_battle_builds_both_armies_and_replays_exactly(tmp_path: Path, matches: list[Match]) -> None:
    m = played("quick-battle", 3, "heuristic", "random", matches, rounds=3)
    sides = m.scenario.spec.sides
    assert all(s.army is not None and s.divisions for s in sides)
    assert summary(m)["army_points"] == {s.id: s.army.points for s in sides if s.army}
    save(m, tmp_path / "quick.json")
    again = load(tmp_path / "quick.json")
    matches.append(again)
    assert again.scenario.spec == m.scenario.spec and summary(again) == summary(m)


def write(tmp_path: Path, army: str, extra: str = "") -> Path:
    """A scenario whose first side gives the army text and the second lists its divisions."""
    text = f"""id = "t"
name = "T"
table = [48, 40]
{extra}
[[sides]]
id = "red"
name = "Red"
edge = "south"
{army}
[[sides]]
id = "blue"
name = "Blue"
edge = "north"
[[sides.divisions]]
id = "b1"
units = [{{ id = "b1a", category = "LnInf", quality = "R" }},
  {{ id = "b1b", category = "LnInf", quality = "R" }}]
[[sides.divisions]]
id = "b2"
units = [{{ id = "b2a", category = "LnInf", quality = "R" }},
  {{ id = "b2b", category = "LnInf", quality = "R" }}]
"""
    path = tmp_path / "t.toml"
    path.write_text(text)
    return path


BAD = [
    ("[sides.army]\npoints = 3", "", "sides[0].army.points", "give 4 or more"),
    ("[sides.army]\npoints = 5\ndivisions = 3", "", "sides[0].army.points", "give 6 or more"),
    ("[sides.army]\npoints = 10\ndivisions = 1", "", "sides[0].army.divisions", "two divisions or more"),
    ("[sides.army]\npoints = 100000", "", "sides[0].army.points", "at most"),
    ("[sides.army]\npoints = 10\nmix = { Gd = 1 }", "", "sides[0].army.mix.Gd", "unknown code"),
    ("[sides.army]\npoints = 10\nqualities = { R = 0 }", "", "sides[0].army.qualities", "above 0"),
    ("[sides.army]\npoints = 10\nmix = { LI = -1 }", "", "sides[0].army.mix.LI", "at least 0 and"),
    ("[sides.army]\npoints = '10'", "", "sides[0].army.points", "expected an integer"),
    (
        '[sides.army]\npoints = 10\n[[sides.divisions]]\nid = "r1"\nunits = []',
        "",
        "sides[0].army",
        "not both",
    ),
    ("", "", "sides[0].divisions", "two divisions or more"),
    (
        "[sides.army]\npoints = 10",
        '[[objectives]]\nid = "red-1"\nat = [1, 1]',
        "sides[0].army",
        "'red-1' is used",
    ),
]


@pytest.mark.parametrize(("army", "extra", "key", "words"), BAD)
def test_a_bad_points_army_is_one_line_naming_the_key(
    tmp_path: Path, rules: Ruleset, army: str, extra: str, key: str, words: str
) -> None:
    path = write(tmp_path, army, extra)
    with pytest.raises(ContentError) as err:
        load_scenario(str(path), rules)
    assert f"{path}: {key}" in str(err.value) and words in str(err.value)


def test_a_bad_points_army_through_the_cli_is_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, "[sides.army]\npoints = 3")
    r = run_cli("simulate", "--scenario", str(path))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "sides[0].army.points" in r.stderr and "Traceback" not in r.stderr


def test_a_good_points_army_from_a_file(tmp_path: Path, matches: list[Match]) -> None:
    path = write(tmp_path, "[sides.army]\npoints = 9\ndivisions = 2")
    m = played(str(path), 4, "heuristic", "heuristic", matches, rounds=2)
    assert summary(m)["army_points"] == {"red": 9, "blue": 4}


# --- the scenarios command ----------------------------------------------------------------------


def test_scenarios_json_lists_every_scenario_with_its_source() -> None:
    r = run_cli("scenarios", "--json", "--mod", str(CONTENT / "mods" / "starter"))
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert list(data) == ["scenarios"]
    rows = {s["id"]: s for s in data["scenarios"]}
    assert set(SHIPPED) <= set(rows)
    for s in data["scenarios"]:
        assert set(s) == {"id", "name", "description", "mode", "source", "path"}
        assert all(isinstance(v, str) and v for v in s.values())
        assert s["mode"] == ("open-wars" if s["id"] in MAPS else "for-glory")
    assert rows["bailen"]["source"] == "content"
    modded = [s for s in data["scenarios"] if s["source"] != "content"]
    assert modded and all(s["source"] == "starter" for s in modded)
    assert len(rows) == len(list_scenarios(())) + len(modded)


def test_scenarios_text_names_each_one() -> None:
    r = run_cli("scenarios")
    assert r.returncode == 0 and r.stderr == ""
    for ident in SHIPPED:
        assert f"\n{ident}: " in "\n" + r.stdout


def test_scenarios_reports_a_broken_one_and_lists_the_rest(tmp_path: Path) -> None:
    mod = tmp_path / "broken"
    (mod / "scenarios").mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "broken"\nname = "Broken"\nversion = "1"\n')
    (mod / "scenarios" / "x.toml").write_text('id = "x"\nname = "X"\ntable = [72, 48]\nsides = []\n')
    r = run_cli("scenarios", "--json", "--mod", str(mod))
    assert r.returncode == 2
    assert [line for line in r.stderr.splitlines()] == [
        f"error: {mod / 'scenarios' / 'x.toml'}: sides: a battle has exactly two sides, found 0"
    ]
    assert {s["id"] for s in json.loads(r.stdout)["scenarios"]} == set(SHIPPED) | set(MAPS)
