"""What each screen is opened from: a setup chosen on the start screen (a battle, an Open Wars game, a
campaign), a save or a replay, a seat of a game with a friend elsewhere, the editor's battle tried; and
a save chosen in a game's menu opened in its place. The window's loop (app.py) shows what these open."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from game.content.locale import Texts
from game.content.mods import load_mods
from game.content.ruleset_files import load_ruleset
from game.editing.problem_words import refusal_said
from game.model.errors import UserError
from game.model.modules import mode_for_ruleset, modules_by_mode
from game.net.said import Said
from game.net.saved import is_net_save, load_net
from game.net.seat import Seat
from game.running.campaign_battles import table_match
from game.running.campaign_match import is_campaign_replay
from game.running.match import new_match, recorded_ruleset
from game.running.saves import load_game, save_meta
from game.running.seating import seated
from game.running.settings import Settings
from game.running.tutorial import load_lessons, saved_lessons
from game.ui import theme
from game.ui.battle.replay import ReplayViewer
from game.ui.battle.screen import BattleScreen
from game.ui.battle.tutorial import TutorialScreen
from game.ui.campaign.opening import open_war
from game.ui.campaign.screen import CampaignScreen
from game.ui.campaign.watch import WarWatch
from game.ui.editor.screen import EditorScreen
from game.ui.open_wars.replay import OpenWarsReplay
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.playing.game_view import GameView
from game.ui.playing.remote_play import REMOTE, RemotePlay
from game.ui.playing.remote_war import RemoteWar, TableSeat
from game.ui.playing.replaying import Replaying
from game.ui.start.lobby import Lobby
from game.ui.start.screen import StartScreen
from game.ui.start.setup import Setup
from game.ui.widgets.load_list import not_loaded
from systems.open_wars.state import Campaign

Screen = BattleScreen | OpenWarsScreen | TutorialScreen


def open_battle(setup: Setup, size: tuple[int, int], settings: Settings | None = None) -> Screen:
    """A new battle (or Open Wars game) as the setup says, or the saved one it names (resumed once:
    the next start from the start screen is a new one again)."""
    if setup.tutorial:
        setup.tutorial = False  # the next start from the start screen is the scenario chosen again
        return TutorialScreen(size, settings)
    net = None
    if setup.load is not None:
        path, setup.load = setup.load, None
        m, players = load_game(path, tuple(load_mods(setup.mods)))
        net = save_meta(path).network  # a network game's save opened here (play --load) goes on here
        lessons = load_lessons()
        try:
            done = saved_lessons(path, lessons)
        except UserError:
            m.battle.close()
            raise
        if done is not None:  # the first battle, saved with its lessons: they go on where they were
            return TutorialScreen(size, settings, lessons, (m, players, done))
    else:
        rules = load_ruleset(mods=load_mods(setup.mods))
        modules = setup.modules
        if setup.mode is not None:  # chosen on the start screen: the modules of that battle's mode
            known = {m.id: m.mode for m in modules_by_mode()}
            modules = [mid for mid in modules if known.get(mid) == setup.mode]
        m = new_match(setup.scenario, setup.seed, setup.rounds, rules, modules=modules, options=setup.options)
        sides = m.battle.game.sides  # type: ignore[union-attr]
        try:  # as `simulate --a --b --c --d` seats its players; a seat not chosen plays as the second
            players = seated(sides, [setup.a, setup.b, *setup.seats], setup.b, "play")
        except UserError:
            m.battle.close()
            raise
    screen: BattleScreen | OpenWarsScreen
    if isinstance(m.battle, Campaign):  # a map of Open Wars: its own screen
        screen = OpenWarsScreen(m, players, size, settings)
    else:
        screen = BattleScreen(m, players, size, settings)
    if net is not None:  # said, not silent: both sides are played here now (docs/network.md)
        screen.log.say("load_net_here", theme.GOOD, name=net.peer)
    return screen


def is_campaign(setup: Setup) -> bool:
    """Whether the setup opens a campaign: its save, or a new one chosen (on the start screen, or by
    `play --campaign`)."""
    if setup.load is not None:
        return is_campaign_replay(setup.load)
    return setup.campaign is not None and not setup.tutorial


def open_game(
    setup: Setup, size: tuple[int, int], settings: Settings | None = None
) -> Screen | CampaignScreen:
    """The battle, map or campaign the setup says, new or saved."""
    if is_campaign(setup):
        load, setup.load = setup.load, None  # a save is resumed once (as a battle's)
        seats = [setup.a, setup.b]
        return open_war(load, setup.campaign, setup.seed, seats, setup.mods, size, settings or Settings())
    return open_battle(setup, size, settings)


def table_screen(war: CampaignScreen, size: tuple[int, int], settings: Settings) -> BattleScreen:
    """The battle of a campaign that is fought on the table, on the battle screen (CAMP-DEC-10); with a
    friend elsewhere, his side's commands coming from afar."""
    screen = BattleScreen(war.play.open_table(), war.controllers, size, settings, war=war.play)
    if war.remote is not None:
        screen.remote = RemotePlay(TableSeat(war.remote), dict(screen.names))
    return screen


def watched_battle(war: CampaignScreen, size: tuple[int, int], settings: Settings) -> ReplayViewer:
    """A battle of the campaign, fought or resolved, from its start in the replay viewer."""
    f = next(x for x in war.war.fought if x.number == war.watch)
    war.watch = None
    return ReplayViewer(table_match(war.play.campaign, f), (), size, settings)


