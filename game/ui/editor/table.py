"""The scenario editor's table: the battle's ground drawn as the battle screen draws it (render.py),
the deployment zones and edges, the objectives, and the element chosen with its vertices; the mouse
picks, drags, draws and places through the editor's model (game/editing/). A drag is one step of
undo, made when the button is let go.

Mouse: left picks and drags (an empty spot pans), a double click on an edge of the chosen area adds a
vertex there, a right click on a vertex removes it; right or middle drag pans; the wheel zooms. With a
drawing tool each click adds a point, a double click, Enter or a right click ends it, Esc drops it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.content.scenario import TerrainSpec, make_terrain
from game.editing import battle as edit
from game.editing.battle import points_of, within
from game.editing.document import Document, Path
from game.editing.picking import element_at, vertex_at
from game.model.errors import ContentError
from game.model.geometry import Point
from game.model.ruleset import MAX_INCHES, Ruleset
from game.model.table import Feature, Table
from game.ui import theme
from game.ui.drawing.camera import Camera
from game.ui.drawing.render import Renderer
from game.ui.editor import drawn

PICK = 7  # pixels: how near the mouse must be to a vertex, a line or an objective
DOUBLE_CLICK = 0.35  # seconds
HANDLE = 5


@dataclass
class Tool:
    """What a click on the table does: pick (`select`), draw a feature of a terrain kind, place an
    objective, or draw a side's deployment zone."""

    kind: str = "select"  # select, draw, objective, zone
    terrain: str = "wood"
    side: int = 0


@dataclass
class Drag:
    what: str  # move, vertex, pan
    start: Point
    at: Point
    vertex: Path | None = None
    moved: bool = False
    version: int = -1  # the document's when the drag began: one changed under it (Delete) drops it


