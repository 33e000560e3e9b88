"""Open Wars' chronicle tells a player's tokens of one unit bought in one place one after the other in
one line ("recruits 4 tokens of Mummies in Gravenhall for 4 gold"): a token is bought a click at a
time, and four players' purchases ran a line each, pushing everything else out of sight."""

from __future__ import annotations

import re

import pygame

from game.ai.players import make_player
from game.running.match import new_match
from game.running.settings import Settings
from game.ui.open_wars.screen import OpenWarsScreen
from systems.open_wars.words import joined


def test_OW_RECRUIT_1_a_players_recruits_of_one_unit_in_one_place_are_one_line(
    window: pygame.Surface,
) -> None:
    m = new_match("ow-four-winds", 2)
    screen = OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window.get_size(), Settings())
    c = screen.campaign
    bots = {s: make_player("heuristic", s, 2 + i) for i, s in enumerate(c.sides)}
    try:
        for _ in range(60):  # the first recruitment phase, every player's
            d = c.pending
            if d is None or d.kind != "ow_recruit":
                break
            screen.send(bots[d.side].decide(c, d))  # type: ignore[arg-type]
        recruits = [e for e in c.events if getattr(e, "rule", "") == "OW-RECRUIT-1"]
        # a line for each recruit that does not buy more of what the event before it bought
        runs = sum(1 for a, b in zip([None, *c.events], c.events, strict=False) if b in recruits and not (
            a is not None and joined(a, b)))  # fmt: skip
        told = [ln.text for ln in screen.log.lines if "(OW-RECRUIT-1)" in ln.text]
        counts = [int(re.search(r"recruits (\d+) tokens? of", ln).group(1)) for ln in told]  # type: ignore[union-attr]
        assert sum(counts) == sum(e.details["count"] for e in recruits)  # type: ignore[attr-defined]
        assert len(told) == runs < len(recruits) and max(counts) > 1  # some were bought one after another
        screen.say_in("es")
        screen.log.retell(screen.t)
        spanish = [ln.text for ln in screen.log.lines if "(OW-RECRUIT-1)" in ln.text]
        assert len(spanish) == len(told) and all("recluta" in s for s in spanish)
    finally:
        screen.close()
