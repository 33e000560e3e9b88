"""Open Wars as the second game mode (systems/open_wars/; decisions in docs/open-wars-decisions.md):
each test names the OW rule it checks and asserts its effect on a small map."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from game.cli.entry import main
from game.model import commands as cmd
from game.model.dice import Dice
from game.model.errors import ContentError
from game.model.resolution import Decision, Reject
from game.running.match import load, new_match, play, save
from systems.open_wars.combat import (
    FallBack,
    casualties,
    check_fall_back,
    fight,
    hits_odds,
    initiative_order,
    retreats,
)
from systems.open_wars.map_files import load_map
from systems.open_wars.modifiers import entry_cost
from systems.open_wars.moves import March, Recruit, check_march, check_recruit, no_room, reachable
from systems.open_wars.odds import combat_odds
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign, Stack
from systems.open_wars.turn import collect, end_of_turn
from tests.helpers import refused
from tests.ow_helpers import SMALL, clear, count, drive

# --- the map, the cards, the tokens -----------------------------------------------------------


def test_OW_COMP_2_OW_LOC_1_OW_LOC_2_a_map_of_cards_laid_out_as_its_file_says(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMP-2, OW-LOC-1, OW-LOC-2: a map of cards laid out as its file says."""
    c = small()
    assert c.neighbours("b") == ("a", "c", "d")  # the links, both ways
    e = c.location("e")
    assert (e.type, e.gold, e.entry_cost) == ("desert", 0, 4)  # a card's own entry cost
    assert (c.location("a").gold, c.location("a").mana) == (2, 1)


def test_OW_COMP_3_OW_UNIT_1_OW_UNIT_3_a_token_carries_every_field() -> None:
    """OW-COMP-3, OW-UNIT-1, OW-UNIT-3: a token carries every field."""
    rules = load_rules()
    u = rules.units["crossbows"]
    assert (u.cost, u.initiative, u.type, u.movement, u.attack, u.range) == (3, 3, "mountain", 2, 3, 1)
    types = {u.type for u in rules.units.values()}
    assert types == {"water", "mountain", "forest", "plain", "desert", "city", "magic", "flying"}  # all eight


