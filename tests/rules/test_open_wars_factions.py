"""Open Wars' seven factions (OW-FAC-1..8; OW-DEC-18/19): their units as content and the strengths the
source gives each, as abilities the engine applies; a faction added by a mod with no code. Each test
names its rule and asserts its effect on the small map (tests/ow_helpers.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai.players import make_player
from game.content.mods import load_mods
from game.modding.content_check import check_content
from game.model.events import Note, Roll
from game.running.match import new_match, play
from systems.open_wars import modifiers as mod
from systems.open_wars.abilities import channel, upkeep
from systems.open_wars.combat import casualties, fight
from systems.open_wars.magic import Cast, cast
from systems.open_wars.records import UnitType
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign
from systems.open_wars.turn import end_of_turn
from tests.ow_helpers import SMALL, clear, count, drive

Small = Callable[..., Campaign]
SEVEN = {
    "amazons": "OW-FAC-2", "barbarians": "OW-FAC-3", "demons": "OW-FAC-4", "elves": "OW-FAC-5",
    "dwarves": "OW-FAC-6", "undead": "OW-FAC-7", "orcs": "OW-FAC-8",
}  # fmt: skip


def test_OW_FAC_1_OW_UNIT_3_OW_UNIT_4_OW_UNIT_5_seven_factions_of_eight_units_every_type_in_use() -> None:
    """OW-FAC-1 (OW-DEC-19): seven factions, each of eight units or more, normal and unique, named in
    Spanish too; every unit type of OW-UNIT-3 used somewhere; each faction's abilities cite its rule."""
    rules = load_rules()
    assert {f: x.rule for f, x in rules.factions.items()} == SEVEN
    for f in rules.factions.values():
        assert len(f.units) >= 8, f.id
        assert any(u.unique for u in f.units) and any(not u.unique for u in f.units), f.id
        assert all(rules.unit_name(u.id, "es") for u in f.units) and rules.faction_name(f.id, "es") != f.name
        assert {a.rule for u in f.units for a in u.abilities} <= {f.rule}, f.id
        assert f.start and sum(rules.units[s.unit].cost * s.count for s in f.start) in range(5, 9)
    assert {u.type for u in rules.units.values()} == set(UnitType.__args__)  # type: ignore[attr-defined]
    assert all(any(a for u in f.units for a in u.abilities) for f in rules.factions.values())


def test_OW_FAC_2_amazons_stride_through_forests_and_strike_harder_there(small: Small) -> None:
    """OW-FAC-2: spear maidens (a plain unit) enter a forest for 1, not 2; jungle warriors hit on one
    more in a forest than elsewhere (their printed attack: 3)."""
    c = small()
    clear(c)
    rules = c.rules
    assert mod.entry_cost(c, rules.units["spear-maidens"], "d", "dw") == 1
    assert mod.entry_cost(c, rules.units["orc-warriors"], "d", "dw") == 2
    c.add("dw", "d", "jungle-warriors", 1)
    c.add("dw", "b", "jungle-warriors", 1)
    forest, plain = c.stack_of("dw", "d", "jungle-warriors"), c.stack_of("dw", "b", "jungle-warriors")
    assert forest is not None and plain is not None
    printed = rules.units["jungle-warriors"].attack
    assert mod.attack(c, forest, mod.context(c, forest, 1)) == printed + 1
    assert mod.attack(c, plain, mod.context(c, plain, 1)) == printed


def test_OW_FAC_3_barbarians_hit_hardest_in_the_first_round(small: Small) -> None:
    """OW-FAC-3: berserkers hit on 5 in a combat's first round and on 4 after (the roll says so)."""
    c = small([6, 6, 6] + [6] * 40)
    clear(c)
    c.add("dw", "b", "berserkers", 1)
    c.add("orc", "b", "troll", 1)
    drive(fight(c, "b"))
    reads = [e.read for e in c.events if isinstance(e, Roll) and e.unit == "dw:berserkers"]
    assert reads[:2] == ["hits at 5 or less", "hits at 4 or less"]
    note = next(e for e in c.events if isinstance(e, Note) and e.rule == "OW-DEC-23")
    assert note.details is not None and note.details["modifiers"] == [
        {"rule": "OW-FAC-3", "label": "ability", "value": 1}
    ]


