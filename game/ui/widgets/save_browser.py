"""The saved battles as a browser, over the start screen or a battle's Esc menu: each save with the
date and time it was made, its name or scenario, its round, its sides and who played them, and whether
the game made it at a new round (an autosave); newest first, scrolling. A save can be loaded, renamed,
deleted (after a question) or its figures shown, and any file can be opened by its path. The files are
read, named and removed by game/running/saves.py; this draws them and takes the keys and the mouse.
What the folder holds that is no save it can show (a link, a pipe, a damaged file) is said in a line
above the list."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.content.files import typed_path
from game.content.locale import Texts
from game.model.errors import UserError, one_line
from game.model.words import counted
from game.running.saves import NAME_LENGTH, SaveMeta, Skipped, browse_saves, delete_save, rename_save
from game.ui import theme
from game.ui.widgets.menu import sheet

MARGIN = 40  # pixels of the screen left around the box at UI scale 1
MAX_PATH = 300  # characters of a typed path


@dataclass(frozen=True)
class Scenario:
    """A scenario as the browser names it: its name and its sides' (or players') names."""

    name: str
    sides: Mapping[str, str]
    turns: bool = False  # its game counts turns, not rounds (Open Wars)


@dataclass(frozen=True)
class Chosen:
    """What the player asked for: "load", "figures" or "watch" of a file, or "close" (path None)."""

    what: str
    path: Path | None = None


def skipped_line(t: Texts, skipped: list[Skipped]) -> str:
    """What the saves folder holds that is not listed (links, unreadable or damaged files), in one
    line: how many, and the first by its name (the folder is the saves folder) with its reason in
    the player's words; empty when nothing was left out."""
    if not skipped:
        return ""
    key = "saves_skipped_one" if len(skipped) == 1 else "saves_skipped_many"
    first = t(
        "saves_skipped_why", name=one_line(skipped[0].path.name, 80), why=t(f"saves_why_{skipped[0].why}")
    )
    return t(key, n=len(skipped), first=first)


