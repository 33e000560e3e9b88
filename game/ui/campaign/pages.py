"""The campaign's pages over the whole window: its figures (Tab: the brigades each side lost and how,
every battle in a row, each side's brigades turn by turn) and the end of the war, which tells it (who
won and why, the points, the places that decided it and who holds them, its battles, its history)."""

from __future__ import annotations

import itertools

import pygame

from game.model.words import counted
from game.ui import theme
from game.ui.campaign.figures import battles, chronicle, losses, outcome, strength_by_turn
from game.ui.campaign.sheets import side_colour
from game.ui.campaign.view import CampaignView
from game.ui.campaign.words import fates, when
from game.ui.widgets.choice_list import BUTTON_H, Choice
from game.ui.widgets.menu import sheet

ROWS = 14  # battles listed at most (the latest)


def draw_figures(v: CampaignView, surf: pygame.Surface) -> None:
    t = v.t
    box, x, y, width = sheet(surf, t("campaign_figures_title"), margin=30)
    col = (width - theme.px(30)) // 2
    y0 = y + 8
    y = _losses(v, surf, x, y0, col)
    _chart(v, surf, pygame.Rect(x, y + 14, col, box.bottom - y - theme.px(60)))
    _battles(v, surf, x + col + theme.px(30), y0, col)
    hint = theme.font(16).render(t("campaign_figures_hint"), True, theme.TEXT_DIM)
    surf.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 10)))


def _losses(v: CampaignView, surf: pygame.Surface, x: int, y: int, width: int) -> int:
    t, n = v.t, v.n
    y = theme.text_lines(surf, t("campaign_figures_losses"), (x, y), width, theme.ACCENT, 20) + 2
    for side, counts in losses(v.war).items():
        total = sum(counts.values())
        head = counted(t, "campaign_figures_lost", total, side=v.names[side])
        y = theme.text_lines(surf, head, (x, y), width, side_colour(v, side), 18)
        parts = fates(n, counts)
        if parts:
            y = theme.text_lines(surf, parts, (x + 12, y), width - 12, theme.TEXT_DIM, 16)
    return y


def _battles(v: CampaignView, surf: pygame.Surface, x: int, y: int, width: int) -> None:
    t, n = v.t, v.n
    rows = battles(v.war)
    declined = sum(1 for r in rows if r.resolved == "declined")
    fought = len(rows) - declined
    title = counted(t, "campaign_figures_battles", fought)
    if declined:  # "0 battles" over "Battle 1 ... declined" read as a battle miscounted
        said = counted(t, "campaign_figures_fought", fought)
        title = counted(t, "campaign_figures_declined", declined, fought=said)
    y = theme.text_lines(surf, title, (x, y), width, theme.ACCENT, 20) + 2
    for r in rows[-ROWS:]:
        if r.resolved == "declined":
            said = t("camp_battle_declined_line", number=r.number, turn=r.turn, place=n.place(r.place),
                     side=v.names[r.winner or ""])  # fmt: skip
            y = theme.text_lines(surf, said, (x, y), width, theme.TEXT_DIM, 15)
            continue
        winner = v.names[r.winner] if r.winner else t("camp_nobody")
        lost = ", ".join(f"{v.names[s]} {k}" for s, k in r.lost.items())
        said = t("camp_battle_line", number=r.number, turn=r.turn, place=n.place(r.place), winner=winner,
                 how=t(f"camp_resolved_{r.resolved}"), lost=lost)  # fmt: skip
        colour = side_colour(v, r.winner) if r.winner is not None else theme.TEXT
        y = theme.text_lines(surf, said, (x, y), width, colour, 15)


