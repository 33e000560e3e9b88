"""Playing over the network (docs/network.md), medians: what asking the network costs a frame when
nothing comes, a command's round trip over localhost (sent, applied there, its digest acknowledged),
and a whole battle between two processes of the command line, heuristic against heuristic.

    python -m bench.network [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
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


def in_process(samples: int) -> dict[str, float]:
    """Microseconds of a frame's step with nothing come, and milliseconds of a command's round trip."""
    host, guest = _pair()
    idle = []
    for _ in range(samples):
        t0 = time.perf_counter()
        host.step()
        idle.append((time.perf_counter() - t0) * 1e6)
    trips = []
    players = {g: make_player("heuristic", g.local, 1) for g in (host, guest)}
    while len(trips) < 60 and not host.over:
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
        mover.play(c)
        count = mover.ledger.count  # type: ignore[union-attr]
        while mover.acked < count:  # as frames do, the loop sleeps between asks: the threads get their turn
            other.step()
            mover.step()
            time.sleep(0.0002)
        trips.append((time.perf_counter() - t0) * 1000)
    for g in (host, guest):
        g.close()
        if g.match is not None:
            g.match.battle.close()
    return {
        "idle_step_us": round(statistics.median(idle), 1),
        "round_trip_ms": round(statistics.median(trips), 2),
    }


def two_processes(runs: int) -> dict[str, float]:
    """Seconds of a whole battle (first-battle) between two processes, and per command."""
    walls, per = [], []
    for _ in range(runs):
        game = [sys.executable, "-m", "game", "play", "--headless", "--ai", "heuristic"]
        t0 = time.perf_counter()
        host = subprocess.Popen(
            [*game, "--host", "127.0.0.1:0", "--scenario", "first-battle"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert host.stderr is not None
        port = re.search(r"port (\d+)", host.stderr.readline())
        assert port is not None
        guest = subprocess.run(
            [*game, "--join", f"127.0.0.1:{port.group(1)}"], capture_output=True, text=True
        )
        out, _err = host.communicate(timeout=300)
        walls.append(time.perf_counter() - t0)
        result = json.loads(out)
        assert json.loads(guest.stdout)["digest"] == result["digest"]
        per.append(walls[-1] / result["commands"] * 1000)
    return {
        "battle_s": round(statistics.median(walls), 2),
        "per_command_ms": round(statistics.median(per), 2),
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.network")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    builtin_rules.load()
    result = {**in_process(2000), **two_processes(args.runs)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"a frame's step, nothing come: {result['idle_step_us']:.1f} us")
        print(f"a command's round trip over localhost: {result['round_trip_ms']:.2f} ms")
        print(
            f"a whole battle between two processes (first-battle, heuristic): {result['battle_s']:.2f} s, "
            f"{result['per_command_ms']:.2f} ms a command"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
