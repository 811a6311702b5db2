"""Contagens por ano e órgão a partir de linhas já agregadas pelo banco."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import Any

from relatorios.monitoramento.aprendizes import PRIORIDADE_COMPROVA, PRIORIDADE_DISPENSADA, Cota
from relatorios.monitoramento.indicadores.definicoes import (
    OCULTO_NEGROS_NAO_OPTANTES,
    SITUACAO_SEM_EFEITO,
    SITUACOES_APOS_CONTRATO,
    SITUACOES_DESISTENCIA,
    SITUACOES_DESLIGAMENTO,
    SUBTOTAL,
    TOTAL,
)
from selecoes.reserva import (
    DATA_VIGENCIA,
    RESERVA_NEGROS_PADRAO,
    VERSAO_ATUAL,
    EntradaInvalida,
    PosicoesReservadas,
    Reserva,
    SequenciaExplicita,
    aplicabilidade,
    tabela_reserva,
)
from selecoes.vocabulario import NEGROS, PCD


@dataclass(frozen=True, slots=True)
class VagaDados:
    codigo: str
    ofertadas: int
    no_filtro: bool = True
    """A vaga atende aos filtros de nível e UF."""


@dataclass(frozen=True, slots=True)
class SelecaoDados:
    orgao_id: int
    data_publicacao: date
    vagas: tuple[VagaDados, ...]
    reserva_pcd: bool = False
    percentual_pcd: Decimal = Decimal(10)
    sequencia_explicita: Mapping[str, Any] | None = None
    versao_regras: int = VERSAO_ATUAL
    """Versão das regras de reserva do edital (regras de reserva, § 8)."""
    base_reserva: str = "selecao"
    """Base do quadro (regras de reserva, § 3.1); ignorada na versão 1 e com sequência
    explícita."""
    percentual_negros: Decimal = Decimal(30)
    """Art. 1º: no mínimo 30%; o edital pode reservar mais."""
    outras: tuple[tuple[str, Decimal], ...] = ()
    """Categorias do órgão (código nacional, percentual), na precedência do edital."""

    @property
    def ano(self) -> int:
        return self.data_publicacao.year


@dataclass(frozen=True, slots=True)
class GrupoInscricoes:
    ano: int
    orgao_id: int
    cor_raca: str
    concorre_negros: bool
    concorre_pcd: bool
    total: int
    aprovados: int
    concorre_categorias: tuple[str, ...] = ()
    """Categorias do órgão pelas quais optaram (códigos nacionais)."""


@dataclass(frozen=True, slots=True)
class GrupoConvocacoes:
    ano: int
    orgao_id: int
    modalidade: str
    situacao: str
    concorre_negros: bool
    pessoa_negra: bool
    assinou_tce: bool
    total: int


@dataclass(frozen=True, slots=True)
class ContratoEmpresa:
    ano: int
    orgao_id: int
    cota: Cota


@dataclass
class Dados:
    """Tudo o que o cálculo precisa, já agregado (poucas consultas, nenhuma por linha)."""

    selecoes: Sequence[SelecaoDados] = ()
    inscricoes: Sequence[GrupoInscricoes] = ()
    convocacoes: Sequence[GrupoConvocacoes] = ()
    eliminacoes: Sequence[tuple[int, int, int]] = ()
    """(ano, órgão, processos procedentes)."""
    contratos: Sequence[ContratoEmpresa] = ()
    filtrado: bool = False
    """Há filtro de nível/UF: só entram seleções com ao menos uma vaga no filtro."""


Chave = tuple[int, int | None]
Cubo = dict[Chave, Counter[str]]


def reservas_da_selecao(s: SelecaoDados) -> tuple[Reserva, ...]:
    """Negros (art. 1º, 30% ou mais), PcD se o edital prevê (Lei 11.788/2008, art. 17,
    § 5º) e as categorias do órgão, na precedência do edital."""
    negros = (
        RESERVA_NEGROS_PADRAO
        if s.percentual_negros == RESERVA_NEGROS_PADRAO.percentual
        else Reserva(NEGROS, Decimal(s.percentual_negros))
    )
    pcd = (Reserva(PCD, Decimal(s.percentual_pcd)),) if s.reserva_pcd else ()
    return (negros, *pcd, *(Reserva(c, Decimal(p)) for c, p in s.outras))


def sequencia_explicita(dados: Mapping[str, Any] | None) -> SequenciaExplicita | None:
    """``Selecao.sequencia_explicita`` (JSON do edital) no tipo do motor."""
    if not dados:
        return None
    return SequenciaExplicita(
        tuple(
            PosicoesReservadas(cat, tuple(item["posicoes"]), item.get("intervalo"))
            for cat, item in dados.items()
        )
    )


def motivo_sem_reserva(s: SelecaoDados) -> str | None:
    """``None`` se a reserva se aplica; senão ``"art7"`` ou ``"art1"``.

    Edital anterior a 29/06/2018 conta como art. 7º mesmo se também tiver menos de
    três vagas: o Decreto inteiro não se aplica a ele. Na versão 2 das regras, a
    reserva se aplica a todo edital no alcance do art. 7º (com N < 3, às vagas que
    surgirem, regras de reserva § 2).
    """
    total = sum(v.ofertadas for v in s.vagas)
    if aplicabilidade(s.data_publicacao, total, s.versao_regras).aplicavel:
        return None
    return "art7" if s.data_publicacao < DATA_VIGENCIA else "art1"


def reservadas_por_vaga(s: SelecaoDados) -> dict[str, dict[str, int]]:
    """Quadro de reserva do edital (art. 1º, § 3º) calculado pelo motor, com a
    versão e a base do edital."""
    explicita = json.dumps(s.sequencia_explicita, sort_keys=True) if s.sequencia_explicita else ""
    linhas = _quadro(
        s.data_publicacao >= DATA_VIGENCIA,
        tuple(v.ofertadas for v in s.vagas),
        reservas_da_selecao(s),
        explicita,
        s.versao_regras,
        s.base_reserva,
    )
    return {v.codigo: dict(r) for v, r in zip(s.vagas, linhas, strict=True)}


@lru_cache(maxsize=4096)
def _quadro(
    no_prazo: bool,
    ofertadas: tuple[int, ...],
    reservas: tuple[Reserva, ...],
    explicita: str,
    versao: int,
    base: str,
) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Memorizado: seleções com o mesmo formato têm o mesmo quadro."""
    aplicacao = aplicabilidade(
        DATA_VIGENCIA if no_prazo else date(2018, 1, 1), sum(ofertadas), versao
    )
    vagas = [(f"V{i}", n) for i, n in enumerate(ofertadas)]
    try:
        motor = sequencia_explicita(json.loads(explicita or "null"))
        tabela = tabela_reserva(
            reservas, vagas, aplicacao, motor, None if versao == 1 or motor else base
        )
    except (EntradaInvalida, KeyError, TypeError):
        # Sequência explícita inconsistente com as reservas: vale a regra do arredondamento.
        tabela = tabela_reserva(reservas, vagas, aplicacao, None, None if versao == 1 else base)
    return tuple(linha.reservadas for linha in tabela.linhas)