def test_the_map_loader_refuses_a_home_that_is_no_city_and_an_unreachable_location(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(SMALL.replace('home = "z"', 'home = "d"'))
    with pytest.raises(ContentError, match=r"players\[1\]\.home: 'd' is not a city"):
        load_map(bad, load_rules())
    bad.write_text(SMALL.replace('["e", "z"]]', '["e", "z"], ["q", "z"]]'))
    with pytest.raises(ContentError, match=r"links\[8\]: no location 'q'"):
        load_map(bad, load_rules())


# --- the turn ----------------------------------------------------------------------------------


def test_OW_TURN_2_the_smaller_army_plays_first(small: Callable[..., Campaign]) -> None:
    """OW-TURN-2: the smaller army plays first."""
    c = small()
    assert c.order == ["orc", "dw"]  # orc warriors cost 1, dwarf warriors 2
    d = c.pending
    assert d is not None and (d.kind, d.side) == ("ow_recruit", "orc")


def test_OW_TURN_3_equal_armies_roll_off_ties_again(small: Callable[..., Campaign]) -> None:
    """OW-TURN-3: equal armies roll off ties again."""
    text = SMALL.replace('unit = "orc-warriors", count = 1', 'unit = "goblin-archers", count = 1')
    c = small([4, 4, 2, 5] + [6] * 100, text)  # army values 2 and 2: 4-4 again, then 2-5
    rolls = [e for e in c.events if e.kind == "roll"]
    assert [(r.side, r.die) for r in rolls] == [("dw", 4), ("orc", 4), ("dw", 2), ("orc", 5)]
    assert c.order == ["orc", "dw"]


def test_OW_TURN_1_OW_TURN_4_phases_in_order_every_turn_until_the_end(small: Callable[..., Campaign]) -> None:
    """OW-TURN-1, OW-TURN-4: phases in order every turn until the end."""
    c = small()
    while c.pending is not None:
        c.apply(cmd.Pass())
    phases = [(e.round, e.phase) for e in c.events if e.kind == "phase"]
    assert phases[:4] == [(1, "collection"), (1, "recruitment"), (1, "movement"), (1, "combat")]
    assert phases[-1] == (6, "combat") and c.game is not None and c.game.over  # the turn limit (OW-DEC-6)


def test_OW_TURN_5_OW_COMP_4_OW_COMP_5_collection_pays_gold_and_mana_which_are_kept(
    small: Callable[..., Campaign],
) -> None:
    """OW-TURN-5, OW-COMP-4, OW-COMP-5: collection pays gold and mana which are kept."""
    c = small()
    assert (c.purses["dw"].gold, c.purses["dw"].mana) == (22, 1)  # turn 1: Aston's 2 gold and 1 mana
    c.control["d"] = "dw"
    collect(c)
    assert (c.purses["dw"].gold, c.purses["dw"].mana) == (24, 4)  # kept, and Dell's mana now


def test_OW_TURN_6_OW_RECRUIT_1_OW_RECRUIT_4_recruitment_spends_gold_in_a_city_held(
    small: Callable[..., Campaign],
) -> None:
    """OW-TURN-6, OW-RECRUIT-1, OW-RECRUIT-4: recruitment spends gold in a city held, within the stack
    limit."""
    c = small()
    c.apply(cmd.Pass())  # the orcs recruit nothing
    d = c.pending
    assert d is not None and (d.kind, d.side, d.options) == ("ow_recruit", "dw", ("a",))
    c.apply(Recruit("a", "crossbows", 2))
    assert count(c, "dw", "a", "crossbows") == 2 and c.purses["dw"].gold == 22 - 6
    refused = c.apply(Recruit("a", "crossbows", 3))
    assert refused[0].kind == "rejected" and refused[0].rule == "OW-RECRUIT-4"  # 5 would not fit


def test_OW_RECRUIT_2_OW_LOC_5_only_in_a_city_you_hold_free_of_enemies(
    small: Callable[..., Campaign],
) -> None:
    """OW-RECRUIT-2, OW-LOC-5: only in a city you hold free of enemies."""
    c = small()
    for loc, rule in (("b", "OW-LOC-5"), ("z", "OW-RECRUIT-2")):
        with pytest.raises(Reject) as e:
            check_recruit(c, "dw", Recruit(loc, "dwarf-warriors"))
        assert e.value.rule == rule
    c.add("orc", "a", "orc-warriors", 1)
    assert "not a city you hold" in refused(c, lambda: check_recruit(c, "dw", Recruit("a", "dwarf-warriors")))


def test_OW_RECRUIT_3_OW_UNIT_6_water_units_only_in_a_port_and_OW_UNIT_5_one_unique(
    small: Callable[..., Campaign],
) -> None:
    """OW-RECRUIT-3, OW-UNIT-6: water units only in a port and OW UNIT 5 one unique."""
    c = small()
    assert check_recruit(c, "dw", Recruit("a", "iron-barge")) == 3  # Aston is next to the Wash
    c.control["z"] = "orc"
    assert "no port" in refused(c, lambda: check_recruit(c, "orc", Recruit("z", "war-galley")))
    c.add("dw", "b", "mountain-king", 1)
    with pytest.raises(Reject) as e:
        check_recruit(c, "dw", Recruit("a", "mountain-king"))
    assert e.value.rule == "OW-UNIT-5"
    assert "no unit 'troll' in the Dwarves" in refused(
        c, lambda: check_recruit(c, "dw", Recruit("a", "troll"))
    )


def test_OW_UNIT_4_OW_STACK_1_OW_STACK_2_many_normal_units_one_stack_each_at_most_four(
    small: Callable[..., Campaign],
) -> None:
    """OW-UNIT-4, OW-STACK-1, OW-STACK-2: many normal units one stack each at most four."""
    c = small()
    clear(c)
    c.add("dw", "a", "dwarf-warriors", 2)
    c.add("dw", "a", "dwarf-warriors", 2)  # the same unit joins its stack
    c.add("dw", "a", "crossbows", 1)
    assert [(s.unit, s.count) for s in c.stacks_at("a")] == [("dwarf-warriors", 4), ("crossbows", 1)]
    assert "at most 4" in refused(c, lambda: check_recruit(c, "dw", Recruit("a", "dwarf-warriors")))
    assert "at most 1" in refused(
        c, lambda: check_recruit(c, "dw", Recruit("a", "runesmith", 2))
    )  # a magic unit: one token


def test_OW_STACK_2_a_locations_stacks_are_those_on_it_in_the_order_they_began(
    small: Callable[..., Campaign],
) -> None:
    """OW-STACK-2: `stacks_at` (read from an index by location) says, after every token joined, left
    or marched, exactly the stacks of the whole list there with tokens, in the list's order."""
    c = small()
    rng = random.Random(5)
    places, units = ["a", "b", "c", "z"], ["dwarf-warriors", "crossbows", "orc-warriors"]
    emptied = 0
    for _ in range(400):
        if c.stacks and rng.random() < 0.45:
            s = rng.choice(c.stacks)
            c.take(s, rng.randint(1, max(1, s.count)))
            emptied += all(x is not s for x in c.stacks)
        else:
            c.add(rng.choice(["dw", "orc"]), rng.choice(places), rng.choice(units), rng.randint(0, 2))
        for loc in places:
            for player in (None, "dw", "orc"):
                scanned = [
                    s for s in c.stacks if s.location == loc and s.count > 0 and player in (None, s.player)
                ]
                assert [id(s) for s in c.stacks_at(loc, player)] == [id(s) for s in scanned]
    assert emptied > 20 and len(c.stacks) > 5  # stacks left the list as well as joined it
    c.stacks = [s for s in c.stacks if s.player == "dw"]  # set whole: the index follows
    assert not any(s.player == "orc" for loc in places for s in c.stacks_at(loc))


def test_OW_MAGIC_6_only_one_magic_unit_in_a_location(small: Callable[..., Campaign]) -> None:
    """OW-MAGIC-6: only one magic unit in a location."""
    c = small()
    clear(c)
    c.add("dw", "b", "runesmith", 1)
    c.add("orc", "b", "shaman", 1)  # another player's magic unit may share the location
    rune_priest = dataclasses.replace(c.unit("runesmith"), id="rune-priest", name="Rune priest")
    why = no_room(c, "dw", "b", rune_priest, 1)  # a second magic unit of the dwarves' own
    assert why is not None and "only one magic unit" in why and "(OW-MAGIC-6)" in why
    assert no_room(c, "dw", "a", rune_priest, 1) is None


# --- movement ----------------------------------------------------------------------------------


def test_OW_MOVE_1_OW_MOVE_2_OW_MOVE_3_points_against_each_entry_cost(small: Callable[..., Campaign]) -> None:
    """OW-MOVE-1, OW-MOVE-2, OW-MOVE-3: points against each entry cost."""
    c = small()
    clear(c)
    c.add("orc", "b", "orc-warriors", 1)  # movement 2: plain 1, forest 2
    assert check_march(c, "orc", March("orc-warriors", ("b", "a"), 1)) == [("a", 1)]
    with pytest.raises(Reject) as e:
        check_march(c, "orc", March("orc-warriors", ("b", "d", "z"), 1))  # 2 + 1 > 2
    assert e.value.rule == "OW-MOVE-3"
    c.add("orc", "b", "wolf-riders", 1)  # movement 4
    assert [cost for _, cost in check_march(c, "orc", March("wolf-riders", ("b", "d", "z"), 1))] == [2, 1]


def test_OW_MOVE_5_OW_LOC_3_OW_MOVE_6_a_unit_of_the_locations_type_pays_one_less_never_under_one(
    small: Callable[..., Campaign],
) -> None:
    """OW-MOVE-5, OW-LOC-3, OW-MOVE-6: a unit of the locations type pays one less never under one."""
    c = small()
    units = c.rules.units
    assert entry_cost(c, units["dwarf-warriors"], "c", "dw") == 2  # a mountain unit into a mountain: 3 - 1
    assert entry_cost(c, units["troll"], "c", "dw") == 2
    assert entry_cost(c, units["goblin-archers"], "d", "dw") == 1  # forest 2 - 1
    assert entry_cost(c, units["orc-warriors"], "b", "dw") == 1  # plain 1 - 1, never under 1
    assert entry_cost(c, units["wyvern"], "c", "dw") == 3  # flying: no bonus
    assert entry_cost(c, units["shaman"], "d", "dw") == 2  # magic: no bonus


def test_OW_LOC_4_OW_MOVE_4_water_for_water_and_flying_units_only(small: Callable[..., Campaign]) -> None:
    """OW-LOC-4, OW-MOVE-4: water for water and flying units only."""
    c = small()
    clear(c)
    c.add("dw", "a", "dwarf-warriors", 1)
    c.add("dw", "a", "gyrocopter", 1)
    c.add("dw", "a", "iron-barge", 1)
    with pytest.raises(Reject) as e:
        check_march(c, "dw", March("dwarf-warriors", ("a", "w"), 1))
    assert e.value.rule == "OW-LOC-4"
    assert check_march(c, "dw", March("gyrocopter", ("a", "w"), 1)) == [("w", 1)]
    assert check_march(c, "dw", March("iron-barge", ("a", "w"), 1)) == [("w", 1)]  # out of its port
    c.add("dw", "w", "iron-barge", 1)
    assert "never leaves the water" in refused(
        c, lambda: check_march(c, "dw", March("iron-barge", ("w", "a"), 1))
    )


def test_a_move_stops_where_enemies_are_and_a_token_moves_once_a_turn(small: Callable[..., Campaign]) -> None:
    c = small()
    clear(c)
    c.add("orc", "z", "wolf-riders", 1)
    c.add("dw", "d", "dwarf-warriors", 1)
    with pytest.raises(Reject) as e:
        check_march(c, "orc", March("wolf-riders", ("z", "d", "b"), 1))
    assert e.value.rule == "OW-DEC-8"
    stack = c.stack_of("orc", "z", "wolf-riders")
    assert stack is not None and set(reachable(c, stack)) == {"b", "c", "d", "e"}  # Broad by the Crag, 3 + 1
    c.add("orc", "c", "wolf-riders", 1, moved=1)
    assert "may still move" in refused(c, lambda: check_march(c, "orc", March("wolf-riders", ("c", "b"), 1)))


# --- combat ------------------------------------------------------------------------------------


def test_OW_COMBAT_1_OW_TURN_8_combat_where_two_players_share_a_location(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMBAT-1, OW-TURN-8: combat where two players share a location."""
    c = small()
    clear(c)
    c.add("dw", "b", "dwarf-warriors", 1)
    c.add("orc", "b", "orc-warriors", 1)
    c.add("orc", "d", "orc-warriors", 1)
    assert c.contested() == ["b"]


def test_OW_COMBAT_3_OW_COMBAT_4_initiative_then_flying_magic_unique_normal_then_cost_then_a_die(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMBAT-3, OW-COMBAT-4: initiative then flying magic unique normal then cost then a die."""
    c = small([2, 5] + [6] * 50)
    clear(c)
    for player, unit in (
        ("orc", "orc-warriors"),  # initiative 2, normal
        ("dw", "gyrocopter"),  # initiative 5, flying
        ("orc", "wolf-riders"),  # initiative 5, normal
        ("dw", "runesmith"),  # initiative 4, magic
        ("orc", "warlord"),  # initiative 4, unique
        ("dw", "dwarf-warriors"),  # initiative 3, normal
    ):
        c.add(player, "b", unit, 1)
    order = [s.unit for s in initiative_order(c, "b")]
    ini = {u: c.unit(u).initiative for u in order}
    assert order.index("gyrocopter") < order.index("wolf-riders")  # 5: flying before normal
    assert order.index("runesmith") < order.index("warlord")  # 4: magic before unique
    assert [ini[u] for u in order] == sorted(ini.values(), reverse=True)
    c2 = small([2, 5] + [6] * 50)
    clear(c2)
    c2.add("dw", "b", "dwarf-warriors", 1)  # initiative 3, cost 2, normal
    c2.add("orc", "b", "goblin-archers", 1)  # initiative 3, cost 2, normal: a die decides
    assert [s.player for s in initiative_order(c2, "b")] == ["orc", "dw"]  # dw 2, orc 5
    rolls = [e for e in c2.events if e.kind == "roll" and e.rule == "OW-COMBAT-4"]
    assert [(r.side, r.die) for r in rolls] == [("dw", 2), ("orc", 5)]


def test_OW_COMBAT_5_OW_COMP_6_a_d6_a_token_hitting_on_its_attack_or_less(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMBAT-5, OW-COMP-6: a d6 a token hitting on its attack or less."""
    c = small([3, 4, 1] + [6] * 200)  # three wolf riders (attack 3): 3 and 1 hit, 4 misses
    clear(c)
    c.add("orc", "b", "wolf-riders", 3)
    c.add("dw", "b", "dwarf-warriors", 4)
    drive(fight(c, "b"), lambda d: cmd.Pass())
    first = next(e for e in c.events if e.kind == "roll" and e.rule == "OW-COMBAT-5")
    assert (first.side, first.dice, first.die) == ("orc", (3, 4, 1), 2)
    assert hits_odds(3, 3)[2] == 3 * Fraction(1, 2) ** 3


def test_OW_COMBAT_6_OW_COMBAT_7_OW_COMBAT_9_the_cheapest_tokens_fall_first(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMBAT-6, OW-COMBAT-7, OW-COMBAT-9: the cheapest tokens fall first."""
    c = small()
    clear(c)
    c.add("orc", "b", "orc-warriors", 4)  # cost 1
    c.add("orc", "b", "goblin-archers", 2)  # cost 2
    drive(casualties(c, "orc", "b", 5))
    assert (count(c, "orc", "b", "orc-warriors"), count(c, "orc", "b", "goblin-archers")) == (0, 1)


def test_OW_COMBAT_8_the_defeated_stay_off_the_location_until_the_turn_ends(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMBAT-8: the defeated stay off the location until the turn ends."""
    c = small()
    clear(c)
    c.add("orc", "b", "orc-warriors", 3)
    c.add("dw", "a", "dwarf-warriors", 1)
    drive(casualties(c, "orc", "b", 2))
    assert c.defeated == {("orc", "orc-warriors"): 2} and count(c, "orc", "b", "orc-warriors") == 1
    end_of_turn(c)
    assert c.defeated == {}


def test_OW_COMBAT_10_OW_COMBAT_11_a_stack_retreats_whole_or_in_part_and_those_left_do_not_attack(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMBAT-10, OW-COMBAT-11: a stack retreats whole or in part and those left do not attack."""
    c = small([6] * 50)  # every die misses (attacks of 3 or less)
    clear(c)
    c.add("dw", "b", "dwarf-warriors", 3)
    c.add("orc", "b", "orc-warriors", 1)
    c.add("orc", "d", "orc-warriors", 1)  # Dell holds an enemy: no retreat there
    s = c.stack_of("dw", "b", "dwarf-warriors")
    assert s is not None and set(retreats(c, s)) == {"a", "c"}

    def answer(d: Decision) -> cmd.Command:
        if d.side == "dw" and count(c, "dw", "b", "dwarf-warriors") == 3:
            return FallBack("b", "dwarf-warriors", "a", 2)
        return cmd.Pass()

    asked = drive(fight(c, "b"), answer)
    assert count(c, "dw", "a", "dwarf-warriors") == 2 and count(c, "dw", "b", "dwarf-warriors") == 1
    assert c.stack_of("dw", "b", "dwarf-warriors").held  # type: ignore[union-attr]
    attacks = [e for e in c.events if e.kind == "roll" and e.rule == "OW-COMBAT-5"]
    assert attacks and all(r.side == "orc" for r in attacks)  # the one left behind never attacks
    assert all(d.side == "orc" for d in asked[1:])  # nor is it asked again
    orcs = c.stack_of("orc", "b", "orc-warriors")
    assert orcs is not None
    assert "not a free neighbouring location" in refused(
        c, lambda: check_fall_back(c, orcs, FallBack("b", "orc-warriors", "a", 1))
    )  # the dwarves are in Aston now


def test_OW_COMBAT_2_OW_COMBAT_12_rounds_go_on_until_one_player_is_gone(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMBAT-2, OW-COMBAT-12: rounds go on until one player is gone."""
    dice = [6, 6] + [1] * 10  # round 1: both miss; round 2: the dwarves (initiative 3) strike first
    c = small(dice)
    clear(c)
    c.add("dw", "b", "dwarf-warriors", 1)
    c.add("orc", "b", "orc-warriors", 1)
    drive(fight(c, "b"))
    notes = [e.text for e in c.events if e.kind == "note" and e.rule == "OW-COMBAT-3"]
    assert notes == ["combat in Broad, round 1", "combat in Broad, round 2"]
    assert count(c, "orc", "b", "orc-warriors") == 0 and count(c, "dw", "b", "dwarf-warriors") == 1
    end_of_turn(c)
    assert c.control["b"] == "dw"  # OW-DEC-5: alone there, it holds it


def test_OW_COMBAT_3_OW_COMBAT_5_OW_DEC_7_OW_FAC_6_exact_odds_of_a_combat_worked_by_hand(
    small: Callable[..., Campaign],
) -> None:
    """A dwarf (initiative 3, hits on 4, armour 1) against an orc (2, hits on 2): a round ends it for the
    dwarf with 2/3, for the orc with 1/3 * 5/6 (the dwarf's armour saves 1 hit in 6, OW-FAC-6), else goes
    on (13/54); 12 rounds (OW-DEC-7). The dwarf wins 36 of the 41 combats that end."""
    c = small()
    clear(c)
    c.add("dw", "b", "dwarf-warriors", 1)
    c.add("orc", "b", "orc-warriors", 1)
    go_on = (13 / 54) ** 12
    odds = combat_odds(c, "b")
    assert odds.win["dw"] == pytest.approx(36 / 41 * (1 - go_on), abs=1e-12)
    assert odds.win["orc"] == pytest.approx(5 / 41 * (1 - go_on), abs=1e-12)
    assert odds.unresolved == pytest.approx(go_on, abs=1e-15)
    assert c.stack_of("dw", "b", "dwarf-warriors").count == 1  # asking is not doing


def test_OW_COMBAT_4_OW_DEC_10_combat_odds_take_each_roll_off_order_with_its_chance(
    small: Callable[..., Campaign],
) -> None:
    """Ghouls (hit on 3) and goblin archers (hit on 2) tie on initiative, type and cost
    (OW-COMBAT-4): each round either goes first, 1/2 each. Ghouls first: 1/2 they win, 1/6 the goblins
    do; goblins first: 1/3 they win, 1/3 the ghouls do; 1/3 go on either way: the ghouls win 5/8 of the
    combats that end."""
    c = small()
    clear(c)
    c.add("dw", "b", "ghouls", 1)
    c.add("orc", "b", "goblin-archers", 1)
    go_on = (1 / 3) ** 12
    odds = combat_odds(c, "b")
    assert odds.win["dw"] == pytest.approx(5 / 8 * (1 - go_on), abs=1e-12)
    assert odds.win["orc"] == pytest.approx(3 / 8 * (1 - go_on), abs=1e-12)


def test_OW_COMBAT_1_a_marchs_odds_suppose_its_tokens_there_and_move_nothing(
    small: Callable[..., Campaign],
) -> None:
    """The odds a march is offered with (the screen, before it is sent): those of the combat as if its
    tokens were there, joined to the player's stack of the unit already there or a new one, and the
    campaign's stacks untouched."""
    c = small()
    clear(c)
    c.add("dw", "b", "dwarf-warriors", 1)
    c.add("orc", "b", "orc-warriors", 2)
    c.add("dw", "a", "dwarf-warriors", 2)
    c.add("dw", "a", "crossbows", 1)
    before = [dataclasses.astuple(s) for s in c.stacks]
    joined = combat_odds(c, "b", Stack("dw", "dwarf-warriors", "a", 2))
    beside = combat_odds(c, "b", Stack("dw", "crossbows", "a", 1))
    assert [dataclasses.astuple(s) for s in c.stacks] == before  # asking is not doing
    alone = combat_odds(c, "b").win["dw"]
    c.add("dw", "b", "dwarf-warriors", 2)
    assert joined == combat_odds(c, "b") and joined.win["dw"] > alone
    c.take(c.stack_of("dw", "b", "dwarf-warriors"), 2)
    c.add("dw", "b", "crossbows", 1)
    assert beside == combat_odds(c, "b")


def test_combat_odds_agree_with_the_combat_played_many_times(small: Callable[..., Campaign]) -> None:
    """Stacks of several tokens, hits cheapest first (OW-COMBAT-6), a roll-off tie: the exact odds
    match the share of 2,000 combats played by the rules with the seeded dice."""

    def place(c: Campaign) -> None:
        clear(c)
        c.add("dw", "b", "dwarf-warriors", 3)
        c.add("dw", "b", "ram-riders", 1)
        c.add("orc", "b", "orc-warriors", 4)
        c.add("orc", "b", "goblin-archers", 2)

    c = small()
    place(c)
    odds = combat_odds(c, "b")
    games, won = 2000, 0
    for seed in range(games):
        c.dice = Dice(seed)
        place(c)
        drive(fight(c, "b"))
        won += any(True for _ in c.stacks_at("b", "dw"))
    share = won / games
    assert 0.2 < odds.win["dw"] < 0.8  # a close fight: the check below means something
    assert abs(share - odds.win["dw"]) < 4 * (odds.win["dw"] * (1 - odds.win["dw"]) / games) ** 0.5


def test_OW_TURN_7_movement_through_the_decision_and_the_log(small: Callable[..., Campaign]) -> None:
    """OW-TURN-7: movement through the decision and the log."""
    c = small()
    c.apply(cmd.Pass())
    c.apply(cmd.Pass())  # nobody recruits
    d = c.pending
    assert d is not None and (d.kind, d.side, d.options) == ("ow_move", "orc", ("z",))
    refused = c.apply(March("orc-warriors", ("z", "c"), 1))  # the Crag costs 3, the warriors have 2
    assert refused[0].kind == "rejected" and refused[0].rule == "OW-MOVE-3"
    c.apply(March("orc-warriors", ("z", "d"), 1))
    note = next(e for e in reversed(c.events) if e.kind == "note" and e.rule == "OW-MOVE-1")
    assert note.text == "Orcs: 1 Orc warriors march Zorn > Dell (2 movement)"


# --- the mode as a whole -----------------------------------------------------------------------


def test_scenarios_lists_the_open_wars_maps_with_their_mode(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios", "--json"]) == 0
    modes = {s["id"]: s["mode"] for s in json.loads(capsys.readouterr().out)["scenarios"]}
    assert (
        modes["ow-border-march"] == modes["ow-twin-fords"] == "open-wars" and modes["default"] == "for-glory"
    )


@pytest.mark.parametrize("scenario", ["ow-border-march", "ow-twin-fords"])
def test_whole_games_play_to_an_end_and_their_replays_reproduce_them(scenario: str, tmp_path: Path) -> None:
    from game.ai.players import make_player

    for seed in (1, 2, 3):
        m = new_match(scenario, seed)
        play(
            m,
            {
                s: make_player("heuristic" if i else "random", s, seed)
                for i, s in enumerate(m.battle.game.sides)
            },
        )  # type: ignore[union-attr]
        assert m.battle.game.over  # type: ignore[union-attr]
        save(m, tmp_path / "game.json")
        again = load(tmp_path / "game.json")
        assert [e.to_dict() for e in again.battle.events] == [e.to_dict() for e in m.battle.events]


def test_the_heuristic_beats_random_at_least_nine_times_in_ten(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "tournament",
        "--scenario",
        "ow-border-march",
        "--a",
        "heuristic",
        "--b",
        "random",
        "--games",
        "30",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    wins = int(out.split("heuristic: ")[1].split(" win")[0])
    assert wins >= 27, out


def test_an_edited_open_wars_save_is_refused(tmp_path: Path) -> None:
    m = new_match("ow-twin-fords", 5)
    while m.battle.pending is not None and len(m.commands) < 3:
        m.apply(cmd.Pass())
    save(m, tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    data["commands"][0] = {"type": "Recruit", "location": "south-keep", "unit": "troll", "count": -3}
    (tmp_path / "g.json").write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"commands\[0\]: damaged command: count must be a whole number"):
        load(tmp_path / "g.json")
