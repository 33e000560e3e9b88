"""What a result is worth to a general (game/ai/stakes.py): a brigade destroyed with what follows it
(FG-LOST-3, FG-VIC-2), seen from both sides of the table (issue 28)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from game.ai.common import terms
from game.ai.players import make_player
from game.ai.routes import Routes
from game.ai.search import DECISIVE, SearchPlayer
from game.ai.stakes import GONE, HIT, POINT, WIN, Effect, Stakes
from game.model.battle import Battle
from systems.for_glory.hits import relocation
from tests.helpers import puzzle_position


@pytest.fixture
def battle() -> Iterator[Battle]:
    with puzzle_position("finish-the-brigade") as b:  # b's battered brigade is half its division
        yield b


def test_fg_lost_3_the_brigade_that_breaks_its_division_is_worth_more_than_a_point(battle: Battle) -> None:
    b = battle
    battered = b.ids["battered"]
    theirs, ours = Stakes(b, "a", Routes()), Stakes(b, "b", Routes())
    assert theirs.destroyed(b, battered) > POINT  # its division demoralised (FG-LOST-3) scores too
    assert ours.destroyed(b, battered) == -theirs.destroyed(b, battered)


def test_fg_vic_2_losing_the_brigade_that_ends_the_battle_lost_is_the_worst_there_is(battle: Battle) -> None:
    """A division is already removed: the battered brigade's loss removes the second and ends the
    battle (FG-VIC-2), won by its destroyer on the score. Its own side must dread it as the battle lost
    (it once counted as won, and hard walked its last brigades into fire), the other seek it."""
    b = battle
    battered = b.ids["battered"]
    theirs, ours = Stakes(b, "a", Routes()), Stakes(b, "b", Routes())
    theirs.removed = ours.removed = 1  # a division removed earlier in the battle
    assert ours.destroyed(b, battered) == -WIN
    assert theirs.destroyed(b, battered) == WIN
    assert ours.lead == 0  # the score is level: the two points and the unit's decide it


def test_fg_lost_3_a_hit_on_a_brigade_whose_loss_breaks_its_division_is_worth_a_share(battle: Battle) -> None:
    """A level's `brink`: the companion, fresh, is the other half of the battered brigade's division, so
    its loss breaks the division too (FG-LOST-3); a hit on it is a step towards that and is worth its
    share of what the loss brings beyond its point, to both sides. A hit on a brigade whose loss breaks
    nothing is worth what it always was."""
    b = battle
    hit, cap = Effect(hits=1), b.rules.core.hits.destroyed_at
    companion, fresh = b.ids["companion"], b.ids["fresh"]
    for side, sign in (("a", 1.0), ("b", -1.0)):
        plain, brink = Stakes(b, side, Routes()), Stakes(b, side, Routes(), brink=0.5)
        assert brink.harm(b, fresh, hit) == plain.harm(b, fresh, hit)
        beyond = sign * plain.destroyed(b, companion) - POINT * b.rules.scoring.unit_destroyed
        assert beyond > 0
        step = brink.harm(b, companion, hit) - plain.harm(b, companion, hit)
        assert step == pytest.approx(sign * 0.5 * beyond / cap)


def test_fg_vic_2_a_scenario_that_ends_at_three_divisions_is_weighed_by_its_own_count(battle: Battle) -> None:
    """A level's `victory`: where the scenario ends the battle at three divisions removed (Arapiles),
    the second division's loss is its two points and its brigades, not the battle; the references
    read the rulebook's two."""
    b = battle
    assert b.game is not None
    battered = b.ids["battered"]
    b.game.divisions_to_end = 3
    terms, rulebook = Stakes(b, "a", Routes(), victory=True), Stakes(b, "a", Routes())
    first = terms.destroyed(b, battered)  # no division removed yet: the same either way
    assert first == rulebook.destroyed(b, battered) < WIN
    terms, rulebook = Stakes(b, "a", Routes(), victory=True), Stakes(b, "a", Routes())
    terms.removed = rulebook.removed = 1
    assert rulebook.destroyed(b, battered) == WIN
    assert terms.destroyed(b, battered) == first


