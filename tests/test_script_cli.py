"""The command line (`python -m game script FILE --json` and the installed `forglory`), run as a user
would, in a subprocess: the example scripts of content/scripts, and bad input, which always ends in one
line on stderr naming the file and the key, exit code 2, and nothing on stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "content" / "scripts"
FORGLORY = Path(sys.executable).parent / "forglory"
MODULE = [sys.executable, "-m", "game"]


def cli(args: list[str], entry: list[str] = MODULE) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [*entry, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60, check=False
    )


def events(r: dict[str, Any], kind: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in r["events"] if e["kind"] == kind and all(e.get(k) == v for k, v in match.items())]


def mods(e: dict[str, Any]) -> set[str]:
    return {m["rule"] for m in e["modifiers"]}


# --- the examples: every file in content/scripts runs, and does what its comments say ---------------


def _fire_at_line(r: dict[str, Any]) -> None:
    assert r["units"]["C"]["hits"] == 1 and r["units"]["C"]["at"] == [30.0, 14.7]
    assert [(e["unit"], e["rule"]) for e in events(r, "rejected")] == [("C", "FG-FIRE-1")]
    assert r["dice_used"] == 1


def _shooting_exchange(r: dict[str, Any]) -> None:
    rolls = [(e["step"], e["check"], e.get("purpose"), e["unit"], e["total"]) for e in events(r, "roll")]
    assert rolls == [
        (0, "fire", None, "A", 5),
        (0, "morale", "reaction", "C", 5),
        (0, "fire", None, "C", 4),
        (1, "morale", "obey", "C", 6),
        (1, "fire", None, "C", 3),
        (2, "morale", "obey", "A", 0),
    ]
    assert r["units"]["A"]["hits"] == 1 and r["units"]["C"]["hits"] == 1
    assert r["units"]["A"]["at"] == [30.0, 6.0]  # pushed twice, and its last order ignored (FG-ORD-3)


def _cavalry_flank_charge(r: dict[str, Any]) -> None:
    first, second = events(r, "melee")
    assert (first["attack"], first["defence"], first["outcome"]) == (10, 3, "destroyed")  # EX-22
    assert (second["attack"], second["defence"], second["outcome"]) == (8, 5, "pushed")  # EX-23
    assert {e["sector"] for e in events(r, "contact")} == {"left"}
    assert r["units"]["E1"]["destroyed"] and r["units"]["E3"]["at"] == [25.0, 24.0]
    assert r["officers"]["en-div"]["lost_brigades"] == 1 and not r["units"]["E2"]["removed"]
    assert not events(r, "reaction")


def _combined_charge(r: dict[str, Any]) -> None:
    (melee,) = events(r, "melee")
    assert melee["attackers"] == ["A", "B"] and melee["defenders"] == ["E"]
    assert (melee["attack"], melee["defence"], melee["margin"], melee["outcome"]) == (10, 2, 8, "destroyed")
    assert [e["die"] for e in events(r, "roll")] == [5, 4, 2]  # EX-26: 9 on the Spanish dice, 2 English
    assert r["units"]["E"]["destroyed"] and r["officers"]["en-div"]["lost_brigades"] == 1


def _horse_artillery(r: dict[str, Any]) -> None:
    shots = events(r, "roll")
    assert [(e["total"], e["outcome"]) for e in shots] == [(2, "miss"), (3, "pushed"), (4, "one hit")]
    assert len(r["markers"]) == 3 and r["markers"][:2] == [[30.0, 16.6], [32.0, 17.6]]
    assert r["units"]["T"]["hits"] == 1


def _reaction_fire_at_charge(r: dict[str, Any]) -> None:
    assert [(e["check"], e["unit"]) for e in events(r, "roll")] == [("morale", "I"), ("fire", "I")]
    assert not events(r, "melee") and events(r, "interrupted", unit="K", by="I")  # EX-8
    assert r["units"]["K"]["hits"] == 1 and r["units"]["K"]["at"] == [30.0, 20.8]
    assert not events(r, "moved", how="extra")


def _reaction_charge_at_move(r: dict[str, Any]) -> None:
    assert not events(r, "roll", check="fire")  # EX-9: the shot is cancelled
    (melee,) = events(r, "melee")
    assert melee["attackers"] == ["S"] and melee["defenders"] == ["E"] and melee["outcome"] == "pushed"
    assert "FG-CBT-9" in mods(events(r, "roll", unit="S", check="melee")[0])
    assert events(r, "interrupted", unit="E", by="S")


def _leadership_failure(r: dict[str, Any]) -> None:
    ldr = events(r, "roll", check="leadership")
    assert [e["outcome"] for e in ldr] == ["fail", "pass"]
    first, second = events(r, "roll", check="fire")
    assert "FG-CBT-5" in mods(first) and "FG-CBT-5" not in mods(second)
    assert [e["value"] for e in events(r, "disorganised")] == [True, False]
    assert r["units"]["C"]["hits"] == 2 and not r["units"]["L"]["disorganised"]


def _road_march(r: dict[str, Any]) -> None:
    (march,) = events(r, "moved", unit="A")
    assert march["how"] == "road+strategic" and march["distance"] == 12.0  # EX-20
    (shot,) = events(r, "roll")
    assert "FG-CBT-3" in mods(shot) and shot["total"] == 4
    assert [e["rule"] for e in events(r, "rejected")] == ["FG-ROAD-4"]
    assert r["units"]["A"]["hits"] == 1 and len(r["markers"]) == 1


def _charge_at_five_inches(r: dict[str, Any]) -> None:
    # v3.1: M = 6" reaches the line 5" away; 6 + 3 - 1 = 8 against 2: two hits and a push
    assert r["units"]["line"]["hits"] == 2 and r["units"]["line"]["at"] == [20.0, 16.2]


OUTCOMES: dict[str, Callable[[dict[str, Any]], None]] = {
    "charge-at-five-inches.toml": _charge_at_five_inches,
    "fire-at-line.toml": _fire_at_line,
    "shooting-exchange.toml": _shooting_exchange,
    "cavalry-flank-charge.toml": _cavalry_flank_charge,
    "combined-charge.toml": _combined_charge,
    "horse-artillery-markers.toml": _horse_artillery,
    "reaction-fire-at-charge.toml": _reaction_fire_at_charge,
    "reaction-charge-at-move.toml": _reaction_charge_at_move,
    "leadership-failure.toml": _leadership_failure,
    "road-march.toml": _road_march,
}


def test_every_example_has_an_expected_outcome() -> None:
    assert sorted(p.name for p in SCRIPTS.glob("*.toml")) == sorted(OUTCOMES)


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_example_runs_through_the_cli(name: str) -> None:
    p = cli(["script", str(SCRIPTS / name), "--json"])
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    result = json.loads(p.stdout)
    text = (SCRIPTS / name).read_text()
    dice = text.split("\ndice = ", 1)[1].split("\n", 1)[0] if "\ndice = " in text else "[]"
    assert result["dice_used"] == len(json.loads(dice))  # every die the script states is used
    OUTCOMES[name](result)


def test_the_text_output_tells_the_story() -> None:
    p = cli(["script", str(SCRIPTS / "combined-charge.toml")])
    assert p.returncode == 0
    lines = p.stdout.splitlines()
    assert "[0] B makes contact with E on the left flank" in lines
    assert "[0] Melee: A and B (10) against E (2): the attackers win by 8, destroyed (FG-CBT-16)" in lines
    assert "E: (30.00, 24.00) facing 270, destroyed" in lines
    assert lines[-1] == "dice used: 3"


@pytest.mark.skipif(not FORGLORY.exists(), reason="the package is not installed in this environment")
def test_the_installed_entry_point_gives_the_same_json() -> None:
    a = cli(["script", str(SCRIPTS / "road-march.toml"), "--json"])
    b = cli(["script", str(SCRIPTS / "road-march.toml"), "--json"], entry=[str(FORGLORY)])
    assert b.returncode == 0 and b.stdout == a.stdout and json.loads(b.stdout)["dice_used"] == 1


# --- bad input --------------------------------------------------------------------------------------

BASE = """\
table = [72, 48]
dice = [4, 5]

