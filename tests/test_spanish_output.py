"""Issue 38, item 4: every command of the command line run with `--lang es` on shipped content says
nothing in English and shows no id (a unit's "es-1d", a side's "fr:", a file's "sides[0]"): what a
Spanish player reads is Spanish, and names, never ids (docs/spanish.md).

Each command of `python -m game --help` is run here or named in NOT_RUN with the reason; a new command
fails the first test until it is one or the other. Bounded: one round a battle, a few battles, a game
a tournament."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main, parser
from game.content.records import read_toml

# commands that print nothing a player reads in a language: the window, and the frame-time bench
NOT_RUN = {"play": "opens the window (tests/ui/ test its screens in Spanish)", "bench": "prints figures"}

# English words a Spanish line never holds (none of them a Spanish word, nor part of a shipped name)
ENGLISH = {
    "the", "and", "of", "with", "is", "are", "was", "has", "have", "its", "his", "their", "by", "to", "from",
    "hit", "hits", "facing", "experience", "lost", "after", "win", "wins", "won", "draw", "round", "rounds",
    "seed", "target", "quarter", "reach", "out", "charge", "charges", "moves", "order", "orders",
    "reaction", "reactions", "decision", "decisions", "replaces", "files", "file", "checked", "rulesets",
    "scenarios", "scripted", "battle", "battles", "puzzles", "units", "unit", "officers", "officer",
    "brigade", "brigades", "points", "side", "sides", "game", "mode", "optional", "switch", "module",
    "modules", "castle", "wood", "town", "marsh", "wall", "village", "ford", "bridge", "unknown",
    "expected", "found", "missing", "wrote", "written", "turn", "turns", "gold", "tokens", "token",
    "city", "cities", "disorganised", "destroyed", "removed", "killed", "marker", "used",
    "rolls", "roll", "shoots", "fire", "melee", "attackers", "defenders", "pushed", "score", "luck",
    "none", "only", "left", "right", "front", "rear", "north", "south", "east", "west", "play", "it",
}  # fmt: skip
# ids: a unit's, division's or officer's (es-1d, fr-2, al-staff), a side's or formation's before a colon
# (fr:, det:), a file's key path (sides[0].divisions)
ID_PATTERNS = (
    re.compile(r"\b[a-z]{1,3}-(?:\d+[a-z]?|staff|div\d*)\b"),
    re.compile(r"(?:^|[\s(])(?:det|fr|es|al|gb|a|b):"),
    re.compile(r"\b\w+\[\d+\]"),
)
SCENARIOS = ("bailen", "first-battle", "talavera", "castle-of-montalban", "ow-four-winds", "ow-random")
SCRIPTS = sorted((CONTENT / "scripts").glob("*.toml"))
PUZZLES = sorted((CONTENT / "puzzles").glob("*.toml"))


def content_ids() -> set[str]:
    """The ids of the shipped Open Wars content a player never reads: locations, players, units."""
    out: set[str] = set()
    for path in (CONTENT / "scenarios" / "open-wars").glob("*.toml"):
        data = read_toml(path)
        out |= {x["id"] for x in data.get("locations", [])} | {x["id"] for x in data.get("players", [])}
    for path in (CONTENT / "rulesets" / "open-wars" / "factions").glob("*.toml"):
        out |= {u["id"] for u in read_toml(path).get("units", [])}
    return {i for i in out if "-" in i}  # a single word may be a word too ("north")


OPEN_WARS_IDS = content_ids()


# what a line may hold that is neither: rule IDs (FG-UNIT-5, CS-1..10), a command to type (`play ...`,
# --module ID), a path of this machine, a scenario's or a rule module's id (what --scenario and --module
# take, as `scenarios` and `modules` list them)
SCENARIO_IDS = sorted(
    [
        *(p.stem for p in CONTENT.glob("scenarios/**/*.toml")),
        *(p.name for p in (CONTENT / "modules").iterdir()),
    ],
    key=len,
    reverse=True,
)
QUOTED = re.compile(
    r"\b[A-Z]{2,}(?:-[A-Z0-9]+)+(?:\.\.\d+)?\b|`[^`]*`|--module \S+|/\S+|"
    + "|".join(rf"(?<![\w-]){re.escape(i)}(?![\w-])" for i in SCENARIO_IDS)
)


def problems(text: str) -> Iterator[str]:
    """The English words and the ids in a command's Spanish output, each with its line."""
    for said in text.splitlines():
        line = QUOTED.sub(" ", said)
        words = {w.lower() for w in re.findall(r"[A-Za-z]+(?:'[a-z]+)?", line)}
        for w in sorted(words & ENGLISH):
            yield f"English {w!r}: {line.strip()[:200]}"
        for pattern in ID_PATTERNS:
            for found in pattern.findall(line):
                yield f"id {found.strip()!r}: {line.strip()[:200]}"
        for ident in sorted(OPEN_WARS_IDS):
            if re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", line):
                yield f"id {ident!r}: {line.strip()[:200]}"


