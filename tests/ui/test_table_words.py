"""Issue 38, the words on the table: units' names readable and never running into each other, across
units or centred over two; the round's banner never over the pieces. Every shipped battle's
deployment is laid out at 1280x720 and 1920x1080 in every interface size, and no two words overlap,
none covers a piece, and each unit's name stands clear of every piece but its own (a name with no
such place is left out: hovering the unit names it)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game import CONTENT
from game.ai.players import make_player
from game.running.match import Match, new_match
from game.running.settings import UI_SCALES, Settings
from game.ui import theme
from game.ui.battle.screen import BattleScreen
from game.ui.drawing.render import LABEL_SIZE
from game.ui.drawing.table_words import CLEAR

SIZES = ((1280, 720), (1920, 1080))


BATTLES = sorted(p.stem for p in (CONTENT / "scenarios").glob("*.toml"))  # Open Wars' maps: open-wars/


_MATCHES: dict[str, Match] = {}


def _deployed(scenario: str) -> Match:
    """The battle as its first order finds it: every division the deployment puts on the table."""
    if scenario not in _MATCHES:
        m = new_match(scenario, 3)
        b = m.battle
        players = {s: make_player("heuristic", s, 1) for s in b.game.sides}  # type: ignore[union-attr]
        while b.pending is not None and b.pending.kind in ("deploy", "place_staff"):
            m.apply(players[b.pending.side].decide(b, b.pending))
        _MATCHES[scenario] = m
    return _MATCHES[scenario]


@pytest.fixture(scope="module", autouse=True)
def _closed() -> Iterator[None]:
    yield
    for m in _MATCHES.values():
        m.battle.close()
    _MATCHES.clear()


def _screen(m: Match, size: tuple[int, int], ui: float) -> tuple[BattleScreen, pygame.Surface]:
    surf = pygame.display.set_mode(size)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), size, Settings(ui_scale=ui))
    screen.display.skip()
    return screen, surf


@pytest.mark.parametrize("scenario", BATTLES)
def test_no_word_on_the_table_overlaps_another_or_a_piece(window720: pygame.Surface, scenario: str) -> None:
    m = _deployed(scenario)
    for size in SIZES:
        for ui in UI_SCALES:
            screen, surf = _screen(m, size, ui)
            screen.display.banner = ""
            screen.draw(surf)
            r, at = screen.renderer, f"{scenario} {size} x{ui}"
            view = pygame.Rect(screen.camera.view)
            for i, w in enumerate(r.laid):
                assert view.contains(w.rect), at
                assert w.rect.collidelist([o.rect for o in r.laid[i + 1 :]]) < 0, (at, w)
                assert w.rect.collidelist(r.taken) < 0, (at, w)
            names = [w for w in r.laid if w.where == "side"]
            assert names or screen.camera.scale < 9, at  # zoomed out too far, the table shows no names
            for w in names:  # each reads as its own unit's: every other piece further off than CLEAR
                near = [
                    p for p in r.taken if p != w.piece and p.colliderect(w.rect.inflate(2 * CLEAR, 2 * CLEAR))
                ]
                assert not near, (at, w, near)
                assert w.rect.h >= theme.font(LABEL_SIZE).get_height(), (at, w)  # never tiny


def test_the_round_banner_stands_clear_of_the_officers_at_the_top_edge(window720: pygame.Surface) -> None:
    """Issue 38's defect: the round's banner, always at the top of the table, covered the officers
    standing at the top edge. It goes where it covers no piece."""
    screen, surf = _screen(_deployed("default"), (1280, 720), 1.0)
    view = pygame.Rect(screen.camera.view)
    x, y = screen.camera.to_table((view.centerx, view.y + 40))  # where the banner stood
    pieces = [n for n in screen.battle.ids if n in screen.display.shown]
    for dx, name in zip((-3.0, 0.0, 3.0), pieces, strict=False):
        screen.display.shown[name].x, screen.display.shown[name].y = x + dx, y
    screen.display.banner, screen.display.banner_age = "Round 1: activations", 0.0
    screen.draw(surf)
    assert screen.banner_box is not None
    assert screen.banner_box.collidelist(screen.renderer.taken) < 0
