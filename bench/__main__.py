"""Roda os benchmarks e grava bench/resultados.json e a tabela de docs/desempenho.md.

Uso: ``python -m bench`` (todos) ou ``python -m bench motor importacao`` (alguns).

Cada benchmark roda num processo próprio, apontado para um banco descartável criado
aqui (migrado no início, apagado no fim) e para uma pasta de arquivos temporária:
o banco e os arquivos de desenvolvimento nunca recebem dados de benchmark. Cada
módulo ``bench/<nome>.py`` expõe ``executar() -> dict[str, float]``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path

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
    "paginas",
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


def _rodar(nome: str, url_banco: str, midia: Path) -> dict[str, float]:
    """``executar()`` do módulo num processo novo; as figuras voltam em JSON."""
    saida = Path(tempfile.mkstemp(prefix=f"bench-{nome}-", suffix=".json")[1])
    codigo = (
        "import json, sys; from importlib import import_module; "
        f"f = import_module('bench.{nome}').executar(); "
        "open(sys.argv[1], 'w').write(json.dumps(f))"
    )
    ambiente = {
        **os.environ,
        "DATABASE_URL": url_banco,
        "MEDIA_ROOT": str(midia),
        "PYTHONPATH": str(PROJETO),
    }
    try:
        subprocess.run(
            [sys.executable, "-c", codigo, str(saida)], cwd=PROJETO, env=ambiente, check=True
        )
        return json.loads(saida.read_text())
    finally:
        saida.unlink(missing_ok=True)


def _gravar(resultados: dict) -> None:
    RESULTADOS.write_text(json.dumps(resultados, indent=2, sort_keys=True) + "\n")


def main(nomes: list[str]) -> int:
    from bench import desempenho

    resultados = json.loads(RESULTADOS.read_text()) if RESULTADOS.exists() else {}
    cargas = resultados.setdefault(CARGAS, {})
    pedidos = nomes or MODULOS
    falhas = []
    with banco_descartavel() as url_banco, tempfile.TemporaryDirectory() as midia:
        for nome in pedidos:
            if find_spec(f"bench.{nome}") is None:
                print(f"[bench] {nome}: não existe, ignorado", flush=True)
                continue
            carga = os.getloadavg()[0]
            print(f"[bench] {nome} (carga {carga:.2f})…", flush=True)
            inicio = time.monotonic()
            try:
                figuras = _rodar(nome, url_banco, Path(midia))
            except subprocess.CalledProcessError as erro:
                print(f"[bench] {nome}: FALHOU ({erro})", flush=True)
                falhas.append(nome)
                continue
            resultados.update(figuras)
            cargas.update(dict.fromkeys(figuras, round(carga, 2)))
            for chave, valor in figuras.items():
                print(f"    {chave} = {valor}", flush=True)
            print(f"[bench] {nome}: {time.monotonic() - inicio:.0f} s", flush=True)
            _gravar(resultados)
    numeros = {k: v for k, v in resultados.items() if isinstance(v, int | float)}
    desempenho.atualizar(DOCUMENTO, numeros, cargas)
    print(f"[bench] tabela atualizada em {DOCUMENTO.relative_to(PROJETO)}", flush=True)
    if falhas:
        print(f"[bench] falharam: {', '.join(falhas)}", flush=True)
    return 1 if falhas else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
