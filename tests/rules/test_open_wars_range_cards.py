"""Open Wars' range (OW-UNIT-1; OW-DEC-17: the volley) and special location cards (OW-LOC-6/7; OW-DEC-20).
Each test names its rule and asserts its effect on the small map (tests/ow_helpers.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.model import commands as cmd
from game.model.errors import ContentError
from game.model.events import Roll
from systems.open_wars import modifiers as mod
from systems.open_wars.magic import Cast, check_cast
from systems.open_wars.map_files import load_map
from systems.open_wars.moves import Recruit, check_recruit
from systems.open_wars.odds import combat_odds
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign
from systems.open_wars.turn import collect
from systems.open_wars.volley import Shoot, check_shot, shot_losses, targets, volley
from tests.helpers import refused
from tests.ow_helpers import SMALL, clear, count, drive

Small = Callable[..., Campaign]


def test_OW_UNIT_1_OW_DEC_17_a_unit_with_range_shoots_stacks_within_that_many_links(small: Small) -> None:
    """OW-UNIT-1, OW-DEC-17: wood elves (range 2) in Aston reach Broad (1 link) and the Crag (2), not Zorn
    (3); a stack sharing its location with enemies shoots nowhere; a unit without range never shoots."""
    c = small()
    clear(c)
    c.add("dw", "a", "wood-elves", 2)
    c.add("orc", "b", "orc-warriors", 1)
    c.add("orc", "c", "troll", 1)
    c.add("orc", "z", "orc-warriors", 1)
    elves = c.stack_of("dw", "a", "wood-elves")
    assert elves is not None and targets(c, elves) == ("b", "c")
    c.add("dw", "a", "dwarf-warriors", 1)
    assert targets(c, c.stack_of("dw", "a", "dwarf-warriors")) == ()  # type: ignore[arg-type]
    c.add("orc", "a", "orc-warriors", 1)
    assert targets(c, elves) == ()  # engaged where it stands
    assert "not an enemy within range" in refused(
        c, lambda: check_shot(c, elves, Shoot("a", "wood-elves", "b"))
    )


def test_OW_UNIT_1_OW_DEC_17_a_shot_hits_on_attack_less_a_point_a_link_beyond_the_first(small: Small) -> None:
    """OW-DEC-17: 2 rangers (attack 3) shoot the troll 2 links away on 2 or less: the exact odds are
    the binomial of 2 dice at 1/3; the dice 2 and 3 make one hit, the troll falls."""
    c = small([2, 3] + [6] * 20)
    clear(c)
    c.add("dw", "a", "rangers", 2)
    c.add("orc", "c", "troll", 1)
    elves = c.stack_of("dw", "a", "rangers")
    assert elves is not None
    shot = Shoot("a", "rangers", "c")
    odds = shot_losses(c, elves, shot)
    assert odds == pytest.approx({0: 4 / 9, 1: 5 / 9})  # one troll: 1 - (2/3)^2 that it falls
    asked = drive(volley(c), lambda d: shot if d.unit == "rangers" else cmd.Pass())
    assert [(d.kind, d.unit, d.options) for d in asked] == [("ow_volley", "rangers", ("c",))]
    roll = next(e for e in c.events if isinstance(e, Roll) and e.check == "shot")
    assert (roll.rule, roll.dice, roll.read, roll.total, roll.target) == (
        "OW-UNIT-1",
        (2, 3),
        "hits at 2 or less",
        1,
        "orc",
    )
    assert count(c, "orc", "c", "troll") == 0


def test_OW_DEC_17_the_volley_goes_by_initiative_across_the_map(small: Small) -> None:
    """OW-DEC-17: every stack that may shoot acts once, in initiative order over the whole map: the
    goblin archers (3) after the rangers (6) and the wood elves (5)."""
    c = small()
    clear(c)
    c.add("dw", "a", "wood-elves", 1)
    c.add("dw", "d", "rangers", 1)
    c.add("orc", "z", "goblin-archers", 1)
    c.add("orc", "b", "orc-warriors", 1)
    asked = drive(volley(c))
    assert [d.unit for d in asked] == ["rangers", "wood-elves", "goblin-archers"]


def test_OW_LOC_6_a_basic_location_changes_nothing(small: Small) -> None:
    """OW-LOC-6: a location with no card has its type's entry cost, its own yields and no characteristic."""
    c = small()
    assert c.card("b") is None
    assert mod.entry_cost(c, c.unit("dwarf-warriors"), "b", "dw") == c.rules.entry("plain")
    assert c.yields("b") == (1, 0) and c.yields("d") == (0, 2)
    clear(c)
    c.add("dw", "b", "dwarf-warriors", 1)
    s = c.stack_of("dw", "b", "dwarf-warriors")
    assert (
        s is not None
        and mod.attack(c, s, mod.context(c, s, 1)) == 4
        and mod.defence(c, "b", "dw", c.unit("troll")) == 0
    )


def carded(small: Small, **cards: str) -> Campaign:
    """The small map with special cards on some of its locations."""
    text = SMALL
    for loc, card in cards.items():
        text = text.replace(f'{{ id = "{loc}", ', f'{{ id = "{loc}", card = "{card}", ')
    return small(text=text)


