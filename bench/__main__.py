"""`make bench`: every benchmark, with medians: the command line's start-up (bench/startup.py), order
resolution (bench/orders.py), a whole AI battle (the default generals', and hard against hard)
against Wesnoth's and the AI's strength (bench/battle.py), a battle of 200 brigades a side
(bench/big_battle.py), the AI's own process (bench/ai_worker.py), the search generals' think time
(bench/ai_levels.py), Open Wars (bench/open_wars.py), the odds under the mouse (bench/hover_odds.py),
playing over the network (bench/network.py), a whole campaign (bench/campaign.py: its balance and the
odds' calibration take `python -m bench.campaign` and `bench.campaign_odds` of 40 campaigns or more),
the campaign's screen (bench/campaign_screen.py), frame times (python -m game bench), the window at
rest (bench/idle.py, under Xvfb)."""

import json
import subprocess
import sys

from bench import (
    ai_levels,
    ai_worker,
    battle,
    big_battle,
    campaign,
    campaign_screen,
    hover_odds,
    idle,
    network,
    open_wars,
    orders,
    startup,
)


def main() -> None:
    print("== the command line's start-up (median of whole processes) ==")
    startup.main([])
    print("== resolving one order (median ms) ==")
    orders.main([])
    print("== a 10-round AI-vs-AI battle, and heuristic against random ==")
    battle.main(sys.argv[1:])
    print("== 200 brigades a side: deployment and one round (median s) ==")
    big_battle.main([])
    print("== the AI in its own process (median ms) ==")
    ai_worker.main([])
    print("== the search generals' think time per decision, and a hard-vs-hard battle ==")
    ai_levels.main([])
    print("== Open Wars: a whole game, a crowded combat's odds, a frame (median ms) ==")
    open_wars.main([])
    print("== the Peninsular War, AI against AI: two whole campaigns ==")
    campaign.main(["--campaigns", "2"])
    print("== the campaign's screen: a frame of its map, a battle's page, a report (ms) ==")
    campaign_screen.main([])
    print("== the odds under the mouse and why a button is greyed (median ms) ==")
    hover_odds.main([])
    print("== playing over the network: a frame's ask, a command's round trip, a battle (medians) ==")
    network.main([])
    print("== drawing one frame (software, 1280x800) ==")
    out = subprocess.run(
        [sys.executable, "-m", "game", "bench", "--json"], capture_output=True, text=True, check=True
    )
    for n, ms in json.loads(out.stdout)["render_ms"].items():
        print(f"{n:>5} bases: {ms:.2f} ms")
    print("== the window at rest: each screen's share of a core over 10 s (Xvfb, 1280x720) ==")
    idle.main([])


if __name__ == "__main__":  # the AI's process (bench/ai_worker.py) imports this module again
    main()
