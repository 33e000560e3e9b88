"""The cases of the fuzzer (tests/fuzzing.py): each kind of untrusted input, mutated from what the game
ships, and the steps that meet it (a command line, or a call into the game where no command reaches:
the window, the saves folder, the locale of a copy of content/).

    ruleset, scenario, script, mod, locale, replay   mutated files through check-content, simulate,
                                                     script and replay
    campaign   a campaign file in a mod, checked and played a turn (simulate --campaign), or a
               campaign's replay, mutated
    ids        a scenario's, map's, unit's, side's, faction's, mod's or temperament's id made hostile
               ("../../../../victim/*"), then loaded, played and saved
    window     hostile text (markup, huge, format strings, bidi) in every text field of a mod's
               scenario, map, manifest and rules, drawn on every screen (the dummy video driver)
    saves      a saves folder of links (dangling, looping, leading out), pipes, folders, huge, read-only
               and damaged files, listed, rotated, shown and loaded
    specs      a locale text's {names} given format specs and conversions, checked and narrated
    decisions  a scripted battle's named answers to a rule module's decisions
    modules    rule module lists (unknown, clashing, missing the one they build on) in a scenario, a
               mod, the command line and a replay
    turns      a game by file's turn file edited, then sealed and signed again (as its hostile sender
               can; a reader of the mails cannot sign), opened with by-file open and played
    wire       a peer that speaks the network protocol honestly up to a point (hello, join, the dice,
               play), then sends a mutated message: the host says one line per refusal, never fails
    editor     a scenario or map with extreme numbers, names 10,000 characters long or mutated text,
               opened, drawn, used and saved every way in the editor's window, the game's folders as
               a player's may be (tests/fuzz_editor.py); the start screen listing the battles folder
    ...        and the kinds of tests/fuzz_surfaces.py (generate, puzzle, openwars, sizes, numbers,
               settings, viewer, tournament, bystart, newmod, schema, outputs)
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import random
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import CONTENT

KINDS = (
    "ruleset", "scenario", "script", "mod", "locale", "replay", "campaign",
    "ids", "window", "saves", "specs", "decisions", "modules", "turns", "wire", "peers",
)  # fmt: skip
MOD = 'id = "fuzz"\nname = "Fuzz"\nversion = "1"\n'

# values a mutation puts in place of another: extremes, other types, escapes, nesting
VALUES = [
    "0", "-1", "7", "0.5", "-0.0", "1e308", "-1e308", "-9.2e18", "inf", "-inf", "nan",
    "9" * 5000, "99999999999999999999999999999", "true", "false", '""', '"x"', '"XS"', '"LnInf"',
    '"\\u001b[2K\\rok"', '"\\u202e"', '"' + "x" * 6000 + '"', "[]", "[1, 2]", "[[1, 2], [3, 4]]",
    "[[0, 0], [0, 0], [0, 0]]", "{}", "{ a = 1 }", "1979-05-27", "[" * 300 + "]" * 300,
    "[" * 100_000 + "]" * 100_000, "[" + "1e308, " * 100_000 + "]", "{ " + "a = { " * 1000 + "}" * 1001,
    '"../../../../etc/passwd"', '"/dev/zero"', '"/proc/self/mem"',
]  # fmt: skip
JSON_VALUES: list[Any] = [
    0, -1, 1, 2**63, -(2**63), 10**30, 1e308, -9.2e18, 0.5, True, False, None, "", "x", "\x1b[2Kok",
    "u" * 5000, [], [1.0, 2.0], [1e308, -1e308], {}, {"type": "Move"}, "../../../../etc/passwd",
    "/dev/zero", "/proc/self", "/tmp", "for-glory", "default",
]  # fmt: skip
JSON_TOKENS = ["NaN", "Infinity", "-Infinity", "9" * 5000, "[" * 100_000 + "]" * 100_000, "1e999"]


# --- mutations --------------------------------------------------------------------------------------


# how often each corruption of a TOML file is chosen: mostly a value, so the file still parses and
# the checks behind the parser are reached
OPS = {
    "number": 40, "word": 15, "value": 25, "delete": 6, "duplicate": 4, "swap": 4, "key": 4, "header": 2,
    "truncate": 1, "bytes": 1,
}  # fmt: skip
NUMBER = re.compile(rb"-?\d+(\.\d+)?(e-?\d+)?")
WORD = re.compile(rb'"[^"\\\n]{0,40}"')


def _number(rng: random.Random, old: bytes) -> bytes:
    """A number near or far from the one it replaces, of the same kind (integer or not)."""
    n = float(old)
    if not math.isfinite(n):  # a 5000-digit number put in by an earlier corruption
        n = 1.0
    new = rng.choice([0, 1, -1, 2 * n, n / 2, -n, 100 * n, n + 1, n - 1, 1e6, 12, 11.9, 240, 241, 6, 7])
    return str(int(new)).encode() if b"." not in old and b"e" not in old else repr(float(new)).encode()


def mutate_text(rng: random.Random, text: bytes) -> bytes:
    """One to four line- or value-level corruptions of a TOML file."""
    for _ in range(rng.choice([1, 1, 1, 1, 2, 2, 3, 4])):  # mostly one change: the file still parses
        lines = text.split(b"\n")
        i = rng.randrange(max(len(lines), 1))
        op = rng.choices(list(OPS), weights=list(OPS.values()))[0]
        if op == "delete" and lines:
            del lines[i]
        elif op == "duplicate" and lines:
            lines.insert(i, lines[i])
        elif op == "swap" and lines:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "number" and lines:
            spots = [(n, m) for n, line in enumerate(lines) if not line.lstrip().startswith(b"#")
                     for m in NUMBER.finditer(line)]  # fmt: skip
            if spots:
                n, m = rng.choice(spots)
                lines[n] = lines[n][: m.start()] + _number(rng, m.group()) + lines[n][m.end() :]
        elif op == "word" and lines:
            words = [(n, m) for n, line in enumerate(lines) if not line.lstrip().startswith(b"#")
                     for m in WORD.finditer(line)]  # fmt: skip
            if words:
                n, m = rng.choice(words)
                other = rng.choice(words)[1].group()
                lines[n] = lines[n][: m.start()] + other + lines[n][m.end() :]
        elif op in ("value", "key"):
            kv = [n for n, line in enumerate(lines) if b"=" in line and not line.lstrip().startswith(b"#")]
            if kv:
                n = rng.choice(kv)
                key, _eq, value = lines[n].partition(b"=")
                if op == "value":
                    value = b" " + rng.choice(VALUES).encode()
                else:
                    key = rng.choice([b"id", b"code", b"kind", b"name", b"value", b"x", b"units", b"ruleset"])
                lines[n] = key + b"=" + value
        elif op == "header":  # a table becomes an array of tables, or the other way round
            heads = [n for n, line in enumerate(lines) if line.startswith(b"[")]
            if heads:
                n = rng.choice(heads)
                lines[n] = lines[n][1:-1] if lines[n].startswith(b"[[") else b"[" + lines[n] + b"]"
        text = b"\n".join(lines)
        if op == "truncate":
            text = text[: rng.randint(0, len(text))]
        elif op == "bytes":
            at = rng.randint(0, len(text))
            text = text[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + text[at:]
    return text


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:50]):
            out += _paths(v, (*here, i))
    return out


def mutate_json(rng: random.Random, data: Any) -> bytes:
    """A replay with values replaced, keys deleted or renamed, or the text itself broken."""
    data = json.loads(json.dumps(data))
    for _ in range(rng.choice([1, 1, 2, 3])):
        paths = [p for p in _paths(data) if p]
        commands = [p for p in paths if p[0] == "commands" and len(p) > 2]
        path = rng.choice(commands if commands and rng.random() < 0.6 else paths)
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        op = rng.choice(["value", "value", "value", "borrow", "borrow", "delete", "rename", "grow", "swap"])
        if op == "value":
            parent[last] = rng.choice(JSON_VALUES)
        elif op == "borrow":  # a value from elsewhere in the replay: another unit's id, another command
            source: Any = data
            for step in rng.choice(paths):
                source = source[step]
            parent[last] = json.loads(json.dumps(source))
        elif op == "swap" and isinstance(parent, list):
            other = rng.randrange(len(parent))
            parent[last], parent[other] = parent[other], parent[last]
        elif op == "delete":
            del parent[last]
        elif op == "rename" and isinstance(parent, dict):
            parent[rng.choice(["type", "unit", "to", "x", "ref", "path", "id"])] = parent.pop(last)
        elif op == "grow" and isinstance(parent, list):
            parent.extend([parent[last]] * rng.randint(1, 50))
    text = json.dumps(data).encode()
    roll = rng.random()
    if roll < 0.1:  # tokens json.dumps would never write
        at = rng.randint(0, len(text))
        text = text[:at] + rng.choice(JSON_TOKENS).encode() + text[at:]
    elif roll < 0.15:
        text = text[: rng.randint(0, len(text))]
    return text


# --- the steps of a case ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One thing a case does: a command line (argv), or a call into the game returning the problem lines
    it was told (None or [] when all went well); `before` runs first (it sets the stage). A step runs
    when the steps before it went well, or (`anyway`) were refused cleanly: it meets the same input
    another way."""

    name: str
    argv: list[str] | None = None
    call: Callable[[], list[str] | None] | None = None
    before: Callable[[], None] | None = None
    anyway: bool = False