def test_OW_FAC_4_demons_pay_upkeep_in_mana_or_lose_their_tokens_and_blight_favours_them(
    small: Small,
) -> None:
    """OW-FAC-4: 2 gargoyles and a fiend cost 3 mana a collection; with 2 the cheapest (of equal
    price, the slower: the fiend) leaves unpaid; a hellhound fights on 5 in a desert (its own +1), so a
    blighted plain makes it stronger."""
    c = small()
    clear(c)
    c.add("orc", "z", "gargoyles", 2)
    c.add("orc", "z", "fiends", 1)
    c.add("orc", "z", "imps", 3)  # no upkeep
    c.purses["orc"].mana = 3
    upkeep(c, "orc")
    assert c.purses["orc"].mana == 0 and count(c, "orc", "z", "gargoyles") == 2
    c.purses["orc"].mana = 2
    upkeep(c, "orc")
    assert count(c, "orc", "z", "gargoyles") == 2 and count(c, "orc", "z", "fiends") == 0
    assert c.purses["orc"].mana == 0 and count(c, "orc", "z", "imps") == 3
    note = [e for e in c.events if isinstance(e, Note) and e.rule == "OW-FAC-4"][-1]
    assert note.details is not None and note.details["lost"] == {"fiends": 1}
    c.add("orc", "b", "hellhounds", 1)
    hounds = c.stack_of("orc", "b", "hellhounds")
    assert hounds is not None and mod.attack(c, hounds, mod.context(c, hounds, 1)) == 4
    c.add("orc", "z", "warlock", 1)
    c.purses["orc"].mana = 2
    drive(cast(c, "orc", Cast("z", "warlock", "blight", "b"), "movement"))
    assert mod.ground(c, "b") == "desert" and mod.attack(c, hounds, mod.context(c, hounds, 1)) == 5


def test_OW_FAC_5_elves_channel_mana_and_shoot_two_links(small: Small) -> None:
    """OW-FAC-5: an elf mage yields 1 mana each collection, the loremaster 2; wood elves have range 2."""
    c = small()
    clear(c)
    c.add("dw", "a", "elf-mage", 1)
    c.add("dw", "b", "loremaster", 1)
    c.purses["dw"].mana = 0
    channel(c, "dw")
    assert c.purses["dw"].mana == 3
    assert c.rules.units["wood-elves"].range == 2 and c.rules.units["rangers"].range == 2


def test_OW_FAC_5_the_channel_says_its_players_name_in_the_english_possessive(small: Small) -> None:
    """The channel's event wrote "Dwarves's units": a plural name takes the apostrophe alone, a single
    one ending in s (its map's grammar says so) "'s", as every possessive of the game's texts."""
    single = '[grammar.players]\ndw = "sg"'  # read alone, a name ending in s is a plural
    for name, grammar, said in (("Dwarves", "", "Dwarves' units"), ("Marcus", single, "Marcus's units")):
        c = small(text=SMALL.replace('name = "Dwarves"', f'name = "{name}"') + f"\n{grammar}\n")
        clear(c)
        c.add("dw", "a", "elf-mage", 1)
        channel(c, "dw")
        (note,) = [e for e in c.events if isinstance(e, Note) and e.details.get("say") == "channel"]
        assert note.text == f"{said} channel 1 mana"


def test_OW_FAC_6_dwarves_armour_saves_hits_and_they_fight_better_at_home(small: Small) -> None:
    """OW-FAC-6: a hit on ironbreakers is saved on a 1 to 3 (an armour roll each); crossbows hit on 4
    in a location the dwarves hold, on 3 elsewhere."""
    c = small([3, 4])
    clear(c)
    c.add("dw", "b", "ironbreakers", 2)
    drive(casualties(c, "dw", "b", 2))
    saves = [e for e in c.events if isinstance(e, Roll) and e.check == "armour"]
    assert [(r.die, r.outcome, r.rule) for r in saves] == [(3, "saved", "OW-FAC-6"), (4, "lost", "OW-FAC-6")]
    assert count(c, "dw", "b", "ironbreakers") == 1
    c.add("dw", "a", "crossbows", 1)
    c.add("dw", "b", "crossbows", 1)
    home, away = c.stack_of("dw", "a", "crossbows"), c.stack_of("dw", "b", "crossbows")
    assert home is not None and away is not None
    assert (
        mod.attack(c, home, mod.context(c, home, 1)) == 4
        and mod.attack(c, away, mod.context(c, away, 1)) == 3
    )


