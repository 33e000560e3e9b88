"""The replay viewer: a replay plays by itself, pauses, steps, and seeks to any round both ways,
always standing exactly where the recorded battle stood after the same commands."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli.entry import main
from game.running.match import events_digest, load
from game.running.saves import browse_saves
from game.ui.battle.replay import ReplayViewer


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "r.json"
    assert main(["simulate", "--seed", "9", "--rounds", "3", "--save-replay", str(path)]) == 0
    return path


def test_play_step_and_seek_both_ways(window: pygame.Surface, replay: Path) -> None:
    viewer = ReplayViewer(replay, (), window.get_size())
    total = len(viewer.commands)
    assert viewer.round_at[-1] == 3 and viewer.cursor == 0
    for _ in range(40):  # it plays by itself
        viewer.screen.display.skip()
        viewer.update(1.0)
        viewer.draw(window)
    assert 0 < viewer.cursor == len(viewer.screen.match.commands)
    second = viewer.round_start(2)
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert viewer.cursor == total and not viewer.playing
    full = load(replay)
    assert events_digest(viewer.screen.battle) == events_digest(full.battle)
    full.battle.close()
    viewer.seek(second)  # backwards, to the start of round 2
    assert viewer.round_now() == 2 and len(viewer.screen.match.commands) == second
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    assert viewer.cursor == viewer.round_start(1)
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert viewer.cursor == viewer.round_start(1) + 1
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    assert viewer.cursor == viewer.round_start(1)
    viewer.draw(window)
    bar = viewer._bar()
    viewer.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.right - 1, bar.centery), button=1))
    assert viewer.cursor >= total - 2  # a click near the bar's end seeks near the end
    assert viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")) == "end"
    viewer.close()


def test_seeking_across_a_whole_battle(window: pygame.Surface, tmp_path: Path) -> None:
    """A 12-round battle: to its end, then back to the start of round 6."""
    path = tmp_path / "long.json"
    assert main(["simulate", "--seed", "2", "--save-replay", str(path)]) == 0
    viewer = ReplayViewer(path, (), window.get_size())
    viewer.seek(len(viewer.commands))
    assert viewer.screen.battle.pending is None  # the battle's end
    viewer.seek(viewer.round_start(6))
    assert viewer.round_now() == 6 and viewer.screen.battle.pending is not None
    viewer.close()


def test_play_replay_from_the_command_line(replay: Path, tmp_path: Path) -> None:
    shot = tmp_path / "replay.png"
    assert main(["play", "--replay", str(replay), "--demo", "--frames", "20", "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 0
    assert main(["play", "--replay", str(tmp_path / "missing.json"), "--demo", "--frames", "2"]) == 2


def test_tab_shows_the_whole_battle_in_figures(window: pygame.Surface, replay: Path) -> None:
    from game.running.stats import figures

    viewer = ReplayViewer(replay, (), window.get_size())
    m = load(replay)
    whole = figures(m).to_json()
    m.battle.close()
    assert viewer.figures.to_json() == whole  # the file's, wherever the viewer stands
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert viewer.showing_figures and viewer.cursor == 0
    viewer.draw(window)
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert not viewer.showing_figures
    viewer.close()


def test_the_viewer_speaks_the_players_language_after_a_seek(window: pygame.Surface, replay: Path) -> None:
    from game.running.settings import Settings

    viewer = ReplayViewer(replay, (), window.get_size(), Settings(language="es"))
    assert viewer.screen.t.language == "es"
    viewer.seek(len(viewer.commands) // 2)  # a new battle screen: the same settings
    assert viewer.screen.t.language == "es" and viewer.screen.settings is viewer.settings
    viewer.close()


def test_watching_a_replay_writes_no_autosave(window: pygame.Surface, replay: Path) -> None:
    """Session 12: each round a replay reached was autosaved ("Guardado automático" in its log), and
    those rotated the player's own autosaves of the scenario out of the saves folder."""
    viewer = ReplayViewer(replay, (), window.get_size())
    for _ in range(60):
        viewer.screen.display.skip()
        viewer.update(1.0)
    assert viewer.round_now() >= 2  # new rounds were reached
    assert browse_saves() == []
    viewer.close()


