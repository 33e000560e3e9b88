"""The window: the start screen (game/ui/start/screen.py), the battle, map or campaign chosen there, the
end screen (game/ui/battle/end_screen.py), and back; a campaign's battles fought on the table on the
battle screen and watched in the replay viewer, the campaign's screen taken up again after them; the
frame loop that runs whichever is shown (what each is opened from: game/ui/opening.py)."""

from __future__ import annotations

import dataclasses
import io
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.content.files import write_text
from game.content.locale import Texts
from game.content.mods import load_mods
from game.editing.problem_words import refusal_said
from game.model.errors import EXIT_BAD_INPUT, UserError
from game.running.settings import Settings, fitted_window, load_settings
from game.ui import pacing
from game.ui.battle.end_screen import EndScreen
from game.ui.battle.screen import BattleScreen
from game.ui.battle.tutorial import TutorialScreen
from game.ui.campaign.screen import CampaignScreen
from game.ui.campaign.watch import WarWatch
from game.ui.editor.screen import EditorScreen
from game.ui.opening import (
    Screen,
    lobby_for_save,
    open_editor,
    open_game,
    open_remote,
    open_tried,
    start_screen,
    switch_to_save,
    table_screen,
    watch,
    watched_battle,
)
from game.ui.pacing import FPS, Pacer
from game.ui.playing.replaying import Replaying
from game.ui.sound import Sounds, quiet_audio
from game.ui.start.lobby import Lobby
from game.ui.start.screen import StartScreen
from game.ui.start.setup import Setup, recalled
from game.ui.stopping import Stopping
from game.ui.widgets.load_list import not_loaded

SIZE = Settings.window  # the window before the player has chosen one


def open_window(settings: Settings) -> pygame.Surface:
    """The window as the settings say: the whole screen, or a window of their size that the screen
    holds (which the player may resize)."""
    if settings.fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    size = fitted_window(settings.window, pygame.display.get_desktop_sizes())
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def run(
    setup: Setup,
    demo: Sequence[str] | None = None,
    demo_frames: int | None = None,
    screenshot: Path | None = None,
    demo_rounds: int | None = None,
) -> int:
    """The window's loop. With demo (the computer player of each seat): that AI battle at once, watched
    to its end (then the start screen), or to the end of round `demo_rounds`; with demo_frames too,
    only that many frames, the last one saved to `screenshot`."""
    stop = Stopping().start()  # before pygame: SIGTERM and SIGHUP save the battle and end (stopping.py)
    with quiet_audio():  # without an audio device the mixer stays off, silent and quiet (game/ui/sound.py)
        pygame.init()
    pygame.display.set_caption("For Glory")
    settings, problems = load_settings()
    if setup.language is not None:
        settings.language = setup.language
    surf = open_window(settings)
    if setup.recall and demo is None:  # the start screen's choices of the last session (none given)
        recalled(setup, settings)
    start: StartScreen | None = None
    battle: Screen | Replaying | None = None
    war: CampaignScreen | None = None  # a campaign: its screen, under the battle it fights or shows
    editor: EditorScreen | None = None  # the editor, shown, or waiting while its battle is tried
    lobby: Lobby | None = None  # a game with a friend elsewhere, before it begins
    if setup.seat is not None and setup.seat.played is not None:  # a turn file opened (by-file open)
        opened, setup.seat = open_remote(setup.seat, surf.get_size(), settings), None
        if isinstance(opened, CampaignScreen):
            war = opened
        else:
            battle = opened
    elif setup.elsewhere is not None:  # play --host / --join
        lobby = Lobby(surf.get_size(), setup, setup.elsewhere, Texts(settings.language), setup.seat)
        setup.seat = None
    elif setup.replay is not None:
        viewer = watch(setup.replay, tuple(load_mods(setup.mods)), surf.get_size(), settings)
        war, battle = (viewer, None) if isinstance(viewer, CampaignScreen) else (None, viewer)
    elif demo is not None or setup.load is not None or setup.campaign is not None:
        # the demo's generals play this battle only: the start screen after it keeps the player's choices
        watched = (
            setup
            if demo is None
            else dataclasses.replace(setup, a=demo[0], b=demo[1], seats=list(demo[2:]), rounds=demo_rounds)
        )
        opened = open_game(watched, surf.get_size(), settings)
        setup.load = watched.load
        if isinstance(opened, CampaignScreen):
            war = opened
            if demo is not None:
                war.speed_index = 3
        else:
            battle = opened
            if demo is not None:
                battle.speed_index = 3
                if isinstance(battle, BattleScreen):
                    battle.display.speed = 4.0
    elif setup.edit is not None:
        editor = open_editor(setup, surf.get_size(), settings)
    else:
        start = start_screen(surf.get_size(), setup, settings, "; ".join(problems))
    try:
        code = _loop(setup, surf, start, lobby, battle, editor, settings, stop, demo_frames, screenshot, war)
    finally:
        pygame.quit()
        stop.close()
        try:
            settings.save()
        except UserError as e:  # the game still closes; the player is told why nothing was kept
            print(f"error: {e}", file=sys.stderr)
            code = EXIT_BAD_INPUT
    return code


