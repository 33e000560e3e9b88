"""The map editor lays every shipped Open Wars map with nothing of it hidden (session 13: in Four Winds
each mere touched the city card above it at 1280x720, and the water link between them was hidden):
no two cards touch, GAP pixels kept between any two; every card inside the map's frame; every link
shows between its two cards. (A link the map's places run under a third card, as Border March's Old
Crossing to Lakeport under Sun Desert, runs under it on the game's screen too: the map's, not the
editor's.)"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game import CONTENT
from game.content.locale import Texts
from game.content.ruleset_files import load_ruleset
from game.editing.random_battles import random_text
from game.model.modules import RandomOptions
from game.running.settings import WINDOWS
from game.ui.editor.map_page import CARD, GAP, NARROWEST, SHORTEST, MapCanvas
from game.ui.editor.screen import EditorScreen
from tests.ui.editor_driver import frames

MAPS = sorted(
    p
    for p in (CONTENT / "scenarios" / "open-wars").glob("*.toml")
    if "random" not in tomllib.loads(p.read_text(encoding="utf-8"))  # a spec: the generator lays it
)


def canvas_of(surf: pygame.Surface, path: Path) -> MapCanvas:
    ed = EditorScreen(surf.get_size(), Texts("en"), [], path, kind="map")
    frames(ed, surf)
    assert isinstance(ed.canvas, MapCanvas)
    return ed.canvas


def assert_nothing_hidden(canvas: MapCanvas) -> None:
    cards = {str(loc.get("id")): rect for _i, loc, rect in canvas.cards()}
    rects = list(cards.values())
    assert len(rects) > 5
    w, h = canvas.card_size()
    assert w >= NARROWEST and h >= SHORTEST
    room = [r.inflate(GAP, GAP) for r in rects]  # half the gap each side: two cards closer collide
    assert all(a.collidelist(room[k + 1 :]) < 0 for k, a in enumerate(room)), "two cards touch"
    frame = canvas.area().inflate(CARD[0], CARD[1])
    assert all(frame.contains(r) for r in rects)
    for a, b in canvas.doc.get(("links",)) or []:
        ends = (cards[a], cards[b])
        line = (ends[0].center, ends[1].center)
        shown = [p for p in _points(*line) if not any(end.collidepoint(p) for end in ends)]
        assert len(shown) >= GAP - 1, f"the link {a}-{b} is hidden between its cards"


def _points(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[float, float]]:
    """The points of a segment, one a pixel along its length."""
    steps = max(abs(end[0] - start[0]), abs(end[1] - start[1]), 1)
    return [
        (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
        for k in range(steps + 1)
    ]


@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_every_shipped_map_is_laid_with_nothing_hidden(size: tuple[int, int], path: Path) -> None:
    pygame.init()
    surf = pygame.display.set_mode(size)
    try:
        assert_nothing_hidden(canvas_of(surf, path))
    finally:
        pygame.quit()


@pytest.mark.parametrize("seed", [5, 11, 23])
def test_a_random_map_kept_as_a_file_is_laid_with_nothing_hidden(
    window720: pygame.Surface, tmp_path: Path, seed: int
) -> None:
    ident, made = random_text(load_ruleset(), "open-wars", seed, RandomOptions())
    path = tmp_path / f"{ident}.toml"
    path.write_text(made, encoding="utf-8")
    assert_nothing_hidden(canvas_of(window720, path))


def test_the_shipped_maps_are_all_here() -> None:
    assert {p.stem for p in MAPS} >= {"ow-four-winds", "ow-twin-fords", "ow-border-march"} and len(MAPS) == 6
