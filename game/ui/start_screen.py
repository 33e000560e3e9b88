"""The start screen: the scenario and its mods, who plays each side, the seed, the rule modules, the
language; the saved battles to resume; the tutorial and the rules reference (pygame-gui)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.content.locale import Texts
from game.content.mods import Mod, load_mod, load_mods, user_mods_dir
from game.content.module_records import module_words
from game.content.ruleset_files import load_ruleset
from game.content.rulesref import reference_for
from game.content.scenario import list_scenarios, load_any_scenario
from game.model.errors import UserError, one_line
from game.model.modules import compose, is_base, modules_by_mode
from game.running.match import load
from game.running.saves import list_saves
from game.running.stats import Figures, figures
from game.ui import theme
from game.ui.load_list import mode_name, shown_name
from game.ui.rules_browser import RulesBrowser
from game.ui.stats_view import draw_figures

RESUMES = 8  # saved battles listed on the start screen, newest first


# who plays a side: its words (the search generals first, strongest last; then the simple players)
CONTROLLERS = {
    "human": "human",
    "easy": "ai_easy",
    "normal": "ai_normal",
    "hard": "ai_hard",
    "heuristic": "ai_heuristic",
    "random": "ai_random",
}


@dataclass
class Setup:
    scenario: str = "default"
    a: str = "human"
    b: str = "normal"
    seed: int = 1
    mods: list[Path] = field(default_factory=list)  # the mods switched on
    modules: list[str] = field(default_factory=list)  # the rule modules switched on (game/model/modules.py)
    load: Path | None = None  # a saved battle to resume instead
    replay: Path | None = None  # a replay or saved battle to watch
    language: str | None = None  # the screens' language, instead of the remembered one
    tutorial: bool = False  # the first battle that teaches, instead of the scenario chosen


def available_mods(setup: Setup) -> list[Mod]:
    """The mods given on the command line and those in the user's mods folder."""
    folder = user_mods_dir()
    paths = list(setup.mods) + (sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else [])
    found: dict[Path, Mod] = {}
    for p in paths:
        try:
            found.setdefault(p.resolve(), load_mod(p))
        except UserError:
            continue  # a broken mod is left out here; check-content says why
    return list(found.values())


