"""A whole battle from a scenario: set it up, let players answer its decisions, summarise it, and save
or replay it. A replay file holds the content's identity, the seed and every command, so loading a
save is replaying it; a fingerprint of the events they produced catches a damaged or edited file."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game import CONTENT
from game.ai.common import NoRoomToDeploy
from game.content.army import with_armies
from game.content.files import read_regular, write_text
from game.content.mods import Mod, load_mod, load_mods, user_data_dir, user_mods_dir
from game.content.module_records import chosen_in, rule_stack
from game.content.ruleset_files import load_ruleset
from game.content.scenario import (
    Scenario,
    army_points,
    load_scenario,
    scenario_folders,
    scenario_path,
    scenario_ruleset,
)
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.dice import Dice
from game.model.errors import ContentError, UserError, one_line
from game.model.events import Event, Rejected
from game.model.limits import ID, check_id
from game.model.modules import MAX_MODULES, compose, mode_for_ruleset
from game.model.resolution import Decision
from game.model.ruleset import Ruleset
from game.running.log_texts import REASONS
from systems.for_glory.deployment import most_in_division

REPLAY_FORMAT = "forglory-replay"
REPLAY_VERSION = 1
MAX_REPLAY_BYTES = 16 * 1024 * 1024  # a 12-round battle saves in about 300 KB
# commands a replay or save may hold: the longest game the computer players play on the shipped
# scenarios holds about 1,250 (bench/replay_lengths.py: Open Wars, four players, a large random map),
# and replays at about 2,000 a second; more is refused before anything is played
MAX_REPLAY_COMMANDS = 20_000
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
    options: dict[str, Any] | None = None  # a game mode's set-up choices (an Open Wars random map's)
    # command index -> the seed its dice are drawn from: a network game's commands, whose dice both
    # machines draw once the command is given (game/net/dice_chain.py); a replay keeps them
    rolls: dict[int, int] = field(default_factory=dict)
    # how the same battle is built again from its start when it is not a scenario's (a campaign's
    # battle: game/running/campaign_battles.py), for an undo and the replay viewer
    rebuilt: Callable[[], Match] | None = None

    def apply(self, c: cmd.Command, roll: int | None = None) -> list[Event]:
        """Apply a command to the battle and record it for the replay; returns its events. `roll`:
        the seed of this command's dice (kept, so that replaying the commands draws them again)."""
        n = len(self.commands)
        if roll is not None:
            self.rolls[n] = roll
        if n in self.rolls:
            self.battle.dice.reseed(self.rolls[n])
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
    modules: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    mods: Sequence[Mod] = (),
    chosen_by: str | None = None,
) -> Match:
    """A battle of a scenario, stopped at its first decision. `dice` fixes every die in order instead
    of the seed (tests): such a battle cannot be replayed from its seed. The battle runs the rule
    modules its mods and scenario switch on, then `modules` (the command line's, or those of the file
    `chosen_by` names: a replay, which a problem with them then names). `options`: another game
    mode's set-up choices (an Open Wars random map's players and factions); `mods`: the mods of a
    game of another mode when no ruleset is given (a replay's)."""
    mods = tuple(mods) or (rules.loaded_mods if rules is not None else ())
    path = scenario_path(scenario_ref, mods)
    other = mode_for_ruleset(scenario_ruleset(path))
    if other is not None and other.open is not None:  # a game of another mode (Open Wars)
        where = chosen_by or chosen_in(path, (), modules)
        try:  # its modules checked first, so that a problem with them names where they were chosen
            compose(other.id, modules)
        except UserError as e:
            raise ContentError(f"{where}: modules", str(e)) from None
        game, world, its_rules = other.open(
            path, seed, max_rounds, dice, modules, REASONS, mods=mods, options=options or None
        )
        return Match(game, world, its_rules, seed, game.game.max_rounds, [], options or None)
    if options:
        raise UserError(f"{path}: {', '.join(options)}: chosen for an Open Wars random map, not a battle")
    rules = rules or load_ruleset()
    # FG-ARMY-3: points armies, in divisions their officers reach (FG-DEP-9)
    sc = with_armies(load_scenario(scenario_ref, rules), rules, seed, most_in_division(rules))
    return scenario_match(sc, rules, seed, max_rounds, dice, modules, chosen_by)


