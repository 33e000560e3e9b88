"""The screens' words (issue 22, items 10, 13, 15): units by name on the table, in the hover box, the
why box and the dice box; one way of writing a measure and a number, decimal comma in Spanish; plurals
said right; who decides said in the player's language; a language switched mid-battle reaching the
prompt and the log's own lines; Open Wars units in Spanish; the orders' buttons named as the rules
name them."""

from __future__ import annotations

import re

import pygame

from game.ai.players import make_player
from game.ai.reasons import Thought, weighed
from game.content.locale import Texts
from game.content.rulesref import reference_for
from game.model import commands as cmd
from game.model.events import Roll
from game.model.modules import modules_by_mode
from game.model.words import Number, english_count, inches, number
from game.running.log_texts import texts_for
from game.running.match import new_match, play
from game.running.names import named
from game.running.narrate import Narrator, describe
from game.running.settings import Settings
from game.running.why_words import why_lines
from game.ui.battle.roll_words import roll_rows
from game.ui.battle.screen import BattleScreen
from game.ui.drawing.map_cards import initials
from game.ui.playing.settings_menu import change_setting
from systems.open_wars.words import narrate as ow_narrate
from tests.ui.driver import frame, settle

EN, ES = Texts("en"), Texts("es")


def test_a_measure_is_written_one_way_everywhere() -> None:
    """A tenth of an inch, no ".0", the language's decimal mark: the log, the ghost, the why box and
    the refusals (their recorded "17.72" too) all write it so."""
    assert [inches(x, EN) for x in (17.72, 4.25, 6.0, 0.04, -0.04)] == ["17.7", "4.2", "6", "0", "0"]
    assert inches(4.3, ES) == "4,3" and Number("17.72").said(ES) == "17,7" and Number("8").said(EN) == "8"
    assert Narrator(ES).inches(4.34) == inches(4.34, ES)
    assert number(1.4, ES, 2, signed=True) == "+1,40" and number(2.845, EN, 2) == "2.85"


def test_counts_are_said_in_the_singular_for_one() -> None:
    said = [english_count(n, "round", "rounds") for n in (1, 2, 0, 0.5)]
    assert said == ["1 round", "2 rounds", "0 rounds", "0.5 rounds"]
    for t, one, many in ((EN, "after 1 round", "after 3 rounds"), (ES, "tras 1 ronda", "tras 3 rondas")):
        assert t("ended_after_one", reason="x", rounds=1).endswith(one)
        assert t("ended_after_many", reason="x", rounds=3).endswith(many)
    assert "(s)" not in " ".join(EN._texts.values()) and "(s)" not in " ".join(ES._texts.values())


def test_the_order_buttons_are_named_as_the_rules_name_them() -> None:
    """FG-ORD-6/8/10: Move, Shoot, Rally (Mover, Disparar, Reagruparse), as the rules reference says."""
    (fg,) = [m for m in modules_by_mode() if m.id == "for-glory"]
    orders = {o.name: o.rule for o in fg.orders}
    for language in ("en", "es"):
        t, ref = Texts(language), reference_for(language, (), ())
        for order in ("move", "fire", "rally"):
            assert t(f"btn_{order}") == ref[orders[order]].title
    assert EN("btn_fire") == "Shoot"


def screen(window: pygame.Surface, language: str, players: tuple[str, str]) -> BattleScreen:
    m = new_match("default", 3)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    who = dict(zip(sides, players, strict=True))
    return BattleScreen(m, who, window.get_size(), Settings(language=language))


def test_who_decides_is_said_in_the_players_words(window: pygame.Surface) -> None:
    s = screen(window, "es", ("hard", "human"))
    try:
        settle(s, window)
        d = s.battle.pending
        assert d is not None and s.controllers[d.side] == "human"
        assert s.who_decides() == f"Españoles (tú): {s.decision(d.kind)}"
        s.controllers[d.side] = "hard"
        assert s.who_decides().startswith("Españoles (IA difícil): ")
        assert "hard" not in s.who_decides() and "deciden" not in s.who_decides()
    finally:
        s.close()


