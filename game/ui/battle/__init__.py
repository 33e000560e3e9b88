"""For Glory's battle screen and the screens made of it: the view, the human player's orders and
ghosts, the top bar, panel, overlays, help and Esc menu, the Why box, the end screen, the replay viewer
and the first battle's lessons."""