def _somar_selecoes(cubo: Cubo, dados: Dados) -> None:
    for s in dados.selecoes:
        vagas = [v for v in s.vagas if v.no_filtro]
        if dados.filtrado and not vagas:
            continue
        c = cubo[(s.ano, s.orgao_id)]
        c["selecoes"] += 1
        motivo = motivo_sem_reserva(s)
        c["selecoes_com_reserva" if motivo is None else f"selecoes_sem_reserva_{motivo}"] += 1
        reservadas = reservadas_por_vaga(s)
        for v in vagas:
            c["vagas_estagio"] += 1
            c["vagas_ofertadas"] += v.ofertadas
            c["reservadas_negros"] += reservadas[v.codigo].get(NEGROS, 0)
            c["reservadas_pcd"] += reservadas[v.codigo].get(PCD, 0)
            for codigo, _ in s.outras:
                c[f"reservadas_{codigo}"] += reservadas[v.codigo].get(codigo, 0)


def _somar_inscricoes(cubo: Cubo, grupos: Iterable[GrupoInscricoes]) -> None:
    for g in grupos:
        c = cubo[(g.ano, g.orgao_id)]
        c["inscricoes"] += g.total
        c[f"inscricoes_{g.cor_raca}"] += g.total
        c["aprovados"] += g.aprovados
        if g.concorre_negros:
            c["optantes_negros"] += g.total
            c["aprovados_negros"] += g.aprovados
        elif g.cor_raca in ("preta", "parda"):
            c[OCULTO_NEGROS_NAO_OPTANTES] += g.total
        if g.concorre_pcd:
            c["optantes_pcd"] += g.total
            c["aprovados_pcd"] += g.aprovados
        # Como para negros e PcD: quem optou pela reserva da categoria do órgão e os
        # aprovados que optaram (a lista dela no resultado).
        for codigo in set(g.concorre_categorias):
            c[f"optantes_{codigo}"] += g.total
            c[f"aprovados_{codigo}"] += g.aprovados


