"""The first battle that teaches, driven headless the way a player does: each prompt appears, and it
moves on only when the player has done what it asks (a Next, or the command it names, accepted)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.model.errors import ContentError
from game.running.settings import Settings
from game.running.tutorial import load_lessons
from game.ui.battle.tutorial import TutorialScreen
from tests.ui.driver import at, click, hover, key

TUTORIAL_STEPS = [
    "welcome", "measures", "deploy", "activate", "move", "fire", "charge", "react", "officer", "staff",
    "finish",
]  # fmt: skip


def frame(tut: TutorialScreen, surf: pygame.Surface) -> None:
    tut.screen.ai.wait_for_answer(30)
    for ev in pygame.event.get():
        tut.handle(ev)
    tut.update(0.05)
    tut.draw(surf)


def settle(tut: TutorialScreen, surf: pygame.Surface) -> None:
    """Frames until the player has a decision in hand (or the battle is over)."""
    sc = tut.screen
    for _ in range(400):
        sc.display.skip()
        frame(tut, surf)
        if sc.battle.pending is None or sc.human_turn():
            return
    raise AssertionError("no decision came to the player")


def press(tut: TutorialScreen, surf: pygame.Surface, prefix: str) -> None:
    rect = next(r for r, b in tut.screen.buttons if b.key.startswith(prefix) and b.enabled)
    click(rect.center)
    frame(tut, surf)


def pos(tut: TutorialScreen, name: str) -> tuple[float, float]:
    p = tut.screen.battle.pose(tut.screen.battle.ids[name])
    return (p.x, p.y)


def select(tut: TutorialScreen, surf: pygame.Surface, unit: str) -> None:
    click(at(tut.screen, pos(tut, unit)))
    frame(tut, surf)
    assert tut.screen.human.selected == unit


def order_at(tut: TutorialScreen, surf: pygame.Surface, unit: str, kind: str, target: str) -> None:
    select(tut, surf, unit)
    press(tut, surf, kind)
    click(at(tut.screen, pos(tut, target)))
    frame(tut, surf)


def advance(tut: TutorialScreen, surf: pygame.Surface, unit: str) -> bool:
    """Move a unit towards the nearest enemy, as far as the ghost allows; False if it cannot."""
    b = tut.screen.battle
    here = pos(tut, unit)
    enemy = min(
        (b.name(e) for e in b.enemy_units(b.side_of(b.ids[unit]))), key=lambda n: math.dist(here, pos(tut, n))
    )
    there = pos(tut, enemy)
    gap = math.dist(here, there)
    select(tut, surf, unit)
    press(tut, surf, "move")
    for step in (3.5, 2.5, 1.5, 0.8):
        f = min(step, gap - 2.5) / gap
        goal = (here[0] + (there[0] - here[0]) * f, here[1] + (there[1] - here[1]) * f)
        hover(at(tut.screen, goal))
        frame(tut, surf)
        if tut.screen.human.ghost is not None and tut.screen.human.ghost.ok:
            click(at(tut.screen, goal))
            frame(tut, surf)
            press(tut, surf, "confirm")
            return True
    key(pygame.K_ESCAPE)
    frame(tut, surf)
    return False


def play_lessons(
    surf: pygame.Surface, shots: Path | None = None, settings: Settings | None = None
) -> list[tuple[str, str]]:
    """Play the first battle by the prompts to its last step; returns each step with what ended it.
    Every action is checked: the step moves on if and only if it was the step's own (a command it
    names, accepted with the events it needs, or Next for a step that only tells)."""
    from game.ai.common import charge_targets, fire_targets

    tut = TutorialScreen(surf.get_size(), settings)
    sc = tut.screen
    log: list[tuple[str, str]] = []
    shot: set[str] = set()

    def events(i: int) -> set[str]:
        return {e.kind for e in sc.battle.events[sc.marks[i - 1] if i else sc.first_event : sc.marks[i]]}

    def send(action: Callable[..., object], *args: object, next_pressed: bool = False) -> object:
        before = tut.step
        assert before is not None
        if before.id not in shot:  # each prompt appears, with the step's own words
            shot.add(before.id)
            tut.draw(surf)
            assert tut.shown == tut.words(before)[0] and tut.shown
            if shots is not None:
                pygame.image.save(surf, str(shots / f"tutorial-{len(shot)}-{before.id}.png"))
        n, done = len(sc.match.commands), set(tut.progress.done)
        result = action(*args)
        frame(tut, surf)
        did = [
            type(c).__name__
            for i, c in enumerate(sc.match.commands[n:], start=n)
            if sc.sent_by[i] == tut.progress.side
            and type(c).__name__ in before.commands
            and events(i) >= {*before.events}
            and "rejected" not in events(i)
            and before.decision in (None, sc.answered[i])  # a decision's step: an answer to it
        ]
        if before.next:
            did = ["Next"] if next_pressed else []
        finished = tut.progress.done - done
        assert finished == ({before.id} if did else set()), (before.id, did, finished)
        if finished:
            log.append((before.id, did[0]))
        return result

    for _ in range(300):
        settle(tut, surf)
        b = sc.battle
        step = tut.step
        if step is None or b.pending is None:
            break
        d = b.pending
        if step.next:
            send(click, at(sc, (20.0, 14.0)))  # a click on the table is not Next
            send(key, pygame.K_RETURN, next_pressed=True)
            continue
        keys = [bt.key for _r, bt in sc.buttons if bt.enabled]
        if d.kind == "deploy":
            send(press, tut, surf, "deploy")
        elif d.kind == "place_staff":
            send(press, tut, surf, "staff-auto")
        elif d.kind == "activate":
            send(press, tut, surf, "activate:")
        elif d.kind == "reaction":
            react = step.id == "react" and any(k.startswith("react:") for k in keys)
            send(press, tut, surf, "react:" if react else "pass")
        elif d.kind == "order":
            b.enter()
            units = [u for u in d.options if b.ids[u] in set(b.units(d.side))]
            shooter = next(((u, b.name(t)) for u in units for t in fire_targets(b, b.ids[u])), None)
            charger = next(
                ((u, b.name(t)) for u in units for t in charge_targets(b, b.ids[u]) if b.is_unit(t)), None
            )
            if step.id == "move" and units:
                send(advance, tut, surf, units[0])
            elif step.id == "fire" and shooter is not None:
                send(order_at, tut, surf, shooter[0], "fire", shooter[1])
            elif step.id == "charge" and charger is not None:
                send(order_at, tut, surf, charger[0], "charge", charger[1])
            elif not (step.id in ("fire", "charge") and units and send(advance, tut, surf, units[0])):
                send(press, tut, surf, "end")  # closing in (above) is not the step either
        else:
            send(press, tut, surf, "pass")
    tut.close()
    return log


def test_the_first_battle_teaches_every_step_in_turn(window: pygame.Surface) -> None:
    log = play_lessons(window)
    print(log)
    assert sorted(s for s, _c in log) == sorted(TUTORIAL_STEPS)  # the reaction comes when the enemy brings it
    assert dict(log) == {
        "welcome": "Next", "measures": "Next", "deploy": "PlaceStaff", "activate": "Activate", "move": "Move",
        "fire": "Fire", "charge": "Charge", "react": "React", "officer": "Pass", "staff": "Pass",
        "finish": "Next",
    }  # fmt: skip


def test_the_lessons_are_content(tmp_path: Path) -> None:
    lessons = load_lessons()
    assert [s.id for s in lessons.steps] == TUTORIAL_STEPS
    bad = tmp_path / "t.toml"
    bad.write_text('scenario = "first-battle"\nseed = 1\n[[steps]]\nid = "x"\ncommands = ["Dance"]\n')
    with pytest.raises(ContentError, match=r"steps\[0\]\.commands.*no such command: Dance"):
        load_lessons(bad)


def test_the_start_screen_lists_the_first_battle_first_and_opens_it(window: pygame.Surface) -> None:
    import pygame_gui

    from game.content.locale import Texts
    from game.ui.opening import open_battle
    from game.ui.start.screen import Setup, StartScreen

    setup = Setup()
    start = StartScreen(window.get_size(), setup, t=Texts("es"))
    assert start.tutorial.text == "Primera batalla: aprende a jugar"
    others = [*start.resumes, start.saves_button, start.rules_button]
    assert all((start.tutorial.rect.y, start.tutorial.rect.x) <= (b.rect.y, b.rect.x) for b in others)
    assert start.tutorial.rect.x < start.rules_button.rect.x  # first of the other ways in
    pressed = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.tutorial)
    assert start.handle(pressed) == "start" and setup.tutorial
    screen = open_battle(setup, window.get_size())
    assert isinstance(screen, TutorialScreen) and not setup.tutorial  # the next start is the chosen scenario
    assert screen.screen.controllers == {"es": "human", "fr": "heuristic"}
    screen.close()


def test_a_saved_battle_shows_its_figures_on_the_start_screen(window: pygame.Surface) -> None:
    import pygame_gui

    from game.ai.players import make_player
    from game.running.match import new_match, play
    from game.running.saves import save_game
    from game.ui.start.screen import Setup, StartScreen

    m = new_match("default", 5)
    play(m, {s: make_player("heuristic", s, 5 + i) for i, s in enumerate(m.battle.game.sides)})  # type: ignore[union-attr]
    save_game(m, {"fr": "human", "es": "heuristic"})
    m.battle.close()
    start = StartScreen(window.get_size(), Setup())
    start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.saves_button))
    assert start.saves is not None and len(start.saves.saves) == 1  # the save browser
    start.update(0.05)
    start.draw(window)
    figures = next(r for r, k in start.saves.buttons if k == "figures")
    start.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=figures.center, button=1))
    assert start.figures is not None
    shown, names, _colours, _t = start.figures
    assert shown.sides["fr"].score == [1, 2, 1, 6, 6, 7, 7, 10] and names == {"fr": "French", "es": "Spanish"}
    start.update(0.05)
    start.draw(window)
    start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert start.figures is None and start.saves is not None  # back to the saves


def test_a_saved_first_battle_resumes_with_its_lessons(window: pygame.Surface, tmp_path: Path) -> None:
    """Session 25's player saved the first battle at lesson 8 of 11 and loaded it: the battle came back
    on the plain battle screen, its lessons gone. The save keeps the lessons done; loading it shows the
    strip at the lesson it had reached, and the lessons go on with the commands sent after."""
    from game.running.saves import saves_dir
    from game.ui.battle.screen import BattleScreen
    from game.ui.opening import open_battle
    from game.ui.start.screen import Setup

    tut = TutorialScreen(window.get_size())
    sc = tut.screen
    for _ in range(20):  # the two lessons that tell, then the deployment's
        settle(tut, window)
        if tut.step is not None and tut.step.next:
            key(pygame.K_RETURN)
            frame(tut, window)
        elif sc.battle.pending is not None and sc.battle.pending.kind in ("deploy", "place_staff"):
            press(tut, window, "deploy" if sc.battle.pending.kind == "deploy" else "staff-auto")
        if tut.step is not None and tut.step.id == "activate":
            break
    done, step, commands = set(tut.progress.done), tut.step, len(sc.match.commands)
    assert done == {"welcome", "measures", "deploy"} and step is not None and step.id == "activate"
    assert sc.save()
    tut.close()
    (path,) = (saves_dir()).glob("save-first-battle-*.json")

    resumed = open_battle(Setup(load=path), window.get_size())
    assert isinstance(resumed, TutorialScreen)
    assert resumed.progress.done == done and len(resumed.screen.match.commands) == commands
    settle(resumed, window)
    assert resumed.step is not None and resumed.step.id == "activate"
    resumed.draw(window)
    assert resumed.shown == resumed.words(resumed.step)[0]  # the strip, at its lesson
    press(resumed, window, "activate:")
    assert "activate" in resumed.progress.done  # and on from there
    resumed.close()

    forged = tmp_path / "forged.json"
    forged.write_text(path.read_text().replace('"lessons": [', '"lessons": ["dance", '))
    with pytest.raises(ContentError, match=r"forged\.json: lessons"):
        open_battle(Setup(load=forged), window.get_size())
    plain = tmp_path / "plain.json"
    data = json.loads(path.read_text())
    del data["lessons"]
    plain.write_text(json.dumps(data))
    other = open_battle(Setup(load=plain), window.get_size())
    assert isinstance(other, BattleScreen)  # a save of no lessons is a battle
    other.close()
