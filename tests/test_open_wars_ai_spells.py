"""Open Wars' computer players cast the spells on the going (OW-MAGIC-3, OW-DEC-16: movement, entry,
terrain, barrier) where they judge them worth their mana (game/ai/open_wars_spells.py): a spell that
keeps an enemy out of a city it can reach this turn, one that lets a march reach what it could not,
and not where it changes nothing; each weighed in its thoughts with its parts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai.open_wars import OpenWarsEasy, OpenWarsHeuristic
from game.ai.open_wars_hard import OpenWarsHard
from game.ai.open_wars_spells import supposing
from game.model import commands as cmd
from systems.open_wars.magic import Cast
from systems.open_wars.modifiers import entry_cost
from systems.open_wars.moves import March, reachable
from systems.open_wars.state import Campaign
from systems.open_wars.volley import Shoot
from tests.ow_helpers import clear, small_maker

# the small map (tests/ow_helpers.py): a: the dwarves' home - b: plain - c: mountain (3 to enter) -
# z: the orcs' home; b - d: forest - z; the orcs move first


@pytest.fixture
def small(tmp_path: Path) -> Callable[..., Campaign]:
    return small_maker(tmp_path)


def orcs_with_a_shaman(make: Callable[..., Campaign], dwarves_at: str) -> Campaign:
    """The orcs' movement: a warrior and a shaman (4 mana: earthquake, entry +2 within 2 links) in
    Zorn, their home; three dwarf warriors (movement 2) in `dwarves_at`."""
    c = make()
    c.apply(cmd.Pass())
    c.apply(cmd.Pass())  # nobody recruits
    clear(c)
    c.add("orc", "z", "orc-warriors", 1)
    c.add("orc", "z", "shaman", 1)
    c.purses["orc"].mana = 4
    c.add("dw", dwarves_at, "dwarf-warriors", 3)
    assert c.pending is not None and (c.pending.kind, c.pending.side) == ("ow_move", "orc")
    return c


@pytest.mark.parametrize("level", [OpenWarsHeuristic, OpenWarsHard])
def test_OW_DEC_26_an_earthquake_keeps_the_enemy_out_of_the_home_it_could_reach(
    small: Callable[..., Campaign], level: type[OpenWarsHeuristic]
) -> None:
    """OW-MAGIC-3 (entry): the dwarves in the Crag reach Zorn this turn (a city, 1 to enter); with the
    earthquake on Zorn it costs 3, more than their movement: the orcs cast it before they march, and
    the thought says what it keeps and what its mana costs."""
    c = orcs_with_a_shaman(small, "c")
    dwarves = c.stack_of("dw", "c", "dwarf-warriors")
    assert dwarves is not None and "z" in reachable(c, dwarves)
    player = level("orc", 1)
    chosen = player.decide(c, c.pending)  # type: ignore[arg-type]
    assert chosen == Cast("z", "shaman", "earthquake", "z")
    after = supposing(c, "orc", chosen)
    assert "z" not in reachable(after, dwarves) and c.charms == []  # supposed, never cast to see
    assert entry_cost(after, c.unit("dwarf-warriors"), "z", "dw") == 3
    assert player.thought is not None
    parts = dict(player.thought.chosen.parts)
    assert parts["holds"] > -parts["mana"] > 0


@pytest.mark.parametrize("level", [OpenWarsHeuristic, OpenWarsHard])
def test_OW_DEC_26_no_earthquake_where_no_enemy_can_come(
    small: Callable[..., Campaign], level: type[OpenWarsHeuristic]
) -> None:
    """The dwarves in Aston are three links from Zorn: nobody can come this turn, the spell would
    change nothing, and the mana is kept."""
    c = orcs_with_a_shaman(small, "a")
    player = level("orc", 1)
    assert not isinstance(player.decide(c, c.pending), Cast)  # type: ignore[arg-type]
    weighed = [w for w in player.thought.options if isinstance(w.command, Cast)]  # type: ignore[union-attr]
    assert weighed and all(w.value <= 0 for w in weighed)  # weighed, and found not worth its mana


def dwarves_after_the_orcs(make: Callable[..., Campaign], at: str) -> Campaign:
    """The dwarves' movement (the orcs have passed): a runesmith (smooth road: entry -2, 1 link) and
    two dwarf warriors in `at`, which they hold; Zorn, the orcs' home, empty."""
    c = make()
    c.apply(cmd.Pass())
    c.apply(cmd.Pass())
    clear(c)
    c.add("orc", "e", "orc-warriors", 1)  # the orcs are still in the game, far from Zorn
    c.add("dw", at, "runesmith", 1)
    c.add("dw", at, "dwarf-warriors", 2)
    c.control[at] = "dw"
    c.purses["dw"].mana = 3
    c.apply(cmd.Pass())  # the orcs march nothing
    assert c.pending is not None and (c.pending.kind, c.pending.side) == ("ow_move", "dw")
    return c


