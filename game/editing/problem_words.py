"""The editor's problems in the screen's language. A problem is worded by the check that finds it (the
loaders' and check-content's English, one copy of each check: game/editing/problems.py); the editor
finds its text among the English `problem_...` texts of ui.toml, reads its values back and says it with
the screen's words; the type a key expects ("an integer at least 1 and at most 5") is read back the same
way from the `problem_what_...` texts. A problem no text matches is shown as the check wrote it."""

from __future__ import annotations

import re
from functools import cache

from game.content.locale import Texts
from game.running.log_texts import english_ui, text_patterns

WHAT = "problem_what_"


@cache
def _patterns(types: bool) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The problems' English texts as patterns (`types`: those of the types a key expects)."""
    texts = english_ui()
    return text_patterns(
        {k: v for k, v in texts.items() if k.startswith("problem_") and k.startswith(WHAT) == types}
    )


def _read_back(t: Texts, text: str, types: bool) -> str | None:
    for key, pattern in _patterns(types):
        found = pattern.fullmatch(text)
        if found is not None and not found.groupdict().get("n", "0").isdigit():
            continue  # {n} is a count: "a list of a list of 2 items" is a list of {what}, not of {n} items
        if found is not None and t.has(key):
            values = {
                name: (_read_back(t, v, True) or v) if name == "what" else v
                for name, v in found.groupdict().items()
            }
            return t(key, **values)
    return None


def problem_said(t: Texts, text: str) -> str:
    """A problem's text in the language of `t` (as it is in English, or when no text matches it)."""
    if t.language == "en":
        return text
    return _read_back(t, text, False) or text
