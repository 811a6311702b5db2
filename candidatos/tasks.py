"""Tarefas Celery da classificação: adaptadores finos que recebem ids e chamam um serviço.

Todas são idempotentes (``acks_late``): rodar duas vezes não publica duas
versões nem envia dois e-mails.
"""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    Convocacao,
    ProcessoEliminacao,
    SituacaoConvocacao,
)
from selecoes import auditoria, correio
from selecoes.models import RegistroAuditoria, SituacaoMensagem


@shared_task(name="candidatos.publicar_resultado", acks_late=True)
def publicar_resultado(
    selecao_id: int,
    tipo: str,
    usuario_id: int | None,
    motivo: str,
    recurso_inicio: str | None,
    recurso_fim: str | None,
    chave: str,
    agora: str,
    sem_avaliacao: dict[str, str] | None = None,
) -> int | None:
    """Publica a versão pedida (``candidatos.services.publicacao``)."""
    from candidatos.services import publicacao

    return publicacao.publicacao_executar(
        selecao_id=selecao_id,
        tipo=tipo,
        usuario_id=usuario_id,
        motivo=motivo,
        recurso_inicio=datetime.fromisoformat(recurso_inicio) if recurso_inicio else None,
        recurso_fim=datetime.fromisoformat(recurso_fim) if recurso_fim else None,
        chave=chave,
        agora=datetime.fromisoformat(agora),
        sem_avaliacao=sem_avaliacao,
    )


@shared_task(name="candidatos.analisar_importacao", acks_late=True)
def analisar_importacao(selecao_id: int, token: str, nome_arquivo: str, agora: str) -> None:
    """Prévia de um arquivo de importação grande; o progresso fica no cache."""
    from candidatos.services import importacao_previa

    importacao_previa.analise_executar(
        selecao_id=selecao_id,
        token=token,
        nome_arquivo=nome_arquivo,
        agora=datetime.fromisoformat(agora),
    )


@shared_task(name="candidatos.confirmar_importacao", acks_late=True)
def confirmar_importacao(
    selecao_id: int,
    token: str,
    nome_arquivo: str,
    sha256: str,
    somente_validas: bool,
    usuario_id: int | None,
    agora: str,
) -> None:
    """Gravação de uma importação grande confirmada na tela."""
    from candidatos.services import importacao_previa

    importacao_previa.confirmacao_executar(
        selecao_id=selecao_id,
        token=token,
        nome_arquivo=nome_arquivo,
        sha256=sha256,
        somente_validas=somente_validas,
        usuario_id=usuario_id,
        agora=datetime.fromisoformat(agora),
    )


def _ja_enviado(objeto_tipo: str, objeto_id: int, acao: str) -> bool:
    return RegistroAuditoria.objects.filter(
        objeto_tipo=objeto_tipo, objeto_id=str(objeto_id), acao=acao
    ).exists()


@shared_task(name="candidatos.enviar_email_convocacao", acks_late=True)
def enviar_email_convocacao(convocacao_id: int) -> bool:
    """E-mail com o link da página dedicada da convocação (nunca junto de outro
    resultado). Envia uma vez só: o envio fica na trilha de auditoria."""

    c = Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao").get(pk=convocacao_id)
    if _ja_enviado(c._meta.label, c.pk, "convocacao.email_enviado"):
        return False
    if not _enviar_convocacao(c):
        return False
    auditoria.registrar(
        acao="convocacao.email_enviado",
        objeto=c,
        descricao=f"E-mail de convocação enviado a {c.inscricao.numero}",
        selecao=c.vaga.selecao,
        inscricao_id=c.inscricao_id,
    )
    return True


