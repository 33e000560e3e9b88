"""The battle screen's state: the match, who plays each side, the settings and words, and the parts
of the window (camera, renderer, log, the human's input, the AI's turns); what is shown of the pieces,
the score, the layout of the panel."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path

import esper
import pygame

from game.ai.reasons import Thought
from game.content.glossary import Term, glossary
from game.content.locale import Texts
from game.content.module_records import module_locales, module_words
from game.content.rulesref import reference_for
from game.model.battle import Battle
from game.model.components import Ident, Officer, Side, Status, Unit
from game.model.modules import rule_id_pattern
from game.model.resolution import Decision
from game.running.match import Match, summary
from game.running.names import named
from game.running.narrate import names_of
from game.running.settings import SPEEDS, Settings
from game.ui import theme
from game.ui.battle.human import Button, HumanInput
from game.ui.battle.overlays import Overlays
from game.ui.drawing.camera import Camera
from game.ui.drawing.display import Display
from game.ui.drawing.render import BaseLook, OfficerLook, Renderer
from game.ui.pacing import sooner
from game.ui.palette import shown_colours
from game.ui.playing.game_view import GameView
from game.ui.playing.war_play import WarPlay
from game.ui.sound import Sounds
from game.ui.widgets.log_panel import LogPanel
from game.ui.widgets.rules_browser import RulesBrowser
from game.ui.widgets.save_browser import SaveBrowser
from systems.for_glory.checks import is_disorganised

# the right panel's rows, in pixels at UI scale 1 (theme.px scales them): three lines of what is asked,
# up to ten buttons (more go in two columns), five lines of details (the ghost's verdict, odds), two rows
# of overlay toggles
PANEL_HEAD, BUTTON_STEP, MOST_BUTTONS, DETAIL_LINES, OVERLAY_ROWS = 72, 30, 10, 5, 52
STATUS_ROW = 22  # the top bar's row of the rule modules' state, under its two, over the table alone


class BattleView(GameView):
    """The battle screen's state and what it asks of it; drawing (battle_hud, battle_panel, battle_help,
    battle_menu) and input (battle_screen) are done elsewhere."""

    def __init__(
        self,
        match: Match,
        controllers: dict[str, str],
        size: tuple[int, int],
        settings: Settings | None = None,
        war: WarPlay | None = None,
    ) -> None:
        super().__init__(match, controllers, settings, war)  # the computer players started there
        b = match.battle
        spec = match.scenario.spec
        self.t = named(Texts(self.settings.language, module_locales(b.stack)), match)
        # the sides and objectives by the scenario's names in the player's language (the log's too)
        self.names, self.objective_names = names_of(spec, self.t.language)
        fp = b.rules.core.bases
        self.renderer = Renderer(
            b.table, self.side_colours(), (fp.unit_width, fp.unit_depth), fp.officer_diameter / 2
        )
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
        # pixels kept free under the table (the first battle's lessons) and what is drawn there, before
        # any menu, help or reference, which cover it
        self.reserved = 0
        self.reserved_top = 0  # pixels kept free over the table (the replay's strip), under the top bar
        self.under_modals: list[Callable[[pygame.Surface], None]] = []
        self.camera = Camera((0, theme.TOP_BAR, 10, 10))
        self.layout(size)
        self.camera.fit(b.table.width, b.table.depth)
        self.alert = None
        # the Esc menu ("menu"), its settings, its list of saves ("load"), the questions before quitting
        # ("quit") or loading another battle ("load-ask")
        self.menu: str | None = None
        self.browser: SaveBrowser | None = None  # the saves, to load one (game/ui/widgets/load_list.py)
        self.to_load: Path | None = None  # the save chosen in the menu, for the window to open
        self.rules: RulesBrowser | None = None  # the rules reference, over everything
        self.rules_back: str | None = None  # the menu it returns to (none when opened from the F1 help)
        self.help_links: list[tuple[pygame.Rect, str]] = []  # the F1 help's rule lines, as drawn
        self.help = False  # F1
        self.help_scroll = 0  # pixels of the help above its box
        self.why = False  # W: the reasons of the computer's decisions
        self.why_back = 0  # how many decisions before the last one the box shows
        self.why_none = "why_none"  # what the box says with no decision to explain (a replay: why_replay)
        self.sounds = Sounds(volume=self.settings.sound, music=self.settings.music)
        self.menu_buttons: list[tuple[pygame.Rect, str]] = []
        self.modules_chip: pygame.Rect | None = None  # the top bar's chip naming the rule modules in play
        # the top bar's activation order as drawn: each chip, its formation and initiative
        self.order_chips: list[tuple[pygame.Rect, str, int]] = []
        self.hover_box: pygame.Rect | None = None  # where the box about a piece under the mouse was drawn
        self.banner_box: pygame.Rect | None = None  # where the round's banner was drawn, if it was
        # where the last roll's box was drawn; its corner of the table and its share of the table's
        # width, kept for the roll it shows
        self.dice_box: pygame.Rect | None = None
        self.dice_corner: tuple[object, str, float] | None = None
        self.autosaved_round = b.game.round if b.game else 0
        self.autosaves = True  # a new round is saved, but not while a replay is watched (replay.py)
        self.speed_index = self.settings.speed_index()
        self.display.speed = SPEEDS[self.speed_index]
        self.mouse = (0, 0)
        self.dragging: tuple[int, int] | None = None
        self.buttons: list[tuple[pygame.Rect, Button]] = []
        self.asked: Decision | None = None
        # each command sent on this screen (a saved battle's come before them: `first_command`): the
        # number of events after it (for undo), the side whose decision it answered, and its kind
        self.marks: list[int] = []
        self.sent_by: list[str] = []
        self.answered: list[str] = []
        self.first_event = len(b.events)
        self.first_command = len(match.commands)
        self._looks_key: tuple[int, int, str | None] | None = None
        self._score_key: tuple[int, int] | None = None
        self._score: dict[str, int] = {}
        self._looks: tuple[list[BaseLook], list[OfficerLook]] = ([], [])

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        theme.set_scale(theme.fit_scale(self.settings.ui_scale, size))
        # over the table, the top bar has a row more for the rule modules' state (command points ...):
        # on the second row it took who decides' room beside the activation order (session 13)
        self.top_bar = theme.TOP_BAR + (theme.px(STATUS_ROW) if self.battle.stack.statuses else 0)
        table_top = self.top_bar + self.reserved_top
        self.camera.view = (0, table_top, w - theme.RIGHT_PANEL, h - table_top - self.reserved)
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
        self.log.room = self.panel.inflate(-12, -12)  # L: the whole panel, to read the battle back

    def side_colours(self) -> dict[str, tuple[int, int, int]]:
        """The sides' colours: the scenario's, or the colour-blind palette's (Settings)."""
        own = {s.id: (s.colour[0], s.colour[1], s.colour[2]) for s in self.match.scenario.spec.sides}
        return shown_colours(own, self.settings.colour_blind)

    def settings_changed(self, key: str) -> None:
        """A setting changed in the Esc menu's Settings, shown at once (GameView.settings_changed)."""
        st = self.settings
        if key == "language":
            self.t = self.display.t = self.human.t = named(Texts(st.language, self.t.extra), self.match)
            self.names, self.objective_names = names_of(self.match.scenario.spec, st.language)
            self.log.sides, self.log.objectives = self.names, self.objective_names
            self.log.retell(self.t)
            self.human.info = self.human.describe()  # the decision in hand, in the new language
            b = self.battle
            self.reference = reference_for(st.language, b.rules.loaded_mods, b.stack.chosen)
            self._looks_key = None  # the bases' name plates, in the new language
        elif key == "colour-blind":
            self.renderer.colours = self.side_colours()
            self._looks_key = None  # redraw the bases in their new colours
        elif key == "ui-scale":
            self.layout(self.size)
        elif key in ("sound", "music"):
            self.sounds.volume, self.sounds.music_volume = st.sound, st.music

    @property
    def battle(self) -> Battle:
        return self.match.battle

    @property
    def over(self) -> bool:
        return self.battle.pending is None and not self.display.busy

    def human_turn(self) -> bool:
        """A human has a decision in hand (and the table shows the state it is about)."""
        d = self.battle.pending
        if self.remote is not None and not self.remote.may_act:  # paused, or his turn file not yet seen
            return False
        return d is not None and self.controllers.get(d.side) == "human" and self.asked is d

    def pace(self) -> float | None:
        """When the battle's picture changes by itself (game/ui/pacing.py): its animations, the last
        roll and the banner going, a computer player's answer looked for."""
        return sooner(self.display.pace(), self.waiting_pace())

    def stamp(self) -> Hashable:
        """What the battle's update changes without an event: the game's news, the human's question
        taken up, the last roll and the banner."""
        return self.news(), id(self.asked), self.display.stamp()

    @property
    def at_stake(self) -> bool:
        """A battle in progress that leaving would lose: commands given since it was last saved (here, or
        as the save it was loaded from); a campaign's or a friend's battle keeps itself its own way."""
        kept_elsewhere = self.war is not None or self.remote is not None
        changed = kept_elsewhere or tuple(self.match.commands) != self.saved_as
        return not self.over and bool(self.match.commands) and changed

    def who_decides(self) -> str:
        """The top bar's second line: whose decision it is, who plays that side, and what it is."""
        d, t = self.battle.pending, self.t
        if d is None:
            return t("battle_over")
        who = t("decides", side=self.names.get(d.side, d.side), player=self.player_of(d.side),
                decision=self.decision(d.kind))  # fmt: skip
        return who + " ..." if self.ai.thinking is not None else who

    def modules_words(self) -> list[tuple[str, str]]:
        """The optional rule modules this battle plays with: (name, description) in the player's words."""
        return [module_words(m, self.t.language) for m in self.battle.stack.chosen]

    def glossary(self) -> list[Term]:
        """The glossary in the player's words, its measures in this battle's inches."""
        return glossary(self.t.language, self.battle.rules.core.measures)

    def score(self) -> dict[str, int]:
        """The score so far; counted from the events, so only again when there are new ones."""
        key = (id(self.battle), len(self.battle.events))
        if key != self._score_key:
            self._score_key, self._score = key, summary(self.match)["score"]
        return self._score

    def decision(self, kind: str) -> str:
        """A kind of decision in the player's words (a rule module's by its name)."""
        key = f"decision_{kind}"
        return self.t(key) if self.t.has(key) else kind.replace("_", " ")

    def why_thought(self) -> Thought | None:
        """The computer's decision the "why?" box is about (the last one, or one before it)."""
        thoughts = self.ai.thoughts
        return thoughts[-1 - self.why_back] if self.why_back < len(thoughts) else None

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
                        self.t.names.brief(ident.id),  # on the table when zoomed in: the short name
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
