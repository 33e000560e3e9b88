"""The campaign's battles (docs/campaign-decisions.md, CAMP-DEC-7..16, 19, 20, 24, 25): how armies that meet
become a For Glory battle, and what its result carries on. The battles of tests/campaigns/border.toml
last two rounds; a result a rule is checked against is given as it would come from the table."""

from __future__ import annotations

from pathlib import Path

from game.model.dice import Dice
from game.running.campaign_match import CampaignMatch
from systems.campaign.aftermath import carry, pursue, retreats
from systems.campaign.battlefield import fit
from systems.campaign.commands import Decline, Fight, March, Resolve
from systems.campaign.fighting import brigades_of
from systems.campaign.meeting import reinforcements, roles, setup_battle
from systems.campaign.odds import battle_odds
from systems.campaign.outcome import BattleResult, UnitFate
from systems.campaign.rules_module import MOVE, RESOLVE, RETREAT, WITHDRAW
from systems.campaign.sieges import sieges
from systems.campaign.state import Fought, War
from systems.campaign.victory import check_victory, first_victor, score
from tests.campaign_helpers import campaign_file, finish, notes, until, war


def meet_at_bridge(m: CampaignMatch) -> None:
    """Both armies march onto the Bridge in the first turn (the allies first: they are the stronger)."""
    until(m, MOVE, "al")
    m.apply(March("al-army", ("east-field", "bridge")))
    until(m, MOVE, "fr")
    m.apply(March("fr-army", ("west-field", "bridge")))


def staged(
    w: War, winner: str | None, fates: dict[str, tuple[int, str]], killed: tuple[str, ...] = ()
) -> Fought:
    """Both armies at the Bridge, the battle set up there, and the result given: each brigade's hits
    and fate (a brigade not given stood unhurt)."""
    for a in w.armies:
        a.location = "bridge"
    setup = setup_battle(w, "bridge", "fr", 1)
    f = Fought(1, w.turn, setup, "auto", before=brigades_of(w, setup))
    w.fought.append(f)
    units = {u: UnitFate(*fates.get(u, (0, "stood"))) for u in setup.units}  # type: ignore[arg-type]
    f.result = BattleResult(winner, "given", 2, {}, units, killed, {})
    return f


def test_CAMP_DEC_11_the_defender_is_the_side_that_stood_and_the_battle_is_told_before_it() -> None:
    """CAMP-DEC-11, CAMP-DEC-7: both armies marched onto the Bridge, which nobody held: the side that
    played first this turn (the allies) defends it; the battle is told with its ground and odds."""
    m = war()
    meet_at_bridge(m)
    assert roles(m.war, "bridge") == ("fr", "al")
    until(m, RESOLVE)
    assert m.war.pending is not None and m.war.pending.side == "fr"
    m.apply(Resolve())
    m.apply(Resolve())
    told = notes(m.war, "camp_battle")[-1]["details"]
    assert told["attacker"] == "fr" and told["defender"] == "al" and told["ground"] == "plain"


def test_CAMP_DEC_7_made_ground_each_side_holds_the_objectives_of_its_half() -> None:
    """CAMP-DEC-7: the Bridge has no battle of its own: the ground is a fair random battle's of open
    ground, each objective held by the side whose half it stands in, the battle played on when one
    side holds them all; the armies are drawn to deploy just outside XL of the centre line."""
    m = war()
    w = m.war
    for a in w.armies:
        a.location = "bridge"
    s = setup_battle(w, "bridge", "fr", 1)
    depth = s.scenario.table[1]
    for o in s.scenario.objectives:
        assert o.held_by == ("fr" if o.at[1] < depth / 2 else "al" if o.at[1] > depth / 2 else None)
    assert not s.scenario.victory.all_objectives
    south = next(x for x in s.scenario.sides if x.edge == "south")
    assert south.id == "fr" and south.deployment is not None
    assert max(y for _x, y in south.deployment) == depth / 2 - w.theatre.rules.length("XL") / 2


def test_CAMP_DEC_7_a_place_with_a_battle_of_history_is_fought_on_its_ground(tmp_path: Path) -> None:
    """CAMP-DEC-7: the Bridge given Bailén's ground: its table, terrain and objectives, the Spanish
    (north) objectives held by the defender and the French (south) one by the attacker."""
    path = campaign_file(
        tmp_path, swaps=(("at = [50, 50], gold = 1 }", 'at = [50, 50], gold = 1, battlefield = "bailen" }'),)
    )
    m = war(path)
    w = m.war
    for a in w.armies:
        a.location = "bridge"
    s = setup_battle(w, "bridge", "fr", 1)
    bailen = w.theatre.battlefields["bridge"].spec
    assert s.ground == "bailen" and s.scenario.table == bailen.table and s.scenario.terrain == bailen.terrain
    held = {o.id: o.held_by for o in s.scenario.objectives}
    assert held == {o.id: {"es": "al", "fr": "fr"}.get(o.held_by or "") for o in bailen.objectives}


