"""``make bench`` registra onde mediu e recusa o SQLite (issue 22, item 4; bench/ambiente.py).

Nenhum benchmark de verdade roda aqui: o executor roda um benchmark mínimo
(``tests/confiabilidade/bench_minimo.py``) num processo próprio, como os de ``bench/``.
"""

import os
import subprocess
import sys

import pytest
from django.db import connection

from bench import ambiente, desempenho
from bench.__main__ import PROJETO, RESULTADOS, _rodar
from tests.confiabilidade.processos import porta_livre


@pytest.mark.parametrize(
    ("vendor", "variaveis", "recusa"),
    [
        ("sqlite", {}, True),
        ("sqlite", {"BENCH_SQLITE": "0"}, True),
        ("sqlite", {"BENCH_SQLITE": "1"}, False),
        ("postgresql", {}, False),
    ],
)
def test_bench_recusa_sqlite_sem_bench_sqlite(vendor, variaveis, recusa):
    motivo = ambiente.recusa(vendor, variaveis)
    assert (motivo is not None) == recusa
    if recusa:
        assert "SQLite" in motivo
        assert "BENCH_SQLITE=1" in motivo


def _bench(tmp_path, *argumentos, **variaveis):
    base = {k: v for k, v in os.environ.items() if k not in ("BENCH_SQLITE", "DATABASE_URL")}
    return subprocess.run(  # noqa: S603 - o próprio executor, sem entrada externa
        [sys.executable, "-m", "bench", *argumentos],
        cwd=PROJETO,
        env=base
        | {
            "DEBUG": "1",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "VAR_DIR": str(tmp_path / "var"),
        }
        | variaveis,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_bench_no_sqlite_recusa_antes_de_criar_banco_ou_gravar(tmp_path):
    antes = RESULTADOS.read_bytes() if RESULTADOS.exists() else None

    recusado = _bench(tmp_path, "motor")

    assert recusado.returncode == 2, recusado.stdout + recusado.stderr
    assert "o banco é SQLite" in recusado.stderr
    assert "[bench] banco descartável" not in recusado.stdout
    assert (RESULTADOS.read_bytes() if RESULTADOS.exists() else None) == antes
    assert _bench(tmp_path, "--conferir").returncode == 2
    pedido = _bench(tmp_path, "--conferir", BENCH_SQLITE="1")
    assert pedido.returncode == 0, pedido.stderr


@pytest.mark.django_db
def test_bench_registra_banco_broker_commit_carga_e_cpu_de_cada_figura(tmp_path):
    resultados = {"figura_antiga_s": 2.0}
    rodada = ambiente.descrever()
    with ambiente.medir("minimo") as medicao:
        figuras = _rodar(
            "minimo",
            f"sqlite:///{tmp_path / 'db.sqlite3'}",
            tmp_path,
            modulo="tests.confiabilidade.bench_minimo",
        )

    ambiente.registrar(resultados, figuras, medicao, rodada)

    assert resultados["ambiente"] == rodada
    assert set(rodada) >= {"banco", "broker", "commit"}
    assert rodada["banco"].startswith(f"{connection.vendor} ")
    cabeca = _git(PROJETO, "rev-parse", "HEAD", verificar=False)
    if cabeca:
        assert rodada["commit"].removesuffix("+alterado") == cabeca
    assert resultados["figura_antiga_s"] == 2.0
    assert resultados["minimo_s"] == figuras["minimo_s"]
    for chave in figuras:
        registro = resultados["medicoes"][chave]
        assert registro["benchmark"] == "minimo"
        assert (registro["banco"], registro["broker"]) == (rodada["banco"], rodada["broker"])
        assert registro["commit"] == rodada["commit"]
        assert registro["carga_inicio"] == resultados["carga_da_maquina"][chave]
        # A CPU do processo inteiro do benchmark inclui a da figura (e a subida do Python).
        assert registro["cpu_s"] >= figuras["minimo_cpu_s"] > 0
        assert registro["relogio_s"] >= figuras["minimo_s"]
        assert registro["regua_cpu_s"] == medicao.regua_cpu_s > 0
    assert resultados["medicoes"]["minimo_s"]["cpu_da_figura_s"] == figuras["minimo_cpu_s"]
    assert resultados["medicoes"]["minimo_rss_mb"]["cpu_da_figura_s"] is None


@pytest.mark.parametrize(
    ("url", "esperado"),
    [
        ("filesystem://", "filesystem"),
        ("memory://", "memory"),
        ("redis://127.0.0.1:{porta}/0", "redis (não respondeu)"),
    ],
)
def test_bench_broker_descrito_pelo_transporte(settings, url, esperado):
    settings.CELERY_BROKER_URL = url.format(porta=porta_livre())
    assert ambiente.broker() == esperado


@pytest.mark.redis
def test_bench_broker_redis_com_a_versao_do_servidor():
    assert ambiente.broker().startswith("redis ")
    assert ambiente.broker().split()[1][0].isdigit()


def _git(pasta, *argumentos, verificar=True) -> str:
    return subprocess.run(  # noqa: S603 - git do PATH, com argumentos fixos
        ["git", "-c", "user.name=Teste", "-c", "user.email=teste@example.org", *argumentos],  # noqa: S607
        cwd=pasta,
        check=verificar,
        capture_output=True,
        text=True,
    ).stdout.strip()


def test_bench_commit_marca_alteracao_fora_dos_arquivos_gerados(tmp_path):
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "resultados.json").write_text("{}\n")
    (tmp_path / "codigo.py").write_text("x = 1\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "inicial")
    cabeca = _git(tmp_path, "rev-parse", "HEAD")

    assert ambiente.commit(tmp_path) == cabeca
    (tmp_path / "bench" / "resultados.json").write_text('{"motor_1m_s": 2.5}\n')
    assert ambiente.commit(tmp_path) == cabeca  # o próprio make bench reescreve este
    (tmp_path / "codigo.py").write_text("x = 2\n")
    assert ambiente.commit(tmp_path) == f"{cabeca}+alterado"
    assert ambiente.commit(tmp_path / "nao-existe") == "desconhecido"


def test_bench_tabela_diz_banco_broker_e_commit_da_rodada(tmp_path):
    caminho = tmp_path / "desempenho.md"
    caminho.write_text("# Desempenho\n\n## Motor\n\nTexto.\n", encoding="utf-8")
    rodada = {"banco": "postgresql 16.4", "broker": "redis 7.0.15", "commit": "a" * 40}

    desempenho.atualizar(caminho, {"motor_1m_s": 2.5}, {}, rodada | {"nucleos": 2})

    texto = caminho.read_text(encoding="utf-8")
    assert (
        f"Última rodada: banco postgresql 16.4, broker redis 7.0.15, commit `{'a' * 12}`, 2 núcleos"
    ) in texto
    assert texto.endswith("## Motor\n\nTexto.\n")


def test_bench_figuras_principais_sao_razoes_da_mesma_rodada():
    texto = desempenho.principais(
        {
            "pdf_5000_um_processo_s": 4.0,
            "pdf_5000_tabela_s": 32.0,
            "pagina_resultado_razao_trivial": 0.86,
        }
    )
    assert "(`pdf_5000_razao_tabela`): **0,125**" in texto
    assert "(`pagina_resultado_razao_trivial`): **0,86**" in texto
    assert "(`inscricao_pico_razao_trivial`): **não medida**" in texto
    assert "(`pdf_5000_razao_tabela`): **não medida**" in desempenho.principais(
        {"pdf_5000_um_processo_s": 4.0}
    )
