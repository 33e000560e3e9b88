"""The first battle's lessons as a model: a step moves on only for its own command, accepted, with the
events it needs; a reaction's step shows whenever the player is asked to react."""

from __future__ import annotations

from game.model import commands as cmd
from game.model.events import Moved, ReactionDeclared, Rejected, Roll
from game.model.resolution import Decision
from game.running.tutorial import Progress, load_lessons


def test_a_step_moves_on_only_for_its_own_accepted_command() -> None:
    p = Progress(load_lessons(), "es")
    assert p.current().id == "welcome"  # type: ignore[union-attr]
    assert p.observe(cmd.PlaceStaff((1.0, 1.0)), "es", []) is None  # welcome waits for Next
    assert p.press_next() and p.current().id == "deploy"  # type: ignore[union-attr]
    assert not p.press_next()  # a step done by orders is not skipped with Next
    assert p.observe(cmd.PlaceStaff((1.0, 1.0)), "fr", []) is None  # the enemy's is not the player's
    refused = [Rejected(rule="FG-DEP-11", reason="too far")]
    assert p.observe(cmd.PlaceStaff((1.0, 1.0)), "es", refused) is None
    assert p.observe(cmd.PlaceStaff((1.0, 1.0)), "es", []).id == "deploy"  # type: ignore[union-attr]
    p.observe(cmd.Activate("es-1"), "es", [])
    moved = Moved(unit="es-1a", path=((0.0, 0.0), (0.0, 2.0)), facing=90.0, distance=2.0, how="move")
    assert p.observe(cmd.Move("es-1a", (0.0, 2.0)), "es", []) is None  # a move that moved nothing
    assert p.observe(cmd.Fire("es-1c", "fr-1a"), "es", [moved]) is None  # not the step's command
    assert p.observe(cmd.Move("es-1a", (0.0, 2.0)), "es", [moved]).id == "move"  # type: ignore[union-attr]
    assert p.current().id == "fire"  # type: ignore[union-attr]


def test_the_reaction_step_shows_when_the_player_is_asked_to_react() -> None:
    p = Progress(load_lessons(), "es")
    p.press_next()
    asked = Decision(kind="reaction", side="es", unit="fr-1a", options=("es-1a",))
    assert p.current(asked).id == "react"  # type: ignore[union-attr]
    assert p.current(Decision(kind="reaction", side="fr", unit="es-1a", options=("fr-1a",))).id == "deploy"  # type: ignore[union-attr]
    assert p.observe(cmd.Pass(), "es", []) is None  # no reaction: the step stands
    shot = Roll(check="fire", die=4, modifiers=(), total=4, outcome="one hit", unit="es-1a", rule="FG-CBT-15")
    assert p.observe(cmd.React("es-1a", "fire"), "es", [shot]) is None  # no reaction declared: refused
    said = ReactionDeclared(unit="es-1a", action="fire", against="fr-1a")
    assert p.observe(cmd.React("es-1a", "fire"), "es", [said, shot]).id == "react"  # type: ignore[union-attr]
    assert p.current(asked).id == "deploy"  # type: ignore[union-attr]  # done: back to the steps in order
