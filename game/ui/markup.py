"""Text meets markup: pygame_gui's text boxes and tooltips read their text as HTML, so a name from
content such as `<font pixel_size=900000>` would be obeyed (a huge font: the process dies). Every text
that is not the game's own markup goes through `plain` before such a widget sees it; labels, buttons
and the lists of a drop-down draw their text as it is and need nothing."""

from __future__ import annotations

import html


def plain(text: object) -> str:
    """Text shown as written in a widget that parses markup: <, > and & are escaped."""
    return html.escape(str(text), quote=False)
