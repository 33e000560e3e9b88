"""Open Wars' levels differ by judgement (issue 25, item 7; game/ai/open_wars_hard.py): `hard` weighs a
place's income for the turns left and takes it with one token where the rest must stay, comes back to
guard a city an enemy can reach, and attacks with every stack that can get there; `normal` (the
heuristic player) does none of these; `easy` buys the strongest token it can afford and looks no
further than where a march ends."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai.open_wars import OpenWarsEasy, OpenWarsHeuristic
from game.ai.open_wars_hard import OpenWarsHard
from game.model import commands as cmd
from systems.open_wars.moves import March, Recruit
from systems.open_wars.state import Campaign, Stack
from tests.ow_helpers import clear, small_maker

# the small map (tests/ow_helpers.py): a: the dwarves' home - b: plain (gold 1) - c: mountain -
# z: the orcs' home (gold 2); b - d: forest (mana 2) - z; the orcs move first


CHEAP_AND_STRONG = {"orc": ("orc-warriors", "troll"), "dw": ("dwarf-warriors", "ironbreakers")}


@pytest.fixture
def small(tmp_path: Path) -> Callable[..., Campaign]:
    return small_maker(tmp_path)


def orcs_move(make: Callable[..., Campaign], place: Callable[[Campaign], object]) -> Campaign:
    c = make()
    c.apply(cmd.Pass())
    c.apply(cmd.Pass())  # nobody recruits
    clear(c)
    place(c)
    assert c.pending is not None and (c.pending.kind, c.pending.side) == ("ow_move", "orc")
    return c


def dwarves_move(make: Callable[..., Campaign], place: Callable[[Campaign], object]) -> Campaign:
    c = orcs_move(make, place)
    c.apply(cmd.Pass())  # the orcs march nothing
    assert c.pending is not None and (c.pending.kind, c.pending.side) == ("ow_move", "dw")
    return c


def chosen_parts(player: OpenWarsHeuristic) -> dict[str, float]:
    assert player.thought is not None
    return dict(player.thought.chosen.parts)


def test_OW_DEC_25_hard_takes_a_place_with_one_token_and_keeps_its_home_guarded(
    small: Callable[..., Campaign],
) -> None:
    """Three orc warriors in Zorn, two dwarves a step away: the heuristic player keeps all three home
    (the Dell draws less than the home's risk); hard weighs the Dell's mana for every turn left and
    takes it with one warrior, two staying."""

    def place(c: Campaign) -> None:
        c.add("orc", "z", "orc-warriors", 3)
        c.add("dw", "a", "dwarf-warriors", 1)
        c.add("dw", "c", "dwarf-warriors", 2)

    c = orcs_move(small, place)
    assert OpenWarsHeuristic("orc", 1).decide(c, c.pending) == cmd.Pass()  # type: ignore[arg-type]
    hard = OpenWarsHard("orc", 1)
    assert hard.decide(c, c.pending) == March("orc-warriors", ("z", "d"), 1)  # type: ignore[arg-type]
    parts = chosen_parts(hard)
    assert parts["income"] > 0 > parts["safety"] and sum(parts.values()) > 0  # worth the risk it takes


def test_OW_DEC_25_hard_comes_back_to_guard_its_home(small: Callable[..., Campaign]) -> None:
    """The orcs' warriors in the Dell, their home Zorn empty and the dwarves in the Crag able to take
    it this turn: hard marches home (its guard weighed), the heuristic player on to Broad."""

    def place(c: Campaign) -> None:
        c.add("orc", "d", "orc-warriors", 3)
        c.add("dw", "c", "dwarf-warriors", 3)
        c.add("dw", "a", "dwarf-warriors", 4)

    c = orcs_move(small, place)
    normal = OpenWarsHeuristic("orc", 1).decide(c, c.pending)  # type: ignore[arg-type]
    assert isinstance(normal, March) and normal.path[-1] != "z"
    hard = OpenWarsHard("orc", 1)
    assert hard.decide(c, c.pending) == March("orc-warriors", ("d", "z"), 3)  # type: ignore[arg-type]
    assert chosen_parts(hard)["guard"] > 0


def test_OW_DEC_25_hard_attacks_with_every_stack_that_can_get_there(small: Callable[..., Campaign]) -> None:
    """Four orc warriors and two goblin archers in Broad; two dwarf warriors and three crossbows in
    Aston. Neither stack alone dares (its exact odds are under DARE); together they would be the
    stronger: hard sends the first, then the other follows."""

    def place(c: Campaign) -> None:
        c.add("orc", "b", "orc-warriors", 4)
        c.add("orc", "b", "goblin-archers", 2)
        c.add("dw", "a", "dwarf-warriors", 2)
        c.add("dw", "a", "crossbows", 3)

    c = dwarves_move(small, place)
    normal, hard = OpenWarsHeuristic("dw", 1), OpenWarsHard("dw", 1)
    for unit, n in (("dwarf-warriors", 2), ("crossbows", 3)):
        assert normal.dares(c, Stack("dw", unit, "b", n)) is None
    assert normal.decide(c, c.pending) == cmd.Pass()  # type: ignore[arg-type]
    first = hard.decide(c, c.pending)  # type: ignore[arg-type]
    assert isinstance(first, March) and first.path == ("a", "b")
    assert chosen_parts(hard)["spoils"] > 0
    c.apply(first)
    second = hard.decide(c, c.pending)  # type: ignore[arg-type]
    assert isinstance(second, March) and second.path == ("a", "b") and second.unit != first.unit


def test_OW_DEC_25_easy_buys_the_strongest_token_it_can_afford(small: Callable[..., Campaign]) -> None:
    """The heuristic player buys the most strength for its gold (orc warriors, 1 gold); easy the
    strongest token there is, whatever its price (OW-RECRUIT-1: the troll, 5 gold)."""
    c = small()
    clear(c)
    assert c.pending is not None and c.pending.kind == "ow_recruit"
    who = c.pending.side
    normal = OpenWarsHeuristic(who, 1).decide(c, c.pending)
    easy = OpenWarsEasy(who, 1).decide(c, c.pending)
    assert isinstance(normal, Recruit) and isinstance(easy, Recruit)
    assert (normal.unit, easy.unit) == CHEAP_AND_STRONG[who]


def test_OW_DEC_25_easy_looks_no_further_than_where_its_march_ends(small: Callable[..., Campaign]) -> None:
    """From Zorn, Broad (gold 1) is worth 1.5 where it stands; the dwarves' home beyond it draws the
    heuristic player's march, not easy's."""
    c = orcs_move(small, lambda c: c.add("orc", "z", "orc-warriors", 1))
    unit = c.unit("orc-warriors")
    easy, normal = OpenWarsEasy("orc", 1), OpenWarsHeuristic("orc", 1)
    assert easy.pull(c, unit, "b") == normal.worths(c)["b"] < normal.pull(c, unit, "b")
