""" "Why?" (W): a search general's reasons come back from its process with its answer, and the box
shows them in the player's words, each option with its worth and its parts; [ and ] page through
earlier decisions."""

from __future__ import annotations

import re

import pygame

from game.ai.reasons import Thought
from game.content.locale import Texts
from game.running.why_words import why_lines
from game.ui.battle.screen import BattleScreen
from tests.ui.driver import frame, key, open_screen


def played_orders(window: pygame.Surface, level: str) -> tuple[BattleScreen, list[Thought]]:
    """An AI-vs-AI battle on screen until each side's general has given some orders."""
    screen = open_screen(window, a=level, b=level)
    for _ in range(3000):
        screen.display.skip()
        screen.ai.wait = 0
        frame(screen, window)
        if sum(t.kind == "order" for t in screen.ai.thoughts) >= 4 or screen.battle.pending is None:
            break
    return screen, screen.ai.thoughts


def test_the_box_shows_the_last_decision_and_pages_back(window: pygame.Surface) -> None:
    screen, thoughts = played_orders(window, "easy")
    assert sum(t.kind == "order" for t in thoughts) >= 4
    last = thoughts[-1]
    assert last.options and last.looked_at > 0
    key(pygame.K_w, unicode="w")
    frame(screen, window)
    assert screen.why and screen.why_thought() is last
    lines = why_lines(last, screen.t, str)
    assert lines[0].startswith("Why?") and lines[1].startswith("Chose: ")
    assert sum(line.startswith("Weighed: ") for line in lines) == min(4, len(last.options) - 1)
    key(pygame.K_LEFTBRACKET, unicode="[")
    frame(screen, window)
    assert screen.why_thought() is thoughts[-2]
    key(pygame.K_w, unicode="w")
    frame(screen, window)
    assert not screen.why
    screen.close()


def test_the_reasons_read_in_spanish_without_coordinates(window: pygame.Surface) -> None:
    screen, thoughts = played_orders(window, "easy")
    moves = [t for t in thoughts if any(type(w.command).__name__ == "Move" for w in t.options)]
    assert moves
    lines = why_lines(moves[-1], Texts("es"), str)
    text = "\n".join(lines)
    assert lines[0].startswith("¿Por qué?") and "Eligió: " in text and 'in"' not in text
    # inches and worth as the log writes them
    assert re.search(r'mover \S.* \d+(,\d)?" \(vale [+-]\d+,\d\d\)', text)
    assert "(" not in text.replace("(vale", "").replace("(moral)", "")  # no (x, y) anywhere
    screen.close()


def test_no_reasons_yet_says_who_gives_them(window: pygame.Surface) -> None:
    screen = open_screen(window, a="human", b="heuristic")
    key(pygame.K_w, unicode="w")
    frame(screen, window)
    assert screen.why_thought() is None
    assert why_lines(None, Texts("en"), str) == [Texts("en")("why_none")]
    screen.close()


def test_the_box_stands_on_the_table_as_it_shows(window: pygame.Surface) -> None:
    """At 1280x720 the table shows inside the view with a margin: the box stands on the table, where it
    hung 19 pixels past its bottom edge over the background (F1's help had the same fault)."""
    from game.ui.battle.help_page import draw_why_box

    screen, _thoughts = played_orders(window, "easy")
    key(pygame.K_w, unicode="w")
    frame(screen, window)
    box = draw_why_box(screen, window)
    table = screen.renderer.table_in_view(screen.camera)
    assert box is not None and table.contains(box), (box, table)
    assert table.bottom - box.bottom == 20 and box.x - table.x == 20  # its corner, as the dice box's
    screen.close()
