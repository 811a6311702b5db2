"""E-mails aos candidatos: sempre pelo worker Celery, depois do commit.

Um servidor SMTP lento ou mudo nunca prende o processo web (issue 18, item 6): o
pedido só põe a mensagem na fila; o worker envia com ``EMAIL_TIMEOUT``.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from candidatos import tasks
from selecoes.filas import enfileirar_apos_commit
from selecoes.tasks import enviar_email


def comprovante_enfileirar(*, inscricao_id: int) -> None:
    """Comprovante da inscrição por e-mail, enviado pelo worker após o commit."""
    enfileirar_apos_commit(tasks.enviar_comprovante, inscricao_id)


def convocacao_enfileirar(*, convocacao_id: int) -> None:
    """E-mail da convocação (página dedicada), enviado pelo worker após o commit."""
    enfileirar_apos_commit(tasks.enviar_email_convocacao, convocacao_id)


def processo_eliminacao_enfileirar(*, processo_id: int) -> None:
    """Notificação do processo de eliminação, enviada pelo worker após o commit."""
    enfileirar_apos_commit(tasks.enviar_email_processo, processo_id)


def texto_enfileirar(*, modelo: str, contexto: dict[str, object], para: str) -> None:
    """Mensagem de texto do sistema (``emails/<modelo>.txt`` e ``<modelo>_assunto.txt``),
    montada agora e enviada pelo worker após o commit: nenhum texto de quem a pediu."""
    assunto = " ".join(render_to_string(f"emails/{modelo}_assunto.txt", contexto).split())
    corpo = render_to_string(f"emails/{modelo}.txt", contexto)
    enfileirar_apos_commit(enviar_email, assunto, corpo, [para])


def rh_avisar(*, orgao_id: int, modelo: str, contexto: dict[str, object]) -> int:
    """Aviso de texto aos servidores lotados no órgão (e-mail de cada um), após o commit.

    Devolve quantos endereços receberão o aviso (zero se ninguém tem e-mail)."""
    from selecoes.models import Lotacao

    enderecos = sorted(
        set(
            Lotacao.objects.filter(orgao_id=orgao_id, usuario__is_active=True)
            .exclude(usuario__email="")
            .values_list("usuario__email", flat=True)
        )
    )
    if not enderecos:
        return 0
    assunto = " ".join(render_to_string(f"emails/{modelo}_assunto.txt", contexto).split())
    corpo = render_to_string(f"emails/{modelo}.txt", contexto)
    enfileirar_apos_commit(enviar_email, assunto, corpo, enderecos)
    return len(enderecos)
