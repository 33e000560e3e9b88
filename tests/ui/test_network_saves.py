"""A network game's save on this machine (session 10): the save browser says it was a network game and
who played where, in both languages; chosen in a battle's Esc menu it goes on over the network as from
the start screen (its lobby); opened on one machine (play --load) it says that it goes on there, both
sides played here (docs/network.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.content.locale import Texts
from game.content.ruleset_files import load_ruleset
from game.net.dice_chain import Chain
from game.net.record import Record, other_role
from game.net.saved import save_net
from game.running.match import new_match
from game.running.saves import NetSeats, save_meta
from game.running.settings import Settings
from game.ui.battle.screen import BattleScreen
from game.ui.opening import open_battle, switch_to_save
from game.ui.start.lobby import Lobby
from game.ui.start.screen import Setup
from game.ui.widgets.load_list import save_browser, scenario_words
from tests.ui.driver import open_screen, settle

GAME = "0123456789abcdef" * 2


def net_save(role: str = "host", name: str = "Anna", peer: str = "Bob") -> Path:
    """A network game of the default scenario as this machine keeps it: France played here."""
    m = new_match("default", 3)
    chain = Chain.new()
    led = Record(m, "fr", role, GAME, chain, {role: chain.anchor, other_role(role): Chain.new().anchor})
    address = "" if role == "host" else "127.0.0.1:47410"
    about = {"game": GAME, "role": role, "peer": peer, "address": address, "name": name, "timer": 0}
    about["seat"] = "5e" * 32
    try:
        return save_net(led, about)
    finally:
        led.match.battle.close()


def test_a_network_save_keeps_who_played_where() -> None:
    path = net_save("guest")
    assert save_meta(path).network == NetSeats("guest", "fr", "Anna", "Bob")
    data = json.loads(path.read_text())
    data["network"]["role"] = "referee"  # not what the game writes: a save like any other to the list
    path.write_text(json.dumps(data))
    assert save_meta(path).network is None


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        (
            "en",
            "round 0  ·  French: Anna, here v Spanish: Bob, on the other machine  ·  "
            "a network game you hosted",
        ),
        (
            "es",
            "ronda 0  ·  Franceses: Anna, aquí contra Españoles: Bob, en la otra máquina  ·  "
            "una partida en red que alojaste",
        ),
    ],
)
def test_the_browser_says_a_network_game_and_who_was_where(
    window720: pygame.Surface, language: str, detail: str
) -> None:
    net_save()
    browser = save_browser(Texts(language), scenario_words(load_ruleset(), language))
    (s,) = browser.saves
    assert browser.detail(s).startswith(detail), browser.detail(s)
    assert "Human" not in browser.detail(s) and "Humano" not in browser.detail(s)
    browser.draw(window720, (0, 0))


def test_a_network_save_whose_player_is_unnamed_says_you() -> None:
    net_save("guest", name="")
    browser = save_browser(Texts("en"), scenario_words(load_ruleset(), "en"))
    assert "French: you, here v Spanish: Bob, on the other machine" in browser.detail(browser.saves[0])
    assert "a network game you joined" in browser.detail(browser.saves[0])


def test_chosen_in_a_battles_menu_a_network_save_goes_on_over_the_network(window: pygame.Surface) -> None:
    path = net_save()
    screen = open_screen(window)
    settle(screen, window)
    screen.to_load = path
    setup = Setup()
    opened = switch_to_save(screen, setup, window.get_size(), Settings())
    try:
        assert isinstance(opened, Lobby) and opened.way == "host" and opened.resume is not None
        assert opened.player.get_text() == "Anna" and setup.load is None
        assert opened.about.html_text.startswith("<b>Go on with the game with Bob, over the network</b>")
    finally:
        if isinstance(opened, Lobby):
            opened.close()
        screen.close()


def test_opened_on_one_machine_a_network_save_says_it_goes_on_here(window: pygame.Surface) -> None:
    path = net_save()
    for language, words in (
        ("en", "This game with Bob was played over the network"),
        ("es", "con Bob se jugó en red"),
    ):
        screen = open_battle(Setup(load=path), window.get_size(), Settings(language=language))
        try:
            assert isinstance(screen, BattleScreen)
            assert set(screen.controllers.values()) == {"human"}
            assert any(words in line.text for line in screen.log.lines), [x.text for x in screen.log.lines]
        finally:
            screen.close()