def _chart(v: CampaignView, surf: pygame.Surface, rect: pygame.Rect) -> None:
    """Each side's brigades at the start of each turn, a line a side (the last point: now)."""
    t = v.t
    y = theme.text_lines(surf, t("campaign_figures_armies"), rect.topleft, rect.w, theme.ACCENT, 20)
    area = pygame.Rect(rect.x + 30, y + 6, rect.w - 40, max(40, rect.bottom - y - 30))
    series = strength_by_turn(v.war)
    top = max(1, *(max(s) for s in series.values()))
    pygame.draw.rect(surf, (36, 39, 44), area)
    f = theme.font(14)
    for value in (0, top):
        at = area.bottom - area.h * value // top
        surf.blit(f.render(str(value), True, theme.TEXT_DIM), (rect.x, at - 8))
    count = max(2, len(next(iter(series.values()))))
    ends: list[tuple[int, str]] = []
    for side, values in series.items():
        points = [
            (area.x + area.w * i // (count - 1), area.bottom - area.h * k // top)
            for i, k in enumerate(values)
        ]
        for a, b in itertools.pairwise(points):
            pygame.draw.line(surf, v.colours[side], a, b, 3)
        ends.append((points[-1][1], side))
    below = area.y - f.get_linesize()
    for at, side in sorted(ends):  # each side's brigades now at its line's end (the top bar's figure)
        below = max(at - f.get_linesize() // 2, below + f.get_linesize())
        surf.blit(f.render(str(series[side][-1]), True, v.colours[side]), (area.right + 3, below))
    surf.blit(
        f.render(counted(t, "campaign_figures_turns", count - 1, turns=count - 1), True, theme.TEXT_DIM),
        (area.x, area.bottom + 4),
    )


def draw_end(v: CampaignView, surf: pygame.Surface) -> None:
    """The war told: who won and why, the points, the places that decided it, its battles, its history."""
    w, t, n = v.war, v.t, v.n
    head, points = outcome(w, n)
    box, x, y, width = sheet(surf, t("campaign_end_title", date=when(n, w.turn)), margin=30)
    y = theme.text_lines(surf, theme.begun(head), (x, y + 4), width, theme.ACCENT, 24)
    y = theme.text_lines(surf, points, (x, y + 2), width, theme.TEXT, 19)
    holders = {loc: w.control.get(loc) for loc in w.theatre.spec.victory.places}
    held = ", ".join(
        f"{n.place(loc)} ({v.names[s] if s else t('camp_nobody')})" for loc, s in holders.items()
    )
    y = theme.text_lines(surf, t("campaign_end_places", places=held), (x, y + 6), width, theme.TEXT_DIM, 17)
    rows = battles(w)
    fought = sum(1 for r in rows if r.resolved == "table")
    declined = sum(1 for r in rows if r.resolved == "declined")
    lost = {s: sum(c.values()) for s, c in losses(w).items()}
    said = t("campaign_end_numbers", battles=len(rows) - declined, table=fought, declined=declined,
             lost=", ".join(f"{v.names[s]} {k}" for s, k in lost.items()))  # fmt: skip
    y = theme.text_lines(surf, said, (x, y + 6), width, theme.TEXT, 18) + 8
    room = box.bottom - theme.px(70)
    y = theme.text_lines(surf, t("campaign_end_story"), (x, y), width, theme.ACCENT, 18) + 2
    f = theme.font(15)
    turns = [t("campaign_end_turn", date=theme.begun(when(n, k)), what=what) for k, what in chronicle(w, n)]
    lines = [line for said in turns for line in theme.wrap(said, f, width)]
    told = " ".join(w.theatre.spec.words(t.language).history.split())
    history = theme.wrap(t("campaign_end_history", history=told), f, width) if told else []
    # the war as fought first; its latest turns kept when it is longer than the page, and the history
    # under it as far as the page goes
    fits = max(0, (room - y) // f.get_linesize())
    for line in lines[-fits:] if fits else []:
        surf.blit(f.render(line, True, theme.TEXT), (x, y))
        y += f.get_linesize()
    y += 8
    for line in history:
        if y > room - f.get_linesize():
            break
        surf.blit(f.render(line, True, theme.TEXT_DIM), (x, y))
        y += f.get_linesize()
    v.page_buttons = []
    rect = pygame.Rect(0, 0, min(width, theme.px(420)), theme.px(BUTTON_H) + 4)
    rect.midbottom = (box.centerx, box.bottom - theme.px(30))
    leave = Choice("end", t("campaign_end_back"))
    hover = rect.collidepoint(v.mouse)
    pygame.draw.rect(surf, (95, 100, 110) if hover else (70, 74, 82), rect, border_radius=5)
    label = theme.font(19).render(leave.label, True, theme.TEXT)
    surf.blit(label, label.get_rect(center=rect.center))
    v.page_buttons.append((rect, leave))
    hint = theme.font(15).render(t("campaign_end_hint"), True, theme.TEXT_DIM)
    surf.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 8)))
