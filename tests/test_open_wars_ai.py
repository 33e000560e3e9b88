"""Open Wars' computer players (issue 25, item 7): a city an enemy can reach this turn keeps its guard
unless the march is worth the risk, and the reasons say so; `hard` marches and retreats by the exact
odds, `easy` is careless; the levels of a search general play them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai.open_wars import OpenWarsEasy, OpenWarsHeuristic
from game.ai.open_wars_hard import OpenWarsHard
from game.ai.open_wars_levels import PLAYERS
from game.ai.players import make_player
from game.ai.reasons import Thought
from game.model import commands as cmd
from systems.open_wars.moves import March
from systems.open_wars.odds import combat_odds
from systems.open_wars.state import Campaign, Stack
from tests.ow_helpers import clear, small_maker


@pytest.fixture
def small(tmp_path: Path) -> Callable[..., Campaign]:
    return small_maker(tmp_path)


def orcs_to_move(make: Callable[..., Campaign], dwarves_near: int) -> Campaign:
    """The orcs' movement (they move first): three warriors in their home Zorn, the Dell (mana 2)
    free next to it; `dwarves_near` dwarf warriors in the Crag, one step from Zorn."""
    c = make()
    c.apply(cmd.Pass())
    c.apply(cmd.Pass())  # nobody recruits
    clear(c)
    c.add("orc", "z", "orc-warriors", 3)
    c.add("dw", "a", "dwarf-warriors", 1)
    if dwarves_near:
        c.add("dw", "c", "dwarf-warriors", dwarves_near)
    assert c.pending is not None and (c.pending.kind, c.pending.side) == ("ow_move", "orc")
    return c


def test_the_home_an_enemy_can_reach_keeps_its_guard_and_the_reasons_say_why(
    small: Callable[..., Campaign],
) -> None:
    free = orcs_to_move(small, 0)
    player = OpenWarsHeuristic("orc", 1)
    assert player.decide(free, free.pending) == March("orc-warriors", ("z", "d"), 3)  # type: ignore[arg-type]
    threatened = orcs_to_move(small, 2)
    player = OpenWarsHeuristic("orc", 1)
    assert player.decide(threatened, threatened.pending) == cmd.Pass()  # type: ignore[arg-type]
    thought = player.thought
    assert isinstance(thought, Thought) and thought.chosen.command == cmd.Pass()
    declined = next(w for w in thought.options if isinstance(w.command, March))
    parts = dict(declined.parts)
    assert parts["objectives"] > 0 > parts["safety"] and declined.value < 0  # worth less than the risk


def test_exposure_is_the_worth_of_the_place_times_the_hold_lost(small: Callable[..., Campaign]) -> None:
    c = orcs_to_move(small, 2)
    p = OpenWarsHeuristic("orc", 1)
    s = c.stack_of("orc", "z", "orc-warriors")
    assert s is not None
    assert p.exposure(c, s, 0) == 0.0  # staying loses nothing
    assert 0 < p.exposure(c, s, 1) < p.exposure(c, s, 3)
    far = orcs_to_move(small, 0)
    s = far.stack_of("orc", "z", "orc-warriors")
    assert s is not None and p.exposure(far, s, 3) == 0.0  # nobody can come this turn
    assert OpenWarsEasy("orc", 1).exposure(c, c.stack_of("orc", "z", "orc-warriors"), 3) == 0.0  # type: ignore[arg-type]


def test_hard_dares_where_the_strengths_say_so_and_where_the_exact_odds_do(
    small: Callable[..., Campaign],
) -> None:
    """OW-COMBAT: the hard player marches into a fight the strengths allow (as the heuristic player
    does) and into one they refuse when the exact odds of it (the chance the screen shows for a march,
    the tokens supposed there) give it at least DARE."""
    c = orcs_to_move(small, 0)
    c.add("dw", "d", "dwarf-warriors", 2)
    hard, normal = OpenWarsHard("orc", 1), OpenWarsHeuristic("orc", 1)
    for n in (1, 2, 3):
        arriving = Stack("orc", "orc-warriors", "d", n)
        chance = combat_odds(c, "d", arriving).win["orc"]
        rough = normal.dares(c, arriving)
        exact = chance if chance >= OpenWarsHard.DARE else None
        assert hard.dares(c, arriving) == (rough if rough is not None else exact)
    assert hard.dares(c, Stack("orc", "orc-warriors", "b", 3)) == 1.0  # nobody there
    assert normal.dares(c, Stack("orc", "orc-warriors", "d", 1)) is None  # 1 orc against 2 dwarves


def test_hard_retreats_from_a_fight_it_is_unlikely_to_win(small: Callable[..., Campaign]) -> None:
    c = small()
    clear(c)
    c.add("orc", "b", "orc-warriors", 1)
    c.add("dw", "b", "dwarf-warriors", 4)
    hard, normal = OpenWarsHard("orc", 1), OpenWarsHeuristic("orc", 1)
    assert combat_odds(c, "b").win["orc"] < OpenWarsHard.GIVE_UP_ODDS
    assert hard.gives_up(c, "b")
    c2 = small()
    clear(c2)
    c2.add("orc", "b", "orc-warriors", 3)
    c2.add("dw", "b", "dwarf-warriors", 1)
    assert not hard.gives_up(c2, "b") and not normal.gives_up(c2, "b")


def test_each_level_plays_its_own_open_wars_player_and_its_reasons_reach_simulate(
    small: Callable[..., Campaign],
) -> None:
    assert {k: v.__name__ for k, v in PLAYERS.items() if k in ("easy", "normal", "hard")} == {
        "easy": "OpenWarsEasy",
        "normal": "OpenWarsHeuristic",
        "hard": "OpenWarsHard",
    }
    c = orcs_to_move(small, 2)
    general = make_player("hard", "orc", 1)
    chosen = general.decide(c, c.pending)  # type: ignore[arg-type]
    assert chosen == OpenWarsHard("orc", 1).decide(c, c.pending)  # type: ignore[arg-type]
    assert chosen == cmd.Pass() or (isinstance(chosen, March) and chosen.count < 3)  # the home kept
    assert isinstance(getattr(general, "thought", None), Thought)  # what `simulate --why` prints


def test_every_kind_offered_in_open_wars_is_one_of_its_players() -> None:
    """players.py offers Open Wars' players by the kinds' names without importing them (a battle never
    needs them): each name it offers makes that level's player, none a KeyError when the game starts."""
    from game.ai.common import MODE_PLAYERS

    offered = MODE_PLAYERS["open-wars"]
    assert set(offered) == set(PLAYERS)
    for kind, make in offered.items():
        assert type(make("orc", 1)) is PLAYERS[kind]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_why_title_counts_every_option_it_lists(level: str) -> None:
    """The Why box's title said "weighed 1 option" over a march and "hold": holding was never counted.
    Over a whole game on a shipped map, no thought lists more options than it says it weighed."""
    from game.running.match import new_match, play

    m = new_match("ow-twin-fords", 3, 4)
    sides = m.battle.game.sides  # type: ignore[union-attr]
    players = {s: make_player(level, s, 3 + i) for i, s in enumerate(sides)}
    seen: list[Thought] = []

    def noted(_m: object) -> bool:
        seen.extend(t for p in players.values() if isinstance(t := getattr(p, "thought", None), Thought))
        return False

    try:
        play(m, players, until=noted)  # type: ignore[arg-type]
    finally:
        m.battle.close()
    assert {t.kind for t in seen} >= {"ow_move"}
    assert all(t.looked_at >= len(t.options) for t in seen), [
        (t.kind, t.looked_at, len(t.options)) for t in seen if t.looked_at < len(t.options)
    ]


