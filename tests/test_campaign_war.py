"""The campaign's turns, orders and marches (docs/campaign-decisions.md): each test gives the commands
of the rule it names to a small campaign (tests/campaigns/border.toml) and reads what they did."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.model import commands as cmd
from game.model.resolution import Reject
from systems.campaign.commands import Detach, March, Muster, Recruit, Replenish, Rest
from systems.campaign.marching import check_march, movement, reachable
from systems.campaign.rules_module import MOVE, ORDERS
from systems.campaign.turn import levy
from systems.campaign.victory import check_victory, score
from tests.campaign_helpers import campaign_file, finish, notes, rejected, until, war


def test_CAMP_DEC_1_a_command_the_war_does_not_await_is_refused_and_changes_nothing() -> None:
    """CAMP-DEC-1: one way in: a march sent while the war asks for orders is a rejected event; the
    gold, the armies and the question are as they were."""
    m = war()
    w = m.war
    d = until(m, ORDERS, "al")
    gold, where = w.purses["al"].gold, w.find_army("al-army").location  # type: ignore[union-attr]
    start = len(w.events)
    m.apply(March("al-army", ("east-field", "bridge")))
    assert rejected(w, start) == ["a recruit or replenish or detach or muster or pass is awaited"]
    assert w.pending == d and w.purses["al"].gold == gold
    assert w.find_army("al-army").location == where  # type: ignore[union-attr]


def test_CAMP_DEC_2_the_stronger_side_plays_first_and_places_yield_their_gold() -> None:
    """CAMP-DEC-2, OW-TURN-5: the allies' brigades are worth 8 points to the French 6: they give their
    orders first; each side collects the gold of the places it holds (4 each) before its orders."""
    m = war()
    w = m.war
    d = until(m, ORDERS)
    assert d.side == "al" and w.order == ["al", "fr"]
    assert w.purses["fr"].gold == 6 + 4 and w.purses["al"].gold == 6 + 4
    assert [n["details"]["turn"] for n in notes(w, "camp_turn")] == [1]


def test_CAMP_DEC_3_an_army_spends_its_movement_on_entry_costs_as_an_open_wars_token() -> None:
    """CAMP-DEC-3 (OW-MOVE-2/3): three movement a turn: the hills (a mountain, entry 3) take all of it,
    so a march on through them is refused; an army of cavalry alone has the horse's four."""
    m = war()
    w = m.war
    until(m, MOVE, "fr")
    a = w.find_army("fr-army")
    assert a is not None and movement(w, a) == 3
    assert check_march(w, "fr", March("fr-army", ("west-field", "hills"))) == [("hills", 3)]
    with pytest.raises(Reject) as no:
        check_march(w, "fr", March("fr-army", ("west-field", "hills", "east-field")))
    assert no.value.rule == "OW-MOVE-3"
    a.divisions = [d for d in a.divisions if d.id == "fr-2"]  # Lasalle's horse alone
    assert movement(w, a) == 4
    assert "east-field" in reachable(w, a)


def test_CAMP_DEC_4_a_march_stops_where_the_enemy_stands_and_an_army_marched_upon_stays() -> None:
    """CAMP-DEC-4 (OW-DEC-8): the allies march onto the French at West Field: the French army is engaged
    and may not march away (it fights, or declines battle); no march goes on through an enemy army."""
    m = war()
    w = m.war
    until(m, MOVE, "al")
    m.apply(March("al-army", ("east-field", "bridge", "west-field")))
    a = w.find_army("fr-army")
    assert a is not None and reachable(w, a) == {}
    with pytest.raises(Reject) as no:
        check_march(w, "fr", March("fr-army", ("west-field", "west-town")))
    assert no.value.rule == "CAMP-DEC-4"
    al = w.find_army("al-army")
    assert al is not None
    al.location, al.moved = "bridge", False
    with pytest.raises(Reject) as through:
        check_march(w, "al", March("al-army", ("bridge", "west-field", "west-town")))
    assert through.value.rule == "OW-DEC-8"


