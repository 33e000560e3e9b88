"""The battle in figures as drawn (game/ui/widgets/stats_view.py), from issue 38's pass over every
screen: a count of dice agrees with its number, and a division's fate is drawn whole however narrow
its column."""

from __future__ import annotations

import pygame
import pytest

from game.content.locale import Texts
from game.model.figures import Fate, SideStats
from game.running.stats import Figures
from game.ui import theme
from game.ui.widgets.stats_view import draw_fates, fate_words, luck_lines
from tests.ui.tour import recording

NAMES = {"fr": "French", "es": "Spanish"}


def _figures(rolls: int, fates: list[Fate] | None = None) -> Figures:
    sides = {s: SideStats(rolls=rolls, pips=3 * rolls) for s in NAMES}
    return Figures("default", 1, 3, "fr", sides, fates or [])


@pytest.mark.parametrize(
    ("language", "rolls", "said"),
    [
        ("en", 1, "French: 1 die,"),
        ("en", 2, "French: 2 dice,"),
        ("es", 1, "French: 1 dado,"),
        ("es", 7, "French: 7 dados,"),
    ],
)
def test_the_dice_a_side_rolled_agree_with_their_count(language: str, rolls: int, said: str) -> None:
    """An Open Wars player who had rolled once read "1 dice" ("1 dados")."""
    _rank, lines = luck_lines(_figures(rolls), Texts(language), NAMES)["fr"]
    assert lines[-1].startswith(said), lines[-1]


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_fate_too_long_for_its_column_is_drawn_whole(window720: pygame.Surface, language: str) -> None:
    """At 1920x1080 the end's figures cut "1.ª División (Barbou) (Franceses) dejó el campo en la ronda
    4, desmoralizada" after "ronda 4,": only a fate's first row was drawn. Each row is drawn, the next
    fate under it."""
    t = Texts(language)
    fates = [Fate("fr-1", "fr", 4, "demoralised"), Fate("fr-2", "fr", None)]
    f = _figures(2, fates)
    area = pygame.Rect(0, 0, 220, 400)  # narrower than the first fate's words
    with recording() as drawn:
        draw_fates(window720, area, f, t, NAMES, {"fr": (40, 80, 170), "es": (190, 40, 40)})
    first, second = (fate_words(x, t, NAMES) for x in fates)
    assert theme.font(17).size(first)[0] > area.w
    assert " ".join(drawn).split() == f"{first} {second}".split()  # every word, in order


@pytest.mark.parametrize(
    ("language", "over", "said"),
    [("en", True, "stood to the end"), ("en", False, "still stands"),
     ("es", True, "aguantó hasta el final"), ("es", False, "sigue en pie")],
)  # fmt: skip
def test_a_division_of_a_battle_still_going_on_still_stands(language: str, over: bool, said: str) -> None:
    """Session 25: the figures of a save at round 1 said every division "stood to the end"."""
    assert fate_words(Fate("fr-2", "fr", None), Texts(language), NAMES, over).endswith(said)
