"""What the Open Wars screen draws around its map (the top bar: game/ui/open_wars/top_bar.py): the panel of
what is asked and its choices, the combat's odds, the last roll, tooltips, the end of the game and the
help."""

from __future__ import annotations

import pygame

from game.model.events import Event, Note, Roll
from game.model.resolution import Decision
from game.running.match import summary
from game.ui import theme
from game.ui.open_wars.top_bar import seat_hover
from game.ui.open_wars.view import OpenWarsView
from game.ui.palette import legible
from game.ui.playing.replaying import REPLAY
from game.ui.widgets.choice_list import BUTTON_H, BUTTON_STEP, Choice, Labels, button_label
from game.ui.widgets.log_panel import tooltip
from systems.open_wars.combat import rank
from systems.open_wars.words import game_words, plural, result_words

# a button's label: its sizes, largest first, and its margin each side. Not 19: at 13 pixels the bold
# font's space is 3 pixels beside a digit's ink ("4 of 4may move"); at 12 and 14 it reads as a space
LABELS = Labels((20, 18), 12)
# a player's name over his column of the end box: the first (size, most lines) that holds it whole
END_NAMES = ((22, 1), (18, 2), (16, 2), (14, 3))


def draw_panel(v: OpenWarsView, surf: pygame.Surface, d: Decision | None) -> None:
    """What is asked and its choices, the chronicle under them, and the place under the mouse."""
    pygame.draw.rect(surf, theme.PANEL, v.panel)
    pygame.draw.rect(surf, theme.PANEL_EDGE, v.panel, 1)
    x, y, w = v.panel.x + 10, v.panel.y + 8, v.panel.w - 20
    v.buttons, v.choice_list.area = [], pygame.Rect(0, 0, 0, 0)
    v.log.rect = v.log_home.copy()
    y = _decision(v, surf, d, (x, y, w))
    v.log.draw(surf)
    _place(v, surf, (x, v.log.rect.y - 6), w, y)


def _decision(v: OpenWarsView, surf: pygame.Surface, d: Decision | None, at: tuple[int, int, int]) -> int:
    """Who is asked what, and the choices of a human's decision down to the chronicle; returns the y
    under the last drawn."""
    c, t = v.campaign, v.t
    x, y, w = at
    pending = c.pending
    if pending is None:
        return y
    name = v.names[pending.side]
    if d is None:
        afar = v.remote is not None and (pending.side == v.remote.side or not v.remote.may_act)
        waiting = v.remote.waiting(t, pending.side) if v.remote is not None and afar else ""
        replayed = v.controllers.get(pending.side) == REPLAY  # the file answers, nobody thinks
        said = waiting or t("ow_replay_asked" if replayed else "ow_thinking", side=name)
        y = theme.text_lines(surf, said, (x, y), w, theme.ACCENT, 20)
    else:
        y = theme.text_lines(surf, v.prompt(d), (x, y), w, theme.ACCENT, 20)
        y = theme.text_lines(surf, v.guide(d), (x, y + 2), w, theme.TEXT_DIM, 18)
    if pending.kind == "ow_combat":
        y = _combat_lines(v, surf, pending, (x, y + 4), w)
    if d is None:
        return y
    choices = v.choices(d)
    _make_room(v, y + 6, len(choices))
    return _choices(v, surf, choices, pygame.Rect(x, y + 6, w, v.log.rect.y - 6 - (y + 6)))


def _make_room(v: OpenWarsView, top: int, rows: int) -> None:
    """The chronicle's top lowered, down to its least height (theme.LOG_LEAST), as far as the choices'
    `rows` from `top` need: what is asked above them (a combat's stacks, odds and dice, a long prompt)
    never leaves them out of reach, and they scroll only when even that room is short."""
    needed = top + (rows - 1) * theme.px(BUTTON_STEP) + theme.px(BUTTON_H) + 6
    lowest = v.panel.bottom - 6 - theme.px(theme.LOG_LEAST)
    log = v.log.rect
    if needed > log.y:
        log.y = min(needed, max(log.y, lowest))
        log.h = v.panel.bottom - 6 - log.y


