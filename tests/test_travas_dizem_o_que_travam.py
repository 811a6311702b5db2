"""Toda trava de linha diz o que trava: ``select_for_update`` sempre com ``of``.

Sem ``of``, o PostgreSQL trava as linhas de todas as tabelas do ``FROM``: o JOIN de
um ``select_related`` ou da ordenação padrão do modelo (``ordering`` que passa por
outra tabela) travaria também a linha do órgão, da seleção ou da comissão, e toda
gravação que a referencia (a auditoria de qualquer seleção do órgão, as inscrições
on-line) esperaria o fim da transação (``tests/candidatos/inscricoes/
test_trava_do_orgao.py``). Lê o código com ``ast``, sem importar nada nem abrir banco.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent
APPS = ("candidatos", "selecoes", "relatorios", "config")


def travas_sem_of(codigo: str) -> list[int]:
    """Linhas de cada chamada ``.select_for_update(...)`` sem o argumento ``of``."""
    return [
        no.func.end_lineno or no.lineno
        for no in ast.walk(ast.parse(codigo))
        if isinstance(no, ast.Call)
        and isinstance(no.func, ast.Attribute)
        and no.func.attr == "select_for_update"
        and not any(k.arg == "of" for k in no.keywords)
    ]


@pytest.mark.parametrize(
    ("codigo", "linhas"),
    [
        ("Selecao.objects.select_for_update().select_related('orgao').get(pk=1)", [1]),
        ("x = (\n    Mensagem.objects\n    .select_for_update(skip_locked=True)\n)", [3]),
        ("Selecao.objects.select_for_update(of=('self',)).get(pk=1)", []),
        ("q.select_for_update(nowait=True, of=('self', 'vaga'))", []),
        ('"""select_for_update() num texto não conta"""', []),
    ],
)
def test_detector_de_trava_sem_of(codigo, linhas):
    assert travas_sem_of(codigo) == linhas


def test_toda_trava_dos_apps_diz_o_que_trava():
    achadas = [
        f"{caminho.relative_to(RAIZ)}:{linha}"
        for app in APPS
        for caminho in sorted((RAIZ / app).rglob("*.py"))
        if "migrations" not in caminho.parts
        for linha in travas_sem_of(caminho.read_text(encoding="utf-8"))
    ]
    assert achadas == [], (
        "select_for_update sem of= (trava também as linhas dos JOINs): " + ", ".join(achadas)
    )
