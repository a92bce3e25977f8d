# Two commands set everything up on a machine with python3 (and npm for the npm-published sources):
#   make serve   build from the sources, then serve dist/ on 127.0.0.1:8000
#   make test    run the test suite
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Where to find the upstream dumps when the network cannot supply them (see README).
MIRROR ?= $(or $(CARDPANTRY_MIRROR),$(wildcard ../shared/data))
MIRROR_ARG := $(if $(MIRROR),--mirror $(MIRROR),)
AS_OF ?=
AS_OF_ARG := $(if $(AS_OF),--as-of $(AS_OF),)
PORT ?= 8000

.PHONY: build serve test check ingest stats clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

ingest: $(VENV)/.installed
	$(PY) build.py ingest $(MIRROR_ARG)

stats: $(VENV)/.installed
	$(PY) build.py stats

build: $(VENV)/.installed
	$(PY) build.py build --out dist --search-index $(MIRROR_ARG) $(AS_OF_ARG)

serve: $(VENV)/.installed
	@test -f dist/_routes.json || $(MAKE) build
	$(PY) build.py serve --dist dist --port $(PORT) $(if $(CARDPANTRY_REFEREE_KEY),,--dev-referee-key)

# The real-data tests read state/catalog.duckdb: build it first when missing.
state/catalog.duckdb: | $(VENV)/.installed
	$(PY) build.py ingest $(MIRROR_ARG)

test: $(VENV)/.installed state/catalog.duckdb
	CARDPANTRY_MIRROR=$(MIRROR) $(PY) -m pytest

# Lint, format, types and imports: ruff (C901, PLC0415, RUF100 too) and mypy --strict, configured in
# pyproject.toml, and the import-layer contract. .ci/run runs it after the tests.
check: $(VENV)/.installed
	$(PY) -m ruff check generator tests bench build.py
	$(PY) -m ruff format --check generator tests bench build.py
	$(PY) -m mypy
	# the import contract (docs/architecture.md "Layers"): no package imports from a layer above it
	$(PY) -m pytest -q -p no:cacheprovider tests/test_layers.py tests/play/test_play_imports.py

clean:
	rm -rf dist state
