"""The lobby of a game with a friend on another machine, between the start screen and the battle
(pygame-gui): hosting the battle chosen on the start screen (the sides, the port, the address to give),
joining a friend's (his address), or playing by turn files (a new game's first file, or a file
received opened). The network works in its threads (game/net/): each frame asks what came, so the
window never waits for it."""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from pathlib import Path

import pygame
import pygame_gui

from game.content.files import typed_path
from game.content.locale import Texts
from game.content.mods import load_mods
from game.content.module_records import module_words
from game.content.ruleset_files import load_ruleset
from game.content.scenario import load_any_scenario, scenario_path
from game.model.errors import UserError
from game.model.limits import ascii_whole
from game.model.modules import modules_by_mode
from game.net.by_file import open_turn, start
from game.net.identity import Offer
from game.net.link import lan_address
from game.net.network_game import DEFAULT_PORT, NetGame
from game.net.played import played as as_played
from game.net.said import Said, SaidError
from game.net.saved import NetSave
from game.net.seat import Seat, default_name
from game.net.turn_files import Refused
from game.running.campaign_match import CampaignMatch
from game.running.match import Match
from game.ui import theme
from game.ui.desktop import hand_over
from game.ui.markup import path_pieces, plain
from game.ui.pacing import gui_pace, gui_stamp
from game.ui.start.setup import Setup
from game.ui.widgets.load_list import shown_name, side_names
from systems.campaign.theatre import load_campaign

WIDTH = 760
ABOUT_HEIGHT = 115  # the title, two lines of what is played (a long name, the join hint), its modules
LABEL = 290  # the fields' names, Spanish's longest among them ("Dirección del anfitrión (máquina:puerto)")
WORD = 48  # characters of a word (a path, a name) the text boxes never have to cut themselves
PAD = 30  # pixels of a text box's edges and scroll bar


def battle_words(setup: Setup, language: str) -> tuple[str, dict[str, str]]:
    """The battle chosen on the start screen: its name, and its sides by their names, in order."""
    try:
        rules = load_ruleset(mods=load_mods(setup.mods))
        sc, mode = load_any_scenario(scenario_path(setup.scenario, rules.loaded_mods), rules)
    except UserError:
        return setup.scenario, {}
    return shown_name(sc, mode, rules, language), side_names(sc, mode, language)


def campaign_words(ref: str, mods: Sequence[Path], language: str) -> tuple[str, dict[str, str]]:
    """A campaign's name and its sides by their names, in order, in the player's language."""
    try:
        spec = load_campaign(ref, load_mods(mods)).spec
    except UserError:
        return ref, {}
    words = spec.words(language)
    return words.name, {s.id: words.sides[s.id] for s in spec.sides}


def played_with(modules: Sequence[str], mods: Sequence[Path], language: str) -> list[str]:
    """The rule modules and the mods a game is played with, by their names (both machines need them)."""
    known = {m.id: m for m in modules_by_mode()}
    names = [module_words(known[mid], language)[0] if mid in known else mid for mid in modules]
    try:
        return names + [m.spec.name for m in load_mods(mods)]
    except UserError:  # a broken mod: the offer says so when it is made
        return names


