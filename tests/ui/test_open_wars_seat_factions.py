"""The start screen's random Open Wars map (OW-LOC-1, OW-TURN-2): each seat's faction chosen beside
its controller, in the player's language, "random" by default; the choice reaches the match as
`--factions` does (issue 25). Driven by clicks, as a player does."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu

from game.cli.options import add_map_options, map_options
from game.content.locale import Texts
from game.model.errors import ContentError
from game.running.match import new_match
from game.ui.app import open_battle
from game.ui.ow_screen import OpenWarsScreen
from game.ui.ow_setup import selected
from game.ui.start_screen import Setup, StartScreen
from systems.open_wars.generate import _factions
from systems.open_wars.records import load_rules
from systems.open_wars.state import Campaign


def frames(start: StartScreen, surf: pygame.Surface, n: int = 3) -> str | None:
    """A few frames: the queued events handled (pygame-gui posts its own), the screen drawn."""
    said = None
    for i in range(n + 1):
        for ev in pygame.event.get():
            said = start.handle(ev) or said
        if i < n:
            start.draw(surf, 0.05)
    return said


def click(start: StartScreen, surf: pygame.Surface, pos: tuple[int, int]) -> str | None:
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    return frames(start, surf)


def choose(start: StartScreen, surf: pygame.Surface, menu: UIDropDownMenu, text: str) -> None:
    """A drop-down opened by a click, then its entry clicked."""
    assert menu.visible, text
    click(start, surf, menu.rect.center)
    entries = menu.current_state.options_selection_list.item_list  # type: ignore[union-attr]
    button = next(e["button_element"] for e in entries if e["text"] == text)
    click(start, surf, button.rect.center)
    assert selected(menu) == text


def random_map(start: StartScreen, surf: pygame.Surface) -> None:
    name = next(n for n, sc in start.scenarios.items() if sc.id == "ow-random")
    choose(start, surf, start.scenario, name)


def test_each_seat_s_faction_is_chosen_in_spanish_and_plays(window720: pygame.Surface) -> None:
    """OW-LOC-1: four seats, the second and fourth chosen, the others left to the dice: the match
    has those factions in those seats, the others drawn among the rest."""
    setup = Setup(seed=5)
    start = StartScreen(window720.get_size(), setup, t=Texts("es"))
    assert not any(m.visible for m in start.map_players.factions)  # For Glory's battle first
    random_map(start, window720)
    choose(start, window720, start.map_players.menu, "4 jugadores")
    menus = start.map_players.factions
    assert [m.visible for m in menus] == [True] * 4
    assert all(selected(m) == "Facción al azar" for m in menus)  # today's behaviour by default
    assert "Enanos" in start.map_players.faction_ids and "Elfos" in start.map_players.faction_ids
    choose(start, window720, menus[1], "Elfos")
    choose(start, window720, menus[3], "Enanos")
    for m in [start.side_a, start.side_b, *menus, start.start, start.quit]:  # all inside 1280x720
        assert window720.get_rect().contains(m.rect), m
    assert click(start, window720, start.start.rect.center) == "start"
    assert setup.options == {"players": 4, "factions": ["random", "elves", "random", "dwarves"]}
    screen = open_battle(setup, window720.get_size())
    assert isinstance(screen, OpenWarsScreen)
    c = screen.campaign
    seats = [c.factions[s] for s in c.sides]
    assert seats[1] == "elves" and seats[3] == "dwarves"
    assert {seats[0], seats[2]}.isdisjoint({"elves", "dwarves"}) and seats[0] != seats[2]
    same = new_match("ow-random", 5, options={"players": 4, "factions": setup.options["factions"]})
    assert isinstance(same.battle, Campaign)
    assert [same.battle.factions[s] for s in same.battle.sides] == seats  # the command line's path
    screen.close()


def test_all_seats_random_keep_the_maps_of_before_and_fewer_seats_hide_theirs(
    window720: pygame.Surface,
) -> None:
    setup = Setup()
    start = StartScreen(window720.get_size(), setup, t=Texts("en"))
    random_map(start, window720)
    choose(start, window720, start.map_players.menu, "3 players")
    assert [m.visible for m in start.map_players.factions] == [True, True, True, False]
    choose(start, window720, start.map_players.factions[0], "Orcs")
    choose(start, window720, start.map_players.factions[0], "Random faction")
    click(start, window720, start.start.rect.center)
    assert setup.options == {"players": 3}  # no factions: the map of a game before seats were chosen
    other = next(n for n, sc in start.scenarios.items() if sc.id == "ow-four-winds")
    choose(start, window720, start.scenario, other)
    assert not any(m.visible for m in start.map_players.factions)


def test_the_command_line_s_factions_show_on_the_screen(window720: pygame.Surface) -> None:
    setup = Setup(scenario="ow-random", options={"players": 2, "factions": ["undead"]})
    start = StartScreen(window720.get_size(), setup, t=Texts("en"))
    assert [selected(m) for m in start.map_players.factions[:2]] == ["Undead", "Random faction"]
    assert start.map_players.factions[1].visible and not start.map_players.factions[2].visible


def test_random_names_any_seat_and_a_chosen_prefix_draws_as_before() -> None:
    """OW-LOC-1: "random" in `--factions` leaves that seat to the dice; a list without it draws the
    later seats exactly as before (the shipped replays' maps stay the same)."""
    import argparse
    import random

    p = argparse.ArgumentParser()
    add_map_options(p)
    assert map_options(p.parse_args(["--factions", "random,elves"])) == {"factions": ["random", "elves"]}
    rules = load_rules()
    assert _factions(rules, ("random", "elves"), 2, random.Random(1), "x")[1] == "elves"
    old = _factions(rules, ("orcs",), 4, random.Random(9), "x")
    assert _factions(rules, ("orcs", "random", "random"), 4, random.Random(9), "x") == old
    with pytest.raises(ContentError, match="no faction 'randomly'"):
        _factions(rules, ("randomly",), 2, random.Random(1), "x")
