"""Errors a user can cause: each carries one line that names the file, key or rule."""

from __future__ import annotations

import re

EXIT_BAD_INPUT = 2  # the exit code of a command that printed an error line
MAX_LINE = 300  # characters of an error line; a longer one is cut with an ellipsis
# characters of an error line kept to be read back into another language before it is cut to MAX_LINE
# (a line cut first no longer reads as its English text); bounded, as reading back is matching patterns
MAX_WHOLE = 2000
# C0 and C1 controls, DEL, and the Unicode bidi overrides and isolates: any of them could rewrite what
# the terminal shows (erase the line, return to its start, reverse text) and make a failure look like "ok"
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# a run of whitespace, a no-break space apart: it joins what must stay on one line ("20 %" in Spanish)
_SPACES = re.compile("[^\\S\u00a0\u202f]+")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def one_line(text: str, limit: int = MAX_LINE) -> str:
    """Text from a file or a user made safe to print: whitespace runs become one space (a no-break
    space stays), control and bidi characters are shown escaped, bytes that are not UTF-8 as \\udcff,
    and it is cut at `limit`."""
    if not _plain(text):
        text = _SPACES.sub(" ", text.encode("utf-8", "backslashreplace").decode("utf-8")).strip(" ")
        text = _UNSAFE.sub(_escape, text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain(text: str) -> bool:
    """Printable ASCII with single spaces between words: what one_line would leave as it is (most of
    the lines made; a hostile file can make hundreds of thousands of them)."""
    return text.isascii() and text.isprintable() and "  " not in text and text.strip(" ") == text


class UserError(Exception):
    """Bad input. The CLI prints str(error) on one line and exits with code 2."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))
        self.whole = one_line(message, MAX_WHOLE)  # to be said in another language, then cut

    def worded(self, language: str) -> tuple[str, dict[str, object]] | None:
        """The key of its text in ui.toml and its values in `language`, for an error whose values are
        words a content gives in each language (a scenario's names), which its English line cannot be
        read back into; None: its English line (`whole`) is read back (game/editing/problem_words.py)."""
        return None


class ContentError(UserError):
    """A content, scenario or script file that does not hold what it must."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem

    def __reduce__(self) -> tuple[object, ...]:  # sent by another process (a tournament's): made again whole
        return type(self), (self.where, self.problem)


class DiceExhausted(UserError):
    """A script's dice list ran out."""


class WrongDie(UserError):
    """A script's die value that the die rolled at that point cannot show."""
