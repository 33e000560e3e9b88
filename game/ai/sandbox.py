"""The computer player's own copy of a battle (Battle.copy): an order played out there, its dice chosen
so that each face of its first roll is tried (a chance node: each branch has the chance of its face;
the later rolls of a branch come from a seed), the decisions it raises answered by the players'
policies. Asking is not doing: the real battle is never touched, and the copies are closed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Pose, Status
from game.model.dice import Dice, Die
from game.model.resolution import Decision, Reject
from systems.for_glory.victory import check_end

ROUNDS = 40  # answers one order may ask for at most (a reaction refused is asked again)


class ChanceDice(Dice):
    """The first die shows a chosen face; every later one comes from the seed."""

    def __init__(self, first: int | None, seed: int) -> None:
        super().__init__(seed)
        self.first = first
        self.first_die: Die | None = None  # the kind of the first die rolled, once one is
        self.first_face = 0  # and the face it showed

    def one(self, die: Die) -> int:
        if self.used > 0:
            return super().one(die)
        self.first_die = die
        if self.first is None:
            self.first_face = super().one(die)
        else:
            self.used += 1
            self.first_face = min(die.high, max(die.low, self.first))
        return self.first_face


@dataclass
class Branch:
    """One way an order may turn out on a copy: its chance and the copy (open until closed)."""

    chance: float
    copy: Battle


@contextmanager
def branches(
    b: Battle, command: cmd.Command, answer: Callable[[Battle, Decision], cmd.Command], seed: int
) -> Iterator[list[Branch]]:
    """The order played out on copies of the battle, one per face of its first die (one copy when it
    rolls none), identical outcomes merged; the copies are closed when the block ends, and the real
    battle's world is current again."""
    made: list[Branch] = []
    try:
        first = _played(b, command, answer, ChanceDice(None, seed))
        if first is None:
            yield []
            return
        copy, dice = first
        made.append(Branch(1.0, copy))
        die = dice.first_die
        if die is not None:
            made[0].chance = 1.0 / die.faces
            seen = {_signature(copy): made[0]}
            for face in range(die.low, die.high + 1):
                if face == dice.first_face:
                    continue
                played = _played(b, command, answer, ChanceDice(face, seed))
                if played is None:
                    continue
                other = played[0]
                key = _signature(other)
                if key in seen:
                    seen[key].chance += 1.0 / die.faces
                    other.close()
                    continue
                branch = Branch(1.0 / die.faces, other)
                seen[key] = branch
                made.append(branch)
        b.enter()
        yield made
    finally:
        for branch in made:
            branch.copy.close()
        b.enter()


def _played(
    b: Battle, command: cmd.Command, answer: Callable[[Battle, Decision], cmd.Command], dice: ChanceDice
) -> tuple[Battle, ChanceDice] | None:
    """A copy with the order carried out (None: the rules refuse it)."""
    copy = b.copy(dice)
    try:
        gen = copy.begin(command)
    except Reject:
        copy.close()
        return None
    if gen is not None:
        reply: cmd.Command | None = None
        for _ in range(ROUNDS):
            try:
                d = next(gen) if reply is None else gen.send(reply)
            except StopIteration:
                break
            except Reject:
                break
            copy.enter()
            with copy.thinking():
                reply = answer(copy, d)
            copy.enter()
        else:
            gen.close()
    check_end(copy)
    return copy, dice


def _signature(b: Battle) -> tuple[object, ...]:
    """What tells two outcomes apart: where every unit and officer stands, its hits and whether it is
    in play."""
    b.enter()
    out = []
    for e, pose in sorted(esper.get_component(Pose)):
        st = esper.try_component(e, Status)
        hits = esper.try_component(e, Hits)
        out.append(
            (
                e,
                round(pose.x, 2),
                round(pose.y, 2),
                round(pose.facing, 1),
                hits.count if hits else 0,
                st.in_play if st else True,
            )
        )
    return tuple(out)
