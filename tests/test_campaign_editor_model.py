"""The editor's model of a campaign driven headless (issue 36, item 4: "the map editor edits campaigns"):
the Peninsular War opened as a copy, its places moved, added, removed, renamed in both languages, walled,
raising brigades, on a historical battle's ground, held and worth points; its sides' armies, divisions
and brigades; its dated events and their effects; every problem the campaign's own checks find shown at
its element; saved to a file and as a mod that check-content passes and the campaign's loader opens."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game import CONTENT
from game.content.locale import Texts
from game.content.mods import load_mod
from game.content.ruleset_files import load_ruleset
from game.editing import campaigns as camp
from game.editing import maps
from game.editing.document import Document
from game.editing.elements import remove, set_field, set_id
from game.editing.files import open_document, save_as_mod, save_file, to_toml
from game.editing.problem_words import place_said, problem_said
from game.editing.problems import Problem, problems_of
from game.editing.texts import set_text, text, translatable
from game.modding.content_check import check_content
from game.model.ruleset import Ruleset
from systems.campaign.theatre import list_campaigns, load_campaign
from systems.open_wars.records import OpenWarsRules
from systems.open_wars.ruleset_files import load_rules

PENINSULAR = CONTENT / "campaigns" / "peninsular.toml"


@pytest.fixture(scope="module")
def ow() -> OpenWarsRules:
    return load_rules()


@pytest.fixture(scope="module")
def fg() -> Ruleset:
    return load_ruleset()


def peninsular() -> Document:
    return open_document(PENINSULAR)


def problems(doc: Document, fg: Ruleset, ow: OpenWarsRules) -> list[Problem]:
    return problems_of(doc, fg, ow)


def place(doc: Document, ident: str) -> int:
    return camp.place_index(doc)[ident]


def test_the_shipped_campaign_opens_as_a_copy_and_saves_as_it_was(fg: Ruleset, ow: OpenWarsRules) -> None:
    doc = peninsular()
    assert doc.kind == "campaign" and doc.get(("id",)) == "peninsular-copy" and doc.dirty
    assert problems(doc, fg, ow) == []
    saved = tomllib.loads(to_toml(doc))
    shipped = tomllib.loads(PENINSULAR.read_text(encoding="utf-8"))
    assert saved == {**shipped, "id": "peninsular-copy"}  # every key kept, nothing added


def test_places_are_moved_added_renamed_in_both_languages_and_removed(fg: Ruleset, ow: OpenWarsRules) -> None:
    doc = peninsular()
    madrid = place(doc, "madrid")
    maps.move_location(doc, madrid, (50, 40))
    assert doc.get(("locations", madrid, "at")) == [50, 40]
    at = maps.add_location(doc, "city", (60, 70))
    new = str(doc.get((*at, "id")))
    maps.toggle_link(doc, new, "madrid")
    set_text(doc, at, "name", "en", "Aranjuez")
    set_text(doc, at, "name", "es", "Aranjuez (Real Sitio)")
    assert text(doc, at, "name", "es") == "Aranjuez (Real Sitio)"
    assert problems(doc, fg, ow) == []
    # a place renamed: its links, holders, armies, victory points and events follow it
    set_id(doc, ("locations", madrid), "villa-y-corte")
    assert "villa-y-corte" in doc.get(("sides", 0, "holds"))
    assert doc.get(("victory", "places", "villa-y-corte")) == 4 and "madrid" not in doc.get(
        ("victory", "places")
    )
    assert doc.get(("sides", 0, "armies", 1, "location")) == "villa-y-corte"  # Moncey's Corps
    assert doc.get(("locale", "es", "locations", "villa-y-corte")) == "Madrid"
    assert problems(doc, fg, ow) == []
    # a place removed: its links, its holder's list, its points and the events that name it
    leon = place(doc, "leon")
    remove(doc, ("locations", leon))
    assert "leon" not in doc.get(("events", 0, "effects", 0, "locations"))
    assert not any("leon" in link for link in doc.get(("links",)))
    assert "leon" not in doc.get(("locale", "es", "locations"))
    assert problems(doc, fg, ow) == []
    doc.undo()
    assert doc.get(("locations", leon, "id")) == "leon" and "leon" in doc.get(
        ("events", 0, "effects", 0, "locations")
    )


def test_a_place_s_text_is_edited_in_spanish_and_follows_its_place(fg: Ruleset, ow: OpenWarsRules) -> None:
    """A place's text has its Spanish slot ([locale.es.location_texts], by the place's id): written
    there, carried to a new id, removed with the place; an Open Wars map's has none."""
    doc = peninsular()
    at = ("locations", place(doc, "somosierra"))
    assert text(doc, at, "text", "es").startswith("El puerto que cargaron")
    set_text(doc, at, "text", "es", "El puerto de la carga de los lanceros polacos.")
    assert (
        doc.get(("locale", "es", "location_texts", "somosierra"))
        == "El puerto de la carga de los lanceros polacos."
    )
    assert doc.get((*at, "text")).startswith("The pass")  # its English kept
    set_id(doc, at, "puerto-de-somosierra")
    assert doc.get(("locale", "es", "location_texts", "puerto-de-somosierra")).startswith(
        "El puerto de la carga"
    )
    assert problems(doc, fg, ow) == []
    remove(doc, at)
    assert "puerto-de-somosierra" not in doc.get(("locale", "es", "location_texts"))
    assert problems(doc, fg, ow) == []
    owmap = open_document(CONTENT / "scenarios" / "open-wars" / "ow-border-march.toml")
    assert not translatable(owmap, ("locations", 0), "text")