def test_CAMP_DEC_5_a_city_raises_one_brigade_a_turn_of_its_kind_at_its_levy_for_its_points() -> None:
    """CAMP-DEC-5: Westbury raises line infantry at its levy (irregular) for its FG-ARMY-3 point times
    two gold, into its garrison; a second brigade the same turn, a kind it does not raise, a city
    the side does not hold are refused."""
    m = war()
    w = m.war
    until(m, ORDERS, "fr")
    gold = w.purses["fr"].gold
    m.apply(Recruit("west-town", "LnInf"))
    g = w.garrison_at("west-town")
    assert g is not None and [(b.category, b.quality) for b in g.brigades] == [("LnInf", "I")]
    assert w.purses["fr"].gold == gold - 2
    start = len(w.events)
    m.apply(Recruit("west-town", "LC"))
    m.apply(Recruit("east-town", "LnInf"))
    assert rejected(w, start) == ["Westbury has raised a brigade this turn", "Eastham is not a city you hold"]


def test_CAMP_DEC_5_a_recruit_joins_the_smallest_division_of_the_army_there(tmp_path: Path) -> None:
    """CAMP-DEC-5: raised for an army in the city, the brigade joins its division with fewest brigades."""
    m = war()
    w = m.war
    a = w.find_army("fr-army")
    assert a is not None
    a.location = "west-town"
    a.divisions[1].brigades.append(a.divisions[0].brigades.pop())  # 1st Division: one brigade
    until(m, ORDERS, "fr")
    m.apply(Recruit("west-town", "LC", "fr-army"))
    assert [b.category for b in a.divisions[0].brigades] == ["LnInf", "LC"]


def test_CAMP_DEC_6_a_brigade_garrisons_a_place_and_an_army_musters_it_back() -> None:
    """CAMP-DEC-6: the allies leave a brigade to hold East Field, then take the one holding Eastham
    into the army that stands there."""
    m = war()
    w = m.war
    until(m, ORDERS, "al")
    m.apply(Detach("al-army", "al-2a"))
    g = w.garrison_at("east-field")
    assert g is not None and [b.id for b in g.brigades] == ["al-2a"]
    a = w.find_army("al-army")
    assert a is not None and "al-2a" not in {b.id for b in a.brigades()}
    a.location = "east-town"
    m.apply(Muster("al-army", "al-g1"))
    assert "al-g1" in {b.id for b in a.brigades()} and w.garrison_at("east-town") is None


def test_CAMP_DEC_6_an_open_places_garrison_alone_is_taken_by_an_army() -> None:
    """CAMP-DEC-6, CAMP-DEC-20: a garrison without walls does not stand alone against an army: the
    French march into East Field, held by a brigade the allies left there, and take it."""
    m = war()
    w = m.war
    until(m, ORDERS, "al")
    m.apply(Detach("al-army", "al-2a"))
    a = w.find_army("al-army")
    assert a is not None
    a.location = "east-town"
    until(m, MOVE, "fr")
    m.apply(March("fr-army", ("west-field", "bridge", "east-field")))
    until(m, ORDERS, "al")  # the next turn: the garrison is gone
    assert w.garrison_at("east-field") is None and w.control["east-field"] == "fr"
    assert [n["details"]["why"] for n in notes(w, "camp_fall")] == ["taken"]
    assert w.roster["al-2a"].record[-1].why == "taken"


def test_CAMP_DEC_17_an_army_that_rests_in_a_place_it_holds_recovers_a_hit_a_brigade() -> None:
    """CAMP-DEC-17: resting at East Field, the allies' worn brigade recovers one hit of two; the French
    marched and recover none."""
    m = war()
    w = m.war
    w.roster["al-1a"].hits = 2
    w.roster["fr-1a"].hits = 1
    until(m, MOVE, "al")
    m.apply(Rest("al-army"))
    until(m, MOVE, "fr")
    m.apply(March("fr-army", ("west-field", "west-town")))
    until(m, ORDERS, "al")
    assert w.roster["al-1a"].hits == 1 and w.roster["fr-1a"].hits == 1
    assert w.roster["al-1a"].record[-1].kind == "healed"


def test_CAMP_DEC_18_replacements_make_good_the_hits_and_lower_the_quality() -> None:
    """CAMP-DEC-18: at Westbury, which raises line infantry, the veteran Brigade Dupré's two hits are
    made good for 2 gold (a point's worth of gold a hit); the new men make it regular, and its
    victories count anew."""
    m = war()
    w = m.war
    a = w.find_army("fr-army")
    assert a is not None
    a.location = "west-town"
    b = w.roster["fr-1a"]
    b.hits, b.victories = 2, 1
    until(m, ORDERS, "fr")
    gold = w.purses["fr"].gold
    m.apply(Replenish("fr-1a"))
    assert (b.hits, b.quality, b.victories) == (0, "R", 0) and w.purses["fr"].gold == gold - 2
    assert [x.kind for x in b.record[-2:]] == ["replenished", "quality"] and b.record[
        -1
    ].why == "replacements"


