"""Small Open Wars games for the rules' tests: a map of seven locations, two players, fixed dice; and
the helpers that run a phase and count tokens."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.model import commands as cmd
from game.model.resolution import Decision, Resolution
from game.running.log_texts import english
from systems.open_wars.mode import open_game
from systems.open_wars.state import Campaign

# a: dwarf city (gold 2, mana 1) - b: plain - c: mountain (the card costs 3) - z: orc city
# b - d: forest (mana 2) - z ; a - w: water (a port) ; c: a mountain next to b and z
SMALL = """
id = "small"
name = "Small"
ruleset = "open-wars"
max_rounds = 6
locations = [
  { id = "a", name = "Aston", type = "city", at = [10, 50], gold = 2, mana = 1 },
  { id = "b", name = "Broad", type = "plain", at = [30, 50], gold = 1 },
  { id = "c", name = "Crag", type = "mountain", at = [50, 30] },
  { id = "d", name = "Dell", type = "forest", at = [50, 70], mana = 2 },
  { id = "e", name = "Edge", type = "desert", at = [70, 70], entry_cost = 4 },
  { id = "w", name = "Wash", type = "water", at = [10, 80] },
  { id = "z", name = "Zorn", type = "city", at = [90, 50], gold = 2 },
]
links = [["a", "b"], ["b", "c"], ["b", "d"], ["c", "z"], ["d", "z"], ["a", "w"], ["d", "e"], ["e", "z"]]

[[players]]
id = "dw"
name = "Dwarves"
faction = "dwarves"
home = "a"
gold = 20
units = [{ unit = "dwarf-warriors", count = 1 }]

[[players]]
id = "orc"
name = "Orcs"
faction = "orcs"
home = "z"
gold = 20
units = [{ unit = "orc-warriors", count = 1 }]
"""


def small_maker(tmp_path: Path) -> Callable[..., Campaign]:
    """Games on SMALL (or another map's text), with fixed dice (6s, which miss, unless given)."""

    def make(dice: list[int] | None = None, text: str = SMALL) -> Campaign:
        path = tmp_path / "small.toml"
        path.write_text(text)
        c, _world, _rules = open_game(path, 0, None, dice if dice is not None else [6] * 200, (), english())
        return c

    return make


def clear(c: Campaign) -> None:
    """No tokens on the map: each test places its own."""
    c.stacks = []


def drive(
    gen: Resolution, answer: Callable[[Decision], cmd.Command] = lambda d: cmd.Pass()
) -> list[Decision]:
    """Run a phase's generator to its end, answering each decision; returns the decisions asked."""
    asked: list[Decision] = []
    try:
        d = next(gen)
        while True:
            asked.append(d)
            d = gen.send(answer(d))
    except StopIteration:
        return asked


def count(c: Campaign, player: str, loc: str, unit: str) -> int:
    s = c.stack_of(player, loc, unit)
    return s.count if s else 0
