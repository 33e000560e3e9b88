"""The editor's small windows over it (pygame-gui): a question with one line to type (a file's path,
a mod's id), and the list of scenarios, maps and campaigns to open (the game's own open as copies,
the mods', those of the battles folder and any file by its path). Names from content go only into plain lists
and labels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui

from game.content.locale import Texts
from game.content.mods import Mod
from game.content.records import read_toml
from game.content.scenario import list_scenarios
from game.editing.files import CAMPAIGN_FOLDER
from game.model.errors import UserError
from game.running.match import made_battles
from game.ui import theme
from game.ui.editor.forms import grown
from game.ui.markup import drawable
from systems.campaign.theatre import list_campaigns


def scaled(screen: pygame.Rect) -> Callable[[float], int]:
    """Lengths of a dialog laid out for 1280x720, grown with the window as the editor is."""
    k = theme.page_scale(screen.size)
    return lambda n: round(n * k)


@dataclass
class Answer:
    ok: bool
    text: str = ""


class Dialog:
    """A window over the editor with a line to type in (Enter answers), a Cancel button (or Esc)
    and what else its kind offers (`chosen`)."""

    panel: pygame_gui.elements.UIPanel
    entry: pygame_gui.elements.UITextEntryLine
    cancel: pygame_gui.elements.UIButton

    def chosen(self, ev: pygame.event.Event) -> str | None:
        return None

    def handle(self, ev: pygame.event.Event) -> Answer | None:
        """The answer, once the player gives one or cancels."""
        text = self.chosen(ev)
        if text is None and ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and ev.ui_element is self.entry:
            text = str(self.entry.get_text())
        if text is not None:
            return self._done(Answer(True, text))
        if (ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element is self.cancel) or (
            ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE
        ):
            return self._done(Answer(False))
        return None

    def _done(self, answer: Answer) -> Answer:
        self.panel.kill()
        return answer


class Prompt(Dialog):
    """A question and a line to answer it in; Enter or OK answers, Esc or Cancel does not. A folder the
    question speaks of stands on a line of its own, its end kept when it is too long to show whole."""

    def __init__(
        self, manager: pygame_gui.UIManager, t: Texts, question: str, answer: str, folder: str = ""
    ) -> None:
        screen = pygame.Rect((0, 0), manager.window_resolution)
        px = scaled(screen)
        below = px(28) if folder else 0
        rect = pygame.Rect(0, 0, min(px(760), screen.w - 40), px(150) + below)
        rect.center = screen.center
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=20, manager=manager)
        w = rect.w - px(24)
        asked = pygame_gui.elements.UILabel(
            pygame.Rect(px(10), px(8), w, px(28)), "", manager, container=self.panel
        )
        theme.say_on(asked, question)
        if folder:
            where = pygame_gui.elements.UILabel(
                pygame.Rect(px(10), px(8) + below, w, px(28)), "", manager, container=self.panel
            )
            theme.say_on(where, folder, keep_end=True)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(px(10), px(42) + below, w, px(34)), manager, container=self.panel
        )
        self.entry.set_text(answer)
        self.entry.focus()
        half = (w - px(10)) // 2
        self.ok = pygame_gui.elements.UIButton(
            pygame.Rect(px(10), px(86) + below, half, px(36)), t("saves_ok"), manager, container=self.panel
        )
        self.cancel = pygame_gui.elements.UIButton(
            pygame.Rect(px(20) + half, px(86) + below, half, px(36)),
            t("saves_no"),
            manager,
            container=self.panel,
        )

    def chosen(self, ev: pygame.event.Event) -> str | None:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED and ev.ui_element is self.ok:
            return str(self.entry.get_text())
        return None


class OpenList(Dialog):
    """Every scenario and map there is to open, by its name and where it comes from; a path typed
    opens any other file."""

    def __init__(self, manager: pygame_gui.UIManager, t: Texts, mods: list[Mod]) -> None:
        screen = pygame.Rect((0, 0), manager.window_resolution)
        px = scaled(screen)
        rect = pygame.Rect(0, 0, min(px(820), screen.w - 40), min(px(560), screen.h - 40))
        rect.center = screen.center
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=20, manager=manager)
        w = rect.w - px(24)
        pygame_gui.elements.UILabel(
            pygame.Rect(px(10), px(6), w, px(28)), t("editor_open_title"), manager, container=self.panel
        )
        self.paths: dict[str, Path] = {}
        shipped = [*list_scenarios(mods), *list_campaigns(mods)]
        for path in [*shipped, *made_battles(("", "open-wars", CAMPAIGN_FOLDER))]:
            try:
                data = read_toml(path)
            except UserError:
                continue  # a file that does not read is left out here: check-content says why
            words = data.get("locale", {}).get(t.language) if isinstance(data.get("locale"), dict) else None
            named = words.get("name") if isinstance(words, dict) else None  # in the screen's language
            name = named if isinstance(named, str) and named else str(data.get("name", path.stem))
            source = next((m.id for m in mods if path.is_relative_to(m.root)), t("editor_shipped"))
            source = source if path in shipped else t("editor_made")
            self.paths[drawable(f"{name[:70]}  [{path.stem}, {source}]")] = path
        self.list = grown(
            pygame_gui.elements.UISelectionList(
                pygame.Rect(px(10), px(38), w, rect.h - px(140)), [], manager, container=self.panel
            ),
            theme.page_scale(screen.size),
        )
        self.list.set_item_list(list(self.paths))
        pygame_gui.elements.UILabel(
            pygame.Rect(px(10), rect.h - px(96), w, px(24)),
            t("editor_open_path"),
            manager,
            container=self.panel,
        )
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(px(10), rect.h - px(70), w - px(130), px(34)), manager, container=self.panel
        )
        self.cancel = pygame_gui.elements.UIButton(
            pygame.Rect(w - px(110), rect.h - px(70), px(120), px(34)),
            t("saves_no"),
            manager,
            container=self.panel,
        )

    def chosen(self, ev: pygame.event.Event) -> str | None:
        if ev.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and ev.ui_element is self.list:
            return str(self.paths[ev.text])
        return None
