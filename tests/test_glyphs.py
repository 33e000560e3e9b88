"""The letters the game's font draws, read from its character map without pygame (check-content's
warning on a text it would draw as boxes, docs/modding.md), agree with what pygame's FreeType finds."""

from __future__ import annotations

from pathlib import Path

import pygame.freetype

from game.content.glyphs import FONT, drawn, scripts, undrawn


def test_the_font_draws_latin_greek_and_cyrillic_and_spanish_signs() -> None:
    assert undrawn("Ejército de Galicia: ¿¡áéíóúüñ!? «Œuvre» Łódź — Ελληνικός Στρατός, Русская армия") == ""


def test_it_lacks_cjk_kana_hangul_arabic_hebrew_thai_and_unjoined_devanagari() -> None:
    said = "日本軍 さむらい 한국군 الجيش צבא กองทัพ सेना"
    letters = undrawn(said)
    assert letters == "".join(dict.fromkeys(c for c in said if c != " "))
    assert scripts(letters) == ["CJK", "Hiragana", "Hangul", "Arabic", "Hebrew", "Thai", "Devanagari"]


def test_the_character_map_agrees_with_freetype() -> None:
    pygame.freetype.init()
    font = pygame.freetype.Font(str(FONT), 20)
    codes = [c for c in range(0x20, 0x3400, 3) if not 0xD800 <= c < 0xE000]
    seen = {c for c, m in zip(codes, font.get_metrics("".join(map(chr, codes))), strict=True) if m}
    have = drawn()
    assert {c for c in codes if c in have} == seen - set(range(0x0900, 0x0980))  # Devanagari: unjoined
    assert len(have) > 2000


def test_a_font_that_cannot_be_read_says_nothing(tmp_path: Path) -> None:
    (tmp_path / "broken.ttf").write_bytes(b"not a font")
    assert undrawn("日本", tmp_path / "broken.ttf") == "" and undrawn("日本", tmp_path / "none.ttf") == ""
