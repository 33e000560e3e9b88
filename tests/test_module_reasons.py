"""The rule modules' refusals in the player's words: clash-command's, dias-terrain's and Open Wars'
stacking and water refusals, and the cavalry's extra move, record their English text word for word
(the events of the scripted battles are unchanged: tests/test_reason_words.py) and are said in Spanish
with the module's words, in a screen (Reject.said) and in the log (game.running.narrate)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from game.content.locale import Texts
from game.content.module_records import folder_of, rule_stack
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.modules import modules
from game.model.resolution import Reject, refuse
from game.running.log_texts import english, reason_said, texts_for
from systems.clash.command import activation
from systems.for_glory.charge.plan import plan_charge
from systems.open_wars.mode import open_game
from systems.open_wars.moves import March, barred, check_march, no_room
from tests.helpers import rules, unit
from tests.rules.test_open_wars import SMALL


def words(module: str) -> Texts:
    return Texts("es", tuple(folder_of(m) / "locale" for m in modules() if m.id == module))


def test_clash_command_refusal(battle: Callable[..., Battle]) -> None:
    b = battle(stack=rule_stack(rules(), ["clash-command"], "tests"))
    with pytest.raises(Reject) as no:
        activation(b, cmd.Activate("ghost"))
    r = no.value
    assert (r.rule, b.reason(r)) == ("CS-3", "ghost is not a unit on the table: units activate one at a time")
    spanish = "ghost no es una unidad sobre la mesa: las unidades se activan de una en una"
    assert r.said(words("clash-command")) == spanish
    assert reason_said(texts_for("es", ["clash-command"]), b.reason(r)) == spanish


def test_dias_terrain_refusal_names_the_ground_in_spanish(battle: Callable[..., Battle]) -> None:
    wood = ((30.2, 20.0), (40.0, 20.0), (40.0, 40.0), (30.2, 40.0))
    b = battle(terrain=[("wood", wood)], stack=rule_stack(rules(), ["dias-terrain"], "tests"))
    unit(b, "c", "red", (28, 30), 0, cat="HC")
    unit(b, "t", "blue", (31.2, 30), 180)
    with pytest.raises(Reject) as no:
        plan_charge(b, b.ids["c"], b.ids["t"])
    r = no.value
    assert (r.rule, b.reason(r)) == ("DG-8", "cavalry may not charge into or across wood")
    spanish = "la caballería no puede cargar dentro ni a través de: bosque"
    assert r.said(words("dias-terrain")) == spanish
    assert reason_said(texts_for("es", ["dias-terrain"]), b.reason(r)) == spanish


def test_open_wars_water_and_stacking_refusals(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    c, _world, _rules = open_game(path, 0, None, [6] * 20, (), english())
    c.stacks = []
    c.add("dw", "a", "dwarf-warriors", 1)
    warriors = c.unit("dwarf-warriors")
    with pytest.raises(Reject) as no:
        check_march(c, "dw", March("dwarf-warriors", ("a", "w"), 1))
    water = c.location("w").name
    assert (no.value.rule, c.reason(no.value)) == (
        "OW-LOC-4",
        f"only water and flying units enter {water} (OW-LOC-4)",
    )
    assert barred(c, warriors, "w", "dw") == c.reason(no.value)  # the AI's question, as before
    es = words("open-wars")
    assert no.value.said(es) == f"solo las unidades acuáticas y voladoras entran en {water} (OW-LOC-4)"
    c.add("dw", "b", "runesmith", 1)
    priest = dataclasses.replace(c.unit("runesmith"), id="rune-priest", name="Rune priest")
    assert (
        no_room(c, "dw", "b", priest, 1)
        == "only one magic unit in a location (OW-MAGIC-6): runesmith is there"
    )
    log = reason_said(texts_for("es", ["open-wars"]), "at most 4 Dwarf warriors in one location (OW-STACK-1)")
    assert log == "como máximo 4 Dwarf warriors en una localización (OW-STACK-1)"


def test_the_extra_move_belongs_to_its_cavalry() -> None:
    r = refuse("FG-CHG-4", "reason_extra_move_belongs", unit="h1")
    assert r.worded(english()) == "the extra move belongs to h1"
    assert r.said(texts_for("es")) == "el movimiento extra corresponde a h1"
