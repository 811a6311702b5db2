"""Consultas das pendências, escopadas por ``selecoes.acesso``: a página e a
contagem do menu usam os mesmos filtros."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from django.db.models import Count, Exists, F, Min, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from candidatos.models import (
    Convocacao,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoProcesso,
    SituacaoRecurso,
    TipoResultado,
)
from candidatos.selectors.pendencias.tipos import OCUPAM_VAGA, TipoPendencia
from candidatos.selectors.publico.selecoes import somar_meses
from selecoes import acesso
from selecoes.models import VagaEstagio

# --- escolhas das ações em lote ----------------------------------------------------


def vagas_editaveis(usuario: acesso.Usuario) -> QuerySet[VagaEstagio]:
    """Vagas em que o usuário pode convocar (gestor ou operador do órgão)."""
    return acesso.escopo(
        VagaEstagio.objects.select_related("selecao__orgao"),
        usuario,
        caminho_orgao="selecao__orgao",
        papeis=acesso.EDITORES,
    )


def convocacoes_editaveis(usuario: acesso.Usuario) -> QuerySet[Convocacao]:
    """Convocações em que o usuário pode agir (gestor ou operador do órgão)."""
    return acesso.escopo(
        Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao"),
        usuario,
        caminho_orgao="vaga__selecao__orgao",
        papeis=acesso.EDITORES,
    )


# --- consultas (compartilhadas pela página e pela contagem do menu) ---------------


def filtro_vencidas(agora: datetime) -> Q:
    """Aguardando resposta depois do prazo (art. 4º, § 2º)."""
    return Q(situacao=SituacaoConvocacao.AGUARDANDO, prazo_resposta__lt=agora)


def filtro_processos(hoje: date) -> Q:
    """A notificar (aberto) ou prontos para decisão (defesa recebida ou prazo encerrado)."""
    return Q(situacao=SituacaoProcesso.ABERTO) | Q(situacao=SituacaoProcesso.AGUARDANDO_DEFESA) & (
        Q(defesa_recebida_em__isnull=False) | Q(prazo_defesa__lt=hoje)
    )


def convocacoes_vencidas(usuario: acesso.Usuario, *, agora: datetime) -> QuerySet[Convocacao]:
    """Aguardando resposta depois do prazo: o RH registra o não comparecimento."""
    return acesso.escopo(
        Convocacao.objects.filter(filtro_vencidas(agora)),
        usuario,
        caminho_orgao="vaga__selecao__orgao",
    )


def fim_das_validades(selecao_ids: Iterable[int]) -> dict[int, date]:
    """Último dia da validade de cada seleção com resultado final (a mesma conta de
    ``candidatos.services.convocacao.fim_da_validade``, numa consulta só)."""
    linhas = (
        ResultadoVersao.objects.filter(selecao_id__in=list(selecao_ids), tipo=TipoResultado.FINAL)
        .values("selecao_id", "selecao__validade_meses")
        .annotate(primeiro=Min("publicado_em"))
    )
    return {
        linha["selecao_id"]: somar_meses(
            timezone.localdate(linha["primeiro"]), linha["selecao__validade_meses"]
        )
        for linha in linhas
    }


def vagas_a_suprir(usuario: acesso.Usuario, *, agora: datetime) -> list[VagaEstagio]:
    """Vagas com resultado final, dentro da validade, com alguma convocação
    encerrada (recusa, não comparecimento, desistência, eliminação) e menos
    ocupantes que vagas a preencher: a vaga liberada espera o próximo chamado."""
    ocupadas = (
        Convocacao.objects.filter(vaga=OuterRef("pk"), situacao__in=OCUPAM_VAGA)
        .order_by()
        .values("vaga")
        .annotate(n=Count("pk"))
        .values("n")
    )
    vagas = list(
        acesso.escopo(VagaEstagio.objects.all(), usuario, caminho_orgao="selecao__orgao")
        .annotate(
            ocupadas=Coalesce(Subquery(ocupadas), Value(0)),
            liberadas=Exists(
                Convocacao.objects.filter(vaga=OuterRef("pk")).exclude(situacao__in=OCUPAM_VAGA)
            ),
            com_final=Exists(
                ResultadoVersao.objects.filter(
                    selecao=OuterRef("selecao"), tipo=TipoResultado.FINAL
                )
            ),
        )
        .filter(
            liberadas=True,
            com_final=True,
            ocupadas__lt=F("vagas_ofertadas") + F("vagas_surgidas"),
        )
        .select_related("selecao__orgao")
        .order_by("selecao__numero_edital", "codigo")
    )
    fins = fim_das_validades({v.selecao_id for v in vagas})
    hoje = timezone.localdate(agora)
    return [v for v in vagas if v.selecao_id in fins and hoje <= fins[v.selecao_id]]


def recursos_pendentes(usuario: acesso.Usuario) -> QuerySet[Recurso]:
    return acesso.escopo(
        Recurso.objects.filter(situacao=SituacaoRecurso.PENDENTE),
        usuario,
        caminho_orgao="selecao__orgao",
    )


def processos_pendentes(
    usuario: acesso.Usuario, *, agora: datetime
) -> QuerySet[ProcessoEliminacao]:
    """A notificar (aberto) ou prontos para decisão (defesa recebida ou prazo encerrado)."""
    return acesso.escopo(
        ProcessoEliminacao.objects.filter(filtro_processos(timezone.localdate(agora))),
        usuario,
        caminho_orgao="inscricao__selecao__orgao",
    )


def contar_por_orgao(queryset: QuerySet[Any], caminho_orgao: str) -> Coalesce:
    """Subconsulta: quantas linhas de ``queryset`` são do órgão da consulta de fora
    (``Orgao``). Para anotar os órgãos do usuário numa consulta só."""
    return Coalesce(
        Subquery(
            queryset.filter(**{caminho_orgao: OuterRef("pk")})
            .order_by()
            .values(caminho_orgao)
            .annotate(n=Count("pk"))
            .values("n")
        ),
        Value(0),
    )


def contagens(
    usuario: acesso.Usuario,
    *,
    agora: datetime,
    outras: Mapping[TipoPendencia, Coalesce] | None = None,
) -> dict[int, dict[TipoPendencia, int]]:
    """Órgão → tipo → quantas pendências, só os tipos com alguma: os órgãos do usuário
    (``acesso.orgaos_do_usuario``) anotados numa consulta, mais as vagas liberadas
    (duas). ``outras``: contagens de camadas de cima (os documentos)."""
    hoje = timezone.localdate(agora)
    anotacoes = {
        TipoPendencia.CONVOCACAO_VENCIDA: contar_por_orgao(
            Convocacao.objects.filter(filtro_vencidas(agora)), "vaga__selecao__orgao"
        ),
        TipoPendencia.RECURSO: contar_por_orgao(
            Recurso.objects.filter(situacao=SituacaoRecurso.PENDENTE), "selecao__orgao"
        ),
        TipoPendencia.PROCESSO: contar_por_orgao(
            ProcessoEliminacao.objects.filter(filtro_processos(hoje)), "inscricao__selecao__orgao"
        ),
        **(outras or {}),
    }
    linhas = (
        acesso.orgaos_do_usuario(usuario)
        .annotate(**{f"n_{tipo.value}": expressao for tipo, expressao in anotacoes.items()})
        .values("pk", *[f"n_{tipo.value}" for tipo in anotacoes])
    )
    resultado: dict[int, dict[TipoPendencia, int]] = defaultdict(dict)
    for linha in linhas:
        for tipo in anotacoes:
            if linha[f"n_{tipo.value}"]:
                resultado[linha["pk"]][tipo] = linha[f"n_{tipo.value}"]
    for vaga in vagas_a_suprir(usuario, agora=agora):
        contagem = resultado[vaga.selecao.orgao_id]
        contagem[TipoPendencia.VAGA_A_SUPRIR] = contagem.get(TipoPendencia.VAGA_A_SUPRIR, 0) + 1
    return dict(resultado)
