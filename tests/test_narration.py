"""The battle log in the player's words, in English and Spanish (game/running/narrate.py): a whole seeded
battle told in both languages, and each promise of the log on a small case of its own: one line per
move, no coordinates or headings, a roll-off says who won, an initiative of two dice says both and the
sum, a natural 1 or 6 is named with its rule, and the command line tells it in either language."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from functools import cache
from typing import Any

import pytest

from game import ROOT
from game.ai.players import make_player
from game.content.locale import Texts
from game.model.grammar import said_name
from game.running.log_lines import groups
from game.running.log_texts import texts_for
from game.running.match import new_match, play
from game.running.narrate import _raw, describe, names_of, narrate

ES = Texts("es")
# a point of the table, "(12.3, 4.5)", or a heading in degrees, "facing 290.6", "270°"
COORDINATES = re.compile(r"\(\s*-?\d+\.\d+\s*,\s*-?\d+\.\d+\s*\)|\d+\.\d\d|facing|°|heading")


@cache
def battle(
    seed: int = 2, scenario: str = "default", modules: tuple[str, ...] = ()
) -> tuple[list[dict[str, Any]], dict[str, str], dict[str, str]]:
    """A whole battle between two computer generals: its events, and the names of its sides and
    objectives."""
    m = new_match(scenario, seed, modules=list(modules))
    try:
        first, second = m.battle.game.sides  # type: ignore[union-attr]
        play(
            m, {first: make_player("heuristic", first, seed), second: make_player("random", second, seed + 1)}
        )
        return [e.to_dict() for e in m.battle.events], *names_of(m.scenario.spec)
    finally:
        m.battle.close()


SIDES = {"en": {"fr": "French", "es": "Spanish"}, "es": {"fr": "franceses", "es": "españoles"}}


def told(events: list[dict[str, Any]], t: Texts | None = None) -> list[str]:
    """The lines of the events, the sides named as a scenario names them (with their grammar)."""
    lang = t.language if t is not None else "en"
    sides = {k: said_name(v, "", "side", lang) for k, v in SIDES[lang].items()}
    return [line.text for line in narrate(events, t, sides)]


# --- a whole battle ------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_whole_battle_has_a_line_for_every_event_in_both_languages(language: str) -> None:
    events, sides, objectives = battle()
    lines = narrate(events, Texts(language), sides, objectives)
    # every event is told once, in order, by one line
    assert [i for ln in lines for i in range(ln.first, ln.first + ln.count)] == list(range(len(events)))
    kinds = {e["kind"] for e in events}
    assert {"roll", "moved", "activated", "phase", "game_over"} <= kinds
    for ln in lines:
        e = events[ln.first]
        assert ln.text != _raw(e), f"no words for {e}"  # every kind the battle produces has its words
        assert not COORDINATES.search(ln.text), ln.text
        assert "{" not in ln.text and "}" not in ln.text, ln.text
        if e["kind"] == "note" and language == "es":  # told in the language, not in the rules' English
            assert e["text"] not in ln.text, ln.text


def test_the_spanish_log_is_not_the_english_one() -> None:
    events, sides, objectives = battle()
    english = narrate(events, None, sides, objectives)
    spanish = narrate(events, ES, sides, objectives)
    assert [(ln.first, ln.count) for ln in english] == [(ln.first, ln.count) for ln in spanish]
    same = [(a.text, b.text) for a, b in zip(english, spanish, strict=True) if a.text == b.text]
    assert not same
    words = " ".join(ln.text for ln in spanish)
    for english_word in (" rolls ", " moves ", " takes ", "Round ", " phase ", " the "):
        assert english_word not in words
    for spanish_word in ("chequeo de liderazgo", "iniciativa", "Ronda ", "fase de", "estado mayor"):
        assert spanish_word in words


def test_a_whole_battle_tells_each_move_in_one_line() -> None:
    events, sides, objectives = battle()
    lines = narrate(events, None, sides, objectives)
    moves = [ln for ln in lines if ln.kind == "moved"]
    assert any(ln.count > 1 for ln in moves), "the battle should have a move paused at a reaction area"
    for a, b in itertools.pairwise(lines):  # no move is told in two lines in a row
        if a.kind == b.kind == "moved":
            ea, eb = events[a.first], events[b.first]
            assert (ea["unit"], ea["how"]) != (eb["unit"], eb["how"]) or events[a.first + a.count - 1].get(
                "stopped"
            )
    for ln in moves:
        e = events[ln.first]
        total = sum(m["distance"] for m in events[ln.first : ln.first + ln.count])
        assert f'{round(total, 1):g}"' in ln.text or e["how"] == "pivot" or total < 0.05, ln.text


def test_a_whole_battle_names_each_roll_offs_winner_and_both_initiative_dice() -> None:
    events, sides, objectives = battle()
    lines = narrate(events, None, sides, objectives)
    offs = [ln for ln in lines if ln.kind == "roll" and events[ln.first]["check"] == "roll-off"]
    inits = [ln for ln in lines if ln.kind == "roll" and events[ln.first]["check"] == "initiative"]
    assert offs and any(ln.count == 2 for ln in inits)
    for ln in offs:
        dice = {events[i]["side"]: events[i]["die"] for i in range(ln.first, ln.first + ln.count)}
        best = max(dice.values())
        winners = [s for s, d in dice.items() if d == best]
        assert ln.count == 2
        assert ln.text.endswith(f"{sides[winners[0]]} win") if len(winners) == 1 else "a tie" in ln.text
    for ln in inits:
        dice = [events[i]["die"] for i in range(ln.first, ln.first + ln.count)]
        if len(dice) == 2:
            assert f"{dice[0]} + {dice[1]} = initiative {sum(dice)}" in ln.text


@pytest.mark.parametrize(
    ("scenario", "seed", "modules"),
    [
        ("bailen", 3, ("warhammer-charges",)),
        ("bailen", 3, ("dias-terrain", "dias-combat")),
        ("bailen", 1, ("clash-command", "clash-melee")),
    ],
)
def test_a_battle_with_rule_modules_is_told_in_both_languages(
    scenario: str, seed: int, modules: tuple[str, ...]
) -> None:
    """The modules' rolls, notes, modifiers and results have their words in both languages (their
    locale's narration.toml); only a refusal's reason inside a line stays the rules' English."""
    events, sides, objectives = battle(seed, scenario, modules)
    prefix = {"warhammer-charges": "WM-", "dias-combat": "DG-", "clash-command": "CS-"}
    own = [e for e in events if any(str(e.get("rule", "")).startswith(prefix.get(m, "?")) for m in modules)]
    assert len({(e["kind"], e.get("rule")) for e in own}) >= 3, "the battle should show the modules at work"
    english = narrate(events, texts_for("en", modules), sides, objectives)
    spanish = narrate(events, texts_for("es", modules), sides, objectives)
    for en, es in zip(english, spanish, strict=True):
        e = events[en.first]
        assert en.text != _raw(e) and es.text != en.text, (en.text, es.text)
        reason = (e.get("details") or {}).get("reason", "")
        assert not COORDINATES.search(es.text.replace(reason, "")), es.text
        if e["kind"] == "note":
            assert e["text"] not in es.text, es.text
        if e["kind"] == "roll":
            assert " " not in e["outcome"] or e["outcome"] not in es.text, es.text


