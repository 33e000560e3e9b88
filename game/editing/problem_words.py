"""The editor's problems in the screen's language. A problem is worded by the check that finds it (the
loaders' and check-content's English, one copy of each check: game/editing/problems.py); the editor
finds its text among the English `problem_...` texts of ui.toml, reads its values back and says it with
the screen's words; the type a key expects ("an integer at least 1 and at most 5") is read back the same
way from the `problem_what_...` texts. A problem no text matches is shown as the check wrote it."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from game.content.locale import Texts
from game.editing.document import parse_key
from game.editing.files import Refused
from game.model.errors import ContentError, UserError, one_line
from game.model.words import in_language
from game.running.log_texts import DECIMAL, english_ui, text_patterns

# values read back against texts of their own: the type a key expects ("an integer at least 1"), and
# why a file does not read (a TOML parser's reason, a mod package's)
NESTED = {"what": "problem_what_", "why": "problem_why_"}
VERSIONS = ("version", "shown")  # values that are versions (of a save's format): never a decimal
SIZE = re.compile(r"\d+(?:\.\d+)?x\d+(?:\.\d+)?")  # a table's width and depth (words.table_size)


@cache
def _patterns(prefix: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The English texts of the problems (`prefix` ""), or of one kind of value (NESTED), as patterns."""
    texts = english_ui()
    if prefix:  # a range's ends are numbers: "a string with at least 0 and at most 80 characters with ..."
        own = {k: v for k, v in texts.items() if k.startswith(prefix)}
        return text_patterns(own, numbers=("low", "high"))
    nested = tuple(NESTED.values())
    return text_patterns(
        {k: v for k, v in texts.items() if k.startswith("problem_") and not k.startswith(nested)}
    )


def _read_back(t: Texts, text: str, prefix: str = "", editor: bool = False) -> str | None:
    for key, pattern in _patterns(prefix):
        found = pattern.fullmatch(text)
        if found is not None and not found.groupdict().get("n", "0").isdigit():
            continue  # {n} is a count: "a list of a list of 2 items" is a list of {what}, not of {n} items
        if found is not None and t.has(key):
            values = {name: _value_said(t, name, v) for name, v in found.groupdict().items()}
            own = f"editor_{key}"  # the editor's own words, where the file's ("[sides.army]") mean nothing
            return t(own if editor and t.has(own) else key, **values)
    return None


def _value_said(t: Texts, name: str, value: str) -> str:
    """A value read back from a problem's text, in the words of `t` when it is words of its own: a kind
    of value (NESTED), or a problem a line frames ("seed 1 made a battle with a problem at ..."); a
    decimal number in the language's decimal mark ("de 0,5 a 2,5"; a table's size "30,5x40"), a version
    as it is written."""
    if name in NESTED:
        return _read_back(t, value, NESTED[name]) or value
    if name == "problem":
        return _read_back(t, value) or value
    number = DECIMAL.fullmatch(value) and name not in VERSIONS
    return in_language(value, t) if number or SIZE.fullmatch(value) else value


def problem_said(t: Texts, text: str, editor: bool = False) -> str:
    """A problem's text in the language of `t` (as it is in English, or when no text matches it);
    `editor`: as the editor's screen says it, which has words of its own for a problem whose file's
    words name a key of the file (`editor_problem_...` in ui.toml)."""
    if t.language == "en" and not editor:
        return text
    return _read_back(t, text, "", editor) or text


def known_problem(t: Texts, text: str) -> str | None:
    """A problem in the words of `t` when a text of ui.toml words it (in English too), else None."""
    return _read_back(t, text)


def problem_line(t: Texts, line: str) -> str:
    """A problem ("file: key: problem") with its problem in the words of `t`, the file and the key as
    they are, cut to an error line's length once said: a line cut before no longer reads as its text."""
    parts = line.split(": ")
    for i in [*range(1, len(parts)), 0]:  # past the file and the key first; a line with neither whole
        rest = ": ".join(parts[i:])
        said = problem_said(t, rest)
        if said != rest:
            return one_line(": ".join([*parts[:i], said]))
    return one_line(line)


def error_said(t: Texts, e: UserError, shown: Callable[[str], str] = str) -> str:
    """An error's line in the words of `t`: by its own text where it words itself (a scenario's names in
    each language, UserError.worded), the file and the key as they are; else its English read back
    (`problem_line`). `shown`: the line as a screen shows it before it is cut (a shorter path). Cut once
    said."""
    own = e.worded(t.language)
    if own is None:
        return problem_line(t, shown(e.whole))
    said = t(own[0], **own[1])
    return one_line(shown(f"{e.where}: {said}" if isinstance(e, ContentError) else said))


