# The two commands: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: play test lint format bench fuzz mutation dist clean

$(STAMP): pyproject.toml setup.py
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

# the tests spread over every core (pytest-xdist): on CI's two the suite takes about half the time
test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto

bench: $(STAMP)
	$(PY) -m bench

# every kind of untrusted input, mutated, each case in a process and a sandbox of its own: figures per
# kind, tracebacks, hangs, segfaults and writes outside the game's folders among them (tests/fuzzing.py)
FUZZ_CASES ?= 10000
fuzz: $(STAMP)
	SDL_VIDEODRIVER=dummy $(PY) -m tests.fuzzing --cases $(FUZZ_CASES)

# bugs injected one at a time into the rules of every ruleset, scored per file (bench/mutation.py);
# bounded: MUTATION_BUDGET seconds in all, and any files given in MUTATION_FILES only. For Glory's
# fire, melee and checks run first (169 mutants: about half an hour); every file runs for hours
MUTATION_BUDGET ?= 3600
MUTATION_FILES ?=
mutation: $(STAMP)
	nice $(PY) -m bench.mutation --budget $(MUTATION_BUDGET) $(MUTATION_FILES)

# a standalone folder that runs without Python (dist/forglory/forglory), then a smoke test of it,
# headless: a round of a battle, a few frames of the window, the content check
DIST_STAMP := $(VENV)/.dist-stamp
$(DIST_STAMP): $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dist]'
	@touch $(DIST_STAMP)

dist: $(DIST_STAMP)
	$(PY) -m PyInstaller --noconfirm --log-level WARN --name forglory --paths . \
		--add-data $(CURDIR)/content:content --add-data $(CURDIR)/assets:assets --collect-data pygame_gui \
		--collect-submodules game --collect-submodules systems \
		--distpath dist --workpath build/pyinstaller --specpath build/pyinstaller $(CURDIR)/game/__main__.py
	cd / && env -i PATH=/usr/bin:/bin HOME=$(CURDIR)/build/home $(CURDIR)/dist/forglory/forglory simulate --seed 1 --rounds 1
	cd / && env -i PATH=/usr/bin:/bin HOME=$(CURDIR)/build/home SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
		$(CURDIR)/dist/forglory/forglory play --demo --frames 3
	cd / && env -i PATH=/usr/bin:/bin HOME=$(CURDIR)/build/home $(CURDIR)/dist/forglory/forglory check-content
	@du -sh dist/forglory

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist
