"""The order flow driven by posted pygame events: deploy, activate, select, drag, confirm; a
reaction prompt answered; a short hotseat battle."""

import esper
import pygame
import pytest

from game.model import commands as cmd
from game.model.components import Pose
from game.running.saves import saves_dir
from tests.ui.driver import at, button_pos, click, frame, hover, key, open_screen, press, settle


def deploy_everything(screen, surf):
    """Answer every deployment and staff placement by the panel's buttons."""
    for _ in range(20):
        settle(screen, surf)
        d = screen.battle.pending
        if d is None or d.kind not in ("deploy", "place_staff"):
            return
        press(screen, surf, "deploy" if d.kind == "deploy" else "staff-auto")
    raise AssertionError("deployment never ended")


def _first_order(screen, window):
    deploy_everything(screen, window)
    b = screen.battle
    for _ in range(30):
        settle(screen, window)
        if b.pending.kind == "order":
            return b
        press(screen, window, "activate:" if b.pending.kind == "activate" else "pass")
    raise AssertionError("no order decision")


def test_deploying_by_clicks_puts_the_division_on_the_table(window):
    screen = open_screen(window)
    settle(screen, window)
    d = screen.battle.pending
    assert d.kind == "deploy"
    before = len(screen.match.commands)
    press(screen, window, "deploy")
    assert len(screen.match.commands) == before + 1
    assert any(e.kind == "deployed" for e in screen.battle.events)
    screen.close()


def test_select_drag_and_confirm_a_move(window):
    screen = open_screen(window)
    b = _first_order(screen, window)
    d = b.pending
    unit = d.options[0]
    b.enter()
    pose = esper.component_for_entity(b.ids[unit], Pose)
    start = (pose.x, pose.y)
    click(at(screen, start))  # select the unit
    frame(screen, window)
    assert screen.human.selected == unit
    press(screen, window, "move")
    assert screen.human.mode == "move"
    goal = (start[0], start[1] + (1.5 if b.game.edges[d.side] == "south" else -1.5))
    hover(at(screen, goal))
    frame(screen, window)
    ghost = screen.human.ghost
    assert ghost is not None and ghost.ok, ghost
    assert any("of" in line for line in ghost.lines)  # the allowance used and left is shown
    click(at(screen, goal))  # puts the ghost down there
    frame(screen, window)
    assert screen.human.placed and not any(e.kind == "moved" and e.unit == unit for e in b.events)
    press(screen, window, "confirm")
    screen.display.skip()
    moved = [e for e in b.events if e.kind == "moved" and e.unit == unit]
    assert moved, "the move was not sent"
    assert esper.component_for_entity(b.ids[unit], Pose).y == pytest.approx(goal[1], abs=0.05)
    screen.close()


def test_a_ghost_far_beyond_any_allowance_stops_where_the_unit_may_go(window):
    """Issue 38: dragged or clicked far beyond any allowance, the ghost stops at the longest legal move
    towards the mouse and says which rule stops it there; Enter sends that move (a ghost no point of
    whose line is legal stays red: tests/ui/test_ghost_limits.py)."""
    screen = open_screen(window)
    b = _first_order(screen, window)
    unit = b.pending.options[0]
    b.enter()
    pose = esper.component_for_entity(b.ids[unit], Pose)
    start = (pose.x, pose.y)
    click(at(screen, start))
    frame(screen, window)
    press(screen, window, "move")
    hover(at(screen, (pose.x + 30, pose.y)))  # far beyond any allowance
    frame(screen, window)
    g = screen.human.ghost
    assert g is not None and g.ok and g.at[0] > start[0]
    assert any("FG-" in line or "AMB-" in line for line in g.lines)
    n = len(screen.match.commands)
    click(at(screen, (pose.x + 30, pose.y)))
    frame(screen, window)
    key(pygame.K_RETURN)
    frame(screen, window)
    assert len(screen.match.commands) == n + 1
    sent = screen.match.commands[-1]
    assert isinstance(sent, cmd.Move) and sent.to == g.at
    screen.close()


