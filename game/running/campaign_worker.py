"""A campaign's computer players in the window: their own process (game/running/ai_process.py), on a copy
of the whole war rebuilt from its replay (its campaign, seed, mods and commands) and kept in step. It
answers every decision a side's computer player is asked, the war's and those of a battle fought on
the table (the side's For Glory general), and every decision of a battle the players let the generals
resolve, whoever's side (CAMP-DEC-10: the campaign's generals play it, the same for every seat)."""

from __future__ import annotations

from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from game.ai.reasons import Thought
from game.model import commands as cmd
from game.running.ai_process import Worker, run_copy
from game.running.campaign_match import CampaignMatch, campaign_ref, generals_for, new_campaign

RESOLVE = "auto"  # what a computer player of the window answers when asked to fight on the table: the
# person it plays against decides (CAMP-DEC-10: a battle is fought on the table when either side asks)


@dataclass(frozen=True)
class CampaignCopy:
    """Everything the AI's process needs to build the same war and the same players."""

    campaign: str  # the campaign's id, or its file's path (campaign_ref)
    seed: int
    max_turns: int | None
    mods: tuple[str, ...]
    commands: tuple[dict[str, object], ...]
    players: tuple[tuple[str, str, int], ...]  # side, kind of player, its seed
    think: float = 1.0


def campaign_copy(m: CampaignMatch, players: dict[str, tuple[str, int]], think: float = 1.0) -> CampaignCopy:
    return CampaignCopy(
        campaign_ref(m.theatre),
        m.seed,
        m.max_turns,
        tuple(str(x.root) for x in m.theatre.rules.loaded_mods),
        tuple(cmd.to_json(c) for c in m.commands),
        tuple((side, kind, seed) for side, (kind, seed) in players.items()),
        think,
    )


class WarCopy:
    """The war rebuilt in the AI's process, its computer players and the generals who resolve battles."""

    def __init__(self, copy: CampaignCopy) -> None:
        from game.ai.campaign import CampaignGeneral
        from game.ai.players import make_player
        from game.content.mods import load_mods

        mods = load_mods(Path(p) for p in copy.mods)
        self.m = new_campaign(copy.campaign, copy.seed, mods, copy.max_turns)
        kinds = self.m.war.stack.commands
        for raw in copy.commands:
            self.m.apply(cmd.from_json(raw, kinds))

        def general(name: str, side: str, seed: int) -> Any:
            return make_player(name, side, seed, mods, copy.think)

        self.players = {
            side: CampaignGeneral(side, seed, kind, general, RESOLVE) for side, kind, seed in copy.players
        }
        self.resolving = generals_for(self.m)

    def apply(self, raw: dict[str, object]) -> None:
        self.m.apply(cmd.from_json(raw, self.m.war.stack.commands))

    def decide(self, side: str) -> tuple[dict[str, object], Thought | None]:
        w = self.m.war
        d = w.pending
        assert d is not None and d.side == side, f"the copy waits for {d}, not for side {side}"
        b = w.battle
        if b is not None and w.fought[-1].resolved == "auto":
            return cmd.to_json(self.resolving(side).decide(b, d)), None
        player = self.players[side]
        answer = cmd.to_json(player.decide(w, d))
        thought = getattr(player.battle_general(w), "thought", None) if b is not None else None
        return answer, thought if isinstance(thought, Thought) else None

    def close(self) -> None:
        self.m.war.close()


def serve(conn: Connection, copy: CampaignCopy) -> None:
    run_copy(conn, lambda: WarCopy(copy))


class CampaignWorker(Worker):
    """The window's side of a campaign's AI process (the same questions and answers as a battle's)."""

    def __init__(self, m: CampaignMatch, players: dict[str, tuple[str, int]], think: float = 1.0) -> None:
        self._start(serve, campaign_copy(m, players, think), players)
