"""What every game screen shares around its menu: the menu over the darkened window (the Esc menu,
the question before quitting), the choices that leave or save the game, and saving with a line in the
log that says where, or why not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.model.errors import UserError
from game.running.match import Match
from game.running.saves import save_game
from game.ui import theme
from game.ui.widgets.log_panel import LogPanel


def draw_menu(
    surf: pygame.Surface,
    title: str,
    items: list[tuple[str, str]],
    mouse: tuple[int, int],
    width: int = 380,
) -> list[tuple[pygame.Rect, str]]:
    """Draw `items` (what a button does, its words) as buttons under `title`, in a box `width` pixels
    wide at UI scale 1; returns where each button is."""
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 160))
    surf.blit(shade, (0, 0))
    px = theme.px
    box = pygame.Rect(0, 0, px(width), px(90 + 46 * len(items)))
    box.center = surf.get_rect().center
    pygame.draw.rect(surf, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
    head = theme.font(36).render(title, True, theme.ACCENT)
    surf.blit(head, head.get_rect(midtop=(box.centerx, box.y + px(18))))
    out = []
    rects = [
        pygame.Rect(box.x + px(30), box.y + px(70 + 46 * i), box.w - px(60), px(36))
        for i in range(len(items))
    ]
    pictures = [
        theme.icon(key, rect.h - px(12), theme.TEXT, theme.MENU_ICONS)
        for rect, (key, _l) in zip(rects, items, strict=True)
    ]
    rooms = [
        rect.w - 2 * (picture.get_width() + px(14) if picture is not None else px(8))
        for rect, picture in zip(rects, pictures, strict=True)
    ]
    size = theme.one_size(
        ((label, room) for (_key, label), room in zip(items, rooms, strict=True)), (22, 20, 18)
    )
    for (key, label), rect, picture, room in zip(items, rects, pictures, rooms, strict=True):
        hover = rect.collidepoint(mouse)
        pygame.draw.rect(surf, (95, 100, 110) if hover else (70, 74, 82), rect, border_radius=5)
        text = theme.fitted(label, theme.TEXT, room, size)  # the words always inside, one size for all
        surf.blit(text, text.get_rect(center=rect.center))
        if picture is not None:
            surf.blit(picture, picture.get_rect(midleft=(rect.x + px(8), rect.centery)))
        out.append((rect, key))
    return out


def sheet(surf: pygame.Surface, title: str, margin: int = 40) -> tuple[pygame.Rect, int, int, int]:
    """A page over the darkened window, `margin` pixels in at UI scale 1, with its title: the box,
    and where its content starts (x, y) and how wide it may be (the rules reference, the saves)."""
    px = theme.px
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surf.blit(shade, (0, 0))
    box = surf.get_rect().inflate(-2 * px(margin), -2 * px(margin))
    pygame.draw.rect(surf, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
    x, y = box.x + px(20), box.y + px(14)
    head = theme.font(34).render(title, True, theme.ACCENT)
    surf.blit(head, (x, y))
    return box, x, y + head.get_height(), box.w - px(40)


def leaving(key: str, save: Callable[[], bool], ask_quit: Callable[[], str | None]) -> str | None:
    """The menu's choices that save or leave: "end" (to the start screen), "quit", "load" (the save
    chosen in the menu's list), or None to stay."""
    if key == "save":
        save()
    elif key == "end":
        return "end"
    elif key == "quit":
        return ask_quit()
    elif key == "save-quit":
        return "quit" if save() else None
    elif key == "quit-now":
        return "quit"
    elif key == "save-load":
        return "load" if save() else None
    elif key == "load-now":
        return "load"
    return None


def save_logged(
    m: Match,
    controllers: dict[str, str],
    log: LogPanel,
    autosave: bool = False,
    extra: dict[str, object] | None = None,
) -> bool:
    """Save the game (with `extra`, what the screen keeps beside it) to the saves folder; the log says
    where, or why it could not, in its language (and which older autosaves could not be removed)."""
    return logged_save(
        lambda notes: save_game(m, controllers, autosave=autosave, notes=notes, extra=extra), log, autosave
    )


def logged_save(write: Callable[[list[str]], Path], log: LogPanel, autosave: bool = False) -> bool:
    """`save_logged` of any game: `write` saves it (given a list for its notes) and says where."""
    notes: list[str] = []
    try:
        path = write(notes)
    except UserError as e:
        log.say("not_saved", theme.BAD, why=e)
        return False
    # the file's name: its folder is the saves folder, long and the same every time
    log.say("autosaved" if autosave else "saved", theme.TEXT_DIM if autosave else theme.GOOD, path=path.name)
    for line in notes:
        log.add(line, theme.BAD)
    return True