def scenario_match(
    sc: Scenario,
    rules: Ruleset,
    seed: int,
    max_rounds: int | None = None,
    dice: Sequence[int] | None = None,
    modules: Sequence[str] = (),
    chosen_by: str | None = None,
) -> Match:
    """A battle of a loaded For Glory scenario (its armies built), stopped at its first decision
    (`new_match`'s arguments)."""
    spec = sc.spec
    stack = rule_stack(
        rules, [*spec.modules, *modules], chosen_by or chosen_in(sc.path, spec.modules, modules)
    )
    b = Battle(rules, sc.table, Dice(seed, dice), stack, words=REASONS)
    limit = max_rounds if max_rounds is not None else spec.max_rounds
    stack.mode.setup(b, sc, limit)  # the mode's own set-up and sequence, up to its first decision
    return Match(b, sc, rules, seed, limit, [])


def restart(m: Match) -> Match:
    """The same battle from its start: same content, seed, round limit and rule modules (undo and
    the replay viewer replay commands into it)."""
    if m.rebuilt is not None:
        return m.rebuilt()
    ref = scenario_ref(m.scenario.path, m.rules.loaded_mods)
    if m.options is not None or not isinstance(m.rules, Ruleset):
        fresh = new_match(ref, m.seed, m.max_rounds, modules=m.battle.stack.ids, options=m.options,
                          mods=m.rules.loaded_mods)  # fmt: skip
    else:
        fresh = new_match(ref, m.seed, m.max_rounds, m.rules, modules=m.battle.stack.ids)
    fresh.rolls = dict(m.rolls)
    return fresh


def play(m: Match, players: dict[str, Player], until: Callable[[Match], bool] | None = None) -> None:
    """Ask each decision of the side's player until the battle ends (or `until` says stop)."""
    b = m.battle
    refused = 0
    while b.pending is not None and not (until and until(m)):
        d = b.pending
        before = len(b.events)
        try:
            c = players[d.side].decide(b, d)
        except NoRoomToDeploy as e:  # the players read the side and the division by their names
            raise _named(m, e) from None
        m.apply(c)
        refused = (
            refused + 1 if any(e.kind == "rejected" for e in b.events[before:]) and b.pending == d else 0
        )
        if refused > MAX_REFUSALS:
            why = next(e for e in reversed(b.events) if isinstance(e, Rejected))
            raise ContentError(  # the battle's file: its numbers or places leave no legal command
                str(m.scenario.path),
                f"the {d.side} player finds no command the rules accept for the {d.kind} of "
                f"{d.unit or d.side}; the last refusal: {why.reason} ({why.rule})",
            )


def _named(m: Match, e: NoRoomToDeploy) -> NoRoomToDeploy:
    """The refusal with its side and division named as the scenario names them in each language: an
    English line read back would keep the English names in Spanish."""
    from game.content.languages import LANGUAGES
    from game.content.locale import Texts
    from game.running.names import named

    names = {language: named(Texts(language), m).names for language in LANGUAGES}
    return e.named({k: (n.side(e.side), n.formation(e.division, short=False)) for k, n in names.items()})


def summary(m: Match) -> dict[str, Any]:
    b = m.battle
    g = b.game
    assert g is not None
    points = b.stack.mode.score(b)
    return {
        "winner": g.winner,
        "end_reason": g.end_reason or ("in progress" if not g.over else ""),
        "rounds": g.round,
        "score": {s: p.total for s, p in points.items()},
        "score_lines": {s: p.lines for s, p in points.items()},
        "seed": m.seed,
        "scenario": m.scenario.id,
        "army_points": (
            army_points(m.scenario.spec, m.rules) if isinstance(m.scenario, Scenario) else b.army_values()
        ),
    }


# --- replays and saves ------------------------------------------------------------------------


def scenario_ref(path: Path, mods: Sequence[Mod] = ()) -> str:
    """How a replay names its scenario: by id when it is the game's own or a loaded mod's (the replay
    then works wherever the game and the mod are), otherwise by its full path."""
    path = path.resolve()
    folders = [f for root in (CONTENT, *(m.root for m in mods)) for f in scenario_folders(root)]
    return path.stem if any(path.parent == f.resolve() for f in folders) else str(path)


def events_digest(b: Battle) -> str:
    """A fingerprint of everything that happened in a battle: its replay must reproduce it exactly."""
    return digest_of(b.events)


