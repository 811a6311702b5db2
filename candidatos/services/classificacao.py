"""Classificação de uma vaga de estágio: avaliações, sorteio e entradas do motor.

As regras puras (nota final, desempate, algoritmo do sorteio) estão em
``candidatos.services.desempate`` e são reexportadas aqui. Toda modalidade e
todo número que o RH vê vêm do motor (``selecoes.reserva``): aqui só se
convertem linhas em ``Candidato`` e se chama ``resolver_vaga``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast

from candidatos.models import (
    Avaliacao,
    Inscricao,
    SituacaoAvaliacao,
    SituacaoInscricao,
    Sorteio,
)
from candidatos.services.desempate import (
    Concorrente,
    Empate,
    calcular_nota_final,
    ordem_do_sorteio,
    ordenar,
)
from selecoes import auditoria
from selecoes.categorias import Categoria
from selecoes.models import CriterioAvaliacao, CriterioDesempate, Selecao, VagaEstagio
from selecoes.reserva import (
    Aplicabilidade,
    Candidato,
    Reserva,
    ResultadoVaga,
    SequenciaExplicita,
    Situacao,
    TabelaReserva,
    resolver_vaga,
)
from selecoes.selectors.quadro import tabela_da_selecao

__all__ = [
    "ClassificacaoVaga",
    "Concorrente",
    "Empate",
    "LinhaAvaliacao",
    "ParametrosMotor",
    "avaliacoes_salvar",
    "calcular_nota_final",
    "classificar_selecao",
    "classificar_vaga",
    "ordem_do_sorteio",
    "ordenar",
    "parametros_motor",
    "resolver",
]

# ---------------------------------------------------------------------------
# Seleção → entradas do motor
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ParametrosMotor:
    """O que o motor precisa da seleção: aplicabilidade, reservas e sequência."""

    aplicacao: Aplicabilidade
    reservas: tuple[Reserva, ...]
    explicita: SequenciaExplicita | None
    tabela: TabelaReserva
    """Quadro da seleção inteira, pela versão e base do edital (regras, §§ 3.1 e 8)."""

    @property
    def categorias(self) -> frozenset[str]:
        return frozenset(r.categoria for r in self.reservas)


def parametros_motor(
    selecao: Selecao, vagas: Sequence[VagaEstagio] | None = None
) -> ParametrosMotor:
    """Art. 1º (negros, 30%), Lei 11.788/2008, art. 17, § 5º (PcD, opcional),
    art. 3º (sequência explícita do edital), art. 7º e art. 1º, § 1º
    (aplicabilidade sobre o total de vagas ofertadas na seleção).

    Usa as mesmas conversões do quadro de reserva do edital, para que a
    convocação siga exatamente o que foi publicado.
    """
    tabela = tabela_da_selecao(selecao, vagas)
    aplicacao = tabela.aplicacao
    if aplicacao is None:
        raise ValueError("o quadro de reserva da seleção não tem aplicabilidade")
    return ParametrosMotor(aplicacao, tabela.reservas, tabela.explicita, tabela)


def categorias_da_inscricao(
    concorre_negros: bool, concorre_pcd: bool, declaradas: frozenset[str]
) -> frozenset[str]:
    """Art. 2º e art. 4º, caput: as reservas a que a inscrição concorre."""
    cats = set()
    if concorre_negros:
        cats.add(Categoria.NEGROS.value)
    if concorre_pcd:
        cats.add(Categoria.PCD.value)
    return frozenset(cats) & declaradas


_SITUACAO_MOTOR = {
    SituacaoInscricao.ATIVA: Situacao.ATIVO,
    SituacaoInscricao.DESISTENTE: Situacao.DESISTENTE,
    SituacaoInscricao.ELIMINADA: Situacao.ELIMINADO,
}


def situacao_motor(situacao_inscricao: str) -> Situacao:
    # Os membros do TextChoices são o próprio texto: a busca vale para os dois.
    return _SITUACAO_MOTOR[situacao_inscricao]  # type: ignore[index]


def resolver(
    *,
    vaga: VagaEstagio,
    parametros: ParametrosMotor,
    candidatos: Sequence[Candidato],
) -> ResultadoVaga:
    """Chama o motor com k = vagas ofertadas + surgidas (regras, § 4), com o quadro
    da seleção inteira (versão e base do edital, regras §§ 3.1 e 8)."""
    return resolver_vaga(
        candidatos=candidatos,
        aplicacao=parametros.aplicacao,
        ofertadas=vaga.vagas_ofertadas,
        convocacoes=vaga.vagas_a_preencher,
        codigo=vaga.codigo,
        tabela=parametros.tabela,
    )


# ---------------------------------------------------------------------------
# Classificação a partir do banco
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassificacaoVaga:
    """Aprovados de uma vaga em ordem, com os empates que restam."""

    vaga: VagaEstagio
    ordenados: tuple[Concorrente, ...]
    empates: tuple[Empate, ...]
    retirados_ids: frozenset[int] = field(default_factory=frozenset)

    @property
    def ativos(self) -> tuple[Concorrente, ...]:
        return tuple(c for c in self.ordenados if c.situacao == SituacaoInscricao.ATIVA)

    def candidatos_motor(self, *, incluir_retirados: bool = True) -> list[Candidato]:
        """``Candidato`` do motor com a posição na classificação (1, 2, …)."""
        fonte = self.ordenados if incluir_retirados else self.ativos
        return [
            Candidato(c.numero, i, c.categorias, situacao_motor(c.situacao))
            for i, c in enumerate(fonte, 1)
        ]


def sorteios_por_vaga(selecao: Selecao) -> dict[int, list[Sorteio]]:
    """Os sorteios de cada vaga, do mais antigo ao mais recente."""
    sorteios: dict[int, list[Sorteio]] = defaultdict(list)
    for s in (
        Sorteio.objects.filter(selecao=selecao, vaga__isnull=False)
        .select_related("anuncio")
        .order_by("realizado_em", "pk")
    ):
        sorteios[s.vaga_id].append(s)  # type: ignore[index]
    return sorteios


def _concorrentes_da_selecao(
    selecao: Selecao,
    declaradas: frozenset[str],
    vaga_ids: Sequence[int] | None = None,
) -> dict[int, list[Concorrente]]:
    """Aprovados por vaga, numa consulta (inscrições substituídas não contam), sem as
    categorias que a heteroidentificação não confirmou (a entrada do motor nasce aqui).

    As notas por critério só são lidas se algum critério de desempate as usa.
    """
    filtro: dict[str, Any] = {
        "inscricao__selecao": selecao,
        "situacao": SituacaoAvaliacao.APROVADO,
        "nota_final__isnull": False,
    }
    if vaga_ids is not None:
        filtro["inscricao__vaga_id__in"] = list(vaga_ids)
    com_notas = any(
        c.get("criterio") == CriterioDesempate.NOTA_CRITERIO
        for c in selecao.criterios_desempate or []
    )
    campos = [
        "inscricao_id",
        "inscricao__vaga_id",
        "inscricao__numero",
        "inscricao__nome_civil",
        "inscricao__nome_social",
        "nota_final",
        "inscricao__data_nascimento",
        "inscricao__criada_em",
        "inscricao__concorre_negros",
        "inscricao__concorre_pcd",
        "inscricao__situacao",
        "categorias_texto",
    ]
    if com_notas:
        campos.append("notas")
    linhas = (
        Avaliacao.objects.filter(**filtro)
        .exclude(inscricao__situacao=SituacaoInscricao.SUBSTITUIDA)
        # O texto do JSON: quase todas são "[]", e decodificar 100.000 listas vazias
        # pelo JSONField custava segundos.
        .annotate(categorias_texto=Cast("inscricao__concorre_categorias", TextField()))
        .values_list(*campos)
    )
    categorias_de = {
        (negros, pcd): categorias_da_inscricao(negros, pcd, declaradas)
        for negros in (False, True)
        for pcd in (False, True)
    }
    sem_notas: Mapping[str, Decimal] = {}
    por_vaga: dict[int, list[Concorrente]] = defaultdict(list)
    # Regras de reserva, § 1: o resultado final da heteroidentificação que não confirma
    # tira a categoria (fica a ampla concorrência). Importado aqui: os serviços da
    # heteroidentificação usam esta classificação.
    from candidatos.selectors.heteroidentificacao import categorias_perdidas

    perdidas = categorias_perdidas(selecao.pk)
    for linha in linhas:
        notas = (
            {k: Decimal(str(v)) for k, v in (linha[12] or {}).items() if v not in ("", None)}
            if com_notas
            else sem_notas
        )
        por_vaga[linha[1]].append(
            Concorrente(
                inscricao_id=linha[0],
                numero=linha[2],
                nome=linha[4] or linha[3],
                nota_final=linha[5],
                notas=notas,
                data_nascimento=linha[6],
                inscrita_em=linha[7],
                categorias=(
                    categorias_de[(linha[8], linha[9])]
                    | (frozenset(json.loads(linha[11])) & declaradas)
                    if linha[11] and linha[11] != "[]"
                    else categorias_de[(linha[8], linha[9])]
                )
                - perdidas.get(linha[0], frozenset()),
                situacao=linha[10],
            )
        )
    return por_vaga


def classificar_selecao(
    selecao: Selecao,
    *,
    vagas: Sequence[VagaEstagio] | None = None,
    parametros: ParametrosMotor | None = None,
) -> dict[int, ClassificacaoVaga]:
    """Classificação de cada vaga da seleção (chave: id da vaga).

    Eliminados (art. 2º, parágrafo único) ficam fora; desistentes ficam, na sua
    posição, para o motor explicar a vaga que liberaram (art. 4º, § 2º); os
    empates são calculados só entre quem ainda concorre.
    """
    vagas = list(selecao.vagas.all()) if vagas is None else list(vagas)
    parametros = parametros or parametros_motor(selecao)
    por_vaga = _concorrentes_da_selecao(selecao, parametros.categorias, [v.pk for v in vagas])
    sorteios = sorteios_por_vaga(selecao)
    criterios = selecao.criterios_desempate or []
    resultado: dict[int, ClassificacaoVaga] = {}
    for vaga in vagas:
        concorrentes = [
            c for c in por_vaga.get(vaga.pk, []) if c.situacao != SituacaoInscricao.ELIMINADA
        ]
        ordenados, empates = ordenar(
            concorrentes,
            criterios,
            sorteios=[s.resultado for s in sorteios.get(vaga.pk, [])],
            vaga_codigo=vaga.codigo,
        )
        resultado[vaga.pk] = ClassificacaoVaga(vaga, ordenados, _so_ativos(empates))
    return resultado


def _so_ativos(empates: Sequence[Empate]) -> tuple[Empate, ...]:
    """Empate com quem já desistiu não altera a convocação: não bloqueia."""
    filtrados = []
    for e in empates:
        ativos = tuple(c for c in e.concorrentes if c.situacao == SituacaoInscricao.ATIVA)
        if len(ativos) > 1:
            filtrados.append(Empate(e.vaga_codigo, ativos, e.edital_preve_sorteio))
    return tuple(filtrados)


def classificar_vaga(vaga: VagaEstagio) -> ClassificacaoVaga:
    return classificar_selecao(vaga.selecao, vagas=[vaga])[vaga.pk]


def pesos_da_selecao(selecao: Selecao) -> list[tuple[str, Decimal]]:
    return [(c.codigo, c.peso) for c in CriterioAvaliacao.objects.filter(selecao=selecao)]


# ---------------------------------------------------------------------------
# Escrita: avaliações e sorteio
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LinhaAvaliacao:
    """Avaliação de uma inscrição como digitada (grade ou planilha), já validada."""

    inscricao_id: int
    situacao: str
    notas: Mapping[str, Decimal | None]
    nota_final: Decimal | None = None
    """Só quando o edital não tem critérios: a nota final é digitada."""

    def to_json(self) -> list[Any]:
        """Forma serializável (sessão entre a prévia e a confirmação da planilha)."""
        return [
            self.inscricao_id,
            self.situacao,
            {k: None if v is None else str(v) for k, v in self.notas.items()},
            None if self.nota_final is None else str(self.nota_final),
        ]

    @classmethod
    def from_json(cls, dados: Sequence[Any]) -> LinhaAvaliacao:
        inscricao_id, situacao, notas, nota_final = dados
        return cls(
            int(inscricao_id),
            str(situacao),
            {k: None if v is None else Decimal(v) for k, v in notas.items()},
            None if nota_final is None else Decimal(nota_final),
        )


def _texto_notas(notas: Mapping[str, Decimal | None]) -> dict[str, str]:
    return {k: str(v) for k, v in notas.items() if v is not None}


def avaliacoes_salvar(
    *,
    selecao: Selecao,
    linhas: Sequence[LinhaAvaliacao],
    usuario: Any,
    origem: str = "grade",
) -> int:
    """Grava as avaliações (tudo ou nada), recalcula a nota final e audita cada
    mudança. Trava as vagas envolvidas (``select_for_update``) para não cruzar
    com uma convocação em curso. Devolve quantas avaliações mudaram.
    """
    pesos = pesos_da_selecao(selecao)
    ids = [linha.inscricao_id for linha in linhas]
    with transaction.atomic():
        inscricoes = {
            i.pk: i
            for i in Inscricao.objects.filter(selecao=selecao, pk__in=ids).select_related(
                "avaliacao"
            )
        }
        if len(inscricoes) != len(set(ids)):
            raise ValueError("Inscrição fora desta seleção.")
        vaga_ids = sorted({i.vaga_id for i in inscricoes.values()})
        list(
            VagaEstagio.objects.select_for_update(of=("self",))
            .filter(pk__in=vaga_ids)
            .order_by("pk")
        )
        mudaram = 0
        for linha in linhas:
            inscricao = inscricoes[linha.inscricao_id]
            notas = _texto_notas(linha.notas)
            if pesos:
                nota_final = calcular_nota_final(
                    {k: v for k, v in linha.notas.items() if v is not None}, pesos
                )
            else:
                nota_final = linha.nota_final
            avaliacao = getattr(inscricao, "avaliacao", None)
            antes = _retrato(avaliacao) if avaliacao else None
            if avaliacao is None:
                avaliacao = Avaliacao(inscricao=inscricao)
            avaliacao.situacao = linha.situacao
            avaliacao.notas = notas
            avaliacao.nota_final = nota_final
            depois = _retrato(avaliacao)
            if antes == depois:
                continue
            avaliacao.atualizada_por = usuario
            avaliacao.save()
            mudaram += 1
            auditoria.registrar(
                acao="avaliacao.alterada" if antes else "avaliacao.registrada",
                objeto=avaliacao,
                descricao=f"Avaliação de {inscricao.numero} ({origem})",
                usuario=usuario,
                selecao=selecao,
                inscricao_id=inscricao.pk,
                antes=antes,
                depois=depois,
            )
    return mudaram


def avaliacoes_aprovar_por_corte(*, vaga: VagaEstagio, corte: Decimal, usuario: Any) -> int:
    """ "Aprovar todos com nota ≥ corte": as avaliações pendentes da vaga com todas
    as notas do edital e nota final igual ou acima do corte passam a aprovadas.

    As notas não mudam; a gravação é a de ``avaliacoes_salvar`` (trava, recálculo
    da nota final e auditoria de cada mudança). Devolve quantas mudaram.
    """
    codigos = [codigo for codigo, _ in pesos_da_selecao(vaga.selecao)]
    linhas = []
    for inscricao in inscricoes_da_vaga(vaga):
        avaliacao = getattr(inscricao, "avaliacao", None)
        if avaliacao is None or avaliacao.situacao != SituacaoAvaliacao.PENDENTE:
            continue
        if avaliacao.nota_final is None or avaliacao.nota_final < corte:
            continue
        if any(codigo not in avaliacao.notas for codigo in codigos):
            continue
        linhas.append(
            LinhaAvaliacao(
                inscricao_id=inscricao.pk,
                situacao=SituacaoAvaliacao.APROVADO,
                notas={codigo: Decimal(avaliacao.notas[codigo]) for codigo in codigos},
                nota_final=avaliacao.nota_final,
            )
        )
    if not linhas:
        return 0
    return avaliacoes_salvar(
        selecao=vaga.selecao, linhas=linhas, usuario=usuario, origem=f"aprovar nota ≥ {corte}"
    )


def _retrato(avaliacao: Avaliacao) -> dict[str, Any]:
    return {
        "situacao": avaliacao.situacao,
        "notas": dict(avaliacao.notas or {}),
        "nota_final": None if avaliacao.nota_final is None else f"{avaliacao.nota_final:.3f}",
    }


def inscricoes_da_vaga(vaga: VagaEstagio) -> QuerySet[Inscricao]:
    """Inscrições vigentes da vaga, para a grade de notas."""
    return (
        Inscricao.objects.vigentes()
        .filter(vaga=vaga)
        .exclude(situacao=SituacaoInscricao.ELIMINADA)
        .select_related("avaliacao")
        .order_by("numero")
    )