@dataclass
class TableCanvas:
    doc: Document
    rules: Ruleset
    view: pygame.Rect
    language: str = "en"
    tool: Tool = field(default_factory=Tool)
    selected: Path | None = None
    snap: float = 0.0  # inches of the grid points snap to (0: none)
    drawing: list[Point] = field(default_factory=list)
    short: int = 0  # the points a drawing ended too soon needs (the screen says so), else 0
    drag: Drag | None = None
    problems: set[Path] = field(default_factory=set)  # elements with a problem, drawn in red
    camera: Camera = field(init=False)
    _renderer: Renderer | None = None
    _drawn: tuple[Any, ...] = ()
    _last_click: tuple[float, Point] = (0.0, (0.0, 0.0))

    def __post_init__(self) -> None:
        self.camera = Camera((self.view.x, self.view.y, self.view.w, self.view.h))
        self.fit()

    def fit(self) -> None:
        w, d = self.size()
        self.camera.fit(w, d)

    def size(self) -> tuple[float, float]:
        """The table's width and depth as drawn (its problems say what is wrong with the file's)."""
        table = self.doc.get(("table",))
        w, d = (table[0], table[1]) if isinstance(table, list) and len(table) == 2 else (72, 48)
        return (within(w, 1.0, MAX_INCHES, 72.0), within(d, 1.0, MAX_INCHES, 48.0))

    # --- what is drawn ---------------------------------------------------------------------------

    def features(self) -> tuple[Feature, ...]:
        """The features that are right as they stand (a wrong one is drawn as its outline, in red)."""
        out: list[Feature] = []
        for t in self.doc.get(("terrain",)) or []:
            try:
                spec = TerrainSpec(
                    t["kind"],
                    drawn.points(t.get("polygon")),
                    drawn.points(t.get("path")),
                    within(t["width"], 0.0, MAX_INCHES, 0.0) if "width" in t else None,
                    str(t.get("name", "")),
                )
                out += make_terrain(self.rules, [spec], "")
            except (ContentError, KeyError, TypeError, ValueError):
                continue
        return tuple(out)

    def colours(self) -> dict[str, theme.Colour]:
        out = {}
        for k, s in enumerate(self.doc.get(("sides",)) or []):
            out[str(s.get("id"))] = drawn.colour(s.get("colour")) or theme.SIDE_FALLBACK[k % 2]
        return out

    def renderer(self) -> Renderer:
        key = (self.doc.version, self.size())
        if self._renderer is None or key != self._drawn:
            b = self.rules.core.bases
            table = Table(*self.size(), self.features())
            self._renderer = Renderer(
                table, self.colours(), (b.unit_width, b.unit_depth), b.officer_diameter / 2
            )
            self._drawn = key
        return self._renderer

    def draw(self, surf: pygame.Surface, names: dict[str, str]) -> None:
        """The table; `names`: the objectives' names in the language being edited."""
        r = self.renderer()
        cam = self.camera
        surf.set_clip(self.view)
        r.draw_table(surf, cam)
        if self.snap:
            self._grid(surf)
        sides = self.doc.get(("sides",)) or []
        zones = {str(s.get("id")): drawn.points(s.get("deployment")) or [] for s in sides}
        r.draw_zones(surf, cam, {k: v for k, v in zones.items() if len(v) >= 3})
        self._edges(surf)
        for i in range(len(self.doc.get(("terrain",)) or [])):
            if ("terrain", i) in self.problems:
                self._outline(surf, ("terrain", i), theme.BAD, 3)
        objectives = []
        for o in self.doc.get(("objectives",)) or []:
            at = drawn.points([o.get("at")])
            if at:
                objectives.append((names.get(str(o.get("id")), str(o.get("id"))), at[0], o.get("held_by")))
        r.taken, r.words = [], []
        r.draw_objectives(surf, cam, objectives)
        r.draw_labels(surf, cam)
        for i, o in enumerate(self.doc.get(("objectives",)) or []):
            at = drawn.points([o.get("at")])
            if at and ("objectives", i) in self.problems:
                pygame.draw.circle(surf, theme.BAD, cam.to_screen(at[0]), max(10, cam.scale), 3)
        if self.selected is not None:
            self._chosen(surf)
        if self.drawing:
            self._drawing(surf)
        surf.set_clip(None)

    def _grid(self, surf: pygame.Surface) -> None:
        w, d = self.size()
        step = self.snap * max(1, round(6 / self.snap))  # a line every 6 inches or so
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        x = 0.0
        while x <= w:
            pygame.draw.line(
                layer, (0, 0, 0, 40), self.camera.to_screen((x, 0)), self.camera.to_screen((x, d))
            )
            x += step
        y = 0.0
        while y <= d:
            pygame.draw.line(
                layer, (0, 0, 0, 40), self.camera.to_screen((0, y)), self.camera.to_screen((w, y))
            )
            y += step
        surf.blit(layer, (0, 0))

    def _edges(self, surf: pygame.Surface) -> None:
        """Each side's own edge in its colour: its reinforcements enter by it or its flanks (FG-REINF-3)."""
        w, d = self.size()
        colours = self.colours()
        for s in self.doc.get(("sides",)) or []:
            y = 0.0 if s.get("edge") == "south" else d
            a, b = self.camera.to_screen((0, y)), self.camera.to_screen((w, y))
            pygame.draw.line(surf, colours.get(str(s.get("id")), theme.TEXT), a, b, 6)

    def _outline(self, surf: pygame.Surface, element: Path, colour: theme.Colour, width: int) -> None:
        found = points_of(self.doc, element)
        if found is None:
            return
        where, raw = found
        pts = [self.camera.to_screen(p) for p in self._shifted(element, drawn.points(raw) or [])]
        closed = where[-1] != "path"
        if len(pts) >= 2:
            pygame.draw.lines(surf, colour, closed and len(pts) >= 3, pts, width)

    def _shifted(self, element: Path, pts: list[Point]) -> list[Point]:
        """Points as the drag in progress shows them."""
        d = self.drag
        if d is None or not d.moved:
            return pts
        if d.what == "move" and element == self.selected:
            dx, dy = self._delta(d)
            return [(p[0] + dx, p[1] + dy) for p in pts]
        if d.what == "vertex" and d.vertex is not None and d.vertex[: len(element)] == element:
            k = int(d.vertex[-1])
            return [self._snapped(d.at) if i == k else p for i, p in enumerate(pts)]
        return pts

    def _chosen(self, surf: pygame.Surface) -> None:
        assert self.selected is not None
        element = self.doc.get(self.selected)
        if isinstance(element, dict) and isinstance(element.get("at"), list):
            at = drawn.points([element["at"]]) or [(0.0, 0.0)]
            c = self.camera.to_screen(self._shifted_point(at[0]))
            pygame.draw.circle(surf, theme.ACCENT, c, max(12, self.camera.scale * 0.9), 2)
            return
        self._outline(surf, self.selected, theme.ACCENT, 2)
        found = points_of(self.doc, self.selected)
        if found is not None:
            for p in self._shifted(self.selected, drawn.points(found[1]) or []):
                c = self.camera.to_screen(p)
                pygame.draw.rect(surf, theme.ACCENT, (c[0] - HANDLE, c[1] - HANDLE, 2 * HANDLE, 2 * HANDLE))
                pygame.draw.rect(
                    surf, (20, 20, 20), (c[0] - HANDLE, c[1] - HANDLE, 2 * HANDLE, 2 * HANDLE), 1
                )

    def _shifted_point(self, p: Point) -> Point:
        if self.drag is not None and self.drag.what == "move" and self.drag.moved:
            dx, dy = self._delta(self.drag)
            return (p[0] + dx, p[1] + dy)
        return p

    def _drawing(self, surf: pygame.Surface) -> None:
        pts = [self.camera.to_screen(p) for p in self.drawing]
        mouse = pygame.mouse.get_pos()
        if self.view.collidepoint(mouse):
            pts.append(self.camera.to_screen(self._snapped(self.camera.to_table(mouse))))
        colour = (
            theme.TERRAIN.get(self.tool.terrain, theme.ACCENT) if self.tool.kind == "draw" else theme.ACCENT
        )
        if len(pts) >= 2:
            pygame.draw.lines(surf, colour, False, pts, 3)
        for c in pts:
            pygame.draw.circle(surf, theme.ACCENT, c, 4)

    # --- the mouse -----------------------------------------------------------------------------

    def _snapped(self, p: Point) -> Point:
        return edit.snap(p, self.snap)

    def _delta(self, drag: Drag) -> tuple[float, float]:
        """How far a drag moves what it holds: by whole steps of the grid when snapping."""
        return edit.snap((drag.at[0] - drag.start[0], drag.at[1] - drag.start[1]), self.snap)

    def tolerance(self) -> float:
        return PICK / self.camera.scale

    def handle(self, ev: pygame.event.Event, now: float) -> bool:
        """A mouse or key event over the table: True if it changed what is chosen or drawn."""
        if ev.type == pygame.MOUSEWHEEL:
            if self.view.collidepoint(pygame.mouse.get_pos()):
                self.camera.zoom_at(pygame.mouse.get_pos(), 1.15**ev.y)
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and self.view.collidepoint(ev.pos):
            return self._press(ev, now)
        if ev.type == pygame.MOUSEMOTION and self.drag is not None:
            if self.drag.what == "pan":
                self.camera.pan_pixels(*ev.rel)
                return False
            self.drag.at = self.camera.to_table(ev.pos)
            self.drag.moved = True
            return False
        if ev.type == pygame.MOUSEBUTTONUP and self.drag is not None:
            return self._release()
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        return False

    def _press(self, ev: pygame.event.Event, now: float) -> bool:
        p = self.camera.to_table(ev.pos)
        double = now - self._last_click[0] < DOUBLE_CLICK and _near(self._last_click[1], p, self.tolerance())
        self._last_click = (now, p)
        if ev.button in (2, 3) and not self.drawing:
            if ev.button == 3 and self.selected is not None:
                vertex = vertex_at(self.doc, self.selected, p, self.tolerance())
                if vertex is not None:
                    edit.remove_point(self.doc, vertex)
                    return True
            self.drag = Drag("pan", p, p)
            return False
        if self.tool.kind in ("draw", "zone"):
            if ev.button == 3 or double:
                return self.finish()
            point = self._snapped(p)
            if not self.drawing or not _near(self.drawing[-1], point, self.tolerance()):
                self.drawing.append(point)  # a click on the last point (a double click's first) adds none
            return False
        if self.tool.kind == "objective":
            self.selected = edit.add_objective(self.doc, self._snapped(p))
            return True
        return self._pick(p, double)

    def _pick(self, p: Point, double: bool) -> bool:
        if self.selected is not None:
            vertex = vertex_at(self.doc, self.selected, p, self.tolerance())
            if vertex is not None:
                self.drag = Drag("vertex", p, p, vertex, version=self.doc.version)
                return False
            if double:
                found = points_of(self.doc, self.selected)
                if found is not None:
                    where, raw = found
                    closed = where[-1] != "path"
                    k = edit.nearest_edge(raw, p, closed)
                    edit.insert_point(self.doc, (*where, k), self._snapped(p))
                    return True
        before = self.selected
        self.selected = element_at(self.doc, p, self.tolerance(), self.rules.core.movement.road_width)
        self.drag = Drag("move" if self.selected is not None else "pan", p, p, version=self.doc.version)
        return self.selected != before

    def _release(self) -> bool:
        d, self.drag = self.drag, None
        if d is None or not d.moved or d.what == "pan" or d.version != self.doc.version:
            return False
        if d.what == "vertex" and d.vertex is not None:
            edit.move_point(self.doc, d.vertex, self._snapped(d.at))
            return True
        if self.selected is not None:
            dx, dy = self._delta(d)
            if dx or dy:
                edit.move_by(self.doc, self.selected, dx, dy)
                return True
        return False

    def _key(self, ev: pygame.event.Event) -> bool:
        if ev.key == pygame.K_ESCAPE and self.drawing:
            self.drawing, self.short = [], 0
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.drawing:
            return self.finish()
        return False

    def finish(self) -> bool:
        """End the drawing: a feature of the kind chosen (or a side's zone) once it has its points; with
        fewer, the drawing stays for more and `short` says how many it needs."""
        kind = self.rules.terrain.get(self.tool.terrain)
        least = 2 if self.tool.kind == "draw" and kind is not None and kind.linear else 3
        if len(self.drawing) < least:
            self.short = least
            return True
        pts, self.drawing, self.short = self.drawing, [], 0
        if self.tool.kind == "zone":
            edit.set_zone(self.doc, self.tool.side, pts)
            self.selected = ("sides", self.tool.side)
            return True
        if kind is None:
            return True
        width = edit.drawn_width(kind) if kind.linear else None
        self.selected = edit.add_terrain(self.doc, self.rules, self.tool.terrain, pts, width=width)
        return True


def _near(a: Point, b: Point, tolerance: float) -> bool:
    return abs(a[0] - b[0]) <= tolerance and abs(a[1] - b[1]) <= tolerance
