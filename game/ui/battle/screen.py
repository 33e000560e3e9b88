"""The battle screen: the table and everything around it drawn each frame, the player's clicks and keys
turned into commands, and the computer's answers (thought in its own process, game/running/ai_process.py)
sent as they come, so the window never freezes."""

from __future__ import annotations

import pygame

from game.model import commands as cmd
from game.model.events import Event
from game.running.match import restart
from game.running.settings import SPEEDS
from game.ui import theme
from game.ui.battle.help_page import draw_help, draw_why_box
from game.ui.battle.hud import draw_alert, draw_banner, draw_dice, draw_hover, draw_top_bar
from game.ui.battle.human import HumanInput
from game.ui.battle.overlays import Overlays, ghost_boxes
from game.ui.battle.panel import draw_panel
from game.ui.battle.pause_menu import draw_battle_menu
from game.ui.battle.view import BattleView
from game.ui.playing.settings_menu import SETTING_KEYS, change_setting
from game.ui.widgets.load_list import menu_event, open_saves
from game.ui.widgets.menu import leaving
from game.ui.widgets.rules_browser import RulesBrowser

AI_PAUSE = 0.35  # seconds between an AI's decisions at speed 1, so a person can follow


class BattleScreen(BattleView):
    """The battle: the view of it (battle_view) taking the player's input and the AI's answers."""

    def send(self, c: cmd.Command | None) -> None:
        if c is None:
            return
        b = self.battle
        before = len(b.events)
        side = b.pending.side if b.pending is not None else ""
        kind = b.pending.kind if b.pending is not None else ""
        given = len(self.match.commands)
        self.deliver(c)
        if len(self.match.commands) > given:  # over the network it is shown once its dice are drawn
            self.shown(side, kind, b.events[before:])

    def shown(self, side: str, kind: str, new: list[Event]) -> None:
        """A command applied (by anyone): its events animated and told, the undo marks kept."""
        b = self.battle
        self.marks.append(len(b.events))
        self.sent_by.append(side)
        self.answered.append(kind)
        self.display.feed(b, new)
        self.alert = None
        self.log.feed(new)
        self.asked = None

    def undo(self) -> bool:
        """Take back the human's last command (and what the AI answered since), unless a die was
        rolled since: the dice are part of the battle, and a roll is never taken back."""
        m = self.match
        human = [i for i, side in enumerate(self.sent_by) if self.controllers.get(side) == "human"]
        if not human or self.ai.thinking is not None or not self.takes_back:  # kept elsewhere too
            return False
        i = human[-1]
        start = self.marks[i - 1] if i > 0 else self.first_event
        if any(e.kind == "roll" for e in m.battle.events[start:]):
            self.log.say("log_no_undo", theme.BAD)
            return False
        m.battle.close()
        fresh = restart(m)
        for c in m.commands[: self.first_command + i]:  # a loaded battle's commands, then this screen's
            fresh.apply(c)
        self.match = fresh
        self.ai.restart(fresh)
        self.marks, self.sent_by, self.answered = self.marks[:i], self.sent_by[:i], self.answered[:i]
        self.human = HumanInput(fresh.battle, t=self.t)
        self.display.sync(fresh.battle)
        self.asked = None
        self.log.undo(start, "log_undone")  # the undone order's lines go
        return True

    def update(self, dt: float) -> None:
        if self.remote is not None:
            self._remote(dt)
        self.display.tick(dt)
        for cue in self.display.cues:
            self.sounds.play(cue)
        self.display.cues.clear()
        b = self.battle
        g = b.game
        if self.autosaves and g is not None and g.round > self.autosaved_round and self.ai.thinking is None:
            self.autosaved_round = g.round  # a new round: keep the battle, whatever happens next
            self.save(autosave=True)
        d = b.pending
        if d is None or self.display.busy:
            return
        if self.controllers.get(d.side) == "human":
            if self.asked is not d:
                self.asked = d
                self.human.start(d)
                if d.kind == "reaction":  # the player sees who moves and who may react before choosing
                    names = [d.unit, *d.options]
                    self.camera.bring_into_view([(p.x, p.y) for p in (b.pose(b.ids[n]) for n in names)])
            return
        if d.side not in self.ai.players:  # a replay: the viewer sends its commands
            return
        self.send(self.computer_answer(d.side, self.ai.step(d, dt, AI_PAUSE / SPEEDS[self.speed_index])))

    def _remote(self, dt: float) -> None:
        """The other player's commands as they come, with his name in the log; what the connection
        says; while it cannot go on, why, across the table."""
        r = self.remote
        assert r is not None
        for a in r.arrivals(dt, AI_PAUSE / SPEEDS[self.speed_index], self.display.busy):
            if not a.mine:  # this player's own command comes back once its dice are drawn
                self.log.add(r.acts(self.t, a, self.t.names), theme.TEXT_DIM)
            self.shown(a.side, a.kind, a.events)
        self.connection_said(r)

    def handle(self, ev: pygame.event.Event) -> str | None:
        """Returns "end" when the player leaves the battle for the start screen, "quit" to close the
        game."""
        if ev.type == pygame.VIDEORESIZE:  # the table fitted to the new window, as F does
            self.layout((ev.w, ev.h))
            self.camera.fit(self.battle.table.width, self.battle.table.depth)
        elif self.rules is not None:
            if not self.rules.handle(ev):
                self.rules, self.menu = None, self.rules_back  # back where it was opened from
        elif self.menu is not None:
            if ev.type == pygame.MOUSEMOTION:
                self.mouse = ev.pos
            return menu_event(self, ev)
        elif ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.dragging is not None:
                self.camera.pan_pixels(ev.pos[0] - self.dragging[0], ev.pos[1] - self.dragging[1])
                self.dragging = ev.pos
            elif self.human_turn() and self.camera.contains(ev.pos):
                self.human.hover(self.camera.to_table(ev.pos))
        elif self.log.handle(ev, self.mouse):  # its wheel; End or its marker: the newest lines
            return None
        elif ev.type == pygame.MOUSEWHEEL:
            if self.help:
                self.help_scroll = max(0, self.help_scroll - ev.y * 3 * theme.font(20).get_linesize())
            elif (
                self.human_turn() and self.human.mode == "move" and pygame.key.get_mods() & pygame.KMOD_SHIFT
            ):
                self.human.turn(15 * (ev.y or ev.x))  # some systems send Shift+wheel as a sideways wheel
            elif self.camera.contains(self.mouse):
                self.camera.zoom_at(self.mouse, 1.15**ev.y)
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            link = next((rid for rect, rid in self.help_links if rect.collidepoint(ev.pos)), None)
            if ev.button == 1 and link is not None:  # a rule of the F1 help: the rules reference, there
                self.rules, self.rules_back = (
                    RulesBrowser(self.reference, self.t, link, self.glossary(), linked=True),
                    None,
                )
                return None
            if ev.button == 1:
                for rect, button in self.buttons:
                    if rect.collidepoint(ev.pos) and button.enabled:
                        self._button(button.key)
                        return None
                if self.camera.contains(ev.pos):
                    if self.human_turn():
                        c = self.human.grab(self.camera.to_table(ev.pos))
                        if c is not None:
                            self.send(c)
                        elif self.human.mode in ("select", "buttons", "deploy"):
                            self.dragging = ev.pos
                    else:
                        self.dragging = ev.pos
            elif ev.button in (2, 3):
                if ev.button == 3 and self.human_turn() and self.human.mode not in ("select", "buttons"):
                    self.human.cancel()
                else:
                    self.dragging = ev.pos
        elif ev.type == pygame.MOUSEBUTTONUP:
            self.dragging = None
            if ev.button == 1 and self.human_turn() and self.camera.contains(ev.pos):
                self.human.drop(self.camera.to_table(ev.pos))
        elif ev.type == pygame.KEYDOWN:
            return self._key(ev)
        return None

    def ask_quit(self) -> str | None:
        """The window is being closed: ask first if there is a battle to lose ("quit" if not)."""
        if not self.at_stake:
            return "quit"
        self.menu = "quit"
        return None

    def menu_choice(self, key: str) -> str | None:
        self.menu = None
        if key in ("settings", "menu"):
            self.menu = key
        elif key in SETTING_KEYS:  # "window": the window's loop makes the window again, at once
            return change_setting(self, key)
        elif key == "rules":
            self.rules, self.rules_back = RulesBrowser(self.reference, self.t, "", self.glossary()), "menu"
        elif key == "load":
            open_saves(self, lambda: self.match.rules)
        else:
            return leaving(key, self.save, self.ask_quit)
        return None

    def set_speed(self, index: int) -> None:
        self.speed_index = index
        self.display.speed = self.settings.speed = SPEEDS[index]

    def _button(self, key: str) -> None:
        if key == "undo":
            self.undo()
            return
        if key == "speed":
            self.set_speed((self.speed_index + 1) % len(SPEEDS))
            return
        if key == "skip":
            self.display.skip()
            return
        if key.startswith("overlay:"):
            self.overlays.toggle(key.split(":")[1])
            return
        if self.human_turn():
            self.send(self.human.press(key))

    def _key(self, ev: pygame.event.Event) -> str | None:
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.help:
                self.help = False  # Esc closes the F1 help first; the next one opens the menu
                return None
            h = self.human
            ordering = h.decision is not None and h.decision.kind == "order"
            if self.human_turn() and ordering and h.mode not in ("select", "buttons"):
                h.cancel()  # first Esc: back from a half-given order; the next one opens the menu
                return None
            if self.over:
                return "end"
            self.menu = "menu"
            return None
        if k == pygame.K_F1:
            self.help, self.help_scroll = not self.help, 0
        elif self.help and k in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            lines = 1 if k in (pygame.K_UP, pygame.K_DOWN) else 10
            down = k in (pygame.K_DOWN, pygame.K_PAGEDOWN)
            self.help_scroll = max(
                0, self.help_scroll + (lines if down else -lines) * theme.font(20).get_linesize()
            )
        elif k == pygame.K_w:
            self.why, self.why_back = not self.why, 0
        elif k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) and self.why:
            older = 1 if k == pygame.K_LEFTBRACKET else -1
            self.why_back = max(0, min(len(self.ai.thoughts) - 1, self.why_back + older))
        elif k == pygame.K_s and ev.mod & pygame.KMOD_CTRL:
            self.save()
        elif k in (pygame.K_o, pygame.K_c) and ev.mod & pygame.KMOD_CTRL and self.remote is not None:
            self.remote.hand_over(self.log, folder=k == pygame.K_o)  # the turn file written, to send
        elif k == pygame.K_f:
            self.camera.fit(self.battle.table.width, self.battle.table.depth)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 40
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(k, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(k, 0)
            self.camera.pan_pixels(dx, dy)
        elif k in (pygame.K_q, pygame.K_e) and self.human_turn():
            self.human.turn(15 if k == pygame.K_q else -15)
        elif k == pygame.K_SPACE:
            self.display.skip()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_speed(min(len(SPEEDS) - 1, self.speed_index + 1))
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_speed(max(0, self.speed_index - 1))
        elif k == pygame.K_z and ev.mod & pygame.KMOD_CTRL:
            self.undo()
        elif k == pygame.K_RETURN and self.human_turn():
            buttons = [b for b in self.human.buttons() if b.enabled]
            if buttons and (len(buttons) == 1 or buttons[0].key in ("deploy", "confirm")):
                self._button(buttons[0].key)
        elif ev.unicode and ev.unicode.lower() in Overlays.KEYS:
            self.overlays.toggle(Overlays.KEYS[ev.unicode.lower()])
        return None

    def draw(self, surf: pygame.Surface) -> None:
        b = self.battle
        surf.fill(theme.BACKGROUND)
        units, officers = self.looks()
        r = self.renderer
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(self.camera.view))
        r.draw_table(surf, self.camera)
        deploying = b.pending is not None and b.pending.kind in ("deploy", "place_staff")
        if b.game and deploying:
            r.draw_zones(surf, self.camera, b.game.zones)
        if b.game:  # under the pieces, as ground: its name, with the holder's star, is always laid
            r.draw_objectives(
                surf,
                self.camera,
                [(self.objective_names.get(o.id, o.name or o.id), o.at, o.holder) for o in b.game.objectives],
            )
        r.draw_markers(surf, self.camera, b.markers())
        chosen = self.human.selected if self.human_turn() else None
        self.overlays.draw(surf, self.camera, b, self.renderer.colours, chosen)
        r.draw_units(surf, self.camera, units, self.display)
        r.draw_officers(surf, self.camera, officers, self.display)
        ghosts = ghost_boxes(self.camera, b, self.human) if self.human_turn() else []
        dice = [self.dice_box] if self.dice_box else []  # as last drawn: it stands while its roll shows
        r.draw_labels(surf, self.camera, [*ghosts, *dice])  # off the ghosts and the dice, drawn over them
        r.draw_effects(surf, self.camera, self.display.effects)
        if self.human_turn():
            self.overlays.draw_human(surf, self.camera, b, self.human)
        self.overlays.draw_ruler(surf, self.camera, b, self.mouse, self.human.selected, self.t)
        surf.set_clip(clip)
        draw_top_bar(self, surf)
        draw_panel(self, surf)
        self.log.draw(surf)
        draw_dice(self, surf)
        draw_banner(self, surf)
        draw_alert(self, surf)
        for layer in self.under_modals:
            layer(surf)
        draw_help(self, surf)
        draw_why_box(self, surf)
        draw_hover(self, surf)  # over the help: a hover box is never cut by the panel it sticks out of
        draw_battle_menu(self, surf)
        if self.rules is not None:
            self.rules.draw(surf)
