"""The desktop client (pygame-ce): the only part of the project that imports pygame.

Its base here (theme and fonts, the sides' colours and the colour-blind palette, markup, the desktop's
file manager and clipboard, sound, stopping on a signal) and one sub-package a part:
drawing/ (the table and map drawn), widgets/ (what screens share), playing/ (what every game screen
does alike), the screens battle/, open_wars/, editor/ and start/, and app.py, the loop over them."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the player's terminal
