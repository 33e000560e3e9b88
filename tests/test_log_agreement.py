"""The words a battle writes agree with what they say, in English and Spanish (a QA pass that read whole
battles with every rule module): a count of one in the singular, a pronoun and a verb with a plural
name, whatever rule module tells the line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from game import CONTENT
from game.ai.reasons import weighed
from game.cli.entry import main
from game.content.locale import Names, Texts
from game.model import commands as cmd
from game.model.grammar import Name, said_name
from game.model.resolution import Reject
from game.running.log_texts import REASONS, reason_said
from game.running.narrate import describe, narrate
from game.running.result_words import fate_why
from game.running.why_words import command_words
from tests.helpers import write_scenario

CLASH = tuple(CONTENT / "modules" / m / "locale" for m in ("clash-command", "clash-melee"))


def texts(language: str, names: dict[str, Name]) -> Texts:
    return Texts(language, CLASH).with_names(Names(names))


def dragoons(language: str) -> Name:
    text = "Dragones de Bron" if language == "es" else "Dragoons of Bron"
    return said_name(text, "", "unit", language)


def brigade(language: str) -> Name:
    return said_name("Brigada Werlé" if language == "es" else "Brigade Werlé", "", "unit", language)


def fatigue_note(markers: int) -> dict[str, Any]:
    details = {"say": "cs_fatigue_action", "order": "move", "own": 0, "table": 1, "save": 5}
    details |= {"ground": "difficult", "fatigue": 1, "gained": 1, "markers": markers}
    return {"kind": "note", "rule": "CS-9", "text": "move +0, table +1", "unit": "u", "details": details}


def test_one_action_marker_is_said_in_the_singular() -> None:
    """CS-9's line said "1 marcadores de acción" / "1 action markers"."""
    es, en = texts("es", {"u": brigade("es")}), texts("en", {"u": brigade("en")})
    assert describe(fatigue_note(1), es) == (
        "La Brigada Werlé gana 1 de fatiga por su acción, mover (+0, y +1 por la tabla: Salvación 5+, "
        "terreno difícil, 1 marcador de acción): ahora 1 (CS-9)"
    )
    assert describe(fatigue_note(1), en) == (
        "Brigade Werlé gains 1 fatigue for its action, move (+0, and +1 by the table: Save 5+, "
        "difficult ground, 1 action marker): now 1 (CS-9)"
    )
    assert "2 marcadores de acción)" in describe(fatigue_note(2), es)
    assert "2 action markers)" in describe(fatigue_note(2), en)


def test_a_commander_rallies_a_plural_unit_as_them() -> None:
    """CS-4 said "para reagruparla" / "to rally it" of "Dragones de Bron"."""
    rally = {"kind": "roll", "rule": "CS-4", "check": "rally", "unit": "u", "die": 5, "modifiers": []}
    rally |= {"total": 5, "outcome": "1 at 4+ (courage, no modifier)"}
    assert describe(rally, texts("es", {"u": dragoons("es")})) == (
        "Dragones de Bron: un comandante tira un dado a 4+ (Coraje, sin modificadores) para reagruparlos, "
        "1 éxito (CS-4)"
    )
    assert describe(rally, texts("en", {"u": dragoons("en")})) == (
        "Dragoons of Bron: a commander rolls one die at 4+ (Courage, no modifier) to rally them, "
        "1 success (CS-4)"
    )
    assert "para reagruparla," in describe(rally, texts("es", {"u": brigade("es")}))


def test_a_plural_unit_counter_attacks_with_a_plural_verb() -> None:
    """CS-11 said "Spanish and Portuguese horse counter-attacks"."""
    pool = {"kind": "roll", "rule": "CS-11", "check": "counter-attack", "unit": "u", "target": "v"}
    pool |= {"die": 6, "dice": [6, 6, 2], "modifiers": [], "total": 2, "outcome": "hits: 2 at 5+ (combat 5)"}
    names = {"u": dragoons("en"), "v": brigade("en")}
    assert describe(pool, texts("en", names)) == (
        "Dragoons of Bron counter-attack Brigade Werlé (CS-11): dice 6 6 2 at 5+ (Combat 5), 2 hits"
    )


def test_a_commander_s_support_starts_its_line_with_a_capital() -> None:
    note = {"kind": "note", "rule": "CS-13", "text": "support", "unit": "u"}
    note["details"] = {"say": "cs_morale_support", "side": "fr", "points": 10}
    assert describe(note, texts("es", {"u": brigade("es")})) == (
        "Un comandante gasta un punto de mando en el chequeo de moral de la Brigada Werlé: quedan 10 (CS-13)"
    )
    assert describe(note, texts("en", {"u": brigade("en")})).startswith("A commander spends")


