"""Resultado completo de uma vaga de estágio: sequência, reserva e convocados."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .alocacao import Classificacao, OrdemConvocacao, classificacao, ordem_convocacao
from .sequencia import reservadas, sequencia
from .tipos import (
    RESERVA_NEGROS_PADRAO,
    Aplicabilidade,
    Candidato,
    EntradaInvalida,
    Reserva,
    SequenciaExplicita,
    validar_reservas,
)


@dataclass(frozen=True)
class ResultadoVaga:
    """Tudo o que o motor decide para uma vaga de estágio com k convocações."""

    codigo: str
    ofertadas: int
    convocacoes: int
    aplicacao: Aplicabilidade
    reservas: tuple[Reserva, ...]
    explicita: SequenciaExplicita | None
    sequencia: tuple[str, ...]
    """As max(ofertadas, convocacoes) primeiras posições (art. 3º)."""
    reservadas: tuple[tuple[str, int], ...]
    """Vagas reservadas por categoria entre as ofertadas (art. 1º, § 3º)."""
    classificacao: Classificacao
    ordem: OrdemConvocacao


def resolver_vaga(
    *,
    candidatos: Sequence[Candidato],
    aplicacao: Aplicabilidade,
    ofertadas: int,
    convocacoes: int | None = None,
    reservas: Sequence[Reserva] = (RESERVA_NEGROS_PADRAO,),
    explicita: SequenciaExplicita | None = None,
    codigo: str = "",
) -> ResultadoVaga:
    """Sequência (art. 3º), quadro de reserva (art. 1º, § 3º) e convocados em
    ordem de convocação com k = `convocacoes` (padrão: `ofertadas`) (art. 4º).
    """
    reservas = validar_reservas(tuple(reservas))
    for nome, valor in (("ofertadas", ofertadas), ("convocacoes", convocacoes)):
        if valor is None:
            continue
        if isinstance(valor, bool) or not isinstance(valor, int) or valor < 0:
            raise EntradaInvalida(nome, "deve ser um inteiro maior ou igual a zero.")
    k = ofertadas if convocacoes is None else convocacoes
    seq = sequencia(reservas, max(ofertadas, k), aplicacao.aplicavel, explicita)
    classif = classificacao(candidatos, tuple(r.categoria for r in reservas))
    return ResultadoVaga(
        codigo=codigo,
        ofertadas=ofertadas,
        convocacoes=k,
        aplicacao=aplicacao,
        reservas=reservas,
        explicita=explicita,
        sequencia=seq,
        reservadas=reservadas(reservas, seq, ofertadas),
        classificacao=classif,
        ordem=ordem_convocacao(classif, seq, k),
    )
