"""The campaign's screen: its state and what it asks of the war (the words and names in the player's
language, the choices a decision offers with their prices and the marches with their movement, the
page open over the map, the layout); drawing (panel.py, battle_page.py, sheets.py, pages.py) and
input (screen.py) are done elsewhere. The war is played through `WarPlay`
(game/ui/playing/war_play.py), as the battle screen plays one of its battles on the table."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from pathlib import Path

import pygame

from game.content.rulesref import reference_for
from game.model import commands as cmd
from game.model.events import Event, Note, Phase
from game.model.grammar import with_article
from game.model.modules import rule_id_pattern
from game.model.resolution import Decision, Reject
from game.model.words import counted, number, percent
from game.running.log_texts import war_texts
from game.running.narrate import describe
from game.running.settings import Settings
from game.ui import theme
from game.ui.campaign.war_map import WarMap
from game.ui.campaign.words import army_line, brigade_line, category, chip_name, quality
from game.ui.pacing import FPS
from game.ui.palette import shown_colours
from game.ui.playing.remote_play import REMOTE
from game.ui.playing.remote_war import RemoteWar
from game.ui.playing.war_play import WarPlay
from game.ui.widgets.choice_list import Choice, ChoiceList
from game.ui.widgets.log_panel import LogPanel
from game.ui.widgets.rules_browser import RulesBrowser
from game.ui.widgets.save_browser import SaveBrowser
from systems.campaign.commands import Detach, March, Muster, Rest, Retreat
from systems.campaign.forces import Army
from systems.campaign.foresight import Foreseen, foreseen
from systems.campaign.odds import Prospect
from systems.campaign.orders import check_detach, check_muster
from systems.campaign.report import marches, recruits, replacements
from systems.campaign.rules_module import MOVE, ORDERS, RESOLVE, RETREAT, WITHDRAW
from systems.campaign.state import War
from systems.campaign.words import Naming, narrate

MENUS = {
    "menu": (
        ("resume", "menu_resume"),
        ("save", "campaign_menu_save"),
        ("load", "campaign_menu_load"),
        ("settings", "menu_to_settings"),
        ("rules", "menu_rules"),
        ("end", "menu_end"),
        ("quit", "menu_quit"),
    ),
    "quit": (("save-quit", "menu_save_quit"), ("quit-now", "menu_quit_now"), ("resume", "menu_cancel")),
    "load-ask": (("save-load", "menu_save_load"), ("load-now", "menu_load_now"), ("load", "menu_cancel")),
}
MENU_TITLES = {
    "menu": "menu_paused",
    "settings": "menu_settings",
    "quit": "campaign_quit_title",
    "load-ask": "campaign_load_title",
}


class CampaignView:
    from_editor = False  # a campaign tried from the editor ("Try it"): its Esc menu goes back to it
    top_hint = "campaign_top_hint"  # the keys the top bar names

    def __init__(self, play: WarPlay, size: tuple[int, int], settings: Settings | None = None) -> None:
        self.play = play
        self.controllers = play.controllers
        self.ai = play.turns
        self.remote: RemoteWar | None = None  # the other player, when he plays elsewhere (game/net/)
        self.settings = settings or Settings()
        w = self.war
        self.colours = self.side_colours()
        self.log = LogPanel(pygame.Rect(0, 0, 10, 10))
        self.map = WarMap(w, self.colours, lambda loc: self.n.place(loc), self.chip_name)
        self.say_in(self.settings.language)
        for e in w.events:
            self.tell(e)
        self.told_events = len(w.events)  # the war's events told in the log so far
        self.mouse = (0, 0)
        self.menu: str | None = None  # the Esc menu and its questions, Settings, or its saves ("load")
        self.menu_buttons: list[tuple[pygame.Rect, str]] = []
        self.browser: SaveBrowser | None = None
        self.to_load: Path | None = None  # the save chosen in the menu, for the window to open
        self.rules: RulesBrowser | None = None
        self.buttons: list[tuple[pygame.Rect, Choice]] = []  # the panel's, as last drawn
        self.top_figures: list[tuple[pygame.Rect, str]] = []  # each side's brigades in the top bar
        self.choice_list = ChoiceList()  # where the panel's choices were drawn: the wheel scrolls them
        self.page_list = ChoiceList()  # the army page's lines: the wheel scrolls them too
        self.choice_keys: list[str] = []  # the choices last drawn: another list is shown from its first
        self.page_buttons: list[tuple[pygame.Rect, Choice]] = []  # the page's over the map
        self.page_rows: list[tuple[pygame.Rect, str]] = []  # the army page's lines: whose record
        self.alert: str | None = None  # over the map: a refusal, a computer player's failure, the connection
        self.refusal: str | None = None  # the last refusal shown: gone once an order is obeyed
        self.army: str | None = None  # the army in hand (its page, its march)
        # the battles its marches would bring, asked once while the war stands as it is (its events)
        self._foreseen: dict[tuple[str, tuple[str, ...]], Foreseen | None] = {}
        self._foreseen_at = -1
        self.picked: str | None = None  # the place clicked
        # what is open over the map: "army" (its page), "report" (a battle's), "event" (the calendar's),
        # "figures" (Tab); the battle about to be fought and the war's end open by themselves
        self.page: str | None = None
        self.record: str | None = None  # the brigade or officer whose service record the army page shows
        # battles told so far: those whose aftermath is over (a save's battle still being fought, or
        # still retreating, is told when it is)
        self.reported = sum(1 for f in w.fought if f.after)
        self.report_of = 0  # the battle the report page tells
        self.events_told = news_told(w)  # this turn's news are shown (a new war's first)
        self.told: list[Note] = []  # the calendar's news the event page shows
        self.autosaved_turn = w.turn
        self.speed_index = self.settings.speed_index()
        self.size = (0, 0)
        self.layout(size)

    # --- words --------------------------------------------------------------------------------

    def say_in(self, language: str) -> None:
        """The screen's words in a language: the campaign's and its rules' texts, names, the log's."""
        w = self.war
        self.t = war_texts(language, [m.id for m in w.stack.modules])
        self.n = Naming(w, self.t)
        self.names = {s: self.n.side(s) for s in w.sides}
        self.reference = reference_for(language, w.theatre.rules.loaded_mods, w.stack.modules)
        self.log.t, self.log.title = self.t, self.t("campaign_log")
        self.log.rule_ids = rule_id_pattern(self.reference)

    def tell(self, e: Event) -> None:
        colour = theme.BAD if e.kind == "rejected" else theme.TEXT
        self.log.add(self.narrate(e), colour, words=lambda t: narrate(self.war, e, t, describe))

    def narrate(self, e: Event) -> str:
        return narrate(self.war, e, self.t, describe)

    def side_colours(self) -> dict[str, theme.Colour]:
        own = {s.id: s.colour for s in self.war.theatre.spec.sides}
        return shown_colours(own, self.settings.colour_blind)

    def settings_changed(self, key: str) -> None:
        if key == "language":
            self.say_in(self.settings.language)
            self.log.retell(self.t)
        elif key == "colour-blind":
            self.colours = self.map.colours = self.side_colours()
        elif key == "ui-scale":
            self.layout(self.size)

    def chip_name(self, a: Army) -> str:
        return chip_name(self.n, a)

    def player_of(self, side: str) -> str:
        ctrl, t = self.controllers.get(side, "?"), self.t
        if ctrl == REMOTE and self.remote is not None:
            return self.remote.seat.peer_name
        return t("you") if ctrl == "human" else t(f"player_{ctrl}") if t.has(f"player_{ctrl}") else ctrl

    def waiting(self, d: Decision) -> str:
        """What the panel says while nobody here may decide: who is deciding (the friend afar, or a
        connection that waits)."""
        if self.remote is not None:
            return self.remote.talk.waiting(self.t, d.side)
        return self.t("campaign_thinking", side=self.names[d.side], player=self.player_of(d.side))

    def close(self) -> None:
        """Leave the campaign: its computer players' process ended, its battle (if any) freed, the link
        to a friend elsewhere closed; the other screens, laid out at UI scale 1, get it back."""
        if self.remote is not None:
            self.remote.close()
        self.play.close()
        theme.set_scale(1.0)

    # --- the war --------------------------------------------------------------------------------

    @property
    def war(self) -> War:
        return self.play.war

    @property
    def over(self) -> bool:
        return self.war.pending is None

    @property
    def at_stake(self) -> bool:
        return not self.over and self.play.unsaved

    def human(self, side: str) -> bool:
        return self.controllers.get(side) == "human"

    def human_turn(self) -> Decision | None:
        """The decision in hand when a person plays it on this screen (not a battle's; with a friend
        afar, once the game may go on and this player's last command is applied)."""
        d = self.war.pending
        if d is None or self.war.battle is not None or not self.human(d.side):
            return None
        return d if self.remote is None or self.remote.may_act else None

    def resolving(self) -> bool:
        """The generals are playing a battle the players let them resolve (CAMP-DEC-10)."""
        w = self.war
        return w.battle is not None and w.fought[-1].resolved == "auto"

    def prospect(self) -> Prospect | None:
        """The battle a person is choosing about (to stand or withdraw, to fight it or resolve it)."""
        d = self.human_turn()
        return d.payload if d is not None and isinstance(d.payload, Prospect) else None

    def pace(self) -> float | None:
        """Nothing on the map moves by itself: a computer player's answer is looked for (pacing.py)."""
        return 1 / FPS if self.ai.thinking is not None or self.resolving() else None

    def stamp(self) -> Hashable:
        w = self.war
        ai = self.ai.thinking is None, len(self.ai.thoughts)
        return len(w.events), id(w.pending), ai, self.log.revision, self.alert, self.page, len(w.fought)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = self.size = size
        theme.set_scale(theme.fit_scale(self.settings.ui_scale, size))
        self.panel = pygame.Rect(w - theme.RIGHT_PANEL, theme.TOP_BAR, theme.RIGHT_PANEL, h - theme.TOP_BAR)
        self.area = pygame.Rect(0, theme.TOP_BAR, w - theme.RIGHT_PANEL, h - theme.TOP_BAR)
        self.map.layout(self.area)
        top = self.panel.y + int(self.panel.h * 0.6)
        self.log.rect = pygame.Rect(self.panel.x + 6, top, self.panel.w - 12, self.panel.bottom - top - 6)
        self.log.room = self.panel.inflate(-12, -12)  # L: the whole panel, to read the war back

    # --- what a decision offers -----------------------------------------------------------------

    def choices(self, d: Decision) -> list[Choice]:
        if d.kind == ORDERS:
            return self._orders(d)
        if d.kind == MOVE:
            return self._moves(d)
        if d.kind == RETREAT:
            return [
                Choice(
                    f"retreat:{loc}",
                    self.t("campaign_retreat_to", place=self.n.place(loc)),
                    Retreat(d.unit, loc),
                )
                for loc in d.options
            ]
        return []  # to stand or withdraw, to fight or resolve: the battle's page (battle_page.py)

    def _orders(self, d: Decision) -> list[Choice]:
        """Recruits and replacements in the place picked (else a button to pick each city where there
        are any), then the end of the orders."""
        t, n, w = self.t, self.n, self.war
        raised = recruits(w, d.side)
        made_good = replacements(w, d.side)
        out = []
        if self.picked is not None:
            for c, price in raised:
                if c.location != self.picked:
                    continue
                kind = {"category": category(n, c.category), "quality": quality(n, w.places[c.location].levy)}
                army = w.find_army(c.army) if c.army else None
                short = self.chip_name(army) if army is not None else t("campaign_the_garrison")
                label = t("campaign_recruit", **kind, price=price, army=short)
                full = t(
                    "campaign_recruit_for", army=n.army(c.army) if c.army else t("campaign_the_garrison")
                )
                hint = f"{full}. {t('campaign_recruit_hint')}"
                out.append(Choice(f"recruit:{c.category}:{c.army}", label, c, hint))
            for r, price in made_good:
                found = w.brigade(r.unit)
                if found is not None and found[1].location == self.picked:
                    label = t("campaign_replenish", unit=n.brigade(r.unit), price=price)
                    out.append(Choice(f"replenish:{r.unit}", label, r, t("campaign_replenish_hint")))
            out.append(Choice("cancel", t("campaign_other_city")))  # back to the cities with orders
        else:
            held = [found[1].location for r, _p in made_good if (found := w.brigade(r.unit)) is not None]
            where = sorted({c.location for c, _p in raised} | set(held))
            out += [Choice(f"pick:{loc}", t("campaign_orders_at", place=n.place(loc))) for loc in where]
        return [*out, Choice("pass", t("campaign_end_orders"), cmd.Pass())]

    def _moves(self, d: Decision) -> list[Choice]:
        t, n = self.t, self.n
        if self.army in d.options:
            a = self.war.find_army(self.army)
            assert a is not None
            return [
                Choice("rest", t("campaign_rest", army=n.army(a.id)), Rest(a.id), t("campaign_rest_hint")),
                Choice("cancel", t("campaign_other_army")),
                Choice("pass", t("campaign_end_move"), cmd.Pass()),
            ]
        armies = [a for x in d.options if (a := self.war.find_army(x)) is not None]
        out = [Choice(f"army:{a.id}", army_line(n, a)) for a in armies]
        return [*out, Choice("pass", t("campaign_end_move"), cmd.Pass())]

    def paths(self) -> dict[str, tuple[tuple[str, ...], int]]:
        """Where the army in hand may march this turn: each place's path and its movement (CAMP-DEC-3)."""
        d = self.human_turn()
        if d is None or d.kind != MOVE or self.army not in d.options:
            return {}
        return marches(self.war, self.army)

    def march_words(self, path: tuple[str, ...]) -> list[str]:
        """What the army in hand's march along `path` would bring where an enemy army stands: the odds
        of the battle if it were fought now (CAMP-DEC-24), or the side that could not give it (CAMP-DEC-9)."""
        if self.army is None:
            return []
        if self._foreseen_at != len(self.war.events):
            self._foreseen, self._foreseen_at = {}, len(self.war.events)
        key = (self.army, path)
        if key not in self._foreseen:
            self._foreseen[key] = foreseen(self.war, March(self.army, path))
        f, t = self._foreseen[key], self.t
        if f is None:
            return []
        if f.odds is None:
            return [t("campaign_foreseen_cannot", side=self.names[f.cannot or f.defender])]
        o, a, d = f.odds, f.attacker, f.defender
        return [
            t(
                "campaign_foreseen",
                attacker=self.names[a],
                defender=self.names[d],
                attacker_win=percent(o.win[a], t),
                draw=percent(o.draw, t),
                defender_win=percent(o.win[d], t),
            ),
            t(
                "campaign_foreseen_losses",
                attacker=self.names[a],
                defender=self.names[d],
                attacker_lost=number(o.losses[a], t),
                defender_lost=number(o.losses[d], t),
            ),
            *self.arrivals_words(f),
        ]

    def arrivals_words(self, f: Foreseen) -> list[str]:
        """The armies next to the place that would march to the battle (CAMP-DEC-8), by side, each with
        its round: they count in the odds as they stand now."""
        t = self.t
        sides = []
        for side in (f.attacker, f.defender):
            armies = [
                f"{with_article(self.n.army(x.army))} ({t('campaign_arrival_badge', round=x.round)})"
                for x in f.arrivals
                if x.side == side
            ]
            if armies:
                sides.append(f"{self.names[side]}: {', '.join(armies)}")
        return [t("campaign_foreseen_arrivals", armies="; ".join(sides))] if sides else []

    def garrison_choices(self, a: Army) -> dict[str, cmd.Command]:
        """In the orders phase, what each brigade of the army and of the garrison where it stands may
        do (CAMP-DEC-6): stay as the garrison, or join the army."""
        d = self.human_turn()
        if d is None or d.kind != ORDERS or d.side != a.side:
            return {}
        out: dict[str, cmd.Command] = {}
        for b in a.brigades():
            detach = Detach(a.id, b.id)
            if _allowed(partial(check_detach, self.war, a.side, detach)):
                out[b.id] = detach
        g = self.war.garrison_at(a.location)
        for b in g.brigades if g is not None else []:
            muster = Muster(a.id, b.id)
            if _allowed(partial(check_muster, self.war, a.side, muster)):
                out[b.id] = muster
        return out

    def prompt(self, d: Decision) -> str:
        t, side = self.t, self.names[d.side]
        gold = self.war.purses[d.side].gold
        if d.kind == ORDERS:
            place = self.n.place(self.picked) if self.picked else ""
            key = "campaign_orders_prompt_at" if place else "campaign_orders_prompt"
            return t(key, side=side, gold=gold, place=place)
        if d.kind == MOVE:
            a = self.war.find_army(self.army) if self.army in d.options else None
            if a is not None:
                return t("campaign_march_prompt", army=self.n.army(a.id))
            return t("campaign_move_prompt", side=side)
        if d.kind == RETREAT:
            return t("campaign_retreat_prompt", army=self.n.army(d.unit))
        if d.kind in (WITHDRAW, RESOLVE):
            return t("campaign_battle_prompt", side=side, place=self.n.place(d.unit))
        return t("campaign_battle_turn", side=side)

    def guide(self, d: Decision) -> str:
        key = {
            ORDERS: "campaign_orders_guide",
            MOVE: "campaign_move_guide",
            RETREAT: "campaign_retreat_guide",
        }
        if d.kind == MOVE and self.army in d.options:
            return self.t("campaign_march_guide")
        return self.t(key.get(d.kind, "campaign_battle_guide"))

    def army_words(self, a: Army) -> list[str]:
        """An army in a few lines for the panel: its name and commander, where it stands, its state."""
        n, t = self.n, self.t
        lines = [army_line(n, a), t("campaign_army_at", place=n.place(a.location), side=self.names[a.side])]
        state = "fought" if a.fought else "marched" if a.moved else "rested" if a.rested else ""
        if state:
            lines.append(t(f"campaign_army_{state}"))
        worn = sorted(a.brigades(), key=lambda b: -b.hits)[:2]
        lines += [brigade_line(n, b) for b in worn if b.hits]
        return lines

    def place_words(self, loc: str) -> list[str]:
        """A place in a few lines: its ground, who holds it, its gold, walls, levy; its garrison, a siege;
        what the campaign's file says of it."""
        w, n, t = self.war, self.n, self.t
        p = w.places[loc]
        holder = w.control.get(loc)
        ground = t(f"campaign_type_{p.type}")
        lines = [t("campaign_place_head", place=n.place(loc), ground=ground, gold=p.gold)]
        lines.append(
            t("campaign_place_held", side=self.names[holder]) if holder else t("campaign_place_free")
        )
        if p.fortress:
            lines.append(t("campaign_place_walls", strength=p.fortress))
        if p.raises:
            kinds = ", ".join(n.t(f"category_{c.lower()}") for c in p.raises)
            lines.append(t("campaign_place_raises", kinds=kinds, quality=quality(n, p.levy)))
        g = w.garrison_at(loc)
        if g is not None:
            lines.append(counted(t, "campaign_place_garrison", len(g.brigades), side=self.names[g.side]))
        if loc in w.sieges:
            s = w.sieges[loc]
            lines.append(t("campaign_place_siege", side=self.names[s.besieger], turns=s.turns))
        said = n.place_text(loc)
        if said:
            lines.append(said)
        return lines


def news_told(w: War) -> int:
    """How many of the calendar's events were told before the screen opens: those before this turn
    while nothing has happened since its orders began (a new war, a new turn's autosave: this turn's
    are still news), else all (a save made after they were read, mid-battle say)."""
    count = told = 0
    for e in w.events:
        say = (e.details or {}).get("say") if isinstance(e, Note) else None
        if say == "camp_turn":
            told = count
        elif say == "camp_event":
            count += 1
    last = w.events[-1] if w.events else None
    return told if isinstance(last, Phase) and last.phase == "orders" else count


def _allowed(check: Callable[[], object]) -> bool:
    """Whether the rules' own check of an order passes (it raises its refusal otherwise)."""
    try:
        check()
    except Reject:
        return False
    return True