def test_what_a_campaign_adds_to_a_place(fg: Ruleset, ow: OpenWarsRules) -> None:
    """CAMP-DEC-5 (what a city raises), CAMP-DEC-7 (a battle's ground), CAMP-DEC-20 (walls) and CAMP-DEC-23
    (what a place is worth), set on the place, each checked as check-content checks it."""
    doc = peninsular()
    toledo = place(doc, "toledo")
    set_field(doc, ("locations", toledo), "fortress", 5)
    camp.toggle_raise(doc, toledo, "LC")
    assert doc.get(("locations", toledo, "raises")) == ["LnInf", "LC"]
    camp.toggle_raise(doc, toledo, "LnInf")
    assert doc.get(("locations", toledo, "raises")) == ["LC"]
    set_field(doc, ("locations", toledo), "battlefield", "talavera")
    camp.set_worth(doc, "toledo", 2)
    assert doc.get(("victory", "places", "toledo")) == 2
    camp.set_holder(doc, "toledo", 1)
    assert camp.holder(doc, "toledo") == 1 and "toledo" not in doc.get(("sides", 0, "holds"))
    camp.set_holder(doc, "toledo", None)
    assert camp.holder(doc, "toledo") is None
    assert problems(doc, fg, ow) == []
    spec = load_campaign_of(doc)
    toledo_spec = next(p for p in spec.locations if p.id == "toledo")
    assert (toledo_spec.fortress, toledo_spec.raises, toledo_spec.battlefield) == (5, ["LC"], "talavera")
    # a plain raises nothing, and a ground no scenario has: each a problem at its key
    bailen = place(doc, "bailen")
    camp.toggle_raise(doc, bailen, "LnInf")
    set_field(doc, ("locations", toledo), "battlefield", "atlantis")
    found = {p.key: p for p in problems(doc, fg, ow)}
    assert found[f"locations[{bailen}].raises"].text == "only a city raises brigades (OW-LOC-5)"
    assert found[f"locations[{toledo}].battlefield"].element == ("locations", toledo)


