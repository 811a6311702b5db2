"""E-mails aos candidatos: sempre pelo worker Celery, depois do commit.

Um servidor SMTP lento ou mudo nunca prende o processo web (issue 18, item 6): o
pedido só põe a mensagem na fila; o worker envia com ``EMAIL_TIMEOUT``.
"""

from __future__ import annotations

from candidatos import tasks
from selecoes.filas import enfileirar_apos_commit


def comprovante_enfileirar(*, inscricao_id: int) -> None:
    """Comprovante da inscrição por e-mail, enviado pelo worker após o commit."""
    enfileirar_apos_commit(tasks.enviar_comprovante, inscricao_id)


def convocacao_enfileirar(*, convocacao_id: int) -> None:
    """E-mail da convocação (página dedicada), enviado pelo worker após o commit."""
    enfileirar_apos_commit(tasks.enviar_email_convocacao, convocacao_id)


def processo_eliminacao_enfileirar(*, processo_id: int) -> None:
    """Notificação do processo de eliminação, enviada pelo worker após o commit."""
    enfileirar_apos_commit(tasks.enviar_email_processo, processo_id)
