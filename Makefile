# The two front-door commands: `make play` and `make test`. Each sets itself up (a virtual environment
# in .venv with cattable and its tools) the first time, and again whenever pyproject.toml changes.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed
GAME ?= cafe
ARGS ?= --players 3 --bots 2

.PHONY: play test lint types unit bench setup clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/cattable play $(GAME) $(ARGS)

test: lint types unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/ruff format --check src tests benchmarks

types: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	MUJOCO_GL=$${MUJOCO_GL:-egl} MESA_SHADER_CACHE_DISABLE=true $(BIN)/pytest -q --durations=15

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
