"""Issue 22: a piece's hover box stays on the table (it ran into the side panel) and off the move's
ghost (it covered it); with a unit selected, an enemy's box leads with the odds against it."""

from __future__ import annotations

import esper
import pygame

from game.model.components import Pose
from game.ui.battle.hud import hover_avoid
from tests.ui.driver import at, frame, hover, open_screen
from tests.ui.test_order_flow import _first_order


def test_a_box_near_the_panel_stays_on_the_table(window):
    screen = open_screen(window)
    b = _first_order(screen, window)
    view = pygame.Rect(screen.camera.view)
    b.enter()
    for e, pose in esper.get_component(Pose):
        name = b.name(e)
        if name in screen.display.shown and screen.display.shown[name].on_table:
            screen.camera.x = pose.x - (view.w / 2 - 30) / screen.camera.scale  # the piece by the panel
            screen.camera.y = pose.y
            hover(at(screen, (pose.x, pose.y)))
            frame(screen, window)
            if screen.hover_box is not None:
                assert view.contains(screen.hover_box), (name, screen.hover_box, view)
                assert not screen.panel.colliderect(screen.hover_box)
                break
    else:
        raise AssertionError("no piece showed its box")
    screen.close()


def test_a_box_keeps_off_the_moves_ghost(window):
    screen = open_screen(window)
    b = _first_order(screen, window)
    unit = b.pending.options[0]
    others = [u for u in b.pending.options if u != unit]
    b.enter()
    q = b.pose(b.ids[others[0]])
    ahead = 1.0 if b.game.edges[b.pending.side] == "south" else -1.0
    screen.human.selected, screen.human.mode = unit, "move"
    goal = (q.x + 1.5, q.y + 2.5 * ahead)  # the ghost put down beside the other unit
    screen.human.ghost, screen.human.placed = screen.human._move_ghost(unit, goal), True
    hover(at(screen, (q.x, q.y)))  # the mouse on the other unit: its box
    frame(screen, window)
    box = screen.hover_box
    assert box is not None
    ghost, selected = hover_avoid(screen)  # the ghost, and the unit it is of
    assert box.collidelist([ghost, selected]) < 0, (box, ghost, selected)
    screen.close()
