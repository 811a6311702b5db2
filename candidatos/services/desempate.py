"""Regras puras da classificação (só a biblioteca padrão): nota final, desempate e sorteio.

Nota final (documentada no edital): média ponderada pelos pesos dos critérios,
Σ(nota × peso) / Σ peso, com as notas na escala de cada critério, calculada em
``Decimal`` e quantizada em milésimos (três casas, como ``Avaliacao.nota_final``)
com o arredondamento bancário padrão do ``Decimal`` — o arredondamento "meio
para cima" é reservado ao que o decreto manda arredondar (art. 1º, § 2º).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_HALF_EVEN, Decimal
from enum import StrEnum
from typing import Any


class Criterio(StrEnum):
    """Códigos dos critérios de desempate do edital (os de ``CriterioDesempate``, que
    dá os rótulos; um teste confere que são os mesmos)."""

    MAIOR_NOTA = "maior_nota"
    NOTA_CRITERIO = "nota_criterio"
    MAIOR_IDADE = "maior_idade"
    DATA_INSCRICAO = "data_inscricao"
    SORTEIO = "sorteio"


#: ``SituacaoInscricao.ATIVA`` (conferido no mesmo teste).
SITUACAO_ATIVA = "ativa"

MILESIMO = Decimal("0.001")

# ---------------------------------------------------------------------------
# Nota final
# ---------------------------------------------------------------------------


def calcular_nota_final(
    notas: Mapping[str, Decimal], pesos: Sequence[tuple[str, Decimal]]
) -> Decimal | None:
    """Média ponderada Σ(nota × peso) / Σ peso, em milésimos; ``None`` se falta nota."""
    if not pesos or any(notas.get(codigo) is None for codigo, _ in pesos):
        return None
    soma = sum((notas[codigo] * peso for codigo, peso in pesos), Decimal(0))
    total = sum((peso for _, peso in pesos), Decimal(0))
    return (soma / total).quantize(MILESIMO, rounding=ROUND_HALF_EVEN)


# ---------------------------------------------------------------------------
# Ordenação e desempate (art. 4º, caput: "de acordo com a sua classificação")
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Concorrente:
    """Um aprovado de uma vaga, com o que os critérios de desempate usam."""

    inscricao_id: int
    numero: str
    nome: str
    nota_final: Decimal
    notas: Mapping[str, Decimal]
    data_nascimento: date
    inscrita_em: datetime
    categorias: frozenset[str] = frozenset()
    situacao: str = SITUACAO_ATIVA


@dataclass(frozen=True)
class Empate:
    """Aprovados que nenhum critério do edital separa; bloqueia a publicação (§ 5)."""

    vaga_codigo: str
    concorrentes: tuple[Concorrente, ...]
    edital_preve_sorteio: bool

    @property
    def mensagem(self) -> str:
        nomes = ", ".join(f"{c.numero} ({c.nome})" for c in self.concorrentes)
        nota = self.concorrentes[0].nota_final
        texto = (
            f"Empate não resolvido na vaga {self.vaga_codigo}: {nomes}, com nota final "
            f"{nota} e iguais em todos os critérios de desempate do edital."
        )
        if self.edital_preve_sorteio:
            return texto + " Realize o sorteio público previsto no edital."
        return texto + (
            " O edital não prevê sorteio: revise as notas ou retifique os critérios de "
            "desempate do edital."
        )


def _chave_criterio(
    criterio: Mapping[str, Any], ordem_sorteio: Mapping[str, int]
) -> Callable[[Concorrente], tuple[int, Any]]:
    """Chave crescente de um critério: menor = mais bem classificado."""
    nome = criterio.get("criterio")
    if nome == Criterio.MAIOR_NOTA:
        return lambda c: (0, -c.nota_final)
    if nome == Criterio.NOTA_CRITERIO:
        codigo = str(criterio.get("parametro") or "")
        return lambda c: (0, -c.notas.get(codigo, Decimal(0)))
    if nome == Criterio.MAIOR_IDADE:
        return lambda c: (0, c.data_nascimento)  # nascido antes = mais velho
    if nome == Criterio.DATA_INSCRICAO:
        return lambda c: (0, c.inscrita_em)
    if nome == Criterio.SORTEIO:
        # Fora do sorteio: todos iguais entre si e depois dos sorteados.
        return lambda c: (0, ordem_sorteio[c.numero]) if c.numero in ordem_sorteio else (1, 0)
    raise ValueError(f"Critério de desempate desconhecido: {nome!r}.")


def ordem_combinada(sorteios: Sequence[Sequence[str]]) -> list[str]:
    """Uma ordem só a partir dos sorteios (do mais antigo ao mais recente): o
    mais recente que sorteou um número é o que vale para ele."""
    ordem: list[str] = []
    vistos: set[str] = set()
    for resultado in reversed(sorteios):
        novos = [n for n in resultado if n not in vistos]
        ordem.extend(novos)
        vistos.update(novos)
    return ordem


def _empates_que_o_sorteio_nao_decidiu(
    decorados: Sequence[tuple[tuple[Any, ...], str, Concorrente]],
    indice_sorteio: int,
    sorteios: Sequence[Sequence[str]],
) -> list[tuple[int, int]]:
    """Grupos iguais até o critério ``sorteio`` que o sorteio não decidiu: algum
    membro foi sorteado, mas não estão todos no sorteio mais recente de um deles
    (ex.: alguém empatou depois, por recurso deferido). (início, fim) em ``decorados``."""
    grupos = []
    inicio = 0
    corte = 1 + indice_sorteio  # nota final + critérios antes do sorteio
    for fim in range(1, len(decorados) + 1):
        if fim < len(decorados) and decorados[fim][0][:corte] == decorados[inicio][0][:corte]:
            continue
        if fim - inicio > 1:
            membros = {numero for _, numero, _ in decorados[inicio:fim]}
            ultimo = next((set(r) for r in reversed(sorteios) if membros & set(r)), None)
            if ultimo is not None and not membros <= ultimo:
                grupos.append((inicio, fim))
        inicio = fim
    return grupos


def ordenar(
    concorrentes: Sequence[Concorrente],
    criterios: Sequence[Mapping[str, Any]],
    *,
    ordem_sorteio: Sequence[str] = (),
    sorteios: Sequence[Sequence[str]] = (),
    vaga_codigo: str = "",
) -> tuple[tuple[Concorrente, ...], tuple[Empate, ...]]:
    """Classificação estrita: nota final decrescente e, no empate, os critérios
    do edital na ordem publicada (``Selecao.criterios_desempate``):

    - ``maior_nota``: maior nota final; ``nota_criterio``: maior nota no critério
      ``parametro``; ``maior_idade``: data de nascimento mais antiga;
      ``data_inscricao``: inscrição mais antiga; ``sorteio``: posição no sorteio
      público registrado (``ordem_sorteio``, números de inscrição).

    ``sorteios``: cada sorteio registrado (ordem sorteada), do mais antigo ao
    mais recente; no lugar de ``ordem_sorteio``. Um sorteio decide só o empate
    que sorteou: quem empatou depois com sorteados forma um empate novo.

    Devolve os concorrentes ordenados e os grupos ainda empatados, que impedem a
    publicação (regras, § 5). Entre empatados a ordem devolvida é só provisória
    (número de inscrição), nunca uma decisão.
    """
    if sorteios:
        ordem_sorteio = ordem_combinada(sorteios)
    posicao_sorteio = {numero: i for i, numero in enumerate(ordem_sorteio)}
    chaves = [_chave_criterio(c, posicao_sorteio) for c in criterios]
    # Chave calculada uma vez por concorrente (a ordenação de 100 mil é o caso comum).
    decorados = sorted(
        ((-c.nota_final, *(f(c) for f in chaves)), c.numero, c) for c in concorrentes
    )
    ordenados = tuple(c for _, _, c in decorados)
    preve_sorteio = any(c.get("criterio") == Criterio.SORTEIO for c in criterios)
    grupos: list[tuple[int, int]] = []
    inicio = 0
    for fim in range(1, len(decorados) + 1):
        if fim < len(decorados) and decorados[fim][0] == decorados[inicio][0]:
            continue
        if fim - inicio > 1:
            grupos.append((inicio, fim))
        inicio = fim
    indice = next(
        (i for i, c in enumerate(criterios) if c.get("criterio") == Criterio.SORTEIO),
        None,
    )
    if sorteios and indice is not None:
        novos = _empates_que_o_sorteio_nao_decidiu(decorados, indice, sorteios)
        contidos = [g for g in grupos if not any(a <= g[0] and g[1] <= b for a, b in novos)]
        grupos = sorted([*novos, *contidos])
    empates = [Empate(vaga_codigo, ordenados[a:b], preve_sorteio) for a, b in grupos]
    return ordenados, tuple(empates)


# ---------------------------------------------------------------------------
# Sorteio público reproduzível
# ---------------------------------------------------------------------------


def ordem_do_sorteio(semente: str, numeros: Sequence[str]) -> list[str]:
    """Ordem sorteada, reproduzível por qualquer pessoa a partir da semente.

    Algoritmo publicado: para cada número de inscrição, calcula-se o SHA-256
    (hexadecimal) do texto ``"<semente>:<número de inscrição>"`` em UTF-8; a
    ordem sorteada é a dos números por esse hash, crescente. Em Python::

        sorted(numeros, key=lambda n: hashlib.sha256(f"{semente}:{n}".encode()).hexdigest())
    """
    return sorted(
        numeros,
        key=lambda n: hashlib.sha256(f"{semente}:{n}".encode()).hexdigest(),
    )
