"""The computer players of a game on screen: their process (game/running/ai_process.py), the question in hand,
and a pause between answers so a person can follow. Both game modes' screens drive their AIs so."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.ai.reasons import Thought
from game.model import commands as cmd
from game.model.resolution import Decision
from game.running.ai_process import RemoteError, Worker
from game.running.match import Match


@dataclass
class Thinking:
    """An AI is deciding: what it was asked, and its answer once it has come."""

    decision: Decision
    result: cmd.Command | None = None


@dataclass
class ComputerTurns:
    """`players`: side -> (kind of computer player, its seed); sides not in it are the humans'."""

    players: dict[str, tuple[str, int]]
    worker: Worker | None = None
    thinking: Thinking | None = None
    wait: float = 0.0
    kinds: Any = field(default=None)  # the commands the answers may be (the rule stack's)
    thoughts: list[Thought] = field(default_factory=list)  # the reasons of each answer, oldest first
    think: float = 1.0  # x the search generals' budget per decision (the player's setting)

    @classmethod
    def start(cls, m: Match, controllers: dict[str, str], think: float = 1.0) -> ComputerTurns:
        players = {
            s: (c, m.seed + k)
            for k, (s, c) in enumerate(controllers.items())
            if c not in ("human", "replay", "remote")  # a replay's come from its file, a remote's from afar
        }
        worker = Worker(m, players, think) if players else None
        return cls(players, worker, kinds=m.battle.stack.commands, think=think)

    def applied(self, c: cmd.Command) -> None:
        if self.worker is not None:
            self.worker.applied(c)  # the AI's copy follows

    def step(self, d: Decision, dt: float, pause: float) -> cmd.Command | RemoteError | None:
        """Ask the AI of the decision's side, or see whether it has answered; the answer is given
        once `pause` seconds have passed since it was asked."""
        if self.thinking is None or self.thinking.decision is not d:
            assert self.worker is not None
            self.wait = pause
            self.worker.ask(d.side)
            self.thinking = Thinking(d)
            return None
        self.wait -= dt
        if self.thinking.result is None:
            assert self.worker is not None
            answer = self.worker.answer(self.kinds)
            if isinstance(answer, RemoteError):
                self.thinking = None
                return answer
            self.thinking.result = answer
            if answer is not None and self.worker.thought is not None:
                self.thoughts.append(self.worker.thought)
        if self.thinking.result is not None and self.wait <= 0:
            result, self.thinking = self.thinking.result, None
            return result
        return None

    def wait_for_answer(self, timeout: float) -> None:
        """Block until the AI in hand has answered, at most `timeout` seconds (tests, which would
        otherwise race its process)."""
        if self.thinking is not None and self.thinking.result is None and self.worker is not None:
            self.worker.wait(timeout)

    def restart(self, m: Match) -> None:
        """A new copy for the AIs: after an undo (the game was rebuilt) or a failure (the copy may
        have died or gone astray)."""
        self.close()
        self.kinds = m.battle.stack.commands
        self.worker = Worker(m, self.players, self.think) if self.players else None

    def close(self) -> None:
        self.thinking = None
        if self.worker is not None:
            self.worker.close()
            self.worker = None