def load_campaign_of(doc: Document, folder: Path | None = None):  # type: ignore[no-untyped-def]
    """The document as the campaign's loader reads it, from a file written as the editor writes it."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = save_file(doc, Path(folder or tmp) / "edited.toml")
        return load_campaign(str(path)).spec


def test_armies_divisions_and_brigades(fg: Ruleset, ow: OpenWarsRules) -> None:
    """CAMP-DEC-2: an army is a commander and divisions of officers and brigades (arm, quality, hits)."""
    doc = peninsular()
    army = camp.add_army(doc, 1, "cordoba", "LnInf", "R")
    assert army == ("sides", 1, "armies", 5) and doc.get((*army, "location")) == "cordoba"
    assert problems(doc, fg, ow) == []  # a new army has a division of two brigades (FG-PREP-2)
    set_text(doc, army, "name", "en", "Army of the Centre")
    set_text(doc, army, "name", "es", "Ejército del Centro")
    set_text(doc, (*army, "staff"), "name", "es", "El duque del Infantado")
    division = camp.add_division(doc, army, "LC", "V")
    set_text(doc, division, "officer", "es", "General Venegas")
    unit = camp.add_unit(doc, division, "FA", "E")
    set_field(doc, unit, "hits", 2)
    set_field(doc, division, "experience", 4)
    assert problems(doc, fg, ow) == []
    ident = str(doc.get((*army, "id")))
    words = doc.get(("locale", "es"))
    assert (
        words["armies"][ident] == "Ejército del Centro"
        and words["officers"][ident] == "El duque del Infantado"
    )
    spec = load_campaign_of(doc)
    made = spec.sides[1].armies[5]
    assert [len(d.units) for d in made.divisions] == [2, 3] and made.divisions[1].units[2].hits == 2
    assert spec.words("es").officers[str(doc.get((*division, "id")))] == "General Venegas"
    set_field(doc, unit, "hits", 4)  # four hits destroy a brigade (FG-LOST-1)
    (p,) = problems(doc, fg, ow)
    assert p.element == unit and "FG-LOST-1" in p.text
    remove(doc, army)  # its words go with it, in every language
    assert ident not in doc.get(("locale", "es", "armies")) and ident not in doc.get(
        ("locale", "es", "officers")
    )
    assert problems(doc, fg, ow) == []


def test_garrisons(fg: Ruleset, ow: OpenWarsRules) -> None:
    doc = peninsular()
    g = camp.add_garrison(doc, 0, "madrid", "LnInf", "R")
    camp.add_unit(doc, g, "FA", "R")
    assert len(doc.get((*g, "units"))) == 2 and problems(doc, fg, ow) == []
    set_field(doc, g, "location", "nowhere")
    (p,) = problems(doc, fg, ow)
    assert p.key == "sides[0].garrisons[2].location" and p.text == "no location 'nowhere'"


def test_dated_events_and_their_effects(fg: Ruleset, ow: OpenWarsRules) -> None:
    """CAMP-DEC-21: events by their turn (and its date), each with its effects."""
    doc = peninsular()
    ev = camp.add_event(doc, 6, "fr")
    assert camp.date(doc, 6) == (1809, 8)  # three months a turn from May 1808
    camp.set_start(doc, 1, 1)  # the war begun in January
    assert doc.get(("start",)) == [1808, 1] and camp.date(doc, 6) == (1809, 4)
    doc.undo()
    set_text(doc, ev, "name", "en", "The Army of the Centre")
    set_text(doc, ev, "name", "es", "El Ejército del Centro")
    set_text(doc, ev, "text", "es", "Llega el rey José.")
    effect = (*ev, "effects", 0)
    set_field(doc, effect, "amount", 5)
    gained = camp.add_effect(doc, ev, "fr")
    camp.set_effect_kind(doc, gained, "control", "LnInf", "R")
    camp.toggle_place(doc, gained, "toledo")
    camp.toggle_place(doc, gained, "la-mancha")
    camp.toggle_place(doc, gained, "toledo")
    assert doc.get((*gained, "locations")) == ["la-mancha"] and "amount" not in doc.get(gained)
    coming = camp.add_effect(doc, ev, "fr")
    camp.set_effect_kind(doc, coming, "army", "LnInf", "R")
    set_field(doc, (*coming, "army"), "location", "madrid")
    leaving = camp.add_effect(doc, ev, "fr")
    camp.set_effect_kind(doc, leaving, "withdraw", "LnInf", "R")
    set_field(doc, leaving, "army_id", "dupont")
    assert problems(doc, fg, ow) == []
    spec = load_campaign_of(doc)
    made = spec.events[-1]
    assert [x.kind for x in made.effects] == ["gold", "control", "army", "withdraw"]
    assert spec.words("es").events[made.id].name == "El Ejército del Centro"
    assert spec.words("es").events[made.id].text == "Llega el rey José."
    set_field(doc, ev, "turn", 40)  # beyond the turn limit (19)
    (p,) = problems(doc, fg, ow)
    assert p.key == f"events[{ev[1]}].turn" and p.text == "after the last turn (19)"
    doc.undo()
    ident = str(doc.get((*ev, "id")))
    remove(doc, ev)
    assert ident not in doc.get(("locale", "es", "events"))
    assert problems(doc, fg, ow) == []


def test_an_army_renamed_is_still_called_away_by_its_event(fg: Ruleset, ow: OpenWarsRules) -> None:
    doc = peninsular()
    guard = next(a for a in camp.armies(doc) if doc.get((*a, "id")) == "guard")
    set_id(doc, guard, "imperial-guard")
    wagram = next(i for i, e in enumerate(doc.get(("events",))) if e["id"] == "wagram")
    assert doc.get(("events", wagram, "effects", 0, "army_id")) == "imperial-guard"
    assert doc.get(("locale", "es", "armies", "imperial-guard")) and problems(doc, fg, ow) == []


def test_a_campaign_s_problems_are_said_in_spanish(fg: Ruleset, ow: OpenWarsRules) -> None:
    doc = peninsular()
    set_field(doc, ("events", 2), "turn", 40)
    set_field(doc, ("sides", 0, "armies", 0), "location", "paris")
    es = Texts("es")
    said = {
        place_said(es, p.path, p.element): problem_said(es, p.text, editor=True)
        for p in problems(doc, fg, ow)
    }
    assert said == {
        "Suceso 3 › Turno": "después del último turno (19)",
        "Bando 1 › Ejército 1 › Está en": "no hay lugar 'paris'",
    }, said


def test_saved_as_a_mod_it_is_a_campaign_check_content_passes(
    tmp_path: Path, fg: Ruleset, ow: OpenWarsRules
) -> None:
    doc = peninsular()
    set_field(doc, (), "id", "my-peninsula")
    set_text(doc, (), "name", "es", "Mi península")
    camp.set_worth(doc, "toledo", 1)
    written = save_as_mod(doc, tmp_path / "mods", "my-wars")
    assert written == tmp_path / "mods" / "my-wars" / "campaigns" / "my-peninsula.toml" and not doc.dirty
    mod = load_mod(tmp_path / "mods" / "my-wars")
    assert written in list_campaigns([mod])
    report = check_content([tmp_path / "mods" / "my-wars"])
    assert report.problems == [] and written in report.checked["campaign"], report.problems
    theatre = load_campaign("my-peninsula", [mod])
    assert theatre.spec.words("es").name == "Mi península" and theatre.spec.victory.places["toledo"] == 1


# the campaign's own checks (systems/campaign/theatre.py) as they word a problem, and the Spanish the
# editor says it in
CHECKS_SAID = [
    ("3 units stand beyond their officer's reach (FG-DEP-9)", "3 unidades quedan fuera del alcance"),
    ("experience is a D6 result, 1 to 6 (FG-PREP-3)", "la experiencia es un resultado de 1D6"),
    ("only a city raises brigades (OW-LOC-5)", "solo una ciudad recluta brigadas"),
    ("after the last turn (19)", "después del último turno (19)"),
    ("ids beginning 'raised-' are the game's own", "los id que empiezan por 'raised-'"),
    ("madrid is held by fr already", "madrid ya está en manos de fr"),
    ("no side 'xx'", "no hay bando 'xx'"),
    ("two sides share an id", "dos bandos tienen el mismo id"),
    ("an army effect gives the army, no other does", "un efecto de ejército da el ejército"),
    ("a campaign's march sets when and where a division arrives", "en una campaña, la marcha decide"),
    ("no army 'guard' of fr", "no hay ejército 'guard' de fr"),
]


@pytest.mark.parametrize(("english", "spanish"), CHECKS_SAID)
def test_each_campaign_check_is_said_in_spanish(english: str, spanish: str) -> None:
    assert problem_said(Texts("es"), english, editor=True).startswith(spanish)


def test_a_new_campaign_checks_and_plays(tmp_path: Path, fg: Ruleset, ow: OpenWarsRules) -> None:
    """A campaign begun from nothing (the start screen's New with a campaign chosen): two cities held by
    a side each, an army in each, their points; check-content passes it and a war is begun from it."""
    from game.editing.texts import first_names
    from game.running.campaign_match import new_campaign as begun
    from game.running.log_texts import texts_for

    doc = first_names(camp.new_campaign("LnInf", "R"), {lang: texts_for(lang) for lang in ("en", "es")})
    assert not doc.dirty and doc.done == [] and problems(doc, fg, ow) == []
    assert doc.get(("locale", "es", "locations")) == {"city-1": "Ciudad 1", "city-2": "Ciudad 2"}
    path = save_file(doc, tmp_path / "new-campaign.toml")
    m = begun(str(path), 1)
    try:
        assert [len(m.war.armies_of(s)) for s in m.war.sides] == [1, 1]
    finally:
        m.war.close()