def test_english_checks_and_reactions_of_a_plural_unit_say_no_singular_pronoun() -> None:
    """For Glory's log said "14th and 32nd of the Line take a morale check to obey its order",
    "Chasseurs à cheval (Dupré) take a morale check as it is charged" and "... react to Line cavalry: it
    retreats"; the Why box "Chasseurs à cheval (Dupré) react: charges"."""
    chasseurs = said_name("Chasseurs à cheval (Dupré)", "", "unit", "en")
    line = said_name("Line cavalry", "", "unit", "en")
    en = Texts("en").with_names(Names({"u": chasseurs, "v": line}))
    morale = {"kind": "roll", "check": "morale", "unit": "u", "die": 3, "total": 1, "outcome": "fail"}
    morale["modifiers"] = [{"rule": "FG-MOR-4", "label": "hits", "value": -2}]
    assert describe(morale | {"rule": "FG-CHG-9", "purpose": "charged"}, en) == (
        "Chasseurs à cheval (Dupré) take a morale check on being charged (FG-CHG-9): "
        "die 3 -2 hits (FG-MOR-4) = 1, failed"
    )
    assert " take a morale check to obey the order (FG-ORD-3)" in describe(
        morale | {"rule": "FG-ORD-3", "purpose": "obey"}, en
    )
    reaction = {"kind": "reaction", "unit": "u", "against": "v", "action": "retreat", "rule": "FG-REACT-1"}
    assert describe(reaction, en) == "Chasseurs à cheval (Dupré) react to Line cavalry by retreating"
    assert (
        command_words(weighed(cmd.React("u", "charge"), {}), en)
        == "Chasseurs à cheval (Dupré) react by charging"
    )
    contact = {"kind": "contact", "unit": "v", "target": "u", "sector": "left"}
    assert (
        describe(contact, en)
        == "Line cavalry makes contact with Chasseurs à cheval (Dupré) on the left flank"
    )


def test_the_english_log_s_first_phases_start_with_a_capital() -> None:
    phase = {"kind": "phase", "phase": "deployment", "round": 0, "rule": "FG-DEP-3"}
    assert describe(phase, Texts("en")) == "--- Before the battle: deployment phase (FG-DEP-3) ---"
    assert describe(phase, Texts("es")) == "--- Fase de despliegue (FG-DEP-3) ---"


def test_an_english_name_written_with_its_article_is_said_with_it_in_running_text() -> None:
    """The English log said "Spanish take the objective The norias" (bailen.toml names it "The norias";
    also "The southern spur", "The mill at the ford", "The hermitage")."""
    norias = said_name("The norias", "", "objective", "en")
    assert str(norias) == "The norias"  # a screen shows it as written
    assert format(norias, "the") == "the norias" and format(norias, "The") == "The norias"
    assert format(said_name("Talavera de la Reina", "", "objective", "en"), "the") == "Talavera de la Reina"
    assert format(said_name("The Army of Valencia", "", "division", "en"), "The") == "The Army of Valencia"
    assert format(said_name("The Buffs", "pl", "unit", "en"), "the") == "The Buffs"  # a tag without one
    assert format(said_name("La Albuera", "", "objective", "es"), "el") == "La Albuera"  # Spanish: its name
    taken = {"kind": "objective", "objective": "norias", "side": "es", "rule": "FG-VIC-1"}
    [line] = narrate([taken], Texts("en"), {"es": said_name("Spanish", "", "side", "en")}, {"norias": norias})
    assert line.text == "Spanish take the norias (FG-VIC-1)"


def test_why_a_masculine_division_was_lost_agrees_with_it() -> None:
    """The end box of Albuera with clash-*: "Los aliados pierden el Ejército español (Blake)
    (desmoralizada)"; the figures' fates and `stats` said it the same way."""
    es = Texts("es")
    army = said_name("Ejército español (Blake)", "", "division", "es")
    allies = said_name("aliados", "", "side", "es")
    why = fate_why(es, "demoralised")
    assert es("lost_division", side=allies, division=army, why=why) == (
        "los aliados pierden el Ejército español (Blake) (por desmoralización)"
    )
    assert es("fate_removed", division=army, side="Aliados", round=7, why=why) == (
        "Ejército español (Blake) (Aliados) dejó el campo en la ronda 7 por desmoralización"
    )


