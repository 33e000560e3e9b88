"""The pictures of assets/art/ are the script's own output, drawn on the table in the sides' colours,
with a drawn fallback when one is missing; and a crowded melee stays readable: no word on a base or an
officer, objectives' holders seen over the pieces, hits and disorganisation seen on either colour."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame
import pytest

from game import ASSETS
from game.model.geometry import heading
from game.model.table import Table
from game.ui import theme
from game.ui.drawing.camera import Camera
from game.ui.drawing.display import Display, Shown
from game.ui.drawing.render import BaseLook, OfficerLook, Renderer

BLUE, RED = (44, 82, 170), (190, 40, 40)


def load_make_art():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_art", ASSETS / "make_art.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fresh_art():  # type: ignore[no-untyped-def]
    pygame.init()
    theme._art.clear()
    theme._tinted.clear()
    yield
    theme._art.clear()
    theme._tinted.clear()


def test_the_art_files_are_the_scripts_output(tmp_path: Path) -> None:
    made = load_make_art().make(tmp_path)
    kept = {p.relative_to(ASSETS / "art") for p in (ASSETS / "art").rglob("*.png")}
    assert {p.relative_to(tmp_path) for p in made} == kept
    for p in made:
        assert p.read_bytes() == (ASSETS / "art" / p.relative_to(tmp_path)).read_bytes(), p
    assert sum(p.stat().st_size for p in made) < 300_000


def test_every_category_and_area_terrain_of_for_glory_has_its_picture(fresh_art: None) -> None:
    from tests.helpers import rules

    rs = rules()
    for code in rs.categories:
        assert theme.art(f"counters/{code}.png") is not None, code
        assert theme.art(f"counters/{code}-small.png") is not None, code
    for code in rs.qualities:
        assert (theme.art(f"quality/{code}.png") is None) == (rs.qualities[code].modifier == 0), code
    areas = [k for k, t in rs.terrain.items() if not (t.road or t.crossing or t.linear or t.kind == "open")]
    for kind in areas:  # lines (rivers, streams, walls, steep slopes) are drawn as lines
        assert theme.art(f"terrain/{kind}.png") is not None, kind


def ink(s: pygame.Surface, colour: tuple[int, int, int], dark: bool = False) -> float:
    """The share of a counter's pixels that are its light ink (or, dark=True, near black)."""
    data = pygame.image.tobytes(s, "RGB")
    px = [data[i : i + 3] for i in range(0, len(data), 3)]
    if dark:
        return sum(1 for p in px if sum(p) < 120) / len(px)
    return sum(1 for p in px if min(p) > 150 and sum(p) > sum(colour) + 200) / len(px)


def renderer() -> Renderer:
    return Renderer(Table(72, 48), {"blue": BLUE, "red": RED}, (2.0, 1.2), 0.4)


@pytest.mark.parametrize("scale", [12.0, 40.0, 100.0])
def test_heavy_and_light_cavalry_differ_at_every_zoom(fresh_art: None, scale: float) -> None:
    r = renderer()
    for side, colour in (("blue", BLUE), ("red", RED)):
        heavy = r._upright(BaseLook("u", side, "HC", "cavalry"), scale)
        light = r._upright(BaseLook("u", side, "LC", "cavalry"), scale)
        assert ink(heavy, colour) > 2 * ink(light, colour) > 0, (side, scale)
    counters = {
        pygame.image.tobytes(r._upright(BaseLook("u", "red", c, "x"), scale), "RGB")
        for c in ("LnInf", "LI", "HC", "LC", "FA", "HA")
    }
    assert len(counters) == 6


@pytest.mark.parametrize("colour", [BLUE, RED])
def test_disorganisation_and_hits_are_seen_on_either_colour(
    fresh_art: None, colour: tuple[int, int, int]
) -> None:
    r = Renderer(Table(72, 48), {"s": colour}, (2.0, 1.2), 0.4)
    calm = r._upright(BaseLook("u", "s", "LnInf", "infantry"), 30.0)
    shaken = r._upright(BaseLook("u", "s", "LnInf", "infantry", disorganised=True), 30.0)
    assert ink(calm, colour, dark=True) < 0.05 < 0.15 < ink(shaken, colour, dark=True)
    surf = pygame.Surface((200, 200))
    cam = Camera((0, 0, 200, 200), x=10, y=10, scale=30.0)
    display = Display()
    display.shown["u"] = Shown(10, 10, 90, hits=2)
    r.draw_units(surf, cam, [BaseLook("u", "s", "LnInf", "infantry")], display)
    # each hit token, near the rear edge on the base: red in a white ring in a dark rim
    for across in (-0.225, 0.225):
        x, y = (int(v) for v in cam.to_screen((10 + across, 10 - 0.6 + 0.25)))
        around = {tuple(surf.get_at((x + dx, y + dy)))[:3] for dx in range(-9, 10) for dy in range(-9, 10)}
        assert theme.HIT in around and (255, 255, 255) in around and (15, 15, 15) in around


def crowded_melee() -> tuple[Renderer, Camera, Display, list[BaseLook], list[OfficerLook], pygame.Surface]:
    """Two lines of four bases in contact front to front, a second line behind each, their officers just
    behind, an objective under the melee: names, tags and officers' initiative all wanting room."""
    r = renderer()
    display = Display()
    looks, officers = [], []
    for side, y0, facing, step in (("blue", 20.0, 90.0, -1.3), ("red", 21.2, 270.0, 1.3)):
        for rank in range(2):
            for k in range(4):
                name = f"{side}-{rank}{k}"
                display.shown[name] = Shown(30.0 + 2.0 * k, y0 + step * rank, facing, hits=k % 2)
                badge = "F2" if k == 1 else ""
                looks.append(
                    BaseLook(name, side, ("LnInf", "HC", "LC", "FA")[k], "x", k == 2, False, name, badge)
                )
        officer = f"{side}-gen"
        display.shown[officer] = Shown(33.0, y0 + step * 2 + step * 0.2, facing)
        officers.append(OfficerLook(officer, side, False, 3, 7))
    cam = Camera((0, 0, 640, 480), x=33.0, y=20.6, scale=20.0)
    return r, cam, display, looks, officers, pygame.Surface((640, 480))


