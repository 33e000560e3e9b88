"""A whole battle from a scenario: set it up, let players answer its decisions, summarise it, and save
or replay it. A replay file holds the content's identity, the seed and every command, so loading a
save is replaying it; a fingerprint of the events they produced catches a damaged or edited file."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game import CONTENT
from game import commands as cmd
from game.army import with_armies
from game.battle import Battle, Decision, ObjectiveState
from game.dice import Dice
from game.errors import ContentError, UserError
from game.events import Event
from game.mods import Mod, load_mod, load_mods
from game.ruleset import Ruleset, load_ruleset
from game.scenario import Scenario, army_points, load_scenario
from systems import sequence
from systems.victory import score

REPLAY_FORMAT = "forglory-replay"
REPLAY_VERSION = 1
MAX_REFUSALS = 200  # a player that keeps sending refused commands is broken: stop rather than spin


class Player(Protocol):
    def decide(self, b: Battle, d: Decision) -> cmd.Command: ...


@dataclass
class Match:
    battle: Battle
    scenario: Scenario
    rules: Ruleset
    seed: int
    max_rounds: int | None
    commands: list[cmd.Command]

    def apply(self, c: cmd.Command) -> list[Event]:
        """Apply a command to the battle and record it for the replay; returns its events."""
        self.commands.append(c)
        return self.battle.apply(c)

    @property
    def over(self) -> bool:
        return self.battle.pending is None


def new_match(
    scenario_ref: str,
    seed: int,
    max_rounds: int | None = None,
    rules: Ruleset | None = None,
    dice: Sequence[int] | None = None,
) -> Match:
    """A battle of a scenario, stopped at its first decision. `dice` fixes every die in order instead
    of the seed (tests): such a battle cannot be replayed from its seed."""
    rules = rules or load_ruleset()
    sc = with_armies(load_scenario(scenario_ref, rules), rules, seed)  # FG-ARMY-3: points armies
    spec = sc.spec
    b = Battle(rules, sc.table, Dice(seed, dice))
    experience: dict[str, int | None] = {}
    arrival: dict[str, int | None] = {}
    for side in spec.sides:
        staff = f"{side.id}-staff"
        b.add_officer(staff, side.id, "staff", side.staff.experience or 0, (0.0, 0.0), reserve=True)
        experience[staff] = side.staff.experience
    for side in spec.sides:
        for dv in side.divisions:
            b.add_officer(dv.id, side.id, "division", dv.experience or 0, (0.0, 0.0), reserve=True)
            experience[dv.id] = dv.experience
            arrival[dv.id] = dv.arrival
            for u in dv.units:
                b.add_unit(u.id, side.id, dv.id, u.category, u.quality, (0.0, 0.0), 0.0, reserve=True)
    objectives = [
        ObjectiveState(o.id, o.at, o.name, o.held_by, {o.held_by} if o.held_by else set())
        for o in spec.objectives
    ]
    limit = max_rounds if max_rounds is not None else spec.max_rounds
    sequence.new_game(
        b, sc.id, [s.id for s in spec.sides], {s.id: s.edge for s in spec.sides}, objectives, limit
    )
    g = b.game
    assert g is not None
    g.zones = {s.id: list(s.deployment) for s in spec.sides if s.deployment}
    b.start(sequence.battle(b, experience, arrival))
    return Match(b, sc, rules, seed, limit, [])


def play(m: Match, players: dict[str, Player], until: Callable[[Match], bool] | None = None) -> None:
    """Ask each decision of the side's player until the battle ends (or `until` says stop)."""
    b = m.battle
    refused = 0
    while b.pending is not None and not (until and until(m)):
        d = b.pending
        before = len(b.events)
        m.apply(players[d.side].decide(b, d))
        refused = (
            refused + 1 if any(e.kind == "rejected" for e in b.events[before:]) and b.pending == d else 0
        )
        if refused > MAX_REFUSALS:
            raise RuntimeError(f"the {d.side} player keeps sending refused commands for {d}")


def summary(m: Match) -> dict[str, Any]:
    b = m.battle
    g = b.game
    assert g is not None
    points = score(b)
    return {
        "winner": g.winner,
        "end_reason": g.end_reason or ("in progress" if not g.over else ""),
        "rounds": g.round,
        "score": {s: p.total for s, p in points.items()},
        "score_lines": {s: p.lines for s, p in points.items()},
        "seed": m.seed,
        "scenario": m.scenario.id,
        "army_points": army_points(m.scenario.spec, m.rules),
    }


# --- replays and saves ------------------------------------------------------------------------


