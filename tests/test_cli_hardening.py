"""The command line's smaller holes, closed: every numeric option is bounded; a mod's temperaments
reach every command; check-content composes a scenario's and a mod's rule modules as a battle would;
a replay's problems name the replay's own fields; an Open Wars replay's mods are checked as For
Glory's; a replay's ruleset must be the one its scenario plays; a string's bound is in characters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.content.records import convert
from game.model.limits import Bounds
from tests.test_user_folders import mod_with_scenario

HUGE = "9" * 5000


@pytest.mark.parametrize(
    "argv",
    [
        ["tournament", "--games", "100000000"],
        ["tournament", "--games", "0"],
        ["tournament", "--jobs", "1000"],
        ["tournament", "--seed", "-1"],
        ["tournament", "--rounds", "0"],
        ["simulate", "--seed", HUGE],
        ["simulate", "--seed", str(2**64)],
        ["simulate", "--rounds", "100000"],
        ["simulate", "--rounds", "x"],
        ["play", "--seed", "-5"],
        ["play", "--demo", "--frames", "0"],
        ["play", "--demo", "--frames", "100000000"],
        ["play", "--host", "--rounds", "0"],
        ["play", "--host", "--side", "3"],
        ["by-file", "start", "--rounds", HUGE],
    ],
)
def test_every_numeric_option_is_bounded(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("error: ") and "expected a whole number from" in line and len(line) < 300


def mod_with_temperament(tmp_path: Path) -> Path:
    mod = tmp_path / "moody"
    (mod / "ai" / "temperaments").mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "moody"\nname = "Moody"\nversion = "1"\n')
    text = (CONTENT / "ai" / "temperaments" / "aggressive.toml").read_text()
    (mod / "ai" / "temperaments" / "reckless.toml").write_text(text)
    return mod


def test_simulate_sees_a_mods_temperament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = mod_with_temperament(tmp_path)
    argv = ["simulate", "--a", "easy:reckless", "--rounds", "1", "--json"]
    assert main([*argv, "--mod", str(mod)]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == 1
    assert main(argv) == 2  # without the mod there is no such temperament
    assert "reckless" in capsys.readouterr().err


def test_the_ais_process_sees_a_mods_temperament(tmp_path: Path) -> None:
    from game.content.mods import load_mods
    from game.content.ruleset_files import load_ruleset
    from game.running.ai_process import Worker
    from game.running.match import new_match

    rules = load_ruleset(mods=load_mods([mod_with_temperament(tmp_path)]))
    m = new_match("default", 2, 1, rules)
    side = m.battle.pending.side  # type: ignore[union-attr]
    w = Worker(m, {side: ("easy:reckless", 2)})
    try:
        w.ask(side)
        assert w.wait(60)
        answer = w.answer(m.battle.stack.commands)
        assert answer is not None and not isinstance(answer, Exception), answer
    finally:
        w.close()
        m.battle.close()


@pytest.mark.parametrize(
    ("modules", "said"),
    [
        ('["warhammer-charges", "clash-command"]', "both replace the activation hook"),
        ('["clash-melee"]', "builds on clash-command"),
    ],
)
def test_check_content_composes_a_scenarios_modules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], modules: str, said: str
) -> None:
    mod = mod_with_scenario(tmp_path, "evil")
    path = mod / "scenarios" / "evil.toml"
    path.write_text(f"modules = {modules}\n" + path.read_text())
    assert main(["check-content", str(mod)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert any(line.startswith(f"error: {path}: modules: ") and said in line for line in lines), lines


def test_check_content_composes_a_mods_modules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = tmp_path / "half"
    mod.mkdir()
    (mod / "mod.toml").write_text('id = "half"\nname = "x"\nversion = "1"\nmodules = ["clash-melee"]\n')
    assert main(["check-content", str(mod)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert any(f"{mod / 'mod.toml'}: modules: " in line and "builds on" in line for line in lines), lines


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    folder = tmp_path_factory.mktemp("replays")
    out = {}
    for name, scenario in (("fg", "default"), ("ow", "ow-twin-fords")):
        path = folder / f"{name}.json"
        argv = ["simulate", "--scenario", scenario, "--rounds", "1", "--save-replay", str(path)]
        assert main(argv) == 0
        out[name] = json.loads(path.read_text())
    return out


def refused(
    tmp_path: Path, data: dict[str, object], capsys: pytest.CaptureFixture[str], **changes: object
) -> str:
    path = tmp_path / "replay.json"
    path.write_text(json.dumps({**data, **changes}))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {path}: "), line
    return line[len(f"error: {path}: ") :]


@pytest.mark.parametrize("kind", ["fg", "ow"])
@pytest.mark.parametrize(
    ("modules", "said"),
    [(["nope"], "unknown rule module 'nope'"), (["clash-melee"], "builds on clash-command")],
)
def test_a_replays_bad_module_list_is_blamed_on_the_replay(
    tmp_path: Path, replays: dict[str, dict[str, object]], capsys: pytest.CaptureFixture[str], kind: str,
    modules: list[str], said: str,
) -> None:  # fmt: skip
    problem = refused(tmp_path, replays[kind], capsys, modules=modules)
    assert problem.startswith("modules: ") and "--module" not in problem
    if kind == "fg" or "unknown" in said:
        assert said in problem, problem


@pytest.mark.parametrize(
    ("mods", "said"),
    [
        ([{"id": "gone", "path": "/etc", "hash": "0"}], "mods[0]: needs the mod 'gone'"),
        ([{"id": "../x", "path": "/etc", "hash": "0"}], "mods[0].id: expected an id"),
        ("all of them", "mods: a list of at most"),
    ],
)
def test_an_open_wars_replays_mods_are_checked(
    tmp_path: Path, replays: dict[str, dict[str, object]], capsys: pytest.CaptureFixture[str],
    mods: object, said: str,
) -> None:  # fmt: skip
    assert refused(tmp_path, replays["ow"], capsys, mods=mods).startswith(said)


@pytest.mark.parametrize(("kind", "other"), [("fg", "open-wars"), ("ow", "for-glory")])
def test_a_replay_relabelled_to_another_mode_is_refused(
    tmp_path: Path, replays: dict[str, dict[str, object]], capsys: pytest.CaptureFixture[str],
    kind: str, other: str,
) -> None:  # fmt: skip
    data = replays[kind]
    ruleset = {**data["ruleset"], "id": other}  # type: ignore[dict-item]
    problem = refused(tmp_path, data, capsys, ruleset=ruleset)
    assert problem.startswith(f"ruleset.id: says '{other}', but its scenario is played with"), problem


def test_a_strings_bound_is_said_in_characters() -> None:
    from typing import Annotated

    from game.model.errors import ContentError

    with pytest.raises(ContentError, match="expected a string with at least 1 and at most 80 characters"):
        convert(Annotated[str, Bounds(1, 80)], "x" * 81, "name")
    with pytest.raises(ContentError, match=r"expected a list of strings with at most 2 items, found 3 items"):
        convert(Annotated[list[str], Bounds(None, 2)], ["a", "b", "c"], "names")


def test_the_log_of_an_open_wars_game(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --log` on a map ended in AttributeError (its words have players, not sides): the fuzzer
    found it."""
    assert main(["simulate", "--scenario", "ow-twin-fords", "--rounds", "1", "--log", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Horda del Sur" in out  # the players' names the map gives in Spanish
