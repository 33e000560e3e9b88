"""A scripted battle answers a rule module's decisions by name (`decisions = { clash_response = "defend" }`).
The answer goes through the same field check as a replay's commands, and a name that is no answer
("__class__" ended in KeyError; warhammer-charges took "explode" as its default without a word) is a
`rejected` event naming it, then the decision's default: never a traceback, never silence."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import CONTENT
from game.model import commands as cmd
from game.model.modules import compose
from game.model.resolution import Decision
from game.running.script import Answers, StepSpec, run
from systems.warhammer.charges import KeepFleeing, Redirect

SCRIPTS = {
    "charge_reaction": CONTENT / "modules" / "warhammer-charges" / "scripts" / "stand-and-shoot.toml",
    "clash_response": CONTENT / "modules" / "clash-melee" / "scripts" / "defending-the-wall.toml",
}


def with_answer(tmp_path: Path, kind: str, name: str) -> Path:
    text = SCRIPTS[kind].read_text()
    start = text.index(f"decisions = {{ {kind} = ")
    end = text.index("}", start) + 1
    text = text[:start] + f'decisions = {{ {kind} = "{name}" }}' + text[end:]
    dice = text.index("\ndice = [")
    close = text.index("]", dice)  # spare dice for the default answer, which rolls other dice
    path = tmp_path / f"{kind}.toml"
    path.write_text(text[:close] + ", 3" * 12 + text[close:])
    return path


@pytest.mark.parametrize("kind", SCRIPTS)
@pytest.mark.parametrize("name", ["__class__", "explode", "hold ", "__init__"])
def test_a_named_answer_that_is_no_answer_is_a_rejected_event(tmp_path: Path, kind: str, name: str) -> None:
    events = run(with_answer(tmp_path, kind, name))["events"]
    refused = [e for e in events if e["kind"] == "rejected" and e["order"] == kind]
    assert len(refused) == 1 and repr(name) in refused[0]["reason"], refused
    assert "must be one of" in refused[0]["reason"]


@pytest.mark.parametrize("kind", SCRIPTS)
def test_a_named_answer_that_is_one_plays_as_before(kind: str) -> None:
    events = run(SCRIPTS[kind])["events"]
    assert not any(e["kind"] == "rejected" and e["order"] == kind for e in events)


@pytest.mark.parametrize(
    ("kind", "name", "expected"),
    [
        ("rally", "rally", cmd.Pass()),
        ("rally", "flee on", KeepFleeing("u1")),
        ("redirect", "charge", Redirect("u1")),
        ("redirect", "stop", cmd.Pass()),
        ("rally", "explode", None),
        ("redirect", "explode", None),
        ("redirect", "__class__", None),
    ],
)
def test_warhammer_rally_and_redirect_take_only_their_names(kind: str, name: str, expected: object) -> None:
    stack = compose("for-glory", ["warhammer-charges"])
    answers = Answers(StepSpec(unit="u1", decisions={kind: name}), stack)
    d = Decision(kind, "a", "u1")
    assert answers.answer(d) == (expected or cmd.Pass())
    if expected is None:
        (refused,) = answers.refused
        assert refused.kind == "rejected" and refused.order == kind and repr(name) in refused.reason
        assert "'rally', 'flee on'" in refused.reason or "'charge', 'stop'" in refused.reason
    else:
        assert answers.refused == []
