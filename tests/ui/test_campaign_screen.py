"""Issue 36's window: a campaign begun from the start screen, its orders and marches given by clicks
(the same commands the computer players send), a battle fought on the table on the battle screen
and the campaign taken up again with its result, a battle resolved by the generals and watched in
the replay viewer, saved and loaded (CAMP-DEC-1, CAMP-DEC-10)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.ai.players import make_player
from game.running.campaign_battles import table_match
from game.running.campaign_match import events_digest
from game.running.saves import browse_saves
from game.running.settings import Settings
from game.ui.battle.replay import ReplayViewer
from game.ui.campaign.screen import CampaignScreen
from game.ui.campaign.words import record_line, when
from game.ui.opening import open_game, switch_to_save, table_screen, watched_battle
from game.ui.start.screen import Setup, StartScreen
from systems.campaign.commands import Detach, March, Muster, Recruit
from tests.campaign_helpers import notes
from tests.ui.campaign_driver import (
    border_mod,
    click,
    fight_on_the_table,
    frame,
    march_on_the_enemy,
    open_war,
    press,
    until_human,
)


def test_the_start_screen_lists_the_campaign_with_its_sides_seats_and_begins_it(
    window: pygame.Surface,
) -> None:
    setup = Setup()
    start = StartScreen(window.get_size(), setup)
    name = next(n for n, mode in start.modes.items() if mode == "campaign")
    assert name == "The Peninsular War, 1808-1812 (Campaign)"
    start.scenario.selected_option = (name, name)
    start.handle(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=start.scenario, text=name)
    )
    assert (start.label_a.text, start.label_b.text) == ("French", "Allies")  # its sides' seats
    assert start.start.text == "Begin the campaign"
    assert start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.start)) == "start"
    assert setup.campaign == "peninsular" and (setup.a, setup.b) == ("human", "normal")
    screen = open_game(setup, window.get_size(), Settings())
    try:
        assert isinstance(screen, CampaignScreen)
        assert screen.controllers == {"fr": "human", "al": "normal"}
        assert screen.war.theatre.id == "peninsular" and screen.war.turn == 1
        frame(screen, window)
        assert screen.page == "event"  # the Dos de Mayo, told as it happens (CAMP-DEC-21)
        assert "Dos de Mayo" in screen.narrate(screen.told[0])
    finally:
        screen.close()


def test_CAMP_DEC_21_the_news_of_the_war_is_coloured_by_whose_it_is(window: pygame.Surface) -> None:
    """CAMP-DEC-21: the Dos de Mayo's effects (the Allies take León and more, and gain gold) are bad news
    for a French player here, red, and good for an Allied one, green; plain when a player here plays
    both sides, or none. An army called away is bad news for its own side."""
    from game.ui import theme
    from game.ui.campaign.sheets import news_colour

    peninsular = Path(__file__).resolve().parents[2] / "content/campaigns/peninsular.toml"
    s = open_war(window, "human", "normal", path=peninsular)
    try:
        frame(s, window)
        assert s.page == "event"
        effects = [e.details for e in s.told if e.details and e.details.get("side")]
    finally:
        s.close()
    assert {d["say"] for d in effects} == {"camp_event_control", "camp_event_gold"}
    assert {d["side"] for d in effects} == {"al"}
    effects.append({"say": "camp_event_withdraw", "side": "fr"})  # and a French army called away
    seen = {}
    for fr, al in (("human", "normal"), ("normal", "human"), ("human", "human"), ("normal", "normal")):
        s = open_war(window, fr, al, path=peninsular)
        try:
            seen[fr, al] = [news_colour(s, d) for d in effects]
        finally:
            s.close()
    assert seen == {  # the Allies' gains, then a French army called away
        ("human", "normal"): [theme.BAD] * len(effects),
        ("normal", "human"): [theme.GOOD] * len(effects),
        ("human", "human"): [theme.TEXT] * len(effects),
        ("normal", "normal"): [theme.TEXT] * len(effects),
    }


def test_orders_and_a_march_given_by_clicks_are_the_wars_commands(window: pygame.Surface) -> None:
    s = open_war(window)
    try:
        until_human(s, window, "camp_orders")
        side = s.war.pending.side
        city = next(loc for loc in s.war.cities(side) if s.war.places[loc].raises)
        gold = s.war.purses[side].gold
        click(s, window, s.map.marker(city).center)
        assert s.picked == city
        press(s, window, "recruit:LnInf")
        raised = notes(s.war, "camp_recruit")
        assert raised and raised[-1]["details"]["location"] == city
        assert isinstance(s.play.campaign.commands[-1], Recruit)  # the one path: a command, recorded
        assert s.war.purses[side].gold < gold
        s.draw(window)  # the city has raised its brigade: its button back to the other cities with orders
        assert [ch.key for _r, ch in s.buttons][-2:] == ["cancel", "pass"]
        press(s, window, "cancel")
        s.draw(window)
        assert s.picked is None and "cancel" not in [ch.key for _r, ch in s.buttons]
        until_human(s, window, "camp_move")
        side = s.war.pending.side
        a = next(a for a in s.war.armies_of(side) if a.id in s.war.pending.options)
        chip = next(r for r, x in s.map.chips if x is a)
        click(s, window, chip.center)
        where = s.paths()
        assert where and s.army == a.id  # each place in reach with its path and movement (CAMP-DEC-3)
        to = next(iter(sorted(where, key=lambda loc: -where[loc][1])))
        click(s, window, s.map.marker(to).center)
        assert s.play.campaign.commands[-1] == March(a.id, where[to][0])
        assert a.location == to and a.moved
    finally:
        s.close()


def to_battle(s: CampaignScreen, surf: pygame.Surface) -> None:
    """The French (played here) march on the allied army: the battle's page asks them to fight it on
    the table or let the generals resolve it."""
    march_on_the_enemy(s, surf)
    assert s.prospect() is not None and s.page is None  # the battle's page, its odds (CAMP-DEC-24)


def test_a_battle_fought_on_the_table_and_the_campaign_resumed_with_its_result(
    window: pygame.Surface,
) -> None:
    s = open_war(window, al="heuristic")
    try:
        to_battle(s, window)
        fight_on_the_table(s, window)
        assert s.wants_table and s.war.fought[-1].resolved == "table"  # CAMP-DEC-10
        b = table_screen(s, window.get_size(), Settings())
        me = make_player("heuristic", "fr", 3)
        for _ in range(3000):
            d = b.battle.pending
            if d is None:
                break
            if d.side == "fr":  # the player's orders, through the battle screen's own way
                b.send(me.decide(b.battle, d))
            else:
                b.ai.wait_for_answer(30)
                b.update(0.05)
            b.display.skip()
        f = s.war.fought[-1]
        assert b.over and f.result is not None  # the war has the battle's result
        assert [e.to_dict() for e in b.battle.events] == [e.to_dict() for e in f.events]  # the same battle
        b.close()  # back to the campaign's screen, which tells what the battle carried on
        for _ in range(50):
            frame(s, window)
            if s.page == "report":
                break
            if s.human_turn() is not None and s.war.pending.kind == "camp_retreat":
                press(s, window, "retreat")
        assert s.page == "report" and s.report_of == f.number
        assert f.lost and f.after  # its losses carried on (CAMP-DEC-12)
    finally:
        s.close()


def test_a_battle_resolved_by_the_generals_and_watched_in_the_replay_viewer(window: pygame.Surface) -> None:
    s = open_war(window, al="heuristic")
    try:
        to_battle(s, window)
        press(s, window, "resolve")
        for _ in range(400):
            frame(s, window)
            if s.page == "report":
                break
            if s.human_turn() is not None and s.war.pending.kind == "camp_retreat":
                press(s, window, "retreat")
        f = s.war.fought[-1]
        assert s.page == "report" and f.resolved == "auto" and f.result is not None
        assert press(s, window, "watch") == "watch"
        viewer = watched_battle(s, window.get_size(), Settings())
        try:
            assert isinstance(viewer, ReplayViewer) and viewer.commands == f.commands
        finally:
            viewer.close()
        again = table_match(s.play.campaign, f)  # the same battle, built again from its setup and seed
        assert [e.to_dict() for e in again.battle.events] == [e.to_dict() for e in f.events]
        again.battle.close()
    finally:
        s.close()


def test_ctrl_s_saves_the_campaign_and_the_save_opens_where_it_stood(
    window: pygame.Surface, tmp_path: Path
) -> None:
    mod = border_mod(tmp_path)
    s = open_war(window, al="heuristic", mod=mod)
    try:
        until_human(s, window, "camp_move")
        s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode=""))
        digest = events_digest(s.war)
        saved = [x for x in browse_saves() if x.scenario == "border" and not x.autosave]
        assert len(saved) == 1 and saved[0].round == s.war.turn
        assert saved[0].players == {"fr": "human", "al": "heuristic"}
        again = open_game(Setup(load=saved[0].path, mods=[mod]), window.get_size(), Settings())
        try:
            assert isinstance(again, CampaignScreen)
            assert events_digest(again.war) == events_digest(s.war)
            assert again.war.pending == s.war.pending and again.controllers == s.controllers
        finally:
            again.close()
        press(s, window, "pass")  # the war goes on; the save chosen in its menu opens in its place
        s.to_load = saved[0].path
        switched = switch_to_save(s, Setup(mods=[mod]), window.get_size(), Settings())
        assert isinstance(switched, CampaignScreen) and switched is not s
        assert events_digest(switched.war) == digest
        s = switched
    finally:
        s.close()


def test_a_garrison_is_left_and_taken_back_on_the_armys_page(window: pygame.Surface) -> None:
    """CAMP-DEC-6, CAMP-DEC-19: the army's page gives each brigade its order; a click on a brigade
    shows its service record, which says it."""
    s = open_war(window)
    try:
        until_human(s, window, "camp_orders")
        if s.war.pending.side != "fr":
            press(s, window, "pass")
            until_human(s, window, "camp_orders")
        a = s.war.armies_of("fr")[0]
        click(s, window, next(r for r, x in s.map.chips if x is a).center)
        press(s, window, "page")
        assert s.page == "army"
        s.draw(window)  # its lines, as the player sees them
        unit = a.divisions[0].brigades[-1].id
        row = next(r for r, ident in s.page_rows if ident == unit)
        click(s, window, row.center)
        assert s.record == unit
        press(s, window, f"order:{unit}")
        assert s.war.garrison_at(a.location) is not None  # left to hold the place
        assert s.play.campaign.commands[-1] == Detach(a.id, unit)
        press(s, window, f"order:{unit}")  # and taken back into the army
        assert s.play.campaign.commands[-1] == Muster(a.id, unit)
        assert any(b.id == unit for b in a.brigades())
        said = [record_line(s.n, x) for x in s.war.roster[unit].record]
        assert said[-2:] == [
            f"{when(s.n, s.war.turn)}: left to garrison {s.n.place(a.location)}",
            f"{when(s.n, s.war.turn)}: taken from the garrison of {s.n.place(a.location)}",
        ]
    finally:
        s.close()