[[officers]]
id = "es-div"
side = "es"
role = "division"
experience = 3
at = [30, 6]

[[officers]]
id = "en-div"
side = "en"
role = "division"
experience = 3
at = [30, 20]

[[units]]
id = "A"
side = "es"
division = "es-div"
category = "LnInf"
quality = "R"
at = [30, 10]
facing = 90

[[units]]
id = "C"
side = "en"
division = "en-div"
category = "LnInf"
quality = "R"
at = [30, 12.7]
facing = 270

[[steps]]
unit = "A"
order = "fire"
target = "C"
reactions = [{ unit = "C", action = "fire" }]
"""


def _sub(old: str, new: str) -> bytes:
    assert old in BASE
    return BASE.replace(old, new, 1).encode()


# (name, file content or None for no file, what the one line must name besides the file)
BAD: list[tuple[str, bytes | None, str]] = [
    ("bad-toml", b"table = [72, 48\n", "invalid TOML"),
    ("wrong-type", _sub("table = [72, 48]", 'table = "big"'), "table: expected a list of 2 items"),
    ("wrong-type-in-unit", _sub("facing = 90", 'facing = "north"'), "units[0].facing: expected a number"),
    ("unknown-top-key", _sub("dice = [4, 5]", "dice = [4, 5]\ncolour = 1"), "colour: unknown key"),
    ("unknown-unit-key", _sub("facing = 270", "facing = 270\nmorale = 3"), "units[1].morale: unknown key"),
    ("unknown-step-key", _sub('target = "C"', 'target = "C"\nspeed = 3'), "steps[0].speed: unknown key"),
    (
        "unknown-reaction-key",
        _sub('action = "fire" }', 'action = "fire", delay = 1 }'),
        "steps[0].reactions[0].delay: unknown key",
    ),
    ("key-of-another-order", _sub('target = "C"', 'target = "C"\nto = [1, 2]'), "steps[0].to"),
    ("unknown-unit-id", _sub('unit = "A"\norder', 'unit = "Q"\norder'), "steps[0].unit: unknown unit id 'Q'"),
    ("unknown-target-id", _sub('target = "C"', 'target = "Z"'), "steps[0].target: unknown unit or officer"),
    (
        "unknown-reaction-unit",
        _sub('{ unit = "C"', '{ unit = "X"'),
        "steps[0].reactions[0].unit: unknown unit id 'X'",
    ),
    (
        "unknown-officer-id",
        BASE.encode() + b'\n[[steps]]\ncheck = "leadership"\nofficer = "nobody"\n',
        "steps[1].officer: unknown officer id 'nobody'",
    ),
    (
        "unknown-division-id",
        _sub('division = "en-div"', 'division = "fr-div"'),
        "units[1].division: unknown division officer",
    ),
    ("missing-key", _sub('quality = "R"\n', ""), "units[0].quality: missing key"),
    ("missing-table", _sub("table = [72, 48]\n", ""), "table: missing key"),
    ("one-side", BASE.replace('side = "en"', 'side = "es"').encode(), "exactly two sides"),
    ("three-sides", _sub('side = "en"\ndivision', 'side = "fr"\ndivision'), "exactly two sides"),
    ("die-out-of-range", _sub("dice = [4, 5]", "dice = [4, 7]"), "dice[1]: a D6 shows 1 to 6"),
    ("die-zero", _sub("dice = [4, 5]", "dice = [0]"), "dice[0]: a D6 shows 1 to 6"),
    ("overlapping-units", _sub("at = [30, 12.7]", "at = [30, 11]"), "units[1].at: C overlaps A"),
    ("off-table-unit", _sub("at = [30, 12.7]", "at = [71.5, 12.7]"), "units[1].at: C does not stand wholly"),
    ("dice-exhausted", _sub("dice = [4, 5]", "dice = []"), "steps[0]: the dice list ran out after 0 dice"),
    ("non-utf8", b"table = [72, 48]\n# \xff\xfe\n", "not UTF-8"),
    ("empty", b"", "the file is empty"),
    ("no-file", None, "no such file"),
]


def _bad_file(tmp_path: Path, name: str, content: bytes | None) -> Path:
    f = tmp_path / f"{name}.toml"
    if content is not None:
        f.write_bytes(content)
    return f


def _one_clear_line(p: subprocess.CompletedProcess[str], f: Path, names: str) -> None:
    assert p.returncode == 2, p.stderr
    assert p.stdout == ""
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert lines[0].startswith("error: ") and str(f) in lines[0] and names in lines[0], lines[0]
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize(("name", "content", "names"), BAD, ids=[b[0] for b in BAD])
def test_bad_script_is_one_line_and_exit_2(
    tmp_path: Path, name: str, content: bytes | None, names: str
) -> None:
    f = _bad_file(tmp_path, name, content)
    _one_clear_line(cli(["script", str(f), "--json"]), f, names)


def test_a_folder_is_not_a_script(tmp_path: Path) -> None:
    _one_clear_line(cli(["script", str(tmp_path), "--json"]), tmp_path, "is a folder")


def test_a_dice_list_that_runs_out_mid_step_counts_the_dice_used(tmp_path: Path) -> None:
    """C is light infantry here: after A's shot (the one die given) it reacts, and its reaction morale
    check needs a second die."""
    c_block = 'category = "LnInf"\nquality = "R"\nat = [30, 12.7]'
    text = BASE.replace("dice = [4, 5]", "dice = [5]").replace(c_block, c_block.replace("LnInf", "LI"))
    f = _bad_file(tmp_path, "short", text.encode())
    p = cli(["script", str(f), "--json"])
    _one_clear_line(p, f, "steps[0]: the dice list ran out after 1 dice (0 used before this step, 1 in it)")


def test_bad_command_line_is_exit_2() -> None:
    p = cli(["script"])
    assert p.returncode == 2 and p.stdout == "" and len(p.stderr.splitlines()) == 1
    p = cli(["fly"])
    assert p.returncode == 2 and "invalid choice" in p.stderr and len(p.stderr.splitlines()) == 1


THROUGH_FORGLORY = [
    b
    for b in BAD
    if b[0] in ("bad-toml", "unknown-step-key", "unknown-target-id", "dice-exhausted", "no-file")
]


@pytest.mark.skipif(not FORGLORY.exists(), reason="the package is not installed in this environment")
@pytest.mark.parametrize(("name", "content", "names"), THROUGH_FORGLORY, ids=[b[0] for b in THROUGH_FORGLORY])
def test_bad_script_through_forglory(tmp_path: Path, name: str, content: bytes | None, names: str) -> None:
    f = _bad_file(tmp_path, name, content)
    _one_clear_line(cli(["script", str(f), "--json"], entry=[str(FORGLORY)]), f, names)