def test_an_english_refusal_agrees_with_a_plural_unit_and_reads_back() -> None:
    """A refusal on the screen said "Garrochistas (lancers of Utrera and Jerez) is not in the line of
    sight of ..."; the English a battle records (ids, singular) still reads back into Spanish."""
    garrochistas = said_name("Garrochistas (lancers of Utrera and Jerez)", "", "unit", "en")
    battery = said_name("1st Foot Battery", "", "unit", "en")
    en = Texts("en").with_names(Names({"g": garrochistas, "b": battery}))
    sight = Reject("FG-FIRE-1", "", "reason_no_line_of_sight", {"unit": "g", "shooter": "b"})
    assert (
        sight.said(en)
        == "Garrochistas (lancers of Utrera and Jerez) are not in the line of sight of 1st Foot Battery"
    )
    assert sight.said(en.with_names(Names({"g": battery, "b": battery}))).startswith(
        "1st Foot Battery is not"
    )
    ordered = Reject("FG-ORD-2", "", "reason_already_ordered", {"unit": "g"})
    assert ordered.said(en) == (
        "Garrochistas (lancers of Utrera and Jerez) have already had their order in this activation"
    )
    recorded = ordered.worded(REASONS)  # as the event records it: the id, in the singular
    assert recorded == "g has already had its order in this activation"
    granaderos = said_name("Granaderos provinciales", "", "unit", "es")
    es = Texts("es").with_names(Names({"g": granaderos}))
    assert (
        reason_said(es, recorded) == "Los Granaderos provinciales ya han recibido su orden en esta activación"
    )


def test_one_die_of_a_clash_pool_is_said_in_the_singular() -> None:
    """CS-11 said "dados 2 a 5+ (Salvación 5), 0 salvados" / "dice 2 at 5+" of one die."""
    save = {"kind": "roll", "rule": "CS-11", "check": "save", "unit": "u", "target": "v", "die": 2}
    save |= {"dice": [2], "modifiers": [], "total": 0, "outcome": "saved: 0 at 5+ (save 5)"}
    names = {"u": brigade("es"), "v": dragoons("es")}
    assert describe(save, texts("es", names)) == (
        "La Brigada Werlé salva los golpes de los Dragones de Bron (CS-11): dado 2 a 5+ (Salvación 5), "
        "0 salvados"
    )
    assert ": die 2 at 5+ (Save 5), 0 saved" in describe(
        save, texts("en", {"u": brigade("en"), "v": dragoons("en")})
    )
    assert ": dados 2 6 a 5+" in describe(save | {"dice": [2, 6]}, texts("es", names))


def test_a_plural_unit_that_stops_short_agrees() -> None:
    """The log said "Los Húsares de María Luisa hacen un movimiento estratégico de 4", y se detiene antes"."""
    husares = said_name("Húsares de María Luisa", "", "unit", "es")
    move = {"kind": "moved", "unit": "u", "path": [[0.0, 0.0], [4.0, 0.0]], "facing": 0.0, "distance": 4.0}
    move |= {"how": "strategic", "stopped": "FG-MOVE-3"}
    es = Texts("es").with_names(Names({"u": husares}))
    assert describe(move, es) == (
        'Los Húsares de María Luisa hacen un movimiento estratégico de 4", y se detienen antes (FG-MOVE-3)'
    )
    hussars = said_name("Maria Luisa hussars", "", "unit", "en")
    en = Texts("en").with_names(Names({"u": hussars}))
    assert describe(move, en).endswith(", and stop short (FG-MOVE-3)")


def test_a_plural_unit_passes_its_clash_check_in_the_plural() -> None:
    """CS-6 said "Los Dragones pesados de De Grey hacen su test de activación ...: 1 éxito: lo supera" and
    "De Grey's Heavy Dragoons take their activation check ...: 1 success: it passes"."""
    check = {"kind": "roll", "rule": "CS-6", "check": "activation", "unit": "u", "die": 6, "dice": [6, 2, 2]}
    check |= {"modifiers": [], "total": 1, "outcome": "1 at 5+ (courage 4+): passes"}
    assert describe(check, texts("es", {"u": dragoons("es")})).endswith("1 éxito: lo superan")
    assert describe(check, texts("en", {"u": dragoons("en")})).endswith("1 success: they pass")
    assert describe(check, texts("es", {"u": brigade("es")})).endswith("1 éxito: lo supera")
    failed = check | {"outcome": "0 at 5+ (courage 4+): fails"}
    assert describe(failed, texts("es", {"u": dragoons("es")})).endswith("0 éxitos: lo fallan")