def command(*argv: str, anyway: bool = False) -> Step:
    return Step(" ".join(argv[:2]), argv=list(argv), anyway=anyway)


@dataclass(frozen=True)
class Place:
    """Where a case runs: its files (work), the game's folders and the canaries beside them."""

    root: Path

    @property
    def work(self) -> Path:
        return self.root / "work"

    @property
    def saves(self) -> Path:
        return self.root / "data" / "forglory" / "saves"

    @property
    def canary(self) -> Path:
        return self.root / "victim"


def _shipped(pattern: str) -> list[Path]:
    return sorted(CONTENT.glob(pattern))


def replays_in(folder: Path) -> list[dict[str, Any]]:
    """A few real replays to start from (made once per run): For Glory battles, an Open Wars game and a
    campaign's first turn (the last)."""
    from game.cli.entry import main

    out = []
    games = [
        ("seed1", ["--scenario", "default", "--rounds", "2"]),
        ("seed2", ["--scenario", "river-crossing", "--rounds", "2"]),
        ("ow", ["--scenario", "ow-twin-fords", "--rounds", "2"]),
        ("campaign", ["--campaign", "peninsular", "--turns", "1", "--resolve", "auto"]),
    ]
    for name, game in games:
        f = folder / f"{name}.json"
        if not f.exists():
            with contextlib.redirect_stdout(io.StringIO()):
                main(["simulate", "--seed", "1", *game, "--save-replay", str(f)])
        out.append(json.loads(f.read_text()))
    return out


