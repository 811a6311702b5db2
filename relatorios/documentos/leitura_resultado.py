"""O conteúdo guardado de uma versão de resultado, lido vaga por vaga (docs/resultado.md).

Uma seleção nacional (100.000 inscrições em 300 vagas) guarda ~56 MB de JSON, que
lido inteiro ocupa ~360 MB num processo do worker. Aqui ele sai do banco uma vaga
por vez (PostgreSQL: ``jsonb_array_elements`` num cursor do lado do servidor;
SQLite: ``json_each``), o hash publicado é conferido sobre esse fluxo
(``selecoes.canonico.hash_em_partes``: os mesmos bytes do documento inteiro) e cada
processo guarda da versão só o resumo: o cabeçalho, os códigos das vagas e as
categorias com lista publicada.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction

from candidatos.conteudo_resultado import ConteudoResultado, VagaPublicada
from candidatos.models import ResultadoVersao
from selecoes.canonico import hash_conteudo, hash_em_partes
from selecoes.categorias import ORDEM_PADRAO, Categoria

#: Vagas trazidas do cursor por vez (cada uma pode ter milhares de classificados).
LOTE = 8

# Consultas fixas (sem montagem de texto), na tabela de ``ResultadoVersao``.
_PG_VAGAS = (
    "SELECT v.elem FROM candidatos_resultadoversao r CROSS JOIN LATERAL "
    "jsonb_array_elements(r.conteudo -> 'vagas') WITH ORDINALITY AS v(elem, n) "
    "WHERE r.id = %s"
)
_SQLITE_VAGAS = (
    "SELECT j.value FROM candidatos_resultadoversao r, json_each(r.conteudo, '$.vagas') j "
    "WHERE r.id = %s"
)
_SQL = {
    "postgresql": {
        "topo": (
            "SELECT conteudo - 'vagas', conteudo ? 'vagas' "
            "FROM candidatos_resultadoversao WHERE id = %s"
        ),
        "vagas": _PG_VAGAS + " ORDER BY v.n",
        "vaga": _PG_VAGAS + " AND v.elem ->> 'codigo' = %s ORDER BY v.n",
    },
    "sqlite": {
        "topo": (
            "SELECT json_remove(conteudo, '$.vagas'), json_type(conteudo, '$.vagas') IS NOT NULL "
            "FROM candidatos_resultadoversao WHERE id = %s"
        ),
        "vagas": _SQLITE_VAGAS + " ORDER BY j.key",
        "vaga": _SQLITE_VAGAS + " AND json_extract(j.value, '$.codigo') = %s ORDER BY j.key",
    },
}


@dataclass(frozen=True)
class Guardado:
    """O que um processo guarda de uma versão já conferida (pouca memória)."""

    cabecalho: ConteudoResultado
    """O conteúdo sem as vagas: reserva, inscrições sem avaliação, categorias do órgão."""
    codigos: tuple[str, ...]
    opcionais: tuple[Categoria, ...]
    """Categorias além da de negros com lista em algum PDF: alguma vaga as reserva ou as
    publicou (a de PcD só quando o edital reserva)."""


def _json(valor: Any) -> Any:
    return json.loads(valor) if isinstance(valor, str | bytes) else valor


def _sql(nome: str) -> str:
    return _SQL["postgresql" if connection.vendor == "postgresql" else "sqlite"][nome]


def _vagas_json(versao_id: int, codigo: str | None = None) -> Iterator[dict[str, Any]]:
    """As vagas guardadas, em ordem, uma de cada vez (``codigo``: só essa)."""
    sql = _sql("vagas" if codigo is None else "vaga")
    parametros: list[Any] = [versao_id] if codigo is None else [versao_id, codigo]
    with transaction.atomic(), connection.chunked_cursor() as cursor:
        cursor.execute(sql, parametros)
        while linhas := cursor.fetchmany(LOTE):
            for (elemento,) in linhas:
                yield _json(elemento)


def vagas_guardadas(versao_id: int, codigo: str | None = None) -> Iterator[VagaPublicada]:
    """Cada vaga da versão como ``VagaPublicada``, lida do banco uma de cada vez."""
    for dados in _vagas_json(versao_id, codigo):
        yield VagaPublicada.from_json(dados)


def opcionais(vagas: Sequence[VagaPublicada]) -> tuple[Categoria, ...]:
    """Ver ``Guardado.opcionais``."""
    return tuple(c for c in ORDEM_PADRAO[1:] if any(c in v.reservadas or v.lista(c) for v in vagas))


#: A versão mais recente já conferida, por processo: os PDFs de cada vaga de uma
#: versão (300 numa seleção nacional) conferem o hash do JSON inteiro uma vez só.
_VERIFICADO: dict[tuple[int, str, Any], Guardado] = {}


def conteudo_verificado(versao: ResultadoVersao) -> Guardado:
    """O resumo da versão, com o hash publicado conferido sobre o JSON guardado.

    Salvo numa versão cujos nomes a retenção anonimizou (``anonimizado_em``): lá o
    hash é o do documento original, e o gatilho do banco só deixou trocar os nomes.
    A chave do resumo inclui ``anonimizado_em``, e os nomes nunca ficam nele: cada
    PDF os lê do banco na hora.
    """
    chave = (versao.pk, versao.hash_conteudo, versao.anonimizado_em)
    if chave in _VERIFICADO:
        return _VERIFICADO[chave]
    with connection.cursor() as cursor:
        cursor.execute(_sql("topo"), [versao.pk])
        topo_guardado, tem_vagas = cursor.fetchone()
    topo = _json(topo_guardado)
    codigos: list[str] = []
    com_lista: set[str] = set()

    def vagas() -> Iterator[dict[str, Any]]:
        for dados in _vagas_json(versao.pk):
            vaga = VagaPublicada.from_json(dados)
            codigos.append(vaga.codigo)
            com_lista.update(c for c in ORDEM_PADRAO[1:] if c in vaga.reservadas or vaga.lista(c))
            yield dados

    calculado = hash_em_partes(topo, "vagas", vagas()) if tem_vagas else hash_conteudo(topo)
    if versao.anonimizado_em is None and calculado != versao.hash_conteudo:
        raise ValueError(
            f"O conteúdo da versão {versao.pk} não confere com o hash publicado "
            f"({versao.hash_conteudo} ≠ {calculado}); o documento não foi gerado."
        )
    _VERIFICADO.clear()
    _VERIFICADO[chave] = Guardado(
        cabecalho=ConteudoResultado.from_json(topo),
        codigos=tuple(codigos),
        opcionais=tuple(c for c in ORDEM_PADRAO[1:] if c in com_lista),
    )
    return _VERIFICADO[chave]
