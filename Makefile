# The two commands: `make run` and `make test`. Each sets up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test bench faults lint format translations clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,deploy,postgres]'
	touch $(STAMP)

instance/.migrated: $(STAMP) $(wildcard migrations/versions/*.py)
	$(BIN)/flask --app assistant db upgrade
	$(BIN)/flask --app assistant translate compile
	touch $@

# gunicorn with gevent workers (gunicorn.conf.py), as deployed: the pages' streams need them.
run: instance/.migrated
	@echo "The table assistant: http://$(HOST):$(PORT)/"
	$(BIN)/gunicorn -w 2 -b $(HOST):$(PORT) --no-control-socket 'assistant:create_app()'

test: $(STAMP)
	$(BIN)/flask --app assistant translate compile
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/bandit -q -r assistant --severity-level medium
	$(BIN)/pytest -q -n auto --dist loadfile  # a worker per core (pytest-xdist), a file per worker

bench: $(STAMP)
	$(BIN)/python bench/run.py

# The seeded fault harness (tests/faults): SEEDS seeds one after the other, each one's outcome
# and the pass rate at the end; on PostgreSQL with TEST_DATABASE_URL=postgresql+psycopg://...
SEEDS ?= 200
faults: $(STAMP)
	$(BIN)/flask --app assistant translate compile
	$(BIN)/python -m tests.faults --seeds $(SEEDS)

lint: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

translations: $(STAMP)
	$(BIN)/flask --app assistant translate update

clean:
	rm -rf $(VENV) instance/.migrated
