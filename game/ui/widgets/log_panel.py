"""The battle log: every event in words in the player's language (game/running/narrate.py), each rule ID
hoverable for the rule in the game's words. It keeps the events it was fed, so that it can take back
the lines of an undone order and tell every line again when the language changes."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.content.locale import Texts
from game.model.events import Event
from game.model.modules import rule_id_pattern
from game.running.log_texts import english
from game.running.narrate import Narrator
from game.ui import theme


@dataclass
class LogLine:
    text: str
    colour: theme.Colour = theme.TEXT
    first: int = -1  # the index of the first event it tells (-1: a line that tells no event)
    count: int = 0  # how many events it tells
    tag: str = ""  # "undone": the note that an order was taken back
    # a line that tells no event but the game's own words (where it was saved): its words in a language
    words: Callable[[Texts], str] | None = None


@dataclass
class LogPanel:
    rect: pygame.Rect
    lines: list[LogLine] = field(default_factory=list)
    scroll: int = 0  # lines scrolled up from the bottom
    unseen: int = 0  # lines added while it was scrolled up: its marker says so (draw)
    _spans: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    _marker: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))  # a click: the newest
    _cache: dict[tuple[str, int, int], list[str]] = field(default_factory=dict)
    rule_ids: re.Pattern[str] = field(default_factory=rule_id_pattern)  # the hoverable rule IDs
    title: str | None = None  # None: the log's own title in its language
    t: Texts = field(default_factory=english)  # the language of its lines
    sides: Mapping[str, str] = field(default_factory=dict)  # the names the scenario gives
    objectives: Mapping[str, str] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)  # every event fed, as plain data
    revision: int = 0  # counts the changes of its lines: the window draws again when it moves
    # where it grows to read back (L, or a click on its title's hint): None, a log that keeps its size
    room: pygame.Rect | None = None
    tall: bool = False
    _hint: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def shown(self) -> pygame.Rect:
        """Where it is drawn: its room while it is tall, over what the room holds."""
        return self.room if self.tall and self.room is not None else self.rect

    @property
    def narrator(self) -> Narrator:
        return Narrator(self.t, self.sides, self.objectives)

    def add(
        self,
        text: str,
        colour: theme.Colour = theme.TEXT,
        tag: str = "",
        words: Callable[[Texts], str] | None = None,
    ) -> None:
        """A line that tells no event (an alert, where a game was saved); with `words`, said again in
        the new language when it changes."""
        self._append([LogLine(text, colour, tag=tag, words=words)])

    def reword_last(self, words: Callable[[Texts], str]) -> None:
        """The last line told again, with more in it (Open Wars' recruits of one unit in one place)."""
        self.lines[-1].text, self.lines[-1].words = words(self.t), words
        self.revision += 1

    def say(self, key: str, colour: theme.Colour = theme.TEXT, tag: str = "", **values: object) -> None:
        """A line of the game's words (`key` of the locale), said again when the language changes."""
        self.add(self.t(key, **values), colour, tag, lambda t: t(key, **values))

    def _append(self, lines: list[LogLine], dropped: int = 0) -> None:
        self.lines += lines
        self.revision += 1
        if self.scroll:  # keep the view still while the player reads back; the marker counts them
            self.scroll = max(0, self.scroll + len(lines) - dropped)
            self.unseen += len(lines) - dropped

    def feed(self, events: Iterable[Event | Mapping[str, Any]]) -> None:
        """The next events of the battle, told in lines; a line the new events continue (the next
        stretch of a move, the other side's die of a roll-off) is told again with them."""
        new = [e.to_dict() if isinstance(e, Event) else dict(e) for e in events]
        if not new:
            return
        start = len(self.events)
        self.events += new
        self._tell_from(start)

    def _tell_from(self, start: int) -> None:
        """Tell the events from `start` on, with the last line when they may continue it."""
        dropped = 0
        last = self.lines[-1] if self.lines else None
        if last is not None and last.first >= 0 and last.first + last.count == start:
            self.lines.pop()
            start, dropped = last.first, 1
        told = self.narrator.lines(self.events[start:], offset=start)
        self._append(
            [
                LogLine(ln.text, theme.BAD if ln.kind == "rejected" else theme.TEXT, ln.first, ln.count)
                for ln in told
            ],
            dropped,
        )

    def undo(self, keep: int, note: str = "") -> None:
        """Take back every event from index `keep` on, and the lines that told them; the text `note`
        (a key of the locale) says so (once: the note of an earlier undo goes)."""
        self.events = self.events[:keep]
        self.revision += 1
        cut = [ln for ln in self.lines if ln.first >= 0 and ln.first + ln.count > keep]
        redo = min((ln.first for ln in cut), default=keep)
        gone = {id(ln) for ln in cut}
        self.lines = [ln for ln in self.lines if id(ln) not in gone and ln.tag != "undone"]
        self.scroll = min(self.scroll, max(0, len(self.lines) - 1))
        self.unseen = min(self.unseen, self.scroll)
        if redo < keep:  # a line that told events on both sides of the cut: its first part again
            self._tell_from(redo)
        if note:
            self.say(note, theme.ACCENT, tag="undone")

    def retell(self, t: Texts) -> None:
        """The language changed: every event's line in the new one, and every line of the game's own
        words (an alert that quotes what failed stays as it is)."""
        self.t = t
        self.revision += 1
        n = self.narrator
        self._cache.clear()
        for ln in self.lines:
            if ln.first >= 0:
                ln.text = n.tell(self.events[ln.first : ln.first + ln.count])
            elif ln.words is not None:
                ln.text = ln.words(t)

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + dy * 3))
        self.unseen = min(self.unseen, self.scroll)  # those scrolled into view are seen

    def jump(self) -> None:
        """Back to the newest lines."""
        self.scroll = self.unseen = 0

    def toggle(self) -> None:
        """Tall to read back, or back to its size (a log with no room keeps its size)."""
        self.tall = not self.tall and self.room is not None
        self.revision += 1

    def handle(self, ev: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """The wheel over the log scrolls it; while it is scrolled up, End or a click on its marker
        brings the newest back; L or a click on its title's hint makes it tall, and again (or Esc)
        back; a tall log takes every click on it, so nothing under it is pressed unseen. Whether it
        took the event."""
        if ev.type == pygame.MOUSEWHEEL and self.shown.collidepoint(mouse):
            self.on_wheel(ev.y)
            return True
        keyed = ev.type == pygame.KEYDOWN and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        if (keyed and ev.key == pygame.K_l and self.room is not None) or (
            ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self._hint.collidepoint(ev.pos)
        ):
            self.toggle()
            return True
        if self.tall and keyed and ev.key == pygame.K_ESCAPE:
            self.toggle()
            return True
        back = (ev.type == pygame.KEYDOWN and ev.key == pygame.K_END) or (
            ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self._marker.collidepoint(ev.pos)
        )
        if back and self.scroll:
            self.jump()
            return True
        return self.tall and ev.type == pygame.MOUSEBUTTONDOWN and self.shown.collidepoint(ev.pos)

    def _wrap(self, text: str, font: pygame.font.Font, width: int) -> list[str]:
        key = (text, width, font.get_height())
        if key not in self._cache:
            self._cache[key] = theme.wrap(text, font, width)
        return self._cache[key]

    def draw(self, surf: pygame.Surface) -> None:
        box = self.shown
        pygame.draw.rect(surf, theme.PANEL, box)
        pygame.draw.rect(surf, theme.PANEL_EDGE, box, 1)
        font = theme.font(18)
        lh = font.get_linesize()
        width = box.w - 16
        self._hint = pygame.Rect(0, 0, 0, 0)
        if self.room is not None:  # how to make it tall or short again: at the title's right, a third at most
            words = theme.cut(self.t("log_shorter" if self.tall else "log_taller"), font, width // 3)
            hint = font.render(words, True, theme.ACCENT)
            self._hint = surf.blit(hint, hint.get_rect(topright=(box.right - 8, box.y + 4)))
            width -= self._hint.w + 8
        heading = self.title if self.title is not None else self.t("log_title")
        title = font.render(theme.cut(heading, font, width), True, theme.TEXT_DIM)  # a narrow panel: cut
        surf.blit(title, (box.x + 8, box.y + 4))
        width = box.w - 16
        top = box.y + 4 + lh
        fit = max(0, (box.bottom - top - 4) // lh)
        self._marker = (
            self._draw_marker(surf, font, width) if self.scroll and fit > 1 else pygame.Rect(0, 0, 0, 0)
        )
        fit -= 1 if self._marker.h else 0
        end = len(self.lines) - self.scroll
        rows = shown_rows(
            [
                [(r, ln.colour) for r in self._wrap(ln.text, font, width)]
                for ln in self.lines[max(0, end - 60) : end]
            ],
            fit,
            lambda row: cut_start(row, font, width),
        )
        self._spans = []
        y = top
        for text, colour in rows:
            x = box.x + 8
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

    def _draw_marker(self, surf: pygame.Surface, font: pygame.font.Font, width: int) -> pygame.Rect:
        """The log's last row while it is scrolled up: how many new lines wait below (or that newer
        ones do), and how to get back to them."""
        many = "log_new_lines_one" if self.unseen == 1 else "log_new_lines_many"
        words = self.t(many, count=self.unseen) if self.unseen else self.t("log_newer_lines")
        lh = font.get_linesize()
        box = self.shown
        row = pygame.Rect(box.x + 1, box.bottom - 4 - lh, box.w - 2, lh + 3)
        pygame.draw.rect(surf, theme.PANEL_EDGE, row)
        surf.blit(font.render(theme.cut(words, font, width), True, theme.ACCENT), (box.x + 8, row.y + 1))
        return row

    def rule_at(self, pos: tuple[int, int]) -> str | None:
        for r, rid in self._spans:
            if r.collidepoint(pos):
                return rid
        return None


Row = tuple[str, theme.Colour]


CUT = "… "  # what begins a line shown without its start


def shown_rows(lines: list[list[Row]], fit: int, marked: Callable[[str], str]) -> list[Row]:
    """The rows of the newest lines that fit in `fit` rows. The oldest shown never starts in the middle
    of its sentence unmarked (the log began "los Cazadores a caballo (Dupré): dado 3 ..."): a line the
    log's top cuts shows its last rows, the first of them `marked` ("… dado 3 ..."); a newest line
    taller than the whole log shows its end so, where its outcome is."""
    rows: list[Row] = []
    for wrapped in reversed(lines):
        room = fit - len(rows)
        if len(wrapped) > room:
            if room > 0:
                (first, colour), *rest = wrapped[len(wrapped) - room :]
                rows = [(marked(first), colour), *rest, *rows]
            return rows
        rows = wrapped + rows
    return rows


def cut_start(row: str, font: pygame.font.Font, width: int) -> str:
    """A row that continues a line, begun with CUT: its first words dropped as they must be to fit."""
    words = row.split(" ")
    while len(words) > 1 and font.size(CUT + " ".join(words))[0] > width:
        words.pop(0)
    return CUT + " ".join(words)


def tooltip(
    surf: pygame.Surface,
    pos: tuple[int, int],
    title: str,
    text: str,
    width: int = 340,
    within: pygame.Rect | None = None,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """A box of wrapped text near the mouse, kept inside `within` (the window by default): below and
    right of the mouse, or in the first other corner around it that covers nothing in `avoid` (a
    move's ghost, the piece it is about). Returns where it was drawn."""
    font, bold = theme.font(18), theme.font(20)
    bounds = within or surf.get_rect()
    width = min(width, bounds.w)
    lines = [ln for part in text.split("\n") if part.strip() for ln in theme.wrap(part, font, width - 16)]
    titles = theme.wrap(title, bold, width - 16)  # a long title wraps too: never past the box
    h = 12 + bold.get_linesize() * len(titles) + font.get_linesize() * len(lines)
    x, y = pos
    spots = [
        pygame.Rect(x + 14, y + 14, width, h),
        pygame.Rect(x - 14 - width, y + 14, width, h),
        pygame.Rect(x + 14, y - 14 - h, width, h),
        pygame.Rect(x - 14 - width, y - 14 - h, width, h),
    ]
    for a in avoid:  # else just clear of what it must not cover: below, above, right or left of it
        spots += [
            pygame.Rect(x + 14, a.bottom + 4, width, h),
            pygame.Rect(x + 14, a.top - 4 - h, width, h),
            pygame.Rect(a.right + 4, y + 14, width, h),
            pygame.Rect(a.left - 4 - width, y + 14, width, h),
        ]
    for spot in spots:
        spot.clamp_ip(bounds)
    box = next((s for s in spots if s.collidelist(list(avoid)) < 0), spots[0])
    pygame.draw.rect(surf, (18, 20, 24), box, border_radius=4)
    pygame.draw.rect(surf, theme.ACCENT, box, 1, border_radius=4)
    y = box.y + 6
    for ln in titles:
        surf.blit(bold.render(ln, True, theme.ACCENT), (box.x + 8, y))
        y += bold.get_linesize()
    for ln in lines:
        surf.blit(font.render(ln, True, theme.TEXT), (box.x + 8, y))
        y += font.get_linesize()
    return box