def digest_of(*logs: Sequence[Event]) -> str:
    """A fingerprint of the events of one game or more, in order (a campaign's and its battles')."""
    h = hashlib.sha256()
    for log in logs:
        for e in log:
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
            "ref": scenario_ref(m.scenario.path, m.rules.loaded_mods),
            "hash": m.scenario.content_hash,
        },
        "modules": list(m.battle.stack.ids),
        "module_content": dict(m.battle.stack.hashes),  # the numbers of the modules that have any
        "seed": m.seed,
        "max_rounds": m.max_rounds,
        **({"options": m.options} if m.options else {}),
        "commands": [cmd.to_json(c) for c in m.commands],
        **({"rolls": [m.rolls.get(n) for n in range(len(m.commands))]} if m.rolls else {}),
        "events": {"count": len(m.battle.events), "sha256": events_digest(m.battle)},
    }


def save(m: Match, path: Path) -> None:
    write_text(path, json.dumps(replay_data(m), indent=1) + "\n")


MAX_RECORDED_MODS = 64


def battles_dir() -> Path:
    """Where the window keeps the battles it makes (random battles, the scenario editor's "Try it"):
    a folder of the game's own, so a battle saved there may be resumed."""
    return user_data_dir() / "battles"


MADE_LISTED = 200  # the battles folder's files the lists show at most (a folder of thousands stays quick)


def battles_listed(shipped: list[Path], scenario: str) -> list[Path]:
    """The battles a player may choose: the game's and the mods' (`shipped`), the window's own, and a
    file named by `play --scenario x.toml` (generate's, a friend's), which is listed to be chosen."""
    found = [*shipped, *made_battles()]
    if scenario.endswith(".toml") and Path(scenario) not in found:
        found.append(Path(scenario))
    return found


def made_battles(kinds: Sequence[str] = ("", "open-wars")) -> list[Path]:
    """The battles and maps the window made, by name: saved from the editor, tried from it, random
    ones; listed after the game's and the mods' own (each by its path: its id may be theirs too).
    None when the folder is no folder (a file, a link that loops). `kinds`: the battles folder's
    folders of them ("campaigns": the editor's campaigns)."""
    found: list[Path] = []
    for folder in (battles_dir() / kind for kind in kinds):
        try:
            with os.scandir(folder) as entries:
                found += sorted(Path(e.path) for e in entries if e.name.endswith(".toml"))
        except OSError:
            continue
    return found[:MADE_LISTED]


def _allowed_roots(given: Sequence[Path]) -> list[Path]:
    """The folders a replay may name a mod or a scenario file in: the game's content, the user's mods
    folder, the battles the window made and the mods given on the command line."""
    return [p.resolve() for p in (CONTENT, user_mods_dir(), battles_dir(), *given)]


def _inside(path: Path, roots: Sequence[Path]) -> bool:
    real = Path(os.path.realpath(path))
    return any(real.is_relative_to(r) for r in roots)


def allowed_file(ref: str, given: Sequence[Mod]) -> bool:
    """Whether a replay may name this content file (a scenario's, a campaign's) by its path: a `.toml`
    inside the game's content, the user's mods folder, the battles the window made or a mod given."""
    path = Path(ref)
    roots = _allowed_roots([m.root for m in given])
    return path.is_absolute() and path.suffix == ".toml" and _inside(path, roots)


def recorded_mods(where: str, recorded: object, given: Sequence[Mod]) -> list[Mod]:
    """The mods a replay was played with, unchanged since: each found among the mods given with --mod
    (by id), else at its recorded folder if that is in the game's content or the user's mods folder."""
    if not isinstance(recorded, list) or len(recorded) > MAX_RECORDED_MODS:
        raise ContentError(f"{where}: mods", f"a list of at most {MAX_RECORDED_MODS} mods")
    roots = _allowed_roots([m.root for m in given])
    by_id = {m.id: m for m in given}
    found = []
    for i, r in enumerate(recorded):
        at = f"{where}: mods[{i}]"
        if not isinstance(r, dict) or not all(isinstance(r.get(k), str) for k in ("id", "path", "hash")):
            raise ContentError(at, "a mod needs its id, path and hash")
        check_id(r["id"], f"{at}.id")
        m = by_id.get(r["id"])
        if m is None:
            path = Path(r["path"])
            if not (path.is_absolute() and _inside(path, roots) and path.is_dir()):
                raise ContentError(
                    at,
                    f"needs the mod {r['id']!r}: give its folder with --mod, or put it in your mods folder",
                )
            m = load_mod(path)
        if m.id != r["id"] or m.content_hash != r["hash"]:
            raise ContentError(at, f"the mod {r['id']!r} has changed since this battle was saved")
        found.append(m)
    return load_mods([m.root for m in found])


