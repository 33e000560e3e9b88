"""Benchmarks: run by hand or `make bench`, never as timed assertions in tests."""
