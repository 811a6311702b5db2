"""Roda os benchmarks e grava bench/resultados.json e a tabela de docs/desempenho.md.

Uso: ``python -m bench`` (todos) ou ``python -m bench motor importacao`` (alguns);
``python -m bench --conferir`` só confere o banco (``make bench`` o chama antes de
instalar qualquer coisa): no SQLite, recusa sem ``BENCH_SQLITE=1``.

Cada benchmark roda num processo próprio, apontado para um banco descartável criado
aqui (migrado no início, apagado no fim) e para uma pasta de arquivos temporária:
o banco e os arquivos de desenvolvimento nunca recebem dados de benchmark. Cada
módulo ``bench/<nome>.py`` expõe ``executar() -> dict[str, float]``. Ao lado das
figuras ficam o banco, o broker e o commit da rodada, a carga da máquina e o tempo
de CPU de cada benchmark (``bench/ambiente.py``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path

from bench import ambiente

RAIZ = Path(__file__).resolve().parent
PROJETO = RAIZ.parent
RESULTADOS = RAIZ / "resultados.json"
DOCUMENTO = PROJETO / "docs" / "desempenho.md"
MODULOS = [
    "motor",
    "selecoes",
    "importacao",
    "importacao_tela",
    "publicacao",
    "pdf",
    "nacional",
    "paginas",
    "painel",
    "inscricao_pico",
    "monitoramento",
]
CARGAS = "carga_da_maquina"


def _url(dados: dict) -> str:
    if "sqlite" in dados["ENGINE"]:
        return f"sqlite:///{dados['NAME']}"
    usuario = dados.get("USER") or ""
    if dados.get("PASSWORD"):
        usuario += f":{dados['PASSWORD']}"
    servidor = f"{dados.get('HOST') or 'localhost'}:{dados.get('PORT') or 5432}"
    return f"postgres://{usuario}{'@' if usuario else ''}{servidor}/{dados['NAME']}"


@contextmanager
def banco_descartavel() -> Iterator[str]:
    """Um banco novo e migrado, com o nome do de desenvolvimento + ``_bench_<id>``."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection

    dados = connection.settings_dict
    original = dados["NAME"]
    pasta = tempfile.mkdtemp(prefix="bench-") if connection.vendor == "sqlite" else None
    sufixo = f"bench_{uuid.uuid4().hex[:8]}"
    dados.setdefault("TEST", {})["NAME"] = (
        str(Path(pasta) / f"{sufixo}.sqlite3") if pasta else f"{original}_{sufixo}"
    )
    print(f"[bench] banco descartável {dados['TEST']['NAME']} (migrando…)", flush=True)
    criado = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield _url({**dados, "NAME": criado})
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)
        if pasta:
            shutil.rmtree(pasta, ignore_errors=True)


def _rodar(nome: str, url_banco: str, midia: Path, modulo: str = "") -> dict[str, float]:
    """``executar()`` do módulo (``bench.<nome>``) num processo novo; as figuras voltam em JSON."""
    saida = Path(tempfile.mkstemp(prefix=f"bench-{nome}-", suffix=".json")[1])
    codigo = (
        "import json, sys; from importlib import import_module; "
        f"f = import_module({modulo or f'bench.{nome}'!r}).executar(); "
        "open(sys.argv[1], 'w').write(json.dumps(f))"
    )
    variaveis = {
        **os.environ,
        "DATABASE_URL": url_banco,
        "MEDIA_ROOT": str(midia),
        "PYTHONPATH": str(PROJETO),
    }
    try:
        subprocess.run(
            [sys.executable, "-c", codigo, str(saida)], cwd=PROJETO, env=variaveis, check=True
        )
        return json.loads(saida.read_text())
    finally:
        saida.unlink(missing_ok=True)


def _gravar(resultados: dict) -> None:
    RESULTADOS.write_text(json.dumps(resultados, indent=2, sort_keys=True) + "\n")


def conferir_banco() -> str | None:
    """Motivo para não rodar no banco configurado, ou None (configura o Django)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection

    return ambiente.recusa(connection.vendor, os.environ)


def main(nomes: list[str]) -> int:
    from bench import desempenho

    motivo = conferir_banco()
    if motivo:
        print(motivo, file=sys.stderr, flush=True)
        return 2
    if nomes == ["--conferir"]:
        return 0
    resultados = json.loads(RESULTADOS.read_text()) if RESULTADOS.exists() else {}
    cargas = resultados.setdefault(CARGAS, {})
    pedidos = nomes or MODULOS
    falhas = []
    with banco_descartavel() as url_banco, tempfile.TemporaryDirectory() as midia:
        rodada = ambiente.descrever()  # já no banco descartável, no mesmo servidor
        print(f"[bench] {rodada}", flush=True)
        for nome in pedidos:
            if find_spec(f"bench.{nome}") is None:
                print(f"[bench] {nome}: não existe, ignorado", flush=True)
                continue
            with ambiente.medir(nome) as medicao:
                print(
                    f"[bench] {nome} (carga {medicao.carga_inicio:.2f}, régua de CPU "
                    f"{medicao.regua_cpu_s:.3f} s)…",
                    flush=True,
                )
                try:
                    figuras = _rodar(nome, url_banco, Path(midia))
                except subprocess.CalledProcessError as erro:
                    print(f"[bench] {nome}: FALHOU ({erro})", flush=True)
                    falhas.append(nome)
                    continue
            ambiente.registrar(resultados, figuras, medicao, rodada)
            for chave, valor in figuras.items():
                print(f"    {chave} = {valor}", flush=True)
            print(
                f"[bench] {nome}: {medicao.relogio_s:.0f} s de relógio, "
                f"{medicao.cpu_s:.0f} s de CPU",
                flush=True,
            )
            _gravar(resultados)
    numeros = {k: v for k, v in resultados.items() if isinstance(v, int | float)}
    desempenho.atualizar(DOCUMENTO, numeros, cargas, resultados.get("ambiente"))
    print(f"[bench] tabela atualizada em {DOCUMENTO.relative_to(PROJETO)}", flush=True)
    if falhas:
        print(f"[bench] falharam: {', '.join(falhas)}", flush=True)
    return 1 if falhas else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