def _scenario_ref(where: str, sc: dict[str, Any], given: Sequence[Mod]) -> str:
    """The recorded scenario: an id of the game's or a mod's, or a file inside the allowed folders."""
    ref = sc.get("ref") or sc["id"]
    if not isinstance(ref, str):
        raise TypeError
    if ID.fullmatch(ref):
        return ref
    if not allowed_file(ref, given):
        raise ContentError(
            f"{where}: scenario.ref",
            "names a scenario file outside the game's content and the given mods: give its folder's mod "
            "with --mod, or its file with --scenario",
        )
    return ref


def parse_replay(where: str, raw: bytes) -> Any:
    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not a number a replay holds")

    try:
        return json.loads(raw.decode("utf-8"), parse_constant=refuse)
    except UnicodeDecodeError:
        raise ContentError(where, "not a replay file (not UTF-8 text)") from None
    except json.JSONDecodeError as e:
        raise ContentError(where, f"not a replay file (damaged JSON at line {e.lineno})") from None
    except RecursionError:
        raise ContentError(where, "not a replay file (nested too deeply)") from None
    except ValueError as e:  # NaN or Infinity, or an integer of more than 4300 digits
        raise ContentError(where, f"damaged replay: {e}") from None


def recorded_ruleset(path: Path) -> str:
    """The ruleset a replay or save was played with (its game mode's), read before loading it."""
    data = parse_replay(str(path), read_regular(Path(path), MAX_REPLAY_BYTES))
    rs = data.get("ruleset") if isinstance(data, dict) else None
    named = rs.get("id") if isinstance(rs, dict) else None
    return named if isinstance(named, str) else "for-glory"


def _other_version(where: str, m: Match, rs: dict[str, Any], sc: dict[str, Any]) -> ContentError | None:
    """What to say when a save's scenario or rules content has changed since (its hash differs) and its
    commands no longer make its events; None when both are as they were."""
    plays = "its commands no longer play the saved battle"
    if m.scenario.content_hash != sc.get("hash"):
        return ContentError(
            f"{where}: scenario", f"made with another version of the scenario {m.scenario.id!r}: {plays}"
        )
    if m.rules.content_hash != rs.get("hash"):
        return ContentError(
            f"{where}: ruleset", f"made with another version of the rules {m.rules.id!r}: {plays}"
        )
    return None


def recorded_rolls(where: str, raw: object, count: int) -> dict[int, int]:
    """A replay's seeds of its commands' dice (a network game's), one per command or null."""
    if raw is None:
        return {}
    if not isinstance(raw, list) or len(raw) != count:
        raise ContentError(f"{where}: rolls", "a seed (or null) for each command")
    for i, r in enumerate(raw):
        if r is not None and (isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < 2**64):
            raise ContentError(f"{where}: rolls[{i}]", "a seed from 0 to 2^64 - 1, or null")
    return {i: r for i, r in enumerate(raw) if r is not None}


def _replay_commands(
    where: str,
    m: Match,
    raw_commands: list[Any],
    check: dict[str, Any],
    observe: Callable[[Match], None] | None = None,
) -> None:
    """Apply a save's commands; they must make exactly its events (their count and digest).
    `observe`: shown the battle before each command and after the last."""
    for i, raw in enumerate(raw_commands):
        if observe is not None:
            observe(m)
        try:
            m.apply(cmd.from_json(raw, m.battle.stack.commands))
        except ValueError as e:  # a field of the wrong type or out of range, checked before any rule
            raise ContentError(f"{where}: commands[{i}]", f"damaged command: {e}") from None
        if m.battle.pending is None and i < len(raw_commands) - 1:
            raise ContentError(f"{where}: commands[{i + 1}]", "damaged: commands after the battle's end")
    if observe is not None:
        observe(m)
    if len(m.battle.events) != check.get("count") or events_digest(m.battle) != check.get("sha256"):
        raise ContentError(f"{where}: commands", "damaged or edited: they do not replay the saved battle")


