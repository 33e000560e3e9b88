"""Scripted Open Wars games (docs/scripted-open-wars.md): every shipped script in
content/scripts/open-wars runs through `script` and passes its expectations (magic, range, factions,
cards, a home's militia); the story in both languages; a failed expectation is exit code 1; a malformed
file one line naming the file and key, exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.entry import main
from game.running.ow_script import run

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "content" / "scripts" / "open-wars"
SHIPPED = sorted(p.name for p in SCRIPTS.glob("*.toml"))
TOPICS = {  # each shipped script and the rules it shows
    "magic-bolt.toml": {"OW-MAGIC-4", "OW-MAGIC-3"},
    "volley-roll-off.toml": {"OW-COMBAT-4", "OW-UNIT-1"},
    "undead-choose-and-rise.toml": {"OW-COMBAT-6", "OW-FAC-7"},
    "temple-rite-and-watchtower.toml": {"OW-DEC-28", "OW-DEC-17"},
    "home-militia.toml": {"OW-DEC-27"},
}


def test_every_shipped_script_is_listed() -> None:
    assert sorted(TOPICS) == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_script_passes_through_the_command_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """OW-DEC-17, OW-COMBAT-4, OW-DEC-28, OW-DEC-27, OW-FAC-7, OW-MAGIC-4: each script's every
    expectation holds, and it cites the rules it shows."""
    assert main(["script", str(SCRIPTS / name), "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["passed"] and r["checks"] and all(x["ok"] for x in r["checks"])
    cited = {x["what"].split()[1] for x in r["checks"] if x["what"].startswith("rule ")}
    assert TOPICS[name] <= cited


def test_the_story_is_told_in_the_players_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The story without --json: Open Wars' log lines with each step, the end state, PASS."""
    assert main(["script", str(SCRIPTS / "undead-choose-and-rise.toml"), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "[2] La Corte de los Huesos pierde 2 fichas de Esqueletos en Campo Ceniciento (OW-COMBAT-6)" in out
    assert out.rstrip().endswith("dice used: 4") and "\nPASS\n" in out
    assert main(["script", str(SCRIPTS / "undead-choose-and-rise.toml")]) == 0
    assert (
        "[2] Court of Bones loses 2 tokens of Skeletons in Ashen Field (OW-COMBAT-6)"
        in capsys.readouterr().out
    )


def test_a_failed_expectation_says_so_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (SCRIPTS / "magic-bolt.toml").read_text().replace("mana = { south = 1 }", "mana = { south = 3 }")
    bad = tmp_path / "wrong.toml"
    bad.write_text(text)
    assert main(["script", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL mana of south: expected 3, got 1" in out and out.rstrip().endswith("dice used: 3")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('do = "cast"', 'do = "cast"\nspeed = 3'), "steps[0].speed: unknown key"),
        (
            ('side = "south"', 'side = "north"'),
            "steps[0]: the game asks ow_volley of south, not ow_volley of north",
        ),
        (("dice = [2, 5, 3]", "dice = [2, 5]"), "steps[0]: the dice list ran out after 2 dice"),
        (("dice = [2, 5, 3]", "dice = [2, 9, 3]"), "dice[1]: a D6 shows 1 to 6"),
        (
            ('map = "ow-twin-fords"', 'map = "../../../etc/passwd"'),
            "map: a map's id, or the name of a map file",
        ),
        (('map = "ow-twin-fords"', 'map = "atlantis"'), "map: no map 'atlantis'"),
        (('id = "south"', 'id = "west"'), "players[1].id: no player 'west' on the map"),
        (('unit = "shaman"\nspell', "spell"), "steps[0].unit: a cast step names its unit"),
        (
            ('at = "south-keep", unit = "shaman"', 'at = "nowhere", unit = "shaman"'),
            "stacks[0].at: no location",
        ),
    ],
)
def test_a_malformed_script_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], message: str
) -> None:
    text = (SCRIPTS / "magic-bolt.toml").read_text()
    assert change[0] in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(change[0], change[1], 1))
    assert main(["script", str(bad), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and message in lines[0], lines


def test_a_map_beside_the_script_is_read(tmp_path: Path) -> None:
    """`map` may name a map file beside the script (the tests' small map, a copy of a shipped one)."""
    (tmp_path / "fords.toml").write_text(
        (ROOT / "content/scenarios/open-wars/ow-twin-fords.toml").read_text()
    )
    script = tmp_path / "s.toml"
    script.write_text((SCRIPTS / "magic-bolt.toml").read_text().replace('"ow-twin-fords"', '"fords.toml"'))
    assert run(script)["passed"]