def _choices(v: OpenWarsView, surf: pygame.Surface, choices: list[Choice], area: pygame.Rect) -> int:
    """The decision's buttons in the room left them, scrolled when they do not all fit (`ChoiceList`).
    Returns the y under the last button."""
    drawn, y = v.choice_list.draw(surf, choices, area, v.mouse, LABELS, v.t)
    v.buttons += drawn
    return y


def _place(v: OpenWarsView, surf: pygame.Surface, at: tuple[int, int], w: int, free: int) -> None:
    """The location under the mouse (else the one picked): its name, then its type, yield and holder
    and its special card's name and effects (OW-LOC-7). In the room under the choices (`free` on), its
    last line over the chronicle, when it fits there; else under the choices over the chronicle's top,
    boxed, its last line cut at a word when even that room is short. The choices never move for it."""
    loc = v.view.card_at(v.mouse) or v.picked
    if loc is None:
        return
    x, bottom = at
    font = theme.font(16)
    title = theme.font(18).render(v.words.locations[loc], True, theme.ACCENT)
    lines = theme.wrap(v.place_words(loc), font, w)
    y = bottom - len(lines) * font.get_linesize() - title.get_height()
    if y < free + theme.px(8):  # no room left above the chronicle: over its top
        y = free + theme.px(8)
        room = max(1, (v.panel.bottom - 10 - y - title.get_height()) // font.get_linesize())
        if len(lines) > room:
            lines = [*lines[: room - 1], theme.cut(" ".join(lines[room - 1 :]), font, w)]
        box = pygame.Rect(x - 6, y - 4, w + 12, title.get_height() + len(lines) * font.get_linesize() + 8)
        pygame.draw.rect(surf, theme.PANEL, box)
        pygame.draw.rect(surf, theme.ACCENT, box, 1)
    surf.blit(title, (x, y))
    y += title.get_height()
    for line in lines:
        surf.blit(font.render(line, True, theme.TEXT), (x, y))
        y += font.get_linesize()


def _combat_lines(v: OpenWarsView, surf: pygame.Surface, d: Decision, at: tuple[int, int], w: int) -> int:
    """The stacks in initiative order (the one acting marked), and each player's exact chance."""
    c, t = v.campaign, v.t
    x, y = at
    # by rank alone: the round's roll-offs between tied stacks are the combat's, not the screen's
    order = sorted(c.stacks_at(d.stage), key=lambda s: (rank(c, s), s.player, s.unit))
    for s in order:
        u = c.unit(s.unit)
        mark = "> " if (s.player, s.unit) == (d.side, d.unit) else "   "
        line = (
            f"{mark}{v.names[s.player]}: {v.tokens(s.unit, s.count)} "
            f"({t('ow_init', initiative=u.initiative)})"
        )
        colour = legible(v.colours[s.player], theme.PANEL) if not mark.strip() else theme.ACCENT
        y = theme.text_lines(surf, line, (x, y), w, colour, 18)  # a long name wraps: never past the panel
    y = theme.text_lines(surf, v.odds_words(v.odds(d.stage)), (x, y + 4), w, theme.TEXT, 18)
    acting = c.stack_of(d.side, d.stage, d.unit)
    if acting is not None:
        y = theme.text_lines(surf, v.attack_words(acting), (x, y + 2), w, theme.TEXT_DIM, 18)
    return _last_roll(v, surf, (x, y + 4))


def _last_roll(v: OpenWarsView, surf: pygame.Surface, at: tuple[int, int]) -> int:
    """The combat's last attack: who rolled, each die, the hits outlined in green (OW-COMBAT-5)."""
    events = v.campaign.events
    i = next((i for i in range(len(events) - 1, -1, -1) if _attack(events[i])), None)
    if i is None:
        return at[1]
    roll = events[i]
    assert isinstance(roll, Roll) and roll.dice
    x, y = at
    player, unit = (roll.unit or ":").split(":", 1)
    fought = next(  # the combat it was rolled in: the last round begun before it (OW-COMBAT-3)
        (e.details for e in reversed(events[:i]) if isinstance(e, Note) and e.rule == "OW-COMBAT-3"), None
    )
    where = v.words.locations.get(str((fought or {}).get("location")), "")
    hits, side = roll.total, v.names.get(player, player)
    unit_words = v.unit_name(unit)
    words = v.t(plural("ow_last_roll", hits), side=side, unit=unit_words, hits=hits, location=where)
    y = theme.text_lines(surf, words, (x, y), v.panel.w - 20, theme.TEXT, 18)
    attack = v.campaign.unit(unit).attack
    size = 26
    for i, face in enumerate(roll.dice[:10]):
        rect = pygame.Rect(x + i * (size + 5), y + 2, size, size)
        hit = face <= attack
        theme.draw_die(surf, rect, face, edge=theme.GOOD if hit else (60, 60, 60), width=4 if hit else 2)
    return y + size + 6


def draw_hover(v: OpenWarsView, surf: pygame.Surface, where: dict[str, tuple[tuple[str, ...], int]]) -> None:
    if v.button_or_rule_tip(surf, v.buttons) or seat_hover(v, surf) is not None:
        return
    if v.menu is not None or (v.help and v.help_box.collidepoint(v.mouse)) or v.end_box.collidepoint(v.mouse):
        return  # what the menu, the F1 help or the end box covers is not hovered
    c, t = v.campaign, v.t
    chip = v.view.chip_at(v.mouse)
    if chip is not None:
        title = f"{v.names[chip.player]}: {v.tokens(chip.unit, chip.count)}"
        moved = t(plural("ow_moved", chip.moved), moved=chip.moved) if chip.moved else ""
        map_tip(v, surf, title, f"{v.unit_words(chip.unit)} {moved}")
        return
    loc = v.view.card_at(v.mouse)
    if loc is None:
        return
    spec = c.location(loc)
    text = v.place_words(loc)
    if loc in where:
        path, spent = where[loc]
        text += "  " + t("ow_path", path=" > ".join(v.words.locations[x] for x in path), spent=spent,
                         movement=c.unit(v.stack.unit).movement if v.stack else 0)  # fmt: skip
        fight = v.march_odds(loc)  # the odds before the march is sent
        if fight:
            text += "  " + fight
    if spec.text:
        text += "  " + spec.text
    map_tip(v, surf, v.words.locations[loc], text)


def map_tip(v: OpenWarsView, surf: pygame.Surface, title: str, text: str) -> pygame.Rect:
    """The hover box of what is on the map: over the map alone (never the top bar, nor the log and the
    choices beside it), clear of the card under the mouse, which it is about."""
    loc = v.view.card_at(v.mouse)
    card = [v.view.cards[loc]] if loc is not None else []
    return tooltip(surf, v.mouse, title, text, within=v.area, avoid=card)


def end_head(v: OpenWarsView) -> str:
    """Who won, in the command line's words ("Storm Clan wins", "A draw"), begun with a capital."""
    return theme.begun(result_words(v.campaign, v.t)[0])


def end_line(v: OpenWarsView, rounds: int) -> str:
    """Why the game ended and after how many turns; the turn limit's words alone (they say the turns)."""
    reason = v.end_reason()
    end = next((e for e in reversed(v.campaign.events) if isinstance(e, Note) and e.rule == "OW-DEC-6"), None)
    if end is not None and (end.details or {}).get("why") == "limit":
        return theme.begun(reason)
    return theme.begun(v.t(plural("ow_ended", rounds), reason=reason, rounds=rounds))


def draw_end(v: OpenWarsView, surf: pygame.Surface) -> None:
    """The winner, why the game ended, and each player's score line by line (OW-DEC-6)."""
    c, t = v.campaign, v.t
    r = summary(v.match)
    box = pygame.Rect(0, 0, min(760 if len(c.sides) <= 2 else 900, v.area.w - 20), 280)
    box.center = v.area.center
    v.end_box = box
    pygame.draw.rect(surf, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
    head = end_head(v)
    y = box.y + 16
    ended = end_line(v, r["rounds"])
    for text, size, colour in ((head, 48, theme.ACCENT), (ended, 22, theme.TEXT_DIM)):
        s = theme.font(size).render(text, True, colour)
        surf.blit(s, s.get_rect(midtop=(box.centerx, y)))
        y += s.get_height() + 8
    font = theme.font(22)
    col = min(130, (box.w - 300) // len(c.sides))  # a column a player: up to four fit the box
    first = box.right - col * len(c.sides)
    below = y
    for i, p in enumerate(c.sides):  # each name whole, in up to three lines (END_NAMES)
        names, lines = theme.fitted_lines(v.names[p], col - 8, END_NAMES)
        for k, line in enumerate(lines):
            at = (first + i * col, y + k * names.get_linesize())
            surf.blit(names.render(line, True, legible(v.colours[p], theme.PANEL)), at)
        below = max(below, y + len(lines) * names.get_linesize())
    y = max(y + 28, below + 4)
    lines = r["score_lines"]
    for line in lines[c.sides[0]]:
        rule, what = line.split()  # "OW-DEC-6 army"
        room = first - box.x - 34  # the whole words if they fit, else the command line's short ones
        label_font, label = button_label(f"{t('ow_score_' + what)} ({rule})", room, LABELS.sizes)
        if label.endswith("…"):
            short = theme.begun(t("ow_score_short_" + what))  # also the command line's key, lower case
            label_font, label = button_label(f"{short} ({rule})", room, LABELS.sizes)
        surf.blit(label_font.render(label, True, theme.TEXT_DIM), (box.x + 24, y))
        for i, p in enumerate(c.sides):
            surf.blit(font.render(str(lines[p][line]), True, theme.TEXT), (first + 20 + i * col, y))
        y += 26
    surf.blit(font.render(t("total"), True, theme.ACCENT), (box.x + 24, y + 4))
    for i, p in enumerate(c.sides):
        surf.blit(font.render(str(r["score"][p]), True, theme.ACCENT), (first + 20 + i * col, y + 4))
    back = t("back_hint_editor" if v.from_editor else "back_hint")
    hint = theme.font(20).render(back + "   " + t("stats_hint"), True, theme.TEXT_DIM)
    surf.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 10)))


