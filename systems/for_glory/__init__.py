"""For Glory v3.1.0, the first game mode: its rules, one module per phase or mechanic."""
