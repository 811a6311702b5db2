"""Benchmark do motor de reserva: uma vaga com 1.000.000 e 100.000 candidatos.

Mede sequência + classificação + alocação/ordem de convocação incremental +
explicações dos convocados, com k = 30% dos candidatos (300.000 para 1M).
Cerca de 35% concorrem como negros e 2% desistiram. Melhor de 3 execuções.
A montagem da lista de candidatos (dados de entrada) fica fora da medição.

Uso: ``python -m bench motor`` (grava bench/resultados.json) ou
``python -m bench.motor``.
"""

import json
import random
import sys
import time
from datetime import date
from pathlib import Path

from selecoes.reserva import Candidato, Situacao, aplicabilidade, explicar, resolver_vaga

NEGROS = frozenset({"negros"})
METAS = {"motor_100k_s": 0.3, "motor_1m_s": 3.0}


def candidatos(n: int, semente: int = 9427) -> list[Candidato]:
    sorteio = random.Random(semente)
    return [
        Candidato(
            f"{i:08d}",
            i,
            NEGROS if sorteio.random() < 0.35 else frozenset(),
            Situacao.DESISTENTE if sorteio.random() < 0.02 else Situacao.ATIVO,
        )
        for i in range(1, n + 1)
    ]


def medir(n: int, repeticoes: int = 3) -> tuple[float, float]:
    """Melhor de `repeticoes`: (tempo de relógio, tempo de CPU do processo)."""
    lista = candidatos(n)
    k = n * 3 // 10
    aplicacao = aplicabilidade(date(2024, 3, 1), k)
    relogio = cpu = float("inf")
    for _ in range(repeticoes):
        inicio, inicio_cpu = time.perf_counter(), time.process_time()
        resultado = resolver_vaga(candidatos=lista, aplicacao=aplicacao, ofertadas=k, convocacoes=k)
        explicacoes = explicar(resultado, somente_convocados=True)
        relogio = min(relogio, time.perf_counter() - inicio)
        cpu = min(cpu, time.process_time() - inicio_cpu)
        assert len(explicacoes) == k
    return relogio, cpu


def executar() -> dict[str, float]:
    t100k, cpu100k = medir(100_000)
    t1m, cpu1m = medir(1_000_000)
    print(f"    CPU (melhor de 3): 100k = {cpu100k:.3f} s, 1M = {cpu1m:.3f} s")
    return {"motor_100k_s": round(t100k, 3), "motor_1m_s": round(t1m, 3)}


def main() -> int:
    figuras = executar()
    arquivo = Path(__file__).resolve().parent / "resultados.json"
    resultados = json.loads(arquivo.read_text()) if arquivo.exists() else {}
    resultados.update(figuras)
    arquivo.write_text(json.dumps(resultados, indent=2, sort_keys=True) + "\n")
    for chave, valor in figuras.items():
        print(f"{chave} = {valor} s (meta ≤ {METAS[chave]} s)")
    print(f"razão 1M/100k = {figuras['motor_1m_s'] / figuras['motor_100k_s']:.1f} (meta ≤ 12)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
