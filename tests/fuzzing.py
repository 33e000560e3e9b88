"""Fuzzing every kind of untrusted input as a player or modder would meet it: mutated content files, mods,
scripted battles and replays through the command line, and hostile ids, texts drawn on every screen, a
tampered saves folder, locale format specs, scripted decisions and rule module lists (the kinds and
their steps: tests/fuzz_cases.py).

Each case runs in a process of its own, forked from a warm worker, inside a sandbox of its own: HOME,
the XDG folders and TMPDIR point into the case's folder, beside canaries (a player's files where a
hostile path could reach: beside the saves, the game's folder, the home, the case itself, and two
shared by every case further up). Its verdict:

    ok         every step went well
    rejected   a step ended in one clear line per problem (exit 2 for a command)
    traceback  any other exception or exit code, or a line that breaks the one-line promise
    hang       over the case's time limit (its process and everything it started are killed)
    segfault   its process was killed by a signal (SIGSEGV, SIGABRT, SIGBUS ...)
    memory     over the memory limit of its process
    outside    it wrote, changed or removed something outside the game's own folders: seen as it
               happens (an audit hook on every write, rename and removal) and after (the sandbox and
               the canaries compared with before)

`make fuzz` runs many cases and prints the figures per kind; the test suite runs one of each and checks
that each verdict is seen when it happens (tests/test_fuzz_files.py). Reproducers of failures are
kept under the output folder.

    python -m tests.fuzzing [--cases N] [--seed S] [--jobs J] [--out DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import io
import multiprocessing
import os
import pickle
import random
import resource
import select
import shutil
import signal
import stat
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fuzz_cases import KINDS, Place, Step, build, mutate_json, mutate_text, replays_in
from tests.fuzz_surfaces import SURFACE_TIME_LIMITS

__all__ = ["KINDS", "Case", "Outcome", "fuzz", "isolated", "judge", "mutate_json", "mutate_text"]

VERDICTS = ("ok", "rejected", "traceback", "hang", "segfault", "memory", "outside")
BAD = ("traceback", "hang", "segfault", "memory", "outside")
TIME_LIMIT = 30  # seconds a case may take (a whole check and a round of simulate take well under 2)
# these draw every screen, copy content/, or open, draw and save a file every way in the editor
TIME_LIMITS = {"window": 120, "saves": 60, "specs": 60, "editor": 90, **SURFACE_TIME_LIMITS}
KILL_GRACE = 15  # seconds past its limit before a case that ignores its alarm is killed
MEMORY_LIMIT = 2 << 30  # bytes of address space a case's process may use
# where a case may write: its own files, the game's saves and settings, temporaries
ALLOWED = (
    "work", "data/forglory/saves", "data/forglory/by-file", "data/forglory/battles", "data/forglory/mods",
    "config/forglory", "tmp", "cache",
)  # fmt: skip
CANARIES = ("victim", "data/victim", "data/forglory/victim", "config/victim", "home/victim", "home/Documents")
CANARY_FILES = {"my-thesis.json": "precious", "photo-2020.json": "precious", "autosave-x-1.json": "mine"}


@dataclass(frozen=True)
class Case:
    kind: str
    number: int
    seed: int


@dataclass(frozen=True)
class Outcome:
    kind: str
    number: int
    verdict: str  # one of VERDICTS
    detail: str = ""
    reproducer: str = ""
    seconds: float = 0.0


class _Hang(BaseException):
    """Raised by the alarm: a BaseException, so that nothing in the game can swallow it."""


def _alarm(_signum: int, _frame: object) -> None:
    raise _Hang


# --- the sandbox ---------------------------------------------------------------------------------------


def plant_canaries(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in CANARY_FILES.items():
        (folder / name).write_text(text)


def snapshot(root: Path, skip: tuple[str, ...] = ()) -> dict[str, tuple[Any, ...]]:
    """Every file, folder and link under root (but the `skip` folders, relative to it, and whatever
    stands in their place): its kind, size, time and target or contents."""
    out: dict[str, tuple[Any, ...]] = {}
    for here, dirs, files in os.walk(root, followlinks=False):
        rel = os.path.relpath(here, root)
        dirs[:] = [d for d in dirs if os.path.normpath(os.path.join(rel, d)) not in skip]
        # a file or a link standing where an allowed folder should be is the case's own doing
        files = [f for f in files if os.path.normpath(os.path.join(rel, f)) not in skip]
        for name in [*dirs, *files]:
            p = os.path.join(here, name)
            try:
                st = os.lstat(p)
            except OSError:
                continue
            kind = stat.S_IFMT(st.st_mode)
            if kind == stat.S_IFDIR:  # a folder's entries speak for it (its time changes with them)
                out[os.path.relpath(p, root)] = (kind, stat.S_IMODE(st.st_mode))
                continue
            extra: Any = os.readlink(p) if stat.S_ISLNK(st.st_mode) else st.st_size
            if stat.S_ISREG(st.st_mode) and st.st_size < 4096:
                with contextlib.suppress(OSError):
                    extra = Path(p).read_bytes()
            out[os.path.relpath(p, root)] = (kind, stat.S_IMODE(st.st_mode), st.st_mtime_ns, extra)
    return out


def changes(before: dict[str, tuple[Any, ...]], after: dict[str, tuple[Any, ...]], where: Path) -> list[str]:
    lines = [f"removed {where / p}" for p in before.keys() - after.keys()]
    lines += [f"created {where / p}" for p in after.keys() - before.keys()]
    lines += [f"changed {where / p}" for p in before.keys() & after.keys() if before[p] != after[p]]
    return sorted(lines)


# the events that write, move or remove: the indexes of the paths they change, and of the folder
# descriptor a relative path would be taken from (None: it takes none)
WRITES: dict[str, tuple[tuple[int, ...], int | None]] = {
    "os.remove": ((0,), 1), "os.rmdir": ((0,), 1), "os.rename": ((0, 1), 2), "os.mkdir": ((0,), 2),
    "os.symlink": ((1,), 2), "os.link": ((1,), 3), "os.chmod": ((0,), 2), "os.chown": ((0,), 3),
    "os.truncate": ((0,), None), "os.utime": ((0,), 3), "os.chflags": ((0,), None),
    "shutil.rmtree": ((0,), None), "shutil.move": ((0, 1), None), "shutil.copyfile": ((1,), None),
    "shutil.copymode": ((1,), None), "shutil.copystat": ((1,), None), "shutil.chown": ((0,), None),
}  # fmt: skip
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class Watch:
    """An audit hook: every write, rename or removal whose path lies outside the allowed folders."""

    def __init__(self, allowed: list[Path]) -> None:
        self.allowed = [str(p.resolve()) for p in allowed]
        self.seen: list[str] = []
        self.busy = False

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if self.busy:
            return
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & WRITE_FLAGS
            )
            paths = [path] if writing else []
        elif event in WRITES:
            indexes, fd_at = WRITES[event]
            if fd_at is not None and fd_at < len(args) and isinstance(args[fd_at], int):
                return  # a path relative to an open folder (rmtree's own steps): its rmtree event is seen
            paths = [args[i] for i in indexes if i < len(args)]
        else:
            return
        self.busy = True
        try:
            for p in paths:
                if isinstance(p, str | bytes | os.PathLike) and not self.inside(os.fsdecode(p)):
                    self.seen.append(f"{event} {os.fsdecode(p)[:200]}")
        finally:
            self.busy = False

    def inside(self, path: str) -> bool:
        real = os.path.realpath(path)
        if real == "/dev/null" or real.startswith(("/dev/shm/", "/proc/self/")):
            return True
        return any(real == a or real.startswith(a + os.sep) for a in self.allowed)


def enter(place: Place) -> Watch:
    """Make the case's folders and canaries, point the user's folders at them, and watch every write."""
    root = place.root
    for sub in ("work", "home", "data", "config", "cache", "tmp", "state"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    for c in CANARIES:
        plant_canaries(root / c)
    env = {
        "HOME": "home", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache",
        "XDG_STATE_HOME": "state", "TMPDIR": "tmp",
    }  # fmt: skip
    for name, sub in env.items():
        os.environ[name] = str(root / sub)
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    tempfile.tempdir = str(root / "tmp")
    multiprocessing.current_process().daemon = False  # the game may start its AI's process, as it does
    sys.dont_write_bytecode = True  # an import's cached bytecode is no file of the game's
    faulthandler.disable()  # a crash is the verdict "segfault": its dump would only fill the terminal
    os.chdir(root / "work")
    return Watch([root / a for a in ALLOWED])


# --- one case --------------------------------------------------------------------------------------------


def _safe(lines: list[str]) -> bool:
    return all(
        "\x1b" not in line and "\r" not in line and "\n" not in line and len(line) <= 320 for line in lines
    )


def judge(argv: list[str]) -> tuple[str, str]:
    """Run one command in-process; its verdict and what it said."""
    from game.cli.entry import main

    err, out = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = main(argv)
    except _Hang:
        raise
    except MemoryError:
        return "memory", f"over {MEMORY_LIMIT >> 20} MiB: {' '.join(argv[:2])}"
    except BaseException as e:  # anything else escaping the command line is what we look for
        first_line = str(e).partition("\n")[0]
        return "traceback", f"{type(e).__name__}: {first_line[:200]}"
    lines = err.getvalue().splitlines()
    # exit 1 from a puzzle or a script is its verdict (a check failed), said on stdout (docs/puzzles.md)
    failed_check = code == 1 and argv[0] in ("puzzle", "script") and not lines and out.getvalue().strip()
    if code == 0 or failed_check:
        return "ok", ""
    many = argv[0] == "check-content"
    if (
        code == 2
        and lines
        and all(line.startswith("error: ") for line in lines)
        and (many or len(lines) == 1)
    ):
        if _safe(lines):
            return "rejected", lines[0][:200]
        return "traceback", f"an unsafe error line: {lines[0][:200]!r}"
    return "traceback", f"exit {code}, stderr: {err.getvalue()[:300]!r}"


def judge_call(call: Callable[[], list[str] | None], name: str) -> tuple[str, str]:
    """Run one call into the game: ok, rejected (a UserError, or problem lines it returns), or not."""
    from game.model.errors import UserError

    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            problems = call() or []
    except _Hang:
        raise
    except MemoryError:
        return "memory", f"over {MEMORY_LIMIT >> 20} MiB: {name}"
    except UserError as e:
        problems = [str(e)]
    except BaseException as e:
        return "traceback", f"{name}: {type(e).__name__}: {str(e).partition(chr(10))[0][:200]}"
    if not problems:
        return "ok", ""
    if _safe(problems):
        return "rejected", problems[0][:200]
    return "traceback", f"{name}: an unsafe line: {problems[0][:200]!r}"


def take(step: Step) -> tuple[str, str]:
    if step.before is not None:
        step.before()
    if step.argv is not None:
        return judge(step.argv)
    assert step.call is not None
    return judge_call(step.call, step.name)


def run_case(case: Case, replays: list[dict[str, Any]], root: Path) -> Outcome:
    """The case in this process (a forked one: it changes the environment and adds an audit hook)."""
    start = time.perf_counter()
    place = Place(root)
    watch = enter(place)
    before: dict[str, tuple[Any, ...]] | None = None
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    verdict, detail = "ok", ""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_LIMITS.get(case.kind, TIME_LIMIT))
    step = "building the case"
    try:
        rng = random.Random(case.seed * 1_000_003 + case.number)
        steps = build(case.kind, rng, case.number, place, replays)
        # the stage as the case set it (a game's folder made a file, a link, locked) is no escape: what
        # is watched and compared starts here
        before = snapshot(root, ALLOWED)
        sys.addaudithook(watch)
        for s in steps:
            if verdict != "ok" and not (verdict == "rejected" and s.anyway):
                break
            step = s.name
            said = take(s)
            if VERDICTS.index(said[0]) >= VERDICTS.index(verdict):  # the worst of its steps
                verdict, detail = said
    except _Hang:
        verdict, detail = "hang", f"over its time: {step}"
    except BaseException as e:  # the fuzzer's own step failed: shown, never hidden
        verdict, detail = "traceback", f"{step}: {type(e).__name__}: {str(e)[:200]}"
    finally:
        signal.alarm(0)
    outside = watch.seen + (changes(before, snapshot(root, ALLOWED), root) if before is not None else [])
    if outside:
        verdict, detail = "outside", "; ".join(outside[:3])[:400]
    return Outcome(case.kind, case.number, verdict, detail, seconds=time.perf_counter() - start)


# --- one case in its own process ----------------------------------------------------------------------


def isolated(case: Case, replays: list[dict[str, Any]], cases: Path, keep: Path | None) -> Outcome:
    """Run the case in a forked process of its own, killed (with all it started) past its time limit;
    a process that dies by a signal is a segfault. The canaries shared by every case are checked after."""
    root = cases / f"{case.kind}-{case.seed}-{case.number}"
    shared = {c: snapshot(c) for c in _shared_canaries(cases)}
    limit = TIME_LIMITS.get(case.kind, TIME_LIMIT) + KILL_GRACE  # the alarm inside comes first
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the case's process, in a group of its own with whatever it starts
        code = 0
        try:
            os.close(read)
            os.setpgid(0, 0)
            data = pickle.dumps(run_case(case, replays, root))
            while data:
                data = data[os.write(write, data) :]
        except BaseException:
            code = 70
        finally:
            os._exit(code)
    os.close(write)
    start = time.perf_counter()
    data, status = _collect(pid, read, limit)
    elapsed = time.perf_counter() - start
    if status is None:
        outcome = Outcome(case.kind, case.number, "hang", f"killed after {limit} s", seconds=elapsed)
    elif os.WIFSIGNALED(status):
        name = signal.Signals(os.WTERMSIG(status)).name
        verdict = "memory" if os.WTERMSIG(status) == signal.SIGKILL else "segfault"
        outcome = Outcome(case.kind, case.number, verdict, f"its process died of {name}", seconds=elapsed)
    elif not data:
        code = os.WEXITSTATUS(status)
        outcome = Outcome(case.kind, case.number, "traceback", f"its process ended with {code}, no verdict")
    else:
        outcome = pickle.loads(data)
    damaged = [line for c, was in shared.items() for line in changes(was, snapshot(c), c)]
    if damaged:
        outcome = Outcome(case.kind, case.number, "outside", "; ".join(damaged[:3]), seconds=elapsed)
        for c in shared:  # as they were, for the next cases
            shutil.rmtree(c, ignore_errors=True)
            plant_canaries(c)
    if outcome.verdict in BAD and keep is not None:
        dest = keep / root.name
        shutil.rmtree(dest, ignore_errors=True)
        with contextlib.suppress(OSError):
            shutil.move(root, dest)
        outcome = Outcome(outcome.kind, outcome.number, outcome.verdict, outcome.detail, str(dest), elapsed)
    _remove(root)
    return outcome


def _shared_canaries(cases: Path) -> list[Path]:
    return [cases / "victim", cases.parent / "victim"]


def _collect(pid: int, read: int, limit: float) -> tuple[bytes, int | None]:
    """What the case's process sends and how it ended; (what it sent, None) if it had to be killed."""
    deadline = time.monotonic() + limit
    chunks = []
    open_ = True
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
            return b"", None
        if open_:
            ready, _w, _x = select.select([read], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(read, 1 << 16)
                if chunk:
                    chunks.append(chunk)
                else:
                    open_ = False
                    os.close(read)
            continue
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            with contextlib.suppress(ProcessLookupError):  # what it started and left behind
                os.killpg(pid, signal.SIGKILL)
            return b"".join(chunks), status
        time.sleep(0.01)


def _remove(root: Path) -> None:
    """A case's folder, whatever its files' permissions."""
    if root.exists():
        for here, dirs, _files in os.walk(root):
            for d in dirs:
                p = os.path.join(here, d)
                if not os.path.islink(p):
                    with contextlib.suppress(OSError):
                        os.chmod(p, 0o700)
        shutil.rmtree(root, ignore_errors=True)


# --- the runner --------------------------------------------------------------------------------------

_REPLAYS: list[dict[str, Any]] = []
_PLACES: dict[str, Path] = {}


def _init(replay_dir: str, cases: str, keep: str) -> None:
    _REPLAYS.extend(replays_in(Path(replay_dir)))
    _PLACES.update(cases=Path(cases), keep=Path(keep))


def _work(case: Case) -> Outcome:
    return isolated(case, _REPLAYS, _PLACES["cases"], _PLACES["keep"])


@dataclass
class Figures:
    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    seconds: Counter[str] = field(default_factory=Counter)

    def add(self, o: Outcome) -> None:
        self.counts[(o.kind, o.verdict)] += 1
        self.seconds[o.kind] += o.seconds

    def table(self, kinds: tuple[str, ...]) -> list[str]:
        head = f"{'kind':<10}{'cases':>7}" + "".join(f"{v:>11}" for v in VERDICTS) + f"{'s/case':>8}"
        rows = [head]
        for kind in (*kinds, "total"):
            row = {
                v: sum(n for (k, vv), n in self.counts.items() if vv == v and kind in (k, "total"))
                for v in VERDICTS
            }
            n = sum(row.values())
            secs = sum(s for k, s in self.seconds.items() if kind in (k, "total"))
            rows.append(
                f"{kind:<10}{n:>7}" + "".join(f"{row[v]:>11}" for v in VERDICTS) + f"{secs / max(n, 1):>8.2f}"
            )
        return rows


def fuzz(
    cases: int,
    seed: int,
    jobs: int,
    out: Path,
    report: Callable[[str], None] = print,
    kinds: tuple[str, ...] = KINDS,
    verbose: bool = False,
) -> Counter[tuple[str, str]]:
    """Run `cases` cases spread evenly over the kinds; returns (kind, verdict) counts."""
    from game.running import builtin_rules

    builtin_rules.load()  # as the command line does at start-up: the cases that call the game directly
    out.mkdir(parents=True, exist_ok=True)
    replay_dir = out / "replays"
    shutil.rmtree(replay_dir, ignore_errors=True)  # an earlier run's were made of other content
    replay_dir.mkdir()
    sandbox = out / "sandbox" / "cases"
    sandbox.mkdir(parents=True, exist_ok=True)
    for c in _shared_canaries(sandbox):
        plant_canaries(c)
    with contextlib.redirect_stderr(io.StringIO()):
        replays_in(replay_dir)  # made once, before the workers fork
    todo = [Case(kinds[n % len(kinds)], n, seed) for n in range(cases)]
    figures = Figures()
    start = time.perf_counter()
    ctx = multiprocessing.get_context("fork")
    wait = max(TIME_LIMITS.values()) + 60
    with ctx.Pool(jobs, _init, (str(replay_dir), str(sandbox), str(out / "failures"))) as pool:
        results = pool.imap_unordered(_work, todo)
        for i in range(1, cases + 1):
            try:  # each case is bounded by its own process's limit: a worker that sends nothing is lost
                o = results.next(timeout=wait)
            except multiprocessing.TimeoutError:
                report(f"the runner lost {cases - i + 1} cases: stopped")
                figures.counts[("lost", "hang")] += cases - i + 1
                break
            figures.add(o)
            if verbose:
                report(f"{o.verdict}: {o.kind} case {o.number} ({o.seconds:.1f} s): {o.detail}")
            elif o.verdict in BAD:
                report(f"{o.verdict}: {o.kind} case {o.number}: {o.detail} (reproducer: {o.reproducer})")
            if i % 500 == 0:
                report(f"... {i}/{cases} cases, {time.perf_counter() - start:.0f} s")
    elapsed = time.perf_counter() - start
    report(f"{cases} cases, seed {seed}, {jobs} workers, {elapsed:.0f} s")
    for line in figures.table(kinds):
        report(line)
    return figures.counts


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.fuzzing", description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "forglory-fuzz")
    p.add_argument("--kind", action="append", choices=KINDS, help="only these kinds (repeatable)")
    p.add_argument("--verbose", action="store_true", help="a line for every case")
    args = p.parse_args(argv)
    counts = fuzz(
        args.cases, args.seed, args.jobs, args.out, kinds=tuple(args.kind or KINDS), verbose=args.verbose
    )
    bad = sum(n for (_k, v), n in counts.items() if v in BAD)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