def test_CAMP_DEC_8_a_neighbouring_army_arrives_by_distance_at_the_edge_its_march_comes_from() -> None:
    """CAMP-DEC-8, FG-REINF-3: the French fight at the Bridge, their army from the west; the Landed
    Corps at East Field, next to it, marches in: the Bridge costs 1 to enter, so it arrives in round 2,
    and coming from the east it enters by the allies' own (north) edge, as the battle is told."""
    m = war()
    w = m.war
    until(m, MOVE, "al")
    fr, al = w.find_army("fr-army"), w.find_army("al-army")
    assert fr is not None and al is not None
    fr.location, fr.came_from = "bridge", "west-field"
    al.location = "bridge"
    from systems.campaign.calendar import enlist

    landed = next(x.army for e in w.theatre.spec.events for x in e.effects if x.army is not None)
    corps = enlist(w, landed, "al")
    corps.location = "east-field"
    (x,) = reinforcements(w, "bridge", "fr")
    assert (x.army, x.side, x.round, x.flank, x.edge) == ("al-landed", "al", 2, "own", "north")
    s = setup_battle(w, "bridge", "fr", 1)
    coming = [d for side in s.scenario.sides for d in side.divisions if d.id in ("al-3", "al-4")]
    assert [(d.arrival, d.entry) for d in coming] == [(2, "own"), (2, "own")]


def test_CAMP_DEC_8_an_army_arriving_from_the_flank_enters_by_that_edge(tmp_path: Path) -> None:
    """CAMP-DEC-8, FG-REINF-3 (AMB-38): the allies attack East Field from Eastham, in the east; the French
    defend it facing east, and their army in the Hills, due north of it, comes in on their left: the
    north player's left is the east edge."""
    path = campaign_file(
        tmp_path, swaps=(('type = "mountain", at = [50, 20]', 'type = "mountain", at = [70, 10]'),)
    )
    m = war(path)
    w = m.war
    fr, al = w.find_army("fr-army"), w.find_army("al-army")
    assert fr is not None and al is not None
    al.location, al.came_from = "east-field", "east-town"
    fr.location = "hills"
    (x,) = reinforcements(w, "east-field", "al")
    assert (x.army, x.round, x.flank, x.edge) == ("fr-army", 2, "left", "east")


def test_CAMP_DEC_9_a_one_brigade_division_fights_within_another_of_its_army() -> None:
    """CAMP-DEC-9 (FG-PREP-2): the 2nd Division down to one brigade: it joins the 1st on the field, its
    general staying with the estado mayor."""
    m = war()
    w = m.war
    a = w.find_army("al-army")
    assert a is not None
    a.divisions[1].brigades.pop()
    fielded = fit(a.divisions, w.theatre.rules)
    assert [(d.id, [b.id for b in bs]) for d, bs in fielded] == [
        ("al-1", ["al-1a", "al-1b", "al-1c", "al-2a"])
    ]


def test_CAMP_DEC_9_an_attacker_that_cannot_field_two_divisions_falls_back_unpursued() -> None:
    """CAMP-DEC-9 (FG-PREP-1): the French down to one division march on the Bridge: they cannot give
    battle, and go back to West Field where they came from."""
    m = war()
    w = m.war
    a = w.find_army("fr-army")
    assert a is not None
    a.divisions.pop()
    meet_at_bridge(m)
    until(m, MOVE, "al")  # the next turn
    assert a.location == "west-field" and not w.fought
    assert notes(w, "camp_too_weak")[-1]["details"]["to"] == "west-field"


def test_CAMP_DEC_10_fought_or_resolved_it_is_the_same_battle_and_its_commands_are_the_wars() -> None:
    """CAMP-DEC-10: one side asking to fight puts the battle on the table, both asking to resolve it
    leaves it to the generals; either way the same setup and seed, and every command that played it is
    the war's (kept with the battle to watch it again)."""
    setups = {}
    for answer in ("table", "auto"):
        m = war(seed=4)
        meet_at_bridge(m)
        until(m, RESOLVE)
        m.apply(Fight() if answer == "table" else Resolve())
        m.apply(Resolve())
        until(m, MOVE, "al")
        f = m.war.fought[0]
        assert f.resolved == answer and f.result is not None
        assert len(f.commands) > 10 and all(c in m.commands for c in f.commands)
        setups[answer] = (f.setup.seed, f.setup.scenario)
    assert setups["table"] == setups["auto"]


