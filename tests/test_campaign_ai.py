"""The campaign's computer generals (game/ai/campaign.py): every level plays a war to its end with
commands the rules accept; they stand or decline battle by the odds they are told (CAMP-DEC-24) and
do not march onto an enemy stronger than their level's margin."""

from __future__ import annotations

import pytest

from game.ai.players import campaign_player
from game.model import commands as cmd
from game.model.resolution import Decision
from game.running.campaign_match import play
from systems.campaign.commands import Decline, March, Rest
from systems.campaign.odds import Odds, Prospect
from systems.campaign.rules_module import MOVE, WITHDRAW
from systems.campaign.state import War
from tests.campaign_helpers import until, war


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_a_war_to_its_end(level: str) -> None:
    m = war(seed=5)
    play(m, {s: campaign_player(level, s, 5 + i, "auto") for i, s in enumerate(m.war.sides)})
    w = m.war
    assert w.game is not None and w.game.over
    assert not [e for e in w.events if e.kind == "rejected"]


def test_a_general_declines_a_battle_the_odds_say_it_loses() -> None:
    """CAMP-DEC-11, CAMP-DEC-24: told a 5% chance (and 5% of a draw), the allies' normal general
    withdraws; told 60%, it stands."""
    m = war()
    w = m.war
    for a in w.armies:
        a.location = "bridge"
    from systems.campaign.meeting import setup_battle

    s = setup_battle(w, "bridge", "fr", 1)
    general = campaign_player("normal", "al", 1)

    def asked(win: float) -> cmd.Command:
        odds = Odds({"fr": 1 - win - 0.05, "al": win}, 0.05, {"fr": 1.0, "al": 1.0}, {"fr": 1.0, "al": 1.0})
        return general.decide(
            w, Decision(WITHDRAW, "al", "bridge", ("east-field",), payload=Prospect(s, odds))
        )

    assert asked(0.05) == Decline("east-field")
    assert asked(0.6) == cmd.Pass()


def french_at_the_bridge() -> War:
    """The border war at the allies' first march, the French army moved to the Bridge next to them."""
    m = war()
    until(m, MOVE, "al")
    fr = m.war.find_army("fr-army")
    assert fr is not None
    fr.location = "bridge"
    return m.war


def test_a_general_does_not_march_onto_a_stronger_enemy() -> None:
    """The allies' army, worth far less than the French who stand next to it, is never sent at them."""
    w = french_at_the_bridge()
    for b in w.roster.values():
        if b.id.startswith("al-"):
            b.hits = 2
    general = campaign_player("normal", "al", 1)
    answer = general.decide(w, Decision(MOVE, "al", "", ("al-army",)))
    assert isinstance(answer, Rest | March) and not (
        isinstance(answer, March) and answer.path[-1] == "bridge"
    )


@pytest.mark.parametrize(("worn", "marches"), [((), True), (("al-1a",), False)])
def test_hard_marches_on_an_army_by_the_battle_the_war_foresees(worn: tuple[str, ...], marches: bool) -> None:
    """The allies' hard general marches on the French at the Bridge while the battle the war foresees
    (CAMP-DEC-24) gives him half of it or more (50.9%), and rests once one of his brigades carries a hit
    (49.4%), where a count of forces (normal's) still sends the army."""
    from systems.campaign.foresight import foreseen

    w = french_at_the_bridge()
    for b in worn:
        w.roster[b].hits = 1
    onto = March("al-army", ("east-field", "bridge"))
    f = foreseen(w, onto)
    assert f is not None and f.odds is not None
    share = f.odds.win["al"] + f.odds.draw / 2
    assert (share >= 0.5) == marches
    answer = campaign_player("hard", "al", 1).decide(w, Decision(MOVE, "al", "", ("al-army",)))
    assert (answer == onto) == marches
    normal = campaign_player("normal", "al", 1).decide(w, Decision(MOVE, "al", "", ("al-army",)))
    assert normal == onto  # the count of forces: the same army, worn or not, is strong enough
