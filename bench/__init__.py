"""Benchmarks: run by hand or `make bench`, never as timed assertions in tests."""

from game.running import builtin_rules

builtin_rules.load()  # the benchmarks play battles in their own process
