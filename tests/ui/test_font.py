"""The game's font is its own file (assets/fonts/, SIL OFL): every letter and sign of Spanish is drawn,
none as the box a font draws for a character it lacks; without the file, pygame's bundled font."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import theme

SPANISH = "¿Carga? ¡Sí! Año áéíóúüñÁÉÍÓÚÑ"
MISSING = "\u4e00"  # a Chinese character, which a Latin font lacks: drawn as the missing-glyph box


def glyph(f: pygame.font.Font, ch: str) -> bytes:
    return pygame.image.tobytes(f.render(ch, True, (255, 255, 255), (0, 0, 0)), "RGB")


@pytest.fixture
def fonts():  # type: ignore[no-untyped-def]
    pygame.font.init()
    theme._fonts.clear()
    yield
    theme._fonts.clear()


def test_the_font_is_the_bundled_file_with_its_licence(fonts: None) -> None:
    assert theme.FONT.is_file() and (theme.FONT.parent / "NotoSans-OFL.txt").is_file()
    credits = (theme.FONT.parent.parent / "CREDITS.md").read_text()
    assert "NotoSans-Bold.ttf" in credits and "OFL" in credits
    ours = theme.font(20)
    assert glyph(ours, "A") != glyph(pygame.font.Font(None, 20), "A")  # not pygame's default font


def test_spanish_is_drawn_without_a_missing_glyph_box(fonts: None) -> None:
    f = theme.font(40)
    box = glyph(f, MISSING)
    assert box == glyph(f, "\ue000")  # the same box for any character the font lacks
    for ch in SPANISH.replace(" ", ""):
        assert glyph(f, ch) != box, ch
    # and the accents are there: the accented letters differ from the bare ones
    for plain, accented in zip("aeiouAn", "áéíóúÁñ", strict=True):
        assert glyph(f, plain) != glyph(f, accented), accented


def test_without_the_font_file_the_text_is_still_drawn(fonts: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(theme, "FONT", Path("/nonexistent/font.ttf"))
    text = theme.font(20).render("¡Sí!", True, (255, 255, 255))
    assert text.get_width() > 10


def test_the_ui_scale_grows_the_text_but_not_a_die_number(fonts: None) -> None:
    try:
        normal = theme.font(20).get_linesize()
        theme.set_scale(1.5)
        assert theme.font(20).get_linesize() >= normal * 1.4
        assert theme.font(20, scaled=False).get_linesize() == normal
        assert (theme.TOP_BAR, theme.RIGHT_PANEL) == (84, 540)
    finally:
        theme.set_scale(1.0)


def test_leaving_a_battle_gives_the_other_screens_scale_1(window: pygame.Surface) -> None:
    """The start, Open Wars and end screens have fixed layouts: the UI scale is the battle's alone."""
    from game.running.match import new_match
    from game.running.settings import Settings
    from game.ui.battle.screen import BattleScreen

    m = new_match("default", 3)
    sides = m.battle.game.sides
    big = BattleScreen(m, dict.fromkeys(sides, "human"), (1920, 1080), Settings(ui_scale=1.5))
    assert theme.SCALE == 1.5
    with theme.at_scale(1.0):
        assert theme.font(20).get_linesize() < 25
    assert theme.SCALE == 1.5
    big.close()
    assert theme.SCALE == 1.0 and theme.RIGHT_PANEL == 360
