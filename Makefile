# Front door: `make run` (set up + daily news flow on bundled demo data + baseline reports), `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | sha256sum | cut -c1-12)
export PREFECT_HOME ?= $(CURDIR)/.prefect
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: setup run test bench serve server clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	# torch first and pinned: any other spec pulls several GB of CUDA wheels (see ENVIRONMENT.md)
	$(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python -m pip install -q -e ".[test]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/benchmill daily --source data/demo/news/en/day1 --source data/demo/news/ru/day1
	$(BIN)/benchmill auto-evaluate --all-missing

test: setup
	$(BIN)/python -m pytest -q

bench: setup
	$(BIN)/python -m bench.run

server: setup
	$(BIN)/benchmill server

serve: setup
	$(BIN)/benchmill serve

clean:
	rm -rf $(VENV) .prefect data/benchmill.duckdb* data/llm_cache.sqlite* data/embedding_cache.sqlite* data/releases data/wikidata/index.duckdb*
