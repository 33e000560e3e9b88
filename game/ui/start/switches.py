"""The start screen's optional rules: the rule modules of the chosen battle's game mode, then the mods
(where the mods folder is between them), each a switch marked on or off with its words, in a list that
scrolls; laid out at the page's scale."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
import pygame_gui

from game.content.locale import Texts
from game.content.mods import Mod, user_mods_dir
from game.content.module_records import module_words
from game.model.errors import one_line
from game.model.modules import RuleModule
from game.ui import theme
from game.ui.markup import drawable, plain
from game.ui.start.setup import Setup

SWITCH_H, SWITCH_STEP = 30, 34  # pixels of a switch, and with the room below it, at the page's scale 1
MODS_NOTE = 64  # pixels of the note that says where the mods folder is
BAR = 20  # pixels of the list's scroll bar
PADDING = 24  # pixels of a switch its words leave free (its edges and margins), at the page's scale 1


@dataclass
class Switches:
    modules: dict[pygame_gui.elements.UIButton, str]  # a switch -> its rule module's id
    mods: dict[pygame_gui.elements.UIButton, Mod]
    height: int  # pixels of the whole list


def lay_switches(
    box: pygame_gui.elements.UIScrollingContainer,
    offered: Sequence[RuleModule],
    mods: Sequence[Mod],
    setup: Setup,
    t: Texts,
    scale: float,
) -> Switches:
    """The switches in `box`, each marked as the setup has it; as wide as the box, less room for its
    scroll bar when the list is taller than the box."""
    manager = box.ui_manager
    high, step, note = (round(n * scale) for n in (SWITCH_H, SWITCH_STEP, MODS_NOTE))
    tall = (len(offered) + len(mods)) * step + (note if mods else 0)
    inner = box.rect.w - (round(BAR * scale) if tall > box.rect.h else 0)
    out, y = Switches({}, {}, 0), 0
    # a switch's words cut here, after a whole word, to the room they have: pygame-gui's own cut ends
    # one switch in "r.." beside its neighbours' "…"
    font = manager.get_theme().get_font_dictionary().find_font(round(theme.GUI_FONT * scale), "noto_sans")
    room = inner - round(PADDING * scale)
    for module in offered:
        mark = "[x]" if module.id in setup.modules else "[ ]"
        title, description = module_words(module, t.language)
        button = pygame_gui.elements.UIButton(
            pygame.Rect(0, y, inner, high),
            theme.cut(drawable(one_line(f"{mark} {title}: {description}", 200)), font, room),
            manager,
            container=box,
            tool_tip_text=f"<b>{plain(title)}</b>: {plain(description)}",
        )
        out.modules[button] = module.id
        y += step
    if mods:  # the folder's path may be long: a box that wraps it, as tall as its lines (height -1)
        where = plain(t("mods_where", folder=user_mods_dir()))
        said = pygame_gui.elements.UITextBox(where, pygame.Rect(0, y + 4, inner, -1), manager, container=box)
        y += max(note, said.rect.h + 8)
    on = {p.resolve() for p in setup.mods}
    for m in mods:
        mark = "[x]" if m.root.resolve() in on else "[ ]"
        label = theme.cut(drawable(f"{mark} {m.spec.name} {m.spec.version}"), font, room)
        button = pygame_gui.elements.UIButton(pygame.Rect(0, y, inner, high), label, manager, container=box)
        out.mods[button] = m
        y += step
    out.height = max(y, 1)
    box.set_scrollable_area_dimensions((inner, out.height))
    return out
