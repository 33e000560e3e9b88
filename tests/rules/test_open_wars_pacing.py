"""Open Wars' pacing (issue 37, item 1): a home's militia (OW-DEC-27), a decisive lead with three players
or more (OW-DEC-29), and conceding (OW-DEC-30)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.open_wars_hard import OpenWarsHard
from game.ai.players import make_player
from game.model import commands as cmd
from game.model.events import Note
from game.running.match import new_match
from systems.open_wars.combat import fight
from systems.open_wars.ending import Concede
from systems.open_wars.homes import militia_unit, raise_militia, rising
from systems.open_wars.moves import March
from systems.open_wars.odds import combat_odds
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign, Stack
from systems.open_wars.stats import game_stats
from systems.open_wars.turn import decisive_lead, end_of_turn
from tests.ow_helpers import clear, count, drive
from tests.rules.test_open_wars_players import four

Small = Callable[..., Campaign]
ROLL_OFF = [1, 2, 3, 4, 1, 2, 3, 1, 2] + [6] * 200  # four tied players roll off for the turn order


def test_OW_DEC_27_an_enemy_in_a_home_raises_its_militia_which_fights_and_stays(small: Small) -> None:
    """OW-DEC-27: a lone orc warrior in the dwarves' home (Aston) faces 2 dwarf warriors raised there
    in the combat phase (the dwarves' cheapest normal unit); they fight and stay; the home is kept."""
    c = small([1] * 60)  # every die hits, every armour roll saves
    clear(c)
    c.add("orc", "a", "orc-warriors", 1)
    raise_militia(c)
    assert count(c, "dw", "a", "dwarf-warriors") == 2
    note = next(e for e in reversed(c.events) if isinstance(e, Note) and e.rule == "OW-DEC-27")
    assert note.details == {
        "say": "militia",
        "player": "dw",
        "unit": "dwarf-warriors",
        "count": 2,
        "location": "a",
    }
    drive(fight(c, "a"))
    end_of_turn(c)
    assert count(c, "orc", "a", "orc-warriors") == 0 and c.control["a"] == "dw"
    assert count(c, "dw", "a", "dwarf-warriors") == 2


def test_OW_DEC_27_no_militia_rises_in_a_home_its_player_lost_nor_without_enemies(small: Small) -> None:
    """OW-DEC-27: a home held by another raises no one for its old player; a home with no enemy in it
    raises no one; the stacking limit caps the militia."""
    c = small()
    clear(c)
    raise_militia(c)
    assert count(c, "dw", "a", "dwarf-warriors") == 0
    c.add("dw", "a", "dwarf-warriors", 3)
    c.add("orc", "a", "orc-warriors", 1)
    raise_militia(c)
    assert count(c, "dw", "a", "dwarf-warriors") == 4  # one fits beside the three
    taken = small()
    clear(taken)
    taken.control["a"] = "orc"
    taken.add("orc", "a", "orc-warriors", 1)
    assert rising(taken, "a", "orc") is None
    raise_militia(taken)
    assert count(taken, "dw", "a", "dwarf-warriors") == 0


def test_OW_DEC_27_the_odds_and_the_generals_count_a_homes_militia(small: Small) -> None:
    """OW-DEC-27: before a march into an enemy's empty home, its odds count the militia it would meet
    (a lone orc warrior against 2 dwarf warriors loses more often than not), and the hard general does
    not send a lone token into it expecting it empty."""
    c = small()
    clear(c)
    odds = combat_odds(c, "a", Stack("orc", "orc-warriors", "a", 1))
    assert odds.win["dw"] > 0.5
    hard = OpenWarsHard("orc", 1)
    assert hard.defenders(c, "a") and hard.dares(c, Stack("orc", "orc-warriors", "a", 1)) is None


def test_OW_DEC_27_every_faction_has_a_militia_unit_of_its_own() -> None:
    """OW-DEC-27: each shipped faction's militia is a normal land unit of its own, of its least cost."""
    rules = load_rules()
    for f in rules.factions.values():
        u = militia_unit(f)
        assert u in f.units and u.type not in ("water", "magic", "flying") and not u.unique
        assert u.cost == min(x.cost for x in f.units if x.type not in ("water", "magic", "flying"))


def test_OW_DEC_29_a_decisive_lead_wins_a_game_of_three_or_more_from_its_turn(small: Small) -> None:
    """OW-DEC-29: with four players, from turn 8, the one whose score is at least 60% of all those still
    in wins at the turn's end; before turn 8, or below 60%, the game goes on; never with two players."""
    c = small(ROLL_OFF, four(("orc-warriors",) * 4).replace("max_rounds = 5", "max_rounds = 20"))
    assert c.game is not None
    c.add("p1", "a", "troll", 3)  # 15 gold of tokens more
    c.game.round = 7
    assert decisive_lead(c) is None  # before its turn
    c.game.round = 8
    scores = {p: 2 + 1 for p in c.sides} | {"p1": 2 + 1 + 15}  # a city's 2 gold and a token's 1
    assert 100 * scores["p1"] >= 60 * sum(scores.values())
    assert decisive_lead(c) == "p1"
    end_of_turn(c)
    assert c.game.over and c.game.winner == "p1"
    end = next(e for e in reversed(c.events) if isinstance(e, Note) and e.rule == "OW-DEC-6")
    assert end.details is not None and end.details["why"] == "lead"
    close = small(ROLL_OFF, four(("orc-warriors",) * 4).replace("max_rounds = 5", "max_rounds = 20"))
    assert close.game is not None
    close.game.round = 9
    close.add("p1", "a", "troll", 1)  # 8 of 17: under 60%
    assert decisive_lead(close) is None
    two = small()
    assert two.game is not None
    two.game.round = 9
    two.add("dw", "a", "troll", 4)
    assert decisive_lead(two) is None


def test_OW_DEC_30_a_player_concedes_and_the_last_one_left_wins(small: Small) -> None:
    """OW-DEC-30: the dwarves, asked to recruit, concede: their tokens leave, they are out, the orcs
    win and nothing more is asked."""
    c = small()
    assert c.pending is not None and c.pending.kind == "ow_recruit"
    side = c.pending.side
    other = next(p for p in c.sides if p != side)
    c.apply(Concede())
    assert c.pending is None and c.game is not None and c.game.over and c.game.winner == other
    assert (
        side in c.out
        and not c.army(side)
        and c.control[next(p.home for p in c.map.spec.players if p.id == side)] is None
    )
    said = [e.details for e in c.events if isinstance(e, Note) and e.rule in ("OW-DEC-30", "OW-DEC-6")]
    assert said[0] == {"player": side} and said[-1]["why"] == "conceded"


def test_OW_DEC_30_with_four_players_the_game_goes_on_without_him(small: Small) -> None:
    """OW-DEC-30: of four players, one concedes in his movement: he is out, the game goes on, the next
    player is asked."""
    c = small(ROLL_OFF, four(("orc-warriors",) * 4))
    while c.pending is not None and c.pending.kind != "ow_move":
        c.apply(cmd.Pass())
    assert c.pending is not None
    side = c.pending.side
    c.apply(Concede())
    assert side in c.out and not c.game.over  # type: ignore[union-attr]
    assert c.pending is not None and c.pending.side != side
    assert side not in c.playing()


def test_OW_DEC_30_a_concession_mid_combat_stops_the_fight(small: Small) -> None:
    """OW-DEC-30: asked to attack or retreat in a fight, the orcs concede: the fight stops with the
    game (no more rolls), the dwarves win."""
    m = new_match("ow-twin-fords", 3)
    c = m.battle
    assert isinstance(c, Campaign)
    players = {s: make_player("heuristic", s, 3) for s in c.sides}
    while c.pending is not None and c.pending.kind != "ow_combat":
        m.apply(players[c.pending.side].decide(c, c.pending))
    assert c.pending is not None
    loser = c.pending.side
    m.apply(Concede())
    assert c.game is not None and c.game.over and c.game.winner != loser and c.pending is None
    assert isinstance(m.commands[-1], Concede)
    again = new_match("ow-twin-fords", 3)
    for a in m.commands:
        again.apply(a)
    assert again.battle.game.over and again.battle.game.winner == c.game.winner  # type: ignore[union-attr]
    assert March  # the march it made there was a command like any other


def test_OW_DEC_6_every_city_held_at_the_end_of_two_turns_in_a_row_wins(small: Small) -> None:
    """OW-DEC-6: the dwarves hold both cities at a turn's end: the log warns, the game goes on; the orcs
    take one back in the next turn: no win; held again at two turns' ends in a row: the dwarves win."""
    c = small()
    clear(c)
    c.add("dw", "a", "dwarf-warriors", 1)
    c.add("dw", "z", "dwarf-warriors", 1)
    c.add("orc", "d", "orc-warriors", 1)
    end_of_turn(c)
    assert c.game is not None and not c.game.over and c.sweeping == "dw"
    note = next(e for e in reversed(c.events) if isinstance(e, Note) and e.rule == "OW-DEC-6")
    assert note.details == {"say": "sweep", "player": "dw"}
    c.take(c.stack_of("dw", "z", "dwarf-warriors"), 1)  # type: ignore[arg-type]
    c.add("orc", "z", "orc-warriors", 1)
    end_of_turn(c)
    assert not c.game.over and c.sweeping is None and c.control["z"] == "orc"
    c.take(c.stack_of("orc", "z", "orc-warriors"), 1)  # type: ignore[arg-type]
    c.add("dw", "z", "dwarf-warriors", 1)
    end_of_turn(c)
    assert not c.game.over
    end_of_turn(c)
    assert c.game.over and c.game.winner == "dw"


def test_OW_DEC_30_a_concession_is_the_players_fate_in_the_figures(small: Small) -> None:
    """OW-DEC-30, OW-DEC-24: the figures say the player conceded, in the turn he did."""
    c = small(ROLL_OFF, four(("orc-warriors",) * 4))
    side = c.pending.side  # type: ignore[union-attr]
    c.apply(Concede())
    _sides, fates = game_stats(c)
    fate = next(f for f in fates if f.side == side)
    assert (fate.removed_in, fate.why) == (1, "conceded")