# --- each promise on a case of its own ----------------------------------------------------------------


def stretch(unit: str, length: float, how: str = "move", stopped: str | None = None) -> dict[str, Any]:
    e = {"kind": "moved", "unit": unit, "path": [[10.0, 10.0], [10.0, 10.0 + length]], "facing": 90.0}
    return e | {"distance": length, "how": how} | ({"stopped": stopped} if stopped else {})


def test_a_move_in_several_stretches_is_one_line_with_its_whole_distance() -> None:
    events = [
        stretch("a1", 2.9),
        stretch("a1", 2.5),
        stretch("a1", 0.6, stopped="FG-MOVE-3"),
        stretch("a2", 4.0),
    ]
    assert told(events) == ['a1 moves 6", and stops short (FG-MOVE-3)', 'a2 moves 4"']
    assert told(events, ES) == ['a1 mueve 6", y se detiene antes (FG-MOVE-3)', 'a2 mueve 4"']
    # a unit's next move after it stopped, or a move of another kind, is a line of its own
    assert len(told([stretch("a1", 1, stopped="FG-MOVE-3"), stretch("a1", 1)])) == 2
    assert told([stretch("a1", 3), stretch("a1", 2, "charge")]) == ['a1 moves 3"', 'a1 charges 2"']
    assert groups([stretch("a1", 1), stretch("a1", 1)]) == [(0, 2)]


