"""Open Wars for two to four players (OW-TURN-2/3, OW-DEC-22) and its maps made at random (OW-LOC-1,
OW-DEC-21): turn order with roll-offs among several, a combat of three players, players out, victory
and score; the generator's determinism and fairness; whole games replayed."""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pytest

from game import CONTENT
from game.ai.players import make_player
from game.model.errors import ContentError
from game.model.events import Note, Roll
from game.running.match import load, new_match, play, save, summary
from systems.open_wars.combat import fight, foe
from systems.open_wars.map_files import load_map
from systems.open_wars.maps import MapOptions, OpenWarsMap
from systems.open_wars.odds import combat_odds
from systems.open_wars.records import LAND
from systems.open_wars.ruleset_files import load_rules
from systems.open_wars.state import Campaign
from systems.open_wars.turn import end_of_turn
from tests.ow_helpers import clear, drive

Small = Callable[..., Campaign]
RANDOM = CONTENT / "scenarios" / "open-wars" / "ow-random.toml"


def four(units: tuple[str, str, str, str]) -> str:
    """A map of four cities around a plain, a player in each with the starting tokens given."""
    cities = {"p1": ("a", 10, 50), "p2": ("z", 90, 50), "p3": ("n", 50, 10), "p4": ("s", 50, 90)}
    text = 'id = "four"\nname = "Four"\nruleset = "open-wars"\nmax_rounds = 5\nlocations = [\n'
    text += '  { id = "b", name = "Broad", type = "plain", at = [50, 50], gold = 1 },\n'
    for loc, x, y in cities.values():
        text += f'  {{ id = "{loc}", name = "City {loc}", type = "city", at = [{x}, {y}], gold = 2 }},\n'
    text += ']\nlinks = [["a", "b"], ["z", "b"], ["n", "b"], ["s", "b"]]\n'
    for (p, (loc, _x, _y)), unit in zip(cities.items(), units, strict=True):
        faction = "dwarves" if unit.startswith("dwarf") else "orcs"
        text += f'\n[[players]]\nid = "{p}"\nname = "Player {p}"\nfaction = "{faction}"\nhome = "{loc}"\n'
        text += f'units = [{{ unit = "{unit}", count = 1 }}]\n'
    return text


def test_OW_TURN_2_OW_TURN_3_OW_DEC_22_four_players_in_order_of_army_value_ties_rolled_off(
    small: Small,
) -> None:
    """OW-TURN-2/3, OW-DEC-22: values 1, 2, 2, 5: the 1 plays first, the two 2s roll off (3 against 5),
    the 5 last; three tied at 2 roll, the two highest tied roll again among themselves."""
    c = small([3, 5], four(("goblin-archers", "dwarf-warriors", "troll", "orc-warriors")))
    assert c.army_values() == {"p1": 2, "p2": 2, "p3": 5, "p4": 1}
    assert c.order == ["p4", "p2", "p1", "p3"]
    rolls = [(e.side, e.die) for e in c.events if isinstance(e, Roll)]
    assert rolls == [("p1", 3), ("p2", 5)]
    note = next(e for e in c.events if isinstance(e, Note) and e.rule == "OW-TURN-2")
    assert note.text == "turn order: Player p4 (1), Player p2 (2), Player p1 (2), Player p3 (5)"
    three = small(
        [4, 4, 1, 6, 2, 2, 5], four(("goblin-archers", "dwarf-warriors", "goblin-archers", "troll"))
    )
    assert three.order == ["p1", "p3", "p2", "p4"]  # 4 4 1: p1 and p2 again, 6 2; then p2 and p3: 2 5
    assert [(e.side, e.die) for e in three.events if isinstance(e, Roll)] == [
        ("p1", 4), ("p2", 4), ("p3", 1), ("p1", 6), ("p2", 2), ("p2", 2), ("p3", 5),
    ]  # fmt: skip


