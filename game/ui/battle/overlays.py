"""Overlays on demand: a ruler with the XS..XL bands, vision strips, reaction areas, weapon ranges,
command range (L) with detached units marked; and what a human's decision needs on the table. All of
it is clipped to the table: nothing is drawn over the background around it."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import ClassVar

import esper
import pygame

from game.content.locale import Texts
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer, Pose, Status, Unit
from game.model.geometry import Point, heading, rect_corners
from game.model.words import inches
from game.ui import theme
from game.ui.battle.ghosts import Ghost
from game.ui.battle.human import HumanInput
from game.ui.drawing.camera import Camera
from systems.for_glory.targets import fire_range

BANDS = ("XS", "S", "M", "L", "XL")


class Overlays:
    KEYS: ClassVar[dict[str, str]] = {
        "r": "ruler",
        "v": "vision",
        "a": "reactions",
        "g": "ranges",
        "c": "command",
    }

    def __init__(self) -> None:
        self.on: set[str] = set()
        self.ruler_from: tuple[float, float] | None = None

    def toggle(self, name: str) -> None:
        self.on ^= {name}

    def draw(
        self,
        surf: pygame.Surface,
        cam: Camera,
        b: Battle,
        colours: dict[str, theme.Colour],
        selected: str | None,
    ) -> None:
        """The overlays switched on, for every unit in play; `selected`: the unit the human has chosen."""
        if not self.on - {"ruler"}:
            return
        b.enter()
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        # with a unit selected, the ranges shown are its own: the table stays readable
        chosen = b.ids.get(selected or "")
        for e, (pose, unit, st) in esper.get_components(Pose, Unit, Status):
            if not st.in_play:
                continue
            colour = colours.get(b.side_of(e), theme.TEXT)
            fx, fy = heading(pose.facing)
            fl, fr = pose.corners[0], pose.corners[1]
            if "vision" in self.on:
                far = 60.0
                poly = [fl, fr, (fr[0] + fx * far, fr[1] + fy * far), (fl[0] + fx * far, fl[1] + fy * far)]
                pygame.draw.polygon(layer, (*colour, 28), [cam.to_screen(p) for p in poly])
            if "reactions" in self.on:
                depth = b.rules.length(unit.category.move)
                poly = [
                    fl,
                    fr,
                    (fr[0] + fx * depth, fr[1] + fy * depth),
                    (fl[0] + fx * depth, fl[1] + fy * depth),
                ]
                pygame.draw.polygon(layer, (*colour, 60), [cam.to_screen(p) for p in poly])
                pygame.draw.polygon(layer, (*colour, 160), [cam.to_screen(p) for p in poly], 1)
            r = fire_range(b, e) if "ranges" in self.on and chosen in (None, e) else None
            if r is not None:  # the range the rules in play give it (a module's weapon too)
                _rounded_rect(layer, cam, pose.corners, r, (*theme.ACCENT, 150))
            if "command" in self.on and st.detached:
                pygame.draw.polygon(layer, (*theme.BAD, 200), [cam.to_screen(p) for p in pose.corners], 3)
        if "command" in self.on:
            radius = b.rules.length(b.rules.core.command.division_radius)
            for e, (pose, off) in esper.get_components(Pose, Officer):
                if off.in_play and off.role == "division":
                    colour = colours.get(b.side_of(e), theme.TEXT)
                    c = cam.to_screen((pose.x, pose.y))
                    pygame.draw.circle(layer, (*colour, 160), c, (radius + off.radius) * cam.scale, 2)
        with on_table(surf, cam, b.table.width, b.table.depth):
            surf.blit(layer, (0, 0))

    def draw_ruler(
        self, surf: pygame.Surface, cam: Camera, b: Battle, mouse: tuple[int, int], sel: str | None, t: Texts
    ) -> None:
        """From the selected unit (or the table's centre) to the mouse, with the standard measures."""
        if "ruler" not in self.on or not cam.contains(mouse):
            return
        end = cam.to_table(mouse)
        if sel is not None and sel in b.ids:
            pose = esper.component_for_entity(b.ids[sel], Pose)
            start = (pose.x, pose.y)
        else:
            start = self.ruler_from or (b.table.width / 2, b.table.depth / 2)
        length = math.dist(start, end)
        a, z = cam.to_screen(start), cam.to_screen(end)
        with on_table(surf, cam, b.table.width, b.table.depth):
            pygame.draw.line(surf, (250, 250, 250), a, z, 3)
            font = theme.font(16)
            if length > 0:
                ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
                for code in BANDS:
                    d = b.rules.length(code)
                    if d <= length:
                        p = cam.to_screen((start[0] + ux * d, start[1] + uy * d))
                        pygame.draw.circle(surf, theme.ACCENT, p, 4)
                        surf.blit(font.render(code, True, theme.ACCENT), (p[0] + 5, p[1] - 14))
        label = theme.font(22).render(f'{inches(length, t)}"', True, (255, 255, 255))
        surf.blit(label, (z[0] + 10, z[1] + 6))

    def draw_human(self, surf: pygame.Surface, cam: Camera, b: Battle, h: HumanInput) -> None:
        """The choices of the decision in hand: units that may take orders, targets, the ghost."""
        d = b.pending
        if d is None:
            return
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        kind = b.stack.decisions.get(d.kind)
        picks = kind is not None and kind.unit_choices is not None  # a module's question about a unit
        if (d.kind == "order" and h.mode == "select") or picks:
            for name in d.options:
                pose = esper.component_for_entity(b.ids[name], Pose)
                pygame.draw.polygon(layer, (*theme.GOOD, 200), [cam.to_screen(p) for p in pose.corners], 2)
        if d.kind == "reaction":
            for name in d.options:
                pose = esper.component_for_entity(b.ids[name], Pose)
                pygame.draw.polygon(layer, (*theme.ACCENT, 220), [cam.to_screen(p) for p in pose.corners], 3)
        for name in h.targets:
            e = b.ids[name]
            pose = esper.component_for_entity(e, Pose)
            colour = theme.ACCENT if name == h.hover_target else theme.BAD
            if pose.corners:
                pygame.draw.polygon(layer, (*colour, 230), [cam.to_screen(p) for p in pose.corners], 3)
            else:
                r = esper.component_for_entity(e, Officer).radius
                pygame.draw.circle(
                    layer, (*colour, 230), cam.to_screen((pose.x, pose.y)), r * cam.scale + 4, 3
                )
        g = h.ghost
        if g is not None:
            tint = (*(theme.GOOD if g.ok else theme.BAD), 140)
            if is_disc(g):
                r = b.rules.core.bases.officer_diameter / 2
                pygame.draw.circle(layer, tint, cam.to_screen(g.at), max(4, r * cam.scale))
            else:
                pygame.draw.polygon(layer, tint, [cam.to_screen(p) for p in ghost_corners(b, g)])
                handle = h.handle()
                pygame.draw.line(layer, (255, 255, 255, 200), cam.to_screen(g.at), cam.to_screen(handle), 2)
                pygame.draw.circle(layer, (255, 255, 255, 220), cam.to_screen(handle), 5)
            if h.selected is not None and h.selected in b.ids and not g.officer:
                pose = esper.component_for_entity(b.ids[h.selected], Pose)
                pygame.draw.line(layer, tint, cam.to_screen((pose.x, pose.y)), cam.to_screen(g.at), 2)
            if g.wanted is not None:  # dragged too far: a thin line on to where the mouse asked
                pygame.draw.line(layer, (*theme.BAD, 150), cam.to_screen(g.at), cam.to_screen(g.wanted), 1)
                pygame.draw.circle(layer, (*theme.BAD, 180), cam.to_screen(g.wanted), 4, 1)
        if d.kind == "deploy" and isinstance(h.deploy, cmd.Deploy):
            fp = b.rules.core.bases
            for _name, x, y, facing in h.deploy.units:
                corners = rect_corners(x, y, facing, fp.unit_width, fp.unit_depth)
                pygame.draw.polygon(layer, (*theme.GOOD, 120), [cam.to_screen(p) for p in corners])
            pygame.draw.circle(layer, (*theme.GOOD, 200), cam.to_screen(h.deploy.officer_at), 6)
        with on_table(surf, cam, b.table.width, b.table.depth):
            surf.blit(layer, (0, 0))


def is_disc(g: Ghost) -> bool:
    """An officer's ghost or a marker's: a disc, where a unit's is a base."""
    return g.officer or g.unit == "marker"


def ghost_corners(b: Battle, g: Ghost) -> tuple[Point, ...]:
    """A unit's ghost: the corners of its base where it would stand."""
    fp = b.rules.core.bases
    return rect_corners(g.at[0], g.at[1], g.facing, fp.unit_width, fp.unit_depth)


def ghost_boxes(cam: Camera, b: Battle, h: HumanInput) -> list[pygame.Rect]:
    """Where the ghosts of the decision in hand stand on screen (the move's, a deployment's bases):
    the table's words are laid off them, so a name's plate never shows through the translucent ghost
    the player is placing."""
    fp = b.rules.core.bases
    shapes: list[Sequence[Point]] = []
    g = h.ghost
    if g is not None and is_disc(g):
        r = fp.officer_diameter / 2
        shapes.append(((g.at[0] - r, g.at[1] - r), (g.at[0] + r, g.at[1] + r)))
    elif g is not None:
        shapes.append((*ghost_corners(b, g), h.handle()))  # with the handle that turns it
    if b.pending is not None and b.pending.kind == "deploy" and isinstance(h.deploy, cmd.Deploy):
        shapes += [rect_corners(x, y, f, fp.unit_width, fp.unit_depth) for _n, x, y, f in h.deploy.units]
    return [screen_bounds([cam.to_screen(p) for p in shape]).inflate(10, 10) for shape in shapes]


def screen_bounds(points: Sequence[tuple[float, float]]) -> pygame.Rect:
    """The smallest rectangle of whole pixels holding these screen points."""
    xs, ys = [q[0] for q in points], [q[1] for q in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@contextmanager
def on_table(surf: pygame.Surface, cam: Camera, width: float, depth: float) -> Iterator[None]:
    """Drawing inside is clipped to the table (and to the clip already set: the view)."""
    (x0, y0), (x1, y1) = cam.to_screen((0, depth)), cam.to_screen((width, 0))
    before = surf.get_clip()
    surf.set_clip(before.clip(pygame.Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1)))
    try:
        yield
    finally:
        surf.set_clip(before)


def _rounded_rect(
    layer: pygame.Surface, cam: Camera, corners: Sequence[Point], r: float, colour: tuple[int, int, int, int]
) -> None:
    """The outline of everything within r of a base (its range), drawn as a ring of arcs and sides."""
    pts = []
    n = len(corners)
    cx = sum(p[0] for p in corners) / n
    cy = sum(p[1] for p in corners) / n
    for i in range(n):
        p = corners[i]
        base = math.atan2(p[1] - cy, p[0] - cx)
        for k in range(-6, 7):
            a = base + k * math.pi / 24
            pts.append((p[0] + r * math.cos(a), p[1] + r * math.sin(a)))
    hull = _hull(pts)
    pygame.draw.polygon(layer, colour, [cam.to_screen(p) for p in hull], 1)


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]