def test_no_line_gives_a_point_or_a_heading() -> None:
    events = [
        stretch("a1", 4.531),
        {"kind": "pushed", "unit": "b1", "start": [30.0, 30.0], "end": [30.0, 32.0], "by": "a1"},
        {
            "kind": "pushed",
            "unit": "b2",
            "start": [30.0, 30.0],
            "end": [30.0, 30.5],
            "by": "a1",
            "blocked": True,
        },
        {"kind": "marker", "at": [31.25, 33.5], "by": "a1", "rule": "FG-FIRE-4"},
        {"kind": "officer_relocated", "officer": "o1", "at": [12.75, 40.25], "rule": "FG-OFF-11"},
        {
            "kind": "moved",
            "unit": "o1",
            "path": [[1.0, 1.0], [5.0, 4.0]],
            "facing": 0.0,
            "distance": 5.0,
            "how": "officer",
        },
        stretch("a1", 0.0, "pivot"),
    ]
    for t in (None, ES):
        lines = told(events, t)
        assert not any(COORDINATES.search(x) for x in lines), lines
    assert told(events) == [
        'a1 moves 4.5"',
        'b1 is pushed back 2" by a1',
        'b2 is pushed back by a1, only 0.5": its way is blocked',
        "a1 places an artillery marker by its target (FG-FIRE-4)",
        "o1's successor takes his place by the division (FG-OFF-11)",
        'o1 rides 5"',
        "a1 pivots in place",
    ]
    assert told(events, ES)[0:3] == [
        'a1 mueve 4,5"',
        'a1 empuja a b1 2" hacia atrás',
        'a1 empuja a b2 solo 0,5" hacia atrás: tiene el paso cerrado',
    ]


def check(
    check: str, die: int, total: int, outcome: str, rule: str, purpose: str | None = None
) -> dict[str, Any]:
    mods = [{"rule": "FG-LDR-1", "label": "experience", "value": total - die}] if total != die else []
    e = {"kind": "roll", "check": check, "officer": "o1", "die": die, "modifiers": mods, "total": total}
    return e | {"outcome": outcome, "rule": rule} | ({"purpose": purpose} if purpose else {})


def test_a_natural_one_or_six_is_named_with_its_rule() -> None:
    fails = check("leadership", 1, 7, "fail", "FG-ACT-2")
    assert describe(fails) == (
        "o1 takes a leadership check (FG-ACT-2): die 1 +6 experience (FG-LDR-1) = 7, failed; "
        "a natural 1 always fails (FG-LDR-6)"
    )
    assert describe(fails, ES) == (
        "o1 hace un chequeo de liderazgo (FG-ACT-2): dado 1 +6 experiencia (FG-LDR-1) = 7, fallado; "
        "un 1 natural es siempre un fallo (FG-LDR-6)"
    )
    passes = check("morale", 6, 2, "pass", "FG-ORD-3", "obey") | {"unit": "a1"}
    assert describe(passes).endswith("= 2, passed; a natural 6 always passes (FG-MOR-7)")
    assert "to obey the order (FG-ORD-3)" in describe(passes)
    assert describe(passes, ES).endswith("= 2, superado; un 6 natural es siempre un éxito (FG-MOR-7)")
    assert "natural" not in describe(check("leadership", 4, 4, "pass", "FG-ACT-2"))