def draw_help(v: OpenWarsView, surf: pygame.Surface) -> None:
    """F1: what the game is and how it is won, the keys, and the rules of the decision in hand with
    their titles."""
    c, t = v.campaign, v.t
    lines = [game_words(c, t), t("ow_help_mouse"), t("ow_help_keys")]
    d = c.pending
    kind = c.stack.decisions.get(d.kind) if d is not None else None
    for rid in kind.rules if kind is not None else ():
        ref = v.reference.get(rid)
        lines.append(f"{rid}: {ref.title}. {ref.text}" if ref else rid)
    text = "\n".join(lines)  # the keys, then each rule, a paragraph each (one block was hard to read)
    v.help_box = boxed(surf, text, pygame.Rect(v.area.x + 30, v.area.y + 60, v.area.w - 60, 0), theme.ACCENT)


def boxed(surf: pygame.Surface, text: str, rect: pygame.Rect, edge: theme.Colour) -> pygame.Rect:
    """Wrapped text in a box as wide as `rect`, as tall as it needs, each line of it ("\\n") a paragraph
    of its own; returns where it was drawn."""
    font = theme.font(20)
    lines = [row for part in text.split("\n") for row in theme.wrap(part, font, rect.w - 24)]
    box = pygame.Rect(rect.x, rect.y, rect.w, 14 + len(lines) * font.get_linesize())
    pygame.draw.rect(surf, (24, 24, 30), box, border_radius=6)
    pygame.draw.rect(surf, edge, box, 2, border_radius=6)
    for i, line in enumerate(lines):
        surf.blit(font.render(line, True, theme.TEXT), (box.x + 12, box.y + 7 + i * font.get_linesize()))
    return box


def _attack(e: Event) -> bool:
    """An attack roll of Open Wars' combat (OW-COMBAT-5), with its dice."""
    return isinstance(e, Roll) and e.check == "attack" and e.rule == "OW-COMBAT-5" and bool(e.dice)
