"""Toda mensagem que o sistema manda fica registrada (``Mensagem``) e pode ser reenviada.

O registro guarda destinatário, assunto, modelo, texto, situação e erro. O envio é
sempre do worker (``selecoes.enviar_mensagem``), nunca do processo web; o RH do órgão
vê a lista e reenvia (auditado). O texto só aparece na tela na caixa de saída local
(``CAIXA_SAIDA_LOCAL``, ligada por padrão só com ``DEBUG``): em produção as mensagens
levam links pessoais do candidato (convocação, confirmação de recusa, redefinição de
senha), que são o segredo de quem as recebe, e o RH não os lê.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from selecoes import auditoria
from selecoes.filas import enfileirar_apos_commit
from selecoes.models import Mensagem, Orgao, Selecao, SituacaoMensagem

logger = logging.getLogger(__name__)


def montar(modelo: str, contexto: dict[str, Any]) -> tuple[str, str]:
    """Assunto e texto de ``emails/<modelo>_assunto.txt`` e ``emails/<modelo>.txt``."""
    assunto = " ".join(render_to_string(f"emails/{modelo}_assunto.txt", contexto).split())
    return assunto, render_to_string(f"emails/{modelo}.txt", contexto)


def _criar(
    *,
    modelo: str,
    para: str,
    assunto: str,
    corpo: str,
    html: str,
    selecao: Selecao | None,
    orgao: Orgao | None,
    inscricao_id: int | None,
) -> Mensagem:
    if orgao is None and selecao is not None:
        orgao = selecao.orgao
    return Mensagem.objects.create(
        modelo=modelo,
        destinatario=para,
        assunto=assunto[:300],
        corpo=corpo,
        html=html or "",
        selecao=selecao,
        orgao=orgao,
        inscricao_id=inscricao_id,
    )


def mensagem_enfileirar(
    *,
    modelo: str,
    para: str,
    assunto: str,
    corpo: str,
    html: str = "",
    selecao: Selecao | None = None,
    orgao: Orgao | None = None,
    inscricao_id: int | None = None,
) -> Mensagem:
    """Registra a mensagem na transação atual; o worker a envia depois do commit."""
    from selecoes import tasks

    mensagem = _criar(
        modelo=modelo,
        para=para,
        assunto=assunto,
        corpo=corpo,
        html=html,
        selecao=selecao,
        orgao=orgao,
        inscricao_id=inscricao_id,
    )
    enfileirar_apos_commit(tasks.enviar_mensagem, mensagem.pk)
    return mensagem


def mensagem_enviar_agora(**dados: Any) -> Mensagem:
    """Para tarefas que já estão no worker: registra (os mesmos campos de
    ``mensagem_enfileirar``) e envia na hora."""
    mensagem = _criar(**{"html": "", "selecao": None, "orgao": None, "inscricao_id": None} | dados)
    mensagem_enviar(mensagem_id=mensagem.pk)
    mensagem.refresh_from_db()
    return mensagem


def mensagem_enviar(*, mensagem_id: int) -> bool:
    """Envia a mensagem registrada (no worker); idempotente: a já enviada não sai de novo.

    A linha fica travada durante o envio: duas entregas da mesma tarefa, em workers
    diferentes, mandam um e-mail só. O SMTP espera até ``EMAIL_TIMEOUT``; a falha vira
    situação ``erro`` com o motivo, para o RH ver e reenviar.
    """
    with transaction.atomic():
        mensagem = Mensagem.objects.select_for_update(of=("self",)).filter(pk=mensagem_id).first()
        if mensagem is None or mensagem.situacao == SituacaoMensagem.ENVIADA:
            return False
        email = EmailMultiAlternatives(
            subject=mensagem.assunto, body=mensagem.corpo, to=[mensagem.destinatario]
        )
        if mensagem.html:
            email.attach_alternative(mensagem.html, "text/html")
        mensagem.tentativas += 1
        try:
            email.send()
        except Exception as erro:  # SMTP, rede, endereço recusado: tudo vira "erro" visível
            mensagem.situacao = SituacaoMensagem.ERRO
            mensagem.erro = f"{type(erro).__name__}: {erro}"[:2000] or type(erro).__name__
            mensagem.save(update_fields=["situacao", "erro", "tentativas"])
            logger.warning("Falha ao enviar a mensagem %s (%s).", mensagem.pk, mensagem.modelo)
            return False
        mensagem.situacao = SituacaoMensagem.ENVIADA
        mensagem.erro = ""
        mensagem.enviada_em = timezone.now()
        mensagem.save(update_fields=["situacao", "erro", "tentativas", "enviada_em"])
    return True


def mensagem_reenviar(*, mensagem: Mensagem, usuario: Any) -> Mensagem:
    """O RH manda de novo a mesma mensagem (mesmo texto), pelo worker; fica na auditoria.

    Quem chama já conferiu o papel no órgão da mensagem (``selecoes.acesso``)."""
    from selecoes import tasks

    with transaction.atomic():
        mensagem = Mensagem.objects.select_for_update(of=("self",)).get(pk=mensagem.pk)
        antes = {"situacao": mensagem.situacao, "erro": mensagem.erro}
        mensagem.situacao = SituacaoMensagem.PENDENTE
        mensagem.erro = ""
        mensagem.save(update_fields=["situacao", "erro"])
        auditoria.registrar(
            acao="mensagem.reenviada",
            objeto=mensagem,
            descricao=f"Reenvio de “{mensagem.assunto}” ({mensagem.modelo})",
            usuario=usuario,
            orgao=mensagem.orgao,
            selecao=mensagem.selecao,
            inscricao_id=mensagem.inscricao_id,
            antes=antes,
            depois={"situacao": mensagem.situacao},
        )
        enfileirar_apos_commit(tasks.enviar_mensagem, mensagem.pk)
    return mensagem


def caixa_local() -> bool:
    """O texto das mensagens aparece no navegador (desenvolvimento e ``make run``)."""
    return bool(getattr(settings, "CAIXA_SAIDA_LOCAL", False))