def load(
    path: Path,
    mods: Sequence[Mod] = (),
    scenario: str | None = None,
    modules: Sequence[str] = (),
    observe: Callable[[Match], None] | None = None,
) -> Match:
    """Rebuild a battle from a replay or save; damaged or foreign files get a one-line error. `mods` are
    the mods given on the command line (found by id), `scenario` a scenario file to use instead of the
    recorded one, `modules` the rule modules the caller expects (each must be one the battle was
    played with: a replay always runs its recorded ones). A scenario or rules content changed since
    (its hash differs) is no refusal by itself: a wording edit leaves the battle as it was, so the
    commands are replayed and only events that differ refuse it, as made with another version."""
    where = str(path)
    data = parse_replay(where, read_regular(Path(path), MAX_REPLAY_BYTES))
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise ContentError(where, "not a For Glory replay or save file")
    if data.get("version") != REPLAY_VERSION:
        version = data.get("version")
        shown = version if isinstance(version, int) and abs(version) < 10**6 else "?"
        raise ContentError(where, f"made by replay format version {shown}, this game reads {REPLAY_VERSION}")
    try:
        rs, sc, seed = data["ruleset"], data["scenario"], data["seed"]
        raw_commands = data["commands"]
        check = data["events"]
        max_rounds = data.get("max_rounds")
        recorded = data.get("modules", [])  # replays made before rule modules have none
        if not isinstance(recorded, list) or len(recorded) > MAX_MODULES:
            raise TypeError
        for i, x in enumerate(recorded):
            check_id(x, f"{where}: modules[{i}]")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise TypeError
        if not isinstance(raw_commands, list) or not isinstance(check, dict):
            raise TypeError
        if len(raw_commands) > MAX_REPLAY_COMMANDS:
            raise ContentError(
                f"{where}: commands",
                f"{len(raw_commands)} commands, more than a replay or save may hold ({MAX_REPLAY_COMMANDS})",
            )
        rolls = recorded_rolls(where, data.get("rolls"), len(raw_commands))
        if max_rounds is not None and (
            isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or not 1 <= max_rounds <= 1000
        ):
            raise TypeError
        if not isinstance(rs, dict) or not isinstance(sc, dict) or not isinstance(rs["id"], str):
            raise TypeError
        played_with = recorded_mods(where, data.get("mods", []), mods)  # in every game mode alike
        other = mode_for_ruleset(rs["id"])  # a game of another mode loads its own rules
        rules = None if other else load_ruleset(rs["id"], mods=played_with)
        options = data.get("options")
        if options is not None and not isinstance(options, dict):
            raise TypeError
        ref = scenario or _scenario_ref(where, sc, mods)
        m = new_match(
            ref, seed, max_rounds, rules, modules=recorded, options=options, mods=played_with, chosen_by=where
        )
        m.rolls = rolls
        if m.rules.id != rs["id"]:  # a replay relabelled to skip its mode's checks
            m.battle.close()
            raise ContentError(
                f"{where}: ruleset.id",
                f"says {one_line(rs['id'], 40)!r}, but its scenario is played with {m.rules.id!r}",
            )
    except (KeyError, TypeError, AttributeError):
        raise ContentError(
            where, "damaged replay: a required field is missing or of the wrong type"
        ) from None
    try:
        extra = [x for x in modules if x not in m.battle.stack.ids]
        if extra:
            played = ", ".join(m.battle.stack.ids) or "no rule module"
            raise ContentError(f"{where}: modules", f"played with {played}, not with {', '.join(extra)}")
        recorded_numbers = data.get("module_content", {})
        for mid, digest in m.battle.stack.hashes.items():
            if not isinstance(recorded_numbers, dict) or recorded_numbers.get(mid) != digest:
                raise ContentError(
                    f"{where}: module_content", f"made with other numbers for the rule module {mid}"
                )
        other_version = _other_version(where, m, rs, sc)
        try:
            _replay_commands(where, m, raw_commands, check, observe)
        except ContentError:
            if other_version is None:
                raise
            raise other_version from None
    except BaseException:
        m.battle.close()
        raise
    return m
