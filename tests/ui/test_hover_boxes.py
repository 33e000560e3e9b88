"""Issue 22: a piece's hover box stays on the table (it ran into the side panel) and off the move's
ghost (it covered it); with a unit selected, an enemy's box leads with the odds against it."""

from __future__ import annotations

import esper
import pygame

from game.model.components import Pose
from game.ui.battle.hud import hover_avoid
from game.ui.battle.unit_words import unit_lines
from tests.ui.driver import at, frame, hover, open_screen
from tests.ui.test_order_flow import _first_order
from tests.ui.tour import recording


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


def test_a_units_box_gives_each_part_of_its_profile_a_row_of_its_own(window):
    """Issue 38's pass: the box ran a unit's parts together ("Heavy cavalry (HC, FG-UNIT-14), Regular
    +0 move 6", difficult 4"; cannot shoot; melee +3 hits 0; division ..."). Its category and quality,
    its moves and weapons, its hits and division each begin a row."""
    screen = open_screen(window)
    b = _first_order(screen, window)
    unit = b.pending.options[0]
    b.enter()
    p = b.pose(b.ids[unit])
    lines = [x for x in unit_lines(b, unit, screen.t) if x]
    with recording() as drawn:
        hover(at(screen, (p.x, p.y)))
        frame(screen, window)
    assert screen.hover_box is not None
    for line in lines:  # each part starts a row of the box
        assert any(line.startswith(row) and row.split()[0] == line.split()[0] for row in drawn), (line, drawn)
    screen.close()
