"""A command's one-line errors in the player's language: the checks word a problem in English (one copy
of each check); game/editing/problem_words.py's `problem_line` reads it back against ui.toml's English
`problem_...` texts and says it in the language asked with --lang, the file and the key as they are.
Importing it loads no content."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.content.languages import LANGUAGES

if TYPE_CHECKING:
    from game.model.errors import UserError


def asked_language(argv: Sequence[str]) -> str:
    """The language a command line asks for with --lang (English when it asks for one the game lacks):
    an error found before the arguments are read is said in it too. Without --lang, `play` and `by-file
    open` speak as their window does, in the language of the player's settings; every other command in
    English."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.removeprefix("--lang=")
        else:
            continue
        return found if found in LANGUAGES else "en"
    words = [a for a in argv if not a.startswith("-")][:2]
    if words[:1] == ["play"] or words == ["by-file", "open"]:  # the commands that open the window
        from game.running.settings import load_settings

        return load_settings()[0].language  # a damaged file: the default, English
    return "en"


def error_line(error: UserError | str, language: str) -> str:
    """The line a command prints for its error ("error: ..."), in `language`: the error, or its whole
    line (UserError.whole), cut once said."""
    from game.model.errors import UserError, one_line

    message = error if isinstance(error, str) else error.whole
    if language == "en":  # the checks' own words (ui.toml's cli_error): no words to load for a bare usage
        return f"error: {one_line(message)}"
    from game.content.locale import Texts
    from game.editing.problem_words import error_said, problem_line

    try:
        t = Texts(language)
        said = problem_line(t, message) if isinstance(error, str) else error_said(t, error)
        return t("cli_error", line=said)
    except UserError:  # the language's own words are what is broken (a mod's, a damaged file): said as found
        return f"error: {one_line(message)}"
