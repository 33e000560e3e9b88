"""What the player may ask the battle screen to explain: F1, the keys, the rules of the decision in
hand (each a link to the rules reference) and the glossary; W, the reasons of the computer's decisions."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.running.why_words import why_lines
from game.ui import theme
from game.ui.battle.hud import on_table
from game.ui.battle.view import BattleView
from game.ui.battle.why_box import draw_why

# F1: the keys, and the rules of the decision in hand (their titles come from the rules reference)
HELP_LEAST = (480, 320)  # pixels: on a table shown smaller than this the help takes the whole view
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


@dataclass(frozen=True)
class HelpLine:
    """A line of the F1 help: its text, the rule it tells (a click opens it in the reference), or a
    heading of what follows (the decision in hand, the glossary)."""

    text: str
    rule: str = ""
    heading: bool = False


def help_lines(v: BattleView) -> list[HelpLine]:
    """The lines of the F1 help: the keys, the rules of the decision in hand, then the glossary (the
    measures in inches and the rules' words)."""
    out = [HelpLine(v.t(key)) for key in KEYS_HELP]
    d = v.battle.pending
    if d is not None:
        out.append(HelpLine(v.t("help_now", decision=v.decision(d.kind)), heading=True))
        kind = v.battle.stack.decisions.get(d.kind)
        for rid in RULES_HELP.get(d.kind, kind.rules if kind is not None else ()):
            ref = v.reference.get(rid)
            out.append(HelpLine(f"{ref.title}: {ref.text}" if ref else "", rid))
    terms = v.glossary()
    if terms:
        out.append(HelpLine(v.t("glossary_title"), heading=True))
        out += [HelpLine(f"{g.term}: {g.text}") for g in terms]
    return out


def help_box(v: BattleView) -> pygame.Rect:
    """Where the F1 help stands: on the table as it shows in the view, as the other boxes laid over
    it (the view's own corners, past the table's edge, hung over the background)."""
    return on_table(v, HELP_LEAST).inflate(-20, -20)


def draw_help(v: BattleView, surf: pygame.Surface) -> None:
    """F1: the keys, the rules of the decision in hand (click one to read it in the reference) and
    the glossary; the wheel or the arrow keys scroll it when it is longer than the table."""
    v.help_links = []
    if not v.help:
        return
    view = help_box(v)
    shade = pygame.Surface(view.size, pygame.SRCALPHA)
    shade.fill((20, 22, 26, 235))
    surf.blit(shade, view)
    pygame.draw.rect(surf, theme.ACCENT, view, 2, border_radius=6)
    font, x = theme.font(20), view.x + 16
    inner = view.inflate(-8, -24)
    rows = []
    for h in help_lines(v):
        rid = h.rule
        colour = theme.ACCENT if h.heading else theme.TEXT  # a rule's every row alike: none looks greyed
        for i, line in enumerate(theme.wrap(f"{rid}  {h.text}" if rid else h.text, font, view.w - 32)):
            rows.append((line, colour, rid, i == 0))
    step = font.get_linesize()
    height = sum(step + (4 if first else 0) for *_x, first in rows)
    v.help_scroll = max(0, min(v.help_scroll, height - inner.h))
    y = inner.y - v.help_scroll
    clip = surf.get_clip()
    surf.set_clip(inner)
    for line, colour, rid, first in rows:
        y += 4 if first else 0
        if inner.y - step < y < inner.bottom:
            shown = surf.blit(font.render(line, True, colour), (x, y))
            if rid:
                v.help_links.append((shown.clip(inner), rid))
        y += step
    surf.set_clip(clip)
    if height > inner.h:  # a thumb says where the view is in the whole help
        bar = pygame.Rect(view.right - 10, inner.y, 5, inner.h)
        thumb = pygame.Rect(bar.x, 0, bar.w, max(20, inner.h * inner.h // height))
        thumb.y = inner.y + (inner.h - thumb.h) * v.help_scroll // max(1, height - inner.h)
        pygame.draw.rect(surf, theme.ACCENT, thumb, border_radius=2)


def draw_why_box(v: BattleView, surf: pygame.Surface) -> pygame.Rect | None:
    """W: the general's reasons, at the bottom left of the table as it shows (as F1's help stands on it);
    where it was drawn, or None when it is not shown."""
    if not v.why:
        return None
    thought = v.why_thought()
    lines = why_lines(thought, v.t, lambda s: v.names.get(s, s)) if thought else [v.t(v.why_none)]
    hint = v.t("why_hint" if v.ai.thoughts else "why_close")  # no decision yet: none to page through
    return draw_why(surf, on_table(v, HELP_LEAST), lines, hint)
