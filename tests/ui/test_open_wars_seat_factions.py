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
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.opening import open_battle
from game.ui.start.open_wars_setup import selected
from game.ui.start.screen import Setup, StartScreen
from systems.open_wars.generate import _factions
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign


def frames(start: StartScreen, surf: pygame.Surface, n: int = 3) -> str | None:
    """A few frames: the queued events handled (pygame-gui posts its own), the screen drawn."""
    said = None
    for i in range(n + 1):
        for ev in pygame.event.get():
            said = start.handle(ev) or said
        if i < n:
            start.update(0.05)
            start.draw(surf)
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
    assert not any(m.visible for m in start.seats.factions)  # For Glory's battle first
    random_map(start, window720)
    choose(start, window720, start.seats.menu, "4 jugadores")
    menus = start.seats.factions
    assert [m.visible for m in menus] == [True] * 4
    assert all(selected(m) == "Facción al azar" for m in menus)  # today's behaviour by default
    assert "Enanos" in start.seats.faction_ids and "Elfos" in start.seats.faction_ids
    choose(start, window720, menus[1], "Elfos")
    choose(start, window720, menus[3], "Enanos")
    for m in [start.side_a, start.side_b, *menus, start.start, start.quit]:  # all inside 1280x720
        assert window720.get_rect().contains(m.rect), m
    # the seed's row (with the number of players) under the fourth seat, the buttons under it
    seed, count = start.seed.rect, start.seats.menu.rect
    assert start.seats.played[3].rect.bottom <= seed.y == count.y and seed.bottom <= start.start.rect.y
    assert start.start.rect.y == start.quit.rect.y
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
    choose(start, window720, start.seats.menu, "3 players")
    assert [m.visible for m in start.seats.factions] == [True, True, True, False]
    choose(start, window720, start.seats.factions[0], "Orcs")
    choose(start, window720, start.seats.factions[0], "Random faction")
    click(start, window720, start.start.rect.center)
    assert setup.options == {"players": 3}  # no factions: the map of a game before seats were chosen
    other = next(n for n, sc in start.scenarios.items() if sc.id == "ow-four-winds")
    choose(start, window720, start.scenario, other)
    assert not any(m.visible for m in start.seats.factions)


def test_the_command_line_s_factions_show_on_the_screen(window720: pygame.Surface) -> None:
    setup = Setup(scenario="ow-random", options={"players": 2, "factions": ["undead"]})
    start = StartScreen(window720.get_size(), setup, t=Texts("en"))
    assert [selected(m) for m in start.seats.factions[:2]] == ["Undead", "Random faction"]
    assert start.seats.factions[1].visible and not start.seats.factions[2].visible


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


def test_each_seat_of_a_four_player_map_has_its_own_controller(window720: pygame.Surface) -> None:
    """OW-TURN-2: hotseat and AI seats in any mix; the four seats of a hand-made map each chosen by
    clicks reach the game as `play --a --b --c --d` give them."""
    setup = Setup()
    start = StartScreen(window720.get_size(), setup, t=Texts("en"))
    name = next(n for n, sc in start.scenarios.items() if sc.id == "ow-four-winds")
    choose(start, window720, start.scenario, name)
    rows = start.seats.played
    assert [m.visible for m in rows] == [True] * 4 and not start.seats.menu.visible
    assert "Barrow King" in start.seats.labels[3].text
    assert [selected(m) for m in rows] == ["Human", *["AI general (normal)"] * 3]  # as before: a, then b's
    for menu, who in zip(rows[1:], ("AI general (hard)", "AI general (easy)", "Human"), strict=True):
        choose(start, window720, menu, who)
    for e in [*rows, *start.seats.labels, start.seed, start.start, start.quit, start.problem_label]:
        assert window720.get_rect().contains(e.rect), e
    tops = [e.rect.y for e in (*rows, start.seed, start.problem_label)]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)  # a row each, one under the other
    assert click(start, window720, start.start.rect.center) == "start"
    assert (setup.a, setup.b, setup.seats) == ("human", "hard", ["easy", "human"])
    screen = open_battle(setup, window720.get_size())
    assert isinstance(screen, OpenWarsScreen)
    assert [screen.controllers[s] for s in screen.campaign.sides] == ["human", "hard", "easy", "human"]
    assert set(screen.ai.players) == set(screen.campaign.sides[1:3])  # the computer seats, and only they
    screen.close()