class StartScreen:
    def __init__(
        self, size: tuple[int, int], setup: Setup, problem: str = "", t: Texts | None = None
    ) -> None:
        self.setup = setup
        self.t = t = t or Texts()
        self.manager = pygame_gui.UIManager(size)
        self.manager.preload_fonts(
            [
                {"name": "noto_sans", "point_size": 14, "style": s, "antialiased": "1"}
                for s in ("bold", "italic")
            ]
        )
        self.mods = available_mods(setup)
        self.problem = problem
        try:
            rules = load_ruleset(mods=load_mods(setup.mods))
        except UserError as e:
            self.problem = str(e)
            setup.mods = []
            rules = load_ruleset()
        try:  # two modules that replace the same rule cannot play together: say so, keep the first
            compose(rules.mode, [*rules.module_ids, *setup.modules])
        except UserError as e:
            self.problem = str(e)
            setup.modules = setup.modules[:-1]
        self.rules = rules
        self.optional = [m for m in modules_by_mode() if m.mode == rules.mode and not is_base(m)]
        self.scenarios: dict[str, Any] = {}  # shown name -> a For Glory scenario or another mode's map
        self.modes: dict[str, str] = {}
        for path in list_scenarios(rules.loaded_mods):
            try:
                sc, mode = load_any_scenario(path, rules)
            except UserError:
                continue
            name = shown_name(sc, mode, rules, t.language)
            self.scenarios[name], self.modes[name] = sc, mode
        names: list[str | tuple[str, str]] = [*self.scenarios] or ["(no scenarios)"]
        # the setup names its scenario by id, or by path when it came from the command line
        chosen = (n for n, s in self.scenarios.items() if setup.scenario in (s.id, str(s.path)))
        current = next(chosen, str(names[0]))
        w, _h = size
        x = w // 2 - 300
        self.title_y = 60
        make = pygame.Rect
        self.scenario = pygame_gui.elements.UIDropDownMenu(
            names, current, make(x, 180, 600, 36), self.manager
        )
        self.about = pygame_gui.elements.UITextBox("", make(x, 225, 600, 150), self.manager)
        sides = self.sides(current)
        self.players = {t(words): player for player, words in CONTROLLERS.items()}  # shown -> player
        labels: list[str | tuple[str, str]] = [*self.players]
        inverse = {v: k for k, v in self.players.items()}
        self.side_a = pygame_gui.elements.UIDropDownMenu(
            labels, inverse.get(setup.a, labels[0]), make(x + 220, 395, 380, 34), self.manager
        )
        self.side_b = pygame_gui.elements.UIDropDownMenu(
            labels, inverse.get(setup.b, labels[1]), make(x + 220, 440, 380, 34), self.manager
        )
        self.label_a = pygame_gui.elements.UILabel(make(x, 395, 210, 34), sides[0], self.manager)
        self.label_b = pygame_gui.elements.UILabel(make(x, 440, 210, 34), sides[1], self.manager)
        pygame_gui.elements.UILabel(make(x, 485, 210, 34), t("seed"), self.manager)
        self.seed = pygame_gui.elements.UITextEntryLine(make(x + 220, 485, 160, 34), self.manager)
        self.seed.set_text(str(setup.seed))
        on = {p.resolve() for p in setup.mods}
        self.switches = {}
        if self.mods:
            where = t("mods_where", folder=user_mods_dir())
            pygame_gui.elements.UILabel(make(x, 604, 600, 24), where, self.manager)
        for i, m in enumerate(self.mods[:5]):
            mark = "[x]" if m.root.resolve() in on else "[ ]"
            button = pygame_gui.elements.UIButton(
                make(x, 630 + i * 34, 600, 30), f"{mark} {m.spec.name} {m.spec.version}", self.manager
            )
            self.switches[button] = m
        self.module_switches: dict[pygame_gui.elements.UIButton, str] = {}
        top = 604 + (30 + 34 * len(self.mods[:5]) if self.mods else 0)  # below the mods
        if self.optional:
            pygame_gui.elements.UILabel(make(x, top, 600, 24), t("modules_where"), self.manager)
        for i, module in enumerate(self.optional[:6]):
            mark = "[x]" if module.id in setup.modules else "[ ]"
            name, description = module_words(module, t.language)
            label = one_line(f"{mark} {name}: {description}", 80)
            button = pygame_gui.elements.UIButton(make(x, top + 26 + i * 34, 600, 30), label, self.manager)
            self.module_switches[button] = module.id
        # first of the other ways in: the battle that teaches, then the saved battles and their figures
        self.tutorial = pygame_gui.elements.UIButton(
            make(x + 620, 180, 300, 36), t("tutorial_button"), self.manager
        )
        self.resumes: dict[pygame_gui.elements.UIButton, Path] = {}
        self.figure_buttons: dict[pygame_gui.elements.UIButton, Path] = {}
        self.figures: tuple[Figures, dict[str, str], dict[str, tuple[int, int, int]]] | None = None
        saves = list_saves()[:RESUMES]
        if saves:
            pygame_gui.elements.UILabel(make(x + 620, 226, 300, 24), t("resume_list"), self.manager)
        names_by_id = {sc.id: n for n, sc in self.scenarios.items()}
        for i, info in enumerate(saves):
            scenario = names_by_id.get(info.scenario, info.scenario)
            label = t("resume_item", scenario=scenario, round=info.round, saved=info.saved)
            button = pygame_gui.elements.UIButton(make(x + 620, 256 + i * 34, 226, 30), label, self.manager)
            self.resumes[button] = info.path
            shown = pygame_gui.elements.UIButton(
                make(x + 850, 256 + i * 34, 70, 30), t("stats_button"), self.manager
            )
            self.figure_buttons[shown] = info.path
        below = 256 + 34 * len(saves) + 10 if saves else 226
        self.rules_button = pygame_gui.elements.UIButton(
            make(x + 620, below, 300, 36), t("menu_rules"), self.manager
        )
        self.browser: RulesBrowser | None = None  # the rules reference, over the start screen
        self.problem_label = pygame_gui.elements.UILabel(
            make(x, 520, 600, 24), self.problem[:90], self.manager
        )
        self.start = pygame_gui.elements.UIButton(make(x + 220, 550, 200, 44), t("start"), self.manager)
        self.quit = pygame_gui.elements.UIButton(make(x + 440, 550, 160, 44), t("quit"), self.manager)
        self.show_about(current)

    def sides(self, name: str) -> tuple[str, str]:
        sc = self.scenarios.get(name)
        if sc is None:
            return ("Side A", "Side B")
        if self.modes[name] == "open-wars":
            own = sc.spec.words(self.t.language).players
            p, q = sc.spec.players
            return (f"{own[p.id]} ({p.faction})", f"{own[q.id]} ({q.faction})")
        names = sc.spec.words(self.t.language).sides
        a, b = ((names[s.id], self.t(f"log_edge_{s.edge}")) for s in sc.spec.sides)
        return (f"{a[0]} ({a[1]})", f"{b[0]} ({b[1]})")

    def show_about(self, name: str) -> None:
        sc = self.scenarios.get(name)
        if sc is None:
            return
        spec = sc.spec
        words = spec.words(self.t.language)  # the scenario's or map's own words in the player's language
        if self.modes[name] == "open-wars":  # a map: its players, their factions, gold and tokens
            who = " | ".join(
                self.t(
                    "ow_player",
                    side=words.players[p.id],
                    faction=p.faction,
                    gold=p.gold,
                    tokens=sum(u.count for u in p.units),
                )
                for p in spec.players
            )
            mode = mode_name(self.modes[name])
            self.about.set_text(
                f"<b>{words.name}</b> ({mode})<br>{' '.join(words.description.split())}<br><i>{who}</i>"
            )
            a, b = self.sides(name)
            self.label_a.set_text(a)
            self.label_b.set_text(b)
            return
        arms = " | ".join(
            self.t("army_points", side=words.sides[s.id], points=s.army.points)
            if s.army
            else self.t(
                "army_units",
                side=words.sides[s.id],
                divisions=len(s.divisions),
                units=sum(len(d.units) for d in s.divisions),
            )
            for s in spec.sides
        )
        text = f"<b>{words.name}</b><br>{' '.join(words.description.split())}<br><i>{arms}</i>"
        if words.history:
            text += f"<br>{' '.join(words.history.split())}"
        self.about.set_text(text)
        a, b = self.sides(name)
        self.label_a.set_text(a)
        self.label_b.set_text(b)

    def show_figures(self, path: Path) -> None:
        """A saved battle in figures, over the start screen (Esc or a click puts it away)."""
        try:
            m = load(path, tuple(load_mods(self.setup.mods)))
        except UserError as e:
            self.problem_label.set_text(str(e)[:90])
            return
        try:
            sides = m.scenario.spec.sides
            names = m.scenario.spec.words(self.t.language).sides
            colours = {s.id: (s.colour[0], s.colour[1], s.colour[2]) for s in sides}
            self.figures = (figures(m), names, colours)
        finally:
            m.battle.close()

    def open_rules(self) -> None:
        """The rules reference of the rules chosen here: the mods' and the modules switched on."""
        r = self.rules
        try:
            stack = compose(r.mode, [*r.module_ids, *self.setup.modules])
            self.browser = RulesBrowser(reference_for(self.t.language, r.loaded_mods, stack.chosen), self.t)
        except UserError as e:
            self.problem_label.set_text(str(e)[:90])

    def handle(self, ev: pygame.event.Event) -> str | None:
        if self.browser is not None:
            if not self.browser.handle(ev):
                self.browser = None
            return None
        if self.figures is not None:
            if ev.type == pygame.MOUSEBUTTONDOWN or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                self.figures = None
            return None
        self.manager.process_events(ev)
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is self.scenario:
            self.show_about(ev.text)
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            if ev.ui_element is self.quit:
                return "quit"
            if ev.ui_element in self.resumes:
                self.setup.load = self.resumes[ev.ui_element]
                return "start"
            if ev.ui_element is self.tutorial:
                self.setup.tutorial = True
                return "start"
            if ev.ui_element is self.rules_button:
                self.open_rules()
                return None
            if ev.ui_element in self.figure_buttons:
                self.show_figures(self.figure_buttons[ev.ui_element])
                return None
            if ev.ui_element in self.module_switches:
                mid = self.module_switches[ev.ui_element]
                chosen = self.setup.modules
                self.setup.modules = [x for x in chosen if x != mid] if mid in chosen else [*chosen, mid]
                return "mods"
            if ev.ui_element in self.switches:
                root = self.switches[ev.ui_element].root
                on = [p for p in self.setup.mods if p.resolve() != root.resolve()]
                self.setup.mods = on if len(on) < len(self.setup.mods) else [*self.setup.mods, root]
                return "mods"
            if ev.ui_element is self.start:
                sc = self.scenarios.get(
                    self.scenario.selected_option[0]
                    if isinstance(self.scenario.selected_option, tuple)
                    else self.scenario.selected_option
                )
                if sc is not None:
                    self.setup.scenario = sc.id  # found again by id among the game's and the mods' own
                self.setup.a = self.players[_selected(self.side_a)]
                self.setup.b = self.players[_selected(self.side_b)]
                try:
                    self.setup.seed = int(self.seed.get_text())
                except ValueError:
                    self.setup.seed = 1
                return "start"
        return None

    def draw(self, surf: pygame.Surface, dt: float) -> None:
        surf.fill(theme.BACKGROUND)
        title = theme.font(72, scaled=False).render("For Glory", True, theme.ACCENT)
        surf.blit(title, title.get_rect(midtop=(surf.get_width() // 2, self.title_y)))
        sub = theme.font(26, scaled=False).render(self.t("subtitle"), True, theme.TEXT_DIM)  # fixed layout
        surf.blit(sub, sub.get_rect(midtop=(surf.get_width() // 2, self.title_y + 70)))
        self.manager.update(dt)
        self.manager.draw_ui(surf)
        if self.figures is not None:
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
            surf.blit(shade, (0, 0))
            f, names, colours = self.figures
            draw_figures(surf, f, self.t, names, colours, self.t("stats_back"))
        if self.browser is not None:
            self.browser.draw(surf)


def _selected(menu: pygame_gui.elements.UIDropDownMenu) -> str:
    opt = menu.selected_option
    return opt[0] if isinstance(opt, tuple) else opt