def test_the_steps_a_general_counts_follow_the_spells_that_bar_or_change_the_ground(
    small: Callable[..., Campaign],
) -> None:
    """The steps kept for a map (game/ai/open_wars.py `distances`) are those walked afresh: with no spell,
    with an enemy's barrier (his own steps unbarred), with a terrain spell that makes a place water, and
    after the game moved on; the copies that suppose a spell share them by the spells alone."""
    from game.ai.open_wars import _walk, distances
    from game.ai.open_wars_spells import supposing
    from systems.open_wars.magic import Cast
    from systems.open_wars.state import Charm

    c = small()
    land, orcs = c.unit("dwarf-warriors"), c.unit("orc-warriors")
    walked = distances(c, land, "a", "dw")
    assert walked == _walk(c, land, "a", "dw") and "w" not in walked
    assert distances(c, land, "a", "dw")["z"] == 3
    c.charms.append(Charm("barrier", "barrier", "b", "orc"))
    barred = distances(c, land, "a", "dw")
    assert barred == _walk(c, land, "a", "dw") and set(barred) == {"a"}  # b is the only way on
    assert distances(c, orcs, "z", "orc")["a"] == 3  # his own barrier bars not him
    c.charms[:] = [Charm("flood", "terrain", "d", "orc", terrain="water")]
    flooded = distances(c, land, "a", "dw")
    assert flooded == _walk(c, land, "a", "dw") and "d" not in flooded and flooded["z"] == 3
    c.charms.clear()
    c.add("dw", "b", "dwarf-warriors", 1)  # the game moves on: the map's steps stay the same
    assert distances(c, land, "a", "dw") == _walk(c, land, "a", "dw")
    spell = next(s for s in c.rules.spells.values() if s.effect.kind == "terrain")
    view = supposing(c, "orc", Cast("z", "orc-warriors", spell.id, "d"))
    assert distances(view, land, "a", "dw") == _walk(view, land, "a", "dw")
