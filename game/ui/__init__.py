"""The desktop client (pygame-ce): the only part of the project that imports pygame."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the player's terminal
