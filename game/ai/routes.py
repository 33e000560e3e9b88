"""Routes over the table's ground: the way a unit would go to a point, round the ground it cannot cross
(FG-TERR-2) or would rather not enter (cavalry stop where they enter difficult ground, FG-MOVE-3; a
unit slower there pays for it), as the corners of a path. A move order is a straight line, so a route
is walked one leg at a time: `first_leg` is where the next straight move should head.

Pure: the table never changes during a battle, so the grid of its ground is worked out once per table
and routes are kept while the same question comes back."""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

import esper

from game.model.battle import Battle
from game.model.components import Unit
from game.model.geometry import Point, dist
from game.model.ruleset import Category
from game.model.table import Table

CELL = 1.0  # inches: the grid's step (a base is 2" wide; a unit is "in" ground by its centre, AMB-10)
STOP_COST = 3.0  # what a cell of difficult ground costs a unit that must stop on entering it
KEPT = 512  # routes kept per grid before the oldest are forgotten
INF = math.inf
# the eight steps from a cell, in the order A* tries them (the order breaks its ties), and diagonal or not
_NEIGHBOURS = tuple((dx, dy, bool(dx and dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


@dataclass(frozen=True)
class Mover:
    """How a kind of unit treats difficult ground: the cost of a difficult cell against an open one
    (INF: it cannot enter)."""

    difficult: float

    @staticmethod
    def of(b: Battle, e: int) -> Mover:
        category: Category = esper.component_for_entity(e, Unit).category
        if category.difficult_move is None:
            return Mover(INF)
        if b.stack.hook("difficult_stop")(b, e):
            return Mover(STOP_COST)
        move, slow = b.rules.length(category.move), b.rules.length(category.difficult_move)
        return Mover(max(1.0, move / slow) if slow > 0 else INF)


class Grid:
    """One table's ground in cells of CELL inches, by the ground under each cell's centre: 0 open,
    1 difficult, 2 impassable (a bridge or a ford is the ground its crossing says)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.nx, self.ny = max(1, math.ceil(table.width / CELL)), max(1, math.ceil(table.depth / CELL))
        ground = {"passable": 0, "difficult": 1, "impassable": 2}
        self.kind = [
            [ground[table.movement_at(((i + 0.5) * CELL, (j + 0.5) * CELL))] for j in range(self.ny)]
            for i in range(self.nx)
        ]
        self.plain = all(k == 0 for col in self.kind for k in col)
        self._kept: dict[tuple[float, tuple[int, int], tuple[int, int]], list[Point]] = {}
        self._clear: dict[tuple[bool, tuple[int, int], tuple[int, int]], bool] = {}
        self._linked: list[tuple[tuple[int, int, int, int], ...]] | None = None

    def cell(self, p: Point) -> tuple[int, int]:
        return (
            min(self.nx - 1, max(0, int(p[0] / CELL))),
            min(self.ny - 1, max(0, int(p[1] / CELL))),
        )

    def centre(self, c: tuple[int, int]) -> Point:
        return ((c[0] + 0.5) * CELL, (c[1] + 0.5) * CELL)

    def cost(self, c: tuple[int, int], mover: Mover) -> float:
        k = self.kind[c[0]][c[1]]
        return 1.0 if k == 0 else mover.difficult if k == 1 else INF

    def clear(self, a: Point, b: Point, mover: Mover) -> bool:
        """Does the straight line cross no ground dearer than open ground for this mover? (Asked of
        the cells the ends stand in: kept for the same cells.)"""
        if self.plain:
            return True
        dear = mover.difficult > 1.0
        key = (dear, self.cell(a), self.cell(b))
        found = self._clear.get(key)
        if found is None:
            if len(self._clear) >= 50 * KEPT:
                self._clear.clear()
            found = self._clear[key] = self._worst(a, b) < (1 if dear else 2)
        return found

    def route(self, start: Point, goal: Point, mover: Mover) -> list[Point]:
        """The corners of the cheapest way from start to goal (start excluded, goal last); straight
        when the straight line is clear; towards the nearest reachable cell when the goal is not."""
        if self.clear(start, goal, mover):
            return [goal]
        s, g = self.cell(start), self.cell(goal)
        key = (mover.difficult, s, g)
        kept = self._kept.get(key)
        if kept is None:
            kept = self._smooth(start, goal, self._cells(s, g, mover), mover)
            if len(self._kept) >= KEPT:
                self._kept.pop(next(iter(self._kept)))
            self._kept[key] = kept
        return kept

    def _cells(self, s: tuple[int, int], g: tuple[int, int], mover: Mover) -> list[tuple[int, int]]:
        """A* over the cells, eight ways; the start's own cell is never refused (a unit stands where it
        stands). (Written out flat, a cell as the number x * ny + y, which orders cells as their (x, y)
        does, so ties break the same: a route round a wood searches most of the table, cell by cell.)"""
        diag = math.sqrt(2.0)
        slant = diag - 2  # the octile distance's saving per diagonal step
        gx, gy = g
        ny, links = self.ny, self._links()
        # the cost of each kind of step (_links): onto open or difficult ground, straight or diagonal
        steps = tuple(
            step * CELL * (diag if across else 1.0)
            for step in (1.0, mover.difficult)
            for across in (False, True)
        )

        def h(x: int, y: int) -> float:
            dx, dy = abs(x - gx), abs(y - gy)
            return (dx + dy + slant * min(dx, dy)) * CELL

        first, goal = s[0] * ny + s[1], gx * ny + gy
        best = [INF] * (self.nx * ny)
        came = [0] * (self.nx * ny)
        ahead = [0.0] * (self.nx * ny)  # h of the cells put on the frontier
        best[first], ahead[first] = 0.0, h(*s)
        frontier = [(ahead[first], 0.0, first)]
        closest = (ahead[first], first)
        pop, push = heapq.heappop, heapq.heappush
        while frontier:
            _f, cost, c = pop(frontier)
            if c == goal:
                break
            if cost > best[c]:
                continue
            near = ahead[c]  # (near, c) < closest, without a tuple made for every cell taken
            if near < closest[0] or (near == closest[0] and c < closest[1]):
                closest = (near, c)
            for n, x, y, k in links[c]:
                step = steps[k]
                if step == INF:
                    continue
                new = cost + step
                if new < best[n]:
                    best[n], came[n] = new, c
                    # h(x, y) written out: it is asked for every cell put on the frontier
                    dx = x - gx if x > gx else gx - x
                    dy = y - gy if y > gy else gy - y
                    ahead[n] = estimate = (dx + dy + slant * (dx if dx < dy else dy)) * CELL
                    push(frontier, (new + estimate, new, n))
        path = [goal if best[goal] < INF else closest[1]]
        while path[-1] != first:
            path.append(came[path[-1]])
        return [divmod(c, ny) for c in reversed(path)]

    def _links(self) -> list[tuple[tuple[int, int, int, int], ...]]:
        """For each cell (as _cells numbers them), the cells a step may go to, in the order of
        _NEIGHBOURS: (cell, x, y, the kind of step: 2 x its ground, 0 or 1, + 1 if diagonal); none onto
        impassable ground or off the table. Worked out once per grid."""
        if self._linked is None:
            nx, ny, kind = self.nx, self.ny, self.kind
            self._linked = [
                tuple(
                    (x * ny + y, x, y, 2 * kind[x][y] + int(across))
                    for dx, dy, across in _NEIGHBOURS
                    for x, y in ((cx + dx, cy + dy),)
                    if 0 <= x < nx and 0 <= y < ny and kind[x][y] < 2
                )
                for cx in range(nx)
                for cy in range(ny)
            ]
        return self._linked

    def _smooth(self, start: Point, goal: Point, cells: list[tuple[int, int]], mover: Mover) -> list[Point]:
        """The cell path pulled tight: from each corner, the farthest later point in a line that crosses
        no worse ground than the path it cuts short."""
        last = goal if cells[-1] == self.cell(goal) else self.centre(cells[-1])
        points = [*(self.centre(c) for c in cells[1:-1]), last]
        kinds = [self.kind[c[0]][c[1]] for c in cells[1:]]
        out: list[Point] = []
        here, i = start, 0
        while i < len(points):
            j = len(points) - 1
            while j > i and self._worst(here, points[j]) > max(kinds[i : j + 1]):
                j -= 1
            out.append(points[j])
            here, i = points[j], j + 1
        return out

    def _worst(self, a: Point, b: Point) -> int:
        """The worst ground under the points of a line every half cell (the cells as `cell` finds
        them; written out flat and stopped at impassable ground: asked for every route's every leg)."""
        n = max(1, math.ceil(dist(a, b) / (CELL / 2)))
        top_x, top_y, kind = self.nx - 1, self.ny - 1, self.kind
        (ax, ay), dx, dy = a, b[0] - a[0], b[1] - a[1]
        worst = 0
        for k in range(n + 1):
            x = int((ax + dx * k / n) / CELL)
            y = int((ay + dy * k / n) / CELL)
            # clamped onto the grid as `cell` does, by comparisons (no min and max called per point)
            found = kind[0 if x < 0 else top_x if x > top_x else x][0 if y < 0 else top_y if y > top_y else y]
            if found > worst:
                worst = found
                if worst == 2:
                    break
        return worst


class Routes:
    """The grids of the tables a player has seen (a battle's copies share its table)."""

    def __init__(self) -> None:
        self._grids: dict[int, Grid] = {}

    def grid(self, table: Table) -> Grid:
        grid = self._grids.get(id(table))
        if grid is None or grid.table is not table:
            grid = self._grids[id(table)] = Grid(table)
        return grid

    def path(self, b: Battle, e: int, start: Point, goal: Point) -> list[Point]:
        return self.grid(b.table).route(start, goal, Mover.of(b, e))

    def length(self, b: Battle, e: int, start: Point, goal: Point) -> float:
        """The length of the unit's route (the straight distance when the line is clear)."""
        here, total = start, 0.0
        for p in self.path(b, e, start, goal):
            total += dist(here, p)
            here = p
        return total

    def first_leg(self, b: Battle, e: int, start: Point, goal: Point) -> Point:
        """Where the unit's next straight move should head on its way to the goal."""
        return self.path(b, e, start, goal)[0]
