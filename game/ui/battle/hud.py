"""What the battle screen shows over the table and around it: the top bar (round, phase, score, who
decides, the rule modules in play, the activation order), the last roll, an alert, a banner and the
tooltips (a piece's kept on the table and off the move's ghost)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.running.narrate import Narrator
from game.ui import theme
from game.ui.battle.overlays import ghost_corners, is_disc, screen_bounds
from game.ui.battle.roll_words import group_rows
from game.ui.battle.unit_words import unit_lines
from game.ui.battle.view import BattleView
from game.ui.drawing.display import DICE_TUMBLE
from game.ui.palette import ink_on
from game.ui.widgets.log_panel import tooltip


def draw_top_bar(v: BattleView, surf: pygame.Surface) -> None:
    b = v.battle
    g = b.game
    bar = pygame.Rect(0, 0, v.size[0], theme.TOP_BAR)
    pygame.draw.rect(surf, theme.PANEL, bar)
    pygame.draw.line(surf, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
    _status_row(v, surf)
    big, small = theme.font(24), theme.font(18)
    assert g is not None
    t = v.t
    acting = b.activation is not None and g.phase == "activations"
    active = "-"
    if b.activation is not None and acting:  # both sides may have a "2nd Division": whose is said
        f = b.activation.formation
        active = t("top_active", formation=t.names.formation(f.key), side=v.names.get(f.side, f.side))
    who = v.who_decides()
    phase = t(f"phase_{g.phase.replace(' ', '_')}")
    points = v.score()
    score = "   ".join(f"{v.names.get(s, s)} {p}" for s, p in points.items())
    text = big.render(t("score", score=score), True, theme.TEXT)
    right = v.size[0] - theme.RIGHT_PANEL - 10
    surf.blit(text, (right - text.get_width(), theme.px(6)))
    # the round, phase and active formation left of the score, smaller when they would run under it
    said = t("top_bar", round=g.round, phase=phase, active=active)
    room = right - text.get_width() - 14 - 10
    head = surf.blit(theme.fitted(said, theme.TEXT, room, HEAD_SIZES), (10, theme.px(6)))
    _modules_chip(v, surf, head.right + 14, right - text.get_width() - 14)
    # who decides' share of the row: up to WHO_SHARE, or what it needs whole in its smallest size (a
    # rule module's longest decision beside the longest order); the order is shortened in the rest
    share = max(int((right - 10) * WHO_SHARE), theme.font(WHO_SIZES[-1]).size(who)[0])
    strip = _order_strip(v, surf, 10 + min(small.size(who)[0], share) + GAP, right)
    surf.blit(theme.fitted(who, theme.ACCENT, strip - GAP - 10, WHO_SIZES), (10, theme.px(32)))


def _status_row(v: BattleView, surf: pygame.Surface) -> None:
    """The rule modules' state (command points ...) in the top bar's row of its own over the table,
    right-aligned under the score; the row is there only in a battle whose modules have a state."""
    if v.top_bar <= theme.TOP_BAR:
        return
    w = v.size[0] - theme.RIGHT_PANEL
    row = pygame.Rect(0, theme.TOP_BAR, w, v.top_bar - theme.TOP_BAR)
    pygame.draw.rect(surf, theme.PANEL, row.inflate(0, 2))  # over the line under the first two rows
    pygame.draw.line(surf, theme.PANEL_EDGE, row.bottomleft, row.bottomright)
    b = v.battle
    lines = [line for status in b.stack.statuses if (line := status(b)) is not None]
    if lines:
        said = "   ".join(_status(v, key, values) for key, values in lines)
        words = theme.fitted(said, theme.ACCENT, w - 20, STATUS_SIZES)
        surf.blit(words, words.get_rect(midright=(w - 10, row.centery - 1)))


def _modules_chip(v: BattleView, surf: pygame.Surface, left: int, right: int) -> None:
    """The rule modules in play, named in a chip on the top bar (its hover box describes each);
    nothing when the battle plays For Glory alone."""
    v.modules_chip = None
    words = v.modules_words()
    if not words or right - left < theme.px(60):
        return
    label = theme.fitted(
        v.t("modules_badge", names=", ".join(n for n, _d in words)),
        theme.BACKGROUND,
        right - left - 12,
        (18, 16),
    )
    chip = label.get_rect(midleft=(left + 6, theme.px(6) + theme.font(24).get_linesize() // 2)).inflate(12, 4)
    pygame.draw.rect(surf, theme.ACCENT, chip, border_radius=4)
    surf.blit(label, label.get_rect(center=chip.center))
    v.modules_chip = chip


def _status(v: BattleView, key: str, values: Mapping[str, object]) -> str:
    """A rule module's state in words, a number for each side said with the side's name."""
    said = {
        k: "  ".join(f"{v.names.get(str(s), str(s))} {n}" for s, n in x.items())
        if isinstance(x, Mapping)
        else x
        for k, x in values.items()
    }
    return v.t(key, **said)


# the dice box's places, best first: the table's corners, the bottom ones under the round's banner,
# then the middles of its edges
DICE_CORNERS = ("bottomleft", "bottomright", "topleft", "topright", "midbottom", "midleft", "midright")
DICE_WIDTHS = (1.0, 0.45, 0.32)  # the most the box's rows take of the table's width, widest first
BANNER_HEIGHTS = (0.0, 1.0, 0.5)  # where the banner may stand, top to bottom of the table, best first
BANNER_ACROSS = (0.5, 0.25, 0.75)  # and across it
WHO_SHARE = 0.4  # the most of the second row who decides takes when the activation order wants more,
# unless it needs more to be whole in its smallest size
HEAD_SIZES = (24, 22, 20, 18)  # the round, phase and active formation: the largest that keeps off the score
WHO_SIZES = (18, 16, 14)  # who decides: in the largest that holds it whole in its share
STATUS_SIZES = (18, 16, 14)  # the rule modules' state: the largest that holds it whole in its row
GAP, STRIP_SIZES = 14, (18, 16, 14)  # between the order's chips; their font sizes, largest first
PAD = 4  # a chip's edge around its words


def _order_strip(v: BattleView, surf: pygame.Surface, left: int, right: int) -> int:
    """The activation order of this round, the active formation marked, right-aligned between `left`
    and `right`: in the largest of STRIP_SIZES it fits, else in the smallest with the longest names
    shortened alike (each keeps its initiative), so the first to act is never pushed off the window.
    Returns where it begins (`right` when there is none)."""
    b = v.battle
    g = b.game
    assert g is not None
    v.order_chips = []
    if not g.initiative:
        return right
    active = b.activation.formation.key if b.activation else None
    items = sorted(g.initiative.items(), key=lambda kv: -kv[1])
    names = [v.t.names.formation(key) for key, _init in items]
    tails = [f" {init}" for _key, init in items]
    room = right - left - PAD  # the first chip's edge stays right of `left`, off who decides
    for size in STRIP_SIZES:
        font = theme.font(size)
        if sum(font.size(n + tail)[0] + GAP for n, tail in zip(names, tails, strict=True)) <= room:
            break
    else:  # the words the names share ("División de", "Division") go first; then the longest are cut
        names = distinct(names)
        if sum(font.size(n + tail)[0] + GAP for n, tail in zip(names, tails, strict=True)) > room:
            names = shortened(names, tails, font, room)
    x = right
    for (key, init), name in reversed(list(zip(items, names, strict=True))):
        side = next((f.side for f in b.formations if f.key == key), "")
        colour = v.renderer.colours.get(side, theme.PANEL_EDGE)
        label = font.render(f"{name} {init}", True, ink_on(colour))  # read on any side's colour
        x -= label.get_width() + GAP
        chip = pygame.Rect(x - PAD, theme.px(33), label.get_width() + 2 * PAD, theme.px(18))
        pygame.draw.rect(surf, colour, chip, border_radius=3)
        if key == active:  # framed: a frame reads on every colour, as words in the accent did not
            pygame.draw.rect(surf, theme.ACCENT, chip.inflate(4, 4), 2, border_radius=4)
        surf.blit(label, label.get_rect(midleft=(x, chip.centery)))
        v.order_chips.insert(0, (chip, key, init))
    return x - PAD


def distinct(names: list[str]) -> list[str]:
    """The names without the words at their start or end that others share, so what tells each apart
    is what stays: "División de Lapisse" "Lapisse", "Ruffin's Division" "Ruffin's", "1st Division"
    "1st" (a chip cut from its end read "Divisi… 10"), a capital where the name now starts. A name all
    of shared words stays whole."""
    split = [name.split() for name in names]
    seen: dict[str, int] = {}
    for words in split:
        for w in {w.casefold() for w in words}:
            seen[w] = seen.get(w, 0) + 1
    shared = {w for w, n in seen.items() if n > 1}
    out = []
    for name, words in zip(names, split, strict=True):
        start, end = 0, len(words)
        while start < end and words[start].casefold() in shared:
            start += 1
        while end > start and words[end - 1].casefold() in shared:
            end -= 1
        kept = " ".join(words[start:end])
        out.append((kept[:1].upper() + kept[1:] if start else kept) or name)  # "División alemana": "Alemana"
    return out


def shortened(names: list[str], tails: list[str], font: pygame.font.Font, room: int) -> list[str]:
    """The names cut so that each with its tail and a gap fits `room` together: the names shorter than
    an even share kept whole, the share of the others raised by what those leave."""
    widths = [font.size(n)[0] for n in names]
    left = room - sum(font.size(tail)[0] + GAP for tail in tails)
    long = set(range(len(names)))
    share = 0
    while long:
        share = max((left - sum(w for k, w in enumerate(widths) if k not in long)) // len(long), 0)
        short = {k for k in long if widths[k] <= share}
        if not short:
            break
        long -= short
    return [theme.cut(n, font, share, whole_words=False) if k in long else n for k, n in enumerate(names)]


def draw_dice(v: BattleView, surf: pygame.Surface) -> None:
    """The last roll: its die face and every modifier with its rule, in the log's words; rolls the
    log tells in one line (an officer's initiative dice) together, each die with its face."""
    show = v.display.dice
    v.dice_box = None
    if (
        show is None or not v.display.dice_shown() or v.why or v.help
    ):  # the why box stands where it would; F1 covers it
        return
    d: dict[str, Any] = show.event
    font = theme.font(19)
    group = show.group or [d]
    said = group_rows(group, Narrator(v.t, v.names, v.objective_names), show.result)
    faces: list[int] = [f for e in group for f in (e.get("dice") or [e["die"]])]  # every die shown
    box, rows = dice_spot(v, show, lambda width: dice_rows(said, faces, font, width))
    v.dice_box = box
    pygame.draw.rect(surf, (20, 22, 26), box, border_radius=6)
    pygame.draw.rect(surf, theme.ACCENT, box, 1, border_radius=6)
    settled = show.age > DICE_TUMBLE  # the dice tumble, then settle
    numbered = d.get("die_kind") is not None  # a module's die (a D10 read 0-9) shows its number
    size = die_size(faces)
    for i, face in enumerate(faces):
        shown = face if settled else 1 + int(show.age * 40 + i) % 6
        theme.draw_die(
            surf, pygame.Rect(box.x + 10 + i * (size + 4), box.y + 10, size, size), shown, numbered
        )
    x = box.x + (68 if len(faces) == 1 else 10)
    y = box.y + 7 + (size + 6 if len(faces) > 1 else 0)
    for row in rows:
        surf.blit(font.render(row, True, theme.TEXT), (x, y))
        y += font.get_linesize()


def die_size(faces: list[int]) -> int:
    return 48 if len(faces) == 1 else 36 if len(faces) <= 4 else 26


def dice_rows(
    said: list[str], faces: list[int], font: pygame.font.Font, width: int
) -> tuple[tuple[int, int], list[str]]:
    """The dice box's size and its rows wrapped to be at most `width` pixels wide (a die beside the
    words, or the dice above them)."""
    size, one = die_size(faces), len(faces) == 1
    edge = 80 if one else 20
    rows = [line for row in said for line in theme.wrap(row, font, width - edge)]  # a long row in lines
    dice_w = 0 if one else len(faces) * (size + 4)
    w = max(max(font.size(r)[0] for r in rows) + edge, dice_w + 20, 160)
    h = max(14 + font.get_linesize() * len(rows) + (0 if one else size + 6), 64)
    return (w, h), rows


def dice_spot(
    v: BattleView, show: object, rows: Callable[[int], tuple[tuple[int, int], list[str]]]
) -> tuple[pygame.Rect, list[str]]:
    """Where the last roll's box stands and its rows: on the table, in the first of its places
    (DICE_CORNERS) where it covers no piece, objective nor the move's ghost, else where it covers
    fewest; in each place as wide as the table allows, then narrower and taller (DICE_WIDTHS), so a
    melee's long box stands beside the melee rather than over it. It overhung the table's edge (the
    first battle's table is narrower than the view) and hid the units of the melee it told. Chosen as
    its roll is first shown, so it does not jump while the pieces move."""
    table = on_table(v, (240, 120)).inflate(-20, -20)
    if v.dice_corner is None or v.dice_corner[0] is not show:
        spots: list[tuple[pygame.Rect, str, float]] = []
        for share in DICE_WIDTHS:
            (w, h), _rows = rows(round(table.w * share))
            if h <= table.h or not spots:  # too tall for the table: taller still is no better
                spots += [(_cornered((w, h), table, corner), corner, share) for corner in DICE_CORNERS]
        best = least_covering([r for r, _c, _s in spots], covered(v))
        v.dice_corner = next((show, c, s) for r, c, s in spots if r is best)
    _show, corner, share = v.dice_corner
    size, said = rows(round(table.w * share))
    return _cornered(size, table, corner), said


def covered(v: BattleView) -> list[pygame.Rect]:
    """What a box laid over the table should not cover: the pieces, the objectives' stars, the move's
    ghost and the unit it is for."""
    stars = [piece for _t, piece, _w, _p in v.renderer.objective_words]
    return [*v.renderer.taken, *stars, *hover_avoid(v)]


def on_table(v: BattleView, least: tuple[int, int]) -> pygame.Rect:
    """Where a box laid over the table stands: the part of the view the table fills (past its edge it
    hung over the background), or the view where the table shows too small to hold `least`."""
    area = v.renderer.table_in_view(v.camera)
    return area if area.w >= least[0] and area.h >= least[1] else pygame.Rect(v.camera.view)


def _cornered(size: tuple[int, int], area: pygame.Rect, corner: str) -> pygame.Rect:
    box = pygame.Rect((0, 0), size)
    setattr(box, corner, getattr(area, corner))
    return box


def least_covering(spots: list[pygame.Rect], pieces: list[pygame.Rect]) -> pygame.Rect:
    """The first spot that covers no piece, else the one that covers fewest."""
    return min(spots, key=lambda r: len(r.collidelistall(pieces)))


def draw_alert(v: BattleView, surf: pygame.Surface) -> None:
    """What failed, across the top of the table in the colour of bad news, until the next command."""
    if not v.alert:
        return
    view = on_table(v, (360, 120))
    font = theme.font(20)
    lines = theme.wrap(v.alert, font, view.w - 40)[:6]
    box = pygame.Rect(view.x + 10, view.y + 10, view.w - 20, 12 + len(lines) * font.get_linesize())
    pygame.draw.rect(surf, (60, 20, 20), box, border_radius=6)
    pygame.draw.rect(surf, theme.BAD, box, 2, border_radius=6)
    for i, line in enumerate(lines):
        surf.blit(font.render(line, True, theme.TEXT), (box.x + 10, box.y + 6 + i * font.get_linesize()))


def draw_banner(v: BattleView, surf: pygame.Surface) -> None:
    """The round and phase, for a moment, over the table where it covers no piece, objective nor the
    last roll's box (at the top, else lower down, else where it covers fewest): it covered the officers
    standing at the top edge, and the box of the roll that began the round. It
    stands on the table (it overhung the table's edge where the table is narrower than the view: the
    first battle's, above its lesson), over the view only where the table is too small to hold it."""
    v.banner_box = None
    d = v.display
    if not d.banner_shown():
        return
    font = theme.font(40)
    text = font.render(d.banner, True, theme.TEXT)
    size = text.get_rect().inflate(30, 14).size
    area = on_table(v, (size[0], size[1] + 24))
    pieces = [*covered(v), *([v.dice_box] if v.dice_box else [])]
    spots = []
    for fy in BANNER_HEIGHTS:
        for fx in BANNER_ACROSS:
            spot = pygame.Rect((0, 0), size)
            spot.centerx = round(area.x + area.w * fx)
            spot.top = round(area.y + 12 + (area.h - 24 - size[1]) * fy)
            spots.append(spot.clamp(area))
    box = least_covering(spots, pieces)
    v.banner_box = box
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surf.blit(shade, box)
    surf.blit(text, text.get_rect(center=box.center))


def draw_hover(v: BattleView, surf: pygame.Surface) -> None:
    v.hover_box = None
    if v.modules_chip is not None and v.modules_chip.collidepoint(v.mouse):
        text = "\n".join(f"{name}: {description}" for name, description in v.modules_words())
        tooltip(surf, v.mouse, v.t("modules_title"), text, 480)
        return
    chip = next(((key, init) for rect, key, init in v.order_chips if rect.collidepoint(v.mouse)), None)
    if chip is not None:  # its name whole, however short the strip made it
        key, init = chip
        side = next((f.side for f in v.battle.formations if f.key == key), "")
        said = v.t("order_hint", side=v.names.get(side, side), initiative=init)
        tooltip(surf, v.mouse, v.t.names.formation(key, short=False), said)
        return
    button = next((bt for rect, bt in v.buttons if rect.collidepoint(v.mouse) and bt.hint), None)
    if button is not None:  # beside the panel, never over the other answers in it
        beside = pygame.Rect(0, 0, v.panel.x, v.size[1])
        v.hover_box = tooltip(surf, v.mouse, button.label, button.hint, 340, beside)
        return
    if v.button_or_rule_tip(surf, ()):  # a rule ID in the log
        return
    if not v.camera.contains(v.mouse) or v.ai.thinking is not None or v.help:
        return  # the F1 help covers the table: nothing on it is hovered
    p = v.camera.to_table(v.mouse)
    names = [n for n, s in v.display.shown.items() if s.on_table]
    name = v.human.pick(p, names)
    if name is not None:  # on the table, off the move's ghost and off the piece itself
        odds = v.human.preview(name) if v.human_turn() else []
        text = "\n".join(x for x in unit_lines(v.battle, name, v.t) if x)  # its profile, a part a row
        table = on_table(v, (380, 160))
        v.hover_box = tooltip(
            surf, v.mouse, v.t.names(name), "\n".join([*odds, text]), 380, table, hover_avoid(v)
        )


def hover_avoid(v: BattleView) -> list[pygame.Rect]:
    """What a hover box must not cover, in screen pixels: the move's ghost with its handle and the
    line from its unit, and the selected unit (whose odds against the piece it may give)."""
    out = []
    cam, b = v.camera, v.battle
    g = v.human.ghost if v.human_turn() else None
    if g is not None:
        points = [g.at] if is_disc(g) else [*ghost_corners(b, g), v.human.handle()]
        if v.human.selected in b.ids:
            pose = b.pose(b.ids[v.human.selected])
            points.append((pose.x, pose.y))
        out.append(screen_bounds([cam.to_screen(q) for q in points]).inflate(12, 12))
    picked = v.human.selected if v.human_turn() else None
    if picked in b.ids and picked in v.display.shown:  # the unit the odds are for
        s = v.display.shown[picked]
        out.append(screen_bounds([cam.to_screen(q) for q in v.renderer.corners(s)]).inflate(8, 8))
    return out