def test_a_language_switched_mid_battle_reaches_the_prompt_and_saved(window: pygame.Surface) -> None:
    s = screen(window, "en", ("human", "human"))
    try:
        settle(s, window)
        assert s.human.info[0].startswith("Deploy a division")
        assert s.save()
        assert s.log.lines[-1].text.startswith("Saved: ")
        english = {look.name: look.label for look in s.looks()[0]}
        change_setting(s, "language")
        assert s.human.info[0].startswith("Despliega una división")
        # the name plates too, at once (session 25: "1st Foot Bty, 1st Div." stayed until an event came)
        spanish = {look.name: look.label for look in s.looks()[0]}
        assert spanish == {name: s.t.names.brief(name) for name in english} != english
        assert s.log.lines[-1].text.startswith("Guardada: ")
        assert s.log.lines[0].text.startswith("--- Fase de preparación")
    finally:
        s.close()


def test_units_by_name_on_the_table_and_in_the_hover_box(window: pygame.Surface) -> None:
    s = screen(window, "es", ("human", "human"))
    try:
        settle(s, window)
        units, _officers = s.looks()
        labels = {u.name: u.label for u in units}
        assert labels["fr-1a"] == "1.ª Línea, 1.ª División" and labels["es-1a"] == "Brigada de la Guardia"
        assert s.t.names("fr-1a") == "1.ª Brigada de Línea, 1.ª División (Leval)"
        b = s.battle
        p = b.pose(b.ids["fr-staff"])
        s.mouse = tuple(int(v) for v in s.camera.to_screen((p.x, p.y)))  # type: ignore[assignment]
        frame(s, window)  # the hover box's title is the name (drawn; nothing raises)
    finally:
        s.close()


def test_the_why_box_and_the_dice_box_name_units(window: pygame.Surface) -> None:
    m = new_match("default", 3)
    try:
        t = named(Texts("es"), m)
        move = cmd.Move("fr-1a", (10.0, 12.0), 0.0, fire="es-1b")
        thought = Thought("order", "fr", (weighed(move, {"odds": 1.4}, moved=6.04),), 3)
        text = "\n".join(why_lines(thought, t, str))
        said = (
            'mover a la 1.ª Brigada de Línea, 1.ª División (Leval) 6" y disparar a la Brigada Zayas '
            "(vale +1,40)"
        )
        assert said in text
        moved = [{"value": -1, "label": "moved", "rule": "FG-CBT-6"}]
        roll = {"kind": "roll", "check": "fire", "unit": "fr-1a", "target": "es-1b", "die": 4, "total": 3,
                "outcome": "miss", "modifiers": moved}  # fmt: skip
        rows = roll_rows(roll, Narrator(t))
        assert rows[0] == "1.ª Brigada de Línea, 1.ª División (Leval): disparo"
        assert not re.search(r"\b(fr|es)-\d", "\n".join(rows))
    finally:
        m.battle.close()


def test_open_wars_units_in_spanish() -> None:
    """OW-UNIT-1: the units by their Spanish names in the chronicle and as labels on the map; an attack of
    one hit said in the singular."""
    m = new_match("ow-border-march", 1)
    try:
        c = m.battle
        play(m, {p: make_player("heuristic", p, 1) for p in c.sides}, until=lambda x: len(x.commands) > 4)
        recruit = next(e for e in c.events if e.kind == "note" and e.rule == "OW-RECRUIT-1")
        unit = recruit.details["unit"]  # type: ignore[attr-defined]
        es, en = texts_for("es", ["open-wars"]), texts_for("en", ["open-wars"])  # with the mode's own words
        spanish = c.rules.unit_name(unit, "es")
        assert spanish != c.unit(unit).name
        assert spanish in ow_narrate(recruit, c, es, describe) and c.unit(unit).name in ow_narrate(
            recruit, c, en, describe
        )
        assert initials("Jinetes de lobo") == "JL" and initials("Dwarf warriors") == "DW"
        one = Roll(check="attack", unit="orcs:wolf-riders", die=1, dice=(3, 5), read="", modifiers=(),
                   total=1, outcome="1 hit in Grishnak", side="orcs", rule="OW-COMBAT-5")  # fmt: skip
        assert ow_narrate(one, c, es, describe).endswith("1 impacto (OW-COMBAT-5)")
        assert "Jinetes de lobo" in ow_narrate(one, c, es, describe) and "1 hit (OW-COMBAT-5)" in ow_narrate(
            one, c, en, describe
        )
    finally:
        c.close()
