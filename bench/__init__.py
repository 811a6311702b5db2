"""Benchmarks do projeto (`make bench`); cada módulo expõe ``executar() -> dict``."""
