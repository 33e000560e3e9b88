"""A Spanish battle screen says the rules' refusals in Spanish: the refused move's ghost and the greyed
Fire button's hint, each with its rule ID; an English one says the words the events record."""

from __future__ import annotations

import re

import pygame
import pytest

from game.running.match import new_match
from game.running.settings import Settings
from game.ui.battle.screen import BattleScreen
from tests.test_scenario_words import english_words
from tests.ui.driver import answer_until, at, frame, hover


@pytest.mark.parametrize(
    ("language", "fire", "ghost"),
    [
        ("es", 'ningún enemigo a su alcance de 2"; el más cercano, '
                'la 1.ª Batería a Pie, 1.ª División (Barbou), está a 13,4" (FG-FIRE-1)',
         r'ha gastado todo su movimiento \(FG-UNIT-12\)'),
        ("en", 'no enemy within its range of 2"; the nearest, '
                '1st Foot Battery, 1st Division (Barbou), is 13.4" away (FG-FIRE-1)',
         r'its allowance is spent \(FG-UNIT-12\)'),
    ],
)  # fmt: skip
def test_a_refused_move_and_a_greyed_fire_button_say_why_in_the_screens_language(
    window: pygame.Surface, language: str, fire: str, ghost: str
) -> None:
    m = new_match("bailen", 3)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), Settings(language=language))
    try:
        answer_until(screen, window, "order")
        b = screen.battle
        assert b.pending is not None
        name = b.pending.options[0]
        screen.human.selected = name
        frame(screen, window)
        button = next(bt for _rect, bt in screen.buttons if bt.key == "fire")
        assert not button.enabled and button.hint == fire
        screen.human.press("move")
        pose = b.pose(b.ids[name])
        hover(at(screen, (pose.x + 2, pose.y + 16)))  # 16" on: beyond any move of line infantry
        frame(screen, window)
        # it stops at the longest legal move (issue 38) and says why it goes no farther
        assert screen.human.ghost is not None and screen.human.ghost.ok
        line = next(x for x in screen.human.ghost.lines if re.search(ghost, x))
        assert re.fullmatch(f"{screen.t('ghost_farthest', why='')}{ghost}", line), line
        if language == "es":
            assert english_words(re.sub(r"\(FG-[A-Z]+-\d+\)", "", f"{button.hint} {line}")) == []
    finally:
        screen.close()
