"""The window: a start screen (scenario, who plays each side, seed), the battle, the end of it."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.errors import EXIT_BAD_INPUT, UserError, one_line
from game.events import DivisionRemoved, GameOver, OfficerKilled
from game.locale import Texts
from game.match import load, new_match, summary
from game.mods import Mod, load_mod, load_mods, user_mods_dir
from game.modules import compose, is_base, modules_by_mode
from game.narrate import Narrator, end_reason, names_of
from game.ruleset import load_ruleset
from game.rulesref import reference_for
from game.saves import list_saves, load_game
from game.scenario import list_scenarios, load_any_scenario
from game.settings import Settings, load_settings
from game.stats import Figures, figures
from game.ui import theme
from game.ui.battle_screen import BattleScreen
from game.ui.load_list import mode_name, shown_name, skipped_line
from game.ui.markup import drawable, plain
from game.ui.ow_screen import OpenWarsScreen
from game.ui.replay_view import ReplayViewer
from game.ui.rules_browser import RulesBrowser
from game.ui.sound import Sounds
from game.ui.stats_view import draw_figures
from game.ui.tutorial import TutorialScreen
from systems.open_wars.state import Campaign

SIZE = Settings.window  # the window before the player has chosen one
FPS = 60
ABOUT_WORD = 12  # characters of a word the scenario's box never has to cut itself
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
SCORE_LABELS = {
    "FG-VIC-5": "score_units",
    "FG-VIC-6": "score_divisions",
    "FG-VIC-7": "score_held",
    "FG-VIC-8": "score_taken",
    "FG-VIC-9": "score_officers",
    "FG-VIC-10": "score_staff",
}


@dataclass
class Setup:
    scenario: str = "default"
    a: str = "human"
    b: str = "normal"
    seed: int = 1
    mods: list[Path] = field(default_factory=list)  # the mods switched on
    modules: list[str] = field(default_factory=list)  # the rule modules switched on (game/modules.py)
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
            name, description = module.said(t.language)
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
        skipped: list[str] = []  # links and unreadable files in the saves folder: said, not listed
        saves = list_saves(skipped=skipped)[:RESUMES]
        self.problem = self.problem or skipped_line(t, skipped)
        if saves:
            pygame_gui.elements.UILabel(make(x + 620, 226, 300, 24), t("resume_list"), self.manager)
        names_by_id = {sc.id: n for n, sc in self.scenarios.items()}
        for i, info in enumerate(saves):
            scenario = names_by_id.get(info.scenario, info.scenario)
            label = drawable(t("resume_item", scenario=scenario, round=info.round, saved=info.saved))
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
            return (drawable(f"{own[p.id]} ({p.faction})"), drawable(f"{own[q.id]} ({q.faction})"))
        names = sc.spec.words(self.t.language).sides
        a, b = ((names[s.id], self.t(f"log_edge_{s.edge}")) for s in sc.spec.sides)
        return (drawable(f"{a[0]} ({a[1]})"), drawable(f"{b[0]} ({b[1]})"))

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
            self.set_about(
                lambda say: (
                    f"<b>{say(words.name)}</b> ({say(mode)})<br>{say(' '.join(words.description.split()))}"
                    f"<br><i>{say(who)}</i>"
                )
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
        about, history = (" ".join(x.split()) for x in (words.description, words.history))
        self.set_about(
            lambda say: (
                f"<b>{say(words.name)}</b><br>{say(about)}<br><i>{say(arms)}</i>"
                + (f"<br>{say(history)}" if history else "")
            )
        )
        a, b = self.sides(name)
        self.label_a.set_text(a)
        self.label_b.set_text(b)

    def set_about(self, compose: Callable[[Callable[[object], str]], str]) -> None:
        """The box's text, each text of content in it made plain by the function `compose` is given.
        pygame_gui's layout can fail to cut a word too long for a line (beside a combining mark):
        then the words are cut short here first."""
        try:
            self.about.set_text(compose(plain))
        except RuntimeError:
            self.about.set_text(compose(lambda text: plain(text, cut=ABOUT_WORD)))

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


def whose_loss(screen: BattleScreen) -> str:
    """What ended the battle in players' words: whose divisions, estado mayor or objectives."""
    b, names, t = screen.battle, screen.names, screen.t
    over = next((e for e in reversed(b.events) if isinstance(e, GameOver)), None)
    if over is None:
        return ""
    if over.rule == "FG-VIC-2":
        lost = [e for e in b.events if isinstance(e, DivisionRemoved)]
        parts = [
            t("lost_division", side=names.get(e.side, e.side), officer=e.officer, why=e.reason) for e in lost
        ]
        return "; ".join(parts) + " (FG-VIC-2)"
    if over.rule == "FG-VIC-3":
        staff = [e for e in b.events if isinstance(e, OfficerKilled) and e.officer.endswith("-staff")]
        sides = [names.get(b.side_of(b.ids[e.officer]), "") for e in staff]
        return t("lost_staff", sides=t("and").join(sides)) if sides else ""
    if over.rule == "FG-VIC-4" and b.game is not None and b.game.objectives:
        holder = b.game.objectives[0].holder or ""
        return t("hold_all", side=names.get(holder, holder))
    return t("higher_score")


