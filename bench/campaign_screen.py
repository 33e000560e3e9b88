"""The campaign's screen measured (issue 36): the time to draw one frame of the Peninsular War's map (the
mouse moving over it), of a battle's page before it is fought, and of the report after it, in
software, at 1280x720 and 1920x1080; medians and the 95th percentile, in milliseconds, of the clock and
of the processor (the steadier on a shared machine). The screen at rest draws nothing at all
(game/ui/pacing.py); these are the frames it does draw.

    python -m bench.campaign_screen [--frames 120] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

SIZES = ((1280, 720), (1920, 1080))


def screens(size: tuple[int, int]) -> dict[str, Any]:
    """The three pictures: the map at the first orders, a battle's page, a battle's report."""
    from game.ai.players import campaign_player
    from game.running.campaign_match import new_campaign, play
    from game.ui.campaign.screen import CampaignScreen
    from game.ui.playing.war_play import WarPlay

    out = {}
    for what in ("map", "battle", "report"):
        m = new_campaign("peninsular", 3)
        players = {s: campaign_player("easy", s, 3 + i, "auto") for i, s in enumerate(m.war.sides)}
        if what == "battle":  # to the first battle's page: the defender asked to stand or withdraw
            play(
                m,
                players,
                until=lambda m: m.war.pending is not None and m.war.pending.kind == "camp_withdraw",
            )
        elif what == "report":
            play(m, players, until=lambda m: bool(m.war.fought) and bool(m.war.fought[0].after))
        s = CampaignScreen(WarPlay.start(m, dict.fromkeys(m.war.sides, "human")), size)
        if what == "report":
            s.page, s.report_of = "report", m.war.fought[0].number
        out[what] = s
    return out


def frame_ms(frames: int) -> dict[str, dict[str, float]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.running import builtin_rules

    builtin_rules.load()
    pygame.init()
    out: dict[str, dict[str, float]] = {}
    try:
        for size in SIZES:
            surf = pygame.display.set_mode(size)
            made = screens(size)
            time.sleep(5)  # their computer players' processes rebuild the war beside: done first
            for what, s in made.items():
                try:
                    s.draw(surf)  # fonts and layout made once
                    times, cpu = [], []
                    for i in range(frames):
                        s.mouse = (40 + i * 13 % (size[0] - 400), 120 + i * 7 % (size[1] - 200))
                        t0, c0 = time.perf_counter(), time.process_time()
                        s.draw(surf)
                        times.append((time.perf_counter() - t0) * 1000)
                        cpu.append((time.process_time() - c0) * 1000)
                    out[f"{what} {size[0]}x{size[1]}"] = {
                        "median": round(statistics.median(times), 2),
                        "p95": round(sorted(times)[int(len(times) * 0.95)], 2),
                        "cpu_median": round(statistics.median(cpu), 2),
                        "cpu_p95": round(sorted(cpu)[int(len(cpu) * 0.95)], 2),
                    }
                finally:
                    s.close()
    finally:
        pygame.quit()
    return out


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=120)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    out = frame_ms(args.frames)
    if args.json:
        print(json.dumps(out))
        return
    for k, v in out.items():
        print(
            f"{k:>22}: {v['median']:.1f} ms median, {v['p95']:.1f} ms p95"
            f" (of processor {v['cpu_median']:.1f} ms, {v['cpu_p95']:.1f} ms)"
        )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