def test_a_reaction_prompt_is_answered_by_its_button(window):
    """Human against AI until the human is asked to react; the reaction button is pressed."""
    from tests.ui.driver import open_screen as opener

    for seed in range(1, 12):
        screen = opener(window, a="heuristic", b="human", seed=seed)
        b = screen.battle
        for _ in range(400):
            screen.camera.scale, screen.camera.x = 40.0, -500.0  # looking far off the table
            settle(screen, window)
            d = b.pending
            if d is None:
                break
            if d.kind == "reaction":
                for name in (d.unit, *d.options):  # the camera came to the mover and who may react
                    pose = b.pose(b.ids[name])
                    assert screen.camera.contains(screen.camera.to_screen((pose.x, pose.y))), name
                keys = [bt.key for _r, bt in screen.buttons]
                assert "pass" in keys and any(k.startswith("react:") for k in keys)
                n = len(b.events)
                press(screen, window, "react:")
                assert any(e.kind == "reaction" for e in b.events[n:])
                screen.close()
                return
            if d.kind == "deploy":
                press(
                    screen, window, "deploy" if "deploy" in [bt.key for _r, bt in screen.buttons] else "pass"
                )
            elif d.kind == "place_staff":
                press(screen, window, "staff-auto")
            elif d.kind == "activate":
                press(screen, window, "activate:")
            else:
                # the human side ends its activations at once, so the AI advances into it
                press(screen, window, "end" if d.kind == "order" else "pass")
        screen.close()
    pytest.fail("no reaction was offered to the human in 11 battles")


def test_hotseat_two_rounds_by_synthetic_input(window):
    """Two humans on one machine: every decision answered by clicks, until round 3 starts."""
    screen = open_screen(window, seed=5)
    b = screen.battle
    for _ in range(600):
        settle(screen, window)
        d = b.pending
        if d is None or b.game.round >= 3:
            break
        keys = [bt.key for _r, bt in screen.buttons if bt.enabled]
        if d.kind == "deploy":
            press(screen, window, "deploy" if "deploy" in keys else "pass")
        elif d.kind == "place_staff":
            press(screen, window, "staff-auto")
        elif d.kind == "activate":
            press(screen, window, "activate:")
        elif d.kind == "order":
            unit = d.options[0]
            b.enter()
            pose = esper.component_for_entity(b.ids[unit], Pose)
            click(at(screen, (pose.x, pose.y)))
            frame(screen, window)
            press(
                screen,
                window,
                "rally"
                if "rally" in [k for _r, bt in screen.buttons for k in [bt.key] if bt.enabled]
                else "retreat",
            )
        else:
            press(screen, window, "pass")
    assert b.game.round >= 3 or b.pending is None
    assert sum(1 for e in b.events if e.kind == "moved") > 0
    screen.close()


def test_undo_takes_back_a_move_but_not_a_roll(window):
    screen = open_screen(window)
    b = _first_order(screen, window)
    b = screen.battle
    unit = b.pending.options[0]
    n = len(screen.match.commands)
    screen.send(__import__("game.model.commands", fromlist=["Withdraw"]).Withdraw(unit))
    screen.display.skip()
    rolled = any(e.kind == "roll" for e in b.events[screen.marks[-2] if len(screen.marks) > 1 else 0 :])
    ok = screen.undo()
    if rolled:
        assert not ok
    else:
        assert ok and len(screen.match.commands) == n
    screen.close()


def test_button_positions_are_inside_the_panel(window):
    screen = open_screen(window)
    settle(screen, window)
    x, y = button_pos(screen, "deploy")
    assert screen.panel.collidepoint(x, y)
    screen.close()


