"""The rules reference as a screen: every rule ID with its title and text in the player's language,
grouped by section (the ID without its number: FG-CHG, AMB, WM-DEC), with a box that narrows the list
as the player types an ID or words. A rule ID in a text (the glossary's, Open Wars' rules citing each
other) is a link: a click narrows the list to that rule, Esc comes back to where the player was. Drawn
over whatever screen opened it; it takes the keys, the clicks and the wheel until Esc closes it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.content.glossary import Term
from game.content.locale import Texts
from game.content.rulesref import RuleText
from game.model.words import counted
from game.ui import theme
from game.ui.widgets.menu import sheet

MARGIN = 40  # pixels of the screen left around the box at UI scale 1
WHEEL_LINES = 3
MAX_QUERY = 40
CITED = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")  # a rule ID or section as a text cites it


def section_of(rule_id: str) -> str:
    """FG-CHG-4 -> FG-CHG, AMB-12 -> AMB, WM-DEC-2 -> WM-DEC."""
    head, _sep, tail = rule_id.rpartition("-")
    return head if head and tail.isdigit() else rule_id


def folded(text: str) -> str:
    """Text as searched: without case or accents, so "cancion" finds "canción"."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


@dataclass(frozen=True)
class Row:
    """One line of the list as laid out: its words, their size and colour, where it starts."""

    text: str
    size: int
    colour: theme.Colour
    x: int
    y: int


