"""The war's log in the player's words (systems/campaign/words.py): names with their grammar, so that
Spanish says its articles and agrees its verbs (docs/spanish.md), and a brigade raised is told by its
arm and levy, not by a name that says "raised" already (issue 36)."""

from __future__ import annotations

from game.running.log_texts import texts_for
from game.running.narrate import describe
from systems.campaign.commands import Recruit
from systems.campaign.rules_module import ORDERS
from systems.campaign.words import narrate
from tests.campaign_helpers import until, war


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
    from systems.campaign.words import Naming

    n = Naming(m.war, t)
    assert f"{n.side('fr'):El}" == "Los franceses" and str(n.side("fr")) == "Franceses"
    assert f"{n.army('fr-army'):El} marcha" == "El Ejército del Oeste marcha"
    assert (
        t("log_note_camp_pursued", unit=n.brigade("fr-1a"), rule="R")
        == "La Brigada Dupré cae en la persecución (R)"
    )
    m.war.close()
