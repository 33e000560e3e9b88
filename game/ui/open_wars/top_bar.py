"""The Open Wars top bar: the map, the turn and its phase; beside them each seat's entry, its colour,
its name and who plays it ("Elfos (IA difícil)", as For Glory's bar says who decides), then its gold,
mana and army value with the map cards' icons (its hover box says them in words). The seat to act is
in the accent colour, underlined. The seats go two to a row on the bar's two rows, so that four long
names and their players are each said whole at 1280 pixels across."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.drawing.map_cards import ICON, figure
from game.ui.open_wars.view import OpenWarsView, SeatEntry
from game.ui.widgets.log_panel import tooltip

SEAT_SIZES = (18, 16, 14)  # the seats' font sizes, largest first: the largest every entry fits in
COLUMNS = 2  # seats to a row
TITLE_SHARE = 0.4  # the most of the bar's width the title takes (a long map name is cut)
SWATCH, PAD = 14, 6  # the seat's colour square; the room after it and between its parts
FIGURES = ("gold", "mana", "army")


def _width(f: pygame.font.Font, who: str, figures: tuple[int, ...]) -> int:
    """An entry's width as drawn: its colour, its words, each figure with its icon."""
    return SWATCH + PAD + f.size(who)[0] + sum(PAD * 2 + ICON + f.size(str(n))[0] for n in figures)


def seat_entries(v: OpenWarsView, title: pygame.Rect, width: int) -> list[SeatEntry]:
    """Each seat's entry in seat order, in COLUMNS columns from the title's right to `width`, on the
    title's line or, more than COLUMNS, row after row down the bar: the largest of SEAT_SIZES every
    entry fits its column in (a name cut only when not even the smallest does). Each box is the
    entry's own, as wide as it is drawn."""
    c = v.campaign
    values = c.army_values()
    seats = [
        (
            p,
            v.t("ow_seat", side=v.names[p], player=v.player_of(p)),
            (c.purses[p].gold, c.purses[p].mana, values[p]),
        )
        for p in c.order
    ]
    left = title.right + 24
    column = (width - left) // COLUMNS
    rows = -(-len(seats) // COLUMNS)
    top, row_h = (title.y, title.h) if rows == 1 else (2, (theme.TOP_BAR - 4) // rows)
    for size in SEAT_SIZES:
        f = theme.font(size)
        if all(_width(f, who, figs) <= column - PAD * 2 for _p, who, figs in seats):
            break
    out = []
    for i, (p, who, figs) in enumerate(seats):
        room = column - PAD * 2 - (_width(f, who, figs) - f.size(who)[0])
        shown = theme.cut(who, f, room, whole_words=False)
        box = pygame.Rect(
            left + (i % COLUMNS) * column, top + (i // COLUMNS) * row_h, _width(f, shown, figs), row_h
        )
        out.append(SeatEntry(p, shown, who, figs, box, size))
    return out


def draw_top_bar(v: OpenWarsView, surf: pygame.Surface) -> None:
    c, t = v.campaign, v.t
    g = c.game
    assert g is not None
    width = surf.get_width()
    pygame.draw.rect(surf, theme.PANEL, (0, 0, width, theme.TOP_BAR))
    big = theme.font(26)
    head = t("ow_top", map=v.words.name, round=g.round, limit=g.max_rounds, phase=t("ow_phase_" + g.phase))
    title = surf.blit(big.render(theme.cut(head, big, int(width * TITLE_SHARE)), True, theme.TEXT), (10, 6))
    v.seats = seat_entries(v, title, width - 10)
    acting = c.pending.side if c.pending is not None else None
    for e in v.seats:
        f = theme.font(e.size)
        colour = theme.ACCENT if e.side == acting else theme.TEXT
        label = f.render(e.who, True, colour)
        x, y = e.box.x, e.box.centery
        pygame.draw.rect(surf, v.colours[e.side], (x, y - SWATCH // 2, SWATCH, SWATCH), border_radius=3)
        x += SWATCH + PAD
        words = surf.blit(label, label.get_rect(midleft=(x, y)))
        if e.side == acting:
            pygame.draw.line(surf, theme.ACCENT, (x, words.bottom), (words.right, words.bottom), 2)
        x = words.right + PAD * 2
        for kind, n in zip(FIGURES, e.figures, strict=True):
            x = figure(surf, kind, n, (x, y - SWATCH // 2), f, colour) + PAD * 2


def seat_hover(v: OpenWarsView, surf: pygame.Surface) -> pygame.Rect | None:
    """The hover box of the seat under the mouse (where it was drawn): its name and player, its
    figures in words. It opens below the bar, inside the window, so that it never covers another
    seat (four seats fill the bar's two rows)."""
    e = next((e for e in v.seats if e.box.collidepoint(v.mouse)), None)
    if e is None:
        return None
    gold, mana, army = e.figures
    below = pygame.Rect(0, theme.TOP_BAR, surf.get_width(), surf.get_height() - theme.TOP_BAR)
    return tooltip(surf, v.mouse, e.said, v.t("ow_seat_hint", gold=gold, mana=mana, army=army), within=below)
