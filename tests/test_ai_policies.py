"""A computer player answers every kind of decision of every rule module and game mode (issue 15,
item 5), at every level: a policy of its own (a Player method, or the module's `ai`), or the mode's
own players (Open Wars). Whole games with the modules switched on are played to their end."""

from __future__ import annotations

import re

import pytest

from game.ai.common import MODE_PLAYERS
from game.ai.players import PLAYERS, make_player
from game.ai.search import SearchPlayer
from game.model.modules import modules
from game.running.match import new_match, play, summary


def test_every_decision_kind_of_every_module_has_a_policy() -> None:
    for m in modules():
        for kind in m.decisions:
            if m.mode != "for-glory" and m.id == m.mode:  # a game mode of its own: its players answer
                assert {"random", "heuristic"} <= set(MODE_PLAYERS[m.mode]), m.id
                continue
            policy = kind.ai is not None or callable(getattr(SearchPlayer, kind.name, None))
            assert policy, f"{m.id}: no computer answer for {kind.name}"


@pytest.mark.parametrize(
    ("modules_on", "scenario"),
    [
        (("warhammer-charges", "warhammer-terrain"), "default"),
        (("dias-terrain", "dias-combat"), "default"),
        (("clash-command", "clash-melee"), "default"),
        ((), "ow-twin-fords"),
    ],
)
def test_a_search_general_plays_every_module_to_a_result(modules_on: tuple[str, ...], scenario: str) -> None:
    m = new_match(scenario, 4, max_rounds=3, modules=modules_on)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    try:
        play(m, {sides[0]: make_player("normal", sides[0], 1), sides[1]: make_player("easy", sides[1], 2)})
        result = summary(m)
    finally:
        m.battle.close()
    assert result["end_reason"] not in ("", "in progress") and result["rounds"] >= 1


def test_every_level_is_a_player() -> None:
    assert list(PLAYERS) == ["random", "heuristic", "easy", "normal", "hard"]
    assert make_player("hard:cautious", "a", 1).general.temperament.name == "Cautious"  # type: ignore[union-attr]


def test_simulate_why_prints_each_orders_reasons_after_the_battle(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli.entry import main

    assert main(["simulate", "--a", "easy", "--b", "heuristic", "--rounds", "1", "--why"]) == 0
    out = capsys.readouterr().out.splitlines()
    told = [line for line in out if line.startswith("Round 1. Why? ")]
    assert told and all("positions and rolls" in line for line in told)
    assert sum(line.startswith("  Chose: ") for line in out) == len(told)  # one choice told per decision
    moves = [line for line in out if line.startswith("  Chose: move ")]  # by length, no points
    assert moves and all(  # a way (and facing) only where two moves would read alike: no points
        re.fullmatch(r'  Chose: move .+ [\d.]+"( [a-z-]+)?(, facing [^()\d]+)? \(worth [+-][\d.]+\)', m)
        for m in moves
    )
