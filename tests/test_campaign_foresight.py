"""The battle a march would bring, foreseen before the army marches (systems/campaign/foresight.py,
CAMP-DEC-24): the odds the war then tells, asked without changing the war, and the hover box of the
place a player would march to, in both languages (tests/campaigns/border.toml)."""

from __future__ import annotations

import pytest

from systems.campaign.commands import March
from systems.campaign.foresight import foreseen
from systems.campaign.rules_module import MOVE, RESOLVE
from systems.campaign.state import War
from tests.campaign_helpers import notes, until, war


def _state(w: War) -> tuple[object, ...]:
    """What asking must leave as it was: the events, the dice, every army's place and march."""
    armies = [(a.id, a.location, a.moved, a.came_from, a.arrived) for a in w.armies]
    return len(w.events), w.dice.used, w.engagements, armies


def test_CAMP_DEC_24_a_march_foresees_the_odds_the_war_then_tells_and_changes_nothing() -> None:
    """The allies stand on the Bridge; the French ask what marching there would bring: the French attack,
    the allies defend, with the very odds the war tells once the French have marched and the battle is
    set up. Asking moves no army, rolls no die and tells nothing."""
    m = war()
    w = m.war
    until(m, MOVE, "al")
    m.apply(March("al-army", ("east-field", "bridge")))
    until(m, MOVE, "fr")
    before = _state(w)
    f = foreseen(w, March("fr-army", ("west-field", "bridge")))
    assert _state(w) == before
    assert f is not None and f.odds is not None and f.cannot is None
    assert (f.attacker, f.defender) == ("fr", "al")
    assert f.odds.win["fr"] + f.odds.win["al"] + f.odds.draw == pytest.approx(1.0)
    m.apply(March("fr-army", ("west-field", "bridge")))
    until(m, RESOLVE)
    told = notes(w, "camp_battle")[-1]["details"]
    assert told["odds"] == f.odds.as_details()


def test_a_march_where_no_enemy_army_stands_foresees_no_battle() -> None:
    """An empty place, or one only a friend holds, brings no battle: nothing is foreseen."""
    m = war()
    until(m, MOVE, "fr")
    assert foreseen(m.war, March("fr-army", ("west-field", "bridge"))) is None
    assert foreseen(m.war, March("fr-army", ("west-field", "hills"))) is None


def test_CAMP_DEC_9_an_army_too_small_to_give_battle_is_foreseen_so() -> None:
    """The French down to one division could not give battle on the Bridge the allies hold (CAMP-DEC-9:
    they would fall back): no odds, and the side that could not."""
    m = war()
    w = m.war
    a = w.find_army("fr-army")
    assert a is not None
    a.divisions.pop()
    until(m, MOVE, "al")
    m.apply(March("al-army", ("east-field", "bridge")))
    until(m, MOVE, "fr")
    f = foreseen(w, March("fr-army", ("west-field", "bridge")))
    assert f is not None and f.odds is None and f.cannot == "fr"


def test_CAMP_DEC_8_the_armies_next_to_it_that_would_march_to_it_are_foreseen_with_their_round() -> None:
    """The allies on the Bridge and the Landed Corps at East Field, next to it: the French asking what
    marching onto the Bridge would bring are told the corps would march to it, in round 2, and the odds
    count it (they are worse for the French than without it)."""
    from systems.campaign.calendar import enlist

    m = war()
    w = m.war
    until(m, MOVE, "al")
    m.apply(March("al-army", ("east-field", "bridge")))
    until(m, MOVE, "fr")
    alone = foreseen(w, March("fr-army", ("west-field", "bridge")))
    landed = next(x.army for e in w.theatre.spec.events for x in e.effects if x.army is not None)
    enlist(w, landed, "al").location = "east-field"
    f = foreseen(w, March("fr-army", ("west-field", "bridge")))
    assert alone is not None and alone.odds is not None and not alone.arrivals
    assert f is not None and f.odds is not None
    assert [(x.army, x.side, x.round) for x in f.arrivals] == [("al-landed", "al", 2)]
    assert f.odds.win["fr"] < alone.odds.win["fr"]
