"""Suíte de conformidade do § 7: cada pasta de `casos/` é um caso publicado.

`entrada.json` vai ao comando; `saida.json` é a saída padrão esperada, byte a
byte; `erro.txt` (no lugar de `saida.json`) é um trecho da mensagem esperada
na saída de erro, com status 2 e saída padrão vazia. `descricao.txt` tem uma
linha: o que o caso verifica e o artigo exercitado.
"""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from selecoes.reserva.cli import main

CASOS = Path(__file__).parent / "casos"
RAIZ = Path(__file__).resolve().parents[2]
TODOS = sorted(p for p in CASOS.iterdir() if p.is_dir())


def _esperado(caso):
    if (caso / "saida.json").exists():
        return 0, (caso / "saida.json").read_text(encoding="utf-8"), None
    return 2, "", (caso / "erro.txt").read_text(encoding="utf-8").strip()


def _conferir(caso, status, saida, erro):
    status_esperado, saida_esperada, trecho = _esperado(caso)
    assert status == status_esperado, erro
    assert saida == saida_esperada
    if trecho is None:
        assert erro == ""
    else:
        assert trecho in erro
        assert erro.endswith("\n")


def test_suite_tem_casos_suficientes_e_bem_formados():
    assert len(TODOS) >= 40
    for caso in TODOS:
        linhas = (caso / "descricao.txt").read_text(encoding="utf-8").splitlines()
        assert len(linhas) == 1
        assert "art." in linhas[0] or "§" in linhas[0]
        assert (caso / "entrada.json").exists()
        assert (caso / "saida.json").exists() != (caso / "erro.txt").exists()


@pytest.mark.parametrize("caso", TODOS, ids=[p.name for p in TODOS])
def test_caso_pelo_cli(caso):
    saida, erro = io.StringIO(), io.StringIO()
    status = main([str(caso / "entrada.json")], io.StringIO(), saida, erro)
    _conferir(caso, status, saida.getvalue(), erro.getvalue())


@pytest.mark.parametrize("caso", TODOS[:3], ids=[p.name for p in TODOS[:3]])
def test_caso_pela_entrada_padrao(caso):
    texto = (caso / "entrada.json").read_text(encoding="utf-8")
    saida, erro = io.StringIO(), io.StringIO()
    status = main(["-"], io.StringIO(texto), saida, erro)
    _conferir(caso, status, saida.getvalue(), erro.getvalue())


AMOSTRA = [
    c
    for c in TODOS
    if c.name.startswith(
        ("015-", "029-", "030-", "039-", "052-", "056-", "074-", "075-", "098-", "117-")
    )
]
VERSAO_1 = [c for c in TODOS if '"versao_regras": 1' in (c / "entrada.json").read_text("utf-8")]


def test_suite_cobre_as_duas_versoes():
    """Regras, § 8: os casos publicados cobrem as versões 1 e 2."""
    assert len(VERSAO_1) >= 5
    assert len(TODOS) - len(VERSAO_1) >= 100


@pytest.mark.parametrize("caso", AMOSTRA, ids=[p.name for p in AMOSTRA])
def test_caso_pelo_manage_py_alocar(caso):
    """O mesmo contrato por `python manage.py alocar -`, em outro processo e sem banco."""
    ambiente = dict(os.environ)
    ambiente.setdefault("DEBUG", "1")
    ambiente["DATABASE_URL"] = "postgres://ninguem@127.0.0.1:1/inexistente"
    resultado = subprocess.run(
        [sys.executable, "manage.py", "alocar", "-"],
        input=(caso / "entrada.json").read_bytes(),
        capture_output=True,
        cwd=RAIZ,
        env=ambiente,
        timeout=120,
        check=False,
    )
    _conferir(
        caso,
        resultado.returncode,
        resultado.stdout.decode("utf-8"),
        resultado.stderr.decode("utf-8"),
    )


def test_manage_py_alocar_le_arquivo():
    caso = CASOS / "029-art4-exemplo-documento"
    ambiente = dict(os.environ)
    ambiente.setdefault("DEBUG", "1")
    resultado = subprocess.run(  # noqa: S603 - comando fixo do projeto
        [sys.executable, "manage.py", "alocar", str(caso / "entrada.json")],
        capture_output=True,
        cwd=RAIZ,
        env=ambiente,
        timeout=120,
        check=False,
    )
    _conferir(
        caso, resultado.returncode, resultado.stdout.decode("utf-8"), resultado.stderr.decode()
    )


def _ambiente_vazio():
    """Um terminal novo de auditor: só PATH (sem DEBUG, SECRET_KEY nem DATABASE_URL)."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}


@pytest.mark.parametrize("caso", AMOSTRA, ids=[p.name for p in AMOSTRA])
def test_manage_py_alocar_sem_variaveis_de_ambiente(caso, tmp_path):
    """Regras, § 7: `python manage.py alocar ARQUIVO` roda sem configuração nenhuma."""
    resultado = subprocess.run(  # noqa: S603 - comando fixo do projeto
        [sys.executable, str(RAIZ / "manage.py"), "alocar", str(caso / "entrada.json")],
        capture_output=True,
        cwd=tmp_path,
        env=_ambiente_vazio(),
        timeout=120,
        check=False,
    )
    _conferir(
        caso, resultado.returncode, resultado.stdout.decode("utf-8"), resultado.stderr.decode()
    )


def test_python_m_selecoes_reserva_sem_variaveis_de_ambiente():
    caso = CASOS / "101-colisao-5-vagas-exemplo-do-par7"
    resultado = subprocess.run(
        [sys.executable, "-m", "selecoes.reserva", "-"],
        input=(caso / "entrada.json").read_bytes(),
        capture_output=True,
        cwd=RAIZ,
        env=_ambiente_vazio(),
        timeout=120,
        check=False,
    )
    _conferir(
        caso, resultado.returncode, resultado.stdout.decode("utf-8"), resultado.stderr.decode()
    )


def test_servidor_continua_exigindo_secret_key():
    """Só o comando do auditor dispensa a configuração: o resto do manage.py não."""
    resultado = subprocess.run(
        [sys.executable, "manage.py", "check"],
        capture_output=True,
        cwd=RAIZ,
        env=_ambiente_vazio(),
        timeout=120,
        check=False,
    )
    assert resultado.returncode != 0
    assert "Defina SECRET_KEY" in resultado.stderr.decode()
