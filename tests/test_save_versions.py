"""A save outlives wording edits: a scenario or rules file whose words changed since the battle was
saved (its content hash differs) still loads, since its commands make the same events; one whose
numbers changed makes other events and is refused in one line, as made with another version."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.running.match import load

FOR_GLORY = CONTENT / "scenarios" / "default.toml"
OPEN_WARS = CONTENT / "scenarios" / "open-wars" / "ow-twin-fords.toml"


def saved_battle(tmp_path: Path, shipped: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    """A copy of a shipped scenario and the replay of a short battle of it."""
    scenario, replay = tmp_path / shipped.name, tmp_path / "battle.json"
    shutil.copyfile(shipped, scenario)
    args = ["simulate", "--scenario", str(scenario), "--seed", "4", "--rounds", "2", "--a", "random"]
    assert main([*args, "--b", "random", "--save-replay", str(replay)]) == 0
    capsys.readouterr()
    return scenario, replay


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def refusal(replay: Path, scenario: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["replay", str(replay), "--scenario", str(scenario)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.splitlines()) == 1
    return out.err


@pytest.mark.parametrize("shipped", [FOR_GLORY, OPEN_WARS], ids=["for-glory", "open-wars"])
def test_a_save_whose_scenario_changed_only_its_words_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shipped: Path
) -> None:
    scenario, replay = saved_battle(tmp_path, shipped, capsys)
    assert main(["replay", str(replay), "--scenario", str(scenario)]) == 0
    before = capsys.readouterr().out
    text = scenario.read_text()
    scenario.write_text(re.sub(r'(?m)^description = ("""|")', r"\g<0>Edited since: ", text, count=1))
    m = load(replay, scenario=str(scenario))
    try:
        assert m.scenario.content_hash != json.loads(replay.read_text())["scenario"]["hash"]
    finally:
        m.battle.close()
    assert main(["replay", str(replay), "--scenario", str(scenario)]) == 0
    assert capsys.readouterr().out == before


@pytest.mark.parametrize(
    "shipped, old, new",
    [
        (FOR_GLORY, '{ id = "fr-1a", category = "LnInf"', '{ id = "fr-1a", category = "HC"'),
        (OPEN_WARS, "gold = 6", "gold = 9"),
    ],
    ids=["for-glory", "open-wars"],
)
def test_a_save_whose_scenario_changed_its_numbers_is_refused_as_another_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shipped: Path, old: str, new: str
) -> None:
    scenario, replay = saved_battle(tmp_path, shipped, capsys)
    edit(scenario, old, new)
    err = refusal(replay, scenario, capsys)
    name = json.loads(replay.read_text())["scenario"]["id"]
    assert err == (
        f"error: {replay}: scenario: made with another version of the scenario {name!r}: its commands no "
        "longer play the saved battle\n"
    )


def test_an_open_wars_save_from_before_a_rules_wording_edit_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """factions.toml's words changed (its Spanish names): a save recording the older rules hash still
    loads; with events of its own it is refused as made with another version of the rules."""
    scenario, replay = saved_battle(tmp_path, OPEN_WARS, capsys)
    data = json.loads(replay.read_text())
    data["ruleset"]["hash"] = "0" * 64
    replay.write_text(json.dumps(data))
    assert main(["replay", str(replay), "--scenario", str(scenario)]) == 0
    capsys.readouterr()
    data["events"]["sha256"] = "1" * 64
    replay.write_text(json.dumps(data))
    err = refusal(replay, scenario, capsys)
    assert "ruleset: made with another version of the rules 'open-wars'" in err
