"""Every command of `forglory` on every shipped scenario and Open Wars map, with each of its output
options (--json, --log, --lang es, --events, --why): each ends with exit 0 and no traceback.

Bounded so that the suite stays fast: battles of one round, one game a tournament, a few frames of the
window under the dummy drivers; the commands run in this process through the command line's own
`main` (capfd sees what any child process writes too)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.content.scenario import list_scenarios
from game.model.modules import is_base, modules_by_mode

SCENARIOS = [p.stem for p in list_scenarios()]  # the game's own, Open Wars maps among them
SCRIPTS = sorted((CONTENT / "scripts").glob("*.toml"))
MODS = sorted(p for p in (CONTENT / "mods").iterdir() if (p / "mod.toml").is_file())
OPEN_WARS = {p.stem for p in (CONTENT / "scenarios" / "open-wars").glob("*.toml")}
ROUND = ("--rounds", "1")


def forglory(capfd: pytest.CaptureFixture[str], *args: str) -> str:
    """The command's output; it must end with exit 0 and say nothing of a traceback."""
    code = main(list(args))
    out, err = capfd.readouterr()
    assert code == 0, f"forglory {' '.join(args)}: exit {code}: {err}"
    assert "Traceback" not in out + err, err
    return out


HISTORY = {"medina-de-rioseco", "talavera", "albuera", "arapiles"}  # issue 26's battles, made in the editor


