"""The battles of history that ship (content/scenarios/), each made with the scenario editor's model
(game/editing/): a module per battle drives it as a player drives the editor, and the file it saves is
the shipped one (tests/test_history.py holds them to it; `python -m tests.history` writes them again)."""

from tests.history import albuera, arapiles, medina_de_rioseco, talavera

BATTLES = (medina_de_rioseco, talavera, albuera, arapiles)
