"""The mods page: the player's mods switched on and off, put in order, checked together, reloaded."""
