# `make serve` and `make test` work on a fresh machine with only Python 3.11+.
# `make serve` installs what serving needs; `make test` adds the test and docs tools (the `test`
# extra) to the same venv, so `make test` after `make serve` upgrades it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SERVE_STAMP := $(VENV)/.installed-serve
TEST_STAMP  := $(VENV)/.installed-test
SITE_PAGES  := docs/index.md docs/gallery.md docs/scoring.md  # drawn by `make site` (light and dark, PNG and SVG): no committed images
# The versions we tested, installed by `make serve` and `make test` (pyproject.toml keeps ranges, for users);
# `make lock` refreshes them to the newest its ranges allow, on purpose; then run `make test` and commit them.
SERVE_LOCK  := requirements/serve.txt
# TEST_LOCK adds the test extra, at SERVE_LOCK's versions for what both hold.
TEST_LOCK   := requirements/test.txt
UV          := uv==0.13.8
LOCK_FOR    := --universal --python-version 3.11 --generate-hashes --custom-compile-command "make lock"

.PHONY: serve test bench docs site dist lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(SERVE_STAMP): pyproject.toml setup.py service/drawing/_fit.c service/VERSION $(SERVE_LOCK) | $(BIN)/python
	@# `tiles` was this distribution's name before `mahjong-tiles`: a venv made then holds it
	$(BIN)/python -m pip uninstall --quiet --yes tiles 2>/dev/null || true
	$(BIN)/python -m pip install --quiet -r $(SERVE_LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .  # builds the palette fit's C extension too
	touch $(SERVE_STAMP)

$(TEST_STAMP): $(SERVE_STAMP) $(TEST_LOCK)
	$(BIN)/python -m pip install --quiet -r $(TEST_LOCK)
	touch $(TEST_STAMP)

serve: $(SERVE_STAMP)
	$(BIN)/tiles serve

test: $(TEST_STAMP)
	$(BIN)/python -m pytest -q

bench: $(TEST_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'  # pymdownx-mahjong, compared with in bench pages
	$(BIN)/python -m bench

docs: $(SERVE_STAMP)
	$(BIN)/python -m service.pictures.spec
	$(BIN)/tiles build $(filter-out $(SITE_PAGES),$(wildcard docs/*.md)) docs/integrations docs/components \
		--out docs/img --link-md --prune
	$(BIN)/python -m tests.readme_pictures  # README's pictures, docs/img/readme/
	$(BIN)/python -m tests.print_pages  # docs/print.md's printed pages, docs/img/print/ (typst, pdflatex: else skipped)
	mkdir -p docs/img/replay  # docs/logs.md's replay and its still (tiles replay: not in the manifest)
	cd docs && $(abspath $(BIN))/tiles replay games/replay.json --round 1 -o img/replay/east3.webp --still img/replay/east3.png
	mkdir -p docs/img/log  # docs/logs.md's moment, card and result (tiles log -o: not in the manifest)
	$(BIN)/tiles log docs/games/hard-cases.json --round 1 --seat 0 --turn 2 --scale 2 -o docs/img/log/moment.png
	$(BIN)/tiles log docs/games/hard-cases.json --round 1 --start --card --scale 2 -o docs/img/log/card.png
	$(BIN)/tiles log docs/games/hard-cases.json --round 1 --result --scale 2 -o docs/img/log/result.png

site: $(TEST_STAMP)  # these docs as a site in site/, drawn by our MkDocs plugin (Material is in the test extra)
	$(BIN)/python -m mkdocs build --strict

dist: $(SERVE_STAMP)  # what a release uploads, in dist/, checked as PyPI and npm would take it (RELEASING.md)
	$(BIN)/python -m pip install --quiet -e '.[release]'
	rm -rf dist && mkdir -p dist/npm
	$(BIN)/python -m build --outdir dist/build .
	@# PyPI takes no plain linux_x86_64 wheel: auditwheel gives it the manylinux tag its C extension allows
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/auditwheel repair --wheel-dir dist dist/build/*.whl
	mv dist/build/*.tar.gz dist/ && rm -rf dist/build
	$(BIN)/twine check --strict dist/*.whl dist/*.tar.gz
	for pkg in docs/integrations/remark-tiles docs/integrations/markdown-it-tiles docs/components; do \
		(cd $$pkg && npm pack --pack-destination $(abspath dist/npm)) || exit 1; done
	@ls -l dist dist/npm

lock: | $(BIN)/python  # the newest versions pyproject.toml's ranges allow, pinned with their hashes
	$(BIN)/python -m pip install --quiet $(UV)
	$(BIN)/uv pip compile pyproject.toml $(LOCK_FOR) --upgrade --quiet -o $(SERVE_LOCK)
	$(BIN)/uv pip compile pyproject.toml $(LOCK_FOR) --upgrade --quiet --extra test -c $(SERVE_LOCK) -o $(TEST_LOCK)

clean:
	rm -rf $(VENV) build dist site *.egg-info .pytest_cache .hypothesis
