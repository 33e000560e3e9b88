"""CS-DEC-26: a computer general throws a Discharged weapon (one throw a battle, CS-DEC-25) only when
the throw is worth more than keeping it: the module's `reserve` (missiles.toml) is part of what the
order costs the unit (the hook action_cost), beside its fatigue. The 2026-11 search took the first
throw it could, whatever it was worth."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai.budget import Budget
from game.ai.general import GeneralPlayer
from game.ai.players import make_player
from game.model import commands as cmd
from game.model.battle import Battle, GameState
from game.model.resolution import Decision
from systems.clash.missiles import missile_numbers
from tests.helpers import modded_stack, module_mod, officer, unit

CS = "clash-command"
# javelins thrown once (CS-DEC-25), with a long range to make a poor throw of (CS-DEC-22: -1 beyond 2")
JAVELINS = "[weapons]\nheavy_javelin = { short = 2.0, long = 8.0, throw = true, discharged = true }\n"


def position(
    battle: Callable[..., Battle],
    tmp_path: Path,
    hits: int,
    facing: float,
    more: str = "",
    armed: str = "heavy_javelin",
) -> Battle:
    """a1 (regular line infantry armed with `armed`) facing b1 (`hits` on it, facing `facing`) 7" off, at
    the javelins' long range, one of three brigades of its division; `more` is laid over the module's
    missile numbers."""
    numbers = module_mod(tmp_path, CS, "missiles", f'{more}{JAVELINS}[armed]\nLnInf = "{armed}"\n')
    b = battle(seed=1, stack=modded_stack(numbers, [CS]))
    b.game = GameState("test", ["a", "b"], {"a": "south", "b": "north"}, [], round=2, phase="orders")
    unit(b, "a1", "a", (30, 10), 90)
    officer(b, "a-staff", "a", (30, 4), role="staff")
    unit(b, "b1", "b", (30, 10 + 1.2 + 7), facing, hits=hits)
    for i, x in enumerate((6, 54)):  # far off: b1's loss does not break its division (FG-LOST-3)
        unit(b, f"b{i + 2}", "b", (x, 34), 270)
    officer(b, "b-staff", "b", (30, 40), role="staff")
    return b


def throws(b: Battle) -> bool:
    """Does the hard general's order for a1 throw (a shot where it stands or after a move)?"""
    hard = make_player("hard", "a", 1)
    c = hard.decide(b, Decision("order", "a", "", ("a1",)))
    return isinstance(c, cmd.Fire) or (isinstance(c, cmd.Move) and c.fire is not None)


def fire_cost(b: Battle) -> float:
    """What the hard general counts a1's shot at b1 to cost it (the `cost` term of its worth)."""
    hard = make_player("hard", "a", 1)
    assert isinstance(hard, GeneralPlayer)
    ranked = hard.ranked(b, ["a1"], Budget(hard.general), moves=False)
    return dict(next(w.parts for w in ranked if w.command == cmd.Fire("a1", "b1")))["cost"]


def test_CS_DEC_26_a_poor_throw_is_kept_a_good_one_taken(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """A fresh brigade at long range is not worth the one throw; a battered one showing its rear is;
    with no reserve the poor throw would be taken, and the reserve is what the shot costs beyond its
    fatigue."""
    poor = position(battle, tmp_path, 0, 270)
    assert not throws(poor) and missile_numbers(poor).reserve > 0
    kept = fire_cost(poor)
    spent = position(battle, tmp_path, 0, 270, "reserve = 0.0\n")
    assert throws(spent)
    assert kept == pytest.approx(fire_cost(spent) - missile_numbers(poor).reserve)
    assert throws(position(battle, tmp_path, 2, 90))  # two hits on it, its rear to the throw (FG-CBT-2)


def test_CS_DEC_26_a_weapon_that_shoots_again_is_kept_for_nothing(
    battle: Callable[..., Battle], tmp_path: Path
) -> None:
    """Bows are not Discharged: their shot costs the general its fatigue alone, as the javelins' does
    with no reserve."""
    fatigue_alone = fire_cost(position(battle, tmp_path, 0, 270, "reserve = 0.0\n"))
    assert fire_cost(position(battle, tmp_path, 0, 270, armed="bow")) == pytest.approx(fatigue_alone)
