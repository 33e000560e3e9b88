"""The fuzzer's kinds for the surfaces of issue 35, item 7 (tests/fuzz_cases.py has the others and the
helpers these use; tests/fuzzing.py runs them):

    generate    `generate` with hostile seeds, points, sizes, terrains, modes and --out paths; what it
                writes is checked and played
    puzzle      a shipped puzzle mutated, set to a computer general (`puzzle`)
    openwars    an Open Wars faction, spells, cards or map of a mod, mutated: check-content, simulate
    sizes       files at extreme sizes (empty, one byte, a line of megabytes, at and past the limits,
                sparse giants, deep nesting) where a scenario, replay, turn file, puzzle, script, mod
                manifest or settings file is read
    numbers     a scenario or an Open Wars map whose numbers are extreme (1e20, 1e308, 2^63-1, inf,
                nan, tiny), drawn in the window, headless
    settings    a settings file mutated, and the game's folders as files, links or locked folders; the
                window, the saves, a battle with autosaves, a game by file, the mods list met with it
    viewer      a replay mutated, watched in the window's replay viewer, headless
    tournament  `tournament` with hostile counts, scenarios, players and jobs
    bystart     `by-file start` with hostile names, folders, scenarios and sides, then joined
    newmod      `new-mod` at a hostile path, then checked
    schema      `schema --out` at a hostile path
    outputs     hostile `--save-replay` and `--events` paths (devices, folders, links, files where a
                folder should be, the same path twice), then the replay written played back

Paths a case names are inside its own folder, or devices and links that must be refused: a command
writing where the player explicitly told it (a canary's path, `/`, `..`) is no escape, and is never
named (as root, `schema --out /` would really write there). The game's own folders are never made
links leading out: a player's own link (his data on another disk) is followed by design; dangling and
looping ones are made. The cases run as whoever runs the fuzzer: as root, a locked folder does not
lock.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import CONTENT
from tests.fuzz_cases import MOD, Place, Step, command, mutate_json, mutate_text

HOSTILE_NUMBERS = [
    "1e20", "-1e20", "1e308", "-1e308", "9223372036854775807", "-9223372036854775808", "inf", "-inf", "nan",
    "1e-300", "0", "-0.0", "0.0001", "99999999", "4294967296", "65536", "32767",
]  # fmt: skip
NAMES = [
    "Anna",
    "",
    " ",
    "x" * 41,
    "x" * 5000,
    "<b>Bob</b>",
    "\u202eevil",
    "a\nb",
    "\x1b[2K",
    "{0}",
    "%s",
    "é",
]


def _out_paths(work: Path, rng: random.Random) -> str:
    """A path to write to, as a player could type it: inside the case, or a device, a folder, a link,
    a file where a folder should be, a pipe, a read-only file."""
    made: dict[str, Callable[[Path], object]] = {
        "link.json": lambda p: p.symlink_to(work.parent / "victim" / "my-thesis.json"),
        "dangling.json": lambda p: p.symlink_to(work / "gone" / "x.json"),
        "loop.json": lambda p: p.symlink_to(p),
        "file.json/x.json": lambda p: p.parent.write_text("{}"),
        "fifo.json": lambda p: os.mkfifo(p),
        "folder.json": lambda p: p.mkdir(),
        "readonly.json": lambda p: (p.write_text("{}"), p.chmod(0o444)),
        "locked/x.json": lambda p: (p.parent.mkdir(), p.parent.chmod(0)),
        "existing.json": lambda p: p.write_text("old"),
    }
    plain = [
        "out.json", "deep/missing/out.json", ".", "", " ", "-", "--x", "a\nb.json", "é ü.json",
        "x" * 300 + ".json", "x/" * 60 + "f.json", "/dev/null", "/dev/full", "/proc/self/mem", "/dev/zero",
        "~nouser/x.json", "out", "./out.json/", "\x00.json",
    ]  # fmt: skip
    name = rng.choice([*made, *plain])
    if name in made:
        made[name](work / name)
    return name


# --- generate ------------------------------------------------------------------------------------


def _generate(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    seeds = [str(number), str(number % 7), "0", str(2**63 - 1), "-1", str(2**64), "x"]
    argv = ["generate", "--seed", rng.choice(seeds[:4] * 3 + seeds)]
    for flag, values in (
        ("--points", ["12", "0", "1", "-1", "6", "24", "200", "201", "1000000000", "x"]),
        (
            "--size",
            [
                "48x32",
                "0x0",
                "1x1",
                "-5x5",
                "1e20x48",
                "99999999x99999",
                "x",
                "48",
                "48x",
                "48x32x1",
                "nanxnan",
                "6x4",
                "240x240",
            ],
        ),
        ("--terrain", ["sparse", "normal", "dense", "none"]),
        ("--mode", ["for-glory", "open-wars", "x"]),
    ):
        if rng.random() < 0.5:  # mostly an honest value (the first), so the case reaches further
            argv += [flag, values[0] if rng.random() < 0.4 else rng.choice(values)]
    out = _out_paths(place.work, rng) if rng.random() < 0.4 else "gen.toml"
    argv += ["--out", out]
    if rng.random() < 0.2:
        argv += ["--mod", str(mod)]
    target = str(place.work / out)
    ow = "open-wars" in argv
    if ow:
        (mod / "mod.toml").write_text(MOD + 'ruleset = "open-wars"\n')
    play = ["simulate", "--scenario", target, "--rounds", "1", "--seed", "1"]
    return [command(*argv), command("check-content", str(mod)), command(*play)]


# --- puzzle --------------------------------------------------------------------------------------


def _puzzle(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    src = rng.choice(sorted(CONTENT.glob("puzzles/*.toml")))
    target = place.work / "puzzle.toml"
    target.write_bytes(mutate_text(rng, src.read_bytes()))
    extra = ["--lang", rng.choice(["en", "es"])] if rng.random() < 0.3 else []
    return [command("puzzle", str(target), "--json", *extra)]


# --- Open Wars content ---------------------------------------------------------------------------


def _openwars(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    (mod / "mod.toml").write_text(MOD + 'ruleset = "open-wars"\n')
    rules = CONTENT / "rulesets" / "open-wars"
    src = rng.choice(
        [rules / "spells.toml", rules / "cards.toml", *sorted(rules.glob("factions/*.toml"))]
        + sorted(CONTENT.glob("scenarios/open-wars/ow-[!r]*.toml")) * 2
    )
    scenario = "ow-twin-fords"
    if src.parent.name == "open-wars" and src.parent.parent.name == "scenarios":
        folder = mod / "scenarios" / "open-wars"
        scenario = str(folder / "fuzzed.toml")
        text = src.read_text(encoding="utf-8").replace(f'id = "{src.stem}"', 'id = "fuzzed"', 1)
        data = text.encode()
    else:
        folder = mod / "rulesets" / "open-wars" / src.relative_to(rules).parent
        data = src.read_bytes()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / ("fuzzed.toml" if scenario != "ow-twin-fords" else src.name)
    target.write_bytes(mutate_text(rng, data))
    players = ["--a", "random", "--b", "random"] if rng.random() < 0.5 else []
    return [
        command("check-content", str(mod)),
        command("simulate", "--mod", str(mod), "--scenario", scenario, "--rounds", "2", *players),
    ]


# --- files at extreme sizes --------------------------------------------------------------------


def _sized(rng: random.Random, path: Path, sample: bytes, limit: int) -> None:
    """The file at an extreme size: empty, a byte, a line of megabytes, at and past the limit, a
    sparse giant, deep nesting, many keys."""
    shape = rng.choice(["empty", "byte", "line", "at", "past", "sparse", "deep", "keys", "tables", "repeat"])
    if shape == "empty":
        path.write_bytes(b"")
    elif shape == "byte":
        path.write_bytes(rng.choice([b"{", b"[", b"\x00", b"\xff", b"=", b"1", b'"', b"\n"]))
    elif shape == "line":
        path.write_bytes(b'name = "' + b"x" * min(limit - 20, 7 << 20) + b'"\n')
    elif shape in ("at", "past"):
        size = limit if shape == "at" else limit + 1
        body = sample + b"\n#" + b" " * max(0, size - len(sample) - 3) + b"\n"
        path.write_bytes(body[:size] if shape == "at" else body)
    elif shape == "sparse":
        path.write_bytes(b"")
        os.truncate(path, rng.choice([limit + 1, 1 << 31, 1 << 40]))
    elif shape == "deep":
        depth = rng.choice([1000, 100_000])
        path.write_bytes(b"a = " + b"[" * depth + b"]" * depth + b"\n" if rng.random() < 0.5 else
                         b"[" * depth + b"]" * depth)  # fmt: skip
    elif shape == "keys":
        path.write_bytes(b"".join(b"k%d = %d\n" % (i, i) for i in range(200_000)))
    elif shape == "tables":
        path.write_bytes(b"".join(b'[[units]]\nid = "u%d"\n' % i for i in range(100_000)))
    else:  # the file's own text many times over, to just under the limit
        path.write_bytes((sample * (limit // max(len(sample), 1)))[: limit - 1])


def _sizes(
    rng: random.Random, number: int, place: Place, mod: Path, replays: list[dict[str, Any]]
) -> list[Step]:
    from game.content.files import MAX_FILE_BYTES
    from game.net.turn_files import MAX_TURN_BYTES
    from game.running.match import MAX_REPLAY_BYTES

    where = rng.choice(["scenario", "replay", "turn", "puzzle", "script", "manifest", "settings", "locale"])
    work = place.work
    if where == "scenario":
        (mod / "scenarios").mkdir()
        target = mod / "scenarios" / "big.toml"
        _sized(rng, target, (CONTENT / "scenarios" / "default.toml").read_bytes(), MAX_FILE_BYTES)
        return [command("check-content", str(mod)), command("simulate", "--scenario", str(target),
                                                            "--rounds", "1", anyway=True)]  # fmt: skip
    if where == "replay":
        target = work / "replay.json"
        _sized(rng, target, json.dumps(replays[0]).encode(), MAX_REPLAY_BYTES)
        return [command("replay", str(target)), command("stats", str(target), anyway=True)]
    if where == "turn":
        from tests.fuzz_cases import _by_file_game

        folder, last = _by_file_game(work, "first-battle")
        target = work / "mail.json"
        _sized(rng, target, last.read_bytes(), MAX_TURN_BYTES)
        return [command("by-file", "open", str(target), "--folder", str(folder), "--ai", "random")]
    if where in ("puzzle", "script"):
        src = rng.choice(sorted(CONTENT.glob(f"{where}s/*.toml")))
        target = work / f"{where}.toml"
        _sized(rng, target, src.read_bytes(), MAX_FILE_BYTES)
        return [command(where, str(target), "--json")]
    if where == "manifest":
        _sized(rng, mod / "mod.toml", MOD.encode(), MAX_FILE_BYTES)
        return [command("check-content", str(mod)), command("simulate", "--mod", str(mod), "--rounds", "1")]
    if where == "locale":
        (mod / "locale" / "es").mkdir(parents=True)
        src = CONTENT / "locale" / "es" / "ui.toml"
        _sized(rng, mod / "locale" / "es" / "ui.toml", src.read_bytes(), MAX_FILE_BYTES)
        return [command("check-content", str(mod))]
    folder = place.root / "config" / "forglory"
    folder.mkdir(parents=True)
    _sized(rng, folder / "settings.json", b'{"language": "es"}', 64 * 1024)
    return [command("play", "--demo", "--frames", "2", "--scenario", "quick-battle", "--a", "random")]


# --- hostile numbers drawn ---------------------------------------------------------------------

NUMBER = re.compile(r"(?<![\w.-])-?\d+(\.\d+)?(e-?\d+)?(?![\w.-])")


def _numbers(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    ow = rng.random() < 0.3
    src = rng.choice(sorted(CONTENT.glob("scenarios/open-wars/ow-[!r]*.toml" if ow else "scenarios/*.toml")))
    lines = src.read_text(encoding="utf-8").split("\n")
    # the numbers a battle is drawn from: the table, places, sizes, facings, counts
    keys = re.compile(r"^\s*(table|at|to|size|width|depth|facing|radius|points|gold|mana|rounds|count|"
                      r"from|\{ id|.*\bat = )")  # fmt: skip
    spots = [i for i, line in enumerate(lines) if not line.lstrip().startswith("#") and keys.search(line)]
    for _ in range(rng.randint(1, 4)):
        i = rng.choice(spots)
        found = list(NUMBER.finditer(lines[i]))
        if found:
            m = rng.choice(found)
            lines[i] = lines[i][: m.start()] + rng.choice(HOSTILE_NUMBERS) + lines[i][m.end() :]
    folder = mod / "scenarios" / ("open-wars" if ow else "")
    folder.mkdir(parents=True)
    target = folder / "hostile.toml"
    text = "\n".join(lines).replace(f'id = "{src.stem}"', 'id = "hostile"', 1)
    target.write_text(text, encoding="utf-8")
    frames = [
        "play",
        "--demo",
        "--scenario",
        str(target),
        "--frames",
        "3",
        "--a",
        "heuristic",
        "--b",
        "random",
    ]
    return [command("check-content", str(mod)), command(*frames, anyway=True)]


# --- settings and folder states ------------------------------------------------------------------


def _settings(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    config = place.root / "config" / "forglory"
    data = place.root / "data" / "forglory"
    honest = {
        "language": "es",
        "window": [1280, 800],
        "fullscreen": False,
        "speed": 1.0,
        "colour_blind": True,
    }
    if rng.random() < 0.6:
        config.mkdir(parents=True)
        (config / "settings.json").write_bytes(mutate_json(rng, honest))
    states: dict[str, Callable[[Path], object]] = {
        "file": lambda p: p.write_text("x"),
        "dangling": lambda p: p.symlink_to(place.root / "gone"),
        "loop": lambda p: p.symlink_to(p),
        "locked": lambda p: (p.mkdir(), p.chmod(0)),
        "read-only": lambda p: (p.mkdir(), p.chmod(0o555)),
        "fifo": lambda p: os.mkfifo(p),
    }
    for folder in (
        place.root / "config",
        config,
        config / "settings.json",
        place.root / "data",
        data,
        data / "saves",
        data / "mods",
        data / "by-file",
        data / "battles",
    ):
        if rng.random() < 0.15 and not folder.exists() and folder.parent.is_dir():
            states[rng.choice(list(states))](folder)
    seed = str(number % 7 + 1)
    steps = [
        command(
            "play", "--demo", "--frames", "3", "--scenario", "quick-battle", "--seed", seed, "--a", "random"
        ),
        command("scenarios", anyway=True),
        command("simulate", "--rounds", "1", "--seed", seed, anyway=True),
        command("by-file", "start", "--scenario", "first-battle", "--name", "Anna", anyway=True),
        Step("autosave", call=lambda: _autosave_and_list(int(seed)), anyway=True),
    ]
    return steps


def _autosave_and_list(seed: int) -> list[str]:
    from tests.fuzz_cases import _autosave, _browse_saves

    _autosave(seed)
    return _browse_saves()


# --- replays watched in the window -------------------------------------------------------------


def _viewer(
    rng: random.Random, number: int, place: Place, mod: Path, replays: list[dict[str, Any]]
) -> list[Step]:
    target = place.work / "replay.json"
    source = rng.choice([r for r in replays if r["ruleset"]["id"] == "for-glory"])
    honest = rng.random() < 0.25  # a whole replay, drawn and sought through: the viewer itself is met
    target.write_bytes(json.dumps(source).encode() if honest else mutate_json(rng, source))
    return [Step("replay viewer", call=lambda: _watch(target, rng.choice([2, 10, 40]), rng.random()))]


def _watch(path: Path, frames: int, at: float) -> None:
    """The replay in the window's viewer: a few frames from its start, then at a point of it."""
    import pygame

    from game.ui.battle.replay import ReplayViewer

    pygame.init()
    try:
        surf = pygame.display.set_mode((1280, 800))
        viewer = ReplayViewer(path, (), surf.get_size())
        try:
            for i in range(frames):
                viewer.update(0.25)
                viewer.draw(surf)
                if i == frames // 2:
                    viewer.seek(int(at * len(viewer.commands)))
        finally:
            viewer.close()
    finally:
        pygame.quit()


