"""E-mails aos candidatos: sempre pelo worker Celery, depois do commit.

Um servidor SMTP lento ou mudo nunca prende o processo web (issue 18, item 6): o
pedido só põe a mensagem na fila; o worker envia com ``EMAIL_TIMEOUT``.
"""

from __future__ import annotations

from typing import Any

from candidatos import tasks
from selecoes import correio
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


def texto_enfileirar(*, modelo: str, contexto: dict[str, Any], para: str) -> None:
    """Mensagem de texto do sistema (``emails/<modelo>.txt`` e ``<modelo>_assunto.txt``),
    montada agora, registrada na transação e enviada pelo worker após o commit: nenhum
    texto de quem a pediu. A seleção e a inscrição do contexto, se houver, dizem de que
    órgão é a mensagem (a lista do RH)."""
    assunto, corpo = correio.montar(modelo, contexto)
    inscricao = contexto.get("inscricao") or contexto.get("anterior")
    correio.mensagem_enfileirar(
        modelo=modelo,
        para=para,
        assunto=assunto,
        corpo=corpo,
        selecao=contexto.get("selecao") or getattr(inscricao, "selecao", None),
        inscricao_id=getattr(inscricao, "pk", None),
    )


def rh_avisar(*, orgao_id: int, modelo: str, contexto: dict[str, object]) -> int:
    """Aviso de texto aos servidores lotados no órgão (e-mail de cada um), registrado na
    caixa de saída dentro da transação e enviado após o commit.

    Devolve quantos endereços receberão o aviso (zero se ninguém tem e-mail)."""
    from selecoes.models import Lotacao, Orgao

    enderecos = sorted(
        set(
            Lotacao.objects.filter(orgao_id=orgao_id, usuario__is_active=True)
            .exclude(usuario__email="")
            .values_list("usuario__email", flat=True)
        )
    )
    if not enderecos:
        return 0
    orgao = Orgao.objects.get(pk=orgao_id)
    assunto, corpo = correio.montar(modelo, contexto)
    for endereco in enderecos:
        correio.mensagem_enfileirar(
            modelo=modelo, para=endereco, assunto=assunto, corpo=corpo, orgao=orgao
        )
    return len(enderecos)