def test_CAMP_DEC_11_a_defender_declining_battle_withdraws_with_stragglers() -> None:
    """CAMP-DEC-11: the allies refuse battle at the Bridge and withdraw to East Field: each of their
    brigades rolls, a 1 a hit from stragglers; the French take the Bridge."""
    m = war()
    w = m.war
    meet_at_bridge(m)
    d = until(m, WITHDRAW, "al")
    assert set(d.options) == {"east-field", "west-field"}  # the French have left West Field
    m.apply(Decline("east-field"))
    a = w.find_army("al-army")
    assert a is not None and a.location == "east-field" and w.control["bridge"] == "fr"
    rolls = [e for e in w.events if e.kind == "roll" and e.check == "straggle"]  # type: ignore[attr-defined]
    assert len(rolls) == 5
    hit = {e.unit for e in rolls if e.die <= w.numbers.straggle}  # type: ignore[attr-defined]
    assert {b.id for b in a.brigades() if b.hits} == hit and not w.fought


def test_CAMP_DEC_12_destroyed_brigades_are_gone_hits_carry_and_the_routed_live() -> None:
    """CAMP-DEC-12: the result on the brigades: a destroyed one leaves the war (its record says so), a
    hit one keeps its hits, a routed one lives with its own; each has the battle in its record."""
    m = war()
    w = m.war
    f = staged(w, "fr", {"al-1a": (3, "destroyed"), "al-1b": (2, "stood"), "al-2a": (1, "routed")})
    carry(w, f)
    assert w.brigade("al-1a") is None and w.roster["al-1a"].record[-1].why == "destroyed"
    assert w.roster["al-1b"].hits == 2 and w.roster["al-2a"].hits == 1 and w.brigade("al-2a") is not None
    battle = w.roster["al-1b"].record[-1]
    assert (battle.kind, battle.battle, battle.value, battle.hits) == ("battle", 1, "lost", 2)


def test_CAMP_DEC_13_the_winners_fit_cavalry_takes_the_routed_in_the_pursuit() -> None:
    """CAMP-DEC-13: Lasalle's two cavalry brigades stood and are fit: each rolls, the numbers' pursuit
    (4) or more taking a routed brigade (the most hit first); with a 6 and a 2, one is taken; an unhurt
    standing brigade is never taken."""
    m = war()
    w = m.war
    f = staged(w, "fr", {"al-2a": (1, "routed"), "al-2b": (0, "routed")})
    carry(w, f)
    w.dice = Dice(None, [6, 2])
    pursue(w, f, "al")
    assert w.brigade("al-2a") is None and w.brigade("al-2b") is not None
    assert w.roster["al-2a"].record[-1].why == "captured"


def test_CAMP_DEC_13_beaten_armies_retreat_where_their_side_chooses_or_surrender() -> None:
    """CAMP-DEC-13: a beaten army may go to a neighbouring place free of enemies; with none, it lays
    down its arms and the enemy counts an army destroyed (CAMP-DEC-23)."""
    m = war()
    w = m.war
    a, fr = w.find_army("al-army"), w.find_army("fr-army")
    assert a is not None and fr is not None
    a.location = "bridge"
    assert retreats(w, a) == ("east-field",)  # the French stand at West Field
    fr.location = "hills"
    assert set(retreats(w, a)) == {"west-field", "east-field"}
    a.location, fr.location = "west-town", "west-field"
    assert retreats(w, a) == ()


def test_CAMP_DEC_13_a_beaten_army_retreats_by_its_sides_choice() -> None:
    """CAMP-DEC-13: the battle over, the beaten side is asked where each of its armies there goes."""
    m = war(seed=2)
    meet_at_bridge(m)
    d = until(m, RETREAT)
    assert d.unit in ("al-army", "fr-army") and "bridge" not in d.options


def test_CAMP_DEC_14_the_winner_takes_the_place_unless_a_garrison_holds_its_walls() -> None:
    """CAMP-DEC-14: from the aftermath: the winner holds the place; a place whose enemy garrison still
    stands is besieged, not taken (CAMP-DEC-20)."""
    from systems.campaign.fighting import take

    m = war()
    w = m.war
    take(w, "bridge", "fr")
    assert w.control["bridge"] == "fr"
    take(w, "east-town", "fr")
    assert w.control["east-town"] == "al"


