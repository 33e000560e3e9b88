"""Issue 22, the move's ghost as a player handles it: a unit already selected (or already moving) is
dragged again and its ghost follows; Q/E and Shift+wheel turn a ghost that is put down; a ghost left
where its unit stands is never sent as a wasted order; the greyed Fire and Charge say the true reason;
an enemy under the mouse shows the odds against it."""

import esper
import pygame
import pytest

from game.model.components import Pose
from tests.ui.driver import at, click, frame, hover, key, open_screen, press
from tests.ui.test_order_flow import _first_order


def _drag(screen, surf, a, z, steps=4):
    a = (int(a[0]), int(a[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    for i in range(1, steps + 1):
        p = (int(a[0] + (z[0] - a[0]) * i / steps), int(a[1] + (z[1] - a[1]) * i / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(z[0]), int(z[1])), button=1))
    frame(screen, surf)


def _ordering(window):
    screen = open_screen(window)
    b = _first_order(screen, window)
    unit = b.pending.options[0]
    b.enter()
    pose = esper.component_for_entity(b.ids[unit], Pose)
    ahead = 1.0 if b.game.edges[b.pending.side] == "south" else -1.0
    return screen, b, unit, (pose.x, pose.y), ahead


def test_dragging_the_selected_unit_moves_its_ghost_and_enter_orders_that_move(window):
    """The playtest's defect: a unit clicked (selected), then Move pressed, then dragged: the ghost
    stayed on the unit ("move: 0.0 of 8") and Enter sent a pivot in place."""
    screen, b, unit, start, ahead = _ordering(window)
    click(at(screen, start))
    frame(screen, window)
    press(screen, window, "move")
    h = screen.human
    assert h.selected == unit and h.mode == "move"
    goal = (start[0], start[1] + 2.0 * ahead)
    _drag(screen, window, at(screen, start), at(screen, goal))
    assert h.placed and h.ghost.ok
    assert h.ghost.at == pytest.approx(goal, abs=0.1)
    assert any('2"' in line for line in h.ghost.lines)  # the panel shows the distance dragged
    n = len(screen.match.commands)
    key(pygame.K_RETURN)
    frame(screen, window)
    screen.display.skip()
    assert len(screen.match.commands) == n + 1
    moved = [e for e in b.events if e.kind == "moved" and e.unit == unit]
    assert moved and moved[-1].how != "pivot"
    assert esper.component_for_entity(b.ids[unit], Pose).y == pytest.approx(goal[1], abs=0.05)
    screen.close()


def test_dragging_a_unit_again_follows_the_new_drag(window):
    """Dragged once, then grabbed again on the unit itself (not on its ghost): the ghost follows the
    second drag (and the turn given to the ghost is kept)."""
    screen, _b, _unit, start, ahead = _ordering(window)
    h = screen.human
    _drag(screen, window, at(screen, start), at(screen, (start[0], start[1] + 3.0 * ahead)))
    key(pygame.K_q)
    frame(screen, window)
    turned = h.ghost.facing
    during = []

    second = (start[0] + 1.5, start[1] + 1.2 * ahead)
    a = at(screen, start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(a[0]), int(a[1])), button=1))
    mid = at(screen, (start[0] + 0.8, start[1] + 0.6 * ahead))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(mid[0]), int(mid[1])), rel=(0, 0)))
    frame(screen, window)
    during.append(h.ghost.wanted or h.ghost.at)  # it follows (stopping short where it may not end)
    assert during[0] == pytest.approx((start[0] + 0.8, start[1] + 0.6 * ahead), abs=0.1)
    z = at(screen, second)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(z[0]), int(z[1])), button=1))
    frame(screen, window)
    assert h.placed and (h.ghost.wanted or h.ghost.at) == pytest.approx(second, abs=0.1)
    assert h.ghost.facing == pytest.approx(turned)
    screen.close()


def test_a_ghost_where_its_unit_stands_is_never_sent(window):
    """A click on the moving unit puts its ghost where it stands (to turn it there); unturned, Confirm
    is greyed with the reason and Enter sends nothing; turned, it is a pivot the player chose."""
    screen, _b, _unit, start, _ahead = _ordering(window)
    h = screen.human
    click(at(screen, start))
    frame(screen, window)
    press(screen, window, "move")
    click(at(screen, start))  # on the unit itself
    frame(screen, window)
    assert h.placed and h.standing_still()
    confirm = next(bt for _r, bt in screen.buttons if bt.key == "confirm")
    assert not confirm.enabled and "Q / E" in confirm.hint
    n = len(screen.match.commands)
    key(pygame.K_RETURN)
    frame(screen, window)
    assert len(screen.match.commands) == n and h.confirm() is None
    key(pygame.K_e)
    frame(screen, window)
    assert not h.standing_still()
    key(pygame.K_RETURN)
    frame(screen, window)
    assert len(screen.match.commands) == n + 1
    screen.close()


@pytest.mark.parametrize("how", ["q", "e", "shift-wheel"])
def test_q_e_and_shift_wheel_turn_a_placed_ghost(window, how):
    """docs/playing.md: Q/E (15 degrees each way) or Shift+wheel turn the ghost, placed or not."""
    screen, _b, _unit, start, ahead = _ordering(window)
    h = screen.human
    goal = (start[0], start[1] + 2.0 * ahead)
    _drag(screen, window, at(screen, start), at(screen, goal))
    assert h.placed
    before = h.ghost.facing
    hover(at(screen, (goal[0] + 3, goal[1])))  # the mouse elsewhere: the placed ghost stays
    if how == "shift-wheel":
        pygame.key.set_mods(pygame.KMOD_SHIFT)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0))
    else:
        key(pygame.K_q if how == "q" else pygame.K_e)
    frame(screen, window)
    pygame.key.set_mods(0)
    want = (before + (-15 if how == "e" else 15)) % 360
    assert h.ghost.facing == pytest.approx(want, abs=0.01)
    assert h.ghost.at == pytest.approx(goal, abs=0.1)  # turned where it was put down
    screen.close()


