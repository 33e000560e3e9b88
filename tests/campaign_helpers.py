"""Small campaigns for the tests: tests/campaigns/border.toml (six places on a road, one small army a
side, battles of two rounds), changed where a test needs, and a player that does nothing unless told:
so a test gives the commands whose rule it checks, and the rest of the war passes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.ai.players import make_player
from game.model import commands as cmd
from game.model.resolution import Decision
from game.running.campaign_match import CampaignMatch, new_campaign
from systems.campaign.commands import Decline, Resolve, Retreat
from systems.campaign.rules_module import RESOLVE, RETREAT, WITHDRAW
from systems.campaign.state import War

BORDER = Path(__file__).parent / "campaigns" / "border.toml"


def campaign_file(
    tmp_path: Path, numbers: dict[str, Any] | None = None, swaps: tuple[tuple[str, str], ...] = ()
) -> Path:
    """border.toml with some of its texts swapped for others and numbers of its own ([numbers])."""
    text = BORDER.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text, old
        text = text.replace(old, new)
    if numbers:
        head, rest = text.split("[numbers]\n", 1)
        block, tail = rest.split("\n\n", 1)
        given = dict(line.split(" = ", 1) for line in block.splitlines())
        given.update({k: _toml(v) for k, v in numbers.items()})
        text = head + "[numbers]\n" + "".join(f"{k} = {v}\n" for k, v in given.items()) + "\n" + tail
    path = tmp_path / "border.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _toml(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)


def war(path: Path = BORDER, seed: int = 1, turns: int | None = None) -> CampaignMatch:
    return new_campaign(str(path), seed, max_turns=turns)


class Passive:
    """A side's player that orders nothing, marches nowhere, stands every battle, lets the generals
    resolve it (their battle's decisions answered by the heuristic general) and retreats to the first
    place offered."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.general = make_player("heuristic", side, 1)

    def decide(self, w: War, d: Decision) -> cmd.Command:
        if w.battle is not None:
            return self.general.decide(w.battle, d)  # type: ignore[no-any-return]
        if d.kind == RESOLVE:
            return Resolve()
        if d.kind == RETREAT:
            return Retreat(d.unit, d.options[0])
        if d.kind == WITHDRAW and d.stage == "forced":
            return Decline(d.options[0])
        return cmd.Pass()


def passive(m: CampaignMatch) -> dict[str, Passive]:
    return {s: Passive(s) for s in m.war.sides}


def until(m: CampaignMatch, kind: str, side: str | None = None, limit: int = 5000) -> Decision:
    """Let the passive players answer until the war asks `kind` (of `side`); that decision."""
    players = passive(m)
    for _ in range(limit):
        d = m.war.pending
        assert d is not None, f"the war ended before asking {kind}"
        if d.kind == kind and (side is None or d.side == side) and m.war.battle is None:
            return d
        m.apply(players[d.side].decide(m.war, d))
    raise AssertionError(f"no {kind} asked")


def finish(m: CampaignMatch, limit: int = 20000) -> None:
    """The war played to its end by the passive players."""
    players = passive(m)
    for _ in range(limit):
        d = m.war.pending
        if d is None:
            return
        m.apply(players[d.side].decide(m.war, d))
    raise AssertionError("the war did not end")


def rejected(w: War, start: int) -> list[str]:
    return [e.reason for e in w.events[start:] if e.kind == "rejected"]  # type: ignore[attr-defined]


def notes(w: War, say: str) -> list[dict[str, Any]]:
    """The details of the war's notes told by `say`."""
    out = []
    for e in w.events:
        d = e.to_dict()
        if d["kind"] == "note" and (d.get("details") or {}).get("say") == say:
            out.append(d)
    return out
