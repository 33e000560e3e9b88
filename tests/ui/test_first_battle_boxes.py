"""What is laid over the first battle's table stays on it and off what the lessons are about. The
lesson's strip leaves the table narrower than the view at 1280x720: the last roll's box overhung its
left edge over the objective and the units there, a melee's tall box hid the melee it told, the
rules' refusals and the hover boxes hung past its edges, the names on the table lay under the dice,
and the panel's fifth line of details ran over the overlay toggles."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.model.events import ModLine, Roll
from game.ui import theme
from game.ui.battle.hud import draw_alert, draw_dice
from game.ui.battle.panel import draw_panel
from game.ui.battle.tutorial import TutorialScreen
from game.ui.battle.view import OVERLAY_ROWS
from tests.ui.test_tutorial import frame


def _tutorial(surf: pygame.Surface) -> TutorialScreen:
    tut = TutorialScreen(surf.get_size())
    frame(tut, surf)
    return tut


def _roll(die: int, modifiers: int = 0, officer: str = "fr-1") -> Roll:
    lines = tuple(ModLine(rule=f"FG-LDR-{i}", label=f"modifier {i}", value=1) for i in range(modifiers))
    return Roll(check="leadership", die=die, modifiers=lines, total=die + modifiers, outcome="pass",
                officer=officer, rule="FG-ACT-2")  # fmt: skip


def _show(tut: TutorialScreen, surf: pygame.Surface, roll: Roll) -> pygame.Rect:
    sc = tut.screen
    sc.display.feed(sc.battle, [roll])
    sc.display.skip()
    sc.display.dice.age = 1.0  # settled
    draw_dice(sc, surf)
    assert sc.dice_box is not None
    return sc.dice_box


def test_the_dice_box_stands_on_the_table_not_past_its_edge(window720: pygame.Surface) -> None:
    tut = _tutorial(window720)
    sc = tut.screen
    table = sc.renderer.table_in_view(sc.camera)
    assert table.w < sc.camera.view[2]  # the table does not fill the view across
    sc.renderer.taken = []
    box = _show(tut, window720, _roll(4))
    assert table.contains(box), (box, table)
    tut.close()


def test_the_dice_box_keeps_off_the_objectives(window720: pygame.Surface) -> None:
    """The box stood over the Ermita, the Spanish objective at the table's bottom left."""
    tut = _tutorial(window720)
    sc = tut.screen
    stars = [piece for _t, piece, _w, _p in sc.renderer.objective_words]
    assert stars
    sc.renderer.taken = []
    box = _show(tut, window720, _roll(4, modifiers=3))  # as tall as a leadership check's
    assert box.collidelist(stars) < 0
    tut.close()


def test_a_tall_box_stands_beside_the_pieces_rather_than_over_them(window720: pygame.Surface) -> None:
    """A melee's box, its two sides' modifiers under each other, was as wide as its longest row and
    covered the units fighting it wherever it stood: narrower and taller, it stands beside them."""
    tut = _tutorial(window720)
    sc = tut.screen
    table = sc.renderer.table_in_view(sc.camera)
    column = pygame.Rect(table.centerx - 60, table.y, 120, table.h)  # pieces down the middle
    sc.renderer.taken = [column]
    box = _show(tut, window720, _roll(4, modifiers=8))
    assert box.w > 0 and not box.colliderect(column) and table.contains(box)
    tut.close()


def test_the_names_on_the_table_keep_off_the_dice_box(window720: pygame.Surface) -> None:
    tut = _tutorial(window720)
    sc = tut.screen
    word = sc.renderer.laid[0]  # an objective's name, laid beside its star
    sc.dice_box = word.rect.inflate(30, 30)
    sc.draw(window720)  # the labels are laid before this frame's dice: by where the box stood
    moved = next(w for w in sc.renderer.laid if w.piece == word.piece)
    assert not moved.rect.colliderect(word.rect.inflate(30, 30))
    tut.close()


def test_a_refusal_stands_across_the_table_not_past_it(window720: pygame.Surface) -> None:
    tut = _tutorial(window720)
    sc = tut.screen
    sc.alert = "refused: " + "the base would end on top of another unit " * 4
    draw_alert(sc, window720)
    table = sc.renderer.table_in_view(sc.camera)
    red = [x for x in range(sc.camera.view[2]) if window720.get_at((x, table.y + 11))[:3] == theme.BAD]
    assert red and table.x <= min(red) and max(red) < table.right
    tut.close()


def test_the_details_in_the_panel_end_above_the_overlay_toggles(window720: pygame.Surface) -> None:
    """A move's verdict of five lines (how far, where it stops, a reaction area it enters) ran its last
    line over the [R] ruler row at 1280x720."""
    tut = _tutorial(window720)
    sc = tut.screen
    sc.human.ghost = SimpleNamespace(ok=True, lines=[
        'move: 1.1" of 4", 2.9" left',
        "stops as far as it may go: the base would end on top of Regimiento de Burgos (AMB-49) (FG-MOVE-2)",
        "enters the reaction area of 58e de Ligne",
        "enters the reaction area of 1re Légion de Réserve",
    ])  # fmt: skip
    blits: list[pygame.Rect] = []
    real = pygame.Surface.blit

    class Recording(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def, override]
            blits.append(pygame.Rect(dest if len(dest) == 4 else (*dest, *source.get_size())))
            return real(self, source, dest, *args, **kwargs)

    surf = Recording(window720.get_size())
    draw_panel(sc, surf)
    toggles = sc.log.rect.top - theme.px(OVERLAY_ROWS)
    assert not [r for r in blits if r.x > sc.panel.x and r.top < toggles < r.bottom - 3]
    tut.close()


def test_a_unit_s_hover_box_stays_on_the_table(window720: pygame.Surface, monkeypatch) -> None:
    from game.ui.battle.hud import draw_hover

    tut = _tutorial(window720)
    sc = tut.screen
    table = sc.renderer.table_in_view(sc.camera)
    name = next(iter(sc.display.shown))
    monkeypatch.setattr(sc.human, "pick", lambda _p, _names: name)  # the mouse on a unit at the right edge
    sc.mouse = (table.right - 5, table.centery)
    draw_hover(sc, window720)
    assert sc.hover_box is not None and table.contains(sc.hover_box), (sc.hover_box, table)
    tut.close()
