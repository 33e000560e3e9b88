"""The pages the campaign's screen opens over its map (a battle before it is fought: battle_page.py):
the report after a battle (CAMP-DEC-12..16: losses, brigades destroyed, hits, officers killed,
quality, who holds the place, retreat and pursuit) and the calendar's events as they happen
(CAMP-DEC-21); an army's page is army_page.py."""

from __future__ import annotations

from typing import Any

import pygame

from game.model.events import Event, GameOver, Note, Roll
from game.model.words import counted, slug
from game.running.narrate import Narrator, end_reason
from game.ui import theme
from game.ui.campaign.panel import LABELS
from game.ui.campaign.view import CampaignView
from game.ui.campaign.words import (
    fate,
    quality,
    when,
)
from game.ui.palette import legible
from game.ui.widgets.choice_list import BUTTON_H, Choice, button_label
from systems.campaign.report import battle_report
from systems.campaign.state import Fought
from systems.campaign.words import chances

# what the report tells of the war's events after a battle (the notes' `say`), besides its losses
# the aftermath's events the report tells in the log's words (the quality gained and the officers fallen
# it lists itself, from the brigades' and officers' records)
AFTER = {"camp_pursued", "camp_retreat", "camp_surrender", "camp_destroyed", "camp_battle_over", "camp_take",
         "camp_too_weak"}  # fmt: skip