def start_screen(
    size: tuple[int, int], setup: Setup, settings: Settings, problem: str = "", settings_open: bool = False
) -> StartScreen:
    """The start screen in the player's language, its Settings page the game's (open at once when it
    was made again for a setting changed there)."""
    return StartScreen(size, setup, problem, Texts(settings.language), settings, settings_open)


def open_editor(setup: Setup, size: tuple[int, int], settings: Settings) -> EditorScreen:
    """The scenario editor on the file the setup names (a new battle or map without one)."""
    path, setup.edit = setup.edit, None
    mods = load_mods(setup.mods)
    if isinstance(path, Path):
        return EditorScreen(size, Texts(settings.language), mods, path)
    return EditorScreen(size, Texts(settings.language), mods, kind=path or "scenario")


def lobby_for_save(setup: Setup, size: tuple[int, int], settings: Settings) -> Lobby | None:
    """The lobby that goes on with a network game's save chosen on the start screen (Continue, or the
    save browser), over the network: the host hosts it again, the guest calls the host again. Any
    other save (or none): None, and the battle opens as it always has."""
    if setup.load is None or not is_net_save(setup.load):
        return None
    path, setup.load = setup.load, None
    resume = load_net(path, tuple(load_mods(setup.mods)))
    way = "host" if resume.role == "host" else "join"
    return Lobby(size, setup, way, Texts(settings.language), resume=resume)


def open_tried(
    editor: EditorScreen, setup: Setup, size: tuple[int, int], settings: Settings
) -> Screen | CampaignScreen | None:
    """The battle, map or campaign the editor wrote to try, against the computer; its Esc menu and its
    end say the way back is to the editor. None when it does not open (the editor's status says why)."""
    tried = dataclasses.replace(setup, scenario=str(editor.tried), a="human", b="normal", mode=None)
    try:
        if editor.doc.kind == "campaign":
            seats = ["human", "normal"]
            war = open_war(None, str(editor.tried), setup.seed, seats, setup.mods, size, settings)
            war.from_editor = True
            return war
        battle = open_battle(tried, size, settings)
    except UserError as e:
        editor.status = refusal_said(editor.t, e)
        return None
    if isinstance(battle, GameView):
        battle.from_editor = True
    return battle


def open_remote(
    seat: Seat, size: tuple[int, int], settings: Settings, said: Sequence[Said] = ()
) -> Screen | CampaignScreen:
    """A game with a friend on another machine, on its mode's screen: this machine's side played here,
    the other's commands coming from afar (game/ui/playing/remote_play.py; a campaign's,
    game/ui/playing/remote_war.py)."""
    if seat.campaign is not None:
        war, talk = remote_war(seat, size, settings)
        for line in [*said, *seat.take_notices()]:
            talk.say(war.log, line)
        talk.save(war.log, autosave=True)  # the seats' secret kept from the start (RemotePlay.save)
        return war
    m = seat.match
    assert m is not None and m.battle.game is not None
    other = next(s for s in m.battle.game.sides if s != seat.local)
    controllers = {seat.local: "human", other: REMOTE}
    screen: BattleScreen | OpenWarsScreen
    if isinstance(m.battle, Campaign):
        screen = OpenWarsScreen(m, controllers, size, settings)
    else:
        screen = BattleScreen(m, controllers, size, settings)
    screen.remote = RemotePlay(seat, dict(screen.names))
    for line in [*said, *seat.take_notices()]:  # what the lobby said (who joined, the dice), in the log
        screen.remote.say(screen.log, line)
    screen.remote.save(screen.log, autosave=True)  # the seats' secret kept from the start (RemotePlay.save)
    return screen


def remote_war(seat: Seat, size: tuple[int, int], settings: Settings) -> tuple[CampaignScreen, RemotePlay]:
    """A campaign with a friend elsewhere on its screen (the war is the seat's), and what says the
    connection's or the file's lines in its log."""
    m = seat.campaign
    assert m is not None
    names = {s: m.war.name(s) for s in m.war.sides}
    remote = RemoteWar.start(seat, names, settings.ai_think)
    war = CampaignScreen(remote.play, size, settings)
    remote.talk.names = dict(war.names)  # in the player's language
    war.remote = remote
    return war, remote.talk


def watch(path: Path, mods: tuple, size: tuple[int, int], settings: Settings) -> Replaying | CampaignScreen:
    """The replay viewer of the file's game: a campaign's (game/ui/campaign/watch.py), an Open Wars
    game's (game/ui/open_wars/replay.py), or a battle's."""
    if is_campaign_replay(path):
        return WarWatch(path, mods, size, settings)
    if mode_for_ruleset(recorded_ruleset(path)) is not None:
        return OpenWarsReplay(path, mods, size, settings)
    return ReplayViewer(path, mods, size, settings)


def switch_to_save(
    screen: Screen | Replaying | CampaignScreen, setup: Setup, size: tuple[int, int], settings: Settings
) -> Screen | Replaying | Lobby | CampaignScreen:
    """The save chosen in a game's menu, opened in place of that game: a network game's goes on over
    the network as from the start screen (its lobby: the host hosts it again, the guest calls again);
    a save that will not open says why in that game, which goes on."""
    played = screen.screen if isinstance(screen, TutorialScreen) else screen
    if not isinstance(played, BattleScreen | OpenWarsScreen | CampaignScreen) or played.to_load is None:
        return screen
    path = setup.load = played.to_load
    played.to_load = None
    try:
        opened = lobby_for_save(setup, size, settings) or open_game(setup, size, settings)
    except UserError as e:
        setup.load = None
        if isinstance(played, CampaignScreen):
            played.alert = not_loaded(played.t, path, e)
        else:
            played.load_failed(not_loaded(played.t, path, e))
        return screen
    screen.close()
    return opened
