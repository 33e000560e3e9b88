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
    assert p.press_next() and p.current().id == "measures"  # type: ignore[union-attr]
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
    p.press_next()
    asked = Decision(kind="reaction", side="es", unit="fr-1a", options=("es-1a",))
    assert p.current(asked).id == "react"  # type: ignore[union-attr]
    assert p.current(Decision(kind="reaction", side="fr", unit="es-1a", options=("fr-1a",))).id == "deploy"  # type: ignore[union-attr]
    assert p.observe(cmd.Pass(), "es", [], "reaction") is None  # no reaction: the step stands
    shot = Roll(check="fire", die=4, modifiers=(), total=4, outcome="one hit", unit="es-1a", rule="FG-CBT-15")
    assert p.observe(cmd.React("es-1a", "fire"), "es", [shot], "reaction") is None  # none declared: refused
    said = ReactionDeclared(unit="es-1a", action="fire", against="fr-1a")
    assert p.observe(cmd.React("es-1a", "fire"), "es", [said, shot], "reaction").id == "react"  # type: ignore[union-attr]
    assert p.current(asked).id == "deploy"  # type: ignore[union-attr]  # done: back to the steps in order


def test_the_step_count_moves_only_when_the_step_shown_is_done() -> None:
    """The playtest's defect: a reaction (a step done out of its turn) moved the count on to the next
    step's number while the step that stood was still to do."""
    p = Progress(load_lessons(), "es")
    for _ in range(2):
        p.press_next()
    p.observe(cmd.PlaceStaff((1.0, 1.0)), "es", [], "place_staff")
    p.observe(cmd.Activate("es-1"), "es", [], "activate")
    assert p.current().id == "move" and p.number() == 5  # type: ignore[union-attr]
    asked = Decision(kind="reaction", side="es", unit="fr-1a", options=("es-1a",))
    assert p.number(asked) == 8  # the reaction's own step, while it is asked
    said = ReactionDeclared(unit="es-1a", action="charge", against="fr-1a")
    assert p.observe(cmd.React("es-1a", "charge"), "es", [said], "reaction").id == "react"  # type: ignore[union-attr]
    assert p.current().id == "move" and p.number() == 5  # type: ignore[union-attr]  # still the move's


def test_a_decisions_step_is_done_only_by_an_answer_to_that_decision() -> None:
    """Stay (a Pass) answers the officer's move; a Pass to a reaction or a marker does not do it."""
    p = Progress(load_lessons(), "es")
    assert p.observe(cmd.Pass(), "es", [], "reaction") is None
    assert p.observe(cmd.Pass(), "es", [], "marker") is None
    assert p.observe(cmd.Pass(), "es", [], "officer_move").id == "officer"  # type: ignore[union-attr]
    to = cmd.MoveOfficer("es-staff", (5.0, 5.0))
    assert p.observe(to, "es", [], "officer_move") is None  # done already; and not the staff's decision
    assert p.observe(to, "es", [], "staff_move").id == "staff"  # type: ignore[union-attr]


def test_the_lessons_name_only_terms_of_the_glossary(tmp_path) -> None:
    import pytest

    from game.model.errors import ContentError

    bad = tmp_path / "t.toml"
    bad.write_text(
        'scenario = "first-battle"\nseed = 1\n[[steps]]\nid = "x"\nnext = true\nterms = ["muskets"]\n'
    )
    with pytest.raises(ContentError, match=r"steps\[0\]\.terms.*no such term in the glossary: muskets"):
        load_lessons(bad)
