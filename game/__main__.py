import sys

from game.cli.entry import main

if __name__ == "__main__":  # the AI's process (game/running/ai_process.py) imports this module too
    if getattr(sys, "frozen", False):  # the standalone build starts that process from its own executable
        import multiprocessing

        multiprocessing.freeze_support()
    raise SystemExit(main())