def test_CAMP_DEC_18_replacements_never_lower_a_brigade_below_the_citys_levy() -> None:
    """CAMP-DEC-18: Westbury's levy is irregular: its replacements leave an irregular brigade so."""
    m = war()
    w = m.war
    a = w.find_army("fr-army")
    assert a is not None
    a.location = "west-town"
    b = w.roster["fr-1b"]
    b.quality, b.hits = "I", 1
    until(m, ORDERS, "fr")
    m.apply(Replenish("fr-1b"))
    assert (b.hits, b.quality) == (0, "I")


def test_CAMP_DEC_21_a_dated_event_brings_its_army_and_its_gold_with_it() -> None:
    """CAMP-DEC-21: at turn 2 the allies' landing puts the Landed Corps at Eastham and gives them 4
    gold, each told in the log."""
    m = war()
    w = m.war
    until(m, ORDERS, "al")
    assert w.find_army("al-landed") is None
    gold = w.purses["al"].gold
    until(m, MOVE, "fr")
    m.apply(cmd.Pass())
    until(m, ORDERS)
    assert w.turn == 2
    landed = w.find_army("al-landed")
    assert landed is not None and landed.location == "east-town" and landed.moved
    assert [n["details"]["event"] for n in notes(w, "camp_event")] == ["landing"]
    assert w.purses["al"].gold >= gold + 4


def test_CAMP_DEC_22_a_side_that_lost_cities_levies_more_gold() -> None:
    """CAMP-DEC-22: the French lose Westbury, the one city they held when the war began: they levy a
    gold for it; the allies, who lost none, levy nothing."""
    m = war()
    w = m.war
    assert w.first_cities == {"fr": 1, "al": 1}
    w.control["west-town"] = "al"
    gold = {s: w.purses[s].gold for s in w.sides}
    levy(w)
    assert w.purses["fr"].gold == gold["fr"] + 1 and w.purses["al"].gold == gold["al"]
    assert notes(w, "camp_levy")[-1]["details"] == {"side": "fr", "gold": 1, "say": "camp_levy"}


def test_CAMP_DEC_23_a_side_holding_every_place_that_decides_the_war_wins_it() -> None:
    """CAMP-DEC-23: the French hold Westbury, Eastham and the Bridge: the war ends, theirs."""
    m = war()
    w = m.war
    for loc in ("west-town", "east-town", "bridge"):
        w.control[loc] = "fr"
    check_victory(w)
    assert w.game is not None and w.game.over and w.game.winner == "fr" and w.ending == ("places", "fr")


def test_CAMP_DEC_23_at_the_turn_limit_the_places_and_armies_destroyed_decide() -> None:
    """CAMP-DEC-23: after its one turn the war is scored: each side's places of the victory table (3
    each: its town) and 2 a destroyed enemy army; equal points are a draw."""
    m = war(turns=1)
    finish(m)
    w = m.war
    assert w.game is not None and w.game.over and w.ending == ("limit", None)
    totals = {s: x.total for s, x in score(w).items()}
    assert totals["fr"] == 3 + 2 * w.destroyed["fr"] and totals["al"] == 3 + 2 * w.destroyed["al"] + (
        1 if w.control["bridge"] == "al" else 0
    )
    winner = max(totals, key=lambda s: totals[s]) if len(set(totals.values())) > 1 else None
    assert w.game.winner == winner


def test_CAMP_DEC_23_a_side_with_neither_army_nor_city_has_lost() -> None:
    """CAMP-DEC-23: the allies lose their army, their garrison and their cities: the French win."""
    m = war()
    w = m.war
    w.armies = [a for a in w.armies if a.side != "al"]
    w.garrisons.clear()
    w.control["east-town"] = "fr"
    check_victory(w)
    assert w.game is not None and w.game.winner == "fr" and w.ending == ("wiped", "al")


def test_a_campaigns_own_numbers_change_its_rules(tmp_path: Path) -> None:
    """The numbers of a campaign file's [numbers] take the place of the module's (CAMP-DEC-3)."""
    m = war(campaign_file(tmp_path, {"movement": 5}))
    a = m.war.find_army("fr-army")
    assert a is not None and movement(m.war, a) == 5