class Lobby:
    """`way`: "host", "join" or "by-file"; `seat`: a game begun on the command line (play --host);
    `resume`: a network game's save loaded from the start screen, to go on with over the network (its
    role's way: hosted again on a port, or the host called again at the address it kept)."""

    def __init__(
        self,
        size: tuple[int, int],
        setup: Setup,
        way: str,
        t: Texts,
        seat: Seat | None = None,
        resume: NetSave | None = None,
    ) -> None:
        self.setup, self.way, self.t = setup, way, t
        self.resume = resume
        self.k = k = theme.page_scale(size)  # the page grown with the window, as the start screen is

        def px(n: float) -> int:
            return round(n * k)

        self.manager = pygame_gui.UIManager(size, theme.gui_theme(k))
        self.manager.preload_fonts(theme.gui_fonts(k))
        self.seat = seat
        self.lines: list[Said] = []
        self.address = ""  # the address a host gives his friend
        self.address_at = (0, 0)
        held = resume.match if resume is not None else seat.match if seat is not None else None
        war = held if isinstance(held, CampaignMatch) else seat.campaign if seat is not None else None
        battle = held if isinstance(held, Match) else None
        # a campaign: the one held, or the one chosen on the start screen and offered here
        campaign = war.theatre.id if war is not None else None
        if war is None and battle is None and way != "join":
            campaign = setup.campaign
        self.campaign = campaign
        if campaign is not None:
            self.name, self.sides = campaign_words(campaign, setup.mods, t.language)
        else:
            chosen = dataclasses.replace(setup, scenario=battle.scenario.id) if battle is not None else setup
            self.name, self.sides = battle_words(chosen, t.language)
        self.side = 0 if setup.a == "human" or setup.b != "human" else 1  # the side played here
        local = resume.side if resume is not None else seat.local if isinstance(seat, NetGame) else None
        if local in self.sides:  # a saved game, or one begun on the command line
            self.side = list(self.sides).index(local)
        offered = held is None and war is None and way != "join"  # a new game offered here: its mods
        modules = battle.battle.stack.ids if battle is not None else self._offer().modules if offered else ()
        self.played = played_with(modules, setup.mods if offered else [], t.language)
        w, h = size
        wide = px(WIDTH)
        x, y = (w - wide) // 2, px(96)
        make, ui = pygame.Rect, pygame_gui.elements
        self.about = ui.UITextBox("", make(x, y, wide, px(ABOUT_HEIGHT)), self.manager)
        y += px(ABOUT_HEIGHT + 12)
        if way == "host":
            self.address_at = (w // 2, y - px(2))  # the address to give, large (drawn each frame)
            y += px(44)
        label_w, right = px(LABEL), x + px(LABEL + 10)
        ui.UILabel(make(x, y, label_w, px(34)), t("net_your_name"), self.manager)
        self.player = ui.UITextEntryLine(make(right, y, px(300), px(34)), self.manager)
        own = seat.name if isinstance(seat, NetGame) else resume.name if resume is not None else ""
        self.player.set_text(own or default_name())
        y += px(44)
        self.swap: pygame_gui.elements.UIButton | None = None
        self.begin: pygame_gui.elements.UIButton | None = None  # by file: a new game's first file
        if way == "by-file":  # a new game (its sides), then a file received
            self.begin = ui.UIButton(make(right, y, px(250), px(40)), t("net_file_start"), self.manager)
            self.swap = ui.UIButton(make(right + px(260), y, px(200), px(40)), t("net_swap"), self.manager)
            y += px(56)
        field, go = {"host": ("net_port", "net_host_go"), "join": ("net_address", "net_join_go")}.get(
            way, ("net_file_path", "net_file_open")
        )
        ui.UILabel(make(x, y, label_w, px(34)), t(field), self.manager)
        self.entry = ui.UITextEntryLine(make(right, y, wide - label_w - px(10), px(34)), self.manager)
        shown = {"host": str(DEFAULT_PORT), "join": "", "by-file": ""}[way]
        if isinstance(seat, NetGame):
            shown = str(seat.port) if seat.role == "host" else f"{seat.address}:{seat.port}"
        elif resume is not None and way == "join":
            shown = resume.address
        self.entry.set_text(shown)
        y += px(44)
        self.go = ui.UIButton(make(right, y, px(250), px(40)), t(go), self.manager)
        if way == "host":
            self.swap = ui.UIButton(make(right + px(260), y, px(200), px(40)), t("net_swap"), self.manager)
        y += px(52)
        self.status = ui.UITextBox("", make(x, y, wide, max(px(120), h - y - px(70))), self.manager)
        self.back = ui.UIButton(make(x, h - px(58), px(180), px(40)), t("net_leave"), self.manager)
        # the turn file written last (by file), to send: its folder opened, its path copied
        self.written: Path | None = None
        self.open_folder = ui.UIButton(
            make(x + wide - px(420), h - px(58), px(205), px(40)), t("file_open_folder"), self.manager
        )
        self.copy_path = ui.UIButton(
            make(x + wide - px(205), h - px(58), px(205), px(40)), t("file_copy_path"), self.manager
        )
        for button in (self.open_folder, self.copy_path):
            button.hide()
        if seat is not None:
            self._begun()
        elif self.swap is not None and resume is not None:  # the sides are the saved game's
            self.swap.disable()
        self.show()

    # --- what is shown ----------------------------------------------------------------------------

    def show(self) -> None:
        t = self.t
        names = list(self.sides.values()) or ["?", "?"]
        mine, theirs = names[self.side % len(names)], names[(self.side + 1) % len(names)]
        title = t("net_" + self.way.replace("-", "_") + "_title")
        if self.way == "host" and self.campaign is not None:
            title = t("net_host_title_campaign")
        if self.resume is not None:
            title = t("net_resume_title", name=self.resume.peer)
        about = [f"<b>{plain(title, WORD)}</b>"]
        if self.way != "join" or self.resume is not None:
            about.append(plain(t("net_you_play", battle=self.name, mine=mine, theirs=theirs), WORD))
        else:
            about.append(plain(t("net_join_hint"), WORD))
        if self.played:  # what both machines must have
            about.append(plain(t("net_plays_with", what=", ".join(self.played)), WORD))
        self.about.set_text("<br>".join(about))
        lines = [self.line(s) for s in self.lines[-12:]]
        if self.way == "host" and self.address:
            hint = t("net_internet_hint", port=self.address.rpartition(":")[2])
            lines.append(f"<i>{plain(hint, WORD)}</i>")
        self.status.set_text("<br>".join(lines))

    def line(self, said: Said) -> str:
        """A line of the box, as markup: a peer's words plain; a path on lines of its own, broken after
        its separators (the box would cut it inside a name)."""
        words = said.words(self.t, self.sides)
        path = next((str(v) for k, v in said.values.items() if k in ("path", "folder")), "")
        if not path or path not in words:
            return plain(words, WORD)
        font = (
            self.manager.get_theme()
            .get_font_dictionary()
            .find_font(round(theme.GUI_FONT * self.k), "noto_sans")
        )
        room = self.status.rect.w - round(PAD * self.k)

        def fits(piece: str) -> bool:
            return font.size(piece)[0] <= room

        before, _, after = words.partition(path)
        pieces = [plain(p, None if fits(p) else WORD) for p in path_pieces(path, fits)]  # whole, if it fits
        parts = [plain(before.strip(), WORD), *pieces, plain(after.strip(), WORD)]
        return "<br>".join(part for part in parts if part)

    def say(self, said: Said) -> None:
        self.lines.append(said)
        if said.key in ("file_written", "file_written_first"):  # a turn to send: where it is
            self.written = Path(str(said.values["path"]))
            for button in (self.open_folder, self.copy_path):
                button.show()
        self.show()

    # --- input ------------------------------------------------------------------------------------

    def handle(self, ev: pygame.event.Event) -> str | None:
        """ "back" to the start screen; "play" once the game can be played."""
        self.manager.process_events(ev)
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return "back"
        if ev.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if ev.ui_element is self.back:
            return "back"
        if ev.ui_element in (self.open_folder, self.copy_path) and self.written is not None:
            self.say(hand_over(self.written, folder=ev.ui_element is self.open_folder))
        if ev.ui_element is self.swap and self.seat is None:
            self.side = 1 - self.side
            self.show()
        elif ev.ui_element is self.go:
            return self._go()
        elif ev.ui_element is self.begin:
            self._start_by_file()
        return None

    def _offer(self) -> Offer:
        s = self.setup
        if s.mode is not None:  # the rule modules of the chosen battle's mode only
            known = {m.id: m.mode for m in modules_by_mode()}
            modules = tuple(mid for mid in s.modules if known.get(mid) == s.mode)
        else:
            modules = tuple(s.modules)
        if s.campaign is not None:  # a campaign chosen on the start screen
            return Offer(s.scenario, (), tuple(s.mods), None, self.side, campaign=s.campaign)
        return Offer(s.scenario, modules, tuple(s.mods), None, self.side)

    def _go(self) -> str | None:
        text = self.entry.get_text().strip() if self.entry is not None else ""
        name = self.player.get_text().strip() or default_name()
        if self.seat is not None and self.way != "by-file":
            return None
        try:
            if self.way == "host":
                port = ascii_whole(text)
                if port is None or port > 65535:
                    self.say(Said("net_bad_port", {"port": text}, bad=True))
                    return None
                self.seat = NetGame.host(self._offer(), name, "0.0.0.0", port, self.resume)
            elif self.way == "join":
                host, _, port_text = text.rpartition(":") if ":" in text else (text, "", str(DEFAULT_PORT))
                port = ascii_whole(port_text)
                if not host or port is None:
                    self.say(Said("net_bad_address", {"address": text}, bad=True))
                    return None
                mods = tuple(self.setup.mods)
                self.seat = NetGame.join(host.strip("[]"), port, name, mods, self.resume)
            else:
                return self._open_file(typed_path(text), name)
        except UserError as e:
            self.say(e.said if isinstance(e, SaidError) else Said("net_line", {"line": str(e)}, bad=True))
            return None
        self.resume = None  # the game's now
        self._begun()
        return None

    def _begun(self) -> None:
        if isinstance(self.seat, NetGame):
            if self.seat.role == "host":
                bound = self.seat.listener.address if self.seat.listener is not None else ""
                where = bound if bound not in ("", "0.0.0.0", "::") else lan_address()  # only there, if asked
                self.address = f"{where}:{self.seat.port}"
                self.entry.set_text(str(self.seat.port))  # the port taken (0 asks for any free one)
                self.say(Said("net_hosting_at", {"port": self.seat.port}))
            else:
                self.say(Said("net_calling", {"address": f"{self.seat.address}:{self.seat.port}"}))
        self.go.disable()
        if self.swap is not None:
            self.swap.disable()

    def _open_file(self, path: Path, name: str) -> str | None:
        try:
            game = open_turn(path, name, mods=tuple(self.setup.mods))
        except Refused as e:
            self.say(e.said)
            return None
        for said in game.take_notices():
            self.say(said)
        if game.played is None:  # turn 0 joined: turn 1 written, to send; no battle yet
            return None
        self.seat = game
        return "play"

    def _start_by_file(self) -> None:
        try:
            game = start(self._offer(), self.player.get_text().strip() or default_name())
        except (Refused, UserError) as e:
            self.say(e.said if isinstance(e, Refused) else Said("net_line", {"line": str(e)}, bad=True))
            return
        for said in game.take_notices():
            self.say(said)

    # --- each frame -------------------------------------------------------------------------------

    def update(self, dt: float) -> str | None:
        """What the network brought; "play" once both machines hold the game."""
        self.manager.update(dt)  # pygame-gui's time: hovering, a caret's blink
        seat = self.seat
        if not isinstance(seat, NetGame):
            return None
        seat.step()
        for said in seat.take_notices():
            self.say(said)
        if seat.state == "playing":
            return "play"
        if seat.state == "stopped":  # said why: the player may try again (a saved game: loaded again)
            seat.close()
            if seat.played is not None:
                seat.played.close()
            self.seat = None
            if seat.ledger is None:  # a saved game is not offered twice: Back, and load it again
                self.go.enable()
                if self.swap is not None:
                    self.swap.enable()
        return None

    def take(self) -> Seat:
        """The game, for its screen: the lobby no longer holds it."""
        seat, self.seat = self.seat, None
        assert seat is not None
        return seat

    def close(self) -> None:
        if self.resume is not None:
            as_played(self.resume.match).close()
            self.resume = None
        if self.seat is not None:
            self.seat.close()
            if self.seat.played is not None:
                self.seat.played.close()
            self.seat = None

    def pace(self) -> float | None:
        return gui_pace(self.manager)  # the network is asked each update (game/ui/pacing.py)

    def stamp(self) -> Hashable:
        """What the network changes: the lines said, the address given, the game's state."""
        return gui_stamp(self.manager), len(self.lines), self.address, getattr(self.seat, "state", None)

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BACKGROUND)
        title = theme.font(round(56 * self.k), scaled=False).render("For Glory", True, theme.ACCENT)
        surf.blit(title, title.get_rect(midtop=(surf.get_width() // 2, round(16 * self.k))))
        self.manager.draw_ui(surf)
        if self.address:  # what the host tells his friend, where it cannot be missed
            line = theme.font(round(30 * self.k), scaled=False).render(
                self.t("net_give_address", address=self.address), True, theme.ACCENT
            )
            surf.blit(line, line.get_rect(midtop=self.address_at))
