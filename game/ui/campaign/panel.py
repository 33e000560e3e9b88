"""What the campaign's screen draws around its map: the top bar (the campaign, its turn and date and
phase; each side with who plays it, its gold and its brigades), the panel of what is asked and its
choices, the army or place in hand, and the hover boxes of the map."""

from __future__ import annotations

import pygame

from game.model.words import counted
from game.ui import theme
from game.ui.campaign.view import CampaignView
from game.ui.campaign.words import when
from game.ui.drawing.map_cards import figure
from game.ui.widgets.choice_list import BUTTON_H, BUTTON_STEP, Choice, Labels, button_label, draw_button
from game.ui.widgets.log_panel import tooltip
from systems.campaign.forces import Army

LABELS = Labels((19, 17, 15), 10)
SWATCH = 14
SIDES_GAP = 24  # pixels between the title and the sides, and between the sides


def draw_top_bar(v: CampaignView, surf: pygame.Surface) -> None:
    width = surf.get_width()
    pygame.draw.rect(surf, theme.PANEL, (0, 0, width, theme.TOP_BAR))
    sides = pygame.Surface((width, theme.TOP_BAR), pygame.SRCALPHA)  # measured before the title's room
    sides_w = _sides(v, sides)
    big = theme.font(22)
    title = surf.blit(big.render(_title(v, big, width - 10 - SIDES_GAP - sides_w), True, theme.TEXT), (10, 6))
    surf.blit(sides, (title.right + SIDES_GAP, 0))
    v.top_figures = [(r.move(title.right + SIDES_GAP, 0), side) for r, side in v.top_figures]
    line = v.t(v.top_hint)
    hint = theme.font(15).render(theme.cut(line, theme.font(15), width - 20), True, theme.TEXT_DIM)
    surf.blit(hint, (10, theme.TOP_BAR - hint.get_height() - 3))


def _title(v: CampaignView, font: pygame.font.Font, room: int) -> str:
    """The campaign, its turn, date and phase in `room` pixels: its name cut first, the rest said whole."""
    w, t = v.war, v.t
    g = w.game
    phase = t(f"camp_phase_{g.phase}") if g is not None and t.has(f"camp_phase_{g.phase}") else ""
    limit = g.max_rounds if g is not None else 0
    said = {"turn": max(1, w.turn), "limit": limit, "date": when(v.n, w.turn), "phase": phase}
    name = w.theatre.spec.words(t.language).name or w.theatre.spec.name
    name = theme.cut(name, font, room - font.size(t("campaign_top", name="", **said))[0])
    return theme.cut(t("campaign_top", name=name, **said), font, room)


