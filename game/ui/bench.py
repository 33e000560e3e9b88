"""`python -m game bench`: the median time to draw one whole frame (table, terrain, bases, labels,
HUD and log) of a battlefield of 100, 500 and 2000 bases, in software at 1280x800."""

from __future__ import annotations

import math
import os
import statistics
import time
from typing import Any

import pygame

from game.content.ruleset_files import load_ruleset
from game.content.scenario import load_scenario
from game.model.battle import Battle, ObjectiveState
from game.model.dice import Dice
from game.model.table import Feature, Table
from game.running.log_texts import REASONS
from game.running.match import Match, new_match
from game.ui.app import SIZE
from game.ui.battle.screen import BattleScreen
from systems.for_glory import sequence

CATEGORIES = ("LnInf", "LnInf", "LI", "HC", "LC", "FA", "HA", "LnInf")
FRAMES = 60


def battlefield(n: int) -> Match:
    """n bases of two armies in ranks on a table big enough for them, with the default scenario's
    terrain repeated across it."""
    rules = load_ruleset()
    sc = load_scenario("default", rules)
    per_row = max(10, int(math.sqrt(n * 3)))
    rows = math.ceil(n / per_row)
    width = max(72.0, per_row * 3.0 + 6)
    depth = max(48.0, rows * 3.2 + 16)
    tiles = []
    for tx in range(int(width // 72) + 1):
        for ty in range(int(depth // 48) + 1):
            for f in sc.table.features:
                tiles.append(_shifted(f, tx * 72, ty * 48))
    b = Battle(rules, Table(width, depth, tuple(tiles)), Dice(1), words=REASONS)
    sides = [s.id for s in sc.spec.sides]
    for s in sides:
        b.add_officer(f"{s}-staff", s, "staff", 3, (width / 2, 2.0 if s == sides[0] else depth - 2.0))
    for i in range(n):
        side = sides[0] if i % 2 == 0 else sides[1]
        row, col = divmod(i // 2, per_row)
        y = depth / 2 - 3 - row * 3.2 if side == sides[0] else depth / 2 + 3 + row * 3.2
        division = f"{side}-d{i // 8}"
        if division not in b.ids:
            b.add_officer(
                division, side, "division", 3, (3 + col * 3.0, y + (-1.5 if side == sides[0] else 1.5))
            )
        b.add_unit(
            f"u{i}",
            side,
            division,
            CATEGORIES[i % len(CATEGORIES)],
            "R",
            (3 + col * 3.0, y),
            90.0 if side == sides[0] else 270.0,
            hits=i % 3 if i % 5 == 0 else 0,
        )
    objectives = [ObjectiveState(o.id, o.at, o.name) for o in sc.spec.objectives]
    sequence.new_game(b, sc.id, sides, {s.id: s.edge for s in sc.spec.sides}, objectives, None)
    return Match(b, sc, rules, 1, None, [])


def _shifted(f: Feature, dx: float, dy: float) -> Feature:
    if f.linear:
        return Feature(f.kind, path=tuple((x + dx, y + dy) for x, y in f.path), width=f.width)
    return Feature(f.kind, polygon=tuple((x + dx, y + dy) for x, y in f.polygon))


def frame_times(n: int, surf: pygame.Surface) -> list[float]:
    m = battlefield(n)
    screen = BattleScreen(m, {s: "heuristic" for s in m.battle.game.sides}, surf.get_size())  # type: ignore[union-attr]
    for k in range(40):
        screen.log.add(
            f"line {k}: fr-1a rolls fire at es-1b: die 4 +1 quality FG-UNIT-26 = 5: one hit FG-CBT-15"
        )
    times = []
    for i in range(FRAMES + 5):
        screen.mouse = (200 + i * 7 % 600, 300)  # hover moves over the table like a real mouse
        t0 = time.perf_counter()
        screen.draw(surf)
        times.append((time.perf_counter() - t0) * 1000)
    m.battle.close()
    return times[5:]  # the first frames fill the sprite and label caches


def demo_frame_times(surf: pygame.Surface, frames: int = 600) -> list[float]:
    """Frames of the default scenario played AI against AI with animations running (update and
    draw, as the window loop does them; the AI thinks in its own thread meanwhile)."""
    m = new_match("default", 1)
    screen = BattleScreen(m, {s: "heuristic" for s in m.battle.game.sides}, surf.get_size())  # type: ignore[union-attr]
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        screen.update(1 / 60)
        screen.draw(surf)
        times.append((time.perf_counter() - t0) * 1000)
    screen.close()
    return times


def measure() -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    surf = pygame.Surface(SIZE)
    out: dict[str, Any] = {"render_ms": {}, "frames": FRAMES, "size": list(SIZE)}
    for n in (100, 500, 2000):
        out["render_ms"][str(n)] = round(statistics.median(frame_times(n, surf)), 3)
    demo = demo_frame_times(surf)
    out["default_scenario_ms"] = {
        "median": round(statistics.median(demo), 3),
        "p95": round(sorted(demo)[int(len(demo) * 0.95)], 3),
    }
    pygame.quit()
    return out
