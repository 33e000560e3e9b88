import multiprocessing

from game.cli.entry import main

if __name__ == "__main__":  # the AI's process (game/running/ai_process.py) imports this module too
    multiprocessing.freeze_support()  # the standalone build starts that process from its own executable
    raise SystemExit(main())
