"""The computer players of a game on screen: their process (game/running/ai_process.py), the question in hand,
and a pause between answers so a person can follow. Both game modes' screens drive their AIs so."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.players import budget
from game.ai.reasons import Thought
from game.model import commands as cmd
from game.model.resolution import Decision
from game.running.ai_process import STOP_WAIT, RemoteError, Worker
from game.running.campaign_match import CampaignMatch
from game.running.campaign_worker import CampaignWorker
from game.running.match import Match

# Seconds beyond a player's budget before its process is deemed stuck: the copy's rebuild, which comes
# before its first answer, takes under a second for a whole battle (bench/ai_worker.py)
WATCHDOG_MARGIN = 15.0
RESTARTS = 2  # new processes for one question before the side is handed to the player


@dataclass(frozen=True)
class Restarted:
    """The AI of a side stopped answering (a stopped or stuck process): it was killed, and a new one
    is asked again. The screen tells the player."""

    side: str
    waited: float  # seconds it had been asked


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
    match: Match | None = None  # the game the AIs' copy is rebuilt from
    margin: float = WATCHDOG_MARGIN
    restarts: int = 0  # for the question in hand
    # a game whose AIs' copy is not one match's: how it is made again (a campaign's, `campaign`)
    rebuild: Callable[[dict[str, tuple[str, int]], float], Worker] | None = None

    @classmethod
    def start(cls, m: Match, controllers: dict[str, str], think: float = 1.0) -> ComputerTurns:
        players = computer_seats(controllers, m.seed)
        worker = Worker(m, players, think) if players else None
        return cls(players, worker, kinds=m.battle.stack.commands, think=think, match=m)

    @classmethod
    def campaign(cls, m: CampaignMatch, controllers: dict[str, str], think: float = 1.0) -> ComputerTurns:
        """A campaign's computer players, on a copy of the whole war: always one, since the battles the
        players let the generals resolve are played there whoever's seats they are (CAMP-DEC-10)."""
        players = computer_seats(controllers, m.seed)

        def rebuild(players: dict[str, tuple[str, int]], think: float) -> Worker:
            return CampaignWorker(m, players, think)

        return cls(players, rebuild(players, think), kinds=m.war.stack.commands, think=think, rebuild=rebuild)

    def applied(self, c: cmd.Command) -> None:
        if self.worker is not None:
            self.worker.applied(c)  # the AI's copy follows

    def step(self, d: Decision, dt: float, pause: float) -> cmd.Command | RemoteError | Restarted | None:
        """Ask the AI of the decision's side, or see whether it has answered; the answer is given
        once `pause` seconds have passed since it was asked. A process that has not answered within
        its player's budget and the margin (or that stopped reading) is replaced: Restarted."""
        assert self.worker is not None
        if self.worker.stuck:
            return self._stalled(d)
        if self.thinking is None or self.thinking.decision is not d:
            self.wait = pause
            self.worker.ask(d.side)
            self.thinking = Thinking(d)
            return None
        self.wait -= dt
        if self.thinking.result is None:
            answer = self.worker.answer(self.kinds)
            if isinstance(answer, RemoteError):
                self.thinking = None
                return answer
            if answer is None and self.worker.waited() > self.deadline(d.side):
                return self._stalled(d)
            self.thinking.result = answer
            if answer is not None:
                self.restarts = 0
            if answer is not None and self.worker.thought is not None:
                self.thoughts.append(self.worker.thought)
        if self.thinking.result is not None and self.wait <= 0:
            result, self.thinking = self.thinking.result, None
            return result
        return None

    def deadline(self, side: str) -> float:
        """Seconds the side's AI may take before its process is deemed stuck."""
        kind = self.players[side][0] if side in self.players else ""
        return budget(kind, self.think) + self.margin

    def _stalled(self, d: Decision) -> Restarted | RemoteError:
        """The process stopped answering: killed and replaced, the question to be asked again; after
        RESTARTS in vain, an error the screen turns into its recovery (the side goes to the player)."""
        assert self.worker is not None
        waited = self.worker.waited()
        self.thinking = None
        self.restarts += 1
        if self.restarts > RESTARTS:
            self.restarts = 0
            self.close(grace=0)
            return RemoteError(
                "Unresponsive", f"the AI's process stopped answering ({RESTARTS} new ones did not either)", ""
            )
        self.restart(grace=0)
        return Restarted(d.side, waited)

    def wait_for_answer(self, timeout: float) -> None:
        """Block until the AI in hand has answered, at most `timeout` seconds (tests, which would
        otherwise race its process)."""
        if self.thinking is not None and self.thinking.result is None and self.worker is not None:
            self.worker.wait(timeout)

    def restart(self, m: Match | None = None, grace: float = STOP_WAIT) -> None:
        """A new copy for the AIs: after an undo (the game was rebuilt: `m`) or a failure (the copy may
        have died or gone astray); the old process gets `grace` seconds to stop before it is killed. A
        campaign's is made again from the war (`rebuild`), whatever battle of it is on screen."""
        self.close(grace)
        if self.rebuild is not None:
            self.worker = self.rebuild(self.players, self.think)
            return
        if m is not None:
            self.match, self.kinds = m, m.battle.stack.commands
        self.worker = Worker(self.match, self.players, self.think) if self.players and self.match else None

    def close(self, grace: float = STOP_WAIT) -> None:
        """End the AIs' process for sure (killed after `grace` seconds)."""
        self.thinking = None
        if self.worker is not None:
            self.worker.close(grace)
            self.worker = None


def computer_seats(controllers: dict[str, str], seed: int) -> dict[str, tuple[str, int]]:
    """The seats the computer plays (a replay's come from its file, a remote's from afar): each its
    kind of player and its seed."""
    return {
        s: (c, seed + k)
        for k, (s, c) in enumerate(controllers.items())
        if c not in ("human", "replay", "remote")
    }
