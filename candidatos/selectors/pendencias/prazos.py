"""Prazos dos próximos dias de um órgão (a agenda da página de pendências)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    AnuncioSorteio,
    Convocacao,
    ProcessoEliminacao,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoProcesso,
    Sorteio,
)
from candidatos.selectors.pendencias.consultas import fim_das_validades
from candidatos.selectors.pendencias.tipos import JANELA_PRAZOS, Prazo, rotulo_selecao
from selecoes import acesso
from selecoes.models import Selecao, SituacaoSelecao

# --- prazos dos próximos dias ---------------------------------------------------------


def _no_intervalo(valor: datetime | date, inicio: datetime, fim: datetime) -> bool:
    if isinstance(valor, datetime):
        return inicio <= valor <= fim
    return timezone.localdate(inicio) <= valor <= timezone.localdate(fim)


@dataclass(frozen=True)
class _Janela:
    usuario: acesso.Usuario
    orgao_id: int
    inicio: datetime
    fim: datetime

    @property
    def dias(self) -> tuple[date, date]:
        return timezone.localdate(self.inicio), timezone.localdate(self.fim)

    def selecoes(self) -> QuerySet[Selecao]:
        return acesso.escopo(Selecao.objects.filter(orgao_id=self.orgao_id), self.usuario)


def _prazos_convocacoes(j: _Janela) -> list[Prazo]:
    convocacoes = acesso.escopo(
        Convocacao.objects.filter(
            vaga__selecao__orgao_id=j.orgao_id,
            situacao=SituacaoConvocacao.AGUARDANDO,
            prazo_resposta__gte=j.inicio,
            prazo_resposta__lte=j.fim,
        ),
        j.usuario,
        caminho_orgao="vaga__selecao__orgao",
    ).select_related("inscricao", "vaga__selecao")
    return [
        Prazo(
            c.prazo_resposta,
            f"Resposta à convocação de {c.inscricao.numero} (vaga {c.vaga.codigo})",
            rotulo_selecao(c.vaga.selecao),
            reverse("classificacao:convocacao", args=[c.pk]),
        )
        for c in convocacoes
    ]


def _prazos_recurso(j: _Janela) -> list[Prazo]:
    versoes = (
        ResultadoVersao.objects.filter(selecao__in=j.selecoes())
        .filter(
            Q(recurso_inicio__gte=j.inicio, recurso_inicio__lte=j.fim)
            | Q(recurso_fim__gte=j.inicio, recurso_fim__lte=j.fim)
        )
        .select_related("selecao")
        .defer("conteudo")
    )
    prazos = []
    for versao in versoes:
        rotulo = f"{versao.get_tipo_display()} v{versao.numero}"
        url = reverse("classificacao:recursos", args=[versao.selecao_id])
        for quando, nome in (
            (versao.recurso_inicio, f"Abre o prazo de recurso — {rotulo}"),
            (versao.recurso_fim, f"Fecha o prazo de recurso — {rotulo}"),
        ):
            if quando is not None and _no_intervalo(quando, j.inicio, j.fim):
                prazos.append(Prazo(quando, nome, rotulo_selecao(versao.selecao), url))
    return prazos


def _prazos_edital(j: _Janela) -> list[Prazo]:
    """Fim das inscrições (edital publicado) e data de publicação do edital no DOU."""
    hoje, ultimo_dia = j.dias
    prazos = [
        Prazo(
            s.inscricoes_fim,
            "Fim das inscrições",
            rotulo_selecao(s),
            reverse("selecoes:detalhe", args=[s.pk]),
        )
        for s in j.selecoes()
        .filter(inscricoes_fim__gte=j.inicio, inscricoes_fim__lte=j.fim)
        .exclude(situacao=SituacaoSelecao.RASCUNHO)
    ]
    for s in j.selecoes().filter(
        data_publicacao_edital__gte=hoje, data_publicacao_edital__lte=ultimo_dia
    ):
        nome = "Publicação do edital no DOU"
        if s.situacao == SituacaoSelecao.RASCUNHO:
            nome += " (ainda em rascunho no sistema)"
        prazos.append(
            Prazo(
                s.data_publicacao_edital,
                nome,
                rotulo_selecao(s),
                reverse("selecoes:detalhe", args=[s.pk]),
            )
        )
    return prazos


def _prazos_sorteios(j: _Janela) -> list[Prazo]:
    anuncios = (
        AnuncioSorteio.objects.filter(
            selecao__in=j.selecoes(),
            realizar_a_partir_de__gte=j.inicio,
            realizar_a_partir_de__lte=j.fim,
        )
        .exclude(Exists(Sorteio.objects.filter(anuncio=OuterRef("pk"))))
        .select_related("vaga", "selecao")
    )
    return [
        Prazo(
            a.realizar_a_partir_de,
            f"Sorteio de desempate anunciado — vaga {a.vaga.codigo}",
            rotulo_selecao(a.selecao),
            reverse("classificacao:sorteio", args=[a.vaga_id]),
        )
        for a in anuncios
    ]


def _prazos_defesa(j: _Janela) -> list[Prazo]:
    hoje, ultimo_dia = j.dias
    processos = acesso.escopo(
        ProcessoEliminacao.objects.filter(
            inscricao__selecao__orgao_id=j.orgao_id,
            situacao=SituacaoProcesso.AGUARDANDO_DEFESA,
            defesa_recebida_em__isnull=True,
            prazo_defesa__gte=hoje,
            prazo_defesa__lte=ultimo_dia,
        ),
        j.usuario,
        caminho_orgao="inscricao__selecao__orgao",
    ).select_related("inscricao__selecao")
    return [
        Prazo(
            p.prazo_defesa,  # type: ignore[arg-type]
            f"Fim do prazo de defesa de {p.inscricao.numero}",
            rotulo_selecao(p.inscricao.selecao),
            reverse("classificacao:processo", args=[p.pk]),
        )
        for p in processos
    ]


def _prazos_validade(j: _Janela) -> list[Prazo]:
    hoje, ultimo_dia = j.dias
    por_id = {s.pk: s for s in j.selecoes()}
    return [
        Prazo(
            ultimo,
            "Fim da validade da seleção (últimas convocações)",
            rotulo_selecao(por_id[selecao_id]),
            reverse("classificacao:painel", args=[selecao_id]),
        )
        for selecao_id, ultimo in fim_das_validades(por_id).items()
        if hoje <= ultimo <= ultimo_dia
    ]


def _ordem(prazo: Prazo) -> datetime:
    if isinstance(prazo.quando, datetime):
        return prazo.quando
    return timezone.make_aware(datetime.combine(prazo.quando, datetime.max.time()))


def prazos_proximos(
    usuario: acesso.Usuario, *, orgao_id: int, agora: datetime, janela: timedelta = JANELA_PRAZOS
) -> list[Prazo]:
    """Prazos de ``agora`` a ``agora + janela``, em ordem: respostas de convocação,
    janelas de recurso, fim das inscrições, publicação do edital, sorteios
    anunciados, prazos de defesa e fim da validade da seleção."""
    j = _Janela(usuario, orgao_id, agora, agora + janela)
    prazos = [
        *_prazos_convocacoes(j),
        *_prazos_recurso(j),
        *_prazos_edital(j),
        *_prazos_sorteios(j),
        *_prazos_defesa(j),
        *_prazos_validade(j),
    ]
    return sorted(prazos, key=_ordem)