def test_in_a_crowded_melee_no_word_covers_a_base_or_an_officer(fresh_art: None) -> None:
    r, cam, display, looks, officers, surf = crowded_melee()
    r.draw_units(surf, cam, looks, display)
    r.draw_officers(surf, cam, officers, display)
    r.draw_objectives(surf, cam, [("Molino", (33.0, 20.6), "red")])
    r.draw_labels(surf, cam)
    # every officer's initiative and the objective's name found room; a unit's name only where it
    # reads as that unit's (issue 38: clear of every other piece), which a packed melee leaves nowhere
    assert len(r.placed) >= len(officers) + 1
    for look in looks:  # points spread over each base, worked out from its pose
        sh = display.shown[look.name]
        fx, fy = heading(sh.facing)
        for a in (-0.95, -0.5, 0, 0.5, 0.95):
            for b in (-0.55, 0, 0.55):
                p = cam.to_screen((sh.x + fx * b - fy * a, sh.y + fy * b + fx * a))
                assert not any(w.collidepoint(p) for w in r.placed), (look.name, p)
    for o in officers:
        c = cam.to_screen((display.shown[o.name].x, display.shown[o.name].y))
        disc = pygame.Rect(0, 0, 16, 16)
        disc.center = (int(c[0]), int(c[1]))
        assert disc.collidelist(r.placed) < 0, o.name
    assert all(pygame.Rect(cam.view).contains(w) for w in r.placed)
    for i, w in enumerate(r.placed):
        assert w.collidelist(r.placed[i + 1 :]) < 0


def test_a_base_on_an_objective_is_not_hidden_and_the_holder_is_still_seen(fresh_art: None) -> None:
    """Issue 22: the star was drawn over a battery standing on the objective. Now the star lies under
    the pieces, and its name, laid in free room (further out with a line to the star if need be), starts
    with a star in the holder's colour."""
    r, cam, display, looks, officers, surf = crowded_melee()
    at = (32.0, 20.0)  # under blue-01, a base of the blue side
    r.draw_objectives(surf, cam, [("Molino", at, "red")])  # as the battle screen draws: ground first
    r.draw_units(surf, cam, looks, display)
    r.draw_officers(surf, cam, officers, display)
    r.draw_labels(surf, cam)
    c = cam.to_screen(at)
    assert tuple(surf.get_at((int(c[0]), int(c[1]))))[:3] != RED  # the base shows, not the star
    name = r.placed[0]  # laid first, always
    assert pygame.Rect(cam.view).contains(name) and name.collidelist(r.taken) < 0
    reds = sum(
        1
        for x in range(name.x, name.x + name.h)
        for y in range(name.y, name.bottom)
        if surf.get_at((x, y))[:3] == RED
    )
    assert reds > 5  # the holder's star at the start of the name


def test_two_names_keep_a_gap_and_never_read_as_one(fresh_art: None) -> None:
    r, cam, display, looks, officers, surf = crowded_melee()
    r.draw_units(surf, cam, looks, display)
    r.draw_officers(surf, cam, officers, display)
    r.draw_labels(surf, cam)
    for i, a in enumerate(r.placed):
        for b in r.placed[i + 1 :]:
            assert not a.inflate(6, 2).colliderect(b), (a, b)


def test_without_its_pictures_the_table_is_still_drawn(
    fresh_art: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A missing file: the counter falls back to its arm's drawn symbol, the terrain to a plain fill."""
    from game.model.table import Feature
    from tests.helpers import rules

    monkeypatch.setattr(theme, "ART", tmp_path)
    r = renderer()
    kinds = {
        c.type: r._upright(BaseLook("u", "red", code, c.type), 20.0) for code, c in rules().categories.items()
    }
    assert len({pygame.image.tobytes(s, "RGB") for s in kinds.values()}) == 3
    wood = rules().terrain["wood"]
    table = Table(72, 48, (Feature(wood, polygon=((10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0))),))
    Renderer(table, {}, (2.0, 1.2), 0.4).draw_table(pygame.Surface((400, 300)), Camera((0, 0, 400, 300)))


def test_overlays_stay_on_the_table(window: pygame.Surface) -> None:
    """Every overlay on (vision strips, reaction areas, ranges, command circles): the background around
    the table keeps its colour."""
    from tests.ui.driver import answer_until, open_screen

    screen = open_screen(window, a="human", b="human")
    answer_until(screen, window, "order")
    screen.alert, screen.display.dice = None, None  # the boxes over the view's corner
    screen.overlays.on = {"vision", "reactions", "ranges", "command"}
    screen.draw(window)
    cam = screen.camera
    table = screen.battle.table
    (x0, _y0), (x1, y1) = cam.to_screen((0, table.depth)), cam.to_screen((table.width, 0))
    left, top, _w, h = cam.view
    outside = [(x, y) for x in range(left + 1, int(x0) - 3, 3) for y in range(top + 60, top + h - 90, 3)]
    outside += [(x, y) for x in range(int(x0), int(x1), 5) for y in range(int(y1) + 4, top + h - 2, 2)]
    assert len(outside) > 500
    assert all(tuple(window.get_at(p))[:3] == theme.BACKGROUND for p in outside)
    screen.close()
