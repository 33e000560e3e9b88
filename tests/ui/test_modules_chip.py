"""Issue 22: the battle screen says which rule modules are on: a chip on the top bar naming them,
whose hover box describes each, in the player's language; none for For Glory alone."""

from __future__ import annotations

import pygame

from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.hud import draw_hover
from game.ui.battle.screen import BattleScreen
from tests.ui.driver import open_screen


def _screen(window, modules, language="en"):
    m = new_match("default", 3, modules=modules)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    return BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), Settings(language=language))


def test_the_top_bar_names_the_modules_in_play_and_describes_them_on_hover(window, monkeypatch):
    screen = _screen(window, ["warhammer-charges", "dias-terrain"])
    screen.draw(window)
    chip = screen.modules_chip
    assert (
        chip is not None and chip.bottom <= theme.TOP_BAR and chip.right < screen.size[0] - theme.RIGHT_PANEL
    )
    names = [n for n, _d in screen.modules_words()]
    assert names == ["Warhammer charges", "Días de Gloria terrain"]
    shown = []
    monkeypatch.setattr(
        "game.ui.battle.hud.tooltip", lambda surf, pos, title, text, *a, **k: shown.append((title, text))
    )
    screen.mouse = chip.center
    draw_hover(screen, window)
    ((title, text),) = shown
    assert title == "Rule modules in play, over For Glory"
    assert text.startswith("Warhammer charges: ") and "\nDías de Gloria terrain: " in text
    screen.close()


def test_in_spanish_and_none_for_for_glory_alone(window):
    screen = _screen(window, ["warhammer-charges"], "es")
    screen.draw(window)
    assert screen.modules_words()[0][0] == "Cargas de Warhammer"
    screen.close()
    plain = open_screen(window)
    plain.draw(window)
    assert plain.modules_chip is None
    plain.close()


def test_with_the_help_open_the_chips_hover_box_is_whole_and_the_table_has_none(window, monkeypatch):
    """F1 open: the chip's hover box is drawn over the help panel, not cut by it where it sticks out;
    the pieces the help covers show no hover box."""
    import game.ui.battle.hud as hud
    from game.ai.players import make_player
    from game.running.match import play

    m = new_match("default", 3, modules=["warhammer-charges", "dias-terrain"])
    sides = m.battle.game.sides  # type: ignore[union-attr]
    play(m, {s: make_player("heuristic", s, 3) for s in sides}, until=lambda x: x.battle.game.round >= 1)
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), Settings())
    screen.display.skip()
    screen.draw(window)
    drawn = []
    real = hud.tooltip
    monkeypatch.setattr(hud, "tooltip", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    screen.help = True
    screen.mouse = screen.modules_chip.center
    screen.draw(window)
    (box,) = drawn  # the chip's; below, where it lies over the help panel
    under = box.clip(pygame.Rect(screen.camera.view).inflate(-40, -40))
    assert under.h > 10
    assert window.get_at((under.centerx, box.bottom - 3))[:3] == (18, 20, 24)  # the box's own fill
    drawn.clear()
    name = next(n for n, s in screen.display.shown.items() if s.on_table)
    pose = screen.battle.pose(screen.battle.ids[name])
    screen.mouse = screen.camera.to_screen((pose.x, pose.y))
    screen.draw(window)
    assert drawn == [] and screen.hover_box is None
    screen.close()
