"""The battle in figures, drawn: units lost round by round as bars, the score round by round as lines,
each side's luck against the exact odds (with a gauge of its rank among battles rolling the same rolls),
and each division's fate. The end screen, the replay viewer and the start screen's saves show it (a
save's figures: `save_figures`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from game.content.locale import ModeWords, Texts
from game.content.mods import Mod
from game.content.scenario import Scenario
from game.model.figures import LUCK_KINDS, Fate
from game.model.words import counted, number
from game.running.log_texts import texts_for
from game.running.match import load
from game.running.names import named
from game.running.result_words import fate_why, side_names
from game.running.stats import Figures, figures
from game.ui import theme
from game.ui.palette import legible, shown_colours

Colours = Mapping[str, tuple[int, int, int]]


def save_figures(
    path: Path, mods: tuple[Mod, ...], language: str, colour_blind: bool
) -> tuple[Figures, dict[str, str], dict[str, tuple[int, int, int]], Texts]:
    """A saved battle's figures, its sides' names and colours as the screens show them, and the words
    with its battle's names; a save that does not load raises its one line (UserError)."""
    m = load(path, mods)
    try:
        spec = m.scenario.spec
        people = spec.sides if isinstance(m.scenario, Scenario) else spec.players  # or a map's players
        own = {s.id: (s.colour[0], s.colour[1], s.colour[2]) for s in people}
        # its divisions by their names, a mode's own words for its figures (Open Wars' tokens)
        t = ModeWords(named(texts_for(language, [x.id for x in m.battle.stack.modules]), m),
                      m.battle.stack.mode.base.prefix)  # fmt: skip
        return figures(m), dict(side_names(m, t.language)), shown_colours(own, colour_blind), t
    finally:
        m.battle.close()


def _ticks(top: int) -> list[int]:
    """At most six round values from 0 up to at least `top`."""
    step = max(1, math.ceil(top / 5))
    return list(range(0, max(top, 1) + step, step))


def _axes(
    surf: pygame.Surface, area: pygame.Rect, rounds: int, top: int, x_label: str, y_label: str
) -> tuple[pygame.Rect, Callable[[float], float], Callable[[float], float]]:
    """Axes with ticks and labels in `area`; returns the plot's rectangle and the maps from a round
    (its centre at r - 0.5) and a value to the screen."""
    small = theme.font(15)
    y_title = small.render(y_label, True, theme.TEXT_DIM)
    ticks = _ticks(top)
    label_w = max(small.size(str(v))[0] for v in ticks)
    plot = pygame.Rect(area.x + label_w + 8, area.y + y_title.get_height() + 4, 0, 0)
    plot.w = area.right - plot.x - 4
    plot.h = area.bottom - plot.y - 2 * small.get_height() - 4
    surf.blit(y_title, (area.x, area.y))

    def sx(r: float) -> float:
        return plot.x + plot.w * r / max(1, rounds)

    def sy(v: float) -> float:
        return plot.bottom - plot.h * v / ticks[-1]

    for v in ticks:
        y = sy(v)
        pygame.draw.line(surf, theme.PANEL_EDGE if v else theme.TEXT_DIM, (plot.x, y), (plot.right, y))
        label = small.render(str(v), True, theme.TEXT_DIM)
        surf.blit(label, label.get_rect(midright=(plot.x - 4, y)))
    pygame.draw.line(surf, theme.TEXT_DIM, plot.topleft, plot.bottomleft)
    every = max(1, math.ceil(rounds / 12))  # no more than a dozen round labels
    for r in range(1, rounds + 1, every):
        label = small.render(str(r), True, theme.TEXT_DIM)
        surf.blit(label, label.get_rect(midtop=(sx(r - 0.5), plot.bottom + 2)))
    x_title = small.render(x_label, True, theme.TEXT_DIM)
    surf.blit(x_title, x_title.get_rect(midbottom=(plot.centerx, area.bottom)))
    return plot, sx, sy


