"""An army's page over the map: its estado mayor, each division with its general, each brigade with its
quality and hits (a button to garrison it or take it back, in the orders phase) and the garrison where it
stands, a line each, wrapped where it is long; the lines the page has no room for scrolled by the wheel or
Page Up/Down, a line saying how many are above and below. Beside them, the service record of the
brigade or officer clicked (CAMP-DEC-19), its latest entries, a line counting the earlier ones."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.model import commands as cmd
from game.model.words import counted
from game.ui import theme
from game.ui.campaign.sheets import fallen, page_box, page_buttons
from game.ui.campaign.view import CampaignView
from game.ui.campaign.words import army_line, brigade_line, commander, division_line, record_line
from game.ui.widgets.choice_list import BUTTON_H, Choice, more_line
from systems.campaign.forces import Army

SIZE = 16  # the lines' words
INDENT = 14  # a brigade's line under its division's
ORDER_W = 96  # a line's order button (Garrison, Take in)


@dataclass(frozen=True)
class Line:
    """A line of the army's page: whose service record a click on it shows (none for a heading), its
    words, how far in, its colour, the order its button gives."""

    ident: str
    text: str
    indent: int
    colour: theme.Colour
    action: cmd.Command | None = None


def lines_of(v: CampaignView, a: Army) -> list[Line]:
    """The army's estado mayor, divisions and brigades, then the garrison of its side where it stands."""
    w, t, n = v.war, v.t, v.n
    actions = v.garrison_choices(a)
    staff = t("campaign_staff_line", officer=commander(n, a), experience=a.commander.experience)
    out = [Line(a.id, staff, 0, theme.ACCENT)]
    for d in a.divisions:
        out.append(Line(d.id, division_line(n, d), 0, theme.ACCENT))
        out += [Line(b.id, brigade_line(n, b), INDENT, theme.TEXT, actions.get(b.id)) for b in d.brigades]
    g = w.garrison_at(a.location)
    if g is not None and g.side == a.side:
        said = counted(t, "campaign_garrison_line", len(g.brigades), place=n.place(a.location))
        out.append(Line("", said, 0, theme.ACCENT))
        out += [Line(b.id, brigade_line(n, b), INDENT, theme.TEXT, actions.get(b.id)) for b in g.brigades]
    return out


def draw_army(v: CampaignView, surf: pygame.Surface) -> None:
    """The army in hand's lines from the first scrolled to (`v.page_list`), as many as the page holds
    above its Close button; the service record of the line clicked beside them."""
    a = v.war.find_army(v.army) if v.army else None
    if a is None:
        v.page = None
        return
    box, x, y, width = page_box(v, surf, army_line(v.n, a))
    listing = int(width * 0.64)  # the record beside it wraps its lines; a brigade's line had better not
    bottom = box.bottom - theme.px(BUTTON_H) - theme.px(28)  # over the Close button
    lines = lines_of(v, a)
    f = theme.font(SIZE)
    wrapped = [theme.wrap(line.text, f, _room(line, listing)) for line in lines]
    heights = [len(rows) * f.get_linesize() + 2 for rows in wrapped]
    more = f.get_linesize() + 4  # the line of what is above and below
    first = _first(v.page_list.first, heights, bottom - y, more)
    v.page_list.first, v.page_list.area = first, pygame.Rect(x, y, listing, bottom - y)
    v.page_rows = []
    shown = first
    room = bottom - y - (more if first or sum(heights) > bottom - y else 0)
    for line, rows, h in list(zip(lines, wrapped, heights, strict=True))[first:]:
        if h > room:
            break
        _line(v, surf, line, rows, pygame.Rect(x + line.indent, y, listing - line.indent, h))
        y, room, shown = y + h, room - h, shown + 1
    if first or shown < len(lines):
        said = more_line(v.t, first, len(lines) - shown)
        surf.blit(f.render(theme.cut(said, f, listing), True, theme.TEXT_DIM), (x, bottom - more + 4))
    beside, top = x + listing + theme.px(16), box.y + theme.px(50)
    _record(v, surf, pygame.Rect(beside, top, box.right - beside - theme.px(18), bottom - top))
    page_buttons(v, surf, box, [Choice("close", v.t("campaign_close"))])


