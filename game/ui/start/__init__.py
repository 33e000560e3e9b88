"""The start screen (battles, maps, seats, saves, rules, Settings, its choices remembered) and what
opens from it before a game: the Open Wars seats' rows, what opens over the page (Settings, the
mods, the rules, the saves: over_page.py) and the lobby of a game with a friend on
another machine."""
