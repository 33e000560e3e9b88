"""The Open Wars screen's state and what it asks of it: the game, who plays each side, the words
and names of the map, the choices a decision offers with their costs and odds, the layout; drawing
(panels.py) and input (screen.py) are done elsewhere."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.content.locale import Texts
from game.content.module_records import folder_of
from game.content.rulesref import reference_for
from game.model import commands as cmd
from game.model.events import Event
from game.model.modules import rule_id_pattern
from game.model.resolution import Decision, Reject
from game.model.words import number
from game.running.match import Match
from game.running.narrate import describe
from game.running.settings import Settings
from game.running.stats import Figures
from game.ui import theme
from game.ui.drawing.map_cards import MapView
from game.ui.palette import shown_colours
from game.ui.playing.game_view import GameView
from game.ui.playing.settings_menu import SETTINGS
from game.ui.widgets.choice_list import Choice, ChoiceList
from game.ui.widgets.log_panel import LogLine, LogPanel
from game.ui.widgets.rules_browser import RulesBrowser
from game.ui.widgets.save_browser import SaveBrowser
from systems.open_wars.combat import FallBack, Hits, TakeHit, hits_odds, retreats
from systems.open_wars.magic import Cast, cast_cost, castings, spell_losses
from systems.open_wars.moves import March, Recruit, check_march, check_recruit, reachable, room_for
from systems.open_wars.odds import CombatOdds, combat_odds
from systems.open_wars.records import Spell
from systems.open_wars.state import Campaign, Stack
from systems.open_wars.volley import Shoot, shot_losses, targets
from systems.open_wars.words import (
    card_words,
    ending,
    joined,
    narrate,
    plural,
    refusal_words,
    tokens,
    told_together,
    unit_name,
)


@dataclass(frozen=True)
class SeatEntry:
    """One seat as the top bar (top_bar.py) shows it: `who` as drawn (its name and player, whole
    unless not even the smallest size holds it), `said` whole, its figures (gold, mana, army value),
    its box, its size."""

    side: str
    who: str
    said: str
    figures: tuple[int, int, int]
    box: pygame.Rect
    size: int


# the Esc menu and the questions before leaving: (what a button does, its label), with their titles;
# the saves to load are browsed when it opens (game/ui/widgets/load_list.py)
MENUS = {
    "menu": (
        ("resume", "menu_resume"),
        ("save", "ow_menu_save"),  # a game, not a battle (the words For Glory's menu says)
        ("load", "ow_menu_load"),
        ("settings", "menu_to_settings"),
        ("rules", "menu_rules"),
        ("concede", "ow_menu_concede"),  # OW-DEC-30, asked again before it is done
        ("end", "menu_end"),
        ("quit", "menu_quit"),
    ),
    "concede-ask": (("concede-yes", "ow_menu_concede_yes"), ("resume", "menu_cancel")),
    "settings": SETTINGS,  # the battle's own page (game/ui/playing/settings_menu.py)
    "quit": (("save-quit", "menu_save_quit"), ("quit-now", "menu_quit_now"), ("resume", "menu_cancel")),
    "load-ask": (("save-load", "menu_save_load"), ("load-now", "menu_load_now"), ("load", "menu_cancel")),
}
MENU_TITLES = {
    "menu": "menu_paused",
    "settings": "menu_settings",
    "quit": "ow_menu_quit_title",
    "load-ask": "ow_menu_load_title",
    "concede-ask": "ow_menu_concede_title",
}
PLAYER_COLOURS = [(60, 100, 200), (196, 60, 50), (60, 150, 80), (200, 160, 40)]  # when a map gives none


class OpenWarsView(GameView):
    def __init__(
        self,
        match: Match,
        controllers: dict[str, str],
        size: tuple[int, int],
        settings: Settings | None = None,
    ) -> None:
        super().__init__(match, controllers, settings)
        c = self.campaign
        self.colours = self.player_colours()
        self.view = MapView(c, self.colours, {}, self.settings.language)
        self.log = LogPanel(pygame.Rect(0, 0, 10, 10))
        self._told: tuple[LogLine | None, list[Event]] = (None, [])  # the last line and the events it tells
        self.say_in(self.settings.language)
        for e in c.events:
            self.tell(e)
        self.speed_index = self.settings.speed_index()
        self.mouse = (0, 0)
        # the Esc menu ("menu"), its list of saves ("load"), the questions before quitting ("quit") or
        # loading another game ("load-ask")
        self.menu: str | None = None
        self.browser: SaveBrowser | None = None  # the saves, to load one (game/ui/widgets/load_list.py)
        self.to_load: Path | None = None  # the save chosen in the menu, for the window to open
        self.rules: RulesBrowser | None = None  # the rules reference, over everything
        self.menu_buttons: list[tuple[pygame.Rect, str]] = []
        self.buttons: list[tuple[pygame.Rect, Choice]] = []
        self.choice_list = ChoiceList()  # where the choices were drawn, scrolled when they do not all fit
        self.seats: list[SeatEntry] = []  # the top bar's seats as last drawn, for their hover boxes
        self.help = False
        self.figures: Figures | None = None  # Tab: the game in figures so far (game/running/stats.py)
        self._figured: tuple[int, Figures] | None = None  # the figures last worked out, at so many events
        self.help_box = pygame.Rect(0, 0, 0, 0)  # where the F1 help was drawn: the map under it is hidden
        self.end_box = pygame.Rect(0, 0, 0, 0)  # where the end box was drawn: the same
        self.alert = None
        self.picked: str | None = None  # the location clicked (a city to recruit in, a stack's place)
        self.stack: Stack | None = None  # the stack about to march
        self.count = 0  # how many of its tokens march
        self.autosaved_round = c.game.round if c.game else 0
        self.autosaves = True  # a new turn is saved, but not while a replay is watched (replay.py)
        self.reserved_top = (
            0  # pixels over the map kept for what another screen draws there (a replay's strip)
        )
        self._odds: tuple[tuple[object, ...], CombatOdds] | None = None
        self.size = (0, 0)
        self.layout(size)

    def say_in(self, language: str) -> None:
        """The screen's words in a language: its texts, the rules reference, the map's names (its
        players', its locations'), the log's title and rule IDs."""
        c = self.campaign
        self.t = Texts(language, (folder_of(c.stack.mode.base) / "locale",))
        self.reference = reference_for(language, c.rules.loaded_mods, c.stack.modules)  # a mod's rules too
        self.words = c.map.spec.words(language)  # the map's names in the player's language
        self.names = self.words.players
        self.view.names, self.view.language = self.words.locations, language
        self.log.t, self.log.title = self.t, self.t("ow_log")
        self.log.rule_ids = rule_id_pattern(self.reference)

    def player_colours(self) -> dict[str, theme.Colour]:
        """Each player's colour: the map's (or the game's for a player it gives none), or the
        colour-blind palette's (Settings)."""
        players = self.campaign.map.spec.players
        own = {p.id: p.colour or PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, p in enumerate(players)}
        return shown_colours(own, self.settings.colour_blind)

    def tell(self, e: Event, colour: theme.Colour = theme.TEXT) -> None:
        """An event's line in the log, told again in the new language when it changes; a recruit of more
        of what the line before it recruited is told with it, in that line (`joined`)."""
        last = self.log.lines[-1] if self.log.lines else None
        if last is not None and last is self._told[0] and joined(self._told[1][-1], e):
            group = [*self._told[1], e]
            self.log.reword_last(lambda t: told_together(group, self.campaign, t, describe))
        else:
            group = [e]
            self.log.add(self.narrate(e), colour, words=lambda t: narrate(e, self.campaign, t, describe))
        self._told = (self.log.lines[-1], group)

    def settings_changed(self, key: str) -> None:
        """A setting changed in the Esc menu's Settings, shown at once (GameView.settings_changed)."""
        if key == "language":
            self.say_in(self.settings.language)
            self.log.retell(self.t)
        elif key == "colour-blind":
            self.colours = self.view.colours = self.player_colours()
        elif key == "ui-scale":
            self.layout(self.size)

    @property
    def campaign(self) -> Campaign:
        assert isinstance(self.match.battle, Campaign)
        return self.match.battle

    @property
    def over(self) -> bool:
        return self.campaign.pending is None

    def pace(self) -> float | None:
        """Nothing on the map moves by itself: a computer player's answer is looked for (pacing.py)."""
        return self.waiting_pace()

    def stamp(self) -> Hashable:
        return self.news()

    @property
    def at_stake(self) -> bool:
        """A game in progress that leaving would lose."""
        return not self.over and bool(self.match.commands)

    def human_turn(self) -> Decision | None:
        d = self.campaign.pending
        if self.remote is not None and not self.remote.may_act:  # paused, or his turn not yet seen
            return None
        return d if d is not None and self.controllers.get(d.side) == "human" else None

    def layout(self, size: tuple[int, int]) -> None:
        w, h = self.size = size
        theme.set_scale(theme.fit_scale(self.settings.ui_scale, size))  # as the battle's (Settings)
        self.panel = pygame.Rect(w - theme.RIGHT_PANEL, theme.TOP_BAR, theme.RIGHT_PANEL, h - theme.TOP_BAR)
        top = theme.TOP_BAR + self.reserved_top
        self.area = pygame.Rect(0, top, w - theme.RIGHT_PANEL, h - top)
        self.view.layout(self.area)
        top = self.panel.y + int(self.panel.h * 0.58)
        # the chronicle's room: less while what is asked needs more (panels.py draw_panel)
        self.log_home = pygame.Rect(self.panel.x + 6, top, self.panel.w - 12, self.panel.bottom - top - 6)
        self.log.rect = self.log_home.copy()
        self.log.room = self.panel.inflate(-12, -12)  # L: the whole panel, to read the game back

    def narrate(self, e: Event) -> str:
        return narrate(e, self.campaign, self.t, describe)

    def unit_name(self, unit: str) -> str:
        return unit_name(self.campaign, self.t, unit)

    def tokens(self, unit: str, count: int) -> str:
        """ "3 tokens of Wolf riders": a count that agrees with any unit's name."""
        return tokens(self.campaign, self.t, unit, count)

    def choices(self, d: Decision) -> list[Choice]:
        handler = {
            "ow_recruit": self._recruits,
            "ow_move": self._moves,
            "ow_combat": self._combat,
            "ow_cast": self._casts,
            "ow_volley": self._volley,
            "ow_hits": self._hits,
        }
        return handler[d.kind](d)

    def _recruits(self, d: Decision) -> list[Choice]:
        c, t = self.campaign, self.t
        city = self.picked if self.picked in d.options else d.options[0]
        out = []
        for u in c.rules.factions[c.factions[d.side]].units:
            stats = self.unit_words(u.id)
            label = t("ow_recruit_unit", unit=self.unit_name(u.id), cost=u.cost)
            try:
                check_recruit(c, d.side, Recruit(city, u.id))
            except Reject as r:
                out.append(
                    Choice(
                        f"recruit:{u.id}", label, hint=f"{refusal_words(c, r, t)} ({r.rule})", enabled=False
                    )
                )
                continue
            out.append(Choice(f"recruit:{u.id}", label, Recruit(city, u.id), stats))
        return [*out, Choice("pass", t("ow_end_recruit"), cmd.Pass())]

    def _moves(self, d: Decision) -> list[Choice]:
        c, t = self.campaign, self.t
        out = []
        if self.picked in d.options:
            for s in c.stacks_at(self.picked, d.side):
                free = s.count - s.moved
                if free > 0 and reachable(c, s):
                    label = t("ow_stack_button", unit=self.unit_name(s.unit), free=free, count=s.count)
                    out.append(Choice(f"stack:{s.unit}", label, hint=self.unit_words(s.unit)))
        if self.stack is not None:
            out.append(Choice("fewer", t("ow_fewer"), enabled=self.count > 1))
            out.append(Choice("more", t("ow_more"), enabled=self.count < self.stack.count - self.stack.moved))
        else:
            out += self._spells(d.side, castings(c, d.side, "movement"))
        return [*out, Choice("pass", t("ow_end_move"), cmd.Pass())]

    def _spells(self, side: str, casts: list[Cast]) -> list[Choice]:
        """A button a cast (OW-MAGIC-4): the spell, its mana, where; the exact odds of a spell's dice."""
        c, t = self.campaign, self.t
        out = []
        for a in casts:
            spell = c.rules.spells[a.spell]
            label = t(
                "ow_rite_button" if not a.unit else "ow_cast_button",
                spell=c.rules.spell_name(a.spell, t.language),
                cost=cast_cost(c, a),
                location=self.words.locations[a.target],
                place=self.words.locations[a.location],
            )
            odds = self._losses_words(spell_losses(c, side, a))
            out.append(
                Choice(f"cast:{a.spell}:{a.target}", label, a, f"{self.spell_words(spell)} {odds}".strip())
            )
        return out

    def spell_words(self, spell: Spell) -> str:
        """OW-MAGIC-3: a spell's category, range and effect, in the player's words."""
        t, e = self.t, spell.effect
        kind: str = e.kind
        if kind in ("attack", "initiative", "entry"):
            kind += "_up" if e.amount > 0 else "_down"
        unit = self.unit_name(e.unit) if e.unit else ""
        terrain = t("ow_type_" + e.terrain) if e.terrain else ""
        effect = t("ow_effect_" + kind, amount=abs(e.amount), attack=e.attack, unit=unit, terrain=terrain)
        return t(
            "ow_spell_hint", category=t("ow_category_" + spell.category), range=spell.range, effect=effect
        )

    def aimed(self) -> str | None:
        """The location the cast or shot under the mouse aims at: the map lights it."""
        button = next((ch for r, ch in self.buttons if r.collidepoint(self.mouse)), None)
        command = button.command if button is not None else None
        return command.target if isinstance(command, Cast | Shoot) else None

    def _losses_words(self, losses: dict[int, float]) -> str:
        """The exact chance of each number of enemy tokens a shot or a spell takes ("" for no dice)."""
        spread = ", ".join(f"{k}: {p:.0%}" for k, p in losses.items())
        return self.t("ow_losses", spread=spread) if spread else ""

    def _casts(self, d: Decision) -> list[Choice]:
        spells = self._spells(d.side, castings(self.campaign, d.side, "collection"))
        return [*spells, Choice("pass", self.t("ow_go_on"), cmd.Pass())]

    def _volley(self, d: Decision) -> list[Choice]:
        c, t = self.campaign, self.t
        s = c.stack_of(d.side, d.stage, d.unit)
        assert s is not None
        out = []
        for loc in targets(c, s):
            shot = Shoot(d.stage, d.unit, loc)
            label = t("ow_shoot_button", location=self.words.locations[loc])
            out.append(Choice(f"shoot:{loc}", label, shot, self._losses_words(shot_losses(c, s, shot))))
        out += self._spells(d.side, castings(c, d.side, "combat", s))
        return [*out, Choice("pass", t("ow_hold"), cmd.Pass())]

    def _combat(self, d: Decision) -> list[Choice]:
        c, t = self.campaign, self.t
        s = c.stack_of(d.side, d.stage, d.unit)
        assert s is not None
        out = [Choice("attack", t("ow_attack"), cmd.Pass(), self.attack_words(s))]
        for loc in retreats(c, s):
            n = min(s.count, room_for(c, s.player, loc, c.unit(s.unit)))
            label = t("ow_retreat", location=self.words.locations[loc], count=n)
            out.append(
                Choice(f"retreat:{loc}", label, FallBack(d.stage, d.unit, loc, n), t("ow_retreat_hint"))
            )
        return out

    def _hits(self, d: Decision) -> list[Choice]:
        """OW-COMBAT-7: a button for each of the player's cheapest stacks there, and the default."""
        c, t = self.campaign, self.t
        out = []
        for unit in d.options:
            s = c.stack_of(d.side, d.stage, unit)
            label = t("ow_hit_button", tokens=self.tokens(unit, s.count if s else 0))
            out.append(Choice(f"hit:{unit}", label, TakeHit(d.stage, unit), self.unit_words(unit)))
        return [*out, Choice("pass", t("ow_hit_default"), cmd.Pass(), t("ow_hit_default_hint"))]

    def unit_words(self, unit: str) -> str:
        u = self.campaign.unit(unit)
        words = self.t("ow_unit_hint", initiative=u.initiative, attack=u.attack, movement=u.movement,
                       type=self.t("ow_type_" + u.type))  # fmt: skip
        return words + (" " + self.t("ow_unique") if u.unique else "")

    def attack_words(self, s: Stack) -> str:
        """OW-COMBAT-5: the exact chance of each number of hits of this stack's attack."""
        u = self.campaign.unit(s.unit)
        odds = hits_odds(s.count, u.attack)
        spread = ", ".join(f"{k}: {float(p):.0%}" for k, p in odds.items())
        mean = sum(k * p for k, p in odds.items())
        return self.t(
            plural("ow_attack_odds", s.count),
            dice=s.count,
            attack=u.attack,
            spread=spread,
            mean=number(float(mean), self.t),
        )

    def paths(self) -> dict[str, tuple[tuple[str, ...], int]]:
        """Where the stack in hand may go: each location's cheapest path and its movement cost."""
        c = self.campaign
        if self.stack is None:
            return {}
        out = {}
        for loc, path in reachable(c, self.stack).items():
            steps = check_march(c, self.stack.player, March(self.stack.unit, path, 1))
            out[loc] = (path, sum(cost for _, cost in steps))
        return out

    def prompt(self, d: Decision) -> str:
        c, t = self.campaign, self.t
        side = self.names[d.side]
        if d.kind == "ow_recruit":
            city = self.picked if self.picked in d.options else d.options[0]
            return t(
                "ow_recruit_prompt", side=side, city=self.words.locations[city], gold=c.purses[d.side].gold
            )
        if d.kind == "ow_move":
            if self.stack is not None:
                unit = c.unit(self.stack.unit)
                return t(
                    "ow_march_prompt",
                    side=side,
                    tokens=self.tokens(self.stack.unit, self.count),
                    movement=unit.movement,
                )
            return t("ow_move_prompt", side=side)
        if d.kind == "ow_cast":
            return t("ow_cast_prompt", side=side, mana=c.purses[d.side].mana)
        if d.kind == "ow_hits":
            hits = d.payload.count if isinstance(d.payload, Hits) else 1
            where = self.words.locations[d.stage]
            return t(plural("ow_hits_prompt", hits), side=side, hits=hits, location=where)
        key = "ow_volley_prompt" if d.kind == "ow_volley" else "ow_combat_prompt"
        return t(key, side=side, unit=self.unit_name(d.unit), location=self.words.locations[d.stage])

    def guide(self, d: Decision) -> str:
        if d.kind == "ow_recruit":
            return self.t("ow_recruit_guide")
        if d.kind == "ow_move":
            return self.t("ow_march_guide" if self.stack is not None else "ow_move_guide")
        if d.kind in ("ow_cast", "ow_volley", "ow_hits"):
            return self.t(f"{d.kind}_guide")
        return self.t("ow_combat_guide")

    def odds(self, loc: str, arriving: Stack | None = None) -> CombatOdds:
        """The combat's odds (with the tokens `arriving` supposed there: a march's, before it is sent),
        worked out again only when something has happened since."""
        key = (loc, len(self.campaign.events), arriving and (arriving.unit, arriving.count))
        if self._odds is None or self._odds[0] != key:
            self._odds = (key, combat_odds(self.campaign, loc, arriving))
        return self._odds[1]

    def odds_words(self, odds: CombatOdds, key: str = "ow_win_odds") -> str:
        """Each player's exact chance of being the one left, and of a combat not over in time."""
        chances = ", ".join(f"{self.names[p]} {chance:.0%}" for p, chance in odds.win.items())
        if odds.unresolved >= 0.005:
            rounds = self.campaign.rules.numbers.combat_rounds
            chances += ", " + self.t("ow_unresolved", rounds=rounds, chance=f"{odds.unresolved:.0%}")
        return self.t(key, chances=chances)

    def march_odds(self, loc: str) -> str:
        """OW-COMBAT: the odds of the fight the stack in hand would start there ("" where none)."""
        if self.stack is None or not self.campaign.enemies_at(loc, self.stack.player):
            return ""
        arriving = Stack(self.stack.player, self.stack.unit, loc, self.count)
        return self.odds_words(self.odds(loc, arriving), "ow_march_win_odds")

    def place_words(self, loc: str) -> str:
        """A location as the hover box and the panel say it: its type, entry cost, yield (its special
        card's included), holder; then its special card's name and what it does (OW-LOC-2, OW-LOC-7)."""
        c, t = self.campaign, self.t
        spec = c.location(loc)
        holder = c.control[loc]
        cost = spec.entry_cost if spec.entry_cost is not None else c.rules.entry(spec.type)
        gold, mana = c.yields(loc)
        owner = self.names[holder] if holder else t("ow_nobody")
        kind = t("ow_type_" + spec.type)
        text = t("ow_location_hint", type=kind, cost=cost, gold=gold, mana=mana, holder=owner)
        card = c.card(loc)
        if card is not None:
            name = c.rules.card_name(card.id, t.language)
            text += "  " + t("ow_card_hint", card=name, effects=theme.begun(card_words(c.rules, card.id, t)))
        return text

    def end_reason(self) -> str:
        """OW-DEC-6's note, told in the player's words."""
        return ending(self.campaign, self.t)
