"""The scenario and map editor's screen (`play --edit [FILE]`, "New battle" and "Edit" on the start
screen): a bar of commands along the top, the tools down the left, the table (or the Open Wars map)
in the middle, the panel of the battle, its armies and the element chosen on the right, and the
problems along the bottom, each a click away from its element. Everything it changes goes through the
editor's model (game/editing/): this screen only shows it and turns the mouse and keys into its edits.

Keys: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, Ctrl+S save, Delete removes what is chosen, Esc
drops a drawing or the choice."""

from __future__ import annotations

import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.content.locale import LANGUAGES, Texts
from game.content.mods import Mod
from game.content.ruleset_files import load_ruleset
from game.editing import battle as edit
from game.editing import maps
from game.editing.document import Path as DocPath
from game.editing.elements import remove
from game.editing.files import open_document, shipped
from game.editing.problem_words import place_said, problem_said
from game.editing.problems import Problem, problems_of
from game.editing.texts import shown
from game.model.errors import one_line
from game.model.words import counted
from game.running.log_texts import texts_for
from game.ui import theme
from game.ui.editor import drawn
from game.ui.editor.campaign_panels import CAMPAIGN_TABS, campaign_chosen, chosen_in_campaign, held_colours
from game.ui.editor.files import FileCommands
from game.ui.editor.forms import Form, form_theme, grown
from game.ui.editor.map_page import MapCanvas
from game.ui.editor.panels import (
    Panel,
    armies_tab,
    battle_tab,
    card_tab,
    chosen_tab,
    map_tab,
    menu_word,
    players_tab,
)
from game.ui.editor.table import TableCanvas
from game.ui.markup import drawable
from game.ui.pacing import GuiPaced
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.ruleset_files import load_rules

BAR, TOOLS, PANEL, BOTTOM = 44, 150, 400, 96
ZONE_PADDING = 12  # pixels a tool button keeps free around its words
SNAP = 1.0  # inches: the grid points snap to when snapping is on
COMMANDS = ("new_battle", "new_map", "open", "save", "save_mod", "try", "undo", "redo", "snap", "language",
            "close")  # the bar's buttons, left to right  # fmt: skip
TABS = {
    "scenario": ("battle", "armies", "chosen"),
    "map": ("map", "players", "chosen"),
    "campaign": ("campaign", "sides", "events", "chosen"),
}


