"""The page of a campaign's battle before it is fought, over the map: its place and ground, each
side's armies with their divisions, the armies marching to it with their round and table edge, the
odds and the losses each side may expect (CAMP-DEC-7, -8, -24), the table in small, and the choice:
stand or withdraw, fight it on the table or let the generals resolve it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from game.model import commands as cmd
from game.model.words import counted, number, percent
from game.ui import theme
from game.ui.campaign.sheets import page_box, page_buttons, side_colour
from game.ui.campaign.view import CampaignView
from game.ui.campaign.words import army_line, quality, when
from game.ui.widgets.choice_list import BUTTON_H, Choice
from systems.campaign.commands import Decline, Fight, Resolve
from systems.campaign.odds import Prospect
from systems.campaign.rules_module import RESOLVE, WITHDRAW
from systems.campaign.victory import first_victor

ARROW, BADGE_GAP = 30, 10  # pixels of a reinforcement's arrow beyond the table's edge, then to its label
Point = tuple[int, int]
# each edge of the table's picture: its ends, the way onto the table, the side of its label's box
EDGES: dict[str, Callable[[pygame.Rect], tuple[Point, Point, Point, str]]] = {
    "north": lambda r: (r.topleft, r.topright, (0, 1), "midbottom"),
    "south": lambda r: (r.bottomleft, r.bottomright, (0, -1), "midtop"),
    "west": lambda r: (r.topleft, r.bottomleft, (1, 0), "midright"),
    "east": lambda r: (r.topright, r.bottomright, (-1, 0), "midleft"),
}


def ground_words(v: CampaignView, p: Prospect) -> str:
    """The battle's date and ground: its historical battle's field by name, or the ground of the
    place's type."""
    s, t = p.setup, v.t
    date = theme.begun(when(v.n, s.turn))
    field = v.war.theatre.battlefields.get(s.location) if s.ground else None
    if field is not None:
        return t("campaign_battle_field", battle=field.spec.words(t.language).name, date=date)
    return t("campaign_battle_ground", ground=t(f"camp_ground_{v.war.places[s.location].type}"), date=date)


def division_lines(v: CampaignView, p: Prospect, army: str) -> list[str]:
    """An army's divisions as the battle fields them (CAMP-DEC-9; a garrison's brigades join them):
    each its brigades by quality, and the round it marches on in when it is not on the table from the
    start. A division is its first brigade's army's."""
    t, n, s = v.t, v.n, p.setup
    out = []
    for d in (
        d for x in s.scenario.sides for d in x.divisions if d.units and s.units.get(d.units[0].id) == army
    ):
        kinds = Counter(quality(n, u.quality) for u in d.units)
        said = counted(t, "campaign_battle_division", len(d.units),
                       division=n.words.divisions.get(d.id) or d.name or t("campaign_division_raised"),
                       qualities=", ".join(f"{k} {q}" for q, k in kinds.most_common()))  # fmt: skip
        out.append(t("campaign_battle_late", division=said, round=d.arrival) if d.arrival else said)
    return out


def battle_choices(v: CampaignView) -> list[Choice]:
    """What the person choosing may answer: stand or withdraw (the defender, CAMP-DEC-11), fight the
    battle on the table or let the generals resolve it (CAMP-DEC-10)."""
    d = v.human_turn()
    t, n = v.t, v.n
    if d is None:
        return []
    if d.kind == RESOLVE:
        return [
            Choice("fight", t("campaign_fight"), Fight(), t("campaign_fight_hint")),
            Choice("resolve", t("campaign_resolve"), Resolve(), t("campaign_resolve_hint")),
        ]
    if d.kind == WITHDRAW:
        hint = t("campaign_withdraw_hint", straggle=v.war.numbers.straggle)
        out = (
            []
            if d.stage == "forced"
            else [Choice("stand", t("campaign_stand"), cmd.Pass(), t("campaign_stand_hint"))]
        )
        return out + [
            Choice(f"withdraw:{loc}", t("campaign_withdraw", place=n.place(loc)), Decline(loc), hint)
            for loc in d.options
        ]
    return []