def test_the_random_map_s_third_seat_has_its_controller_beside_its_faction(window720: pygame.Surface) -> None:
    setup = Setup(seed=3)
    start = StartScreen(window720.get_size(), setup, t=Texts("es"))
    random_map(start, window720)
    choose(start, window720, start.seats.menu, "3 jugadores")
    rows, factions = start.seats.played, start.seats.factions
    assert [m.visible for m in rows] == [True, True, True, False]
    assert rows[2].rect.right < factions[2].rect.x and rows[2].rect.y == factions[2].rect.y
    choose(start, window720, rows[0], "General IA (normal)")
    choose(start, window720, rows[1], "Humano")
    choose(start, window720, rows[2], "General IA (difícil)")
    choose(start, window720, factions[2], "Orcos")
    click(start, window720, start.start.rect.center)
    assert (setup.a, setup.b, setup.seats) == ("normal", "human", ["hard"])
    assert setup.options == {"players": 3, "factions": ["random", "random", "orcs"]}
    screen = open_battle(setup, window720.get_size())
    assert isinstance(screen, OpenWarsScreen)
    c = screen.campaign
    assert [screen.controllers[s] for s in c.sides] == ["normal", "human", "hard"] and c.factions[
        c.sides[2]
    ] == "orcs"
    screen.close()
    # back to a battle of two sides: two rows, and no third seat reaches it
    other = next(n for n, sc in start.scenarios.items() if sc.id == "ow-twin-fords")
    choose(start, window720, start.scenario, other)
    assert [m.visible for m in rows] == [True, True, False, False]
    click(start, window720, start.start.rect.center)
    assert setup.seats == [] and setup.options is None


def test_play_seats_each_player_as_simulate_does(
    monkeypatch: pytest.MonkeyPatch, window720: pygame.Surface
) -> None:
    """`play --a/--b/--c/--d` fill the start screen's rows, a seat not given plays as --b; the window720
    seats them by the command line's own rule (game/running/seating.py), which refuses a seat the game
    does not have in one line."""
    import game.ui.app
    from game.cli.entry import main
    from game.model.errors import UserError
    from game.running.seating import seated

    seen: dict[str, Setup] = {}
    monkeypatch.setattr(game.ui.app, "run", lambda setup, **_: seen.setdefault("setup", setup) and 0)
    assert main(["play", "--scenario", "ow-four-winds", "--b", "hard", "--d", "easy"]) == 0
    setup = seen["setup"]
    assert (setup.a, setup.b, setup.seats) == ("human", "hard", ["hard", "easy"])
    start = StartScreen(window720.get_size(), setup, t=Texts("en"))
    shown = [selected(m) for m in start.seats.played]
    assert shown == ["Human", "AI general (hard)", "AI general (hard)", "AI general (easy)"]
    assert main(["play", "--c", "nobody"]) == 2
    with pytest.raises(UserError, match="--c: this game has no such seat; it has 2 seats"):
        seated(["n", "s"], ["human", "hard", "easy"], "normal", "play")
    assert seated(["n", "s", "e"], ["human", None], "normal", "play") == {
        "n": "human",
        "s": "normal",
        "e": "normal",
    }


@pytest.mark.parametrize(
    ("language", "words"), [("en", "For 2 to 4 players"), ("es", "Para 2 a 4 jugadores")]
)
def test_the_random_map_is_described_as_a_map_not_by_a_sample_s_players(
    window720: pygame.Surface, language: str, words: str
) -> None:
    """OW-LOC-1: the random map's box says what it is (two to four players, each seat's faction chosen
    or drawn, made from its seed), not the players of the map drawn to list it."""
    start = StartScreen(window720.get_size(), Setup(), t=Texts(language))
    random_map(start, window720)
    about = start.about.html_text
    sample = next(sc for sc in start.scenarios.values() if sc.id == "ow-random").spec
    assert words in about and ("seed" in about or "semilla" in about)
    assert not any(f"({start.seats.faction(p.faction)})" in about for p in sample.players)
    four = next(n for n, sc in start.scenarios.items() if sc.id == "ow-four-winds")
    choose(start, window720, start.scenario, four)
    assert all(f"({start.seats.faction(p.faction)})" in start.about.html_text for p in
               start.scenarios[four].spec.players)  # fmt: skip
