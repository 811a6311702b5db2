"""Benchmark do motor de reserva: uma vaga com 1.000.000 e 100.000 candidatos.

Mede sequência + classificação + alocação/ordem de convocação incremental +
explicações dos convocados, com k = 30% dos candidatos (300.000 para 1M).
Cerca de 35% concorrem como negros e 2% desistiram. Melhor de 3 execuções.
A montagem da lista de candidatos (dados de entrada) fica fora da medição, e a
lista é congelada para o coletor de ciclos (`gc.freeze()`), como dados de vida
longa de um processo; os objetos criados pelo motor continuam sob o coletor.

Mede também o quadro de reserva de uma seleção de 500 vagas de estágio (negros
30% + PcD 10%, base ``selecao``: rateio pelos maiores restos) e a sequência de
cada vaga até as ofertadas mais 10 convocações (``motor_rateio_500_s``, regras
§§ 3.1 e 3.2).

Uso: ``python -m bench motor`` (grava bench/resultados.json) ou
``python -m bench.motor``. Grava o tempo de relógio (``motor_100k_s``,
``motor_1m_s``) e o de CPU do processo (``motor_100k_cpu_s``, ``motor_1m_cpu_s``),
que não depende da carga da máquina.
"""

import gc
import json
import random
import sys
import time
from datetime import date
from decimal import Decimal
from pathlib import Path

from selecoes.reserva import (
    RESERVA_NEGROS_PADRAO,
    Candidato,
    Reserva,
    Situacao,
    aplicabilidade,
    explicar,
    resolver_vaga,
    sequencia_linha,
    tabela_reserva,
)

NEGROS = frozenset({"negros"})
METAS = {"motor_100k_s": 0.3, "motor_1m_s": 3.0, "motor_rateio_500_s": 0.05}
NEGROS_PCD = (RESERVA_NEGROS_PADRAO, Reserva("pcd", Decimal(10)))


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
    # A lista de entrada vive o processo todo (como num serviço): congelada, o
    # coletor de ciclos não a percorre a cada coleta completa.
    gc.collect()
    gc.freeze()
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
        del resultado, explicacoes
    del lista
    gc.unfreeze()
    gc.collect()
    return relogio, cpu


def medir_rateio(posicoes: int = 500, repeticoes: int = 5) -> tuple[float, float]:
    """Quadro (rateio) e sequências de uma seleção com `posicoes` vagas de estágio."""
    sorteio = random.Random(9427)
    vagas = [
        (f"V{i:03d}", sorteio.choice([0, 1, 1, 1, 2, 3, 5, 8, 13, 40])) for i in range(posicoes)
    ]
    aplicacao = aplicabilidade(date(2024, 3, 1), sum(n for _, n in vagas))
    relogio = cpu = float("inf")
    for _ in range(repeticoes):
        inicio, inicio_cpu = time.perf_counter(), time.process_time()
        tabela = tabela_reserva(NEGROS_PCD, vagas, aplicacao)
        sequencias = [
            sequencia_linha(tabela, linha, linha.ofertadas + 10) for linha in tabela.linhas
        ]
        relogio = min(relogio, time.perf_counter() - inicio)
        cpu = min(cpu, time.process_time() - inicio_cpu)
        assert len(sequencias) == posicoes
    return relogio, cpu


def executar() -> dict[str, float]:
    t100k, cpu100k = medir(100_000)
    t1m, cpu1m = medir(1_000_000)
    trateio, cpurateio = medir_rateio()
    return {
        "motor_rateio_500_s": round(trateio, 4),
        "motor_rateio_500_cpu_s": round(cpurateio, 4),
        "motor_100k_s": round(t100k, 3),
        "motor_1m_s": round(t1m, 3),
        "motor_100k_cpu_s": round(cpu100k, 3),
        "motor_1m_cpu_s": round(cpu1m, 3),
    }


def main() -> int:
    figuras = executar()
    arquivo = Path(__file__).resolve().parent / "resultados.json"
    resultados = json.loads(arquivo.read_text()) if arquivo.exists() else {}
    resultados.update(figuras)
    arquivo.write_text(json.dumps(resultados, indent=2, sort_keys=True) + "\n")
    for chave, valor in figuras.items():
        meta = METAS.get(chave.replace("_cpu", ""))
        print(f"{chave} = {valor} s (meta ≤ {meta} s)")
    for tipo in ("", "_cpu"):
        razao = figuras[f"motor_1m{tipo}_s"] / figuras[f"motor_100k{tipo}_s"]
        print(f"razão 1M/100k{tipo} = {razao:.1f} (meta ≤ 12)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
