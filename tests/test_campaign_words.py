"""The war's log in the player's words (systems/campaign/words.py): names with their grammar, so that
Spanish says its articles and agrees its verbs (docs/spanish.md), and a brigade raised is told by its
arm and levy, not by a name that says "raised" already (issue 36)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.ruleset_files import load_ruleset
from game.content.scenario import ScenarioWords
from game.model.events import Note
from game.model.grammar import said_name
from game.model.words import percent
from game.running.campaign_match import new_campaign
from game.running.log_texts import texts_for
from game.running.narrate import describe
from systems.campaign.commands import Recruit
from systems.campaign.meeting import battle_words
from systems.campaign.rules_module import ORDERS
from systems.campaign.theatre import campaign_problems, load_campaign, read_campaign
from systems.campaign.words import Naming, narrate
from systems.open_wars.ruleset_files import load_rules
from tests.campaign_helpers import BORDER, campaign_file, until, war


def _told(language: str, say: str) -> list[str]:
    m = war()
    w = m.war
    until(m, ORDERS, "fr")
    m.apply(Recruit("west-town", "LnInf"))
    t = texts_for(language, [x.id for x in w.stack.modules])
    out = [
        narrate(w, e, t, describe) for e in w.events if (e.to_dict().get("details") or {}).get("say") == say
    ]
    w.close()
    return out


def test_CAMP_DEC_5_a_recruit_is_told_by_its_arm_and_levy_in_both_languages() -> None:
    """CAMP-DEC-5: Westbury raises line infantry at its levy (irregular): the log says so once, without
    the brigade's made name ("Line infantry raised at Westbury") after "raise"."""
    (english,) = _told("en", "camp_recruit")
    assert (
        english
        == "The French raise a brigade of line infantry (irregular) at Westbury for 2 gold (CAMP-DEC-5)"
    )
    (spanish,) = _told("es", "camp_recruit")
    assert spanish == (
        "Los franceses levantan una brigada de infantería de línea (irregular) en Villaoeste por 2 de oro "
        "(CAMP-DEC-5)"
    )


def test_spanish_names_take_their_articles_and_their_verbs_agree() -> None:
    """A people is said in lower case after its article, an army with its article, a plural brigade's
    verb in the plural (game/model/grammar.py's forms in the campaign's texts)."""
    m = war()
    t = texts_for("es", [x.id for x in m.war.stack.modules])
    n = Naming(m.war, t)
    assert f"{n.side('fr'):El}" == "Los franceses" and str(n.side("fr")) == "Franceses"
    assert f"{n.army('fr-army'):El} marcha" == "El Ejército del Oeste marcha"
    assert (
        t("log_note_camp_pursued", unit=n.brigade("fr-1a"), rule="R")
        == "La Brigada Dupré cae en la persecución (R)"
    )
    m.war.close()


def _peninsular(language: str) -> Naming:
    """The Peninsular War's names in a language, as its log and screens say them."""
    m = new_campaign("peninsular", 1)
    n = Naming(m.war, texts_for(language, [x.id for x in m.war.stack.modules]))
    m.war.close()
    return n


def test_a_campaign_gives_the_grammar_of_a_name_its_default_does_not_fit() -> None:
    """The Guard's name has its article (`[locale.es.grammar.armies] guard = "m pl"`): not "El El
    Emperador y su Guardia llega"; a man named without a title takes none: not "El Napoleón"."""
    es, en = _peninsular("es"), _peninsular("en")
    guard = es.army("guard")
    assert es.t("log_note_camp_event_army", army=guard, location=es.place("vitoria"), rule="R") == (
        "El Emperador y su Guardia llegan a Vitoria (R)"
    )
    assert es.t("log_note_camp_event_withdraw", army=guard, rule="R") == (
        "El Emperador y su Guardia son llamados fuera de la guerra (R)"
    )
    assert es.t("campaign_march_prompt", army=guard) == "¿Adónde marchan El Emperador y su Guardia?"
    said = [f"{es.officer(x):El}" for x in ("guard", "wellesley", "al-baird")]
    assert said == ["Napoleón", "Sir Arthur Wellesley", "Sir David Baird"]
    assert f"{en.army('guard'):The}" == "The Emperor and his Guard"