def build(
    kind: str, rng: random.Random, number: int, place: Place, replays: list[dict[str, Any]]
) -> list[Step]:
    """Write the case's files under place.work; the steps to take, in order (each only if the one
    before it ended well)."""
    work = place.work
    mod = work / "fuzz"
    mod.mkdir(parents=True)
    (mod / "mod.toml").write_text(MOD)
    play = ["simulate", "--mod", str(mod), "--rounds", "1", "--seed", str(number % 7 + 1)]
    if kind == "ruleset":
        src = rng.choice(_shipped("rulesets/for-glory/*.toml"))
        (mod / "rulesets" / "for-glory").mkdir(parents=True)
        (mod / "rulesets" / "for-glory" / src.name).write_bytes(mutate_text(rng, src.read_bytes()))
        return [command("check-content", str(mod)), command(*play)]
    if kind == "scenario":
        src = rng.choice(_shipped("scenarios/*.toml"))
        (mod / "scenarios").mkdir()
        target = mod / "scenarios" / "fuzzed.toml"
        target.write_bytes(mutate_text(rng, src.read_bytes()))
        return [command("check-content", str(mod)), command(*play, "--scenario", str(target))]
    if kind == "script":
        src = rng.choice(_shipped("scripts/*.toml"))
        target = work / "script.toml"
        target.write_bytes(mutate_text(rng, src.read_bytes()))
        return [command("script", str(target), "--json")]
    if kind == "mod":
        src = rng.choice(_shipped("mods/*/"))
        shutil.rmtree(mod)
        shutil.copytree(src, mod)
        files = sorted(p for p in mod.rglob("*.toml"))
        victim = rng.choice(files)
        victim.write_bytes(mutate_text(rng, victim.read_bytes()))
        return [command("check-content", str(mod)), command(*play)]
    if kind == "locale":
        (mod / "locale" / "en").mkdir(parents=True)
        src = CONTENT / "locale" / "en" / "rules.toml"
        (mod / "locale" / "en" / "rules.toml").write_bytes(mutate_text(rng, src.read_bytes()))
        return [command("check-content", str(mod))]
    if kind == "replay":
        target = work / "replay.json"
        target.write_bytes(mutate_json(rng, rng.choice(replays)))
        return [command("replay", str(target), "--json")]
    if kind == "campaign":  # a campaign file in a mod, checked and played a turn; or a campaign's replay
        if rng.random() < 0.5:
            target = work / "campaign.json"
            target.write_bytes(mutate_json(rng, replays[-1]))
            return [command("replay", str(target), "--json")]
        src = rng.choice(_shipped("campaigns/*.toml"))
        (mod / "campaigns").mkdir()
        (mod / "campaigns" / "fuzzed.toml").write_bytes(mutate_text(rng, src.read_bytes()))
        war = ["simulate", "--mod", str(mod), "--campaign", "fuzzed", "--turns", "1", "--resolve", "auto"]
        return [command("check-content", str(mod)), command(*war, "--seed", str(number % 7 + 1))]
    if kind in ("wire", "peers"):  # hostile network peers: tests/fuzz_peers.py, built on this module
        from tests import fuzz_peers

        return getattr(fuzz_peers, kind)(rng, number, place, mod, replays)  # type: ignore[no-any-return]
    return BUILDERS[kind](rng, number, place, mod, replays)