def page_box(v: CampaignView, surf: pygame.Surface, title: str) -> tuple[pygame.Rect, int, int, int]:
    """A page over the map (the panel and the log stay beside it): its box, where its text starts and
    how wide it is."""
    shade = pygame.Surface(v.area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surf.blit(shade, v.area.topleft)
    box = v.area.inflate(-theme.px(30), -theme.px(24))
    pygame.draw.rect(surf, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
    x, y = box.x + theme.px(18), box.y + theme.px(12)
    head = theme.font(28).render(theme.cut(title, theme.font(28), box.w - 36), True, theme.ACCENT)
    surf.blit(head, (x, y))
    return box, x, y + head.get_height() + 4, box.w - theme.px(36)


def page_buttons(v: CampaignView, surf: pygame.Surface, box: pygame.Rect, choices: list[Choice]) -> None:
    """The page's buttons in a row along its foot (two rows when they do not fit one)."""
    gap = theme.px(10)
    per_row = max(1, min(len(choices), 3))
    width = (box.w - theme.px(36) - gap * (per_row - 1)) // per_row
    rows = -(-len(choices) // per_row)
    for i, ch in enumerate(choices):
        row, col = divmod(i, per_row)
        y = box.bottom - theme.px(14) - (rows - row) * (theme.px(BUTTON_H) + gap) + gap
        rect = pygame.Rect(box.x + theme.px(18) + col * (width + gap), y, width, theme.px(BUTTON_H) + 4)
        hover = rect.collidepoint(v.mouse) and ch.enabled
        pygame.draw.rect(surf, (95, 100, 110) if hover else (70, 74, 82), rect, border_radius=5)
        font, label = button_label(ch.label, rect.w - 16, LABELS.sizes)
        text = font.render(label, True, theme.TEXT)
        surf.blit(text, text.get_rect(center=rect.center))
        v.page_buttons.append((rect, ch))


def side_colour(v: CampaignView, side: str) -> theme.Colour:
    return legible(v.colours[side], theme.PANEL)


# --- after the battle ---------------------------------------------------------------------------------


def aftermath_events(v: CampaignView, number: int) -> list[Event]:
    """The war's events of a battle's aftermath: the pursuit, the retreat, who holds the place (between
    its announcement and the end of its aftermath)."""
    out: list[Event] = []
    started = False
    for e in v.war.events:
        details = (e.details or {}) if isinstance(e, Note) else {}
        if isinstance(e, Note) and details.get("say") == "camp_battle" and details.get("battle") == number:
            started = True
            continue
        if not started:
            continue
        if (isinstance(e, Note) and details.get("say") in AFTER) or (
            isinstance(e, Roll) and e.check == "pursuit"
        ):
            out.append(e)
        if isinstance(e, Note) and details.get("say") == "camp_battle_over":
            break
    return out


def draw_report(v: CampaignView, surf: pygame.Surface) -> None:
    w, t, n = v.war, v.t, v.n
    f = next(x for x in w.fought if x.number == v.report_of)
    r = battle_report(w, f)
    box, x, y, width = page_box(
        v, surf, t("campaign_report_title", number=r.number, place=n.place(r.location))
    )
    how = t(f"camp_resolved_{f.resolved}")
    head = (
        t("campaign_report_won", side=v.names[r.winner], how=how)
        if r.winner
        else t("campaign_report_drawn", how=how)
    )
    if r.holder:
        head += " " + t("campaign_report_holder", side=v.names[r.holder], place=n.place(r.location))
    y = theme.text_lines(surf, head, (x, y), width, theme.TEXT, 20) + 2
    y = theme.text_lines(surf, ended_words(v, f), (x, y), width, theme.TEXT_DIM, 16) + 6
    col = (width - theme.px(20)) // 2
    bottom = y
    for i, side in enumerate(w.sides):
        cx, cy = x + i * (col + theme.px(20)), y
        said = t("campaign_report_side", side=v.names[side], before=r.before.get(side, 0),
                 lost=r.before.get(side, 0) - r.after.get(side, 0), after=r.after.get(side, 0),
                 hits=counted(t, "campaign_hits", r.hits.get(side, 0)))  # fmt: skip
        cy = theme.text_lines(surf, said, (cx, cy), col, side_colour(v, side), 18) + 2
        rows = brigade_rows(v, f.number, side)
        most = max(1, (box.bottom - theme.px(190) - cy) // theme.font(16).get_linesize())
        for text, colour in rows[:most]:
            cy = theme.text_lines(surf, text, (cx + 8, cy), col - 8, colour, 16)
        if len(rows) > most:
            cy = theme.text_lines(
                surf, t("campaign_more", n=len(rows) - most), (cx + 8, cy), col - 8, theme.TEXT_DIM, 16
            )
        bottom = max(bottom, cy)
    # the officers fallen, the pursuit and retreat, then the quality gained (the lines a long list cuts)
    lines = [(t("campaign_report_killed", officer=fallen(v, officer)), theme.BAD) for officer in r.killed]
    lines += [(v.narrate(e), theme.TEXT_DIM) for e in aftermath_events(v, r.number)]
    for c in r.changed:
        why = t(f"campaign_why_{slug(c.why)}") if t.has(f"campaign_why_{slug(c.why)}") else c.why
        said = t("campaign_report_quality", unit=n.brigade(c.unit), quality=quality(n, c.quality), why=why)
        lines.append((said, theme.GOOD))
    _under(v, surf, lines, pygame.Rect(x, bottom + 8, width, box.bottom - theme.px(60) - bottom - 8))
    page_buttons(v, surf, box, [Choice("watch", t("campaign_watch"), hint=t("campaign_watch_hint")),
                                Choice("close", t("campaign_continue"))])  # fmt: skip


def ended_words(v: CampaignView, f: Fought) -> str:
    """How the battle ended (after how many rounds, and why: the battle's own words) and the odds told
    before it (CAMP-DEC-24), so the result is read against them."""
    over = next((e for e in reversed(f.events) if isinstance(e, GameOver)), None)
    if over is None or f.result is None:
        return ""
    t, s = v.t, f.setup
    objectives = s.scenario.words(t.language).objectives
    why = end_reason(Narrator(t, v.names, objectives), over.to_dict())
    told = chances(t, f.odds, s.attacker, s.defender)  # as the war's event told them
    return counted(t, "campaign_report_ended", f.result.rounds, why=why, chances=told)


def _under(
    v: CampaignView, surf: pygame.Surface, lines: list[tuple[str, theme.Colour]], room: pygame.Rect
) -> None:
    """The report's lines under its columns (officers fallen, quality gained, the pursuit and retreat)
    as far as `room` goes, above the page's buttons; a last line says how many more there are."""
    f = theme.font(16)
    rows = [len(theme.wrap(text, f, room.w)) * f.get_linesize() + 2 for text, _c in lines]
    y, fits = room.y, 0
    while fits < len(lines) and y + rows[fits] <= room.bottom:
        y, fits = y + rows[fits], fits + 1
    if fits < len(lines):  # room kept for the line of how many more
        while fits and y + f.get_linesize() > room.bottom:
            fits -= 1
            y -= rows[fits]
    y = room.y
    for text, colour in lines[:fits]:
        y = theme.text_lines(surf, text, (room.x, y), room.w, colour, 16) + 2
    if fits < len(lines):
        theme.text_lines(
            surf, v.t("campaign_more", n=len(lines) - fits), (room.x, y), room.w, theme.TEXT_DIM, 16
        )


def brigade_rows(v: CampaignView, number: int, side: str) -> list[tuple[str, theme.Colour]]:
    """Each brigade of a side that fought battle `number`: lost (and how), or its quality and the hits
    it carries away (CAMP-DEC-12, -16), from its service record (CAMP-DEC-19)."""
    w, t, n = v.war, v.t, v.n
    f = next(x for x in w.fought if x.number == number)
    sides = {u.id: s.id for s in f.setup.scenario.sides for d in s.divisions for u in d.units}
    lost, kept = [], []
    for unit in f.setup.units:
        b = w.roster.get(unit)
        if b is None or sides.get(unit) != side:
            continue
        mine = [x for x in b.record if x.battle == number]
        gone = next((x for x in mine if x.kind == "lost"), None)
        fought = next((x for x in mine if x.kind == "battle"), None)
        if gone is not None:
            lost.append((t("campaign_report_lost", unit=n.brigade(unit), why=fate(n, gone.why)), theme.BAD))
        elif fought is not None:  # it reached the field (a reinforcement that came too late did not)
            said = counted(
                t, "campaign_report_kept", fought.hits, unit=n.brigade(unit), quality=quality(n, b.quality)
            )
            kept.append((said, theme.TEXT))
    return lost + kept


def fallen(v: CampaignView, officer: str) -> str:
    """A killed officer by the name he had (his command's: a division's or an army's)."""
    g = v.war.officers.get(officer)
    named = v.n.words.officers.get(officer)
    return named or (g.name if g is not None and g.name else v.n.officer(officer))


# --- the calendar's events -----------------------------------------------------------------------------


def draw_event(v: CampaignView, surf: pygame.Surface) -> None:
    t, n = v.t, v.n
    box, x, y, width = page_box(v, surf, t("campaign_event_title", date=theme.begun(when(n, v.war.turn))))
    for e in v.told:
        details = e.details or {}
        if details.get("say") == "camp_event":
            words = n.words.events.get(str(details.get("event")))
            name = words.name if words is not None else str(details.get("event"))
            text = words.text if words is not None else ""
            y = theme.text_lines(surf, name, (x, y + 8), width, theme.ACCENT, 24)
            y = theme.text_lines(surf, text, (x, y + 2), width, theme.TEXT, 18)
        else:
            colour = news_colour(v, details)
            y = theme.text_lines(surf, "• " + v.narrate(e), (x + 10, y + 2), width - 10, colour, 18)
    page_buttons(v, surf, box, [Choice("close", t("campaign_continue"))])


def news_colour(v: CampaignView, details: dict[str, Any]) -> theme.Colour:
    """An event's effect in the colour of whose news it is: good for the side a player here plays (gold,
    places, an army landed), bad for his enemy's, and the other way round for an army called away;
    plain when he plays both sides or none (a friend beside him, a war he watches)."""
    side, here = details.get("side"), [s for s in v.war.sides if v.human(s)]
    if side is None or len(here) in (0, len(v.war.sides)):
        return theme.TEXT
    gain = details.get("say") != "camp_event_withdraw"
    return theme.GOOD if (side in here) == gain else theme.BAD
