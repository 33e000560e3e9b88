"""Open Wars' magic (OW-MAGIC-1..7; OW-DEC-14..16): spells as content, who casts them where and when,
what each effect does, their exact odds, and the computer player casting by them. Each test names its
rule and asserts its effect on the small map (tests/ow_helpers.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from game.content.merging import Layered
from game.model import commands as cmd
from game.model.errors import ContentError
from game.model.events import Note, Roll
from game.running.log_texts import texts_for
from systems.open_wars import modifiers as mod
from systems.open_wars.magic import Cast, cast, castings, check_cast, spell_losses
from systems.open_wars.moves import March, check_march, reachable
from systems.open_wars.records import COMBAT_EFFECTS
from systems.open_wars.ruleset_files import check_spell, check_unit, load_rules
from systems.open_wars.state import Campaign
from systems.open_wars.turn import collect, end_of_turn
from tests.helpers import refusal, refused
from tests.ow_helpers import SMALL, clear, count, drive

Small = Callable[..., Campaign]


def mage(c: Campaign, mana: int = 20, where: str = "a") -> None:
    """The dwarves' runesmith in Aston (which they hold), with mana; the orcs' warriors in Broad."""
    clear(c)
    c.add("dw", where, "runesmith", 1)
    c.add("dw", "a", "dwarf-warriors", 2)
    c.add("orc", "b", "orc-warriors", 3)
    c.purses["dw"].mana = mana


HERE = Layered({}, Path("spells.toml"))  # where a check says a record it is given stands


def test_OW_MAGIC_1_OW_MAGIC_2_only_magic_units_cast_and_only_the_spells_they_know(small: Small) -> None:
    """OW-MAGIC-1, OW-MAGIC-2: magic units cast the spells of their list; no other unit casts at all
    (the loader refuses a spell on one), and a spell not on the list is refused."""
    c = small()
    mage(c)
    c.add("orc", "a", "orc-warriors", 1)  # a fight in Aston: a shield there changes something (OW-DEC-31)
    spell, s, _who = check_cast(c, "dw", Cast("a", "runesmith", "shield", "a"), "combat")
    assert (spell.id, s.unit) == ("shield", "runesmith")
    assert refusal(
        lambda: check_cast(c, "dw", Cast("a", "dwarf-warriors", "shield", "a"), "combat")
    ).rule == ("OW-MAGIC-1")
    assert "knows Fireball" in refused(
        c, lambda: check_cast(c, "dw", Cast("a", "runesmith", "fireball", "b"), "combat")
    )
    rules = load_rules()
    assert all(bool(u.spells) == (u.type == "magic") for u in rules.units.values())
    with pytest.raises(ContentError, match="only magic units cast spells"):
        check_unit(
            dataclasses.replace(rules.units["dwarf-warriors"], spells=["shield"]), rules.spells, HERE, ()
        )


def test_OW_MAGIC_3_OW_MAGIC_5_the_spells_cover_four_categories_and_both_phases() -> None:
    """OW-MAGIC-3, OW-MAGIC-5: sixteen spells or more, every category, combat and strategic (collection
    and movement) phases; a combat effect in a strategic phase is refused by the loader."""
    rules = load_rules()
    spells = rules.spells.values()
    assert len(rules.spells) >= 16
    assert {s.category for s in spells} == {"offensive", "defensive", "support", "field"}
    assert {s.phase for s in spells} == {"combat", "collection", "movement"}
    assert all((s.effect.kind in COMBAT_EFFECTS) == (s.phase == "combat") for s in spells)
    assert all(rules.spell_name(s.id, "es") != s.name or s.id == "terror" for s in spells)  # named in Spanish
    bolt = rules.spells["magic-bolt"]
    with pytest.raises(ContentError, match=r"phase: a hits spell is cast in the combat phase"):
        check_spell(dataclasses.replace(bolt, phase="movement"), rules.units, HERE, ())


def test_OW_MAGIC_4_a_magic_unit_casts_from_a_location_its_player_holds_paying_mana(small: Small) -> None:
    """OW-MAGIC-4 (OW-DEC-14): held location (a contested one counts as its holder's), enough mana, a
    target within range in links; the mana is paid and the cast is an event with its rules."""
    c = small([1, 6] + [6] * 50)
    mage(c, mana=3)
    c.add("orc", "a", "orc-warriors", 1)  # Aston is contested: still the dwarves' (OW-DEC-5)
    bolt = Cast("a", "runesmith", "shield", "a")
    assert check_cast(c, "dw", bolt, "combat")[0].id == "shield"
    far = Cast("a", "runesmith", "shield", "c")  # the Crag is two links away, Shield reaches one
    assert "reaches 1 links; that location is 2 away" in refused(
        c, lambda: check_cast(c, "dw", far, "combat")
    )
    drive(cast(c, "dw", bolt, "combat"))
    assert c.purses["dw"].mana == 1
    note = next(e for e in reversed(c.events) if isinstance(e, Note) and e.rule == "OW-MAGIC-4")
    assert note.details is not None and note.details["rules"] == ["OW-MAGIC-4", "OW-MAGIC-5", "OW-DEC-14"]
    assert (note.details["spell"], note.details["cost"], note.details["mana"]) == ("shield", 2, 1)
    c.stacks = []
    c.add("dw", "b", "runesmith", 1)  # Broad is nobody's
    assert "from a location you hold" in refused(
        c, lambda: check_cast(c, "dw", Cast("b", "runesmith", "shield", "b"), "combat")
    )
    c.add("dw", "a", "runesmith", 1)
    c.add("dw", "a", "dwarf-warriors", 1)
    assert "costs 2 mana; you have 1" in refused(
        c, lambda: check_cast(c, "dw", Cast("a", "runesmith", "stone-skin", "a"), "combat")
    )


def test_OW_MAGIC_5_OW_DEC_15_each_spell_in_its_phase_through_the_games_decisions(small: Small) -> None:
    """OW-MAGIC-5, OW-DEC-15: the collection asks for its spells after the income, the movement takes a
    cast among its marches (before the caster marches), the combat's volley takes the combat spells;
    a spell of another phase is refused."""
    text = SMALL.replace(
        'units = [{ unit = "dwarf-warriors", count = 1 }]',
        'mana = 8\nunits = [{ unit = "dwarf-warriors", count = 2 }, { unit = "runesmith", count = 1 }]',
    )
    c = small(text=text)
    d = c.pending
    assert d is not None and (d.kind, d.side, d.options) == ("ow_cast", "dw", ("a",))  # after the income
    wrong = c.apply(Cast("a", "runesmith", "earthquake", "b"))
    assert wrong[0].kind == "rejected" and wrong[0].rule == "OW-MAGIC-5"
    c.apply(Cast("a", "runesmith", "transmute", "a"))
    assert (c.purses["dw"].gold, c.purses["dw"].mana) == (20 + 2 + 3, 8 + 1 - 2)
    d = c.pending
    assert d is not None and d.kind == "ow_recruit"  # cast once this phase (OW-DEC-14): on to recruitment
    while (d := c.pending) is not None and (d.kind, d.side) != ("ow_move", "dw"):
        c.apply(cmd.Pass())  # nobody recruits; the orcs do not move
    assert "a" in d.options  # the runesmith's place: it may cast there
    c.add(
        "orc", "b", "goblin-archers", 1
    )  # they can shoot at Aston: a stone skin there is of use (OW-DEC-31)
    c.apply(Cast("a", "runesmith", "earthquake", "b"))
    assert mod.entry_cost(c, c.unit("orc-warriors"), "b", "orc") == 1 + 2 - 1  # Broad costs 2 more
    d = c.pending  # nothing more moves or casts: the combat's volley asks the runesmith
    assert d is not None and (d.kind, d.side, d.unit, d.stage) == ("ow_volley", "dw", "runesmith", "a")
    again = c.apply(Cast("a", "runesmith", "smooth-road", "b"))
    assert again[0].kind == "rejected" and again[0].rule == "OW-MAGIC-5"
    c.apply(Cast("a", "runesmith", "stone-skin", "a"))
    casts = [e.details for e in c.events if isinstance(e, Note) and e.rule == "OW-MAGIC-4" and e.details]
    assert [(x["spell"], x["phase"]) for x in casts] == [
        ("transmute", "collection"),
        ("earthquake", "movement"),
        ("stone-skin", "combat"),
    ]


def test_OW_DEC_14_a_mage_casts_before_it_marches_and_once_a_phase(small: Small) -> None:
    """OW-DEC-14: in the movement phase a magic unit casts before it marches; one cast a phase."""
    c = small()
    mage(c)
    drive(cast(c, "dw", Cast("a", "runesmith", "earthquake", "b"), "movement"))
    assert "has cast its spell this phase" in refused(
        c, lambda: check_cast(c, "dw", Cast("a", "runesmith", "smooth-road", "b"), "movement")
    )
    runesmith = c.stack_of("dw", "a", "runesmith")
    assert runesmith is not None
    runesmith.casts, runesmith.moved = 0, 1
    assert "casts before it marches" in refused(
        c, lambda: check_cast(c, "dw", Cast("a", "runesmith", "smooth-road", "b"), "movement")
    )


def test_OW_MAGIC_3_offensive_dice_hit_the_cheapest_enemy_tokens_with_exact_odds(small: Small) -> None:
    """OW-MAGIC-3 (hits, OW-DEC-16): Magic bolt rolls 2 dice hitting on 4 or less at the enemy's tokens
    in range; its exact odds are asked before casting (1/9 none, 4/9 one, 4/9 two)."""
    c = small([2, 5] + [6] * 50)
    clear(c)
    c.add("orc", "a", "shaman", 1)
    c.control["a"] = "orc"
    c.add("dw", "b", "dwarf-warriors", 2)
    c.add("dw", "b", "ironbreakers", 1)
    c.purses["orc"].mana = 5
    bolt = Cast("a", "shaman", "magic-bolt", "b")
    odds = spell_losses(c, "orc", bolt)  # the dwarf warriors' armour saves a hit on a 1 (OW-FAC-6)
    p = Fraction(2, 3)
    lose = {0: (1 - p) ** 2 + 2 * p * (1 - p) / 6 + p * p / 36, 2: p * p * Fraction(25, 36)}
    assert odds[0] == pytest.approx(float(lose[0])) and odds[2] == pytest.approx(float(lose[2]))
    assert sum(odds.values()) == pytest.approx(1.0)
    assert count(c, "dw", "b", "dwarf-warriors") == 2  # asking is not doing
    drive(cast(c, "orc", bolt, "combat"))
    roll = next(e for e in c.events if isinstance(e, Roll) and e.check == "spell")
    assert (roll.rule, roll.dice, roll.total, roll.target) == ("OW-MAGIC-3", (2, 5), 1, "dw")
    assert count(c, "dw", "b", "dwarf-warriors") == 1  # the cheapest fell (its armour roll: a 6)
    assert c.purses["orc"].mana == 5 - 3


def test_OW_MAGIC_3_support_and_defence_change_a_fights_numbers_until_the_turn_ends(small: Small) -> None:
    """OW-MAGIC-3 (attack, initiative, defence; OW-DEC-16): Battle fury +1 attack to the caster's tokens
    there, Curse -1 to the enemies', Haste and Terror initiative, Shield: enemies hit on 1 less; all gone
    at the turn's end."""
    c = small()
    clear(c)
    c.add("orc", "c", "shaman", 1)
    c.control["c"] = "orc"
    c.add("orc", "b", "orc-warriors", 1)
    c.add("dw", "b", "dwarf-warriors", 1)
    c.purses["orc"].mana = 20
    warriors = c.stack_of("orc", "b", "orc-warriors")
    dwarves = c.stack_of("dw", "b", "dwarf-warriors")
    assert warriors is not None and dwarves is not None
    x = mod.context(c, warriors, 1)
    drive(cast(c, "orc", Cast("c", "shaman", "battle-fury", "b"), "combat"))
    assert mod.attack(c, warriors, x) == 3 and mod.attack(c, dwarves, mod.context(c, dwarves, 1)) == 4
    c.stack_of("orc", "c", "shaman").casts = 0  # type: ignore[union-attr]  (a new phase)
    drive(cast(c, "orc", Cast("c", "shaman", "haste", "b"), "combat"))
    assert mod.initiative(c, warriors) == 2 + 3
    c.charms.clear()
    c.add("dw", "a", "runesmith", 1)
    c.purses["dw"].mana = 5
    drive(cast(c, "dw", Cast("a", "runesmith", "shield", "b"), "combat"))
    assert mod.defence(c, "b", "dw", c.unit("orc-warriors")) == 1
    end_of_turn(c)
    assert c.charms == [] and mod.defence(c, "b", "dw", c.unit("orc-warriors")) == 0


def test_OW_MAGIC_3_field_spells_change_entry_costs_ground_and_bar_enemies(small: Small) -> None:
    """OW-MAGIC-3 (field, defensive barrier; OW-DEC-16): Earthquake +2 entry, Smooth road -2 (never under
    1), Overgrowth makes a plain a forest (its terrain bonus moves), a Wall of thorns bars the caster's
    enemies, Swift march gives a stack there 1 more movement."""
    c = small()
    mage(c)
    warriors = c.unit("orc-warriors")
    drive(cast(c, "dw", Cast("a", "runesmith", "smooth-road", "b"), "movement"))
    assert mod.entry_cost(c, warriors, "b", "orc") == 1  # plain 1 - 2, never under 1
    c.charms.clear()
    c.add("orc", "z", "shaman", 1)
    c.purses["orc"].mana = 9
    drive(cast(c, "orc", Cast("z", "shaman", "earthquake", "c"), "movement"))
    assert mod.entry_cost(c, c.unit("dwarf-warriors"), "c", "dw") == 3 + 2 - 1
    c.add("dw", "d", "elf-mage", 1)
    c.control["d"] = "dw"
    drive(cast(c, "dw", Cast("d", "elf-mage", "overgrowth", "b"), "movement"))
    assert (
        mod.ground(c, "b") == "forest" and mod.entry_cost(c, warriors, "b", "orc") == 2
    )  # forest 2, no bonus
    c.charms.clear()
    c.add("dw", "a", "loremaster", 1)
    c.stacks = [s for s in c.stacks if s.unit != "runesmith"]
    drive(cast(c, "dw", Cast("a", "loremaster", "wall-of-thorns", "a"), "movement"))
    march = March("orc-warriors", ("b", "a"), 1)
    assert refusal(lambda: check_march(c, "orc", march)).rule == "OW-MAGIC-3"
    assert check_march(c, "dw", March("dwarf-warriors", ("a", "b"), 1)) == [("b", 1)]  # not his own
    c.charms.clear()
    c.stack_of("dw", "d", "elf-mage").casts = 0  # type: ignore[union-attr]
    c.add("dw", "d", "elf-spearmen", 1)
    spear = c.stack_of("dw", "d", "elf-spearmen")
    assert spear is not None and "e" not in reachable(c, spear)  # movement 3: Edge costs 4
    drive(cast(c, "dw", Cast("d", "elf-mage", "swift-march", "d"), "movement"))
    assert "e" in reachable(c, spear)


def test_OW_MAGIC_3_economy_spells_gold_drained_mana_and_summoned_tokens(small: Small) -> None:
    """OW-MAGIC-3 (gold, drain, summon; OW-DEC-16): Transmutation gives 3 gold; Mana drain takes up to 3
    of the mana of the player holding its target; Raise the dead brings 2 skeletons that march no more
    this turn."""
    c = small()
    mage(c)
    gold = c.purses["dw"].gold
    drive(cast(c, "dw", Cast("a", "runesmith", "transmute", "a"), "collection"))
    assert c.purses["dw"].gold == gold + 3
    c.add("orc", "z", "shaman", 1)
    c.add("dw", "d", "elf-mage", 1)
    c.control["d"] = "dw"
    c.purses["orc"].mana = 3
    before = c.purses["dw"].mana
    drive(cast(c, "dw", Cast("d", "elf-mage", "mana-drain", "z"), "collection"))
    assert c.purses["orc"].mana == 0 and c.purses["dw"].mana == before - c.rules.spells["mana-drain"].cost + 3
    c.add("dw", "a", "necromancer", 1)
    c.stacks = [s for s in c.stacks if s.unit != "runesmith"]
    drive(cast(c, "dw", Cast("a", "necromancer", "raise-dead", "a"), "collection"))
    raised = c.stack_of("dw", "a", "skeletons")
    assert raised is not None and (raised.count, raised.moved) == (2, 2)
    c.stack_of("dw", "a", "necromancer").casts = 0  # type: ignore[union-attr]
    assert "appear in a location you hold" in refused(
        c, lambda: check_cast(c, "dw", Cast("a", "necromancer", "raise-dead", "b"), "collection")
    )


def test_OW_MAGIC_7_mana_kept_from_earlier_turns_pays_a_dearer_spell(small: Small) -> None:
    """OW-MAGIC-7: Aston yields 1 mana a turn; after three collections the pool pays a 3-mana spell."""
    c = small()
    clear(c)
    c.add("dw", "a", "warlock", 1)
    c.add("orc", "b", "orc-warriors", 1)
    c.purses["dw"].mana = 0
    fireball = Cast("a", "warlock", "fireball", "b")
    for _turn in range(2):
        collect(c)
        assert "costs 3 mana" in refused(c, lambda: check_cast(c, "dw", fireball, "combat"))
    collect(c)
    assert c.purses["dw"].mana == 3 and check_cast(c, "dw", fireball, "combat")[0].cost == 3


def test_each_factions_magic_units_know_a_stated_subset_and_castings_lists_them(small: Small) -> None:
    """OW-MAGIC-1 (OW-DEC-19): each magic unit's list is part of the spells; `castings` offers exactly the
    legal casts of its phase."""
    rules = load_rules()
    known = {u.id: set(u.spells) for u in rules.units.values() if u.type == "magic"}
    assert len({f for f in rules.faction_of if f in known}) >= 7 and all(
        s <= set(rules.spells) for s in known.values()
    )
    assert known["warlock"] >= {"hellfire", "blight", "summon-imps"} and known["storm-caller"] == {
        "battle-fury",
        "magic-bolt",
    }
    c = small()
    mage(c)
    c.add("orc", "a", "orc-warriors", 1)  # a fight in Aston: its spells change something (OW-DEC-31)
    offered = {(a.spell, a.target) for a in castings(c, "dw", "combat")}
    assert offered == {("shield", "a"), ("stone-skin", "a")}  # friends only in Aston; Broad holds no friend


def test_OW_MAGIC_5_a_spell_out_of_its_phase_is_refused_in_the_players_words(small: Small) -> None:
    """OW-MAGIC-5: the refusal names the spell's phase, in Spanish as a word of the game."""
    c = small()
    mage(c)
    why = refusal(lambda: check_cast(c, "dw", Cast("a", "runesmith", "earthquake", "b"), "combat"))
    assert c.reason(why) == "Earthquake is cast in the movement phase"
    assert why.said(texts_for("es", ["open-wars"])) == "Earthquake se lanza en la fase de movimiento"