# --- ids: an id that is a path, a pattern, a word of another kind -----------------------------------

# as TOML writes them between quotes: paths that climb to the canaries (half the cases), then others
PATH_IDS = [
    "../../../../victim/*", "../../../victim/x", "../../victim", "../victim", "..", ".", "/tmp/fuzz-outside",
    "victim/*", "../../../../victim/my-thesis", "../../../../../victim/*", "../../../../../../victim/*",
]  # fmt: skip
HOSTILE_IDS = [
    "*", "?", "[a-z]", "a b", "Caps", "é", "x" * 65, "", "-x", "_x", "x.json", "con", "nul", "\\u202e", "%s",
    "{0}", "~", "$HOME", "a\\\\b", "\\u0000", "\\n", "autosave-default-20200101-120000-r1", "default", "fr",
    "fr-1a", "north", "bailen",
]  # fmt: skip
ID = re.compile(r'\bid = "[^"\n]*"')


def _ids(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    hostile = rng.choice(PATH_IDS if rng.random() < 0.5 else HOSTILE_IDS)
    seed = str(number % 7 + 1)
    where = rng.choice(["scenario", "map", "mod", "depends", "temperament", "module"])
    scenario: Path | None = None
    if where in ("scenario", "map", "module"):
        maps = where == "map"
        src = rng.choice(_shipped("scenarios/open-wars/*.toml" if maps else "scenarios/*.toml"))
        folder = mod / "scenarios" / ("open-wars" if maps else "")
        folder.mkdir(parents=True)
        text = src.read_text(encoding="utf-8")
        if where == "module":
            text = f'modules = ["{hostile}"]\n' + re.sub(r"(?m)^modules = .*\n", "", text)
        else:  # the file's own id, or one of its sides', units', objectives', locations', players' ...
            spots = list(ID.finditer(text))
            m = spots[0] if rng.random() < 0.7 else rng.choice(spots)  # mostly the scenario's own
            text = text[: m.start()] + f'id = "{hostile}"' + text[m.end() :]
        scenario = folder / (rng.choice(["fuzzed", "victim", "x.y"]) + ".toml")
        scenario.write_text(text, encoding="utf-8")
    elif where == "mod":
        (mod / "mod.toml").write_text(MOD.replace('id = "fuzz"', f'id = "{hostile}"'))
    elif where == "depends":
        (mod / "mod.toml").write_text(MOD + f'depends = ["{hostile}"]\n')
    steps = [command("check-content", str(mod))]
    if where == "temperament":
        folder = mod / "ai" / "temperaments"
        folder.mkdir(parents=True)
        name = json.loads(f'"{hostile}"').replace("/", "-").replace("\x00", "0") or "x"
        with contextlib.suppress(OSError):  # a name the file system refuses
            (folder / f"{name}.toml").write_bytes(
                (CONTENT / "ai" / "temperaments" / "cautious.toml").read_bytes()
            )
        return [*steps, command("simulate", "--mod", str(mod), "--a", f"easy:{name}", "--rounds", "1")]
    if scenario is None:
        return [*steps, command("simulate", "--mod", str(mod), "--rounds", "1", "--seed", seed)]
    return [
        *steps,
        command("simulate", "--mod", str(mod), "--scenario", str(scenario), "--rounds", "1", "--seed", seed),
        Step("save", call=lambda: _save_everything(mod, scenario, int(seed))),
    ]


def _save_everything(mod: Path, scenario: Path, seed: int) -> None:
    """Every file the game names after a scenario: a save, autosaves (and their rotation), a recovery
    with its crash report."""
    from game.content.mods import load_mods
    from game.content.ruleset_files import load_ruleset
    from game.running.match import new_match
    from game.running.recovery import recover
    from game.running.saves import AUTOSAVES_KEPT, save_game

    m = new_match(str(scenario), seed, 1, load_ruleset(mods=load_mods([mod])))
    try:
        players = dict.fromkeys(getattr(m.battle, "sides", None) or m.battle.game.sides, "human")  # type: ignore[union-attr]
        save_game(m, players)
        for _ in range(AUTOSAVES_KEPT + 1):
            save_game(m, players, autosave=True)
        recover(m, players, RuntimeError("fuzz"))
    finally:
        m.battle.close()


# --- window: hostile text on every screen ------------------------------------------------------------

TEXTS = [
    "<font pixel_size=900000><shadow size=99999>Z", "<b>", "</i>", "<br>" * 40, "&", "&amp;", "&#x202e;",
    "&#0;", "<a href='javascript:alert(1)'>x</a>", "<img src=x onerror=y>", "<effect id=shake>",
    "<body bgcolor=#FF0000>", "<font face=../../etc/passwd>", "{0}", "{x:>999999999}", "{}", "%s%s%n",
    "%{x}", "%(x)s", "\u202e", "\u200b" * 50, "e\u0301\u0301\u0301\u0301", "\U0001f3f0" * 20, "W" * 3000,
    "word " * 600, " ", "\\", '"', "'", "<", ">", "]]>", "<!--", "${HOME}", "../../etc/passwd", "x",
    "Ω≈ç√∫", "\ufeff", "\U000e0041", "\ud7ff",
]  # fmt: skip
CONTROLS = ["\t", "\n", "\x1b[2K", "\r", "\x00", "\x7f"]


def hostile_text(rng: random.Random, room: int, printable: bool = False) -> str:
    """One to three hostile pieces, cut to the field's room; `printable`: only what prints (a mod's
    manifest refuses the rest, and the mod would never reach the screens)."""
    parts = [rng.choice(CONTROLS if rng.random() < 0.05 else TEXTS) for _ in range(rng.randint(1, 3))]
    text = "".join(parts)[:room]
    if printable:
        text = "".join(c for c in text if c.isprintable())
    return text if text.strip() or rng.random() < 0.1 else "x" + text[: room - 1]


def _window(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    from tests.planted import hostile_mod

    shutil.rmtree(mod)

    def make(at: str, room: int) -> str:
        manifest = at.startswith("mod.")  # printable, at most 2000 characters, or the mod never loads
        return hostile_text(rng, min(room, 2000) if manifest else room, manifest)

    evil = hostile_mod(place.work, make)
    shutil.move(evil, mod)
    language = rng.choice(["en", "es"])  # the scenario's own names, or its [locale.es] ones
    draw = Step("window", call=lambda: _draw_everything(mod, number, language), anyway=True)
    return [command("check-content", str(mod)), draw]


def _draw_everything(mod: Path, seed: int, language: str) -> None:
    import pygame

    from tests.ui.tour import tour

    pygame.init()
    try:
        surf = pygame.display.set_mode((1280, 800))
        tour(surf, mod, seed=seed % 7 + 1, ai="human", language=language)
    finally:
        pygame.quit()


# --- saves: the folder as a tampered one may be ---------------------------------------------------


def _saves(
    rng: random.Random, number: int, place: Place, mod: Path, replays: list[dict[str, Any]]
) -> list[Step]:
    folder = place.saves
    folder.mkdir(parents=True)
    good = [r for r in replays if r["ruleset"]["id"] == "for-glory"]
    for i in range(rng.randint(0, 4)):
        data = {**rng.choice(good), "players": {}, "round": rng.randint(0, 3), "saved": "2020-01-01 12:00"}
        text = json.dumps(data).encode() if rng.random() < 0.6 else mutate_json(rng, data)
        names = [f"save-default-2020010{i}-120000-r1.json", f"autosave-default-2020010{i}-120000-r{i}.json",
                 f"recovered-default-{i}.json", f"{'x' * 200}{i}.json", f"a b é {i}.json"]  # fmt: skip
        (folder / rng.choice(names)).write_bytes(text)
    canary = place.canary / "thesis.json"
    odd: dict[str, Callable[[Path], object]] = {
        "dangling.json": lambda p: p.symlink_to(folder / "gone.json"),
        "loop.json": lambda p: p.symlink_to(p),
        "a-to-b.json": lambda p: (
            p.symlink_to(folder / "b-to-a.json"),
            (folder / "b-to-a.json").symlink_to(p),
        ),
        "out.json": lambda p: p.symlink_to(canary),
        "autosave-default-19990101-120000-r1.json": lambda p: p.symlink_to(canary),
        "autosave-default-19990101-120001-r1.json": lambda p: p.symlink_to(place.canary),
        "zero.json": lambda p: p.symlink_to("/dev/zero"),
        "root.json": lambda p: p.symlink_to("/"),
        "pipe.json": lambda p: os.mkfifo(p),
        "folder.json": lambda p: p.mkdir(),
        "huge.json": lambda p: os.truncate(_touch(p), 40 << 20),
        "locked.json": lambda p: (p.write_text(json.dumps(good[0])), p.chmod(0o444)),
        "unreadable.json": lambda p: (p.write_text("{}"), p.chmod(0)),
        ".hidden.json": lambda p: p.write_text("{"),
        "settings.json": lambda p: p.write_text('{"window": [1, 1]}'),
    }
    for name, make in odd.items():
        if rng.random() < 0.5:
            make(folder / name)
    files = sorted(os.listdir(folder))
    pick = str(folder / rng.choice(files)) if files else str(folder / "none.json")
    return [
        Step("browse_saves", call=lambda: _browse_saves()),
        Step("autosave", call=lambda: _autosave(number % 7 + 1)),
        command("replay", pick),
        command("stats", pick, anyway=True),
        Step("start screen", call=lambda: _show_saves(number % 7 + 1), anyway=True),  # renames, deletes
    ]


def _touch(p: Path) -> Path:
    p.write_bytes(b"{")
    return p


def _browse_saves() -> list[str]:
    from game.running.saves import Skipped, browse_saves

    skipped: list[Skipped] = []
    browse_saves(skipped=skipped)
    return []  # what is skipped is said (checked as every line is), not a refusal


def _autosave(seed: int) -> None:
    from game.running.match import new_match
    from game.running.saves import save_game

    m = new_match("default", seed, 1)
    try:
        notes: list[str] = []
        save_game(m, {}, autosave=True, notes=notes)
    finally:
        m.battle.close()


def _show_saves(seed: int) -> None:
    """The start screen with its newest save, the save browser over it, a save's figures, a rename and
    a deletion there, and the save browser of a battle's menu."""
    import pygame
    import pygame_gui

    from game.running.match import new_match
    from game.ui.battle.screen import BattleScreen
    from game.ui.start.screen import Setup, StartScreen

    pygame.init()
    try:
        surf = pygame.display.set_mode((1280, 800))
        start = StartScreen(surf.get_size(), Setup())
        start.update(0.05)
        start.draw(surf)
        start.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=start.saves_button))
        browser = start.saves
        assert browser is not None
        start.update(0.05)
        start.draw(surf)
        for i in range(min(2, len(browser.saves))):
            browser.select(i)
            chosen = browser.press("figures")
            if chosen is not None and chosen.path is not None:
                start.show_figures(chosen.path)
                start.update(0.05)
                start.draw(surf)
                start.figures = None
        if browser.saves:
            browser.press("rename")
            browser.text = "renamed <b>"
            browser._answer()
            browser.press("delete")
            browser._answer()
            start.update(0.05)
            start.draw(surf)
        m = new_match("default", seed)
        screen = BattleScreen(m, dict.fromkeys(m.battle.game.sides, "human"), surf.get_size())  # type: ignore[union-attr]
        try:
            screen.menu = "menu"
            screen.menu_choice("load")
            screen.draw(surf)
            assert screen.browser is not None
        finally:
            screen.close()
    finally:
        pygame.quit()


