"""The game two machines play, as game/net/ needs it: a battle of either game mode (a `Match`) or a
campaign (a `CampaignMatch`: the war and every battle of it, one command stream: CAMP-DEC-10). Whose
decision it waits for, its commands, each applied with the seed of its dice, the events each adds
(for the digest both machines compare), its identity, how a computer player decides in it, and how it
is saved. Everything else in game/net/ is the same for both."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.model import commands as cmd
from game.model.events import Event
from game.model.resolution import Decision
from game.running.campaign_match import CampaignMatch, campaign_ref, generals_for, new_campaign
from game.running.campaign_match import replay_data as campaign_data
from game.running.campaign_match import summary as war_summary
from game.running.match import Match, replay_data, restart, summary
from game.running.result_words import side_names
from game.running.saves import save_game, write_save

Decide = Callable[[Decision], cmd.Command]
CAMPAIGN = "campaign"  # an identity's ruleset id for a campaign (its battles' ruleset is in its hash)


class Played(Protocol):
    @property
    def seed(self) -> int: ...

    @property
    def commands(self) -> list[cmd.Command]: ...

    @property
    def rolls(self) -> dict[int, int]: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def sides(self) -> list[str]: ...

    @property
    def kinds(self) -> Mapping[str, type[cmd.Command]]: ...

    def apply(self, c: cmd.Command, roll: int | None = None) -> list[Event]: ...

    def unhashed(self) -> list[Event]:
        """The events not yet taken for the digest, in the order they happened: taken now."""
        ...

    def restart(self) -> Played: ...

    def close(self) -> None: ...

    def identity(self) -> dict[str, Any]: ...

    def decider(self, kind: str, side: str, seed: int, resolve: str = "table") -> Decide:
        """The computer player `kind` of `side`, deciding each decision of its side in this game."""
        ...

    def summary(self) -> dict[str, Any]: ...

    def side_names(self, language: str) -> Mapping[str, str]:
        """Its sides by their names in a language (what a line without a window calls them)."""
        ...

    def save(self, players: dict[str, str], path: Path | None, extra: dict[str, object]) -> Path:
        """Written as a save (to `path`, or a new file of the saves folder), `extra` beside it."""
        ...

    def save_name(self) -> tuple[str, int]:
        """What its saves are named by: its scenario's or campaign's id, and its round or turn."""
        ...


@dataclass
class BattlePlayed:
    """A battle (For Glory's or Open Wars'), as it always was played over the network and by file."""

    match: Match
    hashed: int = 0

    @property
    def seed(self) -> int:
        return self.match.seed

    @property
    def commands(self) -> list[cmd.Command]:
        return self.match.commands

    @property
    def rolls(self) -> dict[int, int]:
        return self.match.rolls

    @property
    def pending(self) -> Decision | None:
        return self.match.battle.pending

    @property
    def sides(self) -> list[str]:
        g = self.match.battle.game
        return list(g.sides) if g is not None else []

    @property
    def kinds(self) -> Mapping[str, type[cmd.Command]]:
        return self.match.battle.stack.commands

    def apply(self, c: cmd.Command, roll: int | None = None) -> list[Event]:
        return self.match.apply(c, roll)

    def unhashed(self) -> list[Event]:
        events = self.match.battle.events
        out, self.hashed = events[self.hashed :], len(events)
        return out

    def restart(self) -> Played:
        self.close()
        return BattlePlayed(restart(self.match))

    def close(self) -> None:
        self.match.battle.close()

    def identity(self) -> dict[str, Any]:
        data = replay_data(self.match)
        return {
            "ruleset": data["ruleset"],
            "scenario": {"id": data["scenario"]["ref"], "hash": data["scenario"]["hash"]},
            "mods": [{"id": x["id"], "version": x["version"], "hash": x["hash"]} for x in data["mods"]],
            "modules": data["modules"],
            "module_content": data["module_content"],
            "max_rounds": data["max_rounds"],
        }

    def decider(self, kind: str, side: str, seed: int, resolve: str = "table") -> Decide:
        from game.ai.players import make_player

        player = make_player(kind, side, seed)
        b = self.match.battle

        def decide(d: Decision) -> cmd.Command:
            b.enter()
            return player.decide(b, d)

        return decide

    def summary(self) -> dict[str, Any]:
        return summary(self.match)

    def side_names(self, language: str) -> Mapping[str, str]:
        return side_names(self.match, language)

    def save(self, players: dict[str, str], path: Path | None, extra: dict[str, object]) -> Path:
        return save_game(self.match, players, path, extra=extra)

    def save_name(self) -> tuple[str, int]:
        g = self.match.battle.game
        return self.match.scenario.id, g.round if g is not None else 0


@dataclass
class CampaignPlayed:
    """A campaign: the war's decisions and those of each battle of it, fought on the table by the
    seats' players or resolved by the campaign's generals (CAMP-DEC-10), in one stream. Its digest
    takes every event as it happens: the war's and the battle's on the table (a command's battle
    events first, as the war gives them)."""

    match: CampaignMatch
    war_hashed: int = 0
    battle: int = 0  # the battle whose events are being taken (an index of `fought`)
    battle_hashed: int = 0

    @property
    def seed(self) -> int:
        return self.match.seed

    @property
    def commands(self) -> list[cmd.Command]:
        return self.match.commands

    @property
    def rolls(self) -> dict[int, int]:
        return self.match.rolls

    @property
    def pending(self) -> Decision | None:
        return self.match.war.pending

    @property
    def sides(self) -> list[str]:
        return self.match.war.sides

    @property
    def kinds(self) -> Mapping[str, type[cmd.Command]]:
        return self.match.war.stack.commands

    def apply(self, c: cmd.Command, roll: int | None = None) -> list[Event]:
        return self.match.apply(c, roll)

    def unhashed(self) -> list[Event]:
        w = self.match.war
        out: list[Event] = []
        while self.battle < len(w.fought):
            live = self.battle == len(w.fought) - 1 and w.battle is not None
            events = w.battle.events if live and w.battle is not None else w.fought[self.battle].events
            out += events[self.battle_hashed :]
            if live:
                self.battle_hashed = len(events)
                break
            self.battle, self.battle_hashed = self.battle + 1, 0
        out += w.events[self.war_hashed :]
        self.war_hashed = len(w.events)
        return out

    def restart(self) -> Played:
        self.close()
        m = self.match
        fresh = new_campaign(campaign_ref(m.theatre), m.seed, m.theatre.rules.loaded_mods, m.max_turns)
        fresh.rolls = dict(m.rolls)
        return CampaignPlayed(fresh)

    def close(self) -> None:
        self.match.war.close()

    def identity(self) -> dict[str, Any]:
        """A campaign said in a battle's identity's fields (the protocol's, unchanged): its id and
        hash for the scenario's, its battles' ruleset for the ruleset's hash, its numbers as those of
        a rule module, its turn limit for the rounds'."""
        data = campaign_data(self.match)
        rules = data["ruleset"]
        return {
            "ruleset": {"id": CAMPAIGN, "hash": f"{rules['id']}:{rules['hash']}"},
            "scenario": {"id": data["campaign"]["ref"], "hash": data["campaign"]["hash"]},
            "mods": [{"id": x["id"], "version": x["version"], "hash": x["hash"]} for x in data["mods"]],
            "modules": [],
            "module_content": {CAMPAIGN: data["numbers"]},
            "max_rounds": data["max_turns"],
        }

    def decider(self, kind: str, side: str, seed: int, resolve: str = "table") -> Decide:
        """The side's strategic general of that level, whose battles on the table its For Glory
        general fights; a battle resolved is played by the campaign's generals (CAMP-DEC-10), each
        machine giving its own side's orders."""
        from game.ai.players import campaign_player

        m = self.match
        general = campaign_player(kind, side, seed, resolve, m.theatre.rules.loaded_mods)
        resolving = generals_for(m)

        def decide(d: Decision) -> cmd.Command:
            w = m.war
            b = w.battle
            if b is None:
                return general.decide(w, d)
            b.enter()
            return resolving(d.side).decide(b, d) if w.fought[-1].resolved == "auto" else general.decide(w, d)

        return decide

    def summary(self) -> dict[str, Any]:
        return war_summary(self.match)

    def side_names(self, language: str) -> Mapping[str, str]:
        return self.match.theatre.words(language).sides

    def save(self, players: dict[str, str], path: Path | None, extra: dict[str, object]) -> Path:
        data = {**campaign_data(self.match), **extra}
        return write_save(data, self.match.theatre.id, self.match.war.turn, players, path)

    def save_name(self) -> tuple[str, int]:
        return self.match.theatre.id, self.match.war.turn


def played(game: Played | Match | CampaignMatch) -> Played:
    """The game as game/net/ plays it (a battle's match or a campaign's, or one already so)."""
    if isinstance(game, CampaignMatch):
        return CampaignPlayed(game)
    return BattlePlayed(game) if isinstance(game, Match) else game


def is_campaign(identity: dict[str, Any]) -> bool:
    return bool(identity["ruleset"]["id"] == CAMPAIGN)