class RulesBrowser:
    def __init__(
        self,
        reference: dict[str, RuleText],
        t: Texts,
        query: str = "",
        glossary: Sequence[Term] = (),
        linked: bool = False,
    ) -> None:
        self.reference = reference
        # opened on a rule by a link elsewhere (the F1 help's): Esc on that rule goes back there
        self.linked = query if linked else None
        self.glossary = list(glossary)  # listed first, as its own section (For Glory's words and measures)
        self.t = t
        self.query = query
        self.scroll = 0  # pixels of the list above the view
        self.page = 0  # the list's height on screen, known once drawn
        self.sections = {section_of(rid) for rid in reference}
        # a section of these rules for the hint's example (Open Wars lists no FG- rules)
        self.example = "FG-CHG" if "FG-CHG" in self.sections else min(self.sections, default="")
        self._haystacks = {rid: folded(f"{r.id} {r.title} {r.text}") for rid, r in reference.items()}
        self._terms = {g.key: folded(f"{g.term} {g.text}") for g in self.glossary}
        self._rows: tuple[tuple[str, int, float, str], list[Row], int] | None = None
        self.links: list[tuple[pygame.Rect, str]] = []  # the rule IDs cited in the texts shown, as drawn
        self.back: list[tuple[str, int]] = []  # the searches and scrolls a followed link left, last last

    def matches(self) -> list[RuleText]:
        """The rules the query lets through, in the reference's order. An ID or its beginning
        ("FG-CHG", "amb", "FG-UNIT-1") picks the rules whose ID starts with it; anything else
        picks the rules whose ID, title or text hold every word typed."""
        q = self.query.strip()
        if not q:
            return list(self.reference.values())
        head = q.upper()
        if ("-" in head or head in self.sections) and any(rid.startswith(head) for rid in self.reference):
            return [r for rid, r in self.reference.items() if rid.startswith(head)]
        words = folded(q).split()
        return [r for rid, r in self.reference.items() if all(w in self._haystacks[rid] for w in words)]

    def terms(self) -> list[Term]:
        """The glossary's terms the query lets through: all without one, none for a rule ID, else those
        holding every word typed."""
        q = self.query.strip()
        if not q:
            return self.glossary
        head = q.upper()
        if ("-" in head or head in self.sections) and any(rid.startswith(head) for rid in self.reference):
            return []
        words = folded(q).split()
        return [g for g in self.glossary if all(w in self._terms[g.key] for w in words)]

    def handle(self, ev: pygame.event.Event) -> bool:
        """Take one event; False once the player has closed the reference."""
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll_by(-ev.y * WHEEL_LINES * theme.font(18).get_linesize())
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            cited = next((rid for rect, rid in self.links if rect.collidepoint(ev.pos)), None)
            if cited is not None:
                self.follow(cited)
        elif ev.type == pygame.KEYDOWN:
            k = ev.key
            if k == pygame.K_ESCAPE:
                if self.back:  # back where the link was followed from
                    self.query, self.scroll = self.back.pop()
                elif not self.query or self.query == self.linked:
                    return False
                else:
                    self.search("")
            elif k == pygame.K_BACKSPACE:
                self.search(self.query[:-1])
            elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                step = max(1, self.page - theme.font(18).get_linesize())
                self.scroll_by(step if k == pygame.K_PAGEDOWN else -step)
            elif k in (pygame.K_UP, pygame.K_DOWN):
                line = theme.font(18).get_linesize()
                self.scroll_by(line if k == pygame.K_DOWN else -line)
            elif k in (pygame.K_HOME, pygame.K_END):
                self.scroll = 0 if k == pygame.K_HOME else 1 << 30  # drawing brings it back in range
            elif ev.unicode and ev.unicode.isprintable() and len(self.query) < MAX_QUERY:
                self.search(self.query + ev.unicode)
        return True

    def search(self, query: str) -> None:
        self.query = query
        self.scroll = 0

    def follow(self, rule_id: str) -> None:
        """A cited rule ID clicked: the list narrowed to it; Esc comes back here."""
        self.back.append((self.query, self.scroll))
        self.search(rule_id)

    def cites(self, token: str) -> bool:
        """Whether a word of a text is a rule ID (or a section) of these rules, so a link."""
        return token in self.reference or token in self.sections

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, self.scroll + pixels)

    def rows(self, width: int) -> tuple[list[Row], int]:
        """The list laid out `width` pixels wide, and its height: laid out again only when the
        query, the width, the scale or the language changes (the same list is drawn every frame)."""
        key = (self.query, width, theme.SCALE, self.t.language)
        if self._rows is not None and self._rows[0] == key:
            return self._rows[1], self._rows[2]
        px, y, section = theme.px, 0, ""
        out: list[Row] = []
        body = theme.font(18)
        # (section, heading, text): the glossary's terms first, then the rules by their sections
        entries = [(self.t("glossary_title"), g.term, g.text) for g in self.terms()]
        entries += [(section_of(r.id), f"{r.id}  {r.title}", r.text) for r in self.matches()]
        for part, heading, text in entries:
            if part != section:
                section = part
                y += px(10) if out else 0
                out.append(Row(section, 26, theme.ACCENT, 0, y))
                y += theme.font(26).get_linesize() + px(2)
            for i, line in enumerate(theme.wrap(heading, theme.font(20), width - px(12))):
                out.append(Row(line, 20, theme.TEXT, px(12) if i else 0, y))
                y += theme.font(20).get_linesize()
            for line in theme.wrap(text, body, width - px(24)):
                out.append(Row(line, 18, theme.TEXT_DIM, px(24), y))
                y += body.get_linesize()
            y += px(6)
        self._rows = (key, out, y)
        return out, y

    def draw(self, surf: pygame.Surface) -> None:
        px, t = theme.px, self.t
        box, x, y, inner = sheet(surf, t("rules_title"), MARGIN)
        y += px(4)
        for line in theme.wrap(t("rules_hint", example=self.example), theme.font(18), inner):
            surf.blit(theme.font(18).render(line, True, theme.TEXT_DIM), (x, y))
            y += theme.font(18).get_linesize()
        field = pygame.Rect(x, y + px(6), inner, theme.font(22).get_linesize() + px(10))
        pygame.draw.rect(surf, (18, 20, 23), field, border_radius=5)
        pygame.draw.rect(surf, theme.PANEL_EDGE, field, 1, border_radius=5)
        shown = self.matches()
        count = theme.font(20).render(counted(t, "rules_count", len(shown)), True, theme.TEXT_DIM)
        surf.blit(count, count.get_rect(midright=(field.right - px(10), field.centery)))
        typed = theme.font(22).render(t("rules_search", query=self.query) + "_", True, theme.TEXT)
        surf.blit(typed, typed.get_rect(midleft=(field.x + px(10), field.centery)))
        view = pygame.Rect(x, field.bottom + px(12), inner, box.bottom - px(14) - field.bottom - px(12))
        self.page = view.h
        rows, height = self.rows(view.w - px(16))  # room for the scroll bar
        self.scroll = min(self.scroll, max(0, height - view.h))
        if not shown and not self.terms():
            surf.blit(theme.font(22).render(t("rules_none"), True, theme.TEXT_DIM), view.topleft)
        clip = surf.get_clip()
        surf.set_clip(view)
        self.links = []
        for row in rows:
            top = view.y + row.y - self.scroll
            if top > view.bottom:
                break
            if top + theme.font(row.size).get_linesize() >= view.y:
                surf.blit(theme.font(row.size).render(row.text, True, row.colour), (view.x + row.x, top))
                if row.colour == theme.TEXT_DIM:  # a text, not a heading: the rules it cites are links
                    self._draw_links(surf, row, (view.x + row.x, top), view)
        surf.set_clip(clip)
        if height > view.h:  # where the view is in the whole list
            bar = pygame.Rect(view.right - px(6), view.y, px(6), view.h)
            pygame.draw.rect(surf, (18, 20, 23), bar, border_radius=3)
            thumb = pygame.Rect(bar.x, 0, bar.w, max(px(20), view.h * view.h // height))
            thumb.y = view.y + (view.h - thumb.h) * self.scroll // max(1, height - view.h)
            pygame.draw.rect(surf, theme.ACCENT, thumb, border_radius=3)

    def _draw_links(self, surf: pygame.Surface, row: Row, at: tuple[int, int], view: pygame.Rect) -> None:
        """The rule IDs a line of text cites, in the accent colour and underlined, where they stand."""
        font = theme.font(row.size)
        for m in CITED.finditer(row.text):
            if not self.cites(m.group()):
                continue
            word = font.render(m.group(), True, theme.ACCENT)
            rect = word.get_rect(topleft=(at[0] + font.size(row.text[: m.start()])[0], at[1]))
            surf.blit(word, rect)
            pygame.draw.line(surf, theme.ACCENT, (rect.x, rect.bottom - 2), (rect.right, rect.bottom - 2))
            self.links.append((rect.clip(view), m.group()))