def test_CAMP_DEC_15_a_killed_officers_successor_commands_at_experience_0_and_learns() -> None:
    """CAMP-DEC-15, FG-OFF-10: General Reding is killed: his successor has experience 0; the allies'
    successor earns a point by each victory, up to the numbers' replaced_experience (3)."""
    m = war()
    w = m.war
    f = staged(w, "fr", {}, killed=("al-1",))
    carry(w, f)
    g = w.officers["al-1"]
    assert (g.experience, g.replaced) == (0, 1) and g.record[-1].kind == "killed"
    for n in range(4):
        w.fought.clear()
        f = staged(w, "al", {})
        carry(w, f)
        assert g.experience == min(n + 1, w.numbers.replaced_experience)


def test_CAMP_DEC_15_a_killed_commander_is_replaced_too() -> None:
    """CAMP-DEC-15: the estado mayor killed (FG-OFF-4): the leading army's commander's successor."""
    m = war()
    w = m.war
    f = staged(w, "al", {}, killed=("fr-staff",))
    carry(w, f)
    assert w.officers["fr-army"].experience == 0 and w.officers["fr-army"].replaced == 1


def test_CAMP_DEC_16_two_victories_make_a_regular_brigade_veteran_and_no_more() -> None:
    """CAMP-DEC-16: a brigade that stood to the end of two victories gains a step of quality, up to
    veteran (the numbers' earned_up_to): elite is raised, not made; a routed one counts nothing."""
    m = war()
    w = m.war
    b, hurt = w.roster["fr-1b"], w.roster["fr-2b"]
    for _ in range(2):
        w.fought.clear()
        carry(w, staged(w, "fr", {"fr-2b": (0, "routed")}))
    assert b.quality == "V" and b.record[-1].why == "victories" and hurt.quality == "R"
    for _ in range(2):
        w.fought.clear()
        carry(w, staged(w, "fr", {}))
    assert b.quality == "V"


def test_CAMP_DEC_19_service_records_keep_every_battle_and_outlive_the_brigade() -> None:
    """CAMP-DEC-19: after a war each brigade that fought has its battles in its record, the lost ones
    too (the roster keeps them)."""
    m = war(seed=3, turns=2)
    meet_at_bridge(m)
    finish(m)
    w = m.war
    assert w.fought
    fought = {u for f in w.fought for u in f.setup.units}
    for u in fought:
        kinds = [s.kind for s in w.roster[u].record]
        assert kinds[0] == "raised" and "battle" in kinds


def test_CAMP_DEC_20_a_besieged_garrison_may_give_in_or_be_stormed() -> None:
    """CAMP-DEC-20: the French before Eastham's walls (strength 5): its garrison gives in when a D6 and
    the turns of siege reach 5 + 3 (a 6 in the second turn); from the second turn the French storm it,
    their four brigades three to one against its one (+1): a 4 or more takes it, a failed storm costs
    them a hit for each brigade of the garrison."""
    m = war()
    w = m.war
    fr = w.find_army("fr-army")
    assert fr is not None
    fr.location = "east-town"
    w.dice = Dice(None, [6])  # the first turn: 6 + 1 of siege, short of 8
    sieges(w)
    assert w.control["east-town"] == "al"
    w.dice = Dice(None, [6])  # the second: 6 + 2
    sieges(w)
    assert w.control["east-town"] == "fr" and w.roster["al-g1"].record[-1].why == "surrendered"
    m = war()
    w = m.war
    fr = w.find_army("fr-army")
    assert fr is not None
    fr.location = "east-town"
    w.dice = Dice(None, [1, 1, 3])  # holds out twice; the storm at the second turn: 3 + 1, no guns
    sieges(w)
    sieges(w)
    assert w.control["east-town"] == "al" and w.roster["fr-1a"].hits == 1  # the failed storm's cost
    w.dice = Dice(None, [1, 4])
    sieges(w)
    assert w.control["east-town"] == "fr" and w.roster["al-g1"].record[-1].why == "stormed"


def test_CAMP_DEC_24_the_odds_before_a_battle_add_up_and_favour_the_stronger() -> None:
    """CAMP-DEC-24: each side's chance of winning and of a draw add to one; the side that brings more
    is the likelier to win and to lose less; the odds are told before the battle."""
    m = war()
    w = m.war
    for a in w.armies:
        a.location = "bridge"
    s = setup_battle(w, "bridge", "fr", 1)
    even = battle_odds(w, s)
    assert abs(sum(even.win.values()) + even.draw - 1) < 1e-9
    w.roster["fr-1a"].hits = w.roster["fr-1b"].hits = 2
    weaker = battle_odds(w, setup_battle(w, "bridge", "fr", 2))
    assert weaker.win["fr"] < even.win["fr"] and weaker.losses["fr"] > even.losses["fr"]


