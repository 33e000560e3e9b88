"""The kinds of computer player by name, weakest first, known without importing any of them (the
command line's help names them). A search level may name a temperament: "hard:aggressive"."""

LEVELS = ("easy", "normal", "hard")  # the search generals' levels (content/ai/levels.toml)
KINDS = ("random", "heuristic", *LEVELS)
