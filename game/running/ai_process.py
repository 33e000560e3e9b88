"""The client's computer players think in a process of their own, on their own copy of the battle.

The copy is rebuilt there from what a replay holds (content, seed, rule modules, commands) and kept in
step: every command the real battle applies is sent after it. Asking is then never doing, whatever a
player does to think, and the window draws on one core while the AI thinks on another. esper keeps
its worlds in module globals, so a copy could not live in a thread of the window's process.

An exception in the AI's process comes back as a RemoteError carrying that process's traceback; a
process that dies comes back as one too. The window turns either into its recovery (game/running/recovery.py).

The process is bounded where the platform allows (resource.setrlimit): its memory, and the processor
time of each question (the budget the window gives it, then SIGXCPU ends it). A process that stops
answering (stopped, or stuck) is the window's watchdog's to kill (game/ui/playing/ai_turns.py); nothing the
window sends it can block the window (a full pipe is a process that stopped reading).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import select
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol

try:  # POSIX only: elsewhere the process runs without limits, and the watchdog still holds it
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

from game.ai.reasons import Thought
from game.content.mods import load_mods
from game.content.ruleset_files import load_ruleset
from game.model import commands as cmd
from game.running import builtin_rules
from game.running.match import Match, new_match, scenario_ref

STOP_WAIT = 2.0  # seconds a closing worker gets before it is killed
MEMORY_LIMIT = 2 << 30  # bytes of address space: a battle's copy and its search use about 200 MB
CPU_PER_QUESTION = 300.0  # processor seconds for a rebuild or a question: beyond any budget (60 s x 4)


def limit_memory(limit: int = MEMORY_LIMIT) -> None:
    """Cap the process's address space (RLIMIT_AS) where the platform allows: beyond it, a
    MemoryError there, never the machine's memory."""
    if resource is not None:
        with contextlib.suppress(ValueError, OSError):
            soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            resource.setrlimit(resource.RLIMIT_AS, (_lower(limit, soft), _lower(limit, hard)))


def limit_cpu(seconds: float) -> None:
    """Let the process use at most `seconds` more of processor time (RLIMIT_CPU, raised again before
    each question): a runaway computation is ended by SIGXCPU, which the window sees as a process
    that died."""
    if resource is not None:
        with contextlib.suppress(ValueError, OSError):
            used = resource.getrusage(resource.RUSAGE_SELF)
            soft = int(used.ru_utime + used.ru_stime + seconds) + 1
            _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
            resource.setrlimit(resource.RLIMIT_CPU, (_lower(soft, hard), hard))


def _lower(limit: int, current: int) -> int:
    return limit if current == resource.RLIM_INFINITY or current > limit else current