def test_OW_FAC_7_OW_COMBAT_8_the_undead_fallen_rise_at_the_turns_end(small: Small) -> None:
    """OW-FAC-7, OW-COMBAT-8: 3 skeletons fall in Broad; at the turn's end each rolls: 2 and 3 rise, the
    5 stays down; the 2 risen stand in their player's home."""
    c = small([2, 5, 3])
    clear(c)
    c.add("dw", "b", "skeletons", 3)
    c.add("dw", "a", "skeletons", 1)
    c.add("orc", "z", "orc-warriors", 1)
    drive(casualties(c, "dw", "b", 3))
    assert c.defeated == {("dw", "skeletons"): 3}
    end_of_turn(c)
    roll = next(e for e in c.events if isinstance(e, Roll) and e.check == "return")
    assert (roll.dice, roll.total, roll.rule) == ((2, 5, 3), 2, "OW-FAC-7")
    assert count(c, "dw", "a", "skeletons") == 3 and count(c, "dw", "b", "skeletons") == 0
    assert c.defeated == {}


def test_OW_FAC_8_orcs_hit_harder_outnumbering_and_storming(small: Small) -> None:
    """OW-FAC-8: orc warriors hit on 3 where they outnumber every enemy, on 2 otherwise; black orcs on 5
    in a location the orcs do not hold, on 4 in one they do."""
    c = small()
    clear(c)
    c.add("orc", "b", "orc-warriors", 3)
    c.add("dw", "b", "dwarf-warriors", 2)
    warriors = c.stack_of("orc", "b", "orc-warriors")
    assert warriors is not None and mod.attack(c, warriors, mod.context(c, warriors, 1)) == 3
    c.add("dw", "b", "dwarf-warriors", 1)
    assert mod.attack(c, warriors, mod.context(c, warriors, 1)) == 2
    c.add("orc", "b", "black-orcs", 1)
    c.add("orc", "z", "black-orcs", 1)
    storming, home = c.stack_of("orc", "b", "black-orcs"), c.stack_of("orc", "z", "black-orcs")
    assert storming is not None and home is not None
    assert (
        mod.attack(c, storming, mod.context(c, storming, 1)) == 5
        and mod.attack(c, home, mod.context(c, home, 1)) == 4
    )


LIZARDS = """
id = "lizardmen"
name = "Lizardmen"
title = "Lizard Brood"
rule = "OW-FAC-1"
traits = "Cold-blooded swamp warriors: at home in water and forests."
authored = "an example mod's"
start = [{ unit = "skinks", count = 3 }]

[[units]]
id = "skinks"
name = "Skinks"
cost = 1
initiative = 4
type = "forest"
movement = 3
attack = 2
abilities = [{ kind = "stride", on = ["forest"] }]

[[units]]
id = "saurus"
name = "Saurus"
cost = 3
initiative = 2
type = "plain"
movement = 2
attack = 4
abilities = [{ kind = "armour", amount = 2 }]

[[units]]
id = "skink-priest"
name = "Skink priest"
cost = 4
initiative = 3
type = "magic"
movement = 2
attack = 2
spells = ["swamp-bolt", "haste"]

[[units]]
id = "stegadon"
name = "Stegadon"
cost = 7
initiative = 1
type = "plain"
movement = 2
attack = 5
unique = true

[locale.es]
name = "Hombres lagarto"
title = "Prole Lagarta"
"""


