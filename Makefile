# The two commands a newcomer needs: `make run` and `make test`. Each prepares
# everything it needs itself (system packages, virtualenv, compiled catalogs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
# RLCard, the peer engine of the differential test and bench/judge.py, in its own venv.
RLCARD := bench/.venv-rlcard
RLCARD_STAMP := $(RLCARD)/.installed
# The engine compiled with mypyc (scripts/compile_engine.py), again whenever a module
# changes. Without a C compiler (or mypy) the build fails, says so, and the engine
# runs as pure Python: the same judge, slower (bench/judge.py).
ENGINE := $(filter-out referee/engine/__init__.py,$(wildcard referee/engine/*.py))
COMPILED := $(VENV)/.compiled

.PHONY: run test deps catalogs compiled bench clean sw

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

compiled: $(COMPILED)

$(COMPILED): $(STAMP) $(ENGINE) scripts/compile_engine.py
	( $(BIN)/pip install -q -e '.[test,compile]' && $(BIN)/python scripts/compile_engine.py >/dev/null ) \
	  || { $(BIN)/python scripts/compile_engine.py --clean; echo "engine not compiled: it runs as pure Python (rm $@ to try again)"; }
	touch $@

deps:
	./scripts/system-deps.sh

catalogs: $(STAMP) deps
	$(BIN)/referee i18n compile

# init-db runs the schema migrations (Alembic) before any worker starts: the workers
# themselves never touch the schema, and boot even while the database is away.
# It starts the WSGI instance on PORT and the waiting server (the app on gevent's event
# loop, for phones that wait) on PORT + 1: scripts/serve.sh, docs/operations.md.
run: $(STAMP) $(COMPILED) catalogs
	BIN=$(BIN)/ PORT=$(PORT) ./scripts/serve.sh

# Without network outside CI the RLCard test skips (saying why); in CI (CI=true) it fails.
$(RLCARD_STAMP):
	( $(PYTHON) -m venv $(RLCARD) && $(RLCARD)/bin/pip install -q rlcard && touch $@ ) \
	  || [ "$$CI" != "true" ]

# The chaos suite (tests/chaos, marker `chaos`) is part of it: kills, a database
# outage, a full disk (a tmpfs: needs root, else skipped) and slow clients; so is the
# load test of phones waiting (marker `load`). Those come last, one test at a time: their
# recovery and throughput bounds are timings, which a parallel test would skew. A test
# that failed there runs once more (--last-failed), and must pass then.
test: $(STAMP) $(COMPILED) catalogs $(RLCARD_STAMP)
	$(BIN)/referee i18n check
	$(BIN)/pytest -n 2 -q -m "not chaos and not load"
	$(BIN)/pytest -q -m "chaos or load" || $(BIN)/pytest -q -m "chaos or load" --last-failed

bench: $(STAMP) $(COMPILED)
	$(BIN)/python bench/rulesets.py
	$(BIN)/python bench/judge.py

# The table page's service worker, built by Workbox (webbuild/build-sw.mjs) from npm.
# Its output, referee/web/static/sw.js, is committed: run and test need no npm or
# network; run this only after changing webbuild/build-sw.mjs or Workbox's version.
sw:
	cd webbuild && npm ci --no-audit --no-fund && node build-sw.mjs

clean:
	rm -rf $(VENV) var build *.egg-info referee/engine/*.so