def test_dragging_a_unit_then_turning_it_by_the_handle_then_confirming(window):
    screen = open_screen(window)
    b = _first_order(screen, window)
    d = b.pending
    unit = d.options[0]
    b.enter()
    pose = esper.component_for_entity(b.ids[unit], Pose)
    start = (pose.x, pose.y)
    ahead = 1.0 if b.game.edges[d.side] == "south" else -1.0
    n = len(screen.match.commands)

    def drag(a, z):
        a, z = (int(a[0]), int(a[1])), (int(z[0]), int(z[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=z, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=z, button=1))
        frame(screen, window)

    drag(at(screen, start), at(screen, (start[0], start[1] + 2.0 * ahead)))  # grab the unit, drag, let go
    h = screen.human
    assert h.mode == "move" and h.placed and h.ghost.ok
    assert h.ghost.at == pytest.approx((start[0], start[1] + 2.0 * ahead), abs=0.1)
    drag(at(screen, h.handle()), at(screen, (h.ghost.at[0] + 1.5, h.ghost.at[1])))  # turn it east
    assert h.ghost.facing == pytest.approx(0.0, abs=8)
    assert len(screen.match.commands) == n  # placing and turning send nothing
    key(pygame.K_RETURN)  # confirm
    frame(screen, window)
    screen.display.skip()
    assert len(screen.match.commands) == n + 1
    assert esper.component_for_entity(b.ids[unit], Pose).facing == pytest.approx(0.0, abs=8)
    screen.close()


def test_undo_in_a_resumed_battle_takes_back_only_the_last_order(window):
    """Session 25: in a battle loaded from a save, Undo replayed as many of the battle's commands as
    this screen had sent (none), and so began the battle again: 60 commands thrown away for one order."""
    from game.ai.players import make_player
    from game.running.match import new_match, play
    from game.running.saves import save_game
    from game.ui.opening import open_battle
    from game.ui.start.setup import Setup

    m = new_match("default", 3)
    players = {s: make_player("heuristic", s, 1) for s in m.battle.game.sides}
    play(m, players, until=lambda x: len(x.commands) >= 60 and x.battle.pending.kind == "order")
    side = m.battle.pending.side
    path = save_game(m, {s: "human" if s == side else "heuristic" for s in m.battle.game.sides})
    events = len(m.battle.events)
    m.battle.close()
    screen = open_battle(Setup(load=path), window.get_size())
    assert len(screen.match.commands) == 60
    screen.send(cmd.EndActivation())
    assert len(screen.match.commands) == 61
    assert screen.undo()
    assert len(screen.match.commands) == 60 and len(screen.battle.events) == events
    assert screen.battle.pending.kind == "order" and screen.battle.pending.side == side
    screen.close()


def test_undo_speed_and_skip_stay_put_while_the_computer_answers(window, monkeypatch):
    """Session 25's player clicked "Deploy here" twice: while the computer answered, the decision's
    buttons were gone and Undo had moved up into their place, so the second click undid the deployment.
    Undo, speed and skip keep their rows whether the player has answers to give or not."""
    screen = open_screen(window)
    settle(screen, window)
    screen.draw(window)
    answers = {b.key: r.copy() for r, b in screen.buttons}
    assert any(k.startswith("deploy") for k in answers)
    monkeypatch.setattr(screen, "human_turn", lambda: False)  # the computer's turn: no answers shown
    screen.draw(window)
    waiting = {b.key: r.copy() for r, b in screen.buttons}
    assert not any(k.startswith("deploy") for k in waiting)
    for fixed in ("undo", "speed", "skip"):
        assert waiting[fixed] == answers[fixed]
    assert not any(waiting["undo"].colliderect(r) for k, r in answers.items() if k.startswith("deploy"))
    screen.close()


def test_leaving_right_after_a_save_asks_nothing_and_a_command_since_asks_again(window):
    """Session 25: Quit right after Ctrl+S still asked "Leave the battle? Save and quit / Quit without
    saving": the battle was at stake whenever it had commands. It is at stake when commands were given
    since its last save (or since the save it was loaded from)."""
    from game.ui.opening import open_battle
    from game.ui.start.setup import Setup

    screen = open_screen(window)
    settle(screen, window)
    assert not screen.at_stake  # nothing given yet
    click(button_pos(screen, "deploy"))
    frame(screen, window)
    assert screen.match.commands and screen.at_stake
    assert screen.save()
    assert not screen.at_stake and screen.ask_quit() == "quit"
    (path,) = saves_dir().glob("save-default-*.json")
    settle(screen, window)
    screen.send(screen.human.press(next(b.key for _r, b in screen.buttons if b.key.startswith("deploy"))))
    assert screen.at_stake and screen.ask_quit() is None and screen.menu == "quit"
    screen.close()
    loaded = open_battle(Setup(load=path), window.get_size())
    assert not loaded.at_stake  # just as it was saved
    loaded.close()
