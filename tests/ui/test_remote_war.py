"""The window playing a campaign with a friend elsewhere (issue 36, item 5): the lobby offers the
campaign chosen on the start screen; the campaign's screen names the friend and logs his orders as
they arrive, gives this player's to the seat, and opens the battle on the table on the battle screen,
whose commands travel the same way; at its end the campaign goes on, on both machines at one digest."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ai.players import make_player
from game.content.locale import Texts
from game.net import connection
from game.net.identity import Offer
from game.net.network_game import NetGame
from game.net.turn_files import read_turn
from game.running.settings import Settings
from game.ui.battle.screen import BattleScreen
from game.ui.campaign.screen import CampaignScreen
from game.ui.opening import lobby_for_save, open_game, open_remote, table_screen
from game.ui.start.lobby import Lobby
from game.ui.start.screen import Setup, StartScreen
from tests.net_peers import Machine, drive
from tests.ui.campaign_driver import border_mod, frame

ENGLISH = Texts("en")
LOCAL = "127.0.0.1"


@pytest.fixture(autouse=True)
def _quick_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "RETRY", 0.2)


def test_the_start_screen_hosts_the_campaign_chosen(window: pygame.Surface, tmp_path: Path) -> None:
    """A campaign is no longer played on this machine only: Host a game offers it, by its id."""
    mod = border_mod(tmp_path)
    setup = Setup(scenario="border", mods=[mod])
    screen = StartScreen(window.get_size(), setup, t=ENGLISH)
    host = next(b for b, way in screen.elsewhere.items() if way == "host")
    assert host.is_enabled
    assert screen.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=host)) == "host"
    assert setup.campaign == "border"
    lobby = Lobby(window.get_size(), setup, "host", ENGLISH)
    try:
        offer = lobby._offer()
        assert offer.campaign == "border" and not offer.modules
        assert lobby.name == "The Border" and list(lobby.sides.values()) == ["French", "Allies"]
    finally:
        lobby.close()


def _war(host: NetGame, guest: Machine, window: pygame.Surface) -> CampaignScreen:
    drive([Machine(host), guest], lambda: host.state == "playing" and guest.game.state == "playing")
    screen = open_remote(host, window.get_size(), Settings())
    assert isinstance(screen, CampaignScreen) and screen.remote is not None
    return screen


def _table(s: CampaignScreen, window: pygame.Surface, guest: Machine) -> BattleScreen:
    """The battle on the table played to its end on the battle screen: this player's orders through
    it (as his clicks would give them), the friend's as they arrive."""
    b = table_screen(s, window.get_size(), Settings())
    me = make_player("random", s.remote.seat.local, 3)  # type: ignore[union-attr]
    for _ in range(20_000):
        if b.over:
            return b
        time.sleep(0.001)
        b.display.skip()
        b.update(0.05)
        guest.step()
        d = b.battle.pending
        if b.human_turn() and d is not None:
            b.battle.enter()
            b.send(me.decide(b.battle, d))
    seat = s.remote.seat  # type: ignore[union-attr]
    raise AssertionError(
        f"the battle does not end: {b.battle.pending}, {seat.my_turn}, {seat.state}, {b.human_turn()}, "
        f"{b.display.busy}, {guest.game.my_turn}, {seat.played.pending}"  # type: ignore[union-attr]
    )


def test_a_campaign_with_a_friend_elsewhere_its_orders_and_a_battle_on_the_table(
    window: pygame.Surface, tmp_path: Path
) -> None:
    mod = border_mod(tmp_path)
    host = NetGame.host(Offer("", mods=(mod,), max_rounds=1, campaign="border"), "Anna", LOCAL, 0)
    guest = Machine(NetGame.join(LOCAL, host.port, "Bob", (mod,)))
    s = _war(host, guest, window)
    tabled = None
    try:
        assert s.player_of(next(x for x in s.war.sides if x != host.local)) == "Bob"
        me = s.remote.seat.played.decider("random", host.local, 3)  # type: ignore[union-attr]
        for _ in range(20_000):
            if host.settled and guest.game.settled:
                break
            time.sleep(0.001)
            guest.step()
            s.page = None  # the pages a person reads are closed at once
            frame(s, window)
            if s.wants_table:
                tabled = _table(s, window, guest)
                f = s.war.fought[-1]
                assert [e.to_dict() for e in tabled.battle.events] == [e.to_dict() for e in f.events]
                tabled.close()
            elif (d := s.human_turn()) is not None:
                s.send(me(d))  # as the panel's buttons and the map's clicks give them
        assert host.settled and guest.game.settled and tabled is not None
        assert host.ledger.digests == guest.game.ledger.digests  # type: ignore[union-attr]
        assert any(line.text.startswith("Bob (Allies): ") for line in s.log.lines)
        assert s.war.fought and all(f.result is not None for f in s.war.fought)
        # its save, chosen on the start screen, goes on with Bob over the network: the campaign's lobby
        setup = Setup(mods=[mod], load=host.save(path=tmp_path / "war.json"))
        lobby = lobby_for_save(setup, window.get_size(), Settings())
        assert lobby is not None and lobby.resume is not None and lobby.campaign == "border"
        about = lobby.about.html_text
        assert "Go on with the game with Bob" in about and "The Border" in about
        lobby.close()
        # a plain `play --load` of it goes on here, both sides played on this machine, and says so
        here = open_game(Setup(mods=[mod], load=tmp_path / "war.json"), window.get_size(), Settings())
        assert isinstance(here, CampaignScreen) and here.controllers == {"fr": "human", "al": "human"}
        assert any("was played over the network: it goes on here" in x.text for x in here.log.lines)
        here.close()
    finally:
        s.close()
        guest.game.close()
        if guest.game.played is not None:
            guest.game.played.close()


def test_play_by_file_starts_the_campaign_chosen(window: pygame.Surface, tmp_path: Path) -> None:
    """The lobby's Play by file, on a campaign chosen: turn 0 offers that campaign by its id."""
    mod = border_mod(tmp_path)
    setup = Setup(scenario="border", mods=[mod], campaign="border")
    lobby = Lobby(window.get_size(), setup, "by-file", ENGLISH)
    try:
        assert lobby.begin is not None
        lobby.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lobby.begin))
        assert lobby.written is not None and lobby.written.name == "turn-0000.json"
        identity = read_turn(lobby.written)["offer"]["identity"]
        assert identity["ruleset"]["id"] == "campaign" and identity["scenario"]["id"] == "border"
    finally:
        lobby.close()
