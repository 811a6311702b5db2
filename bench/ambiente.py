"""Onde e como cada figura foi medida, para que as rodadas se comparem.

``bench/resultados.json`` guarda, além das figuras: ``ambiente`` (banco, broker e
commit da última rodada, com os núcleos da máquina) e, por figura, em ``medicoes``,
o benchmark que a mediu, a carga da máquina no início e no fim, o tempo de relógio e
o tempo de CPU do processo do benchmark (usuário + sistema, com os filhos), a CPU
da própria figura quando o benchmark a informa (``<figura>_cpu_s``) e a régua de CPU
da máquina naquele momento (``regua_cpu_s``: a mesma conta fixa, para comparar
rodadas feitas com o hospedeiro mais ou menos ocupado).

As metas são sobre os serviços de produção (PostgreSQL e Redis): sem
``BENCH_SQLITE=1``, ``make bench`` recusa rodar no SQLite.
"""

from __future__ import annotations

import os
import resource
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

PROJETO = Path(__file__).resolve().parent.parent
# Arquivos que o próprio ``make bench`` reescreve: não tornam o commit "sujo".
GERADOS = ("bench/resultados.json", "docs/desempenho.md")


def recusa(vendor: str, variaveis: Mapping[str, str]) -> str | None:
    """Motivo para não rodar (em pt-BR), ou None."""
    if vendor != "sqlite" or variaveis.get("BENCH_SQLITE") == "1":
        return None
    return (
        "make bench: o banco é SQLite, e as metas de desempenho são sobre o PostgreSQL "
        "e o Redis de produção. Defina DATABASE_URL=postgres://… e "
        "CELERY_BROKER_URL/REDIS_URL=redis://…, ou BENCH_SQLITE=1 para medir assim mesmo "
        "(as figuras ficam marcadas com o banco em bench/resultados.json)."
    )


def commit(raiz: Path = PROJETO) -> str:
    """O commit medido; ``+alterado`` quando há mudanças fora dos arquivos gerados."""
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=raiz,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
        estado = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=raiz,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return "desconhecido"
    alterados = [linha[3:] for linha in estado.splitlines() if linha[3:] not in GERADOS]
    return f"{sha}+alterado" if alterados else sha


def banco() -> str:
    """Motor e versão do banco de ``DATABASES['default']`` (``postgresql 16.4``)."""
    from django.db import connection

    if connection.vendor == "sqlite":
        import sqlite3

        return f"sqlite {sqlite3.sqlite_version}"
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        versao = cursor.fetchone()[0].split()[0]
    return f"{connection.vendor} {versao}"


def broker() -> str:
    """Transporte e versão do broker do Celery (``redis 7.0.15``, ``filesystem``)."""
    from django.conf import settings

    url = settings.CELERY_BROKER_URL
    esquema = urlparse(url).scheme or url.split(":", 1)[0]
    if not esquema.startswith("redis"):
        return esquema
    import redis

    try:
        cliente = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        return f"redis {cliente.info('server')['redis_version']}"
    except (redis.RedisError, OSError):
        return "redis (não respondeu)"


def descrever(raiz: Path = PROJETO) -> dict[str, Any]:
    """O ``ambiente`` de ``bench/resultados.json`` (Django já configurado)."""
    return {
        "banco": banco(),
        "broker": broker(),
        "commit": commit(raiz),
        "nucleos": os.cpu_count(),
    }


def _cpu_dos_filhos() -> float:
    uso = resource.getrusage(resource.RUSAGE_CHILDREN)
    return uso.ru_utime + uso.ru_stime


REGUA_ITERACOES = 2_000_000


def regua_cpu() -> float:
    """Segundos de CPU de uma conta fixa em Python puro (a "régua" da máquina).

    A carga mede a fila, não a velocidade: numa máquina virtual, o mesmo núcleo pode
    render menos numa hora que noutra (vizinhos no hospedeiro), sem carga nenhuma
    visível aqui dentro. A mesma conta, medida no início de cada benchmark, diz se
    duas rodadas rodaram na mesma velocidade: figuras de CPU de rodadas com réguas
    diferentes se comparam na proporção das réguas.
    """
    inicio = time.process_time()
    soma, tabela = 0, {}
    for i in range(REGUA_ITERACOES):
        soma += i * i % 7
        if i % 64 == 0:
            tabela[i % 1024] = soma
    return round(time.process_time() - inicio, 3)


@dataclass
class Medicao:
    """Relógio e CPU de um benchmark (processo próprio), com a carga antes e depois e a
    régua de CPU (``regua_cpu``) medida logo antes dele."""

    benchmark: str
    carga_inicio: float = field(default_factory=lambda: round(os.getloadavg()[0], 2))
    carga_fim: float = 0.0
    relogio_s: float = 0.0
    cpu_s: float = 0.0
    regua_cpu_s: float = field(default_factory=regua_cpu)


@contextmanager
def medir(benchmark: str) -> Iterator[Medicao]:
    """Mede o que roda dentro do bloco em processos filhos (``subprocess.run``)."""
    medicao = Medicao(benchmark)
    inicio, cpu = time.monotonic(), _cpu_dos_filhos()
    yield medicao
    medicao.relogio_s = round(time.monotonic() - inicio, 3)
    medicao.cpu_s = round(_cpu_dos_filhos() - cpu, 3)
    medicao.carga_fim = round(os.getloadavg()[0], 2)


def registrar(
    resultados: dict[str, Any],
    figuras: Mapping[str, float],
    medicao: Medicao,
    ambiente: Mapping[str, Any],
) -> None:
    """Grava as figuras e, ao lado de cada uma, como e onde foram medidas."""
    resultados.update(figuras)
    resultados["ambiente"] = dict(ambiente)
    cargas = resultados.setdefault("carga_da_maquina", {})
    medicoes = resultados.setdefault("medicoes", {})
    for chave in figuras:
        cargas[chave] = medicao.carga_inicio
        propria = figuras.get(chave.removesuffix("_s") + "_cpu_s") if chave.endswith("_s") else None
        medicoes[chave] = asdict(medicao) | {
            "cpu_da_figura_s": propria,
            "banco": ambiente["banco"],
            "broker": ambiente["broker"],
            "commit": ambiente["commit"],
        }
