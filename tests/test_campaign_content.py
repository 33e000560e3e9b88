"""A campaign file is content (docs/campaigns.md): read into typed records, checked across its keys
against Open Wars' cards and For Glory's ruleset, each problem one line naming the file and the key;
check-content reports them all; a mod may add campaigns; the shipped ones load and have every name
in Spanish."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.content.mods import load_mod
from game.content.ruleset_files import load_ruleset
from game.modding.content_check import check_content
from game.model.errors import ContentError
from systems.campaign.theatre import campaign_problems, list_campaigns, load_campaign, read_campaign
from systems.open_wars.ruleset_files import load_rules
from tests.campaign_helpers import BORDER, campaign_file

BROKEN = (
    ('levy = "I" }', 'levy = "Q" }'),
    ('{ id = "fr-1b", category = "LnInf"', '{ id = "fr-1b", category = "Musketeers"'),
    ('["hills", "east-field"]', '["hills", "nowhere"]'),
    ("turn = 2", "turn = 9"),
    ('holds = ["east-town", "east-field"]', 'holds = ["east-town", "west-field"]'),
    ('{ id = "al-2a", category = "LnInf"', '{ id = "fr-1a", category = "LnInf"'),
    (
        '{ id = "fr-2b", category = "HC", quality = "R" },',
        '{ id = "fr-2b", category = "HC", quality = "R" },'
        + "".join(f'{{ id = "fr-2x{n}", category = "HC", quality = "R" }},' for n in range(20)),
    ),
)


def test_every_problem_of_a_campaign_is_found_at_its_key(tmp_path: Path) -> None:
    """A bad levy, an unknown category, a link to nowhere, an event after the last turn, a place held
    by both sides, an id used twice: each at its key."""
    path = campaign_file(tmp_path, swaps=BROKEN)
    spec = read_campaign(path)
    found = {e.where for e in campaign_problems(spec, load_ruleset(), load_rules())}
    assert found == {"links[5]"}  # the map's own check stops at its first problem
    path = campaign_file(tmp_path, swaps=BROKEN[:2] + BROKEN[3:])
    spec = read_campaign(path)
    found = {e.where: e.problem for e in campaign_problems(spec, load_ruleset(), load_rules())}
    assert set(found) == {
        "locations[0].levy",
        "sides[0].armies[0].divisions[0].units[1].category",
        "events[0].turn",
        "sides[1].holds[1]",
        "sides[1].armies[0].divisions[1].units[0].id",
        "sides[0].armies[0].divisions[1].units",
    }, found
    assert "beyond their officer's reach (FG-DEP-9)" in found["sides[0].armies[0].divisions[1].units"]
    with pytest.raises(ContentError) as e:
        load_campaign(str(path))
    assert str(e.value).startswith(f"{path}: ") and "\n" not in str(e.value)


def test_check_content_reports_a_mods_broken_campaign(tmp_path: Path) -> None:
    """A mod's campaigns/ are checked with it: every problem reported, one line each."""
    mod = tmp_path / "wars"
    (mod / "campaigns").mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "wars"\nname = "Wars"\nversion = "1"\n')
    broken = campaign_file(tmp_path, swaps=BROKEN[:2])
    (mod / "campaigns" / "border.toml").write_text(broken.read_text())
    report = check_content([mod])
    mine = [p for p in report.problems if "campaigns/border.toml" in p]
    assert len(mine) == 2 and any("levy" in p for p in mine) and any("Musketeers" in p for p in mine)


def test_a_mods_campaign_is_listed_and_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = tmp_path / "wars"
    (mod / "campaigns").mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "wars"\nname = "Wars"\nversion = "1"\n')
    (mod / "campaigns" / "border.toml").write_text(BORDER.read_text())
    assert [p.stem for p in list_campaigns([load_mod(mod)])] == ["peninsular", "border"]
    assert main(["campaigns", "--json", "--mod", str(mod)]) == 0
    ids = [c["id"] for c in json.loads(capsys.readouterr().out)["campaigns"]]
    assert ids == ["peninsular", "border"]
    assert main(["simulate", "--campaign", "border", "--mod", str(mod), "--turns", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["campaign"] == "border"


def test_the_peninsular_war_is_as_the_issue_asks() -> None:
    """Sixteen places or more among them the issue's, its battles of history on their own ground, the
    fortresses besieged, the Dos de Mayo and the British landing, historical commanders."""
    t = load_campaign("peninsular")
    spec = t.spec
    places = {p.id for p in spec.locations}
    wanted = {"madrid", "bailen", "zaragoza", "talavera", "salamanca", "badajoz", "la-albuera", "lisboa",
              "burgos", "medina-de-rioseco", "sevilla", "cadiz", "valladolid", "ciudad-rodrigo", "valencia",
              "a-coruna"}  # fmt: skip
    assert len(places) >= 16 and wanted <= places
    assert set(t.battlefields) == {"bailen", "talavera", "la-albuera", "salamanca", "medina-de-rioseco"}
    assert {p.id for p in spec.locations if p.fortress} >= {"zaragoza", "gerona", "badajoz", "ciudad-rodrigo"}
    assert {"dos-de-mayo", "british-landing"} <= {e.id for e in spec.events}
    commanders = {a.staff.name for s in spec.sides for a in s.armies}
    assert {
        "General Dupont",
        "General Castaños",
        "General Blake",
        "General Cuesta",
        "General Junot",
    } <= commanders
    landed = [x.army for e in spec.events for x in e.effects if x.army is not None]
    assert {"Sir Arthur Wellesley", "Marshal Soult"} <= {a.staff.name for a in landed}


@pytest.mark.parametrize("path", sorted((CONTENT / "campaigns").glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_campaign_names_everything_in_spanish(path: Path) -> None:
    """Every name a shipped campaign gives (places, sides, armies, divisions, brigades, officers,
    events) and every place's text has its Spanish words."""
    spec = read_campaign(path)
    own = spec.locale["es"]
    forces = [a for s in spec.sides for a in s.armies] + [
        x.army for e in spec.events for x in e.effects if x.army
    ]
    assert {p.id for p in spec.locations} == set(own.locations)
    assert {p.id for p in spec.locations if p.text} == set(own.location_texts)  # what it says of a place
    assert {a.id for a in forces} == set(own.armies)
    assert {d.id for a in forces for d in a.divisions if d.name} == set(own.divisions)
    named = {u.id for a in forces for d in a.divisions for u in d.units if u.name}
    named |= {u.id for s in spec.sides for g in s.garrisons for u in g.units if u.name}
    assert named == set(own.units)
    assert {e.id for e in spec.events} == set(own.events)
    assert spec.words("es").name != spec.name and own.description and own.history


def test_a_seeded_random_campaign_is_the_same_for_the_same_seed_and_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`generate --mode campaign --seed N`: a campaign on Open Wars' random map of two, two armies a
    side bought from the same points, checked as any campaign; the same seed writes the same file."""
    first, again = tmp_path / "a.toml", tmp_path / "b.toml"
    assert main(["generate", "--mode", "campaign", "--seed", "5", "--out", str(first)]) == 0
    assert main(["generate", "--mode", "campaign", "--seed", "5", "--out", str(again)]) == 0
    assert first.read_text() == again.read_text()
    t = load_campaign(str(first))
    assert len(t.spec.sides) == 2 and all(len(s.armies) == 2 for s in t.spec.sides)
    capsys.readouterr()
    assert main(["simulate", "--campaign", str(first), "--turns", "2", "--resolve", "auto", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["turns"] == 2
