"""The editor's forms (pygame-gui): rows of widgets in a list that scrolls, each bound to a field of
the document (a name in the language being edited, a number, a choice) or to an action. Typing
changes the document at once, letter by letter one step of undo; a choice opens its options in a
list over the screen (a list inside the scrolling form would be cut by it). Text from content is
only ever put in plain labels, entries and lists, never in markup, and made drawable (markup.drawable)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from game.editing.document import Document, Key, Path
from game.editing.elements import set_field, set_id, set_number
from game.editing.texts import set_text
from game.ui import theme
from game.ui.markup import drawable, words

THEME = {
    "label": {"misc": {"text_horiz_alignment": "left"}},
    "#problem": {"colours": {"normal_text": "#ef6a5a"}},
    "#heading": {"colours": {"normal_text": "#f0c85a"}},
    "#dim": {"colours": {"normal_text": "#a0a2a5"}},
}
ROW = 30  # sizes at 1280x720: a form grows with the window as its page does (theme.page_scale)
PADDING = {"label": 2, "button": 10}  # pixels of a label's or a button's width its text leaves free
LABEL = 118  # the width of a row's label
LIST_ITEM = 20  # the height of a row of a list (pygame-gui's)


def form_theme(scale: float) -> dict[str, Any]:
    """pygame-gui's theme for the editor: a page's (its words grown with the window), with the form's
    own styles."""
    page = theme.gui_theme(scale)
    menus = {
        "drop_down_menu": page["drop_down_menu"]
        | {"misc": {"list_item_height": str(round(LIST_ITEM * scale))}}
    }
    return page | menus | {k: page.get(k, {}) | v for k, v in THEME.items()}


def grown(lst: pygame_gui.elements.UISelectionList, scale: float) -> pygame_gui.elements.UISelectionList:
    """A list whose rows grow with its words (pygame-gui 0.6's lists take their rows' height from no
    theme): set before its items are."""
    lst.list_item_height = round(LIST_ITEM * scale)
    return lst


@dataclass(frozen=True)
class Kept:
    """A number typed that its field did not take (the document keeps its value): why (a key of
    set_number's), the field's label, what was typed and the entry it is typed in."""

    reason: str
    label: str
    typed: str
    entry: pygame_gui.elements.UITextEntryLine


@dataclass
class Bound:
    """What a widget edits: a field of an element (in a language, for a text), or an action."""

    path: Path
    name: Key
    kind: str  # text, int, float, choice, action, typed (on_text says what the text does)
    language: str = "en"
    label: str = ""  # a number's, for what is said when what is typed is not taken
    options: list[tuple[str, Any]] = field(default_factory=list)  # a choice's (shown, value)
    action: Callable[[], object] | None = None
    on_text: Callable[[str], None] | None = None
    on_choice: Callable[[Any], None] | None = None  # what a choice does, where it sets no one field


class Form:
    """A column of rows in a scrolling container; `handle` turns its widgets' events into edits."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, scale: float = 1.0) -> None:
        self.manager = manager
        self.rect = rect
        self.k = scale
        self.row, self.label_w = self.px(ROW), self.px(LABEL)
        self.box = pygame_gui.elements.UIScrollingContainer(rect, manager, allow_scroll_x=False)
        self.width = rect.w - self.px(22)  # room for the scroll bar
        self.bound: dict[UIElement, Bound] = {}
        self.widgets: list[UIElement] = []
        self.y = self.px(4)
        self.popup: pygame_gui.elements.UISelectionList | None = None
        self.popup_for: Bound | None = None
        self.kept: Kept | None = None  # the entry being typed in holds a number not taken

    # --- building ------------------------------------------------------------------------------

    def clear(self) -> None:
        self.close_popup()
        self.kept = None
        for element in self.widgets:
            element.kill()
        self.widgets, self.bound = [], {}
        self.y = self.px(4)

    def finish(self) -> None:
        """The scrollable height, once every row is in."""
        self.box.set_scrollable_area_dimensions((self.width, max(self.y + self.px(8), 1)))

    def px(self, n: float) -> int:
        """A length of the form at its page's scale."""
        return round(n * self.k)

    def _rect(self, x: int, w: int, h: int | None = None) -> pygame.Rect:
        return pygame.Rect(x, self.y, w, self.row - self.px(4) if h is None else h)

    def fit(self, text: str, width: int, kind: str) -> str:
        """Text from content made drawable and cut, in one step, to the width of its label or button."""
        font = self.manager.get_theme().get_font([kind])
        return theme.cut(drawable(text), font, width - self.px(PADDING[kind]), whole_words=False)

    def gap(self, pixels: int = 8) -> None:
        self.y += self.px(pixels)

    def label(self, text: str, x: int = 0, w: int | None = None, style: str = "", row: bool = True) -> None:
        width = w if w is not None else self.width - x
        self.widgets.append(
            pygame_gui.elements.UILabel(
                self._rect(x, width),
                self.fit(text, width, "label"),
                self.manager,
                container=self.box,
                object_id=ObjectID(object_id=style) if style else None,
            )
        )
        if row:
            self.y += self.row

    def heading(self, text: str, problem: str = "") -> None:
        """A heading; the first problem of its element beneath it, in red."""
        self.gap(4)
        self.label(text, style="#heading")
        self.problem(problem)

    def note(self, text: str, style: str = "#dim") -> None:
        """A text wrapped over as many rows as it needs (measured drawable: a NUL cannot be)."""
        font = self.manager.get_theme().get_font(["label"])
        line = ""
        for word in words(drawable(text)):
            if line and font.size(f"{line} {word}")[0] > self.width - self.px(8):
                self.label(line, style=style)
                line = word
            else:
                line = f"{line} {word}".strip()
        if line:
            self.label(line, style=style)

    def problem(self, text: str) -> None:
        if text:
            self.note(text, style="#problem")

    def entry(
        self,
        bound: Bound,
        value: str,
        x: int,
        w: int,
        lines: int = 1,
        placeholder: str = "",
    ) -> None:
        rect = self._rect(x, w, self.row - self.px(4) if lines == 1 else (self.row - self.px(8)) * lines)
        widget: UIElement
        if lines == 1:
            widget = pygame_gui.elements.UITextEntryLine(
                rect, self.manager, container=self.box, placeholder_text=drawable(placeholder) or None
            )
            widget.set_text(drawable(value))
        else:
            widget = pygame_gui.elements.UITextEntryBox(
                rect,
                drawable(value),
                self.manager,
                container=self.box,
                placeholder_text=drawable(placeholder) or None,
            )
        self.bound[widget] = bound
        self.widgets.append(widget)

    def text(
        self, label: str, path: Path, name: str, language: str, value: str, lines: int = 1, hint: str = ""
    ) -> None:
        """A name or text in a language; `hint`: what shows while it is empty (the file's own words)."""
        at = self.label_w
        self.label(label, 0, at, row=False)
        self.entry(Bound(path, name, "text", language), value, at, self.width - at, lines, hint)
        self.y += self.row if lines == 1 else (self.row - self.px(8)) * lines + self.px(4)

    def number(
        self, label: str, path: Path, name: Key, value: Any, kind: str = "int", hint: str = "", wide: int = 0
    ) -> None:
        """A number; `hint`: what shows while it is empty (the default it then takes), in brackets,
        since pygame-gui draws a placeholder in the colour of a value."""
        at = wide or self.label_w
        self.label(label, 0, at, row=False)
        shown = _shown(value)
        bound = Bound(path, name, kind, label=label)
        self.entry(bound, shown, at, self.px(110), placeholder=f"({hint})" if hint else "")
        self.y += self.row

    def button(self, text: str, action: Callable[[], object], x: int = 0, w: int | None = None) -> None:
        widget = pygame_gui.elements.UIButton(
            self._rect(x, w if w is not None else self.width - x),
            self.fit(text, w if w is not None else self.width - x, "button"),
            self.manager,
            container=self.box,
        )
        self.bound[widget] = Bound((), "", "action", action=action)
        self.widgets.append(widget)

    def chooser(
        self, path: Path, name: Key, options: list[tuple[str, Any]], current: Any, x: int, w: int
    ) -> None:
        """A button showing the current choice; a click lists the options."""
        shown = next((s for s, v in options if v == current), str(current) if current is not None else "")
        widget = pygame_gui.elements.UIButton(
            self._rect(x, w), self.fit(shown, w, "button"), self.manager, container=self.box
        )
        self.bound[widget] = Bound(path, name, "choice", options=options)
        self.widgets.append(widget)

    def pick(
        self, label: str, options: list[tuple[str, Any]], current: Any, on_choice: Callable[[Any], None]
    ) -> None:
        """A choice whose option is handed to `on_choice` (who holds a place, an effect's kind)."""
        self.choice(label, (), "", options, current)
        self.bound[self.widgets[-1]].on_choice = on_choice

    def choice(self, label: str, path: Path, name: Key, options: list[tuple[str, Any]], current: Any) -> None:
        self.label(label, 0, self.label_w, row=False)
        self.chooser(path, name, options, current, self.label_w, self.width - self.label_w)
        self.y += self.row

    def actions(self, items: list[tuple[str, Callable[[], object]]]) -> None:
        """A row of buttons sharing the width."""
        gap = self.px(6)
        w = (self.width - gap * (len(items) - 1)) // max(1, len(items))
        for k, (text, action) in enumerate(items):
            self.button(text, action, k * (w + gap), w)
        self.y += self.row

    # --- events ------------------------------------------------------------------------------

    def close_popup(self) -> None:
        if self.popup is not None:
            self.popup.kill()
        self.popup, self.popup_for = None, None

    def open_popup(self, widget: UIElement, bound: Bound) -> None:
        self.close_popup()
        shown = [drawable(s) for s, _v in bound.options]
        screen = pygame.Rect((0, 0), self.manager.window_resolution)
        h = min(len(shown) * self.px(LIST_ITEM) + self.px(6), self.px(320))
        w = max(widget.rect.w, self.px(160))
        x = min(widget.rect.x, screen.right - w)
        y = widget.rect.bottom if widget.rect.bottom + h <= screen.bottom else max(0, widget.rect.top - h)
        items = list[str | tuple[str, str]](shown)
        # above every layer in use: the scrolling form's rows sit layers above the window's own
        root = self.manager.get_root_container()
        top = (root.get_top_layer() if root is not None else 0) + 1
        self.popup = grown(
            pygame_gui.elements.UISelectionList(
                pygame.Rect(x, y, w, h), [], self.manager, starting_height=top
            ),
            self.k,
        )
        self.popup.set_item_list(items)
        self.popup_for = bound

    def handle(self, ev: pygame.event.Event, doc: Document) -> bool:
        """Make the edit a widget's event asks for: True if the form took the event."""
        if ev.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and ev.ui_element is self.popup:
            bound = self.popup_for
            self.close_popup()
            if bound is not None:
                value = {drawable(s): v for s, v in bound.options}.get(ev.text)
                if bound.on_choice is not None:
                    bound.on_choice(value)
                else:
                    set_field(doc, bound.path, bound.name, value)
            return True
        if (
            ev.type == pygame.MOUSEBUTTONDOWN
            and self.popup is not None
            and not self.popup.rect.collidepoint(ev.pos)
        ):
            self.close_popup()
        element = getattr(ev, "ui_element", None)
        bound = self.bound.get(element) if element is not None else None
        if bound is None:
            return False
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            if bound.kind == "action" and bound.action is not None:
                bound.action()
            elif bound.kind == "choice" and element is not None:
                self.open_popup(element, bound)
            return True
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            text = ev.text
            if bound.on_text is not None:
                bound.on_text(text)
            elif bound.name == "id":
                set_id(doc, bound.path, text.strip(), merge=True)  # what refers to it follows
            elif bound.kind == "text":
                set_text(doc, bound.path, str(bound.name), bound.language, text, merge=True)
            else:
                reason = set_number(doc, bound.path, bound.name, text, bound.kind)
                line = element if isinstance(element, pygame_gui.elements.UITextEntryLine) else None
                self.kept = Kept(reason, bound.label, text, line) if reason and line else None
            return True
        return False

    def scroll(self, pixels: int) -> None:
        bar = self.box.vert_scroll_bar
        if bar is not None:
            height = max(self.y, 1)
            bar.set_scroll_from_start_percentage(
                min(1.0 - bar.visible_percentage, max(0.0, bar.start_percentage + pixels / height))
            )

    def settle(self, doc: Document) -> None:
        """An entry left holding a number its field did not take shows the value the field kept."""
        kept = self.kept
        if kept is not None and not kept.entry.is_focused:
            bound = self.bound[kept.entry]
            kept.entry.set_text(_shown(doc.get((*bound.path, bound.name))))
            self.kept = None

    def stop_typing(self) -> None:
        """Leave the entry being typed in, so the panel may be built anew from the document."""
        for w in self.bound:
            if isinstance(w, pygame_gui.elements.UITextEntryLine | pygame_gui.elements.UITextEntryBox):
                w.unfocus()

    def typing(self) -> bool:
        """Is one of its entries taking the keys?"""
        return any(
            isinstance(w, pygame_gui.elements.UITextEntryLine | pygame_gui.elements.UITextEntryBox)
            and w.is_focused
            for w in self.bound
        )


def _shown(value: Any) -> str:
    """A number as its entry shows it."""
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