def test_OW_LOC_7_OW_DEC_20_special_cards_defence_recruit_and_yield(small: Small) -> None:
    """OW-LOC-7, OW-DEC-20: a walled city's holder is hit on 1 less (the odds follow); a great forge
    makes its holder's recruits 1 gold cheaper; a temple city yields 2 more mana."""
    c = carded(small, a="walled-city", z="great-forge")
    clear(c)
    c.add("dw", "a", "dwarf-warriors", 1)
    c.add("orc", "a", "troll", 1)
    assert (
        mod.defence(c, "a", "dw", c.unit("troll")) == 1
        and mod.defence(c, "a", "orc", c.unit("dwarf-warriors")) == 0
    )
    walled = combat_odds(c, "a").win["dw"]
    plain = carded(small)
    clear(plain)
    plain.add("dw", "a", "dwarf-warriors", 1)
    plain.add("orc", "a", "troll", 1)
    assert walled > combat_odds(plain, "a").win["dw"] + 0.02
    assert check_recruit(c, "orc", Recruit("z", "troll", 2)) == 2 * (5 - 1)
    temple = carded(small, a="temple-city")
    mana = temple.purses["dw"].mana
    collect(temple)
    assert temple.purses["dw"].mana == mana + 1 + 2 and temple.yields("a") == (2, 3)


def test_OW_LOC_7_cards_hinder_some_units_movement_and_attack(small: Small) -> None:
    """OW-LOC-7 (the source's desert example): scorching sands take 1 from the attack of every unit but
    desert and flying ones; a sandstorm waste costs them 1 more to enter; a mountain pass costs 2 less."""
    c = carded(small, e="scorching-sands", c="mountain-pass")
    clear(c)
    c.add("dw", "e", "dwarf-warriors", 1)
    c.add("orc", "e", "black-orcs", 1)
    dwarves, blacks = c.stack_of("dw", "e", "dwarf-warriors"), c.stack_of("orc", "e", "black-orcs")
    assert dwarves is not None and blacks is not None
    assert (
        mod.attack(c, dwarves, mod.context(c, dwarves, 1)) == 3
        and mod.attack(c, blacks, mod.context(c, blacks, 1)) == 5
    )
    assert mod.entry_cost(c, c.unit("dwarf-warriors"), "c", "dw") == 1  # 3 - 2 - 1, never under 1
    storm = carded(small, e="sandstorm-waste")
    assert mod.entry_cost(storm, storm.unit("dwarf-warriors"), "e", "dw") == 4 + 1
    assert mod.entry_cost(storm, storm.unit("black-orcs"), "e", "orc") == 4 - 1


def test_OW_LOC_7_watchtower_range_eagle_crags_initiative_and_holy_city_no_spells(small: Small) -> None:
    """OW-LOC-7: a watchtower adds a link to its archers' range; eagle crags give flying units +2
    initiative; no spell is cast at a holy city."""
    c = carded(small, c="watchtower", a="holy-city")
    clear(c)
    c.add("dw", "c", "crossbows", 1)
    c.add("orc", "d", "orc-warriors", 1)
    crossbows = c.stack_of("dw", "c", "crossbows")
    assert crossbows is not None and mod.reach(c, crossbows) == 2 and targets(c, crossbows) == ("d",)
    c.add("orc", "b", "shaman", 1)
    c.control["b"] = "orc"
    c.add("dw", "a", "dwarf-warriors", 1)
    c.purses["orc"].mana = 9
    assert "no spell is cast at Aston" in refused(
        c, lambda: check_cast(c, "orc", Cast("b", "shaman", "earthquake", "a"), "movement")
    )
    crags = carded(small, c="eagle-crags")
    clear(crags)
    crags.add("dw", "c", "gyrocopter", 1)
    gyro = crags.stack_of("dw", "c", "gyrocopter")
    assert gyro is not None and mod.initiative(crags, gyro) == 5 + 2


def test_OW_LOC_7_twelve_cards_or_more_each_on_a_location_of_its_type(tmp_path: Path) -> None:
    """OW-LOC-7, OW-LOC-2: twelve cards or more, named in Spanish; a map placing one on a location of
    another type, or an unknown one, is refused in one line."""
    rules = load_rules()
    assert len(rules.cards) >= 12
    assert {c.type for c in rules.cards.values()} == {
        "city",
        "mountain",
        "forest",
        "desert",
        "plain",
        "water",
    }
    assert all(rules.card_name(k, "es") != c.name or k == "oasis" for k, c in rules.cards.items())
    bad = tmp_path / "bad.toml"
    bad.write_text(SMALL.replace('{ id = "b", ', '{ id = "b", card = "oasis", '))
    with pytest.raises(ContentError, match=r"locations\[1\]\.card: oasis is a desert card, not plain"):
        load_map(bad, rules)
    bad.write_text(SMALL.replace('{ id = "b", ', '{ id = "b", card = "atlantis", '))
    with pytest.raises(ContentError, match=r"locations\[1\]\.card: no card 'atlantis'"):
        load_map(bad, rules)
