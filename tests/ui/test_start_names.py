"""The start screen says names, never ids: an Open Wars map's factions by their names in the player's
language (not `dwarves`), a saved battle's figures with its divisions by their names (not `fr-1`), and an
Open Wars save's figures open at all (they failed on a map's players)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.players import make_player
from game.content.locale import Texts
from game.running.match import new_match, play
from game.running.saves import save_game
from game.ui.start.screen import Setup, StartScreen


def name_of(screen: StartScreen, scenario_id: str) -> str:
    return next(name for name, sc in screen.scenarios.items() if sc.id == scenario_id)


@pytest.mark.parametrize(
    "language, dwarves, orcs", [("en", "Dwarves", "Orcs"), ("es", "Enanos", "Orcos")], ids=["en", "es"]
)
def test_open_wars_factions_by_their_names(
    window: pygame.Surface, language: str, dwarves: str, orcs: str
) -> None:
    screen = StartScreen(window.get_size(), Setup(scenario="ow-border-march"), t=Texts(language))
    screen.show_about(name_of(screen, "ow-border-march"))
    a, b = screen.sides(name_of(screen, "ow-border-march"))
    assert a.endswith(f"({dwarves})") and b.endswith(f"({orcs})"), (a, b)
    about = screen.about.html_text
    assert f"({dwarves})" in about and f"({orcs})" in about and "(dwarves)" not in about


def saved(scenario: str, seed: int, rounds: int | None = None) -> Path:
    m = new_match(scenario, seed, rounds)
    try:
        assert m.battle.game is not None
        play(m, {s: make_player("heuristic", s, seed + i) for i, s in enumerate(m.battle.game.sides)})
        return save_game(m, dict.fromkeys(m.battle.game.sides, "human"))
    finally:
        m.battle.close()


@pytest.mark.parametrize("language, first", [("en", "1st Division (Leval)"), ("es", "1.ª División (Leval)")])
def test_a_saves_figures_name_its_divisions(window: pygame.Surface, language: str, first: str) -> None:
    path = saved("default", 5, 3)
    screen = StartScreen(window.get_size(), Setup(), t=Texts(language))
    screen.show_figures(path)
    assert screen.figures is not None
    shown, _names, _colours, t = screen.figures
    said = {fate.division: t.names.division(fate.division) for fate in shown.fates}
    assert said["fr-1"] == first and all(name != division for division, name in said.items())
    screen.update(0.05)
    screen.draw(window)


def test_an_open_wars_saves_figures_open(window: pygame.Surface) -> None:
    path = saved("ow-twin-fords", 5, 3)
    screen = StartScreen(window.get_size(), Setup(), t=Texts("es"))
    screen.show_figures(path)
    assert screen.figures is not None
    _shown, names, colours, _t = screen.figures
    assert names == {"north": "Clan del Norte", "south": "Horda del Sur"} and set(colours) == set(names)
    screen.update(0.05)
    screen.draw(window)
