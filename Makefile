# Os dois comandos do README: `make run` e `make test`.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
export DJANGO_SETTINGS_MODULE := config.settings

.PHONY: run test test-rapido fuzz venv install lint migrations-check pytest bench bench-motor clean

$(BIN)/activate: requirements.txt requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(BIN)/activate

venv: $(BIN)/activate

## make run: máquina nova → aplicação rodando com dados de demonstração (web + worker Celery)
run: venv
	@bash scripts/run.sh

## make test: tudo o que a CI verifica
test: venv lint migrations-check pytest

lint: venv
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	DEBUG=1 $(BIN)/mypy
	DEBUG=1 $(BIN)/mypy --strict selecoes/reserva

migrations-check: venv
	DEBUG=1 $(BIN)/python manage.py makemigrations --check --dry-run

pytest: venv
	DEBUG=1 $(BIN)/python -m pytest $(PYTEST_ARGS)

## make test-rapido: o laço de desenvolvimento (sem os testes marcados como lentos)
test-rapido: venv
	DEBUG=1 $(BIN)/python -m pytest -m "not lento" $(PYTEST_ARGS)

## make fuzz: as baterias de entrada hostil e as propriedades inteiras (perfil fuzz, ≥ 2.000 exemplos),
## repartidas entre os núcleos da máquina (pytest-xdist; FUZZ_PROCESSOS=0 roda num processo só)
FUZZ_PROCESSOS ?= auto
fuzz: venv
	DEBUG=1 HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest -m "hypothesis or hostil" \
		-n $(FUZZ_PROCESSOS) --dist worksteal --durations=15 $(PYTEST_ARGS)

## make bench: todos os benchmarks (bench/resultados.json e a tabela de docs/desempenho.md)
# No SQLite, recusa sem BENCH_SQLITE=1: as metas são sobre PostgreSQL e Redis.
bench: venv
	DEBUG=1 $(BIN)/python -m bench --conferir
	bash scripts/instalar-navegador.sh --com-wrk
	DEBUG=1 $(BIN)/python -m bench $(BENCH)

bench-motor: venv
	DEBUG=1 $(BIN)/python -m bench motor

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .hypothesis