def test_a_greyed_charge_says_the_real_reason_for_the_nearest_enemy(window):
    """No enemy within reach: the hint says so with the nearest enemy and its distance, never a reason
    about where the unit was "before it moved"."""
    screen, _b, _unit, start, _ahead = _ordering(window)
    click(at(screen, start))
    frame(screen, window)
    charge = next(bt for _r, bt in screen.buttons if bt.key == "charge")
    fire = next(bt for _r, bt in screen.buttons if bt.key == "fire")
    assert not charge.enabled and not fire.enabled  # the armies stand far apart at the start
    assert "before it moved" not in charge.hint
    assert "no enemy within its charge reach" in charge.hint and "away" in charge.hint
    assert "range" in fire.hint
    screen.close()


def test_the_greyed_charge_of_a_unit_facing_away_says_it_cannot_see_the_target():
    from game.ui.battle.human import HumanInput
    from tests.helpers import make_battle, unit

    b = make_battle()
    me = unit(b, "es-1a", "es", (10, 10), 270)  # facing away from the enemy behind it
    unit(b, "fr-1a", "fr", (10, 14), 270)
    why = HumanInput(b).no_target_why("charge", me)
    assert "fr-1a, the nearest within reach" in why and "vision area of es-1a" in why
    assert "before it moved" not in why and "(FG-CHG-2)" in why
    b.close()


def test_hovering_an_enemy_shows_the_odds_against_it_as_the_buttons_would():
    from game.model.resolution import Decision
    from game.ui.battle.human import HumanInput
    from game.ui.battle.unit_words import said_odds
    from systems.for_glory.odds import fire_odds
    from tests.helpers import make_battle, unit

    b = make_battle()
    me = unit(b, "es-1a", "es", (10, 10), 90, cat="FA")
    them = unit(b, "fr-1a", "fr", (10, 15), 270)
    h = HumanInput(b)
    h.decision, h.selected = Decision("order", "es", "es-1a", ("es-1a",)), "es-1a"
    h.hover((10, 15))
    assert h.hover_enemy == "fr-1a"
    lines = h.preview(h.hover_enemy)
    assert lines[0] == f"{h.t.names('es-1a')} shoots: {said_odds(fire_odds(b, me, them), h.t)}"
    assert lines[1].startswith(f"{h.t.names('es-1a')} cannot charge")  # a battery does not charge
    # asked again in the next frames: taken from the cache, not worked out again
    h._previews = {k: [*v, "cached"] for k, v in h._previews.items()}
    assert h.preview("fr-1a")[-1] == "cached"
    assert h.preview("es-1a") == []  # one's own unit: no odds
    h.hover((30, 30))
    assert h.hover_enemy is None
    b.close()


def test_an_enemys_hover_box_leads_with_the_odds_against_it(window, monkeypatch):
    screen, b, unit, start, _ahead = _ordering(window)
    enemy = next(b.name(e) for e in b.enemy_units(b.pending.side))
    shown = []
    monkeypatch.setattr(
        "game.ui.battle.hud.tooltip", lambda surf, pos, title, text, *a, **k: shown.append((title, text))
    )
    click(at(screen, start))
    frame(screen, window)
    p = b.pose(b.ids[enemy])
    hover(at(screen, (p.x, p.y)))
    frame(screen, window)
    title, text = shown[-1]
    who = screen.t.names(unit)
    assert title == screen.t.names(enemy)
    assert text.split("\n")[0].startswith(f"{who} cannot shoot") or "shoots:" in text
    assert text.split("\n")[1].startswith(f"{who} cannot charge") or "charges:" in text
    screen.close()


def test_a_target_hidden_behind_a_unit_is_said_hidden_not_aside():
    from game.ui.battle.human import HumanInput
    from tests.helpers import make_battle, unit

    b = make_battle()
    me = unit(b, "es-1a", "es", (10, 10), 90)  # facing the enemy, a friend in between
    unit(b, "es-1b", "es", (10, 12), 90)
    unit(b, "fr-1a", "fr", (10, 15), 270)
    why = HumanInput(b).no_target_why("charge", me)
    assert "es-1a cannot see it" in why and "turn" not in why, why
    b.close()


def test_no_name_plate_shows_through_the_ghost_being_placed(window):
    """A unit's ghost put down beside its line, where its name's plate stood: the plate showed through
    the translucent ghost. The names are laid off the ghost (elsewhere, or left out)."""
    from game.model.geometry import rect_corners

    screen, b, _unit, start, ahead = _ordering(window)
    screen.camera.scale *= 1.5
    screen.camera.x, screen.camera.y = start
    click(at(screen, start))
    frame(screen, window)
    press(screen, window, "move")
    goal = (start[0] - 2.0, start[1] - 1.0 * ahead)  # back and to the left, over where the name was
    before = [w.rect for w in screen.renderer.laid if w.where == "side"]
    click(at(screen, goal))
    hover((5, window.get_height() - 5))
    frame(screen, window)
    g = screen.human.ghost
    assert g is not None and g.at == pytest.approx(goal, abs=0.1)
    fp = b.rules.core.bases
    corners = [at(screen, p) for p in rect_corners(*g.at, g.facing, fp.unit_width, fp.unit_depth)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    ghost = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    assert ghost.collidelist(before) >= 0  # a name stood where the ghost now is
    assert all(not w.rect.colliderect(ghost) for w in screen.renderer.laid)
    screen.close()