def test_OW_DEC_22_a_combat_of_three_players_each_stack_strikes_the_strongest_enemy(small: Small) -> None:
    """OW-DEC-22: in Broad, the orc warriors' and the troll's foe is the strongest there, the dwarves (3
    tokens hitting on 4: 2 hits a round); the dwarves' is the troll (5/6 a round) rather than the two orc
    warriors (4/6); the exact odds of three players add up to 1; the combat ends with one left."""
    c = small([1, 2] + [1] * 300, four(("orc-warriors", "dwarf-warriors", "troll", "orc-warriors")))
    clear(c)
    c.add("p1", "b", "orc-warriors", 2)
    c.add("p2", "b", "dwarf-warriors", 3)
    c.add("p3", "b", "troll", 1)
    assert foe(c, "b", "p1") == "p2" and foe(c, "b", "p2") == "p3" and foe(c, "b", "p3") == "p2"
    odds = combat_odds(c, "b")
    assert set(odds.win) == {"p1", "p2", "p3"}
    assert sum(odds.win.values()) + odds.unresolved == pytest.approx(1.0)
    assert all(0 < p < 1 for p in odds.win.values())
    drive(fight(c, "b"))
    assert len({s.player for s in c.stacks_at("b")}) == 1
    attacks = [e for e in c.events if isinstance(e, Roll) and e.check == "attack"]
    assert attacks and all(e.target for e in attacks)  # with three players each attack names its foe


def test_OW_DEC_22_OW_DEC_6_a_player_with_nothing_is_out_and_the_last_one_in_wins(small: Small) -> None:
    """OW-OBJ-1, OW-DEC-22, OW-DEC-6: p3 has neither a token nor a city: out, what he held nobody's;
    then p2 too: p1, the last in, has defeated the rival armies and wins."""
    c = small([1, 2] + [6] * 50, four(("orc-warriors", "dwarf-warriors", "troll", "orc-warriors")))
    clear(c)
    c.add("p1", "a", "orc-warriors", 1)
    c.add("p2", "z", "dwarf-warriors", 1)
    c.add("p4", "s", "orc-warriors", 1)
    c.control["n"] = "p1"
    c.control["b"] = "p3"
    end_of_turn(c)
    assert c.out == ["p3"] and c.control["b"] is None and c.playing() == [p for p in c.order if p != "p3"]
    assert c.game is not None and not c.game.over
    c.stacks = [s for s in c.stacks if s.player == "p1"]
    c.control["z"] = c.control["s"] = "p1"
    c.control["b"] = "p1"
    end_of_turn(c)
    assert c.game.over and c.game.winner == "p1"


def test_OW_DEC_6_OW_DEC_22_at_the_turn_limit_the_highest_score_wins_a_tie_at_the_top_is_a_draw(
    small: Small,
) -> None:
    """OW-DEC-6, OW-DEC-22: at the limit, scores 3, 4, 4, 3 are a draw; 3, 5, 4, 3 is p2's."""
    rolls = [1, 2, 3, 4, 1, 2, 3, 1, 2] + [6] * 50  # the order: p4, p3, p2, p1
    c = small(rolls, four(("orc-warriors", "orc-warriors", "orc-warriors", "orc-warriors")))
    assert c.game is not None
    c.game.round = c.game.max_rounds or 0
    clear(c)
    for p, loc in (("p1", "a"), ("p2", "z"), ("p3", "n"), ("p4", "s")):
        c.add(p, loc, "orc-warriors", 1)
    c.control["b"] = "p2"
    c.add("p3", "n", "orc-warriors", 1)
    end_of_turn(c)
    assert c.game.over and c.game.winner is None
    c2 = small(rolls, four(("orc-warriors", "orc-warriors", "orc-warriors", "orc-warriors")))
    assert c2.game is not None
    c2.game.round = c2.game.max_rounds or 0
    c2.control["b"] = "p2"
    c2.add("p2", "z", "orc-warriors", 1)
    end_of_turn(c2)
    assert c2.game.winner == "p2"


# --- maps made at random (OW-LOC-1, OW-DEC-21) ---------------------------------------------------


def made(players: int, size: str = "medium", seed: int = 5, factions: tuple[str, ...] = ()) -> OpenWarsMap:
    return load_map(RANDOM, load_rules(), MapOptions(players, factions, size), seed)


def links_between(m: OpenWarsMap, start: str, land_only: bool) -> dict[str, int]:
    kinds = {loc.id: loc.type for loc in m.spec.locations}
    out, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for n in m.neighbours[here]:
            if n not in out and not (land_only and kinds[n] == "water"):
                out[n] = out[here] + 1
                todo.append(n)
    return out