def _sides(v: CampaignView, surf: pygame.Surface) -> int:
    """Each side from the left of `surf`: its colour, who plays it (the one deciding lit), its gold and
    brigades (in its armies and garrisons, as the figures count them; the hover box says where). Returns
    their width."""
    w = v.war
    acting = w.pending.side if w.pending is not None else None
    f = theme.font(18)
    x, y = 0, theme.TOP_BAR // 2
    v.top_figures = []
    for side in w.sides:
        colour = theme.ACCENT if side == acting else theme.TEXT
        pygame.draw.rect(surf, v.colours[side], (x, y - SWATCH // 2, SWATCH, SWATCH), border_radius=3)
        x += SWATCH + 6
        label = f.render(v.t("campaign_seat", side=v.names[side], player=v.player_of(side)), True, colour)
        x = surf.blit(label, label.get_rect(midleft=(x, y))).right + 10
        x = figure(surf, "gold", w.purses[side].gold, (x, y - 7), f, colour) + 10
        left = x
        x = figure(surf, "army", sum(w.brigades_of(side)), (x, y - 7), f, colour)
        v.top_figures.append((pygame.Rect(left, y - 10, x - left, 20), side))
        x += SIDES_GAP
    return x - SIDES_GAP


def draw_panel(v: CampaignView, surf: pygame.Surface) -> None:
    """What is asked and its choices; then the army or place in hand, above the log."""
    pygame.draw.rect(surf, theme.PANEL, v.panel)
    pygame.draw.rect(surf, theme.PANEL_EDGE, v.panel, 1)
    w, t = v.war, v.t
    x, y, width = v.panel.x + 10, v.panel.y + 8, v.panel.w - 20
    v.buttons = []
    d = w.pending
    if d is None:
        y = theme.text_lines(surf, t("campaign_over_panel"), (x, y), width, theme.ACCENT)
    elif v.resolving():
        f = w.fought[-1]
        rnd = w.battle.game.round if w.battle is not None and w.battle.game is not None else 0
        said = t("campaign_resolving", place=v.n.place(f.setup.location), round=rnd)
        y = theme.text_lines(surf, said, (x, y), width, theme.ACCENT)
    elif w.battle is not None:
        said = t("campaign_on_table", place=v.n.place(w.fought[-1].setup.location))
        y = theme.text_lines(surf, said, (x, y), width, theme.ACCENT)
    elif v.human_turn() is None:
        y = theme.text_lines(surf, v.waiting(d), (x, y), width, theme.ACCENT)
    else:
        y = theme.text_lines(surf, v.prompt(d), (x, y), width, theme.ACCENT)
        y = theme.text_lines(surf, v.guide(d), (x, y + 2), width, theme.TEXT_DIM, 16) + 6
        hand = min(_in_hand_height(v, width), theme.px(BUTTON_STEP) * 3)  # what it needs, at most 3 rows
        y = _choices(v, surf, v.choices(d), pygame.Rect(x, y, width, v.log.rect.y - hand - y))
    _in_hand(v, surf, x, y + 8, width)


def _choices(v: CampaignView, surf: pygame.Surface, choices: list[Choice], area: pygame.Rect) -> int:
    """The decision's buttons in `area` (the room the army or place in hand leaves them), scrolled
    when they do not all fit (`ChoiceList`); returns the y under them."""
    keys = [ch.key for ch in choices]
    if keys != v.choice_keys:  # another list: shown from its first
        v.choice_keys, v.choice_list.first = keys, 0
    drawn, y = v.choice_list.draw(surf, choices, area, v.mouse, LABELS, v.t)
    v.buttons += drawn
    return y


def _hand_lines(v: CampaignView) -> tuple[Army | None, list[str]]:
    """The army in hand and its lines, else the place picked's lines."""
    a = v.war.find_army(v.army) if v.army else None
    return a, v.army_words(a) if a is not None else v.place_words(v.picked) if v.picked else []


def _in_hand_height(v: CampaignView, width: int) -> int:
    """The room the army or place in hand takes under the choices: none when there is none."""
    a, lines = _hand_lines(v)
    if not lines:
        return 0
    f = theme.font(17)
    drawn = sum(len(theme.wrap(line, f, width)) for line in lines) * f.get_linesize()
    return 8 + drawn + (theme.px(BUTTON_STEP) + 4 if a is not None else 0)


def _cut(ch: Choice, rect: pygame.Rect) -> bool:
    """Whether a button's label was cut short (its hover box then says it whole)."""
    return button_label(ch.label, rect.w - 2 * LABELS.margin, LABELS.sizes)[1] != ch.label


def _in_hand(v: CampaignView, surf: pygame.Surface, x: int, y: int, width: int) -> None:
    """The army in hand (with a button to its page), or the place picked, in a few lines."""
    a, lines = _hand_lines(v)
    room = v.log.rect.y - (theme.px(BUTTON_STEP) if a is not None else 0) - 8  # the army's page button under
    f = theme.font(17)
    for i, line in enumerate(lines):
        if y + len(theme.wrap(line, f, width)) * f.get_linesize() > room:
            break  # only whole lines, down to the log (a place's text among them)
        y = theme.text_lines(surf, line, (x, y), width, theme.TEXT if i == 0 else theme.TEXT_DIM, 17)
    if a is not None:
        page = Choice("page", v.t("campaign_army_page"), hint=v.t("campaign_army_page_hint"))
        rect = pygame.Rect(x, min(y + 4, room), width, theme.px(BUTTON_H))
        draw_button(surf, page, rect, v.mouse, LABELS)
        v.buttons.append((rect, page))


def draw_hover(
    v: CampaignView,
    surf: pygame.Surface,
    where: dict[str, tuple[tuple[str, ...], int]],
    covered: bool = False,
) -> None:
    """The box of the button, rule ID, army or place under the mouse; no army's or place's while the
    map is `covered` (by the battle's page or the end), nor under a page."""
    t, n = v.t, v.n
    button = next((b for r, b in v.buttons if r.collidepoint(v.mouse) and (b.hint or _cut(b, r))), None)
    if button is not None:
        tooltip(surf, v.mouse, button.label, button.hint)
        return
    side = next((x for r, x in v.top_figures if r.collidepoint(v.mouse)), None)
    if side is not None:
        fielded, garrisoned = v.war.brigades_of(side)
        head = counted(t, "campaign_top_brigades", fielded + garrisoned, side=v.names[side])
        tooltip(surf, v.mouse, head, t("campaign_top_brigades_where", armies=fielded, garrisons=garrisoned))
        return
    rid = v.log.rule_at(v.mouse)
    if rid is not None:
        ref = v.reference.get(rid)
        tooltip(surf, v.mouse, f"{rid}: {ref.title}" if ref else rid, ref.text if ref else "")
        return
    if covered or v.page is not None or v.menu is not None or not v.area.collidepoint(v.mouse):
        return
    a = v.map.army_at(v.mouse)
    if a is not None:
        lines = v.army_words(a)
        tooltip(surf, v.mouse, lines[0], "\n".join(lines[1:]), within=v.area)
        return
    loc = v.map.place_at(v.mouse)
    if loc is None:
        return
    lines = v.place_words(loc)
    if loc in where:
        path, spent = where[loc]
        lines.append(t("campaign_path", path=" > ".join(n.place(x) for x in path), movement=spent))
        lines += v.march_words(path)
    tooltip(surf, v.mouse, lines[0], "\n".join(lines[1:]), within=v.area, avoid=[v.map.marker(loc)])
