"""Camera transforms and hit-testing of the client."""

import pytest

from game.ui.drawing.camera import MAX_SCALE, MIN_SCALE, Camera


def cam() -> Camera:
    return Camera((0, 56, 920, 744), x=36, y=24, scale=10)


def test_table_and_screen_are_inverse():
    c = cam()
    for p in [(0, 0), (36, 24), (71.5, 3.25), (-4, 60)]:
        back = c.to_table(c.to_screen(p))
        assert back == pytest.approx(p)


def test_north_is_up_on_screen():
    c = cam()
    south, north = c.to_screen((36, 0)), c.to_screen((36, 48))
    assert north[1] < south[1]
    assert c.to_screen((36, 24)) == pytest.approx((460, 56 + 372))


def test_zoom_keeps_the_point_under_the_mouse():
    c = cam()
    mouse = (700, 300)
    before = c.to_table(mouse)
    c.zoom_at(mouse, 1.5)
    assert c.scale == pytest.approx(15)
    assert c.to_table(mouse) == pytest.approx(before)


def test_zoom_is_bounded():
    c = cam()
    for _ in range(50):
        c.zoom_at((100, 100), 2.0)
    assert c.scale == MAX_SCALE
    for _ in range(100):
        c.zoom_at((100, 100), 0.5)
    assert c.scale == MIN_SCALE


def test_pan_drags_the_table_with_the_mouse():
    c = cam()
    p = c.to_screen((10, 10))
    c.pan_pixels(50, -20)
    assert c.to_screen((10, 10)) == pytest.approx((p[0] + 50, p[1] - 20))


def test_fit_shows_the_whole_table():
    c = cam()
    c.fit(72, 48)
    left, top, w, h = c.view
    for corner in [(0, 0), (72, 0), (0, 48), (72, 48)]:
        sx, sy = c.to_screen(corner)
        assert left <= sx <= left + w and top <= sy <= top + h
    x0, y0, x1, y1 = c.visible_box()
    assert x0 <= 0 and y0 <= 0 and x1 >= 72 and y1 >= 48


def test_contains_is_the_viewport():
    c = cam()
    assert c.contains((10, 60)) and not c.contains((10, 50)) and not c.contains((921, 400))


def test_bring_into_view_pans_only_when_something_is_hidden() -> None:
    from game.ui.drawing.camera import Camera

    cam = Camera((0, 0, 800, 600), x=36.0, y=24.0, scale=12.0)
    cam.bring_into_view([(36.0, 24.0), (40.0, 26.0)])
    assert (cam.x, cam.y, cam.scale) == (36.0, 24.0, 12.0)  # both shown: nothing moves
    cam.bring_into_view([(100.0, 80.0), (104.0, 82.0)])
    assert (cam.x, cam.y, cam.scale) == (102.0, 81.0, 12.0)
    assert all(cam.contains(cam.to_screen(p)) for p in [(100.0, 80.0), (104.0, 82.0)])
