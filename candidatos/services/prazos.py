"""Prazos que vencem sozinhos, sem servidor do RH (rodados pelo Celery beat).

Cada função recebe ``agora`` e é idempotente e segura com dois nós rodando-a ao
mesmo tempo: a convocação vencida é encerrada sob a trava da vaga (a mesma de toda
ação de convocação) e só se ainda estiver aguardando; o encerramento de um período
(inscrições, recurso) é um fato único na trilha de auditoria, conferido sob a trava
da linha da seleção. Quem roda de novo, ou roda depois do outro nó, não acha nada a
fazer e não avisa ninguém.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    Convocacao,
    Inscricao,
    Recurso,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
    SituacaoRecurso,
    TipoResultado,
)
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import convocacao as servico_convocacao
from selecoes import acesso, auditoria, correio
from selecoes.models import Lotacao, RegistroAuditoria, Selecao, SituacaoSelecao, VagaEstagio
from selecoes.prazos import fim_do_prazo

logger = logging.getLogger(__name__)

ACAO_INSCRICOES_ENCERRADAS = "selecao.inscricoes_encerradas"
ACAO_RECURSO_ENCERRADO = "resultado.prazo_recurso_encerrado"
# Períodos que terminaram há mais que isto não são anunciados (o beat esteve parado
# muito tempo, ou a seleção é anterior a esta função): nada muda por eles.
JANELA_DE_AVISO = timedelta(days=7)


@dataclass
class Resumo:
    """O que uma rodada fez (para o log e os testes)."""

    nao_compareceram: list[int] = field(default_factory=list)
    convocadas: list[int] = field(default_factory=list)
    inscricoes_encerradas: list[int] = field(default_factory=list)
    recursos_encerrados: list[int] = field(default_factory=list)


def vencer_prazos(*, agora: datetime) -> Resumo:
    """Uma rodada completa (tarefa ``candidatos.vencer_prazos``)."""
    resumo = Resumo()
    convocacoes_vencidas_encerrar(agora=agora, resumo=resumo)
    inscricoes_encerrar(agora=agora, resumo=resumo)
    recursos_encerrar(agora=agora, resumo=resumo)
    return resumo


# --- convocações sem resposta -------------------------------------------------------


def convocacoes_vencidas_encerrar(*, agora: datetime, resumo: Resumo | None = None) -> Resumo:
    """Prazo de resposta vencido sem resposta → ``não compareceu`` (art. 4º, § 2º: para o
    motor é desistência; a vaga liberada vai ao próximo pela mesma regra, com o mesmo k).

    O edital diz se o próximo é convocado na hora (``convocacao_automatica``, com o
    prazo do edital em dias corridos ou úteis) ou se o RH confirma; o RH é avisado nos
    dois casos.
    """
    resumo = resumo or Resumo()
    vagas = (
        Convocacao.objects.filter(situacao=SituacaoConvocacao.AGUARDANDO, prazo_resposta__lt=agora)
        .values_list("vaga_id", flat=True)
        .distinct()
    )
    for vaga_id in sorted(set(vagas)):
        _vencer_na_vaga(vaga_id, agora, resumo)
    return resumo


def _vencer_na_vaga(vaga_id: int, agora: datetime, resumo: Resumo) -> None:
    with transaction.atomic():
        vaga = servico_convocacao.travar_vaga(vaga_id)
        vencidas = list(
            Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao")
            .filter(vaga=vaga, situacao=SituacaoConvocacao.AGUARDANDO, prazo_resposta__lt=agora)
            .order_by("ordem")
        )
        if not vencidas:
            return  # outro nó (ou a rodada anterior) já encerrou
        selecao = vaga.selecao
        linhas = []
        for c in vencidas:
            prazo = timezone.localtime(c.prazo_resposta)
            motivo = f"Prazo para resposta vencido em {prazo:%d/%m/%Y %H:%M} sem resposta."
            servico_convocacao.convocacao_encerrar(
                convocacao=c,
                situacao=SituacaoConvocacao.NAO_COMPARECEU,
                data=timezone.localdate(agora),
                motivo=motivo,
                descricao=f"{c.inscricao.numero}: não compareceu "
                "(prazo vencido, registrado pelo sistema)",
                usuario=None,
            )
            servico_convocacao.inscricao_tornar_desistente(
                inscricao=c.inscricao, usuario=None, motivo=motivo
            )
            resumo.nao_compareceram.append(c.pk)
            linhas.append(f"- {c.inscricao.numero}: {motivo}")
        if selecao.convocacao_automatica:
            linhas += substitutos_convocar(
                vaga=vaga, quantidade=len(vencidas), agora=agora, resumo=resumo
            )
        else:
            linhas.append(
                "O edital pede que o RH confirme a convocação do próximo: abra a vaga "
                "e use “Convocar próximos”."
            )
        aviso_rh_enfileirar(
            selecao=selecao,
            titulo=f"Convocação sem resposta na vaga {vaga.codigo}",
            linhas=linhas,
            link=reverse("classificacao:vaga", args=[vaga.pk]),
        )


def substitutos_convocar(
    *, vaga: VagaEstagio, quantidade: int, agora: datetime, resumo: Resumo | None = None
) -> list[str]:
    """Convoca na hora quem supre as ``quantidade`` vagas liberadas: os próximos da
    ordem do motor, com o mesmo k (art. 4º, §§ 2º e 3º; regras de reserva, § 4), com o
    prazo de resposta do edital. Só para o edital que adota a convocação automática
    (``convocacao_automatica``, conferido por quem chama). Serve ao não
    comparecimento e à convocação sem efeito pela heteroidentificação (regras de
    reserva, § 1).

    Chame com a vaga travada, depois de encerradas todas as convocações que a
    liberaram. Se a convocação não cabe agora (``AcaoInvalida``), nada é convocado e o
    erro vira linha. Devolve as linhas do aviso ao RH (``aviso_rh_enfileirar``); com
    ``resumo``, anota nele as convocações feitas."""
    selecao = vaga.selecao
    disponiveis = len(estado_vaga(vaga).a_convocar)
    if disponiveis == 0:
        return ["Não há mais candidatos a convocar nesta vaga (reversão ou lista esgotada)."]
    prazo = prazo_resposta_do_edital(selecao, agora)
    try:
        with transaction.atomic():
            novas = servico_convocacao.proximos_convocar(
                vaga=vaga,
                quantidade=min(quantidade, disponiveis),
                prazo_resposta=prazo,
                usuario=None,
                agora=agora,
            )
    except servico_convocacao.AcaoInvalida as erro:
        logger.warning("Convocação automática na vaga %s não feita: %s", vaga.pk, erro.message)
        return [f"A convocação automática não foi feita: {erro.message} Confira a vaga."]
    if resumo is not None:
        resumo.convocadas += [c.pk for c in novas]
    return [
        f"Convocado(a) automaticamente, como diz o edital: {c.inscricao.numero} "
        f"({c.ordem}ª convocação), prazo até {timezone.localtime(prazo):%d/%m/%Y %H:%M} "
        f"({prazo_do_edital_por_extenso(selecao)})."
        for c in novas
    ]


def prazo_resposta_do_edital(selecao: Selecao, agora: datetime) -> datetime:
    """Fim do prazo de resposta de uma convocação feita ``agora``, pelo edital: dias
    corridos ou úteis, até as 23h59min59s do último dia (horário do sistema)."""
    return fim_do_prazo(
        agora,
        selecao.prazo_resposta_dias,
        uteis=selecao.prazos_em_dias_uteis,
        fuso=timezone.get_current_timezone(),
    )


def prazo_do_edital_por_extenso(selecao: Selecao) -> str:
    dias = "dias úteis" if selecao.prazos_em_dias_uteis else "dias corridos"
    return f"{selecao.prazo_resposta_dias} {dias}"


# --- períodos que terminam -----------------------------------------------------------


def _ja_anunciado(acao: str, objeto_tipo: str, objeto_id: int) -> bool:
    return RegistroAuditoria.objects.filter(
        acao=acao, objeto_tipo=objeto_tipo, objeto_id=str(objeto_id)
    ).exists()


def _travar_selecao(selecao_id: int) -> Selecao:
    return (
        Selecao.objects.select_for_update(of=("self",)).select_related("orgao").get(pk=selecao_id)
    )


def inscricoes_encerrar(*, agora: datetime, resumo: Resumo | None = None) -> Resumo:
    """Fim do período de inscrições: o formulário já fecha pelas datas (nada armazenado);
    aqui o fato entra na trilha uma vez, com o total de inscrições, e o RH é avisado."""
    resumo = resumo or Resumo()
    candidatas = (
        Selecao.objects.exclude(situacao=SituacaoSelecao.RASCUNHO)
        .filter(inscricoes_fim__lt=agora, inscricoes_fim__gte=agora - JANELA_DE_AVISO)
        .exclude(
            pk__in=RegistroAuditoria.objects.filter(acao=ACAO_INSCRICOES_ENCERRADAS).values(
                "selecao_id"
            )
        )
        .values_list("pk", flat=True)
    )
    for selecao_id in list(candidatas):
        with transaction.atomic():
            selecao = _travar_selecao(selecao_id)
            if _ja_anunciado(ACAO_INSCRICOES_ENCERRADAS, selecao._meta.label, selecao.pk):
                continue
            ativas = Inscricao.objects.filter(
                selecao=selecao, situacao=SituacaoInscricao.ATIVA
            ).count()
            fim = timezone.localtime(selecao.inscricoes_fim)
            auditoria.registrar(
                acao=ACAO_INSCRICOES_ENCERRADAS,
                objeto=selecao,
                descricao=f"Inscrições encerradas em {fim:%d/%m/%Y %H:%M}: {ativas} ativa(s)",
                selecao=selecao,
                depois={"inscricoes_ativas": ativas},
            )
            aviso_rh_enfileirar(
                selecao=selecao,
                titulo="Inscrições encerradas",
                linhas=[
                    f"O período de inscrições terminou em {fim:%d/%m/%Y %H:%M}.",
                    f"Inscrições ativas: {ativas}. Próximo passo: avaliação e resultado.",
                ],
                link=reverse("selecoes:detalhe", args=[selecao.pk]),
            )
            resumo.inscricoes_encerradas.append(selecao.pk)
    return resumo


def recursos_encerrar(*, agora: datetime, resumo: Resumo | None = None) -> Resumo:
    """Fim do prazo de recurso de um resultado preliminar: novos recursos já são
    recusados pelas datas; aqui o fato entra na trilha uma vez e o RH é avisado de
    quantos recursos aguardam decisão."""
    resumo = resumo or Resumo()
    anunciadas = RegistroAuditoria.objects.filter(
        acao=ACAO_RECURSO_ENCERRADO, objeto_tipo=ResultadoVersao._meta.label
    ).values_list("objeto_id", flat=True)
    versoes = (
        ResultadoVersao.objects.filter(
            tipo=TipoResultado.PRELIMINAR,
            recurso_fim__lt=agora,
            recurso_fim__gte=agora - JANELA_DE_AVISO,
        )
        .exclude(pk__in=[int(v) for v in anunciadas])
        .values_list("pk", "selecao_id")
    )
    for versao_id, selecao_id in list(versoes):
        with transaction.atomic():
            selecao = _travar_selecao(selecao_id)
            if _ja_anunciado(ACAO_RECURSO_ENCERRADO, ResultadoVersao._meta.label, versao_id):
                continue
            versao = ResultadoVersao.objects.get(pk=versao_id)
            pendentes = Recurso.objects.filter(
                selecao=selecao, situacao=SituacaoRecurso.PENDENTE
            ).count()
            fim = timezone.localtime(versao.recurso_fim)
            auditoria.registrar(
                acao=ACAO_RECURSO_ENCERRADO,
                objeto=versao,
                descricao=(
                    f"Prazo de recurso do resultado preliminar v{versao.numero} encerrado em "
                    f"{fim:%d/%m/%Y %H:%M}: {pendentes} recurso(s) a decidir"
                ),
                selecao=selecao,
                depois={"recursos_pendentes": pendentes},
            )
            aviso_rh_enfileirar(
                selecao=selecao,
                titulo="Prazo de recurso encerrado",
                linhas=[
                    f"O prazo de recurso do resultado preliminar (versão {versao.numero}) "
                    f"terminou em {fim:%d/%m/%Y %H:%M}.",
                    f"Recursos aguardando decisão: {pendentes}.",
                ],
                link=reverse("selecoes:detalhe", args=[selecao.pk]),
            )
            resumo.recursos_encerrados.append(versao_id)
    return resumo


# --- aviso ao RH ---------------------------------------------------------------------


def _destinatarios(selecao: Selecao) -> Iterable[str]:
    """Gestores e operadores do órgão, com e-mail (quem pode agir)."""
    return sorted(
        set(
            Lotacao.objects.filter(
                orgao=selecao.orgao,
                papel__in=[p.value for p in acesso.EDITORES],
                usuario__is_active=True,
            )
            .exclude(usuario__email="")
            .values_list("usuario__email", flat=True)
        )
    )


def aviso_rh_enfileirar(*, selecao: Selecao, titulo: str, linhas: list[str], link: str) -> None:
    """Aviso ``aviso_rh`` aos gestores e operadores do órgão da seleção, com e-mail (quem
    pode agir): prazo vencido, período encerrado, convocação sem efeito (regras de
    reserva, § 1). ``link`` é o caminho da tela (sem o endereço do sítio). A mensagem
    fica registrada na mesma transação e sai pela caixa de saída depois do commit."""
    from django.conf import settings

    contexto = {
        "selecao": selecao,
        "titulo": titulo,
        "linhas": linhas,
        "link": settings.SITE_URL + link,
    }
    assunto, corpo = correio.montar("aviso_rh", contexto)
    for para in _destinatarios(selecao):
        correio.mensagem_enfileirar(
            modelo="aviso_rh", para=para, assunto=assunto, corpo=corpo, selecao=selecao
        )
