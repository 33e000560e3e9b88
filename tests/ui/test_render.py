"""Render smoke tests that look at real pixels of a drawn frame."""

import esper
import pygame

from game.model.components import Pose
from game.model.geometry import centroid, heading
from game.ui import theme
from game.ui.battle.hud import draw_dice
from tests.ui.driver import frame, open_screen


def close(a, b, tol=40):
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


def deployed_screen(window, seed=3):
    screen = open_screen(window, a="heuristic", b="heuristic", seed=seed)
    b = screen.battle
    for _ in range(200):  # let the AIs deploy and play into round 1
        screen.display.skip()
        frame(screen, window)
        if b.game.round >= 1 and b.pending is not None and b.pending.kind == "order":
            break
        screen.ai.wait_for_answer(30)
        screen.ai.wait = 0
    screen.display.skip()
    frame(screen, window)
    return screen


def test_the_table_and_its_terrain_are_drawn(window):
    screen = deployed_screen(window)
    table = screen.battle.table
    cam = screen.camera
    screen.display.dice = None  # the last roll's box stands on the table's corner while it shows
    screen.draw(window)
    # a bare corner of the table shows the table's colour
    assert close(window.get_at([int(v) for v in cam.to_screen((2, 2))]), theme.TABLE)
    # outside the table, the background
    left, top, _w, _h = cam.view
    assert close(window.get_at((left + 2, top + 2)), theme.BACKGROUND, 10)
    # each wood is green where drawn: most pixels inside it are wood colours
    wood = next(f for f in table.features if f.kind.kind == "wood")
    c = centroid(wood.polygon)
    pts = [(c[0] + dx * 0.5, c[1] + dy * 0.5) for dx in range(-2, 3) for dy in range(-2, 3)]
    greens = sum(
        1
        for p in pts
        if (lambda px: px[1] > px[0] and px[1] > px[2])(window.get_at([int(v) for v in cam.to_screen(p)]))
    )
    assert greens >= len(pts) * 0.8
    screen.close()


def test_units_show_in_their_side_colour_with_a_front_edge(window):
    screen = deployed_screen(window)
    b = screen.battle
    cam = screen.camera
    b.enter()
    checked = 0
    for name, shown in screen.display.shown.items():
        e = b.ids[name]
        pose = esper.try_component(e, Pose)
        if not shown.on_table or pose is None or not pose.corners:
            continue
        side = b.side_of(e)
        colour = screen.renderer.colours[side]
        fx, fy = heading(shown.facing)
        lx, ly = -fy, fx
        # a point on the base away from the symbol, and a point on the front edge band
        body = (shown.x + lx * 0.85 - fx * 0.3, shown.y + ly * 0.85 - fy * 0.3)
        front = (shown.x + fx * 0.56 + lx * 0.5, shown.y + fy * 0.56 + ly * 0.5)
        if close(window.get_at([int(v) for v in cam.to_screen(body)]), colour, 30):
            assert close(window.get_at([int(v) for v in cam.to_screen(front)]), theme.ACCENT, 60)
            checked += 1
    assert checked >= 6, "too few units found drawn in their colour"
    screen.close()


