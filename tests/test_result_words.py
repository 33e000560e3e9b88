"""The command line's result of `simulate` and `replay` in a player's words: the sides by their names,
never their ids, in the language asked (`--lang`), in both game modes; `--json` keeps the ids."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.cli.entry import main
from game.running.match import new_match, play
from game.running.result_words import result_lines
from tests.test_match import players


def simulated(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(["simulate", "--seed", "3", "--rounds", "3", "--a", "random", "--b", "random", *args]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_result_names_the_sides_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    head, *sides = simulated(capsys)
    assert re.fullmatch(
        r"The Village on the High Road, seed 3: (French win|Spanish win|a draw) after 3 rounds: .+", head
    ), head
    assert [line.split(":")[0] for line in sides] == ["  French", "  Spanish"]
    assert not re.search(r"\b(fr|es)\b", "\n".join([head, *sides]))


def test_the_result_names_the_sides_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    head, *sides = simulated(capsys, "--lang", "es")
    assert re.fullmatch(
        r"La aldea del camino real, semilla 3: (vencen los Franceses|vencen los Españoles|empate) "
        r"tras 3 rondas: se alcanza el límite de 3 rondas",
        head,
    ), head
    assert [line.split(":")[0] for line in sides] == ["  Franceses", "  Españoles"]
    assert all(re.fullmatch(r"  \w+: \d+ puntos?( \(.*\))?", line) for line in sides), sides


def test_json_keeps_the_ids(capsys: pytest.CaptureFixture[str]) -> None:
    (line,) = simulated(capsys, "--json", "--lang", "es")
    assert set(json.loads(line)["score"]) == {"fr", "es"}


ENGLISH = re.compile(
    r"\b(wins?|seed|points?|rounds?|recruits|marches|march|retreats?|loses|holds|takes|locations|army)\b"
)


@pytest.mark.parametrize(
    "scenario, title", [("ow-twin-fords", "Los Vados Gemelos"), ("ow-border-march", "La Marca Fronteriza")]
)
def test_an_open_wars_log_and_result_in_spanish_have_no_english(
    capsys: pytest.CaptureFixture[str], scenario: str, title: str
) -> None:
    """`simulate --log --lang es` of an Open Wars map: every line of the log and of the result in
    Spanish, the players and the map by their Spanish names."""
    lines = simulated(capsys, "--scenario", scenario, "--log", "--lang", "es")
    english = [line for line in lines if ENGLISH.search(line.replace(scenario, "").split("(OW-")[0])]
    assert english == []
    head = next(line for line in lines if line.startswith(f"{title}, semilla 3: "))
    assert "tras 3 turnos" in head  # Open Wars counts turns (its rules: turnos)


def test_a_battle_still_going_on_says_so() -> None:
    m = new_match("default", 5, 4)
    try:
        them = players(m, "random", "random")
        play(m, them, until=lambda x: len(x.commands) >= 20)
        head, *_ = result_lines(m, "en")
        assert head.startswith("The Village on the High Road, seed 5: still going on after ")
        spanish = result_lines(m, "es")[0]
        assert spanish.startswith("La aldea del camino real, semilla 5: sigue en juego tras ")
    finally:
        m.battle.close()


@pytest.mark.parametrize(
    "lang, title, moves",
    [
        ("en", r"Round 1\. Why\? (French|Spanish): ", "move "),
        ("es", r"Ronda 1\. ¿Por qué\? (Franceses|Españoles): ", "mover "),
    ],
)
def test_why_says_the_reasons_with_names_in_the_language_asked(
    capsys: pytest.CaptureFixture[str], lang: str, title: str, moves: str
) -> None:
    """`simulate --why`: each decision's reasons in the language asked, sides and units by their names
    (never an id such as es-2b), moves by their length."""
    args = ["simulate", "--seed", "3", "--rounds", "1", "--a", "easy", "--b", "easy", "--why", "--lang", lang]
    assert main(args) == 0
    out = capsys.readouterr().out
    reasons = out.split("\ndefault, ")[0].splitlines()
    assert reasons and re.match(title, reasons[0]), reasons[:2]
    assert any(moves in line for line in reasons)
    assert not re.search(r"\b(fr|es)-\d", out), re.findall(r".*\b(?:fr|es)-\d.*", out)[:3]
    if lang == "es":
        assert not re.search(r"\b(weighed|Chose|move|worth)\b", out)


def test_stats_names_the_sides_and_divisions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`stats FILE`: the winner, each side's figures and each division's fate by their names."""
    path = tmp_path / "battle.json"
    simulated(capsys, "--save-replay", str(path))
    assert main(["stats", str(path)]) == 0
    out = capsys.readouterr().out
    assert "French:" in out.splitlines() and "Spanish:" in out.splitlines()
    assert "1st Division (Leval) (French): " in out
    assert not re.search(r"\b(fr|es)(-\d)?\b", out), out
