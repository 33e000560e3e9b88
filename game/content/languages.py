"""The languages the game speaks, by code: a module of its own so that the command line's help names
them without loading any words."""

LANGUAGES = {"en": "English", "es": "Español"}
