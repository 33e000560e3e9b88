"""What the player may ask the battle screen to explain: F1, the keys and the rules of the decision in
hand (each a link to the rules reference); W, the reasons of the computer's decisions."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.battle_view import BattleView
from game.ui.why_box import draw_why, why_lines

# F1: the keys, and the rules of the decision in hand (their titles come from the rules reference)
KEYS_HELP = ("help_mouse", "help_keys", "help_more", "help_overlays")  # texts of content/locale/*/ui.toml
RULES_HELP = {
    "deploy": ("FG-DEP-5", "FG-DEP-7", "FG-DEP-8", "FG-DEP-9", "FG-DEP-10", "FG-REINF-4", "AMB-40"),
    "place_staff": ("FG-DEP-11", "AMB-41"),
    "activate": ("FG-ACT-1", "FG-ACT-2", "FG-ACT-4", "FG-ACT-5", "AMB-46"),
    "order": (
        "FG-ORD-2",
        "FG-ORD-3",
        "FG-ORD-5",
        "FG-ORD-6",
        "FG-ORD-8",
        "FG-ORD-9",
        "FG-ORD-10",
        "FG-CHG-1",
    ),
    "reaction": ("FG-REACT-1", "FG-REACT-2", "FG-REACT-3", "FG-REACT-4"),
    "marker": ("FG-FIRE-4",),
    "extra_move": ("FG-CHG-4", "FG-CHG-5", "FG-CHG-6"),
    "officer_move": ("FG-ACT-7", "FG-UNIT-18", "AMB-48"),
    "staff_move": ("FG-ACT-8", "AMB-48"),
}


def help_lines(v: BattleView) -> list[tuple[str, str]]:
    """(rule ID or "", text) lines of the F1 help: the keys, then the rules of the decision in hand."""
    out = [("", v.t(key)) for key in KEYS_HELP]
    d = v.battle.pending
    if d is not None:
        out.append(("", v.t("help_now", decision=v.decision(d.kind))))
        kind = v.battle.stack.decisions.get(d.kind)
        for rid in RULES_HELP.get(d.kind, kind.rules if kind is not None else ()):
            ref = v.reference.get(rid)
            out.append((rid, f"{ref.title}: {ref.text}" if ref else ""))
    return out


def draw_help(v: BattleView, surf: pygame.Surface) -> None:
    v.help_links = []
    if not v.help:
        return
    view = pygame.Rect(v.camera.view).inflate(-40, -40)
    shade = pygame.Surface(view.size, pygame.SRCALPHA)
    shade.fill((20, 22, 26, 235))
    surf.blit(shade, view)
    pygame.draw.rect(surf, theme.ACCENT, view, 2, border_radius=6)
    font, x, y = theme.font(20), view.x + 16, view.y + 12
    for n, (rid, text) in enumerate(help_lines(v)):
        colour = theme.ACCENT if n == len(KEYS_HELP) else theme.TEXT  # the line naming the decision
        prefix = f"{rid}  " if rid else ""
        for i, line in enumerate(theme.wrap(prefix + text, font, view.w - 32)):
            if y > view.bottom - font.get_linesize():
                return
            shown = surf.blit(
                font.render(line, True, colour if i == 0 or not rid else theme.TEXT_DIM), (x, y)
            )
            if rid:
                v.help_links.append((shown, rid))
            y += font.get_linesize()
        y += 4


def draw_why_box(v: BattleView, surf: pygame.Surface) -> None:
    if not v.why:
        return
    lines = why_lines(v.why_thought(), v.t, lambda s: v.names.get(s, s))
    draw_why(surf, pygame.Rect(v.camera.view), lines, v.t("why_hint"))