def test_the_matrix_covers_every_shipped_scenario_and_map() -> None:
    assert {"bailen", "first-battle", "default"} | HISTORY <= set(SCENARIOS)
    assert OPEN_WARS and set(SCENARIOS) >= OPEN_WARS


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_battle_commands_on_every_scenario(
    scenario: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """simulate (with each output), then replay and stats of its replay, and a tournament game."""
    replay, events = str(tmp_path / "replay.json"), tmp_path / "events.jsonl"
    sim = ("simulate", "--scenario", scenario, *ROUND)
    english = forglory(capfd, *sim, "--log", "--events", str(events), "--save-replay", replay)
    log = english.splitlines()
    assert len(log) > 3 and log[-1].strip()  # the log, then the result
    assert all(json.loads(line)["kind"] for line in events.read_text(encoding="utf-8").splitlines())
    result = json.loads(forglory(capfd, *sim, "--json"))
    assert result["scenario"] == scenario and result["rounds"] == 1
    spanish = forglory(capfd, *sim, "--log", "--lang", "es")
    assert spanish != english
    forglory(capfd, *sim, "--why", "--a", "easy", "--b", "easy")

    assert forglory(capfd, "replay", replay).splitlines()[0] == log[-len(result["score"]) - 1]
    assert json.loads(forglory(capfd, "replay", replay, "--json")) == result
    assert forglory(capfd, "replay", replay, "--log") == english
    assert forglory(capfd, "replay", replay, "--log", "--lang", "es") == spanish
    path = next(p for p in list_scenarios() if p.stem == scenario)
    title = tomllib.loads(path.read_text(encoding="utf-8")).get("name") or scenario  # as the start screen
    assert forglory(capfd, "stats", replay).startswith(f"{title}, seed 1:")
    assert json.loads(forglory(capfd, "stats", replay, "--json"))["rounds"] == 1

    game = ("tournament", "--scenario", scenario, "--games", "1", *ROUND)
    forglory(capfd, *game)
    assert json.loads(forglory(capfd, *game, "--json"))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_window_on_every_scenario(
    scenario: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """play: a few frames of a new battle (in Spanish too), and of its save loaded."""
    replay = str(tmp_path / "replay.json")
    forglory(capfd, "simulate", "--scenario", scenario, *ROUND, "--save-replay", replay)
    forglory(capfd, "play", "--demo", "--frames", "3", "--scenario", scenario)
    forglory(capfd, "play", "--demo", "--frames", "3", "--scenario", scenario, "--lang", "es")
    forglory(capfd, "play", "--demo", "--frames", "3", "--load", replay)
    forglory(capfd, "play", "--demo", "--frames", "3", "--replay", replay)  # Open Wars' viewer too


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_every_scripted_battle(script: Path, capfd: pytest.CaptureFixture[str]) -> None:
    english = forglory(capfd, "script", str(script))
    assert "dice used:" in english
    assert json.loads(forglory(capfd, "script", str(script), "--json"))["events"]
    assert forglory(capfd, "script", str(script), "--lang", "es") != english


def test_every_rule_module_in_a_battle(capfd: pytest.CaptureFixture[str]) -> None:
    optional = [m for m in modules_by_mode() if m.mode == "for-glory" and not is_base(m)]
    assert optional
    for module in optional:
        switched = [x for m in (*module.requires, module.id) for x in ("--module", m)]
        forglory(capfd, "simulate", *ROUND, *switched, "--log", "--lang", "es")


def test_the_listings_and_the_content_commands(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    listed = json.loads(forglory(capfd, "scenarios", "--json"))["scenarios"]
    assert [s["id"] for s in listed] == SCENARIOS
    assert "bailen:" in forglory(capfd, "scenarios")
    assert json.loads(forglory(capfd, "modules", "--json"))["modes"]
    assert "game mode open-wars" in forglory(capfd, "modules")
    forglory(capfd, "check-content")
    assert "schemas" in forglory(capfd, "schema", "--out", str(tmp_path / "schema"))


def test_every_example_mod_and_a_new_one(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    for mod in MODS:
        forglory(capfd, "check-content", str(mod))
        forglory(capfd, "scenarios", "--mod", str(mod))
        forglory(capfd, "simulate", *ROUND, "--mod", str(mod))
    mine = str(tmp_path / "my-mod")
    forglory(capfd, "new-mod", mine)
    forglory(capfd, "check-content", mine)
    own = json.loads(forglory(capfd, "scenarios", "--json", "--mod", mine))["scenarios"]
    (theirs,) = [s["id"] for s in own if s["source"] == "my-mod"]
    forglory(capfd, "simulate", "--scenario", theirs, *ROUND, "--mod", mine, "--log")


def test_a_tournament_of_every_level(capfd: pytest.CaptureFixture[str]) -> None:
    """--all, bounded: two levels, one game, one round, a battle and a map."""
    every = ("tournament", "--all", "--games", "1", *ROUND, "--player", "random", "--player", "heuristic",
             "--scenario", "default", "--scenario", sorted(OPEN_WARS)[0])  # fmt: skip
    forglory(capfd, *every)
    assert json.loads(forglory(capfd, *every, "--json"))


def test_random_battles_and_the_editor(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """generate (printed, written, every density), the battle it wrote played and checked; the editor's
    window for a few frames, new and on a shipped battle of history, in both languages."""
    battle = tmp_path / "random.toml"
    assert forglory(capfd, "generate", "--seed", "7").startswith("id = ")
    for terrain in ("sparse", "normal", "dense"):
        forglory(capfd, "generate", "--seed", "7", "--terrain", terrain, "--out", str(battle))
        assert (
            json.loads(forglory(capfd, "simulate", "--scenario", str(battle), *ROUND, "--json"))["rounds"]
            == 1
        )
    forglory(capfd, "generate", "--seed", "8", "--points", "30", "--size", "96x60", "--out", str(battle))
    forglory(capfd, "simulate", "--scenario", str(battle), *ROUND, "--log", "--lang", "es")
    for scenario in ("", str(CONTENT / "scenarios" / "talavera.toml")):
        for lang in ("en", "es"):
            edit = ["--edit", scenario] if scenario else ["--edit"]
            forglory(capfd, "play", *edit, "--frames", "3", "--lang", lang)


@pytest.mark.parametrize("players", ["3", "4"])
def test_every_command_on_a_random_map_of_more_players(
    players: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """ow-random with --players, --factions, --map-size, --map-seed and the third and fourth seats: simulate
    (each output), replay and stats of its replay (the options recorded), a tournament, the window."""
    replay, events = str(tmp_path / "replay.json"), tmp_path / "events.jsonl"
    choice = (
        "--scenario",
        "ow-random",
        "--players",
        players,
        "--factions",
        "undead,elves",
        "--map-size",
        "small",
    )
    sim = ("simulate", *choice, *ROUND, "--c", "random")
    english = forglory(capfd, *sim, "--log", "--events", str(events), "--save-replay", replay)
    result = json.loads(forglory(capfd, *sim, "--json"))
    assert len(result["score"]) == int(players) and result["rounds"] == 1
    assert json.loads(replay_text := Path(replay).read_text(encoding="utf-8"))["options"]["players"] == int(
        players
    )
    assert "undead" in replay_text
    assert forglory(capfd, "replay", replay, "--log") == english
    assert forglory(capfd, *sim, "--log", "--lang", "es") != english
    assert json.loads(forglory(capfd, "replay", replay, "--json")) == result
    assert json.loads(forglory(capfd, "stats", replay, "--json"))["rounds"] == 1
    fourth = ("--d", "random") if players == "4" else ()
    forglory(capfd, "simulate", *choice, *ROUND, "--map-seed", "9", *fourth)
    assert json.loads(forglory(capfd, "tournament", *choice, "--games", "1", *ROUND, "--json"))
    forglory(capfd, "play", "--demo", "--frames", "3", *choice, "--lang", "es")
    forglory(capfd, "play", "--demo", "--frames", "3", "--load", replay)


def test_a_random_maps_options_on_another_map_are_one_line_and_exit_2(
    capfd: pytest.CaptureFixture[str],
) -> None:
    for args in (
        ("--scenario", "ow-twin-fords", "--players", "3"),
        ("--scenario", "default", "--factions", "orcs"),
    ):
        assert main(["simulate", *args, *ROUND]) == 2
        err = capfd.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "random map" in err and "Traceback" not in err
    assert main(["simulate", "--scenario", "ow-random", "--players", "5"]) == 2
    assert "--players: expected a whole number from 2 to 4" in capfd.readouterr().err
