"""Content: reading the game's and the mods' files into typed records, checked."""
