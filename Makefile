# The front-door commands: `make serve` (or `make play`) and `make test` (`make test-all` in CI). Each sets
# itself up the first time, and again whenever pyproject.toml changes: `serve` and `play` a virtual
# environment in .venv with cattable and what playing needs, `test` and the other targets also the
# development set (plots, Ray, the tools).
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed
PLAY_STAMP = $(VENV)/.installed-play
CLIENT = src/cattable/interfaces/web/static/index.html
CLIENT_SOURCES = $(shell find client -path client/node_modules -prune -o -path client/src/generated -prune -o -type f -print 2>/dev/null)
GAME ?= cafe
ARGS ?= --players 3 --bots 2

.PHONY: play serve test test-all lint types unit unit-all bench figures messages setup clean

# Everything, for the tests and tools (the play set is part of it, so its stamp is touched too).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP) $(PLAY_STAMP)

# Only what playing needs: cattable and its runtime dependencies.
$(PLAY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $(PLAY_STAMP)

# The browser client (client/: TypeScript, built by Vite into the package's web/static/), again whenever
# client/ or its schemas change: npm ci from the lockfile, then the build (types from client/schemas/).
$(CLIENT): $(CLIENT_SOURCES)
	@command -v npm >/dev/null || { echo "make: the browser client needs Node 20 and npm (apt-get install nodejs npm)"; exit 1; }
	cd client && npm ci --no-audit --no-fund --loglevel=error && npm run build
	touch $(CLIENT)

setup: $(STAMP) $(CLIENT)

play: $(PLAY_STAMP) $(CLIENT)
	$(BIN)/cattable play $(GAME) $(ARGS)

# The table server on the embedded default (SQLite in ./cattable.db) and the browser lobby at its address;
# SERVE_ARGS="--port 9000" to change.
serve: $(PLAY_STAMP) $(CLIENT)
	$(BIN)/cattable serve $(SERVE_ARGS)

# Two tiers by cost (pytest's marker `long`, pyproject.toml): `make test` the linters and every test but the
# long tier, in under 8 minutes on a busy 2-core machine; `make test-all` (CI, .ci/run) the linters and every
# test: full-size random playouts, the crash runs, every browser table played to the end.
test: lint types unit

test-all: lint types unit-all

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks experiments examples
	$(BIN)/lint-imports
	$(BIN)/ruff format --check src tests benchmarks experiments examples

types: $(STAMP)
	$(BIN)/mypy

UNIT_ENV = MUJOCO_GL=$${MUJOCO_GL:-egl} MESA_SHADER_CACHE_DISABLE=true
# Two pytest workers (pytest-xdist), a test file to each in turn: most server and browser tests wait on
# their own server and browser processes, so two files at a time keep both cores busy. WORKERS=0 runs
# everything in one process.
WORKERS ?= 2
PYTEST = $(UNIT_ENV) $(BIN)/pytest -q --durations=15 $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --dist loadfile)
unit: $(STAMP) $(CLIENT)
	$(PYTEST) -m "not long"

unit-all: $(STAMP) $(CLIENT)
	$(PYTEST)

# Timing benchmarks only (experiments live in experiments/), each on a short run: about two minutes in
# all on a busy 2-core machine. Run a script by hand without these flags for its full, steadier figures.
BENCH_ENV = MUJOCO_GL=$${MUJOCO_GL:-egl} MESA_SHADER_CACHE_DISABLE=true
bench: $(STAMP)
	@set -e; run() { echo "== $$*"; $(BENCH_ENV) $(BIN)/python "$$@"; }; \
	run benchmarks/bench_engines.py --seconds 2; \
	run benchmarks/bench_cafe.py --seconds 3 --profile-seconds 2; \
	run benchmarks/bench_washi.py 3; \
	run benchmarks/bench_attack.py; \
	run benchmarks/bench_search.py 3; \
	run benchmarks/bench_tower_physics.py --trials 5; \
	run benchmarks/bench_tower_game.py --seconds 5 --bot-games 0; \
	run benchmarks/bench_tower_height.py --actions 30; \
	run benchmarks/bench_server.py --tables 50 --seconds 5

# Every figure and table in docs/ remade from committed inputs (docs/figures/README.md), in seconds: the
# tournaments' summaries, plots and BOTS.md tables from their logs, no game played; the rule trace.
figures: $(STAMP)
	$(BIN)/python -m cattable.analysis.figures
	$(BIN)/python -m tests.trace.trace --markdown docs/rule-trace.md > /dev/null

# The message catalogues (core/i18n.py): the template from every N_("...") in the Python code and every
# t("...") and N_("...") in the browser client (babel.cfg), then each language's .po brought up to date
# (new messages untranslated, for a translator to fill in).
LOCALE = src/cattable/locale
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ --no-location --omit-header --sort-output -o $(LOCALE)/cattable.pot src/cattable client/src
	$(BIN)/pybabel update --omit-header --ignore-obsolete -i $(LOCALE)/cattable.pot -d $(LOCALE) -D cattable

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
