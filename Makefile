# The two set-up commands the README promises: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_RUN  := $(VENV)/.installed-run
STAMP_DEV  := $(VENV)/.installed-dev

.PHONY: run test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[web,fast]'
	touch $@

$(STAMP_DEV): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP_RUN)

# ARGS go to `tablehall serve` after the default store: make run ARGS="--http-port 9090"
run: $(STAMP_RUN)
	mkdir -p var
	$(BIN)/tablehall serve --db var/tablehall.sqlite $(ARGS)

# One pytest worker per core (pytest-xdist), a test file's tests in one worker (they share its
# server and browser).  A last guard, never a measure: a test that hangs fails after 20 minutes
# instead of holding the run forever (the slowest test takes about 3 minutes on a loaded machine).
test: $(STAMP_DEV)
	$(BIN)/python -m pytest -m "not slow" -n auto --dist loadfile --timeout 1200

# Long runs: win-rate trials, soak tests and the side-by-side benchmarks.
bench: $(STAMP_DEV)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]' || echo "bench peers unavailable; measuring tablehall only"
	$(BIN)/python -m pip install --quiet --no-deps catanatron_gym || echo "catanatron_gym unavailable"
	$(BIN)/python -m pytest -m slow
	for game in $$($(BIN)/python -c "from tablehall.core.registry import game_names; print(*game_names())"); do \
		$(BIN)/tablehall bench $$game || exit 1; \
	done
	$(BIN)/tablehall bench arena
	$(BIN)/tablehall bench envs

clean:
	rm -rf $(VENV) var build *.egg-info