def test_fg_vic_4_where_every_objective_held_does_not_end_the_battle_no_race_is_weighed() -> None:
    """The bridge is the last objective the attacker (b) lacks: by the rulebook taking it ends the battle
    (FG-VIC-4) and is worth the battle; where the scenario switches FG-VIC-4 off (Talavera) a general
    weighing its terms counts its points alone: his lost, ours held and taken from him (FG-VIC-7, -8)."""
    with puzzle_position("hold-the-last-bridge") as b:
        assert b.game is not None
        b.game.objectives_end = False
        bridge = next(o for o in b.game.objectives if o.holder == "a")
        rulebook = next(o for o in Stakes(b, "b", Routes()).objectives if o.state is bridge)
        terms = next(o for o in Stakes(b, "b", Routes(), victory=True).objectives if o.state is bridge)
        assert rulebook.ends and rulebook.gain >= WIN
        s = b.rules.scoring
        assert not terms.ends
        assert bridge.ever == {"a"}  # taking it is taking it from the enemy too
        assert terms.gain == POINT * (s.objective_held * 2 + s.objective_taken)


def test_fg_vic_4_a_lone_objective_is_made_for_as_the_battle_by_a_general_reading_it_whole() -> None:
    """With one objective, whoever takes it holds every objective and wins (FG-VIC-4): the units a general
    who reads the terms whole sends for it make for the battle (DECISIVE, three of them), as his stakes see
    it; `hard-2026-12`, reading the rulebook as 2026 did, sends two for its points alone."""
    with puzzle_position("take-the-only-objective") as b:
        assert b.game is not None and len(b.game.objectives) == 1
        whole, rulebook = terms(b, own=True), terms(b, own=False)  # one reading for stakes and ground
        assert whole.race(1) and not rulebook.race(1) and whole.race(2) and rulebook.race(2)
        assert not replace(whole, objectives_end=False).race(2) and not whole.race(0)
        stakes = {}
        for name in ("hard", "hard-2026-12"):
            player = make_player(name, "a", 1)
            assert isinstance(player, SearchPlayer)
            claims = player.ground(b).claims
            stakes[name] = sorted(w for made in claims.values() for _at, w in made)
        assert stakes["hard"] and min(stakes["hard"]) >= DECISIVE
        assert stakes["hard-2026-12"] and max(stakes["hard-2026-12"]) < DECISIVE
        assert len(stakes["hard"]) == min(3, len(list(b.units("a")))) and len(stakes["hard-2026-12"]) <= 2


def test_fg_off_12_a_general_whose_death_disbands_his_division_is_worth_the_division(battle: Battle) -> None:
    """b-div2's support brigade strays far to the east, too far for any spot at L of all its brigades
    (AMB-19): killing its general
    disbands the division (FG-OFF-12), its points and its brigades off the table, and with one division
    removed already the battle's end (FG-VIC-2). A general reading the battle whole (`victory`) weighs
    that; the references an officer killed. b-div's general has a spot to go back to: the same to both."""
    b = battle
    scattered, kept = b.ids["b-div2"], b.ids["b-div"]
    b.place(b.ids["support"], 45.0, 31.0)
    assert relocation(b, scattered) is None and relocation(b, kept) is not None
    s, killed = b.rules.scoring, Effect(killed=True)
    officer = POINT * s.officer_killed + HIT
    whole, rulebook = Stakes(b, "a", Routes(), victory=True), Stakes(b, "a", Routes())
    assert rulebook.harm(b, scattered, killed) == officer
    assert whole.harm(b, scattered, killed) == pytest.approx(officer + POINT * s.division_removed + 3 * GONE)
    assert whole.harm(b, kept, killed) == rulebook.harm(b, kept, killed) == officer
    for side, sign in (("a", 1.0), ("b", -1.0)):
        ending = Stakes(b, side, Routes(), victory=True)
        ending.removed = 1
        assert ending.harm(b, scattered, killed) == sign * WIN
