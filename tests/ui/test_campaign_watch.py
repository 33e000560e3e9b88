"""Issue 36: a campaign's save in the start screen's saves browser, its Figures and Watch (they said an
error: the battle's viewer read the file): the war's figures over its end, and the war watched again
from its start, command by command, each battle's report on the way (game/ui/campaign/watch.py)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ai.players import campaign_player
from game.content.mods import load_mods
from game.running.campaign_match import events_digest, new_campaign, play
from game.running.campaign_saves import save_campaign
from game.running.settings import Settings
from game.ui.campaign.watch import WarWatch
from game.ui.opening import watch
from game.ui.start.screen import Setup, StartScreen
from tests.ui.campaign_driver import border_mod, press


def _saved_war(folder: Path) -> tuple[Path, Path, str, int]:
    """A war of the tests' small campaign played to its end and saved: its mod, its save, its events'
    digest and its battles."""
    mod = border_mod(folder)
    m = new_campaign("border", 3, load_mods([mod]), max_turns=4)
    try:
        play(m, {s: campaign_player("easy", s, 3 + i, "auto") for i, s in enumerate(m.war.sides)})
        path = save_campaign(m, {"fr": "heuristic", "al": "heuristic"})
        return mod, path, events_digest(m.war), len(m.war.fought)
    finally:
        m.war.close()


def _browser_button(start: StartScreen, surf: pygame.Surface, path: Path, key: str) -> str | None:
    """The save chosen in the start screen's browser, and its button `key` clicked."""
    start.handle(pygame.event.Event(pygame.USEREVENT))  # nothing: the page as it stands
    from game.ui.widgets.load_list import save_browser, scenario_words

    start.saves = save_browser(start.t, scenario_words(start.rules, start.t.language), figures=True)
    start.saves.selected = next(i for i, s in enumerate(start.saves.saves) if s.path == path)
    start.draw(surf)
    rect = next(r for r, k in start.saves.buttons if k == key)
    start.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    return start.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))


def test_a_campaign_saves_figures_open_the_wars_figures_over_its_end(
    window: pygame.Surface, tmp_path: Path
) -> None:
    mod, path, digest, _battles = _saved_war(tmp_path)
    setup = Setup(mods=[mod])
    start = StartScreen(window.get_size(), setup)
    assert _browser_button(start, window, path, "figures") == "war-figures"
    assert setup.replay == path and start.problem_label.text == ""
    shown = WarWatch(path, tuple(load_mods([mod])), window.get_size(), Settings(), figures=True)
    try:
        assert shown.page == "figures" and events_digest(shown.war) == digest
        shown.draw(window)
        shown.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
        assert shown.page is None and shown.ended  # the end that tells the war, under its figures
        esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
        assert shown.handle(esc) == "end"  # back to the start screen
    finally:
        shown.close()


def test_a_campaign_save_watched_plays_the_war_again_to_the_same_end(
    window: pygame.Surface, tmp_path: Path
) -> None:
    mod, path, digest, battles = _saved_war(tmp_path)
    setup = Setup(mods=[mod])
    start = StartScreen(window.get_size(), setup)
    assert _browser_button(start, window, path, "watch") == "watch" and setup.replay == path
    shown = watch(path, tuple(load_mods([mod])), window.get_size(), Settings())
    assert isinstance(shown, WarWatch)
    try:
        assert shown.war.turn == 1 and not shown.war.fought  # from its start
        reports = 0
        for _ in range(5000):
            if shown.page in ("report", "event"):
                reports += shown.page == "report"
                press(shown, window, "close")
            shown.update(1.0)  # a second a frame: the war's next command each frame
            if shown.ended:
                break
        assert shown.ended and shown.cursor == len(shown.commands)
        assert events_digest(shown.war) == digest and reports == battles > 0
        assert not shown.wants_table and not shown.save()  # a war watched is neither fought nor kept
    finally:
        shown.close()