@pytest.mark.parametrize(
    ("value", "en", "es"),
    [
        (-1, "-1 XL band to the estado mayor", "-1 tramo de XL hasta el estado mayor"),
        (-2, "-2 XL bands to the estado mayor", "-2 tramos de XL hasta el estado mayor"),
    ],
)
def test_a_modifier_that_counts_agrees_with_its_value_in_both_languages(value: int, en: str, es: str) -> None:
    """FG-LDR-4's bands (and hits, counters, markers): one band is said in the singular, as the
    locale's _one and _many texts give it, in the log and in the dice box (the same words)."""
    e = check("leadership", 4, 4 + value, "pass", "FG-ACT-2")
    e["modifiers"] = [{"rule": "FG-LDR-4", "label": "XL bands to the estado mayor", "value": value}]
    assert f" {en} (FG-LDR-4) = " in describe(e)
    assert f" {es} (FG-LDR-4) = " in describe(e, ES)
    hit = e | {"modifiers": [{"rule": "FG-MOR-4", "label": "hits", "value": value}]}
    assert f" {value} {'impacto' if value == -1 else 'impactos'} (FG-MOR-4) = " in describe(hit, ES)


def roll_off(side: str, die: int, rule: str = "FG-ACT-1") -> dict[str, Any]:
    return {"kind": "roll", "check": "roll-off", "side": side, "die": die, "modifiers": [], "total": die}


def test_a_roll_off_is_one_line_that_says_who_won() -> None:
    events = [roll_off("es", 4), roll_off("fr", 4), roll_off("es", 2), roll_off("fr", 5)]
    for e in events:
        e.update(outcome=e["side"], rule="FG-ACT-1")
    assert told(events) == [
        "Roll-off (FG-ACT-1): Spanish 4, French 4; a tie, rolled again",
        "Roll-off (FG-ACT-1): Spanish 2, French 5; French win",
    ]
    assert told(events, ES) == [
        "Tirada de desempate (FG-ACT-1): Españoles 4, Franceses 4; empate, se vuelve a tirar",
        "Tirada de desempate (FG-ACT-1): Españoles 2, Franceses 5; ganan los franceses",
    ]


def test_an_initiative_of_two_dice_says_both_and_the_sum() -> None:
    def die(officer: str, d: int, total: int) -> dict[str, Any]:
        e = {"kind": "roll", "check": "initiative", "officer": officer, "die": d, "modifiers": [], "total": d}
        return e | {"outcome": f"initiative {total}", "rule": "FG-INIT-2"}

    events = [die("o1", 3, 7), die("o1", 4, 7), die("o2", 5, 5)]
    assert told(events) == [
        "o1 rolls 2 dice for initiative, being near his estado mayor: 3 + 4 = initiative 7 (FG-INIT-2)",
        "o2 rolls 5 for initiative: initiative 5 (FG-INIT-2)",
    ]
    assert told(events, ES)[0] == (
        "o1 tira 2 dados de iniciativa por estar cerca de su estado mayor: 3 + 4 = iniciativa 7 (FG-INIT-2)"
    )


def test_rule_ids_stay_as_they_are_and_unknown_words_show_as_given() -> None:
    melee = {
        "kind": "melee", "attackers": ["a1", "a2"], "defenders": ["b1"], "attack": 10, "defence": 2,
        "margin": 8, "winner": "attackers", "outcome": "destroyed", "rule": "FG-CBT-16",
    }  # fmt: skip
    assert describe(melee, ES) == (  # said together: "y" before the last
        "Cuerpo a cuerpo: a1 y a2 (10) contra b1 (2): ganan los atacantes por 8, enemigo destruido "
        "(FG-CBT-16)"
    )
    fire = {
        "kind": "roll", "check": "fire", "unit": "a1", "target": "b1", "die": 4, "total": 5,
        "outcome": "singed", "rule": "FG-CBT-14",
        "modifiers": [{"rule": "MY-1", "label": "a mod's own modifier", "value": 1}],
    }  # fmt: skip
    assert (
        describe(fire, ES) == "a1 dispara a b1: dado 4 +1 a mod's own modifier (MY-1) = 5, singed (FG-CBT-14)"
    )
    note = {"kind": "note", "rule": "MY-2", "text": "cheers", "unit": "a1"}  # no words: the rules' own
    assert describe(note, ES) == "a1: cheers (MY-2)"