def ended_by(screen: BattleScreen) -> str:
    """Why the battle ended, in the player's language (the log's words for it)."""
    b = screen.battle
    over = next((e for e in reversed(b.events) if isinstance(e, GameOver)), None)
    if over is None:
        return str(b.game.end_reason) if b.game is not None else ""
    sides, objectives = names_of(screen.match.scenario.spec, screen.t.language)
    return end_reason(Narrator(screen.t, sides, objectives), over.to_dict())


class EndScreen:
    """The winner, what ended the battle, and the score line by line, by the rulebook's scoring."""

    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen
        self.result = summary(screen.match)
        self.loss = whose_loss(screen)
        self.reason = ended_by(screen)
        self.figures = figures(screen.match)  # the score round by round plays the commands again
        self.showing_stats = False  # Tab: the score, or the battle in figures

    def draw(self, surf: pygame.Surface) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surf.blit(shade, (0, 0))
        if self.showing_stats:
            self._draw_stats(surf)
            return
        r = self.result
        names = self.screen.names
        box = pygame.Rect(0, 0, 720, 440)
        box.center = surf.get_rect().center
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
        t = self.screen.t
        winner = t("win", side=names.get(r["winner"], r["winner"])) if r["winner"] else t("draw")
        y = box.y + 20
        loss = theme.wrap(self.loss, theme.font(22), box.w - 40)[:2] if self.loss else []
        for text, size, colour in (
            (winner, 52, theme.ACCENT),
            (t("ended_after", reason=self.reason, rounds=r["rounds"]), 24, theme.TEXT_DIM),
            *((line, 22, theme.TEXT) for line in loss),
        ):
            s = theme.font(size).render(text, True, colour)
            surf.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += s.get_height() + 6
        y += 10
        col = (box.x + 30, box.x + 450, box.x + 570)
        font = theme.font(22)
        sides = list(r["score"])
        for i, s in enumerate(sides):
            surf.blit(font.render(names.get(s, s), True, theme.TEXT), (col[1] + i * 120 - 20, y))
        y += 30
        for rule, label in SCORE_LABELS.items():
            surf.blit(font.render(f"{t(label)} ({rule})", True, theme.TEXT_DIM), (col[0], y))
            for i, s in enumerate(sides):
                surf.blit(
                    font.render(str(r["score_lines"][s][rule]), True, theme.TEXT), (col[1] + i * 120, y)
                )
            y += 26
        surf.blit(font.render(t("total"), True, theme.ACCENT), (col[0], y + 6))
        for i, s in enumerate(sides):
            surf.blit(font.render(str(r["score"][s]), True, theme.ACCENT), (col[1] + i * 120, y + 6))
        hint = theme.font(20).render(t("back_hint") + "   " + t("stats_hint"), True, theme.TEXT_DIM)
        surf.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 12)))

    def _draw_stats(self, surf: pygame.Surface) -> None:
        sc = self.screen
        draw_figures(surf, self.figures, sc.t, sc.names, sc.renderer.colours, sc.t("stats_hint"))


Screen = BattleScreen | OpenWarsScreen | TutorialScreen


def open_battle(setup: Setup, size: tuple[int, int], settings: Settings | None = None) -> Screen:
    """A new battle (or Open Wars game) as the setup says, or the saved one it names (resumed once:
    the next start from the start screen is a new one again)."""
    if setup.tutorial:
        setup.tutorial = False  # the next start from the start screen is the scenario chosen again
        return TutorialScreen(size, settings)
    if setup.load is not None:
        path, setup.load = setup.load, None
        m, players = load_game(path, tuple(load_mods(setup.mods)))
    else:
        rules = load_ruleset(mods=load_mods(setup.mods))
        m = new_match(setup.scenario, setup.seed, rules=rules, modules=setup.modules)
        sides = m.battle.game.sides  # type: ignore[union-attr]
        players = {sides[0]: setup.a, sides[1]: setup.b}
    if isinstance(m.battle, Campaign):  # a map of Open Wars: its own screen
        return OpenWarsScreen(m, players, size, settings)
    return BattleScreen(m, players, size, settings)


