"""The battle screen's right panel: what is asked, one button per answer (always in the same place,
so they do not move under the mouse), the details of what the mouse points at, the overlay toggles."""

from __future__ import annotations

import pygame

from game.running.settings import SPEEDS
from game.ui import theme
from game.ui.battle.human import Button
from game.ui.battle.overlays import Overlays
from game.ui.battle.view import BUTTON_STEP, MOST_BUTTONS, OVERLAY_ROWS, PANEL_HEAD, BattleView


def draw_panel(v: BattleView, surf: pygame.Surface) -> None:
    """The decision in hand: what is asked, the buttons (always in the same place, so they do
    not move under the mouse), then what the mouse is pointing at: the ghost's verdict, odds."""
    pygame.draw.rect(surf, theme.PANEL, v.panel)
    x, y = v.panel.x + 10, v.panel.y + 8
    v.buttons = []
    head: list[tuple[str, theme.Colour]] = []
    detail: list[tuple[str, theme.Colour]] = []
    if v.human_turn():
        h = v.human
        head += [(t, theme.TEXT) for t in h.info]
        if h.selected and v.battle.pending and v.battle.pending.kind == "order":
            head.append((v.t("panel_selected", unit=v.t.names(h.selected)), theme.ACCENT))
        if h.ghost is not None:
            detail += [(t, theme.GOOD if h.ghost.ok else theme.BAD) for t in h.ghost.lines]
        detail += [(t, theme.ACCENT) for t in h.odds_lines()]
    elif v.battle.pending is not None:
        d = v.battle.pending
        key = {"human": "watching", "replay": "replaying"}.get(v.controllers.get(d.side, ""), "thinking")
        said = v.t(key, side=v.names.get(d.side, d.side))
        if v.remote is not None and (d.side == v.remote.side or not v.remote.may_act):  # the friend afar
            said = v.remote.waiting(v.t, d.side)
        head.append((said, theme.TEXT_DIM))
    answers = v.human.buttons() if v.human_turn() else []
    undoable = bool(v.match.commands) and "human" in v.controllers.values() and v.takes_back
    replay = set(v.controllers.values()) == {"replay"}  # the replay viewer: nothing to undo, Space pauses
    fixed = [] if replay else [Button("undo", v.t("undo"), undoable)]
    fixed += [
        Button("speed", v.t("speed", speed=f"{SPEEDS[v.speed_index]:g}")),
        Button("skip", v.t("skip_replay" if replay else "skip"), v.display.busy),
    ]
    step = theme.px(BUTTON_STEP)
    # the decision's answers from the top; Undo, speed and skip in the last rows, where the answers
    # coming and going never move them (a second click on "Deploy here" while the computer answered
    # fell on Undo, which had moved up into its place)
    slots = MOST_BUTTONS - len(fixed)
    columns = 1 if len(answers) <= slots else 2  # many formations or reactions: two columns
    rows = -(-len(answers) // columns)
    asked, head_font, taken = head_rows(v, head, max(0, slots - rows))
    for part, ink in asked:
        surf.blit(head_font.render(part, True, ink), (x, y))
        y += head_font.get_linesize()
    # the buttons start at the same place whatever is asked, unless it takes rows they leave empty
    y = v.panel.y + theme.px(PANEL_HEAD) + taken * step
    width = (v.panel.w - 20 - 4 * (columns - 1)) // columns
    rects = [
        pygame.Rect(x + column * (width + 4), y + row * step, width, step - theme.px(4))
        for row, column in (divmod(i, columns) for i in range(len(answers)))
    ]
    first_fixed = max(slots, taken + rows)  # below the answers if ever they reach so far
    top = v.panel.y + theme.px(PANEL_HEAD)
    rects += [
        pygame.Rect(x, top + (first_fixed + k) * step, v.panel.w - 20, step - theme.px(4))
        for k in range(len(fixed))
    ]
    buttons = answers + fixed
    colours = [theme.TEXT if b.enabled else theme.TEXT_DIM for b in buttons]
    pictures = [
        theme.icon(b.key, r.h - theme.px(8), c) for b, r, c in zip(buttons, rects, colours, strict=True)
    ]
    lefts = [r.x + 8 + (p.get_width() + 6 if p else 0) for r, p in zip(rects, pictures, strict=True)]
    # one size for all the buttons' words, so neighbours never differ
    size = theme.one_size(
        (b.label, r.right - left - 4) for b, r, left in zip(buttons, rects, lefts, strict=True)
    )
    for button, rect, colour, picture, left in zip(buttons, rects, colours, pictures, lefts, strict=True):
        hover = rect.collidepoint(v.mouse)
        fill = (70, 74, 82) if button.enabled else (45, 47, 52)
        if hover and button.enabled:
            fill = (95, 100, 110)
        pygame.draw.rect(surf, fill, rect, border_radius=4)
        if picture is not None:
            surf.blit(picture, picture.get_rect(midleft=(rect.x + 6, rect.centery)))
        label = theme.fitted(button.label, colour, rect.right - left - 4, size)
        surf.blit(label, label.get_rect(midleft=(left, rect.centery)))
        v.buttons.append((rect, button))
    y = top + (first_fixed + len(fixed)) * step + 4
    details, detail_font = detail_rows(v, detail, v.log.rect.top - theme.px(OVERLAY_ROWS) - y)
    for line, ink in details:
        surf.blit(detail_font.render(line, True, ink), (x, y))
        y += detail_font.get_linesize()
    _overlay_buttons(v, surf)


HEAD_SIZES = (20, 18, 16)  # what is asked: the largest of these in which it is shown whole
HEAD_GAP = 4  # pixels at UI scale 1 between what is asked and the first button, however long it is


def head_rows(
    v: BattleView, lines: list[tuple[str, theme.Colour]], spare: int
) -> tuple[list[tuple[str, theme.Colour]], pygame.font.Font, int]:
    """What is asked, whole (a reaction's question names every unit that may react, the selected unit
    its long name): its rows in the largest of HEAD_SIZES that fits the head's room, taking as many of
    the `spare` button rows the decision leaves empty as it needs. Returns the rows, their font and
    the button rows taken; in the smallest size, whatever does not fit is cut with an ellipsis."""
    room, step = theme.px(PANEL_HEAD) - 8 - theme.px(HEAD_GAP), theme.px(BUTTON_STEP)
    rows: list[tuple[str, theme.Colour]] = []
    for size in HEAD_SIZES:
        font = theme.font(size)
        rows = [(part, colour) for text, colour in lines for part in theme.wrap(text, font, v.panel.w - 20)]
        taken = max(0, -(-(len(rows) * font.get_linesize() - room) // step))
        if taken <= spare:
            return rows, font, taken
    fit = (room + spare * step) // font.get_linesize()
    cut = [*rows[: fit - 1], (theme.cut(rows[fit - 1][0] + " …", font, v.panel.w - 20), rows[fit - 1][1])]
    return cut, font, spare


def detail_rows(
    v: BattleView, lines: list[tuple[str, theme.Colour]], room: int
) -> tuple[list[tuple[str, theme.Colour]], pygame.font.Font]:
    """What the mouse points at (the ghost's verdict, odds), in the largest of HEAD_SIZES whose rows fit
    `room` pixels over the overlay toggles (at 1280x720 a fifth line ran over them); in the smallest,
    the last row that fits ends with an ellipsis."""
    rows: list[tuple[str, theme.Colour]] = []
    for size in HEAD_SIZES:
        font = theme.font(size)
        rows = [(part, colour) for text, colour in lines for part in theme.wrap(text, font, v.panel.w - 20)]
        if len(rows) * font.get_linesize() <= room:
            return rows, font
    fit = max(1, room // font.get_linesize())
    cut = [*rows[: fit - 1], (theme.cut(rows[fit - 1][0] + " …", font, v.panel.w - 20), rows[fit - 1][1])]
    return cut, font


def _overlay_buttons(v: BattleView, surf: pygame.Surface) -> None:
    x = v.panel.x + 8
    y = v.log.rect.top - theme.px(OVERLAY_ROWS)
    for key, name in Overlays.KEYS.items():
        on = name in v.overlays.on
        words = v.t(f"overlay_{name}")
        label = theme.font(17).render(
            f"[{key.upper()}] {words}", True, theme.ACCENT if on else theme.TEXT_DIM
        )
        if x + label.get_width() + 8 > v.panel.right - 6:
            x, y = v.panel.x + 8, y + theme.px(25)
        rect = pygame.Rect(x, y, label.get_width() + 8, theme.px(22))
        pygame.draw.rect(surf, (55, 58, 64) if on else (38, 40, 45), rect, border_radius=3)
        surf.blit(label, label.get_rect(midleft=(rect.x + 4, rect.centery)))
        v.buttons.append((rect, Button(f"overlay:{name}", words)))
        x += rect.w + 4
