# The two commands: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: play test lint format bench fuzz clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

play: $(STAMP)
	$(PY) -m game play

lint: $(STAMP)
	$(PY) -m ruff check game systems tests bench
	$(PY) -m ruff format --check game systems tests bench
	$(PY) -m mypy game systems

format: $(STAMP)
	$(PY) -m ruff check --fix game systems tests bench
	$(PY) -m ruff format game systems tests bench

test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

bench: $(STAMP)
	$(PY) -m bench

# every kind of untrusted file, mutated, through the command line: figures per kind (tests/fuzzing.py)
FUZZ_CASES ?= 10000
fuzz: $(STAMP)
	SDL_VIDEODRIVER=dummy $(PY) -m tests.fuzzing --cases $(FUZZ_CASES)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