def draw_battle(v: CampaignView, surf: pygame.Surface, p: Prospect) -> None:
    s, t, n, w = p.setup, v.t, v.n, v.war
    box, x, y, width = page_box(
        v, surf, t("campaign_battle_title", number=s.number, place=n.place(s.location))
    )
    y = theme.text_lines(surf, ground_words(v, p), (x, y), width, theme.TEXT_DIM, 18) + 8
    col = (width - theme.px(20)) // 2
    bottom = y
    for i, side in enumerate((s.attacker, s.defender)):
        bottom = max(bottom, _side_column(v, surf, p, side, (x + i * (col + theme.px(20)), y, col)))
    y = _odds_bar(v, surf, p, pygame.Rect(x, bottom + 10, width, theme.px(22)))
    y = theme.text_lines(surf, t("campaign_odds_note"), (x, y + 4), width, theme.TEXT_DIM, 15)
    worth = w.theatre.spec.victory.first_victory
    if worth and first_victor(w) is None:  # CAMP-DEC-25: what this battle may be worth besides
        said = t("campaign_first_victory_stake", points=worth)
        y = theme.text_lines(surf, said, (x, y + 2), width, theme.ACCENT, 15)
    d = v.human_turn()
    if d is not None:
        key = "campaign_resolve_ask" if d.kind == RESOLVE else "campaign_withdraw_ask"
        y = theme.text_lines(surf, t(key, side=v.names[d.side]), (x, y + 8), width, theme.ACCENT, 19)
    choices = battle_choices(v)
    rows = -(-len(choices) // 3)
    room = pygame.Rect(x, y + 10, width, box.bottom - y - theme.px(40) - rows * theme.px(BUTTON_H + 14))
    if room.h > theme.px(80):
        table_picture(v, surf, p, room)
    page_buttons(v, surf, box, choices)


def _side_column(
    v: CampaignView, surf: pygame.Surface, p: Prospect, side: str, at: tuple[int, int, int]
) -> int:
    """A side of the battle in its column: its role; each army on the field with its divisions under
    it, the garrison, each army marching to it with its divisions; its odds. Returns the y under it."""
    s, t, n, w = p.setup, v.t, v.n, v.war
    cx, cy, col = at
    role = t("campaign_attacker" if side == s.attacker else "campaign_defender", side=v.names[side])
    cy = theme.text_lines(surf, role, (cx, cy), col, side_colour(v, side), 22) + 2
    arriving = {a.army for a in s.arrivals}
    for a in (w.find_army(x) for x in s.armies.get(side, ()) if x not in arriving):
        if a is not None:
            cy = theme.text_lines(surf, army_line(n, a), (cx, cy), col, theme.TEXT, 17)
            cy = _divisions(v, surf, p, a.id, (cx, cy, col))
    g = w.garrison_at(s.location)
    if g is not None and g.side == side:
        said = counted(t, "campaign_garrison_line", len(g.brigades), place=n.place(s.location))
        cy = theme.text_lines(surf, said, (cx, cy), col, theme.TEXT, 17)
    for x_ in (x for x in s.arrivals if x.side == side):
        edge = t(f"log_edge_{x_.edge}") if t.has(f"log_edge_{x_.edge}") else x_.edge
        said = t("campaign_arrival", army=n.army(x_.army), origin=n.place(x_.origin), round=x_.round,
                 edge=edge)  # fmt: skip
        cy = theme.text_lines(surf, said, (cx, cy + 2), col, theme.ACCENT, 16)
        cy = _divisions(v, surf, p, x_.army, (cx, cy, col))
    if not any(a.side == side for a in s.arrivals):
        cy = theme.text_lines(surf, t("campaign_no_arrivals"), (cx, cy + 2), col, theme.TEXT_DIM, 16)
    win = round(100 * p.odds.win[side])
    lose = p.odds.losses[side]
    said = t("campaign_odds_side", win=win, losses=number(lose, t))
    return theme.text_lines(surf, said, (cx, cy + 6), col, theme.TEXT, 18)


def _divisions(
    v: CampaignView, surf: pygame.Surface, p: Prospect, army: str, at: tuple[int, int, int]
) -> int:
    """An army's divisions under its line, set in."""
    x, y, width = at
    for line in division_lines(v, p, army):
        y = theme.text_lines(surf, line, (x + 10, y), width - 10, theme.TEXT_DIM, 15)
    return y


def table_picture(v: CampaignView, surf: pygame.Surface, p: Prospect, room: pygame.Rect) -> None:
    """The battle's table in small (CAMP-DEC-7, -8): its ground, objectives and each side's zone, the
    attacker's edge at the foot as the battle screen shows it, and an arrow at the edge where each army
    marching to it comes on, with its round; the arrows and their labels inside `room` too."""
    spec = p.setup.scenario
    font = theme.font(15)
    arrows = [
        (
            a.edge if a.edge in EDGES else "south",
            a,
            font.render(v.t("campaign_arrival_badge", round=a.round), True, theme.TEXT),
        )
        for a in p.setup.arrivals
    ]
    inner = _within_arrows(room, [(edge, label) for edge, _a, label in arrows])
    wide, deep = spec.table
    k = min(inner.w / wide, inner.h / deep)
    if k <= 0:
        return  # no room left for the table itself
    table = pygame.Rect(0, 0, int(wide * k), int(deep * k))
    table.midtop = inner.midtop

    def at(xy: tuple[float, float]) -> tuple[int, int]:  # y up, as on the table
        return (table.x + int(xy[0] * k), table.bottom - int(xy[1] * k))

    pygame.draw.rect(surf, theme.TABLE, table)
    clip = surf.get_clip()
    surf.set_clip(table)  # a road runs off the table's edge
    for f in spec.terrain:
        colour = theme.TERRAIN.get(f.kind, theme.TABLE_EDGE)
        if f.polygon and len(f.polygon) >= 3:
            pygame.draw.polygon(surf, colour, [at(q) for q in f.polygon])
        elif f.path and len(f.path) >= 2:
            pygame.draw.lines(surf, colour, False, [at(q) for q in f.path], max(2, int((f.width or 1) * k)))
    zone = pygame.Surface(table.size, pygame.SRCALPHA)
    for side in spec.sides:
        if side.deployment and len(side.deployment) >= 3:
            points = [(a - table.x, b - table.y) for a, b in (at(q) for q in side.deployment)]
            pygame.draw.polygon(zone, (*v.colours[side.id], 70), points)
    surf.blit(zone, table.topleft)
    surf.set_clip(clip)
    for o in spec.objectives:
        centre = at(o.at)
        pygame.draw.circle(surf, v.colours.get(o.held_by or "", (240, 240, 240)), centre, 5)
        pygame.draw.circle(surf, (20, 20, 20), centre, 5, 1)
    pygame.draw.rect(surf, theme.TABLE_EDGE, table, 2)
    on_edge = Counter(edge for edge, _a, _l in arrows)
    drawn: Counter[str] = Counter()
    labelled: list[tuple[pygame.Rect, int]] = []  # each label drawn and its round
    for edge, a, label in arrows:
        (ax, ay), (bx, by), (dx, dy), beside = EDGES[edge](table)
        drawn[edge] += 1
        share = drawn[edge] / (on_edge[edge] + 1)  # armies by the same edge spread along it
        x, y = round(ax + (bx - ax) * share), round(ay + (by - ay) * share)
        start = (x - dx * ARROW, y - dy * ARROW)  # from beyond the edge, onto the table
        pygame.draw.line(surf, v.colours[a.side], start, (x, y), 5)
        pygame.draw.circle(surf, v.colours[a.side], start, 6)
        rect = label.get_rect(**{beside: (start[0] - dx * BADGE_GAP, start[1] - dy * BADGE_GAP)})
        over = [(r, rnd) for r, rnd in labelled if r.colliderect(rect)]
        if any(rnd == a.round for _r, rnd in over):
            continue  # arrows close together coming on in the same round: their one label says it
        for r, _rnd in over:  # another round's label in the way: this one beside it, along the edge
            rect = rect.move((r.right + 4 - rect.x, 0) if dx == 0 else (0, r.bottom + 2 - rect.y))
        surf.blit(label, rect)
        labelled.append((rect, a.round))


def _within_arrows(room: pygame.Rect, labels: list[tuple[str, pygame.Surface]]) -> pygame.Rect:
    """The room left the table once each edge an army comes on by keeps its arrows' and labels' beyond."""
    reach = dict.fromkeys(EDGES, 0)
    for edge, label in labels:
        size = label.get_height() if edge in ("north", "south") else label.get_width()
        reach[edge] = max(reach[edge], ARROW + BADGE_GAP + size)
    return pygame.Rect(
        room.x + reach["west"],
        room.y + reach["north"],
        room.w - reach["west"] - reach["east"],
        room.h - reach["north"] - reach["south"],
    )


def _odds_bar(v: CampaignView, surf: pygame.Surface, p: Prospect, bar: pygame.Rect) -> int:
    """The attacker's, the draw's and the defender's chances in one bar, each part with its share."""
    s, t = p.setup, v.t
    parts = [(p.odds.win[s.attacker], v.colours[s.attacker], v.names[s.attacker]),
             (p.odds.draw, (120, 120, 120), t("campaign_draw")),
             (p.odds.win[s.defender], v.colours[s.defender], v.names[s.defender])]  # fmt: skip
    x = bar.x
    f = theme.font(15)
    for share, colour, name in parts:
        wide = round(bar.w * share)
        if wide <= 0:
            continue
        part = pygame.Rect(x, bar.y, wide, bar.h)
        pygame.draw.rect(surf, colour, part)
        label = share_label(f, name, percent(share, t), wide - 6)
        if label:
            ink = theme.TEXT if sum(colour) < 400 else (20, 20, 20)
            surf.blit(f.render(label, True, ink), f.render(label, True, ink).get_rect(center=part.center))
        x += wide
    pygame.draw.rect(surf, theme.PANEL_EDGE, bar, 1)
    return bar.bottom


def share_label(f: theme.Measure, name: str, share: str, room: int) -> str:
    """What a part of the odds' bar says in its room: its name and share ("Draw 8%"), its share alone
    where both do not fit (Spanish "Tablas 8 %" in a narrow part), nothing where not even that does."""
    return next((label for label in (f"{name} {share}", share) if f.size(label)[0] < room), "")
