"""Words cut to their room in one step (issue 35: a 10,000-letter name shortened a letter at a time, each
try measured whole, hung the editor's window): theme.cut measures no more letters than its room has
pixels, and finds how many fit by halves; what it keeps is what it kept before (whole words, else letters,
and an ellipsis)."""

from __future__ import annotations

import math

import pygame
import pytest

from game.ui import theme


class Spy:
    """A font that counts what is measured."""

    def __init__(self, f: pygame.font.Font) -> None:
        self.f = f
        self.lengths: list[int] = []

    def size(self, text: str) -> tuple[int, int]:
        self.lengths.append(len(text))
        return self.f.size(text)


@pytest.fixture
def font(window720: pygame.Surface) -> pygame.font.Font:
    return theme.font(18)


@pytest.mark.parametrize("text", ["W" * 10_000, "word " * 2000, "é\u0301" * 5000])
@pytest.mark.parametrize("whole_words", [True, False])
def test_a_long_text_is_cut_in_one_step(font: pygame.font.Font, text: str, whole_words: bool) -> None:
    spy, width = Spy(font), 300
    cut = theme.cut(text, spy, width, whole_words)
    assert cut.endswith("…") and font.size(cut)[0] <= width
    assert max(spy.lengths) <= width + 2  # never the whole text: at most a letter a pixel, and "…"
    assert len(spy.lengths) <= 2 + math.ceil(math.log2(width + 2))  # by halves


@pytest.mark.parametrize(
    ("text", "whole_words", "kept"),
    [
        ("The Grand Army of Napoleon", True, "The Grand…"),
        ("The Grand Army of Napoleon", False, "The Grand Ar…"),
        ("Short", True, "Short"),
    ],
)
def test_a_cut_keeps_whole_words_or_as_many_letters_as_fit(
    font: pygame.font.Font, text: str, whole_words: bool, kept: str
) -> None:
    width = font.size("The Grand Ar…")[0]
    assert theme.cut(text, font, width, whole_words) == kept


def test_a_single_word_too_long_keeps_as_many_letters_as_fit(font: pygame.font.Font) -> None:
    word, width = "Unbreakablewordthatdoesnotfit", 120
    cut = theme.cut(word, font, width)
    n = len(cut) - 1
    assert word.startswith(cut[:-1]) and font.size(cut)[0] <= width < font.size(word[: n + 1] + "…")[0]


def test_a_label_fitted_to_a_button_is_measured_before_it_is_drawn(font: pygame.font.Font) -> None:
    label = theme.fitted("W" * 10_000, theme.TEXT, 200)
    assert label.get_width() <= 200


def test_a_folder_too_long_keeps_its_end_in_one_step(font: pygame.font.Font) -> None:
    """The editor's "save as mod" names the folder it writes in: its last names say most."""
    folder = "/home/player/" + "deep/" * 3000 + "for-glory/mods"
    spy, width = Spy(font), 300
    cut = theme.cut_start(folder, spy, width)
    assert cut.startswith("…") and cut.endswith("/for-glory/mods") and font.size(cut)[0] <= width
    assert font.size("…" + folder[-len(cut) :])[0] > width  # one more letter would not fit
    assert max(spy.lengths) <= width + 2 and len(spy.lengths) <= 2 + math.ceil(math.log2(width + 2))
    assert theme.cut_start("/home/me/mods", font, width) == "/home/me/mods"