def scenario_ref(path: Path) -> str:
    """How a replay names its scenario: by id when it is one of the game's own (the replay then works
    wherever the game is installed), otherwise by its full path."""
    path = path.resolve()
    return path.stem if path.parent == (CONTENT / "scenarios").resolve() else str(path)


def events_digest(b: Battle) -> str:
    """A fingerprint of everything that happened in a battle: its replay must reproduce it exactly."""
    h = hashlib.sha256()
    for e in b.events:
        h.update(json.dumps(e.to_dict(), sort_keys=True).encode() + b"\n")
    return h.hexdigest()


def replay_data(m: Match) -> dict[str, Any]:
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "ruleset": {"id": m.rules.id, "hash": m.rules.content_hash},
        "mods": [
            {"id": x.id, "version": x.spec.version, "path": str(x.root.resolve()), "hash": x.content_hash}
            for x in m.rules.loaded_mods
        ],
        "scenario": {
            "id": m.scenario.id,
            "ref": scenario_ref(m.scenario.path),
            "hash": m.scenario.content_hash,
        },
        "seed": m.seed,
        "max_rounds": m.max_rounds,
        "commands": [cmd.to_json(c) for c in m.commands],
        "events": {"count": len(m.battle.events), "sha256": events_digest(m.battle)},
    }


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that it is either the old one or the whole new one, never half of it."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or Path("."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(m: Match, path: Path) -> None:
    try:
        write_atomic(path, json.dumps(replay_data(m), indent=1) + "\n")
    except OSError as e:
        raise UserError(f"{path}: cannot write: {e.strerror}") from None


def _recorded_mods(where: str, recorded: list[dict[str, str]]) -> list[Mod]:
    """The mods a replay was played with, found where they were and unchanged since."""
    found = []
    for i, r in enumerate(recorded):
        try:
            m = load_mod(Path(r["path"]))
        except ContentError:
            raise ContentError(
                f"{where}: mods[{i}]", f"needs the mod {r['id']!r}, not found at {r['path']}"
            ) from None
        if m.content_hash != r["hash"]:
            raise ContentError(
                f"{where}: mods[{i}]", f"the mod {r['id']!r} has changed since this battle was saved"
            )
        found.append(m)
    return load_mods([m.root for m in found])


def load(path: Path) -> Match:
    """Rebuild a battle from a replay or save; damaged or foreign files get a one-line error."""
    where = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(where, "no such file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ContentError(where, f"not a replay file (damaged JSON: {e})") from None
    except OSError as e:
        raise ContentError(where, f"cannot read: {e.strerror}") from None
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise ContentError(where, "not a For Glory replay or save file")
    if data.get("version") != REPLAY_VERSION:
        raise ContentError(
            where, f"made by replay format version {data.get('version')}, this game reads {REPLAY_VERSION}"
        )
    try:
        rs, sc, seed = data["ruleset"], data["scenario"], data["seed"]
        raw_commands = data["commands"]
        check = data["events"]
        max_rounds = data.get("max_rounds")
        if not isinstance(seed, int) or not isinstance(raw_commands, list) or not isinstance(check, dict):
            raise TypeError
        if max_rounds is not None and (not isinstance(max_rounds, int) or max_rounds < 1):
            raise TypeError
        rules = load_ruleset(rs["id"], mods=_recorded_mods(where, data.get("mods", [])))
        if rules.content_hash != rs["hash"]:
            raise ContentError(
                f"{where}: ruleset",
                f"made with other rules content for {rs['id']!r}: its numbers have changed since",
            )
        m = new_match(sc.get("ref") or sc["id"], seed, max_rounds, rules)
    except (KeyError, TypeError, AttributeError):
        raise ContentError(
            where, "damaged replay: a required field is missing or of the wrong type"
        ) from None
    try:
        if m.scenario.content_hash != sc.get("hash"):
            raise ContentError(
                f"{where}: scenario", f"made with another version of the scenario {sc.get('id')!r}"
            )
        for i, raw in enumerate(raw_commands):
            try:
                m.apply(cmd.from_json(raw))
            # a command whose fields hold the wrong kind of value fails inside the rules
            except (ValueError, TypeError, AttributeError, IndexError, KeyError) as e:
                raise ContentError(f"{where}: commands[{i}]", f"damaged command: {e}") from None
        if len(m.battle.events) != check.get("count") or events_digest(m.battle) != check.get("sha256"):
            raise ContentError(f"{where}: commands", "damaged or edited: they do not replay the saved battle")
    except BaseException:
        m.battle.close()
        raise
    return m