def test_the_why_box_of_a_replay_says_a_replay_keeps_no_reasons(window: pygame.Surface, replay: Path) -> None:
    """W in a replay: the file keeps the generals' orders, not their reasons. The box said "No reasons
    yet: only the search generals give them", as if the general had been a simple one."""
    from game.content.locale import Texts
    from tests.ui.tour import recording

    for language in ("en", "es"):
        from game.running.settings import Settings

        viewer = ReplayViewer(replay, (), window.get_size(), Settings(language=language))
        viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
        with recording() as seen:
            viewer.draw(window)
        t = Texts(language)
        said = " ".join(seen)  # the box wraps its words
        assert t("why_replay") in said and t("why_none") not in said
        assert t("why_close") in seen and t("why_hint") not in seen  # no decisions to page through
        viewer.close()


def test_the_replay_strip_covers_none_of_the_table(window: pygame.Surface, replay: Path) -> None:
    """The strip (where the replay stands, its keys, the progress bar) lay over the table's top: a new
    round's banner ("Round 3: reinforcements"), drawn there, was half hidden under it, and so were the
    pieces at the table's far edge. It has its own room now, over the table, in both languages."""
    from game.running.settings import Settings

    for language in ("en", "es"):
        viewer = ReplayViewer(replay, (), window.get_size(), Settings(language=language))
        for seek in (0, len(viewer.commands) // 2, len(viewer.commands)):
            viewer.seek(seek)
            viewer.draw(window)
            view = pygame.Rect(viewer.screen.camera.view)
            assert viewer._bar().bottom + 8 <= view.top  # the banner stands at view.top + 40
            assert len(viewer._words()) * 22 < view.top - viewer.screen.top_bar  # its words, whole
        viewer.close()


def test_esc_over_the_figures_goes_back_to_the_replay(window: pygame.Surface, replay: Path) -> None:
    """Tab shows the figures; Esc over them left the whole replay (the figures elsewhere say "Esc:
    back"), and their hint said "Tab: statistics / score", the end screen's. Esc, Tab or a click puts
    them away, the replay standing where it was; Esc then leaves."""
    from game.content.locale import Texts
    from tests.ui.tour import recording

    viewer = ReplayViewer(replay, (), window.get_size())
    viewer.seek(10)
    for leave in (
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1),
    ):
        viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
        with recording() as drawn:
            viewer.draw(window)
        assert Texts("en")("replay_figures_hint") in drawn
        assert viewer.handle(leave) is None and not viewer.showing_figures and viewer.cursor == 10
    assert viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")) == "end"
    viewer.close()


def test_esc_over_the_why_box_or_the_help_puts_it_away_before_leaving(
    window: pygame.Surface, replay: Path
) -> None:
    """Session 25: Esc with the why? box open left the replay viewer at once; in a battle it closes the
    box (or the F1 help) first. So it does here; the next Esc leaves."""
    viewer = ReplayViewer(replay, (), window.get_size())
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
    assert viewer.screen.why
    assert viewer.handle(esc) is None and not viewer.screen.why
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    assert viewer.screen.help
    assert viewer.handle(esc) is None and not viewer.screen.help
    assert viewer.handle(esc) == "end"
    viewer.close()


def test_the_replay_panel_offers_no_undo_and_space_is_not_skip(window: pygame.Surface, replay: Path) -> None:
    """The viewer's panel showed Undo (Ctrl+Z), never usable there, and "Skip animation (Space)" while
    its strip said, rightly, that Space plays and pauses."""
    from game.running.settings import Settings

    for language in ("en", "es"):
        viewer = ReplayViewer(replay, (), window.get_size(), Settings(language=language))
        viewer.draw(window)
        shown = {b.key: b.label for _r, b in viewer.screen.buttons}
        assert "undo" not in shown and shown["skip"] == viewer.screen.t("skip_replay")
        assert "(" not in shown["skip"]
        viewer.close()


def test_a_seek_after_the_window_is_resized_keeps_the_new_size(window: pygame.Surface, replay: Path) -> None:
    """The window made larger by hand, then a step back: the battle screen the seek builds was laid
    out at the old size (the panel in the middle of the window)."""
    viewer = ReplayViewer(replay, (), (1280, 720))
    viewer.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800))
    viewer.seek(5)
    viewer.draw(window)
    assert viewer.screen.size == (1280, 800) and viewer.screen.panel.bottom == 800
    viewer.close()
