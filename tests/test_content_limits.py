"""Content that passes check-content plays: every number the code divides by, counts with, draws or
reads as a die has a range, and what the rules need across files (a division that stands within L of
its officer, a table deep enough to deploy XL apart) is checked too. A violation is one line naming
the file and the key; a battle the computer cannot set up is one line too, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import CONTENT
from game.ai.players import make_player
from game.cli.entry import main
from game.content.mods import load_mods
from game.content.ruleset_files import load_ruleset
from game.modding.content_check import check_content
from game.model import commands as cmd
from game.model.errors import UserError
from game.running.match import Match, new_match, play
from tests.helpers import write_scenario

DEFAULT = (CONTENT / "scenarios" / "default.toml").read_text()


def mod_with(tmp_path: Path, rel: str, text: str) -> Path:
    mod = tmp_path / "limits"
    (mod / rel).parent.mkdir(parents=True, exist_ok=True)
    (mod / "mod.toml").write_text('id = "limits"\nname = "Limits"\nversion = "1"\n')
    (mod / rel).write_text(text)
    return mod


RULES = "rulesets/for-glory/"


@pytest.mark.parametrize(
    ("rel", "text", "key"),
    [
        (RULES + "ruleset.toml", "[measures]\nM = 0\n", "measures.M"),
        (RULES + "ruleset.toml", "[measures]\nXL = 1e9\n", "measures.XL"),
        (RULES + "ruleset.toml", "[bases]\nunit_width = -2\n", "bases.unit_width"),
        (RULES + "ruleset.toml", "[hits]\ndestroyed_at = 1000\n", "hits.destroyed_at"),
        (RULES + "ruleset.toml", "[checks]\nnatural_fail = 9\n", "checks.natural_fail"),
        (RULES + "ruleset.toml", "[movement]\nroad_extra_moves = 1000000\n", "movement.road_extra_moves"),
        (RULES + "units.toml", '[[category]]\ncode = "LI"\npoints = 0\n', "category[0].points"),
        (RULES + "units.toml", '[[category]]\ncode = "LI"\nmove = 5000.0\n', "category[0].move"),
        (RULES + "units.toml", '[[category]]\ncode = "LI"\nmove = "XXL"\n', "category[0].move"),
        (RULES + "game.toml", "[deployment]\ninitiative_dice = 1000000\n", "deployment.initiative_dice"),
        (
            RULES + "game.toml",
            '[deployment]\ninitiative_staff_distance = "../etc"\n',
            "deployment.initiative_staff_distance",
        ),
        (RULES + "ruleset.toml", '[leadership]\nband = "XXL"\n', "leadership.band"),
        (RULES + "qualities.toml", '[[quality]]\ncode = "R"\nmodifier = 99\n', "quality[0].modifier"),
        (RULES + "results.toml", "[[fire]]\nat_least = 4\nhits = 500\n", "fire[0].hits"),
        ("scenarios/s.toml", DEFAULT.replace("table = [72, 48]", "table = [0, 0]"), "table[0]"),
        ("scenarios/s.toml", DEFAULT.replace("table = [72, 48]", "table = [100000, 48]"), "table[0]"),
        ("scenarios/s.toml", DEFAULT.replace("table = [72, 48]", "table = [72, 14]"), "table"),
        ("scenarios/s.toml", DEFAULT.replace("max_rounds = 12", "max_rounds = 0"), "max_rounds"),
        ("scenarios/s.toml", DEFAULT.replace('id = "default"', 'id = "' + "x" * 6000 + '"'), "id"),
    ],
)
def test_a_value_out_of_its_range_is_one_line_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rel: str, text: str, key: str
) -> None:
    mod = mod_with(tmp_path, rel, text)
    assert main(["check-content", str(mod)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert any(f"{mod / rel}: {key}" in line for line in err), err  # the mod's own file and place
    assert all(line.startswith("error: ") and len(line) <= 310 for line in err)


def test_colours_are_bytes(tmp_path: Path) -> None:
    mod = mod_with(tmp_path, "scenarios/s.toml", DEFAULT)
    assert check_content([mod]).problems == []
    first = DEFAULT.index("colour = [")
    colour = DEFAULT[:first] + "colour = [300, " + DEFAULT[DEFAULT.index(",", first) + 1 :].lstrip()
    (mod / "scenarios/s.toml").write_text(colour)
    (line,) = check_content([mod]).problems
    assert "sides[0].colour[0]: expected an integer at least 0 and at most 255, found 300" in line


def test_a_polygon_is_bounded(tmp_path: Path) -> None:
    ring = ", ".join(f"[{10 + i % 7}, {10 + i // 7}]" for i in range(1001))
    text = DEFAULT + f'\n[[terrain]]\nkind = "wood"\npolygon = [{ring}]\n'
    mod = mod_with(tmp_path, "scenarios/s.toml", text)
    problems = check_content([mod]).problems
    assert any(
        "polygon: expected a list" in p and "at most 1000 items, found 1001 items" in p for p in problems
    )


def test_measures_too_short_for_the_shipped_battles(tmp_path: Path) -> None:
    """A mod's measures are checked against the game's own scenarios too: a division radius of 1"
    leaves no room for a division of four brigades in line (FG-DEP-9)."""
    mod = mod_with(
        tmp_path, RULES + "ruleset.toml", "[measures]\nXS = 0.25\nS = 0.5\nM = 0.75\nL = 1\nXL = 2\n"
    )
    (line,) = check_content([mod]).problems  # one change, one line: the battles it breaks named in it
    assert line.startswith(f"{mod / RULES.rstrip('/')}: under these numbers the game's battle ")
    assert 'division radius of 1"' in line and " more no longer load: " in line


def test_a_scenario_that_passes_plays_at_the_extremes(tmp_path: Path, matches: list[Match]) -> None:
    """The largest table and the longest measures the limits allow still load and play a round."""
    mod = mod_with(
        tmp_path, RULES + "ruleset.toml", "[measures]\nXS = 20\nS = 40\nM = 60\nL = 80\nXL = 100\n"
    )
    (mod / "scenarios").mkdir()
    big = write_scenario(mod / "scenarios", table=(240, 240), name="big.toml")
    (line,) = check_content([mod]).problems
    assert 'leaves no room to deploy XL (100") apart' in line  # ours are 48" deep
    assert "big" not in line

    m = new_match(str(big), 3, 1, load_ruleset(mods=load_mods([mod])))
    matches.append(m)
    play(m, {s: make_player("heuristic", s, 3) for s in m.battle.game.sides})  # type: ignore[union-attr]
    assert m.battle.game is not None and m.battle.game.over


def test_a_side_that_cannot_deploy_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A deployment zone full of impassable ground leaves the computer nowhere to stand: it says so."""
    lake = [("impassable", ((0.0, 0.0), (48.0, 0.0), (48.0, 19.0), (0.0, 19.0)))]
    path = write_scenario(tmp_path, terrain=lake)
    assert main(["simulate", "--scenario", str(path), "--rounds", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'side "Red" cannot deploy "1st Division"' in err and "FG-DEP-6..10" in err


def test_a_player_that_keeps_being_refused_is_one_line() -> None:
    class Stubborn:
        def decide(self, b: object, d: object) -> object:
            return cmd.EndActivation()

    m = new_match("default", 1, 1)
    try:
        with pytest.raises(UserError, match=r"player finds no command the rules accept for the deploy"):
            play(m, {s: Stubborn() for s in m.battle.game.sides})  # type: ignore[misc, union-attr]
    finally:
        m.battle.close()
