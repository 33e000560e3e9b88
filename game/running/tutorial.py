"""The first battle's lessons (content/tutorial/first-battle.toml): which step stands, and whether the
player has done what it asks, read from the commands he sent and the events they brought. It never
changes the battle: the screen (game/ui/battle/tutorial.py) shows the prompt and feeds it what happened."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from game import CONTENT
from game.content.files import read_regular
from game.content.glossary import glossary_file, read_glossary
from game.content.records import load_record
from game.model import commands as cmd
from game.model.errors import ContentError
from game.model.events import Event
from game.model.limits import Bounds
from game.model.resolution import Decision
from game.running.match import MAX_REPLAY_BYTES

TUTORIAL = CONTENT / "tutorial" / "first-battle.toml"
LESSONS = "lessons"  # a save's key: the lessons done when the first battle was saved (resumed with them)
Name = Annotated[str, Bounds(1, 64)]


@dataclass(frozen=True)
class Step:
    id: Name  # its words: the locale's tutorial_<id>
    commands: Annotated[list[Name], Bounds(0, 10)] = field(default_factory=list)
    events: Annotated[list[Name], Bounds(0, 10)] = field(default_factory=list)
    next: bool = False  # done by the Next button, not by an order
    decision: Name | None = None  # shown at once whenever this decision is in the player's hand
    terms: Annotated[list[Name], Bounds(0, 4)] = field(default_factory=list)  # the glossary's, shown under it


@dataclass(frozen=True)
class Lessons:
    scenario: Name
    seed: Annotated[int, Bounds(0, 2**63)]
    steps: Annotated[list[Step], Bounds(1, 50)]


def load_lessons(path: Path = TUTORIAL) -> Lessons:
    """The lessons, checked: every step is done by Next or by a command the game knows."""
    lessons = load_record(Lessons, path)
    for i, s in enumerate(lessons.steps):
        at = f"{path}: steps[{i}]"
        if s.next == bool(s.commands):
            raise ContentError(at, "a step is done either by Next or by its commands, one of the two")
        unknown = [c for c in s.commands if c not in cmd.COMMANDS]
        if unknown:
            raise ContentError(f"{at}.commands", f"no such command: {unknown[0]}")
        words = read_glossary(glossary_file("en"))
        missing = [w for w in s.terms if w not in words]
        if missing:
            raise ContentError(f"{at}.terms", f"no such term in the glossary: {missing[0]}")
    return lessons


def saved_lessons(path: Path, lessons: Lessons) -> set[str] | None:
    """The lessons a save says were done (None: the save is of no lessons); anything else than ids of
    these lessons is one line naming the save's key."""
    data = json.loads(read_regular(path, MAX_REPLAY_BYTES))
    where = str(path)
    if not isinstance(data, dict) or LESSONS not in data:
        return None
    done = data[LESSONS]
    ids = {s.id for s in lessons.steps}
    if not isinstance(done, list) or len(done) > len(ids) or not all(d in ids for d in done):
        raise ContentError(f"{where}: {LESSONS}", "the ids of the first battle's lessons done")
    return set(done)


class Progress:
    """Where the player stands in the lessons. Steps are done in order; a step tied to a decision the
    enemy brings about (a reaction) is done whenever the player answers it."""

    def __init__(self, lessons: Lessons, side: str, done: set[str] | None = None) -> None:
        self.steps = lessons.steps
        self.side = side
        self.done: set[str] = set(done or ())

    def _order(self) -> list[Step]:
        return [s for s in self.steps if s.id not in self.done]

    def current(self, pending: Decision | None = None) -> Step | None:
        """The step to show: one whose decision is in the player's hand, else the first not done."""
        left = self._order()
        if pending is not None and pending.side == self.side:
            early = next((s for s in left if s.decision == pending.kind), None)
            if early is not None:
                return early
        return left[0] if left else None

    def done_count(self) -> int:
        """How many lessons are done: what the strip counts. It rises by one with each lesson done, in
        whatever order they come (a reaction's comes when the enemy brings it), and never falls: the
        place of the lesson shown jumped (6, 10, 6) when one tied to a decision came out of its turn."""
        return len(self.done)

    def press_next(self) -> bool:
        step = self.current()
        if step is None or not step.next:
            return False
        self.done.add(step.id)
        return True

    def observe(
        self, c: cmd.Command, side: str, events: Sequence[Event], answered: str | None = None
    ) -> Step | None:
        """A command sent (`answered`: the kind of decision it answered) and what it brought: the step
        it completes, if any. A step tied to a decision is done only by an answer to that decision."""
        if side != self.side or any(e.kind == "rejected" for e in events):
            return None
        kinds = {e.kind for e in events}
        left = self._order()
        candidates = [s for s in left if s.decision is not None]
        if left and left[0] not in candidates:
            candidates.insert(0, left[0])
        for s in candidates:
            if s.decision is not None and answered != s.decision:
                continue
            if type(c).__name__ in s.commands and all(k in kinds for k in s.events):
                self.done.add(s.id)
                return s
        return None