def test_a_whole_small_campaign_plays_to_its_end_with_its_battles() -> None:
    """The border campaign played by the passive players from start to end: battles fought, the war
    scored at its turn limit."""
    m = war(seed=2)
    meet_at_bridge(m)
    finish(m)
    assert m.war.game is not None and m.war.game.over and m.war.fought


def test_CAMP_DEC_9_divisions_beyond_the_tables_room_march_on_in_round_2(tmp_path: Path) -> None:
    """CAMP-DEC-9: with room for two divisions a side, the allies' four at the Bridge deploy their two
    largest (Reding's three brigades, then the first of those of two); the other two march on in round
    2 by the allies' own edge."""
    from systems.campaign.calendar import enlist

    m = war(campaign_file(tmp_path, {"field_divisions": 2}))
    w = m.war
    landed = next(x.army for e in w.theatre.spec.events for x in e.effects if x.army is not None)
    enlist(w, landed, "al")
    for a in w.armies:
        a.location = "bridge"
    s = setup_battle(w, "bridge", "fr", 1)
    allies = next(x for x in s.scenario.sides if x.id == "al")
    placed = {d.id: (d.arrival, d.entry) for d in allies.divisions}
    assert placed == {"al-1": (0, None), "al-2": (0, None), "al-3": (2, "own"), "al-4": (2, "own")}


def test_CAMP_DEC_19_a_battles_report_reads_its_losses_and_changes_from_the_records() -> None:
    """CAMP-DEC-19: the after-battle report, from the service records: the brigades lost and how, the
    officers killed, the brigades whose quality changed, the hits each side carries away."""
    from systems.campaign.report import Changed, Lost, battle_report

    m = war()
    w = m.war
    w.roster["fr-1b"].victories = 1
    f = staged(
        w, "fr", {"al-1a": (3, "destroyed"), "al-1b": (2, "stood"), "fr-2a": (1, "stood")}, killed=("al-2",)
    )
    carry(w, f)
    r = battle_report(w, f)
    assert r.winner == "fr" and r.lost == [Lost("al-1a", "al", "destroyed")] and r.killed == ["al-2"]
    assert Changed("fr-1b", "V", "victories") in r.changed and r.hits == {"fr": 1, "al": 2}


def test_a_screen_asks_what_a_side_may_order_and_where_an_army_may_march() -> None:
    """The queries a campaign screen asks: the brigades each city may raise and their price, the
    brigades whose hits may be made good, each march's path and movement."""
    from systems.campaign.report import marches, recruits, replacements

    m = war()
    w = m.war
    until(m, MOVE, "fr")
    assert {(c.location, c.category, c.army) for c, _ in recruits(w, "fr")} == {
        ("west-town", "LnInf", None),
        ("west-town", "LC", None),
    }
    assert dict((c.category, price) for c, price in recruits(w, "fr")) == {"LnInf": 2, "LC": 4}
    a = w.find_army("fr-army")
    assert a is not None
    a.location = "west-town"
    w.roster["fr-1a"].hits = 2
    assert [(c.unit, price) for c, price in replacements(w, "fr")] == [("fr-1a", 2)]
    a.location = "west-field"
    assert marches(w, "fr-army")["hills"] == (("west-field", "hills"), 3)
    assert marches(w, "fr-army")["east-field"] == (("west-field", "bridge", "east-field"), 2)


def test_CAMP_DEC_25_the_wars_first_victory_is_worth_its_points_to_its_winner(tmp_path: Path) -> None:
    """CAMP-DEC-25: the war's first battle won (a draw is none) is worth the victory table's
    `first_victory` to its winner at the end, whoever wins the later ones; at the turn limit it
    decides a war the places and armies leave equal."""
    m = war(campaign_file(tmp_path, swaps=(("army_destroyed = 2", "army_destroyed = 2\nfirst_victory = 2"),)))
    w = m.war
    w.control["bridge"] = None  # the places equal: each side its town (3), the Bridge nobody's
    before = {s: x.total for s, x in score(w).items()}
    staged(w, None, {})
    assert first_victor(w) is None and {s: x.total for s, x in score(w).items()} == before
    staged(w, "al", {})
    staged(w, "fr", {})
    after = score(w)
    assert first_victor(w) == "al" and after["al"].lines["CAMP-DEC-25 first victory"] == 2
    assert after["al"].total == before["al"] + 2 and after["fr"].total == before["fr"]
    assert w.game is not None
    w.game.max_rounds = w.game.round  # the turn limit
    check_victory(w)
    assert before["al"] == before["fr"] and w.game.winner == "al" and w.ending == ("limit", None)