def spanish(capfd: pytest.CaptureFixture[str], *args: str) -> str:
    """A command's output in Spanish (stdout and stderr): exit 0, no English, no id."""
    code = main([*args, "--lang", "es"])
    out, err = capfd.readouterr()
    assert code == 0, f"forglory {' '.join(args)} --lang es: exit {code}: {err}"
    found = list(problems(out + err))
    assert not found, f"forglory {' '.join(args)} --lang es:\n" + "\n".join(found[:20])
    return out


def test_every_command_is_run_here_or_excused() -> None:
    commands = set(parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    run = {"simulate", "replay", "stats", "tournament", "script", "puzzle", "check-content", "scenarios",
           "modules", "generate", "new-mod", "schema", "by-file", "mod", "campaigns"}  # fmt: skip
    assert commands == run | set(NOT_RUN)


def test_the_checker_finds_english_and_ids() -> None:
    """What the issue's reader found, as the checker reads it."""
    assert list(problems("castle (target)")) and list(problems("no quarter: a 6 is two hits"))
    assert list(problems("es-1c está fuera del alcance de una carga"))
    assert list(problems("fr: elige una unidad")) and list(problems("sides[0].divisions"))
    assert list(problems("entra en el área de reacción de la 1.ª Brigada, nw-home"))
    assert not list(problems("Los españoles despliegan la 1.ª División (Reding): 5 unidades (FG-DEP-7)"))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_battles_replays_stats_and_tournaments(
    scenario: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    replay = str(tmp_path / "replay.json")
    rounds = ("--rounds", "2")
    spanish(capfd, "simulate", "--scenario", scenario, *rounds, "--log", "--why", "--save-replay", replay)
    spanish(capfd, "replay", replay, "--log")
    spanish(capfd, "stats", replay)
    spanish(capfd, "tournament", "--scenario", scenario, "--games", "1", "--rounds", "1")


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_scripted_battles(script: Path, capfd: pytest.CaptureFixture[str]) -> None:
    spanish(capfd, "script", str(script))


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_puzzles(puzzle: Path, capfd: pytest.CaptureFixture[str]) -> None:
    spanish(capfd, "puzzle", str(puzzle))


def test_content_commands(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    spanish(capfd, "check-content")
    spanish(capfd, "scenarios")
    spanish(capfd, "modules")
    spanish(capfd, "schema", "--out", str(tmp_path / "schema"))
    spanish(capfd, "new-mod", str(tmp_path / "my-mod"))
    for mode in ("for-glory", "open-wars"):
        spanish(capfd, "generate", "--seed", "3", "--mode", mode, "--out", str(tmp_path / f"{mode}.toml"))


def test_mods_that_travel(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """An Open Wars mod made, checked strictly, packed, installed and listed, all in Spanish."""
    mod = tmp_path / "my-raiders"
    spanish(capfd, "new-mod", str(mod), "--mode", "open-wars")
    spanish(capfd, "check-content", "--strict", str(mod))
    spanish(capfd, "mod", "pack", str(mod), "--out", str(tmp_path))
    (packed,) = tmp_path.glob("*.fgmod")
    spanish(capfd, "mod", "install", str(packed))
    assert "my-raiders" in spanish(capfd, "mod", "list")


def test_a_game_by_file(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "game"
    spanish(capfd, "by-file", "start", "--scenario", "bailen", "--rounds", "1", "--folder", str(folder))


def test_a_campaign(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """The campaigns listed, two turns of the Peninsular War told and replayed, a random campaign
    made: names with their articles, no id, no English (issue 36)."""
    replay = str(tmp_path / "war.json")
    assert "Franceses contra Aliados" in spanish(capfd, "campaigns")
    war = ("--campaign", "peninsular", "--turns", "2", "--resolve", "auto", "--a", "easy", "--b", "easy")
    told = spanish(capfd, "simulate", *war, "--log", "--save-replay", replay)
    assert "Los franceses levantan una brigada de" in told and "El Cuerpo de Dupont marcha" in told
    spanish(capfd, "replay", replay, "--log")
    spanish(capfd, "generate", "--seed", "3", "--mode", "campaign", "--out", str(tmp_path / "war.toml"))


MODULES = (
    "warhammer-charges",
    "warhammer-terrain",
    "dias-terrain",
    "dias-combat",
    "clash-command",
    "clash-melee",
)


@pytest.mark.parametrize("module", MODULES)
def test_battles_with_each_rule_module(module: str, capfd: pytest.CaptureFixture[str]) -> None:
    """A rule module's own words: its log lines, its orders and reasons in a general's --why."""
    needs = ("--module", "clash-command") if module == "clash-melee" else ()
    for seed in ("1", "2"):
        spanish(
            capfd, "simulate", "--seed", seed, "--rounds", "2", *needs, "--module", module, "--log", "--why"
        )


def test_CS_18_missile_weapons_a_mod_arms(capfd: pytest.CaptureFixture[str]) -> None:
    """CS-18 (CS-DEC-21..25): the saves against a sling's stones and the long range, in Spanish."""
    mod = str(CONTENT / "mods" / "clash-missiles")
    out = spanish(
        capfd, "simulate", "--seed", "2", "--module", "clash-command", "--mod", mod, "--log", "--why",
        "--a", "heuristic", "--b", "heuristic",
    )  # fmt: skip
    assert "salva los proyectiles" in out and "hondas: +1 (CS-DEC-23)" in out


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_every_puzzle_has_its_spanish_words(puzzle: Path) -> None:
    """A puzzle's title, lesson and objectives in Spanish ([puzzle.locale.es], docs/puzzles.md)."""
    from game.running.puzzle import load

    spec = load(puzzle).puzzle
    assert spec is not None
    words = spec.locale["es"]
    assert words.title and words.title != spec.title and words.lesson and words.lesson != spec.lesson
    assert words.question and words.question != spec.question
    assert {o.id for o in spec.objectives} == set(words.objectives)


def refused(capfd: pytest.CaptureFixture[str], *args: str) -> str:
    """A command's refusal in Spanish: exit 2, its lines (one a problem) with no English and no id."""
    code = main([*args, "--lang", "es"])
    out, err = capfd.readouterr()
    assert code == 2 and not out and err, f"forglory {' '.join(args)} --lang es: exit {code}: {out}"
    found = list(problems(err))
    assert not found, f"forglory {' '.join(args)} --lang es:\n" + "\n".join(found)
    return err


def test_load_errors_in_spanish(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Issue 38's leftover: a file that does not load, a mod that does not check, a command line the
    game does not take, each said in the language asked (game/cli/error_words.py)."""
    damaged = tmp_path / "bad.json"
    damaged.write_text("{bad", encoding="utf-8")
    toml = tmp_path / "bad.toml"
    toml.write_text("[[x\n", encoding="utf-8")
    mod = tmp_path / "half-mod"
    mod.mkdir()
    (mod / "mod.toml").write_text('id = "half-mod"\n', encoding="utf-8")
    package = tmp_path / "bad.fgmod"
    package.write_bytes(b"x")
    assert "JSON dañado" in refused(capfd, "play", "--load", str(damaged))
    assert "JSON dañado" in refused(capfd, "replay", str(damaged))
    assert "no existe el archivo" in refused(capfd, "replay", str(tmp_path / "missing.json"))
    refused(capfd, "stats", str(damaged))
    refused(capfd, "by-file", "open", str(damaged))
    assert "falta la clave" in refused(capfd, "check-content", str(mod))
    assert "no es una carpeta" in refused(capfd, "check-content", str(tmp_path / "no-mod"))
    assert "falta ']]'" in refused(capfd, "simulate", "--scenario", str(toml))
    assert "no es un paquete de mod" in refused(capfd, "mod", "install", str(package))
    assert "argumentos desconocidos" in refused(capfd, "simulate", "--bogus")
    assert "un número entero de 0 a" in refused(capfd, "simulate", "--seed", "x")
    assert "faltan argumentos" in refused(capfd, "replay")


def test_an_error_when_the_languages_own_words_are_broken(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """The fuzzer's specs kind (seed 1616): a Spanish words file with a bad format spec made the
    error's own words fail to load inside the error's handler: a traceback. Now the line as found."""
    import game.content.locale
    from game.cli.error_words import error_line
    from game.model.errors import ContentError

    def broken(*_args: object, **_kw: object) -> None:
        raise ContentError("locale/es/ui.toml: problem_no_ground", "a format spec beyond an alignment")

    monkeypatch.setattr(game.content.locale.Texts, "__init__", broken)
    assert error_line("bad.toml: x: missing key", "es") == "error: bad.toml: x: missing key"
    assert main(["replay", "no-such-file.json", "--lang", "es"]) == 2
    err = capfd.readouterr().err.strip()
    assert err.startswith("error: ") and "no-such-file.json" in err and "Traceback" not in err


def test_a_problem_whose_words_hold_a_key_is_said_in_spanish() -> None:
    """The fuzzer's puzzle kind (seed 1616, case 647): a TOML error read back into ui.toml's words had
    a value named `key`, which Texts took for its own first argument: a TypeError. The key is now the
    texts' positional argument only."""
    from game.cli.error_words import error_line

    line = "p.toml: invalid TOML: Cannot declare ('puzzle', 'objectives') twice (at line 25, column 19)"
    said = error_line(line, "es")
    assert said.startswith("error: p.toml: TOML no válido en la línea 25, columna 19") and "dos veces" in said
