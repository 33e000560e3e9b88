"""An Open Wars game on screen: the map, each player's gold, mana and army, what is asked and its
choices with their costs and exact odds, the log with its OW rule IDs; a human on each side
(hotseat), or the computer players in their process. Every choice is a Command sent to the session,
as the AI's and a replay's are."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game import commands as cmd
from game.ai.worker import RemoteError
from game.battle import Decision, Reject
from game.errors import one_line
from game.events import Event, Note, Roll
from game.locale import Texts
from game.match import Match, summary
from game.module_records import folder_of
from game.modules import rule_id_pattern
from game.recovery import recover
from game.ruleset import load_ruleset
from game.rulesref import reference_for
from game.settings import SPEEDS, Settings
from game.ui import theme
from game.ui.ai_turns import ComputerTurns, Restarted
from game.ui.battle_screen import LOAD_MENU_WIDTH
from game.ui.load_list import LoadList, is_load_key, load_choice
from game.ui.log_panel import LogPanel, tooltip
from game.ui.menu import draw_menu, leaving, save_logged
from game.ui.ow_map import MapView
from game.ui.ow_words import end_words, narrate
from game.ui.rules_browser import RulesBrowser
from systems.open_wars.combat import FallBack, hits_odds, rank, retreats
from systems.open_wars.moves import March, Recruit, check_march, check_recruit, reachable, room_for
from systems.open_wars.odds import CombatOdds, combat_odds
from systems.open_wars.state import Campaign, Stack

AI_PAUSE = 0.5  # seconds between an AI's decisions at speed 1: a person follows a march or a blow
BUTTON_H, BUTTON_STEP = 28, 32
# the Esc menu and the questions before leaving: (what a button does, its label), with their titles;
# the list of saves to load is made when it opens (game/ui/load_list.py)
MENUS = {
    "menu": (
        ("resume", "menu_resume"),
        ("save", "menu_save"),
        ("load", "menu_load"),
        ("rules", "menu_rules"),
        ("end", "menu_end"),
        ("quit", "menu_quit"),
    ),
    "quit": (("save-quit", "menu_save_quit"), ("quit-now", "menu_quit_now"), ("resume", "menu_cancel")),
    "load-ask": (("save-load", "menu_save_load"), ("load-now", "menu_load_now"), ("load", "menu_cancel")),
}
MENU_TITLES = {"menu": "menu_paused", "quit": "menu_quit_title", "load-ask": "menu_load_title"}
PLAYER_COLOURS = [(60, 100, 200), (196, 60, 50)]


@dataclass(frozen=True)
class Choice:
    """A button of the panel: what it sends (or selects), its words, why it is greyed or what it does."""

    key: str
    label: str
    command: cmd.Command | None = None
    hint: str = ""
    enabled: bool = True


class OpenWarsScreen:
    def __init__(
        self,
        match: Match,
        controllers: dict[str, str],
        size: tuple[int, int],
        settings: Settings | None = None,
    ) -> None:
        self.match = match
        c = self.campaign
        self.controllers = controllers
        self.settings = settings or Settings()
        base = c.stack.mode.base
        self.t = Texts(self.settings.language, (folder_of(base) / "locale",))
        self.reference = reference_for(self.settings.language, (), c.stack.modules)
        self.words = c.map.spec.words(self.settings.language)  # the map's names in the player's language
        self.names = self.words.players
        self.colours: dict[str, theme.Colour] = {
            p.id: p.colour or PLAYER_COLOURS[i % 2] for i, p in enumerate(c.map.spec.players)
        }
        self.view = MapView(c, self.colours, self.words.locations)
        self.log = LogPanel(pygame.Rect(0, 0, 10, 10), rule_ids=rule_id_pattern(self.reference))
        self.log.title = self.t("ow_log")
        for e in c.events:
            self.log.add(self.narrate(e))
        self.ai = ComputerTurns.start(match, controllers)
        self.speed_index = self.settings.speed_index()
        self.mouse = (0, 0)
        # the Esc menu ("menu"), its list of saves ("load"), the questions before quitting ("quit") or
        # loading another game ("load-ask")
        self.menu: str | None = None
        self.saves = LoadList([], {})
        self.to_load: Path | None = None  # the save chosen in the menu, for the window to open
        self.rules: RulesBrowser | None = None  # the rules reference, over everything
        self.menu_buttons: list[tuple[pygame.Rect, str]] = []
        self.buttons: list[tuple[pygame.Rect, Choice]] = []
        self.help = False
        self.alert: str | None = None
        self.picked: str | None = None  # the location clicked (a city to recruit in, a stack's place)
        self.stack: Stack | None = None  # the stack about to march
        self.count = 0  # how many of its tokens march
        self.autosaved_round = c.game.round if c.game else 0
        self._odds: tuple[tuple[str, int], CombatOdds] | None = None
        self.size = (0, 0)
        self.layout(size)

    # --- state ------------------------------------------------------------------------------------

    @property
    def campaign(self) -> Campaign:
        assert isinstance(self.match.battle, Campaign)
        return self.match.battle

    @property
    def over(self) -> bool:
        return self.campaign.pending is None

    @property
    def at_stake(self) -> bool:
        """A game in progress that leaving would lose."""
        return not self.over and bool(self.match.commands)

    def human_turn(self) -> Decision | None:
        d = self.campaign.pending
        return d if d is not None and self.controllers.get(d.side) == "human" else None

    def layout(self, size: tuple[int, int]) -> None:
        w, h = self.size = size
        self.panel = pygame.Rect(w - theme.RIGHT_PANEL, theme.TOP_BAR, theme.RIGHT_PANEL, h - theme.TOP_BAR)
        self.area = pygame.Rect(0, theme.TOP_BAR, w - theme.RIGHT_PANEL, h - theme.TOP_BAR)
        self.view.layout(self.area)
        top = self.panel.y + int(self.panel.h * 0.58)
        self.log.rect = pygame.Rect(self.panel.x + 6, top, self.panel.w - 12, self.panel.bottom - top - 6)

    # --- commands -----------------------------------------------------------------------------------

    def send(self, command: cmd.Command) -> None:
        c = self.campaign
        before = len(c.events)
        self.match.apply(command)
        self.ai.applied(command)
        for e in c.events[before:]:
            self.log.add(self.narrate(e), theme.BAD if e.kind == "rejected" else theme.TEXT)
        self.picked, self.stack, self.alert = None, None, None

    def narrate(self, e: Event) -> str:
        return narrate(e, self.campaign, self.t)

    def update(self, dt: float) -> None:
        c = self.campaign
        g = c.game
        if g is not None and g.round > self.autosaved_round and self.ai.thinking is None:
            self.autosaved_round = g.round  # a new turn: keep the game, whatever happens next
            self.save(autosave=True)
        d = c.pending
        if d is None or d.side not in self.ai.players:
            return
        answer = self.ai.step(d, dt, AI_PAUSE / SPEEDS[self.speed_index])
        if isinstance(answer, RemoteError):
            self._ai_failed(d.side, answer)
        elif isinstance(answer, Restarted):
            self.alert = self.t("ai_restarted", side=self.names[d.side], seconds=f"{answer.waited:.0f}")
            self.log.add(self.alert, theme.BAD)
        elif answer is not None:
            self.send(answer)

    def _ai_failed(self, side: str, error: RemoteError) -> None:
        """As in a battle: the game and a report are saved, the player takes the side over."""
        _saved, report, said = recover(self.match, self.controllers, error)
        self.controllers[side] = "human"
        self.ai.players.pop(side, None)
        self.ai.restart(self.match)
        where = self.t("crash_report", path=report) if report else ""
        self.alert = self.t(
            "ai_failed", side=self.names[side], error=one_line(str(error), 160), saved=said, report=where
        )
        self.log.add(self.alert, theme.BAD)

    def save(self, autosave: bool = False) -> bool:
        return save_logged(self.match, self.controllers, self.log, self.t, autosave)

    def ask_quit(self) -> str | None:
        if self.over:
            return "quit"
        self.menu = "quit"
        return None

    def close(self) -> None:
        self.ai.close()
        self.campaign.close()

    # --- what the player may choose ------------------------------------------------------------------

    def choices(self, d: Decision) -> list[Choice]:
        handler = {"ow_recruit": self._recruits, "ow_move": self._moves, "ow_combat": self._combat}
        return handler[d.kind](d)

    def _recruits(self, d: Decision) -> list[Choice]:
        c, t = self.campaign, self.t
        city = self.picked if self.picked in d.options else d.options[0]
        out = []
        for u in c.rules.factions[c.factions[d.side]].units:
            stats = self.unit_words(u.id)
            try:
                check_recruit(c, d.side, Recruit(city, u.id))
            except Reject as r:
                out.append(Choice(f"recruit:{u.id}", t("ow_recruit_unit", unit=u.name, cost=u.cost),
                                  hint=f"{r.said(t)} ({r.rule})", enabled=False))  # fmt: skip
                continue
            label = t("ow_recruit_unit", unit=u.name, cost=u.cost)
            out.append(Choice(f"recruit:{u.id}", label, Recruit(city, u.id), stats))
        return [*out, Choice("pass", t("ow_end_recruit"), cmd.Pass())]

    def _moves(self, d: Decision) -> list[Choice]:
        c, t = self.campaign, self.t
        out = []
        if self.picked in d.options:
            for s in c.stacks_at(self.picked, d.side):
                free = s.count - s.moved
                if free > 0 and reachable(c, s):
                    label = t("ow_stack_button", unit=c.unit(s.unit).name, free=free, count=s.count)
                    out.append(Choice(f"stack:{s.unit}", label, hint=self.unit_words(s.unit)))
        if self.stack is not None:
            out.append(Choice("fewer", t("ow_fewer"), enabled=self.count > 1))
            out.append(Choice("more", t("ow_more"), enabled=self.count < self.stack.count - self.stack.moved))
        return [*out, Choice("pass", t("ow_end_move"), cmd.Pass())]

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
            "ow_attack_odds", dice=s.count, attack=u.attack, spread=spread, mean=f"{float(mean):.1f}"
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

    # --- input -------------------------------------------------------------------------------------

    def handle(self, ev: pygame.event.Event) -> str | None:
        """Returns "end" to go back to the start screen, "quit" to close the game."""
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if self.rules is not None:
            if not self.rules.handle(ev):
                self.rules, self.menu = None, "menu"  # back to the menu it was opened from
            return None
        if self.menu is not None:
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                self.menu = None
            elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                key = next((k for r, k in self.menu_buttons if r.collidepoint(ev.pos)), None)
                return self._menu_choice(key) if key else None
            return None
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        if ev.type == pygame.MOUSEWHEEL and self.log.rect.collidepoint(self.mouse):
            self.log.on_wheel(ev.y)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self._click(ev.pos)
        return None

    def _key(self, ev: pygame.event.Event) -> str | None:
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.stack is not None or self.picked is not None:
                self.picked, self.stack = None, None  # first Esc: back from a half-made choice
            elif self.over:
                return "end"
            else:
                self.menu = "menu"
        elif k == pygame.K_F1:
            self.help = not self.help
        elif k == pygame.K_s and ev.mod & pygame.KMOD_CTRL:
            self.save()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            if self.stack is not None:
                self._press("fewer")
            else:
                self.speed_index = max(0, self.speed_index - 1)
        elif k == pygame.K_RETURN and self.human_turn() is not None:
            self.send(cmd.Pass())  # ends the phase; in a combat, the stack attacks
        return None

    def _menu_choice(self, key: str) -> str | None:
        self.menu = None
        if key == "menu":
            self.menu = key
        elif key == "rules":  # this game's rules: Open Wars' and its modules', not For Glory's
            prefixes = tuple(m.prefix for m in self.campaign.stack.modules)
            own = {rid: r for rid, r in self.reference.items() if rid.startswith(prefixes)}
            self.rules = RulesBrowser(own, self.t)
        elif is_load_key(key):  # For Glory's rules name every scenario
            return load_choice(self, key, load_ruleset)
        else:
            return leaving(key, self.save, self.ask_quit)
        return None

    def load_failed(self, why: str) -> None:
        """The save chosen could not be opened: say why in one line; this game goes on."""
        self.alert = self.t("load_failed", why=one_line(why, 160))
        self.log.add(self.alert, theme.BAD)

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

    # --- drawing -----------------------------------------------------------------------------------

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
        pending = c.pending
        fighting = pending.stage if pending is not None and pending.kind == "ow_combat" else None
        self.view.draw(surf, marked, path, self.picked, fighting, self.stack, dim=bool(where))
        self._top_bar(surf)
        self._panel(surf, d)
        self.log.draw(surf)
        if self.alert:
            _box(
                surf,
                self.alert,
                pygame.Rect(self.area.x + 10, self.area.y + 10, self.area.w - 20, 0),
                theme.BAD,
            )
        if self.over:
            self._end(surf)
        if self.help:
            self._help(surf)
        self._hover(surf, where)
        self.menu_buttons = []
        if self.menu == "load":
            title, items = self.saves.title(self.t), self.saves.items(self.t)
            self.menu_buttons = draw_menu(surf, title, items, self.mouse, LOAD_MENU_WIDTH)
        elif self.menu is not None:
            items = [(k, self.t(label)) for k, label in MENUS[self.menu]]
            self.menu_buttons = draw_menu(surf, self.t(MENU_TITLES[self.menu]), items, self.mouse)
        if self.rules is not None:
            self.rules.draw(surf)

    def _top_bar(self, surf: pygame.Surface) -> None:
        c, t = self.campaign, self.t
        g = c.game
        assert g is not None
        pygame.draw.rect(surf, theme.PANEL, (0, 0, surf.get_width(), theme.TOP_BAR))
        head = t("ow_top", map=self.words.name, round=g.round, limit=g.max_rounds,
                 phase=t("ow_phase_" + g.phase))  # fmt: skip
        surf.blit(theme.font(26).render(head, True, theme.TEXT), (10, 6))
        x = 10
        values = c.army_values()
        pending = c.pending
        for p in c.order:
            purse = c.purses[p]
            words = t("ow_purse", side=self.names[p], gold=purse.gold, mana=purse.mana, army=values[p])
            if pending is not None and pending.side == p:
                who = t("you") if self.controllers.get(p) == "human" else self.controllers.get(p, "")
                words += f"  < {who}" + (" ..." if self.ai.thinking is not None else "")
            pygame.draw.rect(surf, self.colours[p], (x, 34, 14, 14), border_radius=3)
            label = theme.font(20).render(words, True, theme.TEXT)
            surf.blit(label, (x + 20, 33))
            x += 20 + label.get_width() + 30

    def _panel(self, surf: pygame.Surface, d: Decision | None) -> None:
        pygame.draw.rect(surf, theme.PANEL, self.panel)
        pygame.draw.rect(surf, theme.PANEL_EDGE, self.panel, 1)
        c, t = self.campaign, self.t
        x, y, w = self.panel.x + 10, self.panel.y + 8, self.panel.w - 20
        self.buttons = []
        pending = c.pending
        if pending is None:
            return
        name = self.names[pending.side]
        if d is None:
            y = _text(surf, t("ow_thinking", side=name), (x, y), w, theme.ACCENT)
        else:
            y = _text(surf, self.prompt(d), (x, y), w, theme.ACCENT)
            y = _text(surf, self.guide(d), (x, y + 2), w, theme.TEXT_DIM, 18)
        if pending.kind == "ow_combat":
            y = self._combat_lines(surf, pending, (x, y + 4), w)
        if d is None:
            return
        y += 6
        for ch in self.choices(d):
            rect = pygame.Rect(x, y, w, BUTTON_H)
            hover = rect.collidepoint(self.mouse) and ch.enabled
            colour = (95, 100, 110) if hover else (70, 74, 82) if ch.enabled else (48, 50, 55)
            pygame.draw.rect(surf, colour, rect, border_radius=5)
            text = theme.font(19).render(ch.label, True, theme.TEXT if ch.enabled else theme.TEXT_DIM)
            surf.blit(text, text.get_rect(midleft=(rect.x + 8, rect.centery)))
            self.buttons.append((rect, ch))
            y += BUTTON_STEP
            if y > self.log.rect.y - BUTTON_STEP:
                break

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
                    "ow_march_prompt", side=side, count=self.count, unit=unit.name, movement=unit.movement
                )
            return t("ow_move_prompt", side=side)
        return t(
            "ow_combat_prompt", side=side, unit=c.unit(d.unit).name, location=self.words.locations[d.stage]
        )

    def guide(self, d: Decision) -> str:
        if d.kind == "ow_recruit":
            return self.t("ow_recruit_guide")
        if d.kind == "ow_move":
            return self.t("ow_march_guide" if self.stack is not None else "ow_move_guide")
        return self.t("ow_combat_guide")

    def _combat_lines(self, surf: pygame.Surface, d: Decision, at: tuple[int, int], w: int) -> int:
        """The stacks in initiative order (the one acting marked), and each player's exact chance."""
        c, t = self.campaign, self.t
        x, y = at
        font = theme.font(18)
        # by rank alone: the round's roll-offs between tied stacks are the combat's, not the screen's
        order = sorted(c.stacks_at(d.stage), key=lambda s: (rank(c.unit(s.unit)), s.player, s.unit))
        for s in order:
            u = c.unit(s.unit)
            mark = "> " if (s.player, s.unit) == (d.side, d.unit) else "   "
            line = (
                f"{mark}{self.names[s.player]}: {s.count} {u.name} ({t('ow_init', initiative=u.initiative)})"
            )
            surf.blit(
                font.render(line, True, self.colours[s.player] if not mark.strip() else theme.ACCENT), (x, y)
            )
            y += font.get_linesize()
        odds = self.odds(d.stage)
        chances = ", ".join(f"{self.names[p]} {v:.0%}" for p, v in odds.win.items())
        if odds.unresolved >= 0.005:
            chances += ", " + t(
                "ow_unresolved", rounds=c.rules.numbers.combat_rounds, chance=f"{odds.unresolved:.0%}"
            )
        y = _text(surf, t("ow_win_odds", chances=chances), (x, y + 4), w, theme.TEXT, 18)
        acting = c.stack_of(d.side, d.stage, d.unit)
        if acting is not None:
            y = _text(surf, self.attack_words(acting), (x, y + 2), w, theme.TEXT_DIM, 18)
        return self._last_roll(surf, (x, y + 4))

    def _last_roll(self, surf: pygame.Surface, at: tuple[int, int]) -> int:
        """The combat's last attack: who rolled, each die, the hits outlined in green (OW-COMBAT-5)."""
        roll = next(
            (e for e in reversed(self.campaign.events) if isinstance(e, Roll) and e.check == "attack"), None
        )
        if roll is None or roll.rule != "OW-COMBAT-5" or not roll.dice:
            return at[1]
        x, y = at
        player, unit = (roll.unit or ":").split(":", 1)
        name = self.campaign.unit(unit).name
        words = self.t("ow_last_roll", side=self.names.get(player, player), unit=name, outcome=roll.outcome)
        y = _text(surf, words, (x, y), self.panel.w - 20, theme.TEXT, 18)
        attack = self.campaign.unit(unit).attack
        size = 26
        for i, face in enumerate(roll.dice[:10]):
            rect = pygame.Rect(x + i * (size + 5), y + 2, size, size)
            hit = face <= attack
            theme.draw_die(surf, rect, face, edge=theme.GOOD if hit else (60, 60, 60), width=4 if hit else 2)
        return y + size + 6

    def odds(self, loc: str) -> CombatOdds:
        """The combat's odds, worked out again only when something has happened since."""
        key = (loc, len(self.campaign.events))
        if self._odds is None or self._odds[0] != key:
            self._odds = (key, combat_odds(self.campaign, loc))
        return self._odds[1]

    def _hover(self, surf: pygame.Surface, where: dict[str, tuple[tuple[str, ...], int]]) -> None:
        button = next((ch for r, ch in self.buttons if r.collidepoint(self.mouse) and ch.hint), None)
        if button is not None:
            tooltip(surf, self.mouse, button.label, button.hint)
            return
        rid = self.log.rule_at(self.mouse)
        if rid is not None:
            ref = self.reference.get(rid)
            tooltip(surf, self.mouse, f"{rid}: {ref.title}" if ref else rid, ref.text if ref else "")
            return
        if self.menu is not None:
            return
        c, t = self.campaign, self.t
        chip = self.view.chip_at(self.mouse)
        if chip is not None:
            title = f"{self.names[chip.player]}: {chip.count} {c.unit(chip.unit).name}"
            moved = t("ow_moved", moved=chip.moved) if chip.moved else ""
            tooltip(surf, self.mouse, title, f"{self.unit_words(chip.unit)} {moved}")
            return
        loc = self.view.card_at(self.mouse)
        if loc is None:
            return
        spec = c.location(loc)
        holder = c.control[loc]
        cost = spec.entry_cost if spec.entry_cost is not None else c.rules.entry(spec.type)
        owner = self.names[holder] if holder else t("ow_nobody")
        kind = t("ow_type_" + spec.type)
        text = t("ow_location_hint", type=kind, cost=cost, gold=spec.gold, mana=spec.mana, holder=owner)
        if loc in where:
            path, spent = where[loc]
            text += "  " + t("ow_path", path=" > ".join(self.words.locations[x] for x in path), spent=spent,
                             movement=c.unit(self.stack.unit).movement if self.stack else 0)  # fmt: skip
        if spec.text:
            text += "  " + spec.text
        tooltip(surf, self.mouse, self.words.locations[loc], text)

    def _end(self, surf: pygame.Surface) -> None:
        """The winner, why the game ended, and each player's score line by line (OW-DEC-6)."""
        c, t = self.campaign, self.t
        r = summary(self.match)
        box = pygame.Rect(0, 0, min(760, self.area.w - 20), 240)
        box.center = self.area.center
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
        head = t("win", side=self.names[r["winner"]]) if r["winner"] else t("draw")
        y = box.y + 16
        for text, size, colour in (
            (head, 48, theme.ACCENT),
            (t("ow_ended", reason=self.end_reason(), rounds=r["rounds"]), 22, theme.TEXT_DIM),
        ):
            s = theme.font(size).render(text, True, colour)
            surf.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += s.get_height() + 8
        font, small = theme.font(22), theme.font(20)
        for i, p in enumerate(c.sides):
            surf.blit(font.render(self.names[p], True, self.colours[p]), (box.right - 260 + i * 130, y))
        y += 28
        lines = r["score_lines"]
        for line in lines[c.sides[0]]:
            rule, what = line.split()  # "OW-DEC-6 army"
            surf.blit(
                small.render(f"{t('ow_score_' + what)} ({rule})", True, theme.TEXT_DIM), (box.x + 24, y)
            )
            for i, p in enumerate(c.sides):
                surf.blit(font.render(str(lines[p][line]), True, theme.TEXT), (box.right - 240 + i * 130, y))
            y += 26
        surf.blit(font.render(t("total"), True, theme.ACCENT), (box.x + 24, y + 4))
        for i, p in enumerate(c.sides):
            surf.blit(font.render(str(r["score"][p]), True, theme.ACCENT), (box.right - 240 + i * 130, y + 4))
        hint = theme.font(20).render(t("back_hint"), True, theme.TEXT_DIM)
        surf.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 10)))

    def end_reason(self) -> str:
        """OW-DEC-6's note, told in the player's words."""
        c = self.campaign
        end = next((e for e in reversed(c.events) if isinstance(e, Note) and e.rule == "OW-DEC-6"), None)
        return end_words(end.details, c, self.t) if end is not None and end.details else ""

    def _help(self, surf: pygame.Surface) -> None:
        """F1: the keys, and the rules of the decision in hand with their titles."""
        c, t = self.campaign, self.t
        lines = [t("ow_help_mouse"), t("ow_help_keys")]
        d = c.pending
        kind = c.stack.decisions.get(d.kind) if d is not None else None
        for rid in kind.rules if kind is not None else ():
            ref = self.reference.get(rid)
            lines.append(f"{rid}: {ref.title}. {ref.text}" if ref else rid)
        text = "   ".join(lines)
        _box(surf, text, pygame.Rect(self.area.x + 30, self.area.y + 60, self.area.w - 60, 0), theme.ACCENT)


def _text(
    surf: pygame.Surface, text: str, at: tuple[int, int], width: int, colour: theme.Colour, size: int = 20
) -> int:
    """Wrapped text; returns the y under it."""
    font = theme.font(size)
    x, y = at
    for line in theme.wrap(text, font, width):
        surf.blit(font.render(line, True, colour), (x, y))
        y += font.get_linesize()
    return y


def _box(surf: pygame.Surface, text: str, rect: pygame.Rect, edge: theme.Colour) -> None:
    """Wrapped text in a box as wide as `rect`, as tall as it needs."""
    font = theme.font(20)
    lines = theme.wrap(text, font, rect.w - 24)
    box = pygame.Rect(rect.x, rect.y, rect.w, 14 + len(lines) * font.get_linesize())
    pygame.draw.rect(surf, (24, 24, 30), box, border_radius=6)
    pygame.draw.rect(surf, edge, box, 2, border_radius=6)
    for i, line in enumerate(lines):
        surf.blit(font.render(line, True, theme.TEXT), (box.x + 12, box.y + 7 + i * font.get_linesize()))
