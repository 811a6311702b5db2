"""Resultado completo de uma vaga de estágio: sequência, reserva e convocados."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .alocacao import Classificacao, OrdemConvocacao, classificacao, ordem_convocacao
from .sequencia import reservadas, sequencia_linha, tabela_reserva
from .tipos import (
    RESERVA_NEGROS_PADRAO,
    Aplicabilidade,
    BaseReserva,
    Candidato,
    EntradaInvalida,
    LinhaTabela,
    Reserva,
    SequenciaExplicita,
    TabelaReserva,
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
    tabela: TabelaReserva | None = None
    """Quadro da seleção de que a vaga faz parte (versão, base, rateio)."""
    linha: LinhaTabela | None = None
    """A linha desta vaga no quadro (regras, § 3.1)."""


def resolver_vaga(
    *,
    candidatos: Sequence[Candidato],
    aplicacao: Aplicabilidade,
    ofertadas: int,
    convocacoes: int | None = None,
    reservas: Sequence[Reserva] = (RESERVA_NEGROS_PADRAO,),
    explicita: SequenciaExplicita | None = None,
    codigo: str = "",
    base: BaseReserva | str | None = None,
    tabela: TabelaReserva | None = None,
) -> ResultadoVaga:
    """Sequência (art. 3º), quadro de reserva (art. 1º, § 3º) e convocados em
    ordem de convocação com k = `convocacoes` (padrão: `ofertadas`) (art. 4º).

    `tabela` é o quadro da seleção inteira (`tabela_reserva`): com a base
    `selecao` as reservadas de uma vaga dependem das outras (regras, § 3.1), e
    quem chama o motor para uma seleção com várias vagas de estágio deve passá-lo;
    então `reservas`, `explicita`, `base` e a versão vêm dele. Sem `tabela`, a
    vaga é tratada como a única da seleção, com N de `aplicacao`.
    """
    for nome, valor in (("ofertadas", ofertadas), ("convocacoes", convocacoes)):
        if valor is None:
            continue
        if isinstance(valor, bool) or not isinstance(valor, int) or valor < 0:
            raise EntradaInvalida(nome, "deve ser um inteiro maior ou igual a zero.")
    if tabela is None:
        tabela = tabela_reserva(reservas, [(codigo, ofertadas)], aplicacao, explicita, base)
    else:
        aplicacao = tabela.aplicacao or aplicacao
    reservas = validar_reservas(tabela.reservas)
    linha = tabela.linha(codigo)
    if linha.ofertadas != ofertadas:
        raise EntradaInvalida(
            "ofertadas",
            f"a vaga {codigo} tem {linha.ofertadas} vagas ofertadas no quadro; vieram {ofertadas}.",
        )
    k = ofertadas if convocacoes is None else convocacoes
    seq = sequencia_linha(tabela, linha, max(ofertadas, k))
    classif = classificacao(candidatos, tuple(r.categoria for r in reservas))
    return ResultadoVaga(
        codigo=codigo,
        ofertadas=ofertadas,
        convocacoes=k,
        aplicacao=aplicacao,
        reservas=reservas,
        explicita=tabela.explicita,
        sequencia=seq,
        reservadas=reservadas(reservas, seq, ofertadas),
        classificacao=classif,
        ordem=ordem_convocacao(classif, seq, k),
        tabela=tabela,
        linha=linha,
    )
