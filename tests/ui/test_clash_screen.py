"""A battle with Clash of Spears' command on screen, in Spanish (session 12): the top bar named the unit
activated by its id ("activa: fr-3c") and the command points by the sides' ids ("fr 1  es 7"), and the
dice box said a unit's test in English ("activation = 2: 2 at 4+ (courage 4+ ...): passes") where the
log says it in Spanish."""

from __future__ import annotations

import pygame

from game.ai.players import make_player
from game.running.match import new_match, play
from game.running.narrate import Narrator
from game.running.settings import Settings
from game.ui.battle.roll_words import group_rows
from game.ui.battle.screen import BattleScreen
from systems.clash.command_records import points
from tests.ui.tour import recording


def test_the_top_bar_and_the_dice_box_say_a_clash_battle_in_spanish(window720: pygame.Surface) -> None:
    m = new_match("default", 3, modules=["clash-command"])
    b = m.battle
    sides = b.game.sides  # type: ignore[union-attr]
    players = {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(sides)}
    tested = lambda _m: any(getattr(e, "rule", "") == "CS-6" for e in b.events)  # noqa: E731
    play(m, players, until=lambda x: tested(x) and b.activation is not None and bool(points(b)))
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window720.get_size(), Settings(language="es"))
    try:
        with recording() as drawn:
            screen.draw(window720)
        f = b.activation.formation  # type: ignore[union-attr]
        head = next(s for s in drawn if s.startswith("Ronda "))
        active = f"activa: {screen.t.names.formation(f.key)} ({screen.names[f.side]})"  # the unit, whose
        assert head.endswith(active) and f.key not in head
        left = points(b)
        said = "  ".join(f"{screen.names[s]} {n}" for s, n in left.items())
        assert f"Puntos de mando: {said}" in drawn
        test = next(e.to_dict() for e in b.events if getattr(e, "rule", "") == "CS-6")
        n = Narrator(screen.t, screen.names, screen.objective_names)
        (row,) = group_rows([test], n)
        assert row == n.roll(test) and "test de activación" in row and "activation" not in row
    finally:
        screen.close()
