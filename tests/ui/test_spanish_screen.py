"""The battle screen in Spanish: the dice box, the hover box, the move's ghost, the odds and the
overlay toggles say Spanish words (none of a list of English ones), and the sides and objectives go by
the scenario's Spanish names; in English they read as before."""

from __future__ import annotations

from fractions import Fraction

import pygame

from game.content.locale import Texts
from game.running.match import new_match
from game.running.narrate import Narrator, said_outcome
from game.running.settings import Settings
from game.ui.battle.human import HumanInput
from game.ui.battle.roll_words import roll_rows
from game.ui.battle.screen import BattleScreen
from game.ui.battle.unit_words import said_odds, unit_lines
from tests.helpers import make_battle, officer, unit
from tests.test_scenario_words import english_words
from tests.ui.driver import answer_until, frame

ES, EN = Texts("es"), Texts("en")
SIDES = {"fr": "Franceses", "es": "Españoles"}
FIRE = {
    "kind": "roll",
    "check": "fire",
    "unit": "fr-1a",
    "target": "es-1b",
    "die": 4,
    "total": 3,
    "outcome": "one hit",
    "rule": "FG-FIRE-6",
    "modifiers": [
        {"value": 1, "label": "quality", "rule": "FG-QUAL-1"},
        {"value": -1, "label": "enemy in cover", "rule": "FG-FIRE-5"},
        {"value": -1, "label": "moved and shot", "rule": "FG-FIRE-7"},
    ],
}


def roll(check: str, outcome: str, **more: object) -> dict[str, object]:
    return {"kind": "roll", "check": check, "die": 5, "total": 5, "outcome": outcome, "rule": "R", **more}


def test_the_dice_box_says_a_roll_in_the_logs_spanish_words() -> None:
    es = Narrator(ES, SIDES)
    assert roll_rows(FIRE, es) == [
        "fr-1a: disparo",  # a heading: no article (the log says "dispara al ...")
        "+1 calidad FG-QUAL-1",
        "-1 enemigo a cubierto FG-FIRE-5",
        "-1 ha movido y dispara FG-FIRE-7",
        "= 3: un impacto",
    ]
    rows = [
        *roll_rows(roll("roll-off", "fr", side="fr"), es),
        *roll_rows(roll("deployment", "arrives in round 3", officer="fr-2"), es),
        *roll_rows(roll("deployment", "deployed", officer="fr-1"), es),
        *roll_rows(roll("edge", "left (west)", officer="fr-2"), es),
        *roll_rows(roll("initiative", "initiative 9", officer="es-1"), es),
        *roll_rows(roll("morale", "pass", unit="es-1a", purpose="obey"), es),
        *roll_rows(roll("melee", "rolled", unit="es-1a"), es),
    ]
    assert rows[:2] == ["Franceses: tirada de desempate", "= 5: Franceses"]
    assert "= 5: llega en la ronda 3" in rows and "= 5: el flanco izquierdo, el borde oeste" in rows
    assert "es-1a: moral para acatar la orden" in rows
    assert english_words(" ".join(rows)) == []
    # English reads as it did before the words went through the locale
    assert roll_rows(FIRE, Narrator(EN))[1:] == [
        "+1 quality FG-QUAL-1",
        "-1 enemy in cover FG-FIRE-5",
        "-1 moved and shot FG-FIRE-7",
        "= 3: one hit",
    ]


def test_the_hover_box_in_spanish() -> None:
    from game.model import commands as cmd

    b = make_battle([1])  # a natural 1: the general's check fails and his division is disorganised
    try:
        officer(b, "o", "red", (30.0, 20.0))
        unit(b, "u", "red", (30.0, 22.0), 90.0, division="o")
        b.apply(cmd.CheckLeadership("o"))
        lines = [*unit_lines(b, "u", ES), *unit_lines(b, "o", ES)]
        assert lines[0].startswith("Infantería de línea (LnInf, FG-UNIT-12), ")
        assert lines[1].startswith('mueve 4", terreno difícil 4"; alcance ')
        assert "desorganizada: su general falló el chequeo de liderazgo (FG-ACT-4)" in lines
        assert "general de división, experiencia 3" in lines
        assert english_words(" ".join(lines)) == []
        assert unit_lines(b, "u")[0].startswith(
            "Line infantry (LnInf, FG-UNIT-12), "
        )  # English without a language
    finally:
        b.close()


def test_the_ghost_and_the_odds_in_spanish() -> None:
    b = make_battle()
    try:
        unit(b, "u", "a", (20.0, 20.0), 0.0)
        ghost = HumanInput(b, t=ES)._move_ghost("u", (23.0, 20.0))
        assert ghost.ok and ghost.lines == ['movimiento: 3" de 4", quedan 1"']
        assert HumanInput(b)._move_ghost("u", (23.0, 20.0)).lines == ['move: 3" of 4", 1" left']
    finally:
        b.close()
    odds = {"won: destroyed": Fraction(29, 100), "draw": Fraction(1, 2), "lost: pushed": Fraction(21, 100)}
    assert said_odds(odds, ES) == (
        "empate 50\u00a0%; gana, destruye al enemigo 29\u00a0%; pierde y sufre un empuje 21\u00a0%"
    )
    assert said_odds(odds, EN) == "draw 50%; wins, destroys the enemy 29%; loses and is pushed back 21%"
    assert said_outcome("officer killed", ES) == "oficial muerto"
    assert said_outcome("a module's own", ES) == "a module's own"  # as the module gives it


def test_the_battle_screen_in_spanish(window: pygame.Surface) -> None:
    m = new_match("bailen", 3)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), Settings(language="es"))
    try:
        answer_until(screen, window, "order")
        frame(screen, window)
        overlays = [b.label for _r, b in screen.buttons if b.key.startswith("overlay:")]
        assert overlays == ["regla", "visión", "reacciones", "alcances", "mando"]
        assert screen.names == SIDES
        assert screen.objective_names["norias"] == "Las norias"
        log = " ".join(line.text for line in screen.log.lines)
        assert "Franceses" in log or "Españoles" in log
        assert english_words(" ".join([*overlays, *screen.human.info])) == []
        screen.menu_choice("language")  # Settings: the language back to English
        frame(screen, window)
        overlays = [b.label for _r, b in screen.buttons if b.key.startswith("overlay:")]
        assert overlays == ["ruler", "vision", "reactions", "ranges", "command"]
        assert screen.names == {"fr": "French", "es": "Spanish"}
        assert screen.log.sides == screen.names
    finally:
        screen.close()


def test_the_start_screen_shows_the_scenarios_spanish_words(window: pygame.Surface) -> None:
    from game.ui.start.screen import Setup, StartScreen

    screen = StartScreen(window.get_size(), Setup(scenario="bailen"), t=ES)
    chosen = screen.scenario.selected_option
    assert (chosen[0] if isinstance(chosen, tuple) else chosen) == "Bailén, 19 de julio de 1808"
    assert (screen.label_a.text, screen.label_b.text) == ("Franceses (sur)", "Españoles (norte)")
    about = screen.about.html_text
    assert "La columna de Dupont debe romper" in about and "Franceses: 4 divisiones" in about
    assert english_words(about) == []
    english = StartScreen(window.get_size(), Setup(scenario="bailen"), t=EN)
    assert "Dupont's column must break through" in english.about.html_text