def a_mod(tmp_path: Path) -> Path:
    """A mod of content only: a faction, a spell its priest knows and a card (no code)."""
    root = tmp_path / "lizards"
    (root / "rulesets" / "open-wars" / "factions").mkdir(parents=True)
    (root / "mod.toml").write_text(
        'id = "lizards"\nname = "Lizardmen"\nversion = "1"\nruleset = "open-wars"\n'
    )
    (root / "rulesets" / "open-wars" / "factions" / "lizardmen.toml").write_text(LIZARDS)
    (root / "rulesets" / "open-wars" / "spells.toml").write_text(
        '[[spells]]\nid = "swamp-bolt"\nname = "Swamp bolt"\ncategory = "offensive"\nphase = "combat"\n'
        'cost = 1\nrange = 1\neffect = { kind = "hits", amount = 1, attack = 5 }\n'
    )
    (root / "rulesets" / "open-wars" / "cards.toml").write_text(
        '[[cards]]\nid = "bog"\nname = "Bog"\ntype = "water"\ntraits = [{ kind = "entry", amount = 1 }]\n'
    )
    return root


def test_OW_FAC_1_a_mod_adds_a_faction_a_spell_and_a_card_with_no_code(tmp_path: Path) -> None:
    """OW-FAC-1 (OW-DEC-18/19): a faction in a mod is content only: check-content passes it, the rules
    have it with its spell and card, and a random map's game plays it to the end."""
    root = a_mod(tmp_path)
    report = check_content([root])
    assert report.problems == [], report.problems
    mods = load_mods([root])
    rules = load_rules(None, tuple(mods))
    assert "lizardmen" in rules.factions and "swamp-bolt" in rules.spells and "bog" in rules.cards
    assert rules.faction_name("lizardmen", "es") == "Hombres lagarto"
    assert load_rules().content_hash != rules.content_hash
    m = new_match("ow-random", 3, options={"factions": ["lizardmen", "orcs"]}, mods=mods)
    assert m.battle.map.spec.players[0].name == "Lizard Brood"  # type: ignore[attr-defined]
    assert m.battle.map.spec.words("es").players["p1"] == "Prole Lagarta"  # type: ignore[attr-defined]
    play(m, {s: make_player("heuristic", s, 3) for s in m.battle.game.sides})  # type: ignore[union-attr]
    assert m.battle.game.over and m.battle.factions["p1"] == "lizardmen"  # type: ignore[union-attr, attr-defined]
    assert [x.id for x in m.rules.loaded_mods] == ["lizards"]


def test_a_mod_faction_with_a_broken_ability_is_refused_in_one_line(tmp_path: Path) -> None:
    root = a_mod(tmp_path)
    path = root / "rulesets" / "open-wars" / "factions" / "lizardmen.toml"
    path.write_text(LIZARDS.replace('{ kind = "armour", amount = 2 }', '{ kind = "armour", amount = 6 }'))
    problems = check_content([root]).problems
    assert any(
        "units[1].abilities[0].amount: armour works on a D6 at or under amount: 1 to 5" in p for p in problems
    )
    with pytest.raises(Exception, match="armour works on a D6"):
        load_rules(None, tuple(load_mods([root])))


def test_a_mod_faction_without_a_title_calls_its_player_by_its_name(tmp_path: Path) -> None:
    """OW-DEC-19: a faction's player on a random map is called by its title, one player of it; a mod
    written before factions had titles still loads, its player called by the faction's name in each
    language."""
    root = a_mod(tmp_path)
    path = root / "rulesets" / "open-wars" / "factions" / "lizardmen.toml"
    path.write_text(LIZARDS.replace('title = "Lizard Brood"\n', "").replace('title = "Prole Lagarta"\n', ""))
    assert check_content([root]).problems == []
    mods = load_mods([root])
    rules = load_rules(None, tuple(mods))
    assert rules.faction_title("lizardmen", "en") == "Lizardmen"
    assert rules.faction_title("lizardmen", "es") == "Hombres lagarto"
    m = new_match("ow-random", 3, options={"factions": ["lizardmen", "orcs"]}, mods=mods)
    assert m.battle.map.spec.players[0].name == "Lizardmen"  # type: ignore[attr-defined]
    assert m.battle.map.spec.words("es").players["p1"] == "Hombres lagarto"  # type: ignore[attr-defined]
