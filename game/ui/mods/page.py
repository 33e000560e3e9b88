"""The mods page, over the start screen (its Mods button): every mod of the mods folder and of the
command line with its version, a switch, and Up and Down to put the switched-on ones in their load
order; what check-content says of them together (their problems, conflicts among them, and warnings)
under the list; Reload reads every mod again from its folder after an edit, without restarting. Back
or Esc closes it; the start screen then plays with the mods switched on, in that order."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.content.locale import Texts
from game.content.mods import user_mods_dir
from game.editing.problem_words import error_said, problem_line
from game.modding.manager import ModList
from game.model.modules import modes
from game.ui import theme
from game.ui.markup import drawable

ROW = 40  # pixels of a mod's row at UI scale 1
WIDTH = 900


class ModsPage:
    def __init__(self, on: list[Path], t: Texts, given: list[Path] | None = None) -> None:
        self.t = t
        self.mods = ModList(on, given)
        self.first = 0  # the first row shown (the list scrolls with the wheel)
        self.buttons: list[tuple[pygame.Rect, str, int]] = []  # as last drawn: where, what, which row
        self.changed = False

    def handle(self, ev: pygame.event.Event) -> str | None:
        """ "close" (Back, Esc), else None."""
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return "close"
        if ev.type == pygame.MOUSEWHEEL:
            self.first = max(0, min(len(self.mods.rows) - 1, self.first - ev.y))
            return None
        if ev.type != pygame.MOUSEBUTTONDOWN or ev.button != 1:
            return None
        hit = next(((what, i) for rect, what, i in self.buttons if rect.collidepoint(ev.pos)), None)
        if hit is None:
            return None
        what, i = hit
        if what == "back":
            return "close"
        if what == "reload":
            self.mods.reload()
        elif what == "switch":
            self.mods.toggle(i)
        elif what in ("up", "down"):
            self.mods.move(i, -1 if what == "up" else 1)
        self.changed = True
        return None

    def draw(self, surf: pygame.Surface, mouse: tuple[int, int]) -> None:
        t, px = self.t, theme.px
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surf.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, min(surf.get_width() - px(40), px(WIDTH)), surf.get_height() - px(60))
        box.center = surf.get_rect().center
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
        head = theme.font(36).render(t("mods_title"), True, theme.ACCENT)
        surf.blit(head, head.get_rect(midtop=(box.centerx, box.y + px(14))))
        inner = box.inflate(-px(40), 0)
        where = theme.fitted(
            drawable(t("mods_folder", folder=user_mods_dir())), theme.TEXT_DIM, inner.w, (16, 14)
        )
        surf.blit(where, (inner.x, box.y + px(62)))
        self.buttons = []
        y = box.y + px(92)
        small = theme.font(16)
        said = [
            (colour, piece)
            for colour, line in self._lines()
            for piece in theme.wrap(drawable(line), small, inner.w)[:3]
        ]
        below = box.bottom - px(60) - px(22) * (1 + len(said))  # room left for the check's lines
        rows = self.mods.rows
        if not rows:
            for line in theme.wrap(t("mods_none"), theme.font(18), inner.w):
                surf.blit(theme.font(18).render(line, True, theme.TEXT), (inner.x, y))
                y += px(24)
        for i in range(self.first, len(rows)):
            if y + px(ROW) > below:
                more = theme.font(16).render(t("mods_scroll", n=len(rows) - i), True, theme.TEXT_DIM)
                surf.blit(more, (inner.x, y))
                y += px(24)
                break
            self._row(surf, i, pygame.Rect(inner.x, y, inner.w, px(ROW) - px(6)), mouse)
            y += px(ROW)
        y = max(y + px(10), below)
        for colour, piece in said:
            surf.blit(small.render(piece, True, colour), (inner.x, y))
            y += px(22)
        half = (inner.w - px(20)) // 2
        for n, (what, words) in enumerate((("reload", "mods_reload"), ("back", "menu_back"))):
            rect = pygame.Rect(inner.x + n * (half + px(20)), box.bottom - px(52), half, px(38))
            self._button(surf, rect, t(words), what, -1, mouse)

    def _row(self, surf: pygame.Surface, i: int, rect: pygame.Rect, mouse: tuple[int, int]) -> None:
        t, px, row = self.t, theme.px, self.mods.rows[i]
        side = px(60)
        self._button(
            surf, pygame.Rect(rect.x, rect.y, side, rect.h), "[x]" if row.on else "[ ]", "switch", i, mouse
        )
        arrows = pygame.Rect(rect.right - 2 * px(86), rect.y, 2 * px(86), rect.h)
        self._button(surf, pygame.Rect(arrows.x, rect.y, px(80), rect.h), t("mods_up"), "up", i, mouse)
        self._button(
            surf, pygame.Rect(arrows.x + px(86), rect.y, px(80), rect.h), t("mods_down"), "down", i, mouse
        )
        room = arrows.x - rect.x - side - px(20)
        left = rect.x + side + px(12)
        if row.mod is None:
            words = t("mods_broken", folder=row.folder.name, problem=self._said(row.problem))
            text = theme.fitted(drawable(words), theme.BAD, room, (19, 17, 15))
            surf.blit(text, text.get_rect(midleft=(left, rect.centery)))
            return
        words, small = self.row_words(i)
        colour = theme.TEXT if row.on else theme.TEXT_DIM
        text = theme.fitted(drawable(words), colour, room, (19, 17, 15))
        surf.blit(text, text.get_rect(midleft=(left, rect.centery)))
        rest = room - text.get_width() - px(12)
        if rest > px(40):
            ident = theme.fitted(drawable(small), theme.TEXT_DIM, rest, (14, 13))
            surf.blit(ident, ident.get_rect(midleft=(left + text.get_width() + px(12), rect.centery + px(1))))

    def _button(
        self, surf: pygame.Surface, rect: pygame.Rect, words: str, what: str, i: int, mouse: tuple[int, int]
    ) -> None:
        hover = rect.collidepoint(mouse)
        pygame.draw.rect(surf, (95, 100, 110) if hover else (70, 74, 82), rect, border_radius=5)
        text = theme.fitted(words, theme.TEXT, rect.w - theme.px(8), (19, 17, 15))
        surf.blit(text, text.get_rect(center=rect.center))
        self.buttons.append((rect, what, i))

    def row_words(self, i: int) -> tuple[str, str]:
        """A loaded mod's row in words: its name, version and game mode, then its id (which the command
        line takes), drawn small after them."""
        mod = self.mods.rows[i].mod
        assert mod is not None, "a row that loaded"
        spec = mod.spec
        mode = next((m.name for m in modes() if m.id == spec.ruleset), spec.ruleset)
        said = self.t("mods_row", name=spec.name, version=spec.version, mode=mode)
        return said, self.t("mods_row_id", id=spec.id)

    def _said(self, line: str) -> str:
        """A line of the check in the player's words, the mods folder's path left out: each file named
        in its mod."""
        error = self.mods.checked.errors.get(line)
        in_mod = lambda x: x.replace(f"{user_mods_dir()}{os.sep}", "")  # noqa: E731
        return problem_line(self.t, in_mod(line)) if error is None else error_said(self.t, error, in_mod)

    def _lines(self) -> list[tuple[tuple[int, int, int], str]]:
        """The check of the mods switched on, a line each: its problems, its warnings, or that all is well."""
        t, c = self.t, self.mods.checked
        if not self.mods.enabled():
            return [(theme.TEXT_DIM, t("mods_off"))]
        if c.ok and not c.warnings:
            return [(theme.GOOD, t("mods_ok"))]
        lines = [(theme.BAD, t("mods_problem", line=self._said(x))) for x in c.problems]
        lines += [(theme.ACCENT, t("mods_warning", line=self._said(x))) for x in c.warnings]
        return lines + ([(theme.TEXT_DIM, t("mods_more", n=c.more))] if c.more else [])
