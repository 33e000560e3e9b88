"""A whole campaign: opened from its file, its decisions asked of each side's player (a battle's of the
seats' generals when fought on the table, of the campaign's generals when resolved: CAMP-DEC-10), its
summary, and its replay. A campaign replay holds the content's identity, the seed and every command,
the war's and its battles' in one stream, so loading it is replaying it, battle by battle."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.content.files import read_regular, write_text
from game.content.mods import Mod
from game.model import commands as cmd
from game.model.errors import ContentError, UserError
from game.model.events import Event
from game.model.limits import ID
from game.model.resolution import Decision
from game.running.log_texts import REASONS
from game.running.match import (
    MAX_REFUSALS,
    MAX_REPLAY_BYTES,
    allowed_file,
    digest_of,
    parse_replay,
    recorded_mods,
    recorded_rolls,
)
from systems.campaign.generate import any_campaign
from systems.campaign.mode import new_war
from systems.campaign.state import War
from systems.campaign.theatre import Theatre, campaign_folders
from systems.campaign.victory import score

REPLAY_FORMAT = "forglory-campaign"
REPLAY_VERSION = 1
MAX_TURNS = 500


class Player(Protocol):
    def decide(self, game: Any, d: Decision) -> cmd.Command: ...


@dataclass
class CampaignMatch:
    war: War
    theatre: Theatre
    seed: int
    max_turns: int | None
    commands: list[cmd.Command] = field(default_factory=list)
    # command index -> the seed its dice are drawn from: a network game's (game/net/dice_chain.py),
    # kept by its replay; the war's dice and the battle's on the table both start again from it
    rolls: dict[int, int] = field(default_factory=dict)
    # a battle's number -> the seed of its own commands' dice, by their index in the battle (its copy
    # on the battle screen and in the replay viewer draws them again: game/running/campaign_battles.py)
    battle_rolls: dict[int, dict[int, int]] = field(default_factory=dict)

    def apply(self, c: cmd.Command, roll: int | None = None) -> list[Event]:
        """Apply a command to the war (or its battle on the table) and record it; its events.
        `roll`: the seed of this command's dice (kept, so that replaying draws them again)."""
        n = len(self.commands)
        if roll is not None:
            self.rolls[n] = roll
        w = self.war
        if n in self.rolls:
            w.dice.reseed(self.rolls[n])
            if w.battle is not None:  # its own stream, not the war's again
                seed = (self.rolls[n] + 1) % 2**64
                w.battle.dice.reseed(seed)
                f = w.fought[-1]
                self.battle_rolls.setdefault(f.number, {})[len(f.commands)] = seed
        self.commands.append(c)
        return w.apply(c)

    @property
    def over(self) -> bool:
        return self.war.pending is None


def new_campaign(
    ref: str,
    seed: int,
    mods: Sequence[Mod] = (),
    max_turns: int | None = None,
    dice: Sequence[int] | None = None,
) -> CampaignMatch:
    theatre = any_campaign(ref, mods)
    return CampaignMatch(new_war(theatre, seed, REASONS, max_turns, dice), theatre, seed, max_turns)


def generals_for(m: CampaignMatch) -> Callable[[str], Player]:
    """CAMP-DEC-10: the generals who play a battle resolved without the players: the numbers' level,
    thinking the numbers' share of its budget, seeded by the battle's seed and the side."""
    from game.ai.players import make_player

    made: dict[tuple[int, str], Player] = {}
    n = m.theatre.numbers

    def general(side: str) -> Player:
        f = m.war.fought[-1]
        key = (f.number, side)
        if key not in made:
            seat = m.war.sides.index(side)
            made[key] = make_player(n.resolve_level, side, f.setup.seed + seat, think=n.resolve_think)
        return made[key]

    return general


def play(
    m: CampaignMatch, players: Mapping[str, Player], until: Callable[[CampaignMatch], bool] | None = None
) -> None:
    """Ask each decision of the side's player until the war ends (or `until` says stop): the war's of
    the side's player, a battle's of the seat's player when it is fought on the table, of the
    campaign's generals when it is resolved."""
    w = m.war
    resolving = generals_for(m)
    refused = 0
    while w.pending is not None and not (until and until(m)):
        d = w.pending
        b = w.battle
        if b is not None and w.fought[-1].resolved == "auto":
            answer = resolving(d.side).decide(b, d)
        else:
            answer = players[d.side].decide(w, d)
        counts = (len(w.events), len(b.events) if b is not None else 0)
        m.apply(answer)
        rejected = any(e.kind == "rejected" for e in w.events[counts[0] :]) or (
            b is not None and any(e.kind == "rejected" for e in b.events[counts[1] :])
        )
        refused = refused + 1 if rejected and w.pending == d else 0
        if refused > MAX_REFUSALS:
            raise UserError(
                f"{m.theatre.path}: the {d.side} player finds no command the rules accept for {d.kind}"
            )


def summary(m: CampaignMatch) -> dict[str, Any]:
    """The campaign as one JSON object: its end, and each battle with its losses (brigades per side)."""
    w = m.war
    g = w.game
    assert g is not None
    battles = []
    for f in w.fought:
        r = f.result
        battles.append(
            {
                "number": f.number,
                "location": f.setup.location,
                "turn": f.turn,
                "resolved": f.resolved,
                "winner": r.winner if r is not None else None,
                "losses": dict(f.lost),
                "brigades_before": dict(f.before),
                "brigades_after": dict(f.after),
                "rounds": r.rounds if r is not None else 0,
                "end_reason": r.end_reason if r is not None else "in progress",
                "attacker": f.setup.attacker,
                "odds": f.odds,
            }
        )
    return {
        "campaign": m.theatre.id,
        "seed": m.seed,
        "winner": g.winner,
        "end_reason": g.end_reason or ("in progress" if not g.over else ""),
        "turns": g.round,
        "score": {s: x.total for s, x in score(w).items()},
        "holds": {loc: w.control[loc] for loc in m.theatre.spec.victory.places},  # the places that decide
        "battles": battles,
        "declined": [  # the battles the defender declined (CAMP-DEC-11): their numbers are not in `battles`
            {"number": d.number, "location": d.location, "turn": d.turn, "side": d.side} for d in w.declined
        ],
    }


