"""The command line: one module per family of commands, each importing what it needs."""
