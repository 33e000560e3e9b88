"""Issue 38, the reaction's question and answers in the panel: the question is shown whole however many
units it names, a button's hover box stands beside the panel and never covers another answer, and a
shot or a charge made as a reaction says both its chances: the morale check's (FG-REACT-2) and what
follows it, with its -2 (FG-CBT-9)."""

from __future__ import annotations

import pygame
import pytest

from game.model import commands as cmd
from game.model.words import percent
from game.running.match import new_match
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.human import HumanInput
from game.ui.battle.panel import HEAD_GAP, head_rows
from game.ui.battle.screen import BattleScreen
from game.ui.battle.unit_words import said_odds
from game.ui.battle.view import MOST_BUTTONS
from systems.for_glory.charge.odds import reaction_charge_odds
from systems.for_glory.odds import check_odds
from tests.helpers import make_battle, officer, unit
from tests.ui.driver import answer_until, frame, hover


def _screen(window: pygame.Surface, language: str) -> BattleScreen:
    m = new_match("bailen", 3)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), Settings(language=language))
    answer_until(screen, window, "order")
    return screen


def test_a_long_question_is_shown_whole(window720: pygame.Surface, monkeypatch) -> None:
    """The playtest's defect: a reaction naming several units was cut after three lines (its rule ID
    and the last names lost). Every word of it is drawn, and the buttons start below it."""
    screen = _screen(window720, "es")
    try:
        t = screen.t
        names = [t.names(n) for n in list(screen.battle.ids)[:4]]
        question = t(
            "prompt_reaction",
            unit=names[0],
            options=", ".join(names[1:]),
            side="es",
            when=t("reaction_when_end"),
        )
        screen.human.info = [question]
        drawn: list[str] = []
        render = theme.GameFont.render
        monkeypatch.setattr(
            theme.GameFont,
            "render",
            lambda f, text, *a, **k: drawn.append(str(text)) or render(f, text, *a, **k),
        )
        frame(screen, window720)
        assert " ".join(drawn).count(question.split()[-1]) >= 1
        shown = " ".join(w for text in drawn for w in text.split())
        assert " ".join(question.split()) in shown, (question, drawn)
        lines = len(theme.wrap(question, theme.font(16), screen.panel.w - 20))
        first = min(rect.top for rect, _b in screen.buttons)
        assert first >= screen.panel.y + 8 + lines * theme.font(16).get_linesize()
    finally:
        screen.close()


def test_a_buttons_hover_box_covers_no_other_button(window720: pygame.Surface) -> None:
    """The playtest's defect: the box of a reaction's button covered "No reaction" under it."""
    screen = _screen(window720, "en")
    try:
        screen.human.selected = screen.battle.pending.options[0]  # type: ignore[union-attr]
        frame(screen, window720)
        hinted = [(rect, b) for rect, b in screen.buttons if b.hint]
        assert len(hinted) >= 2
        for rect, _b in hinted:
            hover(rect.center)
            frame(screen, window720)
            box = screen.hover_box
            assert box is not None
            assert box.collidelist([r for r, _b in screen.buttons]) < 0, (box, rect)
    finally:
        screen.close()


def test_FG_CBT_9_the_charge_reaction_says_the_morale_chance_and_the_melees_odds() -> None:
    """The playtest's defect: the reaction charge's button said only the morale check's chance."""
    b = make_battle(seed=1)
    officer(b, "red-div", "red", (18, 26))
    unit(b, "A", "red", (18, 20), 0)
    unit(b, "S", "blue", (24.2, 20), 180, cat="LI")
    b.apply(cmd.Activate("A", leadership=False))
    b.apply(cmd.Move("A", (21.4, 20)))
    h = HumanInput(b)
    h.start(b.pending)  # type: ignore[arg-type]
    charge = next(bt for bt in h.buttons() if bt.key == "react:S:charge")
    odds = said_odds(reaction_charge_odds(b, b.ids["S"], b.ids["A"]), h.t)
    chance = percent(float(check_odds(b, b.ids["S"])), h.t)
    assert charge.hint == h.t("hint_reaction_odds", chance=chance, odds=odds)
    assert chance in charge.hint and odds in charge.hint and "FG-CBT-9" in charge.hint
    # AMB-24: asked at each pause of the move until it reacts once (FG-REACT-4): the question says which
    assert h.info[0].startswith(f"{h.t.names('A')}, on its way, is in the reaction area of: ")
    b.close()


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_what_is_asked_never_touches_the_first_button(scale: float) -> None:
    """Issue 38's pass: at 1920x1080 and 125% a Spanish reaction's question of five rows ran down to
    the first answer's top edge. However many rows it takes, at every interface size, a gap of
    HEAD_GAP stands between its last row and the first button."""
    pygame.init()
    size = (1920, 1080)
    surf = pygame.display.set_mode(size)
    m = new_match("bailen", 3)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), size, Settings(language="es", ui_scale=scale))
    try:
        answer_until(screen, surf, "order")
        words = "La 1.ª Batería a Pie, tras su orden, está en el área de reacción de los Cazadores."
        for n in range(1, 9):
            screen.human.info = [" ".join([words] * n)]
            frame(screen, surf)
            shown = [b for _r, b in screen.buttons if not b.key.startswith("overlay:")]
            spare = MOST_BUTTONS - len(shown)  # as the panel asks it (one column)
            rows, font, _taken = head_rows(screen, [(screen.human.info[0], theme.TEXT)], spare)
            bottom = screen.panel.y + 8 + len(rows) * font.get_linesize()
            first = min(rect.top for rect, _b in screen.buttons)
            assert first - bottom >= theme.px(HEAD_GAP), (scale, n, first, bottom)
    finally:
        screen.close()
        pygame.quit()
