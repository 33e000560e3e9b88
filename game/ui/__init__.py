"""The desktop client (pygame-ce): the only part of the project that imports pygame."""
