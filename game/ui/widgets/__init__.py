"""Widgets every screen shares: menus, the log panel, the saves' browser and the list to load from, the
rules reference, and the figures of a finished game (Tab)."""
