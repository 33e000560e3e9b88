"""An Open Wars game on screen: the map, each player's gold, mana and army, what is asked and its
choices with their costs and exact odds, the log with its OW rule IDs; a human on each side
(hotseat), or the computer players in their process. Every choice is a Command sent to the session,
as the AI's and a replay's are."""

from __future__ import annotations

import pygame

from game.content.locale import ModeWords
from game.content.ruleset_files import load_ruleset
from game.model import commands as cmd
from game.model.events import Event
from game.running.settings import SPEEDS
from game.running.stats import figures
from game.ui import theme
from game.ui.open_wars.panels import boxed, draw_end, draw_help, draw_hover, draw_panel
from game.ui.open_wars.top_bar import draw_top_bar
from game.ui.open_wars.view import MENU_TITLES, MENUS, OpenWarsView
from game.ui.playing.settings_menu import SETTING_KEYS, change_setting, draw_game_menu
from game.ui.widgets.load_list import menu_event, open_saves
from game.ui.widgets.menu import leaving
from game.ui.widgets.rules_browser import RulesBrowser
from game.ui.widgets.stats_view import draw_figures
from systems.open_wars.ending import Concede
from systems.open_wars.moves import March, room_for

AI_PAUSE = 0.5  # seconds between an AI's decisions at speed 1: a person follows a march or a blow


