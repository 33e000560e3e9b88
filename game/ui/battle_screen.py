"""The battle: the table, the HUD, the log, and whoever is deciding (a human here, or an AI thinking
in a worker thread so the window never freezes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import esper
import pygame

from game import commands as cmd
from game.ai.reasons import Thought
from game.ai.worker import RemoteError
from game.battle import Battle, Decision
from game.components import Ident, Officer, Side, Status, Unit
from game.errors import one_line
from game.locale import LANGUAGES, Texts
from game.match import Match, restart, summary
from game.module_records import module_locales
from game.modules import rule_id_pattern
from game.narrate import Narrator, names_of
from game.recovery import recover
from game.rulesref import reference_for
from game.settings import COLOUR_BLIND, SPEEDS, THINK, UI_SCALES, VOLUMES, Settings
from game.ui import theme
from game.ui.ai_turns import ComputerTurns, Restarted
from game.ui.camera import Camera
from game.ui.display import Display
from game.ui.human import Button, HumanInput, unit_lines
from game.ui.load_list import LoadList, is_load_key, load_choice
from game.ui.log_panel import LogPanel, tooltip
from game.ui.menu import draw_menu, leaving, save_logged
from game.ui.overlays import Overlays
from game.ui.render import BaseLook, OfficerLook, Renderer
from game.ui.roll_words import roll_rows
from game.ui.rules_browser import RulesBrowser
from game.ui.sound import Sounds
from game.ui.why_box import draw_why, why_lines
from systems.checks import is_disorganised

AI_PAUSE = 0.35  # seconds between an AI's decisions at speed 1, so a person can follow
# the right panel's rows, in pixels at UI scale 1 (theme.px scales them): three lines of what is asked,
# up to ten buttons (more go in two columns), five lines of details (the ghost's verdict, odds), two rows
# of overlay toggles
PANEL_HEAD, BUTTON_STEP, MOST_BUTTONS, DETAIL_LINES, OVERLAY_ROWS = 72, 30, 10, 5, 52


# F1: the keys, and the rules of the decision in hand (their titles come from the rules reference)
KEYS_HELP = ("help_mouse", "help_keys", "help_more", "help_overlays")  # texts of content/locale/*/ui.toml
RULES_HELP = {
    "deploy": ("FG-DEP-5", "FG-DEP-7", "FG-DEP-8", "FG-DEP-9", "FG-DEP-10", "FG-REINF-4", "AMB-40"),
    "place_staff": ("FG-DEP-11", "AMB-41"),
    "activate": ("FG-ACT-1", "FG-ACT-2", "FG-ACT-4", "FG-ACT-5", "AMB-46"),
    "order": (
        "FG-ORD-2",
        "FG-ORD-3",
        "FG-ORD-5",
        "FG-ORD-6",
        "FG-ORD-8",
        "FG-ORD-9",
        "FG-ORD-10",
        "FG-CHG-1",
    ),
    "reaction": ("FG-REACT-1", "FG-REACT-2", "FG-REACT-3", "FG-REACT-4"),
    "marker": ("FG-FIRE-4",),
    "extra_move": ("FG-CHG-4", "FG-CHG-5", "FG-CHG-6"),
    "officer_move": ("FG-ACT-7", "FG-UNIT-18", "AMB-48"),
    "staff_move": ("FG-ACT-8", "AMB-48"),
}

# the Esc menu and the questions before leaving: (what a button does, its label); the list of saves
# to load is made when it opens (game/ui/load_list.py)
MENUS = {
    "menu": (
        ("resume", "menu_resume"),
        ("save", "menu_save"),
        ("load", "menu_load"),
        ("settings", "menu_to_settings"),
        ("rules", "menu_rules"),
        ("end", "menu_end"),
        ("quit", "menu_quit"),
    ),
    "settings": (
        ("language", "set_language"),
        ("colour-blind", "set_colour_blind"),
        ("sound", "set_sound"),
        ("music", "set_music"),
        ("ui-scale", "set_ui_scale"),
        ("ai-think", "set_ai_think"),
        ("menu", "menu_back"),
    ),
    "quit": (
        ("save-quit", "menu_save_quit"),
        ("quit-now", "menu_quit_now"),
        ("resume", "menu_cancel"),
    ),
    "load-ask": (
        ("save-load", "menu_save_load"),
        ("load-now", "menu_load_now"),
        ("load", "menu_cancel"),
    ),
}
MENU_TITLES = {
    "menu": "menu_paused",
    "settings": "menu_settings",
    "quit": "menu_quit_title",
    "load-ask": "menu_load_title",
}
LOAD_MENU_WIDTH = 600  # the saves' lines are longer than the menu's words


class BattleScreen:
    def __init__(
        self,
        match: Match,
        controllers: dict[str, str],
        size: tuple[int, int],
        settings: Settings | None = None,
    ) -> None:
        self.match = match
        b = match.battle
        self.controllers = controllers  # side -> "human" or a player name
        self.settings = settings or Settings()
        # the computer players, in their process
        self.ai = ComputerTurns.start(match, controllers, self.settings.ai_think)
        spec = match.scenario.spec
        self.t = Texts(self.settings.language, module_locales(b.stack))
        # the sides and objectives by the scenario's names in the player's language (the log's too)
        self.names, self.objective_names = names_of(spec, self.t.language)
        colours = {s.id: tuple(s.colour) for s in spec.sides}
        if self.settings.colour_blind:
            colours = dict(zip(colours, COLOUR_BLIND, strict=False))
        fp = b.rules.core.bases
        self.renderer = Renderer(b.table, colours, (fp.unit_width, fp.unit_depth), fp.officer_diameter / 2)  # type: ignore[arg-type]
        self.display = Display(t=self.t)
        self.display.sync(b)
        self.display.feed(b, b.events)
        self.display.skip()
        self.reference = reference_for(self.settings.language, b.rules.loaded_mods, b.stack.chosen)
        rule_ids = rule_id_pattern(self.reference)
        self.log = LogPanel(
            pygame.Rect(0, 0, 10, 10),
            rule_ids=rule_ids,
            t=self.t,
            sides=self.names,
            objectives=self.objective_names,
        )
        self.log.feed(b.events)
        self.human = HumanInput(b, t=self.t)
        self.overlays = Overlays()
        self.camera = Camera((0, theme.TOP_BAR, 10, 10))
        self.layout(size)
        self.camera.fit(b.table.width, b.table.depth)
        self.alert: str | None = None  # what went wrong, shown until the player's next command
        # the Esc menu ("menu"), its settings, its list of saves ("load"), the questions before quitting
        # ("quit") or loading another battle ("load-ask")
        self.menu: str | None = None
        self.saves = LoadList([], {})
        self.to_load: Path | None = None  # the save chosen in the menu, for the window to open
        self.rules: RulesBrowser | None = None  # the rules reference, over everything
        self.rules_back: str | None = None  # the menu it returns to (none when opened from the F1 help)
        self.help_links: list[tuple[pygame.Rect, str]] = []  # the F1 help's rule lines, as drawn
        self.help = False  # F1
        self.why = False  # W: the reasons of the computer's decisions
        self.why_back = 0  # how many decisions before the last one the box shows
        self.sounds = Sounds(volume=self.settings.sound, music=self.settings.music)
        self.menu_buttons: list[tuple[pygame.Rect, str]] = []
        self.autosaved_round = b.game.round if b.game else 0
        self.speed_index = self.settings.speed_index()
        self.display.speed = SPEEDS[self.speed_index]
        self.mouse = (0, 0)
        self.dragging: tuple[int, int] | None = None
        self.buttons: list[tuple[pygame.Rect, Button]] = []
        self.asked: Decision | None = None
        self.marks: list[int] = []  # number of events after each command (for undo)
        self.sent_by: list[str] = []  # the side whose decision each command answered
        self.first_event = len(b.events)
        self._looks_key: tuple[int, int, str | None] | None = None
        self._score_key: tuple[int, int] | None = None
        self._score: dict[str, int] = {}
        self._looks: tuple[list[BaseLook], list[OfficerLook]] = ([], [])

    # --- layout and state -----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        theme.set_scale(theme.fit_scale(self.settings.ui_scale, size))
        self.camera.view = (0, theme.TOP_BAR, w - theme.RIGHT_PANEL, h - theme.TOP_BAR)
        self.panel = pygame.Rect(w - theme.RIGHT_PANEL, theme.TOP_BAR, theme.RIGHT_PANEL, h - theme.TOP_BAR)
        # the panel, top to bottom: what is asked, the buttons, the details, the overlay toggles, then
        # the log in what is left; the parts above the log keep their room whatever is asked, so the
        # log never covers them and the buttons never move
        top = self.panel.y + theme.px(
            PANEL_HEAD + MOST_BUTTONS * BUTTON_STEP + DETAIL_LINES * 20 + OVERLAY_ROWS
        )
        self.log.rect = pygame.Rect(
            self.panel.x + 6, top, self.panel.w - 12, max(120, self.panel.bottom - top - 6)
        )

    @property
    def battle(self) -> Battle:
        return self.match.battle

    @property
    def over(self) -> bool:
        return self.battle.pending is None and not self.display.busy

    def human_turn(self) -> bool:
        """A human has a decision in hand (and the table shows the state it is about)."""
        d = self.battle.pending
        return d is not None and self.controllers.get(d.side) == "human" and self.asked is d

    # --- sending commands -----------------------------------------------------------------------

    def send(self, c: cmd.Command | None) -> None:
        if c is None:
            return
        b = self.battle
        before = len(b.events)
        side = b.pending.side if b.pending is not None else ""
        self.match.apply(c)
        self.ai.applied(c)
        new = b.events[before:]
        self.marks.append(len(b.events))
        self.sent_by.append(side)
        self.display.feed(b, new)
        self.alert = None
        self.log.feed(new)
        self.asked = None

    def undo(self) -> bool:
        """Take back the human's last command (and what the AI answered since), unless a die was
        rolled since: the dice are part of the battle, and a roll is never taken back."""
        m = self.match
        human = [i for i, side in enumerate(self.sent_by) if self.controllers.get(side) == "human"]
        if not human or self.ai.thinking is not None:
            return False
        i = human[-1]
        start = self.marks[i - 1] if i > 0 else self.first_event
        if any(e.kind == "roll" for e in m.battle.events[start:]):
            self.log.add(self.t("log_no_undo"), theme.BAD)
            return False
        m.battle.close()
        fresh = restart(m)
        for c in m.commands[:i]:
            fresh.apply(c)
        self.match = fresh
        self.ai.restart(fresh)
        self.marks, self.sent_by = self.marks[:i], self.sent_by[:i]
        self.human = HumanInput(fresh.battle, t=self.t)
        self.display.sync(fresh.battle)
        self.asked = None
        self.log.undo(start, self.t("log_undone"))  # the undone order's lines go
        return True

    def close(self) -> None:
        """Leave the battle: end the AI's process, free the battle; the other screens, laid out at scale
        1, get it back."""
        self.ai.close()
        self.battle.close()
        theme.set_scale(1.0)

    # --- every frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.display.tick(dt)
        for cue in self.display.cues:
            self.sounds.play(cue)
        self.display.cues.clear()
        b = self.battle
        if b.game is not None and b.game.round > self.autosaved_round and self.ai.thinking is None:
            self.autosaved_round = b.game.round  # a new round: keep the battle, whatever happens next
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
        answer = self.ai.step(d, dt, AI_PAUSE / SPEEDS[self.speed_index])
        if isinstance(answer, RemoteError):
            self._ai_failed(d.side, answer)
        elif isinstance(answer, Restarted):
            self.alert = self.t(
                "ai_restarted", side=self.names.get(d.side, d.side), seconds=f"{answer.waited:.0f}"
            )
            self.log.add(self.alert, theme.BAD)
        else:
            self.send(answer)

    def _ai_failed(self, side: str, error: RemoteError) -> None:
        """The computer player of a side raised: save the battle and a report, tell the player, and
        hand the side to him so the battle can go on (or be left from the start screen)."""
        _saved, report, said = recover(self.match, self.controllers, error)
        self.controllers[side] = "human"
        self.ai.players.pop(side, None)
        self.ai.restart(self.match)
        name = self.names.get(side, side)
        where = self.t("crash_report", path=report) if report else ""
        what = one_line(str(error), 160)  # its kind and its words, as raised in the AI's process
        self.alert = self.t("ai_failed", side=name, error=what, saved=said, report=where)
        self.log.add(self.alert, theme.BAD)

    # --- input ----------------------------------------------------------------------------------

    def handle(self, ev: pygame.event.Event) -> str | None:
        """Returns "end" when the player leaves the battle for the start screen, "quit" to close the
        game."""
        if ev.type == pygame.VIDEORESIZE:
            self.layout((ev.w, ev.h))
        elif self.rules is not None:
            if not self.rules.handle(ev):
                self.rules, self.menu = None, self.rules_back  # back where it was opened from
        elif self.menu is not None:
            return self._menu_event(ev)
        elif ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.dragging is not None:
                self.camera.pan_pixels(ev.pos[0] - self.dragging[0], ev.pos[1] - self.dragging[1])
                self.dragging = ev.pos
            elif self.human_turn() and self.camera.contains(ev.pos):
                self.human.hover(self.camera.to_table(ev.pos))
        elif ev.type == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.mouse):
                self.log.on_wheel(ev.y)
            elif (
                self.human_turn() and self.human.mode == "move" and pygame.key.get_mods() & pygame.KMOD_SHIFT
            ):
                self.human.turn(15 * ev.y)
            elif self.camera.contains(self.mouse):
                self.camera.zoom_at(self.mouse, 1.15**ev.y)
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            link = next((rid for rect, rid in self.help_links if rect.collidepoint(ev.pos)), None)
            if ev.button == 1 and link is not None:  # a rule of the F1 help: the rules reference, there
                self.rules, self.rules_back = RulesBrowser(self.reference, self.t, link), None
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

    @property
    def at_stake(self) -> bool:
        """A battle in progress that leaving would lose."""
        return not self.over and bool(self.match.commands)

    def ask_quit(self) -> str | None:
        """The window is being closed: ask first if there is a battle to lose ("quit" if not)."""
        if not self.at_stake:
            return "quit"
        self.menu = "quit"
        return None

    def load_failed(self, why: str) -> None:
        """The save chosen could not be opened: say why in one line; this battle goes on."""
        self.alert = self.t("load_failed", why=one_line(why, 160))
        self.log.add(self.alert, theme.BAD)

    def _menu_event(self, ev: pygame.event.Event) -> str | None:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.menu = None
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for rect, key in self.menu_buttons:
                if rect.collidepoint(ev.pos):
                    return self._menu_choice(key)
        return None

    def _menu_choice(self, key: str) -> str | None:
        self.menu = None
        if key in ("settings", "menu"):
            self.menu = key
        elif key in ("language", "colour-blind", "sound", "music", "ui-scale", "ai-think"):
            self._change(key)
            self.menu = "settings"
        elif key == "rules":
            self.rules, self.rules_back = RulesBrowser(self.reference, self.t), "menu"
        elif is_load_key(key):
            return load_choice(self, key, lambda: self.match.rules)
        else:
            return leaving(key, self.save, self.ask_quit)
        return None

    def set_speed(self, index: int) -> None:
        self.speed_index = index
        self.display.speed = self.settings.speed = SPEEDS[index]

    def _change(self, key: str) -> None:
        """Cycle one setting; it is remembered when the game closes."""
        st = self.settings
        if key == "language":
            names = list(LANGUAGES)
            st.language = names[(names.index(st.language) + 1) % len(names)]
            self.t = self.display.t = self.human.t = Texts(st.language, self.t.extra)
            self.names, self.objective_names = names_of(self.match.scenario.spec, st.language)
            self.log.sides, self.log.objectives = self.names, self.objective_names
            self.log.retell(self.t)
            b = self.battle
            self.reference = reference_for(st.language, b.rules.loaded_mods, b.stack.chosen)
        elif key == "colour-blind":
            st.colour_blind = not st.colour_blind
            spec = self.match.scenario.spec
            own = {s.id: s.colour for s in spec.sides}
            self.renderer.colours = dict(zip(own, COLOUR_BLIND, strict=False)) if st.colour_blind else own
            self._looks_key = None  # redraw the bases in their new colours
        elif key == "ui-scale":
            st.ui_scale = UI_SCALES[(UI_SCALES.index(st.ui_scale) + 1) % len(UI_SCALES)]
            self.layout(self.size)
        elif key == "ai-think":
            st.ai_think = THINK[(THINK.index(st.ai_think) + 1) % len(THINK)]
            self.ai.think = st.ai_think
            self.ai.restart(self.match)  # its players are made with their budget
        else:
            now = getattr(st, key)
            after = next((v for v in VOLUMES if v > now + 1e-9), VOLUMES[0])
            setattr(st, key, after)
            self.sounds.volume, self.sounds.music_volume = st.sound, st.music

    def menu_label(self, key: str, text: str) -> str:
        """A menu button's words; a setting's shows its value."""
        st, t = self.settings, self.t
        if key == "colour-blind":
            return t(text, state=t("on") if st.colour_blind else t("off"))
        if key == "ui-scale":
            return t(text, value=f"{round(st.ui_scale * 100)}%")
        if key == "ai-think":
            return t(text, value=f"{st.ai_think:g}")
        if key in ("sound", "music"):
            value = getattr(st, key)
            return t(text, value=f"{round(value * 100)}%" if value else t("off"))
        return t(text)

    def save(self, autosave: bool = False) -> bool:
        return save_logged(self.match, self.controllers, self.log, self.t, autosave)

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
            self.help = not self.help
        elif k == pygame.K_w:
            self.why, self.why_back = not self.why, 0
        elif k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) and self.why:
            older = 1 if k == pygame.K_LEFTBRACKET else -1
            self.why_back = max(0, min(len(self.ai.thoughts) - 1, self.why_back + older))
        elif k == pygame.K_s and ev.mod & pygame.KMOD_CTRL:
            self.save()
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

    # --- drawing --------------------------------------------------------------------------------

    def looks(self) -> tuple[list[BaseLook], list[OfficerLook]]:
        """What each piece looks like; it changes only with events or the selection, so it is cached."""
        b = self.battle
        key = (id(b), len(b.events), self.human.selected if self.human_turn() else None)
        if key != self._looks_key:
            self._looks_key, self._looks = key, self._make_looks()
        return self._looks

    def _make_looks(self) -> tuple[list[BaseLook], list[OfficerLook]]:
        b = self.battle
        b.enter()
        units, officers = [], []
        init = b.game.initiative if b.game else {}
        sel = self.human.selected if self.human_turn() else None
        for e, (ident, side) in esper.get_components(Ident, Side):
            u = esper.try_component(e, Unit)
            if u is not None:
                st = esper.component_for_entity(e, Status)
                units.append(
                    BaseLook(
                        ident.id,
                        side.side,
                        u.category.code,
                        u.category.type,
                        st.in_play and is_disorganised(b, e),
                        ident.id == sel,
                        ident.id,
                        " ".join(t for badge in b.stack.badges if (t := badge(b, e))) if st.in_play else "",
                        u.quality.code,
                    )
                )
            else:
                off = esper.component_for_entity(e, Officer)
                officers.append(
                    OfficerLook(
                        ident.id, side.side, off.role == "staff", off.experience, init.get(ident.id), off.dead
                    )
                )
        return units, officers

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
        r.draw_markers(surf, self.camera, b.markers())
        self.overlays.draw(surf, self.camera, self)
        r.draw_units(surf, self.camera, units, self.display)
        r.draw_officers(surf, self.camera, officers, self.display)
        if b.game:  # over the pieces: who holds an objective is always seen
            r.draw_objectives(
                surf,
                self.camera,
                [(self.objective_names.get(o.id, o.name or o.id), o.at, o.holder) for o in b.game.objectives],
            )
        r.draw_labels(surf, self.camera)
        r.draw_effects(surf, self.camera, self.display.effects)
        if self.human_turn():
            self.overlays.draw_human(surf, self.camera, self)
        self.overlays.draw_ruler(surf, self.camera, self)
        surf.set_clip(clip)
        self._top_bar(surf)
        self._panel(surf)
        self.log.draw(surf)
        self._dice(surf)
        self._banner(surf)
        self._alert(surf)
        self._hover(surf)
        self._help(surf)
        self._why(surf)
        self._menu(surf)
        if self.rules is not None:
            self.rules.draw(surf)

    def _top_bar(self, surf: pygame.Surface) -> None:
        b = self.battle
        g = b.game
        bar = pygame.Rect(0, 0, self.size[0], theme.TOP_BAR)
        pygame.draw.rect(surf, theme.PANEL, bar)
        pygame.draw.line(surf, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
        big, small = theme.font(24), theme.font(18)
        assert g is not None
        d = b.pending
        active = b.activation.formation.key if b.activation and g.phase == "activations" else "-"
        t = self.t
        if d is None:
            who = t("battle_over")
        else:
            ctrl = self.controllers.get(d.side, "?")
            player = t("you") if ctrl == "human" else ctrl
            who = t(
                "decides", side=self.names.get(d.side, d.side), player=player, decision=self.decision(d.kind)
            )
            if self.ai.thinking is not None:
                who += " ..."
        phase = t(f"phase_{g.phase.replace(' ', '_')}")
        surf.blit(
            big.render(t("top_bar", round=g.round, phase=phase, active=active), True, theme.TEXT),
            (10, theme.px(6)),
        )
        surf.blit(small.render(who, True, theme.ACCENT), (10, theme.px(32)))
        points = self.score()
        score = "   ".join(f"{self.names.get(s, s)} {p}" for s, p in points.items())
        text = big.render(t("score", score=score), True, theme.TEXT)
        right = self.size[0] - theme.RIGHT_PANEL - 10
        surf.blit(text, (right - text.get_width(), theme.px(6)))
        lines = [line for status in b.stack.statuses if (line := status(b)) is not None]
        if lines:  # the rule modules' state (command points ...)
            words = small.render("   ".join(t(key, **values) for key, values in lines), True, theme.ACCENT)
            surf.blit(words, (right - words.get_width(), theme.px(32)))
        self._order_strip(surf, small)

    def score(self) -> dict[str, int]:
        """The score so far; counted from the events, so only again when there are new ones."""
        key = (id(self.battle), len(self.battle.events))
        if key != self._score_key:
            self._score_key, self._score = key, summary(self.match)["score"]
        return self._score

    def _order_strip(self, surf: pygame.Surface, font: pygame.font.Font) -> None:
        """The activation order of this round, the active formation marked."""
        b = self.battle
        g = b.game
        assert g is not None
        if not g.initiative:
            return
        x = self.size[0] - theme.RIGHT_PANEL - 10
        active = b.activation.formation.key if b.activation else None
        items = sorted(g.initiative.items(), key=lambda kv: -kv[1])
        for key, init in reversed(items):
            side = next((f.side for f in b.formations if f.key == key), "")
            label = font.render(f"{key} {init}", True, theme.ACCENT if key == active else theme.TEXT_DIM)
            x -= label.get_width() + 14
            colour = self.renderer.colours.get(side, theme.PANEL_EDGE)
            strip = pygame.Rect(x - 4, theme.px(33), label.get_width() + 8, theme.px(18))
            pygame.draw.rect(surf, colour, strip, border_radius=3)
            surf.blit(label, label.get_rect(midleft=(x, strip.centery)))

    def _panel(self, surf: pygame.Surface) -> None:
        """The decision in hand: what is asked, the buttons (always in the same place, so they do
        not move under the mouse), then what the mouse is pointing at: the ghost's verdict, odds."""
        pygame.draw.rect(surf, theme.PANEL, self.panel)
        font = theme.font(20)
        x, y = self.panel.x + 10, self.panel.y + 8
        self.buttons = []
        head: list[tuple[str, theme.Colour]] = []
        detail: list[tuple[str, theme.Colour]] = []
        if self.human_turn():
            h = self.human
            head += [(t, theme.TEXT) for t in h.info]
            if h.selected and self.battle.pending and self.battle.pending.kind == "order":
                head.append((self.t("panel_selected", unit=h.selected), theme.ACCENT))
            if h.ghost is not None:
                detail += [(t, theme.GOOD if h.ghost.ok else theme.BAD) for t in h.ghost.lines]
            detail += [(t, theme.ACCENT) for t in h.odds_lines()]
        elif self.battle.pending is not None:
            d = self.battle.pending
            key = {"human": "watching", "replay": "replaying"}.get(
                self.controllers.get(d.side, ""), "thinking"
            )
            head.append((self.t(key, side=self.names.get(d.side, d.side)), theme.TEXT_DIM))
        y = self._lines(surf, head, font, x, y, 3)
        y = self.panel.y + theme.px(PANEL_HEAD)  # the buttons start at the same place whatever is asked
        buttons = self.human.buttons() if self.human_turn() else []
        undoable = bool(self.match.commands) and "human" in self.controllers.values()
        buttons += [
            Button("undo", self.t("undo"), undoable),
            Button("speed", self.t("speed", speed=f"{SPEEDS[self.speed_index]:g}")),
            Button("skip", self.t("skip"), self.display.busy),
        ]
        step = theme.px(BUTTON_STEP)
        columns = 1 if len(buttons) <= MOST_BUTTONS else 2  # many formations or reactions: two columns
        width = (self.panel.w - 20 - 4 * (columns - 1)) // columns
        for i, button in enumerate(buttons):
            row, column = divmod(i, columns)
            rect = pygame.Rect(x + column * (width + 4), y + row * step, width, step - theme.px(4))
            hover = rect.collidepoint(self.mouse)
            fill = (70, 74, 82) if button.enabled else (45, 47, 52)
            if hover and button.enabled:
                fill = (95, 100, 110)
            pygame.draw.rect(surf, fill, rect, border_radius=4)
            colour = theme.TEXT if button.enabled else theme.TEXT_DIM
            picture = theme.icon(button.key, rect.h - theme.px(8), colour)
            left = rect.x + 8 + (picture.get_width() + 6 if picture else 0)
            if picture is not None:
                surf.blit(picture, picture.get_rect(midleft=(rect.x + 6, rect.centery)))
            label = _fitted(button.label, colour, rect.right - left - 4)
            surf.blit(label, label.get_rect(midleft=(left, rect.centery)))
            self.buttons.append((rect, button))
        y += max(MOST_BUTTONS, -(-len(buttons) // columns)) * step
        self._lines(surf, detail, font, x, y + 4, DETAIL_LINES)
        self._overlay_buttons(surf)

    def _lines(
        self,
        surf: pygame.Surface,
        lines: list[tuple[str, theme.Colour]],
        font: pygame.font.Font,
        x: int,
        y: int,
        limit: int,
    ) -> int:
        rows = [
            (part, colour) for text, colour in lines for part in theme.wrap(text, font, self.panel.w - 20)
        ]
        for part, colour in rows[:limit]:
            surf.blit(font.render(part, True, colour), (x, y))
            y += font.get_linesize()
        return y

    def _overlay_buttons(self, surf: pygame.Surface) -> None:
        x = self.panel.x + 8
        y = self.log.rect.top - theme.px(OVERLAY_ROWS)
        for key, name in Overlays.KEYS.items():
            on = name in self.overlays.on
            words = self.t(f"overlay_{name}")
            label = theme.font(17).render(
                f"[{key.upper()}] {words}", True, theme.ACCENT if on else theme.TEXT_DIM
            )
            if x + label.get_width() + 8 > self.panel.right - 6:
                x, y = self.panel.x + 8, y + theme.px(25)
            rect = pygame.Rect(x, y, label.get_width() + 8, theme.px(22))
            pygame.draw.rect(surf, (55, 58, 64) if on else (38, 40, 45), rect, border_radius=3)
            surf.blit(label, label.get_rect(midleft=(rect.x + 4, rect.centery)))
            self.buttons.append((rect, Button(f"overlay:{name}", words)))
            x += rect.w + 4

    def _dice(self, surf: pygame.Surface) -> None:
        """The last roll: its die face and every modifier with its rule, in the log's words."""
        show = self.display.dice
        if show is None or show.age > 6:
            return
        d: dict[str, Any] = show.event
        font = theme.font(19)
        rows = roll_rows(d, Narrator(self.t, self.names, self.objective_names))
        faces: list[int] = list(d.get("dice") or [d["die"]])  # a roll of several dice shows each
        size = 48 if len(faces) == 1 else 26
        dice_w = len(faces) * (size + 4) if len(faces) > 1 else 0
        w = max(max(font.size(r)[0] for r in rows) + (80 if len(faces) == 1 else 20), dice_w + 20)
        h = 14 + font.get_linesize() * len(rows) + (size + 6 if len(faces) > 1 else 0)
        view = pygame.Rect(self.camera.view)
        box = pygame.Rect(view.x + 10, view.bottom - h - 10, max(w, 160), max(h, 64))
        pygame.draw.rect(surf, (20, 22, 26), box, border_radius=6)
        pygame.draw.rect(surf, theme.ACCENT, box, 1, border_radius=6)
        settled = show.age > 0.45  # the dice tumble, then settle
        numbered = d.get("die_kind") is not None  # a module's die (a D10 read 0-9) shows its number
        for i, face in enumerate(faces):
            shown = face if settled else 1 + int(show.age * 40 + i) % 6
            theme.draw_die(
                surf, pygame.Rect(box.x + 10 + i * (size + 4), box.y + 10, size, size), shown, numbered
            )
        x = box.x + (68 if len(faces) == 1 else 10)
        y = box.y + 7 + (size + 6 if len(faces) > 1 else 0)
        for row in rows:
            surf.blit(font.render(row, True, theme.TEXT), (x, y))
            y += font.get_linesize()

    def decision(self, kind: str) -> str:
        """A kind of decision in the player's words (a rule module's by its name)."""
        key = f"decision_{kind}"
        return self.t(key) if self.t.has(key) else kind.replace("_", " ")

    def help_lines(self) -> list[tuple[str, str]]:
        """(rule ID or "", text) lines of the F1 help: the keys, then the rules of the decision in hand."""
        out = [("", self.t(key)) for key in KEYS_HELP]
        d = self.battle.pending
        if d is not None:
            out.append(("", self.t("help_now", decision=self.decision(d.kind))))
            kind = self.battle.stack.decisions.get(d.kind)
            for rid in RULES_HELP.get(d.kind, kind.rules if kind is not None else ()):
                ref = self.reference.get(rid)
                out.append((rid, f"{ref.title}: {ref.text}" if ref else ""))
        return out

    def _help(self, surf: pygame.Surface) -> None:
        self.help_links = []
        if not self.help:
            return
        view = pygame.Rect(self.camera.view).inflate(-40, -40)
        shade = pygame.Surface(view.size, pygame.SRCALPHA)
        shade.fill((20, 22, 26, 235))
        surf.blit(shade, view)
        pygame.draw.rect(surf, theme.ACCENT, view, 2, border_radius=6)
        font, x, y = theme.font(20), view.x + 16, view.y + 12
        for n, (rid, text) in enumerate(self.help_lines()):
            colour = theme.ACCENT if n == len(KEYS_HELP) else theme.TEXT  # the line naming the decision
            prefix = f"{rid}  " if rid else ""
            for i, line in enumerate(theme.wrap(prefix + text, font, view.w - 32)):
                if y > view.bottom - font.get_linesize():
                    return
                shown = surf.blit(
                    font.render(line, True, colour if i == 0 or not rid else theme.TEXT_DIM), (x, y)
                )
                if rid:
                    self.help_links.append((shown, rid))
                y += font.get_linesize()
            y += 4

    def why_thought(self) -> Thought | None:
        """The computer's decision the "why?" box is about (the last one, or one before it)."""
        thoughts = self.ai.thoughts
        return thoughts[-1 - self.why_back] if self.why_back < len(thoughts) else None

    def _why(self, surf: pygame.Surface) -> None:
        if not self.why:
            return
        lines = why_lines(self.why_thought(), self.t, lambda s: self.names.get(s, s))
        draw_why(surf, pygame.Rect(self.camera.view), lines, self.t("why_hint"))

    def _menu(self, surf: pygame.Surface) -> None:
        """The Esc menu, or the question before quitting, over a darkened window."""
        self.menu_buttons = []
        if self.menu is None:
            return
        if self.menu == "load":
            title, items = self.saves.title(self.t), self.saves.items(self.t)
            self.menu_buttons = draw_menu(surf, title, items, self.mouse, LOAD_MENU_WIDTH)
            return
        items = [(key, self.menu_label(key, label)) for key, label in MENUS[self.menu]]
        self.menu_buttons = draw_menu(surf, self.t(MENU_TITLES[self.menu]), items, self.mouse)

    def _alert(self, surf: pygame.Surface) -> None:
        """What failed, across the top of the table in the colour of bad news, until the next command."""
        if not self.alert:
            return
        view = pygame.Rect(self.camera.view)
        font = theme.font(20)
        lines = theme.wrap(self.alert, font, view.w - 40)[:6]
        box = pygame.Rect(view.x + 10, view.y + 10, view.w - 20, 12 + len(lines) * font.get_linesize())
        pygame.draw.rect(surf, (60, 20, 20), box, border_radius=6)
        pygame.draw.rect(surf, theme.BAD, box, 2, border_radius=6)
        for i, line in enumerate(lines):
            surf.blit(font.render(line, True, theme.TEXT), (box.x + 10, box.y + 6 + i * font.get_linesize()))

    def _banner(self, surf: pygame.Surface) -> None:
        d = self.display
        if not d.banner or d.banner_age > 1.6:
            return
        font = theme.font(40)
        text = font.render(d.banner, True, theme.TEXT)
        view = pygame.Rect(self.camera.view)
        box = text.get_rect(center=(view.centerx, view.y + 40)).inflate(30, 14)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, box)
        surf.blit(text, text.get_rect(center=box.center))

    def _hover(self, surf: pygame.Surface) -> None:
        button = next((bt for rect, bt in self.buttons if rect.collidepoint(self.mouse) and bt.hint), None)
        if button is not None:  # what a button does, or why it is greyed
            tooltip(surf, self.mouse, button.label, button.hint)
            return
        rid = self.log.rule_at(self.mouse)
        if rid is not None:
            ref = self.reference.get(rid)
            tooltip(surf, self.mouse, f"{rid}: {ref.title}" if ref else rid, ref.text if ref else "")
            return
        if not self.camera.contains(self.mouse) or self.ai.thinking is not None:
            return
        p = self.camera.to_table(self.mouse)
        names = [n for n, s in self.display.shown.items() if s.on_table]
        name = self.human.pick(p, names)
        if name is not None:
            tooltip(
                surf, self.mouse, name, "  ".join(x for x in unit_lines(self.battle, name, self.t) if x), 380
            )


def _fitted(text: str, colour: theme.Colour, width: int) -> pygame.Surface:
    """A button's label in the largest size that fits (19 down to 15), shortened with an ellipsis
    only when even the smallest does not."""
    for size in (19, 17, 15):
        surface = theme.font(size).render(text, True, colour)
        if surface.get_width() <= width:
            return surface
    font = theme.font(15)
    while len(text) > 1 and font.size(text + "…")[0] > width:
        text = text[:-1]
    return font.render(text.rstrip() + "…", True, colour)