def test_the_end_of_the_battle_in_words() -> None:
    over = {
        "kind": "game_over", "winner": "fr", "reason": "every objective is held by fr", "rule": "FG-VIC-4",
        "score": {"es": 0, "fr": 8},
    }  # fmt: skip
    assert told([over]) == [
        "The battle ends: French hold every objective (FG-VIC-4); French win; Spanish 0, French 8"
    ]
    assert told([over], ES) == [
        "La batalla termina: los franceses controlan todos los objetivos (FG-VIC-4); vencen los franceses; "
        "Españoles 0, Franceses 8"
    ]
    limit = over | {"winner": None, "reason": "the round limit of 10 is reached", "rule": "AMB-37"}
    assert told([limit], ES)[0].startswith(
        "La batalla termina: se alcanza el límite de 10 rondas (AMB-37); empate"
    )


# --- the command line ---------------------------------------------------------------------------------


def cli(*args: str) -> str:
    p = subprocess.run(
        [sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return p.stdout


def test_simulate_prints_the_log_in_the_language_asked() -> None:
    english = cli("simulate", "--seed", "7", "--rounds", "1", "--log").splitlines()
    spanish = cli("simulate", "--seed", "7", "--rounds", "1", "--log", "--lang", "es").splitlines()
    assert english[0] == "--- Before the battle: preparation phase (FG-PREP-3) ---"
    assert spanish[0] == "--- Fase de preparación (FG-PREP-3) ---"
    assert len(english) == len(spanish) and any("Round 1: activations" in x for x in english)
    assert not any(COORDINATES.search(x) for x in english[:-3])  # the result's lines close it
    assert any("Franceses" in x for x in spanish) and not any("French" in x for x in spanish[:-3])


def test_a_script_tells_its_story_in_spanish() -> None:
    lines = cli(
        "script", str(ROOT / "content" / "scripts" / "combined-charge.toml"), "--lang", "es"
    ).splitlines()
    # issue 38: its units by names made from arm and division (B and E are the file's ids), never the ids
    contact = (
        "[0] La 2.ª Brigada de Línea, 2.ª División entra en contacto con la 1.ª Brigada de Línea, "
        "1.ª División por su flanco izquierdo"
    )
    assert contact in lines
    assert texts_for("es").language == "es"


def test_a_division_deployed_is_told_with_its_side() -> None:
    """FG-DEP-7: both sides' first divisions are often called alike ("1st Division"): the log says whose
    each is, on the table or entering by an edge."""

    def deployed(side: str, edge: str | None = None) -> dict[str, Any]:
        units = [["u1", 1.0, 2.0, 90.0], ["u2", 3.0, 2.0, 90.0]]
        event = {"kind": "deployed", "division": "d1", "side": side, "officer_at": [1.0, 1.0], "units": units}
        return event | {"edge": edge, "rule": "FG-DEP-7"}

    events = [deployed("es"), deployed("fr"), deployed("fr", "north")]
    english, spanish = told(events), told(events, ES)
    assert english[:2] == [  # d1: an id the log has no name for, said as it is
        "Spanish deploy d1: 2 units (FG-DEP-7)",
        "French deploy d1: 2 units (FG-DEP-7)",
    ]
    assert english[2].startswith("French bring d1 on by the ")
    assert spanish[:2] == [
        "Los españoles despliegan d1: 2 unidades (FG-DEP-7)",
        "Los franceses despliegan d1: 2 unidades (FG-DEP-7)",
    ]
    assert spanish[2].startswith("Los franceses hacen entrar a d1 por el borde ")