class OpenWarsScreen(OpenWarsView):
    """The Open Wars screen (an `OpenWarsView`): the players' clicks and keys, the AI's answers, a frame."""

    def send(self, command: cmd.Command) -> None:
        c = self.campaign
        before = len(c.events)
        self.deliver(command)
        self.shown(c.events[before:])

    def shown(self, events: list[Event]) -> None:
        for e in events:
            self.tell(e, theme.BAD if e.kind == "rejected" else theme.TEXT)
        self.picked, self.stack, self.alert = None, None, None
        if self.campaign.pending is None or self.campaign.pending.kind != "ow_recruit":
            self.choice_list.first = 0  # a new question: its choices from their first

    def _remote(self, dt: float) -> None:
        """The other player's commands as they come, with his name in the log; what the connection
        says; while the game cannot go on, why."""
        r = self.remote
        assert r is not None
        for a in r.arrivals(dt, AI_PAUSE / SPEEDS[self.speed_index], False):
            if not a.mine:  # this player's own command comes back once its dice are drawn
                self.log.add(r.acts(self.t, a, self.unit_name), theme.TEXT_DIM)
            self.shown(a.events)
        self.connection_said(r)

    def update(self, dt: float) -> None:
        if self.remote is not None:
            self._remote(dt)
        c = self.campaign
        g = c.game
        if self.autosaves and g is not None and g.round > self.autosaved_round and self.ai.thinking is None:
            self.autosaved_round = g.round  # a new turn: keep the game, whatever happens next
            self.save(autosave=True)
        d = c.pending
        if d is None or d.side not in self.ai.players:
            return
        answer = self.computer_answer(d.side, self.ai.step(d, dt, AI_PAUSE / SPEEDS[self.speed_index]))
        if answer is not None:
            self.send(answer)

    def ask_quit(self) -> str | None:
        if self.over:
            return "quit"
        self.menu = "quit"
        return None

    def handle(self, ev: pygame.event.Event) -> str | None:
        """Returns "end" to go back to the start screen, "quit" to close the game."""
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if self.rules is not None:
            if not self.rules.handle(ev):
                self.rules, self.menu = None, "menu"  # back to the menu it was opened from
            return None
        if self.figures is not None:  # Tab again, Esc or a click: back to the map
            if ev.type == pygame.MOUSEBUTTONDOWN or (
                ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_ESCAPE)
            ):
                self.figures = None
            return None
        if self.menu is not None:
            return menu_event(self, ev)
        if self.log.handle(ev, self.mouse) or self.choice_list.handle(ev, self.mouse):  # the wheel, keys
            return None
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self._click(ev.pos)
        return None

    def _key(self, ev: pygame.event.Event) -> str | None:
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.help:
                self.help = False  # Esc closes the F1 help first; the next one opens the menu
            elif self.stack is not None or self.picked is not None:
                self.picked, self.stack = None, None  # first Esc: back from a half-made choice
            elif self.over:
                return "end"
            else:
                self.menu = "menu"
        elif k == pygame.K_F1:
            self.help = not self.help
        elif k == pygame.K_TAB:  # the game in figures, as it stands (or as it ended)
            counted = len(self.campaign.events)  # played again from its start: kept until more happens
            if self._figured is None or self._figured[0] != counted:
                self._figured = (counted, figures(self.match))
            self.figures = self._figured[1]
        elif k == pygame.K_s and ev.mod & pygame.KMOD_CTRL:
            self.save()
        elif k in (pygame.K_o, pygame.K_c) and ev.mod & pygame.KMOD_CTRL and self.remote is not None:
            self.remote.hand_over(self.log, folder=k == pygame.K_o)  # the turn file written, to send
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            if self.stack is not None:
                self._press("fewer")
            else:
                self.speed_index = max(0, self.speed_index - 1)
        elif k == pygame.K_RETURN and self.human_turn() is not None:
            self.send(cmd.Pass())  # ends the phase; in a combat, the stack attacks
        elif pygame.K_1 <= k <= pygame.K_9 and self.human_turn() is not None:
            self._key_choice(k - pygame.K_1)
        return None

    def _key_choice(self, n: int) -> None:
        """1 to 9: the panel's nth button from the top, as shown (a retreat has no key of its own)."""
        if n < len(self.buttons):
            choice = self.buttons[n][1]
            if choice.enabled:
                self._press(choice.key, choice.command)

    def menu_choice(self, key: str) -> str | None:
        self.menu = None
        if key in ("settings", "menu"):
            self.menu = key
        elif key == "concede":  # OW-DEC-30: only when the game asks this player something
            if self.human_turn() is None:
                self.alert = self.t("ow_concede_wait")
            else:
                self.menu = "concede-ask"
        elif key == "concede-yes" and self.human_turn() is not None:
            self.send(Concede())
        elif key in SETTING_KEYS:  # the battle's Settings; "window": the window's loop makes it again
            return change_setting(self, key)
        elif key == "rules":  # this game's rules: Open Wars' and its modules', not For Glory's
            prefixes = tuple(m.prefix for m in self.campaign.stack.modules)
            own = {rid: r for rid, r in self.reference.items() if rid.startswith(prefixes)}
            self.rules = RulesBrowser(own, self.t)
        elif key == "load":  # For Glory's rules name every scenario
            open_saves(self, load_ruleset)
        else:
            return leaving(key, self.save, self.ask_quit)
        return None

    def _click(self, pos: tuple[int, int]) -> None:
        button = next((ch for r, ch in self.buttons if r.collidepoint(pos)), None)
        if button is not None:
            if button.enabled:
                self._press(button.key, button.command)
            return
        d = self.human_turn()
        loc = self.view.card_at(pos)
        if d is None or loc is None:
            return
        if d.kind == "ow_move" and self.stack is not None and loc in (where := self.paths()):
            path, _cost = where[loc]
            n = min(self.count, room_for(self.campaign, d.side, loc, self.campaign.unit(self.stack.unit)))
            self.send(March(self.stack.unit, path, n))
            return
        chip = self.view.chip_at(pos)
        self.picked, self.stack = (loc, None) if loc in d.options else (None, None)
        if d.kind == "ow_move" and chip is not None and chip.player == d.side and loc in d.options:
            self._press(f"stack:{chip.unit}")

    def _press(self, key: str, command: cmd.Command | None = None) -> None:
        if command is not None:
            self.send(command)
        elif key.startswith("stack:") and self.picked is not None and (d := self.human_turn()) is not None:
            s = self.campaign.stack_of(d.side, self.picked, key.split(":", 1)[1])
            if s is not None and s.count > s.moved:
                self.stack, self.count = s, s.count - s.moved
        elif key == "fewer" and self.count > 1:
            self.count -= 1
        elif key == "more" and self.stack is not None and self.count < self.stack.count - self.stack.moved:
            self.count += 1

    def draw(self, surf: pygame.Surface) -> None:
        if surf.get_size() != self.size:
            self.layout(surf.get_size())
        surf.fill(theme.BACKGROUND)
        c = self.campaign
        d = self.human_turn()
        marked: dict[str, str] = {}
        path: tuple[str, ...] = ()
        where = self.paths() if d is not None and d.kind == "ow_move" else {}
        if where:
            marked = {loc: f"-{cost}" for loc, (_p, cost) in where.items()}
            hover = self.view.card_at(self.mouse)
            path = where[hover][0] if hover in where else ()
        elif d is not None and d.kind in ("ow_recruit", "ow_move"):
            marked = {loc: "" for loc in d.options}
        aim = self.aimed()  # a cast's or a shot's target, lit while its button is under the mouse
        if aim is not None:
            marked = {**marked, aim: self.t("ow_target_badge")}
        pending = c.pending
        fighting = pending.stage if pending is not None and pending.kind == "ow_combat" else None
        selected = pending.stage if aim is not None and pending is not None else self.picked  # the caster's
        with theme.at_scale(1.0):  # the map: its cards fill the room left them, at the interface's every size
            self.view.draw(surf, marked, path, selected, fighting, self.stack, dim=bool(where))
        draw_top_bar(self, surf)
        draw_panel(self, surf, d)  # and the log under it
        if self.alert:
            boxed(
                surf,
                self.alert,
                pygame.Rect(self.area.x + 10, self.area.y + 10, self.area.w - 20, 0),
                theme.BAD,
            )
        self.end_box = pygame.Rect(0, 0, 0, 0)
        if self.over:
            draw_end(self, surf)
        if self.help:
            draw_help(self, surf)
        draw_hover(self, surf, where)
        draw_game_menu(self, surf, MENUS, MENU_TITLES)
        if self.figures is not None:
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
            surf.blit(shade, (0, 0))
            t = ModeWords(self.t, self.campaign.stack.mode.base.prefix)  # tokens and turns, not units
            draw_figures(surf, self.figures, t, self.names, self.colours, self.t("stats_back"))
        if self.rules is not None:
            self.rules.draw(surf)
