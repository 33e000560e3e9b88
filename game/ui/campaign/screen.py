"""The campaign on screen: the map of the war, its sides' gold and brigades, what is asked and its
choices, the battle about to be fought and its odds, the report after it, the calendar's events, an
army's page and the war's figures; the players' clicks and keys as the war's commands, the computer
players' answers as they come (thought in their own process), the battles the players let the
generals resolve played there too. A battle fought on the table is the battle screen's: the window
opens it when `wants_table` says so, and this screen takes the war up again at its end."""

from __future__ import annotations

import time

import pygame

from game.model import commands as cmd
from game.model.errors import one_line
from game.model.events import Note
from game.running.ai_process import RemoteError
from game.running.settings import SPEEDS
from game.ui import theme
from game.ui.campaign.army_page import draw_army
from game.ui.campaign.battle_page import draw_battle
from game.ui.campaign.pages import draw_end, draw_figures
from game.ui.campaign.panel import draw_hover, draw_panel, draw_top_bar
from game.ui.campaign.sheets import draw_event, draw_report
from game.ui.campaign.view import MENU_TITLES, MENUS, CampaignView
from game.ui.playing.ai_turns import Restarted
from game.ui.playing.settings_menu import SETTING_KEYS, SETTINGS, cycle, menu_label
from game.ui.widgets.choice_list import Choice
from game.ui.widgets.load_list import menu_event, open_saves
from game.ui.widgets.menu import draw_menu, leaving
from game.ui.widgets.rules_browser import RulesBrowser
from systems.campaign.commands import March, Retreat
from systems.campaign.rules_module import MOVE, ORDERS, RESOLVE, RETREAT, WITHDRAW

AI_PAUSE = 0.3  # seconds between a computer player's orders and marches at speed 1: a person follows them
RESOLVE_SLICE = 0.03  # seconds a frame gives to the generals' battle being resolved (its answers applied)
READ = ("report", "event")  # pages the computer players wait for: a person is reading them


