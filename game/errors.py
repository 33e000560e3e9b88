"""Errors a user can cause: each carries one line that names the file, key or rule."""


class UserError(Exception):
    """Bad input. The CLI prints str(error) on one line and exits with code 2."""

    def __init__(self, message: str) -> None:
        # one line, printable anywhere: a file name that is not UTF-8 shows its bytes as \udcff
        super().__init__(" ".join(message.encode("utf-8", "backslashreplace").decode("utf-8").split()))


class ContentError(UserError):
    """A content, scenario or script file that does not hold what it must."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


class DiceExhausted(UserError):
    """A script's dice list ran out."""
