"""Tarefas Celery da classificação: adaptadores finos que recebem ids e chamam um serviço.

Todas são idempotentes (``acks_late``): rodar duas vezes não publica duas
versões nem envia dois e-mails.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Convocacao, ProcessoEliminacao, ResultadoVersao
from selecoes import auditoria
from selecoes.models import RegistroAuditoria, Selecao

PROGRESSO_TTL = 6 * 3600


def chave_progresso(chave: str | UUID) -> str:
    return f"publicacao:{chave}"


def progresso_publicacao(chave: str | UUID) -> dict[str, Any] | None:
    """Estado do pedido de publicação (fila, processando, concluida, erro)."""
    return cache.get(chave_progresso(chave))


def marcar_progresso(chave: str | UUID, **dados: Any) -> None:
    atual = cache.get(chave_progresso(chave)) or {}
    cache.set(chave_progresso(chave), atual | dados, PROGRESSO_TTL)


def reservar_pedido(chave: str | UUID, **dados: Any) -> bool:
    """Registra o pedido de publicação ``chave`` só se ainda não existe (atômico
    no cache): ``False`` quando é um clique repetido do mesmo formulário."""
    return bool(
        cache.add(chave_progresso(chave), {"estado": "fila", "feitos": 0} | dados, PROGRESSO_TTL)
    )


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
    """Publica a versão pedida; o progresso fica no cache para a barra do RH.
    As regras já foram conferidas no formulário; o serviço as confere de novo
    sob a trava (o estado pode ter mudado enquanto o pedido esperava na fila)."""
    from candidatos.services import resultado

    feita = ResultadoVersao.objects.filter(chave=chave).values_list("pk", flat=True).first()
    if feita is not None:
        marcar_progresso(chave, estado="concluida", versao_id=feita)
        return feita
    usuario = get_user_model().objects.filter(pk=usuario_id).first() if usuario_id else None
    marcar_progresso(chave, estado="processando", feitos=0)

    def progresso(feitos: int, total: int) -> None:
        marcar_progresso(chave, estado="processando", feitos=feitos, total=total)

    try:
        versao = resultado.publicar_resultado(
            selecao=Selecao.objects.get(pk=selecao_id),
            tipo=tipo,
            usuario=usuario,
            motivo=motivo,
            recurso_inicio=datetime.fromisoformat(recurso_inicio) if recurso_inicio else None,
            recurso_fim=datetime.fromisoformat(recurso_fim) if recurso_fim else None,
            agora=datetime.fromisoformat(agora),
            chave=UUID(chave),
            progresso=progresso,
            sem_avaliacao=sem_avaliacao,
        )
    except ValidationError as erro:
        marcar_progresso(chave, estado="erro", mensagens=list(erro.messages))
        return None
    marcar_progresso(chave, estado="concluida", versao_id=versao.pk)
    return versao.pk


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
    from candidatos.selectors.situacao_atual import situacao_de_hoje

    c = Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao").get(pk=convocacao_id)
    if _ja_enviado(c._meta.label, c.pk, "convocacao.email_enviado"):
        return False
    contexto = {
        "convocacao": c,
        "inscricao": c.inscricao,
        "selecao": c.vaga.selecao,
        "link": settings.SITE_URL + reverse("convocacao_publica:detalhe", args=[c.token]),
        "prazo": timezone.localtime(c.prazo_resposta),
        "hoje": situacao_de_hoje(c.inscricao, agora=timezone.now()),
    }
    send_mail(
        render_to_string("emails/convocacao_assunto.txt", contexto).strip(),
        render_to_string("emails/convocacao_corpo.txt", contexto),
        None,
        [c.inscricao.email],
    )
    auditoria.registrar(
        acao="convocacao.email_enviado",
        objeto=c,
        descricao=f"E-mail de convocação enviado a {c.inscricao.numero}",
        selecao=c.vaga.selecao,
        inscricao_id=c.inscricao_id,
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
    contexto = {"processo": p, "inscricao": p.inscricao, "selecao": p.inscricao.selecao}
    send_mail(
        f"Notificação: apuração de autodeclaração — edital {p.inscricao.selecao.numero_edital}",
        render_to_string("candidatos/convocacao/email_processo.txt", contexto),
        None,
        [p.inscricao.email],
    )
    auditoria.registrar(
        acao="eliminacao.email_enviado",
        objeto=p,
        descricao=f"Notificação enviada a {p.inscricao.numero}",
        selecao=p.inscricao.selecao,
        inscricao_id=p.inscricao_id,
    )
    return True
