"""The start screen's ways to make battles (issue 26): New battle and Edit open the editor (on the
battle chosen), Random battle makes one of the seed typed, names it by its seed and starts it; with an
Open Wars map chosen, New map and Random map (Open Wars' random map for the seats shown)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game.content.locale import Texts
from game.running.match import new_match
from game.ui.start.screen import Setup, StartScreen
from systems.open_wars.state import Campaign
from tests.ui.test_open_wars_seat_factions import choose
from tests.ui.test_start_screen import name_of, press


def maker(screen: StartScreen, what: str) -> object:
    return next(b for b, w in screen.makers.items() if w == what)


def test_new_battle_and_edit_open_the_editor(window: pygame.Surface) -> None:
    setup = Setup(scenario="bailen")
    screen = StartScreen(window.get_size(), setup)
    assert press(screen, maker(screen, "new")) == "edit" and setup.edit == "scenario"
    assert screen.scenario.selected_option[0] == name_of(screen, "bailen")
    assert press(screen, maker(screen, "edit")) == "edit"
    assert isinstance(setup.edit, Path) and setup.edit.name == "bailen.toml"


def test_random_battle_is_made_from_the_seed_typed_and_started(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.running.match.user_data_dir", lambda: tmp_path)
    setup = Setup()
    screen = StartScreen(window.get_size(), setup)
    screen.seed.set_text("4242")
    assert press(screen, maker(screen, "random")) == "start"
    path = Path(setup.scenario)
    assert path == tmp_path / "battles" / "random-4242.toml" and setup.seed == 4242
    assert tomllib.loads(path.read_text(encoding="utf-8"))["name"] == "Random battle 4242"


@pytest.mark.parametrize("typed", ["-5", "9" * 30, "9" * 5000, "x"])
def test_the_seed_field_takes_only_a_seed_a_replay_can_keep(
    window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    """A seed no replay could keep (negative, too long, not a number) was taken as 1 without a word
    (session 25: "abc" typed, seed 1 played). The field takes digits only, 18 at most: what is typed
    beyond them is refused as it is typed, and the seed is the one the player sees."""
    monkeypatch.setattr("game.running.match.user_data_dir", lambda: tmp_path)
    setup = Setup()
    screen = StartScreen(window.get_size(), setup)
    screen.seed.set_text("7")
    with pytest.warns(UserWarning):
        screen.seed.set_text(typed)
    assert screen.seed.get_text() == "7"
    assert press(screen, maker(screen, "random")) == "start"
    assert setup.seed == 7 and Path(setup.scenario).name == "random-7.toml"


@pytest.mark.parametrize(
    ("language", "new", "random"), [("en", "New map", "Random map"), ("es", "Nuevo mapa", "Mapa aleatorio")]
)
def test_with_an_open_wars_map_chosen_the_makers_make_open_wars_maps(
    window720: pygame.Surface,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    new: str,
    random: str,
) -> None:
    """OW-LOC-1: with an Open Wars map chosen (clicked in the list, as a player does), the makers say
    and do Open Wars': the random one starts Open Wars' random map of the seed typed for the seats
    shown, each played by whom they chose (it used to start a For Glory battle), and a new one is a
    map; a For Glory battle chosen again, they are For Glory's again."""
    monkeypatch.setattr("game.running.match.user_data_dir", lambda: tmp_path)
    setup = Setup(scenario="bailen")
    screen = StartScreen(window720.get_size(), setup, t=Texts(language))
    fg = {what: button.text for button, what in screen.makers.items()}
    choose(screen, window720, screen.scenario, name_of(screen, "ow-four-winds"))
    said = {what: button.text for button, what in screen.makers.items()}
    assert (said["new"], said["random"]) == (new, random) and said["edit"] == fg["edit"]
    choose(screen, window720, screen.seats.played[2], screen.t("human"))
    screen.seed.set_text("77")
    assert press(screen, maker(screen, "random")) == "start"
    assert (setup.scenario, setup.mode, setup.seed) == ("ow-random", "open-wars", 77)
    assert setup.options == {"players": 4} and (setup.a, setup.b, setup.seats) == (
        "human",
        "normal",
        ["human", "normal"],
    )
    assert not list(tmp_path.rglob("*.toml"))  # no For Glory battle written
    m = new_match(setup.scenario, setup.seed, options=setup.options)
    try:
        assert isinstance(m.battle, Campaign) and len(m.battle.sides) == 4
    finally:
        m.battle.close()
    assert press(screen, maker(screen, "new")) == "edit" and setup.edit == "map"
    choose(screen, window720, screen.scenario, name_of(screen, "bailen"))
    assert {what: button.text for button, what in screen.makers.items()} == fg
    assert press(screen, maker(screen, "new")) == "edit" and setup.edit == "scenario"


def test_the_random_map_chosen_keeps_its_own_choices_for_the_random_one(window720: pygame.Surface) -> None:
    """OW-LOC-1: on the random map itself, its number of players and factions chosen are kept."""
    setup = Setup(scenario="ow-random", options={"players": 3, "factions": ["orcs"]})
    screen = StartScreen(window720.get_size(), setup, t=Texts("en"))
    screen.seed.set_text("9")
    assert press(screen, maker(screen, "random")) == "start"
    assert (setup.scenario, setup.seed, setup.options) == (
        "ow-random",
        9,
        {"players": 3, "factions": ["orcs"]},
    )
    assert len([setup.a, setup.b, *setup.seats]) == 3
