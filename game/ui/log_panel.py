"""The battle log: every event in words, each rule ID hoverable for the rule in the game's words."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.modules import rule_id_pattern
from game.ui import theme


@dataclass
class LogLine:
    text: str
    colour: theme.Colour = theme.TEXT


@dataclass
class LogPanel:
    rect: pygame.Rect
    lines: list[LogLine] = field(default_factory=list)
    scroll: int = 0  # lines scrolled up from the bottom
    _spans: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    _cache: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    rule_ids: re.Pattern[str] = field(default_factory=rule_id_pattern)  # the hoverable rule IDs
    title: str = "Battle log  (hover a rule ID)"

    def add(self, text: str, colour: theme.Colour = theme.TEXT) -> None:
        self.lines.append(LogLine(text, colour))
        if self.scroll:
            self.scroll += 1  # keep the view still while the player reads back

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + dy * 3))

    def _wrap(self, text: str, font: pygame.font.Font, width: int) -> list[str]:
        key = (text, width)
        if key not in self._cache:
            self._cache[key] = theme.wrap(text, font, width)
        return self._cache[key]

    def draw(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, theme.PANEL, self.rect)
        pygame.draw.rect(surf, theme.PANEL_EDGE, self.rect, 1)
        font = theme.font(18)
        lh = font.get_linesize()
        title = font.render(self.title, True, theme.TEXT_DIM)
        surf.blit(title, (self.rect.x + 8, self.rect.y + 4))
        top = self.rect.y + 4 + lh
        width = self.rect.w - 16
        rows: list[tuple[str, theme.Colour]] = []
        end = len(self.lines) - self.scroll
        for ln in self.lines[max(0, end - 60) : end]:
            rows += [(r, ln.colour) for r in self._wrap(ln.text, font, width)]
        fit = (self.rect.bottom - top - 4) // lh
        rows = rows[-fit:]
        self._spans = []
        y = top
        for text, colour in rows:
            x = self.rect.x + 8
            pos = 0
            for m in self.rule_ids.finditer(text):
                before = text[pos : m.start()]
                if before:
                    surf.blit(font.render(before, True, colour), (x, y))
                    x += font.size(before)[0]
                rid = font.render(m.group(0), True, theme.ACCENT)
                r = surf.blit(rid, (x, y))
                pygame.draw.line(surf, theme.ACCENT, (r.left, r.bottom - 2), (r.right, r.bottom - 2), 1)
                self._spans.append((r, m.group(0)))
                x += r.w
                pos = m.end()
            if text[pos:]:
                surf.blit(font.render(text[pos:], True, colour), (x, y))
            y += lh

    def rule_at(self, pos: tuple[int, int]) -> str | None:
        for r, rid in self._spans:
            if r.collidepoint(pos):
                return rid
        return None


def tooltip(surf: pygame.Surface, pos: tuple[int, int], title: str, text: str, width: int = 340) -> None:
    """A box of wrapped text near the mouse, kept inside the window."""
    font, bold = theme.font(18), theme.font(20)
    lines = theme.wrap(text, font, width - 16) if text.strip() else []
    h = 12 + bold.get_linesize() + font.get_linesize() * len(lines)
    box = pygame.Rect(pos[0] + 14, pos[1] + 14, width, h)
    box.clamp_ip(surf.get_rect())
    pygame.draw.rect(surf, (18, 20, 24), box, border_radius=4)
    pygame.draw.rect(surf, theme.ACCENT, box, 1, border_radius=4)
    surf.blit(bold.render(title, True, theme.ACCENT), (box.x + 8, box.y + 6))
    y = box.y + 6 + bold.get_linesize()
    for ln in lines:
        surf.blit(font.render(ln, True, theme.TEXT), (box.x + 8, y))
        y += font.get_linesize()
