"""Units, officers and divisions by their names (game/running/names.py): the scenario's historical ones,
in each language; the rest made from the division and the arm; the log, the refusals and `simulate --log` say
them, while commands, replays and events keep the ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import CONTENT
from game.ai.players import make_player
from game.cli.entry import main
from game.content.locale import Texts
from game.content.scenario import load_scenario
from game.model.errors import ContentError
from game.model.ruleset import Ruleset
from game.running.match import Match, new_match, play
from game.running.names import battle_names, named, ordinal
from game.running.narrate import narrate
from tests.test_scenario_words import SHIPPED, english_words


def names(scenario: str, language: str, matches: list[Match], seed: int = 1):  # type: ignore[no-untyped-def]
    m = new_match(scenario, seed)
    matches.append(m)
    return battle_names(m.scenario.spec, m.rules, Texts(language))


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd",
    ]  # fmt: skip
    assert ordinal(2, "es") == "2.ª"  # RAE: the point before the letter


def test_a_unit_the_scenario_does_not_name_is_named_by_its_arm_and_division(matches: list[Match]) -> None:
    """default.toml names the 2nd Division (Sebastiani) and its general but not its brigades."""
    en, es = names("default", "en", matches), names("default", "es", matches)
    assert en("fr-2b") == "2nd Line Brigade, 2nd Division (Sebastiani)"
    assert es("fr-2b") == "2.ª Brigada de Línea, 2.ª División (Sebastiani)"
    assert en("fr-2d") == "1st Horse Battery, 2nd Division (Sebastiani)"
    assert es("fr-2d") == "1.ª Batería a Caballo, 2.ª División (Sebastiani)"
    assert (en.brief("fr-2b"), es.brief("fr-2b")) == ("2nd Line, 2nd Division", "2.ª Línea, 2.ª División")
    assert (en("fr-2"), es("fr-2")) == ("General Sebastiani", "General Sebastiani")
    assert (en("fr-staff"), es("fr-staff")) == ("Marshal Soult", "Mariscal Soult")
    assert (en.division("fr-3"), es.division("fr-3")) == (
        "Cavalry Division (Latour-Maubourg)",
        "División de Caballería (Latour-Maubourg)",
    )
    assert en("det:fr-2b") == en("fr-2b")  # a detachment by its unit
    assert en("nobody") == "nobody"  # an id the battle does not have stays as it is


def test_a_points_army_is_named_in_each_language(matches: list[Match]) -> None:
    """FG-ARMY-3: the computer's divisions have no names of their own: a general by his division, the
    commander-in-chief by the scenario, numbered divisions (the cavalry apart)."""
    en, es = names("quick-battle", "en", matches, 4), names("quick-battle", "es", matches, 4)
    assert en.division("fr-1") == "1st Division" and es.division("fr-1") == "1.ª División"
    assert en("fr-1") == "General of the 1st Division" and es("fr-1") == "General de la 1.ª División"
    # issue 38: the commander-in-chief is no "General de División" (a division's rank)
    assert en("fr-staff") == "General-in-chief" and es("fr-staff") == "General en jefe"
    assert en("fr-1a").endswith(", 1st Division") and es("fr-1a").endswith(", 1.ª División")
    cavalry = [d for d in en.divisions.values() if "Cavalry" in d]
    assert cavalry and all(d.endswith("Cavalry Division") for d in cavalry)


def test_a_commander_the_scenario_leaves_unnamed(tmp_path: Path, rules: Ruleset) -> None:
    text = (CONTENT / "scenarios" / "default.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Marshal Soult"\n', "").split("[locale.es]")[0]
    path = tmp_path / "plain.toml"
    path.write_text(text, encoding="utf-8")
    spec = load_scenario(str(path), rules).spec
    assert battle_names(spec, rules, Texts("en"))("fr-staff") == "French commander-in-chief"
    # the side as the file names it, with the grammar of a Spanish side
    assert battle_names(spec, rules, Texts("es"))("fr-staff") == "General en jefe del French"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_name_has_its_spanish(path: Path, rules: Ruleset) -> None:
    """Each name a shipped scenario gives (unit, division, officer, estado mayor) has its Spanish words,
    and none of the names a Spanish player reads is English."""
    spec = load_scenario(str(path), rules).spec
    es = spec.locale["es"]
    given_units = {u.id for s in spec.sides for d in s.divisions for u in d.units if u.name}
    given_divisions = {d.id for s in spec.sides for d in s.divisions if d.name}
    given_officers = {d.id for s in spec.sides for d in s.divisions if d.officer}
    given_officers |= {f"{s.id}-staff" for s in spec.sides if s.staff.name}
    assert set(es.units) == given_units
    assert set(es.divisions) == given_divisions
    assert set(es.officers) == given_officers
    m = new_match(str(path), 1)
    try:
        called = battle_names(m.scenario.spec, rules, Texts("es"))
        units = [called(u.id) for s in m.scenario.spec.sides for d in s.divisions for u in d.units]
        shown = " ".join([*units, *called.divisions.values()])  # (officers are people: General Hill)
        assert english_words(shown) == []
    finally:
        m.battle.close()


@pytest.mark.parametrize(
    ("table", "key"),
    [
        ('[locale.es]\nunits = { xx-9 = "A" }', "locale.es.units.xx-9"),
        ('[locale.es]\ndivisions = { fr-9 = "A" }', "locale.es.divisions.fr-9"),
        ('[locale.es]\nofficers = { fr-1a = "A" }', "locale.es.officers.fr-1a"),  # a unit is no officer
    ],
)
def test_a_name_for_an_id_the_scenario_lacks_is_one_line(
    tmp_path: Path, rules: Ruleset, table: str, key: str
) -> None:
    text = (CONTENT / "scenarios" / "default.toml").read_text(encoding="utf-8")
    path = tmp_path / "bad.toml"
    path.write_text(text.split("[locale.es]")[0] + table + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_scenario(str(path), rules)
    assert err.value.where == f"{path}: {key}" and "no such id" in err.value.problem


def test_the_log_names_units_and_officers_and_the_events_keep_ids(matches: list[Match]) -> None:
    m = new_match("default", 2)
    matches.append(m)
    players = {s: make_player("heuristic", s, 2) for s in m.battle.game.sides}  # type: ignore[union-attr]
    play(m, players, until=lambda x: len(x.commands) > 30)
    events = [e.to_dict() for e in m.battle.events]
    for language in ("en", "es"):
        t = named(Texts(language), m)
        text = "\n".join(line.text for line in narrate(events, t))
        general, division = t.names("fr-2"), t.names.division("fr-2")  # it deploys (seed 2)
        assert general.running in text and division.running in text  # as running text says them
        assert not any(f" {x} " in f" {text} " for x in ("fr-1a", "es-2b", "fr-staff"))
    assert any(e.get("unit") == "fr-2a" for e in events)  # the events keep the ids


def test_simulate_log_says_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = str(tmp_path / "r.json")
    args = ["simulate", "--seed", "3", "--rounds", "1", "--log", "--lang", "es", "--save-replay", replay]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "El general Sebastiani saca" in out and "2.ª División (Sebastiani)" in out and "fr-2a" not in out
    assert main(["replay", replay, "--log", "--lang", "es"]) == 0
    assert capsys.readouterr().out == out


def test_a_refusal_names_units_and_formations(matches: list[Match]) -> None:
    """A refusal's values that are ids are said by name; its recorded English keeps the ids."""
    from game.model.resolution import refuse
    from game.model.words import Number

    m = new_match("default", 1)
    matches.append(m)
    gap, reach = Number("13.40"), Number("2")
    far = refuse("FG-FIRE-1", "reason_out_of_range", unit="es-1b", distance=gap, range=reach)
    assert m.battle.reason(far) == 'es-1b is out of range (13.40" > 2")'  # as the event records it
    assert far.said(named(Texts("en"), m)) == 'Brigade Zayas is out of range (13.4" > 2")'
    which = refuse("FG-ACT-1", "reason_next_activate", formations="fr-1, det:fr-2c")
    said = which.said(named(Texts("es"), m))
    assert "1.ª División (Leval), 3.ª Brigada de Línea, 2.ª División (Sebastiani)" in said
    assert "fr-" not in said
