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


def test_the_count_of_lessons_done_rises_by_one_and_never_falls() -> None:
    """Issue 38's defect: the strip counted the place of the lesson shown, which jumped 6, 10, 6 when a
    lesson tied to a decision (the estado mayor's move) came out of its turn. It counts the lessons
    done: one more with each, whatever their order, and the count never goes back."""
    p = Progress(load_lessons(), "es")
    counts = [p.done_count()]
    for _ in range(2):
        p.press_next()
        counts.append(p.done_count())
    p.observe(cmd.PlaceStaff((1.0, 1.0)), "es", [], "place_staff")
    counts.append(p.done_count())
    p.observe(cmd.Activate("es-1"), "es", [], "activate")
    counts.append(p.done_count())
    assert p.current().id == "move"  # type: ignore[union-attr]
    staff = Decision(kind="staff_move", side="es", unit="es-staff", options=("es-staff",))
    assert p.current(staff).id == "staff"  # type: ignore[union-attr]  # out of its turn, while asked
    counts.append(p.done_count())  # shown, not yet done: the count stands
    assert p.observe(cmd.Pass(), "es", [], "staff_move").id == "staff"  # type: ignore[union-attr]
    counts.append(p.done_count())
    assert p.current().id == "move"  # type: ignore[union-attr]  # the move still to do
    assert counts == [0, 1, 2, 3, 4, 4, 5]


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