# --- where a problem is, in words ------------------------------------------------------------------

SEPARATOR = " › "
# the words of one item of a list (ui.toml's editor_place_<word>, with its number {n}), by the list's key
ITEMS = {
    "sides": "side", "divisions": "division", "units": "unit", "terrain": "feature",
    "objectives": "objective", "polygon": "point", "path": "point", "deployment": "point",
    "modules": "module", "locations": "card",
    "links": "link", "players": "player", "player_units": "tokens", "yields": "yield", "names": "name",
    "colours": "colour", "armies": "army", "events": "event", "effects": "effect", "garrisons": "garrison",
    "holds": "held", "raises": "raised",
}  # fmt: skip
# the parts of a pair or a triple, by its key or by the item it is (a point's x and y): their words
PARTS = {
    "table": ("table_width", "table_depth"), "at": ("x", "y"), "point": ("x", "y"),
    "colour": ("red", "green", "blue"), "link": ("end_1", "end_2"), "start": ("year", "month"),
}  # fmt: skip
FIELDS = ("editor_field_", "editor_place_field_")  # a key's words: the panel's label, else the place's


def place_said(t: Texts, path: tuple[str | int, ...], element: tuple[str | int, ...] = ()) -> str:
    """Where a problem is in the screen's words, as a trail from the element down to the key ("Side 1
    › Division 2 › Brigades"), never the file's key (`sides[0].divisions[1].units`). A word of
    [locale.<language>] is said as the place of its `element` (the element with the id it translates,
    game/editing/problems.py's element_of) in that language. A key the game does not know stays as the
    file writes it (check-content names it so)."""
    if len(path) == 1 and ", " in str(path[0]):  # a check of several keys at once ("links, players")
        return ", ".join(_trail(t, (key,)) for key in str(path[0]).split(", "))
    if path[:1] == ("locale",) and len(path) >= 2:
        code = str(path[1])
        language = t(f"editor_place_language_{code}") if t.has(f"editor_place_language_{code}") else code
        rest = path[2:] if element[:1] == ("locale",) or not element else element
        place = _trail(t, rest) or t("editor_place_field_locale")
        return t("editor_place_locale", place=place, language=language)
    return _trail(t, path)


def _trail(t: Texts, path: tuple[str | int, ...]) -> str:
    words: list[str] = []
    owner = ""  # what an index numbers next: a list's key, or the item it is in (a point's x and y)
    named = False  # the last word is a list's own (dropped for the word of its item)
    for part in path:
        if isinstance(part, str):
            owner = "player_units" if part == "units" and "players" in path else part
            key = next((f"{k}{part}" for k in FIELDS if t.has(f"{k}{part}")), None)
            words.append(t(key) if key is not None else one_line(part, 40))
            named = True
            continue
        parts = PARTS.get(owner, ())
        if 0 <= part < len(parts):
            word = t(f"editor_place_{parts[part]}")
        elif owner in ITEMS:
            owner = ITEMS[owner]
            word = t(f"editor_place_{owner}", n=part + 1)
        else:
            word = t("editor_place_nth", n=part + 1)
        if named:
            words.pop()
        words.append(word)
        named = False
    return SEPARATOR.join(words)


PATH_SHOWN = 100  # characters of a path a refusal shows at most


def middle_cut(text: str, most: int) -> str:
    """Text of at most `most` characters: its start and its end kept, an ellipsis between."""
    if len(text) <= most:
        return text
    head = most // 3
    return f"{text[:head]}…{text[len(text) - (most - head - 1) :]}"


def refusal_said(t: Texts, e: UserError) -> str:
    """An error of the editor's file commands in the screen's language: a refusal by its words, a
    check's English read back (a file that does not read), else as it is."""
    if isinstance(e, Refused):
        values = dict(e.values)
        if "path" in values:  # a long path shortened in its middle: the line must still say why
            values["path"] = middle_cut(str(values["path"]), PATH_SHOWN)
        if "problem" in values:
            values["problem"] = problem_said(t, str(values["problem"]), editor=True)
        if "where" in values:  # a key of the file
            values["where"] = place_said(t, parse_key(str(values["where"])))
        return t(e.key, **values)
    if e.worded(t.language) is not None:
        return error_said(t, e)
    if isinstance(e, ContentError):
        return f"{e.where}: {problem_said(t, e.problem, editor=True)}"
    return str(e)