# --- replays and saves ------------------------------------------------------------------------


def events_digest(w: War) -> str:
    """A fingerprint of the war's events and of each battle's: a replay must make them all again."""
    return digest_of(w.events, *(f.events for f in w.fought))


def event_count(w: War) -> int:
    return len(w.events) + sum(len(f.events) for f in w.fought)


def campaign_ref(t: Theatre) -> str:
    """How a replay names its campaign: by id when it is the game's or a loaded mod's, else by path
    (which a replay then needs given again: it never opens a path of its own choosing)."""
    folders = [f.resolve() for f in campaign_folders(t.rules.loaded_mods)]
    return t.id if t.path.resolve().parent in folders and t.path.stem == t.id else str(t.path.resolve())


def replay_data(m: CampaignMatch) -> dict[str, Any]:
    t = m.theatre
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "campaign": {"id": t.id, "ref": campaign_ref(t), "hash": t.content_hash},
        "ruleset": {"id": t.rules.id, "hash": t.rules.content_hash},
        "numbers": t.numbers_hash,
        "mods": [
            {"id": x.id, "version": x.spec.version, "path": str(x.root.resolve()), "hash": x.content_hash}
            for x in t.rules.loaded_mods
        ],
        "seed": m.seed,
        "max_turns": m.max_turns,
        "commands": [cmd.to_json(c) for c in m.commands],
        **({"rolls": [m.rolls.get(n) for n in range(len(m.commands))]} if m.rolls else {}),
        "events": {"count": event_count(m.war), "sha256": events_digest(m.war)},
    }


def save(m: CampaignMatch, path: Path) -> None:
    write_text(path, json.dumps(replay_data(m), indent=1) + "\n")


def is_campaign_replay(path: Path) -> bool:
    """Does the file say it is a campaign's replay (read before choosing how to load it)?"""
    data = parse_replay(str(path), read_regular(Path(path), MAX_REPLAY_BYTES))
    return isinstance(data, dict) and data.get("format") == REPLAY_FORMAT


def load(
    path: Path,
    mods: Sequence[Mod] = (),
    campaign: str | None = None,
    observe: Callable[[CampaignMatch], None] | None = None,
) -> CampaignMatch:
    """Rebuild a campaign from its replay or save, every battle played again from its commands;
    damaged or foreign files get a one-line error. `campaign`: its file, when the replay's is not the
    game's or a mod's; `observe`: shown the war before each command and after the last."""
    where = str(path)
    data = parse_replay(where, read_regular(Path(path), MAX_REPLAY_BYTES))
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise ContentError(where, "not a campaign's replay or save file")
    if data.get("version") != REPLAY_VERSION:
        raise ContentError(
            where, f"made by a campaign replay format this game does not read ({REPLAY_VERSION})"
        )
    try:
        camp, seed, raw, check = data["campaign"], data["seed"], data["commands"], data["events"]
        max_turns = data.get("max_turns")
        if not isinstance(camp, dict) or not isinstance(camp["id"], str) or not isinstance(raw, list):
            raise TypeError
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise TypeError
        if max_turns is not None and (isinstance(max_turns, bool) or not isinstance(max_turns, int)
                                      or not 1 <= max_turns <= MAX_TURNS):  # fmt: skip
            raise TypeError
        if not isinstance(check, dict):
            raise TypeError
        played_with = recorded_mods(where, data.get("mods", []), mods)
        rolls = recorded_rolls(where, data.get("rolls"), len(raw))
    except (KeyError, TypeError):
        raise ContentError(
            where, "damaged replay: a required field is missing or of the wrong type"
        ) from None
    ref = campaign or camp.get("ref") or camp["id"]
    if not (isinstance(ref, str) and (campaign or ID.fullmatch(ref) or allowed_file(ref, mods))):
        said = "names a campaign file outside the game, its mods and your battles: give it with --campaign"
        raise ContentError(f"{where}: campaign.ref", said)
    try:
        m = new_campaign(ref, seed, played_with, max_turns)
    except UserError as e:
        raise ContentError(f"{where}: campaign", str(e)) from None
    m.rolls = rolls
    try:
        if data.get("numbers") != m.theatre.numbers_hash:
            said = "made by another version of the game or a mod: other campaign numbers"
            raise ContentError(f"{where}: numbers", said)
        for i, r in enumerate(raw):
            if observe is not None:
                observe(m)
            if m.war.pending is None:
                raise ContentError(f"{where}: commands[{i}]", "damaged: commands after the campaign's end")
            try:
                m.apply(cmd.from_json(r, m.war.stack.commands))
            except ValueError as e:
                raise ContentError(f"{where}: commands[{i}]", f"damaged command: {e}") from None
        if observe is not None:
            observe(m)
        if event_count(m.war) != check.get("count") or events_digest(m.war) != check.get("sha256"):
            changed = m.theatre.content_hash != camp.get("hash")
            said = "made with another version of the campaign" if changed else "damaged or edited"
            raise ContentError(f"{where}: commands", f"{said}: they do not replay the saved campaign")
    except BaseException:
        m.war.close()
        raise
    return m
