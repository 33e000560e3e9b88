"""The scenario and map editor's window over game/editing/: its screen, the table and map pages, the
forms and panels of the element chosen, and its dialogs and file commands."""
