"""Table inches to screen pixels and back: pan, zoom about a point, fit the table in a viewport.

Table y grows away from the south edge; screen y grows downwards, so the south edge is at the bottom."""

from __future__ import annotations

from dataclasses import dataclass

# pixels per inch; at the least, the largest table (240 inches) fits whole in a 1280x720 window's view
MIN_SCALE, MAX_SCALE = 2.0, 120.0


@dataclass
class Camera:
    """`scale` pixels per inch; (x, y) is the table point at the viewport's centre."""

    view: tuple[int, int, int, int]  # left, top, width, height of the viewport in window pixels
    x: float = 36.0
    y: float = 24.0
    scale: float = 12.0

    def to_screen(self, p: tuple[float, float]) -> tuple[float, float]:
        left, top, w, h = self.view
        return (left + w / 2 + (p[0] - self.x) * self.scale, top + h / 2 - (p[1] - self.y) * self.scale)

    def to_table(self, s: tuple[float, float]) -> tuple[float, float]:
        left, top, w, h = self.view
        return (self.x + (s[0] - left - w / 2) / self.scale, self.y - (s[1] - top - h / 2) / self.scale)

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the table with the mouse: a drag of (dx, dy) pixels drags the table along."""
        self.x -= dx / self.scale
        self.y += dy / self.scale

    def zoom_at(self, s: tuple[float, float], factor: float) -> None:
        """Zoom keeping the table point under the screen point s where it is (wheel zoom)."""
        before = self.to_table(s)
        self.scale = max(MIN_SCALE, min(MAX_SCALE, self.scale * factor))
        after = self.to_table(s)
        self.x += before[0] - after[0]
        self.y += before[1] - after[1]

    def fit(self, width: float, depth: float, margin: float = 0.04) -> None:
        """Show the whole table."""
        _left, _top, w, h = self.view
        self.scale = max(MIN_SCALE, min(MAX_SCALE, min(w / width, h / depth) * (1 - margin)))
        self.x, self.y = width / 2, depth / 2

    def contains(self, s: tuple[float, float]) -> bool:
        left, top, w, h = self.view
        return left <= s[0] < left + w and top <= s[1] < top + h

    def bring_into_view(self, points: list[tuple[float, float]]) -> None:
        """Pan, without zooming, so that every point shows (centred on them when they do not all fit)."""
        if not points or all(self.contains(self.to_screen(p)) for p in points):
            return
        self.x = sum(p[0] for p in points) / len(points)
        self.y = sum(p[1] for p in points) / len(points)

    def visible_box(self) -> tuple[float, float, float, float]:
        """The table rectangle (left, bottom, right, top in inches) the viewport shows."""
        left, top, w, h = self.view
        a = self.to_table((left, top + h))
        b = self.to_table((left + w, top))
        return (a[0], a[1], b[0], b[1])