def _loop(
    setup: Setup,
    surf: pygame.Surface,
    start: StartScreen | None,
    lobby: Lobby | None,
    battle: Screen | Replaying | None,
    editor: EditorScreen | None,
    settings: Settings,
    stop: Stopping,
    demo_frames: int | None,
    screenshot: Path | None,
    war: CampaignScreen | None = None,
) -> int:
    """The frames until the player quits (or the demo's frames are done, or a signal came); 0. `war`:
    a campaign's screen, shown when no battle of it is (fought on the table, or watched)."""
    clock = pygame.time.Clock()
    pacer = Pacer(always=demo_frames is not None)  # a still picture is drawn once (game/ui/pacing.py)
    shown: list[object] = []  # the screen shown, in its parts
    end: EndScreen | None = None
    frames = 0
    music = Sounds(volume=settings.sound, music=settings.music)
    try:
        while True:
            music.music_volume = settings.music  # the battle's settings menu may have changed it
            music.music(start is not None)
            came = pacing.events(pacer.wait(time.monotonic()))  # resting: waits for one, or a tick
            dt = clock.tick(FPS) / 1000.0 if demo_frames is None else 1 / FPS
            if stop.signal is not None:
                stop.save(battle.screen if isinstance(battle, TutorialScreen) else battle or war)
                return 0
            pacer.saw(time.monotonic(), came)
            for ev in came:
                playing = battle or war
                asked = ev.type == pygame.QUIT and (playing is None or playing.ask_quit() == "quit")
                if asked and (editor is None or battle is not None or war is not None or editor.leave()):
                    return 0  # the editor asks once more for changes not saved
                if ev.type == pygame.VIDEORESIZE and not settings.fullscreen:
                    surf = pygame.display.set_mode((ev.w, ev.h), pygame.RESIZABLE)
                    settings.window = (ev.w, ev.h)
                    if start is not None:  # laid out again, Settings still open if it was
                        start = start_screen(
                            surf.get_size(), setup, settings, settings_open=start.page is not None
                        )
                if editor is not None and battle is None and war is None:
                    what = editor.handle(ev)
                    if what == "close":
                        editor, start = None, start_screen(surf.get_size(), setup, settings)
                    elif what == "try" and editor.tried is not None:
                        tried = open_tried(editor, setup, surf.get_size(), settings)
                        war, battle = (tried, None) if isinstance(tried, CampaignScreen) else (None, tried)
                        end = None
                elif lobby is not None:
                    what = lobby.handle(ev)
                    if what == "back":
                        lobby.close()
                        lobby, start = None, start_screen(surf.get_size(), setup, settings)
                    elif what == "play":  # a turn file opened
                        remote = open_remote(lobby.take(), surf.get_size(), settings, lobby.lines)
                        battle, war = (None, remote) if isinstance(remote, CampaignScreen) else (remote, None)
                        lobby = None
                elif start is not None:
                    what = start.handle(ev)
                    if what == "quit":
                        return 0
                    if what == "edit":
                        try:
                            editor, start = open_editor(setup, surf.get_size(), settings), None
                        except UserError as e:  # a file the editor cannot show: said on the start screen
                            said = refusal_said(Texts(settings.language), e)
                            start = start_screen(surf.get_size(), setup, settings, said)
                        continue
                    if what in ("watch", "war-figures") and setup.replay is not None:  # a save watched
                        watched, setup.replay = setup.replay, None  # again, or a war's figures
                        t = Texts(settings.language)
                        try:
                            mods = tuple(load_mods(setup.mods))
                            room = surf.get_size()
                            if what == "war-figures":
                                war = WarWatch(watched, mods, room, settings, figures=True)
                            elif isinstance(viewer := watch(watched, mods, room, settings), CampaignScreen):
                                war = viewer
                            else:
                                battle = viewer
                            end, start = None, None
                        except UserError as e:
                            start = start_screen(surf.get_size(), setup, settings, not_loaded(t, watched, e))
                        continue
                    if what in ("host", "join", "by-file"):
                        lobby, start = Lobby(surf.get_size(), setup, what, Texts(settings.language)), None
                    if what == "window":  # a size or full screen chosen in Settings: at once
                        surf = open_window(settings)
                    if what in ("mods", "window", "again"):  # made again: its mods, its size, its words
                        start = start_screen(surf.get_size(), setup, settings, settings_open=what != "mods")
                    if what == "start":
                        loading = setup.load  # a save chosen, or None for a new battle
                        try:
                            lobby = lobby_for_save(setup, surf.get_size(), settings)
                            if lobby is None:
                                opened = open_game(setup, surf.get_size(), settings)
                                if isinstance(opened, CampaignScreen):
                                    war = opened
                                else:
                                    battle, end = opened, None
                            start = None
                        except UserError as e:  # a damaged save: say so on the start screen
                            t = Texts(settings.language)
                            said = str(e) if loading is None else not_loaded(t, loading, e)
                            start = start_screen(surf.get_size(), setup, settings, said)
                elif battle is not None and ev.type != pygame.QUIT:
                    if end is not None and ev.type == pygame.KEYDOWN and ev.key == pygame.K_TAB:
                        end.showing_stats = not end.showing_stats
                    left = battle.handle(ev)
                    if left == "quit":
                        return 0
                    if left == "window":  # a size or full screen chosen in Settings: at once
                        surf = open_window(settings)
                        size = pygame.event.Event(pygame.VIDEORESIZE, w=surf.get_width(), h=surf.get_height())
                        battle.handle(size)
                    if left == "load":
                        switched = switch_to_save(battle, setup, surf.get_size(), settings)
                        if switched is not battle and war is not None:  # the campaign is left too
                            war.close()
                            war = None
                        if isinstance(switched, Lobby):  # a network game's save: its lobby
                            battle, end, lobby = None, None, switched
                            continue
                        if isinstance(switched, CampaignScreen):
                            battle, end, war = None, None, switched
                            continue
                        battle, end = switched, None
                    if left == "end" or (
                        end is not None and ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE
                    ):
                        done = battle.over  # a campaign's battle over (or watched): its campaign goes on
                        battle.close()
                        battle, end = None, None
                        if war is not None and not done:  # a campaign's battle left half-fought: kept
                            war.close()  # in its autosaves, and the campaign left with it
                            war = None
                        if war is not None:
                            war.layout(surf.get_size())
                        elif editor is None:  # a battle tried from the editor goes back to it
                            start = start_screen(surf.get_size(), setup, settings)
                        else:
                            editor.layout(surf.get_size())
                elif war is not None and ev.type != pygame.QUIT:
                    left = war.handle(ev)
                    if left == "quit":
                        return 0
                    if left == "window":  # a size or full screen chosen in Settings: at once
                        surf = open_window(settings)
                        war.layout(surf.get_size())
                    if left == "end":
                        war.close()
                        war = None
                        if editor is None:
                            start = start_screen(surf.get_size(), setup, settings)
                        else:  # a campaign tried from the editor goes back to it
                            editor.layout(surf.get_size())
                        continue
                    if left == "watch" and war.watch is not None:
                        battle, end = watched_battle(war, surf.get_size(), settings), None
                    if left == "load":
                        switched = switch_to_save(war, setup, surf.get_size(), settings)
                        if isinstance(switched, Lobby):
                            war, lobby = None, switched
                        elif isinstance(switched, CampaignScreen):
                            war = switched
                        elif switched is not war:
                            war, battle, end = None, switched, None

            if lobby is not None and lobby.update(dt) == "play":
                remote = open_remote(lobby.take(), surf.get_size(), settings, lobby.lines)
                battle, war = (None, remote) if isinstance(remote, CampaignScreen) else (remote, None)
                lobby = None
            if lobby is not None:
                shown = [lobby]
            elif editor is not None and battle is None and war is None:
                editor.update(dt)
                shown = [editor]
            elif start is not None:
                start.update(dt)
                shown = [start]
            elif battle is not None:
                battle.update(dt)
                played = battle.screen if isinstance(battle, TutorialScreen) else battle
                if battle.over and end is None and isinstance(played, BattleScreen):
                    end = EndScreen(played)
                shown = [battle] if end is None else [battle, end]
            elif war is not None:
                war.update(dt)
                if war.wants_table:  # a battle to fight on the table: the battle screen, until its end
                    battle, end = table_screen(war, surf.get_size(), settings), None
                shown = [war] if battle is None else [battle]
            if not pacer.draws(time.monotonic(), *shown):
                continue  # nothing changed: the frame on the screen stands
            if lobby is not None:
                lobby.draw(surf)
            elif editor is not None and battle is None and war is None:
                editor.draw(surf)
            elif start is not None:
                start.draw(surf)
            elif battle is not None:
                battle.draw(surf)
                if end is not None:
                    end.draw(surf)  # at its own scale: laid out for 1280x720, grown with the window
            elif war is not None:
                war.draw(surf)
            pygame.display.flip()
            frames += 1
            if demo_frames is not None and frames >= demo_frames:
                if screenshot is not None:  # written whole, never through a link (game/content/files.py)
                    png = io.BytesIO()
                    pygame.image.save(surf, png, "shot.png")
                    write_text(screenshot, png.getvalue())
                return 0
    finally:
        if lobby is not None:
            lobby.close()
        if battle is not None:
            battle.close()
        if war is not None:
            war.close()
