"""Issue 39, item 4: command. A level that weighs `command` values a rally (FG-ORD-10) by the orders
its brigade obeys next turn with a hit fewer (FG-ORD-3, FG-MOR-4); the frozen hard-2026-12 does not.
(The estado mayor riding to the divisions in the fight: the puzzle staff-to-the-fight.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import CONTENT
from game.ai.budget import Budget
from game.ai.general import GeneralPlayer
from game.ai.players import make_player
from game.ai.stakes import HIT
from game.model import commands as cmd
from game.model.battle import Battle
from game.running import script
from game.running.puzzle import load, setup
from systems.for_glory import sequence
from systems.for_glory.checks import morale_modifiers, pass_chance
from systems.for_glory.command import activate

BRIDGE = CONTENT / "puzzles" / "hold-the-last-bridge.toml"


@pytest.fixture
def battle() -> Iterator[Battle]:
    """The bridge's position, the division activated: a regular brigade with two hits on it."""
    spec = load(BRIDGE)
    b = setup(BRIDGE, spec, script.ruleset_of(BRIDGE, spec, None, ()))
    assert spec.puzzle is not None
    activate(b, cmd.Activate(spec.puzzle.formation, leadership=False))
    assert b.activation is not None
    b.start(sequence.orders(b, b.activation.formation))
    yield b
    b.close()


def _rally(player: GeneralPlayer, b: Battle) -> dict[str, float]:
    ranked = player.ranked(b, ["battered"], Budget(player.general), moves=False)
    return dict(next(w.parts for w in ranked if w.command == cmd.Rally("battered")))


def test_a_rally_is_worth_the_orders_its_brigade_then_obeys(battle: Battle) -> None:
    hard = make_player("hard", "a", 1)
    assert isinstance(hard, GeneralPlayer) and hard.general.level.command
    e = battle.ids["battered"]
    now = sum(m.value for m in morale_modifiers(battle, e))
    per_hit = battle.rules.modifiers.morale["hits"].value or 0
    gained = float(pass_chance(battle.rules, now - per_hit) - pass_chance(battle.rules, now))
    assert gained > 0
    parts = _rally(hard, battle)
    assert parts["obedience"] == pytest.approx(gained * max(HIT, hard.reach(battle, e)), abs=0.01)
    frozen = make_player("hard-2026-12", "a", 1)
    assert isinstance(frozen, GeneralPlayer) and not frozen.general.level.command
    assert "obedience" not in _rally(frozen, battle)