def _enviar_convocacao(c: Convocacao) -> bool:
    """Envia (e registra na caixa de saída) o aviso da convocação; ``True`` se saiu."""
    from candidatos.selectors.situacao_atual import situacao_de_hoje

    contexto = {
        "convocacao": c,
        "inscricao": c.inscricao,
        "selecao": c.vaga.selecao,
        "link": settings.SITE_URL + reverse("convocacao_publica:detalhe", args=[c.token]),
        "prazo": timezone.localtime(c.prazo_resposta),
        "hoje": situacao_de_hoje(c.inscricao, agora=timezone.now()),
    }
    enviada = correio.mensagem_enviar_agora(
        modelo="convocacao",
        para=c.inscricao.email,
        assunto=render_to_string("emails/convocacao_assunto.txt", contexto).strip(),
        corpo=render_to_string("emails/convocacao_corpo.txt", contexto),
        selecao=c.vaga.selecao,
        inscricao_id=c.inscricao_id,
    )
    return enviada.situacao == SituacaoMensagem.ENVIADA


@shared_task(name="candidatos.reenviar_email_convocacao", acks_late=True)
def reenviar_email_convocacao(convocacao_id: int, pedido_id: int) -> bool:
    """Reenvio pedido pelo RH (``pedido_id``: o registro de auditoria do pedido). Um
    e-mail por pedido, e só enquanto a convocação aguarda resposta."""
    c = Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao").get(pk=convocacao_id)
    if c.situacao != SituacaoConvocacao.AGUARDANDO:
        return False
    if RegistroAuditoria.objects.filter(
        objeto_tipo=c._meta.label,
        objeto_id=str(c.pk),
        acao="convocacao.email_reenviado",
        depois__pedido=pedido_id,
    ).exists():
        return False
    if not _enviar_convocacao(c):
        return False
    auditoria.registrar(
        acao="convocacao.email_reenviado",
        objeto=c,
        descricao=f"E-mail de convocação reenviado a {c.inscricao.numero}",
        selecao=c.vaga.selecao,
        inscricao_id=c.inscricao_id,
        depois={"pedido": pedido_id},
    )
    return True


@shared_task(name="candidatos.enviar_comprovante", acks_late=True)
def enviar_comprovante(inscricao_id: int) -> None:
    """Comprovante da inscrição por e-mail (o servidor SMTP espera até ``EMAIL_TIMEOUT``)."""
    from candidatos.services.inscricoes import comprovante_enviar

    comprovante_enviar(inscricao_id=inscricao_id)


@shared_task(name="candidatos.enviar_email_processo", acks_late=True)
def enviar_email_processo(processo_id: int) -> bool:
    """Notificação do processo de eliminação, com o prazo de defesa."""
    p = ProcessoEliminacao.objects.select_related("inscricao__selecao__orgao").get(pk=processo_id)
    if _ja_enviado(p._meta.label, p.pk, "eliminacao.email_enviado"):
        return False
    contexto = {
        "processo": p,
        "inscricao": p.inscricao,
        "selecao": p.inscricao.selecao,
        "link": settings.SITE_URL + reverse("publico:minha_situacao"),
    }
    enviada = correio.mensagem_enviar_agora(
        modelo="processo_eliminacao",
        para=p.inscricao.email,
        assunto=(
            f"Notificação: apuração de autodeclaração — edital {p.inscricao.selecao.numero_edital}"
        ),
        corpo=render_to_string("candidatos/convocacao/email_processo.txt", contexto),
        selecao=p.inscricao.selecao,
        inscricao_id=p.inscricao_id,
    )
    if enviada.situacao != SituacaoMensagem.ENVIADA:
        return False
    auditoria.registrar(
        acao="eliminacao.email_enviado",
        objeto=p,
        descricao=f"Notificação enviada a {p.inscricao.numero}",
        selecao=p.inscricao.selecao,
        inscricao_id=p.inscricao_id,
    )
    return True


@shared_task(name="candidatos.vencer_prazos", acks_late=True)
def vencer_prazos() -> dict[str, list[int]]:
    """Beat: convocações sem resposta, fim das inscrições e do prazo de recurso."""
    from dataclasses import asdict

    from candidatos.services import prazos

    return asdict(prazos.vencer_prazos(agora=timezone.now()))


@shared_task(name="candidatos.anonimizar_inscricoes", acks_late=True)
def anonimizar_inscricoes() -> None:
    """Beat (mensal): o comando de retenção (LGPD), idempotente por seleção."""
    from django.core.management import call_command

    call_command("anonimizar_inscricoes")
