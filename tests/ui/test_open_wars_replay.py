"""The Open Wars replay viewer (issue 37, item 5): a replay of a game plays by itself, pauses, steps and
seeks to any command or turn both ways, always standing where the recorded game stood after the same
commands; its strip (in turns) covers none of the map; the log of the game so far; Tab its figures; a
save of the game is watched the same way from the start screen's window (app.watch)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli.entry import main
from game.running.match import events_digest, load
from game.running.settings import Settings
from game.ui.open_wars.replay import OpenWarsReplay
from game.ui.opening import watch


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ow-replay") / "r.json"
    assert (
        main(["simulate", "--scenario", "ow-burning-sands", "--seed", "4", "--save-replay", str(path)]) == 0
    )
    return path


def test_an_open_wars_replay_plays_steps_and_seeks_both_ways(window: pygame.Surface, replay: Path) -> None:
    viewer = watch(replay, (), window.get_size(), Settings())
    assert isinstance(viewer, OpenWarsReplay)
    total = len(viewer.commands)
    assert viewer.round_at[-1] >= 2 and viewer.cursor == 0
    for _ in range(20):  # it plays by itself
        viewer.update(1.0)
        viewer.draw(window)
    assert 0 < viewer.cursor == len(viewer.screen.match.commands)
    viewer.handle(key(pygame.K_SPACE))
    assert not viewer.playing
    at = viewer.cursor
    viewer.update(5.0)
    assert viewer.cursor == at  # paused
    viewer.handle(key(pygame.K_END))
    full = load(replay)
    assert viewer.cursor == total and events_digest(viewer.screen.campaign) == events_digest(full.battle)
    full.battle.close()
    second = viewer.round_start(2)
    viewer.handle(key(pygame.K_PAGEUP))  # back a turn from the last
    assert viewer.cursor == viewer.round_start(viewer.round_at[-1] - 1)
    viewer.seek(second)
    assert viewer.round_now() == 2 and len(viewer.screen.match.commands) == second
    viewer.handle(key(pygame.K_RIGHT))
    viewer.handle(key(pygame.K_RIGHT))
    viewer.handle(key(pygame.K_LEFT))
    assert viewer.cursor == second + 1
    viewer.handle(key(pygame.K_HOME))
    assert viewer.cursor == 0 and viewer.round_now() <= 1
    viewer.draw(window)
    bar = viewer.bar()
    viewer.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.right - 1, bar.centery), button=1))
    assert viewer.cursor >= total - 2  # a click near the bar's end seeks near the end
    assert viewer.handle(key(pygame.K_RETURN)) is None and viewer.cursor >= total - 2  # sends nothing
    assert viewer.handle(key(pygame.K_ESCAPE)) == "end"
    viewer.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_strip_covers_none_of_the_map_and_speaks_of_turns(
    window720: pygame.Surface, replay: Path, language: str
) -> None:
    viewer = OpenWarsReplay(replay, (), window720.get_size(), Settings(language=language))
    for seek in (0, len(viewer.commands) // 2, len(viewer.commands)):
        viewer.seek(seek)
        viewer.draw(window720)
        area = viewer.screen.area
        cards = list(viewer.screen.view.cards.values())
        assert viewer.bar().bottom <= area.top and all(r.top >= area.top for r in cards)
        said = viewer.words(viewer.screen.t, viewer.strip_area().w, "ow_replay_strip")
        assert (" turn " if language == "en" else " turno ") in " ".join(said)
        assert len(said) * 22 <= viewer.strip_area().h
    assert viewer.screen.log.lines  # the game's log so far, in the panel
    viewer.close()


def test_tab_shows_the_whole_files_figures_and_esc_puts_them_away(
    window: pygame.Surface, replay: Path
) -> None:
    viewer = OpenWarsReplay(replay, (), window.get_size())
    viewer.seek(5)
    viewer.handle(key(pygame.K_TAB))
    assert viewer.showing_figures and viewer.figures.rounds == viewer.round_at[-1]
    viewer.draw(window)
    assert viewer.handle(key(pygame.K_ESCAPE)) is None and not viewer.showing_figures
    assert viewer.cursor == 5
    viewer.close()