# --- tournament ----------------------------------------------------------------------------------


def _tournament(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    argv = ["tournament", "--games", rng.choice(["1", "2", "1", "2", "0", "-1", "x", "1000000", "10001"])]
    choices = {
        "--a": ["random", "heuristic", "easy", "nope", "easy:../../x", "", "random:cautious"],
        "--b": ["random", "heuristic", "x" * 300],
        "--seed": ["1", "-1", str(2**63), "x"],
        "--scenario": ["quick-battle", "first-battle", "ow-twin-fords", "../../victim/x", "nope", ""],
        "--rounds": ["1", "2", "0", "-1", "1001"],
        "--jobs": ["1", "2", "0", "-1", "65", "1000000"],
        "--lang": ["en", "es"],
        "--players": ["2", "4", "1", "5", "x"],
        "--module": ["warhammer-charges", "nope", "open-wars"],
        "--mod": [str(mod)],
    }
    for flag, values in choices.items():
        if rng.random() < 0.35:  # mostly an honest value (the first), so the case reaches further
            argv += [flag, values[0] if rng.random() < 0.5 else rng.choice(values)]
    if "--rounds" not in argv:
        argv += ["--rounds", "1"]
    if rng.random() < 0.5:
        argv.append("--json")
    return [command(*argv)]


# --- by-file start -------------------------------------------------------------------------------


def _bystart(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    argv = ["by-file", "start", "--name", rng.choice(NAMES)]
    if rng.random() < 0.7:
        argv += ["--folder", _out_paths(place.work, rng) if rng.random() < 0.7 else "A"]
    for flag, values in (
        ("--scenario", ["first-battle", "ow-twin-fords", "quick-battle", "nope", "../../victim/x", ""]),
        ("--side", ["1", "2", "3", "0", "x"]),
        ("--rounds", ["1", "0", "-1", "1001", "x"]),
        ("--module", ["warhammer-charges", "nope"]),
        ("--lang", ["en", "es", "fr"]),
    ):
        if rng.random() < 0.4:
            argv += [flag, values[0] if rng.random() < 0.5 else rng.choice(values)]
    steps = [command(*argv)]
    folder = argv[argv.index("--folder") + 1] if "--folder" in argv else None
    if folder is not None:  # the other player joins with the turn 0 written there
        turn0 = str(place.work / folder / "turn-0000.json")
        steps.append(command("by-file", "open", turn0, "--folder", str(place.work / "B"), "--ai", "random"))
    return steps


# --- new-mod and schema ----------------------------------------------------------------------------


def _newmod(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    work = place.work
    if rng.random() < 0.4:  # a path as typed: mostly not a mod's id
        target = _out_paths(work, rng) if rng.random() < 0.8 else rng.choice(["My Mod", "mod-é", "x" * 70])
    else:  # a good id, where its folder cannot be made, or is there already
        where: dict[str, Callable[[Path], object]] = {
            "": lambda p: None,
            "deep/missing/": lambda p: None,
            "file.json/": lambda p: p.write_text("{}"),
            "locked/": lambda p: (p.mkdir(), p.chmod(0)),
            "dangling/": lambda p: p.symlink_to(work / "gone"),
        }
        parent = rng.choice(list(where))
        if parent:
            where[parent](work / parent.strip("/"))
        name = rng.choice(["my-mod", "fuzz", "a", "x" * 64])
        target = parent + name
        if rng.random() < 0.2 and not parent:  # the folder there already, empty
            (work / target).mkdir()
    return [command("new-mod", target), command("check-content", target)]


def _schema(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    return [command("schema", "--out", _out_paths(place.work, rng))]


# --- --save-replay and --events ------------------------------------------------------------------


def _outputs(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    replay = _out_paths(place.work, rng)
    events = replay if rng.random() < 0.2 else _out_paths(place.work, random.Random(rng.random()))
    scenario = rng.choice(["quick-battle", "ow-twin-fords"])
    argv = ["simulate", "--scenario", scenario, "--rounds", "1", "--seed", str(number % 7 + 1)]
    if rng.random() < 0.8:
        argv += ["--save-replay", replay]
    if rng.random() < 0.6:
        argv += ["--events", events]
    if rng.random() < 0.2:  # a frame saved as a PNG where the player says
        shot = ["play", "--demo", "--frames", "1", "--a", "random", "--b", "random", "--screenshot", replay]
        return [command(*shot)]
    return [command(*argv), command("replay", replay), command("stats", replay, anyway=True)]


SURFACES: dict[str, Callable[..., list[Step]]] = {
    "generate": _generate, "puzzle": _puzzle, "openwars": _openwars, "sizes": _sizes, "numbers": _numbers,
    "settings": _settings, "viewer": _viewer, "tournament": _tournament, "bystart": _bystart,
    "newmod": _newmod, "schema": _schema, "outputs": _outputs,
}  # fmt: skip
# the window draws every frame of these, or a kind starts processes: more time
SURFACE_TIME_LIMITS = {"numbers": 120, "settings": 120, "viewer": 120, "tournament": 120, "sizes": 60}