def test_a_campaign_battle_keeps_its_names_grammar() -> None:
    """The battle the campaign sets up says its names as the campaign does (its scenario's Spanish
    words carry their running text and grammar): "Napoleón", with no article, "los franceses"."""
    words = load_campaign("peninsular").spec.words("es")
    named = {"officers": {"fr-staff": words.officers["guard"]}, "sides": {"fr": words.sides["fr"]}}
    es = battle_words("Vitoria, 3", named, ScenarioWords())
    staff = said_name(es.officers["fr-staff"], es.grammar.officers["fr-staff"], "officer", "es")
    side = said_name(es.sides["fr"], es.grammar.sides["fr"], "side", "es")
    assert f"{staff:El} | {side:El}" == "Napoleón | Los franceses"


def test_a_campaigns_bad_grammar_tag_is_found_at_its_key(tmp_path: Path) -> None:
    path = campaign_file(
        tmp_path, swaps=(("[locale.es]\n", '[grammar.armies]\nfr-army = "plural"\n\n[locale.es]\n'),)
    )
    found = {e.where for e in campaign_problems(read_campaign(path), load_ruleset(), load_rules())}
    assert found == {"grammar.armies.fr-army"}


def test_a_spanish_title_is_in_lower_case_in_running_text_and_a_capital_alone() -> None:
    """The RAE's "el general Caro" in a sentence (not "El General Caro ha caído"); a name alone, in a
    list or a line of the army's page, starts with a capital."""
    es = _peninsular("es")
    caro = es.words.officers["al-valencia-1"]
    assert es.t("campaign_report_killed", officer=caro).startswith("El general Caro ha caído: su sucesor")
    assert es.t("log_note_camp_successor", officer=es.officer("soult"), rule="R") == (
        "El mariscal Soult ha caído: su sucesor toma el mando, con experiencia 0 (R)"
    )
    assert [str(es.officer(x)) for x in ("dupont", "wellesley", "al-castile-1")] == [
        "General Dupont", "Sir Arthur Wellesley", "Segundo del general Cuesta"
    ]  # fmt: skip
    assert es.t("campaign_division_line", division="División de Caro", officer=es.officer("al-valencia-1"),
                experience=2) == "División de Caro: General Caro, experiencia 2"  # fmt: skip
    assert f"{es.officer('al-castile-1'):El}" == "El segundo del general Cuesta"


def test_english_verbs_agree_with_a_plural_name() -> None:
    """A plural brigade or army takes a plural verb in the English log, as the battle log's do: not
    "Volunteers of Valladolid withdraws", "The Emperor and his Guard arrives"."""
    en = _peninsular("en")
    t = en.t
    volunteers, hussars, pena = (
        en.brigade("al-castile-1a"),
        en.brigade("al-castile-2a"),
        en.officer("al-pena"),
    )
    guard, dupont = en.army("guard"), en.army("dupont")
    said = [
        t("log_camp_roll_straggle", who=volunteers, die=5, total=5, outcome="nothing", rule="R"),
        t("log_camp_roll_pursuit", who=hussars, die=6, total=6, outcome="a brigade taken", rule="R"),
        t("log_note_camp_pursued", unit=volunteers, rule="R"),
        t("log_note_camp_quality", unit=volunteers, quality="Regular", rule="R"),
        t("log_note_camp_event_army", army=guard, location="Vitoria", rule="R"),
        t("log_note_camp_arrival", army=guard, origin="Vitoria", round=2, edge="west", rule="R"),
        t("log_note_camp_event_army", army=dupont, location="Toledo", rule="R"),
        t("log_note_camp_successor", officer=pena, rule="R"),
        t("campaign_retreat_prompt", army=guard),
    ]
    assert said == [
        "Volunteers of Valladolid withdraw: 5, nothing (R)",
        "Carabineers and Hussars pursue: 6, a brigade taken (R)",
        "Volunteers of Valladolid are taken in the pursuit (R)",
        "Volunteers of Valladolid have won their spurs: they are now of quality Regular (R)",
        "The Emperor and his Guard arrive at Vitoria (R)",
        "The Emperor and his Guard march to the battle from Vitoria: they arrive in round 2 by the west edge"
        " (R)",
        "Dupont's Corps arrives at Toledo (R)",
        "General La Peña has fallen: his successor takes the command, of experience 0 (R)",
        "The Emperor and his Guard are beaten: where do they retreat?",
    ]


