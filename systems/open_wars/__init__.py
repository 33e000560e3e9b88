"""Open Wars (OW-...) as this game's second game mode: a map of locations, gold and mana, recruitment,
stacks and combat in initiative order. Decisions: docs/open-wars-decisions.md."""