class CampaignScreen(CampaignView):
    watch: int | None = None  # the battle asked to be watched (the window opens the replay viewer)

    # --- the war's way ------------------------------------------------------------------------------

    def send(self, c: cmd.Command) -> None:
        """A command of this screen's player (or of a computer player): applied to the war at once, or,
        with a friend elsewhere, given to the seat (applied when it comes back: `_remote`)."""
        if self.remote is not None:
            self.remote.give(c)
            return
        self.play.apply(c)
        self.ai.applied(c)
        self._applied(c)

    def _applied(self, c: cmd.Command) -> None:
        """A command applied: its events told (a refusal shown, the last one taken away once an order is
        obeyed), what was in hand let go."""
        w = self.war
        refused = None
        for e in w.events[self.told_events :]:
            self.tell(e)
            if e.kind == "rejected":
                refused = self.narrate(e)
        self.told_events = len(w.events)
        if refused is not None:
            self.alert = self.refusal = refused
        elif self.alert is not None and self.alert == self.refusal:
            self.alert = None  # it answered an order since obeyed (a computer player's failure stays)
        kind = w.pending.kind if w.pending is not None else None
        if isinstance(c, March | Retreat) or kind != MOVE:
            self.army = None if kind != ORDERS or isinstance(c, cmd.Pass) else self.army
        if kind != ORDERS:
            self.picked = None  # a city picked for its orders is kept while they go on

    def save(self, autosave: bool = False) -> bool:
        if self.remote is not None:  # a save that goes on with the friend (a game by file: its folder)
            return self.remote.save(self.log, autosave)
        return self.play.save(self.log, autosave)

    def computer_answer(
        self, side: str, answer: cmd.Command | RemoteError | Restarted | None
    ) -> cmd.Command | None:
        """A computer player's command, or None: not yet; it failed (the war is saved, the side goes
        to the player); its process was restarted."""
        if isinstance(answer, RemoteError):
            _saved, report, said = self.play.recover(answer)
            self.controllers[side] = "human"
            self.ai.players.pop(side, None)
            self.ai.restart()
            where = self.t("crash_report", path=report) if report else ""
            error = one_line(str(answer), 160)
            self.alert = self.t("ai_failed", side=self.names[side], error=error, saved=said, report=where)
            self.log.add(self.alert, theme.BAD)
        elif isinstance(answer, Restarted):
            self.alert = self.t("ai_restarted", side=self.names[side], seconds=f"{answer.waited:.0f}")
            self.log.add(self.alert, theme.BAD)
        else:
            return answer
        return None

    @property
    def ended(self) -> bool:
        """The war is over and its last news read: the end's page tells it."""
        return self.over and self.page not in READ and len(self.war.fought) <= self.reported

    @property
    def wants_table(self) -> bool:
        """A battle is to be fought on the table now: the window opens the battle screen on it."""
        return self.play.on_table() and self.menu is None and self.page is None

    def update(self, dt: float) -> None:
        w = self.war
        ours = self._remote() if self.remote is not None else True  # with a friend: his decisions are his
        if w.turn > self.autosaved_turn and self.ai.thinking is None and w.battle is None:
            self.autosaved_turn = w.turn  # a new turn: keep the war, whatever happens next
            self.save(autosave=True)
        self._news()
        d = w.pending
        if not ours or d is None or self.menu is not None or self.page in READ:
            return
        if self.resolving():
            self._resolve()
            return
        if w.battle is not None or self.human(d.side) or d.side not in self.ai.players:
            return
        answer = self.computer_answer(d.side, self.ai.step(d, dt, AI_PAUSE / SPEEDS[self.speed_index]))
        if answer is not None:
            self.send(answer)

    def _remote(self) -> bool:
        """The commands applied since the last frame (the friend's, and this player's once their dice
        are drawn), told with his name; what the connection or the file says. Whether this machine
        may decide now (the friend's decisions are his)."""
        r = self.remote
        assert r is not None
        for a in r.step():
            if not a.mine:
                self.log.add(r.talk.acts(self.t, a, lambda x: x), theme.TEXT_DIM)
            self._applied(a.command)
        stood = r.talk.status
        for said in r.talk.notices():
            r.talk.say(self.log, said)
        if r.talk.status is not None:
            self.alert = r.talk.status.words(self.t)
        elif stood is not None:
            self.alert = None
        d = self.war.pending
        return r.may_act and d is not None and d.side == r.seat.local

    def _resolve(self) -> None:
        """The battle the players let the generals resolve, played in their process, a slice a frame."""
        end = time.monotonic() + RESOLVE_SLICE
        while self.resolving() and time.monotonic() < end:
            d = self.war.pending
            assert d is not None
            answer = self.computer_answer(d.side, self.ai.step(d, 0.0, 0.0))
            if answer is not None:
                self.send(answer)
                if self.remote is not None:  # applied once both machines have drawn its dice
                    return
            elif self.ai.thinking is None:
                return
            else:
                self.ai.wait_for_answer(max(0.0, end - time.monotonic()))

    def _news(self) -> None:
        """A battle whose aftermath is over opens its report, the calendar's events their page, when a
        person plays a side (each once)."""
        w = self.war
        people = self.reads_news()
        if self.page is None and len(w.fought) > self.reported:
            f = w.fought[self.reported]
            if f.result is not None and f.after and w.battle is None:
                self.reported += 1
                if people:
                    self.page, self.report_of = "report", f.number
                return
        said = [
            e
            for e in w.events
            if isinstance(e, Note) and str((e.details or {}).get("say")).startswith("camp_event")
        ]
        firsts = [i for i, e in enumerate(said) if (e.details or {}).get("say") == "camp_event"]
        if self.page is None and len(firsts) > self.events_told:
            self.told = said[firsts[self.events_told] :]
            self.events_told = len(firsts)
            if people:
                self.page = "event"

    def reads_news(self) -> bool:
        """Whether a person follows the war here (a side's player, or one watching it)."""
        return any(self.human(s) for s in self.war.sides)

    # --- input ------------------------------------------------------------------------------------------

    def ask_quit(self) -> str | None:
        if not self.at_stake:
            return "quit"
        self.menu = "quit"
        return None

    def handle(self, ev: pygame.event.Event) -> str | None:
        """ "end" back to the start screen, "quit", "load" (a save chosen in the menu), "watch" (a
        battle to watch again), "window" (a setting that makes the window again), or None."""
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if ev.type == pygame.VIDEORESIZE:
            self.layout((ev.w, ev.h))
            return None
        if self.rules is not None:
            if not self.rules.handle(ev):
                self.rules, self.menu = None, "menu"
            return None
        if self.menu is not None:
            return menu_event(self, ev)
        if self.page == "figures":
            if ev.type == pygame.MOUSEBUTTONDOWN or (
                ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_ESCAPE)
            ):
                self.page = None
            return None
        if self.page == "army" and self.page_list.handle(ev, self.mouse):  # its lines, not the panel's
            return None
        if self.log.handle(ev, self.mouse) or self.choice_list.handle(ev, self.mouse):  # the wheel, keys
            return None
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return self._click(ev.pos)
        return None

    def _key(self, ev: pygame.event.Event) -> str | None:
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.ended:
                return "end"
            if self.page in ("army", *READ):
                self.page = None
            elif self.army is not None or self.picked is not None:
                self.army, self.picked = None, None
            else:
                self.menu = "menu"
        elif k == pygame.K_TAB:
            self.page = "figures"
        elif k == pygame.K_s and ev.mod & pygame.KMOD_CTRL:
            self.save()
        elif k in (pygame.K_o, pygame.K_c) and ev.mod & pygame.KMOD_CTRL and self.remote is not None:
            self.remote.talk.hand_over(self.log, folder=k == pygame.K_o)  # the turn file written, to send
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.speed_index = max(0, self.speed_index - 1)
        elif k == pygame.K_RETURN and (d := self.human_turn()) is not None and d.kind in (ORDERS, MOVE):
            self.send(cmd.Pass())  # the phase ended
        return None

    def _click(self, pos: tuple[int, int]) -> str | None:
        pages = (
            self.page_buttons if self.page is not None or self.prospect() is not None or self.ended else []
        )
        button = next((ch for r, ch in pages if r.collidepoint(pos)), None)
        if button is None and not pages:
            button = next((ch for r, ch in self.buttons if r.collidepoint(pos)), None)
        if button is not None:
            return self._press(button) if button.enabled else None
        if self.page == "army":
            self.record = next((ident for r, ident in self.page_rows if r.collidepoint(pos)), self.record)
            return None
        if (
            self.page is not None
            or self.ended
            or self.prospect() is not None
            or not self.area.collidepoint(pos)
        ):
            return None
        self._on_map(pos)
        return None

    def _on_map(self, pos: tuple[int, int]) -> None:
        """A march to the place clicked (the army in hand's), a retreat there, or the army or place
        clicked taken in hand."""
        d = self.human_turn()
        loc = self.map.place_at(pos)
        a = self.map.army_at(pos)
        where = self.paths()
        if d is not None and d.kind == MOVE and self.army is not None and loc in where and a is None:
            self.send(March(self.army, where[loc][0]))
            return
        if d is not None and d.kind == RETREAT and loc in d.options:
            self.send(Retreat(d.unit, loc))
            return
        if a is not None:
            self.army, self.picked = a.id, None
            return
        self.army, self.picked = None, loc

    def _press(self, ch: Choice) -> str | None:
        if ch.command is not None:
            self.send(ch.command)
            return None
        key, _, rest = ch.key.partition(":")
        if key == "pick":
            self.picked, self.army = rest, None
        elif key == "army":
            self.army = rest
        elif key == "cancel":
            self.army, self.picked = None, None
        elif key == "page":
            self.page, self.record, self.page_list.first = "army", None, 0
        elif key == "close":
            self.page = None
        elif key == "watch":
            self.watch, self.page = self.report_of, None
            return "watch"
        elif key == "end":
            return "end"
        return None

    def menu_choice(self, key: str) -> str | None:
        self.menu = None
        if key in ("settings", "menu"):
            self.menu = key
        elif key in SETTING_KEYS:
            cycle(self.settings, key)
            if key == "ai-think":
                self.ai.think = self.settings.ai_think
                self.ai.restart()  # its players are made with their budget
            self.menu = "settings"
            self.settings_changed(key)
            return "window" if key in ("window", "fullscreen") else None
        elif key == "rules":  # the campaign's own rules (CAMP-)
            prefixes = tuple(m.prefix for m in self.war.stack.modules)
            self.rules = RulesBrowser(
                {r: x for r, x in self.reference.items() if r.startswith(prefixes)}, self.t
            )
        elif key == "load":
            open_saves(self, lambda: self.war.theatre.rules)
        else:
            return leaving(key, self.save, self.ask_quit)
        return None

    # --- the frame --------------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        if surf.get_size() != self.size:
            self.layout(surf.get_size())
        surf.fill(theme.BACKGROUND)
        w = self.war
        d = self.human_turn()
        where = self.paths()
        hover = self.map.place_at(self.mouse) if self.page is None else None
        marked = {loc: f"-{cost}" for loc, (_p, cost) in where.items()}
        if d is not None and d.kind == RETREAT:
            marked = dict.fromkeys(d.options, "")
        elif d is not None and d.kind == ORDERS and not marked:
            marked = {c.key.split(":", 1)[1]: "" for c in self.choices(d) if c.key.startswith("pick:")}
        path = where[hover][0] if hover in where else ()
        pending = w.pending
        fighting = w.fought[-1].setup.location if w.battle is not None else None
        if pending is not None and pending.kind in (WITHDRAW, RESOLVE):
            fighting = pending.unit
        chosen = w.find_army(self.army) if self.army else None
        with theme.at_scale(1.0):  # the map: its places fill the room left them, at every size of the panel
            mouse = (
                self.mouse
                if self.page is None and self.menu is None and self.area.collidepoint(self.mouse)
                else None
            )
            self.map.draw(surf, marked, path, self.picked, chosen, fighting, hover, mouse)
        draw_top_bar(self, surf)
        self.buttons = []
        self.page_buttons = []
        draw_panel(self, surf)
        self.log.draw(surf)
        if self.alert:
            at = (self.area.x + 12, self.area.y + 8)
            theme.text_lines(surf, self.alert, at, self.area.w - 24, theme.BAD, 18)
        prospect = self.prospect()
        if self.ended:
            draw_end(self, surf)
        elif prospect is not None and self.page is None:
            draw_battle(self, surf, prospect)
        elif self.page == "army":
            draw_army(self, surf)
        elif self.page == "report":
            draw_report(self, surf)
        elif self.page == "event":
            draw_event(self, surf)
        if self.page == "figures":
            draw_figures(self, surf)
        draw_hover(self, surf, where, covered=self.ended or (prospect is not None and self.page is None))
        self._draw_menu(surf)
        if self.rules is not None:
            self.rules.draw(surf)

    def _draw_menu(self, surf: pygame.Surface) -> None:
        self.menu_buttons = []
        if self.menu is None:
            return
        if self.menu == "load" and self.browser is not None:
            self.browser.draw(surf, self.mouse)
            return
        entries = SETTINGS if self.menu == "settings" else MENUS[self.menu]
        back = self.t("menu_end_editor") if self.from_editor else None  # a campaign tried from the editor
        items = [
            (key, back if key == "end" and back else menu_label(self, key, label)) for key, label in entries
        ]
        self.menu_buttons = draw_menu(
            surf, self.t(MENU_TITLES[self.menu]), items, self.mouse, 480 if self.menu == "settings" else 380
        )