def test_a_brigade_raised_in_play_takes_its_arms_grammar(tmp_path: Path) -> None:
    """ "Line infantry raised at Burgos" is one brigade, though its place's name ends in -s."""
    m = war(campaign_file(tmp_path, swaps=(('name = "Westbury"', 'name = "Burgos"'),)))
    w = m.war
    until(m, ORDERS, "fr")
    m.apply(Recruit("west-town", "LnInf"))
    raised = next(i for i in w.roster if i.startswith("raised-"))
    en = Naming(w, texts_for("en", [x.id for x in w.stack.modules]))
    said = en.t("log_camp_roll_straggle", who=en.brigade(raised), die=4, total=4, outcome="nothing", rule="R")
    assert said == "Line infantry raised at Burgos withdraws: 4, nothing (R)"
    w.close()


def test_a_turns_line_starts_with_a_capital_and_a_share_keeps_its_sign() -> None:
    """The Spanish log's turn line starts with its date in a capital ("Marzo de 1809: turno 1", not
    "marzo de 1809"); a battle's odds say each share as the battle's page does, with a no-break space
    before the sign in Spanish (the RAE's "74 %"), so a line never breaks between them."""
    assert _told("es", "camp_turn")[0] == "Marzo de 1809: turno 1 (CAMP-DEC-2)"
    t = texts_for("es", ["campaign"])
    assert t("camp_odds", attacker=percent(0.74, t), draw=percent(0.09, t), defender=percent(0.17, t)) == (
        "gana el atacante 74\u00a0%, tablas 9\u00a0%, gana el defensor 17\u00a0%"
    )
    assert t("campaign_odds_side", win=20, losses="1,5") == "Ganan un 20\u00a0%; pueden perder 1,5 brigadas"


def test_a_drawn_battle_is_told_as_a_draw_not_as_the_holders_victory() -> None:
    """CAMP-DEC-13: a draw leaves the place to a side; the log says so as the report's "The battle is
    drawn" and the end's "a draw" do, not "the Allies hold the field" (which reads as their win)."""
    m = war()
    w = m.war
    lost = {"fr": 0, "al": 0}
    said = {}
    for language in ("en", "es"):
        t = texts_for(language, [x.id for x in w.stack.modules])
        for winner in (None, "fr"):
            details = {"say": "camp_battle_over", "battle": 3, "winner": winner, "holder": winner or "al",
                       "lost": lost, "location": "east-town"}  # fmt: skip
            said[language, winner] = narrate(
                w, Note(rule="CAMP-DEC-12", text="", details=details), t, describe
            )
    w.close()
    assert said == {
        (
            "en",
            None,
        ): "Battle 3: the battle is drawn; Eastham is left to the Allies; brigades lost: French 0, "
        "Allies 0 (CAMP-DEC-12)",
        ("en", "fr"): "Battle 3: the French win the battle; brigades lost: French 0, Allies 0 (CAMP-DEC-12)",
        ("es", None): "Batalla 3: la batalla acaba en tablas; Villaeste queda para los aliados; brigadas "
        "perdidas: Franceses 0, Aliados 0 (CAMP-DEC-12)",
        ("es", "fr"): "Batalla 3: los franceses ganan la batalla; brigadas perdidas: Franceses 0, Aliados 0 "
        "(CAMP-DEC-12)",
    }


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "4 destroyed, 2 lost to stragglers, 1 captured"),
        ("es", "4 destruidas, 2 perdidas por los rezagados, 1 capturada"),
    ],
)
def test_the_brigades_lost_each_way_are_counted_before_their_fate(language: str, said: str) -> None:
    """The figures' losses said "destruida 4, capturada 1": a singular word after a count of four."""
    from collections import Counter

    from game.ui.campaign.words import fates

    w = war(BORDER).war
    n = Naming(w, texts_for(language, [x.id for x in w.stack.modules]))
    assert fates(n, Counter(destroyed=4, captured=1, straggled=2)) == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["Army of the West recovers 1 hit resting (CAMP-DEC-17)",
                "Army of the West recovers 2 hits resting (CAMP-DEC-17)"]),
        ("es", ["El Ejército del Oeste recupera 1 impacto descansando (CAMP-DEC-17)",
                "El Ejército del Oeste recupera 2 impactos descansando (CAMP-DEC-17)"]),
    ],
)  # fmt: skip
def test_the_hits_an_army_recovers_resting_are_counted_in_the_singular_and_the_plural(
    language: str, said: list[str]
) -> None:
    m = war()
    w = m.war
    t = texts_for(language, [x.id for x in w.stack.modules])
    army = w.armies_of("fr")[0].id
    notes = [Note(rule="CAMP-DEC-17", text="", details={"say": "camp_healed", "army": army, "hits": hits})
             for hits in (1, 2)]  # fmt: skip
    told = [narrate(w, e, t, describe) for e in notes]
    w.close()
    assert told == said
