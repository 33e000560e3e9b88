"""Running games: matches, scripted battles, saves, settings, statistics, the words of the
battle log, recovery, the tutorial, and the rules that ship with the game."""
