import multiprocessing

from game.cli import main

if __name__ == "__main__":  # the AI's process (game/ai/worker.py) imports this module too
    multiprocessing.freeze_support()  # the standalone build starts that process from its own executable
    raise SystemExit(main())