def test_the_edge_roll_says_the_division_enters_by_it() -> None:
    """ "General Cole rolls 4 for the edge it enters by": "it" was the general."""
    cole = said_name("General Cole", "", "officer", "en")
    edge = {"kind": "roll", "check": "edge", "officer": "o", "die": 4, "modifiers": [], "total": 4}
    edge |= {"outcome": "own (north)", "rule": "FG-REINF-3"}
    assert describe(edge, Texts("en").with_names(Names({"o": cole}))) == (
        "General Cole rolls 4 for the edge the division enters by: its own edge, the north (FG-REINF-3)"
    )
    cole_es = said_name("general Cole", "", "officer", "es")
    assert describe(edge, Texts("es").with_names(Names({"o": cole_es}))) == (
        "El general Cole saca un 4 para el borde por el que entra su división: su propio borde, el norte "
        "(FG-REINF-3)"
    )


def test_english_names_said_together_are_joined_by_and() -> None:
    """ "The detachment 2nd Line Brigade, 1st Division, 3rd Line Brigade, 1st Division has initiative 1":
    the comma of each name and the comma between them read alike."""
    second = said_name("2nd Line Brigade, 1st Division", "", "unit", "en")
    third = said_name("3rd Line Brigade, 1st Division", "", "unit", "en")
    riflemen = said_name("Riflemen", "", "unit", "en")
    en = Texts("en").with_names(Names({"a": second, "b": third, "r": riflemen}))
    note = {"kind": "note", "rule": "FG-INIT-3", "text": "x", "details": {"units": ["a", "b"]}}
    assert describe(note, en) == (
        "The detachment 2nd Line Brigade, 1st Division and 3rd Line Brigade, 1st Division has initiative 1 "
        "(FG-INIT-3)"
    )
    charged = {"kind": "note", "rule": "FG-CHG-8", "text": "x", "unit": "r"}
    assert describe(charged, en).startswith("Riflemen: their target retreated, so the charge counts")


def test_two_officers_named_together_agree_in_spanish() -> None:
    """A campaign's "El rey José y el mariscal Jourdan ha caído" and "... saca 4 para su experiencia"; a
    refusal's "antes de que moviera" of a plural charger."""
    camp = Texts("es", (CONTENT / "modules" / "campaign" / "locale",))
    both = said_name("rey José y el mariscal Jourdan", "el pl", "officer", "es")  # as talavera.toml tags it
    assert camp("log_note_camp_successor", officer=both, rule="R") == (
        "El rey José y el mariscal Jourdan han caído: sus sucesores toman el mando, con experiencia 0 (R)"
    )
    assert camp("log_camp_roll_experience", who=both, die=4, rule="R").startswith(
        "El rey José y el mariscal Jourdan sacan 4 para su experiencia"
    )
    dragones = said_name("Dragones de Bron", "", "unit", "es")
    es = Texts("es").with_names(Names({"d": dragones, "b": brigade("es")}))
    sight = Reject("FG-CHG-2", "", "reason_not_in_vision", {"unit": "b", "charger": "d"})
    assert sight.said(es).endswith("de los Dragones de Bron antes de que movieran")


def test_two_english_officers_named_together_agree() -> None:
    """ "King Joseph and Marshal Jourdan is killed by ...", "... rides to his new place"."""
    both = said_name("King Joseph and Marshal Jourdan", "", "officer", "en")
    en = Texts("en").with_names(Names({"o": both, "u": brigade("en")}))
    killed = {"kind": "officer_killed", "officer": "o", "by": "u", "rule": "FG-OFF-4"}
    assert describe(killed, en) == "King Joseph and Marshal Jourdan are killed by Brigade Werlé (FG-OFF-4)"
    ride = command_words(weighed(cmd.MoveOfficer("o", (3.0, 4.0)), {}), en)
    assert ride == "King Joseph and Marshal Jourdan ride to their new place"


