"""Playing over the network (docs/network.md): what asking the network costs a frame when nothing
comes (median); a command's round trip over localhost, from the moment it is given to the moment it is
applied on the machine that gave it (its dice are drawn only once the other machine's value has come
back: the wait this adds to every command, median and 95th percentile); a whole battle between two
processes of the command line, heuristic against heuristic (median); and a campaign's first turn (the
Peninsular War's: its orders and the battles they bring, on the table) between two processes, against
the same turn played on one machine by `simulate` (median, per command).

    python -m bench.network [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time

from game.ai.players import make_player
from game.net.identity import Offer
from game.net.network_game import NetGame
from game.running import builtin_rules


def _pair() -> tuple[NetGame, NetGame]:
    host = NetGame.host(Offer("first-battle"), "Anna", "127.0.0.1", 0)
    guest = NetGame.join("127.0.0.1", host.port, "Bob")
    while not (host.state == guest.state == "playing"):
        host.step()
        guest.step()
        time.sleep(0.001)
    return host, guest


def in_process(samples: int, trips: int = 400) -> dict[str, float]:
    """Microseconds of a frame's step with nothing come, and milliseconds of a command's round trip
    (over as many battles as it takes)."""
    host, guest = _pair()
    idle = []
    for _ in range(samples):
        t0 = time.perf_counter()
        host.step()
        idle.append((time.perf_counter() - t0) * 1e6)
    waited = _round_trips(host, guest, trips)
    while len(waited) < trips:  # a battle ends before: another
        waited += _round_trips(*_pair(), trips - len(waited))
    waited.sort()
    return {
        "idle_step_us": round(statistics.median(idle), 1),
        "round_trip_ms": round(statistics.median(waited), 2),
        "round_trip_p95_ms": round(waited[int(0.95 * (len(waited) - 1))], 2),
        "round_trips": len(waited),
    }


def _round_trips(host: NetGame, guest: NetGame, most: int) -> list[float]:
    """Milliseconds from each command given to the same command applied where it was given, for a
    battle's commands (at most `most`), heuristic against heuristic; the pair is closed after."""
    waited: list[float] = []
    players = {g: make_player("heuristic", g.local, 1) for g in (host, guest)}
    while len(waited) < most and not host.over:
        mover = host if host.my_turn else guest if guest.my_turn else None
        if mover is None:
            host.step()
            guest.step()
            continue
        other = guest if mover is host else host
        m = mover.match
        assert m is not None and m.battle.pending is not None
        m.battle.enter()
        c = players[mover].decide(m.battle, m.battle.pending)
        t0 = time.perf_counter()
        count = mover.ledger.count  # type: ignore[union-attr]
        mover.play(c)
        while mover.ledger.count == count:  # type: ignore[union-attr]  # as frames do, the loop sleeps
            other.step()  # between asks: the threads get their turn
            mover.step()
            time.sleep(0.0002)
        waited.append((time.perf_counter() - t0) * 1000)
    _close(host, guest)
    return waited


def _close(*games: NetGame) -> None:
    for g in games:
        g.close()
        if g.match is not None:
            g.match.battle.close()


def _between_two(game: list[str], hosted: list[str], timeout: float) -> tuple[float, int]:
    """A game played to its end by two processes over localhost (`game`: the command both run, `hosted`:
    what the host adds): its seconds and commands, both machines' digests checked equal."""
    t0 = time.perf_counter()
    host = subprocess.Popen(
        [*game, "--host", "127.0.0.1:0", *hosted], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert host.stderr is not None
    port = re.search(r"port (\d+)", host.stderr.readline())
    assert port is not None
    guest = subprocess.run([*game, "--join", f"127.0.0.1:{port.group(1)}"], capture_output=True, text=True)
    out, _err = host.communicate(timeout=timeout)
    wall = time.perf_counter() - t0
    result = json.loads(out)
    assert json.loads(guest.stdout)["digest"] == result["digest"]
    return wall, result["commands"]


def two_processes(runs: int) -> dict[str, float]:
    """Seconds of a whole battle (first-battle) between two processes, and per command."""
    walls, per = [], []
    for _ in range(runs):
        game = [sys.executable, "-m", "game", "play", "--headless", "--ai", "heuristic"]
        wall, commands = _between_two(game, ["--scenario", "first-battle"], 300)
        walls.append(wall)
        per.append(wall / commands * 1000)
    return {
        "battle_s": round(statistics.median(walls), 2),
        "per_command_ms": round(statistics.median(per), 2),
    }


def campaign_turn(runs: int) -> dict[str, float]:
    """Seconds of the Peninsular War's first turn between two processes (random generals, battles on
    the table), per command; and per command on one machine (`simulate`, the same generals)."""
    walls, per, alone = [], [], []
    war = ["--campaign", "peninsular", "--turns", "1"]
    for run in range(runs):
        game = [sys.executable, "-m", "game", "play", "--headless", "--ai", "random", *war]
        wall, commands = _between_two(game, [], 600)
        walls.append(wall)
        per.append(wall / commands * 1000)
        with tempfile.TemporaryDirectory() as folder:
            replay = f"{folder}/war.json"
            simulate = [sys.executable, "-m", "game", "simulate", *war, "--seed", str(run + 1)]
            t0 = time.perf_counter()
            subprocess.run([*simulate, "--a", "random", "--b", "random", "--save-replay", replay], check=True,
                           capture_output=True)  # fmt: skip
            with open(replay, encoding="utf-8") as f:
                alone.append((time.perf_counter() - t0) / len(json.load(f)["commands"]) * 1000)
    return {
        "campaign_turn_s": round(statistics.median(walls), 2),
        "campaign_per_command_ms": round(statistics.median(per), 2),
        "campaign_alone_per_command_ms": round(statistics.median(alone), 2),
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.network")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    builtin_rules.load()
    result = {**in_process(2000), **two_processes(args.runs), **campaign_turn(args.runs)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"a frame's step, nothing come: {result['idle_step_us']:.1f} us")
        print(
            f"a command's round trip over localhost, given to applied where it was given (its dice drawn "
            f"by both machines): median {result['round_trip_ms']:.2f} ms, 95th percentile "
            f"{result['round_trip_p95_ms']:.2f} ms, of {result['round_trips']}"
        )
        print(
            f"a whole battle between two processes (first-battle, heuristic): {result['battle_s']:.2f} s, "
            f"{result['per_command_ms']:.2f} ms a command"
        )
        print(
            f"the Peninsular War's first turn between two processes (random generals, battles on the "
            f"table): {result['campaign_turn_s']:.2f} s, {result['campaign_per_command_ms']:.2f} ms a "
            f"command (on one machine: {result['campaign_alone_per_command_ms']:.2f} ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