class RemoteError(Exception):
    """What went wrong in the AI's process: the exception's type and words, and its traceback there."""

    def __init__(self, kind: str, message: str, trace: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.trace = trace


@dataclass(frozen=True)
class Copy:
    """Everything the AI's process needs to build the same battle and the same players."""

    scenario: str
    seed: int
    max_rounds: int | None
    mods: tuple[str, ...]
    modules: tuple[str, ...]
    commands: tuple[dict[str, object], ...]
    players: tuple[tuple[str, str, int], ...]  # side, kind of player, its seed
    think: float = 1.0  # x a search general's budget per decision (the player's setting)
    options: dict[str, object] | None = None  # the game mode's set-up choices (a random map's)
    rolls: tuple[tuple[int, int], ...] = ()  # a network game's seeds of its commands' dice, by index


def copy_of(m: Match, players: dict[str, tuple[str, int]], think: float = 1.0) -> Copy:
    mods = m.rules.loaded_mods
    return Copy(
        scenario_ref(m.scenario.path, mods),
        m.seed,
        m.max_rounds,
        tuple(str(x.root) for x in mods),
        m.battle.stack.ids,
        tuple(cmd.to_json(c) for c in m.commands),
        tuple((side, kind, seed) for side, (kind, seed) in players.items()),
        think,
        m.options,
        tuple(sorted(m.rolls.items())),
    )


def _rebuild(copy: Copy) -> Match:
    from pathlib import Path

    rules = load_ruleset(mods=load_mods(Path(p) for p in copy.mods))
    m = new_match(
        copy.scenario, copy.seed, copy.max_rounds, rules, modules=copy.modules, options=copy.options
    )
    m.rolls = dict(copy.rolls)
    for raw in copy.commands:
        m.apply(cmd.from_json(raw, m.battle.stack.commands))
    return m


class Copied(Protocol):
    """A game rebuilt in the AI's process: it follows the real one's commands and answers its questions."""

    def apply(self, raw: dict[str, object]) -> None: ...

    def decide(self, side: str) -> tuple[dict[str, object], Thought | None]: ...

    def close(self) -> None: ...


@dataclass
class BattleCopy:
    """A battle's copy (a For Glory battle or an Open Wars game) and its computer players."""

    m: Match
    players: dict[str, Any]

    @classmethod
    def built(cls, copy: Copy) -> BattleCopy:
        from game.ai.players import make_player

        m = _rebuild(copy)
        players = {
            side: make_player(kind, side, seed, m.rules.loaded_mods, copy.think)  # a mod's temperaments
            for side, kind, seed in copy.players
        }
        return cls(m, players)

    def apply(self, raw: dict[str, object]) -> None:
        self.m.apply(cmd.from_json(raw, self.m.battle.stack.commands))

    def decide(self, side: str) -> tuple[dict[str, object], Thought | None]:
        d = self.m.battle.pending
        assert d is not None and d.side == side, f"the copy waits for {d}, not for side {side}"
        player = self.players[d.side]
        return cmd.to_json(player.decide(self.m.battle, d)), getattr(player, "thought", None)

    def close(self) -> None:
        self.m.battle.close()


def serve(conn: Connection, copy: Copy) -> None:
    """The AI's process of a battle (game/running/campaign_worker.py serves a campaign's)."""
    run_copy(conn, lambda: BattleCopy.built(copy))


def run_copy(conn: Connection, build: Callable[[], Copied]) -> None:
    """The AI's process: rebuild the game, then apply what it is sent and answer what it is asked."""
    limit_memory()
    limit_cpu(CPU_PER_QUESTION)
    try:
        builtin_rules.load()  # a process of its own: the rules register here too
        game = build()
    except Exception as e:
        conn.send(("error", type(e).__name__, str(e), traceback.format_exc()))
        return
    while True:
        try:
            msg = conn.recv()
        except EOFError:  # the window is gone
            return
        if msg[0] == "stop":
            game.close()
            return
        try:
            if msg[0] == "apply":
                game.apply(msg[1])
            elif msg[0] == "decide":
                limit_cpu(CPU_PER_QUESTION)
                answer, thought = game.decide(msg[1])
                conn.send(("ok", answer, thought))  # its reasons, if it keeps them
        except Exception as e:
            conn.send(("error", type(e).__name__, str(e), traceback.format_exc()))


# what the AI's processes import before a battle is sent them: the model, the rules, the generals
_PRELOAD = ["game.running.ai_process", "game.running.campaign_worker", "game.ai.players"]


class _Starts:
    """How the AI's processes start here: each from a fresh interpreter, so no window and no thread is
    copied. Where the system has one, a server started once as a fresh interpreter with the game's model
    imported forks each (about 30 ms against 300 ms for an interpreter of its own: a new battle, a loaded
    save, an undo and a replay's seek each start one); elsewhere (Windows), or once the server could not
    start, each is spawned."""

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def _started(target: Callable[[Connection, Any], None], args: tuple[Any, ...]) -> Any:
    if _Starts.method == "forkserver":
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(_PRELOAD)  # read when the server starts, at the first process
        forked = ctx.Process(target=target, args=args, daemon=True)
        try:
            forked.start()
            return forked
        except OSError:  # the server cannot listen: its socket's path too long under a long TMPDIR
            _Starts.method = "spawn"
    spawned = multiprocessing.get_context("spawn").Process(target=target, args=args, daemon=True)
    spawned.start()
    return spawned


class Worker:
    """The window's side of the AI's process."""

    def __init__(self, m: Match, players: dict[str, tuple[str, int]], think: float = 1.0) -> None:
        self._start(serve, copy_of(m, players, think), players)

    def _start(self, target: Callable[[Connection, Any], None], copy: Any, players: dict[str, Any]) -> None:
        """The process serving `copy` (rebuilt there by `target`), and the window's end of its pipe."""
        self._conn, child = multiprocessing.Pipe()
        self._proc = _started(target, (child, copy))
        child.close()
        self.sides = set(players)
        self.thought: Thought | None = None  # the reasons of the last answer (a search general's)
        self.asked: float | None = None  # when the question in hand was asked (time.monotonic)
        self.stuck = False  # it stopped reading what the window sends: only a new process will do

    @property
    def pid(self) -> int | None:
        return self._proc.pid

    def _send(self, msg: tuple[object, ...]) -> None:
        """Send without ever blocking the window: a pipe too full to take a message belongs to a process
        that stopped reading, which is marked stuck (the message is dropped: a new copy is rebuilt)."""
        if self.stuck:
            return
        try:
            if os.name == "posix":  # select() takes a pipe only there; elsewhere the watchdog alone holds
                _r, writable, _x = select.select([], [self._conn.fileno()], [], 0)
                if not writable:
                    self.stuck = True
                    return
            self._conn.send(msg)
        except (OSError, ValueError):  # the process is gone: answer() says how it ended
            pass

    def applied(self, c: cmd.Command) -> None:
        """The real battle applied this command: the copy follows."""
        self._send(("apply", cmd.to_json(c)))

    def ask(self, side: str) -> None:
        self.asked = time.monotonic()
        self._send(("decide", side))

    def waited(self) -> float:
        """Seconds since the question in hand was asked (0 with none)."""
        return 0.0 if self.asked is None else time.monotonic() - self.asked

    def answer(self, kinds: Any) -> cmd.Command | RemoteError | None:
        """The answer to the last question, an error, or None while the AI still thinks."""
        try:
            if self._conn.poll():
                msg = self._conn.recv()
                self.asked = None
                if msg[0] == "ok":
                    self.thought = msg[2] if isinstance(msg[2], Thought) else None
                    return cmd.from_json(msg[1], kinds)
                return RemoteError(msg[1], msg[2], msg[3])
        except (EOFError, OSError):
            pass  # the process is gone: say how it ended
        else:
            if self._proc.is_alive():
                return None
        self._proc.join(STOP_WAIT)
        return RemoteError("ProcessEnded", f"the AI's process ended (exit code {self._proc.exitcode})", "")

    def wait(self, timeout: float) -> bool:
        """Block until an answer is ready (tests and the end of a battle), at most `timeout` seconds."""
        return bool(self._conn.poll(timeout))

    def kill(self) -> None:
        """End the AI's process at once (a test of the recovery; a stuck AI)."""
        self._proc.kill()
        self._proc.join(STOP_WAIT)

    def close(self, grace: float = STOP_WAIT) -> None:
        """End the AI's process for sure: asked to stop, then killed if it has not within `grace`
        seconds (a stopped or stuck process never stops by itself; SIGKILL ends even a stopped one)."""
        self._send(("stop",))
        self._proc.join(grace)
        if self._proc.is_alive():
            self._proc.kill()
            self._proc.join(STOP_WAIT)
        self._conn.close()