class EditorScreen(FileCommands, GuiPaced):
    def __init__(
        self,
        size: tuple[int, int],
        t: Texts,
        mods: list[Mod],
        path: Path | None = None,
        kind: str = "scenario",
    ) -> None:
        self.t = texts_for(t.language, ["open-wars", "campaign"])  # Open Wars' cards, a campaign's dates
        self.mods = mods
        self.rules = load_ruleset(mods=mods)
        self.ow: OpenWarsRules = load_rules()
        self.path = None
        self.status = ""
        self.language = t.language if t.language in LANGUAGES else "en"  # the names edited
        self.snap = 0.0
        self.dialog, self.asked, self.tried, self.leaving = None, "", None, None  # FileCommands'
        if path is not None:
            self.doc = open_document(path)
            self.path = None if shipped(path) else Path(path)
        else:
            self.doc = self._new(kind)
        self.layout(size)

    # --- building the screen -------------------------------------------------------------------

    def px(self, n: float) -> int:
        """A length of the editor at its page's scale."""
        return round(n * self.k)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        self.k = theme.page_scale(size)  # laid out for 1280x720 and grown with the window, as a page is
        px = self.px
        bar, tools, panel, bottom = px(BAR), px(TOOLS), px(PANEL), px(BOTTOM)
        self.manager = pygame_gui.UIManager(size, form_theme(self.k))
        self.manager.preload_fonts(theme.gui_fonts(self.k))
        self.table_rect = pygame.Rect(tools, bar, w - tools - panel, h - bar - bottom)
        selected = getattr(getattr(self, "canvas", None), "selected", None)
        if self.doc.kind in ("map", "campaign"):
            compact = self.doc.kind == "campaign"  # a marker each: a war's many places fit
            self.canvas: TableCanvas | MapCanvas = MapCanvas(
                self.doc, self.table_rect, selected=selected, compact=compact
            )
        else:
            self.canvas = TableCanvas(
                self.doc, self.rules, self.table_rect, selected=selected, snap=self.snap
            )
        self.tab = TABS[self.doc.kind][0]
        self._bar(w)
        self._tools()
        self.hint = self._how("select")  # the tool every canvas starts with
        self.tab_buttons = {}
        tabs = TABS[self.doc.kind]
        tw = panel // len(tabs)
        for k, tab in enumerate(tabs):
            rect = pygame.Rect(w - panel + k * tw, bar + px(4), tw - px(4), px(30))
            self.tab_buttons[
                pygame_gui.elements.UIButton(rect, self.t(f"editor_tab_{tab}"), self.manager)
            ] = tab
        top = bar + px(38)
        self.form = Form(self.manager, pygame.Rect(w - panel, top, panel - px(4), h - top - bottom), self.k)
        self.problem_list = grown(
            pygame_gui.elements.UISelectionList(
                pygame.Rect(px(4), h - bottom + px(4), w - px(8), bottom - px(34)), [], self.manager
            ),
            self.k,
        )
        self.status_label = pygame_gui.elements.UILabel(
            pygame.Rect(px(8), h - px(28), w - px(16), px(24)), "", self.manager
        )
        self.version = -1  # what the panel, the problems and the labels were built from
        self.problems: list[Problem] = []

    def _bar(self, w: int) -> None:
        self.bar: dict[pygame_gui.elements.UIButton, str] = {}
        px = self.px
        x = w - px(4)
        for key in reversed(COMMANDS):
            label = self._bar_label(key)
            bw = max(px(64), self.manager.get_theme().get_font(["button"]).size(label)[0] + px(20))
            x -= bw + px(4)
            rect = pygame.Rect(x, px(6), bw, px(32))
            self.bar[pygame_gui.elements.UIButton(rect, label, self.manager)] = key
        self.title_width = x - px(8)

    def _bar_label(self, key: str) -> str:
        if key == "snap":
            return self.t("editor_snap_on" if self.snap else "editor_snap_off")
        if key == "language":
            return self.t("editor_language", language=LANGUAGES[self.language])
        return self.t(f"editor_{key}")

    def _tools(self) -> None:
        self.tools: dict[pygame_gui.elements.UIButton, tuple[str, Any]] = {}
        px = self.px
        y = px(BAR + 8)
        rows: list[tuple[str, Any, str]]
        if self.doc.kind != "scenario":
            rows = [
                ("select", None, self.t("editor_tool_select")),
                ("place", None, self.t("editor_tool_place")),
            ]
            options = [(self.t(f"ow_type_{g}"), g) for g in sorted(maps.GROUNDS, key=lambda g: g != "plain")]
            rows += [("link", None, self.t("editor_tool_link"))]
        else:
            sides = self.doc.get(("sides",)) or []
            rows = [
                ("select", None, self.t("editor_tool_select")),
                ("draw", None, self.t("editor_tool_draw")),
            ]
            rows += [("objective", None, self.t("editor_tool_objective"))]
            rows += [("zone", k, self._zone_label(k, s)) for k, s in enumerate(sides)]
            rows += [("fit", None, self.t("editor_fit"))]
            kinds = sorted(self.rules.terrain.values(), key=lambda k: k.kind != "wood")  # woods first
            options = [(menu_word(self.t, k), k.kind) for k in kinds]
        for kind, arg, label in rows:
            button = pygame_gui.elements.UIButton(
                pygame.Rect(px(6), y, px(TOOLS - 12), px(32)), label, self.manager
            )
            self.tools[button] = (kind, arg)
            y += px(38)
            if kind in ("draw", "place"):
                self.kinds = dict(options)
                shown = [s for s, _c in options]
                self.kind_menu = pygame_gui.elements.UIDropDownMenu(
                    list[str | tuple[str, str]](shown),
                    shown[0],
                    pygame.Rect(px(6), y, px(TOOLS - 12), px(30)),
                    self.manager,
                    expansion_height_limit=px(360),
                )
                y += px(38)
        self.tools_bottom = y
        self._choose_kind(next(iter(self.kinds.values())))

    def _how(self, tool: str) -> str:
        """How a tool is used (a card is picked on the map, an area or a line on the table)."""
        key = f"editor_how_{tool}" + ("_card" if self.doc.kind != "scenario" and tool == "select" else "")
        return self.t(key) if self.t.has(key) else ""

    def _zone_label(self, k: int, side: dict[str, Any]) -> str:
        """A side's zone tool: its name in the language edited, short enough for the button."""
        name = drawable(shown(self.doc, ("sides", k), "name", self.language) or str(side.get("id")))
        font = self.manager.get_theme().get_font(["button"])
        room = self.px(TOOLS - 12 - ZONE_PADDING) - font.size(self.t("editor_tool_zone", side=""))[0]
        return self.t("editor_tool_zone", side=theme.cut(name, font, room, whole_words=False))

    def _choose_kind(self, code: str) -> None:
        if isinstance(self.canvas, MapCanvas):
            self.canvas.tool.ground = code
        else:
            self.canvas.tool.terrain = code

    # --- what depends on the document ----------------------------------------------------------

    def refresh(self) -> None:
        """After an edit: the problems, the panel (unless the edit was typed in it), the labels."""
        self.problems = problems_of(self.doc, self.rules, self.ow)
        by_element: dict[DocPath, list[Problem]] = {}
        for p in self.problems:
            by_element.setdefault(p.element, []).append(p)
        self.by_element = by_element
        self.canvas.problems = set(by_element)
        self.problem_list.set_item_list(list[str | tuple[str, str]](self._problem_lines()))
        if not self.form.typing():
            self.build_panel()
        self._relabel_zones()
        self.version = self.doc.version

    def _problem_lines(self) -> list[str]:
        """Each problem where it is and what it is, in the screen's words, on one line of the list."""
        return [
            drawable(
                one_line(
                    f"{place_said(self.t, p.path, p.element)}: {problem_said(self.t, p.text, editor=True)}",
                    160,
                )
            )
            for p in self.problems
        ]

    def _relabel_zones(self) -> None:
        """The zone tools say their side's name as it is now, in the language edited."""
        sides = self.doc.get(("sides",)) or []
        for button, (kind, k) in self.tools.items():
            if kind == "zone" and k < len(sides):
                button.set_text(self._zone_label(k, sides[k]))

    def build_panel(self) -> None:
        self.form.clear()
        panel = Panel(self.doc, self.rules, self.t, self.language, self.by_element, self.select)
        chosen = self.canvas.selected
        if self.tab == "battle":
            battle_tab(self.form, panel)
        elif self.tab == "armies":
            armies_tab(self.form, panel)
        elif self.tab == "map":
            map_tab(self.form, panel)
        elif self.tab == "players":
            players_tab(self.form, panel, self.ow)
        elif self.tab in CAMPAIGN_TABS:
            CAMPAIGN_TABS[self.tab](self.form, panel)
        elif self.doc.kind == "campaign":
            campaign_chosen(self.form, panel, chosen, self.ow)
        elif self.doc.kind == "map":
            card_tab(self.form, panel, chosen, self.ow)
        else:
            chosen_tab(self.form, panel, chosen)
        self.form.finish()

    def select(self, element: DocPath) -> None:
        """Choose an element: the tab that shows it, and its place on the table."""
        if self.doc.kind == "campaign" and chosen_in_campaign(element) is not None:
            self.canvas.selected = chosen_in_campaign(element)
            self.tab = "chosen"
        elif element[:1] in (("terrain",), ("objectives",), ("locations",)):
            self.canvas.selected = element[:2]
            self.tab = "chosen"
        elif element[:1] == ("sides",):
            self.tab = "armies" if self.doc.kind == "scenario" else "sides"
        elif element[:1] == ("players",):
            self.tab = "players"
        else:
            self.tab = TABS[self.doc.kind][0]
        self.version = -1

    # --- input ---------------------------------------------------------------------------------

    def handle(self, ev: pygame.event.Event) -> str | None:
        """What the window should do next: None, "close" (back to the start screen) or "try"."""
        if ev.type == pygame.VIDEORESIZE:
            self.layout((ev.w, ev.h))
            return None
        if self.dialog is not None:
            self.manager.process_events(ev)
            answer = self.dialog.handle(ev)
            if answer is not None:
                self.dialog = None
                if answer.ok:
                    self._answered(answer.text)
            return None
        if ev.type == pygame.MOUSEWHEEL and self.form.rect.collidepoint(pygame.mouse.get_pos()):
            self.form.scroll(-ev.y * self.px(30))
            return None
        taken = self.manager.process_events(ev)
        if (
            ev.type == pygame.KEYDOWN
            and ev.mod & pygame.KMOD_CTRL
            and ev.key in (pygame.K_z, pygame.K_y, pygame.K_s)
        ):
            self.form.stop_typing()  # undo, redo and save even while a name is typed: the panel shows it
        if ev.type == pygame.KEYDOWN and not self.form.typing() and self._key(ev):
            return None
        if self.form.handle(ev, self.doc):
            if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
                self.refresh()  # the problems and the table; the form keeps its entry
            return None
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(ev.ui_element)
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is self.kind_menu:
            self._choose_kind(self.kinds[ev.text])
        if ev.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and ev.ui_element is self.problem_list:
            shown = self._problem_lines()
            if ev.text in shown:
                self.select(self.problems[shown.index(ev.text)].element)
        if not taken and self._on_canvas(ev):
            before = self.canvas.selected
            changed = self.canvas.handle(ev) if isinstance(self.canvas, MapCanvas) else self._drawn(ev)
            if self.canvas.selected != before and self.canvas.selected is not None:
                self.tab = "chosen"
            if changed or self.canvas.selected != before:
                self.version = -1
        return None

    def _drawn(self, ev: pygame.event.Event) -> bool:
        """An event over the table; a drawing ended with too few points stays, and the status says how
        many it needs (gone once it is made)."""
        assert isinstance(self.canvas, TableCanvas)
        drawing = bool(self.canvas.drawing)
        changed = self.canvas.handle(ev, time.monotonic())
        if self.canvas.short:
            self.status, self.canvas.short = self.t("editor_more_points", n=self.canvas.short), 0
        elif drawing and not self.canvas.drawing:
            self.status = ""
        return changed

    def _on_canvas(self, ev: pygame.event.Event) -> bool:
        if ev.type in (pygame.MOUSEBUTTONDOWN,):
            return self.table_rect.collidepoint(ev.pos)
        return ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN)

    def _key(self, ev: pygame.event.Event) -> bool:
        ctrl = ev.mod & pygame.KMOD_CTRL
        if ctrl and ev.key == pygame.K_z:
            self._redo() if ev.mod & pygame.KMOD_SHIFT else self._undo()
        elif ctrl and ev.key == pygame.K_y:
            self._redo()
        elif ctrl and ev.key == pygame.K_s:
            self._save()
        elif ev.key == pygame.K_DELETE and self.canvas.selected is not None:
            chosen = self.canvas.selected
            if chosen[0] == "sides" and self.doc.kind == "scenario":  # a side's zone is chosen, not the side
                edit.set_zone(self.doc, int(chosen[1]), None)
            elif isinstance(chosen[-1], int):  # an item of a list (an event's army goes with its effect)
                remove(self.doc, chosen)
            self.canvas.selected = None
        elif ev.key == pygame.K_ESCAPE and not getattr(self.canvas, "drawing", None):
            self.canvas.selected = None
            self.version = -1
        else:
            return False
        return True

    def _pressed(self, element: Any) -> str | None:
        if element in self.tab_buttons:
            self.tab = self.tab_buttons[element]
            self.version = -1
            return None
        if element in self.tools:
            kind, arg = self.tools[element]
            if kind == "fit" and isinstance(self.canvas, TableCanvas):
                self.canvas.fit()
            elif isinstance(self.canvas, TableCanvas):
                self.canvas.tool.kind, self.canvas.drawing = kind, []
                if kind == "zone":
                    self.canvas.tool.side = int(arg)
            else:
                self.canvas.tool.kind, self.canvas.linking = kind, None
            self.hint = self._how(kind)
            return None
        action = self.bar.get(element)
        if action is None:
            return None
        return self._command(action)

    def _command(self, action: str) -> str | None:
        if action in ("new_battle", "new_map", "open") and self.unsaved(action):
            return None  # said: asked again, it leaves them
        if action in ("new_battle", "new_map"):
            self._start("scenario" if action == "new_battle" else "map")
        elif action == "open":
            self._open()
        elif action == "save":
            self._save()
        elif action == "save_mod":
            self._save_mod()
        elif action == "try":
            return self._try()
        elif action == "undo":
            self._undo()
        elif action == "redo":
            self._redo()
        elif action == "snap":
            self.snap = 0.0 if self.snap else SNAP
            if isinstance(self.canvas, TableCanvas):
                self.canvas.snap = self.snap
            self._relabel("snap")
        elif action == "language":
            names = list(LANGUAGES)
            self.language = names[(names.index(self.language) + 1) % len(names)]
            self._relabel("language")
            self.version = -1
        elif action == "close":
            return "close" if self.leave() else None
        return None

    def _relabel(self, key: str) -> None:
        for button, k in self.bar.items():
            if k == key:
                button.set_text(self._bar_label(key))

    def _undo(self) -> None:
        label = self.doc.undo()
        self.status = self.t("editor_undone") if label else self.t("editor_nothing_to_undo")

    def _redo(self) -> None:
        label = self.doc.redo()
        self.status = self.t("editor_redone") if label else self.t("editor_nothing_to_redo")

    # --- each frame ------------------------------------------------------------------------------

    def names(self, table: str) -> dict[str, str]:
        """Names of the objectives (or cards) in the language being edited."""
        out = {}
        for i, item in enumerate(self.doc.get((table,)) or []):
            if isinstance(item, dict):
                out[str(item.get("id"))] = shown(self.doc, (table, i), "name", self.language) or str(
                    item.get("id")
                )
        return out

    def update(self, dt: float) -> None:
        """The document's problems and the status line as the last edit left them; pygame-gui's time."""
        self.form.settle(self.doc)
        if self.doc.version != self.version:
            self.refresh()
        count = len(self.problems)
        summary = counted(self.t, "editor_problems", count) if count else self.t("editor_no_problems")
        kind = self.t(f"editor_title_{self.doc.kind}")
        said = self._kept_said() or self.status
        self.status_label.set_text(one_line(f"{kind}: {summary}" + (f" · {said}" if said else ""), 220))
        super().update(dt)

    def _kept_said(self) -> str:
        """Why the number being typed is not taken, while it is typed."""
        kept = self.form.kept
        if kept is None:
            return ""
        return self.t(f"editor_number_{kept.reason}", field=kept.label, typed=one_line(kept.typed, 24))

    def stamp(self) -> Hashable:
        return super().stamp(), self.doc.version, self.status, self.form.kept

    def draw(self, surf: pygame.Surface) -> None:
        theme.set_scale(self.k)  # the table's and the cards' words at the editor's scale
        surf.fill(theme.BACKGROUND)
        if isinstance(self.canvas, MapCanvas):
            homes: dict[str, theme.Colour] = {}
            for p in self.doc.get(("players",)) or []:
                colour = drawn.colour(p.get("colour"))
                if colour is not None:
                    homes[str(p.get("home"))] = colour
            if self.doc.kind == "campaign":
                homes, armies = held_colours(self.doc)
                self.canvas.draw(surf, self.names("locations"), homes, self.t, armies)
            else:
                self.canvas.draw(surf, self.names("locations"), homes, self.t)
        else:
            self.canvas.draw(surf, self.names("objectives"))
        self._title(surf)
        self._hint(surf)
        self.manager.draw_ui(surf)

    def _hint(self, surf: pygame.Surface) -> None:
        """How the tool chosen is used, in lines that fit the tools' column."""
        font = theme.font(15)
        y = self.tools_bottom + self.px(6)
        for line in theme.wrap(self.hint, font, self.px(TOOLS - 14)):
            if y > self.table_rect.bottom - font.get_linesize():
                break
            surf.blit(font.render(line, True, theme.TEXT_DIM), (self.px(8), y))
            y += font.get_linesize()

    def _title(self, surf: pygame.Surface) -> None:
        name = shown(self.doc, (), "name", self.language)
        font = theme.font(20)  # the tools say which editor it is; a star, changes unsaved
        star = " *" if self.doc.dirty else ""
        words = theme.cut(name, font, self.title_width - font.size(star)[0], whole_words=False) + star
        surf.blit(font.render(words, True, theme.ACCENT), (self.px(10), self.px(10)))
