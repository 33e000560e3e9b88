"""The end of a battle: who won and why, the score by the rulebook's lines, the battle in figures."""

from __future__ import annotations

import pygame

from game.model.events import DivisionRemoved, GameOver, OfficerKilled
from game.model.grammar import capitalised, listed
from game.running.match import summary
from game.running.narrate import ROUND_LIMIT, Narrator, end_reason, names_of
from game.running.result_words import fate_why
from game.running.stats import figures
from game.ui import theme
from game.ui.battle.screen import BattleScreen
from game.ui.widgets.stats_view import draw_figures

SCORE_LABELS = {
    "FG-VIC-5": "score_units",
    "FG-VIC-6": "score_divisions",
    "FG-VIC-7": "score_held",
    "FG-VIC-8": "score_taken",
    "FG-VIC-9": "score_officers",
    "FG-VIC-10": "score_staff",
}


def whose_loss(screen: BattleScreen) -> str:
    """What ended the battle in players' words: whose divisions, estado mayor or objectives."""
    b, names, t = screen.battle, screen.names, screen.t
    over = next((e for e in reversed(b.events) if isinstance(e, GameOver)), None)
    if over is None:
        return ""
    if over.rule == "FG-VIC-2":
        lost = [e for e in b.events if isinstance(e, DivisionRemoved)]
        said = [(names.get(e.side, e.side), t.names.division(e.officer), fate_why(t, e.reason)) for e in lost]
        parts = [t("lost_division", side=side, division=division, why=why) for side, division, why in said]
        return capitalised("; ".join(parts)) + " (FG-VIC-2)"  # "...; los españoles pierden ..."
    if over.rule == "FG-VIC-3":
        staff = [e for e in b.events if isinstance(e, OfficerKilled) and e.officer.endswith("-staff")]
        sides = [names.get(b.side_of(b.ids[e.officer]), "") for e in staff]
        return t("lost_staff", sides=listed(sides, t("and"))) if sides else ""  # one name, or several
    if over.rule == "FG-VIC-4" and b.game is not None and b.game.objectives:
        holder = b.game.objectives[0].holder or ""
        return t("hold_all", side=names.get(holder, holder))
    return t("higher_score")


def ended_by(screen: BattleScreen) -> str:
    """Why the battle ended, in the player's language (the log's words for it), and after how many
    rounds unless the reason says so itself ("the round limit of 8 is reached", not "... after 8 rounds")."""
    b = screen.battle
    over = next((e for e in reversed(b.events) if isinstance(e, GameOver)), None)
    if over is None:
        return str(b.game.end_reason) if b.game is not None else ""
    sides, objectives = names_of(screen.match.scenario.spec, screen.t.language)
    reason = end_reason(Narrator(screen.t, sides, objectives), over.to_dict())
    if over.rule == ROUND_LIMIT:
        return reason
    rounds = b.game.round if b.game is not None else 0  # not summary(): it would score the battle again
    return screen.t(f"ended_after_{'one' if rounds == 1 else 'many'}", reason=reason, rounds=rounds)


class EndScreen:
    """The winner, what ended the battle, and the score line by line, by the rulebook's scoring."""

    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen
        self.result = summary(screen.match)
        self.loss = whose_loss(screen)
        self.reason = ended_by(screen)
        self.figures = figures(screen.match)  # the score round by round plays the commands again
        self.showing_stats = False  # Tab: the score, or the battle in figures
        self.box = pygame.Rect(0, 0, 0, 0)  # the score's box, as last drawn

    def pace(self) -> None:
        return None  # still: the battle under it says whether it moves (game/ui/pacing.py)

    def stamp(self) -> bool:
        return self.showing_stats

    def draw(self, surf: pygame.Surface) -> None:
        """Over the battle, laid out for 1280x720 and grown with the window as the start screen is (at
        1920x1080 a box at 1280x720's size stood small in the middle, its figures in small print)."""
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surf.blit(shade, (0, 0))
        with theme.at_scale(theme.page_scale(surf.get_size())):
            if self.showing_stats:
                self._draw_stats(surf)
            else:
                self._draw_score(surf)

    def _draw_score(self, surf: pygame.Surface) -> None:
        px = theme.px
        r = self.result
        names = self.screen.names
        box = pygame.Rect(0, 0, px(720), px(440))
        box.center = surf.get_rect().center
        self.box = box
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=px(10))
        pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=px(10))
        t = self.screen.t
        winner = t("win", side=names.get(r["winner"], r["winner"])) if r["winner"] else t("draw")
        y = box.y + px(20)
        loss = theme.wrap(self.loss, theme.font(22), box.w - px(40))[:2] if self.loss else []
        ended = theme.begun(self.reason)
        for text, size, colour in (
            (winner, 52, theme.ACCENT),
            (ended, 24, theme.TEXT_DIM),
            *((line, 22, theme.TEXT) for line in loss),
        ):
            s = theme.font(size).render(text, True, colour)
            surf.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += s.get_height() + px(6)
        y += px(10)
        col = (box.x + px(30), box.x + px(450))
        step = px(120)  # from one side's column to the next
        font = theme.font(22)
        sides = list(r["score"])
        for i, s in enumerate(sides):
            surf.blit(font.render(names.get(s, s), True, theme.TEXT), (col[1] + i * step - px(20), y))
        y += px(30)
        for rule, label in SCORE_LABELS.items():
            surf.blit(font.render(f"{theme.begun(t(label))} ({rule})", True, theme.TEXT_DIM), (col[0], y))
            for i, s in enumerate(sides):
                surf.blit(
                    font.render(str(r["score_lines"][s][rule]), True, theme.TEXT), (col[1] + i * step, y)
                )
            y += px(26)
        surf.blit(font.render(t("total"), True, theme.ACCENT), (col[0], y + px(6)))
        for i, s in enumerate(sides):
            surf.blit(font.render(str(r["score"][s]), True, theme.ACCENT), (col[1] + i * step, y + px(6)))
        sc = self.screen
        back = t("back_hint_editor" if sc.from_editor else "back_hint_campaign" if sc.war else "back_hint")
        hint = theme.font(20).render(back + "   " + t("stats_hint"), True, theme.TEXT_DIM)
        surf.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - px(12))))

    def _draw_stats(self, surf: pygame.Surface) -> None:
        sc = self.screen
        draw_figures(surf, self.figures, sc.t, sc.names, sc.renderer.colours, sc.t("stats_hint"))
