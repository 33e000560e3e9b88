"""Fuzzing every kind of untrusted file through the command line, as a player or modder would meet it.

Each case is one file of a kind (ruleset file, scenario, scripted battle, mod, rules reference, replay)
mutated from a shipped one, run through the command that reads it (`check-content`, then `simulate`
when the content passes, `script`, `replay`), in-process, and classified:

    ok         exit 0
    rejected   exit 2, every stderr line "error: ..." (check-content: one per problem; others: one)
    traceback  any other exception or exit code, or output that breaks the one-line promise
    hang       over the time limit of a case
    memory     over the memory limit of a worker

`make fuzz` runs many cases in forked workers and prints the figures per kind; the test suite runs a
few of each (tests/test_fuzz_files.py). Reproducers of failures are kept under the output folder.

    python -m tests.fuzzing [--cases N] [--seed S] [--jobs J] [--out DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import CONTENT

KINDS = ("ruleset", "scenario", "script", "mod", "locale", "replay")
TIME_LIMIT = 20  # seconds a case may take (a whole check and a round of simulate take well under 2)
MEMORY_LIMIT = 2 << 30  # bytes of address space a worker may use
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


@dataclass(frozen=True)
class Case:
    kind: str
    number: int
    seed: int


@dataclass(frozen=True)
class Outcome:
    kind: str
    number: int
    verdict: str  # ok, rejected, traceback, hang, memory
    detail: str = ""
    reproducer: str = ""


class _Hang(BaseException):
    """Raised by the alarm: a BaseException, so that nothing in the game can swallow it."""


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


# --- the cases ---------------------------------------------------------------------------------------


def _shipped(pattern: str) -> list[Path]:
    return sorted(CONTENT.glob(pattern))


def _replays(folder: Path) -> list[dict[str, Any]]:
    """A few real replays to start from (made once per process)."""
    from game.cli.entry import main

    out = []
    for seed in (1, 2):
        f = folder / f"seed{seed}.json"
        if not f.exists():
            with contextlib.redirect_stdout(io.StringIO()):
                main(["simulate", "--seed", str(seed), "--rounds", "2", "--save-replay", str(f)])
        out.append(json.loads(f.read_text()))
    return out


def build(case: Case, work: Path, replays: list[dict[str, Any]]) -> list[list[str]]:
    """Write the case's files under work; returns the commands to run, in order (each runs only if
    the one before it passed)."""
    rng = random.Random(case.seed * 1_000_003 + case.number)
    mod = work / "fuzz"
    mod.mkdir(parents=True)
    (mod / "mod.toml").write_text(MOD)
    play = ["simulate", "--mod", str(mod), "--rounds", "1", "--seed", str(case.number % 7 + 1)]
    if case.kind == "ruleset":
        src = rng.choice(_shipped("rulesets/for-glory/*.toml"))
        (mod / "rulesets" / "for-glory").mkdir(parents=True)
        (mod / "rulesets" / "for-glory" / src.name).write_bytes(mutate_text(rng, src.read_bytes()))
        return [["check-content", str(mod)], play]
    if case.kind == "scenario":
        src = rng.choice(_shipped("scenarios/*.toml"))
        (mod / "scenarios").mkdir()
        target = mod / "scenarios" / "fuzzed.toml"
        target.write_bytes(mutate_text(rng, src.read_bytes()))
        return [["check-content", str(mod)], [*play, "--scenario", str(target)]]
    if case.kind == "script":
        src = rng.choice(_shipped("scripts/*.toml"))
        target = work / "script.toml"
        target.write_bytes(mutate_text(rng, src.read_bytes()))
        return [["script", str(target), "--json"]]
    if case.kind == "mod":
        src = rng.choice(_shipped("mods/*/"))
        shutil.rmtree(mod)
        shutil.copytree(src, mod)
        files = sorted(p for p in mod.rglob("*.toml"))
        victim = rng.choice(files)
        victim.write_bytes(mutate_text(rng, victim.read_bytes()))
        return [["check-content", str(mod)], play]
    if case.kind == "locale":
        (mod / "locale" / "en").mkdir(parents=True)
        src = CONTENT / "locale" / "en" / "rules.toml"
        (mod / "locale" / "en" / "rules.toml").write_bytes(mutate_text(rng, src.read_bytes()))
        return [["check-content", str(mod)]]
    target = work / "replay.json"
    target.write_bytes(mutate_json(rng, rng.choice(replays)))
    return [["replay", str(target), "--json"]]


def judge(argv: list[str]) -> tuple[str, str]:
    """Run one command in-process; its verdict and what it said."""
    from game.cli.entry import main

    err, out = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = main(argv)
    except _Hang:
        return "hang", f"over {TIME_LIMIT} s: {' '.join(argv[:2])}"
    except MemoryError:
        return "memory", f"over {MEMORY_LIMIT >> 20} MiB: {' '.join(argv[:2])}"
    except BaseException as e:  # anything else escaping the command line is what we look for
        first_line = str(e).partition("\n")[0]
        return "traceback", f"{type(e).__name__}: {first_line[:200]}"
    lines = err.getvalue().splitlines()
    if code == 0:
        return "ok", ""
    many = argv[0] == "check-content"
    if (
        code == 2
        and lines
        and all(line.startswith("error: ") for line in lines)
        and (many or len(lines) == 1)
    ):
        if all("\x1b" not in line and "\r" not in line and len(line) <= 320 for line in lines):
            return "rejected", lines[0][:200]
        return "traceback", f"an unsafe error line: {lines[0][:200]!r}"
    return "traceback", f"exit {code}, stderr: {err.getvalue()[:300]!r}"


def run_case(case: Case, replays: list[dict[str, Any]], keep: Path | None) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        work = Path(tmp)
        verdict, detail = "ok", ""
        signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(TIME_LIMIT)
        try:
            for argv in build(case, work, replays):
                verdict, detail = judge(argv)
                if verdict != "ok":
                    break
        except _Hang:
            verdict, detail = "hang", "while writing the case"
        finally:
            signal.alarm(0)
        reproducer = ""
        if verdict in ("traceback", "hang", "memory") and keep is not None:
            dest = keep / f"{case.kind}-{case.seed}-{case.number}"
            shutil.copytree(work, dest, dirs_exist_ok=True)
            reproducer = str(dest)
        return Outcome(case.kind, case.number, verdict, detail, reproducer)


def _alarm(_signum: int, _frame: object) -> None:
    raise _Hang


# --- the runner --------------------------------------------------------------------------------------

_REPLAYS: list[dict[str, Any]] = []
_KEEP: Path | None = None


def _init(replay_dir: str, keep: str) -> None:
    global _KEEP
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    _REPLAYS.extend(_replays(Path(replay_dir)))
    _KEEP = Path(keep)


def _work(case: Case) -> Outcome:
    return run_case(case, _REPLAYS, _KEEP)


def fuzz(
    cases: int, seed: int, jobs: int, out: Path, report: Callable[[str], None] = print
) -> Counter[tuple[str, str]]:
    """Run `cases` cases spread evenly over the kinds; returns (kind, verdict) counts."""
    out.mkdir(parents=True, exist_ok=True)
    replay_dir = out / "replays"
    replay_dir.mkdir(exist_ok=True)
    _replays(replay_dir)  # made once, before the workers fork
    todo = [Case(KINDS[n % len(KINDS)], n, seed) for n in range(cases)]
    counts: Counter[tuple[str, str]] = Counter()
    done: set[int] = set()
    start = time.perf_counter()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(jobs, _init, (str(replay_dir), str(out / "failures")), maxtasksperchild=500) as pool:
        results = pool.imap_unordered(_work, todo)
        for i in range(1, cases + 1):
            try:  # each case is bounded by the alarm: only a worker killed outright (a crash) sends nothing
                o = results.next(timeout=TIME_LIMIT + 30)
            except multiprocessing.TimeoutError:
                break
            done.add(o.number)
            counts[(o.kind, o.verdict)] += 1
            if o.verdict in ("traceback", "hang", "memory"):
                report(f"{o.verdict}: {o.kind} case {o.number}: {o.detail} (reproducer: {o.reproducer})")
            if i % 500 == 0:
                report(f"... {i}/{cases} cases, {time.perf_counter() - start:.0f} s")
    for case in todo:  # the cases a dead worker took with it: counted as hangs, their files kept
        if case.number not in done:
            dest = out / "failures" / f"{case.kind}-{case.seed}-{case.number}"
            shutil.rmtree(dest, ignore_errors=True)
            build(case, dest, _replays(replay_dir))
            counts[(case.kind, "hang")] += 1
            report(f"hang: {case.kind} case {case.number}: its worker died (reproducer: {dest})")
    elapsed = time.perf_counter() - start
    report(f"{cases} cases, seed {seed}, {jobs} workers, {elapsed:.0f} s")
    report(f"{'kind':<10}{'cases':>7}{'ok':>7}{'rejected':>10}{'traceback':>11}{'hang':>6}{'memory':>8}")
    for kind in KINDS:
        row = {v: counts[(kind, v)] for v in ("ok", "rejected", "traceback", "hang", "memory")}
        report(
            f"{kind:<10}{sum(row.values()):>7}{row['ok']:>7}{row['rejected']:>10}{row['traceback']:>11}"
            f"{row['hang']:>6}{row['memory']:>8}"
        )
    return counts


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.fuzzing", description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "forglory-fuzz")
    args = p.parse_args(argv)
    counts = fuzz(args.cases, args.seed, args.jobs, args.out)
    bad = sum(n for (_k, v), n in counts.items() if v in ("traceback", "hang", "memory"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