# --- specs: a locale text's {names} with format specs ----------------------------------------------

SPECS = [
    ":>999999999", ":0999", ":.999f", ":x<5", ":{w}", ":>2", ":.1f", ":+d", ":d", ":,", ":_", ":=^30",
    ":%", ":>99", "!r", "!s", "!a", "!x", ".__class__", "[0]", "[__class__]", ".real", ":" + "9" * 5000,
    ":{0}", ":{{", ":}", "", ":<", ":c", ":e", ":n", ":>3.2f",
]  # fmt: skip
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _specs(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    copy = place.work / "content"
    shutil.copytree(CONTENT, copy, ignore=shutil.ignore_patterns("schema", "mods", "scripts", "tutorial"))
    shutil.copytree(CONTENT / "tutorial", copy / "tutorial")
    files = [p for p in copy.glob("locale/*/*.toml") if p.name != "rules.toml"]
    files += [p for p in copy.glob("modules/*/locale/*/*.toml") if p.name != "rules.toml"]
    target = rng.choice(files)
    text = target.read_text(encoding="utf-8")
    for _ in range(rng.choice([1, 1, 2, 3])):
        spots = list(PLACEHOLDER.finditer(text))
        if spots and rng.random() < 0.85:
            m = rng.choice(spots)
            name = m[1] if rng.random() < 0.7 else rng.choice(["missing", "die", "unit", "side", "x"])
            text = text[: m.start()] + "{" + name + rng.choice(SPECS) + "}" + text[m.end() :]
        else:
            text += f'zz_fuzz_{rng.randrange(100)} = "{{die{rng.choice(SPECS)}}}"\n'
    target.write_text(text, encoding="utf-8")
    language = rng.choice(["en", "es"])
    # the battle that speaks the changed words: a rule module's own scripted battle, or a battle with it
    module = target.relative_to(copy).parts[1] if target.relative_to(copy).parts[0] == "modules" else None
    scripts = _shipped(f"modules/{module}/scripts/*.toml") if module else []
    if module == "open-wars":
        tell = ["simulate", "--scenario", "ow-twin-fords", "--rounds", "2"]
    elif scripts:
        tell = ["script", str(rng.choice(scripts))]
    else:
        tell = ["simulate", "--rounds", "1", *(["--module", module] if module else [])]
    argv = [*tell, "--log", "--lang", language] if tell[0] == "simulate" else [*tell, "--lang", language]
    return [
        Step("check-content", call=lambda: _check_copy(copy)),
        Step(" ".join(tell[:2]), argv=argv, before=lambda: _use_content(copy), anyway=True),
    ]


def _check_copy(copy: Path) -> list[str]:
    """The problems as check-content prints them: its report keeps each whole, to be said in the reader's
    language before it is cut."""
    from game.content.locale import Texts
    from game.editing.problem_words import problem_line
    from game.modding.content_check import check_content

    t = Texts("en")
    return [problem_line(t, line) for line in check_content(content=copy).problems]


def _use_content(copy: Path) -> None:
    """The game's words read from the copy from now on (this case's process only)."""
    import game.content.locale
    import game.content.module_records
    import game.running.log_texts

    for module in (game.content.locale, game.content.module_records, game.running.log_texts):
        module.CONTENT = copy  # type: ignore[attr-defined]
    for cached in (
        game.content.locale._texts,
        game.running.log_texts.english,
        game.running.log_texts._english_ui,
        game.running.log_texts._reason_patterns,
    ):
        cached.cache_clear()


# --- decisions: a scripted battle's named answers -------------------------------------------------

DECISION_KEYS = ["charge_reaction", "clash_response", "rally", "redirect", "reaction", "marker", "extra_move",
                 "activate", "order", "__class__", "x" * 120, "", "unknown"]  # fmt: skip
ANSWERS = [
    "hold", "stand_and_shoot", "flee", "defend", "counter", "flee on", "rally", "charge", "stop", "__class__",
    "explode", "x" * 100, "Hold", " hold", "{0}", "\\u202e", "__init__", "__dict__", "mro", "pass",
]  # fmt: skip


def _decisions(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    src = rng.choice(_shipped("modules/*/scripts/*.toml") + _shipped("scripts/*.toml")[:2])
    text = src.read_text(encoding="utf-8")
    units = re.findall(r'\{ id = "([^"]+)", side', text)
    table = {}
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(DECISION_KEYS)
        if units and rng.random() < 0.3:
            key = f"{key}:{rng.choice(units)}"
        table[key] = rng.choice(ANSWERS)
    decisions = "decisions = { " + ", ".join(f'"{k}" = "{v}"' for k, v in table.items()) + " }"
    text = re.sub(r"(?m)^decisions = .*$", "", text)
    text = text.replace("[[steps]]\n", f"[[steps]]\n{decisions}\n", 1 if rng.random() < 0.7 else -1)
    text = re.sub(r"(?m)^dice = \[(.*)\]", lambda m: f"dice = [{m[1]}{', 3' * rng.randint(0, 12)}]", text)
    data = text.encode()
    if rng.random() < 0.3:
        data = mutate_text(rng, data)
    target = place.work / "script.toml"
    target.write_bytes(data)
    return [command("script", str(target), "--json"), command("script", str(target), "--lang", "es")]


# --- modules: lists of rule modules ----------------------------------------------------------------

MODULE_IDS = [
    "warhammer-charges", "warhammer-terrain", "dias-terrain", "dias-combat", "clash-command", "clash-melee",
    "open-wars", "for-glory", "nope", "../x", "", "x" * 70, "Warhammer-Charges",
]  # fmt: skip


def _modules(
    rng: random.Random, number: int, place: Place, mod: Path, replays: list[dict[str, Any]]
) -> list[Step]:
    chosen = [rng.choice(MODULE_IDS) for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4]))]
    listed = "[" + ", ".join(f'"{x}"' for x in chosen) + "]"
    seed = str(number % 7 + 1)
    where = rng.choice(["scenario", "mod", "command line", "replay", "script"])
    if where == "replay":
        target = place.work / "replay.json"
        data = {**rng.choice(replays), "modules": chosen}
        target.write_text(json.dumps(data))
        return [command("replay", str(target)), command("stats", str(target))]
    if where == "script":
        src = rng.choice(_shipped("scripts/*.toml") + _shipped("modules/*/scripts/*.toml"))
        text = f"modules = {listed}\n" + re.sub(r"(?m)^modules = .*\n", "", src.read_text(encoding="utf-8"))
        target = place.work / "script.toml"
        target.write_text(text, encoding="utf-8")
        return [command("check-content", str(mod)), command("script", str(target), "--json")]
    flags = [x for m in chosen for x in ("--module", m)] if where == "command line" else []
    if where == "mod":
        (mod / "mod.toml").write_text(MOD + f"modules = {listed}\n")
    scenario: list[str] = []
    if where == "scenario":
        src = rng.choice(_shipped("scenarios/*.toml") + _shipped("scenarios/open-wars/*.toml"))
        folder = mod / "scenarios" / ("open-wars" if src.parent.name == "open-wars" else "")
        folder.mkdir(parents=True)
        text = f"modules = {listed}\n" + re.sub(r"(?m)^modules = .*\n", "", src.read_text(encoding="utf-8"))
        (folder / "fuzzed.toml").write_text(text, encoding="utf-8")
        scenario = ["--scenario", str(folder / "fuzzed.toml")]
    return [
        command("check-content", str(mod)),
        command("simulate", "--mod", str(mod), *scenario, *flags, "--rounds", "1", "--seed", seed),
    ]


