"""The battle screen's log: told in the player's language and told again when it changes, one line for
a move fed in stretches, the lines of an undone order taken back; and pictures of it in English and
Spanish at 1280x720 and 1920x1080."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.content.locale import Texts
from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.screen import BattleScreen
from game.ui.playing.settings_menu import change_setting
from game.ui.widgets.log_panel import CUT, LogPanel, shown_rows
from tests.ui.driver import press, settle
from tests.ui.tour import recording


def stretch(unit: str, length: float) -> dict[str, object]:
    return {"kind": "moved", "unit": unit, "path": [[1.0, 1.0], [1.0, 1.0 + length]], "facing": 0.0}.__or__(
        {"distance": length, "how": "move"}
    )


def panel(language: str = "en") -> LogPanel:
    return LogPanel(pygame.Rect(0, 0, 400, 300), t=Texts(language))


def test_a_move_fed_in_stretches_stays_one_line() -> None:
    log = panel()
    log.feed([stretch("a1", 2.0)])
    log.add("Saved: somewhere")  # a line that tells no event closes the move's line
    log.feed([stretch("a1", 1.0)])
    log.feed([stretch("a1", 1.5), stretch("a2", 3.0)])
    assert [ln.text for ln in log.lines] == [
        'a1 moves 2"',
        "Saved: somewhere",
        'a1 moves 2.5"',
        'a2 moves 3"',
    ]
    assert [(ln.first, ln.count) for ln in log.lines] == [(0, 1), (-1, 0), (1, 2), (3, 1)]


def test_the_oldest_line_shown_never_starts_mid_sentence_unmarked(window720: pygame.Surface) -> None:
    """The playtest's defect (issue 38's pass): the log's top row was the tail of a line cut by the
    panel's edge, read as a sentence ("los Cazadores a caballo (Dupré): dado 3 ..."). A line the top
    cuts shows its last rows begun with "… "; the rows under it are whole lines."""
    log = LogPanel(pygame.Rect(0, 0, 300, 170), t=Texts("en"))  # 8 rows: 4 + 3 and a cut one
    for k in range(12):
        log.add(f"entry {k}: " + "a long line of the battle log that wraps " * (1 + k % 3))
    with recording() as drawn:
        log.draw(window720)
    font = theme.font(18)
    width = log.rect.w - 16
    body = drawn[1:]  # after the title
    starts = {log._wrap(ln.text, font, width)[0] for ln in log.lines}
    assert body and body[0].startswith(CUT) and body[0] not in starts, body
    assert body[-1] == log._wrap(log.lines[-1].text, font, width)[-1]
    whole = [row for row in body[1:] if row in starts]
    assert whole and all(font.size(row)[0] <= width for row in body)
    mark = "… ".__add__
    a, b = [("a", theme.TEXT)] * 3, [("b", theme.TEXT)] * 5
    assert shown_rows([a, b], 4, mark) == [("… b", theme.TEXT)] + [("b", theme.TEXT)] * 3  # its end
    assert shown_rows([a, b], 7, mark) == [("… a", theme.TEXT), ("a", theme.TEXT), *b]
    assert shown_rows([a, b], 8, mark) == [*a, *b]


def test_undo_takes_back_the_lines_of_the_undone_events() -> None:
    log = panel()
    log.feed([stretch("a1", 2.0)])
    log.feed([stretch("a2", 2.0), stretch("a2", 1.0), stretch("a3", 1.0)])
    undone = "Undone: the last order and all that followed it are taken back."
    log.undo(2, "log_undone")  # the second order's events from index 1 on, one in a line with index 1
    assert [ln.text for ln in log.lines] == ['a1 moves 2"', 'a2 moves 2"', undone]
    log.undo(1, "log_undone")
    assert [ln.text for ln in log.lines] == ['a1 moves 2"', undone]  # one note, however many undos
    assert len(log.events) == 1


def test_retell_changes_the_language_of_every_event_line() -> None:
    log = panel("es")
    log.feed([stretch("a1", 2.5)])
    log.add("kept as it is")
    assert log.lines[0].text == 'a1 mueve 2,5"'
    log.retell(Texts("en"))
    assert [ln.text for ln in log.lines] == ['a1 moves 2.5"', "kept as it is"]


def open_in(window: pygame.Surface, language: str, seed: int = 3) -> BattleScreen:
    m = new_match("default", seed)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    return BattleScreen(
        m, {sides[0]: "human", sides[1]: "human"}, window.get_size(), Settings(language=language)
    )


def test_the_screen_tells_the_log_in_the_chosen_language_and_changes_it(window: pygame.Surface) -> None:
    screen = open_in(window, "es")
    settle(screen, window)
    texts = [ln.text for ln in screen.log.lines]
    assert texts[0] == "--- Fase de preparación (FG-PREP-3) ---"
    assert any("de experiencia" in x for x in texts)
    change_setting(screen, "language")  # the Esc menu's setting: English now
    assert screen.log.lines[0].text == "--- Before the battle: preparation phase (FG-PREP-3) ---"
    assert len(screen.log.lines) == len(texts)
    screen.close()


def test_undo_on_the_screen_removes_the_undone_orders_lines(window: pygame.Surface) -> None:
    screen = open_in(window, "en")
    settle(screen, window)
    assert screen.battle.pending.kind == "deploy"
    before = [ln.text for ln in screen.log.lines]
    press(screen, window, "deploy")
    new = [ln.text for ln in screen.log.lines[len(before) :]]
    assert any(x.startswith("French deploy the 1st Division (Leval)") for x in new)  # with its side
    assert not any(e.kind == "roll" for e in screen.battle.events[screen.first_event :])
    assert screen.undo()
    after = [ln.text for ln in screen.log.lines]
    assert after == [*before, "Undone: the last order and all that followed it are taken back."]
    assert len(screen.log.events) == len(screen.battle.events)
    screen.close()


SHOTS = Path(os.environ.get("FORGLORY_SHOTS", "")) if os.environ.get("FORGLORY_SHOTS") else None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_log_drawn_in_both_languages(size: tuple[int, int], language: str, tmp_path: Path) -> None:
    """The battle some rounds in, drawn: the log's title and last lines are in the language, its rule
    IDs hoverable. FORGLORY_SHOTS=DIR keeps the pictures there to look at."""
    pygame.init()
    surf = pygame.display.set_mode(size)
    m = new_match("default", 7)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    screen = BattleScreen(
        m, {sides[0]: "heuristic", sides[1]: "heuristic"}, size, Settings(language=language)
    )
    try:
        for _ in range(2000):
            screen.ai.wait_for_answer(30)
            screen.display.skip()
            screen.update(0.5)
            if screen.battle.game.round >= 3 or screen.battle.pending is None:  # type: ignore[union-attr]
                break
        screen.display.skip()
        screen.draw(surf)
        title = Texts(language)("log_title")
        assert screen.log.lines and screen.log._spans, "the log shows no rule ID"
        last = " ".join(ln.text for ln in screen.log.lines[-10:])
        if language == "es":
            assert title.startswith("Registro") and not any(
                w in last for w in (" rolls ", " moves ", " takes ")
            )
        else:
            assert title.startswith("Battle log")
        assert screen.log.rect.right <= size[0] and screen.log.rect.bottom <= size[1]
        pygame.image.save(surf, str((SHOTS or tmp_path) / f"log-{language}-{size[0]}x{size[1]}.png"))
    finally:
        screen.close()
        pygame.quit()


def test_a_line_never_breaks_inside_a_spanish_percentage() -> None:
    """The campaign's log wrapped "gana el atacante 74 %, tablas 9 / %, gana el defensor 17 %": the
    no-break space before the sign (words.percent) was broken as any space."""
    from game.ui import theme

    f = theme.font(18)
    text = "Batalla 2: gana el atacante 74\u00a0%, tablas 9\u00a0%, gana el defensor 17\u00a0% (CAMP-DEC-7)"
    for width in range(60, 400, 7):
        lines = theme.wrap(text, f, width)
        assert not any(line.startswith("%") for line in lines), (width, lines)
        assert " ".join(lines).replace("\u00a0", " ") == text.replace("\u00a0", " ")
