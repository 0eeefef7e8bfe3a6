# `make serve` and `make test` work on a fresh machine with only Python 3.11+.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: serve test bench docs clean

$(STAMP): pyproject.toml setup.py service/drawing/_fit.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'  # builds the palette fit's C extension too
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/tiles serve

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'  # pymdownx-mahjong, compared with in bench pages
	$(BIN)/python -m bench

docs: $(STAMP)
	$(BIN)/python -m service.pictures.spec
	$(BIN)/tiles build docs --out docs/img --link-md --prune

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
