"""A rule module's choice names its unit as the player knows it: Clash of Spears' reaction buttons said
"Reaccionar con fr-1a (1 PM)", the unit's id (a QA pass that played Albuera in Spanish)."""

from __future__ import annotations

import pytest

from game.ai.players import make_player
from game.content.locale import Texts
from game.running.log_texts import texts_for
from game.running.match import new_match, play
from game.running.names import named
from game.ui.battle.human import HumanInput


def picked_first(kind: str, language: str) -> tuple[Texts, str, list[str]]:
    """Albuera under Clash of Spears played by the computer until it asks `kind`: the words in
    `language` with the battle's names, the first unit offered, picked by the player, and the labels of
    the buttons then offered."""
    m = new_match("albuera", 1, modules=["clash-command"])
    b = m.battle
    try:
        sides = b.game.sides  # type: ignore[union-attr]
        players = {s: make_player("heuristic", s, 1 + i) for i, s in enumerate(sides)}
        play(m, players, until=lambda _m: b.pending is not None and b.pending.kind == kind)
        assert b.pending is not None
        t = named(texts_for(language, ["clash-command"]), m)
        human = HumanInput(b, t=t)
        human.start(b.pending)
        human.selected = unit = b.pending.options[0]
        return t, unit, [bt.label for bt in human.buttons()]
    finally:
        b.close()


@pytest.mark.parametrize(
    ("language", "said"), [("es", "Reaccionar con {el} (1 PM)"), ("en", "React with {el} (1 CP)")]
)
def test_a_clash_reaction_button_names_its_unit(language: str, said: str) -> None:
    t, unit, labels = picked_first("clash_reaction", language)
    name = t.names(unit)
    expected = said.format(el=format(name, "el" if language == "es" else ""))
    assert any(label.startswith(f"{expected}  (") for label in labels), labels  # then its odds
    assert not any(unit in label for label in labels), labels


def test_a_clash_turn_s_buttons_name_the_unit_picked_in_spanish() -> None:
    """ "Activar fr-1a (1 PM)", "Descansar fr-1a": the activation's choices of the unit picked."""
    t, unit, labels = picked_first("clash_turn", "es")
    name = format(t.names(unit), "al")
    assert any(label.startswith(f"Activar {name} (") for label in labels), labels
    assert f"Hacer descansar {name}" in labels and not any(unit in label for label in labels), labels