def test_OW_LOC_1_a_random_map_is_made_from_its_seed_and_options() -> None:
    """OW-LOC-1: the same seed and options make the same map; another seed another; the options say how
    many players, which factions (the rest drawn, each once) and what size."""
    assert made(3).spec == made(3).spec
    assert made(3).spec != made(3, seed=6).spec
    m = made(4, "large", factions=("undead", "elves"))
    assert [p.faction for p in m.spec.players][:2] == ["undead", "elves"]
    assert len({p.faction for p in m.spec.players}) == 4
    assert (
        len(made(2, "small").spec.locations)
        < len(made(2).spec.locations)
        < len(made(2, "large").spec.locations)
    )
    assert made(4).spec.max_rounds > made(2).spec.max_rounds


@pytest.mark.parametrize(
    ("players", "size"), list(itertools.product((2, 3, 4), ("small", "medium", "large")))
)
def test_OW_LOC_1_OW_DEC_21_a_random_map_is_fair_mixed_with_water_ports_and_special_cards(
    players: int, size: str
) -> None:
    """OW-DEC-21: every home is as many links from every other (over land and over any ground) and from
    its two nearest free cities; each is a port; mixed terrain; special cards; places well apart."""
    for seed in (1, 2, 3):
        m = made(players, size, seed)
        kinds = {loc.id: loc.type for loc in m.spec.locations}
        homes = [p.home for p in m.spec.players]
        for land in (True, False):
            apart = {links_between(m, a, land)[b] for a, b in itertools.combinations(homes, 2)}
            assert len(apart) == 1, (seed, land, apart)
        free = [loc for loc, k in kinds.items() if k == "city" and loc not in homes]
        nearest = {tuple(sorted(links_between(m, h, True)[f] for f in free)[:2]) for h in homes}
        assert len(nearest) == 1
        assert all(any(kinds[n] == "water" for n in m.neighbours[h]) for h in homes)  # a port each
        assert len({k for k in kinds.values() if k in LAND}) >= 3
        assert sum(1 for loc in m.spec.locations if loc.card) >= 1 + players  # the centre's, one a sector
        places = [loc.at for loc in m.spec.locations]
        assert min(math.dist(a, b) for a, b in itertools.combinations(places, 2)) >= 8
        words = m.spec.words("es")  # every place and player named in Spanish too
        assert all(words.locations[x] != loc.name for x, loc in zip(kinds, m.spec.locations, strict=True))
        assert words.players["p1"] == load_rules().faction_title(m.spec.players[0].faction, "es")


def test_OW_LOC_1_a_random_maps_options_are_checked_in_one_line() -> None:
    with pytest.raises(ContentError, match="a random map has 2 to 4 players, not 5"):
        made(5)
    with pytest.raises(ContentError, match="no faction 'gnomes'"):
        made(2, factions=("gnomes",))
    with pytest.raises(ContentError, match="3 factions for 2 players"):
        made(2, factions=("orcs", "elves", "dwarves"))
    with pytest.raises(ContentError, match="chosen for a random map"):
        load_map(CONTENT / "scenarios" / "open-wars" / "ow-twin-fords.toml", load_rules(), MapOptions(3))


def test_a_four_player_random_game_plays_to_its_end_and_its_save_replays_it(tmp_path: Path) -> None:
    """OW-DEC-22 and replays: a four-player game of heuristic players on a random map ends; its save
    (naming its options) rebuilds it event for event."""
    m = new_match("ow-random", 2, options={"players": 4, "size": "small"})
    play(m, {s: make_player("heuristic", s, 2 + i) for i, s in enumerate(m.battle.game.sides)})  # type: ignore[union-attr]
    result = summary(m)
    assert m.battle.game.over and len(result["score"]) == 4  # type: ignore[union-attr]
    save(m, tmp_path / "four.json")
    again = load(tmp_path / "four.json")
    assert again.options == {"players": 4, "size": "small"}
    assert [e.to_dict() for e in again.battle.events] == [e.to_dict() for e in m.battle.events]