class SaveBrowser:
    def __init__(
        self,
        t: Texts,
        scenarios: Mapping[str, Scenario],
        players: Mapping[str, str],
        figures: bool = False,
        folder: Path | None = None,
    ) -> None:
        self.t = t
        self.scenarios = scenarios  # scenario id -> its words; a save of another shows its id
        self.players = players  # "human" or an AI -> its words
        self.figures = figures  # whether it offers the figures of a save (the start screen does)
        self.folder = folder
        self.skipped: list[Skipped] = []  # what the folder holds that is not listed, and why
        self.saves: list[SaveMeta] = browse_saves(folder, self.skipped)
        self.selected = 0
        self.top = 0  # the first row shown
        self.mode = "list"  # or "rename", "delete", "path": a question at the bottom
        self.text = ""  # what is typed in the question's field
        self.problem = ""  # why the last thing asked could not be done
        self.rows: list[tuple[pygame.Rect, int]] = []  # where each save shown is drawn
        self.buttons: list[tuple[pygame.Rect, str]] = []
        self.shown = 1  # rows that fit, known once drawn

    # --- words -----------------------------------------------------------------------------------

    def title(self, s: SaveMeta) -> str:
        known = self.scenarios.get(s.scenario)
        return s.name or (known.name if known else s.scenario)

    def detail(self, s: SaveMeta) -> str:
        """Its round, its sides and who played them, and who made it."""
        t = self.t
        known = self.scenarios.get(s.scenario)
        net = s.network
        seats = []
        for side, p in s.players.items():
            named = known.sides.get(side, side) if known else side
            if net is None:
                seats.append(t("save_player", side=named, player=self.players.get(p, p)))
            elif side == net.side:  # a network game: who played here, and who on the other machine
                seats.append(t("save_net_here", side=named, name=net.name or t("save_net_you")))
            else:
                seats.append(t("save_net_there", side=named, name=net.peer))
        parts = [
            t("save_turn" if known and known.turns else "save_round", round=s.round),
            t("save_versus").join(seats),
        ]
        parts += [t(f"save_net_{net.role}")] if net is not None else []
        parts += [t("save_auto" if s.autosave else "save_manual")]
        if s.name:  # a named save still says which battle it is
            parts.insert(1, known.name if known else s.scenario)
        return "  ·  ".join(p for p in parts if p)

    # --- input -----------------------------------------------------------------------------------

    @property
    def current(self) -> SaveMeta | None:
        return self.saves[self.selected] if self.saves else None

    def handle(self, ev: pygame.event.Event) -> Chosen | None:
        """Take one event: what the player chose, if anything (Chosen("close") to leave)."""
        if self.mode != "list":
            return self._question(ev)
        if ev.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(self.top - ev.y, max(0, len(self.saves) - self.shown)))
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for rect, key in self.buttons:
                if rect.collidepoint(ev.pos):
                    return self.press(key)
            for rect, i in self.rows:
                if rect.collidepoint(ev.pos):
                    if i == self.selected:  # a second click on the chosen save loads it
                        return self.press("load")
                    self.selected, self.problem = i, ""
        elif ev.type == pygame.KEYDOWN:
            k = ev.key
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.shown,
                pygame.K_PAGEDOWN: self.shown,
            }
            if k in moves:
                self.select(self.selected + moves[k])
            elif k in (pygame.K_HOME, pygame.K_END):
                self.select(0 if k == pygame.K_HOME else len(self.saves) - 1)
            elif k == pygame.K_ESCAPE:
                return Chosen("close")
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.press("load")
            elif k == pygame.K_F2:
                return self.press("rename")
            elif k == pygame.K_DELETE:
                return self.press("delete")
            elif k == pygame.K_o and ev.mod & pygame.KMOD_CTRL:
                return self.press("path")
            elif k == pygame.K_w and self.figures:
                return self.press("watch")
        return None

    def select(self, i: int) -> None:
        self.selected = max(0, min(i, len(self.saves) - 1))
        self.problem = ""
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.shown:
            self.top = self.selected - self.shown + 1

    def press(self, key: str) -> Chosen | None:
        s = self.current
        self.problem = ""
        if key == "close":
            return Chosen("close")
        if key == "path":
            self.mode, self.text = "path", ""
        elif s is None:
            return None
        elif key in ("load", "figures", "watch"):  # either game's viewer (game/ui/app.py, watch)
            return Chosen(key, s.path)
        elif key == "rename":
            self.mode, self.text = "rename", s.name
        elif key == "delete":
            self.mode = "delete"
        return None

    def _question(self, ev: pygame.event.Event) -> Chosen | None:
        """The question at the bottom: a name, a path, or whether to delete; Enter does it, Esc
        leaves it."""
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            key = next((k for rect, k in self.buttons if rect.collidepoint(ev.pos)), None)
            if key in ("yes", "ok"):
                return self._answer()
            if key == "no":
                self.mode = "list"
            return None
        if ev.type != pygame.KEYDOWN:
            return None
        if ev.key == pygame.K_ESCAPE:
            self.mode = "list"
        elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._answer()
        elif self.mode == "delete":
            if ev.unicode.lower() in (self.t("save_yes_key"), "y"):
                return self._answer()
            if ev.unicode.lower() in (self.t("save_no_key"), "n"):
                self.mode = "list"
        elif ev.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif ev.unicode and ev.unicode.isprintable():
            limit = NAME_LENGTH if self.mode == "rename" else MAX_PATH
            self.text = (self.text + ev.unicode)[:limit]
        return None

    def _answer(self) -> Chosen | None:
        mode, self.mode = self.mode, "list"
        s = self.current
        try:
            if mode == "path":
                path = typed_path(self.text.strip())
                if not path.is_file():
                    self.problem = self.t("save_no_file", path=one_line(str(path), 120))
                    return None
                return Chosen("load", path)
            if s is None:
                return None
            if mode == "rename":
                self.saves[self.selected] = rename_save(s.path, self.text, self.folder)
            elif mode == "delete":
                delete_save(s.path, self.folder)
                del self.saves[self.selected]
                self.select(self.selected)
        except (UserError, OSError, ValueError) as e:
            self.problem = one_line(str(e), 160)
        return None

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, mouse: tuple[int, int]) -> None:
        px, t = theme.px, self.t
        box, x, y, inner = sheet(surf, t("saves_title"), MARGIN)
        count = theme.font(20).render(counted(t, "saves_count", len(self.saves)), True, theme.TEXT_DIM)
        surf.blit(count, count.get_rect(bottomright=(box.right - px(20), y - px(4))))
        y += px(2)
        small = theme.font(17)
        for line in theme.wrap(t("saves_hint"), small, inner):
            surf.blit(small.render(line, True, theme.TEXT_DIM), (x, y))
            y += small.get_linesize()
        for line in theme.wrap(skipped_line(t, self.skipped), small, inner)[:2] if self.skipped else []:
            surf.blit(small.render(line, True, theme.BAD), (x, y))
            y += small.get_linesize()
        # the bottom: the question or why something failed, then the buttons
        self.buttons = []
        bottom = box.bottom - px(14)
        keys = self._button_keys()
        width = min(px(220), (inner - px(8) * (len(keys) - 1)) // len(keys))
        bh = px(34)
        size = theme.one_size((t(f"saves_{key}"), width - px(10)) for key in keys)  # one for the row
        for i, key in enumerate(keys):
            rect = pygame.Rect(x + i * (width + px(8)), bottom - bh, width, bh)
            s = self.current
            enabled = key in ("close", "path", "yes", "ok", "no") or s is not None
            fill = (
                (95, 100, 110)
                if rect.collidepoint(mouse) and enabled
                else (70, 74, 82)
                if enabled
                else (45, 47, 52)
            )
            pygame.draw.rect(surf, fill, rect, border_radius=5)
            label = theme.fitted(
                t(f"saves_{key}"), theme.TEXT if enabled else theme.TEXT_DIM, rect.w - px(10), size
            )
            surf.blit(label, label.get_rect(center=rect.center))
            if enabled:
                self.buttons.append((rect, key))
        bottom -= bh + px(8)
        said = self._question_line()
        if said:
            font = theme.font(20)
            lines = theme.wrap(said, font, inner)[-2:]
            for line in reversed(lines):
                bottom -= font.get_linesize()
                colour = theme.BAD if said == self.problem else theme.ACCENT
                surf.blit(font.render(line, True, colour), (x, bottom))
            bottom -= px(6)
        # the list, between
        view = pygame.Rect(x, y + px(8), inner, bottom - y - px(8))
        self._list(surf, view, mouse)

    def _button_keys(self) -> list[str]:
        if self.mode == "delete":
            return ["yes", "no"]
        if self.mode in ("rename", "path"):
            return ["ok", "no"]
        keys = ["load", "rename", "delete"] + (["figures", "watch"] if self.figures else [])
        return [*keys, "path", "close"]

    def _question_line(self) -> str:
        s, t = self.current, self.t
        if self.mode == "delete" and s is not None:
            return t("save_delete_ask", name=self.title(s), saved=s.saved)
        if self.mode == "rename":
            return t("save_rename_ask", text=self.text + "_")
        if self.mode == "path":
            return t("save_path_ask", text=self.text + "_")
        if not self.saves:
            return self.problem or t("load_none")
        return self.problem

    def _list(self, surf: pygame.Surface, view: pygame.Rect, mouse: tuple[int, int]) -> None:
        px = theme.px
        big, small = theme.font(20), theme.font(17)
        step = big.get_linesize() + small.get_linesize() + px(10)
        self.shown = max(1, view.h // step)
        self.top = max(0, min(self.top, len(self.saves) - self.shown))
        self.rows = []
        for n, i in enumerate(range(self.top, min(len(self.saves), self.top + self.shown))):
            s = self.saves[i]
            row = pygame.Rect(view.x, view.y + n * step, view.w - px(14), step - px(4))
            chosen = i == self.selected
            fill = (70, 74, 82) if chosen else (50, 53, 58) if row.collidepoint(mouse) else (38, 40, 45)
            pygame.draw.rect(surf, fill, row, border_radius=5)
            if chosen:
                pygame.draw.rect(surf, theme.ACCENT, row, 1, border_radius=5)
            when = big.render(s.saved, True, theme.TEXT_DIM)
            surf.blit(when, when.get_rect(topright=(row.right - px(10), row.y + px(3))))
            name = theme.fitted(self.title(s), theme.TEXT, row.w - when.get_width() - px(40), sizes=(20,))
            surf.blit(name, (row.x + px(10), row.y + px(3)))
            colour = theme.ACCENT if s.autosave else theme.TEXT_DIM
            detail = theme.fitted(self.detail(s), colour, row.w - px(20), sizes=(17,))
            surf.blit(detail, (row.x + px(10), row.y + px(3) + big.get_linesize()))
            self.rows.append((row, i))
        if len(self.saves) > self.shown:  # where the view is in the whole list
            bar = pygame.Rect(view.right - px(8), view.y, px(6), self.shown * step)
            pygame.draw.rect(surf, (18, 20, 23), bar, border_radius=3)
            thumb = pygame.Rect(bar.x, 0, bar.w, max(px(20), bar.h * self.shown // len(self.saves)))
            thumb.y = bar.y + (bar.h - thumb.h) * self.top // max(1, len(self.saves) - self.shown)
            pygame.draw.rect(surf, theme.ACCENT, thumb, border_radius=3)
