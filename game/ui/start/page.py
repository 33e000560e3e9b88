"""The start screen's pages (the start screen, the lobby) as the window holds them: laid out for
1280x720 and grown with the window, their pygame-gui widgets' words too."""

from __future__ import annotations

from typing import Any

BASE, GUI_FONT = (1280, 720), 14  # the size a page is laid out for; its widgets' font at that size
STYLES = ("bold", "italic")  # of the text boxes' markup
GUI_KINDS = ("button", "label", "drop_down_menu", "text_entry_line", "text_box", "tool_tip", "selection_list")


def page_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280x720 a page is laid out: as much as the window holds, from 1 to 2
    (1920x1080: 1.5)."""
    return max(1.0, min(2.0, size[0] / BASE[0], size[1] / BASE[1]))


def gui_theme(scale: float) -> dict[str, Any]:
    """pygame-gui's theme for a page: every widget's words grown with it."""
    font = {"name": "noto_sans", "size": str(round(GUI_FONT * scale))}
    arrows = {"name": "fira_code_symbols", "size": font["size"]}  # a drop-down's arrow
    return {kind: {"font": font} for kind in GUI_KINDS} | {"drop_down_menu.#expand_button": {"font": arrows}}


def gui_fonts(scale: float) -> list[dict[str, str | int | float]]:
    """The bold and italic fonts a page's text boxes use, loaded before they are asked for."""
    size = round(GUI_FONT * scale)
    return [
        {"name": "noto_sans", "point_size": size, "style": s, "antialiased": "1"} for s in ("bold", "italic")
    ]