def _room(line: Line, listing: int) -> int:
    """How wide a line's words may run: up to its order's button."""
    return listing - line.indent - 4 - (theme.px(ORDER_W + 4) if line.action is not None else 0)


def _first(first: int, heights: list[int], room: int, more: int) -> int:
    """The first line shown: all when they fit, else the one scrolled to, no further than the page's
    last lines filling it (the line of what is above and below under them)."""
    if sum(heights) <= room:
        return 0
    last, filled = len(heights), 0
    while last > 0 and filled + heights[last - 1] <= room - more:
        last -= 1
        filled += heights[last]
    return max(0, min(first, last))


def _line(v: CampaignView, surf: pygame.Surface, line: Line, rows: list[str], rect: pygame.Rect) -> None:
    """A line of the page: clicked, its service record; with its order's button at its end."""
    f = theme.font(SIZE)
    if line.ident and line.ident == v.record:
        pygame.draw.rect(surf, (60, 64, 72), rect, border_radius=3)
    for i, row in enumerate(rows):
        surf.blit(f.render(row, True, line.colour), (rect.x + 2, rect.y + 1 + i * f.get_linesize()))
    if line.ident:
        v.page_rows.append((rect, line.ident))
    if line.action is None:
        return
    key = "campaign_detach" if type(line.action).__name__ == "Detach" else "campaign_muster"
    button = pygame.Rect(rect.right - theme.px(ORDER_W), rect.y, theme.px(ORDER_W - 2), f.get_linesize() + 1)
    pygame.draw.rect(surf, (70, 74, 82), button, border_radius=4)
    said = v.t(key)
    label = theme.font(14).render(theme.cut(said, theme.font(14), button.w - 6), True, theme.TEXT)
    surf.blit(label, label.get_rect(center=button.center))
    v.page_buttons.append((button, Choice(f"order:{line.ident}", said, line.action, v.t(f"{key}_hint"))))


def _record(v: CampaignView, surf: pygame.Surface, rect: pygame.Rect) -> None:
    """The service record of the brigade or officer picked on the army's page (CAMP-DEC-19): its latest
    entries that fit, a line first counting the earlier ones."""
    w, t, n = v.war, v.t, v.n
    if v.record is None:
        theme.text_lines(surf, t("campaign_record_hint"), rect.topleft, rect.w, theme.TEXT_DIM, SIZE)
        return
    b = w.roster.get(v.record)
    g = w.officers.get(v.record)
    if b is not None:
        title: str = n.brigade(b.id)
        entries = [record_line(n, s) for s in b.record]
    elif g is not None:
        title = t("campaign_officer_title", officer=fallen(v, g.id), experience=g.experience)
        entries = [record_line(n, s) for s in g.record]
    else:
        return
    y = theme.text_lines(surf, title, rect.topleft, rect.w, theme.ACCENT, 18) + 4
    f = theme.font(15)
    tall = [len(theme.wrap(e, f, rect.w)) * f.get_linesize() for e in entries]
    start, room = len(entries), rect.bottom - y
    if sum(tall) > room:
        room -= f.get_linesize()  # a line counting the earlier ones
    while start > 0 and tall[start - 1] <= room:
        start -= 1
        room -= tall[start]
    if start:
        earlier = counted(t, "campaign_record_earlier", start)
        y = theme.text_lines(surf, earlier, (rect.x, y), rect.w, theme.TEXT_DIM, 15)
    for entry in entries[start:]:
        y = theme.text_lines(surf, entry, (rect.x, y), rect.w, theme.TEXT, 15)