def _legend(surf: pygame.Surface, right: int, y: int, sides: list[tuple[str, tuple[int, int, int]]]) -> None:
    small = theme.font(16)
    for name, colour in reversed(sides):
        label = small.render(name, True, theme.TEXT)
        right -= label.get_width()
        surf.blit(label, (right, y))
        right -= 16
        pygame.draw.rect(surf, colour, (right, y + label.get_height() // 2 - 5, 10, 10))
        right -= 14


def _losses(surf: pygame.Surface, area: pygame.Rect, f: Figures, t: Texts, colours: Colours) -> None:
    most = max([1, *(n for s in f.sides.values() for n in s.losses.values())])
    plot, sx, sy = _axes(surf, area, f.rounds, most, t("stats_round"), t("stats_units"))
    width = (sx(1) - sx(0)) * 0.8 / max(1, len(f.sides))
    for i, (side, st) in enumerate(f.sides.items()):
        for r, n in st.losses.items():
            if n and 1 <= r <= f.rounds:
                x = sx(r - 1) + (sx(1) - sx(0)) * 0.1 + i * width
                pygame.draw.rect(
                    surf, colours[side], pygame.Rect(x, sy(n), max(2, width - 2), plot.bottom - sy(n))
                )


def _score(surf: pygame.Surface, area: pygame.Rect, f: Figures, t: Texts, colours: Colours) -> None:
    top = max([1, *(p for s in f.sides.values() for p in s.score)])
    _plot, sx, sy = _axes(surf, area, f.rounds, top, t("stats_round"), t("stats_points"))
    for side, st in f.sides.items():
        points = [(sx(r - 0.5), sy(p)) for r, p in enumerate(st.score, start=1)]
        if len(points) > 1:
            pygame.draw.lines(surf, colours[side], False, points, 3)
        for p in points:
            pygame.draw.circle(surf, colours[side], p, 4)


def _gauge(surf: pygame.Surface, rect: pygame.Rect, percent: float, colour: tuple[int, int, int]) -> None:
    """A bar from 0 to 100 with the middle (as lucky as expected) marked and the side's rank on it."""
    pygame.draw.rect(surf, theme.PANEL_EDGE, rect, border_radius=3)
    pygame.draw.line(surf, theme.TEXT_DIM, (rect.centerx, rect.y - 3), (rect.centerx, rect.bottom + 2))
    x = rect.x + rect.w * percent / 100
    pygame.draw.rect(surf, colour, pygame.Rect(min(x, rect.centerx), rect.y, abs(x - rect.centerx), rect.h))
    pygame.draw.circle(surf, colour, (x, rect.centery), rect.h)


def fates_title(f: Figures, t: Texts) -> str:
    """The heading over the fates: the divisions', the sides' own (a game without divisions), or none."""
    if not f.fates:
        return ""
    return t("stats_fates") if any(x.division for x in f.fates) else t("stats_fates_sides")


def fate_words(fate: Fate, t: Texts, names: Mapping[str, str], over: bool = True) -> str:
    """A division's fate, or a side's own in a game without divisions (Open Wars' players), who
    still plays while the game goes on."""
    side = names.get(fate.side, fate.side)
    if not fate.division:
        if fate.removed_in is None:
            return t("fate_side_stood" if over else "fate_side_plays", side=side)
        key = "fate_side_conceded" if fate.why == "conceded" else "fate_side_out"  # Open Wars' OW-DEC-30
        return t(key, side=side, round=fate.removed_in)
    division = t.names.division(fate.division)
    if fate.removed_in is None:  # a save's battle goes on: its divisions still stand
        return t("fate_stood" if over else "fate_stands", division=division, side=side)
    return t("fate_removed", division=division, side=side, round=fate.removed_in, why=fate_why(t, fate.why))


def luck_lines(f: Figures, t: Texts, names: Mapping[str, str]) -> dict[str, tuple[str, list[str]]]:
    """Each side's luck in words: its rank, then expected against got for each kind of roll."""
    out = {}
    for side, st in f.sides.items():
        name = names.get(side, side)
        rank = (
            t("luck_rank", side=name, percent=round(st.percentile))
            if st.percentile is not None
            else t("luck_none", side=name)
        )
        lines = [
            t(
                f"luck_{k}",
                rolls=st.luck[k].rolls,
                expected=number(st.luck[k].expected, t),
                got=st.luck[k].got,
            )
            for k in LUCK_KINDS
            if k in st.luck
        ]
        dice = t(
            "stats_luck",
            side=name,
            dice=counted(t, "stats_dice", st.rolls),  # "1 die", "2 dice": the count agrees
            mean=number(st.mean_die, t, 2),
            sixes=counted(t, "cli_stats_sixes", st.sixes),  # "1 six", "2 sixes": the count agrees
            ones=counted(t, "cli_stats_ones", st.ones),
        )
        out[side] = (rank, [*lines, dice])
    return out


LUCK_SIZES = ((19, 17), (17, 15), (16, 14))  # the luck's fonts, largest first: three or four sides fit


def draw_luck(
    surf: pygame.Surface, area: pygame.Rect, f: Figures, t: Texts, names: Mapping[str, str], colours: Colours
) -> int:
    """Each side's luck, its rank beside a gauge, then its rolls: in the largest sizes whose lines all
    fit in `area` (four players' need smaller ones than a battle's two sides). Returns how many lines
    did not fit even so (0: all drawn)."""
    said = luck_lines(f, t, names)
    gauge_w = min(160, area.w // 4)
    for size, small_size in LUCK_SIZES:
        font, small = theme.font(size), theme.font(small_size)
        laid: list[tuple[str, str, pygame.font.Font, int]] = []  # (side, a line, its font, its indent)
        for side, (rank, lines) in said.items():
            width = area.w - (gauge_w + 12 if f.sides[side].percentile is not None else 0)
            laid += [(side, part, font, 0) for part in theme.wrap(rank, font, width)]
            laid += [(side, p, small, 16) for line in lines for p in theme.wrap(line, small, area.w - 16)]
        height = sum(fn.get_height() + (2 if fn is font else 1) for _s, _l, fn, _i in laid) + 6 * len(said)
        if height <= area.h:
            break
    y, last = area.y, None
    for drawn, (side, line, fn, indent) in enumerate(laid):
        if side != last:  # a side's first line: its gauge beside it
            y += 6 if last is not None else 0
            last = side
            percentile = f.sides[side].percentile
            if percentile is not None:
                g = pygame.Rect(area.right - gauge_w, y + fn.get_height() // 2 - 4, gauge_w, 8)
                _gauge(surf, g, percentile, colours[side])
        if y + fn.get_height() > area.bottom:
            return len(laid) - drawn
        colour = legible(colours[side], theme.PANEL) if fn is font else theme.TEXT_DIM
        surf.blit(fn.render(line, True, colour), (area.x + indent, y))
        y += fn.get_height() + (2 if fn is font else 1)
    return 0


def draw_figures(
    surf: pygame.Surface,
    f: Figures,
    t: Texts,
    names: Mapping[str, str],
    colours: Colours,
    hint: str,
) -> pygame.Rect:
    """The whole view in a box filling most of the window; returns the box."""
    px = theme.px  # its lengths grow with the interface, as its words do (a page at 1920x1080: 1.5)
    sw, sh = surf.get_size()
    box = pygame.Rect(0, 0, min(sw - px(40), px(1400)), min(sh - px(30), px(820)))
    box.center = surf.get_rect().center
    pygame.draw.rect(surf, theme.PANEL, box, border_radius=px(10))
    pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=px(10))
    colours = {s: colours.get(s, theme.SIDE_FALLBACK[i % 2]) for i, s in enumerate(f.sides)}
    head = theme.font(34).render(t("stats_title"), True, theme.ACCENT)
    surf.blit(head, head.get_rect(midtop=(box.centerx, box.y + px(10))))
    pad = px(24)
    font = theme.font(19)
    half = (box.w - 3 * pad) // 2
    top = box.y + px(18) + head.get_height()
    chart_h = int(box.h * (0.40 if len(f.sides) <= 2 else 0.34))  # room for three or four sides' luck
    legend = [(names.get(s, s), colours[s]) for s in f.sides]
    legend_w = sum(theme.font(16).size(name)[0] + 30 for name, _c in legend)
    for i, (title, draw) in enumerate(((t("stats_losses"), _losses), (t("stats_score"), _score))):
        x = box.x + pad + i * (half + pad)
        surf.blit(font.render(title, True, theme.TEXT), (x, top))
        # beside the title, or (three or four long names) on a line of its own under it
        below = font.size(title)[0] + 12 + legend_w > half
        shift = theme.font(16).get_linesize() if below else 0
        _legend(surf, x + half, top + 2 + (font.get_height() if below else 0), legend)
        draw(surf, pygame.Rect(x, top + font.get_height() + 4 + shift, half, chart_h - shift), f, t, colours)
    y = top + font.get_height() + chart_h + px(14)
    surf.blit(font.render(t("stats_luck_title"), True, theme.TEXT), (box.x + pad, y))
    surf.blit(font.render(fates_title(f, t), True, theme.TEXT), (box.x + 2 * pad + half, y))
    y += font.get_height() + px(6)
    bottom = box.bottom - px(40)
    draw_luck(surf, pygame.Rect(box.x + pad, y, half, bottom - y), f, t, names, colours)
    draw_fates(surf, pygame.Rect(box.x + 2 * pad + half, y, half, bottom - y), f, t, names, colours)
    hint_s = theme.font(18).render(hint, True, theme.TEXT_DIM)
    surf.blit(hint_s, hint_s.get_rect(midbottom=(box.centerx, box.bottom - px(10))))
    return box


def draw_fates(
    surf: pygame.Surface, area: pygame.Rect, f: Figures, t: Texts, names: Mapping[str, str], colours: Colours
) -> None:
    """Each division's fate (or player's), every word of it: a fate too long for the column goes on in
    an indented row under it (it was cut at the column's edge, "left the field in round 4,")."""
    small = theme.font(17)
    indent = theme.px(16)
    y = area.y
    for fate in f.fates:
        colour = legible(colours[fate.side], theme.PANEL) if fate.removed_in is not None else theme.TEXT_DIM
        first, *rest = theme.wrap(fate_words(fate, t, names, f.over), small, area.w)
        rows = [first, *(theme.wrap(" ".join(rest), small, area.w - indent) if rest else [])]
        for i, row in enumerate(rows):
            if y + small.get_height() > area.bottom:
                return
            surf.blit(small.render(row, True, colour), (area.x + (indent if i else 0), y))
            y += small.get_height() + (3 if i == len(rows) - 1 else 0)
