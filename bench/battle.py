"""A whole AI-vs-AI battle: how long 10 rounds of the default scenario take, with the default generals
and hard against hard, side by side with Battle for Wesnoth 1.16's own 10-turn headless AI-vs-AI game
on the same machine (when it is installed), and how often the heuristic general beats the random one.
Battles that end before the tenth round are quick: each line also gives the CPU time of a round, and
hard's ten whole rounds at that pace against Wesnoth's game.
Issue 39's aim: the default generals' battle at most half Wesnoth's game, hard against hard at most
three times it. Both are `simulate` without `--why`, as Wesnoth's game is headless: nobody reads the
generals' reasons, so hard weighs whole only the order it chooses (players.unexplained; the same orders).

    python -m bench.battle [--runs N] [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
from typing import Any

from bench.timing import run_timed, warm_up

WESNOTH = [
    "--nogui",
    "--multiplayer",
    "--controller",
    "1:ai",
    "--controller",
    "2:ai",
    "--exit-at-end",
    "--turns",
    "10",
]


AIM_DEFAULT, AIM_HARD = 0.5, 3.0  # issue 39: at most these times Wesnoth's 10-turn AI game

# Rule-module sets timed beside For Glory alone: each plays the same seeds to the end or 10 rounds.
MODULE_SETS: tuple[tuple[str, ...], ...] = (
    ("warhammer-charges", "warhammer-terrain"),
    ("dias-terrain", "dias-combat"),
    ("clash-command", "clash-melee"),
)


MODULE_KEYS = ("s", "cpu_s", "rounds", "cpu_per_round_s")  # what _simulate gives, in its order


def _simulate(
    runs: int, modules: tuple[str, ...] = (), players: tuple[str, ...] = ()
) -> tuple[float, float, list[int], float]:
    """Median wall and CPU time of whole `simulate` processes over seeds 1..runs, start-up included,
    the rounds each played and the CPU time of a round (all the battles' over all their rounds: a
    battle won early is quick, and its median says so); `players`: the two sides' (the default
    generals when empty)."""
    walls, cpus, rounds = [], [], []
    switches = [arg for m in modules for arg in ("--module", m)]
    switches += [arg for flag, name in zip(("--a", "--b"), players, strict=False) for arg in (flag, name)]
    base = [sys.executable, "-m", "game", "simulate", "--rounds", "10", "--json", *switches]
    warm_up([*base, "--seed", "1"])
    for seed in range(1, runs + 1):
        wall, cpu, out = run_timed([*base, "--seed", str(seed)], check=True)
        walls.append(wall)
        cpus.append(cpu)
        rounds.append(json.loads(out)["rounds"])
    per_round = round(sum(cpus) / max(1, sum(rounds)), 3)
    return round(statistics.median(walls), 3), round(statistics.median(cpus), 3), rounds, per_round


def speed(runs: int) -> dict[str, Any]:
    """Median wall time of whole processes, start-up included, as Wesnoth's is measured, and the CPU
    time they used (a ratio less swayed by whatever else the machine runs)."""
    wall, cpu, rounds, per_round = _simulate(runs)
    result: dict[str, Any] = {"forglory_s": wall, "forglory_cpu_s": cpu, "forglory_rounds": rounds}
    result["forglory_cpu_per_round_s"] = per_round
    wall, cpu, rounds, per_round = _simulate(runs, players=("hard", "hard"))
    result |= {"hard_s": wall, "hard_cpu_s": cpu, "hard_rounds": rounds, "hard_cpu_per_round_s": per_round}
    result["modules"] = {
        " + ".join(ms): dict(zip(MODULE_KEYS, _simulate(runs, ms), strict=True)) for ms in MODULE_SETS
    }
    exe = shutil.which("wesnoth") or shutil.which("wesnoth", path="/usr/games")
    if exe:
        times = [run_timed([exe, *WESNOTH]) for _ in range(runs)]
        result["wesnoth_s"] = round(statistics.median(t[0] for t in times), 3)
        result["wesnoth_cpu_s"] = round(statistics.median(t[1] for t in times), 3)
        result["ratio"] = round(result["forglory_s"] / result["wesnoth_s"], 3)
        result["cpu_ratio"] = round(result["forglory_cpu_s"] / result["wesnoth_cpu_s"], 3)
        result["hard_ratio"] = round(result["hard_s"] / result["wesnoth_s"], 3)
        result["hard_cpu_ratio"] = round(result["hard_cpu_s"] / result["wesnoth_cpu_s"], 3)
        # the pace of the battles played, over ten whole rounds (most end before the tenth)
        result["hard_10_rounds_cpu_ratio"] = round(10 * per_round / result["wesnoth_cpu_s"], 3)
    else:
        result["wesnoth_s"] = None  # apt-get install wesnoth-1.16-core to compare
    return result


def strength(games: int) -> dict[str, Any]:
    from game.ai.players import make_player
    from game.running.match import new_match, play, summary
    from game.running.ratings import wilson

    wins = 0.0
    for i in range(games):
        m = new_match("default", 1000 + i)
        first, second = m.battle.game.sides  # type: ignore[union-attr]
        heuristic_first = i % 2 == 0
        names = (
            {first: "heuristic", second: "random"}
            if heuristic_first
            else {first: "random", second: "heuristic"}
        )
        play(m, {s: make_player(n, s, 1000 + i) for s, n in names.items()})
        winner = summary(m)["winner"]
        m.battle.close()
        wins += 0.5 if winner is None else float(names[winner] == "heuristic")
    lo, hi = wilson(wins, games)
    return {
        "games": games,
        "heuristic_win_rate": round(wins / games, 3),
        "ci95": [round(lo, 3), round(hi, 3)],
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.battle")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    s = speed(args.runs)
    st = strength(args.games) if args.games > 0 else None
    if args.json:
        print(json.dumps({"speed": s, "strength": st}))
    else:
        print(
            f"10-round battle: {s['forglory_s']:.2f} s, {s['forglory_cpu_s']:.2f} s of CPU (rounds played "
            f"{s['forglory_rounds']}); Wesnoth 10 turns: {s['wesnoth_s']} s, {s.get('wesnoth_cpu_s')} s of "
            f"CPU; ratio {s.get('ratio')} (of CPU {s.get('cpu_ratio')}; aim at most {AIM_DEFAULT})"
        )
        print(
            f"hard against hard: {s['hard_s']:.2f} s, {s['hard_cpu_s']:.2f} s of CPU (rounds played "
            f"{s['hard_rounds']}); ratio {s.get('hard_ratio')} (of CPU {s.get('hard_cpu_ratio')}; aim at "
            f"most {AIM_HARD}); {s['hard_cpu_per_round_s']:.2f} s of CPU a round: ten rounds "
            f"{s.get('hard_10_rounds_cpu_ratio')} times Wesnoth's"
        )
        for name, m in s["modules"].items():
            print(f"  with {name}: {m['s']:.2f} s, {m['cpu_s']:.2f} s of CPU (rounds played {m['rounds']})")
        if st is not None:
            print(
                f"heuristic beats random {st['heuristic_win_rate']:.0%} of {st['games']} "
                f"(95% CI {st['ci95'][0]:.0%} to {st['ci95'][1]:.0%})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