def _somar_convocacoes(cubo: Cubo, grupos: Iterable[GrupoConvocacoes]) -> None:
    """Conta cada convocação pela modalidade atual que ``g.modalidade`` traz (o histórico
    guarda a da chamada; os relatórios usam a atual, art. 4º, § 1º, e regras § 4): quem a
    calcula é ``relatorios.monitoramento.selectors`` (pelo motor), não esta soma. Contratação = TCE
    assinado, mesmo se depois desligado. A convocação sem efeito (heteroidentificação não
    confirmou; regras, § 1) não é convocação: fica só na linha própria."""
    for g in grupos:
        c = cubo[(g.ano, g.orgao_id)]
        if g.situacao == SITUACAO_SEM_EFEITO:
            c["convocacoes_sem_efeito"] += g.total
            continue
        c["convocacoes"] += g.total
        c[f"convocacoes_{g.modalidade}"] += g.total
        if g.modalidade == "AC" and g.concorre_negros:
            c["negros_em_ac"] += g.total
        if g.situacao in SITUACOES_DESISTENCIA:
            c["desistencias"] += g.total
            c[f"desistencias_{g.modalidade}"] += g.total
        if g.assinou_tce and g.situacao in SITUACOES_APOS_CONTRATO:
            c["contratacoes"] += g.total
            c[f"contratacoes_{g.modalidade}"] += g.total
            negra = "negras" if g.pessoa_negra else "nao_negras"
            c[f"contratacoes_pessoas_{negra}"] += g.total
            if g.pessoa_negra and g.modalidade == "AC":
                c["contratacoes_negros_em_ac"] += g.total
            if g.situacao in SITUACOES_DESLIGAMENTO:
                c["desligamentos"] += g.total


def _somar_contratos(cubo: Cubo, contratos: Iterable[ContratoEmpresa]) -> None:
    for contrato in contratos:
        c = cubo[(contrato.ano, contrato.orgao_id)]
        c["contratos"] += 1
        prioridade = contrato.cota.prioridade
        if prioridade == PRIORIDADE_COMPROVA:
            c["contratos_comprovam"] += 1
        elif prioridade == PRIORIDADE_DISPENSADA:
            c["contratos_dispensadas"] += 1
        else:
            c["contratos_nao_cumprem"] += 1


def montar_cubo(dados: Dados) -> Cubo:
    """Contagens por (ano, órgão) e a linha consolidada (ano, TOTAL) de cada ano."""
    cubo: Cubo = defaultdict(Counter)
    _somar_selecoes(cubo, dados)
    _somar_inscricoes(cubo, dados.inscricoes)
    _somar_convocacoes(cubo, dados.convocacoes)
    for ano, orgao_id, total in dados.eliminacoes:
        cubo[(ano, orgao_id)]["eliminacoes_declaracao_falsa"] += total
    _somar_contratos(cubo, dados.contratos)
    totais: Cubo = defaultdict(Counter)
    for (ano, _orgao), contagens in cubo.items():
        totais[(ano, TOTAL)].update(contagens)
    cubo.update(totais)
    return dict(cubo)


def acrescentar_subtotal(cubo: Cubo, orgaos: Iterable[int]) -> Cubo:
    """Linha (ano, SUBTOTAL) com a soma de ``orgaos`` em cada ano (sem alterar ``cubo``)."""
    membros = set(orgaos)
    novo: Cubo = dict(cubo)
    for (ano, orgao), contagens in cubo.items():
        if orgao in membros:
            novo.setdefault((ano, SUBTOTAL), Counter()).update(contagens)
    return novo


def percentual(parte: int, todo: int) -> Decimal | None:
    """``parte`` sobre ``todo`` em %, com uma casa decimal; ``None`` quando não há base."""
    if todo <= 0:
        return None
    return (Decimal(parte * 100) / Decimal(todo)).quantize(Decimal("0.1"))
