"""The kinds of computer player by name, weakest first, known without importing any of them (the
command line's help names them). A search level may name a temperament: "hard:aggressive"."""

LEVELS = ("easy", "normal", "hard")  # the search generals' levels (content/ai/levels.toml)
KINDS = ("random", "heuristic", *LEVELS)
# generals of earlier versions kept as they played, to measure the newer ones against (named only when
# asked for: `tournament --all` leaves them out unless a --player names one)
REFERENCES = ("hard-2026-11", "hard-2026-12")
