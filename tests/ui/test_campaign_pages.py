"""The campaign screen's pages in both languages and at both sizes (the battle before it is fought, the
report after it, an army's page with a service record, the calendar's events, the figures, the end
that tells the war), a screen that rests, a stopping signal that keeps the war, a save the browser
lists by its turn, and `play --campaign` refusing what is no campaign in one line."""

from __future__ import annotations

import signal
from pathlib import Path

import pygame
import pytest

from game.cli.entry import main
from game.content.mods import load_mods
from game.running.campaign_match import new_campaign
from game.running.campaign_saves import load_campaign_save
from game.running.saves import browse_saves
from game.running.settings import Settings
from game.ui.campaign.figures import battles, brigade_sides, losses, strength_by_turn
from game.ui.campaign.screen import CampaignScreen
from game.ui.playing.war_play import WarPlay
from game.ui.stopping import Stopping
from systems.campaign.commands import March
from tests.campaign_helpers import BORDER, finish, notes, until
from tests.ui.campaign_driver import border_mod, frame, open_war, press, until_human

ENGLISH = ("battle", "brigades", "hits", "the war", "Continue", "Withdraw")  # never in the Spanish pages


def shown_words(s: CampaignScreen, surf: pygame.Surface) -> str:
    """What the screen's pages and panel say, as their own functions word it (drawn first)."""
    s.draw(surf)
    lines = [ch.label for _r, ch in [*s.page_buttons, *s.buttons]]
    d = s.human_turn()
    if d is not None:
        lines += [s.prompt(d), s.guide(d)]
    return " | ".join(lines)


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_page_draws_in_both_languages_at_both_sizes(language: str) -> None:
    pygame.init()
    try:
        for size in ((1280, 720), (1920, 1080)):
            surf = pygame.display.set_mode(size)
            s = open_war(surf, al="heuristic", language=language)
            try:
                frame(s, surf)
                assert s.page == "event" or s.war.turn == 1
                until_human(s, surf, "camp_move")
                a = s.war.armies_of("fr")[0]
                s.army, s.page = a.id, "army"
                s.draw(surf)
                s.record = a.divisions[0].brigades[0].id
                s.draw(surf)  # its service record beside the army (CAMP-DEC-19)
                assert s.page_rows and any(ident == s.record for _r, ident in s.page_rows)
                s.page = "figures"
                s.draw(surf)
                s.page, s.army = None, None
                press(s, surf, f"army:{a.id}")
                click_on = s.map.marker(s.war.armies_of("al")[0].location).center
                s.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_on, button=1))
                until_human(s, surf, "camp_resolve")
                said = shown_words(s, surf)
                if language == "es":
                    assert "Librarla en la mesa" in said and not any(w in said for w in ENGLISH), said
                else:
                    assert "Fight it on the table" in said
                press(s, surf, "resolve")
                for _ in range(300):
                    frame(s, surf)
                    if s.page == "report":
                        break
                    if s.human_turn() is not None and s.war.pending.kind == "camp_retreat":
                        press(s, surf, "retreat")
                assert s.page == "report"
                said = shown_words(s, surf)
                assert ("Ver la batalla" if language == "es" else "Watch the battle") in said
            finally:
                s.close()
    finally:
        pygame.quit()


def test_the_end_tells_the_war_and_the_figures_count_it(window: pygame.Surface) -> None:
    m = new_campaign(str(BORDER), 2)
    finish(m)
    w = m.war
    sides = brigade_sides(w)
    assert set(w.roster) <= set(sides)  # every brigade that served, by the side it served
    lost = losses(w)
    gone = sum(1 for b in w.roster.values() if any(x.kind == "lost" for x in b.record))
    assert sum(sum(c.values()) for c in lost.values()) == gone
    series = strength_by_turn(w)
    assert all(len(v) == w.turn + 1 for v in series.values())
    assert {s: v[-1] for s, v in series.items()} == {
        s: sum(a.size() for a in w.armies_of(s)) + sum(len(g.brigades) for g in w.garrisons if g.side == s)
        for s in w.sides
    }  # now: the brigades in the field and in garrisons
    assert [r.number for r in battles(w)] == [f.number for f in w.fought]
    s = CampaignScreen(WarPlay.start(m, {"fr": "human", "al": "human"}), window.get_size(), Settings())
    try:
        s.reported = len(w.fought)
        assert s.ended
        s.draw(window)
        assert [ch.key for _r, ch in s.page_buttons] == ["end"]
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        assert s.handle(key) == "end"  # back to the start screen
    finally:
        s.close()


def test_the_campaign_screen_rests_while_a_person_thinks(window: pygame.Surface) -> None:
    s = open_war(window, al="heuristic")
    try:
        until_human(s, window, "camp_orders")
        frame(s, window)
        stamp = s.stamp()
        for _ in range(5):
            s.update(0.1)
        assert s.pace() is None and s.stamp() == stamp  # nothing to draw again: the window rests
    finally:
        s.close()


def test_a_stopping_signal_keeps_the_whole_war(window: pygame.Surface, tmp_path: Path) -> None:
    mod = border_mod(tmp_path)
    s = open_war(window, al="heuristic", mod=mod)
    try:
        until_human(s, window, "camp_move")
        stop = Stopping()
        stop.signal = signal.SIGTERM
        path = stop.save(s)
        assert path is not None and path.name.startswith("autosave-border-")
        m, players = load_campaign_save(path, tuple(load_mods([mod])))
        assert m.war.pending == s.war.pending and players == s.controllers
        m.war.close()
        listed = next(x for x in browse_saves() if x.path == path)
        assert listed.scenario == "border" and listed.round == s.war.turn
    finally:
        s.close()


def test_play_campaign_refuses_what_is_no_campaign_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--campaign", "no-such-war"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no-such-war" in err[0]


def test_a_retreat_is_chosen_by_a_click_on_the_map(window: pygame.Surface) -> None:
    """CAMP-DEC-13: the beaten army's side clicks one of the lit places."""
    m = new_campaign(str(BORDER), 2)
    until(m, "camp_move", "al")
    m.apply(March("al-army", ("east-field", "bridge")))
    until(m, "camp_move", "fr")
    m.apply(March("fr-army", ("west-field", "bridge")))  # the armies meet at the Bridge
    d = until(m, "camp_retreat")
    s = CampaignScreen(WarPlay.start(m, dict.fromkeys(m.war.sides, "human")), window.get_size(), Settings())
    try:
        assert s.human_turn() == d
        s.draw(window)
        to = d.options[-1]
        s.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=s.map.marker(to).center, button=1))
        said = notes(s.war, "camp_retreat")
        assert said and said[-1]["details"]["to"] == to
    finally:
        s.close()