def switch_to_save(
    screen: Screen | ReplayViewer, setup: Setup, size: tuple[int, int], settings: Settings
) -> Screen | ReplayViewer:
    """The save chosen in a battle's menu, opened in place of that battle; a save that will not open
    says why in that battle, which goes on."""
    played = screen.screen if isinstance(screen, TutorialScreen) else screen
    if not isinstance(played, BattleScreen | OpenWarsScreen) or played.to_load is None:
        return screen
    setup.load, played.to_load = played.to_load, None
    try:
        opened = open_battle(setup, size, settings)
    except UserError as e:
        played.load_failed(str(e))
        return screen
    screen.close()
    return opened


def run(
    setup: Setup, demo: bool = False, demo_frames: int | None = None, screenshot: Path | None = None
) -> int:
    """The window's loop. With demo: an AI battle at once, watched to its end (then the start screen);
    with demo_frames too, only that many frames, the last one saved to `screenshot`."""
    pygame.init()  # without an audio device the mixer stays off and the game is silent (game/ui/sound.py)
    pygame.display.set_caption("For Glory")
    settings, problems = load_settings()
    if setup.language is not None:
        settings.language = setup.language
    surf = pygame.display.set_mode(settings.window, pygame.RESIZABLE)
    start: StartScreen | None = None
    battle: Screen | ReplayViewer | None = None
    if setup.replay is not None:
        battle = ReplayViewer(setup.replay, tuple(load_mods(setup.mods)), surf.get_size(), settings)
    elif demo or setup.load is not None:
        battle = open_battle(setup, surf.get_size(), settings)
        if demo:
            battle.speed_index = 3
            if isinstance(battle, BattleScreen):
                battle.display.speed = 4.0
    else:
        start = StartScreen(surf.get_size(), setup, "; ".join(problems), Texts(settings.language))
    try:
        code = _loop(setup, surf, start, battle, settings, demo, demo_frames, screenshot)
    finally:
        pygame.quit()
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
    battle: Screen | ReplayViewer | None,
    settings: Settings,
    demo: bool,
    demo_frames: int | None,
    screenshot: Path | None,
) -> int:
    """The frames until the player quits (or the demo's frames are done); 0."""
    clock = pygame.time.Clock()
    end: EndScreen | None = None
    frames = 0
    music = Sounds(volume=settings.sound, music=settings.music)
    try:
        while True:
            music.music_volume = settings.music  # the battle's settings menu may have changed it
            music.music(start is not None)
            dt = clock.tick(FPS) / 1000.0 if demo_frames is None else 1 / FPS
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT and (battle is None or battle.ask_quit() == "quit"):
                    return 0
                if ev.type == pygame.VIDEORESIZE:
                    surf = pygame.display.set_mode((ev.w, ev.h), pygame.RESIZABLE)
                    settings.window = (ev.w, ev.h)
                    if start is not None:
                        start = StartScreen(surf.get_size(), setup, t=Texts(settings.language))
                if start is not None:
                    what = start.handle(ev)
                    if what == "quit":
                        return 0
                    if what == "mods":
                        start = StartScreen(surf.get_size(), setup, t=Texts(settings.language))
                    if what == "start":
                        try:
                            battle, start, end = open_battle(setup, surf.get_size(), settings), None, None
                        except UserError as e:  # a damaged save: say so on the start screen
                            start = StartScreen(surf.get_size(), setup, str(e), Texts(settings.language))
                elif battle is not None and ev.type != pygame.QUIT:
                    if end is not None and ev.type == pygame.KEYDOWN and ev.key == pygame.K_TAB:
                        end.showing_stats = not end.showing_stats
                    left = battle.handle(ev)
                    if left == "quit":
                        return 0
                    if left == "load":
                        battle, end = switch_to_save(battle, setup, surf.get_size(), settings), None
                    if left == "end" or (
                        end is not None and ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE
                    ):
                        battle.close()
                        battle, end = None, None
                        start = StartScreen(surf.get_size(), setup, t=Texts(settings.language))
            if start is not None:
                start.draw(surf, dt)
            elif battle is not None:
                battle.update(dt)
                battle.draw(surf)
                played = battle.screen if isinstance(battle, TutorialScreen) else battle
                if battle.over and end is None and isinstance(played, BattleScreen):
                    end = EndScreen(played)
                if end is not None:
                    with theme.at_scale(1.0):  # its layout is fixed
                        end.draw(surf)
            pygame.display.flip()
            frames += 1
            if demo_frames is not None and frames >= demo_frames:
                if screenshot is not None:
                    pygame.image.save(surf, str(screenshot))
                return 0
    finally:
        if battle is not None:
            battle.close()