# --- turns: a turn file of a game by file, edited and sealed again ---------------------------------


def _turns(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    from game.net.signing import sign
    from game.net.turn_files import seal_of

    folder, last = _by_file_game(place.work, rng.choice(["first-battle", "ow-twin-fords"]))
    text = mutate_json(rng, json.loads(last.read_text()))
    if rng.random() < 0.8:  # sealed and mostly signed again by its sender: the checks behind are met
        try:
            data = json.loads(text)
            if isinstance(data, dict):
                data["seal"] = seal_of(data)
                if rng.random() < 0.9:
                    data["signature"] = sign(
                        data, json.loads((place.work / "B" / "game.json").read_text())["key"]
                    )
                text = json.dumps(data).encode()
        except (ValueError, TypeError, RecursionError):
            pass  # not JSON any more: as it is
    mail = place.work / "mail.json"
    mail.write_bytes(text)
    return [
        command("by-file", "open", str(mail), "--folder", str(folder), "--ai", "random", "--name", "Anna")
    ]


def _by_file_game(work: Path, scenario: str) -> tuple[Path, Path]:
    """Anna (folder A) starts, Bob (folder B) joins, each plays a turn: Anna's folder and the turn file
    Bob sent last, which she opens next."""
    from game.content.locale import Texts
    from game.net.by_file import open_turn, start
    from game.net.headless import play_turn
    from game.net.identity import Offer
    from game.net.turn_files import turn_path

    a, b = work / "A", work / "B"
    start(Offer(scenario), "Anna", a)
    open_turn(turn_path(a, 0), "Bob", b)
    said = Texts("en")
    mine = play_turn(open_turn(turn_path(b, 1), "Anna", a), "random", said, lambda line: None)
    theirs = play_turn(open_turn(Path(mine["written"]), "Bob", b), "random", said, lambda line: None)
    return a, Path(theirs["written"])


BUILDERS: dict[str, Callable[..., list[Step]]] = {
    "ids": _ids, "window": _window, "saves": _saves, "specs": _specs, "decisions": _decisions,
    "modules": _modules, "turns": _turns,
}  # fmt: skip

# the kinds of issue 35, item 7 (generate, puzzle, Open Wars content, sizes, numbers drawn, settings and
# folders, the replay viewer, tournament, by-file start, new-mod, schema, output paths): they use the
# helpers above, so they come last
from tests.fuzz_surfaces import SURFACES  # noqa: E402

BUILDERS.update(SURFACES)
KINDS = (*KINDS, *SURFACES)
from tests.fuzz_packages import PACKAGES  # noqa: E402  (mods that travel: issue 40)

BUILDERS.update(PACKAGES)
KINDS = (*KINDS, *PACKAGES)


# --- editor: hostile files and folder states in the scenario and map editor (tests/fuzz_editor.py) ---


def _editor(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    from tests.fuzz_editor import editor_case

    return editor_case(rng, number, place, mod, replays)


KINDS = (*KINDS, "editor")
BUILDERS["editor"] = _editor