@pytest.mark.parametrize("level", [OpenWarsHeuristic, OpenWarsHard])
def test_OW_DEC_26_a_smooth_road_lets_the_march_reach_the_enemy_home(
    small: Callable[..., Campaign], level: type[OpenWarsHeuristic]
) -> None:
    """OW-MAGIC-3 (entry -2): from Broad, Zorn is 3 movement away over the Crag or the Dell, the dwarf
    warriors have 2; a smooth road on either makes it 2: cast, then the march into the empty home."""
    c = dwarves_after_the_orcs(small, "b")
    warriors = c.stack_of("dw", "b", "dwarf-warriors")
    assert warriors is not None and "z" not in reachable(c, warriors)
    player = level("dw", 1)
    chosen = player.decide(c, c.pending)  # type: ignore[arg-type]
    assert isinstance(chosen, Cast) and chosen.spell == "smooth-road" and chosen.target in ("c", "d")
    assert "z" in reachable(supposing(c, "dw", chosen), warriors)
    parts = dict(player.thought.chosen.parts)  # type: ignore[union-attr]
    assert parts["marches"] > -parts["mana"] > 0
    c.apply(chosen)
    march = player.decide(c, c.pending)  # type: ignore[arg-type]
    assert isinstance(march, March) and march.path[-1] == "z"


def test_no_smooth_road_where_the_march_gets_there_anyway(small: Callable[..., Campaign]) -> None:
    """From the Crag, Zorn is 1 to enter: the road would add nothing and is not cast."""
    c = dwarves_after_the_orcs(small, "c")
    player = OpenWarsHeuristic("dw", 1)
    chosen = player.decide(c, c.pending)  # type: ignore[arg-type]
    assert isinstance(chosen, March) and chosen.path[-1] == "z"


def test_the_careless_player_casts_only_for_dice(small: Callable[..., Campaign]) -> None:
    """`easy` weighs a spell by its dice alone: no earthquake, its home left to the dwarves."""
    c = orcs_with_a_shaman(small, "c")
    assert not isinstance(OpenWarsEasy("orc", 1).decide(c, c.pending), Cast)  # type: ignore[arg-type]


def test_the_volley_says_what_each_shot_and_spell_takes(small: Callable[..., Campaign]) -> None:
    """OW-DEC-17: in the volley the goblin archers in Zorn shoot at the dwarves in the Crag (range 1);
    the thought weighs the shot by the gold of tokens its exact odds take, as `simulate --why` says."""
    c = small()
    c.apply(cmd.Pass())
    c.apply(cmd.Pass())  # nobody recruits
    clear(c)
    c.add("orc", "z", "goblin-archers", 3)
    c.add("dw", "c", "dwarf-warriors", 2)
    c.add("dw", "a", "dwarf-warriors", 1)
    while (d := c.pending) is not None and d.kind == "ow_move":
        c.apply(cmd.Pass())  # nobody marches
    assert d is not None and (d.kind, d.side, d.unit) == ("ow_volley", "orc", "goblin-archers")
    player = OpenWarsHeuristic("orc", 1)
    shot = player.decide(c, d)
    assert isinstance(shot, Shoot) and shot.target == "c"
    assert player.thought is not None and player.thought.kind == "ow_volley"
    assert dict(player.thought.chosen.parts)["hits"] > 0
    assert any(w.command == cmd.Pass() for w in player.thought.options[1:])  # holding, weighed at 0
