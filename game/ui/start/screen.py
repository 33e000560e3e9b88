"""The start screen, in two columns laid out for 1280x720 and grown with the window (1920x1080 the same
page, larger): the battle to start (the scenario, who plays each side, the seed) on the left; the first
battle that teaches, the rules reference, the player's own last battle to go on with and the saved
battles' browser, then the chosen battle's rule modules and the mods in a list that scrolls, on the
right; Settings at the top right, the game's page (pygame-gui)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.content.files import inside, write_text
from game.content.glossary import glossary
from game.content.locale import Texts
from game.content.mods import Mod, load_mods
from game.content.ruleset_files import load_ruleset
from game.content.rulesref import reference_for
from game.content.scenario import list_scenarios, load_any_scenario
from game.editing.random_battles import random_text
from game.model.errors import UserError
from game.model.limits import ascii_whole
from game.model.modules import RandomOptions, compose, is_base, modules_by_mode
from game.running.match import battles_dir, battles_listed
from game.running.saves import Skipped, browse_saves, own_battle
from game.running.settings import Settings
from game.running.stats import Figures
from game.ui import theme
from game.ui.markup import drawable, plain
from game.ui.mods.page import ModsPage
from game.ui.pacing import GuiPaced
from game.ui.playing.settings_menu import SettingsPage
from game.ui.start.campaigns import (
    CAMPAIGN,
    RANDOM_CAMPAIGN,
    campaign_about,
    campaign_entries,
    random_id,
    random_name,
    seat_names,
)
from game.ui.start.open_wars_setup import RANDOM, SeatColumn, Seats, selected
from game.ui.start.over_page import OverPage
from game.ui.start.setup import Setup, available_mods, remember
from game.ui.start.switches import SWITCH_STEP, lay_switches
from game.ui.widgets.load_list import (
    CONTROLLERS,
    made_words,
    mode_name,
    save_browser,
    scenario_words,
    shown_name,
)
from game.ui.widgets.rules_browser import RulesBrowser
from game.ui.widgets.save_browser import SaveBrowser, skipped_line
from game.ui.widgets.stats_view import save_figures
from systems.campaign.generate import any_campaign

ABOUT_WORD = 12  # characters of a word the scenario's box never has to cut itself
# the scenario's box at 1280x720: its name, forces and description whole, and the room four seats leave
ABOUT_HEIGHT = 230


# the ways to play a friend on another machine, each opening the lobby (game/ui/start/lobby.py)
ELSEWHERE = (("host", "net_host_button"), ("join", "net_join_button"), ("by-file", "net_file_button"))
# the ways to make battles, each's words with a For Glory battle and with an Open Wars map chosen
MAKERS = (
    ("new", "editor_new_battle", "editor_new_map"),
    ("edit", "editor_edit", "editor_edit"),
    ("random", "random_battle", "random_map"),
)


class StartScreen(GuiPaced, OverPage):
    """`settings`: the game's, changed on its Settings page (opened at once with `settings_open`, as
    the window makes the page again after a change it must show: its words, its size). Nothing but
    pygame-gui changes it without an event (GuiPaced: game/ui/pacing.py)."""

    def __init__(
        self,
        size: tuple[int, int],
        setup: Setup,
        problem: str = "",
        t: Texts | None = None,
        settings: Settings | None = None,
        settings_open: bool = False,
    ) -> None:
        self.setup = setup
        self.t = t = t or Texts()
        self.settings = settings or Settings(language=t.language)
        self.page = SettingsPage(self.settings, t) if settings_open else None
        self.k = k = theme.page_scale(size)  # the page grown with the window

        def px(n: float) -> int:
            return round(n * k)

        self.manager = pygame_gui.UIManager(size, theme.gui_theme(k))
        self.manager.preload_fonts(theme.gui_fonts(k))
        self.mods = available_mods(setup)
        self.problem = problem
        self.mouse = (0, 0)
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
        self.optional = [m for m in modules_by_mode() if not is_base(m)]  # each shown with its mode's maps
        self.scenarios: dict[str, Any] = {}  # shown name -> a For Glory scenario or another mode's map
        self.modes: dict[str, str] = {}
        self.made: set[str] = set()  # the names of the battles the window made: found again by path
        shipped = list_scenarios(rules.loaded_mods)
        for path in battles_listed(shipped, setup.scenario):
            try:
                sc, mode = load_any_scenario(path, rules)
            except UserError as e:  # one asked for by name says why it is not there
                self.problem = self.problem or (str(e) if str(path) == setup.scenario else "")
                continue
            name = shown_name(sc, mode, rules, t.language)
            if path not in shipped:  # the editor's and the random ones, in the battles folder
                name = drawable(t("start_made_battle", name=name))
                self.made.add(name)
            self.scenarios[name], self.modes[name] = sc, mode
        campaigns = campaign_entries(t, rules.loaded_mods, setup.seed)  # each its sides' seats
        self.scenarios |= campaigns.found
        self.modes |= dict.fromkeys(campaigns.found, CAMPAIGN)
        self.made |= campaigns.made
        self.problem = self.problem or campaigns.problem
        self.random_campaign = random_name(t)  # made again from the seed typed (seed_typed)
        names: list[str | tuple[str, str]] = [*self.scenarios] or ["(no scenarios)"]
        # the setup names its scenario by id, or by path when it came from the command line
        chosen = (n for n, s in self.scenarios.items() if setup.scenario in (s.id, str(s.path)))
        random = self.random_campaign if setup.scenario == RANDOM_CAMPAIGN else None
        current = random or next(chosen, str(names[0]))
        self.scenario_ids: dict[str, str] = {}  # an id of the game's or a mod's stays theirs
        for n, sc in self.scenarios.items():
            self.scenario_ids.setdefault(sc.id, n)
        # two columns laid out for 1280x720, grown with the window: the battle to start on the left; the
        # other ways in and the optional rules on the right, these in a list that scrolls
        w, h = size
        gap = px(20)
        col = max(px(280), min(px(600), (w - 3 * gap) // 2))
        x = max(gap, (w - 2 * col - gap) // 2)
        right = x + col + gap
        self.title_y = px(12) if h < px(760) else px(40)
        top = self.title_y + px(112)
        row_h, step = px(36), px(44)  # a row of buttons, and from one row to the next
        make = pygame.Rect
        label = t("menu_to_settings")  # Settings, at the top right, as wide as its words
        gui_font = self.manager.get_theme().get_font_dictionary().find_font(px(theme.GUI_FONT), "noto_sans")
        wide = max(px(120), gui_font.size(label)[0] + px(30))
        self.settings_button = pygame_gui.elements.UIButton(
            make(x + 2 * col + gap - wide, self.title_y + px(10), wide, row_h), label, self.manager
        )
        words = t("mods_button")  # the mods page (game/ui/mods/page.py), beside Settings
        narrow = max(px(90), gui_font.size(words)[0] + px(30))
        at = make(self.settings_button.rect.x - px(10) - narrow, self.title_y + px(10), narrow, row_h)
        self.mods_button = pygame_gui.elements.UIButton(at, words, self.manager)
        self.mods_page: ModsPage | None = None
        self.scenario = pygame_gui.elements.UIDropDownMenu(
            names, current, make(x, top, col, row_h), self.manager
        )
        self.about = pygame_gui.elements.UITextBox(
            "", make(x, top + step, col, px(ABOUT_HEIGHT)), self.manager
        )
        self.players = {t(words): player for player, words in CONTROLLERS.items()}  # shown -> player
        label_w = min(px(210), col // 3)
        y = top + step + px(ABOUT_HEIGHT + 12)
        # each seat's row, then the seed's (open_wars_setup.py): as many seats as the battle or map has
        self.seats = Seats(SeatColumn(x, y, col, label_w, k), self.manager, t, self.players,
                           [setup.a, setup.b, *setup.seats], setup.b, setup.options)  # fmt: skip
        self.side_a, self.side_b = self.seats.played[:2]
        self.label_a, self.label_b = self.seats.labels[:2]
        self.seed = self.seats.seed
        self.seed.set_text(str(setup.seed))
        half = (col - label_w - px(20)) // 2
        self.problem_label = pygame_gui.elements.UILabel(make(x, y + px(126), col, px(24)), "", self.manager)
        theme.say_on(self.problem_label, self.problem)
        self.start = pygame_gui.elements.UIButton(
            make(x + label_w + px(10), y + px(156), half, step), t("start"), self.manager
        )
        self.quit = pygame_gui.elements.UIButton(
            make(x + label_w + px(20) + half, y + px(156), half, step), t("quit"), self.manager
        )
        # the other ways in: the battle that teaches first, the rules, the saved battles
        two = (col - px(10)) // 2
        self.tutorial = pygame_gui.elements.UIButton(
            make(right, top, two, row_h), t("tutorial_button"), self.manager
        )
        self.rules_button = pygame_gui.elements.UIButton(
            make(right + two + px(10), top, two, row_h), t("menu_rules"), self.manager
        )
        self.browser: RulesBrowser | None = None  # the rules reference, over the start screen
        self.saves: SaveBrowser | None = None  # the saved battles, over the start screen
        # a save's figures: with its sides' names and colours, and the words with its battle's names
        self.figures: tuple[Figures, dict[str, str], dict[str, tuple[int, int, int]], Texts] | None = None
        self.resumes: dict[pygame_gui.elements.UIButton, Path] = {}  # the player's last battle, to go on
        skipped: list[Skipped] = []  # links and unreadable files in the saves folder: said, not listed
        last = own_battle(browse_saves(skipped=skipped))
        if skipped and not self.problem:
            self.problem = skipped_line(t, skipped)
            theme.say_on(self.problem_label, self.problem)
        if last is not None:
            made = made_words(last.scenario, rules, t.language)  # a random campaign's, by its name
            shown = made.name if made else self.scenario_ids.get(last.scenario, last.scenario)
            turns = made is not None or self.modes.get(shown) in ("open-wars", CAMPAIGN)
            key = "resume_last_turn" if turns else "resume_last"
            words = drawable(t(key, scenario=last.name or shown, round=last.round))
            button = pygame_gui.elements.UIButton(make(right, top + step, col, row_h), words, self.manager)
            self.resumes[button] = last.path
        self.saves_button = pygame_gui.elements.UIButton(
            make(right, top + (2 if last else 1) * step, col, row_h), t("menu_load"), self.manager
        )
        # a friend on another machine: the battle chosen on the left, hosted, or a game joined, or by file
        third, row = (col - px(20)) // 3, self.saves_button.rect.bottom + px(8)
        self.elsewhere = {
            pygame_gui.elements.UIButton(
                make(right + i * (third + px(10)), row, third, row_h), t(label), self.manager
            ): way
            for i, (way, label) in enumerate(ELSEWHERE)
        }
        # making battles: a new one or the chosen one in the editor, a random one (issue 26); their
        # words follow the game mode chosen (show_about)
        row += step
        self.makers = {
            pygame_gui.elements.UIButton(
                make(right + n * (third + px(10)), row, third, row_h), "", self.manager
            ): what
            for n, (what, _battle, _map) in enumerate(MAKERS)
        }
        # the rule modules of the chosen battle's mode, then the mods: a list that scrolls
        below = row + row_h + px(12)
        self.options_label = pygame_gui.elements.UILabel(make(right, below, col, px(24)), "", self.manager)
        self.options = pygame_gui.elements.UIScrollingContainer(
            make(right, below + px(28), col, max(px(120), h - below - px(28) - gap)),
            self.manager,
            allow_scroll_x=False,
        )
        self.switches: dict[pygame_gui.elements.UIButton, Mod] = {}
        self.module_switches: dict[pygame_gui.elements.UIButton, str] = {}
        self.show_options(current)
        self.show_about(current)

    def show_options(self, name: str) -> None:
        """The optional rule modules of the chosen battle's game mode (Open Wars has none of For
        Glory's), then the mods, each a switch; the list scrolls when it is longer than the window."""
        for button in [*self.switches, *self.module_switches]:
            button.kill()
        self.switches, self.module_switches = {}, {}
        t = self.t
        mode = self.modes.get(name, self.rules.mode)
        offered = [m for m in self.optional if m.mode == mode]
        named = t("start_campaign_mode") if mode == CAMPAIGN else mode_name(mode)
        words = t("modules_where") if offered else t("modules_none", mode=named)
        self.options_label.set_text(words)
        laid = lay_switches(self.options, offered, self.mods, self.setup, t, self.k)
        self.module_switches, self.switches, self.options_height = laid.modules, laid.mods, laid.height

    def sides(self, name: str) -> list[str]:
        """The names of the seats of the battle or map chosen: a battle's sides, a map's players with
        their factions; the random map's are numbered as they are shown (game/ui/start/open_wars_setup.py)."""
        sc = self.scenarios.get(name)
        if sc is None:
            return ["Side A", "Side B"]
        if self.modes[name] == "open-wars":
            return ["", ""] if sc.id == RANDOM else self.seats.map_names(sc)
        if self.modes[name] == CAMPAIGN:
            return seat_names(sc, self.t.language)
        names = sc.spec.words(self.t.language).sides
        return [drawable(f"{names[s.id]} ({self.t(f'log_edge_{s.edge}')})") for s in sc.spec.sides]

    def show_about(self, name: str) -> None:
        sc = self.scenarios.get(name)
        self.show_seats(name)
        open_wars = self.modes.get(name) == "open-wars"
        campaign = self.modes.get(name) == CAMPAIGN
        self.start.set_text(self.t("start_game" if open_wars else "start_war" if campaign else "start"))
        words = {what: map_words if open_wars else battle_words for what, battle_words, map_words in MAKERS}
        words["new"] = "editor_new_campaign" if campaign else words["new"]
        for button, what in self.makers.items():
            button.set_text(self.t(words[what]))
            if campaign and what == "random":  # the generator makes battles; the editor makes campaigns too
                button.disable()
            else:
                button.enable()
        if sc is None:
            return
        spec = sc.spec
        words = spec.words(self.t.language)  # the scenario's or map's own words in the player's language
        if campaign:
            self.set_about(campaign_about(self.t, sc))
            return
        if self.modes[name] == "open-wars":  # a map: its players (the random map: how it is made)
            who, mode = self.seats.about(sc), mode_name(self.modes[name])
            self.set_about(  # who plays first, never below the box's fold
                lambda say: (
                    f"<b>{say(words.name)}</b> ({say(mode)})<br><i>{say(who)}</i>"
                    f"<br>{say(' '.join(words.description.split()))}"
                )
            )
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
        self.set_about(  # the forces first: a long description never hides them below the box's fold
            lambda say: (
                f"<b>{say(words.name)}</b><br><i>{say(arms)}</i><br>{say(about)}"
                + (f"<br>{say(history)}" if history else "")
            )
        )

    def show_seats(self, name: str) -> None:
        """The seats of the battle or map chosen, then the problem line and the buttons below them."""
        sc = self.scenarios.get(name)
        wide = self.modes.get(name) == "open-wars"  # a map's players' names and factions: long
        y = self.seats.show(sc.id if sc is not None else "", self.sides(name), wide)
        self.problem_label.set_position((self.problem_label.rect.x, y))
        for button in (self.start, self.quit):
            button.set_position((button.rect.x, y + round(30 * self.k)))

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
            mods = tuple(load_mods(self.setup.mods))
            self.figures = save_figures(path, mods, self.t.language, self.settings.colour_blind)
        except UserError as e:
            theme.say_on(self.problem_label, str(e))

    def open_rules(self) -> None:
        """The rules reference of the rules chosen here: the mods' and the modules switched on."""
        r = self.rules
        try:
            stack = compose(r.mode, [*r.module_ids, *self.setup.modules])
            reference = reference_for(self.t.language, r.loaded_mods, stack.chosen)
            self.browser = RulesBrowser(reference, self.t, "", glossary(self.t.language, r.core.measures))
        except UserError as e:
            theme.say_on(self.problem_label, str(e))

    def handle(self, ev: pygame.event.Event) -> str | None:
        with theme.at_scale(self.k):  # what opens over the page measures as it is drawn
            return self._handle(ev)

    def _handle(self, ev: pygame.event.Event) -> str | None:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if self.over_open():
            return self.handle_over(ev)
        if ev.type == pygame.MOUSEWHEEL and self.options.rect.collidepoint(self.mouse):
            self.scroll_options(-ev.y * round(SWITCH_STEP * self.k))
            return None
        self.manager.process_events(ev)
        if self.seats.handle(ev):  # more or fewer seats: the buttons below them move
            self.show_seats(selected(self.scenario))
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is self.scenario:
            self.show_options(ev.text)
            self.show_about(ev.text)
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and ev.ui_element is self.seed:
            self.seed_typed()
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:  # a battle or a seat's player chosen: kept
            self.chosen()
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            if ev.ui_element is self.quit:
                return "quit"
            if ev.ui_element is self.settings_button:
                self.page = SettingsPage(self.settings, self.t)
                return None
            if ev.ui_element is self.mods_button:
                self.mods_page = ModsPage(self.setup.mods, self.t)
                return None
            if ev.ui_element in self.resumes:
                self.setup.load = self.resumes[ev.ui_element]
                return "start"
            if ev.ui_element is self.tutorial:
                self.setup.tutorial = True
                return "start"
            if ev.ui_element is self.rules_button:
                self.open_rules()
                return None
            if ev.ui_element is self.saves_button:
                self.saves = save_browser(self.t, scenario_words(self.rules, self.t.language), figures=True)
                return None
            if ev.ui_element in self.module_switches:
                mid = self.module_switches[ev.ui_element]
                chosen = self.setup.modules
                self.setup.modules = [x for x in chosen if x != mid] if mid in chosen else [*chosen, mid]
                self.chosen()  # the page made again keeps what it shows
                return "mods"
            if ev.ui_element in self.switches:
                root = self.switches[ev.ui_element].root
                on = [p for p in self.setup.mods if p.resolve() != root.resolve()]
                self.setup.mods = on if len(on) < len(self.setup.mods) else [*self.setup.mods, root]
                self.chosen()
                return "mods"
            if ev.ui_element in self.makers:
                return self.make(self.makers[ev.ui_element])
            if ev.ui_element in self.elsewhere:  # the battle chosen, for the lobby (game/ui/start/lobby.py)
                self.chosen()
                return self.elsewhere[ev.ui_element]
            if ev.ui_element is self.start:
                self.chosen()
                return "start"
        return None

    def chosen(self) -> None:
        """What the left column says, kept in the setup (and remembered in the settings): the battle,
        who plays it, its seed."""
        sc = self.scenarios.get(selected(self.scenario))
        if sc is not None:  # found again by id among the game's and the mods' own, by path if made here
            self.setup.scenario = str(sc.path) if selected(self.scenario) in self.made else sc.id
            self.setup.mode = self.modes[selected(self.scenario)]
            self.setup.options = self.seats.options(self.setup.options)  # the random map's
            self.setup.campaign = self.setup.scenario if self.setup.mode == CAMPAIGN else None
            if selected(self.scenario) == self.random_campaign:  # made again from the seed typed
                self.setup.scenario, self.setup.campaign = RANDOM_CAMPAIGN, random_id(self.typed_seed())
        self.setup.a, self.setup.b, *self.setup.seats = self.seats.controllers()
        self.setup.seed = self.typed_seed()
        remember(self.setup, self.settings)

    def seed_typed(self) -> None:
        """The random campaign chosen: the one the seed now typed makes, its sides and its words shown."""
        if selected(self.scenario) != self.random_campaign:
            return
        try:
            made = any_campaign(random_id(self.typed_seed()), self.rules.loaded_mods)
        except UserError as e:
            theme.say_on(self.problem_label, str(e))
            return
        self.scenarios[self.random_campaign] = made
        self.show_about(self.random_campaign)

    def typed_seed(self) -> int:
        """The seed typed: a whole number from 0 to 2**63 - 1 (as a replay keeps it), else 1."""
        seed = ascii_whole(self.seed.get_text().strip())
        return seed if seed is not None and seed < 2**63 else 1

    def make(self, what: str) -> str | None:
        """A new battle (or map) or the chosen one in the editor ("edit"), or a random battle of the
        seed typed, made and started at once ("start"): its seed is in its name, so it can be shared.
        With an Open Wars map chosen, a new map, and a random game of Open Wars."""
        open_wars = self.modes.get(selected(self.scenario)) == "open-wars"
        if what == "new":
            mode = self.modes.get(selected(self.scenario))
            self.setup.edit = "map" if open_wars else "campaign" if mode == CAMPAIGN else "scenario"
            return "edit"
        if what == "edit":
            sc = self.scenarios.get(selected(self.scenario))
            self.setup.edit = Path(sc.path) if sc is not None else "scenario"
            return "edit"
        if open_wars:  # Open Wars' random map (OW-LOC-1) of the seed typed, for the seats shown and who
            self.chosen()  # plays each; made again from its seed and players: no file is written
            if self.setup.scenario != RANDOM:  # a map laid by hand: as many players, factions drawn
                self.setup.scenario, self.setup.options = RANDOM, {"players": 2 + len(self.setup.seats)}
            remember(self.setup, self.settings)
            return "start"
        seed = self.typed_seed()
        try:
            ident, text = random_text(self.rules, "for-glory", seed, RandomOptions())
            battles_dir().mkdir(parents=True, exist_ok=True)
            path = inside(battles_dir(), f"{ident}.toml")
            write_text(path, text)
        except (UserError, OSError) as e:
            theme.say_on(self.problem_label, str(e))
            return None
        self.setup.scenario, self.setup.mode, self.setup.seed = str(path), "for-glory", seed
        self.setup.a, self.setup.b = (self.players[selected(m)] for m in (self.side_a, self.side_b))
        self.setup.seats = []
        remember(self.setup, self.settings)
        return "start"

    def scroll_options(self, pixels: int) -> None:
        """The wheel over the modules and mods: their list scrolls."""
        bar = self.options.vert_scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(
                min(
                    1.0 - bar.visible_percentage,
                    max(0.0, bar.start_percentage + pixels / self.options_height),
                )
            )

    def draw(self, surf: pygame.Surface) -> None:
        k = self.k
        surf.fill(theme.BACKGROUND)
        title = theme.font(round(72 * k), scaled=False).render("For Glory", True, theme.ACCENT)
        surf.blit(title, title.get_rect(midtop=(surf.get_width() // 2, self.title_y)))
        sub = theme.font(round(26 * k), scaled=False).render(self.t("subtitle"), True, theme.TEXT_DIM)
        surf.blit(sub, sub.get_rect(midtop=(surf.get_width() // 2, self.title_y + round(70 * k))))
        self.manager.draw_ui(surf)
        with theme.at_scale(k):  # what opens over the page grows with it
            self.draw_over(surf)
