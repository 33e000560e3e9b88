"""The scenario and map editor's model: the file being edited as the data its TOML holds, the edits
that change it (each one step of undo and redo), its problems at the elements that cause them (asked
of the same checks as the loader and check-content), saving it, and random battles made with the same
edits. Nothing here imports pygame: tests drive it headless, and game/ui/editor_* is a thin layer
over it."""