def test_the_hud_is_drawn(window):
    screen = deployed_screen(window)
    bar = [window.get_at((x, 18)) for x in range(10, 300, 3)]
    assert any(close(p, theme.TEXT, 30) for p in bar), "no text in the top bar"
    panel = screen.log.rect
    log_pixels = [window.get_at((panel.x + 20 + k, panel.y + 30 + k // 3)) for k in range(0, 200, 2)]
    assert any(not close(p, theme.PANEL, 20) for p in log_pixels), "the battle log is empty"
    screen.close()


def test_hovering_a_rule_id_in_the_log_shows_its_text(window):
    screen = deployed_screen(window)
    frame(screen, window)
    spans = screen.log._spans
    assert spans, "the log shows no rule ID"
    rect, rid = spans[-1]
    screen.mouse = rect.center
    before = window.copy()
    screen.draw(window)
    changed = sum(
        1
        for x in range(0, 1280, 16)
        for y in range(0, 800, 16)
        if window.get_at((x, y)) != before.get_at((x, y))
    )
    assert changed > 5, "no tooltip appeared"
    assert screen.reference[rid].text
    screen.close()


def test_the_end_screen_shows_the_winner(window):
    from game.ui.battle.end_screen import EndScreen

    screen = deployed_screen(window)
    end = EndScreen(screen)
    before = window.copy()
    end.draw(window)
    centre = window.get_rect().center
    assert window.get_at(centre) != before.get_at(centre)
    assert set(end.result["score_lines"][screen.battle.game.sides[0]]) >= {"FG-VIC-5", "FG-VIC-10"}
    screen.close()


def test_a_demo_saves_a_screenshot(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "shot.png"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "play",
            "--demo",
            "--seed",
            "2",
            "--frames",
            "90",
            "--screenshot",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 800)
    colours = {img.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 800, 40)}
    assert len(colours) > 10


def test_the_hover_box_says_a_unit_is_disorganised_by_a_failed_check() -> None:
    """FG-ACT-4: a failed leadership check disorganises the division; the hover box says so and why."""
    from game.model import commands as cmd
    from game.ui.battle.unit_words import unit_lines
    from tests.helpers import make_battle, officer, unit

    b = make_battle([1])  # a natural 1: the check fails
    officer(b, "o", "red", (30.0, 20.0))
    unit(b, "u", "red", (30.0, 22.0), 90.0, division="o")
    assert not any("disorganised" in line for line in unit_lines(b, "u"))
    b.apply(cmd.CheckLeadership("o"))
    assert any("failed his leadership check (FG-ACT-4)" in line for line in unit_lines(b, "u"))
    b.close()


def test_a_ghost_dragged_off_the_table_waits_at_its_edge() -> None:
    from game.ui.battle.human import HumanInput
    from tests.helpers import make_battle, unit

    b = make_battle()
    unit(b, "u", "red", (2.0, 20.0), 180.0)
    human = HumanInput(b)
    ghost = human._move_ghost("u", (-30.0, 20.0))
    assert 0 < ghost.at[0] < 2.0 and ghost.at[1] == 20.0
    b.close()


def test_a_roll_of_several_dice_shows_each_die(window: pygame.Surface) -> None:
    """A module's 5D6 (a Warhammer flight) draws five dice, settled on their faces."""
    from game.model.events import Roll
    from game.ui.drawing.display import DiceShow

    screen = open_screen(window, a="human", b="human")
    roll = Roll(
        check="flee",
        unit="x",
        die=21,
        dice=(3, 4, 3, 6, 5),
        read="sum",
        modifiers=(),
        total=21,
        outcome="8.4",
    )
    screen.display.dice = DiceShow(roll.to_dict(), age=1.0)
    window.fill((0, 0, 0))
    draw_dice(screen, window)
    box = screen.dice_box
    assert box is not None
    y = box.y + 10 + 5  # just inside the dice, above the pips
    ivory = [window.get_at((box.x + 10 + i * 30 + 13, y))[:3] for i in range(5)]
    assert ivory == [(245, 242, 230)] * 5
    screen.close()


def test_FG_MINI_1_the_client_plays_without_miniatures_with_counters(window: pygame.Surface) -> None:
    """FG-MINI-1: no miniatures: each base is a counter of the base's size (2" x 1.2") with its arm's
    symbol, so infantry, cavalry and artillery counters differ."""
    from game.model.table import Table
    from game.ui.drawing.render import BaseLook, Renderer
    from tests.helpers import rules

    rs = rules()
    r = Renderer(Table(72, 48), {"red": (190, 40, 40)}, (2.0, 1.2), 0.4)
    counters = {
        c.type: r._upright(BaseLook("u", "red", code, c.type), 20.0) for code, c in rs.categories.items()
    }
    assert {s.get_size() for s in counters.values()} == {(40, 24)}
    assert len({pygame.image.tobytes(s, "RGBA") for s in counters.values()}) == 3


def test_WM_37_ground_a_module_makes_impassable_is_drawn_barred() -> None:
    """WM-37 (WM-DEC-24): a field the rules in play agree impassable (warhammer-terrain's [ground]) is
    drawn hatched in the impassable ground's ink over its own look, so the table shows that no move
    crosses it; the same field under For Glory's own classes has none of that ink."""
    from game.model.table import Feature, Table
    from game.ui.drawing.camera import Camera
    from game.ui.drawing.render import Renderer
    from tests.helpers import rules

    field = Feature(rules().terrain["field"], polygon=((4.0, 4.0), (12.0, 4.0), (12.0, 10.0), (4.0, 10.0)))
    plain = Table(16, 14, (field,))
    barred = plain.reclassed({"field": "impassable"})
    assert barred.movement_at((8, 7)) == "impassable"
    ink = theme.TERRAIN_OUTLINE["impassable"]
    cam = Camera((0, 0, 320, 280), x=8, y=7, scale=20.0)

    def inked(table: Table) -> int:
        surf = pygame.Surface((320, 280))
        Renderer(table, {}, (2.0, 1.2), 0.4).draw_table(surf, cam)
        (x0, y0), (x1, y1) = (cam.to_screen(p) for p in ((5.0, 5.0), (11.0, 9.0)))  # y grows downwards
        xs, ys = range(int(min(x0, x1)), int(max(x0, x1))), range(int(min(y0, y1)), int(max(y0, y1)))
        inside = [tuple(surf.get_at((x, y)))[:3] for x in xs for y in ys]
        return sum(1 for c in inside if max(abs(a - b) for a, b in zip(c, ink, strict=True)) <= 24)

    assert inked(plain) == 0
    assert inked(barred) > 1000  # strokes every 7 pixels, 2 wide, over a 120 x 80 pixel inside