def test_a_terrain_of_the_wrong_shape_is_said_without_a_wrong_article(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """check-content and the loader said "a impassable is an area", "un población es un área": the
    shape is said of the terrain of that kind, which takes no article of its own."""
    river = write_scenario(tmp_path, terrain=[("river", ((10.0, 10.0), (20.0, 10.0), (20.0, 12.0)))])
    assert main(["simulate", "--scenario", str(river), "--rounds", "1"]) == 2
    assert "the river terrain is a line: give its path and width" in capsys.readouterr().err
    assert main(["simulate", "--scenario", str(river), "--rounds", "1", "--lang", "es"]) == 2
    assert "el terreno river es una línea: da su camino y su anchura" in capsys.readouterr().err


def test_a_plural_division_s_fate_agrees() -> None:
    """`stats --lang es` said "Portugueses y alemanes (Hamilton, Alten) (Aliados): aguantó"."""
    es, en = Texts("es"), Texts("en")
    both = said_name("Portugueses y alemanes (Hamilton, Alten)", "", "division", "es")
    assert es("cli_stats_stood", division=both, side="Aliados") == (
        "Portugueses y alemanes (Hamilton, Alten) (Aliados): aguantaron"
    )
    assert es("fate_stood", division=both, side="Aliados").endswith("(Aliados) aguantaron hasta el final")
    assert es("fate_stands", division=both, side="Aliados").endswith("(Aliados) siguen en pie")
    assert es("fate_removed", division=both, side="Aliados", round=2, why="x").endswith(
        "(Aliados) dejaron el campo en la ronda 2 x"
    )
    english = said_name("Portuguese and Germans (Hamilton, Alten)", "", "division", "en")
    assert en("fate_stands", division=english, side="Allies").endswith("(Allies) still stand")


def test_a_module_s_spanish_refusal_agrees_with_a_plural_unit() -> None:
    """ "Los Dragones de Bron no es artillería" (dias-combat), "... no es una unidad sobre la mesa"."""
    dias = Texts("es", (CONTENT / "modules" / "dias-combat" / "locale",))
    es = dias.with_names(Names({"d": dragoons("es")}))
    artillery = Reject("DG-16", "", "reason_dg_combined_artillery", {"unit": "d"})
    assert artillery.said(es).startswith("Los Dragones de Bron no son artillería:")
    clash = texts("es", {"d": dragoons("es")})
    table = Reject("CS-3", "", "reason_cs_not_a_unit", {"unit": "d"})
    assert table.said(clash).startswith("Los Dragones de Bron no son unidades sobre la mesa:")


def test_warhammer_s_close_combat_refusal_agrees_and_names_with_articles() -> None:
    """WM-38 said "Los Dragones de Bron ... con Brigada Werlé: ... con el que esté en contacto" and
    "... only charge an enemy it touches" of a plural unit."""
    wm = (CONTENT / "modules" / "warhammer-charges" / "locale",)
    engaged = Reject("WM-38", "", "reason_wm_engaged_move", {"unit": "d", "units": "b"})
    es = Texts("es", wm).with_names(Names({"d": dragoons("es"), "b": brigade("es")}))
    assert engaged.said(es) == (
        "Los Dragones de Bron están en combate cuerpo a cuerpo con la Brigada Werlé: no pueden mover, "
        "retirarse ni girar, solo cargar contra un enemigo con el que estén en contacto (WM-38)"
    )
    en = Texts("en", wm).with_names(Names({"d": dragoons("en"), "b": brigade("en")}))
    assert engaged.said(en).endswith("only charge an enemy they touch (WM-38)")


def test_a_plural_unit_falls_back_from_a_defence_in_the_open() -> None:
    """CS-11: "Dragones de Bron retroceden: defendió en terreno abierto" / "fall back: it defended"."""
    note = {"kind": "note", "rule": "CS-11", "text": "x", "unit": "u"}
    note["details"] = {"say": "cs_falls_back", "cause": "open"}
    assert describe(note, texts("es", {"u": dragoons("es")})) == (
        "Los Dragones de Bron retroceden: defensa en terreno abierto (CS-11)"
    )
    assert describe(note, texts("en", {"u": dragoons("en")})) == (
        "Dragoons of Bron fall back: a defence in the open (CS-11)"
    )


def test_an_open_wars_place_written_with_its_article_is_said_with_it() -> None:
    """ow-elven-marches: "Court of Bones recruits 1 token of Mummies in The Necropolis"."""
    ow = Texts("en", (CONTENT / "modules" / "open-wars" / "locale",))
    necropolis = said_name("The Necropolis", "", "location", "en")
    said = ow(
        "ow_n_recruit", side="Court of Bones", tokens="1 token of Mummies", location=necropolis, price=1
    )
    assert said == "Court of Bones recruits 1 token of Mummies in the Necropolis for 1 gold"
    crossford = said_name("Crossford", "", "location", "en")
    assert ow("ow_n_round", location=crossford, round=2) == "Combat in Crossford, round 2"


def test_the_odds_of_a_melee_are_said_of_any_unit_without_a_gender() -> None:
    """The Why box and the previews say a melee's outcomes without knowing the unit: "pierde y queda
    destruida" was said of Los Dragones too. Each Spanish outcome agrees with no gender."""
    t = Texts("es")
    with (CONTENT / "locale" / "es" / "ui.toml").open("rb") as f:
        outcomes = [k for k in tomllib.load(f) if k.startswith(("odds_won", "odds_lost"))]
    assert "odds_lost_destroyed" in outcomes
    for key in outcomes:
        assert not re.search(r"\b\w+(ad|id)[ao]s?\b", t(key, result="x")), (key, t(key, result="x"))
