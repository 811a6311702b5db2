"""Um serviço usa de outro módulo só a API pública (nomes sem ``_``), e nenhum módulo
dos apps usa nome privado de um serviço: o que outro módulo precisa vira função
pública, com nome de domínio e docstring (docs/arquitetura.md).

Lê o código com ``ast``, sem importar nada nem abrir banco. Só conta o atributo
privado de um nome ligado por ``import`` a um *módulo* do projeto (``servico._x``,
``from candidatos.services.x import _y``): ``Modelo._meta``, ``self._x`` e os
privados do próprio módulo não entram.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent
APPS = ("candidatos", "selecoes", "relatorios", "config")


def _privado(nome: str) -> bool:
    return nome.startswith("_") and not nome.startswith("__")


def _e_servico(modulo: str) -> bool:
    return "services" in modulo.split(".")


def _e_modulo(dotted: str, raiz: Path) -> bool:
    caminho = raiz.joinpath(*dotted.split("."))
    return caminho.with_suffix(".py").is_file() or (caminho / "__init__.py").is_file()


def _absoluto(no: ast.ImportFrom, modulo: str, pacote: bool) -> str:
    if not no.level:
        return no.module or ""
    partes = modulo.split(".")
    base = partes if pacote else partes[:-1]
    base = base[: len(base) - (no.level - 1)]
    return ".".join([*base, *([no.module] if no.module else [])])


def usos_de_privados(
    codigo: str, *, modulo: str, pacote: bool = False, raiz: Path = RAIZ
) -> list[tuple[int, str, str]]:
    """(linha, módulo de destino, nome) de cada nome privado de outro módulo do
    projeto usado em ``codigo`` (o texto do módulo ``modulo``)."""
    arvore = ast.parse(codigo)
    do_projeto = {a.split(".")[0] for a in APPS}
    modulos: dict[str, str] = {}
    usos: list[tuple[int, str, str]] = []
    for no in ast.walk(arvore):
        if isinstance(no, ast.Import):
            for alias in no.names:
                if alias.name.split(".")[0] in do_projeto:
                    chave = alias.asname or alias.name.split(".")[0]
                    modulos[chave] = alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(no, ast.ImportFrom):
            origem = _absoluto(no, modulo, pacote)
            if origem.split(".")[0] not in do_projeto or origem == modulo:
                continue
            for alias in no.names:
                if _e_modulo(f"{origem}.{alias.name}", raiz):
                    modulos[alias.asname or alias.name] = f"{origem}.{alias.name}"
                elif _privado(alias.name):
                    usos.append((no.lineno, origem, alias.name))
    for no in ast.walk(arvore):
        if not (isinstance(no, ast.Attribute) and _privado(no.attr)):
            continue
        cadeia: list[str] = []
        valor = no.value
        while isinstance(valor, ast.Attribute):
            cadeia.insert(0, valor.attr)
            valor = valor.value
        if not isinstance(valor, ast.Name) or valor.id not in modulos:
            continue
        destino = modulos[valor.id]
        for parte in cadeia:
            if not _e_modulo(f"{destino}.{parte}", raiz):
                break
            destino = f"{destino}.{parte}"
        else:
            if destino != modulo:
                usos.append((no.lineno, destino, no.attr))
    return sorted(usos)


def _modulos_dos_apps() -> list[tuple[str, Path, bool]]:
    saida = []
    for app in APPS:
        for arquivo in sorted((RAIZ / app).rglob("*.py")):
            if "migrations" in arquivo.parts:
                continue
            partes = list(arquivo.relative_to(RAIZ).with_suffix("").parts)
            pacote = partes[-1] == "__init__"
            if pacote:
                partes.pop()
            saida.append((".".join(partes), arquivo, pacote))
    return saida


def test_servicos_so_usam_a_api_publica_de_outros_modulos():
    violacoes = [
        f"{arquivo.relative_to(RAIZ)}:{linha}: {destino}.{nome}"
        for modulo, arquivo, pacote in _modulos_dos_apps()
        for linha, destino, nome in usos_de_privados(
            arquivo.read_text(encoding="utf-8"), modulo=modulo, pacote=pacote
        )
        if _e_servico(modulo) or _e_servico(destino)
    ]
    assert violacoes == [], "Nome privado de outro módulo (torne-o público):\n" + "\n".join(
        violacoes
    )


@pytest.mark.parametrize(
    ("codigo", "esperado"),
    [
        (
            "from candidatos.services import convocacao as s\ns._retrato(c)",
            [(2, "candidatos.services.convocacao", "_retrato")],
        ),
        (
            "from candidatos.services.prazos import _avisar_rh",
            [(1, "candidatos.services.prazos", "_avisar_rh")],
        ),
        (
            "import candidatos.services.prazos\ncandidatos.services.prazos._avisar_rh()",
            [(2, "candidatos.services.prazos", "_avisar_rh")],
        ),
        (
            "def f():\n    from candidatos.services import prazos\n    prazos._x()",
            [(3, "candidatos.services.prazos", "_x")],
        ),
        ("from . import _privado_do_pacote", [(1, "candidatos.services", "_privado_do_pacote")]),
        ("from candidatos.models import Inscricao\nInscricao._meta.label", []),
        ("from candidatos.services import convocacao\nconvocacao.__name__", []),
        ("def _local():\n    pass\n_local()\nself._x\nobj._y", []),
        ("import logging\nlogging._lock", []),
        ("from candidatos.services.prazos import Resumo\nResumo()._dados", []),
    ],
)
def test_servicos_sem_privados_detector(codigo, esperado):
    assert usos_de_privados(codigo, modulo="candidatos.services.exemplo") == esperado
